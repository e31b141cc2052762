"""What one seat may see of a House Cup table, and a full state consistent with it for search bots.

Hidden until the rules reveal them: the values of other seats' placed tokens and of the tokens they still
hold, the order (not the contents) of the deck, the random generator, and the cards another seat looks at
with Help Searching for Points.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import ALL_CARDS, CHOICE_TOKEN_VALUES
from tabletop.games.house_cup.rules import best_suggestion, legal
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


def make_view(state: HouseCupState, seat: int) -> HouseCupView:
    from tabletop.games.house_cup.rules import to_act

    def token(t: PlacedToken) -> TokenView:
        return TokenView(t.seat, t.value if (t.revealed or t.seat == seat) else None, t.revealed)

    def task(t: Task) -> TaskView:
        visible = t.kind != "search" or t.seat == seat
        return TaskView(t.kind, t.seat, tuple(t.cards) if visible else (), len(t.cards), tuple(t.queue))

    # In the taking phase every token a seat holds came back face up, so its value is public.
    held = tuple(
        tuple(values) if (other == seat or state.phase != "place") else None for other, values in enumerate(state.held)
    )
    moves = tuple(legal(state, seat))
    return HouseCupView(
        seat=seat,
        legal=moves,
        houses=tuple(state.houses),
        rounds=state.rounds,
        round=state.round,
        phase=state.phase,
        first=state.first,
        deals=state.deals,
        turn=state.turn,
        placed=state.placed,
        day=state.day,
        take_left=state.take_left,
        taken=state.taken,
        to_act=to_act(state),
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        box=tuple(state.box),
        days=tuple(tuple(cards) for cards in state.days),
        under=tuple(tuple(token(t) for t in stack) for stack in state.under),
        held=held,
        held_count=tuple(len(values) for values in state.held),
        tableau=tuple(tuple(cards) for cards in state.tableau),
        rewards=tuple(state.rewards),
        supply=state.supply,
        tasks=tuple(task(t) for t in state.tasks),
        end_step=state.end_step,
        flywheel_set=state.flywheel_set,
        suggestion=best_suggestion(state, seat) if moves else None,
    )


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
