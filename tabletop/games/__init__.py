"""The registry of games: id -> game object. The one place a new game is added.

Each game is a package under ``tabletop/games`` whose ``__init__`` defines ``GAME``. A package listed here
that does not exist yet is simply not offered (the menu marks the game "not playable yet"); a package that
exists but fails to import is an error, never hidden.
"""

from __future__ import annotations

import importlib

from tabletop.core.protocol import Game

GAME_PACKAGES = ("house_cup", "stupefix", "house_cup_challenge", "thats_wizard")


def _load() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for package in GAME_PACKAGES:
        name = f"{__name__}.{package}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # not written yet
            raise
        game = module.GAME
        games[game.id] = game
    return games


GAMES: dict[str, Game] = _load()


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
