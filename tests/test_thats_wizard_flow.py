"""The round, the duel and the match: side boards, secret picks, passes, ties and their dice, end-of-round order,
simultaneous falls, best of three, Duos sets, the sudden-death set, and refused commands."""

import copy
import pickle

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.thats_wizard import GAME, rules_text
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.events import (
    ApplyFirst,
    ChoosePairing,
    ChooseSideBoard,
    Pass,
    Play,
    ResolveNext,
    TakeCards,
    TakePlace,
)
from tests.thats_wizard_positions import (
    duel,
    of_type,
    play_round,
    rng_for,
    settle,
    tracker,
)

DUOS = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]
ERASER = ["stun", "silence", "levitate", "erase_memory", "reflect", "shock", "share_pain"]
OMENS = ["shock", "tongue_tie", "ignite", "portents", "reflect", "paralyze", "explosion"]


def refused(state, command, match=""):
    before = pickle.dumps(state)
    with pytest.raises(IllegalCommand, match=match):
        GAME.apply(state, command)
    assert pickle.dumps(state) == before


# --- side boards and the secret pick ------------------------------------------------------------------------


def test_side_boards_are_chosen_secretly_before_every_duel():
    state = GAME.setup(2, GAME.default_options(2), 5)
    assert state.stage == "sideboard" and GAME.to_act(state) == (0, 1)
    assert len(GAME.legal(state, 0)) == 21
    refused(state, ChooseSideBoard(0, ("focus", "death")), "always stays in your hand")
    refused(state, ChooseSideBoard(0, ("shock", "death")), "not in your spellbook")
    refused(state, ChooseSideBoard(0, ("death",)), "exactly 2")
    events = GAME.apply(state, ChooseSideBoard(0, ("portents", "death")))
    assert events[0] == ev.SideBoardChosen(0, ("death", "portents"), to=(0,))
    assert events[1] == ev.SideBoardChosen(0, None, to=(1,))
    assert state.wizards[0].side == ["death", "portents"] and len(state.wizards[0].hand) == 7
    assert GAME.view(state, 1).wizards[0].side_count == 2 and GAME.view(state, 1).side == ()
    assert GAME.to_act(state) == (1,)
    refused(state, ChooseSideBoard(0, ("shock", "explosion")), "side board is chosen")
    GAME.apply(state, ChooseSideBoard(1, ("dispel", "stun")))
    assert state.stage == "choose" and state.round == 1


def test_the_pick_is_secret_until_everyone_is_ready():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], None])
    events = GAME.apply(state, Play(0, "explosion", 4))
    assert events == [ev.Ready(0, "explosion", 4, False, to=(0,)), ev.Ready(0, None, None, False, to=(1,))]
    theirs = GAME.view(state, 1)
    assert theirs.wizards[0].ready and theirs.choice is None and theirs.plays == ()
    assert GAME.view(state, 0).choice == ("explosion", 4, False)
    refused(state, Play(0, "focus", 0), "You are ready")
    events = GAME.apply(state, Pass(1))
    assert of_type(events, ev.Revealed)[0].plays == (
        ev.Shown(0, "explosion", 4, True, ""),
        ev.Shown(1, None, None, False, "pass"),
    )


def test_an_illegal_dial_is_refused_as_a_play_and_accepted_as_a_deliberate_pass():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["shock"]])
    refused(state, Play(0, "explosion", 6), "takes a Spell Power of 3, 4 or 5")
    refused(state, Play(0, "shock", 1), "not in your hand")
    refused(state, Play(0, "paralyze", 3), "side board")
    refused(state, Pass(0, "explosion", 4), "is a legal play")
    refused(state, Pass(0, "explosion", 12), "0 to 10")
    GAME.apply(state, Pass(0, "explosion", 7))
    events = GAME.apply(state, Play(1, "shock", 1))
    shown = of_type(events, ev.Revealed)[0].plays[0]
    assert shown.card == "explosion" and not shown.legal and "3, 4 or 5" in shown.reason
    assert of_type(events, ev.PowerPaid) == [ev.PowerPaid(1, 1, 0, 9)]  # nothing paid for the illegal play
    assert state.wizards[0].power == 10 and "explosion" in state.wizards[0].hand
    assert state.prompt is not None and state.prompt.kind == "shock"  # no turn for the other: first or second?
    events = GAME.apply(state, TakePlace(1, 0))
    assert of_type(events, ev.StaminaLost)[0].amount == 2  # Shock chose to go first: +1


def test_every_card_in_hand_is_offered_as_a_deliberate_illegal_play():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["shock"]])
    legal = GAME.legal(state, 0)
    shown = {command.card: command.dial for command in legal if isinstance(command, Pass) and command.card}
    assert Pass(0) in legal and set(shown) == set(state.wizards[0].hand)
    assert shown["explosion"] == 0  # Explosion takes 3, 4 or 5: 0 is its lowest dial it cannot take
    assert shown["focus"] == shown["counterspell"] == 2  # they take 0; a dial at 1 is a slip (the dial snaps it)
    for card, dial in shown.items():
        assert Play(0, card, dial) not in legal
        GAME.apply(copy.deepcopy(state), Pass(0, card, dial))  # accepted


def test_a_wizard_with_no_legal_play_still_chooses_a_pass_in_secret():
    state = duel([ERASER, "The Dark Lord"], [["erase_memory"], None])
    tracker(state, 1, 20, 0)
    play_round(state, {0: ("erase_memory", 9), 1: None})
    GAME.apply(state, TakeCards(0, ("focus", "counterspell")))
    # No Power, no Focus, no Counterspell: only passes are left, but the wizard still makes the choice, so the
    # opponent cannot tell from an instant "ready" that nothing in that hand is affordable.
    assert state.round == 2 and GAME.to_act(state) == (0, 1)
    assert GAME.legal(state, 1) and all(isinstance(c, Pass) for c in GAME.legal(state, 1))
    assert not GAME.view(state, 0).wizards[1].ready
    events = GAME.apply(state, Pass(1))
    assert ev.Ready(1, None, None, False, to=(0,)) in events  # to the opponent: just "ready"


# --- turn order --------------------------------------------------------------------------------------------------


def test_equal_dials_roll_off_and_the_winner_chooses():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["shock"]])
    state.rng = rng_for([2, 5])  # seat 0 rolls 2, seat 1 rolls 5
    events = play_round(state, {0: ("explosion", 3), 1: ("shock", 3)})
    assert of_type(events, ev.DiceRolled) == [ev.DiceRolled((0, 1), (2, 5), "turn order")]
    assert state.prompt.kind == "tie" and state.prompt.seat == 1
    refused(state, TakePlace(0, 0), "not your move")
    refused(state, TakePlace(1, 2), "first or 1 to go second")
    events = GAME.apply(state, TakePlace(1, 1))
    assert of_type(events, ev.TurnOrder)[0].order == (0, 1)
    shock = [e for e in of_type(events, ev.StaminaLost) if e.source == "shock"][0]
    assert shock.amount == 3  # second: no bonus


def test_rerolls_until_the_tie_is_broken():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], ["shock"]])
    state.rng = rng_for([4, 4, 6, 1])
    events = play_round(state, {0: ("explosion", 3), 1: ("shock", 3)})
    assert [e.values for e in of_type(events, ev.DiceRolled)] == [(4, 4), (6, 1)]
    assert state.prompt.seat == 0


def test_focus_and_counterspell_ties_need_no_roll():
    state = duel(["The Dark Lord", "The Boy Wizard"])
    events = play_round(state, {0: "focus", 1: "counterspell"})
    assert of_type(events, ev.DiceRolled) == []


def test_the_rules_page_says_a_tie_of_focus_and_counterspell_is_not_rolled():
    """What the engine does above (supplement §5.9: their order changes nothing, so no roll) is on the Rules page,
    where the rulebook's "on equal dials, roll" would otherwise have the player wait for dice that never come."""
    round_page = dict(rules_text.sections())["A round"]
    assert "when only Focus and Counterspell are tied, nobody rolls" in round_page


def test_duos_allies_with_the_same_dial_choose_their_own_order():
    state = duel(DUOS, [["explosion"], None, ["share_pain"], None])
    tracker(state, 2, 20, 10)
    play_round(state, {0: ("explosion", 3), 2: ("share_pain", 3)})
    assert state.prompt.kind == "team" and state.prompt.seat == 0
    events = GAME.apply(state, TakePlace(0, 1))
    assert of_type(events, ev.TurnOrder)[0].order == (2, 0)
    assert of_type(events, ev.DiceRolled) == []


def test_duos_either_ally_may_order_their_turns_the_first_answer_decides():
    """The rulebook's Duos: ties within a team are resolved "in any order of their choosing": the team's choice,
    not the lower seat's, so the higher seat (a person beside a bot) may answer it too."""
    state = duel(DUOS, [["explosion"], None, ["share_pain"], None])
    tracker(state, 2, 20, 10)
    play_round(state, {0: ("explosion", 3), 2: ("share_pain", 3)})
    assert GAME.to_act(state) == (0, 2) and GAME.shared_choice(state)
    events = GAME.apply(state, TakePlace(2, 0))
    assert of_type(events, ev.TurnOrder)[0].order == (2, 0)
    assert not GAME.shared_choice(state)


def test_duos_tie_between_teams_then_within_a_team():
    state = duel(DUOS, [["explosion"], ["share_pain"], ["share_pain"], None])
    state.rng = rng_for([6, 2])  # seat 0 for the blue team, seat 1 for the yellow
    play_round(state, {0: ("explosion", 3), 1: ("share_pain", 3), 2: ("share_pain", 3)})
    assert state.prompt.kind == "tie" and state.prompt.seat == 0
    GAME.apply(state, TakePlace(0, 1))  # blue goes after yellow
    assert state.prompt.kind == "team" and state.prompt.seat == 0
    events = GAME.apply(state, TakePlace(0, 0))
    assert of_type(events, ev.TurnOrder)[0].order == (1, 0, 2)


# --- end of round ------------------------------------------------------------------------------------------------


def test_duos_end_of_round_places_are_picked_in_roll_order():
    state = duel(DUOS)
    state.rng = rng_for([6, 5, 4, 3])
    play_round(state, {0: "focus", 1: "focus", 2: "focus", 3: "focus"})
    assert state.prompt.kind == "eor_place" and state.prompt.seat == 0 and state.prompt.values == [0, 1, 2, 3]
    GAME.apply(state, TakePlace(0, 3))
    assert state.prompt.seat == 1 and state.prompt.values == [0, 1, 2]
    GAME.apply(state, TakePlace(1, 0))
    assert state.prompt.seat == 2 and state.prompt.values == [1, 2]
    events = GAME.apply(state, TakePlace(2, 2))
    assert ev.PlaceChosen(3, 1, "eor_place", True) in events
    assert [e.seat for e in of_type(events, ev.Focused)] == [1, 3, 2, 0]


def test_a_wizard_orders_their_own_end_of_round_effects_and_that_can_decide_the_duel():
    state = duel([OMENS, "The Crone"], [["portents", "ignite"], None])
    play_round(state, {0: ("portents", 2), 1: None})
    play_round(state, {0: ("ignite", 3), 1: None})
    tracker(state, 0, 2, 10)
    tracker(state, 1, 6, 10)
    state.rng = rng_for([1])  # Portents would deal 2 Fatigue
    play_round(state, {0: None, 1: None})
    assert state.prompt.kind == "eor_next" and state.prompt.cards == ["ignite", "portents"]
    refused(state, ResolveNext(0, "focus"), "not one of your end-of-round effects")
    refused(state, TakePlace(0, 0), "which of your end-of-round effects happens next")  # a command of another kind
    events = GAME.apply(state, ResolveNext(0, "ignite"))
    assert of_type(events, ev.DuelWon)[0] == ev.DuelWon(0, 1, "stamina", (1, 0))
    assert not of_type(events, ev.DiceRolled)  # Portents never came


# --- falls at the same moment -------------------------------------------------------------------------------


def test_both_counterspells_would_finish_both_wizards_the_roll_winner_chooses():
    state = duel(["The Dark Lord", "The Boy Wizard"])
    tracker(state, 0, 1, 10)
    tracker(state, 1, 1, 10)
    state.rng = rng_for([3, 5])
    events = play_round(state, {0: "counterspell", 1: "counterspell"})
    assert of_type(events, ev.DiceRolled) == [ev.DiceRolled((0, 1), (3, 5), "who falls first")]
    assert state.prompt.kind == "lethal" and state.prompt.seat == 1
    events = GAME.apply(state, ApplyFirst(1, 0))
    assert of_type(events, ev.DuelWon)[0].winner == 1
    assert state.tokens == [0, 1]


# --- duels and the match ------------------------------------------------------------------------------------------


def finish_duel(state, loser):
    """The loser's opponent ends their duel at once (a Disarm-free way: the loser's Stamina is 1)."""
    state.wizards[loser].stamina = 1
    other = state.opponent(loser)
    spells = [c for c in GAME.legal(state, other) if isinstance(c, Play) and c.card in ("explosion", "share_pain")]
    picks = {seat: None for seat in GAME.to_act(state)}
    picks[other] = (spells[0].card, spells[0].dial)
    events = play_round(state, picks)
    if state.prompt is not None and state.prompt.kind != "pairing":
        events += settle(state)
    return events


def test_best_of_three_and_fresh_duels():
    state = duel(["The Dark Lord", "The Crone"], [["explosion", "share_pain"], ["share_pain"]])
    play_round(state, {0: ("explosion", 5), 1: None})
    finish_duel(state, 1)
    assert state.tokens == [1, 0] and state.duel == 2 and state.stage == "sideboard"
    for wizard in state.wizards:
        assert (wizard.stamina, wizard.power, wizard.streak) == (20, 10, 0)
        assert len(wizard.hand) == 9 and wizard.side == [] and wizard.dueling
    assert state.lasting == [] and state.round == 0
    GAME.apply(state, ChooseSideBoard(0, ("paralyze", "death")))
    GAME.apply(state, ChooseSideBoard(1, ("stun", "silence")))
    finish_duel(state, 0)
    assert state.tokens == [1, 1] and state.duel == 3
    GAME.apply(state, ChooseSideBoard(0, ("paralyze", "death")))
    GAME.apply(state, ChooseSideBoard(1, ("stun", "silence")))
    events = finish_duel(state, 1)
    result = GAME.result(state)
    assert result.winners == (0,) and result.scores == (2, 1)
    assert of_type(events, ev.MatchWon) == [ev.MatchWon(0, (0,), (2, 1))]
    assert GAME.to_act(state) == () and GAME.view(state, 1).books[0] == tuple(PREMADE["The Dark Lord"])


def test_duos_sets_swap_opponents_and_a_sudden_death_set_ends_at_three():
    state = duel(DUOS, [["explosion"], ["share_pain"], ["share_pain"], ["explosion"]])
    finish_duel(state, 1)  # blue seat 0 beats seat 1
    assert state.stage == "choose" and not state.wizards[0].dueling and state.wizards[2].dueling
    assert GAME.to_act(state) == (2, 3)
    finish_duel(state, 2)  # yellow seat 3 beats seat 2
    assert state.tokens == [1, 1] and state.duel == 2 and state.pairs == [[0, 3], [2, 1]]
    keep = {0: "explosion", 1: "share_pain", 2: "share_pain", 3: "explosion"}
    for seat in range(4):
        GAME.apply(state, ChooseSideBoard(seat, tuple(c for c in state.books[seat] if c != keep[seat])[:2]))
    finish_duel(state, 0)
    finish_duel(state, 1)
    assert state.tokens == [2, 2]
    assert state.stage == "pairing" and state.prompt.kind == "pairing"
    roll = of_type(GAME.apply(state, ChoosePairing(state.prompt.seat, 1)), ev.DuelBegan)[0]
    assert roll.sudden_death and state.pairs == [[0, 1], [2, 3]]
    for seat in range(4):
        GAME.apply(state, ChooseSideBoard(seat, tuple(c for c in state.books[seat] if c != keep[seat])[:2]))
    state.wizards[1].stamina = 1
    events = play_round(state, {0: ("explosion", 3)})
    assert of_type(events, ev.MatchWon)[0].team == 0 and state.tokens == [3, 2]
    assert state.wizards[2].dueling  # the other duel did not matter


def test_a_finished_duel_takes_its_lasting_spells_but_cross_duel_ones_stay():
    state = duel(DUOS, [["explosion"], ["silence", "imprison"], None, None])
    play_round(state, {1: ("silence", 2)})
    tracker(state, 1, 20, 10)
    play_round(state, {1: ("imprison", 5)})
    assert {i.card for i in state.lasting} == {"silence", "imprison"}
    finish_duel(state, 1)
    assert [i.card for i in state.lasting] == ["imprison"]
    assert state.lasting[0].targets == [0, 2]


# --- refusals ------------------------------------------------------------------------------------------------


def test_commands_at_the_wrong_time_are_refused_and_change_nothing():
    state = duel(["The Dark Lord", "The Boy Wizard"])
    refused(state, TakePlace(0, 0), "choose a card")
    refused(state, ChooseSideBoard(0, ("paralyze", "death")), "choose a card")
    refused(state, Play(5, "focus", 0), "no such seat")
    refused(state, Play(0, "nonsense", 1), "no such card")
    state.paralyzed = [1]
    refused(state, Play(1, "focus", 0), "paralyzed")


def test_setup_refuses_bad_options():
    assert GAME.check_options(3, {"books": []}).startswith("That's Wizard! is played")
    assert "give each" in GAME.check_options(2, {"books": [list(PREMADE["The Crone"])]})
    bad = ["death", "explosion", "paralyze", "reflect", "shock", "stun", "share_pain"]
    problem = GAME.check_options(2, {"books": [bad, list(PREMADE["The Crone"])]})
    assert "seat 1's spellbook is not legal" in problem and "level 3" in problem
    same = {"books": [list(PREMADE["The Crone"]), PREMADE["The Dark Lord"], list(PREMADE["The Crone"]), []]}
    same["books"][1] = list(PREMADE["The Constable"])
    same["books"][3] = list(PREMADE["The Rogue"])
    assert "share one deck" in GAME.check_options(4, same)
    with pytest.raises(ValueError):
        GAME.setup(2, {"books": [bad, bad]}, 1)


def test_undo_never_crosses_the_reveal():
    from tabletop.core import Match, SeatInfo

    match = Match(GAME, [SeatInfo("A"), SeatInfo("B")], GAME.default_options(2), 3)
    match.apply(ChooseSideBoard(0, ("paralyze", "death")))
    assert match.can_undo(0)
    match.apply(ChooseSideBoard(1, ("stun", "dispel")))
    match.apply(Play(0, "focus", 0))
    assert match.can_undo(0)
    match.undo(0)
    assert GAME.to_act(match.state) == (0, 1)
    match.apply(Play(0, "explosion", 3))
    match.apply(Play(1, "focus", 0))
    assert not match.can_undo(1)  # the reveal happened
