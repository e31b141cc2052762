"""House Cup Challenge's choices at the table (a choices audit): a move is made only when the person chose it.

Standing on a face-up card (after walking past it), the rules let a character walk out and come back in to
encounter it ("To encounter that card, the character must leave the space and enter it again"). Picked up and put
back where it stood, by a drop or a second tap, the character made that move at once and spent the action on the
encounter; the panel asks now, with a Cancel.
"""

from __future__ import annotations

import pygame

from tabletop.games.house_cup_challenge import events as ev
from tests.house_cup_challenge_positions import position
from tests.test_ui_house_cup_challenge_review import table_at

ROUND_TRIP = ev.Move(0, ("C6", "C7"))  # out of the Trapdoor Chamber (its one doorway) and back in


def test_putting_ones_character_back_where_it_stood_asks_before_walking_out_and_in_again():
    state = position(cells=["C7", "H7", "H7", "H7"], board={"C7": "Y1-21"})  # Harry stands on Winged Keys
    driver, table = table_at(state, 4)
    log = table.session.match.log
    token = table.hits.rect_of("token", 0).center
    driver.drag(token, (token[0] + 12, token[1] + 10))  # picked up, let go on its own space
    assert log == []
    assert table.panel is not None and [option.command for option in table.panel.options] == [ROUND_TRIP]
    cancel = next(button for button in table.panel.direct if button.label == "Cancel")
    driver.tap(cancel.rect.center)
    assert log == [] and table.panel is None
    driver.tap(token)  # tap it, then tap it again: the same question
    driver.tap(table.hits.rect_of("token", 0).center)
    assert log == [] and table.panel is not None
    driver.perform(table.gesture_for(ROUND_TRIP))
    assert log[0] == ROUND_TRIP  # (chosen in the panel: the encounter; the bots may have played on)
    pygame.quit()
