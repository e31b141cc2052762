"""The Stupéfix table scene: seats around the table, the live wand phase, the secret choices and the reveal.

What the screen shows: with one person at the screen, that person's own cards face up; with several, the table
is public (every spell card face down) except while one person makes a secret choice behind the privacy screen
(the spell, cast or Protego, the Stupefy of a Private Lessons). A replay shows the seat chosen in it as the other
games' tables do: that seat's own cards face up, once its person has the screen (``watched``). Undo takes back a
person's own last command when the rules allow it (``StupefixSession.can_undo``); a secret choice only on its
maker's own screen.

The pace is the table's (``pacing``): the reveal and everything after it are told one thing at a time with a
caption in the banner, and no bot moves, no privacy screen comes and no choice opens until the last thing is
told. "Watch the last round again" opens the replay viewer at the start of the last round whose spells were
cast, playing. A house's score explains itself under a resting pointer, a long press or a tap (``scores``).
Every word comes from the game's catalogue (``terms``), the French rulebook's names only as subtitles.

Several hands may hold wands at once (one finger each), so wands are the table's own drags (``wand_drags``),
taken before the kit's pointer routing; everything else goes through the kit.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, TakeReward, TakeStupefix
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing, ngettext
from tabletop.games.stupefix.terms import french
from tabletop.games.stupefix.terms import name as term
from tabletop.games.stupefix.view import StupefixView
from tabletop.i18n import N_
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import Target
from tabletop.ui.scene import AppLike
from tabletop.ui.sprites.motion import Drag, Flight, step_flights
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.tables.again import WatchAgain, last_round_start, watch_again
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.focus import mostly_clear
from tabletop.ui.tables.score_sheet import score_sheet
from tabletop.ui.tables.stupefix import painter
from tabletop.ui.tables.stupefix.faces import help_card, is_term
from tabletop.ui.tables.stupefix.layout import (
    CueSpot,
    Layout,
    RewardPlaces,
    Segment,
    compute,
    cue_place,
    distance,
    grip,
    wand_segment,
)
from tabletop.ui.tables.stupefix.live import Live
from tabletop.ui.tables.stupefix.pacing import Beat, Reveal, beat_of
from tabletop.ui.tables.stupefix.painter import (
    COMPACT_PAD,
    COMPACT_READY_H,
    CUE_READY_FOOT,
    CUE_READY_H,
    Cue,
    Look,
    aim_line,
    compact_cue_height,
    cue_height,
)
from tabletop.ui.tables.stupefix.panels import Choice, choice_of, choice_panel
from tabletop.ui.tables.stupefix.results import tallies
from tabletop.ui.tables.stupefix.scores import breakdown, sheet
from tabletop.ui.tables.stupefix.session import StupefixSession
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Widget

READY_ARMING = 0.5  # seconds a new Ready takes no key with people sharing: a double Enter started the next count
OBSERVE = 1.6  # seconds of phase 4's "après quelques secondes d'observation" before anyone casts
GUIDED_COUNT = 5.0  # a guided first game's shortest pointing count (seconds): the rule's 3 leave no time to read
SECRET = (PrepareSpell, CastSpell, TakeStupefix)  # the choices made behind the privacy screen
GOLD, PLAIN = theme.GOLD_LIGHT, theme.TEXT  # the prompt for the people at the screen, and while they wait
IN_SECRET = {
    "prepare": N_("Choose your spell card in secret."),
    "cast": N_("Cast your spell, or Protego - in secret."),
    "draft": N_("Take your Stupefy - in secret."),  # Private Lessons
}
SCORE = "score:"  # what card_under names for a house's score: "score:Gryffindor"


class StupefixTable(GameTable):
    """Stupéfix shows one public table to everyone; a person's secret choices (the spell, cast or Protego) are
    made on their own private screen (``secrets_of``), so it keeps its own privacy flow instead of the shared
    one-seat-on-screen rule. A replay keeps the shared rule: it shows the seat chosen in it (``watched``)."""

    name = "stupefix-table"
    game_id = "stupefix"
    tallies = staticmethod(tallies)
    results_delay = 1.2
    # The keyboard's stops the painter places (the wands and seats are added); the table's words and things
    # (flag, Teacher's Pet, Late tokens, deck, discard pile, urn) once each, to read by Z as a resting mouse does.
    FOCUS_KINDS = ("reward", "score", "term")
    READ_KINDS = ("term",)
    SOUNDS = {
        ev.WandPointed: "place", ev.RewardsRevealed: "deal", ev.RewardTaken: "take", ev.RoundEnded: "reward",
        ev.GameEnded: "end", ev.RetardReturned: "place",
    }  # fmt: skip

    view: StupefixView  # the view of the seat on screen (``session.viewer``)

    def __init__(self, app: AppLike, session: GameSession) -> None:
        assert isinstance(session, StupefixSession)  # (the table package's session_type)
        super().__init__(app, session)
        self.session: StupefixSession = session
        self.humans = tuple(session.humans())
        # The seat whose secrets the screen may show now (None: a public table); one person sees their own always.
        self.secrets_of: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.layout: Layout = compute(self.table_size(), self.view.players)
        self.places = RewardPlaces()  # which reward lies where in the row: a card taken leaves its gap
        self.tapped_place: int | None = None  # the place of the reward a person last tapped to take
        self.live: Live | None = None
        self.together = _touchscreen() or len(self.humans) <= 1  # everyone points at once, or in turn
        self.wand_drags: dict[int, Drag] = {}  # pointer id -> the wand it holds (the item is the seat)
        self.selected_wand: int | None = None
        self.reveal: Reveal | None = None
        self.beats: list[Beat] = []  # what happened after the reveal, told one at a time
        self.flights: list[Flight] = []
        self.ready_button = Button(_("Ready"), self.press_ready, primary=True, size=24)
        self.watch_again = _WatchAgain(self, _spells_cast)
        self.again = self.watch_again.button
        self.choice: Choice | None = None
        self.observe_until = 0.0
        self.counted: str | None = None  # the wands' count last heard ("3", "2", "1", "Time!")
        self.last_phase = self.view.phase
        self.cued = False  # "Ready?" was asked at the last frame
        self._cue_memo: tuple[Hashable, Layout, CueSpot] | None = None  # where the cue stood, and for what
        self.ready_asked: int | None = None  # whose Ready the count waits for (``_focus_ready``), and since when
        self.ready_asked_at = 0.0

    # --- scene hooks ----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute(self.table_size(), self.view.players)
        self.places = RewardPlaces()  # (a new layout lays the rewards out afresh, the gaps closed)
        self.refresh()

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hide.action()  # as if "Back to the choice" were pressed: the panel comes back
        elif self.selected_wand is not None:
            self.selected_wand = None
        elif self.wand_drags:  # (Escape lets go of what is held, as on the other tables; it opened the pause)
            self._drop_wands()
        else:
            self.open_pause()

    def key(self, event: pygame.event.Event) -> None:
        """Space or Enter is the Ready button while it shows (until the keyboard's focus is shown: then they
        press what it rests on, the Ready button among the rest)."""
        ready = event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        focused = self.focused()
        on_ready = focused is None or focused.item is self.ready_button
        people = len(self.session.humans()) > 1  # (one person alone starts no one else's count)
        early = self.app.now < self.ready_asked_at + READY_ARMING
        if ready and on_ready and people and early and self.cue() is not None:
            return  # (the Enter that pointed one person's wand, pressed once more, started the next one's count)
        if ready and self.cue() is not None and not self.focus.shown:
            # A key started the count: the person plays by keys, so the ring shows and goes to their wand at once
            # (it stayed hidden, the next key showed it on "Watch the round again", and the count ran out).
            self.focus.shown = True
            self.press_ready()
            return
        super().key(event)

    def focus_targets(self) -> list[Target]:
        """While a wand is picked up, the seats it may point at and the wand itself (Enter there lays it down),
        nothing else: the arrows went from a seat to the nearer Log button, and Enter opened it within the count."""
        found = super().focus_targets()
        rewards = [target.rect for target in found if target.kind == "reward"]
        # (a word's stop lying on a reward card took the card's Enter: the card's help, not the card)
        found = [t for t in found if t.kind != "term" or t.rect.collidelist(rewards) < 0]
        seat = self.selected_wand
        cue = self.cue() if self.replay_bar is None else None
        if cue is not None:  # (the reward cards under the "wands at the ready" card took the focus, unseen)
            found = [t for t in found if t.item is self.ready_button or mostly_clear(t.rect, cue.rect)]
        if seat is None or self.replay_bar is not None:
            return found
        return [
            target
            for target in found
            if (target.kind == "seat" and isinstance(target.item, int) and self.view.adversary(seat, target.item))
            or (target.kind == "wand" and target.item == seat)
        ]

    def focus_extras(self) -> list[Target]:
        """The keyboard's way to point: the wands that may point now (Enter picks one up, as a tap does), and
        while one is picked up, the seats to point it at (Enter points it, within the count)."""
        if self.replay_bar is not None:
            return []
        size = px(48)
        wands = [seat for seat in range(self.view.players) if self.can_point(seat) or self.selected_wand == seat]
        out = [
            Target("wand", seat, pygame.Rect(0, 0, size, size).move_to(center=self.wand_grip(seat))) for seat in wands
        ]
        if self.selected_wand is not None:
            out += [Target("seat", seat, spot.rect) for seat, spot in enumerate(self.layout.seats)]
        return out

    # --- what is shown ----------------------------------------------------------------------------------------
    @property
    def shown(self) -> StupefixView:
        """During the reveal, the table as it was while everyone decided; otherwise the current view."""
        return self.reveal.before if self.reveal is not None else self.view

    def refresh(self) -> None:
        self.view = view = self.session.view()
        if self.replay_bar is not None:
            self.secrets_of = self.watched()
        if view.phase != self.last_phase and view.phase == "cast":
            self.observe_until = self.app.now + OBSERVE
        self.last_phase = view.phase
        chooser = self._chooser(view)
        self.choice = choice = choice_of(chooser) if chooser is not None else None
        # The same panel while others play on; a new one for another choice, person, round or set of options.
        key = (choice.kind, choice.view.seat, view.round, choice.view.legal) if choice else None
        names = self.session.names()
        room = self.panel_area().height / theme.Scale.factor - 194  # what the panel's words and buttons leave
        brief = room / 1.4 < 80  # a short middle (many seats, a small window): the title alone, larger cards
        room += 46 if brief else 0  # (a panel without its explanation's two lines)
        width = max(56, min(110, round(room / 1.4)))  # the spell cards' (at scale 1), to fit the middle
        self.set_panel(key, (lambda: choice_panel(choice, names, width, brief)) if choice else None)
        self.layout_bar(self.layout.buttons)
        self.ready_button.rect = self.layout.ready.copy()
        self.watch_again.place(self.layout.again)

    def watched(self) -> int | None:
        """A replay's seat whose own cards are shown: the seat whose view it shows, once that view has been handed
        to its person (before the end of a game several people played, behind the replay's privacy screen; until
        then None: nothing of any seat)."""
        session = self.session
        return session.viewer if session.shown_to == session.viewer else None

    def _chooser(self, view: StupefixView) -> StupefixView | None:
        """The view of the person who may make a choice on this screen now (None: nobody here may, or not yet: the
        spells fly, or the wands are being observed): the table's own, or, for a public Retourneur de Temps choice,
        that of the person who must make it (any person at the screen may act in the open). No choice opens while
        something is still being told."""
        if self.busy() or (view.phase == "cast" and self.app.now < self.observe_until):
            return None
        if view.phase == "draft" and view.tasks and self.secrets_of is None:
            kind, seat = view.tasks[-1]
            if kind == "retourneur" and seat != view.seat and self.session.is_human(seat):
                view = self.session.game.view(self.session.match.state, seat)
        seat = view.seat
        if not self.session.is_human(seat) or seat not in self.view.to_act:
            return None
        return view if self.secrets_of == seat or not self.session.secret_choice() else None

    def panel_area(self) -> pygame.Rect:
        """The middle of the table under the banner: the seats, the wands and the prompt stay in sight."""
        centre, top = self.layout.centre, self.layout.banner.bottom + px(4)
        return pygame.Rect(centre.left, top, centre.width, centre.bottom - top)

    def peek_clear(self) -> list[pygame.Rect]:
        """A peek is for the rewards, the houses' scores, the piles and the mats (and the buttons and prompt stay
        in reach and in sight)."""
        layout = self.layout
        captions = pygame.Rect(layout.discard.left, layout.discard.top, px(150), layout.discard.height + px(44))
        deck = layout.deck.inflate(px(20), 0)
        deck.height += px(22)  # and its count under it
        spots = [*layout.row, layout.urn, deck, captions, layout.reserve, layout.banner, layout.again]
        spots += layout.buttons
        return [*spots, *(seat.rect for seat in layout.seats)]

    # --- events from the session -------------------------------------------------------------------------------
    def on_applied(self, applied: Applied) -> None:
        """Sound and tell what everyone saw (the table is public); a secret choice made, the screen is public
        again."""
        self.forget_words_till_move(applied)
        own = not applied.by_bot and self.session.is_human(applied.command.seat)
        for event in applied.events:
            if event.visible_to(None):
                sound = self.sound_for(event)
                if sound:
                    self.play_shown(sound)
                self.animate(event, own)
        mine = not applied.by_bot and applied.command.seat == self.secrets_of
        if isinstance(applied.command, SECRET) and mine and len(self.humans) > 1:
            # Their choice stays before them a moment (the kit's handover_look), Undo may take it back, when the
            # screen then passes to another person's secret choice (it passed at once: a slip could not be seen nor
            # undone, a hand-over review). The last choice of a phase opens what all watch: the screen is public
            # again at once (kept, the hand lay face up through the whole reveal: the diff's review).
            # So too while only bots are still to choose: the last person's choice went public at once, and Undo,
            # which had taken back the others' slips, refused theirs (a review of people and bots at one table).
            following = self.session.private_chooser()
            bots_choose = following is None and self.session.secret_choice() and bool(self.session.match.to_act())
            if (following is not None and following != applied.command.seat) or bots_choose:
                self.passing_after = self.app.now + self.handover_look
            else:
                self.secrets_of = None
        elif self.passing_after and self.secrets_of is not None and not self.session.secret_choice():
            self.passing_after, self.secrets_of = 0.0, None  # a bot's choice ended the phase: the table is public
        self.refresh()
        self.note_turn(applied)

    def animate(self, event: Event, own: bool = False) -> None:
        """Start telling ``event``: the reveal step by step, a flight, and a beat with its caption."""
        seats, reserve = self.layout.seats, self.layout.reserve.center
        speed = self.app.settings.animation_factor  # the pace: each caption's time (kept with reduced motion)
        if isinstance(event, ev.SpellsRevealed):
            moving = self.motion_factor > 0  # (reduced motion: no spell travels; the captions keep their time)
            self.reveal = Reveal.of(self.view, event, self.session.names(), speed, moving)  # (the view before)
            self._drop_wands()
            return
        if isinstance(event, ev.RewardTaken):
            place = self.places.take(event.reward, self.tapped_place if own else None)  # (its gap stays)
            self.tapped_place = None
            start = self.layout.row[place] if place is not None and place < len(self.layout.row) else None
            start = start or self.hits.rect_of("reward", event.reward) or self.layout.row[4]
            self._fly(event.reward, start.center, seats[event.seat].rect.center)
        elif isinstance(event, ev.RetardReturned):
            self._fly("retard", seats[event.owner].rect.center, reserve)
        beat = beat_of(event, self.session.names(), self.view.houses, own, speed)
        if beat is not None:
            self.beats.append(beat)

    def _fly(self, item: str, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A reward card or a Late token travels across the table (with reduced motion it is simply where it ends
        up: no flight)."""
        speed = self.motion_factor
        if speed:
            delay = -0.08 * sum(1 for f in self.flights if f.elapsed < 0.1)
            kind = "token" if item == "retard" else "card"
            self.flights.append(Flight(kind, item, start, end, 0.55 / speed, delay, px(40)))

    # --- every frame ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        reveal = self.reveal
        self.light_undo()
        landed = step_flights(self.flights, dt)
        if reveal is not None:
            reveal.elapsed += dt
            for step in reveal.new_steps():
                self._told(reveal, step.kind, step.seat)
            if reveal.done:
                self.reveal = None
                self.refresh()
            return
        if self.beats:
            beat = self.beats[0]
            # (a queue of a person's quick taps catches up, but not over the end of a round: it is read)
            beat.elapsed += dt * (2 if len(self.beats) > 2 and not beat.steady else 1)
            if beat.done:
                self.beats.pop(0)
                if not self.beats:
                    self.refresh()  # a choice held back while things were told may open now
        if landed and not self.busy():
            self.refresh()  # the last card or token landed (after the captions): a choice held back may open now
        if self.panel is None and self.view.phase == "cast" and self.app.now >= self.observe_until:
            self.refresh()  # the wands were observed: the cast panel may open
        self._sound_the_count()
        self.drive_session()
        self._focus_ready()

    def _focus_ready(self) -> None:
        """When "Ready?" is asked, the keyboard's focus goes to Ready: Enter is Ready only while no ring shows, and
        a player by keyboard always shows it, so Enter pressed what the ring last rested on (a score sheet opened
        instead, and ten Tabs led to Ready within the count)."""
        cued = self.focus.shown and self.cue() is not None  # (the cue's words are not made for nothing)
        if cued and not self.cued:
            self.focus_on(lambda target: target.item is self.ready_button)
        self.cued = cued
        live = self.live  # whose Ready the count waits for: a person's seat, everyone's (-1) or nobody's (None)
        asked = (
            None if live is None or not live.waiting else -1 if live.together or live.current is None else live.current
        )
        if asked != self.ready_asked:  # (a new person's Ready: a key takes it only after READY_ARMING)
            self.ready_asked, self.ready_asked_at = asked, self.app.now

    def _sound_the_count(self) -> None:
        """Each number of the wands' count ticks and its end rings: the people look at each other's wands, not at
        the screen (the count was only drawn)."""
        countdown = self.live.countdown if self.live is not None and self.session.phase == "target" else None
        said = countdown.label(self.app.now) if countdown is not None else None
        if said != self.counted and said is not None:
            self.app.play("click" if said.isdigit() else "reveal")
        self.counted = said

    def _told(self, reveal: Reveal, kind: str, seat: int | None) -> None:
        """A step of the reveal begins: its sound, and a stunned seat's Late tokens fly in."""
        if kind == "cast" and seat is not None:
            cast = reveal.casts[seat]
            self.play_shown("spell" if cast == "stupefix" else "reveal" if cast == "protego" else "place")
        elif kind == "fall" and seat is not None and reveal.casts[seat] != "protego":
            for _ in range(reveal.hits[seat]):
                self._fly("retard", self.layout.reserve.center, self.layout.seats[seat].rect.center)

    def show_as_it_lies(self) -> None:
        """A replay's jump (or another seat shown): what was still being told of the step left behind (the reveal,
        whose table is the one before that step, its captions and flights) is dropped, so the table shows the
        step the replay is at."""
        self.reveal = None
        self.beats.clear()
        self.flights.clear()
        super().show_as_it_lies()

    def busy(self) -> bool:
        """Something is still being told: the reveal, a beat, a card or token in flight."""
        return bool(self.flights or self.beats) or self.reveal is not None

    def step_session(self) -> None:
        """Once a frame: the results at the end (the kit's), the live count in phase 3, the privacy screen before
        a secret choice, otherwise the bots."""
        session, now = self.session, self.app.now
        if session.match.result() is not None or self.replay_bar is not None:
            super().step_session()  # (a replay: nobody points, the replay's controls move the game)
            return
        self.forget_lost_drags()  # (the kit's step_session lets them go above)
        for notice in session.take_notices():
            self.say(notice, error=True, to_all=True)
        if self.busy():
            return  # one thing at a time: the next move waits until the last one is told
        if self.passing_after:
            if self.lingering():
                return  # (a person's secret choice still before them)
            self.passing_after, self.secrets_of = 0.0, None
            self.refresh()
        if session.phase == "target":
            self._drive_live()
            return
        self.live = None
        if session.phase == "cast" and now < self.observe_until:
            return
        chooser = session.private_chooser() if len(self.humans) > 1 else None
        if chooser is not None and self.secrets_of != chooser:
            self.secrets_of = None
            self._drop_wands()
            self.refresh()
            self.app.go.privacy(session, chooser, lambda: self._private_ready(chooser))
            return
        self.play_forced_move()
        session.update_bots(now, self.app.settings.bot_delay)

    def person_to_act(self) -> bool:
        """With several people the table is public: any of them acts in the open (the wands, the reward sharing)
        whoever last had the screen for a secret; a secret choice is its maker's once the screen is theirs. (The
        kit's asked for the seat last handed the screen: the keyboard's focus went to the rewards for that person's
        pick, and never for the others'.)"""
        person = self.session.acting_human()
        if len(self.humans) <= 1 or self.replay_bar is not None or person is None:
            return super().person_to_act()
        return not self.session.secret_choice() or person == self.secrets_of

    def _private_ready(self, seat: int) -> None:
        self.secrets_of = seat
        self.refresh()
        self.app.play("turn")

    # --- the live phase ---------------------------------------------------------------------------------------
    def _drive_live(self) -> None:
        """Phase 3, once a frame: the Ready cue waits, the count runs (it waits while the table is covered), a
        person still pointing when it ends is too late, bots point when their moment comes, and in turn the next
        person's cue comes."""
        session, now, state = self.session, self.app.now, self.session.match.state
        if self.live is None or self.live.round != state.round:
            self.live = Live(
                state.round,
                session.names(),
                self.humans,
                state.chouchou,
                self.together,
                session.table_seed(),
                self.count_length(),
            )
            self.live.start(now, self.view.pointed)
            self._drop_wands()
        live = self.live
        live.catch_up(now)
        session.poll_live_bot(now)
        for seat in live.expired(now):
            if session.phase == "target" and not self.view.pointed[seat]:
                self._too_late(seat)
        if session.phase != "target":
            return
        for seat in live.due_bots(now, self.view.pointed):
            session.ask_live_bot(seat, now, quick=live.together)
        waiting = live.waiting
        live.take_turns(now, self.view.pointed)
        if live.waiting and live.waiting != waiting:
            self.app.play("turn")  # the hand-over cue: the next person's turn to point

    def press_ready(self) -> None:
        """The Ready button: the count starts."""
        if self.live is not None and self.live.waiting:
            # the count the cue announces: Settings may have changed it while "Ready?" waited (a 12-second count
            # announced ran 3 seconds, and the player was too late)
            self.live.length = self.count_length()
            self.live.ready(self.app.now, self.view.pointed)
            if self.message == _("Press Ready first: the count starts, then you point."):
                # (said to a finger resting on its wand: it stayed over the count)
                self.message, self.message_until = "", 0.0
            self.app.play("turn")
            self.focus_on(lambda target: target.kind == "wand")  # the keyboard: the wand to pick up, at once

    def count_length(self) -> float:
        """The pointing count's seconds: the Settings' (3, the rule's, unless changed); in a guided first game at
        least GUIDED_COUNT, time to read the guide's bubble and find one's wand."""
        seconds = self.app.settings.countdown_seconds
        return max(seconds, GUIDED_COUNT) if self.coach is not None else seconds

    def cue(self) -> Cue | None:
        """ "Ready?" while the count waits: the Chouchou's call for everyone, or the hand-over to the person whose
        turn it is."""
        live = self.live
        if live is None or not live.waiting or self.session.phase != "target" or self.replay_bar is not None:
            return None
        names, length = self.session.names(), self.count_length()
        seconds, count = f"{length:g}", max(1, round(length))
        if not live.together and live.current is not None:
            who = names[live.current]
            if any(self.view.pointed):
                text = ngettext(
                    "{name}'s turn to point: hand over to {name}. {name}, press Ready, then point your wand at a "
                    "wizard of another house within {seconds} second.",
                    "{name}'s turn to point: hand over to {name}. {name}, press Ready, then point your wand at a "
                    "wizard of another house within {seconds} seconds.",
                    count,
                )
            else:
                text = ngettext(
                    "{name}'s turn to point first, from the Teacher's Pet's left: hand over to {name}. {name}, "
                    "press Ready, then point your wand at a wizard of another house within {seconds} second.",
                    "{name}'s turn to point first, from the Teacher's Pet's left: hand over to {name}. {name}, "
                    "press Ready, then point your wand at a wizard of another house within {seconds} seconds.",
                    count,
                )
            text = text.format(name=who, seconds=seconds)
            self.ready_button.label = _("{name}: Ready").format(name=who)
            title, subtitle = term("your_turn", name=who), french("your_turn", name=who)
        else:
            if len(live.waiting) > 1 and set(live.waiting) == set(self.humans):
                text = ngettext(
                    "Everyone: press Ready, then each point your own wand at a wizard of another house at once, one "
                    "finger each, before the {seconds}-second count ends.",
                    "Everyone: press Ready, then each point your own wand at a wizard of another house at once, one "
                    "finger each, before the {seconds}-second count ends.",
                    count,
                )
            elif len(live.waiting) > 1:  # someone at the screen has pointed already, or may not point this round
                text = ngettext(
                    "{names}: press Ready, then each point your own wand at a wizard of another house at once, one "
                    "finger each, before the {seconds}-second count ends.",
                    "{names}: press Ready, then each point your own wand at a wizard of another house at once, one "
                    "finger each, before the {seconds}-second count ends.",
                    count,
                )
            else:
                text = ngettext(
                    "Press Ready, then point your wand at a wizard of another house before the {seconds}-second "
                    "count ends.",
                    "Press Ready, then point your wand at a wizard of another house before the {seconds}-second "
                    "count ends.",
                    count,
                )
            text = text.format(seconds=seconds, names=listing([names[seat] for seat in live.waiting]))
            self.ready_button.label = _("Ready")
            title, subtitle = term("call"), french("call")
        rulebook = _("French rulebook: {name}").format(name=subtitle) if subtitle != title else ""
        # (the compact cue's one line of what to do: the banner says the rest, but not how long the count is)
        seconds_line = ngettext(
            "Press Ready, then point within {seconds} second.",
            "Press Ready, then point within {seconds} seconds.",
            count,
        ).format(seconds=seconds)
        spot = self._cue_spot(title, rulebook, text, seconds_line)
        counted = seconds_line if spot.counted else ""  # (no room for that line: the compact cue without it)
        return Cue(spot.rect, title, rulebook, text, self.ready_button, spot.compact, counted)

    def _cue_spot(self, title: str, subtitle: str, text: str, count: str) -> CueSpot:
        """The cue's card, as tall as its words and the Ready button (the compact one: its call, ``count`` where
        there is room for it, and Ready), where it hides nothing a person waiting to press Ready looks at
        (``layout.cue_place``) and crosses no wand's aim line, near the mat of the person whose turn it is; the button
        at its foot. Worked out once for the same words, table, wands and aims."""
        live = self.live
        turn = live.current if live is not None and not live.together else None
        near = self.layout.seats[turn].rect.center if turn is not None else None
        lines = (*(self.still_wand(seat) for seat in range(len(self.layout.seats))), *self._aim_lines())
        key = (title, subtitle, text, count, self.table_size(), theme.Scale.factor, theme.Scale.text, near, lines)
        if self._cue_memo is None or self._cue_memo[0] != key or self._cue_memo[1] is not self.layout:

            def height(width: int) -> int:
                return cue_height(title, subtitle, text, width)

            compact, uncounted = compact_cue_height(title, count), compact_cue_height(title, "")
            spot = cue_place(self.layout, self.table_size(), height, compact, lines, near, uncounted)
            self._cue_memo = (key, self.layout, spot)
        spot = self._cue_memo[2]
        rect = spot.rect
        if spot.compact:
            self.ready_button.rect.size = (min(px(240), rect.width - px(24)), px(COMPACT_READY_H))
            self.ready_button.rect.midbottom = (rect.centerx, rect.bottom - px(COMPACT_PAD))
        else:
            self.ready_button.rect.size = (px(240), px(CUE_READY_H))
            self.ready_button.rect.midbottom = (rect.centerx, rect.bottom - px(CUE_READY_FOOT))
        return spot

    def _aim_lines(self) -> list[Segment]:
        """The lines drawn from each wand pointed already to its target (``painter.aim_line``)."""
        lines = []
        for seat in range(len(self.layout.seats)):
            target = self.aim(seat)
            if target is not None:
                lines.append(aim_line(self.layout, seat, target, self.still_wand(seat)[1]))
        return lines

    def still_wand(self, seat: int) -> Segment:
        """``seat``'s wand as it lies with no hand on it: resting toward the middle, or aimed at whom it points."""
        spot, target = self.layout.seats[seat], self.aim(seat)
        direction = spot.toward if target is None else _unit(spot.anchor, self.layout.seats[target].rect.center)
        return wand_segment(spot, direction or spot.toward, self.layout.wand_len)

    def _too_late(self, seat: int) -> None:
        """At "three": a wand held over an adversary counts, otherwise nobody is targeted."""
        target = None
        for pointer, drag in list(self.wand_drags.items()):
            if drag.item == seat:
                target = self.target_at(seat, drag.pos)
                del self.wand_drags[pointer]
        if self.selected_wand == seat:
            self.selected_wand = None
        self.session.submit(PointWand(seat, target))  # (quietly: the count is over for everyone)
        if target is None:
            late = _("{name} is too late: their wand points at nobody this round.")
            self.say(late.format(name=self.session.name(seat)), error=True)

    def picked(self) -> Hashable:
        return self.selected_wand

    def turn_rank(self, target: Target) -> int | None:
        """The keyboard's first stop as the person's part begins: a reward to take when they draft, Ready when the
        count waits for it, their wand when it may point (the spell and the cast are chosen in a panel, whose own
        first stop has the focus)."""
        drafter = self.view.drafter()
        if target.kind == "reward" and self.reveal is None and not self.view.tasks and drafter is not None:
            return 0 if self.session.is_human(drafter) else None
        if target.item is self.ready_button and self.cue() is not None:
            return 0
        return 0 if target.kind == "wand" and isinstance(target.item, int) and self.can_point(target.item) else None

    def can_point(self, seat: int) -> bool:
        if self.live is None or self.session.phase != "target" or self.reveal is not None:
            return False
        return self.live.can_point(seat, self.view.pointed)

    def held(self) -> dict[int, tuple[int, int]]:
        """Each wand held by a hand: its seat, and where the hand is."""
        return {drag.item: drag.pos for drag in self.wand_drags.values() if isinstance(drag.item, int)}

    def _drop_wands(self) -> None:
        """Every wand held or selected is let go (a new count, a reveal, an undo, the screen passing on)."""
        self.wand_drags.clear()
        self.selected_wand = None

    def aim(self, seat: int) -> int | None:
        """Whom ``seat``'s wand points at now (during the reveal, until a Sort raté lowers it)."""
        if self.reveal is not None:
            return None if self.reveal.cast(seat) in ("rate", "none") else self.reveal.targets[seat]
        view = self.view
        return view.targets[seat] if view.pointed[seat] and view.phase in ("target", "cast") else None

    def wand_direction(self, seat: int) -> tuple[float, float] | None:
        """Where ``seat``'s wand points now (a unit vector), or None when it is raised for Protego."""
        spot, held, target = self.layout.seats[seat], self.held().get(seat), self.aim(seat)
        cast = self.reveal.cast(seat) if self.reveal is not None else None  # (None until the spells fly)
        if held is None and cast == "protego":
            return None
        if held is None and cast in ("rate", "none"):
            return (spot.toward[0] * 0.4, 0.92)  # Sort raté (or no card at all): the wand goes down
        toward = held or (self.layout.seats[target].rect.center if target is not None else spot.anchor)
        return _unit(spot.anchor, toward) or spot.toward  # (resting: toward the middle)

    def wand(self, seat: int) -> Segment:
        return wand_segment(self.layout.seats[seat], self.wand_direction(seat), self.layout.wand_len)

    def wand_grip(self, seat: int) -> tuple[int, int]:
        return grip(self.wand(seat))

    def wand_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose wand is under ``pos`` (its wand, or the person's own mat near it)."""
        near, seat = min((distance(pos, self.wand(seat)), seat) for seat in range(self.view.players))
        return seat if near < px(30) else None

    def target_at(self, seat: int, pos: tuple[int, int]) -> int | None:
        """The adversary whose place ``pos`` is over (None: nobody there, or a teammate)."""
        for other, spot in enumerate(self.layout.seats):
            if spot.rect.inflate(px(16), px(16)).collidepoint(pos) and self.view.adversary(seat, other):
                return other
        return None

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        return next((seat for seat, spot in enumerate(self.layout.seats) if spot.rect.collidepoint(pos)), None)

    # --- commands -------------------------------------------------------------------------------------------
    def may_undo(self) -> bool:
        return self.can_undo()

    def why_no_undo(self) -> None:
        """A tap on the disabled Undo says why (this table's own words); in a replay, why Play from here is not lit
        (it said "That cannot be taken back now." at a game's end)."""
        if self.replay_bar is not None:
            super().why_no_undo()
        else:
            self.undo()

    def can_undo(self) -> bool:
        """Whether the Undo button may take back the last command now (a secret only on its maker's screen)."""
        if self.reveal is not None or not self.session.can_undo():
            return False
        last = self.session.match.log[-1]
        return self.secrets_of == last.seat if isinstance(last, SECRET) else True

    def undo(self) -> None:
        if not self.can_undo():
            self.say(_("That cannot be taken back now."), error=True)
            return
        made_by, acting = self.session.undo_seat(), self.session.acting_human()
        if self.secrets_of is None and made_by is not None and acting is not None and made_by != acting:
            # In the open reward sharing Undo takes back the last person's pick, whoever's turn it is now: Bram's
            # tap on it took back Cleo's pick without a word to her (a pass-and-play review). It asks first.
            names = {"name": self.session.name(made_by), "acting": self.session.name(acting)}
            message = _("It is {acting}'s turn: Undo takes back {name}'s last move. Take it back?").format(**names)
            buttons = [(_("Take it back"), self.take_back), (_("Keep it"), lambda: None)]
            self.app.go.dialog(_("Undo {name}'s move?").format(**names), message, buttons, safe=1)
            return
        self.take_back()

    def take_back(self) -> None:
        if not self.can_undo():
            return
        command = self.session.undo()
        if command is not None:
            self.passing_after = 0.0  # (the choice it was showing is gone: the same person chooses again)
            self._drop_wands()
            self.flights.clear()
            self.beats.clear()
            self.refresh()
            self.say(
                _("{name}'s last move was taken back.").format(name=self.session.name(command.seat)), till_move=True
            )

    # --- the last round again ------------------------------------------------------------------------------
    def watch_last_round(self) -> None:
        """The replay viewer over the table from the start of the last round whose spells were cast, playing
        (Close comes back). On a screen that shows one seat's own cards (one person, or a secret choice up), the
        kit's: that seat's view, which its person has seen. On a public table several people share, the replay's
        own rule: its view is handed to its person behind the privacy screen first (its captions tell that seat's
        secrets), and only that seat's while the game goes on: the picker offered every person's, and a person
        called up behind their cover showed the spell they had prepared for the round in play."""
        if self.secrets_of is not None or len(self.humans) <= 1:
            watch_again(self, _spells_cast)
            return
        match = self.session.match
        self.app.go.watch(match, None if match.result() is not None else self.session.viewer)
        scene = self.app.scenes.top
        if isinstance(scene, GameTable) and scene.replay_bar is not None:
            scene.replay_bar.seek(last_round_start(scene.replay_bar.replay, _spells_cast))
            scene.replay_bar.toggle_play()

    def controls(self) -> list[Widget]:
        extra: list[Widget] = [] if self.replay_bar is not None else [self.again]
        return [*self.bar, *extra, *([self.ready_button] if self.cue() is not None else [])]

    def open_log(self) -> None:
        self.app.go.log(self.session, self.secrets_of if self.secrets_of is not None else -1)

    # --- input ------------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> None:
        self.pointer_seen(event)
        self.forget_lost_drags(event.pointer.id)
        if event.pointer.finger and not self.together and event.kind == "down":
            self.together = True  # a touchscreen: everyone points at once from now on
            if self.live is not None:
                self.live.switch_to_together(self.app.now, self.view.pointed)
        if event.pointer.id not in self.wand_drags and event.kind in ("move", "drag_start"):
            self._take_up_held_wand(event)
        if event.pointer.id in self.wand_drags:
            self._wand_drag_event(event)
        elif not (event.kind == "down" and self._grab_wand(event)):
            super().pointer(event)

    def holding(self) -> bool:
        return bool(self.wand_drags)

    def hover_paused(self) -> bool:
        """During the wand count: Ready lies over the rewards, and the mouse left on a reward after pressing it
        enlarged the card over the count and the wands (a reviewer playing alone)."""
        live = self.live
        return self.session.phase == "target" and live is not None and live.countdown is not None and not live.waiting

    def forget_lost_drags(self, current: int | None = None) -> None:
        """A wand whose hand the app no longer follows (the window lost the focus) is let go too: it could not be
        taken up again by another finger, and at the count's end it would point wherever the lost hand last was."""
        super().forget_lost_drags(current)
        for pointer in [p for p in self.wand_drags if p != current and p not in self.app.tracker.pointers]:
            del self.wand_drags[pointer]

    def why_not_point(self, seat: int) -> str:
        """Why a hand on ``seat``'s wand cannot point it now (in phase 3)."""
        live, names = self.live, self.session.names()
        if live is None or self.reveal is not None:
            return ""
        if not self.session.is_human(seat):
            return _("That is {name}'s wand: a bot points it.").format(name=names[seat])
        if self.view.pointed[seat]:
            target = self.view.targets[seat]
            if target is None:  # (too late at the count's end: it said "already points at nobody", as if chosen)
                return _("{name} is too late: their wand points at nobody this round.").format(name=names[seat])
            return _("{name}'s wand points at {target} already.").format(name=names[seat], target=names[target])
        if live.waiting:
            return _("Press Ready first: the count starts, then you point.")
        if not live.together and live.current is not None and live.current != seat:
            turn = _("It is {current}'s turn to point; {name}'s comes after.")
            return turn.format(current=names[live.current], name=names[seat])
        return ""

    def _grab_wand(self, event: PointerEvent) -> bool:
        seat = self.wand_at(event.pos)
        protego = self.choice is not None and self.choice.kind == "cast" and self.choice.view.seat == seat
        if seat is None or not (self.can_point(seat) or protego):
            if seat is not None and self.session.phase == "target" and self.live is not None:
                reason = self.why_not_point(seat)
                if reason:
                    self.say(reason)
            return False
        if seat not in self.held():  # one hand per wand
            self.wand_drags[event.pointer.id] = Drag(event.pointer.id, "wand", seat, (0, 0), event.pos, (0, 0))
        return True

    def _take_up_held_wand(self, event: PointerEvent) -> None:
        """A finger already resting on its wand when the count starts ("wands at the ready!", as the cue says)
        points it as soon as it moves: it came down before the wand could be taken, and the wand stayed put while
        the count ran out (the person was too late)."""
        seat = self.wand_at(event.pointer.start)
        if seat is not None and self.can_point(seat) and seat not in self.held():
            self.wand_drags[event.pointer.id] = Drag(event.pointer.id, "wand", seat, (0, 0), event.pos, (0, 0))

    def _wand_drag_event(self, event: PointerEvent) -> None:
        drag, seat = self.wand_drags[event.pointer.id], self.wand_drags[event.pointer.id].item
        if event.kind in ("move", "drag_start"):
            drag.pos = event.pos
        if event.kind != "up" or not isinstance(seat, int):
            return  # held on (a wand's item is its seat)
        del self.wand_drags[event.pointer.id]
        over, target = self.seat_at(event.pos), self.target_at(seat, event.pos)
        if not event.pointer.dragging and not event.pointer.long_pressed:
            if self.can_point(seat):  # a tap on the wand: tap-then-tap pointing, when one person at a time points
                self.selected_wand = None if self.selected_wand == seat else seat
                self.focus_on(
                    lambda t: t.kind == "seat" and isinstance(t.item, int) and self.view.adversary(seat, t.item)
                )
        elif self.view.phase == "cast" and over == seat:
            self.submit(CastSpell(seat, True))
        elif self.view.phase == "cast":
            self.say(self._protego_gesture(seat))
        elif target is not None and self.can_point(seat):
            self.submit(PointWand(seat, target))
        elif over is not None and over != seat and not self.view.adversary(seat, over):
            self.say(_("Never at a teammate: point at a wizard of another house."), error=True)
        elif over == seat:
            self.say(_("Protego comes later, when the spells are cast: now point at a wizard of another house."))
        elif self.can_point(seat):
            self.say(
                _("Nobody there: the wand went back. Drop it on a wizard of another house (their place lights up).")
            )
        else:  # (pointed meanwhile by another hand's tap: the count may still run)
            self.say(self.why_not_point(seat) or _("The count is over: that wand stays where it was."))

    def _protego_gesture(self, seat: int) -> str:
        """How a wand dropped off its seat in phase 4 gives Protego: brought back from its target, or, resting at
        its seat (pointed at nobody), dragged onto it (it said "bring back" of a wand that had gone nowhere)."""
        if self.view.targets[seat] is None:
            return _("For Protego, drag your wand onto your own seat, or press Protego.")
        return _("For Protego, bring your wand back onto your own seat, or press Protego.")

    def tap(self, pos: tuple[int, int]) -> None:
        if self.reveal is not None:
            self.reveal.hurry()  # everyone casts at once: a tap only tells it faster
            return
        score = self.hits.item_at(pos, "score")
        if isinstance(score, str):
            self.show_zoom(SCORE + score, pos)  # how the score is made, beside the tap, until the next touch
            return
        seat, kind, drafter = self.selected_wand, self.hits.item_at(pos, "reward"), self.view.drafter()
        pointing = [person for person in self.humans if self.can_point(person)]
        # (one person at the table, or the one whose turn it is: with several pointing together, the last one's
        # wand was pointed by whoever tapped)
        alone = len(self.humans) == 1 or (self.live is not None and not self.live.together)
        lone = pointing[0] if alone and len(pointing) == 1 else None  # the one wand a tap on a wizard points
        if seat is None and lone is not None and self.target_at(lone, pos) is not None:
            seat = lone  # one wand to point here: a tap on a wizard points it (it did nothing, too late)
        target = self.target_at(seat, pos) if seat is not None else None
        if seat is not None and target is not None and self.can_point(seat):
            self.selected_wand = None
            self.submit(PointWand(seat, target))
        elif self._teammate_tapped(seat if seat is not None else lone, pos):
            # (it said "Drag your wand..." as if a tap could not point, when a tap on an adversary does; with the
            # wand tapped first, as that line says, a tap on a teammate said nothing)
            self.say(_("Never at a teammate: point at a wizard of another house."), error=True)
        elif seat is None and pointing and self.seat_at(pos) is not None:
            hint = _("Drag your wand from your seat onto a wizard of another house (or tap your wand, then them).")
            self.say(hint, till_move=True)  # (it stayed up over the wand pointed next, and over the count)
        elif not isinstance(kind, str):
            if self.beats:
                self.beats[0].elapsed = self.beats[0].seconds  # a tap on the table: on to the next thing told
            return
        elif drafter is not None and self.session.is_human(drafter) and not self.view.tasks:
            self.tapped_place = self.places.at(self.layout, pos)  # (that card goes, of several of its kind)
            self.submit(TakeReward(drafter, kind))
            self.tapped_place = None
        elif self.view.phase == "draft" and drafter is not None and not self.session.is_human(drafter):
            self.say(_("{name} is choosing.").format(name=self.session.name(drafter)))
        elif self.view.phase == "draft":
            self.say(_("Rewards are taken in turn by the standing flags."))

    def _teammate_tapped(self, seat: int | None, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the place of ``seat``'s teammate (someone of their house but not them); False for
        no seat."""
        other = self.seat_at(pos)
        return seat is not None and other is not None and other != seat and not self.view.adversary(seat, other)

    # --- tests and demos ----------------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person makes for ``command`` on the table as drawn now (tests post them)."""
        if self.panel is not None and not isinstance(command, (PointWand, TakeReward)):
            return [("tap", pos) for pos in self.panel.gesture(command)]
        if isinstance(command, PointWand):
            if command.target is None:
                raise AssertionError("pointing at nobody is letting the countdown run out")
            return [("drag", self.wand_grip(command.seat), self.layout.seats[command.target].rect.center)]
        rect = self.hits.rect_of("reward", command.reward) if isinstance(command, TakeReward) else None
        assert rect is not None, f"no gesture for {command} on the table as drawn"
        return [("tap", rect.center)]

    # --- drawing --------------------------------------------------------------------------------------------
    def covering(self) -> bool:
        """Never while playing: the table itself is public, private choices come behind their own screen. A replay
        shows a seat's view (``watched``): covered by the kit's rule until its person has the screen."""
        return self.replay_bar is not None and super().covering()

    def draw_table(self, surface: pygame.Surface) -> HitMap:
        return painter.paint(self.look(), surface)

    def look(self) -> Look:
        view, held, drafter = self.shown, self.held(), self.shown.drafter()
        lit = frozenset(t for seat, pos in held.items() if (t := self.target_at(seat, pos)) is not None)
        aiming = {*held, *([self.selected_wand] if self.selected_wand is not None else [])}  # (held or tapped)
        aimed = {other for seat in aiming for other in range(view.players) if view.adversary(seat, other)}
        return Look(
            view=view,
            layout=self.layout,
            names=self.session.names(),
            humans=frozenset(self.humans),
            controllers=self.session.controllers(),
            prompt=self.prompt(),
            secrets_of=self.secrets_of,
            takeable=self.reveal is None and not view.tasks and drafter is not None and self.session.is_human(drafter),
            rewards=self.places.follow(view.row, view.round),
            reveal=self.reveal,
            telling=self.reveal.step().seat if self.reveal is not None else None,
            pointing=self.pointing(),
            wands=[self.wand(seat) for seat in range(view.players)],
            aims=[self.aim(seat) for seat in range(view.players)],
            held=list(held.items()),
            lit=lit,
            open_targets=frozenset(aimed) - lit if view.phase == "target" else frozenset(),
            ready=frozenset(s for s in range(view.players) if self.can_point(s) or self.selected_wand == s),
            countdown=self.countdown(),
            cue=self.cue(),
            flights=self.flights,
            bar=[*self.bar, *([self.again] if self.replay_bar is None else [])],
            banner=self.banner(),
        )

    def pointing(self) -> frozenset[int]:
        """In phase 3, the seats whose turn it is to point: the people the Ready cue or the count is for, and in
        turn the bot taking aim."""
        live = self.live
        if live is None or self.session.phase != "target":
            return frozenset()
        seats = {*live.waiting, *(live.countdown.seats if live.countdown is not None else ())}
        if live.current is not None:
            seats.add(live.current)
        return frozenset(seat for seat in seats if not self.view.pointed[seat])

    def countdown(self) -> tuple[str, float] | None:
        """The count now, and how far it is: the wands' count, or the reveal's."""
        now, live, reveal = self.app.now, self.live, self.reveal
        if live is not None and live.countdown is not None and self.session.phase == "target":
            # As the table last ran it: under the pause menu the count waits, and it showed "Time!" there.
            now = live.seen or now
            return live.countdown.label(now), live.countdown.progress(now)
        return reveal.counting() if reveal is not None else None

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The banner's line: what happens now (in gold: what the people at the screen can do)."""
        names, view, result = self.session.names(), self.shown, self.session.match.result()
        waiting, task = listing([names[s] for s in view.to_act]), view.tasks[-1] if view.tasks else None
        if self.reveal is not None:
            return self.reveal.caption(), GOLD
        if self.beats:
            return self.beats[0].caption, GOLD
        if result is not None:
            return result.summary, GOLD
        if self.panel is not None and (view.phase != "draft" or task is not None and task[0] == "cours"):
            return _(IN_SECRET[view.phase]), GOLD
        if passing := self.passing_line():  # (asked once: every frame draws the banner)
            return passing, GOLD
        if view.phase == "prepare":
            return _("Preparing spells: waiting for {names}.").format(names=waiting), PLAIN
        if view.phase == "target":
            return self._pointing_prompt(names)
        if view.phase == "cast" and self.app.now < self.observe_until:
            return _("Look at the wands... the Teacher's Pet counts again."), GOLD
        if view.phase == "cast":
            return _("Casting: waiting for {names}.").format(names=waiting), PLAIN
        if view.phase == "draft" and task is not None:
            if task[0] == "cours":
                return _("{name} looks through the discard pile for a Stupefy.").format(name=names[task[1]]), GOLD
            return _("{name} chooses whose Late token goes back.").format(name=names[task[1]]), GOLD
        drafter = view.drafter()
        if drafter is not None and self.session.is_human(drafter):
            return _("{name}: choose a reward to take.").format(name=names[drafter]), GOLD
        if drafter is not None:
            return _("{name} chooses a reward...").format(name=names[drafter]), PLAIN
        return "", PLAIN

    def _pointing_prompt(self, names: list[str]) -> tuple[str, tuple[int, int, int]]:
        """The banner in phase 3: the Ready cue, the people pointing, a bot taking aim, or the count running."""
        live = self.live
        current = live.current if live is not None else None
        if live is not None and live.waiting:
            everyone, others = self._addressed(live.waiting, names)
            if everyone:
                return _("Ready? Everyone: press Ready to start the count."), GOLD
            if others:
                return _("Ready? Everyone but {names}: press Ready to start the count.").format(names=others), GOLD
            who = listing([names[s] for s in live.waiting])
            return _("Ready? {names}: press Ready to start the count.").format(names=who), GOLD
        pointing = [s for s in self.humans if self.can_point(s)]
        everyone, others = self._addressed(pointing, names)
        if everyone:
            return _("Everyone: point your wand at a wizard of another house before the count ends!"), GOLD
        if others:
            told = _("Everyone but {names}: point your wand at a wizard of another house before the count ends!")
            return told.format(names=others), GOLD
        if pointing:
            told = _("{names}: point your wand at a wizard of another house before the count ends!")
            return told.format(names=listing([names[s] for s in pointing])), GOLD
        if current is not None and current not in self.humans:
            return _("{name} takes aim...").format(name=names[current]), PLAIN
        return _("Wands are pointing: the count runs to its end."), PLAIN

    def _addressed(self, seats: Sequence[int], names: list[str]) -> tuple[bool, str]:
        """Whom a banner for four or more people at the screen calls: everyone (every person at the table), or
        "everyone but" the few people left out (who pointed already, or may not point this round); ``(False, "")``
        when the banner should name them (fewer than four, or no more of them than people left out)."""
        if len(seats) < 4:
            return False, ""
        left_out = [seat for seat in self.humans if seat not in seats]
        if not left_out:
            return True, ""
        if len(left_out) < len(seats):
            return False, listing([names[seat] for seat in left_out])
        return False, ""

    def card_under(self, pos: tuple[int, int], through_popup: bool = False) -> str | None:
        """What a resting pointer or a long press enlarges: a card of the panel, or on the table a house's score
        ("score:House") or a card or word of the table (a ``terms`` key). (No popup: ``through_popup`` is
        the kit's.)"""
        if self.panel is not None and self.panel.covers(pos):
            return self.panel.card_at(pos)
        if self.cue() is not None and self.ready_button.rect.collidepoint(pos):
            return None  # (Ready lies over a reward: the mouse resting on it to press it enlarged the card)
        score = self.hits.item_at(pos, "score")
        if isinstance(score, str):
            return SCORE + score
        word = self.hits.item_at(pos, "term")
        return word if isinstance(word, str) and is_term(word) else None

    def placed_item(self, card: str) -> str:
        """A house's score sheet ("score:House") lies by the house's score, placed as the house."""
        return card.removeprefix(SCORE) if card.startswith(SCORE) else card

    def zoom_face(self, card: str, width: int) -> pygame.Surface:
        if card.startswith(SCORE):
            return score_sheet(sheet(breakdown(self.shown, card.removeprefix(SCORE), self.session.names())), px(360))
        return help_card(card, px(320))

    def prompt_rects(self) -> list[pygame.Rect]:
        cue = self.cue()
        return [self.banner()[0], *([cue.rect] if cue is not None else [])]

    def banner(self) -> tuple[pygame.Rect, list[str]]:
        """Where the prompt is drawn and its lines (``painter.banner_box``), for the painter and the prompt rects."""
        return painter.banner_box(self.layout.banner, self.shown.round, self.prompt()[0], self.banner_grows())

    def banner_grows(self) -> bool:
        """Whether a prompt too long for the banner's line may take lines below it: not over an open choice panel
        or the cue, which lie just under the banner (there it is narrowed onto its line, as before)."""
        return self.panel is None and self.cue() is None

    def message_room(self) -> int:
        """Between the seats at the sides: with large text a message ran across the window over their counts."""
        width = self.table_size()[0]
        rects = [seat.rect for seat in self.layout.seats]
        left = max([rect.right for rect in rects if rect.right < width // 3], default=0)
        right = min([rect.left for rect in rects if rect.left > width * 2 // 3], default=width)
        return right - left - px(16)

    def message_anchor(self, height: int) -> tuple[int, int]:
        """Under the banner, or under the choice panel or the "Ready?" cue that stands there (a box's bottom is
        asked for). "Ada is too late" came as the cast panel opened and covered its heading, and over the next
        person's cue its call, the words that hand them the mouse."""
        top, panel, cue = self.layout.banner.bottom + px(4), self.panel, self.cue()
        if panel is not None and not panel.hidden and panel.rect.top < top + height:
            top = panel.rect.bottom + px(4)
        if cue is not None and cue.rect.top < top + height and cue.rect.bottom > top:
            top = cue.rect.bottom + px(4)
        disc = self._count_disc()
        if disc is not None and disc.top < top + height and disc.bottom > top:
            # (a word said during the count hid its "2" and "1"; put just under the disc, it hid the values of the
            # first row of rewards the disc lies on or beside, which count_place keeps in sight)
            top = max(disc.bottom, self._first_row_beside(disc)) + px(4)
        return self.layout.centre.centerx, top + height

    def _first_row_beside(self, disc: pygame.Rect) -> int:
        """The bottom of the first row of rewards when ``disc`` lies on it or beside it, else ``disc``'s bottom."""
        row = self.layout.row
        first = [rect for rect in row if row and rect.top == row[0].top]
        if first and first[0].top < disc.bottom and first[0].bottom > disc.top:
            return max(rect.bottom for rect in first)
        return disc.bottom

    def _count_disc(self) -> pygame.Rect | None:
        """Where the count's disc is drawn while a count runs (``painter.count_place``), else None."""
        if self.countdown() is None:
            return None
        (x, y), radius = painter.count_place(self.layout)
        return pygame.Rect(x - radius, y - radius, radius * 2, radius * 2)


def _touchscreen() -> bool:
    try:
        from pygame._sdl2 import touch  # (delayed: an optional part of pygame)

        return touch.get_num_devices() > 0
    except (ImportError, pygame.error, AttributeError):
        return False


def _spells_cast(event: Event) -> bool:
    """What makes a round worth watching again: its spells were cast."""
    return isinstance(event, ev.SpellsRevealed)


class _WatchAgain(WatchAgain):
    """The kit's "Watch the last round again" button, opening the replay as the table's screen allows."""

    def open(self) -> None:
        assert isinstance(self.table, StupefixTable)
        self.table.watch_last_round()


def _unit(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float] | None:
    """The unit vector from ``start`` toward ``end`` (None: they are as good as the same point)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 1 else None
