"""The contract test's games outside pytest: games and steps checked, and the time, per game and policy.

    .venv/bin/python benchmarks/contract.py                 # the CI run (CONTRACT_SCALE=1)
    .venv/bin/python benchmarks/contract.py --scale 10      # ten times as many games (seeds 0..N-1 of each)
    .venv/bin/python benchmarks/contract.py --game stupefix --collect   # list every failing check, not the first
    .venv/bin/python benchmarks/contract.py --find-seeds    # seeds that reach what a game's totals require

With ``--collect`` a failing check does not stop the game: each failing check is printed once per game with
where it failed first and at how many steps. ``--find-seeds`` plays random games (unchecked, the same moves)
past the planned seeds until the game's ``totals`` hook is satisfied and prints the seeds that added something
(for ``extra_seeds`` in ``tests/protocol_checks.py``, after a rules change moved a rare path). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.games import GAMES  # noqa: E402
from tests.protocol_checks import HOOKS, Checker, ContractBroken, chunks, play_unchecked  # noqa: E402


def run(args: argparse.Namespace) -> None:
    rows: dict[tuple[str, int, str], list[float]] = defaultdict(lambda: [0, 0, 0, 0.0, 0.0])
    failures: dict[tuple[str, str], str] = {}  # (game, check) -> where it failed first
    counts: Counter = Counter()  # (game, check) -> steps it failed at
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for game_id, players, policy, seeds in chunks(args.scale, GAMES):
            if (args.game and game_id not in args.game) or (args.policy and policy != args.policy) or not seeds:
                continue
            for seed in seeds:
                checker = Checker(GAMES[game_id], players, policy, seed, GAMES, collect=args.collect)
                begun, cpu = time.perf_counter(), time.process_time()
                try:
                    steps = checker.play(Path(folder))
                except ContractBroken as exc:
                    print(f"FAILED: {exc}")
                    steps = checker.step
                row = rows[(game_id, players, policy)]
                row[0] += 1
                row[1] += steps
                row[2] = max(row[2], steps)
                row[3] += time.perf_counter() - begun
                row[4] += time.process_time() - cpu
                for check, where in checker.met.items():
                    failures.setdefault((game_id, check), where)
                    counts[(game_id, check)] += checker.failures[check]
    header = ("game", "players", "policy", "games", "steps", "longest", "s/game", "ms/step", "cpu s")
    print(f"{header[0]:20} " + " ".join(f"{name:>7}" for name in header[1:]))
    for (game_id, players, policy), (games, steps, longest, seconds, cpu_seconds) in rows.items():
        print(
            f"{game_id:20} {players:>7} {policy:>7} {games:>7} {steps:>7} {longest:>7} "
            f"{seconds / games:>7.2f} {1000 * seconds / max(1, steps):>7.2f} {cpu_seconds:>7.1f}"
        )
    total_cpu = sum(row[4] for row in rows.values())
    elapsed = time.perf_counter() - started
    print(f"total: {sum(r[0] for r in rows.values())} games, {sum(r[1] for r in rows.values())} steps checked")
    print(f"in {elapsed:.1f} s ({total_cpu:.1f} s of CPU)")
    for (game_id, check), where in failures.items():
        print(f"{game_id}: check '{check}' failed at {counts[(game_id, check)]} steps, first at {where}")


def find_seeds(args: argparse.Namespace, pool: int = 120) -> None:
    """Greedy cover: of ``pool`` further seeds per player count, take the game that adds the most paths not yet
    seen, again and again, until the totals hook is satisfied."""
    for game_id, spec in HOOKS.items():
        if args.game and game_id not in args.game:
            continue
        if spec.totals is None:
            print(f"{game_id}: no totals hook, no seeds to find")
            continue
        game = GAMES[game_id]
        seen: Counter = Counter()
        planned: set[tuple[int, int]] = set()
        for g, players, policy, seeds in chunks(args.scale, GAMES):
            if g == game_id and policy == "random":
                planned.update((players, seed) for seed in seeds)
                for seed in seeds:
                    seen.update(play_unchecked(game, players, seed))
        candidates = {
            (players, seed): play_unchecked(game, players, seed)
            for players in spec.games["random"]
            for seed in range(pool)
            if (players, seed) not in planned
        }
        added: list[tuple[int, int]] = []
        while not satisfied(spec.totals, seen):
            best = max(candidates, key=lambda pick: len(set(candidates[pick]) - set(seen)))
            if not set(candidates[best]) - set(seen):
                print(f"{game_id}: {pool} more games per player count do not satisfy its totals")
                break
            added.append(best)
            seen.update(candidates.pop(best))
        else:
            print(f"{game_id}: " + (f"add (players, seed) {added}" if added else "the planned seeds suffice"))


def satisfied(totals: Callable[[Counter], None], seen: Counter) -> bool:
    try:
        totals(seen)
    except AssertionError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per player count and policy, times this")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game id (repeatable)")
    parser.add_argument("--policy", choices=("random", "greedy"), help="only this policy")
    parser.add_argument("--collect", action="store_true", help="list every failing check instead of stopping")
    parser.add_argument("--find-seeds", action="store_true", help="seeds that reach what the totals require")
    args = parser.parse_args()
    if args.find_seeds:
        find_seeds(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
