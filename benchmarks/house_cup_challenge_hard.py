"""House Cup Challenge Hard against Medium (issue 16, item 3): N seat-rotated games, the search capped by iterations.

A time-budgeted search gets fewer iterations when the shared machine is busy, so here Hard (``ISMCTSBot``) runs a
fixed number of iterations per decision (``--iterations``, the count its budget gives on this machine idle; the
process CPU time per decision, printed too, stands for that idle time). One Hard plays against Medium in every
other seat (``--players`` 2 or 4); game ``k`` uses seed ``--seed + k`` and seats Hard at seat ``k % players``
(``tabletop.arena.play_game``). Variants of the search settings (``--policy``, ``--evaluate``, ``--depth``,
``--width``, ``--prior-weight``, ``--scale``) play the same deals, so their VP margins compare pair by pair.

Prints Hard's win rate with its 95% Wilson interval, the mean VP margin (Hard's VP less the best rival's), and
Hard's iterations per decision and think time (wall and CPU), median and 95th percentile.

Usage: nice .venv/bin/python benchmarks/house_cup_challenge_hard.py [--players 2] [--games 40] [--seed 1]
       [--iterations 120] [--policy greedy|quick] [--evaluate standing|vp] [--depth 16] [--width 6]
       [--prior-weight 6] [--scale 40]   (the search flags default to the game's own settings)
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.arena import percentile, play_game, wilson  # noqa: E402
from tabletop.bots.ismcts import ISMCTSBot  # noqa: E402
from tabletop.core.protocol import Command, Game, View  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games.house_cup_challenge import GAME, bots  # noqa: E402
from tabletop.games.house_cup_challenge import evaluate as vp_evaluate  # noqa: E402

POLICIES = {"quick": bots.playout_policy, "greedy": bots.greedy_playout_policy}


class CappedHard(ISMCTSBot):
    """Hard with an iteration cap instead of a clock, noting each real decision's iterations and CPU time."""

    iterations: list[int] = []
    cpu: list[float] = []
    departures: list[bool] = []  # per searched decision: whether Hard left the Medium move its search started from

    def choose(self, view: View, rng: Rng) -> Command:
        tick = time.process_time()
        command = super().choose(view, rng)
        if self.last.iterations:
            CappedHard.iterations.append(self.last.iterations)
            CappedHard.cpu.append(time.process_time() - tick)
            assert isinstance(self.prior, NotedPrior)
            CappedHard.departures.append(command != self.prior.suggested)
        return command


class NotedPrior(bots.GreedyBot):
    """The Medium plan as Hard's prior, remembering the move it suggested last."""

    suggested: Command | None = None

    def choose(self, view: View, rng: Rng) -> Command:
        self.suggested = super().choose(view, rng)
        return self.suggested


def variant(args: argparse.Namespace) -> Game:
    """The game as the capped Hard sees it: its own search settings less those a flag changes, and a
    ``hard-capped`` bot type."""
    search = GAME.search
    changes: dict[str, Any] = {}
    if args.policy:
        changes["playout_policy"] = POLICIES[args.policy]
    if args.evaluate == "vp":
        changes["evaluate"] = vp_evaluate
    elif args.evaluate or args.scale:
        changes["evaluate"] = functools.partial(bots.evaluate_standing, scale=args.scale or None)
    if args.depth:
        changes["playout_depth"] = args.depth
    if args.paired is not None:
        changes["paired_margin"] = args.paired if args.paired >= 0 else None
    if args.width:
        changes["search_candidates"] = functools.partial(bots.search_candidates, width=args.width)
    game = dataclasses.replace(GAME, search=dataclasses.replace(search, **changes))

    def capped() -> CappedHard:
        bot = CappedHard(game, budget=1e9, max_iterations=args.iterations, bot_id="hard-capped")
        bot.prior, bot.prior_weight = NotedPrior(), args.prior_weight
        return bot

    return dataclasses.replace(game, bot_types={**GAME.bot_types, "hard-capped": capped})


def summary(outcomes: list[dict[str, Any]], args: argparse.Namespace, seconds: float) -> str:
    wins = sum(outcome["wins"][0] for outcome in outcomes)
    games = len(outcomes)
    low, high = wilson(wins, games)
    margins = [outcome["scores"][0] - max(outcome["scores"][1:]) for outcome in outcomes]
    thinks = [think for outcome in outcomes for think in outcome["thinks"][0]]
    iterations, cpu = CappedHard.iterations, CappedHard.cpu
    return "\n".join(
        [
            f"settings: players {args.players}, seed {args.seed}, iterations {args.iterations}, policy"
            f" {args.policy or 'game'}, evaluate {args.evaluate or 'game'}, depth {args.depth or 'game'}, width"
            f" {args.width or 'game'}, prior weight {args.prior_weight}, scale {args.scale or 'game'}, paired"
            f" {'game' if args.paired is None else args.paired}",
            f"Hard won {wins:g} of {games} = {wins / games:.1%} (95% CI {low:.1%}-{high:.1%}; fair share"
            f" {1 / args.players:.0%}); mean VP margin {statistics.fmean(margins):+.1f}"
            f" (sd {statistics.pstdev(margins):.1f})",
            f"decisions {len(iterations)}; iterations median {statistics.median(iterations):.0f}; think wall median"
            f" {statistics.median(thinks):.3f} s p95 {percentile(thinks, 95):.3f} s; CPU median"
            f" {statistics.median(cpu):.3f} s p95 {percentile(cpu, 95):.3f} s; {seconds / games:.1f} s a game;"
            f" Hard left Medium's move at {statistics.fmean(CappedHard.departures):.1%} of its searched decisions",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to split a trial in parts)")
    parser.add_argument("--iterations", type=int, default=120, help="Hard's search iterations per decision")
    # The search settings default to the game's own (tabletop/games/house_cup_challenge/__init__.py).
    parser.add_argument("--policy", choices=sorted(POLICIES), default="", help="playout policy")
    parser.add_argument("--evaluate", choices=("standing", "vp"), default="", help="a cut playout's evaluation")
    parser.add_argument("--depth", type=int, default=0, help="playout commands before the evaluation")
    parser.add_argument("--width", type=int, default=0, help="actions compared")
    parser.add_argument("--prior-weight", type=int, default=6)
    parser.add_argument(
        "--paired",
        type=float,
        default=None,
        help="compare the candidates flat on shared worlds, with this margin"
        " (standard errors); negative: the tree search",
    )
    parser.add_argument("--scale", type=float, default=0.0, help="the lead that counts as clear at a cut")
    args = parser.parse_args()
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    game = variant(args)
    entries = ["hard-capped", *["medium"] * (args.players - 1)]
    outcomes: list[dict[str, Any]] = []
    start = time.perf_counter()
    for index in range(args.first, args.first + args.games):
        outcome = play_game(game, args.players, entries, index, args.seed)
        outcomes.append(outcome)
        margin = outcome["scores"][0] - max(outcome["scores"][1:])
        won = sum(o["wins"][0] for o in outcomes)
        print(
            f"game {index + 1}: Hard {outcome['scores'][0]} margin {margin:+d}, won {won:g}/{len(outcomes)}", flush=True
        )
    print(summary(outcomes, args, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
