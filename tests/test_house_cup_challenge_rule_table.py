"""House Cup Challenge: rules of the rulebook fragment (seed 002) and its supplement that the rule-by-rule audit
found pinned only by the random games of the independent models, each now reached directly through the protocol.
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.events import Move, Pass, PlayHere
from tabletop.games.house_cup_challenge.state import ChallengeState
from tests.house_cup_challenge_positions import position

HARRY, HERMIONE = 0, 1


def finish_round(state: ChallengeState) -> list[Event]:
    """Everyone passes what is left of steps 1-3 (keeping any Wand Bonus Token); every later choice takes the first
    legal command, until the next round's step 1 (or the end)."""
    events: list[Event] = []
    start = state.round
    while not state.over and (state.round == start or state.step != 1 or state.tasks[-1].kind != "action"):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        keep = ev.WandBonus(seat, False)
        command = Pass(seat) if Pass(seat) in legal else keep if keep in legal else legal[0]
        events += GAME.apply(state, command)
    return events


def stalemates(events: list[Event]) -> list[ev.Stalemate]:
    return [e for e in events if isinstance(e, ev.Stalemate)]


def test_a_round_with_vp_starts_the_three_rounds_without_vp_again():
    """Supplement, Stalemate: "look at this round and the two rounds before it. If no player gained VP in any of
    those three rounds, the term ends." Two dry rounds, then Harry completes a card: no stalemate; the count
    starts again, so the stalemate comes only after three more dry rounds."""
    state = position(cells=["C3", "H7", "H7", "H7"], hands=[["Y1-01"], [], [], []])
    state.dry_rounds = 2  # rounds 1 and 2 (as far as this test is concerned) went by without VP
    events = GAME.apply(state, PlayHere(HARRY, "Y1-01"))  # the Sorting Ceremony: H1, Harry has H2; 4 VP
    assert state.players[HARRY].vp == 4
    events += finish_round(state)
    assert not stalemates(events) and state.track == 4 and state.year == 1
    for _dry in range(2):
        assert not stalemates(finish_round(state))
    assert state.track == 4
    events = finish_round(state)
    assert [(e.year, e.points, e.track) for e in stalemates(events)] == [(1, 96, 100)]
    assert state.year == 2 and all(p.vp == (4 if seat == HARRY else 0) for seat, p in enumerate(state.players))


def test_after_a_stalemate_the_next_comes_three_rounds_later_at_the_earliest():
    """Supplement, Stalemate: "Rounds played before the last stalemate do not count, so this can happen at the
    earliest in round 3, and then only every third round.\""""
    state = position(cells=["H7", "H7", "H7", "H7"])
    state.dry_rounds = 2
    assert [(e.year, e.track) for e in stalemates(finish_round(state))] == [(1, 100)]
    assert state.year == 2
    for _dry in range(2):
        assert not stalemates(finish_round(state))
    assert [(e.year, e.points, e.track) for e in stalemates(finish_round(state))] == [(2, 100, 200)]
    assert state.year == 3 and state.stalemate_points == 200


def test_the_wand_bonus_token_stays_face_down_through_a_new_year_while_free_specials_come_back():
    """Supplement, Wand Bonus Token: "It comes back face up when you next receive the Wand"; New Year step 5 turns
    the used Special Cards face up (the app: the [Free] ones). The token is no Special Card: a New Year leaves it
    face down, and with 2 players the Wand goes from Harry to Ron, so Harry's token is still down after the round."""
    state = position(characters=("harry", "ron"), cells=["H7", "H7"], specials=[["cloak"], []])
    harry = state.players[HARRY]
    harry.specials_down.append(harry.specials_up.pop())  # the Cloak was used
    harry.wand_token = "down"  # and the token
    state.dry_rounds = 2  # this round's step 4 ends the term: the New Year for 100 follows
    events = finish_round(state)
    assert any(isinstance(e, ev.NewYear) for e in events) and state.year == 2
    assert state.wand == 1
    assert harry.specials_up == ["cloak"] and harry.specials_down == []
    assert harry.wand_token == "down"


def test_a_standard_setback_back_onto_a_card_walked_past_starts_no_encounter():
    """Supplement, Failure b) "go back to the space you entered from" and "Being placed by a setback never triggers
    an encounter, even if the space you land on ... holds a face-up card." Hermione walks past Mrs Norris (K2, she
    has K3) into Fluffy (S3 / H3, she has S1 H1), fails, and is put back on Mrs Norris's space with no encounter."""
    state = position(
        cells=["H7", "B5", "H7", "H7"], board={"B6": "Y2-10", "C6": "Y1-06"}, actor=HERMIONE, wand=HERMIONE
    )
    move = Move(HERMIONE, ("B6", "C6"), ("able",))
    assert move in GAME.legal(state, HERMIONE)
    events = GAME.apply(state, move)
    started = [e.card for e in events if isinstance(e, ev.EncounterStarted)]
    assert started == ["Y1-06"]
    hermione = state.players[HERMIONE]
    assert hermione.cell == "B6" and hermione.completed == []
    assert state.board == {"B6": "Y2-10", "C6": "Y1-06"}  # both cards stay face up
    assert GAME.to_act(state) == (2,)  # the action is over: Ron acts next
