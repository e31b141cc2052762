"""Building frozen dataclasses without the cost of their generated ``__init__``.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (its own ``__setattr__``
refuses), which costs two to three times what making its dict does: events are made at every step of the
rules and Views at every step of the screen and every bot. Both helpers here make the same object: the same
type, the same fields in their declared order with the same values, so it compares, hashes, copies and encodes
alike (each game's speed tests compare it with the one the dataclass's own code makes).

``frozen(cls, values)`` is ``cls(**values)`` from a dict of every field, for code that builds many of them (a
View at every step). (Replacing the classes' ``__init__`` by one generated to set the dict at once was tried for
That's Wizard!'s events: 1-2% of a step, not worth generated code.)
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def frozen(cls: type[T], values: dict[str, Any]) -> T:
    """``cls(**values)`` for a frozen dataclass with no ``__post_init__``: ``values`` must hold every field, in the
    declared order, and becomes the object's ``__dict__`` (the caller hands over a dict of its own).

    The dict is put in place whole, which costs less than filling the new object's own dict (``__dict__.update``:
    about a third less for a dozen fields, counted with valgrind)."""
    made = _new(cls)
    _set(made, "__dict__", values)
    return made
