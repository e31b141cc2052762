"""The app's screens outside the game tables, on paths a branch-coverage run of the whole suite found no test took.

Every player meets them: Load (a file that cannot be opened deleted by name, a delete the folder refuses, the wheel
and the page keys, a name too long for its row), Settings (the switches no test had turned, the line that says
there is no sound card, a language changed from a game's pause), Rules (a search that finds nothing, F1 pressed
on the rules), New game (a tap on a game's card), a tie broken on the results screen, History's games played by
bots, the screen keyboard's Shift, F11, a damaged settings file, and That's Wizard!'s spellbook editor (a name it
refuses, a folder it cannot write, a file in its folder that is no spellbook). Each goes through real pygame
events posted to the real scenes (``tests/ui_driver.py``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from tabletop.games import GAMES
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.save_names import rename
from tabletop.play.session import history_db
from tabletop.ui.app import App
from tabletop.ui.scenes import load as load_module
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings, load_settings, settings_path
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.editor import PREMADE, SpellbookEditor
from tests.drawn_text import drawn_afresh, record_drawn
from tests.test_ui_small_things import played_match
from tests.ui_driver import Driver


def new_app(size: tuple[int, int] = (1280, 800), **settings: object) -> tuple[App, Driver]:
    chosen = {"volume": 0.0, "animation": "Off", "bot_speed": "Instant", "guides_offered": list(GAMES), **settings}
    app = App(size, settings=Settings(**chosen))  # type: ignore[arg-type]
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def own_save(name: str, example: str = "house-cup-4p-midround.json") -> Path:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes((asset_dir("saves") / example).read_bytes())
    return path


def open_load(app: App, driver: Driver) -> LoadScene:
    app.go.load()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    return scene


def row_of(scene: LoadScene, name: str) -> pygame.Rect:
    return next(rect for _, info, rect in scene._rows() if info is not None and info.path.name == name)


def info_of(scene: LoadScene, name: str):
    return next(info for _, info in scene.entries if info.path.name == name)


# --- Load ----------------------------------------------------------------------------------------------------------
def test_a_file_that_cannot_be_opened_is_deleted_by_its_file_name_and_a_finished_game_by_its_words() -> None:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notes.json").write_text('{"not": "a save"}')
    own_save("done.json", "house-cup-scoring-example.json")
    app, driver = new_app()
    scene = open_load(app, driver)
    assert info_of(scene, "notes.json").error is not None and info_of(scene, "done.json").finished
    driver.tap(scene.delete_rect(row_of(scene, "notes.json")).center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    assert dialog.message == "Delete this file (notes.json)? It cannot be brought back."
    driver.tap(dialog.buttons[0].rect.center)  # Keep it
    assert (folder / "notes.json").exists() and app.scenes.top is scene
    driver.tap(scene.delete_rect(row_of(scene, "done.json")).center)
    question = app.scenes.top.message
    assert question.startswith("Delete this game (House Cup") and "in progress" not in question
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Delete
    assert not (folder / "done.json").exists() and (folder / "notes.json").exists()
    pygame.quit()


def test_a_delete_the_folder_refuses_says_why_under_the_list_and_keeps_the_row(monkeypatch) -> None:
    mine = own_save("mine.json")
    app, driver = new_app()
    scene = open_load(app, driver)
    unlink = os.unlink

    def refused(path, *args, **kwargs):
        if Path(path) == mine:
            raise PermissionError(13, "Permission denied", str(path))
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(load_module.os, "unlink", refused)
    drawn = record_drawn(monkeypatch)
    driver.tap(scene.delete_rect(row_of(scene, "mine.json")).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Delete
    assert app.scenes.top is scene and mine.exists()
    assert scene.error.startswith("Could not delete mine.json (") and "mine.json" in {
        info.path.name for _, info in scene.entries
    }
    assert "Could not delete mine.json" in drawn_afresh(driver, drawn)
    pygame.quit()


def test_the_wheel_and_the_page_keys_scroll_a_long_list_of_saves() -> None:
    for index in range(12):
        own_save(f"game-{index:02}.json")
    app, driver = new_app()
    scene = open_load(app, driver)
    assert scene.scroll.content_height > scene.scroll.rect.height
    inside = scene.scroll.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, touch=False))
    driver.frames(2)
    wheeled = scene.scroll.offset
    assert wheeled > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, touch=False))
    driver.frames(2)
    assert 0 < scene.scroll.offset < wheeled  # back up a notch
    driver.key(pygame.K_END)
    bottom = scene.scroll.offset
    assert bottom == scene.scroll.content_height - scene.scroll.rect.height
    driver.key(pygame.K_PAGEUP)
    assert 0 < scene.scroll.offset < bottom
    driver.key(pygame.K_HOME)
    assert scene.scroll.offset == 0
    pygame.quit()


def test_a_name_too_long_for_its_row_is_cut_with_dots_inside_the_row(monkeypatch) -> None:
    mine = own_save("mine.json", "stupefix-7p-round6-draft.json")
    assert rename(mine, "THE WEASLEYS WIZARDING WEEKEND, GAME TWO") is None
    app, driver = new_app((1024, 640), ui_scale=125, large_text=True)  # (a bigger interface)
    scene = open_load(app, driver)
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    label = scene.label_of(info_of(scene, "mine.json"))
    cut = next(text for text in drawn if text.startswith("THE WEASLEYS") and text.endswith("..."))
    assert label.startswith(cut[:-3]) and len(cut) < len(label)
    pygame.quit()


# --- Settings ------------------------------------------------------------------------------------------------------
def test_the_forced_moves_motion_and_display_switches_are_turned_by_a_tap_and_kept() -> None:
    app, driver = new_app()
    app.go.settings()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    before = (app.settings.play_forced, app.settings.reduce_motion, app.settings.fullscreen)
    for choice in (scene.forced, scene.motion, scene.fullscreen):
        driver.tap(choice.arrows()[1].center)
    after = (app.settings.play_forced, app.settings.reduce_motion, app.settings.fullscreen)
    assert after == tuple(not value for value in before)
    kept = load_settings(settings_path())
    assert (kept.play_forced, kept.reduce_motion, kept.fullscreen) == after
    driver.tap(scene.fullscreen.arrows()[0].center)  # and back to a window
    assert not app.settings.fullscreen and not load_settings(settings_path()).fullscreen
    pygame.quit()


def test_settings_say_the_game_runs_silent_when_there_is_no_sound_card(monkeypatch) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app, driver = new_app()
    assert not app.sounds.available
    app.go.settings()
    drawn = record_drawn(monkeypatch)
    assert "No audio device found: the game runs silent." in drawn_afresh(driver, drawn)
    driver.tap(app.scenes.top.volume.rect.center)  # the slider moves, nothing is played, nothing raises
    assert app.settings.volume > 0
    pygame.quit()


def test_a_damaged_settings_file_of_another_shape_gives_the_defaults(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[1, 2, 3]")  # JSON, but no settings
    assert load_settings(path) == Settings()
    path.write_text(json.dumps({"countdown": "Forever", "bot_speed": "Warp", "volume": 0.4}))
    mended = load_settings(path)
    assert (mended.countdown, mended.bot_speed, mended.volume) == (Settings.countdown, "Normal", 0.4)


# --- Rules, New game, F11 -------------------------------------------------------------------------------------------
def test_a_rules_search_that_finds_nothing_says_so_and_f1_on_the_rules_opens_no_second_copy(monkeypatch) -> None:
    app, driver = new_app()
    driver.key(pygame.K_F1)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    driver.key(pygame.K_F1)
    assert app.scenes.top is rules and sum(isinstance(s, RulesScene) for s in app.scenes.stack) == 1
    driver.tap(rules.search.rect.center)
    driver.type_text("xylophone")
    drawn = record_drawn(monkeypatch)
    assert rules.blocks == [] and 'Nothing matches "xylophone".' in drawn_afresh(driver, drawn)
    driver.key(pygame.K_ESCAPE)  # (the typing ends)
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, RulesScene)
    pygame.quit()


def test_a_tap_on_a_games_card_beside_its_button_sets_it_up() -> None:
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    index = next(i for i, game in enumerate(scene.entries) if game.id == "stupefix")
    card = scene.rects[index]
    driver.tap((card.left + 40, card.centery))  # on the game's name and picture, not on Set up
    setup = app.scenes.top
    assert setup is not scene and getattr(setup, "game", None) is GAMES["stupefix"]
    pygame.quit()


def test_f11_switches_full_screen_and_back_and_the_choice_is_kept() -> None:
    app, driver = new_app()
    driver.key(pygame.K_F11)
    assert app.settings.fullscreen
    driver.key(pygame.K_F11)
    assert not app.settings.fullscreen
    pygame.quit()


# --- Results, History, screen keyboard -------------------------------------------------------------------------------
def test_a_tie_broken_by_the_cards_is_written_under_the_results_headline(monkeypatch) -> None:
    match = played_match("house-cup", 2, seed=78)  # (P1 and P2 end on 46 points each)
    app, driver = new_app()
    app.go.table(match)
    for _ in range(100):
        if isinstance(app.scenes.top, ResultsScene):
            break
        driver.frames(5)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    note = results.data.tiebreak
    assert note == "P1 and P2 tied on 46 points; P2 wins with fewer cards."
    drawn = record_drawn(monkeypatch)
    assert note in drawn_afresh(driver, drawn)
    pygame.quit()


def test_history_says_which_games_bots_played_by_themselves(monkeypatch, fresh_histories) -> None:
    history, problem = history_db()
    assert history is not None, problem
    assert history.record(played_match("house-cup", 2, seed=3), source="arena")
    app, driver = new_app()
    app.go.history()
    driver.frames(2)
    assert isinstance(app.scenes.top, HistoryScene)
    drawn = record_drawn(monkeypatch)
    assert "played by bots (arena)" in drawn_afresh(driver, drawn)
    pygame.quit()


def test_shift_on_the_screen_keyboard_gives_one_capital_in_a_name() -> None:
    app = App((1920, 1080), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    app.go.setup(GAMES["house-cup-challenge"])
    driver = Driver(app, fingers=True)
    driver.frames(2)
    field = app.scenes.top.rows[0].name_field
    driver.tap(field.rect.center)
    driver.frames(1)
    assert app.screen_keys_for is field

    def press(label: str) -> None:
        driver.tap(next(key for key in app.screen_keys.keys if key.label == label).rect.center)
        driver.frames(1)

    for _ in field.value:
        press("Erase")
    for label in ("A", "n", "n", "Shift", "E", "v"):  # a name's first letter is a capital, then small ones
        press(label)
    assert field.value == "AnnEv"
    pygame.quit()


# --- That's Wizard!'s spellbook editor -------------------------------------------------------------------------------
def open_editor() -> tuple[App, Driver, SpellbookEditor]:
    app, driver = new_app()
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    return app, driver, editor


def name_it(driver: Driver, editor: SpellbookEditor, name: str) -> None:
    driver.tap(editor.name_field.rect.center)
    for _ in range(40):
        driver.key(pygame.K_BACKSPACE)
    if name:
        driver.type_text(name)
    driver.key(pygame.K_RETURN)


SEVEN = ("stun", "silence", "levitate", "share_pain", "fear", "chaos", "mind_control")


def test_the_spellbook_editor_refuses_no_name_and_a_premade_books_name_and_writes_nothing() -> None:
    app, driver, editor = open_editor()
    driver.tap(editor.buttons["new"].rect.center)
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    name_it(driver, editor, "")
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "Give the spellbook a name first."
    premade = next(iter(PREMADE))
    name_it(driver, editor, premade)
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "That name belongs to a premade spellbook: choose another."
    assert store.list_books() == []
    pygame.quit()


def test_a_fresh_editor_names_its_book_clear_of_one_saved_and_saves_it_at_once() -> None:
    """A book saved under the editor's first name ("My spellbook"), the editor opened again offered that name once
    more, and Save refused it: "Another spellbook is saved under a name like that" (a review in Russian)."""
    app, driver, editor = open_editor()
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    driver.tap(editor.buttons["save"].rect.center)
    assert [book.name for book in store.list_books()] == ["My spellbook"]
    pygame.quit()
    app, driver, editor = open_editor()
    assert editor.name_field.value == "My spellbook 2" and not editor.unsaved()
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "Saved My spellbook 2."
    assert sorted(book.name for book in store.list_books()) == ["My spellbook", "My spellbook 2"]
    pygame.quit()


def test_a_saved_book_saved_under_a_new_name_is_said_to_be_renamed() -> None:
    """Save under a new name replaces the book's file (Copy keeps both): the message said only "Saved Curses." and
    "Duel book" was gone from the list without a word (a new player's review of the editor)."""
    app, driver, editor = open_editor()
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    name_it(driver, editor, "Duel book")
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "Saved Duel book."
    name_it(driver, editor, "Curses")
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "Renamed Duel book to Curses."
    assert [book.name for book in store.list_books()] == ["Curses"]
    pygame.quit()


def test_a_spellbook_folder_that_cannot_be_written_says_why_and_the_book_stays_open_to_save_again() -> None:
    store.folder().parent.mkdir(parents=True, exist_ok=True)
    store.folder().write_text("a file where the folder belongs")
    app, driver, editor = open_editor()
    driver.tap(editor.buttons["new"].rect.center)
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    name_it(driver, editor, "Whispers")
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message.startswith("Could not save the spellbook (") and editor.spells == list(SEVEN)
    assert editor.unsaved()
    store.folder().unlink()  # the folder is made writable: Save again keeps it
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message == "Saved Whispers." and [book.name for book in store.list_books()] == ["Whispers"]
    pygame.quit()


def test_a_file_of_the_spellbook_folder_that_is_no_spellbook_says_why_and_is_never_written_over() -> None:
    """A file there that is not a spellbook (or a book's file broken by hand) opened as "Opened notes." on an empty
    grid, and Save (or closing the window) wrote the spells tapped over it: what the file held was lost."""
    store.folder().mkdir(parents=True, exist_ok=True)
    foreign, broken = store.folder() / "notes.json", store.folder() / "mine.json"
    foreign.write_text('{"shopping": ["eggs", "flour"]}')
    broken.write_text(json.dumps({"format": "thats-wizard-spellbook", "version": 1, "name": "Mine", "spells": [7]}))
    held = {path: path.read_bytes() for path in (foreign, broken)}
    app, driver, editor = open_editor()
    for title, reason in (("notes", "is not a That's Wizard! spellbook"), ("mine", "has a broken name or spell list")):
        driver.tap(editor.list.row_rect(title).center)
        if isinstance(app.scenes.top, Dialog):  # (the spells tapped on the last one are not saved: left)
            driver.tap(app.scenes.top.buttons[1].rect.center)
        assert editor.message == f"{title}: this file {reason}." and editor.spells == []
        assert (title, "not a spellbook file", False) in editor.list.rows  # (not "draft: breaks a rule")
        for card in SEVEN:
            driver.tap(editor.cell_rects[card].center)
        driver.tap(editor.buttons["save"].rect.center)
        assert editor.message == (
            "A file that is no spellbook has a name like that: choose another name, or delete that file."
        )
        assert {path: path.read_bytes() for path in held} == held
    editor.on_close()  # the window closes with the spells tapped: kept beside the file, not over it
    assert {path: path.read_bytes() for path in held} == held
    assert [book.name for book in store.list_books() if book.error is None] == ["mine (2)"]
    driver.tap(editor.list.row_rect("notes").center)  # and Delete still takes the file away when asked
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Leave it
    driver.tap(editor.buttons["delete"].rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Delete it
    assert not foreign.exists() and broken.exists()
    pygame.quit()


def test_a_spellbook_the_folder_will_not_let_go_says_why_and_stays_listed() -> None:
    """Delete on a file the folder refuses to remove (here a folder named like a book's file, listed as a file
    that cannot be read; a read-only folder does the same) raised out of the frame: the app's crash screen."""
    stuck = store.folder() / "stuck.json"
    (stuck / "inside").mkdir(parents=True)
    app, driver, editor = open_editor()
    driver.tap(editor.list.row_rect("stuck").center)
    assert editor.message == "stuck: this file cannot be read."
    driver.tap(editor.buttons["delete"].rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Delete it
    assert app.scenes.top is editor and editor.message.startswith("Could not delete stuck (")
    assert stuck.is_dir() and ("stuck", "not a spellbook file", False) in editor.list.rows
    pygame.quit()


def test_a_long_message_of_the_spellbook_editor_stays_clear_of_its_buttons() -> None:
    """The editor's line under the grid was one line as wide as its words: a Russian reason at 1024x640 ran under
    the Save button. It is wrapped to the grid's width now (two lines)."""
    store.folder().mkdir(parents=True, exist_ok=True)
    (store.folder() / "notes.json").write_text('{"shopping": ["eggs", "flour"]}')
    app, driver = new_app((1024, 640), language="ru")
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    driver.tap(editor.list.row_rect("notes").center)
    for card in SEVEN:
        driver.tap(editor.cell_rects[card].center)
    driver.tap(editor.buttons["save"].rect.center)
    assert editor.message.startswith("Под похожим названием лежит файл")
    driver.frames(1)
    rects = [button.rect for button in editor.buttons.values()]
    said = [app.screen.subsurface(rect).copy() for rect in rects]
    editor.message = ""
    driver.frames(1)
    quiet = [app.screen.subsurface(rect).copy() for rect in rects]
    for rect, one, other in zip(rects, said, quiet, strict=True):
        assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(other, "RGB"), rect
    pygame.quit()
