"""The app around the table: menu, Continue after closing mid-game, Load, Rules, Settings, results, no sound."""

import json
import math
import os
import re
import shutil
import subprocess
import sys

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core import Match, SeatInfo, load_match
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.core.saves import write_save
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.games.thats_wizard.events import AnswerDraw, OfferDraw
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.session import AUTOSAVE_PREFIX
from tabletop.ui import theme
from tabletop.ui.app import App, parse_size, starting_size
from tabletop.ui.assets import Sounds
from tabletop.ui.charts import nice_ticks
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import ClosingDialog, Dialog, PauseOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings, load_settings, save_settings, settings_path
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.theme import px
from tabletop.ui.widgets import button_face
from tests.drawn_text import drawn_afresh, record_drawn
from tests.test_thats_wizard_termination import HARMLESS, HEALER, stalled_match
from tests.ui_driver import Driver, until_results

BLACK, WHITE = (0, 0, 0), (255, 255, 255)


def new_app():
    # (every game's guided first game already offered: New game goes straight to the setup)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", guides_offered=list(GAMES))
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    return app, driver


def start_default_game(app, driver):
    driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
    driver.tap(app.scenes.top.buttons[0].rect.center)  # House Cup
    driver.tap(app.scenes.top.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    return table


def test_new_game_lists_four_games_and_marks_the_unplayable_ones():
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[1].rect.center)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    titles = [entry.title for entry in scene.entries]
    assert titles == ["House Cup", "Stupéfix", "House Cup Challenge", "That's Wizard!"]
    for entry, button in zip(scene.entries, scene.buttons, strict=True):
        ready = entry.id in GAMES and GAMES[entry.id].playable
        assert button.enabled == ready
        assert (button.label == "Not playable yet") == (not ready)
    closed = [i for i, entry in enumerate(scene.entries) if not (entry.id in GAMES and GAMES[entry.id].playable)]
    for index in closed[:1]:
        driver.tap(scene.buttons[index].rect.center)  # a game not playable yet: nothing happens
        assert app.scenes.top is scene


def test_closing_the_window_mid_game_loses_nothing_and_continue_resumes_there():
    app, driver = new_app()
    table = start_default_game(app, driver)
    driver.frames(5)
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)  # the bots answer
    state = to_json(table.session.match.state)
    path = table.session.path
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert not app.running
    assert to_json(load_match(path, GAMES).state) == state

    app2, driver2 = new_app()
    menu = app2.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None and menu.latest.path == path
    driver2.tap(menu.buttons[0].rect.center)  # Continue
    resumed = app2.scenes.stack[0]
    assert isinstance(resumed, HouseCupTable)
    assert to_json(resumed.session.match.state) == state


CTRL_C_RUN = """
import os, signal, sys
from tabletop.ui import app as app_module
frame, frames = app_module.App.frame, []
def counted(self, dt):
    frame(self, dt)
    frames.append(dt)
    if len(frames) == 3:
        os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl+C in the terminal
app_module.App.frame = counted
code = app_module.run_app(size="640x400", open_path=app_module.Path(sys.argv[1]))
print("frames", len(frames), "code", code)
"""


@pytest.mark.skipif(os.name != "posix", reason="SDL takes Ctrl+C on POSIX systems only")
def test_ctrl_c_in_the_terminal_closes_the_app_as_its_window_does(tmp_path):
    """A Ctrl+C in the terminal the app was started from ended it with a KeyboardInterrupt's traceback, wherever a
    frame stood; it now closes it as the window's close button does (the game kept), without a word."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    save = asset_dir("saves") / "house-cup-4p-midround.json"
    run = subprocess.run(
        [sys.executable, "-c", CTRL_C_RUN, str(save)], env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
    frames = int(run.stdout.split("frames ")[1].split()[0])
    assert frames >= 3 and "code 0" in run.stdout  # (it went on to the QUIT the signal became, and closed)


def test_a_game_that_cannot_be_saved_is_not_lost_by_closing_the_window_or_leaving_without_a_question(tmp_path):
    app, driver = new_app()
    table = start_default_game(app, driver)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    table.session.path = blocker / "game.json"  # a file where the folder should be: every write fails, even as root
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)  # the bots answer; the table has said once that the game could not be saved

    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    asked = app.scenes.top
    assert app.running and isinstance(asked, ClosingDialog)
    assert "could not be saved" in asked.message and "lost" in asked.message
    driver.tap(asked.buttons[1].rect.center)  # Keep playing
    assert app.running and app.scenes.top is table

    driver.key(pygame.K_ESCAPE)  # the pause's Save and leave asks too
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    driver.tap(pause.buttons[-1].rect.center)
    leaving = app.scenes.top
    assert isinstance(leaving, Dialog) and "if you leave now" in leaving.message
    driver.tap(leaving.buttons[1].rect.center)  # Keep playing
    assert app.scenes.top is table

    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closed from the taskbar, the window minimized
    driver.frames(1)
    assert isinstance(app.scenes.top, ClosingDialog) and not app.minimized  # the window comes back to ask
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closed twice: the person means it
    driver.frames(1)
    assert not app.running


def test_a_data_folder_that_cannot_be_made_is_said_at_the_start_and_the_game_plays(tmp_path, monkeypatch):
    """XDG_DATA_HOME under a file (as a read-only home): the app started, and its menu said only that the game
    history could not be used, in the system's English ("[Errno 20] Not a directory: ..."); nothing said that
    games could not be saved until a game was under way. The menu says so from the start, and a game plays."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "data"))
    app, driver = new_app()
    driver.frames(10)
    assert app.notice.startswith(f"Games cannot be saved in {user_saves_dir()} (a file stands where a folder")
    assert "Errno" not in app.notice
    shown: list[str] = []
    render = theme.Font.render
    monkeypatch.setattr(
        theme.Font, "render", lambda font, text, *a, **k: shown.append(text) or render(font, text, *a, **k)
    )
    theme.reset_caches()
    driver.frames(1)
    assert any(line.startswith("Games cannot be saved") for line in shown)  # on the menu
    table = start_default_game(app, driver)
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)
    assert len(table.session.match.log) > 1  # played on: the bots answered
    pygame.quit()


@pytest.mark.parametrize("history_works", [False, True])
def test_a_game_finished_on_a_full_disk_is_not_lost_by_closing_the_window_without_a_question(tmp_path, history_works):
    """A game that ended while neither its save nor the history could be written closed without a word (a
    finished game counted as safe), and its save, many moves old, came back later as a game in progress (a
    review): the window asks. Kept in the history, it is safe, whatever its save."""
    import sqlite3

    from tabletop.play.history import SCHEMA
    from tabletop.play.history import default_path as history_path

    if not history_works:  # a history this Tabletop cannot use: the finished game is not kept in it
        history_path().parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(history_path())
        db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA + 1),))
        db.commit()
        db.close()
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES["house-cup"]
    app.go.table(Match(game, [SeatInfo("Ann", "easy"), SeatInfo("Ben", "easy")], game.default_options(2), 5))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app.scenes.stack[0].session.path = blocker / "game.json"  # every write fails, even as root
    until_results(Driver(app), limit=4000, step=5)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    Driver(app).frames(1)
    if history_works:
        assert not app.running
        return
    asked = app.scenes.top
    assert app.running and isinstance(asked, ClosingDialog) and "could not be saved" in asked.message
    pygame.quit()


def test_a_game_saved_again_closes_at_once(tmp_path):
    app, driver = new_app()
    table = start_default_game(app, driver)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    table.session.path = blocker / "game.json"
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)
    blocker.unlink()
    blocker.mkdir()  # room again: the next save is written
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    driver.frames(1)
    assert not app.running
    assert to_json(load_match(blocker / "game.json", GAMES).state) == to_json(table.session.match.state)


def test_load_lists_saves_and_examples_and_shows_a_broken_file_without_deleting_it():
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    broken = folder / "broken.json"
    broken.write_text('{"format": "tabletop-save", "version": 1, "game": "house-cup", "log": [')
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[2].rect.center)  # Load
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    names = {info.path.name: info for _, info in scene.entries}
    assert "broken.json" in names and "cut short" in names["broken.json"].error
    assert "house-cup-scoring-example.json" in names
    rows = [(info, rect) for _, info, rect in scene._rows() if info is not None]
    broken_rect = next(rect for info, rect in rows if info.path.name == "broken.json")
    driver.tap(broken_rect.center)
    assert app.scenes.top is scene and "broken.json" in scene.error
    assert broken.exists()


def test_load_names_a_finished_games_winners_and_a_house_seat_in_the_language_shown(monkeypatch):
    game = GAMES["house-cup"]
    options = game.default_options(2)
    houses = [game.seat_label(options, seat) for seat in range(2)]
    match = Match(game, [SeatInfo(houses[0]), SeatInfo("Ben", "easy")], options, 5)
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(5)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    write_save(match, user_saves_dir() / "done.json")
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", guides_offered=list(GAMES), language="fr")
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    drawn = record_drawn(monkeypatch)
    app.go.load()
    drawn_afresh(driver, drawn)
    info = next(info for _, info in app.scenes.top.entries if info.path.name == "done.json")
    names = [game.gettext(houses[0]), "Ben"]
    assert info.names == tuple(names) and info.winners == match.result().winners
    winners = ", ".join(names[seat] for seat in match.result().winners)
    assert f"{names[0]}, Ben (bot) - victoire : {winners}" in drawn  # (Ben is a bot: marked)


def test_load_says_a_match_drawn_by_agreement_is_a_draw_and_names_no_winner_twice(monkeypatch):
    match = stalled_match([HARMLESS, HEALER])
    match.apply(OfferDraw(0))
    match.apply(AnswerDraw(1, True))
    assert match.result().winners == (0, 1)  # everyone shares a draw
    folder = user_saves_dir()
    write_save(match, folder / "drawn.json")
    forged = json.loads((folder / "drawn.json").read_text())
    forged["winners"] = [0, 0]  # a hand-made header: no seat is named twice
    (folder / "forged.json").write_text(json.dumps(forged))
    app, driver = new_app()
    drawn = record_drawn(monkeypatch)
    app.go.load()
    drawn_afresh(driver, drawn)
    infos = {info.path.name: info for _, info in app.scenes.top.entries}
    assert infos["forged.json"].winners == () and infos["drawn.json"].winners == (0, 1)
    names = ", ".join(seat.name for seat in match.seats)
    assert f"{names} - a draw" in drawn and not [text for text in drawn if "won by" in text]


def test_load_deletes_a_players_own_save_on_request_and_never_an_example():
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    mine = folder / "mine.json"
    mine.write_text((asset_dir("saves") / "house-cup-4p-midround.json").read_text())
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[2].rect.center)  # Load
    scene = app.scenes.top
    rows = {info.path.name: rect for _, info, rect in scene._rows() if info is not None}
    assert not scene._deletable(next(i for _, i in scene.entries if i.path.name == "house-cup-scoring-example.json"))
    driver.tap(scene.delete_rect(rows["mine.json"]).center)
    dialog = app.scenes.top
    assert dialog is not scene and "cannot be brought back" in dialog.message
    driver.tap(dialog.buttons[0].rect.center)  # Keep it
    assert mine.exists() and app.scenes.top is scene
    driver.tap(scene.delete_rect(rows["mine.json"]).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Delete
    assert not mine.exists() and app.scenes.top is scene
    assert "mine.json" not in {info.path.name for _, info in scene.entries}


@pytest.mark.parametrize("size", [(1280, 800), (1200, 1920)])
def test_a_load_rows_buttons_leave_a_fingertip_room_and_keep_clear_of_its_words(size):
    """Watch, Rename and Delete were 28 design px high: 26 px on a 1200x1920 tablet, small for a finger. They
    are now 34, inside their row, apart, and under the row's title line and date."""
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.json").write_text((asset_dir("saves") / "thats-wizard-duos.json").read_text())
    app = App(size, settings=Settings(volume=0.0, animation="Off"))
    driver = Driver(app)
    driver.frames(2)
    app.go.load()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    row = next(rect for _, info, rect in scene._rows() if info is not None and info.path.name == "mine.json")
    info = next(info for _, info in scene.entries if info.path.name == "mine.json")
    buttons = [scene.rename_rect(row), scene.watch_rect(info, row), scene.delete_rect(row)]
    assert all(button.height >= 30 and row.contains(button) for button in buttons)
    assert all(a.right < b.left for a, b in zip(buttons, buttons[1:], strict=False))
    title_line = row.top + px(10) + theme.line_height(21)
    assert all(button.top >= title_line for button in buttons)
    driver.tap(buttons[0].move(0, buttons[0].height // 2 - 2).center)  # near its lower edge: still Rename
    assert scene.renaming is info
    pygame.quit()


def test_a_finished_example_opens_on_its_results_with_the_tally():
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[2].rect.center)
    scene = app.scenes.top
    row = next(
        rect
        for _, info, rect in scene._rows()
        if info is not None and info.path.name == "house-cup-scoring-example.json"
    )
    driver.tap(row.center)
    driver.frames(200)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    totals = {p.name: p.total for p in results.data.players}
    assert totals == {"Ravenclaw": 84, "Slytherin": 69}
    ravenclaw = results.data.players[0]
    assert sum(points for _, _, points in ravenclaw.lines) == 84
    assert results.data.players[0].winner and not results.data.players[1].winner
    # The example file is never overwritten by playing on from it.
    example = asset_dir("saves") / "house-cup-scoring-example.json"
    assert json.loads(example.read_text())["finished"] is True
    driver.tap(next(b for b in results.buttons if b.label == "Menu").rect.center)
    assert isinstance(app.scenes.top, MenuScene)


def test_the_results_chart_writes_each_bar_its_value_over_round_lines_from_zero(monkeypatch):
    app, driver = new_app()
    assert app.go.open_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    results = until_results(driver)
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    values = {p.categories.get(c, 0) for p in results.data.players for c in results.data.categories} - {0}
    assert len(values) >= 4
    assert {str(value) for value in values} <= set(drawn)  # each bar's value, unsigned (the tallies sign theirs)
    # Lines across at round values from below the lowest (-5) to the highest (40), zero among them.
    assert {"-20", "0", "20", "40"} <= set(drawn[: drawn.index(results.category("Sets"))])


@pytest.mark.parametrize(("size", "rows"), [((1080, 1920), 2), ((1280, 800), 1)])
def test_in_a_tall_window_four_tallies_stand_two_by_two(size, rows):
    """Four tallies side by side in a 1080 px wide window were 250 px columns that wrapped nearly every line,
    under 1,000 px of empty height; a tall window stacks them two by two."""
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES["house-cup"]
    seats = [SeatInfo(name, "easy") for name in ("Ann", "Ben", "Cleo", "Dev")]
    app.go.table(Match(game, seats, game.default_options(4), 5))
    results = until_results(Driver(app), limit=4000, step=5)
    columns, window = results.columns, pygame.Rect((0, 0), size)
    assert len(columns) == 4 and len({column.top for column in columns}) == rows
    assert all(column.width >= (0.45 if rows == 2 else 0.22) * size[0] for column in columns)
    assert all(window.contains(column) and column.bottom <= results.buttons[0].rect.top for column in columns)
    assert not any(a.colliderect(b) for n, a in enumerate(columns) for b in columns[n + 1 :])
    pygame.quit()


def test_rules_are_searchable_and_f1_opens_them_from_the_table():
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[4].rect.center)  # Rules
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    headings = [heading for heading, _, _ in rules.blocks]
    assert "Taking cards" in headings and any(h.startswith("Magic Cauldron") for h in headings)
    driver.tap(rules.search.rect.center)
    driver.type_text("cauldron")
    assert rules.blocks and all("cauldron" in (h + b).lower() for h, b, _ in rules.blocks)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    table = start_default_game(app, driver)
    driver.key(pygame.K_F1)
    assert isinstance(app.scenes.top, RulesScene)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_the_rules_of_a_game_without_cards_have_no_every_card_heading(monkeypatch):
    """``Game.card_entries`` is optional: a game without cards (a new one) showed "Every card" over nothing."""
    from dataclasses import replace

    monkeypatch.setitem(GAMES, "stupefix", replace(GAMES["stupefix"], card_entries=lambda: ()))
    app, driver = new_app()
    app.go.rules("stupefix")
    driver.frames(2)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.blocks
    assert [heading for heading, _, _ in rules.blocks] == [heading for heading, _ in GAMES["stupefix"].rules_sections()]
    driver.tap(rules.tabs[0].rect.center)  # House Cup's cards, under their heading
    assert "Every card" in [heading for heading, _, _ in rules.blocks]


def test_the_rules_search_ignores_accents_and_the_russian_yo():
    """ "stupefix" found nothing of Stupéfix, and a Russian "счет" nothing of "счёт" (Russian typists write е for
    ё; the catalogues use ё throughout)."""
    from tabletop.i18n import set_language

    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[4].rect.center)  # Rules
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    rules.pick([game.id for game in rules.games].index("stupefix"))
    rules.searched("stupefix")
    assert rules.blocks and any("Stupéfix" in heading + body for heading, body, _ in rules.blocks)
    set_language("ru")
    try:
        rules.pick([game.id for game in rules.games].index("house-cup"))
        rules.searched("счёт")
        with_yo = len(rules.blocks)
        rules.searched("счет")
        assert with_yo and len(rules.blocks) == with_yo
        rules.searched("й")  # (й is a letter of its own: it does not match every и)
        assert all("й" in (heading + body).lower() for heading, body, _ in rules.blocks)
    finally:
        set_language("en")


def test_settings_are_kept():
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[5].rect.center)  # Settings
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.tap(scene.animation.arrows()[1].center)
    driver.tap(scene.bots.arrows()[1].center)
    assert load_settings().animation == scene.animation.value
    assert load_settings().bot_speed == scene.bots.value


def test_settings_changed_in_another_window_are_kept_when_this_one_changes_its_own():
    """Two windows of the app on one folder: each kept its whole settings at every change, so the last to change
    one put back every other as it had read them (a guided first game offered in one window was offered again
    once the other's animation speed was changed; the other's countdown went back to 3 s)."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    save_settings(app.settings)  # as this window read them
    other = load_settings()  # the other window: its guided House Cup offered, its countdown longer
    other.guides_offered.append("house-cup")
    other.countdown = "8 s"
    save_settings(other)
    app.go.settings()
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.tap(scene.animation.arrows()[1].center)
    kept = load_settings()
    assert kept.animation == scene.animation.value != "Off"
    assert kept.guides_offered == ["house-cup"] and kept.countdown == "8 s"
    assert kept.volume == 0.0 and kept.bot_speed == "Instant"


def test_a_guided_game_offered_in_each_of_two_windows_is_offered_again_in_neither():
    """Each window offered another game's guided first game: the second to answer wrote its own list whole (it had
    grown since it was read), and the other window's game was offered again at the next start."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    save_settings(app.settings)  # as this window read them
    other = load_settings()  # the other window answers House Cup's offer
    other.guides_offered.append("house-cup")
    save_settings(other)
    app.go.new_game()
    driver.frames(2)
    chooser = app.scenes.top
    assert isinstance(chooser, NewGameScene)
    driver.tap(chooser.buttons[[game.id for game in chooser.entries].index("stupefix")].rect.center)
    offer = app.scenes.top
    assert isinstance(offer, Dialog)
    driver.tap(offer.buttons[1].rect.center)  # No thanks
    assert load_settings().guides_offered == ["house-cup", "stupefix"]


def test_a_setting_this_version_does_not_know_is_kept_when_it_changes_its_own():
    """A newer version's window on the same folder: its own setting, and a choice this one does not offer, stay."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    save_settings(app.settings)
    path = settings_path()
    newer = {**json.loads(path.read_text(encoding="utf-8")), "palette": "High contrast", "haptics": True}
    path.write_text(json.dumps(newer), encoding="utf-8")
    app.go.settings()
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.tap(scene.animation.arrows()[1].center)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["animation"] == scene.animation.value != "Off"
    assert kept["palette"] == "High contrast" and kept["haptics"] is True


def test_no_audio_device_means_silence_not_an_error(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available
    sounds.play("deal")  # nothing happens, nothing raises


def test_broken_settings_file_falls_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    assert load_settings(path) == Settings()
    path.write_text(json.dumps({"volume": 7, "animation": "Warp", "bot_speed": 3}))
    settings = load_settings(path)
    assert settings.volume == 1.0 and settings.animation == "Normal" and settings.bot_speed == "Normal"
    path.write_text('{"volume": 1' + "0" * 400 + "}")  # an integer no float holds (it raised OverflowError)
    assert load_settings(path).volume == Settings.volume
    path.write_text("[" * 100_000)  # nested past Python's stack (it raised RecursionError)
    assert load_settings(path) == Settings()


@pytest.mark.parametrize(
    ("choice", "value"), [("bot_speed", "Fast"), ("animation", "Warp"), ("ui_scale", 110), ("palette", "Pink")]
)
def test_a_setting_the_screen_does_not_offer_is_refused_by_name_when_made(choice, value):
    """Settings(bot_speed="Fast") was taken (its delay quietly 0.7 s) and the Settings screen then failed when
    opened ('Fast' is not in list); a settings file with it is mended by load_settings, as before."""
    with pytest.raises(ValueError, match=re.escape(f"Settings({choice}={value!r}): choose one of")):
        Settings(**{choice: value})


def test_setup_keeps_each_house_once_and_starts_the_game_chosen():
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[1].rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)
    setup = app.scenes.top
    driver.tap(setup.players_choice.arrows()[0].center)  # 4 -> 3 players
    assert len(setup.rows) == 3
    first, second = setup.rows[0], setup.rows[1]
    driver.tap(first.house.arrows()[1].center)  # Gryffindor -> Slytherin, which seat 2 had: they swap
    assert first.house.value == "Slytherin" and second.house.value == "Gryffindor"
    assert first.name_field.value == "Slytherin" and second.name_field.value == "Gryffindor"
    driver.tap(second.name_field.rect.center)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Neville")
    driver.tap(setup.first_choice.arrows()[1].center)  # the hat to seat 2
    assert setup.first_choice.value == "Neville"
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    match = table.session.match
    assert [seat.name for seat in match.seats] == ["Slytherin", "Neville", "Hufflepuff"]
    assert match.options == {"houses": ["Slytherin", "Gryffindor", "Hufflepuff"], "first": 1}
    assert match.state.first == 1 and match.state.box  # three players: the 2-3 player removals


def test_continues_line_fits_its_button_in_every_language():
    """What Continue resumes is written under it ("House Cup Challenge - Year 4, round 12, Gryffindor 327 - 4
    players"); in French that line ran past the button's edges at 1280x720. It is now drawn smaller or narrowed
    to fit, as the button's own label is."""
    user_saves_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(asset_dir("saves") / "house-cup-challenge-year4.json", user_saves_dir() / f"{AUTOSAVE_PREFIX}hcc.json")
    for code in ("en", "fr", "ru"):
        settings = Settings(volume=0.0, animation="Off", guides_offered=list(GAMES), language=code)
        app = App((1280, 720), settings=settings)
        Driver(app).frames(2)
        menu = app.scenes.top
        assert isinstance(menu, MenuScene) and menu.latest is not None
        button = menu.buttons[0]
        assert "12" in button.note and "4" in button.note  # the round and the players: the long line
        face, offset = button_face(button.rect.size, BLACK, BLACK, WHITE, button.label, button.size, button.note, True)
        drop = px(3)  # the shadow under and right of the button: the face's only part outside it
        assert offset[0] >= 0 and face.get_width() <= button.rect.width + drop, (code, face.get_width())


def test_the_rules_tabs_lie_clear_of_the_search_field_and_each_tab_opens_its_game():
    """Four game tabs of 220 px ran 30 px under the search field at 1280 wide (and 24 px at 1024x640): the last
    tab could not be tapped on its right part and its name was covered. They now share the room left of it."""
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        settings = Settings(volume=0.0, animation="Off", guides_offered=list(GAMES))
        app = App(size, settings=settings)
        driver = Driver(app)
        driver.frames(2)
        driver.tap(app.scenes.top.buttons[4].rect.center)  # Rules
        rules = app.scenes.top
        assert isinstance(rules, RulesScene)
        tabs = [tab.rect for tab in rules.tabs]
        assert len(tabs) == 4
        for left, right in zip(tabs, tabs[1:], strict=False):
            assert left.right < right.left, size
        assert tabs[-1].right < rules.search.rect.left and tabs[0].left >= 0, size
        first = [heading for heading, _, _ in rules.blocks]
        driver.tap((tabs[-1].right - 4, tabs[-1].centery))
        assert [heading for heading, _, _ in rules.blocks] != first, size  # That's Wizard!'s rules, from its edge


def test_a_window_opened_without_a_size_fits_the_desktop(monkeypatch):
    """With no --size the window was 1280x800 on any desktop: on a 1366x768 laptop its foot, with the buttons
    there, lay past the screen. It now fits the desktop, keeping room for a title bar and a taskbar, never
    larger than the size the screens are drawn for nor smaller than the least they are made for."""
    for desktop, expected in [
        ((1366, 768), (1280, 668)),
        ((1920, 1080), (1280, 800)),
        ((1280, 720), (1240, 640)),  # (not scaled down for 20 pixels)
        ((800, 600), (760, 500)),  # (drawn scaled down: a 1024x640 window ran past the screen's edges)
        ((640, 480), theme.SMALLEST_WINDOW),
        # A screen stood upright (a tablet): an upright window, which the tables lay out one block under another
        # (it opened 760x800 on an 800x1280 screen, the lower third empty).
        ((800, 1280), (760, 1180)),
        ((1080, 1920), (800, 1280)),
        ((600, 1024), (640, 924)),
    ]:
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda desktop=desktop: [desktop])
        assert starting_size() == expected, desktop
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [])
    assert starting_size() == theme.BASE_SIZE


def test_a_size_asked_for_below_the_windows_minimum_opens_at_the_minimum():
    """``--size 320x200`` was placed for 320x200 and then grown to the minimum from its corner, past the screen's
    edge; it now asks for the minimum at once (so it opens centred). Larger sizes are as asked."""
    assert parse_size("320x200") == theme.SMALLEST_WINDOW
    assert parse_size("600x900") == (theme.SMALLEST_WINDOW[0], 900)
    assert parse_size("800x600") == (800, 600)  # (drawn scaled down from 1024x768)
    assert parse_size("1080x1920") == (1080, 1920)
    assert parse_size("wide") == theme.BASE_SIZE
    assert parse_size("99999x99999") == (7680, 4320)  # (it opened a 16384x16384 window: a gigabyte of pixels)
    assert parse_size("4320x7680") == (4320, 7680)  # (a tall 8K screen stays tall)


def test_an_axis_of_whole_numbers_steps_by_one_two_or_five_times_a_power_of_ten():
    for low, high in [(0, top) for top in range(1, 400)] + [(-bottom, 40) for bottom in range(1, 60)]:
        ticks = nice_ticks(low, high, whole=True)
        step = ticks[1] - ticks[0]
        assert all(later - earlier == step for earlier, later in zip(ticks, ticks[1:], strict=False))
        assert step / 10 ** math.floor(math.log10(step)) in (1, 2, 5), (low, high, ticks)
        assert ticks[0] <= low and ticks[-1] >= high and 0 in ticks


def test_leaving_a_game_another_window_has_saved_says_where_it_went():
    """The same save played in two windows: the one that finds it written by the other goes on in a save of its
    own. Found as the game is saved to leave, it was said on the table the player had just left (the diff's
    review): Save and leave says it first."""
    from tabletop.core.saves import write_json_atomic
    from tabletop.play import autosave

    app, driver = new_app()
    table = start_default_game(app, driver)
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)
    assert autosave.writer().flush(30)
    path, log = table.session.path, json.loads(table.session.path.read_text())["log"]
    theirs = json.loads(path.read_text())
    theirs["description"] = "played on in the other window"
    write_json_atomic(path, theirs)
    driver.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    driver.tap(pause.buttons[-1].rect.center)  # Save and leave to the menu
    told = app.scenes.top
    assert isinstance(told, Dialog) and told.message.startswith("This game is open in another window too")
    driver.tap(told.buttons[0].rect.center)
    assert isinstance(app.scenes.top, MenuScene)
    assert autosave.writer().flush(30)
    assert json.loads(path.read_text())["description"] == "played on in the other window"
    assert table.session.path != path and json.loads(table.session.path.read_text())["log"] == log


def test_a_sound_asked_for_again_at_the_same_moment_plays_once():
    """Stupéfix's last rewards handed out together asked for four "take" sounds in one frame: summed, they went
    6 dB past full scale and crackled (a review of the sound). Another sound, or the same a moment later, plays."""
    played: list[str] = []

    class Heard:
        def __init__(self, name: str) -> None:
            self.name = name

        def set_volume(self, volume: float) -> None:
            pass

        def play(self) -> None:
            played.append(self.name)

    sounds = Sounds()
    sounds.available, sounds.volume = True, 0.7
    sounds._cache = {name: Heard(name) for name in ("take", "reward")}  # type: ignore[dict-item]
    for name in ("take", "take", "take", "reward", "take"):
        sounds.play(name)
    assert played == ["take", "reward"]
    sounds._played["take"] -= 1.0  # a second later
    sounds.play("take")
    assert played == ["take", "reward", "take"]


def test_the_volume_turned_down_in_settings_reaches_the_sounds_already_playing():
    """The fanfare and the bells played on to their end at the old volume when Settings' volume was turned down,
    and after the volume was put to nothing (a review of the sound). They follow it, and stop at nothing."""
    app = App((1280, 800), settings=Settings(volume=0.7, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    if not app.sounds.available:
        pytest.skip("no audio driver, not even the dummy one")
    app.play("end")  # 2 s long
    fanfare = app.sounds._cache["end"]
    assert fanfare is not None and pygame.mixer.get_busy()
    driver.tap(app.scenes.top.buttons[5].rect.center)  # Settings
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    slider = scene.volume.rect
    driver.drag((slider.left + round(slider.width * 0.7), slider.centery), (slider.left, slider.centery))
    assert app.settings.volume == 0.0
    assert fanfare.get_volume() == 0.0 and not pygame.mixer.get_busy()


def test_a_game_begun_again_replaces_the_one_left_before_a_move_and_keeps_one_played_in():
    """Begun and left before a move, each game of House Cup was one more row in Load, all alike (a review's
    finding, left until now): a new game of it replaces those; one with a move played is kept."""
    from tabletop.play import autosave

    def leave(table):
        driver.key(pygame.K_ESCAPE)
        pause = app.scenes.top
        assert isinstance(pause, PauseOverlay)
        driver.tap(pause.buttons[-1].rect.center)  # Save and leave to the menu
        assert isinstance(app.scenes.top, MenuScene)
        assert autosave.writer().flush(30)
        return table.session.path

    app, driver = new_app()
    left_at_once = leave(start_default_game(app, driver))
    assert left_at_once.exists()
    played = start_default_game(app, driver)
    assert autosave.writer().flush(30)
    assert not left_at_once.exists()
    driver.perform(played.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)
    played_in = leave(played)
    newest = start_default_game(app, driver).session.path
    assert autosave.writer().flush(30)
    assert sorted(user_saves_dir().glob(f"{AUTOSAVE_PREFIX}*.json")) == sorted([played_in, newest])
    assert json.loads(played_in.read_text())["moves"] >= 1


def test_a_match_whose_bots_alone_have_moved_counts_as_not_begun_and_goes_when_another_is_begun():
    """That's Wizard!'s bot chooses its side board within a second: every match begun and left stayed on Load,
    "choosing side boards (0-0)" row after row (the keyboard review). A save where only bots moved goes when a
    game of the same kind is begun; one where a person moved stays, as does one of people alone."""
    from tabletop.play.session import drop_unstarted_autosaves

    game = GAMES["thats-wizard"]
    folder = user_saves_dir()
    rows = {}
    for name, controllers, movers in (
        ("bots-moved", ("human", "greedy"), [1]),
        ("person-moved", ("human", "greedy"), [1, 0]),
        ("people", ("human", "human"), [1]),
    ):
        seats = [SeatInfo(f"W{i}", c) for i, c in enumerate(controllers)]
        match = Match(game, seats, game.default_options(2), 7)
        for seat in movers:  # (each chooses a side board)
            match.apply(game.legal(match.state, seat)[0])
        rows[name] = folder / f"{AUTOSAVE_PREFIX}thats-wizard-{name}.json"
        write_save(match, rows[name])
    keeping = folder / f"{AUTOSAVE_PREFIX}thats-wizard-new.json"
    drop_unstarted_autosaves("thats-wizard", keeping)
    assert not rows["bots-moved"].exists()
    assert rows["person-moved"].exists() and rows["people"].exists()


@pytest.mark.every_frame
def test_the_results_chart_writes_0_where_a_player_scored_nothing_in_a_category(monkeypatch):
    """A category where a player scored nothing was a gap among the bars, read as a bar missing (two reviews): its
    slot says "0"."""
    app, driver = new_app()
    assert app.go.open_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    results = until_results(driver)
    data = results.data
    zeros = sum(1 for category in data.categories for player in data.players if not player.categories.get(category))
    assert zeros >= 1
    asked: list[str] = []  # every text asked for (those drawn from the cache too)
    text = theme.text

    def recording(value, *args, **kwargs):
        asked.append(value)
        return text(value, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    driver.frames(1)
    chart = asked[: asked.index(results.category(data.categories[-1])) + 1]
    assert chart.count("0") == 1 + zeros  # the zero line's, and each empty slot's


@pytest.mark.parametrize(("window", "canvas"), [((800, 600), (1024, 768)), ((1024, 600), (1093, 640))])
def test_a_window_under_the_least_size_shows_whole_screens_scaled_down_and_clicks_land_where_seen(window, canvas):
    """On an 800x600 screen the window opened at 1024x640 whatever was asked, its foot and sides past the screen:
    the player's own tokens, Undo and Menu out of reach (a review). Under ``MIN_SIZE`` the screens are laid out
    at the least size of the window's shape they are made for and shown scaled down, and a click in the window
    lands on what is drawn under it."""
    from tabletop.ui.scenes.overlays import PrivacyOverlay

    app = App(window, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    assert app.display.get_size() == window and app.screen.get_size() == canvas
    app.go.open_save(asset_dir("saves") / "house-cup-4p-midround.json")
    driver.frames(5)
    cover = app.scenes.top
    assert isinstance(cover, PrivacyOverlay)
    driver.frames(60)  # (the cover takes no tap at first)
    scale = canvas[0] / window[0]
    seen = (round(cover.ready_button.rect.centerx / scale), round(cover.ready_button.rect.centery / scale))
    shown = pygame.transform.smoothscale(app.screen, window)
    assert all(app.display.get_at(at) == shown.get_at(at) for at in [seen, (5, 5), (window[0] - 3, window[1] - 3)])

    def click_window(at: tuple[int, int]) -> None:  # (posted where the window is clicked, as X reports it)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=at, button=1, touch=False))
            driver.frames(2)

    click_window(seen)
    table = app.scenes.top
    assert isinstance(table, HouseCupTable), "the cover is passed"
    menu = table.bar[3].rect
    assert app.screen.get_rect().contains(menu), "the table's buttons are inside the screen drawn"
    click_window((menu.right - 3, menu.bottom - 3))  # (where the button is on the screen drawn: not in the window)
    assert app.scenes.top is table
    click_window((round(menu.centerx / scale), round(menu.centery / scale)))  # where the window shows it
    assert isinstance(app.scenes.top, PauseOverlay)
    pygame.quit()


def test_continue_passes_by_a_save_cut_short_and_offers_the_game_before_it(monkeypatch):
    """A newer autosave cut short at its end (its opening lines read well) was offered by Continue, failed with
    a line at the foot, and was offered again after every failure: the good game before it was out of reach (a
    review). It is now passed by, Continue offers the one before, and the line says so and where the file is."""
    from tabletop.play import session as session_module

    monkeypatch.setattr(session_module, "_UNOPENED", {})
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = folder / f"{AUTOSAVE_PREFIX}house-cup-good.json"
    shutil.copy(asset_dir("saves") / "house-cup-4p-midround.json", good)
    broken = folder / f"{AUTOSAVE_PREFIX}house-cup-broken.json"
    text = (asset_dir("saves") / "house-cup-challenge-year4.json").read_text(encoding="utf-8")
    text = re.sub(r'"saved_at": "[^"]*"', '"saved_at": "2099-01-01T00:00:00+00:00"', text)  # the newer one
    broken.write_text(text[: len(text) * 6 // 10], encoding="utf-8")
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None and menu.latest.path == broken
    driver.tap(menu.buttons[0].rect.center)
    driver.frames(10)
    assert app.scenes.top is menu and menu.error, "the broken save is not opened, and the menu says why"
    assert "Continue now offers the game before it" in menu.error and "Load still lists the file" in menu.error
    assert menu.latest is not None and menu.latest.path == good and "House Cup -" in menu.buttons[0].note
    driver.tap(menu.buttons[0].rect.center)
    driver.frames(10)
    assert isinstance(app.scenes.stack[0], HouseCupTable), "the game before it goes on"
    assert broken.read_text(encoding="utf-8") == text[: len(text) * 6 // 10], "the broken file is kept as it was"
    app.go.menu()
    driver.frames(2)
    again = app.scenes.top
    assert isinstance(again, MenuScene) and again.latest is not None and again.latest.path != broken
    pygame.quit()


@pytest.mark.parametrize(
    ("size", "percent", "said"),
    [((1280, 720), 200, "200% (at most 116%)"), ((2560, 1600), 200, "200% (at most 116%)"), ((1280, 720), 100, "100%")],
)
def test_an_interface_size_the_screens_have_no_room_for_says_what_fits(size, percent, said):
    """At 1280x720 an interface of 200% drew things 16% larger, and nothing said why (a review at odd sizes): the
    layouts keep a least room (``theme.SMALLEST_ROOM``), and the setting says how much of it fits."""
    app = App(size, settings=Settings(volume=0.0, animation="Off", ui_scale=percent))
    driver = Driver(app)
    driver.frames(2)
    app.go.settings()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    assert scene.scale.value == said and scene.scale.options[0] == "75%"
    pygame.quit()


def test_continue_on_the_only_save_that_fails_leaves_new_game_as_the_way_on(monkeypatch):
    """With no game left to go on with, Continue stayed the gold button, greyed out, and New game plain (the
    diff's review): New game becomes the way on."""
    from tabletop.play import session as session_module

    monkeypatch.setattr(session_module, "_UNOPENED", {})
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    text = (asset_dir("saves") / "house-cup-4p-midround.json").read_text(encoding="utf-8")
    (folder / f"{AUTOSAVE_PREFIX}broken.json").write_text(text[: len(text) // 2], encoding="utf-8")
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None and menu.buttons[0].primary
    driver.tap(menu.buttons[0].rect.center)
    driver.frames(5)
    assert menu.latest is None and not menu.buttons[0].enabled and not menu.buttons[0].primary
    assert menu.buttons[1].primary and "Continue now offers" not in menu.error and "Load still lists" in menu.error
    pygame.quit()


def test_the_rules_over_a_game_offer_no_guided_game_that_would_leave_it():
    """Rules opened from a table showed 'Guided first game' beside Close: one tap switched the table to a new
    one-person game unasked, and Continue then opened that one (a review by touch). From the menu it is offered."""
    app, driver = new_app()
    driver.tap(app.scenes.top.buttons[4].rect.center)  # Rules, from the menu
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.guided.visible
    driver.key(pygame.K_ESCAPE)
    table = start_default_game(app, driver)
    driver.key(pygame.K_F1)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and not rules.guided.visible
    driver.tap(rules.guided.rect.center)
    assert app.scenes.top is rules and table in app.scenes.stack


def test_a_taps_roll_is_measured_at_the_screens_scale():
    """12 window pixels of roll ended a tap: at 2560x1600 a millimetre, and a tap on a 720-pixel button did
    nothing (a review by touch). The roll allowed is the screens' 12 pixels."""
    app = App((2560, 1600), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app, fingers=True)
    driver.frames(2)
    assert app.tracker.tap_distance == px(12) > 12
    new_game = app.scenes.top.buttons[1].rect
    driver.down(new_game.center)
    driver.frames(2)
    driver.move((new_game.centerx + 16, new_game.centery + 8))  # an 18-pixel roll
    driver.frames(2)
    driver.up((new_game.centerx + 16, new_game.centery + 8))
    driver.frames(2)
    assert isinstance(app.scenes.top, NewGameScene)


def test_a_second_finger_neither_scrolls_a_list_another_swipes_nor_ends_that_swipe():
    """While one finger swiped the rules, a second moving elsewhere made the list jump, and its lift ended the
    first one's swipe (a review by touch). Only the finger that began the swipe scrolls; a finger's lift puts
    out the hover its roll lit on a button."""
    app, driver = new_app()
    driver = Driver(app, fingers=True)
    driver.tap(app.scenes.top.buttons[4].rect.center)  # Rules
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.scroll.content_height > rules.scroll.rect.height
    x, bottom = rules.scroll.rect.centerx, rules.scroll.rect.bottom - 20
    driver.down((x, bottom), finger=1)
    driver.frames(2)
    for y in range(bottom - 15, bottom - 165, -15):
        driver.move((x, y), finger=1)
        driver.frames(1)
    swiped = rules.scroll.offset
    assert swiped > 100
    driver.down((x - 200, rules.scroll.rect.top + 40), finger=2)
    driver.frames(2)
    for step in range(1, 7):
        driver.move((x - 200, rules.scroll.rect.top + 40 + 15 * step), finger=2)
        driver.frames(1)
    assert rules.scroll.offset == swiped
    driver.up((x - 200, rules.scroll.rect.top + 130), finger=2)
    driver.frames(2)
    driver.move((x, bottom - 175), finger=1)
    driver.frames(1)
    assert rules.scroll.offset == swiped + 25  # the first finger's swipe goes on (from y - 150 to y - 175)
    driver.up((x, bottom - 175), finger=1)
    driver.frames(2)
    tab = rules.tabs[1]
    driver.down(tab.rect.center, finger=3)
    driver.frames(2)
    driver.move((tab.rect.centerx + 4, tab.rect.centery), finger=3)
    driver.frames(1)
    assert tab.hover
    driver.up((tab.rect.centerx + 4, tab.rect.centery), finger=3)
    driver.frames(2)
    assert app.scenes.top is rules and rules.index == 1 and not tab.hover


@pytest.mark.parametrize("fingers", [False, True])
def test_a_button_pressed_slowly_and_let_go_on_it_acts(fingers):
    """A press held past the long press (0.5 s) gave no tap, so the button looked pressed and did nothing: slow
    fingers, a screen keyboard's letter (a review by touch). A press let go off the button still does nothing."""
    app, driver = new_app()
    driver = Driver(app, fingers=fingers)
    new_game = app.scenes.top.buttons[1].rect
    driver.down(new_game.center)
    driver.frames(50)
    driver.up((new_game.right + 40, new_game.centery))  # let go beside it: nothing
    driver.frames(2)
    assert isinstance(app.scenes.top, MenuScene)
    driver.down(new_game.center)
    driver.frames(50)
    driver.up(new_game.center)
    driver.frames(2)
    assert isinstance(app.scenes.top, NewGameScene)


def test_settings_say_a_hard_bot_still_thinks_when_the_bot_speed_is_quicker_than_its_search(monkeypatch):
    """Quick and Instant shortened only the Easy and Medium bots' pause: a Hard bot kept its second of search, and
    a player who chose Instant thought the setting broken (the tempo review). The two speeds say so."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    driver = Driver(app)
    driver.frames(3)
    drawn = record_drawn(monkeypatch)
    driver.tap(app.scenes.top.buttons[5].rect.center)  # Settings
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    note = "(Hard bots: about 1 s)"
    assert note not in drawn_afresh(driver, drawn)
    driver.tap(scene.bots.arrows()[1].center)  # Quick
    assert app.settings.bot_speed == "Quick"
    assert "Quick (Hard bots: about 1 s)" in drawn_afresh(driver, drawn)
    driver.tap(scene.bots.arrows()[1].center)  # Instant
    assert "Instant (Hard bots: about 1 s)" in drawn_afresh(driver, drawn)
    driver.tap(scene.bots.arrows()[0].center)
    driver.tap(scene.bots.arrows()[0].center)
    driver.tap(scene.bots.arrows()[0].center)  # Relaxed
    assert app.settings.bot_speed == "Relaxed"
    assert note not in drawn_afresh(driver, drawn)
