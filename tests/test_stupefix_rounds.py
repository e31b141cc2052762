"""Stupéfix setup and the seven phases of a round, through the protocol."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core import IllegalCommand
from tabletop.core.codec import to_json
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import DECK_SIZE, MAKEUP, REWARDS, default_houses
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, TakeReward
from tests.stupefix_helpers import clone, new, play_round, set_row

# --- setup -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(4, 9))
def test_setup_houses_hands_and_the_handicap(players):
    state = new(players)
    assert sorted(Counter(state.houses).values(), reverse=True) == list(MAKEUP[players])
    for seat in range(players):
        assert state.houses[seat] != state.houses[(seat + 1) % players], "teammates side by side"
        pair = state.houses.count(state.houses[seat]) == 2
        assert state.hands[seat].count("stupefix") == (2 if pair else 3)
        assert state.hands[seat].count("rate") == (6 if pair else 5)
        assert state.retard[seat] == (1 if pair else 0)
    assert len(state.deck) == DECK_SIZE - 8 == 56
    assert len(state.row) == 9 and state.row.count("chouchou") == 1
    assert state.phase == "prepare" and state.round == 1
    assert GAME.to_act(state) == tuple(range(players))
    assert GAME.check_state(state) == []


def test_handicap_at_five_and_seven_players():
    five = new(5)
    pairs = [s for s in range(5) if five.houses.count(five.houses[s]) == 2]
    assert len(pairs) == 2 and five.houses[pairs[0]] == five.houses[pairs[1]]
    assert [five.retard[s] for s in range(5)] == [1 if s in pairs else 0 for s in range(5)]
    assert sum(five.start_stupefix) == 2 * 2 + 3 * 3
    seven = new(7)
    single = [s for s in range(7) if seven.houses.count(seven.houses[s]) == 1]
    assert len(single) == 1
    for seat in range(7):
        expected = (3, 5, 0) if seat in single else (2, 6, 1)
        hand = seven.hands[seat]
        assert (hand.count("stupefix"), hand.count("rate"), seven.retard[seat]) == expected
    assert sum(seven.start_stupefix) == 6 * 2 + 3


def test_options_are_checked_with_a_reason():
    houses = default_houses(6)
    assert GAME.check_options(6, {"houses": houses, "chouchou": None}) is None
    assert "2+2+2" in GAME.check_options(6, {"houses": ["Gryffindor"] * 3 + ["Slytherin"] * 3, "chouchou": None})
    side = ["Gryffindor", "Gryffindor", "Hufflepuff", "Ravenclaw", "Hufflepuff", "Ravenclaw"]
    assert "side by side" in GAME.check_options(6, {"houses": side, "chouchou": None})
    assert "Teacher's Pet" in GAME.check_options(6, {"houses": houses, "chouchou": 9})
    assert "4 to 8" in GAME.check_options(3, {"houses": houses[:3]})
    with pytest.raises(ValueError):
        GAME.setup(6, {"houses": side, "chouchou": None}, 1)


def test_first_chouchou_is_chosen_or_drawn_from_the_seed():
    assert new(6, chouchou=4).chouchou == 4
    drawn = {new(6, seed=seed, chouchou=None).chouchou for seed in range(40)}
    assert drawn == set(range(6))
    assert to_json(new(6, seed=9, chouchou=None)) == to_json(new(6, seed=9, chouchou=None))


# --- phases 1 to 4 -----------------------------------------------------------------------------------------


def test_phase_1_reveals_eight_rewards_beside_devenir_le_chouchou_each_round():
    state = new(4)
    first_row = list(state.row)
    play_round(state, targets={s: None for s in range(4)})
    assert state.phase == "draft"
    while state.phase == "draft":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.round == 2 and len(state.row) == 9 and state.row.count("chouchou") == 1
    assert len(state.deck) == 48
    assert first_row != state.row or len(state.deck) == 48  # a new draw (it may repeat kinds)


def test_phase_2_everyone_prepares_in_secret_in_any_order():
    state = new(4)
    events = GAME.apply(state, PrepareSpell(2, "stupefix"))
    mine = [e for e in events if isinstance(e, ev.SpellPrepared) and e.to == (2,)]
    theirs = [e for e in events if isinstance(e, ev.SpellPrepared) and e.to != (2,)]
    assert mine[0].spell == "stupefix" and theirs[0].spell is None and 2 not in theirs[0].to
    assert GAME.to_act(state) == (0, 1, 3)
    assert GAME.view(state, 0).my_prepared is None and GAME.view(state, 0).prepared[2]
    assert GAME.view(state, 2).my_prepared == "stupefix"
    with pytest.raises(IllegalCommand, match="already prepared"):
        GAME.apply(state, PrepareSpell(2, "rate"))
    with pytest.raises(IllegalCommand, match="wands|point|Now"):
        GAME.apply(state, PointWand(0, 1))
    for seat in (0, 1, 3):
        GAME.apply(state, PrepareSpell(seat, "rate"))
    assert state.phase == "target" and GAME.to_act(state) == (0, 1, 2, 3)


def test_a_spell_you_no_longer_hold_is_refused():
    state = new(4)
    state.hands[1] = ["rate"] * 8
    state.hands[0] = ["stupefix"] * 6 + ["rate"] * 2
    before = clone(state)
    with pytest.raises(IllegalCommand, match="no Stupefy"):
        GAME.apply(state, PrepareSpell(1, "stupefix"))
    assert state == before
    assert GAME.legal(state, 1) == [PrepareSpell(1, "rate")]


def test_phase_3_wands_point_at_adversaries_or_nobody_and_are_public():
    state = new(6)  # houses G H G R H R: seat 0's teammate is seat 2
    for seat in range(6):
        GAME.apply(state, PrepareSpell(seat, "rate"))
    targets = [c.target for c in GAME.legal(state, 0)]
    assert targets == [None, 1, 3, 4, 5]
    with pytest.raises(IllegalCommand, match="teammate"):
        GAME.apply(state, PointWand(0, 2))
    with pytest.raises(IllegalCommand, match="Protego"):
        GAME.apply(state, PointWand(0, 0))
    events = GAME.apply(state, PointWand(0, 3))
    assert events == [ev.WandPointed(0, 3)]  # public, told to everyone
    assert GAME.view(state, 5).targets[0] == 3
    GAME.apply(state, PointWand(1, None))
    assert GAME.view(state, 4).pointed[1] and GAME.view(state, 4).targets[1] is None


def test_phase_4_decisions_stay_secret_until_everyone_has_decided():
    state = new(4)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "stupefix"))
    for seat in range(4):
        GAME.apply(state, PointWand(seat, (seat + 1) % 4))
    assert state.phase == "cast"
    GAME.apply(state, CastSpell(0, True))
    assert GAME.view(state, 1).my_protego is None and GAME.view(state, 1).decided[0]
    assert GAME.view(state, 0).my_protego is True
    assert state.casts == [""] * 4  # nothing revealed yet
    GAME.apply(state, CastSpell(1, False))
    GAME.apply(state, CastSpell(2, False))
    events = GAME.apply(state, CastSpell(3, False))
    reveal = next(e for e in events if isinstance(e, ev.SpellsRevealed))
    assert reveal.casts == ("protego", "stupefix", "stupefix", "stupefix")
    assert reveal.IRREVERSIBLE


# --- phase 5 -----------------------------------------------------------------------------------------------


def test_phase_5_effects_are_simultaneous():
    state = new(4)
    # 0 and 1 stun each other; 2 and 3 both stun 0; 3 casts a Sort raté on 1 (no effect).
    play_round(
        state,
        spells={0: "stupefix", 1: "stupefix", 2: "stupefix", 3: "rate"},
        targets={0: 1, 1: 0, 2: 0, 3: 1},
    )
    assert state.hits == [2, 1, 0, 0]
    assert state.retard == [2, 1, 0, 0]
    assert state.standing == [False, False, True, True]
    ups = state.spell_discard
    assert len(ups) == 4 and Counter(c.kind for c in ups) == {"stupefix": 3, "rate": 1}
    assert state.face_down == [] and state.shown_stupefix == [1, 1, 1, 0]


def test_protego_ignores_every_spell_and_discards_face_down():
    state = new(4)
    play_round(state, spells={0: "stupefix", 1: "stupefix", 2: "stupefix"}, targets={1: 0, 2: 0, 0: 3}, protego={0})
    assert state.hits[0] == 2 and state.retard[0] == 0 and not state.standing[0]
    assert state.casts[0] == "protego"
    assert state.hits[3] == 0  # 0's wand no longer targets anyone
    assert not any(c.owner == 0 for c in state.spell_discard)
    assert state.laid_down[0] == ["stupefix"] and state.face_down == ["stupefix"]
    view = GAME.view(state, 1)
    assert view.laid_down == (1, 0, 0, 0) and view.discard_down == 1 and view.discard_up == (2, 1)
    assert view.my_laid_down == () and GAME.view(state, 0).my_laid_down == ("stupefix",)
    assert view.stupefix_unseen == (3, 2, 2, 3)  # 0's Protego card is still unseen by the others


def test_a_stupefix_pointed_at_nobody_does_nothing_and_a_rate_never_stuns():
    state = new(4)
    play_round(state, spells={0: "stupefix", 1: "rate"}, targets={0: None, 1: 2})
    assert state.hits == [0, 0, 0, 0] and all(state.standing) and state.retard == [0] * 4


# --- phase 6 -----------------------------------------------------------------------------------------------


def test_phase_6_starts_with_the_chouchou_then_clockwise_among_standing_players():
    state = new(5, chouchou=3)
    play_round(state, spells={0: "stupefix"}, targets={0: 4})  # seat 4 is stunned
    assert state.draft_order == [3, 0, 1, 2]
    order = []
    while state.phase == "draft":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, GAME.legal(state, seat)[-1])
    assert order[:4] == [3, 0, 1, 2] and 4 not in order


def test_a_fallen_chouchou_passes_the_first_choice_to_the_first_standing_player_on_the_left():
    state = new(6, chouchou=4)
    play_round(state, spells={0: "stupefix"}, targets={0: 4}, protego={5})
    assert state.draft_order == [0, 1, 2, 3]
    assert GAME.to_act(state) == (0,)
    with pytest.raises(IllegalCommand, match="flag is down"):
        GAME.apply(state, TakeReward(4, state.row[0]))


def test_a_lone_standing_player_takes_every_reward():
    state = new(4, chouchou=0)
    play_round(state, protego={0, 1, 2})
    assert state.draft_order == [3]
    row = list(state.row)
    taken = []
    while state.phase == "draft":
        assert GAME.to_act(state) in ((3,), ())
        command = GAME.legal(state, 3)[0] if GAME.legal(state, 3) else None
        events = GAME.apply(state, command)
        taken += [e.reward for e in events if isinstance(e, ev.RewardTaken)]
    assert Counter(taken) == Counter(row)
    assert state.round == 2 and state.chouchou == 3  # Devenir le Chouchou was among them


def test_the_last_kind_of_reward_is_taken_without_asking():
    state = new(4, chouchou=0)
    play_round(state)
    set_row(state, ["points10", "points10", "potion"])
    assert GAME.check_state(state) == []
    events = GAME.apply(state, TakeReward(0, "potion"))
    forced = [e for e in events if isinstance(e, ev.RewardTaken) and e.forced]
    assert [(e.seat, e.reward) for e in forced] == [(1, "points10"), (2, "points10")]


def test_nobody_standing_discards_the_rewards_and_the_chouchou_stays():
    state = new(4, chouchou=2)
    row = [kind for kind in state.row if kind != "chouchou"]
    events = play_round(state, protego={0, 1, 2, 3})
    assert any(isinstance(e, ev.NobodyStanding) for e in events)
    assert Counter(state.reward_discard) == Counter(row)
    assert state.round == 2 and state.chouchou == 2 and state.phase == "prepare"
    assert all(state.standing) and state.row.count("chouchou") == 1
    assert GAME.check_state(state) == []


def test_nobody_standing_in_round_8_discards_the_rewards_and_ends_the_game():
    state = new(5, chouchou=3)
    while state.round < 8:
        if state.phase == "draft":
            GAME.apply(state, GAME.legal(state, GAME.to_act(state)[0])[0])
        else:
            play_round(state)
    assert state.phase == "prepare" and len(state.deck) == 0
    row = [kind for kind in state.row if kind != "chouchou"]
    chouchou, urns, potions = state.chouchou, to_json(state.urns), list(state.potions)
    events = play_round(state, protego=set(range(5)))
    kinds = [type(e).__name__ for e in events]
    nobody = kinds.index("NobodyStanding")
    assert kinds[nobody:] == ["NobodyStanding", "RoundEnded", "PotionsMaster", "Latecomers", "GameEnded"]
    assert events[nobody] == ev.NobodyStanding(tuple(row))
    assert events[nobody + 1] == ev.RoundEnded(8, tuple((house, 0) for house in state.urns))
    assert Counter(state.reward_discard) >= Counter(row) and state.row == []
    assert state.phase == "over" and state.round == 8 and state.chouchou == chouchou
    assert GAME.to_act(state) == () and GAME.result(state) is not None
    assert state.potions == potions and all(state.standing)
    # Nothing but the end-of-game cards went into the urns this round.
    assert {house: [c for c in cards if c.startswith("points")] for house, cards in state.urns.items()} == {
        house: [c for c in cards if c.startswith("points")] for house, cards in to_json(urns).items()
    }
    assert GAME.check_state(state) == []


def test_a_reward_no_longer_on_the_table_is_refused_with_the_state_unchanged():
    state = new(4, chouchou=0)
    play_round(state)
    missing = next(kind for kind in REWARDS if kind not in state.row)
    before = clone(state)
    with pytest.raises(IllegalCommand, match="left in the middle"):
        GAME.apply(state, TakeReward(0, missing))
    with pytest.raises(IllegalCommand, match="no such reward"):
        GAME.apply(state, TakeReward(0, "dragon egg"))
    assert state == before


# --- phase 7 -----------------------------------------------------------------------------------------------


def test_phase_7_points_go_into_the_house_urn_and_flags_stand_again():
    state = new(5, chouchou=0)  # seats 0 and 2 are Gryffindor
    play_round(state, spells={1: "stupefix"}, targets={1: 4})
    set_row(state, ["points40", "points20", "points10", "potion", "faveur", "chouchou"])
    assert GAME.check_state(state) == []
    taken = {0: "points40", 1: "points20", 2: "points10", 3: "potion"}
    for seat in (0, 1, 2, 3):
        GAME.apply(state, TakeReward(seat, taken[seat]))
    assert state.urns["Gryffindor"] == []  # Points wait in front of their taker until the round ends
    assert state.round_points[0] == [40]
    events = GAME.apply(state, TakeReward(0, "faveur"))
    ended = next(e for e in events if isinstance(e, ev.RoundEnded))
    assert dict(ended.house_points) == {"Gryffindor": 50, "Ravenclaw": 20, "Hufflepuff": 0, "Slytherin": 0}
    assert sorted(state.urns["Gryffindor"]) == ["points10", "points40"]
    assert state.potions[3] == 1 and state.faveurs[0] == 1
    assert all(state.standing) and state.round == 2 and state.chouchou == 1  # seat 1 took Devenir le Chouchou
    assert state.row.count("chouchou") == 1
