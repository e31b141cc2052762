"""Every worked example of the card specification (section 7, E1-E12), with its checks, through the protocol."""

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.events import ApplyFirst, Pass, Play, TakePlace
from tests.thats_wizard_positions import (
    EMBRACER,
    IGNITER,
    LEVITATOR,
    SHAPESHIFTER,
    duel,
    of_type,
    play_round,
    rng_for,
    settle,
    st,
    tracker,
)


def lasting_of(state, card):
    return next((item for item in state.lasting if item.card == card), None)


# --- E1 ------------------------------------------------------------------------------------------------------


def test_e1_reflect_turns_back_a_faster_spell_and_its_condition():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["share_pain"], ["reflect"]])
    tracker(state, 0, 12, 10)
    events = play_round(state, {0: ("share_pain", 1), 1: ("reflect", 2)})
    assert of_type(events, ev.Reversed) == [ev.Reversed(0, "share_pain", "reflect")]
    order = of_type(events, ev.TurnOrder)[0].order
    assert order == (0, 1)  # Share Pain (1) before Reflect (2), reversed all the same
    lost = of_type(events, ev.StaminaLost)
    assert [(e.seat, e.amount, e.kind) for e in lost] == [(0, 1, "fatigue")]  # no +1: A compared with A
    assert st(state) == [(11, 9), (20, 8)]


def test_e1_check_with_explosion():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["reflect"]])
    tracker(state, 0, 12, 10)
    play_round(state, {0: ("explosion", 3), 1: ("reflect", 2)})
    assert st(state) == [(8, 7), (20, 8)]


# --- E2 ------------------------------------------------------------------------------------------------------


def test_e2_counterspell_streak_grows_and_resets():
    state = duel(["The Prodigy", "The Crone"], [["explosion", "shock"], None])
    rounds = [
        ({0: ("explosion", 3), 1: "counterspell"}, [(20, 7), (19, 10)]),
        ({0: ("explosion", 3), 1: "counterspell"}, [(20, 4), (17, 10)]),
        ({0: "focus", 1: "counterspell"}, [(20, 10), (14, 10)]),
        ({0: ("shock", 1), 1: "focus"}, [(20, 9), (13, 10)]),
        ({0: ("shock", 1), 1: "counterspell"}, [(20, 8), (12, 10)]),
    ]
    for number, (picks, after) in enumerate(rounds, 1):
        events = play_round(state, picks)
        assert st(state) == after, f"round {number}"
        if number == 3:
            assert of_type(events, ev.Countered) == []  # Focus cannot be countered
            assert of_type(events, ev.Focused)[0].power == 10
        if number == 4:
            assert of_type(events, ev.TurnOrder)[0].order == (1, 0)  # Focus first: Shock gets no bonus
            assert [e.amount for e in of_type(events, ev.StaminaLost)] == [1]
    assert state.wizards[1].streak == 1


# --- E3 ------------------------------------------------------------------------------------------------------


def test_e3_brittlebones_and_shock_make_four():
    state = duel(["The Prodigy", "The Dark Lord"], [["brittlebones", "shock"], ["explosion"]])
    events = play_round(state, {0: ("brittlebones", 2), 1: ("explosion", 4)})
    assert st(state) == [(15, 8), (20, 6)]
    assert of_type(events, ev.LastingPlaced) == [ev.LastingPlaced(0, "brittlebones", (1,), 2)]
    events = play_round(state, {0: ("shock", 1), 1: ("explosion", 3)})
    shock = [e for e in of_type(events, ev.StaminaLost) if e.source == "shock"]
    assert shock == [ev.StaminaLost(1, 4, "damage", "shock", 0, 16, 2)]  # 1 + 1 first + 2 Brittlebones
    assert st(state) == [(11, 7), (16, 3)]
    assert lasting_of(state, "brittlebones").tokens == 1
    # R3: Brittlebones is still active. A Shock after B's Focus (not first) deals 1 + 2 Brittlebones.
    events = play_round(state, {0: ("shock", 1), 1: "focus"})
    events += settle(state)
    shock = [e for e in of_type(events, ev.StaminaLost) if e.source == "shock"]
    assert shock == [ev.StaminaLost(1, 3, "damage", "shock", 0, 13, 2)]
    assert st(state) == [(11, 6), (13, 10)]
    # In R3's clean-up it loses its last token and returns to A's hand.
    assert ev.LastingEnded(0, "brittlebones", (), 1) in events
    assert lasting_of(state, "brittlebones") is None
    assert "brittlebones" in state.wizards[0].hand


# --- E4 ------------------------------------------------------------------------------------------------------


def test_e4_death_at_exactly_eleven():
    state = duel(["The Dark Lord", "The Dark Lord"], [["death"], ["explosion"]])
    tracker(state, 0, 15, 10)
    tracker(state, 1, 11, 8)
    events = play_round(state, {0: ("death", 10), 1: ("explosion", 5)})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "death", 0)]
    assert of_type(events, ev.DuelWon)[0].winner == 0
    assert state.tokens == [1, 0]


def test_e4_check_death_at_twelve_does_nothing():
    state = duel(["The Dark Lord", "The Dark Lord"], [["death"], ["explosion"]])
    tracker(state, 0, 15, 10)
    tracker(state, 1, 12, 8)
    events = play_round(state, {0: ("death", 10), 1: ("explosion", 5)})
    assert of_type(events, ev.Fizzled)[0].value == 12
    assert st(state) == [(9, 0), (12, 3)]


def test_e4_check_death_reflected_tests_the_caster():
    state = duel(["The Dark Lord", "The Dark Lord"], [["death"], ["reflect"]])
    tracker(state, 0, 15, 10)
    tracker(state, 1, 11, 8)
    events = play_round(state, {0: ("death", 10), 1: ("reflect", 2)})
    assert of_type(events, ev.Reversed) == [ev.Reversed(0, "death", "reflect")]
    assert of_type(events, ev.Fizzled) == [ev.Fizzled(0, "death", 0, 15, "stamina", 11)]
    assert state.tokens == [0, 0]


# --- E5 ------------------------------------------------------------------------------------------------------


def test_e5_tongue_tie_pushes_a_cost_over_ten():
    state = duel(["The Boy Wizard", "The Dark Lord"], [["tongue_tie", "shock"], ["death", "explosion"]])
    play_round(state, {0: ("tongue_tie", 3), 1: None})
    assert lasting_of(state, "tongue_tie").tokens == 2
    tracker(state, 0, 18, 7)
    tracker(state, 1, 11, 10)
    with pytest.raises(IllegalCommand, match="more than 10"):
        GAME.apply(state, Play(1, "death", 10))
    GAME.apply(state, Pass(1, "death", 10))  # played anyway: an illegal play
    events = GAME.apply(state, Play(0, "shock", 2))
    shown = of_type(events, ev.Revealed)[0].plays
    assert shown[1].card == "death" and not shown[1].legal
    assert of_type(events, ev.TurnOrder)[0].order == (0,)  # B takes no turn
    GAME.apply(state, TakePlace(0, 0))  # so A chooses to go first (the Shock Q&A's choice): +1
    assert st(state) == [(18, 5), (8, 10)]
    assert "death" in state.wizards[1].hand
    events = play_round(state, {0: "counterspell", 1: ("explosion", 5)})
    assert of_type(events, ev.PowerPaid)[0] == ev.PowerPaid(1, 7, 2, 3)
    assert of_type(events, ev.Countered) == [ev.Countered(0, 1, "explosion")]
    assert st(state) == [(17, 5), (8, 3)]
    assert lasting_of(state, "tongue_tie") is None and "tongue_tie" in state.wizards[0].hand


# --- E6 ------------------------------------------------------------------------------------------------------


def test_e6_embrace_pain_turns_damage_into_power_but_not_counterspell_cost():
    state = duel([EMBRACER, "The Dark Lord"], [["embrace_pain", "shock"], ["explosion", "share_pain"]])
    play_round(state, {0: ("embrace_pain", 3), 1: None})
    assert lasting_of(state, "embrace_pain").tokens == 2
    tracker(state, 0, 16, 4)
    tracker(state, 1, 20, 9)
    events = play_round(state, {0: ("shock", 1), 1: ("explosion", 4)})
    gains = of_type(events, ev.PowerChanged)
    assert gains == [ev.PowerChanged(0, 5, "embrace_pain", 0, 8)]
    assert st(state) == [(11, 8), (18, 5)]
    events = play_round(state, {0: "counterspell", 1: ("share_pain", 2)})
    assert of_type(events, ev.PowerChanged) == []
    assert st(state) == [(10, 8), (18, 3)]
    assert lasting_of(state, "embrace_pain") is None


# --- E7 ------------------------------------------------------------------------------------------------------


def e7_round_one():
    state = duel([IGNITER, "The Boy Wizard"], [["ignite", "explosion"], ["dispel"]])
    events = play_round(state, {0: ("ignite", 3), 1: ("dispel", 4)})
    assert of_type(events, ev.Fizzled) == [ev.Fizzled(1, "dispel", 0, 0, "no_tokens")]
    assert st(state) == [(20, 7), (20, 6)]
    assert lasting_of(state, "ignite").targets == [1] and lasting_of(state, "ignite").tokens == 1
    return state


def test_e7_dispel_removes_ignite_before_its_damage():
    state = e7_round_one()
    events = play_round(state, {0: ("explosion", 4), 1: ("dispel", 3)})
    assert of_type(events, ev.TokenRemoved)[0] == ev.TokenRemoved(0, "ignite", 0, 1)
    assert lasting_of(state, "ignite") is None and "ignite" in state.wizards[0].hand
    assert st(state) == [(20, 3), (15, 3)]


def test_e7_check_focus_instead_takes_the_ignite():
    state = e7_round_one()
    events = play_round(state, {0: ("explosion", 4), 1: "focus"})
    events += settle(state)  # the end-of-round roll winner picks a place: the result is the same
    assert of_type(events, ev.DiceRolled)[0].reason == "end of round"
    assert st(state) == [(20, 3), (9, 10)]


# --- E8 ------------------------------------------------------------------------------------------------------


def test_e8_levitate_blocks_only_the_focus_of_its_round():
    state = duel([LEVITATOR, "The Crone"], [["levitate"], None])
    tracker(state, 0, 20, 6)
    tracker(state, 1, 17, 1)
    events = play_round(state, {0: ("levitate", 4), 1: "focus"})
    assert of_type(events, ev.TurnOrder)[0].order == (1, 0)
    assert of_type(events, ev.Focused) == [ev.Focused(1, 1, "levitate")]
    assert st(state) == [(20, 2), (17, 1)]
    assert lasting_of(state, "levitate").targets == [1]
    events = play_round(state, {0: "focus", 1: "focus"})
    events += settle(state)
    assert ev.StaminaLost(1, 4, "damage", "levitate", 0, 13) in events
    assert st(state) == [(20, 10), (13, 10)]


def test_e8_check_levitate_damage_whatever_was_played():
    state = duel([LEVITATOR, "The Crone"], [["levitate"], ["stun"]])
    tracker(state, 1, 17, 10)
    play_round(state, {0: ("levitate", 4), 1: ("stun", 1)})
    play_round(state, {0: "focus", 1: None})
    assert state.prompt.kind == "eor_next" and state.prompt.cards == ["levitate", "focus"]  # A orders A's own
    settle(state)
    assert state.wizards[1].stamina == 13


# --- E9 ------------------------------------------------------------------------------------------------------

B1 = ["shock", "tongue_tie", "ignite", "stun", "silence", "levitate", "share_pain"]
B2 = ["reflect", "disarm", "dispel", "regenerate", "brittlebones", "polymorph", "paralyze"]


def e9(reflect: bool):
    state = duel(
        ["The Sorceress", B1, "The Prophet", B2],
        [["conflagration"], ["shock"], None, ["reflect"]],
    )
    for seat, values in enumerate([(14, 9), (15, 6), (9, 2), (10, 5)]):
        tracker(state, seat, *values)
    picks = {0: ("conflagration", 9), 1: ("shock", 1), 2: "focus", 3: ("reflect", 2) if reflect else None}
    return state, play_round(state, picks)


def test_e9_duos_conflagration_reversed_onto_caster_and_ally():
    state, events = e9(reflect=True)
    assert of_type(events, ev.Reversed) == [ev.Reversed(0, "conflagration", "reflect")]
    assert of_type(events, ev.TurnOrder)[0].order == (2, 1, 3, 0)
    assert st(state) == [(6, 0), (15, 5), (3, 10), (10, 3)]  # seats: A1, B1, A2, B2


def test_e9_check_without_reflect():
    state, events = e9(reflect=False)
    assert state.wizards[1].stamina == 9 and state.wizards[3].stamina == 4


# --- E10 -----------------------------------------------------------------------------------------------------


def test_e10_elimination_mid_round_skips_the_rest():
    state = duel(["The Dark Lord", SHAPESHIFTER], [["explosion"], ["ignite", "polymorph"]])
    play_round(state, {0: None, 1: ("ignite", 3)})
    assert lasting_of(state, "ignite").targets == [0]
    tracker(state, 0, 8, 10)
    tracker(state, 1, 4, 8)
    events = play_round(state, {0: ("explosion", 3), 1: ("polymorph", 6)})
    assert of_type(events, ev.DuelWon)[0] == ev.DuelWon(0, 1, "stamina", (1, 0))
    assert not any(e.card == "polymorph" for e in of_type(events, ev.SpellRead))  # never resolves
    assert not [e for e in of_type(events, ev.StaminaLost) if e.source == "ignite"]
    after = [e for e in events if isinstance(e, ev.StaminaLost)]
    assert (after[-1].seat, after[-1].stamina) == (1, 0)
    powers = of_type(events, ev.PowerPaid)
    assert [(p.seat, p.power) for p in powers] == [(0, 7), (1, 2)]
    assert state.tokens == [1, 0] and state.stage == "sideboard" and state.duel == 2


# --- E11 -----------------------------------------------------------------------------------------------------


def test_e11_mind_control_before_focus_refills():
    state = duel(["The Crone", "The Boy Wizard"], [["mind_control"], None])
    tracker(state, 0, 14, 10)
    tracker(state, 1, 12, 2)
    events = play_round(state, {0: ("mind_control", 10), 1: "focus"})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "mind_control", 0)]


def test_e11_check_at_nine_nothing_then_focus_refills():
    state = duel(["The Crone", "The Boy Wizard"], [["mind_control"], None])
    tracker(state, 0, 14, 10)
    tracker(state, 1, 12, 2)
    events = play_round(state, {0: ("mind_control", 9), 1: "focus"})
    assert of_type(events, ev.Fizzled) == [ev.Fizzled(0, "mind_control", 1, 2, "power", 1)]
    assert st(state) == [(14, 1), (12, 10)]


# --- E12 -----------------------------------------------------------------------------------------------------


def test_e12_chaos_rolls_one_and_the_roll_off_winner_picks_who_falls():
    state = duel(["The Crone", "The Dark Lord"], [["chaos"], ["share_pain"]])
    tracker(state, 0, 5, 6)
    tracker(state, 1, 3, 4)
    state.rng = rng_for([1, 2, 5])  # Chaos rolls 1; then A rolls 2, B rolls 5
    events = play_round(state, {0: ("chaos", 5), 1: ("share_pain", 1)})
    assert [e.amount for e in of_type(events, ev.StaminaLost)] == [2]  # 1 + 1: B had less Stamina
    assert state.prompt is not None and state.prompt.kind == "lethal" and state.prompt.seat == 1
    assert sorted(state.prompt.values) == [0, 1]
    events = GAME.apply(state, ApplyFirst(1, 0))
    assert of_type(events, ev.DuelWon)[0] == ev.DuelWon(1, 0, "stamina", (0, 1))
    lost = of_type(events, ev.StaminaLost)
    assert [(e.seat, e.stamina) for e in lost] == [(0, 0)]  # B's Damage is never applied
    assert state.duel_winners == [1]


def test_e12_check_reflected_chaos_on_one_hits_the_caster_once():
    state = duel(["The Crone", "The Dark Lord"], [["chaos"], ["reflect"]])
    tracker(state, 0, 8, 6)
    tracker(state, 1, 3, 4)
    state.rng = rng_for([1])
    events = play_round(state, {0: ("chaos", 5), 1: ("reflect", 2)})
    assert [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost)] == [(0, 5)]
    assert st(state) == [(3, 1), (3, 2)]
