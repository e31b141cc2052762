"""Each scoring rule and the rulebook's two tallies, through the real scoring code."""

import pytest

from tabletop.core import load_match
from tabletop.games import GAMES
from tabletop.games.house_cup.scoring import CATEGORIES, quidditch_leaders, score_player
from tabletop.paths import asset_dir

NO_LEAD = frozenset()


def total(cards, rewards=0, house="Gryffindor", leaders=NO_LEAD, flywheel=None):
    return score_player(cards, rewards, house, leaders, flywheel).total


def test_rulebook_examples_from_the_saved_game():
    match = load_match(asset_dir("saves") / "house-cup-scoring-example.json", GAMES)
    result = match.result()
    assert result is not None
    assert result.scores == (84, 69)
    assert result.winners == (0,)


def test_rulebook_tallies_line_by_line_from_the_saved_game():
    """The score sheet tells each player's tally as the rulebook's scoring example does, line by line."""
    state = load_match(asset_dir("saves") / "house-cup-scoring-example.json", GAMES).state
    leaders = quidditch_leaders(state.tableau, state.houses)
    assert leaders == {"Ravenclaw"}
    ravenclaw = score_player(state.tableau[0], state.rewards[0], "Ravenclaw", leaders)
    assert [(line.category, line.text, line.points) for line in ravenclaw.lines] == [
        ("Sets", "Potions: a set of 3", 4),
        ("Sets", "Magical Creatures: a set of 1", 4),
        ("Sets", "Exploring the Castle: 1 of 3 different", 0),
        ("Quidditch", "Quidditch leadership (3 cards)", 30),
        ("Trouble", "1 Trouble card, turned to points by the House-Elf", 5),
        ("History", "History of Magic: 14 cards (x2)", 28),
        ("Help", "Help in the Owlery: 1 card with the letter symbol", 3),
        ("Rewards", "5 reward tokens at 2 each", 10),
    ]
    slytherin = score_player(state.tableau[1], state.rewards[1], "Slytherin", leaders, state.flywheel_set)
    assert [(line.category, line.text, line.points) for line in slytherin.lines] == [
        ("Sets", "Herbology: a set of 3 with the Flywheel of Time, scoring with the Earphones", 40),
        ("Quidditch", "Quidditch: 1 card, not the leader", 0),
        ("Quidditch", "Ravenclaw, Forward!: Ravenclaw leads", 15),
        ("Quidditch", "Gryffindor, Forward!: Gryffindor does not lead", 0),
        ("Uniforms", "School Uniform (Slytherin): your house", 10),
        ("Trouble", "1 Trouble card", -5),
        ("Help", "Help Hunting Nargles (no points of its own)", 0),
        ("Help", "Help the First-Years: 3 cards with the help symbol", 9),
        ("Help", "Help Searching for Points (no points of its own)", 0),
    ]
    assert (ravenclaw.total, slytherin.total) == (84, 69)


def test_rulebook_example_position_offers_the_choices_with_the_best_preselected():
    match = load_match(asset_dir("saves") / "house-cup-scoring-example-choices.json", GAMES)
    view = match.game.view(match.state, 1)
    assert view.suggestion is not None and view.suggestion.card == "uniform-4"
    match.apply(view.suggestion)
    view = match.game.view(match.state, 1)
    assert view.suggestion is not None and view.suggestion.set == "herbology"
    match.apply(view.suggestion)
    assert match.result().scores == (84, 69)


@pytest.mark.parametrize("count,points", [(1, 2), (2, 3), (3, 4), (4, 20), (5, 40), (6, 40), (7, 40)])
def test_potions_set(count, points):
    assert total([f"potions-{i}" for i in range(1, count + 1)]) == points


@pytest.mark.parametrize("count,points", [(1, 20), (2, 30), (3, 40), (4, 40)])
def test_herbology_costs_without_earphones_and_scores_with_them(count, points):
    herbs = [f"herbology-{i}" for i in range(1, count + 1)]
    assert total(herbs) == -points
    # The Earphones carry the clothing symbol but score nothing themselves.
    assert total([*herbs, "earphones-1"]) == points


@pytest.mark.parametrize("count,points", [(1, 4), (2, 9), (3, 15), (4, 25)])
def test_creatures_set(count, points):
    assert total([f"creatures-{i}" for i in range(1, count + 1)]) == points


def test_fifth_creature_needs_the_flywheel():
    cards = [f"creatures-{i}" for i in range(1, 5)] + ["flywheel-1"]
    assert total(cards, flywheel="creatures") == 50
    assert total(cards, flywheel=None) == 25


@pytest.mark.parametrize("charms,rate", [(0, 2), (1, 3), (2, 5), (3, 8)])
def test_charms_raise_the_reward_token_rate(charms, rate):
    cards = [f"charms-{i}" for i in range(1, charms + 1)]
    assert total(cards, rewards=5) == 5 * rate


def test_rulebook_charms_examples():
    assert total(["charms-1"], rewards=5) == 15
    assert total(["charms-1", "charms-2"], rewards=4) == 20


def test_fourth_charm_via_flywheel_adds_nothing():
    cards = ["charms-1", "charms-2", "charms-3", "flywheel-1"]
    assert total(cards, rewards=3, flywheel="charms") == 24


def test_castle_needs_three_different_cards():
    assert total(["castle-1", "castle-2", "castle-3"]) == 60
    assert total(["castle-1", "castle-4", "castle-2"]) == 0  # A, A, B: two different
    assert total(["castle-1", "castle-2", "castle-3", "castle-4", "castle-5", "castle-6"]) == 60  # no second set


def test_flywheel_completes_the_castle_but_never_starts_a_set():
    assert total(["castle-1", "castle-2", "flywheel-1"], flywheel="castle") == 60
    assert total(["castle-1", "flywheel-1"], flywheel="castle") == 0
    assert total(["flywheel-1"], flywheel="potions") == 0  # no Potions: the Flywheel cannot start the set
    assert total(["castle-1", "castle-2", "castle-3", "flywheel-1"], flywheel="castle") == 60


def test_quidditch_leader_scores_thirty_once_and_ties_all_lead():
    tableaux = [["quidditch-1", "quidditch-2"], ["quidditch-3", "quidditch-4"], []]
    houses = ["Gryffindor", "Slytherin", "Ravenclaw"]
    leaders = quidditch_leaders(tableaux, houses)
    assert leaders == {"Gryffindor", "Slytherin"}
    assert total(tableaux[0], house="Gryffindor", leaders=leaders) == 30
    assert total(tableaux[1], house="Slytherin", leaders=leaders) == 30


def test_quidditch_non_leader_scores_nothing_and_no_cards_means_no_leader():
    tableaux = [["quidditch-1", "quidditch-2"], ["quidditch-3"]]
    leaders = quidditch_leaders(tableaux, ["Gryffindor", "Slytherin"])
    assert total(tableaux[1], house="Slytherin", leaders=leaders) == 0
    assert quidditch_leaders([["potions-1"], []], ["Gryffindor", "Slytherin"]) == frozenset()


def test_house_forward_scores_when_the_named_house_leads():
    assert total(["forward-1"], house="Slytherin", leaders=frozenset({"Gryffindor"})) == 15
    assert total(["forward-1"], house="Slytherin", leaders=frozenset({"Gryffindor", "Slytherin"})) == 15
    assert total(["forward-2"], house="Slytherin", leaders=frozenset({"Gryffindor"})) == 0


def test_house_forward_for_a_house_not_in_play_scores_nothing():
    # Gryffindor is not at this table, so it can never lead.
    tableaux = [["forward-1", "quidditch-1"], ["quidditch-2"]]
    leaders = quidditch_leaders(tableaux, ["Ravenclaw", "Hufflepuff"])
    assert "Gryffindor" not in leaders
    assert total(tableaux[0], house="Ravenclaw", leaders=leaders) == 30  # the lead, not the Forward


def test_school_uniform_matches_the_owners_house():
    assert total(["uniform-4"], house="Slytherin") == 10
    assert total(["uniform-4"], house="Gryffindor") == -10
    assert total(["uniform-1", "uniform-2"], house="Hufflepuff") == 0


def test_trouble_costs_five_pixies_nothing_and_the_elf_turns_them():
    assert total(["trouble-2", "trouble-3"]) == -10
    assert total(["trouble-1"]) == 0
    assert total(["trouble-1", "trouble-2", "elf-1"]) == 5
    assert total(["elf-1"]) == 0


def test_history_of_magic_counts_every_card_for_each_copy():
    assert total(["history-1", "potions-1"]) == 2 + 2
    assert total(["history-1", "history-2"], rewards=3) == 2 + 2 + 6  # tokens are not cards


def test_two_history_of_magic_cards_are_one_line_of_the_tally_counted_twice():
    tally = score_player(["history-1", "history-2", "potions-1"], 0, "Gryffindor", NO_LEAD, None)
    history = [(line.text, line.points) for line in tally.lines if line.category == "History"]
    assert history == [("History of Magic: 3 cards (x2)", 6)]


def test_help_cards_count_their_symbol_and_nargles_counts_for_all():
    assert total(["help_owlery-1", "letter-1", "letter-2", "help_nargles-1"]) == 9
    assert total(["help_hagrid-1", "creatures-1", "hagrid-1"]) == 6 + 4
    assert total(["help_uniforms-1", "uniform-1", "quidditch-1", "earphones-1"], house="Gryffindor") == 9 + 10
    assert total(["help_firstyears-1", "elf-1", "help_search-1"]) == 9  # itself included
    assert total(["help_nargles-1", "help_search-1"]) == 0


def test_tally_lines_add_up_and_fill_categories():
    tally = score_player(["potions-1", "quidditch-1", "trouble-2"], 2, "Gryffindor", frozenset({"Gryffindor"}))
    assert sum(line.points for line in tally.lines) == tally.total == 2 + 30 - 5 + 4
    assert tally.by_category()["Quidditch"] == 30
    assert tally.cards == 3


def test_every_card_kept_is_on_the_tally_those_worth_nothing_on_a_line_of_their_own():
    # Two Letters, a Cauldron, Earphones without Herbology, a House-Elf without Trouble and a Flywheel with no set:
    # the results said "7 cards" over no line at all.
    cards = ["letter-1", "letter-2", "cauldron-1", "earphones-1", "elf-1", "flywheel-1"]
    tally = score_player(cards, 0, "Gryffindor", NO_LEAD)
    assert [(line.category, line.points) for line in tally.lines] == [("No points", 0)]
    text = tally.lines[0].text
    assert text.startswith("No points at the end: ")
    for name in ("You've Got a Letter! (x2)", "Magic Cauldron", "Earphones", "House-Elf", "Flywheel of Time"):
        assert name in text
    assert set(tally.by_category()) == set(CATEGORIES) and not any(tally.by_category().values())
    # Once they do their work they are counted on their set's or Trouble's line, and not here.
    used = score_player(["herbology-1", "earphones-1", "trouble-2", "elf-1"], 0, "Gryffindor", NO_LEAD)
    assert all(line.category != "No points" for line in used.lines)
