"""That's Wizard!'s own catalogue of messages (tabletop/i18n.py): its rules pages, cards, log lines and its
table's words, in ``tabletop/locale/<lang>/LC_MESSAGES/thats_wizard.po``. Its modules and its table's take
``gettext as _`` and ``ngettext`` from here, and ``N_`` from tabletop.i18n."""

from __future__ import annotations

from tabletop.i18n import Domain

MESSAGES = Domain("thats_wizard")
gettext = MESSAGES.gettext
ngettext = MESSAGES.ngettext
phrase = MESSAGES.phrase
