"""The replay viewer by keys only (issue 18, item 2): Tab reaches every control of the replay's bar, the timeline
too, with the same focus ring as the tables; on the timeline Left and Right step one move, Home and End go to the
start and the end, Enter plays and pauses; on a picker Left and Right turn it instead of stepping. Every event is a
posted key press: no pointer event at all."""

from __future__ import annotations

import pygame

from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.keyboard import RING
from tabletop.ui.settings import BOT_DELAYS, Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.replay_bar import ReplayBar
from tabletop.ui.theme import px
from tests.keyboard_driver import Keys, PostedEvents
from tests.ui_driver import Driver


def watching(save: str, speed: str = "Instant") -> tuple[App, Driver, GameTable, ReplayBar]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed=speed))
    assert app.go.watch_save(asset_dir("saves") / save) is None
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    return app, driver, table, table.replay_bar


def ring_shown_round(app: App, rect: pygame.Rect) -> bool:
    """Whether the focus ring's bright line is drawn just outside ``rect``'s left edge."""
    return app.screen.get_at((rect.left - px(5) + 1, rect.centery))[:3] == RING


def test_tab_reaches_the_timeline_and_its_arrows_step_one_move_home_and_end_go_to_the_ends(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table, bar = watching("thats-wizard-duel.json")
    keys, session = Keys(driver), table.session
    assert bar.replay.length == 22
    stops = [target.item for target in table.focus_targets()]
    for control in (bar.close_button, *bar.transport.values(), bar.seat_choice, bar.speed_choice, bar.timeline):
        assert control in stops, f"{control} is not a stop of the focus"
    keys.focus(table, lambda t: t.item is bar.timeline, "the timeline")
    assert ring_shown_round(app, bar.timeline.rect), "the ring is drawn round the timeline"
    assert session.step == 0
    keys.press(pygame.K_RIGHT)
    keys.press(pygame.K_RIGHT)
    assert session.step == 2, "Right steps one move at a time (not a tenth of the game)"
    assert bar.timeline.value == 2 / bar.replay.length, "the knob follows"
    keys.press(pygame.K_LEFT)
    assert session.step == 1
    keys.press(pygame.K_END)
    assert session.step == bar.replay.length
    keys.press(pygame.K_HOME)
    assert session.step == 0
    focused = table.focused()
    assert focused is not None and focused.item is bar.timeline, "the focus stays on the timeline"
    keys.press(pygame.K_RETURN)
    assert bar.playing, "Enter on the timeline plays (it does not jump to the middle)"
    assert session.step <= 1
    keys.press(pygame.K_RETURN)
    assert not bar.playing
    assert posted.pointer_events() == []


def test_left_and_right_turn_a_focused_picker_instead_of_stepping(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table, bar = watching("thats-wizard-duel.json", speed="Relaxed")
    keys, session = Keys(driver), table.session
    keys.press(pygame.K_RIGHT)  # no ring yet: the replay's own key
    assert session.step == 1
    keys.focus(table, lambda t: t.item is bar.speed_choice, "the speed")
    assert ring_shown_round(app, bar.speed_choice.rect)
    assert bar.delay == BOT_DELAYS["Relaxed"]
    keys.press(pygame.K_RIGHT)
    assert session.step == 1, "Right turned the picker: no move was stepped"
    assert bar.delay == BOT_DELAYS["Normal"]
    keys.press(pygame.K_LEFT)
    assert bar.delay == BOT_DELAYS["Relaxed"]
    keys.focus(table, lambda t: t.item is bar.transport["forward"], "Step forward")
    keys.press(pygame.K_RIGHT)  # on a button the arrows step the replay, as they always have
    assert session.step == 2
    keys.press(pygame.K_RETURN)
    assert session.step == 3
    assert posted.pointer_events() == []


def test_the_seat_shown_and_every_card_open_are_chosen_by_the_arrows(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table, bar = watching("house-cup-scoring-example.json")
    keys, session = Keys(driver), table.session
    keys.press(pygame.K_RIGHT)
    assert session.step == 1
    keys.focus(table, lambda t: t.item is bar.seat_choice, "the seat shown")
    assert ring_shown_round(app, bar.seat_choice.rect)
    keys.press(pygame.K_RIGHT)
    assert session.viewer == 1 and session.step == 1, "the next seat's view, at the same move"
    keys.press(pygame.K_RIGHT)  # the game is over: past the last seat, every card open
    assert bar.all_open and bar.side > 0 and session.step == 1
    keys.press(pygame.K_LEFT)
    assert not bar.all_open and session.viewer == 1 and session.step == 1
    assert posted.pointer_events() == []


def test_the_bar_is_hidden_and_shown_again_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table, bar = watching("thats-wizard-duel.json")
    keys = Keys(driver)
    keys.press(pygame.K_h)
    assert bar.hidden
    assert [t.item for t in table.focus_targets() if t.item in bar.widgets()] == [bar.hide_button]
    keys.enter_on(table, lambda t: t.item is bar.hide_button, "Show the replay's controls")
    assert not bar.hidden
    keys.focus(table, lambda t: t.item is bar.close_button, "Close")
    keys.press(pygame.K_RETURN)
    assert app.scenes.top is not table, "Close by Enter leaves the replay"
    assert posted.pointer_events() == []


def test_ctrl_z_in_a_replay_steps_back_one_move(monkeypatch):
    """Ctrl+Z did nothing in a replay; there it steps back one move, as Left does (and never plays from there)."""
    posted = PostedEvents(monkeypatch)
    app, driver, table, bar = watching("thats-wizard-duel.json")
    keys, session = Keys(driver), table.session
    keys.press(pygame.K_RIGHT)
    keys.press(pygame.K_RIGHT)
    assert session.step == 2

    def ctrl_z() -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode=""))
        driver.frames(1)

    ctrl_z()
    assert session.step == 1 and app.scenes.top is table and table.replay_bar is bar
    ctrl_z()
    ctrl_z()  # (at the start: nothing more to step back)
    assert session.step == 0 and table.replay_bar is bar
    assert posted.pointer_events() == []
