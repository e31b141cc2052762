"""Where the app finds its bundled assets and keeps the user's files."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "tabletop"
_PACKAGE = Path(__file__).resolve().parent


def asset_dir(folder: str) -> Path:
    """The bundled folder ``art``, ``sounds`` or ``saves``, installed or in a source checkout."""
    installed = _PACKAGE / "assets" / folder
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / folder


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


def user_saves_dir() -> Path:
    return user_data_dir() / "saves"


def is_example(path: Path) -> bool:
    """Whether the save ``path`` is one of the examples that come with the app (in ``saves/``)."""
    return path.resolve().parent == asset_dir("saves").resolve()
