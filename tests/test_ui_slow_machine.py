"""A slow machine: the app's loop runs several updates of 1/60 s for one drawing (``Driver.frames(count)`` draws only
the last of its frames). What a person sees or hears must not hang on how many frames were drawn."""

import random

import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.play import bot_worker
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tests.ui_driver import BOT_PATIENCE, STEP, Driver


def slow_frame(driver: Driver) -> None:
    """One frame of the app's loop on a machine four times too slow: four updates, then one drawing."""
    bot_worker.worker().wait(BOT_PATIENCE)
    driver.app.frame(4 * STEP)


@pytest.mark.parametrize("game_id", ["thats-wizard", "house-cup-challenge"])
@pytest.mark.parametrize("step", [lambda driver: driver.frames(4), slow_frame], ids=["frames", "loop"])
def test_the_turn_bell_after_a_bots_move_waits_for_the_move_to_be_drawn_and_still(monkeypatch, game_id, step):
    """A move's things glide from the drawing that first places them (the stage learns where they go as it paints),
    so the updates run before that drawing took the table for still: on a slow machine the turn's bell rang, and
    the next bot was asked, as the bot's move was made, before it was seen gliding (That's Wizard!'s pawns on the
    tracker, House Cup Challenge's tokens). Every bell for a turn a bot's move gave rings once the move has been
    drawn and has come to rest."""
    game = GAMES[game_id]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    app.go.table(Match(game, [SeatInfo("Ada", "human"), SeatInfo("Ben", "greedy")], game.default_options(2), 3))
    table = app.scenes.stack[0]
    drawn = {"since_move": 0, "applying": False}
    draw = App.draw

    def counted(self: App) -> None:
        drawn["since_move"] += 1
        draw(self)

    def applied(event) -> None:  # (a sound the move itself makes, the Wand passed say, is not the bell)
        drawn.update(since_move=0, applying=True)
        table_applied(event)
        drawn["applying"] = False

    monkeypatch.setattr(App, "draw", counted)
    table_applied = table.on_applied
    listeners = table.session.listeners
    listeners[listeners.index(table_applied)] = applied
    bells: list[tuple[int, bool]] = []  # (drawings since the move, the table busy)

    def heard(sound: str) -> None:
        if sound == "turn" and not drawn["applying"]:
            bells.append((drawn["since_move"], table.busy()))

    monkeypatch.setattr(app, "play", heard)
    driver, rng = Driver(app), random.Random(2)
    for _ in range(1500):
        step(driver)  # (several updates for one drawing)
        if len(table.session.match.log) >= 30 or table.session.match.result() is not None:
            break
        if table.person_to_act() and not table.busy() and app.scenes.top is table:
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
    assert len(bells) >= 3
    assert all(since > 0 and not busy for since, busy in bells), bells
