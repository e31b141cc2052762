"""Saved games: JSON only, versioned, written atomically, checked by replay when read.

A save holds a header (format, version, game, options, seats, seed, where the game started), the command log
and a snapshot of the state. Reading a save replays the log and compares the result with the snapshot, so a
save that was edited or damaged is refused with one clear line instead of starting a wrong game. Nothing is
ever evaluated or unpickled; a save that cannot be read is left where it is.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from typing import Any

from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Game, IllegalCommand, players_text
from tabletop.i18n import DOMAIN, N_, Phrase, game_title, language, os_reason
from tabletop.i18n import gettext as _

log = logging.getLogger(__name__)

FORMAT = "tabletop-save"
# 2: the header's progress line is a phrase (its message and values, put into words in the language shown); a
# version-1 save's line is shown as it was written. An older Tabletop says a version-2 save is from a newer one.
VERSION = 2

# Whatever lies in the saves folder is read within these bounds, so no file can stop, freeze or exhaust the app.
MAX_SAVE_BYTES = 2 * 1024 * 1024  # a whole real game is at most about 150 KB
MAX_LOG = 20_000  # commands; the longest real games have a few thousand
MAX_DEPTH = 32  # JSON nesting; a state nests about 6 deep
MAX_DIGITS = 20  # digits of one number: seeds are 64-bit
MAX_NAME = 40  # characters of a seat's name
MAX_TEXT = 300  # characters of a description or a progress line
MAX_MESSAGE = 200  # characters of one error line
HEADER_BYTES = 64 * 1024  # a save's header (names, options, progress) lies in its first bytes
_BODY = b'\n "start": '  # where a save's header ends, as ``write_json_atomic`` lays it out (indent 1)
TEMP_AGE = 60.0  # seconds after which a temp file of an interrupted write is taken for a leftover

# Which controllers (``human`` and bot ids) a game's seats may have; supplied by the layer that knows the bots.
Controllers = Callable[[Game], Collection[str]]


class SaveError(Exception):
    """A save that cannot be used. ``str()`` is one line naming the file and the problem, in the language shown
    (the reasons are only ever shown: on the menu, on Load, by ``tabletop replay``; never written to a file)."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        line = _("{file}: {problem}").format(file=shown_name(self.path), problem=problem)
        super().__init__(_one_line(line, MAX_MESSAGE))


@dataclass(frozen=True)
class SaveInfo:
    """One line of the Load list: what a save holds, or why it cannot be opened."""

    path: Path
    game_id: str | None
    title: str
    players: int
    progress: Phrase | str  # put into words when shown; a version-1 save's line as it was written
    saved_at: str
    finished: bool
    error: str | None = None
    names: tuple[str, ...] = ()  # as the screens show them (``Game.shown_names``)
    description: str = ""
    winners: tuple[int, ...] = ()  # a finished game's winning seats, when its header says (older saves do not)
    bots: tuple[int, ...] = ()  # the seats a bot plays
    moves: int | None = None  # how many moves were played, when its header says (older saves do not)


def match_to_json(
    match: Match, description: str = "", started_at: str = "", guide_step: int | None = None, guide_unseen: int = 0
) -> dict[str, Any]:
    """The save of ``match``; ``guide_step``: the step a guided first game's guide was at (None: no guide);
    ``guide_unseen``: how many of the steps before it were done before their tip came up (``Coach.passed_unseen``)."""
    result = match.result()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "title": match.game.title,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "progress": "Finished" if result else phrase_to_json(match.game.progress(match.state)),
        "finished": result is not None,
        "options": match.options,
        "seats": [to_json(seat) for seat in match.seats],
        "seed": match.seed,
        "rules": match.game.rules_version,
        "moves": len(match.log),  # (the Load list and the pruning of games left before a move read it)
    }
    if result is not None:
        data["winners"] = list(result.winners)  # (the Load list names them)
    if description:
        data["description"] = description
    if started_at:
        data["started_at"] = started_at
    if guide_step is not None:
        data["guide_step"] = guide_step  # (the guide comes back with Continue, at its step)
        if guide_unseen:  # (and its "Guide n of m" as it read: "Guide 2 of 7" came back as "Guide 3 of 8")
            data["guide_unseen"] = guide_unseen
    # The header above comes first and "start" opens the body: ``read_header`` reads only up to it.
    data["start"] = match.start
    data["log"] = [command_to_json(command) for command in match.log]
    data["snapshot"] = match.snapshot()
    return data


def write_save(match: Match, path: Path, description: str = "") -> None:
    """Write atomically: a crash mid-write leaves the previous file whole."""
    write_json_atomic(path, match_to_json(match, description))


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    # The writer's process id is in the name, so a later start can tell a leftover from a write in progress.
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
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
    """The JSON in ``path``, read within bounds (a regular file, not too large, not too deep, no huge number)."""
    return _parse(path, _read_bounded(path))


def _parse(path: Path, raw: bytes) -> Any:
    try:
        # A byte order mark before the JSON is what an editor (Windows' Notepad) puts there when it saves a file
        # edited by hand: read past it (the UTF-8 one was refused as "Unexpected UTF-8 BOM", a UTF-16 file as no
        # text at all)
        text = raw.decode("utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig")
    except UnicodeDecodeError:
        if not _text_like(raw):
            raise SaveError(path, _("is not a text file, so not a Tabletop save")) from None
        # Text, but not UTF-8: an editor kept it in the system's old code page ("ANSI"): "not a text file" misled
        line = _("is text in another encoding than UTF-8 (an editor may have changed it): save it again as UTF-8")
        raise SaveError(path, line) from None
    if not text.strip():
        raise SaveError(path, _("the file is empty"))
    if _depth(text) > MAX_DEPTH:
        raise SaveError(path, _("is nested too deeply to be a save"))
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant)
    except _OutOfBounds as exc:
        raise SaveError(path, str(exc)) from None
    except RecursionError:
        raise SaveError(path, _("is nested too deeply to be a save")) from None
    except json.JSONDecodeError as exc:
        where = _("line {line}, column {column}").format(line=exc.lineno, column=exc.colno)
        # json reports a string still open at the end of the text where the string began ("Unterminated string
        # starting at"): that file, too, was cut short.
        if exc.msg.startswith("Unterminated string"):
            raise SaveError(path, _("is cut short (a text begun at {where} never ends)").format(where=where)) from None
        if exc.pos >= len(text.rstrip()) - 1:
            raise SaveError(path, _("is cut short (the JSON ends early at {where})").format(where=where)) from None
        # json's own words for what it found (in English: Python's) and where
        detail = _("{error} at {where}").format(error=exc.msg.removesuffix(" at"), where=where)
        raise SaveError(path, _("is not valid JSON ({detail})").format(detail=detail)) from None
    return data


def _text_like(raw: bytes) -> bool:
    """Whether ``raw`` reads as text in some 8-bit code page: no control bytes but tabs and line ends."""
    return not raw.translate(None, b"\t\n\r" + bytes(range(32, 256)))


def read_header(path: Path) -> Any:
    """The header of a save (everything before its "start"), reading only the file's first HEADER_BYTES: what
    the Load list shows, without reading whole games. A file written otherwise is read whole (``read_json``)."""
    raw = _read_bounded(path, HEADER_BYTES)
    cut = raw.find(_BODY)
    if cut < 0:
        return read_json(path)
    header = _parse(path, raw[:cut].rstrip().removesuffix(b",") + b"\n}")
    # Its keys in another order (written again by a tool that sorts them: "start" then came before "title" and
    # "version", and the list said the save had no version while it opened): the whole file says
    if not isinstance(header, dict) or any(key not in header for key in ("format", "version", "game")):
        return read_json(path)
    return header


def _read_bounded(path: Path, prefix: int | None = None) -> bytes:
    """The bytes of a regular file of at most MAX_SAVE_BYTES (only its first ``prefix`` bytes, if given). A link
    is followed only to a file in its own folder; pipes, devices, folders and anything else are refused without
    being opened for long."""
    try:
        info = os.lstat(path)
        real = path
        if stat.S_ISLNK(info.st_mode):
            try:
                real = path.resolve(strict=True)
            except (OSError, RuntimeError):
                raise SaveError(path, _("is a link that leads nowhere")) from None
            if real.parent != path.parent.resolve():
                raise SaveError(path, _("is a link to a file outside its folder, which is not followed"))
            info = os.stat(real)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(path, _("is a folder, not a save"))
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, _("is not a regular file (a pipe, a device or a socket)"))
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(path, _("is too large to be a save ({size})").format(size=_megabytes(info.st_size)))
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveError(path, _("is not a regular file (a pipe, a device or a socket)"))
            wanted = MAX_SAVE_BYTES + 1 if prefix is None else prefix
            raw = os.read(fd, wanted)
            while len(raw) < wanted and (more := os.read(fd, wanted - len(raw))):
                raw += more
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise SaveError(path, _("the file does not exist")) from None
    except OSError as exc:
        raise SaveError(path, _("cannot be read ({reason})").format(reason=os_reason(exc))) from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(path, _("is too large to be a save (over {size})").format(size=_megabytes(MAX_SAVE_BYTES)))
    return raw


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class _OutOfBounds(ValueError):
    """A value in a file that no save holds (a huge number, NaN)."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _OutOfBounds(_("holds a number of {count} digits, far larger than any save's").format(count=len(text)))
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text[: MAX_DIGITS * 2])
    if len(text) > MAX_DIGITS * 2 or not math.isfinite(value):
        raise _OutOfBounds(_("holds a number too large for a save"))
    return value


def _no_constant(text: str) -> Any:
    raise _OutOfBounds(_("holds {text}, which is not a number a save can hold").format(text=text))


def _depth(text: str) -> int:
    """How deeply the JSON in ``text`` nests lists and objects, read from its brackets outside strings (before
    parsing, so a deep file never reaches the parser's recursion)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    steps = accumulate(1 if bracket in "[{" else -1 for bracket in brackets)
    return max(steps, default=0)


def load_match(path: Path, games: Mapping[str, Game], controllers: Controllers | None = None) -> Match:
    """Read, replay and check a save. Raises SaveError with one clear line; never changes the file."""
    data = read_json(path)
    return match_from_json(path, data, games, controllers)


def match_from_json(path: Path, data: Any, games: Mapping[str, Game], controllers: Controllers | None = None) -> Match:
    """The match a save's JSON holds, replayed and checked; any fault is one SaveError line, never a crash."""
    try:
        return _match_from_json(path, data, games, controllers)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(path, _("is nested too deeply to be a save")) from None
    except Exception as exc:  # a file can hold anything: what slips past the checks is still one line
        log.warning("%s could not be replayed", path.name, exc_info=True)  # (or a bug of ours: where it raised)
        raise SaveError(path, could_not_read(exc)) from None


def _match_from_json(path: Path, data: Any, games: Mapping[str, Game], controllers: Controllers | None) -> Match:
    game, seats, options, seed, start = _header(path, data, games, controllers)
    older = _rules_revision(path, data, game) < game.rules_version
    # A save from an older revision of the game's rules is replayed under today's: its moves may still all be
    # legal (then the game goes on), but its snapshot has yesterday's shape, so it is not compared.
    raw_log = _log_of(path, data)
    try:
        log = [command_from_json(game.command_types, item) for item in raw_log]
    except CodecError as exc:
        line = _(_OLDER_BROKEN_MOVE) if older else _("has a broken move in its log ({reason})")
        raise SaveError(path, line.format(game=_title(game), reason=exc)) from None
    try:
        match = Match.replay(game, seats, options, seed, log, start)
    except IllegalCommand as exc:
        line = _(_OLDER_NO_REPLAY) if older else _("its move log does not replay: {reason}")
        raise SaveError(path, line.format(game=_title(game), reason=exc.reason)) from None
    except (CodecError, KeyError, IndexError, TypeError, ValueError) as exc:
        line = _(_OLDER_NOT_REPLAYED) if older else _("could not be replayed ({reason})")
        raise SaveError(path, line.format(game=_title(game), reason=f"{type(exc).__name__}: {exc}")) from None
    snapshot = data.get("snapshot")
    if not older and snapshot is not None and snapshot != match.snapshot():
        raise SaveError(path, _("its saved position does not match its move log (the file was changed)"))
    return match


def replayable_part(path: Path, games: Mapping[str, Game], controllers: Controllers | None = None) -> tuple[Match, int]:
    """A save refused at a move of its log (edited by hand, or from an older revision of its game's rules) as far
    as its moves replay: the match they make, its saved position not compared, and how many moves after them are
    left out (0: every move replays). Read and replayed once. Raises SaveError when its header cannot be read."""
    data = read_json(path)
    game, seats, options, seed, start = _header(path, data, games, controllers)
    raw_log = _log_of(path, data)
    match = Match(game, seats, options, seed, start)
    for count, item in enumerate(raw_log):
        try:
            match.apply(command_from_json(game.command_types, item))
        except (CodecError, IllegalCommand):  # (a refused move leaves the state untouched: ``Game.apply``)
            return match, len(raw_log) - count
        except Exception:  # the rules broke halfway through the move: the moves before it, replayed afresh
            return Match.replay(game, seats, options, seed, match.log, start), len(raw_log) - count
    return match, 0


# What a save of an older revision of its game's rules says when today's rules cannot replay it (``N_``: the
# three are translated where they are used).
_OLDER_BROKEN_MOVE = N_(
    "was saved under an older revision of {game}'s rules, and has a broken move in its log ({reason})"
)
_OLDER_NO_REPLAY = N_("was saved under an older revision of {game}'s rules, and its move log does not replay: {reason}")
_OLDER_NOT_REPLAYED = N_("was saved under an older revision of {game}'s rules, and could not be replayed ({reason})")


def _title(game: Game) -> str:
    """A game's title in the language shown (its own catalogue's)."""
    return game_title(game.id, game.title)


def could_not_read(exc: Exception) -> str:
    """The reason given for a file that failed in a way no check foresaw (the exception named as Python names it)."""
    return _("could not be read ({reason})").format(reason=f"{type(exc).__name__}: {exc}")


def _log_of(path: Path, data: dict[str, Any]) -> list[Any]:
    log = data.get("log", [])
    if not isinstance(log, list):
        raise SaveError(path, _("its move log is not a list"))
    if len(log) > MAX_LOG:
        raise SaveError(path, _("has {count} moves, more than any game makes").format(count=len(log)))
    return log


def _rules_revision(path: Path, data: dict[str, Any], game: Game) -> int:
    """The revision of the game's rules a save was made under (saves from before revisions were 1)."""
    revision = data.get("rules", 1)
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
        raise SaveError(path, _("has a broken rules revision"))
    if revision > game.rules_version:
        line = _("was saved by a newer Tabletop ({game} rules revision {revision}; this one plays revision {ours})")
        raise SaveError(path, line.format(game=_title(game), revision=revision, ours=game.rules_version))
    return revision


def _header(
    path: Path, data: Any, games: Mapping[str, Game], controllers: Controllers | None = None
) -> tuple[Game, list[SeatInfo], dict[str, Any], int, dict[str, Any] | None]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, _("is not a Tabletop save"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, _("has no valid save format version"))
    if version > VERSION:
        line = _("was saved by a newer Tabletop (format {version}; this one reads up to {ours})")
        raise SaveError(path, line.format(version=version, ours=VERSION))
    game_id = data.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        shown = _one_line(repr(game_id), 40)
        raise SaveError(path, _("is for a game this Tabletop does not know ({game})").format(game=shown))
    try:
        seats = [from_json(SeatInfo, seat) for seat in data["seats"]]
        options = from_json(dict[str, Any], data.get("options", {}))
        seed = from_json(int, data["seed"])
        start = data.get("start")
    except (KeyError, TypeError, CodecError) as exc:
        raise SaveError(path, _("has a broken header ({reason})").format(reason=exc)) from None
    if len(seats) not in game.player_counts:
        line = _("has {count} seats; {game} takes {players} players")
        raise SaveError(path, line.format(count=len(seats), game=_title(game), players=players_text(game)))
    allowed = controllers(game) if controllers is not None else None
    for seat in seats:
        problem = text_problem(seat.name, MAX_NAME)
        if problem:
            raise SaveError(path, _("has a seat name that {problem}").format(problem=problem))
        if allowed is not None and seat.controller not in allowed:
            line = _("has a seat played by an unknown bot ({bot})")
            raise SaveError(path, line.format(bot=_one_line(repr(seat.controller), 40)))
    for key, line in _TEXT_LINES.items():
        problem = text_problem(data.get(key, ""), MAX_TEXT)
        if problem:
            raise SaveError(path, _(line).format(problem=problem))
    progress_of(path, data, game)
    problem = game.check_options(len(seats), options)
    if problem:
        raise SaveError(path, _("has options the game refuses ({reason})").format(reason=problem))
    if start is not None:
        _check_start(path, data, game, start)
    return game, seats, options, seed, start


def _check_start(path: Path, data: dict[str, Any], game: Game, start: Any) -> None:
    try:
        state = from_json(game.state_type, start)
    except CodecError as exc:
        if _rules_revision(path, data, game) < game.rules_version:
            older = _("starts from a position of an older revision of {game}'s rules ({reason})")
            raise SaveError(path, older.format(game=_title(game), reason=exc)) from None
        raise SaveError(path, _("has a broken starting position ({reason})").format(reason=exc)) from None
    try:
        problems = game.check_state(state)
    except Exception as exc:  # a position too broken for the checks themselves
        problems = [f"{type(exc).__name__}: {exc}"]
    if problems:
        raise SaveError(path, _("has an impossible starting position ({reason})").format(reason=problems[0]))


# A header's line of text that cannot be shown, by its key (``N_``: translated where used).
_TEXT_LINES = {
    "description": N_("has a description that {problem}"),
    "started_at": N_("has a start time that {problem}"),
}


def phrase_to_json(phrase: Phrase) -> dict[str, Any]:
    values = {name: phrase_to_json(value) if isinstance(value, Phrase) else value for name, value in phrase.values}
    return {"domain": phrase.domain, "message": phrase.message, "values": values}


def progress_of(path: Path, data: Mapping[str, Any], game: Game) -> Phrase | str:
    """A header's progress line: a phrase in the game's catalogue (or the shell's), or, from a save written
    before phrases were kept, the words as they were written."""
    value = data.get("progress", "")
    problem = text_problem(value, MAX_TEXT) if not isinstance(value, dict) else None
    if problem is None and isinstance(value, dict):
        try:
            phrase = _phrase(value, {game.id.replace("-", "_"), DOMAIN}, 2)
            if len(phrase.words()) <= MAX_TEXT:
                return phrase
            problem = _("is too long")
        except (ValueError, KeyError, IndexError) as exc:  # (a message's placeholders not among its values)
            problem = _("cannot be put into words ({reason})").format(reason=exc)
    if problem:
        raise SaveError(path, _("has a progress line that {problem}").format(problem=problem))
    return str(value)


def _phrase(data: Mapping[str, Any], domains: Collection[str], depth: int) -> Phrase:
    """A phrase from its JSON form, every part checked: ValueError says what is wrong."""
    domain, message, values = data.get("domain"), data.get("message"), data.get("values", {})
    if not isinstance(domain, str) or domain not in domains:
        raise ValueError(f"catalogue {domain!r}")
    if not isinstance(message, str) or text_problem(message, MAX_TEXT):
        raise ValueError("message")
    if not isinstance(values, dict) or len(values) > 8:
        raise ValueError("values")
    kept: list[tuple[str, int | str | Phrase]] = []
    for name, value in values.items():
        if isinstance(value, dict) and depth > 0:
            kept.append((name, _phrase(value, domains, depth - 1)))
        elif (isinstance(value, int) and not isinstance(value, bool)) or text_problem(value, 60) is None:
            kept.append((name, value))
        else:
            raise ValueError(f"value {name!r}")
    return Phrase(domain, message, tuple(kept))


def text_problem(value: Any, limit: int) -> str | None:
    """Why ``value`` cannot be shown as a name or a line of text (None when it can): the screen and the file
    system take only printable text of a sensible length."""
    if not isinstance(value, str):
        return _("is not text")
    if len(value) > limit:
        return _("is {count} characters long (at most {limit})").format(count=len(value), limit=limit)
    if not value.isprintable():
        return _("holds characters that cannot be shown")
    return None


def save_info(path: Path, games: Mapping[str, Game], controllers: Controllers | None = None) -> SaveInfo:
    """Everything the Load list shows for a file, from its header only (the save is replayed when opened); a
    file that fails gets its error, never an exception."""
    try:
        data = read_header(path)
        game, seats, options, _seed, _start = _header(path, data, games, controllers)
        _rules_revision(path, data, game)
        _log_of(path, data)
    except SaveError as exc:
        return SaveInfo(path, None, "Unreadable save", 0, "", _mtime(path), False, str(exc))
    except Exception as exc:  # a file can hold anything: what slips past the checks is still one line
        error = str(SaveError(path, could_not_read(exc)))
        return SaveInfo(path, None, "Unreadable save", 0, "", _mtime(path), False, error)
    finished = data.get("finished") is True
    saved_at = data.get("saved_at")
    winners = data.get("winners")
    sensible = (
        isinstance(winners, list)
        and len(winners) <= len(seats)
        and all(type(seat) is int and 0 <= seat < len(seats) for seat in winners)
        and len(set(winners)) == len(winners)
    )
    if not sensible:
        winners = []  # (a header from before it was written, or one that says nothing sensible: no winners named)
    moves = data.get("moves")
    return SaveInfo(
        path=path,
        game_id=game.id,
        title=game.title,
        players=len(seats),
        progress="Finished" if finished else progress_of(path, data, game),
        saved_at=saved_at if isinstance(saved_at, str) and text_problem(saved_at, 40) is None else _mtime(path),
        finished=finished,
        names=tuple(game.shown_names(options, [seat.name for seat in seats])),
        description=str(data.get("description", "")),
        winners=tuple(winners) if finished else (),
        bots=tuple(index for index, seat in enumerate(seats) if not seat.is_human),
        moves=moves if type(moves) is int and moves >= 0 else None,
    )


_INFO_CACHE: dict[tuple[str, int, int, int, str], SaveInfo] = {}


def list_saves(folder: Path, games: Mapping[str, Game], controllers: Controllers | None = None) -> list[SaveInfo]:
    """Every ``*.json`` entry in ``folder``, whatever it is, newest first; those that cannot be opened are listed
    with their one-line reason. An unchanged file is not read again."""
    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.endswith(".json")]
    except OSError:
        return []
    found: list[tuple[tuple[float, float], SaveInfo]] = []  # (its saved date, the file's time: for saves of a second)
    for entry in entries:
        path = Path(entry.path)
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            found.append(((0.0, 0.0), save_info(path, games, controllers)))
            continue
        saved = kept_save_info(path, info, games, controllers)
        found.append(((saved_time(saved.saved_at, info.st_mtime), info.st_mtime), saved))
    found.sort(key=lambda item: item[0], reverse=True)
    return [info for _, info in found]


def kept_save_info(
    path: Path, stat: os.stat_result, games: Mapping[str, Game], controllers: Controllers | None = None
) -> SaveInfo:
    """``save_info`` of ``path`` (``stat``: its ``os.stat``), read again only when the file changed."""
    key = (str(path), stat.st_ino, stat.st_mtime_ns, stat.st_size, language())  # its reason in the language
    if key not in _INFO_CACHE:
        if len(_INFO_CACHE) > 5000:
            _INFO_CACHE.clear()
        _INFO_CACHE[key] = save_info(path, games, controllers)
    return _INFO_CACHE[key]


def saved_time(saved_at: str, fallback: float) -> float:
    """When a save says it was saved, as a timestamp: the list is in the order of the dates its rows show (a
    save copied in from elsewhere, dated days ago, came first by its file's time); ``fallback`` (the file's
    time) when it says nothing readable."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return fallback
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def clean_leftovers(folder: Path) -> int:
    """Remove the temp files of writes that were interrupted (a kill mid-save); returns how many. A temp file
    whose writing process is still alive is left alone (another window may be saving), as is one of an unknown
    writer younger than TEMP_AGE seconds. Only regular files named as ``write_json_atomic`` names them."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if match is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            writer = int(match.group(1)) if match.group(1) else None
            if (writer is not None and not _alive(writer)) or (writer is None and now - info.st_mtime > TEMP_AGE):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


_TEMP_NAME = re.compile(r"\..+\.json\.(?:(\d+)\.)?[^.]+\.tmp")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def shown_name(path: Path) -> str:
    """A file's name as text that can always be drawn: undecodable bytes and control characters replaced."""
    name = path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return _one_line(name, 60)


def _one_line(text: str, limit: int) -> str:
    """``text`` with every unprintable character (a newline, a lone surrogate) replaced, cut to ``limit``."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= limit else clean[: limit - 3] + "..."


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _mtime(path: Path) -> str:
    try:
        stamp = os.lstat(path).st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")
