"""The end of a Stupéfix game: Maître des Potions, Retardataire, the Faveur table, house totals and ties."""

from __future__ import annotations

import pytest

from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.flow import end_game
from tabletop.games.stupefix.scoring import faveur_bonus, house_tallies, latecomers, potions_master
from tests.stupefix_helpers import new


@pytest.mark.parametrize(
    "cards,points",
    [(0, 0), (1, 10), (2, 30), (3, 60), (4, 120), (5, 200), (6, 300), (7, 400), (8, 600), (9, 800), (10, 1000)],
)
def test_faveur_table(cards, points):
    assert faveur_bonus(cards) == points


def test_potions_master_goes_to_the_single_most_and_nobody_on_a_tie():
    assert potions_master([1, 4, 2, 0]) == 1
    assert potions_master([3, 3, 1, 0]) is None
    assert potions_master([0, 0, 0, 0]) is None


def test_retardataire_for_every_player_with_the_most_and_none_when_all_equal():
    assert latecomers([2, 5, 1, 0]) == [1]
    assert latecomers([4, 1, 4, 0, 4]) == [0, 2, 4]
    assert latecomers([2, 2, 2, 2]) == []
    assert latecomers([0, 0, 0, 0]) == []


def ended(players, potions, retard, faveurs, urn_points):
    """A finished game whose counts are set just before the end-of-game steps run."""
    state = new(players)
    state.round = 8
    state.potions, state.retard, state.faveurs = list(potions), list(retard), list(faveurs)
    for house, cards in urn_points.items():
        state.urns[house] = list(cards)
    events = []
    end_game(state, events)
    return state, events


def test_the_end_in_steps_and_house_totals_with_teams():
    # 6 players: Gryffindor (0, 2), Hufflepuff (1, 4), Ravenclaw (3, 5).
    state, events = ended(
        6,
        potions=[0, 3, 1, 0, 0, 2],
        retard=[1, 0, 4, 4, 1, 0],
        faveurs=[3, 0, 2, 1, 4, 0],
        urn_points={"Gryffindor": ["points40", "points20"], "Hufflepuff": ["points10"], "Ravenclaw": []},
    )
    assert ev.PotionsMaster(1, 3) in events
    assert ev.Latecomers((2, 3), 4) in events
    assert sorted(state.urns["Hufflepuff"]) == ["maitre", "points10"]
    assert state.urns["Gryffindor"].count("retardataire") == 1 and state.urns["Ravenclaw"] == ["retardataire"]
    tallies = house_tallies(state.houses, state.urns, state.faveurs)
    assert tallies["Gryffindor"].total == 60 - 100 + 60 + 30
    assert tallies["Hufflepuff"].total == 10 + 100 + 120
    assert tallies["Ravenclaw"].total == -100 + 10
    result = GAME.result(state)
    assert result.scores == (50, 230, 50, -90, 230, -90)
    assert result.winners == (1, 4) and "Hufflepuff wins with 230" in result.summary


def test_tied_houses_share_the_victory_and_a_potion_tie_gives_no_master():
    state, events = ended(
        4,
        potions=[2, 2, 0, 1],
        retard=[1, 1, 1, 1],
        faveurs=[0, 0, 0, 0],
        urn_points={"Gryffindor": ["points40"], "Hufflepuff": ["points20", "points20"], "Ravenclaw": ["points10"]},
    )
    assert ev.PotionsMaster(None, 2) in events and ev.Latecomers((), 1) in events
    assert not any("maitre" in cards or "retardataire" in cards for cards in state.urns.values())
    result = GAME.result(state)
    assert state.houses == ["Gryffindor", "Ravenclaw", "Hufflepuff", "Slytherin"]
    assert result.winners == (0, 2) and "share the victory with 40" in result.summary
    assert GAME.describe(events[-1], ["A", "B", "C", "D"]).endswith("Gryffindor and Hufflepuff share the victory.")


def test_several_retardataires_in_one_house_each_cost_100():
    # 8 players: Gryffindor is seats 0 and 2.
    state, events = ended(
        8, potions=[0] * 8, retard=[3, 0, 3, 1, 0, 0, 2, 0], faveurs=[0] * 8, urn_points={"Gryffindor": ["points40"]}
    )
    assert ev.Latecomers((0, 2), 3) in events
    assert house_tallies(state.houses, state.urns, state.faveurs)["Gryffindor"].total == 40 - 200


def test_ten_faveur_cards_make_1000_for_one_player():
    state, _ = ended(4, potions=[0] * 4, retard=[0] * 4, faveurs=[10, 0, 0, 0], urn_points={})
    assert GAME.result(state).scores[0] == 1000
