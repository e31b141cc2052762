"""A slow press (held past the long press, 0.5 s, and let go on the button) acts as a tap would, everywhere a
button is: over a folded or docked choice panel too, with its click, and never for a press begun on a greyed
button (a review of the slow-press change, by mouse and by finger). Escape over a folded panel brings it back
as its own button does."""

import random

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver


def open_game(game_id, fingers=False, seed=7):
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES[game_id]
    n = 3 if 3 in game.player_counts else min(game.player_counts)
    seats = [SeatInfo("Ada", "human")] + [SeatInfo(f"B{i}", "random") for i in range(1, n)]
    app.go.table(Match(game, seats, game.default_options(n), seed))
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    return app, driver, app.scenes.stack[0]


def until_panel(app, driver, table, rng, limit=3000):
    for step in range(limit):
        driver.frames(1)
        top = app.scenes.top
        if isinstance(top, PrivacyOverlay):
            driver.frames(50)
            top.ready()
            continue
        if top is not table:
            app.scenes.pop(top)
            continue
        if table.panel is not None and not table.panel.docked and not table.busy():
            return True
        m = table.session.match
        if step % 10 == 0 and not table.busy() and 0 in m.to_act():
            legal = m.game.legal(m.state, 0)
            if legal:
                table.submit(rng.choice(list(legal)))
    return False


def peeking(game_id, fingers):
    """A table whose choice panel is folded away by Peek at the table."""
    app, driver, table = open_game(game_id, fingers)
    assert until_panel(app, driver, table, random.Random(2))
    panel = table.panel
    driver.tap(panel.hide.rect.center)  # Peek at the table
    driver.frames(3)
    assert panel.hidden
    return app, driver, table, panel


def held_and_let_go(driver, pos):
    """A slow press: held 0.67 s (past the long press), let go where it began."""
    driver.down(pos)
    driver.frames(40)
    driver.up(pos)
    driver.frames(3)


@pytest.mark.parametrize("game_id", ["house-cup", "house-cup-challenge"])
@pytest.mark.parametrize("fingers", [False, True])
def test_a_slow_press_on_back_to_the_choice_brings_the_choice_back_and_enlarges_no_card(game_id, fingers):
    app, driver, table, panel = peeking(game_id, fingers)
    back = panel.hide.rect
    spot = next(
        (
            p
            for p in (
                back.center,
                back.midleft,
                back.midright,
                (back.left + 8, back.top + 8),
                (back.right - 8, back.bottom - 8),
            )
            if table.card_under(p) is not None
        ),
        None,
    )
    assert spot is not None, "no card under Back to the choice this time"
    driver.down(spot)
    driver.frames(40)  # held 0.67 s
    zoomed = table.zoomed()
    driver.up(spot)
    driver.frames(3)
    # what should happen (as the commit does for the table's own buttons): no card, and the choice comes back
    assert zoomed is None and not panel.hidden


@pytest.mark.parametrize("fingers", [False, True])
def test_a_slow_press_makes_the_click_a_tap_makes(fingers):
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app, fingers=fingers)
    driver.frames(3)
    played = []
    app.play = lambda name, *a, **k: played.append(name)
    rect = app.scenes.top.buttons[1].rect  # New game
    driver.tap(rect.center)
    driver.frames(3)
    tapped = list(played)
    app.scenes.pop()  # back to the menu
    driver.frames(3)
    played.clear()
    rect = app.scenes.top.buttons[1].rect
    driver.down(rect.center)
    driver.frames(40)
    driver.up(rect.center)
    driver.frames(3)
    assert played == tapped


@pytest.mark.parametrize("fingers", [False, True])
def test_a_press_begun_on_a_greyed_draw_never_draws_when_it_lights_up(fingers):
    """Draw pressed (it is greyed: a bot's turn) and held; let go once the bot has moved and it is lit: it draws,
    for a position the person never looked at. A tap at that moment did nothing."""
    import tabletop.games.house_cup_challenge.events as ev

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    game = GAMES["house-cup-challenge"]
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "greedy")]
    app.go.table(Match(game, seats, game.default_options(2), 7))
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    table = app.scenes.stack[0]
    m = table.session.match
    rng = random.Random(3)
    for _ in range(3000):  # the person plays until the bot is to act, Draw greyed
        driver.frames(1)
        if app.scenes.top is not table:
            app.scenes.pop(app.scenes.top)
            continue
        if 0 not in m.to_act() and table.draw_button.visible and not table.draw_button.enabled:
            break
        if 0 in m.to_act() and not table.busy() and table.panel is None:
            legal = [c for c in m.game.legal(m.state, 0) if not isinstance(c, ev.DrawCards)]
            if legal:
                table.submit(rng.choice(legal))
        elif table.panel is not None and not table.busy():
            legal = m.game.legal(m.state, 0)
            if legal:
                table.submit(legal[0])
    assert 0 not in m.to_act() and not table.draw_button.enabled
    at = table.draw_button.rect.center
    moves = len(m.log)
    driver.down(at)
    frames = 0
    while not (table.draw_button.enabled and 0 in m.to_act()) and frames < 2000:
        driver.frames(1)
        frames += 1
    bot_moves = m.log[moves:]
    driver.frames(20)
    assert table.draw_button.rect.collidepoint(at)
    driver.up(at)
    driver.frames(5)
    assert not (
        m.log and isinstance(m.log[-1], ev.DrawCards) and m.log[-1].seat == 0 and len(m.log) > moves + len(bot_moves)
    ) and not (table.panel is not None), "the press begun on a greyed Draw drew (or opened its choice)"


@pytest.mark.parametrize("game_id", ["house-cup", "house-cup-challenge", "thats-wizard"])
@pytest.mark.parametrize("fingers", [False, True])
def test_while_peeking_a_slow_press_on_log_opens_it(game_id, fingers):
    app, driver, table, panel = peeking(game_id, fingers)
    held_and_let_go(driver, table.bar[0].rect.center)  # Log
    slow = type(app.scenes.top).__name__
    assert slow == "LogOverlay"


@pytest.mark.parametrize("fingers", [False, True])
def test_with_stupefixs_docked_panel_a_slow_press_on_log_opens_it(fingers):
    from tests.stupefix_ui_helpers import table_for

    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"])
    driver.fingers = fingers
    for _ in range(600):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(50)
            app.scenes.top.ready()
            continue
        if table.panel is not None and table.panel.docked and not table.busy():
            break
    assert table.panel is not None and table.panel.docked
    held_and_let_go(driver, table.bar[0].rect.center)  # Log
    slow = type(app.scenes.top).__name__
    assert slow == "LogOverlay"


@pytest.mark.parametrize("game_id", ["house-cup", "house-cup-challenge"])
def test_escape_while_peeking_brings_the_choice_back_with_peek_at_the_table_in_its_corner(game_id):
    """Escape (the keyboard's Back) while peeking brought House Cup's and House Cup Challenge's choice back with its
    button left at the foot of the table, still saying "Back to the choice" (a press there folded the choice away
    again), and nothing in the panel's corner where Peek at the table stands (Stupefix's was right already)."""
    app, driver, table, panel = peeking(game_id, fingers=False)
    driver.key(pygame.K_ESCAPE)
    assert table.panel is panel and not panel.hidden and app.scenes.top is table
    assert panel.hide.label == "Peek at the table" and panel.rect.contains(panel.hide.rect)
    driver.tap(panel.hide.rect.center)
    assert panel.hidden and panel.hide.label == "Back to the choice"
