"""The Stupéfix state: everything on the table, including what some seats may not see.

Hidden from others: each player's spell cards in hand, the card they prepared (until it is cast, and for ever if
they cast Protego instead), their Cast/Protego decision until everyone has decided, the kinds of the face-down
discarded spell cards, and the order of the reward deck.

The face-down discards are nobody's once they lie in the pile: ``face_down`` keeps their kinds only, so when
Cours Particuliers takes a Stupéfix from them nothing can tell whose card it was, not even to the player who
laid it. What each player laid face down stays in ``laid_down`` (their own knowledge, never shrinking).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tabletop.core.rng import Rng

Phase = Literal["prepare", "target", "cast", "draft", "over"]
TaskKind = Literal["retourneur", "cours"]


@dataclass
class SpellDiscard:
    """One spell card lying face up on the discard pile: its kind and who laid it."""

    kind: str
    owner: int


@dataclass
class Task:
    """A choice the draft waits for: ``retourneur`` (which Retard token of the house goes back) or ``cours``
    (Cours Particuliers: a face-up Stupéfix, or one of the face-down cards)."""

    kind: TaskKind
    seat: int


@dataclass
class StupefixState:
    houses: list[str]  # each seat's house
    rng: Rng
    chouchou: int  # who holds the Chouchou tile
    hands: list[list[str]]  # spell cards in hand ("stupefix" / "rate")
    start_stupefix: list[int]  # each seat's Stupéfix at the start (3, or 2 with the handicap)
    retard: list[int]
    deck: list[str]  # reward kinds; the top of the deck is the end of the list
    round: int = 1
    phase: Phase = "prepare"
    row: list[str] = field(default_factory=list)  # rewards on offer (Devenir le Chouchou included)
    reward_discard: list[str] = field(default_factory=list)
    prepared: list[str | None] = field(default_factory=list)  # None: not yet, or no spell card to prepare
    targets: list[int | None] = field(default_factory=list)
    pointed: list[bool] = field(default_factory=list)
    protego: list[bool | None] = field(default_factory=list)  # the phase-4 decision, None until made
    casts: list[str] = field(default_factory=list)  # what each seat cast ("" before the reveal; "none": no card)
    hits: list[int] = field(default_factory=list)  # Stupéfix that struck each seat this round
    standing: list[bool] = field(default_factory=list)  # the flags
    spell_discard: list[SpellDiscard] = field(default_factory=list)  # the face-up spell cards
    face_down: list[str] = field(default_factory=list)  # the face-down spell cards: kinds only, sorted, nobody's
    laid_down: list[list[str]] = field(default_factory=list)  # per seat: the kinds it laid face down, sorted
    shown_stupefix: list[int] = field(default_factory=list)  # per seat: its Stupéfix discarded face up
    gained_stupefix: list[int] = field(default_factory=list)  # per seat: Stupéfix Cours Particuliers gave it
    down_taken: int = 0  # face-down Stupéfix taken by Cours Particuliers
    potions: list[int] = field(default_factory=list)
    faveurs: list[int] = field(default_factory=list)
    round_points: list[list[int]] = field(default_factory=list)  # Points taken this round, not yet in the urn
    urns: dict[str, list[str]] = field(default_factory=dict)  # house -> cards in its urn
    draft_order: list[int] = field(default_factory=list)
    draft_index: int = 0
    chouchou_card: int | None = None  # who took Devenir le Chouchou this round
    tasks: list[Task] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.houses)

    def teammates(self, seat: int) -> list[int]:
        """The seat and its teammates, in seat order."""
        house = self.houses[seat]
        return [other for other, h in enumerate(self.houses) if h == house]

    def is_adversary(self, seat: int, other: int) -> bool:
        return self.houses[seat] != self.houses[other]

    def drafter(self) -> int | None:
        if self.phase != "draft" or not self.draft_order:
            return None
        return self.draft_order[self.draft_index % len(self.draft_order)]
