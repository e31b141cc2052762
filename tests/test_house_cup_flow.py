"""Setup, the schedule updates, taking day by day, rounds, the end, the tie-breaks, and whole games in which
every IMMEDIATELY card acts the moment it is received."""

from collections import Counter

import pytest

from tabletop.bots import make_bot
from tabletop.core import IllegalCommand
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.core.rng import Rng
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import CARDS, INSTANT_KINDS, SMALL_GAME_REMOVALS
from tabletop.games.house_cup.events import (
    CauldronDiscard,
    ChooseFlywheelSet,
    DiscardCard,
    GiveCard,
    KeepCard,
    PlaceToken,
    TakeCard,
)
from tabletop.games.house_cup.flow import final_scores
from tabletop.games.house_cup.state import HouseCupState, PlacedToken
from tests.house_cup_positions import position, searching_at_the_end, taking


def new(players, seed=1, first=0):
    options = GAME.default_options(players)
    options["first"] = first
    return GAME.setup(players, options, seed)


@pytest.mark.parametrize("players,rounds,deck,dealt", [(2, 4, 58, 3), (3, 3, 58, 4), (4, 4, 68, 4)])
def test_setup_by_player_count(players, rounds, deck, dealt):
    state = new(players)
    assert state.rounds == rounds
    assert sorted(state.box) == sorted(SMALL_GAME_REMOVALS if players < 4 else [])
    on_days = [card for day in state.days for card in day]
    assert len(on_days) == dealt
    assert len(state.deck) + len(on_days) == deck
    for day, cards in enumerate(state.days):
        assert all(CARDS[card].day == day for card in cards)
    assert state.supply == 46
    assert state.held == [[1, 2, 3]] * players
    assert GAME.check_state(state) == []


def test_options_without_a_first_player_give_the_hat_to_the_first_seat():
    options = {"houses": ["Ravenclaw", "Hufflepuff", "Slytherin"]}  # "first" left out: check_options reads 0
    assert GAME.check_options(3, options) is None
    state = GAME.setup(3, options, 4)
    assert state.first == 0 and GAME.to_act(state) == (0,)


def test_small_game_removal_is_seven_potions_and_one_of_each_castle_card():
    kinds = [CARDS[c].kind for c in SMALL_GAME_REMOVALS]
    assert kinds.count("potions") == 7 and kinds.count("castle") == 3
    assert {CARDS[c].variant for c in SMALL_GAME_REMOVALS if CARDS[c].kind == "castle"} == {"A", "B", "C"}


# The supplement's "Every copy" table (house-cup-deck.md): each kind's copies in order, by the day each shows
# (0 = Monday), with the symbol and the variant they bear.
DECK_DAYS = {
    "trouble": "01234012",
    "letter": "3401",
    "divination": "23",
    "cauldron": "4",
    "hagrid": "0",
    "potions": "1234012340123",
    "herbology": "4012",
    "creatures": "3401",
    "charms": "234",
    "castle": "012340",
    "quidditch": "1234",
    "forward": "012",
    "uniform": "3401",
    "elf": "2",
    "history": "34",
    "help_owlery": "0",
    "help_firstyears": "1",
    "help_hagrid": "2",
    "help_uniforms": "3",
    "help_nargles": "4",
    "help_search": "0",
    "flywheel": "1",
    "earphones": "2",
}
DECK_SYMBOLS = {
    "letter": {"letter"},
    "hagrid": {"animal"},
    "creatures": {"animal"},
    "quidditch": {"clothing"},
    "uniform": {"clothing"},
    "earphones": {"clothing"},
    "elf": {"help"},
    **{kind: {"help"} for kind in ("help_owlery", "help_firstyears", "help_hagrid", "help_uniforms", "help_search")},
    "help_nargles": {"clothing", "letter", "help", "animal"},
}
DECK_VARIANTS = {
    "trouble": ["pixie"] + [""] * 7,
    "castle": list("ABCABC"),
    "forward": ["Gryffindor", "Slytherin", "Ravenclaw"],
    "uniform": ["Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin"],
}


def test_the_deck_is_the_supplements_68_cards_each_on_its_day_with_its_symbols():
    assert len(CARDS) == 68
    assert Counter(card.day for card in CARDS.values()) == {0: 14, 1: 14, 2: 14, 3: 13, 4: 13}
    for kind, days in DECK_DAYS.items():
        copies = [CARDS[f"{kind}-{number}"] for number in range(1, len(days) + 1)]
        assert all(card.kind == kind for card in copies)
        assert "".join(str(card.day) for card in copies) == days, kind
        assert all(card.symbols == DECK_SYMBOLS.get(kind, set()) for card in copies), kind
        assert [card.variant for card in copies] == DECK_VARIANTS.get(kind, [""] * len(days)), kind
    assert sum(map(len, DECK_DAYS.values())) == 68


def test_same_seed_same_deal_and_another_seed_another():
    assert to_json(new(4, seed=5)) == to_json(new(4, seed=5))
    assert new(4, seed=5).deck != new(4, seed=6).deck


def test_placement_goes_clockwise_from_the_first_player_three_times_with_four_updates():
    state = new(4, first=2)
    order = []
    for _ in range(12):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert order == [2, 3, 0, 1] * 3
    assert state.deals == 4 and state.phase == "take"
    assert sum(len(cards) for cards in state.days) <= 16


def test_tokens_stack_in_placing_order_as_in_the_rulebook_example():
    # Slytherin, Gryffindor, Hufflepuff, Ravenclaw act in that order.
    state = GAME.setup(4, {"houses": ["Slytherin", "Gryffindor", "Hufflepuff", "Ravenclaw"], "first": 0}, 3)
    GAME.apply(state, PlaceToken(0, 3, 1))
    GAME.apply(state, PlaceToken(1, 2, 2))
    GAME.apply(state, PlaceToken(2, 2, 1))
    GAME.apply(state, PlaceToken(3, 3, 3))
    assert [(t.seat, t.value) for t in state.under[2]] == [(1, 2), (2, 1)]
    assert [(t.seat, t.value) for t in state.under[3]] == [(0, 1), (3, 3)]


def test_placing_refuses_a_used_token_another_seat_and_a_bad_day_without_changing_anything():
    state = new(4)
    GAME.apply(state, PlaceToken(0, 1, 2))
    for _ in range(3):
        (seat,) = GAME.to_act(state)
        GAME.apply(state, GAME.legal(state, seat)[0])
    before = to_json(state)
    with pytest.raises(IllegalCommand, match="already placed your 2"):
        GAME.apply(state, PlaceToken(0, 0, 2))
    with pytest.raises(IllegalCommand, match="Gryffindor's move"):
        GAME.apply(state, PlaceToken(1, 0, 1))
    with pytest.raises(IllegalCommand, match="Monday to Friday"):
        GAME.apply(state, PlaceToken(0, 7, 1))
    with pytest.raises(IllegalCommand):
        GAME.apply(state, TakeCard(0, "potions-1"))
    assert to_json(state) == before


def test_a_malformed_or_foreign_command_is_refused_without_changing_anything():
    state = new(4)
    before = to_json(state)
    for command in (PlaceToken("0", 1, 1), PlaceToken(True, 1, 1), TakeCard(0, None), Command(0)):
        with pytest.raises(IllegalCommand):
            GAME.apply(state, command)
    assert to_json(state) == before


def test_rulebook_taking_example():
    # Under Monday: Gryffindor 3, Hufflepuff 1, Slytherin 2, Ravenclaw 1; three cards.
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    state = position(houses=houses, days={0: ["potions-5", "herbology-2", "castle-1"]})
    taking(state, 0, [(0, 3), (2, 1), (1, 2), (3, 1)])
    assert GAME.to_act(state) == (2,)  # Hufflepuff's 1 lies higher than Ravenclaw's
    GAME.apply(state, TakeCard(2, "potions-5"))
    assert GAME.to_act(state) == (3,)
    GAME.apply(state, TakeCard(3, "castle-1"))
    assert GAME.to_act(state) == (1,)
    events = GAME.apply(state, TakeCard(1, "herbology-2"))  # wanted 2, only 1 left
    assert ev.RewardsTaken(0, 1, 1, "nothing") in events  # Gryffindor got no card
    assert state.tableau == [[], ["herbology-2"], ["potions-5"], ["castle-1"]]
    assert state.rewards == [1, 0, 0, 0]
    assert all(sorted(h) == [1, 2, 3] for h in state.held)  # every token came back


def test_a_taker_must_take_as_many_as_the_token_shows():
    state = position(houses=["Gryffindor", "Slytherin"], days={1: ["potions-1", "potions-6", "trouble-2"]})
    taking(state, 1, [(0, 2), (1, 3)])
    GAME.apply(state, TakeCard(0, "potions-1"))
    assert GAME.to_act(state) == (0,)  # still one to take: the Trouble may be forced on them
    with pytest.raises(IllegalCommand, match="not on Tuesday"):
        GAME.apply(state, TakeCard(0, "potions-2"))
    GAME.apply(state, TakeCard(0, "potions-6"))
    assert GAME.to_act(state) == (1,)


def test_an_empty_day_gives_a_reward_token_to_each_token_owner():
    state = position(houses=["Gryffindor", "Slytherin"])
    state.day = 0
    state.under[4] = [PlacedToken(1, 2, False)]
    state.under[3] = [PlacedToken(0, 1, False), PlacedToken(1, 1, False)]
    state.held = [[2, 3], [3]]
    state.phase, state.deals, state.round = "take", 4, state.rounds
    from tabletop.games.house_cup.flow import advance

    events = []
    advance(state, events)
    assert state.rewards == [1, 2]
    assert [e.day for e in events if isinstance(e, ev.TokensRevealed)] == [1, 2, 3, 4]
    assert state.phase == "over"


def test_the_hat_passes_left_and_leftover_cards_stay_for_the_next_round():
    state = new(3, seed=11)
    for _ in range(9):
        (seat,) = GAME.to_act(state)
        # Everyone stacks on Monday, so the other days keep their cards.
        GAME.apply(state, PlaceToken(seat, 0, max(state.held[seat])))
    kept = {day: list(state.days[day]) for day in range(1, 5)}
    while state.round == 1:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.first == 1
    for day, cards in kept.items():
        assert state.days[day][: len(cards)] == cards


@pytest.mark.parametrize("players,firsts", [(2, [0, 1, 0, 1]), (3, [0, 1, 2]), (4, [0, 1, 2, 3])])
def test_every_wizard_is_first_player_as_often_as_the_rules_say(players, firsts):
    state = new(players, seed=2)
    seen = []
    while GAME.result(state) is None:
        if state.phase == "place" and state.deals == 1 and state.placed == 0 and seen[-1:] != [state.round]:
            seen.append(state.round)
            assert state.first == firsts[state.round - 1]
        (seat,) = GAME.to_act(state)
        GAME.apply(state, GAME.legal(state, seat)[-1])
    assert seen == list(range(1, len(firsts) + 1))


def test_an_empty_deck_deals_nothing():
    state = position(houses=["Gryffindor", "Slytherin"], empty_deck=True)
    from tabletop.games.house_cup.moves import deal

    events = []
    deal(state, events)
    assert events == [ev.Dealt((), 0)]
    assert all(day == [] for day in state.days)


def test_help_searching_for_points_keeps_one_of_five_and_discards_the_rest():
    state = searching_at_the_end()
    search = state.tasks[-1]
    assert search.kind == "search" and search.cards == ["uniform-1", "trouble-2", "hagrid-1", "potions-1", "charms-1"]
    assert GAME.view(state, 0).suggestion == KeepCard(0, "uniform-1")  # +10 for Gryffindor beats Hagrid's 3 tokens
    GAME.apply(state, KeepCard(0, "hagrid-1"))
    assert state.tableau[0] == ["help_search-1", "hagrid-1"]
    assert state.rewards[0] == 3  # received from the deck: Hagrid's Farm acts, as it would anywhere
    assert {"uniform-1", "trouble-2", "potions-1", "charms-1"} <= set(state.discard)
    assert state.deck[-1] == "castle-1"
    assert GAME.result(state) is not None


def searched(deck_top: list[str], tableau: list[str]) -> HouseCupState:
    """A 2-player game at its end, Gryffindor (seat 0) holding ``tableau`` and about to search ``deck_top``."""
    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["help_search-1", *tableau], ["quidditch-1"]],
        days={0: ["potions-5"]},
        deck_top=deck_top,
    )
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    assert state.tasks[-1].kind == "search" and state.tasks[-1].seat == 0
    return state


def test_a_card_kept_with_help_searching_for_points_applies_its_immediately_effect_before_the_scores():
    # A Trouble kept makes its keeper discard one of their other cards, their choice, before the game ends.
    state = searched(["trouble-2", "potions-1", "potions-2", "potions-3", "potions-4", "castle-1"], ["herbology-2"])
    assert GAME.view(state, 0).suggestion == KeepCard(0, "trouble-2")  # -5, and the -20 Herbology discarded
    GAME.apply(state, KeepCard(0, "trouble-2"))
    assert GAME.result(state) is None and state.tasks[-1].kind == "trouble"
    assert set(GAME.legal(state, 0)) == {DiscardCard(0, "help_search-1"), DiscardCard(0, "herbology-2")}
    GAME.apply(state, DiscardCard(0, "herbology-2"))
    assert state.tableau[0] == ["help_search-1", "trouble-2"] and GAME.result(state) is not None
    # A Letter kept gives its token and a card to an opponent (a Quidditch card given away can change the leader).
    state = searched(["letter-2", "potions-1", "potions-2", "potions-3", "potions-4", "castle-1"], ["herbology-2"])
    GAME.apply(state, KeepCard(0, "letter-2"))
    assert state.rewards[0] == 1 and state.tasks[-1].kind == "letter"
    GAME.apply(state, GiveCard(0, "herbology-2", 1))
    assert state.tableau[1][-1] == "herbology-2" and GAME.result(state) is not None
    # A Divination kept draws the next card of the deck (which acts in turn) and goes back into the deck.
    state = searched(["divination-1", "potions-1", "potions-2", "potions-3", "potions-4", "hagrid-1"], [])
    GAME.apply(state, KeepCard(0, "divination-1"))
    assert state.tableau[0] == ["help_search-1", "hagrid-1"] and state.rewards[0] == 3
    assert "divination-1" in state.deck and GAME.result(state) is not None
    # The Magic Cauldron: every player in turn, its keeper first, may discard a card for a reward token.
    state = searched(["cauldron-1", "potions-1", "potions-2", "potions-3", "potions-4", "castle-1"], ["herbology-2"])
    GAME.apply(state, KeepCard(0, "cauldron-1"))
    GAME.apply(state, CauldronDiscard(0, "herbology-2"))
    GAME.apply(state, CauldronDiscard(1, None))
    assert state.tableau[0] == ["help_search-1", "cauldron-1"] and state.rewards[0] == 1
    assert GAME.result(state) is not None


def test_the_search_suggestion_weighs_each_effect_and_never_reads_the_deck():
    from tabletop.games.house_cup.rules import kept_total
    from tabletop.games.house_cup.scoring import best_total, quidditch_leaders

    state = searched(["divination-1", "potions-1", "potions-2", "potions-3", "potions-4", "hagrid-1"], ["herbology-2"])

    def plain(cards, rewards):  # Gryffindor's total with these cards, Slytherin's as they are
        return best_total(cards, rewards, "Gryffindor", quidditch_leaders([cards, state.tableau[1]], state.houses))

    mine = state.tableau[0]
    assert kept_total(state, 0, "hagrid-1") == plain([*mine, "hagrid-1"], 3)
    assert kept_total(state, 0, "trouble-2") == plain(["help_search-1", "trouble-2"], 0)  # the -20 Herbology goes
    assert kept_total(state, 0, "letter-2") == plain(["help_search-1", "letter-2"], 1)  # a token, Herbology given
    assert kept_total(state, 0, "cauldron-1") == plain(["help_search-1", "cauldron-1"], 1)
    assert kept_total(state, 0, "potions-1") == plain([*mine, "potions-1"], 0)
    # Divination goes back and draws a card the seat cannot see: the same worth whatever the deck holds.
    assert kept_total(state, 0, "divination-1") == plain(mine, 0)
    suggested = GAME.view(state, 0).suggestion
    for top in (["hagrid-1"], ["trouble-3"], ["creatures-1"]):
        state.deck[-1:] = top
        assert GAME.view(state, 0).suggestion == suggested


def test_help_searching_with_a_short_or_empty_deck():
    state = position(
        houses=["Gryffindor", "Slytherin"], tableau=[["help_search-1"], []], days={0: ["potions-5"]}, empty_deck=True
    )
    state.discard.remove("potions-1")
    state.deck = ["potions-1"]
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    # one card is a choice too: keep it, or none (the card "lets you" keep one: the rulebook)
    assert GAME.legal(state, 0) == [KeepCard(0, None), KeepCard(0, "potions-1")] and GAME.result(state) is None
    GAME.apply(state, KeepCard(0, "potions-1"))
    assert "potions-1" in state.tableau[0]
    assert GAME.result(state) is not None
    empty = position(
        houses=["Gryffindor", "Slytherin"], tableau=[["help_search-1"], []], days={0: ["potions-5"]}, empty_deck=True
    )
    taking(empty, 0, [(1, 1)])
    events = GAME.apply(empty, TakeCard(1, "potions-5"))
    assert any(isinstance(e, ev.SearchLooked) and e.count == 0 for e in events)
    assert GAME.result(empty) is not None


def test_help_searching_for_points_may_keep_none_of_the_cards():
    """The card "lets you take 5 cards from the top of the deck and keep any one of them" (the rulebook): the
    engine made its owner keep one, and at the game's end the last cards of the deck may cost points (a review:
    the deck's last card, a Herbology without Earphones, turned Slytherin's win into last place). None may be
    kept; every card looked at is discarded, and the suggestion keeps none when each would cost."""
    from tabletop.games.house_cup.rules import best_suggestion

    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["help_search-1", "potions-2", "potions-3"], []],
        days={0: ["potions-5"]},
        empty_deck=True,
    )
    state.discard.remove("herbology-1")
    state.deck = ["herbology-1"]
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    assert KeepCard(0, None) in GAME.legal(state, 0)
    assert best_suggestion(state, 0) == KeepCard(0, None)  # Herbology alone, without Earphones: -20
    events = GAME.apply(state, KeepCard(0, None))
    assert ev.SearchKept(0, None, ("herbology-1",)) in events and "herbology-1" in state.discard
    assert "herbology-1" not in state.tableau[0]
    result = GAME.result(state)
    assert result is not None and result.winners == (0,)


def test_flywheel_choice_is_offered_only_for_started_sets():
    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["flywheel-1", "herbology-2", "castle-1"], []],
        days={0: ["potions-5"]},
    )
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    legal = GAME.legal(state, 0)
    assert set(legal) == {ChooseFlywheelSet(0, None), ChooseFlywheelSet(0, "herbology"), ChooseFlywheelSet(0, "castle")}
    assert GAME.view(state, 0).suggestion == ChooseFlywheelSet(0, None)  # Herbology without Earphones costs more
    with pytest.raises(IllegalCommand, match="started"):
        GAME.apply(state, ChooseFlywheelSet(0, "potions"))
    GAME.apply(state, ChooseFlywheelSet(0, "castle"))
    assert GAME.result(state).scores[0] == -20


def test_flywheel_without_a_started_set_asks_nothing():
    state = position(houses=["Gryffindor", "Slytherin"], tableau=[["flywheel-1"], []], days={0: ["potions-5"]})
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    assert GAME.result(state) is not None


def test_tie_break_fewer_cards_then_shared():
    state = position(
        houses=["Gryffindor", "Slytherin", "Ravenclaw"],
        tableau=[["potions-1", "potions-2", "potions-3", "potions-4"], ["quidditch-1"], []],
        rewards=[0, 0, 0],
    )
    state.phase = "over"
    scores, winners = final_scores(state)
    assert scores == (20, 30, 0) and winners == (1,)
    state.tableau = [["potions-1"], ["charms-1"], []]
    state.rewards = [0, 0, 0]
    assert final_scores(state) == ((2, 0, 0), (0,))
    state.tableau = [["quidditch-1", "potions-1"], ["quidditch-2"], []]
    state.rewards = [0, 1, 0]
    # 32 against 32: Slytherin has fewer cards.
    assert final_scores(state) == ((32, 32, 0), (1,))
    state.tableau = [["quidditch-1"], ["quidditch-2"], []]
    state.rewards = [0, 0, 0]
    result = GAME.result(state)
    assert result.winners == (0, 1) and "share" in result.summary


# --- no IMMEDIATELY effect is ever skipped, over whole games ------------------------------------------------


def received_instant(event):
    """``(receiver, card)`` when ``event`` puts an IMMEDIATELY card in front of a player, else None."""
    match event:
        case ev.CardTaken(seat=seat, card=card) | ev.CardDrawn(seat=seat, card=str() as card):
            pass
        case ev.CardGiven(to_seat=seat, card=card) | ev.SearchKept(seat=seat, card=str() as card):
            pass
        case _:
            return None
    return (seat, card) if CARDS[card].kind in INSTANT_KINDS else None


def effects_done(events, players):
    """How many times each IMMEDIATELY effect began, and how many times the log shows it run to its end."""
    began = Counter(CARDS[e.card].kind for e in events if isinstance(e, ev.InstantApplied))
    began["cauldron"] *= players  # every player decides once per Cauldron
    began["letter gift"] = began["letter"]
    ended = Counter()
    for e in events:
        match e:
            case ev.CardDiscarded(reason="trouble"):
                ended["trouble"] += 1
            case ev.NothingToDo(card=card):  # a Trouble with nothing to discard, a Letter with nothing to give
                ended["trouble" if CARDS[card].kind == "trouble" else "letter gift"] += 1
            case ev.CardGiven():
                ended["letter gift"] += 1
            case ev.RewardsTaken(reason="letter" | "hagrid" as kind):
                ended[kind] += 1
            case ev.ShuffledBack():
                ended["divination"] += 1
            case ev.CauldronPassed() | ev.CardDiscarded(reason="cauldron"):
                ended["cauldron"] += 1
    return +began, +ended


def play_recorded(seed, bot_ids):
    """A seeded bot game; the events of each command, in order."""
    players = len(bot_ids)
    options = GAME.default_options(players)
    options["first"] = seed % players
    state = GAME.setup(players, options, seed)
    bots = [make_bot(GAME, bot_id) for bot_id in bot_ids]
    rng = Rng.from_seed(seed)
    batches = []
    while GAME.result(state) is None:
        (seat,) = GAME.to_act(state)
        batches.append(GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rng)))
        assert len(batches) < 2000
    return batches


def test_every_received_immediately_card_acts_at_once_in_whole_games():
    """Before, an IMMEDIATELY card taken with more picks to come waited (and a Trouble could discard it, its
    effect lost). Now each card received - taken, drawn by Divination, given by a Letter or kept from a search -
    is applied in the same command that brought it, and every effect runs to its end."""
    seen = Counter()
    for seed in range(240):
        players = 2 + seed % 3
        bot_ids = ["greedy" if seed % 8 == 0 else "random"] * players
        batches = play_recorded(seed, bot_ids)
        for batch in batches:
            received = [r for r in map(received_instant, batch) if r is not None]
            applied = [(e.seat, e.card) for e in batch if isinstance(e, ev.InstantApplied)]
            assert applied == received, f"seed {seed}: an IMMEDIATELY card did not act the moment it came"
        events = [e for batch in batches for e in batch]
        began, ended = effects_done(events, players)
        assert began == ended, f"seed {seed}: an IMMEDIATELY effect did not run to its end"
        seen.update(kind_of_receipt(events))
    # The chains the rule is about all happened: two instants in one taker's picks, a Letter giving an
    # instant, a Divination drawing one.
    assert seen["two in one turn"] and seen["given"] and seen["drawn"], seen


def kind_of_receipt(events):
    """Counts of the interesting ways instants arrived in one game."""
    counts = Counter()
    this_turn = Counter()
    for e in events:
        if isinstance(e, ev.TokenReturned):
            this_turn[e.seat] = 0
        elif isinstance(e, ev.CardTaken) and CARDS[e.card].kind in INSTANT_KINDS:
            this_turn[e.seat] += 1
            counts["two in one turn"] += this_turn[e.seat] == 2
        elif isinstance(e, ev.CardGiven) and CARDS[e.card].kind in INSTANT_KINDS:
            counts["given"] += 1
        elif isinstance(e, ev.CardDrawn) and e.card and CARDS[e.card].kind in INSTANT_KINDS:
            counts["drawn"] += 1
    return counts


def test_the_sorting_hat_passes_between_rounds_not_after_the_last():
    """The log told "The Sorting Hat passes to Gryffindor" after the last round, when nobody takes it again (a
    reviewer reading the log): it passes once between each two rounds."""
    import random

    for players in (2, 3, 4):
        state = GAME.setup(players, GAME.default_options(players), players)
        rng, passes = random.Random(players), 0
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            events = GAME.apply(state, rng.choice(GAME.legal(state, seat)))
            passes += sum(isinstance(event, ev.HatPassed) for event in events)
        assert passes == state.rounds - 1, (players, passes)


@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_has_secrets_in_the_taking_only_while_one_of_its_tokens_lies_face_down(players):
    """Once a seat's tokens are all turned over (Friday's taking, or earlier), its screen hides nothing: each take
    went through a privacy screen and a tap though nothing on the table was secret (a pass-and-play review)."""
    bot, rng = make_bot(GAME, "greedy"), Rng(players)
    state = GAME.setup(players, GAME.default_options(players), 11)
    seen = {True: 0, False: 0}
    while GAME.result(state) is None:
        if state.phase == "take" and not state.tasks:
            for seat in range(players):
                hidden = any(t.seat == seat and not t.revealed for day in state.under for t in day)
                assert GAME.has_secrets(state, seat) == hidden
                seen[hidden] += 1
        for seat in range(players):  # a screen passed without a cover shows nothing of its seat's own
            if not GAME.has_secrets(state, seat):
                assert GAME.secrets(GAME.view(state, seat)) == [], (state.phase, seat)
        if state.phase == "place":
            assert all(GAME.has_secrets(state, seat) for seat in range(players))  # (the tokens in hand)
        seat = GAME.to_act(state)[0]
        GAME.apply(state, bot.choose(GAME.view(state, seat), rng))
    assert seen[True] and seen[False]
