"""Stupéfix's own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/stupefix.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.i18n import Domain

MESSAGES = Domain("stupefix")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext
phrase = MESSAGES.phrase
_ = gettext  # the name the catalogues' extraction looks for


def listing(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C", with the current language's "and"."""
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
