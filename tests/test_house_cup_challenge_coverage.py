"""House Cup Challenge: the rule paths and refusals that no other test reached (a branch-coverage audit).

The whole suite was run under branch coverage; each rule line of ``tabletop/games/house_cup_challenge`` it never
ran was looked up in the rulebook (seed 002 and rules/house-cup-challenge.md). These tests drive the ones that are
rules, or a refusal of a command against a rule, through the protocol: playing onto your own space that holds a
card, a bonus Special Card that cannot help the Test, the end-of-year feast at the maximum of 10, Harry's bypass
of a card he passes anyway, a game that ends in a shared win (its log line), Expelliarmus's log line, and the
supplement's "Forest" group word; and the bot's answer to the choices after a failed encounter.
"""

import pytest

from tabletop.bots import make_bot
from tabletop.core import IllegalCommand
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import cells_named
from tabletop.games.house_cup_challenge.events import (
    Boost,
    Decline,
    Feast,
    Move,
    PlayHere,
    PlayThere,
    UseFree,
    UseSpecial,
)
from tests.house_cup_challenge_positions import position
from tests.test_house_cup_challenge_flow import pass_round_actions, year_end_position

HARRY, HERMIONE, RON, NEVILLE = 0, 1, 2, 3


def refused(state, command, match):
    before = to_json(state)
    with pytest.raises(IllegalCommand, match=match):
        GAME.apply(state, command)
    assert to_json(state) == before
    assert command not in GAME.legal(state, command.seat)


def test_a_card_is_never_played_onto_a_space_that_holds_one_even_your_own():
    # Harry stands on Peeves (he walked past it); Filch and Mrs Norris may be played in any Corridor, but not
    # onto his own space while Peeves lies there, nor "there" onto his own space, nor onto a space it does not name.
    state = position(cells=["B6", "H7", "H7", "H7"], hands=[["Y1-25", "Y1-01"], [], [], []], board={"B6": "Y1-24"})
    refused(state, PlayHere(HARRY, "Y1-25"), "already holds")
    refused(state, PlayThere(HARRY, "Y1-25", "B6"), "your own space")
    refused(state, PlayThere(HARRY, "Y1-01", "C4"), "cannot be played on Corridor C4")  # Great Hall only
    refused(state, PlayThere(HARRY, "Y1-25", "Z9"), "no space")
    assert PlayThere(HARRY, "Y1-25", "C4") in GAME.legal(state, HARRY)


def test_harry_and_the_cloak_walk_past_only_a_card_the_character_cannot_pass():
    # Peeves (S1 / H1): Harry passes its Test, so he walks past it freely, not by his once-a-round ability.
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B6": "Y1-24"})
    refused(state, Move(HARRY, ("B5", "B6", "C6"), ("harry",)), "walk past it freely")
    assert Move(HARRY, ("B5", "B6", "C6"), ("able",)) in GAME.legal(state, HARRY)
    # Without a face-up Invisibility Cloak there is no Cloak to walk past with.
    state = position(cells=["H7", "A5", "H7", "H7"], board={"B5": "Y3-04"}, actor=HERMIONE)
    refused(state, Move(HERMIONE, ("B5", "B4"), ("cloak",)), "no face-up Invisibility Cloak")


def test_a_bonus_special_helps_only_a_test_naming_its_ability_and_only_fawkes_or_expelliarmus_are_declined():
    # The Basilisk (S4 + H4) against Hermione: the Remembrall (+2 Knowledge) cannot help; the Sword can.
    state = position(
        cells=["H7", "D7", "H7", "H7"],
        hands=[[], ["Y1-01"], [], []],
        board={"E7": "Y2-16"},
        specials=[[], ["remembrall", "sword", "cloak"], [], []],
        actor=HERMIONE,
    )
    GAME.apply(state, Move(HERMIONE, ("E7",)))
    assert state.tasks[-1].phase == "boost"
    assert Boost(HERMIONE, "sword", "H") in GAME.legal(state, HERMIONE)
    refused(state, Boost(HERMIONE, "remembrall", "K"), "cannot help with this Test")
    refused(state, Decline(HERMIONE), "boost it, or check")  # nothing to decline while boosting
    # A face-down [Free] card comes back at the next Wand or New Year: not usable as an action either.
    state = position(specials=[[], [], [], []])
    state.special_deck.remove("cloak")
    state.players[HARRY].specials_down.append("cloak")
    refused(state, UseSpecial(HARRY, "cloak"), "or a New Year begins")
    refused(state, UseSpecial(HARRY, "no-such-card"), "no such Special Card")


def test_accio_takes_only_a_face_up_card():
    state = position(cells=["A5", "H7", "H7", "H7"], specials=[["accio"], [], [], []], board={"C4": "Y1-24"})
    refused(state, UseSpecial(HARRY, "accio", cell="B5"), "face-up Adventure Card")


def test_the_feast_raises_an_ability_below_ten_only():
    # The supplement, New Year step 3: "every player raises one ability of their choice by 1 (maximum 10)".
    state = year_end_position()
    state.players[HARRY].abilities["K"] = 10
    GAME.apply(state, PlayHere(HARRY, "Y1-01"))  # Gryffindor reaches 100
    pass_round_actions(state)
    assert state.tasks[-1].kind == "feast" and GAME.to_act(state) == (HARRY,)
    assert GAME.legal(state, HARRY) == [Feast(HARRY, "S"), Feast(HARRY, "H")]
    refused(state, Feast(HARRY, "K"), "already 10")
    refused(state, Feast(HARRY, "X"), "Knowledge")
    GAME.apply(state, Feast(HARRY, "S"))
    assert state.players[HARRY].abilities["K"] == 10


def test_a_tie_that_no_tie_break_settles_is_a_shared_win_and_the_log_says_so():
    # A stalemate ends Year 5 with nobody's VP, no completed card and equal abilities: all four share the win.
    state = position(cells=["H7"] * 4, abilities=[(2, 2, 2)] * 4)
    for year in (2, 3, 4, 5):
        state.draw.extend(state.year_decks.pop(year))
    state.year, state.track, state.stalemate_points = 5, 400, 400
    state.dry_rounds = 2
    events = pass_round_actions(state)
    assert state.over and GAME.result(state).winners == (0, 1, 2, 3)
    ended = [e for e in events if isinstance(e, ev.GameEnded)]
    assert len(ended) == 1 and "share the win" in GAME.describe(ended[0], ["Ada", "Ben", "Cy", "Di"])


def test_expelliarmus_is_told_as_cancelling_the_setback():
    state = position(
        cells=["H7", "D7", "H7", "H7"],
        hands=[[], ["Y1-01"], [], []],
        board={"E7": "Y2-16"},
        specials=[[], ["expelliarmus"], [], []],
        actor=HERMIONE,
    )
    GAME.apply(state, Move(HERMIONE, ("E7",)))
    GAME.apply(state, ev.Check(HERMIONE))
    events = GAME.apply(state, UseFree(HERMIONE, "expelliarmus"))
    failed = [e for e in events if isinstance(e, ev.EncounterFailed)]
    assert failed == [ev.EncounterFailed(HERMIONE, "Y2-16", True)]
    assert "Expelliarmus cancels the setback" in GAME.describe(failed[0], ["Ada", "Ben", "Cy", "Di"])


def test_the_group_words_after_play_stand_for_the_supplements_spaces():
    # "Forest = any of A1-D1. Corridor = any of the 11 unnamed cells" (no card names the Forest today).
    assert cells_named("Forest") == ("A1", "B1", "C1", "D1")
    assert sorted(cells_named("Corridor")) == sorted(["A4", "C4", "D4", "E4", "F4", "G4", "H4", "B6", "D6", "E6", "G6"])
    assert cells_named("Hospital Wing") == ("F3",)


def test_setup_refuses_options_the_rules_do_not_allow():
    with pytest.raises(ValueError, match="different character"):
        GAME.setup(4, {"characters": ["harry", "harry", "ron", "neville"]}, 1)


def test_the_bot_answers_fawkes_expelliarmus_the_setbacks_discard_and_the_retreat_with_a_legal_choice():
    # No bot game of the suite ever failed an encounter with these choices open: the bot's answers, built here.
    bot = make_bot(GAME, "greedy")

    def choice(state, seat):
        command = bot.choose(GAME.view(state, seat), Rng(1))
        assert command in GAME.legal(state, seat)
        return command

    def failed(special, card, cell, came_from, abilities, hand=()):
        state = position(
            cells=["H7", came_from, "H7", "H7"],
            abilities=[[1, 1, 1], abilities, [1, 1, 1], [1, 1, 1]],
            hands=[[], list(hand), [], []],
            board={cell: card},
            specials=[[], [special] if special else [], [], []],
            actor=HERMIONE,
        )
        GAME.apply(state, Move(HERMIONE, (cell,)))
        return state

    # Rogue Bludger (S4): Fawkes's +2 makes S2 a pass, not S1.
    assert choice(failed("fawkes", "Y2-05", "G1", "F1", [1, 2, 1]), HERMIONE) == UseFree(HERMIONE, "fawkes")
    assert choice(failed("fawkes", "Y2-05", "G1", "F1", [1, 1, 1]), HERMIONE) == Decline(HERMIONE)
    assert choice(failed("expelliarmus", "Y2-05", "G1", "F1", [1, 1, 1]), HERMIONE) == UseFree(HERMIONE, "expelliarmus")
    # Dementors at the Lake (H5) with two cards in hand: checked without a boost, one card goes.
    state = failed(None, "Y3-14", "B2", "B3", [1, 1, 1], hand=["Y1-01", "Y5-06"])
    GAME.apply(state, ev.Check(HERMIONE))
    assert state.tasks[-1].phase == "discard" and isinstance(choice(state, HERMIONE), ev.Discard)
    # Fluffy played onto Hermione, failed: she steps to a free neighbouring space of her choice.
    state = position(
        cells=["A5", "C6", "H7", "H7"], hands=[["Y1-06"], ["Y1-01", "Y1-02"], [], []], board={"B6": "Y1-25"}
    )
    GAME.apply(state, PlayThere(HARRY, "Y1-06", "C6"))
    GAME.apply(state, ev.Check(HERMIONE))
    GAME.apply(state, ev.Discard(HERMIONE, "Y1-01"))
    assert state.tasks[-1].phase == "retreat" and isinstance(choice(state, HERMIONE), ev.Retreat)
