"""The rules core: the game protocol, seeded randomness, matches with undo, and JSON saves.

It imports no pygame and no game: games register above it (``tabletop.games``) and are handed in.
"""

from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Command, Event, Game, IllegalCommand, Result, View, visible_events
from tabletop.core.rng import Rng
from tabletop.core.saves import SaveError, SaveInfo, list_saves, load_match, write_save

__all__ = [
    "CodecError",
    "Command",
    "Event",
    "Game",
    "IllegalCommand",
    "Match",
    "Result",
    "Rng",
    "SaveError",
    "SaveInfo",
    "SeatInfo",
    "View",
    "from_json",
    "list_saves",
    "load_match",
    "to_json",
    "visible_events",
    "write_save",
]
