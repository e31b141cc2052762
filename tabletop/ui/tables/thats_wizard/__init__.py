"""The That's Wizard! table (trackers, dials, hands, lasting spells, dice), its setup and the spellbook editor."""

import pygame

from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.play.session import GameSession
from tabletop.ui.tables.thats_wizard.cards import card_back
from tabletop.ui.tables.thats_wizard.setup import ThatsWizardSetup as setup_scene
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable as table_scene
from tabletop.ui.theme import px


def privacy_picture(session: GameSession, seat: int) -> pygame.Surface:
    """The privacy screen's picture: a card back of the seat's side, blue or yellow with its mark (the screen was
    bare above "Pass to Morgana", where the other games show the house's crest: a pass-and-play review)."""
    return card_back(session.match.state.team(seat), px(110))


def rematch_question(session: GameSession) -> str | None:
    """Play again with people on both sides: the results listed every spellbook, and the rulebook keeps a book
    secret from the opponent, so the people may choose theirs again in private (the setup) or keep them."""
    if sum(1 for info in session.match.seats if info.is_human) < 2:
        return None  # (a bot remembers nothing of the last match; its drawn book is drawn again)
    return _(
        "Everyone has seen the spellbooks at the end of this match. Play again with the same ones, or choose"
        " again in private at the setup?"
    )


__all__ = ["privacy_picture", "rematch_question", "setup_scene", "table_scene"]
