"""Input the wrong way (a review posting real mouse, finger and window events to every table)."""

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tests.house_cup_challenge_positions import position
from tests.keyboard_driver import Keys
from tests.ui_driver import Driver

CHALLENGE = GAMES["house-cup-challenge"]


def challenge_choosing(fingers=False):
    """A House Cup Challenge table where one drop could mean two moves: the panel asks which, with Cancel."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    controllers = ("human", "greedy", "greedy", "greedy")
    seats = [SeatInfo(name, c) for name, c in zip(("Ada", "Ben", "Cleo", "Dev"), controllers, strict=True)]
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    app.go.table(Match(CHALLENGE, seats, CHALLENGE.default_options(4), 1, start=to_json(state)))
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    driver.drag(table.hits.rect_of("token", 0).center, table.layout.cells["B6"].center)
    assert table.choosing is not None and table.panel is not None
    return app, driver, table


def test_cancel_in_the_panel_of_several_moves_puts_the_character_back_and_the_table_goes_on():
    """Cancel's action closes the very panel being tapped: the routing then read the closed panel's state, and the
    app crashed (AttributeError: 'NoneType' object has no attribute 'pressed'), by a tap or by Enter on it."""
    for fingers in (False, True):
        app, driver, table = challenge_choosing(fingers)
        cancel = next(button for button in table.panel.buttons() if button.label == "Cancel")
        driver.tap(cancel.rect.center)
        assert table.choosing is None and table.panel is None
        assert table.session.match.log == []
        driver.drag(table.hits.rect_of("token", 0).center, table.layout.cells["B6"].center)  # and again
        driver.perform(table.gesture_for(ev.Move(0, ("B5", "B6"))))
        assert table.session.match.log[0] == ev.Move(0, ("B5", "B6"))
        pygame.quit()


def test_cancel_pressed_by_the_keyboard_closes_the_panel_of_several_moves_too():
    app, driver, table = challenge_choosing()
    cancel = next(button for button in table.panel.buttons() if button.label == "Cancel")
    Keys(driver).enter_on(table, lambda target: target.item is cancel, "Cancel")
    assert table.choosing is None and table.panel is None and table.session.match.log == []
    pygame.quit()


def lose_the_focus(driver: Driver) -> None:
    """The window loses the focus (another window, a notification) and gets it back; the mouse's release went
    elsewhere meanwhile, and it comes back over the screen with no button held."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    driver.frames(2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    driver.frames(2)


def hover(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(2)


def test_a_volume_slider_let_go_by_the_windows_loss_of_the_focus_does_not_follow_the_mouse_passing_by():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    app.go.settings()
    driver.frames(3)
    slider = app.scenes.top.volume
    start = (slider.rect.left + slider.rect.width // 4, slider.rect.centery)
    driver.down(start)
    driver.frames(2)
    driver.move((start[0] + 30, start[1]))
    driver.frames(2)
    held = (slider.value, app.settings.volume)
    lose_the_focus(driver)
    hover(driver, (slider.rect.right - 4, 600))  # the mouse crosses the screen, far under the slider
    hover(driver, (slider.rect.left + 4, 600))
    assert (slider.value, app.settings.volume) == held and not slider.dragging
    driver.drag(start, (slider.rect.right, start[1]))  # and it is moved again as ever
    assert slider.value == 1.0
    pygame.quit()


def test_a_second_fingers_moves_do_not_move_a_slider_held_by_the_first():
    app = App((1280, 800), settings=Settings(volume=0.5, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    app.go.settings()
    driver.frames(3)
    slider = app.scenes.top.volume
    driver.down(slider.rect.center, finger=1)
    driver.frames(2)
    driver.down((100, 700), finger=2)
    driver.frames(1)
    driver.move((slider.rect.left + 2, 720), finger=2)
    driver.frames(2)
    assert abs(slider.value - 0.5) < 0.02
    pygame.quit()


def test_a_button_pressed_when_the_window_loses_the_focus_is_not_left_drawn_pressed():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    button = app.scenes.top.buttons[1]
    driver.down(button.rect.center)
    driver.frames(2)
    assert button.lit()
    lose_the_focus(driver)
    hover(driver, (5, 5))
    assert not button.lit()
    pygame.quit()


def _click(pos, frames_down=5):
    """A mouse press and release posted as they come (``Driver.down`` waits out a double tap first)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)


def test_a_quick_double_tap_on_a_days_card_takes_one_card_and_a_later_tap_the_next():
    """The second press of a double tap took the card that slid under the pointer: two cards for one (the review
    of input the wrong way; 5-7 extra takes in a fuzzed game). It is let go; a tap a moment later takes."""
    from tabletop.games.house_cup.events import TakeCard
    from tests.house_cup_positions import position, taking

    game = GAMES["house-cup"]
    houses = ["Gryffindor", "Slytherin"]
    state = position(houses=houses, days={0: ["potions-1", "charms-1", "potions-2"]})
    taking(state, 0, [(0, 3)])  # Gryffindor's 3 takes Monday's three cards
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(house, controller) for house, controller in zip(houses, ["human", "greedy"], strict=True)]
    app.go.table(Match(game, seats, {"houses": houses, "first": 0}, 11, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    match = table.session.match
    take = next(command for command in table.view.legal if isinstance(command, TakeCard))
    (_kind, at), *_rest = table.gesture_for(take)
    for _ in range(2):  # a double click: pressed 80 ms, 130 ms apart
        up = _click(at)
        driver.frames(5)
        pygame.event.post(up)
        driver.frames(8)
    assert match.log == [take], "one card for a double tap"
    after = next(command for command in table.view.legal if isinstance(command, TakeCard))
    assert table.gesture_for(after)[0][1] == at, "the next card lies under the pointer"
    driver.perform(table.gesture_for(after))  # (the driver waits a moment, as a person does)
    assert match.log == [take, after], "a tap a moment later takes"
    pygame.quit()


def test_a_quick_second_click_on_a_replays_forward_steps_again():
    """A replay's steps grow the log as moves do: the double tap's guard let go a quick second click on Forward
    (or Next round, or a scrub begun where the timeline was tapped), while Back took every click."""
    from tests.test_ui_replay import watched_past_cover

    driver, table = watched_past_cover("house-cup-4p-midround.json", animation="Off")
    at = table.replay_bar.transport["forward"].rect.center
    for _ in range(2):  # a double click: pressed 50 ms, 130 ms apart
        up = _click(at)
        driver.frames(3)
        pygame.event.post(up)
        driver.frames(5)
    assert table.session.step == 2
    table.session.close()
    pygame.quit()


def test_a_double_click_on_log_leaves_the_log_open_and_a_later_tap_beside_it_closes_it():
    """The second click of a double click landed beside the log it had just opened (the Log button lies outside its
    box), and a tap beside a box to read closes it: the log flashed open and shut."""
    from pathlib import Path

    from tabletop.ui.scenes.overlays import LogOverlay
    from tests.ui_driver import open_past_cover

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, Path(__file__).parent.parent / "saves" / "house-cup-4p-midround.json")
    table = app.scenes.stack[0]
    log_button = table.bar[0].rect.center
    for _ in range(2):  # pressed 80 ms, 130 ms apart
        driver.down(log_button)
        driver.frames(5)
        driver.up(log_button)
        driver.frames(8)
    log = app.scenes.top
    assert isinstance(log, LogOverlay) and not log.rect.collidepoint(log_button)
    driver.frames(30)
    driver.tap(log_button)  # a tap beside it, once it has been seen: it closes
    assert app.scenes.top is table
    pygame.quit()


def picking_tables():
    """A table of each game that picks a thing before it is played, at the person's turn: That's Wizard!'s card of
    the hand, House Cup's token, House Cup Challenge's character, a Stupéfix wand at the count: each with where a tap
    picks it, and whether it is picked."""
    from tests.house_cup_challenge_positions import position as challenge_at
    from tests.thats_wizard_ui_helpers import open_table

    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant")
    app, driver, table = open_table(["human", "medium"])
    for _ in range(300):  # (past the side board's choice, to the first card of the duel)
        if table.panel is not None:
            driver.perform(table.gesture_for(table.view.legal[0]))
        elif table.can_choose() and not table.busy():
            break
        driver.frames(1)
    rect = table.hits.rect_of("hand", table.view.hand[0])
    yield "a card of That's Wizard!'s hand", driver, (rect.centerx, rect.top + 16), lambda: table.selected
    pygame.quit()

    app = App((1280, 800), settings=settings)
    house_cup = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app.go.table(Match(house_cup, seats, house_cup.default_options(2), 3))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert table.can_place()
    yield "a House Cup token", driver, table.token_rect(1).center, lambda: table.selected_token
    pygame.quit()

    app = App((1280, 800), settings=settings)
    names = ("Ada", "Ben", "Cleo", "Dev")
    seats = [SeatInfo(name, c) for name, c in zip(names, ("human", "greedy", "greedy", "greedy"), strict=True)]
    state = challenge_at(cells=["A5", "H7", "H7", "H7"])
    app.go.table(Match(CHALLENGE, seats, CHALLENGE.default_options(4), 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert table.can_act()
    character = table.hits.rect_of("token", 0).center
    yield "a House Cup Challenge character", driver, character, lambda: table.character_picked
    pygame.quit()

    from tests.stupefix_ui_helpers import table_for, until

    # (two people: each points in turn, and a tap on a wizard no longer points the one wand there is)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", countdown="12 s")
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=21, settings=settings)
    until(driver, table, lambda: table.session.phase == "target" and table.cue() is not None)
    driver.tap(table.ready_button.rect.center)
    seat = next(seat for seat in (0, 1) if table.can_point(seat))
    yield "a Stupéfix wand", driver, table.wand_grip(seat), lambda: table.selected_wand is not None
    pygame.quit()


def test_a_double_click_on_a_thing_to_play_leaves_it_picked_and_a_later_tap_puts_it_back():
    """A double click on a card of the hand, a token, one's character or wand (a desktop's way to choose a thing) picked
    it at the first click and put it back at the second: nothing was picked, and nothing said why (the review of
    tempo). The second press is the double click's, let go as after a move; a tap a moment later puts it back."""
    for what, driver, at, picked in picking_tables():
        assert not picked(), what
        for _ in range(2):  # a double click: pressed 80 ms, 130 ms apart
            up = _click(at)
            driver.frames(5)
            pygame.event.post(up)
            driver.frames(8)
        assert picked(), f"{what}: picked by a double click"
        driver.tap(at)  # (the driver waits a moment, as a person does)
        assert not picked(), f"{what}: put back by a later tap"
