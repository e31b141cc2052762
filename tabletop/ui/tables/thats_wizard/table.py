"""The That's Wizard! table: tap a card of your hand (or drag it onto your place), turn the Spell Power dial, then
Reveal. The dial shows in red a value the card cannot take, and Reveal warns before such an illegal play (a pass).
While a duel is stalled (``resources.STALL_ROUNDS``) the banner offers Concede (confirmed first: it is final) and,
to a wizard who cannot win, Offer draw; the others answer a draw in a panel.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, name
from tabletop.games.thats_wizard.events import Concede, OfferDraw, Pass, Play
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.resources import play_problem, reason_text
from tabletop.games.thats_wizard.state import ReversedBy
from tabletop.games.thats_wizard.view import PlayView, ThatsWizardView
from tabletop.i18n import N_, language
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import Intent, Target
from tabletop.ui.scene import AppLike
from tabletop.ui.sprites.motion import Drag, Flight, step_flights, travel_time
from tabletop.ui.sprites.placed import HitMap, Placed
from tabletop.ui.sprites.stage import MOVE_GLIDE, Stage
from tabletop.ui.tables.again import WatchAgain
from tabletop.ui.tables.base import SHOWN_MOVE_WITH_DICE, GameTable
from tabletop.ui.tables.score_sheet import score_sheet
from tabletop.ui.tables.thats_wizard import painter
from tabletop.ui.tables.thats_wizard.cards import zoom_face
from tabletop.ui.tables.thats_wizard.dial import Dial
from tabletop.ui.tables.thats_wizard.dice import HOLD, DiceTray, throws
from tabletop.ui.tables.thats_wizard.layout import Layout, compute
from tabletop.ui.tables.thats_wizard.painter import FLIP, LIFT, MARK, NUMBER_SIZE, Look
from tabletop.ui.tables.thats_wizard.panels import choice_panel
from tabletop.ui.tables.thats_wizard.results import tallies
from tabletop.ui.tables.thats_wizard.standing import STAMINA, STANDING, stamina, standing
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Widget

FLOAT = 1.6  # seconds a "-5" floats above a tracker
# Seconds at least that a round revealed before several people sharing the screen stays before them, whatever the
# animation setting, before the screen passes on (with animations off it passed on the very frame of the reveal).
SHOWN_ROUND = 1.5
# Seconds a duel's end stays on the table, said, before the next duel's side board is asked (at Normal animation):
# the next duel begins in the move that ends one, and its side board covered the table at once (a person alone
# against a bot lost a duel and read of it in the log alone).
DUEL_END = 2.5
# What the table says while a first tap on Pass waits for the second that passes (``tap_pass``), for as long as a
# message stays (``message_seconds``): Pass is lit gold exactly while it is said.
TAP_PASS_AGAIN = N_("Tap Pass again to play no card this round: once the cards are revealed, it cannot be taken back.")
POWER_BLUE = (120, 170, 255)
# The number a change of Stamina or Power floats: its sign and tracker row (0 Stamina, 1 Power).
CHANGES = {ev.StaminaLost: (-1, 0), ev.StaminaGained: (1, 0), ev.PowerChanged: (1, 1), ev.PowerPaid: (-1, 1)}


class ThatsWizardTable(GameTable):
    name = "thats-wizard-table"
    game_id = "thats-wizard"
    tallies = staticmethod(tallies)
    message_seconds = 4.0
    ZOOM_KINDS = ("card", "score")  # a score enlarged is its breakdown (the standing, a wizard's Stamina)
    # The keyboard's stops on the table (the dial is one of its controls); the cards laid, shown, lasting or set
    # aside are added where they lie (``focus_extras``)
    FOCUS_KINDS = ("hand", "score")
    READ_KINDS = ("laid",)
    SHOWN_MOVE = SHOWN_MOVE_WITH_DICE
    SOUNDS = {
        ev.Revealed: "reveal",
        ev.SpellRead: "spell",
        ev.Ready: "place",
        ev.DuelWon: "reward",
        ev.MatchWon: "end",
        ev.MatchDrawn: "end",
    }

    stage: Stage  # (the kit's is optional; this table always has one)

    def __init__(self, app: AppLike, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: ThatsWizardView = session.view()
        self.layout: Layout = compute(self.table_size(), self.view, self.replay_bar is None)
        self.dial = Dial(on_release=lambda: self.app.play("click"))
        self.selected: str | None = None
        self.dice = DiceTray(self.layout.tray, self.layout.die, seed=session.table_seed())  # (never the game's)
        self.dice.on_throw = lambda: self.play_shown("dice")
        self.rolls: list[ev.DiceRolled] = []  # the rolls of the command being told, thrown together
        self.flips: dict[int, float] = {}
        # When the round was revealed before several people sharing the screen (None: it is not being shown): the
        # table shows it to all of them, the hand and the side board of the one at the screen face down.
        self.revealed_at: float | None = None
        self.shown_wins: list[int] = []  # the winners of the duels the round shown to everyone ended
        self.numbers: list[Flight] = []  # Stamina and Power changes rising from the trackers
        self.duel_end_until = 0.0  # (app time) till when a duel's end is shown before the next duel's choices
        # Stamina and Power as the events of the move being told leave them, and as a duel ended: the view is
        # already the next duel's, every wizard back at 20 Stamina under "wins the duel" (``show_duel_end``).
        self.told_trackers: dict[int, tuple[int, int]] = {}
        self.ended_trackers: dict[int, tuple[int, int]] = {}
        self.ended_duel = 0  # the duel that ended (its number), its end shown while the view is the next one's
        # The cards played in the round that ended a duel, as the move's events reveal them: the view has gone on to
        # the next duel, its cards collected, and the duel's end was held over empty places ("Duel 1 - over" with
        # no Disarm in sight; in Duos "everyone sees the round" with no card of it to see: the review of uxtw2).
        self.told_plays: dict[int, PlayView] = {}
        self.ended_plays: tuple[PlayView, ...] = ()
        self.ready_button = Button("", self.reveal_pick, primary=True, size=24, refused=self.refuse)
        self.pass_button = Button("", self.tap_pass, size=20, refused=self.refuse)
        # Pass tapped once: (the seat's round: seat, duel, round; the card picked; until when)
        self.pass_armed: tuple[tuple[int, int, int], str | None, float] | None = None
        self.concede_button = Button("", self.ask_concede, size=17)
        self.draw_button = Button("", self.offer_draw, size=17)
        self.watch_again = WatchAgain(self, lambda event: isinstance(event, ev.Revealed), self.why_not_watch)
        self.again = self.watch_again.button
        self.label_buttons()

    def label_buttons(self) -> None:
        """The table's own buttons in the language shown (each frame, as the kit's bar: Settings may change it)."""
        self.ready_button.label, self.ready_button.note = _("Reveal"), _("when everyone is ready")
        self.pass_button.label = _("Pass")
        self.concede_button.label = _("Concede duel")
        self.draw_button.label = _("Offer draw")

    # --- scene hooks ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()
        self.rebuild_recent()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.dice.layout(self.layout.tray, self.layout.die)

    def back(self) -> None:
        if self.drag is None and self.selected is None:
            self.open_pause()
        elif self.selected is not None:
            self.clear_selection()  # (put back by Escape: the dial rests as a tap putting it back leaves it)
        self.drag = None
        self.layout_controls()  # Reveal goes out at once (a tap in the same frame must not find it lit)

    # --- state from the session --------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = self.session.view()
        self.layout = compute(self.table_size(), self.view, self.replay_bar is None)
        if self.selected not in self.view.hand:
            self.selected = None
        self.layout_controls()

    def panel_key(self) -> Hashable:
        """Which choice the seat on screen makes in the panel now (None: none)."""
        view = self.view
        if not (self.session.is_human(view.seat) and view.seat in view.to_act and view.legal):
            return None
        if view.prompt is not None:
            return (view.prompt.kind, len(self.session.match.log), view.seat)  # answered before anyone else acts
        if view.stage == "sideboard":
            return ("sideboard", (view.duel, view.round), view.seat)  # chosen while others choose theirs
        return None

    def layout_controls(self) -> None:
        """Place the buttons and the dial, and light what the seat on screen may use now."""
        self.layout_bar(self.layout.buttons)
        self.label_buttons()
        self.watch_again.place(self.layout.again)
        choosing = self.can_choose()
        self.ready_button.rect, self.pass_button.rect = self.layout.ready, self.layout.pass_button
        self.ready_button.enabled = choosing and self.selected is not None
        self.pass_button.enabled = self.dial.enabled = choosing
        if self.pass_armed is not None and not self.pass_is_armed():  # (another card picked, or its time ran out)
            self.pass_armed = None
            if self.message == _(TAP_PASS_AGAIN):
                self.message = ""  # (it said Pass waits for a second tap: no longer)
        self.pass_button.primary = choosing and self.pass_is_armed()  # (lit as Reveal is: the tap that acts next)
        # A finished match has no round to reveal or pass: they lay there greyed under "The match is over." (review)
        self.ready_button.visible = self.pass_button.visible = self.view.stage != "over"
        self.dial.rect = self.layout.dial
        card = self.selected
        self.dial.allowed = CARDS[card].dials if card else ()
        self.dial.problem = self.problem(card, self.dial.value) if card else None
        for button, command in self.stall():
            button.visible = choosing and command in self.view.legal
        shown = [button for button, _ in self.stall() if button.visible]
        for button, rect in zip(shown, self.layout.stall[len(self.layout.stall) - len(shown) :], strict=True):
            button.rect = rect  # right-aligned in the banner

    def stall(self) -> list[tuple[Button, Command]]:
        """The banner's buttons for a stalled duel, with the command each gives."""
        seat = self.view.seat
        return [(self.concede_button, Concede(seat)), (self.draw_button, OfferDraw(seat))]

    def controls(self) -> list[Widget]:
        buttons = [self.ready_button, self.pass_button, self.concede_button, self.draw_button, self.again]
        return [*self.bar, *buttons, self.dial]

    def problem(self, card: str, dial: int) -> str | None:
        """Why ``card`` at ``dial`` would be an illegal play, in the language shown (None: it is legal)."""
        view = self.view
        ally = view.ally(view.seat)
        ally_dueling = ally is not None and view.wizards[ally].dueling
        problem = play_problem(card, dial, view.hand, view.wizards[view.seat].power, view.tax, ally_dueling)
        return None if problem is None else reason_text(problem)

    # --- what events show -------------------------------------------------------------------------------------
    def sound_for(self, event: Event) -> str | None:
        if isinstance(event, ev.SpellRead) and event.countered:
            return None
        if isinstance(event, ev.Ready) and event.seat == self.view.seat:
            return None  # one's own pick makes no sound
        return super().sound_for(event)

    def animate(self, event: Event) -> None:
        if isinstance(event, ev.Revealed):
            instant = self.motion_factor == 0  # (reduced motion: the card lies face up at once)
            for shown in event.plays:
                self.flips[shown.seat] = FLIP if instant else 0.0
            self.told_plays = {shown.seat: shown_play(shown) for shown in event.plays}
            self.dice.clear()  # a new round's throws: the last round's no longer decide anything
            self.show_round(again=True)
        elif isinstance(event, ev.Reversed):
            self.tell_reversed(event)
        elif isinstance(event, ev.SpellRead):
            told = self.told_plays.get(event.seat)
            if told is not None:  # (read: countered, or cast if a spell, as the rules' own flags say)
                cast = CARDS[event.card].is_spell and not event.countered
                self.told_plays[event.seat] = told._replace(countered=event.countered, cast=cast)
            # Spells read after a choice in the middle of a round (a tie's roll won, a Scry kept) are everyone's
            # to see too: they played out on the chooser's screen alone, then the screen passed on. Shown their own
            # time: read after a bot's choice, the round shown since the reveal had had its time during the dice,
            # and the screen passed on the frame the spells were read (the new player's review of Duos).
            self.show_round()
            if self.revealed_at is not None:
                self.revealed_at = self.app.now
        elif isinstance(event, ev.DuelWon) and self.showing_round():
            self.shown_wins.append(event.winner)
            self.keep_duel_end()
        elif isinstance(event, ev.DuelWon):
            self.show_duel_end(event)
        elif isinstance(event, ev.DuelBegan):
            self.dice.clear()  # a new duel: the last duel's throws and their captions no longer decide anything
            if self.view.players == 4:  # (Duos: the zones are the new set's, another wizard's there: rising '-10'
                self.numbers.clear()  # over Nimue when Morgana paid it; in 1 vs 1 the last blow's still rises)
        elif isinstance(event, ev.DiceRolled):
            self.rolls.append(event)  # thrown with the command's other rolls, in order (on_applied)
        elif isinstance(event, ev.Focused) and not event.blocked:
            gained = event.power - self.trackers_told()[event.seat][1]  # (Power back to 10: what it gave)
            self.tell_tracker(event)
            if gained:
                self.float_number(event.seat, f"{gained:+d}", POWER_BLUE, 1)
        elif isinstance(event, (ev.StaminaLost, ev.StaminaGained, ev.PowerChanged, ev.PowerPaid)):
            self.tell_tracker(event)
        if isinstance(event, (ev.StaminaLost, ev.StaminaGained, ev.PowerChanged, ev.PowerPaid)) and event.amount:
            sign, row = CHANGES[type(event)]
            colour = POWER_BLUE if row else theme.GOOD if sign > 0 else theme.BAD  # (the palette's, asked now)
            self.float_number(event.seat, f"{sign * event.amount:+d}", colour, row)

    def tell_tracker(
        self, event: ev.StaminaLost | ev.StaminaGained | ev.PowerChanged | ev.PowerPaid | ev.Focused
    ) -> None:
        """A wizard's tracker as the event leaves it (the view, read after the whole move, may be the next
        duel's)."""
        wizard = self.view.wizards[event.seat]  # (the view before the move: ``refresh`` comes after the events)
        stamina, power = self.told_trackers.get(event.seat, (wizard.stamina, wizard.power))
        if isinstance(event, (ev.StaminaLost, ev.StaminaGained)):
            stamina = event.stamina
        else:
            power = event.power
        self.told_trackers[event.seat] = (stamina, power)
        if self.duel_end_held():  # (a duel's end held: a change told meanwhile, a spell read after a tie, shows)
            self.ended_trackers[event.seat] = (stamina, power)

    def trackers_told(self) -> dict[int, tuple[int, int]]:
        """Every wizard's Stamina and Power as the events told so far of the move leave them."""
        wizards = self.view.wizards
        return {seat: self.told_trackers.get(seat, (w.stamina, w.power)) for seat, w in enumerate(wizards)}

    def tell_reversed(self, event: ev.Reversed) -> None:
        """A card of the round turned back, as its mark under it says while a duel's end is held (a Shock turned
        back on its confused caster, the duel's last spell, lay there with no "confused: turned back")."""
        told = self.told_plays.get(event.seat)
        if told is not None:
            by: ReversedBy = "reflect" if event.by == "reflect" else "confusion"
            self.told_plays[event.seat] = told._replace(reversed=True, reversed_by=by)

    def plays_told(self) -> tuple[PlayView, ...]:
        """The cards of the round as the events told so far of the move leave them, by seat."""
        return tuple(self.told_plays[seat] for seat in sorted(self.told_plays))

    def duel_end_held(self) -> bool:
        """Whether a duel's end is shown now (its trackers as the duel ended, the loser at 0, gliding to the next
        duel's once it has been seen): held for a person alone, the pawns gliding back before the next duel is
        asked, or in the round shown to several people."""
        back = travel_time(MOVE_GLIDE, self.motion_factor)
        return self.app.now < self.duel_end_until - back or (self.showing_round() and bool(self.shown_wins))

    def float_number(self, seat: int, text: str, colour: tuple[int, int, int], row: int) -> None:
        """A change rising from a tracker row (0 Stamina, 1 Power) and fading."""
        zone = self.layout.zones[seat]
        tracks, k = zone.tracks, zone.scale  # (sized as the zone's words: in a tall window's zones it was a third
        track = tracks[row]  # of the height of "Power 4" beside it)
        x, y = track.right - px(20), track.top - px(6)
        # Two changes of one row in one move (a Power gain and a cost) rose from one place, '-5' over '+10' read
        # as one number: each starts left of those still shown, a number's width apart. (A Power change hardly
        # rises, short of the Stamina row: the last round's '-10', fading, lay behind a Focus's '+10' when only
        # those near where they began were kept clear of.) The first free place: a third change could start on
        # the second's once the first had gone.
        taken = {n.start[0] for n in self.numbers if n.start[1] == y and not n.done}
        step = theme.ui_font(NUMBER_SIZE * k, True).size("-20")[0] + px(8 * k)
        x = next(x - slot * step for slot in range(len(taken) + 1) if x - slot * step not in taken)
        # It rises, but a Power change never onto the Stamina row above (read there as Stamina lost), and a Stamina
        # change never into the row of the wizard's name above (it ran over the name, "choosing..." and a duel's
        # last blow over "Lost this duel" in Duos); reduced motion: it is shown its time where it starts.
        half = theme.ui_font(NUMBER_SIZE * k, True).get_height() // 2
        ceiling = zone.name.bottom + half if row == 0 else tracks[0].bottom + px(10)
        top = max(y - FLOAT * px(24 * k), ceiling)
        end = (x, y) if self.motion_factor == 0 else (x, min(y, top))
        start = (x, y)
        self.numbers.append(Flight("number", (text, colour, k), start, end, FLOAT, height=0))

    def show_duel_end(self, event: ev.DuelWon) -> None:
        """A duel won before a person alone at the screen (several people see it in the banner of the round shown
        to them all): said as the log says it, and the table kept in sight a moment (``busy``: no side board asked,
        no bot moving; a tap shows it done) unless the match is over, which the results tell."""
        if self.replay_bar is not None or self.session.match.result() is not None:
            return
        self.say(self.session.game.describe(event, self.session.names()), to_all=True)
        speed = self.app.settings.animation_factor  # (the pace: Off keeps the word alone)
        if speed:
            self.duel_end_until = self.app.now + DUEL_END / speed
            self.keep_duel_end()

    def keep_duel_end(self) -> None:
        """The duel just ended as the move's events have told it so far (the view before the move: its number),
        for ``look`` while its end is held."""
        self.ended_trackers, self.ended_duel, self.ended_plays = self.trackers_told(), self.view.duel, self.plays_told()

    def undo(self) -> None:
        """The last move taken back: a duel's end it held is no longer shown (its loser stayed at 0 Stamina and
        the table busy over the move taken back, the choice it had answered not asked again)."""
        moves = len(self.session.match.log)
        super().undo()
        if len(self.session.match.log) < moves:
            self.duel_end_until = 0.0

    def on_applied(self, applied: Applied) -> None:
        shown = self.showing_round()
        self.told_trackers = {}
        self.told_plays = {play.seat: play for play in self.view.plays}  # (the view before the move)
        super().on_applied(applied)
        if self.showing_round() and not shown:
            self.rebuild_recent()  # told to everyone looking: the public lines only
        if self.rolls:  # every roll of the command, in order: each is thrown once the one before has landed
            instant, still = self.app.settings.animation_factor == 0, self.motion_factor == 0
            self.dice.queue(throws(self.rolls, self.session.names()), instant=instant, still=still)
            self.rolls = []

    # --- every frame --------------------------------------------------------------------------------------------
    def busy(self) -> bool:
        flipping = any(t < FLIP for t in self.flips.values())
        # A die thrown in a round shown to everyone lies its moment (HOLD) before the screen passes on: the round was
        # put down the frame its Chaos die landed, and no one at the table read the roll.
        landing = self.showing_round() and self.dice.age < HOLD
        return self.stage.busy() or self.dice.busy or flipping or landing or self.app.now < self.duel_end_until

    def update(self, dt: float) -> None:
        self.stage.speed = self.motion_factor
        self.stage.update(dt)
        self.dice.step(dt)
        for seat in list(self.flips):
            self.flips[seat] += dt
            if self.flips[seat] > FLIP + 0.1:
                del self.flips[seat]
        step_flights(self.numbers, dt)
        self.end_shown_round()
        self.drive_session()
        self.layout_controls()
        # The dice land and the cards turn over before a choice is asked.
        key = None if self.busy() or self.showing_round() else self.panel_key()
        # (made again in a language chosen meanwhile in Settings: by relabel, the choice as far as it was made kept)
        self.set_panel(
            None if key is None else (key, language()), lambda: choice_panel(self.view, self.session.names())
        )

    def show_round(self, again: bool = False) -> None:
        """With several people at the screen, what is revealed is shown to all of them (``showing_round``), from
        now (``again``: a new reveal while one is shown) or from when it began."""
        if len(self.session.humans()) > 1 and self.replay_bar is None and (again or self.revealed_at is None):
            self.revealed_at = self.app.now
            self.shown_wins = []

    def showing_round(self) -> bool:
        """Whether the round just revealed is shown to the several people sharing the screen: everyone looks, as
        at a table where the cards turn over together, so nothing of the one at the screen is shown meanwhile (the
        last to choose had their hand and side board face up through the dice, before all the others)."""
        return self.revealed_at is not None

    def why_not_watch(self) -> str:
        """Why the last round may not be watched again now ("" when it may)."""
        return _("Not while the spells are shown to everyone.") if self.showing_round() else ""

    def end_shown_round(self) -> None:
        """Once the revealed round has been seen (the dice landed and lay ``HOLD``, the cards turned, ``SHOWN_ROUND``
        passed), the screen is put down: whoever acts next, the one at it too (a Scry's cards, a choice of the spells
        read), takes it through the privacy screen. While bots play on, it stays shown, the hands face down (put
        down, the table was covered and the bots' moves unseen)."""
        if self.revealed_at is None or self.busy() or self.app.now < self.revealed_at + self.shown_round_time():
            return
        if self.session.match.result() is None and self.session.acting_human() is None:
            return
        self.revealed_at = None
        self.rebuild_recent()  # (told to the one at the screen again, until it passes on)
        if self.session.match.result() is None:
            self.session.put_down()

    def shown_round_time(self) -> float:
        """How long a revealed round is shown to everyone: one that ended a duel as long as a person alone is shown
        a duel's end (``DUEL_END``). It passed on after ``SHOWN_ROUND`` like any other round: in Duos with two people
        the Disarm that ended a set was gone to the next side board's privacy screen a second and a half after Reveal
        (the new player's review of Duos)."""
        speed = self.app.settings.animation_factor  # (the pace, as ``show_duel_end``'s)
        if self.shown_wins and speed:
            return max(SHOWN_ROUND, DUEL_END / speed)
        return SHOWN_ROUND

    def log_seat(self) -> int | None:
        return None if self.showing_round() else self.view.seat

    def holding(self) -> bool:
        return super().holding() or self.showing_round()  # (the screen is not passed on meanwhile)

    def clear_selection(self) -> None:
        """The pick made or put back (or the screen passed on): the dial rests at 0 until the next pick, as after a
        hand-over. Left at the value played, the next round began with a Spell Power set and no card picked, and
        Reveal said "First choose a card of your hand." (1 vs 1 against a bot: the review of uxtw2)."""
        self.selected = None
        self.dial.set(0)

    def picked(self) -> Hashable:
        return self.selected

    def hurry(self) -> bool:
        """The dice thrown at once, the cards turned and the numbers risen, the glides ended; the card picked and
        the dial as the person left them."""
        self.dice.land_all()
        self.flips.clear()
        self.numbers.clear()
        self.duel_end_until = 0.0
        self.land_motions()
        return True

    def show_as_it_lies(self) -> None:
        """The screen passed to another person (or a replay jumped): the dial rests at 0 again. Left where the last
        person turned it, it would show the next one the Spell Power of the pick the last one has just made."""
        self.dial.set(0)
        self.dial.dragging = None
        # As the kit drops its glides: the cards still turning over and the numbers still rising are shown done.
        self.flips.clear()
        self.numbers.clear()
        self.duel_end_until = 0.0
        if self.replay_bar is not None:  # a jump: the throws on the tray, or waiting, belong to the step left behind
            self.rolls = []
            self.dice.clear()
        super().show_as_it_lies()
        if self.replay_bar is not None:  # and the step jumped to has its own, lying as a step there leaves them
            self.lay_rolls_still()

    def lay_rolls_still(self) -> None:
        """The throws on the tray at the step a replay shows, landed at once and without a sound: those of the
        last move that rolled, unless a reveal or a new duel came after it (``animate`` clears the tray then). A
        jump left the tray bare where a step there showed the dice its caption told ("P1 rolls 5, P2 rolls 3")."""
        seat, rolls = self.view.seat, []
        for batch in reversed(self.session.match.history):
            seen = [event for event in batch if event.visible_to(seat)]
            rolls = [event for event in seen if isinstance(event, ev.DiceRolled)]
            if rolls or any(isinstance(event, (ev.Revealed, ev.DuelBegan)) for event in seen):
                break
        on_throw, self.dice.on_throw = self.dice.on_throw, None
        self.dice.queue(throws(rolls, self.session.names()), instant=True, still=self.motion_factor == 0)
        self.dice.on_throw = on_throw

    # --- commands ------------------------------------------------------------------------------------------------
    def can_choose(self) -> bool:
        view = self.view
        return (
            view.stage == "choose"
            and view.prompt is None
            and view.seat in view.to_act
            and self.session.is_human(view.seat)
            and self.session.needs_handover() is None
            and not self.showing_round()
        )

    def turn_rank(self, target: Target) -> int | None:
        """The keyboard's first stop as a round begins: the first card of the hand that can be played (at some
        Spell Power), else Pass."""
        if not self.can_choose():
            return None
        if target.kind == "hand" and isinstance(target.item, str):
            card = target.item
            return 0 if any(self.problem(card, dial) is None for dial in CARDS[card].dials) else None
        return 1 if target.item is self.pass_button else None

    def select(self, card: str) -> None:
        """Pick a card of the hand; the dial moves to the first value the card can take now."""
        self.selected = card
        allowed = [d for d in CARDS[card].dials if self.problem(card, d) is None]
        self.dial.set((allowed or list(CARDS[card].dials))[0])
        self.layout_controls()
        self.app.play("click")
        # By keys, the ring goes on to what comes next: the dial, or Reveal for a card of one value (4 to 18 Tabs)
        following = self.dial if len(CARDS[card].dials) > 1 else self.ready_button
        self.focus_on(lambda target: target.item is following)

    def reveal_pick(self) -> None:
        """Reveal the picked card at the dial's value; an illegal play (a pass) is confirmed first."""
        if self.selected is None:  # (Reveal is lit only once a card is picked; a tap may come before the relight)
            self.refuse()
            return
        seat, card, dial = self.view.seat, self.selected, self.dial.value
        problem = self.problem(card, dial)
        if problem is None:
            self.submit(Play(seat, card, dial))
            return
        self.app.go.dialog(
            _("An illegal play"),
            _("{problem} Revealed like this, {card} does nothing and your turn is skipped (a pass).").format(
                problem=problem, card=name(card)
            ),
            [(_("Reveal it anyway"), lambda: self.give(Pass(seat, card, dial))), (_("Change my play"), lambda: None)],
            safe=1,
        )

    def tap_pass(self) -> None:
        """Pass plays no card this round, and once the cards are revealed no Undo takes it back: against a bot, who
        has chosen as a rule, that is at once. So a slip of the finger (Pass lies under Reveal) does not cost the
        round, the first tap asks for a second; unless Pass is all the wizard can do (no legal play)."""
        view = self.view
        if self.pass_is_armed() or not self.pass_asks_twice():
            self.pass_armed = None
            self.give(Pass(view.seat))
            return
        self.say(_(TAP_PASS_AGAIN), till_move=True)
        self.pass_armed = (self.pass_round(), self.selected, self.message_until)  # (armed while it is said)

    def pass_is_armed(self) -> bool:
        """Pass was tapped once, a moment ago, by this seat in this round, with the same card picked (or none). An
        opponent's secret choice meanwhile keeps it armed: against a bot choosing as the person tapped, the second
        tap that the table asked for only armed Pass again (keyed by the log's length, the bot's move reset it)."""
        armed = self.pass_armed
        if armed is None:
            return False
        where, card, until = armed
        return where == self.pass_round() and card == self.selected and self.app.now < until

    def pass_asks_twice(self) -> bool:
        """Whether a first tap on Pass asks for a second: when the wizard has a legal play to lose."""
        return any(isinstance(command, Play) for command in self.view.legal)

    def pass_round(self) -> tuple[int, int, int]:
        """The seat on screen, the duel and the round: where a first tap on Pass waits for the second."""
        view = self.view
        return view.seat, view.duel, view.round

    def ask_concede(self) -> None:
        """A concession is final: the person confirms it first."""
        seat = self.view.seat
        other = self.view.opponent(seat)
        if other is not None:
            said = _("{winner} wins the duel and its victory token, and the match goes on. It cannot be taken back.")
            said = said.format(winner=self.session.name(other))
        else:
            said = _(
                "Your opponent wins the duel and its victory token, and the match goes on. It cannot be taken back."
            )
        self.app.go.dialog(
            _("Concede this duel?"),
            said,
            [(_("Concede the duel"), lambda: self.give(Concede(seat))), (_("Play on"), lambda: None)],
            safe=1,
        )

    def give(self, command: Command) -> None:
        """A button's or a dialog's answer: submit ``command``."""
        self.submit(command)

    def offer_draw(self) -> None:
        if self.submit(OfferDraw(self.view.seat)):
            self.say(_("Draw offered: the others answer in turn."))

    def not_now(self) -> str:
        view = self.view
        if view.stage == "sideboard":
            return (
                _("Your side board is chosen: wait for the others.")
                if view.side
                else _("First choose your side board.")
            )
        if not view.wizards[view.seat].dueling:
            return _("Your duel is over: watch your ally's.")
        if view.seat in view.paralyzed:
            return _("You are paralyzed this round: no card, no turn.")
        if view.choice is not None:
            return _("You are ready: wait for the others.")
        return _("Not now: the round is being resolved.")

    def refuse(self) -> None:
        """Reveal or Pass tapped while unlit: say why."""
        self.say(_("First choose a card of your hand.") if self.can_choose() else self.not_now(), error=True)

    # --- input ---------------------------------------------------------------------------------------------------
    def focus_extras(self) -> list[Target]:
        """The cards laid, shown, lasting or set aside, each where it lies (a spell's name may lie in several
        places: by name, a spell also in the hand was no stop), to read by Z as a resting mouse does; a card of
        the hand is its "hand" stop."""
        hand = {placed.rect.topleft for placed in self.hits.placed if placed.kind == "hand"}
        places: set[tuple[int, int]] = set()
        out = []
        for placed in self.hits.placed:
            where = placed.rect.topleft
            if placed.kind == "card" and where not in hand and where not in places:
                places.add(where)
                out.append(Target("laid", (placed.item, where), placed.rect))
        return out

    def zoom_focused(self) -> bool:
        """Z on a card laid on the table: that card, though another lies over its middle (a lasting spell's
        neighbour, this round's back over the last round's card)."""
        target = self.focused()
        if target is None or target.kind != "laid" or not isinstance(target.item, tuple):
            return super().zoom_focused()
        self.show_zoom(str(target.item[0]), target.rect.center)
        return True

    def key(self, event: pygame.event.Event) -> None:
        """The kit's keys, and + or - turning the dial while it is lit."""
        turns = {pygame.K_PLUS: 1, pygame.K_KP_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
        if event.type == pygame.KEYDOWN and event.key in turns and self.dial.enabled:
            self.turn_dial(turns[event.key])
            return
        super().key(event)

    def turn_focused(self, target: Target, wish: Intent) -> bool:
        """Left and Right turn the dial while it has the focus (one number a press, round past 10 to 0)."""
        if target.item is self.dial and wish in ("left", "right") and self.dial.enabled:
            self.turn_dial(1 if wish == "right" else -1)
            return True
        return super().turn_focused(target, wish)

    def turn_dial(self, step: int) -> None:
        """The dial one number on (or back): any number, a value the card cannot take shown in red as a drag
        leaves it."""
        self.dial.set((self.dial.value + step) % 11)
        self.layout_controls()
        self.dial.on_release()

    def pointer(self, event: PointerEvent) -> None:
        if event.kind == "wheel" and self.dial.enabled and self.dial.rect.collidepoint(event.pos):
            self.turn_dial(1 if event.dy > 0 else -1)  # (a notch a number, as + and - do; it did nothing)
            return
        if self.panel is None or not self.busy():  # (a choice is asked once the table is still)
            super().pointer(event)

    def forget_lost_drags(self, current: int | None = None) -> None:
        """The dial lets go of a hand the app no longer follows too (its release went to the pause, or the window
        lost the focus): held, its number was not drawn and it took the next tap of that hand."""
        super().forget_lost_drags(current)
        held = self.dial.dragging
        if held is not None and held != current and held not in self.app.tracker.pointers:
            self.dial.dragging = None

    def start_drag(self, event: PointerEvent) -> None:
        card = self.hits.at(event.pos, "hand")
        if card is not None and self.can_choose():
            self.drag = Drag.start(event.pointer.id, "card", card.item, card.rect, event.pos)

    def drop(self, drag: Drag, event: PointerEvent) -> None:
        if self.layout.zones[self.view.seat].rect.collidepoint(event.pos) or self.layout.dial.collidepoint(event.pos):
            self.select(str(drag.item))
        else:
            self.say(_("Drop the card on your place at the table (or just tap it) to pick it."))

    def hand_card_beside(self, pos: tuple[int, int]) -> Hashable | None:
        """The card of the hand nearest a tap in the narrow gap between two of them. The hand closes up as a card
        is played, each card half a card aside: a tap where a card lay a round before fell in a gap and did
        nothing, and Reveal then said "First choose a card of your hand." (the reviews of uxtw and uxtw2). The
        picked card reaches down to where it lay before it stood raised: a second tap at the foot of a card, to put
        it back, fell below it and did nothing."""
        near = [
            placed
            for placed in self.hits.of_kind("hand")
            if self.hand_reach(placed.rect, placed.item).collidepoint(pos)
        ]
        return min(near, key=lambda placed: abs(placed.rect.centerx - pos[0])).item if near else None

    def hand_reach(self, rect: pygame.Rect, card: Hashable) -> pygame.Rect:
        """Where a tap picks (or puts back) a card of the hand drawn at ``rect``: a little into the gaps beside it,
        and for the picked card, down over the place it stood before it was raised."""
        reach = rect.inflate(px(14), 0)
        if card == self.selected:
            reach.height += px(LIFT)
        return reach

    def tap(self, pos: tuple[int, int]) -> None:
        card = self.hits.item_at(pos, "hand") or self.hand_card_beside(pos)
        score = self.hits.item_at(pos, "score")
        if card is None and isinstance(score, str):
            self.show_zoom(score, pos)  # how the standing (or a Stamina) came about, until the next touch
            return
        if card is None:
            return
        if not self.can_choose():
            self.say(self.not_now())
        elif self.selected == card:
            self.clear_selection()  # (put back: the dial rests as before the pick)
            self.layout_controls()
        else:
            self.select(str(card))

    # --- tests and demos --------------------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person makes for ``command`` here: ("tap", pos) or ("drag", from, to)."""
        if self.panel is not None:
            return [("tap", pos) for pos in self.panel.gesture(command)]  # once the table is still (busy())
        if isinstance(command, Pass) and command.card is None:  # (tapped twice, the second tap passing, where a
            # card could be played: else the first passes, and a second tapped the table after the pass)
            return [("tap", self.layout.pass_button.center)] * (2 if self.pass_asks_twice() else 1)
        if isinstance(command, (Concede, OfferDraw)):
            return [("tap", button.rect.center) for button, given in self.stall() if given == command]
        if isinstance(command, (Play, Pass)):
            assert command.card is not None and command.dial is not None
            actions: list[tuple] = []
            if self.selected != command.card:
                rect = self.hits.rect_of("hand", command.card)
                assert rect is not None, f"{command.card} is not in the hand drawn"
                actions.append(("tap", (rect.centerx, rect.top + px(16))))
            start = (command.dial + 4) % 11
            actions.append(("drag", self.dial.number_pos(start), self.dial.number_pos(command.dial)))
            actions.append(("tap", self.layout.ready.center))
            return actions
        raise AssertionError(f"no gesture for {command}")

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> HitMap:
        assert self.stage is not None
        return painter.paint(self.look(), surface, self.stage)

    def look(self) -> Look:
        held = self.duel_end_held()
        moved_on = held and self.ended_duel != self.view.duel  # (the view is the next duel's)
        return Look(
            view=self.view,
            layout=self.layout,
            names=self.session.names(),
            controllers=self.session.controllers(),
            recent=self.recent_wrapped(self.layout.log_lines.width, 15, 14),
            instruction=self.instruction(),
            choosing=self.can_choose(),
            hidden=self.showing_round(),
            selected=self.selected,
            drag=self.drag,
            flips=self.flips,
            numbers=self.numbers,
            trackers=self.ended_trackers if held else {},
            ended_duel=self.ended_duel if moved_on else None,
            ended_plays=self.ended_plays if moved_on else None,
            dice=self.dice,
            dial=self.dial,
            controls=self.controls(),
        )

    def instruction(self) -> str:
        """The banner's hint: what the person at the screen does now, or whom the table waits for."""
        view = self.view
        if view.stage == "over":
            return _("The match is over.")
        if self.showing_round():
            return self.shown_round_line()
        if self.panel is not None:  # (named when several people share the screen: whose choice it is)
            if len(self.session.humans()) > 1:
                choice = self.panel.title or _("make your choice in the panel.")  # (Dispel's has no title)
                return _("{name}: {choice}").format(name=self.session.name(view.seat), choice=choice)
            return self.panel.title
        if self.panel_key() is not None:
            return _("Your choice comes once the table is still.")  # (the dice land and the cards turn first)
        # Each line names the wizard at the screen: after a hand-over, only a border and the hand shown said whose
        # turn it was (a reviewer passing a touchscreen round four people).
        name = self.session.name(view.seat)
        if self.can_choose():
            if self.selected is None and (self.concede_button.visible or self.draw_button.visible):
                return _("{name}, this duel is stalled:").format(name=name)
            if self.selected is None and not view.hand:  # (five lasting spells, Focus and Counterspell taken)
                return _("{name}, you have no card to play this round: Pass.").format(name=name)
            if self.selected is None:
                return _("{name}, choose a card, set your dial, then Reveal.").format(name=name)
            card = CARDS[self.selected]
            if len(card.dials) == 1:  # (the dial is set already: "set the dial of Paralyze" at its only value, 3)
                return _("{name}, {card} plays at {dial} only: Reveal.").format(
                    name=name, card=card.name, dial=card.dials[0]
                )
            return _("{name}, set the dial of {card}, then Reveal.").format(name=name, card=card.name)
        if view.seat in view.paralyzed and view.stage == "choose":
            return _("{name}, you are paralyzed this round.").format(name=name)
        if passing := self.passing_line():  # (asked once: every frame draws the banner)
            return passing
        waiting = [self.session.name(seat) for seat in view.to_act]
        return _("Waiting for {names}.").format(names=", ".join(waiting)) if waiting else ""

    def shown_round_line(self) -> str:
        """The banner while a revealed round is shown to everyone; a duel it ended said first (the trackers are
        shown as it ended: ``duel_end_held``)."""
        won = self.shown_wins
        if not won:
            return _("The spells are revealed for everyone to see; the screen passes on in a moment.")
        line = ngettext(
            "{names} wins a duel; everyone sees the round before the screen passes on.",
            "{names} win their duels; everyone sees the round before the screen passes on.",
            len(won),
        )
        return line.format(names=", ".join(self.session.name(seat) for seat in won))

    def zoom_face(self, card: str, width: int) -> pygame.Surface:
        names, history = self.session.names(), self.session.match.history
        if card == STANDING:
            return score_sheet(standing(self.view, names, history), px(420))
        if card.startswith(STAMINA):
            seat = int(card.removeprefix(STAMINA))
            return score_sheet(stamina(self.view, seat, names, history), px(380))
        return zoom_face(card, width)

    def prompt_rects(self) -> list[pygame.Rect]:
        return [self.layout.banner]

    def message_anchor(self, height: int) -> tuple[int, int]:
        """Over the hand; under a choice panel that stands there (it covered the side board's Confirm)."""
        x, bottom = self.layout.banner.centerx, self.layout.hand.top - px(4)
        panel = self.panel
        if panel is not None and not panel.hidden and panel.rect.top < bottom and panel.rect.bottom > bottom - height:
            x, bottom = panel.rect.centerx, panel.rect.bottom + px(4) + height
        return x, bottom

    def message_box(self, lines: list[pygame.Surface] | None = None) -> pygame.Rect:
        """The kit's box, moved down clear of the line under a played card saying what befell it: over the hand at
        1280x800, it covered the "not cast: the duel ended first" under the viewer's card as a duel's end was said."""
        box = super().message_box(lines)
        moved = clear_of_marks(box, list(self.hits.of_kind(MARK)), self.app.screen.get_rect())
        if moved == box:
            return box
        # Moved down, it stands left of the side board's word and the dial ("side board" lay under it)
        side = self.layout.side
        word = pygame.Rect(side.left, side.top - px(18), max(side.width, self.dial.rect.right - side.left), px(18))
        if moved.colliderect(word) or moved.colliderect(self.dial.rect):
            moved.right = max(moved.width, min(word.left, self.dial.rect.left) - px(8))
        return moved


def clear_of_marks(box: pygame.Rect, marks: list[Placed], screen: pygame.Rect) -> pygame.Rect:
    """``box`` moved down below each mark it covers (``painter.MARK``: what befell a played card), within the
    screen (above the mark where the screen ends first)."""
    box = pygame.Rect(box)
    for mark in sorted(marks, key=lambda placed: placed.rect.top):
        if box.colliderect(mark.rect):
            below = box.move(0, mark.rect.bottom + px(4) - box.top)
            box = below if screen.contains(below) else box.move(0, mark.rect.top - px(4) - box.bottom)
    return box


def shown_play(shown: ev.Shown) -> PlayView:
    """A card as its reveal shows it (countered told later by its reading; nothing cast yet)."""
    return PlayView(
        shown.seat, shown.card, shown.dial, shown.legal, shown.reason, 0, False, False, "", False, False, (), ()
    )
