"""The search's Stupéfix playouts give exactly what the plain code gives: ``legal`` asking whether one seat acts
instead of listing every seat still to choose, the most of the other seats' counts read from slices, and the
position's estimate from the houses' totals alone."""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME, SCORE_SCALE
from tabletop.games.stupefix.bots import GreedyBot, most_of_others
from tabletop.games.stupefix.cards import LATECOMER, POTIONS_MASTER
from tabletop.games.stupefix.rules import is_acting, legal_for, to_act
from tabletop.games.stupefix.scoring import (
    evaluate_position,
    house_tallies,
    house_totals,
    latecomers,
    potions_master,
)
from tabletop.games.stupefix.state import StupefixState
from tests.stupefix_helpers import new

# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_most_of_others(counts: Sequence[int], seat: int) -> int:
    return max([count for other, count in enumerate(counts) if other != seat], default=0)


def plain_evaluate(state: StupefixState, seat: int, scale: float) -> float:
    totals = {house: float(t.total) for house, t in house_tallies(state.houses, state.urns, state.faveurs).items()}
    for other, points in enumerate(state.round_points):
        totals[state.houses[other]] += sum(points)
    master = potions_master(state.potions)
    if master is not None:
        totals[state.houses[master]] += POTIONS_MASTER
    for late in latecomers(state.retard):
        totals[state.houses[late]] += LATECOMER
    mine = totals[state.houses[seat]]
    rival = max((total for house, total in totals.items() if house != state.houses[seat]), default=0.0)
    return 0.5 + 0.5 * math.tanh((mine - rival) / scale)


# --- the checks ----------------------------------------------------------------------------------------------


def positions(players: int, seed: int):
    """Every position of a game played half by the greedy bot, half at random."""
    state = new(players, seed=seed, chouchou=None)
    greedy, rng = GreedyBot(), Rng(seed)
    while True:
        yield state
        if GAME.result(state) is not None:
            return
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        command = greedy.choose(view, rng) if rng.below(2) else view.legal[rng.below(len(view.legal))]
        GAME.apply(state, command)


def test_legal_asks_whether_the_seat_acts_as_to_act_lists_them():
    checked = 0
    for players, seed in ((4, 1), (5, 2), (7, 3), (8, 4)):
        for state in positions(players, seed):
            acting = to_act(state)
            for seat in (-1, *range(players), players, True, False):
                assert is_acting(state, seat) == (seat in acting)
                assert GAME.legal(state, seat) == list(legal_for(state, seat, acting))
                checked += 1
    assert checked > 3000


def test_the_estimate_and_the_counts_are_the_plain_ones():
    for players, seed in ((4, 5), (6, 6), (8, 7)):
        for state in positions(players, seed):
            tallies = house_tallies(state.houses, state.urns, state.faveurs)
            assert house_totals(state.houses, state.urns, state.faveurs) == {h: t.total for h, t in tallies.items()}
            for seat in range(players):
                assert evaluate_position(state, seat, SCORE_SCALE) == plain_evaluate(state, seat, SCORE_SCALE)
                for counts in (state.retard, state.potions, tuple(state.faveurs)):
                    assert most_of_others(counts, seat) == plain_most_of_others(counts, seat)
    assert most_of_others([], 0) == 0 and most_of_others([3], 0) == 0
