"""House Cup Challenge commands (what a seat asks) and events (what happened)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, TypeVar

from tabletop.core.protocol import Command, Event

T = TypeVar("T", Command, Event)

# --- commands: the five actions (and passing) -------------------------------------------------------------


@dataclass(frozen=True)
class Pass(Command):
    """Spend the action doing nothing (the same as moving 0 spaces)."""


@dataclass(frozen=True)
class DrawCards(Command):
    """Draw 2 cards from the Adventure Deck (Hermione draws 3)."""


@dataclass(frozen=True)
class Move(Command):
    """Move up to 3 spaces along ``path`` (the cells entered, in order).

    ``bypass`` says, for each entered cell holding a face-up card, in order, how you walk past it: "able" (you
    pass its Test), "harry" (Harry's once-per-round ability) or "cloak" (the Invisibility Cloak). When it has one
    entry fewer than the cards entered, you encounter the card on the last cell.
    """

    path: tuple[str, ...]
    bypass: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayHere(Command):
    """Play a card from your hand onto your own space."""

    card: str


@dataclass(frozen=True)
class PlayThere(Command):
    """Play a card from your hand onto another space, then draw 3 cards."""

    card: str
    cell: str


@dataclass(frozen=True)
class UseSpecial(Command):
    """Use an [Action] Special Card: ``path``/``bypass`` for the Map and the Nimbus, ``cell`` for the Firebolt,
    the Floo Powder and Accio! (with ``bypass`` for an arrival on a card), ``other`` for the Polyjuice Potion."""

    card: str
    path: tuple[str, ...] = ()
    bypass: tuple[str, ...] = ()
    cell: str = ""
    other: int = -1


# --- commands: choices inside an action or a step -----------------------------------------------------------


@dataclass(frozen=True)
class ChooseEncounterer(Command):
    """Which character on the space encounters the card just played."""

    target: int


@dataclass(frozen=True)
class Boost(Command):
    """Discard a hand card (+1 to ``ability``, +2 for Ron) or flip a [Free] bonus Special Card."""

    card: str
    ability: str


@dataclass(frozen=True)
class Check(Command):
    """Boosts announced: check the Test again."""


@dataclass(frozen=True)
class UseFree(Command):
    """Flip Fawkes the Phoenix (a retry) or Expelliarmus (no setback) after a failed encounter."""

    card: str


@dataclass(frozen=True)
class Decline(Command):
    """Do not flip the Special Card offered now."""


@dataclass(frozen=True)
class Discard(Command):
    """Discard a hand card: the setback's discard, or down to the hand limit."""

    card: str


@dataclass(frozen=True)
class Retreat(Command):
    """After a setback with no space to go back to: the connected space to go to."""

    cell: str


@dataclass(frozen=True)
class PlaceCard(Command):
    """Step 5: the space for the Adventure Card just revealed."""

    cell: str


@dataclass(frozen=True)
class Feast(Command):
    """End-of-year feast: the ability to raise by 1."""

    ability: str


@dataclass(frozen=True)
class Swap(Command):
    """Summer holidays: discard this card; as many are drawn when you are done."""

    card: str


@dataclass(frozen=True)
class Done(Command):
    """Summer holidays: no more cards to swap."""


@dataclass(frozen=True)
class WandBonus(Command):
    """Flip the Wand Bonus Token for one extra action now (``use``), or keep it."""

    use: bool


COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        Pass,
        DrawCards,
        Move,
        PlayHere,
        PlayThere,
        UseSpecial,
        ChooseEncounterer,
        Boost,
        Check,
        UseFree,
        Decline,
        Discard,
        Retreat,
        PlaceCard,
        Feast,
        Swap,
        Done,
        WandBonus,
    )
}

# kind -> its fields -> the instance (a table per kind: the fields' tuple, as ``shared`` receives it, is the key).
_SHARED: defaultdict[type, dict[tuple[Any, ...], Any]] = defaultdict(dict)


def shared(kind: type[T], *fields: Any) -> T:
    """The one instance of the command or event ``kind(*fields)``, made on first use.

    Commands and events are frozen values, so the legal lists and the events of every step hand out the same
    few thousand instances (the kinds shared have bounded fields: seats, cells, cards, paths of a few cells)
    instead of making each anew: a frozen dataclass's ``__init__`` cost more than all the rest of ``legal``."""
    known = _SHARED[kind]
    made = known.get(fields)
    if made is None:
        made = known[fields] = kind(*fields)
    return made


# --- events --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStarted(Event):
    characters: tuple[str, ...]
    wand: int
    prefect: int
    hand_size: int


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    wand: int
    year: int


@dataclass(frozen=True)
class StepStarted(Event):
    step: int


@dataclass(frozen=True)
class ActionStarted(Event):
    seat: int
    step: int
    extra: str


@dataclass(frozen=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Told twice: with the cards to the drawer, with only their number to the others."""

    IRREVERSIBLE = True
    seat: int
    cards: tuple[str, ...] | None
    count: int
    wanted: int
    why: str  # "draw", "bonus", "reward", "hedwig", "holiday", "special_empty"

    def irreversible(self) -> bool:
        return self.count > 0  # with both piles empty nothing is drawn: taking that back shows nothing


@dataclass(frozen=True)
class Reshuffled(Event):
    IRREVERSIBLE = True
    count: int


@dataclass(frozen=True)
class Moved(Event):
    seat: int
    path: tuple[str, ...]
    how: str  # "move", "map", "nimbus", "firebolt", "floo", "retreat", "hospital", "polyjuice"
    start: str = ""  # a walk's first space (the log tells the walk from it); "" for a jump


@dataclass(frozen=True)
class WalkedPast(Event):
    seat: int
    card: str
    cell: str
    way: str  # "able", "harry", "cloak", "map"


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: str
    cell: str


@dataclass(frozen=True)
class EncounterStarted(Event):
    seat: int
    card: str
    cell: str


@dataclass(frozen=True)
class Boosted(Event):
    seat: int
    card: str
    ability: str
    amount: int


@dataclass(frozen=True)
class TestChecked(Event):
    seat: int
    card: str
    values: tuple[tuple[str, int], ...]  # each tested ability with every bonus counted
    passed: bool
    attempt: str  # "first", "boosted", "unboosted" (the second check, no boost announced), "fawkes"


@dataclass(frozen=True)
class AdventureCompleted(Event):
    seat: int
    card: str
    vp: int
    track: int


@dataclass(frozen=True)
class AbilityRaised(Event):
    seat: int
    ability: str
    amount: int
    value: int
    why: str  # "reward", "feast"


@dataclass(frozen=True)
class SpecialGained(Event):
    IRREVERSIBLE = True
    seat: int
    card: str


@dataclass(frozen=True)
class SpecialFlipped(Event):
    seat: int
    card: str


@dataclass(frozen=True)
class EncounterFailed(Event):
    seat: int
    card: str
    ignored: bool  # Expelliarmus


@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    card: str
    why: str  # "boost", "setback", "limit", "holiday"


@dataclass(frozen=True)
class CardTaken(Event):
    """Accio!: a face-up card goes into a hand."""

    seat: int
    card: str
    cell: str


@dataclass(frozen=True)
class Swapped(Event):
    seat: int
    other: int


@dataclass(frozen=True)
class CardRevealed(Event):
    IRREVERSIBLE = True
    seat: int
    card: str
    placeable: bool


@dataclass(frozen=True)
class CardPlaced(Event):
    seat: int
    card: str
    cell: str


@dataclass(frozen=True)
class AsideDiscarded(Event):
    cards: tuple[str, ...]


@dataclass(frozen=True)
class NewYear(Event):
    IRREVERSIBLE = True
    year: int
    added: int


@dataclass(frozen=True)
class SpecialsRefreshed(Event):
    seat: int
    cards: tuple[str, ...]
    token: bool


@dataclass(frozen=True)
class BoardCleaned(Event):
    cards: tuple[tuple[str, str], ...]  # (cell, card)


@dataclass(frozen=True)
class WandPassed(Event):
    seat: int


@dataclass(frozen=True)
class TokenFlipped(Event):
    seat: int


@dataclass(frozen=True)
class Stalemate(Event):
    year: int
    points: int
    track: int


@dataclass(frozen=True)
class EndReached(Event):
    """The Gryffindor Token reached 500: the round's action steps are played out, then the game ends."""

    track: int


@dataclass(frozen=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
