"""Does keeping a finished game in the history make the last move's frame hitch?

Plays whole games of House Cup (four Medium bots, "Instant" bot speed, the bots thinking in their own program)
in the real app, timing every frame with the wall clock at 60 frames a second (SDL's dummy video driver unless
DISPLAY is set). Reports the frames in which an ordinary move was applied (and autosaved) beside the frames in
which a game's last move was applied: that frame also hands the game to the history's recorder (its own thread
writes it to the SQLite database). Also times ``History.record`` itself, on the recorder's thread.

    .venv/bin/python benchmarks/record_hitch.py --games 8
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

from tabletop.core import Match, SeatInfo  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.play import bot_worker  # noqa: E402
from tabletop.play.history import History  # noqa: E402
from tabletop.play.session import history_db, recorder  # noqa: E402
from tabletop.ui.app import App  # noqa: E402
from tabletop.ui.settings import Settings  # noqa: E402


def play(app: App, seed: int, limit: int) -> tuple[list[float], float | None]:
    """One game to its end: the frame times of its ordinary moves, and of its last move."""
    game = GAMES["house-cup"]
    seats = [SeatInfo(name, "medium") for name in ("Ada", "Ben", "Cleo", "Dev")]
    app.go.table(Match(game, seats, game.default_options(4), seed))
    session = app.scenes.stack[0].session
    moves: list[float] = []
    last_move = None
    previous = time.perf_counter()
    for _ in range(limit):
        length, recorded = len(session.match.log), session.recorded
        started = time.perf_counter()
        app.frame(started - previous)
        took = time.perf_counter() - started
        previous = started
        if session.recorded and not recorded:
            last_move = took
            break
        if len(session.match.log) > length:
            moves.append(took)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))
    return moves, last_move


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(ms: list[float], more: str = "") -> str:
    """The median and max of ``ms`` (with ``more`` between), or "none" (no game finished in ``--frames``)."""
    return f"median {statistics.median(ms):.1f} ms{more}, max {max(ms):.1f} ms" if ms else "none"


RECORDING: list[float] = []  # how long each History.record of a new game took, in ms


def time_recording() -> None:
    """Time every History.record (the app's recorder makes them on its own thread)."""
    record = History.record

    def timed(self: History, *args, **kwargs):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return record(self, *args, **kwargs)
        finally:
            RECORDING.append((time.perf_counter() - started) * 1000)

    History.record = timed  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--frames", type=int, default=20000, help="most frames a game may take")
    args = parser.parse_args()
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    app = App((1920, 1080), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    time_recording()
    moves: list[float] = []
    last_moves: list[float] = []
    for seed in range(args.games):
        game_moves, last = play(app, 100 + seed, args.frames)
        moves.extend(game_moves)
        if last is not None:
            last_moves.append(last)
    app.close()
    bot_worker.shutdown()
    recorder().flush()
    history, _ = history_db()
    assert history is not None
    print(f"games finished and recorded: {len(last_moves)} of {args.games} (history holds {len(history)})")
    ms = [t * 1000 for t in moves]
    p99 = f", p99 {percentile(ms, 0.99):.1f} ms" if ms else ""
    print(f"ordinary move frames ({len(ms)}): {spread(ms, p99)}")
    print(f"last move frames, recording the game ({len(last_moves)}): {spread([t * 1000 for t in last_moves])}")
    print(f"History.record of each new game: {spread(RECORDING)}")


if __name__ == "__main__":
    main()
