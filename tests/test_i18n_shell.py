"""Nothing the shell shows escapes the catalogue: the app runs in a pseudo-language whose every message is its
English text in brackets ("[New game]"), the shell's screens are opened and drawn through the real app (SDL's
dummy driver), and every string handed to the text renderer (``theme.Font.render``, where all text goes) must be
made of bracketed messages, or of data: numbers and punctuation, names the test gave, the languages' own names,
and what a save file keeps as written (an example's description, in English; a save's progress line is a phrase of
its game's catalogue, put into words when shown). The games'
catalogues are in the pseudo-language too, so their blurbs, rules pages and log lines are checked as well.

A string added to one of these screens without ``_()`` fails here. COVERED lists the screens drawn. The tables
and the replay viewer are checked the same way by tests/test_i18n_<game>_table.py and test_i18n_table_kit.py.
"""

from __future__ import annotations

import ast
import json
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame
import pytest

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng, sealed_seed
from tabletop.core.saves import write_save
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import HOUSES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.paths import asset_dir, user_data_dir, user_saves_dir
from tabletop.play.loading import SaveLoad
from tabletop.play.session import history_db, saved_games
from tabletop.ui import charts
from tabletop.ui.app import App
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.load import LoadingScene, LoadScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog, LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.scenes.statistics import StatisticsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tests.pseudo_language import Shown, check, record_shown
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
PSEUDO = "xx"
GAME_DOMAINS = tuple(game_id.replace("-", "_") for game_id in GAMES)  # each game's catalogue: its package's name

# The shell's screens the first test draws (in this order); another draws History and Statistics with games in
# them, and another what goes wrong (COVERED_MORE: files that cannot be opened, refused names, a damaged history) and
# the "Loading..." screen and the charts' own words. The tables and the replay viewer: the table tests (above).

COVERED = (
    "menu (no game in progress)",
    "new game",
    "guided first game dialog",
    "setup (House Cup)",
    "privacy screen",
    "game log",
    "pause",
    "settings (from the pause)",
    "pause (back from Settings)",
    "menu (Continue with a game in progress)",
    "load (a save of the player's own and the examples)",
    "delete dialog",
    "results (House Cup's scoring example)",
    "rules",
    "history (empty)",
    "statistics (empty)",
)


def string_constants(path: Path) -> set[str]:
    """Every string literal of a module: the texts of a table's module, not in the catalogues yet."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    """The app in the pseudo-language, with every string drawn recorded."""
    return record_shown(monkeypatch, tmp_path, PSEUDO, ("tabletop",))


@pytest.fixture
def shown_with_games(monkeypatch, tmp_path) -> Shown:
    """The same, every game's catalogue in the pseudo-language too (their blurbs, rules pages, log lines, House
    Cup's setup and results are drawn)."""
    return record_shown(monkeypatch, tmp_path, PSEUDO, ("tabletop", *GAME_DOMAINS))


def test_every_string_the_shell_draws_comes_from_the_catalogue(shown_with_games):
    shown = shown_with_games
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=PSEUDO)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    screens: list[str] = []

    def frame(screen: str, data: Iterable[str] = ()) -> None:
        check(shown, screen, lambda: driver.frames(1), data)
        screens.append(screen)

    def top_only(screen: str, data: Iterable[str] = ()) -> None:
        """Only the top scene drawn (what is under it is a table, whose strings are not the shell's)."""
        check(shown, screen, lambda: app.scenes.top.draw(app.screen), data)
        screens.append(screen)

    assert i18n.language() == PSEUDO
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.buttons[1].label == "[New game]"
    frame("menu (no game in progress)")

    driver.tap(menu.buttons[1].rect.center)
    assert isinstance(app.scenes.top, NewGameScene)
    frame("new game")

    driver.tap(app.scenes.top.buttons[0].rect.center)  # House Cup: a guided first game is offered first
    assert isinstance(app.scenes.top, Dialog)
    frame("guided first game dialog")
    driver.tap(app.scenes.top.buttons[1].rect.center)  # No thanks

    setup = app.scenes.top
    assert isinstance(setup, SetupBase)
    frame("setup (House Cup)")

    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    driver.frames(5)
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))
    driver.frames(30)
    app.go.privacy(table.session, 1, lambda: None)
    assert isinstance(app.scenes.top, PrivacyOverlay)
    top_only("privacy screen")
    app.scenes.pop(app.scenes.top)
    app.go.log(table.session, 0)
    log = app.scenes.top
    assert isinstance(log, LogOverlay) and log.lines
    top_only("game log")
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is table
    driver.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    top_only("pause")

    driver.tap(pause.buttons[2].rect.center)  # Settings
    assert isinstance(app.scenes.top, SettingsScene)
    frame("settings (from the pause)")
    driver.key(pygame.K_ESCAPE)  # back to the pause it was opened from
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    top_only("pause (back from Settings)")
    driver.tap(pause.buttons[3].rect.center)  # Save and leave to the menu

    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None
    frame("menu (Continue with a game in progress)", data=HOUSES)

    driver.tap(menu.buttons[2].rect.center)  # Load
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    saves = [*saved_games(user_saves_dir()), *saved_games(asset_dir("saves"))]
    assert any(info.path.parent == user_saves_dir() for info in saves)
    # A save's players' names are its own; its description (the examples') and progress line are the catalogues'.
    lines = {name for info in saves for name in info.names}
    frame("load (a save of the player's own and the examples)", data=lines)
    own = next(rect for _, info, rect in load._rows() if info is not None and info.path.parent == user_saves_dir())
    driver.tap(load.delete_rect(own).center)
    assert isinstance(app.scenes.top, Dialog)
    frame("delete dialog", data=[info.path.name for info in saves])
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Keep it

    example = next(
        rect
        for _, info, rect in load._rows()
        if info is not None and info.path.name == "house-cup-scoring-example.json"
    )
    driver.tap(example.center)
    driver.frames(200)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    names = {player.name for player in results.data.players}  # the tallies: tabletop/ui/tables/house_cup/results.py
    top_only("results (House Cup's scoring example)", data=names)
    driver.tap(results.buttons[3].rect.center)  # Menu
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)

    driver.tap(menu.buttons[4].rect.center)  # Rules
    assert isinstance(app.scenes.top, RulesScene)
    frame("rules")
    driver.key(pygame.K_ESCAPE)

    driver.tap(menu.buttons[3].rect.center)  # History
    assert isinstance(app.scenes.top, HistoryScene)
    frame("history (empty)")
    app.go.statistics()
    assert isinstance(app.scenes.top, StatisticsScene)
    frame("statistics (empty)")

    assert tuple(screens) == COVERED
    pygame.quit()


def test_the_check_catches_a_string_drawn_outside_the_catalogue(shown):
    """The check itself: an English line drawn on the menu is caught; the same line from the catalogue passes."""
    app = App((1280, 800), settings=Settings(volume=0.0, language=PSEUDO))
    driver = Driver(app)
    menu = app.scenes.top
    menu.buttons[3].label = "History"  # as if someone had forgotten _()
    shown.rendered.clear()
    driver.frames(1)
    assert shown.escaped() == ["History"]
    menu.relabel()
    driver.frames(1)
    assert shown.escaped() == []
    shown.rendered.append("[Seat 3] - Ann")  # a bracketed message, and a name the test did not give
    assert shown.escaped() == ["[Seat 3] - Ann"]
    shown.data.add("Ann")
    shown.rendered.append("[Seat 3] - Ann")
    assert shown.escaped() == []
    pygame.quit()


def finished_house_cup(seed: int) -> Match:
    """A whole House Cup game of Ada against a medium and an easy bot (all played by the greedy bot)."""
    game = GAMES["house-cup"]
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "medium"), SeatInfo("Bot 2", "easy")]
    match = Match(game, seats, game.default_options(len(seats)), seed)
    bot = make_bot(game, "greedy")
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(len(seats))]
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rngs[seat]))
    return match


def test_history_and_statistics_with_games_draw_only_catalogue_strings(shown_with_games, fresh_histories):
    shown = shown_with_games  # (a game's title is its own catalogue's)
    history, problem = history_db()
    assert history is not None, problem
    matches = [finished_house_cup(1), finished_house_cup(2)]
    for match in matches:
        assert history.record(match)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=PSEUDO))
    driver = Driver(app)
    driver.frames(2)
    names = {"Ada", "Bot", "Bot 2"}
    summaries = {match.result().summary for match in matches if match.result() is not None}  # House Cup's words
    houses = {house for match in matches for house in match.state.houses}  # House Cup's words too (each seat's)
    driver.tap(app.scenes.top.buttons[3].rect.center)  # History
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene) and scene.total == 2
    check(shown, "history (two games)", lambda: driver.frames(1), data=names | summaries | houses)
    driver.tap(scene.stats_button.rect.center)
    stats = app.scenes.top
    assert isinstance(stats, StatisticsScene)
    driver.tap(stats.game_choice.arrows()[1].center)  # House Cup: its own figures and groups too
    figures = {key[:1].upper() + key[1:] for key in stats.stats.figures}
    groups = set(stats.stats.groups) | {stats.stats.grouped_by or ""}

    def draw_statistics() -> None:
        stats.images = []  # the charts are drawn once and kept as pictures: drawn again here
        driver.frames(1)

    check(shown, "statistics (House Cup, Ada)", draw_statistics, data=names | figures | groups)

    pygame.quit()


# --- the messages of saves, loading, renaming, the history and the charts --------------------------------------------
COVERED_MORE = (
    "menu (the history damaged and set aside)",
    "menu (Continue on a save that was changed)",
    "load (files that cannot be opened, each with its reason)",
    "load (a save that fails when opened)",
    "load (each refused name, on its row)",
    "loading (a save read off the frame loop)",
    "a bar chart with more bars than fit, on a percent axis",
    "a line chart with more games than points",
)


def house_cup_match(seed: int, moves: int) -> Match:
    """A House Cup game of three people ``moves`` moves in (the greedy bot's choices)."""
    game = GAMES["house-cup"]
    seats = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cy")]
    match = Match(game, seats, game.default_options(len(seats)), seed)
    bot = make_bot(game, "greedy")
    rng = Rng.from_seed(seed)
    while len(match.log) < moves and match.result() is None:
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    return match


def broken_saves() -> dict[str, str]:
    """Files in the saves folder that cannot be opened, each for a reason of its own, and one whose header reads
    well but whose position was changed (the game Continue resumes): file name -> what is wrong."""
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    changed = folder / "autosave-house-cup-20260101-120000-000000.json"
    write_save(house_cup_match(3, 12), changed)
    data = json.loads(changed.read_text(encoding="utf-8"))
    data["snapshot"] = {"changed": True}  # a position its moves do not reach
    changed.write_text(json.dumps(data, indent=1), encoding="utf-8")
    (folder / "empty.json").write_text("", encoding="utf-8")
    (folder / "cut.json").write_text('{\n "format": "tabletop-save",\n "version": 1,\n', encoding="utf-8")
    (folder / "newer.json").write_text(json.dumps({"format": "tabletop-save", "version": 7}), encoding="utf-8")
    return {
        changed.name: "does not match its move log",
        "empty.json": "the file is empty",
        "cut.json": "is cut short",
        "newer.json": "was saved by a newer Tabletop",
    }


def chart_words(shown: Shown, draw: Callable[[], object]) -> list[str]:
    """The strings a chart drew (checked: each from the catalogue, or a label the test gave)."""
    seen: list[str] = []

    def drawing() -> None:
        draw()
        seen.extend(shown.rendered)

    check(shown, "a chart", drawing, data=[f"Spell {index}" for index in range(30)])
    return seen


def test_saves_loading_renaming_and_the_history_say_what_is_wrong_in_the_catalogues_words(
    shown_with_games, fresh_histories, monkeypatch
):
    shown = shown_with_games  # (a save's progress line is a phrase of its game's catalogue)
    reasons = broken_saves()
    history_file = user_data_dir() / "history.sqlite3"
    history_file.write_bytes(b"not a database, whatever its name says" * 40)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=PSEUDO)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    screens: list[str] = []
    files = {*reasons, "mine.json"}

    def frame(screen: str, data: Iterable[str] = ()) -> None:
        check(shown, screen, lambda: driver.frames(1), data=[*files, *data])
        screens.append(screen)

    for _ in range(600):  # the history is checked on the recorder's thread at the start
        if app.history_notice:
            break
        driver.frames(1)
    assert app.history_notice.startswith("[The game history was damaged"), app.history_notice
    aside = next(user_data_dir().glob("history.damaged-*.sqlite3"))
    frame("menu (the history damaged and set aside)", data=[aside.name, "file is not a database"])

    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is not None
    unopened = menu.latest.path
    driver.tap(menu.buttons[0].rect.center)  # Continue: the save's position was changed
    assert app.scenes.top is menu and "[its saved position does not match its move log" in menu.error, menu.error
    frame("menu (Continue on a save that was changed)")

    own_save = user_saves_dir() / "mine.json"
    write_save(house_cup_match(5, 6), own_save)
    driver.tap(menu.buttons[2].rect.center)  # Load
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    broken = {info.path.name: info.error for _, info in load.entries if info.error}
    assert set(broken) == set(reasons) - {unopened.name}
    for name, error in broken.items():
        assert error.startswith(f"[{name}: [") and reasons[name] in error, error
    saves = [*saved_games(user_saves_dir()), *saved_games(asset_dir("saves"))]
    example_lines = {name for info in saves for name in info.names}  # (descriptions: the catalogue's)
    frame("load (files that cannot be opened, each with its reason)", data=example_lines)

    changed = next(rect for _, info, rect in load._rows() if info is not None and info.path == unopened)
    driver.tap(changed.center)
    assert "[its saved position does not match its move log" in load.error, load.error
    frame("load (a save that fails when opened)", data=example_lines)

    refusals = {"": "[Give the save a name.]", "../x": "[A save's name cannot hold", "x" * 45: "[A save's name is at"}
    for typed, line in refusals.items():
        row = next(rect for _, info, rect in load._rows() if info is not None and info.path == own_save)
        if load.renaming is None:
            driver.tap(load.rename_rect(row).center)
        load.name_field.value = ""
        driver.type_text(typed)
        driver.tap(load.rename_controls(row)[1].center)  # Save name: refused, still typing
        assert load.error.startswith(line) and load.renaming is not None, load.error
        check(shown, "load (each refused name, on its row)", lambda: driver.frames(1), [*files, *example_lines, typed])
    screens.append("load (each refused name, on its row)")
    driver.key(pygame.K_ESCAPE)

    monkeypatch.setattr(LoadingScene, "background_bytes", 0)  # every save read off the frame loop
    gate = threading.Event()
    step = SaveLoad.step

    def held(job: SaveLoad) -> None:
        if job.done == 3:
            gate.wait(30)
        step(job)

    monkeypatch.setattr(SaveLoad, "step", held)
    row = next(rect for _, info, rect in load._rows() if info is not None and info.path == own_save)
    driver.tap(row.center)
    loading = app.scenes.top
    assert isinstance(loading, LoadingScene) and loading.label == "[House Cup]"
    for _ in range(600):
        if loading.job.done == 3 and loading.visible():
            break
        driver.frames(1)
    assert loading.progress()[0] == "[Replaying its moves: 3 of 6]"
    frame("loading (a save read off the frame loop)")
    gate.set()
    assert loading.job.join(10)

    bars = [charts.Bar(f"Spell {index}", index / 30, charts.percent(index / 30)) for index in range(30)]
    title = i18n.gettext("Win rate by {kind}").format(kind=i18n.gettext("kind"))
    drawn = chart_words(shown, lambda: charts.bar_chart((420, 220), title=title, bars=bars, percent_axis=True))
    assert any(text.startswith("[and ") and text.endswith(" more]") for text in drawn), drawn
    screens.append("a bar chart with more bars than fit, on a percent axis")
    scores = [float(index % 17) for index in range(900)]
    drawn = chart_words(
        shown, lambda: charts.line_chart((360, 220), title=i18n.gettext("Score over time"), values=scores)
    )
    assert any("[each point:" in text or "(each point:" in text for text in drawn), drawn
    screens.append("a line chart with more games than points")

    assert tuple(screens) == COVERED_MORE
    pygame.quit()
