"""The table surface: the felt texture tiled to the window, with a soft vignette, cached per size; and the felt
with a table's panels laid on it (``felt``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from tabletop.ui import theme
from tabletop.ui.assets import image
from tabletop.ui.sprites.cache import surface_cache


@surface_cache(8)
def backdrop(size: tuple[int, int], dim: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
    tile = image("table")
    tw, th = tile.get_size()
    for x in range(0, size[0], tw):
        for y in range(0, size[1], th):
            surface.blit(tile, (x, y))
    surface.blit(pygame.transform.smoothscale(vignette(dim), size), (0, 0))
    return surface


@cache
def vignette(dim: bool) -> pygame.Surface:
    """Darker edges draw the eye to the middle of the table: a small shade, stretched over the felt. Made once
    for the run (2,560 pixels set one by one, 5 ms: a third of a new felt's time, at each resize, each change
    of language or text size, each table's opening). Kept past the surface caches' resets: it has no size, words
    nor display of its own."""
    shade = pygame.Surface((64, 40), pygame.SRCALPHA)
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            shade.set_at((x, y), (0, 0, 0, int(150 * d**2.2) + (70 if dim else 0)))
    return shade


def rect_key(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """A rectangle as a key for a cache (a pygame Rect can change, so it cannot be one)."""
    return (rect.x, rect.y, rect.width, rect.height)


@dataclass(frozen=True)
class Panel:
    """A panel that lies on the felt under everything else (a seat's area, a column, a banner): the arguments of
    ``theme.panel``, kept so a table's panels can be composed with the felt once instead of blended every frame."""

    rect: tuple[int, int, int, int]
    colour: theme.Colour = theme.PANEL
    edge: theme.Colour = theme.PANEL_EDGE
    radius: int | None = None
    alpha: int = 235
    edge_width: int | None = None


@surface_cache(16)
def felt(size: tuple[int, int], panels: tuple[Panel, ...]) -> pygame.Surface:
    """The table's backdrop with ``panels`` drawn on it in order, composed once per layout and look of the panels:
    one opaque blit a frame instead of a translucent blend per panel (about a third of a frame's blitting)."""
    surface = backdrop(size).copy()
    for panel in panels:
        theme.panel(
            surface, pygame.Rect(panel.rect), panel.colour, panel.edge, panel.radius, panel.alpha, panel.edge_width
        )
    return surface
