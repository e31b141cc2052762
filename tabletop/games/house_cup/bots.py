"""The ``greedy`` House Cup bot: a scoring heuristic that sees only its own seat's View.

It values a card by how much it changes the bot's final score, plus a little for progress towards sets that
pay off later (the castle trio, the fourth Potion, History of Magic as cards pile up). An IMMEDIATELY card is
valued with its effect played out at once, as the rules apply it: a Trouble discards the worst card the bot
already holds (never one still on the timetable), a Letter brings a token and gives the worst card away.
Tokens go where the expected haul is best, allowing for the tokens already stacked there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import permutations
from typing import Any

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import CARDS
from tabletop.games.house_cup.events import (
    CauldronDiscard,
    DiscardCard,
    GiveCard,
    PlaceToken,
    TakeCard,
)
from tabletop.games.house_cup.scoring import best_total, quidditch_leaders
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup.view import HouseCupView

# What the bot cannot work out from its view: the card a Divination draws, the harm a Letter's gift does.
UNSEEN_GAIN = {"divination": 3.0, "letter": 1.0}
REWARD_GAIN = {"letter": 1, "hagrid": 3}  # reward tokens an effect brings its receiver
REWARD = 2.0

Hand = tuple[list[str], int]  # the bot's cards and reward tokens


class Evaluator:
    """Scores hypothetical tableaux for one seat against the table as the view shows it."""

    def __init__(self, view: HouseCupView) -> None:
        self.view = view
        self.seat = view.seat
        played = view.round - 1 + (0.5 if view.phase == "take" else 0.0)
        self.left = max(0.0, 1.0 - played / view.rounds)  # share of the game still to come

    def final(self, seat: int, cards: Sequence[str], rewards: int | None = None) -> int:
        view = self.view
        tableaux = [list(cards) if other == seat else list(view.tableau[other]) for other in range(len(view.houses))]
        leaders = quidditch_leaders(tableaux, view.houses)
        house = view.houses[seat]
        tokens = view.rewards[seat] if rewards is None else rewards
        return best_total(cards, tokens, house, leaders)

    def potential(self, cards: Sequence[str]) -> float:
        kinds = [CARDS[card].kind for card in cards]
        bonus = 0.0
        castle = {CARDS[card].variant for card in cards if CARDS[card].kind == "castle"}
        if 0 < len(castle) < 3:
            bonus += (10.0, 25.0)[len(castle) - 1]
        potions = kinds.count("potions")
        if 0 < potions < 4:
            bonus += 4.0 * potions
        bonus += kinds.count("history") * 6.0
        bonus += kinds.count("quidditch") * 4.0
        return bonus * self.left

    def worth(self, cards: Sequence[str], rewards: int | None = None) -> float:
        return self.final(self.seat, cards, rewards) + self.potential(cards)

    def hand(self) -> Hand:
        return list(self.view.tableau[self.seat]), self.view.rewards[self.seat]

    def card_value(self, card: str) -> float:
        """How much receiving ``card`` now, its IMMEDIATELY effect included, changes the bot's worth."""
        before = self.hand()
        after = self.receive(before, card)
        return self.worth(*after) - self.worth(*before) + UNSEEN_GAIN.get(CARDS[card].kind, 0.0)

    def receive(self, hand: Hand, card: str) -> Hand:
        """The bot's hand once ``card`` has arrived and its effect is done, the bot's choices made greedily.

        A Trouble or a Letter acts on the cards held at that moment, so a card still on the timetable is not
        there to discard or to give. Divination leaves (its draw is in ``UNSEEN_GAIN``).
        """
        cards, rewards = hand
        kind = CARDS[card].kind
        rewards += min(REWARD_GAIN.get(kind, 0), self.view.supply)
        if kind == "divination":
            return list(cards), rewards
        held = [*cards, card]
        if kind == "trouble":
            return self._best_without(held, rewards, cards), rewards
        if kind == "letter":
            giftable = [c for c in cards if "letter" not in CARDS[c].symbols]
            return self._best_without(held, rewards, giftable), rewards
        if kind == "cauldron" and self.view.supply:
            kept = self._best_without(held, rewards + 1, cards)
            if self.worth(kept, rewards + 1) > self.worth(held, rewards):
                return kept, rewards + 1
        return held, rewards

    def _best_without(self, held: list[str], rewards: int, choices: Sequence[str]) -> list[str]:
        """``held`` less the one card of ``choices`` the bot minds losing least (all of ``held`` if no choice)."""
        options = [[c for c in held if c != choice] for choice in choices] or [held]
        return max(options, key=lambda cards: self.worth(cards, rewards))

    def order_value(self, order: Sequence[str]) -> float:
        """The bot's worth after taking ``order`` one card at a time, each effect done before the next."""
        hand = self.hand()
        for card in order:
            hand = self.receive(hand, card)
        return self.worth(*hand) + sum(UNSEEN_GAIN.get(CARDS[card].kind, 0.0) for card in order)


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, HouseCupView)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        evaluator = Evaluator(view)
        if isinstance(first, PlaceToken):
            return self._place(view, evaluator, legal, rng)
        if isinstance(first, TakeCard):
            return self._take(view, evaluator, [c for c in legal if isinstance(c, TakeCard)], rng)
        if isinstance(first, DiscardCard):
            mine = list(view.tableau[view.seat])
            discards = [c for c in legal if isinstance(c, DiscardCard)]
            return max(discards, key=lambda c: evaluator.worth([x for x in mine if x != c.card]))
        if isinstance(first, GiveCard):
            return self._give(view, evaluator, legal)
        if isinstance(first, CauldronDiscard):
            return self._cauldron(view, evaluator, legal)
        if view.suggestion is not None:
            return view.suggestion
        return rng.choice(legal)

    def _take(self, view: HouseCupView, ev: Evaluator, legal: list[TakeCard], rng: Rng) -> Command:
        """The best card now; when every card left on the day is ours anyway, the best order to take them in
        (a Trouble taken last may discard a card taken before it)."""
        day = view.days[view.day]
        if 1 < len(day) <= view.take_left:
            best = max(permutations(day), key=ev.order_value)
            return TakeCard(view.seat, best[0])
        return max(legal, key=lambda c: ev.card_value(c.card) + rng.below(100) / 1000)

    def _place(self, view: HouseCupView, ev: Evaluator, legal: list[Command], rng: Rng) -> Command:
        values = {card: ev.card_value(card) for day in view.days for card in day}
        deals_left = 4 - view.deals  # schedule updates still to come this round
        best, best_score = legal[0], float("-inf")
        for command in legal:
            assert isinstance(command, PlaceToken)
            day, value = command.day, command.value
            cards = sorted((values[c] for c in view.days[day]), reverse=True)
            # More cards are likely to arrive: each later update lays about 0.8 cards on a day.
            cards += [1.5] * round(0.8 * deals_left)
            cards.sort(reverse=True)
            ahead = len(view.under[day]) * (value / 3.0) * 2.0  # cards likely taken before ours
            skip = round(ahead)
            mine = cards[skip : skip + value]
            score = sum(mine) if mine else REWARD
            score -= 0.8 * value  # keep the low tokens for crowded days, the 3 for rich ones
            score += rng.below(100) / 1000
            if score > best_score:
                best, best_score = command, score
        return best

    def _give(self, view: HouseCupView, ev: Evaluator, legal: list[Command]) -> Command:
        mine = list(view.tableau[view.seat])
        my_base = ev.worth(mine)
        leader = max(range(len(view.houses)), key=lambda s: ev.final(s, view.tableau[s]) if s != view.seat else -999)

        def gain(command: Command) -> float:
            assert isinstance(command, GiveCard)
            kept = ev.worth([c for c in mine if c != command.card]) - my_base
            theirs = list(view.tableau[command.to])
            received = [*theirs, command.card]
            kind = CARDS[command.card].kind
            # (Hagrid's Farm given acts again for its receiver: three reward tokens, 6 points, while they last)
            tokens = view.rewards[command.to] + min(REWARD_GAIN.get(kind, 0), view.supply)
            if kind == "trouble" and theirs:
                # A Trouble works on its receiver at once: they discard the card they mind losing least (a lone
                # Herbology, a wrong Uniform...), which may leave them better off than before the gift.
                received = max(
                    ([c for c in received if c != dropped] for dropped in theirs),
                    key=lambda cards: ev.final(command.to, cards, tokens),
                )
            harm = ev.final(command.to, theirs) - ev.final(command.to, received, tokens)
            weight = 0.6 if command.to == leader else 0.4
            return kept + weight * harm

        return max(legal, key=gain)

    def _cauldron(self, view: HouseCupView, ev: Evaluator, legal: list[Command]) -> Command:
        mine = list(view.tableau[view.seat])
        base = ev.worth(mine)
        rate = REWARD + (1.0 if any(CARDS[c].kind == "charms" for c in mine) else 0.0)

        def gain(command: Command) -> float:
            assert isinstance(command, CauldronDiscard)
            if command.card is None or view.supply == 0:
                return 0.0 if command.card is None else -1.0
            return ev.worth([c for c in mine if c != command.card]) - base + rate

        return max(legal, key=gain)


BOT_TYPES = {"greedy": GreedyBot}


# --- a cheap playout policy for search bots ------------------------------------------------------------------

_STATIC = {  # what keeping a card is roughly worth; the instants include their effect on the receiver
    "potions": 3,
    "herbology": -15,
    "creatures": 5,
    "charms": 3,
    "castle": 5,
    "quidditch": 6,
    "forward": 3,
    "uniform": -8,
    "elf": 2,
    "history": 4,
    "help_owlery": 3,
    "help_firstyears": 4,
    "help_hagrid": 3,
    "help_uniforms": 3,
    "help_nargles": 2,
    "help_search": 3,
    "flywheel": 4,
    "earphones": 2,
    "trouble": -4,
    "letter": 2,
    "divination": 2,
    "cauldron": 1,
    "hagrid": 6,
}
# The kinds whose worth depends on the other cards held or on the house (the others are worth their _STATIC).
_HELD_MATTERS = frozenset({"herbology", "trouble", "uniform", "potions", "castle", "earphones", "elf"})
_MAY_HARM = frozenset(card for card, info in CARDS.items() if _STATIC[info.kind] < 0)  # the cards worth < 0 alone
SHEDS_A_CARD = ("trouble", "letter")  # effects that at once rid the receiver of one card they already hold


def card_worth(card: str, owned: Sequence[str], house: str) -> float:
    """A rough worth of holding ``card`` beside ``owned``: fast enough for thousands of playouts."""
    kind = CARDS[card].kind
    if kind not in _HELD_MATTERS:  # most kinds are worth the same whatever else is held
        return float(_STATIC[kind])
    return Holding(owned, house).worth(card)


def shedding_gain(owned: Sequence[str], house: str) -> float:
    """What shedding the worst of the cards owned (at least one) gains at once.

    Only a card of a kind worth less than nothing (``_STATIC``) can be worth less than nothing to hold: every
    other case of ``card_worth`` gives 0 or more. So only those cards are weighed; with none, nothing is gained."""
    harmful = [card for card in owned if card in _MAY_HARM]
    if not harmful:
        return 0.0
    worth = Holding(owned, house).worth
    return max(0.0, -min(map(worth, harmful)))


class Holding:
    """What a card's worth reads of the cards a seat owns, counted once, so that a playout weighing every card it
    may take or shed against the others counts them once (tests/test_house_cup_playout_speed.py checks ``worth``
    against the plain rule, case for case)."""

    __slots__ = ("house", "earphones", "elf", "potions", "herbology", "troubles", "castles")

    def __init__(self, owned: Sequence[str], house: str) -> None:
        self.house = house
        self.earphones = "earphones-1" in owned
        self.elf = "elf-1" in owned
        self.potions = self.herbology = self.troubles = 0
        self.castles: set[str] = set()
        for card in owned:  # by kind (a kind's cards are the ids that start with its name)
            info = CARDS[card]
            kind = info.kind
            if kind == "potions":
                self.potions += 1
            elif kind == "herbology":
                self.herbology += 1
            elif kind == "trouble":
                self.troubles += 1
            elif kind == "castle":
                self.castles.add(info.variant)

    def worth(self, card: str) -> float:
        """The worth of holding ``card`` beside the cards owned (``card_worth``)."""
        info = CARDS[card]
        kind = info.kind
        value = float(_STATIC[kind])
        if kind not in _HELD_MATTERS:
            return value
        if kind == "herbology" and self.earphones:
            value = 15.0
        elif kind == "trouble" and self.elf:
            value = 4.0
        elif kind == "uniform" and info.variant == self.house:
            value = 10.0
        elif kind == "potions" and self.potions == 3:
            value = 16.0
        elif kind == "castle":
            value = 0.0 if info.variant in self.castles else 8.0 + 10.0 * len(self.castles)
        elif kind == "earphones":
            value += 15.0 * min(3, self.herbology)
        elif kind == "elf":
            value += 5.0 * self.troubles
        return value


def playout_policy(game: Any, state: HouseCupState, seat: int, legal: list[Command], rng: Rng) -> Command:
    """Playouts: take the best-looking card, discard or give the worst; everything else at random."""
    first = legal[0]
    if len(legal) == 1 or rng.below(5) == 0 or isinstance(first, PlaceToken):
        return legal[rng.below(len(legal))]
    owned = state.tableau[seat]
    house = state.houses[seat]
    if isinstance(first, TakeCard):
        # The take worth most to receive (the first of equals): its worth held, plus, for a Trouble or a Letter,
        # what shedding the worst card owned gains at once; that gain is the same for every take, so it is worked
        # out once, not once per take.
        best, most, shedding = first, -math.inf, None
        worth = Holding(owned, house).worth
        for command in legal:
            if isinstance(command, TakeCard):
                value = worth(command.card)
                if CARDS[command.card].kind in SHEDS_A_CARD and owned:
                    if shedding is None:
                        shedding = shedding_gain(owned, house)
                    value += shedding
                if value > most:
                    best, most = command, value
        return best
    if isinstance(first, (DiscardCard, GiveCard)):
        sheds = [c for c in legal if isinstance(c, (DiscardCard, GiveCard))]
        worth = Holding(owned, house).worth
        return min(sheds, key=lambda c: worth(c.card))
    if isinstance(first, CauldronDiscard):
        offers = [c.card for c in legal if isinstance(c, CauldronDiscard) and c.card is not None]
        worth = Holding(owned, house).worth
        worst = min(offers, key=worth, default=None)
        if worst is not None and worth(worst) < 2:
            return CauldronDiscard(seat, worst)
        return first
    return legal[rng.below(len(legal))]
