"""A pseudo-language for the catalogue tests: every message of a catalogue's template as "[" + its English + "]"
(placeholders kept), so a text drawn or written outside the catalogues stands out unbracketed."""

from __future__ import annotations

import gettext as gnu
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "tabletop" / "locale"


def pseudo_catalogue(domain: str, directory: Path) -> gnu.GNUTranslations:
    """``domain``'s template (tabletop/locale/<domain>.pot) in the pseudo-language, compiled to a .mo in
    ``directory`` and read back as gettext reads a catalogue."""
    with (LOCALE / f"{domain}.pot").open("rb") as source:
        template = read_po(source)
    catalog = Catalog(locale="en")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            catalog.add(message.id, f"[{message.id}]")
        else:
            catalog.add(tuple(message.id), tuple(f"[{form}]" for form in message.id))
    path = directory / f"{domain}-pseudo.mo"
    with path.open("wb") as target:
        write_mo(target, catalog)
    with path.open("rb") as source:
        return gnu.GNUTranslations(source)
