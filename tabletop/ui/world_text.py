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
    (0xFF00, None, False),
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
    """The paths of the fallback families this system has, in FALLBACK_FAMILIES' order, each once."""
    if not pygame.font.get_init():
        pygame.font.init()
    found: list[str] = []
    for family in FALLBACK_FAMILIES:
        path = pygame.font.match_font(family)
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
def face_for(char: str, own: str) -> str:
    """The path of the first face that has ``char``: the app's own (``own``), then the system's; the app's own
    when none has it (it draws a box, as before)."""
    if _has(own, char) is not False:
        return own
    return next((path for path in _system_faces() if _has(path, char)), own)


Run = tuple[str, str, str | None, bool]  # text, face path, script, right to left


def runs(message: str, own: str) -> list[Run]:
    """``message`` cut into runs of one face, one script and one direction, in the line's visual order.

    Marks that combine with a letter go with it. Spaces, digits and punctuation between two runs written the same
    way take their direction (a space inside an Arabic name), elsewhere the line's; then each stretch written
    against the line's direction is turned round (the bidirectional rule's levels, simplified to words)."""
    base = right_to_left(message)
    found: list[Run] = []
    for char in message:
        script, rtl = script_of(char)
        joins = unicodedata.category(char) in ("Mn", "Mc", "Me") or char in "\u200c\u200d"
        if found and joins:
            found[-1] = (found[-1][0] + char, *found[-1][1:])
            continue
        neutral = script is None and unicodedata.bidirectional(char) not in ("L", "R", "AL")
        run: Run = (char, own if neutral else face_for(char, own), None if neutral else script, rtl)
        if neutral:
            run = (char, run[1], _NEUTRAL, base)
        if found and found[-1][1:3] == run[1:3]:
            found[-1] = (found[-1][0] + char, *found[-1][1:])
        else:
            found.append(run)
    resolved = _resolve_neutrals(found, base)
    levels = [(2 if base else 0) if not rtl else 1 for _text, _face, _script, rtl in resolved]
    order = list(range(len(resolved)))
    for level in range(max(levels, default=0), 0, -1):
        order = _turned(order, [levels[index] >= level for index in order])
    return [resolved[index] for index in order]


_NEUTRAL = "neutral"  # (a run's script while it is spaces, digits and punctuation, until resolved)


def _resolve_neutrals(found: list[Run], base: bool) -> list[Run]:
    """Each neutral run written as the runs on both sides when they agree, else in the line's direction; one
    joined to the run before it when they are then of one face and direction."""
    resolved: list[Run] = []
    for index, (text, face, script, rtl) in enumerate(found):
        if script == _NEUTRAL:
            before = found[index - 1] if index else None
            after = found[index + 1] if index + 1 < len(found) else None
            sides = {side[3] for side in (before, after) if side is not None and side[2] != _NEUTRAL}
            rtl = sides.pop() if len(sides) == 1 and before is not None and after is not None else base
            if resolved and resolved[-1][1] == face and resolved[-1][3] == rtl:
                resolved[-1] = (resolved[-1][0] + text, *resolved[-1][1:])
                continue
            script = None
        elif resolved and resolved[-1][1:] == (face, script, rtl):
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


def right_to_left(message: str) -> bool:
    """Whether the line reads from the right: its first letter that has a direction is written so."""
    for char in message:
        direction = unicodedata.bidirectional(char)
        if direction in ("L", "R", "AL"):
            return direction != "L"
    return False


@lru_cache(maxsize=64)
def _ttf(path: str, size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(path, size)
    face.bold = bold and not path.endswith("Bold.ttf")  # (the app's own face is bold already)
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
        face = _shaping(run, size, bold)
        pieces.append((face.render(run[0], True, colour), face.get_ascent()))
    width = sum(surface.get_width() for surface, _ascent in pieces)
    line = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for surface, run_ascent in pieces:
        line.blit(surface, (x, ascent - run_ascent))
        x += surface.get_width()
    return line


def width(message: str, own: str, size: int, bold: bool) -> int:
    """How wide ``render`` draws ``message``."""
    return sum(_shaping(run, size, bold).size(run[0])[0] for run in runs(message, own))


def forget_faces() -> None:
    """Let go of every face opened here (pygame may have been shut down and started again)."""
    _probe.cache_clear()
    _ttf.cache_clear()
