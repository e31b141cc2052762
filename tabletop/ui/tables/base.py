"""What every game's table does the same way: follow the session, tell messages, keep the side log for the
seat on screen, cover the table while the screen passes between people, let bots play, and end on the results.

The table kit: the bar of Log / Undo / Rules / Menu buttons, the card zoom, one choice panel, the sounds of
events (``SOUNDS``), and pointer routing. A pointer event goes to the choice panel first, then to the table's
buttons (``controls``), then to the table's own hooks: ``start_drag``, ``drop`` and ``tap``. What the pointer
can touch is what the last frame placed: ``draw_table`` returns it as a ``HitMap``.

The keyboard plays the same way (``focus``): Tab and the arrows move a focus over the panel, the table's things
of ``FOCUS_KINDS`` and its buttons; Enter or Space is a tap on the focused thing through the same routing, so it
gives the same commands and lights the same targets; Escape is ``back`` (it lets go of what is picked); Z shows
the focused card enlarged.

Reduced motion (Settings): what moves on a table follows ``motion_factor`` (0: nothing slides or flies, each thing
is drawn at once where it ends), while the pace (how long a message stays, the wait before the results) keeps
the animation setting. The kit holds a table's ``Stage`` still whatever speed the table gave it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.core.rng import secret_seed
from tabletop.i18n import N_
from tabletop.i18n import gettext as _
from tabletop.play.replay import Watching, dealt_again
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import KEYBOARD, MOUSE, Pointer, PointerEvent
from tabletop.ui.keyboard import DIRECTIONS, Focus, Intent, Target, draw_ring, intent, reading_order, taps, turn
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.sprites.motion import Drag, travel_time
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import MOVE_GLIDE, Stage
from tabletop.ui.tables.card_zoom import HOVER_SECONDS, ZoomPainter
from tabletop.ui.tables.choice_panel import ChoicePanel
from tabletop.ui.tables.coach import Coach, why_not_for
from tabletop.ui.tables.focus import tab_order, tap_point, targets
from tabletop.ui.tables.replay_bar import PLAY_FROM_HERE, ReplayBar
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Slider, Widget, dispatch

if TYPE_CHECKING:
    from tabletop.ui.tallies import ResultsData


SHOWN_MOVE_WITH_DICE = N_("Your last move showed or drew something (a card, a die): it cannot be taken back.")


# seconds after a tap that made a move, or picked something up, in which a press at its place is the double tap's second
DOUBLE_TAP = 0.35
RESULTS_GLIMPSE = 0.3  # seconds the final table stays before the results with animations off
FORCED_PAUSE = 1.0  # seconds a person's only move stands before it is played for them (Settings: Forced moves)


class GameTable(Scene):
    """A game's table. Subclasses draw in ``draw_table`` and set ``tallies`` (session -> ResultsData)."""

    game_id = ""  # the game whose table it is (its session's when left empty)
    tallies: Callable[[GameSession], ResultsData]
    results_delay = 1.3  # seconds the final table stays on screen before the results
    # Seconds at least a person's own move stays before them before the screen passes to another person: the cover
    # came as soon as the table was still (House Cup Challenge: 0.08 s after a card was completed), so nobody saw
    # what their move did, nor could take it back (a review of four people by touch).
    handover_look = 1.5
    message_seconds = 3.5
    recent_batches = 12  # how many past commands the side log tells
    hover_zoom = HOVER_SECONDS  # seconds a mouse rests on a card before it is enlarged
    SOUNDS: ClassVar[Mapping[type[Event], str]] = {}  # the sound each kind of event makes
    # Why Undo is grey after a move that showed or drew something (a game with dice: SHOWN_MOVE_WITH_DICE)
    SHOWN_MOVE: ClassVar[str] = N_("Your last move showed or drew something (a card): it cannot be taken back.")
    ZOOM_KINDS: ClassVar[tuple[str, ...]] = ("card",)  # what a pointer resting on it enlarges (``zoom_face``)
    FOCUS_KINDS: ClassVar[tuple[str, ...]] = ()  # what of the table the keyboard's focus rests on (``focus``)
    READ_KINDS: ClassVar[tuple[str, ...]] = ()  # stops there to be read: Enter shows them large, as Z does

    def __init__(self, app: AppLike, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        # (a table that names no game is its session's: its Rules opened House Cup's, a silent tap raised)
        self.game_id = self.game_id or session.game.id
        self.view: Any = session.view()
        self.message = ""
        self.message_until = 0.0
        self.message_error = False
        self.message_to_all = False  # (``say``)
        self.message_till_move = False
        self.recent: list[str] = []
        self.coming_sounds: list[tuple[float, str]] = []  # (when, sound): a move's sounds on their events' beats
        self.tapped_by_finger = False  # the tap being answered came from a finger (not the mouse)
        self.sounds_heard_at = 0.0  # when the coming sounds were last looked at (a frame the table was on top)
        self.bell_due = False  # a bot's move made it the turn of the person at the screen: the bell, once it is shown
        self.results_at: float | None = None
        self.passing_after = 0.0  # when the screen may pass on after the last move of the person at it
        self.tapped_move: tuple[float, tuple[int, int]] | None = None  # when and where a tap last made a move
        self.swallowed: object | None = None  # the press of a double tap, not acted on (``deliver``)
        self.picked_at_press: tuple[object, Hashable] = (None, None)  # a press's pointer, and what was picked then
        session.holding_screen = self.lingering  # (a screen with nothing hidden waits out the pause too)
        self.hover: tuple[str | None, float] = (None, 0.0)  # what the mouse rests on, and since when
        self.mouse_at: tuple[int, int] = (0, 0)  # where the mouse was last seen (it may rest over a card)
        self.long_press_card: str | None = None  # held by a long press (or shown by a tap: ``show_zoom``)
        self.long_press_pointer: Pointer | None = None  # the finger (or mouse) holding it up to be read
        self.hover_rect: pygame.Rect | None = None  # where the card rested on lay (it is let go when it moves)
        self.long_press_rect: pygame.Rect | None = None
        self.zoom_at: tuple[int, int] = (0, 0)  # where the long press or the tap was
        self.zoom_size: tuple[int, int] = (0, 0)  # the table's size then (a resize moves the card, not away)
        self.zoom_place: tuple[str, int] = ("", 0)  # which of its placings it was (``place_of``)
        self.zoom_pinned = False  # shown by a tap, until the next touch
        self.unpinned_by: Pointer | None = None  # the pointer of the touch that put it away
        self.unpinned: tuple[str | None, tuple[str, int]] = (None, ("", 0))  # what it put away, and where
        self.zoom_painter = ZoomPainter()
        self.stage: Stage | None = None  # tables whose sprites glide set their Stage here
        # A table opened on a game in progress (or just handed over) shows it as it lies, not dealt again.
        self.snap_next_draw = True
        self.hits = HitMap()  # what the last frame placed, for the pointer
        self.drag: Drag | None = None
        self.panel: ChoicePanel | None = None
        self._reworded: ChoicePanel | None = None  # the panel a change of language replaces (``reword_panel``)
        self.coach: Coach | None = None  # a guided first game's coach marks (``coach``)
        self.pressing_past_coach = False  # a key's press of a thing of the table under a tip (``press``)
        self.focus = Focus()  # the keyboard's focus (its ring shows once a key is used)
        self.turn_due = True  # a turn of the person at the screen may have begun: the focus goes to it (``focus_turn``)
        self.was_to_act = False  # whether the person at the screen was to act after the last move
        self.bar = [
            Button("", self.open_log, size=20),
            Button("", self.press_undo, size=20, refused=self.why_no_undo),
            Button("", lambda: self.app.go.rules(self.game_id), size=20),
            Button("", self.open_pause, size=20),
        ]
        # A replay: the same table, nobody plays, and the replay's controls sit over it.
        self.replay_bar = ReplayBar(self, session, self.close_replay) if isinstance(session, Watching) else None
        self.label_bar()
        session.listeners.append(self.on_applied)

    # --- hooks ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the session's view again and lay out."""
        self.view = self.session.view()

    def busy(self) -> bool:
        """True while something is still moving: bots and the privacy screen wait for it (``still``)."""
        return False

    def still(self) -> bool:
        """Nothing moving (``busy``), and the last move drawn: its things glide from the drawing that places them. On
        a slow machine several updates run before that drawing: they took the table for still, and the turn's bell
        rang, the next bot was asked, as the move was made, before it was seen gliding."""
        return not self.busy() and (self.stage is None or not self.stage.placing())

    def holding(self) -> bool:
        """True while a person is dragging something."""
        return self.drag is not None

    def hover_paused(self) -> bool:
        """True while a card rested on by the mouse is not enlarged (a moment the table must stay in sight)."""
        return False

    def clear_selection(self) -> None:
        """Forget a half-made choice (a selected card or token)."""

    def turn_rank(self, target: Target) -> int | None:
        """Whether ``target`` is a thing to play as the turn of the person at the screen begins, and how soon the
        keyboard's focus goes to it (0 first; None: it is not one). ``focus_turn``."""
        return None

    def picked(self) -> Hashable:
        """What the person at the screen has picked up to play (a card of the hand, a token, their character), None
        when nothing: a tap that picks something is a double tap's first, as one that makes a move (``deliver``)."""
        return None

    def opened(self) -> Hashable:
        """What a tap may open or turn on the table itself, without a move, a word or a pick (House Cup Challenge's
        score sheet, a panel's next page of Special Cards): a tap that changed it is not one that hurries the
        moves still told (``hurried``: a tap opening a score sheet ended the bots' walks too)."""
        return None

    def forget_words_till_move(self, applied: Applied) -> None:
        """A person's move: words said only until it (``say``'s ``till_move``) go, and so does a refusal (a
        refused drop's "Drop the token under a day" stayed under the move then made as asked)."""
        refusal = self.message_error and not self.message_to_all
        if not applied.by_bot and (self.message_till_move or refusal):
            self.message, self.message_until, self.message_till_move = "", 0.0, False

    def on_applied(self, applied: Applied) -> None:
        """Tell the log, sound and animate what happened (what the seat on screen may see), then refresh."""
        self.forget_words_till_move(applied)
        if not applied.by_bot and self.session.shown_to is not None and len(self.session.humans()) > 1:
            self.passing_after = self.app.now + self.handover_look
        self.remember(applied.events)
        if not applied.by_bot:
            self.bell_due = False  # (the person moved before the bell for their turn rang)
        sounds: list[tuple[float, str]] = []  # each sound once on a beat (six cards dealt make one deal sound)
        for event in applied.events:
            if event.visible_to(self.view.seat):
                sound = self.sound_for(event)
                if sound and not self.hushed():
                    beat = (self.app.now + self.sound_delay(event), sound)
                    if beat not in sounds:
                        sounds.append(beat)
                self.animate(event)
        for at, sound in sounds:
            if at <= self.app.now:
                self.app.play(sound)
            else:
                self.coming_sounds.append((at, sound))
        self.refresh()
        if self.stage is not None:  # (its things glide from the next drawing: ``still``)
            self.stage.expect(travel_time(MOVE_GLIDE, self.motion_factor))
        self.note_turn(applied)
        person = self.session.acting_human()
        if person is not None and applied.by_bot and person == self.session.shown_to:
            # (a person behind the privacy screen hears it as they take the screen) It rings once the table has
            # shown the move (``ring_the_bell``): it rang as the move was made, up to 3 s before a House Cup day's
            # tokens turned over or That's Wizard!'s dice landed, over the reveal's own sounds.
            self.bell_due = all(sound != "turn" for _, sound in sounds)  # (unless the move rang it: the Wand passed)

    def hushed(self) -> bool:
        """Whether the moves shown now make no sound: a replay running through the game at once (Instant, with
        animations off), dozens of moves a second (they rang up to 81 sounds a second)."""
        bar = self.replay_bar
        return bar is not None and bar.rushing()

    def play_shown(self, sound: str) -> None:
        """The sound of something the table shows of a move (unless ``hushed``)."""
        if not self.hushed():
            self.app.play(sound)

    def note_turn(self, applied: Applied) -> None:
        """After a move: whether it began a turn of the person at the screen (``focus_turn``), a bot's that left them
        to act, or their own after which they act again. A bot's choice made while they chose theirs at the same
        time (That's Wizard!'s round) begins none."""
        to_act = self.person_to_act()
        if to_act and not (applied.by_bot and self.was_to_act):
            self.turn_due = True
        self.was_to_act = to_act

    def person_to_act(self) -> bool:
        """Whether the person at the screen is to act now (the one the bell rings for)."""
        person = self.session.acting_human()
        return person is not None and person == self.session.shown_to

    def ring_the_bell(self) -> None:
        """Once a frame: the bell for the turn a bot's move gave the person at the screen, once the table is still;
        none for a move that is played for them (Settings' "Forced moves"): it waits for the turn that goes on after
        it (``play_forced_move``; it was lost, and the person who left the table to the bots heard nothing)."""
        if self.bell_due and self.still():
            self.session.play_forced = self.app.settings.play_forced
            if not self.session.forced_coming(self.app.now, FORCED_PAUSE):
                self.bell_due = False
                self.app.play("turn")

    def sound_for(self, event: Event) -> str | None:
        return self.SOUNDS.get(type(event))

    def sound_delay(self, event: Event) -> float:
        """How long after its move ``event`` is shown (a table that shows a move's events one by one): its sound
        waits as long (House Cup's reward chime rang up to 2.6 s before the tokens flew)."""
        return 0.0

    def play_coming_sounds(self) -> None:
        """Once a frame the table is on top: the sounds whose beat has come. While something lay over the table
        (the pause, a player's cards) its motions stood still, and its sounds wait as long (they rang all at once
        as it came back, before the tokens they went with)."""
        now = self.app.now
        stood = now - self.sounds_heard_at
        self.sounds_heard_at = now
        if stood > 0.25:
            self.coming_sounds = [(at + stood, sound) for at, sound in self.coming_sounds]
        for at, sound in [item for item in self.coming_sounds if item[0] <= now]:
            self.coming_sounds.remove((at, sound))
            self.app.play(sound)

    def animate(self, event: Event) -> None:
        """Start what an event sets moving on the table (a flight, a flip)."""

    def draw_table(self, surface: pygame.Surface) -> HitMap | None:
        """Draw the table for the seat on screen; returns what a pointer can touch."""
        return None

    # --- the kit's controls ------------------------------------------------------------------------------------
    def label_bar(self) -> None:
        """The bar's words in the language of the moment (set again each frame: a change in Settings shows)."""
        replay = self.replay_bar is not None
        labels = (
            _("Log"),
            _(PLAY_FROM_HERE) if replay else _("Undo"),
            _("Rules"),
            _("Close") if replay else _("Menu"),
        )
        for button, label in zip(self.bar, labels, strict=True):
            button.label = label

    def light_undo(self) -> None:
        """Undo lit only when the seat on screen may undo; in a replay, the same button, Play from here, when a new
        game may begin from the step shown."""
        bar = self.replay_bar
        self.bar[1].enabled = self.may_undo() if bar is None else bar.replay.play_on_refusal(bar.session.step) is None

    def may_undo(self) -> bool:
        """Whether Undo is lit now (a table whose Undo takes more than the last move, or not always, says so)."""
        return self.session.can_undo()

    @property
    def motion_factor(self) -> float:
        """How fast things move on the table (0: reduced motion or animations off, nothing moves); the pace of
        captions and waits keeps ``settings.animation_factor``."""
        return self.app.settings.motion_factor

    def layout_bar(self, rects: Sequence[pygame.Rect]) -> None:
        """Place the Log / Undo / Rules / Menu buttons (Undo lit only when the seat on screen may undo)."""
        for button, rect in zip(self.bar, rects, strict=True):
            button.rect = rect
        self.light_undo()

    def controls(self) -> list[Widget]:
        """The table's buttons, tapped before the table itself (the bar, and any of the table's own)."""
        return list(self.bar)

    def table_size(self) -> tuple[int, int]:
        """The room the table lays itself out in: the window, less the replay's controls at its foot (and the
        open hands at its right)."""
        w, h = self.app.screen.get_size()
        return (w - self.replay_bar.side, h - self.replay_bar.height) if self.replay_bar is not None else (w, h)

    def panel_area(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.table_size()).inflate(-px(60), -px(60))

    def set_panel(self, key: Any, make: Callable[[], ChoicePanel] | None) -> None:
        """Show the choice panel for ``key`` (a new key makes a new panel; None hides it)."""
        opened = False
        if key != getattr(self, "_panel_key", None):
            self._panel_key = key
            self.panel = make() if make is not None and key is not None else None
            opened = self.panel is not None
            if key is not None:  # (the first choice set after a change of language, whatever it is, takes it or not)
                if self.panel is not None and self._reworded is not None:
                    self.panel.carry_over(self._reworded)
                self._reworded = None
        if self.panel is not None:
            self.panel.keep_clear = self.peek_clear()
            self.panel.blocks = self.dock_blocks()
            self.panel.layout(self.panel_area())
            stop = self.panel.first_stop() if opened and self.focus.shown else None
            if stop is not None:  # (a keyboard player: the focus on the panel's safe answer)
                self.focus.put(self.focus_targets(), ("widget", stop))

    def reword_panel(self) -> None:
        """The language changed: the choice panel is made again in it, with the choice as far as it was made
        (``ChoicePanel.carry_over``), when the table next sets it."""
        self._reworded = self.panel
        self.set_panel(None, None)

    def peek_clear(self) -> list[pygame.Rect]:
        """What the choice panel's "Back to the choice" must not cover while the table is peeked at."""
        return []

    def dock_blocks(self) -> list[pygame.Rect]:
        """What a docked choice panel covers whole or not at all (its free edge never cuts one across)."""
        return []

    # --- pointer routing ---------------------------------------------------------------------------------------
    def deliver(self, event: PointerEvent) -> None:
        """``pointer``, less the second press of a double tap: a press that begins within DOUBLE_TAP seconds of a
        tap that made a move, and at its place, is let go whole (a quick double tap on a House Cup day's card took
        two cards, the next one lying under the finger; a double click on House Cup Challenge's Draw spent two
        actions: the review of input the wrong way). A tap that picked something up (``picked``) is a first too: a
        double click on a card of the hand, a token or one's character picked it and put it back at once, and
        nothing was picked. The keyboard's presses are its own."""
        pointer = event.pointer
        if pointer is self.swallowed:
            return
        if event.kind == "down" and pointer.id != KEYBOARD and self.swallows_press_at(event.pos):
            self.swallowed = pointer
            return
        if event.kind == "down":
            self.picked_at_press = (pointer, self.picked())  # (Stupéfix picks a tapped wand up at its release)
        moves = len(self.session.match.log)
        self.pointer(event)
        # (a replay's steps are no moves: its Forward and Next round, or a tap on the timeline, grow the log, and a
        # quick second click on them, or a scrub begun there, was let go)
        watching = self.replay_bar is not None
        if event.kind == "tap" and pointer.id != KEYBOARD and not watching:
            picked, before = self.picked(), self.picked_at_press
            if len(self.session.match.log) > moves or (picked is not None and before != (pointer, picked)):
                self.tapped_move = (self.app.now, event.pos)

    def swallows_press_at(self, pos: tuple[int, int]) -> bool:
        """Whether a press beginning at ``pos`` now would be the second of a double tap (``deliver``)."""
        if self.tapped_move is None:
            return False
        at, spot = self.tapped_move
        near = 2 * self.app.tracker.tap_distance
        return self.app.now - at < DOUBLE_TAP and abs(pos[0] - spot[0]) <= near and abs(pos[1] - spot[1]) <= near

    def pointer(self, event: PointerEvent) -> None:
        self.pointer_seen(event)
        self.forget_lost_drags(event.pointer.id)
        if self.replay_bar is not None and self.replay_bar.pointer(event):
            return
        if self.covering():
            # Nothing of the table is drawn: nothing on it answers a touch either (the Log, Undo or Watch again
            # under the cover would show or take back a seat's secrets before its person has the screen).
            self.drag = None
            return
        if event.kind == "down" and self.zoom_pinned:  # a card shown by a tap goes at the next touch (the guide's
            self.unpinned = self.long_press_card, self.zoom_place  # Got it too: a tip asks to open the standing)
            self.long_press_card, self.zoom_pinned = None, False
            self.unpinned_by = event.pointer  # (that touch's tap does no more: ``hurried``)
        if self.coach is not None and not self.pressing_past_coach and self.coach.pointer(event):
            return  # the guide's buttons and bubble, or its "How to win" screen
        if self.drag is not None and event.pointer.id != self.drag.pointer:
            return  # another finger: it must not disturb the drag in progress
        if event.kind == "move" and event.pointer.id == MOUSE and not event.pointer.dragging:
            self.mouse_at = event.pos
            card = self.card_under(event.pos)
            if card != self.hover[0]:
                self.hover = (card, self.app.now)
                self.hover_rect = self.card_rect_at(event.pos, card)
        if event.kind == "drag_start" and self.long_press_card is not None:
            self.long_press_card = None  # held to read, then moved on: the drag goes ahead without the picture
        if event.kind == "long_press" and not self.button_at(event.pos):  # (a slow Ready enlarged the card under it)
            self.long_press_card, self.long_press_pointer = self.card_under(event.pos), event.pointer
            self.long_press_rect = self.card_rect_at(event.pos, self.long_press_card)
            self.zoom_at, self.zoom_size = event.pos, self.table_size()
            self.zoom_place = self.place_of(self.long_press_card, self.long_press_rect)
            return
        if event.kind == "up" and self.long_press_card is not None and event.pointer is self.long_press_pointer:
            self.long_press_card = None  # (its own finger's lift: another finger's tap left it up)
            return
        panel = self.panel  # (its own button may close it: House Cup Challenge's Cancel)
        if panel is not None:
            command = panel.pointer(event)
            if command is not None:
                self.submit(command)
                return
            if panel.pressed:  # (Peek at the table hides the panel: the tap was its, not the reward's under it)
                return
            over_the_table = not (panel.hidden or panel.docked)  # (a docked panel leaves it to tap)
            if over_the_table and event.kind == "tap" and not panel.covers(event.pos):
                self.say_choice_first()  # (a tap on Undo around it did nothing and said nothing: a review)
            if over_the_table or panel.covers(event.pos):
                return
        # (the keyboard's Enter acts on its stop, which the popup may lie over: the focus ring is drawn over it)
        if event.kind != "move" and self.drag is None and event.pointer.id != KEYBOARD and self.popup_at(event.pos):
            self.popup_pointer(event)
            return
        if self.panel is not None and event.kind != "tap":  # only the table's buttons: pressed, a slow press let go
            dispatch(self.controls(), event, lambda: self.app.play("click"))
            return
        if dispatch(self.controls(), event, lambda: self.app.play("click")):
            return
        said, moves = self.message_until, len(self.session.match.log)
        if event.kind == "drag_start":
            self.start_drag(event)
            self.why_not(event, said, moves)
        elif event.kind == "move" and self.drag is not None:
            self.drag.pos = event.pos
        elif event.kind == "up" and self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, event)
        elif event.kind == "tap":
            self.tapped_by_finger = event.pointer.finger
            before = self.picked(), self.opened()
            self.tap(event.pos)
            again = self.unpinned == (self.long_press_card, self.zoom_place) and self.unpinned_by is event.pointer
            if again and self.zoom_pinned:  # a second tap on the card (or score) shown puts it away: its press did,
                self.long_press_card, self.zoom_pinned = None, False  # and its tap showed it again (a player had to
                # tap beside it); a tap on another thing shows that one
            if not self.hurried(said, moves, before, event):
                self.why_not(event, said, moves)

    def forget_lost_drags(self, current: int | None = None) -> None:
        """Let go of a drag whose pointer the app no longer follows (the window lost the focus, or its release went
        to a screen over the table): what it held goes home, and it no longer shuts out every other finger and the
        privacy screen. ``current``: the pointer of the event being handled (its own release is not lost)."""
        drag = self.drag
        if drag is not None and drag.pointer != current and drag.pointer not in self.app.tracker.pointers:
            self.drag = None

    def say_choice_first(self) -> None:
        """A tap or Ctrl+Z beside a choice open over the table: the choice first, or Peek at the table to reach the
        rest of it (Undo included: a Time-Turner taken by mistake seemed impossible to take back)."""
        self.say(_("Make the choice first, or Peek at the table to reach the rest of it (Undo too)."))

    def popup_at(self, pos: tuple[int, int]) -> bool:
        """Whether a popup the table draws over its cards and buttons (House Cup Challenge's score sheet) lies at
        ``pos``: it takes the pointer there (``popup_pointer``), and nothing it hides is pressed or enlarged."""
        return False

    def popup_pointer(self, event: PointerEvent) -> None:
        """A press, release or tap on the popup (``popup_at``)."""

    def pointer_seen(self, event: PointerEvent) -> None:
        """A mouse or a finger is used: the keyboard's focus ring goes until the next key."""
        if event.pointer.id != KEYBOARD and event.kind in ("down", "wheel"):
            self.focus.hide()

    def hurried(self, said: float, moves: int, before: tuple[Hashable, Hashable], event: PointerEvent) -> bool:
        """A tap the table took without a move, a word, a pick or a card shown, while moves are still being told
        (the bots' cards gliding in): on a table that can (``hurry``), they are shown done at once, and the person's
        turn comes without the wait (a review of tempo: House Cup against bots was 72% animation, with waits of
        25-40 s between two of one's moves); while the screen waits to pass to another person, it passes now,
        unless the tap put away a card shown or the game says why it does nothing there (``why_not``: a card or a
        character tapped out of turn is a slip to be told, not the person being done). ``before``: what was picked
        and opened before the tap. True when so."""
        quiet = self.message_until == said and len(self.session.match.log) == moves and self.drag is None
        unmoved = quiet and (self.picked(), self.opened()) == before and not self.zoom_pinned
        unmoved = unmoved and self.app.scenes.top is self and self.replay_bar is None
        passing = unmoved and self.unpinned_by is not event.pointer and bool(self.passing_line())
        if passing and not why_not_for(self.game_id)(self, "tap", event.pos):
            # The last move still shown before the screen passes to another person: a tap passes it now (the
            # person is done; the look of 1.5 s is for a slip to be seen and undone, not a wait at every turn)
            self.passing_after = min(self.passing_after, self.app.now)
            if self.busy():
                self.hurry()
            return True
        return unmoved and self.busy() and self.hurry()

    def hurry(self) -> bool:
        """Show the moves still being told done at once, keeping what the person has picked and the bell for their
        turn; True when the table did (``hurried``). A table that tells its moves its own way says False."""
        return False

    def why_not(self, event: PointerEvent, said: float, moves: int) -> None:
        """A tap or a drag the table took without a word, a move or a lift: the game says why not, if it was a
        move refused (a card out of turn...)."""
        quiet = self.message_until == said and len(self.session.match.log) == moves and self.drag is None
        if quiet and self.replay_bar is None and self.app.scenes.top is self:
            reason = why_not_for(self.game_id)(self, event.kind, event.pos)
            if reason:
                self.say(reason, error=True)

    def card_under(self, pos: tuple[int, int], through_popup: bool = False) -> str | None:
        """The card a pointer rests on, to enlarge: in the choice panel when it is open (a docked one leaves the
        rest of the table to the table), else on the table; none under a popup (``popup_at``) unless
        ``through_popup`` (the keyboard's Z on its stop)."""
        panel = self.panel
        if panel is not None and not panel.hidden and (not panel.docked or panel.covers(pos)):
            return panel.card_at(pos)
        item = self.hits.item_at(pos, *self.ZOOM_KINDS) if through_popup or not self.popup_at(pos) else None
        return item if isinstance(item, str) else None

    def card_rect_at(self, pos: tuple[int, int], card: str | None) -> pygame.Rect | None:
        """Where ``card`` lies under ``pos`` (in the choice panel or on the table), None when it is not there."""
        if card is None:
            return None
        if self.panel is not None and not self.panel.hidden:
            rect = self.panel.card_rects.get(card)
            if rect is not None and rect.collidepoint(pos):
                return rect
        placing = self.placed_item(card)
        found = (p.rect for p in reversed(self.hits.placed) if p.item == placing and p.rect.collidepoint(pos))
        return next(found, None)

    def show_zoom(self, card: str, pos: tuple[int, int]) -> None:
        """Show ``card`` enlarged beside ``pos`` until the next touch (a tap on a score shows how it is made)."""
        self.long_press_card, self.zoom_pinned, self.zoom_at = card, True, pos
        self.long_press_rect, self.zoom_size = self.card_rect_at(pos, card), self.table_size()
        self.zoom_place = self.place_of(card, self.long_press_rect)

    def start_drag(self, event: PointerEvent) -> None:
        """A pointer starts dragging at ``event.pos``: set ``self.drag`` to pick something up."""

    def drop(self, drag: Drag, event: PointerEvent) -> None:
        """What was dragged is let go at ``event.pos``."""

    def tap(self, pos: tuple[int, int]) -> None:
        """A tap (or click) on the table."""

    # --- scene -----------------------------------------------------------------------------------------------
    def exit(self) -> None:
        if self.on_applied in self.session.listeners:
            self.session.listeners.remove(self.on_applied)

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        self.snap_next_draw = True  # drawn as laid out now, nothing gliding from the old layout

    def on_close(self) -> None:
        self.session.close()

    def lost_on_close(self) -> str | None:
        return self.session.unsaved()

    def relabel(self) -> None:
        """The language changed (Settings words every screen open again): the choice panel is made again in it
        with the choice as far as it was made (``reword_panel``; the cards picked for That's Wizard!'s side board
        were forgotten), the table is laid out again (its faces, chips and plaques drawn in it: Settings forgets
        the kept ones), and a replay's bar, caption and every card open are told again in it. The side log is told
        again in it (House Cup Challenge's and That's Wizard!'s stayed in the old language until its lines
        scrolled away)."""
        self.reword_panel()  # (made again by refresh, in the new language)
        self.refresh()
        self.rebuild_recent()
        if self.replay_bar is not None:
            self.replay_bar.relabel()

    def draw(self, surface: pygame.Surface) -> None:
        if self.covering():
            # The screen is about to pass to another person, or no person has been handed it yet: never draw
            # anyone's secrets meanwhile.
            self.draw_cover(surface)
            return
        area = surface if self.replay_bar is None else surface.subsurface(pygame.Rect((0, 0), self.table_size()))
        self.label_bar()
        self.light_undo()
        if self.stage is not None and not self.motion_factor:
            self.stage.speed = 0.0  # reduced motion: each sprite drawn where it ends, whatever the table set
        if self.stage is not None:
            self.stage.landing = self.snap_next_draw
        self.hits = self.draw_table(area) or HitMap()
        if self.turn_due and self.app.scenes.top is self and not self.busy() and self.replay_bar is None:
            self.focus_turn()  # (once the frame has placed the things of the turn)
        self.draw_overlays(area)  # the choice panel, the card zoom and the message, over the table
        if self.coach is not None:
            self.coach.draw(area)
        if self.replay_bar is not None:
            if self.replay_bar.strip.size != (surface.get_width(), self.replay_bar.height):
                self.replay_bar.layout(surface.get_size())
            self.replay_bar.draw(surface)
        if self.snap_next_draw and self.stage is not None:
            self.snap_next_draw = self.stage.landing = False
            self.stage.snap()
        self.draw_focus(surface)

    def key(self, event: pygame.event.Event) -> None:
        self.focus_key(event)

    # --- the keyboard ------------------------------------------------------------------------------------------
    def focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab, the arrows, Enter or Space: move the focus or press what it rests on. True when the
        key was taken (a replay's own keys first: Space plays, the arrows step, but turn a focused picker)."""
        if self.replay_bar is not None:
            focused = self.focused() if event.type == pygame.KEYDOWN else None
            if self.replay_bar.key(event, focused.item if focused is not None else None):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return self.undo_key(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and self.focus.shown and not self.covering():
            return self.zoom_focused()
        wish = intent(event)
        if wish is None or self.covering():
            return False
        # (a key pressed while the last move was shown: the person has begun, the focus is theirs)
        self.turn_due = False
        if self.zoom_pinned:
            self.long_press_card, self.zoom_pinned = None, False  # a card shown by Z goes at the next key
        found = self.focus_targets()
        if wish in ("next", "previous"):
            self.focus.step(tab_order(self, found), wish == "next", in_order=True)
        elif wish == "press" and not self.focus.shown:
            self.focus.shown = self.focus.current(found) is not None  # the first key shows where the focus is
        elif wish == "press":
            target = self.focus.current(found)
            if target is not None:
                self.press(target)
        else:
            target = self.focus.current(found) if self.focus.shown else None
            if target is None or not self.turn_focused(target, wish):
                self.focus.move(found, DIRECTIONS[wish])
        return True

    def button_at(self, pos: tuple[int, int]) -> bool:
        """Whether one of the table's buttons or its choice panel's is shown at ``pos``."""
        buttons = [*self.controls(), *(self.panel.buttons() if self.panel is not None else ())]
        return any(button.visible and button.rect.collidepoint(pos) for button in buttons)

    def focus_targets(self) -> list[Target]:
        """Everything the keyboard's focus may rest on now (``focus.targets``)."""
        return targets(self)

    def focus_extras(self) -> list[Target]:
        """Things of the table the focus may rest on that the painter does not place (a wand, a seat)."""
        return []

    def focus_on(self, wanted: Callable[[Target], bool]) -> None:
        """While the keyboard is used, its focus goes straight to the first such thing (the next part of a move:
        Stupéfix's count is short, no time to Tab round the table; House Cup's day after its token)."""
        if self.focus.shown:
            found = [target for target in reading_order(self.focus_targets()) if wanted(target)]
            if found:
                self.focus.set(found[0])

    def focus_turn(self) -> None:
        """The turn of the person at the screen has begun (a bot's move gave it, the screen was handed to them, the
        table opened, or their own move leaves them to act again), and the table shows it still: while they play by
        keys (the ring shows, or the last thing pressed was a key), the focus goes to the first thing they may play
        (``turn_rank``), unless it rests on one already. Taking a House Cup card was some 13 Tabs from where the last
        turn left the ring, a House Cup Challenge move 32. Never while something is picked up, dragged, read by Z,
        or a choice panel is open (its own first stop has the focus)."""
        self.turn_due = False
        if not self.person_to_act() or not (self.focus.shown or self.app.tracker.keys_last):
            return
        busy = self.picked() is not None or self.holding() or self.panel is not None or self.zoom_pinned
        if busy or self.coach is not None and self.coach.summary_open:
            return
        found = self.focus_targets()
        ordered = reading_order(found)
        ranked = [(rank, index) for index, target in enumerate(ordered) if (rank := self.turn_rank(target)) is not None]
        if not ranked:
            return
        now = self.focus.current(found) if self.focus.shown else None
        if now is None or self.turn_rank(now) is None:
            self.focus.set(ordered[min(ranked)[1]])
        self.focus.shown = True

    def focused(self) -> Target | None:
        """What the keyboard's focus rests on now (None: nothing, or the ring is not shown)."""
        return self.focus.current(self.focus_targets()) if self.focus.shown else None

    def press(self, target: Target) -> None:
        """Enter or Space: a tap on ``target``, routed as a pointer's (the same commands, the same lit targets). A
        slider is moved by the arrows alone (a tap would set it to its middle)."""
        if isinstance(target.item, Slider):
            return
        if target.kind in self.READ_KINDS:  # (a tap on a chip there opened the player's score sheet)
            self.zoom_focused()
            return
        coach = self.coach
        # The keyboard chose the thing: a tip's bubble lying over it does not take its press (the bubble's own
        # buttons are focus stops of their own, pressed here when the focus rests on them).
        self.pressing_past_coach = coach is not None and not any(target.item is b for b in coach.buttons())
        try:
            for event in taps(tap_point(self, target), self.app.now):
                self.pointer(event)
        finally:
            self.pressing_past_coach = False

    def zoom_focused(self) -> bool:
        """Z: the focused card (or score) enlarged, as a long press shows it, until the next press."""
        target = self.focused()
        point = tap_point(self, target) if target is not None else None
        card = self.card_under(point, through_popup=True) if point is not None else None
        if card is None or point is None:
            return False
        self.show_zoom(card, point)
        return True

    def turn_focused(self, target: Target, wish: Intent) -> bool:
        """An arrow key on the focused thing that turns it instead of moving the focus (a picker's Left and
        Right; a table may add its own, such as a dial); True when it did."""
        return isinstance(target.item, Widget) and turn(target.item, wish)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring, over everything, once the keyboard is used (never while the table is covered)."""
        if not self.focus.shown:
            return
        target = self.focus.current(self.focus_targets())
        if target is not None:
            draw_ring(surface, target.rect)

    def close_replay(self) -> None:
        """Leave the replay for the screen it was opened from."""
        self.app.scenes.pop(self)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Over the table: the choice panel, the enlarged card, the message."""
        if self.panel is not None:
            self.panel.draw(surface)
        card = self.zoomed()
        if card is not None:
            self.draw_zoom(surface, card)
        else:
            self.zoom_painter.forget()
        self.draw_message(surface)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        """A card's face at ``width``, to show it enlarged (None: this table does not enlarge cards)."""
        return None

    def draw_zoom(self, surface: pygame.Surface, card: str) -> None:
        """The card enlarged beside the pointer (in the middle for a long press), inside the table (above a
        replay's controls), clear of the card itself, of the prompt and of every button the player may need
        (``keep_clear``): smaller when a full-size card cannot be kept clear of them."""
        held = self.long_press_card is not None
        avoid = self.long_press_rect if held else self.hover_rect
        pos = self.zoom_at if self.zoom_pinned else self.mouse_at
        centred = held and not self.zoom_pinned
        version = len(self.session.match.log)  # (a score's sheet is drawn again after a move)
        self.zoom_painter.draw(surface, card, self.zoom_face, pos, self.keep_clear(), avoid, centred, version)

    def keep_clear(self) -> list[pygame.Rect]:
        """What an enlarged card must not cover: the prompt, the choice panel's words and buttons, the table's
        buttons."""
        widgets = [*(self.panel.buttons() if self.panel is not None else []), *self.controls()]
        clear = [widget.rect for widget in widgets if widget.visible]
        if self.panel is not None and not self.panel.hidden:
            clear.append(self.panel.words_rect())
        if self.coach is not None and self.coach.bubble is not None:
            clear.append(self.coach.bubble)  # a guided game's tip being read
        if self.message_showing():
            clear.append(self.message_box())  # ("It is Cleo's turn." stood over a card held up to be read)
        return [*clear, *self.prompt_rects()]

    def prompt_rects(self) -> list[pygame.Rect]:
        """Where the table says what to do now (kept clear of an enlarged card)."""
        return []

    def message_anchor(self, height: int) -> tuple[int, int]:
        """Where a message stands (its box's bottom centre; ``height``: the box's)."""
        w, h = self.table_size()
        return w // 2, h - px(20)

    def message_room(self) -> int:
        """How wide a message's box may be: its words wrap to it. Centred on its anchor, it stops short of the
        table's buttons beside it (a long message ran over Log and Undo: House Cup Challenge's over the board, House
        Cup's over the timetable, That's Wizard!'s over the hand)."""
        room = self.table_size()[0] - px(40)
        x, bottom = self.message_anchor(px(60))
        band = pygame.Rect(0, bottom - px(110), self.table_size()[0], px(110))  # where a box of a few lines stands
        for control in self.controls():
            rect = control.rect
            if control.visible and rect.colliderect(band):
                if rect.left >= x:
                    room = min(room, 2 * (rect.left - x) - px(16))
                elif rect.right <= x:
                    room = min(room, 2 * (x - rect.right) - px(16))
        return room

    def message_lines(self) -> list[pygame.Surface]:
        """The message, wrapped to ``message_room`` (one line when it fits)."""
        room = max(px(200), self.message_room() - px(30))
        return [
            theme.text(line, 19, theme.TEXT, bold=True) for line in theme.wrap_neatly(self.message, 19, room, bold=True)
        ]

    def message_box(self, lines: list[pygame.Surface] | None = None) -> pygame.Rect:
        """Where the box of the message (``lines``: its ``message_lines``, when made already) stands:
        ``message_anchor`` is its bottom centre."""
        lines = self.message_lines() if lines is None else lines
        width = max((line.get_width() for line in lines), default=0)
        box = pygame.Rect(0, 0, width + px(30), sum(line.get_height() for line in lines) + px(16))
        box.midbottom = self.message_anchor(box.height)
        panel = self.panel
        if panel is not None and not panel.hidden and panel.rect.colliderect(box):
            # Under an open choice panel it would cover (above it where the window ends first): "...played for you:
            # Ada discards Trouble." stood over House Cup's Confirm, or over its cards' words
            box.centerx = panel.rect.centerx
            if panel.rect.bottom + px(4) + box.height <= self.app.screen.get_height():
                box.top = panel.rect.bottom + px(4)
            else:
                box.bottom = panel.rect.top - px(4)
        box.clamp_ip(pygame.Rect((0, 0), self.app.screen.get_size()))
        return box

    def message_showing(self) -> bool:
        """Whether the table's box of its message is up: not while a guided game's bubble tells the same words
        (they were said twice, in the bubble and in the box under it)."""
        if not self.message or self.app.now > self.message_until:
            return False
        return self.coach is None or not self.coach.tells(self.message)

    def draw_message(self, surface: pygame.Surface) -> None:
        if not self.message_showing():
            return
        lines = self.message_lines()  # (wrapped once a frame: the box and the words)
        box = self.message_box(lines)
        if self.message_error:
            theme.panel(surface, box, colour=(70, 26, 22), edge=theme.BAD, alpha=240)
        else:
            theme.panel(surface, box, colour=(30, 36, 48), edge=theme.GOLD, alpha=240)
        top = box.top + px(8)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, top)))
            top += line.get_height()

    def zoomed(self) -> str | None:
        """The card shown enlarged: held by a long press (or shown by a tap), or rested on by the mouse while
        nothing is dragged. It goes as soon as its card moves (taken, dealt, lifted), until the pointer moves."""
        held = self.long_press_pointer
        if self.long_press_card is not None and not self.zoom_pinned and held is not None and held.gone:
            self.long_press_card = None  # let go unseen (the window lost the focus): it stayed till the next touch
        if self.long_press_card is not None:
            moved = self.card_rect_at(self.zoom_at, self.long_press_card) != self.long_press_rect
            if not moved:
                self.zoom_size = self.table_size()  # (a resize that left it in place: a later move is a move)
            elif not self.follow_zoom_after_resize(self.long_press_card):
                self.long_press_card, self.zoom_pinned = None, False
            return self.long_press_card
        card, since = self.hover
        if card is None or self.holding() or self.hover_paused() or self.app.now - since < self.hover_zoom:
            return None
        if self.card_under(self.mouse_at) != card or self.card_rect_at(self.mouse_at, card) != self.hover_rect:
            self.hover = (None, self.app.now)  # the card moved (taken, dealt): no zoom until the pointer moves
            return None
        return card

    def follow_zoom_after_resize(self, card: str) -> bool:
        """A card shown enlarged, found again where the window's new size laid it (a tablet turned while a card
        was being read dropped it: the portrait review); False when the size is the same or the card is gone."""
        size = self.table_size()
        if self.zoom_size == size or self.long_press_rect is None:
            return False
        panel = self.panel
        rect = panel.card_rects.get(card) if panel is not None and not panel.hidden else None
        if rect is None:  # the same copy (That's Wizard! shows a spell played and its thumbnail; Stupéfix's terms)
            kind, index = self.zoom_place
            placing = self.placed_item(card)
            copies = [placed.rect for placed in self.hits.placed if placed.item == placing and placed.kind == kind]
            rect = copies[index] if index < len(copies) else None
        if rect is None:
            return False
        self.zoom_at, self.long_press_rect = rect.center, rect
        self.zoom_size, self.zoom_place = size, self.place_of(card, rect)
        return True

    def placed_item(self, card: str) -> str:
        """What the table placed for what it enlarges as ``card`` (the same, but for Stupéfix's score sheets)."""
        return card

    def place_of(self, card: str | None, rect: pygame.Rect | None) -> tuple[str, int]:
        """Which of the table's placings of ``card`` lies at ``rect``: its kind, and its order among the same kind's
        copies (to find it again after a resize)."""
        kind, index, seen, placing = "", 0, dict[str, int](), self.placed_item(card) if card is not None else None
        for placed in self.hits.placed:
            if placed.item != placing:
                continue
            order = seen[placed.kind] = seen.get(placed.kind, -1) + 1
            if placed.rect == rect:
                kind, index = placed.kind, order
        return kind, index

    def covering(self) -> bool:
        """True while nothing of any seat may be drawn: people share the screen and it has not been handed to
        the person whose view is up (after Load or Continue, while bots play before anyone's turn), or it is
        about to pass to another person."""
        session = self.session
        if session.match.result() is not None:
            return False  # a game that is over keeps no secret: its table shows (See the table, Back to the table)
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
        playing = _("{name} is playing...").format(name=self.session.name(thinking))
        title = theme.fit_width(theme.text(playing, 40, theme.GOLD_LIGHT, bold=True), w - px(40))
        surface.blit(title, title.get_rect(center=(w // 2, h // 2)))
        hidden = _("The table is hidden until the screen is passed to the next person.")
        hint = theme.fit_width(theme.text(hidden, 20, theme.TEXT), w - px(40))
        surface.blit(hint, hint.get_rect(center=(w // 2, h // 2 + title.get_height())))

    # --- messages and the side log ------------------------------------------------------------------------
    def take_back_refusal(self) -> None:
        """A refusal the person has acted on goes: a card that could not be played said so, and the line stayed up
        under the prompt of the next card picked, which could."""
        if self.message_error and not self.message_to_all:
            self.message = ""

    def say(self, message: str, error: bool = False, to_all: bool = False, till_move: bool = False) -> None:
        """``to_all``: a word for everyone at the table (a bot that failed, a save that could not be written), kept
        when the screen passes on; any other is the person at the screen's, and goes then. ``till_move``: it goes
        too at a person's next move ("Your last move was taken back." stayed over the choice made again, read as
        taking that back too)."""
        self.message = message
        self.message_until = self.app.now + self.message_seconds
        self.message_error = error
        self.message_to_all = to_all
        self.message_till_move = till_move
        if error:
            self.app.play("error")
        if self.coach is not None:
            self.coach.refused(message, error, refusal=not to_all)  # a guided game tells it in the bubble too

    def log_seat(self) -> int | None:
        """The seat the side log is told to: the one on screen (None: only public lines, for everyone looking)."""
        return self.view.seat

    def remember(self, events: Iterable[Event]) -> None:
        names = self.session.names()
        seat = self.log_seat()
        for event in events:
            if event.visible_to(seat):
                line = self.session.game.describe(event, names)
                if line:
                    self.recent.append(line)
        self.recent = self.recent[-60:]

    def recent_wrapped(self, width: int, size: float = 14, count: int = 6, untold: int = 0) -> list[list[str]]:
        """The last ``count`` log lines wrapped to ``width`` (cached: measuring text is too slow for every frame),
        kept by the lines themselves: kept by their count and the last one, a log told again to the next person
        at the screen, as long and ending on the same public line, showed the last person's private lines. The
        last ``untold`` lines wait: their moves are still to be shown on the table."""
        lines = tuple(self.recent[: len(self.recent) - untold][-count:])
        key = (width, size, lines)
        if getattr(self, "_wrapped_key", None) != key:
            self._wrapped_key = key
            self._wrapped = [theme.wrap(line, size, width) for line in lines]
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

    def press_undo(self) -> None:
        """The bar's second button: Undo at a table, Play from here in a replay."""
        if self.replay_bar is not None:
            self.ask_play_on()
        else:
            self.undo()

    def undo(self) -> None:
        if self.session.undo() is not None:
            self.passing_after = 0.0  # (the move it was showing is gone)
            self.say(_("Your last move was taken back."), till_move=True)
            self.refresh()
            self.rebuild_recent()

    def undo_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z: a press of the Undo button, lit or not, wherever a tap could reach it (the focus took seven
        Tabs to reach Undo, longer than the hand-over's pause: a move could not be taken back without a mouse).
        Not under a cover, the guide's How to win, nor a choice panel over the table; in a replay, a step back
        (there it did nothing, where a person reaches for it to see the last move again)."""
        if event.mod & pygame.KMOD_SHIFT or self.covering():
            return False
        if self.replay_bar is not None:
            self.replay_bar.back()  # (never Play from here; nor a Z that enlarges the focused card)
            return True
        panel = self.panel
        if self.coach is not None and self.coach.summary_open:
            return True
        if panel is not None and not panel.hidden and not panel.docked:
            self.say_choice_first()
            return True
        button = self.bar[1]
        if button.enabled:
            self.app.play("click")
            button.action()
        elif button.refused is not None:
            button.refused()
        return True

    def why_no_undo(self) -> None:
        """Undo tapped while it is unlit: why (it went grey with no word, and a player alone against bots, whose
        answers come within a second, took it for broken)."""
        match, seat = self.session.match, self.session.viewer
        last = self.move_to_take_back()
        if self.replay_bar is not None:  # (the same button: Play from here)
            said = self.replay_bar.replay.play_on_refusal(self.replay_bar.session.step) or ""
        elif match.result() is not None:
            said = _("The game is over: its moves stand as played.")
        elif last is None or not self.session.is_human(seat) or all(move.seat != seat for move in match.log):
            # (the next person at a passed screen, who has not moved yet, was told of "your own last move")
            said = _("There is no move of yours to take back yet.")
        elif last.seat != seat:
            said = _("Undo takes back only your own last move, until another player has moved after it.")
        else:
            said = _(self.SHOWN_MOVE)
        self.say(said)

    def ask_play_on(self) -> None:
        """A replay's Play from here: a new game from the step shown, with the same players and bots, once asked
        (the game watched is kept as it was). It is saved once something is played in it. With one person at the
        table, it may also begin with what they could not see dealt again (``dealt_again``): watched to its end, the
        replay had shown every card to come and every bot's hand."""
        bar = self.replay_bar
        assert bar is not None
        step = bar.session.step
        match = bar.replay.match_at(step)
        bar.playing = False
        if step:
            question = _(
                "A new game begins from move {step} of {count}, with the same players and bots. The game watched is "
                "kept as it was."
            ).format(step=step, count=bar.replay.length)
        else:
            question = _("A new game begins from the same deal, with the same players and bots.")
        buttons = [(_(PLAY_FROM_HERE), lambda: self.app.go.table(match, copy=True))]
        people = [seat for seat, info in enumerate(match.seats) if info.is_human]
        if len(people) == 1 and match.result() is None:
            question += " " + _(
                "Play from here brings the cards to come as they came; Deal again deals anew all you could not see "
                "then (the cards to come, what the bots kept secret)."
            )

            def again() -> None:
                self.app.go.table(dealt_again(match, people[0], secret_seed()), copy=True)

            buttons.append((_("Deal again"), again))
        buttons.append((_("Cancel"), lambda: None))
        self.app.go.dialog(_("Play from here?"), question, buttons, safe=len(buttons) - 1)

    def move_to_take_back(self) -> Command | None:
        """The move Undo would take back: the last one played (a game whose Undo takes a move with the answer
        given after it names that move)."""
        log = self.session.match.log
        return log[-1] if log else None

    def open_log(self) -> None:
        self.app.go.log(self.session, self.log_seat())  # (the side log's seat: no one's while all look)

    def open_pause(self) -> None:
        """Escape when the table holds nothing else: a card shown by Z (or a tap) goes first (it stayed on the
        table under the pause and after it), then the pause, or the replay closes."""
        if self.zoom_pinned:
            self.long_press_card, self.zoom_pinned = None, False
            return
        if self.replay_bar is not None:
            self.close_replay()
        else:
            self.app.go.pause(self.session)

    # --- the session -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Once a frame: a table that moves things of its own steps them, then calls ``drive_session`` (without
        it no bot plays, no privacy screen comes and the results never show)."""
        self.drive_session()

    def drive_session(self) -> None:
        """Once a frame: the session moves on (``step_session``), then a guided game's coach catches up with it
        (drawn or not: on a slow machine several frames run for one drawing)."""
        self.step_session()
        if self.coach is not None:
            self.coach.update()

    def step_session(self) -> None:
        """The results at the end, the privacy screen between people, otherwise the bots."""
        session = self.session
        self.forget_lost_drags()
        self.play_coming_sounds()
        self.ring_the_bell()
        for notice in session.take_notices():
            self.say(notice, error=True, to_all=True)
        if self.replay_bar is not None:
            self.replay_bar.update()
            return
        if session.match.result() is not None:
            if self.results_at is None:
                speed = self.app.settings.animation_factor  # (the pace: Fast shorter, Off a glimpse of the end)
                self.results_at = self.app.now + (self.results_delay / speed if speed else RESULTS_GLIMPSE)
            elif self.app.now >= self.results_at and self.still():
                self.show_results()
            return
        seat = session.needs_handover()
        if seat is None and session.viewer != self.view.seat:
            self.after_handover()  # passed on without a privacy screen: nothing was secret
        # Moves made under the cover are not seen: nothing waits for them to be drawn (after Continue, a bot's
        # move played unseen on a bare table for 2.5 s before the privacy screen came; shown, they are drawn at
        # rest: ``show_as_it_lies``)
        moving = not self.still() and not self.covering()
        if seat is not None:
            if not moving and not self.holding() and not self.lingering():
                self.clear_selection()
                self.app.go.privacy(session, seat, self.after_handover)  # (once: it is not covered twice)
            return
        if not moving:
            self.play_forced_move()
            session.update_bots(self.app.now, self.app.settings.bot_delay)

    def play_forced_move(self) -> None:
        """Settings' "Forced moves: Play them for me": the only move the rules leave the person alone at the table
        is played for them after a moment (``GameSession.forced_move``), and the banner says so; the log tells
        which. Players asked for it: a hand of only Sort raté still asked for a secret choice and Confirm."""
        session = self.session
        session.play_forced = self.app.settings.play_forced
        # Held back while the person is making it or pressing something (played under their finger, their drop or
        # tap came a moment later and was refused as not their turn), or reads a card held up (a long press, a tap,
        # Z: it was taken from before their eyes), or has folded its choice away to look at the table (Peek: the
        # move went on under their eyes and took the panel with it); its second starts again once they let go
        peeking = self.panel is not None and self.panel.hidden
        if self.drag is not None or self.app.tracker.pointers or self.long_press_card is not None or peeking:
            session.forced_later()
            return
        command = session.forced_move(self.app.now, FORCED_PAUSE)
        if command is None:
            return
        bell = self.bell_due  # (held for the move played for them)
        if self.submit(command):
            self.say(self.played_for_you(), till_move=True)
            self.bell_due = bell and self.person_to_act()  # their turn goes on: its bell, once the table is still
        else:  # (cannot happen: the move is the rules' own) said once, then left to the person, not tried each frame
            session.forced_declined = True

    def played_for_you(self) -> str:
        """The banner's words for a move played for the person: which one, as the log tells it to them (the banner
        alone said a move was played, not which)."""
        session = self.session
        names, seat = session.names(), self.view.seat
        batch = session.match.history[-1] if session.match.history else []
        told = (session.game.describe(event, names) for event in batch if event.visible_to(seat))
        line = next((line for line in told if line), "")
        if not line:
            return _("Your only possible move was played for you.")
        return _("Your only possible move was played for you: {move}").format(move=line)

    def uncovered(self) -> None:
        """Back at the table from a screen over it (the pause, Settings, the Rules, the log, the last round watched
        again): a forced move waits its moment again from now. Its moment passed meanwhile, it was played on the
        first frame back, the bots' answers with it, before the person had seen the table again."""
        self.session.forced_later()

    def lingering(self) -> bool:
        """Whether the last move of the person at the screen is still shown to them before it passes on (Undo
        meanwhile takes it back)."""
        return self.app.now < self.passing_after

    def passing_line(self) -> str:
        """The banner's words while the last move is still shown to the person at the screen before it passes to
        another ("" otherwise)."""
        session = self.session
        seat, mover = session.acting_human(), session.shown_to
        if not self.lingering() or seat is None or mover is None or mover == seat:
            return ""
        # Addressed to the person who just moved, by name: "tap the table" read as meant for the next person too
        return _(
            "{mover}, your move is made: the screen passes to {name} in a moment (tap the table to pass it now)."
        ).format(mover=session.name(mover), name=session.name(seat))

    def after_handover(self) -> None:
        # A word to the last person ("Your Wand Bonus Token flips...", a refusal naming their card) is not the next's
        if not self.message_to_all:
            self.message, self.message_until = "", 0.0
        self.show_as_it_lies()
        self.app.play("turn")
        self.turn_due, self.was_to_act = True, self.person_to_act()
        if not self.app.tracker.keys_last:
            self.focus.hide()  # (the screen taken by a tap: the last person's ring is not the next one's)

    def land_motions(self) -> None:
        """What glides on the table lies where it ends, at once, and the sounds still to come with it are let go
        (the moves they went with are no longer shown one by one)."""
        if self.stage is not None:
            self.stage.motions.clear()
            self.stage.unplaced = 0.0
        self.coming_sounds.clear()
        self.snap_next_draw = True

    def show_as_it_lies(self) -> None:
        """Draw the game as it lies now, nothing gliding in: after the screen passed to another person, or a
        replay's jump."""
        self.land_motions()
        self.bell_due = False  # (the screen passed: ``after_handover`` rings it)
        self.clear_selection()
        self.refresh()
        self.rebuild_recent()

    def show_results(self) -> None:
        self.results_at = float("inf")
        self.app.go.results(self.session, type(self).tallies(self.session))


__all__ = ["GameTable"]
