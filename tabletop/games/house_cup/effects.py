"""The IMMEDIATELY effects, one small function per card kind.

An effect either finishes at once (Hagrid's Farm, Divination) or puts a task on the stack for the choice it
asks of a player (Trouble, You've Got a Letter!, Magic Cauldron); ``flow`` resolves tasks whose choice is
forced and waits for a command otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.house_cup.events import CardDrawn, ShuffledBack
from tabletop.games.house_cup.moves import give_rewards, receive
from tabletop.games.house_cup.state import HouseCupState, Task


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
        receive(state, seat, drawn)


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
