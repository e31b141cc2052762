"""What the results screen shows of a finished game: each player's tally, line by line and by category.

Each table builds one from its session (its ``tallies``); the results scene draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

HOUSE_BARS = {
    "Gryffindor": (206, 48, 44),
    "Slytherin": (46, 160, 88),
    "Hufflepuff": (238, 190, 60),
    "Ravenclaw": (76, 118, 226),
}
BAR_COLOURS = [
    (214, 170, 60),
    (90, 150, 220),
    (110, 190, 120),
    (200, 110, 200),
    (230, 120, 90),
    (140, 140, 150),
    (90, 200, 200),
    (210, 210, 110),
]


@dataclass
class PlayerTally:
    name: str
    house: str
    lines: Sequence[tuple[str, str, int | None]]  # category, text, points (None: a line that scores nothing, a fact)
    total: int
    categories: dict[str, int]
    detail: str
    winner: bool
    picture: str = ""  # an image of the player's own shown instead of the house's crest (a character's token)


@dataclass
class ResultsData:
    game: str
    players: list[PlayerTally]
    headline: str
    tiebreak: str
    categories: Sequence[str]
    colours: Sequence[tuple[int, int, int]] = ()  # per player; by default each player's house colour
    chart_title: str = ""  # what the bars measure, when the categories do not say it

    def colour(self, index: int) -> tuple[int, int, int]:
        if self.colours:
            return self.colours[index]
        return HOUSE_BARS.get(self.players[index].house, BAR_COLOURS[index % len(BAR_COLOURS)])
