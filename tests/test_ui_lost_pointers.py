"""A pointer the app stops following in the middle of a drag (the window lost the focus: the tracker forgets every
pointer, and the release that follows is never told) lets go of what it held. Before, the House Cup table kept the
token lifted and ignored every other finger (a touchscreen had nothing left to tap, not even Menu), and the
Stupéfix table kept the wand held so no other finger could take it up. Found by monkey testing."""

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.games.stupefix.events import PointWand
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tests.stupefix_ui_helpers import table_for, until
from tests.ui_driver import Driver


def lose_the_focus_mid_drag(driver: Driver, start: tuple[int, int], end: tuple[int, int], finger: int) -> None:
    """``finger`` picks up what lies at ``start`` and moves toward ``end``; the window loses the focus; it lets go."""
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    driver.down(start, finger=finger)
    driver.frames(2)
    driver.move(middle, finger=finger)
    driver.frames(2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(2)
    driver.up(middle, finger=finger)
    driver.frames(2)


def test_a_house_cup_token_dragged_when_the_window_loses_the_focus_goes_home_and_other_fingers_play():
    game = GAMES["house-cup"]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    app.go.table(Match(game, [SeatInfo("Ada", "human"), SeatInfo("Bram", "human")], game.default_options(2), 5))
    driver = Driver(app, fingers=True)
    for _ in range(100):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
    driver.frames(50)
    driver.tap((640, 400))
    table = app.scenes.top
    assert isinstance(table, HouseCupTable) and table.can_place()
    command = next(c for c in table.view.legal if isinstance(c, PlaceToken))
    ((_, start, end),) = table.gesture_for(command)
    lose_the_focus_mid_drag(driver, start, end, finger=1)
    assert table.drag is None and not table.holding()
    assert table.token_rect(command.value) is not None  # back in the tray, where a finger can take it again
    driver.finger_id = 2  # another finger (SDL numbers each touch anew)
    before = len(table.session.match.log)
    driver.perform(table.gesture_for(command))
    assert table.session.match.log[before:] == [command]
    pygame.quit()


def test_a_stupefix_wand_held_when_the_window_loses_the_focus_can_be_taken_up_again():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    driver.tap(table.ready_button.rect.center)
    assert table.can_point(0)
    target = next(seat for seat in range(4) if table.view.adversary(0, seat))
    lose_the_focus_mid_drag(driver, table.wand_grip(0), table.layout.seats[target].rect.center, finger=1)
    assert table.held() == {} and not table.holding()
    driver.fingers, driver.finger_id = True, 2  # another finger takes the wand up and points it
    driver.drag(table.wand_grip(0), table.layout.seats[target].rect.center)
    assert PointWand(0, target) in table.session.match.log
    pygame.quit()
