"""Every IMMEDIATELY card, through the protocol, with its edge cases."""

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.events import (
    CauldronDiscard,
    DiscardCard,
    GiveCard,
    TakeCard,
)
from tests.house_cup_positions import day_of, position, taking


def take_one(state, seat, card):
    """The seat holds the only token (a 1) under the card's day and takes the card."""
    taking(state, day_of(card), [(seat, 1)])
    assert GAME.to_act(state) == (seat,)
    return GAME.apply(state, TakeCard(seat, card))


def kinds(events):
    return [type(e).__name__ for e in events]


# --- Trouble ---------------------------------------------------------------------------------------------


def test_trouble_asks_which_other_card_to_discard():
    state = position(tableau=[["potions-1", "herbology-2"], [], [], []], days={0: ["trouble-6"]})
    take_one(state, 0, "trouble-6")
    legal = GAME.legal(state, 0)
    assert sorted(c.card for c in legal) == ["herbology-2", "potions-1"]  # never the Trouble itself
    with pytest.raises(IllegalCommand, match="itself"):
        GAME.apply(state, DiscardCard(0, "trouble-6"))
    GAME.apply(state, DiscardCard(0, "herbology-2"))
    assert state.tableau[0] == ["potions-1", "trouble-6"]
    assert "herbology-2" in state.discard


def test_trouble_with_one_other_card_discards_it():
    state = position(tableau=[["potions-1"], [], [], []], days={0: ["trouble-6"]})
    events = take_one(state, 0, "trouble-6")
    discarded = [e for e in events if isinstance(e, ev.CardDiscarded)]
    assert discarded == [ev.CardDiscarded(0, "potions-1", "trouble", True)]
    assert state.tableau[0] == ["trouble-6"]


def test_trouble_with_no_other_card_does_nothing():
    state = position(days={0: ["trouble-6"]})
    events = take_one(state, 0, "trouble-6")
    assert any(isinstance(e, ev.NothingToDo) and e.card == "trouble-6" for e in events)
    assert state.tableau[0] == ["trouble-6"]
    assert GAME.check_state(state) == []


def test_trouble_discards_a_card_already_held_never_one_still_on_the_timetable():
    state = position(tableau=[["charms-1", "herbology-2"], [], [], []], days={1: ["trouble-2", "potions-1"]})
    taking(state, 1, [(0, 2)])
    events = GAME.apply(state, TakeCard(0, "trouble-2"))
    assert ev.InstantApplied(0, "trouble-2") in events  # at once, before the second pick
    assert set(GAME.legal(state, 0)) == {DiscardCard(0, "charms-1"), DiscardCard(0, "herbology-2")}
    with pytest.raises(IllegalCommand):
        GAME.apply(state, TakeCard(0, "potions-1"))  # the effect comes first
    GAME.apply(state, DiscardCard(0, "herbology-2"))
    assert GAME.legal(state, 0) == [TakeCard(0, "potions-1")]
    GAME.apply(state, TakeCard(0, "potions-1"))
    assert sorted(state.tableau[0]) == ["charms-1", "potions-1", "trouble-2"]


def test_a_trouble_taken_after_another_card_may_discard_it():
    state = position(tableau=[["charms-1"], [], [], []], days={1: ["trouble-2", "potions-1"]})
    taking(state, 1, [(0, 2)])
    GAME.apply(state, TakeCard(0, "potions-1"))
    GAME.apply(state, TakeCard(0, "trouble-2"))
    assert {c.card for c in GAME.legal(state, 0)} == {"charms-1", "potions-1"}
    GAME.apply(state, DiscardCard(0, "potions-1"))
    assert sorted(state.tableau[0]) == ["charms-1", "trouble-2"]


def test_two_troubles_taken_with_a_2_token_each_make_the_player_discard():
    """The issue's first case: before, the first Trouble could discard the waiting second and skip its effect."""
    state = position(tableau=[["potions-1", "potions-2", "charms-1"], [], [], []], days={1: ["trouble-2", "trouble-7"]})
    taking(state, 1, [(0, 2)])
    events = GAME.apply(state, TakeCard(0, "trouble-2"))
    # The second Trouble is still on the timetable: it is not the player's card, so it cannot be discarded.
    assert {c.card for c in GAME.legal(state, 0)} == {"potions-1", "potions-2", "charms-1"}
    events += GAME.apply(state, DiscardCard(0, "potions-1"))
    events += GAME.apply(state, TakeCard(0, "trouble-7"))
    # The first Trouble's effect is done, so it is now a card like any other; the second may not discard itself.
    assert {c.card for c in GAME.legal(state, 0)} == {"potions-2", "charms-1", "trouble-2"}
    events += GAME.apply(state, DiscardCard(0, "potions-2"))
    assert [e for e in events if isinstance(e, ev.InstantApplied)] == [
        ev.InstantApplied(0, "trouble-2"),
        ev.InstantApplied(0, "trouble-7"),
    ]
    assert [e.card for e in events if isinstance(e, ev.CardDiscarded)] == ["potions-1", "potions-2"]
    assert sorted(state.tableau[0]) == ["charms-1", "trouble-2", "trouble-7"]
    assert GAME.result(state) is not None  # nothing else waits


def test_a_second_trouble_with_no_other_card_left_discards_the_first():
    state = position(days={1: ["trouble-2", "trouble-7"]})
    taking(state, 1, [(0, 2)])
    events = GAME.apply(state, TakeCard(0, "trouble-2"))
    assert ev.NothingToDo(0, "trouble-2", "no other card to discard") in events
    events = GAME.apply(state, TakeCard(0, "trouble-7"))
    assert ev.CardDiscarded(0, "trouble-2", "trouble", True) in events
    assert state.tableau[0] == ["trouble-7"]


@pytest.mark.parametrize(
    "order,kept,score", [(("trouble-1", "trouble-6"), "trouble-6", -5), (("trouble-6", "trouble-1"), "trouble-1", 0)]
)
def test_the_player_orders_the_pixie_and_another_trouble_by_taking_them(order, kept, score):
    # Each Trouble acts as it is taken: the one taken second discards the first (the only other card).
    state = position(days={0: ["trouble-1", "trouble-6"]})
    taking(state, 0, [(0, 2)])
    for card in order:
        GAME.apply(state, TakeCard(0, card))
    assert state.tableau[0] == [kept] and GAME.result(state).scores[0] == score


# --- IMMEDIATELY cards act the moment they are received --------------------------------------------------


def test_hagrids_farm_taken_before_a_trouble_keeps_its_tokens():
    state = position(tableau=[["herbology-2"], [], [], []], days={0: ["trouble-6", "hagrid-1"]})
    taking(state, 0, [(0, 2)])
    GAME.apply(state, TakeCard(0, "hagrid-1"))
    assert state.rewards[0] == 3
    GAME.apply(state, TakeCard(0, "trouble-6"))
    # The Farm's effect is done: it may go to the Trouble like any other card, and its tokens stay.
    assert {c.card for c in GAME.legal(state, 0)} == {"herbology-2", "hagrid-1"}
    GAME.apply(state, DiscardCard(0, "hagrid-1"))
    assert sorted(state.tableau[0]) == ["herbology-2", "trouble-6"] and state.rewards[0] == 3


def test_a_trouble_taken_first_cannot_reach_the_farm_still_on_the_timetable():
    state = position(days={0: ["trouble-6", "hagrid-1"]})
    taking(state, 0, [(0, 2)])
    events = GAME.apply(state, TakeCard(0, "trouble-6"))
    assert ev.NothingToDo(0, "trouble-6", "no other card to discard") in events
    GAME.apply(state, TakeCard(0, "hagrid-1"))
    assert sorted(state.tableau[0]) == ["hagrid-1", "trouble-6"] and state.rewards[0] == 3


def test_trouble_and_letter_taken_together_both_act():
    """The issue's second case: before, the Trouble could discard the waiting Letter (no token, no gift)."""
    state = position(tableau=[["potions-1", "herbology-2"], ["charms-1"], [], []], days={1: ["trouble-2", "letter-4"]})
    taking(state, 1, [(0, 2)])
    events = GAME.apply(state, TakeCard(0, "trouble-2"))
    assert {c.card for c in GAME.legal(state, 0)} == {"potions-1", "herbology-2"}  # the Letter is not theirs yet
    events += GAME.apply(state, DiscardCard(0, "herbology-2"))
    events += GAME.apply(state, TakeCard(0, "letter-4"))
    assert ev.RewardsTaken(0, 1, 1, "letter") in events and state.rewards[0] == 1
    assert {c.card for c in GAME.legal(state, 0)} == {"potions-1", "trouble-2"}  # never the Letter itself
    events += GAME.apply(state, GiveCard(0, "trouble-2", 1))
    # The given Trouble acts again, for its receiver, at once: their one other card goes.
    assert ev.CardGiven(0, 1, "trouble-2", False) in events
    assert ev.InstantApplied(1, "trouble-2") in events
    assert ev.CardDiscarded(1, "charms-1", "trouble", True) in events
    assert state.tableau[0] == ["potions-1", "letter-4"] and state.tableau[1] == ["trouble-2"]
    assert GAME.result(state) is not None


def test_a_letter_taken_first_cannot_give_a_card_still_on_the_timetable():
    state = position(tableau=[["potions-1"], [], [], []], days={3: ["letter-1", "divination-2"]})
    taking(state, 3, [(0, 2)])
    GAME.apply(state, TakeCard(0, "letter-1"))
    assert {c.card for c in GAME.legal(state, 0)} == {"potions-1"}
    with pytest.raises(IllegalCommand, match="not one of your cards"):
        GAME.apply(state, GiveCard(0, "divination-2", 1))
    GAME.apply(state, GiveCard(0, "potions-1", 1))
    events = GAME.apply(state, TakeCard(0, "divination-2"))
    assert ev.InstantApplied(0, "divination-2") in events and "divination-2" in state.deck


def test_every_instant_kind_has_an_effect():
    from tabletop.games.house_cup.cards import INSTANT_KINDS
    from tabletop.games.house_cup.effects import EFFECTS

    assert set(EFFECTS) == INSTANT_KINDS


# --- You've Got a Letter! ---------------------------------------------------------------------------------


def test_letter_gives_a_token_and_a_card_to_a_chosen_opponent():
    state = position(tableau=[["herbology-2", "letter-3", "help_nargles-1"], [], [], []], days={3: ["letter-1"]})
    take_one(state, 0, "letter-1")
    assert state.rewards[0] == 1
    legal = GAME.legal(state, 0)
    # Letter-symbol cards (the Letters and Help Hunting Nargles) cannot be given; any opponent may receive.
    assert {(c.card, c.to) for c in legal} == {("herbology-2", 1), ("herbology-2", 2), ("herbology-2", 3)}
    with pytest.raises(IllegalCommand, match="letter symbol"):
        GAME.apply(state, GiveCard(0, "letter-3", 1))
    with pytest.raises(IllegalCommand, match="opponent"):
        GAME.apply(state, GiveCard(0, "herbology-2", 0))
    GAME.apply(state, GiveCard(0, "herbology-2", 2))
    assert state.tableau[2] == ["herbology-2"]
    assert "herbology-2" not in state.tableau[0]


def test_letter_with_nothing_to_give_only_gives_the_token():
    state = position(tableau=[["letter-3"], [], [], []], days={3: ["letter-1"]})
    events = take_one(state, 0, "letter-1")
    assert state.rewards[0] == 1
    assert any(isinstance(e, ev.NothingToDo) for e in events)
    assert GAME.result(state) is not None  # the day was the last thing to do


def test_letter_with_an_empty_supply_gives_no_token():
    state = position(
        tableau=[["potions-1", "potions-2"], [], [], []], days={3: ["letter-1"]}, supply=0, rewards=[46, 0, 0, 0]
    )
    events = take_one(state, 0, "letter-1")
    assert state.rewards[0] == 46
    assert ev.RewardsTaken(0, 0, 1, "letter") in events


def test_a_given_trouble_makes_the_receiver_discard():
    state = position(tableau=[["trouble-2", "potions-1"], ["charms-1", "potions-2"], [], []], days={3: ["letter-1"]})
    take_one(state, 0, "letter-1")
    GAME.apply(state, GiveCard(0, "trouble-2", 1))
    assert GAME.to_act(state) == (1,)  # the receiver applies the Trouble at once
    assert {c.card for c in GAME.legal(state, 1)} == {"charms-1", "potions-2"}
    GAME.apply(state, DiscardCard(1, "potions-2"))
    assert sorted(state.tableau[1]) == ["charms-1", "trouble-2"]


def test_a_given_hagrids_farm_pays_the_receiver():
    state = position(houses=["Gryffindor", "Slytherin"], tableau=[["hagrid-1"], []], days={3: ["letter-1"]})
    events = take_one(state, 0, "letter-1")
    # One card to give and one opponent: the gift is forced, and its effect is the receiver's.
    assert ev.CardGiven(0, 1, "hagrid-1", True) in events
    assert state.rewards == [1, 3]


# --- Divination -------------------------------------------------------------------------------------------


def test_divination_draws_the_top_card_and_goes_back_into_the_deck():
    state = position(days={2: ["divination-1"]}, deck_top=["charms-2"])
    deck_size = len(state.deck)
    events = take_one(state, 0, "divination-1")
    assert state.tableau[0] == ["charms-2"]
    assert "divination-1" in state.deck
    assert len(state.deck) == deck_size
    assert ev.CardDrawn(0, "charms-2") in events
    assert GAME.check_state(state) == []


def test_divination_drawing_an_instant_applies_it():
    state = position(days={2: ["divination-1"]}, deck_top=["hagrid-1"])
    take_one(state, 0, "divination-1")
    assert state.tableau[0] == ["hagrid-1"]
    assert state.rewards[0] == 3


def test_divination_with_an_empty_deck_draws_nothing():
    state = position(days={2: ["divination-1"]}, empty_deck=True)
    events = take_one(state, 0, "divination-1")
    assert ev.CardDrawn(0, None) in events
    assert state.tableau[0] == []
    assert state.deck == ["divination-1"]


# --- Magic Cauldron ---------------------------------------------------------------------------------------


def test_cauldron_lets_every_player_discard_for_a_token_in_turn_order():
    state = position(tableau=[["trouble-2"], [], ["herbology-2", "potions-1"], ["potions-3"]], days={4: ["cauldron-1"]})
    taking(state, 4, [(2, 1)])  # Hufflepuff (seat 2) takes it: seats 2, 3, 0, 1 decide in that order
    GAME.apply(state, TakeCard(2, "cauldron-1"))
    assert GAME.to_act(state) == (2,)
    legal = GAME.legal(state, 2)
    assert CauldronDiscard(2, None) in legal
    assert CauldronDiscard(2, "cauldron-1") not in legal  # it is being applied
    GAME.apply(state, CauldronDiscard(2, "herbology-2"))
    assert GAME.to_act(state) == (3,)
    GAME.apply(state, CauldronDiscard(3, None))
    assert GAME.to_act(state) == (0,)
    events = GAME.apply(state, CauldronDiscard(0, "trouble-2"))
    # Slytherin (seat 1) has no card: skipped without a question.
    assert ev.CauldronPassed(1, had_cards=False) in events
    assert state.rewards == [1, 0, 1, 0]
    assert "herbology-2" in state.discard and "trouble-2" in state.discard
    assert state.tableau[3] == ["potions-3"]


# --- Hagrid's Farm ----------------------------------------------------------------------------------------


def test_hagrids_farm_gives_three_tokens():
    state = position(days={0: ["hagrid-1"]})
    take_one(state, 0, "hagrid-1")
    assert state.rewards[0] == 3 and state.supply == 43


def test_hagrids_farm_with_a_short_supply_gives_what_is_left():
    state = position(days={0: ["hagrid-1"]}, rewards=[0, 44, 0, 0])
    events = take_one(state, 0, "hagrid-1")
    assert state.rewards[0] == 2 and state.supply == 0
    assert ev.RewardsTaken(0, 2, 3, "hagrid") in events
    assert kinds(events).count("RewardsTaken") == 1
