"""The Stupéfix session: the generic GameSession, extended for the public live phases.

The generic session accepts a command only from the seat on screen, one person at a time. In Stupéfix the
wand pointing (phase 3) and the sharing of rewards (phase 6) happen in the open: several people at one screen
act at once, each with their own finger. ``submit`` here also accepts, in those public phases, a command of any
person's seat that may act; the secret choices (phases 2 and 4, and the Stupéfix a Cours Particuliers takes,
for which its taker alone looks through the face-down cards) still go through the seat on screen, after the
privacy screen. During phase 3 the table's live countdown, not this session, decides when bots point
(``ask_live_bot``), so they point after a human-like delay and see the wands already pointed.

Undo takes back the last command of whoever gave it (in the public phases that need not be the seat on
screen), when the Match allows it: never across a reveal (the rewards, the spells, a Cours search) nor another
seat's command. A pointed wand is never taken back: the count to three is over.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.match import Match
from tabletop.core.protocol import Command
from tabletop.games.stupefix.events import PointWand
from tabletop.ui import bot_worker
from tabletop.ui.session import BOT_TIME_LIMIT, GameSession

PUBLIC_PHASES = ("target", "draft")
PRIVATE_PHASES = ("prepare", "cast")


class StupefixSession(GameSession):
    def __init__(self, match: Match, path: Path | None = None) -> None:
        super().__init__(match, path)
        self.live_question: tuple[int, int] | None = None  # seat, question to the bot worker
        self.live_asked_at = 0.0

    @classmethod
    def adopt(cls, session: GameSession) -> StupefixSession:
        """The same match, save file and seats as ``session`` (made by ``start_table``), with the live rules."""
        if isinstance(session, cls):
            return session
        adopted = cls(session.match, session.path)
        adopted.listeners = list(session.listeners)
        return adopted

    @property
    def phase(self) -> str:
        return self.match.state.phase

    def secret_choice(self) -> bool:
        """Whether the choice now is secret: the spell (phase 2), cast or Protego (phase 4), or the Stupéfix of a
        Cours Particuliers (whether one lies among the face-down cards only its taker may learn)."""
        state = self.match.state
        if state.phase in PRIVATE_PHASES:
            return True
        return state.phase == "draft" and bool(state.tasks) and state.tasks[-1].kind == "cours"

    def submit(self, command: Command) -> str | None:
        """A person's command. In the public phases any person whose seat may act; otherwise the seat on screen."""
        seat = command.seat
        if self.phase in PUBLIC_PHASES and not self.secret_choice() and 0 <= seat < len(self.match.seats):
            if not self.is_human(seat):
                return "That seat is played by a bot."
            if seat not in self.match.to_act():
                return "It is not your turn."
            return self._apply(command, by_bot=False)
        return super().submit(command)

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
