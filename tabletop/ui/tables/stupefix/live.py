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
from collections.abc import Sequence
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
        return "2" if t < ANNOUNCE + 2 * BEAT else "3!"

    def progress(self, now: float) -> float:
        """0 at the start, 1 at "three"."""
        span = self.three() - self.started
        return max(0.0, min(1.0, (now - self.started) / span))


@dataclass
class Live:
    """The live phase of one round. Every frame the table asks which people's count ran out (``expired``), which
    bots are due, and whose turn it is (``take_turns``)."""

    round: int
    names: Sequence[str]  # every seat's, to call the person whose turn it is
    humans: tuple[int, ...]
    chouchou: int
    together: bool
    seed: int
    countdown: Countdown | None = None
    bot_times: dict[int, float] = field(default_factory=dict)  # when each bot points
    current: int | None = None  # in turn: whose turn it is
    seen: float = 0.0  # when the table last ran this phase

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed * 8191 + self.round)

    def start(self, now: float, pointed: Sequence[bool]) -> None:
        if not self.together:
            self.current = None
            self.take_turns(now, pointed)
            return
        self.countdown = Countdown(now, tuple(seat for seat in self.humans if not pointed[seat]))
        for seat in range(len(self.names)):
            if seat not in self.humans and not pointed[seat] and seat not in self.bot_times:
                self.bot_times[seat] = now + self.random.uniform(ANNOUNCE + 0.2, ANNOUNCE + 2 * BEAT - 0.15)

    def catch_up(self, now: float) -> None:
        """Once a frame: after a gap (the pause menu or the rules covered the table), the count and the bots'
        moments wait for the players."""
        if self.seen and now - self.seen > 0.25:
            if self.countdown is not None:
                self.countdown.started += now - self.seen
            for seat in self.bot_times:
                self.bot_times[seat] += now - self.seen
        self.seen = now

    def switch_to_together(self, now: float, pointed: Sequence[bool]) -> None:
        """A finger touched a wand: from now on everyone points at once."""
        if self.together:
            return
        self.together = True
        self.current = None
        self.bot_times.clear()
        self.start(now, pointed)

    def take_turns(self, now: float, pointed: Sequence[bool]) -> None:
        """In turn: once the seat whose turn it is has pointed, the next one from the Chouchou's left that has not."""
        if self.together or (self.current is not None and not pointed[self.current]):
            return
        players = len(self.names)
        for seat in ((self.chouchou + step) % players for step in range(1, players + 1)):
            if pointed[seat]:
                continue
            self.current = seat
            if seat in self.humans:
                call = f"{self.names[seat]}, à ta baguette !" if any(pointed) else CALL
                self.countdown = Countdown(now, (seat,), call)
            else:
                self.countdown = None
                self.bot_times = {seat: now + self.random.uniform(*BOT_TURN)}
            return
        self.current = None
        self.countdown = None

    def can_point(self, seat: int, pointed: Sequence[bool]) -> bool:
        """Whether ``seat``'s wand may be dragged now."""
        if seat not in self.humans or pointed[seat] or self.countdown is None:
            return False
        return seat in self.countdown.seats

    def due_bots(self, now: float, pointed: Sequence[bool]) -> list[int]:
        """The bots that have not pointed and whose moment has come, soonest first: every one of them once the
        count is over when everyone points together."""
        over = self.together and self.countdown is None
        times = sorted(self.bot_times.items(), key=lambda item: item[1])
        return [seat for seat, at in times if (over or now >= at) and not pointed[seat]]

    def expired(self, now: float) -> tuple[int, ...]:
        """The people still pointing when their count ends (too late unless a wand is held over someone); together,
        the count is over for good."""
        if self.countdown is None or now < self.countdown.deadline():
            return ()
        seats = self.countdown.seats
        if self.together:
            self.countdown = None
        return seats
