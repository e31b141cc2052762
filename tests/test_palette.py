"""The palette setting (issue 18): Standard and Colour-blind safe (Okabe-Ito), switched at once everywhere."""

from __future__ import annotations

import pygame
import pytest

from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.thats_wizard import standing
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, card_back
from tests.ui_driver import Driver

OKABE_ITO = {(0, 0, 0), (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (213, 94, 0)}


@pytest.fixture(autouse=True)
def standard_palette_after() -> object:
    yield
    theme.set_palette(theme.STANDARD)


def test_the_colour_blind_palette_swaps_the_colours_that_tell_things_apart() -> None:
    theme.set_palette(theme.COLOUR_BLIND)
    assert theme.palette().name == theme.COLOUR_BLIND
    assert {theme.GOOD, theme.BAD, theme.HIGHLIGHT, theme.TARGET} <= OKABE_ITO
    assert {theme.house_colour(h) for h in ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw")} <= OKABE_ITO
    theme.set_palette(theme.STANDARD)
    assert theme.GOOD == (110, 200, 120) and theme.house_colour("Gryffindor") == (174, 0, 1)


def test_an_unknown_palette_name_is_the_standard_one() -> None:
    theme.set_palette(theme.COLOUR_BLIND)
    theme.set_palette("Sepia")
    assert theme.palette().name == theme.STANDARD


def test_a_games_colours_switch_where_other_modules_imported_them_by_name() -> None:
    colours = standing.TEAM_COLOURS  # standing.py imported it by name
    standard = list(colours)
    theme.set_palette(theme.COLOUR_BLIND)
    assert colours is TEAM_COLOURS  # the same list, filled again
    assert colours == [(86, 180, 233), (230, 159, 0)]
    assert colours != standard
    theme.set_palette(theme.STANDARD)
    assert colours == standard


def test_switching_forgets_the_cached_surfaces() -> None:
    App((1280, 800), settings=Settings(volume=0.0))
    before = card_back(0, 90)
    assert card_back(0, 90) is before  # cached
    theme.set_palette(theme.COLOUR_BLIND)
    assert card_back(0, 90) is not before
    assert theme.text("x", 14) is theme.text("x", 14)


def test_houses_keep_a_sign_besides_their_colour_in_both_palettes() -> None:
    """Four colours, four initials and four crests: whatever a colour-blind eye makes of the colours."""
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    for name in (theme.STANDARD, theme.COLOUR_BLIND):
        theme.set_palette(name)
        assert len({theme.house_colour(h) for h in houses}) == 4
        assert len({theme.house_initial(h) for h in houses}) == 4
        assert all((asset_dir("art") / "crests" / f"{h.lower()}.png").exists() for h in houses)


def team_pixels(screen: pygame.Surface, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(screen, colour, (1, 1, 1, 255))
    return mask.count()


def test_the_real_table_is_drawn_in_the_palette_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """That's Wizard! Duos from its example save: the zones' team edges and chips are in Okabe-Ito's sky blue and
    orange once the palette is switched, with no pixel of the standard blue left, and back again."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    assert app.go.open_save(asset_dir("saves") / "thats-wizard-duos.json") is None
    driver = Driver(app)
    for _ in range(300):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(30)
            app.scenes.top.ready()
            break
    driver.frames(10)
    standard_blue, safe_blue = (100, 145, 240), (86, 180, 233)
    assert team_pixels(app.screen, standard_blue) > 200
    theme.set_palette(theme.COLOUR_BLIND)
    driver.frames(2)
    assert team_pixels(app.screen, safe_blue) > 200
    assert team_pixels(app.screen, standard_blue) == 0
    theme.set_palette(theme.STANDARD)
    driver.frames(2)
    assert team_pixels(app.screen, standard_blue) > 200
