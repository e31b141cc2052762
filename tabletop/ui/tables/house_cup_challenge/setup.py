"""Setting up House Cup Challenge: who plays each seat (a person or a bot), their names, the youngest player and
the seed.

Only what the players can tell is asked. What a physical table hands to someone, the app does itself: it keeps
the round's steps (the Prefect's job) and deals the characters; Harry takes the Wand, and when nobody is dealt
Harry the rules give it to the youngest player, whom the setup asks for (as House Cup asks who gets the Sorting
Hat).
"""

from __future__ import annotations

from tabletop.core.protocol import Game
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import SeatRow, SetupBase
from tabletop.ui.widgets import Choice, Widget

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev")  # names, the same in every language
NOTES = (
    N_(
        "Harry, Hermione, Ron and Neville are dealt at random; Harry starts with the Wand (without Harry, the "
        "youngest player). The app keeps the round's steps. Seats go clockwise."
    ),
)


class ChallengeRow(SeatRow):
    def default_name(self) -> str:
        return DEFAULT_NAMES[self.seat]


class ChallengeSetup(SetupBase[ChallengeRow]):
    columns = ((N_("Who plays"), 260), (N_("Name"), 300))  # the shell's headings (SetupBase translates them)
    label_width = 270  # room for "Youngest player (the Wand without Harry)" left of its choice

    def __init__(self, app: AppLike, game: Game) -> None:
        self.youngest = Choice([DEFAULT_NAMES[0]], 0, size=20)
        super().__init__(app, game)

    def new_row(self, seat: int) -> ChallengeRow:
        return ChallengeRow(self, seat, DEFAULT_NAMES[seat])

    def game_widgets(self) -> list[Widget]:
        return [self.youngest]

    def changed(self) -> None:
        """The youngest player's choice lists the seats by their current names."""
        super().changed()
        self.youngest.options = [row.shown_name() for row in self.rows]
        self.youngest.index = min(self.youngest.index, len(self.rows) - 1)

    def options(self) -> dict:
        """The Prefect's card only tracks the steps (the app does that): the first seat holds it. Without Harry
        the Wand goes to the youngest player, the seat chosen here (the characters are dealt by the seed)."""
        return {"prefect": 0, "youngest": self.youngest.index, "characters": None}

    def layout_game(self, y: int) -> int:
        return self.line(_("Youngest player (the Wand without Harry)"), self.youngest, y, 260)

    def notes(self) -> list[str]:
        return [_(note) for note in NOTES]
