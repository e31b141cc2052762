"""An independent model of House Cup Challenge's Tests and of its end, written from the rulebook fragment (seed 002)
and the project supplement (house-cup-challenge.md) alone, without the engine's rules modules.

``Checker`` follows a game played through the protocol and, at every point these rules decide, compares its own
answer with the engine's:

- a Test (supplement 1.2 "Encountering an Adventure Card"): the abilities each check counts (the character's
  abilities, the boosts announced: +1 per hand card, +2 for Ron, the [Free] bonus cards; Fawkes's +2 to every
  tested ability), pass or fail by the Test's form (``K3``, ``S3/H3`` either, ``S4+H4`` both); which boosts are
  offered; the walk-past ("able") offers of a move, which need the Test passed without boosts;
- what a success gains: the card's VP for the player and for Gryffindor, +1 to an ability up to 10 (+2 for
  Neville once Year 3 has begun), ``Draw N``, the top Special Card (2 Adventure Cards when the deck is empty), the
  card in the Completed pile; what a failure costs: the card stays, one hand card discarded, the retreat (back to
  the space entered from, the Hospital Wing for a Hospital card, any connected space without a card after a
  played card), nothing at all after Expelliarmus;
- the Years: a New Year for each hundred mark passed in a round (at most Year 5), checked at step 4; the
  stalemate (three rounds without VP since the last one: the token goes to the next hundred, or the game ends in
  Year 5); the end at 500 (the round's action steps are played out, steps 4-6 skipped); the final scores and
  the winners (most VP, then more completed Year 5 cards, Year 4, ... Year 1, then the highest single ability,
  then a shared win).

The card list and the board are copied from the supplement (1.3, 1.6) below, not imported from the engine.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES

# ID, Test, VP, extra reward (+K/+S/+H, D1/D2 = Draw N, SP = Special), X = Hospital setback (supplement 1.6).
_CARDS = """
Y1-01 H1 4 +H -; Y1-02 K2 4 +K -; Y1-03 S1 4 +S -; Y1-04 S2 4 SP -
Y1-05 H2 4 +H -; Y1-06 S3/H3 6 +H -; Y1-07 S3 6 +S X; Y1-08 K1 4 +K -
Y1-09 K2 4 +K -; Y1-10 S2 5 +S -; Y1-11 S3/K3 6 +S X; Y1-12 H2 4 D2 -
Y1-13 K3 5 +K -; Y1-14 K2/H2 4 SP -; Y1-15 H2 5 +H -; Y1-16 S2 5 +S -
Y1-17 H2 5 +H -; Y1-18 H3 6 +H -; Y1-19 K2 4 +K -; Y1-20 K2 5 +K -
Y1-21 S2 5 +S -; Y1-22 K3/S3 6 +K -; Y1-23 K3 6 D2 -; Y1-24 S1/H1 4 D1 -
Y1-25 H2 4 D1 -; Y1-26 K1 4 D2 -; Y1-27 K1 4 +K -; Y1-28 H3+K2 8 +H -
Y2-01 S3 6 +S X; Y2-02 S3 6 +S -; Y2-03 K3 6 +K -; Y2-04 H3 5 +H -
Y2-05 S4 7 +S X; Y2-06 K3 6 +K -; Y2-07 K4 7 SP -; Y2-08 S3/H3 6 +S -
Y2-09 H3 5 +H -; Y2-10 K2 4 D2 -; Y2-11 K3 6 D2 -; Y2-12 K4 7 +K -
Y2-13 H3 6 +H -; Y2-14 S4/H4 8 +H -; Y2-15 K3 6 +K -; Y2-16 S4+H4 11 +H X
Y2-17 H4 7 SP -; Y2-18 H3 6 +H -; Y2-19 H2 4 D2 -; Y2-20 H4 7 +H -
Y3-01 S4/H4 7 +H -; Y3-02 H4 8 +H -; Y3-03 S3/K3 6 +S -; Y3-04 H3 6 +H -
Y3-05 K3 6 D2 -; Y3-06 S5 9 +S X; Y3-07 K4 7 SP -; Y3-08 K3/S3 6 SP -
Y3-09 H3 6 +H -; Y3-10 S4 7 +S -; Y3-11 S4 7 +S X; Y3-12 K4+H4 10 +K -
Y3-13 S5/H5 9 +S X; Y3-14 H5 10 +H -; Y3-15 K4 7 SP -; Y3-16 S4 8 +S -
Y3-17 K3 5 D2 -; Y3-18 K5 9 +K -; Y4-01 H4 7 +H -; Y4-02 K4/H4 7 +K -
Y4-03 S4 7 +S -; Y4-04 K4 7 +K -; Y4-05 S6 12 +S X; Y4-06 K5 9 SP -
Y4-07 H5 9 +H -; Y4-08 K5 9 D2 -; Y4-09 K4 7 SP -; Y4-10 S5+H4 12 +H -
Y4-11 S4 7 +S -; Y4-12 H4 7 +H -; Y4-13 H4 7 D2 -; Y4-14 H4 7 +H -
Y4-15 S6+K5 13 +S -; Y4-16 K5/H5 9 +K -; Y4-17 K6 11 +K -; Y5-01 H6 11 +H -
Y5-02 H5 9 +H -; Y5-03 S6/K6 12 SP -; Y5-04 K6+S5 14 +S -; Y5-05 K5 9 +K -
Y5-06 H6 12 +H -; Y5-07 H7/K7 14 +H -; Y5-08 K6 11 +K -; Y5-09 S5 9 +S -
Y5-10 H5 9 +H -; Y5-11 S6 12 D2 -; Y5-12 K7 14 +K -; Y5-13 H7 14 +H -
Y5-14 K6+H6 16 +K -; Y5-15 H6 11 +H -; Y5-16 S7 14 +S -; Y5-17 H8+S6 20 SP -
"""

# Each space and the spaces connected to it (supplement 1.3).
_BOARD = """
A1:B1,A2 B1:A1,C1,B2 C1:B1,D1,C2 D1:C1,E1,D2 E1:D1,F1 F1:E1,G1,F2 G1:F1,G2 H1:C2
A2:A1,B2,A3 B2:B1,A2,C2,B3 C2:C1,H1,B2,D2 D2:D1,C2,E2,D3 E2:D2,F2 F2:F1,E2,G2 G2:G1,F2,H2,G3 H2:G2
A3:A2,B3,A4 B3:B2,A3,B4 C3:D3,C4 D3:D2,C3,D4 E3:E4 F3:F4 G3:G2,G4 H3:H4
A4:A3,B4 B4:B3,A4,C4,B5 C4:C3,B4,D4,C5 D4:D3,C4,E4 E4:E3,D4,F4,E5 F4:F3,E4,G4,F5 G4:G3,F4,H4,G5 H4:H3,G4
A5:B5 B5:B4,A5,B6 C5:C4,D5 D5:C5 E5:E4 F5:F4 G5:G4,G6 H5:H6
A6:B6,A7 B6:B5,A6,C6,B7 C6:B6,D6,C7 D6:C6,E6,D7 E6:D6,F6 F6:E6,G6,F7 G6:G5,F6,H6,G7 H6:H5,G6,H7
A7:A6 B7:B6 C7:C6 D7:D6,E7 E7:D7 F7:F6 G7:G6 H7:H6
"""

HOSPITAL_WING = "F3"
START = {"harry": (1, 2, 2), "hermione": (3, 1, 1), "ron": (1, 3, 1), "neville": (2, 1, 2)}  # K, S, H (1.4)
# The [Free] Special Cards flipped in the Boost step (1.5): what each adds ("*": +2 to the ability chosen).
BONUS_SPECIALS: dict[str, dict[str, int]] = {
    "remembrall": {"K": 2},
    "sword": {"H": 3},
    "felix": {"*": 2},
    "patronus": {"S": 3},
    "leviosa": {"K": 1, "S": 1},
}


@dataclass(frozen=True)
class Card:
    id: str
    year: int
    need: tuple[tuple[str, int], ...]  # (ability, value) pairs
    both: bool  # "A + B": every pair; "A / B" (or a single pair): any of them
    vp: int
    reward: str
    hospital: bool

    def passes(self, values: dict[str, int]) -> bool:
        met = [values[ability] >= value for ability, value in self.need]
        return all(met) if self.both else any(met)

    @property
    def tested(self) -> tuple[str, ...]:
        return tuple(ability for ability, _ in self.need)


def _parse_cards() -> dict[str, Card]:
    cards = {}
    for entry in _CARDS.replace("\n", ";").split(";"):
        if not entry.strip():
            continue
        cid, test, vp, reward, setback = entry.split()
        both = "+" in test
        need = tuple((part[0], int(part[1:])) for part in test.replace("+", "/").split("/"))
        cards[cid] = Card(cid, int(cid[1]), need, both, int(vp), reward, setback == "X")
    return cards


CARDS = _parse_cards()
ADJACENT = {cell: tuple(links.split(",")) for cell, links in (item.split(":") for item in _BOARD.split())}


def ranking_key(vp: int, completed: list[str], abilities: dict[str, int]) -> tuple[int, ...]:
    """Most VP, then more completed Year 5 cards, Year 4, ... Year 1, then the highest single ability."""
    by_year = [sum(1 for card in completed if CARDS[card].year == year) for year in (5, 4, 3, 2, 1)]
    return (vp, *by_year, max(abilities.values()))


@dataclass
class Encounter:
    seat: int
    card: str
    cell: str
    came_from: str  # "" when the card was played onto the character
    hand_before: int  # hand size when the encounter began (for the setback's discard)
    boosts: dict[str, int] = field(default_factory=lambda: {"K": 0, "S": 0, "H": 0})
    hand_used: int = 0
    checks: int = 0
    passed: bool | None = None
    fawkes: bool = False
    expelliarmus: bool = False
    failed: bool = False
    setback_discards: int = 0
    boost_discards: int = 0
    specials: set[str] = field(default_factory=set)  # the bonus Special Cards flipped


@dataclass
class Checker:
    game: Game[Any, Any]
    state: Any
    problems: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # what was compared, by kind

    def __post_init__(self) -> None:
        s = self.state
        self.n = s.count
        self.abilities = [dict(zip("KSH", START[p.character], strict=True)) for p in s.players]
        self.vp = [0] * self.n
        self.completed: list[list[str]] = [[] for _ in range(self.n)]
        self.track = 0
        self.year = 1
        self.round = 0 if s.setup else s.round  # the setup's step 5 may have run without a command
        self.step = s.step
        self.scored = False
        self.dry = 0
        self.ending = False
        self.ended = False
        self.main_actions: dict[int, int] = {}
        self.expect_years: list[int] = []
        self.expect_stalemate: tuple[int, int] | None = None  # (points, track)
        self.expect_end_stalemate = False
        self.enc: Encounter | None = None
        self.pending_fail: Encounter | None = None
        self.pending_reward: list[tuple[str, Any]] = []
        self.optional_reward = False  # the pending +1 finds the ability at 10: it may go untold
        self.last_move: Any = None  # the Moved event of this command
        self.hand_change: dict[int, int] = {}  # cards that left each hand during this command (draws negative)
        self.boost_cards: list[tuple[int, str]] = []  # hand cards discarded to boost during this command
        self.won: list[tuple[int, str, str]] = []  # (seat, card, cell) completed during this command
        self.gained: list[tuple[int, str]] = []  # Special Cards gained during this command
        for seat, player in enumerate(s.players):
            self.same(f"start abilities of {seat}", player.abilities, self.abilities[seat])

    def resync(self) -> None:
        """Take the players' standing and the token from the state after a test changed them by hand."""
        s = self.state
        self.abilities = [dict(p.abilities) for p in s.players]
        self.vp = [p.vp for p in s.players]
        self.completed = [list(p.completed) for p in s.players]
        self.track = s.track

    # --- helpers ----------------------------------------------------------------------------------------------
    def bad(self, what: str) -> None:
        self.problems.append(f"round {self.round} step {self.step}: {what}")

    def count(self, kind: str) -> None:
        self.points[kind] = self.points.get(kind, 0) + 1

    def same(self, what: str, engine: Any, mine: Any) -> None:
        if engine != mine:
            self.bad(f"{what}: engine {engine!r}, independent {mine!r}")

    def values(self, enc: Encounter) -> dict[str, int]:
        card = CARDS[enc.card]
        extra = 2 if enc.fawkes else 0
        return {a: self.abilities[enc.seat][a] + enc.boosts[a] + extra for a in card.tested}

    # --- before a command: what the legal list offers ---------------------------------------------------------
    def before(self, seat: int, legal: list[Command]) -> None:
        s = self.state
        names = {type(c).__name__ for c in legal}
        if "Boost" in names:
            self.check_boosts(seat, legal)
        if "Retreat" in names:
            self.check_retreat(legal)
        if "Move" in names or "UseSpecial" in names:
            self.check_walk_past(seat, legal, s.board)

    def check_boosts(self, seat: int, legal: list[Command]) -> None:
        enc = self.enc
        if enc is None or enc.seat != seat:
            self.bad(f"boosts offered to {seat} outside its encounter")
            return
        self.count("boost offers")
        if enc.checks != 1 or enc.passed is not False:
            self.bad(f"boosts offered after {enc.checks} checks (passed {enc.passed})")
        player = self.state.players[seat]
        card = CARDS[enc.card]
        offered = {(c.card, c.ability) for c in legal if type(c).__name__ == "Boost"}
        hand_offered = {o for o in offered if o[0].startswith("Y")}
        mine = set()
        if enc.hand_used < 2:
            mine = {(h, a) for h in player.hand for a in card.tested}
        self.same(f"hand boosts offered for {enc.card}", sorted(hand_offered), sorted(mine))
        for special, ability in offered - hand_offered:
            if special not in BONUS_SPECIALS or special not in player.specials_up:
                self.bad(f"boost with {special} offered (not a face-up bonus card)")
            elif ability not in card.tested and not (special == "leviosa" and ability == ""):
                self.bad(f"boost with {special} to untested {ability} for {enc.card}")
        for special in player.specials_up:
            if special in BONUS_SPECIALS:
                adds = BONUS_SPECIALS[special]
                useful = "*" in adds or any(a in card.tested for a in adds)
                if useful and not any(o[0] == special for o in offered):
                    self.bad(f"{special} not offered as a boost for {enc.card} (tests {card.tested})")

    def check_retreat(self, legal: list[Command]) -> None:
        enc = self.pending_fail
        self.count("retreat offers")
        if enc is None:
            self.bad("a retreat offered with no failed encounter")
            return
        offered = sorted(c.cell for c in legal if type(c).__name__ == "Retreat")
        board = self.state.board
        mine = sorted(c for c in ADJACENT[enc.cell] if c not in board)
        if enc.came_from or CARDS[enc.card].hospital:
            self.bad(f"a retreat choice offered though the way back is fixed ({enc.came_from or 'Hospital'})")
        self.same(f"retreat spaces after failing {enc.card} on {enc.cell}", offered, mine)

    def check_walk_past(self, seat: int, legal: list[Command], board: dict[str, str]) -> None:
        abilities = self.abilities[seat]
        have = set()
        for c in legal:
            kind = type(c).__name__
            if kind not in ("Move", "UseSpecial") or not c.path:
                continue
            have.add((kind, getattr(c, "card", ""), c.path, c.bypass))
            entered = [board[cell] for cell in c.path if cell in board]
            for card, way in zip(entered, c.bypass, strict=False):
                if way == "able":
                    self.count("walk-past offers")
                    if not CARDS[card].passes(abilities):
                        self.bad(f"walking past {card} 'able' offered to {seat} with {abilities}")
        for kind, _special, path, bypass in have:
            if kind != "Move":
                continue
            entered = [board[cell] for cell in path if cell in board]
            if len(bypass) == len(entered) - 1 and path[-1] in board and CARDS[board[path[-1]]].passes(abilities):
                # The engine lists one walk for each outcome (and refuses any other, as a command not in legal):
                # stopping on that card without an encounter must be one of them, by whatever way it lists, unless
                # the character stands there: a walk back to where it began, with no encounter, changes nothing.
                cell = path[-1]
                if cell == self.state.players[seat].cell:
                    continue
                self.count("walk-past expected")
                if not any(
                    other == "Move" and way[-1] == cell and len(past) == sum(step in board for step in way)
                    for other, _card, way, past in have
                ):
                    self.bad(f"{seat} passes {board[cell]} on {cell} but no move offers to walk past it")

    # --- a command and its events -----------------------------------------------------------------------------
    def apply(self, command: Command) -> list[Event]:
        s = self.state
        before = copy.deepcopy(s)
        if self.ended:
            self.bad("a command after the end")
        self.last_move = None
        self.hand_change = {}
        self.boost_cards, self.won, self.gained = [], [], []
        events = self.game.apply(s, command)
        kind = type(command).__name__
        for event in events:
            seat = getattr(event, "seat", None)
            if event.to is not None and seat not in event.to:
                continue  # the redacted copy for the other seats
            self.event(event, command, kind, before)
        self.after_apply(before)
        return events

    def event(self, e: Event, command: Command, kind: str, before: Any) -> None:
        name = type(e).__name__
        handler: Callable[..., None] | None = getattr(self, "on_" + name, None)
        if handler is not None:
            handler(e, command, kind, before)
        if self.pending_reward and name not in (
            "AdventureCompleted",
            "AbilityRaised",
            "CardsDrawn",
            "SpecialGained",
            "Reshuffled",
            "EndReached",
        ):
            if not self.optional_reward:
                self.bad(f"the reward {self.pending_reward} not given before {name}")
            self.pending_reward = []
            self.optional_reward = False

    def on_RoundStarted(self, e: Any, *_: Any) -> None:
        self.same("round number", e.round, self.round + 1)
        if self.ending:
            self.bad("a new round after the token reached 500")
        self.round = e.round
        self.scored = False
        self.main_actions = {}

    def on_StepStarted(self, e: Any, *_: Any) -> None:
        self.step = e.step
        if e.step == 4:
            self.count("step 4")
            if self.ending:
                self.bad("step 4 played after the token reached 500")
            self.dry = 0 if self.scored else self.dry + 1
            if self.dry >= 3:
                self.dry = 0
                if self.year == 5:
                    self.expect_end_stalemate = True
                    self.expect_stalemate = (0, self.track)
                else:
                    mark = (self.track // 100 + 1) * 100
                    self.expect_stalemate = (mark - self.track, mark)
                    self.track = mark
            target = min(5, self.track // 100 + 1)
            if target - self.year > 1:
                self.count("several New Years at once")
            self.expect_years = list(range(self.year + 1, target + 1)) if not self.expect_end_stalemate else []
        elif e.step == 5:
            if self.expect_years:
                self.bad(f"New Years {self.expect_years} not held (track {self.track})")
                self.expect_years = []
            if self.expect_stalemate is not None:
                self.bad(f"the stalemate {self.expect_stalemate} did not happen")
                self.expect_stalemate = None
            if self.expect_end_stalemate:
                self.bad("step 5 after a stalemate in Year 5")

    def on_ActionStarted(self, e: Any, *_: Any) -> None:
        if e.extra == "":
            self.main_actions[e.step] = self.main_actions.get(e.step, 0) + 1

    def on_Stalemate(self, e: Any, *_: Any) -> None:
        self.count("stalemates")
        if self.expect_stalemate is None:
            self.bad(f"an unexpected stalemate {e}")
            return
        points, track = self.expect_stalemate
        self.same("stalemate year", e.year, self.year)
        if self.year < 5:
            self.same("stalemate points", e.points, points)
        self.same("stalemate track", e.track, track)
        self.expect_stalemate = None

    def on_NewYear(self, e: Any, *_: Any) -> None:
        self.count("new years")
        if not self.expect_years:
            self.bad(f"an unexpected New Year {e.year} (track {self.track}, year {self.year})")
            self.year = e.year
            return
        self.same("New Year", e.year, self.expect_years.pop(0))
        self.year = e.year

    def on_EndReached(self, e: Any, *_: Any) -> None:
        self.count("end reached")
        if self.track < 500 or self.ending:
            self.bad(f"EndReached at track {self.track} (ending {self.ending})")
        self.same("EndReached track", e.track, self.track)
        self.ending = True

    def on_GameEnded(self, e: Any, *_: Any) -> None:
        self.count("game ends")
        self.ended = True
        if e.reason == "500":
            if not self.ending:
                self.bad("ended at 500 without the token at 500")
            if self.step != 3 or self.main_actions.get(3, 0) != self.n:
                self.bad(f"ended at 500 in step {self.step} after {self.main_actions.get(3, 0)} step-3 actions")
        elif e.reason == "stalemate":
            if not self.expect_end_stalemate:
                self.bad(f"ended by stalemate unexpectedly (year {self.year}, dry {self.dry})")
        else:
            self.bad(f"ended for {e.reason}")
        if self.expect_end_stalemate and e.reason != "stalemate":
            self.bad("a Year 5 stalemate was due")
        self.expect_end_stalemate = False
        self.same("final scores", e.scores, tuple(self.vp))
        keys = [ranking_key(self.vp[seat], self.completed[seat], self.abilities[seat]) for seat in range(self.n)]
        best = max(keys)
        top = [key for key in keys if key[0] == best[0]]
        if len(top) > 1:
            self.count("ties on VP")
            if len({key[:6] for key in top}) < len(top):
                self.count("ties on VP and Years")
            if keys.count(best) > 1:
                self.count("shared wins")
        self.same("winners", e.winners, tuple(seat for seat in range(self.n) if keys[seat] == best))

    def on_EncounterStarted(self, e: Any, command: Any, kind: str, before: Any) -> None:
        self.count("encounters")
        if self.enc is not None:
            self.bad(f"an encounter began during {self.enc}")
        came_from = ""
        if self.last_move is not None and self.last_move.path[-1] == e.cell:
            move = self.last_move
            if move.start:  # a walk
                came_from = move.path[-2] if len(move.path) >= 2 else move.start
            else:  # a jump (Firebolt, Floo Powder): the space left
                came_from = before.players[e.seat].cell
        hand = len(before.players[e.seat].hand) - self.hand_change.get(e.seat, 0)
        self.enc = Encounter(e.seat, e.card, e.cell, came_from, hand)

    def on_Moved(self, e: Any, *_: Any) -> None:
        self.last_move = e

    def on_CardPlayed(self, e: Any, *_: Any) -> None:
        self.last_move = None
        self.hand_change[e.seat] = self.hand_change.get(e.seat, 0) + 1

    def on_SpecialFlipped(self, e: Any, *_: Any) -> None:
        enc = self.enc
        if enc is None or enc.seat != e.seat:
            return
        self.count(f"{e.card} flipped in an encounter")
        if e.card == "fawkes":
            if enc.passed is not False:
                self.bad("Fawkes flipped without a failed check")
            enc.fawkes = True
        elif e.card == "expelliarmus":
            enc.expelliarmus = True

    def on_Boosted(self, e: Any, command: Any, *_: Any) -> None:
        enc = self.enc
        self.count("boosts")
        if enc is None or enc.seat != e.seat:
            self.bad(f"a boost outside an encounter: {e}")
            return
        if e.card.startswith("Y"):
            amount = 2 if self.state.players[e.seat].character == "ron" else 1
            enc.hand_used += 1
            if enc.hand_used > 2:
                self.bad("more than 2 hand cards boosted")
            if e.ability not in CARDS[enc.card].tested:
                self.bad(f"a hand boost to untested {e.ability}")
            enc.boosts[e.ability] += amount
            self.boost_cards.append((e.seat, e.card))
            self.same(f"boost amount of {e.card} for {self.state.players[e.seat].character}", e.amount, amount)
        else:
            adds = BONUS_SPECIALS.get(e.card)
            if adds is None:
                self.bad(f"a boost with {e.card}")
                return
            if "*" in adds:
                enc.boosts[e.ability] += adds["*"]
                self.same(f"{e.card} boost", e.amount, adds["*"])
            else:
                # The card adds all it gives at once, however many events tell it (Wingardium Leviosa: K and S).
                if e.card not in enc.specials:
                    for ability, amount in adds.items():
                        enc.boosts[ability] += amount
                    enc.specials.add(e.card)
                self.same(f"{e.card} boost to {e.ability}", e.amount, adds.get(e.ability))

    def on_TestChecked(self, e: Any, *_: Any) -> None:
        enc = self.enc
        self.count("checks")
        if enc is None or enc.card != e.card or enc.seat != e.seat:
            self.bad(f"a check outside its encounter: {e} ({enc})")
            return
        enc.checks += 1
        mine = self.values(enc)
        card = CARDS[enc.card]
        passed = card.passes(mine)
        self.same(f"values of check {enc.checks} ({e.attempt}) of {e.card}", dict(e.values), mine)
        self.same(f"outcome of check {enc.checks} ({e.attempt}) of {e.card} with {mine}", e.passed, passed)
        boosted = any(enc.boosts.values())
        expected_attempt = (
            "first" if enc.checks == 1 else "fawkes" if enc.fawkes else "boosted" if boosted else "unboosted"
        )
        self.same(f"attempt of check {enc.checks}", e.attempt, expected_attempt)
        if enc.checks > 1 and enc.passed:
            self.bad("checked again after a pass")
        enc.passed = e.passed

    def on_AdventureCompleted(self, e: Any, command: Any, kind: str, before: Any) -> None:
        enc = self.enc
        self.count("successes")
        card = CARDS[e.card]
        if enc is None or enc.card != e.card or not enc.passed:
            self.bad(f"completed {e.card} without a passed check ({enc})")
        seat = e.seat
        self.same(f"VP of {e.card}", e.vp, card.vp)
        self.vp[seat] += card.vp
        self.track += card.vp
        self.same(f"track after {e.card}", e.track, self.track)
        self.completed[seat].append(e.card)
        self.scored = True
        if enc is not None:
            self.won.append((seat, e.card, enc.cell))
        if card.reward.startswith("+"):
            ability = card.reward[1]
            gain = 2 if self.state.players[seat].character == "neville" and self.year >= 3 else 1
            self.count(f"+{gain} rewards")
            if self.abilities[seat][ability] + gain > 10:
                self.count("rewards capped at 10")
            self.pending_reward = [("ability", (seat, ability, min(10, self.abilities[seat][ability] + gain)))]
        elif card.reward.startswith("D"):
            self.pending_reward = [("draw", (seat, int(card.reward[1]), "reward"))]
        elif before.special_deck:
            self.pending_reward = [("special", (seat, before.special_deck[-1]))]
        else:
            self.pending_reward = [("draw", (seat, 2, "special_empty"))]
        self.enc = None
        if self.pending_reward[0][0] == "ability":
            seat, ability, value = self.pending_reward[0][1]
            if self.abilities[seat][ability] == value:  # already 10: nothing may be told
                self.optional_reward = True

    def on_AbilityRaised(self, e: Any, command: Any, kind: str, before: Any) -> None:
        if e.why == "feast":
            self.count("feasts")
            below = [a for a, v in self.abilities[e.seat].items() if v < 10]
            if (kind != "Feast" or command.ability != e.ability) and below != [e.ability]:
                self.bad(f"a feast raise {e} for {command} (abilities below 10: {below})")
            value = min(10, self.abilities[e.seat][e.ability] + 1)
            self.same("feast value", e.value, value)
            self.abilities[e.seat][e.ability] = value
            return
        self.count("ability rewards")
        if not self.pending_reward or self.pending_reward[0][0] != "ability":
            self.bad(f"an unexpected ability raise {e}")
            return
        seat, ability, value = self.pending_reward.pop()[1]
        self.optional_reward = False
        self.same("rewarded ability", (e.seat, e.ability, e.value), (seat, ability, value))
        self.abilities[seat][ability] = value

    def on_CardsDrawn(self, e: Any, command: Any, kind: str, before: Any) -> None:
        self.hand_change[e.seat] = self.hand_change.get(e.seat, 0) - e.count
        if e.why not in ("reward", "special_empty"):
            return
        self.count("card rewards")
        if not self.pending_reward or self.pending_reward[0][0] != "draw":
            self.bad(f"unexpected reward cards {e}")
            return
        seat, wanted, why = self.pending_reward.pop()[1]
        self.same("reward draw", (e.seat, e.wanted, e.why), (seat, wanted, why))
        available = len(before.draw) + len(before.discard)
        if available < wanted:
            self.count("reward draws short")
        if why == "special_empty":
            self.count("Special deck empty")
        self.same(f"reward cards drawn (draw+discard {available})", e.count, min(wanted, available))

    def on_SpecialGained(self, e: Any, *_: Any) -> None:
        self.count("special rewards")
        if not self.pending_reward or self.pending_reward[0][0] != "special":
            self.bad(f"an unexpected Special Card {e}")
            return
        seat, card = self.pending_reward.pop()[1]
        self.same("Special Card gained", (e.seat, e.card), (seat, card))
        self.gained.append((seat, card))

    def on_CardDiscarded(self, e: Any, *_: Any) -> None:
        self.hand_change[e.seat] = self.hand_change.get(e.seat, 0) + 1
        if e.why == "setback":
            enc = self.pending_fail
            if enc is None or enc.seat != e.seat:
                self.bad(f"a setback discard {e} with no failure")
                return
            enc.setback_discards += 1
        elif e.why == "boost" and self.enc is not None and self.enc.seat == e.seat:
            self.enc.boost_discards += 1

    def on_EncounterFailed(self, e: Any, *_: Any) -> None:
        enc = self.enc
        self.count("failures")
        if enc is None or enc.card != e.card or enc.passed is not False:
            self.bad(f"failed {e.card} without a failed check ({enc})")
            return
        self.same(f"Expelliarmus on failing {e.card}", e.ignored, enc.expelliarmus)
        enc.failed = True
        self.pending_fail = enc
        self.enc = None

    def after_apply(self, before: Any) -> None:
        s = self.state
        if self.pending_reward and not self.optional_reward:
            self.bad(f"the reward {self.pending_reward} was not given")
        self.pending_reward = []
        self.optional_reward = False
        if self.track >= 500 and not self.ending and not self.ended:
            self.bad(f"the token is at {self.track} and the end was not announced")
            self.ending = True
        fail = self.pending_fail
        if fail is not None and not any(t.kind == "encounter" and t.seat == fail.seat for t in s.tasks):
            self.settle_failure(fail)
            self.pending_fail = None
        for seat, card in self.boost_cards:
            self.count("boost cards discarded")
            if card not in s.discard or card in s.players[seat].hand:
                self.bad(f"the boost card {card} is not on the discard pile")
        for _seat, card, cell in self.won:
            if s.board.get(cell) == card:
                self.bad(f"the completed {card} is still on {cell}")
        for seat, card in self.gained:
            if card not in s.players[seat].specials_up:
                self.bad(f"the Special Card {card} gained is not face up ({s.players[seat]})")
        for seat, player in enumerate(s.players):
            self.same(f"abilities of {seat}", player.abilities, self.abilities[seat])
            self.same(f"VP of {seat}", player.vp, self.vp[seat])
            self.same(f"completed of {seat}", player.completed, self.completed[seat])
        self.same("track", s.track, self.track)
        self.same("year", s.year, self.year)
        result = self.game.result(s)
        if self.ended:
            self.count("results")
            if result is None:
                self.bad("no result after the end")
            else:
                self.same("result scores", result.scores, tuple(self.vp))
        elif result is not None:
            self.bad(f"a result {result} before the end")

    def settle_failure(self, enc: Encounter) -> None:
        s = self.state
        self.count("setbacks settled")
        player = s.players[enc.seat]
        self.same(f"{enc.card} still face up on {enc.cell} after failing it", s.board.get(enc.cell), enc.card)
        if enc.expelliarmus:
            self.same("setback discards after Expelliarmus", enc.setback_discards, 0)
            self.same("cell after Expelliarmus", player.cell, enc.cell)
            return
        hand_at_failure = enc.hand_before - enc.boost_discards
        self.same(
            f"setback discards (hand {hand_at_failure} at the failure)", enc.setback_discards, min(1, hand_at_failure)
        )
        if CARDS[enc.card].hospital:
            self.same(f"cell after failing Hospital card {enc.card}", player.cell, HOSPITAL_WING)
        elif enc.came_from:
            self.same(f"cell after failing {enc.card} (entered from {enc.came_from})", player.cell, enc.came_from)
        else:
            free = [c for c in ADJACENT[enc.cell] if c not in s.board]
            if free:
                if player.cell not in free:
                    self.bad(f"retreated to {player.cell} from {enc.cell}, not one of {free}")
            else:
                self.same(f"cell after failing {enc.card} with nowhere to go", player.cell, enc.cell)


def force_tie(state: Any, rng: Rng) -> str:
    """Give the leader's VP to a second (or every) player and make the tie-breaks close: the same completed cards
    by Year, then one Year or the highest ability told apart, or nothing (a shared win)."""
    players = state.players
    seats = list(range(len(players)))
    rng.shuffle(seats)
    tied = seats[: 2 + rng.below(len(seats) - 1)]
    top = max(p.vp for p in players)
    first = players[tied[0]]
    way = ("shared", "ability", "year5", "year_low", "years_order")[rng.below(5)]
    for seat in tied:
        players[seat].vp = top
        players[seat].completed = list(first.completed)
        players[seat].abilities = dict(first.abilities)
    other = players[tied[1]]
    if way == "ability":
        best = max(other.abilities, key=lambda a: other.abilities[a])
        other.abilities[best] = max(0, other.abilities[best] - 1 - rng.below(2))
    elif way == "year5":
        other.completed.append("Y5-17")
    elif way == "year_low":  # the same cards but one: a Year 1 card against a Year 2 card
        other.completed = [c for c in other.completed if not c.startswith("Y2")] + ["Y1-01", "Y2-01"]
        first.completed = [c for c in first.completed if not c.startswith("Y2")] + ["Y2-01", "Y2-02"]
    elif way == "years_order":  # more Year 4 cards against one more Year 5 card
        other.completed = [*other.completed, "Y4-01", "Y4-02", "Y4-03"]
        first.completed = [*first.completed, "Y5-01"]
    return way


def play_checked(
    game: Game[Any, Any],
    players: int,
    seed: int,
    bot_ids: list[str],
    max_commands: int = 20000,
    ties: bool = False,
    jumps: bool = False,
    no_specials: bool = False,
) -> Checker:
    """One game played by ``bot_ids`` (one per seat), every command followed by the independent model.

    Situations the bots rarely make are made by hand, the model told of it (``resync``): ``ties`` sets a tie at
    the top just before the game ends; ``jumps`` adds 100-250 VP to a scorer during step 3 now and then (several
    New Years at once, 500 before Year 5); ``no_specials`` empties the Special deck at the start."""
    from tabletop.bots import make_bot

    state = game.setup(players, game.default_options(players), seed)
    if no_specials:
        state.special_deck.clear()
    checker = Checker(game, state)
    bots = [make_bot(game, bot_id) for bot_id in bot_ids]
    rng = Rng.from_seed(seed * 7919 + 1)
    jumped = 0
    for _ in range(max_commands):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        checker.before(seat, list(view.legal))
        command = bots[seat].choose(view, rng)
        if ties and (checker.ending or checker.year == 5):
            trial = copy.deepcopy(state)
            if any(type(e).__name__ == "GameEnded" for e in game.apply(trial, command)):
                tied = copy.deepcopy(state)
                way = force_tie(tied, rng)
                try:  # the changed abilities may refuse the command (a walk past): then no tie
                    game.apply(copy.deepcopy(tied), command)
                except IllegalCommand:
                    way = ""
                if way:
                    checker.count("tie " + way)
                    state = checker.state = tied
                    checker.resync()
        if jumps and state.step == 3 and state.scored and jumped < 3 and not checker.ending and rng.below(4) == 0:
            jumped += 1
            gain = min(100 + rng.below(151), 499 - state.track)
            state.players[seat].vp += gain
            state.track += gain
            checker.count("jumps")
            checker.resync()
        checker.apply(command)
    else:
        checker.bad("the game did not end")
    if not checker.ended:
        checker.bad("no GameEnded event")
    return checker


# --- the tests -------------------------------------------------------------------------------------------------

GAME = GAMES["house-cup-challenge"]


def _report(checker: Checker) -> str:
    return "\n".join(checker.problems[:10])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "medium"])
def test_the_engine_agrees_with_the_independent_model(players: int, bot: str) -> None:
    """Every Test, reward, setback, New Year, stalemate and end of a few games decided as the rules say."""
    points: dict[str, int] = {}
    for seed in range(5):
        checker = play_checked(GAME, players, seed, [bot] * players)
        assert not checker.problems, _report(checker)
        for kind, count in checker.points.items():
            points[kind] = points.get(kind, 0) + count
    assert points["checks"] > 50 and points["successes"] > 30 and points["game ends"] == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ties_year_jumps_and_an_empty_special_deck(players: int) -> None:
    """The tie-breaks (Year 5 down to Year 1, the highest ability, a shared win), several New Years in one round,
    500 reached before Year 5, and a Special reward with the Special deck empty."""
    points: dict[str, int] = {}
    for seed in range(6):
        for bot in ("random", "medium"):
            checker = play_checked(GAME, players, 100 + seed, [bot] * players, ties=True, jumps=True, no_specials=True)
            assert not checker.problems, _report(checker)
            for kind, count in checker.points.items():
                points[kind] = points.get(kind, 0) + count
    assert points.get("ties on VP", 0) >= 3
    assert points.get("several New Years at once", 0) >= 1
    assert points.get("Special deck empty", 0) >= 1
