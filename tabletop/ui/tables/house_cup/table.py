"""The House Cup table scene: it draws one seat's view and turns drags and taps into commands."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from tabletop.core.protocol import Command, Event
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import CARDS, DAYS
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import ngettext
from tabletop.games.house_cup.view import HouseCupView, TaskView
from tabletop.play.session import Applied, GameSession
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import Target
from tabletop.ui.physics import TokenPile, Toss
from tabletop.ui.scene import AppLike
from tabletop.ui.sprites.motion import Drag, Flight, step_flights
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.again import WatchAgain
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup import painter
from tabletop.ui.tables.house_cup.cards import card_face
from tabletop.ui.tables.house_cup.layout import Layout, compute
from tabletop.ui.tables.house_cup.overlays import CardListOverlay, PlayerCardsOverlay
from tabletop.ui.tables.house_cup.pacing import Pacer
from tabletop.ui.tables.house_cup.painter import Look, Tossed
from tabletop.ui.tables.house_cup.panels import choice_panel
from tabletop.ui.tables.house_cup.results import tallies
from tabletop.ui.tables.house_cup.scores import Breakdown, breakdown, changed, score_card, seat_of, signed
from tabletop.ui.theme import px
from tabletop.ui.widgets import Widget

FINGERTIP_PX = 34  # design pixels: a card strip thinner than this is hard to hit with a finger


class HouseCupTable(GameTable):
    stage: Stage
    name = "house-cup-table"
    game_id = "house-cup"
    tallies = staticmethod(tallies)
    ZOOM_KINDS = ("card", "score")  # a score enlarged is its breakdown
    FOCUS_KINDS = ("token", "day", "card", "seat", "discard", "my_cards", "score")  # the keyboard's stops
    SOUNDS = {
        ev.Dealt: "deal",
        ev.TokenPlaced: "place",
        ev.TokensRevealed: "reveal",
        ev.CardTaken: "take",
        ev.RewardsTaken: "reward",
        ev.GameEnded: "end",
        # the other cards that change place on their own beat (they moved in silence)
        ev.CardDiscarded: "take",
        ev.CardGiven: "take",
        ev.CardDrawn: "deal",
        ev.ShuffledBack: "take",
    }

    def __init__(self, app: AppLike, session: GameSession) -> None:
        super().__init__(app, session)
        self.stage = Stage()
        self.view: HouseCupView = session.view()
        self.layout: Layout = self.laid_out(self.view)
        self.selected_token: int | None = None
        self.tossed: Tossed | None = None
        self.flips: dict[tuple[int, int], float] = {}  # (day, token): how long it has been turning (< 0: not yet)
        self.pacer = Pacer()  # the moves told one at a time, each with a caption
        self.armed_card: str | None = None  # a thin strip tapped once by a finger: a second tap takes it
        self.delays: dict[int, float] = {}  # how long each event being told waits for its beat (by id)
        self.flights: list[Flight] = []
        self.spawns: dict[Hashable, pygame.Rect] = {}
        self.scores: list[int] = []
        self.breakdowns: list[Breakdown] = []
        self.score_changes: list[Flight] = []  # a score's change rising from it
        self.still_changes: dict[int, tuple[Flight, int]] = {}  # each seat's last change and its points
        self.watch_again = WatchAgain(self, lambda event: isinstance(event, ev.TokensRevealed) and bool(event.tokens))
        self.again = self.watch_again.button
        self.bar[1].two_lines = True  # (in a replay "Play from here", on two lines where the layout gives it room)
        self.supply_pile = TokenPile(self.layout.supply, self.supply_radius(), seed=1)
        self.my_pile = TokenPile(self.layout.my_rewards, px(11), seed=2)

    def laid_out(self, view: HouseCupView) -> Layout:
        """The table laid out for the window and ``view`` (a day's strip as tall as its tokens need)."""
        stacks = [len(stack) for stack in view.under]
        return compute(self.table_size(), view.seat, len(view.houses), self.replay_bar is None, stacks)

    def supply_radius(self) -> int:
        """The reward tokens' size in the supply: smaller in a tray made shallow for the side log (they heaped
        over its caption at a large interface size)."""
        return max(px(5), round(px(8) * min(1.0, self.layout.supply.height / px(100)) ** 0.5))

    # --- scene hooks ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.stage.speed = self.app.settings.motion_factor
        self.refresh()
        self.supply_pile.sync(self.view.supply, settle=True)
        self.my_pile.sync(self.view.rewards[self.view.seat], settle=True)
        self.rebuild_recent()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.pacer.clear()  # nor a card waiting its turn where the old layout had it
        self.supply_pile.relayout(self.layout.supply, self.supply_radius())
        self.my_pile.relayout(self.layout.my_rewards, px(11))

    def back(self) -> None:
        if self.panel is not None and self.panel.hidden:
            self.panel.hide.action()  # as if "Back to the choice" were pressed (its words and place with it)
        elif self.drag is not None or self.selected_token is not None:
            self.drag = None
            self.selected_token = None
        else:
            self.open_pause()

    # --- state from the session ---------------------------------------------------------------------
    def refresh(self) -> None:
        self.view = view = self.session.view()
        self.read_scores()
        self.layout = self.laid_out(view)
        task = view.tasks[-1] if view.tasks else None
        mine = task is not None and view.seat in view.to_act and bool(view.legal) and self.session.is_human(view.seat)
        key = (task.kind, task.seat, task.cards, len(self.session.match.log)) if mine and task else None
        names = self.session.names()
        giver = self.giver(task) if task is not None else None
        self.set_panel(key, (lambda: choice_panel(view, names, task.kind, giver)) if task is not None else None)
        self.layout_bar(self.layout.buttons)

    def giver(self, task: TaskView) -> int | None:
        """Who gave the card ``task`` applies (a Letter's gift), None when it was taken or drawn."""
        if task.kind == "cauldron":
            return self.cauldron_giver(task)
        return self.trouble_giver(task)

    def cauldron_giver(self, task: TaskView) -> int | None:
        """Who gave the Magic Cauldron whose discards are being asked, by the last move that moved it: its discards
        run over several moves, the gift further back than the last one (a Cauldron given by a Letter was told as
        "Boris took the Magic Cauldron", and to Boris himself, handed the screen, as nothing at all)."""
        card = task.cards[0] if task.cards else None
        for batch in reversed(self.session.match.history):
            for event in reversed(batch):
                # (a search's card kept counts: skipped, an older gift of the same card, shuffled back since, was
                # named as the giver of the one found in the deck)
                moved = (ev.CardGiven, ev.CardTaken, ev.CardDrawn, ev.SearchKept)
                if isinstance(event, moved) and event.card == card:
                    given = isinstance(event, ev.CardGiven) and event.to_seat == task.seat
                    return event.seat if given else None
        return None

    def trouble_giver(self, task: TaskView) -> int | None:
        """Who gave the Trouble ``task`` applies, by the move that gave it (None: it was taken from the timetable)."""
        if task.kind != "trouble" or not task.cards or not self.session.match.history:
            return None
        given = (
            event.seat
            for event in self.session.match.history[-1]
            if isinstance(event, ev.CardGiven) and event.to_seat == task.seat and event.card == task.cards[0]
        )
        return next(given, None)

    def layout_bar(self, rects: Sequence[pygame.Rect]) -> None:
        super().layout_bar(rects)
        self.watch_again.place(self.layout.again)

    def controls(self) -> list[Widget]:
        return [*self.bar, self.again]

    def read_scores(self) -> None:
        """Every seat's score now, line by line; a score that moved rises by how much, and its breakdown says
        what moved it."""
        view, names = self.view, self.session.names()
        before = {score.name: score for score in self.breakdowns} if len(self.breakdowns) == len(view.houses) else {}
        scores = []
        for seat in range(len(view.houses)):
            score = breakdown(view, seat, names[seat])
            old = before.get(score.name)
            if old is not None and old.total == score.total:
                score = Breakdown(score.name, score.house, score.lines, score.total, score.final, old.change)
            elif old is not None:
                score = Breakdown(score.name, score.house, score.lines, score.total, score.final, changed(old, score))
                self.float_change(seat, score.total - old.total)
            scores.append(score)
        self.breakdowns = scores
        self.scores = [score.total for score in scores]

    def float_change(self, seat: int, points: int) -> None:
        """A score's change beside it for a moment (not when the table is shown as it lies); with reduced
        motion it stays where it would have risen to, for as long. With animations off too, still, for the
        Normal pace's time: the table waits for none of it, and without it nothing said why a score moved (a
        review of reduced motion and animations off)."""
        rect = self.hits.rect_of("score", f"score:{seat}")
        pace, motion = self.app.settings.animation_factor, self.app.settings.motion_factor
        if rect is None or self.snap_next_draw:
            return
        if not pace:
            pace, motion = 1.0, 0.0
            # Nothing paces the moves: a change still on show for this seat takes this one in (two drawn on one
            # spot read as neither: the diff's review), and shows its time again.
            shown, before = self.still_changes.get(seat, (None, 0))
            if shown is not None and shown.started and shown in self.score_changes:
                self.score_changes.remove(shown)
                points += before
                if not points:  # (+5 then -5: nothing moved)
                    return
        colour = theme.GOOD if points > 0 else theme.BAD
        # Beside the score, on the side of its panel with more room, drifting up a little: it rose from the score
        # itself, its figures over the total's ("98 pts" under "+17": a reviewer), and from a panel at the top of
        # the window out of sight.
        panel = self.layout.me if seat == self.view.seat else self.layout.opponents.get(seat, rect)
        half = theme.text(signed(points), 22, colour, bold=True).get_width() // 2 + px(8)
        left = rect.left - panel.left > panel.right - rect.right  # (an opponent's score lies at its panel's right)
        x = rect.left - half if left else rect.right + half
        end = (x, max(panel.top + px(12), rect.centery - px(14)))
        start = (x, rect.centery) if motion else end
        label, wait = (signed(points), colour), max(0.0, self.pacer.until - self.app.now)  # once its move is seen
        flight = Flight("change", label, start, end, 1.6 / pace, -wait, 0.0)
        self.score_changes.append(flight)
        self.still_changes[seat] = (flight, points)

    def sound_for(self, event: Event) -> str | None:
        empty = (
            (isinstance(event, ev.Dealt) and not event.cards)
            or (isinstance(event, ev.TokensRevealed) and not event.tokens)
            or (isinstance(event, ev.RewardsTaken) and not event.count)
            or (isinstance(event, ev.CardDrawn) and event.card is None)
        )
        if empty:
            return None  # nothing dealt, drawn, revealed or given: no sound
        return super().sound_for(event)

    def sound_delay(self, event: Event) -> float:
        return self.delays.get(id(event), 0.0)

    def on_applied(self, applied: Applied) -> None:
        """Each event the seat on screen sees gets its beat, one after the other (``pacing``), then the kit
        tells, sounds and animates them."""
        seen = [event for event in applied.events if event.visible_to(self.view.seat)]
        names = self.session.names()
        speed = self.app.settings.animation_factor
        delays = self.pacer.schedule(
            seen, self.app.now, speed, lambda event: self.session.game.describe(event, names), self.short_caption
        )
        self.delays = {id(event): delays.get(index, 0.0) for index, event in enumerate(seen)}
        super().on_applied(applied)
        self.delays = {}

    def animate(self, event: Event) -> None:
        """A day's tokens turn over one by one, each on its beat (the pace: kept with reduced motion, when each
        simply shows its number then); reward tokens fly from the supply (motion: not with reduced motion)."""
        if not self.app.settings.animation_factor:
            return
        if isinstance(event, ev.TokensRevealed) and event.tokens:
            for position in range(len(event.tokens)):  # one after the other, top of the stack first
                self.flips[(event.day, position)] = -self.pacer.flip_delays.pop((event.day, position), 0.0)
        elif isinstance(event, ev.RewardsTaken) and event.count and self.app.settings.motion_factor:
            self._fly_rewards(event.seat, event.count, self.delays.get(id(event), 0.0))

    def _fly_rewards(self, seat: int, count: int, delay: float) -> None:
        speed = self.app.settings.motion_factor
        end = self.layout.my_rewards.center if seat == self.view.seat else self.layout.opponents[seat].center
        for index in range(count):
            start = self.supply_pile.remove() or self.layout.supply.center
            self.flights.append(Flight("reward", seat, start, end, 0.55 / speed, -delay - 0.12 * index / speed))

    # --- every frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        motion = self.app.settings.motion_factor
        self.stage.speed = motion
        self.stage.update(dt)
        self.supply_pile.step(dt)
        self.my_pile.step(dt)
        turning = 0.5 if motion else 0.0  # with reduced motion a token shows its number once its beat comes
        for token in list(self.flips):
            self.flips[token] += dt
            if self.flips[token] >= turning:
                del self.flips[token]
        self.pacer.tidy(self.app.now)
        step_flights(self.score_changes, dt)
        for flight in step_flights(self.flights, dt):
            if flight.item == self.view.seat:
                self.my_pile.add(flight.end[0], (0, 200))
        if len(self.supply_pile.bodies) > self.view.supply and not self.flights:
            self.supply_pile.sync(self.view.supply, settle=not motion)
        if not self.flights and len(self.my_pile.bodies) != self.view.rewards[self.view.seat]:
            self.my_pile.sync(self.view.rewards[self.view.seat], settle=not motion)
        if self.tossed is not None:
            self.tossed.toss.step(dt)
            if self.tossed.toss.settled:
                self.tossed = None
        self.drive_session()
        self.layout_bar(self.layout.buttons)

    def busy(self) -> bool:
        return self.stage.busy() or bool(self.flights) or self.pacer.busy(self.app.now)

    def clear_selection(self) -> None:
        self.selected_token = None
        self.armed_card = None

    def picked(self) -> Hashable:
        return self.selected_token

    def show_as_it_lies(self) -> None:
        super().show_as_it_lies()
        self.supply_pile.sync(self.view.supply, settle=True)
        self.my_pile.sync(self.view.rewards[self.view.seat], settle=True)
        self.flips.clear()
        self.flights.clear()
        self.score_changes.clear()  # (the last person's: they floated by the new viewer's score)
        self.pacer.clear()
        self.tossed = None

    # --- what the viewer may do now -------------------------------------------------------------------
    def my_turn(self) -> bool:
        view = self.view
        human = self.session.is_human(view.seat) and self.session.needs_handover() is None
        return view.seat in view.to_act and human and bool(view.legal)

    def can_place(self) -> bool:
        return self.my_turn() and self.view.phase == "place" and not self.view.tasks

    def can_take(self) -> bool:
        return self.my_turn() and self.view.phase == "take" and not self.view.tasks

    def turn_rank(self, target: Target) -> int | None:
        """The keyboard's first stop as the turn begins: a token to place, or a lit card of the day to take."""
        view = self.view
        if self.can_place() and target.kind == "token" and target.item in (view.held[view.seat] or ()):
            return 0
        if self.can_take() and target.kind == "card" and target.item in view.days[view.day]:
            return 0
        return None

    def legal_days(self, value: int) -> list[int]:
        return [c.day for c in self.view.legal if isinstance(c, PlaceToken) and c.value == value]

    def token_rect(self, value: int) -> pygame.Rect | None:
        return self.hits.rect_of("token", value)

    def token_at(self, pos: tuple[int, int]) -> int | None:
        value = self.hits.item_at(pos, "token")
        return value if isinstance(value, int) else None

    def card_at(self, pos: tuple[int, int]) -> str | None:
        card = self.hits.item_at(pos, "card")
        return card if isinstance(card, str) else None

    # --- input ----------------------------------------------------------------------------------------------
    def start_drag(self, event: PointerEvent) -> None:
        start = event.pos
        token = self.hits.at(start, "token")
        if token is not None and self.can_place():
            self.drag = Drag.start(event.pointer.id, "token", token.item, token.rect, start)
            self.selected_token = self.token_at(start)
            return
        card = self.hits.at(start, "card")
        if card is not None and self.hurried_past(str(card.item)):
            return
        if card is not None and card.item in self.view.tableau[self.view.seat]:
            self.open_player(self.view.seat)  # (as a tap does: one's own cards are not dragged anywhere)
            return
        if card is not None and self.can_take() and card.item in self.view.days[self.view.day]:
            self.drag = Drag.start(event.pointer.id, "card", card.item, card.rect, start)
            return
        if card is None and token is not None:
            self.say(self._not_now())

    def drop(self, drag: Drag, event: PointerEvent) -> None:
        pos = event.pos
        if drag.kind == "token":
            assert isinstance(drag.item, int)
            day = self.hits.item_at(pos, "day")
            if isinstance(day, int) and day in self.legal_days(drag.item):
                self.spawns[("drop", self.view.seat, drag.item)] = drag.rect()
                self.submit(PlaceToken(self.view.seat, day, drag.item))
                return
            self._toss_back(drag, event)
            self.say(_("Drop the token under a day of the timetable, Monday to Friday."), error=True)
            return
        if self.layout.me.collidepoint(pos):
            self.submit(TakeCard(self.view.seat, str(drag.item)))
            return
        self._toss_back(drag, event)
        self.say(_("Drag the card down to your cards, or just tap it, to take it."), error=True)

    def _toss_back(self, drag: Drag, event: PointerEvent) -> None:
        """The item slides on with the speed it was released at, settles, then glides home (with reduced motion
        it is simply back home)."""
        if not self.app.settings.motion_factor:
            return
        w, h = self.table_size()
        centre = drag.rect().center
        toss = Toss(pygame.Rect(0, 0, w, h), centre, event.pointer.velocity, max(drag.size) / 2)
        self.tossed = Tossed(toss, drag.kind, drag.item, drag.size)
        key = ("held", self.view.seat, drag.item) if drag.kind == "token" else ("card", drag.item)
        self.stage.motions.pop(key, None)

    def tap(self, pos: tuple[int, int]) -> None:
        score = self.hits.item_at(pos, "score")
        if isinstance(score, str):
            self.show_zoom(score, pos)  # how the score is made, until the next touch
            return
        token, card = self.token_at(pos), self.card_at(pos)
        if card is not None and self.hurried_past(card):
            return
        spot = self.hits.at(pos, "day", "seat", "discard", "my_cards")
        if self.can_place():
            if token is not None:
                self.selected_token = None if self.selected_token == token else token
                if self.selected_token is not None:  # (by keys: the ring on to a day it may go under)
                    days = self.legal_days(self.selected_token)
                    self.focus_on(lambda target: target.kind == "day" and target.item in days)
                return
            if spot is not None and spot.kind == "day":
                if self.selected_token is None:
                    self.say(_("First choose one of your tokens, then the day to place it under."))
                elif isinstance(spot.item, int) and spot.item in self.legal_days(self.selected_token):
                    rect = self.token_rect(self.selected_token)
                    if rect is not None:
                        self.spawns[("drop", self.view.seat, self.selected_token)] = rect
                    self.submit(PlaceToken(self.view.seat, spot.item, self.selected_token))
                    held = self.view.held[self.view.seat] or ()  # (by keys: the ring back on a token left)
                    self.focus_on(lambda target: target.kind == "token" and target.item in held)
                return
        if card is not None and card in self.view.tableau[self.view.seat]:
            self.open_player(self.view.seat)  # one's own cards, each large (a stack shows only their top strips)
            return
        if card is not None and self.can_take():
            if card in self.view.days[self.view.day] and self.too_thin_to_tap(card, pos):
                return
            if card in self.view.days[self.view.day]:
                self.submit(TakeCard(self.view.seat, card))
            else:
                self.say(_("Take the cards of {day}: they are lit up.").format(day=DAYS[self.view.day]), error=True)
            return
        if spot is not None and spot.kind == "seat" and isinstance(spot.item, int):
            self.open_player(spot.item)
        elif spot is not None and spot.kind == "my_cards" and card is None:
            self.open_player(self.view.seat)
        elif spot is not None and spot.kind == "discard":
            self.open_discard()
        elif card is None and token is not None:
            self.say(self._not_now())

    def too_thin_to_tap(self, card: str, pos: tuple[int, int]) -> bool:
        """A finger's tap on a card of a crowded day, shown as a strip thinner than a fingertip (23 px at 1366x768
        with eight cards, and a tap took the neighbour): the first tap enlarges it and says a second takes it;
        True then. The mouse, a card shown whole, and a second tap on the same card take it at once."""
        rect = self.hits.rect_of("card", card)
        if rect is None or not self.tapped_by_finger or card == self.armed_card:
            self.armed_card = None
            return False
        if self.visible_height(card) >= px(FINGERTIP_PX):
            self.armed_card = None
            return False
        self.armed_card = card
        self.show_zoom(card, pos)
        self.say(_("{card}: tap it again to take it.").format(card=CARDS[card].title), till_move=True)
        return True

    def visible_height(self, card: str) -> int:
        """How much shows of a card on a day: down to the next card laid over it (a crowded day's cards overlap,
        each a strip), or the whole card."""
        rect = self.hits.rect_of("card", card)
        if rect is None:
            return 0
        today = self.view.days[self.view.day] if 0 <= self.view.day < len(self.view.days) else ()
        over = [
            placed.rect.top
            for placed in self.hits.of_kind("card")
            if placed.item in today and placed.rect.top > rect.top and placed.rect.colliderect(rect)
        ]
        return min([*over, rect.bottom]) - rect.top

    def hurried_past(self, card: str) -> bool:
        """A touch on a card still drawn where it was, its move not yet told (a Divination shown on its day before
        it goes back into the deck, over the card now on top): the table is shown as it lies at once, and the
        touch does nothing more (it was refused as a card of another day, under the finger of someone taking
        the day's lit cards). True when that was so."""
        if card not in self.pacer.waiting(self.app.now):
            return False
        return self.hurry()

    def hurry(self) -> bool:
        """The moves still told shown done (``show_as_it_lies``), the token picked kept while it may still be
        placed, and the bell for the person's turn still rung (it rings once the table is still: now)."""
        bell, token = self.bell_due, self.selected_token
        self.show_as_it_lies()
        self.bell_due = bell
        if token is not None and self.can_place() and token in (self.view.held[self.view.seat] or ()):
            self.selected_token = token
        return True

    def open_player(self, seat: int) -> None:
        self.app.scenes.push(PlayerCardsOverlay(self.app, self.view, self.session.names(), seat))

    def open_discard(self) -> None:
        note = _("Discarded cards never come back.")
        discard = list(self.view.discard)
        self.app.scenes.push(CardListOverlay(self.app, _("Discard pile"), discard, self.view.box, note))

    def _not_now(self) -> str:
        if self.view.phase == "take":
            return _("Tokens are placed during the schedule updates; now cards are being taken.")
        if self.view.phase != "place":  # (the game's end: a search, the Flywheel of Time)
            return _("Every round has been played: no more tokens are placed.")
        if self.view.to_act:
            return _("It is {name}'s turn to place a token.").format(name=self.session.name(self.view.to_act[0]))
        return _("Not now.")

    # --- tests and demos -----------------------------------------------------------------------------------
    def gesture_for(self, command: Command) -> list[tuple]:
        """The pointer actions a person would make for ``command`` on this table as drawn now.

        ``("tap", pos)`` or ``("drag", from_pos, to_pos)``; ``("finger_tap", pos)``: a tap a finger makes again
        (a card strip thinner than a fingertip: ``too_thin_to_tap``), the mouse not. Tests post these as real mouse
        or finger events.
        """
        if self.panel is not None:
            return [("tap", pos) for pos in self.panel.gesture(command)]
        if isinstance(command, PlaceToken):
            rect = self.token_rect(command.value)
            assert rect is not None, "token not on the table"
            return [("drag", rect.center, self.layout.headers[command.day].center)]
        if isinstance(command, TakeCard):
            rect = self.hits.rect_of("card", command.card)
            assert rect is not None, f"{command.card} is not drawn"
            at = (rect.centerx, rect.top + min(rect.height // 2, px(10)))
            thin = self.visible_height(command.card) < px(FINGERTIP_PX)
            return [("tap", at), ("finger_tap", at)] if thin else [("tap", at)]
        raise AssertionError(f"no gesture for {command}")

    # --- drawing ---------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> HitMap:
        assert self.stage is not None
        hits = painter.paint(self.look(), surface, self.stage)
        self.spawns.clear()  # a dropped token starts its glide from the drop once; it is on the stage now
        return hits

    def look(self) -> Look:
        lifted = self.drag.item if self.drag and self.drag.kind == "token" else self.selected_token
        can_place = self.can_place()
        lit_days = tuple(self.legal_days(lifted)) if isinstance(lifted, int) and can_place else ()
        aimed = self.hits.item_at(self.drag.pos, "day") if self.drag and self.drag.kind == "token" else None
        return Look(
            view=self.view,
            layout=self.layout,
            names=self.session.names(),
            humans=frozenset(self.session.humans()),
            controllers=self.session.controllers(),
            scores=self.scores,
            prompt=self.prompt(),
            shorter_prompt=self.shorter_prompt(),
            my_turn=self.my_turn(),
            can_take=self.can_take(),
            bot_thinking=self.session.bot_thinking,
            drag=self.drag,
            lifted_token=self.selected_token if can_place else None,
            lit_days=lit_days,
            aimed_day=aimed if isinstance(aimed, int) and aimed in lit_days else None,
            tossed=self.tossed,
            flights=self.flights,
            flips=self.flips,
            supply_pile=self.supply_pile,
            my_pile=self.my_pile,
            spawns=self.spawns,
            recent=self.recent_wrapped(self.layout.recent.width, untold=self.pacer.untold(self.app.now)),
            bar=[*self.bar, self.again],
            now=self.app.now,
            score_changes=self.score_changes,
            waiting=self.pacer.waiting(self.app.now),
            resting=self.pacer.resting(self.app.now),
            handing_to=self.handing_to(),
        )

    def handing_to(self) -> int | None:
        """The person the screen passes to once the last move has been shown (another person's turn, in
        pass-and-play): until then the screen is still the last person's, their tokens showing."""
        session = self.session
        seat = session.acting_human()
        return seat if seat is not None and session.shown_to is not None and seat != session.shown_to else None

    def prompt(self) -> tuple[str, tuple[int, int, int]]:
        """The banner's line: what happens now, and what the person at the screen can do."""
        view, session = self.view, self.session
        names = session.names()
        result = session.match.result()
        caption = self.pacer.caption(self.app.now)
        if caption:  # what is being shown now, one move at a time
            return self.then_handing(caption), theme.HIGHLIGHT
        if result is not None:
            return result.summary, theme.GOLD_LIGHT
        if passing := self.passing_line():  # (asked once: every frame draws the banner)
            return passing, theme.HIGHLIGHT
        if self.panel is not None:  # (named: at the end nothing is secret, and the screen goes over unannounced)
            return _("{name}: make your choice in the panel.").format(name=names[view.seat]), theme.GOLD_LIGHT
        if not view.to_act:
            return "", theme.TEXT
        actor = view.to_act[0]
        if not self.my_turn():
            return self.waiting_line(names, actor), theme.TEXT
        if view.phase == "place":
            placed = 3 - len(view.held[view.seat] or ())
            # ("your token 1 of 3" read as the token numbered 1: a newcomer's review)
            line = (
                _("{name}: place one of your tokens under a day (your first of three)."),
                _("{name}: place one of your tokens under a day (your second of three)."),
                _("{name}: place one of your tokens under a day (your last of three)."),
            )[min(placed, 2)]
            return line.format(name=names[view.seat]), theme.GOLD_LIGHT
        return self.taking_line(names[view.seat]), theme.GOLD_LIGHT

    def then_handing(self, caption: str) -> str:
        """A caption and, in pass-and-play, that the screen passes on after it (the next person, seeing their turn
        come, took the screen with the last one's tokens showing)."""
        handing = self.handing_to()
        if handing is None:
            return caption
        return " ".join([caption, _("Then the screen passes to {name}.").format(name=self.session.names()[handing])])

    def shorter_prompt(self) -> str:
        """The banner's caption in fewer words, if the move being shown has them ("": none)."""
        beat = self.pacer.beat(self.app.now)
        return self.then_handing(beat.short) if beat is not None and beat.short else ""

    def short_caption(self, event: Event) -> str:
        """A move's caption in fewer words than its line of the log, for a banner too narrow for that line: a
        day's tokens turning over say who takes first. Their list ("Gryffindor 1, Slytherin 2, ...") took three
        lines from five tokens on, in French with Large text, and was squeezed onto one at half its width; the
        tokens turn over under the day meanwhile, and the Log keeps the whole line."""
        if isinstance(event, ev.TokensRevealed) and event.tokens:
            first = min(event.tokens, key=lambda token: token[1])[0]  # (the first of equal values: the highest)
            line = _("{day}'s tokens are turned over: {name} takes first.")
            return line.format(day=DAYS[event.day], name=self.session.names()[first])
        return ""

    def waiting_line(self, names: Sequence[str], actor: int) -> str:
        """The banner while someone else acts."""
        view, session = self.view, self.session
        if session.bot_thinking is not None:
            return _("{name} is thinking...").format(name=names[session.bot_thinking])
        if view.tasks:
            return _("Waiting for {name} to choose...").format(name=names[actor])
        if view.phase == "place":
            return _("{name} will place a token.").format(name=names[actor])
        return _("{name} will take cards from {day}.").format(name=names[actor], day=DAYS[view.day])

    def taking_line(self, name: str) -> str:
        """The banner when the person at the screen takes cards: how many, from which day."""
        view = self.view
        day, left = DAYS[view.day], view.take_left
        there = len(view.days[view.day])  # (a 3 under a day with fewer cards takes what is left)
        if there == 1 < left:
            return _("{name}: take the last card of {day}.").format(name=name, day=day)
        if 0 < there < left:
            line = ngettext(
                "{name}: take the last {count} card of {day}.", "{name}: take the last {count} cards of {day}.", there
            )
            return line.format(name=name, count=there, day=day)
        if view.taken:
            line = ngettext(
                "{name}: take {count} more card from {day}.", "{name}: take {count} more cards from {day}.", left
            )
        else:
            line = ngettext("{name}: take {count} card from {day}.", "{name}: take {count} cards from {day}.", left)
        return line.format(name=name, count=left, day=day)

    def zoom_face(self, card: str, width: int) -> pygame.Surface:
        seat = seat_of(card)
        if seat is not None and seat < len(self.breakdowns):
            return score_card(self.breakdowns[seat], px(380))
        return card_face(card, width, self.view.box)

    def prompt_rects(self) -> list[pygame.Rect]:
        return [self.layout.banner]

    def message_anchor(self, height: int) -> tuple[int, int]:
        return self.app.screen.get_width() // 2, self.layout.me.top - px(12)
