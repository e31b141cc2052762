"""Stupéfix rules speed, one process: full random 8-player games per second (target >= 100/s).

Two loops are timed:
- ``protocol``: the random choice straight from ``legal(state, seat)``, a rules-only workload;
- ``bots``: the ``simulate`` path, where each random bot receives its seat's full View before choosing, as the
  app and ``tabletop simulate stupefix`` do.

Both are wall-clock figures; the CPU time of this process is printed too, since the machine may be shared.

Usage: python benchmarks/stupefix_rules.py [--games 400] [--players 8]
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

from tabletop.games.stupefix import GAME  # noqa: E402
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
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=8, choices=GAME.player_counts)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    print(f"Stupéfix rules benchmark, {args.players} players, {args.games} random games x {args.repeats}")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {platform.processor() or 'cpu'}")
    proto = [protocol_loop(args.games, args.players, 1000 * r) for r in range(args.repeats)]
    bots, cpu = [], []
    for r in range(args.repeats):
        started = time.process_time()
        bots.append(simulate(GAME, args.players, args.games, 1000 * r, ["random"]))
        cpu.append(args.games / (time.process_time() - started))
    assert all(report.errors == 0 for report in bots)
    print(
        f"protocol loop: {statistics.median(g for g, _ in proto):8.1f} games/s "
        f"{statistics.median(c for _, c in proto):10.0f} commands/s (median of {args.repeats})"
    )
    print(
        f"bots on views: {statistics.median(r.games_per_second for r in bots):8.1f} games/s "
        f"{statistics.median(r.commands_per_second for r in bots):10.0f} commands/s (median of {args.repeats})"
    )
    print(f"bots on views, per CPU second of this process: {statistics.median(cpu):8.1f} games/s (what the wall")
    print("  figure would be on an idle core; the two differ when other work shares the machine)")
    print("target: >= 100 random 8-player games/s (bots on views)")


if __name__ == "__main__":
    main()
