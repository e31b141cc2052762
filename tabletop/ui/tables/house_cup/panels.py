"""House Cup's choices in the shared choice panel: an IMMEDIATELY effect, the search and the Flywheel.

The panel shows the cards involved; the player selects, then confirms. Nothing is chosen for them; the
engine's suggestion (the end-of-game choices) is only preselected.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tabletop.core.protocol import Command
from tabletop.games.house_cup.cards import title
from tabletop.games.house_cup.events import CauldronDiscard, ChooseFlywheelSet, DiscardCard, GiveCard, KeepCard
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.scoring import quidditch_leaders, score_player
from tabletop.games.house_cup.state import TaskKind
from tabletop.games.house_cup.text import set_name
from tabletop.games.house_cup.view import HouseCupView
from tabletop.i18n import N_
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.house_cup.cards import card_face, card_height

TITLES: dict[TaskKind, tuple[str, str]] = {
    "trouble": (N_("Trouble!"), N_("It acts at once: discard one of the other cards you have now.")),
    "letter": (
        N_("You've Got a Letter!"),
        N_("You took a reward token. Now give one of your cards (not one with the letter symbol) to an opponent."),
    ),
    "cauldron": (N_("Magic Cauldron"), N_("You may discard one card to take a reward token.")),
    "search": (
        N_("Help Searching for Points"),
        N_(
            "The top cards of the deck, seen only by you until you choose. Keep one, or none; the others go to the"
            " discard pile."
        ),
    ),
    "flywheel": (N_("Flywheel of Time"), N_("Choose the set it joins. Your final score with each choice is shown.")),
}
EMPTY_LETTER = N_(
    "The supply was empty: no reward token. Now give one of your cards (not one with the letter symbol) to an opponent."
)
GIVEN_TROUBLE = N_("{name} gave you this Trouble. It acts at once: discard one of the other cards you have now.")
# The Cauldron asked of a player who did not take it (the taker's move was told on another screen)
TAKEN_CAULDRON = N_("{name} took the Magic Cauldron: you may discard one card to take a reward token.")
# The Cauldron a Letter gave: to the person given it, then to the others asked after them (the giver among them)
GIVEN_CAULDRON = N_(
    "{name} gave you the Magic Cauldron. It acts at once: you may discard one card to take a reward token."
)
RECEIVED_CAULDRON = N_("{name} received the Magic Cauldron: you may discard one card to take a reward token.")
EMPTY_CAULDRON = N_(
    "The supply is empty: a card discarded now brings no reward token. You may still discard one, or keep your cards."
)
TAKEN_EMPTY_CAULDRON = N_(
    "{name} took the Magic Cauldron, but the supply is empty: a card discarded now brings no reward token. You may "
    "still discard one, or keep your cards."
)
GIVEN_EMPTY_CAULDRON = N_(
    "{name} gave you the Magic Cauldron, but the supply is empty: a card discarded now brings no reward token. You "
    "may still discard one, or keep your cards."
)
RECEIVED_EMPTY_CAULDRON = N_(
    "{name} received the Magic Cauldron, but the supply is empty: a card discarded now brings no reward token. You "
    "may still discard one, or keep your cards."
)
# The Cauldron's line by (given by a Letter, asked of the person who has it, the supply empty); None: ``TITLES``'
CAULDRON_LINES: dict[tuple[bool, bool, bool], str | None] = {
    (False, True, False): None,
    (False, True, True): EMPTY_CAULDRON,
    (False, False, False): TAKEN_CAULDRON,
    (False, False, True): TAKEN_EMPTY_CAULDRON,
    (True, True, False): GIVEN_CAULDRON,
    (True, True, True): GIVEN_EMPTY_CAULDRON,
    (True, False, False): RECEIVED_CAULDRON,
    (True, False, True): RECEIVED_EMPTY_CAULDRON,
}


def choice_panel(view: HouseCupView, names: list[str], kind: TaskKind, giver: int | None = None) -> ChoicePanel:
    """The panel of the task on top; ``giver``: who gave the Trouble or the Magic Cauldron being applied (a
    Letter's gift), named so the person at the screen, who took no such card, is told where it came from."""
    heading, explain = TITLES[kind]
    task = view.tasks[-1]
    if kind == "letter" and task.queue and task.queue[0] == 0:
        explain = EMPTY_LETTER
    said = _(explain)
    if kind == "trouble" and giver is not None:
        said = _(GIVEN_TROUBLE).format(name=names[giver])
    if kind == "cauldron":
        mine = task.seat == view.seat
        line = CAULDRON_LINES[giver is not None, mine, view.supply == 0]
        if line is not None:  # (the giver named to the person given it; the one who has it, to the others)
            said = _(line).format(name=names[giver if mine and giver is not None else task.seat])
    return ChoicePanel(
        _(heading),
        said,
        [_option(view, names, command) for command in view.legal],
        face=partial(card_face, box=view.box),
        face_height=card_height,
        confirm_label=_confirm_label(names, paid=view.supply > 0),
        suggestion=view.suggestion,
    )


def _option(view: HouseCupView, names: list[str], command: Command) -> Option:
    if isinstance(command, GiveCard):
        return Option(command, command.card, (Pick("to", command.to, names[command.to]),))
    if isinstance(command, CauldronDiscard) and command.card is None:
        return Option(command, button=_("Keep my cards"))
    if isinstance(command, KeepCard) and command.card is None:
        return Option(command, button=_("Keep none of them"))
    if isinstance(command, ChooseFlywheelSet):
        name = set_name(command.set) if command.set else _("No set")
        label = _("{set}: {points}").format(set=name, points=_flywheel_total(view, command.set))
        return Option(command, picks=(Pick("set", command.set, label),))
    assert isinstance(command, (DiscardCard, CauldronDiscard, KeepCard))
    return Option(command, command.card)


def _flywheel_total(view: HouseCupView, kind: str | None) -> int:
    seat = view.seat
    leaders = quidditch_leaders(view.tableau, view.houses)
    return score_player(view.tableau[seat], view.rewards[seat], view.houses[seat], leaders, kind).total


def _confirm_label(names: list[str], paid: bool) -> Callable[[Command | None], str]:
    """The Confirm button's words for the option selected; a discard to the Magic Cauldron promises a reward token
    only while the supply has one (``paid``)."""

    def label(command: Command | None) -> str:
        if isinstance(command, GiveCard):
            return _("Give {card} to {name}").format(card=title(command.card), name=names[command.to])
        if isinstance(command, DiscardCard):
            return _("Discard {card}").format(card=title(command.card))
        if isinstance(command, CauldronDiscard) and command.card is not None:
            line = _("Discard {card} for a token") if paid else _("Discard {card}")
            return line.format(card=title(command.card))
        if isinstance(command, KeepCard) and command.card is not None:
            return _("Keep {card}").format(card=title(command.card))
        return _("Confirm")

    return label
