"""Saves written off the main loop: the frame loop hands over the save's JSON form, a writer thread writes it.

Writes keep every guarantee of ``write_json_atomic`` (temp file, fsync, rename, folder fsync) and their order:
one thread writes them in the order given, and when several saves of the same file wait, only the newest is
written (an older one would be overwritten at once anyway). ``flush`` waits until everything given is on disk:
the app calls it when the window closes, so the last command is always saved.
"""

from __future__ import annotations

import atexit
import hashlib
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
        self._seen: dict[Path, Known] = {}  # each file as this app last read or wrote it
        self._changed_elsewhere: set[Path] = set()  # files another window wrote since: left as they are

    def write(self, path: Path, data: Any) -> None:
        """Queue ``data`` (a JSON-ready object no one changes afterwards) to be written to ``path``."""
        with self._lock:
            self._pending.pop(path, None)
            self._pending[path] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def adopt(self, path: Path) -> None:
        """Remember ``path`` as it is now, a save opened to play on in: if another window (the same save opened
        twice) writes it before this app does, this app's next save of it is not written (``changed_elsewhere``),
        so neither window's moves overwrite the other's."""
        seen = known_as(path)
        with self._lock:
            self._seen[path] = seen

    def changed_elsewhere(self, path: Path) -> bool:
        """Whether a save of ``path`` was left unwritten because another window had written it; said once."""
        with self._lock:
            found = path in self._changed_elsewhere
            self._changed_elsewhere.discard(path)
        return found

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
                expected = self._seen.get(path)
                self._busy = True
            try:
                if expected is not None and _written_since(path, expected):
                    log.warning("%s was written by another window: not overwritten", path.name)
                    with self._lock:
                        self._changed_elsewhere.add(path)
                    continue
                write_json_atomic(path, data)
                written = known_as(path)
                with self._lock:
                    self.outcomes[path] = None
                    self._seen[path] = written
            except Exception as exc:  # a full disk, a read-only folder, odd text; or a bug of ours, as loud
                # (a bug's exception ended this thread unsaid: the save was taken for written, and the window closed
                # without a word on the moves since)
                if isinstance(exc, (OSError, UnicodeError, ValueError)):
                    reason = os_reason(exc)
                    log.warning("saving %s failed: %s", path.name, exc)  # (the log in English, as the history's)
                else:
                    reason = f"{type(exc).__name__}: {exc}"
                    log.exception("saving %s failed", path.name)
                with self._lock:
                    self.failures.append((path, reason))
                    self.outcomes[path] = reason
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


Stat = tuple[int, int, int]  # a file's modification time (ns), size and inode (an atomic write is a new file)
Known = tuple[Stat, str] | None  # a file as this app last read or wrote it: its stat and its contents' digest


def known_as(path: Path) -> Known:
    """``path`` as it is now (None: no such file, or it cannot be read)."""
    try:
        stat = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size, stat.st_ino), digest


def _written_since(path: Path, known: tuple[Stat, str]) -> bool:
    """Whether another window wrote ``path`` since this app knew it: its contents changed (a file only touched,
    by a backup or a sync, has its stat changed and not its contents; a file deleted since is written again)."""
    try:
        stat = path.stat()
    except OSError:
        return False
    if (stat.st_mtime_ns, stat.st_size, stat.st_ino) == known[0]:
        return False
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() != known[1]
    except OSError:
        return False


_writer: SaveWriter | None = None


def writer() -> SaveWriter:
    """The app's one save writer (flushed when the program ends, however it ends short of a kill)."""
    global _writer
    if _writer is None:
        _writer = SaveWriter()
        atexit.register(_writer.flush, 10.0)
    return _writer
