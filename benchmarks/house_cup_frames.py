"""Frame time of the busiest House Cup table, and its ratio to a bare pygame loop blitting the same sprites.

The table: 4 players late in round 4 (full tableaux, tokens under the days, a crowded timetable), drawn at
1920x1080. Every 30 frames all sprites are sent flying again from the deck, as after a deal, so animation is
part of the measure. A frame is the app's whole frame: events, 60 Hz updates, drawing and the flip.

The bare loop blits, per frame, exactly the surfaces of the same sizes at the same places that one table frame
blits (counted on a Surface subclass), with nothing else: the cost any pygame program pays for that picture.

Uses the current DISPLAY if there is one (e.g. under Xvfb), otherwise SDL's dummy video driver.
Usage: python benchmarks/house_cup_frames.py [--frames 900] [--size 1920x1080] [--language fr]
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

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core import Match, SeatInfo  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402


class CountingSurface(pygame.Surface):
    """Records every blit (source size and place) made on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[tuple[int, int], tuple[int, int], bool]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        self.blits.append((source.get_size(), pos, bool(source.get_flags() & pygame.SRCALPHA)))
        return super().blit(source, dest, area, special_flags)


def busiest_match() -> Match:
    """A 4-player game between greedy bots, stopped at the busiest moment of round 4 (most cards on view)."""
    game = GAMES["house-cup"]
    seats = [
        SeatInfo("Gryffindor"),
        SeatInfo("Slytherin", "greedy"),
        SeatInfo("Hufflepuff", "greedy"),
        SeatInfo("Ravenclaw", "greedy"),
    ]
    match = Match(game, seats, game.default_options(4), 31)
    bot = make_bot(game, "greedy")
    rng = Rng.from_seed(5)
    best, best_log = -1, 0
    while match.result() is None:
        state = match.state
        if state.round == 4 and state.phase == "take" and match.to_act() == (0,) and not state.tasks:
            busy = sum(map(len, state.days)) + sum(map(len, state.tableau)) + sum(map(len, state.under))
            if busy > best:
                best, best_log = busy, len(match.log)
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    return Match.replay(game, seats, match.options, match.seed, match.log[:best_log])


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
    app.go.table(busiest_match())
    table = app.scenes.stack[0]
    for _ in range(120):
        app.frame(1 / 60)

    times, cpu = [], []
    for index in range(args.frames):
        if index % 30 == 0:
            table.stage.motions.clear()  # everything flies in again, as after a deal
        start, start_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)

    counting = CountingSurface(app.screen.get_size())
    table.stage.snap()
    table.draw(counting)
    sprites = [(pygame.Surface(s, pygame.SRCALPHA if alpha else 0), pos) for s, pos, alpha in counting.blits]
    for surface, _ in sprites:
        surface.fill((120, 90, 60, 200))
    screen = app.screen
    bare = []
    for _ in range(args.frames):
        start = time.perf_counter()
        pygame.event.pump()
        for surface, pos in sprites:
            screen.blit(surface, pos)
        pygame.display.flip()
        bare.append(time.perf_counter() - start)

    def pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000

    where = os.environ.get("DISPLAY") and f"X display {os.environ['DISPLAY']}" or "SDL dummy video driver"
    print(
        f"House Cup table at {size[0]}x{size[1]} ({where}), {args.frames} frames, {len(counting.blits)} blits per frame"
    )
    print(
        f"table frame: median {statistics.median(times) * 1000:.2f} ms, p99 {pct(times, 99):.2f} ms "
        f"(target p99 <= 8 ms)"
    )
    print(
        f"cpu per frame: median {statistics.median(cpu) * 1000:.2f} ms, p99 {pct(cpu, 99):.2f} ms "
        f"(wall-clock spikes above this are the process waiting for a core; load {os.getloadavg()[0]:.2f})"
    )
    print(f"bare loop  : median {statistics.median(bare) * 1000:.2f} ms, p99 {pct(bare, 99):.2f} ms")
    print(f"ratio table/bare (median): {statistics.median(times) / statistics.median(bare):.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
