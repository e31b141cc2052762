"""One table per game: it lays out the game's sprites and turns drops and taps into that game's commands.

Each game's UI is the package ``tabletop.ui.tables.<package>`` (the game id with ``_`` for ``-``), providing
``table_scene(app, session)`` and ``setup_scene(app, game)``, and ``session_type`` when its table needs more of
a session than the generic one (Stupéfix's live wand pointing), ``privacy_picture(session, seat)`` when its
privacy screen shows a picture of its own instead of the seat's house crest, and ``rematch_question(session)``
when Play again must ask before it deals. The packages are imported when
first needed, so the app starts without loading four tables.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from tabletop.play.session import GameSession

if TYPE_CHECKING:
    import pygame

    from tabletop.core.protocol import Game
    from tabletop.ui.scene import AppLike, Scene


def table_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{game_id.replace('-', '_')}")


def table_scene_for(app: AppLike, session: GameSession) -> Scene:
    scene: Scene = table_module(session.game.id).table_scene(app, session)
    return scene


def setup_scene_for(app: AppLike, game: Game) -> Scene:
    scene: Scene = table_module(game.id).setup_scene(app, game)
    return scene


def privacy_picture_for(session: GameSession, seat: int) -> pygame.Surface | None:
    """What the privacy screen shows for ``seat`` when its table draws its own (``privacy_picture``); None: the
    seat's house crest, if the game has houses."""
    picture = getattr(table_module(session.game.id), "privacy_picture", None)
    return None if picture is None else picture(session, seat)


def rematch_question_for(session: GameSession) -> str | None:
    """What Play again asks first, when the game has a question (``rematch_question``: That's Wizard!'s people
    have seen each other's spellbooks at the end); None: it deals the next game at once."""
    question = getattr(table_module(session.game.id), "rematch_question", None)
    return None if question is None else question(session)


def session_type_for(game_id: str) -> type[GameSession]:
    session_type: type[GameSession] = getattr(table_module(game_id), "session_type", GameSession)
    return session_type
