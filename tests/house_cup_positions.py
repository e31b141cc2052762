"""Small House Cup positions built by hand, so a test can reach one rule directly."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS, HOUSES, REWARD_TOKENS
from tabletop.games.house_cup.state import HouseCupState, PlacedToken

FOUR = list(HOUSES)


def position(
    houses: Sequence[str] = FOUR,
    tableau: Sequence[Sequence[str]] | None = None,
    days: dict[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    rewards: Sequence[int] | None = None,
    supply: int | None = None,
    empty_deck: bool = False,
) -> HouseCupState:
    """A state with the given cards placed; every other card goes to the discard pile or the deck.

    ``deck_top`` lists the top of the deck, the first item on top. With ``empty_deck`` the rest of the cards
    are discarded instead of going to the deck.
    """
    players = len(houses)
    tableau = [list(cards) for cards in (tableau or [[] for _ in houses])]
    day_cards = [list((days or {}).get(day, [])) for day in range(5)]
    used = {card for cards in tableau for card in cards} | {c for d in day_cards for c in d} | set(deck_top)
    rest = [card for card in ALL_CARDS if card not in used]
    deck = [] if empty_deck else list(rest)
    deck += list(reversed(deck_top))
    rewards = list(rewards or [0] * players)
    return HouseCupState(
        houses=list(houses),
        rng=Rng.from_seed(7),
        rounds={2: 4, 3: 3, 4: 4}[players],
        deck=deck,
        discard=list(rest) if empty_deck else [],
        box=[],
        days=day_cards,
        under=[[] for _ in range(5)],
        held=[[1, 2, 3] for _ in houses],
        tableau=tableau,
        rewards=rewards,
        supply=REWARD_TOKENS - sum(rewards) if supply is None else supply,
        first=0,
    )


def taking(state: HouseCupState, day: int, tokens: Sequence[tuple[int, int]], last_round: bool = True) -> HouseCupState:
    """Put ``state`` in the taking phase on ``day`` with ``tokens`` (seat, value) stacked top first.

    Each seat's other tokens count as already used on earlier days. With ``last_round`` the game goes to
    its end once the day is taken, so no new round deals cards in the middle of a test.
    """
    if last_round:
        state.round = state.rounds
    state.phase = "take"
    state.deals = 4
    state.day = day
    state.under[day] = [PlacedToken(seat, value, True) for seat, value in tokens]
    for seat in range(state.players):
        state.held[seat] = [v for v in (1, 2, 3) if v not in [val for s, val in tokens if s == seat]]
    from tabletop.games.house_cup.moves import reveal

    reveal(state, day, [])
    return state


def day_of(card: str) -> int:
    return CARDS[card].day


def searching_at_the_end() -> HouseCupState:
    """Two players at the game's end: Slytherin has just taken Monday's last card, and Gryffindor's Help Searching
    for Points looks at the deck's top five (uniform-1, trouble-2, hagrid-1, potions-1, charms-1; castle-1 under)."""
    from tabletop.games.house_cup import GAME
    from tabletop.games.house_cup.events import TakeCard

    state = position(
        houses=["Gryffindor", "Slytherin"],
        tableau=[["help_search-1"], []],
        days={0: ["potions-5"]},
        deck_top=["uniform-1", "trouble-2", "hagrid-1", "potions-1", "charms-1", "castle-1"],
    )
    taking(state, 0, [(1, 1)])
    GAME.apply(state, TakeCard(1, "potions-5"))
    return state
