"""Bots think in a separate process, so the window keeps drawing at full speed while they search, and the only
thing a bot ever receives is its own seat's View (pickled across the process boundary: it cannot reach the
game's state). Closing the window cancels a bot mid-thought by stopping the process.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import threading
from multiprocessing.connection import Connection
from typing import Any

from tabletop.core.protocol import Command, View

log = logging.getLogger(__name__)


def _serve(conn: Connection) -> None:
    """The worker process: answer (request, game id, bot id, view, seed) with (request, command, error)."""
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng
    from tabletop.games import GAMES

    bots: dict[tuple[str, str], Any] = {}
    while True:
        try:
            request, game_id, bot_id, view, seed = conn.recv()
        except (EOFError, OSError):
            return
        try:
            key = (game_id, bot_id)
            if key not in bots:
                bots[key] = make_bot(GAMES[game_id], bot_id)
            command = bots[key].choose(view, Rng.from_seed(seed))
            conn.send((request, command, None))
        except Exception as exc:  # the app must hear about a broken bot, not wait for it forever
            conn.send((request, None, f"{type(exc).__name__}: {exc}"))


class BotWorker:
    """One thinking process, asked one question at a time."""

    def __init__(self) -> None:
        self._process: mp.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._next = 0
        self._waiting: int | None = None
        self._lock = threading.Lock()

    def _start(self) -> None:
        context = mp.get_context("spawn")
        ours, theirs = context.Pipe()
        self._process = context.Process(target=_serve, args=(theirs,), name="tabletop-bot", daemon=True)
        self._process.start()
        theirs.close()
        self._conn = ours

    def ask(self, game_id: str, bot_id: str, view: View, seed: int) -> int:
        """Send a question; returns its number. A question still being thought about is abandoned."""
        with self._lock:
            if self._waiting is not None:
                self.cancel()
            if self._process is None or not self._process.is_alive():
                self._start()
            self._next += 1
            self._waiting = self._next
            assert self._conn is not None
            self._conn.send((self._next, game_id, bot_id, view, seed))
            return self._next

    def answer(self, request: int) -> tuple[bool, Command | None, str | None]:
        """(ready, command, error) for ``request``; never blocks."""
        with self._lock:
            if self._conn is None or self._waiting != request:
                return True, None, "the question was abandoned"
            try:
                if not self._conn.poll():
                    if self._process is not None and not self._process.is_alive():
                        self._waiting = None
                        return True, None, "the bot process stopped"
                    return False, None, None
                number, command, error = self._conn.recv()
            except (EOFError, OSError) as exc:
                self._waiting = None
                return True, None, f"the bot process stopped ({exc})"
            if number != request:
                return False, None, None
            self._waiting = None
            return True, command, error

    def busy(self) -> bool:
        return self._waiting is not None

    def cancel(self) -> None:
        """Stop a bot mid-thought (the process is started again for the next question)."""
        if self._waiting is not None and self._process is not None:
            self._process.terminate()
            self._process.join(2)
            self._process = None
            self._conn = None
        self._waiting = None

    def close(self) -> None:
        self.cancel()
        if self._process is not None:
            self._process.terminate()
            self._process.join(2)
            self._process = None
            self._conn = None


_worker: BotWorker | None = None


def worker() -> BotWorker:
    global _worker
    if _worker is None:
        _worker = BotWorker()
    return _worker


def shutdown() -> None:
    if _worker is not None:
        _worker.close()
