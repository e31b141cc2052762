"""The message catalogues, with Babel (a test/dev dependency, not needed to run the app):

    python scripts/catalogues.py extract   # the marked messages of tabletop/ -> tabletop/locale/tabletop.pot
    python scripts/catalogues.py update    # merge the .pot into the French and Russian .po files
    python scripts/catalogues.py compile   # .po -> .mo (committed, so a checkout or a wheel runs without Babel)
    python scripts/catalogues.py all       # the three in that order

Messages are marked with ``_``, ``ngettext`` and ``N_`` (tabletop/i18n.py). A new message needs its translations
written in both .po files before ``compile``: tests/test_i18n.py fails on any message missing one.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tabletop" / "locale"
TEMPLATE = LOCALE / "tabletop.pot"
DOMAIN = "tabletop"
TRANSLATED = ("fr", "ru")
# The plural rules of gettext's own documentation (Babel's CLDR data would give French a third, "many", form).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
KEYWORDS = ("_", "ngettext:1,2", "N_")
WIDTH = 120  # of the catalogues' lines, as the code's


def pybabel(*args: str) -> None:
    """Run a pybabel command from the project's folder (the catalogues name files relative to it)."""
    with contextlib.chdir(ROOT):
        CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract_arguments(output: Path) -> list[str]:
    """pybabel extract's arguments for the app's messages written to ``output`` (the test extracts with them)."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    return [
        "extract",
        "--no-default-keywords",
        *keywords,
        "-F",
        "babel.cfg",
        "--add-location=file",
        "--sort-output",
        f"--width={WIDTH}",
        "--project=Tabletop",
        "-o",
        str(output),
        "tabletop",
    ]


def extract() -> None:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    pybabel(*extract_arguments(TEMPLATE))


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    for code in TRANSLATED:
        command = "update" if po_path(code).exists() else "init"
        extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
        pybabel(command, "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, f"--width={WIDTH}", *extra)
        fix_plural_forms(po_path(code), PLURAL_FORMS[code])


def fix_plural_forms(path: Path, rule: str) -> None:
    """Give the .po at ``path`` the plural ``rule`` and each plural message as many forms as the rule has."""
    with path.open("rb") as source:
        catalog = read_po(source)
    catalog.mime_headers = [("Plural-Forms", rule)]
    forms = catalog.num_plurals
    for message in catalog:
        if message.id and message.pluralizable:
            given = message.string if isinstance(message.string, (tuple, list)) else (message.string or "",)
            strings = tuple(form or "" for form in given)
            message.string = (strings + ("",) * forms)[:forms]

    with path.open("wb") as target:
        write_po(target, catalog, width=WIDTH)


def compile_catalogues(directory: Path = LOCALE) -> None:
    """Every .po under ``directory`` to its .mo beside it (entries still fuzzy are left out, as gettext does)."""
    pybabel("compile", "-d", str(directory), "-D", DOMAIN)


COMMANDS: dict[str, list[Callable[[], None]]] = {
    "extract": [extract],
    "update": [update],
    "compile": [compile_catalogues],
    "all": [extract, update, compile_catalogues],
}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(__doc__, file=sys.stderr)
        return 2
    for step in COMMANDS[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
