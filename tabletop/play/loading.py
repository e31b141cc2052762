"""Opening a save off the frame loop: read, replayed and checked on a thread of its own, with its progress.

A save is its move log replayed from the start, so a long log takes a moment. ``SaveLoad`` does it on a worker
thread while the window goes on drawing (and stays closable): the replay's games count each move they apply, so
the screen can say how far it is, and a cancelled load stops at its next move. Reading is the same as
``session.open_saved``: the same checks, the same one-line SaveError.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any, cast

from tabletop.core.match import Match
from tabletop.core.protocol import Game
from tabletop.core.saves import SaveError, could_not_read
from tabletop.games import GAMES
from tabletop.play.session import open_saved

log = logging.getLogger(__name__)


class Cancelled(BaseException):
    """Raised inside the replay when the load was cancelled: a BaseException, so no check of a save's contents
    takes it for a fault of the file."""


class _Counted:
    """A game that tells its load of each move it applies (everything else is the game's own)."""

    def __init__(self, game: Game, load: SaveLoad) -> None:
        self._game = game
        self._load = load

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, command: Any) -> Any:
        self._load.step()
        return self._game.apply(state, command)


class SaveLoad:
    """One save being opened on a worker thread. ``done`` of ``total`` moves are replayed so far; once
    ``finished`` is set, ``result`` holds what ``open_saved`` returns, or ``error`` the line that says why not."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.total = 0
        self.done = 0
        self.result: tuple[Match, Path | None, str] | None = None
        self.error: str | None = None
        self.finished = threading.Event()
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, name="load-save", daemon=True)

    def start(self) -> SaveLoad:
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Stop at the next move (the file is only ever read)."""
        self.cancelled = True

    def join(self, timeout: float | None = None) -> bool:
        return self.finished.wait(timeout)

    def step(self) -> None:
        if self.cancelled:
            raise Cancelled
        self.done += 1

    def _run(self) -> None:
        try:
            self.total = moves_in(self.path)
            games = {game_id: cast(Game, _Counted(game, self)) for game_id, game in GAMES.items()}
            match, keep, started = open_saved(self.path, games)
            match.game = GAMES[match.game.id]  # the game itself plays on, not its counter
            self.result = (match, keep, started)
        except SaveError as exc:
            self.error = str(exc)
        except Cancelled:
            self.error = "cancelled"  # never shown: a cancelled load's screen has left already
        except Exception as exc:  # a file can hold anything: what slips past the checks is still one line
            log.warning("loading %s: %r", self.path, exc, exc_info=True)
            self.error = str(SaveError(self.path, could_not_read(exc)))
        finally:
            self.finished.set()


def moves_in(path: Path) -> int:
    """How many moves the save at ``path`` holds, counted from its text without parsing it (0 if unknown): the
    length of the progress bar. Every move is one object of the log, which ``write_json_atomic`` writes one
    move per line after ``"log": [``."""
    try:
        raw = path.read_bytes()
    except OSError:
        return 0
    start = raw.find(b'\n "log": [')
    if start < 0:
        return 0
    end = raw.find(b"\n ],", start)
    body = raw[start:end] if end > 0 else raw[start:]
    return body.count(b"\n  {")


__all__ = ["Cancelled", "SaveLoad", "moves_in"]
