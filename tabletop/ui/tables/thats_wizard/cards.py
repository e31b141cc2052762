"""Card faces and backs for That's Wizard!, drawn from the card table and the art, cached by size.

A face shows what the printed card shows: the dial values in the blue box, the name, who it targets and whether
it is quick or lasting, its level and school in the corner, and (when the card is big enough to read) its
timing, duration and rule in our words.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from tabletop.games.thats_wizard.cards import CARDS
from tabletop.ui import theme
from tabletop.ui.assets import scaled

RATIO = 1.4
SCHOOL_COLOURS = {
    "Charms": (196, 64, 120),
    "Curses": (70, 70, 82),
    "Transfiguration": (44, 140, 120),
    "Defense": (52, 96, 176),
    "Hexes": (132, 60, 170),
    "Divination": (40, 60, 120),
    "Jinxes": (214, 124, 36),
    "": (150, 120, 50),
}
TEAM_COLOURS = ((70, 120, 230), (236, 186, 50))
TEAM_DARK = ((30, 50, 120), (130, 90, 10))
INK = (36, 28, 22)


def card_height(width: int) -> int:
    return round(width * RATIO)


def _font(size: int, bold: bool = False) -> theme.Font:
    return theme.font(max(8, size), bold)


def _wrap(text: str, font: theme.Font, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def reset() -> None:
    """Forget every cached font and surface of this table (pygame may have been shut down and started again)."""
    from tabletop.ui.tables.thats_wizard import dial, painter

    card_face.cache_clear()
    card_back.cache_clear()
    dial.number.cache_clear()
    dial._pointer.cache_clear()
    painter._track.cache_clear()
    painter.reset_backgrounds()


@lru_cache(maxsize=400)
def card_face(card: str, width: int, dim: bool = False) -> pygame.Surface:
    c = CARDS[card]
    w, h = width, card_height(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 14)
    colour = SCHOOL_COLOURS[c.school]
    pygame.draw.rect(surface, (250, 242, 222), (0, 0, w, h), border_radius=radius)
    band = max(14, round(h * 0.2))
    pygame.draw.rect(surface, colour, (0, 0, w, band), border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surface, INK, (0, 0, w, h), width=max(1, w // 60), border_radius=radius)
    # The dial values in the blue box.
    values = " ".join(str(d) for d in c.dials)
    box_font = _font(max(10, round(w * 0.13)), True)
    label = box_font.render(values, True, (255, 255, 255))
    box = pygame.Rect(max(3, w // 25), max(3, w // 25), label.get_width() + w // 10, label.get_height() + 2)
    pygame.draw.rect(surface, (40, 80, 190), box, border_radius=max(2, w // 30))
    surface.blit(label, label.get_rect(center=box.center))
    # The name under the box.
    name_size = round(w * (0.15 if len(c.name) < 11 else 0.125))
    name = _font(max(10, name_size), True).render(c.name, True, (255, 255, 255))
    if name.get_width() > w - 8:
        name = pygame.transform.smoothscale(
            name, (w - 8, max(1, round(name.get_height() * (w - 8) / name.get_width())))
        )
    surface.blit(name, name.get_rect(midbottom=(w // 2, band - max(1, h // 80))))
    # Icons: whom it targets, quick or lasting.
    icon = max(12, round(w * 0.16))
    y = band + max(2, h // 60)
    aim = {"opponent": "target", "both": "target", "spell": "target", "self": "self", "ally": "self"}[c.target]
    surface.blit(scaled(f"thats_wizard/icons/{aim}", (icon, icon)), (max(3, w // 25), y))
    if c.target == "both":
        surface.blit(scaled("thats_wizard/icons/target", (icon, icon)), (max(3, w // 25) + icon * 2 // 3, y))
    kind = "lasting" if c.lasting else "quick"
    surface.blit(scaled(f"thats_wizard/icons/{kind}", (icon, icon)), (w - icon - max(3, w // 25), y))
    aim_text = {
        "opponent": "opponent",
        "both": "both opponents",
        "self": "yourself",
        "ally": "ally",
        "spell": "a spell",
    }
    small = _font(max(9, round(w * 0.09)))
    tag = small.render(aim_text[c.target], True, INK)
    if tag.get_width() < w - 2 * icon - 12:
        surface.blit(
            tag, tag.get_rect(midleft=(max(3, w // 25) + icon * (2 if c.target == "both" else 1) + 4, y + icon // 2))
        )
    # The rule, when the card is big enough to read.
    top = y + icon + max(2, h // 60)
    corner = max(16, round(w * 0.2))
    if w >= 150:
        body = pygame.Rect(max(4, w // 20), top, w - 2 * max(4, w // 20), h - top - corner - 4)
        text_size = round(w * 0.072)
        for size in range(text_size, 8, -1):
            font = _font(size)
            lines = [f"When: {c.when}."] + ([f"Lasts: {c.lasts_text}."] if c.lasting else []) + [c.rule]
            wrapped = [piece for line in lines for piece in _wrap(line, font, body.width)]
            if len(wrapped) * font.get_linesize() <= body.height:
                break
        line_y = body.top
        for piece in wrapped:
            bold = piece.startswith(("When:", "Lasts:"))
            surface.blit(_font(size, bold).render(piece, True, INK), (body.left, line_y))
            line_y += font.get_linesize()
    elif w >= 80:
        when = _font(max(9, round(w * 0.1))).render(c.when.split(";")[0], True, INK)
        if when.get_width() > w - 8:
            when = pygame.transform.smoothscale(when, (w - 8, when.get_height()))
        surface.blit(when, when.get_rect(midtop=(w // 2, top)))
    # School and level in the corner.
    if c.is_spell:
        emblem = scaled(f"thats_wizard/schools/{c.school.lower()}", (corner, corner))
        surface.blit(emblem, (w - corner - 3, h - corner - 3))
        level = _font(max(10, round(corner * 0.8)), True).render(str(c.level), True, INK)
        surface.blit(level, level.get_rect(midright=(w - corner - 5, h - corner // 2 - 3)))
        if c.duos:
            surface.blit(scaled("thats_wizard/icons/duos", (corner, corner)), (4, h - corner - 3))
    else:
        tag = _font(max(9, round(w * 0.1)), True).render("Special action", True, (120, 90, 30))
        if tag.get_width() < w - 6:
            surface.blit(tag, tag.get_rect(midbottom=(w // 2, h - 4)))
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 120), (0, 0, w, h), border_radius=radius)
        surface.blit(veil, (0, 0))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@lru_cache(maxsize=32)
def card_back(team: int, width: int) -> pygame.Surface:
    return scaled(f"thats_wizard/back_{'blue' if team == 0 else 'yellow'}", (width, card_height(width)))
