"""Spellbooks: the building rules checked and explained rule by rule, and random legal spellbooks.

The rulebook's three rules: seven spells; within a school the levels come in order from 1 (1, 1-2, 1-3 or 1-4);
at most one spell per school and level (a Duos spell fills its slot). Duos spells only in Duos, and Duos allies
build from one shared deck, so no spell may be in both of their books. Focus and Counterspell are not spells
of a spellbook: every player has them anyway.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from tabletop.core.rng import Rng, sealed_seed
from tabletop.games.thats_wizard.cards import (
    BOOK_SIZE,
    CARDS,
    DRAWN_BOOK_NAME,
    DUOS_PAIRS,
    PREMADE,
    SCHOOL_SHORT,
    SCHOOLS,
    SLOTS,
    SOLO_PREMADES,
    SPECIALS,
    STAMINA_SPELLS,
    describe_slot,
    name,
)
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext


def _joined(cards: Sequence[str]) -> str:
    names = [name(card) for card in cards]
    return _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def _slot(school: str, level: int) -> str:
    """ "level 2 Curse" (the school's short name in the language shown)."""
    return _("level {level} {school}").format(level=level, school=_(SCHOOL_SHORT[school]))


def check_spellbook(cards: Sequence[str], duos: bool) -> list[str]:
    """Every broken building rule of one spellbook, one sentence each; empty when the book is legal."""
    problems: list[str] = []
    unknown = [card for card in cards if card not in CARDS]
    specials = [card for card in cards if card in SPECIALS]
    for card in unknown:
        problems.append(_("'{card}' is not a spell of That's Wizard!.").format(card=card))
    for card in specials:
        line = _("{card} is a special action card: every wizard has it anyway, so it is not one of the 7 spells.")
        problems.append(line.format(card=name(card)))
    spells = [card for card in cards if card in CARDS and card not in SPECIALS]
    if len(cards) != BOOK_SIZE:
        problems.append(
            _("Rule 1 (seven spells): a spellbook holds exactly 7 spells; this one has {count}.").format(
                count=len(cards)
            )
        )
    for card, count in Counter(spells).items():
        if count > 1:
            line = ngettext(
                "Rule 3 (one spell per school and level): {card} is in the book {count} time.",
                "Rule 3 (one spell per school and level): {card} is in the book {count} times.",
                count,
            )
            problems.append(line.format(card=name(card), count=count))
    distinct = list(dict.fromkeys(spells))
    if not duos:
        for card in distinct:
            if CARDS[card].duos:
                line = _("Duos spells are played only in Duos (2 vs 2): {card} is a Duos spell.")
                problems.append(line.format(card=name(card)))
    by_slot: dict[tuple[str, int], list[str]] = {}
    for card in distinct:
        by_slot.setdefault((CARDS[card].school, CARDS[card].level), []).append(card)
    for (school, level), held in sorted(by_slot.items(), key=lambda item: (SCHOOLS.index(item[0][0]), item[0][1])):
        if len(held) > 1:
            line = (
                _("Rule 3 (one spell per school and level): {cards} are both {slot} spells; keep only one.")
                if len(held) == 2
                else _("Rule 3 (one spell per school and level): {cards} are all {slot} spells; keep only one.")
            )
            problems.append(line.format(cards=_joined(held), slot=_slot(school, level)))
    for school in SCHOOLS:
        levels = sorted({level for (s, level) in by_slot if s == school})
        if not levels:
            continue
        missing = [level for level in range(1, levels[-1]) if level not in levels]
        if missing:
            top = by_slot[(school, levels[-1])][0]
            need = ", ".join(str(level) for level in missing)
            line = ngettext(
                "Rule 2 (levels in order): {card} is {slot}, so the book also needs a {school} spell of level {need}.",
                "Rule 2 (levels in order): {card} is {slot}, so the book also needs {school} spells of levels {need}.",
                len(missing),
            )
            problems.append(
                line.format(card=name(top), slot=describe_slot(top), school=_(SCHOOL_SHORT[school]), need=need)
            )
    return problems


def check_team(books: Sequence[Sequence[str]]) -> list[str]:
    """Duos allies build from one shared deck: a spell can be in only one of their books."""
    shared = sorted(set(books[0]) & set(books[1]), key=lambda card: list(CARDS).index(card) if card in CARDS else 0)
    if not shared:
        return []
    cards = ", ".join(name(card) for card in shared)
    line = _("Allies share one deck, so a spell can be in only one of their spellbooks. In both: {cards}.")
    return [line.format(cards=cards)]


def random_book(rng: Rng, duos: bool, required: Iterable[str] = (), excluded: Iterable[str] = ()) -> list[str] | None:
    """A random legal spellbook holding every ``required`` spell and no ``excluded`` one.

    Every way to spread the 7 levels over the schools that can be filled is equally likely, then every spell
    for each slot. Returns None when no legal book fits. Used to build random opponents and by ``sample`` to
    give the other wizards spellbooks consistent with everything seen of them.
    """
    required = set(required)
    excluded = set(excluded) - required
    fixed: dict[tuple[str, int], str] = {}
    for card in required:
        c = CARDS.get(card)
        if c is None or not c.is_spell or (c.duos and not duos):
            return None
        slot = (c.school, c.level)
        if slot in fixed:
            return None
        fixed[slot] = card
    options: dict[tuple[str, int], list[str]] = {}
    for slot, cards in SLOTS.items():
        if slot in fixed:
            options[slot] = [fixed[slot]]
        else:
            options[slot] = [c for c in cards if c not in excluded and (duos or not CARDS[c].duos)]
    low = [max((level for (s, level) in fixed if s == school), default=0) for school in SCHOOLS]
    high = []
    for school in SCHOOLS:
        top = 0
        while top < 4 and options[(school, top + 1)]:
            top += 1
        high.append(top)
    if any(lo > hi for lo, hi in zip(low, high, strict=True)):
        return None
    lengths = _spread(rng, low, high, BOOK_SIZE)
    if lengths is None:
        return None
    book = []
    for school, k in zip(SCHOOLS, lengths, strict=True):
        for level in range(1, k + 1):
            book.append(rng.choice(options[(school, level)]))
    return book


def harmless_book(rng: Rng, duos: bool, excluded: Iterable[str] = ()) -> list[str] | None:
    """A random legal spellbook with no spell that takes Stamina from an opponent (no Damage, no Fatigue, no Grim
    Omen): it can win only by a forfeit spell or the opponent's own spells. For tests and benchmarks of the duels
    that can stall."""
    return random_book(rng, duos, excluded=set(excluded) | STAMINA_SPELLS)


def stamina_problem(cards: Sequence[str]) -> str | None:
    """The editor's one-line warning for a book none of whose spells can take Stamina from an opponent (it can
    win only by a forfeit once the opponent is low, so a duel against a healer may stall); None otherwise."""
    if not cards or any(card in STAMINA_SPELLS for card in cards):
        return None
    return _("No spell deals Damage or Fatigue: duels may stall.")


def _spread(rng: Rng, low: list[int], high: list[int], total: int) -> list[int] | None:
    """Uniformly one of the ways to pick k[i] in low[i]..high[i] adding up to ``total`` (counted, then drawn)."""
    ways = _ways(tuple(low), tuple(high), total)
    if ways[0][total] == 0:
        return None
    lengths, rest = [], total
    for i in range(len(low)):
        pick = rng.below(ways[i][rest])
        for k in range(low[i], min(high[i], rest) + 1):
            if pick < ways[i + 1][rest - k]:
                lengths.append(k)
                rest -= k
                break
            pick -= ways[i + 1][rest - k]
    return lengths


@cache
def _ways(low: tuple[int, ...], high: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """ways[i][r]: how many ways schools i.. can hold r spells."""
    n = len(low)
    ways = [[0] * (total + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for i in range(n - 1, -1, -1):
        for rest in range(total + 1):
            ways[i][rest] = sum(ways[i + 1][rest - k] for k in range(low[i], min(high[i], rest) + 1))
    return tuple(tuple(row) for row in ways)


DRAWN_BOOKS = 7  # the part of a seed the setup's drawn books take (``sealed_seed``): not the deal's own draws


def drawn_books(
    players: int, seats: Sequence[int], seed: int, allies: Mapping[int, Sequence[str]] | None = None
) -> dict[int, tuple[str, list[str]]]:
    """Books (name, spells) drawn for ``seats`` (a setup's bots nobody chose for), by ``seed``: in 1 vs 1 any of
    the premade ones; in Duos a premade pair for each team whose two seats are both drawn for, shuffled between
    them (allies build from one deck: a pair is made not to clash), and for a seat drawn for beside an ally whose
    book is given (``allies``: seat -> its ally's spells, a person's chosen book) a premade one that shares no spell
    with it, or where none does (beside The Dark Lord) a legal book drawn at random that shares none. (A bot beside
    a person always played its seat's own book: known to the other team after one match, and refused at Start
    beside half the books a person could choose; a word on the setup that none fitted told the other team which.)"""
    draw = Rng.from_seed(sealed_seed(seed, DRAWN_BOOKS))
    drawn: dict[int, tuple[str, list[str]]] = {}
    if players == 4:
        for team in (0, 1):
            if team in seats and team + 2 in seats:
                pair = list(draw.choice(DUOS_PAIRS))
                draw.shuffle(pair)
                drawn |= {team: (pair[0], list(PREMADE[pair[0]])), team + 2: (pair[1], list(PREMADE[pair[1]]))}
        for seat in sorted(seats):  # (after the pairs: an all-bot team's pair is drawn as it was)
            ally = (allies or {}).get(seat)
            if seat in drawn or ally is None:
                continue
            fits = [title for title in PREMADE if not check_team([PREMADE[title], ally])]
            if fits:
                title = draw.choice(fits)
                drawn[seat] = (title, list(PREMADE[title]))
                continue
            book = random_book(draw, True, excluded=ally)
            if book is not None and not check_team([book, ally]):
                drawn[seat] = (DRAWN_BOOK_NAME, book)
        return drawn
    for seat in sorted(seats):
        title = draw.choice(SOLO_PREMADES)
        drawn[seat] = (title, list(PREMADE[title]))
    return drawn


def rematch_options(options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """A match played again: the books the setup drew (``options["drawn"]``) drawn again by the new seed (kept,
    a bot's book shown at the last match's end was known before the next began)."""
    again = dict(options)
    seats = options.get("drawn")
    books, names = options.get("books"), options.get("book_names")
    # (read from a save, which may hold anything there: the rules never read these two)
    if not isinstance(seats, list) or not isinstance(books, list) or not isinstance(names, list):
        return again
    if len(names) != len(books) or not all(type(seat) is int and 0 <= seat < len(books) for seat in seats):
        return again
    again["books"], again["book_names"] = [list(book) for book in books], list(names)
    allies = {}  # (Duos: a seat drawn for beside one that was not, its ally's book to fit)
    for seat in seats if len(books) == 4 else ():
        ally = again["books"][(seat + 2) % 4]
        if (seat + 2) % 4 not in seats and all(isinstance(card, str) for card in ally):
            allies[seat] = ally
    for seat, (title, book) in drawn_books(len(books), seats, seed, allies).items():
        again["books"][seat], again["book_names"][seat] = book, title
    return again
