"""Colours, fonts and sizes. Everything scales with the window so text stays readable from 1024x640 up."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pygame.freetype as freetype

from tabletop import i18n
from tabletop.paths import asset_dir
from tabletop.ui import world_text

BASE_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)  # the least the screens are laid out for: a smaller window shows them scaled down
SMALLEST_WINDOW = (640, 400)  # the least window allowed: its screens drawn at MIN_SIZE's scale, 62% of it


def canvas_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size the screens are drawn at for a window: the window's own, or, for a window under ``MIN_SIZE``
    (an 800x600 or 1024x600 screen), the least size of the window's shape that the screens are made for (shown
    scaled down to the window: a 1024x640 window on an 800x600 screen left the player's hand and the buttons
    past its edges)."""
    w, h = max(1, window[0]), max(1, window[1])
    grow = max(MIN_SIZE[0] / w, MIN_SIZE[1] / h)
    if grow <= 1.0:
        return w, h
    return max(MIN_SIZE[0], math.ceil(w * grow)), max(MIN_SIZE[1], math.ceil(h * grow))


TALL = 1.15  # a window at least this much taller than wide (a touchscreen stood on its side) has tall tables


def is_tall(size: tuple[int, int]) -> bool:
    """Whether the tables lay themselves out for a window taller than wide: one block under another."""
    return size[1] > size[0] * TALL


Colour = tuple[int, int, int]

INK = (33, 27, 22)
PARCHMENT = (244, 233, 208)
PARCHMENT_DARK = (222, 205, 170)
GOLD = (212, 175, 55)
GOLD_LIGHT = (240, 214, 120)
TEXT = (240, 232, 214)
TEXT_DIM = (180, 170, 150)
PANEL = (28, 32, 44)
PANEL_LIGHT = (44, 50, 66)
PANEL_EDGE = (96, 84, 60)
SHADOW = (0, 0, 0)
GOOD = (110, 200, 120)
BAD = (226, 92, 80)
BAD_FILL = (70, 34, 30)  # a button that takes something away for good (Delete, Remove), edged in BAD
HIGHLIGHT = (255, 226, 120)
TARGET = (120, 220, 160)
SELECTION = (62, 84, 140)  # behind the words of a text field selected to be typed over

HOUSE_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "Gryffindor": ((174, 0, 1), (238, 186, 48)),
    "Slytherin": ((26, 71, 42), (170, 170, 170)),
    "Hufflepuff": ((236, 185, 57), (40, 36, 32)),
    "Ravenclaw": ((34, 47, 91), (148, 107, 45)),
}
HOUSE_INITIALS = {"Gryffindor": "G", "Slytherin": "S", "Hufflepuff": "H", "Ravenclaw": "R"}


@dataclass(frozen=True)
class Palette:
    """The colours that tell things apart (good from bad, lit from acting, house from house); the others (ink,
    parchment, panels, text) are the same in every palette."""

    name: str
    good: Colour
    bad: Colour
    highlight: Colour
    target: Colour
    houses: dict[str, tuple[Colour, Colour]] = field(hash=False)


STANDARD = "Standard"
COLOUR_BLIND = "Colour-blind safe"

# Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2008): black, orange (230, 159, 0), sky blue
# (86, 180, 233), bluish green (0, 158, 115), yellow (240, 228, 66), blue (0, 114, 178), vermillion (213, 94, 0)
# and reddish purple (204, 121, 167), told apart with any of the three common colour blindnesses. Houses shift
# to its nearest hues (Gryffindor vermillion, Slytherin bluish green, Hufflepuff yellow, Ravenclaw blue), good
# and bad become sky blue and orange (the pair that never collapses), lit and acting sky blue and yellow.
PALETTES = {
    STANDARD: Palette(STANDARD, GOOD, BAD, HIGHLIGHT, TARGET, dict(HOUSE_COLOURS)),
    COLOUR_BLIND: Palette(
        COLOUR_BLIND,
        good=(86, 180, 233),
        bad=(230, 159, 0),
        highlight=(240, 228, 66),
        target=(86, 180, 233),
        houses={
            "Gryffindor": ((213, 94, 0), (240, 228, 66)),
            "Slytherin": ((0, 158, 115), (20, 40, 34)),
            "Hufflepuff": ((240, 228, 66), (40, 36, 32)),
            "Ravenclaw": ((0, 114, 178), (86, 180, 233)),
        },
    ),
}
_palette = PALETTES[STANDARD]
_switching: list[tuple[list | dict, Any, Any]] = []


def palette() -> Palette:
    return _palette


def set_palette(name: str) -> None:
    """Draw with the palette called ``name`` (an unknown name: Standard) from now on; every cached surface is
    forgotten so the next frame is drawn in it."""
    global _palette, GOOD, BAD, HIGHLIGHT, TARGET
    _palette = PALETTES.get(name, PALETTES[STANDARD])
    GOOD, BAD, HIGHLIGHT, TARGET = _palette.good, _palette.bad, _palette.highlight, _palette.target
    HOUSE_COLOURS.clear()
    HOUSE_COLOURS.update(_palette.houses)
    for colours, standard, safe in _switching:
        _fill(colours, safe if _palette.name == COLOUR_BLIND else standard)
    reset_caches()
    from tabletop.ui.sprites import cache  # the tables' surfaces (ui.sprites imports this module)

    cache.reset_all()


def _fill(colours: list | dict, values: Any) -> None:
    if isinstance(colours, list):
        colours[:] = values
    else:
        colours.clear()
        colours.update(values)


L = TypeVar("L", list[Colour], dict[Any, Colour])


def by_palette(standard: L, colour_blind: L) -> L:
    """A game's own colours (teams, dials, kinds of card) that change with the palette: the list or dict returned
    is filled again in place by ``set_palette``, so a module that imported it by name draws the new ones."""
    colours: Any = list(standard) if isinstance(standard, list) else dict(standard)
    _switching.append((colours, standard, colour_blind))
    if _palette.name == COLOUR_BLIND:
        _fill(colours, colour_blind)
    return colours


def house_colour(house: str) -> Colour:
    return HOUSE_COLOURS.get(house, ((90, 90, 110), (200, 200, 200)))[0]


def house_trim(house: str) -> Colour:
    return HOUSE_COLOURS.get(house, ((90, 90, 110), (200, 200, 200)))[1]


TABLE_WOOD = (56, 38, 26)  # the table's wood, about: what a line drawn straight on it must stand out from


def house_line(house: str) -> Colour:
    """A house's colour for a thin line drawn on the table's wood (a wand's aim): its colour, lightened as far as
    it takes to stand out there (3:1). The trim was used, and Hufflepuff's is near black, as Slytherin's is in
    the colour-blind palette: their lines could not be seen."""
    return _lightened_on_wood(house_colour(house))


@lru_cache(maxsize=32)
def _lightened_on_wood(colour: Colour) -> Colour:
    """``colour`` lightened towards white until it stands out on the wood at 3:1 (worked out once per colour: the
    aims are drawn every frame)."""
    for step in range(11):
        r, g, b = (c + (255 - c) * step // 10 for c in colour)
        if contrast((r, g, b), TABLE_WOOD) >= 3:
            return r, g, b
    return colour


def house_initial(house: str) -> str:
    return HOUSE_INITIALS.get(house, house[:1])


def luminance(colour: Sequence[int]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""
    r, g, b = (c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Sequence[int], other: Sequence[int]) -> float:
    """WCAG 2.x contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


AA = 4.5  # WCAG 2.x AA for normal text


@lru_cache(maxsize=256)
def readable_on(fill: Colour) -> Colour:
    """The app's light or dark ink for words on ``fill`` (a house's colour, a chip), whichever reads at AA; if
    neither does, pure white or black, whichever contrasts more."""
    for ink in sorted((TEXT, INK), key=lambda ink: -contrast(ink, fill)):
        if contrast(ink, fill) >= AA:
            return ink
    return max(((255, 255, 255), (0, 0, 0)), key=lambda ink: contrast(ink, fill))


class Scale:
    """How many pixels of the window a design pixel is.

    Every screen is laid out for the 1280x800 design size and drawn at the window's size: ``fit`` is that
    ratio. The Settings' interface scale multiplies it (75%: smaller things and more room on a big screen; up to
    200%: larger things), but only as far as the layouts have room: the design room left, the window's size in
    design pixels, never goes below SMALLEST_ROOM, so at 200% a window keeps every control on screen and grows
    everything as much as it can. Large text makes every text a quarter larger on top of that, and raises the
    smallest text from 14 to 18 pixels."""

    factor: float = 1.0  # window pixels per design pixel, for the screens shown now (``use_menus``)
    tables: float = 1.0  # ... for the tables and what is drawn over them
    menus: float = 1.0  # ... for the menu's screens: the tables' but in a tall window (``update``)
    in_menus: bool = False  # whether ``factor`` is the menus'
    interface: float = 1.0  # the interface scale setting (0.75 to 2.0)
    text: float = 1.0  # LARGE_TEXT with large text
    size: tuple[int, int] = BASE_SIZE

    @classmethod
    def update(cls, size: tuple[int, int] | None = None) -> None:
        """Work the factors out again for a window of ``size`` (None: the same window, new settings).

        Upright, the menu's screens (a column of buttons, a setup's stacked blocks) are laid out in the tall
        room's width: at the landscape design's 1280 they were drawn at 62% at 800x1280, the main menu's buttons
        31 pixels high, under a fingertip. The tables keep their own factor: their upright layouts are made for it."""
        if size is not None:
            cls.size = size
        width, height = cls.size
        fit = min(width / BASE_SIZE[0], height / BASE_SIZE[1])
        room = SMALLEST_TALL_ROOM if is_tall(cls.size) else SMALLEST_ROOM
        most = max(fit, min(width / room[0], height / room[1]))
        cls.tables = max(0.3, min(fit * cls.interface, most))
        cls.menus = max(cls.tables, min(most, most * cls.interface)) if is_tall(cls.size) else cls.tables
        cls._use(cls.menus if cls.in_menus else cls.tables)

    @classmethod
    def use_menus(cls, on: bool) -> bool:
        """Lay out and draw at the menus' factor (``on``) or the tables' from now on; True when the factor changed
        (the screens are to be laid out again: ``App.match_scale``)."""
        cls.in_menus = on
        return cls._use(cls.menus if on else cls.tables)

    @classmethod
    def _use(cls, factor: float) -> bool:
        global _lengths
        if factor == cls.factor:
            return False
        cls.factor = factor
        _lengths = _lengths_at.setdefault(factor, {})
        _font_sizes.clear()
        return True

    @classmethod
    def shown_interface(cls) -> float:
        """The interface scale the window has room for at the tables (the setting, or less in a small window: 200%
        at 1280x720 is 116%)."""
        width, height = cls.size
        return cls.tables / min(width / BASE_SIZE[0], height / BASE_SIZE[1])

    @classmethod
    def configure(cls, interface_percent: int, large_text: bool) -> bool:
        """Use the Settings' interface scale and large text; True when anything drawn changes size."""
        interface, text_factor = interface_percent / 100, LARGE_TEXT if large_text else 1.0
        if (interface, text_factor) == (cls.interface, cls.text):
            return False
        cls.interface, cls.text = interface, text_factor
        _font_sizes.clear()
        cls.update()
        return True


SMALLEST_ROOM = (1100, 690)  # design pixels: the least room a window gives the layouts at a large interface scale
# ... in a tall window (a tablet held upright), whose tables stack their blocks and need less width: at 1100 a
# 768x1024 tablet's buttons were 24 pixels high at 100% and 28 at 200%, under a fingertip; 34 now at 150% and 200%
SMALLEST_TALL_ROOM = (900, 1100)
LARGE_TEXT = 1.25
SMALLEST_TEXT = 14  # pixels; 18 with large text (SMALLEST_TEXT * LARGE_TEXT, rounded)


# A frame asks for a few hundred lengths, nearly all the same ones: each worked out once per scale.
_lengths_at: dict[float, dict[float, int]] = {}  # by factor (the tables' and, upright, the menus')
_lengths: dict[float, int] = _lengths_at.setdefault(1.0, {})  # the current factor's
_font_sizes: dict[float, int] = {}


def px(value: float) -> int:
    """A design-size length in pixels of the current window."""
    found = _lengths.get(value)
    if found is None:
        if len(_lengths) > 4096:
            _lengths.clear()
        found = _lengths[value] = max(1, round(value * Scale.factor))
    return found


def font_px(size: float) -> int:
    """A design font size in pixels of the current window (a quarter larger with large text); never below 14 px
    (18 with large text), so text stays readable in a small window."""
    found = _font_sizes.get(size)
    if found is None:
        if len(_font_sizes) > 1024:
            _font_sizes.clear()
        smallest = round(SMALLEST_TEXT * Scale.text)
        found = _font_sizes[size] = max(smallest, round(size * Scale.factor * Scale.text))
    return found


def typeface() -> str | None:
    """The app's typeface: GNU FreeFont's FreeSansBold (20120503, GPL-3+ with its font exception), bundled in
    art/fonts with its licence: Latin with every French accent, Cyrillic, "№" and the no-break space. None (the
    older copy of the same face that pygame-ce ships) if the file is missing."""
    path = asset_dir("art") / "fonts" / "FreeSansBold.ttf"
    return str(path) if path.is_file() else None


def face_path() -> str:
    """The file of the face every text is drawn in: the bundled typeface, else pygame-ce's own copy of it."""
    return typeface() or str(Path(pygame.__file__).parent / freetype.get_default_font())


def can_draw(char: str) -> bool:
    """Whether the screens can draw ``char`` (a typed name keeps only what they can)."""
    if not freetype.get_init():
        freetype.init()
    return world_text.can_draw(char, face_path())


class Font:
    """The app's one typeface, drawn by FreeType at four times the size and scaled down.

    pygame's ``font.Font(None, size)`` rounds every letter's advance to whole pixels at small sizes, so words
    fall apart ("Dam age", "le ft"). Drawing larger and smoothing down divides that error: at twice the size
    gaps still showed ("Ad venture", "dia ls" at 16 px); at four times the spacing is even. This class keeps
    the few calls the UI uses (``render``, ``size``, ``get_linesize``, ``get_height``) with ``pygame.font``'s
    sizes and full-height text boxes, so layouts stay as they were. Every text is drawn and measured as the
    language shown writes it (``i18n.typeset``: French "de Ada" is "d'Ada"), here, where all text goes.
    """

    LEGACY_SCALE = 0.6875  # pygame.font draws its default face at this fraction of the size it is given
    OVERSAMPLE = 4

    def __init__(self, size: int, bold: bool = False) -> None:
        if not freetype.get_init():
            freetype.init()
        self._path = face_path()
        self._face = freetype.Font(self._path, max(1.0, size * self.LEGACY_SCALE * self.OVERSAMPLE))
        self._face.pad = True  # boxes as tall as the font, whatever the letters (as pygame.font)
        self._face.kerning = True
        self._face.strong = bold
        self._face.strength = 1 / 48  # the face is bold already: bold text is only a touch heavier
        self.em = size * self.LEGACY_SCALE  # the letters' size in pixels (WCAG's "large text" is measured on it)
        self.bold = bold

    def _em_px(self) -> int:
        """The letters' size for SDL_ttf, which draws the lines of other scripts (``world_text``)."""
        return max(1, round(self.em))

    def _scaled(self, width: int, height: int) -> tuple[int, int]:
        return max(1, round(width / self.OVERSAMPLE)), max(1, round(height / self.OVERSAMPLE))

    def render(
        self,
        message: str,
        antialias: bool = True,
        colour: Colour = TEXT,
        background: Colour | None = None,
        typeset: bool = True,
    ) -> pygame.Surface:
        """``typeset``: False for what a person typed, drawn as typed (a name field's "Jean de Arc")."""
        if not message:
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)
        message = i18n.typeset(message) if typeset else message
        if world_text.needs_shaping(message, self._path):
            ascent = round(self._face.get_sized_ascender(0) / self.OVERSAMPLE)
            line = world_text.render(message, self._path, self._em_px(), self.bold, colour, ascent, self.get_height())
            return line.convert_alpha() if pygame.display.get_surface() is not None else line
        self._face.antialiased = antialias
        big, _ = self._face.render(message, colour, background)
        if not big.get_width():  # (only invisible characters: smoothscale would crash on a surface of no width)
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)
        surface = pygame.transform.smoothscale(big, self._scaled(*big.get_size()))
        # In the display's own pixel format, text blits as fast as any sprite (FreeType's format would be
        # converted again at every blit).
        return surface.convert_alpha() if pygame.display.get_surface() is not None else surface

    def size(self, message: str) -> tuple[int, int]:
        message = i18n.typeset(message)
        if message and world_text.needs_shaping(message, self._path):
            ascent = round(self._face.get_sized_ascender(0) / self.OVERSAMPLE)
            width = world_text.width(message, self._path, self._em_px(), self.bold, ascent, self.get_height())
            return width, self.get_height()
        rect = self._face.get_rect(message or " ")
        width, height = self._scaled(rect.width, rect.height)
        return (width if message and rect.width else 0, height)

    def get_linesize(self) -> int:
        return self._scaled(1, self._face.get_sized_height(0))[1]

    def get_height(self) -> int:
        return self.get_linesize()


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> Font:
    return Font(size, bold)


def ui_font(size: float, bold: bool = False) -> Font:
    return font(font_px(size), bold)


_text_cache: dict[tuple, pygame.Surface] = {}


MAX_LINE = 300  # characters: no line on any screen is longer, and a huge one would make a huge surface


def drawable(message: str) -> str:
    """``message`` as text that can always be rendered: unprintable characters (a lone surrogate, a newline)
    shown as "?", and cut to MAX_LINE characters. The no-break spaces the catalogues use to keep words together
    are not "printable" to Python, but the face draws them: they stay (each was drawn as a "?")."""
    if len(message) > MAX_LINE:
        message = message[: MAX_LINE - 3] + "..."
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() or ch in NO_BREAK_SPACES else "?" for ch in message)


NO_BREAK_SPACES = "\u00a0\u202f"  # no-break space, narrow no-break space (French before ; : ! ?)


def text(
    message: str, size: float, colour: Colour = TEXT, bold: bool = False, as_typed: bool = False
) -> pygame.Surface:
    """A rendered line of text, cached (the frame loop draws the same labels again and again; per language, as
    the language typesets it). ``as_typed``: what a person is typing, drawn letter for letter (not typeset)."""
    key = (message, font_px(size), colour, bold, i18n.typeset_key(), as_typed)
    surface = _text_cache.get(key)
    if surface is None:
        if len(_text_cache) > 3000:
            _text_cache.clear()
        surface = ui_font(size, bold).render(drawable(message), True, colour, typeset=not as_typed)
        _text_cache[key] = surface
    return surface


def write(
    surface: pygame.Surface,
    message: str,
    size: float,
    colour: Colour = TEXT,
    bold: bool = False,
    **at: tuple[int, int],
) -> pygame.Rect:
    """Draw a line of text where one pygame anchor puts it (``midleft=(x, y)``, ``topright=...``); returns where."""
    label = text(message, size, colour, bold)
    return surface.blit(label, label.get_rect(**at))


def fit_width(label: pygame.Surface, width: int, keep_height: bool = False) -> pygame.Surface:
    """``label`` squeezed to ``width`` when wider (its height kept, or scaled with it); never under a pixel."""
    width = max(1, width)
    if label.get_width() <= width:
        return label
    height = label.get_height() if keep_height else max(1, round(label.get_height() * width / label.get_width()))
    return pygame.transform.smoothscale(label, (width, height))


def halves(message: str) -> list[str]:
    """A name of several words on two lines, split where the longer line is shortest ("Become" over "Teacher's
    Pet", not "Become Teacher's" over "Pet"; the first line the longer on a tie)."""
    words = message.split(" ")
    cut = min(range(1, len(words)), key=lambda at: (max(len(" ".join(words[:at])), len(" ".join(words[at:]))), -at))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def fitted_text(message: str, width: int, size: int, colour: Colour, two_lines: bool = False) -> pygame.Surface:
    """A name on a card, in bold: the largest font (down to 55% of ``size``) that fits ``width``; beyond that on two
    lines when ``two_lines``, else cut with an ellipsis; at the very least as many whole words as fit."""
    for trial in range(size, max(9, int(size * 0.55)) - 1, -1):
        surface = font(trial, True).render(message, True, colour)
        if surface.get_width() <= width:
            return surface
    words = message.split(" ")
    if two_lines and len(words) > 1:
        lines = halves(message)
        for trial in range(max(9, int(size * 0.6)), 8, -1):
            face = font(trial, True)
            if max(face.size(line)[0] for line in lines) <= width:
                top, bottom = (face.render(line, True, colour) for line in lines)
                out = pygame.Surface((width, top.get_height() + bottom.get_height()), pygame.SRCALPHA)
                out.blit(top, top.get_rect(midtop=(width // 2, 0)))
                out.blit(bottom, bottom.get_rect(midtop=(width // 2, top.get_height())))
                return out
    smallest = font(9, True)
    if not two_lines:
        while message and smallest.size(message + "...")[0] > width:
            message = message[:-1]
        return smallest.render(message + "...", True, colour)
    kept = list(words)
    while len(kept) > 1 and smallest.size(_cut(kept, words))[0] > width:  # "Cours" rather than "Cours P"
        kept.pop()
    # ("Help...": the name goes on; where that is too wide, "Aide" rather than "Aide à", a name cut mid-phrase
    # that read as whole on a small House Cup face in French)
    cut = _cut(kept, words)
    return smallest.render(cut if smallest.size(cut)[0] <= width else kept[0], True, colour)


def _cut(kept: list[str], words: list[str]) -> str:
    """The first words of a name, with "..." when some are left out."""
    return " ".join(kept) + ("..." if len(kept) < len(words) else "")


def pill(
    surface: pygame.Surface,
    message: str,
    size: float,
    colour: Colour,
    fill: Colour,
    room: int | None = None,
    **at: tuple[int, int],
) -> pygame.Rect:
    """A word on a rounded badge ("their turn", "x2"), placed by one pygame anchor, the badge no wider than
    ``room`` when given (its words narrowed); returns the badge."""
    label = text(message, size, colour, bold=True)
    if room is not None:
        label = fit_width(label, room - px(12), keep_height=True)
    badge = label.get_rect().inflate(px(12), px(4))
    setattr(badge, *next(iter(at.items())))
    pygame.draw.rect(surface, fill, badge, border_radius=px(8))
    surface.blit(label, label.get_rect(center=badge.center))
    return badge


def draw_log(
    surface: pygame.Surface,
    area: pygame.Rect,
    entries: Sequence[Sequence[str]],
    size: float = 14,
    colour: Colour = TEXT_DIM,
    bright: int = 0,
) -> None:
    """The last entries of a log (each already wrapped to ``area``'s width), newest at the bottom, as many as fit
    whole; the newest ``bright`` ones in the brighter TEXT. A newest entry taller than the area shows its first
    lines, the last of them ending "..." (a small window with Large text showed an empty log)."""
    step = round(font_px(size) * 1.1)
    y = area.bottom
    for number, lines in enumerate(reversed(entries)):
        y -= step * len(lines)
        if y < area.top and number == 0 and area.height >= step:
            room, last = area.height // step, lines[area.height // step - 1]
            while last and ui_font(size).size(f"{last}...")[0] > area.width:
                last = last[:-1]
            lines = [*lines[: room - 1], f"{last.rstrip()}..."]
            y = area.top
        elif y < area.top:
            break
        shade = TEXT if number < bright else colour
        for index, line in enumerate(lines):
            surface.blit(text(line, size, shade), (area.left, y + index * step))
        y -= px(4)


def wrap(message: str, size: float, width: int, bold: bool = False) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels (paragraphs kept). Kept per text, font size and
    width (measuring each word is the cost, and screens wrap the same texts at every frame; per language, as the
    language typesets it)."""
    key = (message, font_px(size), width, bold, i18n.typeset_key())
    found = _wrap_cache.get(key)
    if found is None:
        if len(_wrap_cache) > 3000:
            _wrap_cache.clear()
        found = _wrap_cache[key] = tuple(wrap_in_font(message, ui_font(size, bold), width))
    return list(found)


def wrap_neatly(message: str, size: float, width: int, bold: bool = False) -> list[str]:
    """``wrap`` for a message in a box of its own: on several lines, each sentence starts a line where that takes
    no more lines ("... has no Stamina left." / "Victory tokens: Blue 0, Yellow 1."); otherwise the lines are evened
    out, so that no word is left alone on the last one (a duel's end at 1024x640 ended on "Yellow 1." alone, in
    French on "Jaune 1."). Kept as ``wrap`` keeps its lines: a table asks it at every frame a message shows."""
    key = (message, font_px(size), width, bold, i18n.typeset_key())
    found = _neat_cache.get(key)
    if found is None:
        if len(_neat_cache) > 300:
            _neat_cache.clear()
        found = _neat_cache[key] = tuple(_laid_neatly(message, size, width, bold))
    return list(found)


def _laid_neatly(message: str, size: float, width: int, bold: bool) -> list[str]:
    lines = wrap(message, size, width, bold)
    if len(lines) < 2 or "\n" in message:
        return lines
    sentences = _SENTENCE_END.split(message.strip())
    if len(sentences) > 1:
        by_sentence = [line for sentence in sentences for line in wrap(sentence, size, width, bold)]
        # (never a word alone on a line: a full stop inside a sentence, a typed "Dr. Who", left "Dr." by itself)
        if len(by_sentence) <= len(lines) and all(" " in line for line in by_sentence):
            return by_sentence
    return _evened(message, size, width, bold, len(lines))


def _evened(message: str, size: float, width: int, bold: bool, count: int) -> list[str]:
    """``message`` wrapped to the narrowest width that keeps it on ``count`` lines."""
    low, high = 1, width
    while low < high:
        middle = (low + high) // 2
        if len(wrap(message, size, middle, bold)) <= count:
            high = middle
        else:
            low = middle + 1
    return wrap(message, size, low, bold)


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")


def wrap_in_font(message: str, font: Font, width: int) -> list[str]:
    """``wrap`` with a font of the caller's (a card's text is sized to the card, not to the window): each
    paragraph's words laid on a line while they fit, a word wider than ``width`` alone on its own. The lines are
    the words as drawn (``i18n.typeset``): a French "de" and the name it elides before stay together ("d'Ada")."""
    lines: list[str] = []
    for paragraph in i18n.typeset(message).split("\n"):
        words = line_words(paragraph)
        line = ""
        for word in words:
            line = f"{line} {word}".strip()
        if font.size(line)[0] <= width:  # the whole paragraph fits: one measure (a long game's log opened in
            lines.append(line)  # 0.2-0.3 s measuring every line again at each word, 19,000 measures)
            continue
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def line_words(paragraph: str) -> list[str]:
    """The paragraph's words, split at plain spaces only (a no-break space holds "Honor 3" together), French marks
    that stand apart kept with their word: a line never starts with ":", ";", "!", "?" or "»" (French sets a space
    before them), nor ends with "«"."""
    words: list[str] = []
    for word in paragraph.split(" "):
        if words and (word[:1] in _CLOSING or words[-1] == "«"):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


_CLOSING = frozenset(":;!?»")
_wrap_cache: dict[tuple[str, int, int, bool, tuple[str, int]], tuple[str, ...]] = {}
_neat_cache: dict[tuple[str, int, int, bool, tuple[str, int]], tuple[str, ...]] = {}  # (``wrap_neatly``'s)


def line_height(size: float, gap: float = 1.15) -> int:
    """The step from one line of wrapped text to the next (``draw_text_block``'s)."""
    return round(font_px(size) * gap)


def draw_text_block(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: float,
    colour: Colour = TEXT,
    bold: bool = False,
    line_gap: float = 1.15,
) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    height = line_height(size, line_gap)
    for line in wrap(message, size, rect.width, bold):
        if y + height > rect.bottom + height // 2:
            break
        surface.blit(text(line, size, colour, bold), (rect.left, y))
        y += height
    return y - rect.top


_panel_cache: dict[tuple, pygame.Surface] = {}


def panel_surface(
    size: tuple[int, int],
    colour: Colour = PANEL,
    edge: Colour = PANEL_EDGE,
    radius: int | None = None,
    alpha: int = 235,
    edge_width: int | None = None,
) -> pygame.Surface:
    """A rounded translucent panel with a thin edge, cached by size (panels are drawn every frame)."""
    r = px(12) if radius is None else radius
    width = max(1, px(2)) if edge_width is None else edge_width
    key = (size, colour, edge, r, alpha, width)
    layer = _panel_cache.get(key)
    if layer is None:
        if len(_panel_cache) > 400:
            _panel_cache.clear()
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=r)
        if width:
            pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), width=width, border_radius=r)
        _panel_cache[key] = layer
    return layer


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour = PANEL,
    edge: Colour = PANEL_EDGE,
    radius: int | None = None,
    alpha: int = 235,
    edge_width: int | None = None,
) -> None:
    surface.blit(panel_surface(rect.size, colour, edge, radius, alpha, edge_width), rect.topleft)


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, offset: int = 4, alpha: int = 90) -> None:
    layer = panel_surface((rect.width + offset, rect.height + offset), SHADOW, SHADOW, radius + offset // 2, alpha, 0)
    surface.blit(layer, (rect.left, rect.top + offset))


def forget_panels() -> None:
    """Forget the panels drawn so far (each is made for one size: a window resized makes new ones)."""
    _panel_cache.clear()


def reset_caches() -> None:
    """Forget every cached font and surface (pygame may have been shut down and started again)."""
    font.cache_clear()
    world_text.forget_faces()
    _text_cache.clear()
    _wrap_cache.clear()
    _neat_cache.clear()
    _panel_cache.clear()


# --- signs besides colour (issue 18): patterns and edges drawn with pygame.draw ------------------------------


def shade(colour: Colour, factor: float) -> Colour:
    """``colour`` darker (factor < 1) or lighter (> 1), as a pattern's lines on it."""
    if factor <= 1:
        return (round(colour[0] * factor), round(colour[1] * factor), round(colour[2] * factor))
    return (
        round(255 - (255 - colour[0]) / factor),
        round(255 - (255 - colour[1]) / factor),
        round(255 - (255 - colour[2]) / factor),
    )


def pattern(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: Colour, step: int) -> None:
    """Fill ``rect`` with a pattern of lines or dots in ``colour``, every ``step`` pixels: "diagonal",
    "horizontal", "cross" (hatching both ways), "dots" or "" (none)."""
    if not kind or rect.width <= 0 or rect.height <= 0:
        return
    step, width = max(3, step), max(1, step // 4)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    if kind == "dots":
        radius = max(1, step // 5)
        for y in range(rect.top + step // 2, rect.bottom, step):
            shift = step // 2 if (y - rect.top) // step % 2 else 0
            for x in range(rect.left + step // 4 + shift, rect.right, step):
                pygame.draw.circle(surface, colour, (x, y), radius)
    if kind == "horizontal":
        for y in range(rect.top + step // 2, rect.bottom, step):
            pygame.draw.line(surface, colour, (rect.left, y), (rect.right, y), width)
    if kind in ("diagonal", "cross"):
        for x in range(rect.left - rect.height, rect.right, step):
            pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.height, rect.top), width)
    if kind == "cross":
        for x in range(rect.left - rect.height, rect.right, step):
            pygame.draw.line(surface, colour, (x, rect.top), (x + rect.height, rect.bottom), width)
    surface.set_clip(clip)


HOUSE_PATTERNS = {"Gryffindor": "diagonal", "Slytherin": "dots", "Hufflepuff": "horizontal", "Ravenclaw": "cross"}


def house_pattern(surface: pygame.Surface, house: str, rect: pygame.Rect) -> None:
    """A house's own pattern over ``rect`` (filled with its colour): its second sign besides the colour."""
    fill = house_colour(house)
    lines = shade(fill, 0.62) if luminance(fill) > 0.05 else shade(fill, 1.6)
    pattern(surface, HOUSE_PATTERNS.get(house, ""), rect, lines, px(9))


def dashed_rect(
    surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int, dash: int, radius: int = 0
) -> None:
    """A rectangle's outline in dashes along its straight sides (``radius`` left clear at each corner): a "lit"
    place, a second sign besides its colour."""
    dash = max(2, dash)
    top, bottom = rect.top + width // 2, rect.bottom - 1 - width // 2
    left, right = rect.left + width // 2, rect.right - 1 - width // 2
    for x in range(rect.left + radius, rect.right - radius, 2 * dash):
        end = min(x + dash, rect.right - radius)
        pygame.draw.line(surface, colour, (x, top), (end, top), width)
        pygame.draw.line(surface, colour, (x, bottom), (end, bottom), width)
    for y in range(rect.top + radius, rect.bottom - radius, 2 * dash):
        end = min(y + dash, rect.bottom - radius)
        pygame.draw.line(surface, colour, (left, y), (left, end), width)
        pygame.draw.line(surface, colour, (right, y), (right, end), width)


def corner_marks(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, length: int, width: int) -> None:
    """Brackets on the four corners of ``rect``, as a sight's: "this can be aimed at" without colour."""
    for (x, y), (dx, dy) in (
        (rect.topleft, (1, 1)),
        ((rect.right - 1, rect.top), (-1, 1)),
        ((rect.left, rect.bottom - 1), (1, -1)),
        ((rect.right - 1, rect.bottom - 1), (-1, -1)),
    ):
        pygame.draw.line(surface, colour, (x, y), (x + dx * length, y), width)
        pygame.draw.line(surface, colour, (x, y), (x, y + dy * length), width)
