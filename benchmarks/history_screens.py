"""Opening the History and the Statistics screens with 10,000 finished games in the history.

A temporary history is filled with real finished games: a few of each game are played to the end by bots (a
person, Ada, in the first seat, bot levels in the others) and kept with ``History.record``, their whole saves
with them; then their rows are copied, with new keys and end times spread over a year, to 10,000 games (saves
too). The screens then read that database as the app does. Each figure is the median of five runs of building
the screen and drawing its first frame (with the text and panel caches emptied before each run, so every label
is rendered again), at 1600x900 with SDL's dummy video driver unless DISPLAY is set.

    .venv/bin/python benchmarks/history_screens.py [--games 10000] [--size 1600x900]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if "DISPLAY" not in os.environ:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_HOME = tempfile.mkdtemp(prefix="tabletop-history-bench-")
os.environ["XDG_DATA_HOME"] = str(Path(_HOME) / "data")  # the app's user data: this benchmark's own
os.environ["XDG_CONFIG_HOME"] = str(Path(_HOME) / "config")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core.match import Match, SeatInfo  # noqa: E402
from tabletop.core.rng import Rng, sealed_seed  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.play.history import History, default_path  # noqa: E402
from tabletop.ui import theme  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402

PLAYERS = {"house-cup": 3, "stupefix": 4, "house-cup-challenge": 3, "thats-wizard": 2}
LEVELS = ("easy", "medium", "hard")
RUNS = 5


def played(game_id: str, seed: int) -> Match:
    """A whole game: Ada (and now and then Ben) against bot levels, every seat played by the medium bot."""
    game = GAMES[game_id]
    count = PLAYERS[game_id]
    seats = [SeatInfo("Ada")]
    for seat in range(1, count):
        level = LEVELS[(seed + seat) % len(LEVELS)]
        seats.append(SeatInfo("Ben") if seed == 2 and seat == 1 else SeatInfo(f"{level.capitalize()} bot", level))
    match = Match(game, seats, game.default_options(count), seed)
    bot = make_bot(game, "medium")
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(count)]
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rngs[seat]))
    return match


def fill(path: Path, total: int) -> tuple[int, int, float]:
    """The history at ``path`` with ``total`` games (or the games played for real, if fewer is asked); returns how
    many it holds, how many were played for real, and the seconds."""
    start = time.perf_counter()
    history = History(path)
    for game_id in PLAYERS:
        for seed in range(3):
            history.record(played(game_id, seed))
    real = len(history)
    copies = -(-(total - real) // real)
    with history.db:
        rows = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        history.db.execute(rows + "INSERT INTO saves SELECT key || '-' || i, save FROM saves, n", (copies,))
        history.db.execute(
            rows + "INSERT INTO games SELECT key || '-' || i, game, title, options, seats, scores, winners, summary, "
            "started_at, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now', '-' || (i * 53 + rowid * 7) || ' minutes'), "
            "commands, figures, source FROM games, n",
            (copies,),
        )
        extra = len(history) - total  # exactly ``total``: the surplus copies go
        history.db.execute(
            "DELETE FROM saves WHERE key IN (SELECT key FROM games WHERE key LIKE '%-%' ORDER BY rowid DESC LIMIT ?)",
            (extra,),
        )
        history.db.execute(
            "DELETE FROM games WHERE rowid IN (SELECT rowid FROM games WHERE key LIKE '%-%' "
            "ORDER BY rowid DESC LIMIT ?)",
            (extra,),
        )
    history.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    held = len(history)
    history.close()
    return held, real, time.perf_counter() - start


def timed(action: Callable[[], None], undo: Callable[[], None]) -> tuple[list[float], list[float]]:
    """Seconds of ``action`` (the screen built and its first frame drawn), RUNS times from cold caches: on the
    clock, and of this process's CPU time (which other programs busy on the machine hardly change)."""
    wall, cpu = [], []
    for _ in range(RUNS):
        theme.reset_caches()
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        undo()
    return wall, cpu


def line(name: str, times: tuple[list[float], list[float]]) -> None:
    wall = sorted(t * 1000 for t in times[0])
    cpu = statistics.median(t * 1000 for t in times[1])
    spread = f"(min {wall[0]:.0f}, max {wall[-1]:.0f})"
    print(f"  {name:<46} median {statistics.median(wall):6.0f} ms {spread:<18} CPU {cpu:4.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--size", default="1600x900")
    args = parser.parse_args()
    w, h = (int(part) for part in args.size.split("x"))
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    held, real, seconds = fill(path, args.games)
    size_mb = path.stat().st_size / 1e6
    print(
        f"History: {held:,} games ({real} played to the end, the rest copies), {size_mb:.0f} MB, "
        f"filled in {seconds:.1f} s"
    )
    start = time.perf_counter()
    opened = History(path)  # what the app does once, at its start (integrity check included)
    print(f"  opening the database (once per app start)    {1000 * (time.perf_counter() - start):7.1f} ms")
    opened.close()

    app = App((w, h), settings=Settings(volume=0.0, animation="Off"))
    app.frame(1 / 60)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Screens at {w}x{h}, {pygame.display.get_driver()} video driver, median of {RUNS} "
        f"({os.cpu_count()} cores, load average {load:.1f}):"
    )

    def open_history() -> None:
        app.go.history()
        app.draw()

    def open_statistics() -> None:
        app.go.statistics()
        app.draw()

    back = app.scenes.pop
    line("History: open and first frame", timed(open_history, back))
    line("Statistics (all games): open and first frame", timed(open_statistics, back))

    app.go.history()
    scene = app.scenes.top
    assert scene is not None

    def to_the_end() -> None:  # the oldest games: pages never read yet
        scene.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
        app.draw()

    def to_the_top() -> None:
        scene.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
        scene.pages.clear()  # type: ignore[attr-defined]

    line("History: jump to the oldest games and draw", timed(to_the_end, to_the_top))
    app.go.statistics()
    stats = app.scenes.top
    assert stats is not None
    person = stats.person_choice  # type: ignore[attr-defined]
    game = stats.game_choice  # type: ignore[attr-defined]

    def next_person() -> None:
        person.set(person.index + 1)
        app.draw()

    def next_game() -> None:
        game.set(game.index + 1)
        app.draw()

    line("Statistics: another person, counted and drawn", timed(next_person, lambda: None))
    line("Statistics: another game, drawn", timed(next_game, lambda: None))
    start = time.perf_counter()
    for _ in range(60):
        app.draw()
    print(f"  a frame of the Statistics screen afterwards    {1000 * (time.perf_counter() - start) / 60:7.1f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
