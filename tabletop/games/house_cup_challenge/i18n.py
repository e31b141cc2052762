"""House Cup Challenge's own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/house_cup_challenge.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n.

The rules keep English as their data (ids and English keys, whatever the language); what is shown is translated
when it is read: ``Translated`` is a table of English messages that gives them in the current language, and
``LazyPairs`` is the rules pages' (heading, text) pairs, made again in the current language each time they are
read (the ``Game`` holds them for the app's whole life, across changes of language).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import SupportsIndex, TypeVar, overload

from tabletop.i18n import Domain

MESSAGES = Domain("house_cup_challenge")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext

K = TypeVar("K")
Pair = tuple[str, str]


class Translated(Mapping[K, str]):
    """English messages by key (marked with ``N_``), each given in the current language when looked up."""

    def __init__(self, english: Mapping[K, str]) -> None:
        self.english = dict(english)

    def __getitem__(self, key: K) -> str:
        return gettext(self.english[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


class LazyPairs(tuple[Pair, ...]):
    """(heading, text) pairs made by ``make`` in the current language whenever they are read. A tuple (as
    ``Game.rules_sections`` and ``Game.card_entries`` are typed) holding the English pairs, read through ``make``."""

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
