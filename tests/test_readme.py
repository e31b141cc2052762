"""The README tells the truth about the tree and the app: what it cites exists, and what the app offers is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import cli
from tabletop.ui.app import App
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
FOLDERS = ("tabletop/", "tests/", "scripts/", "benchmarks/", "art/", "sounds/", ".ci/")


def cited_paths() -> list[str]:
    """The paths of the tree the README names in `code` (a command's first word; a pattern like <game> left out)."""
    words = [span.split()[0] for span in re.findall(r"`([^`\n]+)`", README) if span.strip()]
    return sorted({word for word in words if word.startswith(FOLDERS) and "<" not in word})


@pytest.mark.parametrize("path", cited_paths())
def test_every_path_the_readme_cites_is_in_the_tree(path):
    assert (ROOT / path).exists(), f"README.md cites {path}, which is not in the tree"


def test_every_benchmark_is_listed_with_what_it_measures():
    """Three of them (hitches, house_cup_challenge_hard, rules_instructions) were not."""
    missing = [p.name for p in sorted((ROOT / "benchmarks").glob("*.py")) if f"benchmarks/{p.name}" not in README]
    assert not missing, f"README.md's Benchmarks do not list {missing}"


def test_every_command_of_the_command_line_is_shown():
    """history and stats were not."""
    missing = [command for command in cli.SUBCOMMANDS if f"tabletop {command}" not in README]
    assert not missing, f"README.md does not show {missing}"


def test_every_line_of_the_settings_screen_is_named():
    """Forced moves, the Stupéfix countdown, the bot and animation speeds and the display were not."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en"))
    scene = SettingsScene(app)
    scene.enter()
    missing = [label for label, _widget in scene.rows() if f"**{label}**" not in README.replace("\n", " ")]
    assert not missing, f"README.md does not name these Settings: {missing}"
