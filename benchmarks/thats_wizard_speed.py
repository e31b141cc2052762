"""That's Wizard!'s rules speed in 1 vs 1 and in Duos, beside RLCard's UNO, in one run (``rules_speed.py`` times
only 1 vs 1): random play with views, the rules alone and the Hard bot's search playouts, each the median of
``--repeats`` rounds with the measures and UNO interleaved, so a busy machine slows them alike.

    .venv/bin/python benchmarks/thats_wizard_speed.py --rlcard /tmp/rlvenv/bin/python --iterations 60
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.rules_speed import playouts, random_play, uno  # noqa: E402
from tabletop.games import GAMES  # noqa: E402

TABLES = (("1 vs 1", 2), ("Duos", 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measure")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=150, help="search iterations per decision")
    parser.add_argument("--rlcard", default="", help="a Python with rlcard installed, for UNO")
    args = parser.parse_args()
    if args.repeats < 1 or args.iterations < 1 or args.seconds <= 0:
        parser.error("--repeats and --iterations must be at least 1, --seconds above 0")
    game = GAMES["thats-wizard"]
    figures: dict[str, list[float]] = {}
    for repeat in range(args.repeats):
        if args.rlcard:
            figures.setdefault("uno", []).append(uno(args.rlcard, args.seconds))
        for label, players in TABLES:
            figures.setdefault(f"{label} views", []).append(random_play(game, players, args.seconds, True, repeat))
            figures.setdefault(f"{label} rules", []).append(random_play(game, players, args.seconds, False, repeat))
            search = playouts(game, players, args.iterations, 10 + repeat)
            figures.setdefault(f"{label} playouts", []).append(search)
    median = {key: statistics.median(values) for key, values in figures.items()}
    uno_rate = median.get("uno")
    if uno_rate:
        print(f"RLCard UNO random play: {uno_rate:9.0f} steps/s")
    for label, _players in TABLES:
        views, rules, search = median[f"{label} views"], median[f"{label} rules"], median[f"{label} playouts"]
        ratio = f" = {views / uno_rate:.2f}x UNO" if uno_rate else ""
        print(
            f"That's Wizard! {label:7s} random play with views {views:8.0f} steps/s{ratio}; "
            f"rules alone {rules:8.0f} steps/s; search {search:6.0f} playouts/s ({args.iterations} per decision)"
        )


if __name__ == "__main__":
    main()
