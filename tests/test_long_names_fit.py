"""A player's name as long as setup allows (14 characters) keeps clear of what is drawn beside it at the least
window (1024x640), in Russian: it was one line as wide as its letters, drawn under an opponent's score in House Cup
and into a wizard's tag and counts in That's Wizard!. Each screen is drawn twice, with the long name and with a
one-letter one: the pixels beside the name are the same."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core.match import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.i18n import ngettext as hc_ngettext
from tabletop.games.stupefix.i18n import gettext as sf_
from tabletop.games.thats_wizard.i18n import gettext as tw_
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.cards import CATEGORY_COLOURS
from tabletop.ui.tables.house_cup.scores import key as score_key
from tabletop.ui.tables.house_cup_challenge.scores import vp_words
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tabletop.ui.theme import px
from tests.ui_driver import Driver, at_table

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


def test_a_long_name_in_a_house_cup_challenge_score_stays_clear_of_its_total() -> None:
    """The breakdown's title "{name} ({character})" ran into the total on its right (Hermione's, in Russian)."""

    def screen(name: str) -> pygame.Surface:
        app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru"))
        game = GAMES["house-cup-challenge"]
        seats = [SeatInfo("Ада"), SeatInfo(name, "random"), SeatInfo("Б", "random")]
        match = Match(game, seats, game.default_options(3), 7)
        match.state.players[1].character = "hermione"  # the longest name in Russian
        driver, table = at_table(app, match, frames=3)
        table.pinned = 1  # its score tapped open
        driver.frames(2)
        box = table.hits.rect_of("sheet", "sheet")
        total = theme.text(vp_words(table.view.players[1].vp), 20, bold=True)
        wide = total.get_width() + px(8)  # the total and the gap before it
        beside = pygame.Rect(box.right - px(14) - wide, box.top + px(8), wide, total.get_height())
        shot = app.screen.subsurface(beside).copy()
        pygame.quit()
        return shot

    long_total, short_total = screen(LONG), screen("Ж")
    assert pygame.image.tobytes(long_total, "RGB") == pygame.image.tobytes(short_total, "RGB")


@pytest.mark.parametrize("language", ["ru", "fr"])
def test_a_dialog_title_with_a_long_name_stays_in_its_box(language: str) -> None:
    """ "Undo {name}'s move?" at 30 with Large text was wider than the box (560) and ran past its edges."""
    app = App(
        (1024, 640),
        settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=True),
    )
    title = sf_("Undo {name}'s move?").format(name=LONG)
    app.go.dialog(title, "", [(sf_("Take it back"), lambda: None), (sf_("Keep it"), lambda: None)], safe=1)
    dialog = app.scenes.top
    app.screen.fill((0, 0, 0))
    dialog.draw(app.screen)
    row = pygame.Rect(0, dialog.rect.top + px(18), app.screen.get_width(), px(30))
    outside = [
        pygame.Rect(0, row.top, dialog.rect.left, row.height),
        pygame.Rect(dialog.rect.right, row.top, 1024 - dialog.rect.right, row.height),
    ]
    veil = app.screen.get_at((2, row.top))  # the dimmed backdrop beside the box
    for strip in outside:
        part = app.screen.subsurface(strip)
        assert all(part.get_at((x, y)) == veil for x in range(0, strip.width, 2) for y in range(strip.height)), strip
    pygame.quit()


def spellbook_editor(book: str, spells: list[str], large_text: bool = False, language: str = "ru") -> SpellbookEditor:
    """The spellbook editor at 1024x640 with ``book`` saved (a Duos book of ``spells``) and open."""
    store.save_book(book, spells, True)
    app = App(
        (1024, 640),
        settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=large_text),
    )
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    editor.load([row[0] for row in editor.list.rows].index(book))
    Driver(app).frames(2)
    return editor


def test_a_long_book_name_stays_in_its_row_of_the_spellbook_list() -> None:
    """A book's name of 24 wide letters (as many as the name field takes) at 17 bold ran past its row's edge."""

    def gutter(book: str) -> pygame.Surface:  # right of the book's row, up to the list's edge
        editor = spellbook_editor(book, ["stun"])
        row, area = editor.list.row_rect(book), editor.list.scroll.rect
        shot = editor.app.screen.subsurface(pygame.Rect(row.right, row.top, area.right - row.right, row.height)).copy()
        pygame.quit()
        return shot

    assert pygame.image.tobytes(gutter("Ж" * 24), "RGB") == pygame.image.tobytes(gutter("Ж"), "RGB")


@pytest.mark.parametrize("scale", [100, 75])
def test_ones_own_house_cup_score_stays_clear_of_the_first_players_hat_upright(scale: int) -> None:
    """Upright with Large text, French's '0 point pour l'instant' ran under the first player's hat, drawn at the
    header's right over the badge's last letters; kept clear of it, it was squeezed to 52-56% of its width at a
    75% interface: where it would be squeezed much, the badge says the opponents' short '0 pt'."""
    settings = Settings(
        volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True, ui_scale=scale
    )
    app = App((640, 1024), settings=settings)
    game = GAMES["house-cup"]
    seats = [SeatInfo("Ада"), *(SeatInfo("Б", "random") for _ in range(3))]
    match = Match(game, seats, game.default_options(4), 7)
    _, table = at_table(app, match, frames=3)
    assert table.view.first == 0  # the hat is on one's own header
    header = table.layout.me_header
    badge = table.hits.rect_of("score", score_key(0)).inflate(-px(8), -px(8))
    hat_left = header.right - px(36)
    forms = (hc_ngettext("{count} point now", "{count} points now", 0), hc_ngettext("{count} pt", "{count} pts", 0))
    natural = {theme.text(words.format(count=0), 15, bold=True).get_width() + px(12) for words in forms}
    pygame.quit()
    assert badge.right <= hat_left
    assert badge.width in natural  # its words at their width, not squeezed


def test_a_whole_castle_set_is_shown_on_an_opponents_plate_in_french_with_large_text() -> None:
    """The chip of a whole Castle set ("Château : Escaliers, Couloir, Salle") is wider than an opponent's plate at
    1024x640 with Large text: it went to a row of its own, was taken off again to leave room for "...", and the
    plate showed "Potions ..." over an empty row. A set's chips are blue: with the Castle set the plate shows more
    blue than with Potions alone."""
    blue = pygame.Color(CATEGORY_COLOURS["set"])
    rest = ["help_firstyears-1", "help_nargles-1", "help_search-1", "elf-1", "trouble-3"]

    def blue_on_plate(cards: list[str]) -> int:
        app = App(
            (1024, 640),
            settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True),
        )
        game = GAMES["house-cup"]
        houses = ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw")
        match = Match(game, [SeatInfo(house, "random") for house in houses], game.default_options(4), 7)
        state = match.state
        for pile in (state.deck, *state.days):
            pile[:] = [card for card in pile if card not in cards]
        state.tableau[3] = list(cards)
        _, table = at_table(app, match, frames=3)
        plate = app.screen.subsurface(table.layout.opponents[3])
        count = sum(plate.get_at((x, y)) == blue for x in range(plate.get_width()) for y in range(plate.get_height()))
        pygame.quit()
        return count

    assert blue_on_plate(["potions-2", "castle-4", "castle-5", "castle-6", *rest]) > blue_on_plate(["potions-2", *rest])
