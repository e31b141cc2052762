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
from functools import cache
from typing import Any, Union, get_args, get_origin


def field_problem(command: object) -> str | None:
    """Why a command's fields do not all have their declared types, in a few words; None when they do."""
    if not dataclasses.is_dataclass(command) or isinstance(command, type):
        return "a move must be one of the game's commands"
    hints = _hints(type(command))
    for item in dataclasses.fields(command):
        value = getattr(command, item.name)
        expected = hints.get(item.name, Any)
        if not fits(expected, value):
            return f"'{item.name}' must be {describe(expected)}, not {value!r}"
    return None


def fits(tp: Any, value: Any) -> bool:
    """Whether ``value`` has type ``tp`` (as the codec reads it: a bool is no int, a tuple's items are checked)."""
    if tp is Any:
        return True
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (Union, types.UnionType):
        return any(fits(option, value) for option in args)
    if origin is typing.Literal:
        return any(value == option and type(value) is type(option) for option in args)
    if origin is tuple:
        return isinstance(value, tuple) and _items_fit(args, value)
    if origin is list:
        return isinstance(value, list) and all(fits(args[0] if args else Any, item) for item in value)
    if origin is dict:
        key, item = args or (Any, Any)
        return isinstance(value, dict) and all(fits(key, k) and fits(item, v) for k, v in value.items())
    if tp is type(None) or tp is None:
        return value is None
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(tp, type):
        return isinstance(value, tp)
    return True  # a type this check does not know: the rules decide


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


def _items_fit(args: tuple[Any, ...], value: tuple[Any, ...]) -> bool:
    if not args:
        return True
    if len(args) == 2 and args[1] is Ellipsis:
        return all(fits(args[0], item) for item in value)
    return len(args) == len(value) and all(fits(t, item) for t, item in zip(args, value, strict=True))


def _plural(tp: Any) -> str:
    words = {int: "whole numbers", str: "texts", bool: "True or False values", float: "numbers"}
    return words.get(tp, describe(tp))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
