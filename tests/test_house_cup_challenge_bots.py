"""The greedy bot plays whole games on its own views: they end at 500 (the normal end) in about as many rounds
as the supplement's sharp playtest, and it beats the random bot."""

import statistics

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.simulate import simulate

# The supplement's playtest, sharp policy after the fixes: (10th percentile, median, 90th percentile, max).
PLAYTEST_SHARP = {2: (17, 18, 19, 21), 3: (16, 17, 18, 19), 4: (14, 15, 16, 17)}


def play(players, seed, bots):
    state = GAME.setup(players, GAME.default_options(players), seed)
    rngs = [Rng(seed * 31 + seat) for seat in range(players)]
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        command = bots[seat].choose(view, rngs[seat])
        assert command in view.legal
        GAME.apply(state, command)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_reach_500(players):
    bots = [make_bot(GAME, "greedy") for _ in range(players)]
    rounds = []
    for seed in range(8):
        state = play(players, seed, bots)
        assert state.end_reason == "500" and state.track >= 500
        rounds.append(state.round)
    low, median, high, longest = PLAYTEST_SHARP[players]
    print(
        f"{players} greedy players: median {statistics.median(rounds)} rounds, longest {max(rounds)} "
        f"(playtest sharp: median {median}, longest {longest})"
    )
    assert median - 3 <= statistics.median(rounds) <= median + 6


def test_greedy_beats_random():
    report = simulate(GAME, 2, 20, 7, ["greedy", "random"])
    assert report.errors == 0
    assert report.wins[0] >= 17
