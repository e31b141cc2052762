"""That's Wizard!: do tables of bots always reach a result? Prints figures, asserts nothing.

Plays ``--matches`` bot-only matches (1000 by default), a quarter each of: 1 vs 1 random against random, greedy
against greedy, random against greedy (seats alternating), and Duos (all greedy, or greedy and random mixed).
Every wizard gets a random legal spellbook (``spellbooks.random_book``), and about one in three a book that deals
no Damage or Fatigue at all (``spellbooks.harmless_book``): the duels that stalled for thousands of rounds before
Concede and the agreed draw existed. A match that has not ended after ``--cap`` rounds counts as without a result.

For each kind it prints how many matches reached a result and how they ended: *normal* (every duel ended at 0
Stamina or by a forfeit spell), *concede* (some duel was conceded) or *draw* (agreed), the concessions, and the
median and longest match in rounds (all duels together).

Usage: python benchmarks/thats_wizard_termination.py [--matches 1000] [--seed 1] [--cap 5000]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.bots import make_bot  # noqa: E402
from tabletop.core.protocol import Bot  # noqa: E402
from tabletop.core.rng import Rng  # noqa: E402
from tabletop.games.thats_wizard import GAME  # noqa: E402
from tabletop.games.thats_wizard import events as ev  # noqa: E402
from tabletop.games.thats_wizard.spellbooks import harmless_book, random_book  # noqa: E402

KINDS = (
    ("1v1 random v random", 2),
    ("1v1 greedy v greedy", 2),
    ("1v1 random v greedy", 2),
    ("Duos", 4),
)
HARMLESS_SHARE = 3  # one wizard in this many gets a book with no Damage or Fatigue


@dataclass
class Outcome:
    ended: str  # "normal", "concede", "draw" or "none" (no result within the cap)
    rounds: int
    concessions: int


@dataclass
class Tally:
    outcomes: list[Outcome] = field(default_factory=list)

    def line(self, label: str) -> str:
        ends = Counter(o.ended for o in self.outcomes)
        rounds = [o.rounds for o in self.outcomes]
        done = len(self.outcomes) - ends["none"]
        lengths = f"{statistics.median(rounds):>7.0f} {max(rounds):>8}" if rounds else f"{'-':>7} {'-':>8}"
        return (
            f"{label:<22} {len(self.outcomes):>5} {done:>7} {ends['normal']:>7} {ends['concede']:>8} "
            f"{ends['draw']:>5} {sum(o.concessions for o in self.outcomes):>12} {lengths}"
        )


def books_for(players: int, rng: Rng) -> list[list[str]]:
    """A random legal spellbook per seat (Duos allies share no spell), some of them without Damage or Fatigue."""
    duos = players == 4
    books: list[list[str]] = []
    for seat in range(players):
        mate = books[seat - 2] if duos and seat >= 2 else []
        book = harmless_book(rng, duos, excluded=mate) if rng.below(HARMLESS_SHARE) == 0 else None
        books.append(book or random_book(rng, duos, excluded=mate) or [])
    return books


def bots_for(kind: str, index: int, rng: Rng) -> list[str]:
    if kind == "1v1 random v random":
        return ["random", "random"]
    if kind == "1v1 greedy v greedy":
        return ["greedy", "greedy"]
    if kind == "1v1 random v greedy":
        return ["random", "greedy"] if index % 2 == 0 else ["greedy", "random"]
    if index % 2 == 0:
        return ["greedy"] * 4
    return [rng.choice(("random", "greedy")) for _ in range(4)]


def play(players: int, bot_ids: list[str], seed: int, cap: int) -> Outcome:
    rng = Rng.from_seed(seed)
    state = GAME.setup(players, {"books": books_for(players, rng)}, seed)
    bots: list[Bot] = [make_bot(GAME, bot_id) for bot_id in bot_ids]
    rngs = [Rng.from_seed(seed * 7919 + seat) for seat in range(players)]
    rounds = concessions = 0
    while GAME.result(state) is None:
        if rounds > cap:
            return Outcome("none", rounds, concessions)
        seat = GAME.to_act(state)[0]
        for event in GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rngs[seat])):
            rounds += isinstance(event, ev.RoundBegan)
            concessions += isinstance(event, ev.Conceded)
    ended = "draw" if state.ending == "draw" else "concede" if concessions else "normal"
    return Outcome(ended, rounds, concessions)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=5000, help="rounds after which a match counts as endless")
    args = parser.parse_args()
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(f"That's Wizard! termination: {args.matches} bot-only matches, seed {args.seed}, cap {args.cap} rounds")
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start"
    )
    print(
        f"{'kind':<22} {'games':>5} {'result':>7} {'normal':>7} {'concede':>8} {'draw':>5} "
        f"{'concessions':>12} {'median':>7} {'longest':>8}  (rounds)"
    )
    start = time.perf_counter()
    total = Tally()
    for number, (kind, players) in enumerate(KINDS):
        tally = Tally()
        count = args.matches // len(KINDS) + (1 if number < args.matches % len(KINDS) else 0)
        for index in range(count):
            seed = args.seed * 1_000_003 + number * 100_000 + index
            outcome = play(players, bots_for(kind, index, Rng.from_seed(seed + 17)), seed, args.cap)
            tally.outcomes.append(outcome)
        total.outcomes.extend(tally.outcomes)
        print(tally.line(kind))
    print(total.line("all"))
    seconds = time.perf_counter() - start
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(f"{seconds:.1f} s in one process; load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")


if __name__ == "__main__":
    main()
