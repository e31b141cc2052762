"""Every script in benchmarks/ still runs: each at its smallest scale, in its own process as a person runs it, exits
0 and prints the names of its figures. No test ran them: one broken by a later change (a renamed function, a moved
module, a median of nothing at a small scale) was found only when someone next wanted a figure.

The figures themselves are never checked here (they depend on the machine and its load): the full-scale runs in
benchmarks/ give them. Left out, too slow at their smallest scale: ``rules_instructions.py`` under valgrind (35 s
for one game; the work it counts, its child, is run here without valgrind) and ``soak.py`` (a cycle, four whole
games and every screen, takes 15-20 s).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
TIMEOUT = 120  # seconds: a few at most each, on a busy 2-core machine many times that

GAME_LINES = ("house-cup", "stupefix", "house-cup-challenge", "thats-wizard")
FRAME_LINES = ("table frame: median", "p99", "(target p99 <= 8 ms)")

LEFT_OUT = {"rules_instructions.py", "soak.py"}  # too slow at their smallest scale (the module's docstring)

# script: (its smallest-scale arguments, what it prints)
RUNS: dict[str, tuple[list[str], list[str]]] = {
    "house_cup_rules.py": (
        ["--games", "1", "--repeats", "1"],
        ["House Cup rules benchmark", "protocol loop:", "bots on views:", "games/s", "commands/s", "targets:"],
    ),
    "stupefix_rules.py": (
        ["--games", "1", "--repeats", "1"],
        ["protocol loop:", "bots on views:", "games/s", "commands/s", "per CPU second", "target:"],
    ),
    "house_cup_challenge_rules.py": (
        ["--games", "1", "--repeats", "1"],
        ["protocol loop:", "bots on views:", "greedy bots", "games/s", "commands/s", "median game", "target:"],
    ),
    "thats_wizard_rules.py": (  # one match: Duos' half of it was none
        ["--games", "1", "--repeats", "1"],
        ["1 vs 1, best of three:", "Duos:", "protocol loop:", "bots on views:", "matches/s", "commands a match"],
    ),
    "thats_wizard_termination.py": (  # one match of each kind (a kind with none was a median of nothing)
        ["--matches", "4"],
        ["1v1 random v random", "1v1 greedy v greedy", "1v1 random v greedy", "Duos", "all", "concessions", "longest"],
    ),
    "house_cup_challenge_medium.py": (  # one game (its quartiles were of fewer than two)
        ["--games", "1", "--players", "2", "--old", "--versus", "1"],
        ["old Medium, 2 players", "rounds: median", "quartiles", "actions per game", "bonus draws", "new Medium vs"],
    ),
    "house_cup_challenge_hard.py": (
        ["--games", "1", "--iterations", "1"],
        ["game 1: Hard", "Hard won", "mean VP margin", "iterations median", "think wall median", "CPU median"],
    ),
    "bot_think.py": (
        ["--positions", "1", "--every", "1", "--games", "house-cup,thats-wizard"],  # (Hard thinks 0.8 s a position)
        ["house-cup", "thats-wizard", "easy", "medium", "hard, asked as the app asks", "median", "p95", "target:"],
    ),
    "contract.py": (
        ["--scale", "0", "--game", "house-cup", "--policy", "greedy"],
        ["policy", "steps", "ms/step", "house-cup", "greedy", "total:", "steps checked"],
    ),
    "rules_speed.py": (
        ["--seconds", "0.05", "--repeats", "1", "--iterations", "1"],
        [*GAME_LINES, "random play with views", "rules alone", "steps/s", "playouts/s"],
    ),
    "thats_wizard_speed.py": (
        ["--seconds", "0.05", "--repeats", "1", "--iterations", "1"],
        ["That's Wizard! 1 vs 1", "That's Wizard! Duos", "random play with views", "rules alone", "playouts/s"],
    ),
    "kill_saves.py": (
        ["--kills", "2"],
        ["2 kills", "games lost", "corrupt", "not a prefix", "not yet on disk", "after clean_leftovers"],
    ),
    "startup.py": (["--runs", "1"], ["launch to menu", "1 runs: median", "process CPU median"]),
    "house_cup_frames.py": (["--frames", "2"], [*FRAME_LINES, "cpu per frame", "bare loop", "ratio table/bare"]),
    "stupefix_frames.py": (["--frames", "2"], ["frame: median", "p99", "4 wands dragged", "CPU time of this process"]),
    "house_cup_challenge_frames.py": (["--frames", "2"], ["House Cup Challenge board", *FRAME_LINES]),
    "thats_wizard_frames.py": (["--frames", "2"], ["Duos table", *FRAME_LINES, "cpu per frame", "load average"]),
    "bot_move_frames.py": (
        ["--frames", "60"],
        ["by the background writer", "frames with a bot move", "all frames", "the frame loop's time in each autosave"],
    ),
    "record_hitch.py": (  # a game not finished in its frames: there was no median of its last move
        ["--games", "1", "--frames", "60"],
        ["games finished and recorded", "ordinary move frames", "last move frames", "History.record of each new"],
    ),
    "history_screens.py": (
        ["--games", "13"],
        [
            "History: 13 games",
            "opening the database",
            "History: open and first frame",
            "Statistics (all games): open and first frame",
            "History: jump to the oldest games",
            "Statistics: another person",
            "Statistics: another game",
            "a frame of the Statistics screen",
        ],
    ),
    "saves_listing.py": (["--saves", "2"], ["2 saves: menu", "Load screen", "again", "replaying every save"]),
    "hitches.py": (
        ["--game", "thats-wizard", "--worst", "3"],  # a whole match: the Log, Rules, Settings, results
        ["thats-wizard at 1280x800, en:", "frames, median", "p99", "over 16.7 ms", "the Log and the rest after move"],
    ),
}


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TMPDIR": str(tmp_path)}
    env.pop("DISPLAY", None)  # (with a DISPLAY the frame benchmarks open a real window)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def test_every_benchmark_is_run_here():
    scripts = {path.name for path in BENCHMARKS.glob("*.py")}
    assert scripts - LEFT_OUT == set(RUNS), "a benchmark this file does not run (or no longer exists)"


@pytest.mark.parametrize("script", sorted(RUNS))
def test_benchmark_runs_and_prints_its_figures(script, tmp_path):
    args, figures = RUNS[script]
    out = run(tmp_path, str(BENCHMARKS / script), *args)
    assert out.returncode == 0, f"{script} {' '.join(args)} failed:\n{out.stdout}\n{out.stderr}"
    missing = [figure for figure in figures if figure not in out.stdout]
    assert not missing, f"{script} printed no {missing}:\n{out.stdout}"
    assert not re.search(r"\bnan\b", out.stdout, re.IGNORECASE), out.stdout


@pytest.mark.parametrize(("game", "players", "mode"), [("house-cup", "4", "views"), ("thats-wizard", "2", "search")])
def test_rules_instructions_counted_work_runs(game, players, mode, tmp_path):
    """What rules_instructions.py counts under valgrind, run without it (valgrind makes it ~100 times slower)."""
    script = str(BENCHMARKS / "rules_instructions.py")
    out = run(tmp_path, script, "--iterations", "1", "--child", game, players, mode, "1")
    assert out.returncode == 0, out.stderr
    assert re.fullmatch(r"units [1-9]\d*", out.stdout.strip()), out.stdout


@pytest.mark.parametrize(
    "command",
    [
        ["thats_wizard_frames.py", "--frames", "0"],
        ["house_cup_rules.py", "--repeats", "0"],
        ["rules_instructions.py", "--count", "1"],
    ],
)
def test_a_scale_with_nothing_to_measure_is_refused_in_one_line(command, tmp_path):
    out = run(tmp_path, str(BENCHMARKS / command[0]), *command[1:])
    assert out.returncode == 2
    assert "must be at least" in out.stderr.splitlines()[-1] and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["house_cup_rules.py", "--players", "9"],
        ["stupefix_rules.py", "--players", "3"],
        ["house_cup_challenge_rules.py", "--players", "1"],
        ["house_cup_challenge_medium.py", "--players", "2", "7"],
    ],
)
def test_a_player_count_the_game_does_not_take_is_refused_in_one_line(command, tmp_path):
    out = run(tmp_path, str(BENCHMARKS / command[0]), *command[1:])
    assert out.returncode == 2
    assert "invalid choice" in out.stderr.splitlines()[-1] and "Traceback" not in out.stderr


def test_every_benchmark_runs_the_code_of_its_own_tree():
    """Run as ``python benchmarks/x.py``, a script whose folder is first on the path imported the installed
    ``tabletop`` (an editable install of another checkout, say), not the one beside it: a worktree's figures were
    the main tree's."""
    for path in sorted(BENCHMARKS.glob("*.py")):
        if path.name == "rules_instructions.py":  # (its counted child puts ``--tree`` first, this tree by default)
            continue
        text = path.read_text(encoding="utf-8")
        first_import = re.search(r"^\s*(from|import) (tabletop|tests|benchmarks)\b", text, re.MULTILINE)
        if first_import is not None:
            first = text[: first_import.start()]
            assert "sys.path.insert(0, str(" in first, f"{path.name} imports tabletop before putting its tree first"
