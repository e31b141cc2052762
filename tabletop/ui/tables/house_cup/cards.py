"""House Cup card faces, drawn from the card table and the art, cached per card and width."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup.cards import CARDS, DAY_SHORT, DAYS, KINDS
from tabletop.ui import theme
from tabletop.ui.assets import fit, scaled
from tabletop.ui.sprites.cache import surface_cache

CATEGORY_COLOURS = {
    "instant": (146, 42, 40),
    "set": (38, 72, 132),
    "single": (44, 104, 68),
    "help": (150, 102, 28),
}
CATEGORY_LABEL = {"instant": "IMMEDIATELY", "set": "Set", "single": "Single card", "help": "Help"}
DAY_ART = ("days/mon", "days/tue", "days/wed", "days/thu", "days/fri")
RATIO = 1.4


def card_height(width: int) -> int:
    return round(width * RATIO)


def header_height(width: int) -> int:
    return max(18, round(width * 0.2))


def art_name(card: str) -> str:
    info = CARDS[card]
    if info.kind == "castle":
        return f"cards/castle_{info.variant.lower()}"
    return f"cards/{info.kind}"


@surface_cache(500)
def card_face(card: str, width: int) -> pygame.Surface:
    info = CARDS[card]
    kind = KINDS[info.kind]
    height = card_height(width)
    colour = CATEGORY_COLOURS[kind.category]
    radius = max(4, width // 14)
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = face.get_rect()
    pygame.draw.rect(face, theme.PARCHMENT, rect, border_radius=radius)
    # Header band: day, name, corner symbol.
    hb = header_height(width)
    band = pygame.Rect(0, 0, width, hb)
    pygame.draw.rect(face, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    day_size = round(hb * 0.82)
    face.blit(scaled(DAY_ART[info.day], (day_size, day_size)), (max(2, hb // 10), (hb - day_size) // 2))
    symbols = sorted(info.symbols)
    symbol_size = round(hb * 0.78)
    right = width - max(2, hb // 10)
    if symbols:
        name = "symbols/help" if len(symbols) == 4 else f"symbols/{symbols[0]}"
        icon = scaled(name, (symbol_size, symbol_size))
        right -= symbol_size
        face.blit(icon, (right, (hb - symbol_size) // 2))
        if len(symbols) == 4:
            star = theme.font(max(10, hb // 2), True).render("x4", True, theme.GOLD_LIGHT)
            face.blit(star, star.get_rect(bottomright=(width - 2, hb - 1)))
    left = max(2, hb // 10) + day_size + 3
    title = theme.fitted_text(info.title, right - left - 3, max(11, round(hb * 0.62)), (255, 248, 230))
    face.blit(title, title.get_rect(midleft=(left, hb // 2)))
    # Illustration.
    art_box = round(width * 0.62)
    art_top = hb + round(width * 0.05)
    art = fit(art_name(card), art_box)
    face.blit(art, art.get_rect(midtop=(width // 2, art_top)))
    # Category and rule text (only when the card is large enough to read it).
    text_top = art_top + art_box + round(width * 0.03)
    label_size = max(9, round(width * 0.075))
    label = theme.font(label_size, True).render(CATEGORY_LABEL[kind.category], True, colour)
    face.blit(label, (round(width * 0.07), text_top))
    copies = sum(1 for c in CARDS.values() if c.kind == info.kind)
    count = theme.font(label_size, True).render(f"x{copies}", True, (120, 100, 70))
    face.blit(count, count.get_rect(topright=(width - round(width * 0.07), text_top)))
    if width >= 150:
        body = pygame.Rect(
            round(width * 0.07),
            text_top + label.get_height() + 2,
            round(width * 0.86),
            height - text_top - label.get_height() - round(width * 0.06),
        )
        _rule_text(face, kind.rule, body, max(10, round(width * 0.068)))
    else:
        day = theme.font(label_size, False).render(DAYS[info.day], True, (110, 92, 64))
        face.blit(day, day.get_rect(midbottom=(width // 2, height - round(width * 0.05))))
    pygame.draw.rect(face, colour, rect, width=max(2, width // 45), border_radius=radius)
    return face


def _rule_text(face: pygame.Surface, message: str, rect: pygame.Rect, size: int) -> None:
    f = theme.font(size, False)
    words = message.split(" ")
    lines, line = [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= rect.width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    y = rect.top
    for text_line in lines:
        if y + f.get_linesize() > rect.bottom + 2:
            break
        face.blit(f.render(text_line, True, theme.INK), (rect.left, y))
        y += f.get_linesize() - 1


def card_back(width: int) -> pygame.Surface:
    return scaled("card_back", (width, card_height(width)))


def day_label(day: int) -> str:
    return DAYS[day] if day >= 0 else ""


__all__ = ["DAY_SHORT", "card_back", "card_face", "card_height", "header_height"]


GROUP_ORDER = (
    "potions", "herbology", "creatures", "charms", "castle", "quidditch", "forward", "uniform", "history",
    "help_owlery", "help_firstyears", "help_hagrid", "help_uniforms", "help_nargles", "help_search", "elf",
    "earphones", "flywheel", "trouble", "letter", "hagrid", "cauldron", "divination",
)  # fmt: skip


def groups(cards: tuple[str, ...]) -> list[list[str]]:
    """A player's cards sorted into sets, in the order a tableau is laid out."""
    by_kind: dict[str, list[str]] = {}
    for card in cards:
        by_kind.setdefault(CARDS[card].kind, []).append(card)
    return [by_kind[kind] for kind in GROUP_ORDER if kind in by_kind]
