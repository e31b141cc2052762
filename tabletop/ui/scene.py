"""Scenes and the stack that runs them: a base scene with overlays (pause, rules, privacy, dialogs) above."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from tabletop.ui import theme
from tabletop.ui.assets import Sounds
from tabletop.ui.input import PointerEvent, PointerTracker
from tabletop.ui.settings import Settings, SettingsTrouble

if TYPE_CHECKING:
    from tabletop.core.match import Match
    from tabletop.core.protocol import Game
    from tabletop.play.session import GameSession
    from tabletop.ui.tallies import ResultsData


class Go(Protocol):
    """Where a scene may ask the app to go (``tabletop.ui.navigation`` builds the scenes)."""

    def menu(self) -> None: ...
    def new_game(self) -> None: ...
    def setup(self, game: Game) -> None: ...
    def load(self) -> None: ...
    def settings(self) -> None: ...
    def rules(self, game_id: str | None = None) -> None: ...
    def history(self) -> None: ...
    def statistics(self, game_id: str | None = None) -> None: ...
    def dialog(
        self, title: str, message: str, buttons: list[tuple[str, Callable[[], None]]], safe: int = 0
    ) -> None: ...
    def table(self, match: Match, path: Path | None = None, started_at: str = "", copy: bool = False) -> None: ...
    def guided(self, game_id: str, seed: int | None = None) -> None: ...
    def offers_guide(self, game: Game) -> bool: ...
    def guided_opponent(self, game: Game) -> str | None: ...
    def open_save(self, path: Path) -> str | None: ...
    def load_save(self, path: Path, label: str, failed: Callable[[str], None], watch: bool = False) -> None: ...
    def watch(self, match: Match, only_seat: int | None = None) -> None: ...
    def watch_save(self, path: Path) -> str | None: ...
    def watch_recorded(self, key: str) -> str | None: ...
    def pause(self, session: GameSession) -> None: ...
    def log(self, session: GameSession, seat: int | None) -> None: ...
    def privacy(self, session: GameSession, seat: int, on_ready: Callable[[], None]) -> None: ...
    def results(self, session: GameSession, data: ResultsData) -> None: ...


class AppLike(Protocol):
    """What a scene uses of the app (``tabletop.ui.app.App``), without importing it."""

    screen: pygame.Surface
    scenes: SceneStack
    settings: Settings
    tracker: PointerTracker
    sounds: Sounds
    now: float
    notice: str  # something the menu must tell (a save that could not be opened, games that cannot be saved)
    history_notice: str  # what is wrong with the game history (damaged and set aside, say): its screens tell it too
    settings_trouble: SettingsTrouble | None  # what was wrong with the settings file when it was read

    @property
    def go(self) -> Go: ...

    def play(self, sound: str) -> None: ...
    def hold_presses(self, key: int, seconds: float) -> None: ...
    def save_settings(self) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def rescale(self) -> None: ...
    def close(self) -> None: ...


class Scene:
    """One screen. Overlays set ``opaque = False`` so the scene below still shows through."""

    opaque = True
    name = "scene"
    # Laid out at the menus' scale (``theme.Scale.menus``: larger than the tables' in a tall window) when it is the
    # highest opaque scene shown; the tables and what is drawn over them at the tables' (``App.match_scale``).
    menu_screen = False
    # The factor (``theme.Scale.factor``) it was last laid out at: as it entered the stack, or by the app. Shown
    # at another, it is laid out again (``App.match_scale``); under a screen of the other kind it keeps its layout.
    laid_out_at = 0.0

    def __init__(self, app: AppLike) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def uncovered(self) -> None:
        """Called when the scene above this one left and this one is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""

    def pointer(self, event: PointerEvent) -> None:
        """A pointer (mouse or finger) event, for the top scene only."""

    def deliver(self, event: PointerEvent) -> None:
        """How the app hands the top scene a pointer event: to ``pointer`` (a game's table guards it first)."""
        self.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        """A key or text event, for the top scene only."""

    def update(self, dt: float) -> None:
        """Advance by a fixed step of ``dt`` seconds (60 per second)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current frame."""

    def back(self) -> None:
        """Escape or the back button: by default leave the scene."""
        self.app.scenes.pop()

    def on_close(self) -> None:
        """The window is closing: keep anything that must not be lost."""

    def lost_on_close(self) -> str | None:
        """Why closing the window now would lose something (a game whose save cannot be written), or None: the
        app asks before closing then."""
        return None


class SceneStack:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()
        scene.laid_out_at = theme.Scale.factor  # (a screen lays itself out for the window as it enters)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is)."""
        if not self.stack:
            return
        target = scene or self.stack[-1]
        if target in self.stack:
            was_top = target is self.stack[-1]
            self.stack.remove(target)
            target.exit()
            if was_top and self.stack and self.stack[-1] is not target:
                self.stack[-1].uncovered()

    def switch(self, scene: Scene) -> None:
        """Leave every scene and start afresh with ``scene``."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def base(self) -> Scene | None:
        """The highest opaque scene: what is drawn first, and whose kind sets the scale (``App.match_scale``)."""
        return next((scene for scene in reversed(self.stack) if scene.opaque), self.stack[0] if self.stack else None)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque scene up."""
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                start = index
                break
        return self.stack[start:]
