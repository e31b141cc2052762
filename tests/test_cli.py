"""The headless command line: simulate and replay."""

import itertools
import json
import os
import re
import subprocess
import sys

import pytest

from tabletop import cli
from tabletop.core.protocol import Result
from tabletop.games import GAMES
from tabletop.paths import asset_dir


def test_simulate_json_reports_every_field(capsys):
    code = cli.main(
        [
            "simulate",
            "house-cup",
            "--players",
            "3",
            "--games",
            "12",
            "--seed",
            "4",
            "--bots",
            "greedy,random,random",
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    for key in (
        "game",
        "players",
        "games",
        "errors",
        "seconds",
        "games_per_second",
        "commands_per_second",
        "wins",
        "mean_score",
    ):
        assert key in report
    assert report["game"] == "house-cup" and report["players"] == 3 and report["games"] == 12
    assert report["errors"] == 0
    assert sum(report["wins"]) >= 12  # a shared win counts for each winner
    assert len(report["mean_score"]) == 3
    assert report["mean_score"][0] > max(report["mean_score"][1:])  # greedy beats random


def test_simulate_is_reproducible(capsys):
    args = ["simulate", "house-cup", "--players", "2", "--games", "5", "--seed", "9", "--json"]
    cli.main(args)
    first = json.loads(capsys.readouterr().out)
    cli.main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["wins"] == second["wins"] and first["mean_score"] == second["mean_score"]


class ExplodingHouseCup:
    """House Cup whose rules raise in the middle of every game."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def apply(self, state, command):
        if state.round == 2:
            raise RuntimeError("rules bug")
        return self.real.apply(state, command)

    def result(self, state) -> Result | None:
        return self.real.result(state)


def test_simulate_exits_non_zero_when_a_game_raises(capsys, monkeypatch):
    monkeypatch.setitem(GAMES, "house-cup", ExplodingHouseCup(GAMES["house-cup"]))
    code = cli.main(["simulate", "house-cup", "--players", "2", "--games", "3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code != 0 and report["errors"] == 3
    assert "rules bug" in report["error_messages"][0]


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "chess", "--players", "2"], "unknown game"),
        (["simulate", "house-cup", "--players", "6"], "2-4 players"),
        (["simulate", "house-cup", "--players", "2", "--bots", "genius"], "no bot"),
    ],
)
def test_simulate_refuses_bad_arguments(args, message, capsys):
    assert cli.main(args) == 2
    assert message in capsys.readouterr().err


def test_replay_prints_the_result_of_a_saved_game(capsys):
    assert cli.main(["replay", str(asset_dir("saves") / "house-cup-scoring-example.json")]) == 0
    assert "Ravenclaw wins the House Cup with 84 points" in capsys.readouterr().out


def test_replay_of_a_broken_file_says_why(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert cli.main(["replay", str(bad)]) == 1
    assert "bad.json" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args,players",
    [
        (["simulate", "stupefix"], 4),  # one bot for all: the game's fewest players
        (["simulate", "house-cup", "--bots", "greedy,random,random"], 3),  # one seat per bot named
        (["arena", "thats-wizard", "--bots", "greedy,random"], 2),
    ],
)
def test_without_players_a_command_seats_one_per_bot_named_or_the_fewest(args, players, capsys):
    """``--players`` was required even where the bots named or the game say it (``simulate stupefix`` stopped
    at a usage line)."""
    assert cli.main([*args, "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == players


def test_arena_json_reports_win_rates_with_intervals_and_think_times(capsys):
    code = cli.main(
        [
            "arena",
            "house-cup",
            "--players",
            "3",
            "--bots",
            "medium,random,random",
            "--games",
            "9",
            "--seed",
            "2",
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 9 and report["errors"] == 0
    medium = report["bots"][0]
    assert medium["bot"] == "medium" and medium["games"] == 9
    assert medium["ci_low"] <= medium["win_rate"] <= medium["ci_high"]
    assert medium["fair_share"] == pytest.approx(1 / 3)
    assert medium["think_p95"] >= medium["think_median"] > 0
    assert sum(bot["wins"] for bot in report["bots"]) == pytest.approx(9)


def test_arena_progress_shows_the_running_wins_after_each_game(capsys):
    code = cli.main(
        ["arena", "house-cup", "--players", "2", "--bots", "greedy,random", "--games", "4", "--seed", "5"]
        + ["--json", "--progress"]
    )
    assert code == 0
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == [f"game {done}/4" for done in range(1, 5)]
    final = json.loads(captured.out)
    wins = {bot["bot"]: bot["wins"] for bot in final["bots"]}
    assert lines[-1] == f"game 4/4: wins greedy {wins['greedy']:g}, random {wins['random']:g}"


@pytest.mark.parametrize(
    "game,players,bots",
    [
        ("stupefix", 4, "greedy,random,random,random"),
        ("thats-wizard", 4, "greedy,random,random,random"),
        ("house-cup-challenge", 2, "greedy,greedy"),
    ],
)
def test_simulate_plays_every_game_through_the_command_line(capsys, game, players, bots):
    code = cli.main(["simulate", game, "--players", str(players), "--games", "3", "--bots", bots, "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == game and report["games"] == 3 and report["errors"] == 0
    assert sum(report["wins"]) >= 3  # every game has at least one winner


# --- tabletop FILE.json: a save given on its own opens in the app, as a file manager passes it --------------------
@pytest.mark.parametrize(
    ("argv", "rest", "file"),
    [
        (["game.json"], [], "game.json"),
        (["--size", "1280x720", "game.json"], ["--size", "1280x720"], "game.json"),
        (["--fullscreen", "/tmp/my game.json"], ["--fullscreen"], "/tmp/my game.json"),
        (["file:///tmp/my%20game.json"], [], "/tmp/my game.json"),
        (["--", "-odd.json"], [], "-odd.json"),
        (["--open", "a.json"], ["--open", "a.json"], None),
        (["simulate", "house-cup", "--players", "2"], ["simulate", "house-cup", "--players", "2"], None),
        (["replay", "game.json"], ["replay", "game.json"], None),
        ([], [], None),
    ],
)
def test_a_save_given_on_its_own_is_told_apart_from_options_and_subcommands(argv, rest, file):
    assert cli.app_file(argv) == (rest, file)


def test_a_save_given_on_its_own_opens_exactly_as_open_does(monkeypatch):
    calls = []
    monkeypatch.setattr("tabletop.ui.app.run_app", lambda **kwargs: calls.append(kwargs) or 0)
    assert cli.main(["--size", "1280x720", "saves/x.json"]) == 0
    assert cli.main(["--size", "1280x720", "--open", "saves/x.json"]) == 0
    assert calls[0] == calls[1]
    assert calls[0]["open_path"].as_posix() == "saves/x.json" and calls[0]["size"] == "1280x720"


@pytest.mark.parametrize("size", ["abc", "0x0", "1280", "1280x", "-5x800", "12.5x800"])
def test_a_window_size_that_is_not_width_by_height_is_refused_with_a_line(size, monkeypatch, capsys):
    """It was taken for 1280x800 without a word."""
    monkeypatch.setattr("tabletop.ui.app.run_app", lambda **kwargs: pytest.fail("the app must not start"))
    with pytest.raises(SystemExit) as exit_info:
        cli.main([f"--size={size}"])
    error = capsys.readouterr().err
    assert exit_info.value.code == 2 and "--size" in error and "like 1600x1000" in error and repr(size) in error


def test_two_saves_to_open_are_refused_with_a_line(monkeypatch, capsys):
    monkeypatch.setattr("tabletop.ui.app.run_app", lambda **kwargs: pytest.fail("the app must not start"))
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--open", "a.json", "b.json"])
    assert exit_info.value.code == 2 and "give one save to open" in capsys.readouterr().err


def test_the_subcommands_still_run_beside_a_save_on_its_own(tmp_path, capsys):
    assert cli.main(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == []
    assert cli.main(["examples", str(tmp_path), "--game", "house-cup"]) == 0
    written = sorted(path.name for path in tmp_path.iterdir())
    assert "house-cup-scoring-example.json" in written
    assert cli.main(["replay", str(tmp_path / "house-cup-scoring-example.json")]) == 0


@pytest.mark.parametrize("command", cli.SUBCOMMANDS)
def test_each_commands_help_says_its_own_usage_and_every_option(command, capsys):
    """A subcommand's usage line began with the whole app's ("usage: tabletop [-h] [--size WxH] ... | tabletop
    COMMAND simulate [-h] ..."), and --players, --games, --seed and replay's file said nothing."""
    with pytest.raises(SystemExit) as exit_info:
        cli.main([command, "--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0 and out.startswith(f"usage: tabletop {command} [-h]"), out
    lines = [*out.split("\n\n", 1)[1].splitlines(), ""]
    bare = [
        line
        for line, below in itertools.pairwise(lines)
        if line.startswith("  ")
        and line[2] != " "
        and not re.search(r"\S {2,}\S", line)
        and not below.startswith("   ")
    ]
    assert not bare, f"arguments without a help: {bare}"


def test_the_apps_help_names_the_window_size_as_its_usage_does(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "--size WxH " in capsys.readouterr().out


@pytest.mark.parametrize("args", [["history", "--game", "chess"], ["examples", "--game", "chess"]])
def test_an_unknown_game_is_refused_with_a_line_by_every_command(args, tmp_path, capsys):
    """examples wrote nothing and history listed "No finished games yet.", both without a word about the id."""
    assert cli.main([*args, str(tmp_path)] if args[0] == "examples" else args) == 2
    assert "unknown game 'chess'; known: house-cup" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["stats"]])
def test_output_into_a_pipe_closed_early_ends_without_a_traceback(command, tmp_path):
    """``tabletop history | head`` ended with a BrokenPipeError traceback once head had stopped reading (the README
    review). The reading end here is closed before the command starts: its first write meets a closed pipe."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tabletop", *command], stdout=write, stderr=subprocess.PIPE, text=True, env=env
        )
    finally:
        os.close(write)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr


@pytest.mark.parametrize("command", [["history"], ["--size", "800x600"]])
def test_a_command_without_a_stdout_ends_as_usual(command, monkeypatch):
    """pythonw, or a command started with its output closed (``tabletop history >&-``), has no sys.stdout: the
    flush added for a closed pipe failed on it (an AttributeError traceback, status 1) after the app or the command
    had ended well."""
    monkeypatch.setattr("tabletop.ui.app.run_app", lambda **kwargs: 0)
    monkeypatch.setattr(sys, "stdout", None)
    assert cli.main(command) == 0
