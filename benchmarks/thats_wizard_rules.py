"""That's Wizard! rules speed, one process: random 1 vs 1 best-of-three matches per second (target >= 100/s).

Two loops are timed, as for House Cup:
- ``protocol``: a random command straight from ``legal(state, seat)``, a rules-only workload;
- ``bots``: the ``simulate`` path, where each random bot receives its seat's full View before choosing.
Duos matches are timed too, for the record.

Usage: python benchmarks/thats_wizard_rules.py [--games 600] [--repeats 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.games.thats_wizard import GAME  # noqa: E402
from tabletop.simulate import simulate  # noqa: E402


def protocol_loop(games: int, players: int, seed: int) -> tuple[float, float, float]:
    rng = random.Random(seed)
    commands = 0
    start = time.perf_counter()
    for index in range(games):
        state = GAME.setup(players, GAME.default_options(players), seed + index)
        while GAME.result(state) is None:
            actors = GAME.to_act(state)
            seat = actors[rng.randrange(len(actors))]
            GAME.apply(state, rng.choice(GAME.legal(state, seat)))
            commands += 1
    seconds = time.perf_counter() - start
    return games / seconds, commands / seconds, commands / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    print(f"That's Wizard! rules benchmark, {args.games} random matches x {args.repeats}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {platform.processor() or 'cpu'}")
    for players, label in ((2, "1 vs 1, best of three"), (4, "Duos")):
        games = args.games if players == 2 else max(1, args.games // 2)
        proto = [protocol_loop(games, players, 1000 * r) for r in range(args.repeats)]
        bots = [simulate(GAME, players, games, 1000 * r, ["random"]) for r in range(args.repeats)]
        print(f"{label}:")
        print(
            f"  protocol loop: {statistics.median(g for g, _, _ in proto):8.1f} matches/s "
            f"{statistics.median(c for _, c, _ in proto):10.0f} commands/s "
            f"({statistics.median(n for _, _, n in proto):.0f} commands a match, median of {args.repeats})"
        )
        print(
            f"  bots on views: {statistics.median(r.games_per_second for r in bots):8.1f} matches/s "
            f"{statistics.median(r.commands_per_second for r in bots):10.0f} commands/s (median of {args.repeats})"
        )
    print("target: >= 100 random 1 vs 1 matches/s")


if __name__ == "__main__":
    main()
