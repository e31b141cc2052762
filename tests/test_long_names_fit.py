"""A player's name as long as setup allows (14 characters) keeps clear of what is drawn beside it at the least
window (1024x640), in Russian: it was one line as wide as its letters, drawn under an opponent's score in House Cup
and into a wizard's tag and counts in That's Wizard!. Each screen is drawn twice, with the long name and with a
one-letter one: the pixels beside the name are the same."""

from __future__ import annotations

import pygame

from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.thats_wizard.i18n import gettext as tw_
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.scores import key as score_key
from tabletop.ui.theme import px
from tests.ui_driver import at_table

LONG = "Жжжжжжжжжжжжжж"  # as many letters as a seat's name field takes, wide ones


def drawn(game_id: str, name: str, players: int, seat: int, change=None) -> tuple[App, pygame.Surface, object]:
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru"))
    game = GAMES[game_id]
    seats = [SeatInfo("Ада")] + [SeatInfo(name if index == seat else "Б", "random") for index in range(1, players)]
    match = Match(game, seats, game.default_options(players), 7)
    if change is not None:
        change(match)
    _, table = at_table(app, match, frames=3)
    return app, app.screen.copy(), table


def test_a_long_name_of_a_house_cup_opponent_stays_clear_of_its_score() -> None:
    _, long_screen, table = drawn("house-cup", LONG, 4, 1)
    badge = table.hits.rect_of("score", score_key(1)).inflate(-px(8), -px(8))
    beside = pygame.Rect(badge.left - px(5), badge.top, badge.width + px(5), badge.height)  # with its round corners
    pygame.quit()
    _, short_screen, _ = drawn("house-cup", "Ж", 4, 1)
    pygame.quit()
    assert pygame.image.tobytes(long_screen.subsurface(beside), "RGB") == pygame.image.tobytes(
        short_screen.subsurface(beside), "RGB"
    )


def test_a_long_name_of_a_wizard_stays_clear_of_its_tag_and_counts() -> None:
    def streak(match: Match) -> None:  # two Counterspells in a row: the counts say so, widest
        match.state.round = max(match.state.round, 2)
        match.state.wizards[0].streak = 2

    def screen(name: str) -> pygame.Surface:
        app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru"))
        game = GAMES["thats-wizard"]
        seats = [SeatInfo(name), *(SeatInfo("Б", "random") for _ in range(3))]  # Duos: four narrower zones
        match = Match(game, seats, game.default_options(4), 7)
        streak(match)
        _, table = at_table(app, match, frames=3)
        assert table.view.stage == "sideboard" and not table.view.wizards[0].side_count  # "choosing a side board"
        zone = table.layout.zones[0]
        counts = tw_("Counterspell x{streak}  {counts}").format(
            streak=2,
            counts=tw_("hand {hand}  side {side}").format(
                hand=table.view.wizards[0].hand_count, side=table.view.wizards[0].side_count
            ),
        )
        wide = theme.text(counts, 15 * zone.scale).get_width() + px(8)
        beside = pygame.Rect(zone.name.right - wide, zone.name.top, wide, px(24 * zone.scale))  # the counts, and before
        shot = app.screen.subsurface(beside).copy()
        pygame.quit()
        return shot

    long_counts, short_counts = screen(LONG), screen("Ж")
    assert pygame.image.tobytes(long_counts, "RGB") == pygame.image.tobytes(short_counts, "RGB")
