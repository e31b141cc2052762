"""The registry of games: id -> game object. The one place a new game is added."""

from __future__ import annotations

from tabletop.core.protocol import Game
from tabletop.games.house_cup import GAME as HOUSE_CUP

GAMES: dict[str, Game] = {
    HOUSE_CUP.id: HOUSE_CUP,
}


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
