"""House Cup Challenge's own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/house_cup_challenge.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n.

The rules keep English as their data (ids and English keys, whatever the language); what is shown is translated
when it is read: ``Translated`` is a table of English messages that gives them in the current language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TypeVar

from tabletop.i18n import Domain

MESSAGES = Domain("house_cup_challenge")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext
phrase = MESSAGES.phrase

K = TypeVar("K")


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
