"""Setting up House Cup Challenge: who plays each seat (a person or a bot), their names and the seed.

Only the players' own choices are asked. What a physical table hands to someone, the app does itself: it
keeps the round's steps (the Prefect's job) and deals the characters; Harry takes the Wand, and when nobody
is dealt Harry (the rules give it to the youngest player) the seed picks the seat, so a seed gives the same
game again.
"""

from __future__ import annotations

from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.scenes.setup_base import SeatRow, SetupBase

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev")  # names, the same in every language
NOTES = (
    N_(
        "Harry, Hermione, Ron and Neville are dealt at random; Harry starts with the Wand (without Harry, a seat "
        "picked at random). The app keeps the round's steps. Seats go clockwise."
    ),
)


class ChallengeRow(SeatRow):
    def default_name(self) -> str:
        return DEFAULT_NAMES[self.seat]


class ChallengeSetup(SetupBase[ChallengeRow]):
    columns = ((N_("Who plays"), 260), (N_("Name"), 300))  # the shell's headings (SetupBase translates them)

    def new_row(self, seat: int) -> ChallengeRow:
        return ChallengeRow(self, seat, DEFAULT_NAMES[seat])

    def options(self) -> dict:
        """The Prefect's card only tracks the steps (the app does that): the first seat holds it. Without Harry
        the Wand goes to a seat the deal's seed picks."""
        players = len(self.rows)
        return {"prefect": 0, "youngest": self.deal() % players, "characters": None}

    def notes(self) -> list[str]:
        return [_(note) for note in NOTES]
