"""The baseline bot: any legal command, uniformly."""

from __future__ import annotations

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng


class RandomBot:
    id = "random"

    def choose(self, view: View, rng: Rng) -> Command:
        if not view.legal:
            raise ValueError("the bot was asked to act with no legal command")
        return rng.choice(view.legal)
