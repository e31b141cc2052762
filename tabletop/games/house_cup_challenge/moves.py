"""Movement: every distinct move a character can make, and the check of a move a player asks for.

A move is a path of cells, each connected to the one before (walls block). Entering a cell with a face-up
Adventure Card ends the move with an encounter, unless the character walks past it: freely when its
abilities pass the Test, or with Harry's once-per-round ability, or with the Invisibility Cloak. A Marauder's
Map move walks past everything.

Two paths are the same move when they end on the same cell, encounter (or not) coming from the same cell, and
spend the same bypass resources; ``move_options`` lists one path for each, the shortest, and drops a move that
spends a resource another move to the same place does not need.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.protocol import IllegalCommand
from tabletop.games.house_cup_challenge.board import NEIGHBOURS, name
from tabletop.games.house_cup_challenge.cards import ADVENTURES
from tabletop.games.house_cup_challenge.state import ChallengeState

WAYS = ("able", "harry", "cloak")


@dataclass(frozen=True)
class Walk:
    """A checked move: where it ends, the cell entered from, whether it ends in an encounter, what it spent."""

    path: tuple[str, ...]
    bypass: tuple[str, ...]
    end: str
    came_from: str
    encounter: bool
    passed: tuple[tuple[str, str], ...]  # (cell, way) for every card walked past


def can_pass(state: ChallengeState, seat: int, card: str) -> bool:
    """The character's abilities pass the card's Test without any boost."""
    return ADVENTURES[card].test.passes(state.players[seat].abilities)


def resources(state: ChallengeState, seat: int) -> tuple[bool, bool]:
    """(Harry's bypass available, Invisibility Cloak face up)."""
    player = state.players[seat]
    return player.character == "harry" and not player.harry_used, "cloak" in player.specials_up


def move_options(state: ChallengeState, seat: int, limit: int, free: bool = False) -> list[tuple[tuple, tuple]]:
    """One (path, bypass) per distinct move of up to ``limit`` spaces (``free``: the Marauder's Map)."""
    harry, cloak = resources(state, seat)
    if free or not (harry or cloak):
        return _plain_moves(state, seat, limit, free)
    board = state.board
    start = state.players[seat].cell
    passable: dict[str, bool] = {}
    outcomes: dict[tuple, tuple[tuple, tuple]] = {}
    frontier: list[tuple[str, tuple, tuple, tuple]] = [(start, (), (), ())]
    seen = {(start, ())}
    for _ in range(limit):
        following = []
        for cell, spent, path, bypass in frontier:
            for nxt in NEIGHBOURS[cell]:
                card = board.get(nxt)
                step = (*path, nxt)
                if card is None:
                    ways: list[tuple[str, tuple]] = [("", spent)]
                else:
                    key = (nxt, True, cell, spent)
                    if key not in outcomes:
                        outcomes[key] = (step, bypass)
                    if card not in passable:
                        passable[card] = can_pass(state, seat, card)
                    if passable[card]:
                        ways = [("able", spent)]
                    else:
                        ways = []
                        if harry and "harry" not in spent:
                            ways.append(("harry", tuple(sorted((*spent, "harry")))))
                        if cloak and "cloak" not in spent:
                            ways.append(("cloak", tuple(sorted((*spent, "cloak")))))
                for way, now_spent in ways:
                    now_bypass = (*bypass, way) if way else bypass
                    key = (nxt, False, "", now_spent)
                    if nxt != start and key not in outcomes:
                        outcomes[key] = (step, now_bypass)
                    if (nxt, now_spent) not in seen:
                        seen.add((nxt, now_spent))
                        following.append((nxt, now_spent, step, now_bypass))
        frontier = following
    result = []
    for (end, encounter, came_from, spent), option in outcomes.items():
        cheaper = bool(spent) and any(
            (end, encounter, came_from, other) in outcomes and set(other) < set(spent)
            for other in ((), ("harry",), ("cloak",))
        )
        if not cheaper:
            result.append(option)
    return result


def _plain_moves(state: ChallengeState, seat: int, limit: int, free: bool) -> list[tuple[tuple, tuple]]:
    """``move_options`` without bypass resources to spend: a breadth-first search over cells."""
    board = state.board
    start = state.players[seat].cell
    abilities = state.players[seat].abilities
    result: list[tuple[tuple, tuple]] = []
    encounters: set[tuple[str, str]] = set()
    frontier: list[tuple[str, tuple, tuple]] = [(start, (), ())]
    seen = {start}
    for _ in range(limit):
        following = []
        for cell, path, bypass in frontier:
            for nxt in NEIGHBOURS[cell]:
                card = board.get(nxt)
                step = (*path, nxt)
                now_bypass = bypass
                if card is not None and not free:
                    if (nxt, cell) not in encounters:
                        encounters.add((nxt, cell))
                        result.append((step, bypass))
                    if not ADVENTURES[card].test.passes(abilities):
                        continue
                    now_bypass = (*bypass, "able")
                if nxt not in seen:
                    seen.add(nxt)
                    result.append((step, now_bypass))
                    following.append((nxt, step, now_bypass))
        frontier = following
    return result


def check_walk(
    state: ChallengeState, seat: int, path: tuple[str, ...], bypass: tuple[str, ...], limit: int, free: bool = False
) -> Walk:
    """Check a move step by step; raises IllegalCommand with the first thing wrong with it."""
    if not path:
        raise IllegalCommand("Choose at least one space to move to (or pass).")
    if len(path) > limit:
        raise IllegalCommand(f"You may move at most {limit} spaces.")
    harry, cloak = resources(state, seat)
    cell = state.players[seat].cell
    came_from = cell
    spent: list[str] = []
    passed: list[tuple[str, str]] = []
    index = 0
    encounter = False
    for step, nxt in enumerate(path):
        if nxt not in NEIGHBOURS.get(cell, ()):
            if nxt not in NEIGHBOURS:
                raise IllegalCommand(f"There is no space {nxt!r} on the board.")
            raise IllegalCommand(f"You cannot go from {name(cell)} to {name(nxt)}: there is a wall between them.")
        card = state.board.get(nxt)
        if card is not None and not free:
            if index < len(bypass):
                way = bypass[index]
                index += 1
                able = can_pass(state, seat, card)
                if way == "able" and not able:
                    raise IllegalCommand(
                        f"Your abilities do not pass the Test of {ADVENTURES[card].title}: you cannot simply walk past."
                    )
                if way in ("harry", "cloak") and able:
                    raise IllegalCommand(f"You pass the Test of {ADVENTURES[card].title}: walk past it freely.")
                if way == "harry" and (not harry or "harry" in spent):
                    raise IllegalCommand("Only Harry may walk past a card that way, once per round.")
                if way == "cloak" and (not cloak or "cloak" in spent):
                    raise IllegalCommand("You have no face-up Invisibility Cloak to use.")
                if way not in WAYS:
                    raise IllegalCommand(f"Unknown way to walk past a card: {way!r}.")
                if way != "able":
                    spent.append(way)
                passed.append((nxt, way))
            else:
                if step != len(path) - 1:
                    what = ADVENTURES[card].title
                    raise IllegalCommand(
                        f"Entering {name(nxt)} stops you to encounter {what}, unless you walk past it."
                    )
                encounter = True
        elif card is not None:
            passed.append((nxt, "map"))
        came_from, cell = cell, nxt
    if index != len(bypass):
        raise IllegalCommand("That move says how to walk past more cards than it meets.")
    return Walk(tuple(path), tuple(bypass), cell, came_from, encounter, tuple(passed))


def arrival_options(state: ChallengeState, seat: int, cell: str) -> list[tuple[str, ...]]:
    """How a Firebolt or Floo Powder arrival on ``cell`` may go: () encounters, a one-way tuple walks past."""
    card = state.board.get(cell)
    if card is None:
        return [()]
    if can_pass(state, seat, card):
        return [(), ("able",)]
    harry, cloak = resources(state, seat)
    options: list[tuple[str, ...]] = [()]
    if harry:
        options.append(("harry",))
    if cloak:
        options.append(("cloak",))
    return options
