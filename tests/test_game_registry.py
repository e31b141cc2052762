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
