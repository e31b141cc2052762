"""'Watch the last round again': the replay viewer opened over a game in progress, at the start of the round last
played, playing, on the same table and from the same seat's view as the person at the screen.

Closing the viewer (its Close button, or Escape) comes back to the game as it lies; nothing of the game changes
while it is watched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tabletop.core.protocol import Event
from tabletop.i18n import gettext as _
from tabletop.play.replay import Replay, Watching, watching_session
from tabletop.ui.widgets import Button, button_height

if TYPE_CHECKING:
    from tabletop.ui.tables.base import GameTable


SIZE = 17  # the button's words' design size


def again_height(width: int, least: int) -> int:
    """How tall the button is made ``width`` wide: ``least``, or, where one line would narrow its words, as tall
    as they are on two (Large text in a small window: "Revoir la dernière manche" was squeezed to 87%)."""
    return button_height(_("Watch the last round again"), SIZE, width, least)


def last_round_start(replay: Replay, marks_a_round: Callable[[Event], bool]) -> int:
    """The step the round last played begins at: the chapter (round) in which the last event that
    ``marks_a_round`` (a reveal) happened; the start of the game before any."""
    for index in range(len(replay.history) - 1, -1, -1):
        if any(marks_a_round(event) for event in replay.history[index]):
            return replay.mark_at(index).step
    return 0


class WatchAgain:
    """A table's "Watch the last round again" button: shown while a game is played (not in a replay), lit once
    a round has been played (``marks_a_round`` has happened), and saying why when tapped before."""

    def __init__(
        self, table: GameTable, marks_a_round: Callable[[Event], bool], not_now: Callable[[], str] = lambda: ""
    ) -> None:
        """``not_now``: why the replay may not be opened at this moment ("" when it may): That's Wizard!'s round
        shown to everyone, when the replay would show the seat on screen's hand to all of them."""
        self.table, self.marks_a_round, self.not_now = table, marks_a_round, not_now
        self.button = Button(_("Watch the last round again"), self.open, size=SIZE, refused=self.refuse, two_lines=True)
        self._known = (-1, False)  # (moves, whether a round was played by then): worked out once a move

    def place(self, rect: pygame.Rect) -> None:
        session = self.table.session
        self.button.label = _("Watch the last round again")  # (in the language of the moment)
        self.button.rect = rect
        self.button.visible = not isinstance(session, Watching)
        history = session.match.history
        if self._known[0] != len(history):
            played = any(self.marks_a_round(event) for batch in history for event in batch)
            self._known = (len(history), played)
        self.button.enabled = self._known[1] and not self.not_now()

    def open(self) -> None:
        if not self.not_now():
            watch_again(self.table, self.marks_a_round)

    def refuse(self) -> None:
        said = self.not_now() or _("No round has been played yet: there is nothing to watch again.")
        self.table.say(said, error=True)


def watch_again(table: GameTable, marks_a_round: Callable[[Event], bool]) -> None:
    """Open the replay viewer over ``table`` at the start of the round last played, playing, showing the seat
    on screen (which the person at the screen has seen already: no privacy screen), and only that seat: another
    person's view would show them that person's secrets of the round in play (a House Cup token placed face
    down), with nobody to pass the screen to."""
    session = table.session
    seat = table.view.seat
    people_share_it = session.match.result() is None and len(session.humans()) > 1
    replay = Replay(session.match, only_seat=seat if people_share_it else None)
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
