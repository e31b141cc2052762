"""The search bot answers even when a game's playouts would never end: each playout is cut."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tabletop.bots.ismcts import MAX_PLAYOUT, ISMCTSBot
from tabletop.core.protocol import Command, Game, View
from tabletop.core.rng import Rng
from tabletop.i18n import Phrase


@dataclass(frozen=True)
class Step(Command):
    seat: int
    size: int


@dataclass
class EndlessState:
    moves: int = 0


def endless_game() -> Game:
    """Two seats take turns forever: no command ever ends the game."""

    def legal(state: EndlessState, seat: int) -> list[Command]:
        return [Step(seat, 1), Step(seat, 2)]

    def play(state: EndlessState, command: Command) -> list:
        state.moves += 1
        if state.moves > 2 * MAX_PLAYOUT:
            raise AssertionError("a playout ran on past the cut")
        return []

    return Game(
        id="endless",
        title="Endless",
        blurb="",
        player_counts=(2,),
        rules_version=1,
        state_type=EndlessState,
        view_type=View,
        command_types={"Step": Step},
        default_options=lambda players: {},
        check_options=lambda players, options: None,
        seat_label=lambda options, seat: f"Seat {seat + 1}",
        setup=lambda players, options, seed: EndlessState(),
        to_act=lambda state: (state.moves % 2,),
        legal=legal,
        play=play,
        view=lambda state, seat: View(seat=seat, legal=tuple(legal(state, seat))),
        result=lambda state: None,
        sample=lambda view, rng: EndlessState(moves=view.seat),
        check_state=lambda state: [],
        describe=lambda event, names: "",
        progress=lambda state: Phrase("tabletop", ""),
    )


def test_a_game_that_never_ends_still_gets_an_answer():
    game = endless_game()
    bot = ISMCTSBot(game, budget=0.2)
    view = game.view(game.setup(2, {}, 1), 0)
    choice = bot.choose(view, Rng.from_seed(1))
    assert choice in view.legal
    assert bot.last.iterations >= 1
    assert MAX_PLAYOUT >= 1000  # longer than any real game of ours


def test_the_search_answers_when_no_time_is_left_at_all():
    """On a machine so loaded that the budget is gone before the first iteration, the bot still answers."""
    from tabletop.games import GAMES

    for game_id, players in (("house-cup", 2), ("stupefix", 4), ("house-cup-challenge", 2), ("thats-wizard", 2)):
        game = GAMES[game_id]
        state = game.setup(players, game.default_options(players), 5)
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        for budget, cap in ((0.0, 100), (-1.0, 100), (0.5, 0)):
            bot = ISMCTSBot(game, budget=budget, max_iterations=cap)
            assert bot.choose(view, Rng.from_seed(2)) in view.legal, (game_id, budget, cap)


def test_the_iteration_cap_is_exact_and_no_time_left_means_one_iteration():
    """The search makes ``max_iterations`` iterations and no more (the clock aside), and with its budget gone
    before it starts it makes its one iteration and answers."""
    game = endless_game()
    view = game.view(game.setup(2, {}, 1), 0)
    for cap in (1, 5, 20):
        bot = ISMCTSBot(game, budget=1e9, max_iterations=cap)
        assert bot.choose(view, Rng.from_seed(cap)) in view.legal
        assert bot.last.iterations == cap
    for budget in (0.0, -1.0):
        bot = ISMCTSBot(game, budget=budget, max_iterations=100)
        assert bot.choose(view, Rng.from_seed(3)) in view.legal
        assert bot.last.iterations == 1


@pytest.mark.parametrize("depth", [1, 3])
def test_a_playout_stops_at_the_games_playout_depth_and_is_judged_by_its_evaluation(depth):
    """A game with ``evaluate`` and ``playout_depth``: in each iteration the playout policy plays exactly
    ``playout_depth`` commands (the other seat's moves down the tree count too), then ``evaluate`` judges the
    world (never a playout of MAX_PLAYOUT commands)."""
    import dataclasses
    from collections import Counter

    from tabletop.core.protocol import SearchSettings

    worlds: list[EndlessState] = []
    played: Counter[int] = Counter()  # the policy's commands, by world
    judged: list[EndlessState] = []

    def sample(view: View, rng: Rng) -> EndlessState:
        worlds.append(EndlessState(moves=view.seat))
        return worlds[-1]

    def policy(game: Game, state: EndlessState, seat: int, legal: list[Command], rng: Rng) -> Command:
        played[id(state)] += 1
        return legal[rng.below(len(legal))]

    def evaluate(state: EndlessState, seat: int) -> float:
        judged.append(state)
        return 0.5

    settings = SearchSettings(playout_policy=policy, evaluate=evaluate, playout_depth=depth)
    game = dataclasses.replace(endless_game(), sample=sample, search=settings)
    bot = ISMCTSBot(game, budget=1e9, max_iterations=12)
    view = game.view(game.setup(2, {}, 1), 0)
    assert bot.choose(view, Rng.from_seed(1)) in view.legal
    assert len(worlds) == 12 and judged == worlds
    assert [played[id(world)] for world in worlds] == [depth] * 12
