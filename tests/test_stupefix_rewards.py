"""Each reward card when it is taken: Points, Potion Réussie, Faveur, Cours Particuliers, Retourneur de Temps,
Devenir le Chouchou."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import DECK_KINDS, DECK_SIZE, REWARDS
from tabletop.games.stupefix.events import ReturnRetard, TakeReward
from tabletop.games.stupefix.state import SpellDiscard
from tests.stupefix_helpers import clone, new, play_round, set_row


def drafting(players=4, chouchou=0, spells=None, targets=None, protego=frozenset(), row=None):
    state = new(players, chouchou=chouchou)
    play_round(state, spells=spells, targets=targets, protego=protego)
    if row is not None:
        set_row(state, row)
    assert state.phase == "draft" and GAME.check_state(state) == []
    return state


def test_the_deck_is_64_cards_as_the_supplement_lists():
    counts = {kind: REWARDS[kind].copies for kind in DECK_KINDS}
    assert counts == {
        "points10": 15,
        "points20": 15,
        "points40": 10,
        "potion": 9,
        "faveur": 10,
        "cours": 3,
        "retourneur": 2,
    }
    assert DECK_SIZE == 64 and REWARDS["chouchou"].copies == 0


@pytest.mark.parametrize("kind,value", [("points10", 10), ("points20", 20), ("points40", 40)])
def test_points_go_to_the_house_urn_at_the_end_of_the_round(kind, value):
    state = drafting(row=[kind, "potion", "chouchou"])
    GAME.apply(state, TakeReward(0, kind))
    assert state.round_points[0] == [value] and state.urns["Gryffindor"] == []
    GAME.apply(state, TakeReward(1, "potion"))  # the last reward goes to seat 2 without asking
    assert state.round == 2 and state.urns["Gryffindor"] == [kind] and state.chouchou == 2


def test_potion_and_faveur_stay_with_the_player():
    state = drafting(row=["potion", "faveur", "points10", "chouchou"])
    GAME.apply(state, TakeReward(0, "potion"))
    GAME.apply(state, TakeReward(1, "faveur"))
    assert state.potions == [1, 0, 0, 0] and state.faveurs == [0, 1, 0, 0]
    assert GAME.view(state, 3).potions[0] == 1  # taken in the open: the count is public


def test_cours_particuliers_swaps_a_sort_rate_for_a_face_up_stupefix():
    state = drafting(spells={2: "stupefix"}, row=["cours", "points10", "chouchou"])
    assert state.hands[0] == ["stupefix"] * 3 + ["rate"] * 4
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, True, "", None) in events
    assert state.hands[0] == ["stupefix"] * 4 + ["rate"] * 3
    assert "cours" in state.reward_discard
    ups = [c for c in state.spell_discard if c.face_up]
    assert sum(c.kind == "stupefix" for c in ups) == 0 and sum(c.kind == "rate" for c in ups) == 4
    assert GAME.check_state(state) == []


def test_cours_particuliers_may_take_a_face_down_stupefix():
    state = drafting(spells={3: "stupefix"}, protego={3}, row=["cours", "points10", "chouchou"])
    assert GAME.view(state, 1).stupefix_unseen[3] == 3
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, True, "", 3) in events
    assert not any(c.owner == 3 and not c.face_up for c in state.spell_discard)
    view = GAME.view(state, 1)
    assert view.stupefix_unseen[3] == 2 and view.stupefix_unseen[0] == 4


def test_cours_particuliers_without_a_stupefix_on_the_discard_changes_nothing():
    state = drafting(row=["cours", "points10", "chouchou"])
    hand = list(state.hands[0])
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, False, "no Stupéfix on the discard pile") in events
    assert state.hands[0] == hand and "cours" in state.reward_discard


def test_cours_particuliers_without_a_sort_rate_changes_nothing():
    state = drafting(spells={1: "stupefix"}, row=["cours", "points10", "chouchou"])
    state.hands[0], state.hands[2] = ["stupefix"] * 7, ["rate"] * 7
    _balance(state)
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, False, "no Sort raté in hand") in events
    assert state.hands[0] == ["stupefix"] * 7


def _balance(state):
    """After a test rearranges hands, swap kinds in the last hand so every spell card is accounted for."""
    total_s = sum(state.start_stupefix)
    seen = sum(h.count("stupefix") for h in state.hands) + sum(c.kind == "stupefix" for c in state.spell_discard)
    last = state.hands[3]
    while seen > total_s:
        last[last.index("stupefix")] = "rate"
        seen -= 1
    while seen < total_s:
        last[last.index("rate")] = "stupefix"
        seen += 1
    last.sort(reverse=True)
    assert GAME.check_state(state) == []


def test_retourneur_de_temps_gives_back_your_own_token_when_only_you_have_one():
    state = drafting(spells={1: "stupefix"}, targets={1: 0}, row=["retourneur", "points10", "chouchou"])
    assert state.standing[0] is False
    assert state.draft_order == [1, 2, 3]
    state.retard = [0, 2, 0, 0]
    events = GAME.apply(state, TakeReward(1, "retourneur"))
    assert ev.RetardReturned(1, 1, "retourneur", True) in events
    assert state.retard[1] == 1 and "retourneur" in state.reward_discard


def test_retourneur_de_temps_lets_you_choose_your_teammates_token():
    state = drafting(players=6, chouchou=0, row=["retourneur", "points10", "chouchou"])
    # Seat 0's teammate is seat 2; both hold a Retard token from the handicap.
    assert state.retard[0] == state.retard[2] == 1
    GAME.apply(state, TakeReward(0, "retourneur"))
    assert GAME.to_act(state) == (0,)
    assert GAME.legal(state, 0) == [ReturnRetard(0, 0), ReturnRetard(0, 2)]
    before = clone(state)
    with pytest.raises(IllegalCommand, match="own house"):
        GAME.apply(state, ReturnRetard(0, 1))
    with pytest.raises(IllegalCommand, match="Retourneur"):
        GAME.apply(state, TakeReward(0, "points10"))
    assert state == before
    GAME.apply(state, ReturnRetard(0, 2))
    assert state.retard[2] == 0 and state.retard[0] == 1
    assert GAME.to_act(state) == (1,)  # the sharing goes on in the same order


def test_retourneur_de_temps_with_no_token_in_the_house_does_nothing():
    state = drafting(row=["retourneur", "points10", "chouchou"])
    events = GAME.apply(state, TakeReward(0, "retourneur"))
    assert ev.NoRetardToReturn(0, "retourneur") in events and state.retard == [0, 0, 0, 0]


def test_devenir_le_chouchou_takes_the_tile_and_gives_back_an_own_token_only():
    state = drafting(players=6, chouchou=0, row=["chouchou", "points10", "points20", "potion"])
    assert state.retard[1] == state.retard[4] == 1  # seat 1 and its teammate seat 4
    GAME.apply(state, TakeReward(0, "points10"))
    events = GAME.apply(state, TakeReward(1, "chouchou"))
    assert ev.ChouchouTaken(1) in events and ev.RetardReturned(1, 1, "chouchou", True) in events
    assert state.chouchou == 1 and state.retard[1] == 0 and state.retard[4] == 1
    assert GAME.to_act(state) == (2,)  # the order of this sharing does not change
    while state.phase == "draft":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.round == 2 and state.chouchou == 1 and state.row.count("chouchou") == 1
    assert GAME.to_act(state) == tuple(range(6))


def test_devenir_le_chouchou_without_a_token():
    state = drafting(row=["chouchou", "points10"])
    events = GAME.apply(state, TakeReward(0, "chouchou"))
    assert ev.NoRetardToReturn(0, "chouchou") in events and state.retard == [0, 0, 0, 0]


def test_every_spell_card_is_accounted_for_after_swaps():
    state = drafting(spells={1: "stupefix", 2: "stupefix"}, row=["cours", "cours", "points10", "chouchou"])
    GAME.apply(state, TakeReward(0, "cours"))
    GAME.apply(state, TakeReward(1, "cours"))
    total = [c for h in state.hands for c in h] + [c.kind for c in state.spell_discard]
    assert total.count("stupefix") == 12 and total.count("rate") == 20
    assert GAME.check_state(state) == []
    state.spell_discard.append(SpellDiscard("stupefix", 0, True))
    assert any("spell cards" in problem for problem in GAME.check_state(state))
