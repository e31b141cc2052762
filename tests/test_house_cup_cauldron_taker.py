"""The Magic Cauldron asked of a person who did not take it names who did (a pass-and-play review in French: the
panel read only "Chaudron magique. Vous pouvez défausser une carte pour prendre un jeton Récompense." to a person
handed the screen in another's turn, the taker's move told only on the other person's screen)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import SeatInfo
from tabletop.games.house_cup.events import TakeCard
from tests.house_cup_positions import position, taking
from tests.test_ui_table import screen_to, table_at


@pytest.mark.parametrize(("supply", "told"), [(30, "may discard"), (0, "but the supply is empty")])
def test_the_cauldron_panel_of_a_player_who_did_not_take_it_names_the_taker(supply, told):
    tableau = [["potions-1", "charms-1"], []]
    state = taking(position(["Gryffindor", "Slytherin"], tableau=tableau, days={4: ["cauldron-1"]}), 4, [(1, 1)])
    state.supply = supply
    _app, driver, table = table_at(state, [SeatInfo("Ada", "human"), SeatInfo("Ben", "human")])
    screen_to(driver, table, 1)
    assert table.session.submit(TakeCard(1, "cauldron-1")) is None  # (Ben has nothing else: Ada decides next)
    screen_to(driver, table, 0)
    assert table.panel is not None and table.panel.title == "Magic Cauldron"
    assert table.panel.explain.startswith("Ben took the Magic Cauldron"), table.panel.explain
    assert told in table.panel.explain, table.panel.explain
    pygame.quit()
