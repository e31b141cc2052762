"""Stupéfix's fast paths give exactly what the plain code gives: the view built straight into its fields, the
legal commands built once, the search's playout policy reading the state, the events built once and the urns
valued from a table."""

from __future__ import annotations

import dataclasses

from tabletop.bots.ismcts import heuristic_policy
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.bots import GreedyBot, playout_policy
from tabletop.games.stupefix.cards import LATECOMER, POTIONS_MASTER, REWARDS
from tabletop.games.stupefix.events import CastChosen, RewardTaken, WandPointed, shared, told_apart
from tabletop.games.stupefix.scoring import urn_value
from tabletop.games.stupefix.view import StupefixView
from tests.stupefix_helpers import new


def positions(players: int, seed: int):
    """Every position of a game played half by the greedy bot, half at random."""
    state = new(players, seed=seed, chouchou=None)
    greedy, rng = GreedyBot(), Rng(seed)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        yield state, seat
        view = GAME.view(state, seat)
        command = greedy.choose(view, rng) if rng.below(2) else view.legal[rng.below(len(view.legal))]
        GAME.apply(state, command)


def test_a_view_is_the_dataclass_its_fields_make():
    names = [field.name for field in dataclasses.fields(StupefixView)]
    for players, seed in ((4, 1), (6, 2), (8, 3)):
        for state, _ in positions(players, seed):
            for seat in range(players):
                view = GAME.view(state, seat)
                assert list(vars(view)) == names
                assert view == StupefixView(**{name: getattr(view, name) for name in names})
                legal = GAME.legal(state, seat)
                assert tuple(legal) == view.legal
                legal.clear()  # each call hands out its own list of the shared commands
                assert tuple(GAME.legal(state, seat)) == view.legal


def test_the_playout_policy_plays_the_greedy_bot_on_the_view_draw_for_draw():
    on_views = heuristic_policy(GreedyBot())
    checked = 0
    for players, seed in ((4, 4), (5, 5), (8, 6)):
        for number, (state, seat) in enumerate(positions(players, seed)):
            legal = GAME.legal(state, seat)
            for draw in range(3):
                mine, theirs = Rng(number * 7 + draw), Rng(number * 7 + draw)
                assert playout_policy(GAME, state, seat, legal, mine) == on_views(GAME, state, seat, legal, theirs)
                assert mine.state == theirs.state
                checked += 1
    assert checked > 1000


def test_events_built_once_equal_new_ones():
    assert shared(WandPointed, 2, 5) == WandPointed(2, 5)
    assert shared(RewardTaken, 1, "potion", True) == RewardTaken(1, "potion", True)
    assert shared(WandPointed, 2, 1).target is not True and shared(WandPointed, 2, True).target is True
    mine, others = told_apart(CastChosen, 5, 3, True)
    assert mine == CastChosen(3, True, to=(3,)) and others == CastChosen(3, None, to=(0, 1, 2, 4))


def test_an_urn_is_worth_its_cards():
    rng = Rng(9)
    kinds = [*REWARDS, "maitre", "retardataire"]
    for _ in range(200):
        cards = [kinds[rng.below(len(kinds))] for _ in range(rng.below(30))]
        plain = sum(
            POTIONS_MASTER if card == "maitre" else LATECOMER if card == "retardataire" else REWARDS[card].points
            for card in cards
        )
        assert urn_value(cards) == plain
