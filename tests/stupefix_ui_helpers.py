"""Helpers for the Stupéfix UI tests: a table with chosen seats, and getting a game to a phase by real events."""

from __future__ import annotations

import random

from tabletop.core import Match, SeatInfo
from tabletop.games.stupefix import GAME
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.ui_driver import Driver, at_table, past_the_last_move

NAMES = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo")


def table_for(controllers, seed=11, chouchou=0, animation="Off", size=(1280, 800), settings=None):
    app = App(size, settings=settings or Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    players = len(controllers)
    seats = [SeatInfo(NAMES[seat], controller) for seat, controller in enumerate(controllers)]
    options = GAME.default_options(players)
    options["chouchou"] = chouchou
    driver, table = at_table(app, Match(GAME, seats, options, seed))
    assert isinstance(table, StupefixTable)
    return app, driver, table


def pass_privacy(driver: Driver) -> bool:
    """Tap through a privacy screen if one is up (after its short arming delay), once the last move is seen."""
    past_the_last_move(driver)
    if isinstance(driver.app.scenes.top, PrivacyOverlay):
        driver.frames(50)  # (armed: ARMING)
        driver.tap((640, 400))
        return True
    return False


def until(driver: Driver, table: StupefixTable, done, rng: random.Random | None = None, limit: int = 6000) -> None:
    """Play the people's secret choices (through the panels) and the draft until ``done()``; bots play themselves."""
    rng = rng or random.Random(0)
    for _ in range(limit):
        past_the_last_move(driver)  # (a person's secret choice before them a moment: done() is asked after it)
        if done():
            return
        if pass_privacy(driver):
            continue
        if driver.app.scenes.top is table and table.cue() is not None:
            driver.tap(table.ready_button.rect.center)  # "Ready?": the count starts (whoever does not point is late)
            continue
        if driver.app.scenes.top is table and table.reveal is None and table.choice is not None:
            command = rng.choice(table.choice.view.legal)
            driver.perform(table.gesture_for(command))
            continue
        view = table.view
        drafter = view.drafter()
        if view.phase == "draft" and drafter is not None and table.session.is_human(drafter) and not view.tasks:
            driver.perform(table.gesture_for(rng.choice(GAME.legal(table.session.match.state, drafter))))
            continue
        driver.frames(2)
    raise AssertionError(f"not reached: phase {table.session.phase}, round {table.view.round}")
