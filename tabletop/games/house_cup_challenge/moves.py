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

from collections.abc import Callable
from operator import itemgetter
from typing import NamedTuple

from tabletop.core.protocol import IllegalCommand
from tabletop.games.house_cup_challenge.board import CELLS, DISTANCES, NEIGHBOURS, is_wall, name
from tabletop.games.house_cup_challenge.cards import ADVENTURES, passable_cards
from tabletop.games.house_cup_challenge.events import Move
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.games.house_cup_challenge.state import ChallengeState

WAYS = ("able", "harry", "cloak")


class Walk(NamedTuple):
    """A checked move: where it ends, the cell entered from, whether it ends in an encounter, what it spent."""

    path: tuple[str, ...]
    bypass: tuple[str, ...]
    end: str
    came_from: str
    encounter: bool
    passed: tuple[tuple[str, str], ...]  # (cell, way) for every card walked past


def can_pass(state: ChallengeState, seat: int, card: str) -> bool:
    """The character's abilities pass the card's Test without any boost."""
    return card in passable_cards(state.players[seat].abilities)


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
    able = passable_cards(state.players[seat].abilities)
    # A search over (cell, resources spent so far): the first path found to each outcome, an outcome being where
    # the move ends, whether in an encounter (and entering from where), and what it spent. A (cell, spent) is
    # expanded once, so an encounter's outcome comes up once; an ending's outcome is new exactly when its
    # (cell, spent) is (but for the start, which is no move).
    outcomes: dict[tuple, tuple[tuple, tuple]] = {}
    frontier: list[tuple[str, tuple, tuple, tuple]] = [(start, (), (), ())]
    seen: dict[tuple, set[str]] = {spent: set() for spent in SPENDINGS}  # by what was spent: the cells reached
    seen[()].add(start)
    for _step in range(limit):
        following = []
        for cell, spent, path, bypass in frontier:
            reached = seen[spent]
            for nxt in NEIGHBOURS[cell]:
                if nxt not in board:
                    if nxt not in reached:
                        reached.add(nxt)
                        step = path + (nxt,)
                        if nxt != start:
                            outcomes[nxt, False, "", spent] = (step, bypass)
                        following.append((nxt, spent, step, bypass))
                    continue
                step = path + (nxt,)
                outcomes[nxt, True, cell, spent] = (step, bypass)
                if board[nxt] in able:
                    ways: tuple[tuple[str, tuple], ...] = (("able", spent),)
                else:
                    ways = _BYPASS_WAYS[harry, cloak, spent]
                for way, now_spent in ways:
                    there = seen[now_spent]
                    if nxt not in there:
                        there.add(nxt)
                        now_bypass = bypass + (way,)
                        if nxt != start:
                            outcomes[nxt, False, "", now_spent] = (step, now_bypass)
                        following.append((nxt, now_spent, step, now_bypass))
        frontier = following
    return [option for outcome, option in outcomes.items() if not _costlier(outcome, outcomes)]


def _bypass_ways(harry: bool, cloak: bool, spent: tuple) -> tuple[tuple[str, tuple], ...]:
    """The ways past a card the character does not pass, with what each leaves spent (in sorted order)."""
    ways = []
    if harry and "harry" not in spent:
        ways.append(("harry", tuple(sorted((*spent, "harry")))))
    if cloak and "cloak" not in spent:
        ways.append(("cloak", tuple(sorted((*spent, "cloak")))))
    return tuple(ways)


SPENDINGS = ((), ("harry",), ("cloak",), ("cloak", "harry"))
_BYPASS_WAYS = {
    (harry, cloak, spent): _bypass_ways(harry, cloak, spent)
    for harry in (False, True)
    for cloak in (False, True)
    for spent in SPENDINGS
}


def _costlier(outcome: tuple, outcomes: dict[tuple, tuple[tuple, tuple]]) -> bool:
    """Whether the same outcome is also reached spending a part of what this one spends (then it is dropped)."""
    end, encounter, came_from, spent = outcome
    if not spent:
        return False
    if (end, encounter, came_from, ()) in outcomes:
        return True
    return len(spent) == 2 and (
        (end, encounter, came_from, ("harry",)) in outcomes or (end, encounter, came_from, ("cloak",)) in outcomes
    )


_BIT = {cell: 1 << index for index, cell in enumerate(CELLS)}
_REACH: dict[tuple[str, int], dict[str, int]] = {}  # (start, limit) -> {cell: its bit} within ``limit`` connections
MOST_PLAYERS = 4
# A neighbourhood's key -> what picks its Move commands out of a seat's ``_MOVE_LIST`` (see ``_picker``).
_MOVES: dict[tuple, Callable[[list[Move]], tuple[Move, ...]]] = {}
_MOVES_KEPT = 50_000  # neighbourhoods remembered (about 0.8 KB each, 40 MB at most); past that it starts again


def move_commands(state: ChallengeState, seat: int, limit: int) -> tuple[Move, ...]:
    """The ``Move`` commands of ``move_options(state, seat, limit)``, remembered by everything that decides them.

    A move enters only cells within ``limit`` connections of its start, and the search reads of a card there
    only whether the character passes its Test; so the start, Harry's bypass, the Cloak, and which of those
    cells hold a card the character passes or does not decide the list. Such neighbourhoods come back all the
    time (a sampled world, the next playout, the next game), and the search they save is most of ``legal``."""
    player = state.players[seat]
    start = player.cell
    reach = _REACH.get((start, limit))
    if reach is None:
        near = DISTANCES[start]
        reach = _REACH[(start, limit)] = {cell: _BIT[cell] for cell in CELLS if near[cell] <= limit}
    able = passable_cards(player.abilities)
    cards = passing = 0
    for cell, card in state.board.items():
        bit = reach.get(cell)
        if bit:
            cards |= bit
            if card in able:
                passing |= bit
    if cards == passing:  # no card to walk past by Harry's bypass or the Cloak: they change nothing
        key = (start, limit, False, False, cards, passing)
    else:
        harry = player.character == "harry" and not player.harry_used  # ``resources(state, seat)``, inline
        key = (start, limit, harry, "cloak" in player.specials_up, cards, passing)
    pick = _MOVES.get(key)
    if pick is None:
        if len(_MOVES) >= _MOVES_KEPT:
            _MOVES.clear()
        # No card to walk past but by passing its Test: ``move_options`` would make the plain search's list.
        options = _plain_moves(state, seat, limit, False) if cards == passing else move_options(state, seat, limit)
        pick = _MOVES[key] = _picker(options)
    return pick(_MOVE_LIST[seat])


def handed_out(command: Move) -> bool:
    """Whether ``command`` is the very Move object ``move_commands`` hands out for its path (each is made once).

    ``apply`` takes such a Move as listed without working the list out again (a sixth of a random game's rules
    time): it came from ``legal``, as every bot's, playout's and table's move does. A Move built elsewhere (a
    log read back, the bot program's answer, a test) is another object, and is checked against the list."""
    index = _MOVE_INDEX.get((command.path, command.bypass))
    made = _MOVE_LIST[command.seat] if 0 <= command.seat < MOST_PLAYERS else ()
    return index is not None and index < len(made) and made[index] is command


# Every seat's Move for each (path, bypass) met: the same index in each seat's list (``_MOVE_INDEX``).
_MOVE_INDEX: dict[tuple[tuple, tuple], int] = {}
_MOVE_LIST: list[list[Move]] = [[] for _seat in range(MOST_PLAYERS)]


def _picker(options: list[tuple[tuple, tuple]]) -> Callable[[list[Move]], tuple[Move, ...]]:
    """What takes the Moves of ``options`` from a seat's ``_MOVE_LIST``: an ``itemgetter`` of their indexes. The
    table of neighbourhoods holds one such object each, with a tuple of numbers, instead of tuples of commands:
    the garbage collector walks through fewer references (its full passes over that table took a sixth of a
    random game's time)."""
    indexes = []
    for option in options:
        index = _MOVE_INDEX.get(option)
        if index is None:
            index = _MOVE_INDEX[option] = len(_MOVE_INDEX)
            for seat, made in enumerate(_MOVE_LIST):
                made.append(Move(seat, *option))
        indexes.append(index)
    if len(indexes) > 1:
        return itemgetter(*indexes)
    # ``itemgetter`` of one index gives the item itself, not a tuple.
    return lambda made: tuple([made[index] for index in indexes])


def _plain_moves(state: ChallengeState, seat: int, limit: int, free: bool) -> list[tuple[tuple, tuple]]:
    """``move_options`` without bypass resources to spend: a breadth-first search over cells."""
    board = {} if free else state.board  # the Map walks past every card as if none lay there
    player = state.players[seat]
    start = player.cell
    able = passable_cards(player.abilities)
    result: list[tuple[tuple, tuple]] = []
    frontier: list[tuple[str, tuple, tuple]] = [(start, (), ())]
    seen = {start}
    # Each cell is expanded at most once (it joins the frontier when first seen), so an encounter, a (card's
    # cell, cell entered from) pair, comes up at most once: no set of them is needed.
    for _step in range(limit):
        following = []
        for cell, path, bypass in frontier:
            for nxt in NEIGHBOURS[cell]:
                if nxt in board:
                    step = path + (nxt,)
                    result.append((step, bypass))  # the encounter
                    if nxt not in seen and board[nxt] in able:
                        seen.add(nxt)
                        now_bypass = bypass + ("able",)
                        result.append((step, now_bypass))
                        following.append((nxt, step, now_bypass))
                elif nxt not in seen:
                    seen.add(nxt)
                    step = path + (nxt,)
                    result.append((step, bypass))
                    following.append((nxt, step, bypass))
        frontier = following
    return result


def check_walk(
    state: ChallengeState, seat: int, path: tuple[str, ...], bypass: tuple[str, ...], limit: int, free: bool = False
) -> Walk:
    """Check a move step by step; raises IllegalCommand with the first thing wrong with it."""
    if not path:
        raise IllegalCommand(_("Choose at least one space to move to (or pass)."))
    if len(path) > limit:
        line = ngettext("You may move at most {count} space.", "You may move at most {count} spaces.", limit)
        raise IllegalCommand(line.format(count=limit))
    board = state.board
    cell = state.players[seat].cell
    came_from = cell
    spent: list[str] = []
    passed: list[tuple[str, str]] = []
    index = 0
    encounter = False
    for step, nxt in enumerate(path):
        if nxt not in NEIGHBOURS.get(cell, ()):
            if nxt not in NEIGHBOURS:
                raise IllegalCommand(_("There is no space {cell} on the board.").format(cell=repr(nxt)))
            if is_wall(cell, nxt):
                line = _("You cannot go from {space} to {other}: there is a wall between them.")
            else:  # (the same space, or one further away: no wall lies between them)
                line = _("You cannot go from {space} to {other}: a move goes one connection at a time.")
            raise IllegalCommand(line.format(space=name(cell), other=name(nxt)))
        card = board.get(nxt)
        if card is not None and not free:
            if index < len(bypass):
                way = bypass[index]
                index += 1
                able = can_pass(state, seat, card)
                if way == "able" and not able:
                    line = _("Your abilities do not pass the Test of {card}: you cannot simply walk past.")
                    raise IllegalCommand(line.format(card=ADVENTURES[card].title))
                if way in ("harry", "cloak"):
                    if able:
                        line = _("You pass the Test of {card}: walk past it freely.")
                        raise IllegalCommand(line.format(card=ADVENTURES[card].title))
                    harry, cloak = resources(state, seat)
                    if way == "harry" and (not harry or "harry" in spent):
                        raise IllegalCommand(_("Only Harry may walk past a card that way, once per round."))
                    if way == "cloak" and (not cloak or "cloak" in spent):
                        raise IllegalCommand(_("You have no face-up Invisibility Cloak to use."))
                if way not in WAYS:
                    raise IllegalCommand(_("Unknown way to walk past a card: {way}.").format(way=repr(way)))
                if way != "able":
                    spent.append(way)
                passed.append((nxt, way))
            else:
                if step != len(path) - 1:
                    line = _("Entering {space} stops you to encounter {card}, unless you walk past it.")
                    raise IllegalCommand(line.format(space=name(nxt), card=ADVENTURES[card].title))
                encounter = True
        elif card is not None:
            passed.append((nxt, "map"))
        came_from, cell = cell, nxt
    if index != len(bypass):
        raise IllegalCommand(_("That move says how to walk past more cards than it meets."))
    return Walk(tuple(path), tuple(bypass), cell, came_from, encounter, tuple(passed))


def check_offered(
    state: ChallengeState,
    seat: int,
    walk: Walk,
    options: list[tuple[tuple, tuple]],
    limit: int,
    free: bool = False,
) -> None:
    """Refuse a walk the rules allow step by step but ``legal`` does not list (``options``: the moves listed).

    ``legal`` lists one path for each distinct move (see ``move_options``); any other walk, one that comes back
    over its own spaces or goes a longer or another way round, either changes nothing or makes a listed move by
    another path, so it is refused with the path to take instead: a command is legal exactly when listed."""
    if (walk.path, walk.bypass) in options:
        return
    start = state.players[seat].cell
    if walk.end == start and not walk.encounter:
        raise IllegalCommand(_("That walk ends where it began, with no encounter: it changes nothing."))
    for path, bypass in options:
        if path[-1] == walk.end:
            same = check_walk(state, seat, path, bypass, limit, free)
            if same.encounter == walk.encounter and (not walk.encounter or same.came_from == walk.came_from):
                line = _("That walk is not one of the moves offered; the move to {space} goes this way: {path}.")
                way = " → ".join(name(cell) for cell in path)
                raise IllegalCommand(line.format(space=name(walk.end), path=way))
    raise IllegalCommand(_("That walk is not one of the moves offered."))


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
