"""A tap that does nothing else while moves are still told shows them done at once (a review of tempo: a third to
three quarters of a game against bots was animation): That's Wizard!'s dice land, House Cup Challenge's characters
end their walks. What the person picked and the dial stay as they were. (House Cup's: tests/test_ui_table.py.)"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.ui_driver import Driver


def bare_spot(table: GameTable) -> tuple[int, int]:
    """A point of the table where nothing lies (no card, space, zone or button)."""
    w, h = table.table_size()
    return next(
        (x, y)
        for y in range(20, h - 20, 6)
        for x in range(20, w - 20, 6)
        if table.hits.at((x, y)) is None and not table.button_at((x, y))
    )


def until_telling(game_id: str, players: int, telling: Callable[[GameTable], bool]) -> tuple[App, Driver, GameTable]:
    """A game of one person and bots, at Normal animation, played at random until ``telling`` holds."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Normal"))
    game = GAMES[game_id]
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "greedy") for seat in range(1, players)]
    app.go.table(Match(game, seats, game.default_options(players), 4))
    driver = Driver(app)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    rng = random.Random(2)
    for _ in range(20_000):
        if telling(table) and table.panel is None:
            return app, driver, table
        if isinstance(app.scenes.top, Dialog):  # (That's Wizard!'s play revealed illegal: a pass, it asks first)
            driver.tap(app.scenes.top.buttons[0].rect.center)
            continue
        if table.session.acting_human() is not None and not table.busy() and table.view.legal:
            try:
                playing = [c for c in table.view.legal if type(c).__name__ not in ("Concede", "OfferDraw")]
                gesture = table.gesture_for(rng.choice(playing))
            except AssertionError:  # (its panel not open yet)
                gesture = None
            if gesture is not None:
                driver.perform(gesture)
                continue
        driver.frames(1)
    raise AssertionError("nothing was told")


def test_a_tap_lands_that_s_wizards_dice_at_once():
    app, driver, table = until_telling("thats-wizard", 2, lambda table: table.dice.busy)  # type: ignore[attr-defined]
    dial = table.dial.value  # type: ignore[attr-defined]
    moves = len(table.session.match.log)
    driver.tap(bare_spot(table))
    assert not table.dice.busy and not table.busy()  # type: ignore[attr-defined]
    assert len(table.session.match.log) == moves and table.dial.value == dial  # type: ignore[attr-defined]


def test_a_tap_ends_house_cup_challenges_walks_at_once():
    app, driver, table = until_telling("house-cup-challenge", 4, lambda table: bool(table.walks))  # type: ignore[attr-defined]
    armed = table.armed  # type: ignore[attr-defined]
    moves = len(table.session.match.log)
    driver.tap(bare_spot(table))
    assert not table.walks and table.armed == armed  # type: ignore[attr-defined]
    assert len(table.session.match.log) == moves


def test_a_tap_that_opens_a_score_sheet_does_not_end_the_walks():
    """A tap on a score opens its sheet (a meaning of its own): the bots' walks go on, as after a card shown large
    (it opened the sheet and ended every walk at once)."""
    app, driver, table = until_telling("house-cup-challenge", 4, lambda table: bool(table.walks))  # type: ignore[attr-defined]
    walks = len(table.walks)  # type: ignore[attr-defined]
    score = next(table.hits.of_kind("score"))
    driver.tap(score.rect.center)
    assert table.pinned == score.item  # type: ignore[attr-defined]
    assert len(table.walks) == walks and table.busy()  # type: ignore[attr-defined]
