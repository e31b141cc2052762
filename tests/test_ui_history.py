"""The History and Statistics screens, driven through the real app with posted pointer events: the list of
finished games and its game filter, Watch, the statistics' counts, CSV export, and the empty, damaged and newer
histories."""

from __future__ import annotations

import codecs
import csv
import io
import sqlite3

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng, sealed_seed
from tabletop.core.saves import SaveError
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge.cards import CHARACTERS
from tabletop.i18n import gettext, set_language
from tabletop.paths import user_data_dir, user_saves_dir
from tabletop.play import session as session_module
from tabletop.play.autosave import writer
from tabletop.play.history import SCHEMA, GameRecord, game_key
from tabletop.play.history import default_path as history_path
from tabletop.play.session import AUTOSAVE_PREFIX, history_db
from tabletop.play.statistics import to_csv
from tabletop.ui.app import App
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.scenes.statistics import StatisticsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.drawn_text import drawn_afresh, record_drawn
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("fresh_histories")  # each test its own history


def finished(game_id: str, seats: list[SeatInfo], seed: int) -> Match:
    """A whole game, every seat played by the game's greedy bot (whatever the seat says plays it)."""
    game = GAMES[game_id]
    match = Match(game, seats, game.default_options(len(seats)), seed)
    bot = make_bot(game, "greedy")
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(len(seats))]
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rngs[seat]))
    return match


def record_games() -> list[Match]:
    """Two House Cup games of Ada against bots and a That's Wizard! duel of Ada against Ben, in that order."""
    history, problem = history_db()
    assert history is not None, problem
    matches = [
        finished("house-cup", [SeatInfo("Ada"), SeatInfo("Bot", "medium"), SeatInfo("Bot 2", "easy")], 1),
        finished("house-cup", [SeatInfo("Ada"), SeatInfo("Bot", "hard"), SeatInfo("Bot 2", "easy")], 2),
        finished("thats-wizard", [SeatInfo("Ada"), SeatInfo("Ben")], 3),
    ]
    for match in matches:
        assert history.record(match)
    return matches


def new_app() -> tuple[App, Driver]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    return app, driver


def menu_button(app: App, label: str) -> tuple[int, int]:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    return next(button.rect.center for button in menu.buttons if button.label == label)


def open_history(app: App, driver: Driver) -> HistoryScene:
    driver.tap(menu_button(app, "History"))
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene)
    return scene


def statistics_opened(language: str = "en") -> StatisticsScene:
    """A new app's Statistics screen, opened from the menu's start and drawn."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
    driver = Driver(app)
    driver.frames(3)
    app.go.statistics()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    return scene


def shown(scene: HistoryScene) -> list[GameRecord]:
    """The records of the rows in sight, top to bottom."""
    return [record for index, _ in scene.visible() if (record := scene.row(index)) is not None]


def ada_won(match: Match) -> float:
    result = match.result()
    assert result is not None
    return 1 / len(result.winners) if 0 in result.winners else 0.0


def test_the_menus_history_button_lists_the_finished_games_newest_first():
    matches = record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    rows = shown(scene)
    assert scene.total == 3 and len(rows) == 3
    assert [row.game_id for row in rows] == ["thats-wizard", "house-cup", "house-cup"]
    newest = rows[0]
    assert [seat.name for seat in newest.seats] == ["Ada", "Ben"]
    assert newest.scores == matches[2].result().scores and newest.winners == matches[2].result().winners
    assert newest.commands == len(matches[2].log)
    assert rows[1].seats[1] == SeatInfo("Bot", "hard") and rows[2].seats[1] == SeatInfo("Bot", "medium")
    driver.tap(scene.back_button.rect.center)
    assert isinstance(app.scenes.top, MenuScene)


def test_each_games_end_is_told_in_the_language_shown_not_the_one_it_was_played_in(monkeypatch):
    set_language("fr")
    try:
        matches = record_games()
        french = [match.result().summary for match in matches]
    finally:
        set_language("en")
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(len(matches))  # one game rebuilt a frame
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    rows = shown(scene)
    assert {row.summary for row in rows} == set(french)  # the history keeps them as they were told
    english = [match.result().summary for match in matches]
    assert not set(english) & set(french)
    assert set(english) <= set(drawn) and not set(french) & set(drawn)


@pytest.mark.parametrize("damage", ["{broken", "[" * 100_000])  # not JSON; nested past Python's recursion
def test_a_game_whose_save_is_damaged_keeps_its_line_and_the_list_goes_on(monkeypatch, damage):
    set_language("fr")
    matches = record_games()
    french = [match.result().summary for match in matches]
    set_language("en")
    history, _problem = history_db()
    assert history is not None
    newest = history.newest()[0].key
    with history.db:
        history.db.execute("UPDATE saves SET save = ? WHERE key = ?", (damage, newest))
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(len(matches))
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    assert isinstance(app.scenes.top, HistoryScene)
    assert french[2] in drawn  # the damaged one: its kept line
    assert {match.result().summary for match in matches[:2]} <= set(drawn)  # the others, told again
    driver.tap(scene.watch_rect(scene.row_rect(0)).center)  # Watch says why it cannot, and nothing breaks
    assert isinstance(app.scenes.top, HistoryScene) and "damaged" in scene.error


def test_statistics_name_a_house_cup_seat_left_under_its_house_in_the_language_shown():
    game = GAMES["house-cup"]
    house = game.seat_label(game.default_options(2), 0)
    history, problem = history_db()
    assert history is not None, problem
    assert history.record(finished("house-cup", [SeatInfo(house), SeatInfo("Bot", "easy")], 4))
    scene = statistics_opened(language="fr")
    shown = game.gettext(house)
    assert shown != house and scene.person_choice.options[0] == shown
    assert scene.person == house  # counted by the name the history keeps


def test_the_game_filter_narrows_the_list():
    record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    right, left = scene.filter.arrows()[1].center, scene.filter.arrows()[0].center
    driver.tap(right)  # House Cup
    assert scene.filter.value == "House Cup"
    assert scene.total == 2 and {row.game_id for row in shown(scene)} == {"house-cup"} and len(shown(scene)) == 2
    driver.tap(right)  # Stupéfix: none played
    assert scene.total == 0 and shown(scene) == []
    driver.frames(2)  # the empty list is drawn with its line
    driver.tap(left)
    driver.tap(left)  # back to all games
    assert scene.filter.value == "All games" and scene.total == 3


def test_a_long_history_is_read_a_page_at_a_time_and_scrolls():
    record_games()
    history, _ = history_db()
    assert history is not None
    with history.db:  # 297 more games, copies of the three with other keys and end times
        history.db.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 99) "
            "INSERT INTO games SELECT key || '-' || i, game, title, options, seats, scores, winners, summary, "
            "started_at, '2020-01-01T00:00:00+00:00', commands, figures, source FROM games, n"
        )
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    assert scene.total == 300 and set(scene.pages) == {0}, "only the first page is read to open the list"
    first = [index for index, _ in scene.visible()]
    area = scene.scroll.rect
    for _ in range(3):
        driver.drag((area.centerx - 200, area.bottom - 10), (area.centerx - 200, area.top + 10))
    later = [index for index, _ in scene.visible()]
    assert later[0] > first[-1], "the list scrolled past the first rows"
    assert all(scene.row(index) is not None for index in later)
    driver.key(pygame.K_END)
    driver.frames(1)
    assert scene.visible()[-1][0] == 299 and scene.row(299) is not None


def test_watch_plays_the_recorded_game_again_and_close_comes_back_to_the_list():
    matches = record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    index, rect = scene.visible()[1]  # the second newest: House Cup, seed 2
    driver.tap(scene.watch_rect(rect).center)
    table = app.scenes.top
    assert isinstance(table, GameTable), scene.error
    assert table.replay_bar is not None and table.replay_bar.replay.length == len(matches[1].log)
    assert table.session.match.game.id == "house-cup" and table.session.step == 0
    driver.tap(table.replay_bar.close_button.rect.center)
    assert app.scenes.top is scene


def test_remove_asks_then_takes_a_game_out_of_the_list_and_the_statistics_and_keep_it_keeps_it():
    matches = record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    _index, rect = scene.visible()[1]  # the second newest: House Cup, seed 2
    driver.tap(scene.remove_rect(rect).center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog) and "House Cup" in asked.message and "statistics" in asked.message
    driver.tap(asked.buttons[0].rect.center)  # Keep it
    assert app.scenes.top is scene and scene.total == 3
    driver.tap(scene.remove_rect(rect).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Remove
    assert app.scenes.top is scene and scene.total == 2
    assert [row.key for row in shown(scene)] == [game_key(matches[2]), game_key(matches[0])]
    history, _problem = history_db()
    assert history is not None and len(history) == 2
    with pytest.raises(KeyError):
        history.save_of(game_key(matches[1]))  # its save goes with it
    driver.tap(scene.stats_button.rect.center)
    stats = app.scenes.top
    assert isinstance(stats, StatisticsScene)
    driver.frames(2)
    assert stats.stats.games == 2  # the statistics no longer count it


def test_the_keyboard_removes_a_game_and_the_focus_rests_on_the_row_that_comes_up():
    record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    scene.keys.put("remove", 0)
    driver.key(pygame.K_RETURN)
    asked = app.scenes.top
    assert isinstance(asked, Dialog)
    driver.frames(30)  # (a box opened by a key answers Enter only after a moment)
    while asked.keys.focused() is not asked.buttons[1]:
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)  # Remove
    assert app.scenes.top is scene and scene.total == 2
    focused = scene.keys.focused()
    assert focused is not None and focused.key == ("remove", 0)


def test_a_game_finished_and_removed_in_one_run_stays_out_after_the_next_start():
    """Removed in the run it was played in, a game came back at the next start: its finished autosave had not been
    seen by the history (the table kept the game, not the file), so the start kept it again from the file."""
    app, driver = new_app()
    assert session_module.recorder().flush(30)  # (the start's look at the finished autosaves: none yet)
    match = finished("house-cup", [SeatInfo("Ada"), SeatInfo("Bot", "medium"), SeatInfo("Bot 2", "easy")], 1)
    app.go.table(Match(match.game, match.seats, match.options, match.seed, match.start))
    table = app.scenes.top
    assert isinstance(table, GameTable)
    for command in match.log[:-1]:
        table.session._apply(command, by_bot=True)  # (the game played on to its last move)
    driver.frames(2)
    while table.session.match.result() is None:  # its last move, at the table
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(table.view.legal[0]))
        else:
            driver.frames(1)
    assert session_module.recorder().flush(30) and writer().flush(10)
    assert len(list(user_saves_dir().glob(f"{AUTOSAVE_PREFIX}house-cup-*.json"))) == 1  # its finished autosave
    app.scenes.switch(MenuScene(app))
    scene = open_history(app, driver)
    assert scene.total == 1
    driver.tap(scene.remove_rect(scene.visible()[0][1]).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Remove
    assert app.scenes.top is scene and scene.total == 0
    pygame.quit()

    app, driver = new_app()  # the next start
    assert session_module.recorder().flush(30)
    scene = open_history(app, driver)
    assert scene.total == 0 and not shown(scene)
    history, _problem = history_db()
    assert history is not None and len(history) == 0


def test_what_the_menu_says_of_saves_is_not_said_as_the_historys_problem():
    """A saves folder that cannot be made (a file in its place) while the history works: the History screen said
    "Games cannot be saved in ...: no game is kept for later" in its problem box, over the games it kept."""
    record_games()
    user_saves_dir().parent.mkdir(parents=True, exist_ok=True)
    user_saves_dir().write_text("")  # a file where the saves folder should be
    app, driver = new_app()
    assert session_module.recorder().flush(30)
    driver.frames(2)
    assert app.notice.startswith("Games cannot be saved in")  # on the menu
    scene = open_history(app, driver)
    assert scene.history is not None and scene.total == 3
    assert scene.problem == ""  # nothing wrong with the history
    driver.tap(scene.stats_button.rect.center)
    stats = app.scenes.top
    assert isinstance(stats, StatisticsScene) and stats.problem == ""


def test_statistics_count_each_persons_games_wins_and_scores():
    matches = record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    driver.frames(2)
    assert stats_scene.person_choice.value == "Ada"  # the person with the most games
    overall = stats_scene.stats
    assert overall.title == "All games" and overall.games == 3
    assert overall.wins == pytest.approx(sum(ada_won(match) for match in matches))
    driver.tap(stats_scene.game_choice.arrows()[1].center)  # House Cup
    house_cup = stats_scene.stats
    assert house_cup.title == "House Cup" and house_cup.games == 2
    ada_scores = [match.result().scores[0] for match in matches[:2]]
    assert [score for _, score in house_cup.scores] == ada_scores and house_cup.best == max(ada_scores)
    assert house_cup.against["hard"].games == 1 and house_cup.against["easy"].games == 2
    assert "people" not in house_cup.against
    assert set(house_cup.figures) >= {"Sets", "Quidditch"}, "House Cup's points by category"
    driver.frames(2)
    assert len(stats_scene.images) >= 4, "the figures, the two charts and the categories' bars are drawn"
    driver.tap(stats_scene.person_choice.arrows()[1].center)  # Ben
    assert stats_scene.person_choice.value == "Ben" and stats_scene.stats.games == 0
    driver.frames(2)  # "Ben has no finished House Cup games yet."
    driver.tap(stats_scene.game_choice.arrows()[0].center)  # All games
    ben = stats_scene.stats
    assert ben.games == 1 and ben.against == {"people": ben.against["people"]} and ben.against["people"].games == 1
    assert ben.wins == pytest.approx(1 - ada_won(matches[2]))
    driver.tap(stats_scene.back_button.rect.center)
    assert app.scenes.top is scene


def test_statistics_open_on_the_game_the_list_shows_and_follow_a_bot_level():
    record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.tap(scene.filter.arrows()[0].center)  # the last game: That's Wizard!
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene) and stats_scene.game_choice.value == "That's Wizard!"
    assert stats_scene.stats.games == 1 and stats_scene.stats.grouped_by == "spellbook"
    labels = stats_scene.person_choice.options
    assert labels[:3] == ["Ada", "Ben", "Everyone"] and set(labels[3:]) == {"Easy bot", "Medium bot", "Hard bot"}
    driver.tap(stats_scene.game_choice.arrows()[0].center)  # House Cup Challenge
    driver.tap(stats_scene.game_choice.arrows()[0].center)  # Stupéfix
    driver.tap(stats_scene.game_choice.arrows()[0].center)  # House Cup
    for _ in range(labels.index("Easy bot")):
        driver.tap(stats_scene.person_choice.arrows()[1].center)
    easy = stats_scene.stats
    assert stats_scene.person_choice.value == "Easy bot" and easy.games == 2  # the easy bot sat at both House Cups
    assert easy.against["people"].games == 2


def test_export_csv_writes_the_games_shown_and_says_where():
    matches = record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    driver.tap(stats_scene.export_button.rect.center)
    files = sorted((user_data_dir() / "exports").glob("tabletop-games-*.csv"))
    assert len(files) == 1 and str(files[0]) in stats_scene.message and stats_scene.message_ok
    history, _ = history_db()
    assert history is not None
    assert files[0].read_bytes().startswith(codecs.BOM_UTF8)  # (a spreadsheet then knows it is UTF-8)
    with files[0].open(newline="", encoding="utf-8-sig") as handle:
        written = handle.read()
    assert written == to_csv(history.games())
    rows = list(csv.reader(io.StringIO(written)))
    assert len(rows) == 1 + sum(len(match.seats) for match in matches)
    assert rows[0][4] == "side"  # who each seat was, in the game's own words (a house, a wizard's colour)
    assert [row[4] for row in rows[1:4]] == ["Gryffindor", "Slytherin", "Hufflepuff"]
    assert [row[4] for row in rows[-2:]] == ["Blue wizard", "Yellow wizard"]
    driver.tap(stats_scene.game_choice.arrows()[1].center)  # House Cup only
    driver.tap(stats_scene.export_button.rect.center)
    files = sorted((user_data_dir() / "exports").glob("tabletop-games-*.csv"), key=lambda p: p.stat().st_mtime_ns)
    assert len(files) == 2
    house_cup = list(csv.reader(io.StringIO(files[-1].read_text(encoding="utf-8-sig"))))
    assert {row[1] for row in house_cup[1:]} == {"House Cup"} and len(house_cup) == 1 + 3 + 3


def exports() -> list:
    """The CSV files exported so far, oldest first."""
    return sorted((user_data_dir() / "exports").glob("tabletop-games-*.csv"), key=lambda path: path.stat().st_mtime_ns)


Seats = tuple[tuple[str, str, str], ...]  # each seat's name, who played it and score, as the CSV writes them


def csv_games(rows: list[list[str]]) -> list[tuple[str, Seats]]:
    """The games of an exported CSV's rows (a row per seat, each game's from seat 1): (game, seats)."""
    games: list[tuple[str, list[tuple[str, str, str]]]] = []
    for _ended, title, seat, name, _side, plays, score, *_rest in rows:
        if seat == "1":
            games.append((title, []))
        games[-1][1].append((name, plays, score))
    return [(title, tuple(seats)) for title, seats in games]


def game_of(record: GameRecord) -> tuple[str, Seats]:
    plays = ["person" if seat.is_human else f"bot: {seat.controller}" for seat in record.seats]
    seats = zip(record.seats, plays, record.scores, strict=True)
    return record.title, tuple((seat.name, who, str(score)) for seat, who, score in seats)


def test_export_csv_writes_the_chosen_persons_games_the_charts_count():
    record_games()  # Ada: two House Cups against bots, a That's Wizard! duel against Ben
    history, _ = history_db()
    assert history is not None
    assert history.record(finished("thats-wizard", [SeatInfo("Ben"), SeatInfo("Bot", "hard")], 4))
    every = [game_of(record) for record in history.games()]  # oldest first, as the export writes them
    house_cups, duel, bens_duel = every[:2], every[2], every[3]
    assert [game[1][1][1] for game in house_cups] == ["bot: medium", "bot: hard"] and duel[1][1][0] == "Ben"
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene) and stats_scene.game_choice.value == "All games"
    assert stats_scene.person_choice.options[:3] == ["Ada", "Ben", "Everyone"]

    def written(count: int) -> list[tuple[str, Seats]]:
        """The games in the file Export CSV has just written, which it said were ``count``."""
        files = exports()
        noun = "game" if count == 1 else "games"
        assert stats_scene.message == f"Wrote {count} {noun} to {files[-1]}" and stats_scene.message_ok
        with files[-1].open(newline="", encoding="utf-8-sig") as handle:
            return csv_games(list(csv.reader(handle))[1:])

    def export(count: int) -> list[tuple[str, Seats]]:
        before = len(exports())
        driver.tap(stats_scene.export_button.rect.center)
        assert len(exports()) == before + 1
        return written(count)

    # Ben chosen with the keys (Tab to the game, Tab to the player, Right), then Export CSV pressed with Enter.
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RIGHT)
    assert stats_scene.person_choice.value == "Ben" and stats_scene.stats.games == 2
    driver.key(pygame.K_TAB)  # (past Back)
    driver.key(pygame.K_TAB)
    focused = stats_scene.keys.focused()
    assert focused is not None and focused.item is stats_scene.export_button
    driver.key(pygame.K_RETURN)
    assert len(exports()) == 1
    assert written(2) == [duel, bens_duel], "Ben's two duels, every seat of each, and nothing else"
    with exports()[-1].open(newline="", encoding="utf-8-sig") as handle:
        assert handle.read() == to_csv([record for record in history.games() if record.game_id == "thats-wizard"])

    # Ben has no House Cup game: the button is not lit, and a tap says there is nothing to export.
    driver.tap(stats_scene.game_choice.arrows()[1].center)  # House Cup
    assert stats_scene.game_choice.value == "House Cup" and not stats_scene.export_button.enabled
    assert stats_scene.message == "", "what the export said of Ben's duels is gone with them"
    driver.tap(stats_scene.export_button.rect.center)
    assert len(exports()) == 1 and stats_scene.message == "No finished games to export yet."
    assert not stats_scene.message_ok

    # Both House Cups are Ada's; Everyone's are every House Cup too.
    driver.tap(stats_scene.person_choice.arrows()[0].center)  # Ada
    assert stats_scene.person_choice.value == "Ada" and stats_scene.export_button.enabled
    assert export(2) == house_cups
    driver.tap(stats_scene.person_choice.arrows()[1].center)  # Ben
    driver.tap(stats_scene.person_choice.arrows()[1].center)  # Everyone
    assert stats_scene.person_choice.value == "Everyone" and export(2) == house_cups

    # Over all games: Everyone writes all four, the hard bot the two it sat at (a House Cup and Ben's duel).
    driver.tap(stats_scene.game_choice.arrows()[0].center)  # All games
    assert export(4) == every
    while stats_scene.person_choice.value != "Hard bot":
        driver.tap(stats_scene.person_choice.arrows()[1].center)
    assert export(2) == [house_cups[1], bens_duel]


def test_export_says_clearly_when_the_disk_refuses():
    record_games()
    (user_data_dir() / "exports").write_text("a file where the exports folder would go")
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    driver.tap(stats_scene.export_button.rect.center)
    assert stats_scene.message.startswith("Could not write the CSV file") and not stats_scene.message_ok
    driver.frames(2)
    assert app.scenes.top is stats_scene


def test_no_games_yet_says_how_games_get_here():
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    assert scene.total == 0 and scene.problem == "" and not scene.stats_button.enabled
    driver.tap(scene.stats_button.rect.center)
    assert app.scenes.top is scene and "No statistics yet" in scene.error
    app.go.statistics()
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    driver.frames(2)
    assert stats_scene.stats.games == 0 and not stats_scene.export_button.enabled and stats_scene.images == []


def test_a_damaged_history_shows_its_message_and_the_app_goes_on():
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 200)
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    assert "damaged" in scene.problem and "set aside" in scene.problem
    assert scene.total == 0 and scene.history is not None  # a new, empty history was begun
    driver.tap(scene.back_button.rect.center)
    driver.tap(menu_button(app, "New game"))
    assert isinstance(app.scenes.top, NewGameScene)


def test_a_history_from_a_newer_tabletop_is_shown_as_unusable_and_nothing_breaks():
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA + 1),))
    db.commit()
    db.close()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    assert scene.history is None and "newer Tabletop" in scene.problem
    driver.tap(scene.filter.arrows()[1].center)
    driver.tap(scene.stats_button.rect.center)
    assert app.scenes.top is scene  # no statistics to open
    app.go.statistics()
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene) and "newer Tabletop" in stats_scene.problem
    driver.frames(2)
    driver.tap(stats_scene.back_button.rect.center)
    driver.tap(scene.back_button.rect.center)
    driver.tap(menu_button(app, "New game"))
    assert isinstance(app.scenes.top, NewGameScene)


def test_no_statistics_yet_is_said_under_the_statistics_button():
    """With no finished game, Statistics said why not at the window's foot, far from the button pressed (a
    first-time player missed it): it is now said just under the button."""
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(2)
    assert not scene.stats_button.enabled
    before = pygame.image.tobytes(app.screen.subsurface(below(scene)), "RGB")
    driver.tap(scene.stats_button.rect.center)
    driver.frames(2)
    assert scene.error.startswith("No statistics yet")
    assert pygame.image.tobytes(app.screen.subsurface(below(scene)), "RGB") != before  # the line is there
    pygame.quit()


def below(scene: HistoryScene) -> pygame.Rect:
    """The strip just under the Statistics button, as wide as the window's right half."""
    stats = scene.stats_button.rect
    return pygame.Rect(stats.right - 600, stats.bottom + 2, 600, 30)


def test_a_row_of_a_game_of_sides_says_each_seats_side(monkeypatch):
    """A Stupéfix row of eight names and scores left the houses to be guessed from equal scores, and a Duos row
    read "The blue team wins" with no seat said blue (a review of the screens after many games). Each seat's cell
    says its side."""
    history, problem = history_db()
    assert history is not None, problem
    names = ["Ada", "Ben", "Cleo", "Dev"]
    duos = finished("thats-wizard", [SeatInfo(name) for name in names], 4)
    houses = finished("stupefix", [SeatInfo(name) for name in names], 4)
    for match in (duos, houses):
        assert history.record(match)
    app, driver = new_app()
    open_history(app, driver)
    drawn = record_drawn(monkeypatch)
    said = drawn_afresh(driver, drawn)
    assert all(f"{side}, Human" in said for side in ("Blue 1", "Yellow 1", "Blue 2", "Yellow 2"))
    stupefix = GAMES["stupefix"]
    for seat in range(4):
        assert f"{stupefix.seat_label(houses.options, seat)}, Human" in said
    pygame.quit()


def test_a_games_win_rate_at_each_table_is_told_apart(monkeypatch):
    """That's Wizard!'s 1 vs 1 and Duos are not the same game to win: the statistics chart them apart."""
    history, problem = history_db()
    assert history is not None, problem
    duel = finished("thats-wizard", [SeatInfo("Ada"), SeatInfo("Bot", "easy")], 5)
    duos_seats = [SeatInfo("Ada"), SeatInfo("Bot", "easy"), SeatInfo("Bot 2", "easy"), SeatInfo("Bot 3", "easy")]
    duos = finished("thats-wizard", duos_seats, 6)
    for match in (duel, duos):
        assert history.record(match)
    app, driver = new_app()
    drawn = record_drawn(monkeypatch)
    app.go.statistics("thats-wizard")
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene) and scene.stats.games == 2
    side_of, result = GAMES["thats-wizard"].side_of, duos.result()
    assert result is not None
    duos_won = float(any(side_of(duos.options, 4, winner) == side_of(duos.options, 4, 0) for winner in result.winners))
    assert {count: (r.games, r.wins) for count, r in scene.stats.tables.items()} == {
        2: (1, ada_won(duel)),
        4: (1, duos_won),
    }
    words = " ".join(drawn)  # (the charts are drawn once, as the screen opens)
    assert "Win rate at each table" in words and "1 vs 1" in words and "Duos (2 vs 2)" in words


def test_a_house_cup_challenge_row_names_each_seats_character_and_the_statistics_chart_them(monkeypatch):
    """The characters are dealt at setup, so no option names them: a row read "Harry Potter wins" over cells
    named Ada, Ben and Cleo only (a review). Each cell says its seat's character, in the language shown."""
    history, problem = history_db()
    assert history is not None, problem
    match = finished("house-cup-challenge", [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cleo")], 5)
    assert history.record(match)
    names = [CHARACTERS[player.character].name_en for player in match.state.players]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr"))
    driver = Driver(app)
    driver.frames(3)
    app.go.history()
    driver.frames(2)
    drawn = record_drawn(monkeypatch)
    said = drawn_afresh(driver, drawn)
    game = GAMES["house-cup-challenge"]
    assert all(f"{game.gettext(name)}, {gettext('Human')}" in said for name in names)
    app.go.statistics("house-cup-challenge")
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    assert scene.stats.grouped_by == "character" and set(scene.stats.groups) == {names[0]}  # Ada's
    pygame.quit()


def test_a_house_cup_row_names_each_seats_house(monkeypatch):
    """A House Cup row read "Hufflepuff wins the House Cup" over cells that named no house (a review of the
    screens after many games): each cell says its seat's house."""
    history, problem = history_db()
    assert history is not None, problem
    match = finished("house-cup", [SeatInfo("Ada"), SeatInfo("Bot", "easy")], 6)
    assert history.record(match)
    app, driver = new_app()
    open_history(app, driver)
    drawn = record_drawn(monkeypatch)
    said = drawn_afresh(driver, drawn)
    houses = match.state.houses
    assert f"{houses[0]}, Human" in said and f"{houses[1]}, Easy bot" in said
    pygame.quit()


@pytest.mark.parametrize(("size", "large_text"), [((1024, 640), False), ((1280, 800), True), ((1024, 640), True)])
def test_the_win_rates_against_every_opponent_are_all_shown_in_a_small_window(monkeypatch, size, large_text):
    """Against Easy, Medium and Hard bots and people: four bars. The chart's row was cut to what was left under the
    bar charts below it, and two bars went unseen behind 'and 2 more' (scrolling did not show them)."""
    record_games()
    history, _ = history_db()
    assert history is not None
    people = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Bot", "easy")]
    assert history.record(finished("house-cup", people, 4))
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=large_text))
    driver = Driver(app)
    driver.frames(3)
    drawn = record_drawn(monkeypatch)
    scene = open_history(app, driver)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    driver.tap(stats_scene.game_choice.arrows()[1].center)  # House Cup
    assert set(stats_scene.stats.against) == {"easy", "medium", "hard", "people"}
    driver.frames(2)
    words = " ".join(drawn)
    assert "more" not in words, "every opponent has its bar"
    assert all(name in words for name in ("Easy bots", "Medium bots", "Hard bots", "People")), words[-400:]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_game_of_eight_seats_lays_its_cells_on_two_lines_with_names_kept_readable(monkeypatch, size):
    """Eight cells in a line squeezed names and notes to about 5 px at 1024x640 with large text (a review of the
    history): a game of more than four seats lays them on two lines, four a line, when the cells would be narrow."""
    from tests.drawn_text import squeezes_inside

    history, _ = history_db()
    assert history is not None
    seats = [SeatInfo(f"Maximilianus {n}") if n % 2 else SeatInfo(f"Bot {n}", "medium") for n in range(8)]
    assert history.record(finished("stupefix", seats, 2))
    assert history.record(finished("thats-wizard", [SeatInfo("Ada"), SeatInfo("Ben")], 3))
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=True))
    driver = Driver(app)
    driver.frames(3)
    squeezed = squeezes_inside(monkeypatch, HistoryScene, "_draw_seats")
    scene = open_history(app, driver)
    driver.frames(2)
    assert scene.two_lines and len(shown(scene)) == 2
    assert not squeezed or min(squeezed) > 0.75, sorted(squeezed)[:4]


def test_the_statistics_tiles_put_a_long_caption_on_two_lines_before_narrowing_it(monkeypatch):
    """'Выиграно дуэлей за игру' shrank out of reading in a narrow tile at 1024x640 with large text (a review of
    the history)."""
    from tabletop.ui import charts
    from tests.drawn_text import squeezes_inside

    record_games()
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=True, language="ru")
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    squeezed = squeezes_inside(monkeypatch, charts, "tiles")
    app.go.history()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene)
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene)
    for _ in range(4):  # every game and All games
        driver.tap(stats_scene.game_choice.arrows()[0].center)
        driver.frames(2)
    assert not squeezed or min(squeezed) > 0.8, sorted(squeezed)[:4]


def test_a_rows_end_is_told_from_its_saves_last_position_without_replaying_the_game(monkeypatch):
    """Each row scrolled into sight replayed its whole game for its line: 20-50 ms for a long House Cup Challenge,
    a hitch in the list (the late-game review). The save's final position tells it; a save that cannot be read
    that way is replayed."""
    from tabletop.play import replay

    matches = record_games()
    history, _ = history_db()
    assert history is not None
    keys = [record.key for record in history.games()]
    real = replay.recorded_match
    monkeypatch.setattr(replay, "recorded_match", lambda key, history=None: pytest.fail("replayed"))
    for key, match in zip(keys, matches, strict=True):
        assert replay.recorded_result(key) == match.result()
    replayed: list[str] = []
    monkeypatch.setattr(replay, "recorded_match", lambda key, history=None: replayed.append(key) or real(key, history))
    with history.db:  # a snapshot of another shape: the game is replayed, which finds the save changed
        history.db.execute(
            "UPDATE saves SET save = json_set(save, '$.snapshot', json('{\"x\": 1}')) WHERE key = ?", (keys[0],)
        )
    with pytest.raises(SaveError, match="does not match its move log"):
        replay.recorded_result(keys[0])
    assert replayed == [keys[0]]


def test_the_history_screen_reads_on_when_its_file_is_removed_and_the_statistics_begin_a_new_one():
    """The Statistics over the History found the file removed and began a new one: the History's own connection
    was closed under it, and its next read (a change of filter, a row scrolled into sight) raised 'Cannot operate
    on a closed database' and closed the app (a review of the diff)."""
    record_games()
    app, driver = new_app()
    scene = open_history(app, driver)
    driver.frames(10)
    assert scene.history is not None
    for path in scene.history.path.parent.glob("history.sqlite3*"):
        path.unlink()
    driver.tap(scene.stats_button.rect.center)
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatisticsScene) and "removed" in (stats_scene.problem or "")
    driver.tap(stats_scene.back_button.rect.center)
    assert app.scenes.top is scene
    driver.tap(scene.filter.arrows()[1].center)  # (it raised here)
    driver.frames(2)
    assert app.scenes.top is scene


def test_statistics_count_the_greedy_bot_of_the_examples_as_the_medium_bot_it_is_named():
    """A game against an example save's "greedy" bot (named "Medium bot" at the tables and in History) and one
    against a Medium bot: Statistics listed "Medium bot" twice, one for each id, and its chart said "Greedy bots"
    beside "Medium bots". One Medium bot, counting both games."""
    history, problem = history_db()
    assert history is not None, problem
    assert history.record(finished("house-cup", [SeatInfo("Ada"), SeatInfo("Ben", "greedy")], 4))
    assert history.record(finished("house-cup", [SeatInfo("Ada"), SeatInfo("Dev", "medium")], 5))
    scene = statistics_opened()
    labels = scene.person_choice.options
    assert labels.count("Medium bot") == 1, labels
    assert list(scene.stats.against) == ["medium"] and scene.stats.against["medium"].games == 2
