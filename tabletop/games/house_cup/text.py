"""House Cup log lines, in our words, in the current language (the game's catalogue): made when shown, from
events that hold only ids and numbers."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import DAYS, title
from tabletop.games.house_cup.events import DiscardReason, RewardReason
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import joined, ngettext
from tabletop.games.house_cup.view import HouseCupView
from tabletop.i18n import N_, end_sentence

_SETS = {
    "potions": N_("Potions"),
    "herbology": N_("Herbology"),
    "creatures": N_("Magical Creatures"),
    "charms": N_("Charms"),
    "castle": N_("Exploring the Castle"),
}


def set_name(kind: str | None) -> str:
    return _(_SETS[kind]) if kind in _SETS else _("no set")


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(title(card) for card in cards) if cards else _("nothing")


def _day(day: int) -> str:
    return DAYS[day] if 0 <= day < len(DAYS) else _("day {number}").format(number=day + 1)


def _rewards_taken(name: str, count: int, wanted: int, reason: RewardReason) -> str:
    if count == 0:
        empty = {
            "nothing": _("{name} would take a reward token for a token that got no card, but the supply is empty."),
            "letter": _("{name} would take a reward token from a Letter, but the supply is empty."),
            "hagrid": _("{name} would take three reward tokens from Hagrid's Farm, but the supply is empty."),
            "cauldron": _("{name} would take a reward token from the Magic Cauldron, but the supply is empty."),
        }
        return empty[reason].format(name=name)
    if reason == "nothing":
        line = ngettext(
            "{name} takes {count} reward token for a token that got no card",
            "{name} takes {count} reward tokens for tokens that got no card",
            count,
        )
    elif reason == "letter":
        line = ngettext(
            "{name} takes {count} reward token from a Letter", "{name} takes {count} reward tokens from a Letter", count
        )
    elif reason == "hagrid":
        line = ngettext(
            "{name} takes {count} reward token from Hagrid's Farm",
            "{name} takes {count} reward tokens from Hagrid's Farm",
            count,
        )
    else:
        line = ngettext(
            "{name} takes {count} reward token from the Magic Cauldron",
            "{name} takes {count} reward tokens from the Magic Cauldron",
            count,
        )
    line = line.format(name=name, count=count)
    if count < wanted:
        line = _("{line} (the supply had only {count})").format(line=line, count=count)
    return line + "."


def _card_discarded(name: str, card: str, reason: DiscardReason, forced: bool) -> str:
    if reason == "trouble":
        if forced:
            return _("Trouble makes {name} discard {card} (the only card they could).").format(name=name, card=card)
        return _("Trouble makes {name} discard {card}.").format(name=name, card=card)
    if forced:
        line = _("{name} discards {card} into the Magic Cauldron (the only card they could).")
        return line.format(name=name, card=card)
    return _("{name} discards {card} into the Magic Cauldron.").format(name=name, card=card)


def describe(event: Event, names: Sequence[str]) -> str:
    """The log's line for ``event`` (a title ending in "!" or "?" ends it without a full stop: ``end_sentence``)."""
    return end_sentence(_describe(event, names))


def _describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)

    match event:
        case ev.RoundStarted(round=r, rounds=total, first=first):
            line = _("Round {round} of {rounds} begins; {name} holds the Sorting Hat.")
            return line.format(round=r, rounds=total, name=who(first))
        case ev.Dealt(cards=cards, deck_left=left):
            if not cards:
                return _("The deck is empty: no cards are laid on the timetable.")
            laid = _("; ").join(title(c) for c in cards)  # (French puts a space before the semicolon)
            line = ngettext(
                "Laid on the timetable: {cards} ({count} left in the deck).",
                "Laid on the timetable: {cards} ({count} left in the deck).",
                left,
            )
            return line.format(cards=laid, count=left)
        case ev.TokenPlaced(seat=s, day=d, value=None):
            return _("{name} places a token face down under {day}.").format(name=who(s), day=_day(d))
        case ev.TokenPlaced(seat=s, day=d, value=v):
            line = _("{name} places their {value} token face down under {day}.")
            return line.format(name=who(s), value=v, day=_day(d))
        case ev.TokensRevealed(day=d, tokens=tokens):
            if not tokens:
                return _("No tokens under {day}.").format(day=_day(d))
            shown = ", ".join(f"{who(s)} {v}" for s, v in tokens)
            line = _("{day}'s tokens are turned over, in the order they lie: {tokens}.")
            return line.format(day=_day(d), tokens=shown)
        case ev.CardTaken(seat=s, card=c, day=d):
            return _("{name} takes {card} from {day}.").format(name=who(s), card=title(c), day=_day(d))
        case ev.RewardsTaken(seat=s, count=n, wanted=w, reason=reason):
            return _rewards_taken(who(s), n, w, reason)
        case ev.TokenReturned():
            return ""
        case ev.InstantApplied(seat=s, card=c):
            return _("{name} applies {card} at once.").format(name=who(s), card=title(c))
        case ev.CardDiscarded(seat=s, card=c, reason=reason, forced=forced):
            return _card_discarded(who(s), title(c), reason, forced)
        case ev.NothingToDo(seat=s, card=c, why=why):
            # ``why`` is an English message kept in the event (flow.py marks it): translated here, when shown.
            return _("{card} of {name}: {why}.").format(card=title(c), name=who(s), why=_(why))
        case ev.CardGiven(seat=s, to_seat=t, card=c, forced=forced):
            if forced:
                line = _("{name} gives {card} to {other} (the only gift possible).")
            else:
                line = _("{name} gives {card} to {other}.")
            return line.format(name=who(s), card=title(c), other=who(t))
        case ev.CardDrawn(seat=s, card=None):
            return _("{name} would draw for Divination, but the deck is empty.").format(name=who(s))
        case ev.CardDrawn(seat=s, card=str() as c):
            return _("{name} draws {card} with Divination.").format(name=who(s), card=title(c))
        case ev.ShuffledBack(seat=s, card=c):
            return _("{name} shuffles {card} back into the deck.").format(name=who(s), card=title(c))
        case ev.CauldronPassed(seat=s, had_cards=had):
            if had:
                return _("{name} keeps their cards.").format(name=who(s))
            return _("{name} has no card to offer the Cauldron.").format(name=who(s))
        case ev.SearchLooked(seat=s, cards=cards, count=n) if cards:
            line = ngettext(
                "You look at the top {count} card: {cards}.", "You look at the top {count} cards: {cards}.", n
            )
            return line.format(count=n, cards=_cards(cards))
        case ev.SearchLooked(seat=s, count=n):
            if n == 0:
                return _("{name} searches for points, but the deck is empty.").format(name=who(s))
            line = ngettext(
                "{name} looks at the top {count} card of the deck, and may keep it.",
                "{name} looks at the top {count} cards of the deck, and may keep one.",
                n,
            )
            return line.format(name=who(s), count=n)
        case ev.SearchKept(seat=s, card=None, discarded=rest):
            return _("{name} keeps none of them and discards {cards}.").format(name=who(s), cards=_cards(rest))
        case ev.SearchKept(seat=s, card=str(c), discarded=rest):
            line = _("{name} keeps {card} and discards {cards}.")
            return line.format(name=who(s), card=title(c), cards=_cards(rest))
        case ev.FlywheelChosen(seat=s, set=kind):
            return _("{name}'s Flywheel of Time joins {set}.").format(name=who(s), set=set_name(kind))
        case ev.HatPassed(to_seat=t):
            return _("The Sorting Hat passes to {name}.").format(name=who(t))
        case ev.GameEnded(scores=scores, winners=winners):
            tally = ", ".join(f"{who(s)} {p}" for s, p in enumerate(scores))
            won = joined([who(s) for s in winners])
            if len(winners) > 1:
                return _("The game ends: {scores}. {names} win the House Cup.").format(scores=tally, names=won)
            return _("The game ends: {scores}. {name} wins the House Cup.").format(scores=tally, name=won)
    return type(event).__name__


def secret_lines(view: HouseCupView) -> list[str]:
    """What only ``view.seat`` knows: the numbers of its tokens still in hand while tokens are placed, of its
    tokens lying face down on the timetable, and the cards it looks at with Help Searching for Points."""
    seat = view.seat
    lines: list[str] = []
    held = view.held[seat]
    if view.phase == "place" and held:
        lines.append(_("Tokens in hand: {values}").format(values=", ".join(map(str, sorted(held)))))
    face_down = [
        _("{value} on {day}").format(value=token.value, day=_day(day))
        for day, stack in enumerate(view.under)
        for token in stack
        if token.seat == seat and not token.revealed and token.value is not None
    ]
    if face_down:
        lines.append(_("Face down: {tokens}").format(tokens=", ".join(face_down)))
    for task in view.tasks:
        if task.kind == "search" and task.seat == seat and task.cards:
            lines.append(_("Searching for Points, looks at: {cards}").format(cards=_cards(task.cards)))
    return lines
