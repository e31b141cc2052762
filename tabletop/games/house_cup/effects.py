"""Receiving a card, and the IMMEDIATELY effects: one small function per card kind.

The rulebook: a card whose text begins with IMMEDIATELY acts at once, every time a player receives it. So
``receive`` starts the effect the moment the card arrives, before anything else happens; nothing waits, and
no card can be discarded or given before its effect is done.

An effect either finishes at once (Hagrid's Farm, Divination) or puts a task on the stack for the choice it
asks of a player (Trouble, You've Got a Letter!, Magic Cauldron); ``flow`` resolves tasks whose choice is
forced and waits for a command otherwise, and no one takes another card while a task waits.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.house_cup.cards import CARDS
from tabletop.games.house_cup.events import CardDrawn, InstantApplied, ShuffledBack
from tabletop.games.house_cup.moves import give_rewards
from tabletop.games.house_cup.state import HouseCupState, Task


def receive(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    """A card arrives in front of ``seat`` (from the timetable, the deck or a player); an IMMEDIATELY card acts now.

    A card is only ever received alone, so the receiver never has several effects to put in order.
    """
    state.tableau[seat].append(card)
    effect = EFFECTS.get(CARDS[card].kind)
    if effect is not None:
        events.append(InstantApplied(seat, card))
        effect(state, seat, card, events)


def trouble(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    state.tasks.append(Task("trouble", seat, [card]))


def letter(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    before = state.rewards[seat]
    give_rewards(state, seat, 1, "letter", events)
    state.tasks.append(Task("letter", seat, [card], [state.rewards[seat] - before]))


def divination(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    drawn = state.deck.pop() if state.deck else None
    events.append(CardDrawn(seat, drawn))
    state.tableau[seat].remove(card)
    state.deck.append(card)
    state.rng.shuffle(state.deck)
    events.append(ShuffledBack(seat, card))
    if drawn is not None:
        receive(state, seat, drawn, events)


def cauldron(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    order = [(seat + step) % state.players for step in range(state.players)]
    state.tasks.append(Task("cauldron", seat, [card], order))


def hagrid(state: HouseCupState, seat: int, card: str, events: list[Event]) -> None:
    give_rewards(state, seat, 3, "hagrid", events)


Effect = Callable[[HouseCupState, int, str, list[Event]], None]
EFFECTS: dict[str, Effect] = {
    "trouble": trouble,
    "letter": letter,
    "divination": divination,
    "cauldron": cauldron,
    "hagrid": hagrid,
}
