"""Think time of every bot level in every game, one process, on positions from real games.

For each game, greedy bots play games from the standard setup; at every ``--every``-th decision with more than
one legal command, each level (easy, medium, hard) is asked for its move on that seat's View and timed. The
game then goes on with the greedy move, so every level is timed on the same positions. Hard searches with its
time budget (under a second), so its figures are the ones that matter: the 95th percentile must stay at most
1 s on this 2-core machine. The arena (``tabletop arena ... --json``) reports the same figures over whole games.

"hard, asked as the app asks" times the same hard decisions the way a person waits for them at the table: the
question goes to the separate bot program (``tabletop.play.bot_worker``) as JSON and the answer comes back,
so the figure includes the pipe, the JSON form of the View and rebuilding it there.

Usage: python benchmarks/bot_think.py [--positions 40] [--every 5] [--games house-cup,stupefix,...]
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.bots import make_bot  # noqa: E402
from tabletop.bots.moves import worth_weighing  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.play.bot_worker import BotWorker  # noqa: E402

PLAYERS = {"house-cup": 2, "stupefix": 4, "house-cup-challenge": 2, "thats-wizard": 2}
LEVELS = ("easy", "medium", "hard")
ASKED = "hard, asked as the app asks"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def asked(worker: BotWorker, game_id: str, view, seed: int) -> float:
    """Seconds from asking the bot program for a hard move to having the command back."""
    start = time.perf_counter()
    request = worker.ask(game_id, "hard", view, seed)
    while True:
        worker.wait(5.0)
        ready, command, error = worker.answer(request)
        if ready:
            if command is None:
                raise RuntimeError(f"the bot program failed: {error}")
            return time.perf_counter() - start


def measure(game_id: str, positions: int, every: int, worker: BotWorker) -> dict[str, list[float]]:
    game = GAMES[game_id]
    players = PLAYERS[game_id]
    bots = {level: make_bot(game, level) for level in LEVELS}
    guide = make_bot(game, "greedy")
    times: dict[str, list[float]] = {level: [] for level in (*LEVELS, ASKED)}
    seed, decisions = 1, 0
    while len(times["hard"]) < positions:
        state = game.setup(players, game.default_options(players), seed)
        rng = Rng.from_seed(seed)
        while game.result(state) is None and len(times["hard"]) < positions:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            if len(worth_weighing(game, view.legal)) > 1:
                decisions += 1
                if decisions % every == 0:
                    for level, bot in bots.items():
                        start = time.perf_counter()
                        bot.choose(view, Rng.from_seed(decisions))
                        times[level].append(time.perf_counter() - start)
                    times[ASKED].append(asked(worker, game_id, view, decisions))
            game.apply(state, guide.choose(view, rng))
        seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--games", default=",".join(PLAYERS))
    args = parser.parse_args()
    if set(args.games.split(",")) - set(PLAYERS):
        parser.error(f"--games: a comma-separated list of {','.join(PLAYERS)}")
    if args.positions < 1 or args.every < 1:
        parser.error("--positions and --every must be at least 1")
    print(f"Bot think time, {args.positions} positions per game (every {args.every}th decision of greedy games)")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    worker = BotWorker()
    first = GAMES["house-cup"]
    asked_first = worker.ask(first.id, "random", first.view(first.setup(2, first.default_options(2), 1), 0), 0)
    worker.wait(30.0)  # the bot program starts once, as in the app (its start-up is not a think time)
    worker.answer(asked_first)
    try:
        for game_id in args.games.split(","):
            times = measure(game_id, args.positions, args.every, worker)
            print(f"{game_id} ({PLAYERS[game_id]} players)")
            for level, values in times.items():
                ms = [t * 1000 for t in values]
                print(
                    f"  {level:28}  median {statistics.median(ms):7.1f} ms  p95 {percentile(ms, 95):7.1f} ms  "
                    f"max {max(ms):7.1f} ms"
                )
    finally:
        worker.close()
    print("target: hard p95 <= 1000 ms")


if __name__ == "__main__":
    main()
