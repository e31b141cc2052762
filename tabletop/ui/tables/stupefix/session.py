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

from pathlib import Path

from tabletop.core.match import Match
from tabletop.core.protocol import Command
from tabletop.games.stupefix.events import PointWand
from tabletop.play import bot_worker
from tabletop.play.session import BOT_TIME_LIMIT, GameSession


class StupefixSession(GameSession):
    def __init__(self, match: Match, path: Path | None = None) -> None:
        super().__init__(match, path)
        self.live_question: tuple[int, int] | None = None  # seat, question to the bot worker
        self.live_asked_at = 0.0

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
        seat = self.undo_seat()
        if seat is None or self.thinking is not None or self.live_question is not None:
            return False
        return self.match.can_undo(seat)

    def undo(self) -> Command | None:
        if not self.can_undo():
            return None
        seat = self.undo_seat()
        assert seat is not None
        command = self.match.undo(seat)
        self.autosave()
        return command

    def update_bots(self, now: float, delay: float) -> None:
        if self.phase == "target":
            return  # the live countdown starts each bot itself
        super().update_bots(now, delay)

    # --- bots in the live phase ----------------------------------------------------------------------------
    def ask_live_bot(self, seat: int, now: float) -> bool:
        """Ask the bot of ``seat`` for its wand now, on its own view. One question at a time (the bot worker
        answers one at a time): False when another bot is still being asked."""
        if self.live_question is not None or self.closed:
            return False
        if seat in self.replaced:  # its program failed too often: the Medium bot points, here and now
            self._apply(self.medium_move(seat), by_bot=True)
            return True
        view = self.game.view(self.match.state, seat)
        request = bot_worker.worker().ask(self.game.id, self.match.seats[seat].controller, view, self.bot_seed(seat))
        self.live_question = (seat, request)
        self.live_asked_at = now
        return True

    def poll_live_bot(self, now: float) -> int | None:
        """Apply the live bot's answer once it has come; returns the seat that was answered, else None."""
        if self.live_question is None:
            return None
        seat, request = self.live_question
        ready, command, error = bot_worker.worker().answer(request)
        if not ready:
            if now - self.live_asked_at <= BOT_TIME_LIMIT:
                return None
            bot_worker.worker().cancel()
            ready, command, error = True, None, f"it thought for over {BOT_TIME_LIMIT:.0f} s"
        self.live_question = None
        if self.closed or self.phase != "target" or seat not in self.match.to_act():
            return seat
        self.apply_bot_answer(seat, command, error)
        return seat

    def close(self) -> None:
        if self.live_question is not None:
            bot_worker.worker().cancel()
            self.live_question = None
        super().close()
