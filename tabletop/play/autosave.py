"""Saves written off the main loop: the frame loop hands over the save's JSON form, a writer thread writes it.

Writes keep every guarantee of ``write_json_atomic`` (temp file, fsync, rename, folder fsync) and their order:
one thread writes them in the order given, and when several saves of the same file wait, only the newest is
written (an older one would be overwritten at once anyway). ``flush`` waits until everything given is on disk:
the app calls it when the window closes, so the last command is always saved.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from tabletop.core.saves import write_json_atomic
from tabletop.i18n import os_reason

log = logging.getLogger(__name__)


class SaveWriter:
    """One background thread writing JSON files atomically, newest version of each file only."""

    def __init__(self) -> None:
        self._pending: OrderedDict[Path, Any] = OrderedDict()
        self._lock = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.failures: list[tuple[Path, str]] = []  # (file, reason) for the session to tell; read then cleared
        self.outcomes: dict[Path, str | None] = {}  # each file's last write: why it failed, or None

    def write(self, path: Path, data: Any) -> None:
        """Queue ``data`` (a JSON-ready object no one changes afterwards) to be written to ``path``."""
        with self._lock:
            self._pending.pop(path, None)
            self._pending[path] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued save is written; False if ``timeout`` seconds passed first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def outcome(self, path: Path) -> str | None:
        """Why the last write of ``path`` failed, or None (written, or never asked for)."""
        with self._lock:
            return self.outcomes.get(path)

    def take_failures(self) -> list[tuple[Path, str]]:
        with self._lock:
            failures, self.failures = self.failures, []
        return failures

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: bool(self._pending), timeout=30.0):
                    self._thread = None  # idle: the next write starts a new thread
                    return
                path, data = self._pending.popitem(last=False)
                self._busy = True
            try:
                write_json_atomic(path, data)
                with self._lock:
                    self.outcomes[path] = None
            except (OSError, UnicodeError, ValueError) as exc:  # a full disk, a read-only folder, odd text
                reason = os_reason(exc)
                log.warning("saving %s failed: %s", path.name, reason)
                with self._lock:
                    self.failures.append((path, reason))
                    self.outcomes[path] = reason
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


_writer: SaveWriter | None = None


def writer() -> SaveWriter:
    """The app's one save writer (flushed when the program ends, however it ends short of a kill)."""
    global _writer
    if _writer is None:
        _writer = SaveWriter()
        atexit.register(_writer.flush, 10.0)
    return _writer
