"""The Spell Power dial: 0 to 10 around a blue disc, with a gold pointer turned by dragging.

A drag follows the finger or mouse smoothly; letting go settles on the nearest number, and on the nearest value
the chosen card allows when that is one step away. A value the card cannot take stays where it was left, drawn
in red with the reason, so a player can still pass on purpose by an illegal dial.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.input import PointerEvent
from tabletop.ui.tables.thats_wizard.cards import _font

STEP = 360 / 11  # degrees between two numbers, 0 at the top, clockwise


def value_angle(value: float) -> float:
    return value * STEP


def angle_of(center: tuple[int, int], pos: tuple[int, int]) -> float:
    """Clockwise degrees from the top of the dial to ``pos``."""
    dx, dy = pos[0] - center[0], pos[1] - center[1]
    return math.degrees(math.atan2(dx, -dy)) % 360


@lru_cache(maxsize=64)
def number(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    return _font(size, True).render(text, True, colour)


@lru_cache(maxsize=200)
def _pointer(size: int, degrees: int) -> pygame.Surface:
    top = scaled("thats_wizard/dial_top", (size, size))
    return pygame.transform.rotate(top, -degrees)


class Dial:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.value = 0
        self.angle = 0.0  # where the pointer is drawn (follows a drag)
        self.dragging: int | None = None  # the pointer id turning the dial
        self.allowed: tuple[int, ...] = ()
        self.problem: str | None = None
        self.enabled = True
        self.turned = False  # set when a drag or tap changed the value

    @property
    def center(self) -> tuple[int, int]:
        return self.rect.center

    @property
    def radius(self) -> int:
        return self.rect.width // 2

    def set(self, value: int) -> None:
        self.value = max(0, min(10, value))
        self.angle = value_angle(self.value)

    def number_pos(self, value: int) -> tuple[int, int]:
        angle = math.radians(value_angle(value))
        r = self.radius * 0.76
        return round(self.center[0] + r * math.sin(angle)), round(self.center[1] - r * math.cos(angle))

    def snap(self, value: int) -> int:
        """Onto the card's nearest value when it is a step away; otherwise the value stays (an illegal dial)."""
        if value in self.allowed or not self.allowed:
            return value
        near = min(self.allowed, key=lambda v: abs(v - value))
        return near if abs(near - value) <= 1 else value

    def _hit(self, pos: tuple[int, int]) -> bool:
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= (self.radius * 1.1) ** 2

    def pointer(self, event: PointerEvent) -> bool:
        """True when the dial used the event."""
        if not self.enabled:
            return False
        if event.kind == "down" and self._hit(event.pos):
            self.dragging = event.pointer.id
            return True
        if self.dragging is None or event.pointer.id != self.dragging:
            return False
        if event.kind == "move" and event.pointer.dragging:
            self.angle = angle_of(self.center, event.pos)
            self.value = round(self.angle / STEP) % 11
            self.turned = True
            return True
        if event.kind in ("up", "tap"):
            if event.kind == "tap" or not event.pointer.dragging:
                # A tap picks the number under the finger (the middle of the dial keeps the value).
                dx, dy = event.pos[0] - self.center[0], event.pos[1] - self.center[1]
                if dx * dx + dy * dy > (self.radius * 0.45) ** 2:
                    self.value = round(angle_of(self.center, event.pos) / STEP) % 11
                    self.turned = True
            self.set(self.snap(self.value))
            if event.kind == "up":
                self.dragging = None if event.pointer.dragging else self.dragging
            if event.kind == "tap":
                self.dragging = None
            return True
        return True

    def draw(self, surface: pygame.Surface, hidden: bool = False) -> None:
        size = self.rect.width
        surface.blit(scaled("thats_wizard/dial_face", (size, size)), self.rect)
        if hidden:
            return
        number_size = max(12, round(size * 0.15))
        for value in range(11):
            colour = theme.GOLD_LIGHT if value in self.allowed else (200, 210, 240)
            label = number(str(value), number_size, colour)
            surface.blit(label, label.get_rect(center=self.number_pos(value)))
        pointer = _pointer(size, round(self.angle) % 360)
        surface.blit(pointer, pointer.get_rect(center=self.center))
        if self.dragging is None:
            window = self.number_pos(self.value)
            colour = theme.BAD if self.problem else (255, 248, 228)
            pygame.draw.circle(surface, colour, window, max(6, round(size * 0.075)))
            surface.blit(
                number(str(self.value), number_size, theme.INK),
                number(str(self.value), number_size, theme.INK).get_rect(center=window),
            )
        if self.problem:
            pygame.draw.circle(surface, theme.BAD, self.center, self.radius + max(2, size // 40), max(2, size // 40))
