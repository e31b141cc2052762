"""The House Cup Challenge state: the whole table, including what some seats may not see.

Hidden: each hand (others see its size), the order of the Adventure draw pile and of the Special deck, and
the random generator. Everything else lies face up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tabletop.core.rng import Rng

TaskKind = Literal["action", "who", "bonus_draw", "encounter", "token", "feast", "holiday", "cleanup", "place", "limit"]
# An encounter's steps: announcing boosts, then (after the roll of abilities) the choices a failure offers and
# the steps the flow passes through on its own ("checked", "failed", "no_fawkes", "setback", "retreat_check").
EncounterPhase = Literal[
    "",
    "boost",
    "checked",
    "failed",
    "fawkes",
    "no_fawkes",
    "expelliarmus",
    "setback",
    "discard",
    "retreat",
    "retreat_check",
]
ActionExtra = Literal["", "time", "bonus"]  # the step's action, a Time-Turner action, the Wand Bonus action
WandToken = Literal["", "up", "down"]  # the Wand Bonus Token of a 2-player game ("" with more players)
EndReason = Literal["", "500", "stalemate"]


@dataclass
class Player:
    character: str
    cell: str
    abilities: dict[str, int]  # "K", "S", "H" -> 0..10
    vp: int = 0
    hand: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    specials_up: list[str] = field(default_factory=list)
    specials_down: list[str] = field(default_factory=list)
    wand_token: WandToken = ""
    harry_used: bool = False  # Harry's bypass, once per round


@dataclass
class Task:
    """A decision or a piece of work waiting on the stack (the last task is resolved first).

    kind:
    - ``action``: ``seat`` takes one action; ``extra`` is "" (the step's action), "time" (a Time-Turner action:
      no Special Card) or "bonus" (the Wand Bonus Token's extra action); ``chosen`` once the action is under way.
    - ``who``: ``seat`` chooses which character on ``cell`` encounters the card just played (the seats in
      ``seats``); ``bonus`` when it was played to another space (3 cards are drawn afterwards).
    - ``bonus_draw``: ``seat`` draws the 3 bonus cards for playing to another space.
    - ``encounter``: ``seat``'s character encounters the card on ``cell``; ``came_from`` is the space it entered
      from ("" when the card was played onto it); ``phase`` is where the encounter stands (``EncounterPhase``:
      the choices "boost", "fawkes", "expelliarmus", "discard", "retreat", and the flow's own steps);
      ``boosts`` the announced bonuses; ``used`` the hand cards discarded to boost; ``retried`` after Fawkes.
    - ``token``: ``seat`` may flip the Wand Bonus Token for an extra action.
    - ``feast``: ``seat`` raises one ability by 1 (New Year).
    - ``holiday``: ``seat`` may swap hand cards (New Year); ``used`` counts the cards discarded so far.
    - ``cleanup``: the New Year's last activities, done by the Prefect: used [Free] Special Cards come back face up
      ([Action] cards wait for the Wand, see ``effects.refresh_free_specials``), then face-up cards two Years old
      leave the board.
    - ``place``: ``seat`` (the Wand holder) puts the revealed ``card`` on one of ``options``.
    - ``limit``: ``seat`` discards down to the hand limit.
    """

    kind: TaskKind
    seat: int
    card: str = ""
    cell: str = ""
    came_from: str = ""
    options: list[str] = field(default_factory=list)  # cells: where to place a card, or to retreat
    seats: list[int] = field(default_factory=list)  # the characters who may encounter (``who``)
    phase: EncounterPhase = ""
    boosts: dict[str, int] = field(default_factory=dict)
    used: int = 0
    retried: bool = False
    extra: ActionExtra = ""
    chosen: bool = False
    bonus: bool = False


@dataclass
class ChallengeState:
    players: list[Player]
    rng: Rng
    wand: int
    prefect: int
    year_decks: dict[int, list[str]]  # Years still set aside (face up), by Year
    draw: list[str]  # the Adventure Deck, top at the end
    discard: list[str]
    board: dict[str, str]  # cell -> its face-up Adventure Card
    special_deck: list[str]  # face down, top at the end
    aside: list[str] = field(default_factory=list)  # cards step 5 could not place, discarded when it ends
    year: int = 1
    track: int = 0  # the Gryffindor Token: all VP plus stalemate points
    stalemate_points: int = 0
    round: int = 1
    step: int = 5  # the step of the round (1-6); setup starts with step 5 once
    setup: bool = True  # the first step 5, before round 1
    acted: int = 0  # players who have taken (or are taking) their action in this action step
    tasks: list[Task] = field(default_factory=list)
    scored: bool = False  # someone gained VP this round
    dry_rounds: int = 0  # rounds in a row without VP, since the last stalemate
    ending: bool = False  # the token reached 500: the action steps finish, then the game ends
    over: bool = False
    end_reason: EndReason = ""

    @property
    def count(self) -> int:
        return len(self.players)

    def occupants(self, cell: str) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.cell == cell]

    def order_from_wand(self) -> list[int]:
        return [(self.wand + step) % self.count for step in range(self.count)]
