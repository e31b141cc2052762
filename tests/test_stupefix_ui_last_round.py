"""The end of Stupéfix's last round through real pygame events (a pass-and-play review, two people and two bots):
no flag stands again after round 8, the game ends, so neither the table's caption nor the log says so."""

from __future__ import annotations

import pygame

from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.cards import ROUNDS
from tabletop.games.stupefix.events import TakeReward
from tabletop.ui.app import App
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.test_stupefix_ui_draft import draft_table
from tests.ui_driver import Driver


def last_round_draft() -> tuple[App, Driver, StupefixTable]:
    """Round 8's draft, every flag standing, Ada first with a Potion and a Favour left: Ada and Bram are people."""
    controllers = ["human", "human", "greedy", "greedy"]
    return draft_table(
        ["potion", "faveur"], controllers, "Normal", reduce_motion=True, round_number=ROUNDS, size=(1024, 640)
    )


def test_the_last_rounds_end_does_not_say_the_flags_stand_again():
    """It said "End of round 8: into the urns: ... Flags stand again." and then "Ravenclaw wins!": no flag stands
    again, the game is over (the rulebook: "La partie s'arrête après huit manches")."""
    app, driver, table = last_round_draft()
    driver.perform(table.gesture_for(TakeReward(0, "potion")))  # (Bram's Favour is forced: the round ends)
    assert table.session.match.result() is not None
    captions = []
    for _ in range(400):
        said = table.prompt()[0]
        if not captions or captions[-1] != said:
            captions.append(said)
        if "wins" in said:
            break
        driver.frames(1)
    ends = [said for said in captions if said.startswith("End of round 8")]
    assert ends, captions
    assert all("Flags stand again" not in said for said in ends), ends
    assert "the last" in ends[0]
    names = [seat.name for seat in table.session.match.seats]
    lines = [GAME.describe(event, names) for event in table.session.match.events()]
    lines = [line for line in lines if "End of round 8" in line]
    assert lines and all("Flags stand again" not in line for line in lines), lines
    pygame.quit()
