"""Smooth movement for everything on the table: each keyed sprite eases towards where the rules put it.

The table says where each card or token belongs now; the stage remembers where it was drawn and glides it
there, so a deal, a take or a gift is seen moving instead of jumping. Its ``speed`` is the settings'
``motion_factor``: at 0 (reduced motion, or animations off) each thing is drawn where it belongs at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from tabletop.ui.sprites.motion import travel_time

Box = tuple[float, float, float, float]
MOVE_GLIDE = 0.4  # seconds the longest glide of a thing a move sets moving takes, at normal speed (a token's)


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Motion:
    start: Box
    target: Box
    elapsed: float
    duration: float
    delay: float = 0.0

    def current(self) -> Box:
        if self.elapsed < self.delay:
            return self.start
        if self.duration <= 0:
            return self.target
        t = min(1.0, (self.elapsed - self.delay) / self.duration)
        k = _ease(t)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.target, strict=True))  # type: ignore[return-value]

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class Stage:
    def __init__(self) -> None:
        self.motions: dict[Hashable, Motion] = {}
        self.speed = 1.0  # the settings' motion_factor: 0, nothing moves
        self._stagger = 0.0
        self.seen: dict[Hashable, pygame.Rect] = {}  # where things were last drawn, to spawn what follows them
        # This frame everything is where it belongs at once (the table after a resize, or shown as it lies): no
        # glide from where an old layout had it, nor from a spawn.
        self.landing = False
        # Seconds a move not drawn yet may still glide (``expect``): its glides begin at the drawing that places it.
        self.unplaced = 0.0

    def note(self, key: Hashable, rect: pygame.Rect) -> pygame.Rect:
        """Remember that ``key`` was drawn at ``rect`` (a later sprite may start from there)."""
        self.seen[key] = pygame.Rect(rect)
        return rect

    def begin_frame(self) -> None:
        self._stagger = 0.0
        self.unplaced = 0.0  # (what moved is placed now: its glides are the motions)

    def expect(self, seconds: float) -> None:
        """Something moved that the next drawing places (``unplaced`` until then, at most ``seconds``: a drawing left
        out, a window too small to draw in, does not hold the table for ever)."""
        self.unplaced = max(self.unplaced, seconds)

    def placing(self) -> bool:
        """Whether a move is still to be placed by a drawing (``expect``): its glides have not begun."""
        return self.unplaced > 0

    def place(
        self,
        key: Hashable,
        rect: pygame.Rect,
        spawn: pygame.Rect | None = None,
        duration: float = 0.35,
        stagger: float = 0.0,
    ) -> pygame.Rect:
        """Say where ``key`` belongs; returns where to draw it this frame."""
        target: Box = (rect.x, rect.y, rect.w, rect.h)
        if self.landing:
            self.motions[key] = Motion(target, target, 0.0, 0.0)
            return pygame.Rect(rect)
        motion = self.motions.get(key)
        time = travel_time(duration, self.speed)
        if motion is None:
            start: Box = (spawn.x, spawn.y, spawn.w, spawn.h) if spawn is not None else target
            delay = self._stagger if spawn is not None and time > 0 else 0.0
            if spawn is not None:
                self._stagger += stagger / max(self.speed, 0.01)
            motion = Motion(start, target, 0.0, time if spawn is not None else 0.0, delay)
            self.motions[key] = motion
        elif motion.target != target or (time == 0 and not motion.done):  # (motion just turned off: there now)
            now = motion.current()
            self.motions[key] = Motion(now, target, 0.0, time)
            motion = self.motions[key]
        x, y, w, h = motion.current()
        return pygame.Rect(round(x), round(y), round(w), round(h))

    def rect_of(self, key: Hashable) -> pygame.Rect | None:
        """Where ``key`` is drawn now (None when it is not on the table)."""
        motion = self.motions.get(key)
        if motion is None:
            return None
        x, y, w, h = motion.current()
        return pygame.Rect(round(x), round(y), round(w), round(h))

    def moving(self, key: Hashable) -> bool:
        motion = self.motions.get(key)
        return motion is not None and not motion.done

    def waiting(self, key: Hashable) -> bool:
        """Whether ``key``'s glide is still to begin (staggered after the things set moving before it)."""
        motion = self.motions.get(key)
        return motion is not None and motion.elapsed < motion.delay

    def busy(self) -> bool:
        return any(not motion.done for motion in self.motions.values())

    def update(self, dt: float) -> None:
        self.unplaced = max(0.0, self.unplaced - dt)
        for motion in self.motions.values():
            if not motion.done:
                motion.elapsed += dt

    def keep_only(self, keys: set[Hashable]) -> None:
        for key in [k for k in self.motions if k not in keys]:
            del self.motions[key]

    def snap(self) -> None:
        """Finish every movement at once (after a resize, or when animations are off)."""
        for motion in self.motions.values():
            motion.elapsed = motion.delay + motion.duration
