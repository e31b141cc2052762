"""The example games shipped in ``saves/`` (rulebook examples, positions to try), and what writes them.

Each game's module lists its files as ``EXAMPLES``: file name -> (the function that plays the position, its
description). They play games forward with bots, so they sit above the bots, beside ``arena`` and ``simulate``.
``tabletop examples [FOLDER]`` writes them all again from this code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tabletop.core.match import Match
from tabletop.core.saves import write_save
from tabletop.examples import house_cup, house_cup_challenge, stupefix, thats_wizard

BY_GAME: dict[str, dict[str, tuple[Callable[[], Match], str]]] = {
    "house-cup": house_cup.EXAMPLES,
    "stupefix": stupefix.EXAMPLES,
    "house-cup-challenge": house_cup_challenge.EXAMPLES,
    "thats-wizard": thats_wizard.EXAMPLES,
}


def write_examples(folder: Path, game_id: str | None = None) -> list[Path]:
    """Write every example (or ``game_id``'s) into ``folder``; returns the files written."""
    written = []
    for game, examples in BY_GAME.items():
        if game_id not in (None, game):
            continue
        for name, (play, description) in examples.items():
            path = folder / name
            write_save(play(), path, description)
            written.append(path)
    return written
