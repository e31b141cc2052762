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
    """``legal`` less what ``game.bot_moves`` leaves out (never nothing: then all of ``legal``). A game's
    ``bot_moves`` reads its list and never changes it, and may hand back that very list: the search's playouts
    ask at every step, where two copies of it were a tenth of a Stupéfix playout."""
    given = legal if isinstance(legal, list) else list(legal)
    if game.bot_moves is None:
        return given
    return game.bot_moves(given) or given
