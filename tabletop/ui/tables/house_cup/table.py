"""The House Cup table scene: it draws one seat's view and turns drags and taps into commands."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from tabletop.core.protocol import Command
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import CARDS, DAYS
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.house_cup.view import HouseCupView
from tabletop.ui.input import MOUSE, PointerEvent
from tabletop.ui.physics import TokenPile, Toss
from tabletop.ui.session import Applied, GameSession
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup import painter
from tabletop.ui.tables.house_cup.cards import card_height, header_height
from tabletop.ui.tables.house_cup.layout import Layout, cascade, compute
from tabletop.ui.tables.house_cup.panels import ChoicePanel
from tabletop.ui.tables.house_cup.results import tallies
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, dispatch


@dataclass
class Drag:
    pointer: int
    kind: str  # "token" or "card"
    item: int | str  # token value or card id
    grab: tuple[int, int]  # offset from the item's top-left to the pointer
    pos: tuple[int, int]
    size: tuple[int, int]


@dataclass
class Flight:
    """A reward token flying from the supply to a seat."""

    start: tuple[float, float]
    end: tuple[float, float]
    elapsed: float
    duration: float
    to_seat: int

    def pos(self) -> tuple[int, int]:
        t = max(0.0, min(1.0, self.elapsed / self.duration)) if self.duration > 0 else 1.0
        k = 1 - (1 - t) ** 3
        arc = -4 * t * (1 - t) * 60
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k + arc),
        )


class HouseCupTable(GameTable):
    name = "house-cup-table"
    game_id = "house-cup"
    tallies = staticmethod(tallies)

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: HouseCupView = session.view()
        self.layout: Layout = compute(app.screen.get_size(), self.view.seat, len(self.view.houses))
        self.drag: Drag | None = None
        self.selected_token: int | None = None
        self.toss: tuple[Toss, str, int | str, tuple[int, int]] | None = None
        self.panel: ChoicePanel | None = None
        self.panel_key: tuple | None = None
        self.zoom_card: str | None = None
        self.flips: dict[int, float] = {}
        self.flights: list[Flight] = []
        self.last_rects: dict[Hashable, pygame.Rect] = {}
        self.scores: list[int] = []
        self.card_hits: list[tuple[pygame.Rect, str]] = []
        self.supply_pile = TokenPile(self.layout.supply, px(8), seed=1)
        self.my_pile = TokenPile(self.layout.my_rewards, px(11), seed=2)
        self.buttons = [
            Button("Log", self.open_log, size=20),
            Button("Undo", self.undo, size=20),
            Button("Rules", lambda: self.app.open_rules("house-cup"), size=20),
            Button("Menu", self.open_pause, size=20),
        ]

    # --- scene hooks ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.refresh()
        self.supply_pile.sync(self.view.supply, settle=True)
        self.my_pile.sync(self.view.rewards[self.view.seat], settle=True)
        self.rebuild_recent()

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        self.stage.snap()
        self.supply_pile.relayout(self.layout.supply, px(8))
        self.my_pile.relayout(self.layout.my_rewards, px(11))
        if self.panel is not None:
            self.panel.layout(self.panel_area())

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hidden = False
            return
        if self.drag is not None or self.selected_token is not None:
            self.drag = None
            self.selected_token = None
            return
        self.open_pause()

    # --- state from the session ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view()
        self.scores = [painter.current_score(self.view, seat) for seat in range(len(self.view.houses))]
        self.layout = compute(self.app.screen.get_size(), self.view.seat, len(self.view.houses))
        task = self.view.tasks[-1] if self.view.tasks else None
        mine = (
            task is not None
            and self.view.seat in self.view.to_act
            and bool(self.view.legal)
            and self.session.is_human(self.view.seat)
        )
        key = (task.kind, task.seat, task.cards, len(self.session.match.log)) if mine and task else None
        if key != self.panel_key:
            self.panel_key = key
            self.panel = ChoicePanel(self.view, self.session.names(), task.kind) if key and task else None
        if self.panel is not None:
            self.panel.view = self.view
            self.panel.layout(self.panel_area())
        self._layout_buttons()

    def panel_area(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        return pygame.Rect(0, 0, w, h).inflate(-px(60), -px(60))

    def _layout_buttons(self) -> None:
        for button, rect in zip(self.buttons, self.layout.buttons, strict=True):
            button.rect = rect
        self.buttons[1].enabled = self.session.can_undo()

    def on_applied(self, applied: Applied) -> None:
        super().on_applied(applied)
        for event in applied.events:
            if not event.visible_to(self.view.seat):
                continue
            if isinstance(event, ev.Dealt) and event.cards:
                self.app.play("deal")
            elif isinstance(event, ev.TokenPlaced):
                self.app.play("place")
            elif isinstance(event, ev.TokensRevealed) and event.tokens:
                self.app.play("reveal")
                self.flips[event.day] = 0.0
            elif isinstance(event, ev.CardTaken):
                self.app.play("take")
            elif isinstance(event, ev.RewardsTaken) and event.count:
                self.app.play("reward")
                self._fly_rewards(event.seat, event.count)
            elif isinstance(event, ev.GameEnded):
                self.app.play("end")
        self.refresh()
        if self.session.acting_human() is not None and applied.by_bot:
            self.app.play("turn")

    def _fly_rewards(self, seat: int, count: int) -> None:
        for index in range(count):
            start = self.supply_pile.remove() or self.layout.supply.center
            end = self.layout.my_rewards.center if seat == self.view.seat else self.layout.opponents[seat].center
            speed = self.app.settings.animation_factor
            duration = 0.55 / speed if speed else 0.0
            self.flights.append(Flight(start, end, -0.12 * index / max(speed, 0.01), duration, seat))

    # --- every frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.stage.update(dt)
        self.supply_pile.step(dt)
        self.my_pile.step(dt)
        for day in list(self.flips):
            self.flips[day] += dt
            if self.flips[day] > 0.5:
                del self.flips[day]
        for flight in list(self.flights):
            flight.elapsed += dt
            if flight.elapsed >= flight.duration:
                self.flights.remove(flight)
                if flight.to_seat == self.view.seat:
                    self.my_pile.add(flight.end[0], (0, 200))
        if len(self.supply_pile.bodies) > self.view.supply and not self.flights:
            self.supply_pile.sync(self.view.supply)
        if not self.flights and len(self.my_pile.bodies) != self.view.rewards[self.view.seat]:
            self.my_pile.sync(self.view.rewards[self.view.seat])
        if self.toss is not None:
            toss = self.toss[0]
            toss.step(dt)
            if toss.settled:
                self.toss = None
        if self.panel is not None and self.panel.chosen is not None:
            chosen, self.panel.chosen = self.panel.chosen, None
            self.submit(chosen)
        self.drive_session()
        self._layout_buttons()

    def busy(self) -> bool:
        return self.stage.busy() or bool(self.flights)

    def holding(self) -> bool:
        return self.drag is not None

    def clear_selection(self) -> None:
        self.selected_token = None

    def after_handover(self) -> None:
        self.stage.motions.clear()
        self.snap_next_draw = True
        super().after_handover()
        self.my_pile.sync(self.view.rewards[self.view.seat], settle=True)

    def open_player(self, seat: int) -> None:
        from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay

        self.app.scenes.push(PlayerCardsOverlay(self.app, self.view, self.session.names(), seat))

    # --- what the viewer may do now -------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (
            self.view.seat in self.view.to_act
            and self.session.is_human(self.view.seat)
            and self.session.needs_handover() is None
            and bool(self.view.legal)
        )

    def can_place(self) -> bool:
        return self.my_turn() and self.view.phase == "place" and not self.view.tasks

    def can_take(self) -> bool:
        return self.my_turn() and self.view.phase == "take" and not self.view.tasks

    def legal_days(self, value: int) -> list[int]:
        return [c.day for c in self.view.legal if isinstance(c, PlaceToken) and c.value == value]

    def token_rect(self, value: int) -> pygame.Rect | None:
        return self.last_rects.get(("held", self.view.seat, value))

    def day_at(self, pos: tuple[int, int]) -> int | None:
        for day, column in enumerate(self.layout.columns):
            if column.collidepoint(pos):
                return day
        return None

    def card_at(self, pos: tuple[int, int]) -> str | None:
        for rect, card in reversed(self.card_hits):
            if rect.collidepoint(pos):
                return card
        return None

    # --- input ----------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> None:
        if self.drag is not None and event.pointer.id != self.drag.pointer:
            return  # another finger: it must not disturb the drag in progress
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            card = self.panel.card_at(event.pos) if self.panel and not self.panel.hidden else self.card_at(event.pos)
            if card != self.hover[0]:
                self.hover = (card, self.app.now)
        if event.kind == "long_press":
            self.long_press_card = (
                self.panel.card_at(event.pos) if self.panel and not self.panel.hidden else self.card_at(event.pos)
            )
            return
        if event.kind == "up" and self.long_press_card is not None:
            self.long_press_card = None
            return
        if self.panel is not None:
            command = self.panel.pointer(event)
            if command is not None:
                self.submit(command)
                return
            if not self.panel.hidden or event.kind != "tap" or self.panel.hide.rect.collidepoint(event.pos):
                return
        if dispatch(self.buttons, event, lambda: self.app.play("click")):
            return
        if event.kind == "drag_start":
            self._start_drag(event)
        elif event.kind == "move" and self.drag is not None:
            self.drag.pos = event.pos
        elif event.kind == "up" and self.drag is not None:
            self._drop(event)
        elif event.kind == "tap":
            self._tap(event.pos)

    def _start_drag(self, event: PointerEvent) -> None:
        start = event.pos
        if self.can_place():
            for value in sorted(set(self.view.held[self.view.seat] or ())):
                rect = self.token_rect(value)
                if rect is not None and rect.collidepoint(start):
                    self.drag = Drag(
                        event.pointer.id,
                        "token",
                        value,
                        (start[0] - rect.x, start[1] - rect.y),
                        event.pointer.pos,
                        rect.size,
                    )
                    self.selected_token = value
                    return
        if self.can_take():
            card = self.card_at(start)
            if card is not None and card in self.view.days[self.view.day]:
                rect = self.last_rects[("card", card)]
                self.drag = Drag(
                    event.pointer.id, "card", card, (start[0] - rect.x, start[1] - rect.y), event.pointer.pos, rect.size
                )
                return
        if self.card_at(start) is None and self.token_at(start) is not None and not self.can_place():
            self.say(self._not_now())

    def token_at(self, pos: tuple[int, int]) -> int | None:
        for value in (1, 2, 3):
            rect = self.token_rect(value)
            if rect is not None and rect.collidepoint(pos):
                return value
        return None

    def _drop(self, event: PointerEvent) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        pos = event.pos
        if drag.kind == "token":
            assert isinstance(drag.item, int)
            day = self.day_at(pos)
            if day is not None and day in self.legal_days(drag.item):
                rect = pygame.Rect(pos[0] - drag.grab[0], pos[1] - drag.grab[1], *drag.size)
                self.last_rects[("drop", self.view.seat, drag.item)] = rect
                self.submit(PlaceToken(self.view.seat, day, drag.item))
                return
            self._toss_back(drag, event)
            self.say("Drop the token under a day of the timetable, Monday to Friday.", error=True)
            return
        card = str(drag.item)
        if self.layout.me.collidepoint(pos):
            self.submit(TakeCard(self.view.seat, card))
            return
        self._toss_back(drag, event)
        self.say("Drag the card down to your cards, or just tap it, to take it.", error=True)

    def _toss_back(self, drag: Drag, event: PointerEvent) -> None:
        """The item slides on with the speed it was released at, settles, then glides home."""
        w, h = self.app.screen.get_size()
        centre = (event.pos[0] - drag.grab[0] + drag.size[0] // 2, event.pos[1] - drag.grab[1] + drag.size[1] // 2)
        toss = Toss(pygame.Rect(0, 0, w, h), centre, event.pointer.velocity, max(drag.size) / 2)
        self.toss = (toss, drag.kind, drag.item, drag.size)
        key = ("held", self.view.seat, drag.item) if drag.kind == "token" else ("card", drag.item)
        self.stage.motions.pop(key, None)
        self.last_rects[("toss", key)] = pygame.Rect(0, 0, *drag.size)

    def _tap(self, pos: tuple[int, int]) -> None:
        if self.can_place():
            value = self.token_at(pos)
            if value is not None:
                self.selected_token = None if self.selected_token == value else value
                return
            day = self.day_at(pos)
            if day is not None and self.selected_token is not None:
                if day in self.legal_days(self.selected_token):
                    rect = self.token_rect(self.selected_token)
                    if rect is not None:
                        self.last_rects[("drop", self.view.seat, self.selected_token)] = rect
                    self.submit(PlaceToken(self.view.seat, day, self.selected_token))
                return
            if day is not None:
                self.say("First tap one of your tokens, then the day to place it under.")
                return
        card = self.card_at(pos)
        if self.can_take() and card is not None:
            if card in self.view.days[self.view.day]:
                self.submit(TakeCard(self.view.seat, card))
            else:
                self.say(f"Take the cards of {DAYS[self.view.day]}: they are lit up.", error=True)
            return
        for seat, rect in self.layout.opponents.items():
            if rect.collidepoint(pos):
                self.open_player(seat)
                return
        if self.layout.my_cards.collidepoint(pos) and card is None:
            self.open_player(self.view.seat)
            return
        if self.layout.discard.collidepoint(pos):
            self.open_discard()
            return
        if card is None and self.token_at(pos) is not None:
            self.say(self._not_now())

    def open_discard(self) -> None:
        from tabletop.ui.tables.house_cup.overlays import CardListOverlay

        self.app.scenes.push(
            CardListOverlay(self.app, "Discard pile", list(self.view.discard), "Discarded cards never come back.")
        )

    def _not_now(self) -> str:
        if self.view.phase != "place":
            return "Tokens are placed during the schedule updates; now cards are being taken."
        if self.view.to_act:
            return f"It is {self.session.name(self.view.to_act[0])}'s turn to place a token."
        return "Not now."

    # --- tests and demos -----------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person would make for ``command`` on this table as drawn now.

        ``("tap", pos)`` or ``("drag", from_pos, to_pos)``. Tests post these as real mouse or finger events.
        """
        if self.panel is not None:
            return [("tap", pos) for pos in self.panel.gesture(command)]
        if isinstance(command, PlaceToken):
            rect = self.token_rect(command.value)
            assert rect is not None, "token not on the table"
            target = self.layout.headers[command.day].center
            return [("drag", rect.center, target)]
        if isinstance(command, TakeCard):
            for rect, card in reversed(self.card_hits):
                if card == command.card:
                    return [("tap", (rect.centerx, rect.top + min(rect.height // 2, px(10))))]
            raise AssertionError(f"{command.card} is not drawn")
        raise AssertionError(f"no gesture for {command}")

    # --- drawing ---------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        painter.draw_table(self, surface)


def stacked_rects(area: pygame.Rect, cards: tuple[str, ...], width: int) -> list[pygame.Rect]:
    """Where each card of a day's stack is drawn, oldest at the top, each name readable."""
    if not cards:
        return []
    w, step = cascade(area, len(cards), width, header_height(width) + px(4))
    left = area.centerx - w // 2
    return [pygame.Rect(left, area.top + index * step, w, card_height(w)) for index in range(len(cards))]


__all__ = ["CARDS", "HouseCupTable", "stacked_rects"]
