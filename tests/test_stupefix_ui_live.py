"""The live wand phase of the Stupéfix table through real pygame events: several fingers at once, one mouse in
turn, the countdown's "three", teammates refused, Protego by bringing the wand back, bots pointing by themselves."""

from __future__ import annotations

import pygame

from tabletop.games.stupefix.events import CastSpell, PointWand
from tabletop.ui.tables.stupefix.live import ANNOUNCE, BEAT, GRACE
from tests.stupefix_ui_helpers import table_for, until


def to_live(driver, table):
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)


def pointed(table):
    return {c.seat: c.target for c in table.session.match.log if isinstance(c, PointWand)}


def test_three_fingers_drag_three_wands_at_the_same_time():
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=21)
    to_live(driver, table)
    assert not table.live.together  # no touchscreen on the dummy driver: one mouse, in turn, until a finger
    grips = {seat: table.wand_grip(seat) for seat in (0, 1, 2)}
    targets = {0: 3, 1: 2, 2: 1}  # 4 houses of one: everyone is an adversary
    ends = {seat: table.layout.seats[target].rect.center for seat, target in targets.items()}
    log_before = len(table.session.match.log)
    for finger, seat in enumerate((0, 1, 2), start=1):
        driver.down(grips[seat], finger=finger)
    driver.frames(1)
    assert table.live.together
    assert sorted(drag.item for drag in table.wand_drags.values()) == [0, 1, 2]
    for step in range(1, 9):  # the three fingers move together, frame by frame
        for finger, seat in enumerate((0, 1, 2), start=1):
            (x0, y0), (x1, y1) = grips[seat], ends[seat]
            driver.move((x0 + (x1 - x0) * step // 8, y0 + (y1 - y0) * step // 8), finger=finger)
        driver.frames(1)
    assert len(table.session.match.log) == log_before or all(
        c.seat == 3 for c in table.session.match.log[log_before:]
    ), "nothing of the people is applied before the fingers lift"
    lit = [seat for seat in range(4) if table.target_at(0, table.wand_drags[1].pos) == seat]
    assert lit == [3]
    for finger, seat in enumerate((0, 1, 2), start=1):
        driver.up(ends[seat], finger=finger)
    driver.frames(2)
    got = pointed(table)
    assert {seat: got.get(seat) for seat in (0, 1, 2)} == targets
    assert table.live is None or not table.wand_drags
    # The bot points by itself, during the countdown, after a human-like delay.
    driver.frames(round((ANNOUNCE + 2 * BEAT + GRACE) * 60) + 30)
    assert 3 in pointed(table)
    assert table.session.phase == "cast"


def test_one_mouse_points_in_turn_from_the_chouchous_left_with_a_countdown_each():
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=4, chouchou=3)
    to_live(driver, table)
    live = table.live
    assert live.current == 0 and live.countdown.seats == (0,)
    assert table.can_point(0) and not table.can_point(1)
    first_started = live.countdown.started
    # Seat 1 cannot grab its wand yet.
    driver.drag(table.wand_grip(1), table.layout.seats[3].rect.center)
    assert 1 not in pointed(table)
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    assert pointed(table)[0] == 2
    driver.frames(2)
    assert table.live.current == 1 and table.live.countdown.started > first_started  # the count restarts
    assert table.live.countdown.call.startswith("Bram")
    # Tap-then-tap works for the one person pointing.
    driver.tap(table.wand_grip(1))
    assert table.selected_wand == 1
    driver.tap(table.layout.seats[0].rect.center)
    assert pointed(table)[1] == 0


def test_at_three_a_person_who_has_not_pointed_is_too_late():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    to_live(driver, table)
    assert table.live.together  # one person at the screen: one countdown for everyone
    driver.frames(round((ANNOUNCE + 2 * BEAT + GRACE) * 60) + 5)
    assert pointed(table)[0] is None
    assert "too late" in table.message


def test_a_wand_held_over_an_adversary_at_three_counts():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=9)
    to_live(driver, table)
    grip = table.wand_grip(0)
    target = table.layout.seats[1].rect.center
    driver.down(grip)
    driver.frames(2)
    driver.move(((grip[0] + target[0]) // 2, (grip[1] + target[1]) // 2))
    driver.frames(2)
    driver.move(target)
    driver.frames(round((ANNOUNCE + 2 * BEAT + GRACE) * 60) + 5)  # still held when "three" passes
    assert pointed(table)[0] == 1
    driver.up(target)
    driver.frames(2)


def test_never_at_a_teammate():
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)  # seat 0's teammate is seat 2
    to_live(driver, table)
    assert table.view.houses[0] == table.view.houses[2]
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    assert 0 not in pointed(table)
    assert "teammate" in table.message
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)
    assert pointed(table)[0] == 3


def test_protego_by_bringing_the_wand_back_onto_ones_own_seat():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=12)
    to_live(driver, table)
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "cast", limit=600)
    own = table.layout.seats[0].rect
    driver.drag(table.wand_grip(0), (own.centerx - own.width // 4, own.centery))
    assert CastSpell(0, True) in table.session.match.log


def test_bots_in_the_live_phase_wait_like_people_and_see_the_wands():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=30)
    to_live(driver, table)
    driver.frames(30)  # half a second: nobody has pointed yet, the call is still being made
    assert pointed(table) == {}
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    driver.frames(round((ANNOUNCE + 2 * BEAT) * 60))
    assert set(pointed(table)) == {0, 1, 2, 3}
    # The greedy bot under attack points back at its attacker.
    assert pointed(table)[1] == 0
    pygame.quit()


def test_the_count_waits_while_the_pause_menu_covers_the_table():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=14)
    to_live(driver, table)
    started = table.live.countdown.started
    driver.key(pygame.K_ESCAPE)  # the pause menu
    driver.frames(round((ANNOUNCE + 2 * BEAT + GRACE) * 60) + 30)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert 0 not in pointed(table)  # not too late: the count waited
    assert table.live.countdown.started > started
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    assert pointed(table)[0] == 1
