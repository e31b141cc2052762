"""The pace of a Stupéfix round on the table: one thing at a time, each with a short caption.

The rules resolve a round at once; the table tells it in steps a person can follow, at the Settings' animation
speed (Off: at once):
- ``Reveal``: phases 4-5. The Chouchou counts to three, then each seat's spell turns up in turn from the
  Chouchou (a Stupefy flies to its target, a Misfire lowers the wand, Protego raises a shield), then each flag
  that falls (stunned, with its Late tokens, or protected), then who shares the rewards;
- ``Beat``: everything after it, one event at a time (a reward taken, Private Lessons, the end of the round,
  the new rewards, the final scoring), while the table holds the next bot's move back until it is told.
The captions are the table's own words (the game's catalogue), never the log's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.core.protocol import Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import ROUNDS, house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing, ngettext
from tabletop.games.stupefix.terms import name as term
from tabletop.games.stupefix.view import StupefixView
from tabletop.i18n import N_

COUNT = 1.5  # seconds of the Chouchou's count to three before everyone casts (at the Normal speed)
CAST = 0.9  # a seat's spell turning up (a Stupefy flying)
QUIET_CAST = 0.55  # a Misfire, or no card at all
FALL = 1.0  # a flag falling (stunned or protected)
SHARE = 1.3  # who shares the rewards
TAKE = 0.85  # a bot's reward flying to its seat
OWN_TAKE = 0.45  # a person's own reward (they know what they took)
TOLD = 1.5  # the new rewards, a line of the final scoring
# The end of a round (the urns' haul, the flags up): a line of a dozen words that several people at one screen read
# before the next privacy screen covers the table; at TOLD it was gone in a second at the Fast pace (a new player's
# review, 5 seats). At the Settings' pace like the rest, but never shorter than ROUND_END_LEAST (Off: at once).
ROUND_END = 3.5
ROUND_END_LEAST = 2.5


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
    still: bool = False  # reduced motion: each spell is where it ends up at once (the captions keep their time)

    @classmethod
    def of(
        cls, before: StupefixView, event: ev.SpellsRevealed, names: Sequence[str], speed: float, moving: bool = True
    ) -> Reveal:
        """The steps of ``event`` at ``speed`` (the Settings' animation factor, the pace; 0: all at once);
        ``moving`` False (reduced motion): no spell flies, each is at its target when its step begins."""
        players = len(event.casts)
        order = [(before.chouchou + step) % players for step in range(players)]
        scale = 1 / speed if speed else 0.0
        steps: list[Step] = []

        def add(kind: str, seat: int | None, caption: str, seconds: float) -> None:
            start = steps[-1].end if steps else 0.0
            steps.append(Step(kind, seat, caption, start, seconds * scale))

        add("count", None, _("The Teacher's Pet counts to three... everyone casts at once!"), COUNT)
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
        return cls(before, event.casts, event.targets, event.hits, steps, still=not moving)

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
        if self.still:
            return 1.0
        return min(1.0, (self.elapsed - step.start) / max(0.01, step.seconds * 0.6))

    def fallen(self, seat: int) -> bool:
        """Whether ``seat``'s flag has fallen on the table yet."""
        step = self._step_of("fall", seat)
        return step is not None and self.elapsed >= step.start

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
    name = names[seat]
    if cast == "protego":
        return _("{name} casts Protego!").format(name=name)
    if cast == "rate":
        return _("{name}'s card was a Misfire: the wand goes down.").format(name=name)
    if cast == "none":
        return _("{name} had no spell card: nothing is cast.").format(name=name)
    if target is None:
        return _("{name} casts Stupefy, but the wand points at nobody.").format(name=name)
    return _("{name} casts Stupefy at {target}!").format(name=name, target=names[target])


def fall_caption(names: Sequence[str], seat: int, cast: str, hits: int) -> str:
    name = names[seat]
    if cast == "protego" and hits == 1:
        return _("{name}'s Protego stops the Stupefy, but the flag goes down: no reward this round.").format(name=name)
    if cast == "protego" and hits:
        return ngettext(
            "{name}'s Protego stops {count} Stupefy, but the flag goes down: no reward this round.",
            "{name}'s Protego stops {count} Stupefy spells, but the flag goes down: no reward this round.",
            hits,
        ).format(name=name, count=hits)
    if cast == "protego":
        return _("{name} is protected, but the flag goes down: no reward this round.").format(name=name)
    if hits:
        return ngettext(
            "{name} is stunned: flag down, and {count} Late token.",
            "{name} is stunned: flag down, and {count} Late tokens.",
            hits,
        ).format(name=name, count=hits)
    return ""


def share_caption(names: Sequence[str], standing: Sequence[int]) -> str:
    if not standing:
        return _("No flag stands: the rewards are discarded and the Teacher's Pet stays.")
    if len(standing) == 1:
        return _("Only {name}'s flag stands: {name} takes all the rewards!").format(name=names[standing[0]])
    return _("Standing flags share the rewards: {names}.").format(names=listing([names[seat] for seat in standing]))


@dataclass
class Beat:
    """One event told after the reveal: its caption shows for ``seconds``."""

    caption: str
    seconds: float
    elapsed: float = 0.0
    steady: bool = False  # a queue of beats behind it does not hurry it (a tap does)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds


def round_end_seconds(speed: float) -> float:
    """How long the end of a round is told at ``speed`` (the Settings' animation factor; 0: not held)."""
    return max(ROUND_END_LEAST, ROUND_END / speed) if speed else 0.0


def beat_of(event: Event, names: Sequence[str], houses: Sequence[str], own: bool, speed: float) -> Beat | None:
    """The beat that tells ``event`` (None: nothing to tell on its own), at ``speed``; ``own``: a person at the
    screen did it (a shorter beat: they know what they did)."""
    scale = 1 / speed if speed else 0.0
    match event:
        case ev.RewardTaken(seat=seat, reward=reward, forced=forced):
            house = house_name(houses[seat]) if reward.startswith("points") else None
            return Beat(_taken(names[seat], term(reward), house, forced), (OWN_TAKE if own else TAKE) * scale)
        case ev.LessonTaken(seat=seat, discarded=discarded, found=found):
            return Beat(_(LESSONS[discarded, found]).format(name=names[seat]), TOLD * scale)
        case ev.StupefixChosen(seat=seat, face_down=down):
            chosen = _("{name} takes a face-down Stupefy.") if down else _("{name} takes a face-up Stupefy.")
            return Beat(chosen.format(name=names[seat]), TAKE * scale)
        case ev.RetardReturned(seat=seat, owner=owner):
            if seat == owner:
                back = _("{name} gives back their own Late token.").format(name=names[seat])
            else:
                back = _("{name} gives back {owner}'s Late token.").format(name=names[seat], owner=names[owner])
            return Beat(back, TAKE * scale)
        case ev.NoRetardToReturn(seat=seat):
            return Beat(_("{name} has no Late token to give back.").format(name=names[seat]), TAKE * scale)
        case ev.ChouchouTaken(seat=seat, last=last):
            told = (
                _("{name} becomes the Teacher's Pet, in the last round.")
                if last
                else _("{name} becomes the Teacher's Pet and runs the next round.")
            ).format(name=names[seat])
            return Beat(told, TAKE * scale)
        case ev.RoundEnded(round=number, house_points=points):
            haul = ", ".join(f"{house_name(house)} +{value}" for house, value in points if value)
            if number >= ROUNDS:  # (the game ends: no flag stands again; it said "Flags stand again", a review)
                told = last_round_end(number, haul)
            elif haul:
                told = _("End of round {number}: into the urns: {haul}. Flags stand again.").format(
                    number=number, haul=haul
                )
            else:
                told = _("End of round {number}: no Points went into the urns. Flags stand again.").format(
                    number=number
                )
            return Beat(told, round_end_seconds(speed), steady=True)
        case ev.RewardsRevealed():
            return Beat(_("Eight new rewards, beside Become Teacher's Pet."), TOLD * scale)
        case ev.PotionsMaster(seat=None):
            return Beat(_("Potions Master: nobody (no single player has the most Successful Potions)."), TOLD * scale)
        case ev.PotionsMaster(seat=int(seat), potions=count):
            told = ngettext(
                "Potions Master: {name}, {count} Successful Potion: +100.",
                "Potions Master: {name}, {count} Successful Potions: +100.",
                count,
            )
            return Beat(told.format(name=names[seat], count=count), TOLD * scale)
        case ev.Latecomers(seats=()):
            return Beat(_("Latecomer: nobody (everyone has as many Late tokens)."), TOLD * scale)
        case ev.Latecomers(seats=seats, retard=count):
            told = ngettext(
                "Latecomer (-100): {names}, with {count} Late token.",
                "Latecomer (-100): {names}, with {count} Late tokens.",
                count,
            )
            return Beat(told.format(names=listing([names[seat] for seat in seats]), count=count), TOLD * scale)
        case ev.GameEnded(winners=winners):
            houses_won = listing([house_name(house) for house in winners])
            won = _("{names} share the victory!") if len(winners) > 1 else _("{name} wins!")
            return Beat(won.format(names=houses_won, name=houses_won), TOLD * scale)
    return None


def _taken(name: str, reward: str, house: str | None, forced: bool) -> str:
    """A reward taken (``forced``: the only kind left, one card of it or several: "the last one" was said of
    each of four in a row), with the urn it goes into for Points."""
    if house is None:
        told = _("{name} takes {reward} (nothing else left to choose).") if forced else _("{name} takes {reward}.")
    elif forced:
        told = _("{name} takes {reward} for {house}'s urn (nothing else left to choose).")
    else:
        told = _("{name} takes {reward} for {house}'s urn.")
    return told.format(name=name, reward=reward, house=house)


# Private Lessons, told whole: (a Misfire given up?, what was found) -> the line.
LESSONS = {
    (True, "up"): N_("Private Lessons: {name} gives up a Misfire and takes a face-up Stupefy."),
    (True, "down"): N_("Private Lessons: {name} gives up a Misfire and takes a face-down Stupefy."),
    (True, "none"): N_("Private Lessons: {name} gives up a Misfire but finds no Stupefy to take."),
    (True, "choice"): N_(
        "Private Lessons: {name} gives up a Misfire and looks through the discard pile for a Stupefy."
    ),
    (False, "up"): N_("Private Lessons: {name} has no Misfire to give up and takes a face-up Stupefy."),
    (False, "down"): N_("Private Lessons: {name} has no Misfire to give up and takes a face-down Stupefy."),
    (False, "none"): N_("Private Lessons: {name} has no Misfire to give up and finds no Stupefy to take."),
    (False, "choice"): N_(
        "Private Lessons: {name} has no Misfire to give up and looks through the discard pile for a Stupefy."
    ),
}


def last_round_end(number: int, haul: str) -> str:
    """The caption of the last round's end: the Points into the urns, and no flag standing again (the game ends)."""
    if haul:
        return _("End of round {number}, the last: into the urns: {haul}.").format(number=number, haul=haul)
    return _("End of round {number}, the last: no Points went into the urns.").format(number=number)
