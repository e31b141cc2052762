"""Mouse and touch as one stream of pointer events, with taps, drags and long presses told apart.

SDL also sends emulated mouse events for every finger; those carry ``touch=True`` and are ignored, so a tap
is never counted twice. Finger coordinates are fractions of the window and are mapped to pixels here. Each
finger is its own pointer, so a second finger never disturbs the first one's drag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

MOUSE = -1
KEYBOARD = -2  # the pointer of a tap made by Enter or Space on the keyboard's focus (``tabletop.ui.keyboard``)
TAP_DISTANCE = 12  # pixels a pointer may move and still count as a tap
LONG_PRESS = 0.5  # seconds


@dataclass
class Pointer:
    id: int
    pos: tuple[int, int]
    start: tuple[int, int]
    started_at: float
    dragging: bool = False
    long_pressed: bool = False
    finger: bool = False
    velocity: tuple[float, float] = (0.0, 0.0)
    last_at: float = 0.0
    gone: bool = False  # lifted, or dropped by ``cancel_all``: no more events will come from it


PointerKind = Literal["down", "move", "up", "drag_start", "long_press", "tap", "wheel"]


@dataclass(frozen=True)
class PointerEvent:
    kind: PointerKind
    pointer: Pointer
    pos: tuple[int, int]
    dy: int = 0


READ_ARMING = 0.35  # seconds after a box to read opens during which a press beside it does not close it


def tapped_outside(event: PointerEvent, rect: pygame.Rect, opened_at: float = float("-inf")) -> bool:
    """A tap beside a box that is only there to be read (the log, a list of cards), on the dimmed table around
    it: it closes the box. A box that asks something (a ``Dialog``) waits for its answer. Not a tap pressed within
    ``READ_ARMING`` of the box's opening at ``opened_at``: the second tap of a double tap (a double click) on the
    button that opened it, which lies beside it (the log opened and closed at once, a flash)."""
    armed = event.pointer.started_at >= opened_at + READ_ARMING
    return event.kind == "tap" and not rect.collidepoint(event.pos) and armed


class PointerTracker:
    """Turns pygame events into PointerEvents. ``now`` is the app's clock in seconds."""

    def __init__(self) -> None:
        self.pointers: dict[int, Pointer] = {}
        self.finger_last = False  # the last press was a finger's (keyboard hints mean little on a touchscreen)
        self.keys_last = False  # the last input was a key (the app sets it): a dialog it opens shows its focus
        self.mouse_scale = 1.0  # screen pixels per window pixel: more than 1 where the screens are scaled down
        self.tap_distance = TAP_DISTANCE  # the app sets it at the screens' scale (``App.resized``)
        self.mouse_at: tuple[int, int] | None = None  # where the mouse last moved (the wheel's place)

    def handle(self, event: pygame.event.Event, size: tuple[int, int], now: float) -> list[PointerEvent]:
        t = event.type
        mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
        if t in mouse and getattr(event, "touch", False):
            return []  # SDL's copy of a finger event
        if t == pygame.MOUSEWHEEL:  # (where the mouse last moved: SDL's own state lags events still queued)
            at = self.mouse_at if self.mouse_at is not None else self._scaled(pygame.mouse.get_pos())
            return [PointerEvent("wheel", self._mouse(at, now), at, event.y)]
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._down(MOUSE, self._scaled(event.pos), now, finger=False)
        if t == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return []
        if t == pygame.MOUSEMOTION:
            at = self.mouse_at = self._scaled(event.pos)
            if MOUSE in self.pointers:
                return self._move(MOUSE, at, now)
            return [PointerEvent("move", self._mouse(at, now), at)]
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._up(MOUSE, self._scaled(event.pos), now)
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (round(event.x * size[0]), round(event.y * size[1]))
            pid = int(event.finger_id)
            if t == pygame.FINGERDOWN:
                return self._down(pid, pos, now, finger=True)
            if t == pygame.FINGERMOTION:
                return self._move(pid, pos, now) if pid in self.pointers else []
            return self._up(pid, pos, now)
        return []

    def tick(self, now: float) -> list[PointerEvent]:
        """Long presses fire while a pointer is held still."""
        out = []
        for pointer in self.pointers.values():
            if not pointer.dragging and not pointer.long_pressed and now - pointer.started_at >= LONG_PRESS:
                pointer.long_pressed = True
                out.append(PointerEvent("long_press", pointer, pointer.pos))
        return out

    def cancel_all(self) -> None:
        for pointer in self.pointers.values():
            pointer.gone = True
        self.pointers.clear()

    def _scaled(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A mouse position in the window, where it is on the screens drawn (a finger's is a share of the size)."""
        if self.mouse_scale == 1.0:
            return pos
        return round(pos[0] * self.mouse_scale), round(pos[1] * self.mouse_scale)

    def _mouse(self, pos: tuple[int, int], now: float) -> Pointer:
        return Pointer(MOUSE, pos, pos, now, last_at=now)

    def _down(self, pid: int, pos: tuple[int, int], now: float, finger: bool) -> list[PointerEvent]:
        pointer = Pointer(pid, pos, pos, now, finger=finger, last_at=now)
        self.pointers[pid] = pointer
        self.finger_last, self.keys_last = finger, False
        return [PointerEvent("down", pointer, pos)]

    def _move(self, pid: int, pos: tuple[int, int], now: float) -> list[PointerEvent]:
        pointer = self.pointers[pid]
        dt = max(1e-3, now - pointer.last_at)
        vx, vy = (pos[0] - pointer.pos[0]) / dt, (pos[1] - pointer.pos[1]) / dt
        pointer.velocity = (0.6 * vx + 0.4 * pointer.velocity[0], 0.6 * vy + 0.4 * pointer.velocity[1])
        pointer.pos, pointer.last_at = pos, now
        out = []
        if not pointer.dragging:  # after a long press too: a finger often rests on a token before it moves
            dx, dy = pos[0] - pointer.start[0], pos[1] - pointer.start[1]
            if dx * dx + dy * dy > self.tap_distance * self.tap_distance:
                pointer.dragging = True
                out.append(PointerEvent("drag_start", pointer, pointer.start))
        out.append(PointerEvent("move", pointer, pos))
        return out

    def _up(self, pid: int, pos: tuple[int, int], now: float) -> list[PointerEvent]:
        pointer = self.pointers.pop(pid, None)
        if pointer is None:
            return []
        pointer.gone = True
        if now - pointer.last_at > 0.08:
            pointer.velocity = (0.0, 0.0)  # held still before letting go: no toss
        pointer.pos = pos
        out = [PointerEvent("up", pointer, pos)]
        if not pointer.dragging and not pointer.long_pressed:
            out.append(PointerEvent("tap", pointer, pos))
        return out
