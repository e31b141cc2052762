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
from tabletop.core.saves import match_to_json, write_json_atomic
from tabletop.games import GAMES
from tabletop.play.session import GameSession


def main() -> None:
    game_id, seed, path = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    game = GAMES[game_id]
    players = game.player_counts[seed % len(game.player_counts)]
    seats = [SeatInfo(f"P{seat}") for seat in range(players)]
    match = Match(game, seats, game.default_options(players), seed)
    # The game begins in a file of its own, as one opened from Load: a session given its file writes it again only
    # once something is played (``GameSession.unplayed``), so its own first autosave wrote nothing and "ready" came
    # before any save was on disk; on a busy machine a kill during the first move's write left no file at all.
    write_json_atomic(path, match_to_json(match))
    session = GameSession(match, path)
    rng = random.Random(seed)
    print("ready", flush=True)
    while session.match.result() is None:
        seat = session.match.to_act()[0]
        session.hand_over(seat)
        command = rng.choice(game.legal(session.match.state, seat))
        print(json.dumps(command_to_json(command)), flush=True)
        assert session.submit(command) is None
    print("done", flush=True)


if __name__ == "__main__":
    main()
