"""Every finished game, kept in a SQLite database in the user data directory (Python's ``sqlite3``).

A record holds the game, its options and seats, the scores and winners, when it started and ended, the number
of commands, each seat's figures for the statistics (the game's ``statistics`` hook) and the whole save, so a
replay never depends on an autosave that may have been pruned. A game is recorded once: its key is a hash of
everything that made it (game, options, seats, seed, start and moves), so recording it again changes nothing.

The saves live in a table of their own, so listing and counting the games never reads them (a page of 10,000
games is read in a millisecond, when their saves take over a hundred megabytes). The database runs in WAL mode,
so two windows of the app may write it at once. It carries a schema version and is migrated forward; one
written by a newer Tabletop is refused (the app then keeps no history and says why), and a damaged one is set
aside under another name, with a message, and a new one started: never a crash.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.saves import match_to_json
from tabletop.i18n import N_, os_reason
from tabletop.i18n import gettext as _
from tabletop.paths import user_data_dir

SCHEMA = 2
FILE_NAME = "history.sqlite3"


# Migrations run statement by statement inside one transaction (``executescript`` would commit halfway).
def _first_schema(db: sqlite3.Connection) -> None:
    db.execute(
        """
        CREATE TABLE games (
            key TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            title TEXT NOT NULL,
            options TEXT NOT NULL,
            seats TEXT NOT NULL,
            scores TEXT NOT NULL,
            winners TEXT NOT NULL,
            summary TEXT NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            commands INTEGER NOT NULL,
            figures TEXT NOT NULL,
            source TEXT NOT NULL,
            save TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX games_by_game ON games (game, ended_at)")
    db.execute("CREATE TABLE seen_files (path TEXT PRIMARY KEY, stamp TEXT NOT NULL)")


def _saves_apart(db: sqlite3.Connection) -> None:
    """Version 2: the saves move to their own table, so reading the list of games reads no save."""
    db.execute("CREATE TABLE saves (key TEXT PRIMARY KEY, save TEXT NOT NULL)")
    db.execute("INSERT INTO saves SELECT key, save FROM games")
    db.execute("ALTER TABLE games DROP COLUMN save")
    db.execute("CREATE INDEX games_by_end ON games (ended_at)")


# Each migration takes the database from the version before it to its own (its index + 1).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_first_schema, _saves_apart)


class Told(str):
    """A line for the people in the language shown that keeps its English for the log: what goes wrong with the
    history is told on the screen in the person's language and logged in English."""

    english: str

    def __new__(cls, message: str, **values: object) -> Told:
        """``message`` is the English (a msgid marked ``N_``), ``values`` its named placeholders."""
        told = super().__new__(cls, _(message).format(**values))
        told.english = message.format(**values)
        return told


def english(message: str) -> str:
    """A message as the log keeps it: a ``Told`` line's English, any other as it is."""
    return message.english if isinstance(message, Told) else message


class HistoryError(Exception):
    """The history cannot be used (written by a newer Tabletop, say); ``str()`` is one line in English, ``told``
    the same in the language shown."""

    def __init__(self, told: Told) -> None:
        super().__init__(told.english)
        self.told = told


@dataclass
class GameRecord:
    """A finished game as the history keeps it (read-only: not frozen only because a frozen dataclass takes seven
    times as long to make, and the statistics make ten thousand). Its options and figures are read from their
    JSON when first asked for: a list of ten thousand games is read without them."""

    key: str
    game_id: str
    title: str
    seats: tuple[SeatInfo, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str
    started_at: str
    ended_at: str
    commands: int
    source: str  # "app", "simulate" or "arena"
    options_json: str = "{}"
    figures_json: str = "[]"

    @cached_property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = json.loads(self.options_json)
        return options

    @cached_property
    def figures(self) -> tuple[dict[str, Any], ...]:
        """Per seat: what the game's statistics count."""
        return tuple(json.loads(self.figures_json))

    def won(self, seat: int, side_of: SideOf | None = None) -> float:
        """``seat``'s share of the win: a win shared by k sides counts 1/k, whole for each seat of a side that won
        together (``Game.side_of``: a house, a team; without it every seat is a side)."""
        if seat not in self.winners:
            return 0.0
        if len(self.winners) == 1 or side_of is None:
            return 1.0 / len(self.winners)
        return 1.0 / len({side_of(self.options, len(self.seats), winner) for winner in self.winners})


SideOf = Callable[[Mapping[str, Any], int, int], Hashable]  # ``Game.side_of``


def game_key(match: Match) -> str:
    """What identifies a game for the history: everything that made it, hashed."""
    made = {
        "game": match.game.id,
        "options": match.options,
        "seats": [to_json(seat) for seat in match.seats],
        "seed": match.seed,
        "start": match.start,
        "log": [to_json(command) for command in match.log],
    }
    return hashlib.sha256(json.dumps(made, sort_keys=True).encode()).hexdigest()[:32]


def default_path() -> Path:
    return user_data_dir() / FILE_NAME


class History:
    """The database, opened (and made, migrated or replaced when damaged) on creation."""

    BUSY_SECONDS = 10.0  # how long to wait for another window's write before the history is found unusable

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.notice: Told | None = None  # what the people should be told about the history, once
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as exc:
            if not _damaged(exc):  # busy, locked, read-only, unreachable: the file is fine, only not usable now
                raise
            aside = self._set_aside()
            line = N_("The game history was damaged ({reason}); it was set aside as {file} and a new one begun.")
            self.notice = Told(line, reason=exc, file=aside.name)
            self.db = self._open()
        self.inode = os.stat(self.path).st_ino  # (``gone``)

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.BUSY_SECONDS)
        try:
            version = _schema_of(db)  # read before anything is written: a newer history is left as it is
            if version > SCHEMA:
                line = N_(
                    "the game history was written by a newer Tabletop (version {version}; this one reads up to "
                    "{ours}): it is left as it is and no games are recorded"
                )
                raise HistoryError(Told(line, version=version, ours=SCHEMA))
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._migrate(db, version)
            # The games taken out (``forget``), never kept again (a table of its own, made where missing: an older
            # Tabletop reads the history as before)
            db.execute("CREATE TABLE IF NOT EXISTS forgotten (key TEXT PRIMARY KEY)")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("its integrity check failed")
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self, db: sqlite3.Connection, version: int) -> None:
        if version == SCHEMA:
            return
        db.execute("BEGIN IMMEDIATE")  # one window migrates; another waits for it, then finds the work done
        try:
            version = _schema_of(db)
            for number in range(version, SCHEMA):
                MIGRATIONS[number](db)
            db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('schema', ?)", (str(SCHEMA),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _set_aside(self) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}{self.path.suffix}")
        self.path.rename(aside)
        for extra in ("-wal", "-shm"):
            leftover = self.path.with_name(self.path.name + extra)
            if leftover.exists():
                leftover.rename(aside.with_name(aside.name + extra))
        return aside

    def close(self) -> None:
        self.db.close()

    def gone(self) -> bool:
        """Whether its file was removed while open (the games kept after it went into a file no longer there), or
        replaced by another (another connection began a new one)."""
        try:
            return os.stat(self.path).st_ino != self.inode
        except OSError:
            return True

    # --- writing ---------------------------------------------------------------------------------------------
    def record(self, match: Match, started_at: str = "", source: str = "app", ended_at: str = "") -> bool:
        """Keep a finished game; True when it is new (a game already kept is not kept twice). ``ended_at``: when it
        ended, when that was before now (a finished save kept at a later start)."""
        result = match.result()
        if result is None:
            raise ValueError("only a finished game is recorded")
        figures = match.game.statistics(match.state, [event for batch in match.history for event in batch])
        row = (
            game_key(match),
            match.game.id,
            match.game.title,
            json.dumps(match.options),
            json.dumps([to_json(seat) for seat in match.seats]),
            json.dumps(list(result.scores)),
            json.dumps(list(result.winners)),
            result.summary,
            started_at,
            ended_at or datetime.now(UTC).isoformat(timespec="seconds"),
            len(match.log),
            json.dumps(list(figures)),
            source,
        )
        with self.db:
            if self.db.execute("SELECT 1 FROM forgotten WHERE key = ?", (row[0],)).fetchone() is not None:
                return False  # taken out of the history by the people (``forget``)
            cursor = self.db.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            if cursor.rowcount == 1:
                save = json.dumps(match_to_json(match))
                self.db.execute("INSERT OR REPLACE INTO saves VALUES (?, ?)", (row[0], save))
        return cursor.rowcount == 1

    def record_file(self, path: Path, load: Callable[[Path], tuple[Match, str]], ended_at: str = "") -> bool:
        """Keep the finished game saved in ``path`` unless this version of the file was seen already (so a game
        finished just before the app was killed is kept at the next start, and nothing is read twice)."""
        try:
            info = path.stat()
        except OSError:
            return False
        stamp = f"{info.st_mtime_ns}:{info.st_size}"
        seen = self.db.execute("SELECT stamp FROM seen_files WHERE path = ?", (str(path),)).fetchone()
        if seen is not None and seen[0] == stamp:
            return False
        match, started_at = load(path)
        new = match.result() is not None and self.record(match, started_at, ended_at=ended_at)
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO seen_files (path, stamp) VALUES (?, ?)", (str(path), stamp))
        return new

    def forget(self, key: str) -> bool:
        """Take a game out of the history (and so out of the statistics), its save with it; True when it was kept.
        It is never kept again: a game finished in this run left its finished autosave unseen (the table kept the
        game, not the file), and the next start kept it again from that file."""
        with self.db:
            gone = self.db.execute("DELETE FROM games WHERE key = ?", (key,)).rowcount
            self.db.execute("DELETE FROM saves WHERE key = ?", (key,))
            self.db.execute("INSERT OR IGNORE INTO forgotten (key) VALUES (?)", (key,))
        return gone == 1

    # --- reading ---------------------------------------------------------------------------------------------
    def games(self, game_id: str | None = None) -> list[GameRecord]:
        """The finished games, oldest first (of one game, when given)."""
        rows: Iterator[Sequence[Any]]
        with _bulk():
            if game_id is None:
                rows = self.db.execute(_LISTED + " ORDER BY ended_at, rowid")
            else:
                rows = self.db.execute(_LISTED + " WHERE game = ? ORDER BY ended_at, rowid", (game_id,))
            return [_record(row) for row in rows]

    def newest(self, game_id: str | None = None, offset: int = 0, limit: int = 50) -> list[GameRecord]:
        """A page of the finished games, newest first (of one game, when given): the ``limit`` games after the
        ``offset`` newest, so a long history is shown without reading all of it."""
        rows: Iterator[Sequence[Any]]
        page = " ORDER BY ended_at DESC, rowid DESC LIMIT ? OFFSET ?"
        if game_id is None:
            rows = self.db.execute(_LISTED + page, (limit, offset))
        else:
            rows = self.db.execute(_LISTED + " WHERE game = ?" + page, (game_id, limit, offset))
        return [_record(row) for row in rows]

    def count(self, game_id: str | None = None) -> int:
        """How many finished games are kept (of one game, when given)."""
        if game_id is None:
            return len(self)
        found: int = self.db.execute("SELECT COUNT(*) FROM games WHERE game = ?", (game_id,)).fetchone()[0]
        return found

    def most_seats(self, game_id: str | None = None) -> int:
        """The most seats any kept game had (of one game, when given): the list makes room for them."""
        query = "SELECT MAX(json_array_length(seats)) FROM games" + ("" if game_id is None else " WHERE game = ?")
        found = self.db.execute(query, () if game_id is None else (game_id,)).fetchone()[0]
        return int(found or 0)

    def save_of(self, key: str) -> dict[str, Any]:
        """The whole save of a recorded game (to replay it)."""
        row = self.db.execute("SELECT save FROM saves WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        save: dict[str, Any] = json.loads(row[0])
        return save

    def __len__(self) -> int:
        count: int = self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        return count


# What says a database file itself is damaged (anything else, a lock held by another program, a read-only file or
# folder, a full disk, says nothing of the file: setting it aside then hid every game kept as "damaged").
_DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:  # raised here (an unreadable schema version, a failed integrity check)
        return not isinstance(exc, sqlite3.OperationalError)
    return code & 0xFF in _DAMAGED_CODES


def _schema_of(db: sqlite3.Connection) -> int:
    """The schema version a database was written with (0: a new, empty one)."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
        return 0
    row = db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
    if row is None:
        return 0
    if not str(row[0]).isdigit():
        raise sqlite3.DatabaseError("its schema version is unreadable")
    return int(row[0])


_LISTED = (
    "SELECT key, game, title, options, seats, scores, winners, summary, started_at, ended_at, commands, figures, "
    "source FROM games"
)


@lru_cache(maxsize=1024)
def _seats(text: str) -> tuple[SeatInfo, ...]:
    """Seats read from their JSON; the same people and bots sit at most games, so each text is read once."""
    return tuple(SeatInfo(seat["name"], seat["controller"]) for seat in json.loads(text))


@contextmanager
def _bulk() -> Iterator[None]:
    """While thousands of records are read: they hold no reference cycles, yet each few hundred new objects would
    set the cycle collector walking every object of the app (a third of the reading time), so it waits."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_READ = json.JSONDecoder().raw_decode  # ``json.loads`` less its checks around the text: a list is read 1.5x faster


def _numbers(text: str) -> tuple[int, ...]:
    """A JSON list of numbers as the history writes it ("[12, -3, 40]")."""
    return tuple(_READ(text)[0])


def _record(row: Sequence[Any]) -> GameRecord:
    key, game, title, options, seats, scores, winners, summary, started, ended, commands, figures, source = row
    return GameRecord(
        key, game, title, _seats(seats), _numbers(scores), _numbers(winners), summary, started, ended, commands,
        source, options, figures,
    )  # fmt: skip


UNUSABLE = N_("the game history cannot be used ({reason})")


def open_history(path: Path | None = None) -> tuple[History | None, str | None]:
    """The history, or None and the one line that says why it cannot be used (the app plays on without it)."""
    try:
        history = History(path)
    except HistoryError as exc:
        return None, exc.told
    except OSError as exc:  # a folder that cannot be made: why, in the language shown (the log keeps the path)
        told = Told(UNUSABLE, reason=os_reason(exc))
        told.english = UNUSABLE.format(reason=exc)
        return None, told
    except sqlite3.Error as exc:
        return None, Told(UNUSABLE, reason=exc)
    return history, history.notice
