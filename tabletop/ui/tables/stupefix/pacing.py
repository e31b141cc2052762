"""The pace of a Stupéfix round on the table: one thing at a time, each with a short caption.

The rules resolve a round at once; the table tells it in steps a person can follow, at the Settings' animation
speed (Off: at once):
- ``Reveal``: phases 4-5. The Chouchou counts "3, 2, 1", then each seat's spell turns up in turn from the
  Chouchou (a Stupefy flies to its target, a Misfire lowers the wand, Protego raises a shield), then each flag
  that falls (stunned, with its Late tokens, or protected), then who shares the rewards;
- ``Beat``: everything after it, one event at a time (a reward taken, Private Lessons, the end of the round,
  the new rewards, the final scoring), while the table holds the next bot's move back until it is told.
The captions are the table's own English words (``terms``), never the log's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.core.protocol import Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui.tables.stupefix.terms import name as term

COUNT = 1.5  # seconds of the Chouchou's "3, 2, 1" before everyone casts (at the Normal speed)
CAST = 0.9  # a seat's spell turning up (a Stupefy flying)
QUIET_CAST = 0.55  # a Misfire, or no card at all
FALL = 1.0  # a flag falling (stunned or protected)
SHARE = 1.3  # who shares the rewards
TAKE = 0.85  # a bot's reward flying to its seat
OWN_TAKE = 0.45  # a person's own reward (they know what they took)
TOLD = 1.5  # the end of a round, the new rewards, a line of the final scoring


@dataclass
class Step:
    kind: str  # "count", "cast", "fall" or "share"
    seat: int | None
    caption: str
    start: float
    seconds: float

    @property
    def end(self) -> float:
        return self.start + self.seconds


@dataclass
class Reveal:
    """Phases 4-5 told step by step over the table as it was while everyone decided (``before``)."""

    before: StupefixView
    casts: tuple[str, ...]
    targets: tuple[int | None, ...]
    hits: tuple[int, ...]
    steps: list[Step]
    elapsed: float = 0.0
    started: set[int] = field(default_factory=set)  # the steps whose start the table has played (sounds, tokens)

    @classmethod
    def of(cls, before: StupefixView, event: ev.SpellsRevealed, names: Sequence[str], speed: float) -> Reveal:
        """The steps of ``event`` at ``speed`` (the Settings' animation factor; 0: all at once)."""
        players = len(event.casts)
        order = [(before.chouchou + step) % players for step in range(players)]
        scale = 1 / speed if speed else 0.0
        steps: list[Step] = []

        def add(kind: str, seat: int | None, caption: str, seconds: float) -> None:
            start = steps[-1].end if steps else 0.0
            steps.append(Step(kind, seat, caption, start, seconds * scale))

        add("count", None, "The Teacher's Pet counts: 3, 2, 1... everyone casts at once!", COUNT)
        for seat in order:
            cast, target = event.casts[seat], event.targets[seat]
            quiet = cast in ("rate", "none") or (cast == "stupefix" and target is None)
            add("cast", seat, cast_caption(names, seat, cast, target), QUIET_CAST if quiet else CAST)
        for seat in order:
            fall = fall_caption(names, seat, event.casts[seat], event.hits[seat])
            if fall:
                add("fall", seat, fall, FALL)
        standing = [seat for seat in order if not fallen(event.casts[seat], event.hits[seat])]
        add("share", None, share_caption(names, standing), SHARE)
        return cls(before, event.casts, event.targets, event.hits, steps)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.steps[-1].end

    def step(self) -> Step:
        """The step being told now (the last one once all are told)."""
        return next((step for step in self.steps if self.elapsed < step.end), self.steps[-1])

    def caption(self) -> str:
        return self.step().caption

    def new_steps(self) -> list[Step]:
        """The steps that began since the last call (each once)."""
        fresh = [
            (index, step)
            for index, step in enumerate(self.steps)
            if step.start <= self.elapsed and index not in self.started
        ]
        self.started.update(index for index, _ in fresh)
        return [step for _, step in fresh]

    def _step_of(self, kind: str, seat: int) -> Step | None:
        return next((step for step in self.steps if step.kind == kind and step.seat == seat), None)

    def cast(self, seat: int) -> str | None:
        """What ``seat`` cast ("none": no card), once its spell has turned up (None before)."""
        step = self._step_of("cast", seat)
        return self.casts[seat] if step is not None and self.elapsed >= step.start else None

    def flight(self, seat: int) -> float:
        """How far ``seat``'s Stupefy has flown to its target (0 to 1)."""
        step = self._step_of("cast", seat)
        if step is None or self.elapsed < step.start:
            return 0.0
        return min(1.0, (self.elapsed - step.start) / max(0.01, step.seconds * 0.6))

    def fallen(self, seat: int) -> bool:
        """Whether ``seat``'s flag has fallen on the table yet."""
        step = self._step_of("fall", seat)
        return step is not None and self.elapsed >= step.start

    def falling(self) -> int | None:
        """The seat whose flag is falling now."""
        step = self.step()
        return step.seat if step.kind == "fall" and self.elapsed >= step.start else None

    def retard(self, seat: int) -> int:
        """``seat``'s Late tokens as the table shows them now (the new ones once the flag has fallen)."""
        gained = self.hits[seat] if self.casts[seat] != "protego" and self.fallen(seat) else 0
        return self.before.retard[seat] + gained

    def counting(self) -> tuple[str, float] | None:
        """The Chouchou's count now ("3", "2", "1") and how far it is, during the count."""
        first = self.steps[0]
        if self.elapsed >= first.end or first.seconds <= 0:
            return None
        t = self.elapsed / first.seconds
        return str(3 - min(2, int(3 * t))), t

    def hurry(self) -> None:
        """A tap: on to the next step at once."""
        self.elapsed = max(self.elapsed, self.step().end)


def fallen(cast: str, hits: int) -> bool:
    return cast == "protego" or hits > 0


def cast_caption(names: Sequence[str], seat: int, cast: str, target: int | None) -> str:
    who = names[seat]
    if cast == "protego":
        return f"{who} casts Protego!"
    if cast == "rate":
        return f"{who}'s card was a {term('rate')}: the wand goes down."
    if cast == "none":
        return f"{who} had no spell card: nothing is cast."
    if target is None:
        return f"{who} casts {term('stupefix')}, but the wand points at nobody."
    return f"{who} casts {term('stupefix')} at {names[target]}!"


def fall_caption(names: Sequence[str], seat: int, cast: str, hits: int) -> str:
    who = names[seat]
    if cast == "protego" and hits:
        spells = f"{hits} {term('stupefix')}" if hits > 1 else f"the {term('stupefix')}"
        return f"{who}'s Protego stops {spells}, but the flag goes down: no reward this round."
    if cast == "protego":
        return f"{who} is protected, but the flag goes down: no reward this round."
    if hits:
        tokens = f"{hits} {term('retard')}{'s' * (hits > 1)}"
        return f"{who} is stunned: flag down, and {tokens}."
    return ""


def share_caption(names: Sequence[str], standing: Sequence[int]) -> str:
    if not standing:
        return f"No flag stands: the rewards are discarded and the {term('pet')} stays."
    if len(standing) == 1:
        return f"Only {names[standing[0]]}'s flag stands: {names[standing[0]]} takes all the rewards!"
    return f"Standing flags share the rewards: {_and(names[seat] for seat in standing)}."


@dataclass
class Beat:
    """One event told after the reveal: its caption shows for ``seconds``."""

    caption: str
    seconds: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds


def beat_of(event: Event, names: Sequence[str], houses: Sequence[str], own: bool, speed: float) -> Beat | None:
    """The beat that tells ``event`` (None: nothing to tell on its own), at ``speed``; ``own``: a person at the
    screen did it (a shorter beat: they know what they did)."""
    scale = 1 / speed if speed else 0.0
    match event:
        case ev.RewardTaken(seat=seat, reward=reward, forced=forced):
            into = f" for {houses[seat]}'s urn" if reward.startswith("points") else ""
            last = " (the last one)" if forced else ""
            return Beat(f"{names[seat]} takes {term(reward)}{into}{last}.", (OWN_TAKE if own else TAKE) * scale)
        case ev.LessonTaken(seat=seat, discarded=discarded, found=found):
            gave = f"gives up a {term('rate')}" if discarded else f"has no {term('rate')} to give up"
            took = {
                "up": f"and takes a face-up {term('stupefix')}",
                "down": f"and takes a face-down {term('stupefix')}",
                "none": f"but finds no {term('stupefix')} to take",
                "choice": f"and looks through the discard pile for a {term('stupefix')}",
            }[found]
            return Beat(f"{term('cours')}: {names[seat]} {gave} {took}.", TOLD * scale)
        case ev.StupefixChosen(seat=seat, face_down=down):
            return Beat(f"{names[seat]} takes a {'face-down' if down else 'face-up'} {term('stupefix')}.", TAKE * scale)
        case ev.RetardReturned(seat=seat, owner=owner):
            whose = "their own" if seat == owner else f"{names[owner]}'s"
            return Beat(f"{names[seat]} gives back {whose} {term('retard')}.", TAKE * scale)
        case ev.NoRetardToReturn(seat=seat):
            return Beat(f"{names[seat]} has no {term('retard')} to give back.", TAKE * scale)
        case ev.ChouchouTaken(seat=seat):
            return Beat(f"{names[seat]} becomes the {term('pet')} and runs the next round.", TAKE * scale)
        case ev.RoundEnded(round=number, house_points=points):
            haul = ", ".join(f"{house} +{value}" for house, value in points if value)
            told = f"into the urns: {haul}" if haul else "no Points went into the urns"
            return Beat(f"End of round {number}: {told}. Flags stand again.", TOLD * scale)
        case ev.RewardsRevealed():
            return Beat(f"Eight new rewards, beside {term('chouchou')}.", TOLD * scale)
        case ev.PotionsMaster(seat=None):
            return Beat(f"{term('maitre')}: nobody (no single player has the most {term('potion')}s).", TOLD * scale)
        case ev.PotionsMaster(seat=int(seat), potions=count):
            return Beat(f"{term('maitre')}: {names[seat]}, {count} {term('potion')}s: +100.", TOLD * scale)
        case ev.Latecomers(seats=()):
            return Beat(f"{term('retardataire')}: nobody (everyone has as many {term('retard')}s).", TOLD * scale)
        case ev.Latecomers(seats=seats, retard=count):
            late = _and(names[seat] for seat in seats)
            return Beat(f"{term('retardataire')} (-100): {late}, with {count} {term('retard')}s.", TOLD * scale)
        case ev.GameEnded(winners=winners):
            verb = "share the victory" if len(winners) > 1 else "wins"
            return Beat(f"{' and '.join(winners)} {verb}!", TOLD * scale)
    return None


def _and(items: Iterable[str]) -> str:
    words = list(items)
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)
