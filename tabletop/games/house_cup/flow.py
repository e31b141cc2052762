"""Everything that happens on its own between two players' choices.

``advance`` runs the game forward (deals, reveals, taking nothing, forced choices, the end) until some seat
has a real choice to make, or the game is over. A choice with a single possible outcome is made here and told
as an event marked ``forced``; a choice with two or more is always left to the player.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.core.protocol import Event
from tabletop.games.house_cup.cards import CARDS, CHOICE_TOKEN_VALUES
from tabletop.games.house_cup.effects import receive
from tabletop.games.house_cup.events import (
    CardGiven,
    CauldronPassed,
    GameEnded,
    HatPassed,
    NothingToDo,
    RoundStarted,
    SearchKept,
    SearchLooked,
)
from tabletop.games.house_cup.moves import (
    deal,
    discard,
    discardable,
    give_rewards,
    return_token,
    reveal,
)
from tabletop.games.house_cup.scoring import quidditch_leaders, score_total, started_sets
from tabletop.games.house_cup.state import HouseCupState, Task
from tabletop.i18n import N_


def start_round(state: HouseCupState, events: list[Event]) -> None:
    state.phase = "place"
    state.deals = 0
    state.turn = state.first
    state.placed = 0
    events.append(RoundStarted(state.round, state.rounds, state.first))
    deal(state, events)


def advance(state: HouseCupState, events: list[Event]) -> None:
    while True:
        if state.tasks:
            if not _step_task(state, events):
                return
        elif state.phase == "take":
            if not _step_take(state, events):
                return
        elif state.phase == "end":
            _step_end(state, events)
        else:
            return


def opponents(state: HouseCupState, seat: int) -> list[int]:
    return [other for other in range(state.players) if other != seat]


def giftable(state: HouseCupState, seat: int) -> list[str]:
    """Cards a Letter may give: any but letter-symbol cards and a card whose effect is being applied."""
    resolving = state.resolving_cards()
    return [card for card in state.tableau[seat] if card not in resolving and "letter" not in CARDS[card].symbols]


def give(state: HouseCupState, seat: int, card: str, to_seat: int, events: list[Event], forced: bool) -> None:
    """The Letter's gift; an IMMEDIATELY card given acts again, for its receiver, at once."""
    state.tableau[seat].remove(card)
    events.append(CardGiven(seat, to_seat, card, forced))
    receive(state, to_seat, card, events)


def _step_task(state: HouseCupState, events: list[Event]) -> bool:
    """Resolve the top task if no one has a choice in it; False when a seat must decide."""
    task = state.tasks[-1]
    if task.kind == "trouble":
        options = discardable(state, task.seat)
        if len(options) > 1:
            return False
        state.tasks.pop()
        if options:
            discard(state, task.seat, options[0], "trouble", events, forced=True)
        else:
            events.append(NothingToDo(task.seat, task.cards[0], N_("no other card to discard")))
        return True
    if task.kind == "letter":
        cards = giftable(state, task.seat)
        targets = opponents(state, task.seat)
        if len(cards) * len(targets) > 1:
            return False
        state.tasks.pop()
        if cards:
            give(state, task.seat, cards[0], targets[0], events, forced=True)
        else:
            events.append(NothingToDo(task.seat, task.cards[0], N_("no card without the letter symbol to give")))
        return True
    if task.kind == "cauldron":
        while task.queue and not discardable(state, task.queue[0]):
            events.append(CauldronPassed(task.queue.pop(0), had_cards=False))
        if task.queue:
            return False
        state.tasks.pop()
        return True
    if task.kind == "search":
        if task.cards:  # (even one card is a choice: keep it, or none)
            return False
        state.tasks.pop()
        return True
    if task.kind == "flywheel":
        return False
    raise ValueError(f"unknown task {task.kind}")


def keep_searched(state: HouseCupState, task: Task, card: str | None, events: list[Event]) -> None:
    """Help Searching for Points: keep one card (None: none), discard the rest. The card kept is received from
    the deck, so an IMMEDIATELY card acts now, every choice it asks made before the Flywheel of Time and the
    scores (the rulebook: its effect applies "every time a player receives the card, whether from the deck or
    from another player")."""
    rest = tuple(other for other in task.cards if other != card)
    state.discard.extend(rest)
    task.cards.clear()
    events.append(SearchKept(task.seat, card, rest))
    if card is not None:
        receive(state, task.seat, card, events)


def _step_take(state: HouseCupState, events: list[Event]) -> bool:
    """The taking of the current day; ``advance`` comes here only when no task waits, so each card taken has
    had its IMMEDIATELY effect, every choice included, before the taker picks the next one."""
    taker = state.current_taker()
    if taker is None:
        state.day += 1
        if state.day == len(state.days):
            _end_round(state, events)
        else:
            reveal(state, state.day, events)
        return True
    if state.take_left > 0 and state.days[state.day]:
        return False  # the taker picks a card
    if state.taken == 0:
        give_rewards(state, taker.seat, 1, "nothing", events)
    state.under[state.day].remove(taker)
    return_token(state, taker.seat, taker.value, events)
    following = state.current_taker()
    if following is not None:
        state.take_left, state.taken = following.value, 0
    return True


def _end_round(state: HouseCupState, events: list[Event]) -> None:
    for seat in range(state.players):
        state.held[seat] = list(CHOICE_TOKEN_VALUES)
    if state.round < state.rounds:  # (after the last round nobody takes the Hat: the log told it passing on)
        state.first = (state.first + 1) % state.players
        events.append(HatPassed(state.first))
    state.round += 1
    state.day = 0
    state.take_left = state.taken = 0
    if state.round > state.rounds:
        state.round = state.rounds
        state.phase = "end"
        state.end_step = 0
    else:
        start_round(state, events)


def _step_end(state: HouseCupState, events: list[Event]) -> None:
    """Help Searching for Points, then the Flywheel of Time's set, then the scores."""
    if state.end_step == 0:
        state.end_step = 1
        seat = state.owner_of("help_search-1")
        if seat is not None:
            looked = [state.deck.pop() for _ in range(min(5, len(state.deck)))]
            others = tuple(other for other in range(state.players) if other != seat)
            events.append(SearchLooked(seat, tuple(looked), len(looked), to=(seat,)))
            if others:
                events.append(SearchLooked(seat, (), len(looked), to=others))
            state.tasks.append(Task("search", seat, looked))
        return
    if state.end_step == 1:
        state.end_step = 2
        seat = state.owner_of("flywheel-1")
        if seat is not None and started_sets(state.tableau[seat]):
            state.tasks.append(Task("flywheel", seat))
        return
    state.phase = "over"
    scores, winners = final_scores(state)
    events.append(GameEnded(scores, winners))


def final_scores(state: HouseCupState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Totals per seat and the winners: most points, then fewest cards; still tied, they share the win."""
    tableau = tuple(map(tuple, state.tableau))
    return _final_scores(tableau, tuple(state.rewards), tuple(state.houses), state.flywheel_set)


# Remembered by what they depend on: a finished game is scored once, not again each time its result is asked
# for (the search asks three times at the end of every playout).
@lru_cache(maxsize=64)
def _final_scores(
    tableau: tuple[tuple[str, ...], ...], rewards: tuple[int, ...], houses: tuple[str, ...], flywheel_set: str | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    leaders = quidditch_leaders(tableau, houses)
    totals = tuple(
        score_total(cards, rewards[seat], houses[seat], leaders, flywheel_set if "flywheel-1" in cards else None)
        for seat, cards in enumerate(tableau)
    )
    best = max(totals)
    top = [seat for seat, total in enumerate(totals) if total == best]
    fewest = min(len(tableau[seat]) for seat in top)
    winners = tuple(seat for seat in top if len(tableau[seat]) == fewest)
    return totals, winners
