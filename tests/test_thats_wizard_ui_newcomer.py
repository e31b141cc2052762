"""That's Wizard! for a newcomer, through posted mouse and finger events on the real scenes: the hand lies side by
side and readable, the spellbook chooser and editor show readable spells that zoom, the standing and each
Stamina explain themselves, and the last round can be watched again."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.games.thats_wizard.cards import MAX_STAMINA
from tabletop.games.thats_wizard.events import ChooseSideBoard, Play
from tabletop.paths import asset_dir
from tabletop.play.replay import Watching
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.tables.thats_wizard.cards import FULL_TEXT
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tabletop.ui.tables.thats_wizard.setup import BookPicker, ThatsWizardSetup
from tabletop.ui.tables.thats_wizard.standing import STANDING, stamina, stamina_key, standing
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.thats_wizard_ui_helpers import act, new_app, open_table, pass_screen
from tests.ui_driver import Driver


def rest_mouse(driver: Driver, pos: tuple[int, int], frames: int = 40) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(frames)


def hand_rects(table: ThatsWizardTable) -> list[pygame.Rect]:
    return [placed.rect for placed in table.hits.of_kind("hand")]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_hand_lies_side_by_side_and_readable_where_there_is_room(size):
    app, driver, table = open_table(["human", "greedy"], size=size)
    pass_screen(driver)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    rects = hand_rects(table)
    assert len(rects) == 7
    window = app.screen.get_rect()
    for index, rect in enumerate(rects):
        assert window.contains(rect)
        assert rect.collidelist(rects[index + 1 :]) == -1, "two cards of the hand overlap"
        assert rect.collidelist([table.layout.dial, table.layout.ready, table.layout.pass_button]) == -1
    if size == (1920, 1080):
        assert min(rect.width for rect in rects) >= FULL_TEXT  # every card's whole rule is printed on it
        mine = table.layout.zones[table.view.seat]
        assert mine.seen.width > 0  # the wide zones show each wizard's spells seen this match
    table.hover_zoom = 0.0
    rest_mouse(driver, rects[3].center, 2)
    assert table.zoomed() is not None and table.zoom_painter.rect is not None  # and each one zooms
    pygame.quit()


def test_the_spellbook_chooser_shows_readable_spells_that_zoom_on_a_long_press():
    app = new_app(size=(1280, 720))
    driver = Driver(app)
    app.go.setup(GAMES["thats-wizard"])
    driver.frames(3)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    driver.tap(setup.rows[0].pick.rect.center)
    picker = app.scenes.top
    assert isinstance(picker, BookPicker)
    rects = list(picker.card_rects.values())
    assert len(rects) == 7 and min(rect.width for rect in rects) >= 100  # big enough to print what it does
    assert all(app.screen.get_rect().contains(rect) for rect in rects)
    assert all(rect.collidelist([picker.choose.rect, picker.cancel.rect]) == -1 for rect in rects)
    card, rect = next(iter(picker.card_rects.items()))
    fingers = Driver(app, fingers=True)
    fingers.down(rect.center)
    fingers.frames(40)  # held still: a long press
    assert picker.zoom.zoomed(app.now, picker.spot) == card and picker.zoom.rect is not None
    assert picker.zoom.rect.width > rect.width and picker.zoom.rect.collidelist([picker.choose.rect]) == -1
    fingers.up(rect.center)
    fingers.frames(2)
    assert picker.zoom.zoomed(app.now, picker.spot) is None and app.scenes.top is picker  # nothing chosen
    driver.tap(picker.list.row_rect("The Boy Wizard").center)  # another book: its spells, laid out again
    assert set(picker.card_rects) == set(picker.books[picker.chosen][1])
    pygame.quit()


def test_the_editor_grid_shows_each_spells_card_when_rested_on():
    app = new_app(size=(1280, 720))
    driver = Driver(app)
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    rest_mouse(driver, editor.cell_rects["chaos"].center)
    assert editor.zoom.zoomed(app.now, editor.spot) == "chaos" and editor.zoom.rect is not None
    assert not editor.zoom.rect.colliderect(editor.side)  # the book and its problems stay in sight
    pygame.quit()


def open_duel_example(animation: str = "Off", speed: str = "Instant") -> tuple:
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings

    app = App((1280, 720), settings=Settings(volume=0.0, animation=animation, bot_speed=speed))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / "thats-wizard-duel.json") is None
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    for _ in range(600):
        if isinstance(app.scenes.top, PrivacyOverlay):
            pass_screen(driver)
        elif app.scenes.top is table and table.can_choose() and not table.busy():
            break
        driver.frames(1)
    assert table.can_choose()
    driver.frames(2)
    return app, driver, table


def test_the_standing_and_each_stamina_explain_themselves():
    app, driver, table = open_duel_example()
    view, names, history = table.view, table.session.names(), table.session.match.history
    driver.tap(table.hits.rect_of("score", STANDING).center)
    assert table.zoomed() == STANDING and table.zoom_painter.rect is not None
    assert not table.zoom_painter.rect.colliderect(table.layout.banner)
    sheet = standing(view, names, history)
    lines = [text for _, _, group in sheet.groups for text, _ in group]
    assert any(text.startswith("Duel 1: ") and " beat " in text for text in lines)  # who won duel 1, and how
    assert sheet.total == f"{view.tokens[0]} - {view.tokens[1]}"
    me = view.seat
    driver.tap(table.hits.rect_of("score", stamina_key(me)).center)  # the next touch: this Stamina instead
    assert table.zoomed() == stamina_key(me)
    sheet = stamina(view, me, names, history)
    lost = sum(points or 0 for _, _, group in sheet.groups for _, points in group)
    assert sheet.total == str(view.wizards[me].stamina) and MAX_STAMINA + lost == view.wizards[me].stamina
    assert any(heading == "Damage" for heading, _, _ in sheet.groups)
    driver.tap(table.layout.tray.center)
    assert table.zoomed() is None
    pygame.quit()


def test_the_last_round_can_be_watched_again():
    app, driver, table = open_duel_example(speed="Quick")
    live = list(table.session.match.log)
    assert table.again.visible
    driver.tap(table.again.rect.center)
    again = app.scenes.top
    assert isinstance(again, ThatsWizardTable) and isinstance(again.session, Watching)
    bar = again.replay_bar
    assert bar is not None and bar.playing and again.view.seat == table.view.seat
    assert bar.replay.mark_at(again.session.step).label.words().startswith("Duel 2, round 2")  # the round last revealed
    start = again.session.step
    for _ in range(400):
        if again.session.step > start:
            break
        driver.frames(1)
    assert again.session.step > start
    driver.key(pygame.K_ESCAPE)  # Escape closes the replay too
    assert app.scenes.top is table and table.session.match.log[: len(live)] == live  # nothing undone
    pygame.quit()


def test_a_tap_in_the_gap_between_two_cards_of_the_hand_picks_the_nearer_one():
    """The hand closes up as a card is played, each card half a card aside: a tap where a card lay a round before
    fell in the gap between two cards, picked nothing and said nothing, and Reveal then said "First choose a card
    of your hand." (two reviewers took it for a first tap lost after the privacy screen)."""
    app, driver, table = open_table(["human", "greedy"])
    pass_screen(driver)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    placed = list(table.hits.of_kind("hand"))
    left, right = placed[1], placed[2]
    assert right.rect.left > left.rect.right  # a gap between them
    gap_y = left.rect.centery
    driver.tap((left.rect.right + 1, gap_y))
    assert table.selected == left.item
    driver.tap((right.rect.left - 1, gap_y + 40))  # (the picked card stands raised: beside its neighbour's lower half)
    assert table.selected == right.item


@pytest.mark.parametrize("fingers", [False, True])
def test_a_second_tap_at_the_foot_of_a_card_puts_it_back(fingers):
    """The picked card stands raised: a second tap at its foot, where the first tap picked it, fell below the
    raised card and did nothing (the card stayed picked, nothing said), by mouse and by finger alike."""
    app, driver, table = open_table(["human", "greedy"], fingers=fingers)
    pass_screen(driver)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    card = list(table.hits.of_kind("hand"))[2]
    foot = (card.rect.centerx, card.rect.bottom - 5)
    driver.tap(foot)
    driver.frames(2)
    assert table.selected == card.item
    driver.tap(foot)
    driver.frames(2)
    assert table.selected is None and table.dial.value == 0
    pygame.quit()


def test_the_dial_rests_at_0_once_a_card_is_put_back_by_escape():
    """Escape puts the picked card back, as a second tap on it does; the tap set the dial back to 0, Escape left
    it at the card's value with no card picked (the keyboard's way to put a card back)."""
    app, driver, table = open_table(["human", "greedy"])
    pass_screen(driver)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    driver.tap(table.hits.rect_of("hand", "explosion").center)
    assert table.selected == "explosion" and table.dial.value > 0
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert app.scenes.top is table  # (put back, not the pause)
    assert table.selected is None and table.dial.value == 0
    pygame.quit()


def test_the_dial_rests_at_0_once_a_card_is_played_or_put_back():
    """The dial stayed at the value played: the next round began with a Spell Power set and no card picked, and
    Reveal said "First choose a card of your hand." (1 vs 1 against a bot, where no hand-over sets it back)."""
    app, driver, table = open_table(["human", "greedy"])
    pass_screen(driver)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    shock = table.hits.rect_of("hand", "share_pain")
    assert shock is not None
    driver.tap(shock.center)
    assert table.selected == "share_pain" and table.dial.value == 1
    driver.tap(table.hits.rect_of("hand", "share_pain").center)  # put back
    assert table.selected is None and table.dial.value == 0
    act(driver, table, Play(0, "explosion", 4))
    for _ in range(600):
        driver.frames(2)
        if table.can_choose() and table.view.round == 2:
            break
    assert table.view.round == 2 and table.selected is None and table.dial.value == 0


def test_a_bots_zone_says_how_strong_it_is(monkeypatch):
    """A wizard played by a bot showed only its name: in Duos, bots set up Easy and Hard looked alike at the table
    (as House Cup's did, a new player's review). Each says its level after the name, as History says it."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app, driver, table = open_table(["human", "easy", "medium", "hard"])
    pass_screen(driver)
    drawn = record_drawn(monkeypatch)
    words = f" {drawn_afresh(driver, drawn)} "
    assert " Easy bot " in words and " Medium bot " in words and " Hard bot " in words
    pygame.quit()
