"""The easy level: a good heuristic that now and then plays any legal move instead."""

from __future__ import annotations

from tabletop.core.protocol import Bot, Command, View
from tabletop.core.rng import Rng


class EpsilonBot:
    def __init__(self, base: Bot, epsilon: float, bot_id: str) -> None:
        self.base = base
        self.epsilon = epsilon
        self.id = bot_id

    def choose(self, view: View, rng: Rng) -> Command:
        suggestion = getattr(view, "suggestion", None)
        if suggestion is not None and suggestion in view.legal:
            return suggestion  # the engine's best (an end-of-game choice): even an easy bot takes it
        if rng.below(1000) < self.epsilon * 1000:
            return view.legal[rng.below(len(view.legal))]
        return self.base.choose(view, rng)
