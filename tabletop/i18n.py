"""The app's languages: English, French and Russian, through Python's gettext.

Messages are written in English in the code (English is the source language: a msgid is the English text) and
looked up in ``tabletop/locale/<lang>/LC_MESSAGES/<domain>.mo`` when they are shown. The app's shell (menus,
settings, Load, results...) is the domain "tabletop"; each game has a catalogue of its own named after its
package (``house_cup``: its rules, cards, log lines and its table's words), so a game brings its translations
with it and the catalogues of different games never touch. A game's modules use ``Domain("house_cup")``. English
has no catalogue: gettext's NullTranslations gives back the msgid and English's plural rule (one / other), so an
identity catalogue would only be one more file to keep in step with the code.

The lookup happens at call time, so a change of language in Settings changes every later ``_()`` call without a
restart. A module-level constant is marked with ``N_()`` (extracted, not translated) and translated with ``_()``
where it is shown. Placeholders are named (``_("{name}'s turn").format(name=...)``) so a translation may put the
words in its own order. ``scripts/catalogues.py`` extracts, updates and compiles the catalogues with Babel.
"""

from __future__ import annotations

import errno
import gettext as gnu
import locale
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "tabletop"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
LANGUAGES = {"en": "English", "fr": "Français", "ru": "Русский"}  # each in its own name
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order


class _State:
    code = SOURCE
    catalogues: dict[str, gnu.NullTranslations] = {}  # domain -> the current language's catalogue (as used)
    installed: dict[str, gnu.NullTranslations] = {}  # domain -> a catalogue given by ``install`` (tests)


def catalogue_for(code: str, domain: str = DOMAIN) -> gnu.NullTranslations:
    """The compiled catalogue of ``domain`` in ``code`` (English, or a language without one: the messages as
    written)."""
    if code == SOURCE:
        return gnu.NullTranslations()
    return gnu.translation(domain, LOCALE_DIR, languages=[code], fallback=True)


def set_language(code: str) -> str:
    """Show every later message in ``code`` ("en", "fr", "ru"; anything else is English); returns the code used."""
    code = code if code in LANGUAGES else SOURCE
    _State.code = code
    _State.installed = {}
    _State.catalogues = {}  # (last: ``_catalogue``)
    return code


def install(catalogue: gnu.NullTranslations, code: str, domain: str = DOMAIN) -> None:
    """Use ``catalogue`` for every later message of ``domain`` (tests install a pseudo-language this way)."""
    if code != _State.code:
        _State.code, _State.catalogues, _State.installed = code, {}, {}
    _State.installed[domain] = catalogue
    _State.catalogues[domain] = catalogue


def _catalogue(domain: str) -> gnu.NullTranslations:
    # The catalogues in use are taken once, before the language: a worker thread (the save writer's, a save's load,
    # the history's) may look one up as Settings sets another language, and what it finds then goes into the
    # catalogues set aside, never into the new language's (it put the old language's there: the game stayed in it).
    catalogues = _State.catalogues
    found = catalogues.get(domain)
    if found is None:
        found = catalogues[domain] = _State.installed.get(domain) or catalogue_for(_State.code, domain)
    return found


def language() -> str:
    """The code of the language messages are shown in."""
    return _State.code


def gettext(message: str) -> str:
    """``message`` in the current language. Modules import it as ``_`` (``from tabletop.i18n import gettext as
    _``), the name Babel extracts and that the import contracts do not take for a private one."""
    return _catalogue(DOMAIN).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` of a thing in the current language (Russian has three)."""
    return _catalogue(DOMAIN).ngettext(singular, plural, n)


@dataclass(frozen=True)
class Phrase:
    """Words kept as their message and its values, put into the language shown only when shown (``words``).

    A save keeps where its game stands ("Round 2 of 4") so: a game saved on a French screen then reads in Russian
    on a Russian one. ``domain`` is the catalogue of ``message``; a value may be a phrase of its own (a phase's
    name inside the round's line)."""

    domain: str
    message: str
    values: tuple[tuple[str, int | str | Phrase], ...] = ()

    def words(self) -> str:
        text = _catalogue(self.domain).gettext(self.message)
        if not self.values:
            return text
        values = {name: value.words() if isinstance(value, Phrase) else value for name, value in self.values}
        return text.format(**values)


class Domain:
    """The messages of one catalogue, looked up in the current language when shown: a game's modules take
    ``gettext`` (as ``_``) and ``ngettext`` from their game's ``Domain`` (``tabletop/games/<game>/i18n.py``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def phrase(self, message: str, **values: int | str | Phrase) -> Phrase:
        """``message`` (marked with ``N_``) and its values, to be put into words when shown."""
        return Phrase(self.name, message, tuple(values.items()))

    def gettext(self, message: str) -> str:
        return _catalogue(self.name).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _catalogue(self.name).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` as its catalogue translates it in ``context`` (marked with ``NC_``)."""
        return _catalogue(self.name).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for the catalogues without translating it: translate it with ``_()`` where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a constant with a context (gettext's ``msgctxt``), for words a catalogue translates otherwise where
    they stand elsewhere: a game's title (``GAME_TITLE``) keeps its name in Russian where the Stupéfix card it
    is named after is «Остолбеней». Translate it with ``Domain.pgettext(context, message)``. Babel extracts only
    a written context: ``NC_("game title", "Stupéfix")``, never ``NC_(GAME_TITLE, ...)``."""
    return message


GAME_TITLE = "game title"  # the context of each game's title in its catalogue (``Game.title``)


def game_title(game_id: str, title: str) -> str:
    """A game's title (its ``Game.title``, as a save's header keeps it) in the current language: its own
    catalogue's, named after its package (``house-cup``: ``house_cup``), in the context ``GAME_TITLE``."""
    return Domain(game_id.replace("-", "_")).pgettext(GAME_TITLE, title)


# French elision: "de" and "que" lose their "e" before a word that begins with a vowel ("la baguette d'Ada",
# "qu'Elin"). A catalogue's own words are elided by its translators, but a name or a title put in its place is
# known only when shown ("La baguette de {name}"), so the text is typeset as it is drawn (``typeset``). A "y"
# followed by a vowel is a consonant ("de Yann", "de yaourt"); an "h" takes no elision ("de Harry", "de Hagrid",
# as the French books write them).
FRENCH_VOWELS = "aeiouàâäéèêëîïôöùûüæœáíóúåøãõ"  # (with the vowels of names from elsewhere: "d'Ángel")
FRENCH_ELISION = re.compile(
    rf"(?<![\w'’-])(d|qu)e (?=[{FRENCH_VOWELS}]|y(?![{FRENCH_VOWELS}y]))",
    re.IGNORECASE,
)


TYPED_KEPT = 64  # the most names' own "de Armas" kept as typed (``keep_as_typed``): the oldest go first


class _Typed:
    fragments: dict[str, None] = {}  # (ordered: the oldest first) "de Armas" of "Ana de Armas"
    generation = 0  # bumped when a fragment is added: what was typeset before may read otherwise now


def keep_as_typed(*names: str) -> None:
    """Names a person typed, drawn letter for letter inside every sentence ``typeset`` writes: "Ana de Armas" was
    drawn "Ana d'Armas" at a French table, in its prompts and on its mat. Each name's own "de"/"que" before a
    vowel is kept with the word after it ("de Armas"); "de" before the name is still elided ("La baguette d'Ana de
    Armas"), and so in a line the name was wrapped across ("de Armas" at the next line's start)."""
    for name in names:
        for match in FRENCH_ELISION.finditer(name):
            fragment = name[match.start() :].split(" ", 2)
            kept = " ".join(fragment[:2])
            if kept not in _Typed.fragments:
                _Typed.fragments[kept] = None
                _Typed.generation += 1
                while len(_Typed.fragments) > TYPED_KEPT:
                    del _Typed.fragments[next(iter(_Typed.fragments))]


def forget_typed() -> None:
    """No name kept as typed any more (``keep_as_typed``): each test starts from none, as the app does."""
    if _Typed.fragments:
        _Typed.fragments.clear()
        _Typed.generation += 1


def typeset_key() -> tuple[str, int]:
    """What a typeset text depends on besides itself (caches of drawn text are kept by it): the language, and
    the names kept as typed."""
    return _State.code, _Typed.generation


def typeset(text: str) -> str:
    """``text`` as the language shown writes it once its values are in: in French "de"/"que" before a word that
    begins with a vowel elided ("C'est au tour de Ada" -> "C'est au tour d'Ada"), except inside a name a person
    typed (``keep_as_typed``); other languages as given."""
    if _State.code != "fr" or not text:
        return text

    def elided(match: re.Match[str]) -> str:
        return match.group(0) if _typed_at(text, match.start()) else match.group(1) + "'"

    return FRENCH_ELISION.sub(elided, text)


def _typed_at(text: str, at: int) -> bool:
    """Whether a name's own "de Armas" (``keep_as_typed``) stands whole at ``at`` in ``text``."""
    for fragment in tuple(_Typed.fragments):  # (a copy: a name kept meanwhile changes no loop)
        end = at + len(fragment)
        if text.startswith(fragment, at) and not text[end : end + 1].isalnum():
            return True
    return False


# A full stop right after a "?" or "!" that ends a sentence (the line's end, or a space after it)
MARK_AND_STOP = re.compile(r"([?!])\.(?=\s|$)")


def end_sentence(line: str) -> str:
    """``line`` without the full stop put after a title that ends in its own mark: "Accio!." and "Who Is Nicolas
    Flamel?." (House Cup Challenge), "discard You've Got a Letter!." (House Cup) read as typing slips, at the
    line's end or inside it ("You failed Riddikulus!. Discard one card of your choice.")."""
    return MARK_AND_STOP.sub(r"\1", line)


# The system's words for the failures a player meets saving or reading a file, in the player's language (the
# system gives them in English: "No space left on device" stood inside a Russian sentence).
OS_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk is full"),
    errno.EACCES: N_("not allowed to write there"),
    errno.EPERM: N_("not allowed to write there"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOENT: N_("no such file or folder"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EEXIST: N_("a file stands where a folder should be"),
    errno.EISDIR: N_("a folder stands where a file should be"),
}


def os_reason(exc: BaseException) -> str:
    """Why a file could not be written or read, in the language shown (the system's own words when unknown)."""
    number = getattr(exc, "errno", None)
    if number in OS_REASONS:
        return gettext(OS_REASONS[number])
    return getattr(exc, "strerror", None) or str(exc)


def language_of(value: str) -> str | None:
    """The language a locale name or LANGUAGE list names ("fr_FR.UTF-8", "ru:en"), if one of ours."""
    for entry in value.split(":"):
        code = entry.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def guess_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system locale: the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set decides
    (as gettext reads them), else Python's ``locale.getlocale()``; a language we do not have is English."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return language_of(value) or SOURCE
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return language_of(name) or SOURCE
