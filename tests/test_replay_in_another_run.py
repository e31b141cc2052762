"""A save made in one run replays the same in another: Python's hashing of text changes from run to run
(``PYTHONHASHSEED``), so a rule that walked a set of names in its order would make another game of the same log
(Load: "its saved position does not match its move log"), and a bot another move. Each game's log, made here, is
replayed and played again in a run with another hash seed, and both give the same position and events."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.commands import command_to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES

TABLES = [("house-cup", 4), ("stupefix", 8), ("house-cup-challenge", 4), ("thats-wizard", 4)]
MOVES = 160  # a good part of a game: past the first rounds' deals, reveals and scoring

OTHER_RUN = """
import json, sys
from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
game_id, players, seed, moves = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
log = json.loads(sys.stdin.read())
game = GAMES[game_id]
replayed = game.setup(players, game.default_options(players), seed)
told = [repr(game.apply(replayed, command_from_json(game.command_types, item))) for item in log]
played, again = game.setup(players, game.default_options(players), seed), []
bot, rng = make_bot(game, "greedy"), Rng.from_seed(seed)
while game.result(played) is None and len(again) < moves:
    command = bot.choose(game.view(played, game.to_act(played)[0]), rng)
    again.append(command_to_json(command))
    game.apply(played, command)
print(json.dumps({"state": to_json(replayed), "told": told, "log": again}))
"""


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_log_replays_and_a_bot_plays_the_same_in_a_run_with_another_hash_seed(game_id, players):
    game, seed = GAMES[game_id], 5
    state, bot, rng = (
        game.setup(players, game.default_options(players), seed),
        make_bot(game, "greedy"),
        Rng.from_seed(seed),
    )
    log, told = [], []
    while game.result(state) is None and len(log) < MOVES:
        command = bot.choose(game.view(state, game.to_act(state)[0]), rng)
        log.append(command_to_json(command))
        told.append(repr(game.apply(state, command)))
    hash_seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", OTHER_RUN, game_id, str(players), str(seed), str(MOVES)],
        input=json.dumps(log),
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    other = json.loads(out.stdout)
    assert other["told"] == told
    assert other["state"] == json.loads(json.dumps(to_json(state)))
    assert other["log"] == log
