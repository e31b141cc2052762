"""Driving the That's Wizard! table with posted mouse and finger events, as a person would."""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.games.thats_wizard import GAME
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.ui_driver import Driver, pass_on_now, past_the_last_move


def new_app(animation: str = "Off", size: tuple[int, int] = (1280, 800)) -> App:
    return App(size, settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))


def open_table(
    controllers: list[str],
    seed: int = 5,
    options: dict | None = None,
    start=None,
    animation: str = "Off",
    fingers: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> tuple[App, Driver, ThatsWizardTable]:
    app = new_app(animation, size)
    names = ["Morgana", "Merlin", "Nimue", "Circe"][: len(controllers)]
    seats = [SeatInfo(name, controller) for name, controller in zip(names, controllers, strict=True)]
    options = options or GAME.default_options(len(controllers))
    match = Match(GAME, seats, options, seed, to_json(start) if start is not None else None)
    app.go.table(match)
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    return app, driver, table


def pass_screen(driver: Driver) -> None:
    """Pass the screen if the privacy screen asks it (after a round shown to everyone, once it has been shown)."""
    past_the_last_move(driver)
    table = driver.app.scenes.stack[0]
    if isinstance(table, ThatsWizardTable) and table.showing_round():
        for _ in range(600):
            driver.frames(1)
            if not table.showing_round():
                driver.frames(1)  # (the privacy screen comes at the next frame)
                break
    if isinstance(driver.app.scenes.top, PrivacyOverlay):
        driver.frames(50)  # (armed: ARMING)
        driver.tap((driver.size()[0] // 2, driver.size()[1] // 2))


def act(driver: Driver, table: ThatsWizardTable, command: Command) -> None:
    """Make ``command`` with the pointer (answering the illegal-play warning when it comes)."""
    log = table.session.match.log
    before = len(log)
    driver.perform(table.gesture_for(command))
    for _ in range(40):
        if command in log[before:]:
            return
        if isinstance(driver.app.scenes.top, Dialog):
            driver.tap(driver.app.scenes.top.buttons[0].rect.center)
        driver.frames(1)
    raise AssertionError(f"{command} was not applied (message: {table.message})")


def play_to_the_end(
    driver: Driver,
    table: ThatsWizardTable,
    rng: random.Random,
    max_frames: int = 60_000,
    until: Callable[[], bool] | None = None,
):
    """Every person's move by pointer, a random legal one, to the results (or until ``until()`` holds);
    returns the people's commands and privacy screens."""
    app, session = driver.app, table.session
    intended: list[Command] = []
    privacy = 0
    frames = 0
    while frames < max_frames:
        top = app.scenes.top
        if isinstance(top, ResultsScene) or (until is not None and until()):
            return intended, privacy
        if isinstance(top, PrivacyOverlay):
            privacy += 1
            pass_screen(driver)
            continue
        mine = top is table and session.acting_human() == table.view.seat and session.needs_handover() is None
        if mine and not table.busy() and not table.showing_round() and table.view.legal:
            assert table.view.seat == session.acting_human()  # the screen shows the acting person's view
            command = rng.choice(table.view.legal)
            act(driver, table, command)
            intended.append(command)
            continue
        if pass_on_now(driver):  # (the person is done: a tap passes the screen on)
            continue
        driver.frames(3)
        frames += 3
    raise AssertionError("the match did not finish")


def choose_book(driver: Driver, setup, seat: int, title: str | None = None) -> None:
    """The person of ``seat`` opens their private picker and chooses ``title`` (else the list's first book)."""
    from tabletop.ui.tables.thats_wizard.setup import BookPicker

    driver.tap(setup.rows[seat].pick.rect.center)
    picker = driver.app.scenes.top
    assert isinstance(picker, BookPicker)
    if title is not None:
        driver.tap(picker.list.row_rect(title).center)
    driver.tap(picker.choose.rect.center)
    assert driver.app.scenes.top is setup and setup.rows[seat].chosen
