"""Phase 3 on one screen: "Ready?", then a visible count (3, 2, 1 with the rule's 3 seconds) during which wands
are dragged onto adversaries.

No count starts by itself while people must point: the Chouchou's call waits on a Ready button that everyone at
the screen sees (``waiting``), so nobody misses the start. Two ways to play it, as the project supplement says:
- together (a touchscreen, or a single person at the screen): one Ready for everyone, then one count; everyone
  drags at once, one finger each; bots point at human-like moments inside it, seeing the wands already pointed;
- in turn (one mouse for several people): from the Chouchou's left, each person in turn gets a hand-over cue
  (their own Ready) and their own count, and sees the wands already pointed; a bot's turn is a short pause
  before it points.
The first finger that touches the screen switches to "together". When a count ends, a person who has not
pointed is too late: if their wand is held over an adversary at that moment it counts, otherwise they target
nobody. The count's length is a setting (3 seconds is the rule; longer ones are for learning).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.games.stupefix.i18n import gettext as _

GRACE = 0.35  # after the count ends, the last drops still count
BOT_TURN = (0.6, 1.3)  # a bot's turn when people point in turn
RULE_LENGTH = 3.0  # seconds: the Chouchou counts to three


@dataclass
class Countdown:
    started: float
    seats: tuple[int, ...]  # the people pointing during this count
    length: float = RULE_LENGTH

    def end(self) -> float:
        return self.started + self.length

    def deadline(self) -> float:
        return self.end() + GRACE

    def label(self, now: float) -> str:
        """The seconds left, counted down ("3", "2", "1"), then "Time!"."""
        left = round(self.end() - now, 6)  # (exact at each second: no float dust past the beat)
        return str(math.ceil(left)) if left > 0 else _("Time!")

    def progress(self, now: float) -> float:
        """0 at the start, 1 when the count ends."""
        return max(0.0, min(1.0, (now - self.started) / max(0.01, self.length)))


@dataclass
class Live:
    """The live phase of one round. Every frame the table asks which people's count ran out (``expired``), which
    bots are due, and whose turn it is (``take_turns``); the Ready button calls ``ready``."""

    round: int
    names: Sequence[str]  # every seat's, to call the person whose turn it is
    humans: tuple[int, ...]
    chouchou: int
    together: bool
    seed: int  # for the bots' moments (``GameSession.table_seed``: never the game's seed)
    length: float = RULE_LENGTH  # seconds of each count
    countdown: Countdown | None = None
    waiting: tuple[int, ...] = ()  # the people the Ready cue waits for (nobody: no cue)
    bot_times: dict[int, float] = field(default_factory=dict)  # when each bot points
    current: int | None = None  # in turn: whose turn it is
    over: bool = False  # together: the one count has ended
    seen: float = 0.0  # when the table last ran this phase

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed * 8191 + self.round)

    def start(self, now: float, pointed: Sequence[bool]) -> None:
        if not self.together:
            self.current = None
            self.take_turns(now, pointed)
            return
        people = tuple(seat for seat in self.humans if not pointed[seat])
        if people:
            self.waiting = people  # "Ready?" first: the count waits for the people at the screen
        else:
            self._count_together(now, pointed)

    def ready(self, now: float, pointed: Sequence[bool]) -> None:
        """The Ready button: the count starts, for everyone or for the person whose turn it is."""
        if not self.waiting:
            return
        self.waiting = ()
        if self.together:
            self._count_together(now, pointed)
        elif self.current is not None:
            self.countdown = Countdown(now, (self.current,), self.length)

    def _count_together(self, now: float, pointed: Sequence[bool]) -> None:
        self.countdown = Countdown(now, tuple(seat for seat in self.humans if not pointed[seat]), self.length)
        latest = max(0.35, self.length - 0.2)
        for seat in range(len(self.names)):
            if seat not in self.humans and not pointed[seat] and seat not in self.bot_times:
                self.bot_times[seat] = now + self.random.uniform(0.3, latest)

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
        """A finger touched the screen: from now on everyone points at once (after one Ready for all)."""
        if self.together:
            return
        self.together = True
        self.current = None
        self.countdown = None
        self.bot_times.clear()
        self.start(now, pointed)

    def take_turns(self, now: float, pointed: Sequence[bool]) -> None:
        """In turn: once the seat whose turn it is has pointed, the next one from the Chouchou's left that has not
        (a person gets the hand-over cue and waits for their Ready)."""
        if self.together or (self.current is not None and not pointed[self.current]):
            return
        players = len(self.names)
        for seat in ((self.chouchou + step) % players for step in range(1, players + 1)):
            if pointed[seat]:
                continue
            self.current = seat
            self.countdown = None
            if seat in self.humans:
                self.waiting = (seat,)
            else:
                self.waiting = ()
                self.bot_times = {seat: now + self.random.uniform(*BOT_TURN)}
            return
        self.current = None
        self.countdown = None
        self.waiting = ()

    def can_point(self, seat: int, pointed: Sequence[bool]) -> bool:
        """Whether ``seat``'s wand may be dragged now."""
        if seat not in self.humans or pointed[seat] or self.countdown is None:
            return False
        return seat in self.countdown.seats

    def due_bots(self, now: float, pointed: Sequence[bool]) -> list[int]:
        """The bots that have not pointed and whose moment has come, soonest first: every one of them once the
        count is over when everyone points together."""
        times = sorted(self.bot_times.items(), key=lambda item: item[1])
        return [seat for seat, at in times if (self.over or now >= at) and not pointed[seat]]

    def expired(self, now: float) -> tuple[int, ...]:
        """The people still pointing when their count ends (too late unless a wand is held over someone); together,
        the count is over for good."""
        if self.countdown is None or now < self.countdown.deadline():
            return ()
        seats = self.countdown.seats
        if self.together:
            self.countdown = None
            self.over = True
        return seats
