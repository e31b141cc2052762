"""Small checks shared by the games' ``check_state``; each returns its problems as short lines.

A start position comes from a file, so it may hold anything: a problem line shows only a few values, each cut
short, so it stays one short line whatever the file holds. The checks never raise on a wrong shape.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, Union, get_args, get_origin

from tabletop.core.rng import Rng

LINE = 120  # characters of one problem line at most
RNG_STATES = 1 << 64


def shown(value: object, limit: int = 24) -> str:
    """``value`` as a short printable text for a problem line (a long or odd value is cut)."""
    text = value if isinstance(value, str) and value.isidentifier() else repr(value)
    return one_line(text, limit)


def one_line(text: str, limit: int = LINE) -> str:
    """``text`` with unprintable characters replaced and cut to ``limit`` characters."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= limit else clean[: limit - 3] + "..."


def some(values: Sequence[object], count: int = 4) -> str:
    """The first few of ``values``, shown short, and how many more there are."""
    out = ", ".join(shown(value) for value in values[:count])
    return out + (f" and {len(values) - count} more" if len(values) > count else "")


def card_conservation(places: Iterable[str], all_cards: Iterable[str], label: str) -> list[str]:
    """Every one of ``all_cards`` in exactly one place: ``places`` lists the cards found, place after place.

    ``label`` names the cards in the lines ("cards", "Adventure Cards")."""
    found = list(places)
    known = dict.fromkeys(all_cards)
    if len(found) == len(known) and known.keys() == set(found):
        return []  # each once: the usual case, told at C speed
    counts = Counter(found)
    missing = [card for card in known if counts[card] == 0]
    doubled = [card for card, n in counts.items() if n > 1 and card in known]
    unknown = [card for card in counts if card not in known]
    problems = []
    if missing:
        problems.append(f"{label} missing: {some(missing)}")
    if doubled:
        problems.append(f"{label} in two places: {some(doubled)}")
    if unknown:
        problems.append(f"unknown {label}: {some(unknown)}")
    return problems


def bounded(label: str, value: object, low: int, high: int) -> list[str]:
    """``value`` is a whole number from ``low`` to ``high``; else one line saying so."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return []
    return [f"{label} is {shown(value)}, not {low} to {high}"]


def seat_counts(label: str, values: Sequence[int], low: int, high: int) -> list[str]:
    """Each seat's count (whole numbers, as the types say) from ``low`` to ``high``; a line for each seat not."""
    if not values or (low <= min(values) and max(values) <= high):
        return []
    return [
        f"seat {seat + 1}'s {label} is {shown(value)}, not {low} to {high}"
        for seat, value in enumerate(values)
        if not low <= value <= high
    ]


def rng_problems(rng: Rng) -> list[str]:
    """The generator's state is one of its 2^64 states (it is kept in the State, so a save carries it)."""
    return bounded("the random generator's state", rng.state, 0, RNG_STATES - 1)


def shape_problems(obj: object) -> list[str]:
    """Fields of ``obj`` (a dataclass) whose values, all the way down, are not of their declared types.

    A state decoded from JSON has them already; one built in code may not, and every later check relies on them."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return [f"the state is a {type(obj).__name__}"]
    for name, check in _field_checks(type(obj)):
        value = getattr(obj, name, None)
        if not check(value):
            return [f"{name} has a value of the wrong type ({shown(value)})"]
    return []


Check = Callable[[Any], bool]


@cache
def _field_checks(cls: type) -> tuple[tuple[str, Check], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((item.name, _check(hints.get(item.name, Any))) for item in dataclasses.fields(cls))


@cache
def _check(tp: Any) -> Check:
    """A fast test of whether a value has type ``tp`` (as the codec reads it: a bool is no int), built once per type.

    Plain values (text, numbers, flags, None) are told by their exact type, and so are lists and maps of them, in
    one pass at C speed: check_state runs after every command of the random simulations."""
    origin, args = get_origin(tp), get_args(tp)
    plain = _plain_types(tp)
    if plain is not None:
        return lambda value: type(value) in plain
    if origin in (Union, types.UnionType):
        options = tuple(_check(option) for option in args)
        return lambda value: any(check(value) for check in options)
    if origin is typing.Literal:
        return lambda value: any(value == option and type(value) is type(option) for option in args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        kind = list if origin is list else tuple
        plain_items = _plain_types(args[0]) if args else None
        if plain_items is not None:
            return lambda value: isinstance(value, kind) and set(map(type, value)) <= plain_items
        item = _check(args[0]) if args else _anything
        return lambda value: isinstance(value, kind) and all(map(item, value))
    if origin is tuple:
        items = tuple(_check(arg) for arg in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(items)
            and all(check(v) for check, v in zip(items, value, strict=True))
        )
    if origin is dict:
        key, item = (_check(args[0]), _check(args[1])) if args else (_anything, _anything)
        return lambda value: isinstance(value, dict) and all(map(key, value)) and all(map(item, value.values()))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        fields = _field_checks(tp)
        return lambda value: isinstance(value, tp) and all(check(getattr(value, name)) for name, check in fields)
    if isinstance(tp, type):
        return lambda value: isinstance(value, tp)
    return _anything


_PLAIN: dict[Any, set[type]] = {str: {str}, int: {int}, bool: {bool}, float: {int, float}, None: {type(None)}}
_PLAIN[type(None)] = _PLAIN[None]


def _plain_types(tp: Any) -> frozenset[type] | None:
    """The exact types a plain ``tp`` (or a union of plain types) allows; None for any other type."""
    if get_origin(tp) in (Union, types.UnionType):
        allowed: set[type] = set()
        for option in get_args(tp):
            part = _plain_types(option)
            if part is None:
                return None
            allowed |= part
        return frozenset(allowed)
    try:
        return frozenset(_PLAIN[tp]) if tp in _PLAIN else None
    except TypeError:  # an unhashable hint
        return None


def _anything(value: Any) -> bool:
    return True


def waiting_problems(
    state: Any,
    players: int,
    to_act: Callable[[Any], tuple[int, ...]],
    legal: Callable[[Any, int], list[Any]],
    result: Callable[[Any], object],
) -> list[str]:
    """A game that is not over waits on at least one seat, and each seat it waits on has a move to make.

    Run last, once the rest of the state is sound: otherwise the game would lock on this position."""
    if result(state) is not None:
        return []
    actors = to_act(state)
    if not actors:
        return ["the game is not over, but nobody is to move"]
    for seat in actors:
        if not 0 <= seat < players:
            return [f"seat {shown(seat)} is to move, but there is no such seat"]
        if not legal(state, seat):
            return [f"seat {seat + 1} is to move, but has no move to make"]
    return []


def clipped(problems: Iterable[str]) -> list[str]:
    """Each problem as one short line."""
    return [one_line(problem) for problem in problems]
