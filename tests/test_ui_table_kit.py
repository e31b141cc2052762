"""What a new game's table gets from the kit without writing it (README, "Adding a game"): a table that writes
only ``draw_table`` and ``tallies`` lets the bots play to the results and opens its own game's rules."""

import pygame

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.play.session import GameSession
from tabletop.ui.app import App
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup.results import tallies
from tests.ui_driver import Driver, until_results


class BareTable(GameTable):
    """A table as a new game's first one may be: no ``update``, no ``game_id``; its bar laid out at the foot."""

    tallies = staticmethod(tallies)

    def refresh(self) -> None:
        super().refresh()
        w, h = self.table_size()
        self.layout_bar([pygame.Rect(20 + 130 * i, h - 60, 120, 44) for i in range(4)])


def bare_table(game_id: str, controllers: list[str]) -> tuple[App, Driver, BareTable]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    game = GAMES[game_id]
    players = len(controllers)
    seats = [SeatInfo(f"Seat {n + 1}", controller) for n, controller in enumerate(controllers)]
    table = BareTable(app, GameSession(Match(game, seats, game.default_options(players), 5)))
    table.refresh()
    app.scenes.switch(table)
    driver = Driver(app)
    driver.frames(2)
    return app, driver, table


def test_a_table_that_writes_no_update_lets_the_bots_play_to_the_results():
    """The kit's frame drives the session (a table without ``update`` of its own: no bot ever moved)."""
    app, driver, table = bare_table("house-cup", ["medium", "medium"])
    results = until_results(driver, limit=400, step=5)
    assert table.session.match.result() is not None and results.data.game == "House Cup"


def test_a_table_that_names_no_game_opens_its_own_games_rules():
    """A table whose class leaves ``game_id`` empty is its session's game's (its Rules opened House Cup's)."""
    app, driver, table = bare_table("stupefix", ["human", "medium", "medium", "medium"])
    assert table.game_id == "stupefix"
    driver.tap(table.bar[2].rect.center)  # Rules
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.games[rules.index].id == "stupefix"
