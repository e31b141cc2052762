"""House Cup rules speed, one process: full 4-player random games per second and commands per second.

Two loops are timed:
- ``protocol``: the random choice straight from ``legal(state, seat)``, as a rules-only workload;
- ``bots``: the ``simulate`` path, where each random bot receives its seat's full View (legal commands,
  tokens, tableaux) before choosing, as the app and the arena do.

Usage: python benchmarks/house_cup_rules.py [--games 600] [--players 4]
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

from tabletop.games.house_cup import GAME  # noqa: E402
from tabletop.simulate import simulate  # noqa: E402


def protocol_loop(games: int, players: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    commands = 0
    start = time.perf_counter()
    for index in range(games):
        state = GAME.setup(players, GAME.default_options(players), seed + index)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            GAME.apply(state, rng.choice(GAME.legal(state, seat)))
            commands += 1
    seconds = time.perf_counter() - start
    return games / seconds, commands / seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=4, choices=GAME.player_counts)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    print(f"House Cup rules benchmark, {args.players} players, {args.games} random games x {args.repeats}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {platform.processor() or 'cpu'}")
    proto = [protocol_loop(args.games, args.players, 1000 * r) for r in range(args.repeats)]
    bots = [simulate(GAME, args.players, args.games, 1000 * r, ["random"]) for r in range(args.repeats)]
    print(
        f"protocol loop: {statistics.median(g for g, _ in proto):8.1f} games/s "
        f"{statistics.median(c for _, c in proto):10.0f} commands/s (median of {args.repeats})"
    )
    print(
        f"bots on views: {statistics.median(r.games_per_second for r in bots):8.1f} games/s "
        f"{statistics.median(r.commands_per_second for r in bots):10.0f} commands/s (median of {args.repeats})"
    )
    print("targets: >= 200 games/s and >= 20,000 commands/s")


if __name__ == "__main__":
    main()
