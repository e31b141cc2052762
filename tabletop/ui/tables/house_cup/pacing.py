"""House Cup's moves told one at a time: a day's tokens turn over one after the other, each card taken, given,
discarded or drawn moves on its own beat, and each beat has a short caption in the banner: the move's line of the
log, or the table's fewer words for it where the banner cannot hold that line readable (the list of a day's many
tokens, in French or Russian with Large text). The table stays busy meanwhile, so a bot waits for the table (and
then for its Settings delay) before its next move, and the screen passes to the next person only once everything
is seen.

Nothing here changes what the table shows in the end: a card whose move waits its turn is drawn where it was
until its beat (``waiting``), a token turns over when its beat comes (``flip_delays``), and a card that moves twice in
one move rests with the house that received it between its two beats (``resting``: a Divination taken goes to its
taker's cards, then back into the deck). The Settings animation
speed sets the pace ("Slow" is slower, "Fast" quicker); with animations off every move shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.core.protocol import Event
from tabletop.games.house_cup import events as ev

FLIP_STEP = 0.45  # seconds between two tokens turning over
OTHERS_TOKEN = 0.7  # seconds another house's token placing is told ("Bram places a token face down under Friday")
# Seconds each kind of event takes at the Normal speed, its caption shown meanwhile.
BEATS: dict[type[Event], float] = {
    ev.RoundStarted: 1.0,
    ev.Dealt: 0.9,
    ev.CardTaken: 0.8,
    ev.RewardsTaken: 0.6,
    ev.InstantApplied: 1.0,
    ev.CardDiscarded: 0.8,
    ev.CardGiven: 0.9,
    ev.CardDrawn: 0.8,
    ev.ShuffledBack: 0.7,
    ev.CauldronPassed: 0.7,
    ev.NothingToDo: 0.9,
    ev.SearchKept: 0.8,
    ev.FlywheelChosen: 0.8,
    ev.GameEnded: 1.0,
}
MOVED = (ev.CardTaken, ev.CardDiscarded, ev.CardGiven, ev.CardDrawn, ev.ShuffledBack)  # a card changes place


@dataclass(frozen=True)
class Beat:
    start: float
    end: float
    caption: str
    short: str = ""  # the caption in fewer words, drawn instead where the banner cannot hold it readable


class Pacer:
    def __init__(self) -> None:
        self.until = 0.0  # when the last beat ends
        self.beats: list[Beat] = []
        self.holds: dict[str, float] = {}  # a card that keeps its place until then
        self.flip_delays: dict[tuple[int, int], float] = {}  # (day, token) -> seconds before it turns over
        self.stops: dict[str, tuple[float, int]] = {}  # a card received, then moved on: (from when, who has it)
        self.lines: list[float] = []  # when each line the events add to the log is told (its beat begins)

    def clear(self) -> None:
        """Everything shown as it lies at once (a jump, a handover, an undo)."""
        self.until = 0.0
        self.beats.clear()
        self.holds.clear()
        self.flip_delays.clear()
        self.stops.clear()
        self.lines.clear()

    def busy(self, now: float) -> bool:
        return now < self.until

    def waiting(self, now: float) -> frozenset[str]:
        """The cards whose move has not come yet (drawn where they were)."""
        return frozenset(card for card, until in self.holds.items() if now < until)

    def untold(self, now: float) -> int:
        """How many of the log's last lines tell moves whose beat has not begun (the side log waits for them)."""
        return sum(1 for start in self.lines if start > now)

    def resting(self, now: float) -> dict[str, int]:
        """The cards waiting their next move with the house that received them: card -> seat."""
        return {card: seat for card, (since, seat) in self.stops.items() if since <= now < self.holds.get(card, 0.0)}

    def beat(self, now: float) -> Beat | None:
        """The beat being shown."""
        return next((beat for beat in reversed(self.beats) if beat.start <= now < beat.end), None)

    def caption(self, now: float) -> str | None:
        """The caption of the beat being shown."""
        beat = self.beat(now)
        return beat.caption if beat is not None else None

    def tidy(self, now: float) -> None:
        self.beats = [beat for beat in self.beats if beat.end > now]
        self.holds = {card: until for card, until in self.holds.items() if until > now}
        self.stops = {card: stop for card, stop in self.stops.items() if card in self.holds}
        self.lines = [start for start in self.lines if start > now]

    def schedule(
        self,
        events: Sequence[Event],
        now: float,
        speed: float,
        telling: Callable[[Event], str],
        briefly: Callable[[Event], str] = lambda event: "",
    ) -> dict[int, float]:
        """Give each of a command's ``events`` (those the seat on screen sees) its beat, after the beats still
        being shown, captioned by ``telling`` (shorter by ``briefly``, "" if it has no shorter words); returns how
        long each waits (by its position in ``events``)."""
        if speed <= 0:
            return {}
        t = max(now, self.until)
        delays: dict[int, float] = {}
        received: dict[str, tuple[float, int]] = {}  # cards taken or given in these events: (when, to whom)
        for index, event in enumerate(events):
            delays[index] = t - now
            caption = telling(event)
            if caption:  # a line of the log (the side log's), told as its beat begins
                self.lines.append(t)
            seconds = BEATS.get(type(event), 0.0)
            if isinstance(event, ev.TokensRevealed) and event.tokens:
                for position in range(len(event.tokens)):
                    self.flip_delays[(event.day, position)] = t - now + position * FLIP_STEP / speed
                seconds = len(event.tokens) * FLIP_STEP + 0.4
            elif isinstance(event, MOVED) and event.card is not None:
                if event.card in received:  # moved on after it was received: it rests with them till then
                    self.stops[event.card] = received.pop(event.card)
                self.holds[event.card] = t
                if isinstance(event, ev.CardTaken | ev.CardGiven):
                    received[event.card] = (t, event.to_seat if isinstance(event, ev.CardGiven) else event.seat)
            elif isinstance(event, ev.Dealt):
                for card in event.cards:
                    self.holds[card] = t
                seconds = seconds if event.cards else 0.0
            elif isinstance(event, ev.RewardsTaken) and not event.count:
                seconds = 0.0
            elif isinstance(event, ev.TokenPlaced):  # another house's, face down: said in the banner as it lands
                seconds = OTHERS_TOKEN if event.value is None else 0.0
            if not seconds:
                continue
            end = t + seconds / speed
            if caption:
                self.beats.append(Beat(t, end, caption, briefly(event)))
            t = end
        self.until = t
        return delays
