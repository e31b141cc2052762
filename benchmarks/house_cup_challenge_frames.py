"""Frame time of the full House Cup Challenge board at 1920x1080.

The table: 4 players in Year 4 (the example save), the viewer a person to act, with a drag of the character
in progress every other second (reachable spaces lit, the path drawn) and the characters gliding between
spaces, so lighting, paths and animation are part of the measure. A frame is the app's whole frame: events,
60 Hz updates, drawing and the flip.

Uses the current DISPLAY if there is one (e.g. under Xvfb), otherwise SDL's dummy video driver.
Usage: python benchmarks/house_cup_challenge_frames.py [--frames 900] [--size 1920x1080] [--language fr]
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
_home = tempfile.mkdtemp()
os.environ["XDG_DATA_HOME"] = _home
os.environ["XDG_CONFIG_HOME"] = _home
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tabletop.core import SeatInfo  # noqa: E402
from tabletop.core.saves import load_match  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.paths import asset_dir  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402
from tabletop.ui.sprites.motion import Drag  # noqa: E402
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable  # noqa: E402


def busy_table(app: App) -> ChallengeTable:
    match = load_match(asset_dir("saves") / "house-cup-challenge-year4.json", GAMES)
    match.seats = [SeatInfo(seat.name, "human" if index == 0 else "greedy") for index, seat in enumerate(match.seats)]
    game = match.game
    while match.to_act() != (0,) or match.state.tasks[-1].kind != "action":  # let the bots play up to seat 0
        seat = match.to_act()[0]
        match.apply(game.legal(match.state, seat)[0])
    app.go.table(match)
    table = app.scenes.stack[0]
    assert isinstance(table, ChallengeTable)
    table.session.hand_over(0)
    if app.scenes.top is not table:
        app.scenes.pop(app.scenes.top)
    return table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--language", default="en", help="en, fr or ru: the table's words in that language")
    args = parser.parse_args()
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size, settings=Settings(volume=0.0, animation="Normal", bot_speed="Normal", language=args.language))
    table = busy_table(app)
    for _ in range(60):
        app.frame(1 / 60)
    token = table.hits.rect_of("token", table.view.seat)
    assert token is not None, "the viewer's character is not drawn"
    targets = sorted(table.targets("character")) or [table.view.me.cell]
    times = []
    for index in range(args.frames):
        phase = index % 120
        if phase == 0:
            table.drag = Drag(-1, "token", "character", (token.width // 2, token.height // 2), token.center, token.size)
            table.stage.motions.clear()  # the characters glide in again, as after a move
        elif phase < 60 and table.drag is not None:
            cell = targets[(index // 8) % len(targets)]
            table.drag.pos = table.layout.cells[cell].center
        elif phase == 60:
            table.drag = None
        start = time.perf_counter()
        app.frame(1 / 60)
        times.append(time.perf_counter() - start)

    def pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000

    where = os.environ.get("DISPLAY") and f"X display {os.environ['DISPLAY']}" or "SDL dummy video driver"
    print(f"House Cup Challenge board at {size[0]}x{size[1]} ({where}), {args.frames} frames")
    print(
        f"table frame: median {statistics.median(times) * 1000:.2f} ms, p99 {pct(times, 99):.2f} ms, "
        f"max {max(times) * 1000:.2f} ms (target p99 <= 8 ms)"
    )
    pygame.quit()


if __name__ == "__main__":
    main()
