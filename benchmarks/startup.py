"""Time from launching `python -m tabletop` to the first drawn frame of the main menu.

Each run starts a fresh interpreter (imports, pygame, fonts, art) and stops right after the first menu frame;
its wall time to that frame and the CPU time the process used are both reported. ``--compare DIR`` times another
checkout of the project (say a worktree of an older commit) in the same run, the two interleaved run by run, so
a busy machine slows both alike.
Uses the current DISPLAY if there is one (a real or virtual X screen), otherwise SDL's dummy video driver.

``--language fr`` starts the app in French (its settings file says so), to see that no language starts slower.

Usage: python benchmarks/startup.py [--runs 10] [--compare /tmp/before13] [--language fr]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def one_run(env: dict[str, str], tree: Path) -> tuple[float, float]:
    """(wall seconds to the first menu frame, CPU seconds of the process) for the checkout at ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-m", "tabletop"],
        env={**env, "PYTHONPATH": str(tree)},
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=60,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    for line in out.stdout.splitlines():
        if line.startswith("menu-drawn "):
            return float(line.split()[1]) - start, cpu
    raise RuntimeError(f"the app did not report its menu: {out.stdout}{out.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--compare", type=Path, help="another checkout, timed in the same run")
    parser.add_argument("--language", default="en", help="en, fr or ru: the language the app starts in")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    trees = [HERE, *([args.compare.resolve()] if args.compare else [])]
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "TABLETOP_STARTUP_PROBE": "1",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": home,
            "XDG_CONFIG_HOME": home,
        }
        settings = Path(home) / "tabletop" / "settings.json"
        settings.parent.mkdir(parents=True)
        settings.write_text(json.dumps({"language": args.language}), encoding="utf-8")
        if not env.get("DISPLAY"):
            env["SDL_VIDEODRIVER"] = "dummy"
        for tree in trees:
            one_run(env, tree)  # warm the disk cache and the bytecode
        runs: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
        for _ in range(args.runs):
            for tree in trees:
                runs[tree].append(one_run(env, tree))
    where = "X display " + env["DISPLAY"] if env.get("DISPLAY") else "SDL dummy video driver"
    for tree in trees:
        walls = [wall for wall, _ in runs[tree]]
        cpus = [cpu for _, cpu in runs[tree]]
        print(
            f"{tree}: launch to menu ({where}, language {args.language}), {args.runs} runs: "
            f"median {statistics.median(walls) * 1000:.0f} ms "
            f"(min {min(walls) * 1000:.0f}, max {max(walls) * 1000:.0f}), process CPU median "
            f"{statistics.median(cpus) * 1000:.0f} ms (target: median <= 1000 ms)"
        )


if __name__ == "__main__":
    main()
