"""Every game's table, with two people sharing the screen: the side log and the drawing never show the last
person's secrets to the next one."""

import random

import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.ui_driver import Driver, at_table


def lines_for(session, seat):
    names = session.names()
    match = session.match
    lines = {session.game.describe(e, names) for e in match.game.opening(match.initial_state()) if e.visible_to(seat)}
    for batch in match.history:
        lines |= {session.game.describe(e, names) for e in batch if e.visible_to(seat)}
    return lines - {""}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_side_log_only_tells_the_person_on_screen_what_they_may_know(game_id):
    game = GAMES[game_id]
    players = game.player_counts[0]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(f"Player {n + 1}", "human" if n < 2 else "medium") for n in range(players)]
    app.go.table(Match(game, seats, game.default_options(players), 21))
    driver = Driver(app)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    rng = random.Random(4)
    handovers = 0
    for _ in range(60):
        driver.frames(3)
        top = app.scenes.top
        if isinstance(top, PrivacyOverlay):
            handovers += 1
            driver.frames(25)
            top.ready()
            driver.frames(2)
            continue
        session = table.session
        seat = session.acting_human()
        if seat is None or session.match.result() is not None:
            continue
        legal = game.legal(session.match.state, seat)
        if top is table and legal and session.viewer == seat:
            session.submit(rng.choice(legal))
            allowed = lines_for(session, table.view.seat)
            assert set(table.recent) <= allowed, set(table.recent) - allowed
    if game_id != "stupefix":  # Stupéfix shows one public table; its private choices have their own screen
        assert handovers >= 2
        assert set(table.recent) <= lines_for(table.session, table.view.seat)


def person_against_bots(game_id: str, seed: int, size: tuple[int, int] = (1280, 800)) -> tuple[App, Driver, GameTable]:
    """``game_id`` at its fewest seats, Ada against Medium bots, open at its table."""
    game = GAMES[game_id]
    players = game.player_counts[0]
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "medium") for n in range(1, players)]
    driver, table = at_table(app, Match(game, seats, game.default_options(players), seed), frames=3)
    return app, driver, table


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1920, 1080)])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_long_message_wraps_clear_of_the_tables_buttons(game_id, size):
    """House Cup Challenge's message stands over the board but wrapped to the whole window: a long one (a move played
    for the person, named as the log tells it) ran over Log and Undo; That's Wizard!'s stood over its choice panel's
    buttons (the side board's Confirm)."""
    _app, driver, table = person_against_bots(game_id, 21, size)
    table.say("Your only possible move was played for you: " + "Ada passes the Test of Devil's Snare " * 3)
    driver.frames(1)
    box = table.message_box()
    panel = table.panel if table.panel is not None and not table.panel.hidden else None
    widgets = [*table.controls(), *(panel.buttons() if panel is not None else [])]  # (That's Wizard!'s side board's)
    buttons = [widget.rect for widget in widgets if widget.visible]
    assert buttons and not [rect for rect in buttons if rect.colliderect(box)]


@pytest.mark.parametrize("game_id", ["house-cup", "house-cup-challenge", "stupefix"])
def test_a_message_never_hides_an_open_choice_panels_buttons(game_id):
    """House Cup's and House Cup Challenge's messages stood where they always stand, over a choice panel's buttons when
    one was open there ("...played for you: Ada discards Trouble." hid Confirm). Played on by seeded random moves,
    every panel met is checked with a message up."""
    game = GAMES[game_id]
    app, driver, table = person_against_bots(game_id, 5)
    rng = random.Random(5)
    panels = 0
    for _ in range(400):
        driver.frames(2)
        session = table.session
        if session.match.result() is not None or panels >= 6:
            break
        panel = table.panel
        if panel is not None and not panel.hidden:
            table.say("Your only possible move was played for you: Ada discards Trouble (Monday).")
            driver.frames(1)
            box = table.message_box()
            assert not [b.rect for b in panel.buttons() if b.visible and b.rect.colliderect(box)]
            assert not panel.rect.colliderect(box) or game_id == "stupefix"  # (Stupéfix's: under the panel's heading)
            assert app.screen.get_rect().contains(box)
            panels += 1
        if 0 in session.match.to_act() and app.scenes.top is table and not table.busy():
            session.submit(rng.choice(game.legal(session.match.state, 0)))
            table.refresh()
    assert panels
