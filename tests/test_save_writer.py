"""Saves are written off the main loop with the same guarantees: atomic, in order, the newest of each file, the
last command on disk when the window closes; a kill at any moment loses nothing that was saved and leaves no
temp file after the next start; pruning never deletes a game in progress."""

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core import Match, SeatInfo, load_match
from tabletop.core.commands import command_from_json
from tabletop.core.saves import clean_leftovers, match_to_json
from tabletop.games import GAMES
from tabletop.paths import user_saves_dir
from tabletop.play.autosave import SaveWriter
from tabletop.play.session import AUTOSAVE_PREFIX, open_saved, prune_autosaves

ROOT = Path(__file__).resolve().parent.parent
GAME = GAMES["house-cup"]
KILLS = int(os.environ.get("TABLETOP_KILLS", "8"))  # benchmarks/kill_saves.py runs 200


def test_the_writer_keeps_the_newest_save_of_each_file_and_flushes(tmp_path):
    writer = SaveWriter()
    for n in range(50):
        writer.write(tmp_path / "a.json", {"n": n})
        writer.write(tmp_path / "b.json", {"n": -n})
    assert writer.flush(30)
    assert json.loads((tmp_path / "a.json").read_text()) == {"n": 49}
    assert json.loads((tmp_path / "b.json").read_text()) == {"n": -49}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_save_that_cannot_be_written_is_reported_not_raised(tmp_path):
    writer = SaveWriter()
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    writer.write(blocked / "game.json", {"n": 1})
    assert writer.flush(30)
    ((path, reason),) = writer.take_failures()
    assert path == blocked / "game.json" and reason


def test_a_files_outcome_is_its_last_write_a_failure_then_a_success_is_a_success(tmp_path):
    """Closing asks before losing a game when its save cannot be written: it asks the writer how the last write
    of the game's file went, not whether any write of it ever failed."""
    writer = SaveWriter()
    blocked = tmp_path / "folder"
    blocked.write_text("not a folder yet")
    writer.write(blocked / "game.json", {"n": 1})
    assert writer.flush(30) and writer.outcome(blocked / "game.json")
    blocked.unlink()
    blocked.mkdir()
    writer.write(blocked / "game.json", {"n": 2})
    assert writer.flush(30) and writer.outcome(blocked / "game.json") is None
    assert writer.outcome(tmp_path / "never.json") is None


def test_a_game_whose_save_hangs_is_said_unsaved_after_the_wait(monkeypatch, tmp_path):
    """A disk that does not answer: the window's close waited 5 s, then closed without a word and without the
    last moves."""
    import threading

    from tabletop.play import autosave
    from tabletop.play.session import GameSession

    gate = threading.Event()
    real = autosave.write_json_atomic
    monkeypatch.setattr(autosave, "write_json_atomic", lambda path, data: (gate.wait(30), real(path, data)))
    monkeypatch.setattr(autosave, "_writer", SaveWriter())
    match = Match(GAME, [SeatInfo("Ann"), SeatInfo("Bo")], GAME.default_options(2), 3)
    session = GameSession(match, tmp_path / "game.json")
    match.apply(match.game.legal(match.state, match.to_act()[0])[0])  # (played since it was opened)
    try:
        problem = session.unsaved(timeout=0.2)
        assert problem is not None and "still being written" in problem
    finally:
        gate.set()
        autosave.writer().flush(30)
    assert session.unsaved(timeout=30) is None  # written at last: nothing to lose


def test_pruning_keeps_every_game_in_progress(private_user_data):
    folder = user_saves_dir()
    folder.mkdir(parents=True)
    seats = [SeatInfo("Ann"), SeatInfo("Bo", "medium")]
    unfinished = Match(GAME, seats, GAME.default_options(2), 3)
    for n in range(6):
        (folder / f"{AUTOSAVE_PREFIX}house-cup-open-{n}.json").write_text(json.dumps(match_to_json(unfinished)))
    finished = json.loads((ROOT / "saves" / "house-cup-scoring-example.json").read_text())
    for n in range(5):
        path = folder / f"{AUTOSAVE_PREFIX}house-cup-done-{n}.json"
        path.write_text(json.dumps(finished))
        os.utime(path, (1000 + n, 1000 + n))
    assert json.loads((folder / f"{AUTOSAVE_PREFIX}house-cup-done-0.json").read_text())["finished"]
    prune_autosaves(keep=2)
    names = sorted(p.name for p in folder.iterdir())
    assert [n for n in names if "open" in n] == [f"{AUTOSAVE_PREFIX}house-cup-open-{n}.json" for n in range(6)]
    assert [n for n in names if "done" in n] == [f"{AUTOSAVE_PREFIX}house-cup-done-{n}.json" for n in (3, 4)]


@pytest.mark.parametrize("chunk", range(2))
def test_kill_minus_nine_at_random_moments_loses_and_corrupts_nothing(tmp_path, chunk):
    rng = random.Random(chunk)
    for kill in range(KILLS // 2):
        seed = chunk * 1000 + kill
        path = tmp_path / f"game-{seed}.json"
        played = kill_mid_game(path, seed, rng.uniform(0.05, 0.6))
        assert path.exists(), "the first save was written before play began"
        saved = load_match(path, GAMES)  # loads: never corrupt
        assert saved.log == played[: len(saved.log)], "the save is not a prefix of what was played"
    clean_leftovers(tmp_path)
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def kill_mid_game(path: Path, seed: int, after: float) -> list:
    """Run tests/kill_writer.py, SIGKILL it ``after`` seconds into play; the commands it had applied, and the one
    it was about to apply (each is printed just before it is applied, so a save is always a prefix of these)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.kill_writer", GAME.id, str(seed), str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    try:
        process.wait(after)
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    lines = process.stdout.read().splitlines()
    return [command_from_json(GAME.command_types, json.loads(line)) for line in lines if line.startswith("{")]


def test_ones_own_save_opened_by_a_relative_path_goes_on_in_the_same_file(monkeypatch):
    """A save of the player's own, named relative to the folder the app was started in, was taken for a file from
    elsewhere: play went on in a new autosave and the save stayed behind, unfinished, in Load (a review)."""
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ours.json"
    match = Match(
        GAMES["house-cup"],
        [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")],
        GAMES["house-cup"].default_options(2),
        3,
    )
    path.write_text(json.dumps(match_to_json(match)), encoding="utf-8")
    monkeypatch.chdir(folder.parent)
    _match, keep, _started = open_saved(Path(folder.name) / "ours.json")
    assert keep == path.resolve()


def test_one_save_played_in_two_windows_keeps_both_games(monkeypatch):
    """The same save opened in two windows: each window's saves overwrote the other's, and the window closed last
    silently threw away the other's moves (a review: two moves gone). A window that finds its save written by
    the other goes on in a save of its own and says so; the other's file is left as it wrote it."""
    from tabletop.core.saves import write_json_atomic
    from tabletop.play import autosave
    from tabletop.play.session import WRITTEN_ELSEWHERE, GameSession

    monkeypatch.setattr(autosave, "_writer", SaveWriter())
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ours.json"
    write_json_atomic(path, match_to_json(Match(GAME, [SeatInfo("Ann"), SeatInfo("Bo")], GAME.default_options(2), 3)))

    def play(match: Match, moves: int) -> None:
        for _ in range(moves):
            match.apply(match.game.legal(match.state, match.to_act()[0])[0])

    match, keep, _started = open_saved(path)
    here = GameSession(match, keep)
    play(here.match, 1)
    here.autosave()
    assert autosave.writer().flush(30) and here.take_notices() == []  # nobody else: saved in place
    other, _keep, _started = open_saved(path)  # the second window
    play(other, 3)
    write_json_atomic(path, match_to_json(other))
    play(here.match, 1)
    here.autosave()
    assert autosave.writer().flush(30)
    assert here.take_notices() == [WRITTEN_ELSEWHERE] and here.path != path
    assert autosave.writer().flush(30)
    assert len(json.loads(path.read_text())["log"]) == 4, "the other window's game, as it left it"
    assert len(json.loads(here.path.read_text())["log"]) == 2, "this window's, in a save of its own"
    # Closing: the other window saved again meanwhile; this one moves on before closing, nothing lost.
    play(here.match, 1)
    mine = here.path
    write_json_atomic(mine, match_to_json(other))
    assert here.unsaved(timeout=30) is None and here.path not in (mine, path)
    assert len(json.loads(here.path.read_text())["log"]) == 3


def test_a_save_only_looked_at_or_only_touched_is_not_taken_for_another_windows(monkeypatch, tmp_path):
    """A window that opened the save and played nothing wrote it again when it closed, over the other window's
    moves; and a file only touched (a backup, a sync: its time changed, not its contents) forked the game with a
    message that was not true (the diff's review)."""
    from tabletop.core.saves import write_json_atomic
    from tabletop.play import autosave
    from tabletop.play.session import GameSession

    monkeypatch.setattr(autosave, "_writer", SaveWriter())
    path = tmp_path / "ours.json"
    match = Match(GAME, [SeatInfo("Ann"), SeatInfo("Bo")], GAME.default_options(2), 3)
    write_json_atomic(path, match_to_json(match))
    looking = GameSession(load_match(path, GAMES), path)
    other = load_match(path, GAMES)
    other.apply(other.game.legal(other.state, other.to_act()[0])[0])
    write_json_atomic(path, match_to_json(other))
    assert looking.unsaved(timeout=30) is None and looking.path == path  # nothing played here: nothing written
    assert len(json.loads(path.read_text())["log"]) == 1
    playing = GameSession(load_match(path, GAMES), path)
    playing.match.apply(playing.match.game.legal(playing.match.state, playing.match.to_act()[0])[0])
    playing.autosave()
    assert autosave.writer().flush(30)
    os.utime(path, ns=(1, 1))  # touched
    playing.match.apply(playing.match.game.legal(playing.match.state, playing.match.to_act()[0])[0])
    assert playing.unsaved(timeout=30) is None and playing.path == path and playing.take_notices() == []
    assert len(json.loads(path.read_text())["log"]) == 3


def test_a_guides_step_moved_on_without_a_move_is_saved(monkeypatch, tmp_path):
    """A save opened again is written only once something changed: Skip guide (or Got it) changes the guide's step
    and no move, and the guide came back at its old step (the second diff review)."""
    from tabletop.core.saves import write_json_atomic
    from tabletop.play import autosave
    from tabletop.play.session import GameSession

    monkeypatch.setattr(autosave, "_writer", SaveWriter())
    path = tmp_path / "guided.json"
    match = Match(GAME, [SeatInfo("Ann"), SeatInfo("Bo", "greedy")], GAME.default_options(2), 3)
    match.apply(GAME.legal(match.state, match.to_act()[0])[0])
    write_json_atomic(path, match_to_json(match, guide_step=2))
    untouched = GameSession(load_match(path, GAMES), path)
    untouched.resumed_guide(2)
    before = path.stat().st_mtime_ns
    assert untouched.unsaved(timeout=30) is None and path.stat().st_mtime_ns == before  # nothing changed
    skipped = GameSession(load_match(path, GAMES), path)
    skipped.resumed_guide(2)
    skipped.guide_step = None  # Skip guide
    assert skipped.unsaved(timeout=30) is None
    assert json.loads(path.read_text()).get("guide_step") is None
