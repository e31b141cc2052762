"""House Cup's own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/house_cup.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n.

The rules keep English as their data (ids and English keys, whatever the language); what is shown is translated
when it is read. ``LazyPairs`` holds the rules pages' (heading, text) pairs, made again in the current language
each time they are read: the ``Game`` keeps them for the app's whole life, across changes of language."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import SupportsIndex, overload

from tabletop.i18n import Domain

MESSAGES = Domain("house_cup")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext
_ = gettext


def joined(names: Sequence[str]) -> str:
    """Names one after the other: "A and B" (and "A and B and C", as the log has always said it)."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("{names} and {name}").format(names=text, name=name)
    return text


Pair = tuple[str, str]


class LazyPairs(tuple[Pair, ...]):
    """(heading, text) pairs made by ``make`` in the current language whenever they are read: a tuple (as
    ``Game.rules_sections`` and ``Game.card_entries`` are typed) holding them as first made, read through ``make``."""

    make: Callable[[], Sequence[Pair]]

    def __new__(cls, make: Callable[[], Sequence[Pair]]) -> LazyPairs:
        made = super().__new__(cls, tuple(make()))
        made.make = make
        return made

    def __iter__(self) -> Iterator[Pair]:
        return iter(self.make())

    @overload
    def __getitem__(self, index: SupportsIndex) -> Pair: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Pair, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Pair | tuple[Pair, ...]:
        return tuple(self.make())[index]
