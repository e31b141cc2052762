"""The positions the hard bot reads when a playout is cut short: a leader is ahead, a win chance stays in 0..1."""

from __future__ import annotations

import pytest

from tabletop.games import GAMES
from tabletop.games.stupefix.cards import POTIONS_MASTER
from tabletop.games.stupefix.scoring import potions_master
from tests import stupefix_helpers


def test_stupefix_evaluation_counts_urns_points_in_front_and_the_potions_master():
    game = GAMES["stupefix"]
    state = stupefix_helpers.new(4)
    assert len(set(state.houses)) == 4  # four houses of one
    even = [game.search.evaluate(state, seat) for seat in range(4)]
    assert even == [pytest.approx(0.5)] * 4
    state.round_points[2].append(150)  # taken this round, not yet in the urn: it still counts
    assert game.search.evaluate(state, 2) > 0.5 > game.search.evaluate(state, 0)
    state.potions = [0, 0, 0, 3]  # seat 3 would be Maître des Potions now (+100)
    assert potions_master(state.potions) == 3 and POTIONS_MASTER > 0
    assert game.search.evaluate(state, 3) > game.search.evaluate(state, 1)
    assert all(0.0 < game.search.evaluate(state, seat) < 1.0 for seat in range(4))


def test_stupefix_evaluation_is_the_same_for_teammates():
    game = GAMES["stupefix"]
    state = stupefix_helpers.new(6)
    mates = [seat for seat in range(6) if state.houses[seat] == state.houses[0]]
    assert len(mates) >= 2
    state.round_points[mates[1]].append(90)
    assert game.search.evaluate(state, mates[0]) == game.search.evaluate(state, mates[1]) > 0.5


def test_house_cup_challenge_evaluation_follows_the_vp_lead():
    game = GAMES["house-cup-challenge"]
    state = game.setup(2, game.default_options(2), 3)
    state.players[0].vp, state.players[1].vp = 40, 10
    ahead, behind = game.search.evaluate(state, 0), game.search.evaluate(state, 1)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)
