"""The ``greedy`` House Cup bot: a scoring heuristic that sees only its own seat's View.

It values a card by how much it changes the bot's final score, plus a little for progress towards sets that
pay off later (the castle trio, the fourth Potion, History of Magic as cards pile up). Tokens go where the
expected haul is best, allowing for the tokens already stacked there.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import CARDS
from tabletop.games.house_cup.events import (
    ApplyInstant,
    CauldronDiscard,
    DiscardCard,
    GiveCard,
    PlaceToken,
    TakeCard,
)
from tabletop.games.house_cup.scoring import best_flywheel_set, quidditch_leaders, score_player
from tabletop.games.house_cup.view import HouseCupView

INSTANT_GUESS = {"hagrid": 6.0, "letter": 3.0, "divination": 3.0, "cauldron": 1.5, "trouble": -5.0}
INSTANT_ORDER = ("hagrid", "letter", "divination", "cauldron", "trouble")
REWARD = 2.0


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
        extra = best_flywheel_set(cards, tokens, house, leaders) if "flywheel-1" in cards else None
        return score_player(cards, tokens, house, leaders, extra).total

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

    def worth(self, cards: Sequence[str]) -> float:
        return self.final(self.seat, cards) + self.potential(cards)

    def card_value(self, card: str) -> float:
        mine = list(self.view.tableau[self.seat])
        base = self.worth(mine)
        kind = CARDS[card].kind
        value = self.worth([*mine, card]) - base
        if kind in INSTANT_GUESS:
            value += INSTANT_GUESS[kind] if kind != "trouble" else -self._cheapest_loss(mine)
        return value

    def _cheapest_loss(self, cards: Sequence[str]) -> float:
        """What discarding the least useful card would cost (negative when it helps)."""
        if not cards:
            return 0.0
        base = self.worth(cards)
        return min(base - self.worth([c for c in cards if c != card]) for card in cards)


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
            return max(legal, key=lambda c: evaluator.card_value(c.card) + rng.below(100) / 1000)
        if isinstance(first, ApplyInstant):
            return min(legal, key=lambda c: INSTANT_ORDER.index(CARDS[c.card].kind))
        if isinstance(first, DiscardCard):
            mine = list(view.tableau[view.seat])
            return max(legal, key=lambda c: evaluator.worth([x for x in mine if x != c.card]))
        if isinstance(first, GiveCard):
            return self._give(view, evaluator, legal)
        if isinstance(first, CauldronDiscard):
            return self._cauldron(view, evaluator, legal)
        if view.suggestion is not None:
            return view.suggestion
        return rng.choice(legal)

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
            harm = ev.final(command.to, theirs) - ev.final(command.to, [*theirs, command.card])
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

_STATIC = {
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


def quick_value(card: str, owned: list[str], house: str) -> float:
    """A rough worth of ``card`` to the owner of ``owned``: fast enough for thousands of playouts."""
    info = CARDS[card]
    kind = info.kind
    value = float(_STATIC[kind])
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


def playout_policy(game, state, seat: int, legal: list[Command], rng: Rng) -> Command:
    """Playouts: take the best-looking card, discard or give the worst; everything else at random."""
    first = legal[0]
    if len(legal) == 1 or rng.below(5) == 0 or isinstance(first, PlaceToken):
        return legal[rng.below(len(legal))]
    owned = state.tableau[seat]
    house = state.houses[seat]
    if isinstance(first, TakeCard):
        return max(legal, key=lambda c: quick_value(c.card, owned, house))
    if isinstance(first, (DiscardCard, GiveCard)):
        return min(legal, key=lambda c: quick_value(c.card, owned, house))
    if isinstance(first, CauldronDiscard):
        worst = min(legal, key=lambda c: quick_value(c.card, owned, house) if c.card else 0.0)
        return worst if worst.card and quick_value(worst.card, owned, house) < 2 else legal[0]
    return legal[rng.below(len(legal))]
