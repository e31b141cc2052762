"""The Stupéfix table scene: seats around the table, the live wand phase, the secret choices and the reveal.

What the screen shows: with one person at the screen, that person's own cards face up; with several, the table
is public (every spell card face down) except while one person makes a secret choice behind the privacy screen
(the spell, cast or Protego, the Stupéfix of a Cours Particuliers). Undo takes back a person's own last command
when the rules allow it (``StupefixSession.can_undo``); a secret choice only on its maker's own screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, TakeReward, TakeStupefix
from tabletop.games.stupefix.view import StupefixView
from tabletop.play.session import Applied, GameSession
from tabletop.ui.input import MOUSE, PointerEvent
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.stupefix import painter
from tabletop.ui.tables.stupefix.layout import Layout, compute
from tabletop.ui.tables.stupefix.live import Live
from tabletop.ui.tables.stupefix.panels import Panel, panel_kind
from tabletop.ui.tables.stupefix.results import tallies
from tabletop.ui.tables.stupefix.session import StupefixSession
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button

HOVER_HELP = 0.45  # seconds a mouse rests on a French name before its meaning shows
OBSERVE = 1.6  # phase 4: "après quelques secondes d'observation"
REVEAL_COUNT = 1.5  # the Chouchou's second "1, 2, 3" before everyone casts
REVEAL_SHOW = 2.0


@dataclass
class WandDrag:
    seat: int
    pos: tuple[int, int]


@dataclass
class Flight:
    """A card or token travelling across the table."""

    kind: str  # a reward kind, "retard" or "points"
    start: tuple[int, int]
    end: tuple[int, int]
    elapsed: float
    duration: float

    def pos(self) -> tuple[int, int]:
        t = max(0.0, min(1.0, self.elapsed / self.duration)) if self.duration > 0 else 1.0
        k = 1 - (1 - t) ** 3
        arc = -4 * t * (1 - t) * px(40)
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k + arc),
        )


@dataclass
class Reveal:
    """Phases 4-5 shown: "1, 2, 3", then every spell at once (cards turn, bolts fly, flags fall)."""

    before: StupefixView  # the table as it was while everyone decided
    casts: tuple[str, ...]
    targets: tuple[int | None, ...]
    hits: tuple[int, ...]
    elapsed: float = 0.0
    count: float = REVEAL_COUNT
    show: float = REVEAL_SHOW
    sounded: bool = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.count + self.show

    def counting(self) -> str | None:
        if self.elapsed >= self.count:
            return None
        return str(1 + int(3 * self.elapsed / self.count)) if self.count > 0 else None

    def progress(self) -> float:
        """0 before the spells fly, 1 when they have landed."""
        if self.elapsed < self.count:
            return 0.0
        return min(1.0, (self.elapsed - self.count) / max(0.01, self.show * 0.5))


@dataclass
class Toast:
    text: str
    until: float
    lines: list[str] = field(default_factory=list)


class StupefixTable(GameTable):
    """Stupéfix shows one public table to everyone; a person's secret choices (the spell, cast or Protego) are
    made on their own private screen (``private_seat``), so it keeps its own privacy flow instead of the shared
    one-seat-on-screen rule."""

    name = "stupefix-table"
    game_id = "stupefix"
    tallies = staticmethod(tallies)

    def __init__(self, app, session: GameSession) -> None:
        assert isinstance(session, StupefixSession)  # (the table package's session_type)
        super().__init__(app, session)
        self.humans = tuple(self.session.humans())
        self.private_seat: int | None = self.humans[0] if len(self.humans) == 1 else None
        if self.private_seat is not None:
            self.session.hand_over(self.private_seat)
        self.view: StupefixView = self._view()
        self.layout: Layout = compute(app.screen.get_size(), self.view.players)
        self.live: Live | None = None
        self.together = self._touchscreen() or len(self.humans) <= 1
        self.wand_drags: dict[int, WandDrag] = {}
        self.selected_wand: int | None = None
        self.reveal: Reveal | None = None
        self.flights: list[Flight] = []
        self.toast: Toast | None = None
        self.panel: Panel | None = None
        self.panel_key: tuple | None = None
        self.observe_until = 0.0
        self.last_phase = self.view.phase
        self.hover: tuple[str | None, float] = (None, 0.0)
        self.long_press_term: str | None = None
        self.glossary: list[tuple[pygame.Rect, str]] = []
        self.reward_hits: list[tuple[pygame.Rect, str]] = []
        self.buttons = [
            Button("Log", self.open_log, size=18),
            Button("Undo", self.undo, size=18),
            Button("Rules", lambda: self.app.go.rules("stupefix"), size=18),
            Button("Menu", self.open_pause, size=18),
        ]
        self.buttons[1].enabled = False
        self._layout_buttons()

    # --- scene hooks ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute(size, self.view.players)
        self._layout_buttons()
        if self.panel is not None:
            self.panel.layout(self.layout.centre)

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hidden = False
            self.panel.layout(self.layout.centre)
            return
        if self.selected_wand is not None:
            self.selected_wand = None
            return
        self.open_pause()

    def _layout_buttons(self) -> None:
        for button, rect in zip(self.buttons, self.layout.buttons, strict=True):
            button.rect = rect

    @staticmethod
    def _touchscreen() -> bool:
        try:
            from pygame._sdl2 import touch

            return touch.get_num_devices() > 0
        except (ImportError, pygame.error, AttributeError):
            return False

    # --- what is shown ----------------------------------------------------------------------------------------
    def _view(self) -> StupefixView:
        seat = self.private_seat if self.private_seat is not None else self.session.viewer
        return self.session.game.view(self.session.match.state, seat)

    @property
    def secrets_of(self) -> int | None:
        """The seat whose secrets the screen may show now (None: a public table)."""
        return self.private_seat

    def names(self) -> list[str]:
        return self.session.names()

    def refresh(self) -> None:
        self.view = self._view()
        view = self.view
        if view.phase != self.last_phase:
            if view.phase == "cast":
                self.observe_until = self.app.now + OBSERVE
            self.last_phase = view.phase
        chooser = self._chooser_view(view)
        kind = panel_kind(chooser) if self._may_choose(chooser.seat) else None
        if kind == "cast" and self.app.now < self.observe_until:
            kind = None
        key = (kind, chooser.seat, view.round, len(self.session.match.log)) if kind else None
        if key != self.panel_key:
            self.panel_key = key
            self.panel = Panel(kind, chooser, self.names(), self.layout.centre) if kind else None
        elif self.panel is not None:
            self.panel.view = chooser

    def _chooser_view(self, view: StupefixView) -> StupefixView:
        """The view to choose with: the table's own, or, for a public Retourneur de Temps choice, that of the
        person who must make it (any person at the screen may act in the open)."""
        if view.phase != "draft" or not view.tasks or self.private_seat is not None:
            return view
        kind, seat = view.tasks[-1]
        if kind != "retourneur" or seat == view.seat or not self.session.is_human(seat):
            return view
        return self.session.game.view(self.session.match.state, seat)

    def _may_choose(self, seat: int) -> bool:
        """Whether the person of ``seat`` may make their choice on this screen now."""
        if not self.session.is_human(seat) or seat not in self.view.to_act:
            return False
        if self.session.secret_choice():
            return self.private_seat == seat
        return True

    # --- events from the session -------------------------------------------------------------------------------
    def on_applied(self, applied: Applied) -> None:
        for event in applied.events:
            if not event.visible_to(None):
                continue
            self._animate(event)
        mine = not applied.by_bot and applied.command.seat == self.private_seat
        secret = isinstance(applied.command, (PrepareSpell, CastSpell, TakeStupefix))
        if secret and mine and len(self.humans) > 1:
            self.private_seat = None  # the choice is made: the screen is public again
        self.refresh()

    def _animate(self, event: Event) -> None:
        speed = self.app.settings.animation_factor
        if isinstance(event, ev.WandPointed):
            self.app.play("place")
        elif isinstance(event, ev.SpellsRevealed):
            frozen = self.view
            count, show = (REVEAL_COUNT / speed, REVEAL_SHOW / speed) if speed else (0.0, 0.0)
            self.reveal = Reveal(frozen, event.casts, event.targets, event.hits, count=count, show=show)
            self.wand_drags.clear()
        elif isinstance(event, ev.RewardsRevealed):
            self.app.play("deal")
        elif isinstance(event, ev.RewardTaken):
            self.app.play("take")
            start = painter.reward_spot(self, event.reward)
            self._fly(event.reward, start, self.layout.seats[event.seat].rect.center)
        elif isinstance(event, ev.FlagDown) and event.retard:
            for _ in range(event.retard):
                self._fly("retard", self.layout.reserve.center, self.layout.seats[event.seat].rect.center)
        elif isinstance(event, ev.RetardReturned):
            self._fly("retard", self.layout.seats[event.owner].rect.center, self.layout.reserve.center)
        elif isinstance(event, ev.RoundEnded):
            self.app.play("reward")
            lines = [f"{house} +{points}" for house, points in event.house_points]
            self.toast = Toast(f"End of round {event.round}: Points into the urns", self.app.now + 2.6, lines)
        elif isinstance(event, ev.GameEnded):
            self.app.play("end")

    def _fly(self, kind: str, start: tuple[int, int], end: tuple[int, int]) -> None:
        speed = self.app.settings.animation_factor
        if not speed:
            return
        delay = -0.08 * sum(1 for f in self.flights if f.elapsed < 0.1)
        self.flights.append(Flight(kind, start, end, delay, 0.55 / speed))

    # --- every frame ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        now = self.app.now
        self.buttons[1].enabled = self.can_undo()
        for flight in list(self.flights):
            flight.elapsed += dt
            if flight.elapsed >= flight.duration:
                self.flights.remove(flight)
        if self.toast is not None and now > self.toast.until:
            self.toast = None
        if self.reveal is not None:
            self.reveal.elapsed += dt
            if not self.reveal.sounded and self.reveal.counting() is None:
                self.reveal.sounded = True
                self.app.play("spell")
            if self.reveal.done:
                self.reveal = None
                self.refresh()
            return
        if self.panel is not None and self.panel.chosen is not None:
            chosen, self.panel.chosen = self.panel.chosen, None
            self.submit(chosen)
        if self.panel is None and self.view.phase == "cast" and now >= self.observe_until:
            self.refresh()
        self._drive()

    def _drive(self) -> None:
        session, now = self.session, self.app.now
        for notice in session.take_notices():
            self.say(notice, error=True)
        if session.match.result() is not None:
            if self.results_at is None:
                self.results_at = now + 1.2
            elif now >= self.results_at and not self.flights:
                self.show_results()
            return
        phase = session.phase
        if phase == "target":
            self._drive_live()
            return
        self.live = None
        if self.wand_drags and phase != "cast":
            self.wand_drags.clear()
        if phase == "cast" and now < self.observe_until:
            return
        if session.secret_choice() and len(self.humans) > 1:
            chooser = session.private_chooser()
            if chooser is not None and self.private_seat != chooser:
                self._pass_screen(chooser)
                return
        session.update_bots(now, self.app.settings.bot_delay)

    def _pass_screen(self, seat: int) -> None:
        self.private_seat = None
        self.refresh()
        self.wand_drags.clear()
        self.app.go.privacy(self.session, seat, lambda: self._private_ready(seat))

    def _private_ready(self, seat: int) -> None:
        self.private_seat = seat
        self.refresh()
        self.app.play("turn")

    # --- the live phase ---------------------------------------------------------------------------------------
    def _drive_live(self) -> None:
        session, now = self.session, self.app.now
        state = session.match.state
        pointed = tuple(state.pointed)
        if self.live is None or self.live.round != state.round:
            self.live = Live(state.round, state.players, self.humans, state.chouchou, self.together, session.match.seed)
            self.live.start(now, pointed)
            self.wand_drags.clear()
            self.selected_wand = None
        live = self.live
        if live.seen and now - live.seen > 0.25:
            live.shift(now - live.seen)  # the table was covered: the count did not run meanwhile
        live.seen = now
        session.poll_live_bot(self.app.now)
        if session.phase != "target":
            return
        pointed = tuple(state.pointed)
        for seat in live.expired(now):
            if not pointed[seat]:
                self._too_late(seat)
        if session.phase != "target":
            return
        pointed = tuple(state.pointed)
        due = live.due_bots(now, pointed)
        if live.together and live.countdown is not None and now >= live.countdown.deadline():
            live.countdown = None
        if live.together and live.countdown is None:
            due += [s for s in range(state.players) if s not in self.humans and not pointed[s] and s not in due]
        for seat in due:
            if seat in live.asked and session.live_question is None and not pointed[seat]:
                live.asked.discard(seat)  # its answer was dropped: ask again
            if seat not in live.asked and session.ask_live_bot(seat, self.app.now):
                live.asked.add(seat)
        if not live.together and (live.current is None or pointed[live.current]):
            live.next_turn(now, pointed, self.names())

    def _too_late(self, seat: int) -> None:
        """At "three": a wand held over an adversary counts, otherwise nobody is targeted."""
        target = None
        for pointer, drag in list(self.wand_drags.items()):
            if drag.seat == seat:
                target = self.target_at(seat, drag.pos)
                del self.wand_drags[pointer]
        if self.selected_wand == seat:
            self.selected_wand = None
        self.submit(PointWand(seat, target), quiet=True)
        if target is None:
            self.say(f"{self.names()[seat]} is too late: their wand points at nobody this round.")

    def can_point(self, seat: int) -> bool:
        if self.live is None or self.session.phase != "target" or self.reveal is not None:
            return False
        return self.live.can_point(seat, tuple(self.session.match.state.pointed))

    def wand_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose wand is under ``pos`` (its wand, or the person's own mat near it)."""
        best, best_d = None, px(30)
        for seat in range(self.view.players):
            (x0, y0), (x1, y1) = painter.wand_segment(self, seat)
            d = _distance_to_segment(pos, (x0, y0), (x1, y1))
            if d < best_d:
                best, best_d = seat, d
        return best

    def target_at(self, seat: int, pos: tuple[int, int]) -> int | None:
        """The adversary whose place ``pos`` is over (None: nobody there, or a teammate)."""
        for other, spot in enumerate(self.layout.seats):
            if spot.rect.inflate(px(16), px(16)).collidepoint(pos) and self.view.adversary(seat, other):
                return other
        return None

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for seat, spot in enumerate(self.layout.seats):
            if spot.rect.collidepoint(pos):
                return seat
        return None

    # --- commands -------------------------------------------------------------------------------------------
    def submit(self, command: Command, quiet: bool = False) -> bool:
        reason = self.session.submit(command)
        if reason:
            if not quiet:
                self.say(reason, error=True)
            return False
        return True

    def can_undo(self) -> bool:
        """Whether the Undo button may take back the last command now."""
        session = self.session
        if self.reveal is not None or not session.can_undo():
            return False
        last = session.match.log[-1]
        if isinstance(last, (PrepareSpell, CastSpell, TakeStupefix)):
            return self.private_seat == last.seat  # a secret choice: only on its maker's own screen
        return True

    def undo(self) -> None:
        if not self.can_undo():
            self.say("That cannot be taken back now.", error=True)
            return
        command = self.session.undo()
        if command is None:
            return
        self.wand_drags.clear()
        self.selected_wand = None
        self.flights.clear()
        self.panel_key = None
        self.refresh()
        self.say(f"{self.names()[command.seat]}'s last move was taken back.")

    def open_log(self) -> None:
        self.app.go.log(self.session, self.private_seat if self.private_seat is not None else -1)

    # --- input ------------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> None:
        pid = event.pointer.id
        if event.pointer.finger and not self.together and event.kind == "down":
            self.together = True
            if self.live is not None:
                self.live.switch_to_together(self.app.now, tuple(self.session.match.state.pointed))
        if pid in self.wand_drags:
            self._wand_drag_event(event)
            return
        if event.kind == "move" and pid == MOUSE and not event.pointer.dragging:
            term = self.term_at(event.pos)
            if term != self.hover[0]:
                self.hover = (term, self.app.now)
        if event.kind == "long_press":
            self.long_press_term = self.term_at(event.pos)
            return
        if event.kind == "up" and self.long_press_term is not None:
            self.long_press_term = None
            return
        if self.reveal is not None:
            for button in self.buttons:
                button.pointer(event)
            return
        if event.kind == "down" and self._grab_wand(event):
            return
        if self.panel is not None and self.panel.pointer(event):
            return
        for button in self.buttons:
            if button.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                return
        if event.kind == "tap":
            self._tap(event.pos)

    def _grab_wand(self, event: PointerEvent) -> bool:
        seat = self.wand_at(event.pos)
        if seat is None:
            return False
        if self.can_point(seat) or self._may_protego(seat):
            if any(drag.seat == seat for drag in self.wand_drags.values()):
                return True  # one hand per wand
            self.wand_drags[event.pointer.id] = WandDrag(seat, event.pos)
            return True
        return False

    def _may_protego(self, seat: int) -> bool:
        return (
            self.view.phase == "cast"
            and self.panel is not None
            and self.panel.kind == "cast"
            and (self.panel.view.seat == seat)
        )

    def _wand_drag_event(self, event: PointerEvent) -> None:
        pid = event.pointer.id
        drag = self.wand_drags[pid]
        if event.kind in ("move", "drag_start"):
            drag.pos = event.pos
            return
        if event.kind == "tap":
            return
        if event.kind != "up":
            return
        del self.wand_drags[pid]
        seat = drag.seat
        if not event.pointer.dragging and not event.pointer.long_pressed:
            # A tap on the wand: tap-then-tap pointing, when one person at a time points.
            if self.can_point(seat):
                self.selected_wand = None if self.selected_wand == seat else seat
            return
        if self.view.phase == "cast":
            if self.seat_at(event.pos) == seat:
                self.submit(CastSpell(seat, True))
            else:
                self.say("For Protego, bring your wand back onto your own seat, or press Protego.")
            return
        target = self.target_at(seat, event.pos)
        if target is not None and self.can_point(seat):
            self.submit(PointWand(seat, target))
            return
        over = self.seat_at(event.pos)
        if over is not None and over != seat and not self.view.adversary(seat, over):
            self.say("Never at a teammate: point at a wizard of another house.", error=True)
        elif over == seat:
            self.say("Protego comes later, in phase 4: now point at an adversary.")
        else:
            self.say("Drop the wand on an adversary's place.")

    def _tap(self, pos: tuple[int, int]) -> None:
        if self.selected_wand is not None:
            seat = self.selected_wand
            target = self.target_at(seat, pos)
            if target is not None and self.can_point(seat):
                self.selected_wand = None
                self.submit(PointWand(seat, target))
                return
        kind = self.reward_at(pos)
        if kind is not None:
            drafter = self.view.drafter()
            if drafter is not None and self.session.is_human(drafter) and not self.view.tasks:
                self.submit(TakeReward(drafter, kind))
            elif self.view.phase == "draft":
                self.say(
                    "Rewards are taken in turn by the standing flags."
                    if drafter is None or self.session.is_human(drafter)
                    else f"{self.names()[drafter]} is choosing."
                )
            return

    def reward_at(self, pos: tuple[int, int]) -> str | None:
        for rect, kind in reversed(self.reward_hits):
            if rect.collidepoint(pos):
                return kind
        return None

    def term_at(self, pos: tuple[int, int]) -> str | None:
        for rect, term in reversed(self.glossary):
            if rect.collidepoint(pos):
                return term
        return None

    def help_term(self) -> str | None:
        if self.long_press_term is not None:
            return self.long_press_term
        term, since = self.hover
        if term is not None and self.app.now - since >= HOVER_HELP and not self.wand_drags:
            return term
        return None

    # --- tests and demos ----------------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person makes for ``command`` on the table as drawn now (tests post them)."""
        if self.panel is not None and not isinstance(command, (PointWand, TakeReward)):
            return [("tap", pos) for pos in self.panel.gesture(command)]
        if isinstance(command, PointWand):
            start = painter.wand_grip(self, command.seat)
            if command.target is None:
                raise AssertionError("pointing at nobody is letting the countdown run out")
            return [("drag", start, self.layout.seats[command.target].rect.center)]
        if isinstance(command, TakeReward):
            for rect, kind in self.reward_hits:
                if kind == command.reward:
                    return [("tap", rect.center)]
            raise AssertionError(f"{command.reward} is not drawn")
        raise AssertionError(f"no gesture for {command}")

    # --- drawing --------------------------------------------------------------------------------------------
    def covering(self) -> bool:
        return False  # the table itself is public; private choices come behind their own screen

    def draw_table(self, surface: pygame.Surface) -> None:
        painter.draw_table(self, surface)


def _distance_to_segment(p: tuple[int, int], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))
