"""House Cup Challenge Medium: how long its bot-only games are and how it plays them (issue 16, item 2).

N seeded games with every seat Medium (the ``greedy`` policy of tabletop/games/house_cup_challenge/bots.py), at
2 and 4 players, printing rounds per game (median and quartiles), actions per game and per player, cards played
onto one's own space against ahead (onto another, empty space: the 3 bonus cards) and onto rivals (an ambush),
own cards walked into later, bonus draws, boosts and Special Cards used. The same figures for the old Medium
(the policy before issue 16, kept below as ``OldGreedyBot``) come with ``--old``; ``--versus N`` plays N games at
each player count of one new Medium against old Medium in every other seat, seats rotated.

Seeds: game ``k`` of a run uses seed ``--seed + k`` for the deal, and each seat's bot its own generator from it.

Usage: python benchmarks/house_cup_challenge_medium.py [--games 200] [--players 2 4] [--seed 1] [--old]
       [--versus 200] [--only-versus]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.core.protocol import Bot, Command, View  # noqa: E402
from tabletop.core.rng import Rng, sealed_seed  # noqa: E402
from tabletop.games.house_cup_challenge import GAME  # noqa: E402
from tabletop.games.house_cup_challenge import events as ev  # noqa: E402
from tabletop.games.house_cup_challenge.board import DISTANCES  # noqa: E402
from tabletop.games.house_cup_challenge.bots import GreedyBot  # noqa: E402
from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES, SPECIALS, Adventure, passable_cards  # noqa: E402
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView  # noqa: E402

ACTION_COMMANDS = (ev.Pass, ev.DrawCards, ev.Move, ev.PlayHere, ev.PlayThere, ev.UseSpecial)


def play(players: int, seed: int, bots: Sequence[Bot], tally: Counter) -> tuple[int, tuple[int, ...]]:
    """One bot-only game; adds its figures to ``tally``; returns (rounds, winners)."""
    state = GAME.setup(players, GAME.default_options(players), seed)
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(players)]
    played_by: dict[str, tuple[int, bool]] = {}  # card on the board -> (who played it, onto an empty space)
    exposed: set[str] = set()  # cards played ahead that a rival could walk into and pass with its next move
    walked_to = [""] * players  # the space each seat's last action walked to, without an encounter
    commands = 0
    while (result := GAME.result(state)) is None:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        command = bots[seat].choose(view, rngs[seat])
        kind = type(command)
        if kind in ACTION_COMMANDS and state.tasks[-1].kind == "action":
            tally["actions"] += 1
            tally[f"action {kind.__name__}"] += 1
            stocked = bool(state.draw or state.discard)  # the bonus cards are there to draw
            if isinstance(command, ev.PlayThere):
                empty = not state.occupants(command.cell)
                tally["ahead" if empty else "ambush"] += 1
                tally["ahead, piles stocked"] += empty and stocked
                played_by[command.card] = (seat, empty)
                if empty and any(
                    other != seat
                    and 0 < DISTANCES[player.cell][command.cell] <= 3
                    and command.card in passable_cards(player.abilities)
                    for other, player in enumerate(state.players)
                ):
                    exposed.add(command.card)
                    tally["ahead, exposed"] += 1
            elif isinstance(command, ev.PlayHere):
                played_by[command.card] = (seat, False)
                tally["own space, piles stocked"] += stocked
                walked = walked_to[seat] == state.players[seat].cell
                tally["walked there, then played"] += walked
                tally["walked there, then played, piles stocked"] += walked and stocked
            elif isinstance(command, ev.UseSpecial):
                tally[f"special {command.card}"] += 1
        elif isinstance(command, ev.Boost):
            tally["boost special" if command.card in SPECIALS else "boost card"] += 1
        elif isinstance(command, ev.UseFree):
            tally[f"special {command.card}"] += 1
        elif isinstance(command, ev.WandBonus) and command.use:
            tally["wand token"] += 1
        if kind in ACTION_COMMANDS and state.tasks[-1].kind == "action":
            walked_to[seat] = ""
        events = GAME.apply(state, command)
        if isinstance(command, ev.Move) and not any(isinstance(e, ev.EncounterStarted) for e in events):
            walked_to[seat] = command.path[-1]
        for event in events:
            if isinstance(event, ev.CardsDrawn) and event.why == "bonus" and event.cards is not None:
                tally["bonus draws"] += 1
                tally["bonus cards drawn"] += event.count
            elif isinstance(event, ev.AdventureCompleted):
                tally["completed"] += 1
                who, ahead = played_by.pop(event.card, (-1, False))
                if who == event.seat and ahead:
                    tally["own card ahead walked into"] += 1
                if event.card in exposed:
                    exposed.discard(event.card)
                    tally["ahead, exposed, taken by a rival"] += who != event.seat
            elif isinstance(event, ev.EncounterFailed):
                tally["failed encounters"] += 1
        commands += 1
        if commands > 100_000:
            raise RuntimeError(f"game {seed} did not end")
    tally["games"] += 1
    tally[f"end {state.end_reason}"] += 1
    return state.round, result.winners


def quantiles(values: Sequence[float], n: int) -> list[float]:
    """``statistics.quantiles`` (inclusive), also of one game (every quantile of one value is that value)."""
    return statistics.quantiles(values if len(values) > 1 else [*values, *values], n=n, method="inclusive")


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    q1, q2, q3 = quantiles(values, 4)
    return q1, q2, q3


def measure(label: str, make: Callable[[], Bot], players: int, games: int, seed: int) -> dict[str, float]:
    tally: Counter = Counter()
    rounds = []
    start = time.perf_counter()
    for index in range(games):
        bots = [make() for _ in range(players)]
        rounds.append(play(players, seed + index, bots, tally)[0])
    seconds = time.perf_counter() - start
    q1, q2, q3 = quartiles(rounds)
    deciles = quantiles(rounds, 10)

    def per_game(key: str) -> float:
        return tally[key] / games

    specials = sum(n for key, n in tally.items() if key.startswith("special ")) + tally["boost special"]
    print(
        f"{label}, {players} players, {games} games (seeds {seed}..{seed + games - 1}), {seconds:.1f} s\n"
        f"  rounds: median {q2:g}, quartiles {q1:g}-{q3:g}, p10 {deciles[0]:g}, p90 {deciles[-1]:g}, "
        f"max {max(rounds)}; ends: "
        + ", ".join(f"{key[4:]} {n}" for key, n in sorted(tally.items()) if key.startswith("end "))
    )
    print(
        f"  actions per game {per_game('actions'):.1f} ({per_game('actions') / players:.1f} per player): "
        + ", ".join(
            f"{name} {per_game('action ' + name):.1f}"
            for name in ("Move", "PlayHere", "PlayThere", "DrawCards", "UseSpecial", "Pass")
        )
    )
    print(
        f"  cards onto own space {per_game('action PlayHere'):.1f} (just walked there "
        f"{per_game('walked there, then played'):.1f}, {per_game('walked there, then played, piles stocked'):.1f} "
        f"of them with cards in the piles), ahead (empty space) {per_game('ahead'):.1f}, "
        f"onto rivals {per_game('ambush'):.1f} (with cards in the piles: own space "
        f"{per_game('own space, piles stocked'):.1f}, ahead {per_game('ahead, piles stocked'):.1f})"
        f"; own cards ahead walked into {per_game('own card ahead walked into'):.1f}; ahead where a rival could walk "
        f"into it and pass it {per_game('ahead, exposed'):.1f}, a rival took "
        f"{tally['ahead, exposed, taken by a rival'] / max(1, tally['ahead, exposed']):.0%} of them"
        f"; completed {per_game('completed'):.1f}, failed {per_game('failed encounters'):.2f}"
    )
    print(
        f"  bonus draws {per_game('bonus draws'):.1f} ({per_game('bonus cards drawn'):.1f} cards), boosts "
        f"{per_game('boost card'):.2f} hand cards + {per_game('boost special'):.2f} Special Cards, Special Cards "
        f"used {specials / games:.2f} ("
        + ", ".join(f"{key[8:]} {n / games:.2f}" for key, n in sorted(tally.items()) if key.startswith("special "))
        + f"), wand token {per_game('wand token'):.2f}"
    )
    return {"median": q2, "q1": q1, "q3": q3, "actions": per_game("actions")}


def versus(games: int, seed: int, players: int) -> None:
    """One new Medium against old Medium in every other seat, seats rotated: game k seats the new bot at seat
    k % players (at 2 players, new against old head to head)."""
    wins = 0.0
    rounds = []
    tally: Counter = Counter()
    for index in range(games):
        new_seat = index % players
        bots: list[Bot] = [OldGreedyBot() for _ in range(players)]
        bots[new_seat] = GreedyBot()
        length, winners = play(players, seed + index, bots, tally)
        rounds.append(length)
        if new_seat in winners:
            wins += 1 / len(winners)
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(
        f"new Medium vs old Medium in the other seats, {players} players, {games} games (seeds {seed}.."
        f"{seed + games - 1}, seats rotated): new wins {rate:.1%} (95% CI {rate - half:.1%}-{rate + half:.1%}; "
        f"fair share {1 / players:.0%}), median {statistics.median(rounds):g} rounds"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=GAME.player_counts)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--old", action="store_true", help="measure the old Medium too")
    parser.add_argument("--versus", type=int, default=0, help="games of new against old Medium at each --players")
    parser.add_argument("--only-versus", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print("House Cup Challenge Medium (target, the reference policy: median 19 rounds at 2 players, 15 at 4)")
    if not args.only_versus:
        for players in args.players:
            if args.old:
                measure("old Medium", OldGreedyBot, players, args.games, args.seed)
            measure("Medium", GreedyBot, players, args.games, args.seed)
    if args.versus:
        for players in args.players:
            versus(args.versus, args.seed, players)


# --- the old Medium, as it was before issue 16 (a reference opponent; it sees only its View) -----------------

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


class OldPlan:
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


class OldGreedyBot:
    id = "old-medium"

    def choose(self, view: View, rng: Rng) -> Command:
        assert isinstance(view, ChallengeView)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        plan = OldPlan(view)
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
    def target_score(self, plan: OldPlan, cell: str, spare: int) -> float:
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

    def encounter_value(self, plan: OldPlan, card: str, spare: int) -> float:
        ok, gap = plan.passable(card, spare)
        if not ok:
            return -15.0
        return card_worth(ADVENTURES[card]) + 6.0 - 1.5 * gap

    def action_score(self, plan: OldPlan, command: Command) -> float:
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

    def move_score(self, plan: OldPlan, command: ev.Move | ev.UseSpecial) -> float:
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
    def who_score(self, plan: OldPlan, card: str, command: Command) -> float:
        assert isinstance(command, ev.ChooseEncounterer)
        if command.target == plan.view.seat:
            return self.encounter_value(plan, card, len(plan.hand))
        rival = plan.view.players[command.target]
        gap = shortfall(ADVENTURES[card], dict(rival.abilities))
        return 1.0 + gap if gap > 1 else -card_worth(ADVENTURES[card])

    def encounter(self, plan: OldPlan, task, legal: list[Command]) -> Command:
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

    def feast_score(self, plan: OldPlan, command: Command) -> float:
        assert isinstance(command, ev.Feast)
        raised = dict(plan.abilities)
        raised[command.ability] += 1
        cards = [*plan.hand, *plan.board.values()]
        before = sum(shortfall(ADVENTURES[c], plan.abilities) for c in cards)
        after = sum(shortfall(ADVENTURES[c], raised) for c in cards)
        return before - after - plan.abilities[command.ability] / 20

    def place_score(self, plan: OldPlan, card: str, command: Command) -> float:
        assert isinstance(command, ev.PlaceCard)
        mine = plan.distance(plan.me.cell, command.cell)
        theirs = min(
            (plan.distance(p.cell, command.cell) for i, p in enumerate(plan.view.players) if i != plan.view.seat),
            default=99,
        )
        ok, _ = plan.passable(card, len(plan.hand))
        return (theirs - mine) if ok else (mine - theirs) * 0.1


if __name__ == "__main__":
    main()
