"""House Cup's final scoring and a day's taking, written again from the rulebook and its supplement alone, and
compared with the engine through the protocol in whole games played by bots (a differential test).

The independent model below reads no part of ``tabletop.games.house_cup`` but the State's fields and the events;
every card's kind, day and symbol come from the supplement house-cup-deck.md, the points from the rulebook.
Run as a script for a longer comparison: ``python tests/test_house_cup_independent.py GAMES``.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES

GAME = GAMES["house-cup"]

# --- the deck, from the supplement's "Every copy" table ---------------------------------------------------------
_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
_COPIES = {  # kind: the day of copy 1, 2, ... (each kind's copies are spread over the week)
    "trouble": "Mon Tue Wed Thu Fri Mon Tue Wed",
    "letter": "Thu Fri Mon Tue",
    "divination": "Wed Thu",
    "cauldron": "Fri",
    "hagrid": "Mon",
    "potions": "Tue Wed Thu Fri Mon Tue Wed Thu Fri Mon Tue Wed Thu",
    "herbology": "Fri Mon Tue Wed",
    "creatures": "Thu Fri Mon Tue",
    "charms": "Wed Thu Fri",
    "castle": "Mon Tue Wed Thu Fri Mon",
    "quidditch": "Tue Wed Thu Fri",
    "forward": "Mon Tue Wed",
    "uniform": "Thu Fri Mon Tue",
    "elf": "Wed",
    "history": "Thu Fri",
    "help_owlery": "Mon",
    "help_firstyears": "Tue",
    "help_hagrid": "Wed",
    "help_uniforms": "Thu",
    "help_nargles": "Fri",
    "help_search": "Mon",
    "flywheel": "Tue",
    "earphones": "Wed",
}
DAY_OF = {f"{kind}-{i}": _DAYS.index(day) for kind, days in _COPIES.items() for i, day in enumerate(days.split(), 1)}
CASTLE_TYPE = {"castle-1": "A", "castle-4": "A", "castle-2": "B", "castle-5": "B", "castle-3": "C", "castle-6": "C"}
FORWARD_HOUSE = {"forward-1": "Gryffindor", "forward-2": "Slytherin", "forward-3": "Ravenclaw"}
UNIFORM_HOUSE = {
    "uniform-1": "Gryffindor",
    "uniform-2": "Hufflepuff",
    "uniform-3": "Ravenclaw",
    "uniform-4": "Slytherin",
}
ALL_SYMBOLS = frozenset({"letter", "help", "animal", "clothing"})
_SYMBOL_OF_KIND = {
    "letter": "letter",
    "hagrid": "animal",
    "creatures": "animal",
    "quidditch": "clothing",
    "uniform": "clothing",
    "earphones": "clothing",
    "elf": "help",
    "help_owlery": "help",
    "help_firstyears": "help",
    "help_hagrid": "help",
    "help_uniforms": "help",
    "help_search": "help",
}
HELP_COUNTS = {"help_owlery": "letter", "help_firstyears": "help", "help_hagrid": "animal", "help_uniforms": "clothing"}
# Set tables (index: cards in the set); beyond the table's end a card adds nothing ("does not start a new set").
POTIONS = (0, 2, 3, 4, 20, 40)
HERBOLOGY = (0, 20, 30, 40)  # costs these without Earphones
CREATURES = (0, 4, 9, 15, 25, 50)
TOKEN_POINTS = (2, 3, 5, 8)  # a reward token with 0, 1, 2, 3 Charms
SETS = ("potions", "herbology", "creatures", "charms", "castle")


def kind(card: str) -> str:
    return card.rsplit("-", 1)[0]


def symbols(card: str) -> frozenset[str]:
    k = kind(card)
    if k == "help_nargles":
        return ALL_SYMBOLS
    return frozenset({_SYMBOL_OF_KIND[k]}) if k in _SYMBOL_OF_KIND else frozenset()


def _table(points: tuple[int, ...], n: int) -> int:
    return points[min(n, len(points) - 1)]


def quidditch_leader_houses(tableaux: list[list[str]], houses: list[str]) -> set[str]:
    counts = [sum(kind(c) == "quidditch" for c in cards) for cards in tableaux]
    top = max(counts)
    return {houses[s] for s, n in enumerate(counts) if n == top} if top >= 1 else set()


def started_sets(cards: list[str]) -> list[str]:
    kinds = {kind(c) for c in cards}
    return [s for s in SETS if s in kinds]


def score(cards: list[str], rewards: int, house: str, leaders: set[str], flywheel: str | None) -> int:
    """One student's points at the end (the rulebook's card notes), the Flywheel of Time counted in ``flywheel``."""
    n = Counter(kind(c) for c in cards)
    if flywheel is not None:
        assert "flywheel-1" in cards and n[flywheel] >= 1, "the Flywheel joins only a started set"
    extra = {s: int(s == flywheel) for s in SETS}
    total = _table(POTIONS, n["potions"] + extra["potions"])
    herb = _table(HERBOLOGY, n["herbology"] + extra["herbology"])
    total += herb if n["earphones"] else -herb
    total += _table(CREATURES, n["creatures"] + extra["creatures"])
    castle_types = {CASTLE_TYPE[c] for c in cards if kind(c) == "castle"}
    total += 60 if len(castle_types) + extra["castle"] >= 3 else 0
    total += rewards * _table(TOKEN_POINTS, n["charms"] + extra["charms"])
    total += 30 if n["quidditch"] and house in leaders else 0
    total += sum(15 for c in cards if kind(c) == "forward" and FORWARD_HOUSE[c] in leaders)
    total += sum(10 if UNIFORM_HOUSE[c] == house else -10 for c in cards if kind(c) == "uniform")
    total += sum((5 if n["elf"] else -5) for c in cards if kind(c) == "trouble" and c != "trouble-1")
    total += n["history"] * len(cards)
    for help_kind, symbol in HELP_COUNTS.items():
        total += n[help_kind] * 3 * sum(symbol in symbols(c) for c in cards)
    return total


def best_flywheel_score(cards: list[str], rewards: int, house: str, leaders: set[str]) -> int:
    options: list[str | None] = [None]
    if "flywheel-1" in cards:
        options += started_sets(cards)
    return max(score(cards, rewards, house, leaders, f) for f in options)


def winners(scores: list[int], card_counts: list[int]) -> tuple[int, ...]:
    """Most points; tied, fewer cards; still tied, all of them ("friendship wins")."""
    best = max(zip(scores, (-c for c in card_counts), strict=True))
    return tuple(s for s in range(len(scores)) if (scores[s], -card_counts[s]) == best)


# --- the rulebook's two scoring examples --------------------------------------------------------------------------


def test_the_rulebooks_scoring_examples() -> None:
    ravenclaw = [
        *("potions-1", "potions-2", "potions-3", "quidditch-1", "quidditch-2", "quidditch-3", "creatures-1"),
        *("help_owlery-1", "letter-1", "history-1", "history-2", "castle-1", "trouble-2", "elf-1"),
    ]
    slytherin = [
        *("herbology-1", "herbology-2", "flywheel-1", "earphones-1", "trouble-3", "quidditch-4", "help_nargles-1"),
        *("help_firstyears-1", "help_search-1", "uniform-4", "forward-3", "forward-1"),
    ]
    houses = ["Ravenclaw", "Slytherin"]
    leaders = quidditch_leader_houses([ravenclaw, slytherin], houses)
    assert leaders == {"Ravenclaw"}
    assert score(ravenclaw, 5, "Ravenclaw", leaders, None) == 84
    assert score(slytherin, 0, "Slytherin", leaders, "herbology") == 69
    assert best_flywheel_score(slytherin, 0, "Slytherin", leaders) == 69


# --- the comparison through the protocol --------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    final_scores: int = 0  # seats whose final score was compared
    winners: int = 0
    live_scores: int = 0  # seats' running scores compared (statistics of a game in progress)
    days: int = 0  # days resolved
    tokens: int = 0  # tokens whose taking was checked
    takes: int = 0  # take decisions checked (who acts, which cards offered)
    flywheel_menus: int = 0
    no_card: int = 0  # tokens that got no card (a reward token instead)
    no_card_empty: int = 0  # ... with the supply empty
    ties: int = 0  # games with a tie on points
    flywheel_not_best: int = 0
    by_size: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)


def _stat_total(row: dict[str, Any]) -> int:
    return sum(v for k, v in row.items() if isinstance(v, int) and not isinstance(v, bool))


def _expected_day(tokens: tuple[tuple[int, int], ...], cards: int) -> list[tuple[Any, ...]]:
    """What taking one day does: tokens by value, equal values top of the column first; each takes as many cards as
    its number while any are left, and a token that gets no card at all takes a reward token. Every token returns."""
    order = sorted(range(len(tokens)), key=lambda i: (tokens[i][1], i))
    expected: list[tuple[Any, ...]] = []
    for i in order:
        seat, value = tokens[i]
        got = min(value, cards)
        cards -= got
        expected += [("take", seat)] * got
        if got == 0:
            expected.append(("nothing", seat))
        expected.append(("return", seat, value))
    return expected


def play_and_compare(
    players: int, seed: int, bot_ids: list[str], live_every: int = 7, supply: int | None = None
) -> Tally:
    """One game played by bots, the engine's every take and its final scores compared with the model's.
    ``supply``: the reward tokens left in the supply at the start (fewer than 46: it runs out)."""
    tally = Tally(games=1)
    tally.by_size[players] += 1
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    Rng.from_seed(seed).shuffle(houses)  # any houses, any first player: the Uniforms and House Forward! care
    options = {"houses": houses[:players], "first": seed % players}
    state = GAME.setup(players, options, seed)
    first = options["first"]
    bots = [make_bot(GAME, bot_ids[s % len(bot_ids)]) for s in range(players)]
    rng = Rng.from_seed(seed * 7919 + 17)
    rounds = {2: 4, 3: 3, 4: 4}[players]
    assert state.rounds == rounds
    where = f"{players}p seed {seed} bots {bot_ids}"

    my_days: list[Counter[str]] = [Counter() for _ in range(5)]
    for d, cards in enumerate(state.days):
        for card in cards:
            assert DAY_OF[card] == d, f"{where}: {card} laid on day {d}"
            my_days[d][card] += 1
    placed: list[list[tuple[int, int]]] = [[] for _ in range(5)]  # this round's columns, top first
    if supply is not None:
        state.supply = supply
    supply = state.supply
    rewards = [0] * players
    pending: list[tuple[Any, ...]] = []  # the rest of the day being taken, as _expected_day gives it
    revealed_days: list[int] = []
    flywheel_seen: str | None = None
    ended: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    steps = 0
    rounds_started = 1  # the first round starts with the setup

    while GAME.result(state) is None:
        steps += 1
        actors = GAME.to_act(state)
        seat = actors[0]
        legal = GAME.legal(state, seat)
        # (2) a take with no effect pending: the head of the column takes, any card left on the day
        if state.phase == "take" and not state.tasks:
            assert pending and pending[0][0] == "take", f"{where}: a take not expected ({pending[:2]})"
            assert actors == (pending[0][1],), f"{where}: {actors} act, expected the token of {pending[0][1]}"
            offered = {c.card for c in legal if type(c).__name__ == "TakeCard"}
            assert offered == set(state.days[state.day]) and len(offered) == len(legal), f"{where}: {legal}"
            assert set(my_days[state.day].elements()) == offered
            tally.takes += 1
        # (1) the Flywheel's menu: any started set, or none
        if any(type(c).__name__ == "ChooseFlywheelSet" for c in legal):
            menu = {c.set for c in legal}
            assert menu == {None, *started_sets(state.tableau[seat])}, f"{where}: flywheel menu {menu}"
            tally.flywheel_menus += 1
        view = GAME.view(state, seat)
        command = bots[seat].choose(view, rng)
        if type(command).__name__ == "PlaceToken":
            placed[command.day].append((seat, command.value))  # a new token goes under the column
        events = GAME.apply(state, command)
        for event in events:
            name = type(event).__name__
            if event.to is not None and name in ("TokenPlaced", "SearchLooked"):
                continue
            if name == "Dealt":
                for card in event.cards:
                    my_days[DAY_OF[card]][card] += 1
            elif name == "TokensRevealed":
                assert not pending, f"{where}: day {event.day} revealed with {pending} left"
                assert event.tokens == tuple(placed[event.day]), f"{where}: column {event.tokens} {placed}"
                assert not revealed_days or revealed_days[-1] < event.day, f"{where}: days {revealed_days}"
                revealed_days.append(event.day)
                # the cards on the day now (my own count, checked against the State after every command: a
                # command may reveal a day and deal the next round in one go)
                cards = sum(my_days[event.day].values())
                pending = _expected_day(event.tokens, cards)
                placed[event.day] = []
                tally.days += 1
                tally.tokens += len(event.tokens)
            elif name == "CardTaken":
                assert pending and pending[0] == ("take", event.seat), f"{where}: {event} but {pending[:2]}"
                pending.pop(0)
                assert my_days[event.day][event.card] > 0
                my_days[event.day][event.card] -= 1
            elif name == "RewardsTaken":
                assert event.count == min(event.wanted, supply), f"{where}: {event} with {supply} in the supply"
                supply -= event.count
                rewards[event.seat] += event.count
                if event.reason == "nothing":
                    assert event.wanted == 1
                    tally.no_card += 1
                    tally.no_card_empty += event.count == 0
                    # a nothing-token may be told just before or after its token's return
                    ok = pending[:1] == [("nothing", event.seat)]
                    assert ok, f"{where}: {event} but {pending[:2]}"
                    pending.pop(0)
            elif name == "TokenReturned":
                if pending[:1] == [("nothing", event.seat)]:
                    pending.pop(0)  # told before the reward: accept either order
                    pending.insert(1, ("nothing", event.seat))
                assert pending[:1] == [("return", event.seat, event.value)], f"{where}: {event} but {pending[:2]}"
                pending.pop(0)
            elif name == "RoundStarted":
                rounds_started += 1
                assert not pending
                assert all(sorted(held) == [1, 2, 3] for held in state.held), f"{where}: tokens back {state.held}"
                revealed_days = []
            elif name == "HatPassed":
                assert event.to_seat == (first + 1) % players, f"{where}: the hat to {event.to_seat}"
                first = event.to_seat
            elif name == "FlywheelChosen":
                flywheel_seen = event.set
            elif name == "GameEnded":
                ended = (event.scores, event.winners)
        assert [sum(c.values()) for c in my_days] == [len(d) for d in state.days], f"{where}: days differ"
        assert state.supply == supply and state.rewards == rewards, f"{where}: rewards differ"
        if live_every and steps % live_every == 0 and state.flywheel_set is None:
            tally.live_scores += _compare_scores(state, where, live=True)

    assert not pending, f"{where}: the game ended with {pending} to do"
    assert rounds_started == rounds, f"{where}: {rounds_started} rounds"
    result = GAME.result(state)
    assert result is not None
    flywheel = state.flywheel_set
    assert flywheel == flywheel_seen or flywheel_seen is None
    tally.final_scores += _compare_scores(state, where, live=False)
    mine = _my_scores(state)
    assert result.winners == winners(mine, [len(t) for t in state.tableau]), f"{where}: winners {result.winners}"
    assert ended == (result.scores, result.winners), f"{where}: GameEnded {ended}, result {result}"
    tally.winners += 1
    tally.ties += mine.count(max(mine)) > 1
    # the bots that play their best (medium) give the Flywheel its best set
    owner = state.owner_of("flywheel-1")
    if owner is not None and bots[owner].id == "medium":
        leaders = quidditch_leader_houses(state.tableau, state.houses)
        best = best_flywheel_score(state.tableau[owner], state.rewards[owner], state.houses[owner], leaders)
        if mine[owner] != best:
            tally.flywheel_not_best += 1
    return tally


def _my_scores(state: Any) -> list[int]:
    leaders = quidditch_leader_houses(state.tableau, state.houses)
    return [
        score(
            state.tableau[s],
            state.rewards[s],
            state.houses[s],
            leaders,
            state.flywheel_set if "flywheel-1" in state.tableau[s] else None,
        )
        for s in range(state.players)
    ]


def _compare_scores(state: Any, where: str, live: bool) -> int:
    mine = _my_scores(state)
    rows = GAME.statistics(state, [])
    theirs = [_stat_total(row) for row in rows]
    detail = f"{where}: mine {mine}, engine {theirs}; tableaux {state.tableau} rewards {state.rewards}"
    detail += f" houses {state.houses} flywheel {state.flywheel_set}"
    assert mine == theirs, ("live " if live else "final ") + detail
    if not live:
        result = GAME.result(state)
        assert list(result.scores) == mine, detail
    return len(mine)


# Cards worth nothing on their own when no one has Quidditch, Help or Herbology cards (for ties on points).
ZERO_KINDS = ("divination", "cauldron", "hagrid", "help_search", "help_nargles", "letter", "earphones", "forward")


def _synthetic_end(players: int, seed: int) -> Any:
    """A finished game's State with tableaux dealt at random, each kind mostly to one student (so that big sets,
    fourth Herbology cards, Quidditch ties and an empty supply come up), scored by ``GAME.result``."""
    rng = Rng.from_seed(seed)
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    rng.shuffle(houses)
    state = GAME.setup(players, {"houses": houses[:players], "first": 0}, seed)
    tableaux: list[list[str]] = [[] for _ in range(players)]
    for k in _COPIES:
        favoured = rng.below(players)
        for card in sorted(c for c in DAY_OF if kind(c) == k):
            roll = rng.below(10)
            if roll < 4:
                tableaux[favoured].append(card)
            elif roll < 6:
                tableaux[rng.below(players)].append(card)
    tie = rng.below(4) == 0  # a tie on points, broken (or not) by the number of cards
    if tie:
        zero = [c for c in DAY_OF if kind(c) in ZERO_KINDS]
        rng.shuffle(zero)
        tableaux = [[] for _ in range(players)]
        for card in zero:
            if rng.below(3):
                tableaux[rng.below(players)].append(card)
    for t in tableaux:
        rng.shuffle(t)
    supply = 46
    rewards = []
    same = rng.below(12)
    for _ in range(players):
        n = same if tie else min(supply, rng.below(16))
        rewards.append(n)
        supply -= n
    state.tableau, state.rewards, state.supply = tableaux, rewards, supply
    owner = next((s for s in range(players) if "flywheel-1" in tableaux[s]), None)
    options: list[str | None] = [None, *started_sets(tableaux[owner])] if owner is not None else [None]
    state.flywheel_set = None if tie else rng.choice(options)
    state.phase = "over"
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_synthetic_final_tableaux_score_alike(players: int) -> None:
    for seed in range(300):
        state = _synthetic_end(players, 50_000 * players + seed)
        where = f"synthetic {players}p seed {seed}"
        _compare_scores(state, where, live=False)
        result = GAME.result(state)
        assert result.winners == winners(_my_scores(state), [len(t) for t in state.tableau]), where


MIXES = (["random"], ["medium"], ["medium", "random"], ["random", "medium"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_and_days_agree_with_an_independent_model(players: int) -> None:
    total = Tally()
    for seed in range(8):
        total.add(play_and_compare(players, 1000 * players + seed, MIXES[seed % len(MIXES)]))
    for seed in range(3):  # a supply that runs out: a token with no card then gets nothing
        total.add(play_and_compare(players, 2000 * players + seed, MIXES[seed % len(MIXES)], supply=seed))
    assert total.final_scores == 11 * players and total.days > 0
    assert total.flywheel_not_best == 0  # the medium bot gives the Flywheel of Time its best set (the supplement)


if __name__ == "__main__":  # a longer run: python tests/test_house_cup_independent.py GAMES_PER_SIZE [FIRST_SEED]
    per_size = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    grand = Tally()
    for players in (2, 3, 4):
        for seed in range(first, first + per_size):
            grand.add(play_and_compare(players, seed, MIXES[seed % len(MIXES)], live_every=3))
            grand.add(play_and_compare(players, seed, MIXES[seed % len(MIXES)], supply=seed % 6))
    print(grand)
