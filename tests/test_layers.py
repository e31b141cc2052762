"""The rules core and the games import no pygame (DESIGN.md: the core is UI-free)."""

import subprocess
import sys

CHECK = """
import sys
import tabletop.core, tabletop.games, tabletop.games.house_cup, tabletop.bots, tabletop.simulate
bad = sorted(name for name in sys.modules if name.split('.')[0] in ('pygame', 'pymunk'))
print(','.join(bad))
"""


def test_rules_import_no_pygame():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_core_imports_no_game():
    out = subprocess.run(
        [sys.executable, "-c", "import sys, tabletop.core; print([m for m in sys.modules if 'tabletop.games' in m])"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[]"
