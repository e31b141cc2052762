"""A long evening at the app: the same round of play again and again, and whether anything grows from round to round.

Each cycle, in the real App (SDL's dummy drivers, a scratch data folder), plays each of the four games to its
results against Easy and Medium bots, one of them (a different one each cycle) with a person at seat 0 whose moves
are posted pointer events (``table.gesture_for``), and opens the Log and the Rules (F1) during each game. The
person's game is dealt again (Play again) and left through the pause menu before the person moves; then the
History and a replay from it, the Statistics, Continue's game opened as Load opens it and left again, Load, the
Settings (another language, large text on or off), a resized window and F11 twice. Each cycle ends back in
English at 1280x800, where it measures:

- the process: RSS, the cycle collector's objects, pygame Surfaces (reached from them) and their pixels, threads,
  child processes (the bot program) and their RSS, open files, scenes, sessions and matches still alive;
- the data folder: its files and their size (autosaves, history, settings);
- the main thread's CPU per frame, the mean of 100 frames, on the menu, the History, and an example's table;
- with ``--trace``, tracemalloc: the 15 lines that grew most since the second cycle, every ``--every`` cycles (it
  slows the cycles down about three times).

On the first runs (40 cycles, 160 games) nothing grew without a bound: RSS flattened at 365-387 MB from the third
cycle, threads stayed 4, the bot program 1 (25-28 MB), the open files 44-63 (the fonts' files, as text sizes
come and go), the autosaves stopped at the 30 finished ones kept, and the frames' CPU did not creep up. What
goes on growing: the history (about 12.5 KB a game), and, ever more slowly, House Cup Challenge's shared moves
and events (``events._SHARED``, ``moves._MOVE_INDEX``: every path met; a few hundred objects a cycle).

    .venv/bin/python benchmarks/soak.py [--cycles 20] [--trace] [--every 5]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import sys
import tempfile
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
DATA = Path(tempfile.mkdtemp(prefix="tabletop-soak-"))
os.environ["XDG_DATA_HOME"] = str(DATA / "data")
os.environ["XDG_CONFIG_HOME"] = str(DATA / "config")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core import Match, SeatInfo  # noqa: E402
from tabletop.core.protocol import Bot  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games import GAMES, warm  # noqa: E402
from tabletop.i18n import LANGUAGES  # noqa: E402
from tabletop.paths import asset_dir  # noqa: E402
from tabletop.play import autosave, bot_worker  # noqa: E402
from tabletop.play.session import GameSession, latest_autosave, recorder  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.scene import Scene  # noqa: E402
from tabletop.ui.scenes.overlays import Dialog, PauseOverlay, PrivacyOverlay  # noqa: E402
from tabletop.ui.scenes.results import ResultsScene  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402
from tabletop.ui.tables.base import GameTable  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402

PLAYERS = {"house-cup": 3, "stupefix": 4, "house-cup-challenge": 2, "thats-wizard": 2}
SIZES = [(1440, 900), (1024, 700), (1920, 1080), (1280, 800)]
BASE = (1280, 800)


def table_of(app: App) -> GameTable | None:
    stack = app.scenes.stack
    return stack[0] if stack and isinstance(stack[0], GameTable) else None


def tap_label(driver: Driver, buttons: list, label: str) -> None:
    driver.tap(next(button for button in buttons if button.label == label).rect.center)


def person_moves(driver: Driver, table: GameTable, bot: Bot, rng: Rng) -> bool:
    """The person's move (or a step of it) if it is theirs now, made by pointer events; whether one was made."""
    app, session = driver.app, table.session
    top = app.scenes.top
    if isinstance(top, Dialog):  # (That's Wizard!'s illegal-play warning)
        driver.tap(top.buttons[0].rect.center)
        return True
    if top is not table or table.busy() or table.lingering():
        return False
    cue = getattr(table, "cue", None)
    if cue is not None and cue() is not None:  # Stupéfix: "Ready?"
        driver.tap(table.ready_button.rect.center)  # type: ignore[attr-defined]
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
        driver.perform(table.gesture_for(command))  # type: ignore[attr-defined]
    if len(session.match.log) == before and getattr(table, "panel", None) is not None:
        with contextlib.suppress(AssertionError):  # one place, several moves: the panel asks which
            driver.perform(table.gesture_for(command))  # type: ignore[attr-defined]
    if len(session.match.log) == before and command in table.view.legal:
        table.submit(command)
        driver.frames(1)
    return True


def play(driver: Driver, game_id: str, seed: int, person: bool) -> ResultsScene:
    """One game of ``game_id`` to its results, the Log and the Rules opened and closed after its sixth move."""
    app, game = driver.app, GAMES[game_id]
    count = PLAYERS[game_id]
    seats = [SeatInfo(f"Bot {n}", "medium" if n == 1 else "easy") for n in range(count)]
    if person:
        seats[0] = SeatInfo("Ada")
    app.go.table(Match(game, seats, game.default_options(count), seed))
    driver.frames(3)
    table = table_of(app)
    assert table is not None
    bot, rng = make_bot(game, "easy"), Rng.from_seed(seed)
    looked = False
    for _ in range(30000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            return top
        if isinstance(top, PrivacyOverlay):
            driver.frames(5)
            top.ready()
            continue
        if not looked and len(table.session.match.log) >= 6 and top is table and not table.busy():
            looked = True
            table.open_log()
            driver.frames(10)
            app.scenes.top.back()  # type: ignore[union-attr]
            driver.key(pygame.K_F1)
            driver.frames(10)
            app.scenes.top.back()  # type: ignore[union-attr]
            driver.frames(5)
            continue
        if not (person and person_moves(driver, table, bot, rng)):
            driver.frames(5)
    raise RuntimeError(f"{game_id} did not end")


def leave_by_pause(driver: Driver) -> None:
    app = driver.app
    while not isinstance(app.scenes.top, PauseOverlay):
        driver.key(pygame.K_ESCAPE)
    tap_label(driver, app.scenes.top.buttons, "Save and leave to the menu")
    driver.frames(3)


def settings(driver: Driver, language: str, large: bool) -> None:
    app = driver.app
    app.go.settings()
    driver.frames(3)
    scene = app.scenes.top
    scene.set_language(list(LANGUAGES).index(language))  # type: ignore[union-attr]
    driver.frames(3)
    scene.set_large_text(1 if large else 0)  # type: ignore[union-attr]
    driver.frames(3)
    scene.back()  # type: ignore[union-attr]
    driver.frames(3)


def resize(driver: Driver, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)  # (as a window manager does: a new size, then the event)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.frames(3)


def back(driver: Driver, frames: int = 3) -> None:
    driver.app.scenes.top.back()  # type: ignore[union-attr]
    driver.frames(frames)


def cycle(driver: Driver, number: int) -> None:
    app = driver.app
    person_game = list(PLAYERS)[number % len(PLAYERS)]
    for index, game_id in enumerate(PLAYERS):
        results = play(driver, game_id, number * 10 + index, game_id == person_game)
        driver.frames(20)
        if game_id == person_game:  # dealt again, and left before the person moves
            tap_label(driver, results.buttons, "Play again")
            if isinstance(app.scenes.top, Dialog):
                tap_label(driver, app.scenes.top.buttons, "The same ones")
            driver.frames(30)
            leave_by_pause(driver)
        else:
            tap_label(driver, results.buttons, "Menu")
    app.go.history()
    driver.frames(5)
    rows = app.scenes.top.visible()  # type: ignore[union-attr]
    if rows:
        app.scenes.top.watch(app.scenes.top.row(rows[0][0]))  # type: ignore[union-attr]
        driver.frames(60)
        back(driver, 5)
    back(driver)
    app.go.statistics()
    driver.frames(10)
    back(driver)
    latest = latest_autosave()  # Continue's game, opened as Load opens it, and left again
    if latest is not None:
        app.go.load_save(latest.path, latest.path.name, print)
        driver.frames(30)
        if isinstance(app.scenes.top, PrivacyOverlay):
            app.scenes.top.ready()
            driver.frames(5)
        if table_of(app) is not None:
            leave_by_pause(driver)
    app.go.load()
    driver.frames(10)
    back(driver)
    codes = list(LANGUAGES)
    settings(driver, codes[(number + 1) % len(codes)], number % 2 == 0)
    resize(driver, SIZES[number % len(SIZES)])
    driver.key(pygame.K_F11)
    driver.key(pygame.K_F11)
    settings(driver, "en", False)  # measured as it began
    resize(driver, BASE)


def paint(driver: Driver, frames: int = 100) -> float:
    """The main thread's CPU per frame, in ms, the mean of ``frames`` frames of the screen on top."""
    driver.frames(2)
    started = time.thread_time()
    for _ in range(frames):
        driver.app.frame(1 / 60)
    return (time.thread_time() - started) * 1000 / frames


def paints(driver: Driver) -> dict[str, float]:
    app = driver.app
    times = {"menu": paint(driver)}
    app.go.history()
    times["history"] = paint(driver)
    back(driver, 2)
    assert app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    driver.frames(30)
    times["table"] = paint(driver)
    back(driver, 2)
    return {name: round(ms, 2) for name, ms in times.items()}


def surfaces() -> tuple[int, int]:
    """The pygame Surfaces the cycle collector's objects hold (Surfaces are not tracked themselves), and their
    bytes."""
    seen: dict[int, pygame.Surface] = {}
    for obj in gc.get_objects():
        for ref in (obj, *gc.get_referents(obj)):
            if isinstance(ref, pygame.Surface):
                seen[id(ref)] = ref
    size = 0
    for surface in seen.values():
        with contextlib.suppress(pygame.error):
            size += surface.get_width() * surface.get_height() * surface.get_bytesize()
    return len(seen), size


def children() -> list[int]:
    me = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                if Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1] == me:
                    found.append(int(entry))
    return found


def rss_mb(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
    return 0


def open_files() -> Counter:
    kinds: Counter = Counter()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/self/fd/{fd}")
            kinds[Path(target).name if target.startswith("/") else target.split(":")[0]] += 1
    return kinds


def data_files() -> tuple[int, int]:
    found = [path for path in DATA.rglob("*") if path.is_file()]
    return len(found), sum(path.stat().st_size for path in found) // 1024


def measure(app: App) -> dict[str, object]:
    gc.collect()
    objects = gc.get_objects()
    alive = Counter(kind.__name__ for obj in objects for kind in (Scene, GameSession, Match) if isinstance(obj, kind))
    count, pixels = surfaces()
    files, size = data_files()
    kids = children()
    row: dict[str, object] = {
        "rss_MB": rss_mb(),
        "objects": len(objects),
        "surfaces": count,
        "surface_MB": round(pixels / 2**20, 1),
        "threads": threading.active_count(),
        "children": len(kids),
        "child_MB": sum(rss_mb(pid) for pid in kids),
        "fds": sum(open_files().values()),
        "files": files,
        "files_KB": size,
        "scenes": alive["Scene"],
        "sessions": alive["GameSession"],
        "matches": alive["Match"],
    }
    del objects
    if tracemalloc.is_tracing():
        row["traced_MB"] = round(tracemalloc.get_traced_memory()[0] / 2**20, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--trace", action="store_true", help="tracemalloc: what grew most, by line")
    parser.add_argument("--every", type=int, default=5, help="cycles between the detailed reports")
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every must be at least 1")
    if args.trace:
        tracemalloc.start(1)
    app = App(BASE, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    driver.frames(5)
    warm()  # (the app loads the games' rules on a thread once the menu is up: ``App.run``)
    print(f"data folder {DATA}", flush=True)
    first: tuple[Counter, tracemalloc.Snapshot | None] | None = None
    for number in range(args.cycles):
        started = time.perf_counter()
        cycle(driver, number)
        took = time.perf_counter() - started
        autosave.writer().flush(30)
        recorder().flush(30)
        times = paints(driver)  # (first: the caches as they are after drawing these screens)
        row = {"cycle": number, "s": round(took, 1), **measure(app), **times}
        print(" ".join(f"{key}={value}" for key, value in row.items()), flush=True)
        kinds = Counter(type(obj).__name__ for obj in gc.get_objects())
        if number == 1:
            first = kinds, tracemalloc.take_snapshot() if args.trace else None
        elif first is not None and (number % args.every == args.every - 1 or number == args.cycles - 1):
            print("  threads:", sorted(thread.name for thread in threading.enumerate()))
            print("  open files:", dict(open_files()))
            grown = sorted(((n - first[0].get(kind, 0), kind) for kind, n in kinds.items()), reverse=True)[:12]
            print("  objects grown since cycle 1:", ", ".join(f"{kind} +{n}" for n, kind in grown if n > 0))
            if first[1] is not None:
                for stat in tracemalloc.take_snapshot().compare_to(first[1], "lineno")[:15]:
                    print("   ", stat)
    app.close()
    bot_worker.shutdown()


if __name__ == "__main__":
    main()
