"""What a painter placed on the table: each drawn thing that a pointer can touch, with its rectangle.

A painter returns the ``Placed`` records of one frame (a ``HitMap``) instead of writing hit lists into its
table; the table's input reads them. As with pygame's ``LayeredUpdates.get_sprites_at``, what was drawn last
lies on top and is found first.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Placed:
    kind: str  # what sort of thing: "card", "token", "day", "seat", ...
    item: Hashable  # which one: a card id, a token value, a seat
    rect: pygame.Rect


class HitMap:
    """The things one frame placed, in drawing order."""

    def __init__(self) -> None:
        self.placed: list[Placed] = []

    def add(self, kind: str, item: Hashable, rect: pygame.Rect) -> pygame.Rect:
        """Record ``item`` drawn at ``rect``; returns the rect, so a painter can place and draw in one line."""
        self.placed.append(Placed(kind, item, pygame.Rect(rect)))
        return rect

    def at(self, pos: tuple[int, int], *kinds: str) -> Placed | None:
        """The topmost thing under ``pos`` (of one of ``kinds``, when given)."""
        for placed in reversed(self.placed):
            if (not kinds or placed.kind in kinds) and placed.rect.collidepoint(pos):
                return placed
        return None

    def item_at(self, pos: tuple[int, int], *kinds: str) -> Hashable | None:
        placed = self.at(pos, *kinds)
        return None if placed is None else placed.item

    def rect_of(self, kind: str, item: Hashable) -> pygame.Rect | None:
        """Where ``item`` was last drawn (the topmost copy), or None when it is not on the table."""
        for placed in reversed(self.placed):
            if placed.kind == kind and placed.item == item:
                return placed.rect
        return None

    def of_kind(self, kind: str) -> Iterator[Placed]:
        return (placed for placed in self.placed if placed.kind == kind)
