"""What one seat may see of a House Cup table, and a full state consistent with it for search bots.

Hidden until the rules reveal them: the values of other seats' placed tokens and of the tokens they still
hold, the order (not the contents) of the deck, the random generator, and the cards another seat looks at
with Help Searching for Points.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tabletop.core.frozen import frozen
from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import ALL_CARDS, CHOICE_TOKEN_VALUES, HOUSES
from tabletop.games.house_cup.rules import best_suggestion, legal_for, to_act
from tabletop.games.house_cup.state import HouseCupState, Phase, PlacedToken, Task, TaskKind


@dataclass(frozen=True)
class TokenView:
    seat: int
    value: int | None  # None: face down and not yours
    revealed: bool


@dataclass(frozen=True)
class TaskView:
    kind: TaskKind
    seat: int
    cards: tuple[str, ...]  # a search's cards only for the searcher
    card_count: int
    queue: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class HouseCupView(View):
    houses: tuple[str, ...]
    rounds: int
    round: int
    phase: Phase
    first: int
    deals: int
    turn: int
    placed: int
    day: int
    take_left: int
    taken: int
    to_act: tuple[int, ...]
    deck_count: int
    discard: tuple[str, ...]
    box: tuple[str, ...]
    days: tuple[tuple[str, ...], ...]
    under: tuple[tuple[TokenView, ...], ...]
    held: tuple[tuple[int, ...] | None, ...]  # None: another seat's face-down tokens
    held_count: tuple[int, ...]
    tableau: tuple[tuple[str, ...], ...]
    rewards: tuple[int, ...]
    supply: int
    tasks: tuple[TaskView, ...]
    end_step: int
    flywheel_set: str | None
    suggestion: Command | None


class _TokenViews(dict[tuple[int, int | None, bool], TokenView]):
    """Token views are frozen and few (a seat, a value or None, face up or not): each is built once and shared."""

    def __missing__(self, key: tuple[int, int | None, bool]) -> TokenView:
        return TokenView(*key)  # not a token of a real game: built, not kept


_TOKEN_VIEWS = _TokenViews(
    ((owner, value, revealed), TokenView(owner, value, revealed))
    for owner in range(len(HOUSES))
    for value in (None, *CHOICE_TOKEN_VALUES)
    for revealed in (False, True)
)


# The same token views as seen by each seat, looked up by owner, then value, then face up or not: nested tables
# read faster than building a key for the dict above, for the dozen tokens under the days. Any other token (not
# one of a real game) misses them and is looked up in ``_TOKEN_VIEWS`` as before.
_SEEN_BY: dict[int, dict[int, dict[int, dict[bool, TokenView]]]] = {
    viewer: {
        owner: {
            value: {
                revealed: _TOKEN_VIEWS[owner, value if revealed or owner == viewer else None, revealed]
                for revealed in (False, True)
            }
            for value in CHOICE_TOKEN_VALUES
        }
        for owner in range(len(HOUSES))
    }
    for viewer in range(len(HOUSES))
}


def _under_view(under: list[list[PlacedToken]], seat: int) -> tuple[tuple[TokenView, ...], ...]:
    """The tokens under each day as ``seat`` sees them."""
    try:
        seen = _SEEN_BY[seat]
        return tuple([tuple([seen[t.seat][t.value][t.revealed] for t in stack]) if stack else () for stack in under])
    except (KeyError, TypeError):
        return tuple([_stack_view(stack, seat) for stack in under])


def _stack_view(stack: list[PlacedToken], seat: int) -> tuple[TokenView, ...]:
    """One day's tokens looked up one by one in ``_TOKEN_VIEWS`` (any token, a real game's or not)."""
    shared = _TOKEN_VIEWS
    return tuple([shared[t.seat, t.value if (t.revealed or t.seat == seat) else None, t.revealed] for t in stack])


@lru_cache(maxsize=512, typed=True)
def _own_held(players: int, seat: int, mine: tuple[int, ...]) -> tuple[tuple[int, ...] | None, ...]:
    """While tokens are placed a seat sees the values only of its own tokens in hand (a few, built once)."""
    return tuple([mine if other == seat else None for other in range(players)])


def make_view(state: HouseCupState, seat: int) -> HouseCupView:
    actors = to_act(state)
    moves = legal_for(state, seat, actors)
    if state.phase == "place":
        held = _own_held(len(state.held), seat, tuple(state.held[seat]))
    else:  # in the taking phase every token a seat holds came back face up, so its value is public
        held = tuple(map(tuple, state.held))
    under = _under_view(state.under, seat)
    tasks = tuple([_task_view(task, seat) for task in state.tasks]) if state.tasks else ()
    # Every field of the View, in its order (``frozen`` takes them all at once).
    fields = {
        "seat": seat,
        "legal": moves,
        "houses": tuple(state.houses),
        "rounds": state.rounds,
        "round": state.round,
        "phase": state.phase,
        "first": state.first,
        "deals": state.deals,
        "turn": state.turn,
        "placed": state.placed,
        "day": state.day,
        "take_left": state.take_left,
        "taken": state.taken,
        "to_act": actors,
        "deck_count": len(state.deck),
        "discard": tuple(state.discard),
        "box": tuple(state.box),
        "days": tuple(map(tuple, state.days)),
        "under": under,
        "held": held,
        "held_count": tuple(map(len, state.held)),
        "tableau": tuple(map(tuple, state.tableau)),
        "rewards": tuple(state.rewards),
        "supply": state.supply,
        "tasks": tasks,
        "end_step": state.end_step,
        "flywheel_set": state.flywheel_set,
        "suggestion": best_suggestion(state, seat) if moves else None,
    }
    return frozen(HouseCupView, fields)


def _task_view(task: Task, seat: int) -> TaskView:
    visible = task.kind != "search" or task.seat == seat
    return TaskView(task.kind, task.seat, tuple(task.cards) if visible else (), len(task.cards), tuple(task.queue))


def sample_state(view: HouseCupView, rng: Rng) -> HouseCupState:
    """A full state that shows ``view.seat`` exactly ``view``: the unknowns are dealt at random."""
    seen: set[str] = set(view.discard) | set(view.box)
    for place in (*view.days, *view.tableau):
        seen.update(place)
    for shown in view.tasks:
        seen.update(shown.cards)
    pool = [card for card in ALL_CARDS if card not in seen]
    rng.shuffle(pool)

    tasks = []
    for shown in view.tasks:
        known = len(shown.cards) == shown.card_count
        cards = list(shown.cards) if known else [pool.pop() for _ in range(shown.card_count)]
        tasks.append(Task(shown.kind, shown.seat, cards, list(shown.queue)))
    deck = pool  # what is left is the deck, in a random order
    if len(deck) != view.deck_count:
        raise ValueError("the view does not account for every card")

    # Tokens: each seat owns 1, 2 and 3; the values not yet seen go to its face-down tokens at random.
    under: list[list[PlacedToken]] = [[] for _ in view.under]
    held: list[list[int]] = []
    hidden_slots: dict[int, list[tuple[int, int]]] = {}
    for day, stack in enumerate(view.under):
        for token in stack:
            under[day].append(PlacedToken(token.seat, token.value if token.value is not None else 0, token.revealed))
            if token.value is None:
                hidden_slots.setdefault(token.seat, []).append((day, len(under[day]) - 1))
    for seat, values in enumerate(view.held):
        seen_values = [t.value for stack in view.under for t in stack if t.seat == seat and t.value is not None]
        seen_values += list(values or ())
        unknown = [v for v in CHOICE_TOKEN_VALUES if v not in seen_values]
        rng.shuffle(unknown)
        for day, index in hidden_slots.get(seat, []):
            under[day][index].value = unknown.pop()
        held.append(list(values) if values is not None else sorted(unknown))

    return HouseCupState(
        houses=list(view.houses),
        rng=rng.fork(),
        rounds=view.rounds,
        deck=deck,
        discard=list(view.discard),
        box=list(view.box),
        days=[list(cards) for cards in view.days],
        under=under,
        held=held,
        tableau=[list(cards) for cards in view.tableau],
        rewards=list(view.rewards),
        supply=view.supply,
        first=view.first,
        round=view.round,
        phase=view.phase,
        deals=view.deals,
        turn=view.turn,
        placed=view.placed,
        day=view.day,
        take_left=view.take_left,
        taken=view.taken,
        tasks=tasks,
        end_step=view.end_step,
        flywheel_set=view.flywheel_set,
    )
