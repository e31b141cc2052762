"""Stupéfix commands (what a seat asks) and events (what happened)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from tabletop.core.protocol import Command, Event

E = TypeVar("E", bound=Event)

# --- commands --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PrepareSpell(Command):
    """Phase 2: lay one of your spell cards face down ("stupefix" or "rate")."""

    spell: str


@dataclass(frozen=True)
class PointWand(Command):
    """Phase 3: point your wand at an adversary, or at nobody (``None``: too late at "three")."""

    target: int | None


@dataclass(frozen=True)
class CastSpell(Command):
    """Phase 4: cast the prepared card, or Protego instead."""

    protego: bool


@dataclass(frozen=True)
class TakeReward(Command):
    """Phase 6: take one reward of this kind from the middle of the table."""

    reward: str


@dataclass(frozen=True)
class ReturnRetard(Command):
    """Retourneur de Temps: give back a Retard token of ``owner`` (you or your teammate)."""

    owner: int


@dataclass(frozen=True)
class TakeStupefix(Command):
    """Cours Particuliers: take a face-up Stupéfix from the discard pile, or one of the face-down cards."""

    face_down: bool


COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls for cls in (PrepareSpell, PointWand, CastSpell, TakeReward, ReturnRetard, TakeStupefix)
}

# --- events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    rounds: int
    chouchou: int


@dataclass(frozen=True)
class RewardsRevealed(Event):
    IRREVERSIBLE = True
    rewards: tuple[str, ...]  # the eight drawn (Devenir le Chouchou joins them every round)
    deck_left: int


@dataclass(frozen=True)
class PhaseStarted(Event):
    phase: str  # "prepare", "target", "cast"


@dataclass(frozen=True)
class SpellPrepared(Event):
    """Told twice: with the card to its owner, without it to everyone else."""

    seat: int
    spell: str | None


@dataclass(frozen=True)
class WandPointed(Event):
    seat: int
    target: int | None


@dataclass(frozen=True)
class CastChosen(Event):
    """Told twice: the decision to its owner, only that it is made to the others."""

    seat: int
    protego: bool | None


@dataclass(frozen=True)
class SpellsRevealed(Event):
    """Everyone casts at once: per seat "stupefix", "rate" or "protego", the wands and the Stupéfix each took."""

    IRREVERSIBLE = True
    casts: tuple[str, ...]
    targets: tuple[int | None, ...]
    hits: tuple[int, ...]


@dataclass(frozen=True)
class FlagDown(Event):
    seat: int
    reason: str  # "protego" or "stunned"
    retard: int  # Retard tokens taken


@dataclass(frozen=True)
class DraftStarted(Event):
    order: tuple[int, ...]  # the standing players, in the order they choose


@dataclass(frozen=True)
class NobodyStanding(Event):
    discarded: tuple[str, ...]


@dataclass(frozen=True)
class RewardTaken(Event):
    seat: int
    reward: str
    forced: bool = False  # only one kind of reward left: nothing else to choose


@dataclass(frozen=True)
class LessonTaken(Event):
    """Cours Particuliers acts: the taker's Sort raté goes face up onto the discard pile (``discarded``; False
    with no Sort raté in hand), and a Stupéfix is taken from the discard pile.

    ``found``: "up" (a face-up Stupéfix taken), "down" (one from the face-down cards), "none" (no Stupéfix on
    the pile) or "choice" (face-up Stupéfix and face-down cards both lie there: the taker looks through the
    face-down cards alone and chooses, see ``StupefixChosen``). Told to everyone, and never whose face-down card
    it was: the face-down cards are nobody's once in the pile. It cannot be undone: the search looked at the
    face-down cards (taking back the command would leave a free peek at them).
    """

    IRREVERSIBLE = True
    seat: int
    discarded: bool
    found: str


@dataclass(frozen=True)
class StupefixChosen(Event):
    """Cours Particuliers, after the search: the taker chose a face-up Stupéfix or a face-down one."""

    IRREVERSIBLE = True
    seat: int
    face_down: bool


@dataclass(frozen=True)
class RetardReturned(Event):
    seat: int  # who gave it back
    owner: int  # whose token it was
    reason: str  # "retourneur" or "chouchou"
    forced: bool = False


@dataclass(frozen=True)
class NoRetardToReturn(Event):
    seat: int
    reason: str


@dataclass(frozen=True)
class ChouchouTaken(Event):
    seat: int
    last: bool = False  # taken in the last round: no round follows for the tile to run


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int
    house_points: tuple[tuple[str, int], ...]  # Points put in each house's urn this round


@dataclass(frozen=True)
class PotionsMaster(Event):
    seat: int | None  # None: a tie for the most, nobody wins it
    potions: int


@dataclass(frozen=True)
class Latecomers(Event):
    seats: tuple[int, ...]  # empty: everyone has the same number of Retard tokens
    retard: int


@dataclass(frozen=True)
class GameEnded(Event):
    house_scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


# --- events told at nearly every step, built once ------------------------------------------------------------
# Events are frozen and compared by value, so one instance serves every game; building them was a good part of
# a step's time. (``typed``: True and 1 are different fields.)


@lru_cache(maxsize=None, typed=True)
def shared(kind: Callable[..., E], *fields: object) -> E:
    """The event ``kind(*fields)``."""
    return kind(*fields)


@lru_cache(maxsize=None, typed=True)
def told_apart(kind: Callable[..., E], players: int, seat: int, choice: object) -> tuple[E, E]:
    """A secret choice, told twice: in full to its owner, and only as made to everyone else."""
    others = tuple([other for other in range(players) if other != seat])
    return kind(seat, choice, to=(seat,)), kind(seat, None, to=others)
