"""The Spell Power dial: 0 to 10 around a blue disc, with a gold pointer turned by dragging.

A drag follows the finger or mouse smoothly; letting go settles on the nearest number, and on the nearest value
the chosen card allows when that is one step away. A value the card cannot take stays where it was left, drawn
in red with the reason, so a player can still pass on purpose by an illegal dial.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.input import PointerEvent
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.widgets import Widget

STEP = 360 / 11  # degrees between two numbers, 0 at the top, clockwise
DIAL_PLATE = (18, 24, 52)


def angle_of(center: tuple[int, int], pos: tuple[int, int]) -> float:
    """Clockwise degrees from the top of the dial to ``pos``."""
    dx, dy = pos[0] - center[0], pos[1] - center[1]
    return math.degrees(math.atan2(dx, -dy)) % 360


@surface_cache(64)
def number(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    return theme.font(max(8, size), True).render(text, True, colour)


@surface_cache(200)
def pointer_image(size: int, degrees: int) -> pygame.Surface:
    return pygame.transform.rotate(scaled("thats_wizard/dial_top", (size, size)), -degrees)


class Dial(Widget):
    def __init__(self, on_release: Callable[[], None]) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.on_release = on_release  # a turn let go (the table clicks)
        self.value = 0
        self.angle = 0.0  # where the pointer is drawn (follows a drag)
        self.dragging: int | None = None  # the pointer id turning the dial
        self.allowed: tuple[int, ...] = ()
        self.problem: str | None = None

    @property
    def radius(self) -> int:
        return self.rect.width // 2

    def set(self, value: int) -> None:
        self.value = max(0, min(10, value))
        self.angle = self.value * STEP

    def number_pos(self, value: int) -> tuple[int, int]:
        angle, r = math.radians(value * STEP), self.radius * 0.76
        return round(self.rect.centerx + r * math.sin(angle)), round(self.rect.centery - r * math.cos(angle))

    def snap(self, value: int) -> int:
        """Onto the card's nearest value when it is a step away; otherwise the value stays (an illegal dial)."""
        if value in self.allowed or not self.allowed:
            return value
        near = min(self.allowed, key=lambda v: abs(v - value))
        return near if abs(near - value) <= 1 else value

    def _within(self, pos: tuple[int, int], share: float) -> bool:
        dx, dy = pos[0] - self.rect.centerx, pos[1] - self.rect.centery
        return dx * dx + dy * dy <= (self.radius * share) ** 2

    def pointer(self, event: PointerEvent) -> bool:
        """True when the dial used the event."""
        if not self.enabled:
            return False
        if event.kind == "down":
            if self._within(event.pos, 1.1):
                if self.dragging is not None and self.dragging != event.pointer.id:
                    return True  # a second finger: the first one's turn goes on (a review of input the wrong way)
                self.dragging = event.pointer.id
                return True
            if event.pointer.id == self.dragging:
                self.dragging = None  # a new press of the hand that held the dial: that hold's release was lost
            return False
        if self.dragging is None or event.pointer.id != self.dragging:
            return False
        if event.kind == "move" and event.pointer.dragging:
            self.angle = angle_of(self.rect.center, event.pos)
            self.value = round(self.angle / STEP) % 11
        elif event.kind in ("up", "tap"):
            tapped = event.kind == "tap" or not event.pointer.dragging
            if tapped and not self._within(event.pos, 0.45):  # a tap picks a number; the middle keeps the value
                self.value = round(angle_of(self.rect.center, event.pos) / STEP) % 11
            self.set(self.snap(self.value))
            # A tap comes after the "up" of a short press, none after a drag or a long press: the dial lets go at
            # the last event of the press (a long press held on to it: the next tap on a card turned the dial).
            if event.kind == "tap" or event.pointer.dragging or event.pointer.long_pressed:
                self.dragging = None
                if event.kind == "up":
                    self.on_release()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        size = self.rect.width
        surface.blit(scaled("thats_wizard/dial_face", (size, size)), self.rect)
        number_size = max(12, round(size * 0.15))
        plate = max(6, round(number_size * 0.62))
        for value in range(11):
            # Each number on a dark plate (it reads at AA on the blue disc); those the card allows are gold and
            # ringed, so they stand out by shape as well as by colour.
            allowed = value in self.allowed
            label = number(str(value), number_size, theme.GOLD_LIGHT if allowed else (200, 210, 240))
            at = self.number_pos(value)
            pygame.draw.circle(surface, DIAL_PLATE, at, plate)
            if allowed:
                pygame.draw.circle(surface, theme.GOLD_LIGHT, at, plate, max(2, plate // 5))
            surface.blit(label, label.get_rect(center=at))
        pointer = pointer_image(size, round(self.angle) % 360)
        surface.blit(pointer, pointer.get_rect(center=self.rect.center))
        if self.dragging is None:
            window = self.number_pos(self.value)
            pygame.draw.circle(
                surface, theme.BAD if self.problem else (255, 248, 228), window, max(6, round(size * 0.075))
            )
            label = number(str(self.value), number_size, theme.INK)
            surface.blit(label, label.get_rect(center=window))
        if self.problem:
            pygame.draw.circle(
                surface, theme.BAD, self.rect.center, self.radius + max(2, size // 40), max(2, size // 40)
            )
