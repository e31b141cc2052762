"""pymunk gives the table its feel: reward tokens tumble into piles, a tossed token or card slides and settles.

Physics is presentation only: the rules core has already decided every outcome, the bodies just show it.
"""

from __future__ import annotations

import math
import random

import pygame
import pymunk


class TokenPile:
    """Reward tokens falling into a tray and heaping up. ``sync`` matches the count the rules give."""

    def __init__(self, rect: pygame.Rect, radius: int, seed: int = 0) -> None:
        self._empty_tray(rect, radius, seed)

    def _empty_tray(self, rect: pygame.Rect, radius: int, seed: int) -> None:
        self.rect = rect
        self.radius = radius
        self.space = pymunk.Space()
        self.space.gravity = (0, 900)
        self.space.damping = 0.6
        self.bodies: list[pymunk.Body] = []
        self.random = random.Random(seed)
        self._walls()

    def _walls(self) -> None:
        r = self.rect
        mid = r.centerx
        floor = [
            ((r.left, r.bottom - r.height * 0.28), (mid, r.bottom)),
            ((mid, r.bottom), (r.right, r.bottom - r.height * 0.28)),
            ((r.left, r.top - 400), (r.left, r.bottom)),
            ((r.right, r.top - 400), (r.right, r.bottom)),
        ]
        for a, b in floor:
            segment = pymunk.Segment(self.space.static_body, a, b, 2)
            segment.friction = 0.9
            segment.elasticity = 0.2
            self.space.add(segment)

    def relayout(self, rect: pygame.Rect, radius: int) -> None:
        count = len(self.bodies)
        self._empty_tray(rect, radius, self.random.randrange(1 << 30))
        self.sync(count, settle=True)

    def add(self, x: float | None = None, velocity: tuple[float, float] = (0.0, 0.0)) -> None:
        body = pymunk.Body(1, pymunk.moment_for_circle(1, 0, self.radius))
        spread = self.rect.width / 2 - self.radius * 1.5
        body.position = (
            x if x is not None else self.rect.centerx + self.random.uniform(-spread, spread),
            self.rect.top - self.radius * 2,
        )
        body.velocity = velocity
        body.angle = self.random.uniform(0, math.tau)
        shape = pymunk.Circle(body, self.radius)
        shape.friction = 0.8
        shape.elasticity = 0.25
        self.space.add(body, shape)
        self.bodies.append(body)

    def remove(self) -> tuple[float, float] | None:
        """Take the topmost token; returns where it was."""
        if not self.bodies:
            return None
        body = min(self.bodies, key=lambda b: b.position.y)
        self.bodies.remove(body)
        self.space.remove(body, *body.shapes)
        return (body.position.x, body.position.y)

    def sync(self, count: int, settle: bool = False) -> None:
        while len(self.bodies) > count:
            self.remove()
        while len(self.bodies) < count:
            self.add()
            if settle:
                for _ in range(6):
                    self.space.step(1 / 60)
        if settle:
            self.settle()

    def settle(self, seconds: float = 2.0) -> None:
        for _ in range(int(seconds * 60)):
            self.space.step(1 / 60)

    def step(self, dt: float) -> None:
        if any(body.velocity.length > 1 for body in self.bodies):
            self.space.step(dt)

    def positions(self) -> list[tuple[float, float, float]]:
        return [(b.position.x, b.position.y, b.angle) for b in self.bodies]


class Toss:
    """A released token or card sliding across the felt with friction until it comes to rest."""

    def __init__(
        self, bounds: pygame.Rect, position: tuple[float, float], velocity: tuple[float, float], radius: float
    ) -> None:
        self.space = pymunk.Space()
        self.space.damping = 0.04  # strong felt friction: most speed is gone within a second
        self.body = pymunk.Body(1, pymunk.moment_for_circle(1, 0, radius))
        self.body.position = position
        speed = math.hypot(*velocity)
        cap = 2400.0
        scale = min(1.0, cap / speed) if speed else 0.0
        self.body.velocity = (velocity[0] * scale, velocity[1] * scale)
        shape = pymunk.Circle(self.body, radius)
        shape.elasticity = 0.5
        self.space.add(self.body, shape)
        b = bounds
        for a, c in (
            ((b.left, b.top), (b.right, b.top)),
            ((b.right, b.top), (b.right, b.bottom)),
            ((b.right, b.bottom), (b.left, b.bottom)),
            ((b.left, b.bottom), (b.left, b.top)),
        ):
            wall = pymunk.Segment(self.space.static_body, a, c, 4)
            wall.elasticity = 0.5
            self.space.add(wall)

    def step(self, dt: float) -> None:
        self.space.step(dt)

    @property
    def position(self) -> tuple[int, int]:
        return round(self.body.position.x), round(self.body.position.y)

    @property
    def settled(self) -> bool:
        return self.body.velocity.length < 25
