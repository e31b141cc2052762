"""A bot that fails is never papered over: the error is logged, the table says so, and the seat plays the game's
own heuristic for that move (never simply the first legal command). A test in which the app logs such an error
fails unless it expects it (``tests/conftest.py``)."""

from pathlib import Path

import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.play import bot_worker
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver

GAME = GAMES["house-cup"]


@pytest.mark.logged_errors
def test_a_bot_that_cannot_answer_is_reported_and_plays_the_heuristic_move(monkeypatch, fail_on_logged_errors):
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    houses = ["Gryffindor", "Slytherin"]
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "hard")]
    app.go.table(Match(GAME, seats, {"houses": houses, "first": 1}, 21))
    table = app.scenes.stack[0]
    chosen = []

    def broken_answer(self, request):
        return True, None, "CodecError: the view did not fit"

    real_bot_failed = table.session.bot_failed

    def spy(seat, error):
        command = real_bot_failed(seat, error)
        chosen.append(command)
        return command

    monkeypatch.setattr(bot_worker.BotWorker, "answer", broken_answer)
    monkeypatch.setattr(table.session, "bot_failed", spy)
    driver = Driver(app)
    log = table.session.match.log
    for _ in range(120):  # (a Hard bot answers no sooner than its search would take: hard_budget)
        if log:
            break
        driver.frames(1)
    driver.frames(2)
    assert len(log) == 1 and log[0].seat == 1 and isinstance(log[0], PlaceToken)
    assert chosen == [log[0]]  # the Medium heuristic's move on the seat's view, played once
    assert "Ben's bot could not answer" in table.message and table.message_error
    assert [r.getMessage() for r in fail_on_logged_errors.records] == [
        "the bot for seat 1 (hard) failed: CodecError: the view did not fit"
    ]
    assert GAME.to_act(table.session.match.state) == (0,)  # the game went on to the person


def test_an_error_the_app_logs_fails_a_test_that_does_not_expect_it(pytester):
    pytester.makeconftest(Path(__file__).with_name("conftest.py").read_text())
    pytester.makepyfile(
        """
        import logging
        import pytest

        def test_quiet():
            logging.getLogger("tabletop.play.session").warning("only a warning")

        def test_loud():
            logging.getLogger("tabletop.play.session").error("the bot for seat 1 failed")

        @pytest.mark.logged_errors
        def test_expected():
            logging.getLogger("tabletop.play.session").error("the bot for seat 1 failed")
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")  # its own process: its own loggers
    result.assert_outcomes(passed=3, errors=1)  # test_loud passes its body, then fails at teardown
    result.stdout.fnmatch_lines(["*the app logged 1 error(s): tabletop.play.session: the bot for seat 1 failed*"])
