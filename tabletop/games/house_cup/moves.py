"""Small state changes shared by the flow and the card effects; each reports what it did as events."""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.house_cup.cards import CARDS, INSTANT_KINDS
from tabletop.games.house_cup.events import (
    CardDiscarded,
    Dealt,
    EffectLost,
    RewardsTaken,
    TokenReturned,
    TokensRevealed,
)
from tabletop.games.house_cup.state import HouseCupState, Task


def deal(state: HouseCupState, events: list[Event]) -> None:
    """The first player lays cards by their weekday (4, or 3 with two players; fewer if the deck runs out)."""
    count = 3 if state.players == 2 else 4
    dealt = []
    for _ in range(count):
        if not state.deck:
            break
        card = state.deck.pop()
        state.days[CARDS[card].day].append(card)
        dealt.append(card)
    state.deals += 1
    events.append(Dealt(tuple(dealt), len(state.deck)))


def reveal(state: HouseCupState, day: int, events: list[Event]) -> None:
    stack = state.under[day]
    for token in stack:
        token.revealed = True
    events.append(TokensRevealed(day, tuple((token.seat, token.value) for token in stack)))
    first = state.current_taker()
    if first is not None:
        state.take_left, state.taken = first.value, 0


def give_rewards(state: HouseCupState, seat: int, wanted: int, reason: str, events: list[Event]) -> None:
    count = min(wanted, state.supply)
    state.supply -= count
    state.rewards[seat] += count
    events.append(RewardsTaken(seat, count, wanted, reason))


def return_token(state: HouseCupState, seat: int, value: int, events: list[Event]) -> None:
    state.held[seat].append(value)
    state.held[seat].sort()
    events.append(TokenReturned(seat, value))


def discard(state: HouseCupState, seat: int, card: str, reason: str, events: list[Event], forced: bool = False) -> None:
    state.tableau[seat].remove(card)
    state.discard.append(card)
    events.append(CardDiscarded(seat, card, reason, forced))
    for task in list(state.tasks):
        if task.kind == "instants" and card in task.cards:
            task.cards.remove(card)  # discarded before its own effect: the effect is lost
            events.append(EffectLost(seat, card))
            if not task.cards:
                state.tasks.remove(task)


def receive(state: HouseCupState, seat: int, card: str) -> None:
    """A card arrives in front of ``seat`` (from the deck or a player): its IMMEDIATELY effect waits for them."""
    state.tableau[seat].append(card)
    if CARDS[card].kind not in INSTANT_KINDS:
        return
    top = state.tasks[-1] if state.tasks else None
    if top is not None and top.kind == "instants" and top.seat == seat:
        top.cards.append(card)
    else:
        state.tasks.append(Task("instants", seat, [card]))


def discardable(state: HouseCupState, seat: int) -> list[str]:
    """Cards ``seat`` may discard now: any but the card whose effect is being applied.

    A card whose own IMMEDIATELY effect still waits may be discarded; its effect is then lost.
    """
    resolving = state.resolving_cards()
    return [card for card in state.tableau[seat] if card not in resolving]
