"""The That's Wizard! state: the whole table, including what some seats may not see.

Seats: in 1 vs 1 seat 0 plays the blue deck and seat 1 the yellow one. In Duos the teams are the even seats
(blue: 0 and 2) and the odd seats (yellow: 1 and 3); the first set pairs 0-1 and 2-3, the second 0-3 and 2-1.
Each team (each player in 1 vs 1) builds from its own deck of cards; ``library`` holds, per deck, the spells
that are in no spellbook (the "deck of spells" Scry draws from).

A round runs through ``stage``: ``sideboard`` (before each duel or set) -> ``choose`` (secret, simultaneous) ->
``pay`` -> ``fix`` (countering and reversal decided) -> ``order`` (ties rolled off and chosen) -> ``turns`` ->
``eor`` (end-of-round effects) -> ``cleanup`` -> the next round's ``choose``. ``between`` is a finished duel or
set waiting to start the next; ``pairing`` the sudden-death set's pairing choice; ``over`` the end of the match.
A waiting ``prompt`` (a choice at resolution) or ``batch`` (simultaneous Stamina changes waiting for an order)
pauses the stage until its player answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tabletop.core.rng import Rng
from tabletop.games.thats_wizard.cards import MAX_POWER, MAX_STAMINA

# The closed sets of words the state holds; the codec refuses any other value when a save or a view is read.
Stage = Literal["sideboard", "choose", "pay", "fix", "order", "turns", "eor", "cleanup", "between", "pairing", "over"]
PromptKind = Literal[
    "tie", "team", "eor_place", "eor_next", "dispel", "erase", "transfer", "scry", "shock", "lethal", "pairing", "draw"
]
HitKind = Literal["damage", "fatigue", "plain"]
TieStep = Literal["roll", "block", "team", "done"]
TurnStep = Literal["effect", "after"]
ReversedBy = Literal["", "reflect", "confusion"]
Ending = Literal["", "draw"]
WIN_TARGETS = {2: 2, 4: 3}  # by player count: the duels a player (1 vs 1) or a team (Duos) must win


@dataclass
class Choice:
    """A secret pick: a card and a dial, or a pass (a plain one, or a card shown with a dial it cannot take)."""

    card: str | None
    dial: int | None
    passed: bool


@dataclass
class Wizard:
    hand: list[str]
    side: list[str] = field(default_factory=list)  # the secret side board of this duel
    stamina: int = MAX_STAMINA
    power: int = MAX_POWER
    dueling: bool = True
    streak: int = 0  # rounds just before this one in which a Counterspell was legally played
    borrowed: str | None = None  # the spell kept with Scry this duel
    scry_away: bool = False  # Scry lies in the deck of spells until the duel ends
    focus_blocked: bool = False  # a Levitate this round: Focus gives no Power
    choice: Choice | None = None
    seen: list[str] = field(default_factory=list)  # spells this wizard has shown this match (public)
    shown: list[str] = field(default_factory=list)  # spells shown this duel (so not in the side board)
    low: int = MAX_STAMINA  # the lowest Stamina this wizard has had this duel
    low_round: int = 0  # the round of this duel in which it was reached (0: not yet below 20)
    offered: int = 0  # the round of this duel in which this wizard last offered a draw (0: never)


@dataclass
class Play:
    """A revealed card. ``legal`` False is an illegal play (or a pass): no cost, no turn."""

    seat: int
    card: str | None
    dial: int | None
    legal: bool
    reason: str = ""
    cost: int = 0
    countered: bool = False
    reversed: bool = False
    reversed_by: ReversedBy = ""
    cast: bool = False
    on_table: bool = False  # the card lies revealed on the table (from the reveal to clean-up)
    targets: list[int] = field(default_factory=list)  # whom a cast lasting spell reaches
    under: list[str] = field(default_factory=list)  # Erase Memory: the cards it took this round


@dataclass
class Lasting:
    """A lasting spell in play. It lies by ``targets[0]``; ``under`` holds the cards an Erase Memory took."""

    owner: int
    card: str
    targets: list[int]
    tokens: int
    dial: int
    reversed: bool
    round: int
    under: list[str] = field(default_factory=list)


@dataclass
class Hit:
    """One amount of a simultaneous batch: "plain" is Counterspell's cost."""

    seat: int
    amount: int
    kind: HitKind
    source: str
    by: int


@dataclass
class Prompt:
    """A choice the rules wait for. ``values`` / ``cards`` hold its options where they are not derived.

    A draw offer ("draw") waits for each other wizard in turn: ``target`` made it, ``seat`` answers now and
    ``values`` are those who answer after them."""

    kind: PromptKind
    seat: int
    target: int = -1
    count: int = 0
    values: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


@dataclass
class Tie:
    """Plays with the same dial, being put in order: rolled off between teams, then ordered within a team."""

    seats: list[int]
    step: TieStep = "roll"  # "block": the roll winner chooses; "team": allies choose
    winner: int = -1
    ordered: list[int] = field(default_factory=list)  # teams whose allies have chosen their order


@dataclass
class ThatsWizardState:
    players: int
    books: list[list[str]]
    rng: Rng
    wizards: list[Wizard]
    library: list[list[str]]
    tokens: list[int]  # victory tokens per team
    pairs: list[list[int]]
    duel: int = 1  # the duel (1 vs 1) or the set (Duos)
    round: int = 0
    stage: Stage = "sideboard"
    plays: list[Play] = field(default_factory=list)
    last_plays: list[Play] = field(default_factory=list)
    paralyzed: list[int] = field(default_factory=list)
    lasting: list[Lasting] = field(default_factory=list)
    ties: list[Tie] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    turn: int = 0
    turn_step: TurnStep = "effect"  # "after": Silence, then the next turn
    batch: list[Hit] = field(default_factory=list)
    batch_chooser: int = -1
    prompt: Prompt | None = None
    scry_cards: list[str] = field(default_factory=list)
    eor_slots: list[int] = field(default_factory=list)
    eor_pickers: list[int] = field(default_factory=list)
    eor_index: int = 0
    eor_done: list[str] = field(default_factory=list)  # "seat:effect" applied this round
    eor_started: bool = False
    duel_winners: list[int] = field(default_factory=list)  # the winning seat of every finished duel, in order
    duel_losers: list[int] = field(default_factory=list)  # and the losing seat
    ending: Ending = ""  # "draw": the match ended in a draw everyone agreed to

    @property
    def duos(self) -> bool:
        return self.players == 4

    @property
    def win_target(self) -> int:
        return WIN_TARGETS[self.players]

    def team(self, seat: int) -> int:
        return seat % 2

    def ally(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.duos else None

    def deck(self, seat: int) -> int:
        """The deck a seat builds from: its own in 1 vs 1, its team's in Duos."""
        return seat % 2 if self.duos else seat

    def opponent(self, seat: int) -> int | None:
        for a, b in self.pairs:
            if seat == a:
                return b
            if seat == b:
                return a
        return None

    def play_of(self, seat: int) -> Play | None:
        for play in self.plays:
            if play.seat == seat:
                return play
        return None

    def seats_of_team(self, team: int) -> list[int]:
        return [seat for seat in range(self.players) if seat % 2 == team]
