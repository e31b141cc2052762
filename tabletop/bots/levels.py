"""The easy level: a good heuristic that now and then plays any legal move instead."""

from __future__ import annotations

from tabletop.bots.moves import worth_weighing
from tabletop.core.protocol import Bot, Command, Game, View
from tabletop.core.rng import Rng


class EpsilonBot:
    def __init__(self, game: Game, base: Bot, epsilon: float, bot_id: str) -> None:
        self.game = game
        self.base = base
        self.epsilon = epsilon
        self.id = bot_id

    def choose(self, view: View, rng: Rng) -> Command:
        suggestion = getattr(view, "suggestion", None)
        if suggestion is not None and suggestion in view.legal:
            return suggestion  # the engine's best (an end-of-game choice): even an easy bot takes it
        if rng.below(1000) < self.epsilon * 1000:
            moves = worth_weighing(self.game, view.legal)  # any move, but never one only a slip would make
            return moves[rng.below(len(moves))]
        return self.base.choose(view, rng)
