"""The screen keyboard: fingers at a touchscreen with no keyboard type names with it (there was no way to)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.i18n import set_language
from tabletop.ui.app import App
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver


def setup_by(fingers: bool, language: str = "en") -> tuple[App, Driver, SetupBase]:
    app = App((1920, 1080), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
    app.go.setup(GAMES["house-cup-challenge"])
    driver = Driver(app, fingers=fingers)
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, SetupBase)
    return app, driver, setup


def press(app: App, driver: Driver, label: str) -> None:
    key = next(key for key in app.screen_keys.keys if key.label == label)
    driver.tap(key.rect.center)
    driver.frames(1)


@pytest.mark.parametrize(
    ("language", "erase", "done", "name"), [("en", "Erase", "Done", "Zoe"), ("fr", "Effacer", "Terminé", "Léa")]
)
def test_a_finger_types_a_seats_name_on_the_screen_keyboard(language, erase, done, name):
    app, driver, setup = setup_by(fingers=True, language=language)
    try:
        field = setup.rows[0].name_field
        driver.tap(field.rect.center)
        driver.frames(1)
        assert app.screen_keys_for is field  # drawn at the foot of the window, over the setup
        assert app.screen_keys.rect.bottom >= 1080 and app.screen_keys.rect.top > field.rect.bottom
        for _ in field.value:
            press(app, driver, erase)
        assert field.value == ""
        for char in name:  # a name begins with a capital; an accent is a key of its own
            press(app, driver, char)
        assert field.value == name
        press(app, driver, done)
        assert not field.focused and app.screen_keys_for is None
        driver.tap(setup.rows[1].name_field.rect.center)  # a tap under where the keys were reaches the setup
        driver.frames(1)
        assert setup.rows[1].name_field.focused
    finally:
        set_language("en")


def test_a_tap_on_the_keyboards_panel_between_keys_reaches_nothing_under_it():
    app, driver, setup = setup_by(fingers=True)
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    driver.frames(1)
    panel = app.screen_keys.rect
    driver.tap((panel.left + 4, panel.bottom - 4))  # between the keys: nothing under the panel takes it
    driver.frames(1)
    assert field.focused and app.screen_keys_for is field


def test_no_screen_keyboard_for_the_mouse_or_once_a_real_key_is_typed():
    app, driver, setup = setup_by(fingers=False)
    driver.tap(setup.rows[0].name_field.rect.center)
    driver.frames(1)
    assert setup.rows[0].name_field.focused and app.screen_keys_for is None
    app, driver, setup = setup_by(fingers=True)
    driver.tap(setup.rows[0].name_field.rect.center)
    driver.frames(1)
    assert app.screen_keys_for is not None
    driver.key(pygame.K_BACKSPACE)  # a keyboard after all: its keys type, the screen's go
    driver.frames(1)
    assert app.screen_keys_for is None
