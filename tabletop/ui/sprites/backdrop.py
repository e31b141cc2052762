"""The table surface: the felt texture tiled to the window, with a soft vignette, cached per size."""

from __future__ import annotations

import pygame

from tabletop.ui.assets import image

_cache: dict[tuple[int, int, bool], pygame.Surface] = {}


def backdrop(size: tuple[int, int], dim: bool = False) -> pygame.Surface:
    key = (size[0], size[1], dim)
    surface = _cache.get(key)
    if surface is not None:
        return surface
    if len(_cache) > 6:
        _cache.clear()
    surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
    tile = image("table")
    tw, th = tile.get_size()
    for x in range(0, size[0], tw):
        for y in range(0, size[1], th):
            surface.blit(tile, (x, y))
    # Vignette: darker edges draw the eye to the middle of the table.
    shade = pygame.Surface((64, 40), pygame.SRCALPHA)
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            shade.set_at((x, y), (0, 0, 0, int(150 * d**2.2) + (70 if dim else 0)))
    surface.blit(pygame.transform.smoothscale(shade, size), (0, 0))
    _cache[key] = surface
    return surface
