"""Bots for any game: ``random`` here, game heuristics from each game's ``bot_types``.

A bot is handed one seat's View and its own random generator (never the game's), so it cannot read another
seat's secrets and its dice never change the game's.
"""

from __future__ import annotations

from tabletop.bots.random_bot import RandomBot
from tabletop.core.protocol import Bot, Game


def bot_ids(game: Game) -> list[str]:
    return ["random", *getattr(game, "bot_types", {})]


def make_bot(game: Game, bot_id: str) -> Bot:
    if bot_id == "random":
        return RandomBot()
    types = getattr(game, "bot_types", {})
    if bot_id not in types:
        raise KeyError(f"{game.title} has no bot {bot_id!r} (it has: {', '.join(bot_ids(game))})")
    return types[bot_id]()
