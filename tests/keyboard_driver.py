"""Drive a game's table with posted key events only, as a person without a mouse would: Tab walks the focus to
the thing a gesture would touch, Enter presses it.

A command's pointer gesture (``table.gesture_for``) says what a person would tap or drag; each tap is the
focusable thing under that point, reached by Tab and pressed with Enter, and each drag is two presses (pick up
what is under its start, put it down on what is under its end), the tap-then-tap way every table offers.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui.keyboard import Target
from tabletop.ui.tables.base import GameTable
from tests.ui_driver import Driver

POINTER_EVENTS = {
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.FINGERDOWN,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
}


class PostedEvents:
    """Every event type posted with ``pygame.event.post`` while installed (to show no pointer event was)."""

    def __init__(self, monkeypatch) -> None:
        self.types: list[int] = []
        post = pygame.event.post

        def spy(event: pygame.event.Event) -> bool:
            self.types.append(event.type)
            return post(event)

        monkeypatch.setattr(pygame.event, "post", spy)

    def pointer_events(self) -> list[int]:
        return [kind for kind in self.types if kind in POINTER_EVENTS]


class Keys:
    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.presses = 0

    def press(self, key: int, shift: bool = False, frames: int = 1) -> None:
        mod = pygame.KMOD_LSHIFT if shift else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))  # (let go)
        self.presses += 1
        self.driver.frames(frames)

    def focus(self, table: GameTable, wanted: Callable[[Target], bool], what: str = "") -> Target:
        """Tab until the focus rests on a thing ``wanted`` says is the one; it is returned."""
        for _ in range(len(table.focus_targets()) + 2):
            self.press(pygame.K_TAB)
            now = table.focused()
            if now is not None and wanted(now):
                return now
        raise AssertionError(f"Tab never reached {what}; the focus stops: {[t.key for t in table.focus_targets()]}")

    def enter_on(self, table: GameTable, wanted: Callable[[Target], bool], what: str = "") -> None:
        self.focus(table, wanted, what)
        self.press(pygame.K_RETURN, frames=2)

    def press_at(self, table: GameTable, pos: tuple[int, int]) -> None:
        """Focus the smallest focusable thing under ``pos`` and press Enter: what a tap there would do."""
        under = [t for t in table.focus_targets() if t.rect.collidepoint(pos)]
        assert under, f"nothing the focus can rest on lies at {pos}"
        chosen = min(under, key=lambda t: t.rect.width * t.rect.height)
        self.enter_on(table, lambda t: t.key == chosen.key, str(chosen.key))

    def perform(self, table: GameTable, gesture: list[tuple]) -> None:
        """A pointer gesture by keys: a tap is one press, a drag two (pick up, put down)."""
        for action in gesture:
            if action[0] == "tap":
                self.press_at(table, action[1])
            elif action[0] == "finger_tap":
                continue  # (a finger's second tap on a thin card strip: keys choose the card itself)
            else:
                self.press_at(table, action[1])
                self.press_at(table, action[2])
