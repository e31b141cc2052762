"""One table per game: it lays out the game's sprites and turns drops and taps into that game's commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.ui.app import App
    from tabletop.ui.scene import Scene
    from tabletop.ui.session import GameSession


def table_scene_for(app: App, session: GameSession) -> Scene:
    if session.game.id == "house-cup":
        from tabletop.ui.tables.house_cup.table import HouseCupTable

        return HouseCupTable(app, session)
    raise KeyError(f"no table for {session.game.id}")
