"""The That's Wizard! table (trackers, dials, hands, lasting spells, dice), its setup and the spellbook editor."""

import pygame

from tabletop.play.session import GameSession
from tabletop.ui.tables.thats_wizard.cards import card_back
from tabletop.ui.tables.thats_wizard.setup import ThatsWizardSetup as setup_scene
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable as table_scene
from tabletop.ui.theme import px


def privacy_picture(session: GameSession, seat: int) -> pygame.Surface:
    """The privacy screen's picture: a card back of the seat's side, blue or yellow with its mark (the screen was
    bare above "Pass to Morgana", where the other games show the house's crest: a pass-and-play review)."""
    return card_back(session.match.state.team(seat), px(110))


__all__ = ["privacy_picture", "setup_scene", "table_scene"]
