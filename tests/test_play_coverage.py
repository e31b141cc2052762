"""Real cases of the bots, the bot program and the play layer that no test reached (found by a branch-coverage run
of the whole suite), each made to happen and checked:

- the House Cup Challenge Hard bot with no time left, at a choice it does not search, and near the game's end
  (playouts that reach the result);
- a bot program that announces an answer too long to read, dies in the middle of one, or answers something that
  is not a command; a question abandoned for a newer one; the app closed without ever asking a bot;
- a session given a move the rules refuse, a bot's seat or a seat not to act in Stupéfix's open pointing, an Undo
  with nothing to take back, the Medium heuristic waiting out its delay for a replaced bot;
- the history: a finished autosave that cannot be read whole, a history locked by another program, a game kept
  by an older Tabletop (no snapshot), a replay asked for when the history cannot be used;
- statistics of a game this Tabletop does not know, a figure of an unknown kind, a CSV written over a folder;
- a new game with no playout policy of its own, and without examples.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import sys
import time
from pathlib import Path

import pytest

import tabletop.examples
from tabletop.bots import make_bot
from tabletop.bots.ismcts import ISMCTSBot, random_policy
from tabletop.bots.moves import worth_weighing
from tabletop.core import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.core.saves import SaveError, read_header, write_save
from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken
from tabletop.games.house_cup_challenge.bots import SEARCHED
from tabletop.games.stupefix.events import PointWand, PrepareSpell
from tabletop.paths import user_saves_dir
from tabletop.play import autosave, bot_worker
from tabletop.play import session as session_module
from tabletop.play.history import SCHEMA, GameRecord, History, game_key
from tabletop.play.history import default_path as history_path
from tabletop.play.replay import recorded_match, recorded_result
from tabletop.play.session import AUTOSAVE_PREFIX, BOT_TIME_LIMIT, GameSession, history_db, keep_finished_autosaves
from tabletop.play.statistics import seat_sides, statistics, write_csv
from tests.test_bot_program_faults import bot_first_session, drive_until_moved
from tests.test_history import finished_match

CHALLENGE = GAMES["house-cup-challenge"]
HOUSE_CUP = GAMES["house-cup"]
HOUSE_CUP_OPTIONS = {"houses": ["Gryffindor", "Slytherin"], "first": 0}


# --- the Hard bot ----------------------------------------------------------------------------------------------


def test_the_challenge_hard_bot_answers_medium_at_once_where_it_does_not_search_or_has_no_time():
    """Encounters, the Wand Bonus Token and the hand limit are not searched: the Hard bot answers Medium's move
    without a playout. With no time at all (a machine too busy for a second round of playouts), one round of
    paired playouts is no evidence against Medium's move: it is played. Near the end of the game the playouts
    reach the result itself, which then judges them (not the standing estimate)."""
    medium = make_bot(CHALLENGE, "medium")
    state = CHALLENGE.setup(2, CHALLENGE.default_options(2), 0)
    rng = Rng(0)
    unsearched: set[str] = set()
    timed_out = 0
    while CHALLENGE.result(state) is None:
        seat = CHALLENGE.to_act(state)[0]
        view = CHALLENGE.view(state, seat)
        kind = view.tasks[-1].kind
        choices = worth_weighing(CHALLENGE, list(view.legal))
        if len(choices) > 1 and (kind not in SEARCHED or (kind == "action" and state.track >= 440)):
            hard = make_bot(CHALLENGE, "hard")
            assert isinstance(hard, ISMCTSBot)
            if kind in SEARCHED:
                hard.budget = 0.0  # out of time before it began
            start = time.perf_counter()
            command = hard.choose(view, Rng(len(unsearched) + timed_out))
            took = time.perf_counter() - start
            assert command == medium.choose(view, Rng(len(unsearched) + timed_out)), kind
            if kind in SEARCHED:
                timed_out += 1
                assert 0 < hard.last.iterations <= len(hard.last.searched) and command in hard.last.searched
            else:
                unsearched.add(kind)
                assert hard.last.iterations == 0 and took < 0.5
        CHALLENGE.apply(state, medium.choose(view, rng))
    assert {"encounter", "token", "limit"} <= unsearched and timed_out >= 5


# --- the bot program -------------------------------------------------------------------------------------------

# A bot program that speaks the framing badly (``behaviour``): what the app's reader does with it.
BROKEN = """
import struct, sys, time
from tabletop.bots.serve import MAX_MESSAGE, receive, send
behaviour = {behaviour!r}
out = sys.stdout.buffer
while (message := receive(sys.stdin.buffer)) is not None:
    if behaviour == "too long":
        out.write(struct.pack("!I", MAX_MESSAGE + 1))
        out.flush()
        time.sleep(600)
    elif behaviour == "cut":
        out.write(struct.pack("!I", 100) + b'{{"request": ')
        out.flush()
        sys.exit(1)
    elif behaviour == "not a command":
        send(out, {{"request": message["request"], "command": {{"type": "Avada"}}, "error": None}})
    elif behaviour == "slow":
        time.sleep(600)
"""


@pytest.fixture
def broken_program(monkeypatch):
    worker = bot_worker.BotWorker()
    monkeypatch.setattr(bot_worker, "_worker", worker)

    def use(behaviour: str) -> bot_worker.BotWorker:
        worker.program = ("-c", BROKEN.format(behaviour=behaviour))
        return worker

    yield use
    worker.close()


@pytest.mark.logged_errors
@pytest.mark.parametrize(
    ("behaviour", "told"),
    [
        ("too long", "the bot process stopped"),  # never read: a flood of one message
        ("cut", "the bot process stopped"),  # it died in the middle of its answer
        ("not a command", "the bot answered something that is not a command: "),
    ],
)
def test_a_bot_program_that_speaks_badly_is_told_and_the_seat_moves_at_once(broken_program, behaviour, told):
    broken_program(behaviour)
    session = bot_first_session()
    moved_at = drive_until_moved(session)
    assert moved_at < BOT_TIME_LIMIT  # told at once, not waited out
    assert session.match.log[0].seat == 1 and session.strikes[1] == 1
    (notice,) = session.notices
    assert told in notice and "it played a Medium move instead" in notice
    if behaviour == "too long":
        assert bot_worker.worker().pid is None  # stopped, started afresh for the next question


def test_a_question_abandoned_for_a_newer_one_is_answered_as_abandoned(broken_program):
    worker = broken_program("slow")
    view = CHALLENGE.view(CHALLENGE.setup(2, CHALLENGE.default_options(2), 1), 0)
    first = worker.ask(CHALLENGE.id, "medium", view, 1)
    second = worker.ask(CHALLENGE.id, "medium", view, 2)  # the first one is abandoned (and its program stopped)
    assert worker.answer(first) == (True, None, "the question was abandoned")
    assert worker.answer(second) == (False, None, None) and worker.busy()
    worker.cancel()  # (stopped mid-thought: closing need not wait for it)


def test_an_app_closed_without_ever_asking_a_bot_ends_cleanly(monkeypatch):
    monkeypatch.setattr(bot_worker, "_worker", None)
    bot_worker.shutdown()  # (a game among people only: no bot program was ever started)
    assert bot_worker._worker is None


# --- the session -----------------------------------------------------------------------------------------------


def test_a_move_the_rules_refuse_or_an_undo_with_nothing_to_take_back_changes_nothing():
    session = GameSession(Match(HOUSE_CUP, [SeatInfo("Ada"), SeatInfo("Ben", "medium")], HOUSE_CUP_OPTIONS, 5))
    assert session.undo() is None  # nothing played yet
    reason = session.submit(PlaceToken(0, 9, 1))  # no ninth day
    assert reason and "\n" not in reason
    assert session.match.log == [] and session.moved_here == -1
    assert autosave.writer().flush(10) and not session.path.exists()  # nothing written for it


def test_in_stupefixs_open_pointing_a_person_cannot_point_for_a_bot_nor_twice():
    seats = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cho", "medium"), SeatInfo("Dan", "medium")]
    stupefix = GAMES["stupefix"]
    session = GameSession(Match(stupefix, seats, stupefix.default_options(4), 2))
    state = session.match.state
    for seat in range(4):
        if state.hands[seat]:
            session.match.apply(PrepareSpell(seat, "rate" if "rate" in state.hands[seat] else "stupefix"))
    assert stupefix.in_public(state) and set(session.match.to_act()) == {0, 1, 2, 3}
    bot_target = stupefix.legal(state, 2)[0]
    assert session.submit(bot_target) == "That seat is played by a bot."
    assert session.submit(stupefix.legal(state, 1)[0]) is None  # Ben points, then Ada with her own finger
    assert session.submit(stupefix.legal(state, 0)[0]) is None
    again = PointWand(0, None)
    assert session.submit(again) == "It is not your turn."
    assert [command.seat for command in session.match.log[-2:]] == [1, 0]


def test_a_replaced_bots_medium_move_waits_out_the_delay():
    session = bot_first_session()
    session.replaced.add(1)  # its program failed three times: the Medium heuristic plays here
    session.update_bots(0.0, 1.0)
    session.update_bots(0.5, 1.0)
    assert session.match.log == []
    session.update_bots(1.0, 1.0)
    assert [command.seat for command in session.match.log] == [1]


def test_one_person_against_a_bot_keeps_the_screen_when_a_round_is_put_down():
    """That's Wizard!'s table puts the screen down after a round shown to everyone: with one person there is no
    privacy screen to pass through."""
    session = bot_first_session()
    session.put_down()
    assert session.shown_to == 0 and session.needs_handover() is None


# --- the history -----------------------------------------------------------------------------------------------


def finished_autosave(seed: int) -> tuple[Match, Path]:
    match = finished_match(seed)
    path = user_saves_dir() / f"{AUTOSAVE_PREFIX}house-cup-{seed}.json"
    write_save(match, path)
    return match, path


def test_finished_autosaves_that_cannot_be_kept_are_passed_by_and_the_others_kept(fresh_histories):
    """One cut short (its header whole: finished), one of a newer revision of the rules (a saves folder shared
    with a newer Tabletop): both left as they are (Load says what is wrong with each), the others kept."""
    kept, _path = finished_autosave(3)
    _cut_match, cut = finished_autosave(4)
    data = cut.read_bytes()
    cut.write_bytes(data[: len(data) - 200])
    _newer_match, newer = finished_autosave(5)
    save = json.loads(newer.read_text(encoding="utf-8"))
    save["rules"] = HOUSE_CUP.rules_version + 1
    newer.write_text(json.dumps(save), encoding="utf-8")
    before = {path: path.read_bytes() for path in (cut, newer)}
    assert keep_finished_autosaves() is None
    history, _problem = history_db()
    assert history is not None and [record.key for record in history.games()] == [game_key(kept)]
    assert {path: path.read_bytes() for path in (cut, newer)} == before


def test_finished_games_met_with_a_locked_history_are_kept_at_the_next_start(fresh_histories, monkeypatch):
    monkeypatch.setattr(History, "BUSY_SECONDS", 0.05)
    matches = [finished_autosave(seed)[0] for seed in (3, 4)]
    history, _problem = history_db()
    assert history is not None
    holder = sqlite3.connect(history.path, isolation_level=None)  # another program writing the history
    holder.execute("BEGIN EXCLUSIVE")
    start = time.perf_counter()
    assert keep_finished_autosaves() is None
    assert time.perf_counter() - start < 2.0  # one wait, not one per file
    holder.execute("ROLLBACK")
    holder.close()
    assert len(history) == 0
    keep_finished_autosaves()  # the next start
    assert sorted(record.key for record in history.games()) == sorted(game_key(match) for match in matches)


def test_a_window_closed_while_the_history_is_locked_loses_nothing(fresh_histories, monkeypatch):
    """The history does not answer in time (another program holds it): closing is not held up, the finished
    game is safe in its save, the people are told it was not kept, and the next start keeps it."""
    monkeypatch.setattr(History, "BUSY_SECONDS", 0.5)
    match = finished_match(3)
    history, _problem = history_db()
    assert history is not None
    holder = sqlite3.connect(history.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    session = GameSession(Match.replay(HOUSE_CUP, match.seats, match.options, match.seed, match.log[:-1]))
    session._apply(match.log[-1], by_bot=True)  # the last move (a bot's, as the session plays it)
    assert session.match.result() is not None
    assert session.unsaved(timeout=0.1) is None  # the save holds it
    assert read_header(session.path)["finished"] is True
    assert session_module.recorder().flush(10)
    holder.execute("ROLLBACK")
    holder.close()
    (notice,) = session.take_notices()
    assert "could not be kept" in notice and "locked" in notice
    keep_finished_autosaves()  # the next start
    assert [record.key for record in history.games()] == [game_key(match)]


def test_a_game_kept_by_an_older_tabletop_without_a_snapshot_is_told_from_its_replay(fresh_histories):
    match = finished_match(3)
    history, _problem = history_db()
    assert history is not None and history.record(match)
    key = game_key(match)
    save = json.loads(history.db.execute("SELECT save FROM saves WHERE key = ?", (key,)).fetchone()[0])
    del save["snapshot"]
    with history.db:
        history.db.execute("UPDATE saves SET save = ? WHERE key = ?", (json.dumps(save), key))
    result, expected = recorded_result(key), match.result()
    assert result is not None and expected is not None
    assert (result.scores, result.winners, result.summary) == (expected.scores, expected.winners, expected.summary)


def test_a_replay_asked_for_when_the_history_cannot_be_used_says_why(fresh_histories):
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA + 1),))
    db.commit()
    db.close()
    for ask in (recorded_result, recorded_match):
        with pytest.raises(SaveError) as refused:
            ask("0123456789abcdef")
        # The reason is told once, to whoever opens the history first: here the replay (the History screen, when
        # it opened first, says it there); the replay said only "it cannot be opened".
        if ask is recorded_result:
            assert "newer" in str(refused.value), str(refused.value)
        else:
            assert str(refused.value) == "game history: it cannot be opened"


# --- the statistics --------------------------------------------------------------------------------------------


def a_record(game_id: str, figures: str = "[]") -> GameRecord:
    seats = (SeatInfo("Ada"), SeatInfo("Bot", "medium"))
    return GameRecord("k", game_id, "Quidditch", seats, (3, 1), (0,), "", "", "2026-01-01", 10, "app", "{}", figures)


def test_a_game_this_tabletop_does_not_know_and_a_figure_of_an_unknown_kind():
    """A history written by a newer Tabletop: a game it does not have, figures of a kind it does not count."""
    assert seat_sides(a_record("quidditch")) == [(), ()]
    (stats, overall) = statistics([a_record("house-cup", '[{"points": 4, "rounds": [1, 2], "none": null}, {}]')])
    assert stats.games == overall.games == 1 and stats.figures == {"points": 4.0}


def test_a_csv_written_over_a_folder_fails_and_leaves_no_temporary_file(tmp_path):
    folder = tmp_path / "games.csv"
    folder.mkdir()
    with pytest.raises(OSError):
        write_csv([a_record("house-cup")], folder)
    assert [path.name for path in tmp_path.iterdir()] == ["games.csv"] and folder.is_dir()


# --- a new game ------------------------------------------------------------------------------------------------


def test_a_game_without_a_playout_policy_plays_out_with_its_greedy_bot(monkeypatch, tmp_path):
    game = GAMES["house-cup"]
    plain = dataclasses.replace(game, search=dataclasses.replace(game.search, playout_policy=None))
    hard = make_bot(plain, "hard")
    assert isinstance(hard, ISMCTSBot) and hard.policy is not random_policy
    hard.budget, hard.max_iterations = 1e9, 12
    state = plain.setup(2, HOUSE_CUP_OPTIONS, 4)
    view = plain.view(state, plain.to_act(state)[0])
    assert hard.choose(view, Rng(1)) in view.legal and hard.last.iterations == 12


def test_a_game_without_examples_has_none_and_a_broken_examples_module_says_so(monkeypatch, tmp_path):
    assert tabletop.examples.examples_of("quidditch") == {}
    (tmp_path / "broken_game.py").write_text("import no_such_module_of_tabletop\n", encoding="utf-8")
    monkeypatch.setattr(tabletop.examples, "__path__", [*tabletop.examples.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "tabletop.examples.broken_game", raising=False)
    with pytest.raises(ModuleNotFoundError) as missing:
        tabletop.examples.examples_of("broken-game")  # not taken for a game without examples
    assert missing.value.name == "no_such_module_of_tabletop"
