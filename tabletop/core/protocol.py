"""The one protocol every game speaks, for the UI, the bots, the saves and the tests.

A game is an object with ``setup``, ``to_act``, ``legal``, ``apply``, ``view``, ``result`` and ``sample``
(see :class:`Game`). Commands are what a seat asks for; events are what happened. Both are small frozen
dataclasses with a JSON form (``tabletop.core.codec``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from tabletop.core.rng import Rng


@dataclass(frozen=True)
class Command:
    """Something one seat asks the rules to do. Subclasses add their own fields."""

    TAGGED: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, for the log, animation and sound.

    ``to`` limits who may see the event (``None``: everyone). A private fact is told as two events: the full
    one to its owner and a redacted one to the others. ``IRREVERSIBLE`` marks events that reveal something or
    draw on chance (a deal, a reveal, a shuffle, a die): a command that caused one cannot be undone.
    """

    TAGGED: ClassVar[bool] = True
    IRREVERSIBLE: ClassVar[bool] = False
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """``seat=None`` stands for an onlooker who sees only public events."""
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True, kw_only=True)
class View:
    """Exactly what one seat may see, including the commands it may give now."""

    seat: int
    legal: tuple[Command, ...]


@dataclass(frozen=True)
class Result:
    """The end of a game. ``scores`` are per seat; ``winners`` share the win."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str


class IllegalCommand(Exception):
    """A command the rules refuse; ``reason`` is written for the player who tried it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Game(Protocol):
    """What a game module provides. ``State`` is the game's own mutable dataclass."""

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    playable: bool
    # Raised whenever a change to the rules or to the State's shape would stop an older save from replaying to
    # the same position; saves record it, so an older save is replayed without comparing its snapshot.
    rules_version: int
    command_types: Mapping[str, type[Command]]

    @property
    def state_type(self) -> type:
        """The game's State dataclass (saves and start positions are rebuilt as it)."""

    @property
    def view_type(self) -> type:
        """What ``view`` returns (its JSON form is what a bot process receives)."""

    def default_options(self, players: int) -> dict[str, Any]: ...

    def check_options(self, players: int, options: Mapping[str, Any]) -> str | None:
        """``None`` when the options are usable, else why not."""

    def seat_label(self, options: Mapping[str, Any], seat: int) -> str:
        """How the rules name a seat (a house, a wizard), for messages and the log."""

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal(self, state: Any, seat: int) -> list[Command]: ...

    def apply(self, state: Any, command: Command) -> list[Event]:
        """Change ``state`` and return what happened, or raise IllegalCommand leaving it untouched."""

    def view(self, state: Any, seat: int) -> View: ...

    def result(self, state: Any) -> Result | None: ...

    def sample(self, view: View, rng: Rng) -> Any:
        """A full state consistent with everything ``view`` shows, for search bots."""

    def check_state(self, state: Any) -> list[str]:
        """Broken invariants of ``state`` (lost cards, bad counters); empty when sound."""

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One log line for ``event`` in our words, naming seats by ``names``."""

    def progress(self, state: Any) -> str:
        """Where the game stands in a few words ("Round 2 of 4"), for the Load list."""

    def has_secrets(self, state: Any, seat: int) -> bool:
        """Whether the table shown to ``seat`` holds something another person must not see (pass-and-play)."""


def player_counts(game: Game) -> tuple[int, ...]:
    """The numbers of players a game takes (``player_counts`` when it skips some, e.g. 2 or 4 but not 3)."""
    counts = getattr(game, "player_counts", None)
    return tuple(counts) if counts else tuple(range(game.min_players, game.max_players + 1))


def players_text(game: Game) -> str:
    counts = player_counts(game)
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(str(n) for n in counts)


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    return [event for event in events if event.visible_to(seat)]


class Bot(Protocol):
    """A player that sees only its own seat's View and answers with one of ``view.legal``."""

    id: str

    def choose(self, view: View, rng: Rng) -> Command: ...
