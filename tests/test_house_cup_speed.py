"""House Cup's fast paths give exactly what the plain code gives: the View filled without its __init__, the events
with their own __init__, the score totals without the lines, the shared legal commands."""

import dataclasses
import inspect
import random

import pytest

from tabletop.core.protocol import Event
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS, HOUSES, SET_KINDS
from tabletop.games.house_cup.flow import final_scores
from tabletop.games.house_cup.scoring import best_flywheel_set, best_total, score_player, score_total
from tabletop.games.house_cup.view import HouseCupView


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
