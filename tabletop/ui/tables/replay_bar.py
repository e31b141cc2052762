"""The replay viewer's controls, over a game's own table: play and pause at the Settings speeds, a move back or
forward, the previous or next round (or year), the timeline to scrub with a tick where each round begins,
whose view is shown (once the game is over, also every card open: each seat's secrets listed in a column beside
the table, ``open_hands.py``), and a caption of the last move as the log tells it to that seat.

The bar drives a ``Watching`` session; the table draws each step as in play: a step forward is animated like
the move it was, a jump is shown as it lies.

By keys: Space plays or pauses, Left and Right step one move, Home and End go to the start and the end, Page Up
and Page Down to the previous and next round, H hides the bar. Tab walks the table's focus over the bar's buttons,
pickers and timeline: on a picker Left and Right turn it, everywhere else they step the replay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from tabletop.i18n import N_
from tabletop.i18n import gettext as _
from tabletop.play.replay import Watching
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import AppLike
from tabletop.ui.settings import BOT_DELAYS
from tabletop.ui.tables.open_hands import OpenHandsPanel
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, Slider, Widget, dispatch

SPEEDS = tuple(BOT_DELAYS)  # the pause between two moves, as the bots' speed in Settings
ICONS = ("first", "back", "play", "forward", "last")
OPEN_HANDS = N_("Every card open")  # the seat choice's last entry once a game is over
PLAY_FROM_HERE = N_("Play from here")  # the table bar's Undo in a replay (GameTable.label_bar)
TIMELINE_LEAST = 200  # the timeline's least width (at scale 1) while the pickers and the count can give room


class Table(Protocol):
    """What the bar uses of the table it sits on."""

    app: AppLike

    def busy(self) -> bool: ...
    def show_as_it_lies(self) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...


class ReplayBar:
    def __init__(self, table: Table, session: Watching, close: Callable[[], None]) -> None:
        self.table = table
        self.app = table.app
        self.session = session
        self.replay = session.replay
        self.playing = False
        self.next_at = 0.0
        self.hidden = False
        self.close_button = Button(_("Close"), close, size=18)
        self.hide_button = Button(_("Hide"), self.toggle_hidden, size=16)
        self.transport = {
            "first": Button("", self.previous_round, size=18),
            "back": Button("", self.back, size=18),
            "play": Button("", self.toggle_play, size=18, primary=True),
            "forward": Button("", self.forward, size=18),
            "last": Button("", self.next_round, size=18),
        }
        self.seats = self.replay.watchable_seats()
        # Once the game is over (never before: a replay then shows only what each person saw), every card open.
        self.open_hands: OpenHandsPanel | None = OpenHandsPanel(session) if self.replay.open_hands_offered else None
        self.all_open = False
        self.seat_choice = Choice([], self.seats.index(session.viewer), self.seat_chosen, size=17)
        speed = self.app.settings.bot_speed
        self.speed_choice = Choice([], SPEEDS.index(speed) if speed in SPEEDS else 1, size=17)
        self.label()
        self.timeline = Slider(0.0, self.scrubbed)
        self.rect = self.strip = self.caption_rect = pygame.Rect(0, 0, 1, 1)
        self.label_room = 1  # the move's count and round under the timeline's right end (``layout``)
        self._caption_key: tuple[int, int, int] | None = None
        self._caption: list[str] = []
        self.layout(self.app.screen.get_size())

    # --- layout ------------------------------------------------------------------------------------------------
    def label(self) -> None:
        """The bar's words in the language of the moment (a change in Settings shows at the next frame)."""
        self.close_button.label = _("Close")
        self.hide_button.label = _("Show the replay's controls") if self.hidden else _("Hide")
        names = self.session.names()
        shown = [names[seat] for seat in self.seats]
        self.seat_choice.options = shown + ([_(OPEN_HANDS)] if self.open_hands is not None else [])
        self.speed_choice.options = [_(speed) for speed in SPEEDS]

    def relabel(self) -> None:
        """The language changed (the table's ``relabel``): the words again with the pickers fitted to them, and
        the caption and the open hands, each kept for its step, told again."""
        self._caption_key = None
        if self.open_hands is not None:
            self.open_hands.relabel()
        self.layout(self.app.screen.get_size())

    @property
    def height(self) -> int:
        """The strip the bar takes at the window's foot (the table lays itself out above it)."""
        return px(36) if self.hidden else px(108)

    @property
    def side(self) -> int:
        """The column the open hands take at the window's right (the table lays itself out left of it)."""
        if self.open_hands is None or not self.all_open or self.hidden:
            return 0
        return OpenHandsPanel.width_for(self.app.screen.get_size())

    def layout(self, size: tuple[int, int]) -> None:
        """The strip's controls, each as wide as its words need in the language shown (the timeline takes the
        rest)."""
        self.label()
        w, h = size
        self.strip = pygame.Rect(0, h - self.height, w, self.height)
        if self.open_hands is not None:
            self.open_hands.layout(pygame.Rect(w - self.side, 0, self.side, h - self.height))
        self.caption_rect = pygame.Rect(px(12), self.strip.top + px(6), w - px(24), px(40))
        self.rect = pygame.Rect(px(8), self.strip.bottom - px(58), w - px(16), px(52))
        y, bh = self.rect.top + px(5), self.rect.height - px(10)
        x = self.rect.left + px(8)
        self.close_button.rect = pygame.Rect(x, y, _fitted(self.close_button, px(74)), bh)
        x = self.close_button.rect.right + px(10)
        for name in ICONS:
            self.transport[name].rect = pygame.Rect(x, y, px(46), bh)
            x += px(50)
        right = self.rect.right - px(10)
        hide_w = _fitted(self.hide_button, px(58))
        self.hide_button.rect = pygame.Rect(right - hide_w, y, hide_w, bh)
        speed_w = _choice_width(self.speed_choice, bh, px(142), px(210))
        seat_w = _choice_width(self.seat_choice, bh, px(210), px(300))
        label_room = px(150)  # "Move 120 of 356" and the round under the timeline's right end
        # A narrow window, a large interface or long words: the pickers (their words then fitted) and the move's
        # count give up room, down to their least, before the timeline gets too short to scrub.
        short = px(TIMELINE_LEAST) - (self.hide_button.rect.left - px(44) - speed_w - seat_w - label_room - x)
        if short > 0:
            seat_w, short = _given_up(seat_w, px(160), short)
            speed_w, short = _given_up(speed_w, px(120), short)
            label_room, short = _given_up(label_room, px(110), short)
        self.label_room = label_room
        self.speed_choice.rect = pygame.Rect(self.hide_button.rect.left - px(8) - speed_w, y, speed_w, bh)
        self.seat_choice.rect = pygame.Rect(self.speed_choice.rect.left - px(8) - seat_w, y, seat_w, bh)
        self.timeline.rect = pygame.Rect(x + px(14), y, self.seat_choice.rect.left - x - px(28) - label_room, bh)
        if self.hidden:
            hide_w = _fitted(self.hide_button, px(92))
            height = self.strip.height - px(6)
            self.hide_button.rect = pygame.Rect(w - px(8) - hide_w, self.strip.top + px(3), hide_w, height)

    def widgets(self) -> list[Widget]:
        if self.hidden:
            return [self.hide_button]
        return [
            self.close_button,
            *self.transport.values(),
            self.seat_choice,
            self.speed_choice,
            self.hide_button,
            self.timeline,
        ]

    # --- moving through the game ---------------------------------------------------------------------------
    def seek(self, step: int) -> None:
        if step == self.session.step:
            return
        self.session.seek(step)
        self.table.show_as_it_lies()

    def back(self) -> None:
        self.playing = False
        self.seek(self.session.step - 1)

    def forward(self) -> None:
        """One step on; the step still being told (a count to three, a reveal) lands at once: it was queued
        behind, and the table ran seconds behind the move the bar named."""
        self.playing = False
        if self.table.busy():
            self.table.show_as_it_lies()
        self.session.forward()

    def previous_round(self) -> None:
        """To the start of this round, or of the one before when already there."""
        self.playing = False
        step = self.session.step
        earlier = [mark.step for mark in self.replay.marks if mark.step < step]
        self.seek(earlier[-1] if earlier else 0)

    def next_round(self) -> None:
        self.playing = False
        later = [mark.step for mark in self.replay.marks if mark.step > self.session.step]
        self.seek(later[0] if later else self.replay.length)

    def toggle_play(self) -> None:
        if self.session.step >= self.replay.length:
            self.seek(0)  # at the end, Play watches it again from the start
        self.playing = not self.playing
        self.next_at = self.app.now

    def scrubbed(self, value: float) -> None:
        self.playing = False
        self.seek(round(value * self.replay.length))

    def toggle_hidden(self) -> None:
        self.hidden = not self.hidden
        self.layout(self.app.screen.get_size())
        self.table.resize(self.app.screen.get_size())  # the table takes the room the bar gives up, or gives it back

    def seat_chosen(self, index: int) -> None:
        if index == len(self.seats):  # every card open, beside the view already shown
            self.show_open_hands(True)
            return
        self.show_open_hands(False)
        seat = self.seats[index]
        if seat == self.session.viewer:
            return
        self.playing = False
        if self.session.needs_privacy(seat):
            self.app.go.privacy(self.session, seat, self.table.show_as_it_lies)
        else:
            self.session.watch(seat)
            self.table.show_as_it_lies()

    def show_open_hands(self, shown: bool) -> None:
        """Show or put away every card open; the table gives the column its room, or takes it back."""
        if self.open_hands is None or shown == self.all_open:
            return
        self.all_open = shown
        self.layout(self.app.screen.get_size())
        self.table.resize(self.app.screen.get_size())

    @property
    def delay(self) -> float:
        return BOT_DELAYS[SPEEDS[self.speed_choice.index]]

    def rushing(self) -> bool:
        """Playing on at Instant with animations off: a move a frame, nothing shown one by one (``hushed``)."""
        return self.playing and self.delay == 0 and self.app.settings.animation_factor == 0

    def update(self) -> None:
        """Once a frame: while playing, the next move once the table is still and the pause has passed."""
        if self.session.shown_to is None:  # not yet handed to the person whose view it shows
            self.app.go.privacy(self.session, self.session.viewer, self.table.show_as_it_lies)
            return
        if self.all_open:
            self.seat_choice.index = len(self.seats)
        else:
            self.seat_choice.index = self.seats.index(self.session.viewer) if self.session.viewer in self.seats else 0
        if self.replay.length:
            self.timeline.value = self.session.step / self.replay.length
        if not self.playing or self.table.busy():
            if self.table.busy():
                self.next_at = self.app.now + self.delay
            return
        if self.app.now < self.next_at:
            return
        if not self.session.forward():
            self.playing = False
        self.next_at = self.app.now + self.delay

    # --- input ---------------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> bool:
        """True when the bar took the event (a tap on the bar or the open hands never reaches the table)."""
        if dispatch(self.widgets(), event, lambda: self.app.play("click")):
            return True
        if self.side and self.open_hands is not None and self.open_hands.pointer(event):
            return True
        return self.strip.collidepoint(event.pos) or self.timeline.dragging

    def key(self, event: pygame.event.Event, focused: object = None) -> bool:
        """The replay's own keys; True when one was taken. ``focused``: what the table's focus ring rests on (None
        while it is not shown): Left and Right on a picker are left to the focus, which turns it; Enter on the
        timeline plays or pauses, as Space does (a tap at its middle would jump there)."""
        if event.type != pygame.KEYDOWN:
            return False
        if isinstance(focused, Choice) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return False
        if focused is self.timeline and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.toggle_play()
            return True
        actions = {
            pygame.K_SPACE: self.toggle_play,
            pygame.K_LEFT: self.back,
            pygame.K_RIGHT: self.forward,
            pygame.K_PAGEUP: self.previous_round,
            pygame.K_PAGEDOWN: self.next_round,
            pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: lambda: self.seek(self.replay.length),
            pygame.K_h: self.toggle_hidden,
        }
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    # --- drawing ---------------------------------------------------------------------------------------------------
    def caption(self) -> str:
        """What the last move did, as the log tells it to the seat on screen."""
        step, viewer = self.session.step, self.session.viewer
        if step == 0:
            return _("The start of the game. Press Play, or step through it move by move.")
        names = self.session.names()
        lines = [
            self.session.game.describe(event, names)
            for event in self.replay.history[step - 1]
            if event.visible_to(viewer)
        ]
        lines = [line for line in lines if line]
        if not lines:
            return _("{name} made a move only they could see.").format(name=names[self.replay.log[step - 1].seat])
        return " ".join(lines)

    def caption_lines(self) -> list[str]:
        """The caption wrapped to the bar's two lines (the side log and the Log tell the rest)."""
        key = (self.session.step, self.session.viewer, self.caption_rect.width)
        if key != self._caption_key:
            self._caption_key = key
            lines = theme.wrap(self.caption(), 15, self.caption_rect.width)
            if len(lines) > 2:  # (the room the words after the start take: px(180) was short in French, Large text)
                more = theme.text(_("{start} ... (see the Log)").format(start=""), 15).get_width()
                start = theme.wrap(lines[1], 15, self.caption_rect.width - more)[0]
                lines = [lines[0], _("{start} ... (see the Log)").format(start=start)]
            self._caption = lines
        return self._caption

    def draw(self, surface: pygame.Surface) -> None:
        self.label()
        if self.side and self.open_hands is not None:
            w, h = surface.get_size()
            if self.open_hands.rect != (w - self.side, 0, self.side, h - self.height):
                self.layout((w, h))
            self.open_hands.draw(surface)
        pygame.draw.rect(surface, (16, 14, 12), self.strip)
        pygame.draw.line(surface, theme.GOLD, self.strip.topleft, self.strip.topright, max(1, px(2)))
        if self.hidden:
            theme.write(surface, _("Replay"), 16, theme.GOLD_LIGHT, True, midleft=(px(14), self.strip.centery))
            self.hide_button.draw(surface)
            return
        line_height = round(theme.font_px(15) * 1.25)
        for index, line in enumerate(self.caption_lines()):
            theme.write(
                surface,
                line,
                15,
                theme.TEXT,
                topleft=(self.caption_rect.left, self.caption_rect.top + index * line_height),
            )
        theme.panel(surface, self.rect, edge=theme.GOLD, alpha=240)
        for widget in self.widgets():
            widget.draw(surface)
        for name, button in self.transport.items():
            _icon(surface, name if name != "play" or not self.playing else "pause", button.rect)
        self._ticks(surface)
        step, length = self.session.step, self.replay.length
        right = self.seat_choice.rect.left - px(14)
        moves = theme.text(_("Move {step} of {count}").format(step=step, count=length), 15, theme.TEXT, True)
        moves = theme.fit_width(moves, self.label_room)
        surface.blit(moves, moves.get_rect(topright=(right, self.rect.top + px(5))))
        finished = step == length and self.replay.finished
        where = _("Game over") if finished else self.replay.mark_at(step).label.words()
        where_label = theme.fit_width(theme.text(where, 14, theme.GOLD_LIGHT), self.label_room)
        surface.blit(where_label, where_label.get_rect(topright=(right, self.rect.top + px(27))))

    def _ticks(self, surface: pygame.Surface) -> None:
        """A tick on the timeline where each round (or year) begins."""
        track = self.timeline.rect
        length = max(1, self.replay.length)
        for mark in self.replay.marks[1:]:
            x = track.left + round(track.width * mark.step / length)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, track.centery - px(12)), (x, track.centery - px(6)), px(2))


def _fitted(button: Button, least: int) -> int:
    """A button's width: ``least``, or its label's width with a margin when that is wider."""
    return max(least, theme.text(button.label, button.size, bold=True).get_width() + px(24))


def _given_up(width: int, least: int, short: int) -> tuple[int, int]:
    """``width`` less what it can give of ``short`` without going under ``least``; and what is still short."""
    given = max(0, min(short, width - least))
    return width - given, short - given


def _choice_width(choice: Choice, height: int, least: int, most: int) -> int:
    """A picker's width: room for its widest option between its two arrows (each as wide as it is high)."""
    widest = max((theme.text(option, choice.size, bold=True).get_width() for option in choice.options), default=0)
    return min(most, max(least, widest + 2 * height + px(8)))


def _icon(surface: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    """The transport buttons' signs, drawn (the app's font has no arrows)."""
    cx, cy, s = rect.centerx, rect.centery, px(8)
    colour = theme.INK if name in ("play", "pause") else theme.TEXT

    def triangle(x: int, pointing: int) -> None:
        back, tip = x - s * pointing, x + s * pointing
        pygame.draw.polygon(surface, colour, [(back, cy - s), (back, cy + s), (tip, cy)])

    if name == "play":
        triangle(cx + px(1), 1)
    elif name == "pause":
        for dx in (-px(5), px(5)):
            pygame.draw.rect(surface, colour, (cx + dx - px(2), cy - s, px(5), 2 * s))
    elif name == "back":
        triangle(cx, -1)
    elif name == "forward":
        triangle(cx, 1)
    elif name == "first":
        triangle(cx + px(3), -1)
        pygame.draw.rect(surface, colour, (cx - s - px(3), cy - s, px(3), 2 * s))
    elif name == "last":
        triangle(cx - px(3), 1)
        pygame.draw.rect(surface, colour, (cx + s + px(1), cy - s, px(3), 2 * s))
