"""House Cup log lines, in our words."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import DAYS, title
from tabletop.games.house_cup.events import DiscardReason, RewardReason
from tabletop.games.house_cup.view import HouseCupView

_REWARD_WHY: dict[RewardReason, str] = {
    "nothing": "for getting no card",
    "letter": "from a Letter",
    "hagrid": "from Hagrid's Farm",
    "cauldron": "from the Magic Cauldron",
}
_DISCARD_WHY: dict[DiscardReason, str] = {"trouble": "for Trouble", "cauldron": "into the Magic Cauldron"}
_SETS = {
    "potions": "Potions",
    "herbology": "Herbology",
    "creatures": "Magical Creatures",
    "charms": "Charms",
    "castle": "Exploring the Castle",
}


def set_name(kind: str | None) -> str:
    return _SETS.get(kind or "", "no set")


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(title(card) for card in cards) if cards else "nothing"


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    match event:
        case ev.RoundStarted(round=r, rounds=total, first=first):
            return f"Round {r} of {total} begins; {who(first)} holds the Sorting Hat."
        case ev.Dealt(cards=cards, deck_left=left):
            if not cards:
                return "The deck is empty: no cards are laid on the timetable."
            laid = "; ".join(f"{title(c)}" for c in cards)
            return f"Laid on the timetable: {laid} ({left} left in the deck)."
        case ev.TokenPlaced(seat=s, day=d, value=None):
            return f"{who(s)} places a token face down under {DAYS[d]}."
        case ev.TokenPlaced(seat=s, day=d, value=v):
            return f"{who(s)} places their {v} token face down under {DAYS[d]}."
        case ev.TokensRevealed(day=d, tokens=tokens):
            if not tokens:
                return f"No tokens under {DAYS[d]}."
            shown = ", ".join(f"{who(s)} {v}" for s, v in tokens)
            return f"{DAYS[d]}'s tokens are turned over, top to bottom: {shown}."
        case ev.CardTaken(seat=s, card=c, day=d):
            return f"{who(s)} takes {title(c)} from {DAYS[d]}."
        case ev.RewardsTaken(seat=s, count=n, wanted=w, reason=reason):
            why = _REWARD_WHY[reason]
            if n == 0:
                return f"{who(s)} would take a reward token {why}, but the supply is empty."
            short = f" (the supply had only {n})" if n < w else ""
            plural = "s" if n > 1 else ""
            return f"{who(s)} takes {n} reward token{plural} {why}{short}."
        case ev.TokenReturned():
            return ""
        case ev.InstantApplied(seat=s, card=c):
            return f"{who(s)} applies {title(c)} at once."
        case ev.CardDiscarded(seat=s, card=c, reason=reason, forced=forced):
            only = " (the only card they could)" if forced else ""
            return f"{who(s)} discards {title(c)} {_DISCARD_WHY[reason]}{only}."
        case ev.NothingToDo(seat=s, card=c, why=why):
            return f"{title(c)} of {who(s)}: {why}."
        case ev.CardGiven(seat=s, to_seat=t, card=c, forced=forced):
            only = " (the only gift possible)" if forced else ""
            return f"{who(s)} gives {title(c)} to {who(t)}{only}."
        case ev.CardDrawn(seat=s, card=None):
            return f"{who(s)} would draw for Divination, but the deck is empty."
        case ev.CardDrawn(seat=s, card=str() as c):
            return f"{who(s)} draws {title(c)} with Divination."
        case ev.ShuffledBack(seat=s, card=c):
            return f"{who(s)} shuffles {title(c)} back into the deck."
        case ev.CauldronPassed(seat=s, had_cards=had):
            return f"{who(s)} keeps their cards." if had else f"{who(s)} has no card to offer the Cauldron."
        case ev.SearchLooked(seat=s, cards=cards, count=n) if cards:
            return f"You look at the top {n} cards: {_cards(cards)}."
        case ev.SearchLooked(seat=s, count=n):
            if n == 0:
                return f"{who(s)} searches for points, but the deck is empty."
            return f"{who(s)} looks at the top {n} cards of the deck to keep one."
        case ev.SearchKept(seat=s, card=c, discarded=rest):
            return f"{who(s)} keeps {title(c)} and discards {_cards(rest)}."
        case ev.FlywheelChosen(seat=s, set=kind):
            return f"{who(s)}'s Flywheel of Time joins {set_name(kind)}."
        case ev.HatPassed(to_seat=t):
            return f"The Sorting Hat passes to {who(t)}."
        case ev.GameEnded(scores=scores, winners=winners):
            tally = ", ".join(f"{who(s)} {p}" for s, p in enumerate(scores))
            won = " and ".join(who(s) for s in winners)
            return f"The game ends: {tally}. {won} {'win' if len(winners) > 1 else 'wins'} the House Cup."
    return type(event).__name__


def secret_lines(view: HouseCupView) -> list[str]:
    """What only ``view.seat`` knows: the numbers of its tokens still in hand while tokens are placed, of its
    tokens lying face down on the timetable, and the cards it looks at with Help Searching for Points."""
    seat = view.seat
    lines: list[str] = []
    held = view.held[seat]
    if view.phase == "place" and held:
        lines.append(f"Tokens in hand: {', '.join(map(str, sorted(held)))}")
    face_down = [
        f"{token.value} on {DAYS[day] if day < len(DAYS) else f'day {day + 1}'}"
        for day, stack in enumerate(view.under)
        for token in stack
        if token.seat == seat and not token.revealed and token.value is not None
    ]
    if face_down:
        lines.append(f"Face down: {', '.join(face_down)}")
    for task in view.tasks:
        if task.kind == "search" and task.seat == seat and task.cards:
            lines.append(f"Searching for Points, looks at: {_cards(task.cards)}")
    return lines
