"""Whenever two or more people share the screen, nothing of any seat is drawn until the screen has been handed to
someone: after Load or Continue, while bots play first, and after a bot's turn."""

import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.paths import asset_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)

TABLE_GAMES = [("house-cup", 4), ("house-cup-challenge", 4), ("thats-wizard", 4)]


def app_with_recorder(monkeypatch):
    """An app whose tables record the seat of every view they draw (and draw nothing)."""
    from tabletop.ui.tables.base import GameTable

    drawn: list[int] = []
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Relaxed"))
    real_draw = GameTable.draw

    def draw(self, surface):
        monkeypatch.setattr(type(self), "draw_table", lambda table, surface: drawn.append(table.view.seat))
        real_draw(self, surface)

    monkeypatch.setattr(GameTable, "draw", draw)
    return app, drawn


def run_until_privacy(app, limit=2000):
    driver = Driver(app)
    for _ in range(limit):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            return driver, app.scenes.top
    raise AssertionError("no privacy screen came")


@pytest.mark.parametrize(("game_id", "players"), TABLE_GAMES)
def test_a_new_game_that_bots_open_shows_no_seat_before_the_screen_is_handed_over(monkeypatch, game_id, players):
    game = GAMES[game_id]
    options = game.default_options(players)
    first = game.to_act(game.setup(players, options, 8))[0]
    seats = [SeatInfo(f"P{seat}", "medium" if seat % 2 == first % 2 else "human") for seat in range(players)]
    app, drawn = app_with_recorder(monkeypatch)
    app.go.table(Match(game, seats, options, 8))
    app.draw()  # a frame drawn before any update
    driver, overlay = run_until_privacy(app)
    if game_id != "thats-wizard":  # (there the wizards all choose at once from the start)
        assert len(app.scenes.stack[0].session.match.log) >= 1  # a bot played while the table was hidden
    assert drawn == [], f"{game_id}: drawn for seats {set(drawn)} before anyone was handed the screen"
    driver.frames(50)  # the privacy screen ignores a tap in its first moments
    driver.tap((640, 400))
    driver.frames(5)
    assert drawn and set(drawn) == {overlay.seat}


def test_loading_the_four_player_example_at_a_bots_turn_shows_nobodys_tokens(monkeypatch):
    """``house-cup-4p-midround``: two people and two bots, saved while a bot is to act."""
    app, drawn = app_with_recorder(monkeypatch)
    assert app.go.open_save(asset_dir("saves") / "house-cup-4p-midround.json") is None
    table = app.scenes.stack[0]
    assert not table.session.is_human(table.session.match.to_act()[0])  # a bot's turn
    frames = 0
    while not isinstance(app.scenes.top, PrivacyOverlay):
        app.draw()
        Driver(app).frames(1)
        frames += 1
        assert frames < 2000
    assert drawn == []


def test_the_cover_says_a_bot_is_playing(monkeypatch):
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Relaxed"))
    assert app.go.open_save(asset_dir("saves") / "house-cup-4p-midround.json") is None
    table = app.scenes.stack[0]
    said = []
    real_text = __import__("tabletop.ui.theme", fromlist=["text"]).text

    def text(value, *args, **kwargs):
        said.append(value)
        return real_text(value, *args, **kwargs)

    monkeypatch.setattr("tabletop.ui.tables.base.theme.text", text)
    Driver(app).frames(2)
    assert table.session.bot_thinking is not None
    app.draw()
    assert any("is playing" in line for line in said)


@pytest.mark.parametrize("fingers", [False, True])
def test_a_quick_second_tap_or_a_touch_begun_before_the_screen_was_armed_does_not_pass_it(fingers):
    """A second tap 0.45 s after the first, as people tap again when nothing seems to happen, passed the "Pass to"
    screen and showed the last person the next one's hand (a reviewer at a touchscreen). Only a touch that begins
    once the screen is armed passes it."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor"), SeatInfo("Slytherin")]
    app.go.table(Match(game, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 11))
    driver = Driver(app, fingers=fingers)
    driver, overlay = run_until_privacy(app)
    driver = Driver(app, fingers=fingers)
    driver.frames(25)  # 0.42 s: a second tap of a double tap
    driver.tap((640, 400))
    assert app.scenes.top is overlay
    driver.down((640, 400))  # a finger that came down before the screen was armed...
    driver.frames(40)
    driver.up((640, 400))  # ...and lifted after: not a tap for this screen
    assert app.scenes.top is overlay
    driver.frames(5)
    driver.tap((640, 400))  # a fresh tap once armed
    assert app.scenes.top is not overlay and overlay.session.shown_to == overlay.seat


def test_ready_is_grey_until_the_screen_takes_a_tap_and_takes_the_first_one_then():
    """A gold Ready ignored the taps of the screen's first moment (a review of tempo): it is drawn grey until the
    screen is armed, and a tap on it as soon as it is armed passes the screen."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor"), SeatInfo("Slytherin")]
    app.go.table(Match(game, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 11))
    driver, overlay = run_until_privacy(app)
    driver.frames(1)
    rect = overlay.ready_button.rect
    at = (rect.left + rect.width // 8, rect.centery)  # (its fill, clear of the word)

    def fill() -> tuple[int, int, int]:
        red, green, blue, _alpha = app.screen.get_at(at)
        return red, green, blue

    grey = fill()
    assert abs(grey[0] - grey[2]) < 20  # drawn grey
    while app.now < overlay.armed_at:
        driver.frames(1)
    driver.frames(1)
    gold = fill()
    assert gold[0] > gold[2] + 40  # drawn gold once armed
    driver.tap(overlay.ready_button.rect.center)
    assert app.scenes.top is not overlay and overlay.session.shown_to == overlay.seat


def test_the_cover_says_which_game_it_is_and_where_it_stands(monkeypatch):
    """The "Pass to" screen named only the person: it says the game and where it stands, as Load does, so the
    one taking the screen knows what comes (in Stupéfix, what is being done: "pointing wands")."""
    from tests.drawn_text import drawn_afresh, record_drawn

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    assert app.go.open_save(asset_dir("saves") / "stupefix-7p-round6-draft.json") is None
    driver, overlay = run_until_privacy(app)
    drawn = record_drawn(monkeypatch)
    match = overlay.session.match
    assert f"Stupéfix - {match.game.progress(match.state).words()}" in drawn_afresh(driver, drawn)
    assert "Round 7 of 8" in match.game.progress(match.state).words()


@pytest.mark.parametrize("way_back", ["Resume", "Settings"])
def test_back_from_the_screens_menu_a_quick_second_tap_does_not_pass_it(way_back):
    """At "Pass to ...", Menu then a quick double tap on Resume (or Settings' Done): the first tap closed the
    pause, the second landed on the privacy screen, armed long before, and showed the next person's table to
    whoever held the screen (a review by touch). The screen arms again each time it is on top again."""
    from tabletop.ui.scenes.overlays import PauseOverlay

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor"), SeatInfo("Slytherin")]
    app.go.table(Match(game, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 11))
    driver, overlay = run_until_privacy(app)
    driver = Driver(app, fingers=True)
    driver.frames(60)  # long armed
    driver.tap(overlay.menu.rect.center)
    pause = app.scenes.top
    assert isinstance(pause, PauseOverlay)
    if way_back == "Resume":
        spot = next(button for button in pause.buttons if button.label == "Resume").rect.center
    else:
        driver.tap(next(button for button in pause.buttons if button.label == "Settings").rect.center)
        settings = app.scenes.top
        spot = settings.done.rect.center
    driver.tap(spot)
    driver.frames(4)
    driver.tap(spot)  # the second tap of a double tap
    assert overlay in app.scenes.stack and overlay.session.shown_to != overlay.seat
    if way_back == "Resume":
        assert app.scenes.top is overlay
