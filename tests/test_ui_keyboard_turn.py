"""A keyboard player's turn begins with the focus on the first thing to play (a review of tempo: taking a House
Cup card was some 13 Tabs from where the last turn left the ring, a House Cup Challenge move 32): House Cup's first
token or first lit card, House Cup Challenge's own character, That's Wizard!'s first playable card, a Stupéfix
reward to draft. Only while the keys are used, and never in the middle of a choice. Driven by posted key events."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.house_cup_challenge import events as hcc
from tabletop.games.stupefix.events import PointWand, TakeReward
from tabletop.games.thats_wizard.cards import CARDS
from tabletop.games.thats_wizard.events import Play
from tabletop.ui.app import App
from tabletop.ui.keyboard import Target, reading_order
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.house_cup_challenge_positions import position
from tests.keyboard_driver import Keys
from tests.stupefix_ui_helpers import table_for as stupefix_table
from tests.ui_driver import Driver, at_table

HOUSES = ["Gryffindor", "Slytherin"]


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def open_table(match: Match, bot_speed: str = "Relaxed") -> tuple[App, Driver, GameTable]:
    """A table whose bots take a moment (Relaxed): the person moves the ring away before a bot's move comes."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed=bot_speed))
    driver, table = at_table(app, match)
    return app, driver, table


def on_log(target: Target) -> bool:
    return target.kind == "widget" and getattr(target.item, "label", "") == "Log"


def still(table: GameTable) -> bool:
    return table.app.scenes.top is table and not table.busy()


def test_a_house_cup_turn_a_bot_gives_rests_the_ring_on_a_token_then_on_a_lit_card_two_presses_a_move():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    app, driver, table = open_table(Match(GAMES["house-cup"], seats, {"houses": HOUSES, "first": 0}, 7))
    assert isinstance(table, HouseCupTable)
    session, keys, rng = table.session, Keys(driver), random.Random(7)
    met: list[str] = []
    for _ in range(20_000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if not (still(table) and table.my_turn()):
            driver.frames(1)
            continue
        view, focused = table.view, table.focused()
        if table.panel is None and session.match.log:  # (a choice panel keeps its own first stop)
            assert focused is not None, "the ring shows as the turn begins"
            lit = view.held[0] if view.phase == "place" else view.days[view.day]  # a token to place, a lit card
            assert focused.kind in ("token", "card") and focused.item in (lit or ()), focused.key
            met.append(focused.kind)
        before, presses = len(session.match.log), keys.presses
        if table.panel is not None or not session.match.log:  # (the first move: Tab shows the ring)
            keys.perform(table, table.gesture_for(rng.choice(table.view.legal)))
        elif view.phase == "place":  # Enter picks the token up, the ring goes to a day it may go under, Enter
            assert focused is not None and focused.kind == "token"
            keys.press(pygame.K_RETURN)
            keys.press(pygame.K_RETURN)
            command = session.match.log[-1]
            assert isinstance(command, PlaceToken) and command.value == focused.item
            assert keys.presses - presses == 2
        else:
            keys.press(pygame.K_RETURN)  # Enter takes the lit card under the ring
            assert focused is not None and session.match.log[before:] == [TakeCard(0, str(focused.item))]
        driver.frames(2)
        if not table.my_turn() and session.match.result() is None:  # the ring left on Log while the bot thinks
            keys.focus(table, on_log, "Log")
            assert len(session.match.log) == before + 1  # (the bot has not moved yet)
    assert isinstance(app.scenes.top, ResultsScene)
    assert met.count("token") >= 6 and met.count("card") >= 6, met


def test_a_house_cup_challenge_action_after_a_bots_rests_the_ring_on_ones_character_enter_enter_moves():
    state = position(characters=("harry", "ron"), cells=["A5", "C4"], hands=[["Y1-01"], ["Y1-02"]], actor=1)
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "greedy")]
    game = GAMES["house-cup-challenge"]
    app, driver, table = open_table(Match(game, seats, game.default_options(2), 1, start=to_json(state)))
    assert isinstance(table, ChallengeTable) and not table.can_act()
    keys = Keys(driver)
    keys.focus(table, on_log, "Log")  # the ring left on Log while Ben acts
    for _ in range(2000):
        if still(table) and table.can_act():
            break
        driver.frames(1)
    assert table.can_act() and table.session.match.log  # (Ben moved)
    focused = table.focused()
    assert focused is not None and focused.key == ("token", 0), focused and focused.key  # one's character
    before = len(table.session.match.log)
    keys.press(pygame.K_RETURN)
    assert table.character_picked
    focused = table.focused()
    assert focused is not None and focused.kind == "space" and focused.item in table.lit_cells()
    keys.press(pygame.K_RETURN, frames=2)
    made = table.session.match.log[before:]
    assert (made and isinstance(made[0], hcc.Move)) or table.panel is not None  # (several moves there: the panel)


def test_a_thats_wizard_round_begins_with_the_ring_on_the_first_playable_card_and_not_moved_within_it():
    game = GAMES["thats-wizard"]
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "greedy")]
    app, driver, table = open_table(Match(game, seats, game.default_options(2), 4242))
    assert isinstance(table, ThatsWizardTable) and table.panel is not None  # the side board first
    session, keys, rng = table.session, Keys(driver), random.Random(4242)
    keys.perform(table, table.gesture_for(rng.choice(table.view.legal)))
    rounds = kept = firsts = 0
    parked = False
    for _ in range(20_000):
        if isinstance(app.scenes.top, ResultsScene) or rounds >= 8:
            break
        if not (still(table) and table.can_choose() and table.panel is None):
            if still(table) and table.panel is not None and session.acting_human() == 0:
                keys.perform(table, table.gesture_for(rng.choice(table.view.legal)))
            driver.frames(1)
            continue
        focused = table.focused()
        assert focused is not None and focused.kind == "hand", focused and focused.key
        assert playable(table, focused)  # a card that can be played (kept when the ring rested on one)
        if parked:  # (from Log, or from Reveal: the first card of the hand, left to right, that can be played)
            hand = reading_order([t for t in table.focus_targets() if playable(table, t)])
            assert focused.item == hand[0].item
            firsts += 1
        rounds += 1
        # Within the round the ring is the person's: moved to a score, it stays there when Merlin is ready.
        keys.focus(table, lambda t: t.kind == "score", "a score")
        shown = table.focused()
        ready = len(session.match.log)
        for _ in range(200):
            if len(session.match.log) > ready:
                break
            driver.frames(1)
        if len(session.match.log) > ready and table.can_choose():
            assert table.focused() == shown
            kept += 1
        keys.enter_on(table, lambda t, key=focused.key: t.key == key, "the card")  # the card, then Reveal
        keys.enter_on(table, lambda t: t.item is table.ready_button, "Reveal")
        assert isinstance(session.match.log[-1], Play) or not table.can_choose()
        driver.frames(2)
        parked = True  # (the ring on Reveal, or on Log while Merlin chooses)
        if not table.can_choose() and table.panel is None:
            keys.focus(table, on_log, "Log")
    assert rounds >= 4 and kept >= 1 and firsts >= 3, (rounds, kept, firsts)


def playable(table: ThatsWizardTable, target: Target) -> bool:
    """A card of the hand that can be played now at some Spell Power."""
    dials = CARDS[str(target.item)].dials if target.kind == "hand" else ()
    return any(table.problem(str(target.item), dial) is None for dial in dials)


def test_the_privacy_screen_passed_by_enter_rests_the_next_persons_ring_on_their_first_token_by_a_tap_on_none():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "human")]
    app, driver, table = open_table(Match(GAMES["house-cup"], seats, {"houses": HOUSES, "first": 0}, 7))
    for _ in range(200):
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
        driver.frames(1)
    keys = Keys(driver)
    driver.frames(60)  # (armed)
    keys.press(pygame.K_RETURN, frames=3)
    assert isinstance(table, HouseCupTable) and table.session.shown_to == 0
    focused = table.focused()
    assert focused is not None and focused.kind == "token"  # the first person's first token, by the Enter
    driver.frames(30)  # (the Enter that passed the screen presses nothing there for a moment: PressHold)
    keys.press(pygame.K_RETURN)
    keys.press(pygame.K_RETURN)
    assert isinstance(table.session.match.log[-1], PlaceToken)
    keys.focus(table, on_log, "Log")  # the ring left on Log while the move is still shown
    for _ in range(600):
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
        driver.frames(1)
    driver.frames(60)
    keys.press(pygame.K_RETURN, frames=3)
    assert table.session.shown_to == 1
    focused = table.focused()
    assert focused is not None and focused.kind == "token" and focused.item in table.view.held[1]
    driver.frames(30)
    keys.press(pygame.K_RETURN)
    keys.press(pygame.K_RETURN)
    for _ in range(600):
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
        driver.frames(1)
    driver.frames(60)
    driver.tap((640, 400))  # the screen taken by a tap: no ring, neither the last person's nor a new one
    assert table.session.shown_to == 0 and table.focused() is None


def test_a_mouse_player_s_turn_shows_no_ring_and_a_picked_token_keeps_it():
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    match = Match(GAMES["house-cup"], seats, {"houses": HOUSES, "first": 0}, 7)
    app, driver, table = open_table(match, bot_speed="Instant")
    assert isinstance(table, HouseCupTable)
    driver.perform(table.gesture_for(next(c for c in table.view.legal if isinstance(c, PlaceToken))))
    for _ in range(300):
        if still(table) and table.my_turn():
            break
        driver.frames(1)
    assert table.my_turn() and not table.focus.shown  # a mouse: no ring comes
    # By keys, a token picked up before the bot's move keeps the ring where the person put it (a day).
    keys = Keys(driver)
    keys.enter_on(table, lambda t: t.kind == "token", "a token")
    assert table.selected_token is not None and table.focused().kind == "day"
    table.turn_due = True  # (as a move would set it)
    driver.frames(2)
    assert table.focused().kind == "day"


def test_a_mouse_player_who_alt_tabs_away_meanwhile_gets_no_ring():
    """Alt (Alt+Tab to another window, the Ctrl of a shortcut) is no key played by: a mouse player's next turn came
    with the ring on a token, the focus moved for them."""
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    match = Match(GAMES["house-cup"], seats, {"houses": HOUSES, "first": 0}, 7)
    app, driver, table = open_table(match)
    assert isinstance(table, HouseCupTable)
    driver.perform(table.gesture_for(next(c for c in table.view.legal if isinstance(c, PlaceToken))))
    assert not table.my_turn()
    for key in (pygame.K_LALT, pygame.K_LCTRL, pygame.K_RSHIFT, pygame.K_LGUI):
        driver.key(key)
    for _ in range(600):
        if still(table) and table.my_turn():
            break
        driver.frames(1)
    driver.frames(2)
    assert table.my_turn() and not table.focus.shown
    driver.key(pygame.K_TAB)  # a key played by: the ring shows
    assert table.focus.shown


def test_a_stupefix_draft_begins_with_the_ring_on_a_reward():
    relaxed = Settings(volume=0.0, animation="Off", bot_speed="Relaxed")
    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"], seed=404, settings=relaxed)
    game, session = GAMES["stupefix"], table.session
    keys, rng = Keys(driver), random.Random(404)
    keys.press(pygame.K_TAB)  # the keyboard is used
    drafts = 0
    for _ in range(40_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or drafts >= 3:
            break
        if top is table and table.cue() is not None:
            keys.enter_on(table, lambda t: t.item is table.ready_button, "Ready")
            continue
        command = None
        if top is table and table.reveal is None and not table.busy():
            state, drafter = session.match.state, table.view.drafter()
            if table.panel is not None and not table.panel.hidden and table.choice is not None:
                command = rng.choice(table.choice.view.legal)
            elif table.view.phase == "draft" and not table.view.tasks and drafter == 0:
                focused = table.focused()
                assert focused is not None and focused.kind == "reward", (drafts, session.match.log[-6:], focused.key)
                drafts += 1
                before = len(session.match.log)
                keys.press(pygame.K_RETURN, frames=2)  # one press: the reward under the ring
                assert session.match.log[before] == TakeReward(0, str(focused.item))
                if table.view.drafter() != 0:  # (the ring left on Log while the others take theirs)
                    keys.focus(table, on_log, "Log")
                continue
            elif table.view.phase == "target" and table.can_point(0):
                command = rng.choice([c for c in game.legal(state, 0) if c.target is not None])
        if command is None:
            driver.frames(3)
            continue
        keys.perform(table, table.gesture_for(command))
        if isinstance(command, PointWand):
            keys.focus(table, on_log, "Log")
    assert drafts >= 3
