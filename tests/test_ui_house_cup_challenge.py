"""The House Cup Challenge table through real pygame events: drag a character along a lit path, drag a card
onto a lit space, choose in the panels, tap Special Cards, the Wand Bonus Token drawn as a piece that turns over,
privacy between two people, and a stretch of play whose final state equals a headless replay."""

import random

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup_challenge.setup import ChallengeSetup
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tests.house_cup_challenge_positions import position
from tests.ui_driver import Driver

GAME = GAMES["house-cup-challenge"]


def table_for(state, controllers=("human", "greedy", "greedy", "greedy"), size=(1280, 800)):
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(name, c) for name, c in zip(("Ada", "Ben", "Cleo", "Dev"), controllers, strict=False)]
    match = Match(GAME, seats, GAME.default_options(len(seats)), 1, start=to_json(state))
    app.go.table(match)
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    return app, driver, table


def test_dragging_the_character_lights_the_reachable_spaces_shows_the_path_and_moves_with_the_encounter():
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    app, driver, table = table_for(state)
    start = table.hits.rect_of("token", 0).center
    target = table.layout.cells["B6"].center
    driver.down(start)
    driver.frames(2)
    driver.move((start[0] + 30, start[1]))
    driver.frames(2)
    driver.move(target)
    driver.frames(3)
    assert table.drag is not None and table.drag.kind == "token"
    ends = {c.path[-1] for c in GAME.legal(table.session.match.state, 0) if isinstance(c, ev.Move)}
    assert table.lit_cells() == ends and "B6" in ends and "C5" not in ends  # 4 steps away
    assert table.hovered_path() == ["A5", "B5", "B6"]
    driver.up(target)
    driver.frames(3)
    # Two moves end on B6: encounter Peeves, or walk onto it (Harry passes its Test): a chooser asks.
    assert table.choosing is not None and table.panel is not None
    driver.perform(table.gesture_for(ev.Move(0, ("B5", "B6"))))
    match = table.session.match
    assert match.log[0] == ev.Move(0, ("B5", "B6"))
    assert match.state.players[0].completed == ["Y1-24"]


def test_a_drop_out_of_reach_changes_nothing_and_says_why():
    state = position(cells=["A5", "H7", "H7", "H7"])
    app, driver, table = table_for(state)
    before = to_json(table.session.match.state)
    driver.drag(table.hits.rect_of("token", 0).center, table.layout.cells["H1"].center)
    assert "cannot reach" in table.message
    assert to_json(table.session.match.state) == before


def test_dragging_a_card_lights_where_it_may_be_played_and_a_drop_plays_it():
    state = position(
        cells=["C3", "H7", "H7", "H7"], hands=[["Y1-26", "Y1-01"], [], [], []], deck_top=["Y1-05", "Y1-06", "Y1-08"]
    )
    app, driver, table = table_for(state)
    rect = table.hits.rect_of("card", "Y1-26")
    start = (rect.centerx, rect.top + 20)
    driver.down(start)
    driver.frames(2)
    driver.move((start[0], start[1] - 80))
    driver.frames(2)
    assert table.lit_cells() == {"C3", "H2"}  # Owl Post: the Great Hall (here) or the Owlery
    target = table.layout.cells["H2"].center
    driver.move(target)
    driver.frames(3)
    driver.up(target)
    driver.frames(3)
    match = table.session.match
    assert match.log[0] == ev.PlayThere(0, "Y1-26", "H2")
    assert match.state.board["H2"] == "Y1-26"
    assert sorted(match.state.players[0].hand) == ["Y1-01", "Y1-05", "Y1-06", "Y1-08"]  # the 3 bonus cards


def test_tap_a_card_then_a_space_and_the_boost_panel_by_taps():
    state = position(
        cells=["C6", "H7", "H7", "H7"], hands=[["Y1-06", "Y1-01", "Y1-02"], [], [], []], abilities=[[1, 1, 1]] * 4
    )
    app, driver, table = table_for(state)
    rect = table.hits.rect_of("card", "Y1-06")
    driver.tap(rect.center)
    assert table.selected_card == "Y1-06" and table.lit_cells() == {"C6"}
    driver.tap(table.layout.cells["C6"].center)  # Fluffy (S3 / H3) on Harry's own space, against S1 H1
    match = table.session.match
    assert match.log[-1] == ev.PlayHere(0, "Y1-06")
    assert table.panel is not None and ev.Check(0) in [option.command for option in table.panel.options]
    for command in (ev.Boost(0, "Y1-01", "S"), ev.Boost(0, "Y1-02", "S"), ev.Check(0)):
        before = len(match.log)
        driver.perform(table.gesture_for(command))
        assert match.log[before] == command  # the next seat's bot may already have answered after it
    assert match.state.players[0].completed == ["Y1-06"]  # S 1 + 2 = 3


def test_special_cards_are_tapped_then_their_target():
    state = position(cells=["G7", "H7", "H7", "H7"], specials=[["floo", "hedwig"], [], [], []])
    app, driver, table = table_for(state)
    command = ev.UseSpecial(0, "floo", cell="C3")
    gesture = table.gesture_for(command)
    driver.tap(gesture[0][1])
    assert table.selected_special == "floo" and table.lit_cells() == {"C3", "D3", "H7", "A5"}
    driver.tap(gesture[1][1])
    assert table.session.match.log[0] == command  # (seat 1 may already have played after it)
    assert table.session.match.state.players[0].cell == "C3"


def test_the_setup_scene_starts_a_game_with_the_chosen_prefect():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(3)
    from tabletop.ui.tables import setup_scene_for

    app.scenes.push(setup_scene_for(app, GAME))
    setup = app.scenes.top
    assert isinstance(setup, ChallengeSetup)
    driver.tap(setup.players_choice.arrows()[0].center)  # 3 players
    driver.tap(setup.prefect.arrows()[1].center)  # the Prefect is the second player
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    match = table.session.match
    assert len(match.seats) == 3 and match.options["prefect"] == 1 and match.state.prefect == 1


def test_two_people_share_the_screen_by_pointer_events_and_the_game_replays_the_same():
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cleo", "greedy"), SeatInfo("Dev", "random")]
    app.go.table(Match(GAME, seats, GAME.default_options(4), 99))
    driver = Driver(app, fingers=True)
    table = app.scenes.stack[0]
    session = table.session
    rng = random.Random(3)
    intended = []
    privacy = 0
    for _ in range(4000):
        if len(intended) >= 45 or session.match.result() is not None:
            break
        top = app.scenes.top
        if isinstance(top, PrivacyOverlay):
            privacy += 1
            driver.frames(25)
            driver.tap((640, 400))
            assert session.viewer == top.seat
            continue
        if top is table and table.my_turn():
            view = table.view
            assert view.seat == session.acting_human()
            assert all(p.hand is None for s, p in enumerate(view.players) if s != view.seat)  # hands stay secret
            command = rng.choice(view.legal)
            before = len(session.match.log)
            for _attempt in range(3):
                driver.perform(table.gesture_for(command))
                if len(session.match.log) > before:
                    break
            assert len(session.match.log) > before, f"{command} was not applied ({table.message})"
            assert session.match.log[before] == command
            intended.append(command)
            continue
        driver.frames(2)
    assert len(intended) >= 45
    assert privacy >= 3
    assert [c for c in session.match.log if c.seat in (0, 1)] == intended
    replay = Match.replay(GAME, session.match.seats, session.match.options, session.match.seed, session.match.log)
    assert to_json(replay.state) == to_json(session.match.state)
    pygame.quit()


def test_the_wand_bonus_token_is_a_piece_by_its_holder_and_turns_over_when_flipped():
    state = position(characters=("harry", "ron"), cells=["A5", "C4"], hands=[["Y1-01"], ["Y1-02"]])
    app, driver, table = table_for(state, controllers=("human", "greedy"))

    def looks(seat):
        """'up' for the red face, 'down' for the grey back, read from the screen above the piece's centre."""
        piece = table.hits.rect_of("bonus", seat)
        r, g, b, _ = app.screen.get_at((piece.centerx, piece.top + round(piece.height * 0.2)))
        if r > g + 60 and r > b + 60:
            return "up"
        assert abs(r - g) < 20 and abs(g - b) < 20, (r, g, b)
        return "down"

    for seat in (0, 1):  # each piece sits in its holder's panel
        assert table.layout.players[seat].contains(table.hits.rect_of("bonus", seat))
        assert looks(seat) == "up"
    driver.perform(table.gesture_for(ev.Pass(0)))
    driver.perform(table.gesture_for(ev.WandBonus(0, True)))
    driver.frames(3)
    assert table.session.match.state.players[0].wand_token == "down"
    assert looks(0) == "down" and looks(1) == "up"
    driver.perform(table.gesture_for(ev.Pass(0)))  # the extra action; then the greedy bot flips its own
    driver.frames(5)
    assert table.session.match.state.players[1].wand_token == "down" and looks(1) == "down"
