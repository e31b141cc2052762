"""Plain JSON form of dataclasses, used for states, views, commands and events.

Only JSON types come out (dict, list, str, int, float, bool, None); tuples become lists and are rebuilt from
the type hints on the way back. Nothing is ever evaluated or unpickled: ``from_json`` builds objects only from
the field types the code declares.

A record is a dataclass or a ``typing.NamedTuple`` (a View's small parts, made at every step, are: a tuple costs
a fraction of a frozen dataclass to make). Both are written alike, as an object of their fields.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


class CodecError(ValueError):
    """Data that does not fit the declared shape."""


def to_json(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        if getattr(type(obj), "TAGGED", False):
            out["type"] = type(obj).__name__
        for f in _init_fields(type(obj)):
            out[f] = to_json(getattr(obj, f))
        return out
    if isinstance(obj, tuple) and _is_record(type(obj)):
        return {f: to_json(value) for f, value in zip(type(obj)._fields, obj, strict=True)}  # type: ignore[attr-defined]
    if isinstance(obj, (list, tuple)):
        return [to_json(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): to_json(v) for k, v in obj.items()}
    raise CodecError(f"cannot write {type(obj).__name__} as JSON")


def from_json(tp: Any, data: Any, tagged: Mapping[str, type] | None = None) -> Any:
    """Rebuild a value of type ``tp`` from its JSON form, checking the shape on the way.

    A field declared as a tagged base class (a ``Command``, say) holds one of its subclasses: ``tagged`` maps
    the ``type`` names written by ``to_json`` to the subclasses it may be (a game's ``command_types``). Only
    subclasses of the declared type are ever built.

    Each type's reader is made once (``_reader``): the type's form is not looked into again for every value (the
    contract test reads a state and every seat's View at each step, the bot program a View at each question)."""
    return _reader(tp)(data, tagged)


Reader = Callable[[Any, "Mapping[str, type] | None"], Any]


def _reader(tp: Any) -> Reader:
    """``tp``'s reader, made once. Kept by the type and its text: ``int | float`` equals ``float | int``, but the
    first makes 1 an int and the second a float (a union's types are tried in their order)."""
    try:
        return _kept_reader(tp, repr(tp))
    except TypeError:  # a type that cannot be a key (unhashable arguments): its reader is not kept
        return _make_reader(tp)


@cache
def _kept_reader(tp: Any, _text: str) -> Reader:
    return _make_reader(tp)


def _make_reader(tp: Any) -> Reader:
    """The function that reads a value of type ``tp`` (with the ``tagged`` classes): what ``from_json`` does for
    that type, with the type's form looked into once."""
    if tp is Any:
        return lambda data, tagged: data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _union_reader(tp)
    if origin is typing.Literal:
        allowed = get_args(tp)

        def literal(data: Any, tagged: Mapping[str, type] | None) -> Any:
            if data not in allowed:
                raise CodecError(f"{data!r} is not one of {allowed}")
            return data

        return literal
    if origin in (list, tuple, dict):
        return _container_reader(tp, origin)
    if tp is type(None):

        def null(data: Any, tagged: Mapping[str, type] | None) -> None:
            if data is not None:
                raise CodecError("expected null")
            return None

        return null
    if tp is float:

        def number(data: Any, tagged: Mapping[str, type] | None) -> float:
            if isinstance(data, bool) or not isinstance(data, (int, float)):
                raise CodecError(f"expected a number, got {data!r}")
            return float(data)

        return number
    if tp in (int, str, bool):
        exact, name = tp, tp.__name__

        def plain(data: Any, tagged: Mapping[str, type] | None) -> Any:
            if not isinstance(data, exact) or (exact is int and isinstance(data, bool)):
                raise CodecError(f"expected {name}, got {data!r}")
            return data

        return plain
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return lambda data, tagged: _dataclass(_tagged_class(tp, data, tagged), data, tagged)
    if isinstance(tp, type) and _is_record(tp):
        return lambda data, tagged: _dataclass(tp, data, tagged)

    def unsupported(data: Any, tagged: Mapping[str, type] | None) -> Any:
        raise CodecError(f"unsupported type {tp!r}")

    return unsupported


def _union_reader(tp: Any) -> Reader:
    options = get_args(tp)
    nullable = type(None) in options
    readers = tuple(_reader(option) for option in options if option is not type(None))

    def union(data: Any, tagged: Mapping[str, type] | None) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for read in readers:
            try:
                return read(data, tagged)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError("; ".join(errors) or "no type fits")

    return union


def _tagged_class(tp: type, data: Any, tagged: Mapping[str, type] | None) -> type:
    """The class to build for a field declared as ``tp``: the subclass its tag names (from ``tagged``), or a
    concrete ``tp`` itself. A tagged value without a tag, or with one naming no subclass of ``tp``, is refused."""
    if not getattr(tp, "TAGGED", False) or not isinstance(data, dict):
        return tp
    name = data.get("type")
    if not isinstance(name, str):
        raise CodecError(f"a {tp.__name__} needs its 'type'")
    cls = (tagged or {}).get(name)
    if cls is None and name == tp.__name__ and not tp.__subclasses__():
        return tp
    if cls is None or not (isinstance(cls, type) and issubclass(cls, tp)):
        raise CodecError(f"unknown {tp.__name__} '{name}'")
    return cls


def _container_reader(tp: Any, origin: Any) -> Reader:
    args = get_args(tp)
    if origin is dict:
        key_type, value_type = args or (str, Any)
        value = _reader(value_type)

        def mapping(data: Any, tagged: Mapping[str, type] | None) -> dict:
            if not isinstance(data, dict):
                raise CodecError("expected an object")
            return {_key(key_type, k): value(v, tagged) for k, v in data.items()}

        return mapping
    if origin is list or (len(args) == 2 and args[1] is Ellipsis):
        (item_type, *_rest) = args or (Any,)
        item, kind = _reader(item_type), origin

        def sequence(data: Any, tagged: Mapping[str, type] | None) -> Any:
            if not isinstance(data, list):
                raise CodecError(f"expected a list, got {type(data).__name__}")
            items = [item(x, tagged) for x in data]
            return items if kind is list else tuple(items)

        return sequence
    items = tuple(_reader(arg) for arg in args)

    def fixed(data: Any, tagged: Mapping[str, type] | None) -> tuple:
        if not isinstance(data, list):
            raise CodecError(f"expected a list, got {type(data).__name__}")
        if len(items) != len(data):
            raise CodecError(f"expected {len(items)} items, got {len(data)}")
        return tuple(read(x, tagged) for read, x in zip(items, data, strict=True))

    return fixed


def _key(key_type: Any, key: str) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError as exc:
            raise CodecError(f"expected an integer key, got {key!r}") from exc
    return key


def _dataclass(cls: type[T], data: Any, tagged: Mapping[str, type] | None) -> T:
    if not isinstance(data, dict):
        raise CodecError(f"expected an object for {cls.__name__}")
    readers, is_tagged = _fields(typing.cast(type, cls))
    unknown = [key for key in data if key not in readers and not (key == "type" and is_tagged)]
    if unknown:
        raise CodecError(f"{cls.__name__} has no field {str(unknown[0])[:40]!r}")
    kwargs = {}
    for name, read in readers.items():
        if name not in data:
            raise CodecError(f"{cls.__name__} is missing '{name}'")
        try:
            kwargs[name] = read(data[name], tagged)
        except CodecError as exc:
            raise CodecError(f"{cls.__name__}.{name}: {exc}") from None
    return cls(**kwargs)


@cache
def _fields(cls: type) -> tuple[dict[str, Reader], bool]:
    """The reader of each field ``cls`` is built with, in order, and whether a ``type`` tag may stand beside them.
    Made at the first value read, not with the class's reader: a class may hold values of its own class."""
    hints = _hints(cls)
    return {name: _reader(hints[name]) for name in _init_fields(cls)}, bool(getattr(cls, "TAGGED", False))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _init_fields(cls: type) -> tuple[str, ...]:
    if _is_record(cls):
        return tuple(cls._fields)  # type: ignore[attr-defined]
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)


@cache
def _is_record(cls: type) -> bool:
    """A ``typing.NamedTuple``: a tuple class with named fields, each with its type (a plain
    ``collections.namedtuple`` has none to read its values back by)."""
    fields = getattr(cls, "_fields", None)
    return issubclass(cls, tuple) and fields is not None and set(fields) <= set(getattr(cls, "__annotations__", {}))
