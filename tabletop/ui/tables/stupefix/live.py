"""Phase 3 on one screen: the visible "1, 2, 3" countdown during which wands are dragged onto adversaries.

Two ways to play it, as the project supplement says:
- together (a touchscreen, or a single person at the screen): one countdown; everyone drags at once, one finger
  each; bots point at human-like moments inside it, seeing the wands already pointed;
- in turn (one mouse for several people): from the Chouchou's left, each person gets their own countdown and
  sees the wands already pointed; a bot's turn is a short pause before it points.
The first finger that touches a wand switches to "together". At "three", a person who has not pointed is too
late: if their wand is held over an adversary at that moment it counts, otherwise they target nobody.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

ANNOUNCE = 1.3  # "Sorcières, Sorciers, à vos baguettes !"
BEAT = 1.0  # between "1", "2" and "3"
GRACE = 0.35  # after "3" appears, the last drops still count
BOT_TURN = (0.6, 1.3)  # a bot's turn when people point in turn
CALL = "Sorcières, Sorciers, à vos baguettes !"


@dataclass
class Countdown:
    started: float
    seats: tuple[int, ...]  # the people pointing during this countdown
    call: str = CALL

    def three(self) -> float:
        return self.started + ANNOUNCE + 2 * BEAT

    def deadline(self) -> float:
        return self.three() + GRACE

    def label(self, now: float) -> str:
        t = now - self.started
        if t < ANNOUNCE:
            return self.call
        if t < ANNOUNCE + BEAT:
            return "1"
        if t < ANNOUNCE + 2 * BEAT:
            return "2"
        return "3!"

    def progress(self, now: float) -> float:
        """0 at the start, 1 at "three"."""
        span = self.three() - self.started
        return max(0.0, min(1.0, (now - self.started) / span))


@dataclass
class Live:
    """The live phase of one round. The table calls ``update`` every frame and asks ``can_point``."""

    round: int
    players: int
    humans: tuple[int, ...]
    chouchou: int
    together: bool
    seed: int
    countdown: Countdown | None = None
    bot_times: dict[int, float] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)  # bots asked for their wand
    current: int | None = None  # in turn: whose turn it is
    seen: float = 0.0  # when the table last ran this phase

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed * 8191 + self.round)

    def order(self) -> list[int]:
        return [(self.chouchou + step) % self.players for step in range(1, self.players + 1)]

    def start(self, now: float, pointed: tuple[bool, ...]) -> None:
        if self.together:
            waiting = tuple(seat for seat in self.humans if not pointed[seat])
            self.countdown = Countdown(now, waiting)
            for seat in range(self.players):
                if seat not in self.humans and not pointed[seat] and seat not in self.bot_times:
                    self.bot_times[seat] = now + self.random.uniform(ANNOUNCE + 0.2, ANNOUNCE + 2 * BEAT - 0.15)
        else:
            self.current = None
            self.next_turn(now, pointed)

    def shift(self, seconds: float) -> None:
        """The table was covered (pause menu, rules) for ``seconds``: the count waits for the players."""
        if self.countdown is not None:
            self.countdown.started += seconds
        for seat in self.bot_times:
            self.bot_times[seat] += seconds

    def switch_to_together(self, now: float, pointed: tuple[bool, ...]) -> None:
        """A finger touched a wand: from now on everyone points at once."""
        if self.together:
            return
        self.together = True
        self.current = None
        self.bot_times.clear()
        self.start(now, pointed)

    def next_turn(self, now: float, pointed: tuple[bool, ...], names: list[str] | None = None) -> None:
        """In turn: the next seat from the Chouchou's left that has not pointed."""
        for seat in self.order():
            if pointed[seat]:
                continue
            self.current = seat
            if seat in self.humans:
                first = not any(pointed)
                call = CALL if first or names is None else f"{names[seat]}, à ta baguette !"
                self.countdown = Countdown(now, (seat,), call)
            else:
                self.countdown = None
                self.bot_times = {seat: now + self.random.uniform(*BOT_TURN)}
            return
        self.current = None
        self.countdown = None

    def can_point(self, seat: int, pointed: tuple[bool, ...]) -> bool:
        """Whether ``seat``'s wand may be dragged now."""
        if seat not in self.humans or pointed[seat] or self.countdown is None:
            return False
        return seat in self.countdown.seats

    def due_bots(self, now: float, pointed: tuple[bool, ...]) -> list[int]:
        """Bots whose moment to point has come (and that have not been started yet)."""
        due = []
        for seat, at in sorted(self.bot_times.items(), key=lambda item: item[1]):
            if now >= at and seat not in self.asked and not pointed[seat]:
                due.append(seat)
        return due

    def expired(self, now: float) -> tuple[int, ...]:
        """The people still pointing when the countdown ends (too late unless a wand is held over someone)."""
        if self.countdown is None or now < self.countdown.deadline():
            return ()
        return self.countdown.seats
