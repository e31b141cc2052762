"""The message catalogues, with Babel (a test/dev dependency, not needed to run the app):

    python scripts/catalogues.py extract   # the marked messages -> tabletop/locale/<domain>.pot
    python scripts/catalogues.py update    # merge each .pot into its French and Russian .po files
    python scripts/catalogues.py compile   # .po -> .mo (committed, so a checkout or a wheel runs without Babel)
    python scripts/catalogues.py all       # the three in that order
    python scripts/catalogues.py all house_cup   # the same for one domain only

The domains: "tabletop", the app's shell (every module but the games' own), and one per game package, named
after it, holding ``tabletop/games/<game>/`` and ``tabletop/ui/tables/<game>/`` (tabletop/i18n.py). Messages are
marked with ``_``, ``ngettext``, ``N_`` and ``NC_`` (with a context). A new message needs its translations written
in both .po files before ``compile``: tests/test_i18n.py fails on any message missing one.
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
DOMAIN = "tabletop"  # the shell's
GAME_DOMAINS = tuple(
    sorted(path.name for path in (ROOT / "tabletop" / "games").iterdir() if (path / "__init__.py").exists())
)
DOMAINS = (DOMAIN, *GAME_DOMAINS)
TRANSLATED = ("fr", "ru")
# The plural rules of gettext's own documentation (Babel's CLDR data would give French a third, "many", form).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
KEYWORDS = ("_", "ngettext:1,2", "N_", "NC_:1c,2")
WIDTH = 120  # of the catalogues' lines, as the code's


def pybabel(*args: str) -> None:
    """Run a pybabel command from the project's folder (the catalogues name files relative to it)."""
    with contextlib.chdir(ROOT):
        CommandLineInterface().run(["pybabel", "--quiet", *args])


def template(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


def sources(domain: str) -> list[str]:
    """The folders (and the folders left out) whose messages make up ``domain``'s catalogue."""
    if domain == DOMAIN:
        return ["--ignore-dirs", " ".join([".*", "._", *GAME_DOMAINS]), "tabletop"]
    return [f"tabletop/games/{domain}", f"tabletop/ui/tables/{domain}"]


def extract_arguments(output: Path, domain: str = DOMAIN) -> list[str]:
    """pybabel extract's arguments for ``domain``'s messages written to ``output`` (the test extracts with them)."""
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
        *sources(domain),
    ]


def extract(domains: tuple[str, ...] = DOMAINS) -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    for domain in domains:
        pybabel(*extract_arguments(template(domain), domain))


def po_path(code: str, domain: str = DOMAIN) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{domain}.po"


def update(domains: tuple[str, ...] = DOMAINS) -> None:
    for domain in domains:
        for code in TRANSLATED:
            path = po_path(code, domain)
            command = "update" if path.exists() else "init"
            extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
            pybabel(
                command, "-i", str(template(domain)), "-d", str(LOCALE), "-D", domain, "-l", code, f"--width={WIDTH}",
                *extra,
            )  # fmt: skip
            fix_plural_forms(path, PLURAL_FORMS[code])


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


def compile_catalogues(domains: tuple[str, ...] = DOMAINS, directory: Path = LOCALE) -> None:
    """Every domain's .po under ``directory`` to its .mo beside it (entries still fuzzy are left out, as gettext
    does)."""
    for domain in domains:
        pybabel("compile", "-d", str(directory), "-D", domain)


COMMANDS: dict[str, list[Callable[[tuple[str, ...]], None]]] = {
    "extract": [extract],
    "update": [update],
    "compile": [compile_catalogues],
    "all": [extract, update, compile_catalogues],
}


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2 or argv[0] not in COMMANDS or (len(argv) == 2 and argv[1] not in DOMAINS):
        print(__doc__, file=sys.stderr)
        return 2
    domains = (argv[1],) if len(argv) == 2 else DOMAINS
    for step in COMMANDS[argv[0]]:
        step(domains)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
