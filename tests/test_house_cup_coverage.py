"""House Cup: the refusals that the game's own tests did not reach (a branch-coverage audit).

The whole suite was run under branch coverage; every rule path of ``tabletop/games/house_cup`` was already run
by some test. What was left are refusals of bad options or a bad command (these tests: a first player who is not
at the table, which setup refuses; a Trouble's discard naming a card that does not exist, run before only by the
cross-game contract tests) and branches the rules cannot take (told in the audit's report).
"""

import pytest

from tabletop.core import IllegalCommand
from tabletop.core.codec import to_json
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup.events import DiscardCard, TakeCard
from tests.house_cup_positions import day_of, position, taking


def test_a_trouble_cannot_discard_a_card_that_does_not_exist():
    state = position(tableau=[["potions-1", "herbology-2"], [], [], []], days={0: ["trouble-6"]})
    taking(state, day_of("trouble-6"), [(0, 1)])
    GAME.apply(state, TakeCard(0, "trouble-6"))
    before = to_json(state)
    with pytest.raises(IllegalCommand, match="There is no such card"):
        GAME.apply(state, DiscardCard(0, "potions-99"))
    assert to_json(state) == before and {c.card for c in GAME.legal(state, 0)} == {"potions-1", "herbology-2"}


@pytest.mark.parametrize("first", [4, -1, True, "0"])
def test_the_first_player_must_be_one_of_the_players(first):
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    assert GAME.check_options(4, {"houses": houses, "first": first}) == "the first player must be one of the players"
    with pytest.raises(ValueError, match="first player"):
        GAME.setup(4, {"houses": houses, "first": first}, 1)
