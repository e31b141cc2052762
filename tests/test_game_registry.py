"""The registry of games imports a game's package only when the game is asked for, so the app's menu is drawn
with no game's rules loaded (start-up time), and ``warm`` loads them all afterwards."""

import subprocess
import sys

import pytest

from tabletop.core.protocol import Game
from tabletop.games import GAME_PACKAGES, GAMES, get_game

MENU_WITHOUT_GAMES = """
import os, sys, tempfile
home = tempfile.mkdtemp()
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=home, XDG_CONFIG_HOME=home)
from tabletop.ui.app import App
from tabletop.ui.scenes.menu import MenuScene
app = App((1280, 800))
app.frame(1 / 60)
assert isinstance(app.scenes.top, MenuScene), app.scenes.top
print(sorted(name for name in sys.modules if name.startswith("tabletop.games.")))
from tabletop.games import warm
warm()
print(sorted({name.split(".")[2] for name in sys.modules if name.startswith("tabletop.games.")}))
"""


def test_the_menu_is_drawn_before_any_game_is_imported_and_warm_imports_them_all():
    out = subprocess.run([sys.executable, "-c", MENU_WITHOUT_GAMES], capture_output=True, text=True, check=True)
    before, after = out.stdout.strip().splitlines()[-2:]
    assert before == "[]"
    assert after == str(sorted(GAME_PACKAGES))


RETURNING_MENU = """
import json, os, sys, tempfile
from pathlib import Path
home = tempfile.mkdtemp()
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=home, XDG_CONFIG_HOME=home)
saves = Path(home) / "tabletop" / "saves"
saves.mkdir(parents=True)
examples = Path(sys.argv[1])
for day, name in enumerate(["stupefix-4p-round3-wands", "thats-wizard-duel", "house-cup-challenge-year4",
                            "house-cup-4p-midround", "house-cup-scoring-example"]):
    data = json.loads((examples / f"{name}.json").read_text())
    data["saved_at"] = f"2026-03-0{day + 1}T10:00:00+00:00"  # the finished House Cup is the newest
    (saves / f"autosave-{name}.json").write_text(json.dumps(data))
from tabletop.ui.app import App
from tabletop.ui.scenes.menu import MenuScene
app = App((1280, 800))
app.frame(1 / 60)
assert isinstance(app.scenes.top, MenuScene), app.scenes.top
print(sorted({name.split(".")[2] for name in sys.modules if name.startswith("tabletop.games.")}))
from tabletop.play.session import latest_autosave
print(latest_autosave().path.name)
"""


def test_a_returning_players_menu_checks_only_the_save_continue_offers():
    """Continue's lookup checked every save whole, importing every game's rules before the menu's first frame
    (0.35-0.6 s with saves of all four games: the late-game review); the headers are read as they are and only
    the newest game in progress is checked."""
    from tabletop.paths import asset_dir

    run = [sys.executable, "-c", RETURNING_MENU, str(asset_dir("saves"))]
    out = subprocess.run(run, capture_output=True, text=True, check=True)
    imported, offered = out.stdout.strip().splitlines()[-2:]
    assert offered == "autosave-house-cup-4p-midround.json"  # (the newest that goes on: the finished one is not)
    assert imported == "['house_cup']", "only the game of the save offered (and of the finished one kept)"


def test_ids_are_the_package_names_with_dashes_and_each_game_is_its_packages_own():
    assert list(GAMES) == [package.replace("_", "-") for package in GAME_PACKAGES]
    for game_id in GAMES:
        game = GAMES[game_id]
        assert game.id == game_id
        assert GAMES[game_id] is game  # imported once
        assert isinstance(game, Game)
    assert "chess" not in GAMES


def test_an_unknown_game_says_which_games_there_are():
    with pytest.raises(KeyError, match="unknown game 'chess'.*house-cup"):
        get_game("chess")
