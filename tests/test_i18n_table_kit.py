"""Nothing the table kit draws escapes the catalogues: the app runs in a pseudo-language whose every message is its
English text in brackets ("[Log]"), in the shell's catalogue and each game's, and the kit's parts are drawn through
the real app (SDL's dummy driver): the replay viewer opened from a save (its bar, its caption, every card open, the
bar hidden, a card enlarged), "Watch the last round again" and its refusal, a choice panel
(its Peek and Back to the choice, its count of cards chosen) and a guided game's "How to win" and coach bubble.

Every string the kit hands to the text renderer must be made of bracketed messages or of data: numbers,
punctuation, the players' names, the houses. What a game's own table draws (its ``draw_table``, and the card faces
it gives the kit to show in a panel or enlarged) is that game's and is not recorded here (each game's catalogue
test reads its table). The words a game hands the kit (a panel's title, a message, a guide's steps) are allowed as
data by the string literals of that game's table modules (``game_table_texts``): those tables are being put in
their catalogues by other hands. Once every game's table is, remove that allowance (and the test still passes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pytest

from tabletop import i18n
from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import HOUSES
from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.choice_panel import ChoicePanel
from tabletop.ui.tables.replay_bar import OPEN_HANDS
from tests.pseudo_language import Shown, record_shown
from tests.test_i18n_shell import string_constants
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "tabletop" / "ui" / "tables"
PSEUDO = "xx"
T = TypeVar("T")
DOMAINS = ("tabletop", *(path.stem for path in (ROOT / "tabletop" / "locale").glob("*.pot") if path.stem != "tabletop"))


def game_table_texts() -> set[str]:
    """Every string literal of the four games' table packages (their words, not all in their catalogues yet)."""
    texts: set[str] = set()
    for package in sorted(path for path in TABLES.iterdir() if (path / "__init__.py").exists()):
        for module in sorted(package.glob("*.py")):
            texts.update(text for text in string_constants(module) if len(text.strip()) > 1)
    return texts


def unrecorded(shown: Shown, draw: Callable[..., T]) -> Callable[..., T]:
    """``draw`` with what it renders left out of the record (a game's own drawing)."""

    def quiet(*args: Any, **kwargs: Any) -> T:
        rendered, refused = len(shown.rendered), len(shown.refused)
        try:
            return draw(*args, **kwargs)
        finally:
            del shown.rendered[rendered:], shown.refused[refused:]

    return quiet


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    """The app in the pseudo-language of the shell's and every game's catalogue, every string the kit draws
    recorded: each table's own drawing and the card faces it hands the kit are left out."""
    record = record_shown(monkeypatch, tmp_path, PSEUDO, DOMAINS)
    record.data.update(game_table_texts(), HOUSES)
    start = GameTable.__init__
    made = ChoicePanel.__post_init__

    def table_made(table: GameTable, *args: Any, **kwargs: Any) -> None:
        start(table, *args, **kwargs)
        table.draw_table = unrecorded(record, table.draw_table)  # type: ignore[method-assign]
        table.zoom_face = unrecorded(record, table.zoom_face)  # type: ignore[method-assign]

    def panel_made(panel: ChoicePanel) -> None:
        made(panel)
        if panel.face is not None:
            panel.face = unrecorded(record, panel.face)

    monkeypatch.setattr(GameTable, "__init__", table_made)
    monkeypatch.setattr(ChoicePanel, "__post_init__", panel_made)
    return record


def new_app(size: tuple[int, int] = (1280, 800)) -> tuple[App, Driver]:
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=PSEUDO)
    app = App(size, settings=settings)
    assert i18n.language() == PSEUDO
    return app, Driver(app)


def table_on_top(app: App) -> GameTable:
    table = app.scenes.top
    assert isinstance(table, GameTable)
    labels = [button.label for button in table.bar]
    replay = table.replay_bar is not None
    second, closes = ("[Play from here]", "[Close]") if replay else ("[Undo]", "[Menu]")
    assert labels == ["[Log]", second, "[Rules]", closes], "the bar the table draws is the kit's"
    return table


def screens(shown: Shown, driver: Driver) -> Callable[[str, Iterable[str]], None]:
    """``frame(screen, data)``: one frame of the app drawn, every string checked."""

    def frame(screen: str, data: Iterable[str] = ()) -> None:
        shown.data.update(data)
        shown.escaped()  # forget what was drawn before
        theme.reset_caches()  # every text of the screen rendered again, none taken from a cache
        sprite_cache.reset_all()
        driver.frames(1)
        escaped = shown.escaped()
        assert escaped == [], f"strings outside the catalogues on the {screen} screen: {escaped}"

    return frame


def test_the_replay_viewer_draws_only_catalogue_words(shown):
    app, driver = new_app()
    frame = screens(shown, driver)
    assert app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    driver.frames(3)
    table = table_on_top(app)
    bar = table.replay_bar
    assert bar is not None and bar.replay.finished
    names = table.session.names()
    assert table.bar[3].label == "[Close]" and bar.close_button.label == "[Close]"
    assert bar.caption().startswith("[The start of the game.")
    frame("replay: the start", names)
    driver.tap(bar.transport["forward"].rect.center)
    assert table.session.step == 1
    frame("replay: a move told in the caption", names)
    driver.tap(bar.seat_choice.arrows()[0].center)  # back round from the first seat: every card open
    assert bar.all_open and bar.seat_choice.value == f"[{OPEN_HANDS}]"
    frame("replay: every card open", names)
    driver.key(pygame.K_END)
    assert table.session.step == bar.replay.length
    frame("replay: game over", names)
    table.hover_zoom = 0.0  # (the test does not wait the resting time)
    card = next(placed for placed in table.hits.placed if placed.kind in table.ZOOM_KINDS)
    driver.move(card.rect.center)
    driver.frames(2)
    assert table.zoomed() is not None
    frame("replay: a card enlarged", names)
    driver.key(pygame.K_h)
    assert bar.hidden and bar.hide_button.label == "[Show the replay's controls]"
    frame("replay: its bar hidden", names)


def test_a_move_the_log_does_not_tell_the_seat_shown(shown):
    app, driver = new_app()
    frame = screens(shown, driver)
    assert app.go.watch_save(asset_dir("saves") / "house-cup-challenge-year4.json") is None
    driver.frames(3)
    cover = app.scenes.top
    assert isinstance(cover, PrivacyOverlay)  # (two people played: the first one's view is handed over)
    driver.frames(30)
    cover.ready()
    driver.frames(2)
    table = table_on_top(app)
    bar = table.replay_bar
    assert bar is not None
    session, viewer = table.session, table.session.viewer
    names = session.names()
    untold = [
        step
        for step in range(1, bar.replay.length + 1)
        if not any(
            event.visible_to(viewer) and session.game.describe(event, names) for event in bar.replay.history[step - 1]
        )
    ]
    assert untold, "the year has a move the seat shown is not told"
    bar.seek(untold[0])
    mover = names[bar.replay.log[untold[0] - 1].seat]
    assert bar.caption() == f"[{mover} made a move only they could see.]"
    frame("replay: a move the seat shown is not told", names)


def test_watch_the_last_round_again_and_its_refusal(shown):
    app, driver = new_app()
    frame = screens(shown, driver)
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "easy")]
    app.go.table(Match(GAMES["house-cup"], seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, 11))
    driver.frames(5)
    table = table_on_top(app)
    again = next(button for button in table.controls() if button.label == "[Watch the last round again]")
    assert not again.enabled
    frame("a table with Watch the last round again")
    driver.tap(again.rect.center)
    assert table.message == "[No round has been played yet: there is nothing to watch again.]"
    frame("Watch the last round again, refused")


def test_a_choice_panel_draws_only_catalogue_words(shown):
    app, driver = new_app()
    frame = screens(shown, driver)
    game = GAMES["thats-wizard"]
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "greedy")]
    app.go.table(Match(game, seats, game.default_options(2), 5))
    driver.frames(5)
    table = table_on_top(app)
    panel = table.panel
    assert panel is not None and panel.pick_count, "the side boards: several cards chosen together"
    assert panel.hide.label == "[Peek at the table]"
    frame("a choice panel (That's Wizard!'s side boards)", ["Morgana", "Merlin"])
    driver.tap(panel.hide.rect.center)
    assert panel.hidden and panel.hide.label == "[Back to the choice]"
    frame("a choice panel folded away", ["Morgana", "Merlin"])


def test_a_guided_games_coach_draws_only_catalogue_words(shown):
    app, driver = new_app()
    frame = screens(shown, driver)
    app.go.guided("house-cup", seed=3)
    driver.frames(3)
    table = table_on_top(app)
    coach = table.coach
    assert coach is not None and coach.summary_open
    assert coach.play.label == "[Let's play]"
    frame("the guide's How to win")
    driver.tap(coach.play.rect.center)
    for _ in range(300):
        if coach.bubble is not None:
            break
        driver.frames(1)
    assert coach.bubble is not None and coach.got_it.label == "[Got it]"
    frame("a coach bubble")
