"""People's spellbooks, kept as small JSON files in the user data directory (``spellbooks/``).

A file holds one book: ``{"format": "thats-wizard-spellbook", "version": 1, "name": ..., "duos": ..., "spells":
[...]}``. Files are written atomically. A file that cannot be read is listed with its error, never fatal.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.core.saves import write_json_atomic
from tabletop.games.thats_wizard.spellbooks import check_spellbook
from tabletop.i18n import N_
from tabletop.paths import user_data_dir

FORMAT = "thats-wizard-spellbook"
# Why a file is not a book one can play, as "this file ..." (English keys, shown with ``_()``).
CANNOT_BE_READ = N_("cannot be read")
NOT_JSON = N_("is not a readable spellbook file")
NOT_A_BOOK = N_("is not a That's Wizard! spellbook")
BROKEN = N_("has a broken name or spell list")
VERSION = 1


@dataclass
class SavedBook:
    name: str
    spells: list[str]
    duos: bool
    path: Path | None = None
    error: str | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return self.error is None and not self.problems


def folder() -> Path:
    return user_data_dir() / "spellbooks"


def slug(name: str) -> str:
    """The file name a book is kept under: its letters and digits in any script, lower case, the rest as dashes
    (kept to a-z and 0-9, every Russian name came to "spellbook", and "Éclair" to the file of "Clair")."""
    text = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFC", name).casefold()).strip("-")
    return text or "spellbook"


def read_book(path: Path) -> SavedBook:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return SavedBook(path.stem, [], False, path, CANNOT_BE_READ if isinstance(exc, OSError) else NOT_JSON)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return SavedBook(path.stem, [], False, path, NOT_A_BOOK)
    name, spells, duos = data.get("name"), data.get("spells"), data.get("duos", False)
    if not isinstance(name, str) or not isinstance(spells, list) or not all(isinstance(s, str) for s in spells):
        return SavedBook(path.stem, [], False, path, BROKEN)
    return SavedBook(name, list(spells), bool(duos), path, None, check_spellbook(spells, bool(duos)))


def list_books() -> list[SavedBook]:
    """Every saved spellbook, by name."""
    paths = folder().glob("*.json") if folder().is_dir() else []
    return sorted((read_book(path) for path in paths), key=lambda b: b.name.lower())


def save_book(name: str, spells: list[str], duos: bool, replacing: Path | None = None) -> Path:
    """Write a book under a file named after it; a renamed book's old file is removed."""
    path = folder() / f"{slug(name)}.json"
    write_json_atomic(path, {"format": FORMAT, "version": VERSION, "name": name, "duos": duos, "spells": spells})
    if replacing is not None and replacing != path and replacing.exists():
        replacing.unlink()
    return path


def unique_name(wanted: str, taken: list[str]) -> str:
    if wanted not in taken:
        return wanted
    number = 2
    while f"{wanted} {number}" in taken:
        number += 1
    return f"{wanted} {number}"
