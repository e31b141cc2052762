"""Keyboard-only turns on the Stupéfix table (review uxsf5, five seats in Russian): the secret spell's panel is
the first thing Tab reaches, and an Enter that starts the wands' count puts the ring on the person's wand."""

from __future__ import annotations

import pygame

from tabletop.games.stupefix.events import PointWand
from tabletop.ui.tables.stupefix.table import READY_ARMING
from tests.stupefix_ui_helpers import table_for, until


def test_enter_on_ready_by_a_keyboard_player_rings_their_wand_so_they_point_within_the_count():
    """Enter pressed Ready while no ring showed (Ready is Enter's meaning then): the count started, but the ring
    stayed hidden, the next key showed it on "Watch the round again" at the top, and the count ran out before
    Tab reached the wand ("too late")."""
    app, driver, table = table_for(["human", "human", "greedy", "greedy", "greedy"], seed=21)
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    person = table.live.current
    assert person is not None and not table.live.together
    driver.frames(round(READY_ARMING * 60))
    driver.key(pygame.K_RETURN)  # Ready, by a key, with no ring shown
    assert table.live.countdown is not None
    focused = table.focused()
    assert focused is not None and focused.key == ("wand", person), f"the ring rests on {focused}"
    driver.key(pygame.K_RETURN)  # the wand picked up
    driver.key(pygame.K_RETURN)  # pointed at the seat the ring went to
    pointed = [c for c in table.session.match.log if isinstance(c, PointWand) and c.seat == person]
    assert pointed and table.view.adversary(person, pointed[0].target)
    pygame.quit()


def test_the_first_tab_on_a_docked_spell_panel_goes_to_its_cards_then_to_its_button():
    """The secret spell's panel is docked (the table stays in reach): the first Tab went to the top bar, the
    card was nine Tabs away, and the Tab after a card went to a seat's flag beside the panel."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy", "greedy"], seed=5)
    until(driver, table, lambda: table.panel is not None and table.view.phase == "prepare")
    panel = table.panel
    assert panel is not None and panel.docked
    driver.key(pygame.K_TAB)
    assert table.focused() is not None and table.focused().kind == "panel-card", table.focused()
    driver.key(pygame.K_RETURN)  # the card chosen
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_TAB)
    assert table.focused() is not None and table.focused().item is panel.confirm, table.focused()
    pygame.quit()
