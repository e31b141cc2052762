"""The card zoom of the table kit: a card enlarged while the mouse rests on it or a finger holds it, placed
where it covers nothing the player needs (the prompt, the buttons), and gone as soon as its card moves.

``zoom_place`` finds the spot; ``ZoomPainter`` draws a face there at the largest size that fits clear (smaller
when a full-size card cannot be kept clear); ``CardZoom`` is the whole behaviour for a screen that is not a
table (an overlay listing cards, a spellbook picker): what is rested on or held, and its drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from tabletop.ui import theme
from tabletop.ui.input import MOUSE, PointerEvent
from tabletop.ui.theme import px

RATIO = 1.4  # a card's height over its width, in every game
Face = Callable[[str, int], pygame.Surface | None]  # (card, width) -> its face, None when it has none
Spot = tuple[str, pygame.Rect]  # a card and where it lies
HOVER_SECONDS = 0.45  # how long a mouse rests on a card before it is enlarged
SHRINK = (1.0, 0.85, 0.72, 0.6)  # sizes tried, largest first, until the enlarged card can be kept clear


def zoom_width(size: tuple[int, int]) -> int:
    """The enlarged card's width in a window (or table) of ``size``: large, yet well inside it. A tall window
    (a tablet held upright) lets it take up to 45% of its width: 300 design pixels were about 250 on a
    1200x1920 screen, with half the screen free under it."""
    width, height = size
    largest = max(px(300), round(width * 0.45)) if height > width else px(300)
    return min(largest, round(height * 0.62 / RATIO))


def card_height(width: int) -> int:
    return round(width * RATIO)


def zoom_place(
    rect: pygame.Rect,
    pos: tuple[int, int],
    bounds: pygame.Rect,
    clear: Sequence[pygame.Rect],
    avoid: pygame.Rect | None = None,
    strict: bool = False,
) -> pygame.Rect | None:
    """Where an enlarged card of ``rect``'s size goes near ``pos``, inside ``bounds``, covering nothing in
    ``clear`` and, if it can, not the card it enlarges (``avoid``).

    Beside the pointer first (right, left, above, below); else the nearest place against an edge of the window
    or of something to keep clear. When no place is clear: None if ``strict``, else the place beside the
    pointer that covers least."""
    w, h = rect.size
    gap = px(30)
    x, y = pos
    beside = [(x + gap, y - h // 2), (x - gap - w, y - h // 2), (x - w // 2, y - gap - h), (x - w // 2, y + gap)]
    xs = {x + gap, x - gap - w, x - w // 2, bounds.left, bounds.right - w}
    ys = {y - h // 2, y - gap - h, y + gap, bounds.top, bounds.bottom - h}
    edge = px(6)
    for other in [*clear, *([avoid] if avoid is not None else [])]:
        xs.update((other.right + edge, other.left - edge - w))
        ys.update((other.bottom + edge, other.top - edge - h))
    around = sorted(
        ((left, top) for left in xs for top in ys),
        key=lambda at: (at[0] + w / 2 - x) ** 2 + (at[1] + h / 2 - y) ** 2,
    )
    keep = list(clear)
    spots = [pygame.Rect(left, top, w, h).clamp(bounds) for left, top in [*beside, *around]]
    for spot in spots:
        if spot.collidelist(keep) == -1 and (avoid is None or not spot.colliderect(avoid)):
            return spot
    if avoid is not None:
        for spot in spots:
            if spot.collidelist(keep) == -1:
                return spot
    if strict:
        return None
    return min(spots[:4], key=lambda spot: sum(_area(spot.clip(other)) for other in keep))


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


class ZoomPainter:
    """Draws an enlarged card clear of what must stay visible, shrinking it when the full size cannot be; the
    place is worked out again only when something it depends on changes."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None  # where the last enlarged card was drawn (None: none is shown)
        self._key: Any = None
        self._placed: tuple[pygame.Surface, pygame.Rect] | None = None

    def forget(self) -> None:
        self.rect = None

    def draw(
        self,
        surface: pygame.Surface,
        card: str,
        face: Face,
        pos: tuple[int, int],
        clear: Sequence[pygame.Rect],
        avoid: pygame.Rect | None = None,
        centred: bool = False,
        version: Hashable = None,
    ) -> pygame.Rect | None:
        """Draw ``card`` enlarged near ``pos`` (in the middle when ``centred``: a long press); returns where.
        The face is drawn again when ``version`` changes (a score's sheet after a move)."""
        bounds = surface.get_rect().inflate(-px(20), -px(20))
        width = zoom_width(surface.get_size())
        at = bounds.center if centred else pos
        key = (card, width, at, tuple(bounds), tuple(map(tuple, clear)), tuple(avoid) if avoid else None, version)
        if key != self._key:
            self._key, self._placed = key, None
            full = face(card, width)
            # A face drawn at the width asked for is drawn again smaller; one of its own size (a score's sheet,
            # a help card) is scaled down, never up, and never beyond the window.
            fixed = full is not None and abs(full.get_width() - width) > 1
            for scale in SHRINK if full is not None else ():
                image = _scaled(full, scale, bounds) if fixed else face(card, round(width * scale))
                if image is None:
                    break
                last = scale == SHRINK[-1]
                spot = zoom_place(image.get_rect(), at, bounds, clear, avoid, strict=not last)
                if spot is not None:
                    self._placed = (image, spot)
                    break
        if self._placed is None:
            self.rect = None
            return None
        image, spot = self._placed
        theme.shadow(surface, spot, px(14), offset=px(10), alpha=120)
        surface.blit(image, spot)
        self.rect = spot
        return spot


def _scaled(face: pygame.Surface | None, scale: float, bounds: pygame.Rect) -> pygame.Surface | None:
    """``face`` at ``scale`` of its size, and no larger than ``bounds``."""
    if face is None:
        return None
    w, h = face.get_size()
    scale = min(scale, bounds.width / w, bounds.height / h)
    if scale >= 0.99:
        return face
    return pygame.transform.smoothscale(face, (max(1, round(w * scale)), max(1, round(h * scale))))


class CardZoom:
    """A card enlarged on a screen that lists cards: after the mouse rests on one, or while a finger holds it.

    The screen hands each pointer event to ``pointer`` with ``spot`` (the card under a position, and its
    rectangle), and draws with ``draw``. The zoom goes when its card moves or the pointer leaves it."""

    def __init__(self) -> None:
        self.resting: tuple[Spot | None, float] = (None, 0.0)  # what the mouse rests on, and since when
        self.mouse_at: tuple[int, int] = (0, 0)
        self.held: Spot | None = None  # what a long press holds
        self.painter = ZoomPainter()

    @property
    def rect(self) -> pygame.Rect | None:
        return self.painter.rect

    def pointer(self, event: PointerEvent, now: float, spot: Callable[[tuple[int, int]], Spot | None]) -> bool:
        """Follow the pointer; True when the event was the zoom's own (a long press, and the lift that ends it)."""
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            self.mouse_at = event.pos
            under = spot(event.pos)
            if under != self.resting[0]:
                self.resting = (under, now)
        if event.kind == "long_press":
            self.held = spot(event.pos)
            return self.held is not None
        if event.kind == "drag_start":
            self.held = None  # held to read, then moved on: the drag goes ahead without the picture
        if event.kind == "up" and self.held is not None:
            self.held = None
            return True
        return False

    def zoomed(self, now: float, spot: Callable[[tuple[int, int]], Spot | None]) -> str | None:
        """The card shown enlarged now, if any (a card that moved since is let go)."""
        if self.held is not None:
            return self.held[0] if spot(self.held[1].center) == self.held else None
        under, since = self.resting
        if under is None or now - since < HOVER_SECONDS:
            return None
        if spot(self.mouse_at) != under:
            self.resting = (None, now)  # it moved (taken, dealt, scrolled): no zoom until the pointer moves again
            return None
        return under[0]

    def draw(
        self,
        surface: pygame.Surface,
        now: float,
        spot: Callable[[tuple[int, int]], Spot | None],
        face: Face,
        clear: Sequence[pygame.Rect],
    ) -> None:
        card = self.zoomed(now, spot)
        if card is None:
            self.painter.forget()
            return
        under = self.held if self.held is not None else self.resting[0]
        avoid = under[1] if under is not None else None
        self.painter.draw(surface, card, face, self.mouse_at, clear, avoid, centred=self.held is not None)
