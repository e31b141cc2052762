"""The search's House Cup playouts give exactly what the plain code gives: a card's worth with its fast path and
from a ``Holding`` counted once, the gain of shedding a card weighing only the cards that may be worth less than
nothing, the playout policy draw for draw, and who acts with the next taker found in place."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tabletop.core.protocol import Command
from tabletop.core.rng import Rng
from tabletop.games.house_cup import GAME, bots, rules
from tabletop.games.house_cup.bots import Holding, card_worth, playout_policy, shedding_gain
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS, HOUSES
from tabletop.games.house_cup.events import CauldronDiscard, DiscardCard, GiveCard, PlaceToken, TakeCard
from tabletop.games.house_cup.state import HouseCupState

# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_card_worth(card: str, owned: Sequence[str], house: str) -> float:
    info = CARDS[card]
    kind = info.kind
    value = float(bots._STATIC[kind])
    if kind == "herbology" and "earphones-1" in owned:
        value = 15.0
    elif kind == "trouble" and "elf-1" in owned:
        value = 4.0
    elif kind == "uniform" and info.variant == house:
        value = 10.0
    elif kind == "potions" and sum(1 for c in owned if c.startswith("potions")) == 3:
        value = 16.0
    elif kind == "castle":
        have = {CARDS[c].variant for c in owned if CARDS[c].kind == "castle"}
        value = 0.0 if info.variant in have else 8.0 + 10.0 * len(have)
    elif kind == "earphones":
        value += 15.0 * min(3, sum(1 for c in owned if c.startswith("herbology")))
    elif kind == "elf":
        value += 5.0 * sum(1 for c in owned if c.startswith("trouble"))
    return value


def plain_shedding_gain(owned: Sequence[str], house: str) -> float:
    return max(0.0, -min(plain_card_worth(c, owned, house) for c in owned))


def plain_policy(game: object, state: HouseCupState, seat: int, legal: list[Command], rng: Rng) -> Command:
    first = legal[0]
    if len(legal) == 1 or rng.below(5) == 0 or isinstance(first, PlaceToken):
        return legal[rng.below(len(legal))]
    owned = state.tableau[seat]
    house = state.houses[seat]
    if isinstance(first, TakeCard):
        best, most = first, -math.inf
        for command in legal:
            if isinstance(command, TakeCard):
                value = plain_card_worth(command.card, owned, house)
                if CARDS[command.card].kind in bots.SHEDS_A_CARD and owned:
                    value += plain_shedding_gain(owned, house)
                if value > most:
                    best, most = command, value
        return best
    if isinstance(first, (DiscardCard, GiveCard)):
        sheds = [c for c in legal if isinstance(c, (DiscardCard, GiveCard))]
        return min(sheds, key=lambda c: plain_card_worth(c.card, owned, house))
    if isinstance(first, CauldronDiscard):
        offers = [c.card for c in legal if isinstance(c, CauldronDiscard) and c.card is not None]
        worst = min(offers, key=lambda card: plain_card_worth(card, owned, house), default=None)
        if worst is not None and plain_card_worth(worst, owned, house) < 2:
            return CauldronDiscard(seat, worst)
        return first
    return legal[rng.below(len(legal))]


def plain_to_act(state: HouseCupState) -> tuple[int, ...]:
    if state.tasks:
        return (state.tasks[-1].actor(),)
    if state.phase == "place":
        return (state.turn,)
    if state.phase == "take":
        taker = state.current_taker()
        return (taker.seat,) if taker is not None else ()
    return ()


# --- the checks ----------------------------------------------------------------------------------------------


def holdings(count: int, seed: int):
    """Random holdings, from nothing to a third of the deck, rich in the kinds whose worth depends on others."""
    rng = random.Random(seed)
    special = [card for card in ALL_CARDS if CARDS[card].kind in bots._HELD_MATTERS]
    for _ in range(count):
        size = rng.choice([0, 1, 2, 4, 7, 12, 20])
        owned = rng.sample(special if rng.random() < 0.5 else ALL_CARDS, min(size, len(special)))
        yield owned, rng.choice(HOUSES)


def test_a_cards_worth_is_the_plain_one_whether_counted_once_or_not():
    for owned, house in holdings(600, 1):
        holding = Holding(owned, house)
        for card in ALL_CARDS:
            plain = plain_card_worth(card, owned, house)
            assert card_worth(card, owned, house) == plain and holding.worth(card) == plain
        if owned:
            assert shedding_gain(owned, house) == plain_shedding_gain(owned, house)


def search_states(players: int, games: int, seed: int):
    """Every position of a few games played by the playout policy itself, with the seat to act."""
    for number in range(games):
        state = GAME.setup(players, GAME.default_options(players), seed + number)
        rng = Rng(seed + number)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            yield state, seat
            GAME.play(state, playout_policy(GAME, state, seat, GAME.legal(state, seat), rng))


def test_the_playout_policy_plays_the_plain_one_draw_for_draw():
    checked = 0
    for players, seed in ((2, 1), (3, 20), (4, 40)):
        for number, (state, seat) in enumerate(search_states(players, 6, seed)):
            assert rules.to_act(state) == plain_to_act(state)
            legal = GAME.legal(state, seat)
            for draw in range(3):
                mine, theirs = Rng(number * 5 + draw), Rng(number * 5 + draw)
                assert playout_policy(GAME, state, seat, legal, mine) == plain_policy(GAME, state, seat, legal, theirs)
                assert mine.state == theirs.state
                checked += 1
    assert checked > 3000
