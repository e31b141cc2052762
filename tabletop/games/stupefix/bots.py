"""The ``greedy`` Stupéfix bot: a heuristic that sees only its own seat's View; and the search's playout policy.

- Prepare: a Stupéfix when the round's rewards are rich or its Stupéfix are plentiful for the rounds left.
- Target: the adversary that threatens most (wand already on the bot, Stupéfix left) or leads the houses;
  it reacts to the wands already pointed and spreads its house's wands over several adversaries.
- Cast: Protego when the expected Retard tokens and the chance of being stunned outweigh its share of rewards.
- Draft: the reward worth most to its house now (Points, the Potion race, the Faveur table, Retard relief);
  Cours Particuliers takes a face-up Stupéfix when it may.

The heuristic reads the table through a ``Sight``: the seat's View for the bot, or, in the search's playouts,
the sampled State itself (``StateSight``, the same values without building a View at every step).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

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
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.stupefix.view import StupefixView

AVERAGE_ROW = 160.0  # the usual worth of a round's nine rewards to the taker
PLAYOUT_RANDOM = 200  # in 1000: how often a playout move is a random one (keeps the playouts varied)


class Sight(ABC):
    """What the heuristic reads of the table, as ``seat`` sees it (sequences are read, never changed)."""

    seat: int
    players: int
    houses: Sequence[str]
    row: Sequence[str]
    hand: Sequence[str]
    my_prepared: str | None
    targets: Sequence[int | None]
    pointed: Sequence[bool]
    retard: Sequence[int]
    potions: Sequence[int]
    faveurs: Sequence[int]
    urns: Mapping[str, Sequence[str]]
    reward_discard: Sequence[str]  # rewards gone for good (a round with nobody standing)

    def potions_left(self) -> int:
        """Successful Potions not yet taken by anyone (in the deck or the row)."""
        return REWARDS["potion"].copies - sum(self.potions) - self.reward_discard.count("potion")

    @abstractmethod
    def stupefix_chance(self, seat: int) -> float:
        """How likely ``seat``'s prepared card is a Stupéfix, from what everyone can count."""

    @abstractmethod
    def stupefix_to_take(self) -> bool:
        """Whether a Stupéfix may lie on the discard pile: a face-up one, or any face-down card."""


class ViewSight(Sight):
    """The table as the seat's View shows it."""

    def __init__(self, view: StupefixView) -> None:
        self.view = view
        self.seat = view.seat
        self.players = len(view.houses)
        self.houses = view.houses
        self.row = view.row
        self.hand = view.hand
        self.my_prepared = view.my_prepared
        self.targets = view.targets
        self.pointed = view.pointed
        self.retard = view.retard
        self.potions = view.potions
        self.faveurs = view.faveurs
        self.urns = dict(view.urns)
        self.reward_discard = view.reward_discard

    def stupefix_chance(self, seat: int) -> float:
        view = self.view
        slots = view.hand_counts[seat] + view.prepared[seat] + view.laid_down[seat]
        return view.stupefix_unseen[seat] / slots if slots else 0.0

    def stupefix_to_take(self) -> bool:
        return self.view.discard_up[0] > 0 or self.view.discard_down > 0


class StateSight(Sight):
    """The same values read straight from a State, for ``seat``: only what the seat's View would show."""

    def __init__(self, state: StupefixState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.players = len(state.houses)
        self.houses = state.houses
        self.row = state.row
        self.hand = state.hands[seat]
        self.my_prepared = state.prepared[seat]
        self.targets = state.targets
        self.pointed = state.pointed
        self.retard = state.retard
        self.potions = state.potions
        self.faveurs = state.faveurs
        self.urns = state.urns
        self.reward_discard = state.reward_discard

    def stupefix_chance(self, seat: int) -> float:
        state = self.state
        slots = len(state.hands[seat]) + (state.prepared[seat] is not None) + len(state.laid_down[seat])
        unseen = state.start_stupefix[seat] + state.gained_stupefix[seat] - state.shown_stupefix[seat]
        return unseen / slots if slots else 0.0

    def stupefix_to_take(self) -> bool:
        state = self.state
        return bool(state.face_down) or any(card.kind == STUPEFIX for card in state.spell_discard)


def house_scores(sight: Sight) -> dict[str, int]:
    """Each house's score now: its urn and its players' Faveur bonuses."""
    scores = {house: urn_value(sight.urns.get(house, ())) for house in dict.fromkeys(sight.houses)}
    for seat, house in enumerate(sight.houses):
        scores[house] += FAVEUR_BONUS[sight.faveurs[seat]]
    return scores


def most_of_others(counts: Sequence[int], seat: int) -> int:
    return max([*counts[:seat], *counts[seat + 1 :]], default=0)  # (sliced: the playouts ask at every move)


def retard_cost(sight: Sight, seat: int) -> float:
    """What one more Retard token may cost at the end (a Retardataire is -100)."""
    others = most_of_others(sight.retard, seat)
    return 45.0 if sight.retard[seat] + 1 >= others else 20.0


def reward_value(sight: Sight, seat: int, kind: str) -> float:
    reward = REWARDS[kind]
    if reward.effect == "urn":
        return float(reward.points)
    if kind == "potion":
        mine = sight.potions[seat]
        best_other = most_of_others(sight.potions, seat)
        left = sight.potions_left()
        if mine > best_other + left:
            return 2.0  # the Potions Master is this seat's, this potion or not (a bot took an 8th over 40 points)
        if mine + 1 > best_other:
            return 45.0 if mine >= best_other else 35.0
        return 12.0
    if kind == "faveur":
        count = min(sight.faveurs[seat], len(FAVEUR_BONUS) - 2)
        return FAVEUR_BONUS[count + 1] - FAVEUR_BONUS[count] + 12.0
    if kind == "cours":
        # A Stupéfix is there to take (a face-down card may be one); without, the Sort raté is lost for nothing.
        return 22.0 if sight.stupefix_to_take() else (1.0 if RATE not in sight.hand else -5.0)
    if kind == "retourneur":
        house = [s for s in range(sight.players) if sight.houses[s] == sight.houses[seat]]
        return max((retard_cost(sight, s) for s in house if sight.retard[s]), default=0.0)
    if kind == "chouchou":
        return 12.0 + (retard_cost(sight, seat) if sight.retard[seat] else 0.0)
    return 0.0


def row_worth(sight: Sight, seat: int) -> float:
    worth = {kind: reward_value(sight, seat, kind) for kind in dict.fromkeys(sight.row)}  # a row repeats kinds
    return sum([worth[kind] for kind in sight.row])


def greedy_choice(sight: Sight, legal: list[Command], rng: Rng) -> Command:
    """The heuristic's move among ``legal`` (the seat's legal commands, in their order)."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, PrepareSpell):
        return _prepare(sight, rng)
    if isinstance(first, PointWand):
        return _point(sight, legal, rng)
    if isinstance(first, CastSpell):
        return _cast(sight, rng)
    if isinstance(first, TakeReward):
        rewards = [c for c in legal if isinstance(c, TakeReward)]
        return max(rewards, key=lambda c: reward_value(sight, sight.seat, c.reward) + rng.below(100) / 100)
    if isinstance(first, ReturnRetard):
        returns = [c for c in legal if isinstance(c, ReturnRetard)]
        return max(returns, key=lambda c: (sight.retard[c.owner], c.owner == sight.seat))
    if isinstance(first, TakeStupefix):
        return TakeStupefix(sight.seat, False)  # a face-up one tells the table nothing of the face-down cards
    return rng.choice(legal)


def _prepare(sight: Sight, rng: Rng) -> Command:
    stupefix = sight.hand.count(STUPEFIX)
    share = stupefix / len(sight.hand)
    richness = (row_worth(sight, sight.seat) - AVERAGE_ROW) / 300.0
    score = share + richness + (rng.below(200) - 100) / 1000
    spell = STUPEFIX if score >= 0.45 else RATE
    return PrepareSpell(sight.seat, spell)


def _point(sight: Sight, legal: list[Command], rng: Rng) -> Command:
    me = sight.seat
    houses = sight.houses
    scores = house_scores(sight)
    mine = scores[houses[me]]
    mates = [s for s in range(sight.players) if houses[s] == houses[me] and s != me]
    aimed = [sight.targets[s] for s in mates if sight.pointed[s]]  # where the teammates' wands point

    def score(command: Command) -> float:
        assert isinstance(command, PointWand)
        target = command.target
        if target is None:
            return -1.0  # pointing costs nothing and may scare a wizard into Protego
        value = sight.stupefix_chance(target)
        if sight.pointed[target] and sight.targets[target] == me:
            value += 0.6  # it points at us: strike first
        value += (scores[houses[target]] - mine) / 400.0
        value -= 0.3 * aimed.count(target)
        value += 0.05 * sight.retard[target]
        return value + rng.below(100) / 1000

    return max(legal, key=score)


def _cast(sight: Sight, rng: Rng) -> Command:
    me = sight.seat
    houses = sight.houses
    chances = [
        0.85 * sight.stupefix_chance(s)
        for s in range(sight.players)
        if houses[me] != houses[s] and sight.targets[s] == me
    ]
    miss = 1.0
    for chance in chances:
        miss *= 1.0 - chance
    expected_tokens = sum(chances)
    standing = max(1.0, 0.6 * sight.players)
    share = row_worth(sight, me) / standing
    cast = miss * share - expected_tokens * retard_cost(sight, me)
    if sight.my_prepared == STUPEFIX and sight.targets[me] is not None:
        cast += 20.0
    protego = 0.0
    noise = (rng.below(200) - 100) / 10
    return CastSpell(me, protego > cast + noise)


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, StupefixView)
        return greedy_choice(ViewSight(view), list(view.legal), rng)


def bot_moves(legal: list[Command]) -> list[Command]:
    """What a bot weighs (``tabletop.bots.moves``): every legal command but pointing at nobody while a wizard can be
    pointed at (it costs nothing and may draw a Protego), and a Points card while a larger one lies there (both go
    into the house's urn). A review of the bots' moves saw the Hard search choose both, and Easy's slips too."""
    if len(legal) < 2:
        return legal
    first = legal[0]
    if isinstance(first, PointWand):
        return [command for command in legal if isinstance(command, PointWand) and command.target is not None]
    if isinstance(first, TakeReward):
        points = [REWARDS[command.reward].points if isinstance(command, TakeReward) else 0 for command in legal]
        most = max(points)
        if most and points.count(0) + points.count(most) < len(points):
            return [command for command, value in zip(legal, points, strict=True) if value in (0, most)]
    return legal


def playout_policy(game: Any, state: StupefixState, seat: int, legal: list[Command], rng: Rng) -> Command:
    """The search's playouts: the greedy heuristic, now and then a random move, draw for draw as the shared
    heuristic policy plays the greedy bot, but reading the sampled State instead of building the seat's View."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(1000) < PLAYOUT_RANDOM:
        return legal[rng.below(len(legal))]
    return greedy_choice(StateSight(state, seat), legal, rng)


BOT_TYPES = {"greedy": GreedyBot}
