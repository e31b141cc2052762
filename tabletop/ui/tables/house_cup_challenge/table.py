"""The House Cup Challenge table scene: it draws one seat's view and turns drags and taps into commands.

Drag your character (the spaces it can reach light up, the path to the one under the pointer is drawn) or a
card, or tap it, then a lit space (the keyboard's way too: Enter on it, then Enter on a space). Tap a face-up
[Action] Special Card, then its target. Every other choice, and between several moves to the same space, is made
in the choice panel.

The Wand Bonus Token (two players): the rules offer its flip after each of its owner's actions, and the choice
panel asks it then; the switch on the table (Extra action: ON, by Draw and Pass) answers "flip" beforehand, so
the next action's offer is not asked. A score (a player's VP,
Gryffindor's points) shows what it is made of when the pointer rests on it or it is tapped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.cards import ADVENTURES, SPECIALS
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.i18n import N_, end_sentence
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import MOUSE, Pointer, PointerEvent
from tabletop.ui.keyboard import Target
from tabletop.ui.scene import AppLike
from tabletop.ui.sprites.motion import Drag, Flight, step_flights
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup_challenge.faces import zoom_face
from tabletop.ui.tables.house_cup_challenge.layout import Layout
from tabletop.ui.tables.house_cup_challenge.painter import Arrival, Departure, Look, paint
from tabletop.ui.tables.house_cup_challenge.panels import choice_panel, round_trip
from tabletop.ui.tables.house_cup_challenge.results import named_headline, tallies
from tabletop.ui.tables.house_cup_challenge.scores import Breakdown, player_breakdown, track_breakdown
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Widget

WALK_STEP = 0.16  # seconds per space when a character walks a path
# The action's prompt, by the task's extra, whether a Special Card may be used now and whether a card may be played
# onto the board: most players hold no Special Card for long stretches (none at the start), and about one action in
# fourteen has no card to play (an empty hand, or every space of the hand's cards taken); the line told them to.
# Moving, drawing and passing are always open (with both piles empty a draw draws nothing, as the rulebook says).
ACTION_PROMPTS = {
    ("", True, True): N_(
        "{name}, your action: move your character, play a card onto the board, use a Special Card, draw or pass."
    ),
    ("", False, True): N_("{name}, your action: move your character, play a card onto the board, draw or pass."),
    ("", True, False): N_("{name}, your action: move your character, use a Special Card, draw or pass."),
    ("", False, False): N_("{name}, your action: move your character, draw or pass."),
    ("time", False, True): N_(  # (not a Special Card: the Time-Turner's two actions may not be that one)
        "{name}, your action (Time-Turner): move your character, play a card onto the board, draw or pass."
    ),
    ("time", False, False): N_("{name}, your action (Time-Turner): move your character, draw or pass."),
    ("bonus", True, True): N_(
        "{name}, your action (Wand Bonus Token): move your character, play a card onto the board, use a Special "
        "Card, draw or pass."
    ),
    ("bonus", False, True): N_(
        "{name}, your action (Wand Bonus Token): move your character, play a card onto the board, draw or pass."
    ),
    ("bonus", True, False): N_(
        "{name}, your action (Wand Bonus Token): move your character, use a Special Card, draw or pass."
    ),
    ("bonus", False, False): N_("{name}, your action (Wand Bonus Token): move your character, draw or pass."),
}


def action_prompt(extra: str, legal: Sequence[Command]) -> str:
    """The action's prompt (``ACTION_PROMPTS``), untranslated: playing a card and using a Special Card are named
    only when the rules allow them."""
    specials = any(isinstance(command, ev.UseSpecial) for command in legal)
    plays = any(isinstance(command, (ev.PlayHere, ev.PlayThere)) for command in legal)
    return ACTION_PROMPTS.get((extra, specials, plays), ACTION_PROMPTS[("", specials, plays)])


class ChallengeTable(GameTable):
    name = "house-cup-challenge-table"
    game_id = "house-cup-challenge"
    tallies = staticmethod(tallies)
    ZOOM_KINDS = ("card", "chip", "portrait")  # Adventure Cards, Special Cards, the characters' cards
    # the keyboard's stops (and the spaces); a chip or a character's card is a stop to read by Z, as a resting
    # mouse reads it (most chips, FREE, USED and everyone else's, were out of a keyboard's reach)
    FOCUS_KINDS = ("token", "card", "special", "chip", "portrait", "more", "bonus", "score", "track")
    READ_KINDS = ("chip", "portrait")
    stage: Stage
    SOUNDS = {
        ev.CardsDrawn: "deal",
        ev.CardPlayed: "place",
        ev.CardPlaced: "place",
        ev.Moved: "step",
        ev.AdventureCompleted: "reward",
        ev.EncounterFailed: "error",
        ev.SpecialFlipped: "spell",
        ev.NewYear: "reveal",
        ev.WandPassed: "turn",
        ev.GameEnded: "end",
    }

    def sound_for(self, event: Event) -> str | None:
        """The kit's table; the Wand passed rings for the person at the screen only: between two bots it rang 13
        times a game, and to another person before the privacy screen, which rings as they take it."""
        if isinstance(event, ev.WandPassed) and not event.seat == self.session.shown_to == self.session.acting_human():
            return None
        return super().sound_for(event)

    def __init__(self, app: AppLike, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: ChallengeView = session.view()
        self.layout = Layout(self.table_size(), len(self.view.players))
        self.selected_card: str | None = None
        self.selected_special: str | None = None
        self.character_picked = False  # the viewer's character tapped, to tap a lit space to move it to next
        self.choosing: tuple[Command, ...] | None = None  # the commands one drop or tap could mean, in the panel
        self.walks: list[Flight] = []  # characters walking their path space by space, one flight a space
        self.walk_told = ""  # the log's line for the last move of another seat's character, said as it walks
        # A walk tells its move in order: till the character arrives the table is drawn as it lay when it set out
        # (the card it walks to still on its space, no reward yet) and the log's lines after the walk's wait
        self.before: ChallengeView | None = None  # the view the walk set out from, drawn till it arrives
        self.untold = 0  # the log's last lines, what the walk leads to (an encounter, its reward), told on arrival
        self.arrivals: dict[str, Arrival] = {}  # cards come since the last drawing, and from where (``Look``)
        self.departures: dict[str, Departure] = {}  # cards that left, and to where, while they glide (``Look``)
        self.pinned: Hashable | None = None  # a score whose breakdown was tapped open: a seat, or "track"
        self.held_sheet: Hashable | None = None  # a score a finger is held still on: its sheet shown till the lift
        self.sheet_finger: Pointer | None = None  # the finger (or mouse) holding it
        self.score_hover: tuple[Hashable | None, float] = (None, 0.0)  # the score the mouse rests on, since when
        self.hand_first = 0  # the first card shown of a hand that scrolls
        self.specials_first: dict[int, int] = {}  # by seat: the first Special Card of its panel's page of chips
        self.armed = False  # the viewer's Wand Bonus Token is to be flipped when the rules next offer it
        self.switched = False  # the last offer was answered by the switch (Undo sets the switch back then)
        self._aims_view: ChallengeView | None = None  # the view ``_aims`` was sorted from (``aims_of``)
        self._aims: dict[str, dict[str, list[Command]]] = {}
        self.draw_button = Button(
            _("Draw"), lambda: self.choose_among([ev.DrawCards(self.view.seat)]), primary=True, size=19
        )
        self.pass_button = Button(_("Pass"), lambda: self.choose_among([ev.Pass(self.view.seat)]), size=19)
        self.token_button = Button(_("Extra action: off"), self.toggle_token, size=16, refused=self._token_refused)
        self.hand_left = Button("<", lambda: self.scroll_hand(-1), size=22)
        self.hand_right = Button(">", lambda: self.scroll_hand(1), size=22)

    def enter(self) -> None:
        self.rebuild_recent()
        self.refresh()

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hide.action()  # as if "Back to the choice" were pressed (its words and place with it)
        elif self.choosing or self.selected_card or self.selected_special or self.character_picked or self.drag:
            self.drag = None
            self.clear_selection()
        elif self.pinned is not None:  # (a score sheet opened by Enter: Escape opened the pause over it)
            self.pinned = None
        else:
            self.open_pause()

    def refresh(self) -> None:
        self.view = view = self.session.view()
        self.layout = Layout(self.table_size(), len(view.players))
        names, task, log = self.session.names(), view.tasks[-1] if view.tasks else None, len(self.session.match.log)
        if self.choosing is not None and not all(command in view.legal for command in self.choosing):
            self.choosing = None
        choosing = self.choosing  # a choice the player opened; else maybe one the rules ask now
        # The token's offer comes right after an action, as the rules make it: asked then, unless the switch
        # answered it beforehand (Extra action: ON).
        asked = task is not None and task.kind != "action" and not (task.kind == "token" and self.armed)
        asked = asked and self.my_turn()
        key = ("choose", choosing) if choosing else (task.kind, task.phase, log, view.seat) if asked and task else None
        cancel = self.clear_selection if choosing else None
        self.set_panel(key, lambda: choice_panel(view, choosing or view.legal, names, cancel))
        self.hand_clear_of_panel()
        self.layout_bar(self.layout.buttons)
        self.draw_button.rect, self.pass_button.rect = self.layout.draw_button, self.layout.pass_button
        self.draw_button.enabled = self.can_act() and ev.DrawCards(view.seat) in view.legal
        self.pass_button.enabled = self.can_act() and ev.Pass(view.seat) in view.legal
        self.draw_button.label = _("Draw {count}").format(count=3 if view.me.character == "hermione" else 2)
        # With both piles empty a draw gives nothing (the rules allow it): the button says so and is not the lit one.
        piles_empty = view.draw_count == 0 and not view.discard
        self.draw_button.note = _("both piles are empty") if piles_empty else ""
        self.draw_button.primary = not piles_empty
        self.pass_button.label = _("Pass")
        self.lay_token_button()
        hand = self.hand_shown()
        self.hand_first = 0 if self.placing() else self.first_showing_drawn(hand)
        _slots, self.hand_first, scrolls = self.layout.hand_slots(len(hand), self.hand_first)
        self.hand_left.rect, self.hand_right.rect = self.layout.hand_arrows()
        self.hand_left.visible = self.hand_right.visible = scrolls
        self.hand_left.enabled = self.hand_first > 0
        shown = len(self.layout.hand_slots(len(hand), self.hand_first)[0])
        self.hand_right.enabled = self.hand_first + shown < len(hand)

    def hand_clear_of_panel(self) -> None:
        """The hand's row ends left of a choice panel docked beside the board (where a new card goes): its cards ran
        on under the panel, and at 1024x640 the last of Ben's five lay hidden behind it while he placed a new card (a
        review by touch). They shrink or scroll in the room left, as they do in a narrow window; the whole row again
        once the panel is gone (it stayed narrowed till a resize). Where the panel leaves no room for a card between
        the row's arrows (``least_hand_width``; upright, a panel docked under the board lies across the row) the row
        stays whole under it (narrowed to a sliver, the cards had a width below zero and drawing them failed)."""
        panel, row = self.panel, self.layout.hand_row
        self.layout.hand_cards = row.copy()
        if panel is None or panel.hidden or not panel.docked or not panel.rect.colliderect(row):
            return  # (folded away to peek at the table, it leaves the row whole)
        room = panel.rect.left - px(8) - row.left
        if row.left < panel.rect.left < row.right and room >= self.layout.least_hand_width():
            self.layout.hand_cards.width = room

    def first_showing_drawn(self, hand: tuple[str, ...]) -> int:
        """The first card of the hand's row shown: as scrolled, or, as cards the viewer drew (or took by Accio!)
        arrive, as far as shows them (they join the hand past a full row's end: on a tablet held upright, from the
        seventh card on, they landed out of view)."""
        drawn = [
            hand.index(card)
            for card, came in self.arrivals.items()
            if came in (("deck", -1), ("board", -1)) and card in hand
        ]
        slots, _first, scrolls = self.layout.hand_slots(len(hand), 0)
        if not drawn or not scrolls:
            return self.hand_first
        return max(0, min(min(drawn), max(drawn) - len(slots) + 1))

    def controls(self) -> list[Widget]:
        return [*self.bar, self.draw_button, self.pass_button, self.token_button, self.hand_left, self.hand_right]

    # --- the Wand Bonus Token ------------------------------------------------------------------------------
    def lay_token_button(self) -> None:
        """The token's switch, by Draw and Pass: only in a two-player game, lit while it can be flipped."""
        token, button = self.view.me.wand_token, self.token_button
        button.rect, button.visible = self.layout.token_button, bool(token) and self.replay_bar is None
        self.armed = self.armed and token == "up"
        offer = bool(self.view.tasks) and self.view.tasks[-1].kind == "token"  # (answered in the panel then)
        # (not while the setup's cards are laid: no action is flipped for, and armed it was off again, unsaid)
        button.enabled = token == "up" and self.my_turn() and not offer and not self.view.setup
        button.selected = self.armed
        if token == "down":
            button.label, button.note = _("Wand token used"), _("back with the Wand")
        else:
            button.label = _("Extra action: ON") if self.armed else _("Extra action: off")
            button.note = _("Wand Bonus Token")

    def others_token_words(self, seat: int) -> str:
        """What another player's Wand Bonus Token means as it lies (a tap on it opened their score sheet, and
        nothing on the table said what the round piece was, face up or used: a review against a Hard bot)."""
        name = self.session.names()[seat]
        if self.view.players[seat].wand_token == "up":
            return _(
                "{name}'s Wand Bonus Token is face up: right after one of their actions they may flip it for one "
                "extra action."
            ).format(name=name)
        return _("{name}'s Wand Bonus Token is used: it turns face up when they next receive the Wand.").format(
            name=name
        )

    def toggle_token(self) -> None:
        self.armed = not self.armed
        self.say(
            _("Your Wand Bonus Token flips after this action: one more action follows at once.")
            if self.armed
            else _("After this action the table asks whether to flip your Wand Bonus Token.")
        )
        self.lay_token_button()

    def _token_refused(self) -> None:
        if self.view.me.wand_token == "down":
            self.say(_("Your Wand Bonus Token was used: it turns face up when you next receive the Wand."))
        else:
            self.say(self._not_now())

    def answer_token(self) -> None:
        """The rules offer the viewer their token's flip right after an action: with the switch on, the table
        flips it at once; else the choice panel asks (the rules' moment: after seeing what the action did)."""
        task = self.view.tasks[-1] if self.view.tasks else None
        if self.replay_bar is not None or task is None or task.kind != "token" or not self.my_turn():
            return
        self.switched = self.armed
        if self.armed:
            self.armed = False
            self.submit(ev.WandBonus(self.view.seat, True))

    def undo(self) -> None:
        """Undo, and a walk of the move taken back stops there, its story with it (its lines are gone from the log
        told again: held back, the lines before them were)."""
        moves = len(self.session.match.log)
        self.take_back()
        if len(self.session.match.log) < moves:
            self.walks.clear()
            self.arrived()

    def take_back(self) -> None:
        """Undo takes back the player's action with the token's answer the table gave after it (that answer
        alone would only be given again), or says why it cannot."""
        match, seat = self.session.match, self.view.seat
        last = match.log[-1] if match.log else None
        if not isinstance(last, ev.WandBonus) or last.seat != seat:
            super().undo()
            return
        if not self.can_take_back():
            self.why_no_undo()
            return
        self.session.undo()
        self.armed = last.use and self.switched  # the switch as it was (an answer in the panel leaves it off)
        super().undo()

    def can_take_back(self) -> bool:
        """Whether Undo can take the viewer's last action back (with the token's answer given after it)."""
        match, seat = self.session.match, self.view.seat
        if not self.session.can_undo():
            return False
        if not isinstance(match.log[-1], ev.WandBonus):
            return True
        before = match.log[-2] if len(match.log) > 1 else None
        return before is not None and before.seat == seat and not any(e.irreversible() for e in match.history[-2])

    def move_to_take_back(self) -> Command | None:
        """The viewer's action behind the token's answer, when that answer is the last move (Undo takes both: the
        answer alone was named, and a refusal said it "showed or drew something" where Ben had answered between)."""
        log, seat = self.session.match.log, self.view.seat
        if len(log) > 1 and isinstance(log[-1], ev.WandBonus) and log[-1].seat == seat:
            return log[-2]
        return super().move_to_take_back()

    def may_undo(self) -> bool:
        return self.can_take_back()

    # --- the hand and the scores ---------------------------------------------------------------------------
    def scroll_hand(self, step: int) -> None:
        shown = max(1, len(self.layout.hand_slots(len(self.hand_shown()), self.hand_first)[0]))
        self.hand_first = max(0, self.hand_first + step * max(1, shown - 1))
        self.refresh()

    def pointer(self, event: PointerEvent) -> None:
        free = self.panel is None or self.panel.hidden or self.panel.docked  # (an open panel takes the wheel)
        if event.kind == "wheel" and free and self.hand_left.visible and self.layout.hand.collidepoint(event.pos):
            self.scroll_hand(-1 if event.dy > 0 else 1)
            return
        super().pointer(event)
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            hovered = self.score_at(event.pos)
            if hovered != self.score_hover[0]:
                self.score_hover = (hovered, self.app.now)  # (the rest begins as the mouse comes, not when drawn)
        if event.kind == "long_press" and self.long_press_card is None:  # (as a card held is shown large: a
            self.held_sheet = self.score_at(event.pos)  # finger has no rest)
            self.sheet_finger = event.pointer
        elif event.kind in ("up", "drag_start") and event.pointer is self.sheet_finger:
            self.held_sheet = None  # (its own finger's lift: another finger's tap left it showing)

    def popup_at(self, pos: tuple[int, int]) -> bool:
        """A score sheet opened by a tap: it may lie over the table's buttons (at 1280x800 it hid Log and Undo,
        and a tap on it to close it opened the Log)."""
        return self.pinned is not None and self.hits.at(pos, "sheet") is not None

    def popup_pointer(self, event: PointerEvent) -> None:
        """A tap on the sheet closes it (a slow press let go too), and nothing else."""
        if event.kind == "tap" or (event.kind == "up" and event.pointer.long_pressed):
            self.pinned = None

    def score_at(self, pos: tuple[int, int]) -> Hashable | None:
        """The score at ``pos`` whose sheet a rest or a hold there opens: none under a docked choice panel (a mouse
        resting on a long panel of places, docked over the track, opened Gryffindor's sheet from under it)."""
        docked = self.docked_panel()
        if docked is not None and docked.collidepoint(pos):
            return None
        return self.hits.item_at(pos, "score", "counts", "track")

    def breakdown(self) -> tuple[Breakdown, pygame.Rect] | None:
        """The score explained now: the one a finger holds, else the one tapped open, else the one the mouse has
        rested on."""
        if self.sheet_finger is not None and self.sheet_finger.gone:  # (let go unseen: the window lost the focus,
            self.held_sheet = self.sheet_finger = None  # or a screen over the table took the lift)
        key = self.held_sheet if self.held_sheet is not None else self.pinned
        if key is None:
            hovered = self.score_at(self.mouse_at) if not self.holding() else None
            if hovered != self.score_hover[0]:
                self.score_hover = (hovered, self.app.now)
            if hovered is not None and self.app.now - self.score_hover[1] >= self.hover_zoom:
                key = hovered
        if key is None or (self.panel is not None and not self.panel.hidden and not self.panel.docked):
            return None
        names, view = self.session.names(), self.view_drawn()  # (the points drawn: before a walk's reward)
        if key == "track":
            return track_breakdown(view, names), self.layout.track
        seat = int(str(key))
        return player_breakdown(view, seat, names), self.layout.players[seat]

    def animate(self, event: Event) -> None:
        if isinstance(event, ev.CardPlayed):
            self.arrivals[event.card] = ("seat", event.seat)
        elif isinstance(event, ev.CardPlaced):
            self.arrivals[event.card] = ("deck", event.seat)
        elif isinstance(event, ev.CardsDrawn) and event.cards:  # (the drawer's own event: the others see no card)
            self.arrivals.update((card, ("deck", -1)) for card in event.cards)
        elif isinstance(event, ev.AdventureCompleted):
            self.departures[event.card] = ("seat", event.seat)
        elif isinstance(event, ev.CardTaken):  # Accio!: from the board into a hand (the viewer's own: it comes in)
            mine = event.seat == self.view.seat
            self.departures[event.card] = ("hand" if mine else "seat", event.seat)
            if mine:
                self.arrivals[event.card] = ("board", -1)
        elif isinstance(event, ev.CardDiscarded):
            self.departures[event.card] = ("discard", event.seat)
        elif isinstance(event, ev.BoardCleaned):
            self.departures.update((card, ("discard", -1)) for _cell, card in event.cards)
        elif isinstance(event, ev.CardRevealed) and event.placeable and event.seat == self.view.seat:
            self.arrivals[event.card] = ("deck", -1)  # the new card the viewer places shows first in the hand's row
        motion = self.app.settings.motion_factor  # (a walk moves: none with reduced motion)
        if isinstance(event, ev.Moved) and len(event.path) > 1 and motion > 0:
            cells = [self.view.players[event.seat].cell, *event.path]  # (the view is refreshed after the events)
            step = WALK_STEP / motion
            if event.seat != self.view.seat:
                self.walk_told = self.session.game.describe(event, self.session.names())
            self.before = self.view  # (as it lay when the walk set out: ``on_applied``)
            hops = zip(cells, cells[1:], strict=False)
            self.walks = [flight for flight in self.walks if flight.item != event.seat] + [
                Flight("walk", event.seat, self.layout.cells[a].center, self.layout.cells[b].center, step, -n * step, 0)
                for n, (a, b) in enumerate(hops)
            ]

    def on_applied(self, applied: Applied) -> None:
        """As every table does; a walk's move holds back the log's lines after the walk's own till it arrives
        (``untold``). A move made while a walk's story is still held (the person's next, during their own walk)
        has that story told first: its lines come after it."""
        self.arrived()
        super().on_applied(applied)
        if self.before is not None:
            self.untold = self.lines_after_walk(applied.events)

    def lines_after_walk(self, events: Sequence[Event]) -> int:
        """How many of the log's lines for ``events`` (as ``remember`` tells them) come after the walk's own."""
        seat, names, describe = self.log_seat(), self.session.names(), self.session.game.describe
        told = [event for event in events if event.visible_to(seat) and describe(event, names)]
        walked = [n for n, event in enumerate(told) if isinstance(event, ev.Moved) and len(event.path) > 1]
        return len(told) - walked[-1] - 1 if walked else 0

    def sound_delay(self, event: Event) -> float:
        """What comes after a walk in its move (the reward's chime, a failure's) sounds as the character arrives."""
        if self.before is None:
            return 0.0
        return max((flight.duration - flight.elapsed for flight in self.walks), default=0.0)

    def arrived(self) -> None:
        """The walk told is over (or shown done, or gone): the table drawn as it lies and every line of the log."""
        self.before, self.untold = None, 0

    def update(self, dt: float) -> None:
        self.stage.speed = self.app.settings.motion_factor  # what glides; the table's pace is the session's
        self.stage.update(dt)
        self.hand_clear_of_panel()  # (the panel folded away or back by its own button, with no new view)
        walking = self.others_walking()
        step_flights(self.walks, dt)
        if self.before is not None and not self.walks:
            self.arrived()  # (the card it walked to leaves the board now: the painter glides it to its player)
        if walking and not self.others_walking():
            self.refresh()  # the viewer's turn, held back while another character walked: its buttons and panel
        self.answer_token()
        self.drive_session()
        self.layout_bar(self.layout.buttons)

    def busy(self) -> bool:
        return self.stage.busy() or bool(self.walks)

    def choose_among(self, commands: Sequence[Command]) -> None:
        """One command is given at once; several (moves that end on the same space) are offered in the panel, and so
        is a move back onto the space the character stands on (``round_trip``), even alone: the character put back
        where it stood, by a drop or a second tap, walked out and in again and encountered the card lying there,
        spending the action (a person putting their character back down had chosen no such move)."""
        if len(commands) == 1 and not round_trip(self.view, commands[0]):
            self.submit(commands[0])
            return
        self.choosing = tuple(commands)
        self.refresh()

    def picked(self) -> Hashable:
        return "character" if self.character_picked else self.selected_card or self.selected_special

    def opened(self) -> Hashable:
        return self.pinned, tuple(self.specials_first.items())

    def clear_selection(self) -> None:
        self.selected_card = self.selected_special = None
        self.character_picked = False
        if self.choosing is not None:
            self.choosing = None
            self.refresh()

    def my_turn(self) -> bool:
        """Whether the viewer acts now: once another character's walk is shown to its end (``others_walking``)."""
        return self.turn_come() and not self.others_walking()

    def turn_come(self) -> bool:
        """Whether the rules have the person at the screen act now (shown or not yet: ``my_turn``)."""
        view, session = self.view, self.session
        human = session.is_human(view.seat) and session.needs_handover() is None
        return view.seat in view.to_act and human and bool(view.legal)

    def others_walking(self) -> bool:
        """Whether another seat's character is still walking the path of its move (a bot's, as it is shown): the
        viewer's turn waits for it, as the bell does (the prompt, Draw and Pass, the lit spaces and the panel came
        with the move, the bot's character a space or two from where it was going, and a tap acted on them)."""
        seat = self.view.seat
        return any(flight.item != seat for flight in self.walks)

    def held_back(self) -> bool:
        """The viewer's turn has come but waits for another character's walk (``my_turn``)."""
        return self.others_walking() and self.turn_come()

    def can_act(self) -> bool:
        """The viewer is choosing an action (not a choice inside one)."""
        return self.my_turn() and bool(self.view.tasks) and self.view.tasks[-1].kind == "action"

    def turn_rank(self, target: Target) -> int | None:
        """The keyboard's first stop as an action begins: one's own character, else Draw; a card of the hand or a
        Special Card that can be played, and Pass, are things to play too (the focus resting on one stays)."""
        if not self.can_act():
            return None
        if target.key == ("token", self.view.seat):
            return 0 if self.targets("character") else None
        if target.item is self.draw_button:
            return 1
        if target.kind in ("card", "special") and isinstance(target.item, str) and self.targets(target.item):
            return 2
        return 3 if target.item is self.pass_button else None

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

    def targets(self, what: str) -> Mapping[str, Sequence[Command]]:
        """The viewer's commands for ``what`` (see ``aim``) by the space they aim at (read only: shared)."""
        if not self.my_turn():
            return {}
        return self.aims_of(self.view).get(what, {})

    def aims_of(self, view: ChallengeView) -> dict[str, dict[str, list[Command]]]:
        """The view's legal commands by what they move and the space they aim at, sorted once per view: each
        frame asked for them by every hand card, Special Card and stop (about 270 aims a frame)."""
        if self._aims_view is not view:
            grouped: dict[str, dict[str, list[Command]]] = {}
            for command in view.legal:
                aim = self.aim(command)
                if aim is not None:
                    grouped.setdefault(aim[0], {}).setdefault(aim[1], []).append(command)
            self._aims_view, self._aims = view, grouped
        return self._aims

    def held(self, drag: Drag | None = None) -> str:
        """What the viewer drags (``drag``, or the drag in progress) or has selected, to aim (see ``aim``)."""
        drag = drag or self.drag
        if drag is not None:
            return str(drag.item)
        return "character" if self.character_picked else self.selected_card or self.selected_special or ""

    def lit_cells(self) -> set[str]:
        return set(self.targets(self.held())) - {""}

    def focus_on_lit(self) -> None:
        """By keys, the ring on to the first lit space once something is picked up (Tab walked the 56 spaces:
        up to 131 presses to play a card)."""
        lit = self.lit_cells()
        if lit:
            self.focus_on(lambda target: target.kind == "space" and target.item in lit)

    def hovered_path(self) -> list[str]:
        if self.drag is None or self.drag.kind != "token":
            return []
        move = next(iter(self.targets("character").get(self.layout.cell_at(self.drag.pos) or "", [])), None)
        return [self.view.me.cell, *move.path] if isinstance(move, ev.Move) else []

    def start_drag(self, event: PointerEvent) -> None:
        """Pick up the viewer's character (a "token" whose item is "character") or a card of their hand; during
        another character's walk before the viewer's turn, the walk is shown done instead (``held_back``)."""
        if self.held_back():
            self.hurry()
            return
        placed, hand = self.hits.at(event.pos, "token", "card"), self.view.me.hand or ()
        if placed is not None and (placed.item == self.view.seat if placed.kind == "token" else placed.item in hand):
            kind, item, rect = placed.kind, "character" if placed.kind == "token" else str(placed.item), placed.rect
        else:
            # A drag begun on one's own space but off every character picks one's own up too: among four at the
            # start it is 34 px across, and a finger's width off it did nothing, without a word. (Begun on another's
            # character, it says whose that is.)
            own = self.hits.rect_of("token", self.view.seat)
            theirs = placed is not None and placed.kind == "token"
            if theirs or own is None or self.layout.cell_at(event.pos) != self.view.me.cell:
                return
            kind, item, rect = "token", "character", own
        if not self.can_act():
            self.say(self._not_now())
            return
        self.drag = Drag.start(event.pointer.id, kind, item, rect, event.pos)
        self.selected_card = item if kind == "card" else self.selected_card

    def drop(self, drag: Drag, event: PointerEvent) -> None:
        cell = self.layout.cell_at(event.pos)
        options = self.targets(self.held(drag)).get(cell or "")
        self.selected_card = None if drag.kind == "card" else self.selected_card
        if options:
            self.choose_among(options)
        elif drag.kind == "card" and not self.targets(str(drag.item)):
            self.say(self.unplayable(str(drag.item)), error=True)
        elif cell is not None:
            self.say_out_of_reach(drag.kind == "token")

    def unplayable(self, card: str) -> str:
        """Why a card of the hand goes nowhere now: tapped, it was picked up with "Choose a lit space to play
        Quirrell Unmasked." and not a space lit (Trapdoor Chamber held Devil's Snare: a review by touch)."""
        adventure, taken = ADVENTURES[card], self.view.board_map()
        if all(cell in taken for cell in adventure.cells):
            line = _("{card} cannot be played now: each space it names holds a card.")
        else:
            line = _("{card} cannot be played now.")
        return line.format(card=adventure.title)

    def say_out_of_reach(self, character: bool) -> None:
        """Why the character (or the card) held cannot go to the space it was dropped on or tapped."""
        if character:
            self.say(_("Your character cannot reach that space with this move."), error=True)
        else:
            self.say(_("That card cannot be played there: the lit spaces are where it may go."), error=True)

    def tap(self, pos: tuple[int, int]) -> None:
        if self.held_back():  # (a tap on what the viewer's turn will offer: the walk is shown done, and no more)
            self.hurry()
            return
        cell = self.layout.cell_at(pos) or ""
        options = self.targets(self.held()).get(cell) or self.targets("").get(cell)
        if cell and options:
            self.choose_among(options)
            return
        card, special = self.hits.item_at(pos, "card"), self.hits.item_at(pos, "special")
        score = self.hits.item_at(pos, "score", "track", "panel")
        bonus, token = self.hits.item_at(pos, "bonus"), self.hits.item_at(pos, "token")
        page, chip = self.hits.item_at(pos, "page"), self.hits.item_at(pos, "chip")
        if isinstance(page, tuple):  # a panel's other Special Cards: the next page of its chips (or the first)
            seat, first = page
            self.specials_first[seat] = first
            self.refresh()
            return
        # Your character, or your own space off every other character (among four at the start a character is 24 px
        # across at 1366x768: a finger beside it did nothing; a drag begun there already took it up)
        own = token == self.view.seat or token is None and cell and cell == self.view.me.cell and special is None
        if own and self.can_act() and self.targets("character"):
            picked = not self.character_picked  # tap your character, then a lit space (as a drag does)
            self.clear_selection()
            self.character_picked = picked
            self.focus_on_lit()
        elif bonus == self.view.seat and self.token_button.visible:
            if self.token_button.enabled:
                self.toggle_token()
            else:
                self._token_refused()
        elif isinstance(bonus, int) and bonus != self.view.seat:
            self.say(self.others_token_words(bonus))
        elif isinstance(card, str) and card in (self.view.me.hand or ()):
            if self.can_act() and not self.targets(card):
                self.clear_selection()
                self.say(self.unplayable(card), error=True)
            elif self.can_act():
                self.take_back_refusal()
                self.selected_card = None if self.selected_card == card else card
                self.selected_special, self.character_picked = None, False
                self.focus_on_lit()
        elif isinstance(special, str):  # a Special Card used at once, or selected to tap its target next
            targets = self.targets(special)
            if not targets:
                self.say(_("That Special Card cannot be used now.") if self.can_act() else self._not_now())
            elif list(targets) == [""]:
                self.choose_among(targets[""])
            else:
                self.selected_special, self.selected_card = None if self.selected_special == special else special, None
                self.character_picked = False
                self.focus_on_lit()
        elif isinstance(chip, str):  # anyone's Special Card, large until the next touch (it opened the score sheet)
            self.show_zoom(chip, pos)
        elif score is not None:
            self.pinned = None if self.pinned == score else score
        elif cell and self.can_act() and cell in self.targets("character"):
            # (a space tapped first did nothing, though the prompt says "move your character": a reviewer)
            self.say(_("To move there, pick up your character first: tap it, then this space (or drag it here)."))
        elif cell and self.can_act() and (self.character_picked or self.selected_card):
            # A space the character or card picked cannot go to: why, as a drop there says, and it stays picked
            # with its lit spaces (the tap put it down without a word: a new player's walk four steps away)
            self.say_out_of_reach(self.character_picked)
        else:
            self.pinned = None
            self.clear_selection()

    def _not_now(self) -> str:
        if self.view.to_act and self.view.to_act[0] != self.view.seat:
            return _("It is {name}'s turn.").format(name=self.session.name(self.view.to_act[0]))
        return _("First make the choice in the panel.") if self.panel is not None else _("Not now.")

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

    def focus_targets(self) -> list[Target]:
        """The table's stops, a usable Special Card once (its chip is also its "special" stop, the one Enter uses)."""
        found = super().focus_targets()
        usable = {target.item for target in found if target.kind == "special"}
        return [target for target in found if not (target.kind == "chip" and target.item in usable)]

    def focus_extras(self) -> list[Target]:
        """The board's spaces, for the keyboard's focus: Enter on one is a tap on it (a lit one takes what is
        picked there)."""
        return [Target("space", cell, rect) for cell, rect in self.layout.cells.items()]

    def draw_table(self, surface: pygame.Surface) -> HitMap:
        hits = paint(self.look(), surface, self.stage)
        if self.before is None:  # (cards a walk's reward brings glide in once it arrives)
            self.arrivals.clear()  # (their glides have begun)
        motions = self.stage.motions
        self.departures = {
            card: to for card, to in self.departures.items() if ("board", card) in motions or ("gone", card) in motions
        }
        return hits

    def look(self) -> Look:
        hand = self.view.me.hand or ()
        return Look(
            view=self.view_drawn(),
            layout=self.layout,
            names=self.session.names(),
            controllers=self.session.controllers(),
            prompt=self.prompt(),
            lit=frozenset(self.lit_cells()),
            path=self.hovered_path(),
            playable=frozenset(card for card in hand if self.targets(card)),
            selected=self.selected_card or self.selected_special,
            drag=self.drag,
            walking={flight.item: flight.pos() for flight in self.walks if flight.started},
            recent=self.recent_wrapped(self.layout.recent.width - px(16), 14, 12, self.untold),
            buttons=self.controls(),
            hand_first=self.hand_first,
            breakdown=self.breakdown(),
            armed=self.armed,
            placing=self.placing(),
            specials_first=self.specials_first,
            hand_end=self.hand_end(),
            log_end=self.log_end(),
            docked=self.docked_panel(),
            arrivals=dict(self.arrivals),
            departures=dict(self.departures),
        )

    def view_drawn(self) -> ChallengeView:
        """The view as the board shows it: while a character walks, the table as it lay when it set out (the
        card it walks to on its space, the players' points as they were: ``before``); while another character
        walks before the viewer's turn, that one is drawn acting (the ring on the board, the panel's edge), not
        the viewer whose turn waits for it."""
        view, seat = self.before or self.view, self.view.seat
        walker = next((flight.item for flight in self.walks if flight.item != seat), None)
        if walker is None or not self.held_back():
            return view
        return dataclasses.replace(view, to_act=(int(str(walker)),))

    def hand_end(self) -> int | None:
        """The left edge of a docked choice panel lying over the right part of the hand's caption row (where a new
        card goes, where to step back), or None: the piles' counts end short of it (French "pioche Spéciale" was
        cut there, its count under the panel)."""
        panel = self.panel
        if panel is None or panel.hidden or not panel.docked:
            return None
        area, row = self.panel_area(), self.layout.hand.top + px(5)
        return area.left if area.top <= row < area.bottom and area.left > self.layout.hand.left else None

    def docked_panel(self) -> pygame.Rect | None:
        """Where a docked choice panel lies over the table (None when there is none, or it is folded away)."""
        panel = self.panel
        return None if panel is None or panel.hidden or not panel.docked else panel.rect

    def log_end(self) -> int | None:
        """The top of a docked choice panel lying over the log's last lines, or None: the lines end above it (its
        edge cut one in half, the lower half under the panel)."""
        panel, recent = self.panel, self.layout.recent
        if panel is None or panel.hidden or not panel.docked or not panel.rect.colliderect(recent):
            return None
        return panel.rect.top

    def hand_shown(self) -> tuple[str, ...]:
        """The cards in the hand's row: the viewer's hand, after the new card they are placing, if any."""
        placing, hand = self.placing(), self.view.me.hand or ()
        return hand if placing is None else (placing, *hand)

    def placing(self) -> str | None:
        """The new Adventure Card the viewer is putting on the board (step 5), to show it to them."""
        task = self.view.tasks[-1] if self.view.tasks else None
        return task.card if task is not None and task.kind == "place" and self.my_turn() else None

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The banner's line: what happens now, and what the person at the screen can do."""
        view, session, names = self.view, self.session, self.session.names()
        result, thinking = session.match.result(), session.bot_thinking
        if result is not None:
            characters = [player.character for player in view.players]
            return named_headline(result, characters, names), theme.GOLD_LIGHT
        if passing := self.passing_line():  # (asked once: every frame draws the banner)
            return passing, theme.HIGHLIGHT
        if self.walk_told and self.held_back():  # what is shown now (the viewer's turn waits for it)
            return self.walk_told, theme.TEXT
        if not view.to_act or not self.my_turn():
            # A bot's turn of several moves reads as one thought (the pause between its moves read "Waiting for
            # Ben..." and the line flickered back and forth with "Ben is thinking...").
            actor = thinking if thinking is not None else view.to_act[0] if view.to_act else None
            if actor is None:
                return "", theme.TEXT
            bot = not session.match.seats[actor].is_human  # (the seat's: a replay plays every seat as a bot)
            line = _("{name} is thinking...") if bot else _("Waiting for {name}...")
            return line.format(name=names[actor]), theme.TEXT
        if self.panel is not None:
            return _("{name}: make your choice in the panel.").format(name=names[view.seat]), theme.GOLD_LIGHT
        if self.selected_special:
            special = SPECIALS[self.selected_special].name
            return _("{special}: choose a lit space.").format(special=special), theme.GOLD_LIGHT
        if self.selected_card:
            card = ADVENTURES[self.selected_card].title
            return end_sentence(_("Choose a lit space to play {card}.").format(card=card)), theme.GOLD_LIGHT
        if self.character_picked:
            return _("Choose a lit space to move your character to."), theme.GOLD_LIGHT
        action = _(action_prompt(view.tasks[-1].extra, view.legal)).format(name=names[view.seat])
        if self.armed:
            action = _("{action} One more action follows (Wand token).").format(action=action)
        return action, theme.GOLD_LIGHT

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        return zoom_face(card, width)

    def panel_area(self) -> pygame.Rect:
        """A choice also made by tapping the board (where a new card goes, where to step back) stands beside the
        board, over its side column down to the foot, every space left in sight and to be tapped: docked at the foot
        of the table, at 1366x768 it lay over the board's lower rows, and a space lit under it took no tap (a
        review of four people by touch). In a tall window the board is above whatever the panel covers."""
        size = self.table_size()
        if self.panel is not None and self.panel.docked and not theme.is_tall(size):
            side = self.layout.side
            return pygame.Rect(side.left, side.top, side.width, size[1] - side.top - px(10))
        return super().panel_area()

    def dock_blocks(self) -> list[pygame.Rect]:
        """The side column's track, players' panels and buttons: the docked panel's top edge cut a row of players'
        panels in half (their Special Cards hidden under it, their names above it), or the Log / Undo / Rules / Menu
        buttons. It covers such a row whole now (the log is cut between its lines: ``log_end``)."""
        layout = self.layout
        return [layout.track, *layout.players, *layout.buttons]

    def prompt_rects(self) -> list[pygame.Rect]:
        return [self.layout.banner]

    def hurry(self) -> bool:
        """The characters' walks and the cards' glides ended at once; the switch and what is picked as they are."""
        walking = self.others_walking()
        self.walks.clear()
        self.arrived()
        self.land_motions()
        if walking:
            self.refresh()  # (the viewer's turn, held back by the walk: ``update``)
        return True

    def show_as_it_lies(self) -> None:
        self.armed = False  # (the screen passed on: a switch turned on by someone else does not carry over)
        self.pinned = self.held_sheet = None
        self.walks.clear()  # (a replay's jump: a character still walking the step left behind stands where it is)
        self.arrived()
        super().show_as_it_lies()

    def message_anchor(self, height: int) -> tuple[int, int]:
        """At the board's foot, unless the box would lie there over more lit spaces or the viewer's character
        than at its head (the Wand token's word hid the character on Potions Classroom, and once picked up, the
        lit Kitchens beside it: a review at 1280x800)."""
        board = self.layout.board
        foot = (board.centerx, board.bottom - px(10))
        head = (board.centerx, board.top + px(10) + height)
        return min((foot, head), key=lambda anchor: self.needed_under(anchor[1], height))

    def needed_under(self, bottom: int, height: int) -> int:
        """How many lit spaces and the viewer's own space a message box ``height`` tall ending at ``bottom``
        would lie over (across the board's width)."""
        band = pygame.Rect(self.layout.board.left, bottom - height, self.layout.board.width, height)
        needed = self.lit_cells() | {self.view.me.cell}
        return sum(1 for cell in needed if cell in self.layout.cells and self.layout.cells[cell].colliderect(band))
