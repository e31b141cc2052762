"""The worst frames of real play: whole games played through the real app, every frame timed.

For each game, one person (seat 0, moves made by posted pointer events, chosen by the Easy bot) against Medium
bots at the "Normal" bot speed and animation, in the app as a person runs it: the table opening, the first
drawing of each card face and text (the caches start cold), the bots' answers arriving, reveals, scoring, the
results screen. Halfway through each game the person also opens the Log, the Rules, the Settings (the language
changed there and back), resizes the window and toggles full screen; after the results, the History.

Every frame is the app's whole frame (events, 60 Hz updates, drawing, flip; what a posted event makes happen is in
the frame that handles it), timed by the main thread's CPU time (``time.thread_time``): on the shared 2-core
machine this was written on, the wall clock had spikes of 200-800 ms in frames that did nothing (the profiler saw
10-50 ms in them; a wait for a core, the other programs' turns), so the wall clock (``--wall``) says more about the
machine than about the app. A frame in which the app's other threads (the autosave writer, the history's
recorder) used the CPU says so: there the main thread may also have waited for the GIL. Frames are stepped faster
than real time, waiting for a thinking bot between them (that wait is not counted), so a run is the same whatever
the load. SDL's dummy video driver unless DISPLAY is set. ``--profile MS`` profiles every frame and prints the top
functions of each frame above MS milliseconds (the profiler slows the frames down).

    .venv/bin/python benchmarks/hitches.py [--game house-cup] [--size 1280x800] [--language fr] [--large-text]
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core import Match, SeatInfo  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games import GAMES, warm  # noqa: E402
from tabletop.i18n import LANGUAGES  # noqa: E402
from tabletop.play import bot_worker  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay  # noqa: E402
from tabletop.ui.scenes.results import ResultsScene  # noqa: E402
from tabletop.ui.scenes.settings import SettingsScene  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402
from tabletop.ui.tables.base import GameTable  # noqa: E402

PLAYERS = {"house-cup": 4, "stupefix": 4, "house-cup-challenge": 3, "thats-wizard": 2}
EXTRAS_AT = {"house-cup": 40, "stupefix": 40, "house-cup-challenge": 40, "thats-wizard": 12}  # moves into the game
STEP = 1 / 60


class Timer:
    """Times every ``App.frame`` and says what happened in it (the harness's action, scenes, moves applied)."""

    def __init__(self, app: App, wall: bool, profile_ms: float | None) -> None:
        self.app = app
        self.clock = time.perf_counter if wall else time.thread_time
        self.profile_ms = profile_ms
        self.frames: list[tuple[float, str]] = []
        self.profiles: dict[int, str] = {}
        self.note = ""  # what the harness does in the next frame
        self.action: Callable[[], None] | None = None  # done inside the next frame (as an event's handler is)
        self.plain = app.frame
        app.frame = self.frame  # type: ignore[method-assign]

    def table(self) -> GameTable | None:
        stack = self.app.scenes.stack
        return stack[0] if stack and isinstance(stack[0], GameTable) else None

    def frame(self, dt: float) -> None:
        table = self.table()
        log = len(table.session.match.log) if table else 0
        top = type(self.app.scenes.top).__name__
        profiler = cProfile.Profile() if self.profile_ms is not None else None
        started, process, thread = self.clock(), time.process_time(), time.thread_time()
        if profiler:
            profiler.enable()
        if self.action is not None:
            action, self.action = self.action, None
            action()
        self.plain(dt)
        if profiler:
            profiler.disable()
        took = (self.clock() - started) * 1000
        others = (time.process_time() - process) - (time.thread_time() - thread)  # the app's other threads' CPU
        what = [self.note] if self.note else []
        if self.app.scenes.top is not None and self.app.scenes.top is not table:
            what.append(f"on {type(self.app.scenes.top).__name__}")
        self.note = ""
        now_top = type(self.app.scenes.top).__name__
        if now_top != top:
            what.append(f"{top} -> {now_top}")
        table = self.table()
        if table is not None and len(table.session.match.log) > log:
            moves = table.session.match.log[log:]
            what.append("applied " + ", ".join(type(m).__name__ for m in moves))
        if others > 0.005:
            what.append(f"other threads' CPU {others * 1000:.0f} ms")
        self.frames.append((took, "; ".join(what)))
        if profiler and took > (self.profile_ms or 0):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(28)
            self.profiles[len(self.frames) - 1] = out.getvalue()

    def run(self, count: int = 1) -> None:
        for _ in range(count):
            bot_worker.worker().wait(60.0)
            self.app.frame(STEP)

    def do(self, note: str, action: Callable[[], None] | None = None, frames: int = 1) -> None:
        self.note, self.action = note, action
        self.run(frames)


def post(kind: int, **attrs: object) -> Callable[[], None]:
    return lambda: pygame.event.post(pygame.event.Event(kind, **attrs))


def tap(timer: Timer, pos: tuple[int, int], note: str = "") -> None:
    timer.do(note, post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False), 2)
    timer.do(note, post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False), 2)


def gesture(timer: Timer, actions: list[tuple]) -> None:
    for action in actions:
        if action[0] == "tap":
            tap(timer, action[1])
        elif action[0] == "drag":
            start, end = action[1], action[2]
            timer.do("", post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False), 2)
            for index in range(1, 9):
                pos = (start[0] + (end[0] - start[0]) * index // 8, start[1] + (end[1] - start[1]) * index // 8)
                timer.do("drag", post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False))
            timer.run(6)
            timer.do("drop", post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False), 2)


def person_moves(timer: Timer, table: GameTable, bot, rng: Rng) -> bool:  # type: ignore[no-untyped-def]
    """The person's move (or step of one) if it is theirs now; whether something was done."""
    app, session = timer.app, table.session
    top = app.scenes.top
    if isinstance(top, Dialog):  # (That's Wizard!'s illegal-play warning)
        tap(timer, top.buttons[0].rect.center, "dialog answered")
        return True
    if top is not table or table.busy() or table.lingering():
        return False
    cue = getattr(table, "cue", None)
    if cue is not None and cue() is not None:  # Stupéfix: "Ready?", the count starts
        tap(timer, table.ready_button.rect.center, "ready")  # type: ignore[attr-defined]
        return True
    choice = getattr(table, "choice", None)
    if choice is not None and getattr(table, "reveal", None) is None:  # Stupéfix's secret choices
        command = random.Random(len(session.match.log)).choice(choice.view.legal)
    elif session.acting_human() == 0 and table.view.legal:
        command = bot.choose(table.view, rng)
    else:
        return False
    before = len(session.match.log)
    with contextlib.suppress(AssertionError):  # (a card scrolled out of sight, say)
        gesture(timer, table.gesture_for(command))
    if len(session.match.log) == before and getattr(table, "panel", None) is not None:
        with contextlib.suppress(AssertionError):  # one place, several moves: the panel asks which
            gesture(timer, table.gesture_for(command))
    if len(session.match.log) == before and command in table.view.legal:
        timer.do("submitted (no gesture)", lambda: table.submit(command))
    return True


def extras(timer: Timer, table: GameTable, size: tuple[int, int], language: str) -> None:
    """What a person does now and then during a game: the Log, the Rules, a language change, a resize, F11."""
    app = timer.app
    timer.do("open Log", lambda: table.open_log(), 40)
    timer.do("close Log", lambda: app.scenes.top.back(), 20)  # type: ignore[union-attr]
    timer.do("open Rules (F1)", post(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0), 40)
    timer.do("close Rules", lambda: app.scenes.top.back(), 20)  # type: ignore[union-attr]
    timer.do("open Settings", lambda: app.go.settings(), 20)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    other = "en" if language != "en" else "fr"
    codes = list(LANGUAGES)
    timer.do(f"language -> {other}", lambda: settings.set_language(codes.index(other)), 20)
    timer.do(f"language -> {language}", lambda: settings.set_language(codes.index(language)), 20)
    timer.do("close Settings", lambda: settings.back(), 30)
    bigger = (size[0] + 160, size[1] + 90)
    for new in (bigger, size):
        pygame.display.set_mode(new, pygame.RESIZABLE)  # (it sends WINDOWSIZECHANGED; a window manager, both)
        timer.do(f"resized to {new[0]}x{new[1]}", post(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1]), 30)
    for _ in range(2):
        timer.do("F11", post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0), 30)


def play(timer: Timer, game_id: str, seed: int, size: tuple[int, int], language: str, limit: int) -> None:
    app, game = timer.app, GAMES[game_id]
    count = PLAYERS[game_id]
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "medium") for n in range(1, count)]
    timer.do("open the table", lambda: app.go.table(Match(game, seats, game.default_options(count), seed)))
    table = timer.table()
    assert table is not None
    bot, rng = make_bot(game, "easy"), Rng.from_seed(seed)
    extras_at = None
    for _ in range(limit):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            timer.run(240)
            break
        if isinstance(top, PrivacyOverlay):
            timer.run(50)
            tap(timer, (size[0] // 2, size[1] // 2), "privacy screen passed")
            continue
        moves = len(table.session.match.log)
        if extras_at is None and moves >= EXTRAS_AT[game_id] and top is table and not table.busy():
            extras_at = moves
            extras(timer, table, size, language)
            continue
        if not person_moves(timer, table, bot, rng):
            timer.run(1)
    else:
        print(f"  (not finished in {limit} steps)")
    when = "not reached" if extras_at is None else f"after move {extras_at}"
    print(f"  ({len(table.session.match.log)} moves, the Log and the rest {when})")
    timer.do("open History", lambda: app.go.history(), 60)


def report(timer: Timer, title: str, worst: int) -> None:
    times = [t for t, _ in timer.frames]
    over = [sum(t > limit for t in times) for limit in (16.7, 33.3, 100.0)]
    ordered = sorted(times)
    print(
        f"{title}: {len(times)} frames, median {ordered[len(ordered) // 2]:.1f} ms, "
        f"p99 {ordered[int(0.99 * len(ordered))]:.1f} ms; over 16.7 ms {over[0]}, over 33 ms {over[1]}, "
        f"over 100 ms {over[2]}"
    )
    ranked = sorted(range(len(times)), key=lambda i: -times[i])[:worst]
    for index in ranked:
        took, what = timer.frames[index]
        since = next((index - j for j in range(index, -1, -1) if "applied" in timer.frames[j][1]), -1)
        print(f"  frame {index:6d} {took:7.1f} ms  {what or '-'}   ({since} frames after a move)")
        if index in timer.profiles:
            print("\n".join("      " + line for line in timer.profiles[index].splitlines()[6:40]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--language", default="en", choices=list(LANGUAGES))
    parser.add_argument("--large-text", action="store_true")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--limit", type=int, default=20000, help="most steps a game may take")
    parser.add_argument("--worst", type=int, default=10)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not the CPU")
    parser.add_argument("--profile", type=float, metavar="MS", help="profile the frames above MS milliseconds")
    args = parser.parse_args()
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))
    for game_id in args.game or sorted(PLAYERS):
        settings = Settings(
            volume=0.0, animation="Normal", bot_speed="Normal", language=args.language, large_text=args.large_text
        )
        app = App(size, settings=settings)
        timer = Timer(app, args.wall, args.profile)
        timer.do("the menu", None, 30)
        warm()  # (the app loads the games' rules on a thread while the menu is read: ``App.run``)
        play(timer, game_id, args.seed, size, args.language, args.limit)
        text = " Large text" if args.large_text else ""
        report(timer, f"{game_id} at {args.size}, {args.language}{text}", args.worst)
        app.close()
        pygame.quit()
    bot_worker.shutdown()


if __name__ == "__main__":
    main()
