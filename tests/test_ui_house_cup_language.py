"""The language changed over a House Cup table (Escape, Settings) words again what the table keeps made: its choice
panel and its side log, not only the faces drawn. Found comparing the tables' relabel hooks while monkey testing
language changes mid-game."""

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.games.house_cup.i18n import gettext, ngettext
from tabletop.i18n import set_language
from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PauseOverlay
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.setup import SetupScene
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tests.drawn_text import drawn_afresh, record_drawn
from tests.ui_driver import Driver, open_past_cover


def choose_french_over_the_table(app: App, driver: Driver) -> None:
    """Escape, Settings from the pause, French, Done: as a player changes the language mid-game."""
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
    driver.tap(app.scenes.top.buttons[2].rect.center)  # Settings
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    while app.settings.language != "fr":
        driver.tap(settings.language.arrows()[1].center)
    driver.tap(settings.done.rect.center)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)  # (Settings opened from the pause close onto it, worded anew)
    assert pause.buttons[0].label == "Reprendre" and pause.title == "Pause", (pause.buttons[0].label, pause.title)
    driver.tap(pause.buttons[0].rect.center)  # Resume


def test_a_language_chosen_over_the_table_words_the_open_choice_panel_and_the_side_log_again():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-scoring-example-choices.json")
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.panel is not None
    assert table.panel.title == "Help Searching for Points"
    assert table.recent[-1].startswith("Laid on the timetable:")
    choose_french_over_the_table(app, driver)  # (the pause's panel lies over the table's buttons)
    assert app.scenes.top is table
    set_language("fr")
    assert table.panel is not None and table.panel.title == gettext("Help Searching for Points") != (
        "Help Searching for Points"
    )
    assert not table.recent[-1].startswith("Laid on the timetable:")
    laid = ngettext("Laid on the timetable: {cards} ({count} left in the deck).", "", 5)
    assert table.recent[-1].startswith(laid.split("{")[0])  # "Posées sur l'emploi du temps : ..."
    pygame.quit()


def test_a_seat_named_after_its_house_is_shown_in_the_language_of_the_screen(monkeypatch):
    """The example saves name their seats after their houses in English, so in French or Russian a table read
    "Slytherin" beside "Serpentard"; and a game begun in French kept "Serpentard" in English. A seat left under
    its house's name now keeps the English name, and every screen shows it in its own language."""
    drawn = record_drawn(monkeypatch)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru"))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-scoring-example-choices.json")
    table = app.scenes.top
    assert isinstance(table, HouseCupTable)
    assert [seat.name for seat in table.session.match.seats] == ["Ravenclaw", "Slytherin"]  # as saved
    assert table.session.names() == [gettext("Ravenclaw"), gettext("Slytherin")] == ["Когтевран", "Слизерин"]
    words = drawn_afresh(driver, drawn)
    assert "Слизерин" in words and "Slytherin" not in words and "Ravenclaw" not in words
    pygame.quit()

    set_language("en")
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr"))
    driver = Driver(app)
    driver.frames(2)
    app.go.setup(GAMES["house-cup"])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    while len(setup.rows) > 2:
        driver.tap(setup.players_choice.arrows()[0].center)
    field = setup.rows[1].name_field  # the second seat typed a name of its own
    driver.tap(field.rect.center)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Ann")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    session = app.scenes.stack[0].session
    assert [seat.name for seat in session.match.seats] == ["Gryffindor", "Ann"]  # the house's English name kept
    assert session.names() == ["Gryffondor", "Ann"]
    session.close()
    pygame.quit()


@pytest.mark.parametrize("save", ["house-cup-challenge-year4.json", "thats-wizard-duel.json", "thats-wizard-duos.json"])
def test_every_tables_side_log_is_told_again_in_a_language_chosen_over_it(save):
    """House Cup Challenge's and That's Wizard!'s side log stayed in English under a French table until its lines
    scrolled away (a review switching settings mid-game): every table's log is worded again."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / save)
    table = app.scenes.top
    english = list(table.recent)
    assert english
    choose_french_over_the_table(app, driver)
    assert app.scenes.top is table
    french = list(table.recent)
    assert french and not set(french) & set(english)
    set_language("fr")
    table.rebuild_recent()
    assert table.recent == french, "as a table opened in French tells it"
    pygame.quit()
