"""Setting up House Cup Challenge: who plays each seat (a person or a bot) and their names, the Prefect, the
youngest player (who takes the Wand when nobody is dealt Harry) and the seed. Characters are dealt at random."""

from __future__ import annotations

from tabletop.core.protocol import Game
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import SeatRow, SetupBase
from tabletop.ui.widgets import Choice, Widget

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev")
NOTE = "Characters (Harry, Hermione, Ron, Neville) are dealt at random; Harry takes the Wand. Seats go clockwise."


class ChallengeRow(SeatRow):
    def default_name(self) -> str:
        return DEFAULT_NAMES[self.seat]


class ChallengeSetup(SetupBase[ChallengeRow]):
    columns = (("Who plays", 260), ("Name", 300))
    label_width = 330

    def __init__(self, app: AppLike, game: Game) -> None:
        self.prefect = Choice(list(DEFAULT_NAMES), 0, size=20)
        self.youngest = Choice(list(DEFAULT_NAMES), 0, size=20)
        self.made: dict[int, ChallengeRow] = {}
        super().__init__(app, game)

    def new_row(self, seat: int) -> ChallengeRow:
        """A seat taken away and given back keeps its name and who plays it."""
        if seat not in self.made:
            self.made[seat] = ChallengeRow(self, seat, DEFAULT_NAMES[seat])
        return self.made[seat]

    def game_widgets(self) -> list[Widget]:
        return [self.prefect, self.youngest]

    def changed(self) -> None:
        """The Prefect and youngest player choices list the seats by their current names."""
        super().changed()
        names = [row.shown_name() for row in self.rows]
        for choice in (self.prefect, self.youngest):
            choice.options = names
            choice.index = min(choice.index, len(names) - 1)

    def options(self) -> dict:
        return {"prefect": self.prefect.index, "youngest": self.youngest.index, "characters": None}

    def notes(self) -> list[str]:
        return [NOTE]

    def layout_game(self, y: int) -> int:
        y = self.line("Prefect (keeps track of the steps)", self.prefect, y, 260)
        return self.line("Youngest player (Wand without Harry)", self.youngest, y, 260)
