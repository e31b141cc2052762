"""Which scene comes next: the one owner of the app's screens. Scenes never import each other; they ask the
app to go somewhere (``app.go.menu()``, ``app.go.table(match)``...) and this module builds the scene."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.match import Match
from tabletop.core.protocol import Game
from tabletop.core.rng import secret_seed
from tabletop.core.saves import SaveError, read_header
from tabletop.games import get_game
from tabletop.i18n import gettext as _
from tabletop.i18n import ngettext
from tabletop.paths import is_example
from tabletop.play.session import GameSession, new_session, open_saved, open_saved_part
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog, LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.tables import privacy_picture_for, session_type_for, setup_scene_for, table_scene_for

# The other screens are imported where they are first shown, so start-up draws the menu without loading the
# history, statistics, replay, rules, results and table kit modules (about 60 ms of imports).

if TYPE_CHECKING:
    from tabletop.ui.scene import AppLike
    from tabletop.ui.scenes.load import Opened
    from tabletop.ui.tallies import ResultsData


class Navigation:
    def __init__(self, app: AppLike) -> None:
        self.app = app

    # --- the menu's screens ----------------------------------------------------------------------------------
    def menu(self) -> None:
        """Back to the main menu, leaving every other scene."""
        self.app.scenes.switch(MenuScene(self.app))

    def new_game(self) -> None:
        self.app.scenes.push(NewGameScene(self.app))

    def setup(self, game: Game) -> None:
        self.app.scenes.push(setup_scene_for(self.app, game))

    def load(self) -> None:
        from tabletop.ui.scenes.load import LoadScene

        self.app.scenes.push(LoadScene(self.app))

    def settings(self) -> None:
        from tabletop.ui.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def history(self) -> None:
        """The finished games kept in the history, newest first."""
        from tabletop.ui.scenes.history import HistoryScene

        self.app.scenes.push(HistoryScene(self.app))

    def statistics(self, game_id: str | None = None) -> None:
        """The statistics of the history, of one game (or of all) to begin with."""
        from tabletop.ui.scenes.statistics import StatisticsScene

        self.app.scenes.push(StatisticsScene(self.app, game_id))

    def rules(self, game_id: str | None = None) -> None:
        """The rules of ``game_id`` (or of the game being played), over whatever is shown."""
        from tabletop.ui.scenes.rules import RulesScene

        if isinstance(self.app.scenes.top, RulesScene):
            return
        if game_id is None:
            for scene in reversed(self.app.scenes.stack):
                game_id = getattr(scene, "game_id", None)  # a table's game
                if game_id:
                    break
        self.app.scenes.push(RulesScene(self.app, game_id, overlay=len(self.app.scenes.stack) > 0))

    def dialog(self, title: str, message: str, buttons: list[tuple[str, Callable[[], None]]], safe: int = 0) -> None:
        """A small modal box over the scene: a message and buttons (``safe`` the one that changes nothing, drawn as
        the first choice and where the keyboard's focus starts: ``Dialog``)."""
        self.app.scenes.push(Dialog(self.app, title, message, buttons, safe))

    # --- a game --------------------------------------------------------------------------------------------------
    def table(self, match: Match, path: Path | None = None, started_at: str = "", copy: bool = False) -> None:
        """Play ``match`` at its game's table (saving to ``path``, or to a new autosave: for a ``copy`` of an
        example, only once something is played)."""
        session = new_session(match, path, session_type_for(match.game.id), copy=copy)
        session.started_at = started_at or session.started_at
        self.app.scenes.switch(table_scene_for(self.app, session))

    def guided(self, game_id: str, seed: int | None = None) -> None:
        """A guided first game of ``game_id``: a small table against a bot, with the coach's marks on it."""
        from tabletop.ui.tables.base import GameTable
        from tabletop.ui.tables.coach import Coach, guide_for

        guide = guide_for(game_id)
        if guide is None:  # (a game without a guided first game: its setup)
            self.setup(get_game(game_id))
            return
        match = guide.match(secret_seed() if seed is None else seed)
        table = table_scene_for(self.app, new_session(match, None, session_type_for(game_id)))
        assert isinstance(table, GameTable)
        table.coach = Coach(guide, table)
        table.session.guide_step = 0  # (saved at once: left before its first move, it came back without its guide)
        table.session.autosave()
        self.app.scenes.switch(table)

    def resume_guide(self, path: Path) -> None:
        """A guided first game opened again (Continue, Load): its guide back at the step it was at (it was lost:
        a new player who left the game halfway came back to a table without tips)."""
        from tabletop.ui.tables.base import GameTable
        from tabletop.ui.tables.coach import Coach, guide_for

        try:
            header = read_header(path)
            step, unseen = header.get("guide_step"), header.get("guide_unseen", 0)
        except (SaveError, AttributeError):
            return
        table = self.app.scenes.stack[0] if self.app.scenes.stack else None
        if not isinstance(step, int) or isinstance(step, bool) or not isinstance(table, GameTable):
            return
        guide = guide_for(table.game_id)
        if guide is not None and 0 <= step < len(guide.steps) and table.session.match.result() is None:
            ok = isinstance(unseen, int) and not isinstance(unseen, bool) and 0 <= unseen <= step
            table.coach = Coach(guide, table, index=step, summary_open=False, passed_unseen=unseen if ok else 0)
            table.session.resumed_guide(step)

    def offers_guide(self, game: Game) -> bool:
        """Whether ``game`` has a guided first game (asked without loading its table)."""
        from tabletop.ui.tables.coach import has_guide

        return has_guide(game.id)

    def guided_opponent(self, game: Game) -> str | None:
        """Who a guided first game of ``game`` is played against, in the language shown ("" when one bot; None
        when the game has no guided first game)."""
        from tabletop.ui.tables.coach import guide_for

        guide = guide_for(game.id)
        if guide is None:
            return None
        return game.gettext(guide.against) if guide.against else ""

    def open_save(self, path: Path) -> str | None:
        """Open a saved game at its table (or its results); returns the error line instead of raising."""
        try:
            match, keep, started_at = open_saved(path)
        except SaveError as exc:
            return str(exc)
        self.table(match, keep, started_at, copy=keep is None)
        self.resume_guide(path)
        return None

    def watch(self, match: Match, only_seat: int | None = None, example: bool = False) -> None:
        """Watch ``match`` again on its table, from the start, over the screen it was opened from (Close comes
        back to it); ``only_seat``: the one seat whose view it may show (``Replay.only_seat``); ``example``: one
        of the app's examples."""
        from tabletop.play.replay import Replay, watching_session

        replay = Replay(match, only_seat, example)
        session = watching_session(replay, session_type_for(match.game.id), only_seat)
        self.app.scenes.push(table_scene_for(self.app, session))

    def load_save(self, path: Path, label: str, failed: Callable[[str], None], watch: bool = False) -> None:
        """Open (or ``watch``) a save as ``open_save`` does; a long one is read off the frame loop behind "Loading
        <label>..." (the window goes on drawing and can be closed). ``failed`` gets the line that says why not."""
        from tabletop.ui.scenes.load import LoadingScene

        if not watch:
            failed = self._offering_what_replays(path, failed)
        if not LoadingScene.takes_a_moment(path):
            error = self.watch_save(path) if watch else self.open_save(path)
            if error:
                failed(error)
            return

        def done(opened: Opened) -> None:
            match, keep, started_at = opened
            if watch:
                refused = watch_refusal(match, path)
                if refused:
                    failed(refused)
                    return
                self.watch(match, example=is_example(path))
            else:
                self.table(match, keep, started_at, copy=keep is None)
                self.resume_guide(path)

        self.app.scenes.push(LoadingScene(self.app, path, label, done, failed))

    def _offering_what_replays(self, path: Path, failed: Callable[[str], None]) -> Callable[[str], None]:
        """``failed``, then, for a save refused at a move of its log (edited by hand, or saved under an older
        revision of the rules), the offer to play on from the moves before it, in a new save: the game was lost
        whole for one move."""

        def said(error: str) -> None:
            failed(error)
            try:
                match, left_out, started_at = open_saved_part(path)
            except SaveError:
                return
            count = len(match.log)
            if count <= 0 or left_out <= 0:
                return  # (no move replays; or every one does, only the position was changed: none is left out)
            question = ngettext(
                "{count} move from its start replays: open the game as it leaves it, in a new save? The moves after "
                "it are left out, and this file is kept as it is.",
                "{count} moves from its start replay: open the game as they leave it, in a new save? The moves after "
                "them are left out, and this file is kept as it is.",
                count,
            ).format(count=count)
            self.dialog(
                _("Open what can be replayed?"),
                question,
                [(_("Open"), lambda: self.table(match, None, started_at, copy=True)), (_("Cancel"), lambda: None)],
                safe=1,
            )

        return said

    def watch_save(self, path: Path) -> str | None:
        """Watch a saved game again; returns the error line instead of raising."""
        try:
            match, _keep, _started = open_saved(path)
        except SaveError as exc:
            return str(exc)
        refused = watch_refusal(match, path)
        if refused:
            return refused
        self.watch(match, example=is_example(path))
        return None

    def watch_recorded(self, key: str) -> str | None:
        """Watch a game kept in the history again; returns the error line instead of raising."""
        from tabletop.play.replay import recorded_match

        try:
            match = recorded_match(key)
        except SaveError as exc:
            return str(exc)
        self.watch(match)
        return None

    def pause(self, session: GameSession) -> None:
        self.app.scenes.push(PauseOverlay(self.app, session))

    def log(self, session: GameSession, seat: int | None) -> None:
        self.app.scenes.push(LogOverlay(self.app, session, seat))

    def privacy(self, session: GameSession, seat: int, on_ready: Callable[[], None]) -> None:
        """Cover the table until ``seat``'s person takes the screen (unless it is covered already)."""
        if not isinstance(self.app.scenes.top, PrivacyOverlay):
            self.app.scenes.push(PrivacyOverlay(self.app, session, seat, on_ready, privacy_picture_for(session, seat)))

    def results(self, session: GameSession, data: ResultsData) -> None:
        from tabletop.ui.scenes.results import ResultsScene

        self.app.scenes.push(ResultsScene(self.app, session, data))


def watch_refusal(match: Match, path: Path) -> str | None:
    """Why ``match``, read from ``path``, may not be watched from outside its table (``replay.may_watch``), in
    the player's words; None if it may."""
    from tabletop.play.replay import WATCH_REFUSED, may_watch

    people = sum(1 for info in match.seats if info.is_human)
    return None if may_watch(match.result() is not None, people, is_example(path)) else _(WATCH_REFUSED)
