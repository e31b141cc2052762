"""Every game's setup screen, reached from the menu by pointer events as a person would: the same choice of who
plays each seat, the same defaults, and the bot level chosen is the one the game is saved with."""

import json

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.paths import user_saves_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver

WHO_PLAYS = ["Human", "Bot: Easy", "Bot: Medium", "Bot: Hard"]


def open_setup(game_id: str):
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", guides_offered=[game_id])  # (asked once)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
    newgame = app.scenes.top
    assert isinstance(newgame, NewGameScene)
    index = [entry.id for entry in newgame.entries].index(game_id)
    driver.tap(newgame.buttons[index].rect.center)  # Set up
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and setup.game.id == game_id
    return app, driver, setup


def assert_default_seats(setup: SetupBase) -> None:
    for row in setup.rows:
        assert row.controller.options == WHO_PLAYS
    assert [row.controller.value for row in setup.rows] == ["Human"] + ["Bot: Medium"] * (len(setup.rows) - 1)


@pytest.mark.parametrize("game_id", ["house-cup", "stupefix", "house-cup-challenge", "thats-wizard"])
def test_every_seat_offers_a_person_or_three_bot_levels_and_the_level_chosen_is_saved(game_id):
    app, driver, setup = open_setup(game_id)
    game = GAMES[game_id]
    assert_default_seats(setup)
    while len(setup.rows) < game.max_players:  # every number of players up to the most
        driver.tap(setup.players_choice.arrows()[1].center)
        assert_default_seats(setup)
    players = len(setup.rows)

    seat2 = setup.rows[1].controller
    driver.tap(seat2.arrows()[1].center)  # Bot: Medium -> Bot: Hard
    assert seat2.value == "Bot: Hard"
    driver.tap(setup.start.rect.center)

    session = app.scenes.stack[0].session
    expected = ["human", "hard"] + ["medium"] * (players - 2)
    assert [seat.controller for seat in session.match.seats] == expected
    assert session.path.parent == user_saves_dir()
    saved = json.loads(session.path.read_text())
    assert saved["game"] == game_id
    assert [seat["controller"] for seat in saved["seats"]] == expected
    session.close()  # stop the bots thinking
    pygame.quit()


def test_start_keeps_its_problem_on_show_until_the_setup_changes():
    app, driver, setup = open_setup("house-cup-challenge")
    field = setup.rows[1].name_field
    driver.tap(field.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Ada")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    assert app.scenes.top is setup and setup.error == "Give every player a different name."
    driver.tap(setup.new_seed.rect.center)  # any other change clears it
    assert setup.error == ""
    pygame.quit()
