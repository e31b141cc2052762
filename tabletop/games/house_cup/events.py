"""House Cup commands (what a seat asks) and events (what happened)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.protocol import Command, Event

RewardReason = Literal["nothing", "letter", "hagrid", "cauldron"]
DiscardReason = Literal["trouble", "cauldron"]

# --- commands --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceToken(Command):
    """Put one of your choice tokens, face down, under a day of the timetable."""

    day: int
    value: int


@dataclass(frozen=True)
class TakeCard(Command):
    """Take one card from the day being resolved."""

    card: str


@dataclass(frozen=True)
class DiscardCard(Command):
    """Trouble: discard one of your other cards."""

    card: str


@dataclass(frozen=True)
class GiveCard(Command):
    """You've Got a Letter!: give one of your cards (no letter symbol) to an opponent."""

    card: str
    to: int


@dataclass(frozen=True)
class CauldronDiscard(Command):
    """Magic Cauldron: discard a card for a reward token, or ``None`` to keep everything."""

    card: str | None


@dataclass(frozen=True)
class KeepCard(Command):
    """Help Searching for Points: keep one of the cards you looked at, or none (None): the card "lets you" keep
    one (the rulebook), and at the game's end one may cost points (Herbology without Earphones, a Trouble)."""

    card: str | None


@dataclass(frozen=True)
class ChooseFlywheelSet(Command):
    """Flywheel of Time: the set it joins at the end, or ``None`` for none."""

    set: str | None


COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (PlaceToken, TakeCard, DiscardCard, GiveCard, CauldronDiscard, KeepCard, ChooseFlywheelSet)
}

# --- events ----------------------------------------------------------------------------------------------
# The events told at almost every step (a token placed, a card taken, a token back, a day revealed, rewards) write
# their own ``__init__``, filling the fields in their order straight into the instance: a frozen dataclass's own
# sets each field through ``object.__setattr__``, twice as slow, and a search makes them by the hundred thousand.
# tests/test_house_cup_speed.py checks each against the one dataclasses would write.


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    rounds: int
    first: int


@dataclass(frozen=True)
class Dealt(Event):
    IRREVERSIBLE = True
    cards: tuple[str, ...]
    deck_left: int


@dataclass(frozen=True)
class TokenPlaced(Event):
    """Told twice: with its value to its owner, without it to everyone else."""

    seat: int
    day: int
    value: int | None

    def __init__(self, seat: int, day: int, value: int | None, *, to: tuple[int, ...] | None = None) -> None:
        vars(self).update(to=to, seat=seat, day=day, value=value)


@dataclass(frozen=True)
class TokensRevealed(Event):
    IRREVERSIBLE = True
    day: int
    tokens: tuple[tuple[int, int], ...]  # (seat, value), top of the stack first

    def __init__(self, day: int, tokens: tuple[tuple[int, int], ...], *, to: tuple[int, ...] | None = None) -> None:
        vars(self).update(to=to, day=day, tokens=tokens)


@dataclass(frozen=True)
class CardTaken(Event):
    seat: int
    card: str
    day: int

    def __init__(self, seat: int, card: str, day: int, *, to: tuple[int, ...] | None = None) -> None:
        vars(self).update(to=to, seat=seat, card=card, day=day)


@dataclass(frozen=True)
class RewardsTaken(Event):
    seat: int
    count: int
    wanted: int
    reason: RewardReason

    def __init__(
        self, seat: int, count: int, wanted: int, reason: RewardReason, *, to: tuple[int, ...] | None = None
    ) -> None:
        vars(self).update(to=to, seat=seat, count=count, wanted=wanted, reason=reason)


@dataclass(frozen=True)
class TokenReturned(Event):
    seat: int
    value: int

    def __init__(self, seat: int, value: int, *, to: tuple[int, ...] | None = None) -> None:
        vars(self).update(to=to, seat=seat, value=value)


@dataclass(frozen=True)
class InstantApplied(Event):
    """An IMMEDIATELY card's effect begins: told the moment the card is received, every time it is."""

    seat: int
    card: str


@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    card: str
    reason: DiscardReason
    forced: bool = False


@dataclass(frozen=True)
class NothingToDo(Event):
    seat: int
    card: str
    why: str


@dataclass(frozen=True)
class CardGiven(Event):
    seat: int
    to_seat: int
    card: str
    forced: bool = False


@dataclass(frozen=True)
class CardDrawn(Event):
    IRREVERSIBLE = True
    seat: int
    card: str | None


@dataclass(frozen=True)
class ShuffledBack(Event):
    IRREVERSIBLE = True
    seat: int
    card: str


@dataclass(frozen=True)
class CauldronPassed(Event):
    seat: int
    had_cards: bool


@dataclass(frozen=True)
class SearchLooked(Event):
    """Told twice: the cards to the searcher, only their number to the others."""

    IRREVERSIBLE = True
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class SearchKept(Event):
    seat: int
    card: str | None  # None: none kept, every card looked at discarded
    discarded: tuple[str, ...]


@dataclass(frozen=True)
class FlywheelChosen(Event):
    seat: int
    set: str | None


@dataclass(frozen=True)
class HatPassed(Event):
    to_seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
