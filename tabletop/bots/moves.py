"""The commands a bot weighs: the legal ones, less those its game marks as never worth a bot's thought.

A game's ``bot_moves(legal) -> list[Command]`` may leave out commands that are legal for a person but
can only hurt the one who makes them (That's Wizard!'s pass that shows a card: the plain pass does the same and
tells the foe nothing). The search expands only these, its playouts and the easy level's random moves draw from
them, and a decision with one of them left is no decision at all. ``legal`` itself stays whole: the table and
``apply`` still offer and accept everything the rules allow.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Command, Game


def worth_weighing(game: Game, legal: Sequence[Command]) -> list[Command]:
    """``legal`` less what ``game.bot_moves`` leaves out (never nothing: then all of ``legal``)."""
    kept = game.bot_moves(list(legal)) if game.bot_moves is not None else legal
    return list(kept) if kept else list(legal)
