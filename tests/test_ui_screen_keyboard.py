"""The screen keyboard: fingers at a touchscreen with no keyboard type names with it (there was no way to)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.i18n import set_language
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tabletop.ui.theme import px
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
    assert app.screen.get_rect().contains(panel) and panel.height < 1080 // 2  # at the window's foot, within it
    gap = next(
        (x, y)
        for y in range(panel.top + 2, panel.bottom - 2, 2)
        for x in range(panel.left + 2, panel.right - 2, 7)
        if not any(key.rect.collidepoint((x, y)) for key in app.screen_keys.keys)
        and setup.start.rect.collidepoint((x, y))
    )
    driver.tap(gap)  # between the keys, over the setup's Start: nothing under the panel takes it
    driver.frames(1)
    assert app.scenes.top is setup and field.focused and app.screen_keys_for is field


def test_a_mouse_click_on_a_key_types_it_and_goes_no_further():
    """Shown for a finger, the keyboard hid at a mouse's press on a key, and the click's release started the game
    with the Start button under the key."""
    app, driver, setup = setup_by(fingers=True)
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    driver.frames(1)
    mouse = Driver(app)
    for key in app.screen_keys.keys:
        if key.label == "b" or key.label == "B":
            mouse.tap(key.rect.center)
            break
    driver.frames(1)
    assert app.scenes.top is setup and field.value.endswith(("b", "B")) and app.screen_keys_for is field


def test_the_keyboard_is_not_drawn_over_a_dialog_above_the_field():
    app, driver, setup = setup_by(fingers=True)
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    driver.frames(1)
    app.go.dialog("A question", "Which?", [("Yes", lambda: None), ("No", lambda: None)])
    driver.frames(1)
    assert app.screen_keys_for is None
    dialog = app.scenes.top
    driver.tap(dialog.buttons[1].rect.center)  # its buttons take taps, whatever lay under the keys
    assert app.scenes.top is setup


def test_the_switch_key_gives_another_languages_letters():
    app, driver, setup = setup_by(fingers=True, language="ru")
    try:
        driver.tap(setup.rows[0].name_field.rect.center)
        driver.frames(1)
        labels = {key.label.lower() for key in app.screen_keys.keys}  # (capitals: the name is typed over)
        assert "й" in labels and "q" not in labels
        press(app, driver, "ABC")
        labels = {key.label.lower() for key in app.screen_keys.keys}
        assert "q" in labels and "й" not in labels
    finally:
        set_language("en")


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


def test_a_refused_name_is_said_on_the_keyboard_where_the_row_lies_under_it(monkeypatch):
    """Renaming a save low in Load's list: the refusal is written on the row, under the keys, so to the person
    Done did nothing. The keyboard's line says it too."""
    from tests.drawn_text import drawn_afresh, record_drawn
    from tests.test_ui_small_things import open_load, own_save, row_of

    own_save()
    drawn = record_drawn(monkeypatch)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app, fingers=True)
    driver.frames(2)
    load = open_load(app, driver)
    driver.tap(load.rename_rect(row_of(load, "mine.json")).center)
    driver.frames(1)
    press(app, driver, ".")
    press(app, driver, "Done")
    assert load.renaming is not None and load.name_field.problem
    assert drawn_afresh(driver, drawn).count(load.name_field.problem) >= 2  # on its row, and on the keyboard
    press(app, driver, "Erase")
    assert load.name_field.problem == ""


def keyboard_line_selected(app) -> bool:
    """Whether the screen keyboard's line of the field's words (its panel's top) shows them selected."""
    screen, panel = pygame.display.get_surface(), app.screen_keys.rect
    band = range(panel.top, panel.top + px(60), 2)
    return any(screen.get_at((x, y))[:3] == theme.SELECTION for x in range(panel.left, panel.right, 2) for y in band)


def test_a_second_tap_to_type_on_after_a_name_takes_the_capital_off():
    """The keyboard opens on capitals over a name selected to be typed over; a second tap on the field keeps the
    name to type on after it, and the next letter came as a capital all the same ("AdaS")."""
    app, driver, setup = setup_by(fingers=True)
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    driver.frames(1)
    assert field.selected and app.screen_keys.shift  # a name typed over begins with a capital
    assert keyboard_line_selected(app)  # (its own line shows the name selected, as the field does)
    driver.tap(field.rect.center)  # (a second tap: type on after the words)
    driver.frames(1)
    assert field.focused and not field.selected and app.screen_keys_for is field
    assert not keyboard_line_selected(app)
    press(app, driver, "h")
    assert field.value == "Adah"
