"""Drive the real app with posted pygame events, as a person would with a mouse or a finger."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.core.match import Match
from tabletop.play import autosave, bot_worker
from tabletop.play.session import recorder
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.tables.base import GameTable
from tabletop.ui.widgets import Choice

STEP = 1 / 60
BOT_PATIENCE = 60.0  # seconds a frame may wait for a bot's answer on a busy machine


def _not_drawn() -> None:
    """A frame's drawing left out (``Driver.frames``)."""


class Driver:
    # Whether ``frames(count)`` draws every one of its frames, not only the last: for a test that watches what is
    # drawn (the words, the seat whose view is painted), set by the recorders in ``drawn_text`` and
    # ``pseudo_language`` (and ``test_ui_replay.spy_on_open_hands``) and by the ``every_frame`` mark
    # (``tests/conftest.py``). ``contrast_probe`` needs none: it measures one ``App.draw`` its test calls.
    draws_every_frame = False

    def __init__(self, app: App, fingers: bool = False) -> None:
        self.app = app
        self.fingers = fingers
        self.finger_id = 1

    def frames(self, count: int = 1) -> None:
        """Step ``count`` frames of 1/60 s of the app's clock. Frames here run faster than real time, so each
        one first waits for a bot that is thinking: a bot then answers after the same number of frames on a
        loaded CI machine as on an idle one, and the tests do not depend on the wall clock.

        Only the last of them is drawn (unless ``draws_every_frame``): the others take their events, the bots'
        answers and the updates, as the app's loop on a slow machine runs several updates for one drawing.
        Drawing was half of the test run's time, and most of it was in waits whose middle no test looks at."""
        for left in range(count - 1, -1, -1):
            bot_worker.worker().wait(BOT_PATIENCE)
            if left and not self.draws_every_frame:
                self.app.draw = _not_drawn  # type: ignore[method-assign]
                try:
                    self.app.frame(STEP)
                finally:
                    del self.app.draw
            else:
                self.app.frame(STEP)
        autosave.writer().flush(BOT_PATIENCE)  # what was played is on disk when a test looks
        recorder().flush(BOT_PATIENCE)  # and a finished game in the history

    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def seen(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Where a place on the screens drawn is in the window (a window under the least size shows them scaled
        down): a test names what it taps as drawn, and the mouse is posted where a person sees it."""
        scale = self.app.tracker.mouse_scale
        return pos if scale == 1.0 else (round(pos[0] / scale), round(pos[1] / scale))

    # --- primitive events ---------------------------------------------------------------------------------
    def _finger(self, kind: int, pos: tuple[int, int], finger: int) -> None:
        w, h = self.size()
        pygame.event.post(
            pygame.event.Event(
                kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=finger, touch_id=1, pressure=1.0
            )
        )

    def down(self, pos: tuple[int, int], finger: int | None = None) -> None:
        # A person taps again at the same place only after a moment: sooner, a table takes it for a double tap's
        # second press and lets it go (``GameTable.deliver``). Waited out on the table's own state, frame by frame.
        swallows = getattr(self.app.scenes.top, "swallows_press_at", None)
        while swallows is not None and swallows(pos):
            self.frames(1)
        if self.fingers or finger is not None:
            fid = finger if finger is not None else self.finger_id
            self._finger(pygame.FINGERDOWN, pos, fid)
            # SDL also sends an emulated mouse press for a finger: it must be ignored.
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.seen(pos), button=1, touch=True))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.seen(pos), button=1, touch=False))

    def move(self, pos: tuple[int, int], finger: int | None = None) -> None:
        if self.fingers or finger is not None:
            fid = finger if finger is not None else self.finger_id
            self._finger(pygame.FINGERMOTION, pos, fid)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=self.seen(pos), rel=(0, 0), buttons=(1, 0, 0), touch=True)
            )
        else:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=self.seen(pos), rel=(0, 0), buttons=(1, 0, 0), touch=False)
            )

    def up(self, pos: tuple[int, int], finger: int | None = None) -> None:
        if self.fingers or finger is not None:
            fid = finger if finger is not None else self.finger_id
            self._finger(pygame.FINGERUP, pos, fid)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.seen(pos), button=1, touch=True))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.seen(pos), button=1, touch=False))

    # --- gestures ---------------------------------------------------------------------------------------
    def tap(self, pos: tuple[int, int]) -> None:
        self.down(pos)
        self.frames(2)
        self.up(pos)
        self.frames(2)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8, hold_at_end: int = 6) -> None:
        self.down(start)
        self.frames(2)
        for index in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * index // steps
            y = start[1] + (end[1] - start[1]) * index // steps
            self.move((x, y))
            self.frames(1)
        self.frames(hold_at_end)  # held still before letting go: a drop, not a toss
        self.up(end)
        self.frames(2)

    def perform(self, gesture: list[tuple]) -> None:
        for action in gesture:
            if action[0] == "tap":
                self.tap(action[1])
            elif action[0] == "finger_tap":  # (a second tap a finger makes, the mouse not: a thin card strip)
                if self.fingers:
                    self.tap(action[1])
            else:
                self.drag(action[1], action[2])

    def key(self, key: int, mod: int = 0) -> None:
        """A key pressed and let go, as a person types it."""
        self.key_down(key, mod)
        self.key_up(key, mod)
        self.frames(2)

    def key_down(self, key: int, mod: int = 0) -> None:
        """A key pressed, not yet let go (posted again before ``key_up``, it is the key held down and repeated)."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))

    def key_up(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))

    def type_text(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.frames(2)


def at_table(app: App, match: Match, frames: int = 5) -> tuple[Driver, GameTable]:
    """``match`` opened at its table in ``app``, a few frames drawn: a driver of the app, and the table."""
    app.go.table(match)
    driver = Driver(app)
    driver.frames(frames)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    return driver, table


def until_results(driver: Driver, limit: int = 300, step: int = 1) -> ResultsScene:
    """Frames until a finished game's results are on top (``limit`` times ``step`` frames at most); the scene."""
    app = driver.app
    for _ in range(limit):
        if isinstance(app.scenes.top, ResultsScene):
            break
        driver.frames(step)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    return results


def open_past_cover(app: App, save: Path) -> Driver:
    """``save`` opened on the app and its privacy cover passed as a person would (a finished game opens on its
    results); the driver of the app, for what the test does next."""
    assert app.go.open_save(save) is None
    driver = Driver(app)
    for _ in range(300):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(50)
            app.scenes.top.ready()
            break
    driver.frames(30)
    assert not isinstance(app.scenes.top, PrivacyOverlay)
    return driver


def past_the_last_move(driver: Driver, limit: int = 600) -> None:
    """Frames until the table has shown the last person's move long enough to pass the screen on (its
    ``lingering``): the privacy screen comes at the next frame, when the screen passes to another person."""
    from tabletop.ui.tables.base import GameTable

    table = driver.app.scenes.stack[0] if driver.app.scenes.stack else None
    if not isinstance(table, GameTable) or not table.lingering():
        return
    for _ in range(limit):
        driver.frames(1)
        if not table.lingering():
            driver.frames(1)
            return


def bare_spot(table: GameTable) -> tuple[int, int] | None:
    """A place on the table where a tap meets nothing (no card, token, button, panel or popup); None when a choice
    open over the table leaves none (a tap beside it asks for the choice first)."""
    w, h = table.app.screen.get_size()
    panel = table.panel if table.panel is not None and not table.panel.hidden else None
    if panel is not None and not panel.docked:
        return None
    for y in range(h // 8, h - h // 8, 8):
        for x in range(w // 8, w - w // 8, 8):
            pos = (x, y)
            taken = table.hits.at(pos) is not None or table.button_at(pos) or table.popup_at(pos)
            if not taken and (panel is None or not panel.covers(pos)):
                return pos
    return None


def pass_on_now(driver: Driver) -> bool:
    """While the table shows the last person's move before the screen passes to another person, a tap on the bare
    table passes it at once (as a person who is done does; ``past_the_last_move`` waits instead). True if so."""
    table = driver.app.scenes.top
    spot = bare_spot(table) if isinstance(table, GameTable) and table.passing_line() else None
    if spot is None:
        return False
    driver.tap(spot)
    assert not table.lingering(), "a tap on the bare table did not pass the screen on"
    return True


def step_choice_to(driver: Driver, choice: Choice, index: int) -> None:
    """Tap a choice's right arrow until it shows option ``index``."""
    for _ in range(len(choice.options)):
        if choice.index == index:
            return
        driver.tap(choice.arrows()[1].center)
    assert choice.index == index
