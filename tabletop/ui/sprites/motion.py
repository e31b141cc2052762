"""Things moved by hand or in flight: a drag that follows a pointer, and a flight along an eased arc.

How long a movement takes is its time at normal speed over the settings' ``motion_factor`` (``travel_time``): 0
with reduced motion (or animations off), and a flight of no time is where it ends from its first frame.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame


def travel_time(seconds: float, factor: float) -> float:
    """``seconds`` of movement at normal speed, at ``factor`` (the settings' ``motion_factor``): 0 when nothing
    may move."""
    return seconds / factor if factor > 0 else 0.0


@dataclass
class Drag:
    """Something a pointer carries: ``grab`` is the offset from the item's top-left to the pointer."""

    pointer: int
    kind: str
    item: Hashable
    grab: tuple[int, int]
    pos: tuple[int, int]
    size: tuple[int, int]

    @classmethod
    def start(cls, pointer: int, kind: str, item: Hashable, rect: pygame.Rect, pos: tuple[int, int]) -> Drag:
        return cls(pointer, kind, item, (pos[0] - rect.x, pos[1] - rect.y), pos, rect.size)

    def rect(self) -> pygame.Rect:
        """Where the carried item is drawn now."""
        return pygame.Rect(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], *self.size)


@dataclass
class Flight:
    """Something travelling from ``start`` to ``end`` over ``duration`` seconds, easing out along an arc that
    rises ``height`` pixels; ``elapsed`` may start below 0 to wait its turn."""

    kind: str
    item: Hashable
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    elapsed: float = 0.0
    height: float = 60.0

    def pos(self) -> tuple[int, int]:
        t = max(0.0, min(1.0, self.elapsed / self.duration)) if self.duration > 0 else 1.0
        k = 1 - (1 - t) ** 3
        arc = -4 * t * (1 - t) * self.height
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k + arc),
        )

    @property
    def started(self) -> bool:
        return self.elapsed >= 0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


def step_flights(flights: list[Flight], dt: float) -> list[Flight]:
    """Advance every flight by ``dt``; returns (and removes) those that have landed."""
    landed = []
    for flight in list(flights):
        flight.elapsed += dt
        if flight.done:
            flights.remove(flight)
            landed.append(flight)
    return landed
