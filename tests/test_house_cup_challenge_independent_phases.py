"""An independent model of House Cup Challenge's round, written from the rulebook fragment (seed 002) and the
project supplement (house-cup-challenge.md) alone, without the engine's rules modules: the part the first model
(tests/test_house_cup_challenge_independent.py: the Tests and the end) left out.

``PhaseChecker`` follows a game played through the protocol. Before every command it builds, from the state's
data alone, what the rules allow now and compares it with the engine's legal list, both ways, as outcomes (the
engine keeps one of several walks that end the same way); after every command it compares what happened:

- the actions: Draw 2 (Hermione 3), Move up to 3 spaces along the board's connections (a face-up card entered
  ends the move with an encounter, unless it is walked past: abilities that pass its Test, Harry once per round,
  the Invisibility Cloak), Play 1 Card to your space or to another (a "Play:" space of the card holding no
  face-up card; the Common Room never), Use 1 Special Card ([Action] cards: the Map and the Nimbus up to 5 spaces,
  the Firebolt to rows 1-2 but the Shrieking Shack, the Floo Powder to its four spaces, Polyjuice, Accio! within 3
  connections, Hedwig, the Time-Turner; none during a Time-Turner action);
- who encounters a played card: alone on your space, you; else the player chooses one of the characters on the
  space (an ambush hits exactly one); the 3 bonus cards after the encounter is resolved;
- the turn order: steps 1-3 clockwise from the Wand holder, one action each; the 2-player Wand Bonus Token after
  an action, back face up with the Wand;
- step 5: the Wand holder reveals the top card and places it on a "Play:" space with no card and no character,
  the cards that fit nowhere set aside until the step ends, until 4 cards lie face up or both piles are empty;
- step 6: the Wand to the left, the new holder's face-down Special Cards face up; then the hand limit of 8;
- a New Year: the feast and the summer holidays clockwise from the Wand holder (any cards swapped, as many drawn),
  the used [Free] Special Cards face up (the [Action] ones wait for the Wand: the fragment's "cannot use it again
  until the next time you receive the Wand"), the board's cards two Years old cleared;
- the Prefect never changes; Harry's walk-past comes back each round.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tests.test_house_cup_challenge_independent import ADJACENT, CARDS

# Each card's "Play:" spaces (supplement 1.6; "CO" is the group word Corridor, the 11 unnamed corridor cells).
_PLAY = """
Y1-01:C3 Y1-02:A7 Y1-03:D2,G1 Y1-04:D2,B3 Y1-05:H3 Y1-06:C6 Y1-07:D7,A6 Y1-08:E3 Y1-09:E5 Y1-10:G1 Y1-11:G1
Y1-12:F6,H3 Y1-13:C5 Y1-14:D5 Y1-15:E1 Y1-16:H5 Y1-17:D1,C1 Y1-18:A1,C1 Y1-19:C1 Y1-20:C7,E2 Y1-21:C7 Y1-22:C7
Y1-23:C7,A7 Y1-24:CO Y1-25:CO Y1-26:H2,C3 Y1-27:E2 Y1-28:C7 Y2-01:C2 Y2-02:F5 Y2-03:E2 Y2-04:B3,G1 Y2-05:G1
Y2-06:C6,F6 Y2-07:D7 Y2-08:C3 Y2-09:C3,B3 Y2-10:CO Y2-11:D7,C5 Y2-12:F3,C5 Y2-13:D1,B1 Y2-14:B1 Y2-15:E7,D7
Y2-16:E7 Y2-17:H7,E7 Y2-18:B7,H7 Y2-19:C3 Y2-20:H7,D3 Y3-01:D2,G2 Y3-02:F1,E1 Y3-03:F5 Y3-04:B5 Y3-05:G7 Y3-06:G1
Y3-07:F5,H3 Y3-08:B3,C6 Y3-09:H1 Y3-10:F1,C2 Y3-11:C2 Y3-12:H1 Y3-13:D1,C2 Y3-14:A2,B2 Y3-15:F3,G3 Y3-16:F1,D1
Y3-17:C3,C5 Y3-18:F5,A7 Y4-01:C3 Y4-02:F5 Y4-03:F1,E1 Y4-04:D1,A1 Y4-05:G1,D2 Y4-06:D2,G2 Y4-07:C3,D3 Y4-08:D7
Y4-09:E2,A7 Y4-10:A2 Y4-11:A2,B2 Y4-12:B3,D3,C3 Y4-13:A3,B2 Y4-14:B7 Y4-15:G1 Y4-16:D1,C1 Y4-17:F5,H7 Y5-01:F5
Y5-02:D3,C3 Y5-03:F7 Y5-04:F7 Y5-05:D1,A1 Y5-06:A1 Y5-07:C1 Y5-08:A7 Y5-09:CO Y5-10:D3,G7 Y5-11:C3,D3,B3 Y5-12:C3
Y5-13:H5,E1 Y5-14:H7 Y5-15:F7,F6 Y5-16:G1 Y5-17:H7
"""
CORRIDOR = ("A4", "C4", "D4", "E4", "F4", "G4", "H4", "B6", "D6", "E6", "G6")
PLAY: dict[str, tuple[str, ...]] = {
    card: tuple(cell for name in cells.split(",") for cell in (CORRIDOR if name == "CO" else (name,)))
    for card, cells in (item.split(":") for item in _PLAY.split())
}
COMMON_ROOM = "A5"
FIREBOLT = tuple(f"{col}{row}" for row in (1, 2) for col in "ABCDEFGH" if f"{col}{row}" != "H1")
FLOO = ("C3", "D3", "H7", "A5")
ACTION_SPECIALS = frozenset({"map", "nimbus", "firebolt", "floo", "timeturner", "polyjuice", "accio", "hedwig"})
FREE_SPECIALS = frozenset({"cloak", "remembrall", "sword", "felix", "patronus", "leviosa", "expelliarmus", "fawkes"})
HAND_LIMIT = 8


def distances(start: str) -> dict[str, int]:
    seen = {start: 0}
    frontier = [start]
    while frontier:
        cell = frontier.pop(0)
        for other in ADJACENT[cell]:
            if other not in seen:
                seen[other] = seen[cell] + 1
                frontier.append(other)
    return seen


# A move's outcome: (end cell, the cell of the card encountered or "", the space entered it from, Harry's
# walk-past used, the Cloak used). Walks with the same outcome are the same move.
Outcome = tuple[str, str, str, bool, bool]


@dataclass
class Walk:
    end: str
    encounter: str  # the cell of the card encountered ("" if none)
    came_from: str
    harry: bool
    cloak: bool
    passed: list[tuple[str, str, str]]  # (card, cell, way) walked past, in order

    @property
    def outcome(self) -> Outcome:
        return (self.end, self.encounter, self.came_from, self.harry, self.cloak)


def walk_outcomes(
    board: dict[str, str], start: str, steps: int, abilities: dict[str, int], harry: bool, cloak: bool, everything: bool
) -> set[Outcome]:
    """Every outcome of moving up to ``steps`` spaces from ``start`` (0 included). ``harry``/``cloak``: the ways
    to walk past that are available; ``everything``: the Marauder's Map (every card walked past)."""
    found: set[Outcome] = {(start, "", "", False, False)}
    memo: set[tuple[str, str, int, bool, bool]] = set()

    def enter(cell: str, prev: str, left: int, used_h: bool, used_c: bool) -> None:
        key = (cell, prev, left, used_h, used_c)
        if key in memo:
            return
        memo.add(key)
        ways: list[tuple[bool, bool]] = []
        if cell in board and not everything:
            found.add((cell, cell, prev, used_h, used_c))  # encounter it
            if CARDS[board[cell]].passes(abilities):
                ways.append((used_h, used_c))
            if harry and not used_h:
                ways.append((True, used_c))
            if cloak and not used_c:
                ways.append((used_h, True))
        else:
            ways.append((used_h, used_c))
        for h, c in ways:
            found.add((cell, "", "", h, c))
            if left > 0:
                for other in ADJACENT[cell]:
                    enter(other, cell, left - 1, h, c)

    for first in ADJACENT[start]:
        enter(first, start, steps - 1, False, False)
    return found


def read_walk(
    board: dict[str, str], start: str, path: tuple[str, ...], bypass: tuple[str, ...], ways_ok: dict[str, bool]
) -> Walk | str:
    """The walk ``path`` with its walk-past ways as the rules read it, or why the rules refuse it."""
    prev = start
    ways = list(bypass)
    used: set[str] = set()
    passed = []
    for index, cell in enumerate(path):
        if cell not in ADJACENT[prev]:
            return f"{prev}-{cell} is no connection"
        if cell in board:
            if not ways:
                if index != len(path) - 1:
                    return f"walks on after entering {board[cell]} on {cell}"
                return Walk(cell, cell, prev, "harry" in used, "cloak" in used, passed)
            way = ways.pop(0)
            if way in used and way != "able" or not ways_ok.get(way, False):
                return f"may not walk past {board[cell]} on {cell} by {way!r}"
            used.add(way)
            passed.append((board[cell], cell, way))
        prev = cell
    if ways:
        return f"walk-past ways left over: {ways}"
    return Walk(prev, "", "", "harry" in used, "cloak" in used, passed)


@dataclass
class PhaseChecker:
    game: Game[Any, Any]
    state: Any
    problems: list[str] = field(default_factory=list)
    points: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        s = self.state
        self.n = s.count
        self.prefect = s.prefect
        self.hands = [Counter(p.hand) for p in s.players]
        self.up = [Counter(p.specials_up) for p in s.players]
        self.down = [Counter(p.specials_down) for p in s.players]
        self.token = [p.wand_token for p in s.players]
        self.order: list[int] = []  # the seats still to take this step's action, in order
        self.step = s.step
        self.round = s.round
        self.last_actor = -1  # who finished an action last (the Wand Bonus Token may follow it)
        self.token_offered = False
        self.bonus_due: int = -1  # a seat owed the 3 bonus cards (played to another space)
        self.bonus_closed_for = -1  # the bonus drawn: no more setback for this seat in this command
        self.new_year = False  # between NewYear and the next step 5: refreshes are the New Year's
        self.holiday_swaps = 0
        self.holiday_seats: list[int] = []
        self.feast_seats: list[int] = []
        self.limit_due: dict[int, int] = {}
        self.wand_passed_to = -1
        self.time_actions = 0
        self.year = s.year
        if not s.setup and s.step == 1:  # setup's step 5 ran without a command: round 1 has begun
            self.order = [(s.wand + k) % self.n for k in range(1, self.n)]
            self.last_actor = s.wand
        self.cmd_wand = s.wand
        self.free_now: list[str] = []
        self.years_now = 0
        self.clean_year = 0
        self.check_setup()

    # --- helpers ----------------------------------------------------------------------------------------------
    def bad(self, what: str) -> None:
        self.problems.append(f"round {self.state.round} step {self.state.step}: {what}")

    def same(self, what: str, engine: Any, mine: Any) -> None:
        if engine != mine:
            self.bad(f"{what}: engine {engine!r}, independent {mine!r}")

    def check_setup(self) -> None:
        s = self.state
        chars = [p.character for p in s.players]
        self.same("all start in the Common Room", {p.cell for p in s.players}, {COMMON_ROOM})
        wand = chars.index("harry") if "harry" in chars else self.game.default_options(self.n)["youngest"]
        self.same("first Wand holder", s.wand, wand)
        self.same("the Prefect", s.prefect, self.game.default_options(self.n)["prefect"])
        if "harry" not in chars:
            self.points["tables without Harry"] += 1
        self.same(
            "the board after the setup", len(s.board), 4 if not s.tasks or s.tasks[-1].kind != "place" else len(s.board)
        )
        self.same(
            "Wand Bonus Tokens", [p.wand_token for p in s.players], ["up"] * self.n if self.n == 2 else [""] * self.n
        )
        self.same("hand sizes", [len(p.hand) for p in s.players], [5] * self.n)
        if any(not c.startswith("Y1") for p in s.players for c in p.hand):
            self.bad("a starting hand holds a card not of Year 1")

    # --- the legal list --------------------------------------------------------------------------------------
    def before(self, seat: int, legal: list[Command]) -> None:
        s = self.state
        task = s.tasks[-1]
        self.same("who acts", seat, task.seat)
        kinds = Counter(type(c).__name__ for c in legal)
        if task.kind == "action" and not task.chosen:
            self.points["action lists"] += 1
            self.check_actions(seat, task, legal)
        elif task.kind == "who":
            self.points["who choices"] += 1
            mine = sorted(s.occupants(task.cell))
            self.same(f"who may encounter {task.card} on {task.cell}", sorted(c.target for c in legal), mine)
            if len(mine) < 2 and task.seat in mine:
                self.bad("a choice of who encounters offered with the player alone on the space")
        elif task.kind == "place":
            self.points["placements"] += 1
            self.same("the Wand holder places", seat, s.wand)
            mine = self.free_now = self.free_spaces(task.card)
            self.same(f"spaces to place {task.card} on", sorted(c.cell for c in legal), mine)
            self.same("commands when placing", set(kinds), {"PlaceCard"})
        elif task.kind == "holiday":
            self.points["holiday choices"] += 1
            mine = sorted(("Swap", c) for c in s.players[seat].hand) + [("Done", "")]
            got = sorted((type(c).__name__, getattr(c, "card", "")) for c in legal)
            self.same("holiday choices", got, sorted(mine))
            if not self.holiday_seats or self.holiday_seats[-1] != seat:
                self.holiday_seats.append(seat)
        elif task.kind == "limit":
            self.points["limit choices"] += 1
            hand = s.players[seat].hand
            if len(hand) <= HAND_LIMIT:
                self.bad(f"a hand-limit discard asked of {seat} holding {len(hand)}")
            self.same("hand-limit discards", sorted(c.card for c in legal), sorted(set(hand)))
        elif task.kind == "token":
            self.points["token offers"] += 1
            self.token_offered = True
            if self.time_actions > 0:
                self.bad("the Wand Bonus Token offered before the Time-Turner's two actions were taken")
            if self.token[seat] != "up":
                self.bad(f"the Wand Bonus Token offered to {seat} while {self.token[seat]!r}")
            if seat != self.last_actor:
                self.bad(f"the Wand Bonus Token offered to {seat} after {self.last_actor}'s action")
            self.same("token choices", sorted(c.use for c in legal), [False, True])
        elif task.kind == "encounter":
            for c in legal:
                if type(c).__name__ == "UseFree" and c.card not in ("fawkes", "expelliarmus"):
                    self.bad(f"{c.card} offered after a failed encounter")
            if task.seat != seat:
                self.bad(f"{seat} makes the choices of {task.seat}'s encounter")
        elif task.kind == "feast" and (not self.feast_seats or self.feast_seats[-1] != seat):
            self.feast_seats.append(seat)

    def free_spaces(self, card: str) -> list[str]:
        s = self.state
        taken = {p.cell for p in s.players}
        return sorted(c for c in PLAY[card] if c not in s.board and c not in taken and c != COMMON_ROOM)

    def action_options(self, seat: int, task: Any) -> set[tuple[Any, ...]]:
        """What the rules allow this seat's action to do, as outcomes."""
        s = self.state
        p = s.players[seat]
        harry = p.character == "harry" and not p.harry_used
        cloak = "cloak" in p.specials_up
        mine: set[tuple[Any, ...]] = {("draw",)}
        for out in walk_outcomes(s.board, p.cell, 3, p.abilities, harry, cloak, False):
            mine.add(("move", *out))
        for card in set(p.hand):
            for cell in PLAY[card]:
                if cell == COMMON_ROOM or cell in s.board:
                    continue
                mine.add(("here", card) if cell == p.cell else ("there", card, cell))
        if task.extra == "time":
            return mine
        for special in set(p.specials_up) & ACTION_SPECIALS:
            if special in ("map", "nimbus"):
                everything = special == "map"
                for out in walk_outcomes(s.board, p.cell, 5, p.abilities, harry, cloak, everything):
                    mine.add((special, *out))
            elif special in ("firebolt", "floo"):
                for cell in FIREBOLT if special == "firebolt" else FLOO:
                    if cell == p.cell:
                        continue  # "Move to" a space: not the one you stand on
                    for out in self.jump_outcomes(p, cell, harry, cloak):
                        mine.add((special, *out))
            elif special == "polyjuice":
                mine |= {("polyjuice", other) for other in range(self.n) if other != seat}
            elif special == "accio":
                near = distances(p.cell)
                mine |= {("accio", cell) for cell in s.board if near.get(cell, 99) <= 3}
            else:
                mine.add((special,))
        return mine

    def jump_outcomes(self, p: Any, cell: str, harry: bool, cloak: bool) -> list[Outcome]:
        board = self.state.board
        if cell not in board:
            return [(cell, "", "", False, False)]
        found = [(cell, cell, p.cell, False, False)]
        if CARDS[board[cell]].passes(p.abilities):
            found.append((cell, "", "", False, False))
        if harry:
            found.append((cell, "", "", True, False))
        if cloak:
            found.append((cell, "", "", False, True))
        return found

    def ways_ok(self, p: Any, cell: str) -> dict[str, bool]:
        return {
            "able": cell in self.state.board and CARDS[self.state.board[cell]].passes(p.abilities),
            "harry": p.character == "harry" and not p.harry_used,
            "cloak": "cloak" in p.specials_up,
        }

    def read_command(self, seat: int, c: Command) -> tuple[tuple[Any, ...], Walk | None] | str:
        """An engine command read as the rules read it: (its outcome, the walk if it moves), or why it is refused."""
        s = self.state
        p = s.players[seat]
        kind = type(c).__name__
        if kind == "Pass":
            return ("move", p.cell, "", "", False, False), None
        if kind == "DrawCards":
            return ("draw",), None
        if kind == "PlayHere":
            return ("here", c.card), None
        if kind == "PlayThere":
            return ("there", c.card, c.cell), None
        if kind == "Move" or kind == "UseSpecial" and c.card in ("map", "nimbus"):
            special = "move" if kind == "Move" else c.card
            limit = 3 if kind == "Move" else 5
            if len(c.path) > limit:
                return f"{special} of {len(c.path)} spaces"
            ok = self.ways_ok(p, "")
            ok["able"] = True  # checked per card below
            board = {} if special == "map" else s.board
            walk = read_walk(board, p.cell, c.path, c.bypass, ok)
            if isinstance(walk, str):
                return walk
            for card, _cell, way in walk.passed:
                if way == "able" and not CARDS[card].passes(p.abilities):
                    return f"walks past {card} 'able' with {p.abilities}"
            if special == "map":
                walk.passed = [(s.board[cell], cell, "map") for cell in c.path if cell in s.board]
            return (special, *walk.outcome), walk
        if kind == "UseSpecial":
            if c.card in ("firebolt", "floo"):
                ok = self.ways_ok(p, c.cell)
                if c.cell not in (FIREBOLT if c.card == "firebolt" else FLOO):
                    return f"{c.card} to {c.cell}"
                if c.cell not in s.board:
                    if c.bypass:
                        return f"{c.card} walks past nothing by {c.bypass}"
                    walk = Walk(c.cell, "", "", False, False, [])
                elif not c.bypass:
                    walk = Walk(c.cell, c.cell, p.cell, False, False, [])
                elif len(c.bypass) > 1 or not ok.get(c.bypass[0], False):
                    return f"{c.card} walks past {s.board[c.cell]} by {c.bypass}"
                else:
                    way = c.bypass[0]
                    walk = Walk(c.cell, "", "", way == "harry", way == "cloak", [(s.board[c.cell], c.cell, way)])
                return (c.card, *walk.outcome), walk
            if c.card == "polyjuice":
                return ("polyjuice", c.other), None
            if c.card == "accio":
                return ("accio", c.cell), None
            return (c.card,), None
        return f"{kind} in an action"

    def check_actions(self, seat: int, task: Any, legal: list[Command]) -> None:
        mine = self.action_options(seat, task)
        engine: set[tuple[Any, ...]] = set()
        for c in legal:
            read = self.read_command(seat, c)
            if isinstance(read, str):
                self.bad(f"{c} offered, but the rules refuse it: {read}")
                continue
            engine.add(read[0])
        missing = mine - engine
        for out in list(missing):
            # Harry's walk-past or the Cloak spent on a card the abilities pass anyway: the same walk without it
            # is offered and is better in every way (the engine leaves such walks out).
            if out[0] in ("map", "nimbus") and out[1] == self.state.players[seat].cell and not out[2]:
                # A Special Card spent to end where you stand, meeting nothing: passing does as much, card kept.
                missing.discard(out)
                self.points["special moves back to the start not offered"] += 1
            elif out[0] in ("move", "nimbus", "firebolt", "floo") and (out[4] or out[5]):
                cheaper = [(*out[:4], h, c) for h in {False, out[4]} for c in {False, out[5]}]
                if any(o in engine for o in cheaper if o != out):
                    missing.discard(out)
                    self.points["wasteful walk-pasts not offered"] += 1
        for missing_out in sorted(missing, key=repr)[:3]:
            where = f"{self.state.players[seat].character} on {self.state.players[seat].cell}"
            self.bad(f"{seat} ({where}) may {missing_out}: not offered")
        for extra in sorted(engine - mine, key=repr)[:3]:
            self.bad(f"{seat} is offered {extra}, which the rules do not allow")
        self.points["action outcomes"] += len(mine)

    # --- a command and what it did ------------------------------------------------------------------------------
    def apply(self, command: Command) -> list[Event]:
        s = self.state
        before = copy.deepcopy(s)
        task = s.tasks[-1]
        seat = command.seat
        expect: tuple[Any, ...] | None = None
        walk: Walk | None = None
        if task.kind == "action" and not task.chosen:
            if task.extra == "time":
                self.time_actions -= 1
                self.points["Time-Turner actions"] += 1
            read = self.read_command(seat, command)
            if not isinstance(read, str):
                expect, walk = read
        events = self.game.apply(s, command)
        mine = [e for e in events if e.to is None or getattr(e, "seat", None) in e.to]
        if expect is not None:
            self.check_action_events(before, seat, expect, walk, mine)
        if task.kind == "who":
            enc = [e for e in mine if type(e).__name__ == "EncounterStarted"]
            self.same(
                "the character chosen encounters",
                [(e.seat, e.card, e.cell) for e in enc[:1]],
                [(command.target, task.card, task.cell)],
            )
            self.points["ambush choices made"] += 1
        if task.kind == "place":
            placed = [e for e in mine if type(e).__name__ == "CardPlaced"]
            self.same("the card placed", [(e.card, e.cell) for e in placed[:1]], [(task.card, command.cell)])
        self.cmd_wand = before.wand
        for e in mine:
            self.event(e, before)
        self.check_step5(before, mine)
        self.check_draws_and_clean_up(before, mine)
        self.after(before)
        return events

    def check_action_events(
        self, before: Any, seat: int, expect: tuple[Any, ...], walk: Walk | None, events: list[Event]
    ) -> None:
        p = before.players[seat]
        kind = expect[0]
        self.points[f"action {kind}"] += 1
        # The action's own events: up to the next action, step or task the flow goes on with.
        enc = next((e for e in events if type(e).__name__ == "EncounterStarted"), None)
        if walk is not None:
            passed = [(e.card, e.cell, e.way) for e in events if type(e).__name__ == "WalkedPast"]
            self.same(f"walked past by {expect}", passed, walk.passed)
            got = (enc.seat, enc.cell) if enc is not None else None
            self.same(f"encounter after {expect}", got, (seat, walk.encounter) if walk.encounter else None)
            if walk.encounter and enc is not None:
                self.points["moves into an encounter"] += 1
            if not walk.encounter:
                self.same(f"cell after {expect}", self.state.players[seat].cell, walk.end)
            if walk.harry:
                self.points["Harry walks past"] += 1
                if not self.state.players[seat].harry_used and self.state.round == before.round:
                    self.bad("Harry's walk-past is not marked used")
            if walk.cloak:
                self.points["Cloak walks past"] += 1
                if not any(type(e).__name__ == "SpecialFlipped" and e.card == "cloak" for e in events):
                    self.bad("the Cloak was not flipped")
            if kind != "move":
                self.points[f"{kind} moves"] += 1
            return
        if kind == "draw":
            wanted = 3 if p.character == "hermione" else 2
            drawn = [e for e in events if type(e).__name__ == "CardsDrawn" and e.why == "draw"]
            available = len(before.draw) + len(before.discard)
            self.same(
                "Draw 2 cards", [(e.seat, e.wanted, e.count) for e in drawn], [(seat, wanted, min(wanted, available))]
            )
        elif kind in ("here", "there"):
            card = expect[1]
            cell = p.cell if kind == "here" else expect[2]
            played = [(e.seat, e.card, e.cell) for e in events if type(e).__name__ == "CardPlayed"]
            self.same("the card played", played[:1], [(seat, card, cell)])
            there = [o for o in range(self.n) if before.players[o].cell == cell]
            who = [t for t in self.state.tasks if t.kind == "who"]
            if kind == "here" and len(there) == 1 or kind == "there" and len(there) == 1:
                got = (enc.seat, enc.card, enc.cell) if enc else None
                self.same(f"who encounters {card} played {kind}", got, (there[0], card, cell))
                self.points[f"played {kind} onto one"] += 1
            elif len(there) > 1:
                if enc is not None or not who:
                    self.bad(f"{card} played onto {there} on {cell}: no choice of who encounters")
                else:
                    self.same("who may encounter", sorted(who[-1].seats), there)
                self.points[f"played {kind} onto several"] += 1
            else:
                if enc is not None:
                    self.bad(f"{card} played onto empty {cell} was encountered")
                self.same(f"{card} lies on {cell}", self.state.board.get(cell), card)
            if kind == "there":
                self.bonus_due = seat
        elif kind == "polyjuice":
            other = expect[1]
            cells = [pl.cell for pl in self.state.players]
            self.same(
                "cells after Polyjuice",
                (cells[seat], cells[other]),
                (before.players[other].cell, before.players[seat].cell),
            )
            if enc is not None:
                self.bad("an encounter after Polyjuice")
        elif kind == "accio":
            cell = expect[1]
            taken = [(e.card, e.cell) for e in events if type(e).__name__ == "CardTaken"]
            self.same("Accio!", taken, [(before.board[cell], cell)])
        elif kind == "hedwig":
            drawn = [(e.wanted, e.count) for e in events if type(e).__name__ == "CardsDrawn" and e.why == "hedwig"]
            self.same("Hedwig", drawn, [(3, min(3, len(before.draw) + len(before.discard)))])
        elif kind == "timeturner":
            self.time_actions = 2
        if kind in ACTION_SPECIALS:
            flipped = [e.card for e in events if type(e).__name__ == "SpecialFlipped" and e.seat == seat]
            if kind not in flipped:
                self.bad(f"{kind} used but not flipped")
            self.points[f"{kind} used"] += 1

    # --- events -------------------------------------------------------------------------------------------------
    def event(self, e: Event, before: Any) -> None:
        name = type(e).__name__
        s = self.state
        seat = getattr(e, "seat", -1)
        if name == "CardsDrawn":
            if e.cards is not None:
                self.hands[seat].update(e.cards)
            if e.why == "bonus":
                self.same("who draws the bonus cards", seat, self.bonus_due)
                self.same("bonus cards wanted", e.wanted, 3)
                self.bonus_due = -1
                self.bonus_closed_for = seat
                self.points["bonus draws"] += 1
            if e.why == "holiday":
                self.same("holiday cards drawn (wanted)", e.wanted, self.holiday_swaps)
                self.same("holiday cards drawn", e.count, min(e.wanted, len(before.draw) + len(before.discard)))
                self.points["holidays drawn"] += 1
                self.holiday_swaps = 0
        elif name in ("CardPlayed", "CardDiscarded"):
            if self.hands[seat][e.card] <= 0:
                self.bad(f"{seat} lost {e.card}, not in the hand")
            self.hands[seat][e.card] -= 1
            if name == "CardDiscarded":
                if e.why == "setback" and seat == self.bonus_closed_for:
                    self.bad("a setback discard after the bonus cards were drawn")
                if e.why == "holiday":
                    self.holiday_swaps += 1
                if e.why == "limit":
                    if seat not in self.limit_due:
                        self.bad(f"a hand-limit discard by {seat} outside the limit")
                    else:
                        self.limit_due[seat] -= 1
        elif name == "CardTaken":
            self.hands[seat][e.card] += 1
        elif name == "Moved" and e.how in ("retreat", "hospital") and seat == self.bonus_closed_for:
            self.bad("a setback move after the bonus cards were drawn")
        elif name == "EncounterStarted":
            self.points["encounters"] += 1
        elif name == "SpecialGained":
            self.up[seat][e.card] += 1
        elif name == "SpecialFlipped":
            if self.up[seat][e.card] <= 0:
                self.bad(f"{seat} flipped {e.card}, not face up")
            self.up[seat][e.card] -= 1
            self.down[seat][e.card] += 1
        elif name == "SpecialsRefreshed":
            if self.new_year:
                mine = sorted(c for c in self.down[seat].elements() if c in FREE_SPECIALS)
                self.points["New Year refreshes"] += 1
            else:
                mine = sorted(self.down[seat].elements())
                if seat != self.wand_passed_to:
                    self.bad(f"{seat}'s Special Cards refreshed without the Wand")
                self.points["Wand refreshes"] += 1
            self.same(f"cards refreshed for {seat} (New Year {self.new_year})", sorted(e.cards), mine)
            for card in e.cards:
                self.down[seat][card] -= 1
                self.up[seat][card] += 1
            if e.token:
                if self.new_year or self.token[seat] != "down":
                    self.bad(f"the Wand Bonus Token of {seat} refreshed at a New Year or face up")
                self.token[seat] = "up"
        elif name == "TokenFlipped":
            self.token[seat] = "down"
            self.points["tokens used"] += 1
        elif name == "StepStarted":
            self.on_step(e.step)
        elif name == "RoundStarted":
            self.same("round wand", e.wand, s.wand if not s.over else e.wand)
            for o, due in self.limit_due.items():
                if due:
                    self.bad(f"{o} owed {due} more hand-limit discards")
            self.limit_due = {}
            self.round = e.round
        elif name == "ActionStarted":
            self.on_action(e)
        elif name == "WandPassed":
            self.same("the Wand passes to the left", e.seat, (before.wand + 1) % self.n)
            self.wand_passed_to = e.seat
            self.points["wand passes"] += 1
        elif name == "NewYear":
            self.new_year = True
            self.years_now += 1
            self.year = e.year
            self.points["new years"] += 1
        elif name == "BoardCleaned":
            self.points["board clean-ups"] += 1
        elif name == "CardRevealed":
            self.points["cards revealed"] += 1
            self.same(f"the Wand holder reveals {e.card}", seat, self.cmd_wand)

    def on_step(self, step: int) -> None:
        s = self.state
        if self.order and step != 1:
            self.bad(f"step {step} began with {self.order} still to act in step {self.step}")
        if step == 5 and self.new_year:
            self.new_year = False
        if step == 5 and self.feast_seats:
            self.check_new_year_order()
        if step in (1, 2, 3):
            self.order = [(s.wand + k) % self.n for k in range(self.n)]
        if step in (2, 3, 4):
            self.check_token_after_action()
        self.step = step

    def check_new_year_order(self) -> None:
        # Each New Year's seats come clockwise from the Wand holder (a player with nothing to choose is skipped).
        for what, seats in (("feast", self.feast_seats), ("holiday", self.holiday_seats)):
            places = [(seat - self.cmd_wand) % self.n for seat in seats]
            restarts = sum(1 for a, b in zip(places, places[1:], strict=False) if b <= a)
            if restarts >= self.years_now:
                self.bad(f"the {what} order {seats} with the Wand at {self.cmd_wand} ({self.years_now} New Years)")
            self.points[f"{what} orders"] += 1
        self.years_now = 0
        self.feast_seats, self.holiday_seats = [], []

    def check_token_after_action(self) -> None:
        if self.time_actions:
            self.bad(f"{2 - self.time_actions} Time-Turner actions taken instead of 2")
            self.time_actions = 0
        offered = self.token_offered or self.state.over
        if self.n == 2 and self.last_actor >= 0 and not offered and self.token[self.last_actor] == "up":
            self.bad(f"the Wand Bonus Token was not offered to {self.last_actor} after its action")
        self.token_offered = False
        self.last_actor = -1

    def on_action(self, e: Any) -> None:
        if e.extra == "time":
            self.same("a Time-Turner action by", e.seat, self.last_actor)
            return
        if e.extra == "bonus":
            self.same("the Wand Bonus action by", e.seat, self.last_actor)
            self.token_offered = False
            return
        self.check_token_after_action()
        self.points["actions"] += 1
        if not self.order:
            self.bad(f"{e.seat} acts in step {e.step} after everyone did")
        else:
            self.same(f"who acts next in step {e.step}", e.seat, self.order.pop(0))
        self.last_actor = e.seat

    # --- after a command ------------------------------------------------------------------------------------------
    def after(self, before: Any) -> None:
        s = self.state
        self.same("the Prefect", s.prefect, self.prefect)
        if s.wand != before.wand and self.wand_passed_to != s.wand:
            self.bad(f"the Wand moved from {before.wand} to {s.wand} unannounced")
        for seat, p in enumerate(s.players):
            self.same(f"hand of {seat}", Counter(p.hand), +self.hands[seat])
            self.same(f"face-up specials of {seat}", Counter(p.specials_up), +self.up[seat])
            self.same(f"face-down specials of {seat}", Counter(p.specials_down), +self.down[seat])
            self.same(f"Wand Bonus Token of {seat}", p.wand_token, self.token[seat])
        if s.round != before.round:
            self.points["rounds"] += 1
            self.same("Harry's walk-past back", [p.harry_used for p in s.players], [False] * self.n)
            if any(len(p.hand) > HAND_LIMIT for p in s.players):
                self.bad(f"a new round with hands of {[len(p.hand) for p in s.players]}")
        if s.tasks and s.tasks[-1].kind == "limit" and not self.limit_due:
            self.limit_due = {o: len(p.hand) - HAND_LIMIT for o, p in enumerate(s.players) if len(p.hand) > HAND_LIMIT}
            self.points["hand limits"] += 1
            self.same("the step when the hand limit comes", self.wand_passed_to, s.wand)
        if self.bonus_due >= 0 and not any(t.kind in ("encounter", "who") for t in s.tasks) and not s.over:
            self.bad(f"the bonus cards of {self.bonus_due} not drawn after the encounter")
            self.bonus_due = -1
        self.bonus_closed_for = -1
        total = sum(len(p.hand) + len(p.completed) for p in s.players) + len(s.draw) + len(s.discard)
        total += len(s.board) + sum(len(d) for d in s.year_decks.values()) + len(s.aside)
        total += sum(1 for t in s.tasks if t.kind == "place")  # the card revealed, waiting for its space
        self.same("Adventure Cards in the game", total, 100)

    def check_draws_and_clean_up(self, before: Any, events: list[Event]) -> None:
        """Cards are drawn from the top of the draw pile; a New Year clears the board's cards two Years old."""
        s = self.state
        pile = list(before.draw)
        for e in events:
            kind = type(e).__name__
            if kind in ("Reshuffled", "NewYear"):
                break
            if kind == "CardsDrawn" and e.cards is not None:
                top = pile[len(pile) - len(e.cards) :]
                self.same(f"the cards drawn ({e.why}) from the top", sorted(e.cards), sorted(top))
                del pile[len(pile) - len(e.cards) :]
                self.points["draws from the top"] += 1
            if kind == "CardRevealed":
                self.same("the card revealed from the top", e.card, pile[-1] if pile else None)
                pile = pile[:-1]
        for e in events:
            kind = type(e).__name__
            if kind == "NewYear":
                self.clean_year = e.year
                if e.year in s.year_decks:
                    self.bad(f"Year {e.year}'s deck still set aside after its New Year")
            elif kind == "BoardCleaned":
                old = [card for _cell, card in e.cards if CARDS[card].year > self.clean_year - 2]
                if old:
                    self.bad(f"the New Year of Year {self.clean_year} cleared {old}")
                self.points["cards cleared"] += len(e.cards)
            elif kind == "StepStarted" and e.step == 5 and self.clean_year:
                placed = {x.cell for x in events if type(x).__name__ == "CardPlaced"}
                left = [c for cell, c in s.board.items() if cell not in placed and CARDS[c].year <= self.clean_year - 2]
                if left:
                    self.bad(f"the New Year of Year {self.clean_year} left {left} on the board")
                self.points["clean-ups checked"] += 1
                self.clean_year = 0

    def check_step5(self, before: Any, events: list[Event]) -> None:
        """Replay this command's step 5 on the board as it stood: each card revealed fits where the rules say,
        and the step stops at 4 face-up cards or with both piles empty (the set-aside cards not counted)."""
        s = self.state
        names = [type(e).__name__ for e in events]
        if "CardRevealed" not in names and "StepStarted" not in names:
            return
        placed = {e.cell for e in events if type(e).__name__ == "CardPlaced"}
        board = {cell: card for cell, card in s.board.items() if cell not in placed}
        taken = {p.cell for p in s.players}
        aside = list(before.aside)
        in_step5 = s.step == 5 and "StepStarted" not in names  # a PlaceCard command continues step 5
        for e in events:
            kind = type(e).__name__
            if kind == "StepStarted":
                if e.step == 5:
                    in_step5 = True
                elif e.step == 6 and in_step5:
                    in_step5 = False
                    self.points["step 5s"] += 1
                    limit = sum(1 for x in events if type(x).__name__ == "CardDiscarded" and x.why == "limit")
                    left = len(s.draw) + len(s.discard) - limit - len(aside)
                    if len(board) < 4 and left > 0:
                        self.bad(f"step 5 ended with {len(board)} cards face up and {left} cards left to draw")
            elif kind == "CardRevealed":
                if len(board) >= 4:
                    self.bad(f"{e.card} revealed with {len(board)} cards face up")
                free = [c for c in PLAY[e.card] if c not in board and c not in taken and c != COMMON_ROOM]
                self.same(f"{e.card} placeable (free {free})", e.placeable, bool(free))
                if not e.placeable:
                    aside.append(e.card)
                    self.points["revealed, set aside"] += 1
                self.free_now = free
            elif kind == "CardPlaced":
                if e.cell not in self.free_now:
                    self.bad(f"{e.card} placed on {e.cell}, not one of {self.free_now}")
                board[e.cell] = e.card
            elif kind == "AsideDiscarded":
                self.same("the cards set aside, discarded", sorted(e.cards), sorted(aside))


def lively_choice(state: Any, seat: int, legal: list[Command], rng: Rng) -> Command | None:
    """Now and then, a move the bots seldom make: an ambush, a card played onto a shared space, a walk past by
    Harry or the Cloak, a Special Card used."""
    task = state.tasks[-1]
    if task.kind != "action" or task.chosen or rng.below(2):
        return None
    cell = state.players[seat].cell
    crowd = {p.cell for other, p in enumerate(state.players) if other != seat}
    picks = []
    for c in legal:
        kind = type(c).__name__
        if (
            kind == "PlayThere"
            and c.cell in crowd
            or kind == "PlayHere"
            and cell in crowd
            or kind == "UseSpecial"
            or kind == "Move"
            and {"harry", "cloak"} & set(c.bypass)
        ):
            picks.append(c)
    return picks[rng.below(len(picks))] if picks else None


def play_checked(
    game: Game[Any, Any], players: int, seed: int, bot_ids: list[str], lively: bool = False, max_commands: int = 20000
) -> PhaseChecker:
    """One game played by ``bot_ids``, every command followed by the model. ``lively``: the first players get the
    Invisibility Cloak, the Marauder's Map and the Nimbus from the Special deck at the start, and the bots often
    make the moves they seldom make (``lively_choice``)."""
    from tabletop.bots import make_bot

    state = game.setup(players, game.default_options(players), seed)
    if lively:
        for index, special in enumerate(("cloak", "map", "nimbus")):
            state.special_deck.remove(special)
            state.players[index % players].specials_up.append(special)
    checker = PhaseChecker(game, state)
    bots = [make_bot(game, bot_id) for bot_id in bot_ids]
    rng = Rng.from_seed(seed * 6151 + 7)
    for _ in range(max_commands):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        legal = list(view.legal)
        checker.before(seat, legal)
        command = lively_choice(state, seat, legal, rng) if lively else None
        try:
            checker.apply(command or bots[seat].choose(view, rng))
        except IllegalCommand as refused:  # a command of the legal list refused: told after what led to it
            checker.bad(f"a command offered was refused: {refused}")
            break
    else:
        checker.bad("the game did not end")
    return checker


GAME = GAMES["house-cup-challenge"]


def _run(players: int, seeds: range, bot: str, lively: bool = False) -> Counter[str]:
    points: Counter[str] = Counter()
    for seed in seeds:
        checker = play_checked(GAME, players, seed, [bot] * players, lively=lively)
        assert not checker.problems, "\n".join(checker.problems[:10])
        points += checker.points
    return points


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "medium"])
def test_the_round_agrees_with_the_independent_model(players: int, bot: str) -> None:
    """The legal actions (moves by their outcome, cards played, Special Cards), who acts when, step 5, the Wand,
    the hand limit and the New Year's feast, holidays, refresh and clean-up, in bot games."""
    points = _run(players, range(2), bot)
    assert points["action lists"] > 100 and points["step 5s"] > 10 and points["wand passes"] > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ambushes_the_cloak_harry_and_the_special_moves(players: int) -> None:
    """The moves bots seldom make, made often: ambushes and cards played onto a shared space, Harry's and the
    Cloak's walk-past, the Map, the Nimbus and the other [Action] Special Cards."""
    points = _run(players, range(50, 53), "random", lively=True)
    assert points["Cloak walks past"] + points["Harry walks past"] >= 5
    assert points["map moves"] >= 5 and points["played there onto one"] >= 5
