"""House Cup Challenge by touch, from a new player's review at 1024x640: a card that goes nowhere says why, a title
ending in "?" or "!" takes no full stop after it, and the hand's row stays clear of the panel placing a new card."""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.text import describe
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup_challenge.panels import encounter_heading
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tests.house_cup_challenge_positions import position
from tests.ui_driver import at_table

GAME = GAMES["house-cup-challenge"]
EVERY_SPACE_TAKEN = "Quirrell Unmasked cannot be played now: each space it names holds a card."


def table_at(state, players: int, size=(1024, 640)) -> tuple:
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada")] + [SeatInfo(name, "greedy") for name in ("Ben", "Cleo", "Dev")[: players - 1]]
    driver, table = at_table(app, Match(GAME, seats, GAME.default_options(players), 1, start=to_json(state)))
    assert isinstance(table, ChallengeTable)
    return driver, table


def french_large_table(state, players: int) -> tuple:
    """The table of a French player with Large text in a 1024x640 window, a person in the first seat."""
    from tabletop.i18n import set_language

    set_language("fr")
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", large_text=True, language="fr"))
    seats = [SeatInfo("Élodie"), SeatInfo("Marc", "greedy"), SeatInfo("Cleo", "easy"), SeatInfo("Dev", "greedy")]
    start = to_json(state)
    driver, table = at_table(app, Match(GAME, seats[:players], GAME.default_options(players), 1, start=start))
    assert isinstance(table, ChallengeTable)
    return driver, table


def test_a_card_whose_every_space_holds_a_card_says_so_when_tapped_or_dragged():
    """Quirrell Unmasked goes only on the Trapdoor Chamber, where Winged Keys lies: tapped, it was picked up with
    "Choose a lit space to play Quirrell Unmasked." and no space lit."""
    hands = [["Y1-28", "Y1-26"], [], [], []]
    state = position(cells=["C3", "H7", "H7", "H7"], hands=hands, board={"C7": "Y1-21"})
    driver, table = table_at(state, 4)
    assert not table.targets("Y1-28")
    rect = table.hits.rect_of("card", "Y1-28")
    driver.tap(rect.center)
    assert table.message == EVERY_SPACE_TAKEN
    assert table.selected_card is None and not table.prompt()[0].startswith("Choose a lit space")
    table.message = ""
    driver.drag((rect.centerx, rect.top + 20), table.layout.cells["C7"].center)
    assert table.message == EVERY_SPACE_TAKEN
    assert table.session.match.log == []
    # The next card tapped can be played: its prompt comes, and the refusal of the last one goes (it stayed up).
    playable = table.hits.rect_of("card", "Y1-26")
    assert table.targets("Y1-26")
    driver.tap(playable.center)
    assert table.selected_card == "Y1-26" and table.message == ""
    pygame.quit()


def test_a_title_ending_in_its_own_mark_takes_no_full_stop_after_it():
    """The prompt read "Choose a lit space to play Who Is Nicolas Flamel?." and a log line "... Accio!.": slips."""
    state = position(cells=["C5", "H7"], characters=("harry", "hermione"), hands=[["Y1-13"], []])
    driver, table = table_at(state, 2)
    driver.tap(table.hits.rect_of("card", "Y1-13").center)
    assert table.prompt()[0] == "Choose a lit space to play Who Is Nicolas Flamel?"
    assert describe(ev.SpecialGained(0, "accio"), ["Ada", "Ben"]) == "Ada takes the Special Card Accio!"
    assert describe(ev.SpecialGained(0, "hedwig"), ["Ada", "Ben"]) == "Ada takes the Special Card Hedwig."
    pygame.quit()


def test_a_setback_after_a_title_ending_in_its_own_mark_takes_no_full_stop_inside_the_sentence():
    """The Setback panel after a failed Riddikulus! read "You failed Riddikulus!. Discard one card of your choice."
    (the full stop inside the sentence, where the prompt's and the log's were taken off at their end)."""
    _title, words = encounter_heading("discard", "", "Riddikulus!")
    assert words == "You failed Riddikulus! Discard one card of your choice."
    _title, words = encounter_heading("discard", "", "Winged Keys")
    assert words == "You failed Winged Keys. Discard one card of your choice."


def test_the_hand_row_stays_clear_of_the_panel_placing_a_new_card():
    """At the start the Wand holder places the new cards from a panel beside the board: their row of the new card
    and five of the hand ran on under that panel, the last card hidden behind it."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione", "ron"]}
    state = GAME.setup(3, options, 3)
    assert state.tasks[-1].kind == "place" and state.tasks[-1].seat == 0
    driver, table = table_at(state, 3)
    panel, hand = table.panel, table.hand_shown()
    assert panel is not None and panel.docked and len(hand) == 6
    slots, first, scrolls = table.layout.hand_slots(len(hand), table.hand_first)
    assert all(slot.right <= panel.rect.left for slot in slots)
    assert len(slots) == len(hand) or table.hand_right.visible
    # Folded away to peek at the table, the panel leaves the row whole; back to the choice, clear of it again.
    driver.tap(panel.hide.rect.center)
    driver.frames(2)
    assert panel.hidden and table.layout.hand_cards == table.layout.hand_row
    driver.tap(panel.hide.rect.center)
    driver.frames(2)
    assert not panel.hidden and table.layout.hand_cards.right <= panel.rect.left
    # The card placed (tapped onto a lit space), the panel gone: the row is whole again (it stayed narrowed).
    narrowed = table.layout.hand_cards.copy()
    place = next(c for c in table.view.legal if isinstance(c, ev.PlaceCard))
    driver.tap(table.layout.cells[place.cell].center)
    driver.frames(3)
    assert table.session.match.log[:1] == [place]
    assert table.panel is None or not table.panel.docked
    assert table.layout.hand_cards.width > narrowed.width
    pygame.quit()


def test_a_panel_that_leaves_the_hand_no_room_beside_it_leaves_the_row_whole():
    """In a window where the docked panel begins near the hand's left end, the row was narrowed to a sliver and a
    card's width came out below zero (the layout referee's Challenge table at 2 seats after a resize)."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione", "ron"]}
    driver, table = table_at(GAME.setup(3, options, 3), 3)
    panel = table.panel
    assert panel is not None and panel.docked
    panel.rect.left = table.layout.hand_cards.left + 40  # (its place is worked out each frame: here, by hand)
    table.hand_clear_of_panel()
    assert table.layout.hand_cards.width >= table.layout.least_hand_width()  # (34 px: a card 2 px wide, or below 0)
    slots, _first, _scrolls = table.layout.hand_slots(6, 0)
    assert all(slot.width > 0 for slot in slots)
    pygame.quit()


def test_a_bots_panel_says_how_strong_it_is(monkeypatch):
    """A bot's panel said only its name and its character: two bots set up Easy and Hard looked alike at the table
    (as House Cup's did, a new player's review). Each says its level by the name, as History says it, and a
    person's panel says nothing of the kind."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "easy"), SeatInfo("Cleo", "hard"), SeatInfo("Dev", "medium")]
    state = position(cells=["C3", "H7", "H7", "H7"], hands=[["Y1-28"], [], [], []])  # (Ada to act: no bot moves)
    driver, table = at_table(app, Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)))
    assert isinstance(table, ChallengeTable)
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn).split(" ")
    levels = [word for word, after in zip(words, words[1:], strict=False) if after == "bot"]
    assert sorted(levels) == ["Easy", "Hard", "Medium"], words
    pygame.quit()


def test_a_panel_docked_across_the_hand_row_upright_leaves_the_row_whole():
    """In the smallest upright window the panel placing a new card lies docked under the board across the whole
    hand row, 10 pixels right of the row's left end: the row was cut to 4 pixels, each card's width came out
    negative, and drawing the table failed ("Invalid resolution for Surface")."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione", "ron"]}
    state = GAME.setup(3, options, 3)
    driver, table = table_at(state, 3, size=(640, 737))
    panel, row = table.panel, table.layout.hand_cards
    assert panel is not None and panel.docked and panel.rect.colliderect(row)
    assert row.width >= table.layout.least_hand_width()
    slots, _first, _scrolls = table.layout.hand_slots(len(table.hand_shown()), table.hand_first)
    assert slots and all(slot.width > 0 for slot in slots)
    driver.frames(1)  # (drawn)
    pygame.quit()


def test_an_example_saves_greedy_bot_is_named_the_medium_bot_it_plays_as(monkeypatch):
    """The example saves' bots are the games' own "greedy" (the Medium bot's play): their panels said "Greedy bot"
    ("Bot Greedy" in French), a name from the code, not one the setup ever offers."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    state = position(("harry", "hermione"), cells=["C3", "H7"], hands=[["Y1-28"], []])  # (Ada to act)
    driver, table = at_table(app, Match(GAME, seats, GAME.default_options(2), 1, start=to_json(state)))
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn)
    assert "Medium bot" in words and "Greedy" not in words, words
    pygame.quit()


def test_gryffindors_sheet_keeps_clear_of_the_docked_panel_and_of_the_banner():
    """French with Large text at 1024x640, three players, the Wand holder placing a new card: the mouse rested on
    Gryffindor's track and its sheet opened under the track, its last lines (how the game ends, the stalemate rule)
    hidden under the panel docked below (a review, uxhcc3). It lies clear of that panel, and of the prompt."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione", "ron"]}
    state = GAME.setup(3, options, 3)
    assert state.tasks[-1].kind == "place" and state.tasks[-1].seat == 0
    driver, table = french_large_table(state, 3)
    panel = table.panel
    assert panel is not None and panel.docked and not panel.hidden
    driver.move(table.layout.track.center)  # the mouse rests on the track
    driver.frames(40)
    sheet = table.hits.rect_of("sheet", "sheet")
    assert sheet is not None
    assert not sheet.colliderect(panel.rect), (sheet, panel.rect)
    assert not sheet.colliderect(table.layout.banner) and not sheet.colliderect(table.layout.track)
    pygame.quit()


def test_an_empty_hand_with_both_piles_empty_is_not_told_to_draw(monkeypatch):
    """A hand played out in Year 1 with three players, both piles empty: under it "No cards in hand: Draw takes new
    ones.", beside a Draw button that said both piles are empty (a review, uxhcc3). With cards left to draw it
    still says Draw."""
    from tests.drawn_text import drawn_afresh, record_drawn

    drawn = record_drawn(monkeypatch)
    for empty in (False, True):
        state = position(("harry", "hermione", "ron"), cells=["A5", "H7", "H7"], hands=[[], ["Y1-01"], []],
                         empty_piles=empty)  # fmt: skip
        driver, table = table_at(state, 3)
        words = drawn_afresh(driver, drawn)
        assert (table.draw_button.note == "both piles are empty") is empty
        assert ("No cards in hand: Draw takes new ones." in words) is not empty
        assert ("Hand: empty - both piles are empty" in words) is empty
        pygame.quit()


def test_a_mouse_resting_on_a_docked_panel_opens_no_sheet_of_the_score_under_it():
    """Peeves goes on any of eleven corridors: in French with Large text at 1024x640 the panel listing them lies over
    the track, and the mouse resting on its words opened Gryffindor's sheet from under it (a review, uxhcc3)."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "hermione", "ron"]}
    state = GAME.setup(3, options, 12)
    assert state.tasks[-1].kind == "place" and len(state.tasks[-1].options) == 11
    driver, table = french_large_table(state, 3)
    panel = table.panel
    assert panel is not None and panel.docked and panel.rect.contains(table.layout.track)
    words = (table.layout.track.left + 4, table.layout.track.centery)
    assert table.hits.item_at(words, "track") == "track" and panel.card_at(words) is None
    driver.move(words)
    driver.frames(40)
    assert table.breakdown() is None and table.hits.rect_of("sheet", "sheet") is None
    driver.tap(panel.hide.rect.center)  # folded away to look at the table: the track answers the mouse again
    driver.move(table.layout.track.center)
    driver.frames(40)
    assert table.breakdown() is not None
    pygame.quit()
