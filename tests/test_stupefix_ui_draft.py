"""The Stupéfix draft and the end of its round through real pygame events (a new player's review, 5 seats): each
reward stays where it lies while the others are taken, and the end of the round stays up long enough to read."""

from __future__ import annotations

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.events import TakeReward
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.settings import Settings
from tabletop.ui.tables.stupefix.layout import RewardPlaces
from tabletop.ui.tables.stupefix.pacing import ROUND_END, ROUND_END_LEAST
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.stupefix_helpers import new, play_round, set_row
from tests.stupefix_ui_helpers import NAMES
from tests.ui_driver import STEP, Driver, bare_spot

Placed = list[tuple[str, pygame.Rect]]


def draft_table(
    row: list[str],
    controllers: list[str],
    animation: str = "Off",
    reduce_motion: bool = False,
    round_number: int = 1,
    size: tuple[int, int] = (1280, 800),
):
    """Four seats in a round's draft (round 1's by default; every flag stands, Ada first), ``row`` on offer; the
    table opened."""
    state = new(4, chouchou=0)
    state.round = round_number
    play_round(state, spells={2: "stupefix"})
    set_row(state, row)
    settings = Settings(volume=0.0, animation=animation, bot_speed="Instant", reduce_motion=reduce_motion)
    app = App(size, settings=settings)
    seats = [SeatInfo(NAMES[seat], controller) for seat, controller in enumerate(controllers)]
    options = GAME.default_options(4)
    options["chouchou"] = 0
    app.go.table(Match(GAME, seats, options, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable) and table.view.drafter() == 0
    return app, driver, table


def rewards(table: StupefixTable) -> Placed:
    """Each reward card as drawn: its kind and where it lies."""
    return [(str(placed.item), placed.rect.copy()) for placed in table.hits.of_kind("reward")]


def test_a_reward_taken_leaves_its_gap_and_the_others_stay_where_they_lie():
    """The rest shifted left when a card was taken, so a quick second tap landed on another card. Now each lies where
    it was laid out for the whole draft; a tap on the gap takes nothing, and a card taken back goes back into it."""
    row = ["points10", "points10", "points20", "cours", "potion", "faveur"]
    app, driver, table = draft_table(row, ["human"] * 4)
    match, laid = table.session.match, rewards(table)
    assert [kind for kind, _ in laid] == row
    # Ada takes the first of the two 10s: the second stays in its own place, and so does every other card.
    first = laid[0][1].center
    driver.tap(first)
    assert match.log == [TakeReward(0, "points10")]
    driver.frames(1)
    assert rewards(table) == laid[1:]
    # Bram's quick tap on the same spot meets the gap: nothing is taken (it took the second 10, shifted there).
    driver.tap(first)
    assert len(match.log) == 1 and table.view.drafter() == 1
    driver.tap(laid[4][1].center)  # the Successful Potion, in the middle of the row
    assert match.log[-1] == TakeReward(1, "potion")
    driver.frames(1)
    assert rewards(table) == [laid[1], laid[2], laid[3], laid[5]]
    # Undo (Bram's pick, Cleo's turn: it asks): the Potion goes back into its own gap.
    driver.tap(table.bar[1].rect.center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog)
    driver.tap(asked.buttons[0].rect.center)  # Take it back
    driver.frames(1)
    assert rewards(table) == laid[1:]
    # A new layout (the window resized) lays the row out afresh: the gaps close.
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640))
    driver.frames(2)
    assert [rect for _, rect in rewards(table)] == table.layout.row[:5]
    pygame.quit()


def test_a_new_rounds_rewards_are_laid_out_afresh():
    places = RewardPlaces()
    assert places.follow(["points10", "points20", "potion"], 1) == ["points10", "points20", "potion"]
    assert places.take("points10") == 0
    assert places.follow(["points20", "potion"], 1) == [None, "points20", "potion"]
    assert places.follow(["points20"], 1) == [None, "points20", None]  # (taken elsewhere: a replay's step)
    assert places.follow(["faveur", "points20"], 2) == ["faveur", "points20"]  # (a new round: no gap kept)


def last_pick(animation: str, reduce_motion: bool = False) -> tuple[App, Driver, StupefixTable]:
    """Two people and two bots; Ada takes the Potion, Bram the Favour he is left (forced): the round ends."""
    app, driver, table = draft_table(
        ["potion", "faveur"], ["human", "human", "greedy", "greedy"], animation, reduce_motion
    )
    driver.perform(table.gesture_for(TakeReward(0, "potion")))
    assert table.view.round == 2
    return app, driver, table


def frames_told(driver: Driver, table: StupefixTable, words: str, limit: int = 600) -> int:
    """Frames until the banner no longer says ``words`` (the table on top all along: no privacy screen over it)."""
    for count in range(limit):
        if words not in table.prompt()[0]:
            return count
        assert driver.app.scenes.top is table
        driver.frames(1)
    raise AssertionError(f"{words!r} still told after {limit} frames")


def test_the_end_of_a_round_stays_up_long_enough_to_read_before_the_privacy_screen():
    """At Fast it was up about a second (0.83 s, half that behind a queue of beats) before the next person's
    privacy screen covered the table. Now ROUND_END at the Settings' pace, never under ROUND_END_LEAST."""
    app, driver, table = last_pick("Fast")
    frames_told(driver, table, "takes")  # (Ada's and Bram's picks told first)
    shown = frames_told(driver, table, "End of round 1") * STEP
    assert shown >= max(ROUND_END_LEAST, ROUND_END / app.settings.animation_factor) - 2 * STEP
    pygame.quit()


def test_a_tap_passes_the_end_of_a_round_and_animations_off_does_not_hold_it():
    app, driver, table = last_pick("Normal", reduce_motion=True)  # (reduced motion keeps the captions' time)
    frames_told(driver, table, "takes")
    driver.frames(150)  # (past the 1.5 s it had)
    assert "End of round 1" in table.prompt()[0] and app.scenes.top is table
    spot = bare_spot(table)
    assert spot is not None
    driver.tap(spot)
    driver.frames(1)
    assert "End of round 1" not in table.prompt()[0] and table.beats
    pygame.quit()
    app, driver, table = last_pick("Off")
    driver.frames(4)
    assert not table.beats  # (Off: everything is told at once, as before)
    pygame.quit()
