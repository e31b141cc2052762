"""The names people give their saves on the Load screen, kept beside the saves folder.

A save's file is never renamed: the autosave writer, Continue and the history keep finding it by its path, and
nothing can be lost halfway through a rename. The name is one entry in ``save-names.json`` (file name -> name),
written atomically; a damaged or foreign file is read as no names at all.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from tabletop.core.saves import write_json_atomic
from tabletop.i18n import gettext as _
from tabletop.i18n import os_reason
from tabletop.paths import user_data_dir

MAX_NAME = 40  # characters of a save's name (a seat's name may be as long)


def names_path() -> Path:
    return user_data_dir() / "save-names.json"


def save_names() -> dict[str, str]:
    """Every save's name, by file name; whatever in the file is not a name is left out."""
    try:
        data = json.loads(names_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {file: name for file, name in data.items() if isinstance(name, str) and name_problem(name) is None}


def save_name(path: Path) -> str:
    """The name given to the save at ``path`` ("" if none)."""
    return save_names().get(path.name, "")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a save (None when it can), as a line for the screen (in the language shown)."""
    if not name.strip():
        return _("Give the save a name.")
    if len(name) > MAX_NAME:
        return _("A save's name is at most {limit} characters ({count} now).").format(limit=MAX_NAME, count=len(name))
    if not name.isprintable():
        return _("A save's name can only hold letters, digits, spaces and punctuation.")
    if any(mark in name for mark in "/\\") or name.strip().startswith(".") or name.strip() in ("~",):
        return _("A save's name cannot hold / or \\ or start with a dot: it is a name, not a place.")
    return None


def rename(path: Path, name: str) -> str | None:
    """Give the save at ``path`` the name ``name``; returns the line that says why not, or None once it is kept."""
    name = name.strip()
    problem = name_problem(name)
    if problem:
        return problem
    if not path.is_file():
        return _("That save is gone (deleted or moved meanwhile).")
    names = save_names()
    names[path.name] = name
    try:
        write_json_atomic(names_path(), names)
    except OSError as exc:
        return _("The name could not be kept ({reason}).").format(reason=os_reason(exc))
    return None


def forget(path: Path) -> None:
    """The save at ``path`` was deleted: its name goes too (a failure to write leaves a harmless stale entry)."""
    names = save_names()
    if names.pop(path.name, None) is not None:
        with contextlib.suppress(OSError):
            write_json_atomic(names_path(), names)
