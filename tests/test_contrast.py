"""Every line of text the app draws reads at WCAG 2.x AA against what is under it, in both palettes (issue 18).

The real app draws real screens (menu, new game, settings, load, history, statistics, rules, a dialog, the four
setups, the privacy cover, the example saves once the cover is passed, Stupéfix's 8 seats, That's Wizard! with a
card chosen and its spellbook editor, each game's guided first game with its coach's bubbles) onto a tracking surface;
``tests/contrast_probe.py`` measures each text against the mean colour of the pixels under its rectangle just
before it is drawn (a text on a card face or a composed label is measured against the face's own pixels over what
the face is laid on). AA asks 4.5:1 of normal text and 3:1 of large text: at least 24 px letters, or 18.66 px bold
(WCAG's 18 pt / 14 pt bold).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.games import GAMES
from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.contrast_probe import Measure, TrackingSurface, probing
from tests.ui_driver import Driver, open_past_cover

SIZE = (1280, 800)
TABLES = tuple(sorted(path.stem for path in asset_dir("saves").glob("*.json")))  # every example save


def open_table(app: App, save: str) -> None:
    """The save opened and the privacy cover passed (a finished game opens on its results)."""
    open_past_cover(app, asset_dir("saves") / f"{save}.json")


def cover(app: App, save: str) -> None:
    assert app.go.open_save(asset_dir("saves") / f"{save}.json") is None
    driver = Driver(app)
    for _ in range(3000):
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(30)
            return
    raise AssertionError(f"{save}: no privacy cover came")


def stupefix_eight_seats(app: App, phase: str) -> None:
    """Stupéfix's 8-seat table (two people, six greedy bots), played to round 3's ``phase`` (the count is not
    started: the drawing is a settled one)."""
    from tabletop.bots import make_bot
    from tabletop.core import Match, SeatInfo
    from tabletop.core.rng import Rng

    game = GAMES["stupefix"]
    seats = [SeatInfo(f"P{n + 1}", "human" if n in (0, 2) else "greedy") for n in range(8)]
    match = Match(game, seats, game.default_options(8), 88)
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(88)
    while not (match.state.round == 3 and match.state.phase == phase):
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    app.go.table(match)
    pass_covers(app)


def pass_covers(app: App) -> None:
    """Every privacy cover passed (the table's, then the one for the person whose turn comes) until none comes
    for a second."""
    driver, quiet = Driver(app), 0
    for _ in range(600):
        driver.frames(1)
        quiet += 1
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(30)
            app.scenes.top.ready()
            quiet = 0
        if quiet >= 60:
            return
    raise AssertionError("privacy covers kept coming")


def guided(app: App, game_id: str) -> None:
    app.go.guided(game_id)
    pass_covers(app)


def card_chosen(app: App) -> None:
    """That's Wizard! Duos with a card of the hand tapped: the dial rings the values it allows, in gold."""
    open_table(app, "thats-wizard-duos")
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    card = next(table.hits.of_kind("hand")).rect.center
    Driver(app).tap(card)
    Driver(app).frames(10)
    assert table.dial.allowed


SCREENS: dict[str, Callable[[App], None]] = {
    "menu": lambda app: app.go.menu(),
    "new game": lambda app: app.go.new_game(),
    "settings": lambda app: app.go.settings(),
    "load": lambda app: app.go.load(),
    "history": lambda app: app.go.history(),
    "rules": lambda app: app.go.rules("stupefix"),
    "statistics": lambda app: app.go.statistics(),
    "dialog": lambda app: app.go.dialog("Leave?", "It is saved.", [("Leave", lambda: None), ("Stay", lambda: None)]),
    **{f"setup {game}": (lambda app, game=game: app.go.setup(GAMES[game])) for game in sorted(GAMES)},
    "privacy cover": lambda app: cover(app, "house-cup-4p-midround"),
    **{save: (lambda app, save=save: open_table(app, save)) for save in TABLES},
    "stupefix 8 seats, preparing": lambda app: stupefix_eight_seats(app, "prepare"),
    "stupefix 8 seats, sharing the rewards": lambda app: stupefix_eight_seats(app, "draft"),
    "thats-wizard-duos, a card chosen": card_chosen,
    "spellbook editor": lambda app: app.scenes.push(SpellbookEditor(app)),
    "spellbook editor, a spell of every school chosen": lambda app: editor_every_school(app),
    **{f"guided {game}": (lambda app, game=game: guided(app, game)) for game in sorted(GAMES)},  # coach bubbles
}


def editor_every_school(app: App) -> None:
    """The editor in Duos with a spell of every school chosen, and a Duos spell: each cell in its school's colour
    (the dim level line under the name was 2.1:1 on Charms' pink)."""
    from tabletop.games.thats_wizard.cards import CARDS

    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    editor.mode.index = 1
    schools = {card.school: name for name, card in CARDS.items() if not card.duos}
    editor.spells = [*schools.values(), next(name for name, card in CARDS.items() if card.duos)]


def measure(monkeypatch: pytest.MonkeyPatch, palette: str, screen: str) -> tuple[list[Measure], int]:
    """The screen drawn once through the probe: its texts' measures and how many texts were made for it."""
    app = App(SIZE, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", palette=palette))
    assert theme.palette().name == palette
    SCREENS[screen](app)
    Driver(app).frames(20)
    with probing(monkeypatch) as probe:
        app.screen = TrackingSurface(SIZE)
        app.draw()
        return probe.measures, len(probe.texts)


def report(measures: list[Measure]) -> list[str]:
    return sorted(
        {  # a text drawn in many places is told once
            f"{m.ratio:.2f} < {m.needed} {m.text.message!r} {m.text.colour} on {m.background} "
            f"({m.text.em:.0f} px{' bold' if m.text.bold else ''}) at {m.where}"
            for m in measures
            if m.ratio < m.needed
        }
    )


@pytest.fixture(autouse=True)
def standard_palette_after() -> object:
    yield
    theme.set_palette(theme.STANDARD)


@pytest.mark.parametrize("palette", [theme.STANDARD, theme.COLOUR_BLIND])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_text_reads_at_wcag_aa(monkeypatch: pytest.MonkeyPatch, palette: str, screen: str) -> None:
    measures, made = measure(monkeypatch, palette, screen)
    assert len(measures) >= (3 if screen in ("privacy cover", "history") else 8), (
        f"{screen}: only {len(measures)} texts measured of {made} made"
    )
    failing = report(measures)
    assert not failing, f"{screen} in {palette}: {len(failing)} texts below AA:\n" + "\n".join(failing)


def test_the_contrast_ratio_is_wcags() -> None:
    assert theme.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert theme.contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # WCAG's own example
    assert theme.contrast((255, 0, 0), (255, 0, 0)) == 1


def test_the_probe_sees_a_dim_text_on_a_light_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe's own check: a grey word on a card face laid on the felt is measured against the face."""
    theme.set_palette(theme.STANDARD)
    App(SIZE, settings=Settings(volume=0.0))
    with probing(monkeypatch) as probe:
        import pygame

        screen = TrackingSurface(SIZE)
        screen.fill((20, 60, 30))
        face = pygame.Surface((200, 100), pygame.SRCALPHA)
        face.fill((240, 240, 240, 255), (0, 0, 200, 100))
        label = pygame.Surface((150, 40), pygame.SRCALPHA)
        theme.write(label, "grey words", 16, (170, 170, 170), topleft=(0, 0))
        face.blit(label, (10, 10))
        screen.blit(face, (100, 100))
    (seen,) = probe.measures
    assert seen.text.message == "grey words"
    assert seen.background == (240, 240, 240)
    assert seen.ratio == pytest.approx(theme.contrast((170, 170, 170), (240, 240, 240)))
    assert seen.where == (10, 10)  # measured on the face, the first opaque thing under it
