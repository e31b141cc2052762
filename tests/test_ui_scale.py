"""The interface scale (75% to 200%) and large text (issue 18): chosen in Settings by keys, kept in the settings
file, applied to every screen at once, and every screen keeps what can be pressed inside the window at each
size (SDL's dummy driver, the real scenes)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.paths import asset_dir
from tabletop.ui import charts, theme, widgets
from tabletop.ui.app import App
from tabletop.ui.keyboard import Target
from tabletop.ui.scenes import words
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings, load_settings, settings_path
from tabletop.ui.tables import focus
from tabletop.ui.tables.base import GameTable
from tests.drawn_text import drawn_afresh, record_drawn
from tests.ui_driver import Driver, open_past_cover

EXAMPLES = (
    "house-cup-4p-midround.json",
    "house-cup-challenge-year4.json",
    "stupefix-7p-round6-draft.json",
    "thats-wizard-duos.json",
)


@pytest.fixture(autouse=True)
def normal_scale() -> Iterator[None]:
    """The scale is the theme's (one per process): later tests get the standard one back."""
    yield
    theme.Scale.configure(100, False)
    theme.Scale.update(theme.BASE_SIZE)


def opened(size: tuple[int, int], **choices: object) -> tuple[App, Driver]:
    """The app in a window of ``size`` with ``quiet(**choices)``, its first frames drawn."""
    app = App(size, settings=quiet(**choices))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def quiet(**choices: object) -> Settings:
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant")
    for name, value in choices.items():
        setattr(settings, name, value)
    return settings


def test_the_scale_grows_everything_as_far_as_the_layouts_have_room():
    theme.Scale.configure(100, False)
    theme.Scale.update((3840, 2160))
    fit = theme.Scale.factor
    assert fit == pytest.approx(2.7)
    theme.Scale.configure(75, False)
    assert theme.Scale.factor == pytest.approx(fit * 0.75)
    assert abs(theme.px(1000) - 2025) <= 1  # 2.7 x 0.75 pixels a design pixel
    theme.Scale.configure(200, False)
    # Twice the fit would leave the layouts 960x540 design pixels: they get their smallest room instead.
    room = min(3840 / theme.SMALLEST_ROOM[0], 2160 / theme.SMALLEST_ROOM[1])
    assert fit < theme.Scale.factor == pytest.approx(room)
    assert 3840 / theme.Scale.factor >= theme.SMALLEST_ROOM[0] - 1
    assert 2160 / theme.Scale.factor >= theme.SMALLEST_ROOM[1] - 1
    theme.Scale.update((1280, 800))  # a window with the design's size: 200% is as much as its room allows
    assert theme.Scale.factor == pytest.approx(min(1280 / theme.SMALLEST_ROOM[0], 800 / theme.SMALLEST_ROOM[1]))


def test_large_text_makes_every_text_a_quarter_larger_and_the_smallest_18_pixels():
    theme.Scale.configure(100, False)
    theme.Scale.update((1280, 800))
    normal, small = theme.font_px(24), theme.font_px(10)
    assert (normal, small) == (24, 14)
    assert theme.Scale.configure(100, True)
    assert theme.font_px(24) == 30 and theme.font_px(10) == 18
    assert theme.px(100) == 100  # lengths are the scale's alone
    assert not theme.Scale.configure(100, True)  # nothing changes: nothing to draw again


def focused_widget(scene: SettingsScene) -> object:
    return scene.keys.focused()


def test_the_interface_size_and_large_text_are_chosen_by_keys_and_kept():
    app, driver = opened((1280, 800))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    app.go.settings()
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.frames(1)
    for _ in range(20):  # Tab until the interface size is focused
        driver.key(pygame.K_TAB)
        if focused_widget(scene) is scene.scale:
            break
    assert focused_widget(scene) is scene.scale
    before_factor, before_rect = theme.Scale.factor, scene.done.rect.copy()
    driver.key(pygame.K_RIGHT)
    driver.frames(1)
    assert app.settings.ui_scale == 125
    assert scene.scale.value == "125% (at most 116%)"  # (the layouts keep a least room)
    assert theme.Scale.factor > before_factor
    assert scene.done.rect.height > before_rect.height  # the screen was laid out again at once
    driver.key(pygame.K_TAB)
    assert focused_widget(scene) is scene.large_text
    text_before = theme.font_px(22)
    driver.key(pygame.K_RIGHT)
    driver.frames(1)
    assert app.settings.large_text and theme.font_px(22) > text_before
    kept = json.loads(settings_path().read_text(encoding="utf-8"))
    assert (kept["ui_scale"], kept["large_text"]) == (125, True)
    assert (load_settings().ui_scale, load_settings().large_text) == (125, True)
    driver.key(pygame.K_LEFT)  # large text off again
    driver.frames(1)
    assert not app.settings.large_text and theme.font_px(22) == text_before
    pygame.quit()


def test_a_broken_scale_in_the_settings_file_falls_back_to_100(tmp_path: Path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui_scale": 130, "large_text": "yes", "reduce_motion": True}))
    settings = load_settings(path)
    assert (settings.ui_scale, settings.large_text, settings.reduce_motion) == (100, False, True)
    assert settings.motion_factor == 0.0 and settings.animation_factor == 1.0  # the pace is kept


def outside(targets: list[Target], size: tuple[int, int]) -> list[str]:
    screen = pygame.Rect((0, 0), size)
    return [f"{target.kind} {target.item!r} at {target.rect}" for target in targets if not screen.contains(target.rect)]


def widget_targets(scene: object) -> list[Target]:
    keys = getattr(scene, "keys", None)
    assert keys is not None, f"{scene} has no keyboard focus"
    return list(keys.targets())


def unscrolled(scene: object) -> list[Target]:
    """The scene's targets but those of a scrolling list scrolled past its view (they are reached by scrolling),
    and the list's view itself: it must lie inside the window."""
    scroll = getattr(scene, "scroll", None)
    if scroll is None:
        return widget_targets(scene)
    view = scroll.rect

    def scrolled_away(rect: pygame.Rect) -> bool:
        return view.left <= rect.centerx <= view.right and (rect.top < view.top or rect.bottom > view.bottom)

    kept = [target for target in widget_targets(scene) if not scrolled_away(target.rect)]
    return [*kept, Target("list", "view", view.copy())]


MENU_SCREENS: dict[str, Callable[[App], None]] = {
    "new game": lambda app: app.go.new_game(),
    "load": lambda app: app.go.load(),
    "history": lambda app: app.go.history(),
    "statistics": lambda app: app.go.statistics(),
    "rules": lambda app: app.go.rules("house-cup"),
    "settings": lambda app: app.go.settings(),
}


@pytest.mark.parametrize(
    ("window", "percent", "large_text"),
    [
        ((1024, 640), 200, True),
        ((1280, 720), 200, True),
        ((1280, 720), 75, False),
        ((1920, 1080), 150, True),
        ((1080, 1920), 100, False),  # a touchscreen stood on its side
        ((1024, 1280), 150, True),
        ((1080, 1920), 200, True),  # upright, at its largest: laid out in 900 design pixels' width, as a tablet
    ],
)
def test_every_screen_keeps_what_can_be_pressed_inside_the_window(window, percent, large_text):
    app, driver = opened(window, ui_scale=percent, large_text=large_text)
    assert theme.Scale.interface == percent / 100
    size = app.screen.get_size()  # (what is drawn: an upright 800x1280 is drawn at 1024x1639, shown scaled down)
    screens: dict[str, list[str]] = {}
    screens["menu"] = outside(widget_targets(app.scenes.top), size)
    for name, go in MENU_SCREENS.items():
        go(app)
        driver.frames(1)
        screens[name] = outside(unscrolled(app.scenes.top), size)
        app.scenes.pop()
    for game_id, game in GAMES.items():
        app.go.setup(game)
        driver.frames(2)
        setup = app.scenes.top
        assert isinstance(setup, SetupBase)
        screens[f"setup {game_id}"] = outside(widget_targets(setup), size)
    for name in EXAMPLES:
        driver = open_past_cover(app, asset_dir("saves") / name)
        table = app.scenes.stack[0]
        assert isinstance(table, GameTable)
        driver.frames(2)
        targets = focus.widget_targets(table.controls())
        screens[name] = outside(targets, size)
    open_past_cover(app, asset_dir("saves") / "house-cup-scoring-example.json")  # (finished: its results)
    screens["results"] = outside(widget_targets(app.scenes.top), size)
    assert {screen: wrong for screen, wrong in screens.items() if wrong} == {}
    pygame.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_menus_crests_stand_clear_of_its_buttons_with_large_text(size):
    """At the largest interface scale with large text the title and its line took more room and Continue covered
    the lower half of the four crests (a reviewer reading with large text): they are smaller there now, clear of
    the buttons, and as large as before at 100%."""
    app, driver = opened(size, ui_scale=200, large_text=True, language="ru")
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and len(menu.crests) == 4
    assert all(crest.bottom <= menu.buttons[0].rect.top for crest in menu.crests)
    pygame.quit()
    app, driver = opened(size)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and all(crest.height == theme.px(64) for crest in menu.crests)
    pygame.quit()


def test_in_a_tall_window_the_menus_title_stands_just_above_its_buttons():
    """It stood at the top of the window, 800 px above the buttons in the window's middle at 1080x1920."""
    app, driver = opened((1080, 1920))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    band = pygame.Rect(340, 0, 400, menu.buttons[0].rect.top)  # the title's letters, over the buttons' middle
    gold = [
        y
        for y in range(band.top, band.bottom, 2)
        if any(near(app.screen.get_at((x, y)), theme.GOLD_LIGHT) for x in range(band.left, band.right, 2))
    ]
    assert gold and menu.buttons[0].rect.top - gold[0] < theme.px(260)
    pygame.quit()


def near(colour: tuple[int, ...], wanted: tuple[int, int, int]) -> bool:
    """``colour`` is ``wanted`` but for the rounding of a smoothed text (a pixel or two off in each channel)."""
    return all(abs(a - b) <= 3 for a, b in zip(colour[:3], wanted, strict=True))


@pytest.mark.parametrize(("size", "middle"), [((1080, 1920), True), ((1280, 800), False)])
def test_in_a_tall_window_the_new_game_list_stands_in_the_middle_under_its_title(size, middle):
    """It stood at the window's top with 1,000 px of empty floor under it at 1080x1920."""
    app, driver = opened(size)
    app.go.new_game()
    driver.frames(1)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    games = scene.rects[0].unionall(scene.rects[1:])
    if middle:
        assert abs(games.centery - size[1] // 2) < size[1] * 0.05
    else:  # a wide window's list where it always stood
        assert (games.top, scene.title_top) == (theme.px(130), theme.px(40))
    assert 0 < games.top - scene.title_top <= theme.px(100)  # the title just over the list
    pygame.quit()


def test_a_choice_panels_whole_explanation_is_drawn_with_large_text_in_russian(monkeypatch):
    """The choice panel kept two lines for its explanation: in Russian with Large text at 1024x640 Stupéfix's
    draft lost the end of "the rewards of round 7: ..." and its title ran under "Peek at the table". Every word
    of the explanation is now drawn, in order."""
    drawn = record_drawn(monkeypatch)
    app = App((1024, 640), settings=quiet(language="ru", large_text=True))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-7p-round6-draft.json")
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.panel is not None
    explain = table.panel.explain
    assert len(explain) > 100
    assert " ".join(explain.split()) in drawn_afresh(driver, drawn)
    pygame.quit()


def test_the_new_game_list_tells_each_games_whole_description_with_large_text_in_russian(monkeypatch):
    """The New game list kept one line for what each game is about: in Russian with Large text at 1024x640
    House Cup's ended "...с помощью тайных" and That's Wizard!'s "диски Силы заклинания,". Every word is now drawn."""
    drawn = record_drawn(monkeypatch)
    app, driver = opened((1024, 640), language="ru", large_text=True)
    app.go.new_game()
    said = drawn_afresh(driver, drawn)
    for game in GAMES.values():
        blurb = game.gettext(game.blurb)
        assert blurb != game.blurb and " ".join(blurb.split()) in said, game.id
    pygame.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1080, 1920)])
def test_a_new_game_list_of_six_games_stands_above_back_and_tells_each_whole(monkeypatch, size):
    """The list kept each card 104 px tall: a fifth game's card ended 5 px above Back at 1024x640 and a sixth ran
    under it. The cards now share the room above Back, each game's name and whole description inside its card
    (Russian, Large text: the longest words)."""
    from tabletop.ui.scenes import newgame

    games = list(GAMES.values())
    six = {game.id: game for game in games} | {f"{game.id}-again": game for game in games[:2]}
    monkeypatch.setattr(newgame, "GAMES", six)
    drawn = record_drawn(monkeypatch)
    app, driver = opened(size, language="ru", large_text=True)
    app.go.new_game()
    said = drawn_afresh(driver, drawn)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene) and len(scene.rects) == 6
    for above, below in zip(scene.rects, scene.rects[1:], strict=False):
        assert above.bottom < below.top
    assert scene.rects[-1].bottom < scene.back_button.rect.top
    for game in scene.entries:
        assert " ".join(newgame.blurb(game).split()) in said, game.id
    for rect, button in zip(scene.rects, scene.buttons, strict=True):
        assert rect.contains(button.rect)
    assert all(rect.height >= theme.px(68) for rect in scene.rects)
    pygame.quit()


def test_the_load_list_tells_each_examples_whole_description_with_large_text_in_russian(monkeypatch):
    """A save's row kept one line for what the save is: in Russian with Large text at 1024x640 the scoring
    example lost "затем выбирает набор для «Маховика времени»" (and in English with Large text too). Rows now
    hold two lines; each example's whole description is drawn while its row is on screen."""
    drawn = record_drawn(monkeypatch)
    app, driver = opened((1024, 640), language="ru", large_text=True)
    app.go.load()
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    told = ""
    while True:
        told += drawn_afresh(driver, drawn)
        if load.scroll.offset >= load.scroll.content_height - load.scroll.rect.height:
            break
        load.scroll.offset = min(load.scroll.offset + load.scroll.rect.height // 2, load.scroll.content_height)
        load.scroll.clamp()
    described = [info for _section, info in load.entries if info.description]
    assert len(described) >= 8
    for info in described:
        assert " ".join(words.description(info.description).split()) in told, info.path.name
    pygame.quit()


def test_a_line_charts_turned_axis_name_stays_beside_its_plot():
    """With Large text the statistics' "win rate over time" chart is short, and its axis name turned up the side
    ("доля побед (%)" in Russian) ran up into the subtitle. It is no taller than the plot now: the title and
    subtitle rows look the same under a long axis name as under a short one."""
    app = App((1024, 640), settings=quiet(large_text=True))
    Driver(app).frames(1)
    size, title, subtitle = (440, 150), "Win rate over time", "the last 20 games after each game"
    _surface, room = charts.frame(size, title, subtitle)

    def heading(y_label: str) -> bytes:
        chart = charts.line_chart(size, title, [0.0, 25.0, 20.0, 40.0], subtitle=subtitle, y_label=y_label)
        return pygame.image.tobytes(chart.subsurface(pygame.Rect(0, 0, size[0], room.top)), "RGB")

    assert heading("win rate over the last twenty games (%)") == heading("%")
    pygame.quit()


def test_a_long_prompt_takes_two_lines_of_its_banner_rather_than_half_its_width():
    """House Cup's banner told "Выложено в расписание: ... (в колоде осталось 52 карты)." squeezed to half its
    width with Large text at 1024x640 (the banner is the timetable's width). A prompt that does not fit one line
    now takes two, each at full width and at least 60% of the size, within the banner's height; a short one is
    the plain line; one that fits neither is squeezed (nothing is lost)."""
    app = App((1024, 640), settings=quiet(language="ru", large_text=True))
    Driver(app).frames(1)
    told = "Выложено в расписание: Помощь первокурсникам; Помощь с формой; Неприятность (в колоде осталось 52 карты)."
    width, height = theme.px(560), theme.px(40)
    one_line = theme.text(told, 21, theme.TEXT, bold=True)
    assert one_line.get_width() > width * 1.3  # (it would be squeezed to under three quarters)
    label = widgets.prompt_label(told, 21, theme.TEXT, width, height)
    smallest = theme.ui_font(round(21 * 0.6), True).get_height()
    assert label.get_width() <= width and 2 * smallest <= label.get_height() <= height
    short = widgets.prompt_label("Ada: положите жетон.", 21, theme.TEXT, width, height)
    assert short.get_size() == theme.text("Ada: положите жетон.", 21, theme.TEXT, bold=True).get_size()
    squeezed = widgets.prompt_label(told * 3, 21, theme.TEXT, width, height)
    assert squeezed.get_width() <= width and squeezed.get_height() < 2 * smallest
    pygame.quit()


@pytest.mark.every_frame
def test_no_screen_leaves_out_lines_of_its_text_with_large_text_in_russian(monkeypatch):
    """A block of text given less room than its lines (the choice panel's explanation, a dialog's message, the
    New game and Load lists' descriptions, a player's score lines) used to drop its last lines without a sign.
    In Russian with Large text at 1024x640, the longest words at the least room, every block of the shell's
    screens, of the nine examples' tables and of each game's results is drawn whole."""
    dropped: list[str] = []
    draw = theme.draw_text_block

    def whole(surface, message, rect, size, colour=theme.TEXT, bold=False, line_gap=1.15):
        used = draw(surface, message, rect, size, colour, bold, line_gap)
        if used < len(theme.wrap(message, size, rect.width, bold)) * round(theme.font_px(size) * line_gap):
            dropped.append(message)
        return used

    monkeypatch.setattr(theme, "draw_text_block", whole)

    def new() -> tuple[App, Driver]:
        app = App((1024, 640), settings=quiet(language="ru", large_text=True))
        return app, Driver(app)

    app, driver = new()
    driver.frames(2)
    for go in (app.go.new_game, app.go.settings, app.go.load, app.go.history, app.go.statistics):
        go()
        driver.frames(2)
    for game in GAMES.values():
        app.go.setup(game)
        driver.frames(2)
    pygame.quit()
    for name in sorted(path.name for path in asset_dir("saves").glob("*.json")):
        app, _driver = new()
        open_past_cover(app, asset_dir("saves") / name).frames(5)
        pygame.quit()
    for game_id, players in (("stupefix", 8), ("house-cup", 4), ("house-cup-challenge", 4), ("thats-wizard", 4)):
        game = GAMES[game_id]
        seats = [SeatInfo(f"P{seat}", "human") for seat in range(players)]
        match = Match(game, seats, game.default_options(players), 7)
        rng = Rng.from_seed(3)
        while match.result() is None:
            legal = game.legal(match.state, match.to_act()[0])
            match.apply(legal[rng.below(len(legal))])
        app, driver = new()
        app.go.table(match)
        for _ in range(200):
            if isinstance(app.scenes.top, ResultsScene):
                break
            driver.frames(5)
        assert isinstance(app.scenes.top, ResultsScene), game_id
        driver.frames(2)
        pygame.quit()
    assert dropped == []


def test_a_win_rate_of_nothing_is_drawn_on_an_axis_to_a_hundred(monkeypatch):
    """Every game lost: the win rate over time was drawn on an axis from 0 to 1 under "win rate (%)", read as 1%.
    The statistics ask the chart for an axis up to 100."""
    app = App((1280, 800), settings=quiet())
    Driver(app).frames(1)
    drawn = record_drawn(monkeypatch)
    theme.reset_caches()
    charts.line_chart((440, 200), "Win rate over time", [0.0, 0.0, 0.0], y_label="win rate (%)", top=100.0)
    assert "100" in drawn and "0.5" not in drawn and "0.25" not in drawn
    pygame.quit()


def test_a_line_chart_of_one_game_numbers_its_axis_once():
    """Statistics after a single game: the x axis read "1" at both of its ends (the first-run review); its one
    point stands in the middle, its number under it."""
    assert charts.game_numbers(1) == [("1", "middle")]
    assert charts.game_numbers(12) == [("1", "left"), ("12", "right")]


def test_a_results_headline_too_long_for_the_window_is_fitted_within_it():
    """House Cup Challenge's Russian headline with Large text at 1024x640 ran off both edges of the window."""
    import dataclasses

    from tabletop.core import load_match
    from tabletop.ui.tables.house_cup.results import tallies
    from tabletop.ui.theme import px

    app = App((1024, 640), settings=quiet(large_text=True))
    driver = Driver(app)
    app.go.table(load_match(asset_dir("saves") / "house-cup-scoring-example.json", GAMES))
    driver.frames(2)
    table = app.scenes.stack[0]
    data = dataclasses.replace(tallies(table.session), headline="Невилл Долгопупс побеждает, " * 4)
    app.scenes.push(ResultsScene(app, table.session, data))
    driver.frames(2)
    band = pygame.Rect(0, px(20), px(12), px(40))
    assert all(
        sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], theme.GOLD_LIGHT, strict=True)) > 60
        for x in range(band.left, band.right)
        for y in range(band.top, band.bottom)
    ), "the headline runs to the window's edge"
    pygame.quit()


def test_every_tables_buttons_are_fingertip_high_on_a_landscape_touchscreen():
    """Stupéfix's Log, Undo, Rules and Menu and its "Watch the last round again" were 31 px high at 1366x768, a
    touchscreen laptop's size, where people pass the screen round by finger (a review of eight people by touch):
    every table's buttons, its own and the bar's, are at least 36 px high there."""
    app, _driver = opened((1366, 768))
    assert low_buttons(app, 36) == {}
    pygame.quit()


def on_glass(app: App, length: int) -> float:
    """A length of the drawn screen in pixels of the window (a window under the least size is drawn larger and
    shown scaled down: ``theme.canvas_size``)."""
    return length * app.display.get_width() / app.screen.get_width()


def low_buttons(app: App, least: float) -> dict[str, list[tuple[str, int]]]:
    """Each example table's buttons under ``least`` pixels high in the window (drawn larger and shown smaller
    in a window under the screens' least size), by example, with their heights."""
    low: dict[str, list[tuple[str, int]]] = {}
    for name in EXAMPLES:
        driver = open_past_cover(app, asset_dir("saves") / name)
        table = app.scenes.stack[0]
        assert isinstance(table, GameTable)
        driver.frames(2)
        buttons = [w for w in table.controls() if w.visible and isinstance(w, widgets.Button)]
        heights = [(w.label, on_glass(app, w.rect.height)) for w in buttons]
        low[name] = [(label, round(height)) for label, height in heights if height < least]
    return {name: found for name, found in low.items() if found}


def test_house_cups_timetable_keeps_its_height_at_a_larger_interface_size():
    """At 1920x1080 and 200% the viewer's band at the foot grew with the interface and the timetable's cards
    shrank under it, the band mostly empty (an accessibility review): the band stays as tall as at 100%."""
    from tabletop.ui.tables.house_cup.layout import compute

    theme.reset_caches()  # (the layout measures its buttons' words: fonts made afresh after another test's quit)
    heights = {}
    for percent in (100, 200):
        theme.Scale.configure(percent, False)
        theme.Scale.update((1920, 1080))
        heights[percent] = compute((1920, 1080), 0, 4).me.height
    assert heights[200] <= heights[100] + 3


def test_a_tablet_held_upright_gets_larger_buttons_from_the_interface_size():
    """A 768x1024 tablet held upright is drawn at 1024 pixels' width and shown at 75%: its buttons were 22 to 24
    pixels high, and 200% made them 28 (its layouts were given the room of a landscape window, 1100 design
    pixels wide; a review by touch). An upright window's layouts stack their blocks and make do with 900: at 200%
    every table's buttons are over 32 pixels high on the glass."""
    app, _driver = opened((768, 1024), ui_scale=200)
    assert low_buttons(app, 32) == {}
    pygame.quit()


def test_house_cups_choice_tokens_are_a_quarter_larger_with_large_text():
    """The number and house letter on the tokens under the days, 6-8 px at 1366x768, stayed so with Large text
    (the raw font, sized by the token), and colour-blind players read whose a token is by its letter (an
    accessibility review): the tokens grow with Large text."""
    from tabletop.ui.tables.house_cup.layout import compute

    theme.reset_caches()  # (the layout measures its buttons' words: fonts made afresh after another test's quit)
    radii = {}
    for large in (False, True):
        theme.Scale.configure(100, large)
        theme.Scale.update((1366, 768))
        radii[large] = compute((1366, 768), 0, 4).token_r
    assert radii[True] > radii[False] and abs(radii[True] - radii[False] * theme.LARGE_TEXT) <= 1


def test_a_tablet_held_upright_gets_its_menus_and_setups_at_a_size_for_fingers_and_its_tables_as_they_were():
    """At 800x1280 the menu's screens were laid out for the landscape design's 1280 pixels' width, drawn at 62%:
    the main menu a column of 28% of the width with buttons 31 px high, a setup's Back and Start 31 px high. They are
    laid out in the tall room's 900 now; a table keeps the tables' scale, and the menu is laid out again on return."""
    app, driver = opened((800, 1280))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert theme.Scale.menus > theme.Scale.tables and theme.Scale.factor == theme.Scale.menus
    assert all(button.rect.width >= 0.38 * app.screen.get_width() for button in menu.buttons)
    assert min(on_glass(app, button.rect.height) for button in menu.buttons) >= 38
    app.go.setup(GAMES["house-cup"])
    driver.frames(1)
    setup = app.scenes.top
    assert isinstance(setup, SetupBase)
    assert on_glass(app, setup.start.rect.height) >= 40
    setup.start.action()  # a game: the tables' scale
    driver.frames(2)
    assert theme.Scale.factor == theme.Scale.tables
    app.go.menu()
    driver.frames(1)
    assert theme.Scale.factor == theme.Scale.menus
    again = app.scenes.top
    assert isinstance(again, MenuScene)
    assert all(button.rect.width >= 0.38 * app.screen.get_width() for button in again.buttons)
    pygame.quit()


@pytest.mark.parametrize(
    ("size", "choices", "rows"),
    [
        ((800, 1280), {"language": "fr"}, 1),  # a tablet held upright: the tabs on a row, the search under them
        ((1080, 1920), {"language": "ru", "ui_scale": 200, "large_text": True}, 2),  # the longest names: two rows
        ((1280, 800), {"language": "fr"}, 0),  # landscape: the tabs and the search on one row, as before
    ],
)
def test_the_rules_are_read_upright_at_the_menus_size_their_search_on_a_row_of_its_own(size, choices, rows):
    """Upright, the Rules screen stayed at the tables' scale (its words and tabs the size of a table's at 800x1280,
    small under a finger): at the menus' scale its tabs and search field would have been squeezed on one row. It
    is at the menus' scale now, F1 from the menu; where the row is too narrow the search field has a row of its
    own under the tabs, each tab wide enough for its game's whole name at its size. A landscape window's Rules
    are laid out as before."""
    from tabletop.ui.scenes.rules import RulesScene

    app, driver = opened(size, **choices)
    driver.key(pygame.K_F1)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and len(rules.tabs) == 4
    assert theme.Scale.factor == theme.Scale.menus
    screen = pygame.Rect((0, 0), app.screen.get_size())
    for tab in rules.tabs:
        assert screen.contains(tab.rect), tab.label
        assert theme.text(tab.label, tab.size, bold=True).get_width() <= tab.rect.width - theme.px(12), tab.label
    tabs = rules.tabs[0].rect.unionall([tab.rect for tab in rules.tabs])
    if rows:
        assert len({tab.rect.top for tab in rules.tabs}) == rows
        assert rules.search.rect.top > tabs.bottom and rules.search.rect.width > theme.px(320)
        assert min(on_glass(app, tab.rect.height) for tab in rules.tabs) >= 40
    else:
        assert rules.search.rect.top == tabs.top and rules.search.rect.left > tabs.right
        assert rules.box.top == theme.px(96)
    assert rules.box.top > rules.search.rect.bottom and screen.contains(rules.search.rect)
    pygame.quit()


def test_a_table_keeps_its_layout_when_settings_opened_from_its_pause_menu_closes_upright():
    """Upright, Settings opened from a table's pause menu is laid out at the menus' scale: every screen was then
    laid out again, on the way there and back, and House Cup's token piles were made anew and tumbled again, as
    after a window's resize. A screen is laid out again only when shown at a scale other than its own: the table
    keeps its layout and its piles (and is laid out at its own scale again after words in another language)."""
    app, _driver = opened((800, 1280))
    driver = open_past_cover(app, asset_dir("saves") / "house-cup-4p-midround.json")
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable) and theme.Scale.factor == theme.Scale.tables
    layout, pile = table.layout, table.supply_pile.space  # type: ignore[attr-defined]
    driver.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    settings_button = next(b for b in pause.buttons if b.label == "Settings")  # type: ignore[attr-defined]
    driver.tap(settings_button.rect.center)
    assert isinstance(app.scenes.top, SettingsScene) and theme.Scale.factor == theme.Scale.menus
    driver.key(pygame.K_ESCAPE)  # Settings closes onto the pause, over the table
    assert app.scenes.stack[0] is table and theme.Scale.factor == theme.Scale.tables
    assert table.layout is layout  # type: ignore[attr-defined]
    assert table.supply_pile.space is pile  # type: ignore[attr-defined]
    # Another language chosen there words the table again under Settings, at its scale: laid out at its own again.
    driver.tap(next(b for b in app.scenes.top.buttons if b.label == "Settings").rect.center)  # type: ignore[attr-defined]
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    for _ in range(20):  # Tab until the language is focused (the first key shows the focus)
        driver.key(pygame.K_TAB)
        if focused_widget(settings) is settings.language:
            break
    driver.key(pygame.K_RIGHT)
    assert app.settings.language != "en"
    driver.key(pygame.K_ESCAPE)
    assert table.layout is not layout and table.layout == layout  # type: ignore[attr-defined]
    pygame.quit()
