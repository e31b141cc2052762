"""Whole 4-seat House Cup games (2 people, 2 bots) played only by posting mouse and finger events to the real
scenes; the final state must equal a headless replay of the same commands.
"""

import random

import pygame
import pytest

from tabletop.core import Match, load_match
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.setup import SetupScene
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tests.ui_driver import Driver, pass_on_now


def new_app(animation="Off"):
    settings = Settings(volume=0.0, animation=animation, bot_speed="Instant")
    return App((1280, 800), settings=settings)


def start_two_people_two_bots(driver: Driver, seed: str) -> HouseCupTable:
    app = driver.app
    menu = app.scenes.top
    driver.tap(menu.buttons[1].rect.center)  # New game
    assert isinstance(app.scenes.top, NewGameScene)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # House Cup: Set up
    if app.scenes.top.name == "dialog":
        driver.tap(app.scenes.top.buttons[1].rect.center)  # No thanks to the guided first game, offered once
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    seat2 = setup.rows[1].controller
    left_arrow = seat2.arrows()[0].center
    while seat2.value != "Human":
        driver.tap(left_arrow)
    third = setup.rows[2].controller
    assert third.value == "Bot: Medium"
    driver.tap(setup.rows[3].controller.arrows()[0].center)  # seat 4: the easy bot
    driver.tap(setup.seed_field.rect.center)
    for _ in range(8):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text(seed)
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    return table


def play_to_the_end(driver: Driver, table: HouseCupTable, rng: random.Random, max_frames: int = 40_000):
    app, session = driver.app, table.session
    intended = []
    frames = 0
    privacy_screens = 0
    while frames < max_frames:
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            return intended, privacy_screens
        if isinstance(top, PrivacyOverlay):
            privacy_screens += 1
            assert session.viewer != top.seat or session.shown_to is None
            driver.frames(50)
            driver.tap((640, 400))
            assert session.viewer == top.seat
            continue
        if top is table and table.my_turn() and not table.stage.busy():
            view = table.view
            # The screen shows exactly the acting person's view.
            assert view.seat == session.acting_human()
            command = rng.choice(view.legal)
            before = len(session.match.log)
            driver.perform(table.gesture_for(command))
            for _ in range(30):
                if len(session.match.log) > before:
                    break
                driver.frames(1)
            assert len(session.match.log) > before, f"{command} was not applied (message: {table.message})"
            assert session.match.log[before] == command
            intended.append(command)
            continue
        if pass_on_now(driver):  # (the person is done: a tap passes the screen on)
            continue
        driver.frames(3)
        frames += 3
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("fingers,seed", [(False, "4242"), (True, "777")])
def test_whole_game_by_pointer_events_matches_a_headless_replay(fingers, seed):
    app = new_app()
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    table = start_two_people_two_bots(driver, seed)
    match = table.session.match
    assert match.seed == int(seed)
    assert [s.controller for s in match.seats] == ["human", "human", "medium", "easy"]
    intended, privacy = play_to_the_end(driver, table, random.Random(int(seed)))
    assert match.result() is not None
    assert privacy >= 10  # two people at one screen: a privacy screen between them, many times
    people = [c for c in match.log if c.seat in (0, 1)]
    assert people == intended  # every human command came from the pointer, exactly as meant
    replay = Match.replay(GAMES["house-cup"], match.seats, match.options, match.seed, match.log)
    assert to_json(replay.state) == to_json(match.state)
    # The autosave holds the finished game.
    saved = load_match(table.session.path, GAMES)
    assert to_json(saved.state) == to_json(match.state)
    pygame.quit()
