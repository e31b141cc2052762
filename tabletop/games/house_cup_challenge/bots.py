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


def card_worth(card: Adventure) -> float:
    if card.reward == "draw_cards":
        return card.vp + 1.2 * int(card.reward_arg)
    return card.vp + REWARD_WORTH[card.reward]


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
        self.rivals = [(p.cell, dict(p.abilities)) for i, p in enumerate(view.players) if i != view.seat]
        self.occupied = {p.cell for i, p in enumerate(view.players) if i != view.seat}
        self.bonus_specials = tuple(s for s in self.me.specials_up if SPECIALS[s].bonus)
        self.costs = sorted(discard_cost(self.usefulness(card)) for card in self.hand)
        self._need: dict[tuple[str, int], float | None] = {}
        self._threat: dict[tuple[str, str], bool] = {}
        self._outlook: dict[tuple, float] = {}
        self._board_worths: dict[int, list[tuple[str, str, float]]] = {}
        self._hand_worth: dict[tuple[str, int], float | None] = {}
        self._targets: dict[str, list[tuple[str, bool, float]]] = {}
        self._hand_tables: dict[int, tuple[float, dict[str, HandEntry]]] = {}

    # --- what the bot can pass ------------------------------------------------------------------------------
    def need(self, card: str, spare: int) -> float | None:
        """The cost of the boosts that pass ``card`` with ``spare`` hand cards to discard (0: it passes as it
        is), or None when it cannot pass."""
        key = (card, spare)
        if key not in self._need:
            info = ADVENTURES[card]
            if shortfall(info, self.abilities) == 0:
                self._need[key] = 0.0
            else:
                costs = self.costs[: max(0, min(2, spare))]
                found = boost_plan(info, self.abilities, self.bonus_specials, costs, self.per_card)
                self._need[key] = None if found is None else found[0]
        return self._need[key]

    def passable(self, card: str, spare: int) -> tuple[bool, int]:
        """(can pass at all, points short without boosts)."""
        return self.need(card, spare) is not None, shortfall(ADVENTURES[card], self.abilities)

    def usefulness(self, card: str) -> float:
        """How much keeping a hand card is worth."""
        info = ADVENTURES[card]
        gap = shortfall(info, self.abilities)
        return card_worth(info) / (1 + 2 * gap) + (0.5 if gap == 0 else 0.0)

    def cheapest(self, cards: list[str]) -> str:
        return min(cards, key=self.usefulness)

    def distance(self, a: str, b: str) -> int:
        return DISTANCES[a][b]

    def threatened(self, cell: str, card: str) -> bool:
        """Whether a rival can walk into ``card`` on ``cell`` with one move and pass it as it is."""
        key = (cell, card)
        if key not in self._threat:
            info = ADVENTURES[card]
            self._threat[key] = any(
                0 < DISTANCES[where][cell] <= 3 and shortfall(info, abilities) == 0 for where, abilities in self.rivals
            )
        return self._threat[key]

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
        key = (cell, taken, laid, hand)
        known = self._outlook.get(key)
        if known is not None:
            return known
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
        value = (first if found else 0.0) + (SECOND * second if found > 1 else 0.0)
        self._outlook[key] = value
        return value

    def board_worth(self, where: str, card: str, spare: int) -> float | None:
        """What completing the face-up ``card`` on ``where`` is worth before the walk (None: it cannot pass)."""
        cost = self.need(card, spare)
        if cost is None:
            return None
        worth = card_worth(ADVENTURES[card]) - cost
        if self.threatened(where, card):
            worth *= SNIPED
        return worth

    def board_worths(self, spare: int) -> list[tuple[str, str, float]]:
        """(cell, card, ``board_worth``) of every face-up card it can pass, worked out once per hand size."""
        known = self._board_worths.get(spare)
        if known is None:
            known = []
            for where, card in self.board.items():
                worth = self.board_worth(where, card, spare)
                if worth is not None:
                    known.append((where, card, worth))
            self._board_worths[spare] = known
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
            known = self._hand_tables[spare] = (self.drawn(3, spare), {})
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
        key = (card, spare)
        if key not in self._hand_worth:
            cost = self.need(card, spare)
            self._hand_worth[key] = None if cost is None else card_worth(ADVENTURES[card]) - cost
        return self._hand_worth[key]


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
            return max(legal, key=lambda c: self.action_score(plan, c) + rng.below(100) / 10_000)
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
        here = plan.me.cell
        spare = len(plan.hand)
        kind = type(command)
        if kind is ev.Pass:
            return GAMMA * plan.outlook(here) - 0.5
        if kind is ev.DrawCards:
            count = 3 if plan.me.character == "hermione" else 2
            return plan.drawn(count, spare) + GAMMA * plan.outlook(here)
        if kind is ev.Move:
            assert isinstance(command, ev.Move)
            return self.move_score(plan, command)
        if kind is ev.PlayHere:
            assert isinstance(command, ev.PlayHere)
            return self.play_here_score(plan, command.card)
        if kind is ev.PlayThere:
            assert isinstance(command, ev.PlayThere)
            return self.play_there_score(plan, command.card, command.cell)
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
        return card_worth(ADVENTURES[card]) - cost + GAMMA * plan.outlook(end, taken=card)

    def move_score(self, plan: Plan, command: ev.Move | ev.UseSpecial) -> float:
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
        view = plan.view
        info = ADVENTURES[card]
        value = plan.drawn(3, len(plan.hand) - 1)
        there = [p for i, p in enumerate(view.players) if i != view.seat and p.cell == cell]
        if there:  # an ambush: one of them encounters it at once
            if self.rival_fails(card, there):
                return value + 1.5 + GAMMA * plan.outlook(plan.me.cell, laid=(cell, card))
            return value - card_worth(info) + GAMMA * plan.outlook(plan.me.cell, hand=self.without(plan, card))
        if plan.threatened(cell, card):
            value -= GIFT * card_worth(info)
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
