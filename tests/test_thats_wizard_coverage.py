"""Rule paths of That's Wizard! that no other test reached, found by branch coverage of the whole suite.

Each test builds its position through the protocol (``thats_wizard_positions``) and checks what the rulebook and
the card supplement (/work/shared/rules/thats-wizard-cards.md) say happens there:

- Erase Memory on a hand of only two cards takes both, with no choice to offer (the supplement: "take 2 cards of
  your choice ... all of them if they hold fewer than 2"), and they come back when it leaves play;
- in Duos, an Erase Memory whose caster falls later in the round it was cast leaves with the duel: it and the
  cards it took go back (supplement §5.12: "your other lasting cards leave with your duel");
- four Counterspells in Duos that would fell all four wizards: one roll, and its winner orders every fall, duel
  by duel (§5.10), then the match goes to the sudden-death set, whose pairing is the roll winner's choice;
- a few malformed options and commands are refused (one of each kind the suite did not try).
"""

import pickle

import pytest

from tabletop.core import IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.bots import GIVE_UP, GreedyBot
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.events import (
    ApplyFirst,
    ChoosePairing,
    ChooseSideBoard,
    Concede,
    OfferDraw,
    Pass,
    Play,
    TakeCards,
)
from tabletop.games.thats_wizard.rules import suggestion
from tabletop.games.thats_wizard.text import describe
from tests.thats_wizard_positions import duel, of_type, play_round, rng_for, tracker

ERASER = ["stun", "silence", "levitate", "erase_memory", "reflect", "shock", "share_pain"]
# Four spells that stay in play for up to four rounds, so that most of a hand can lie on the table at once.
HOARDER = ["stun", "silence", "share_pain", "fear", "portents", "regenerate", "brittlebones"]
CURSER = ["paralyze", "explosion", "embrace_pain", "death", "regenerate", "brittlebones", "polymorph"]
NAMES = ["Ann", "Bob", "Cy", "Di"]
BOT = GreedyBot()


def refused(state, command, match=""):
    before = pickle.dumps(state)
    with pytest.raises(IllegalCommand, match=match):
        GAME.apply(state, command)
    assert pickle.dumps(state) == before


def lines(events):
    return [describe(event, NAMES) for event in events]


def test_erase_memory_on_a_hand_of_two_takes_both_without_a_choice_and_gives_them_back():
    state = duel([ERASER, HOARDER], [["erase_memory"], ["silence", "fear", "portents", "brittlebones", "share_pain"]])
    for card in ("silence", "fear", "portents", "brittlebones"):  # four lasting spells, four tokens each
        tracker(state, 1, 20, 10)
        play_round(state, {0: None, 1: (card, 4)})
    assert {item.card for item in state.lasting} == {"silence", "fear", "portents", "brittlebones"}
    held = sorted(state.wizards[1].hand)
    assert held == ["counterspell", "focus", "share_pain"]
    tracker(state, 0, 20, 10)
    events = play_round(state, {0: ("erase_memory", 7), 1: ("share_pain", 1)})  # leaving Focus and Counterspell
    assert state.prompt is None and state.round == 6  # nothing to choose: the round went on to its end
    taken = of_type(events, ev.CardsTaken)
    assert len(taken) == 1 and sorted(taken[0].cards) == ["counterspell", "focus"]
    seen = of_type(events, ev.HandSeen)
    assert len(seen) == 1 and seen[0].to == (0,) and sorted(seen[0].cards) == ["counterspell", "focus"]
    log = lines(events)
    assert any(line.startswith("Ann looks at Bob's hand:") for line in log)
    assert any(line.startswith("Erase Memory: Ann takes") for line in log)
    assert "counterspell" not in state.wizards[1].hand and "focus" not in state.wizards[1].hand
    plays = [command for command in GAME.legal(state, 1) if isinstance(command, Play)]
    assert {command.card for command in plays} == {"share_pain", "silence"}  # back in hand; not the cards taken
    events = play_round(state, {0: None, 1: None})  # Erase Memory (P 7: one token) leaves in this clean-up
    ended = [event for event in of_type(events, ev.LastingEnded) if event.card == "erase_memory"]
    assert len(ended) == 1 and sorted(ended[0].returned) == ["counterspell", "focus"] and ended[0].target == 1
    assert any("go back to Bob's hand" in line for line in lines(ended))
    assert {"counterspell", "focus"} <= set(state.wizards[1].hand) and "erase_memory" in state.wizards[0].hand


def test_duos_erase_memory_leaves_with_its_casters_duel_and_the_cards_go_back():
    state = duel([ERASER, "The Crone", CURSER, "The Prodigy"], [["erase_memory"], ["silence"], None, None])
    play_round(state, {1: ("silence", 2)})  # Silence on seat 1's opponent, seat 0, from round 2
    tracker(state, 0, 2, 10)  # Silence's 2 Fatigue after the next spell seat 0 casts will fell them
    play_round(state, {0: ("erase_memory", 7), 1: "focus", 2: None, 3: None})
    assert state.prompt is not None and state.prompt.kind == "erase" and state.prompt.seat == 0
    assert suggestion(state, 0) is None  # the rules give no default for the caster's pick
    assert suggestion(state, 1) is None  # nor for a seat that is not asked
    events = GAME.apply(state, TakeCards(0, ("stun", "counterspell")))
    assert of_type(events, ev.DuelWon) == [ev.DuelWon(1, 0, "stamina", (0, 1))]
    # Erase Memory is no cross-duel spell: it leaves with its caster's duel, and the cards it took go back.
    assert not of_type(events, ev.LastingPlaced) and state.lasting == []
    assert "erase_memory" in state.wizards[0].hand
    assert {"stun", "counterspell"} <= set(state.wizards[1].hand)
    assert state.stage == "choose" and GAME.to_act(state) == (2, 3)


def finish_duel(state, loser):
    """The loser's opponent fells them at once with an Explosion (the loser's Stamina is 1)."""
    state.wizards[loser].stamina = 1
    other = state.opponent(loser)
    picks = {seat: None for seat in GAME.to_act(state)}
    picks[other] = ("explosion", 3)
    play_round(state, picks)


def test_four_counterspells_felling_everyone_one_roll_orders_every_fall_then_sudden_death():
    duos = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]
    state = duel(duos, [["explosion"], None, None, ["explosion"]])
    finish_duel(state, 1)  # blue seat 0 beats seat 1
    finish_duel(state, 2)  # yellow seat 3 beats seat 2
    assert state.tokens == [1, 1] and state.duel == 2 and state.pairs == [[0, 3], [2, 1]]
    for seat in range(4):
        GAME.apply(state, ChooseSideBoard(seat, tuple(state.books[seat][:2])))
    for seat in range(4):
        tracker(state, seat, 1, 10)
    state.rng = rng_for([2, 6, 3, 1])  # seats 0..3 roll: seat 1 wins
    events = play_round(state, dict.fromkeys(range(4), "counterspell"))
    assert [e for e in of_type(events, ev.DiceRolled) if e.reason == "who falls first"] == [
        ev.DiceRolled((0, 1, 2, 3), (2, 6, 3, 1), "who falls first")
    ]
    assert state.prompt is not None and state.prompt.kind == "lethal" and state.prompt.seat == 1
    assert GAME.legal(state, 1) == [ApplyFirst(1, seat) for seat in range(4)]
    events = GAME.apply(state, ApplyFirst(1, 2))  # seat 2 falls first: seat 1 wins that duel
    assert of_type(events, ev.DuelWon) == [ev.DuelWon(1, 2, "stamina", (1, 2))]
    # The other duel's two falls: the same roll winner orders them, with no new roll.
    assert not of_type(events, ev.DiceRolled)
    assert state.prompt is not None and state.prompt.kind == "lethal" and state.prompt.seat == 1
    assert GAME.legal(state, 1) == [ApplyFirst(1, 0), ApplyFirst(1, 3)]
    events = GAME.apply(state, ApplyFirst(1, 3))  # seat 3 falls: seat 0 wins, 2-2
    assert of_type(events, ev.DuelWon) == [ev.DuelWon(0, 3, "stamina", (2, 2))]
    assert [w.stamina for w in state.wizards] == [1, 1, 0, 0]  # only the first fall of each duel happened
    assert state.stage == "pairing" and state.prompt is not None and state.prompt.kind == "pairing"
    chooser = state.prompt.seat
    refused(state, ChoosePairing(chooser, 2), "Seat 1 faces seat 2 or seat 4")
    GAME.apply(state, ChoosePairing(chooser, 3))
    assert state.pairs == [[0, 3], [2, 1]] and state.stage == "sideboard"


def test_malformed_books_and_dials_are_refused():
    crone = list(PREMADE["The Crone"])
    assert GAME.check_options(2, {"books": [crone, [*crone[:6], 7]]}) == "seat 2's spellbook must be a list of spells"
    assert GAME.check_options(2, {"books": [crone, "The Crone"]}) == "seat 2's spellbook must be a list of spells"
    state = duel(["The Dark Lord", "The Crone"])
    refused(state, Play(0, "focus", True), "malformed move: 'dial' must be a whole number")
    # The rules' own check, behind the protocol's (the search bots call ``play`` without it).
    with pytest.raises(IllegalCommand, match="a whole number on the dial"):
        GAME.play(state, Play(0, "explosion", "3"))


def test_a_bot_that_can_still_hurt_gives_up_a_long_stalled_duel_only_when_behind():
    """Not a rulebook rule but the app's (bots.py): after 2 x GIVE_UP quiet rounds a bot behind on Stamina
    concedes; the one ahead plays on."""
    state = duel(["The Dark Lord", "The Crone"], [["explosion"], ["share_pain"]])
    tracker(state, 0, 15, 10)
    for _ in range(2 * GIVE_UP):
        for seat in GAME.to_act(state):
            GAME.apply(state, Pass(seat))
    assert GAME.view(state, 0).quiet(0) == 2 * GIVE_UP
    assert BOT.choose(GAME.view(state, 0), Rng(1)) == Concede(0)
    assert BOT.choose(GAME.view(state, 1), Rng(1)) not in (Concede(1), OfferDraw(1))


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (ev.Reversed(0, "explosion", "confusion"), "Ann is confused: their Explosion turns back on them."),
        (ev.StaminaSwapped(0, 1, (6, 14)), "Grim Omen: Ann and Bob swap Stamina (Ann 6, Bob 14)."),
        (ev.TokenRemoved(1, "silence", 2, 0), "Ann's Dispel removes a token from Bob's Silence (2 left)."),
        (ev.Focused(1, 1, "levitate"), "Levitate: Bob's Focus gives no Power (1)."),
        (ev.Focused(1, 3, "imprison"), "Imprison: Bob's Focus gives no Power (3)."),
        (
            ev.Revealed((ev.Shown(0, "death", 11, False, "pass"),)),
            "Revealed: Ann Death at 11 (illegal, skipped: pass).",
        ),
    ],
)
def test_rule_events_no_other_test_describes_read_as_they_should(event, line):
    assert describe(event, NAMES) == line
