"""That's Wizard!'s setup remembers the spellbook a person last played alone against bots (a review of tempo: a
match took 5 taps to start against 3 for the other games, the book chosen again in private every time). The person
alone finds it chosen ("chosen last time"), the picker opening on it and marking it; with two people or more each
chooses in private as before; a bot's book is never shown; a remembered book that is not as it was is dropped
quietly. Driven through the real scenes by posted pointer events, each app a new start read back from the file."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.ui.app import App
from tabletop.ui.scenes.setup_base import setups_path
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.setup import BookPicker, ThatsWizardSetup
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tabletop.ui.widgets import Choice
from tests.drawn_text import drawn_afresh, record_drawn
from tests.test_ui_setup import open_setup as open_game_setup
from tests.test_ui_small_things import name_seat
from tests.thats_wizard_ui_helpers import choose_book
from tests.ui_driver import Driver

LAST = "chosen last time"


def open_setup() -> tuple[App, Driver, ThatsWizardSetup]:
    """A new start of the app, That's Wizard!'s setup reached from the menu by taps."""
    app, driver, setup = open_game_setup("thats-wizard")
    assert isinstance(setup, ThatsWizardSetup)
    return app, driver, setup


def set_who(driver: Driver, setup: ThatsWizardSetup, seat: int, plays: str) -> None:
    choice: Choice = setup.rows[seat].controller
    ids = [controller for _, controller in setup.controllers]
    while ids[choice.index] != plays:
        driver.tap(choice.arrows()[1].center)


def start(app: App, driver: Driver, setup: ThatsWizardSetup) -> dict:
    """Start tapped: the match's options (the setup refused nothing)."""
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable), setup.error
    options = table.session.match.options
    table.session.close()
    pygame.quit()
    return options


def play_alone_as(name: str, book: str) -> None:
    """A match of 1 vs 1 started by ``name`` alone against a bot, with ``book`` chosen in the picker."""
    app, driver, setup = open_setup()
    name_seat(driver, setup.rows[0].name_field, name)
    choose_book(driver, setup, 0, book)
    assert start(app, driver, setup)["book_names"][0] == book


def open_picker(driver: Driver, setup: ThatsWizardSetup, seat: int) -> BookPicker:
    driver.tap(setup.rows[seat].pick.rect.center)
    picker = driver.app.scenes.top
    assert isinstance(picker, BookPicker)
    return picker


def marked(picker: BookPicker) -> list[str]:
    return [title for title, tag, _lit in picker.list.rows if tag == LAST]


def test_a_person_alone_finds_their_last_book_chosen_and_starts_with_one_tap(monkeypatch):
    drawn = record_drawn(monkeypatch)
    play_alone_as("Ada", "The Prodigy")

    app, driver, setup = open_setup()  # the next match: Ada's book is chosen, Start is the one tap
    ada = setup.rows[0]
    assert ada.name_field.value == "Ada" and ada.chosen and ada.book == "The Prodigy"
    assert LAST in drawn_afresh(driver, drawn)
    options = start(app, driver, setup)
    assert options["books"][0] == list(PREMADE["The Prodigy"]) and options["book_names"][0] == "The Prodigy"
    assert options["drawn"] == [1]  # (the bot's book drawn at random, as ever)

    app, driver, setup = open_setup()  # the picker opens on it, marked; another may be chosen
    picker = open_picker(driver, setup, 0)
    assert picker.books[picker.chosen][0] == "The Prodigy" and picker.chosen != 0
    assert marked(picker) == ["The Prodigy"] and LAST in drawn_afresh(driver, drawn)
    driver.tap(picker.list.row_rect("The Crone").center)
    driver.tap(picker.choose.rect.center)
    assert setup.rows[0].chosen and setup.rows[0].book == "The Crone"
    assert LAST not in drawn_afresh(driver, drawn)  # (chosen now: "chosen")
    name_seat(driver, setup.rows[0].name_field, "Bea")  # a choice made stays whoever the person is
    assert setup.rows[0].book == "The Crone"
    name_seat(driver, setup.rows[0].name_field, "Ada")
    assert start(app, driver, setup)["books"][0] == list(PREMADE["The Crone"])

    app, driver, setup = open_setup()
    assert setup.rows[0].chosen and setup.rows[0].book == "The Crone"  # the last one
    name_seat(driver, setup.rows[0].name_field, "Bea")  # by the person's name: Bea has none
    assert not setup.rows[0].chosen and LAST not in drawn_afresh(driver, drawn)
    name_seat(driver, setup.rows[0].name_field, " ADA ")  # (the same person as "Ada", as in Statistics)
    assert setup.rows[0].chosen and setup.rows[0].book == "The Crone"
    driver.tap(setup.players_choice.arrows()[1].center)  # Duos: another mode, Ada has no book of it
    assert setup.players == 4 and not setup.rows[0].chosen
    driver.tap(setup.players_choice.arrows()[1].center)
    assert setup.players == 2 and setup.rows[0].chosen and setup.rows[0].book == "The Crone"
    pygame.quit()


def test_with_two_people_a_book_remembered_is_neither_chosen_nor_shown_nor_a_bots(monkeypatch):
    drawn = record_drawn(monkeypatch)
    play_alone_as("Ada", "The Prodigy")

    app, driver, setup = open_setup()
    assert setup.rows[0].chosen
    set_who(driver, setup, 1, "human")  # a second person at the screen: each chooses in private
    assert not setup.rows[0].chosen and LAST not in drawn_afresh(driver, drawn)
    for seat in (0, 1):
        picker = open_picker(driver, setup, seat)
        assert picker.chosen == 0 and marked(picker) == [] and LAST not in drawn_afresh(driver, drawn)
        driver.tap(picker.cancel.rect.center)
    driver.tap(setup.start.rect.center)
    assert "has not chosen a spellbook" in setup.error and app.scenes.top is setup
    set_who(driver, setup, 1, "easy")  # alone again
    assert setup.rows[0].chosen and setup.rows[0].book == "The Prodigy"
    picker = open_picker(driver, setup, 1)  # a bot's picker: the list's first, nothing marked
    assert picker.chosen == 0 and marked(picker) == []
    driver.tap(picker.cancel.rect.center)
    set_who(driver, setup, 0, "hard")  # Ada's seat to a bot: her book is not the bot's
    assert not setup.rows[0].chosen and setup.drawn_seats() == {0, 1}
    set_who(driver, setup, 0, "human")
    assert setup.rows[0].chosen
    options = start(app, driver, setup)
    assert options["books"][0] == list(PREMADE["The Prodigy"]) and options["drawn"] == [1]

    app, driver, setup = open_setup()  # two people's match keeps no book
    set_who(driver, setup, 1, "human")
    choose_book(driver, setup, 0, "The Crone")
    choose_book(driver, setup, 1, "The Dark Lord")
    start(app, driver, setup)
    app, driver, setup = open_setup()
    assert [row.controller.value for row in setup.rows] == ["Human", "Human"]
    set_who(driver, setup, 1, "medium")
    assert setup.rows[0].book == "The Prodigy"  # (Ada's book alone, as she left it)
    pygame.quit()


@pytest.mark.parametrize("since", ["its spells changed", "deleted", "renamed", "breaks a rule now"])
def test_a_book_of_ones_own_is_offered_as_it_was_and_dropped_quietly_once_it_is_not(since):
    crone = list(PREMADE["The Crone"])
    path = store.save_book("Ada's book", crone, duos=False)
    play_alone_as("Ada", "Ada's book")
    kept = json.loads(setups_path().read_text())["games"]["thats-wizard"]["books"]["2"]["ada"]
    assert kept == {"book": "Ada's book", "spells": crone}

    app, driver, setup = open_setup()
    assert setup.rows[0].chosen and setup.rows[0].spells == crone
    picker = open_picker(driver, setup, 0)
    assert picker.books[picker.chosen][0] == "Ada's book" and marked(picker) == ["Ada's book"]
    driver.tap(picker.cancel.rect.center)
    assert start(app, driver, setup)["books"][0] == crone

    if since == "its spells changed":
        store.save_book("Ada's book", list(PREMADE["The Prodigy"]), duos=False, replacing=path)
    elif since == "deleted":
        path.unlink()
    elif since == "renamed":
        store.save_book("Ada's own", crone, duos=False, replacing=path)
    else:
        path.write_text(path.read_text().replace('"stun"', '"nonsense"'))
    app, driver, setup = open_setup()
    assert not setup.rows[0].chosen and setup.error == ""
    picker = open_picker(driver, setup, 0)
    assert picker.chosen == 0 and marked(picker) == []
    pygame.quit()


@pytest.mark.parametrize(
    "books",
    [
        "[1]",
        '{"2": []}',
        '{"2": {"ada": "The Crone"}}',
        '{"2": {"ada": {"book": 5}}}',
        '{"2": {"ada": {"book": "The Ancient One"}}}',  # (a premade book of another version)
        '{"2": {"ada": {"book": "The Rogue"}}}',  # (a Duos book kept for 1 vs 1)
        '{"2": {"ada": {"book": "The Crone", "spells": "stun"}}}',
        '{"2": {"ada": {"book": "The Crone", "spells": [1, 2]}}}',
    ],
)
def test_a_remembered_book_from_another_version_or_damaged_is_dropped_never_a_crash(books):
    play_alone_as("Ada", "The Prodigy")
    data = json.loads(setups_path().read_text())
    data["games"]["thats-wizard"]["books"] = json.loads(books)
    setups_path().write_text(json.dumps(data))
    app, driver, setup = open_setup()
    assert setup.rows[0].name_field.value == "Ada" and not setup.rows[0].chosen
    picker = open_picker(driver, setup, 0)
    assert picker.chosen == 0 and marked(picker) == []
    driver.tap(picker.choose.rect.center)  # and the next match keeps a good one over it
    assert start(app, driver, setup)["books"][0] == list(PREMADE["The Crone"])
    assert json.loads(setups_path().read_text())["games"]["thats-wizard"]["books"]["2"]["ada"] == {"book": "The Crone"}
