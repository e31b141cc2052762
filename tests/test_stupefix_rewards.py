"""Each reward card when it is taken: Points, Potion Réussie, Faveur, Cours Particuliers, Retourneur de Temps,
Devenir le Chouchou."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix import view as stupefix_view
from tabletop.games.stupefix.cards import DECK_KINDS, DECK_SIZE, REWARDS
from tabletop.games.stupefix.events import (
    CastSpell,
    PointWand,
    PrepareSpell,
    ReturnRetard,
    TakeReward,
    TakeStupefix,
)
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
    # No face-down card on the pile: the face-up Stupéfix is the only one to take, without asking.
    assert ev.LessonTaken(0, True, "up") in events and GAME.to_act(state) == (1,)
    assert state.hands[0] == ["stupefix"] * 4 + ["rate"] * 3
    assert "cours" in state.reward_discard
    assert sum(c.kind == "stupefix" for c in state.spell_discard) == 0
    assert sum(c.kind == "rate" for c in state.spell_discard) == 4
    assert SpellDiscard("rate", 0) in state.spell_discard  # the Sort raté lies face up: the card says what it is
    assert state.gained_stupefix == [1, 0, 0, 0] and state.shown_stupefix == [0, 0, 1, 0] and state.down_taken == 0
    assert GAME.view(state, 1).stupefix_unseen == (4, 3, 2, 3)
    assert GAME.view(state, 1).rates_up == (2, 1, 0, 1)
    assert GAME.check_state(state) == []


def test_cours_particuliers_finds_the_face_up_stupefix_at_the_bottom_of_the_pile():
    """The first card discarded lies at the bottom of the pile: it is a Stupéfix of the pile all the same."""
    state = drafting(spells={0: "stupefix"}, row=["cours", "points10", "chouchou"])
    assert state.spell_discard[0] == SpellDiscard("stupefix", 0)
    assert [card.kind for card in state.spell_discard[1:]] == ["rate"] * 3
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, True, "up") in events
    assert state.hands[0] == ["stupefix"] * 3 + ["rate"] * 4
    assert [card.kind for card in state.spell_discard] == ["rate"] * 4
    assert GAME.check_state(state) == []


def test_cours_particuliers_may_take_a_face_down_stupefix():
    state = drafting(spells={3: "stupefix"}, protego={3}, row=["cours", "points10", "chouchou"])
    assert GAME.view(state, 1).stupefix_unseen[3] == 3
    before = {seat: GAME.view(state, seat) for seat in range(4)}
    events = GAME.apply(state, TakeReward(0, "cours"))
    # No face-up Stupéfix: a face-down one is taken. Told to everyone, without whose card it was; the log line
    # names nobody else either.
    lesson = ev.LessonTaken(0, True, "down")
    assert lesson in events and lesson.to is None and lesson.IRREVERSIBLE
    line = GAME.describe(lesson, ["Ada", "Bram", "Cleo", "Dov"])
    assert "Ada" in line and "face-down" in line and "Dov" not in line
    # The pile is nobody's: the Stupéfix left it, but 3 still remembers the card it laid face down.
    assert state.face_down == [] and state.laid_down[3] == ["stupefix"] and state.down_taken == 1
    assert state.hands[0] == ["stupefix"] * 4 + ["rate"] * 3 and state.gained_stupefix[0] == 1
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view.stupefix_unseen == (4, 3, 3, 3)  # 3's count stays: nobody may tell its card was taken
        assert view.laid_down == (0, 0, 0, 1) and view.discard_down == 0 and view.down_taken == 1
        assert view.discard_up == (0, 4)
        assert view.my_laid_down == before[seat].my_laid_down
    assert GAME.view(state, 3).my_laid_down == ("stupefix",)
    assert GAME.check_state(state) == []


def _face_up_and_face_down(protego_card: str):
    """Seat 1 casts a Stupéfix at nobody (face up), seat 3 casts Protego over ``protego_card`` (face down); seat 0
    takes Cours Particuliers."""
    state = drafting(spells={1: "stupefix", 3: protego_card}, protego={3}, row=["cours", "points10", "chouchou"])
    assert state.draft_order == [0, 1, 2]
    events = GAME.apply(state, TakeReward(0, "cours"))
    return state, events


@pytest.mark.parametrize("face_down", [False, True])
def test_cours_particuliers_lets_the_taker_choose_a_face_up_or_a_face_down_stupefix(face_down):
    state, events = _face_up_and_face_down("stupefix")
    # The Sort raté is gone at once; the Stupéfix waits for the taker's choice.
    assert ev.LessonTaken(0, True, "choice") in events
    assert state.hands[0] == ["stupefix"] * 3 + ["rate"] * 3 and SpellDiscard("rate", 0) in state.spell_discard
    assert GAME.to_act(state) == (0,)
    assert GAME.legal(state, 0) == [TakeStupefix(0, False), TakeStupefix(0, True)]
    assert all(GAME.legal(state, seat) == [] for seat in (1, 2, 3))
    before = clone(state)
    with pytest.raises(IllegalCommand, match="Private Lessons"):
        GAME.apply(state, TakeReward(0, "points10"))
    with pytest.raises(IllegalCommand):
        GAME.apply(state, ReturnRetard(0, 0))
    assert state == before
    events = GAME.apply(state, TakeStupefix(0, face_down))
    assert events[0] == ev.StupefixChosen(0, face_down) and events[0].IRREVERSIBLE
    assert state.hands[0] == ["stupefix"] * 4 + ["rate"] * 3 and state.gained_stupefix[0] == 1
    assert state.down_taken == int(face_down) and state.face_down == (["stupefix"] if not face_down else [])
    assert sum(c.kind == "stupefix" for c in state.spell_discard) == int(face_down)
    assert GAME.to_act(state) == (1,) and GAME.check_state(state) == []
    line = GAME.describe(events[0], ["Ada", "Bram", "Cleo", "Dov"])
    assert ("face-down" in line) == face_down and "Dov" not in line


def test_only_the_taker_learns_whether_a_stupefix_lies_face_down():
    """The choice is offered on what everyone sees (a face-up Stupéfix, face-down cards); whether "face down" is
    possible only the taker learns, by looking through the face-down cards."""
    with_one, events_with = _face_up_and_face_down("stupefix")
    without, events_without = _face_up_and_face_down("rate")
    assert GAME.legal(with_one, 0) == [TakeStupefix(0, False), TakeStupefix(0, True)]
    assert GAME.legal(without, 0) == [TakeStupefix(0, False)]
    with pytest.raises(IllegalCommand, match="no Stupefy among the face-down"):
        GAME.apply(without, TakeStupefix(0, True))
    for seat in (1, 2):
        assert GAME.view(with_one, seat) == GAME.view(without, seat)
        assert [e for e in events_with if e.visible_to(seat)] == [e for e in events_without if e.visible_to(seat)]
    GAME.apply(without, TakeStupefix(0, False))
    assert without.face_down == ["rate"] and GAME.check_state(without) == []


@pytest.mark.parametrize("tries", [1, 20])
def test_sampled_states_agree_with_what_the_taker_saw_among_the_face_down_cards(tries, monkeypatch):
    monkeypatch.setattr(stupefix_view, "SAMPLE_TRIES", tries)
    for card, wanted in (("stupefix", ["stupefix"]), ("rate", ["rate"])):
        state, _ = _face_up_and_face_down(card)
        view = GAME.view(state, 0)
        for seed in range(40):
            sampled = GAME.sample(view, Rng(seed))
            assert GAME.check_state(sampled) == [] and GAME.view(sampled, 0) == view
            assert sampled.face_down == wanted
        # Another seat did not look: its samples may hold either card face down.
        seen = {tuple(GAME.sample(GAME.view(state, 1), Rng(seed)).face_down) for seed in range(60)}
        assert seen == {("stupefix",), ("rate",)}


def _protego_pair_and_cours(spells: dict[int, str]):
    """Seats 2 and 3 cast Protego with ``spells``; seats 0 and 1 cast Sort raté; seat 0 takes Cours."""
    state = new(4)
    events = play_round(state, spells={0: "rate", 1: "rate", **spells}, protego={2, 3})
    set_row(state, ["cours", "points10", "chouchou"])
    assert state.draft_order == [0, 1] and GAME.check_state(state) == []
    events += GAME.apply(state, TakeReward(0, "cours"))
    assert state.hands[0].count("stupefix") == 4 and state.down_taken == 1
    assert GAME.check_state(state) == []
    return state, events


def _seen_by(state, events, seat):
    return GAME.view(state, seat), [event for event in events if event.visible_to(seat)]


def test_cours_particuliers_never_tells_whose_face_down_stupefix_it_took():
    """The reviewer's case: two Protego players, one Stupéfix between them, Cours by a third seat."""
    only_2 = _protego_pair_and_cours({2: "stupefix", 3: "rate"})
    only_3 = _protego_pair_and_cours({2: "rate", 3: "stupefix"})
    both = _protego_pair_and_cours({2: "stupefix", 3: "stupefix"})
    # Every other seat (and an onlooker) sees the same whichever of the two had the Stupéfix.
    for seat in (0, 1):
        assert _seen_by(*only_2, seat) == _seen_by(*only_3, seat)
    assert [e for e in only_2[1] if e.visible_to(None)] == [e for e in only_3[1] if e.visible_to(None)]
    # Nor does the owner learn that its own card was the one taken: its view is the same as when the other
    # Protego player had laid a Stupéfix too (and the Stupéfix taken may have been the other's).
    assert _seen_by(*only_2, 2) == _seen_by(*both, 2)
    assert _seen_by(*only_3, 3) == _seen_by(*both, 3)
    assert GAME.view(only_2[0], 2).my_laid_down == ("stupefix",)
    assert GAME.view(only_3[0], 3).my_laid_down == ("stupefix",)
    # The other owner's view differs only by its own card (and its hand), not by the take.
    assert GAME.view(only_2[0], 3).stupefix_unseen == GAME.view(only_3[0], 3).stupefix_unseen


@pytest.mark.parametrize("tries", [1, 20])
def test_sampled_states_keep_enough_face_down_stupefix_for_those_taken(tries, monkeypatch):
    """From seat 0's view one of the two Protego cards was a Stupéfix: every sampled state agrees, whether the
    deal was drawn again or mended."""
    monkeypatch.setattr(stupefix_view, "SAMPLE_TRIES", tries)
    state, _ = _protego_pair_and_cours({2: "stupefix", 3: "rate"})
    view = GAME.view(state, 0)
    laid = Counter()
    for seed in range(60):
        sampled = GAME.sample(view, Rng(seed))
        assert GAME.check_state(sampled) == [] and GAME.view(sampled, 0) == view
        assert sampled.down_taken == 1 and sampled.face_down in (["rate"], ["stupefix"])
        laid.update(tuple(sampled.laid_down[seat]) for seat in (2, 3))
    assert laid[("stupefix",)] >= 60 and laid[("rate",)] > 0  # either seat's card may have been the one


def test_a_cours_that_searched_the_face_down_cards_cannot_be_undone():
    seats = [SeatInfo(name) for name in ("Ada", "Bram", "Cleo", "Dov")]
    options = GAME.default_options(4)
    state = drafting(spells={3: "stupefix"}, protego={3}, row=["cours", "points10", "chouchou"])
    match = Match(GAME, seats, options, 1, start=to_json(state))
    match.apply(TakeReward(0, "cours"))
    assert match.state.down_taken == 1
    assert not match.can_undo(0)
    # Nor the search that offers the choice between a face-up and a face-down Stupéfix, nor the choice.
    before = drafting(spells={1: "stupefix", 3: "stupefix"}, protego={3}, row=["cours", "points10", "chouchou"])
    match = Match(GAME, seats, options, 1, start=to_json(before))
    match.apply(TakeReward(0, "cours"))
    assert GAME.to_act(match.state) == (0,) and not match.can_undo(0)
    match.apply(TakeStupefix(0, True))
    assert match.state.down_taken == 1 and not match.can_undo(0)
    # A take that looks at nothing hidden may still be taken back.
    other = Match(GAME, seats, options, 1, start=to_json(state))
    other.apply(TakeReward(0, "points10"))
    assert other.can_undo(0)


@pytest.mark.parametrize("protego", [False, True])
def test_cours_particuliers_without_a_stupefix_still_discards_the_sort_rate(protego):
    """ "Défaussez immédiatement une de vos cartes Sort Raté, et prenez 1 carte Stupéfix ..., s'il y en a de
    disponible": the condition bounds the take only. One card short, the taker has no spell for the last round:
    it prepares nothing, still points its wand, and casts Protego or nothing."""
    state = drafting(row=["cours", "points10", "chouchou"])  # every card cast this round was a Sort raté
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, True, "none") in events
    assert state.hands[0] == ["stupefix"] * 3 + ["rate"] * 3 and "cours" in state.reward_discard
    assert GAME.view(state, 2).hand_counts == (6, 7, 7, 7) and GAME.check_state(state) == []
    line = GAME.describe(ev.LessonTaken(0, True, "none"), ["Ada", "Bram", "Cleo", "Dov"])
    assert "discards a Misfire" in line and "no Stupefy" in line
    for _ in range(state.deck.count("cours")):  # no other Cours Particuliers this game (tests only)
        state.deck.remove("cours")
        state.reward_discard.append("cours")
    while state.round < 8:
        if state.phase == "draft":
            GAME.apply(state, GAME.legal(state, GAME.to_act(state)[0])[0])
        else:
            play_round(state)
        assert GAME.check_state(state) == []
    assert state.phase == "prepare" and state.hands[0] == [] and state.prepared[0] is None
    assert GAME.to_act(state) == (1, 2, 3) and GAME.legal(state, 0) == []
    with pytest.raises(IllegalCommand, match="no spell card left"):
        GAME.apply(state, PrepareSpell(0, "rate"))
    for seat in (1, 2, 3):
        GAME.apply(state, PrepareSpell(seat, state.hands[seat][0]))
    assert state.phase == "target" and GAME.legal(state, 0)[0] == PointWand(0, None)
    for seat in range(4):
        GAME.apply(state, PointWand(seat, 1 if seat == 0 else None))
    assert GAME.legal(state, 0) == [CastSpell(0, False), CastSpell(0, True)]
    events = []
    for seat in range(4):
        events += GAME.apply(state, CastSpell(seat, protego and seat == 0))
    revealed = next(e for e in events if isinstance(e, ev.SpellsRevealed))
    assert revealed.casts[0] == ("protego" if protego else "none") and revealed.hits[1] == 0
    assert state.standing[0] is not protego and state.laid_down[0] == []  # no card to lay down
    assert "Ada " + ("Protego" if protego else "no spell") in GAME.describe(revealed, ["Ada", "Bram", "Cleo", "Dov"])
    assert GAME.check_state(state) == []


def test_cours_particuliers_without_a_sort_rate_still_takes_a_stupefix():
    state = drafting(spells={1: "stupefix"}, row=["cours", "points10", "chouchou"])
    # As if seat 0 had started with 7 Stupéfix and no Sort raté (tests only).
    state.hands[0] = ["stupefix"] * 7
    state.start_stupefix[0] += 4
    assert GAME.check_state(state) == []
    events = GAME.apply(state, TakeReward(0, "cours"))
    assert ev.LessonTaken(0, False, "up") in events
    assert state.hands[0] == ["stupefix"] * 8 and state.gained_stupefix[0] == 1
    line = GAME.describe(ev.LessonTaken(0, False, "up"), ["Ada", "Bram", "Cleo", "Dov"])
    assert "no Misfire to discard" in line and "face-up Stupefy" in line
    assert GAME.check_state(state) == []


def test_retourneur_de_temps_gives_back_your_own_token_when_only_you_have_one():
    state = drafting(spells={1: "stupefix"}, targets={1: 0}, row=["retourneur", "points10", "chouchou"])
    assert state.standing[0] is False
    assert state.draft_order == [1, 2, 3]
    state.retard = [0, 2, 0, 0]
    events = GAME.apply(state, TakeReward(1, "retourneur"))
    assert ev.RetardReturned(1, 1, "retourneur", True) in events
    assert state.retard[1] == 1 and "retourneur" in state.reward_discard


def test_retourneur_de_temps_gives_back_your_teammates_token_when_only_they_have_one():
    state = drafting(players=6, chouchou=0, row=["retourneur", "points10", "chouchou"])
    assert state.houses[0] == state.houses[2] and state.draft_order[0] == 0
    state.retard = [0, 1, 2, 1, 1, 1]  # seat 0 has none; its teammate, seat 2, has two
    assert GAME.check_state(state) == []
    events = GAME.apply(state, TakeReward(0, "retourneur"))
    # One possible outcome: no question asked, the teammate's token goes back at once.
    assert ev.RetardReturned(0, 2, "retourneur", True) in events
    assert state.retard == [0, 1, 1, 1, 1, 1] and state.tasks == [] and "retourneur" in state.reward_discard
    assert GAME.to_act(state) == (state.draft_order[1],)
    line = GAME.describe(ev.RetardReturned(0, 2, "retourneur", True), ["Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz"])
    assert line == "Ada gives back Cleo's Late token (Time-Turner)."


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
    with pytest.raises(IllegalCommand, match="Time-Turner"):
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


def test_the_teachers_pet_taken_in_the_last_round_is_not_said_to_run_a_next_round():
    """Devenir le Chouchou in round 8: the log promised 'will run the next round' and the reveal 'runs the next
    round', a round that does not come (the sixth audit)."""
    state = new(4, chouchou=0)
    state.round = 8
    play_round(state)
    set_row(state, ["chouchou", "points10"])
    events = GAME.apply(state, TakeReward(0, "chouchou"))
    taken = next(e for e in events if isinstance(e, ev.ChouchouTaken))
    line = GAME.describe(taken, ["Ada", "Ben", "Cleo", "Dev"])
    assert taken.last and "next round" not in line and "last round" in line
    earlier = drafting(row=["chouchou", "points10"])
    taken = next(e for e in GAME.apply(earlier, TakeReward(0, "chouchou")) if isinstance(e, ev.ChouchouTaken))
    told = GAME.describe(taken, ["Ada", "Ben", "Cleo", "Dev"])
    assert "next round" in told


def test_every_spell_card_is_accounted_for_after_swaps():
    state = drafting(spells={1: "stupefix", 2: "stupefix"}, row=["cours", "cours", "points10", "chouchou"])
    GAME.apply(state, TakeReward(0, "cours"))
    GAME.apply(state, TakeReward(1, "cours"))
    total = [c for h in state.hands for c in h] + [c.kind for c in state.spell_discard] + state.face_down
    assert total.count("stupefix") == 12 and total.count("rate") == 20
    assert GAME.check_state(state) == []
    broken = clone(state)
    broken.spell_discard.append(SpellDiscard("stupefix", 0))
    assert any("spell cards" in problem for problem in GAME.check_state(broken))
    broken = clone(state)
    broken.hands[2][0], broken.hands[3][-1] = "rate", "stupefix"  # the public counts no longer fit the cards
    broken.hands[3].sort(reverse=True)
    assert any("unseen Stupéfix" in problem for problem in GAME.check_state(broken))
    broken = clone(state)
    broken.spell_discard[-1].owner = 3  # seat 1's Sort raté given up to the Cours, now seat 4's
    problems = GAME.check_state(broken)
    assert any("seat 2 holds" in problem for problem in problems)
    assert any("seat 4 holds" in problem for problem in problems)
    for change in ("deck", "urn", "points", "potion"):
        broken = clone(state)
        if change == "deck":
            broken.deck.pop()
        elif change == "urn":
            broken.urns["Gryffindor"].append("points40")
        elif change == "points":
            broken.round_points[0].append(20)
        else:
            broken.potions[2] += 1
        assert any("64-card deck" in problem for problem in GAME.check_state(broken)), change


def test_every_spell_card_is_accounted_for_with_face_down_cards_taken():
    state = drafting(spells={2: "stupefix", 3: "stupefix"}, protego={2, 3}, row=["cours", "cours", "chouchou"])
    GAME.apply(state, TakeReward(0, "cours"))
    GAME.apply(state, TakeReward(1, "cours"))
    assert state.face_down == [] and state.down_taken == 2 and GAME.check_state(state) == []
    broken = clone(state)
    broken.face_down.append("stupefix")
    broken.hands[0][0] = "rate"
    assert any("face-down cards" in problem for problem in GAME.check_state(broken))
    broken = clone(state)
    broken.down_taken = 1
    assert any("face-down cards" in problem for problem in GAME.check_state(broken))
