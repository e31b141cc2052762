"""Cached pictures for the House Cup Challenge table: the castle board, card faces and character tokens."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup_challenge.board import CELLS, NEIGHBOURS, SECRET_PASSAGE, SPACES, START
from tabletop.games.house_cup_challenge.cards import ADVENTURES, SPECIALS
from tabletop.ui import theme
from tabletop.ui.assets import image, scaled
from tabletop.ui.theme import px

YEAR_COLOURS = {1: (176, 46, 38), 2: (40, 110, 60), 3: (70, 70, 150), 4: (190, 120, 30), 5: (40, 40, 48)}
KIND_ART = {"forest": "forest", "grounds": "grounds", "room": "room", "corridor": "corridor", "landing": "landing"}
KIND_LABEL = {
    "forest": (230, 240, 220),
    "grounds": (250, 250, 235),
    "room": theme.INK,
    "corridor": (245, 245, 245),
    "landing": (245, 245, 250),
}
WATER = ("A2", "B2")
WALL = (40, 30, 24)
DOOR = (236, 200, 120)

_board_cache: dict[tuple, pygame.Surface] = {}
_face_cache: dict[tuple, pygame.Surface] = {}


def art(name: str) -> str:
    return f"house_cup_challenge/{name}"


def board_surface(cells: dict[str, pygame.Rect], cell: int, origin: tuple[int, int]) -> pygame.Surface:
    """The castle grid: textured spaces by kind, names, thick walls, marked doorways and the secret passage."""
    key = (cell, origin)
    cached = _board_cache.get(key)
    if cached is not None:
        return cached
    if len(_board_cache) > 4:
        _board_cache.clear()
    surface = pygame.Surface((cell * 8, cell * 7))
    surface.fill(WALL)
    ox, oy = origin
    for code in CELLS:
        rect = cells[code].move(-ox, -oy)
        space = SPACES[code]
        texture = "water" if code in WATER else KIND_ART[space.kind]
        tile = scaled(art(texture), (cell, cell))
        surface.blit(tile, rect)
        if code == START:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((174, 0, 1, 110))
            surface.blit(glow, rect)
    # Edges between neighbouring cells: walls, doorways, or open ground.
    thick = max(2, cell // 22)
    for code in CELLS:
        col, row = "ABCDEFGH".index(code[0]), int(code[1])
        for other in (f"{'ABCDEFGH'[col + 1]}{row}" if col < 7 else "", f"{code[0]}{row + 1}" if row < 7 else ""):
            if not other:
                continue
            a = cells[code].move(-ox, -oy)
            vertical = other[1] == code[1]
            if vertical:
                x = a.right
                line = ((x, a.top), (x, a.bottom))
            else:
                y = a.bottom
                line = ((a.left, y), (a.right, y))
            connected = other in NEIGHBOURS[code]
            rooms = SPACES[code].kind == "room" or SPACES[other].kind == "room"
            if not connected:
                pygame.draw.line(surface, WALL, line[0], line[1], thick * 2)
            elif rooms:
                pygame.draw.line(surface, WALL, line[0], line[1], thick * 2)
                mid = ((line[0][0] + line[1][0]) // 2, (line[0][1] + line[1][1]) // 2)
                gap = cell // 3
                if vertical:
                    door = pygame.Rect(mid[0] - thick, mid[1] - gap // 2, thick * 2, gap)
                else:
                    door = pygame.Rect(mid[0] - gap // 2, mid[1] - thick, gap, thick * 2)
                pygame.draw.rect(surface, DOOR, door, border_radius=2)
    pygame.draw.rect(surface, WALL, surface.get_rect(), thick * 2)
    # Names.
    for code in CELLS:
        rect = cells[code].move(-ox, -oy)
        space = SPACES[code]
        label = space.name if space.kind != "corridor" else "Corridor"
        colour = KIND_LABEL[space.kind]
        _label(surface, label, rect, cell, colour)
        tag = theme.text(code, max(9, cell // 7), colour)
        tag.set_alpha(150)
        surface.blit(tag, (rect.right - tag.get_width() - 3, rect.bottom - tag.get_height() - 1))
    # The secret passage: a dashed gold mark on both ends, labelled with where it leads.
    for here, there in (SECRET_PASSAGE, SECRET_PASSAGE[::-1]):
        rect = cells[here].move(-ox, -oy)
        mark = pygame.Rect(0, 0, cell // 2, max(10, cell // 6))
        mark.midbottom = (rect.centerx, rect.bottom - max(10, cell // 7))
        pygame.draw.rect(surface, (30, 24, 18), mark, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD, mark, 1, border_radius=4)
        note = theme.text(f"passage {there}", max(9, cell // 8), theme.GOLD_LIGHT)
        surface.blit(note, note.get_rect(center=mark.center))
    _board_cache[key] = surface
    return surface


def _label(surface: pygame.Surface, text: str, rect: pygame.Rect, cell: int, colour) -> None:
    size = max(9, cell // 7)
    font = theme.font(round(size * 1.25))
    words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= rect.width - 6 or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    y = rect.top + max(3, cell // 14)
    for line in lines[:3]:
        shadow = font.render(line, True, (0, 0, 0))
        rendered = font.render(line, True, colour)
        x = rect.centerx - rendered.get_width() // 2
        if colour != theme.INK:
            surface.blit(shadow, (x + 1, y + 1))
        surface.blit(rendered, (x, y))
        y += rendered.get_height() - 2


def card_face(card: str, width: int) -> pygame.Surface:
    """A full Adventure Card: Year band, title, the spaces after Play:, the Test, VP and reward, setback."""
    key = ("face", card, width)
    cached = _face_cache.get(key)
    if cached is not None:
        return cached
    if len(_face_cache) > 800:
        _face_cache.clear()
    info = ADVENTURES[card]
    height = round(width * 1.4)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(4, width // 14)
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=radius)
    band = pygame.Rect(0, 0, width, max(14, height // 7))
    pygame.draw.rect(
        surface, YEAR_COLOURS[info.year], band, border_top_left_radius=radius, border_top_right_radius=radius
    )
    size = max(9, width / 8.5)
    surface.blit(theme.text(f"Year {info.year}", size * 0.9, (255, 245, 220), bold=True), (5, 3))
    vp = theme.text(f"{info.vp} VP", size, (255, 235, 150), bold=True)
    surface.blit(vp, vp.get_rect(topright=(width - 5, 3)))
    body = pygame.Rect(5, band.bottom + 3, width - 10, height // 3)
    theme.draw_text_block(surface, info.title, body, size * 0.95, theme.INK, bold=True, line_gap=1.0)
    test = theme.text(info.test.text(), size * 1.45, (120, 20, 20), bold=True)
    surface.blit(test, test.get_rect(center=(width // 2, round(height * 0.6))))
    reward = theme.text(info.reward_text(), size * 0.9, (40, 80, 40), bold=True)
    surface.blit(reward, reward.get_rect(center=(width // 2, round(height * 0.71))))
    play = pygame.Rect(5, round(height * 0.77), width - 10, height - round(height * 0.77) - 4)
    where = "Play: " + ", ".join(info.play)
    theme.draw_text_block(surface, where, play, size * 0.78, (70, 60, 50), line_gap=1.0)
    if info.setback == "hospital_setback":
        mark = theme.text("+", size * 1.6, (200, 30, 30), bold=True)
        surface.blit(mark, (5, round(height * 0.55)))
    pygame.draw.rect(surface, (90, 70, 40), rect, 1, border_radius=radius)
    _face_cache[key] = surface
    return surface


def board_card(card: str, size: int) -> pygame.Surface:
    """The card as it lies on a space: a square tile with its Test, VP and a short title."""
    key = ("tile", card, size)
    cached = _face_cache.get(key)
    if cached is not None:
        return cached
    info = ADVENTURES[card]
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*theme.PARCHMENT, 245), rect, border_radius=max(3, size // 10))
    band = pygame.Rect(0, 0, size, max(10, size // 4))
    pygame.draw.rect(
        surface,
        YEAR_COLOURS[info.year],
        band,
        border_top_left_radius=max(3, size // 10),
        border_top_right_radius=max(3, size // 10),
    )
    small = max(9, size / 6.5)
    test = theme.text(info.test.text(), small * 1.05, (255, 245, 220), bold=True)
    surface.blit(test, test.get_rect(midleft=(3, band.centery)))
    name_rect = pygame.Rect(3, band.bottom + 1, size - 6, size - band.height - max(12, size // 4))
    theme.draw_text_block(surface, info.title, name_rect, small * 0.85, theme.INK, line_gap=0.95)
    vp = theme.text(f"{info.vp} VP", small * 0.95, (120, 20, 20), bold=True)
    surface.blit(vp, vp.get_rect(bottomright=(size - 3, size - 2)))
    if info.setback == "hospital_setback":
        mark = theme.text("+", small * 1.3, (200, 30, 30), bold=True)
        surface.blit(mark, mark.get_rect(bottomleft=(3, size - 1)))
    pygame.draw.rect(surface, (90, 70, 40), rect, 1, border_radius=max(3, size // 10))
    _face_cache[key] = surface
    return surface


def card_back(width: int) -> pygame.Surface:
    key = ("back", width)
    cached = _face_cache.get(key)
    if cached is not None:
        return cached
    height = round(width * 1.4)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, (90, 24, 20), surface.get_rect(), border_radius=max(4, width // 14))
    pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-6, -6), 2, border_radius=max(4, width // 14))
    mark = theme.text("HCC", max(10, width / 4), theme.GOLD_LIGHT, bold=True)
    surface.blit(mark, mark.get_rect(center=surface.get_rect().center))
    _face_cache[key] = surface
    return surface


def special_chip(card: str, width: int, up: bool) -> pygame.Surface:
    key = ("special", card, width, up)
    cached = _face_cache.get(key)
    if cached is not None:
        return cached
    info = SPECIALS[card]
    height = px(26)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    fill = (70, 56, 110) if up else (54, 54, 60)
    edge = theme.GOLD_LIGHT if up else (100, 100, 100)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=px(6))
    pygame.draw.rect(surface, edge, surface.get_rect(), 1, border_radius=px(6))
    tag = "A" if info.timing == "action" else "F"
    label = theme.text(f"{tag} {info.name}" if up else f"{info.name} (down)", 13, theme.TEXT if up else theme.TEXT_DIM)
    if label.get_width() > width - 6:
        label = pygame.transform.smoothscale(label, (width - 6, label.get_height()))
    surface.blit(label, label.get_rect(center=(width // 2, height // 2)))
    _face_cache[key] = surface
    return surface


def wand_token(size: int, up: bool) -> pygame.Surface:
    """The Wand Bonus Token as a round piece: face up a gold-rimmed red coin with a wand and its spark, face
    down its plain grey back with a dim rim (used until its owner next receives the Wand)."""
    key = ("wand_token", size, up)
    cached = _face_cache.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = size // 2 - 1
    rim = max(2, size // 12)
    pygame.draw.circle(surface, (0, 0, 0, 90), (centre[0] + 1, centre[1] + 2), radius)  # its shadow
    if not up:
        pygame.draw.circle(surface, (70, 68, 74), centre, radius)
        pygame.draw.circle(surface, (120, 118, 124), centre, radius, rim)
        pygame.draw.circle(surface, (96, 94, 100), centre, round(radius * 0.55), max(1, rim // 2))
        _face_cache[key] = surface
        return surface
    pygame.draw.circle(surface, (150, 22, 24), centre, radius)
    pygame.draw.circle(surface, (186, 44, 40), (centre[0] - radius // 5, centre[1] - radius // 5), radius * 2 // 3)
    pygame.draw.circle(surface, theme.GOLD, centre, radius, rim)
    pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius - rim - 1, 1)
    # The wand: a dark shaft from lower left to upper right, a pale tip, and a four-pointed spark beyond it.
    a = (round(size * 0.26), round(size * 0.74))
    b = (round(size * 0.62), round(size * 0.38))
    pygame.draw.line(surface, (60, 34, 18), a, b, max(2, size // 9))
    pygame.draw.line(surface, (240, 230, 200), b, (round(size * 0.66), round(size * 0.34)), max(2, size // 9))
    spark = (round(size * 0.72), round(size * 0.28))
    arm, waist = max(3, size // 6), max(1, size // 22)
    points = [
        (spark[0], spark[1] - arm),
        (spark[0] + waist, spark[1] - waist),
        (spark[0] + arm, spark[1]),
        (spark[0] + waist, spark[1] + waist),
        (spark[0], spark[1] + arm),
        (spark[0] - waist, spark[1] + waist),
        (spark[0] - arm, spark[1]),
        (spark[0] - waist, spark[1] - waist),
    ]
    pygame.draw.polygon(surface, (255, 236, 140), points)
    _face_cache[key] = surface
    return surface


def token_image(character: str, size: int) -> pygame.Surface:
    return scaled(art(character), (size, size))


def icon(name: str, size: tuple[int, int]) -> pygame.Surface:
    image(art(name))
    return scaled(art(name), size)


def reset() -> None:
    _board_cache.clear()
    _face_cache.clear()
