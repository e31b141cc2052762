"""The registry of games: id -> game object. The one place a new game is added.

Each game is a package under ``tabletop/games`` whose ``__init__`` defines ``GAME``; its id is the package's
name with dashes (``house_cup`` -> ``house-cup``). A package listed here that does not exist yet is simply not
offered (the menu marks the game "not playable yet"); a package that exists but fails to import is an error,
never hidden.

A game's package is imported the first time the game is asked for, so the app draws its menu without loading
the rules of four games (the app then warms them on a background thread, see ``warm``).
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections.abc import Iterator, MutableMapping

from tabletop.core.protocol import Game

GAME_PACKAGES = ("house_cup", "stupefix", "house_cup_challenge", "thats_wizard")


class _Registry(MutableMapping[str, Game]):
    """The games by id, each imported on first use (in the order of ``GAME_PACKAGES``). Setting a game
    replaces it for this run (tests stand a wrapped game in for a real one)."""

    def __init__(self, packages: tuple[str, ...]) -> None:
        self._packages = {package.replace("_", "-"): package for package in packages}
        self._loaded: dict[str, Game] = {}
        self._lock = threading.Lock()
        self._present: list[str] | None = None

    def _ids(self) -> list[str]:
        if self._present is None:
            self._present = [
                game_id
                for game_id, package in self._packages.items()
                if importlib.util.find_spec(f"{__name__}.{package}") is not None
            ]
        return self._present

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is not None:
            return game
        if game_id not in self._ids():
            raise KeyError(game_id)
        with self._lock:
            game = self._loaded.get(game_id)
            if game is None:
                module = importlib.import_module(f"{__name__}.{self._packages[game_id]}")
                game = module.GAME
                if game.id != game_id:
                    raise ImportError(f"{module.__name__}: its GAME.id is {game.id!r}, not {game_id!r}")
                self._loaded[game_id] = game
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        if game_id not in self._ids():
            raise KeyError(f"{game_id!r} is not a registered game")
        self._loaded[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._loaded[game_id]  # the next use imports the package's own game again

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids()


GAMES: MutableMapping[str, Game] = _Registry(GAME_PACKAGES)


def warm() -> None:
    """Import every game now (the app calls it on a background thread once its menu is drawn)."""
    for game_id in GAMES:
        GAMES[game_id]


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
