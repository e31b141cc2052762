"""The House Cup Challenge table scene: it draws one seat's view and turns drags and taps into commands.

Drag your character: the spaces this action can reach light up and the path to the one under the pointer is
drawn; drop to move there. Drag (or tap, then tap a space) a card from your hand: the spaces it may be
played on light up. Tap a face-up [Action] Special Card, then its target. Every other choice is a panel of
buttons on the right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.core.protocol import Command
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import MOUSE, PointerEvent
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup_challenge import painter
from tabletop.ui.tables.house_cup_challenge.layout import Layout, compute
from tabletop.ui.tables.house_cup_challenge.panels import ChoicePanel
from tabletop.ui.tables.house_cup_challenge.results import tallies
from tabletop.ui.widgets import Button

WALK_STEP = 0.16  # seconds per space when a character walks a path
SOUNDS = {
    ev.CardsDrawn: "deal",
    ev.CardPlayed: "place",
    ev.CardPlaced: "place",
    ev.Moved: "click",
    ev.AdventureCompleted: "reward",
    ev.EncounterFailed: "error",
    ev.SpecialFlipped: "spell",
    ev.NewYear: "reveal",
    ev.WandPassed: "turn",
    ev.GameEnded: "end",
}


@dataclass
class Drag:
    pointer: int
    kind: str  # "token" or "card"
    item: str  # the card id, or "" for the character
    grab: tuple[int, int]
    pos: tuple[int, int]
    size: tuple[int, int]


class ChallengeTable(GameTable):
    name = "house-cup-challenge-table"
    game_id = "house-cup-challenge"
    tallies = staticmethod(tallies)

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: ChallengeView = session.view()
        self.layout: Layout = compute(app.screen.get_size(), len(self.view.players))
        self.drag: Drag | None = None
        self.selected_card: str | None = None
        self.selected_special: str | None = None
        self.panel: ChoicePanel | None = None
        self.panel_key: tuple | None = None
        self.chooser: ChoicePanel | None = None
        self.hand_rects: list[tuple[pygame.Rect, str]] = []
        self.token_rects: dict[int, pygame.Rect] = {}
        self.special_rects: list[tuple[pygame.Rect, str]] = []
        self.bonus_token_rects: dict[int, pygame.Rect] = {}  # each 2-player seat's Wand Bonus Token piece
        self.board_card_rects: list[tuple[pygame.Rect, str]] = []
        self.walks: dict[int, tuple[tuple[str, ...], float]] = {}  # seat -> (cells walked, start time)
        self.shown_seat: int | None = None  # a player whose completed cards are listed
        self.draw_button = Button("Draw cards", lambda: self.act(ev.DrawCards(self.view.seat)), primary=True, size=19)
        self.pass_button = Button("Pass", lambda: self.act(ev.Pass(self.view.seat)), size=19)
        self.buttons = [
            Button("Log", self.open_log, size=19),
            Button("Undo", self.undo, size=19),
            Button("Rules", lambda: self.app.go.rules(self.game_id), size=19),
            Button("Menu", self.open_pause, size=19),
        ]

    # --- scene hooks ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.rebuild_recent()
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        self.stage.snap()

    def back(self) -> None:
        if self.chooser is not None or self.selected_card or self.selected_special or self.drag:
            self.clear_selection()
            return
        self.open_pause()

    # --- state from the session ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view()
        self.layout = compute(self.app.screen.get_size(), len(self.view.players))
        task = self.view.tasks[-1] if self.view.tasks else None
        mine = self.my_turn() and task is not None and task.kind != "action"
        key = (task.kind, task.phase, len(self.session.match.log), self.view.seat) if mine and task else None
        if key != self.panel_key:
            self.panel_key = key
            self.panel = ChoicePanel(self.view, self.view.legal, self.session.names(), False) if key else None
        if self.panel is not None:
            self.panel.view = self.view
            self.panel.layout(self.layout.panel)
        if self.chooser is not None:
            if not all(c in self.view.legal for c in self.chooser.commands):
                self.chooser = None
            else:
                self.chooser.layout(self.layout.panel)
        for button, rect in zip(self.buttons, self.layout.buttons, strict=True):
            button.rect = rect
        self.buttons[1].enabled = self.session.can_undo()
        self.draw_button.rect = self.layout.draw_button
        self.pass_button.rect = self.layout.pass_button
        acting = self.can_act()
        self.draw_button.enabled = acting and ev.DrawCards(self.view.seat) in self.view.legal
        self.pass_button.enabled = acting and ev.Pass(self.view.seat) in self.view.legal
        count = 3 if self.view.me.character == "hermione" else 2
        self.draw_button.label = f"Draw {count}"

    def on_applied(self, applied: Applied) -> None:
        self.remember(applied.events)  # (this table sounds and animates its events itself)
        played = set()
        start = {seat: player.cell for seat, player in enumerate(self.view.players)}
        for event in applied.events:
            if not event.visible_to(self.view.seat):
                continue
            if isinstance(event, ev.Moved) and len(event.path) > 1 and self.app.settings.animation_factor > 0:
                self.walks[event.seat] = ((start[event.seat], *event.path), self.app.now)
            sound = SOUNDS.get(type(event))
            if sound and sound not in played:
                played.add(sound)
                self.app.play(sound)
        self.refresh()

    # --- every frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.stage.update(dt)
        for panel in (self.panel, self.chooser):
            if panel is not None and panel.chosen is not None:
                chosen, panel.chosen = panel.chosen, None
                self.chooser = None
                self.submit(chosen)
        if self.chooser is not None and self.chooser.cancelled:
            self.chooser = None
        self.drive_session()
        self.buttons[1].enabled = self.session.can_undo()

    def busy(self) -> bool:
        return self.stage.busy() or any(self.walk_position(seat) is not None for seat in list(self.walks))

    def holding(self) -> bool:
        return self.drag is not None

    def after_handover(self) -> None:
        self.snap_next_draw = True
        super().after_handover()

    # --- commands ------------------------------------------------------------------------------------------
    def act(self, command: Command) -> None:
        if command in self.view.legal:
            self.submit(command)

    def choose_among(self, commands: list[Command]) -> None:
        if len(commands) == 1:
            self.submit(commands[0])
            return
        self.chooser = ChoicePanel(self.view, commands, self.session.names(), True)
        self.chooser.layout(self.layout.panel)

    def clear_selection(self) -> None:
        self.selected_card = None
        self.selected_special = None
        self.drag = None

    # --- what the viewer may do now -------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (
            self.view.seat in self.view.to_act
            and self.session.is_human(self.view.seat)
            and self.session.needs_handover() is None
            and bool(self.view.legal)
        )

    def can_act(self) -> bool:
        """The viewer is choosing an action (not a choice inside one)."""
        return self.my_turn() and bool(self.view.tasks) and self.view.tasks[-1].kind == "action"

    def move_targets(self) -> dict[str, list[Command]]:
        out: dict[str, list[Command]] = {}
        if self.can_act():
            for command in self.view.legal:
                if isinstance(command, ev.Move):
                    out.setdefault(command.path[-1], []).append(command)
        return out

    def card_targets(self, card: str) -> dict[str, Command]:
        out: dict[str, Command] = {}
        if self.can_act():
            for command in self.view.legal:
                if isinstance(command, ev.PlayHere) and command.card == card:
                    out[self.view.me.cell] = command
                elif isinstance(command, ev.PlayThere) and command.card == card:
                    out[command.cell] = command
        return out

    def special_targets(self, card: str) -> dict[str, list[Command]]:
        out: dict[str, list[Command]] = {}
        for command in self.view.legal:
            if isinstance(command, ev.UseSpecial) and command.card == card:
                if command.path:
                    cell = command.path[-1]
                elif command.cell:
                    cell = command.cell
                elif command.other >= 0:
                    cell = self.view.players[command.other].cell
                else:
                    cell = ""
                out.setdefault(cell, []).append(command)
        return out

    def cell_commands(self) -> dict[str, Command]:
        """Choices in a panel that are also a tap on the board (where a new card goes, where to retreat)."""
        if not self.my_turn():
            return {}
        return {c.cell: c for c in self.view.legal if isinstance(c, (ev.PlaceCard, ev.Retreat))}

    def lit_cells(self) -> set[str]:
        if self.drag is not None and self.drag.kind == "token":
            return set(self.move_targets())
        card = self.drag.item if self.drag is not None and self.drag.kind == "card" else self.selected_card
        if card:
            return set(self.card_targets(card))
        if self.selected_special:
            return {cell for cell in self.special_targets(self.selected_special) if cell}
        return set(self.cell_commands())

    def hovered_path(self) -> list[str]:
        if self.drag is None or self.drag.kind != "token":
            return []
        cell = self.layout.cell_at(self.drag.pos)
        options = self.move_targets().get(cell or "", [])
        if not options:
            return []
        return [self.view.me.cell, *options[0].path]

    def hand_card_at(self, pos: tuple[int, int]) -> str | None:
        for rect, card in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return card
        return None

    def board_card_at(self, pos: tuple[int, int]) -> str | None:
        for rect, card in self.board_card_rects:
            if rect.collidepoint(pos):
                return card
        return None

    # --- input ----------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> None:
        if self.drag is not None and event.pointer.id != self.drag.pointer:
            return
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            card = self.hand_card_at(event.pos) or self.board_card_at(event.pos)
            if card != self.hover[0]:
                self.hover = (card, self.app.now)
        if event.kind == "long_press":
            self.long_press_card = self.hand_card_at(event.pos) or self.board_card_at(event.pos)
            return
        if event.kind == "up" and self.long_press_card is not None:
            self.long_press_card = None
            return
        for panel in (self.chooser, self.panel):
            if panel is not None and panel.pointer(event):
                return
        for button in [*self.buttons, self.draw_button, self.pass_button]:
            if button.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                return
        if event.kind == "drag_start":
            self._start_drag(event)
        elif event.kind == "move" and self.drag is not None:
            self.drag.pos = event.pos
        elif event.kind == "up" and self.drag is not None:
            self._drop(event.pos)
        elif event.kind == "tap":
            self._tap(event.pos)

    def _start_drag(self, event: PointerEvent) -> None:
        start = event.pos
        token = self.token_rects.get(self.view.seat)
        if token is not None and token.collidepoint(start):
            if not self.can_act():
                self.say(self._not_now())
                return
            self.drag = Drag(
                event.pointer.id, "token", "", (start[0] - token.x, start[1] - token.y), event.pos, token.size
            )
            return
        card = self.hand_card_at(start)
        if card is not None:
            if not self.can_act():
                self.say(self._not_now())
                return
            rect = next(r for r, c in self.hand_rects if c == card)
            self.drag = Drag(
                event.pointer.id, "card", card, (start[0] - rect.x, start[1] - rect.y), event.pos, rect.size
            )
            self.selected_card = card

    def _drop(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        cell = self.layout.cell_at(pos)
        if drag.kind == "token":
            options = self.move_targets().get(cell or "", [])
            if options:
                self.choose_among(options)
            elif cell is not None:
                self.say("Your character cannot reach that space with this move.", error=True)
            return
        targets = self.card_targets(drag.item)
        if cell is not None and cell in targets:
            self.submit(targets[cell])
            return
        if cell is not None:
            self.say("That card cannot be played there: the lit spaces are where it may go.", error=True)
        self.selected_card = None

    def _tap(self, pos: tuple[int, int]) -> None:
        cell = self.layout.cell_at(pos)
        if self.selected_special and cell is not None:
            options = self.special_targets(self.selected_special).get(cell, [])
            if options:
                self.choose_among(options)
                return
        if self.selected_card and cell is not None:
            targets = self.card_targets(self.selected_card)
            if cell in targets:
                self.submit(targets[cell])
                return
        if cell is not None and cell in self.cell_commands():
            self.submit(self.cell_commands()[cell])
            return
        card = self.hand_card_at(pos)
        if card is not None:
            if self.can_act():
                self.selected_card = None if self.selected_card == card else card
                self.selected_special = None
            return
        for rect, special in self.special_rects:
            if rect.collidepoint(pos):
                self._tap_special(special)
                return
        for seat, rect in enumerate(self.layout.players):
            if rect.collidepoint(pos) and self.panel is None and self.chooser is None:
                self.shown_seat = None if self.shown_seat == seat else seat
                return
        self.clear_selection()

    def _tap_special(self, special: str) -> None:
        targets = self.special_targets(special)
        if not targets:
            self.say("That Special Card cannot be used now." if self.can_act() else self._not_now())
            return
        if list(targets) == [""]:
            self.choose_among(targets[""])
            return
        self.selected_special = None if self.selected_special == special else special
        self.selected_card = None

    def _not_now(self) -> str:
        if self.view.to_act and self.view.to_act[0] != self.view.seat:
            return f"It is {self.session.name(self.view.to_act[0])}'s turn."
        if self.panel is not None:
            return "First make the choice in the panel."
        return "Not now."

    # --- tests and demos -----------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person would make for ``command`` on this table as drawn now.

        ``("tap", pos)`` or ``("drag", from_pos, to_pos)``. When several commands share a drop (moves to the
        same space), the drop opens a chooser; call again then to get the tap on the right button.
        """
        for panel in (self.chooser, self.panel):
            if panel is not None and command in panel.commands:
                return [("tap", panel.button_for(command).rect.center)]
        cells = self.layout.cells
        if isinstance(command, ev.Move):
            token = self.token_rects[self.view.seat]
            return [("drag", token.center, cells[command.path[-1]].center)]
        if isinstance(command, (ev.PlayHere, ev.PlayThere)):
            rect = next(r for r, c in self.hand_rects if c == command.card)
            cell = self.view.me.cell if isinstance(command, ev.PlayHere) else command.cell
            return [("drag", (rect.centerx, rect.top + rect.height // 3), cells[cell].center)]
        if isinstance(command, ev.DrawCards):
            return [("tap", self.draw_button.rect.center)]
        if isinstance(command, ev.Pass):
            return [("tap", self.pass_button.rect.center)]
        if isinstance(command, ev.UseSpecial):
            chip = next(r for r, c in self.special_rects if c == command.card)
            targets = self.special_targets(command.card)
            if list(targets) == [""]:
                return [("tap", chip.center)]
            cell = next(cell for cell, options in targets.items() if command in options)
            return [("tap", chip.center), ("tap", cells[cell].center)]
        raise AssertionError(f"no gesture for {command}")

    # --- drawing ---------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        painter.draw_table(self, surface)

    def walk_position(self, seat: int) -> float | None:
        """While a character walks a path space by space: how many steps it has gone; None when not walking."""
        walk = self.walks.get(seat)
        if walk is None:
            return None
        path, since = walk
        steps = (self.app.now - since) / (WALK_STEP / max(self.app.settings.animation_factor, 0.01))
        if steps >= len(path) - 1:
            del self.walks[seat]
            return None
        return steps


__all__ = ["ChallengeTable", "theme"]
