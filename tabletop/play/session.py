"""A game being played in the app: the match, who controls each seat, bots thinking off the main loop,
whose view the screen shows, and an autosave after every command.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import secrets
import sqlite3
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.bots import SEARCHING, bot_ids, make_bot
from tabletop.bots.random_bot import RandomBot
from tabletop.core.match import Match
from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.core.rng import Rng, sealed_seed
from tabletop.core.saves import (
    SaveError,
    SaveInfo,
    kept_save_info,
    list_saves,
    match_from_json,
    match_to_json,
    read_header,
    read_json,
    replayable_part,
    saved_time,
)
from tabletop.games import GAMES
from tabletop.i18n import N_, keep_as_typed
from tabletop.i18n import gettext as _
from tabletop.paths import user_saves_dir
from tabletop.play import autosave, bot_worker
from tabletop.play.history import History, Told, english, open_history
from tabletop.play.history import default_path as history_path
from tabletop.play.save_names import save_names

log = logging.getLogger(__name__)
AUTOSAVE_PREFIX = "autosave-"
KEEP_AUTOSAVES = 30
BOT_TIME_LIMIT = 15.0  # seconds a bot may think before its program is stopped and its move chosen for it
# Seconds between two bots' secret choices made at once (Stupéfix's spells, That's Wizard!'s cards), for bots that
# answer at once: the Settings delay each took lets a table follow a move it sees; seven in a row made a phase 5 s.
SECRET_DELAY = 0.15
BOT_STRIKES = 3  # failures in a row after which a seat's bot program is replaced for the rest of the game
# Why a bot's answer was not played: logged in English, translated in the notice shown at the table.
ANSWERED_FOR_ANOTHER = N_("it answered for another seat")
WRITTEN_ELSEWHERE = N_(
    "This game is open in another window too, and was saved there: your moves go on in a save of their own "
    "(Load lists both)."
)
REFUSED_MOVE = N_("it chose a move the rules refuse")
NO_ANSWER = N_("it gave no answer")
THOUGHT_TOO_LONG = N_("it thought for over {seconds} s")


@dataclass
class Applied:
    """One command the session applied, with its events, for the table to animate and log."""

    command: Command
    events: list[Event]
    by_bot: bool


def _not_holding() -> bool:
    return False


class GameSession:
    """Runs a Match for the app. The table asks it for the view to draw and gives it the people's commands."""

    def __init__(self, match: Match, path: Path | None = None) -> None:
        self.match = match
        self.game = match.game
        self.path = path or new_autosave_path(match.game.id)
        self.started_at = datetime.now(UTC).isoformat(timespec="seconds")  # a loaded game: when it first began
        self.guide_step: int | None = None  # a guided first game: its guide's step, kept in the save
        self.guide_unseen = 0  # and how many steps before it were done unseen (``Coach.passed_unseen``)
        self.recorded = match.result() is not None  # a game already over when opened is in the history
        for info in match.seats:
            if not info.is_human:
                make_bot(self.game, info.controller)  # an unknown bot is refused here, not in the worker
        keep_as_typed(*(info.name for info in match.seats))  # ("Ana de Armas" in French sentences as typed)
        self.thinking: tuple[int, int, int] | None = None  # seat, log length, question to the bot worker
        self.ready_at = 0.0
        self.listeners: list[Callable[[Applied], None]] = []
        humans = self.humans()
        self.viewer = humans[0] if humans else 0
        self.shown_to: int | None = None if len(humans) > 1 else self.viewer
        # While true, a screen with nothing to hide is not passed on yet: the last person's move is still shown
        # to them (the table's hand-over pause, ``GameTable.lingering``)
        self.holding_screen: Callable[[], bool] = _not_holding
        self.save_error: str | None = None
        self.notices: list[str] = []  # problems the table must tell the people: a bot that failed, a failed save
        self.closed = False
        self.bot_key = new_bot_key()  # keys the bots' seeds; never saved, never sent
        self.asked_at = 0.0
        self.strikes: dict[int, int] = {}  # failures in a row, per seat
        self.replaced: set[int] = set()  # seats whose bot program failed BOT_STRIKES times: Medium plays here
        # A game opened from a file it does not play on in (an example): its log then. Nothing is written until
        # the log differs, so opening an example and leaving adds no copy of it to the player's saves.
        self.unplayed: list[Command] | None = None
        self.unplayed_guide: int | None = None  # and the guide's step the file holds (``resumed_guide``)
        if path is not None:  # one's own save, opened to play on in: written again once something is played,
            # unless another window has written it since (the same save opened twice: ``SaveWriter.adopt``)
            autosave.writer().adopt(path)
            self.unplayed = list(match.log)
        self.local_turn: tuple[int, int] | None = None  # (seat, log length) a replaced bot is about to play
        self.recording: Future[str | None] | None = None  # the finished game being kept in the history
        self.kept: Future[str | None] | None = None  # the same, kept after its problem is told (``unsaved``)
        # the log's length after the last command a person gave at this screen, in this session (-1: none yet)
        self.moved_here = -1
        self.play_forced = False  # Settings' "Forced moves: Play them for me" (the table sets it each frame)
        self.forced: tuple[int, float, Command | None] = (-1, 0.0, None)  # log length, when due, the lone move
        # An Undo went back to the person's move: a forced one waits for them, until they move (not for the log's
        # length: a bot choosing at the same time changed it, and the move taken back was played for them again)
        self.forced_declined = False

    # --- seats ---------------------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [seat for seat, info in enumerate(self.match.seats) if info.is_human]

    def is_human(self, seat: int) -> bool:
        return self.match.seats[seat].is_human

    def name(self, seat: int) -> str:
        """One seat's name as the screens show it (asked for at every frame: the other seats' are not made)."""
        return self.game.shown_name(self.match.options, seat, seat_name(self.match.seats[seat].name, seat))

    def controllers(self) -> list[str]:
        """Who plays each seat: "human", or a bot's id ("easy", "hard", ...)."""
        return [info.controller for info in self.match.seats]

    def names(self) -> list[str]:
        """Every seat's name as the screens show it (``Game.shown_names``)."""
        named = [seat_name(info.name, seat) for seat, info in enumerate(self.match.seats)]
        return self.game.shown_names(self.match.options, named)

    def acting_human(self) -> int | None:
        """The person who must act now (one at a time, even when the rules let several act at once); of a choice the
        seats to act make between them, the person at the screen when they are one of them (two allies: the screen
        went to the lower seat though the other held it, a privacy screen for nothing)."""
        acting = self.match.to_act()
        holder = self.shown_to
        if holder in acting and self.is_human(holder) and self.game.shared_choice(self.match.state):
            return holder
        for seat in acting:
            if self.is_human(seat):
                return seat
        return None

    def needs_handover(self) -> int | None:
        """The seat to pass the screen to, when a different person must act and the table hides things."""
        seat = self.acting_human()
        if seat is None or seat == self.shown_to:
            return None
        if self.shown_to is None:
            return seat
        secrets = self.game.has_secrets
        if secrets(self.match.state, self.shown_to) or secrets(self.match.state, seat):
            return seat
        if not self.holding_screen():  # (the last move still shown: it passes on after, as with a cover)
            self.hand_over(seat)  # nothing on the table to hide from either of them: no privacy screen needed
        return None

    def put_down(self) -> None:
        """The screen lies before everyone (a round revealed to the whole table): whoever acts next, the person
        who had it too, takes it through the privacy screen."""
        if len(self.humans()) > 1:
            self.shown_to = None

    def hand_over(self, seat: int) -> None:
        """The privacy screen was tapped: the screen now shows ``seat``'s view."""
        self.viewer = seat
        self.shown_to = seat

    def view(self) -> Any:
        """The view of the seat on screen (each table knows its own game's View class)."""
        return self.game.view(self.match.state, self.viewer)

    # --- commands ------------------------------------------------------------------------------------
    def submit(self, command: Command) -> str | None:
        """Apply a person's command; returns the reason when the rules refuse it (nothing changes then).

        One person at a time gives commands, the one on screen; but where the game says the seats to act
        choose in the open (``in_public``), any person whose seat may act does, each with their own finger."""
        seat = command.seat
        if self.game.in_public(self.match.state) and isinstance(seat, int) and 0 <= seat < len(self.match.seats):
            if not self.is_human(seat):
                return _("That seat is played by a bot.")
            if seat not in self.match.to_act():
                return _("It is not your turn.")
            return self._apply(command, by_bot=False)
        if command.seat != self.viewer or not self.is_human(command.seat):
            return _("It is not your turn.")
        return self._apply(command, by_bot=False)

    def _apply(self, command: Command, by_bot: bool) -> str | None:
        try:
            events = self.match.apply(command)
        except IllegalCommand as exc:
            return exc.reason
        if not by_bot:
            self.moved_here = len(self.match.log)
            self.forced_declined = False
        self.autosave()
        if self.match.result() is not None and not self.recorded:
            self.recorded = True
            self.keep_in_history()
        applied = Applied(command, events, by_bot)
        for listener in self.listeners:
            listener(applied)
        return None

    def keep_in_history(self) -> None:
        """The game is over: keep it in the history, off the main loop (a failure is told, never raised)."""
        match = self.match
        finished = Match(match.game, list(match.seats), dict(match.options), match.seed, match.start)
        finished.state, finished.log, finished.history = match.state, list(match.log), list(match.history)
        self.recording = self.kept = recorder().record(finished, self.started_at)

    def can_undo(self) -> bool:
        """The viewer's last move can be taken back, also while a bot thinks over its answer: at once, its question
        is forgotten (a slip of the finger can be taken back before the bots answer, during their Settings
        delay). Never once a bot has answered: that answer shows what it chose."""
        return self.is_human(self.viewer) and self.match.can_undo(self.viewer)

    def undo(self) -> Command | None:
        if not self.can_undo():
            return None
        if self.thinking is not None:
            self.thinking = None
            bot_worker.worker().cancel()
        command = self.match.undo(self.viewer)
        self.taken_back()
        self.autosave()
        return command

    def taken_back(self) -> None:
        """After an Undo: the position gone back to leaves its forced move to the person, and what was worked out
        of the log's length no longer holds (the same length comes back with another position)."""
        self.forced_declined = True
        self.forced_later()

    def forced_later(self) -> None:
        """What was worked out of the position is forgotten: a forced move waits its whole pause again from the next
        frame the table asks (the table was out of sight meanwhile: the pause, the Rules, the log, a replay)."""
        self.forced = (-1, 0.0, None)

    def forced_move(self, now: float, pause: float) -> Command | None:
        """The command to play for the person alone at the table when it is the only one the rules leave them, once
        it has been theirs for ``pause`` seconds (None otherwise), with Settings' "Play them for me" on.

        Only with one person: among people, a move played at once would tell the others that it was forced (and
        their privacy screens come between). Never in a guided game (``guide_step``: the guide asks for each
        move), nor at a position an Undo went back to: the person took that move back to see it again."""
        command, due = self._forced(now, pause)
        return command if now >= due else None

    def forced_coming(self, now: float, pause: float) -> bool:
        """Whether the person's move is one ``forced_move`` will play for them (the bell for their turn is not
        rung for it: it rang, and a second later the move was made without them)."""
        return self._forced(now, pause)[0] is not None

    def _forced(self, now: float, pause: float) -> tuple[Command | None, float]:
        """The move to play for the person (see ``forced_move``) and when, worked out once for each position."""
        if not self.play_forced:
            return None, 0.0
        humans = self.humans()
        if len(humans) != 1 or self.guide_step is not None or self.match.result() is not None:
            return None, 0.0
        seat, length = humans[0], len(self.match.log)
        if seat != self.viewer or seat not in self.match.to_act() or self.forced_declined:
            return None, 0.0
        if self.forced[0] != length:  # the game moved: is the person's move forced now?
            legal = self.game.legal(self.match.state, seat)
            self.forced = (length, now + pause, legal[0] if len(legal) == 1 else None)
        _length, due, command = self.forced
        return command, due

    # --- bots ------------------------------------------------------------------------------------------
    def bot_seed(self, seat: int) -> int:
        """The seed a bot gets for one question: keyed by this session's own secret, so it tells nothing of the
        game's seed (from which every hidden card could be dealt again)."""
        return sealed_seed(self.bot_key, seat, len(self.match.log))

    def table_seed(self) -> int:
        """A seed for what the table itself draws at random where the players see it (when Stupéfix's bots point in
        the count), keyed as the bots' are: never the game's seed."""
        return sealed_seed(self.bot_key, -1, len(self.match.log))

    def update_bots(self, now: float, delay: float) -> None:
        """Ask a bot when it is a bot's turn; apply its move once it has answered and its delay has passed."""
        if self.closed or self.match.result() is not None:
            return
        if self.thinking is not None:
            self._collect_answer(now)
            return
        acting = self.match.to_act()
        seat = self.bot_to_ask(acting)
        if seat is None:
            return
        if not self.answers_at_once(seat):
            # A searching bot answers never sooner than its search takes: a forced choice's quick answer (no
            # Stupéfix left to prepare, one card it can play) told what thinking would have hidden.
            delay = max(delay, self.game.search.hard_budget)
        elif len(acting) > 1 and not self.game.shared_choice(self.match.state):
            # choices made at once, in secret: each only turns a tag "ready"
            delay = min(delay, SECRET_DELAY)
        if seat in self.replaced:
            self._play_locally(seat, now, delay)
            return
        view = self.game.view(self.match.state, seat)
        request = bot_worker.worker().ask(self.game.id, self.match.seats[seat].controller, view, self.bot_seed(seat))
        self.thinking = (seat, len(self.match.log), request)
        self.asked_at = now
        self.ready_at = now + delay

    def bot_to_ask(self, acting: tuple[int, ...]) -> int | None:
        """The first bot among the seats to act; none when they make one choice between them and a person is among
        them (That's Wizard!'s allies on one Spell Power: the person chooses, not their bot ally)."""
        bots = [seat for seat in acting if not self.is_human(seat)]
        if not bots or (len(bots) < len(acting) and self.game.shared_choice(self.match.state)):
            return None
        return bots[0]

    def answers_at_once(self, seat: int) -> bool:
        """Whether the bot of ``seat`` answers at once whatever its choice, so a short delay tells nothing (a searching
        bot answers a forced move at once and thinks over the others: at 0.15 s, a Hard bot's quick "ready" told
        a table it held no Stupéfix)."""
        return self.match.seats[seat].controller not in SEARCHING

    def _collect_answer(self, now: float) -> None:
        assert self.thinking is not None
        seat, length, request = self.thinking
        bots = bot_worker.worker()
        if length != len(self.match.log):
            self.thinking = None  # the game moved on (an undo): forget this question
            bots.cancel()
            return
        if now < self.ready_at:
            return
        ready, command, error = bots.answer(request)
        if not ready:
            if now - self.asked_at > BOT_TIME_LIMIT:
                self.thinking = None
                bots.cancel()  # the program is stopped and started afresh for the next question
                self.apply_bot_answer(seat, None, Told(THOUGHT_TOO_LONG, seconds=f"{BOT_TIME_LIMIT:.0f}"))
            return
        self.thinking = None
        self.apply_bot_answer(seat, command, error)

    def _play_locally(self, seat: int, now: float, delay: float) -> None:
        """A seat whose bot program was replaced: the Medium heuristic plays here, after the usual delay."""
        key = (seat, len(self.match.log))
        if self.local_turn != key:
            self.local_turn = key
            self.ready_at = now + delay
            return
        if now >= self.ready_at:
            self.local_turn = None
            self._apply(self.medium_move(seat), by_bot=True)

    def apply_bot_answer(self, seat: int, command: Command | None, error: str | None) -> None:
        """Play what the bot of ``seat`` answered; a bot that failed is reported loudly, never papered over."""
        if command is not None and command not in self.game.legal(self.match.state, seat):
            error = Told(ANSWERED_FOR_ANOTHER if command.seat != seat else REFUSED_MOVE)
            command = None
        if command is None:
            command = self.bot_failed(seat, error or Told(NO_ANSWER))
        else:
            self.strikes[seat] = 0
        reason = self._apply(command, by_bot=True)
        if reason:  # cannot happen: the command was checked against the legal ones just above
            raise RuntimeError(f"a legal command was refused: {reason}")

    def bot_failed(self, seat: int, error: str) -> Command:
        """A bot could not answer: log it as an error, tell the people at the table, and play the game's own
        heuristic (the Medium bot) for that one move, here, on the seat's own view. A bot that fails
        BOT_STRIKES times in a row is replaced by that heuristic for the rest of the game."""
        log.error("the bot for seat %s (%s) failed: %s", seat, self.match.seats[seat].controller, english(error))
        reason = str(error)  # in the language shown (the bot program's own reasons are in English)
        self.strikes[seat] = self.strikes.get(seat, 0) + 1
        if self.strikes[seat] >= BOT_STRIKES and seat not in self.replaced:
            self.replaced.add(seat)
            line = _(
                "{name}'s bot failed {count} times in a row ({reason}); the Medium bot plays that seat from now on."
            )
            self.notices.append(line.format(name=self.name(seat), count=BOT_STRIKES, reason=reason))
        else:
            line = _("{name}'s bot could not answer ({reason}); it played a Medium move instead.")
            self.notices.append(line.format(name=self.name(seat), reason=reason))
        return self.medium_move(seat)

    def medium_move(self, seat: int) -> Command:
        """The Medium heuristic's move on ``seat``'s view. Should the heuristic itself fail (a bug of ours: it runs
        here, in the app, where it raised out of the frame loop and closed the window), a legal move drawn at
        random, said at the table."""
        view = self.game.view(self.match.state, seat)
        rng = Rng.from_seed(self.bot_seed(seat))
        try:
            return make_bot(self.game, "medium").choose(view, rng)
        except Exception as exc:
            log.exception("the Medium bot failed for seat %s", seat)
            line = _("{name}'s Medium bot failed too ({reason}); a move was drawn at random for it.")
            # (its kind only: the words of a bug met on the seat's view may name one of its secrets; the log has them)
            self.notices.append(line.format(name=self.name(seat), reason=type(exc).__name__))
            return RandomBot().choose(view, rng)

    @property
    def bot_thinking(self) -> int | None:
        return self.thinking[0] if self.thinking else None

    # --- saving ----------------------------------------------------------------------------------------
    def autosave(self) -> None:
        """Hand the save to the background writer: the frame loop never waits on the disk."""
        if self.unplayed is not None:
            if self.match.log == self.unplayed and self.guide_step == self.unplayed_guide:
                return  # (what the file holds: a guide's step moved on, Got it or Skip guide, is written)
            self.unplayed = None
        if self.match.broken:  # (a position its log does not make: the last save stands)
            log.warning("%s is not saved again: the rules failed on its log", self.path.name)
            return
        data = match_to_json(
            self.match, started_at=self.started_at, guide_step=self.guide_step, guide_unseen=self.guide_unseen
        )
        autosave.writer().write(self.path, data)

    def resumed_guide(self, step: int) -> None:
        """A guided game opened again at ``step`` of its guide (the step its file holds)."""
        self.guide_step = self.unplayed_guide = step

    def take_moved_elsewhere(self) -> bool:
        """Whether this game went on in a save of its own and nobody was told yet (the notice waits unshown, and is
        taken here: Save and leave says it in a box)."""
        told = _(WRITTEN_ELSEWHERE)
        if told not in self.notices:
            return False
        self.notices.remove(told)
        return True

    def take_notices(self) -> list[str]:
        """What the table must tell the people now (and forget): failed bots, saves that could not be written, a
        game the history could not keep."""
        if self.recording is not None and self.recording.done():
            problem, self.recording = self.recording.result(), None
            if problem:
                log.warning("history: %s", english(problem))
                self.notices.append(problem)
        self._go_on_elsewhere_if_written_elsewhere()
        for path, reason in autosave.writer().take_failures():
            if path == self.path and self.save_error is None:
                self.notices.append(_("Could not save the game ({reason}); play goes on.").format(reason=reason))
                self.save_error = reason
        notices, self.notices = self.notices, []
        return notices

    def unsaved(self, timeout: float = 5.0) -> str | None:
        """Why this game would be lost if the app closed now, or None: its save is written now and waited for.
        Play goes on after a failed save (a read-only folder, a full disk), so a window closed later took the game
        with it, told only once, long before. A finished game is safe in the history, or in its save (kept in the
        history at the next start); on a full disk it was in neither, and its save held a move long past, offered
        later as a game in progress (a review)."""
        if not (self.match.log or self.match.start is not None):
            return None
        if self.match.result() is not None and self.history_kept(timeout):
            return None
        self.autosave()
        writer = autosave.writer()
        if not writer.flush(timeout):  # (a disk that does not answer: closing would wait, then lose the moves)
            return _("the save is still being written after {seconds} seconds").format(seconds=round(timeout))
        if self._go_on_elsewhere_if_written_elsewhere() and not writer.flush(timeout):
            return _("the save is still being written after {seconds} seconds").format(seconds=round(timeout))
        return writer.outcome(self.path)

    def history_kept(self, timeout: float) -> bool:
        """Whether this finished game is in the history: kept at its end without a problem, or already over when
        it was opened (a game opened finished was kept when it ended)."""
        if self.kept is None:
            return self.recorded
        try:
            return not self.kept.result(timeout)
        except TimeoutError:  # (a database that does not answer: the save decides)
            return False

    def _go_on_elsewhere_if_written_elsewhere(self) -> bool:
        """When another window playing the same save wrote it first, this game goes on in a save of its own (both
        games are kept, and Load lists both); True if it moved."""
        if not autosave.writer().changed_elsewhere(self.path):
            return False
        self.path = new_autosave_path(self.game.id)
        self.notices.append(_(WRITTEN_ELSEWHERE))
        self.autosave()
        return True

    def close(self) -> None:
        """Stop any bot (its answer is dropped) and keep the game on disk."""
        self.closed = True
        if self.thinking is not None:
            bot_worker.worker().cancel()
        self.thinking = None
        if self.match.log or self.match.start is not None:
            self.autosave()


def bug_reason(exc: BaseException) -> str:
    """A bug of ours in a line for the people: the exception as Python names it ("KeyError: 'house'")."""
    return f"{type(exc).__name__}: {exc}"


def seat_name(name: str, seat: int) -> str:
    """A seat's name, or "Seat 2" for one with none: the setup never writes a blank name, but a save edited by hand
    may hold one, and the screen handed to "Pass to" nobody."""
    return name if name.strip() else _("Seat {number}").format(number=seat + 1)


def new_bot_key() -> bytes:
    """A fresh secret for a session's bot seeds, from the OS (tests fix it, so their bots play the same)."""
    return secrets.token_bytes(16)


def new_autosave_path(game_id: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return user_saves_dir() / f"{AUTOSAVE_PREFIX}{game_id}-{stamp}.json"


def prune_autosaves(keep: int = KEEP_AUTOSAVES) -> None:
    """Keep the newest ``keep`` finished autosaves; a game still in progress is never deleted."""
    named = save_names()  # a save someone named is kept
    finished = [
        info.path
        for info in saved_games(user_saves_dir())
        if info.path.name.startswith(AUTOSAVE_PREFIX)
        and info.error is None
        and info.finished
        and info.path.name not in named
    ]
    for old in finished[keep:]:  # saved_games lists the newest first
        with contextlib.suppress(OSError):
            old.unlink()


def drop_unstarted_autosaves(game_id: str, keeping: Path) -> None:
    """Delete the autosaves of ``game_id`` in which no person has moved yet (a game begun and left at once; its
    bots may have played their first moves), but ``keeping``, the new game that replaces them: each time a game
    was begun again, Load showed one more row of it, all alike (That's Wizard!'s bot chooses its side board within
    a second: every match left so stayed). A save someone named is kept, as is a guided game whose guide was moved
    on; the header's count of moves is checked against the file whole."""
    if not autosave.writer().flush(5.0):
        return  # (a save of this window's still being written is read as it ends up, not before: another time)
    named = save_names()
    for info in saved_games(user_saves_dir()):
        if (
            info.game_id == game_id
            and info.moves is not None
            and info.moves <= UNSTARTED_MOVES
            and len(info.bots) < info.players
            and not info.finished
            and info.path != keeping
            and info.path.name.startswith(AUTOSAVE_PREFIX)
            and info.path.name not in named
        ):
            with contextlib.suppress(OSError, SaveError):
                data = read_json(info.path)
                if isinstance(data, dict) and _bots_alone_moved(data, info.bots) and not data.get("guide_step"):
                    info.path.unlink()


UNSTARTED_MOVES = 40  # the bots' moves before a person's first, at most (past that a save is not looked into)


def _bots_alone_moved(data: dict[str, Any], bots: tuple[int, ...]) -> bool:
    """Whether every move of a save's log was a bot's (none at all: true)."""
    log = data.get("log")
    return isinstance(log, list) and all(isinstance(move, dict) and move.get("seat") in bots for move in log)


def seat_controllers(game: Game) -> list[str]:
    """Who may play a seat of ``game`` in a save: a person, or one of its bots."""
    return ["human", *bot_ids(game)]


def saved_games(folder: Path) -> list[SaveInfo]:
    """The saves in ``folder`` as the Load list shows them (a seat played by an unknown bot is an error)."""
    return list_saves(folder, GAMES, seat_controllers)


def latest_autosave() -> SaveInfo | None:
    """The newest game in progress that can be resumed (not one that failed to open as it is now: its opening
    lines read well, its end was cut off, and Continue offered it again after every failure). The autosaves'
    headers are read as they are, newest first, and checked whole only down to the first that can be resumed:
    checking every save imported every game's rules before the menu's first frame (0.35-0.6 s for a returning
    player with saves of all four games: the late-game review)."""
    for path, stat, _header in autosave_headers(finished=False):
        info = kept_save_info(path, stat, GAMES, seat_controllers)
        if info.error is None and not info.finished and _UNOPENED.get(path) != _stamp(path):
            return info
    return None


def autosave_headers(finished: bool) -> list[tuple[Path, os.stat_result, Any]]:
    """The autosaves whose header does not say otherwise than ``finished`` (an unreadable one is kept: checked
    whole, it says why), newest first by the time they say they were saved; their headers read as plain JSON,
    no game's rules needed."""
    try:
        entries = [e for e in os.scandir(user_saves_dir()) if e.name.startswith(AUTOSAVE_PREFIX)]
    except OSError:
        return []
    found: list[tuple[tuple[float, float], Path, os.stat_result, Any]] = []
    for entry in entries:
        if not entry.name.endswith(".json"):
            continue
        path = Path(entry.path)
        try:
            stat = entry.stat(follow_symlinks=False)
            header = read_header(path)
        except (OSError, SaveError):
            continue
        if isinstance(header, dict) and (header.get("finished") is True) != finished:
            continue
        said = header.get("saved_at") if isinstance(header, dict) else None
        when = saved_time(said if isinstance(said, str) else "", stat.st_mtime)
        found.append(((when, stat.st_mtime), path, stat, header))
    found.sort(key=lambda item: item[0], reverse=True)
    return [(path, stat, header) for _, path, stat, header in found]


def failed_to_open(path: Path) -> None:
    """``path`` could not be opened: ``latest_autosave`` passes it by until the file changes."""
    _UNOPENED[path] = _stamp(path)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


_UNOPENED: dict[Path, tuple[int, int] | None] = {}


def open_saved(path: Path, games: Mapping[str, Game] = GAMES) -> tuple[Match, Path | None, str]:
    """A save read for play, the file its play goes on in (the same one for the player's own saves, a new
    autosave, None, for the examples shipped with the app, which are never overwritten) and when the game began.
    Raises SaveError. (``games``: the games to replay it with; ``tabletop.play.loading`` counts their moves.)"""
    data = read_json(path)
    match = match_from_json(path, data, games, seat_controllers)
    started = data.get("started_at", "") if isinstance(data, dict) else ""
    own = path.resolve().parent == user_saves_dir().resolve()  # (however the path was written: a relative one too)
    return match, (path.resolve() if own else None), started if isinstance(started, str) else ""


def open_saved_part(path: Path, games: Mapping[str, Game] = GAMES) -> tuple[Match, int, str]:
    """A save that cannot be opened whole as far as its moves replay (``replayable_part``), to play on in a new
    file (the file itself is kept as it is), how many moves are left out, and when the game began. Raises
    SaveError."""
    match, left_out = replayable_part(path, games, seat_controllers)
    header = read_header(path)
    started = header.get("started_at", "") if isinstance(header, dict) else ""
    return match, left_out, started if isinstance(started, str) else ""


def history_db() -> tuple[History | None, str | None]:
    """The history of finished games in the user data directory, opened once per folder; when it cannot be
    used, None and the one line that says why (said once)."""
    path = history_path()
    known = _HISTORIES.get(path)
    if known is not None and known[0] is not None and known[0].gone():
        # Removed while the app ran: a new one, said. The old connection is left open, not closed: a screen that
        # holds it (the History under the Statistics, say) reads on from it until it is made again, and a closed one
        # raised at its next read (it is closed when the last screen lets it go).
        history, problem = _HISTORIES[path] = open_history(path)
        return history, problem or Told(N_("The game history file was removed; a new one was begun."))
    if known is None:
        _HISTORIES[path] = open_history(path)
        return _HISTORIES[path]
    return known[0], None


_HISTORIES: dict[Path, tuple[History | None, str | None]] = {}


class Recorder:
    """Keeps finished games in the history from a thread of its own, with its own connection to the database:
    the frame that applies a game's last move never waits for SQLite. Games are kept in the order given."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history")
        self._histories: dict[Path, History | None] = {}  # (used by the recorder's thread only)
        self._last: Future[str | None] | None = None  # the work given last: done, all before it is (one thread)

    def record(self, match: Match, started_at: str) -> Future[str | None]:
        """Keep ``match`` (finished; no one changes it afterwards); the future holds the problem, if any."""
        self._last = self._pool.submit(self._record, history_path(), match, started_at)
        return self._last

    def keep_finished_autosaves(self) -> Future[str | None]:
        """``keep_finished_autosaves`` on the recorder's thread (at the app's start, which then never waits for
        the database's check); the future holds what the people should be told, if anything."""
        self._last = self._pool.submit(self._keep_autosaves, history_path())
        return self._last

    def _keep_autosaves(self, path: Path) -> str | None:
        try:
            history, problem = self._history(path)
            if history is not None:
                problem = keep_finished_autosaves(history) or problem
        except Exception:  # a bug of ours: the app's start goes on (it raised at the menu's first frames)
            log.exception("keeping the finished autosaves in the history")
            return None
        return problem

    def _history(self, path: Path) -> tuple[History | None, str | None]:
        """The recorder's own connection to the history at ``path`` (opened once), and the problem said then."""
        problem = None
        known = self._histories.get(path)
        if known is not None and known.gone():
            known.close()
            del self._histories[path]  # (removed while the app ran: the game goes into a new one)
        if path not in self._histories:
            self._histories[path], problem = open_history(path)
        return self._histories[path], problem

    def _record(self, path: Path, match: Match, started_at: str) -> str | None:
        history, problem = self._history(path)
        if history is None:
            return problem or Told(N_("The game could not be kept: the game history cannot be used."))
        try:
            history.record(match, started_at)
        except sqlite3.Error as exc:
            return Told(N_("The game could not be kept in the history ({reason})."), reason=exc)
        except Exception as exc:  # a bug of ours (a game's statistics, say): told, never raised at the table
            log.exception("keeping a game of %s in the history", match.game.id)
            return Told(N_("The game could not be kept in the history ({reason})."), reason=bug_reason(exc))
        return problem

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every game given is kept; False if ``timeout`` seconds passed first. The work given last
        is waited for (its one thread does it after all the work before it): nothing is handed to the thread, which
        is not woken for nothing (the tests flush after every few frames: a round trip to the thread each time)."""
        last = self._last
        return last is None or bool(wait([last], timeout).done)


_recorder: Recorder | None = None


def recorder() -> Recorder:
    """The app's one history recorder (flushed when the program ends, short of a kill)."""
    global _recorder
    if _recorder is None:
        _recorder = Recorder()
        atexit.register(_recorder.flush, 10.0)
    return _recorder


def keep_finished_autosaves(history: History | None = None) -> str | None:
    """Keep in the history (``history``, or this thread's: ``history_db``) every finished game among the
    autosaves (one the app was closed or killed on just after its last move); a file already seen as it is now
    is not read again. Returns what the people should be told about the history (it was damaged and set aside,
    say), if anything."""
    problem = None
    if history is None:
        history, problem = history_db()
    folder = user_saves_dir()
    if history is None or not folder.is_dir():
        return problem
    now = datetime.now(UTC).timestamp()
    for path, stat, _header in autosave_headers(finished=True):  # (only these checked whole: see latest_autosave)
        info = kept_save_info(path, stat, GAMES, seat_controllers)
        if info.error is None and info.finished:
            # It ended when its last move was saved (kept at a later start, it read as played that day, and came
            # first in "newest first"): in UTC like the rest, as the list is in the order of these texts.
            ended = datetime.fromtimestamp(min(now, saved_time(info.saved_at, now)), UTC)
            try:
                history.record_file(info.path, _finished_game, ended.isoformat(timespec="seconds"))
            except sqlite3.OperationalError:
                break  # locked by another program, or the disk is full: each file would wait as long again
            except (SaveError, sqlite3.Error):
                continue
            except Exception:  # a bug of ours: this file is passed by (it was raised at every start, before the menu)
                log.exception("keeping %s in the history", info.path.name)
                continue
    return problem


def _finished_game(path: Path) -> tuple[Match, str]:
    match, _keep, started_at = open_saved(path)
    return match, started_at


def new_session(match: Match, path: Path | None, session_type: type[GameSession], copy: bool = False) -> GameSession:
    """A session for ``match``; a new game (no file yet) is saved at once and old finished autosaves pruned. A
    ``copy`` (a game opened from an example) is written only once something is played in it."""
    session = session_type(match, path)
    if copy:
        session.unplayed = list(match.log)
    if path is None:
        session.autosave()
        prune_autosaves()
        drop_unstarted_autosaves(match.game.id, session.path)
    return session
