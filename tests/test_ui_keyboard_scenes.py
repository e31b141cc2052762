"""The shared screens by keyboard (issue 18, item 2): Tab and the arrows over their buttons and pickers, Enter
pressing; a game is started from the menu, paused, resumed and left from its results without a pointer."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.keyboard import RING, Target
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog, PauseOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.keyboard_driver import PostedEvents
from tests.ui_driver import Driver, until_results

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)


class SceneKeys:
    """Tab to a widget of the top scene (its ring shows it), Enter on it."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def press(self, key: int) -> None:
        self.driver.key(key)

    def tab_to(self, widget, what: str) -> None:
        scene = self.driver.app.scenes.top
        keys = scene.keys
        for _ in range(len(keys.targets()) + 2):
            self.press(pygame.K_TAB)
            now = keys.focused()
            if (now.item if isinstance(now, Target) else now) is widget:  # (a screen's keys give the Target)
                return
        raise AssertionError(f"Tab never reached {what} on {scene.name}")

    def enter_on(self, widget, what: str) -> None:
        self.tab_to(widget, what)
        self.driver.frames(25)  # (a box takes no Enter in the instant it opens)
        self.press(pygame.K_RETURN)


def test_a_game_started_from_the_menu_paused_resumed_and_left_from_its_results_by_keys(
    monkeypatch,
):
    posted = PostedEvents(monkeypatch)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    keys = SceneKeys(driver)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    keys.press(pygame.K_TAB)
    assert menu.keys.focused() is menu.buttons[1]  # New game (Continue is unlit: no game to continue)
    assert app.screen.get_at((menu.buttons[1].rect.left - 4, menu.buttons[1].rect.centery))[:3] == RING
    keys.press(pygame.K_RETURN)
    chooser = app.scenes.top
    assert isinstance(chooser, NewGameScene)
    keys.press(pygame.K_TAB)  # the focus shows on New game's list too (it moved unseen)
    ring = chooser.keys.focused().rect
    assert any(app.screen.get_at((x, ring.centery))[:3] == RING for x in range(ring.left - 14, ring.left))
    house_cup = chooser.buttons[[game.id for game in chooser.entries].index("house-cup")]
    keys.enter_on(house_cup, "House Cup's Set up")
    offer = app.scenes.top
    assert isinstance(offer, Dialog)  # the guided first game, offered once
    # One ring: the box's; New game's under it showed as bright (the keyboard review saw two)
    rings = []
    rect = pygame.draw.rect
    monkeypatch.setattr(
        pygame.draw, "rect", lambda s, colour, *a, **k: (rings.append(colour), rect(s, colour, *a, **k))[1]
    )
    keys.press(pygame.K_TAB)
    rings.clear()
    driver.frames(1)
    assert offer.keys.focus.shown and rings.count(RING) == 1
    monkeypatch.setattr(pygame.draw, "rect", rect)
    keys.enter_on(offer.buttons[1], "No thanks")
    setup = app.scenes.top
    assert isinstance(setup, SetupBase)
    keys.enter_on(setup.start, "Start")
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.game_id == "house-cup"
    keys.press(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    # Opened by a key, it shows its focus on Resume at once: Enter resumes (it did nothing until Tab or an arrow)
    assert pause.keys.focus.shown and pause.keys.focused() is pause.buttons[0]
    driver.frames(25)  # (an Enter in the same instant as the key that opened it waits)
    keys.press(pygame.K_RETURN)  # Resume
    assert app.scenes.top is table
    assert posted.pointer_events() == []


def test_the_results_are_left_for_the_menu_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    game = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    match = Match(game, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 3)
    bot, rng = game.bot_types["greedy"](), Rng(3)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    app.go.table(match)
    driver = Driver(app)
    results = until_results(driver, step=2)
    assert isinstance(results, ResultsScene)
    keys = SceneKeys(driver)
    keys.enter_on(results.buttons[3], "Menu")
    assert isinstance(app.scenes.top, MenuScene)
    assert posted.pointer_events() == []


def house_cup_setup() -> tuple[SetupBase, SceneKeys]:
    """House Cup's setup open, with keys to press on it."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    app.go.setup(GAMES["house-cup"])
    driver = Driver(app)
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, SetupBase)
    return setup, SceneKeys(driver)


def test_a_setups_pickers_turn_by_left_and_right():
    setup, keys = house_cup_setup()
    picker = setup.players_choice
    keys.tab_to(picker, "the players picker")
    value = picker.value
    keys.press(pygame.K_RIGHT)
    assert picker.value != value
    keys.press(pygame.K_LEFT)
    assert picker.value == value


def test_a_name_is_typed_where_the_focus_rests_without_enter_first():
    """Tab to a seat's name and type: the letters went nowhere until Enter opened the field (a keyboard player's
    review). A letter or Backspace now opens it and is typed; the seed field takes digits alone."""
    setup, keys = house_cup_setup()
    field = setup.rows[0].name_field
    keys.tab_to(field, "seat 1's name")
    assert not field.focused
    field.value = "Ad"
    keys.press(pygame.K_BACKSPACE)
    assert field.focused and field.value == ""  # (opened with its words selected: Backspace clears them)
    for letter in "Ada":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    keys.driver.frames(2)
    assert field.value == "Ada"
    from tabletop.ui.keyboard import reading_order

    stops = [target.item for target in reading_order(setup.keys.targets())]
    keys.press(pygame.K_TAB)  # one Tab ends the typing and moves on, from the field (a second was needed)
    assert not field.focused and setup.keys.focused() is stops[stops.index(field) + 1]
    field.begin()  # (a field opened by the mouse: Tab goes on from it too, not from the screen's first stop)
    setup.keys.focus.hide()
    keys.press(pygame.K_TAB)
    assert setup.keys.focused() is stops[stops.index(field) + 1]
    seed = setup.seed_field
    keys.tab_to(seed, "the deal")
    for text in ("x", "4", "2"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    keys.driver.frames(2)
    assert seed.value == "42" and setup.deal() == 42


def sdl_text_input_on() -> bool:
    """Whether SDL hands out typed text now (``SDL_EventState(SDL_TEXTINPUT, SDL_QUERY)``): a posted TEXTINPUT event
    goes round that switch, a key typed on a real keyboard does not."""
    import ctypes
    import ctypes.util
    import glob
    from pathlib import Path

    bundled = Path(pygame.__file__).resolve().parent.parent / "pygame_ce.libs"
    found = sorted(glob.glob(str(bundled / "libSDL2-2*"))) or [ctypes.util.find_library("SDL2") or ""]
    state = ctypes.CDLL(found[0]).SDL_EventState
    state.restype = ctypes.c_uint8
    return state(0x303, -1) == 1  # (SDL_TEXTINPUT, SDL_QUERY): SDL_ENABLE


def test_typed_text_still_comes_after_a_field_is_closed():
    """Closing a field stopped SDL's text input for the whole app: the next field the focus rested on, and the
    rules' search, took no letter from a real keyboard (posted events go round that switch, so the test of typing
    where the focus rests could not see it; the diff review found it)."""
    setup, keys = house_cup_setup()
    assert sdl_text_input_on()
    first = setup.rows[0].name_field
    keys.tab_to(first, "seat 1's name")
    keys.press(pygame.K_BACKSPACE)
    assert first.focused
    keys.press(pygame.K_TAB)  # (Tab ends the typing)
    assert not first.focused and sdl_text_input_on()
    keys.tab_to(setup.rows[1].name_field, "seat 2's name")
    assert sdl_text_input_on()


def test_settings_lines_are_walked_by_down_the_volume_among_them():
    """Down from the language skipped the sound volume (its slider narrower than the pickers, its middle further
    left): only Tab reached it (a keyboard player's review). Down now walks every line in order."""
    from tabletop.ui.scenes.settings import SettingsScene

    app = App((1280, 800), settings=Settings(volume=0.5, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    app.go.settings()
    driver.frames(3)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    keys = SceneKeys(driver)
    keys.press(pygame.K_TAB)
    walked = [scene.keys.focused()]
    for _ in range(len(scene.widgets()) - 1):
        keys.press(pygame.K_DOWN)
        walked.append(scene.keys.focused())
    assert walked[:2] == [scene.widgets()[0], scene.volume] and walked == list(scene.widgets())
    for _ in range(len(walked) - 2):
        keys.press(pygame.K_UP)
    assert scene.keys.focused() is scene.volume  # (Up walks them back)
    keys.press(pygame.K_LEFT)  # Left and Right still move it
    assert app.settings.volume < 0.5


def test_a_question_opened_by_a_key_starts_on_its_safe_answer_and_waits_for_a_second_enter():
    """A box opened by a key showed its focus on its first button, and Enter pressed twice answered it: the
    spellbook editor's Delete, then Enter again, deleted the book (a review of this change). The focus starts on
    the answer that changes nothing (Keep it), and an Enter in the same instant as the one that opened it waits."""
    from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    editor.load(0)  # a ready-made book, saved as the player's own
    editor.save()
    driver.frames(2)
    path = editor.current.path
    assert path is not None and path.exists()
    keys = SceneKeys(driver)
    editor.keys.put("widget", editor.buttons["delete"])
    keys.press(pygame.K_RETURN)  # Delete: its question
    question = app.scenes.top
    assert isinstance(question, Dialog) and question.buttons[0].label == "Delete it"
    assert question.keys.focus.shown and question.keys.focused() is question.buttons[1]  # Keep it
    keys.press(pygame.K_RETURN)  # at once again: nothing
    assert app.scenes.top is question and path.exists()
    driver.frames(30)
    keys.press(pygame.K_RETURN)  # Keep it
    assert app.scenes.top is editor and path.exists()
