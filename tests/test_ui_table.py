"""The House Cup table through real pygame events: drops, taps, touch, zoom, privacy, undo, bots off the loop."""

import itertools
import json
import os
import signal

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core import Match, SeatInfo, load_match
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.paths import asset_dir
from tabletop.play import bot_worker
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.cards import header_height
from tabletop.ui.theme import px
from tests.ui_driver import Driver, at_table, bare_spot, past_the_last_move

GAME = GAMES["house-cup"]


def table_for(controllers, seed=11, animation="Off", size=(1280, 800)):
    app = App(size, settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"][: len(controllers)]
    seats = [SeatInfo(house, controller) for house, controller in zip(houses, controllers, strict=True)]
    app.go.table(Match(GAME, seats, {"houses": houses, "first": 0}, seed))
    driver = Driver(app)
    driver.frames(10)
    return app, driver, app.scenes.stack[0]


def screen_to(driver, table, seat):
    """Frames until the table shows ``seat``'s screen, its privacy screen passed by a tap once it may be."""
    app = driver.app
    for _ in range(400):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == seat:
            driver.frames(50)
            driver.tap((driver.size()[0] // 2, driver.size()[1] // 2))  # (any window's middle, not 1280x800's)
        if table.view.seat == seat and app.scenes.top is table:
            return


def table_at(state, seats, animation="Off", fingers=False):
    """A Gryffindor-Slytherin table from the position ``state`` (deal 3), its first frames drawn."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    app.go.table(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 3, to_json(state)))
    driver = Driver(app, fingers=fingers)
    driver.frames(5)
    return app, driver, app.scenes.stack[0]


def test_drop_outside_a_day_slides_back_with_the_reason_and_changes_nothing():
    app, driver, table = table_for(["human", "greedy"])
    before = to_json(table.session.match.state)
    token = table.token_rect(2).center
    driver.drag(token, table.layout.banner.center)
    assert "Drop the token under a day" in table.message
    assert to_json(table.session.match.state) == before
    driver.frames(120)  # it slides, settles and returns home
    assert table.tossed is None
    assert table.token_rect(2) is not None
    # The move then made as asked takes the refusal away (it stayed under it, in a real window)
    driver.drag(table.token_rect(2).center, table.layout.headers[0].center)
    assert PlaceToken(0, 0, 2) in table.session.match.log and "Drop the token" not in table.message


def test_days_light_up_while_dragging_and_a_drop_places_the_token():
    app, driver, table = table_for(["human", "greedy"])
    start = table.token_rect(3).center
    driver.down(start)
    driver.frames(2)
    driver.move((start[0] + 40, start[1] - 60))
    driver.frames(2)
    assert table.drag is not None and table.drag.item == 3
    assert table.legal_days(3) == [0, 1, 2, 3, 4]
    target = table.layout.headers[2].center
    driver.move(target)
    driver.frames(8)
    driver.up(target)
    driver.frames(3)
    assert table.session.match.log[0] == PlaceToken(0, 2, 3)


def test_tap_a_token_then_a_day():
    app, driver, table = table_for(["human", "greedy"])
    driver.tap(table.token_rect(1).center)
    assert table.selected_token == 1
    driver.tap(table.layout.headers[4].center)
    assert table.session.match.log[0] == PlaceToken(0, 4, 1)


def test_emulated_mouse_events_of_a_finger_are_not_counted_twice():
    app, driver, table = table_for(["human", "greedy"])
    fingers = Driver(app, fingers=True)
    fingers.tap(table.token_rect(2).center)  # a finger tap plus SDL's copy as mouse events
    assert table.selected_token == 2  # selected once, not selected and unselected


def test_a_second_finger_never_breaks_the_first_drag():
    app, driver, table = table_for(["human", "greedy"])
    start = table.token_rect(2).center
    target = table.layout.headers[1].center
    driver.down(start, finger=1)
    driver.frames(2)
    driver.move((start[0] + 50, start[1] - 50), finger=1)
    driver.frames(2)
    driver.down((900, 300), finger=2)  # a second finger lands and wanders off
    driver.frames(2)
    driver.move((700, 200), finger=2)
    driver.frames(2)
    driver.up((700, 200), finger=2)
    driver.frames(2)
    assert table.drag is not None and table.drag.item == 2
    drop(driver, target)
    assert table.session.match.log[0] == PlaceToken(0, 1, 2)


def drop(driver: Driver, target: tuple[int, int]) -> None:
    """Finger 1, holding what it drags, goes to ``target`` and lets go there."""
    driver.move(target, finger=1)
    driver.frames(8)
    driver.up(target, finger=1)
    driver.frames(3)


def test_long_press_enlarges_a_card_and_does_not_take_it():
    app, driver, table = table_for(["human", "greedy"])
    first = next(table.hits.of_kind("card"))
    rect, card = first.rect, first.item
    spot = (rect.centerx, rect.top + 8)
    driver.down(spot, finger=1)
    driver.frames(40)  # two thirds of a second, held still
    assert table.zoomed() == card
    driver.up(spot, finger=1)
    driver.frames(2)
    assert table.zoomed() is None
    assert table.session.match.log == []


def test_a_token_held_still_then_moved_is_dragged_and_placed():
    """A finger often rests on a token before it moves: the held press was a long press, which shut out the drag,
    so the token stayed put (there is nothing to enlarge on a token)."""
    app, driver, table = table_for(["human", "greedy"])
    start, target = table.token_rect(2).center, table.layout.headers[1].center
    driver.down(start, finger=1)
    driver.frames(40)  # two thirds of a second, held still
    driver.move((start[0] + 40, start[1] - 60), finger=1)
    driver.frames(2)
    assert table.drag is not None and table.drag.item == 2
    drop(driver, target)
    assert table.session.match.log[0] == PlaceToken(0, 1, 2)


def test_a_card_enlarged_by_a_long_press_lets_go_when_the_finger_moves_on():
    """Held to read, then moved: the enlarged card goes, and the finger is not left holding a picture."""
    app, driver, table = table_for(["human", "greedy"])
    first = next(table.hits.of_kind("card"))
    spot = (first.rect.centerx, first.rect.top + 8)
    driver.down(spot, finger=1)
    driver.frames(40)
    assert table.zoomed() == first.item
    driver.move((spot[0], spot[1] + 80), finger=1)
    driver.frames(2)
    assert table.zoomed() is None
    driver.up((spot[0], spot[1] + 80), finger=1)
    driver.frames(2)
    assert table.zoomed() is None and table.drag is None
    assert table.session.match.log == []


def test_hovering_the_mouse_enlarges_a_card():
    app, driver, table = table_for(["human", "greedy"])
    first = next(table.hits.of_kind("card"))
    rect, card = first.rect, first.item
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(rect.centerx, rect.top + 8), rel=(0, 0), buttons=(0, 0, 0), touch=False
        )
    )
    driver.frames(40)
    assert table.zoomed() == card


def test_the_privacy_screen_has_a_menu_a_finger_can_reach_without_passing_it():
    """Only Escape led from a privacy screen to the pause: a group at a touchscreen stopping at a hand-over had to
    show the next person's table first. Its Menu button opens the pause over it; the screen is not passed."""
    app, driver, table = table_for(["human", "human"])
    fingers = Driver(app, fingers=True)
    privacy = app.scenes.top
    assert isinstance(privacy, PrivacyOverlay)
    driver.frames(50)
    assert app.screen.get_rect().contains(privacy.menu.rect) and privacy.menu.rect.height >= 40
    fingers.tap(privacy.menu.rect.center)
    assert isinstance(app.scenes.top, PauseOverlay) and privacy in app.scenes.stack
    assert table.session.needs_handover() is not None  # nobody's table was shown
    driver.key(pygame.K_ESCAPE)  # back from the pause: the privacy screen again, still to pass
    assert app.scenes.top is privacy
    from tabletop import i18n
    from tabletop.ui.scenes.settings import SettingsScene

    settings = SettingsScene(app)  # a language chosen meanwhile (Settings from the pause): the button follows it
    app.scenes.push(settings)
    settings.language.set(list(i18n.LANGUAGES).index("ru"))
    assert privacy.menu.label == "Меню"
    settings.language.set(list(i18n.LANGUAGES).index("en"))


def test_privacy_screen_between_two_people_and_only_the_acting_seat_is_drawn():
    app, driver, table = table_for(["human", "human"])
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 0
    assert app.scenes.visible() == [app.scenes.top]  # the table is not drawn under it
    driver.frames(50)
    driver.tap((640, 400))
    assert table.view.seat == 0
    driver.perform(table.gesture_for(PlaceToken(0, 3, 2)))
    past_the_last_move(driver)
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == 1
    assert table.session.viewer == 0  # not switched until the next person taps
    driver.frames(50)
    driver.tap((640, 400))
    assert table.view.seat == 1
    tokens = [t for t in table.view.under[3]]
    assert tokens[0].value is None  # the first person's token is face down for the second
    assert not any("their 2 token" in line for line in table.recent)  # nor does the side log tell its value
    assert any("places a token face down under Thursday" in line for line in table.recent)


def test_the_privacy_screen_for_the_person_who_just_moved_asks_no_one_to_pass_it(monkeypatch):
    """Stupéfix's Private Lessons taken in the open: the screen covered itself for Cleo's secret search with "Pass
    to Cleo", under Cleo's own finger (a pass-and-play review): the person who made the last move is told the
    choice is theirs, in secret; the next person is still handed the screen."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app, driver, table = table_for(["human", "human"])
    driver.frames(50)
    driver.tap((640, 400))
    driver.perform(table.gesture_for(PlaceToken(0, 3, 2)))
    past_the_last_move(driver)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 1
    drawn = record_drawn(monkeypatch)
    assert "Pass to Slytherin" in drawn_afresh(driver, drawn)
    app.scenes.pop(app.scenes.top)
    app.go.privacy(table.session, 0, lambda: None)  # (the screen covered for the one who moved)
    words = drawn_afresh(driver, drawn)
    assert "Gryffindor: your secret choice" in words and "Pass to" not in words
    pygame.quit()


def test_a_save_opened_where_its_last_mover_acts_again_is_passed_to_them(monkeypatch):
    """A save whose last move was made by the person who acts next, opened from Load or Continue: the privacy
    screen said "Ben: your secret choice" to whoever opened it (the diff's review); nobody holds it yet."""
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng
    from tabletop.core.saves import write_save
    from tabletop.games import GAMES
    from tabletop.paths import user_saves_dir
    from tests.drawn_text import record_drawn

    game = GAMES["house-cup-challenge"]
    match = Match(game, [SeatInfo("Ann"), SeatInfo("Ben")], game.default_options(2), 7)
    bot, rng = make_bot(game, "easy"), Rng.from_seed(3)
    while not (len(match.log) > 3 and match.log[-1].seat == match.to_act()[0]):
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    path = user_saves_dir() / "resumed.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(match, path)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(2)
    assert app.go.open_save(path) is None
    drawn = record_drawn(monkeypatch)
    for _ in range(100):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == match.log[-1].seat
    words = " ".join(drawn)
    assert f"Pass to {match.seats[overlay.seat].name}" in words and "your secret choice" not in words
    pygame.quit()


def test_undo_tapped_by_the_next_person_before_any_move_of_theirs_says_they_have_none():
    """The next person at a passed screen, who had not moved yet, was told "Undo takes back only your own last
    move..." (a House Cup Challenge pass-and-play review): nothing of theirs to take back yet."""
    app, driver, table = table_for(["human", "human"])
    driver.frames(50)
    driver.tap((640, 400))
    driver.perform(table.gesture_for(PlaceToken(0, 3, 2)))
    past_the_last_move(driver)
    driver.frames(50)
    driver.tap((640, 400))  # Slytherin takes the screen
    assert table.view.seat == 1
    driver.tap(table.bar[1].rect.center)
    assert table.message == "There is no move of yours to take back yet."
    pygame.quit()


def first_of_three_placed():
    """Three people: the first takes the screen and places a token under Monday; the state before, with the
    table a few frames on (the move still shown to its person)."""
    app, driver, table = table_for(["human", "human", "human"])
    driver.frames(50)
    driver.tap((640, 400))
    before = to_json(table.session.match.state)
    driver.perform(table.gesture_for(PlaceToken(0, 0, 1)))
    driver.frames(3)
    return app, driver, table, before


def test_ctrl_z_takes_back_a_move_during_the_hand_over_pause_without_a_mouse():
    """The keyboard's focus took seven Tabs to reach Undo from a day, longer than the pause before the screen
    passes on: without a mouse a slip could not be taken back (the keyboard review). Ctrl+Z is Undo."""
    app, driver, table, before = first_of_three_placed()
    assert table.lingering() and "tap the table" in table.prompt()[0]
    driver.key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)  # (Ctrl+Shift+Z is not Undo)
    assert to_json(table.session.match.state) != before
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert to_json(table.session.match.state) == before and not table.lingering()
    assert "taken back" in table.message
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)  # nothing left to take back: it says why, as the grey button does
    assert to_json(table.session.match.state) == before and "no move of yours" in table.message


def test_a_tap_on_the_bare_table_passes_the_screen_on_at_once_and_keeps_the_move():
    """Each move of a person sharing the screen stayed before them 1.5 s before it passed on (for a slip to be seen
    and undone): the person who is done waited at every turn. The banner says a tap passes it now, and it does."""
    app, driver, table, before = first_of_three_placed()
    # Said to the person who moved, by name, so the next person does not read the tap as theirs to make
    assert table.lingering() and table.prompt()[0].startswith(table.session.name(0) + ", your move is made")
    assert "passes to " + table.session.name(1) in table.prompt()[0] and "tap the table" in table.prompt()[0]
    spot = bare_spot(table)
    assert spot is not None
    driver.tap(spot)
    driver.frames(1)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 1
    assert to_json(table.session.match.state) != before  # the move stays made


def test_a_tap_on_a_card_out_of_turn_while_the_move_is_shown_says_why_and_does_not_pass_the_screen():
    """Only a tap on the bare table passes the screen on: a tap on a day's card (a slip, or a person who thought it
    still their turn) passed it as well, where it said why not, and the move could no longer be undone."""
    app, driver, table, before = first_of_three_placed()
    card = next(table.hits.of_kind("card"))
    driver.tap(card.rect.center)
    assert table.lingering() and app.scenes.top is table
    assert "Not your turn" in table.message
    driver.tap(table.bar[1].rect.center)  # Undo still takes it back
    assert to_json(table.session.match.state) == before


def test_the_tap_that_puts_away_a_score_shown_while_the_move_is_shown_does_not_pass_the_screen():
    """A score tapped while the move is still shown is enlarged until the next touch: that touch, on the bare table,
    only puts it away (it passed the screen on as well); the next tap there passes it."""
    app, driver, table, before = first_of_three_placed()
    driver.tap(table.hits.rect_of("score", "score:0").center)
    assert table.zoom_pinned and table.lingering()
    spot = bare_spot(table)
    assert spot is not None
    driver.tap(spot)
    assert not table.zoom_pinned and table.lingering() and app.scenes.top is table
    driver.tap(spot)
    assert isinstance(app.scenes.top, PrivacyOverlay)


def test_undo_takes_back_a_placement_before_the_next_player_acts():
    app, driver, table, before = first_of_three_placed()
    # The move stays before its person a moment before the screen passes on: Undo on the table takes it back.
    assert table.lingering() and app.scenes.top is table and "passes to" in table.prompt()[0]
    driver.tap(table.bar[1].rect.center)
    assert to_json(table.session.match.state) == before and not table.lingering()
    assert "taken back" in table.message
    driver.perform(table.gesture_for(PlaceToken(0, 1, 2)))  # another move: the word of the undo goes with it
    assert "taken back" not in table.message  # (it stayed over the new move, read as taking that back too)
    driver.tap(table.bar[1].rect.center)
    assert to_json(table.session.match.state) == before
    driver.frames(120)
    assert app.scenes.top is table  # still the first person's turn: no privacy screen
    driver.perform(table.gesture_for(PlaceToken(0, 0, 1)))
    past_the_last_move(driver)
    assert isinstance(app.scenes.top, PrivacyOverlay)
    driver.key(pygame.K_ESCAPE)  # from the privacy screen, the pause menu
    assert isinstance(app.scenes.top, PauseOverlay)
    driver.key(pygame.K_ESCAPE)
    assert table.session.can_undo()
    table.undo()
    assert to_json(table.session.match.state) == before


def test_escape_opens_and_closes_the_pause_menu_and_the_log():
    app, driver, table = table_for(["human", "greedy"])
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is table
    driver.tap(table.bar[0].rect.center)
    assert isinstance(app.scenes.top, LogOverlay)
    assert any("Round 1 of 4" in line for line in app.scenes.top.lines)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_bots_think_in_another_process_while_the_window_keeps_drawing():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Gryffindor", "hard"), SeatInfo("Slytherin", "hard")]
    app.go.table(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 11))
    table = app.scenes.stack[0]
    driver = Driver(app)
    while not table.session.match.log:
        driver.frames(1)  # (waits for the first answer: the bot program is running and idle now)
    pid = bot_worker.worker().pid
    assert pid is not None and pid != os.getpid()
    os.kill(pid, signal.SIGSTOP)  # it cannot answer the next question, however fast the machine: the window?
    try:
        drawn = []
        for _ in range(30):
            app.frame(1 / 60)
            drawn.append(table.hits.placed[:])
        assert table.session.bot_thinking == 1 and len(table.session.match.log) == 1
        assert all(drawn), "every frame drew the table while the bot program was stopped"
    finally:
        os.kill(pid, signal.SIGCONT)
    for _ in range(600):
        driver.frames(1)
        if len(table.session.match.log) > 1:
            break
    assert len(table.session.match.log) > 1 and table.session.match.log[1].seat == 1


def test_a_bot_receives_only_its_seats_view(monkeypatch):
    """What crosses to the bot process is the JSON form of the acting seat's View and nothing else."""
    from tabletop.play import bot_worker

    sent = []
    real_send = bot_worker.send

    def spy(stream, message):
        sent.append(json.loads(json.dumps(message)))
        return real_send(stream, message)

    monkeypatch.setattr(bot_worker, "send", spy)
    app, driver, table = table_for(["medium", "human"])
    for _ in range(200):
        driver.frames(1)
        if table.session.match.log:
            break
    assert sent and all(set(message) == {"request", "game", "bot", "view", "seed"} for message in sent)
    first = Match.replay(GAME, table.session.match.seats, table.session.match.options, table.session.match.seed, [])
    assert sent[0]["view"] == to_json(GAME.view(first.state, 0))
    assert all(message["view"]["seat"] == 0 and message["bot"] == "medium" for message in sent)
    assert table.session.match.log[0] in GAME.legal(first.state, 0)


def test_small_and_tiny_windows_still_draw():
    for size in ((1024, 640), (700, 420)):
        app, driver, table = table_for(["human", "greedy"], size=size)
        driver.frames(5)
        width, height = app.screen.get_size()
        assert table.layout.columns[4].right <= width and table.layout.me.bottom <= height
        assert table.token_rect(1) is not None
        driver.perform(table.gesture_for(PlaceToken(0, 4, 1)))
        assert table.session.match.log[0] == PlaceToken(0, 4, 1)


def test_resizing_the_window_lays_the_table_out_again():
    app, driver, table = table_for(["human", "greedy"])
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
    driver.frames(3)
    assert table.layout.size == (1600, 1000)
    driver.perform(table.gesture_for(PlaceToken(0, 2, 2)))
    assert table.session.match.log[0] == PlaceToken(0, 2, 2)


def test_a_resize_lays_the_screens_out_once(monkeypatch):
    """A window manager's resize sends two events (VIDEORESIZE, then WINDOWSIZECHANGED) and F11 lays out too: each
    laid every screen out again, House Cup's token piles tumbled anew each time (the resize's frame took twice as
    long). Once per size now; a new text size lays them out again at the same size."""
    app, driver, table = table_for(["human", "greedy"])
    sizes = []
    resize = type(table).resize
    monkeypatch.setattr(type(table), "resize", lambda self, size: (sizes.append(size), resize(self, size)))
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)  # (the dummy driver sends WINDOWSIZECHANGED)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
    driver.frames(3)
    assert sizes == [(1600, 1000)] and table.layout.size == (1600, 1000)
    app.set_fullscreen(False)  # (the window as it was: nothing to lay out)
    driver.frames(2)
    assert sizes == [(1600, 1000)]
    app.settings.large_text = True
    app.rescale()
    assert sizes == [(1600, 1000)] * 2


def resized_under_the_pause(app, driver, size):
    """The pause opened over the table, then the window resized to ``size``; the window's rect."""
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.frames(3)
    return pygame.Rect((0, 0), size)


def test_after_a_resize_under_the_pause_cards_and_tokens_lie_where_the_new_layout_puts_them():
    """After a resize the table's sprites glided from where the old layout had them, and under an overlay (which
    stops the table's clock) they stayed there: tokens drawn below a 1080 px window's foot, cards over the
    others' boxes. A resize now lays everything where it belongs at once."""
    app, driver, table = table_for(["human", "greedy"], animation="Normal", size=(1080, 1920))
    driver.frames(60)
    window = resized_under_the_pause(app, driver, (1920, 1080))
    tokens = [placed.rect for placed in table.hits.placed if placed.kind == "token"]
    assert len(tokens) == 3 and all(table.layout.me.contains(rect) for rect in tokens)  # in the viewer's area
    assert all(window.contains(placed.rect) for placed in table.hits.placed if placed.kind in table.FOCUS_KINDS)
    pygame.quit()


def test_after_a_resize_a_card_waiting_its_turn_is_not_left_where_the_old_layout_had_it():
    """A card whose move waits its turn is drawn where it was: after a resize that was a place of the old layout
    (below a 1080 px window's foot), and under the pause it stayed there. A resize shows the game as it lies.

    The game is played with the animations off (nothing waits its turn: each move is shown at once) up to the
    second round's cards, then at Normal speed: the same game, whose first card to wait its turn is one of them,
    in a quarter of the frames of the game played at Normal speed from its start."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], animation="Off", size=(1080, 1920))
    for _ in range(4000):
        state = table.session.match.state
        if app.settings.animation == "Off" and (state.round, state.phase) == (2, "take"):
            app.settings.animation = "Normal"
        if any(table.stage.rect_of(("card", card)) is not None for card in table.pacer.waiting(app.now)):
            break
        view = table.view
        if view.legal and view.seat in view.to_act and table.my_turn() and not table.busy():
            table.submit(view.legal[0])
        driver.frames(1)
    waiting = table.pacer.waiting(app.now)
    assert waiting
    window = resized_under_the_pause(app, driver, (1920, 1080))
    assert all(window.contains(placed.rect) for placed in table.hits.placed if placed.kind == "card")
    pygame.quit()


def test_the_deck_counts_a_card_dealt_until_the_card_is_shown_leaving_it(monkeypatch):
    """The deck's count read the number after a deal while the banner still told the move before it and no card was
    laid ("Deck 60" before the cards came: the House Cup review). A card dealt is counted in the deck until it is
    shown coming out: the count and the cards shown on the timetable add up at every frame."""
    app, driver, table = table_for(["human", "greedy", "greedy"], animation="Normal")
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    shown: list[str] = []
    text = theme.text
    monkeypatch.setattr(
        theme, "text", lambda words, *args, **kwargs: shown.append(words) or text(words, *args, **kwargs)
    )
    dealt_unseen = 0  # frames with a dealt card still to come
    for _ in range(3000):
        shown.clear()
        driver.frames(1)
        view, waiting = table.view, table.pacer.waiting(app.now)
        on_days = [card for cards in view.days for card in cards]
        laid = [card for card in on_days if card not in waiting]
        deck = [int(words.split()[1]) for words in shown if words.startswith("Deck ")]
        assert deck and deck[-1] + len(laid) == view.deck_count + len(on_days), (deck, laid, on_days)
        dealt_unseen += len(laid) < len(on_days)
        if dealt_unseen >= 5:
            break
        if view.legal and view.seat in view.to_act and table.my_turn() and not table.busy():
            table.submit(view.legal[0])
    assert dealt_unseen >= 5
    pygame.quit()


def test_no_privacy_screen_when_neither_person_has_anything_to_hide():
    from tabletop.examples.house_cup import scoring_example_state
    from tabletop.games.house_cup.events import KeepCard

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    state = scoring_example_state()
    state.tasks[-1].seat = 0  # Ravenclaw searches; Slytherin (seat 1) then chooses for the Flywheel
    state.tableau[0].append("help_search-1")
    state.tableau[1].remove("help_search-1")
    seats = [SeatInfo("Ravenclaw"), SeatInfo("Slytherin")]
    app.go.table(Match(GAME, seats, {"houses": ["Ravenclaw", "Slytherin"], "first": 0}, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(50)
    assert isinstance(app.scenes.top, PrivacyOverlay)  # the searcher sees secret cards: screen first
    driver.tap((640, 400))
    table = app.scenes.stack[0]
    driver.perform(table.gesture_for(KeepCard(0, "uniform-4")))
    driver.frames(3)
    # The kept card stays before Ravenclaw a moment, Undo may take it back (the screen passed on at once: the
    # last person never saw their last card land, and whoever held it could confirm another's Flywheel choice)
    assert table.lingering() and table.view.seat == 0 and "passes to Slytherin" in table.prompt()[0]
    assert table.bar[1].enabled
    past_the_last_move(driver)
    # Only the Flywheel choice is left, and nothing is secret any more: the screen passes without a cover.
    assert app.scenes.top is table and table.view.seat == 1 and table.panel is not None


def test_help_searching_for_points_offers_to_keep_none_at_the_table():
    """The card lets its owner keep one of the cards looked at, or none (a rules review): the panel's button."""
    from tabletop.examples.house_cup import scoring_example_state
    from tabletop.games.house_cup.events import KeepCard

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    state = scoring_example_state()
    seats = [SeatInfo("Ravenclaw", "greedy"), SeatInfo("Slytherin")]
    app.go.table(Match(GAME, seats, {"houses": ["Ravenclaw", "Slytherin"], "first": 0}, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(10)
    table = app.scenes.stack[0]
    assert table.panel is not None and "Keep none of them" in [button.label for button in table.panel.buttons()]
    driver.perform(table.gesture_for(KeepCard(1, None)))
    driver.frames(3)
    assert table.session.match.log[-1] == KeepCard(1, None)
    assert any("keeps none of them" in line for line in table.recent)
    pygame.quit()


def test_the_search_panel_lights_keep_none_when_the_only_card_would_cost():
    """One card looked at, another house's School Uniform (-10): the panel picked the lone card, its gold
    Confirm kept it (the diff's review). The suggestion to keep none lights its button; no card is picked."""
    from tabletop.examples.house_cup import scoring_example_state
    from tabletop.games.house_cup.events import KeepCard

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    state = scoring_example_state()
    task = state.tasks[-1]
    state.discard += task.cards
    (state.discard if "uniform-1" in state.discard else state.deck).remove("uniform-1")  # Gryffindor's uniform
    task.cards[:] = ["uniform-1"]
    seats = [SeatInfo("Ravenclaw", "greedy"), SeatInfo("Slytherin")]
    app.go.table(Match(GAME, seats, {"houses": ["Ravenclaw", "Slytherin"], "first": 0}, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(10)
    table = app.scenes.stack[0]
    panel = table.panel
    assert panel is not None and table.view.suggestion == KeepCard(1, None)
    none = next(button for button in panel.buttons() if button.label == "Keep none of them")
    assert none.primary and panel.selected_card is None and panel.command() is None
    driver.tap(panel.card_rects["uniform-1"].center)  # the card picked: its Confirm is the gold one, alone
    driver.frames(2)
    assert panel.command() == KeepCard(1, "uniform-1") and panel.confirm.enabled and not none.primary
    pygame.quit()


@pytest.mark.every_frame
def test_a_resumed_pass_and_play_game_draws_nothing_secret_before_the_privacy_screen(monkeypatch):
    from tabletop.ui.tables.house_cup import painter

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Gryffindor"), SeatInfo("Slytherin")]
    match = Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 4)
    match.apply(PlaceToken(0, 0, 3))  # Gryffindor's secret: a 3 under Monday; Slytherin is to act
    drawn = []
    monkeypatch.setattr(painter, "paint", lambda look, surface, stage: drawn.append(look.view.seat))
    app.go.table(match)
    app.draw()  # a frame drawn before any update has run
    assert drawn == []
    Driver(app).frames(3)
    assert isinstance(app.scenes.top, PrivacyOverlay) and drawn == []


def test_a_resumed_game_does_not_wait_on_a_bare_table_for_a_bots_unseen_move():
    """Continue on a game of two people where a bot moves first: the bot's move was played, animated, under the
    cover, on a bare wood table for about 2.5 s before the privacy screen came (seen in a real window). Moves under
    the cover are not waited for: the privacy screen comes with the move still to be drawn."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    match = load_match(asset_dir("saves") / "house-cup-4p-midround.json", GAMES)
    bot, rng = make_bot(GAME, "greedy"), Rng(1)
    while match.to_act() != (0,):  # the bots' placements, then Gryffindor's last token: Monday is turned over
        match.apply(bot.choose(GAME.view(match.state, match.to_act()[0]), rng))
    match.apply(PlaceToken(0, 0, 2))
    assert not match.seats[match.to_act()[0]].is_human  # a bot takes Monday's cards first
    app.go.table(match)
    driver = Driver(app)
    table = app.scenes.stack[0]
    for _ in range(600):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            break
    assert isinstance(app.scenes.top, PrivacyOverlay) and table.session.match.log  # the bot has moved
    assert table.busy()  # its move not yet drawn: nobody waited for it on a bare table


def test_a_card_held_on_a_tall_touchscreen_is_enlarged_to_use_its_width():
    """On a tablet held upright (1200x1920) a card held to be read was about 250 pixels wide (300 design pixels),
    with half the screen free; in a tall window it may now take up to 45% of the width. A wide window's is kept."""
    sizes = {}
    for size in ((1200, 1920), (1280, 800)):
        app, driver, table = table_for(["human", "greedy", "greedy"], size=size)
        fingers = Driver(app, fingers=True)
        first = next(table.hits.of_kind("card"))
        fingers.down((first.rect.centerx, first.rect.top + 8), finger=1)
        fingers.frames(40)
        assert table.zoomed() == first.item
        rect = table.zoom_painter.rect
        assert rect is not None and app.screen.get_rect().contains(rect)
        sizes[size] = rect.width
        pygame.quit()
    assert sizes[(1200, 1920)] >= 0.4 * 1200 and sizes[(1280, 800)] == 300


def test_a_tap_on_one_of_your_own_cards_opens_your_cards_large():
    """A finger on one of one's own cards (a stack shows only their top strips) did nothing, or while taking said
    "Take the cards of Thursday: they are lit up"; only the empty room beside them opened the list. A tap on one
    opens "Your cards", each large."""
    from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay
    from tests.house_cup_positions import position, taking

    mine = ["potions-1", "potions-2", "charms-1"]
    state = taking(position(["Gryffindor", "Slytherin"], tableau=[mine, []], days={2: ["herbology-1"]}), 2, [(0, 1)])
    state.round = 1
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = table_at(state, seats, fingers=True)
    assert table.can_take()
    rect = table.hits.rect_of("card", "potions-1")
    driver.tap((rect.centerx, rect.top + 6))  # the lower card's strip
    overlay = app.scenes.top
    assert isinstance(overlay, PlayerCardsOverlay) and not table.message_error
    assert table.session.match.log == []


def test_against_bots_a_token_placed_by_mistake_can_be_taken_back_before_they_answer():
    """A bot starts thinking the moment a person has placed a token, and Undo waited for no bot to be thinking:
    against bots it stayed unlit after every placement of a whole game (a touchscreen review). Now Undo takes the
    token back while the bots think over their answer (during the Settings delay); their question is forgotten."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    houses = ["Gryffindor", "Slytherin", "Hufflepuff"]
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy"), SeatInfo("Hufflepuff", "greedy")]
    app.go.table(Match(GAME, seats, {"houses": houses, "first": 0}, 11))
    driver = Driver(app)
    driver.frames(10)
    table = app.scenes.stack[0]
    before = to_json(table.session.match.state)
    driver.perform(table.gesture_for(PlaceToken(0, 0, 1)))
    driver.frames(3)  # the bot of Slytherin thinks (0.7 s at Normal)
    assert table.session.bot_thinking == 1 and table.session.can_undo() and table.bar[1].enabled
    driver.tap(table.bar[1].rect.center)
    assert table.message == "Your last move was taken back."
    assert to_json(table.session.match.state) == before and table.session.bot_thinking is None
    driver.frames(90)  # the bot's question is forgotten: nobody moves until the person does
    assert table.session.match.log == []
    driver.perform(table.gesture_for(PlaceToken(0, 3, 1)))
    driver.frames(120)
    assert table.session.match.log[0] == PlaceToken(0, 3, 1) and len(table.session.match.log) >= 2


def test_the_side_log_is_wrapped_again_when_its_lines_change_under_the_same_length_and_last_line():
    """The side log's wrapped lines were kept by their count and the last line: told again to the next person at
    the screen, as long and ending on the same public line, it showed the last person's private lines ("Slytherin
    places their 1 token face down under Tuesday", a privacy audit)."""
    app, driver, table = table_for(["human", "human"])
    table.recent = ["Gryffindor places their 2 token face down under Monday.", "Slytherin's turn."]
    assert "2 token" in " ".join(line for lines in table.recent_wrapped(400) for line in lines)
    table.recent = ["Gryffindor places a token face down under Monday.", "Slytherin's turn."]
    shown = " ".join(line for lines in table.recent_wrapped(400) for line in lines)
    assert "2 token" not in shown and "places a token" in shown


def test_undo_tapped_while_unlit_says_why():
    """Undo went grey with no word: a player alone against bots, whose answers come within a second, took it for
    broken (a reviewer). Tapped while unlit it says why: nothing of yours yet, another player has moved since,
    or the move showed something."""
    app, driver, table = table_for(["human", "greedy"])
    undo = table.bar[1]
    assert not undo.enabled
    driver.tap(undo.rect.center)
    assert table.message == "There is no move of yours to take back yet."
    driver.perform(table.gesture_for(PlaceToken(0, 2, 2)))
    for _ in range(60):
        if table.session.match.log[-1].seat != 0:
            break
        driver.frames(1)
    assert table.session.match.log[-1].seat == 1 and not undo.enabled  # the bot has answered
    driver.tap(undo.rect.center)
    assert table.message.startswith("Undo takes back only your own last move")
    pygame.quit()


def test_a_scores_change_floats_beside_the_score_in_its_own_panel():
    """A score's change rose from the score's own badge, its figures over the total's ("98 pts" under "+17": a
    reviewer playing alone); at the window's top it rose out of sight, and from a lower panel into the one above.
    It floats beside the badge now, in the badge's own panel, never over the badge."""
    from tabletop.ui import theme

    for size in [(1280, 800), (1024, 640), (1080, 1920)]:
        app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], animation="Normal", size=size)
        driver.frames(30)
        table.snap_next_draw = False
        window = pygame.Rect((0, 0), size)
        for seat in range(4):
            badge = table.hits.rect_of("score", f"score:{seat}")
            assert badge is not None
            table.score_changes.clear()
            table.float_change(seat, 17)
            flight = table.score_changes[-1]
            label = theme.text("+17", 22, theme.GOOD, bold=True).get_rect()
            panel = table.layout.me if seat == table.view.seat else table.layout.opponents[seat]
            for point in (flight.start, flight.end):
                rect = label.move_to(center=point)
                assert not rect.colliderect(badge) and window.contains(rect), (size, seat, rect, badge)
                assert panel.contains(rect), (size, seat, rect, panel)
        pygame.quit()


@pytest.mark.parametrize("size,scale", [((1280, 720), 200), ((1024, 640), 100), ((1280, 800), 100)])
def test_every_card_name_on_a_crowded_day_shows_whole(size, scale):
    # Friday holds five cards in the midround example; at 1280x720 and the largest interface scale their name
    # strips lay 14 px apart, each name cut in half: the cards narrow first.
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=scale))
    app.go.table(load_match(asset_dir("saves") / "house-cup-4p-midround.json", GAMES))
    driver = Driver(app)
    driver.frames(50)
    driver.key(pygame.K_RETURN)  # past the screen handed to Gryffindor
    driver.frames(10)
    table = app.scenes.stack[0]
    crowded = 0
    for day, cards in enumerate(table.view.days):
        rects = [table.hits.rect_of("card", card) for card in cards]
        assert all(rect is not None for rect in rects), (day, cards)
        crowded += len(rects) >= 4
        for upper, lower in itertools.pairwise(rects):
            assert lower.top - upper.top >= header_height(upper.width), (size, scale, day)
        if rects:
            assert rects[-1].bottom <= table.layout.card_areas[day].bottom
    assert crowded


def cached_bytes() -> int:
    """The bytes of every surface the app keeps cached (the kit's caches, panels, text, scaled art)."""
    from tabletop.ui import assets, theme
    from tabletop.ui.sprites import cache

    surfaces = [found for kept in cache._CACHES for found in kept.values() if isinstance(found, pygame.Surface)]
    surfaces += [*theme._panel_cache.values(), *theme._text_cache.values(), *assets._scaled.values()]
    return sum(surface.get_bytesize() * surface.get_width() * surface.get_height() for surface in surfaces)


def test_a_window_dragged_through_many_sizes_keeps_no_surface_of_the_sizes_it_left():
    """Every cached surface is made for one window size, and they were all kept: a window dragged through sizes
    grew to 1.6-2 GB at 4K and kept it back at its first size (a review of a long evening's session)."""
    app, driver, table = table_for(["human", "greedy"])
    one_size = cached_bytes()  # at 1280x800
    for size in [*((1280 + 40 * step, 800 + 25 * step) for step in range(1, 12)), (1280, 800)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        driver.frames(2)
    assert table.layout.size == (1280, 800)
    assert cached_bytes() < 1.5 * one_size


def test_while_the_last_move_is_shown_the_next_person_is_told_to_wait():
    """Four people: after one's last card of a day the table showed what it did for up to 4 s, the next person's
    panel already read "their turn", and they took the screen with the last person's tokens under the days face
    up (a review by touch). The banner says the screen passes on after it, their panel says "next"; and the
    last person's score changes no longer float by the next person's score."""
    import random

    app, driver, table = table_for(["human", "human", "human", "human"], animation="Normal")
    rng, seen = random.Random(3), False
    for _ in range(400):
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(50)
            driver.tap((640, 400))
            assert table.score_changes == []
            continue
        if table.busy() and table.handing_to() is not None:
            seen = True
            handing = table.handing_to()
            said = table.prompt()[0]
            assert "screen passes to " + table.session.names()[handing] in said, said
            assert table.look().handing_to == handing
            break
        if table.my_turn():
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(2)
    assert seen, "no hand-over while a move was being shown"


def test_the_turn_bell_rings_once_at_a_hand_over_as_the_person_takes_the_screen(monkeypatch):
    """Two people and two bots: after a bot's move the bell rang for the next person while the last one still held
    the screen, then again when the next one passed the privacy screen (a review of the sound: 30 of 37 hand-overs
    rang twice)."""
    import random

    app, driver, table = table_for(["human", "greedy", "human", "greedy"])
    played: list[str] = []
    monkeypatch.setattr(app, "play", played.append)
    rng, handovers = random.Random(5), 0
    for _ in range(600):
        if isinstance(app.scenes.top, PrivacyOverlay):
            assert "turn" not in played, "rung before the screen passed"
            driver.frames(50)
            driver.tap((640, 400))
            assert played.count("turn") == 1
            handovers += 1
            if handovers == 4:
                break
            played.clear()
            continue
        if table.my_turn():
            played.clear()
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(2)
    assert handovers == 4


def test_a_moves_sounds_come_with_its_events_as_they_are_shown(monkeypatch):
    """The table shows a move's events one by one, but every sound of the move rang at once: the reward chime up
    to 2.6 s before the tokens flew, the reveal 3 s before they turned over (a review of the sound)."""
    import random

    app, driver, table = table_for(["human", "greedy"], animation="Normal")
    heard: list[tuple[float, str]] = []
    monkeypatch.setattr(app, "play", lambda sound: heard.append((app.now, sound)))
    due: list[tuple[float, float, str]] = []  # (the move's moment, its event's beat, the sound)
    delay = table.sound_delay

    def recording(event):
        wait = delay(event)
        sound = table.sound_for(event)
        if sound and wait > 0.3:
            due.append((app.now, app.now + wait, sound))
        return wait

    monkeypatch.setattr(table, "sound_delay", recording)
    rng = random.Random(2)
    for _ in range(2000):
        if len(due) >= 3 and app.now > max(when for _, when, _ in due) + 0.2:
            break
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(2)
    assert len(due) >= 3
    for moved, when, sound in due:
        assert not any(moved <= at < when - 0.05 and s == sound for at, s in heard), f"{sound} rang before its beat"
        assert any(when - 0.05 <= at <= when + 0.2 and s == sound for at, s in heard), f"{sound} never rang on it"


def test_a_dragged_token_lights_the_day_it_would_go_to_more_than_the_others():
    """Every legal day lit alike while a finger, hiding the line between two days, dragged a token: a drop 2 px
    past it went to the next day unannounced (a review by touch). The day under the token is lit the more."""
    app, driver, table = table_for(["human", "greedy"])
    start = table.token_rect(2).center
    driver.down(start)
    driver.frames(2)
    for day in (2, 4):
        driver.move(table.layout.columns[day].center)
        driver.frames(2)
        look = table.look()
        assert look.aimed_day == day and day in look.lit_days
    driver.move(table.layout.banner.center)
    driver.frames(2)
    assert table.look().aimed_day is None and table.look().lit_days
    driver.up(table.layout.banner.center)
    driver.frames(2)


def test_a_moves_coming_sounds_wait_while_the_pause_covers_the_table(monkeypatch):
    """Under the pause the table's motions stand still; its sounds rang all at once as it came back, before the
    tokens they went with (the second diff review)."""
    import random

    app, driver, table = table_for(["human", "greedy"], animation="Normal")
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    rng = random.Random(2)
    for _ in range(3000):
        if any(at - app.now > 0.5 for at, _ in table.coming_sounds):
            break
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(1)
    waiting = [sound for at, sound in table.coming_sounds if at - app.now > 0.5]
    assert waiting
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
    driver.frames(60 * 5)
    heard.clear()
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert app.scenes.top is table and not set(waiting) & set(heard)  # not at once
    driver.frames(60 * 4)
    assert set(waiting) <= set(heard)  # on their beats


def test_a_finger_on_a_strip_thinner_than_a_fingertip_enlarges_it_and_a_second_tap_takes_it():
    """At 1366x768 with eight cards on a day each showed as a 23 px strip, and a finger's tap took whichever lay
    under it at once (a review by touch). A first tap on such a strip enlarges the card and says a second takes
    it; a card shown whole, or the mouse, takes it at once."""
    from tabletop.games.house_cup.events import TakeCard
    from tabletop.ui.tables.house_cup.table import FINGERTIP_PX
    from tabletop.ui.theme import px
    from tests.house_cup_positions import position, taking
    from tests.test_ui_house_cup_newcomer import open_match

    wednesday = ["divination-1", "potions-2", "potions-7", "potions-12", "herbology-4", "charms-1", "castle-3"]
    state = taking(position(days={2: [*wednesday, "quidditch-2"]}), 2, [(0, 3)])
    seats = [SeatInfo(house, "human" if seat == 0 else "greedy") for seat, house in enumerate(state.houses)]
    app, driver, table = open_match(Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)), (1366, 768))
    driver.fingers = True
    assert table.can_take()
    cards = [placed for placed in table.hits.of_kind("card") if placed.item in table.view.days[2]]
    strip, below = cards[2], cards[3]  # (each card lies over the one before it, its top a strip)
    assert below.rect.top - strip.rect.top < px(FINGERTIP_PX)
    at = (strip.rect.centerx, strip.rect.top + (below.rect.top - strip.rect.top) // 2)
    driver.tap(at)
    assert table.session.match.log == [] and "tap it again to take it" in table.message
    assert table.long_press_card == strip.item
    driver.tap(at)
    assert table.session.match.log[-1] == TakeCard(table.view.seat, strip.item)
    assert "tap it again" not in table.message  # (it stayed 3 s over the take: a review by touch)
    driver.frames(2)
    whole = [placed for placed in table.hits.of_kind("card") if placed.item in table.view.days[2]][-1]
    driver.tap(whole.rect.center)  # the top card shows whole: taken at once
    assert table.session.match.log[-1] == TakeCard(0, whole.item)


def test_a_card_dragged_down_to_your_cards_is_taken_and_one_dropped_elsewhere_or_of_another_day_is_not():
    """The banner's other way to take a card: drag it down to your cards (every test tapped: a drop there that took
    nothing passed them all)."""
    from tabletop.games.house_cup.events import TakeCard
    from tests.house_cup_positions import position, taking
    from tests.test_ui_house_cup_newcomer import open_match

    days = {2: ["potions-2", "charms-1", "potions-7"], 3: ["herbology-4", "potions-12"]}
    state = taking(position(days=days), 2, [(0, 3)])
    seats = [SeatInfo(house, "human" if seat == 0 else "greedy") for seat, house in enumerate(state.houses)]
    app, driver, table = open_match(Match(GAME, seats, GAME.default_options(4), 1, start=to_json(state)), (1280, 800))
    assert table.can_take()
    log, mine = table.session.match.log, table.layout.me

    def card(name: str) -> tuple[int, int]:
        rect = table.hits.rect_of("card", name)
        assert rect is not None
        return rect.center

    driver.drag(card("potions-7"), (card("potions-7")[0], card("potions-7")[1] - px(100)))  # up, not to your cards
    assert log == [] and table.message == "Drag the card down to your cards, or just tap it, to take it."
    driver.drag(card("potions-12"), mine.center)  # Thursday's: not one to take
    assert log == []
    driver.drag(card("potions-7"), mine.center)
    assert log == [TakeCard(0, "potions-7")]


def test_with_animations_off_a_scores_change_still_shows_beside_it_without_moving():
    """With animations off a score moved with nothing beside it to say by how much (a review of reduced motion and
    animations off): the change shows still, for the Normal pace's time, and the table waits for none of it."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], animation="Off")
    driver.frames(30)
    table.snap_next_draw = False
    table.score_changes.clear()
    table.float_change(1, 17)
    (flight,) = table.score_changes
    assert flight.start == flight.end and flight.duration > 0
    assert not table.busy(), "nothing waits for it"
    driver.frames(1)
    table.float_change(1, -5)  # another while it shows (nothing paces them): one figure, not two on one spot
    (merged,) = table.score_changes
    assert merged.item[0] == "+12" and merged.elapsed == 0.0
    table.float_change(2, 3)  # another seat's: its own
    assert len(table.score_changes) == 2
    pygame.quit()


def test_the_ring_marks_the_token_taking_now_when_a_house_has_two_under_the_day():
    """The ring went round the seat's first token under the day, but the rules take the lowest value first: with
    Gryffindor's 3 above its 1, the 3 was ringed while the 1 took (a newcomer's review: 362 of 4075 takes)."""
    from tabletop.games.house_cup import GAME as HOUSE_CUP
    from tabletop.ui.tables.house_cup.painter import taking_token
    from tests.house_cup_positions import position, taking

    state = taking(position(days={2: ["potions-2", "charms-1", "castle-3"]}), 2, [(0, 3), (1, 2), (0, 1)])
    assert state.current_taker().value == 1 and list(HOUSE_CUP.to_act(state)) == [0]
    view = HOUSE_CUP.view(state, 1)
    assert taking_token(view, 2) == 2
    assert taking_token(view, 1) == -1


def test_the_placing_banner_counts_placements_in_words_not_token_numbers():
    """'(your token 1 of 3)' read as the token numbered 1, and still said so after the 3 was placed first (a
    newcomer's review): the banner says first, second, last."""
    from tabletop.games.house_cup.events import PlaceToken

    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"])
    driver.frames(5)
    assert table.prompt()[0].endswith("(your first of three).")
    driver.perform(table.gesture_for(PlaceToken(0, 1, 3)))
    for _ in range(200):
        driver.frames(1)
        if table.my_turn():
            break
    assert table.prompt()[0].endswith("(your second of three).")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_at_a_large_interface_size_the_side_log_keeps_room_and_the_supply_holds_its_tokens(size):
    """At 125% and more the side log (what happened while one looked away) had 0 pixels and was not drawn (a
    review of large sizes): the supply gives up room, its tokens smaller, under their caption."""
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=150))
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    app.go.table(Match(GAME, [SeatInfo(house, "greedy") for house in houses], GAME.default_options(4), 3))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    layout = table.layout
    assert layout.recent.height > px(30)  # drawn (painter: above 30)
    assert layout.recent.top >= layout.supply.bottom and table.supply_pile.radius < px(8)
    pygame.quit()


def test_the_turn_bell_after_a_bots_move_rings_once_the_table_has_shown_it(monkeypatch):
    """The bell rang as the bot's move was made, while the table still told it: up to 3 s before the day's tokens
    turned over, the person's turn announced over the reveal (a review of the sound). It rings once the table is
    still, once for each turn."""
    import random

    app, driver, table = table_for(["human", "greedy", "greedy"], animation="Normal")
    heard: list[tuple[str, bool]] = []
    monkeypatch.setattr(app, "play", lambda sound: heard.append((sound, table.busy())))
    rng, turns = random.Random(3), 0
    for _ in range(6000):
        if table.my_turn() and not table.busy():
            log = table.session.match.log
            if log and log[-1].seat != 0:  # a bot's move made it the person's turn
                bells = [busy for sound, busy in heard if sound == "turn"]
                assert bells == [False], heard  # one bell, rung once the move was shown
                turns += 1
                if turns == 8:
                    break
            heard.clear()
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(1)
    assert turns == 8


def test_a_tap_on_the_bare_table_shows_the_bots_moves_done_at_once_and_the_turn_comes(monkeypatch):
    """House Cup against bots was 72% animation, with 25-40 s between two of one's moves (a review of tempo): a tap
    that does nothing else while the bots' moves are still told shows them done, and the bell rings for the turn.
    The token picked stays picked."""
    import random

    app, driver, table = table_for(["human", "greedy", "greedy"], animation="Normal")
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    rng = random.Random(5)
    for _ in range(6000):
        log = table.session.match.log
        if table.my_turn() and table.busy() and log and log[-1].seat != 0 and table.can_place():
            break
        if table.my_turn() and not table.busy():
            driver.perform(table.gesture_for(rng.choice(table.view.legal)))
        else:
            driver.frames(1)
    assert table.my_turn() and table.busy()
    bare = next(
        (x, y)
        for y in range(80, 560, 8)
        for x in range(280, 1040, 8)
        if table.hits.at((x, y)) is None and not table.button_at((x, y))
    )
    token = table.view.held[0][0]
    driver.tap(table.token_rect(token).center)
    assert table.selected_token == token
    moves, heard[:] = len(table.session.match.log), []
    driver.frames(25)  # (not the second of a double tap)
    assert table.busy()  # (still telling the bots' moves)
    driver.tap(bare)
    assert not table.busy() and len(table.session.match.log) == moves
    assert heard.count("turn") == 1 and table.selected_token == token


def test_a_divination_taken_goes_to_its_takers_cards_before_it_goes_back_into_the_deck():
    """A Divination taken stayed on its day through the take, the draw and the shuffle, then flew from the day
    straight into the deck, while the card it drew was already among the taker's cards as the take was told. Now
    the Divination comes to the taker's cards on its take's beat, the drawn card comes on the draw's beat, and
    only then does the Divination go back into the deck."""
    from tests.house_cup_positions import position, taking

    state = position(["Gryffindor", "Slytherin"], days={2: ["divination-1"]}, deck_top=["potions-1"])
    state = taking(state, 2, [(0, 1)], last_round=False)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "greedy")]
    app, driver, table = table_at(state, seats, animation="Normal")
    driver.tap(table.hits.rect_of("card", "divination-1").center)
    assert table.session.match.log  # taken
    seen: list[tuple[bool, bool]] = []  # each frame: the Divination among my cards, the drawn card there
    for _ in range(240):
        driver.frames(1)
        mine = table.layout.my_cards
        divination = table.stage.rect_of(("card", "divination-1"))
        drawn = table.hits.rect_of("card", "potions-1")
        seen.append(
            (divination is not None and mine.contains(divination), drawn is not None and mine.colliderect(drawn))
        )
    first_home = next(index for index, (home, _) in enumerate(seen) if home)
    first_drawn = next(index for index, (_, drawn) in enumerate(seen) if drawn)
    assert first_home < first_drawn  # the Divination came first, its draw after
    assert seen[first_drawn][0]  # still there as the drawn card comes
    assert seen[-1] == (False, True)  # then gone into the deck; the drawn card kept
    assert "divination-1" in table.session.match.state.deck
    pygame.quit()


def test_a_trouble_given_by_a_letter_says_who_gave_it():
    """A Trouble another player gave with a Letter opened its panel saying only "Trouble! It acts at once: discard
    one of the other cards you have now.", to a person who had taken no Trouble (the giver's move was told on the
    other person's screen, before the privacy screen). The panel now names the giver."""
    from tabletop.games.house_cup.events import TakeCard
    from tests.house_cup_positions import position, taking

    tableau = [["potions-1", "charms-1"], ["trouble-2"]]
    state = taking(position(["Gryffindor", "Slytherin"], tableau=tableau, days={3: ["letter-1"]}), 3, [(1, 1)])
    app, driver, table = table_at(state, [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")])
    screen_to(driver, table, 1)
    assert table.session.submit(TakeCard(1, "letter-1")) is None  # (the Trouble, Ben's only card, goes to Ada)
    screen_to(driver, table, 0)  # the screen passes to Ada, whose Trouble it is now
    assert table.panel is not None and table.panel.title == "Trouble!"
    assert table.panel.explain.startswith("Ben gave you this Trouble."), table.panel.explain
    pygame.quit()


@pytest.mark.parametrize("supply", [None, 0])
def test_a_cauldron_given_by_a_letter_says_who_gave_it_and_that_it_was_not_taken(supply: int | None):
    """Boris's Letter gave Ada the Magic Cauldron (a four-seat review, three people passing one tablet): the
    screen passed to her with nothing secret, no privacy screen, and her panel said only "You may discard one card
    to take a reward token."; the next person's said "Ada took the Magic Cauldron", which she never did. Her panel
    now names the giver, and the others' say she received it, the supply empty or not."""
    from tabletop.games.house_cup.events import CauldronDiscard, TakeCard
    from tests.house_cup_positions import position, taking

    tableau = [["potions-1"], ["cauldron-1"]]
    given = position(["Gryffindor", "Slytherin"], tableau=tableau, days={3: ["letter-1"]}, supply=supply)
    state = taking(given, 3, [(1, 1)])
    but = ", but the supply is empty:" if supply == 0 else ""
    app, driver, table = table_at(state, [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")])
    screen_to(driver, table, 1)
    assert table.session.submit(TakeCard(1, "letter-1")) is None  # (his only card, to his only opponent: given)
    screen_to(driver, table, 0)
    assert table.panel is not None and table.panel.title == "Magic Cauldron"
    assert table.panel.explain.startswith(f"Ben gave you the Magic Cauldron{but or '.'}"), table.panel.explain
    assert table.session.submit(CauldronDiscard(0, None)) is None
    screen_to(driver, table, 1)
    assert table.panel is not None and table.panel.title == "Magic Cauldron"
    assert table.panel.explain.startswith(f"Ada received the Magic Cauldron{but or ':'}"), table.panel.explain
    pygame.quit()


def test_eleven_cards_to_discard_from_in_an_upright_window_lie_in_two_rows_of_larger_cards():
    """At 800x1280 a Trouble taken with eleven other cards asked for a discard from one row of cards 61 px wide,
    their words 6 px high, with room under it for two rows of full-size cards. An upright window's panel wraps its
    cards into rows whenever they come larger so."""
    from tabletop.games.house_cup.events import TakeCard
    from tests.house_cup_positions import position, taking

    mine = ["potions-1", "potions-2", "charms-1", "creatures-1", "quidditch-1", "history-1", "castle-1"]
    mine += ["uniform-1", "elf-1", "earphones-1", "help_owlery-1"]
    state = taking(position(["Gryffindor", "Slytherin"], tableau=[mine, []], days={1: ["trouble-2"]}), 1, [(0, 1)])
    app = App((800, 1280), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")]
    app.go.table(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 3, to_json(state)))
    driver = Driver(app)
    table = app.scenes.stack[0]
    screen_to(driver, table, 0)
    assert table.session.submit(TakeCard(0, "trouble-2")) is None
    driver.frames(3)
    panel = table.panel
    assert panel is not None and panel.title == "Trouble!" and len(panel.card_rects) == 11
    rects = list(panel.card_rects.values())
    assert len({rect.top for rect in rects}) == 2, "two rows"
    assert min(rect.width for rect in rects) >= px(panel.card_width) * 9 // 10, rects[0]
    assert all(app.screen.get_rect().contains(rect) for rect in rects)
    pygame.quit()


def test_the_side_log_tells_a_move_once_the_table_shows_it():
    """The side log took every line of the bots' moves at once, while the table told them one beat at a time: it
    read "Laid on the timetable: ..." beside a timetable still without those cards, under the banner's "Ravenclaw
    places a token face down under Thursday". A line now joins the side log as its beat begins."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], animation="Normal")
    assert table.submit(table.view.legal[0])
    early, later = False, False  # the deal's line kept back while the bots' tokens are told; then shown
    for _ in range(600):
        driver.frames(1)
        shown = " ".join(" ".join(line) for line in table.look().recent)
        dealt = sum("Laid on the timetable" in line for line in table.recent)
        if (
            dealt == 2
            and shown.count("Laid on the timetable") == 1
            and "places a token" in (table.pacer.caption(app.now) or "")
        ):
            early = True
        if early and shown.count("Laid on the timetable") == 2:
            later = True
            break
    assert early and later
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1280, 720)])
def test_the_log_opened_at_its_end_shows_its_top_line_whole(size):
    """The log opens at its newest line; its room was not a whole number of lines, so the top line shown was cut
    in half (a review in Russian at 1280x720). Every line shown is whole, the last one at the bottom."""
    from tabletop.core.saves import load_match

    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    match = load_match(asset_dir("saves") / "house-cup-4p-midround.json", GAMES)
    driver, table = at_table(app, match)
    app.scenes.push(LogOverlay(app, table.session, None))
    driver.frames(2)
    log = app.scenes.top
    assert isinstance(log, LogOverlay)
    step = log.line_step()
    assert log.scroll.content_height > log.scroll.rect.height  # (it scrolls: the top line shown is not the first)
    assert log.scroll.offset == log.scroll.content_height - log.scroll.rect.height  # (at the end)
    assert log.scroll.offset % step == 0 and log.scroll.rect.height % step == 0


def test_a_cauldron_kept_from_a_search_names_no_giver_though_a_letter_gave_that_card_before():
    """The Cauldron's giver is read from the last move that brought the card: a search's card kept was not one,
    so the same Cauldron given by Ben's Letter earlier in the match (discarded and shuffled back since) made the
    one Ada found in the deck "Ben gave you the Magic Cauldron"."""
    from tabletop.games.house_cup import events as hc_events
    from tests.house_cup_positions import position, taking

    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["help_search-1"], []],
        days={0: ["potions-5"]},
        deck_top=["cauldron-1", "trouble-2", "hagrid-1", "potions-1", "charms-1", "castle-1"],
    )
    taking(state, 0, [(1, 1)])
    GAME.apply(state, hc_events.TakeCard(1, "potions-5"))
    app, driver, table = table_at(state, [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")])
    table.session.match.history.insert(0, [hc_events.CardGiven(1, 0, "cauldron-1")])  # (an earlier round's gift)
    screen_to(driver, table, 0)
    assert table.session.submit(hc_events.KeepCard(0, "cauldron-1")) is None
    driver.frames(3)
    assert table.panel is not None and table.panel.title == "Magic Cauldron"
    assert "gave you" not in table.panel.explain, table.panel.explain
    pygame.quit()
