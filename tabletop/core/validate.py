"""Checking a command's fields against its dataclass type hints, before any rule reads them.

Commands reach a game from the table, a bot, a save or a direct API call. The codec already refuses a wrong
shape in JSON; this check does the same for a command built in Python (a seat given as ``True``, a string where
a number belongs, ``None`` for a tuple of cards), so a game can refuse it with ``IllegalCommand`` instead of
failing somewhere inside its rules with a ``TypeError``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Union, get_args, get_origin

# Commands that passed, by id (each kept alive here so that its id is not reused): a game's ``legal`` hands out
# the same prebuilt command objects again and again, and one that passed once cannot change since (``_lasting``).
_PASSED: dict[int, object] = {}
_KEPT = 4096  # a bound: past it they start again


def field_problem(command: object) -> str | None:
    """Why a command's fields do not all have their declared types, in a few words; None when they do."""
    if _PASSED.get(id(command)) is command:
        return None
    if not dataclasses.is_dataclass(command) or isinstance(command, type):
        return "a move must be one of the game's commands"
    cls = type(command)
    for name, check, expected in _field_checks(cls):
        value = getattr(command, name)
        if not check(value):
            return f"'{name}' must be {describe(expected)}, not {value!r}"
    if _lasting(cls):
        if len(_PASSED) >= _KEPT:
            _PASSED.clear()
        _PASSED[id(command)] = command
    return None


_IMMUTABLE = (int, str, bool, float, type(None), None)


@cache
def _lasting(cls: type) -> bool:
    """Whether a command of ``cls`` that passed the check stays as it passed: a frozen dataclass whose declared
    types are all immutable (numbers, texts, None, Literals, tuples and unions of those)."""
    params = getattr(cls, "__dataclass_params__", None)
    frozen = bool(params and params.frozen)
    return frozen and all(_immutable(expected) for _name, _check, expected in _field_checks(cls))


def _immutable(tp: Any) -> bool:
    origin = get_origin(tp)
    if origin is typing.Literal:
        return all(type(option) in _IMMUTABLE for option in get_args(tp))
    if origin in (Union, types.UnionType, tuple):
        return all(arg is Ellipsis or _immutable(arg) for arg in get_args(tp))
    return tp in _IMMUTABLE


Check = Callable[[Any], bool]


@cache
def _field_checks(cls: type) -> tuple[tuple[str, Check, Any], ...]:
    """Each field of a command class with the check of its declared type, worked out once per class (every
    command of every game passes here: reading the hints again each time was a good part of a move's cost)."""
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    return tuple((item.name, _checker(hints.get(item.name, Any)), hints.get(item.name, Any)) for item in fields)


@cache
def _checker(tp: Any) -> Check:
    """The test of ``value`` against ``tp``, built once per type."""
    if tp is Any:
        return lambda value: True
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (Union, types.UnionType):
        if len(args) == 2 and type(None) in args:  # ``X | None``, the common case: no loop
            inner = _checker(next(arg for arg in args if arg is not type(None)))
            return lambda value: value is None or inner(value)
        options = tuple(_checker(option) for option in args)
        return lambda value: any(check(value) for check in options)
    if origin is typing.Literal:
        allowed = frozenset((type(option), option) for option in args)  # the type too: 1 is not True

        def literal(value: Any) -> bool:
            try:
                return (type(value), value) in allowed
            except TypeError:  # an unhashable value is none of the options
                return False

        return literal
    if origin is tuple:
        if not args:
            return lambda value: isinstance(value, tuple)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda value: isinstance(value, tuple) and all(item(part) for part in value)
        items = tuple(_checker(arg) for arg in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(items)
            and all(check(part) for check, part in zip(items, value, strict=True))
        )
    if origin is list:
        item = _checker(args[0] if args else Any)
        return lambda value: isinstance(value, list) and all(item(part) for part in value)
    if origin is dict:
        key, entry = (_checker(arg) for arg in (args or (Any, Any)))
        return lambda value: isinstance(value, dict) and all(key(k) and entry(v) for k, v in value.items())
    if tp is type(None) or tp is None:
        return lambda value: value is None
    if tp is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(tp, type):
        return lambda value: isinstance(value, tp)
    return lambda value: True  # a type this check does not know: the rules decide


def describe(tp: Any) -> str:
    """A declared type in words, for the reason a command is refused."""
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (Union, types.UnionType):
        return " or ".join(describe(option) for option in args)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(option) for option in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_plural(args[0])}"
        return f"a tuple of {len(args)} values"
    if origin is list:
        return f"a list of {_plural(args[0]) if args else 'values'}"
    if tp is type(None) or tp is None:
        return "None"
    words = {int: "a whole number", str: "a text", bool: "True or False", float: "a number"}
    return words.get(tp, f"a {getattr(tp, '__name__', tp)}")


def _plural(tp: Any) -> str:
    words = {int: "whole numbers", str: "texts", bool: "True or False values", float: "numbers"}
    return words.get(tp, describe(tp))
