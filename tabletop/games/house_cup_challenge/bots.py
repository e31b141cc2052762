"""The ``greedy`` House Cup Challenge bot (Medium): a heuristic that sees only its own seat's View.

It values each action as what it gains now plus what the position it leaves is worth one action later
(``GAMMA``): the best adventures it could then complete, each discounted by the actions it takes. That gives
the rules' quickest ways to score:

- a passable face-up card within reach is walked into (one action; an own-space play where it stands is one too);
- a passable hand card is played ahead of itself, onto an empty space it then walks into: two actions, as walking
  there and playing it would take, plus the 3 bonus cards for playing to another space, so it is the better way
  while the piles hold cards. A card a rival can walk into and pass first is discounted (``SNIPED``: of such
  cards the old Medium played ahead, a rival took 89% at 4 players and 59% at 2, benchmarks/
  house_cup_challenge_medium.py), so then, and with empty piles, it walks there and plays it onto its own space;
- cards it cannot use are dumped for the bonus cards while the piles hold cards, away from rivals who pass them.

It boosts an encounter only when the boosts it really has (the [Free] Special Cards that raise a tested
ability, up to 2 hand cards) turn a failure into a success, the cheapest way, and it uses its [Action] Special
Cards when they pay, since they come back with the Wand: the Time-Turner (two actions for one) whenever there is
something to do, the brooms, the Firebolt and the Floo Powder as longer moves, Hedwig as a draw of 3, Accio! to
take a card it can play, the Polyjuice Potion to jump next to an adventure.
"""

from __future__ import annotations

import math
from itertools import product

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import DISTANCES
from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES, SPECIALS, Adventure, passable_cards
from tabletop.games.house_cup_challenge.events import DrawCards, Move, PlayHere, PlayThere
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView, make_view

REWARD_WORTH = {"raise_ability": 3.0, "take_special": 4.0}
GAMMA = 0.6  # what an action's gain is worth one action later
SECOND = 0.35  # the weight of the second-best adventure in reach, beside the best
SNIPED = 0.5  # what is left of an adventure's worth when a rival can walk into it before this bot's next action
GIFT = 0.3  # the share of a card's worth lost when it is left where a rival can walk into it and pass it
CARD_DRAWN = 0.7  # a card drawn into hand, while the hand has room
SPECIAL_FLIP = 0.6  # a [Free] bonus Special Card flipped for a boost (it comes back with the Wand)
ACTION_SPECIAL = 0.4  # an [Action] Special Card used (it comes back with the Wand)
HAND_ROOM = 8  # the hand limit after step 6
POWERS = [GAMMA**steps for steps in range(8)]  # GAMMA to the number of actions an adventure is away
WALK = [POWERS[math.ceil(d / 3)] for d in range(16)]  # by distance: the discount of walking there (3 a move)
REACH = [POWERS[(math.ceil(d / 3) if d else 2) - 1] for d in range(16)]  # a face-up card's: walk in, or play here
FAIL = -15.0  # an encounter this bot would fail
# From each space, the moves (of 3 spaces) to every space: WALK and REACH depend on a distance only through them.
MOVES = {cell: {other: math.ceil(d / 3) for other, d in near.items()} for cell, near in DISTANCES.items()}
MOST_MOVES = max(moves for near in MOVES.values() for moves in near.values())
REACH_MOVES = [POWERS[(moves if moves else 2) - 1] for moves in range(MOST_MOVES + 1)]  # REACH[d], by moves
ONE_MOVE = {cell: frozenset(other for other, d in near.items() if 0 < d <= 3) for cell, near in DISTANCES.items()}


def card_worth(card: Adventure) -> float:
    if card.reward == "draw_cards":
        return card.vp + 1.2 * int(card.reward_arg)
    return card.vp + REWARD_WORTH[card.reward]


CARD_WORTH = {card: card_worth(info) for card, info in ADVENTURES.items()}  # the same floats, worked out once


def shortfall(card: Adventure, abilities: dict[str, int]) -> int:
    """How many ability points short of passing the card's Test."""
    gaps = [max(0, n - abilities[a]) for a, n in card.test.parts]
    return sum(gaps) if card.test.mode == "all" else min(gaps)


def destination_path(command: ev.Move | ev.UseSpecial) -> tuple[str, ...]:
    """The cells a move enters: its path, or the one space a Firebolt, Floo Powder or Accio! names."""
    if isinstance(command, ev.Move):
        return command.path
    return command.path or ((command.cell,) if command.cell else ())


def discard_cost(usefulness: float) -> float:
    """What discarding a hand card for a boost gives up."""
    return 0.5 + 0.3 * usefulness


def boost_plan(
    card: Adventure, values: dict[str, int], specials: tuple[str, ...], costs: list[float], per_card: int
) -> tuple[float, list[tuple[str, str]]] | None:
    """The cheapest boosts that make ``values`` pass ``card``'s Test: (cost, boosts), each boost a bonus Special
    Card and the ability it raises ("" for a Special Card that names its own), or ("", ability) for a hand card
    (the cheapest first); ``costs`` are the hand cards that may be discarded, cheapest first (at most 2). None
    when no boost it has makes the pass (then it keeps its cards)."""
    tested = card.test.abilities
    options: list[list[str]] = []  # each usable Special Card: what it may raise ("-": left face up)
    names: list[str] = []
    for name in specials:
        bonus = SPECIALS[name].bonus
        if not bonus:
            continue
        if bonus[0][0] == "*":
            options.append(["-", *tested])
        elif any(ability in tested for ability, _ in bonus):
            options.append(["-", ""])
        else:
            continue
        names.append(name)
    targets = [card.test.parts] if card.test.mode == "all" else [(part,) for part in card.test.parts]
    best: tuple[float, list[tuple[str, str]]] | None = None
    for choice in product(*options):
        trial = dict(values)
        flips: list[tuple[str, str]] = []
        for name, pick in zip(names, choice, strict=True):
            if pick == "-":
                continue
            for ability, amount in SPECIALS[name].bonus:
                target = pick if ability == "*" else ability
                trial[target] = trial.get(target, 0) + amount
            flips.append((name, pick))
        for parts in targets:
            cards = [(ability, math.ceil(max(0, n - trial[ability]) / per_card)) for ability, n in parts]
            need = sum(count for _, count in cards)
            if need > len(costs):
                continue
            cost = SPECIAL_FLIP * len(flips) + sum(costs[:need])
            if best is None or cost < best[0]:
                best = (cost, flips + [("", ability) for ability, count in cards for _ in range(count)])
    return best


Target = tuple[str, bool, float]  # a space to play a hand card onto: (cell, may be played ahead, worth kept)
HandEntry = tuple[float, list[Target], list[Target]] | tuple[()]  # ``Plan.hand_entry``
UNSET = -math.inf  # no value found yet (every value is finite)

# Two answers remembered for every Plan, not per Plan: a search makes thousands of Plans (one per playout step),
# which ask the same few hundred questions. A table is emptied when it reaches MEMO_SIZE, which a search never
# comes near (tests/test_house_cup_challenge_speed.py runs with a tiny one).
MEMO_SIZE = 20_000
_WALK_VALUES: dict[tuple[float, float, bool, float], tuple[float, ...]] = {}
_BOOST_COSTS: dict[tuple[str, tuple[tuple[str, int], ...], tuple[str, ...], tuple[float, ...], int], float | None] = {}


def walk_values(worth: float, bonus: float, ahead: bool, kept: float) -> tuple[float, ...]:
    """The value of a hand card (``hand_worth``) to be played onto a space (``Target``), by how many moves away
    (``MOVES``) the space is: ``any_outlook``'s floats, since WALK[d] is POWERS[ceil(d / 3)]. A search's Plans
    meet a few hundred (worth, bonus, ahead, kept) (test_the_medium_outlook_is_the_plain_one pins the values)."""
    key = (worth, bonus, ahead, kept)
    known = _WALK_VALUES.get(key)
    if known is None:
        values = [worth]  # it stands there: play it onto its own space
        for walk in POWERS[1 : MOST_MOVES + 1]:
            value = worth * walk  # walk there, then play it onto the space
            if ahead:  # play it ahead for the bonus cards, then walk into it
                played = bonus + worth * kept * walk
                if played > value:
                    value = played
            values.append(value)
        if len(_WALK_VALUES) >= MEMO_SIZE:
            _WALK_VALUES.clear()
        known = _WALK_VALUES[key] = tuple(values)
    return known


def boost_cost(
    card: str, abilities: tuple[tuple[str, int], ...], specials: tuple[str, ...], costs: tuple[float, ...], per: int
) -> float | None:
    """``boost_plan``'s cost (None: no boost it has makes the pass). A search's Plans ask a thousand or so of
    these, again and again (test_remembered_boost_costs_are_those_of_the_boost_plan)."""
    key = (card, abilities, specials, costs, per)
    if key in _BOOST_COSTS:
        return _BOOST_COSTS[key]
    found = boost_plan(ADVENTURES[card], dict(abilities), specials, list(costs), per)
    if len(_BOOST_COSTS) >= MEMO_SIZE:
        _BOOST_COSTS.clear()
    cost = _BOOST_COSTS[key] = None if found is None else found[0]
    return cost


def best_of(values: list[tuple[str, float]], left_out: str) -> float:
    """The best of (space, value) ``values`` but the one on ``left_out``, or 0.0, as ``outlook`` finds a hand
    card's best."""
    best = 0.0
    for where, value in values:
        if where != left_out and value > best:
            best = value
    return best


class Plan:
    """What the bot knows of itself and the table, and what each adventure within its reach is worth."""

    def __init__(self, view: ChallengeView) -> None:
        self.view = view
        self.me: PlayerView = view.me
        self.abilities = dict(self.me.abilities)
        self.hand = list(self.me.hand or ())
        self.board = view.board_map()
        self.per_card = 2 if self.me.character == "ron" else 1
        self.pile = view.draw_count + len(view.discard)
        self.piles = self.pile > 0
        self.occupied: set[str] = set()  # the rivals' spaces
        # The spaces each rival reaches with one move, and the cards it passes as it is (the cards whose
        # ``shortfall`` is 0: ``threatened`` as it was, test_the_medium_action_scores_are_the_plain_ones).
        self.rivals_reach: list[tuple[frozenset[str], frozenset[str]]] = []
        for index, player in enumerate(view.players):
            if index != view.seat:
                self.occupied.add(player.cell)
                self.rivals_reach.append((ONE_MOVE[player.cell], passable_cards(dict(player.abilities))))
        self.able = passable_cards(self.abilities)  # the cards this bot passes as it is
        self.bonus_specials = tuple(s for s in self.me.specials_up if SPECIALS[s].bonus)
        self.costs = sorted(discard_cost(self.usefulness(card)) for card in self.hand)
        self.ahead_draw = self.drawn(3, len(self.hand) - 1)  # the 3 cards drawn for a play ahead, worked out once
        self._need: dict[tuple[str, int], float | None] = {}  # by card and spare cards counted (at most 2)
        self._outlook: dict[tuple, float] = {}
        self._plain_outlooks: dict[str, float] = {}  # ``outlook(cell)``
        self._board_worths: dict[int, list[tuple[str, str, float]]] = {}
        self._targets: dict[str, list[tuple[str, bool, float]]] = {}
        self._hand_tables: dict[int, tuple[float, dict[str, HandEntry]]] = {}
        self._entries: dict[int, dict[str, HandEntry]] = {}  # by the spare cards ``need`` counts
        self._plain: tuple[list[tuple[str, float]], list[list[tuple[str, tuple[float, ...]]]]] | None = None
        self._laid: dict[str, tuple[list[tuple[str, float]], list[tuple[str, float, dict[str, float]]]]] = {}

    # --- what the bot can pass ------------------------------------------------------------------------------
    def need(self, card: str, spare: int) -> float | None:
        """The cost of the boosts that pass ``card`` with ``spare`` hand cards to discard (0: it passes as it
        is), or None when it cannot pass."""
        if card in self.able:
            return 0.0
        # Only the (at most 2) cheapest spare cards count: every ``spare`` from 2 up has the same answer (so do
        # ``board_worths`` and the hand entries, remembered by the same count).
        counted = max(0, min(2, spare))
        key = (card, counted)
        if key in self._need:
            return self._need[key]
        costs = tuple(self.costs[:counted])
        cost = self._need[key] = boost_cost(card, self.me.abilities, self.bonus_specials, costs, self.per_card)
        return cost

    def passable(self, card: str, spare: int) -> tuple[bool, int]:
        """(can pass at all, points short without boosts)."""
        return self.need(card, spare) is not None, shortfall(ADVENTURES[card], self.abilities)

    def usefulness(self, card: str) -> float:
        """How much keeping a hand card is worth."""
        gap = 0 if card in self.able else shortfall(ADVENTURES[card], self.abilities)
        return CARD_WORTH[card] / (1 + 2 * gap) + (0.5 if gap == 0 else 0.0)

    def cheapest(self, cards: list[str]) -> str:
        return min(cards, key=self.usefulness)

    def distance(self, a: str, b: str) -> int:
        return DISTANCES[a][b]

    def threatened(self, cell: str, card: str) -> bool:
        """Whether a rival can walk into ``card`` on ``cell`` with one move and pass it as it is."""
        for within, able in self.rivals_reach:  # noqa: SIM110 (a plain loop: ``any`` of a generator costs more)
            if cell in within and card in able:
                return True
        return False

    def drawn(self, count: int, hand: int) -> float:
        """What drawing ``count`` cards is worth, with ``hand`` cards held."""
        count = min(count, self.pile)
        room = max(0, HAND_ROOM - hand)
        return CARD_DRAWN * (min(count, room) + 0.3 * max(0, count - room))

    # --- what a position is worth -----------------------------------------------------------------------------
    def outlook(
        self, cell: str, taken: str = "", laid: tuple[str, str] | None = None, hand: tuple[str, ...] | None = None
    ) -> float:
        """The worth of standing on ``cell`` one action from now: the best adventures to complete from there
        (a face-up card to walk into, a hand card to play here, or ahead and walk into), each discounted by
        the actions it takes. ``taken``: a card gone from the board; ``laid``: (cell, card) played onto the
        board; ``hand``: the hand then, if not the bot's hand now."""
        # Nearly every call is one of two cases, each with a fast path (the same floats, pinned by
        # test_the_medium_outlook_is_the_plain_one): the board and hand as they are (every move's end, the pass,
        # the draw), or a hand card laid on a free space (every play ahead, from where the bot stands).
        if not taken and laid is None and hand is None:
            known = self._plain_outlooks.get(cell)
            if known is None:
                known = self._plain_outlooks[cell] = self.plain_outlook(cell)
            return known
        key = (cell, taken, laid, hand)
        known = self._outlook.get(key)
        if known is None:
            if laid is not None and not taken and hand is None and laid[1] in self.hand:
                known = self.laid_outlook(cell, laid)
            else:
                known = self.any_outlook(cell, taken, laid, hand)
            self._outlook[key] = known
        return known

    def any_outlook(
        self, cell: str, taken: str = "", laid: tuple[str, str] | None = None, hand: tuple[str, ...] | None = None
    ) -> float:
        """``outlook`` worked out in full, for any change to the board and the hand."""
        cards = list(hand) if hand is not None else self.hand
        if laid is not None and hand is None:
            cards = list(cards)
            cards.remove(laid[1])
        near = DISTANCES[cell]
        spare = len(cards)
        # The best two values found (``first`` >= ``second``), as sorting them all would give.
        first = second = -math.inf
        found = 0
        covered = laid[0] if laid is not None else ""
        for where, card, worth in self.board_worths(spare):
            if card == taken or where == covered:
                continue
            value = worth * REACH[near[where]]
            found += 1
            if value > first:
                first, second = value, first
            elif value > second:
                second = value
        if laid is not None:
            placed = self.board_worth(laid[0], laid[1], spare)
            if placed is not None:
                value = placed * REACH[near[laid[0]]]
                found += 1
                if value > first:
                    first, second = value, first
                elif value > second:
                    second = value
        board = self.board
        plain = not taken and not covered  # the spaces to play onto are those free now
        bonus, table = self.hand_table(spare - 1)
        for card in cards:
            entry = table.get(card)
            if entry is None:
                entry = table[card] = self.hand_entry(card, spare - 1)
            if not entry:
                continue
            worth, targets, open_targets = entry
            best = 0.0
            for where, ahead, kept in open_targets if plain else targets:
                if not plain and (where == covered or (where in board and board[where] != taken)):
                    continue
                d = near[where]
                if d == 0:
                    if worth > best:
                        best = worth
                    continue
                walk = WALK[d]
                value = worth * walk  # walk there, then play it onto the space
                if ahead:  # play it ahead for the bonus cards, then walk into it
                    played = bonus + worth * kept * walk
                    if played > value:
                        value = played
                if value > best:
                    best = value
            if best > 0:
                found += 1
                if best > first:
                    first, second = best, first
                elif best > second:
                    second = best
        return (first if found else 0.0) + (SECOND * second if found > 1 else 0.0)

    def plain_outlook(self, cell: str) -> float:
        """``outlook`` with the board and the hand as they are: ``any_outlook``'s steps with what does not depend
        on ``cell`` worked out once per Plan (``plain_tables``). A best value is always finite, so ``first`` and
        ``second`` above -inf say that one and two were found."""
        tables = self._plain
        if tables is None:
            tables = self._plain = self.plain_tables()
        board_worths, hand = tables
        moves = MOVES[cell]
        first = second = UNSET
        for where, worth in board_worths:
            value = worth * REACH_MOVES[moves[where]]
            if value > first:
                first, second = value, first
            elif value > second:
                second = value
        for targets in hand:
            best = 0.0
            for where, values in targets:
                value = values[moves[where]]
                if value > best:
                    best = value
            if best > 0:
                if best > first:
                    first, second = best, first
                elif best > second:
                    second = best
        return (first if first > UNSET else 0.0) + (SECOND * second if second > UNSET else 0.0)

    def plain_tables(self) -> tuple[list[tuple[str, float]], list[list[tuple[str, tuple[float, ...]]]]]:
        """For ``plain_outlook``: (cell, worth) of each face-up card it can pass, and for each hand card it can
        pass (in the hand's order), its targets free of face-up cards with the value of each by the moves away
        (``walk_values``)."""
        spare = len(self.hand)
        board_worths = [(where, worth) for where, _card, worth in self.board_worths(spare)]
        bonus, table = self.hand_table(spare - 1)
        hand: list[list[tuple[str, tuple[float, ...]]]] = []
        for card in self.hand:
            entry = table.get(card)
            if entry is None:
                entry = table[card] = self.hand_entry(card, spare - 1)
            if entry:
                worth, _targets, open_targets = entry
                hand.append([(where, walk_values(worth, bonus, ahead, kept)) for where, ahead, kept in open_targets])
        return board_worths, hand

    def laid_outlook(self, cell: str, laid: tuple[str, str]) -> float:
        """``outlook`` with the hand card ``laid[1]`` laid on ``laid[0]`` (nothing taken): every value but the laid
        card's own comes from ``laid_tables``, worked out once for ``cell``. With nothing taken, a hand card may go
        onto its spaces free of face-up cards but ``laid[0]``: its best is the one without that space."""
        covered, card_laid = laid
        board_values, hand = self.laid_tables(cell)
        first = second = UNSET
        for where, value in board_values:
            if where == covered:
                continue
            if value > first:
                first, second = value, first
            elif value > second:
                second = value
        placed = self.board_worth(covered, card_laid, len(self.hand) - 1)
        if placed is not None:
            value = placed * REACH[DISTANCES[cell][covered]]
            if value > first:
                first, second = value, first
            elif value > second:
                second = value
        skip = True  # the laid card leaves the hand (its first copy: any copy has the same values)
        for card, full, without in hand:
            if skip and card == card_laid:
                skip = False
                continue
            best = without.get(covered, full)
            if best > 0:
                if best > first:
                    first, second = best, first
                elif best > second:
                    second = best
        return (first if first > UNSET else 0.0) + (SECOND * second if second > UNSET else 0.0)

    def laid_tables(self, cell: str) -> tuple[list[tuple[str, float]], list[tuple[str, float, dict[str, float]]]]:
        """For ``laid_outlook`` from ``cell``, with one card fewer in hand: (cell, value) of each face-up card it
        can pass, and of each hand card it can pass (card, best value, {target space: best value without it})."""
        known = self._laid.get(cell)
        if known is not None:
            return known
        spare = len(self.hand) - 1
        moves = MOVES[cell]
        board_values = [(where, worth * REACH_MOVES[moves[where]]) for where, _card, worth in self.board_worths(spare)]
        bonus, table = self.hand_table(spare - 1)
        hand: list[tuple[str, float, dict[str, float]]] = []
        for card in self.hand:
            entry = table.get(card)
            if entry is None:
                entry = table[card] = self.hand_entry(card, spare - 1)
            if not entry:
                continue
            worth, _targets, open_targets = entry
            values = [
                (where, walk_values(worth, bonus, ahead, kept)[moves[where]]) for where, ahead, kept in open_targets
            ]
            hand.append((card, best_of(values, ""), {where: best_of(values, where) for where, _ in values}))
        known = self._laid[cell] = (board_values, hand)
        return known

    def board_worth(self, where: str, card: str, spare: int) -> float | None:
        """What completing the face-up ``card`` on ``where`` is worth before the walk (None: it cannot pass)."""
        cost = self.need(card, spare)
        if cost is None:
            return None
        worth = CARD_WORTH[card] - cost
        if self.threatened(where, card):
            worth *= SNIPED
        return worth

    def board_worths(self, spare: int) -> list[tuple[str, str, float]]:
        """(cell, card, ``board_worth``) of every face-up card it can pass, worked out once per number of spare
        cards ``need`` counts (``spare`` matters no more)."""
        counted = max(0, min(2, spare))
        known = self._board_worths.get(counted)
        if known is None:
            known = []
            for where, card in self.board.items():
                worth = self.board_worth(where, card, spare)
                if worth is not None:
                    known.append((where, card, worth))
            self._board_worths[counted] = known
        return known

    def targets(self, card: str) -> list[tuple[str, bool, float]]:
        """The spaces ``card`` may be played onto: (cell, free of rivals so it may be played ahead, what is kept of
        its worth there when a rival can snipe it)."""
        known = self._targets.get(card)
        if known is None:
            known = [
                (where, where not in self.occupied, SNIPED if self.threatened(where, card) else 1.0)
                for where in ADVENTURES[card].cells
            ]
            self._targets[card] = known
        return known

    def hand_table(self, spare: int) -> tuple[float, dict[str, HandEntry]]:
        """With ``spare`` other hand cards: what the 3 bonus cards of a play ahead are worth, and a table (filled
        as ``outlook`` meets them) of each hand card's ``hand_entry``."""
        known = self._hand_tables.get(spare)
        if known is None:
            # the entries depend on ``spare`` only through the spare cards ``need`` counts: one table for them
            table = self._entries.setdefault(max(0, min(2, spare)), {})
            known = self._hand_tables[spare] = (self.drawn(3, spare), table)
        return known

    def hand_entry(self, card: str, spare: int) -> HandEntry:
        """(``hand_worth``, ``targets``, those targets free of face-up cards) of a hand card, or () when it
        cannot pass."""
        worth = self.hand_worth(card, spare)
        if worth is None:
            return ()
        targets = self.targets(card)
        return worth, targets, [target for target in targets if target[0] not in self.board]

    def hand_worth(self, card: str, spare: int) -> float | None:
        """What completing the hand ``card`` is worth with ``spare`` other cards (None: it cannot pass)."""
        cost = self.need(card, spare)
        return None if cost is None else CARD_WORTH[card] - cost


class GreedyBot:
    id = "greedy"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, ChallengeView)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        plan = Plan(view)
        task = view.tasks[-1]
        kind = task.kind
        if kind == "action":
            score, below = self.action_score, rng.below
            return max(legal, key=lambda c: score(plan, c) + below(100) / 10_000)
        if kind == "encounter":
            return self.encounter(plan, task, legal)
        if kind == "who":
            return max(legal, key=lambda c: self.who_score(plan, task.card, c))
        if kind == "token":
            return ev.WandBonus(view.seat, True)
        if kind == "feast":
            return max(legal, key=lambda c: self.feast_score(plan, c))
        if kind == "holiday":
            worst = [c for c in legal if isinstance(c, ev.Swap) and plan.usefulness(c.card) < 1.0]
            return worst[0] if worst and plan.piles else ev.Done(view.seat)
        if kind == "place":
            return max(legal, key=lambda c: self.place_score(plan, task.card, c))
        if kind == "limit":
            return ev.Discard(view.seat, plan.cheapest(plan.hand))
        return rng.choice(legal)

    # --- actions: what it gains now, plus the position it leaves one action later ------------------------------
    def action_score(self, plan: Plan, command: Command) -> float:
        kind = type(command)  # (commands are never subclassed; the commonest kinds first)
        if kind is Move:
            assert isinstance(command, Move)
            return self.move_score(plan, command)
        if kind is PlayThere:
            assert isinstance(command, PlayThere)
            return self.play_there_score(plan, command.card, command.cell)
        here = plan.me.cell
        if kind is ev.Pass:
            return GAMMA * plan.outlook(here) - 0.5
        if kind is DrawCards:
            count = 3 if plan.me.character == "hermione" else 2
            return plan.drawn(count, len(plan.hand)) + GAMMA * plan.outlook(here)
        if kind is PlayHere:
            assert isinstance(command, PlayHere)
            return self.play_here_score(plan, command.card)
        if isinstance(command, ev.UseSpecial):
            return self.special_score(plan, command)
        return 0.0

    def arrive(self, plan: Plan, end: str, encounter: bool) -> float:
        """Arriving on ``end`` (encountering its card or not): the gain, then the position."""
        if not encounter:
            return GAMMA * plan.outlook(end)
        card = plan.board[end]
        cost = plan.need(card, len(plan.hand))
        if cost is None:
            return FAIL
        return CARD_WORTH[card] - cost + GAMMA * plan.outlook(end, taken=card)

    def move_score(self, plan: Plan, command: ev.Move | ev.UseSpecial) -> float:
        if type(command) is Move and not command.bypass:
            # The commonest move: nothing walked past, so it encounters a card when it enters one, and nothing is
            # spent (the general case's ``- spent - used`` take away 0 and 0.0, which leaves any float as it is).
            path = command.path
            encounter = not plan.board.keys().isdisjoint(path)
            return self.arrive(plan, path[-1], encounter) - 0.05 * len(path)
        path = destination_path(command)
        cards_entered = sum(1 for cell in path if cell in plan.board)
        free = isinstance(command, ev.UseSpecial) and command.card == "map"
        encounter = not free and len(command.bypass) < cards_entered
        spent = sum(0.3 if way == "harry" else 1.0 if way == "cloak" else 0.0 for way in command.bypass)
        used = ACTION_SPECIAL if isinstance(command, ev.UseSpecial) else 0.0
        return self.arrive(plan, path[-1], encounter) - spent - used - 0.05 * len(path)

    def play_here_score(self, plan: Plan, card: str) -> float:
        view, here = plan.view, plan.me.cell
        cost = plan.need(card, len(plan.hand) - 1)
        if cost is not None:
            return card_worth(ADVENTURES[card]) - cost + GAMMA * plan.outlook(here, hand=self.without(plan, card))
        others = [p for i, p in enumerate(view.players) if i != view.seat and p.cell == here]
        if others and self.rival_fails(card, others):
            return 1.5 + GAMMA * plan.outlook(here, laid=(here, card))
        return FAIL

    def play_there_score(self, plan: Plan, card: str, cell: str) -> float:
        value = plan.ahead_draw
        if cell in plan.occupied:  # an ambush: one of them encounters it at once
            view = plan.view
            there = [p for i, p in enumerate(view.players) if i != view.seat and p.cell == cell]
            if self.rival_fails(card, there):
                return value + 1.5 + GAMMA * plan.outlook(plan.me.cell, laid=(cell, card))
            return value - CARD_WORTH[card] + GAMMA * plan.outlook(plan.me.cell, hand=self.without(plan, card))
        if plan.threatened(cell, card):
            value -= GIFT * CARD_WORTH[card]
        return value + GAMMA * plan.outlook(plan.me.cell, laid=(cell, card))

    def special_score(self, plan: Plan, command: ev.UseSpecial) -> float:
        here = plan.me.cell
        name = command.card
        if name in ("map", "nimbus", "firebolt", "floo"):
            return self.move_score(plan, command)
        if name == "timeturner":  # two actions for one, and it comes back with the Wand
            return 2 * plan.outlook(here) + 1.0
        if name == "hedwig":
            return plan.drawn(3, len(plan.hand)) + GAMMA * plan.outlook(here) - ACTION_SPECIAL
        if name == "accio":
            taken = plan.board[command.cell]
            hand = (*plan.hand, taken)
            return GAMMA * plan.outlook(here, taken=taken, hand=hand) - ACTION_SPECIAL
        if name == "polyjuice":
            return GAMMA * plan.outlook(plan.view.players[command.other].cell) - 2 * ACTION_SPECIAL
        return 0.0

    @staticmethod
    def without(plan: Plan, card: str) -> tuple[str, ...]:
        hand = list(plan.hand)
        hand.remove(card)
        return tuple(hand)

    @staticmethod
    def rival_fails(card: str, rivals: list[PlayerView]) -> bool:
        return any(shortfall(ADVENTURES[card], dict(p.abilities)) > 1 for p in rivals)

    # --- other choices -------------------------------------------------------------------------------
    def who_score(self, plan: Plan, card: str, command: Command) -> float:
        assert isinstance(command, ev.ChooseEncounterer)
        if command.target == plan.view.seat:
            cost = plan.need(card, len(plan.hand))
            return FAIL if cost is None else card_worth(ADVENTURES[card]) + 6.0 - cost
        rival = plan.view.players[command.target]
        gap = shortfall(ADVENTURES[card], dict(rival.abilities))
        return 1.0 + gap if gap > 1 else -card_worth(ADVENTURES[card])

    def encounter(self, plan: Plan, task, legal: list[Command]) -> Command:
        seat = plan.view.seat
        card = ADVENTURES[task.card]
        if task.phase == "boost":
            return self.boost(plan, task, legal)
        if task.phase == "fawkes":
            values = {a: plan.abilities[a] + dict(task.boosts).get(a, 0) + 2 for a in ABILITIES}
            return ev.UseFree(seat, "fawkes") if card.test.passes(values) else ev.Decline(seat)
        if task.phase == "expelliarmus":
            return ev.UseFree(seat, "expelliarmus")
        if task.phase == "discard":
            return ev.Discard(seat, plan.cheapest(plan.hand))
        if task.phase == "retreat":
            retreats = [c for c in legal if isinstance(c, ev.Retreat)]
            return max(retreats, key=lambda c: plan.outlook(c.cell))
        return legal[0]

    def boost(self, plan: Plan, task, legal: list[Command]) -> Command:
        """Boost only with what the encounter offers, and only when it makes the pass: the cheapest way."""
        seat = plan.view.seat
        card = ADVENTURES[task.card]
        values = {a: plan.abilities[a] + dict(task.boosts).get(a, 0) for a in ABILITIES}
        boosts = [c for c in legal if isinstance(c, ev.Boost)]
        if card.test.passes(values) or not boosts:
            return ev.Check(seat)
        offered = tuple(dict.fromkeys(c.card for c in boosts if c.card in SPECIALS))
        # (in the hand's order, so that ties go the same way in every process: no set here)
        hand = sorted(dict.fromkeys(c.card for c in boosts if c.card not in SPECIALS), key=plan.usefulness)
        costs = [discard_cost(plan.usefulness(c)) for c in hand[: 2 - task.used]]
        found = boost_plan(card, values, offered, costs, plan.per_card)
        if found is None:
            return ev.Check(seat)
        name, ability = found[1][0]
        for command in boosts:
            if name and command.card == name and (command.ability == ability or not ability):
                return command
            if not name and command.card == hand[0] and command.ability == ability:
                return command
        return ev.Check(seat)

    def feast_score(self, plan: Plan, command: Command) -> float:
        assert isinstance(command, ev.Feast)
        raised = dict(plan.abilities)
        raised[command.ability] += 1
        cards = [*plan.hand, *plan.board.values()]
        before = sum(shortfall(ADVENTURES[c], plan.abilities) for c in cards)
        after = sum(shortfall(ADVENTURES[c], raised) for c in cards)
        return before - after - plan.abilities[command.ability] / 20

    def place_score(self, plan: Plan, card: str, command: Command) -> float:
        assert isinstance(command, ev.PlaceCard)
        mine = plan.distance(plan.me.cell, command.cell)
        theirs = min(
            (plan.distance(p.cell, command.cell) for i, p in enumerate(plan.view.players) if i != plan.view.seat),
            default=99,
        )
        ok, _ = plan.passable(card, len(plan.hand))
        return (theirs - mine) if ok else (mine - theirs) * 0.1


BOT_TYPES = {"greedy": GreedyBot}
SEARCH_WIDTH = 6  # the hard bot compares at most this many actions (the heuristic's best) at one decision


SEARCHED = ("action", "who", "place", "feast")  # the choices the hard bot searches; Medium's rule answers the rest


def search_candidates(view: View, legal: list[Command], width: int = SEARCH_WIDTH) -> list[Command]:
    """The actions worth the hard bot's search: the greedy bot's best few of a wide choice.

    An action step offers 20 to 40 moves, plays and draws; with the hundred or so playouts a decision allows, the
    search would try each a handful of times and learn nothing. Compared among the heuristic's best six, each
    gets a dozen or more and the search can tell when one is really better. Who encounters a card, where a
    revealed card goes and the New Year's ability are searched whole; the other choices (boosts, the Wand Bonus
    Token, discards, swaps) follow the Medium plan's rules, which the playouts follow too: none (the search then
    answers with Medium's move at once)."""
    assert isinstance(view, ChallengeView)
    kind = view.tasks[-1].kind
    if kind not in SEARCHED:
        return []
    if kind != "action" or len(legal) <= width:
        return list(legal)
    bot, plan = GreedyBot(), Plan(view)
    return sorted(legal, key=lambda command: -bot.action_score(plan, command))[:width]


def playout_policy(game, state, seat: int, legal: list[Command], rng: Rng) -> Command:
    """The ``hard`` bot's quick playouts in a sampled world: mostly take a sure adventure, else any move.

    Random play is long (the stalemate rule ends it after about 60 rounds); going for passable adventures makes
    a playout reach 500 in a fraction of the commands, which is what the search needs to see further.
    """
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, ev.Check):
        return playout_boost(state, seat, legal)
    if isinstance(first, ev.Pass) and rng.below(10) < 8:
        # One pass over the commands for both lists: a sure adventure (a card it passes played here, or a move
        # that ends on one), else the plays elsewhere and the draw.
        board = state.board
        able = passable_cards(state.players[seat].abilities)
        sure: list[Command] = []
        useful: list[Command] = []
        for command in legal:
            kind = type(command)  # (commands are never subclassed: as isinstance, and cheaper)
            if kind is PlayThere or kind is DrawCards:
                useful.append(command)
            elif type(command) is Move:
                path = command.path
                if board.get(path[-1]) in able and len(command.bypass) < sum(1 for cell in path if cell in board):
                    sure.append(command)
            elif type(command) is PlayHere and command.card in able:
                sure.append(command)
        if sure:
            return sure[rng.below(len(sure))]
        if useful and rng.below(2):
            return useful[rng.below(len(useful))]
    return legal[rng.below(len(legal))]


def playout_boost(state, seat: int, legal: list[Command]) -> Command:
    """A playout's boost step, as the greedy bot plays it: boost a short ability only when the boosts left can
    make the pass (a [Free] bonus card before a hand card), else check. Without boosts, playouts would fail
    encounters that every real player passes, and misjudge who gets ahead."""
    task = state.tasks[-1]
    card = ADVENTURES[task.card]
    player = state.players[seat]
    values = {a: player.abilities[a] + task.boosts.get(a, 0) for a in ABILITIES}
    gap = shortfall(card, values)
    boosts = [c for c in legal if isinstance(c, ev.Boost)]
    if gap == 0 or not boosts:
        return legal[0]
    per_card = 2 if player.character == "ron" else 1
    free = [c for c in boosts if c.card in SPECIALS]
    room = sum(amount for name in {c.card for c in free} for _, amount in SPECIALS[name].bonus)
    room += min(2 - task.used, len(player.hand)) * per_card
    if gap > room:
        return legal[0]
    short = {a for a, n in card.test.parts if values[a] < n}
    useful = [c for c in free + [c for c in boosts if c not in free] if c.ability in short or c.ability in ("", "*")]
    return useful[0] if useful else legal[0]


# --- the hard bot's playouts with the Medium plan ------------------------------------------------------------
PLAYOUT_BOT = GreedyBot()
# The lead in VP (plus adventures within reach) that counts as clear at a playout's cut, by player count. At 2
# players a narrow one (5) lets the search tell apart actions a few VP apart (at 40 it left Medium's move at 1% of
# its decisions and won as often as Medium); at 4, the lead over the best of three rivals is often well past 5 and
# a narrow scale flattens every action's value (1 win in 12 games), so it stays at 40.
STANDING_SCALES = {2: 5.0}
STANDING_SCALE = 40.0
POTENTIAL = 0.6  # what the adventures within a player's reach (``Plan.outlook``) add to its VP at a playout's cut


def greedy_playout_policy(game, state, seat: int, legal: list[Command], rng: Rng) -> Command:
    """The hard bot's playouts with every seat playing the Medium plan on its own view of the sampled world.

    The opponents the hard bot meets play that plan, and its own later moves follow it too, so a playout answers
    "what if I played this, then went on as Medium": the search is one step of policy improvement over Medium.
    Random moves would measure a different game (one where nobody snipes a card played ahead)."""
    if len(legal) == 1:
        return legal[0]
    # ``legal`` is all of ``legal(state, seat)`` (the game leaves no command out of a bot's weighing).
    return PLAYOUT_BOT.choose(make_view(state, seat, legal), rng)


def standing(state: ChallengeState, seat: int) -> float:
    """A player's VP plus the worth of the adventures within its reach (the Medium plan's outlook)."""
    player = state.players[seat]
    return player.vp + POTENTIAL * Plan(make_view(state, seat)).outlook(player.cell)


def evaluate_standing(state: ChallengeState, seat: int, scale: float | None = None) -> float:
    """A playout cut short: the win chance read from the lead in VP plus adventures within reach (``scale``: the
    lead that counts as clear, by default ``STANDING_SCALES`` for the player count)."""
    scale = scale or STANDING_SCALES.get(len(state.players), STANDING_SCALE)
    mine = standing(state, seat)
    rival = max(standing(state, other) for other in range(len(state.players)) if other != seat)
    return 0.5 + 0.5 * math.tanh((mine - rival) / scale)
