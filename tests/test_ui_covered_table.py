"""A table hidden under its cover (two people share the screen and nobody has been handed it yet, or it is about to
pass on) answers no touch: its Log, Undo and Watch again are not drawn, and must not open a seat's log or replay
or take back a move before that seat's person has the screen. Found by monkey testing the House Cup table."""

import pygame

from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tests.ui_driver import Driver


def test_the_hidden_buttons_of_a_covered_table_open_nothing():
    """``house-cup-4p-midround``: two people and two bots, opened at a bot's turn: covered until a person's turn.
    Its log holds Gryffindor's secret tokens ("places their 3 token face down")."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Relaxed"))
    assert app.go.open_save(asset_dir("saves") / "house-cup-4p-midround.json") is None
    driver = Driver(app)
    driver.frames(1)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.covering()
    moves = len(table.session.match.log)
    for button in (table.bar[0], table.bar[1], table.again):  # Log, Undo, Watch the last round again
        driver.tap(button.rect.center)
        assert app.scenes.top is table, f"{button.label} answered under the cover"
        driver.down(button.rect.center, finger=3)
        driver.frames(1)
        driver.up(button.rect.center, finger=3)
        driver.frames(1)
        assert app.scenes.top is table, f"{button.label} answered a finger under the cover"
    driver.drag(table.layout.me.center, table.layout.banner.center)
    assert table.drag is None and len(table.session.match.log) == moves
    assert table.covering()
    # Once a person is handed the screen, the Log answers again: their own.
    for _ in range(2000):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay)
    driver.frames(50)
    driver.tap((640, 400))
    assert app.scenes.top is table and not table.covering()
    driver.tap(table.bar[0].rect.center)
    assert app.scenes.top.name == "log" and app.scenes.top.seat == overlay.seat
    pygame.quit()
