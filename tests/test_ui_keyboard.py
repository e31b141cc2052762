"""Keyboard-only play (issue 18, item 2): Tab and the arrows move a focus over every card, token, space, dial
and button, a ring shows it once a key is used, Enter or Space presses it as a tap would, Escape lets go; and
a whole game of each of the four games played by posted key events only, no pointer event at all."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.stupefix.events import PointWand
from tabletop.games.thats_wizard.events import Concede, Pass, Play
from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.keyboard import RING, Focus, Target, WidgetKeys, nearest, reading_order
from tabletop.ui.scenes.overlays import PauseOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup.table import HouseCupTable
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tabletop.ui.widgets import Button, Choice, Slider
from tests.keyboard_driver import Keys, PostedEvents
from tests.stupefix_ui_helpers import table_for as stupefix_table
from tests.thats_wizard_ui_helpers import open_table as wizard_table
from tests.ui_driver import Driver


def settings() -> Settings:
    return Settings(volume=0.0, animation="Off", bot_speed="Instant")


def house_cup(seed: int = 11) -> tuple[App, Driver, HouseCupTable]:
    app = App((1280, 800), settings=settings())
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    app.go.table(Match(GAMES["house-cup"], seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, seed))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, HouseCupTable)
    return app, driver, table


def box(x: int, y: int, w: int = 40, h: int = 40) -> pygame.Rect:
    return pygame.Rect(x, y, w, h)


# --- the focus, without a window ----------------------------------------------------------------------------------
def test_reading_order_is_lines_top_to_bottom_each_left_to_right():
    things = [
        Target("b", 2, box(200, 12)),  # a little lower than "a", on the same line
        Target("a", 1, box(10, 0)),
        Target("d", 4, box(0, 100)),
        Target("c", 3, box(400, 5)),
    ]
    assert [t.item for t in reading_order(things)] == [1, 2, 3, 4]


def test_an_arrow_goes_to_the_nearest_thing_that_way_ahead_before_aside():
    here = Target("x", 0, box(100, 100))
    right_far_level = Target("x", 1, box(260, 100))
    right_near_askew = Target("x", 2, box(180, 220))
    above = Target("x", 3, box(100, 0))
    things = [here, right_far_level, right_near_askew, above]
    assert nearest(things, here.rect, (1, 0)) is right_far_level  # (straight ahead counts more than sideways)
    assert nearest(things, here.rect, (0, -1)) is above
    assert nearest(things, here.rect, (-1, 0)) is None


def test_the_focus_is_kept_by_what_it_rests_on_and_goes_to_the_nearest_when_that_goes():
    focus = Focus()
    a, b, c = Target("card", "A", box(0, 0)), Target("card", "B", box(100, 0)), Target("card", "C", box(300, 0))
    focus.step([a, b, c], forward=True)
    focus.step([a, b, c], forward=True)
    assert focus.key == ("card", "B")
    moved = Target("card", "B", box(500, 300))  # the next frame laid it out elsewhere: still the same card
    assert focus.current([moved, a, c]) is moved
    assert focus.current([a, c]) is c  # B was taken: the focus goes to the nearest of what is left


def test_widget_keys_walk_press_and_turn_a_screens_widgets():
    pressed: list[str] = []
    first = Button("One", lambda: pressed.append("one"), rect=box(0, 0, 100, 40))
    off = Button("Off", lambda: pressed.append("off"), rect=box(0, 50, 100, 40))
    off.enabled = False  # unlit and silent: the focus skips it
    picker = Choice(["Easy", "Hard"], rect=box(0, 100, 200, 40))
    volumes: list[float] = []
    volume = Slider(0.5, volumes.append, rect=box(0, 150, 200, 40))
    keys = WidgetKeys(lambda: [first, off, picker, volume], lambda: 0.0)

    def key(code: int) -> bool:
        return keys.key(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))

    assert not key(pygame.K_RETURN) and not pressed  # Enter keeps the screen's meaning until the focus shows
    assert key(pygame.K_TAB) and keys.focused() is first
    assert key(pygame.K_RETURN) and pressed == ["one"]
    key(pygame.K_TAB)
    assert keys.focused() is picker
    key(pygame.K_RIGHT)
    assert picker.value == "Hard"
    key(pygame.K_DOWN)
    assert keys.focused() is volume
    key(pygame.K_LEFT)
    key(pygame.K_RETURN)  # (Enter leaves a slider where it is)
    assert volume.value == 0.4 and volumes == [0.4]
    key(pygame.K_UP)
    key(pygame.K_UP)
    assert keys.focused() is first  # Up and Down leave a picker or a slider (Left and Right turn them)
    assert not key(pygame.K_a)


# --- on a table ----------------------------------------------------------------------------------------------------
def test_tab_walks_every_stop_of_the_table_once_in_reading_order_and_shift_tab_goes_back():
    app, driver, table = house_cup()
    keys = Keys(driver)
    stops = reading_order(table.focus_targets())
    kinds = {t.kind for t in stops}
    assert {"token", "day", "card", "widget"} <= kinds
    seen = []
    for _ in stops:
        keys.press(pygame.K_TAB)
        focused = table.focused()
        assert focused is not None
        seen.append(focused.key)
    assert seen == [t.key for t in stops]
    keys.press(pygame.K_TAB)
    assert table.focused().key == stops[0].key  # round again
    keys.press(pygame.K_TAB, shift=True)
    assert table.focused().key == stops[-1].key


def test_the_ring_shows_only_once_a_key_is_used_and_a_pointer_hides_it():
    app, driver, table = house_cup()
    keys = Keys(driver)
    assert table.focused() is None
    rect = table.token_rect(1)
    before = app.screen.copy()
    keys.focus(table, lambda t: t.key == ("token", 1), "token 1")
    focused = table.focused()
    assert focused is not None and focused.key == ("token", 1)
    edge = (focused.rect.left - 5 + 1, focused.rect.centery)  # the ring's bright line, just outside the token
    assert app.screen.get_at(edge)[:3] == RING
    assert before.get_at(edge)[:3] != RING
    assert rect is not None
    driver.down((5, 5))  # a mouse is used
    driver.frames(2)
    assert table.focused() is None
    assert app.screen.get_at(edge)[:3] != RING


def test_arrows_move_to_the_next_token_and_enter_then_enter_places_it_with_the_days_lit():
    app, driver, table = house_cup()
    keys = Keys(driver)
    keys.focus(table, lambda t: t.key == ("token", 1), "token 1")
    right = nearest(table.focus_targets(), table.token_rect(1), (1, 0))
    keys.press(pygame.K_RIGHT)
    assert right is not None and table.focused().key == right.key
    keys.focus(table, lambda t: t.key == ("token", 2), "token 2")
    keys.press(pygame.K_RETURN)
    assert table.selected_token == 2
    assert table.look().lit_days == (0, 1, 2, 3, 4)  # the same legal targets as a tap lights
    assert table.focused().kind == "day"  # the ring goes on to the days at once (14 to 38 Tabs, a review)
    keys.focus(table, lambda t: t.key == ("day", 3), "Thursday")
    keys.press(pygame.K_SPACE)
    assert table.session.match.log[0] == PlaceToken(0, 3, 2)
    assert table.focused().kind == "token" and table.focused().item in (1, 3)  # and back to a token left


def test_escape_lets_go_of_a_picked_token_then_opens_the_pause_menu():
    app, driver, table = house_cup()
    keys = Keys(driver)
    keys.enter_on(table, lambda t: t.key == ("token", 3), "token 3")
    assert table.selected_token == 3 and table.look().lit_days
    keys.press(pygame.K_ESCAPE)
    assert table.selected_token is None and not table.look().lit_days
    assert app.scenes.top is table
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)


def test_z_shows_the_focused_card_enlarged_until_the_next_key():
    app, driver, table = house_cup()
    keys = Keys(driver)
    keys.focus(table, lambda t: t.kind == "card", "a card")
    card = table.focused().item
    keys.press(pygame.K_z)
    assert table.zoomed() == card
    keys.press(pygame.K_TAB)
    assert table.zoomed() is None
    keys.press(pygame.K_z)  # Escape closes it first (it opened the pause and stayed on the table under it)
    assert table.zoomed() == table.focused().item
    keys.press(pygame.K_ESCAPE)
    assert table.zoomed() is None and app.scenes.top is table
    keys.press(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)


def test_the_buttons_are_stops_and_enter_presses_them():
    app, driver, table = house_cup()
    keys = Keys(driver)
    keys.enter_on(table, lambda t: t.item is table.bar[3], "Menu")
    assert isinstance(app.scenes.top, PauseOverlay)


def test_the_guides_buttons_are_stops_and_how_to_win_takes_them_alone():
    app = App((1280, 720), settings=settings())
    app.go.guided("house-cup", seed=140892)
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable)
    coach, keys = table.coach, Keys(driver)
    assert coach is not None and coach.summary_open
    assert {t.item for t in table.focus_targets()} == {coach.play, coach.skip}  # How to win covers the table
    keys.enter_on(table, lambda t: t.item is coach.play, "Let's play")
    assert not coach.summary_open
    for _ in range(200):
        if coach.got_it in coach.buttons():
            break
        driver.frames(1)
    index = coach.index
    keys.enter_on(table, lambda t: t.item is coach.got_it, "Got it")
    assert coach.index == index + 1


def test_a_replays_controls_are_stops_and_its_own_keys_still_step_and_play():
    app = App((1280, 800), settings=settings())
    assert app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar, keys = table.replay_bar, Keys(driver)
    step = table.session.step
    keys.enter_on(table, lambda t: t.item is bar.transport["forward"], "Step forward")
    assert table.session.step == step + 1
    keys.press(pygame.K_LEFT)  # the replay's own key: one step back (not the focus)
    assert table.session.step == step
    assert table.focused().item is bar.transport["forward"]
    keys.enter_on(table, lambda t: t.item is bar.seat_choice, "the seat shown")
    assert bar.seat_choice.index == 1  # Enter on a picker steps it on


def test_with_a_choice_panel_open_only_the_panel_is_a_stop():
    app, driver, table = wizard_table(["human", "greedy"], seed=5)
    assert table.panel is not None and not table.panel.docked  # the side boards are chosen first
    stops = table.focus_targets()
    panel_buttons = table.panel.buttons()
    assert {t.kind for t in stops} == {"panel-card", "widget"}
    assert all(t.item in panel_buttons for t in stops if t.kind == "widget")
    assert {t.item for t in stops if t.kind == "panel-card"} == set(table.panel.card_rects)


def test_a_docked_panel_leaves_to_the_focus_only_the_table_it_does_not_cover():
    """Stupéfix's "prepare your spell" panel is docked over the middle of the table: Tab stopped on the rewards
    under it, drawing its ring across the panel's words (a keyboard player's review)."""
    from tabletop.ui.tables.focus import mostly_clear

    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"])
    panel = table.panel
    assert panel is not None and panel.docked and table.view.phase == "prepare"
    under = [
        placed
        for placed in table.hits.placed
        if placed.kind == "reward" and panel.rect.collidepoint(placed.rect.center)
    ]
    assert under  # (the rewards lie under the panel)
    stops = table.focus_targets()
    assert not [t for t in stops if t.kind not in ("panel-card", "widget") and panel.rect.collidepoint(t.rect.center)]
    assert {t.item for t in stops if t.kind == "panel-card"} == set(panel.card_rects)
    kinds = table.FOCUS_KINDS
    # The rest stays (what lies mostly clear of it: the houses' scores half under it went too, a later review).
    seen = [placed for placed in table.hits.placed if placed.kind in kinds and mostly_clear(placed.rect, panel.rect)]
    assert all(any((t.kind, t.item) == (p.kind, p.item) for t in stops) for p in seen)


def test_the_spell_power_dial_turns_by_the_arrow_keys_and_plus_minus():
    app, driver, table = wizard_table(["human", "greedy"], seed=5)
    keys = Keys(driver)
    panel = table.panel
    assert panel is not None
    command = next(o.command for o in panel.options)
    keys.perform(table, [("tap", pos) for pos in panel.gesture(command)])  # the side board, by keys
    driver.frames(20)
    assert table.can_choose()
    card = table.view.hand[0]
    keys.enter_on(table, lambda t: t.key == ("hand", card), card)
    assert table.selected == card
    from tabletop.games.thats_wizard.cards import CARDS

    following = table.dial if len(CARDS[card].dials) > 1 else table.ready_button
    assert table.focused().item is following  # the ring goes on at once (4 to 18 Tabs, a review)
    if following is not table.dial:
        keys.focus(table, lambda t: t.item is table.dial, "the dial")
    start = table.dial.value
    keys.press(pygame.K_RIGHT)
    assert table.dial.value == (start + 1) % 11
    keys.press(pygame.K_LEFT)
    keys.press(pygame.K_LEFT)
    assert table.dial.value == (start - 1) % 11
    keys.press(pygame.K_EQUALS)  # (+ on most keyboards)
    assert table.dial.value == start
    keys.press(pygame.K_DOWN)
    assert table.focused().item is not table.dial  # Up and Down leave the dial


def test_a_stupefix_wand_is_picked_up_and_pointed_at_a_seat_by_keys_within_the_count():
    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"], seed=404)
    keys = Keys(driver)
    for _ in range(3000):
        if table.cue() is not None:
            break
        if table.panel is not None and not table.panel.hidden and table.choice is not None:
            keys.perform(table, table.gesture_for(table.choice.view.legal[0]))
            continue
        driver.frames(3)
    assert table.cue() is not None and table.focus.shown  # (the spell was chosen by keys)
    # "Ready?" puts the focus on Ready: Enter pressed what the ring last rested on (a score sheet opened)
    assert table.focused().item is table.ready_button
    keys.press(pygame.K_RETURN)
    assert table.can_point(0)
    assert table.focused().key == ("wand", 0)  # the count is short: the focus is on the wand at once
    keys.press(pygame.K_RETURN)
    assert table.selected_wand == 0
    assert table.look().open_targets  # the adversaries light up, as for a wand in hand
    focused = table.focused()
    assert focused.kind == "seat" and table.view.adversary(0, focused.item)  # and the focus on one of them
    # The arrows go from seat to seat it may point at (or back to the wand), never to the table's buttons.
    met = set()
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT, pygame.K_UP):
        keys.press(key)
        focused = table.focused()
        met.add(focused.key)
        assert focused.key == ("wand", 0) or (focused.kind == "seat" and table.view.adversary(0, focused.item))
    assert len(met) > 1
    target = keys.focus(table, lambda t: t.kind == "seat", "a seat").item
    keys.press(pygame.K_RETURN)
    assert PointWand(0, target) in table.session.match.log


# --- whole games by keys only ----------------------------------------------------------------------------------
def applied(driver: Driver, table: GameTable, command, before: int) -> None:
    for _ in range(40):
        if command in table.session.match.log[before:]:
            return
        driver.frames(1)
    raise AssertionError(f"{command} was not applied (message: {table.message})")


def finish(app: App, table: GameTable, posted: PostedEvents, people: list, intended: list) -> None:
    assert isinstance(app.scenes.top, ResultsScene)
    match = table.session.match
    assert match.result() is not None
    assert people == intended  # every person's command came from the keys, exactly as meant
    assert posted.pointer_events() == []  # and no mouse or finger event was posted
    replay = Match.replay(match.game, match.seats, match.options, match.seed, match.log, match.start)
    assert to_json(replay.state) == to_json(match.state)


def test_a_whole_house_cup_game_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table = house_cup(seed=5)
    keys, rng, intended = Keys(driver), random.Random(5), []
    for _ in range(20_000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if app.scenes.top is table and table.my_turn() and not table.busy():
            command = rng.choice(table.view.legal)
            before = len(table.session.match.log)
            keys.perform(table, table.gesture_for(command))
            applied(driver, table, command, before)
            intended.append(command)
            continue
        driver.frames(3)
    people = [c for c in table.session.match.log if c.seat == 0]
    assert any(isinstance(c, PlaceToken) for c in people) and any(isinstance(c, TakeCard) for c in people)
    finish(app, table, posted, people, intended)


def test_a_whole_stupefix_game_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"], seed=404)
    game, session = GAMES["stupefix"], table.session
    keys, rng, intended = Keys(driver), random.Random(404), []
    for _ in range(40_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if top is table and table.cue() is not None:
            keys.enter_on(table, lambda t: t.item is table.ready_button, "Ready")
            continue
        command = None
        if top is table and table.reveal is None:
            state, drafter = session.match.state, table.view.drafter()
            if table.panel is not None and not table.panel.hidden and table.choice is not None:
                command = rng.choice(table.choice.view.legal)
            elif table.view.phase == "draft" and not table.view.tasks and drafter == 0:
                command = rng.choice(game.legal(state, 0))
            elif table.view.phase == "target" and table.can_point(0):
                command = rng.choice([c for c in game.legal(state, 0) if c.target is not None])
        if command is None:
            driver.frames(3)
            continue
        before = len(session.match.log)
        keys.perform(table, table.gesture_for(command))
        applied(driver, table, command, before)
        intended.append(command)
    people = [c for c in session.match.log if c.seat == 0]
    pointed = [c for c in intended if isinstance(c, PointWand)]
    assert len(pointed) >= 3  # every pointing within the count, by keys
    assert all(c in people for c in pointed)
    finish(app, table, posted, [c for c in people if c in intended], intended)
    assert all(isinstance(c, PointWand) for c in people if c not in intended)  # (none late, or late at "three")


def test_a_whole_thats_wizard_duel_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app, driver, table = wizard_table(["human", "greedy"], seed=4242)
    session, keys, rng, intended = table.session, Keys(driver), random.Random(4242), []
    for _ in range(60_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        mine = top is table and session.acting_human() == 0 and session.needs_handover() is None
        if not (mine and not table.busy() and table.view.legal):
            driver.frames(3)
            continue
        # (Concede and a pass with a card ask again in a dialog: not a table's stop)
        legal = [c for c in table.view.legal if not isinstance(c, Concede | Pass) or c == Pass(0)]
        command = rng.choice(legal)
        before = len(session.match.log)
        if table.panel is None and isinstance(command, Play):
            if table.selected != command.card:
                keys.enter_on(table, lambda t, card=command.card: t.key == ("hand", card), command.card)
            keys.focus(table, lambda t: t.item is table.dial, "the dial")
            while table.dial.value != command.dial:
                keys.press(pygame.K_RIGHT)
            keys.enter_on(table, lambda t: t.item is table.ready_button, "Reveal")
        else:
            keys.perform(table, table.gesture_for(command))
        applied(driver, table, command, before)
        intended.append(command)
    people = [c for c in session.match.log if c.seat == 0]
    assert sum(isinstance(c, Play) for c in intended) >= 5  # plays made by turning the dial with the keys
    finish(app, table, posted, people, intended)


def late_challenge(left: int) -> Match:
    """A 2-player House Cup Challenge played by two bots headless to ``left`` commands before its end: the
    keyboard game starts there (a whole game is some 170 of the person's commands)."""
    game = GAMES["house-cup-challenge"]
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "easy")]
    options = game.default_options(2)
    match = Match(game, seats, options, 8)
    bot, rng = game.bot_types["greedy"](), Rng(8)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    late = Match.replay(game, seats, options, 8, match.log[:-left])
    return Match(game, seats, options, 8, start=to_json(late.state))


def test_a_whole_house_cup_challenge_end_game_by_keys(monkeypatch):
    posted = PostedEvents(monkeypatch)
    app = App((1280, 800), settings=settings())
    app.go.table(late_challenge(left=60))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    session, keys, rng, intended = table.session, Keys(driver), random.Random(8), []
    for _ in range(40_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        task = table.view.tasks[-1] if table.view.tasks else None
        if not (top is table and table.my_turn() and not table.busy() and task is not None):
            driver.frames(3)
            continue
        offered = [o.command for o in table.panel.options] if table.panel is not None else table.view.legal
        command = rng.choice(offered)
        before = len(session.match.log)
        while not drawn(table, command):  # a card scrolled out of the hand's row: its arrows, by keys
            arrow = table.hand_right if table.hand_right.enabled else table.hand_left
            keys.enter_on(table, lambda t, arrow=arrow: t.item is arrow, "the hand's arrow")
        keys.perform(table, table.gesture_for(command))
        if len(session.match.log) == before and table.choosing:  # one space, several moves: the panel asks
            keys.perform(table, table.gesture_for(command))
        applied(driver, table, command, before)
        intended.append(command)
    people = [c for c in session.match.log[: len(session.match.log)] if c.seat == 0]
    assert len(intended) >= 10
    kinds = {type(c).__name__ for c in intended}
    assert "Move" in kinds  # the character moved by keys (picked up, then a lit space)
    finish(app, table, posted, people, intended)  # (the Wand Bonus Token's offer answered by keys too)


def drawn(table: ChallengeTable, command) -> bool:
    try:
        table.gesture_for(command)
    except AssertionError:
        return False
    return True


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def test_what_a_resting_mouse_reads_on_stupefix_and_thats_wizard_tables_is_read_by_keys_too():
    """Stupéfix's words (flag, Late tokens, deck, discard pile, urn) and That's Wizard!'s laid, shown and lasting
    cards were enlarged only under a resting mouse: each is a stop now (once), and Z shows it."""
    app, driver, table = stupefix_table(["human", "greedy", "greedy", "greedy"])
    keys = Keys(driver)
    terms = [target for target in table.focus_targets() if target.kind == "term"]
    assert terms and len({target.item for target in terms}) == len(terms)
    keys.focus(table, lambda t: t.kind == "term" and t.item == "flag", "a flag")
    keys.press(pygame.K_z)
    assert table.long_press_card == "flag"
    pygame.quit()

    from tabletop.paths import asset_dir
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings
    from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / "thats-wizard-duel.json") is None  # (round 3: cards lie by each)
    driver.frames(30)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    stops = table.focus_targets()
    hand = [target.rect for target in stops if target.kind == "hand"]
    laid = [target for target in stops if target.kind == "laid"]
    on_table = {p.rect.topleft for p in table.hits.placed if p.kind == "card" and p.rect not in hand}
    assert len(on_table) > 2 and {target.rect.topleft for target in laid} == on_table  # each card where it lies
    keys = Keys(driver)
    for shown in laid:
        keys.focus(table, lambda t, shown=shown: t.key == shown.key, "a card laid by a wizard")
        keys.press(pygame.K_z)
        assert table.long_press_card == shown.item[0]
    pygame.quit()
