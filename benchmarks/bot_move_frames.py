"""Frame time while bots play, with the autosave after every move: written by the background writer (today)
or on the main loop (``--sync``, as before); run it with and without ``--sync`` to compare the two.

Four seats of House Cup Challenge (the largest saves), every one a bot (Medium), so the bots move all through the
run (a seat played by a person would stop them at its first turn); the bots think in their own program and move
as fast as the "Instant" bot speed allows. A frame is the app's whole frame (events, updates, drawing, flip),
timed with the wall clock at 60 frames a second, SDL's dummy video driver unless DISPLAY is set. Reports the
frames in which a bot's move was applied (and saved), all frames, and the frame loop's own time in each autosave
(the direct measure: a busy machine blurs the frame times, not this).

    .venv/bin/python benchmarks/bot_move_frames.py --frames 600
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tabletop.core import Match, SeatInfo  # noqa: E402
from tabletop.core.saves import write_save  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.play import bot_worker  # noqa: E402
from tabletop.play.session import GameSession  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402


def run(frames: int, sync: bool, size: tuple[int, int]) -> tuple[list[float], list[float], list[float]]:
    if sync:  # the autosave as it was: written and fsynced on the main loop after every move
        GameSession.autosave = lambda self: write_save(self.match, self.path)  # type: ignore[method-assign]
    saving: list[float] = []  # the frame loop's own time in each autosave (the writer thread's is not counted)
    plain_autosave = GameSession.autosave

    def timed_autosave(self: GameSession) -> None:
        started = time.perf_counter()
        plain_autosave(self)
        saving.append(time.perf_counter() - started)

    GameSession.autosave = timed_autosave  # type: ignore[method-assign]
    game = GAMES["house-cup-challenge"]
    seats = [SeatInfo(name, "medium") for name in ("Ada", "Ben", "Cleo", "Dev")]
    app = App(size, settings=Settings(volume=0.0, bot_speed="Instant"))
    app.go.table(Match(game, seats, game.default_options(4), 17))
    session = app.scenes.stack[0].session
    moved, every = [], []
    last = time.perf_counter()
    for _ in range(frames):
        length = len(session.match.log)
        started = time.perf_counter()
        app.frame(started - last)
        done = time.perf_counter()
        last = started
        every.append(done - started)
        if len(session.match.log) > length:
            moved.append(done - started)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))
    app.close()
    return moved, every, saving


def report(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{name}: {len(values)} frames, median {statistics.median(values) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--sync", action="store_true", help="save on the main loop, as before")
    args = parser.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    moved, every, saving = run(args.frames, args.sync, (w, h))
    mode = "autosave on the main loop (before)" if args.sync else "autosave by the background writer"
    print(f"{mode}, {args.size}:")
    print("  " + report("frames with a bot move", moved))
    print("  " + report("all frames", every))
    print("  " + report("the frame loop's time in each autosave", saving).replace(" frames,", " saves,"))
    bot_worker.shutdown()
    pygame.quit()


if __name__ == "__main__":
    main()
