"""The ``greedy`` House Cup Challenge bot: a heuristic that sees only its own seat's View.

It goes for the most valuable adventure it can pass, counting boosts: it plays passable cards onto its own
space or just ahead of itself and walks into them, boosts only when that makes a pass, and dumps cards it
cannot use onto other spaces for the 3 bonus cards (onto a rival who would fail them, when it can).
"""

from __future__ import annotations

from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import DISTANCES
from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES, SPECIALS, Adventure, passable_cards
from tabletop.games.house_cup_challenge.events import DrawCards, Move, PlayHere, PlayThere
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView

REWARD_WORTH = {"raise_ability": 3.0, "take_special": 4.0}
SPECIAL_WORTH = {"hedwig": 3.0, "timeturner": 5.0, "accio": 1.0, "polyjuice": -1.0}


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


class Plan:
    """What the bot knows of itself: abilities, the boosts it could still make, the cards it can use."""

    def __init__(self, view: ChallengeView) -> None:
        self.view = view
        self.me: PlayerView = view.me
        self.abilities = dict(self.me.abilities)
        self.hand = list(self.me.hand or ())
        self.board = view.board_map()
        self.per_card = 2 if self.me.character == "ron" else 1
        self.piles = view.draw_count + len(view.discard) > 0

    def boost_room(self, spare: int) -> int:
        """Points the bot could add with boosts, keeping the card about to be played."""
        bonus = sum(amount for s in self.me.specials_up for _, amount in SPECIALS[s].bonus)
        return min(2, max(0, spare)) * self.per_card + bonus

    def passable(self, card: str, spare: int) -> tuple[bool, int]:
        """(can pass at all, points short without boosts)."""
        gap = shortfall(ADVENTURES[card], self.abilities)
        return gap <= self.boost_room(spare), gap

    def usefulness(self, card: str) -> float:
        """How much keeping a hand card is worth."""
        info = ADVENTURES[card]
        gap = shortfall(info, self.abilities)
        return card_worth(info) / (1 + 2 * gap) + (0.5 if gap == 0 else 0.0)

    def cheapest(self, cards: list[str]) -> str:
        return min(cards, key=self.usefulness)

    def distance(self, a: str, b: str) -> int:
        return DISTANCES[a][b]


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

    # --- actions ---------------------------------------------------------------------------------------
    def target_score(self, plan: Plan, cell: str, spare: int) -> float:
        """Value of standing on ``cell``: near passable face-up cards, and able to play a hand card there."""
        best = 0.0
        for target, card in plan.board.items():
            ok, _ = plan.passable(card, spare)
            if ok:
                d = plan.distance(cell, target)
                best = max(best, card_worth(ADVENTURES[card]) / (1 + d))
        for card in plan.hand:
            info = ADVENTURES[card]
            if cell in info.cells and cell not in plan.board and plan.passable(card, spare - 1)[0]:
                best = max(best, card_worth(info) * 0.7)
        return best

    def encounter_value(self, plan: Plan, card: str, spare: int) -> float:
        ok, gap = plan.passable(card, spare)
        if not ok:
            return -15.0
        return card_worth(ADVENTURES[card]) + 6.0 - 1.5 * gap

    def action_score(self, plan: Plan, command: Command) -> float:
        view, me = plan.view, plan.me
        here = me.cell
        spare = len(plan.hand)
        if isinstance(command, ev.Pass):
            return -1.0
        if isinstance(command, ev.DrawCards):
            return (2.6 if plan.piles else -2.0) - (1.0 if spare >= 8 else 0.0)
        if isinstance(command, (ev.Move, ev.UseSpecial)) and destination_path(command):
            return self.move_score(plan, command)
        if isinstance(command, ev.PlayHere):
            others = [p for i, p in enumerate(view.players) if i != view.seat and p.cell == here]
            value = self.encounter_value(plan, command.card, spare - 1)
            if others and value < 0:
                value = 2.0 if self.rival_fails(command.card, others) else value
            return value
        if isinstance(command, ev.PlayThere):
            info = ADVENTURES[command.card]
            value = 3.0 if plan.piles else 0.0
            ok, gap = plan.passable(command.card, spare - 1)
            d = plan.distance(here, command.cell)
            rivals = [p for i, p in enumerate(view.players) if i != view.seat]
            if ok and d <= 3:
                value += 0.6 * card_worth(info) - gap
            elif ok:
                value -= 0.3 * card_worth(info)
            else:
                value -= 0.5
            there = [p for p in rivals if p.cell == command.cell]
            if there and self.rival_fails(command.card, there):
                value += 2.0
            near = [p for p in rivals if p.cell != command.cell and plan.distance(p.cell, command.cell) <= 3]
            if any(shortfall(info, dict(p.abilities)) == 0 for p in near):
                value -= 0.4 * card_worth(info)
            return value
        if isinstance(command, ev.UseSpecial):
            if command.card == "accio":
                return 1.0 + (3.0 if plan.passable(plan.board[command.cell], spare + 1)[0] else 0.0)
            return SPECIAL_WORTH.get(command.card, 0.0)
        return 0.0

    def move_score(self, plan: Plan, command: ev.Move | ev.UseSpecial) -> float:
        spare = len(plan.hand)
        path = destination_path(command)
        end = path[-1]
        cost = 0.0 if isinstance(command, ev.Move) else 2.5
        cards_entered = sum(1 for cell in path if cell in plan.board)
        free = isinstance(command, ev.UseSpecial) and command.card == "map"
        spent = sum(1 for way in command.bypass if way in ("harry", "cloak")) * 1.5
        if not free and len(command.bypass) < cards_entered:
            return self.encounter_value(plan, plan.board[end], spare) - cost - spent
        before = self.target_score(plan, plan.me.cell, spare)
        after = self.target_score(plan, end, spare)
        return (after - before) * 0.5 - cost - spent - 0.2

    @staticmethod
    def rival_fails(card: str, rivals: list[PlayerView]) -> bool:
        return any(shortfall(ADVENTURES[card], dict(p.abilities)) > 1 for p in rivals)

    # --- other choices -------------------------------------------------------------------------------
    def who_score(self, plan: Plan, card: str, command: Command) -> float:
        assert isinstance(command, ev.ChooseEncounterer)
        if command.target == plan.view.seat:
            return self.encounter_value(plan, card, len(plan.hand))
        rival = plan.view.players[command.target]
        gap = shortfall(ADVENTURES[card], dict(rival.abilities))
        return 1.0 + gap if gap > 1 else -card_worth(ADVENTURES[card])

    def encounter(self, plan: Plan, task, legal: list[Command]) -> Command:
        seat = plan.view.seat
        card = ADVENTURES[task.card]
        if task.phase == "boost":
            values = {a: plan.abilities[a] + dict(task.boosts).get(a, 0) for a in ABILITIES}
            if card.test.passes(values):
                return ev.Check(seat)
            boosts = [c for c in legal if isinstance(c, ev.Boost)]
            room = sum(amount for s in plan.me.specials_up for _, amount in SPECIALS[s].bonus)
            room += (2 - task.used) * plan.per_card if len(plan.hand) else 0
            if shortfall(card, values) > room or not boosts:
                return ev.Check(seat)

            def gain(command: ev.Boost) -> float:
                trial = dict(values)
                if command.card in SPECIALS:
                    for part, amount in SPECIALS[command.card].bonus:
                        target = command.ability if part == "*" else part
                        trial[target] = trial.get(target, 0) + amount
                    cost = 1.0
                else:
                    trial[command.ability] += plan.per_card
                    cost = plan.usefulness(command.card)
                return (shortfall(card, values) - shortfall(card, trial)) * 10 - cost

            return max(boosts, key=gain)
        if task.phase == "fawkes":
            values = {a: plan.abilities[a] + dict(task.boosts).get(a, 0) + 2 for a in ABILITIES}
            return ev.UseFree(seat, "fawkes") if card.test.passes(values) else ev.Decline(seat)
        if task.phase == "expelliarmus":
            return ev.UseFree(seat, "expelliarmus")
        if task.phase == "discard":
            return ev.Discard(seat, plan.cheapest(plan.hand))
        if task.phase == "retreat":
            retreats = [c for c in legal if isinstance(c, ev.Retreat)]
            return max(retreats, key=lambda c: self.target_score(plan, c.cell, len(plan.hand)))
        return legal[0]

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


def search_candidates(view: View, legal: list[Command]) -> list[Command]:
    """The actions worth the hard bot's search: the greedy bot's best few of a wide choice.

    An action step offers 20 to 40 moves, plays and draws; with the few hundred playouts a second allows, the
    search would try each a handful of times and learn nothing. Compared among the heuristic's best six, each
    gets dozens and the search can tell when one is really better. Narrow choices are searched whole."""
    assert isinstance(view, ChallengeView)
    if view.tasks[-1].kind != "action" or len(legal) <= SEARCH_WIDTH:
        return list(legal)
    bot, plan = GreedyBot(), Plan(view)
    return sorted(legal, key=lambda command: -bot.action_score(plan, command))[:SEARCH_WIDTH]


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
