"""Lines in the world's other scripts: a player's name in Hebrew, Arabic, Hindi, Chinese, Korean or Thai.

The app's face (``theme.Font``, FreeType) draws Latin, Greek and Cyrillic letter by letter from left to right. A
name in another script came out wrong: Chinese, Korean, Thai and Arabic as empty boxes (the face has no such
letters), Hebrew backwards, Hindi with its vowel signs in the wrong place. Such a line is cut here into runs of
one script, each drawn by SDL_ttf, which shapes with HarfBuzz (letters joined, signs placed, right to left where
the script is written so), in the first face that has its letters: the app's own, then fonts of the system. The
runs stand in the line's order: right to left when its first letter is written so (a simple reading of the
Unicode bidirectional rule, enough for a name and the words around it). A letter no face has stays a box.
"""

from __future__ import annotations

import bisect
import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype as freetype

# Where each script begins (code point, ISO 15924 code, written right to left), in order; None: no script of its
# own (spaces, digits, punctuation and the Latin, Greek and Cyrillic the app's face draws by itself).
SCRIPTS: tuple[tuple[int, str | None, bool], ...] = (
    (0x0000, None, False),
    (0x0590, "Hebr", True),
    (0x0600, "Arab", True),
    (0x0700, "Syrc", True),
    (0x0750, "Arab", True),
    (0x0780, "Thaa", True),
    (0x07C0, "Nkoo", True),
    (0x0800, None, False),
    (0x08A0, "Arab", True),
    (0x0900, "Deva", False),
    (0x0980, "Beng", False),
    (0x0A00, "Guru", False),
    (0x0A80, "Gujr", False),
    (0x0B00, "Orya", False),
    (0x0B80, "Taml", False),
    (0x0C00, "Telu", False),
    (0x0C80, "Knda", False),
    (0x0D00, "Mlym", False),
    (0x0D80, "Sinh", False),
    (0x0E00, "Thai", False),
    (0x0E80, "Laoo", False),
    (0x0F00, "Tibt", False),
    (0x1000, "Mymr", False),
    (0x10A0, "Geor", False),
    (0x1100, "Hang", False),
    (0x1200, "Ethi", False),
    (0x13A0, None, False),
    (0x1780, "Khmr", False),
    (0x1800, None, False),
    (0x2E80, "Hani", False),
    (0x3040, "Hira", False),
    (0x30A0, "Kana", False),
    (0x3100, "Hani", False),
    (0x3130, "Hang", False),
    (0x3190, "Hani", False),
    (0xA000, None, False),
    (0xAC00, "Hang", False),
    (0xD7B0, None, False),
    (0xF900, "Hani", False),
    (0xFB00, None, False),
    (0xFB1D, "Hebr", True),
    (0xFB50, "Arab", True),
    (0xFE00, None, False),
    (0xFE70, "Arab", True),
    (0xFEFD, None, False),
    (0x20000, "Hani", False),
    (0x30000, None, False),
)
_STARTS = [start for start, _script, _rtl in SCRIPTS]

# Families of the system's fonts tried in turn for letters the app's face lacks (names as pygame's sysfont
# spells them, on Linux, Windows and macOS).
FALLBACK_FAMILIES = (
    "notosanscjksc",
    "notosanscjkjp",
    "notosanscjk",
    "sourcehansans",
    "droidsansfallbackfull",
    "droidsansfallback",
    "wenquanyimicrohei",
    "microsoftyahei",
    "yugothic",
    "msgothic",
    "malgungothic",
    "pingfangsc",
    "hiraginosans",
    "applesdgothicneo",
    "notosansarabic",
    "notosanshebrew",
    "notosansthai",
    "notosansdevanagari",
    "notosans",
    "dejavusans",
    "freesans",
    "freeserif",
    "arialunicodems",
    "segoeui",
    "tahoma",
    "leelawadeeui",
    "nirmalaui",
    "segoeuisymbol",
    "symbola",
    "notoemoji",
    "segoeuiemoji",
    "unifont",
)


def script_of(char: str) -> tuple[str | None, bool]:
    """The script ``char`` belongs to (ISO 15924) and whether it is written right to left."""
    _start, script, rtl = SCRIPTS[bisect.bisect_right(_STARTS, ord(char)) - 1]
    return script, rtl


def needs_shaping(message: str, own: str) -> bool:
    """Whether ``message`` must be drawn here: the app's face (``own``) alone would draw it wrong."""
    return not message.isascii() and not all(_plain(char, own) for char in message)


@lru_cache(maxsize=4096)
def _plain(char: str, own: str) -> bool:
    """Whether the app's face draws ``char`` well by itself: a letter of no script of its own, that it has."""
    return script_of(char)[0] is None and _has(own, char) is not False


def _has(path: str, char: str) -> bool | None:
    """Whether the face in ``path`` has ``char`` (None: the file cannot be read)."""
    for _attempt in range(2):
        probe = _probe(path)
        if probe is None:
            return None
        try:
            return probe.get_metrics(char)[0] is not None
        except pygame.error:  # (pygame was shut down and started again since the face was opened)
            _probe.cache_clear()
    return None


@lru_cache(maxsize=1)
def _system_faces() -> tuple[str, ...]:
    """The paths of the fallback families this system has, in FALLBACK_FAMILIES' order, each once: the bold face
    where there is one (the app's own is bold)."""
    if not pygame.font.get_init():
        pygame.font.init()
    found: list[str] = []
    for family in FALLBACK_FAMILIES:
        path = pygame.font.match_font(family, bold=True)
        if path and path not in found and path.lower().endswith((".ttf", ".otf", ".ttc")):
            found.append(path)
    return tuple(found)


@lru_cache(maxsize=64)
def _probe(path: str) -> freetype.Font | None:
    """A face to ask which letters a font file has (None if it cannot be read)."""
    try:
        return freetype.Font(path, 16)
    except (OSError, pygame.error):
        return None


@lru_cache(maxsize=4096)
def can_draw(char: str, own: str) -> bool:
    """Whether a face here draws ``char``: the app's own (``own``) or one of the system's (an emoji with no face
    that has it was typed into a name and shown as a box everywhere). One character: "" is none."""
    if len(char) != 1:
        return False
    return _has(own, char) is not False or any(_has(path, char) for path in _system_faces())


@lru_cache(maxsize=4096)
def face_for(char: str, own: str) -> str:
    """The path of the first face that has ``char``: the app's own (``own``), then the system's; the app's own
    when none has it (it draws a box, as before)."""
    if _has(own, char) is not False:
        return own
    return next((path for path in _system_faces() if _has(path, char)), own)


Run = tuple[str, str, str | None, bool]  # text, face path, script, right to left


def runs(message: str, own: str) -> list[Run]:
    """``message`` cut into runs of one face, one script and one direction, in the order they are drawn.

    Every line of the app is read from the left (its languages are): a run of Hebrew or Arabic is turned round
    within it, and the words around stay in their places ("Turn: محمد (Gryffindor)", "שרה casts Stupefy"). Marks
    that combine with a letter go with it; digits are always written from the left ("שרה 12", never "21"); the
    spaces between two right-to-left words join them (a name of two words reads as one, from the right), any
    other punctuation stands between them as in the line (a list of names keeps its order)."""
    found: list[Run] = []
    for char in message:
        script, rtl = script_of(char)
        category = unicodedata.category(char)
        if found and (category in ("Mn", "Mc", "Me") or char in "\u200c\u200d"):
            found[-1] = (found[-1][0] + char, *found[-1][1:])
            continue
        if category in ("Cf", "Mn", "Mc", "Me"):  # nothing to draw on its own (a zero-width space, a mark first)
            continue
        direction = unicodedata.bidirectional(char)
        if script is None and direction not in ("L", "R", "AL"):  # spaces, digits, punctuation: decided below
            run: Run = (char, own if char.isspace() else face_for(char, own), _NEUTRAL, False)
        else:
            run = (char, face_for(char, own), script, rtl and direction in ("R", "AL"))
        if found and found[-1][1:] == run[1:]:
            found[-1] = (found[-1][0] + char, *found[-1][1:])
        else:
            found.append(run)
    resolved = _resolve_neutrals(found)
    order = _turned(list(range(len(resolved))), [rtl for _text, _face, _script, rtl in resolved])
    return [resolved[index] for index in order]


_NEUTRAL = "neutral"  # (a run's script while it is spaces, digits and punctuation, until resolved)


def _resolve_neutrals(found: list[Run]) -> list[Run]:
    """Each neutral run written from the right when it is only spaces between two right-to-left runs, else from
    the left; joined to the run before it when they are then of one face and direction."""
    resolved: list[Run] = []
    for index, (text, face, script, rtl) in enumerate(found):
        if script == _NEUTRAL:
            before = found[index - 1] if index else None
            after = found[index + 1] if index + 1 < len(found) else None
            rtl = text.isspace() and before is not None and after is not None and before[3] and after[3]
            script = None
        if resolved and resolved[-1][1] == face and resolved[-1][3] == rtl and None in (resolved[-1][2], script):
            resolved[-1] = (resolved[-1][0] + text, face, resolved[-1][2] or script, rtl)
            continue
        if resolved and resolved[-1][1:] == (face, script, rtl):
            resolved[-1] = (resolved[-1][0] + text, face, script, rtl)
            continue
        resolved.append((text, face, script, rtl))
    return resolved


def _turned(order: list[int], marked: list[bool]) -> list[int]:
    """``order`` with each unbroken stretch of marked places reversed."""
    out: list[int] = []
    stretch: list[int] = []
    for index, mark in zip(order, marked, strict=True):
        if mark:
            stretch.append(index)
            continue
        out.extend(reversed(stretch))
        stretch = []
        out.append(index)
    out.extend(reversed(stretch))
    return out


@lru_cache(maxsize=64)
def _ttf(path: str, size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(path, size)
    face.bold = bold and "bold" not in Path(path).stem.lower()  # (the app's own face is bold already)
    return face


def _shaping(run: Run, size: int, bold: bool) -> pygame.font.Font:
    """The run's face at ``size``, set for its script and direction."""
    _text, path, script, rtl = run
    face = _ttf(path, size, bold)
    try:
        face.get_ascent()
    except pygame.error:  # (pygame was shut down and started again since the face was opened)
        _ttf.cache_clear()
        face = _ttf(path, size, bold)
    face.set_script(script or "Latn")
    face.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    return face


def render(
    message: str, own: str, size: int, bold: bool, colour: tuple[int, int, int], ascent: int, height: int
) -> pygame.Surface:
    """``message`` drawn run by run at ``size`` pixels, the runs' baselines at ``ascent`` in a line ``height``
    pixels tall (the app's face's, so layouts measured on it hold)."""
    pieces = []
    for run in runs(message, own):
        face = _shaping(run, _fitting(run, own, size, bold, ascent, height), bold)
        try:
            pieces.append((face.render(run[0], True, colour), face.get_ascent()))
        except pygame.error:  # (a run SDL_ttf finds nothing to draw in: "Text has zero width")
            continue
    width = sum(surface.get_width() for surface, _ascent in pieces)
    line = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for surface, run_ascent in pieces:
        line.blit(surface, (x, ascent - run_ascent))
        x += surface.get_width()
    return line


def width(message: str, own: str, size: int, bold: bool, ascent: int, height: int) -> int:
    """How wide ``render`` draws ``message``."""
    total = 0
    for run in runs(message, own):
        try:
            total += _shaping(run, _fitting(run, own, size, bold, ascent, height), bold).size(run[0])[0]
        except pygame.error:
            continue
    return total


def _fitting(run: Run, own: str, size: int, bold: bool, ascent: int, height: int) -> int:
    """``size``, or less for a run whose letters rise higher or reach lower than the app's line (Chinese in Droid
    Sans Fallback lost a pixel at the top), measured on the letters themselves: a face's ascent says more than
    most of its letters use, and sizing by it drew Chinese at four fifths of the Latin around it."""
    if run[1] == own or not run[0].strip():
        return size
    face = _shaping(run, size, bold)
    try:
        ink = face.render(run[0], True, (255, 255, 255)).get_bounding_rect()
    except pygame.error:
        return size
    rises, falls = face.get_ascent() - ink.top, ink.bottom - face.get_ascent()
    if rises <= ascent and falls <= height - ascent:
        return size
    return max(1, min(size * ascent // max(1, rises), size * (height - ascent) // max(1, falls), size))


def forget_faces() -> None:
    """Let go of every face opened here (pygame may have been shut down and started again)."""
    _probe.cache_clear()
    _ttf.cache_clear()
