"""The search's paired comparison (``SearchSettings.paired_margin``): candidates played on the same worlds."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core.protocol import Command, Game, Result, SearchSettings, View
from tabletop.core.rng import Rng
from tabletop.i18n import Phrase


@dataclass(frozen=True)
class Pick(Command):
    seat: int
    bonus: int
    name: str


SAFE, BETTER, SAME = Pick(0, 0, "safe"), Pick(0, 1, "better"), Pick(0, 0, "same")


@dataclass
class LuckState:
    luck: int  # hidden from the seat: each sampled world deals its own
    picked: Pick | None = None


class SafeBot:
    """The heuristic the search starts from: always the safe pick."""

    id = "safe"

    def choose(self, view: View, rng: Rng) -> Command:
        return SAFE


def luck_game(margin: float | None) -> Game:
    """One seat picks once; its worth is a hidden luck of 0-999 plus the pick's bonus of 0 or 1. The luck swamps
    the bonus, so only moves compared on the same worlds can tell the better pick from the safe one."""

    def legal(state: LuckState, seat: int) -> list[Command]:
        return [SAFE, BETTER, SAME]

    def play(state: LuckState, command: Command) -> list:
        assert isinstance(command, Pick)
        state.picked = state.picked or command  # the first pick counts; the search cuts every playout after it
        return []

    def result(state: LuckState) -> Result | None:
        return None  # the game is judged by ``evaluate`` (a cut playout)

    def worth(state: LuckState, seat: int) -> float:
        return (state.luck + (state.picked.bonus if state.picked else 0)) / 1001

    return Game(
        id="luck",
        title="Luck",
        blurb="",
        player_counts=(1,),
        rules_version=1,
        state_type=LuckState,
        view_type=View,
        command_types={"Pick": Pick},
        default_options=lambda players: {},
        check_options=lambda players, options: None,
        seat_label=lambda options, seat: "Seat 1",
        setup=lambda players, options, seed: LuckState(luck=Rng.from_seed(seed).below(1000)),
        to_act=lambda state: (0,),
        legal=legal,
        play=play,
        view=lambda state, seat: View(seat=seat, legal=tuple(legal(state, seat))),
        result=result,
        sample=lambda view, rng: LuckState(luck=rng.below(1000)),
        check_state=lambda state: [],
        describe=lambda event, names: "",
        progress=lambda state: Phrase("tabletop", ""),
        search=SearchSettings(evaluate=worth, playout_depth=0, paired_margin=margin),
    )


def choices(game: Game, iterations: int, seeds: range) -> list[Command]:
    bot = ISMCTSBot(game, budget=1e9, max_iterations=iterations, prior=SafeBot())
    view = game.view(game.setup(1, {}, 7), 0)
    return [bot.choose(view, Rng.from_seed(seed)) for seed in seeds]


def test_paired_playouts_find_a_small_sure_gain_that_luck_hides():
    picks = choices(luck_game(1.5), 30, range(20))  # ten worlds for each of the three picks
    assert picks == [BETTER] * 20
    # The tree search spreads the same playouts over independent worlds: luck decides, so it keeps the safe pick.
    tree = choices(luck_game(None), 30, range(20))
    assert tree.count(BETTER) < 10


def test_a_move_no_better_than_the_heuristics_never_replaces_it():
    game = luck_game(1.5)
    no_gain = dataclasses.replace(game, legal=lambda state, seat: [SAFE, SAME])
    assert choices(no_gain, 20, range(20)) == [SAFE] * 20


def test_each_round_plays_every_candidate_and_no_playout_means_the_heuristics_move():
    game = luck_game(1.5)
    bot = ISMCTSBot(game, budget=1e9, max_iterations=10, prior=SafeBot())
    bot.choose(game.view(game.setup(1, {}, 7), 0), Rng.from_seed(1))
    assert bot.last.iterations == 9  # three whole rounds of three: a fourth would pass the cap
    assert set(bot.last.searched) == {SAFE, BETTER, SAME}
    bot.max_iterations = 9  # a cap that whole rounds fill exactly: all of it
    bot.choose(game.view(game.setup(1, {}, 7), 0), Rng.from_seed(1))
    assert bot.last.iterations == 9
    bot.max_iterations = 0
    assert bot.choose(game.view(game.setup(1, {}, 7), 0), Rng.from_seed(1)) == SAFE
