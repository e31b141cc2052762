"""Pictures for the House Cup Challenge table, each drawn once and kept (``surface_cache``): the illustrated
castle board, Adventure Card faces with their Test key, the cards as they lie on a space, Special Card chips,
the Wand Bonus Token and the characters' colours and tokens.

The art is the team's own (``art/make_art_house_cup_challenge.py``; some places borrow House Cup's and
Stupéfix's illustrations). Text on a card is fitted whole, never cut: a name wraps and its font shrinks until
every word fits (``fit_lines``); a card too small to read is enlarged by the table's zoom.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from tabletop import i18n
from tabletop.games.house_cup_challenge.board import (
    BY_NAME,
    CELLS,
    COLUMNS,
    NEIGHBOURS,
    SECRET_PASSAGE,
    SPACES,
    START,
)
from tabletop.games.house_cup_challenge.cards import (
    ABILITY_NAMES,
    ADVENTURES,
    CHARACTERS,
    SPECIALS,
    Adventure,
    ability_mark,
)
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.assets import fit, scaled
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.card_zoom import card_height
from tabletop.ui.theme import px

Colour = tuple[int, int, int]
# The characters' colours (their tokens, their bars on the results chart); in the colour-blind palette Okabe-Ito's
# vermillion, sky blue, yellow and bluish green (Ron's orange and Neville's green were 13 apart for a protanope).
CHARACTER_COLOURS = theme.by_palette(
    dict(harry=(200, 40, 40), hermione=(170, 70, 140), ron=(230, 130, 40), neville=(80, 160, 70)),
    dict(harry=(213, 94, 0), hermione=(86, 180, 233), ron=(240, 228, 66), neville=(0, 158, 115)),
)
# Each dark enough for light words on it, and each ability's letter on the parchment, at AA (4.5:1 and more).
YEAR_COLOURS = {1: (150, 36, 32), 2: (34, 100, 56), 3: (58, 62, 140), 4: (140, 84, 16), 5: (46, 44, 58)}
ABILITY_COLOURS = {"K": (50, 90, 170), "S": (28, 110, 62), "H": (170, 46, 44)}
ABILITY_ART = {"K": "knowledge", "S": "skill", "H": "honor"}
WALL = (34, 26, 22)
DOOR = (214, 170, 96)
INK = theme.INK
HOSPITAL_RED = (196, 30, 36)
SEAL_GOLD = (236, 196, 90)

# Each space's floor (by kind, with a few of their own) and the picture of the place on it.
FLOORS = {"A1": "deep_forest_floor", "A2": "water", "B2": "shore_floor", START: "common_room"}
PLACE_ART = {
    "A1": "house_cup_challenge/places/deep_forest",
    "B1": "house_cup_challenge/places/spider",
    "C1": "house_cup_challenge/places/centaur",
    "D1": "house_cup_challenge/places/forest",
    "E1": "cards/hagrid",
    "F1": "house_cup_challenge/places/pumpkins",
    "G1": "cards/quidditch",
    "H1": "house_cup_challenge/places/shack",
    "A2": "house_cup_challenge/places/lake",
    "B2": "house_cup_challenge/places/shore",
    "C2": "house_cup_challenge/places/willow",
    "D2": "house_cup_challenge/places/castle",
    "E2": "cards/herbology",
    "F2": "house_cup_challenge/places/signpost",
    "G2": "house_cup_challenge/places/bridge",
    "H2": "cards/help_owlery",
    "A3": "house_cup_challenge/places/boat",
    "B3": "house_cup_challenge/places/fountain",
    "C3": "house_cup_challenge/places/great_hall",
    "D3": "stupefix/reward_points",
    "E3": "cards/charms",
    "F3": "house_cup_challenge/places/hospital",
    "G3": "stupefix/retard",
    "H3": "house_cup_challenge/places/trophy",
    "B4": "house_cup_challenge/places/grand_staircase",
    "A5": "crests/gryffindor",
    "B5": "house_cup_challenge/places/portrait",
    "C5": "cards/history",
    "D5": "house_cup_challenge/places/restricted",
    "E5": "house_cup_challenge/places/teacup",
    "F5": "stupefix/spell_protego",
    "G5": "cards/castle_a",
    "H5": "house_cup_challenge/places/telescope",
    "A6": "house_cup_challenge/places/stairs_down",
    "C6": "house_cup_challenge/places/door",
    "F6": "house_cup_challenge/places/tapestry",
    "H6": "house_cup_challenge/places/gargoyle",
    "A7": "cards/potions",
    "B7": "cards/elf",
    "C7": "house_cup_challenge/places/trapdoor",
    "D7": "house_cup_challenge/places/bathroom",
    "E7": "house_cup_challenge/places/chamber",
    "F7": "cards/castle_c",
    "G7": "cards/divination",
    "H7": "hat",
}
GROUP_ART = {"Forest": "house_cup_challenge/places/forest", "Corridor": "cards/castle_b"}


def picture(name: str, size: tuple[int, int]) -> pygame.Surface:
    """One of this game's pictures (a floor, a character, the wand, the Prefect's badge) at ``size``."""
    return scaled(f"house_cup_challenge/{name}", size)


def ability_icon(ability: str, size: int) -> pygame.Surface:
    """The roundel of Knowledge (a book), Skill (a wand) or Honor (a shield)."""
    return picture(ABILITY_ART[ability], (size, size))


def card_art(card: str) -> str:
    """The picture on an Adventure Card: the first place it may be played on."""
    first = ADVENTURES[card].play_en[0]  # (the English name: the data, whatever the language)
    return GROUP_ART.get(first) or PLACE_ART[BY_NAME[first]]


def cell_rect(code: str, cell: int) -> pygame.Rect:
    """A space's square on the board picture (the board's own top-left is 0, 0)."""
    return pygame.Rect(COLUMNS.index(code[0]) * cell, (int(code[1:]) - 1) * cell, cell, cell)


# --- text that always fits ----------------------------------------------------------------------------------


class Fitted(NamedTuple):
    """Text laid out whole in a box: its font size, its lines, and the box."""

    size: int
    lines: list[str]
    box: pygame.Rect


def wrap_words(message: str, font: theme.Font, width: int, hyphens: bool = False, inside: bool = False) -> list[str]:
    """``message`` split into lines no wider than ``width`` (a single word wider than that stands alone; with
    ``hyphens``, a hyphenated one may also break after its hyphen: "Мантия-" / "невидимка"; with ``inside`` too, a
    word still too wide is broken inside with a hyphen: "Предупрежде-" / "ние"). The lines are the words as drawn
    (``i18n.typeset``), as ``theme.wrap_in_font`` gives them: a French "de" ending a line was drawn "de" with its
    name on the next ("de" / "Ada")."""
    lines: list[str] = []
    # (as ``theme.wrap_in_font`` splits them: at plain spaces, a French ":" kept with its word; ``str.split()`` also
    # split at the no-break space that holds a card's "Habileté 3" together, and "3" began a line alone)
    for word in filter(None, theme.line_words(i18n.typeset(message).replace("\n", " "))):
        pieces = [word]
        if hyphens and "-" in word.strip("-") and font.size(word)[0] > width:
            parts = word.split("-")
            pieces = [f"{part}-" for part in parts[:-1]] + [parts[-1]]
        if hyphens and inside:
            pieces = [chunk for piece in pieces for chunk in broken_word(piece, font, width)]
        for index, piece in enumerate(pieces):
            joined = f"{lines[-1]}{'' if index else ' '}{piece}" if lines else piece
            if lines and font.size(joined)[0] <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
    return lines


# Letters a Russian word is never broken before (a line does not start with them), and the vowels that say where
# a break reads best ("Непрости-" / "тельные", not "Непростите-" / "льные": ``_break_rank``).
NOT_FIRST = frozenset("ьъйЬЪЙ")
VOWELS = frozenset("аеёиоуыэюяaeiouyàâéèêëîïôûùüÿœАЕЁИОУЫЭЮЯAEIOUY")


def broken_word(word: str, font: theme.Font, width: int) -> list[str]:
    """``word`` as it is when it fits ``width``; else cut into pieces that do, each but the last ending in a
    hyphen and each at least two letters long, a cut after a vowel preferred (a Russian title on a board tile,
    "Предупреждение Флоренца" in a 1240x700 window, ran past the tile's edges even at the smallest size: cut off)."""
    pieces: list[str] = []
    rest = word
    while font.size(rest)[0] > width and len(rest) > 3:
        cuts = [
            cut
            for cut in range(len(rest) - 2, 1, -1)
            if rest[cut] not in NOT_FIRST and font.size(f"{rest[:cut]}-")[0] <= width
        ]
        if not cuts:
            break  # (not even two letters fit: the rest stands whole, as a word did before)
        cut = min(cuts, key=lambda c: (_break_rank(rest, c), -c))
        pieces.append(rest[:cut] if rest[:cut].endswith("-") else f"{rest[:cut]}-")
        rest = rest[cut:]
    return [*pieces, rest]


def _break_rank(word: str, cut: int) -> int:
    """How well ``word`` breaks before its letter ``cut``: 0 between syllables ("Непрости-" / "тельные": a vowel,
    then a consonant starting the next syllable), 1 between two consonants ("Взбесив-" / "шийся"), 2 elsewhere."""
    before, at = word[cut - 1] in VOWELS, word[cut] in VOWELS
    after = cut + 1 < len(word) and word[cut + 1] in VOWELS
    if before and not at and after:
        return 0
    return 1 if not before and not at else 2


def fit_lines(
    message: str, width: int, height: int, largest: int, smallest: int = 8, bold: bool = True, inside: bool = False
) -> tuple[int, list[str]]:
    """The largest font size (from ``largest`` down to ``smallest``) at which ``message`` wraps into ``width``
    and ``height`` with every word whole, and its lines. At the smallest size the lines are given even if they
    overflow: the caller keeps room for that (text is never cut short); with ``inside``, a word too wide even
    then is broken inside with a hyphen (``broken_word``)."""
    size = max(smallest, largest)
    while True:
        font = theme.font(size, bold)
        lines = wrap_words(message, font, width)
        fits = all(font.size(line)[0] <= width for line in lines) and len(lines) * _line(font) <= height
        if fits:
            return size, lines
        if size <= smallest:  # a word too long even here: broken after its hyphen, if it has one
            return size, wrap_words(message, font, width, hyphens=True, inside=inside)
        size -= 1


def _line(font: theme.Font) -> int:
    return max(1, round(font.get_linesize() * 0.92))


def draw_lines(
    surface: pygame.Surface, lines: list[str], size: int, colour: Colour, rect: pygame.Rect, bold: bool = True
) -> int:
    """Lines centred in ``rect`` (vertically too); returns the bottom of the last one."""
    font = theme.font(size, bold)
    step = _line(font)
    y = rect.top + max(0, (rect.height - step * len(lines)) // 2)
    for line in lines:
        label = font.render(line, True, colour)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        y += step
    return y


# --- the board ---------------------------------------------------------------------------------------------


@surface_cache(8)
def board_surface(cell: int) -> pygame.Surface:
    """The castle grid: each space's illustrated floor and place, its name on a plaque, thick walls with
    doorways into the rooms, the grid's letters and numbers, and the secret passage's two ends."""
    surface = pygame.Surface((cell * 8, cell * 7))
    surface.fill(WALL)
    for code in CELLS:
        rect, space = cell_rect(code, cell), SPACES[code]
        surface.blit(picture(FLOORS.get(code, space.kind), (cell, cell)), rect)
        art = PLACE_ART.get(code)
        if art is not None:
            image = fit(art, round(cell * 0.58))
            surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.bottom - max(2, cell // 14))))
    _walls(surface, cell)
    for code in CELLS:
        _plaque(surface, code, cell)
    for here, there in (SECRET_PASSAGE, SECRET_PASSAGE[::-1]):
        _passage(surface, here, there, cell)
    return surface


def _walls(surface: pygame.Surface, cell: int) -> None:
    """A wall where two spaces do not connect; into a room, a wall with a lit doorway."""
    thick, at = max(2, cell // 22), {cell_rect(code, cell).topleft: code for code in CELLS}
    for code in CELLS:
        a = cell_rect(code, cell)
        edges = ((at.get(a.topright), a.topright, a.bottomright), (at.get(a.bottomleft), a.bottomleft, a.bottomright))
        for other, start, end in edges:
            connected = other in NEIGHBOURS[code]
            if other is None or connected and "room" not in (SPACES[code].kind, SPACES[other].kind):
                continue
            pygame.draw.line(surface, WALL, start, end, thick * 2)
            light = (86, 70, 58)
            offset = (1, 0) if start[0] == end[0] else (0, 1)
            pygame.draw.line(surface, light, (start[0] - offset[0], start[1] - offset[1]),
                             (end[0] - offset[0], end[1] - offset[1]), 1)  # fmt: skip
            if connected:
                size = (thick * 2 + 2, cell // 3) if start[0] == end[0] else (cell // 3, thick * 2 + 2)
                middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
                door = pygame.Rect((0, 0), size).move_to(center=middle)
                pygame.draw.rect(surface, (90, 60, 30), door.inflate(2, 2), border_radius=3)
                pygame.draw.rect(surface, DOOR, door, border_radius=3)
    pygame.draw.rect(surface, WALL, surface.get_rect(), thick * 2)


def plaque(code: str, cell: int) -> Fitted:
    """A space's name on its plaque across the top of its square: whole, as large as fits (corridors say
    "Corridor")."""
    rect, space = cell_rect(code, cell), SPACES[code]
    name = _("Corridor") if space.kind == "corridor" else space.name
    size, lines = fit_lines(name, rect.width - max(6, cell // 10), round(cell * 0.34), max(9, round(cell * 0.16)), 8)
    step = _line(theme.font(size, True))
    return Fitted(
        size, lines, pygame.Rect(rect.left + 2, rect.top + 2, rect.width - 4, step * len(lines) + max(3, cell // 20))
    )


def code_tag(code: str, cell: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A space's grid code ("C2") and its box at the lower right of its square."""
    rect = cell_rect(code, cell)
    tag = theme.font(max(8, round(cell * 0.12)), True).render(code, True, (255, 250, 235))
    return tag, tag.get_rect(bottomright=(rect.right - 3, rect.bottom - 2)).inflate(4, 0)


def passage_mark(code: str, cell: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the secret passage's mark (a tunnel mouth) and the code of its other end go on ``code``'s square:
    at its lower left, clear of the grid code at the lower right."""
    rect, size = cell_rect(code, cell), max(12, round(cell * 0.3))
    mark = pygame.Rect(0, 0, size, size).move_to(bottomleft=(rect.left + 3, rect.bottom - 2))
    note = theme.font(max(8, round(cell * 0.12)), True).size("H1")
    return mark, pygame.Rect(0, 0, *note).move_to(midleft=(mark.right + 1, mark.centery + 2)).inflate(4, 0)


def _plaque(surface: pygame.Surface, code: str, cell: int) -> None:
    fitted = plaque(code, cell)
    layer = pygame.Surface(fitted.box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 16, 14, 170), layer.get_rect(), border_radius=max(3, cell // 16))
    surface.blit(layer, fitted.box)
    draw_lines(surface, fitted.lines, fitted.size, (250, 240, 215), fitted.box)
    tag, box = code_tag(code, cell)
    _dark_box(surface, box, 150)
    surface.blit(tag, tag.get_rect(center=box.center))


def _passage(surface: pygame.Surface, code: str, there: str, cell: int) -> None:
    mark, box = passage_mark(code, cell)
    surface.blit(picture("passage", mark.size), mark)
    _dark_box(surface, box, 190)
    note = theme.font(max(8, round(cell * 0.12)), True).render(there, True, theme.GOLD_LIGHT)
    surface.blit(note, note.get_rect(center=box.center))


def _dark_box(surface: pygame.Surface, box: pygame.Rect, alpha: int) -> None:
    back = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (20, 16, 14, alpha), back.get_rect(), border_radius=3)
    surface.blit(back, box)


# --- the Test key ------------------------------------------------------------------------------------------


def test_key(info: Adventure, height: int) -> pygame.Surface:
    """A card's Test as its key: each tested ability's roundel (book, wand, shield) with its letter and number,
    joined by "or" (either is enough) or "and" (both are needed)."""
    join = {"any": _("or"), "all": _("and")}.get(info.test.mode, "")
    font = theme.font(max(8, round(height * 0.62)), True)
    small = theme.font(max(8, round(height * 0.42)), True)
    pieces: list[pygame.Surface] = []
    for index, (ability, number) in enumerate(info.test.parts):
        if index:
            pieces.append(small.render(join, True, (90, 70, 50)))
        icon = ability_icon(ability, height)
        label = font.render(ability_mark(ability, number), True, ABILITY_COLOURS[ability])
        piece = pygame.Surface((icon.get_width() + label.get_width() + 2, height), pygame.SRCALPHA)
        piece.blit(icon, (0, 0))
        piece.blit(label, label.get_rect(midleft=(icon.get_width() + 1, height // 2)))
        pieces.append(piece)
    gap = max(2, height // 6)
    width = sum(piece.get_width() for piece in pieces) + gap * (len(pieces) - 1)
    out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        out.blit(piece, piece.get_rect(midleft=(x, height // 2)))
        x += piece.get_width() + gap
    return out


def reward_words(info: Adventure) -> str:
    """The reward in words: "+1 Skill", "Draw 2 cards", "A Special Card"."""
    if info.reward == "raise_ability":
        return _("+1 {ability}").format(ability=ABILITY_NAMES[info.reward_arg])
    if info.reward == "draw_cards":
        count = int(info.reward_arg)
        return ngettext("Draw {count} card", "Draw {count} cards", count).format(count=count)
    return _("A Special Card")


# --- card faces ------------------------------------------------------------------------------------------


@surface_cache(800)
def card_face(card: str, width: int) -> pygame.Surface:
    """A full Adventure Card: the Year's band with the VP seal, the whole title, the place's picture, the Test
    key, the reward, where it may be played and, on a Hospital card, a red cross. Large faces (the zoom) also
    spell the Test and the setback out."""
    info = ADVENTURES[card]
    height = card_height(width)
    colour = YEAR_COLOURS[info.year]
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(4, width // 14)
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=radius)
    pad = max(3, width // 20)
    band = card_band(width)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    year = theme.font(max(8, round(band.height * 0.5)), True).render(
        _("Year {year}").format(year=info.year), True, (255, 244, 220)
    )
    surface.blit(year, year.get_rect(midleft=(pad, band.centery)))
    _vp_seal(surface, info.vp, width)
    big = width >= 180
    title = card_title(card, width)
    bottom = draw_lines(surface, title.lines, title.size, INK, title.box)
    # The key, the reward and where it may be played, stacked from the foot up; the picture takes what is left.
    room, brown, green = width - 2 * pad, (84, 66, 48), (40, 96, 50)
    stack: list[pygame.Surface] = []
    if big:
        if info.setback == "hospital_setback":
            stack.append(
                text_block(
                    _("Setback: go to the Hospital Wing"),
                    room,
                    round(height * 0.08),
                    round(width * 0.065),
                    HOSPITAL_RED,
                )
            )
        stack.append(
            text_block(
                _("Play: {spaces}").format(spaces=", ".join(info.play)),
                room,
                round(height * 0.1),
                round(width * 0.07),
                brown,
            )
        )
        stack.append(text_block(reward_words(info), room, round(height * 0.07), round(width * 0.085), green, True))
        stack.append(
            text_block(
                _("Test: {test}").format(test=info.test.words("\u00a0")),
                room,
                round(height * 0.07),
                round(width * 0.075),
                (110, 30, 30),
            )
        )
    elif width >= 130:
        stack.append(text_block(", ".join(info.play), room, round(height * 0.12), round(width * 0.075), brown))
        stack.append(text_block(info.reward_text(), room, round(height * 0.08), round(width * 0.09), green, True))
    else:  # a hand card: the title, the VP, the Test, the reward and where it goes, by the spaces' codes (the
        # names take too much room here; each space shows its code in its corner, and the zoom has the names)
        stack.append(text_block(", ".join(info.cells), room, round(height * 0.07), round(width * 0.1), brown, True))
        stack.append(text_block(info.reward_text(), room, round(height * 0.1), round(width * 0.12), green, True))
    key = test_key(info, max(12, round(width * (0.15 if big else 0.17 if width >= 130 else 0.2))))
    stack.append(theme.fit_width(key, room))
    foot = height - pad
    for piece in stack:
        foot = surface.blit(piece, piece.get_rect(midbottom=(width // 2, foot))).top - max(1, pad // 3)
    art_box = pygame.Rect(pad, bottom + 1, width - 2 * pad, max(0, foot - bottom - 2))
    if art_box.height >= width // 6:
        frame = art_box.inflate(-max(0, art_box.width - art_box.height * 1.5), 0)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, frame, border_radius=max(3, width // 24))
        image = fit(card_art(card), min(frame.width, frame.height) - 2)
        surface.blit(image, image.get_rect(center=frame.center))
    if info.setback == "hospital_setback":
        _hospital(surface, max(10, round(width * 0.14)), (width - pad, bottom + 2))
    pygame.draw.rect(surface, colour, rect, width=max(2, width // 45), border_radius=radius)
    return surface


def text_block(
    message: str, width: int, height: int, largest: int, colour: Colour, bold: bool = False
) -> pygame.Surface:
    """``message`` wrapped whole into ``width`` at the largest size that fits ``height`` (or overflowing it at
    8 pixels rather than cut), as one surface."""
    size, lines = fit_lines(message, width, height, max(8, largest), 8, bold)
    font = theme.font(size, bold)
    out = pygame.Surface((width, _line(font) * len(lines)), pygame.SRCALPHA)
    draw_lines(out, lines, size, colour, out.get_rect(), bold)
    return out


def card_band(width: int) -> pygame.Rect:
    return pygame.Rect(0, 0, width, max(16, round(card_height(width) * 0.13)))


def card_title(card: str, width: int) -> Fitted:
    """The title on a card face: whole, wrapped and as large as fits under the Year's band."""
    height, pad = card_height(width), max(3, width // 20)
    band = card_band(width)
    box = pygame.Rect(
        pad, band.bottom + max(1, pad // 2), width - 2 * pad, round(height * (0.19 if width >= 180 else 0.25))
    )
    size, lines = fit_lines(
        ADVENTURES[card].title, box.width, box.height, max(9, round(width * (0.12 if width >= 130 else 0.135))), 8
    )
    return Fitted(size, lines, box)


def vp_seal(vp: int, width: int) -> tuple[pygame.Surface, pygame.Rect]:
    """The card's VP on a gold seal at the right of its band."""
    band, pad = card_band(width), max(3, width // 20)
    words = ngettext("{count} VP", "{count} VP", vp).format(count=vp)
    label = theme.font(max(8, round(band.height * 0.62)), True).render(words, True, (60, 30, 10))
    seal = label.get_rect().inflate(max(6, band.height // 2), 2)
    seal.midright = (band.right - max(2, pad // 2), band.centery)
    return label, seal


def _vp_seal(surface: pygame.Surface, vp: int, width: int) -> None:
    label, seal = vp_seal(vp, width)
    pygame.draw.rect(surface, SEAL_GOLD, seal, border_radius=seal.height // 2)
    pygame.draw.rect(surface, (150, 104, 30), seal, 1, border_radius=seal.height // 2)
    surface.blit(label, label.get_rect(center=seal.center))


def _hospital(surface: pygame.Surface, size: int, topright: tuple[int, int]) -> None:
    """A red cross on white: failing this card sends the character to the Hospital Wing."""
    badge = pygame.Rect(0, 0, size, size)
    badge.topright = topright
    pygame.draw.rect(surface, (252, 250, 246), badge, border_radius=max(2, size // 5))
    pygame.draw.rect(surface, HOSPITAL_RED, badge, 1, border_radius=max(2, size // 5))
    arm = max(2, size // 4)
    pygame.draw.rect(surface, HOSPITAL_RED, (badge.centerx - arm // 2, badge.top + 2, arm, size - 4))
    pygame.draw.rect(surface, HOSPITAL_RED, (badge.left + 2, badge.centery - arm // 2, size - 4, arm))


def tile_title(card: str, size: int) -> Fitted:
    """The title on a card lying on the board: whole, as large as fits under its band (and left of a Hospital
    card's cross, in the corner: it lay over the title's last word)."""
    band = max(10, round(size * 0.3))
    cross = tile_cross(size) + 1 if ADVENTURES[card].setback == "hospital_setback" else 0
    box = pygame.Rect(2, band + 1, size - 4 - cross, size - band - 3)
    # (a word too wide even at 7 px is broken inside it: a tile has no room to squeeze it into, as a chip does)
    text_size, lines = fit_lines(
        ADVENTURES[card].title, box.width, box.height, max(9, round(size * 0.2)), 7, inside=True
    )
    return Fitted(text_size, lines, box)


def tile_cross(size: int) -> int:
    """The side of a Hospital card's red cross on a tile of ``size``."""
    return max(8, round(size * 0.2))


@surface_cache(200)
def board_card(card: str, size: int) -> pygame.Surface:
    """The card as it lies on a space: a square tile with its Year's band and VP, the Test key and the whole
    title in as large a type as fits (the zoom shows it all larger)."""
    info = ADVENTURES[card]
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 10)
    colour = YEAR_COLOURS[info.year]
    pygame.draw.rect(surface, (*theme.PARCHMENT, 250), surface.get_rect(), border_radius=radius)
    band = pygame.Rect(0, 0, size, max(10, round(size * 0.3)))
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    key = test_key(info, max(8, band.height - 4))
    vp_font = theme.font(max(8, round(size * 0.17)), True)
    full = ngettext("{count} VP", "{count} VP", info.vp).format(count=info.vp)
    words = full if key.get_width() + vp_font.size(full)[0] + 7 <= size else str(info.vp)
    vp = vp_font.render(words, True, (255, 236, 160))
    room = size - 4 - vp.get_width() - 3
    if key.get_width() > room:
        key = pygame.transform.smoothscale(key, (room, max(1, round(key.get_height() * room / key.get_width()))))
    # The key on a light chip, so its coloured letters read on the dark band.
    chip = key.get_rect(midleft=(2, band.centery)).inflate(2, 2)
    pygame.draw.rect(surface, (250, 244, 228), chip, border_radius=max(2, chip.height // 3))
    surface.blit(key, key.get_rect(center=chip.center))
    surface.blit(vp, vp.get_rect(midright=(size - 3, band.centery)))
    title = tile_title(card, size)
    draw_lines(surface, title.lines, title.size, INK, title.box)
    if info.setback == "hospital_setback":
        _hospital(surface, tile_cross(size), (size - 1, size - tile_cross(size) - 1))
    pygame.draw.rect(surface, colour, surface.get_rect(), max(1, size // 30), border_radius=radius)
    return surface


# --- Special Cards and characters, enlarged -------------------------------------------------------------------

SPECIAL_ART = {
    "cloak": "cards/uniform",
    "map": "stupefix/reward_faveur",
    "nimbus": "cards/quidditch",
    "firebolt": "cards/quidditch",
    "floo": "cards/castle_c",
    "timeturner": "cards/flywheel",
    "remembrall": "cards/divination",
    "sword": "crests/gryffindor",
    "felix": "stupefix/reward_potion",
    "patronus": "stupefix/spell_protego",
    "leviosa": "cards/charms",
    "expelliarmus": "stupefix/spell_stupefix",
    "fawkes": "days/tue",
    "polyjuice": "cards/cauldron",
    "accio": "cards/help_search",
    "hedwig": "cards/help_owlery",
}
SPECIAL_COLOUR = (84, 62, 132)
SPECIAL_TIMING = {  # when a Special Card is used, on its face
    "action": N_("Use it as your action; it turns face up again when you receive the Wand."),
    "free": N_("Free: flip it when it applies; it turns face up again when you receive the Wand or at a New Year."),
}
CHARACTER_PREFIX = "character:"  # a character's card is enlarged by this name and the character's id


def zoom_face(item: str, width: int) -> pygame.Surface | None:
    """The face enlarged for anything the table lets a pointer rest on: an Adventure Card, a Special Card or a
    character's card (``character:harry``)."""
    if item in ADVENTURES:
        return card_face(item, width)
    if item in SPECIALS:
        return special_face(item, width)
    if item.startswith(CHARACTER_PREFIX) and item[len(CHARACTER_PREFIX) :] in CHARACTERS:
        return character_face(item[len(CHARACTER_PREFIX) :], width)
    return None


def _plain_card(
    width: int, colour: Colour, heading: str, title: str, art: pygame.Surface, words: list[str]
) -> pygame.Surface:
    """A card in the Adventure Cards' style: a coloured band, a whole title, a picture and whole paragraphs."""
    height, pad = card_height(width), max(3, width // 20)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect, radius = surface.get_rect(), max(4, width // 14)
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=radius)
    band = card_band(width)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    label = theme.font(max(8, round(band.height * 0.5)), True).render(heading, True, BAND_INK)
    surface.blit(label, label.get_rect(midleft=(pad, band.centery)))
    box = pygame.Rect(pad, band.bottom + max(1, pad // 2), width - 2 * pad, round(height * 0.16))
    size, lines = fit_lines(title, box.width, box.height, max(9, round(width * 0.12)), 8)
    bottom = draw_lines(surface, lines, size, INK, box)
    stack = [text_block(text, width - 2 * pad, round(height * 0.2), round(width * 0.075), INK) for text in words]
    foot = height - pad
    for piece in reversed(stack):
        foot = surface.blit(piece, piece.get_rect(midbottom=(width // 2, foot))).top - pad
    frame = pygame.Rect(pad, bottom + 2, width - 2 * pad, max(0, foot - bottom - 4))
    if frame.height > width // 6:
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, frame, border_radius=max(3, width // 24))
        surface.blit(art, art.get_rect(center=frame.center))
    pygame.draw.rect(surface, colour, rect, width=max(2, width // 45), border_radius=radius)
    return surface


@surface_cache(64)
def special_face(card: str, width: int) -> pygame.Surface:
    """A Special Card: whether it is used as an action or freely, its name, a picture and what it does."""
    info = SPECIALS[card]
    art = fit(SPECIAL_ART[card], round(width * 0.42))
    words = [info.text, _(SPECIAL_TIMING[info.timing])]
    return _plain_card(width, SPECIAL_COLOUR, _("Special Card"), info.name, art, words)


@surface_cache(16)
def character_face(character: str, width: int) -> pygame.Surface:
    """A character's card: the name, the token, the starting K/S/H and the character's ability."""
    info = CHARACTERS[character]
    art = picture(character, (round(width * 0.36), round(width * 0.36)))
    start = ", ".join(
        _("{ability} {value}").format(ability=ABILITY_NAMES[a], value=n) for a, n in zip("KSH", info.start, strict=True)
    )
    words = [
        _("Starts with {abilities}.").format(abilities=start),
        _("{ability}: {text}").format(ability=info.ability, text=info.text),
    ]
    return _plain_card(width, band_colour(CHARACTER_COLOURS[character]), _("Character"), info.name, art, words)


BAND_INK = (255, 244, 220)  # the words on a card's coloured band


def band_colour(colour: Colour) -> Colour:
    """``colour`` darkened for a card's band, as far as it takes its words to read at AA: the colour-blind
    palette's yellow (Ron's) left them at 1.9:1 (the diff's review)."""
    for step in range(8, 0, -1):
        r, g, b = (round(c * step / 10) for c in colour)
        if theme.contrast((r, g, b), BAND_INK) >= theme.AA:
            return r, g, b
    return 0, 0, 0


# --- pieces ------------------------------------------------------------------------------------------------


CHIP_TEXT = 12  # the least font size of a Special Card chip's words (8 to 10 px were hard to read: a review)


@surface_cache(64)
def chip_look(specials: tuple[tuple[str, bool], ...], width: int, height: int, largest: int) -> tuple[bool, int]:
    """How a panel's Special Card chips (``specials``: each card and whether it is face up) show their names: at
    one font size, the largest up to ``largest`` at which every name fits whole, never under CHIP_TEXT (8 to 10 px
    were hard to read with Large text); and whether "Action", "Free" or "Used" stands beside each, only where the
    words leave the names that size (else an [Action] card is marked by a sign: ``special_chip``)."""
    sizes = [
        _chip_name_size(card, _chip_room(card, width, up, height, False), height, largest) for card, up in specials
    ]
    size = min((found or CHIP_TEXT for found in sizes), default=CHIP_TEXT)
    words = all(
        _chip_name_size(card, _chip_room(card, width, up, height, True), height, size) == size for card, up in specials
    )
    return words, size


def _chip_name_size(card: str, room: int, height: int, largest: int) -> int | None:
    """The largest font size (from ``largest`` down to CHIP_TEXT) at which a Special Card's name fits ``room``
    and ``height`` whole, or None."""
    size, lines = fit_lines(SPECIALS[card].name, room, height - 2, largest, CHIP_TEXT)
    font = theme.font(size, True)
    fits = all(font.size(line)[0] <= room for line in lines) and len(lines) * _line(font) <= height - 2
    return size if fits else None


def _chip_tag(card: str, up: bool, height: int) -> pygame.Surface:
    """A chip's word: "Action" or "Free" face up, "Used" face down."""
    kind = _("ACTION") if SPECIALS[card].timing == "action" else _("FREE")
    colour = theme.GOLD_LIGHT if up else theme.TEXT_DIM
    return theme.font(max(CHIP_TEXT, round(height * 0.36)), True).render(kind if up else _("USED"), True, colour)


def _chip_mark(card: str, height: int) -> int:
    """The width of the sign that marks an [Action] chip shown without its words (none for the others)."""
    return round(height * 0.32) if SPECIALS[card].timing == "action" else 0


def _chip_room(card: str, width: int, up: bool, height: int, words: bool) -> int:
    """The width a chip leaves its name, beside its word or its sign."""
    beside = _chip_tag(card, up, height).get_width() if words else _chip_mark(card, height)
    return width - beside - (px(12) if beside else px(8))


@surface_cache(64)
def special_chip(
    card: str, width: int, up: bool, height: int, size: int = CHIP_TEXT, words: bool = True
) -> pygame.Surface:
    """A Special Card as a chip in its owner's panel: its name whole at font ``size`` (see ``chip_look``), face up
    (purple, gold-edged) or face down (grey); with ``words``, "Action", "Free" or "Used" beside it, else an
    [Action] card's sign, a small triangle as on a play button."""
    info = SPECIALS[card]
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, (70, 56, 110) if up else (54, 54, 60), surface.get_rect(), border_radius=px(6))
    pygame.draw.rect(surface, theme.GOLD_LIGHT if up else (100, 100, 100), surface.get_rect(), 1, border_radius=px(6))
    left = px(4)
    if words:
        tag = _chip_tag(card, up, height)
        surface.blit(tag, tag.get_rect(midleft=(px(5), height // 2)))
        left = px(8) + tag.get_width()
    elif mark := _chip_mark(card, height):
        half = round(mark * 0.6)
        triangle = [(px(5), height // 2 - half), (px(5) + mark, height // 2), (px(5), height // 2 + half)]
        pygame.draw.polygon(surface, theme.GOLD_LIGHT if up else theme.TEXT_DIM, triangle)
        left = px(8) + mark
    room = _chip_room(card, width, up, height, words)
    font, colour = theme.font(size, True), theme.TEXT if up else theme.TEXT_DIM
    step = _line(font)
    lines = wrap_words(info.name, font, room)
    if any(font.size(line)[0] > room for line in lines):  # (a word wider than the room: after its hyphen)
        lines = wrap_words(info.name, font, room, hyphens=True)
    if len(lines) * step > height - 2 and " " in info.name:  # (more lines than the chip holds: two, narrowed)
        lines = theme.halves(info.name)
    y = 1 + max(0, (height - 2 - step * len(lines)) // 2)
    for line in lines:  # whole, squeezed rather than over the tag when a word is wider than the room
        label = theme.fit_width(font.render(line, True, colour), room, keep_height=True)
        surface.blit(label, label.get_rect(midtop=(left + room // 2, y)))
        y += step
    return surface


@surface_cache(16)
def wand_token(size: int, up: bool) -> pygame.Surface:
    """The Wand Bonus Token as a round piece: face up a gold-rimmed red coin with a wand and its spark, face
    down its plain grey back with a dim rim (used until its owner next receives the Wand)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre, radius, rim = (size // 2, size // 2), size // 2 - 1, max(2, size // 12)
    pygame.draw.circle(surface, (0, 0, 0, 90), (centre[0] + 1, centre[1] + 2), radius)  # its shadow
    if not up:
        pygame.draw.circle(surface, (70, 68, 74), centre, radius)
        pygame.draw.circle(surface, (120, 118, 124), centre, radius, rim)
        pygame.draw.circle(surface, (96, 94, 100), centre, round(radius * 0.55), max(1, rim // 2))
        return surface
    pygame.draw.circle(surface, (150, 22, 24), centre, radius)
    pygame.draw.circle(surface, (186, 44, 40), (centre[0] - radius // 5, centre[1] - radius // 5), radius * 2 // 3)
    pygame.draw.circle(surface, theme.GOLD, centre, radius, rim)
    pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius - rim - 1, 1)
    # The wand: a dark shaft from lower left to upper right, a pale tip, and a four-pointed spark beyond it.
    shaft, tip = (round(size * 0.26), round(size * 0.74)), (round(size * 0.62), round(size * 0.38))
    pygame.draw.line(surface, (60, 34, 18), shaft, tip, max(2, size // 9))
    pygame.draw.line(surface, (240, 230, 200), tip, (round(size * 0.66), round(size * 0.34)), max(2, size // 9))
    x, y, arm, waist = round(size * 0.72), round(size * 0.28), max(3, size // 6), max(1, size // 22)
    star = [(0, -arm), (waist, -waist), (arm, 0), (waist, waist)]  # its upper right half, turned round below
    pygame.draw.polygon(surface, (255, 236, 140), [(x + dx, y + dy) for dx, dy in star + [(-a, -b) for a, b in star]])
    return surface


@surface_cache(8)
def privacy_badge(character: str, size: int) -> pygame.Surface:
    """For the privacy screen: the Gryffindor crest with the character's token at its foot."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    crest = fit("crests/gryffindor", size)
    surface.blit(crest, crest.get_rect(center=(size // 2, size // 2)))
    token = picture(character, (size * 2 // 5, size * 2 // 5))
    surface.blit(token, token.get_rect(bottomright=(size, size)))
    return surface


@surface_cache(16)
def count_icon(kind: str, height: int) -> pygame.Surface:
    """A small picture for a player's panel when its counts do not fit in words: "hand" a fan of card backs (the
    cards in hand), "done" a face-up card with a tick (the adventures completed), "harry" Harry's bolt struck
    through (his walk-past used this round). The words are in the breakdown the panel opens. Drawn at three
    times the size and scaled down, for smooth edges."""
    big = height * 3
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    line, corner = max(2, big // 14), max(3, big // 8)
    card_w = round(big * 0.6)
    if kind == "harry":
        bolt = picture("harry", (big, big)).copy()
        bolt.set_alpha(150)
        surface.blit(bolt, (0, 0))
        pygame.draw.line(surface, (230, 70, 60), (big // 8, big - big // 8), (big - big // 8, big // 8), big // 7)
    elif kind == "hand":
        for angle, shift in ((18, -big // 7), (0, 0), (-18, big // 7)):  # three backs fanned out
            back = pygame.Surface((card_w, big - line * 2), pygame.SRCALPHA)
            pygame.draw.rect(back, (130, 32, 36), back.get_rect(), border_radius=corner)
            pygame.draw.rect(back, theme.GOLD, back.get_rect(), line, border_radius=corner)
            turned = pygame.transform.rotate(back, angle)
            surface.blit(turned, turned.get_rect(center=(big // 2 + shift, big // 2 + abs(shift) // 3)))
    else:
        card = pygame.Rect(0, 0, round(big * 0.72), big - line * 2)
        card.center = (big // 2, big // 2)
        pygame.draw.rect(surface, (226, 214, 180), card, border_radius=corner)
        pygame.draw.rect(surface, (90, 150, 90), card, line, border_radius=corner)
        tick = [
            (card.left + card.width * 0.2, card.top + card.height * 0.55),
            (card.left + card.width * 0.42, card.top + card.height * 0.74),
            (card.left + card.width * 0.82, card.top + card.height * 0.26),
        ]
        pygame.draw.lines(surface, (40, 130, 60), False, tick, big // 8)
    return pygame.transform.smoothscale(surface, (height, height))
