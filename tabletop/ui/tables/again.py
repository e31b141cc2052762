"""'Watch the last round again': the replay viewer opened over a game in progress, at the start of the round last
played, playing, on the same table and from the same seat's view as the person at the screen.

Closing the viewer (its Close button, or Escape) comes back to the game as it lies; nothing of the game changes
while it is watched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core.protocol import Event
from tabletop.play.replay import Replay, Watching, watching_session

if TYPE_CHECKING:
    from tabletop.play.session import GameSession
    from tabletop.ui.tables.base import GameTable


def last_round_start(replay: Replay, marks_a_round: Callable[[Event], bool]) -> int:
    """The step the round last played begins at: the chapter (round) in which the last event that
    ``marks_a_round`` (a reveal) happened; the start of the game before any."""
    for index in range(len(replay.history) - 1, -1, -1):
        if any(marks_a_round(event) for event in replay.history[index]):
            return replay.mark_at(index).step
    return 0


def can_watch_again(session: GameSession) -> bool:
    """A game being played (not a replay) with at least one move to watch."""
    return not isinstance(session, Watching) and bool(session.match.log)


def watch_again(table: GameTable, marks_a_round: Callable[[Event], bool]) -> None:
    """Open the replay viewer over ``table`` at the start of the round last played, playing, showing the seat
    on screen (which the person at the screen has seen already: no privacy screen)."""
    session = table.session
    replay = Replay(session.match)
    seat = table.view.seat
    if seat not in replay.watchable_seats():
        return
    watching = watching_session(replay, type(session), seat)
    watching.watch(seat)
    again = type(table)(table.app, watching)
    table.app.scenes.push(again)
    bar = again.replay_bar
    assert bar is not None  # (a table on a Watching session has the replay's controls)
    bar.seek(last_round_start(replay, marks_a_round))
    bar.toggle_play()
