"""Watching a game again: the match at any step of its log, shown on the game's own table.

A save is a seed plus a command log, so every step of a game can be rebuilt. ``Replay`` plays the log once,
keeping a copy of the state every ``CHECKPOINT`` commands, the events of every command and where each round (or
year) begins: going to any step then costs at most ``CHECKPOINT`` commands. ``Watching`` makes a game's session
one in which nobody plays: no person's command is taken, no bot is asked, nothing is saved or recorded.

What a replay shows: while the game is unfinished, only what one person saw (the views of the seats people
played, one at a time); once it is over, any seat's view, or every card open: each seat's secrets (``Game.secrets``
of its own view) listed together beside one seat's table.
"""

from __future__ import annotations

import copy
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.codec import from_json, to_json
from tabletop.core.match import Match
from tabletop.core.protocol import Command, Game, Result
from tabletop.core.rng import Rng
from tabletop.core.saves import SaveError, match_from_json
from tabletop.games import GAMES
from tabletop.i18n import N_, Phrase
from tabletop.i18n import gettext as _
from tabletop.play.history import History
from tabletop.play.session import Applied, GameSession, history_db, seat_controllers

CHECKPOINT = 32  # commands between two kept states


@dataclass(frozen=True)
class Mark:
    """Where a new chapter of the game begins (a round, a year: ``Game.chapter``): the timeline's ticks."""

    step: int
    label: Phrase  # put into words when shown


class Replay:
    """Every step of one game, from its complete match (as loaded from a save or the history)."""

    def __init__(self, match: Match, only_seat: int | None = None, example: bool = False) -> None:
        """``only_seat``: the one seat whose view it may show (a game in progress watched again from its table:
        the person at the screen, who may not choose another person's view of the round being played);
        ``example``: one of the examples that come with the app (``may_watch``)."""
        self.only_seat = only_seat
        self.example = example
        self.game = match.game
        self.seats = list(match.seats)
        self.options = dict(match.options)
        self.seed = match.seed
        self.start = match.start
        self.log: list[Command] = list(match.log)
        self.finished = match.result() is not None
        replayed = Match(self.game, list(self.seats), dict(self.options), self.seed, self.start)
        chapter = self.game.chapter or self.game.progress
        self.checkpoints: dict[int, Any] = {0: copy.deepcopy(replayed.state)}
        self.marks = [Mark(0, chapter(replayed.state))]
        for step, command in enumerate(self.log, 1):
            replayed.apply(command)
            label = chapter(replayed.state)
            if label != self.marks[-1].label:
                self.marks.append(Mark(step, label))
            if step % CHECKPOINT == 0:
                self.checkpoints[step] = copy.deepcopy(replayed.state)
        self.history = replayed.history

    @property
    def length(self) -> int:
        return len(self.log)

    def match_at(self, step: int) -> Match:
        """The match as it stood after ``step`` commands (0: the start)."""
        step = max(0, min(step, self.length))
        base = step - step % CHECKPOINT
        state = copy.deepcopy(self.checkpoints[base])
        for command in self.log[base:step]:
            self.game.apply(state, command)
        return Match(
            self.game,
            list(self.seats),
            dict(self.options),
            self.seed,
            self.start,
            state=state,
            log=self.log[:step],
            history=self.history[:step],
        )

    def mark_at(self, step: int) -> Mark:
        """The round (or year) ``step`` falls in."""
        return next(mark for mark in reversed(self.marks) if mark.step <= step)

    def watchable_seats(self) -> list[int]:
        """The seats whose view may be shown: ``only_seat`` when it is given (the person at a shared table);
        else any once the game is over, or when bots played every seat (nobody's secret to keep); before the end
        the one person's against bots, and none when several people play (``may_watch``)."""
        if self.only_seat is not None:
            return [self.only_seat]
        people = [seat for seat, info in enumerate(self.seats) if info.is_human]
        if self.finished or not people:
            return list(range(len(self.seats)))
        return people if may_watch(self.finished, len(people), self.example) else []

    def play_on_refusal(self, step: int) -> str | None:
        """Why nobody may play on from ``step`` as a new game (None: they may). Not at a game's end, not when bots
        played every seat (nobody to play on), nor from a game several people play at its table (a replay there
        shows one of them their own view: a new game from it would be a second game of theirs, begun by one)."""
        if self.finished and step >= self.length:
            return _("The game ends here: there is nothing left to play.")
        if not any(info.is_human for info in self.seats):
            return _("Bots played every seat of this game: there is nobody to play on.")
        if self.only_seat is not None:
            return _("Several people are playing this game at its table: play on there.")
        return None

    @property
    def open_hands_offered(self) -> bool:
        """Whether "every card open" may be chosen: only once the game is over, and when it has secrets."""
        return self.finished and self.game.secrets is not None

    def open_hands(self, state: Any) -> list[tuple[str, list[str]]]:
        """Every seat's name and secrets at ``state`` (one of this replay's steps); refused before the game's
        end, when a replay shows only what each person saw."""
        if not self.open_hands_offered:
            raise ValueError("every card open is shown only once the game is over")
        lines = secrets_of_every_seat(self.game, state, len(self.seats))
        names = self.game.shown_names(self.options, [info.name for info in self.seats])
        return list(zip(names, lines, strict=True))


WATCH_REFUSED = N_(
    "Several people are still playing this game: it can be watched once it is over (before, it would show "
    "one of them another's secrets)."
)


def dealt_again(match: Match, seat: int, seed: int) -> Match:
    """A new game from ``match`` as it stands, as the person at ``seat`` knows it, with all they could not see dealt
    again from ``seed`` (``Game.sample`` of their view: the decks' order, the others' hands, choices made in
    secret): Play from here with the cards to come unknown, where the replay, watched on to the end, had shown
    every one of them. It starts from that position (``Match.start``), its log empty."""
    game = match.game
    state = game.sample(game.view(match.state, seat), Rng.from_seed(seed))
    return Match(game, list(match.seats), dict(match.options), seed, to_json(state))


def may_watch(finished: bool, people: int, example: bool = False) -> bool:
    """Whether a game may be watched from outside its table (Load): once it is over, while it goes on when one
    person plays it, and an ``example`` that comes with the app (nobody's secrets). With several people each
    one's view holds secrets the others may not see (a hand, a token, a card chosen for the round in play), and
    whoever opened the replay may be any of them; at the table, each watches only their own (``only_seat``)."""
    return finished or people <= 1 or example


def secrets_of_every_seat(game: Game[Any, Any], state: Any, seats: int) -> list[list[str]]:
    """Each of the ``seats`` seats' secrets at ``state``, as ``game.secrets`` reads them from that seat's own view
    (no lines for a game without secrets)."""
    secrets = game.secrets
    if secrets is None:
        return [[] for _ in range(seats)]
    return [secrets(game.view(state, seat)) for seat in range(seats)]


class Watching(GameSession):
    """A session that shows a replay: the table draws it as usual, and nobody plays.

    Combined with a game's own session class (``watching_session``), so a table that needs more of its session
    (Stupéfix's live pointing) gets it; ``closed`` keeps every bot, the live ones too, from being asked."""

    def __init__(self, replay: Replay, seat: int) -> None:
        super().__init__(replay.match_at(0), path=None)
        self.replay = replay
        self.step = 0
        self.closed = True  # no bot is ever asked
        self.recorded = True  # a replay is never kept in the history again
        self.viewer = seat
        # Before the end, with several people at the screen, whoever opened the replay is not yet known to be the
        # one whose view it shows: the table stays covered until the privacy screen is tapped.
        self.shown_to = None if self.needs_privacy(seat) else seat

    # --- nobody plays ------------------------------------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        """No seat plays in a replay (``humans()`` still names the people, for the labels)."""
        return False

    def submit(self, command: Command) -> str | None:
        return "This is a replay: moves cannot be made here."

    def can_undo(self) -> bool:
        return False

    def autosave(self) -> None:
        """A replay writes nothing."""

    def close(self) -> None:
        """Nothing to stop or keep."""

    # --- moving through the game ---------------------------------------------------------------------------
    def seek(self, step: int) -> None:
        """Show the game after ``step`` commands (the table redraws it as it lies, nothing animated)."""
        self.step = max(0, min(step, self.replay.length))
        self.match = self.replay.match_at(self.step)

    def forward(self) -> bool:
        """Play the next command as it was played (the table animates it); False at the end."""
        if self.step >= self.replay.length:
            return False
        command = self.replay.log[self.step]
        events = self.match.apply(command)
        self.step += 1
        applied = Applied(command, events, by_bot=True)
        for listener in self.listeners:
            listener(applied)
        return True

    def watch(self, seat: int) -> None:
        """Show ``seat``'s view (one of ``replay.watchable_seats()``)."""
        if seat not in self.replay.watchable_seats():
            raise ValueError(f"seat {seat} may not be watched in this replay")
        self.viewer = seat
        self.shown_to = seat

    def open_hands(self) -> list[tuple[str, list[str]]]:
        """Every seat's name and secrets at the step shown (only once the game is over: ``Replay.open_hands``)."""
        return self.replay.open_hands(self.match.state)

    def needs_privacy(self, seat: int) -> bool:
        """Whether showing ``seat`` needs the screen passed (the game is unfinished and other people's secrets
        were on the table)."""
        return not self.replay.finished and len(self.humans()) > 1 and seat != self.shown_to


_WATCHING: dict[type[GameSession], type[Watching]] = {}


def watching_session(replay: Replay, session_type: type[GameSession], seat: int | None = None) -> Watching:
    """A session showing ``replay`` to ``seat`` (default: the first seat that may be watched), of the game's own
    session class."""
    seats = replay.watchable_seats()
    if seat is None and not seats:
        raise ValueError(WATCH_REFUSED)
    kind = _WATCHING.get(session_type)
    if kind is None:
        bases = (Watching,) if session_type is GameSession else (Watching, session_type)
        kind = _WATCHING[session_type] = type(f"Watching{session_type.__name__}", bases, {})
    return kind(replay, seats[0] if seat is None else seat)


def recorded_match(key: str, history: History | None = None) -> Match:
    """A finished game kept in the history, rebuilt from its save; raises SaveError saying why it cannot be.
    ``history``: the connection to read it from (by default the app's, ``history_db``)."""
    where = Path(_("game history"))  # (shown to the player, as every SaveError is: in their words)
    history = history if history is not None else _usable_history(where)
    try:
        data = history.save_of(key)
    except KeyError:
        raise SaveError(where, _("that game is no longer in it")) from None
    except (ValueError, RecursionError, sqlite3.Error) as exc:  # a damaged row: its JSON, or the database under it
        raise SaveError(where, _("its save is damaged ({reason})").format(reason=exc)) from None
    return match_from_json(where, data, GAMES, seat_controllers)


def recorded_result(key: str, history: History | None = None) -> Result | None:
    """How a game kept in the history ended, told in the language shown, from its save's final position (its
    snapshot) when the save is of today's rules revision: replaying a long game's log for its line took 20-50 ms
    (a House Cup Challenge of 900 moves), a hitch in the History list at each row scrolled into sight. A save of
    an older revision, or one whose snapshot cannot be read, is replayed (``recorded_match``). Raises SaveError.
    ``history``: the connection the History screen reads its rows from (by default the app's, ``history_db``: a
    row drawn after the file was removed opened a new one there and took the notice the Statistics were to give)."""
    history = history if history is not None else _usable_history(Path(_("game history")))
    try:
        data = history.save_of(key)
        game = GAMES[data["game"]]
        if data.get("rules", 1) == game.rules_version and isinstance(data.get("snapshot"), dict):
            return game.result(from_json(game.state_type, data["snapshot"]))
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError, sqlite3.Error):
        pass  # a damaged row, an unknown game, a snapshot of another shape: the replay says why
    return recorded_match(key, history).result()


def _usable_history(where: Path) -> History:
    """The history of finished games, or a SaveError with the reason it cannot be used (the reason is told once
    by ``history_db``, to whoever opens it first: a replay asked for first said only "it cannot be opened")."""
    history, problem = history_db()
    if history is None:
        raise SaveError(where, problem or _("it cannot be opened"))
    return history
