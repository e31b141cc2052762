"""Kill -9 the background save writer at random moments in real games, many times, and check every save.

Each run plays a random House Cup game through ``GameSession`` (tests/kill_writer.py), saving after every
command with the background writer, and is killed with SIGKILL at a random moment. Afterwards the save must
load (never corrupt) and hold a prefix of what was played; after ``clean_leftovers`` (what the app does at
start) no temp file may remain. Prints the counts; asserts nothing about time.

    .venv/bin/python benchmarks/kill_saves.py --kills 200
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.core import SaveError, load_match  # noqa: E402
from tabletop.core.saves import clean_leftovers  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tests.test_save_writer import kill_mid_game  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lost = corrupt = not_prefix = 0
    lags: list[int] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        temps_before_clean = 0
        for kill in range(args.kills):
            path = base / f"game-{kill}.json"
            played = kill_mid_game(path, args.seed * 100_000 + kill, rng.uniform(0.02, 0.8))
            if not path.exists():
                lost += 1
                continue
            try:
                saved = load_match(path, GAMES)
            except SaveError as exc:
                corrupt += 1
                print(f"corrupt: {exc}")
                continue
            if saved.log != played[: len(saved.log)]:
                not_prefix += 1
            lags.append(len(played) - len(saved.log))
        temps_before_clean = sum(1 for p in base.iterdir() if p.name.endswith(".tmp"))
        clean_leftovers(base)
        temps_after = sum(1 for p in base.iterdir() if p.name.endswith(".tmp"))
    lags.sort()
    print(
        f"{args.kills} kills in {time.perf_counter() - started:.0f} s: {lost} games lost, {corrupt} corrupt, "
        f"{not_prefix} not a prefix of what was played"
    )
    if lags:
        print(f"commands played but not yet on disk at the kill: median {lags[len(lags) // 2]}, max {lags[-1]}")
    print(f"temp files left by the kills: {temps_before_clean}; after clean_leftovers: {temps_after}")
    return 1 if lost or corrupt or not_prefix or temps_after else 0


if __name__ == "__main__":
    raise SystemExit(main())
