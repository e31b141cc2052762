"""The bot worker program: ``python -m tabletop.bots.serve`` answers "which move?" questions on stdin/stdout.

The app starts it as a separate program (not a fork of itself), so a bot can never reach the game's state: all
it ever receives is the JSON form of one seat's View, rebuilt here from the fields the View class declares
(``tabletop.core.codec``; nothing is unpickled or evaluated). Messages are length-prefixed UTF-8 JSON objects:
``{"request", "game", "bot", "view", "seed"}`` in, ``{"request", "command", "error"}`` out.
"""

from __future__ import annotations

import json
import signal
import struct
import sys
import traceback
from typing import Any, BinaryIO

from tabletop.core.codec import from_json, to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.protocol import Command, Game, View

_LENGTH = struct.Struct("!I")
MAX_MESSAGE = 1024 * 1024  # bytes: a view is a few KB, an answer less


def send(stream: BinaryIO, message: dict[str, Any]) -> None:
    data = json.dumps(message, separators=(",", ":")).encode("utf-8")
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def receive(stream: BinaryIO) -> dict[str, Any] | None:
    """The next message, or None when the other side has closed the pipe or sent something unreadable: a
    message over MAX_MESSAGE bytes is never read (a flood), nor one nested too deeply to parse."""
    header = stream.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        return None
    (length,) = _LENGTH.unpack(header)
    if length > MAX_MESSAGE:
        return None
    data = stream.read(length)
    if len(data) < length:
        return None
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    return message if isinstance(message, dict) else None


def question(request: int, game_id: str, bot_id: str, view: View, seed: int) -> dict[str, Any]:
    return {"request": request, "game": game_id, "bot": bot_id, "view": to_json(view), "seed": seed}


def read_view(game: Game, data: Any) -> View:
    """The View a question carries, rebuilt as the game's own View class (CodecError if it does not fit)."""
    return from_json(game.view_type, data, game.command_types)


def answer(request: Any, command: Command | None, error: str | None, trace: str = "") -> dict[str, Any]:
    """``request`` is echoed as the question gave it (even a broken one), so the app can match the answer."""
    message = {"request": request, "command": None if command is None else command_to_json(command), "error": error}
    if trace:  # (where the bot failed, for the app's log: its table says only the error's line)
        message["trace"] = trace[-TRACE_KEPT:]
    return message


TRACE_KEPT = 4000  # characters of a failed bot's traceback sent to the app (its end: where it raised)


def read_command(game: Game, data: Any) -> Command:
    return command_from_json(game.command_types, data)


def serve(incoming: BinaryIO, outgoing: BinaryIO) -> None:
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng
    from tabletop.games import GAMES

    bots: dict[tuple[str, str], Any] = {}
    while (message := receive(incoming)) is not None:
        request = message.get("request")
        try:
            game = GAMES[message["game"]]
            key = (game.id, message["bot"])
            if key not in bots:
                bots[key] = make_bot(game, message["bot"])
            view = read_view(game, message["view"])
            reply = answer(request, bots[key].choose(view, Rng.from_seed(message["seed"])), None)
        except Exception as exc:  # the app must hear about a broken bot, not wait for it forever
            reply = answer(request, None, f"{type(exc).__name__}: {exc}", traceback.format_exc())
        try:
            send(outgoing, reply)
        except OSError:  # the app is gone (killed, or ended on a bug of its own) while this bot thought: nobody to
            return  # answer, and nothing to say (two tracebacks of a broken pipe came after the app's last words)


def main() -> None:
    """The program: it ends when the app closes its input (or stops it), never on a Ctrl+C in the app's terminal,
    which reached it too (a KeyboardInterrupt's traceback of the bot's search after the app's own)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()
