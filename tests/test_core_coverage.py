"""Bad input that no other test reached, found by a coverage run with branches (the never-run lines of the core,
the play layer, saves and the command line were mostly the handling of bad input).

Each case is made for real: the broken file is written, the folder blocked, the command line called with the
options people type, the command built in Python with a field of the wrong type. Each checks the one clear line
people are told, and that nothing is lost (the file is left as it was, a damaged history is set aside, not
deleted). What coverage still shows as never run is listed in the review's report: races (a file changed between
two system calls), platform-only paths (a folder that cannot be opened to sync it, on Windows), and defaults of the
game protocol that every shipped game overrides.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any, Literal

import pytest

from tabletop import cli
from tabletop.core import Match, SaveError, SeatInfo, load_match
from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.saves import clean_leftovers, match_to_json, replayable_part, save_info
from tabletop.games import GAMES
from tabletop.play.history import open_history


def a_save(game_id: str = "house-cup", moves: int = 4) -> dict[str, Any]:
    """The JSON of a real save of a few moves."""
    game = GAMES[game_id]
    match = Match(game, [SeatInfo("Ann"), SeatInfo("Bo", "greedy")], game.default_options(2), 7)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.apply(game.legal(match.state, seat)[0])
    return match_to_json(match, "a game")


def written(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refused(path: Path) -> str:
    """The one line a save is refused with, on opening it and on the Load list alike; the file is left as it was."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_match(path, GAMES)
    listed = save_info(path, GAMES)
    assert listed.error == str(caught.value)
    assert "\n" not in listed.error and "Traceback" not in listed.error
    assert path.read_bytes() == before
    return str(caught.value)


# -- saves: a progress line that cannot be shown ------------------------------------------------------------------


@pytest.mark.parametrize(
    "progress,reason",
    [
        ({"domain": "house_cup", "message": 5, "values": {}}, "(message)"),
        ({"domain": "house_cup", "message": "Round {round}", "values": [3]}, "(values)"),
    ],
)
def test_a_progress_phrase_of_the_wrong_shape_is_refused_with_a_line(tmp_path, progress, reason):
    path = written(tmp_path / "odd.json", {**a_save(), "progress": progress})
    assert refused(path) == f"odd.json: has a progress line that cannot be put into words {reason}"


def test_a_progress_phrase_too_long_once_put_into_words_is_refused(tmp_path):
    """Each part of a phrase is short (its message at most 300 characters, each value 60), but put together a
    header's line can be far longer than the 300 a line may hold: the check was made, then the phrase returned
    anyway (the Load list showed a 420-character progress line)."""
    values = {name: name * 60 for name in "abcdefg"}
    progress = {"domain": "house_cup", "message": "".join(f"{{{name}}}" for name in values), "values": values}
    path = written(tmp_path / "long.json", {**a_save(), "progress": progress})
    assert refused(path) == "long.json: has a progress line that is too long"


# -- saves: a starting position that does not read -------------------------------------------------------------


def test_a_broken_start_of_an_older_rules_revision_says_it_is_older(tmp_path):
    game = GAMES["house-cup"]
    start = to_json(game.setup(2, game.default_options(2), 7))
    data = {**a_save(), "log": [], "start": {**start, "houses": 5}}
    assert refused(written(tmp_path / "now.json", data)) == (
        "now.json: has a broken starting position (HouseCupState.houses: expected a list, got int)"
    )
    assert refused(written(tmp_path / "old.json", {**data, "rules": 1})) == (
        "old.json: starts from a position of an older revision of House Cup's rules "
        "(HouseCupState.houses: expected a list, got int)"
    )


def test_a_start_whose_numbered_decks_are_not_numbered_is_refused(tmp_path):
    """House Cup Challenge keeps its Year decks by number (``dict[int, ...]``; JSON keys are text)."""
    game = GAMES["house-cup-challenge"]
    start = to_json(game.setup(2, game.default_options(2), 7))
    data = {**a_save("house-cup-challenge"), "log": [], "start": {**start, "year_decks": {"two": []}}}
    assert refused(written(tmp_path / "decks.json", data)) == (
        "decks.json: has a broken starting position (ChallengeState.year_decks: expected an integer key, got 'two')"
    )


# -- saves: paths that cannot be a save ----------------------------------------------------------------------------


def test_a_save_under_a_file_or_with_a_name_too_long_is_one_line(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    under_a_file = tmp_path / "notes.txt" / "game.json"
    assert cli.main(["replay", str(under_a_file)]) == 1
    assert capsys.readouterr().err == "tabletop: game.json: cannot be read (a file stands where a folder should be)\n"
    too_long = tmp_path / ("g" * 300 + ".json")
    assert cli.main(["replay", str(too_long)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tabletop: ggg") and "...: cannot be read (" in err and err.count("\n") == 1


def test_a_save_gone_before_it_is_listed_says_so_without_a_date(tmp_path):
    """A file deleted between the folder's listing and its reading (another window, a sync)."""
    info = save_info(tmp_path / "gone.json", GAMES)
    assert info.error == "gone.json: the file does not exist" and info.saved_at == ""


def test_replayable_part_of_a_broken_header_raises_its_line(tmp_path):
    path = written(tmp_path / "foreign.json", {"hello": "world"})
    with pytest.raises(SaveError, match=r"^foreign.json: is not a Tabletop save$"):
        replayable_part(path, GAMES)


# -- saves: leftovers of interrupted writes --------------------------------------------------------------------


def dead_pid() -> int:
    """The id of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_leftovers_of_a_dead_writer_go_those_of_a_live_one_stay(tmp_path):
    """``write_json_atomic`` names its temp file with the writer's process id: one whose writer died (a kill
    mid-save) is removed at the next start; one whose writer is alive (this process, another window) is another
    window saving right now and stays, as does a folder that happens to have such a name, and the saves."""
    save = written(tmp_path / "game.json", a_save())
    dead = tmp_path / f".game.json.{dead_pid()}.abc123.tmp"
    mine = tmp_path / f".game.json.{os.getpid()}.def456.tmp"
    parent = tmp_path / f".other.json.{os.getppid()}.ghi789.tmp"
    folder = tmp_path / ".odd.json.1.xyz.tmp"
    for path in (dead, mine, parent):
        path.write_text('{"half": ')
    folder.mkdir()
    assert clean_leftovers(tmp_path) == 1
    assert not dead.exists() and mine.exists() and parent.exists() and folder.is_dir() and save.exists()


def test_leftovers_of_a_folder_that_cannot_be_listed_are_none(tmp_path):
    assert clean_leftovers(tmp_path / "no-such-folder") == 0


# -- commands and states built in Python ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Odd:
    """A command of every kind of field the check knows (no shipped game has them all)."""

    TAGGED: typing.ClassVar[bool] = True
    seat: int
    colour: Literal["red", "blue"] = "red"
    cell: tuple[int, int] = (0, 0)
    weights: dict[str, float] = dataclasses.field(default_factory=dict)
    either: int | str | None = None
    note: None = None
    anything: Any = None
    mark: Path = Path("x")


@pytest.mark.parametrize(
    "changes,problem",
    [
        ({}, None),
        ({"colour": "green"}, "'colour' must be one of 'red', 'blue', not 'green'"),
        ({"colour": ["red"]}, "'colour' must be one of 'red', 'blue', not ['red']"),
        ({"cell": (1, "a")}, "'cell' must be a tuple of 2 values, not (1, 'a')"),
        ({"cell": [1, 2]}, "'cell' must be a tuple of 2 values, not [1, 2]"),
        ({"weights": {"a": 1, "b": 0.5}}, None),
        ({"weights": {"a": True}}, "'weights' must be a dict, not {'a': True}"),
        ({"either": 2.5}, "'either' must be a whole number or a text or None, not 2.5"),
        ({"note": 0}, "'note' must be None, not 0"),
        ({"anything": object}, None),
        ({"mark": "x"}, "'mark' must be a Path, not 'x'"),
    ],
)
def test_a_command_built_in_python_with_a_field_of_the_wrong_type_says_which(changes, problem):
    from tabletop.core.validate import field_problem

    assert field_problem(dataclasses.replace(Odd(0), **changes)) == problem


def test_a_state_built_in_python_of_the_wrong_shape_is_refused_by_every_game():
    for game in GAMES.values():
        state = game.setup(min(game.player_counts), game.default_options(min(game.player_counts)), 3)
        assert game.check_state(state) == []
        assert game.check_state({"not": "a state"}) == ["the state is a dict"]
        first = dataclasses.fields(state)[0].name
        problems = game.check_state(dataclasses.replace(state, **{first: object()}))
        assert problems and problems[0].startswith(f"{first} has a value of the wrong type")


# -- the codec's shapes that no save of a shipped game holds ----------------------------------------------------


class Point(typing.NamedTuple):
    x: int
    y: int


@pytest.mark.parametrize(
    "tp,data,error",
    [
        (tuple[int, int], "1,2", "expected a list, got str"),
        (tuple[int, int], [1], "expected 2 items, got 1"),
        (type(None), 0, "expected null"),
        (set[int], [1], "unsupported type"),
        (dict[int, str], {"one": "a"}, "expected an integer key, got 'one'"),
        (Literal[[1]], [1], None),  # an unhashable Literal: its reader is made each time, and reads
    ],
)
def test_the_codec_refuses_a_shape_with_its_reason(tp, data, error):
    if error is None:
        assert from_json(tp, data) == data
        return
    with pytest.raises(CodecError, match=error):
        from_json(tp, data)


def test_the_codec_refuses_to_write_what_json_cannot_hold():
    with pytest.raises(CodecError, match="cannot write set as JSON"):
        to_json({1, 2})
    assert to_json(Point(1, 2)) == {"x": 1, "y": 2} and from_json(Point, {"x": 1, "y": 2}) == Point(1, 2)


# -- the game history: damaged, blocked ---------------------------------------------------------------------------


def test_a_history_of_unreadable_version_is_set_aside_whole_with_its_journal(tmp_path):
    """A history whose schema version is not a number (edited by hand) is damaged: it is set aside, with its
    write-ahead journal beside it (the games in that journal were otherwise lost), and a new one begun."""
    path = tmp_path / "history.sqlite3"
    old = sqlite3.connect(path)
    old.execute("PRAGMA journal_mode=WAL")
    old.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    old.execute("INSERT INTO meta VALUES ('schema', 'two'), ('kept', 'a game')")
    old.commit()  # (in the journal, not yet in the file: the connection stays open)
    assert path.with_name(path.name + "-wal").exists()
    history, notice = open_history(path)
    assert history is not None and history.games() == []
    assert notice.startswith("The game history was damaged (its schema version is unreadable); it was set aside as")
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("history.damaged-") and p.suffix == ".sqlite3"]
    assert len(aside) == 1 and aside[0].with_name(aside[0].name + "-wal").exists()
    old.close()
    kept = sqlite3.connect(aside[0])
    assert kept.execute("SELECT value FROM meta WHERE name = 'kept'").fetchone() == ("a game",)
    kept.close()
    history.close()


def test_an_unusable_history_folder_is_one_line_for_every_command(tmp_path, monkeypatch, capsys):
    """The data folder blocked by a file of its name: history, stats and simulate --record say why, status 1."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "tabletop").write_text("not a folder")
    for command in (["history"], ["stats"], ["simulate", "house-cup", "--games", "1", "--record"]):
        assert cli.main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith("tabletop: the game history cannot be used (") and err.count("\n") == 1, command


# -- the command line's words, not only its JSON ----------------------------------------------------------------


def test_simulate_prints_its_report_in_words_and_records_with_record(capsys):
    assert cli.main(["simulate", "house-cup", "--games", "2", "--bots", "greedy,random", "--record"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "House Cup: 2 games, 2 players, bots greedy, random"
    assert out[2].startswith("  seat 1 (greedy): ") and "mean score" in out[2]
    assert out[-1] == "  errors: 0"
    assert cli.main(["history", "--game", "house-cup"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert cli.main(["history", "--game", "stupefix"]) == 0
    assert capsys.readouterr().out == "No finished games yet.\n"


def test_stats_of_an_empty_history_lists_no_game(capsys):
    assert cli.main(["stats"]) == 0
    assert capsys.readouterr().out == "Statistics of every person, from 0 finished games:\n"


@pytest.mark.parametrize(
    "args,line",
    [
        (["arena", "chess", "--bots", "hard"], "tabletop: unknown game 'chess'; known: house-cup"),
        (["arena", "house-cup", "--bots", "hard", "--players", "6"], "tabletop: House Cup takes 2-4 players"),
        (
            ["arena", "house-cup", "--bots", "hard,genius"],
            "tabletop: House Cup has no bot 'genius' (it has: random, greedy, easy, medium, hard)",
        ),
    ],
)
def test_arena_refuses_bad_arguments_with_a_line(args, line, capsys):
    assert cli.main([*args, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1


def test_arena_prints_its_report_in_words(capsys):
    assert cli.main(["arena", "house-cup", "--bots", "greedy,random", "--games", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("House Cup arena: 2 games, 2 players, seats rotated, ")
    assert out[1].startswith("  1. greedy   wins ") and "95% CI" in out[1] and "think median" in out[1]
    assert out[-1] == "  errors: 0"


@pytest.mark.parametrize("where", ["no-such-folder/games.csv", "a-file/games.csv"])
def test_stats_csv_into_a_folder_that_cannot_hold_it_is_one_line(where, tmp_path, capsys):
    """``tabletop stats --csv`` into a folder that does not exist (a typo), or under a file, ended with a
    FileNotFoundError traceback naming a temp file nobody asked for."""
    (tmp_path / "a-file").write_text("a file, not a folder")
    target = tmp_path / where
    assert cli.main(["stats", "--csv", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tabletop: {target} cannot be written (") and err.count("\n") == 1
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "userdata"]


def test_a_game_of_a_newer_tabletop_in_the_history_is_listed_and_counted_by_its_title(capsys):
    """A history shared with a newer Tabletop may hold games this one does not know: listed and counted under the
    title they were kept with, never a KeyError."""
    from tabletop.paths import asset_dir

    history, _notice = open_history()
    assert history is not None
    history.record(load_match(asset_dir("saves") / "house-cup-scoring-example.json", GAMES))
    history.db.execute("UPDATE games SET game = 'wizard-chess', title = 'Wizard Chess'")
    history.db.commit()
    history.close()
    assert cli.main(["history"]) == 0
    assert "  Wizard Chess: Ravenclaw 84, Slytherin 69 - Ravenclaw wins" in capsys.readouterr().out
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "  Wizard Chess: 1 games, won 50%, average score 84.0, best 84\n" in out
    assert "    Ravenclaw: won 100% of 1\n" in out


def test_continue_passes_by_an_autosave_that_cannot_be_read(private_user_data):
    """An autosave cut short (a disk that failed, a file copied in half) and a stray file of the autosaves' name
    are passed by: Continue offers the newest game that opens, and the broken file is left as it was."""
    from tabletop.paths import user_saves_dir
    from tabletop.play.session import AUTOSAVE_PREFIX, latest_autosave

    folder = user_saves_dir()
    folder.mkdir(parents=True)
    good = written(folder / f"{AUTOSAVE_PREFIX}1.json", a_save())
    text = json.dumps({**a_save(), "saved_at": "2100-01-01T00:00:00+00:00"})
    cut = folder / f"{AUTOSAVE_PREFIX}2.json"
    cut.write_text(text[: len(text) // 3])
    (folder / f"{AUTOSAVE_PREFIX}3.json.bak").write_text(text)
    found = latest_autosave()
    assert found is not None and found.path == good
    assert cut.read_text() == text[: len(text) // 3]


# -- the play layer: names, loading, the save writer -------------------------------------------------------------


def test_save_names_of_an_odd_names_file_and_a_gone_save(tmp_path):
    from tabletop.play.save_names import names_path, rename, save_names

    save = written(tmp_path / "game.json", a_save())
    names_path().parent.mkdir(parents=True, exist_ok=True)
    names_path().write_text('["a list", "not names"]')
    assert save_names() == {}
    assert rename(save, "Tab\there") == "A save's name can only hold letters, digits, spaces and punctuation."
    assert rename(tmp_path / "gone.json", "Sunday") == "That save is gone (deleted or moved meanwhile)."
    assert rename(save, "Sunday") is None and save_names() == {"game.json": "Sunday"}


def test_a_save_name_that_cannot_be_kept_says_why_and_the_save_stays(tmp_path):
    """The names file blocked (a folder where it should be): the name is refused with the reason."""
    from tabletop.play.save_names import names_path, rename

    save = written(tmp_path / "game.json", a_save())
    names_path().mkdir(parents=True)
    assert rename(save, "Sunday") == "The name could not be kept (a folder stands where a file should be)."
    assert save.exists() and names_path().is_dir() and not list(names_path().parent.glob(".save-names*"))


def test_opening_a_save_gone_meanwhile_or_written_on_one_line(tmp_path):
    """The progress bar counts the moves of a save laid out as the app writes it; a save gone before it is opened
    says so, and one written on one line (by another tool) opens, its bar without a length."""
    from tabletop.play.loading import SaveLoad, moves_in

    gone = SaveLoad(tmp_path / "gone.json").start()
    assert gone.join(10) and gone.result is None and gone.error == "gone.json: the file does not exist"
    assert moves_in(tmp_path / "gone.json") == 0
    one_line = written(tmp_path / "one-line.json", a_save(moves=6))
    assert moves_in(one_line) == 0
    load = SaveLoad(one_line).start()
    assert load.join(10) and load.error is None and load.result is not None
    assert len(load.result[0].log) == 6 and load.done == 6


def test_an_autosave_deleted_while_playing_is_written_again(tmp_path):
    """A save this app wrote, deleted since (by hand, a cleaner): not "written by another window" (its moves would
    then stay unsaved), written again."""
    from tabletop.play.autosave import SaveWriter

    writer = SaveWriter()
    path = tmp_path / "autosave-1.json"
    writer.write(path, {"moves": 1})
    assert writer.flush(10)
    path.unlink()
    writer.write(path, {"moves": 2})
    assert writer.flush(10) and writer.outcome(path) is None and not writer.changed_elsewhere(path)
    assert json.loads(path.read_text()) == {"moves": 2}


class BrokenRules:
    """A game whose rules raise in the middle of every game (a bug of the rules)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def apply(self, state: Any, command: Any) -> Any:
        if state.round == 2:
            raise RuntimeError("rules bug")
        return self.real.apply(state, command)


def test_an_arena_whose_every_game_breaks_reports_the_errors_in_words(monkeypatch, capsys):
    """No game finished: no win rate to divide, no think time to rank; the errors are said, status 1."""
    monkeypatch.setitem(GAMES, "house-cup", BrokenRules(GAMES["house-cup"]))
    assert cli.main(["arena", "house-cup", "--bots", "random,random", "--games", "2"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("  1. random   wins   0.0% (95% CI 0.0%-100.0%; fair share 50%)")
    assert "think median 0 ms, p95 0 ms over 0 decisions" in out[1]
    assert out[3] == "  errors: 2" and out[4] == "    seed 1: RuntimeError: rules bug"


@pytest.mark.parametrize(
    "args,line",
    [
        (["simulate", "house-cup", "--bots", "greedy,random", "--players", "3"], "give one bot per seat (3), or one"),
        (["arena", "house-cup", "--bots", "hard", "--players", "3"], "give one bot per seat (3)"),
    ],
)
def test_as_many_bots_as_seats_or_a_line_says_so(args, line, capsys):
    assert cli.main([*args, "--games", "1"]) == 2
    assert capsys.readouterr().err.startswith(f"tabletop: {line}")


def test_an_arena_on_two_processes_plays_the_same_games_as_on_one(capsys):
    args = ["arena", "house-cup", "--bots", "greedy,random", "--games", "2", "--json"]
    assert cli.main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert cli.main([*args, "--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert two["errors"] == 0
    assert [(b["wins"], b["mean_score"], b["decisions"]) for b in one["bots"]] == [
        (b["wins"], b["mean_score"], b["decisions"]) for b in two["bots"]
    ]
