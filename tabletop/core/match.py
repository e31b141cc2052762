"""A match: a game's state plus the command log that built it, with a fair undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.codec import from_json, to_json
from tabletop.core.protocol import Command, Event, Game, IllegalCommand, Result


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a display name and ``human`` or a bot's id."""

    name: str
    controller: str = "human"

    @property
    def is_human(self) -> bool:
        return self.controller == "human"


@dataclass
class Match:
    """The state of one game, how it started and every command applied since.

    Start is either the standard setup from ``seed`` or a given position (``start``, a state's JSON form), as
    puzzle files and rulebook examples need. Replaying ``log`` from the start rebuilds ``state`` exactly.
    """

    game: Game
    seats: list[SeatInfo]
    options: dict[str, Any]
    seed: int
    start: dict[str, Any] | None = None
    state: Any = None
    log: list[Command] = field(default_factory=list)
    history: list[list[Event]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.initial_state()

    def initial_state(self) -> Any:
        if self.start is not None:
            return from_json(self.game.state_type, self.start)
        return self.game.setup(len(self.seats), self.options, self.seed)

    @classmethod
    def replay(
        cls,
        game: Game,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any],
        seed: int,
        log: Sequence[Command],
        start: dict[str, Any] | None = None,
    ) -> Match:
        """Rebuild a match by applying ``log``; raises IllegalCommand naming the step that fails."""
        match = cls(game, list(seats), dict(options), seed, start)
        for step, command in enumerate(log, 1):
            try:
                match.apply(command)
            except IllegalCommand as exc:
                raise IllegalCommand(f"step {step} ({type(command).__name__}) is refused: {exc.reason}") from None
        return match

    # --- playing -------------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def apply(self, command: Command) -> list[Event]:
        events = self.game.apply(self.state, command)
        self.log.append(command)
        self.history.append(events)
        return events

    def events(self) -> list[Event]:
        return [event for batch in self.history for event in batch]

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    # --- undo ----------------------------------------------------------------------------------------
    def can_undo(self, seat: int, bots: frozenset[int] = frozenset()) -> bool:
        """True when ``seat`` gave the last command, or its last command was followed only by the commands of
        ``bots`` (which answer at once: a finger's slip would otherwise stay for good), and undoing reveals nothing.

        Never across a draw, a reveal, a shuffle or a die (an IRREVERSIBLE event), nor across a command of
        another seat that is not one of ``bots``.
        """
        start = self._undo_start(seat, bots)
        return start is not None and not any(event.IRREVERSIBLE for batch in self.history[start:] for event in batch)

    def undo(self, seat: int, bots: frozenset[int] = frozenset()) -> Command:
        """Take back ``seat``'s last command (and the commands of ``bots`` after it); returns that command."""
        start = self._undo_start(seat, bots)
        if start is None or not self.can_undo(seat, bots):
            raise IllegalCommand("There is nothing you can take back now.")
        last = self.log[start]
        state = self.initial_state()
        for command in self.log[:start]:
            self.game.apply(state, command)
        self.state = state
        del self.log[start:]
        del self.history[start:]
        return last

    def _undo_start(self, seat: int, bots: frozenset[int]) -> int | None:
        """Where ``seat``'s last command stands in the log, when only commands of ``bots`` follow it."""
        for index in range(len(self.log) - 1, -1, -1):
            if self.log[index].seat == seat:
                return index
            if self.log[index].seat not in bots:
                return None
        return None

    def snapshot(self) -> dict[str, Any]:
        return to_json(self.state)
