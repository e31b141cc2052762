"""Setup, the six steps of a round, New Year, New Adventure Cards, passing the Wand, the hand limit, the
stalemate rule, the end at 500 and the tie-breaks, through the protocol."""

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.cards import ADVENTURES, ALL_ADVENTURES, YEAR_CARDS
from tabletop.games.house_cup_challenge.events import (
    Discard,
    Done,
    DrawCards,
    Feast,
    Move,
    Pass,
    PlaceCard,
    PlayHere,
    Swap,
    UseSpecial,
    WandBonus,
)
from tabletop.games.house_cup_challenge.flow import final_result
from tests.house_cup_challenge_positions import position, take_card


def pass_round_actions(state):
    """Everyone passes through steps 1-3 (answering no to any Wand Bonus Token)."""
    events = []
    start = state.round
    while state.step in (1, 2, 3) and state.round == start and not state.over:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        command = Pass(seat) if Pass(seat) in legal else legal[-1]
        events += GAME.apply(state, command)
    return events


# --- setup -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_year_one_cards_and_the_wand_goes_to_harry(players):
    for seed in range(6):
        state = GAME.setup(players, {"prefect": players - 1, "youngest": 1}, seed)
        assert GAME.check_state(state) == []
        characters = [p.character for p in state.players]
        assert len(set(characters)) == players
        assert state.wand == (characters.index("harry") if "harry" in characters else 1)
        assert state.prefect == players - 1
        assert all(len(p.hand) == 5 and p.cell == "A5" and p.vp == 0 for p in state.players)
        dealt = [c for p in state.players for c in p.hand]
        assert all(ADVENTURES[c].year == 1 for c in dealt)
        assert sorted(state.year_decks) == [2, 3, 4, 5]
        assert all(p.wand_token == ("up" if players == 2 else "") for p in state.players)
        # The Wand holder turns up cards until 4 lie face up, choosing where when there is a choice.
        while state.setup:
            seat = GAME.to_act(state)[0]
            assert seat == state.wand and state.tasks[-1].kind == "place"
            GAME.apply(state, GAME.legal(state, seat)[0])
        assert len(state.board) == 4 and state.step == 1 and state.round == 1
        assert GAME.to_act(state) == (state.wand,)


def test_characters_may_be_given_and_without_harry_the_youngest_holds_the_wand():
    state = GAME.setup(3, {"prefect": 0, "youngest": 2, "characters": ["ron", "neville", "hermione"]}, 4)
    assert [p.character for p in state.players] == ["ron", "neville", "hermione"] and state.wand == 2
    assert [p.abilities for p in state.players][0] == {"K": 1, "S": 3, "H": 1}
    assert GAME.check_options(3, {"characters": ["ron", "ron", "harry"]})
    assert GAME.check_options(2, {"prefect": 5})


# --- the round ---------------------------------------------------------------------------------------------


def test_three_action_steps_clockwise_from_the_wand_holder():
    state = position(wand=2, actor=2)
    order = []
    while state.step in (1, 2, 3):
        seat = GAME.to_act(state)[0]
        order.append((state.step, seat))
        GAME.apply(state, Pass(seat))
    assert order == [(step, seat) for step in (1, 2, 3) for seat in (2, 3, 0, 1)]


def test_new_adventure_cards_fill_the_board_to_four_avoiding_cards_and_characters():
    state = position(cells=["C3", "H7", "H7", "H7"], board={"H2": "Y1-26"}, deck_top=["Y1-01", "Y1-12", "Y1-24"])
    pass_round_actions(state)
    # Sorting Ceremony only fits the Great Hall, where Harry stands: set aside. The Mirror of Erised has two
    # free spaces: the Wand holder chooses.
    assert state.tasks[-1].kind == "place" and state.tasks[-1].card == "Y1-12"
    assert GAME.legal(state, 0) == [PlaceCard(0, "F6"), PlaceCard(0, "H3")]
    with pytest.raises(IllegalCommand):
        GAME.apply(state, PlaceCard(0, "C3"))
    GAME.apply(state, PlaceCard(0, "H3"))
    assert state.board["H3"] == "Y1-12" and "Y1-01" in state.aside
    while state.tasks and state.tasks[-1].kind == "place":
        GAME.apply(state, GAME.legal(state, 0)[0])
    assert len(state.board) == 4 and state.aside == [] and "Y1-01" in state.discard


def test_step_five_stops_when_both_piles_are_empty():
    state = position(empty_piles=True)
    state.discard.extend(state.aside)
    state.aside.clear()
    pile = list(state.discard)
    state.discard.clear()
    state.players[1].hand.extend(pile)
    events = pass_round_actions(state)
    while state.step == 6 and state.tasks:
        seat = GAME.to_act(state)[0]
        events += GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.board == {} and state.round == 2
    assert not any(isinstance(e, ev.CardPlaced) for e in events)


def test_passing_the_wand_refreshes_the_new_holders_specials_only_and_the_hand_limit_follows():
    state = position(specials=[["hedwig"], ["accio"], [], []])
    for seat in (0, 1):
        state.players[seat].specials_up.clear()
    state.players[0].specials_down.append("hedwig")
    state.players[1].specials_down.append("accio")
    state.players[2].hand.extend(state.discard[-10:])
    del state.discard[-10:]
    pass_round_actions(state)
    while state.tasks and state.tasks[-1].kind == "place":
        GAME.apply(state, GAME.legal(state, state.wand)[0])
    assert state.wand == 1 and state.players[1].specials_up == ["accio"]
    assert state.players[0].specials_down == ["hedwig"]
    assert state.tasks[-1].kind == "limit" and GAME.to_act(state) == (2,)
    hand = list(state.players[2].hand)
    GAME.apply(state, Discard(2, hand[0]))
    GAME.apply(state, Discard(2, hand[1]))
    assert len(state.players[2].hand) == 8 and state.round == 2 and state.step == 1


# --- New Year ------------------------------------------------------------------------------------------------


def year_end_position():
    """Harry completes a card that takes Gryffindor from 96 to 100 in step 1."""
    state = position(
        cells=["C3", "H7", "H7", "H7"],
        hands=[["Y1-01", "Y1-02", "Y1-03"], [], [], []],
        specials=[["hedwig", "cloak"], [], ["fawkes"], []],
        board={"H3": "Y1-05", "B3": "Y1-04"},
    )
    for seat in (0, 2):  # used: face down
        state.players[seat].specials_down.extend(state.players[seat].specials_up)
        state.players[seat].specials_up.clear()
    # 96 points already: Hermione's completed cards.
    done = [
        "Y1-28",
        "Y1-06",
        "Y1-07",
        "Y1-11",
        "Y1-18",
        "Y1-22",
        "Y1-23",
        "Y1-10",
        "Y1-13",
        "Y1-15",
        "Y1-16",
        "Y1-08",
        "Y1-09",
        "Y1-12",
        "Y1-14",
        "Y1-19",
        "Y1-24",
        "Y1-25",
        "Y1-26",
    ]  # 8 + 36 + 20 + 32 = 96 VP
    for card in done:
        take_card(state, card)
        state.players[1].completed.append(card)
    state.players[1].vp = sum(ADVENTURES[c].vp for c in done)
    state.track = state.players[1].vp
    assert GAME.check_state(state) == []
    return state


def test_new_year_adds_the_next_deck_feast_holidays_and_clean_up():
    state = year_end_position()
    assert state.track == 96
    GAME.apply(state, PlayHere(0, "Y1-01"))  # +4: Gryffindor reaches 100
    assert state.track == 100 and state.year == 1
    pass_round_actions(state)
    assert state.year == 2 and 2 not in state.year_decks
    assert set(YEAR_CARDS[2]) <= set(state.draw)
    # Feast: clockwise from the Wand holder, each raises one ability.
    assert state.tasks[-1].kind == "feast" and GAME.to_act(state) == (0,)
    GAME.apply(state, Feast(0, "K"))
    assert state.players[0].abilities["K"] == 2
    for seat in (1, 2, 3):
        GAME.apply(state, Feast(seat, "S"))
    # Holidays: Harry swaps two cards, the others hold nothing (no choice to make).
    assert state.tasks[-1].kind == "holiday" and GAME.to_act(state) == (0,)
    GAME.apply(state, Swap(0, "Y1-02"))
    with pytest.raises(IllegalCommand, match="not in your hand"):
        GAME.apply(state, Swap(0, "Y1-02"))
    GAME.apply(state, Done(0))
    assert len(state.players[0].hand) == 2 and "Y1-02" not in state.players[0].hand
    # Used [Free] cards come back at a New Year (the supplement); an [Action] card waits for the Wand (the
    # rulebook: "cannot use it again until the next time you receive the Wand").
    assert state.players[0].specials_up == ["cloak"] and state.players[0].specials_down == ["hedwig"]
    assert state.players[2].specials_up == ["fawkes"] and state.players[2].specials_down == []
    # Clean-up: Year 1 cards are only 1 below Year 2, so they stay.
    assert state.board.get("H3") == "Y1-05"


def test_the_clean_up_removes_cards_two_years_old():
    state = year_end_position()
    state.year = 2
    state.track = 196
    state.stalemate_points = 100
    state.draw.extend(state.year_decks.pop(2))
    state.players[0].completed.append("Y1-01")
    state.players[0].hand.remove("Y1-01")
    state.players[0].vp = 4
    state.track = 200
    assert GAME.check_state(state) == []
    state.scored = True
    pass_round_actions(state)
    while state.tasks and state.tasks[-1].kind in ("feast", "holiday"):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.year == 3
    assert "H3" not in state.board and "Y1-05" in state.discard


def test_feast_offers_only_abilities_below_ten():
    state = year_end_position()
    state.players[0].abilities = {"K": 10, "S": 10, "H": 9}
    GAME.apply(state, PlayHere(0, "Y1-01"))  # H 9 -> 10 with the reward
    pass_round_actions(state)
    assert GAME.to_act(state) != (0,) or state.tasks[-1].kind != "feast"  # nothing left to raise: skipped


# --- stalemate and the end -----------------------------------------------------------------------------------


def test_three_rounds_without_vp_end_the_term_and_the_new_year_follows():
    state = position(cells=["H7"] * 4)
    for round_ in (1, 2, 3):
        events = pass_round_actions(state)
        if round_ < 3:
            assert not any(isinstance(e, ev.Stalemate) for e in events)
            while state.step != 1:
                seat = GAME.to_act(state)[0]
                GAME.apply(state, GAME.legal(state, seat)[0])
    assert any(isinstance(e, ev.Stalemate) for e in events)
    assert state.track == 100 and state.stalemate_points == 100 and state.year == 2
    assert all(p.vp == 0 for p in state.players)


def test_a_stalemate_in_year_five_ends_the_game():
    state = position(cells=["H7"] * 4)
    for year in (2, 3, 4, 5):
        state.draw.extend(state.year_decks.pop(year))
    state.year, state.track, state.stalemate_points = 5, 400, 400
    state.dry_rounds = 2
    pass_round_actions(state)
    assert state.over and state.end_reason == "stalemate"
    assert GAME.result(state) is not None and GAME.to_act(state) == ()


def test_at_500_the_action_steps_finish_then_the_game_ends():
    state = year_end_position()
    for year in (2, 3, 4, 5):
        state.draw.extend(state.year_decks.pop(year))
    state.year = 5
    state.stalemate_points = 400
    state.track += 400
    events = GAME.apply(state, PlayHere(0, "Y1-01"))  # 500 in step 1
    assert state.ending and not state.over
    assert GAME.to_act(state) == (1,)  # the others still act
    # Told, once: the last actions went by under the usual words (the pass-and-play review)
    reached = [e for e in events if isinstance(e, ev.EndReached)]
    assert len(reached) == 1 and "game ends" in GAME.describe(reached[0], ["Ada", "Ben"])
    later = pass_round_actions(state)
    assert not any(isinstance(e, ev.EndReached) for e in later)
    assert state.over and state.end_reason == "500" and state.step == 3
    result = GAME.result(state)
    assert result.winners == (1,) and result.scores[1] == 96


def test_ties_go_to_later_year_cards_then_the_highest_ability_then_are_shared():
    state = position(cells=["H7"] * 4)
    a, b = state.players[0], state.players[1]
    for player, cards in ((a, ["Y2-19"]), (b, ["Y1-12"])):  # 4 VP each
        for card in cards:
            take_card(state, card)
            player.completed.append(card)
        player.vp = 4
    state.track = 8
    state.players[2].abilities = {"K": 1, "S": 1, "H": 1}
    assert final_result(state)[1] == (0,)  # a Year 2 card beats a Year 1 card
    state.year_decks[2].append(a.completed.pop())
    card = next(c for c in YEAR_CARDS[1] if ADVENTURES[c].vp == 4 and c != "Y1-12")
    take_card(state, card)
    a.completed.append(card)
    a.abilities["H"] = 6
    assert final_result(state)[1] == (0,)  # the highest single ability
    a.abilities = {"K": 2, "S": 2, "H": 2}
    b.abilities = {"K": 2, "S": 2, "H": 2}
    assert GAME.check_state(state) == []
    assert final_result(state)[1] == (0, 1)  # shared


# --- more round and year rules -------------------------------------------------------------------------------


def answer_until(state, done):
    """Everyone passes their actions and takes the first choice offered otherwise, until ``done(state)``."""
    events = []
    while not done(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        events += GAME.apply(state, Pass(seat) if Pass(seat) in legal else legal[0])
    return events


def give_completed(state, seat, total, years, keep=()):
    """Put cards of ``years`` worth exactly ``total`` VP into ``seat``'s completed pile (a subset sum)."""
    player = state.players[seat]
    ways: dict[int, tuple[str, ...]] = {0: ()}
    for card in (c for c in ALL_ADVENTURES if ADVENTURES[c].year in years and c not in keep):
        for points, cards in list(ways.items()):
            ways.setdefault(points + ADVENTURES[card].vp, (*cards, card))
    for card in ways[total]:
        take_card(state, card)
        player.completed.append(card)
    player.vp = total
    state.track = sum(p.vp for p in state.players) + state.stalemate_points


def test_harrys_bypass_is_once_per_round_and_comes_back_next_round():
    state = position(cells=["A5", "H7", "H7", "H7"], board={"B5": "Y3-04"})  # The Slashed Portrait: H3, Harry H2
    GAME.apply(state, Move(0, ("B5", "B4"), ("harry",)))
    answer_until(state, lambda s: GAME.to_act(s) == (0,))  # step 2
    assert state.step == 2
    back = Move(0, ("B5", "A5"), ("harry",))
    assert back not in GAME.legal(state, 0)
    with pytest.raises(IllegalCommand, match="once per round"):
        GAME.apply(state, back)
    answer_until(state, lambda s: s.round == 2 and s.step == 1 and GAME.to_act(s) == (0,))
    assert state.players[0].cell == "B4" and state.board["B5"] == "Y3-04"
    assert back in GAME.legal(state, 0)
    GAME.apply(state, back)
    assert state.players[0].cell == "A5" and state.players[0].harry_used


def test_two_hundred_marks_crossed_in_one_round_bring_two_new_years_in_order():
    # In play a round worth over 100 VP; the position starts at 196 in Year 1 (the Year 2 and 3 decks untouched),
    # with the 4 VP that take Gryffindor to 200.
    state = position(cells=["C3", "H7", "H7", "H7"], hands=[["Y1-01"], [], [], []], board={"H3": "Y1-05"})
    give_completed(state, 1, 196, years=(1, 4), keep=("Y1-01", "Y1-05"))
    assert GAME.check_state(state) == [] and state.year == 1 and state.track == 196
    GAME.apply(state, PlayHere(0, "Y1-01"))  # +4: Gryffindor passes both 100 and 200 in this round
    assert state.track == 200
    events = answer_until(state, lambda s: s.step == 5 or s.step == 6 or s.round == 2)
    years = [e for e in events if isinstance(e, (ev.NewYear, ev.BoardCleaned, ev.AbilityRaised))]
    new_years = [e for e in years if isinstance(e, ev.NewYear)]
    assert new_years == [ev.NewYear(2, len(YEAR_CARDS[2])), ev.NewYear(3, len(YEAR_CARDS[3]))]
    assert state.year == 3 and sorted(state.year_decks) == [4, 5]
    revealed = {*state.board.values(), *state.aside, *(t.card for t in state.tasks)}  # step 5 has begun
    assert set(YEAR_CARDS[2]) | set(YEAR_CARDS[3]) <= set(state.draw) | revealed
    # Each New Year has its own feast (every player raises an ability once per New Year) ...
    second = years.index(new_years[1])
    feasts = [e.seat for e in years if isinstance(e, ev.AbilityRaised) and e.why == "feast"]
    assert sorted(feasts) == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [e.seat for e in years[:second] if isinstance(e, ev.AbilityRaised) and e.why == "feast"] == [0, 1, 2, 3]
    # ... and its own clean-up: the Year 1 card is only 1 Year old at Year 2, and 2 Years old at Year 3.
    cleaned = [e for e in years if isinstance(e, ev.BoardCleaned)]
    assert cleaned == [ev.BoardCleaned((("H3", "Y1-05"),))] and years.index(cleaned[0]) > second
    assert "Y1-05" in state.discard and "H3" not in state.board


def test_reaching_500_before_year_five_ends_the_game_after_step_three_without_a_new_year():
    # Still Year 4 at 500: in play, a round worth over 100 VP takes Gryffindor past both 400 and 500 before its
    # step 4. The position starts at 496 with the points that make 500; the New Year for 400 never comes.
    state = position(cells=["C3", "H7", "H7", "H7"], hands=[["Y1-01"], [], [], []])
    for year in (2, 3, 4):
        state.draw.extend(state.year_decks.pop(year))
    state.year = 4
    give_completed(state, 1, 496, years=(1, 2, 3, 4), keep=("Y1-01",))
    assert GAME.check_state(state) == [] and state.track == 496
    GAME.apply(state, PlayHere(0, "Y1-01"))
    assert state.track == 500 and state.ending and not state.over
    events = answer_until(state, lambda s: s.over)
    assert state.step == 3 and state.end_reason == "500"
    assert len([e for e in events if isinstance(e, ev.Passed)]) == 3 + 4 + 4  # steps 1-3 are played out
    assert [e.step for e in events if isinstance(e, ev.StepStarted)] == [2, 3]  # no step 4, 5 or 6
    assert not any(isinstance(e, (ev.NewYear, ev.Stalemate, ev.WandPassed, ev.CardPlaced)) for e in events)
    assert state.year == 4 and 5 in state.year_decks
    assert GAME.result(state).winners == (1,)


def test_the_wand_bonus_token_waits_until_a_time_turner_action_is_over():
    state = position(
        characters=("harry", "ron"),
        cells=["A5", "A5"],
        specials=[["timeturner", "hedwig"], []],
        deck_top=["Y1-02", "Y1-03", "Y1-04", "Y1-06", "Y1-08"],
    )
    GAME.apply(state, UseSpecial(0, "timeturner"))
    GAME.apply(state, DrawCards(0))  # the Time-Turner's first action
    assert state.players[0].hand == ["Y1-02", "Y1-03"]
    # Not between the two Time-Turner actions: the second follows at once, and it may use no Special Card.
    legal = GAME.legal(state, 0)
    assert not any(isinstance(c, (WandBonus, UseSpecial)) for c in legal) and Move(0, ("B5",)) in legal
    with pytest.raises(IllegalCommand, match="take an action"):
        GAME.apply(state, WandBonus(0, True))
    GAME.apply(state, Move(0, ("B5",)))  # the second: now the whole action is over
    assert GAME.legal(state, 0) == [WandBonus(0, True), WandBonus(0, False)]
    GAME.apply(state, WandBonus(0, True))
    assert UseSpecial(0, "hedwig") in GAME.legal(state, 0)  # the extra action may use a Special Card
    GAME.apply(state, UseSpecial(0, "hedwig"))
    assert state.players[0].hand == ["Y1-02", "Y1-03", "Y1-04", "Y1-06", "Y1-08"]
    assert state.players[0].wand_token == "down" and GAME.to_act(state) == (1,)


def test_the_opening_lines_tell_each_card_face_up_on_the_board():
    """Setup's step 5 turns 4 Adventure Cards face up; the log begins by placing each one (its own events are
    not kept)."""
    state = GAME.setup(3, GAME.default_options(3), 1)
    assert len(state.board) == 4 and [task.kind for task in state.tasks] == ["action"]
    placed = [event for event in GAME.opening(state) if isinstance(event, ev.CardPlaced)]
    assert placed == [ev.CardPlaced(state.wand, card, cell) for cell, card in state.board.items()]


def test_the_opening_lines_tell_the_cards_setup_set_aside():
    """Setup's New Adventure Cards may reveal a card no free space takes (two Year 1 cards for the Trapdoor
    Chamber): it was set aside, then discarded, and the log never said so (the discard pile held it from the start
    with no line why). The opening tells it, as the step did."""
    from tabletop.games.house_cup_challenge.text import describe

    state = GAME.setup(4, GAME.default_options(4), 49)
    assert state.discard == ["Y1-28"]
    lines = [describe(event, ["Ada", "Ben", "Cleo", "Dev"]) for event in GAME.opening(state)]
    assert "Dev reveals Quirrell Unmasked: none of its spaces is free, so it is set aside." in lines
    assert "The cards set aside go to the discard pile: Quirrell Unmasked." in lines
    waiting = GAME.setup(4, GAME.default_options(4), 10)  # set aside while the Wand holder still places a card
    assert waiting.aside == ["Y1-28"] and not waiting.discard
    opening = GAME.opening(waiting)
    assert ev.CardRevealed(0, "Y1-28", False) in opening and not any(isinstance(e, ev.AsideDiscarded) for e in opening)
    begun = position(cells=["A5", "H7", "H7", "H7"])  # a game begun at a position: its discards are not setup's
    assert begun.discard and not [e for e in GAME.opening(begun) if isinstance(e, (ev.CardRevealed, ev.AsideDiscarded))]
