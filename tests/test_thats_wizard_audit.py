"""Findings of a rules audit of That's Wizard!, each driven through the protocol."""

from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.text import describe
from tests.thats_wizard_positions import duel, of_type, play_round, rng_for, tracker

NAMES = ["Morgana", "Merlin"]


def test_a_turned_back_spell_is_read_aloud_as_it_resolves_on_its_caster_alone():
    """Chaos turned back hurts its caster once even on a 1 (the rulebook's Q&A: "You alone will take the Damage"),
    and Share Pain's bonus compares the caster with themself: the log read them as hurting the caster twice on a 1
    and as a bonus "if Morgana has less Stamina" than Morgana."""
    state = duel(["The Crone", "The Dark Lord"], [["chaos", "share_pain"], ["reflect"]])
    tracker(state, 0, 8, 6)
    state.rng = rng_for([1])
    events = play_round(state, {0: ("chaos", 5), 1: ("reflect", 2)})
    [read] = [event for event in of_type(events, ev.SpellRead) if event.card == "chaos"]
    assert describe(read, NAMES) == "Morgana casts Chaos at 5: roll a die: 5 to 7 Damage to Morgana, turned back."
    assert [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost)] == [(0, 5)]  # once, as read

    tracker(state, 0, 3, 6)  # less Stamina than Merlin's 20: the bonus would come, were it not turned back
    events = play_round(state, {0: ("share_pain", 1), 1: ("reflect", 2)})
    [read] = [event for event in of_type(events, ev.SpellRead) if event.card == "share_pain"]
    assert describe(read, NAMES) == "Morgana casts Share Pain at 1: 1 Fatigue to Morgana, turned back."
    assert [(e.seat, e.amount) for e in of_type(events, ev.StaminaLost)] == [(0, 1)]
