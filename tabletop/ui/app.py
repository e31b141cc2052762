"""The app: one pygame-ce window, a fixed 60 Hz update, drawing every frame, and a stack of scenes."""

from __future__ import annotations

import contextlib
import copy
import logging
import os
import platform
import signal
import sys
import tempfile
import threading
import time
import traceback
import warnings
from concurrent.futures import Future
from datetime import datetime
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pygame

from tabletop import __version__
from tabletop.core.match import Match
from tabletop.core.saves import clean_leftovers, shown_name
from tabletop.games import warm as warm_games
from tabletop.i18n import gettext as _
from tabletop.i18n import os_reason, set_language
from tabletop.paths import user_data_dir, user_saves_dir
from tabletop.play import autosave, bot_worker
from tabletop.play.history import english
from tabletop.play.session import recorder
from tabletop.ui import assets, theme
from tabletop.ui.assets import Sounds, image
from tabletop.ui.input import TAP_DISTANCE, PointerEvent, PointerTracker
from tabletop.ui.keyboard import FocusRings, PressHold
from tabletop.ui.navigation import Navigation
from tabletop.ui.scene import Scene, SceneStack
from tabletop.ui.scenes.overlays import ClosingDialog
from tabletop.ui.screen_keyboard import POSTED, ScreenKeyboard
from tabletop.ui.settings import Settings, SettingsTrouble, chosen_language, read_settings, save_settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.widgets import TextField

STEP = 1.0 / 60.0
log = logging.getLogger(__name__)


MAX_SIZE = (7680, 4320)
# Under this in either way (a window manager that ignores the minimum size) the screens are not drawn, only the
# band that asks for a larger window: their pictures had no room (1280x120 failed on a card of negative height),
# and scaled down from the least size they are made for they could not be read.
DRAWABLE = (320, 200)
# Keys pressed alone by a mouse player too (Alt+Tab to another window, a shortcut's Ctrl): they do not say that the
# keys are played by (``keys_last``: a turn's ring came on a token for a mouse player back from another window).
MODIFIER_KEYS = frozenset(
    (
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LGUI,
        pygame.K_RGUI,
    )
)
MINIMIZED_FPS = 10  # a minimized window waits for its events at this pace (nothing is drawn: little work)
# What says the window is in sight again after it was minimized (a window manager may send only some of them).
SHOWN_AGAIN = (
    pygame.WINDOWRESTORED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWFOCUSGAINED,
    pygame.MOUSEBUTTONDOWN,
    pygame.FINGERDOWN,
    pygame.KEYDOWN,
)


def parse_size(size: str) -> tuple[int, int]:
    """``--size``'s window, never below the window's minimum: asked for at once, it opens centred (a smaller
    window was placed for the size asked and then grown from its corner, past the screen's edge). Under
    ``MIN_SIZE`` the screens are drawn scaled down to it."""
    try:
        w, h = (int(part) for part in size.lower().split("x"))
    except ValueError:
        return theme.BASE_SIZE
    w, h = max(theme.SMALLEST_WINDOW[0], w), max(theme.SMALLEST_WINDOW[1], h)
    # At most an 8K screen, either way up: 99999x99999 opened a 16384x16384 window (a gigabyte of pixels)
    longest, shortest = (MAX_SIZE[0], MAX_SIZE[1]) if w >= h else (MAX_SIZE[1], MAX_SIZE[0])
    return min(longest, w), min(shortest, h)


def starting_size() -> tuple[int, int]:
    """The window's size when none is asked for: the size the screens are drawn for, or less to fit the desktop
    (on a 1366x768 laptop a 1280x800 window ran past the screen's foot: the bottom row of buttons out of reach),
    never below the smallest window (on an 800x600 screen the screens are drawn scaled down: a window at the
    least size they are laid out for ran past its edges). Room is kept for a title bar and a taskbar."""
    try:
        pygame.display.init()
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    if not desktops:
        return theme.BASE_SIZE
    width, height = desktops[0]
    if theme.is_tall((width, height)):
        # A screen stood on its side (a tablet held upright): a window of its shape, for which the tables lay
        # themselves out one block under another (it opened landscape, 760x800 on an 800x1280 screen, the
        # screen's lower third left empty).
        return _upright(width, 0), _upright(height, 1)
    return _fitted(width, 0), _fitted(height, 1)


def _upright(desktop: int, way: int) -> int:
    """The window's width (``way`` 0) or height (1) on an upright desktop: the size the screens are drawn for
    turned upright, or less to fit (an upright window narrower than the least size is drawn scaled down)."""
    room = min(theme.BASE_SIZE[1 - way], desktop - DESKTOP_MARGIN[way])
    return max(theme.SMALLEST_WINDOW[way], room)


def _fitted(desktop: int, way: int) -> int:
    """The window's width (``way`` 0) or height (1) on a desktop of ``desktop``: under the least size the screens
    are laid out for only on a desktop smaller than that (a 1240x620 window on a 1280x720 desktop was drawn
    scaled down 3%, every text soft, where a 640-high one had always served)."""
    room = min(theme.BASE_SIZE[way], desktop - DESKTOP_MARGIN[way])
    if room >= theme.MIN_SIZE[way] or desktop >= theme.MIN_SIZE[way]:
        return max(theme.MIN_SIZE[way], room)
    return max(theme.SMALLEST_WINDOW[way], room)


DESKTOP_MARGIN = (40, 100)  # what a window leaves of the desktop: its borders, its title bar, a taskbar
CRASH_REPORT = "crash-report.txt"  # in the user data folder: the tracebacks of the bugs the app met
CRASH_REPORT_LIMIT = 256 * 1024  # past this size the report is begun afresh


def crash_report(exc: BaseException) -> Path | None:
    """Write the traceback of ``exc`` (a bug of ours) at the end of the crash report in the user data folder, with
    when and under what it ran; the report's path, or None when it cannot be written. Without it a bug's traceback
    went only to a terminal, which a window opened from a file manager or a menu does not have."""
    path = user_data_dir() / CRASH_REPORT
    head = (
        f"--- {datetime.now().isoformat(timespec='seconds')}  Tabletop {__version__}, Python "
        f"{platform.python_version()}, pygame-ce {pygame.version.ver}, {platform.platform()}\n"
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not path.is_file() or path.stat().st_size > CRASH_REPORT_LIMIT
        with path.open("w" if fresh else "a", encoding="utf-8") as report:
            report.write(head + "".join(traceback.format_exception(exc)))
    except OSError as error:
        log.warning("the crash report cannot be written in %s: %s", path, error)
        return None
    return path


def finished(match: Match) -> bool:
    """Whether ``match`` is over, for ``App.recover``: a bug of its rules' ``result`` (the bug being recovered from,
    met again) takes it for a game in play, and recovering goes on (it raised out of ``recover``: the app stopped)."""
    try:
        return match.result() is not None
    except Exception:
        return False


def report_line(report: Path | None) -> str:
    """Where the people find what went wrong, in the language shown."""
    if report is None:
        return _("What went wrong could not be written to a file.")
    return _("What went wrong is written in {file}.").format(file=report)


def saving_problem(folder: Path) -> str:
    """Why no game can be saved in ``folder`` (made when missing), in the language shown; "" when they can. A
    read-only home or a data folder that cannot be made said only that the history could not be used, in the
    system's English ("[Errno 13] Permission denied: ..." inside a French line), and the first game was lost."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        log.warning("games cannot be saved in %s: %s", folder, exc)
        line = _("Games cannot be saved in {folder} ({reason}): you can play, but no game is kept for later.")
        return line.format(folder=folder, reason=os_reason(exc))
    return ""


class App:
    # A bug of ours raised in a frame brings the menu back (``recover``); the tests turn it off, so a bug raises
    # where it happened (tests/conftest.py), but for those of the recovery itself.
    recovers_from_bugs = True

    def __init__(
        self, size: tuple[int, int] = theme.BASE_SIZE, fullscreen: bool = False, settings: Settings | None = None
    ) -> None:
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Tabletop")  # how window managers and xdotool know us
        pygame.init()
        theme.reset_caches()
        assets.reset_caches()
        sprite_cache.reset_all()  # surfaces of an earlier display are not drawn on this one
        pygame.display.set_caption("Tabletop")
        # (what was wrong with the settings file: the menu says it, in the language shown; ``read_settings``)
        self.settings_trouble: SettingsTrouble | None = None
        if settings is None:
            settings, self.settings_trouble = read_settings()
        self.settings = settings
        if chosen_language(self.settings):  # the first start: the system's language, kept from now on
            save_settings(self.settings)
        self.settings_kept = copy.deepcopy(self.settings)  # as last read or kept (``save_settings``)
        set_language(self.settings.language)
        theme.set_palette(self.settings.palette)  # before anything is drawn
        self.window_size = size
        self.tracker = PointerTracker()
        self.display = pygame.display.set_mode(size, pygame.RESIZABLE)  # the window's own surface
        self.screen = self.display  # what the scenes draw on: the window's surface, or one scaled down to it
        self.screen = self._canvas()
        self.drawn_size = self.screen.get_size()  # the size the cached surfaces were made for
        self._window = self._sdl_window()
        if self._window is not None:
            with contextlib.suppress(AttributeError, pygame.error):
                self._window.minimum_size = theme.SMALLEST_WINDOW
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(image("icon"))
        theme.Scale.configure(self.settings.ui_scale, self.settings.large_text)
        self.scale_to(self.screen.get_size())
        self.sounds = Sounds()
        self.sounds.volume = self.settings.volume
        self.screen_keys = ScreenKeyboard()  # for fingers typing a name (no keyboard at a touchscreen)
        self.screen_keys_for: TextField | None = None  # the field it was drawn for in the last frame
        self.space_opened = False  # the last key was a Space that began typing in a field (its text is not typed)
        self.press_hold = PressHold()  # the key that passed a privacy screen presses nothing it revealed
        self.scenes = SceneStack()
        self.now = 0.0
        self.accumulator = 0.0
        self.running = True
        self.failing = False  # a frame raised, and no frame has been whole since (``frame``)
        self.minimized = False  # the window is minimized: the game's clocks stand still
        self.clock = pygame.time.Clock()
        clean_leftovers(user_saves_dir())  # temp files of saves a kill interrupted
        self.notice = saving_problem(user_saves_dir())  # what the menu must say (games that cannot be saved, say)
        self.history_notice = ""  # what is wrong with the history (a damaged one set aside): History says it too
        self.startup_check: Future[str | None] | None = recorder().keep_finished_autosaves()
        if fullscreen or self.settings.fullscreen:
            self.set_fullscreen(True)
        self.go = Navigation(self)
        self.go.menu()

    # --- the loop ----------------------------------------------------------------------------------------
    def run(self) -> int:
        probe = os.environ.get("TABLETOP_STARTUP_PROBE")  # benchmarks/startup.py: report the first menu frame
        first = True
        while self.running:
            dt = self.clock.tick(MINIMIZED_FPS if self.minimized else 60) / 1000.0
            self.frame(dt)
            if probe:
                print(f"menu-drawn {time.time():.6f}", flush=True)
                self.close()
            elif first:
                first = False
                # The menu is up: load the games' rules while the people read it, so New game opens at once.
                # Not a daemon: a window closed at once waits for the imports instead of cutting one short.
                threading.Thread(target=warm_games, name="warm-games").start()
        pygame.quit()
        return 0

    def frame(self, dt: float) -> None:
        """One frame: events, fixed updates for the elapsed time, one drawing. While the window is minimized
        only events: no time passes for the screens (a Stupéfix count, a bot's moment, a flight wait for the
        players, as under the pause menu) and nothing is drawn. A bug of ours raised in it brings the menu back
        (``recover``); raised again before a frame is whole, it goes on (``run_app`` says it)."""
        try:
            self._frame(dt)
        except Exception as exc:
            if self.failing or not self.recovers_from_bugs:
                raise
            self.recover(exc)
        else:
            self.failing = False

    def _frame(self, dt: float) -> None:
        dt = 0.0 if self.minimized else min(dt, 0.25)
        self.now += dt
        self.match_scale()
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        if self.minimized:
            return
        for pointer_event in self.tracker.tick(self.now):
            self._pointer(pointer_event)
        self.match_scale()  # (a screen opened by the events: laid out at its kind's scale before it is shown)
        if self.startup_check is not None and self.startup_check.done():
            problem, self.startup_check = self.startup_check.result(), None
            if problem:  # (the menu says it after the saves' folder that cannot be written, the history's cause too)
                log.warning("%s", english(problem))
                self.history_notice = problem
        self.accumulator += dt
        while self.accumulator >= STEP:
            self.accumulator -= STEP
            top = self.scenes.top
            if top is not None:
                top.update(STEP)
        self.draw()

    def draw(self) -> None:
        self.match_scale()
        surface = self.screen
        w, h = self.display.get_size()
        TextField.typing.clear()
        if w >= DRAWABLE[0] and h >= DRAWABLE[1]:
            for scene in self.scenes.visible():
                top = FocusRings.shown = scene is self.scenes.top  # (only the top scene's ring)
                if top:
                    TextField.typing.clear()  # (only the top scene's field: not one under a dialog over it)
                scene.draw(surface)
            FocusRings.shown = True
            field = self.finger_typing()
            if field is not None:
                if field is not self.screen_keys_for:
                    self.screen_keys.open(field)
                self.screen_keys.draw(surface, field)
            self.screen_keys_for = field
            if surface is not self.display:
                pygame.transform.smoothscale(surface, (w, h), self.display)
        else:  # (the screens' pictures would have no room: sizes under nothing, and a crash)
            self.display.fill(theme.PANEL)
        if w < theme.SMALLEST_WINDOW[0] or h < theme.SMALLEST_WINDOW[1]:
            least = theme.SMALLEST_WINDOW
            line = _("Tabletop is made for windows of at least {width}x{height}: enlarge the window or press F11.")
            note = theme.text(line.format(width=least[0], height=least[1]), 16, theme.INK, bold=True)
            note = theme.fit_width(note, w - 8)
            band = pygame.Rect(0, 0, w, note.get_height() + 8)
            pygame.draw.rect(self.display, theme.HIGHLIGHT, band)
            self.display.blit(note, note.get_rect(center=band.center))
        pygame.display.flip()

    def _canvas(self) -> pygame.Surface:
        """What the screens are drawn on for the window as it is: its own surface, or, under ``MIN_SIZE``, one of
        ``theme.canvas_size`` scaled down to it each frame (the pointer's place scaled up to match)."""
        w, h = self.display.get_size()
        size = theme.canvas_size((w, h))
        if size == (w, h) or w < DRAWABLE[0] or h < DRAWABLE[1]:
            self.tracker.mouse_scale = 1.0
            return self.display
        self.tracker.mouse_scale = size[0] / w
        if self.screen is not self.display and self.screen.get_size() == size:
            return self.screen
        return pygame.Surface(size, 0, self.display)

    # --- events --------------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if not self.asked_before_closing():
                self.close()
            elif self.minimized:  # (closed from the taskbar: the box that asks must be seen)
                self.minimized = False
                if self._window is not None:
                    self._window.restore()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized()
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self.tracker.cancel_all()
            self.press_hold.let_go()
            return
        if event.type == pygame.WINDOWMINIMIZED:
            self.minimized = True
            self.tracker.cancel_all()
            return
        if event.type in SHOWN_AGAIN:
            self.minimized = False  # (and the event goes on: a key or a press is a person back at the window)
        real_key = event.type in (pygame.KEYDOWN, pygame.KEYUP) and not event.dict.get(POSTED, False)
        if real_key and self.press_hold.holds(event, self.now):
            return  # (the key that passed a privacy screen, again or held: ``PressHold``)
        if event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS:  # (Alt+Tab away: no key played by)
            self.tracker.keys_last = not event.dict.get(POSTED, False)  # (not the screen keyboard's)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.settings.fullscreen)
                return
            if event.key == pygame.K_F1:
                self.go.rules()
                return
            if event.key == pygame.K_ESCAPE or event.key == pygame.K_AC_BACK:
                top = self.scenes.top
                if top is not None:
                    top.back()
                return
        if event.type == pygame.TEXTINPUT and event.text == " " and self.space_opened:
            self.space_opened = False  # (the Space that opened a field comes again as its text: "Gryffindor ")
            return
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            begun = TextField.begun
            top = self.scenes.top
            if top is not None:
                top.key(event)
            space = event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
            self.space_opened = space and TextField.begun != begun
            return
        for pointer_event in self.tracker.handle(event, self.screen.get_size(), self.now):
            self._pointer(pointer_event)

    def _pointer(self, event: PointerEvent) -> None:
        if self.screen_keys_for is not None and self.screen_keys.pointer(event, self.screen.get_size()):
            return  # (a key of the screen keyboard, or its panel: nothing under it)
        top = self.scenes.top
        if top is not None:
            top.deliver(event)

    def finger_typing(self) -> TextField | None:
        """The text field a finger is typing in (drawn focused by the top scene in the frame just drawn), for the
        screen keyboard. Begun with a mouse, or once a real key is typed, none; once shown for a field it stays
        while that field is typed in, whatever presses its keys (a mouse's press on a key hid it, and the click's
        release went on to the button under it)."""
        field = TextField.typing[-1] if TextField.typing else None
        if field is None or self.tracker.keys_last:
            return None
        return field if self.tracker.finger_last or field is self.screen_keys_for else None

    def resized(self, again: bool = False) -> None:
        """Lay every screen out for the window's size, unless they are laid out for it already (``again``: anew
        all the same, at a new interface scale). A window manager's resize sends two events (VIDEORESIZE and
        WINDOWSIZECHANGED) and F11 came here a third time: each laid out every screen anew (a House Cup table's
        token piles tumbled again, 20-40 ms each at 1280x800), the frame of a resize took twice as long."""
        self.display = pygame.display.get_surface() or self.display
        self.screen = self._canvas()
        size = self.screen.get_size()
        if size == self.drawn_size and not again:
            return
        if size != self.drawn_size:
            # Surfaces made at the old size (cards, panels, the felt: sized to the window) are never drawn again:
            # a window dragged through sizes kept every one, up to 2 GB at 4K (a review). Fonts and text stay:
            # they follow the scale, not the size, and are few.
            self.drawn_size = size
            theme.forget_panels()
            assets.forget_scaled()
            sprite_cache.reset_all()
        self.scale_to(size)
        self.lay_out(self.scenes.stack)

    def match_scale(self) -> None:
        """The scale of the kind of screen shown (``Scene.menu_screen`` of the highest opaque one; upright, a menu's
        screen's and a table's differ: ``theme.Scale.update``), and the screens shown laid out again if they were
        laid out at another. Those hidden under it keep their layout until they are shown again: every screen was
        laid out anew at each change, and a table whose pause menu opened Settings was laid out again on the way
        there and back (House Cup's token piles tumbled again, as after a resize)."""
        base = self.scenes.base()
        if base is None:
            return
        if theme.Scale.use_menus(base.menu_screen):
            self.tracker.tap_distance = max(TAP_DISTANCE, theme.px(TAP_DISTANCE))
        self.lay_out([scene for scene in self.scenes.visible() if scene.laid_out_at != theme.Scale.factor])

    def lay_out(self, scenes: list[Scene]) -> None:
        """Lay ``scenes`` out for the window at the scale in use, each remembering it (``Scene.laid_out_at``)."""
        size = self.screen.get_size()
        for scene in scenes:
            scene.resize(size)
            scene.laid_out_at = theme.Scale.factor

    def scale_to(self, size: tuple[int, int]) -> None:
        """The screens' scale for ``size``; a tap may then roll as far as their own 12 pixels (on a large screen 12
        window pixels were a millimetre, less than a fingertip rolls, and a tap on a big button did nothing)."""
        theme.Scale.update(size)
        self.tracker.tap_distance = max(TAP_DISTANCE, theme.px(TAP_DISTANCE))

    def rescale(self) -> None:
        """Draw every screen at the Settings' interface scale and text size from the next frame (each scene
        lays itself out again; every cached surface and text is made again at the new size)."""
        if theme.Scale.configure(self.settings.ui_scale, self.settings.large_text):
            theme.reset_caches()
            sprite_cache.reset_all()
            self.resized(again=True)

    def asked_before_closing(self) -> bool:
        """The window's close button with a game that cannot be saved: a box asks first (Keep playing, or Close
        and lose it), and True. A second close while it asks closes: the person has said it twice."""
        if isinstance(self.scenes.top, ClosingDialog):
            return False
        for scene in self.scenes.stack:
            problem = scene.lost_on_close()
            if problem is not None:
                self.scenes.push(ClosingDialog(self, problem))
                return True
        return False

    def close(self) -> None:
        """The window is closing: every scene keeps what it must, then the loop ends."""
        for scene in list(self.scenes.stack):
            try:
                scene.on_close()
            except Exception:  # closing must never fail because one scene could not tidy up
                log.exception("while closing %s", scene.name)
        self.running = False
        bot_worker.shutdown()
        autosave.writer().flush(10.0)  # the last command is on disk before the window goes
        recorder().flush(10.0)  # and a game just finished is in the history

    def recover(self, exc: Exception) -> None:
        """A bug of ours raised in a frame (a table's painter, a tap's handler, a game's rules): it went out of the
        loop and the window vanished, its traceback only in a terminal. Now its traceback goes to the crash report,
        every screen is closed as at the window's closing (a game keeps its save, in the position its log makes:
        ``Match.apply``), and the menu says what happened and where the report is."""
        from tabletop.ui.tables.base import GameTable

        self.failing = True
        log.error("a bug in %s", " > ".join(scene.name for scene in self.scenes.stack), exc_info=exc)
        report = crash_report(exc)
        playing = [
            scene.session.path
            for scene in self.scenes.stack
            if isinstance(scene, GameTable) and scene.replay_bar is None and not finished(scene.session.match)
        ]
        for scene in list(self.scenes.stack):
            try:
                scene.on_close()
            except Exception:  # (the game's last save stands)
                log.exception("while closing %s", scene.name)
        self.tracker.cancel_all()
        writer = autosave.writer()
        saved = writer.flush(5.0) and all(writer.outcome(path) is None for path in playing)
        self.go.menu()  # (the game closed is on disk when it looks for the one Continue offers)
        if playing and saved:
            said = _(
                "Tabletop ran into a bug of its own and closed the game, kept as it was at its last move: Continue "
                "(or Load) opens it again."
            )
        else:
            said = _("Tabletop ran into a bug of its own and came back to the menu.")
        self.tell(f"{said} {report_line(report)}")

    def tell(self, message: str) -> None:
        """Have the menu say ``message``, and still warn that games cannot be saved when that holds (a bug's notice
        replaced the warning, and the player was no longer told that no game is kept)."""
        self.notice = " ".join(part for part in (message, saving_problem(user_saves_dir())) if part)

    # --- services for scenes -----------------------------------------------------------------------------
    def play(self, sound: str) -> None:
        """Play a sound: a garnish, so a bug in the sound layer turns the sounds off for the rest of the run rather
        than stopping the game."""
        try:
            self.sounds.play(sound)
        except Exception:
            log.exception("playing the sound %s failed: the sounds are turned off", sound)
            self.sounds.available = False

    def hold_presses(self, key: int, seconds: float) -> None:
        """``key`` passed a privacy screen: it presses nothing on the screen revealed until it is released, nor does
        any Enter or Space for ``seconds`` (``PressHold``)."""
        self.press_hold.hold(key, self.now + seconds)

    def save_settings(self) -> None:
        self.sounds.volume = self.settings.volume
        self.settings_trouble = None  # (settings chosen since: the menu no longer says the defaults are used)
        save_settings(self.settings, since=self.settings_kept)  # (what another window changed meanwhile stays)
        self.settings_kept = copy.deepcopy(self.settings)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        window = self._window
        try:
            if window is not None:
                if on:
                    window.set_fullscreen(desktop=True)
                else:
                    window.set_windowed()
            else:
                pygame.display.toggle_fullscreen()
        except (pygame.error, AttributeError) as exc:
            log.info("full screen is not available here (%s)", exc)
        self.resized()

    def _sdl_window(self) -> pygame.Window | None:
        """The SDL window behind the display module, for its minimum size and desktop full screen."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None


def run_app(
    size: str = "", fullscreen: bool = False, open_path: Path | None = None, watch_path: Path | None = None
) -> int:
    logging.basicConfig(level=os.environ.get("TABLETOP_LOG", "WARNING"))
    if os.name == "posix":  # (SDL takes the signal where Python leaves it alone; on Windows it stays Python's)
        # Ctrl+C in the terminal closes the app as the window's close button does, the game kept: SDL makes it a
        # QUIT event. Python's own ended the app with a KeyboardInterrupt's traceback wherever a frame stood.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    kept = keep_log()
    try:
        app = App(parse_size(size) if size else starting_size(), fullscreen)

        def failed(error: str) -> None:
            print(f"tabletop: {error}", file=sys.stderr)  # the menu is shown instead, saying why
            app.tell(error)

        for path, watch in ((open_path, False), (watch_path, True)):
            if path is not None:  # a long save is read behind "Loading..." on the first frames
                app.go.load_save(path, shown_name(path), failed, watch=watch)
        return app.run()
    except Exception as exc:
        return stopped(exc)
    finally:
        if kept is not None:
            logging.getLogger().removeHandler(kept)
            kept.close()


LOG_FILE = "tabletop.log"  # in the user data folder: the warnings and errors of the last runs
LOG_FILE_LIMIT = 256 * 1024  # past this size it is put aside as tabletop.log.1 (the one before is let go)


def keep_log() -> logging.Handler | None:
    """The app's warnings and errors (a bot that failed, a save not written, what the history met) kept in a file
    too: they went only to a terminal, which a window opened from a file manager or a menu does not have. None
    when the folder cannot be written (the app plays on; the menu says why at its start)."""
    path = user_data_dir() / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_FILE_LIMIT, backupCount=1, encoding="utf-8")
    except OSError:
        return None
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    return handler


def stopped(exc: Exception) -> int:
    """The app cannot go on: a bug of ours at its start, or again on the menu it came back to. Its traceback is
    printed and written to the crash report, and a box says so (a window opened from a file manager vanished
    without a word); the games are in their saves, written at every move (``autosave``: flushed at the exit)."""
    traceback.print_exception(exc)
    said = _("Tabletop stopped on a bug of its own. Your games are kept as they were at their last move.")
    where = report_line(crash_report(exc))
    print(f"tabletop: {said} {where}", file=sys.stderr)
    if shows_windows():
        with contextlib.suppress(Exception):  # (a box's lines are not wrapped: one for each sentence)
            # The window goes first: a full-screen one hid the box, and over it the box was drawn blank (Xvfb).
            pygame.display.quit()
            pygame.display.message_box(_("Tabletop stopped"), f"{said}\n{where}", "error")
    return 1


def shows_windows() -> bool:
    """Whether SDL draws on a screen (not under the dummy drivers of the tests and of headless runs)."""
    return os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen")


__all__ = ["App", "Scene", "run_app"]
