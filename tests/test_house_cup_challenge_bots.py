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


def test_the_hard_bot_compares_only_the_best_few_actions_of_a_wide_choice():
    from tabletop.bots.ismcts import ISMCTSBot
    from tabletop.games.house_cup_challenge.bots import SEARCH_WIDTH, GreedyBot, search_candidates

    greedy = make_bot(GAME, "greedy")
    state = GAME.setup(2, GAME.default_options(2), 11)
    rng = Rng(11)
    checked = 0
    while checked < 3:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        if view.tasks[-1].kind == "action" and len(view.legal) > 2 * SEARCH_WIDTH:
            best = search_candidates(view, list(view.legal))
            assert len(best) == SEARCH_WIDTH and set(best) <= set(view.legal)
            hard = ISMCTSBot(GAME, budget=5.0, max_iterations=60, prior=GreedyBot(), policy=GAME.search.playout_policy)
            chosen = hard.choose(view, Rng(checked))
            prior = GreedyBot().choose(view, Rng(checked))
            assert set(hard.last.searched) <= {*best, prior} and len(hard.last.searched) >= SEARCH_WIDTH
            assert chosen in hard.last.searched
            checked += 1
        GAME.apply(state, greedy.choose(view, rng))
