"""Small state changes shared by the flow and the card effects; each reports what it did as events."""

from __future__ import annotations

from functools import lru_cache

from tabletop.core.protocol import Event
from tabletop.games.house_cup.cards import CARDS
from tabletop.games.house_cup.events import (
    CardDiscarded,
    Dealt,
    DiscardReason,
    RewardReason,
    RewardsTaken,
    TokenReturned,
    TokensRevealed,
)
from tabletop.games.house_cup.state import HouseCupState


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


def give_rewards(state: HouseCupState, seat: int, wanted: int, reason: RewardReason, events: list[Event]) -> None:
    count = min(wanted, state.supply)
    state.supply -= count
    state.rewards[seat] += count
    events.append(RewardsTaken(seat, count, wanted, reason))


def return_token(state: HouseCupState, seat: int, value: int, events: list[Event]) -> None:
    state.held[seat].append(value)
    state.held[seat].sort()
    events.append(_token_returned(seat, value))


# A token back in its owner's hand: one frozen event per seat and value, built once and shared.
_token_returned = lru_cache(maxsize=256, typed=True)(TokenReturned)


def discard(
    state: HouseCupState, seat: int, card: str, reason: DiscardReason, events: list[Event], forced: bool = False
) -> None:
    state.tableau[seat].remove(card)
    state.discard.append(card)
    events.append(CardDiscarded(seat, card, reason, forced))


def discardable(state: HouseCupState, seat: int) -> list[str]:
    """Cards ``seat`` may discard now: any but a card whose IMMEDIATELY effect is being applied.

    Every other card's effect is already done (effects apply the moment a card is received), so a discard
    never loses an effect.
    """
    resolving = state.resolving_cards()
    return [card for card in state.tableau[seat] if card not in resolving]
