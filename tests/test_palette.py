"""The palette setting (issue 18): Standard and Colour-blind safe (Okabe-Ito), switched at once everywhere."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import PALETTES, Settings, load_settings
from tabletop.ui.tables.thats_wizard import standing
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, card_back
from tests.ui_driver import Driver, open_past_cover

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


def test_no_house_cup_seat_panel_reads_as_the_one_to_act_in_either_palette() -> None:
    """Hufflepuff's panel edge, near the gold of the seat to act, read as lit at arm's length (a pass-and-play
    review): each house's edge stands apart from the highlight as every eye sees it, Hufflepuff's darkened."""
    from tabletop.ui.tables.house_cup.painter import panel_edge
    from tests.colour_vision import closest_pair

    try:
        for name in (theme.STANDARD, theme.COLOUR_BLIND):
            theme.set_palette(name)
            for house in ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"):
                distance, *_ = closest_pair({"edge": panel_edge(house), "to act": theme.HIGHLIGHT})
                assert distance > 40, (name, house, distance)
            assert panel_edge("Gryffindor") == theme.house_colour("Gryffindor")  # (the others as they were)
    finally:
        theme.set_palette(theme.STANDARD)


def team_pixels(screen: pygame.Surface, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(screen, colour, (1, 1, 1, 255))
    return mask.count()


def test_the_real_table_is_drawn_in_the_palette_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """That's Wizard! Duos from its example save: the zones' team edges and chips are in Okabe-Ito's sky blue and
    orange once the palette is switched, with no pixel of the standard blue left, and back again."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = open_past_cover(app, asset_dir("saves") / "thats-wizard-duos.json")
    standard_blue, safe_blue = (100, 145, 240), (86, 180, 233)
    assert team_pixels(app.screen, standard_blue) > 200
    theme.set_palette(theme.COLOUR_BLIND)
    driver.frames(2)
    assert team_pixels(app.screen, safe_blue) > 200
    assert team_pixels(app.screen, standard_blue) == 0
    theme.set_palette(theme.STANDARD)
    driver.frames(2)
    assert team_pixels(app.screen, standard_blue) > 200


# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB: what each of the three colour blindnesses sees.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def seen_lab(colour: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    """``colour`` as CIELAB (D65) after the ``vision`` simulation."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    r, g, b = (max(0.0, min(1.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in SIMULATIONS[vision])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def closest_pair(colours: list[tuple[int, int, int]], vision: str) -> float:
    """The smallest CIE76 colour difference between two of ``colours`` as ``vision`` sees them."""
    seen = [seen_lab(colour, vision) for colour in colours]
    return min(
        sum((p - q) ** 2 for p, q in zip(seen[i], seen[j], strict=True)) ** 0.5
        for i in range(len(seen))
        for j in range(i + 1, len(seen))
    )


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_the_colour_blind_palette_keeps_every_pair_apart_for_each_colour_blindness(vision: str) -> None:
    """Houses 15 or more apart (Okabe-Ito's bluish green and blue are its closest pair, for tritanopia: the crests
    and patterns are there for that), good and bad, lit and acting, and the two teams 50 or more."""
    houses = ["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"]
    theme.set_palette(theme.COLOUR_BLIND)
    assert closest_pair([theme.house_colour(h) for h in houses], vision) >= 15
    assert closest_pair([theme.GOOD, theme.BAD], vision) >= 50
    assert closest_pair([theme.TARGET, theme.HIGHLIGHT], vision) >= 50
    assert closest_pair(list(TEAM_COLOURS), vision) >= 50


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia"])
def test_the_colour_blind_palette_parts_good_and_bad_that_red_green_blindness_merges(vision: str) -> None:
    """The commonest colour blindnesses: the standard green good and red bad are 30 and 16 apart, the colour-blind
    palette's sky blue and orange more than three times that."""
    apart = []
    for name in (theme.STANDARD, theme.COLOUR_BLIND):
        theme.set_palette(name)
        apart.append(closest_pair([theme.GOOD, theme.BAD], vision))
    assert apart[1] >= 3 * apart[0]


def test_the_settings_row_switches_the_palette_at_once_and_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings' Colours row, tapped as a person would: the next frame is drawn in Okabe-Ito's colours, the choice
    is in the settings file, and the app starts in it the next time."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off"))
    app.go.settings()
    driver = Driver(app)
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    assert theme.palette().name == theme.STANDARD and scene.palette.value == "Standard"
    driver.tap(scene.palette.arrows()[1].center)
    assert theme.palette().name == theme.COLOUR_BLIND
    assert scene.palette.value == "Colour-blind safe"
    assert load_settings().palette == theme.COLOUR_BLIND
    theme.set_palette(theme.STANDARD)
    App((1280, 800), settings=load_settings())
    assert theme.palette().name == theme.COLOUR_BLIND


def test_a_palette_unknown_to_the_settings_file_is_the_standard_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"palette": "Sepia"}', encoding="utf-8")
    assert load_settings(path).palette == "Standard"
    path.write_text('{"palette": "Colour-blind safe"}', encoding="utf-8")
    assert load_settings(path).palette == "Colour-blind safe"


def test_the_settings_palettes_are_the_themes() -> None:
    assert set(PALETTES) == set(theme.PALETTES)


def test_that_wizards_schools_stay_apart_for_deuteranopes_and_protanopes_in_the_colour_blind_palette() -> None:
    """Charms' pink turned the grey of Curses, and Hexes' purple the blue of Defense (6 apart), for a deuteranope
    with the colour-blind palette on: the schools' colours did not change with it (a review by a colour-blind
    player). Switched, every two stay well apart however one sees, each dark enough for the white name on it."""
    from tabletop.ui.tables.thats_wizard.cards import SCHOOL_COLOURS
    from tests.colour_vision import closest_pair, contrast_with_white

    theme.set_palette(theme.COLOUR_BLIND)
    assert closest_pair(dict(SCHOOL_COLOURS))[0] >= 30, closest_pair(dict(SCHOOL_COLOURS))
    assert all(contrast_with_white(colour) >= 4.5 for colour in SCHOOL_COLOURS.values())
    theme.set_palette(theme.STANDARD)
    assert closest_pair(dict(SCHOOL_COLOURS))[0] < 10  # (the standard colours, as they are)


def test_a_houses_aim_line_stands_out_on_the_table_in_both_palettes() -> None:
    """A Stupéfix wand's aim was drawn in its house's trim: Hufflepuff's is near black, and Slytherin's in the
    colour-blind palette too (1.3:1 on the wood: nobody saw whom Slytherin aimed at; the colour-blind review).
    Each house's line stands out on the wood, and the four stay apart (in the colour-blind palette however one
    sees)."""
    from itertools import combinations

    from tests.colour_vision import apart, closest_pair

    houses = ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw")
    for name in (theme.STANDARD, theme.COLOUR_BLIND):
        theme.set_palette(name)
        lines = {house: theme.house_line(house) for house in houses}
        assert all(theme.contrast(line, theme.TABLE_WOOD) >= 3 for line in lines.values()), (name, lines)
        assert min(apart(a, b) for a, b in combinations(lines.values(), 2)) >= 20, (name, lines)
    assert closest_pair(lines)[0] >= 20, closest_pair(lines)


def test_slytherins_aim_is_drawn_in_its_line_colour_on_the_table() -> None:
    """The 4-player Stupéfix example, Dov (Slytherin) aiming at Cleo: in the colour-blind palette his aim line is
    drawn in ``house_line``'s green, which stands out on the wood, not in the near-black trim."""
    from tabletop.ui.tables.stupefix.table import StupefixTable

    app = App((1280, 720), settings=Settings(volume=0.0, animation="Off", palette=theme.COLOUR_BLIND))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-4p-round3-wands.json")
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    look = table.look()
    seat = table.view.houses.index("Slytherin")
    target = look.aims[seat]
    assert target is not None
    driver.frames(1)
    (x0, y0), end = look.wands[seat][1], look.layout.seats[target].rect.center
    along = [(round(x0 + (end[0] - x0) * t / 40), round(y0 + (end[1] - y0) * t / 40)) for t in range(2, 20)]
    line = theme.house_line("Slytherin")
    assert sum(tuple(app.screen.get_at(point))[:3] == line for point in along) >= 6


def test_the_results_charts_bars_stay_apart_for_colour_blind_eyes_in_the_colour_blind_palette() -> None:
    """The results charts kept their standard colours in the colour-blind palette: a deuteranope saw Gryffindor's
    and Slytherin's bars as one olive, and House Cup Challenge's Ron, Harry and Neville as three (the colour-blind
    review). Switched, the bars of the houses, of the characters and of up to four other players stay well apart
    however one sees, and eight at least clearly."""
    from tabletop.ui.tables.house_cup_challenge.faces import CHARACTER_COLOURS
    from tabletop.ui.tallies import BAR_COLOURS, HOUSE_BARS, PlayerTally, ResultsData
    from tests.colour_vision import closest_pair

    theme.set_palette(theme.COLOUR_BLIND)
    players = [PlayerTally(house, house, [], 0, {}, "", False) for house in HOUSE_BARS]
    shown = ResultsData("House Cup", players, "", "", [])
    assert closest_pair({p.house: shown.colour(i) for i, p in enumerate(players)})[0] >= 40
    assert closest_pair(dict(CHARACTER_COLOURS))[0] >= 40
    assert closest_pair({str(i): colour for i, colour in enumerate(BAR_COLOURS[:4])})[0] >= 40
    assert closest_pair({str(i): colour for i, colour in enumerate(BAR_COLOURS)})[0] >= 20
    theme.set_palette(theme.STANDARD)
    assert closest_pair(dict(CHARACTER_COLOURS))[0] < 20  # (the standard ones, as they are)


def test_house_cups_kinds_of_card_stay_apart_for_deuteranopes_and_protanopes_in_the_colour_blind_palette() -> None:
    """Single and Help were one grey for a deuteranope, Help and Set one blue for a protanope, with the palette on
    (a colour-blind review; their patterns were faint at the table's sizes)."""
    from tabletop.ui.tables.house_cup.cards import CATEGORY_COLOURS
    from tests.colour_vision import closest_pair, contrast_with_white

    theme.set_palette(theme.COLOUR_BLIND)
    assert closest_pair(dict(CATEGORY_COLOURS))[0] >= 40, closest_pair(dict(CATEGORY_COLOURS))
    assert all(contrast_with_white(colour) >= 4.5 for colour in CATEGORY_COLOURS.values())
    assert all(theme.contrast(colour, theme.PARCHMENT) >= 4.5 for colour in CATEGORY_COLOURS.values())  # as words


def test_the_words_on_a_characters_card_band_read_in_both_palettes() -> None:
    """The colour-blind palette's yellow for Ron left "Character" on his card's band at 1.9:1 (the diff's review):
    each character's band is darkened as far as its words need to read at AA."""
    from tabletop.ui.tables.house_cup_challenge.faces import CHARACTER_COLOURS, card_band, character_face

    ink = (255, 244, 220)  # the band's words (faces.BAND_INK)

    App((1280, 800), settings=Settings(volume=0.0))
    for name in (theme.STANDARD, theme.COLOUR_BLIND):
        theme.set_palette(name)
        for character in CHARACTER_COLOURS:
            face = character_face(character, 240)  # the card as drawn: its band's colour, read at the band's end
            band = card_band(240)
            colour = tuple(face.get_at((band.right - 6, band.centery)))[:3]
            assert theme.contrast(colour, ink) >= theme.AA, (name, character, colour)
