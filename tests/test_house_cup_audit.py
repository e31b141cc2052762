"""House Cup rules audit: what the table says matches what the rules do, in the corners."""

import pytest

from tabletop.games.house_cup import GAME
from tabletop.games.house_cup.events import CauldronDiscard, TakeCard
from tabletop.ui.tables.house_cup.panels import choice_panel
from tests.house_cup_positions import position, taking

NAMES = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]


def cauldron_panel(rewards: list[int]):
    """Gryffindor takes the Magic Cauldron holding a Potions card; the panel its choice opens, and the state."""
    state = position(tableau=[["potions-1"], ["potions-2"], [], []], days={4: ["cauldron-1"]}, rewards=rewards)
    taking(state, 4, [(0, 1)])
    GAME.apply(state, TakeCard(0, "cauldron-1"))
    panel = choice_panel(GAME.view(state, 0), NAMES, "cauldron")
    return panel, state


def test_the_cauldron_panel_promises_a_reward_token_only_while_the_supply_has_one():
    # The rulebook: "all players may discard 1 card and receive a reward token"; the supply is limited to 46, and
    # an empty supply gives nothing. The panel said "discard one card to take a reward token" and its button
    # "Discard Potions for a token" though the discard brings none.
    panel, state = cauldron_panel([46, 0, 0, 0])
    assert state.supply == 0
    discard = CauldronDiscard(0, "potions-1")
    assert "no reward token" in panel.explain
    assert panel.confirm_label(discard) == "Discard Potions"
    GAME.apply(state, discard)
    assert state.rewards[0] == 46  # (the rules: the card goes, no token comes)
    # With a token in the supply, the panel says what the discard brings.
    panel, _state = cauldron_panel([45, 0, 0, 0])
    assert panel.explain == "You may discard one card to take a reward token."
    assert panel.confirm_label(discard) == "Discard Potions for a token"


def test_the_tally_says_when_the_flywheel_of_time_is_one_of_the_charms():
    # The rulebook: the Flywheel of Time "may count as a card of any started set". Joined to one Charms card, the
    # reward line read "(2 Charms)" for a player holding one, where every other set's line says "with the Flywheel
    # of Time".
    from tabletop.games.house_cup.scoring import score_player

    tally = score_player(["charms-1", "flywheel-1"], 4, "Gryffindor", frozenset(), "charms")
    assert [(line.text, line.points) for line in tally.lines] == [
        ("4 reward tokens at 5 each (2 Charms) with the Flywheel of Time", 20)
    ]
    tally = score_player(["charms-1", "charms-2", "flywheel-1"], 4, "Gryffindor", frozenset(), None)
    assert [(line.text, line.points) for line in tally.lines] == [
        ("4 reward tokens at 5 each (2 Charms)", 20),
        ("No points at the end: Flywheel of Time", 0),  # (counted in no set)
    ]


def test_hagrids_farm_from_an_empty_supply_says_three_tokens_were_due():
    # The rulebook: Hagrid's Farm, "IMMEDIATELY: take three reward tokens". With the supply empty the log said
    # "would take a reward token from Hagrid's Farm", one where the card gives three.
    from tabletop.games.house_cup.events import RewardsTaken
    from tabletop.games.house_cup.text import describe

    state = position(days={0: ["hagrid-1"]}, rewards=[46, 0, 0, 0])
    taking(state, 0, [(1, 1)])
    events = GAME.apply(state, TakeCard(1, "hagrid-1"))
    [taken] = [event for event in events if isinstance(event, RewardsTaken)]
    assert (taken.count, taken.wanted, state.rewards[1]) == (0, 3, 0)
    line = describe(taken, NAMES)
    assert line == "Slytherin would take three reward tokens from Hagrid's Farm, but the supply is empty."


def test_a_card_a_help_card_counts_is_not_told_as_scoring_nothing():
    # The rulebook: "cards with an instant effect may also count toward the end-game score if they carry one of the
    # four symbols", and its own tally: "3 points for the Help in the Owlery card for one 'You've Got a Letter!'
    # card". The app's tally of that very example added "No points at the end: You've Got a Letter!" under the
    # Help in the Owlery line that counts it; Hagrid's Farm, Earphones and a House-Elf counted by their Help card
    # were told so too.
    from tabletop.games.house_cup.scoring import score_player

    def no_points(cards: list[str]) -> list[str]:
        tally = score_player(cards, 0, "Ravenclaw", frozenset())
        return [line.text for line in tally.lines if line.category == "No points"]

    assert no_points(["letter-1", "help_owlery-1"]) == []
    assert no_points(["hagrid-1", "help_hagrid-1"]) == []
    assert no_points(["earphones-1", "help_uniforms-1"]) == []
    assert no_points(["elf-1", "help_firstyears-1"]) == []
    # Counted by no Help card, they are still told on that line; a Help card of another symbol does not count them.
    assert no_points(["letter-1", "hagrid-1", "help_uniforms-1"]) == [
        "No points at the end: You've Got a Letter! and Hagrid's Farm"
    ]
    # The rulebook's Ravenclaw tally (84 points) has no line for the Letter beside Help in the Owlery's.
    ravenclaw = [
        *("potions-1", "potions-2", "potions-3", "quidditch-1", "quidditch-2", "quidditch-3", "creatures-1"),
        *("help_owlery-1", "letter-1", "history-1", "history-2", "castle-1", "trouble-2", "elf-1"),
    ]
    tally = score_player(ravenclaw, 5, "Ravenclaw", frozenset({"Ravenclaw"}))
    assert tally.total == 84 and tally.cards == 14
    assert all(line.category != "No points" for line in tally.lines)


def test_the_tables_final_score_keeps_the_flywheel_out_of_every_set_when_its_owner_chose_no_set():
    # The owner chose "No set" (the end panel said so, and the result counted it), yet the table's score badge and
    # its "final score" sheet put the Flywheel of Time back in the set where it scores most.
    from tabletop.games.house_cup.events import ChooseFlywheelSet
    from tabletop.ui.tables.house_cup.scores import breakdown

    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["flywheel-1", "creatures-1", "creatures-2", "creatures-3"], []],
        days={0: ["potions-5"]},
    )
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    before = breakdown(GAME.view(state, 0), 0, "Gryffindor")  # (not over yet: the Flywheel where it scores most)
    GAME.apply(state, ChooseFlywheelSet(0, None))
    after = breakdown(GAME.view(state, 1), 0, "Gryffindor")
    assert after.final
    assert after.total == GAME.result(state).scores[0] < before.total


def test_the_tie_break_note_names_only_the_fewest_cards_as_sharing_the_cup():
    # Three tied on 50 points, two of them on the fewest cards: the rules make those two share the Cup, and the
    # note said all three "tied on the number of cards: they share the House Cup".
    from tabletop.ui.tables.house_cup.results import tiebreak_note
    from tabletop.ui.tallies import PlayerTally

    def tally(name: str, total: int) -> PlayerTally:
        return PlayerTally(name=name, house=name, lines=[], total=total, categories={}, detail="", winner=False)

    players = [tally("Gryffindor", 50), tally("Slytherin", 50), tally("Hufflepuff", 50), tally("Ravenclaw", 30)]
    assert tiebreak_note(players, (0, 1)) == (
        "Gryffindor and Slytherin and Hufflepuff tied on 50 points; Gryffindor and Slytherin share the House Cup with "
        "fewer cards."
    )
    assert "they share the House Cup" in tiebreak_note(players[:2], (0, 1))


def test_a_token_that_gets_nothing_earns_a_reward_token_and_the_words_say_so():
    # Gryffindor's 1-token takes the day's only card, its 3-token gets nothing and earns a reward token (one per
    # token, issue 12's reading). The log said "takes 1 reward token for getting no card" right after the take,
    # and the rules page "A player who gets no card at all", against what the game does.
    from tabletop.games.house_cup.events import RewardsTaken
    from tabletop.games.house_cup.rules_text import sections
    from tabletop.games.house_cup.text import describe

    state = position(days={0: ["potions-5"]})
    taking(state, 0, [(0, 3), (0, 1)])
    events = GAME.apply(state, TakeCard(0, "potions-5"))
    assert state.tableau[0] == ["potions-5"] and state.rewards[0] == 1
    reward = next(event for event in events if isinstance(event, RewardsTaken))
    assert describe(reward, NAMES) == "Gryffindor takes 1 reward token for a token that got no card."
    taking_cards = dict(sections())["Taking cards"]
    assert "A token that gets no card at all earns its owner one reward token" in taking_cards


def test_a_large_face_counts_the_copies_of_its_own_title():
    """ "The Third-Floor Corridor: 3 in the game" counted every castle card; the Pixies' Trouble said 8 (all the
    Troubles) where it is the only one of its title. A plain Trouble counts all 8 Troubles, the Pixies' copy among
    them (its rule speaks of "the Pixie Infestation copy"; the rulebook: "Trouble, 8 copies"): it said 7."""
    from tabletop.games.house_cup.cards import copies_in_play, set_aside

    small = set_aside(2)
    assert copies_in_play("castle-2", ()) == 2 and copies_in_play("castle-2", small) == 1
    assert copies_in_play("trouble-1", ()) == 1 and copies_in_play("trouble-2", ()) == 8
    assert copies_in_play("trouble-2", small) == 8 and copies_in_play("forward-1", small) == 1
    assert copies_in_play("potions-1", ()) == 13 and copies_in_play("potions-1", small) == 6


def test_another_houses_token_placing_is_told_in_the_banner():
    """A bot's token placing had no beat: the banner went straight to the deal ('Laid on the timetable: ...') and
    'Bram places a token face down under Friday' was only in the side log. Another house's token (its value hidden
    from this seat) gets a beat and a caption; one's own needs none."""
    from tabletop.games.house_cup.events import TokenPlaced
    from tabletop.games.house_cup.text import describe
    from tabletop.ui.tables.house_cup.pacing import Pacer

    pacer = Pacer()
    told = lambda event: describe(event, NAMES)  # noqa: E731
    pacer.schedule([TokenPlaced(1, 4, None)], 0.0, 1.0, told)
    assert pacer.busy(0.1) and pacer.caption(0.1) == "Slytherin places a token face down under Friday."
    mine = Pacer()
    mine.schedule([TokenPlaced(0, 4, 2)], 0.0, 1.0, told)
    assert not mine.busy(0.1)


@pytest.mark.parametrize("players", [2, 3])
def test_a_small_game_may_keep_the_full_deck_and_plays_by_the_rules_to_its_end(players):
    """The rulebook only recommends leaving 7 Potions and 3 castle cards in the box with 2 or 3 players ("we
    recommend removing"): the option ``full_deck`` keeps all 68, and such a game plays out soundly."""
    import random

    from tabletop.games.house_cup.cards import ALL_CARDS

    options = {**GAME.default_options(players), "full_deck": True}
    assert GAME.check_options(players, options) is None
    assert GAME.check_options(players, {**options, "full_deck": "yes"}) is not None
    state = GAME.setup(players, options, 5)
    assert state.box == [] and len(state.deck) + sum(map(len, state.days)) == len(ALL_CARDS)
    assert GAME.setup(players, GAME.default_options(players), 5).box != []  # (recommended by default)
    rng = random.Random(players)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, rng.choice(GAME.legal(state, seat)))
        assert GAME.check_state(state) == [], GAME.check_state(state)
