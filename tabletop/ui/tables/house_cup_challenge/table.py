"""The House Cup Challenge table scene: it draws one seat's view and turns drags and taps into commands.

Drag your character (the spaces it can reach light up, the path to the one under the pointer is drawn) or a
card (or tap it, then a lit space). Tap a face-up [Action] Special Card, then its target. Every other choice,
and between several moves to the same space, is made in the choice panel."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.cards import ADVENTURES, SPECIALS
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.play.session import GameSession
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import AppLike
from tabletop.ui.sprites.motion import Drag, Flight, step_flights
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup_challenge.faces import card_face
from tabletop.ui.tables.house_cup_challenge.layout import Layout
from tabletop.ui.tables.house_cup_challenge.painter import Look, paint
from tabletop.ui.tables.house_cup_challenge.panels import choice_panel
from tabletop.ui.tables.house_cup_challenge.results import tallies
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Widget

WALK_STEP = 0.16  # seconds per space when a character walks a path


class ChallengeTable(GameTable):
    name = "house-cup-challenge-table"
    game_id = "house-cup-challenge"
    tallies = staticmethod(tallies)
    KIT_OVERLAYS = True
    stage: Stage
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

    def __init__(self, app: AppLike, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: ChallengeView = session.view()
        self.layout = Layout(self.table_size(), len(self.view.players))
        self.selected_card: str | None = None
        self.selected_special: str | None = None
        self.choosing: tuple[Command, ...] | None = None  # the commands one drop or tap could mean, in the panel
        self.walks: list[Flight] = []  # characters walking their path space by space, one flight a space
        self.shown_seat: int | None = None  # a player whose completed cards are listed
        self.draw_button = Button(
            "Draw", lambda: self.choose_among([ev.DrawCards(self.view.seat)]), primary=True, size=19
        )
        self.pass_button = Button("Pass", lambda: self.choose_among([ev.Pass(self.view.seat)]), size=19)

    def enter(self) -> None:
        self.rebuild_recent()
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        self.stage.snap()

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hidden = False
        elif self.choosing or self.selected_card or self.selected_special or self.drag:
            self.drag = None
            self.clear_selection()
        else:
            self.open_pause()

    def refresh(self) -> None:
        self.view = view = self.session.view()
        self.layout = Layout(self.table_size(), len(view.players))
        names, task, log = self.session.names(), view.tasks[-1] if view.tasks else None, len(self.session.match.log)
        if self.choosing is not None and not all(command in view.legal for command in self.choosing):
            self.choosing = None
        choosing = self.choosing  # a choice the player opened; else maybe one the rules ask now
        asked = task is not None and task.kind != "action" and self.my_turn()
        key = ("choose", choosing) if choosing else (task.kind, task.phase, log, view.seat) if asked and task else None
        cancel = self.clear_selection if choosing else None
        self.set_panel(key, lambda: choice_panel(view, choosing or view.legal, names, cancel))
        self.layout_bar(self.layout.buttons)
        self.draw_button.rect, self.pass_button.rect = self.layout.draw_button, self.layout.pass_button
        self.draw_button.enabled = self.can_act() and ev.DrawCards(view.seat) in view.legal
        self.pass_button.enabled = self.can_act() and ev.Pass(view.seat) in view.legal
        self.draw_button.label = f"Draw {3 if view.me.character == 'hermione' else 2}"

    def controls(self) -> list[Widget]:
        return [*self.bar, self.draw_button, self.pass_button]

    def animate(self, event: Event) -> None:
        if isinstance(event, ev.Moved) and len(event.path) > 1 and self.app.settings.animation_factor > 0:
            cells = [self.view.players[event.seat].cell, *event.path]  # (the view is refreshed after the events)
            step = WALK_STEP / self.app.settings.animation_factor
            hops = zip(cells, cells[1:], strict=False)
            self.walks = [flight for flight in self.walks if flight.item != event.seat] + [
                Flight("walk", event.seat, self.layout.cells[a].center, self.layout.cells[b].center, step, -n * step, 0)
                for n, (a, b) in enumerate(hops)
            ]

    def update(self, dt: float) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.stage.update(dt)
        step_flights(self.walks, dt)
        self.drive_session()
        self.layout_bar(self.layout.buttons)

    def busy(self) -> bool:
        return self.stage.busy() or bool(self.walks)

    def choose_among(self, commands: Sequence[Command]) -> None:
        """One command is given at once; several (moves that end on the same space) are offered in the panel."""
        if len(commands) == 1:
            self.submit(commands[0])
            return
        self.choosing = tuple(commands)
        self.refresh()

    def clear_selection(self) -> None:
        self.selected_card = self.selected_special = None
        if self.choosing is not None:
            self.choosing = None
            self.refresh()

    def my_turn(self) -> bool:
        view, session = self.view, self.session
        human = session.is_human(view.seat) and session.needs_handover() is None
        return view.seat in view.to_act and human and bool(view.legal)

    def can_act(self) -> bool:
        """The viewer is choosing an action (not a choice inside one)."""
        return self.my_turn() and bool(self.view.tasks) and self.view.tasks[-1].kind == "action"

    def aim(self, command: Command) -> tuple[str, str] | None:
        """What ``command`` moves or plays ("character", a card, a Special Card; "" for a choice of space, where a
        new card goes or where to retreat) and the space it aims at ("" for a Special Card aimed at none)."""
        match command:
            case ev.Move(path=path):
                return "character", path[-1]
            case ev.PlayHere(card=card):
                return card, self.view.me.cell
            case ev.PlayThere(card=card, cell=cell):
                return card, cell
            case ev.PlaceCard(cell=cell) | ev.Retreat(cell=cell):
                return "", cell
            case ev.UseSpecial(card=card, path=path, cell=cell, other=other):
                return card, path[-1] if path else cell or (self.view.players[other].cell if other >= 0 else "")
        return None

    def targets(self, what: str) -> dict[str, list[Command]]:
        """The viewer's commands for ``what`` (see ``aim``) by the space they aim at."""
        out: dict[str, list[Command]] = {}
        for command in self.view.legal if self.my_turn() else ():
            aim = self.aim(command)
            if aim is not None and aim[0] == what:
                out.setdefault(aim[1], []).append(command)
        return out

    def held(self, drag: Drag | None = None) -> str:
        """What the viewer drags (``drag``, or the drag in progress) or has selected, to aim (see ``aim``)."""
        drag = drag or self.drag
        return str(drag.item) if drag is not None else self.selected_card or self.selected_special or ""

    def lit_cells(self) -> set[str]:
        return set(self.targets(self.held())) - {""}

    def hovered_path(self) -> list[str]:
        if self.drag is None or self.drag.kind != "token":
            return []
        move = next(iter(self.targets("character").get(self.layout.cell_at(self.drag.pos) or "", [])), None)
        return [self.view.me.cell, *move.path] if isinstance(move, ev.Move) else []

    def start_drag(self, event: PointerEvent) -> None:
        """Pick up the viewer's character (a "token" whose item is "character") or a card of their hand."""
        placed, hand = self.hits.at(event.pos, "token", "card"), self.view.me.hand or ()
        if placed is None or (placed.item != self.view.seat if placed.kind == "token" else placed.item not in hand):
            return
        if not self.can_act():
            self.say(self._not_now())
            return
        item = "character" if placed.kind == "token" else str(placed.item)
        self.drag = Drag.start(event.pointer.id, placed.kind, item, placed.rect, event.pos)
        self.selected_card = item if placed.kind == "card" else self.selected_card

    def drop(self, drag: Drag, event: PointerEvent) -> None:
        cell = self.layout.cell_at(event.pos)
        options = self.targets(self.held(drag)).get(cell or "")
        self.selected_card = None if drag.kind == "card" else self.selected_card
        if options:
            self.choose_among(options)
        elif cell is not None and drag.kind == "token":
            self.say("Your character cannot reach that space with this move.", error=True)
        elif cell is not None:
            self.say("That card cannot be played there: the lit spaces are where it may go.", error=True)

    def tap(self, pos: tuple[int, int]) -> None:
        cell = self.layout.cell_at(pos) or ""
        options = self.targets(self.held()).get(cell) or self.targets("").get(cell)
        if cell and options:
            self.choose_among(options)
            return
        card, special = self.hits.item_at(pos, "card"), self.hits.item_at(pos, "special")
        seat = next((seat for seat, rect in enumerate(self.layout.players) if rect.collidepoint(pos)), None)
        if isinstance(card, str) and card in (self.view.me.hand or ()):
            if self.can_act():
                self.selected_card = None if self.selected_card == card else card
                self.selected_special = None
        elif isinstance(special, str):  # a Special Card used at once, or selected to tap its target next
            targets = self.targets(special)
            if not targets:
                self.say("That Special Card cannot be used now." if self.can_act() else self._not_now())
            elif list(targets) == [""]:
                self.choose_among(targets[""])
            else:
                self.selected_special, self.selected_card = None if self.selected_special == special else special, None
        elif seat is not None and self.panel is None:
            self.shown_seat = None if self.shown_seat == seat else seat
        else:
            self.clear_selection()

    def _not_now(self) -> str:
        if self.view.to_act and self.view.to_act[0] != self.view.seat:
            return f"It is {self.session.name(self.view.to_act[0])}'s turn."
        return "First make the choice in the panel." if self.panel is not None else "Not now."

    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person would make for ``command`` on this table as drawn now: ``("tap", pos)`` or
        ``("drag", from_pos, to_pos)``. A drop several moves share opens a choice: call again for its taps."""
        if self.panel is not None and any(option.command == command for option in self.panel.options):
            return [("tap", pos) for pos in self.panel.gesture(command)]
        if isinstance(command, (ev.DrawCards, ev.Pass)):
            return [("tap", (self.draw_button if isinstance(command, ev.DrawCards) else self.pass_button).rect.center)]
        aim = self.aim(command)
        assert aim is not None, f"no gesture for {command}"
        what, cell = aim
        kind = {"character": "token", **dict.fromkeys(self.view.me.hand or (), "card")}.get(what, "special")
        rect = self.hits.rect_of(kind, self.view.seat if kind == "token" else what)
        assert rect is not None, f"{what} is not drawn"
        target = self.layout.cells[cell].center if cell else rect.center
        if kind == "special":
            return [("tap", rect.center)] + ([("tap", target)] if list(self.targets(what)) != [""] else [])
        return [("drag", (rect.centerx, rect.top + rect.height // 3) if kind == "card" else rect.center, target)]

    def draw_table(self, surface: pygame.Surface) -> HitMap:
        return paint(self.look(), surface, self.stage)

    def look(self) -> Look:
        hand = self.view.me.hand or ()
        return Look(
            view=self.view,
            layout=self.layout,
            names=self.session.names(),
            prompt=self.prompt(),
            lit=frozenset(self.lit_cells()),
            path=self.hovered_path(),
            playable=frozenset(card for card in hand if self.targets(card)),
            selected=self.selected_card or self.selected_special,
            drag=self.drag,
            walking={flight.item: flight.pos() for flight in self.walks if flight.started},
            shown_seat=self.shown_seat,
            recent=self.recent_wrapped(self.layout.recent.width - px(16), 14, 12),
            buttons=self.controls(),
        )

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The banner's line: what happens now, and what the person at the screen can do."""
        view, session, names = self.view, self.session, self.session.names()
        result, thinking = session.match.result(), session.bot_thinking
        if result is not None:
            return result.summary, theme.GOLD_LIGHT
        if not view.to_act or not self.my_turn():
            waiting = f"Waiting for {names[view.to_act[0]]}..." if view.to_act else ""
            return f"{names[thinking]} is thinking..." if thinking is not None else waiting, theme.TEXT
        if self.panel is not None:
            return f"{names[view.seat]}: make your choice in the panel.", theme.GOLD_LIGHT
        if self.selected_special:
            return f"{SPECIALS[self.selected_special].name}: tap a lit space.", theme.GOLD_LIGHT
        if self.selected_card:
            return f"Tap a lit space to play {ADVENTURES[self.selected_card].title}.", theme.GOLD_LIGHT
        extra = {"time": " (Time-Turner)", "bonus": " (Wand Bonus Token)"}.get(view.tasks[-1].extra, "")
        what = "drag your character, drag a card onto the board, use a Special Card, draw or pass."
        return f"{names[view.seat]}, your action{extra}: {what}", theme.GOLD_LIGHT

    def zoom_face(self, card: str, width: int) -> pygame.Surface:
        return card_face(card, width)

    def prompt_rects(self) -> list[pygame.Rect]:
        return [self.layout.banner]

    def message_anchor(self) -> tuple[int, int]:
        return self.layout.board.centerx, self.layout.board.bottom - px(10)
