"""The House Cup state: everything on the table, including what some seats may not see."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Literal

from tabletop.core.rng import Rng

Phase = Literal["place", "take", "end", "over"]
TaskKind = Literal["trouble", "letter", "cauldron", "search", "flywheel"]
EFFECT_TASKS: frozenset[TaskKind] = frozenset({"trouble", "letter", "cauldron"})


@dataclass
class PlacedToken:
    seat: int
    value: int
    revealed: bool = False


_value = attrgetter("value")


@dataclass
class Task:
    """A decision waiting on the stack (the last task is resolved first).

    kind: ``trouble`` / ``letter`` / ``cauldron`` (the IMMEDIATELY effect of ``cards[0]`` being applied, begun
    the moment the card was received; the cauldron's ``queue`` holds the seats still to decide, the letter's
    ``queue`` the number of reward tokens it gave: 1, or 0 from an empty supply), ``search`` (``cards`` looked
    at) or ``flywheel``.
    """

    kind: TaskKind
    seat: int
    cards: list[str] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)

    def actor(self) -> int:
        return self.queue[0] if self.kind == "cauldron" else self.seat


@dataclass
class HouseCupState:
    houses: list[str]
    rng: Rng
    rounds: int
    deck: list[str]  # the top of the deck is the end of the list
    discard: list[str]
    box: list[str]  # cards removed for a 2-3 player game
    days: list[list[str]]  # cards on Monday..Friday, in the order they were laid
    under: list[list[PlacedToken]]  # tokens under each day, top of the stack first
    held: list[list[int]]  # token values each seat still holds
    tableau: list[list[str]]
    rewards: list[int]
    supply: int
    first: int  # who holds the Sorting Hat
    round: int = 1
    phase: Phase = "place"
    deals: int = 0  # schedule updates done this round (1..4)
    turn: int = 0  # whose token placement it is
    placed: int = 0  # tokens placed in the current pass
    day: int = 0  # the day being taken
    take_left: int = 0  # cards the current taker still takes
    taken: int = 0  # cards the current taker has taken
    tasks: list[Task] = field(default_factory=list)
    end_step: int = 0
    flywheel_set: str | None = None

    @property
    def players(self) -> int:
        return len(self.houses)

    def current_taker(self) -> PlacedToken | None:
        """The next token to take from the day being resolved: lowest value, then highest in the stack."""
        stack = self.under[self.day]
        return min(stack, key=_value) if stack else None  # min keeps the first of equal values: the highest

    def resolving_cards(self) -> set[str]:
        """Cards whose IMMEDIATELY effect is being applied (a Trouble, a Letter, a Cauldron).

        They can be neither discarded nor given until their effect is done, so no effect is ever lost.
        """
        return {task.cards[0] for task in self.tasks if task.kind in EFFECT_TASKS}

    def owner_of(self, card: str) -> int | None:
        for seat, cards in enumerate(self.tableau):
            if card in cards:
                return seat
        return None
