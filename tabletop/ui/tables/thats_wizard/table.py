"""The That's Wizard! table scene: it draws one seat's view and turns taps and drags into commands.

Choosing a play: tap a card of your hand (or drag it onto your place on the table), turn the Spell Power dial by
dragging its pointer (or tap a number), then Reveal. The dial shows in red a value the card cannot take, and
Reveal warns before such an illegal play is shown (it would be a pass). Pass passes on purpose. While the duel is
stalled (the app's addition, see ``resources.STALL_ROUNDS``) the banner offers Concede (after a confirmation:
it is final) and, to a wizard who cannot win, Offer draw; the others answer a draw in a panel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.core.protocol import Command
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, name
from tabletop.games.thats_wizard.events import Concede, OfferDraw, Pass, Play
from tabletop.games.thats_wizard.resources import play_problem
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import MOUSE, PointerEvent
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.thats_wizard import painter
from tabletop.ui.tables.thats_wizard.cards import reset as reset_caches
from tabletop.ui.tables.thats_wizard.dial import Dial
from tabletop.ui.tables.thats_wizard.dice import DiceTray, Throw
from tabletop.ui.tables.thats_wizard.layout import Layout, compute
from tabletop.ui.tables.thats_wizard.panels import ChoicePanel
from tabletop.ui.tables.thats_wizard.results import tallies
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button

FLIP = 0.45  # seconds a revealed card takes to turn over
FLOAT = 1.6  # seconds a "-5" floats above a tracker
# What a roll decides, written on the tray by the dice (the DiceRolled reason -> its caption).
DICE_CAPTIONS = {
    "turn order": "Turn order tie: the high roll chooses",
    "who falls first": "Both would fall: the high roll picks who falls first",
    "end of round": "End-of-round order: high rolls pick first",
    "pairing": "Sudden death: the high roll picks the pairs",
    "chaos": "Chaos",
    "portents": "Portents",
}
ROLL_OFFS = ("turn order", "who falls first", "end of round", "pairing")


def dice_captions(rolls: list[ev.DiceRolled]) -> list[str]:
    """The caption of each roll of one command; a roll-off rolled again after a tie says so."""
    captions: list[str] = []
    again = 0
    for index, roll in enumerate(rolls):
        caption = DICE_CAPTIONS.get(roll.reason, roll.reason.capitalize())
        if index and roll.reason in ROLL_OFFS and rolls[index - 1].reason == roll.reason:
            again += 1
            head = caption.split(":")[0]
            caption = f"{head}: reroll" + (f" {again}" if again > 1 else "")
        else:
            again = 0
        captions.append(caption)
    return captions


@dataclass
class Drag:
    pointer: int
    card: str
    grab: tuple[int, int]
    pos: tuple[int, int]
    size: tuple[int, int]


@dataclass
class Floater:
    seat: int
    text: str
    colour: tuple[int, int, int]
    row: int  # 0 Stamina, 1 Power
    age: float = 0.0


class ThatsWizardTable(GameTable):
    name = "thats-wizard-table"
    game_id = "thats-wizard"
    tallies = staticmethod(tallies)
    message_seconds = 4.0

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app, session)
        reset_caches()
        self.stage = Stage()
        self.view: ThatsWizardView = session.view()
        self.layout: Layout = self._compute()
        self.dial = Dial()
        self.selected: str | None = None
        self.drag: Drag | None = None
        self.dice = DiceTray(self.layout.tray, self.layout.die, seed=session.match.seed)
        self.dice.on_throw = lambda: self.app.play("dice")
        self.flips: dict[int, float] = {}
        self.floaters: list[Floater] = []
        self.panel: ChoicePanel | None = None
        self.panel_key: tuple | None = None
        self.card_hits: list[tuple[pygame.Rect, str]] = []
        self.hand_rects: dict[str, pygame.Rect] = {}
        self.buttons = [
            Button("Log", self.open_log, size=20),
            Button("Undo", self.undo, size=20),
            Button("Rules", lambda: self.app.go.rules("thats-wizard"), size=20),
            Button("Menu", self.open_pause, size=20),
        ]
        self.ready_button = Button("Reveal", self.reveal_pick, primary=True, size=24, note="when everyone is ready")
        self.pass_button = Button("Pass", self.pass_turn, size=20)
        self.concede_button = Button("Concede duel", self.ask_concede, size=17)
        self.draw_button = Button("Offer draw", self.offer_draw, size=17)

    # --- scene hooks ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.refresh()
        self.rebuild_recent()

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        self.stage.snap()
        self.dice.layout(self.layout.tray, self.layout.die)

    def back(self) -> None:
        if self.drag is not None or self.selected is not None:
            self.drag = None
            self.selected = None
            return
        self.open_pause()

    def _compute(self) -> Layout:
        pairs = [tuple(pair) for pair in self.view.pairs]
        return compute(self.app.screen.get_size(), self.view.seat, self.view.players, pairs)

    # --- state from the session --------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view()
        self.layout = self._compute()
        view = self.view
        mine = self.session.is_human(view.seat) and view.seat in view.to_act and bool(view.legal)
        kind = None
        if mine and view.prompt is not None:
            kind = view.prompt.kind
        elif mine and view.stage == "sideboard":
            kind = "sideboard"
        # A prompt is answered before anyone else acts; side boards are chosen while others choose theirs.
        moment = (view.duel, view.round) if kind == "sideboard" else len(self.session.match.log)
        key = (kind, moment, view.seat) if kind else None
        if key != self.panel_key:
            self.panel_key = key
            self.panel = ChoicePanel(view, self.session.names(), kind) if kind else None
        if self.panel is not None:
            self.panel.view = view
            self.panel.layout(self.panel_area())
        if self.selected is not None and self.selected not in view.hand:
            self.selected = None
        self._update_dial()
        self._layout_buttons()

    def panel_area(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        return pygame.Rect(self.layout.banner.left, px(60), self.layout.banner.width, h - px(120))

    def _layout_buttons(self) -> None:
        for button, rect in zip(self.buttons, self.layout.buttons, strict=True):
            button.rect = rect
        self.buttons[1].enabled = self.session.can_undo()
        self.ready_button.rect = self.layout.ready
        self.pass_button.rect = self.layout.pass_button
        choosing = self.can_choose()
        self.ready_button.enabled = choosing and self.selected is not None
        self.pass_button.enabled = choosing
        self.dial.rect = self.layout.dial
        self.dial.enabled = choosing
        for button, command in zip(self.stall_buttons(), self.stall_commands(), strict=True):
            button.visible = choosing and command in self.view.legal
        shown = [button for button in self.stall_buttons() if button.visible]
        for button, rect in zip(shown, self.layout.stall[len(self.layout.stall) - len(shown) :], strict=True):
            button.rect = rect  # right-aligned in the banner

    def stall_buttons(self) -> list[Button]:
        return [self.concede_button, self.draw_button]

    def stall_commands(self) -> list[Command]:
        seat = self.view.seat
        return [Concede(seat), OfferDraw(seat)]

    def _update_dial(self) -> None:
        card = self.selected
        self.dial.allowed = CARDS[card].dials if card else ()
        self.dial.problem = self.problem(card, self.dial.value) if card else None

    def problem(self, card: str, dial: int) -> str | None:
        view = self.view
        me = view.wizards[view.seat]
        ally = view.ally(view.seat)
        ally_dueling = ally is not None and view.wizards[ally].dueling
        return play_problem(card, dial, view.hand, me.power, view.tax, ally_dueling)

    def on_applied(self, applied: Applied) -> None:
        self.remember(applied.events)  # (this table sounds and animates its events itself)
        names = self.session.names()
        rolls: list[ev.DiceRolled] = []
        for event in applied.events:
            if event.visible_to(self.view.seat):
                self._animate(event, names)
                if isinstance(event, ev.DiceRolled):
                    rolls.append(event)
        if rolls:
            # Every roll of the command is shown, in order: the tray throws each once the one before has landed.
            throws = [
                Throw(roll.values, tuple(s % 2 for s in roll.seats), tuple(names[s] for s in roll.seats), caption)
                for roll, caption in zip(rolls, dice_captions(rolls), strict=True)
            ]
            self.dice.queue(throws, instant=self.app.settings.animation_factor == 0)
        self.refresh()
        if self.session.acting_human() is not None and applied.by_bot:
            self.app.play("turn")

    def _animate(self, event, names: list[str]) -> None:
        instant = self.app.settings.animation_factor == 0
        if isinstance(event, ev.Revealed):
            self.app.play("reveal")
            for shown in event.plays:
                self.flips[shown.seat] = 0.0 if not instant else FLIP
        elif isinstance(event, ev.DiceRolled):
            pass  # queued by on_applied with the command's other rolls; the tray sounds each throw
        elif isinstance(event, ev.StaminaLost):
            self.floaters.append(Floater(event.seat, f"-{event.amount}", theme.BAD, 0))
        elif isinstance(event, ev.StaminaGained) and event.amount:
            self.floaters.append(Floater(event.seat, f"+{event.amount}", theme.GOOD, 0))
        elif isinstance(event, ev.PowerChanged) and event.amount:
            sign = "+" if event.amount > 0 else ""
            self.floaters.append(Floater(event.seat, f"{sign}{event.amount}", (120, 170, 255), 1))
        elif isinstance(event, ev.PowerPaid):
            self.floaters.append(Floater(event.seat, f"-{event.amount}", (120, 170, 255), 1))
        elif isinstance(event, ev.SpellRead) and not event.countered:
            self.app.play("spell")
        elif isinstance(event, ev.Ready) and event.seat != self.view.seat:
            self.app.play("place")
        elif isinstance(event, ev.DuelWon):
            self.app.play("reward")
        elif isinstance(event, ev.MatchWon):
            self.app.play("end")

    # --- every frame --------------------------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.stage.busy() or self.dice.busy or any(t < FLIP for t in self.flips.values())

    def update(self, dt: float) -> None:
        self.stage.speed = self.app.settings.animation_factor
        self.stage.update(dt)
        self.dice.step(dt)
        for seat in list(self.flips):
            self.flips[seat] += dt
            if self.flips[seat] > FLIP + 0.1:
                del self.flips[seat]
        for floater in list(self.floaters):
            floater.age += dt
            if floater.age > FLOAT:
                self.floaters.remove(floater)
        if self.panel is not None and self.panel.chosen is not None:
            chosen, self.panel.chosen = self.panel.chosen, None
            self.submit(chosen)
        self.drive_session()
        self._layout_buttons()

    def holding(self) -> bool:
        return self.drag is not None

    def clear_selection(self) -> None:
        self.selected = None

    def after_handover(self) -> None:
        self.stage.motions.clear()
        self.snap_next_draw = True
        super().after_handover()

    # --- commands ------------------------------------------------------------------------------------------------
    def can_choose(self) -> bool:
        view = self.view
        return (
            view.stage == "choose"
            and view.prompt is None
            and view.seat in view.to_act
            and self.session.is_human(view.seat)
            and self.session.needs_handover() is None
        )

    def select(self, card: str) -> None:
        """Pick a card of the hand; the dial moves to the first value the card can take now."""
        self.selected = card
        allowed = [d for d in CARDS[card].dials if self.problem(card, d) is None]
        self.dial.set((allowed or list(CARDS[card].dials))[0])
        self._update_dial()
        self.app.play("click")

    def reveal_pick(self) -> None:
        if self.selected is None:
            self.say("First tap a card of your hand.")
            return
        card, dial = self.selected, self.dial.value
        problem = self.problem(card, dial)
        if problem is None:
            self.submit(Play(self.view.seat, card, dial))
            return
        seat = self.view.seat
        self.app.go.dialog(
            "An illegal play",
            f"{problem} Revealed like this, {name(card)} does nothing and your turn is skipped (a pass).",
            [("Reveal it anyway", lambda: self.submit(Pass(seat, card, dial))), ("Change my play", lambda: None)],
        )

    def pass_turn(self) -> None:
        self.submit(Pass(self.view.seat))

    def ask_concede(self) -> None:
        """A concession is final: the person confirms it first."""
        seat = self.view.seat
        other = self.view.opponent(seat)
        winner = self.session.name(other) if other is not None else "Your opponent"
        self.app.go.dialog(
            "Concede this duel?",
            f"{winner} wins the duel and its victory token, and the match goes on. It cannot be taken back.",
            [("Concede the duel", lambda: self.submit(Concede(seat))), ("Play on", lambda: None)],
        )

    def offer_draw(self) -> None:
        if self.submit(OfferDraw(self.view.seat)):
            self.say("Draw offered: the others answer in turn.")

    # --- input ---------------------------------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> str | None:
        for rect, card in reversed(self.card_hits):
            if rect.collidepoint(pos):
                return card
        return None

    def pointer(self, event: PointerEvent) -> None:
        if self.drag is not None and event.pointer.id != self.drag.pointer:
            return
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            card = self.panel.card_at(event.pos) if self.panel else self.card_at(event.pos)
            if card != self.hover[0]:
                self.hover = (card, self.app.now)
        if event.kind == "long_press":
            self.long_press_card = self.panel.card_at(event.pos) if self.panel else self.card_at(event.pos)
            if self.long_press_card is not None:
                return
        if event.kind == "up" and self.long_press_card is not None:
            self.long_press_card = None
            return
        if self.panel is not None:
            if not self.busy():
                command = self.panel.pointer(event)
                if command is not None:
                    self.submit(command)
            return
        for button in [*self.buttons, self.ready_button, self.pass_button, *self.stall_buttons()]:
            enabled = button.enabled  # a tap's action may disable it (a submitted pick)
            if button.pointer(event):
                if event.kind == "tap":
                    self.app.play("click" if enabled else "error")
                    if not enabled and button in (self.ready_button, self.pass_button):
                        self.say(self._not_now())
                return
        if self.drag is None and self.dial.pointer(event):
            self._update_dial()
            if event.kind in ("up", "tap") and self.dial.dragging is None:
                self.app.play("click")
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
        card = self.card_at(event.pos)
        if card is None or card not in self.hand_rects or not self.can_choose():
            return
        rect = self.hand_rects[card]
        self.drag = Drag(
            event.pointer.id, card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pointer.pos, rect.size
        )

    def _drop(self, event: PointerEvent) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        zone = self.layout.zones[self.view.seat]
        if zone.rect.collidepoint(event.pos) or self.layout.dial.collidepoint(event.pos):
            self.select(drag.card)
        else:
            self.say("Drop the card on your place at the table (or just tap it) to pick it.")

    def _tap(self, pos: tuple[int, int]) -> None:
        card = self.card_at(pos)
        if card is not None and card in self.hand_rects:
            if not self.can_choose():
                self.say(self._not_now())
                return
            if self.selected == card:
                self.selected = None
                self._update_dial()
            else:
                self.select(card)
            return

    def _not_now(self) -> str:
        view = self.view
        if view.stage == "sideboard":
            return "First choose your side board."
        if not view.wizards[view.seat].dueling:
            return "Your duel is over: watch your ally's."
        if view.seat in view.paralyzed:
            return "You are paralyzed this round: no card, no turn."
        if view.choice is not None:
            return "You are ready: wait for the others."
        return "Not now: the round is being resolved."

    # --- tests and demos --------------------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person makes for ``command`` here: ("tap", pos) or ("drag", from, to)."""
        if self.panel is not None:
            return [("tap", pos) for pos in self.panel.gesture(command)]  # once the table is still (busy())
        if isinstance(command, Pass) and command.card is None:
            return [("tap", self.layout.pass_button.center)]
        if isinstance(command, (Concede, OfferDraw)):
            return [("tap", self.stall_buttons()[self.stall_commands().index(command)].rect.center)]
        if isinstance(command, (Play, Pass)):
            assert command.card is not None and command.dial is not None
            actions: list[tuple] = []
            if self.selected != command.card:
                rect = self.hand_rects[command.card]
                actions.append(("tap", (rect.centerx, rect.top + px(16))))
            start = (command.dial + 4) % 11
            actions.append(("drag", self.dial.number_pos(start), self.dial.number_pos(command.dial)))
            actions.append(("tap", self.layout.ready.center))
            return actions
        raise AssertionError(f"no gesture for {command}")

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        painter.draw_table(self, surface)
