"""A match: a game's state plus the command log that built it, with a fair undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.codec import from_json, to_json
from tabletop.core.protocol import Command, Event, Game, IllegalCommand, Result
from tabletop.i18n import gettext as _


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
    # A bug of the rules raised halfway through a move, and again when the log was replayed to undo it: the state
    # is not the one the log makes, and is never saved (the last save stands).
    broken: bool = field(default=False, compare=False, repr=False)

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
                # (the player's words: a save's line on Load showed "step 1 (PlaceToken) is refused" in Russian)
                refused = _("move {number} is refused: {reason}")
                raise IllegalCommand(refused.format(number=step, reason=exc.reason)) from None
        return match

    # --- playing -------------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def apply(self, command: Command) -> list[Event]:
        """Apply ``command``; a refused one (IllegalCommand) leaves the state untouched (``Game.apply``). So does
        a bug of the rules raised halfway through the move: the state is built again from the log (or, should the
        log fail too, the match is ``broken``), and the exception goes on. A half-made move left in the position
        was saved with the next, in a position its log does not make: Load refused the save, the game lost."""
        try:
            events = self.game.apply(self.state, command)
        except IllegalCommand:
            raise
        except Exception:
            try:
                self.state = self._replayed(self.log)
            except Exception:
                self.broken = True
            raise
        self.log.append(command)
        self.history.append(events)
        return events

    def events(self) -> list[Event]:
        return [event for batch in self.history for event in batch]

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    # --- undo ----------------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` gave the last command, the game is not over and undoing it reveals nothing.

        Never across a draw, a reveal, a shuffle or a die (an event whose ``irreversible()`` says so), nor across
        another seat's command (a bot's answer shows what it chose, and could be asked again): only the very last
        command of the log can be taken back, and never once the game has ended (it is recorded).
        """
        if not self.log or self.log[-1].seat != seat or self.result() is not None:
            return False
        return not any(event.irreversible() for event in self.history[-1])

    def undo(self, seat: int) -> Command:
        if not self.can_undo(seat):
            raise IllegalCommand("There is nothing you can take back now.")
        last = self.log[-1]
        self.state = self._replayed(self.log[:-1])
        self.log.pop()
        self.history.pop()
        return last

    def _replayed(self, log: Sequence[Command]) -> Any:
        """The state ``log`` makes from the start."""
        state = self.initial_state()
        for command in log:
            self.game.apply(state, command)
        return state

    def snapshot(self) -> dict[str, Any]:
        return to_json(self.state)
