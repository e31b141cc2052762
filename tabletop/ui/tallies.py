"""What the results screen shows of a finished game: each player's tally, line by line and by category.

Each table builds one from its session (its ``tallies``); the results scene draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.ui import theme

# Each player's bars on the results chart: their house's colour, else one of eight. In the colour-blind palette
# Okabe-Ito's (the houses' as the palette has them; the eight in the order that keeps the first few farthest
# apart for deuteranopes and protanopes): the standard red and green bars were one olive for a deuteranope.
HOUSE_BARS = theme.by_palette(
    {
        "Gryffindor": (206, 48, 44),
        "Slytherin": (46, 160, 88),
        "Hufflepuff": (238, 190, 60),
        "Ravenclaw": (76, 118, 226),
    },
    {
        "Gryffindor": (213, 94, 0),
        "Slytherin": (0, 158, 115),
        "Hufflepuff": (240, 228, 66),
        "Ravenclaw": (0, 114, 178),
    },
)
BAR_COLOURS = theme.by_palette(
    [
        (214, 170, 60),
        (90, 150, 220),
        (110, 190, 120),
        (200, 110, 200),
        (230, 120, 90),
        (140, 140, 150),
        (90, 200, 200),
        (210, 210, 110),
    ],
    [
        (230, 159, 0),
        (0, 114, 178),
        (235, 235, 235),
        (0, 158, 115),
        (86, 180, 233),
        (240, 228, 66),
        (213, 94, 0),
        (204, 121, 167),
    ],
)


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
    # Each total beside its name in the chart's legend: the bars add up to it. Not so in That's Wizard! (duels won
    # beside bars of Stamina taken: "Morgana 1 / Merlin 2" was read as the chart's figures)
    legend_totals: bool = True

    def colour(self, index: int) -> tuple[int, int, int]:
        if self.colours:
            return self.colours[index]
        return HOUSE_BARS.get(self.players[index].house, BAR_COLOURS[index % len(BAR_COLOURS)])
