"""House Cup's fast paths give exactly what the plain code gives: the View filled without its __init__ (its tokens
read from a table per seat), the events with their own __init__ or built once, the score totals without the lines,
the shared legal commands; a whole game gives the same JSON states, events and views with the plain code."""

import dataclasses
import inspect
import random

import pytest

from tabletop.core.codec import to_json
from tabletop.core.protocol import Command, Event
from tabletop.games.house_cup import GAME, moves, rules
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup import view as view_module
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS, HOUSES, SET_KINDS
from tabletop.games.house_cup.flow import final_scores
from tabletop.games.house_cup.scoring import (
    best_flywheel_set,
    best_total,
    quidditch_leaders,
    score_player,
    score_total,
)
from tabletop.games.house_cup.state import HouseCupState, PlacedToken
from tabletop.games.house_cup.view import HouseCupView, TokenView, _task_view, _under_view


def random_states(players, games, seed=0):
    """Every position of a few random games."""
    rng = random.Random(seed)
    for number in range(games):
        state = GAME.setup(players, GAME.default_options(players), seed + number)
        while GAME.result(state) is None:
            yield state
            seat = GAME.to_act(state)[0]
            GAME.apply(state, rng.choice(GAME.legal(state, seat)))
        yield state


@pytest.mark.parametrize("players", [2, 4])
def test_the_view_equals_one_built_by_its_init(players):
    names = [item.name for item in dataclasses.fields(HouseCupView)]
    for state in random_states(players, 3):
        for seat in range(players):
            view = GAME.view(state, seat)
            assert list(vars(view)) == names
            rebuilt = HouseCupView(**vars(view))
            assert rebuilt == view and repr(rebuilt) == repr(view)
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.round = 9  # type: ignore[misc]


def _own_inits():
    """The event classes that write their own ``__init__``."""
    classes = [cls for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, Event)]
    return [cls for cls in classes if vars(cls)["__init__"].__code__.co_filename == ev.__file__]


@pytest.mark.parametrize("cls", _own_inits(), ids=lambda cls: cls.__name__)
def test_an_event_written_init_matches_the_dataclass_one(cls):
    twin = dataclasses.dataclass(frozen=True)(
        type(cls.__name__, (Event,), {"__annotations__": dict(cls.__annotations__), "__module__": cls.__module__})
    )
    assert inspect.signature(cls.__init__).parameters == inspect.signature(twin.__init__).parameters
    values = [(index,) for index, item in enumerate(dataclasses.fields(cls)) if item.name != "to"]
    for to in (None, (1, 2)):
        mine, theirs = cls(*values, to=to), twin(*values, to=to)
        assert list(vars(mine).items()) == list(vars(theirs).items())
        assert repr(mine) == repr(theirs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        mine.to = None  # type: ignore[misc]


def test_score_total_is_the_tally_total():
    rng = random.Random(7)
    for _ in range(20000):
        cards = rng.sample(ALL_CARDS, rng.choice([0, 1, 3, 6, 10, 14, 20, 30]))
        rewards = rng.choice([0, 1, 2, 7])
        house = rng.choice(HOUSES)
        leaders = frozenset(rng.sample(HOUSES, rng.choice([0, 1, 2])))
        flywheel = rng.choice([None, *SET_KINDS, "no-set"])
        assert score_total(cards, rewards, house, leaders, flywheel) == (
            score_player(cards, rewards, house, leaders, flywheel).total
        )
        extra = best_flywheel_set(cards, rewards, house, leaders) if "flywheel-1" in cards else None
        assert best_total(cards, rewards, house, leaders) == score_player(cards, rewards, house, leaders, extra).total


def test_only_a_trouble_is_a_pixie():
    assert {card.kind for card in CARDS.values() if card.variant == "pixie"} == {"trouble"}


def test_final_scores_follow_the_tableau_they_are_remembered_for():
    state = next(state for state in random_states(3, 1) if state.phase == "over")
    before, _ = final_scores(state)
    state.rewards[0] += 10
    after, _ = final_scores(state)
    assert after[0] >= before[0] + 20 and after[1:] == before[1:]


def test_legal_is_a_fresh_list_of_shared_commands():
    state = GAME.setup(4, GAME.default_options(4), 3)
    first = GAME.legal(state, 0)
    first.clear()
    again = GAME.legal(state, 0)
    assert again is not GAME.legal(state, 0)
    assert again == [ev.PlaceToken(0, day, value) for day in range(5) for value in (1, 2, 3)]


def test_a_seat_given_as_true_still_gets_its_own_commands():
    state = GAME.setup(4, {**GAME.default_options(4), "first": 1}, 3)
    assert all(type(command.seat) is int for command in GAME.legal(state, 1))
    assert GAME.legal(state, True) and all(command.seat is True for command in GAME.legal(state, True))


# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_stack(stack: list[PlacedToken], seat: int) -> tuple[TokenView, ...]:
    return tuple(TokenView(t.seat, t.value if (t.revealed or t.seat == seat) else None, t.revealed) for t in stack)


def plain_suggestion(state: HouseCupState, seat: int) -> Command | None:
    if not state.tasks or state.tasks[-1].actor() != seat:
        return None
    task = state.tasks[-1]
    house, rewards = state.houses[seat], state.rewards[seat]
    if task.kind == "flywheel":
        leaders = quidditch_leaders(state.tableau, state.houses)
        return ev.ChooseFlywheelSet(seat, best_flywheel_set(state.tableau[seat], rewards, house, leaders))
    if task.kind == "search":  # (its suggestion has no fast path: tests/test_house_cup_flow.py checks it)
        return rules.best_suggestion(state, seat)
    return None


def plain_view(state: HouseCupState, seat: int) -> HouseCupView:
    legal = tuple(rules.legal(state, seat))
    if state.phase == "place":
        held = tuple(tuple(values) if other == seat else None for other, values in enumerate(state.held))
    else:
        held = tuple(tuple(values) for values in state.held)
    return HouseCupView(
        seat=seat,
        legal=legal,
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
        to_act=rules.to_act(state),
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        box=tuple(state.box),
        days=tuple(tuple(cards) for cards in state.days),
        under=tuple(plain_stack(stack, seat) for stack in state.under),
        held=held,
        held_count=tuple(len(values) for values in state.held),
        tableau=tuple(tuple(cards) for cards in state.tableau),
        rewards=tuple(state.rewards),
        supply=state.supply,
        tasks=tuple(_task_view(task, seat) for task in state.tasks),
        end_step=state.end_step,
        flywheel_set=state.flywheel_set,
        suggestion=plain_suggestion(state, seat) if legal else None,
    )


def fresh_placed(players: int, seat: int, day: int, value: int) -> tuple[ev.TokenPlaced, ev.TokenPlaced]:
    others = tuple(other for other in range(players) if other != seat)
    return ev.TokenPlaced(seat, day, value, to=(seat,)), ev.TokenPlaced(seat, day, None, to=others)


def game_record(players: int, seed: int) -> list:
    """Every step of a random game, every seat's view at each, as JSON."""
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.default_options(players), seed)
    record: list = [to_json(state)]
    while GAME.result(state) is None:
        views = [view_module.make_view(state, seat) for seat in range(players)]
        record.append([to_json(view) for view in views])
        events = GAME.apply(state, rng.choice(views[GAME.to_act(state)[0]].legal))
        record.append([to_json(event) for event in events])
        record.append(to_json(state))
    return record


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_a_whole_game_is_the_same_with_the_plain_code(players, seed, monkeypatch):
    fast = game_record(players, seed)
    with monkeypatch.context() as patch:
        patch.setattr(view_module, "make_view", plain_view)
        patch.setattr(rules, "_placed", fresh_placed)
        patch.setattr(rules, "_card_taken", ev.CardTaken)
        patch.setattr(moves, "_token_returned", ev.TokenReturned)
        plain = game_record(players, seed)
    assert len(fast) > 150
    assert fast == plain


@pytest.mark.parametrize("players", [2, 4])
def test_views_equal_the_plain_build(players):
    for state in random_states(players, 2, seed=5):
        for seat in range(players):
            view, plain = GAME.view(state, seat), plain_view(state, seat)
            assert view == plain and to_json(view) == to_json(plain)
            assert type(view.legal) is tuple and list(view.legal) == GAME.legal(state, seat)


def test_tokens_under_a_day_read_from_the_table_are_the_plain_ones():
    values = (-1, 0, 1, 2, 3, 4)
    tokens = [
        PlacedToken(owner, value, revealed)
        for owner in (-1, 0, 1, 2, 3, 4)
        for value in values
        for revealed in (False, True)
    ]
    for seat in (-1, 0, 1, 2, 3, 4, True):
        for token in tokens:
            under = [[token], [], [token, token]]
            expected = tuple(plain_stack(stack, seat) for stack in under)
            assert _under_view(under, seat) == expected and to_json(_under_view(under, seat)) == to_json(expected)
        assert _under_view([tokens], seat) == (plain_stack(tokens, seat),)


def test_events_built_once_equal_new_ones():
    assert rules._placed(4, 2, 3, 1) == fresh_placed(4, 2, 3, 1)
    assert rules._placed(4, 2, 3, 1) is rules._placed(4, 2, 3, 1)
    assert rules._card_taken(1, "potions-1", 2) == ev.CardTaken(1, "potions-1", 2)
    assert moves._token_returned(True, 2).seat is True and moves._token_returned(1, 2).seat is not True
