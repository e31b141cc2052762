"""What the tree search answers, on a one-move game: the winning move wherever it lies among the legal ones, over
its heuristic's move on clear evidence, and it stops early only once the leader cannot be overtaken."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core.protocol import Command, Game, Result, View
from tabletop.core.rng import Rng
from tabletop.i18n import Phrase


@dataclass(frozen=True)
class Pick(Command):
    seat: int
    name: str


@dataclass
class PickState:
    picked: Pick | None = None


def pick_game(winning: tuple[str, ...], names: tuple[str, ...] = ("a", "b", "win", "c")) -> Game:
    """Seat 0 picks once and the game ends: a pick in ``winning`` wins it for seat 0 (10 to 0), any other for
    seat 1 (0 to 10)."""

    def legal(state: PickState, seat: int) -> list[Command]:
        return [Pick(seat, name) for name in names] if state.picked is None else []

    def play(state: PickState, command: Command) -> list:
        assert isinstance(command, Pick)
        state.picked = command
        return []

    def result(state: PickState) -> Result | None:
        if state.picked is None:
            return None
        won = state.picked.name in winning
        return Result((10, 0) if won else (0, 10), (0,) if won else (1,), "")

    return Game(
        id="pick",
        title="Pick",
        blurb="",
        player_counts=(2,),
        rules_version=1,
        state_type=PickState,
        view_type=View,
        command_types={"Pick": Pick},
        default_options=lambda players: {},
        check_options=lambda players, options: None,
        seat_label=lambda options, seat: f"Seat {seat + 1}",
        setup=lambda players, options, seed: PickState(),
        to_act=lambda state: (0,),
        legal=legal,
        play=play,
        view=lambda state, seat: View(seat=seat, legal=tuple(legal(state, seat))),
        result=result,
        sample=lambda view, rng: PickState(),
        check_state=lambda state: [],
        describe=lambda event, names: "",
        progress=lambda state: Phrase("tabletop", ""),
    )


class FirstBot:
    """A heuristic that always suggests the first legal move."""

    id = "first"

    def choose(self, view: View, rng: Rng) -> Command:
        return view.legal[0]


def test_the_search_plays_the_winning_move_wherever_it_lies_and_over_its_heuristics_move():
    game = pick_game(winning=("win",))
    view = game.view(game.setup(2, {}, 1), 0)
    assert view.legal[2] == Pick(0, "win")
    for seed in range(6):
        bot = ISMCTSBot(game, budget=1e9, max_iterations=30)
        assert bot.choose(view, Rng.from_seed(seed)) == Pick(0, "win"), seed
        # The heuristic suggests a losing move: the playouts' clear evidence overrules it.
        seeded = ISMCTSBot(game, budget=1e9, max_iterations=60, prior=FirstBot())
        assert seeded.choose(view, Rng.from_seed(seed)) == Pick(0, "win"), seed


def test_the_search_stops_early_only_when_the_leader_cannot_be_overtaken():
    """Every 32 iterations the search asks whether the most visited move can still be caught in the iterations
    left: with one winning move it stops at 32 of 40; with two equal moves it goes on to the cap."""
    one_sided = pick_game(winning=("win",), names=("lose", "win"))
    even = pick_game(winning=("a", "b"), names=("a", "b"))
    for game, iterations in ((one_sided, 32), (even, 40)):
        bot = ISMCTSBot(game, budget=1e9, max_iterations=40)
        bot.choose(game.view(game.setup(2, {}, 1), 0), Rng.from_seed(4))
        assert bot.last.iterations == iterations, game.legal(PickState(), 0)


def test_the_reward_is_the_teams_win_and_its_margin_over_the_other_teams():
    """In a team game a seat's reward is its team's: a win shared by the team is a full win for each member
    (``winners`` lists the whole team), shared only with another winning team, and the margin is over the best
    score of the other teams (a teammate's score changes nothing)."""
    import dataclasses

    from tabletop.core.protocol import SearchSettings

    game = dataclasses.replace(pick_game(("win",)), search=SearchSettings(team_of=lambda state, seat: seat % 2))
    bot = ISMCTSBot(game, budget=1e9, max_iterations=1)
    state = PickState()

    def reward(scores: tuple[int, ...], winners: tuple[int, ...] = (0, 2)) -> float:
        return bot.reward(state, 0, Result(scores, winners, ""))

    alone = ISMCTSBot(pick_game(("win",)), budget=1e9, max_iterations=1)  # no teams: seat 0 wins alone
    assert reward((60, 10, 0, 10)) == alone.reward(state, 0, Result((60, 10, 0, 10), (0,), "")) > 0.85
    assert reward((60, 10, 60, 10)) == reward((60, 10, 0, 10))  # seat 2 is seat 0's teammate
    assert reward((60, 10, 0, 10)) > reward((60, 50, 0, 10)) > reward((60, 60, 0, 10), (0, 1, 2, 3))
    assert 0.85 / 2 < reward((60, 60, 0, 10), (0, 1, 2, 3)) < 0.85 / 2 + 0.15  # a tie of the two teams: half
    assert reward((60, 50, 0, 10), (1, 3)) < reward((60, 10, 0, 10), (1, 3)) < 0.15  # a loss, by its margin


def test_the_tree_search_weighs_only_the_root_moves_its_game_narrows_it_to():
    """``search_candidates``: the search expands only those root moves (and the heuristic's), however good
    another is; its answer is one of them."""
    import dataclasses

    from tabletop.core.protocol import SearchSettings

    narrowed = SearchSettings(search_candidates=lambda view, legal: [legal[1], legal[3]])
    game = dataclasses.replace(pick_game(("win",)), search=narrowed)
    view = game.view(game.setup(2, {}, 1), 0)
    bot = ISMCTSBot(game, budget=1e9, max_iterations=20)
    assert bot.choose(view, Rng.from_seed(2)) in (Pick(0, "b"), Pick(0, "c"))
    assert set(bot.last.searched) == {Pick(0, "b"), Pick(0, "c")}
    seeded = ISMCTSBot(game, budget=1e9, max_iterations=20, prior=FirstBot())
    seeded.choose(view, Rng.from_seed(2))
    assert set(seeded.last.searched) == {Pick(0, "a"), Pick(0, "b"), Pick(0, "c")}
