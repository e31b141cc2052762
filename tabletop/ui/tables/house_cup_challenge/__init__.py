"""The House Cup Challenge table: the castle grid, characters, adventure cards, the track and the panels."""

from __future__ import annotations

import pygame

from tabletop.play.session import GameSession
from tabletop.ui.tables.house_cup_challenge.faces import privacy_badge
from tabletop.ui.tables.house_cup_challenge.setup import ChallengeSetup as setup_scene
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable as table_scene
from tabletop.ui.theme import px


def privacy_picture(session: GameSession, seat: int) -> pygame.Surface:
    """The privacy screen's picture: everyone plays for Gryffindor, so its crest, with the character's token
    (characters are dealt face up)."""
    return privacy_badge(session.match.state.players[seat].character, px(160))


__all__ = ["privacy_picture", "setup_scene", "table_scene"]
