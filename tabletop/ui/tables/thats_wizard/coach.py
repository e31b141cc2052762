"""That's Wizard!'s guided first game: 1 vs 1 against a Medium bot, you with The Boy Wizard (a starter
spellbook), the bot with The Dark Lord; the steps of the first duel's first round (the side board, Stamina and
Power, the hand, the Spell Power dial, Reveal, the other wizard, the standing)."""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.events import Pass, Play
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.tables.coach import Guide, Rects, Step, panel_words
from tabletop.ui.tables.thats_wizard.standing import STANDING
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tabletop.ui.theme import px

BOOKS = ("The Boy Wizard", "The Dark Lord")  # keys of PREMADE


def guided_match(seed: int) -> Match:
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "medium")]
    options = {"books": [list(PREMADE[book]) for book in BOOKS], "book_names": list(BOOKS)}
    return Match(GAMES["thats-wizard"], seats, options, seed)


# --- what the steps point at -------------------------------------------------------------------------------
def playing(table: ThatsWizardTable) -> Rects:
    """What a tip told while the person chooses leaves clear: their hand (a bubble over it hides cards and takes
    the tap, or the keyboard's Enter, that would pick one). The dial and the buttons are the table's own to keep
    clear (``keep_clear``)."""
    return [table.layout.hand]


def my_trackers(table: ThatsWizardTable) -> Rects:
    return [table.layout.zones[table.view.seat].tracker, *playing(table)]


def my_hand(table: ThatsWizardTable) -> Rects:
    return [table.layout.hand, table.layout.dial, table.layout.ready]


def dial(table: ThatsWizardTable) -> Rects:
    """The dial with its "Spell Power" label under it (painter._dial): a ring round the dial alone crossed the
    label, 2 design px below it, and hid its upper half."""
    rect = table.layout.dial
    label = theme.text(_("Spell Power"), 15, bold=True).get_height()
    return [
        rect.union(pygame.Rect(rect.left, rect.bottom, rect.width, px(2) + label)),
        table.layout.hand,
        table.layout.ready,
    ]


def reveal(table: ThatsWizardTable) -> Rects:
    return [table.layout.ready, table.layout.dial, table.layout.hand]


def opponent(table: ThatsWizardTable) -> Rects:
    """The other wizard's zone; clear of the person's hand (the tip stays up while they choose), their tracker,
    their last card, the spells they have shown and the lasting spells lying by them, and last (the first to give
    way: most windows, 1024x640 up to 1920x1080, have no other room beside the zone) the room kept for those."""
    other, mine = table.view.opponent(table.view.seat), table.layout.zones[table.view.seat]
    if other is None:
        return []
    lasting = [placed.rect for placed in table.hits.of_kind("card") if placed.rect.colliderect(mine.lasting)]
    shown = [mine.seen] if mine.seen.width else []  # (no room for them in a narrow zone: none shown)
    return [table.layout.zones[other].rect, *playing(table), mine.tracker, mine.slot, *shown, *lasting, mine.lasting]


def the_standing(table: ThatsWizardTable) -> Rects:
    return [table.hits.rect_of("score", STANDING), *playing(table), *foe_tracker(table)]


def the_log(table: ThatsWizardTable) -> Rects:
    return [table.layout.log, *playing(table), *foe_tracker(table)]


def foe_tracker(table: ThatsWizardTable) -> Rects:
    """The other wizard's Stamina and Power, kept clear by the last tips (they stay up while the next card is
    chosen, and that choice reads them: they lay over it at 1280x800, the guides review)."""
    other = table.view.opponent(table.view.seat)
    return [] if other is None else [table.layout.zones[other].tracker]


# --- when a step is done or may be shown ----------------------------------------------------------------------
def choosing_side_board(table: ThatsWizardTable) -> bool:
    return table.view.stage == "sideboard" and table.panel is not None


def side_board_chosen(table: ThatsWizardTable) -> bool:
    return bool(table.view.side)


def picked(table: ThatsWizardTable) -> bool:
    return table.can_choose() and table.selected is not None


def revealed(table: ThatsWizardTable) -> bool:
    seat = table.view.seat
    return any(isinstance(c, (Play, Pass)) and c.seat == seat for c in table.session.match.log)


def round_told(table: ThatsWizardTable) -> bool:
    return revealed(table) and table.view.round > 1


STEPS = (
    Step(
        N_(
            "First, before the duel: two of these seven spells sit it out, face down (your side board); the other "
            "five are your hand. You choose again before each duel. Choose two cards, or a ready-made pair below (the "
            "rulebook's, named with the two it sets aside), then Set them aside."
        ),
        panel_words,
        done=side_board_chosen,
        ready=choosing_side_board,
        over_panel=True,
    ),
    Step(
        N_("This is you. Stamina (red) is your health: at 0 you lose the duel. Power (blue) pays for your spells."),
        my_trackers,
        ready=ThatsWizardTable.can_choose,
    ),
    Step(
        N_(
            "Your hand: five spells plus Focus and Counterspell. Rest the mouse on a card (or hold a finger) to read "
            "it, then choose the one to cast."
        ),
        my_hand,
        done=picked,
        ready=ThatsWizardTable.can_choose,
    ),
    Step(
        N_(
            "Your Spell Power dial: turn it to set P. Low is quick (the lower dial goes first), high is strong, "
            "and a spell played costs P Power (stopped, too). A spell takes only the values printed on it (in gold on "
            "the dial); the dial turns red at a value it cannot take now."
        ),
        dial,
        ready=picked,
    ),
    Step(
        N_("Press Reveal. Both wizards reveal together; then the spells are read in turn and the dice decide a tie."),
        reveal,
        done=revealed,
        ready=picked,
    ),
    Step(
        N_(
            "The other wizard: their Stamina and Power, and at the right the spells they have shown this match. "
            "Rest the mouse on any card to read it."
        ),
        opponent,
        ready=round_told,
    ),
    Step(
        N_(
            "Duels won so far. Bring the other wizard to 0 Stamina (or make them forfeit) to win a duel; two duels "
            "win the match. Select it for the details."
        ),
        the_standing,
        ready=round_told,
    ),
    Step(
        N_("Every spell cast is told here, in order. Choose your next card and dial: you are on your own now!"),
        the_log,
        ready=round_told,
    ),
)

SUMMARY = (
    (
        N_("Each round"),
        N_(
            "You and the other wizard secretly pick one card of your hand and set your Spell Power dial, then reveal "
            "together. The lower dial acts first (Focus and Counterspell count as 0); a spell played costs the dial's "
            "value in Power, even if it is stopped. Focus gives Power back; Counterspell stops the other's spell and "
            "costs you 1 Stamina, 1 more each round you play it again in a row."
        ),
    ),
    (
        N_("How a duel is won"),
        N_(
            "Everyone starts a duel at 20 Stamina and 10 Power. Bring the other wizard's Stamina to 0, or make them "
            "forfeit (Death, Mind Control, Polymorph, Disarm), and the duel is yours."
        ),
    ),
    (
        N_("How the match ends"),
        N_(
            "1 vs 1 is best of three: the first wizard to win two duels wins the match. Before each duel both of you "
            "set two spells aside as a side board."
        ),
    ),
)


# The guide's texts are the catalogue's messages in English: the coach shows each through the game's catalogue.
GUIDE = Guide("thats-wizard", SUMMARY, STEPS, guided_match)


def why_not(table: ThatsWizardTable, kind: str, pos: tuple[int, int]) -> str | None:
    """Why a drag of a hand card (or a tap on the table) did nothing."""
    if kind == "drag_start" and table.hits.item_at(pos, "hand") is not None and not table.can_choose():
        return table.not_now()
    return None


__all__ = ["GUIDE", "why_not"]
