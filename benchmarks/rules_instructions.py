"""Machine instructions per step of each game's rules, per view and per search playout, counted by valgrind.

``rules_speed.py`` times the same work in steps per second, which is what a player feels but moves by 10-30% with
the machine's load. An instruction count does not: the same code and seeds give the same count on a busy machine
and an idle one, so a change's effect shows to a fraction of a percent. Use it to compare two trees (``--tree``),
and ``rules_speed.py`` for the figures against RLCard's UNO (an instruction of numpy's C code and one of the
Python interpreter do not take the same time, so the instruction ratio to UNO is not the speed ratio).

Counted per game, in a child process run under ``valgrind --tool=cachegrind --cache-sim=no``, each twice (with one
unit of work, then with ``--count`` units) so that start-up and the first, cold, unit drop out:
- ``views``: whole seeded random games, the acting seat's View built before each step (as rules_speed.py);
- ``rules``: the same games without views (``legal`` and ``apply`` alone);
- ``search``: the Hard bot's search from positions of greedy games, ``--iterations`` playouts per decision
  (an iteration cap, not a clock): instructions per playout.

    .venv/bin/python benchmarks/rules_instructions.py [--games house-cup-challenge] [--tree /other/checkout]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TABLES = [("house-cup", 4), ("stupefix", 8), ("house-cup-challenge", 4), ("thats-wizard", 2)]


def child(tree: str, game_id: str, players: int, mode: str, count: int, iterations: int) -> None:
    """The counted work; prints how many steps (or playouts) it did."""
    sys.path.insert(0, tree)
    sys.path.insert(0, str(Path(tree) / "benchmarks"))
    from tabletop.games import GAMES

    game = GAMES[game_id]
    if mode == "search":
        from rules_speed import positions  # the positions rules_speed.py searches from

        from tabletop.bots import make_bot
        from tabletop.bots.ismcts import ISMCTSBot
        from tabletop.core.rng import Rng

        search = make_bot(game, "hard")
        assert isinstance(search, ISMCTSBot)
        search.budget, search.max_iterations = 1e9, iterations
        done = 0
        for view, _seat in positions(game, players, 6, 10)[:count]:
            search.choose(view, Rng.from_seed(10))
            done += search.last.iterations
        print("units", done)
        return
    rng = random.Random(1)
    steps = 0
    for index in range(count):
        state = game.setup(players, game.default_options(players), index)
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            legal = game.view(state, seat).legal if mode == "views" else game.legal(state, seat)
            game.apply(state, rng.choice(legal))
            steps += 1
    print("units", steps)


UNO = """
import random, sys
import rlcard
env = rlcard.make("uno", config={"seed": 1})
rng = random.Random(1)
steps = 0
for _ in range(int(sys.argv[1])):
    state, player = env.reset()
    while not env.is_over():
        state, player = env.step(rng.choice(list(state["legal_actions"].keys())))
        steps += 1
print("units", steps)
"""


def counted(command: list[str]) -> tuple[int, int]:
    """(units of work, instructions) of one run under cachegrind."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
    )
    units = next(int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("units"))
    refs = next(line for line in out.stderr.splitlines() if "I   refs" in line or "I refs" in line)
    return units, int(refs.split(":")[1].replace(",", "").split()[0])


def per_unit(command: list[str], count: int) -> tuple[float, int]:
    """Instructions per unit of the work past the first unit, and how many units that was."""
    one_units, one = counted([*command, "1"])
    all_units, every = counted([*command, str(count)])
    return (every - one) / max(1, all_units - one_units), all_units - one_units


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(game for game, _ in TABLES))
    parser.add_argument("--count", type=int, default=6, help="games (or search positions, at most 6) counted")
    parser.add_argument("--iterations", type=int, default=150, help="search playouts per decision")
    parser.add_argument("--tree", default=str(HERE.parent), help="the checkout whose code is counted")
    parser.add_argument("--rlcard", default="", help="a Python with rlcard installed, for UNO")
    parser.add_argument("--child", nargs=4, metavar=("GAME", "PLAYERS", "MODE", "COUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        game_id, players, mode, count = args.child
        child(args.tree, game_id, int(players), mode, int(count), args.iterations)
        return
    if args.count < 2:
        parser.error("--count must be at least 2 (the first unit is subtracted, as start-up)")
    if set(args.games.split(",")) - {game_id for game_id, _ in TABLES}:
        parser.error(f"--games: a comma-separated list of {','.join(game_id for game_id, _ in TABLES)}")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: sudo apt-get install -y valgrind")
    print(f"code counted: {args.tree}")
    if args.rlcard:
        rate, units = per_unit([args.rlcard, "-c", UNO], args.count * 5)
        print(f"RLCard UNO random play: {rate:9.0f} instructions/step ({units} steps)")
    wanted = args.games.split(",")
    for game_id, players in TABLES:
        if game_id not in wanted:
            continue
        figures = []
        for mode in ("views", "rules", "search"):
            count = min(args.count, 6) if mode == "search" else args.count
            me = [sys.executable, str(Path(__file__).resolve()), "--tree", args.tree]
            me += ["--iterations", str(args.iterations), "--child", game_id, str(players), mode]
            figures.append(per_unit(me, count))
        (views, steps), (rules, _), (search, playouts) = figures
        print(
            f"{game_id} {players}p: {views:8.0f} instructions/step with views, {rules:8.0f} rules alone "
            f"({steps} steps); {search:10.0f} per search playout ({playouts} playouts)"
        )


if __name__ == "__main__":
    main()
