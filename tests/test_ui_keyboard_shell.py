"""The shell's list screens by keyboard only (issue 18, item 2): Load, History, Statistics and Rules, each opened
from the menu by keys; Tab and the arrows move the focus over their rows, buttons, pickers and scrolling areas,
a list scrolls to keep the focused row in sight, Enter presses as a tap would, Escape goes back. Only key and
text events are posted, never a pointer event."""

from __future__ import annotations

import json
from collections.abc import Hashable
from pathlib import Path

import pygame
import pytest

from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.save_names import save_names
from tabletop.play.session import history_db
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.keyboard import RING, SCROLL, ScreenKeys, Target
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.overlays import Dialog, LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.statistics import StatisticsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.keyboard_driver import PostedEvents
from tests.test_ui_history import finished
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("fresh_histories")  # each test its own history


@pytest.fixture(autouse=True)
def no_pointer(monkeypatch):
    posted = PostedEvents(monkeypatch)
    yield
    assert posted.pointer_events() == [], "a pointer event was posted"


class Keys:
    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        self.app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
        self.driver = Driver(self.app)
        self.driver.frames(3)

    @property
    def top(self) -> Scene:
        top = self.app.scenes.top
        assert top is not None
        return top

    def press(self, key: int, shift: bool = False) -> None:
        self.driver.key(key, pygame.KMOD_LSHIFT if shift else 0)

    def type(self, text: str) -> None:
        self.driver.type_text(text)

    def focused(self) -> Target | None:
        keys = self.top.keys  # type: ignore[attr-defined]
        assert isinstance(keys, ScreenKeys)
        return keys.focused()

    def tab_to(self, kind: str, item: Hashable) -> Target:
        """Tab until the focus rests on (kind, item) of the top scene."""
        keys = self.top.keys  # type: ignore[attr-defined]
        for _ in range(len(keys.targets()) + 2):
            self.press(pygame.K_TAB)
            now = self.focused()
            if now is not None and now.key == (kind, item):
                return now
        raise AssertionError(f"Tab never reached {kind} {item!r} on {self.top.name}")

    def open_from_menu(self, label: str) -> Scene:
        """Tab to a button of the menu and press Enter on it."""
        menu = self.top
        assert isinstance(menu, MenuScene)
        button = next(button for button in menu.buttons if button.label == label)
        for _ in range(len(menu.buttons) + 1):
            self.press(pygame.K_TAB)
            if menu.keys.focused() is button:
                self.press(pygame.K_RETURN)
                assert self.top is not menu
                return self.top
        raise AssertionError(f"Tab never reached {label} on the menu")

    def open_to_cover(self, save: str, table_will_do: bool = False) -> Scene:
        """Open an example save by its file name; the first privacy cover it comes to (or its table, when
        ``table_will_do``: a game with one person shows no cover)."""
        assert self.app.go.open_save(asset_dir("saves") / save) is None
        wanted = (PrivacyOverlay, GameTable) if table_will_do else (PrivacyOverlay,)
        for _ in range(300):
            self.driver.frames(1)
            if isinstance(self.top, wanted):
                break
        return self.top

    def ring_left_of(self, rect: pygame.Rect) -> bool:
        """Whether the focus ring is drawn just left of ``rect`` (halfway down it)."""
        self.driver.frames(1)
        return any(self.app.screen.get_at((x, rect.centery))[:3] == RING for x in range(rect.left - 14, rect.left))


def own_save(name: str) -> Path:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes((asset_dir("saves") / "thats-wizard-duel.json").read_bytes())
    return path


# --- Load -------------------------------------------------------------------------------------------------------
def test_load_a_save_out_of_sight_is_reached_by_the_arrows_scrolled_to_and_opened_with_enter():
    own_save("a.json")
    keys = Keys()
    load = keys.open_from_menu("Load")
    assert isinstance(load, LoadScene)
    paths = [info.path for _, info in load.entries]
    keys.press(pygame.K_DOWN)  # an arrow shows the focus: on the first row
    first = keys.focused()
    assert first is not None and first.key == ("row", paths[0])
    assert keys.ring_left_of(first.rect)
    assert load.scroll.offset == 0
    for _ in range(len(paths) - 1):
        keys.press(pygame.K_DOWN)
    last = keys.focused()
    assert last is not None and last.key == ("row", paths[-1]) and paths[-1].name == "thats-wizard-duos.json"
    assert load.scroll.offset > 0, "the list scrolled to the last row"
    assert load.scroll.rect.contains(last.rect), "the focused row is in sight"
    assert keys.ring_left_of(last.rect)
    keys.press(pygame.K_UP)
    assert keys.focused().key == ("row", paths[-2])
    keys.press(pygame.K_DOWN)
    keys.press(pygame.K_RETURN)
    for _ in range(200):
        if any(isinstance(scene, GameTable) for scene in keys.app.scenes.stack):
            break
        keys.driver.frames(1)
    table = next(scene for scene in keys.app.scenes.stack if isinstance(scene, GameTable))
    seats = json.loads(paths[-1].read_text())["seats"]
    assert table.game_id == "thats-wizard" and table.session.match.seats[0].name == seats[0]["name"], load.error


def test_load_a_row_is_renamed_and_deleted_by_keys():
    mine, other = own_save("a.json"), own_save("b.json")
    keys = Keys()
    load = keys.open_from_menu("Load")
    assert isinstance(load, LoadScene)
    rename = keys.tab_to("rename", mine)
    assert keys.ring_left_of(rename.rect)
    keys.press(pygame.K_RETURN)
    assert load.renaming is not None and load.renaming.path == mine
    assert keys.focused().key == ("field", mine)
    keys.type("Friday night")
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("keep", mine)
    keys.press(pygame.K_RETURN)  # Save name
    assert load.renaming is None and save_names()[mine.name] == "Friday night"
    assert keys.focused().key == ("rename", mine), "the focus comes back to the row's Rename"
    # Typed again, then left as it was: by Cancel, then by Escape (which leaves Load only after)
    keys.press(pygame.K_RETURN)
    assert load.name_field.selected  # (the name is typed over; Right keeps it to type on after it, as End does)
    keys.press(pygame.K_RIGHT)
    assert keys.focused().key == ("field", mine) and not load.name_field.selected
    keys.type("Saturday")
    assert load.name_field.value == "Friday nightSaturday"
    keys.press(pygame.K_TAB)
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("cancel", mine)
    keys.press(pygame.K_SPACE)  # (Space is typed in the field: Enter presses Cancel)
    keys.press(pygame.K_RETURN)
    assert load.renaming is None and save_names()[mine.name] == "Friday night"
    keys.press(pygame.K_RETURN)
    keys.type("Sunday")
    keys.press(pygame.K_ESCAPE)
    assert load.renaming is None and save_names()[mine.name] == "Friday night" and keys.top is load
    # Delete: its question, answered by keys
    keys.tab_to("delete", other)
    keys.press(pygame.K_RETURN)
    dialog = keys.top
    assert isinstance(dialog, Dialog)
    assert dialog.keys.focus.shown and dialog.keys.focused() is dialog.buttons[0]  # Keep it, at once (a key opened it)
    keys.press(pygame.K_TAB)
    assert dialog.keys.focused() is dialog.buttons[1]  # Delete
    keys.driver.frames(25)  # (an Enter in the same instant as the key that opened it waits)
    keys.press(pygame.K_RETURN)
    assert keys.top is load and not other.exists() and mine.exists()
    assert other not in [info.path for _, info in load.entries]
    assert keys.focused() is not None, "the focus rests on something still there"
    keys.press(pygame.K_ESCAPE)
    assert isinstance(keys.top, MenuScene)


# --- History and Statistics -------------------------------------------------------------------------------------
def recorded(copies: int) -> list[Match]:
    """A That's Wizard! duel of Ada and Ben and a Stupéfix game, with ``copies`` more of the duel in the history."""
    history, problem = history_db()
    assert history is not None, problem
    matches = [
        finished("stupefix", [SeatInfo("Ada"), *(SeatInfo(f"Bot {n}", "easy") for n in range(1, 4))], 4),
        finished("thats-wizard", [SeatInfo("Ada"), SeatInfo("Ben")], 3),
    ]
    for match in matches:
        assert history.record(match)
    with history.db:
        history.db.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
            "INSERT INTO games SELECT key || '-' || i, game, title, options, seats, scores, winners, summary, "
            "started_at, '2020-01-01T00:00:00+00:00', commands, figures, source FROM games, n WHERE game = ?",
            (copies, "thats-wizard"),
        )
    return matches


def test_history_the_rows_are_walked_by_arrows_scrolling_and_watch_is_pressed_with_enter():
    recorded(12)
    keys = Keys()
    history = keys.open_from_menu("History")
    assert isinstance(history, HistoryScene) and history.total == 14
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", history.filter)
    keys.press(pygame.K_RIGHT)  # Left and Right turn the game filter
    assert history.filter.value == "House Cup" and history.total == 0
    keys.press(pygame.K_LEFT)
    assert history.filter.value == "All games" and history.total == 14
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", history.stats_button)
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("watch", 0)
    assert keys.ring_left_of(keys.focused().rect)
    in_sight = [index for index, _ in history.visible()]
    for _ in range(2 * (in_sight[-1] + 2)):  # (each row's Watch, then its Remove under it)
        keys.press(pygame.K_DOWN)
    now = keys.focused()
    assert now is not None and now.key == ("watch", in_sight[-1] + 2)
    assert history.scroll.offset > 0 and history.scroll.rect.contains(history.row_rect(now.item))
    assert keys.ring_left_of(now.rect)
    keys.press(pygame.K_END)  # the list's own keys scroll it as before
    assert history.visible()[-1][0] == 13
    for _ in range(20):  # Tab walks on to the last row, then Back
        keys.press(pygame.K_TAB)
        if keys.focused().key == ("widget", history.back_button):
            break
    else:
        raise AssertionError("Tab never reached Back")
    keys.press(pygame.K_TAB, shift=True)
    assert keys.focused().key == ("remove", 13)
    for _ in range(2 * 13 + 1):  # Up, up to the newest row
        keys.press(pygame.K_UP)
    assert keys.focused().key == ("watch", 0) and history.scroll.offset == 0
    newest = history.row(0)
    assert newest is not None
    keys.press(pygame.K_RETURN)  # Watch
    table = keys.top
    assert isinstance(table, GameTable), history.error
    assert table.replay_bar is not None and table.game_id == newest.game_id


def test_history_page_keys_bring_the_focus_along_to_a_row_in_sight():
    """End, Home and Page Down scroll the list; a focused row scrolled out of sight hands the focus to the nearest
    row in sight (it stayed out of sight with no ring, and Enter did nothing)."""
    recorded(12)
    keys = Keys()
    history = keys.open_from_menu("History")
    assert isinstance(history, HistoryScene)
    keys.tab_to("watch", 0)
    for _ in range(8):  # four rows down (each row's Watch, then its Remove under it)
        keys.press(pygame.K_DOWN)
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_PAGEDOWN):
        keys.press(key)
        now = keys.focused()
        assert now is not None and now.kind == "watch", pygame.key.name(key)
        assert history.scroll.rect.contains(history.row_rect(now.item)), pygame.key.name(key)
        assert keys.ring_left_of(now.rect), pygame.key.name(key)
    keys.press(pygame.K_END)
    assert history.visible()[-1][0] == 13 and history.scroll.rect.contains(history.row_rect(keys.focused().item))
    keys.press(pygame.K_RETURN)  # its Watch is pressed (the copies made above keep no save to watch)
    assert keys.top is history and "no longer" in history.error


def test_statistics_from_the_history_by_keys_switch_game_and_person():
    recorded(3)
    keys = Keys()
    history = keys.open_from_menu("History")
    assert isinstance(history, HistoryScene)
    keys.tab_to("widget", history.stats_button)
    keys.press(pygame.K_RETURN)
    stats = keys.top
    assert isinstance(stats, StatisticsScene)
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", stats.game_choice)
    assert keys.ring_left_of(stats.game_choice.rect)
    games = stats.stats.games
    keys.press(pygame.K_RIGHT)
    assert stats.game_choice.value == "House Cup" and stats.stats.games == 0
    keys.press(pygame.K_LEFT)
    keys.press(pygame.K_LEFT)
    assert stats.game_choice.value == "That's Wizard!" and stats.stats.games == 4 < games
    keys.press(pygame.K_RIGHT)  # (a picker goes round: back to all games)
    assert stats.game_id is None
    person = stats.person
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", stats.person_choice)
    keys.press(pygame.K_RIGHT)
    assert stats.person != person and stats.person_choice.value == "Ben"
    assert stats.stats.games == 4  # Ben played the duels only
    keys.press(pygame.K_RETURN)  # Enter on a picker: the tap on its middle, the next one
    assert stats.person_choice.value != "Ben"
    keys.tab_to("widget", stats.back_button)
    keys.press(pygame.K_RETURN)
    assert keys.top is history


def test_statistics_taller_than_the_window_scroll_by_keys():
    history, problem = history_db()
    assert history is not None, problem
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "medium"), SeatInfo("Bot 2", "easy")]
    assert history.record(finished("house-cup", seats, 1))
    keys = Keys((1024, 640))  # (the smallest window the app is made for)
    keys.app.go.statistics("house-cup")
    keys.driver.frames(2)
    stats = keys.top
    assert isinstance(stats, StatisticsScene) and stats.stats.games == 1
    assert stats.scroll.content_height > stats.scroll.rect.height, "House Cup's charts are taller than the window"
    area = keys.tab_to(SCROLL, stats.scroll)
    assert keys.ring_left_of(area.rect)
    keys.press(pygame.K_DOWN)
    assert stats.scroll.offset > 0
    keys.press(pygame.K_END)
    assert stats.scroll.offset == stats.scroll.content_height - stats.scroll.rect.height
    keys.press(pygame.K_UP)
    assert 0 < stats.scroll.offset < stats.scroll.content_height - stats.scroll.rect.height


def test_the_focus_ring_on_a_statistics_picker_leaves_its_caption_whole():
    """The ring round the Player picker cut its caption "Player" in half."""
    history, problem = history_db()
    assert history is not None, problem
    assert history.record(finished("house-cup", [SeatInfo("Ada"), SeatInfo("Bot", "medium")], 1))
    keys = Keys()
    keys.app.go.statistics()
    keys.driver.frames(2)
    stats = keys.top
    assert isinstance(stats, StatisticsScene)
    picker = stats.person_choice.rect
    above = pygame.Rect(picker.centerx - 60, picker.top - 40, 120, 40)  # where its caption is written

    def caption_pixels() -> int:
        keys.driver.frames(1)
        return sum(
            1
            for x in range(above.left, above.right)
            for y in range(above.top, above.bottom)
            if sum(abs(a - b) for a, b in zip(keys.app.screen.get_at((x, y))[:3], theme.TEXT_DIM, strict=True)) < 40
        )

    keys.tab_to("widget", stats.game_choice)
    whole = caption_pixels()
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", stats.person_choice)
    assert whole > 10 and caption_pixels() == whole


# --- Rules ------------------------------------------------------------------------------------------------------
def test_rules_switch_game_search_and_scroll_by_keys():
    keys = Keys()
    rules = keys.open_from_menu("Rules")
    assert isinstance(rules, RulesScene) and rules.index == 0
    keys.press(pygame.K_TAB)
    assert keys.focused().key == ("widget", rules.tabs[0])
    assert keys.ring_left_of(rules.tabs[0].rect)
    keys.press(pygame.K_RIGHT)
    assert keys.focused().key == ("widget", rules.tabs[1])
    keys.press(pygame.K_SPACE)
    assert rules.index == 1 and rules.games[1].id == "stupefix"
    keys.type(" ")  # (the text of that Space press: no search)
    assert rules.search.value == "" and not rules.search.focused
    area = keys.tab_to(SCROLL, rules.scroll)
    assert keys.ring_left_of(area.rect)
    keys.press(pygame.K_DOWN)
    keys.press(pygame.K_DOWN)
    assert rules.scroll.offset > 0
    keys.press(pygame.K_PAGEDOWN)
    below = rules.scroll.offset
    keys.press(pygame.K_UP)
    assert rules.scroll.offset < below
    keys.press(pygame.K_HOME)
    assert rules.scroll.offset == 0
    keys.press(pygame.K_UP)  # at the top, Up goes on to what is above
    assert keys.focused().rect.bottom <= rules.scroll.rect.top
    # The search field: Enter on it, type, Enter (or Tab on); Escape leaves the rules
    keys.tab_to("widget", rules.search)
    keys.press(pygame.K_RETURN)
    assert rules.search.focused
    keys.type("wand")
    keys.press(pygame.K_RETURN)
    assert rules.query == "wand" and not rules.search.focused
    assert all("wand" in (heading + body).lower() for heading, body, _card in rules.blocks)
    keys.type("s")  # typing anywhere searches
    assert rules.query == "wands" and rules.search.focused
    keys.press(pygame.K_TAB)
    assert not rules.search.focused and keys.focused().key != ("widget", rules.search)
    keys.press(pygame.K_ESCAPE)
    assert isinstance(keys.top, MenuScene)


def test_typing_after_the_search_field_was_left_adds_to_the_search_shown():
    """Enter on the search field selects its words, to be typed over; Tab or an arrow leaves the field with the
    words drawn plain, and typing anywhere searches on from them. The selection stayed on unseen: the next letter
    replaced "wand" with "s"."""
    keys = Keys()
    rules = keys.open_from_menu("Rules")
    keys.tab_to("widget", rules.search)
    keys.press(pygame.K_RETURN)
    keys.type("wand")
    keys.press(pygame.K_RETURN)
    keys.tab_to("widget", rules.search)
    keys.press(pygame.K_RETURN)  # typing begins again, the words selected
    assert rules.search.focused and rules.search.selected
    keys.press(pygame.K_DOWN)  # on to the rules
    assert not rules.search.focused
    keys.type("s")
    assert rules.query == "wands" and rules.search.focused


# --- The game log -----------------------------------------------------------------------------------------------
def test_the_game_log_scrolls_and_closes_by_keys():
    keys = Keys()
    keys.open_to_cover("thats-wizard-duel.json", table_will_do=True)  # (one person: no cover)
    keys.driver.frames(30)
    table = keys.top
    assert isinstance(table, GameTable)
    keys.app.go.log(table.session, 0)
    keys.driver.frames(2)
    log = keys.top
    assert isinstance(log, LogOverlay)
    assert log.scroll.content_height > log.scroll.rect.height, "a long log"
    bottom = log.scroll.offset
    assert bottom > 0  # (it opens on the newest lines)
    area = keys.tab_to(SCROLL, log.scroll)
    assert keys.ring_left_of(area.rect)
    keys.press(pygame.K_UP)
    assert log.scroll.offset < bottom
    keys.press(pygame.K_HOME)
    assert log.scroll.offset == 0
    keys.press(pygame.K_UP)  # at the top, Up goes nowhere: nothing is above
    assert keys.focused().key == (SCROLL, log.scroll)
    keys.press(pygame.K_DOWN)
    assert log.scroll.offset > 0
    keys.tab_to("widget", log.close)
    keys.press(pygame.K_RETURN)
    assert keys.top is table


def test_enter_at_once_again_does_not_pass_the_privacy_cover():
    """Enter pressed twice about 50 ms apart (the move, then again) passed the next person's cover at once, so
    the last person saw the next one's table: a key now waits for the cover's arming, as a tap does."""
    keys = Keys()
    cover = keys.open_to_cover("house-cup-4p-midround.json")
    assert isinstance(cover, PrivacyOverlay)
    keys.press(pygame.K_RETURN)  # (within two frames of its coming up)
    keys.press(pygame.K_SPACE)
    assert keys.top is cover
    keys.driver.frames(50)
    keys.press(pygame.K_RETURN)
    assert isinstance(keys.top, GameTable)


def test_the_privacy_covers_menu_and_ready_are_reached_by_tab():
    """The cover's Menu was out of the keyboard's reach (Tab showed nothing; Escape, told nowhere, was the only
    way): Tab now walks Ready and Menu, Enter presses the one it rests on; before Tab, Enter is Ready as ever."""
    keys = Keys()
    cover = keys.open_to_cover("house-cup-4p-midround.json")
    assert isinstance(cover, PrivacyOverlay)
    keys.driver.frames(50)  # (armed)
    met = set()
    for _ in range(3):
        keys.press(pygame.K_TAB)
        focused = cover.keys.focused()
        assert cover.keys.focus.shown and focused is not None
        met.add(focused)
    assert met == {cover.menu, cover.ready_button}
    while cover.keys.focused() is not cover.menu:
        keys.press(pygame.K_TAB)
    keys.press(pygame.K_RETURN)
    assert isinstance(keys.top, PauseOverlay)  # the Menu, not the table
    keys.press(pygame.K_ESCAPE)
    assert keys.top is cover
    # Back from the pause the ring rests on Ready (it stayed on Menu, where Enter, "when ready", paused again).
    assert cover.keys.focused() is cover.ready_button
    keys.press(pygame.K_RETURN)
    assert keys.top is cover  # back from the pause the cover is armed again: a key at once does not pass it
    keys.driver.frames(50)
    keys.press(pygame.K_RETURN)
    assert isinstance(keys.top, GameTable)


def test_a_house_cup_players_cards_are_reached_and_closed_by_keys():
    """A player's cards laid out (House Cup) took no key: Tab did nothing, Close never had the focus, only
    Escape left it (a keyboard player's review). Tab reaches Close now, and Enter closes."""
    from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay

    keys = Keys()
    keys.open_to_cover("house-cup-scoring-example-choices.json", table_will_do=True)
    keys.driver.frames(50)
    if isinstance(keys.top, PrivacyOverlay):
        keys.press(pygame.K_RETURN)
        keys.driver.frames(30)  # (the Enter that passed the screen presses nothing for a moment: PressHold)
    table = keys.top
    assert isinstance(table, GameTable)
    table.open_player(1)
    keys.driver.frames(2)
    cards = keys.top
    assert isinstance(cards, PlayerCardsOverlay) and cards.cards
    keys.tab_to("widget", cards.close)
    assert keys.ring_left_of(cards.close.rect)
    keys.press(pygame.K_RETURN)
    assert keys.top is table


def opened_setup(keys: Keys, game_id: str):
    """The setup of ``game_id``, opened over the menu."""
    from tabletop.games import GAMES
    from tabletop.ui.scenes.setup_base import SetupBase

    keys.app.go.setup(GAMES[game_id])
    keys.driver.frames(3)
    setup = keys.top
    assert isinstance(setup, SetupBase)
    return setup


def tab_to_widget(keys: Keys, setup, widget) -> None:
    """Tab on a setup until its focus rests on ``widget``."""
    for _ in range(len(setup.keys.targets()) + 2):
        keys.press(pygame.K_TAB)
        if setup.keys.focused() is widget:
            return
    raise AssertionError("Tab never reached the widget")


def test_a_setups_start_refused_by_keys_says_why():
    """Tab to Start, Enter, when the game cannot start (a person without a spellbook): the reason was set and
    wiped by the same key press, so nothing happened and nothing was said."""
    keys = Keys()
    setup = opened_setup(keys, "thats-wizard")
    tab_to_widget(keys, setup, setup.start)
    keys.press(pygame.K_RETURN)
    assert keys.top is setup and "spellbook" in setup.error


def test_escape_while_typing_a_name_ends_the_typing_and_keeps_the_setup():
    """Escape to stop typing a name left the whole setup, with the player count and every seat's choice."""
    keys = Keys()
    setup = opened_setup(keys, "house-cup")
    field = setup.rows[0].name_field
    tab_to_widget(keys, setup, field)
    keys.press(pygame.K_BACKSPACE)
    keys.type("Ann")
    assert field.focused
    typed = field.value
    keys.press(pygame.K_ESCAPE)
    assert keys.top is setup and not field.focused and field.value == typed
    keys.press(pygame.K_ESCAPE)  # (a second Escape leaves, as ever)
    assert keys.top is not setup


def test_a_setup_opened_by_a_key_starts_no_game_on_a_second_enter_at_once():
    """New game, Tab to a game's "Set up", Enter twice: the setup opened with no ring, where Enter means Start,
    and the second Enter started a game with a setup nobody had seen. Enter waits a moment there now (a ring on
    the first picker, the first try, turned the players' number instead)."""
    from tabletop.ui.scenes.setup_base import SetupBase

    keys = Keys()
    keys.app.settings.guides_offered = list(GAMES)
    keys.app.go.new_game()
    keys.driver.frames(3)
    keys.press(pygame.K_TAB)
    keys.press(pygame.K_RETURN)
    setup = keys.top
    assert isinstance(setup, SetupBase)
    players = setup.players
    keys.press(pygame.K_RETURN)
    assert keys.top is setup and not isinstance(keys.app.scenes.stack[0], GameTable)
    assert setup.players == players  # (nothing turned either)
    keys.driver.frames(40)
    keys.press(pygame.K_RETURN)  # a moment later, Enter is Start as ever
    assert isinstance(keys.app.scenes.stack[0], GameTable)


def test_space_that_opens_a_name_types_no_space_into_it():
    """SDL sends Space as a key and then as the text " ": Space on a name opened it and typed a space
    ("Gryffindor ")."""
    keys = Keys()
    setup = opened_setup(keys, "house-cup")
    field = setup.rows[0].name_field
    tab_to_widget(keys, setup, field)
    before = field.value
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    keys.driver.frames(2)
    assert field.focused and field.value == before and field.selected  # (selected: what is typed replaces it)
    keys.press(pygame.K_END)  # End keeps the name, to type on after it
    keys.type(" J")  # (a space typed afterwards is typed)
    assert field.value == before + " J"
    keys.press(pygame.K_TAB)  # one Tab ends the typing and moves on (a second was needed)
    assert not field.focused and setup.keys.focused() is not field
