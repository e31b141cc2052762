"""A test per card (and the special action cards), through the protocol."""

import re
from pathlib import Path

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS
from tabletop.games.thats_wizard.events import KeepSpell, Play, RemoveToken, TakeCards, TakePlace, Transfer
from tests.thats_wizard_positions import (
    IGNITER,
    LEVITATOR,
    duel,
    of_type,
    play_round,
    rng_for,
    settle,
    st,
    tracker,
)

ERASER = ["stun", "silence", "levitate", "erase_memory", "reflect", "shock", "share_pain"]
INVISIBLE = ["reflect", "disarm", "dispel", "invisibility", "paralyze", "explosion", "shock"]
SEER = ["portents", "scry", "arithmancy", "grim_omen", "shock", "reflect", "share_pain"]
CONFUSER = ["shock", "tongue_tie", "ignite", "confusion", "paralyze", "explosion", "reflect"]
SHRINKER = ["share_pain", "fear", "regenerate", "brittlebones", "polymorph", "shrink", "shock"]
COUNTER = ["portents", "scry", "arithmancy", "shock", "tongue_tie", "reflect", "share_pain"]
# Blue Duos books with Imprison, so that the yellow Constable & Rogue (Energize) can be imprisoned.
WARDEN = ["share_pain", "imprison", "chaos", "stun", "silence", "regenerate", "shock"]
DUOS = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3
TESTED = set()


def covers(*cards):
    TESTED.update(cards)


def lasting_of(state, card):
    return next((item for item in state.lasting if item.card == card), None)


def lost(events, source):
    return [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost) if e.source == source]


# --- special action cards ------------------------------------------------------------------------------------


def test_focus_refills_power_at_the_end_of_the_round():
    covers("focus")
    state = duel(["The Dark Lord", "The Boy Wizard"], [None, ["shock"]])
    tracker(state, 0, 20, 3)
    events = play_round(state, {0: "focus", 1: ("shock", 1)})
    assert of_type(events, ev.TurnOrder)[0].order == (0, 1)  # dial 0 goes first, but refills only at the end
    assert of_type(events, ev.Focused) == [ev.Focused(0, 10, "")]
    assert st(state) == [(19, 10), (20, 9)]  # Shock goes second: 1 Damage, no bonus
    assert "focus" in state.wizards[0].hand


def test_counterspell_costs_even_when_nothing_is_stopped_and_focus_is_never_countered():
    covers("counterspell")
    state = duel(["The Dark Lord", "The Boy Wizard"])
    events = play_round(state, {0: None, 1: "counterspell"})
    assert of_type(events, ev.Countered) == []
    assert st(state)[1] == (19, 10) and state.wizards[1].streak == 1
    events = play_round(state, {0: "focus", 1: "counterspell"})
    assert of_type(events, ev.Countered) == [] and state.wizards[1].stamina == 17
    events = play_round(state, {0: None, 1: None})
    assert state.wizards[1].streak == 0  # a round without Counterspell resets the cost


def test_counterspell_against_an_invisible_wizard_stops_nothing_but_still_costs():
    covers("invisibility")
    state = duel(["The Boy Wizard", INVISIBLE], [None, ["invisibility", "explosion"]])
    play_round(state, {0: None, 1: ("invisibility", 5)})
    assert lasting_of(state, "invisibility").tokens == 2
    events = play_round(state, {0: "counterspell", 1: ("explosion", 3)})
    assert of_type(events, ev.Countered) == []
    assert st(state)[0] == (15, 10)  # 1 for Counterspell, 4 from the Explosion
    assert state.wizards[0].streak == 1


def test_invisibility_spells_cannot_be_turned_back():
    state = duel(["The Boy Wizard", INVISIBLE], [["reflect"], ["invisibility", "explosion"]])
    play_round(state, {0: None, 1: ("invisibility", 5)})
    events = play_round(state, {0: ("reflect", 2), 1: ("explosion", 3)})
    assert of_type(events, ev.Reversed) == []
    assert state.wizards[0].stamina == 16


# --- Charms --------------------------------------------------------------------------------------------------


def test_stun_drains_power_and_turns_the_shortfall_into_damage():
    covers("stun")
    state = duel(["The Boy Wizard", "The Crone"], [["stun"], None])
    events = play_round(state, {0: ("stun", 1), 1: None})
    assert of_type(events, ev.PowerChanged) == [ev.PowerChanged(1, -3, "stun", 0, 7)]
    tracker(state, 1, 20, 2)
    events = play_round(state, {0: ("stun", 3), 1: None})
    assert st(state)[1] == (17, 0)  # 5 to lose, 2 there: 3 Damage
    assert lost(events, "stun") == [(1, 3)]


def test_silence_and_fear_make_each_cast_spell_cost_stamina():
    covers("silence", "fear")
    state = duel(["The Crone", "The Dark Lord"], [["silence", "fear", "share_pain"], ["explosion", "share_pain"]])
    play_round(state, {0: ("fear", 2), 1: None})
    play_round(state, {0: ("silence", 2), 1: None})
    events = play_round(state, {0: None, 1: ("explosion", 3)})
    assert lost(events, "silence") == [(1, 4)]  # 2 Fatigue, +2 from Fear
    assert state.wizards[1].stamina == 16
    events = play_round(state, {0: ("share_pain", 1), 1: "counterspell"})
    assert lost(events, "silence") == []  # Counterspell is no spell
    assert state.wizards[1].stamina == 15


def test_silence_does_nothing_after_a_countered_spell():
    state = duel(["The Crone", "The Dark Lord"], [["silence"], ["explosion"]])
    play_round(state, {0: ("silence", 3), 1: None})
    events = play_round(state, {0: "counterspell", 1: ("explosion", 3)})
    assert lost(events, "silence") == []
    assert state.wizards[1].stamina == 20


def test_silence_does_nothing_after_a_spell_that_ended_the_duel():
    state = duel(["The Crone", "The Dark Lord"], [["silence"], ["explosion"]])
    play_round(state, {0: ("silence", 3), 1: None})  # active in rounds 2-4
    tracker(state, 0, 4, 10)
    tracker(state, 1, 2, 10)  # Silence's 2 Fatigue would bring the caster of the Explosion to 0 too
    events = play_round(state, {0: None, 1: ("explosion", 3)})
    assert lost(events, "explosion") == [(0, 4)]
    assert lost(events, "silence") == []
    assert of_type(events, ev.DuelWon) == [ev.DuelWon(1, 0, "stamina", (0, 1))]
    assert state.tokens == [0, 1] and state.duel == 2


def test_levitate_dispelled_before_the_end_of_next_round_deals_no_damage():
    covers("levitate")
    state = duel([LEVITATOR, "The Boy Wizard"], [["levitate"], ["dispel"]])
    play_round(state, {0: ("levitate", 4), 1: None})
    events = play_round(state, {0: None, 1: ("dispel", 3)})
    assert lost(events, "levitate") == []
    assert "levitate" in state.wizards[0].hand and state.wizards[1].stamina == 20


def test_erase_memory_takes_two_chosen_cards_until_it_leaves():
    covers("erase_memory")
    state = duel([ERASER, "The Dark Lord"], [["erase_memory"], None])
    events = play_round(state, {0: ("erase_memory", 8), 1: None})
    seen = of_type(events, ev.HandSeen)
    assert seen and seen[0].to == (0,) and sorted(seen[0].cards) == sorted(state.wizards[1].hand)
    assert state.prompt.kind == "erase" and len(GAME.legal(state, 0)) == 21
    assert sorted(GAME.view(state, 1).prompt.cards) == sorted(state.wizards[1].hand)  # the target knows its hand
    events = GAME.apply(state, TakeCards(0, ("counterspell", "focus")))
    assert of_type(events, ev.CardsTaken) == [ev.CardsTaken(0, 1, ("focus", "counterspell"))]
    item = lasting_of(state, "erase_memory")
    assert item.tokens == 2 and item.under == ["focus", "counterspell"] and item.targets == [1]
    with pytest.raises(IllegalCommand, match="Erase Memory has taken Focus"):
        GAME.apply(state, Play(1, "focus", 0))
    play_round(state, {0: None, 1: None})
    events = play_round(state, {0: None, 1: None})
    back = of_type(events, ev.LastingEnded)
    assert back == [ev.LastingEnded(0, "erase_memory", ("focus", "counterspell"), 1)]
    assert {"focus", "counterspell"} <= set(state.wizards[1].hand)
    assert GAME.check_state(state) == []


def test_energize_gives_the_ally_power_and_needs_the_ally_dueling():
    covers("energize")
    state = duel(DUOS, [["explosion"], None, None, ["energize"]])
    tracker(state, 1, 20, 2)
    events = play_round(state, {3: ("energize", 3)})
    assert ev.PowerChanged(1, 5, "energize", 3, 7) in events
    tracker(state, 1, 20, 8)
    play_round(state, {3: ("energize", 3)})
    assert state.wizards[1].power == 10  # never above 10
    state.wizards[1].stamina = 1
    play_round(state, {0: ("explosion", 3)})  # seat 1 falls: its duel is over
    assert not state.wizards[1].dueling
    assert all(c.card != "energize" for c in GAME.legal(state, 3) if isinstance(c, Play))


# --- Curses ----------------------------------------------------------------------------------------------------


def test_paralyze_takes_the_next_round_from_its_target():
    covers("paralyze")
    state = duel(["The Dark Lord", "The Crone"], [["paralyze", "explosion"], None])
    play_round(state, {0: ("paralyze", 3), 1: "counterspell"})  # countered? no: Paralyze is countered
    assert lasting_of(state, "paralyze") is None and "paralyze" in state.wizards[0].hand
    play_round(state, {0: ("paralyze", 3), 1: None})
    assert state.paralyzed == [1] and GAME.to_act(state) == (0,)
    assert GAME.legal(state, 1) == []
    events = play_round(state, {0: ("explosion", 3)})
    assert of_type(events, ev.Revealed)[0].plays[1] == ev.Shown(1, None, None, False, "paralyzed")
    assert state.paralyzed == [] and GAME.to_act(state) == (0, 1)


def test_explosion_deals_p_plus_one_damage():
    covers("explosion")
    state = duel(["The Dark Lord", "The Crone"], [["explosion"], None])
    events = play_round(state, {0: ("explosion", 5), 1: None})
    assert lost(events, "explosion") == [(1, 6)] and st(state) == [(20, 5), (14, 10)]


def test_embrace_pain_gains_power_from_fatigue_too_up_to_ten():
    covers("embrace_pain")
    state = duel(["The Dark Lord", "The Crone"], [["embrace_pain"], ["share_pain"]])
    play_round(state, {0: ("embrace_pain", 5), 1: None})
    assert lasting_of(state, "embrace_pain").tokens == 4
    tracker(state, 0, 20, 7)
    events = play_round(state, {0: None, 1: ("share_pain", 3)})
    assert ev.PowerChanged(0, 3, "embrace_pain", 0, 10) in events
    tracker(state, 0, 20, 9)
    events = play_round(state, {0: None, 1: ("share_pain", 3)})
    assert state.wizards[0].power == 10


def test_death_needs_full_power():
    covers("death")
    state = duel(["The Dark Lord", "The Crone"], [["death"], None])
    tracker(state, 0, 20, 9)
    assert not any(isinstance(c, Play) and c.card == "death" for c in GAME.legal(state, 0))
    tracker(state, 0, 20, 10)
    tracker(state, 1, 5, 10)
    events = play_round(state, {0: ("death", 10), 1: None})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "death", 0)]


def test_conflagration_felling_both_opponents_rolls_and_the_high_roller_orders_the_falls():
    """The rulebook's Conflagration answer: when its Damage would eliminate several players, "you and your
    opponent will roll dice. The higher roller will determine the order in which the Damage takes place". The
    falls were ordered without a roll (the caster's own opponent first), which decides whose duel is won first:
    in a deciding set, whose win ends the match."""
    covers("conflagration")
    state = duel(DUOS, [["conflagration"], None, None, None])
    events = play_round(state, {0: ("conflagration", 7)})
    assert lost(events, "conflagration") == [(1, 4), (3, 4)]
    tracker(state, 1, 4, 10)
    tracker(state, 3, 3, 10)
    tracker(state, 0, 20, 10)
    for seat, stamina in ((1, 4), (3, 3)):
        state.wizards[seat].low = stamina
    events = play_round(state, {0: ("conflagration", 7)})
    rolls = [e for e in of_type(events, ev.DiceRolled) if e.reason == "who falls first"]
    assert rolls and rolls[0].seats == (0, 1)  # the caster and their opponent
    assert state.prompt is not None and state.prompt.kind == "lethal" and state.prompt.values == [1, 3]
    chooser = state.prompt.seat
    assert GAME.legal(state, chooser) == [ev.ApplyFirst(chooser, 1), ev.ApplyFirst(chooser, 3)]
    assert GAME.check_state(state) == []  # (the checks knew only falls of both teams)
    from tabletop.ui.tables.thats_wizard.panels import choice_panel

    panel = choice_panel(GAME.view(state, chooser), ["A", "B", "C", "D"])
    assert "Each loses their own duel" in panel.explain  # (not "the first to reach 0 loses the duel")
    events = GAME.apply(state, ev.ApplyFirst(chooser, 3))  # seat 3's fall first: seat 2's duel is won first
    assert [e.winner for e in of_type(events, ev.DuelWon)][:1] == [2]
    assert state.tokens == [2, 0] and state.duel == 2


def test_a_turned_back_conflagration_felling_its_caster_and_ally_rolls_too():
    """The rulebook's answer is about any Conflagration whose Damage would eliminate several players: turned back
    by Reflect, it fells its caster and their ally, and the caster and their opponent roll as well."""
    reflector = ["reflect", "disarm", "dispel", "invisibility", "paralyze", "explosion", "shock"]
    state = duel(
        ["The Sorceress", "The Constable", "The Prophet", reflector], [["conflagration"], None, None, ["reflect"]]
    )
    for seat, stamina in ((0, 4), (2, 3)):
        tracker(state, seat, stamina, 10)
        state.wizards[seat].low, state.wizards[seat].low_round = stamina, 1
    events = play_round(state, {0: ("conflagration", 7), 3: ("reflect", 2)})
    assert [e.seats for e in of_type(events, ev.DiceRolled) if e.reason == "who falls first"] == [(0, 1)]
    assert state.prompt is not None and state.prompt.kind == "lethal" and state.prompt.values == [0, 2]
    assert GAME.check_state(state) == []


# --- Transfiguration ------------------------------------------------------------------------------------------


def test_regenerate_heals_now_and_at_the_end_of_next_round_up_to_twenty():
    covers("regenerate")
    state = duel(["The Prodigy", "The Crone"], [["regenerate"], None])
    tracker(state, 0, 15, 10)
    play_round(state, {0: ("regenerate", 4), 1: None})
    assert state.wizards[0].stamina == 17
    play_round(state, {0: None, 1: None})
    assert state.wizards[0].stamina == 19 and lasting_of(state, "regenerate") is None
    tracker(state, 0, 19, 10)
    events = play_round(state, {0: ("regenerate", 4), 1: None})
    assert of_type(events, ev.StaminaGained) == [ev.StaminaGained(0, 1, "regenerate", 0, 20)]


def test_brittlebones_adds_to_damage_but_not_to_fatigue():
    covers("brittlebones")
    state = duel(["The Prodigy", "The Crone"], [["brittlebones", "shrink"], None])
    play_round(state, {0: ("brittlebones", 2), 1: None})
    tracker(state, 0, 20, 10)
    events = play_round(state, {0: ("shrink", 9), 1: None})
    assert lost(events, "shrink") == [(1, 10)]


def test_polymorph_at_eight_or_less():
    covers("polymorph")
    state = duel(["The Prodigy", "The Crone"], [["polymorph"], None])
    tracker(state, 1, 9, 10)
    events = play_round(state, {0: ("polymorph", 6), 1: None})
    assert of_type(events, ev.Fizzled)[0].value == 9
    tracker(state, 0, 20, 10)
    tracker(state, 1, 8, 10)
    events = play_round(state, {0: ("polymorph", 6), 1: None})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "polymorph", 0)]


def test_shrink_takes_half_the_stamina_as_fatigue():
    covers("shrink")
    state = duel(["The Prodigy", "The Crone"], [["shrink"], None])
    tracker(state, 1, 15, 10)
    events = play_round(state, {0: ("shrink", 9), 1: None})
    assert lost(events, "shrink") == [(1, 7)] and state.wizards[1].stamina == 8


def test_shrink_with_fear_cast_first_adds_two_and_a_zero_shrink_gets_no_bonus():
    state = duel([SHRINKER, "The Boy Wizard"], [["fear", "shrink"], None])
    play_round(state, {0: ("fear", 2), 1: None})  # active in rounds 2 and 3
    assert lasting_of(state, "fear").targets == [1]
    tracker(state, 0, 20, 10)
    tracker(state, 1, 15, 10)
    events = play_round(state, {0: ("shrink", 9), 1: None})
    assert lost(events, "shrink") == [(1, 9)]  # floor(15 / 2) = 7 Fatigue, +2 for Fear
    assert of_type(events, ev.StaminaLost)[0].bonus == 2 and state.wizards[1].stamina == 6
    tracker(state, 0, 20, 10)
    tracker(state, 1, 1, 10)
    events = play_round(state, {0: ("shrink", 9), 1: None})  # Fear still active: round 3
    assert lasting_of(state, "fear") is None  # (it left in this round's clean-up)
    assert lost(events, "shrink") == [] and state.wizards[1].stamina == 1  # half of 1 is 0: no instance, no bonus


def test_molten_floor_burns_both_opponents_and_outlives_its_casters_duel():
    covers("molten_floor")
    state = duel(DUOS, [None, None, ["share_pain"], ["molten_floor"]])
    play_round(state, {3: ("molten_floor", 5)})
    item = lasting_of(state, "molten_floor")
    assert item.targets == [2, 0] and item.tokens == 2
    tracker(state, 3, 1, 10)
    events = play_round(state, {2: ("share_pain", 1)})  # seat 3 falls to it
    assert of_type(events, ev.DuelWon)[0].winner == 2
    assert lasting_of(state, "molten_floor") is not None  # seat 1 still duels seat 0
    assert lost(events, "molten_floor") == [(0, 2)]  # seat 2's duel is over
    events = play_round(state, {})
    assert lost(events, "molten_floor") == [(0, 2)]
    assert lasting_of(state, "molten_floor") is None


def test_regenerates_second_heal_is_stopped_by_a_dispel_first():
    state = duel(["The Prodigy", "The Boy Wizard"], [["regenerate"], ["dispel"]])
    tracker(state, 0, 10, 10)
    play_round(state, {0: ("regenerate", 4), 1: None})
    assert state.wizards[0].stamina == 12 and lasting_of(state, "regenerate").tokens == 1
    events = play_round(state, {0: None, 1: ("dispel", 3)})
    assert ev.TokenRemoved(0, "regenerate", 0, 1) in events
    assert [e for e in of_type(events, ev.StaminaGained) if e.source == "regenerate"] == []
    assert state.wizards[0].stamina == 12 and "regenerate" in state.wizards[0].hand


def test_molten_floor_with_brittlebones_burns_four_per_tick():
    # The Rogue (seat 3) lays Brittlebones on its opponent (seat 2), then Molten Floor on both opponents.
    state = duel(DUOS, [None, None, None, ["brittlebones", "molten_floor"]])
    play_round(state, {3: ("brittlebones", 3)})  # active in rounds 2-4, on seat 2 only
    play_round(state, {3: ("molten_floor", 5)})  # ticks at the end of rounds 3 and 4
    events = play_round(state, {})
    assert lost(events, "molten_floor") == [(2, 4), (0, 2)]  # 2 + 2 for Brittlebones; seat 0 has none
    assert [e.bonus for e in of_type(events, ev.StaminaLost)] == [2, 0]
    assert st(state)[2][0] == 16 and st(state)[0][0] == 18


# --- Defense -----------------------------------------------------------------------------------------------


def test_reflect_leaves_self_spells_alone():
    covers("reflect")
    state = duel(["The Prodigy", "The Boy Wizard"], [["regenerate"], ["reflect"]])
    tracker(state, 0, 10, 10)
    events = play_round(state, {0: ("regenerate", 4), 1: ("reflect", 2)})
    assert of_type(events, ev.Reversed) == [] and state.wizards[0].stamina == 12


def test_a_countered_reflect_turns_nothing_back():
    yellow_1 = ["shock", "tongue_tie", "ignite", "stun", "silence", "levitate", "share_pain"]
    yellow_2 = ["reflect", "disarm", "dispel", "regenerate", "brittlebones", "polymorph", "paralyze"]
    state = duel(["The Sorceress", yellow_1, "The Prophet", yellow_2], [["conflagration"], None, None, ["reflect"]])
    events = play_round(state, {0: ("conflagration", 7), 2: "counterspell", 3: ("reflect", 2)})
    assert of_type(events, ev.Countered) == [ev.Countered(2, 3, "reflect")]
    assert of_type(events, ev.Reversed) == []
    assert lost(events, "conflagration") == [(1, 4), (3, 4)]


def test_disarm_at_five_or_less():
    covers("disarm")
    state = duel(["The Boy Wizard", "The Crone"], [["disarm"], None])
    tracker(state, 1, 6, 10)
    play_round(state, {0: ("disarm", 2), 1: None})
    assert state.tokens == [0, 0]
    tracker(state, 1, 5, 10)
    events = play_round(state, {0: ("disarm", 2), 1: None})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "disarm", 0)] and state.tokens == [1, 0]


def test_dispel_lets_its_caster_choose_the_tokens():
    covers("dispel")
    state = duel(["The Boy Wizard", "The Crone"], [["dispel"], ["silence", "fear"]])
    play_round(state, {0: None, 1: ("silence", 2)})
    play_round(state, {0: None, 1: ("fear", 3)})
    assert [(i.card, i.tokens) for i in state.lasting] == [("silence", 1), ("fear", 3)]
    play_round(state, {0: ("dispel", 3), 1: None})
    assert state.prompt.kind == "dispel" and state.prompt.count == 2
    assert set(GAME.legal(state, 0)) == {RemoveToken(0, 1, "silence"), RemoveToken(0, 1, "fear")}
    with pytest.raises(IllegalCommand, match="opponent's lasting spells"):
        GAME.apply(state, RemoveToken(0, 0, "fear"))
    events = GAME.apply(state, RemoveToken(0, 1, "fear"))
    assert events == [ev.TokenRemoved(1, "fear", 2, 0)] and state.prompt.count == 1
    events = GAME.apply(state, RemoveToken(0, 1, "fear"))
    dispelled = [e for e in of_type(events, ev.TokenRemoved) if e.by == 0]
    assert dispelled == [ev.TokenRemoved(1, "fear", 1, 0)]


def test_dispel_on_one_lasting_spell_takes_p_minus_1_of_its_tokens_without_asking():
    """One lasting spell holding more tokens than the Dispel removes: no choice, P-1 of them go."""
    state = duel(["The Boy Wizard", "The Crone"], [["dispel"], ["fear"]])
    play_round(state, {0: None, 1: ("fear", 3)})
    assert [(i.card, i.tokens) for i in state.lasting] == [("fear", 3)]
    events = play_round(state, {0: ("dispel", 3), 1: None})
    assert state.prompt is None
    dispelled = [e for e in of_type(events, ev.TokenRemoved) if e.by == 0]
    assert dispelled == [ev.TokenRemoved(1, "fear", 2, 0), ev.TokenRemoved(1, "fear", 1, 0)]


def test_dispel_turned_back_takes_the_casters_own_tokens():
    state = duel(["The Boy Wizard", "The Crone"], [["dispel", "tongue_tie"], ["reflect"]])
    play_round(state, {0: ("tongue_tie", 4), 1: None})
    tracker(state, 0, 20, 10)
    events = play_round(state, {0: ("dispel", 5), 1: ("reflect", 2)})
    assert of_type(events, ev.Reversed) == [ev.Reversed(0, "dispel", "reflect")]
    assert lasting_of(state, "tongue_tie") is None  # 3 tokens, 4 to remove: all gone, no choice


def test_transference_gives_a_chosen_amount_to_the_ally():
    covers("transference")
    state = duel(DUOS, [["transference"], None, None, None])
    tracker(state, 2, 15, 10)
    play_round(state, {0: ("transference", 2)})
    assert state.prompt.kind == "transfer" and state.prompt.values == [1, 2, 3, 4, 5, 6]
    with pytest.raises(IllegalCommand, match="from 1 to 6"):
        GAME.apply(state, Transfer(0, 7))
    events = GAME.apply(state, Transfer(0, 4))
    assert ev.StaminaLost(0, 4, "plain", "transference", 0, 16) in events
    assert st(state)[2] == (19, 10)


# --- Hexes -----------------------------------------------------------------------------------------------------


def test_share_pain_bonus_when_the_caster_has_less_stamina():
    covers("share_pain")
    state = duel(["The Crone", "The Boy Wizard"], [["share_pain"], None])
    tracker(state, 0, 10, 10)
    events = play_round(state, {0: ("share_pain", 2), 1: None})
    assert lost(events, "share_pain") == [(1, 3)]
    tracker(state, 1, 5, 10)
    events = play_round(state, {0: ("share_pain", 2), 1: None})
    assert lost(events, "share_pain") == [(1, 2)]


def test_fear_adds_two_to_every_fatigue():
    state = duel(["The Crone", "The Boy Wizard"], [["fear", "share_pain"], None])
    play_round(state, {0: ("fear", 2), 1: None})
    events = play_round(state, {0: ("share_pain", 1), 1: None})
    assert lost(events, "share_pain") == [(1, 3)]


@pytest.mark.parametrize("roll,amount", [(2, 5), (3, 6), (4, 6), (5, 7), (6, 7)])
def test_chaos_damage_by_roll(roll, amount):
    covers("chaos")
    state = duel(["The Crone", "The Boy Wizard"], [["chaos"], None])
    state.rng = rng_for([roll])
    events = play_round(state, {0: ("chaos", 5), 1: None})
    assert lost(events, "chaos") == [(1, amount)]


def test_chaos_on_one_hurts_both_when_nobody_falls():
    state = duel(["The Crone", "The Boy Wizard"], [["chaos"], None])
    state.rng = rng_for([1])
    events = play_round(state, {0: ("chaos", 4), 1: None})
    assert sorted(lost(events, "chaos")) == [(0, 4), (1, 4)]


def test_mind_control_thresholds():
    covers("mind_control")
    state = duel(["The Crone", "The Boy Wizard"], [["mind_control"], None])
    tracker(state, 1, 20, 1)
    events = play_round(state, {0: ("mind_control", 8), 1: None})
    assert of_type(events, ev.Fizzled)[0].limit == 0
    tracker(state, 0, 20, 10)
    tracker(state, 1, 20, 1)
    events = play_round(state, {0: ("mind_control", 9), 1: None})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(1, "mind_control", 0)]


def test_imprison_blocks_every_power_gain_of_both_opponents():
    covers("imprison")
    state = duel(DUOS, [None, ["imprison"], None, ["energize"]])
    play_round(state, {1: ("imprison", 5)})
    item = lasting_of(state, "imprison")
    assert item.targets == [0, 2] and item.tokens == 3
    tracker(state, 0, 20, 3)
    events = play_round(state, {0: "focus"})
    assert of_type(events, ev.Focused) == [ev.Focused(0, 3, "imprison")]
    assert state.wizards[0].power == 3


def test_imprison_blocks_embrace_pain_portents_focus_and_nevermores_power_of_both_opponents():
    # Seat 1 (the Constable) imprisons seats 0 (the Sorceress, Embrace Pain) and 2 (the Prophet, the second
    # opponent: Portents, Nevermore).
    state = duel(DUOS, [["embrace_pain"], ["imprison", "share_pain"], ["portents", "nevermore"], None])
    play_round(state, {0: ("embrace_pain", 3), 1: ("imprison", 5), 2: ("portents", 2)})
    assert lasting_of(state, "imprison").targets == [0, 2]
    assert st(state) == [(20, 7), (20, 5), (20, 8), (20, 10)]
    tracker(state, 2, 15, 8)
    state.rng = rng_for([6])  # Portents: 2 Stamina and 2 Power
    events = play_round(state, {1: ("share_pain", 1), 2: "focus"})
    events += settle(state)
    assert lost(events, "share_pain") == [(0, 1)]
    blocked = [(e.seat, e.source) for e in of_type(events, ev.PowerChanged) if e.blocked]
    assert sorted(blocked) == [(0, "embrace_pain"), (2, "portents")]  # Embrace Pain and the Power omen
    assert of_type(events, ev.Focused) == [ev.Focused(2, 8, "imprison")]  # the second opponent's Focus too
    assert st(state)[0] == (19, 7) and st(state)[2] == (17, 8)  # the Stamina omen still heals
    tracker(state, 0, 6, 1)
    events = play_round(state, {2: ("nevermore", 4)})
    assert ev.StaminaGained(0, 8, "nevermore", 2, 14) in events
    assert st(state)[0] == (14, 1)  # Stamina, but no Power: Imprison blocks that part
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(2, "nevermore", 2)]


def test_imprison_blocks_energize_to_an_imprisoned_ally():
    # Blue imprisons the yellow Constable (seat 1) and Rogue (seat 3); the Rogue's Energize cannot help.
    state = duel([WARDEN, "The Constable", "The Sorceress", "The Rogue"], [["imprison"], None, None, ["energize"]])
    play_round(state, {0: ("imprison", 5)})
    assert lasting_of(state, "imprison").targets == [1, 3]
    tracker(state, 1, 20, 2)
    events = play_round(state, {3: ("energize", 3)})
    assert [e for e in of_type(events, ev.PowerChanged) if e.source == "energize"] == [
        ev.PowerChanged(1, 0, "energize", 3, 2, blocked=True)
    ]
    assert state.wizards[1].power == 2


def test_energize_at_three_refunds_a_five_power_imprison_then_mind_control():
    """The Constable & the Rogue combo: Imprison at 5 and Energize at 3 in the same round (Energize, on dial 3,
    goes first and Imprison is not active before next round), then Mind Control at 10 on a wizard who cannot
    refill."""
    state = duel(DUOS, [None, ["imprison", "mind_control"], None, ["energize"]])
    tracker(state, 0, 20, 2)
    events = play_round(state, {1: ("imprison", 5), 3: ("energize", 3)})
    assert of_type(events, ev.TurnOrder)[0].order.index(3) < of_type(events, ev.TurnOrder)[0].order.index(1)
    assert st(state)[1] == (20, 10) and st(state)[3] == (20, 7)  # paid 5, got 5 back: Imprison was free
    events = play_round(state, {0: "focus"})
    assert of_type(events, ev.Focused) == [ev.Focused(0, 2, "imprison")] and st(state)[0] == (20, 2)
    events = play_round(state, {1: ("mind_control", 10)})
    assert of_type(events, ev.Forfeited) == [ev.Forfeited(0, "mind_control", 1)]


# --- Divination -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll,after", [(1, (16, 8)), (2, (20, 8)), (4, (18, 10)), (6, (20, 10))])
def test_portents_omens(roll, after):
    covers("portents")
    state = duel([SEER, "The Boy Wizard"], [["portents"], None])
    play_round(state, {0: ("portents", 2), 1: None})
    tracker(state, 0, 18, 8)
    state.rng = rng_for([roll])
    events = play_round(state, {0: None, 1: None})
    assert of_type(events, ev.DiceRolled) == [ev.DiceRolled((0,), (roll,), "portents")]
    assert st(state)[0] == after


def test_scry_keeps_one_spell_for_the_duel_and_goes_into_the_deck():
    covers("scry")
    state = duel([SEER, "The Boy Wizard"], [["scry"], None])
    before = len(state.library[0])
    events = play_round(state, {0: ("scry", 3), 1: None})
    looked = of_type(events, ev.ScryLooked)
    assert looked[0].to == (0,) and len(looked[0].cards) == 3 and looked[1].cards == ()
    assert GAME.view(state, 1).prompt.cards == () and GAME.view(state, 1).prompt.hidden == 3
    kept = looked[0].cards[1]
    GAME.apply(state, KeepSpell(0, kept))
    wizard = state.wizards[0]
    assert kept in wizard.hand and wizard.borrowed == kept and wizard.scry_away
    assert "scry" not in wizard.hand and len(state.library[0]) == before - 1
    # Scry now lies in that deck of spells: one spell out (into the hand), Scry in, as both wizards see it.
    assert GAME.view(state, 0).library_counts[0] == GAME.view(state, 1).library_counts[0] == before
    with pytest.raises(IllegalCommand, match="deck of spells"):
        GAME.apply(state, Play(0, "scry", 2))
    assert GAME.check_state(state) == []


def test_a_countered_scry_stays_in_hand():
    state = duel([SEER, "The Boy Wizard"], [["scry"], None])
    events = play_round(state, {0: ("scry", 2), 1: "counterspell"})
    assert of_type(events, ev.ScryLooked) == [] and "scry" in state.wizards[0].hand


def test_arithmancy_adds_both_dials():
    covers("arithmancy")
    state = duel([SEER, "The Dark Lord"], [["arithmancy"], ["explosion"]])
    events = play_round(state, {0: ("arithmancy", 3), 1: ("explosion", 5)})
    assert lost(events, "arithmancy") == [(1, 4)]
    events = play_round(state, {0: ("arithmancy", 3), 1: "focus"})
    assert lost(events, "arithmancy") == [(1, 2)]


def test_a_turned_back_shock_never_goes_first_of_its_caster():
    """Turned back, every "your opponent" reads as the caster (the supplement's reversal): "your turn comes before
    your opponent's" becomes "before your own", never. Before, Shock P=1 reflected while its caster went first
    cost the caster 2; and under Confusion, with the opponent taking no turn, the caster was counted first
    without the choice the rulebook's Shock Q&A gives (going second costs 1) (a rules audit)."""
    covers("shock")
    state = duel([SEER, "The Dark Lord"], [["shock"], ["reflect"]])
    events = play_round(state, {0: ("shock", 1), 1: ("reflect", 2)})
    assert of_type(events, ev.TurnOrder)[0].order == (0, 1) and of_type(events, ev.Reversed)
    assert lost(events, "shock") == [(0, 1)]
    state = duel([CONFUSER, SEER], [["confusion"], ["shock"]])
    play_round(state, {0: ("confusion", 5), 1: None})
    settle(state)
    events = play_round(state, {0: None, 1: ("shock", 1)})  # the confuser takes no turn: the Shock turns back
    assert of_type(events, ev.Reversed) and lost(events, "shock") == [(1, 1)]
    state = duel([SEER, "The Dark Lord"], [["shock"], None])  # not turned back, the opponent taking no turn: the
    events = play_round(state, {0: ("shock", 1), 1: None})  # caster chooses, and going first (the default) is +1
    assert state.prompt is not None and state.prompt.kind == "shock"
    assert lost(events + settle(state), "shock") == [(1, 2)]


def test_a_turned_back_arithmancy_adds_its_casters_own_dial():
    covers("arithmancy")
    state = duel([SEER, "The Dark Lord"], [["arithmancy"], ["reflect"]])
    events = play_round(state, {0: ("arithmancy", 5), 1: ("reflect", 2)})
    assert of_type(events, ev.Reversed) and lost(events, "arithmancy") == [(0, 5)]  # (5 + 5) / 2, not (5 + 2) / 2


def test_arithmancy_ignores_tongue_ties_extra_and_counts_zero_for_no_turn():
    state = duel([COUNTER, "The Dark Lord"], [["arithmancy", "tongue_tie"], ["explosion"]])
    play_round(state, {0: ("tongue_tie", 3), 1: None})  # seat 1's spells cost 2 more in rounds 2-3
    events = play_round(state, {0: ("arithmancy", 3), 1: ("explosion", 4)})
    assert of_type(events, ev.PowerPaid)[1] == ev.PowerPaid(1, 6, 2, 4)  # 4 + 2 for Tongue Tie
    assert lost(events, "arithmancy") == [(1, 4)]  # ceil((3 + 4) / 2): the dial, not the 6 paid
    events = play_round(state, {0: ("arithmancy", 3), 1: ("explosion", 9)})  # shown at 9: an illegal play
    assert of_type(events, ev.Revealed)[0].plays[1].legal is False
    assert lost(events, "arithmancy") == [(1, 2)]  # no turn counts 0: ceil(3 / 2)


def test_arithmancy_of_a_tongue_tied_caster_counts_only_the_dial():
    state = duel([COUNTER, "The Boy Wizard"], [["arithmancy"], ["tongue_tie", "shock"]])
    play_round(state, {0: None, 1: ("tongue_tie", 2)})  # seat 0's spells cost 2 more in round 2
    events = play_round(state, {0: ("arithmancy", 3), 1: ("shock", 2)})
    assert ev.PowerPaid(0, 5, 2, 5) in events
    assert lost(events, "arithmancy") == [(1, 3)]  # ceil((3 + 2) / 2), not ceil((5 + 2) / 2) = 4


def test_grim_omen_swaps_stamina_and_does_nothing_reflected():
    covers("grim_omen")
    state = duel([SEER, "The Dark Lord"], [["grim_omen"], ["reflect"]])
    tracker(state, 0, 5, 10)
    tracker(state, 1, 18, 10)
    events = play_round(state, {0: ("grim_omen", 7), 1: None})
    assert of_type(events, ev.StaminaSwapped) == [ev.StaminaSwapped(0, 1, (18, 5))]
    tracker(state, 0, 20, 10)
    events = play_round(state, {0: ("grim_omen", 7), 1: ("reflect", 2)})
    assert of_type(events, ev.Fizzled)[0].why == "reversed" and st(state)[0][0] == 20


def test_nevermore_saves_the_ally_and_gives_up_the_casters_duel():
    covers("nevermore")
    state = duel(DUOS, [None, None, ["nevermore"], None])
    tracker(state, 0, 6, 1)
    events = play_round(state, {2: ("nevermore", 5)})
    assert st(state)[0] == (16, 10)
    assert of_type(events, ev.DuelWon) == [ev.DuelWon(3, 2, "forfeit", (0, 1))]


def test_nevermore_cannot_be_played_once_the_allys_duel_is_over():
    state = duel(DUOS, [None, ["share_pain"], ["nevermore"], None])
    tracker(state, 0, 1, 10)
    play_round(state, {1: ("share_pain", 1)})  # seat 0 falls: seat 2's ally is out
    assert not state.wizards[0].dueling and state.wizards[2].dueling
    assert all(c.card != "nevermore" for c in GAME.legal(state, 2) if isinstance(c, Play))
    with pytest.raises(IllegalCommand, match="ally who is still dueling"):
        GAME.apply(state, Play(2, "nevermore", 5))
    events = play_round(state, {2: ("nevermore", 5)})  # shown anyway: an illegal play, a pass
    assert of_type(events, ev.Revealed)[0].plays[0] == ev.Shown(
        2, "nevermore", 5, False, "Nevermore needs an ally who is still dueling."
    )
    assert of_type(events, ev.Forfeited) == [] and state.wizards[2].dueling and state.wizards[2].power == 10


def test_nevermore_does_nothing_and_costs_no_forfeit_when_the_ally_falls_earlier_that_round():
    """Our reading (the rulebook and the card file do not say): with no ally left to reach on its turn, Nevermore
    fizzles like any ally spell, and its forfeit, the price of saving the ally, is not paid."""
    state = duel(DUOS, [None, ["share_pain"], ["nevermore"], None])
    tracker(state, 0, 1, 10)
    events = play_round(state, {1: ("share_pain", 1), 2: ("nevermore", 5)})  # dial 1 goes before dial 5
    assert of_type(events, ev.DuelWon)[0] == ev.DuelWon(1, 0, "stamina", (0, 1))
    assert of_type(events, ev.Fizzled) == [ev.Fizzled(2, "nevermore", -1, 0, "no_target")]
    assert of_type(events, ev.Forfeited) == [] and state.wizards[2].dueling
    assert st(state)[2] == (20, 5)  # its Power stays spent
    assert "nevermore" in state.wizards[2].hand


# --- Jinxes -----------------------------------------------------------------------------------------------------


def test_shock_bonus_when_the_opponent_takes_no_turn_or_goes_later():
    covers("shock")
    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["explosion"]])
    events = play_round(state, {0: ("shock", 1), 1: None})  # no turn for the opponent: the caster goes first
    events += GAME.apply(state, TakePlace(0, 0))  # (or second: see tests/test_thats_wizard_rulebook.py)
    assert lost(events, "shock") == [(1, 2)]
    events = play_round(state, {0: ("shock", 3), 1: ("explosion", 3)})
    assert state.prompt.kind == "tie"  # equal dials: the roll winner chooses
    winner = state.prompt.seat
    GAME.apply(state, TakePlace(winner, 0))
    expected = 4 if winner == 0 else 3
    assert state.wizards[1].stamina == 18 - expected


def test_tongue_tie_taxes_spells_but_not_focus_or_counterspell():
    covers("tongue_tie")
    state = duel(["The Boy Wizard", "The Dark Lord"], [["tongue_tie"], ["explosion"]])
    play_round(state, {0: ("tongue_tie", 2), 1: None})
    tracker(state, 1, 20, 5)
    legal = {(c.card, c.dial) for c in GAME.legal(state, 1) if isinstance(c, Play)}
    assert ("explosion", 3) in legal and ("explosion", 4) not in legal
    assert ("focus", 0) in legal and ("counterspell", 0) in legal
    events = play_round(state, {0: None, 1: "counterspell"})
    assert of_type(events, ev.PowerPaid) == []


def test_ignite_burns_at_the_end_of_next_round():
    covers("ignite")
    state = duel([IGNITER, "The Crone"], [["ignite"], None])
    play_round(state, {0: ("ignite", 3), 1: None})
    assert state.wizards[1].stamina == 20
    events = play_round(state, {0: None, 1: None})
    assert lost(events, "ignite") == [(1, 6)] and lasting_of(state, "ignite") is None


def test_confusion_turns_back_only_spells_at_opponents():
    covers("confusion")
    state = duel([CONFUSER, "The Prodigy"], [["confusion"], ["explosion", "regenerate"]])
    play_round(state, {0: ("confusion", 5), 1: None})
    events = play_round(state, {0: None, 1: ("explosion", 3)})
    assert of_type(events, ev.Reversed) == [ev.Reversed(1, "explosion", "confusion")]
    assert lost(events, "explosion") == [(1, 4)]
    tracker(state, 1, 10, 10)
    play_round(state, {0: None, 1: ("regenerate", 4)})
    assert state.wizards[1].stamina == 12


def test_miasma_tires_both_opponents_each_round():
    covers("miasma")
    state = duel(DUOS, [None, None, ["miasma"], None])
    play_round(state, {2: ("miasma", 2)})
    assert lasting_of(state, "miasma").targets == [3, 1]
    events = play_round(state, {})
    assert lost(events, "miasma") == [(3, 1), (1, 1)]
    events = play_round(state, {})
    assert lost(events, "miasma") == [(3, 1), (1, 1)] and lasting_of(state, "miasma") is None


def test_miasma_with_fear_tires_three_per_tick():
    # The Prophet (seat 2) lays Fear on its opponent (seat 3), then Miasma on both opponents.
    state = duel(DUOS, [None, None, ["fear", "miasma"], None])
    play_round(state, {2: ("fear", 3)})  # active in rounds 2-4, on seat 3 only
    play_round(state, {2: ("miasma", 1)})  # ticks at the end of round 3
    events = play_round(state, {})
    assert lost(events, "miasma") == [(3, 3), (1, 1)]  # 1 + 2 for Fear; seat 1 has none
    assert [e.bonus for e in of_type(events, ev.StaminaLost)] == [2, 0]


def test_miasma_outlives_its_casters_duel_and_leaves_with_the_allys():
    state = duel(DUOS, [["explosion"], None, ["miasma"], ["explosion"]])
    play_round(state, {2: ("miasma", 3)})  # ticks at the end of rounds 2-4
    tracker(state, 2, 1, 10)
    events = play_round(state, {3: ("explosion", 3)})  # seat 2, its caster, falls
    assert of_type(events, ev.DuelWon)[0] == ev.DuelWon(3, 2, "stamina", (0, 1))
    assert lasting_of(state, "miasma") is not None  # seat 0, the caster's ally, still duels seat 1
    assert lost(events, "miasma") == [(1, 1)]  # seat 3's duel is over: only seat 1 tires
    events = play_round(state, {})
    assert lost(events, "miasma") == [(1, 1)] and lasting_of(state, "miasma").tokens == 1
    tracker(state, 1, 3, 10)
    events = play_round(state, {0: ("explosion", 3)})  # the ally's duel ends: Miasma leaves at once
    assert ev.LastingEnded(2, "miasma", (), 3) in events
    assert lost(events, "miasma") == [] and lasting_of(state, "miasma") is None


def test_every_card_has_a_test():
    """Every card id appears in a ``covers(...)`` call of a test of this module."""
    source = Path(__file__).read_text()
    covered = {name for call in re.findall(r"covers\(([^)]*)\)", source) for name in re.findall(r'"(\w+)"', call)}
    missing = set(CARDS) - covered
    assert not missing, f"cards without a test here: {sorted(missing)}"


# The supplement's card table (rules/thats-wizard-cards.md, section 3), row for row: Card | School | Lvl | Duos | P |
# Target | Type | When | Lasts. Lasts is the count of tokens a lasting card gets, "—" for a card that is not lasting.
CARD_TABLE = """
Focus | — | — | no | 0 | self | S | — | —
Counterspell | — | — | no | 0 | opponent's spell | S | — | —
Stun | Charms | 1 | no | 1/2/3 | opponent | Q | — | —
Silence | Charms | 2 | no | 2/3/4 | opponent | L | — | P
Levitate | Charms | 3 | no | 4 | opponent | L | — | 1
Erase Memory | Charms | 4 | no | 7/8/9 | opponent | L | — | P−6
Energize | Charms | 1 | yes | 1/2/3 | ally | Q | — | —
Paralyze | Curses | 1 | no | 3 | opponent | L | — | 1
Explosion | Curses | 2 | no | 3/4/5 | opponent | Q | — | —
Embrace Pain | Curses | 3 | no | 3/4/5 | self | L | — | P−1
Death | Curses | 4 | no | 10 | opponent | Q | — | —
Conflagration | Curses | 4 | yes | 7/8/9 | both opponents | Q | — | —
Regenerate | Transfiguration | 1 | no | 4 | self | L | — | 1
Brittlebones | Transfiguration | 2 | no | 2/3/4 | opponent | L | — | P
Polymorph | Transfiguration | 3 | no | 6 | opponent | Q | — | —
Shrink | Transfiguration | 4 | no | 9 | opponent | Q | — | —
Molten Floor | Transfiguration | 3 | yes | 4/5/6 | both opponents | L | — | P−3
Reflect | Defense | 1 | no | 2 | self | Q | — | —
Disarm | Defense | 2 | no | 2 | opponent | Q | — | —
Dispel | Defense | 3 | no | 3/4/5 | opponent | Q | — | —
Invisibility | Defense | 4 | no | 5/6/7 | self | L | — | P−3
Transference | Defense | 1 | yes | 1/2/3 | ally | Q | — | —
Share Pain | Hexes | 1 | no | 1/2/3 | opponent | Q | — | —
Fear | Hexes | 2 | no | 2/3/4 | opponent | L | — | P
Chaos | Hexes | 3 | no | 4/5/6 | opponent | Q | — | —
Mind Control | Hexes | 4 | no | 8/9/10 | opponent | Q | — | —
Imprison | Hexes | 2 | yes | 3/4/5 | both opponents | L | — | P−2
Portents | Divination | 1 | no | 2/3/4 | self | L | — | P
Scry | Divination | 2 | no | 2/3/4 | self | Q | — | —
Arithmancy | Divination | 3 | no | 3/4/5 | opponent | Q | — | —
Grim Omen | Divination | 4 | no | 7 | opponent | Q | — | —
Nevermore | Divination | 4 | yes | 4/5/6 | ally | Q | — | —
Shock | Jinxes | 1 | no | 1/2/3 | opponent | Q | — | —
Tongue Tie | Jinxes | 2 | no | 2/3/4 | opponent | L | — | P−1
Ignite | Jinxes | 3 | no | 3 | opponent | L | — | 1
Confusion | Jinxes | 4 | no | 5/6/7 | opponent | L | — | P−3
Miasma | Jinxes | 1 | yes | 1/2/3 | both opponents | L | — | P
"""


def test_every_card_has_the_school_level_dials_target_and_tokens_of_the_supplements_table():
    """A dial value, a level or a token count changed in the card list broke no other test (mutation testing)."""
    targets = {"opponent's spell": "spell", "both opponents": "both"}
    kinds = {"S": "special", "Q": "quick", "L": "lasting"}
    rows = [[cell.strip() for cell in line.split("|")] for line in CARD_TABLE.strip().splitlines()]
    by_name = {card.name_en: card for card in CARDS.values()}
    assert sorted(by_name) == sorted(row[0] for row in rows)
    for title, school, level, duos, dials, target, kind, _when, lasts in rows:
        card = by_name[title]
        seen = (card.school or "—", card.level, card.duos, card.dials, card.target, card.kind)
        wanted = (school, int(level) if level != "—" else 0, duos == "yes", tuple(map(int, dials.split("/"))))
        assert seen == (*wanted, targets.get(target, target), kinds[kind]), title
        if lasts == "—":
            assert card.lasts is None, title
        else:
            tokens = [int(lasts) if lasts.isdigit() else dial - int(lasts[2:] or 0) for dial in card.dials]
            assert [card.tokens(dial) for dial in card.dials] == tokens, title
