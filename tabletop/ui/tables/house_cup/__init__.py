"""The House Cup table: timetable, seats, piles, drag-and-drop and the IMMEDIATELY panels; and its setup."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.core.protocol import Game
    from tabletop.play.session import GameSession
    from tabletop.ui.scene import AppLike, Scene


def table_scene(app: AppLike, session: GameSession) -> Scene:
    from tabletop.ui.tables.house_cup.table import HouseCupTable

    return HouseCupTable(app, session)


def setup_scene(app: AppLike, game: Game) -> Scene:
    from tabletop.ui.tables.house_cup.setup import SetupScene

    return SetupScene(app, game)
