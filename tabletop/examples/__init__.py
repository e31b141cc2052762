"""The example games shipped in ``saves/`` (rulebook examples, positions to try), and what writes them.

Each game's module lists its files as ``EXAMPLES``: file name -> (the function that plays the position, its
description). They play games forward with bots, so they sit above the bots, beside ``arena`` and ``simulate``.
``tabletop examples [FOLDER]`` writes them all again from this code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from tabletop.core.match import Match
from tabletop.core.saves import write_save
from tabletop.games import GAMES

Examples = dict[str, tuple[Callable[[], Match], str]]


def examples_of(game_id: str) -> Examples:
    """A game's examples: ``EXAMPLES`` of ``tabletop.examples.<package>``, or none when it has no module here."""
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return {}
        raise
    examples: Examples = module.EXAMPLES
    return examples


def write_examples(folder: Path, game_id: str | None = None) -> list[Path]:
    """Write every example (or ``game_id``'s) into ``folder``; returns the files written."""
    written = []
    for game in GAMES:
        if game_id not in (None, game):
            continue
        for name, (play, description) in examples_of(game).items():
            path = folder / name
            write_save(play(), path, description)
            written.append(path)
    return written
