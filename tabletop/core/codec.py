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
from collections.abc import Mapping
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
    subclasses of the declared type are ever built."""
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_json(option, data, tagged)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError("; ".join(errors) or "no type fits")
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise CodecError(f"{data!r} is not one of {get_args(tp)}")
        return data
    if origin in (list, tuple, dict):
        return _container(tp, origin, data, tagged)
    if tp is type(None):
        if data is not None:
            raise CodecError("expected null")
        return None
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise CodecError(f"expected a number, got {data!r}")
        return float(data)
    if tp in (int, str, bool):
        if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
            raise CodecError(f"expected {tp.__name__}, got {data!r}")
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(_tagged_class(tp, data, tagged), data, tagged)
    if isinstance(tp, type) and _is_record(tp):
        return _dataclass(tp, data, tagged)
    raise CodecError(f"unsupported type {tp!r}")


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


def _container(tp: Any, origin: Any, data: Any, tagged: Mapping[str, type] | None) -> Any:
    args = get_args(tp)
    if origin is dict:
        if not isinstance(data, dict):
            raise CodecError("expected an object")
        key_type, value_type = args or (str, Any)
        return {_key(key_type, k): from_json(value_type, v, tagged) for k, v in data.items()}
    if not isinstance(data, list):
        raise CodecError(f"expected a list, got {type(data).__name__}")
    if origin is list:
        (item_type,) = args or (Any,)
        return [from_json(item_type, x, tagged) for x in data]
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json(args[0], x, tagged) for x in data)
    if len(args) != len(data):
        raise CodecError(f"expected {len(args)} items, got {len(data)}")
    return tuple(from_json(t, x, tagged) for t, x in zip(args, data, strict=True))


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
    hints = _hints(typing.cast(type, cls))
    fields = _init_fields(typing.cast(type, cls))
    unknown = [key for key in data if key not in fields and not (key == "type" and getattr(cls, "TAGGED", False))]
    if unknown:
        raise CodecError(f"{cls.__name__} has no field {str(unknown[0])[:40]!r}")
    kwargs = {}
    for name in fields:
        if name not in data:
            raise CodecError(f"{cls.__name__} is missing '{name}'")
        try:
            kwargs[name] = from_json(hints[name], data[name], tagged)
        except CodecError as exc:
            raise CodecError(f"{cls.__name__}.{name}: {exc}") from None
    return cls(**kwargs)


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
