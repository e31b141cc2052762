"""House Cup's own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/house_cup.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n.

The rules keep English as their data (ids and English keys, whatever the language); what is shown is translated
when it is read."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.i18n import Domain

MESSAGES = Domain("house_cup")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext
phrase = MESSAGES.phrase
_ = gettext


def joined(names: Sequence[str]) -> str:
    """Names one after the other: "A and B" (and "A and B and C", as the log has always said it)."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("{names} and {name}").format(names=text, name=name)
    return text
