"""Overlays above a table: the privacy screen, the pause menu, confirm dialogs and the game log."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.i18n import gettext as _
from tabletop.play.replay import Watching
from tabletop.play.session import WRITTEN_ELSEWHERE, GameSession
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.input import PointerEvent, tapped_outside
from tabletop.ui.keyboard import ScreenKeys, WidgetKeys, intent, page, scroll_target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea, dispatch, fitting_label, layout_column

ARMING = 0.8  # seconds a "Pass to" screen takes no tap or key: longer than a double tap, shorter than a hand-over
REVEALED_ARMING = 0.5  # seconds the screen a key revealed takes no Enter or Space (the table's ``READY_ARMING``)


class PrivacyOverlay(Scene):
    """Covers the whole table until the next person taps, so nobody sees another seat's secrets."""

    name = "privacy"
    opaque = True

    def __init__(
        self,
        app: AppLike,
        session: GameSession,
        seat: int,
        on_ready: Callable[[], None],
        picture: pygame.Surface | None = None,  # the game's own (else the seat's house crest, if any)
    ) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.on_ready = on_ready
        self.picture = picture
        self.armed_at = 0.0
        # A way out for fingers (a keyboard has Escape): a group stopping at a hand-over need not show the next
        # person's table first.
        self.menu = Button("", self.back, size=20)
        self.ready_button = Button("", self.ready, primary=True, size=22)  # (a tap anywhere does as much)
        # Tab between Ready and Menu (the Menu was out of the keyboard's reach, Escape told nowhere); until Tab
        # shows the focus, Enter is Ready
        self.keys = WidgetKeys(lambda: [self.ready_button, self.menu], lambda: self.app.now)
        self.relabel()

    def enter(self) -> None:
        # A tap meant for the table does not pass the screen: nor does a second quick tap on the same spot, as
        # people tap again when nothing seems to happen (at 0.45 s it passed the screen and showed the last
        # person the next one's hand). Only a touch that begins once the screen is armed passes it.
        self.armed_at = self.app.now + ARMING
        self.app.tracker.cancel_all()
        self.resize(self.app.screen.get_size())

    def uncovered(self) -> None:
        # Back from its Menu (the pause, Settings, Rules): armed again, or the second tap of a quick double tap
        # on Resume or Done passed the screen and showed the next person's table to whoever held it.
        self.armed_at = self.app.now + ARMING
        self.app.tracker.cancel_all()
        if self.keys.focus.shown:  # (the ring stayed on Menu, where Enter opened the pause again, not Ready)
            self.keys.put(self.ready_button)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.menu.rect = pygame.Rect(w - px(16) - px(140), px(16), px(140), px(52))
        self.ready_button.rect = pygame.Rect(0, 0, px(220), px(52)).move_to(midtop=(w // 2, h // 2 + px(132)))
        self.ready_button.visible = self.ready_button.rect.bottom <= h - px(8)  # (a sliver: tap anywhere)

    def relabel(self) -> None:
        """The language was changed (Settings, from the pause over this screen)."""
        self.menu.label = _("Back") if isinstance(self.session, Watching) else _("Menu")
        self.ready_button.label = _("Ready")

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if event.pointer.started_at < self.armed_at:  # (begun before: a tap meant for what was under it)
            return
        if dispatch([self.menu, self.ready_button], event, lambda: self.app.play("click")):
            return
        if event.kind == "tap":
            self.ready()

    def key(self, event: pygame.event.Event) -> None:
        # Armed like a tap: Enter pressed twice in a row (the move, then at once again) passed the screen before
        # the next person had it, and showed the last person the next one's table.
        pressed = event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if pressed and self.app.now < self.armed_at:
            return
        if not self.keys.key(event) and pressed:
            self.ready()
        if pressed and self not in self.app.scenes.stack:  # (passed by Enter or Space, the focus on Ready or not)
            # The same Enter pressed again, or held, pressed the next person's Cast on the table it revealed
            # before they had seen it (a review of the hand-over): it is held back there a moment, and till let go.
            self.app.hold_presses(event.key, REVEALED_ARMING)

    def ready(self) -> None:
        self.session.hand_over(self.seat)
        self.app.scenes.pop(self)
        self.on_ready()

    def back(self) -> None:
        """Escape: the game's pause. Over a replay (nobody plays it, nothing of it is saved) the replay's own way
        back instead: the seat offered is not shown (the one shown before stays), and a replay not yet handed to
        anyone is left for the screen it was opened from, as Escape on its table leaves it."""
        if not isinstance(self.session, Watching):
            self.app.go.pause(self.session)
            return
        self.app.scenes.pop(self)
        table = self.app.scenes.top
        close = getattr(table, "close_replay", None)
        if self.session.shown_to is None and getattr(table, "session", None) is self.session and callable(close):
            close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        name = self.session.name(self.seat)
        house = self._house()
        crest = self.picture or (fit(f"crests/{house.lower()}", px(150)) if house else None)
        if crest is not None:
            surface.blit(crest, crest.get_rect(center=(w // 2, h // 2 - px(110))))
        said = _("{name}: your secret choice") if self._holds_it() else _("Pass to {name}")
        title = theme.text(said.format(name=name), 52, theme.GOLD_LIGHT, bold=True)
        title = theme.fit_width(title, w - px(40))
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 + px(20))))
        ready = _("Tap, click or press Enter when ready - the table shows only your own secrets.")
        hint = theme.text(ready, 24, theme.TEXT if self.app.now >= self.armed_at else theme.TEXT_DIM)  # (armed)
        hint = theme.fit_width(hint, w - px(40))
        surface.blit(hint, hint.get_rect(center=(w // 2, h // 2 + px(70))))
        others = theme.text(_("Everyone else, look away."), 18, theme.TEXT_DIM)
        surface.blit(others, others.get_rect(center=(w // 2, h // 2 + px(104))))
        where = theme.fit_width(theme.text(self._where(), 20, theme.TEXT_DIM), w - 2 * (self.menu.rect.width + px(32)))
        surface.blit(where, where.get_rect(center=(w // 2, self.menu.rect.centery)))
        self.menu.draw(surface)
        # Ready is drawn grey until the screen takes a tap (``ARMING``): gold, it ignored the taps of its first
        # moment. (Only drawn so: the focus and the presses of the moment after are the armed check's.)
        self.ready_button.enabled = self.app.now >= self.armed_at
        self.ready_button.draw(surface)
        self.ready_button.enabled = True
        self.keys.draw(surface)

    def _holds_it(self) -> bool:
        """Whether the person the screen goes to made the last move, at this screen in front of everyone, so holds
        it already (Stupéfix's Private Lessons taken in the open reward sharing: "Pass to Cleo" under Cleo's own
        finger); not the last move of a save just opened, whoever opened it (the diff's review)."""
        session, log = self.session, self.session.match.log
        here = bool(log) and session.moved_here == len(log)
        return here and log[-1].seat == self.seat and session.is_human(self.seat)

    def _where(self) -> str:
        """The game and where it stands ("House Cup - Round 2 of 3"; Stupéfix's says what is being done, "pointing
        wands"): what the person taking the screen is about to play, all of it public."""
        match = self.session.match
        return f"{words.game_title(match.game)} - {match.game.progress(match.state).words()}"

    def _house(self) -> str | None:
        options = self.session.match.options
        houses = options.get("houses")
        return houses[self.seat] if isinstance(houses, list) and self.seat < len(houses) else None


class Dialog(Scene):
    """A small modal box with a message and buttons; the table stays visible, dimmed, behind it."""

    opaque = False
    name = "dialog"

    def __init__(
        self,
        app: AppLike,
        title: str,
        message: str,
        buttons: list[tuple[str, Callable[[], None]]],
        safe: int = 0,
    ) -> None:
        """``safe``: the button the keyboard's focus starts on when a key opened the box, and the one drawn as the
        box's first choice (the one that changes nothing, where the first button is the one that cannot be taken
        back: Delete it, Concede the duel; That's Wizard!'s "Reveal it anyway" stood out in gold, a review)."""
        super().__init__(app)
        self.title = title
        self.message = message
        self.safe = safe
        self.armed_at = 0.0
        self.buttons = [
            Button(label, self._wrap(action), primary=index == safe) for index, (label, action) in enumerate(buttons)
        ]
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.body_h = px(50)  # the message's height (``resize`` works it out)
        self.body_size = 18  # and its text size (smaller where the box would not fit the window)
        self.keys = WidgetKeys(lambda: self.buttons, lambda: self.app.now)  # Tab, the arrows, Enter

    def _wrap(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.scenes.pop(self)
            action()

        return run

    def enter(self) -> None:
        self.resize(self.app.screen.get_size())
        # Opened by a key (Escape's pause, Enter on a button): the focus shows on its safe button, and Enter
        # answers, but not the same instant: Enter pressed twice would answer the box it opened.
        self.armed_at = self.app.now + 0.35
        if self.app.tracker.keys_last:
            self.keys.put(self.buttons[self.safe])

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        # As wide as the longest button's words (a language may make them longer than English), within the window;
        # as tall as every line of the message (a long one in Russian with Large text lost its last line).
        widest = max([theme.text(button.label, button.size, bold=True).get_width() for button in self.buttons] + [0])
        button_w = min(w - px(120), max(px(320), widest + px(40)))
        title_w = theme.text(self.title, 30, bold=True).get_width()  # ("Undo {name}'s move?" with a long name)
        usual = min(w - px(40), max(px(560), button_w + px(80), title_w + px(60)))
        # The title, the message from 62 and the buttons 24 under it; a margin of 30 under the last button. Where
        # the box would be taller than the window (the broken rules of a spellbook the editor's panel had no room
        # for, in Russian with Large text), the message takes the largest size down to 12 that fits, the box at its
        # usual width if it can, else as wide as the window allows.
        frame = px(62) + px(24) + len(self.buttons) * px(60) - px(12) + px(30)
        width, fits = usual, False
        for text_size in range(18, 11, -1):
            for width in dict.fromkeys((usual, w - px(40))):
                self.body_size = text_size
                lines = len(theme.wrap(self.message, text_size, width - px(60)))
                self.body_h = max(1, lines) * theme.line_height(text_size)
                fits = frame + self.body_h <= h - px(20)
                if fits:
                    break
            if fits:
                break
        buttons_top = px(62) + self.body_h + px(24)
        height = buttons_top + len(self.buttons) * px(60) - px(12) + px(30)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        layout_column(self.buttons, w // 2, self.rect.top + buttons_top, button_w, px(48), px(12))

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        dispatch(self.buttons, event, lambda: self.app.play("click"))

    def key(self, event: pygame.event.Event) -> None:
        if intent(event) == "press" and self.app.now < self.armed_at:
            return
        self.keys.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 150, 0)
        surface.blit(veil, (0, 0))
        theme.panel(surface, self.rect, colour=(36, 30, 26), edge=theme.GOLD, alpha=250)
        title = fitting_label(self.title, 30, theme.GOLD_LIGHT, self.rect.width - px(40))
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.top + px(18))))
        body = pygame.Rect(self.rect.left + px(30), self.rect.top + px(62), self.rect.width - px(60), self.body_h)
        theme.draw_text_block(surface, self.message, body, self.body_size, theme.TEXT)
        for button in self.buttons:
            button.draw(surface)
        self.keys.draw(surface)


class ClosingDialog(Dialog):
    """The window's close button while the game cannot be saved: closing would lose it, so the box asks first."""

    def __init__(self, app: AppLike, problem: str) -> None:
        message = _(
            "This game could not be saved ({reason}): if the window closes now, the game is lost. Free some room "
            "or let Tabletop write to its saves folder, and it is saved at the next move."
        ).format(reason=problem)
        buttons = [(_("Close and lose this game"), app.close), (_("Keep playing"), lambda: None)]
        super().__init__(app, _("Close without saving?"), message, buttons, safe=1)


class PauseOverlay(Dialog):
    """Escape or Menu at a table. A game in progress is saved after every move, so Continue resumes it; a game
    that is over has nothing to resume: its pause offers the results, watching it again and the menu."""

    def __init__(self, app: AppLike, session: GameSession) -> None:
        self.app = app  # (before the buttons: the results are asked of the table under the pause)
        self.session = session
        title, message, buttons = self.contents()
        super().__init__(app, title, message, buttons)

    def contents(self) -> tuple[str, str, list[tuple[str, Callable[[], None]]]]:
        """The title, the message and the buttons, in the current language."""
        app, session = self.app, self.session
        result = session.match.result()
        if result is None:
            return (
                _("Paused"),
                _("Your game is saved after every move; Continue on the main menu resumes it."),
                [
                    (_("Resume"), lambda: None),
                    (_("Rules"), self.back_here(lambda: app.go.rules(session.game.id))),
                    (_("Settings"), self.back_here(self.settings)),
                    (_("Save and leave to the menu"), self.leave),
                ],
            )
        buttons: list[tuple[str, Callable[[], None]]] = []
        if self._results_opener() is not None:
            buttons.append((_("Results"), self.results))
        buttons += [
            (_("Watch again"), lambda: app.go.watch(session.match)),
            (_("Back to the table"), lambda: None),
            (_("Menu"), self.leave),
        ]
        # the results screen's headline (That's Wizard!'s names the people, where the rules' words name a side)
        summary = (self._headline() or result.summary).strip().rstrip(".")
        message = _("This game is over: {summary}.").format(summary=summary) if summary else _("This game is over.")
        return _("Game over"), message, buttons

    def back_here(self, opener: Callable[[], None]) -> Callable[[], None]:
        """``opener`` over the pause: closed, it comes back to the pause it was opened from (the Rules and
        Settings closed onto the table, the game going on)."""

        def run() -> None:
            self.app.go.pause(self.session)
            opener()

        return run

    def relabel(self) -> None:
        """The language was changed (Settings, opened from this pause): its words again, and its box for them."""
        title, message, buttons = self.contents()
        if len(buttons) != len(self.buttons):
            return  # (the game ended under it: the same words, as the buttons do not match the new ones)
        self.title, self.message = title, message
        for button, (label, _action) in zip(self.buttons, buttons, strict=True):
            button.label = label
        self.resize(self.app.screen.get_size())

    def _headline(self) -> str | None:
        """The headline of the results of the table this pause is over, if there is one."""
        for scene in reversed(self.app.scenes.stack):
            tallies = getattr(type(scene), "tallies", None)
            if getattr(scene, "session", None) is self.session and callable(tallies):
                return str(tallies(self.session).headline)
        return None

    def _results_opener(self) -> Callable[[], None] | None:
        """The results of the table this pause is over (its ``show_results``), if there is one."""
        for scene in reversed(self.app.scenes.stack):
            opener = getattr(scene, "show_results", None)
            if getattr(scene, "session", None) is self.session and callable(opener):
                return opener
        return None

    def results(self) -> None:
        opener = self._results_opener()
        if opener is not None:
            opener()

    def settings(self) -> None:
        self.app.go.settings()

    def leave(self) -> None:
        problem = self.session.unsaved()
        if problem is not None:  # (Save and leave would lose it: ask, as the window's close button does)
            message = _("This game could not be saved ({reason}): if you leave now, the game is lost.")
            buttons = [(_("Leave and lose this game"), self._leave), (_("Keep playing"), lambda: None)]
            self.app.go.dialog(_("Leave without saving?"), message.format(reason=problem), buttons, safe=1)
            return
        if self.session.take_moved_elsewhere():  # (found as the game was saved to leave: said before the menu)
            buttons = [(_("Menu"), self._leave)]
            self.app.go.dialog(_("Saved apart"), _(WRITTEN_ELSEWHERE), buttons, safe=0)
            return
        self._leave()

    def _leave(self) -> None:
        self.session.close()
        self.app.go.menu()


class LogOverlay(Scene):
    """Everything that happened that this seat may know (None: what everyone may), newest last, scrollable."""

    opaque = False
    name = "log"

    def __init__(self, app: AppLike, session: GameSession, seat: int | None) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.scroll = ScrollArea()
        self.close = Button(_("Close"), self.back)
        # Tab to the log (Up and Down scroll it) or to Close; Page Up, Page Down, Home and End scroll it
        self.keys = ScreenKeys(
            lambda: [*scroll_target(self.scroll), *widget_targets([self.close])], self.pointer, lambda: self.app.now
        )
        self.lines: list[str] = []
        self.opened_at = app.now

    def enter(self) -> None:
        self.opened_at = self.app.now
        names = self.session.names()
        match = self.session.match
        batches = [match.game.opening(match.initial_state()), *match.history]  # (0: the starting position)
        for number, batch in enumerate(batches):
            for event in batch:
                if event.visible_to(self.seat):
                    text = self.session.game.describe(event, names)
                    if text:
                        self.lines.append(f"{number}. {text}")
        self.resize(self.app.screen.get_size())
        self.scroll.offset = 10**9
        self.scroll.clamp()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(w - px(80), px(900)), h - px(80))
        self.rect.center = (w // 2, h // 2)
        step = self.line_step()
        room = self.rect.height - px(140)
        # A whole number of lines: opened at its end, the log's top line was cut in half (a review in Russian)
        self.scroll.rect = pygame.Rect(
            self.rect.left + px(24), self.rect.top + px(64), self.rect.width - px(48), max(step, room - room % step)
        )
        self.close.rect = pygame.Rect(self.rect.centerx - px(100), self.rect.bottom - px(62), px(200), px(46))
        self._wrapped = []
        for line in self.lines:
            self._wrapped.extend(theme.wrap(line, 18, self.scroll.rect.width - px(16)))
        self.scroll.content_height = len(self._wrapped) * step
        self.scroll.clamp()

    @staticmethod
    def line_step() -> int:
        """How far apart the log's lines are drawn."""
        return round(theme.font_px(18) * 1.25)

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.close.pointer(event):
            return
        if tapped_outside(event, self.rect, self.opened_at):
            self.back()
            return
        self.scroll.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        if not self.keys.key(event) and event.type == pygame.KEYDOWN:
            page(self.scroll, event.key)

    def draw(self, surface: pygame.Surface) -> None:
        veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 150, 0)
        surface.blit(veil, (0, 0))
        theme.panel(surface, self.rect, colour=(30, 28, 26), edge=theme.GOLD, alpha=250)
        title = theme.text(_("Game log"), 30, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, (self.rect.left + px(24), self.rect.top + px(16)))
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        step = self.line_step()
        first = self.scroll.offset // step
        y = self.scroll.rect.top - self.scroll.offset % step
        for line in self._wrapped[first:]:
            if y > self.scroll.rect.bottom:
                break
            surface.blit(theme.text(line, 18, theme.TEXT), (self.scroll.rect.left, y))
            y += step
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        self.close.draw(surface)
        self.keys.draw(surface)
