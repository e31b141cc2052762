"""A bot program that hangs, floods, answers for another seat or answers illegally forever never stops the game:
the seat's move is chosen by the Medium heuristic within the time limit, the failure is told, and a bot that
keeps failing is replaced. And a bot's seed tells nothing of the game's seed."""

import os
import signal
import subprocess
import sys

import pytest

from tabletop.bots.serve import question, receive, send
from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.play import bot_worker
from tabletop.play.session import BOT_STRIKES, BOT_TIME_LIMIT, GameSession

GAME = GAMES["house-cup"]

# A fake bot program speaking the real framing; ``behaviour`` decides what it answers.
FAKE = """
import json, sys, time
from tabletop.bots.serve import receive, send
behaviour = {behaviour!r}
while (message := receive(sys.stdin.buffer)) is not None:
    request = message["request"]
    if behaviour == "hang":
        time.sleep(600)
    elif behaviour == "flood":
        for n in range(500):
            send(sys.stdout.buffer, {{"request": -n, "command": None, "error": "noise"}})
        time.sleep(600)
    elif behaviour == "other seat":
        command = {{"type": "PlaceToken", "seat": 0, "day": 0, "value": 1}}
        send(sys.stdout.buffer, {{"request": request, "command": command, "error": None}})
    elif behaviour == "illegal":
        command = {{"type": "PlaceToken", "seat": 1, "day": 9, "value": 1}}
        send(sys.stdout.buffer, {{"request": request, "command": command, "error": None}})
"""


@pytest.fixture
def fake_program(monkeypatch):
    worker = bot_worker.BotWorker()
    monkeypatch.setattr(bot_worker, "_worker", worker)
    asked = []
    real_ask = worker.ask

    def counting_ask(*args):
        asked.append(args)
        return real_ask(*args)

    monkeypatch.setattr(worker, "ask", counting_ask)

    def use(behaviour: str) -> list:
        worker.program = ("-c", FAKE.format(behaviour=behaviour))
        return asked

    yield use
    worker.close()


def bot_first_session() -> GameSession:
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "medium")]
    return GameSession(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 1}, 5))


def drive_until_moved(session: GameSession, start: float = 0.0, patience: float = 60.0, limit: int = 2000) -> float:
    """Run the session until the bot's seat has moved. Each step waits up to ``patience`` seconds for the bot
    program to say something; the session's clock moves on (half a second) only when it said nothing, so a slow
    machine changes nothing."""
    step = 0.5
    now = start
    length = len(session.match.log)
    for _ in range(limit):
        session.update_bots(now, 0.0)
        if len(session.match.log) > length:
            return now
        if not bot_worker.worker().wait(patience):
            now += step
    raise AssertionError("the bot's seat never moved")


@pytest.mark.logged_errors
def test_a_bot_that_hangs_is_stopped_at_the_time_limit_and_the_seat_moves(fake_program):
    fake_program("hang")
    session = bot_first_session()
    moved_at = drive_until_moved(session, patience=0.05)  # it never answers: the clock alone moves on
    assert BOT_TIME_LIMIT < moved_at <= BOT_TIME_LIMIT + 1.0
    assert isinstance(session.match.log[0], PlaceToken) and session.match.log[0].seat == 1
    assert "thought for over" in session.notices[0]


@pytest.mark.logged_errors
def test_a_bot_that_floods_is_taken_for_broken(fake_program):
    fake_program("flood")
    session = bot_first_session()
    moved_at = drive_until_moved(session)
    assert moved_at < BOT_TIME_LIMIT  # not waited out: the flood itself ends the question
    assert session.match.log[0].seat == 1 and "flood" in session.notices[0]


@pytest.mark.logged_errors
def test_an_answer_for_another_seat_is_refused_and_counted(fake_program):
    fake_program("other seat")
    session = bot_first_session()
    drive_until_moved(session)
    assert session.match.log[0].seat == 1  # the person's seat was not moved by the bot
    assert session.strikes[1] == 1 and "answered for another seat" in session.notices[0]


@pytest.mark.logged_errors
def test_a_bot_that_answers_illegally_forever_is_replaced_not_asked_forever(fake_program):
    asked = fake_program("illegal")
    session = bot_first_session()
    now = 0.0
    while len(session.match.log) < 40 and session.match.result() is None:
        seat = session.match.to_act()[0]
        if session.is_human(seat):
            session.submit(GAME.legal(session.match.state, seat)[0])
        else:
            now = drive_until_moved(session, now)
    assert len(asked) == BOT_STRIKES  # asked three times, then replaced for the rest of the game
    assert 1 in session.replaced
    assert any("from now on" in notice for notice in session.notices)
    assert sum(1 for command in session.match.log if command.seat == 1) > BOT_STRIKES


def test_a_bots_seed_carries_nothing_of_the_games_seed(monkeypatch):
    """The seed sent with a question depends only on the session's own secret, the seat and the move number:
    games dealt from different seeds give the same bot seeds under the same secret, and two sessions of one
    game give different ones."""
    import secrets

    from tabletop.play import session as session_module

    monkeypatch.setattr(session_module, "new_bot_key", lambda: secrets.token_bytes(16))  # as in the app
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "medium")]
    options = {"houses": ["Gryffindor", "Slytherin"], "first": 1}
    one = GameSession(Match(GAME, seats, options, 1))
    other_deal = GameSession(Match(GAME, seats, options, 987654321))
    other_deal.bot_key = one.bot_key
    assert [one.bot_seed(seat) for seat in (0, 1)] == [other_deal.bot_seed(seat) for seat in (0, 1)]
    again = GameSession(Match(GAME, seats, options, 1))
    assert again.bot_seed(1) != one.bot_seed(1)
    assert one.bot_seed(1) not in {1 * 1_000_003 + 7919, 1}


def the_bot_program() -> subprocess.Popen:
    """The real bot program, started as the app starts it, its error output kept for the test."""
    return subprocess.Popen(
        [sys.executable, *bot_worker.BotWorker.program],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=bot_worker.PACKAGE_HOME,
    )


def a_view():
    """Seat 0's view at the start of a two-player House Cup."""
    seats = [SeatInfo("Ada", "medium"), SeatInfo("Ben")]
    return GAME.view(Match(GAME, seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 5).state, 0)


def a_question(request: int) -> dict:
    return question(request, GAME.id, "medium", a_view(), 7)


def test_the_bot_program_ends_quietly_when_the_app_is_gone_before_its_answer():
    """The app killed, or ended on a bug of its own, while a bot thought: the bot program printed two tracebacks of
    a broken pipe in the app's terminal, after the app's last words. It ends without a word."""
    program = the_bot_program()
    assert program.stdin is not None and program.stdout is not None and program.stderr is not None
    program.stdout.close()  # the app's end of the answers is gone before the answer comes
    send(program.stdin, a_question(1))
    program.stdin.close()
    assert program.wait(60) == 0
    assert program.stderr.read().decode() == ""


def test_a_ctrl_c_in_the_apps_terminal_does_not_stop_the_bot_program():
    """Ctrl+C in the terminal the app runs in reaches its whole process group: the bot program stopped with a
    KeyboardInterrupt's traceback of its search. It ends when the app closes its input, as at every close."""
    program = the_bot_program()
    assert program.stdin is not None and program.stdout is not None and program.stderr is not None
    send(program.stdin, a_question(1))
    assert (receive(program.stdout) or {}).get("request") == 1  # (running, its Ctrl+C handling set)
    program.send_signal(signal.SIGINT)
    send(program.stdin, a_question(2))
    assert (receive(program.stdout) or {}).get("request") == 2
    program.stdin.close()
    assert program.wait(60) == 0
    assert program.stderr.read().decode() == ""


def test_a_question_dropped_once_its_answer_is_in_leaves_the_program_running():
    """Dropping a question (a person's move in a phase all play at once, an Undo) stopped the bot program even when
    its answer had come and it was idle, and the next question started it again: 0.3-0.6 s of work each time. Only a
    program still thinking is stopped."""
    worker = bot_worker.BotWorker()
    try:
        worker.ask(GAME.id, "medium", a_view(), 7)
        assert worker.wait(60)  # (its answer is in)
        pid = worker.pid
        worker.cancel()
        assert worker.pid == pid and not worker.busy()
        request = worker.ask(GAME.id, "medium", a_view(), 8)
        assert worker.wait(60)
        ready, command, error = worker.answer(request)
        assert ready and command is not None and error is None and worker.pid == pid
        assert pid is not None
        os.kill(pid, signal.SIGSTOP)  # stopped before the question: still thinking when dropped, however fast it is
        worker.ask(GAME.id, "medium", a_view(), 9)
        worker.cancel()
        assert worker.pid is None  # a program mid-thought is stopped, as before
    finally:
        worker.close()
