"""House Cup: rules of the rulebook (seed 000) that the rule-by-rule audit found pinned only by random games (the
independent models, the contract's privacy check) or by no test at all, each now reached directly through the
protocol (GAME.setup / legal / apply / view).
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.house_cup.flow import start_round
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup.view import TokenView
from tests.house_cup_positions import position, taking


def stack(state: HouseCupState, day: int) -> list[tuple[int, int]]:
    return [(token.seat, token.value) for token in state.under[day]]


def dealt(events: list[Event]) -> list[ev.Dealt]:
    return [event for event in events if isinstance(event, ev.Dealt)]


def test_a_token_may_go_under_any_day_an_empty_one_or_one_with_tokens_of_any_owner_already():
    """The rulebook: "place it face down under a schedule card of your choice. ... You may place a token under a
    card where other tokens already lie, either yours or other players' tokens. You may place a token under an empty
    schedule card." And in a 2-player game each schedule update lays 3 cards."""
    state = GAME.setup(2, GAME.default_options(2), 4)
    empty = next(day for day, cards in enumerate(state.days) if not cards)
    every = {PlaceToken(0, day, value) for day in range(5) for value in (1, 2, 3)}
    assert set(GAME.legal(state, 0)) == every  # (an empty day among them)
    GAME.apply(state, PlaceToken(0, empty, 2))
    assert PlaceToken(1, empty, 3) in GAME.legal(state, 1)  # under another player's token
    events = GAME.apply(state, PlaceToken(1, empty, 3))
    assert [len(deal.cards) for deal in dealt(events)] == [3]  # the second update, 3 cards with two players
    assert {PlaceToken(0, empty, 1), PlaceToken(0, empty, 3)} <= set(GAME.legal(state, 0))  # under their own
    GAME.apply(state, PlaceToken(0, empty, 3))
    assert stack(state, empty) == [(0, 2), (1, 3), (0, 3)]  # each new token beneath the ones already there


def test_cards_dealt_go_to_the_day_they_show_several_on_one_day_in_the_order_laid():
    """The rulebook: "lays them out by day of the week ... More than one card may go on the same day. Stack them on
    top of each other"; four Monday cards from the top of the deck all go on Monday."""
    mondays = ["potions-5", "castle-1", "uniform-3", "help_owlery-1"]
    state = position(deck_top=[*mondays, "potions-1"])
    events: list[Event] = []
    start_round(state, events)
    assert dealt(events) == [ev.Dealt(tuple(mondays), len(state.deck))]
    assert state.days == [mondays, [], [], [], []]
    assert state.deck[-1] == "potions-1"  # the fifth card stays on top of the deck


def test_tokens_are_secret_until_their_day_is_turned_over():
    """The rulebook: "Keep your tokens in front of you, face down, so that other players cannot see which token you
    placed and which ones you still have", and "The first player turns over all the tokens under Monday ... Do the
    same with each schedule card in turn": while Monday is taken, Tuesday's tokens still lie face down."""
    state = GAME.setup(3, GAME.default_options(3), 2)
    first, second = [day for day, cards in enumerate(state.days) if cards][:2]
    GAME.apply(state, PlaceToken(0, first, 2))
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.under[first] == (TokenView(0, 2, False),) and mine.held[0] == (1, 3)
    assert theirs.under[first] == (TokenView(0, None, False),)  # placed: seen, its number not
    assert theirs.held[0] is None and theirs.held_count[0] == 2  # how many left, not which
    # The rest of the placing: seat 0's other tokens go under the later day.
    for command in (
        PlaceToken(1, first, 1),
        PlaceToken(2, first, 3),
        PlaceToken(0, second, 1),
        PlaceToken(1, second, 2),
        PlaceToken(2, second, 1),
        PlaceToken(0, second, 3),
        PlaceToken(1, second, 3),
        PlaceToken(2, second, 2),
    ):
        GAME.apply(state, command)
    assert state.phase == "take" and state.day == first and GAME.to_act(state) == (1,)  # the lowest, the 1
    theirs = GAME.view(state, 1)
    assert theirs.under[first] == (TokenView(0, 2, True), TokenView(1, 1, True), TokenView(2, 3, True))
    assert [token.value for token in theirs.under[second] if token.seat == 0] == [None, None]
    assert [token.value for token in GAME.view(state, 0).under[second] if token.seat == 0] == [1, 3]


def test_a_players_two_tokens_under_one_day_each_take_in_their_own_turn():
    """The rulebook: a token may lie under a card where the player's own token lies; "Players take activity cards
    from each schedule card in the order in which their tokens lie ... If there are not enough, the player takes as
    many as remain". Gryffindor's 3 and 1 under Monday around Slytherin's 2, four cards: Gryffindor's 1 takes one,
    Slytherin two, Gryffindor's 3 the last one; both got a card, so nobody earns a reward token."""
    state = position(houses=["Gryffindor", "Slytherin"], days={0: ["potions-5", "castle-1", "uniform-3", "castle-6"]})
    taking(state, 0, [(0, 3), (1, 2), (0, 1)])
    order = []
    for card in ("potions-5", "castle-1", "uniform-3", "castle-6"):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, TakeCard(seat, card))
    assert order == [0, 1, 1, 0]
    assert state.tableau == [["potions-5", "castle-6"], ["castle-1", "uniform-3"]]
    assert state.rewards == [0, 0] and state.held == [[1, 2, 3], [1, 2, 3]]
