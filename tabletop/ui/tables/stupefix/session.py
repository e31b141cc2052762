"""The Stupéfix session: the generic GameSession, with the live wand pointing and a shared undo.

The game says which choices are made in the open (``in_public``: the wand pointing and the sharing of rewards,
several people at one screen at once, each with their own finger) and the session accepts those from any person
whose seat may act; the secret choices (the spell, cast or Protego, the Stupéfix a Cours Particuliers takes)
still go through the seat on screen, after the privacy screen. During phase 3 the table's live countdown, not
this session, decides when bots point (``ask_live_bot``), so they point after a human-like delay and see the
wands already pointed.

Undo takes back the last command of whoever gave it (in the open that need not be the seat on screen), when
the Match allows it: never across a reveal (the rewards, the spells, a Cours search) nor another seat's
command. A pointed wand is never taken back: the count to three is over.
"""

from __future__ import annotations

from tabletop.core.protocol import Command
from tabletop.games.stupefix.events import PointWand
from tabletop.play import bot_worker
from tabletop.play.history import Told
from tabletop.play.session import BOT_TIME_LIMIT, SECRET_DELAY, THOUGHT_TOO_LONG, GameSession


class StupefixSession(GameSession):
    @property
    def phase(self) -> str:
        return self.match.state.phase

    def secret_choice(self) -> bool:
        """Whether the choice now is secret: the spell (phase 2), cast or Protego (phase 4), or the Stupéfix of a
        Cours Particuliers (whether one lies among the face-down cards only its taker may learn)."""
        return self.phase != "over" and not self.game.in_public(self.match.state)

    def private_chooser(self) -> int | None:
        """The next person to make a secret choice (``secret_choice``), in seat order."""
        if not self.secret_choice():
            return None
        return next((seat for seat in self.match.to_act() if self.is_human(seat)), None)

    # --- undo ---------------------------------------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The person who gave the last command (None: a bot did, or it pointed a wand)."""
        if not self.match.log:
            return None
        last = self.match.log[-1]
        if isinstance(last, PointWand) or not self.is_human(last.seat):
            return None
        return last.seat

    def can_undo(self) -> bool:
        """Also while a bot thinks over a secret choice of its own (its question is forgotten, as the generic
        session does): at the default bot speed one always was, and a person's slip could never be taken back.
        Not while a bot's wand is being asked for in the live phase."""
        seat = self.undo_seat()
        live_bot = self.thinking is not None and self.phase == "target"
        return seat is not None and not live_bot and self.match.can_undo(seat)

    def undo(self) -> Command | None:
        seat = self.undo_seat()
        if seat is None or not self.can_undo():
            return None
        if self.thinking is not None:
            self.thinking = None
            bot_worker.worker().cancel()
        command = self.match.undo(seat)
        self.taken_back()
        self.autosave()
        return command

    # --- bots ---------------------------------------------------------------------------------------------------
    def update_bots(self, now: float, delay: float) -> None:
        if self.phase == "target":
            return  # the live countdown starts each bot itself
        state = self.match.state
        alone = [seat for seat, up in enumerate(state.standing) if up]
        if self.phase == "draft" and len(alone) == 1 and self.answers_at_once(alone[0]):
            # One flag standing: every reward is its owner's whatever the order (the rulebook: "si vous êtes seul
            # à participer au Partage, vous prenez toutes les Récompenses"); nine picks at the Settings delay
            # took eleven seconds.
            delay = min(delay, SECRET_DELAY)
        super().update_bots(now, delay)

    def ask_live_bot(self, seat: int, now: float, quick: bool = False) -> None:
        """Ask the bot of ``seat`` for its wand now, on its own view, unless a bot is being asked already (the bot
        worker answers one question at a time). The question is the session's ``thinking``, as for any bot:
        Undo waits for it and closing the session cancels it. ``quick``: inside a count everyone points in at
        once, where a searching bot answers as Medium does (at once): seven Hard bots asked one after another,
        0.75 s each, pointed up to four seconds after "Time!", having seen every person's wand (a review)."""
        if self.thinking is not None or self.closed:
            return
        if seat in self.replaced:  # its program failed too often: the Medium bot points, here and now
            self._apply(self.medium_move(seat), by_bot=True)
            return
        view = self.game.view(self.match.state, seat)
        controller = self.match.seats[seat].controller
        if quick and controller == "hard":
            controller = "medium"
        request = bot_worker.worker().ask(self.game.id, controller, view, self.bot_seed(seat))
        self.thinking = (seat, len(self.match.log), request)
        self.asked_at = now

    def poll_live_bot(self, now: float) -> None:
        """Point the live bot's wand once it has answered (past the time limit, its program is stopped and the
        Medium bot points instead)."""
        if self.thinking is None:
            return
        seat, _, request = self.thinking
        ready, command, error = bot_worker.worker().answer(request)
        if not ready and now - self.asked_at <= BOT_TIME_LIMIT:
            return
        if not ready:
            bot_worker.worker().cancel()
            command, error = None, Told(THOUGHT_TOO_LONG, seconds=f"{BOT_TIME_LIMIT:.0f}")
        self.thinking = None
        if self.phase == "target" and seat in self.match.to_act():
            self.apply_bot_answer(seat, command, error)
