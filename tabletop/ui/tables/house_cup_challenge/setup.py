"""Setting up House Cup Challenge: who plays each seat (a person or a bot), their names, the youngest player, the
Prefect and the seed.

Only what the players can tell or decide is asked. What a physical table hands to someone, the app does itself: it
keeps the round's steps and deals the characters; Harry takes the Wand, and when nobody is dealt Harry the rules
give it to the youngest player, whom the setup asks for (as House Cup asks who gets the Sorting Hat). The rules
have the players assign one of them as the Prefect ("Assign one player to be the Prefect for this game"): the
setup asks who (the first seat was always the Prefect; the app still keeps the steps for them).
"""

from __future__ import annotations

from tabletop.core.protocol import Game
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import ROW_SQUEEZE, SeatRow, SetupBase
from tabletop.ui.widgets import Choice, Widget

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev")  # names, the same in every language
GAME_LINE = 36  # the youngest's and the Prefect's lines, a little lower than the shared lines
NOTES = (
    N_(
        "Harry, Hermione, Ron and Neville are dealt at random; Harry starts with the Wand (without Harry, the "
        "youngest player). The app keeps the round's steps. Seats go clockwise."
    ),
)
# The rulebook's setup: "If there are only 2 players, give each player a Wand Bonus Token." A table of two was told
# of the token only once play began (a review in an upright window: the setup said nothing of it).
TWO_PLAYER_NOTE = N_(
    "Two players: each also has a Wand Bonus Token, one extra action right after one of their own; it comes back "
    "face up when they next receive the Wand."
)


class ChallengeRow(SeatRow):
    def default_name(self) -> str:
        return DEFAULT_NAMES[self.seat]


class ChallengeSetup(SetupBase[ChallengeRow]):
    columns = ((N_("Who plays"), 260), (N_("Name"), 300))  # the shell's headings (SetupBase translates them)
    label_width = 270  # room for "Youngest player (the Wand without Harry)" left of its choice
    # (two lines under the rows, the youngest's and the Prefect's: at the largest interface scale the note ran under
    # the panel with the shared heights; the rows are still a finger's height at the lowest)
    row_squeezes = (*ROW_SQUEEZE, 0.62)

    def __init__(self, app: AppLike, game: Game) -> None:
        self.youngest = Choice([DEFAULT_NAMES[0]], 0, size=20)
        self.prefect = Choice([DEFAULT_NAMES[0]], 0, size=20)
        super().__init__(app, game)

    def new_row(self, seat: int) -> ChallengeRow:
        return ChallengeRow(self, seat, DEFAULT_NAMES[seat])

    def game_widgets(self) -> list[Widget]:
        return [self.youngest, self.prefect]

    def changed(self) -> None:
        """The youngest player's and the Prefect's choices list the seats by their current names."""
        super().changed()
        for choice in (self.youngest, self.prefect):
            choice.options = [row.shown_name() for row in self.rows]
            choice.index = min(choice.index, len(self.rows) - 1)

    def options(self) -> dict:
        """The Prefect and, for the Wand without Harry, the youngest player: the seats chosen here (the characters
        are dealt by the seed)."""
        return {"prefect": self.prefect.index, "youngest": self.youngest.index, "characters": None}

    def layout_game(self, y: int) -> int:
        y = self.line(_("Youngest player (the Wand without Harry)"), self.youngest, y, 260, GAME_LINE)
        return self.line(_("Prefect"), self.prefect, y, 260, GAME_LINE)

    def notes(self) -> list[str]:
        """The setup's notes; with two players, the Wand Bonus Tokens the rulebook gives each of them."""
        notes = [_(note) for note in NOTES]
        if len(self.rows) == 2:
            notes.append(_(TWO_PLAYER_NOTE))
        return notes
