"""Pictures for the House Cup Challenge table, each drawn once and kept (``surface_cache``): the castle board,
card faces, Special Card chips, the Wand Bonus Token and the characters' colours and tokens."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup_challenge.board import CELLS, COLUMNS, NEIGHBOURS, SECRET_PASSAGE, SPACES, START
from tabletop.games.house_cup_challenge.cards import ADVENTURES, SPECIALS
from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.theme import px

Colour = tuple[int, int, int]
CHARACTER_COLOURS = dict(harry=(200, 40, 40), hermione=(170, 70, 140), ron=(230, 130, 40), neville=(80, 160, 70))
YEAR_COLOURS = {1: (176, 46, 38), 2: (40, 110, 60), 3: (70, 70, 150), 4: (190, 120, 30), 5: (40, 40, 48)}
KIND_LABEL = dict(
    forest=(230, 240, 220), grounds=(250, 250, 235), room=theme.INK, corridor=(245, 245, 245), landing=(245, 245, 250)
)
WATER = ("A2", "B2")
WALL = (40, 30, 24)
DOOR = (236, 200, 120)


def picture(name: str, size: tuple[int, int]) -> pygame.Surface:
    """One of this game's pictures (a space's texture, a character, the wand, the Prefect's badge) at ``size``."""
    return scaled(f"house_cup_challenge/{name}", size)


def cell_rect(code: str, cell: int) -> pygame.Rect:
    """A space's square on the board picture (the board's own top-left is 0, 0)."""
    return pygame.Rect(COLUMNS.index(code[0]) * cell, (int(code[1:]) - 1) * cell, cell, cell)


@surface_cache(8)
def board_surface(cell: int) -> pygame.Surface:
    """The castle grid: textured spaces by kind, names, thick walls, marked doorways and the secret passage."""
    surface = pygame.Surface((cell * 8, cell * 7))
    surface.fill(WALL)
    for code in CELLS:
        rect = cell_rect(code, cell)
        surface.blit(picture("water" if code in WATER else SPACES[code].kind, (cell, cell)), rect)
        if code == START:  # Gryffindor's common room, where everyone starts, tinted red
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((174, 0, 1, 110))
            surface.blit(glow, rect)
    thick, at = max(2, cell // 22), {cell_rect(code, cell).topleft: code for code in CELLS}
    for code in CELLS:  # a wall where two spaces do not connect; into a room, a wall with a doorway
        a = cell_rect(code, cell)
        edges = ((at.get(a.topright), a.topright, a.bottomright), (at.get(a.bottomleft), a.bottomleft, a.bottomright))
        for other, start, end in edges:
            connected = other in NEIGHBOURS[code]
            if other is None or connected and "room" not in (SPACES[code].kind, SPACES[other].kind):
                continue
            pygame.draw.line(surface, WALL, start, end, thick * 2)
            if connected:
                size = (thick * 2, cell // 3) if start[0] == end[0] else (cell // 3, thick * 2)
                door = pygame.Rect((0, 0), size).move_to(center=((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
                pygame.draw.rect(surface, DOOR, door, border_radius=2)
    pygame.draw.rect(surface, WALL, surface.get_rect(), thick * 2)
    for code in CELLS:
        rect, space = cell_rect(code, cell), SPACES[code]
        colour = KIND_LABEL[space.kind]
        _label(surface, space.name if space.kind != "corridor" else "Corridor", rect, cell, colour)
        tag = theme.text(code, max(9, cell // 7), colour).copy()  # (faded: not the shared cached one)
        tag.set_alpha(150)
        surface.blit(tag, (rect.right - tag.get_width() - 3, rect.bottom - tag.get_height() - 1))
    for here, there in (SECRET_PASSAGE, SECRET_PASSAGE[::-1]):  # a gold mark on both ends, saying where it leads
        rect = cell_rect(here, cell)
        mark = pygame.Rect(0, 0, cell // 2, max(10, cell // 6))
        mark.midbottom = (rect.centerx, rect.bottom - max(10, cell // 7))
        pygame.draw.rect(surface, (30, 24, 18), mark, border_radius=4)
        pygame.draw.rect(surface, theme.GOLD, mark, 1, border_radius=4)
        note = theme.text(f"passage {there}", max(9, cell // 8), theme.GOLD_LIGHT)
        surface.blit(note, note.get_rect(center=mark.center))
    return surface


def _label(surface: pygame.Surface, text: str, rect: pygame.Rect, cell: int, colour: Colour) -> None:
    """A space's name, wrapped to its width (up to three lines), shadowed unless dark on a light floor."""
    font = theme.font(round(max(9, cell // 7) * 1.25))
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= rect.width - 6:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    y = rect.top + max(3, cell // 14)
    for line in lines[:3]:
        rendered = font.render(line, True, colour)
        x = rect.centerx - rendered.get_width() // 2
        if colour != theme.INK:
            surface.blit(font.render(line, True, (0, 0, 0)), (x + 1, y + 1))
        surface.blit(rendered, (x, y))
        y += rendered.get_height() - 2


@surface_cache(800)
def card_face(card: str, width: int) -> pygame.Surface:
    """A full Adventure Card: Year band, title, the spaces after Play:, the Test, VP and reward, setback."""
    info = ADVENTURES[card]
    height = round(width * 1.4)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(4, width // 14)
    band = pygame.Rect(0, 0, width, max(14, height // 7))
    _card(surface, YEAR_COLOURS[info.year], band, radius)
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
    theme.draw_text_block(surface, "Play: " + ", ".join(info.play), play, size * 0.78, (70, 60, 50), line_gap=1.0)
    if info.setback == "hospital_setback":
        surface.blit(theme.text("+", size * 1.6, (200, 30, 30), bold=True), (5, round(height * 0.55)))
    return surface


@surface_cache(200)
def board_card(card: str, size: int) -> pygame.Surface:
    """The card as it lies on a space: a square tile with its Test, VP and a short title."""
    info = ADVENTURES[card]
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    band = pygame.Rect(0, 0, size, max(10, size // 4))
    _card(surface, YEAR_COLOURS[info.year], band, max(3, size // 10), alpha=245)
    small = max(9, size / 6.5)
    test = theme.text(info.test.text(), small * 1.05, (255, 245, 220), bold=True)
    surface.blit(test, test.get_rect(midleft=(3, band.centery)))
    title = pygame.Rect(3, band.bottom + 1, size - 6, size - band.height - max(12, size // 4))
    theme.draw_text_block(surface, info.title, title, small * 0.85, theme.INK, line_gap=0.95)
    vp = theme.text(f"{info.vp} VP", small * 0.95, (120, 20, 20), bold=True)
    surface.blit(vp, vp.get_rect(bottomright=(size - 3, size - 2)))
    if info.setback == "hospital_setback":
        mark = theme.text("+", small * 1.3, (200, 30, 30), bold=True)
        surface.blit(mark, mark.get_rect(bottomleft=(3, size - 1)))
    return surface


def _card(surface: pygame.Surface, year: Colour, band: pygame.Rect, radius: int, alpha: int = 255) -> None:
    """A card's parchment, its Year's coloured band at the top and its thin edge."""
    rect = surface.get_rect()
    pygame.draw.rect(surface, (*theme.PARCHMENT, alpha), rect, border_radius=radius)
    pygame.draw.rect(surface, year, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surface, (90, 70, 40), rect, 1, border_radius=radius)


@surface_cache(64)
def special_chip(card: str, width: int, up: bool) -> pygame.Surface:
    """A Special Card as a chip in its owner's panel: A(ction) or F(ree) and its name, face up or down."""
    info, surface = SPECIALS[card], pygame.Surface((width, px(26)), pygame.SRCALPHA)
    pygame.draw.rect(surface, (70, 56, 110) if up else (54, 54, 60), surface.get_rect(), border_radius=px(6))
    pygame.draw.rect(surface, theme.GOLD_LIGHT if up else (100, 100, 100), surface.get_rect(), 1, border_radius=px(6))
    words = f"{'A' if info.timing == 'action' else 'F'} {info.name}" if up else f"{info.name} (down)"
    label = theme.text(words, 13, theme.TEXT if up else theme.TEXT_DIM)
    if label.get_width() > width - 6:
        label = pygame.transform.smoothscale(label, (width - 6, label.get_height()))
    surface.blit(label, label.get_rect(center=surface.get_rect().center))
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
