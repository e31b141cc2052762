"""One table per game: it lays out the game's sprites and turns drops and taps into that game's commands.

Each game's UI is the package ``tabletop.ui.tables.<package>`` (the game id with ``_`` for ``-``), providing
``table_scene(app, session)`` and, optionally, ``setup_scene(app, game)`` for its own setup screen.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.ui.app import App
    from tabletop.ui.scene import Scene
    from tabletop.ui.session import GameSession


def table_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")


def table_scene_for(app: App, session: GameSession) -> Scene:
    return table_module(session.game.id).table_scene(app, session)


def setup_scene_for(app: App, game) -> Scene:
    module = table_module(game.id)
    if hasattr(module, "setup_scene"):
        return module.setup_scene(app, game)
    from tabletop.ui.scenes.setup import SetupScene

    return SetupScene(app, game)
