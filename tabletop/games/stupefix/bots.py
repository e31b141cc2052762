"""The ``greedy`` Stupéfix bot: a heuristic that sees only its own seat's View.

- Prepare: a Stupéfix when the round's rewards are rich or its Stupéfix are plentiful for the rounds left.
- Target: the adversary that threatens most (wand already on the bot, Stupéfix left) or leads the houses;
  it reacts to the wands already pointed and spreads its house's wands over several adversaries.
- Cast: Protego when the expected Retard tokens and the chance of being stunned outweigh its share of rewards.
- Draft: the reward worth most to its house now (Points, the Potion race, the Faveur table, Retard relief);
  Cours Particuliers takes a face-up Stupéfix when it may.
"""

from __future__ import annotations

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.stupefix.cards import FAVEUR_BONUS, RATE, REWARDS, STUPEFIX
from tabletop.games.stupefix.events import (
    CastSpell,
    PointWand,
    PrepareSpell,
    ReturnRetard,
    TakeReward,
    TakeStupefix,
)
from tabletop.games.stupefix.scoring import urn_value
from tabletop.games.stupefix.view import StupefixView

AVERAGE_ROW = 160.0  # the usual worth of a round's nine rewards to the taker


def house_score(view: StupefixView, house: str) -> int:
    cards = dict(view.urns).get(house, ())
    return urn_value(cards) + sum(
        FAVEUR_BONUS[view.faveurs[seat]] for seat in range(view.players) if view.houses[seat] == house
    )


def stupefix_chance(view: StupefixView, seat: int) -> float:
    """How likely ``seat``'s prepared card is a Stupéfix, from what everyone can count."""
    slots = view.hand_counts[seat] + view.prepared[seat] + view.laid_down[seat]
    return view.stupefix_unseen[seat] / slots if slots else 0.0


def retard_cost(view: StupefixView, seat: int) -> float:
    """What one more Retard token may cost at the end (a Retardataire is -100)."""
    others = max((view.retard[s] for s in range(view.players) if s != seat), default=0)
    return 45.0 if view.retard[seat] + 1 >= others else 20.0


def reward_value(view: StupefixView, seat: int, kind: str) -> float:
    reward = REWARDS[kind]
    if reward.effect == "urn":
        return float(reward.points)
    if kind == "potion":
        mine = view.potions[seat]
        best_other = max((view.potions[s] for s in range(view.players) if s != seat), default=0)
        if mine + 1 > best_other:
            return 45.0 if mine >= best_other else 35.0
        return 12.0
    if kind == "faveur":
        count = min(view.faveurs[seat], len(FAVEUR_BONUS) - 2)
        return FAVEUR_BONUS[count + 1] - FAVEUR_BONUS[count] + 12.0
    if kind == "cours":
        # A Stupéfix is there to take (a face-down card may be one); without, the Sort raté is lost for nothing.
        available = view.discard_up[0] > 0 or view.discard_down > 0
        return 22.0 if available else (1.0 if RATE not in view.hand else -5.0)
    if kind == "retourneur":
        house = [s for s in range(view.players) if view.houses[s] == view.houses[seat]]
        return max((retard_cost(view, s) for s in house if view.retard[s]), default=0.0)
    if kind == "chouchou":
        return 12.0 + (retard_cost(view, seat) if view.retard[seat] else 0.0)
    return 0.0


def row_worth(view: StupefixView, seat: int) -> float:
    return sum(reward_value(view, seat, kind) for kind in view.row)


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, StupefixView)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, PrepareSpell):
            return self._prepare(view, rng)
        if isinstance(first, PointWand):
            return self._point(view, legal, rng)
        if isinstance(first, CastSpell):
            return self._cast(view, rng)
        if isinstance(first, TakeReward):
            rewards = [c for c in legal if isinstance(c, TakeReward)]
            return max(rewards, key=lambda c: reward_value(view, view.seat, c.reward) + rng.below(100) / 100)
        if isinstance(first, ReturnRetard):
            returns = [c for c in legal if isinstance(c, ReturnRetard)]
            return max(returns, key=lambda c: (view.retard[c.owner], c.owner == view.seat))
        if isinstance(first, TakeStupefix):
            return TakeStupefix(view.seat, False)  # a face-up one tells the table nothing of the face-down cards
        return rng.choice(legal)

    def _prepare(self, view: StupefixView, rng: Rng) -> Command:
        stupefix = view.hand.count(STUPEFIX)
        share = stupefix / len(view.hand)
        richness = (row_worth(view, view.seat) - AVERAGE_ROW) / 300.0
        score = share + richness + (rng.below(200) - 100) / 1000
        spell = STUPEFIX if score >= 0.45 else RATE
        return PrepareSpell(view.seat, spell)

    def _point(self, view: StupefixView, legal: list[Command], rng: Rng) -> Command:
        me = view.seat
        mine = house_score(view, view.houses[me])
        mates = {s for s in range(view.players) if view.houses[s] == view.houses[me] and s != me}

        def score(command: Command) -> float:
            assert isinstance(command, PointWand)
            target = command.target
            if target is None:
                return -1.0  # pointing costs nothing and may scare a wizard into Protego
            value = stupefix_chance(view, target)
            if view.pointed[target] and view.targets[target] == me:
                value += 0.6  # it points at us: strike first
            value += (house_score(view, view.houses[target]) - mine) / 400.0
            value -= 0.3 * sum(1 for s in mates if view.pointed[s] and view.targets[s] == target)
            value += 0.05 * view.retard[target]
            return value + rng.below(100) / 1000

        return max(legal, key=score)

    def _cast(self, view: StupefixView, rng: Rng) -> Command:
        me = view.seat
        chances = [
            0.85 * stupefix_chance(view, s)
            for s in range(view.players)
            if view.adversary(me, s) and view.targets[s] == me
        ]
        miss = 1.0
        for chance in chances:
            miss *= 1.0 - chance
        expected_tokens = sum(chances)
        standing = max(1.0, 0.6 * view.players)
        share = row_worth(view, me) / standing
        cast = miss * share - expected_tokens * retard_cost(view, me)
        if view.my_prepared == STUPEFIX and view.targets[me] is not None:
            cast += 20.0
        protego = 0.0
        noise = (rng.below(200) - 100) / 10
        return CastSpell(me, protego > cast + noise)


BOT_TYPES = {"greedy": GreedyBot}
