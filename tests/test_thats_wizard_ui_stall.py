"""A stalled duel at the table, through real pygame events: Concede (confirmed) and Offer draw in the banner, a
draw offered by a bot or by the other person answered in a panel, and the spellbook editor's warning."""

import pygame

from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.events import AnswerDraw, ChooseSideBoard, Concede, OfferDraw, Pass
from tabletop.games.thats_wizard.resources import STALL_ROUNDS
from tabletop.games.thats_wizard.rules import canonical
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tests.thats_wizard_ui_helpers import act, new_app, open_table, pass_screen
from tests.ui_driver import Driver

HARMLESS = ["regenerate", "brittlebones", "polymorph", "reflect", "disarm", "dispel", "invisibility"]
HEALER = ["paralyze", "regenerate", "brittlebones", "polymorph", "reflect", "disarm", "portents"]
ANSWERS = ("Accept the draw", "Refuse, play on")  # the draw panel's buttons
HURTS = ["shock", "tongue_tie", "ignite", "regenerate", "brittlebones", "reflect", "portents"]


def stalled(books, ready=()):
    """A position whose duel has just stalled; the seats in ``ready`` have already chosen this round (a pass)."""
    state = GAME.setup(2, {"books": books}, 6)
    for seat, book in enumerate(books):
        GAME.apply(state, ChooseSideBoard(seat, canonical([c for c in book if c not in ("shock", "ignite")][:2])))
    for _ in range(STALL_ROUNDS):
        for seat in GAME.to_act(state):
            GAME.apply(state, Pass(seat))
    for seat in ready:
        GAME.apply(state, Pass(seat))
    return state


def wait_until(driver, done, frames=600):
    for _ in range(frames):
        if done():
            return
        driver.frames(1)
    raise AssertionError("the table never got there")


def test_the_banner_offers_concede_which_asks_first_and_ends_the_duel():
    app, driver, table = open_table(["human", "medium"], start=stalled([HARMLESS, HURTS]))
    match = table.session.match
    wait_until(driver, lambda: 1 not in match.to_act())  # the bot, who can still hurt, plays a card
    assert table.concede_button.visible and table.draw_button.visible
    driver.tap(table.concede_button.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Concede this duel?"
    driver.tap(dialog.buttons[1].rect.center)  # Play on: nothing happens
    assert Concede(0) not in match.log and app.scenes.top is table
    act(driver, table, Concede(0))
    won = [e for batch in match.history for e in batch if isinstance(e, ev.DuelWon)]
    assert won and won[0].how == "concede" and match.state.tokens == [0, 1]
    driver.frames(10)
    assert not table.concede_button.visible  # a fresh duel: side boards first
    pygame.quit()


def test_no_stall_buttons_while_the_duel_makes_progress():
    state = GAME.setup(2, {"books": [HARMLESS, HURTS]}, 6)
    app, driver, table = open_table(["human", "medium"], start=state)
    pass_screen(driver)
    driver.frames(5)
    assert not table.concede_button.visible and not table.draw_button.visible
    pygame.quit()


def test_a_draw_offered_to_a_bot_that_cannot_win_ends_the_match_drawn():
    app, driver, table = open_table(["human", "medium"], start=stalled([HARMLESS, HEALER], ready=(1,)))
    act(driver, table, OfferDraw(0))
    match = table.session.match
    wait_until(driver, lambda: isinstance(app.scenes.top, ResultsScene), frames=1200)
    assert match.result().winners == (0, 1) and match.log[-1] == AnswerDraw(1, True)
    assert app.scenes.top.data.headline == "The match is drawn by agreement, 0 to 0"
    pygame.quit()


def test_a_bot_offers_a_draw_the_person_refuses_and_the_bot_concedes():
    app, driver, table = open_table(["human", "medium"], start=stalled([HURTS, HEALER]))
    match = table.session.match
    wait_until(driver, lambda: table.panel is not None and table.view.prompt.kind == "draw" and not table.busy())
    panel = table.panel
    accept, refuse = (next(b for b in panel.direct if b.label == label) for label in ANSWERS)
    assert panel.title == "Merlin offers a draw" and "cannot accept" in panel.explain
    assert not accept.enabled and refuse.enabled
    driver.tap(accept.rect.center)  # refused by the rules: this person can still win
    assert AnswerDraw(0, True) not in match.log
    act(driver, table, AnswerDraw(0, False))
    wait_until(driver, lambda: Concede(1) in match.log)
    assert match.state.tokens == [1, 0] and match.state.stage == "sideboard"
    pygame.quit()


def offered_to_the_other_person(fingers: bool = False):
    """Two people in a stalled duel: Morgana offers a draw, the screen passes, the other's panel asks."""
    app, driver, table = open_table(["human", "human"], start=stalled([HARMLESS, HEALER]), fingers=fingers)
    pass_screen(driver)
    act(driver, table, OfferDraw(0))
    wait_until(driver, lambda: isinstance(app.scenes.top, PrivacyOverlay))
    pass_screen(driver)
    wait_until(driver, lambda: table.panel is not None and table.view.seat == 1)
    return app, driver, table


def test_pass_and_play_the_offer_passes_the_screen_and_the_other_person_accepts():
    app, driver, table = offered_to_the_other_person()
    accept = next(b for b in table.panel.direct if b.label == ANSWERS[0])
    assert table.panel.title == "Morgana offers a draw" and accept.enabled
    act(driver, table, AnswerDraw(1, True))
    wait_until(driver, lambda: isinstance(app.scenes.top, ResultsScene), frames=1200)
    assert table.session.match.state.ending == "draw"
    pygame.quit()


def test_the_editor_warns_about_a_book_without_damage_and_still_saves_it():
    app = new_app()
    driver = Driver(app)
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    driver.tap(editor.buttons["new"].rect.center)
    for card in HARMLESS:
        driver.tap(editor.cell_rects[card].center)
    assert editor.problems() == [] and editor.warning() == "No spell deals Damage or Fatigue: duels may stall."
    driver.tap(editor.buttons["save"].rect.center)
    assert "No spell deals Damage or Fatigue" in editor.message
    assert [book.legal for book in store.list_books()] == [True]
    for card in ("dispel", "invisibility", "paralyze", "explosion"):
        driver.tap(editor.cell_rects[card].center)
    assert editor.problems() == [] and editor.warning() is None  # Explosion deals Damage
    pygame.quit()


def test_a_choice_pressed_slowly_is_given_at_once_and_no_later_tap_gives_it_again():
    """A slow press on a panel's button left its command stored, and the next tap anywhere on the panel (Peek at
    the table) gave it (the diff's review: a match ended drawn). The slow press gives it as it is let go."""
    app, driver, table = offered_to_the_other_person(fingers=True)
    refuse = next(button for button in table.panel.direct if button.label == ANSWERS[1])
    match = table.session.match
    driver.down(refuse.rect.center)
    driver.frames(45)  # held 0.75 s
    driver.up(refuse.rect.center)
    driver.frames(5)
    assert match.log[-1] == AnswerDraw(1, False) and match.log.count(AnswerDraw(1, False)) == 1
