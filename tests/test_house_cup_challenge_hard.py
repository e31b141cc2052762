"""The House Cup Challenge Hard bot (issue 16, item 3): its playouts follow the Medium plan and always play a legal
command, its cut playouts are judged by VP plus the adventures within reach, and its search, capped by
iterations, answers legally and the same way for the same seed. (Its strength against Medium is measured by
benchmarks/house_cup_challenge_hard.py, not here: those games take minutes.)"""

import math

import pytest

from tabletop.bots import make_bot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.moves import worth_weighing
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge.board import DISTANCES
from tabletop.games.house_cup_challenge.bots import (
    SEARCH_WIDTH,
    GreedyBot,
    evaluate_standing,
    greedy_playout_policy,
    search_candidates,
    standing,
)
from tests.house_cup_challenge_positions import position

FLAMEL = "Y1-13"  # Nicolas Flamel: Knowledge 3, played only in the Library (C5)


def test_the_hard_bot_plays_out_with_the_medium_plan_and_judges_cut_playouts_by_standing():
    search = GAME.search
    assert search.playout_policy is greedy_playout_policy
    assert search.evaluate is not None and search.playout_depth is not None
    state = GAME.setup(2, GAME.default_options(2), 4)
    state.players[0].vp = 30
    assert search.evaluate(state, 0) == pytest.approx(evaluate_standing(state, 0))


def test_a_lead_of_a_few_vp_counts_as_clear_at_2_players_and_not_at_4():
    # At 2 players the cut playouts judge a lead on a narrow scale, so that actions a few VP apart differ; at 4,
    # where the best of three rivals is often far ahead, on the wide one.
    for players, low, high in ((2, 0.8, 0.95), (4, 0.54, 0.6)):
        state = GAME.setup(players, GAME.default_options(players), 4)
        for player in state.players:
            player.vp = 0
        rival = max(standing(state, other) for other in range(1, players))
        state.players[0].vp = round(5 + rival - standing(state, 0))  # 5 ahead of the best rival, reach counted
        assert low < evaluate_standing(state, 0) < high, (players, evaluate_standing(state, 0))


@pytest.mark.parametrize("players", [2, 4])
def test_the_playout_policy_plays_what_medium_plays_and_always_a_legal_command(players):
    # Games of mixed random and Medium moves reach every kind of choice (encounters, boosts, who encounters,
    # New Year, hand limit); at each, the playout policy answers from the full state's legal commands.
    medium = GreedyBot()
    kinds = set()
    checked = 0
    for seed in range(3):
        state = GAME.setup(players, GAME.default_options(players), 40 + seed)
        rng = Rng(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = worth_weighing(GAME, GAME.legal(state, seat))
            command = greedy_playout_policy(GAME, state, seat, legal, Rng(checked))
            assert command in legal
            if len(legal) > 1:
                assert command == medium.choose(GAME.view(state, seat), Rng(checked))
                kinds.add(state.tasks[-1].kind)
            checked += 1
            GAME.apply(state, command if rng.below(3) else legal[rng.below(len(legal))])
    assert {"action", "encounter", "place"} <= kinds
    assert checked > 300


def test_the_evaluation_counts_vp_and_the_adventures_within_reach():
    def table(vps=(0, 0), near=True):
        library = "C5"
        close = next(cell for cell, d in DISTANCES[library].items() if d == 2)
        far = max(DISTANCES[library], key=lambda cell: DISTANCES[library][cell])
        state = position(
            characters=("harry", "hermione"),
            cells=(close if near else far, far),
            abilities=((3, 2, 2), (1, 1, 1)),  # Harry passes Flamel (K3); Hermione, at K1, cannot
            board={library: FLAMEL},
        )
        for player, vp in zip(state.players, vps, strict=True):
            player.vp = vp
        return state

    even, scale = table(), 40.0
    assert evaluate_standing(even, 0, scale) > 0.5 > evaluate_standing(even, 1, scale)  # Flamel is Harry's only
    assert evaluate_standing(table(near=False), 0, scale) < evaluate_standing(even, 0, scale)  # 2 spaces, not 13
    assert standing(table(near=False), 0) > standing(table(near=False), 1)
    behind, ahead = table(vps=(0, 40)), table(vps=(40, 0))
    assert evaluate_standing(behind, 0, scale) < 0.5 < evaluate_standing(ahead, 0, scale)
    for state in (even, behind, ahead):  # two players: one's chance is the other's loss
        assert math.isclose(evaluate_standing(state, 0, scale) + evaluate_standing(state, 1, scale), 1.0)


def capped_hard(iterations: int = 40) -> ISMCTSBot:
    bot = make_bot(GAME, "hard")
    assert isinstance(bot, ISMCTSBot)
    bot.budget, bot.max_iterations = 1e9, iterations  # the iteration cap decides, not the clock
    return bot


def test_the_hard_bot_answers_legally_and_the_same_way_for_the_same_seed():
    medium = make_bot(GAME, "medium")
    for players in (2, 4):
        state = GAME.setup(players, GAME.default_options(players), 21)
        rng = Rng(3)
        searched = 0
        while searched < 4:
            seat = GAME.to_act(state)[0]
            view = GAME.view(state, seat)
            if view.tasks[-1].kind == "action" and len(view.legal) > SEARCH_WIDTH:
                first, second = capped_hard(), capped_hard()
                command = first.choose(view, Rng(searched))
                assert command in view.legal
                assert second.choose(view, Rng(searched)) == command
                assert 0 < first.last.iterations <= 40
                assert set(first.last.searched) <= {*search_candidates(view, list(view.legal)), command}
                searched += 1
            GAME.apply(state, medium.choose(view, rng))
