"""The bot worker program: ``python -m tabletop.bots.serve`` answers "which move?" questions on stdin/stdout.

The app starts it as a separate program (not a fork of itself), so a bot can never reach the game's state: all
it ever receives is one seat's View. Messages are length-prefixed pickles exchanged only between the app and this
worker it started (never read from or written to a file): (request, game id, bot id, view, seed) in,
(request, command, error) out.
"""

from __future__ import annotations

import pickle
import struct
import sys
from typing import Any, BinaryIO

_LENGTH = struct.Struct("!I")


def send(stream: BinaryIO, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def receive(stream: BinaryIO) -> Any:
    """The next message, or None when the other side has closed the pipe."""
    header = stream.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        return None
    (length,) = _LENGTH.unpack(header)
    data = stream.read(length)
    if len(data) < length:
        return None
    return pickle.loads(data)


def serve(incoming: BinaryIO, outgoing: BinaryIO) -> None:
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng
    from tabletop.games import GAMES

    bots: dict[tuple[str, str], Any] = {}
    while (message := receive(incoming)) is not None:
        request, game_id, bot_id, view, seed = message
        try:
            key = (game_id, bot_id)
            if key not in bots:
                bots[key] = make_bot(GAMES[game_id], bot_id)
            send(outgoing, (request, bots[key].choose(view, Rng.from_seed(seed)), None))
        except Exception as exc:  # the app must hear about a broken bot, not wait for it forever
            send(outgoing, (request, None, f"{type(exc).__name__}: {exc}"))


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
