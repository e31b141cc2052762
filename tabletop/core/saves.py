"""Saved games: JSON only, versioned, written atomically, checked by replay when read.

A save holds a header (format, version, game, options, seats, seed, where the game started), the command log
and a snapshot of the state. Reading a save replays the log and compares the result with the snapshot, so a
save that was edited or damaged is refused with one clear line instead of starting a wrong game. Nothing is
ever evaluated or unpickled; a save that cannot be read is left where it is.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Game, IllegalCommand, player_counts, players_text

FORMAT = "tabletop-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be used. ``str()`` is one line naming the file and the problem."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path.name}: {problem}")


@dataclass(frozen=True)
class SaveInfo:
    """One line of the Load list: what a save holds, or why it cannot be opened."""

    path: Path
    game_id: str | None
    title: str
    players: int
    progress: str
    saved_at: str
    finished: bool
    error: str | None = None
    names: tuple[str, ...] = ()
    description: str = ""


def match_to_json(match: Match, description: str = "") -> dict[str, Any]:
    result = match.result()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "title": match.game.title,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "progress": "Finished" if result else match.game.progress(match.state),
        "finished": result is not None,
        "options": match.options,
        "seats": [to_json(seat) for seat in match.seats],
        "seed": match.seed,
        "rules": match.game.rules_version,
        "start": match.start,
        "log": [command_to_json(command) for command in match.log],
        "snapshot": match.snapshot(),
    }
    if description:
        data["description"] = description
    return data


def write_save(match: Match, path: Path, description: str = "") -> None:
    """Write atomically: a crash mid-write leaves the previous file whole."""
    write_json_atomic(path, match_to_json(match, description))


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(temp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if not raw.strip():
        raise SaveError(path, "the file is empty") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(path, "is not a text file, so not a Tabletop save") from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        if exc.pos >= len(raw.rstrip()) - 1:
            raise SaveError(path, f"is cut short (the JSON ends early at {where})") from None
        raise SaveError(path, f"is not valid JSON ({exc.msg} at {where})") from None


def load_match(path: Path, games: Mapping[str, Game]) -> Match:
    """Read, replay and check a save. Raises SaveError with one clear line; never changes the file."""
    data = read_json(path)
    return match_from_json(path, data, games)


def match_from_json(path: Path, data: Any, games: Mapping[str, Game]) -> Match:
    game, seats, options, seed, start = _header(path, data, games)
    older = _rules_revision(path, data, game) < game.rules_version
    # A save from an older revision of the game's rules is replayed under today's: its moves may still all be
    # legal (then the game goes on), but its snapshot has yesterday's shape, so it is not compared.
    was = f"was saved under an older revision of {game.title}'s rules, and " if older else ""
    try:
        log = [command_from_json(game.command_types, item) for item in data.get("log", [])]
    except CodecError as exc:
        raise SaveError(path, f"{was}has a broken move in its log ({exc})") from None
    if not isinstance(data.get("log", []), list):
        raise SaveError(path, "its move log is not a list")
    try:
        match = Match.replay(game, seats, options, seed, log, start)
    except IllegalCommand as exc:
        raise SaveError(path, f"{was}its move log does not replay: {exc.reason}") from None
    except (CodecError, KeyError, IndexError, TypeError, ValueError) as exc:
        raise SaveError(path, f"{was}could not be replayed ({type(exc).__name__}: {exc})") from None
    snapshot = data.get("snapshot")
    if not older and snapshot is not None and snapshot != match.snapshot():
        raise SaveError(path, "its saved position does not match its move log (the file was changed)")
    return match


def _rules_revision(path: Path, data: dict[str, Any], game: Game) -> int:
    """The revision of the game's rules a save was made under (saves from before revisions were 1)."""
    revision = data.get("rules", 1)
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
        raise SaveError(path, "has a broken rules revision")
    if revision > game.rules_version:
        raise SaveError(
            path,
            f"was saved by a newer Tabletop ({game.title} rules revision {revision}; "
            f"this one plays revision {game.rules_version})",
        )
    return revision


def _header(
    path: Path, data: Any, games: Mapping[str, Game]
) -> tuple[Game, list[SeatInfo], dict[str, Any], int, dict[str, Any] | None]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, "is not a Tabletop save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, "has no save format version")
    if version > VERSION:
        raise SaveError(path, f"was saved by a newer Tabletop (format {version}; this one reads up to {VERSION})")
    game_id = data.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise SaveError(path, f"is for a game this Tabletop does not know ({game_id!r})")
    try:
        seats = [from_json(SeatInfo, seat) for seat in data["seats"]]
        options = from_json(dict[str, Any], data.get("options", {}))
        seed = from_json(int, data["seed"])
        start = data.get("start")
    except (KeyError, TypeError, CodecError) as exc:
        raise SaveError(path, f"has a broken header ({exc})") from None
    if len(seats) not in player_counts(game):
        raise SaveError(path, f"has {len(seats)} seats; {game.title} takes {players_text(game)} players")
    problem = game.check_options(len(seats), options)
    if problem:
        raise SaveError(path, f"has options the game refuses ({problem})")
    if start is not None:
        try:
            state = from_json(game.state_type, start)
        except CodecError as exc:
            if _rules_revision(path, data, game) < game.rules_version:
                raise SaveError(
                    path, f"starts from a position of an older revision of {game.title}'s rules ({exc})"
                ) from None
            raise SaveError(path, f"has a broken starting position ({exc})") from None
        problems = game.check_state(state)
        if problems:
            raise SaveError(path, f"has an impossible starting position ({problems[0]})")
    return game, seats, options, seed, start


def save_info(path: Path, games: Mapping[str, Game]) -> SaveInfo:
    """Everything the Load list shows for a file; a file that fails gets its error, never an exception."""
    try:
        data = read_json(path)
        match = match_from_json(path, data, games)
    except SaveError as exc:
        error = str(exc)
        return SaveInfo(path, None, "Unreadable save", 0, "", _mtime(path), False, error)
    result = match.result()
    return SaveInfo(
        path=path,
        game_id=match.game.id,
        title=match.game.title,
        players=len(match.seats),
        progress="Finished" if result else match.game.progress(match.state),
        saved_at=str(data.get("saved_at") or _mtime(path)),
        finished=result is not None,
        names=tuple(seat.name for seat in match.seats),
        description=str(data.get("description", "")),
    )


def list_saves(folder: Path, games: Mapping[str, Game]) -> list[SaveInfo]:
    """Every ``*.json`` in ``folder``, newest first; unreadable ones are listed with their error."""
    if not folder.is_dir():
        return []
    paths = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [save_info(path, games) for path in paths]


def _mtime(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")
