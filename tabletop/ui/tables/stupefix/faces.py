"""Stupéfix card faces, flags, wands and tokens, drawn from the card table and art/stupefix, cached per size."""

from __future__ import annotations

import math

import pygame

from tabletop.games.stupefix.cards import REWARDS, SPELL_NAMES
from tabletop.ui import theme
from tabletop.ui.assets import fit, image, scaled

RATIO = 1.4
REWARD_ART = {
    "points10": "stupefix/reward_points",
    "points20": "stupefix/reward_points",
    "points40": "stupefix/reward_points",
    "potion": "stupefix/reward_potion",
    "faveur": "stupefix/reward_faveur",
    "cours": "stupefix/reward_cours",
    "retourneur": "stupefix/reward_retourneur",
    "chouchou": "stupefix/reward_chouchou",
    "maitre": "stupefix/maitre",
    "retardataire": "stupefix/retardataire",
}
REWARD_COLOURS = {
    "points10": (150, 110, 30),
    "points20": (170, 120, 24),
    "points40": (196, 140, 20),
    "potion": (130, 40, 120),
    "faveur": (40, 96, 150),
    "cours": (46, 110, 70),
    "retourneur": (120, 84, 30),
    "chouchou": (160, 30, 40),
    "maitre": (30, 110, 60),
    "retardataire": (110, 30, 30),
}
END_NAMES = {"maitre": "Maître des Potions", "retardataire": "Retardataire"}
SPELL_COLOURS = {"stupefix": (168, 26, 30), "rate": (96, 98, 110), "protego": (40, 92, 180)}

_cache: dict[tuple, pygame.Surface] = {}


def _cached(key: tuple, draw) -> pygame.Surface:
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) > 800:
            _cache.clear()
        surface = draw()
        _cache[key] = surface
    return surface


def card_height(width: int) -> int:
    return round(width * RATIO)


def fitted_text(message: str, width: int, size: int, colour, bold: bool = True) -> pygame.Surface:
    """The largest font (down to 55% of ``size``) that fits ``width``; wrapped onto two lines beyond that."""
    for trial in range(size, max(9, int(size * 0.55)) - 1, -1):
        surface = theme.font(trial, bold).render(message, True, colour)
        if surface.get_width() <= width:
            return surface
    words = message.split(" ")
    if len(words) > 1:
        half = (len(words) + 1) // 2
        lines = [" ".join(words[:half]), " ".join(words[half:])]
        size = max(9, int(size * 0.6))
        for trial in range(size, 8, -1):
            f = theme.font(trial, bold)
            if max(f.size(line)[0] for line in lines) <= width:
                rendered = [f.render(line, True, colour) for line in lines]
                out = pygame.Surface((width, sum(r.get_height() for r in rendered)), pygame.SRCALPHA)
                y = 0
                for r in rendered:
                    out.blit(r, r.get_rect(midtop=(width // 2, y)))
                    y += r.get_height()
                return out
    smallest = theme.font(9, bold)  # a tiny face: as many whole words as fit ("Cours" rather than "Cours P")
    while len(words) > 1 and smallest.size(" ".join(words))[0] > width:
        words.pop()
    return smallest.render(" ".join(words), True, colour)


def card_name(kind: str) -> str:
    if kind in END_NAMES:
        return END_NAMES[kind]
    if kind in REWARDS:
        return REWARDS[kind].name
    return SPELL_NAMES[kind]


def reward_face(kind: str, width: int) -> pygame.Surface:
    """A reward card: its French name on a coloured band, the picture, and the points it is worth."""
    return _cached(("reward", kind, width), lambda: _reward_face(kind, width))


def _reward_face(kind: str, width: int) -> pygame.Surface:
    height = card_height(width)
    colour = REWARD_COLOURS[kind]
    radius = max(4, width // 12)
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = face.get_rect()
    pygame.draw.rect(face, theme.PARCHMENT, rect, border_radius=radius)
    band_h = max(16, round(height * 0.27))
    band = pygame.Rect(0, 0, width, band_h)
    pygame.draw.rect(face, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    name = card_name(kind)
    if kind.startswith("points"):
        name = "Points"
    label = fitted_text(name, width - 6, max(11, round(width * 0.2)), (255, 248, 232))
    face.blit(label, label.get_rect(center=band.center))
    art = fit(REWARD_ART[kind], round(min(width * 0.8, (height - band_h) * 0.78)))
    face.blit(art, art.get_rect(midtop=(width // 2, band_h + round(height * 0.04))))
    value = {"maitre": "+100", "retardataire": "-100"}.get(kind)
    if kind.startswith("points"):
        value = str(REWARDS[kind].points)
    if value:
        number = theme.font(max(12, round(width * 0.34)), True).render(value, True, colour)
        spot = number.get_rect(midbottom=(width // 2, height - max(2, height // 30)))
        pad = spot.inflate(max(4, width // 10), 0)
        pygame.draw.rect(face, (255, 250, 236), pad, border_radius=max(3, width // 12))
        face.blit(number, spot)
    pygame.draw.rect(face, colour, rect, width=max(2, width // 40), border_radius=radius)
    return face


def spell_face(kind: str, width: int) -> pygame.Surface:
    """A spell card face up: Stupéfix, Sort raté (or the Protego shield, which is not a card)."""
    return _cached(("spell", kind, width), lambda: _spell_face(kind, width))


def _spell_face(kind: str, width: int) -> pygame.Surface:
    height = card_height(width)
    colour = SPELL_COLOURS[kind]
    radius = max(4, width // 12)
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = face.get_rect()
    pygame.draw.rect(face, (250, 244, 230), rect, border_radius=radius)
    inner = rect.inflate(-max(4, width // 10), -max(4, width // 10))
    pygame.draw.rect(face, colour, inner, max(1, width // 30), border_radius=radius)
    if width < 44:
        art = fit(f"stupefix/spell_{kind}", round(width * 0.86))
        face.blit(art, art.get_rect(center=(width // 2, height // 2)))
        pygame.draw.rect(face, colour, rect, width=max(2, width // 20), border_radius=radius)
        return face
    art = fit(f"stupefix/spell_{kind}", round(width * 0.8))
    face.blit(art, art.get_rect(center=(width // 2, round(height * 0.42))))
    label = fitted_text(SPELL_NAMES[kind], width - 8, max(11, round(width * 0.2)), colour)
    face.blit(label, label.get_rect(midbottom=(width // 2, height - max(3, width // 12))))
    pygame.draw.rect(face, colour, rect, width=max(2, width // 40), border_radius=radius)
    return face


def spell_back(width: int) -> pygame.Surface:
    return scaled("stupefix/spell_back", (width, card_height(width)))


def retard_token(size: int) -> pygame.Surface:
    return scaled("stupefix/retard", (size, size))


def chouchou_tile(size: int) -> pygame.Surface:
    return scaled("stupefix/chouchou_tile", (size, size))


def flag(house: str, standing: bool, size: tuple[int, int]) -> pygame.Surface:
    """The seat's flag in its house colours: upright on its pole, or lying down."""
    return _cached(("flag", house, standing, size), lambda: _flag(house, standing, size))


def _flag(house: str, standing: bool, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    colour, trim = theme.house_colour(house), theme.house_trim(house)
    pole = max(2, w // 10)
    if standing:
        pygame.draw.rect(surface, (90, 64, 40), (pole, 0, pole, h))
        cloth = [
            (pole * 2, h * 0.08),
            (w - 1, h * 0.22),
            (pole * 2 + (w - pole * 2) * 0.6, h * 0.36),
            (w - 1, h * 0.5),
            (pole * 2, h * 0.56),
        ]
        pygame.draw.polygon(surface, colour, cloth)
        pygame.draw.polygon(surface, trim, cloth, max(1, w // 14))
        pygame.draw.circle(surface, theme.GOLD, (pole * 1.5, max(2, pole)), pole)
    else:
        y = h - pole * 2
        pygame.draw.rect(surface, (90, 64, 40), (0, y, w, pole))
        cloth = [(w * 0.1, y - h * 0.02), (w * 0.6, y - h * 0.02), (w * 0.5, y - h * 0.16), (w * 0.1, y - h * 0.18)]
        pygame.draw.polygon(surface, colour, cloth)
        pygame.draw.polygon(surface, trim, cloth, 1)
    return surface


_wand_cache: dict[tuple[int, int], pygame.Surface] = {}


def wand(length: int, angle: float) -> pygame.Surface:
    """The wand sprite ``length`` long, rotated to ``angle`` (radians, screen coordinates), from a cache of
    5-degree steps so a live table never rotates an image twice."""
    step = round(math.degrees(angle) / 5) % 72
    key = (length, step)
    surface = _wand_cache.get(key)
    if surface is None:
        if len(_wand_cache) > 600:
            _wand_cache.clear()
        source = image("stupefix/wand")
        flat = pygame.transform.smoothscale(
            source, (length, max(6, round(length * source.get_height() / source.get_width())))
        )
        surface = pygame.transform.rotate(flat, -step * 5)
        _wand_cache[key] = surface
    return surface


def reset() -> None:
    _cache.clear()
    _wand_cache.clear()
