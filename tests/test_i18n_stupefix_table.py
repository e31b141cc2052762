"""Stupéfix's table speaks its catalogue's words: the app runs in a pseudo-language whose every message is its
English in brackets ("[Ready]", tabletop/locale/stupefix.pot and the shell's tabletop.pot), a whole game is set up
and played through the real app (the person's moves by posted pointer events, bots for the others), and every
string handed to the text renderer on the way (the setup screen, every prompt, panel, cue, caption, badge,
enlarged card, score sheet and the results) must be made of bracketed messages or of data (the seats' names).
A French and a Russian table show their own words; Russian counts take their three forms; and with reduced
motion nothing flies across the table while every caption keeps its time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from tabletop import i18n
from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.cards import HOUSES, REWARDS
from tabletop.games.stupefix.events import CastSpell, PointWand, TakeReward, TakeStupefix
from tabletop.games.stupefix.i18n import gettext
from tabletop.games.stupefix.terms import TERMS, short_name
from tabletop.paths import asset_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables import setup_scene_for
from tabletop.ui.tables.coach import Coach
from tabletop.ui.tables.stupefix import faces, pacing, painter, results
from tabletop.ui.tables.stupefix.faces import CARDS
from tabletop.ui.tables.stupefix.layout import seat_layout
from tabletop.ui.tables.stupefix.setup import WIZARDS, StupefixSetup
from tabletop.ui.tables.stupefix.table import SCORE, StupefixTable
from tabletop.ui.theme import px
from tests.drawn_text import drawn_afresh, record_drawn, squeezes_inside
from tests.pseudo_language import Shown, check, record_shown
from tests.stupefix_helpers import new, play_round, set_row
from tests.stupefix_ui_helpers import pass_privacy
from tests.ui_driver import Driver, open_past_cover

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)

PSEUDO = "xx"
DOMAINS = ("tabletop", "stupefix")
NAMES = ("Ada", "Bram", "Cleo", "Dov")
GAME_SEED = "2"  # the whole game's deal (this one once left a Private Lessons choice unasked: see below)


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    """The app in the pseudo-language of the shell's and Stupéfix's catalogues, every string drawn recorded."""
    record = record_shown(monkeypatch, tmp_path, PSEUDO, DOMAINS)
    record.data.update(WIZARDS)  # the seats' names are data
    record.data.add("Stupéfix")  # the game's title (a name)
    record.lines.update(card_name_pieces())
    return record


def card_name_pieces() -> set[str]:
    """The pieces a face may draw of a card's name that does not fit its band on one line (its lines, or as many
    whole words as fit), in the pseudo-language: parts of a catalogue's message."""
    pieces: set[str] = set()
    for entry in TERMS.values():
        for name in (entry["en"], entry.get("card", "")):
            words = f"[{name}]".split(" ")  # (a face's lines: any run of its words)
            pieces.update(
                " ".join(words[start:end]) for start in range(len(words)) for end in range(start + 1, len(words) + 1)
            )
    return pieces


def pseudo_app(**settings: object) -> tuple[App, Driver]:
    app = App((1280, 800), settings=Settings(volume=0.0, bot_speed="Instant", language=PSEUDO, **settings))  # type: ignore[arg-type]
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def situation(table: StupefixTable) -> str:
    """What kind of moment the table is telling now (the test checks that every kind was drawn)."""
    if table.reveal is not None:
        return f"reveal: {table.reveal.step().kind}"
    if table.beats:
        return "a beat's caption"
    if table.cue() is not None:
        return "the Ready cue"
    if table.panel is not None and table.choice is not None:
        return f"panel: {table.choice.kind}"
    if table.view.phase == "target":
        return "the count"
    return f"waiting: {table.view.phase}"


def play_to_the_end(driver: Driver, table: StupefixTable, seen: set[str], each_frame: Callable[[], None]) -> None:
    """The person's moves through the table's gestures (points most counts, lets one run out now and then),
    the bots' by themselves, until the results show; ``each_frame`` after every step."""
    app, session, rng = driver.app, table.session, random.Random(5)
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            return
        if top is table:
            seen.add(situation(table))
        told = top is table and (table.reveal is not None or table.beats)
        if pass_privacy(driver):
            pass
        elif told and table.view.round > 2:  # each kind of caption drawn already: a tap tells the rest faster
            driver.tap(table.layout.banner.center)
        elif top is table and table.cue() is not None:
            driver.tap(table.ready_button.rect.center)
        elif top is table and table.reveal is None and _person_moves(driver, table, rng):
            pass
        else:
            driver.frames(2)
        each_frame()
    raise AssertionError(f"the game did not finish: {session.phase}, round {table.view.round}")


def _person_moves(driver: Driver, table: StupefixTable, rng: random.Random) -> bool:
    session, state = table.session, table.session.match.state
    command = None
    if table.panel is not None and not table.panel.hidden and table.choice is not None:
        command = rng.choice(table.choice.view.legal)
    elif table.view.phase == "draft" and not table.view.tasks:
        drafter = table.view.drafter()
        if drafter is not None and session.is_human(drafter):
            command = rng.choice(GAME.legal(state, drafter))
    elif table.view.phase == "target" and table.can_point(0) and rng.random() < 0.8:
        command = rng.choice([c for c in GAME.legal(state, 0) if isinstance(c, PointWand) and c.target is not None])
    if command is None:
        return False
    driver.perform(table.gesture_for(command))
    return True


def test_a_whole_game_at_the_table_draws_only_the_catalogues_words(shown):
    app, driver = pseudo_app(animation="Fast")
    assert i18n.language() == PSEUDO
    scene = setup_scene_for(app, GAME)
    assert isinstance(scene, StupefixSetup)
    app.scenes.push(scene)
    driver.frames(2)
    while scene.players > 4:
        driver.tap(scene.players_choice.arrows()[0].center)
    assert scene.players == 4 and scene.rows[0].house.value == "[Gryffindor]"
    assert scene.chouchou_choice.options[0] == "[Random]"
    check(shown, "setup", lambda: driver.frames(1))
    driver.tap(scene.rows[1].house.arrows()[1].center)  # a wrong make-up: the rules' words under the panel
    assert scene.error and not scene.start.enabled
    check(shown, "setup (a wrong make-up)", lambda: driver.frames(1))
    driver.tap(scene.arrange.rect.center)  # Usual houses
    assert scene.start.enabled
    driver.tap(scene.seed_field.rect.center)  # the same deal every run
    for _ in range(9):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text(GAME_SEED)
    driver.key(pygame.K_RETURN)
    assert scene.seed == int(GAME_SEED)
    driver.tap(scene.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    assert table.session.humans() == [0] and GAME.check_options(4, table.session.match.options) is None
    assert table.session.match.seed == int(GAME_SEED)
    driver.frames(5)
    assert table.panel is not None and table.prompt()[0] == "[Choose your spell card in secret.]"

    check(shown, "the table (the spell to prepare)", lambda: driver.frames(1))
    for word in sorted(set(TERMS) - {"call", "your_turn", "stupefy_shout"}):  # every enlarged card of the table
        if word:
            check(shown, f"enlarged card: {word}", lambda word=word: table.zoom_face(word, px(320)))
    for house in HOUSES:  # the score sheets of the urns
        check(shown, f"score sheet: {house}", lambda house=house: table.zoom_face(SCORE + house, px(360)))
    table.show_zoom(next(iter(sorted(CARDS))), (640, 400))
    check(shown, "the table with an enlarged card", lambda: driver.frames(1))

    seen: set[str] = set()
    play_to_the_end(driver, table, seen, lambda: _nothing_escaped(shown))
    expected = {
        "panel: prepare",
        "panel: cast",
        "the Ready cue",
        "the count",
        "reveal: count",
        "reveal: cast",
        "reveal: fall",
        "reveal: share",
        "a beat's caption",
        "waiting: draft",
    }
    assert expected <= seen, expected - seen

    results_scene = app.scenes.top
    assert isinstance(results_scene, ResultsScene)
    check(shown, "results", lambda: driver.frames(1))
    data = results_scene.data
    assert all(line.startswith("[") for player in data.players for _, line, _ in player.lines)
    pygame.quit()


def test_a_choice_held_back_while_a_card_flies_opens_once_it_lands():
    """The person's Private Lessons taken, its caption tapped away while the card still flies: the choice of the
    Stupefy waits for the card to land, then opens (a whole game once stuck here, the table asking nothing)."""
    state = new(4, chouchou=0)
    play_round(state, spells={1: "stupefix", 3: "stupefix"}, protego={3})  # one face up, one face down
    set_row(state, ["cours", "points10", "points20", "chouchou"])
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "greedy") for name in NAMES[1:])]
    app.go.table(Match(GAME, seats, {**GAME.default_options(4), "chouchou": 0}, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable) and table.view.drafter() == 0
    driver.perform(table.gesture_for(TakeReward(0, "cours")))
    assert table.view.tasks == (("cours", 0),) and table.flights and table.panel is None
    while table.beats:  # a tap on the table: on to the next thing told
        driver.tap(table.layout.banner.center)
    assert table.flights and table.panel is None  # the card still on its way: the choice not yet
    for _ in range(300):
        if not table.busy():
            break
        driver.frames(1)
    driver.frames(1)
    assert table.panel is not None and table.choice is not None and table.choice.kind == "cours"
    driver.perform(table.gesture_for(TakeStupefix(0, False)))
    assert table.session.match.log[-1] == TakeStupefix(0, False)
    pygame.quit()


def _nothing_escaped(shown: Shown) -> None:
    assert shown.escaped() == [], "strings outside the catalogues at Stupéfix's table"


def test_the_guided_first_game_speaks_the_catalogues_words(shown):
    app, driver = pseudo_app(animation="Off")
    app.go.guided("stupefix", seed=4)
    table = app.scenes.top
    assert isinstance(table, StupefixTable) and isinstance(table.coach, Coach)
    check(shown, "the guide's How to win", lambda: driver.frames(1))
    driver.tap(table.coach.play.rect.center)  # Play: the first step's bubble over the spell's panel
    driver.frames(5)
    assert table.coach.step is not None and table.coach.step.text.startswith("Each round you lay")  # (a message id)
    check(shown, "the guide's first step", lambda: driver.frames(1))
    steps: set[str] = set()
    rng = random.Random(2)
    for _ in range(3000):
        step = table.coach.step
        if step is not None and step.text not in steps:
            steps.add(step.text)
            check(shown, "a step of the guide", lambda: driver.frames(1))
        if table.view.round > 1 or table.coach.finished:
            break
        if pass_privacy(driver) or isinstance(app.scenes.top, PrivacyOverlay):
            continue
        if table.cue() is not None:
            driver.tap(table.ready_button.rect.center)
        elif table.reveal is None and _person_moves(driver, table, rng):
            pass
        else:
            driver.frames(2)
        _nothing_escaped(shown)
    assert len(steps) >= 4, steps
    pygame.quit()


def test_a_french_and_a_russian_table_show_their_own_words(monkeypatch):
    drawn = record_drawn(monkeypatch)
    expected = {
        "fr": ("Choisissez votre carte Sort en secret.", "Ada : préparez votre sort", "Poser Stupéfix face cachée"),
        "ru": (
            "Выберите карту заклинания втайне.",
            "Ada: подготовьте заклинание",
            "Положить карту «Остолбеней» рубашкой вверх",
        ),
    }
    for language, words in expected.items():
        drawn.clear()
        theme.reset_caches()
        app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
        seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "greedy") for name in NAMES[1:])]
        app.go.table(Match(GAME, seats, GAME.default_options(4), 3))
        driver = Driver(app)
        driver.frames(5)
        table = app.scenes.stack[0]
        assert isinstance(table, StupefixTable) and table.panel is not None
        driver.tap(table.panel.card_rects["stupefix"].center)  # the card chosen: its confirm button names it
        driver.frames(2)
        for text in words:
            assert text in drawn, (language, text)
        pygame.quit()
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("count", "late", "stunned"),
    [
        (1, "1 жетон опоздания", "Ada: оглушение, флажок опущен, 1 жетон опоздания."),
        (2, "2 жетона опоздания", "Ada: оглушение, флажок опущен, 2 жетона опоздания."),
        (5, "5 жетонов опоздания", "Ada: оглушение, флажок опущен, 5 жетонов опоздания."),
        (21, "21 жетон опоздания", "Ada: оглушение, флажок опущен, 21 жетон опоздания."),
    ],
)
def test_russian_counts_take_their_three_forms(count, late, stunned):
    i18n.set_language("ru")
    try:
        assert results._late(count) == late
        assert pacing.fall_caption(NAMES, 0, "stupefix", count) == stunned
    finally:
        i18n.set_language("en")


# --- reduced motion: what moves stops moving, the captions keep their time ------------------------------------------


def reduced_table(reduce_motion: bool) -> tuple[App, Driver, StupefixTable]:
    settings = Settings(volume=0.0, animation="Normal", bot_speed="Instant", reduce_motion=reduce_motion)
    app = App((1280, 800), settings=settings)
    seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "greedy") for name in NAMES[1:])]
    options = {**GAME.default_options(4), "chouchou": 0}
    app.go.table(Match(GAME, seats, options, 8))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    return app, driver, table


def to_the_cast(driver: Driver, table: StupefixTable) -> None:
    """Round 1 up to the person's cast-or-Protego panel: the spell laid, Ready, the wand pointed."""
    for _ in range(3000):
        if table.choice is not None and table.choice.kind == "cast" and table.panel is not None:
            return
        if table.cue() is not None:
            driver.tap(table.ready_button.rect.center)
        elif table.choice is not None and table.choice.kind == "prepare" and table.panel is not None:
            driver.perform(table.gesture_for(table.choice.view.legal[0]))
        elif table.can_point(0):
            target = next(c for c in GAME.legal(table.session.match.state, 0) if c.target is not None)
            driver.perform(table.gesture_for(target))
        else:
            driver.frames(1)
    raise AssertionError("the cast was not reached")


def watch_the_round(driver: Driver, table: StupefixTable) -> tuple[list[str], int, set[float]]:
    """Cast, then frame by frame until the next round's spells: each caption shown (in order, once each), the most
    cards and tokens in flight at once, and how far the Stupefy spells had flown at each frame."""
    driver.perform(table.gesture_for(CastSpell(0, False)))
    captions: list[str] = []
    flying, flown = 0, set()
    frames: dict[str, int] = {}
    for _ in range(6000):
        if table.view.round > 1 and not table.busy():
            break
        reveal = table.reveal
        if reveal is not None:
            flown.update(
                reveal.flight(seat)
                for seat, cast in enumerate(reveal.casts)
                if cast == "stupefix" and reveal.cast(seat)
            )
        flying = max(flying, len(table.flights))
        caption = table.prompt()[0] if (reveal is not None or table.beats) else ""
        if caption:
            if not captions or captions[-1] != caption:
                captions.append(caption)
            frames[caption] = frames.get(caption, 0) + 1
        if table.view.phase == "draft" and table.view.drafter() == 0 and not table.view.tasks and not table.busy():
            driver.perform(table.gesture_for(GAME.legal(table.session.match.state, 0)[0]))
        else:
            driver.frames(1)
    assert all(count >= 20 for count in frames.values()), frames  # each caption shown a good while, not a flash
    return captions, flying, flown


def test_reduced_motion_nothing_flies_and_every_caption_keeps_its_time():
    app, driver, table = reduced_table(reduce_motion=True)
    assert app.settings.motion_factor == 0.0 and app.settings.animation_factor == 1.0
    to_the_cast(driver, table)
    captions, flying, flown = watch_the_round(driver, table)
    assert flying == 0  # no reward card or Late token ever in flight
    assert flown <= {0.0, 1.0}  # a Stupefy is at its target as soon as its turn comes, never on its way
    assert captions[0] == "The Teacher's Pet counts to three... everyone casts at once!"
    assert any(caption.startswith("Ada casts") for caption in captions)
    assert any(" takes " in caption for caption in captions)  # the rewards told one by one
    pygame.quit()

    app, driver, table = reduced_table(reduce_motion=False)  # the same round with motion: things fly
    to_the_cast(driver, table)
    moving_captions, flying, flown = watch_the_round(driver, table)
    assert flying > 0 and any(0.0 < part < 1.0 for part in flown)
    assert moving_captions == captions  # the same captions, in the same order, either way
    pygame.quit()


def test_a_change_of_language_in_the_settings_redraws_the_table_in_it(monkeypatch):
    """The language chosen in Settings while a game is on: the table's prompt, its open panel and its card faces
    (pictures kept by size) are drawn in it at once (the table's relabel)."""
    drawn: set[str] = set()
    render = theme.Font.render

    def recording(self, message, *args, **kwargs):
        drawn.add(message)
        return render(self, message, *args, **kwargs)

    monkeypatch.setattr(theme.Font, "render", recording)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en"))
    seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "greedy") for name in NAMES[1:])]
    app.go.table(Match(GAME, seats, GAME.default_options(4), 3))
    driver = Driver(app)
    driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable) and table.panel is not None
    assert {"Ada: prepare your spell", "Misfire"} <= drawn
    settings_scene = SettingsScene(app)
    app.scenes.push(settings_scene)
    driver.frames(2)
    settings_scene.language.set(list(i18n.LANGUAGES).index("fr"))  # as its arrows do
    drawn.clear()
    driver.key(pygame.K_ESCAPE)  # back to the table
    assert app.scenes.top is table and i18n.language() == "fr"
    driver.frames(2)
    assert {"Ada : préparez votre sort", "Choisissez votre carte Sort en secret.", "Sort raté"} <= drawn, drawn
    assert not {"Ada: prepare your spell", "Misfire"} & drawn
    pygame.quit()
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_an_enlarged_cards_every_line_fits_it_in_every_language(monkeypatch, size):
    """The enlarged card of every term the table explains: its French rulebook name and what it does stay inside
    the card in every language (the Russian "French rulebook: Sorcières, Sorciers, à vos baguettes !" ran 16 px
    past the card's edge before the subtitle wrapped)."""
    drawn: list[tuple[str, int]] = []
    render = theme.Font.render

    def recording(self, message, *args, **kwargs):
        label = render(self, message, *args, **kwargs)
        drawn.append((message, label.get_width()))
        return label

    monkeypatch.setattr(theme.Font, "render", recording)
    words = sorted(CARDS | {word for word, entry in TERMS.items() if "{" not in entry["en"]})
    for language in ("en", "fr", "ru"):
        theme.reset_caches()
        settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language)
        app = App(size, settings=settings)
        seats = [SeatInfo(NAMES[0], "human"), *(SeatInfo(name, "greedy") for name in NAMES[1:])]
        app.go.table(Match(GAME, seats, GAME.default_options(4), 3))
        Driver(app).frames(3)
        table = app.scenes.stack[0]
        assert isinstance(table, StupefixTable)
        subtitles = 0
        for word in words:
            drawn.clear()
            face = table.zoom_face(word, px(320))
            room = face.get_width() - 2 * px(12)
            title, rulebook, _meaning = faces.help_text(word)
            subtitles += bool(rulebook)
            too_wide = [(line, width) for line, width in drawn if line != title and width > room]
            assert too_wide == [], (language, word, room)
        assert subtitles > 5 or language == "fr"  # (French shows the rulebook's names themselves)
        pygame.quit()
    i18n.set_language("en")


def eight_seats(settings: Settings) -> tuple[App, StupefixTable]:
    """A 1024x640 table of eight seats in its first round, the first a person's."""
    app = App((1024, 640), settings=settings)
    seats = [SeatInfo(WIZARDS[0], "human"), *(SeatInfo(name, "random") for name in WIZARDS[1:])]
    app.go.table(Match(GAME, seats, GAME.default_options(8), 7))
    Driver(app).frames(1)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    return app, table


@pytest.mark.parametrize(("language", "badge"), [("fr", "Drapeau couché"), ("ru", "флажок опущен")])
def test_a_seats_counts_keep_their_size_beside_a_flag_down_badge(monkeypatch, language, badge):
    """French with Large text at 1024x640 (with 4 to 8 seats: the plates are as large): "Drapeau couché" at a
    plate's foot, during the draft, left the Late tokens, Potions, Favours and the round's points a third of
    their row's width, letters 6 to 8 pixels wide. The badge now has a row of its own under them."""
    import dataclasses

    ratios = squeezes_inside(monkeypatch, painter, "_tokens")
    pills: list[pygame.Rect] = []
    pill = theme.pill
    monkeypatch.setattr(theme, "pill", lambda *args, **kwargs: pills.append(pill(*args, **kwargs)) or pills[-1])
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=True)
    app, table = eight_seats(settings)
    for seat in (0, 1):  # the person's plate (the first Teacher's Pet) and a bot's
        mat = painter._mat_of(table.look(), seat)
        spot = seat_layout(pygame.Rect((0, 0), mat.size), (0, 0), mat.scale)
        for tokens, points in (((1, 0, 0), 0), ((3, 4, 10), 40)):
            fallen = dataclasses.replace(mat, tokens=tokens, points=points, badge=(badge, painter.OUT))
            pills.clear()
            sprite_cache.reset_all()
            _surface, terms = painter._mat(fallen)
            counts = [rect for rect, _kind, item in terms if item in ("retard", "potion", "faveur", fallen.house)]
            assert len(counts) == 3 + bool(points) and len(pills) == 1
            assert ratios == [], (seat, tokens, ratios)  # every count at its size
            assert pills[0].width >= theme.text(badge, 12, bold=True).get_width()  # the badge whole too
            for rect in counts:  # (the points' rect is larger than its figures, a finger's room)
                assert not rect.inflate(-px(6), -px(6)).colliderect(pills[0]), (seat, rect, pills[0])
                assert rect.top >= spot.hand.bottom - px(3) and spot.rect.contains(rect)
    pygame.quit()


def test_the_discard_piles_counts_wrap_between_the_urn_and_a_seat_rather_than_squeeze(monkeypatch):
    """Seven players with Large text at 1024x640: between the urn and Gwen's mat, "Défausse : 14 Stupéfix" and
    "27 Sort raté, 1 face cachée" were squeezed to half their width, hardly readable. They are now wrapped
    there, a number kept with the word after it ("14 Stupéfix"), and nothing is narrowed but a word wider than
    the room by itself (Russian's "«Остолбеней»:", to 0.875)."""
    ratios = squeezes_inside(monkeypatch, painter, "_captions")
    drawn = record_drawn(monkeypatch)
    for language, whole, kept in (
        ("fr", "Défausse : 14 Stupéfix 27 Sort raté, 1 face cachée", "14 Stupéfix"),
        ("ru", "Сброс, «Остолбеней»: 14 Осечек: 27, закрытых: 1", "Осечек: 27,"),
    ):
        settings = Settings(volume=0.0, animation="Off", language=language, large_text=True)
        app = App((1024, 640), settings=settings)
        driver = open_past_cover(app, asset_dir("saves") / "stupefix-7p-round6-draft.json")
        table = app.scenes.stack[0]
        assert isinstance(table, StupefixTable) and table.view.players == 7
        words = drawn_afresh(driver, drawn)
        assert min(ratios, default=1.0) >= 0.85, ratios
        up_s, up_r = table.view.discard_up
        assert (up_s, up_r, table.view.discard_down) == (14, 27, 1)
        assert whole not in drawn and kept in drawn  # wrapped, the number on a line with its word
        assert whole in words  # every word, in order
        pygame.quit()


def test_a_prompt_too_long_for_the_banner_gets_the_lines_it_needs(monkeypatch):
    """Seven players in French with Large text at 1024x640: the end of a round told in the banner ("Fin de la
    manche 6 : dans les Urnes : Gryffondor +20, ...") was squeezed onto its one line at half its width. The
    banner now grows down over the table for the few moments it is told, every line at its size, and the
    table keeps that grown banner clear (its prompt rects)."""
    banner_ratios = squeezes_inside(monkeypatch, painter, "_banner")
    long_ratios = squeezes_inside(monkeypatch, painter, "_long_banner")
    drawn = record_drawn(monkeypatch)
    app = App(
        (1024, 640), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    )
    assert app.go.open_save(asset_dir("saves") / "stupefix-7p-round6-draft.json") is None
    driver = Driver(app)
    told = None
    for _ in range(600):  # (the bots' moves before it are made by a worker: frames until the state says)
        driver.frames(1)
        table = app.scenes.stack[0]
        if isinstance(table, StupefixTable) and table.prompt()[0].startswith("Fin de la manche 6"):
            told, grown = table.prompt()[0], table.prompt_rects()[0]
            assert grown.height > 2 * table.layout.banner.height and grown.top == table.layout.banner.top
            break
    assert told is not None and "Les Drapeaux se relèvent." in told
    driver.frames(1)
    assert told in " ".join(drawn)
    assert min(banner_ratios + long_ratios, default=1.0) >= 0.85, banner_ratios + long_ratios
    for _ in range(600):  # then Ada's panel to prepare her spell opens under the banner: it grows no more
        driver.frames(1)
        if isinstance(app.scenes.top, PrivacyOverlay):
            app.scenes.top.ready()  # (Ada at the screen)
        if table.panel is not None:
            break
    assert table.panel is not None and not table.banner_grows()
    assert table.prompt_rects()[0] == table.layout.banner
    pygame.quit()


def test_a_seats_name_and_line_under_it_end_before_the_pets_star(monkeypatch):
    """The Teacher's Pet's star stands on its seat's mat left of the flag; the line under the name ran under it
    (seven players in French with Large text at 1024x640: "Poufsouffle - Bot" lost "Bot" under Gwen's star). The
    name and that line now end before the star."""
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", language="fr", large_text=True))
    driver = open_past_cover(app, asset_dir("saves") / "stupefix-7p-round6-draft.json")
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    pet = table.view.chouchou
    assert pet is not None
    mat = painter._mat_of(table.look(), pet)
    assert mat.chouchou and mat.sub == ("Poufsouffle - Bot moyen", "Bot moyen")  # (the level alone if need be)
    widths: dict[str, int] = {}  # each label the mat draws: how wide it is drawn
    text, fit_width = theme.text, theme.fit_width
    made: dict[int, str] = {}

    def recording_text(message: str, *args, **kwargs) -> pygame.Surface:
        surface = text(message, *args, **kwargs)
        made[id(surface)] = message
        return surface

    def recording_fit(label: pygame.Surface, width: int, *args, **kwargs) -> pygame.Surface:
        fitted = fit_width(label, width, *args, **kwargs)
        widths[made.get(id(label), "")] = fitted.get_width()
        return fitted

    monkeypatch.setattr(theme, "text", recording_text)
    monkeypatch.setattr(theme, "fit_width", recording_fit)
    sprite_cache.reset_all()
    _surface, terms = painter._mat(mat)
    star = next(rect for rect, _kind, item in terms if item == "pet")
    left = seat_layout(pygame.Rect((0, 0), mat.size), (0, 0), mat.scale).name.left  # (as _mat lays the mat out)
    drawn = [line for line in mat.sub if line in widths]
    assert len(drawn) == 1 and left + widths[drawn[0]] <= star.left
    assert left + widths[mat.name] <= star.left
    driver.frames(1)
    pygame.quit()


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_a_spell_cards_name_stays_inside_its_inner_frame(monkeypatch, language):
    """ "Остолбеней" ran over the card's inner frame in the prepare panel (a players' review, Russian): a name
    was fitted to the card's width, the frame lies inside it (or, on a card too small for it, left out)."""
    App((1280, 800), settings=Settings(volume=0.0, language=language))  # (a running app: its fonts)
    made: list[pygame.Surface | None] = []
    label = faces.name_label
    monkeypatch.setattr(faces, "name_label", lambda *args, **kwargs: made.append(label(*args, **kwargs)) or made[-1])
    left_out = []
    try:
        for width in (60, 84, 104, 140):
            for kind in ("stupefix", "rate"):
                sprite_cache.reset_all()
                made.clear()
                faces.spell_face(kind, width)
                inner = width - max(4, width // 10) - 2 * max(1, width // 30)  # (the frame's inside)
                assert made and (made[-1] is None or made[-1].get_width() <= inner), (language, kind, width)
                left_out += [(kind, width)] if made[-1] is None else []
        assert left_out == ([("stupefix", 60)] if language == "ru" else [])  # ("Остолбеней" in type 13: 56 px)
    finally:
        i18n.set_language("en")


def test_every_cards_name_in_the_middle_is_as_readable_as_points(monkeypatch):
    """French with Large text at 1024x640 and 8 seats: the rewards' names were fitted to their cards down to type
    9 ("Devenir le Chouchou", "Retourneur de Temps" in letters 6 px high, the Russian "Благосклонность" too), and
    the Stupefy on the discard pile to 11, while "Points" had 13. Each name is whole now, on up to three lines, at
    13 at the least (or the card's short name, "Благо- склонность"), its band leaving most of the card to the
    picture and the points; a spell too small for its name on the pile shows its picture alone (the pile's
    caption names it)."""
    rendered: list[tuple[str, float]] = []
    render = theme.Font.render

    def recording(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        rendered.append((message, self.em))
        return render(self, message, *args, **kwargs)

    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    app, table = eight_seats(settings)
    card, pile = table.layout.row[0].width, table.layout.discard.width
    assert (card, pile) == (67, 46)
    monkeypatch.setattr(theme.Font, "render", recording)
    smallest = faces.NAME_SIZE * theme.Font.LEGACY_SCALE - 0.01  # ("Points", on these cards)
    try:
        for language in ("en", "fr", "ru"):
            i18n.set_language(language)
            sprite_cache.reset_all()
            for kind in (*REWARDS, "maitre"):
                rendered.clear()
                face = faces.reward_face(kind, card)
                lines = [message for message, _em in rendered if not message.lstrip("+-").isdigit()]
                assert all(em >= smallest for _message, em in rendered), (language, kind, rendered)
                name = gettext("Points") if kind.startswith("points") else faces.card_name(kind)
                assert " ".join(lines) in (name, short_name(kind)), (language, kind, lines)
                band = next(y for y in range(face.get_height()) if face.get_at((4, y))[:3] == theme.PARCHMENT)
                assert band < face.get_height() * 0.4, (language, kind, band)  # (the picture's, the points')
            for kind in ("stupefix", "rate"):
                rendered.clear()
                faces.spell_face(kind, pile)
                assert all(em >= smallest for _message, em in rendered), (language, kind, rendered)
    finally:
        i18n.set_language("en")
    pygame.quit()


@pytest.mark.parametrize(("size", "percent"), [((1080, 1920), 200), ((1280, 800), 100)])
def test_the_setups_team_note_wraps_instead_of_shrinking(monkeypatch, size, percent):
    """French with Large text: the team note, squeezed onto one line, was 80% high at 1280x800 and a few pixels
    on a tablet held upright at 200% (the diff's reviews). It wraps, each line at its own size, above the rows."""
    from tabletop.games import GAMES
    from tabletop.ui.tables.stupefix.setup import StupefixSetup
    from tests.drawn_text import squeezes_inside
    from tests.ui_driver import Driver

    settings = Settings(volume=0.0, animation="Off", language="fr", large_text=True, ui_scale=percent)
    app = App(size, settings=settings)
    driver = Driver(app)
    app.go.setup(GAMES["stupefix"])
    setup = app.scenes.top
    assert isinstance(setup, StupefixSetup)
    setup.players_changed(setup.counts.index(8))
    setup.resize(app.screen.get_size())
    ratios = squeezes_inside(monkeypatch, StupefixSetup, "draw_game")
    driver.frames(2)
    assert len(setup.team_note_lines()) >= 2 and ratios == []
    assert setup.team_note_y + len(setup.team_note_lines()) * theme.line_height(16) <= setup.rows[0].controller.rect.top
    theme.Scale.configure(100, False)
    pygame.quit()
