"""Time from launching `python -m tabletop` to the first drawn frame of the main menu.

Each run starts a fresh interpreter (imports, pygame, fonts, art) and stops right after the first menu frame.
Uses the current DISPLAY if there is one (a real or virtual X screen), otherwise SDL's dummy video driver.

Usage: python benchmarks/startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-m", "tabletop"], env=env, capture_output=True, text=True, timeout=60)
    for line in out.stdout.splitlines():
        if line.startswith("menu-drawn "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"the app did not report its menu: {out.stdout}{out.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "TABLETOP_STARTUP_PROBE": "1",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_DATA_HOME": home,
            "XDG_CONFIG_HOME": home,
        }
        if not env.get("DISPLAY"):
            env["SDL_VIDEODRIVER"] = "dummy"
        one_run(env)  # warm the disk cache and the bytecode
        times = [one_run(env) for _ in range(args.runs)]
    where = "X display " + env["DISPLAY"] if env.get("DISPLAY") else "SDL dummy video driver"
    print(
        f"launch to menu ({where}), {args.runs} runs: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms (target: median <= 1000 ms)"
    )


if __name__ == "__main__":
    main()
