"""Issue 14, item 9: the small things people notice, driven through the real scenes by posted events.

Setup remembers the last player count and seats per game; a long load shows "Loading..." and keeps the window
alive; the pause after a finished game says it is over; Load renames and deletes saves, and opening an example
writes no copy until it is played; ``tabletop FILE.json`` opens a save (tests/test_cli.py has the parser's side).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.core.saves import write_save
from tabletop.games import GAMES
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.loading import SaveLoad
from tabletop.play.save_names import rename, save_name, save_names
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.load import LoadingScene, LoadScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.overlays import Dialog, PauseOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.setup_base import SetupBase, setups_path
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.widgets import TextField
from tests.drawn_text import drawn_afresh, record_drawn, strips_beside
from tests.thats_wizard_ui_helpers import choose_book
from tests.ui_driver import Driver, step_choice_to

GAME_SIZES = {"house-cup": 2, "stupefix": 4, "house-cup-challenge": 2, "thats-wizard": 2}


def new_app(size: tuple[int, int] = (1280, 720)) -> tuple[App, Driver]:
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def played_match(game_id: str, players: int, seed: int = 7, stop_at: int | None = None) -> Match:
    """A match of people played by random choices to its end (or to ``stop_at`` commands)."""
    game = GAMES[game_id]
    seats = [SeatInfo(f"P{seat + 1}") for seat in range(players)]
    match = Match(game, seats, game.default_options(players), seed)
    bot, rng = make_bot(game, "random"), Rng.from_seed(seed)
    while match.result() is None and (stop_at is None or len(match.log) < stop_at):
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    return match


def results_of(app: App, driver: Driver, match: Match) -> ResultsScene:
    """The results screen of a finished ``match``, opened at its table."""
    app.go.table(match)
    for _ in range(300):
        if isinstance(app.scenes.top, ResultsScene):
            break
        driver.frames(5)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    driver.frames(2)
    return results


def labels(scene: object) -> list[str]:
    return [button.label for button in getattr(scene, "buttons", [])]


# --- 3. the pause after a finished game ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAME_SIZES))
def test_the_pause_of_a_finished_game_says_it_is_over_and_offers_results_watch_and_menu(game_id: str) -> None:
    app, driver = new_app()
    match = played_match(game_id, GAME_SIZES[game_id])
    app.go.table(match)
    driver.frames(2)
    table = app.scenes.stack[0]
    driver.key(pygame.K_ESCAPE)  # before the results come up on their own
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    assert pause.title == "Game over" and "resumes" not in pause.message
    # the results screen's headline, which names the people (That's Wizard!'s rules' words name a side: a review)
    assert match.result() is not None and type(table).tallies(table.session).headline.rstrip(".") in pause.message
    assert labels(pause) == ["Results", "Watch again", "Back to the table", "Menu"]
    driver.tap(pause.buttons[0].rect.center)  # Results
    assert isinstance(app.scenes.top, ResultsScene) and app.scenes.top.session is table.session
    driver.tap(app.scenes.top.buttons[1].rect.center)  # See the table
    assert app.scenes.top is table and not table.covering()  # shown, though several people shared it: it is over
    driver.key(pygame.K_ESCAPE)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Watch again
    assert app.scenes.top is not table and app.scenes.top.session.match is not None
    assert getattr(app.scenes.top, "replay_bar", None) is not None


def test_the_pause_of_a_game_in_progress_still_says_continue_resumes_it() -> None:
    app, driver = new_app()
    app.go.table(played_match("house-cup", 2, stop_at=4))
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay) and pause.title == "Paused" and "resumes" in pause.message
    assert labels(pause)[0] == "Resume"


# --- 5. tabletop FILE.json ------------------------------------------------------------------------------------
def started_app(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> App:
    """The app as ``tabletop`` ARGV starts it, stopped before its loop (the parser and the start are real)."""
    started: list[App] = []
    monkeypatch.setattr(App, "run", lambda self: started.append(self) or 0)
    from tabletop import cli

    assert cli.main(["--size", "1280x720", *argv]) == 0
    assert len(started) == 1
    return started[0]


def test_a_save_given_on_its_own_opens_at_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    app = started_app(monkeypatch, [str(asset_dir("saves") / "thats-wizard-duel.json")])
    table = app.scenes.stack[0]
    assert table.session.game.id == "thats-wizard" and len(table.session.match.log) > 0
    assert app.notice == ""


def test_a_bad_save_given_on_its_own_says_why_on_the_menu(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bad = tmp_path / "not-a-save.json"
    bad.write_text('{"hello": 1}')
    app = started_app(monkeypatch, [str(bad)])
    Driver(app).frames(2)  # drawn: the line fits the window, no traceback
    assert isinstance(app.scenes.top, MenuScene)
    assert app.notice == "not-a-save.json: is not a Tabletop save"
    missing = started_app(monkeypatch, [str(tmp_path / "gone.json")])
    assert isinstance(missing.scenes.top, MenuScene) and missing.notice == "gone.json: the file does not exist"


# --- 1. setup remembers the last player count and seats -----------------------------------------------------------
def open_setup(app: App, driver: Driver, game_id: str) -> SetupBase:
    app.go.setup(GAMES[game_id])
    driver.frames(1)
    scene = app.scenes.top
    assert isinstance(scene, SetupBase)
    return scene


def name_seat(driver: Driver, field: TextField, name: str) -> None:
    """Tap a seat's name field, clear it, type ``name`` and Enter."""
    driver.tap(field.rect.center)
    for _ in range(len(field.value)):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text(name)
    driver.key(pygame.K_RETURN)


@pytest.mark.parametrize("game_id", sorted(GAME_SIZES))
def test_setup_remembers_the_last_player_count_and_each_seats_player_and_name(game_id: str) -> None:
    app, driver = new_app()
    scene = open_setup(app, driver, game_id)
    default = scene.players
    target = next(n for n in reversed(scene.counts) if n != default)
    step_choice_to(driver, scene.players_choice, scene.counts.index(target))
    assert scene.players == target and len(scene.rows) == target
    ids = [controller for _, controller in scene.controllers]
    step_choice_to(driver, scene.rows[1].controller, ids.index("hard"))
    name_seat(driver, scene.rows[1].name_field, "Zed")
    if game_id == "thats-wizard":  # a person chooses their spellbook before the match
        choose_book(driver, scene, 0)
    driver.tap(scene.start.rect.center)
    assert app.scenes.stack[0].session.match.seats[1] == SeatInfo("Zed", "hard"), scene.error

    app2, driver2 = new_app()  # a new start of the app: read back from the file
    again = open_setup(app2, driver2, game_id)
    assert again.players == target and again.players_choice.value == again.count_label(target)
    assert [(row.controller.index, row.name_field.value) for row in again.rows] == [
        (ids.index(seat.controller), seat.name) for seat in app.scenes.stack[0].session.match.seats
    ]
    step_choice_to(driver2, again.players_choice, again.counts.index(default))  # another number: its defaults
    assert again.rows[0].controller.value == "Human"


def start_house_cup_as(name: str) -> None:
    """A House Cup game started with ``name`` typed for the first seat (kept in the setups' memory)."""
    app, driver = new_app()
    scene = open_setup(app, driver, "house-cup")
    name_seat(driver, scene.rows[0].name_field, name)
    driver.tap(scene.start.rect.center)
    assert app.scenes.stack[0].session.match.seats[0].name == name, scene.error


def test_a_name_given_once_is_offered_to_the_first_person_of_a_game_set_up_for_the_first_time() -> None:
    """Left at a seat's default a person was "Gryffindor" in House Cup and "Wizard 1" in That's Wizard!: a
    different person in each game's statistics. Their name typed once is offered at the next game's first setup."""
    start_house_cup_as("Ann")

    app2, driver2 = new_app()
    first = open_setup(app2, driver2, "stupefix")  # never set up before
    assert first.rows[0].name_field.value == "Ann"
    assert [row.name_field.value for row in first.rows[1:]] == [row.first_name for row in first.rows[1:]]
    name_seat(driver2, first.rows[0].name_field, "")  # left at its default, on purpose
    driver2.tap(first.start.rect.center)
    assert app2.scenes.stack[0] is not first, first.error

    app3, driver3 = new_app()
    again = open_setup(app3, driver3, "stupefix")  # set up before: as it was left, the name not offered again
    assert again.rows[0].name_field.value != "Ann"


def test_a_name_offered_that_another_seat_goes_by_already_is_not_offered() -> None:
    """ "Ben" typed in House Cup was offered to House Cup Challenge's first person, whose second seat is "Ben" by
    default: Start refused the setup nobody had touched ("Give every player a different name")."""
    start_house_cup_as("Ben")

    app2, driver2 = new_app()
    first = open_setup(app2, driver2, "house-cup-challenge")  # never set up before; its seat 2 is Ben
    assert [row.shown_name() for row in first.rows[:2]] == ["Ada", "Ben"]
    driver2.tap(first.start.rect.center)
    assert app2.scenes.stack[0] is not first, first.error


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1, 2]",
        '{"games": [1]}',
        '{"games": {"house-cup": {"players": 99, "seats": {"2": [{"plays": "god", "name": 5}]}}}}',
        '{"games": {"house-cup": {"players": "3", "seats": {"3": "Ada"}}}}',
        '{"games": {"house-cup": {"players": true, "seats": {"4": [{"plays": 3, "name": "' + "x" * 99 + '"}]}}}}',
        '{"games": {"house-cup": {"players": 2, "seats": {"2": [null, {"plays": "easy", "name": "a/b\\n"}]}}}}',
    ],
)
def test_a_damaged_or_foreign_setup_memory_gives_the_defaults_never_a_crash(text: str) -> None:
    setups_path().parent.mkdir(parents=True, exist_ok=True)
    setups_path().write_text(text, encoding="utf-8")
    app, driver = new_app()
    scene = open_setup(app, driver, "house-cup")
    assert scene.players in (2, 4)  # the default, or the one valid number of players in the file
    for row in scene.rows:
        assert len(row.name_field.value) <= 14 and row.name_field.value.isprintable() and row.name_field.value
        assert scene.controllers[row.controller.index][1] in ("human", "medium", "easy")
    driver.tap(scene.start.rect.center)
    assert app.scenes.stack[0] is not scene  # and it starts, writing a good file over the bad one
    assert json.loads(setups_path().read_text())["games"]["house-cup"]["players"] == scene.players


# --- 4. Load renames and deletes saves; an example opened adds no copy until played ----------------------------------
def open_load(app: App, driver: Driver) -> LoadScene:
    app.go.load()
    driver.frames(1)
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    return scene


def row_of(scene: LoadScene, name: str) -> pygame.Rect:
    return next(rect for _, info, rect in scene._rows() if info is not None and info.path.name == name)


def own_save(name: str = "mine.json") -> Path:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes((asset_dir("saves") / "house-cup-4p-midround.json").read_bytes())
    return path


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)])
@pytest.mark.parametrize("mine", [False, True])
def test_the_load_list_says_a_tapped_game_is_played(monkeypatch, size: tuple[int, int], mine: bool) -> None:
    """A row opens its game, yet only Watch (and Rename, Delete) was written on the list: nothing told a first-time
    player how to play an example (a first hour in a real window). The first heading says it, on its own row, clear
    of every row below."""
    from tabletop.ui.scenes.load import OPEN_HINT

    if mine:
        own_save()
    app, driver = new_app(size)
    scene = open_load(app, driver)
    drawn = record_drawn(monkeypatch)
    assert drawn_afresh(driver, drawn).count(OPEN_HINT) == 1
    heading = next(rect for _, info, rect in scene._rows() if info is None)
    hint = scene.draw_hint(app.screen, heading, 0)
    assert heading.contains(hint)
    assert all(not hint.colliderect(rect) for _, info, rect in scene._rows() if info is not None)
    pygame.quit()


def test_load_renames_a_save_by_typing_on_its_row_and_the_name_is_its_title() -> None:
    mine = own_save()
    before = mine.read_bytes()
    app, driver = new_app()
    scene = open_load(app, driver)
    example = next(info for _, info in scene.entries if info.path.parent != user_saves_dir())
    assert not scene._deletable(example)  # an example has no Rename (nor Delete)
    driver.tap(scene.rename_rect(row_of(scene, "mine.json")).center)
    assert scene.renaming is not None and scene.name_field.focused
    driver.type_text("Friday night")
    driver.key(pygame.K_RETURN)
    assert scene.renaming is None and scene.error == ""
    info = next(info for _, info in scene.entries if info.path == mine)
    assert scene.title_of(info) == "Friday night"
    assert mine.read_bytes() == before  # the save itself is untouched, under its own file name
    driver.key(pygame.K_ESCAPE)  # leave Load; coming back shows the name (read from its file)
    again = open_load(app, driver)
    assert again.title_of(next(info for _, info in again.entries if info.path == mine)) == "Friday night"
    driver.tap(again.rename_rect(row_of(again, "mine.json")).center)  # renaming again starts from the name
    assert again.name_field.value == "Friday night"
    driver.tap(again.rename_controls(row_of(again, "mine.json"))[2].center)  # Cancel
    assert again.renaming is None and save_name(mine) == "Friday night"


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("", "Give the save a name."),
        ("   ", "Give the save a name."),
        ("../../etc/passwd", "cannot hold / or \\ or start with a dot"),
        ("a\\b", "cannot hold / or \\ or start with a dot"),
        (".hidden", "cannot hold / or \\ or start with a dot"),
        ("x" * 45, "at most 40 characters (45 now)"),
    ],
)
def test_load_refuses_an_empty_long_or_path_like_name_with_a_line(typed: str, line: str) -> None:
    mine = own_save()
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(scene.rename_rect(row_of(scene, "mine.json")).center)
    if typed:
        driver.type_text(typed)
    driver.tap(scene.rename_controls(row_of(scene, "mine.json"))[1].center)  # Save name
    assert line in scene.error and scene.renaming is not None  # still typing, the line says why
    assert save_name(mine) == "" and mine.exists()
    driver.key(pygame.K_ESCAPE)  # Escape leaves the name as it was, and Load stays
    assert scene.renaming is None and app.scenes.top is scene


def test_deleting_a_named_save_forgets_its_name() -> None:
    mine = own_save()
    assert rename(mine, "Keep me") is None
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(scene.delete_rect(row_of(scene, "mine.json")).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Delete
    assert not mine.exists() and "mine.json" not in save_names()


def test_the_delete_question_names_the_game_as_its_row_does_not_its_file() -> None:
    # "Delete this file (autosave-thats-wizard-20261205-035940-436491.json)?" told one autosave from another to
    # nobody: the question now says the row's words and when it was saved.
    own_save("autosave-house-cup-20261205-035940-436491.json")
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(scene.delete_rect(row_of(scene, "autosave-house-cup-20261205-035940-436491.json")).center)
    question = app.scenes.top.message
    assert "House Cup - 4 players" in question and "saved " in question and "autosave" not in question


def test_load_and_continue_name_a_that_s_wizard_table_as_the_game_does_not_by_its_number() -> None:
    # A Duos match read "That's Wizard! - 4 players" on Load and on Continue, as if four wizards played alone.
    own_save("autosave-thats-wizard-20261205-035940-436491.json").write_bytes(
        (asset_dir("saves") / "thats-wizard-duos.json").read_bytes()
    )
    app, driver = new_app()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert menu.continue_note().endswith(" - Duos (2 vs 2)"), menu.continue_note()
    scene = open_load(app, driver)
    lines = [scene.label_of(info) for _, info, _rect in scene._rows() if info is not None]
    assert sum("That's Wizard! - Duos (2 vs 2) - " in line for line in lines) == 2  # the autosave and the example
    assert any("That's Wizard! - 1 vs 1 - " in line for line in lines)
    assert not any("players" in line for line in lines if "That's Wizard!" in line)
    assert any("House Cup - 4 players" in line for line in lines)  # a game whose number says it all keeps it
    pygame.quit()


def test_escape_from_a_refused_name_leaves_no_refusal_under_the_list() -> None:
    own_save()
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(scene.rename_rect(row_of(scene, "mine.json")).center)
    driver.type_text("../x")
    driver.tap(scene.rename_controls(row_of(scene, "mine.json"))[1].center)  # Save name: refused, says why
    assert scene.error
    driver.key(pygame.K_ESCAPE)
    assert scene.renaming is None and scene.error == ""


def leave_to_menu(app: App, driver: Driver) -> None:
    """Escape (through the privacy screen or over the results) to the pause, then its last button: the menu."""
    for _ in range(4):
        if isinstance(app.scenes.top, MenuScene):
            return
        if isinstance(app.scenes.top, PauseOverlay):
            driver.tap(app.scenes.top.buttons[-1].rect.center)
        else:
            driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_opening_an_example_adds_no_save_until_it_is_played_and_then_one() -> None:
    app, driver = new_app()
    folder = user_saves_dir()
    for name in ("house-cup-scoring-example-choices.json", "house-cup-scoring-example.json") * 2:
        scene = open_load(app, driver)
        driver.tap(row_of(scene, name).center)  # opened, looked at, left: nothing written
        driver.frames(3)
        assert app.scenes.stack[0].session.path.parent == folder
        leave_to_menu(app, driver)
        assert not list(folder.glob("*.json")) if folder.exists() else True
    scene = open_load(app, driver)
    driver.tap(row_of(scene, "house-cup-4p-midround.json").center)  # a bot is to play: it does, at once
    session = app.scenes.stack[0].session
    for _ in range(200):
        if len(session.match.log) > 35:
            break
        driver.frames(1)
    assert len(session.match.log) > 35
    leave_to_menu(app, driver)
    copies = list(folder.glob("*.json"))
    assert copies == [session.path]  # one autosave for the game played on
    listing = open_load(app, driver)
    examples = [info.path.name for section, info in listing.entries if section == "Examples"]
    assert sorted(examples) == sorted(path.name for path in asset_dir("saves").glob("*.json"))
    assert [info.path for section, info in listing.entries if section == "Your games"] == [session.path]


# --- 2. a long load shows "Loading..." and keeps the window alive ---------------------------------------------------
LONG_MOVES = 600


def long_autosave(monkeypatch: pytest.MonkeyPatch) -> Path:
    """A House Cup Challenge game of 4 people LONG_MOVES moves in, kept as the game Continue resumes; saves of its
    size and up are read off the frame loop."""
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "autosave-house-cup-challenge-20260101-120000-000000.json"
    write_save(played_match("house-cup-challenge", 4, seed=11, stop_at=LONG_MOVES), path)
    monkeypatch.setattr(LoadingScene, "background_bytes", path.stat().st_size // 2)
    return path


def held_at(monkeypatch: pytest.MonkeyPatch, moves: int) -> threading.Event:
    """Loads stop after ``moves`` moves until the event is set (the test's hand on the worker, not a clock)."""
    gate = threading.Event()
    step = SaveLoad.step

    def held(self: SaveLoad) -> None:
        if self.done == moves:
            gate.wait(30)
        step(self)

    monkeypatch.setattr(SaveLoad, "step", held)
    return gate


def frames_until(driver: Driver, done: Callable[[], bool], most: int = 3000) -> None:
    """Frames until ``done`` (a save loading on its thread has finished): at least ``most`` frames, and beyond them
    as long as the thread needs on a busy machine (each frame gives it a moment; 120 s is only a safety net)."""
    give_up = time.monotonic() + 120
    frames = 0
    while not done():
        driver.frames(1)
        frames += 1
        if frames >= most:
            time.sleep(0.005)  # the loading thread's turn
            if time.monotonic() > give_up:
                break
    assert done()


def test_continue_on_a_long_save_shows_loading_with_its_progress_and_the_window_keeps_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = long_autosave(monkeypatch)
    gate = held_at(monkeypatch, 200)
    app, driver = new_app()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None and menu.latest.path == path
    driver.tap(menu.buttons[0].rect.center)  # Continue
    loading = app.scenes.top
    assert isinstance(loading, LoadingScene) and loading.label == "House Cup Challenge"
    frames_until(driver, lambda: loading.job.done == 200 and loading.shown)  # frames go on while it loads
    assert loading.progress() == (f"Replaying its moves: 200 of {LONG_MOVES}", 200 / LONG_MOVES)
    assert app.scenes.stack[0] is menu and app.running
    gate.set()
    frames_until(driver, lambda: app.scenes.stack[0] is not menu)
    session = app.scenes.stack[0].session
    assert len(session.match.log) == LONG_MOVES and session.match.game is GAMES["house-cup-challenge"]
    assert session.path == path and loading not in app.scenes.stack


def test_a_load_can_be_stopped_with_escape_and_the_window_closed_while_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    path = long_autosave(monkeypatch)
    before = path.read_bytes()
    gate = held_at(monkeypatch, 100)
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Continue
    first = app.scenes.top
    assert isinstance(first, LoadingScene)
    frames_until(driver, lambda: first.job.done == 100 and first.shown)
    driver.tap(first.cancel_button.rect.center)  # Cancel: back on the menu, nothing opened
    assert isinstance(app.scenes.top, MenuScene) and first.job.cancelled
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Continue again, then the window is closed
    second = app.scenes.top
    assert isinstance(second, LoadingScene) and second is not first
    frames_until(driver, lambda: second.job.done == 100)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert not app.running and second.job.cancelled
    gate.set()
    assert first.job.join(10) and second.job.join(10)
    assert first.job.error == second.job.error == "cancelled" and second.job.result is None
    assert path.read_bytes() == before  # a load only ever reads


def test_a_long_save_that_cannot_be_opened_says_why_on_load_and_offers_the_moves_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save refused at one move deep in its log (edited by hand, or from an older revision of the rules) was lost
    whole: its first moves, which replay, are offered to play on in a new save, the file kept as it is."""
    path = long_autosave(monkeypatch)
    data = json.loads(path.read_text())
    data["log"][500]["seat"] = 9  # a move of a seat that does not exist, deep in the log
    path.write_text(json.dumps(data, indent=1))
    broken = path.read_bytes()
    gate = held_at(monkeypatch, 100)  # (else a quick thread may fail the load before the tap's frames end)
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(row_of(scene, path.name).center)
    loading = app.scenes.top
    assert isinstance(loading, LoadingScene)
    gate.set()
    frames_until(driver, lambda: isinstance(app.scenes.top, Dialog))
    assert scene.error.startswith(path.name[:40]) and "move 501 is refused" in scene.error, scene.error
    assert "\n" not in scene.error and app.scenes.stack[-2] is scene
    offer = app.scenes.top
    assert isinstance(offer, Dialog) and "500 moves from its start replay" in offer.message
    driver.tap(offer.buttons[1].rect.center)  # Cancel: the list, its line saying why
    assert app.scenes.top is scene and "move 501 is refused" in scene.error
    driver.tap(row_of(scene, path.name).center)  # again, and Open
    frames_until(driver, lambda: isinstance(app.scenes.top, Dialog))
    driver.tap(app.scenes.top.buttons[0].rect.center)
    table = app.scenes.stack[0]  # (behind the privacy screen: people play it)
    assert isinstance(table, GameTable) and table.replay_bar is None
    assert [to_json(c) for c in table.session.match.log[:500]] == data["log"][:500]
    assert table.session.path != path and path.read_bytes() == broken  # a new save; the file as it was


def test_a_finished_save_whose_position_was_changed_is_not_offered_as_a_game_to_play_on() -> None:
    """Every move of a finished game replays, only its saved position was changed: Load says why and offers nothing
    (it offered to open the finished game "in a new save" as its moves leave it, "the moves after them left out":
    none was, and nothing was left to play). The offer is for a save refused at a move (test_i18n_shell's changed
    position of a game in progress: the menu says why, no offer over it)."""
    match = played_match("thats-wizard", 2, seed=3)
    assert match.result() is not None
    path = own_save("finished.json")
    write_save(match, path)
    data = json.loads(path.read_text())
    data["snapshot"] = {**data["snapshot"], "turn": 999}
    path.write_text(json.dumps(data))
    app, driver = new_app()
    scene = open_load(app, driver)
    driver.tap(row_of(scene, path.name).center)
    driver.frames(3)
    assert "does not match" in scene.error and app.scenes.top is scene
    assert not any(isinstance(s, GameTable) for s in app.scenes.stack)


def test_the_results_keep_each_players_header_inside_their_column():
    """Eight at Stupéfix in French with Large text at 1024x640: four columns, each house's name and what it
    counted ("1 Potion Réussie, 2 jetons Retard") stay inside their column (they ran on past its edge, the last
    one out of the window's margin, and the winner's "Winner" lay over it). Checked by the pixels between and
    beside the columns: the same as when the names and details are blank."""
    game = GAMES["stupefix"]
    names = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo")
    seats = [SeatInfo(names[0], "human"), *(SeatInfo(name, "greedy") for name in names[1:])]
    match = Match(game, seats, game.default_options(8), 7)
    rng = Rng.from_seed(3)
    while match.result() is None:
        legal = game.legal(match.state, match.to_act()[0])
        match.apply(legal[rng.below(len(legal))])
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    results = results_of(app, driver, match)
    assert len(results.columns) == 4

    def margins() -> list[bytes]:
        driver.frames(1)
        return strips_beside(app.screen, results.columns, height=results.columns[0].height // 3)

    shown = margins()
    assert any(len(player.detail) > 30 for player in results.data.players)
    for player in results.data.players:
        player.name, player.detail = "", ""
    assert margins() == shown
    pygame.quit()


@pytest.mark.parametrize("players", [2, 4])
def test_a_tally_without_a_house_shows_the_players_chart_colour_by_the_name(players: int) -> None:
    """That's Wizard! has no houses: each tally's crest corner stood empty, the name 60 px in. It now shows the
    player's colour in the chart (as the legend does) just before the name."""
    app, driver = new_app((1280, 800))
    results = results_of(app, driver, played_match("thats-wizard", players, seed=4))
    assert len(results.columns) == players
    for index, column in enumerate(results.columns):
        assert results.data.players[index].house == ""
        colour = results.data.colour(index)
        corner = pygame.Rect(column.left + 4, column.top + 8, 40, 40)
        spots = [(x, y) for x in range(corner.left, corner.right) for y in range(corner.top, corner.bottom)]
        assert any(tuple(app.screen.get_at(spot))[:3] == colour for spot in spots), index
    pygame.quit()


def test_the_challenges_tallies_show_each_characters_token_and_keep_a_year_with_its_number() -> None:
    """Everyone plays for Gryffindor in the Challenge: four tallies showed the same crest. Each now shows the
    player's character token; and an adventure's "(Year 1)" never breaks after "Year"."""
    from tabletop.ui.assets import fit

    app, driver = new_app((1280, 800))
    match = played_match("house-cup-challenge", 3, seed=3)
    results = results_of(app, driver, match)
    characters = [player.character for player in match.state.players]
    assert len(set(characters)) == 3
    for column, tally, character in zip(results.columns, results.data.players, characters, strict=True):
        token = fit(f"house_cup_challenge/{character}", theme.px(54))
        corner = (column.left + theme.px(12), column.top + theme.px(12))
        w, h = token.get_size()
        solid = [(x, y) for x in range(0, w, 5) for y in range(0, h, 5) if token.get_at((x, y)).a >= 250]
        assert len(solid) > 20
        for x, y in solid:
            drawn, own = app.screen.get_at((corner[0] + x, corner[1] + y)), token.get_at((x, y))
            assert max(abs(drawn[i] - own[i]) for i in range(3)) <= 4, character
        assert all(" (Year\u00a0" in text for _category, text, _points in tally.lines)
    assert theme.wrap("Flying Lesson with Madam Hooch (Year\u00a01)", 16, 270)[-1].endswith("(Year\u00a01)")
    pygame.quit()


def test_new_game_shows_each_games_picture_beside_its_name() -> None:
    """The game list was four cards of text alike; each game now names its picture (``Game.emblem``), drawn at
    its card's left, the name and description after it."""
    from tabletop.ui.assets import fit
    from tabletop.ui.scenes.newgame import NewGameScene

    app, driver = new_app((1280, 800))
    app.go.new_game()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    emblems = [game.emblem for game in scene.entries]
    assert all(emblems) and len(set(emblems)) == len(emblems)
    for game, rect in zip(scene.entries, scene.rects, strict=True):
        side = rect.height - theme.px(24)
        picture = fit(game.emblem, side)
        spot = picture.get_rect(center=(rect.left + theme.px(16) + side // 2, rect.centery))
        w, h = picture.get_size()
        solid = [(x, y) for x in range(0, w, 4) for y in range(0, h, 4) if picture.get_at((x, y)).a >= 250]
        assert len(solid) > 30, game.id
        for x, y in solid:
            drawn, own = app.screen.get_at((spot.left + x, spot.top + y)), picture.get_at((x, y))
            assert max(abs(drawn[i] - own[i]) for i in range(3)) <= 4, game.id
    pygame.quit()


def test_the_row_under_the_mouse_on_load_is_lit():
    """A row opens its game when tapped, yet nothing showed it could be: the row under the mouse now takes a gold
    edge, the others keep theirs."""
    app, driver = new_app((1280, 800))
    scene = open_load(app, driver)
    rows = [rect for _, info, rect in scene._rows() if info is not None][:2]

    def edge(rect: pygame.Rect) -> tuple[int, int, int]:
        return tuple(app.screen.get_at((rect.centerx, rect.top + 1)))[:3]

    driver.frames(1)
    before = [edge(rect) for rect in rows]
    driver.move((rows[0].left + 40, rows[0].centery))
    driver.frames(2)
    assert edge(rows[0]) != before[0] and edge(rows[1]) == before[1]
    driver.move((rows[1].left + 40, rows[1].centery))
    driver.frames(2)
    assert edge(rows[0]) == before[0] and edge(rows[1]) != before[1]
    pygame.quit()


def test_load_marks_the_seats_bots_play(monkeypatch):
    """A game against bots and one passed round by people, with the same houses, read alike on Load: the seats
    bots play are now marked."""
    game = GAMES["house-cup"]
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, second in (("people.json", "human"), ("bots.json", "medium")):
        seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", second)]
        write_save(Match(game, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 3), folder / name)
    app, driver = new_app((1280, 800))
    drawn = record_drawn(monkeypatch)
    scene = open_load(app, driver)
    words = drawn_afresh(driver, drawn)
    assert "Gryffindor, Slytherin (bot)" in words  # the game against a bot
    assert re.search(r"Gryffindor, Slytherin(?! \(bot\))", words)  # the game of two people
    rows = {info.path.name: info for _, info, _rect in scene._rows() if info is not None}
    assert rows["bots.json"].bots == (1,) and rows["people.json"].bots == ()
    pygame.quit()


def test_the_menus_keyboard_hints_give_way_once_a_finger_is_used(monkeypatch):
    """The menu's foot said "F11 full screen - F1 rules - Esc back" on a tablet, where nobody has those keys.
    The hints go once a finger presses, and come back with the mouse."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app, driver = new_app()
    drawn = record_drawn(monkeypatch)
    hints = "F11 full screen  -  F1 rules  -  Tab or arrows, then Enter  -  Ctrl+Z undo  -  Esc back from a screen"
    assert hints in drawn_afresh(driver, drawn)
    Driver(app, fingers=True).tap((5, 5))
    assert hints not in drawn_afresh(driver, drawn)
    driver.tap((5, 5))
    assert hints in drawn_afresh(driver, drawn)


@pytest.mark.parametrize(
    "save", ["house-cup-4p-midround.json", "stupefix-7p-round6-draft.json", "thats-wizard-duos.json"]
)
def test_a_window_shrunk_to_a_sliver_shows_only_its_band_and_comes_back(save: str) -> None:
    """A window manager that ignores the minimum size let a window shrink to 1280x120, and the table fell on a
    card of negative height (House Cup), a felt of none (That's Wizard!), a banner squeezed under nothing
    (Stupéfix): the app closed (a tester found it). Under ``DRAWABLE`` only the band asking for a larger window is
    drawn; a save opened then, and the window grown again, the table is laid out and drawn as before."""
    from tabletop.ui.app import DRAWABLE

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    app.go.open_save(asset_dir("saves") / save)
    driver.frames(10)

    def resize(size: tuple[int, int]) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        driver.frames(3)

    for size in [(1280, 120), (240, 120), (1, 1), (DRAWABLE[0] - 1, 900), (2000, DRAWABLE[1])]:
        resize(size)
    resize((1280, 40))
    app.go.menu()
    app.go.open_save(asset_dir("saves") / "house-cup-challenge-year4.json")  # laid out in the sliver
    driver.frames(5)
    resize((1280, 800))
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable) and app.screen.get_size() == (1280, 800)
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 64) for y in range(0, 800, 64)}
    assert len(colours) > 20  # the table drawn, not the plain band's background
    pygame.quit()


def test_a_save_with_a_blank_seat_name_opens_naming_the_seat() -> None:
    """The setup never writes a blank name, but a save edited by hand may hold one: it opened on "Pass to" nobody
    (a tester found it). The seat is named "Seat 2" wherever names are shown."""
    from tabletop.core.match import SeatInfo as Seat

    game = GAMES["house-cup"]
    match = Match(game, [Seat("Ada"), Seat("  ")], {"houses": ["Gryffindor", "Slytherin"], "first": 1}, 7)
    path = user_saves_dir() / "blank-name.json"
    write_save(match, path)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    assert app.go.open_save(path) is None
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    assert table.session.names() == ["Ada", "Seat 2"] and table.session.name(1) == "Seat 2"
    pygame.quit()


@pytest.mark.every_frame
def test_a_log_entry_taller_than_the_log_shows_its_first_lines_not_nothing(monkeypatch):
    """The side log drew only entries that fit whole: at 1024x640 with Large text House Cup's newest French line
    (five lines) left it empty (the diff's review). Its first lines show, the last ending '...', within the log."""
    pygame.init()
    theme.reset_caches()  # (as the app does: a font cached before another test's pygame.quit is dead)
    surface = pygame.Surface((200, 200))
    drawn: list[str] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda value, *a, **k: (drawn.append(value), text(value, *a, **k))[1])
    long = theme.wrap("Laid on the timetable: " + ", ".join(["Potions"] * 30) + ".", 14, 180)
    area = pygame.Rect(10, 10, 180, round(theme.font_px(14) * 1.1) * 3)
    theme.draw_log(surface, area, [["An older line."], long])
    assert len(long) > 3 and drawn[:2] == long[:2] and drawn[2].endswith("...") and len(drawn) == 3
    assert theme.ui_font(14).size(drawn[2])[0] <= area.width


@pytest.mark.parametrize("save", ["thats-wizard-duel.json", "house-cup-4p-midround.json"])
def test_a_card_shown_large_stays_through_a_resize(save: str) -> None:
    """A card shown enlarged (Z, a tap, a long press) went when the window was resized, as if it had moved: a
    tablet turned while a card was being read (the portrait review). It follows the card to its new place."""
    from tests.ui_driver import open_past_cover

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / save)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    driver.frames(2)
    placed = next(p for p in table.hits.placed if p.kind in table.ZOOM_KINDS and table.card_under(p.rect.center))
    card = table.card_under(placed.rect.center)
    assert card is not None
    table.show_zoom(card, placed.rect.center)
    driver.frames(2)
    assert table.zoomed() == card
    pygame.display.set_mode((768, 1024), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(768, 1024), w=768, h=1024))
    driver.frames(3)
    assert table.zoomed() == card and table.long_press_rect is not None
    assert table.long_press_rect.collidepoint(table.zoom_at)
    # the same placing, not another copy of the card (a spell played is also a thumbnail: the diff's review)
    assert table.zoom_place[0] == placed.kind
    assert table.long_press_rect.width >= placed.rect.width * 0.5
    pygame.quit()


def test_a_card_shown_large_goes_when_it_moves_after_a_resize_that_left_it_in_place() -> None:
    """A resize that left the card where it was kept the old size, and the card's next real move (a bot's) was
    taken for a resize: the enlarged card followed it (the diff's review). It goes, as any moved card's does."""
    from tests.ui_driver import open_past_cover

    def resize(size: tuple[int, int]) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        driver.frames(3)

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-4p-midround.json")
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    driver.frames(2)

    def where(card: str) -> list[pygame.Rect]:
        return [p.rect for p in table.hits.placed if p.item == card and p.kind == "card"]

    placed = next(p for p in table.hits.placed if p.kind == "card" and p.item == "potions-1")
    table.show_zoom("potions-1", placed.rect.center)
    driver.frames(2)
    start = where("potions-1")
    resize((1280, 810))  # the card stays where it was
    assert where("potions-1") == start and table.zoomed() == "potions-1"
    for _ in range(200):  # moves until the card is taken or slides up its column
        if where("potions-1") != start:
            break
        if table.view.legal and table.view.seat in table.session.match.to_act():
            table.submit(table.view.legal[0])
        driver.frames(2)
    assert where("potions-1") != start and table.zoomed() is None
    pygame.quit()


def test_stupefixs_score_sheet_follows_its_score_through_a_resize() -> None:
    """A house's score sheet ("score:House", placed as the house) stayed where the score had been after a resize,
    away from it (the last diff's review): it follows the score like any card."""
    from tests.ui_driver import open_past_cover

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-4p-round3-wands.json")
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    driver.frames(2)
    score = next(p for p in table.hits.placed if p.kind == "score")
    sheet = table.card_under(score.rect.center)
    assert sheet == f"score:{score.item}"
    table.show_zoom(sheet, score.rect.center)
    assert table.long_press_rect == score.rect
    pygame.display.set_mode((768, 1024), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(768, 1024), w=768, h=1024))
    driver.frames(3)
    moved = next(p for p in table.hits.placed if p.kind == "score" and p.item == score.item)
    assert table.zoomed() == sheet and table.long_press_rect == moved.rect != score.rect
    pygame.quit()


@pytest.mark.parametrize("animation", ["Off", "Fast", "Normal"])
def test_the_wait_before_the_results_keeps_the_animation_setting(animation):
    """With animations off the final table stayed 1.3 s before the results, as at Normal (a review of tempo): the
    wait is the pace's, a glimpse when nothing is animated."""
    app = App((1280, 720), settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    driver = Driver(app)
    app.go.table(played_match("house-cup", 2))
    table = app.scenes.top
    assert isinstance(table, GameTable)
    frames = 0
    while not isinstance(app.scenes.top, ResultsScene) and frames < 200:
        driver.frames(1)
        frames += 1
    expected = {"Off": 0.3, "Fast": 1.3 / 1.8, "Normal": 1.3}[animation]
    assert abs(frames / 60 - expected) < 0.1, frames


def test_house_cups_focus_ring_round_a_token_in_hand_leaves_your_tokens_clear():
    """At 1024x640 the ring round a token in hand ran over the last letters of "Your tokens" above the row (a
    small thing a player tripped over): the row starts a ring's reach under the label. The label's pixels are the
    same with the ring drawn and without."""
    from tabletop.ui.keyboard import FocusRings
    from tabletop.ui.tables.house_cup.table import HouseCupTable
    from tests.keyboard_driver import Keys
    from tests.ui_driver import open_past_cover

    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-4p-midround.json")
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    Keys(driver).focus(table, lambda target: target.kind == "token", "a token in hand")
    area = table.layout.my_tokens
    label = theme.text("Your tokens", 16).get_rect(topleft=(area.left + theme.px(4), area.top + theme.px(3)))
    driver.frames(1)
    with_ring = pygame.image.tobytes(app.screen.subsurface(label), "RGB")
    FocusRings.shown = False
    try:
        table.draw(app.screen)
    finally:
        FocusRings.shown = True
    assert pygame.image.tobytes(app.screen.subsurface(label), "RGB") == with_ring
    pygame.quit()


def text_under_rings(driver: Driver, table: GameTable, wanted: list[tuple[str, object]]) -> dict[tuple, int]:
    """For each focus stop of ``wanted`` (its kind and item): how many pixels of text the ring round it is drawn
    over (pixels the ring changes that change when every text is drawn blank). The ring is shown by Tab, then
    put on each stop."""
    from tabletop.ui.keyboard import FocusRings, ring_outset
    from tabletop.ui.sprites import cache as sprite_cache
    from tests.keyboard_driver import Keys

    def drawn(rings: bool = False) -> pygame.Surface:
        FocusRings.shown = rings
        try:
            table.draw(driver.app.screen)
        finally:
            FocusRings.shown = True
        return driver.app.screen.copy()

    def afresh() -> None:
        theme.reset_caches()
        sprite_cache.reset_all()

    render = theme.Font.render

    def blank(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        return pygame.Surface(render(self, message, *args, **kwargs).get_size(), pygame.SRCALPHA)

    Keys(driver).press(pygame.K_TAB)
    plain = drawn()
    afresh()
    theme.Font.render = blank  # type: ignore[method-assign]
    try:
        wordless = drawn()
    finally:
        theme.Font.render = render  # type: ignore[method-assign]
        afresh()
    over: dict[tuple, int] = {}
    for key in wanted:
        table.focus.put(table.focus_targets(), key)
        target = table.focused()
        assert target is not None and target.key == key, key
        ringed = drawn(rings=True)
        reach = target.rect.inflate(4 * ring_outset(), 4 * ring_outset()).clip(ringed.get_rect())
        a, b, c = (pygame.image.tobytes(s.subsurface(reach), "RGB") for s in (plain, wordless, ringed))
        over[key] = sum(
            1
            for i in range(0, len(a), 3)
            if a[i : i + 3] != c[i : i + 3] and sum(abs(a[i + j] - b[i + j]) for j in range(3)) > 60
        )
    return over


@pytest.mark.parametrize("percent", [100, 75])
def test_house_cups_focus_rings_round_the_scores_and_piles_leave_the_words_beside_them_clear(tmp_path, percent):
    """At 1024x640 the ring round one's own "5 points now" ran over one's name above it, the ring round an
    opponent's score over the end of a long name, the ring round the discard pile over "Discard 3", and at a 75%
    interface the ring round one's cards touched "Your cards (2)". Each is drawn a ring's reach from the words."""
    from tests.ui_driver import open_past_cover

    save = json.loads((asset_dir("saves") / "house-cup-4p-midround.json").read_text(encoding="utf-8"))
    names = ["Maximilian Wolfgang", "Bartholomew Featherstonehaugh", "Hufflepuff", "Anastasia Konstantinovna"]
    for seat, name in zip(save["seats"], names, strict=True):
        seat["name"] = name
    path = tmp_path / "long-names.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=percent)
    app = App((1024, 640), settings=settings)
    driver = open_past_cover(app, path)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable) and table.view.seat == 0
    stops = [("score", "score:0"), ("score", "score:1"), ("score", "score:3"), ("discard", None), ("my_cards", None)]
    over = text_under_rings(driver, table, stops)
    pygame.quit()
    assert over == dict.fromkeys(stops, 0)


def test_the_challenges_tally_keeps_a_players_abilities_on_one_line() -> None:
    """French with Large text at 1024x640, three players: a tally's line under the name wrapped "K9 S7 H9" after
    S7, "H9" alone on the next line (a review, uxhcc3). The three marks go to a line together."""
    from tabletop.games.house_cup_challenge.cards import ability_mark
    from tabletop.i18n import set_language

    set_language("fr")
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", large_text=True, language="fr"))
    driver = Driver(app)
    driver.frames(2)
    match = played_match("house-cup-challenge", 3, seed=3)
    results = results_of(app, driver, match)
    wrapped = 0
    for column, tally, player in zip(results.columns, results.data.players, match.state.players, strict=True):
        marks = [ability_mark(ability, value) for ability, value in player.abilities.items()]
        room = column.right - theme.px(14) - (column.left + theme.px(74))
        lines = theme.wrap(tally.detail, 15, room)
        wrapped += len(lines) > 1
        holding = [line.replace("\u00a0", " ").split() for line in lines if marks[0] in line.replace("\u00a0", " ")]
        assert all(mark in holding[-1] for mark in marks), lines  # the three on one line
    assert wrapped  # (a column too narrow for its whole line: the test needs one)
    pygame.quit()
