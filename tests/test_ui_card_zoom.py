"""The kit's card zoom on all four tables, through posted mouse and finger events: an enlarged card never covers
the prompt, the choice panel's words or any button the player needs (the table's, the panel's, a replay's
controls), and it goes as soon as its card moves."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.house_cup_challenge_positions import position
from tests.ui_driver import Driver, at_table

EXAMPLES = {
    "house-cup": "house-cup-4p-midround.json",
    "thats-wizard": "thats-wizard-duel.json",
    "house-cup-challenge": "house-cup-challenge-year1-start.json",
    "stupefix": "stupefix-4p-round3-wands.json",
}


def open_example(name: str, size: tuple[int, int] = (1280, 720)) -> tuple[App, Driver, GameTable]:
    """An example save at its table, handed to the person whose turn it is, the table still."""
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / name) is None
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    for _ in range(900):
        top = app.scenes.top
        if isinstance(top, PrivacyOverlay):
            driver.frames(25)
            driver.tap((size[0] // 2, size[1] // 2))
        elif top is table and not table.covering() and not table.busy() and table.session.bot_thinking is None:
            break
        driver.frames(1)
    assert app.scenes.top is table and not table.covering()
    driver.frames(3)
    return app, driver, table


def rest_mouse(driver: Driver, pos: tuple[int, int]) -> None:
    """The mouse moves onto ``pos`` (no button held) and rests there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(2)


def needed(table: GameTable) -> list[pygame.Rect]:
    """What the player needs to see and reach: the prompt, every visible button of the table and of the choice
    panel, and the panel's words."""
    rects = [*table.prompt_rects()]
    rects += [widget.rect for widget in table.controls() if getattr(widget, "visible", True)]
    panel = table.panel
    if panel is not None:
        rects += [button.rect for button in panel.buttons()]
        if not panel.hidden:
            rects.append(panel.words_rect())
    return rects


def zoomable_spots(table: GameTable) -> list[tuple[str, tuple[int, int]]]:
    """A point on each thing a resting pointer enlarges, where it is the thing found (not one drawn over it)."""
    spots: dict[str, tuple[int, int]] = {}
    rects = [(card, rect) for card, rect in (table.panel.card_rects.items() if table.panel else [])]
    rects += [(str(p.item), p.rect) for p in table.hits.placed if isinstance(p.item, str)]
    for card, rect in rects:
        for point in (rect.center, (rect.centerx, rect.top + 6), (rect.left + 6, rect.centery)):
            if card not in spots and table.card_under(point) == card:
                spots[card] = point
    return list(spots.items())


def check_every_zoom(driver: Driver, table: GameTable) -> int:
    """Rest on every zoomable thing in turn: each is enlarged clear of what the player needs; returns how many."""
    table.hover_zoom = 0.0  # (the test does not wait the resting time for each card)
    area = pygame.Rect((0, 0), table.table_size())
    shown = 0
    for card, point in zoomable_spots(table):
        rest_mouse(driver, point)
        if table.zoomed() != card:
            continue  # (it moved meanwhile: a bot played)
        rect = table.zoom_painter.rect
        assert rect is not None, f"{card} was not drawn enlarged"
        covered = [other for other in needed(table) if rect.colliderect(other)]
        assert not covered, f"the enlarged {card} at {rect} covers {covered}"
        assert area.contains(rect), f"the enlarged {card} at {rect} leaves the table {area}"
        shown += 1
    return shown


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_an_enlarged_card_never_covers_the_prompt_or_a_button_on_any_table(game):
    app, driver, table = open_example(EXAMPLES[game])
    assert check_every_zoom(driver, table) >= 3


def taps_turn_it_on_and_off(driver: Driver, table: GameTable, kind: str, first: object, other: object) -> None:
    """Tap ``first`` (of ``kind``): shown large; again: put away; again: shown; then ``other``: that one shown."""
    spot, beside = table.hits.rect_of(kind, first).center, table.hits.rect_of(kind, other).center
    driver.tap(spot)
    shown = table.zoomed()
    assert shown is not None and table.zoom_pinned, (kind, first)
    driver.tap(spot)  # (its press put it away, and its tap showed it again: a tap beside it was needed)
    assert table.zoomed() is None and not table.zoom_pinned, (kind, first)
    driver.tap(spot)
    assert table.zoomed() == shown and table.zoom_pinned
    driver.tap(beside)  # another thing shown large: that one, at once
    assert table.zoomed() not in (None, shown) and table.zoom_pinned, (kind, other)
    driver.tap(beside)
    assert table.zoomed() is None


def test_a_second_tap_on_a_card_shown_large_puts_it_away_on_every_table():
    """House Cup Challenge's Special Card chips (the mouse), and a finger on the scores of the other three tables:
    a tap shows the thing large, a second tap on it put it away then showed it again at once (its press, then its
    tap), and only a tap beside it closed it. The second tap puts it away now; a tap on another thing shows that."""
    game = GAMES["house-cup-challenge"]
    app = App((1280, 720), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    state = position(cells=["G7", "H7", "H7", "H7"], specials=[["map"], ["floo", "firebolt"], ["fawkes"], []])
    seats = [SeatInfo(name, "greedy" if seat else "human") for seat, name in enumerate(("Ada", "Ben", "Cleo", "Dev"))]
    driver, table = at_table(app, Match(game, seats, game.default_options(4), 1, start=to_json(state)))
    taps_turn_it_on_and_off(driver, table, "chip", "floo", "fawkes")
    pygame.quit()
    for name, first, other in [
        ("house-cup", "score:1", "score:2"),
        ("thats-wizard", "score:standing", "score:stamina:1"),
        ("stupefix", "Gryffindor", "Hufflepuff"),
    ]:
        app, driver, table = open_example(EXAMPLES[name])
        driver.fingers = True
        taps_turn_it_on_and_off(driver, table, "score", first, other)
        pygame.quit()


def test_the_zoom_stays_above_a_replays_controls():
    app = App((1280, 720), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json")  # a finished game: no privacy
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    driver.key(pygame.K_END)
    driver.frames(5)
    assert check_every_zoom(driver, table) >= 3
    assert table.table_size()[1] == app.screen.get_height() - table.replay_bar.height


def test_a_docked_panel_leaves_the_table_cards_to_enlarge_and_its_own_clear():
    from tabletop.games.house_cup.events import DiscardCard
    from tabletop.ui.tables.choice_panel import ChoicePanel, Option
    from tabletop.ui.tables.house_cup.cards import card_face

    app, driver, table = open_example(EXAMPLES["house-cup"])
    days = [p for p in table.hits.placed if p.kind == "card"]
    mine = table.view.tableau[table.view.seat][0]
    panel = ChoicePanel("A choice", "Docked at the foot.", [Option(DiscardCard(0, mine), mine)], card_face, docked=True)
    table.panel = panel
    panel.layout(table.panel_area())
    driver.frames(2)
    table.hover_zoom = 0.0
    outside = next(p for p in days if not panel.rect.colliderect(p.rect))
    rest_mouse(driver, outside.rect.center)
    assert table.zoomed() == outside.item  # the table's card, beside a docked panel
    rest_mouse(driver, panel.card_rects[mine].center)
    assert table.zoomed() == mine
    assert table.zoom_painter.rect is not None and table.zoom_painter.rect.collidelist(needed(table)) == -1


def test_a_chosen_panel_card_rises_clear_of_the_panels_words():
    """A chosen card rises (and takes a ring): it rose into the panel's words, where a guided game's ring round them
    crossed its name. The cards now start below the words by what a chosen one rises."""
    from tabletop.games.house_cup.events import DiscardCard
    from tabletop.ui.tables.choice_panel import LIFT, ChoicePanel, Option
    from tabletop.ui.tables.house_cup.cards import card_face
    from tabletop.ui.theme import px

    app, driver, table = open_example(EXAMPLES["house-cup"])
    cards = table.view.tableau[table.view.seat][:3]
    options = [Option(DiscardCard(0, card), card) for card in cards]
    for docked in (False, True):
        panel = ChoicePanel("A choice", "Which card?\nA second line of words.", options, card_face, docked=docked)
        panel.layout(table.panel_area())
        words = panel.words_rect()
        for rect in panel.card_rects.values():
            assert rect.top - px(LIFT) - px(3) >= words.bottom  # raised, with its ring, still under the words


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_a_card_held_up_to_be_read_stands_clear_of_the_tables_message(game):
    """A real window showed "It is Cleo's turn." drawn over a House Cup Challenge card enlarged by a long press:
    the message is kept clear as the prompt is, on every table, for the mouse's resting zoom and a finger's tap."""
    app, driver, table = open_example(EXAMPLES[game], size=(1024, 640))
    table.say("It is Cleo's turn to choose a card from the middle of the table, and everyone waits for her.")
    box = table.message_box()
    for shown in check_every_zoom_beside(driver, table):
        assert not shown.colliderect(box), f"the enlarged card at {shown} covers the message at {box}"
    assert table.message_showing()


def check_every_zoom_beside(driver: Driver, table: GameTable) -> list[pygame.Rect]:
    """Where each zoomable thing is drawn enlarged, by a resting mouse and then by a finger's tap (centred)."""
    table.hover_zoom = 0.0
    rects = []
    for card, point in zoomable_spots(table):
        rest_mouse(driver, point)
        if table.zoomed() == card and table.zoom_painter.rect is not None:
            rects.append(table.zoom_painter.rect)
    rest_mouse(driver, (2, 2))
    for card, point in zoomable_spots(table)[:4]:
        table.show_zoom(card, point)
        driver.frames(1)
        if table.zoomed() == card and table.zoom_painter.rect is not None:
            rects.append(table.zoom_painter.rect)
        table.long_press_card, table.zoom_pinned = None, False
    assert len(rects) >= 3
    return rects


@pytest.mark.parametrize("game", ["house-cup", "house-cup-challenge"])
def test_a_card_held_up_by_a_finger_goes_with_that_finger_alone(game):
    """A finger held still on a card shows it large while held: another finger's tap leaves it (the card went from
    under the finger still holding it), and the window losing the focus, which lets every finger go without a lift,
    puts it away (it stayed on screen till the next touch: a review)."""
    from tabletop.ui.input import LONG_PRESS
    from tests.ui_driver import STEP

    app, driver, table = open_example(EXAMPLES[game])
    fingers = Driver(app, fingers=True)
    card, point = zoomable_spots(table)[0]
    fingers.down(point, finger=1)
    fingers.frames(round(LONG_PRESS / STEP) + 6)
    assert table.zoomed() == card, "a finger held on a card did not show it large"
    beside = (2, table.table_size()[1] // 2)  # (the felt at the window's edge: nothing there)
    fingers.down(beside, finger=2)
    fingers.frames(2)
    fingers.up(beside, finger=2)
    fingers.frames(2)
    assert table.zoomed() == card, "another finger's tap put away the card a finger still holds"
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    fingers.frames(2)
    assert not app.tracker.pointers and table.zoomed() is None, "the card stayed large after the finger was let go"
    pygame.quit()
