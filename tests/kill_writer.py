"""A program for the kill test: plays a real game through ``GameSession`` with every seat a person, saving after
every command with the background writer, and prints each command (JSON, one a line) just before it is applied:
the writer thread may put a command on disk before the main thread could print it afterwards, so printing first
keeps what was printed a superset of what was saved (a save is then always a prefix of the printed commands).
The test kills it at a random moment with SIGKILL.

``python -m tests.kill_writer GAME_ID SEED SAVE_PATH``
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from tabletop.core import Match, SeatInfo
from tabletop.core.commands import command_to_json
from tabletop.games import GAMES
from tabletop.play import autosave
from tabletop.play.session import GameSession


def main() -> None:
    game_id, seed, path = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    game = GAMES[game_id]
    players = game.player_counts[seed % len(game.player_counts)]
    seats = [SeatInfo(f"P{seat}") for seat in range(players)]
    session = GameSession(Match(game, seats, game.default_options(players), seed), path)
    rng = random.Random(seed)
    session.autosave()
    autosave.writer().flush()
    problem = autosave.writer().outcome(path)  # (the test reads this line: a first save not written says why)
    print("ready" if problem is None else f"the first save was not written: {problem}", flush=True)
    while session.match.result() is None:
        seat = session.match.to_act()[0]
        session.hand_over(seat)
        command = rng.choice(game.legal(session.match.state, seat))
        print(json.dumps(command_to_json(command)), flush=True)
        assert session.submit(command) is None
    print("done", flush=True)


if __name__ == "__main__":
    main()
