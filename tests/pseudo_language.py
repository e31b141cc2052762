"""A pseudo-language for the catalogue tests: every message of a catalogue's template as "[" + its English + "]"
(placeholders kept), so a text drawn or written outside the catalogues stands out unbracketed."""

from __future__ import annotations

import gettext as gnu
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.ui import theme
from tabletop.ui.sprites import cache as sprite_cache
from tests.ui_driver import Driver

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
            catalog.add(message.id, f"[{message.id}]", context=message.context)
        else:
            catalog.add(tuple(message.id), tuple(f"[{form}]" for form in message.id), context=message.context)
    path = directory / f"{domain}-pseudo.mo"
    with path.open("wb") as target:
        write_mo(target, catalog)
    with path.open("rb") as source:
        return gnu.GNUTranslations(source)


class Shown:
    """What reaches the renderer, and the check of each string."""

    def __init__(self) -> None:
        self.rendered: list[str] = []
        self.data: set[str] = set()  # strings that may show as they are (names, pending texts)
        self.lines: set[str] = set()  # lines theme.wrap cut from a message that passed the check
        self.refused: list[str] = []  # messages theme.wrap was given that do not pass
        self.messages: set[str] = set()  # every message of the pseudo catalogues, as drawn ("[Embrace Pain]")

    def letters_outside(self, message: str) -> list[str]:
        """The words of ``message`` that are neither inside brackets (a catalogue's) nor data."""
        rest, before = message, None
        while rest != before:
            before, rest = rest, re.sub(r"\[[^\[\]]*\]", " ", rest)
        for token in sorted(self.data, key=len, reverse=True):
            if token:
                rest = rest.replace(token, " ")
        return re.findall(r"[^\W\d_]+", rest)

    def passes(self, message: str) -> bool:
        if message in self.lines or message in self.data or not self.letters_outside(message):
            return True
        if message.endswith("..."):  # a line or a name cut to fit ("[Loading [House Cup]...", "[Embrace ...")
            start = message[:-3].rstrip()
            return any(line.startswith(start) for line in self.lines) or (
                start.startswith("[") and any(whole.startswith(start) for whole in self.messages)
            )
        return False

    def wrapped(self, message: str, lines: list[str]) -> None:
        if self.passes(message):
            self.lines.update(lines)
            self.lines.update(line.strip() for line in lines)
        else:
            self.refused.append(message)

    def escaped(self) -> list[str]:
        """The strings drawn since the last check that did not come from a catalogue (and forget them)."""
        wrong = sorted({m for m in self.rendered if m.strip() and not self.passes(m)} | set(self.refused))
        self.rendered.clear()
        self.refused.clear()
        return wrong


def record_shown(monkeypatch: pytest.MonkeyPatch, directory: Path, code: str, domains: Sequence[str]) -> Shown:
    """Language ``code`` made the pseudo-language of ``domains`` (the shell's "tabletop", a game's own), and every
    string handed to the text renderer (``theme.Font.render``, where all text goes) and to ``theme.wrap``
    recorded for ``Shown.escaped``. Choose ``code`` in the settings or with ``i18n.set_language``."""
    pseudo = {domain: pseudo_catalogue(domain, directory) for domain in domains}
    real_catalogue = i18n.catalogue_for
    monkeypatch.setitem(i18n.LANGUAGES, code, "Pseudo")
    monkeypatch.setattr(
        i18n,
        "catalogue_for",
        lambda language, domain=i18n.DOMAIN: (
            pseudo[domain] if language == code and domain in pseudo else real_catalogue(language, domain)
        ),
    )
    record = Shown()
    record.data.update(i18n.LANGUAGES.values())
    for catalogue in pseudo.values():
        record.messages.update(text for text in catalogue._catalog.values() if isinstance(text, str))
    render = theme.Font.render
    wrap = theme.wrap

    def recording_render(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        record.rendered.append(message)
        return render(self, message, *args, **kwargs)

    def recording_wrap(message: str, *args, **kwargs) -> list[str]:
        lines = wrap(message, *args, **kwargs)
        record.wrapped(message, lines)
        return lines

    halves = theme.halves

    def recording_halves(message: str) -> list[str]:  # a name on two lines: its lines, as wrap's
        lines = halves(message)
        record.wrapped(message, lines)
        return lines

    monkeypatch.setattr(theme.Font, "render", recording_render)
    monkeypatch.setattr(theme, "wrap", recording_wrap)
    monkeypatch.setattr(theme, "halves", recording_halves)
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    return record


def check(shown: Shown, screen: str, draw: Callable[[], None], data: Iterable[str] = ()) -> None:
    shown.data.update(data)
    shown.escaped()  # forget what was drawn before (the frames of the tap that opened the screen)
    theme.reset_caches()  # every text of the screen rendered again, none taken from a cache
    sprite_cache.reset_all()
    draw()
    escaped = shown.escaped()
    assert escaped == [], f"strings outside the catalogue on the {screen} screen: {escaped}"
