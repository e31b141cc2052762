"""Rules speed of every game, side by side with the fastest pure-Python peer, RLCard's UNO, in one run.

Measured per game, in this process:
- ``random play with views``: steps per second of whole random games in which the seat to act first receives its
  View (as a bot and the screen do) and then plays a random legal command from it;
- ``protocol loop``: the same without views (the rules alone);
- ``search playouts``: iterations per second of the Hard bot's search (IS-MCTS) from positions of real games,
  with a fixed number of iterations per decision (``--iterations``), so machine speed changes the figure, not
  the work.

RLCard (``pip install rlcard`` in another environment: never a runtime dependency) is timed in a subprocess run
by ``--rlcard PYTHON``: random play of UNO through ``env.step``, steps per second. Each figure is the median of
``--repeats`` rounds, the games and UNO interleaved, so a busy machine slows both alike.

    .venv/bin/python benchmarks/rules_speed.py --rlcard /tmp/rlvenv/bin/python
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.bots import make_bot  # noqa: E402
from tabletop.bots.ismcts import ISMCTSBot  # noqa: E402
from tabletop.core.protocol import Game  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games import GAMES  # noqa: E402

TABLES = [("house-cup", 4), ("stupefix", 8), ("house-cup-challenge", 4), ("thats-wizard", 2)]

UNO = """
import random, sys, time
import rlcard
env = rlcard.make("uno", config={"seed": 1})
rng = random.Random(1)
steps, deadline = 0, time.perf_counter() + float(sys.argv[1])
start = time.perf_counter()
while time.perf_counter() < deadline:
    state, player = env.reset()
    while not env.is_over():
        state, player = env.step(rng.choice(list(state["legal_actions"].keys())))
        steps += 1
print(steps / (time.perf_counter() - start))
"""


def random_play(game: Game, players: int, seconds: float, views: bool, seed: int) -> float:
    """Steps per second of random games (each step after the acting seat's View, when ``views``)."""
    rng = random.Random(seed)
    steps, games = 0, 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.setup(players, game.default_options(players), seed + games)
        games += 1
        while game.result(state) is None and time.perf_counter() < deadline:
            seat = game.to_act(state)[0]
            legal = game.view(state, seat).legal if views else game.legal(state, seat)
            game.apply(state, rng.choice(legal))
            steps += 1
    return steps / (time.perf_counter() - start)


def positions(game: Game, players: int, count: int, seed: int) -> list[tuple[object, int]]:
    """States met along greedy games, every few steps, with a seat that has a real choice."""
    bot = make_bot(game, "greedy")
    rng = Rng.from_seed(seed)
    found: list[tuple[object, int]] = []
    state = game.setup(players, game.default_options(players), seed)
    steps = 0
    while len(found) < count:
        if game.result(state) is not None:
            seed += 1
            state = game.setup(players, game.default_options(players), seed)
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        if steps % 7 == 3 and len(view.legal) > 1:
            found.append((game.view(state, seat), seat))
        game.apply(state, bot.choose(view, rng))
        steps += 1
    return found


def playouts(game: Game, players: int, iterations: int, seed: int) -> float:
    """Search iterations per second of the Hard bot, ``iterations`` per decision."""
    search = make_bot(game, "hard")
    assert isinstance(search, ISMCTSBot)
    search.budget = 1e9  # the iteration cap decides, not the clock
    search.max_iterations = iterations
    done, spent = 0, 0.0
    for view, _seat in positions(game, players, 6, seed):
        start = time.perf_counter()
        search.choose(view, Rng.from_seed(seed))  # type: ignore[arg-type]
        spent += time.perf_counter() - start
        done += search.last.iterations
    return done / spent if spent else 0.0


def uno(python: str, seconds: float) -> float:
    out = subprocess.run([python, "-c", UNO, str(seconds)], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measure")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=150, help="search iterations per decision")
    parser.add_argument("--rlcard", default="", help="a Python with rlcard installed, for UNO")
    parser.add_argument("--games", default=",".join(game for game, _ in TABLES))
    args = parser.parse_args()
    if args.repeats < 1 or args.iterations < 1 or args.seconds <= 0:
        parser.error("--repeats and --iterations must be at least 1, --seconds above 0")
    wanted = args.games.split(",")
    if set(wanted) - {game_id for game_id, _ in TABLES}:
        parser.error(f"--games: a comma-separated list of {','.join(game_id for game_id, _ in TABLES)}")
    figures: dict[str, list[float]] = {}
    for repeat in range(args.repeats):
        if args.rlcard:
            figures.setdefault("uno", []).append(uno(args.rlcard, args.seconds))
        for game_id, players in TABLES:
            if game_id not in wanted:
                continue
            game = GAMES[game_id]
            key = f"{game_id} {players}p"
            figures.setdefault(f"{key} views", []).append(random_play(game, players, args.seconds, True, repeat))
            figures.setdefault(f"{key} rules", []).append(random_play(game, players, args.seconds, False, repeat))
            figures.setdefault(f"{key} playouts", []).append(playouts(game, players, args.iterations, 10 + repeat))
    median = {key: statistics.median(values) for key, values in figures.items()}
    uno_rate = median.get("uno")
    if uno_rate:
        print(f"RLCard UNO random play: {uno_rate:9.0f} steps/s")
    for game_id, players in TABLES:
        if game_id not in wanted:
            continue
        key = f"{game_id} {players}p"
        views, rules, search = median[f"{key} views"], median[f"{key} rules"], median[f"{key} playouts"]
        ratio = f" = {views / uno_rate:.2f}x UNO" if uno_rate else ""
        print(
            f"{key:24s} random play with views {views:8.0f} steps/s{ratio}; "
            f"rules alone {rules:8.0f} steps/s; search {search:6.0f} playouts/s"
        )


if __name__ == "__main__":
    main()
