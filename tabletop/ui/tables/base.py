"""What every game's table does the same way: follow the session, tell messages, keep the side log for the
seat on screen, cover the table while the screen passes between people, let bots play, and end on the results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.ui import theme
from tabletop.ui.scene import Scene
from tabletop.ui.session import Applied, GameSession
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.sprites.stage import Stage

if TYPE_CHECKING:
    from tabletop.ui.scenes.results import ResultsData


class GameTable(Scene):
    """A game's table. Subclasses draw in ``draw_table`` and set ``tallies`` (session -> ResultsData)."""

    game_id = ""
    tallies: Callable[[GameSession], ResultsData]
    results_delay = 1.3  # seconds the final table stays on screen before the results
    message_seconds = 3.5
    recent_batches = 12  # how many past commands the side log tells
    hover_zoom = 0.45  # seconds a mouse rests on a card before it is enlarged

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.view: Any = session.view()
        self.message = ""
        self.message_until = 0.0
        self.message_error = False
        self.recent: list[str] = []
        self.results_at: float | None = None
        self.hover: tuple[str | None, float] = (None, 0.0)  # what the mouse rests on, and since when
        self.long_press_card: str | None = None
        self.stage: Stage | None = None  # tables whose sprites glide set their Stage here
        # A table opened on a game in progress (or just handed over) shows it as it lies, not dealt again.
        self.snap_next_draw = True
        session.listeners.append(self.on_applied)

    # --- hooks ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the session's view again and lay out."""
        self.view = self.session.view()

    def busy(self) -> bool:
        """True while something is still moving: bots and the privacy screen wait for it."""
        return False

    def holding(self) -> bool:
        """True while a person is dragging something."""
        return False

    def clear_selection(self) -> None:
        """Forget a half-made choice (a selected card or token)."""

    def on_applied(self, applied: Applied) -> None:
        self.remember(applied.events)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the table for the seat on screen."""

    # --- scene -----------------------------------------------------------------------------------------------
    def exit(self) -> None:
        if self.on_applied in self.session.listeners:
            self.session.listeners.remove(self.on_applied)

    def on_close(self) -> None:
        self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        if self.covering():
            # The screen is about to pass to another person, or no person has been handed it yet: never draw
            # anyone's secrets meanwhile.
            self.draw_cover(surface)
            return
        self.draw_table(surface)
        if self.snap_next_draw and self.stage is not None:
            self.snap_next_draw = False
            self.stage.snap()

    def zoomed(self) -> str | None:
        """The card shown enlarged: held by a long press, or rested on by the mouse while nothing is dragged."""
        if self.long_press_card is not None:
            return self.long_press_card
        card, since = self.hover
        if card is not None and not self.holding() and self.app.now - since >= self.hover_zoom:
            return card
        return None

    def covering(self) -> bool:
        """True while nothing of any seat may be drawn: people share the screen and it has not been handed to
        the person whose view is up (after Load or Continue, while bots play before anyone's turn), or it is
        about to pass to another person."""
        session = self.session
        if len(session.humans()) > 1 and session.shown_to is None:
            return True
        return session.needs_handover() is not None and session.shown_to != self.view.seat

    def draw_cover(self, surface: pygame.Surface) -> None:
        """The table hidden: a dimmed cloth, and while bots play before the next person's turn, who is playing."""
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        thinking = self.session.bot_thinking
        if thinking is None or self.session.needs_handover() is not None:
            return  # the privacy screen is about to say whom to pass to
        w, h = surface.get_size()
        title = theme.text(f"{self.session.name(thinking)} is playing...", 40, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2)))
        hint = theme.text("The table is hidden until the screen is passed to the next person.", 20, theme.TEXT)
        surface.blit(hint, hint.get_rect(center=(w // 2, h // 2 + title.get_height())))

    # --- messages and the side log ------------------------------------------------------------------------
    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.message_until = self.app.now + self.message_seconds
        self.message_error = error
        if error:
            self.app.play("error")

    def remember(self, events: Iterable[Event]) -> None:
        names = self.session.names()
        for event in events:
            if event.visible_to(self.view.seat):
                line = self.session.game.describe(event, names)
                if line:
                    self.recent.append(line)
        self.recent = self.recent[-60:]

    def recent_wrapped(self, width: int, size: float = 14, count: int = 6) -> list[list[str]]:
        """The last ``count`` log lines wrapped to ``width`` (cached: measuring text is too slow for every frame)."""
        key = (width, size, count, len(self.recent), self.recent[-1] if self.recent else "")
        if getattr(self, "_wrapped_key", None) != key:
            self._wrapped_key = key
            self._wrapped = [theme.wrap(line, size, width) for line in self.recent[-count:]]
        return self._wrapped

    def rebuild_recent(self) -> None:
        """The side log, told to the seat now on screen (never another seat's private lines)."""
        self.recent = []
        match = self.session.match
        if len(match.history) < self.recent_batches:
            self.remember(match.game.opening(match.initial_state()))
        for batch in match.history[-self.recent_batches :]:
            self.remember(batch)

    # --- commands --------------------------------------------------------------------------------------------
    def submit(self, command: Command) -> bool:
        reason = self.session.submit(command)
        self.clear_selection()
        if reason:
            self.say(reason, error=True)
            return False
        return True

    def undo(self) -> None:
        if self.session.undo() is not None:
            self.say("Your last move was taken back.")
            self.refresh()
            self.rebuild_recent()

    def open_log(self) -> None:
        from tabletop.ui.scenes.overlays import LogOverlay

        self.app.scenes.push(LogOverlay(self.app, self.session, self.view.seat))

    def open_pause(self) -> None:
        from tabletop.ui.scenes.overlays import PauseOverlay

        self.app.scenes.push(PauseOverlay(self.app, self.session))

    # --- the session -----------------------------------------------------------------------------------------
    def drive_session(self) -> None:
        """Once a frame: the results at the end, the privacy screen between people, otherwise the bots."""
        session = self.session
        for notice in session.take_notices():
            self.say(notice, error=True)
        if session.match.result() is not None:
            if self.results_at is None:
                self.results_at = self.app.now + self.results_delay
            elif self.app.now >= self.results_at and not self.busy():
                self.show_results()
            return
        seat = session.needs_handover()
        if seat is None and session.viewer != self.view.seat:
            self.after_handover()  # passed on without a privacy screen: nothing was secret
        if seat is not None:
            if not self.busy() and not self.holding():
                from tabletop.ui.scenes.overlays import PrivacyOverlay

                if not isinstance(self.app.scenes.top, PrivacyOverlay):
                    self.clear_selection()
                    self.app.scenes.push(PrivacyOverlay(self.app, session, seat, self.after_handover))
            return
        if not self.busy():
            session.update_bots(self.app.now, self.app.settings.bot_delay)

    def after_handover(self) -> None:
        self.clear_selection()
        self.refresh()
        self.rebuild_recent()
        self.app.play("turn")

    def show_results(self) -> None:
        from tabletop.ui.scenes.results import ResultsScene

        self.results_at = float("inf")
        self.app.scenes.push(ResultsScene(self.app, self.session, type(self).tallies(self.session)))
