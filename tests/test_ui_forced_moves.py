"""Settings' "Forced moves: Play them for me": a person alone at a table of bots whose only possible move is one
command has it played for them after a moment, and the banner says so; off (the default), the table waits for the
person as before. Driven through the real app: the positions come from seeded random games, the move is played by
the table's own frames, no event posted."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.protocol import Command
from tabletop.games import GAMES
from tabletop.games.house_cup.events import TakeCard
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import FORCED_PAUSE
from tests.stupefix_ui_helpers import pass_privacy
from tests.ui_driver import STEP, Driver, at_table

PLAYED_FOR_YOU = "Your only possible move was played for you"
TABLES = [("house-cup", 2, 3), ("stupefix", 4, 5), ("house-cup-challenge", 2, 1)]


def seats(players: int) -> list[SeatInfo]:
    return [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "medium") for seat in range(1, players)]


def forced_position(game_id: str, players: int, seed: int) -> tuple[Match, Command]:
    """Seat 0 (the person) facing a single legal command, reached by a seeded random game, and that command."""
    game = GAMES[game_id]
    options = game.default_options(players)
    rng = random.Random(seed)
    match = Match(game, seats(players), options, seed)
    while match.result() is None:
        acting = match.to_act()
        legal = game.legal(match.state, 0) if 0 in acting else []
        if len(legal) == 1 and match.log:
            return match, legal[0]
        match.apply(rng.choice(game.legal(match.state, acting[0])))
    raise AssertionError(f"{game_id}: no forced move for seat 0 with seed {seed}")


def open_forced(game_id: str, players: int, seed: int, play_forced: bool):
    match, forced = forced_position(game_id, players, seed)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", play_forced=play_forced)
    driver, table = at_table(App((1280, 800), settings=settings), match, frames=1)
    return match, forced, driver, table


def persons_moves(match: Match, since: int) -> list[Command]:
    return [command for command in match.log[since:] if command.seat == 0]


@pytest.mark.parametrize(("game_id", "players", "seed"), TABLES)
def test_a_persons_only_move_is_played_for_them_with_the_setting_on(game_id, players, seed):
    match, forced, driver, table = open_forced(game_id, players, seed, play_forced=True)
    start = len(match.log)
    for _ in range(round(3 * FORCED_PAUSE / STEP)):
        if persons_moves(match, start):
            break
        driver.frames(1)
    assert persons_moves(match, start)[:1] == [forced]
    said, _, move = table.message.partition(": ")  # which move, as the log tells it to the person
    batch = match.history[match.log.index(forced, start)]
    told = [match.game.describe(event, table.session.names()) for event in batch if event.visible_to(0)]
    assert said == PLAYED_FOR_YOU and move and move in told


@pytest.mark.parametrize(("game_id", "players", "seed"), TABLES)
def test_with_the_setting_off_the_table_waits_for_the_person(game_id, players, seed):
    match, _forced, driver, table = open_forced(game_id, players, seed, play_forced=False)
    start = len(match.log)
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    assert not table.message.startswith(PLAYED_FOR_YOU)


def test_a_forced_move_is_not_played_while_it_stands_under_a_moment():
    """The person sees their turn come before the move is played for them (a move played at the turn's first frame
    told nothing of what happened)."""
    match, _forced, driver, _table = open_forced("house-cup", 2, 3, play_forced=True)
    start = len(match.log)
    driver.frames(round(0.8 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []


def test_a_forced_move_taken_back_is_left_to_the_person():
    """Undo after the move was played for them brings the person back to it: it waits for them then (played again
    at once, the Undo could never be seen to work)."""
    match, forced, driver, table = open_forced("house-cup-challenge", 2, 1, play_forced=True)  # a Check
    start = len(match.log)
    while not persons_moves(match, start):
        driver.frames(1)
    assert table.session.can_undo()
    table.undo()
    assert match.log[start:] == [] and 0 in match.to_act()
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    driver.perform(table.gesture_for(forced))
    assert persons_moves(match, start)[:1] == [forced]


def test_people_sharing_a_screen_are_asked_even_with_the_setting_on():
    """Among people a move played at once tells the others it was forced: with two people the setting does nothing."""
    game = GAMES["house-cup"]
    match, _forced = forced_position("house-cup", 2, 3)
    two = Match(game, [SeatInfo("Ada"), SeatInfo("Bram")], match.options, match.seed)
    for command in match.log:
        two.apply(command)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", play_forced=True)
    driver = Driver(App((1280, 800), settings=settings))
    driver.app.go.table(two)
    start = len(two.log)
    driver.frames(5)
    assert pass_privacy(driver)  # Ada takes the screen: her move, forced, before her
    assert driver.app.scenes.top.session.viewer == 0
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(two, start) == []


def test_a_forced_move_waits_while_the_person_drags_it():
    """Played under the person's finger, their own drop a moment later was refused as "not your turn"."""
    match, forced, driver, table = open_forced("house-cup", 2, 3, play_forced=True)
    start = len(match.log)
    (_kind, pos), *_rest = table.gesture_for(forced)
    lifted = (pos[0] + 40, pos[1] + 120)
    driver.down(pos)
    driver.frames(2)
    for step in range(1, 9):
        driver.move((pos[0] + 5 * step, pos[1] + 15 * step))
        driver.frames(1)
    assert table.drag is not None
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    driver.up(lifted)
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start)[:1] == [forced]
    assert not table.message_error


def test_a_tap_pressed_as_the_moment_comes_is_the_persons_own_move():
    """Pressed just before the moment and let go after it: the move was played for them under the finger (the
    banner said so) and their tap came on a card already taken."""
    match, forced, driver, table = open_forced("house-cup", 2, 3, play_forced=True)
    start = len(match.log)
    (_kind, pos), *_rest = table.gesture_for(forced)
    driver.frames(round(0.9 * FORCED_PAUSE / STEP))
    driver.down(pos)
    driver.frames(round(0.25 / STEP))
    assert persons_moves(match, start) == []
    driver.up(pos)
    driver.frames(2)
    assert persons_moves(match, start) == [forced]
    assert not table.message.startswith(PLAYED_FOR_YOU) and not table.message_error


def test_a_move_made_again_after_two_undos_is_not_mistaken_for_the_forced_one_before():
    """House Cup, two cards to take: Ada takes History of Magic, Letter is then her only take and is played for her;
    she takes both back and takes Letter herself. The position's forced move had been worked out by the log's
    length, the same again: Letter was played for her once more, and refused (taken already) with an error."""
    game = GAMES["house-cup"]
    rng = random.Random(2)
    match = Match(game, seats(2), game.default_options(2), 2)
    while len(match.log) < 62:  # (the position a search of seeded random games found)
        match.apply(rng.choice(game.legal(match.state, match.to_act()[0])))
    first, then = TakeCard(0, "history-1"), TakeCard(0, "letter-1")
    assert {first, then} <= set(game.legal(match.state, 0))
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", play_forced=True)
    driver, table = at_table(App((1280, 800), settings=settings), match, frames=1)
    driver.perform(table.gesture_for(first))
    while len(match.log) < 64:
        driver.frames(1)
    assert match.log[62:] == [first, then]
    table.undo()
    table.undo()
    assert len(match.log) == 62
    driver.frames(5)
    driver.perform(table.gesture_for(then))
    assert match.log[62:] == [then] and 0 in match.to_act() and len(game.legal(match.state, 0)) > 1
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert match.log[62:] == [then]
    assert not table.message_error


@pytest.mark.parametrize(("game_id", "players", "seed"), TABLES)
def test_a_forced_move_waits_its_moment_again_once_back_from_the_pause(game_id, players, seed):
    """Its moment passed while the pause (or the Rules, the log, a replay) covered the table: it was played on the
    first frame back, the bots' answers with it, before the person had seen the table again."""
    match, forced, driver, table = open_forced(game_id, players, seed, play_forced=True)
    start = len(match.log)
    driver.frames(round(0.5 * FORCED_PAUSE / STEP))  # (the bots preparing their Stupéfix spells have chosen)
    assert persons_moves(match, start) == []
    driver.key(pygame.K_ESCAPE)  # the pause
    assert driver.app.scenes.top is not table
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    driver.key(pygame.K_ESCAPE)  # back to the table
    assert driver.app.scenes.top is table
    driver.frames(round(0.8 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    driver.frames(round(FORCED_PAUSE / STEP))
    assert persons_moves(match, start)[:1] == [forced]


def test_a_forced_move_waits_while_the_person_holds_a_card_up_to_read_it():
    """A long press shows the card enlarged: the card read was taken from under the finger."""
    match, forced, driver, table = open_forced("house-cup", 2, 3, play_forced=True)
    start = len(match.log)
    (_kind, pos), *_rest = table.gesture_for(forced)
    driver.down(pos)
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert table.long_press_card == "help_hagrid-1"
    assert persons_moves(match, start) == []
    driver.up(pos)
    driver.frames(round(0.8 * FORCED_PAUSE / STEP))  # its second starts again once the card is let go
    assert persons_moves(match, start) == []
    driver.frames(round(2 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start)[:1] == [forced]
    assert not table.message_error


def test_a_forced_move_waits_while_a_card_shown_by_z_is_read():
    """Z shows the focused card or score enlarged until the next key: the move waits for that key too."""
    match, forced, driver, table = open_forced("house-cup", 2, 3, play_forced=True)
    start = len(match.log)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_z)  # what the ring rests on, enlarged (a score: how it is made)
    assert table.zoom_pinned and table.long_press_card is not None
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    driver.key(pygame.K_ESCAPE)  # the card goes
    assert table.long_press_card is None and driver.app.scenes.top is table
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start)[:1] == [forced]


@pytest.mark.parametrize(("game_id", "players", "seed"), [t for t in TABLES if t[0] != "house-cup"])
def test_a_forced_move_waits_while_the_person_peeks_at_the_table(game_id, players, seed):
    """The choice's panel folded away by "Peek at the table": the move was played while the person looked, and the
    panel they meant to come back to was gone. It waits until they come back to the choice, then its moment."""
    match, forced, driver, table = open_forced(game_id, players, seed, play_forced=True)
    start = len(match.log)
    panel = table.panel
    assert panel is not None and not panel.hidden
    driver.tap(panel.hide.rect.center)  # Peek at the table
    assert table.panel is not None and table.panel.hidden
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start) == []
    driver.tap(table.panel.hide.rect.center)  # Back to the choice
    assert not table.panel.hidden
    driver.frames(round(0.8 * FORCED_PAUSE / STEP))  # its moment starts again
    assert persons_moves(match, start) == []
    driver.frames(round(2 * FORCED_PAUSE / STEP))
    assert persons_moves(match, start)[:1] == [forced]


def test_a_forced_move_taken_back_waits_for_the_person_while_bots_choose_at_the_same_time():
    """Stupéfix's spells are prepared at once: a Hard bot at the Relaxed speed gets ready after the person's Misfire was
    laid for them and taken back. The position an Undo went back to was known by the log's length, which that bot
    changed: the Misfire was laid for them again a second later."""
    easy, forced = forced_position("stupefix", 4, 5)
    hards = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "hard") for seat in range(1, 4)]
    hard = Match(easy.game, hards, easy.options, easy.seed)
    for command in easy.log:
        hard.apply(command)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Relaxed", play_forced=True)
    driver, table = at_table(App((1280, 800), settings=settings), hard, frames=1)
    start = len(hard.log)
    while not persons_moves(hard, start):
        driver.frames(1)
    assert len(hard.to_act()) > 1  # bots still choose
    table.undo()
    assert persons_moves(hard, start) == []
    chosen = len(hard.log)
    while len(hard.log) == chosen:
        driver.frames(1)  # a bot gets ready
    driver.frames(round(3 * FORCED_PAUSE / STEP))
    assert persons_moves(hard, start) == []
    driver.perform(table.gesture_for(forced))
    assert persons_moves(hard, start) == [forced]


def test_a_forced_move_the_rules_refuse_is_said_once_and_left_to_the_person(monkeypatch):
    """Were the rules ever to refuse the move they gave as the only one, the table tried it again every frame, an
    error sound each time."""
    match, _forced, driver, table = open_forced("house-cup-challenge", 2, 1, play_forced=True)
    refusals = []

    def refuse(command):
        refusals.append(command)
        return "refused"

    monkeypatch.setattr(table.session, "submit", refuse)
    driver.frames(round(4 * FORCED_PAUSE / STEP))
    assert len(refusals) == 1 and table.message == "refused"


def test_the_bell_rings_for_a_turn_the_person_plays_and_not_for_one_played_for_them(monkeypatch):
    """The bell for the person's turn rang, and a second later their only move was made without them (House Cup's
    last card of a day, after the bot took its own): it rings now only for a turn they play themselves."""
    game, players = GAMES["house-cup"], 2
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", play_forced=True)
    app = App((1280, 800), settings=settings)
    driver, table = at_table(app, Match(game, seats(players), game.default_options(players), 7), frames=1)
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    match, rng, played_for, asked = table.session.match, random.Random(7), 0, 0
    after_bot = False  # the person's turn came with a bot's move (not theirs already, as in a phase all play at once)
    for _ in range(4000):
        if match.result() is not None or (played_for >= 1 and asked >= 4):
            break
        if 0 not in match.to_act() or table.busy():
            after_bot = after_bot or 0 not in match.to_act()
            driver.frames(1)
            continue
        if len(game.legal(match.state, 0)) > 1:
            driver.frames(1)  # (the bell rings on a frame with the table still)
            if after_bot:
                assert heard.count("turn") == 1, heard
                asked += 1
            heard.clear()
            after_bot = False
            assert table.submit(rng.choice(table.view.legal))  # (as a gesture hands a move to the table)
            continue
        moves = len(match.log)
        while len(match.log) == moves:
            driver.frames(1)
        assert match.log[moves].seat == 0 and "turn" not in heard, heard
        played_for += after_bot
        heard.clear()
        after_bot = False
    assert played_for >= 1 and asked >= 4
    pygame.quit()


def forced_then_more(game_id: str, players: int, seed: int) -> Match:
    """A bot to act, and whatever it does leaves the person (seat 0) a single move, after which they act again
    with a choice (House Cup: the bot takes its last card of the round, the person's own last one is played for
    them, then they place their tokens for the next round), reached by a seeded random game."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    match = Match(game, seats(players), game.default_options(players), seed)
    while match.result() is None:
        acting = match.to_act()
        if 0 not in acting:
            after = []
            for command in game.legal(match.state, acting[0]):
                trial = Match(game, match.seats, match.options, match.seed)
                trial.state, trial.log = copy.deepcopy(match.state), list(match.log)
                trial.apply(command)
                legal = game.legal(trial.state, 0) if trial.to_act() == (0,) else []
                if len(legal) == 1:
                    trial.apply(legal[0])
                    after.append(trial.to_act() == (0,) and len(game.legal(trial.state, 0)) > 1)
                else:
                    after.append(False)
            if all(after):
                return match
        match.apply(rng.choice(game.legal(match.state, acting[0])))
    raise AssertionError(f"{game_id}: no such position with seed {seed}")


def test_the_bell_rings_for_the_turn_that_goes_on_after_a_move_played_for_the_person(monkeypatch):
    """The bot took its last card of the round and the person's last one was played for them (no bell for it);
    then they place their tokens for the next round, a turn of their own no bell told: the bell was held back for
    the move played for them and never rung, and the person who left the table to the bots heard nothing."""
    match = forced_then_more("house-cup", 2, 2)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", play_forced=True)
    app = App((1280, 800), settings=settings)
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    driver, table = at_table(app, match, frames=1)
    start = len(match.log)
    for _ in range(round(4 * FORCED_PAUSE / STEP)):
        if len(persons_moves(match, start)) == 1 and not table.busy():
            break
        driver.frames(1)
    assert [command.seat for command in match.log[start:]] == [1, 0], match.log[start:]
    assert heard.count("turn") == 0, heard  # (none for the move played for them)
    driver.frames(2)
    assert 0 in match.to_act() and heard.count("turn") == 1, heard  # their turn goes on: its bell
    pygame.quit()
