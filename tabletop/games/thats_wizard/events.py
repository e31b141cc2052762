"""That's Wizard! commands (what a seat asks) and events (what happened)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeVar

from tabletop.core.protocol import Command, Event

E = TypeVar("E")

# --- commands --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseSideBoard(Command):
    """Before a duel: the two spells of your spellbook that sit out, face down."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Play(Command):
    """Your secret play this round: a card and the Spell Power your dial shows."""

    card: str
    dial: int


@dataclass(frozen=True)
class Pass(Command):
    """Pass on purpose. With a card and a dial it cannot take, it is the rulebook's deliberate illegal play:
    the card is revealed with that dial and does nothing. ``legal`` offers each card in hand once, at a dial it
    never shows (``cards.PASS_DIAL``); any other dial it cannot take is the same choice and is accepted too."""

    card: str | None = None
    dial: int | None = None


@dataclass(frozen=True)
class TakePlace(Command):
    """An order choice: 0 = first, 1 = second (a tie, a team's order); or a place in the end-of-round order."""

    place: int


@dataclass(frozen=True)
class ResolveNext(Command):
    """End of round: which of your own effects happens next ("focus" or the lasting card's id)."""

    effect: str


@dataclass(frozen=True)
class RemoveToken(Command):
    """Dispel: remove one lasting-effect token from this lasting spell."""

    owner: int
    card: str


@dataclass(frozen=True)
class TakeCards(Command):
    """Erase Memory: the cards you take from the hand you look at."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Transfer(Command):
    """Transference: how much Stamina you give your ally."""

    amount: int


@dataclass(frozen=True)
class KeepSpell(Command):
    """Scry: the spell you keep from those you looked at."""

    card: str


@dataclass(frozen=True)
class ApplyFirst(Command):
    """Several wizards would fall at once: whose Stamina loss is applied next."""

    target: int


@dataclass(frozen=True)
class ChoosePairing(Command):
    """The sudden-death set: who faces seat 0 (the rest follows)."""

    opponent: int


@dataclass(frozen=True)
class Concede(Command):
    """Give up your duel once it is stalled (the app's addition): your opponent wins it, as by a forfeit."""


@dataclass(frozen=True)
class OfferDraw(Command):
    """Offer to end the whole match as a draw once your duel is stalled (the app's addition). Every other wizard
    answers in turn; one refusal ends the offer."""


@dataclass(frozen=True)
class AnswerDraw(Command):
    """Accept or refuse the draw on offer."""

    accept: bool


COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        ChooseSideBoard,
        Play,
        Pass,
        TakePlace,
        ResolveNext,
        RemoveToken,
        TakeCards,
        Transfer,
        KeepSpell,
        ApplyFirst,
        ChoosePairing,
        Concede,
        OfferDraw,
        AnswerDraw,
    )
}

# --- events ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchBegan(Event):
    players: int
    win_target: int


@dataclass(frozen=True)
class DuelBegan(Event):
    duel: int  # the duel (1 vs 1) or the set (Duos)
    pairs: tuple[tuple[int, int], ...]
    sudden_death: bool = False


@dataclass(frozen=True)
class SideBoardChosen(Event):
    """Told twice: the cards to their owner, nothing to the others."""

    seat: int
    cards: tuple[str, ...] | None


@dataclass(frozen=True)
class RoundBegan(Event):
    round: int
    paralyzed: tuple[int, ...]


@dataclass(frozen=True)
class Ready(Event):
    """Told twice: the pick to its owner, only "ready" to the others."""

    seat: int
    card: str | None
    dial: int | None
    passed: bool


@dataclass(frozen=True)
class Shown:
    seat: int
    card: str | None
    dial: int | None
    legal: bool
    reason: str


@dataclass(frozen=True)
class Revealed(Event):
    IRREVERSIBLE = True
    plays: tuple[Shown, ...]


@dataclass(frozen=True)
class PowerPaid(Event):
    seat: int
    amount: int
    tax: int
    power: int


@dataclass(frozen=True)
class DiceRolled(Event):
    IRREVERSIBLE = True
    seats: tuple[int, ...]
    values: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class PlaceChosen(Event):
    seat: int
    place: int
    what: str  # "tie", "team", "eor_place", "shock"
    forced: bool = False


@dataclass(frozen=True)
class TurnOrder(Event):
    order: tuple[int, ...]


@dataclass(frozen=True)
class Countered(Event):
    seat: int
    victim: int
    card: str


@dataclass(frozen=True)
class Reversed(Event):
    seat: int
    card: str
    by: str  # "reflect" or "confusion"


@dataclass(frozen=True)
class SpellRead(Event):
    """A card's turn: read aloud with its numbers and targets."""

    seat: int
    card: str
    dial: int
    targets: tuple[int, ...]
    reversed: bool
    countered: bool


@dataclass(frozen=True)
class StaminaLost(Event):
    seat: int
    amount: int
    kind: str  # "damage", "fatigue", "plain"
    source: str
    by: int
    stamina: int
    bonus: int = 0


@dataclass(frozen=True)
class StaminaGained(Event):
    seat: int
    amount: int
    source: str
    by: int
    stamina: int


@dataclass(frozen=True)
class PowerChanged(Event):
    seat: int
    amount: int  # signed
    source: str
    by: int
    power: int
    blocked: bool = False  # Imprison: the gain did not happen


@dataclass(frozen=True)
class StaminaSwapped(Event):
    seat: int
    target: int
    stamina: tuple[int, int]


@dataclass(frozen=True)
class Fizzled(Event):
    """A spell that changed nothing: ``why`` is "stamina" or "power" (a test failed, ``value`` was too high),
    "no_tokens", "no_target", "reversed", "no_amount", "no_spells" or "in_play" (a lasting spell waiting)."""

    seat: int
    card: str
    target: int
    value: int
    why: str
    limit: int = 0


@dataclass(frozen=True)
class Forfeited(Event):
    seat: int
    card: str
    by: int


@dataclass(frozen=True)
class LastingPlaced(Event):
    owner: int
    card: str
    targets: tuple[int, ...]
    tokens: int


@dataclass(frozen=True)
class TokenRemoved(Event):
    owner: int
    card: str
    tokens: int
    by: int  # the Dispel's caster, or -1 in clean-up


@dataclass(frozen=True)
class LastingEnded(Event):
    owner: int
    card: str
    returned: tuple[str, ...]  # Erase Memory: the cards going back
    target: int


@dataclass(frozen=True)
class HandSeen(Event):
    """Erase Memory: only its caster sees the hand."""

    IRREVERSIBLE = True
    seat: int
    target: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardsTaken(Event):
    seat: int
    target: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ScryLooked(Event):
    """Told twice: the spells to the caster, only their number to the others."""

    IRREVERSIBLE = True
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class ScryKept(Event):
    """Told twice: the spell to the caster, nothing to the others."""

    seat: int
    card: str | None


@dataclass(frozen=True)
class Focused(Event):
    seat: int
    power: int
    blocked: str  # "", "levitate" or "imprison"


@dataclass(frozen=True)
class DuelWon(Event):
    winner: int
    loser: int
    how: Literal["stamina", "forfeit", "concede"]
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class MatchWon(Event):
    team: int
    winners: tuple[int, ...]
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class PairingChosen(Event):
    seat: int
    pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Conceded(Event):
    """A stalled duel given up. Final: a concession cannot be taken back."""

    IRREVERSIBLE = True
    seat: int


@dataclass(frozen=True)
class DrawOffered(Event):
    seat: int
    asked: tuple[int, ...]  # who must accept, in the order they answer


@dataclass(frozen=True)
class DrawAnswered(Event):
    seat: int
    accept: bool


@dataclass(frozen=True)
class MatchDrawn(Event):
    """Everyone agreed: the match ends in a draw. Final, like a concession."""

    IRREVERSIBLE = True
    tokens: tuple[int, ...]


# --- events told at nearly every step, built once ------------------------------------------------------------
# Events are frozen and compared by value, so one instance serves every match and every playout: building them
# was a good part of a round's time. (``typed``: True and 1 are different fields.) tests/test_thats_wizard_fast_paths.py
# checks that a whole match tells the same events as one whose events are built afresh.


@lru_cache(maxsize=8192, typed=True)
def shared(kind: Callable[..., E], *fields: object) -> E:
    """The event (or revealed play) ``kind(*fields)``."""
    return kind(*fields)


@lru_cache(maxsize=4096, typed=True)
def told_apart(players: int, seat: int, card: str | None, dial: int | None, passed: bool) -> tuple[Ready, Ready]:
    """A secret pick, told twice: in full to its owner, and only as made to everyone else."""
    others = tuple([other for other in range(players) if other != seat])
    return Ready(seat, card, dial, passed, to=(seat,)), Ready(seat, None, None, False, to=others)


ShownFields = tuple[int, str | None, int | None, bool, str]


@lru_cache(maxsize=4096)
def revealed(plays: tuple[ShownFields, ...]) -> Revealed:
    """The round's reveal, each play given by its ``Shown`` fields: worked out once per set of values. (Only the
    tuple's own type is ``typed``, not its items': the rules give ``legal`` as a bool and a dial never as one.)"""
    return Revealed(tuple([shared(Shown, *fields) for fields in plays]))
