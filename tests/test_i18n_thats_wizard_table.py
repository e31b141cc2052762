"""Every word That's Wizard!'s table draws comes from a catalogue, and the table keeps still with reduced motion.

The app runs in a pseudo-language whose every message (the shell's and the game's) is its English in brackets;
the setup, the private spellbook picker, the spellbook editor, a whole 1 vs 1 match at the table (the side board
panel, each stage of a round, the card zoom, the standing and Stamina sheets) and the results are drawn through the
real app, and every string handed to the text renderer must be bracketed or data (the wizards' names, numbers).
The guided first game's coach steps are drawn the same way. French and Russian are checked by value, a Russian
plural for 1, 2, 5 and 21. The spellbook picker and editor are driven by keys alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.thats_wizard.cards import CARDS as GAME_CARDS
from tabletop.games.thats_wizard.events import ChooseSideBoard, DiceRolled, Play
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.thats_wizard import cards as faces
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tabletop.ui.tables.thats_wizard.painter import FLIP
from tabletop.ui.tables.thats_wizard.setup import DEFAULT_NAMES, BookPicker, ThatsWizardSetup
from tabletop.ui.tables.thats_wizard.standing import STANDING, stamina_key
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.drawn_text import drawn_afresh, record_drawn, strips_beside
from tests.pseudo_language import Shown, record_shown
from tests.thats_wizard_ui_helpers import act, choose_book
from tests.ui_driver import Driver

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)

PSEUDO = "xx"
GAME = GAMES["thats-wizard"]


@pytest.fixture
def shown(monkeypatch, tmp_path) -> Shown:
    record = record_shown(monkeypatch, tmp_path, PSEUDO, ("tabletop", "thats_wizard"))
    wrap = faces._wrap

    def recording_wrap(message: str, font: theme.Font, width: int) -> list[str]:
        """The card faces wrap their texts in the card's own type: checked as theme.wrap is."""
        lines = wrap(message, font, width)
        record.wrapped(message, lines)
        return lines

    monkeypatch.setattr(faces, "_wrap", recording_wrap)
    return record


def check(shown: Shown, screen: str, draw: Callable[[], None], data: Iterable[str] = ()) -> None:
    """A screen drawn afresh (no text from a cache): nothing outside the catalogues (pseudo_language.check, saying
    which strings escaped)."""
    shown.data.update(data)
    shown.escaped()
    theme.reset_caches()
    sprite_cache.reset_all()
    draw()
    wrong = shown.escaped()
    assert wrong == [], f"strings outside the catalogues on the {screen} screen: {wrong}"


def pseudo_app() -> tuple[App, Driver]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=PSEUDO))
    return app, Driver(app)


def until(driver: Driver, done: Callable[[], bool], frames: int = 600) -> None:
    for _ in range(frames):
        if done():
            return
        driver.frames(1)
    raise AssertionError("the app never got there")


def test_every_string_the_setup_picker_and_editor_draw_comes_from_the_catalogues(shown):
    app, driver = pseudo_app()
    app.go.setup(GAME)
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    assert setup.heading() == "[That's Wizard!: new match]"
    check(shown, "setup (1 vs 1)", lambda: driver.frames(1), data=DEFAULT_NAMES)
    driver.tap(setup.players_choice.arrows()[1].center)  # Duos: the team names by each seat
    assert setup.players == 4
    check(shown, "setup (Duos)", lambda: driver.frames(1))
    driver.tap(setup.players_choice.arrows()[0].center)
    assert setup.players == 2

    driver.tap(setup.rows[0].pick.rect.center)
    picker = app.scenes.top
    assert isinstance(picker, BookPicker)
    check(shown, "spellbook picker", lambda: driver.frames(1), data=DEFAULT_NAMES)
    card, rect = next(iter(picker.card_rects.items()))
    driver.move(rect.center)  # the mouse rests on a spell: its card enlarged
    driver.frames(60)
    assert picker.zoom.zoomed(app.now, picker.spot) == card
    check(shown, "spellbook picker (a spell enlarged)", lambda: driver.frames(1), data=DEFAULT_NAMES)
    driver.tap(picker.cancel.rect.center)

    driver.tap(setup.editor.rect.center)
    editor = app.scenes.top
    assert isinstance(editor, SpellbookEditor)
    check(shown, "spellbook editor (new)", lambda: driver.frames(1))
    driver.tap(editor.list.rect(0).center)  # a premade book opened as a copy: its spells and the rules it keeps
    assert len(editor.spells) == 7
    check(shown, "spellbook editor (a premade copy)", lambda: driver.frames(1))
    for spell in list(editor.spells)[:3]:
        driver.tap(editor.cell_rects[spell].center)  # three out: the rules it breaks
    check(shown, "spellbook editor (rules broken)", lambda: driver.frames(1))
    driver.key(pygame.K_ESCAPE)  # a copy changed and not saved: the editor asks first
    box = app.scenes.top
    assert isinstance(box, Dialog)
    check(shown, "spellbook editor (leave unsaved?)", lambda: driver.frames(1))
    driver.tap(box.buttons[1].rect.center)  # Leave it
    assert app.scenes.top is setup


def test_every_string_a_whole_match_at_the_table_draws_comes_from_the_catalogues(shown, monkeypatch):
    app, driver = pseudo_app()
    monkeypatch.setattr("tabletop.ui.scenes.setup_base.secret_seed", lambda: 339564)  # the same match every run
    app.go.setup(GAME)
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    choose_book(driver, setup, 0, "The Dark Lord")
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    assert [seat.controller for seat in table.session.match.seats] == ["human", "medium"]  # no clock in its moves
    names = table.session.names()
    rng = random.Random(3)
    screens: set[str] = set()

    def frame(screen: str) -> None:
        if screen not in screens:
            check(shown, screen, lambda: driver.frames(1), data=names)
            screens.add(screen)

    for _ in range(4000):
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, PrivacyOverlay):
            top.ready()
            continue
        view = table.view
        kind = view.prompt.kind if view.prompt else None
        marks = [p.legal and not p.countered and not p.reversed for p in view.last_plays]
        frame(
            f"table: {view.stage}, prompt {kind}, panel {table.panel is not None}, last round {marks}, lasting "
            f"{bool(view.lasting)}, dice {table.dice.current is not None}, out {[w.dueling for w in view.wizards]}"
        )
        mine = top is table and table.session.acting_human() == view.seat and not table.busy() and view.legal
        if mine and table.panel is None and any(isinstance(c, Play) for c in view.legal):
            if "card zoom" not in screens:  # the mouse resting on a card of the hand: it is enlarged
                rect = table.hits.rect_of("hand", view.hand[0])
                assert rect is not None
                driver.move(rect.center)
                driver.frames(60)
                frame("card zoom")
                standing = table.hits.rect_of("score", STANDING)
                assert standing is not None
                driver.tap(standing.center)  # the standing explained
                frame("standing")
                stamina = table.hits.rect_of("score", stamina_key(view.seat))
                assert stamina is not None
                driver.tap(stamina.center)
                frame("stamina sheet")
                driver.move((5, 5))
            play = next(c for c in view.legal if isinstance(c, Play))
            table.select(play.card)
            frame("a card picked")
        if mine:
            lasting = [c for c in view.legal if isinstance(c, Play) and GAME_CARDS[c.card].lasting]
            command = rng.choice(lasting or view.legal)  # lasting spells lie on the table, with their tokens
            act(driver, table, command)
            if isinstance(app.scenes.top, Dialog):
                frame("dialog")
            continue
        driver.frames(3)
    driver.frames(2)
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert results.data.game == "[That's Wizard!]"
    check(shown, "results", lambda: driver.frames(1), data=names)
    assert {"card zoom", "standing", "stamina sheet", "a card picked"} <= screens
    assert any("sideboard" in screen for screen in screens) and any("choose" in screen for screen in screens)
    assert any("lasting True" in screen for screen in screens) and any("dice True" in screen for screen in screens)
    assert len(screens) >= 15  # (a new duel now starts with an empty dice tray: one kind of screen fewer)


def test_every_string_the_guided_first_game_draws_comes_from_the_catalogues(shown):
    app, driver = pseudo_app()
    app.go.guided("thats-wizard", seed=140892)
    driver.frames(2)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.coach is not None
    coach = table.coach
    names = table.session.names()
    check(shown, "guide: how to win", lambda: driver.frames(1), data=names)
    driver.tap(coach.play.rect.center)
    steps: set[int] = set()
    for _ in range(1500):
        if coach.finished:
            break
        if coach.showing() and coach.index not in steps:
            check(shown, f"guide step {coach.index}", lambda: driver.frames(1), data=names)
            steps.add(coach.index)
        if coach.showing() and coach.got_it in coach.buttons():
            driver.tap(coach.got_it.rect.center)
            continue
        view = table.view
        if table.session.acting_human() == view.seat and not table.busy() and view.legal:
            play = next((c for c in view.legal if isinstance(c, Play)), None)
            if play is not None and table.panel is None and table.selected is None:
                driver.perform(table.gesture_for(play)[:1])  # the card first: the dial's tip comes
            elif play is not None and table.panel is None and table.selected == play.card and 4 not in steps:
                driver.frames(2)  # the dial's and Reveal's tips before Reveal is pressed
            else:
                act(driver, table, play if play is not None and table.panel is None else view.legal[0])
            continue
        driver.frames(2)
    assert steps == set(range(len(coach.guide.steps)))


def rendered(monkeypatch) -> list[str]:
    """Every string handed to the text renderer from now on."""
    seen: list[str] = []
    render = theme.Font.render

    def recording(self, message: str, *args, **kwargs):
        seen.append(message)
        return render(self, message, *args, **kwargs)

    monkeypatch.setattr(theme.Font, "render", recording)
    theme.reset_caches()
    return seen


def table_in(language: str) -> tuple[App, Driver, ThatsWizardTable]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "medium")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 5))
    driver = Driver(app)
    driver.frames(2)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    return app, driver, table


@pytest.mark.parametrize(
    ("language", "panel", "prompt"),
    [
        (
            "fr",
            "Choisissez votre réserve",
            "Morgana, choisissez une carte, réglez votre cadran, puis appuyez sur Révéler.",
        ),
        ("ru", "Выберите резерв", "Morgana, выберите карту, выставьте диск и нажмите «Вскрыть»."),
    ],
)
def test_the_table_speaks_french_and_russian(monkeypatch, language: str, panel: str, prompt: str) -> None:
    app, driver, table = table_in(language)
    seen = rendered(monkeypatch)
    until(driver, lambda: table.panel is not None)
    driver.frames(1)
    assert panel in seen  # the side board panel's title
    side = next(c for c in table.view.legal if isinstance(c, ChooseSideBoard))
    act(driver, table, side)
    until(driver, table.can_choose)
    seen.clear()
    theme.reset_caches()
    driver.frames(1)
    assert prompt in " ".join(seen)  # the banner's hint (on two lines where one does not hold it)
    assert table.ready_button.label == {"fr": "Révéler", "ru": "Вскрыть"}[language]


def test_russian_counts_spells_in_the_editor_in_all_three_forms(monkeypatch) -> None:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru"))
    driver = Driver(app)
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    seen = rendered(monkeypatch)
    cells = [card for card in editor.cell_rects if not GAME_CARDS[card].duos]
    forms = {1: "Книга (1 заклинание из 7)", 2: "Книга (2 заклинания из 7)", 5: "Книга (5 заклинаний из 7)"}
    forms[21] = "Книга (21 заклинание из 7)"
    for count, card in enumerate(cells[:21], 1):
        driver.tap(editor.cell_rects[card].center)
        assert len(editor.spells) == count
        if count in forms:
            seen.clear()
            theme.reset_caches()
            driver.frames(1)
            assert forms[count] in seen


def test_reduced_motion_lands_a_move_at_once_and_keeps_its_caption(monkeypatch) -> None:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant", reduce_motion=True))
    assert app.settings.motion_factor == 0 and app.settings.animation_factor > 0
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "medium")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 5))
    driver = Driver(app)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    until(driver, lambda: table.panel is not None and not table.busy())
    act(driver, table, next(c for c in table.view.legal if isinstance(c, ChooseSideBoard)))
    until(driver, table.can_choose, 2000)
    play = next(c for c in table.view.legal if isinstance(c, Play) and c.card not in ("focus", "counterspell"))
    act(driver, table, play)
    until(driver, lambda: bool(table.numbers), 2000)  # the round is told: a Stamina or Power change shown
    driver.frames(1)
    assert not table.stage.busy()  # no pawn or card gliding: each drawn where it ends
    assert all(t >= FLIP for t in table.flips.values())  # the revealed cards lie face up at once
    assert not table.dice.busy_throwing  # dice (if any) lie where they landed
    number = table.numbers[0]
    assert number.pos() == (round(number.end[0]), round(number.end[1]))  # at its end place, not rising
    shown_for = 0
    while number in table.numbers:  # yet shown its full time, frame after frame
        assert number.pos() == (round(number.end[0]), round(number.end[1]))
        driver.frames(1)
        shown_for += 1
    assert shown_for >= 50  # FLOAT (1.6 s) at 60 frames a second, less the frames the round took to tell


def wizard_setup() -> tuple[App, Driver, ThatsWizardSetup]:
    """That's Wizard!'s setup, opened over the menu."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    app.go.setup(GAME)
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    return app, driver, setup


def test_the_picker_and_the_editor_by_keys_alone() -> None:
    app, driver, setup = wizard_setup()
    row = setup.rows[0]
    before = row.book
    tab_to(driver, lambda: setup.keys.focused() is row.pick)
    driver.key(pygame.K_RETURN)  # Choose spellbook
    picker = app.scenes.top
    assert isinstance(picker, BookPicker)
    titles = [title for title, _spells, _problem in picker.books]
    wanted = next(i for i, title in enumerate(titles) if title != before)
    tab_to(driver, lambda: focused(picker.keys) == ("book", wanted))
    driver.key(pygame.K_RETURN)  # that book's spells shown
    assert picker.chosen == wanted
    driver.key(pygame.K_DOWN)  # the arrows walk the list too
    driver.key(pygame.K_UP)
    assert focused(picker.keys) == ("book", wanted)
    tab_to(driver, lambda: focused(picker.keys) == ("widget", picker.choose))
    driver.key(pygame.K_SPACE)  # Choose this spellbook
    assert app.scenes.top is setup and row.book == titles[wanted] != before
    tab_to(driver, lambda: setup.keys.focused() is setup.start)
    driver.key(pygame.K_RETURN)  # Start
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    assert table.session.match.options["book_names"][0] == titles[wanted]

    app.go.setup(GAME)  # the editor, from the setup, by keys
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    tab_to(driver, lambda: setup.keys.focused() is setup.editor)
    driver.key(pygame.K_RETURN)
    editor = app.scenes.top
    assert isinstance(editor, SpellbookEditor) and editor.spells == []
    tab_to(driver, lambda: (focused(editor.keys) or ("", ""))[0] == "spell", presses=120)
    first = focused(editor.keys)
    assert first is not None
    driver.key(pygame.K_RETURN)  # the spell into the book: one
    assert editor.spells == [first[1]]
    driver.key(pygame.K_RIGHT)  # the next spell along the grid
    second = focused(editor.keys)
    assert second is not None and second[0] == "spell" and second[1] != first[1]
    driver.key(pygame.K_SPACE)
    assert editor.spells == [first[1], second[1]]
    driver.key(pygame.K_RETURN)  # and out again
    assert editor.spells == [first[1]]
    driver.key(pygame.K_ESCAPE)  # Escape closes the editor
    assert app.scenes.top is setup
    driver.tap(setup.rows[0].pick.rect.center)
    assert isinstance(app.scenes.top, BookPicker)
    driver.key(pygame.K_ESCAPE)  # and the picker
    assert app.scenes.top is setup


def focused(keys) -> tuple[str, object] | None:
    target = keys.focused()
    return (target.kind, target.item) if target is not None else None


def tab_to(driver: Driver, there: Callable[[], bool], presses: int = 60) -> None:
    for _ in range(presses):
        driver.key(pygame.K_TAB)
        if there():
            return
    raise AssertionError("Tab never reached it")


def test_a_language_chosen_over_the_table_shows_at_once() -> None:
    """Settings opened from the pause changes the language: the open panel, the buttons and the cards follow."""
    from tabletop.i18n import set_language

    app, driver, table = table_in("en")
    until(driver, lambda: table.panel is not None)
    assert table.panel is not None and table.panel.title == "Choose your side board"
    app.settings.language = set_language("fr")
    driver.frames(1)
    assert table.panel is not None and table.panel.title == "Choisissez votre réserve"
    assert table.pass_button.label == "Passer"


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_watch_the_last_round_again_is_drawn_at_its_own_width(language: str) -> None:
    """Large text in a 1024x640 window: the button over the log (as wide as the log, it can be no wider) narrowed
    "Пересмотреть последний раунд" to nine tenths of its width (and to 98% at 1280x800). Its words fit it whole."""
    settings = Settings(volume=0.0, animation="Off", language=language, large_text=True)
    app = App((1024, 640), settings=settings)
    seats = [SeatInfo("Morgana", "human"), SeatInfo("Merlin", "medium")]
    app.go.table(Match(GAME, seats, GAME.default_options(2), 5))
    Driver(app).frames(2)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable) and table.again.visible
    words = theme.text(table.again.label, table.again.size, bold=True)
    room = table.again.rect.width - theme.px(12)  # (the room ``button_face`` leaves its label)
    assert words.get_width() <= room, (table.again.label, words.get_width(), room)
    pygame.quit()


def test_a_throw_already_on_the_tray_is_captioned_in_the_language_chosen_after_it(monkeypatch) -> None:
    """The tray's captions are put into words as they are drawn: a roll-off and its reroll thrown in English and
    still lying there when French is chosen are drawn in French, as if they had been thrown after the change."""
    from tabletop.i18n import set_language
    from tabletop.ui.tables.thats_wizard import dice

    rolls = [DiceRolled((0, 1), (3, 3), "turn order"), DiceRolled((0, 1), (2, 5), "turn order")]
    names = ["Morgana", "Merlin"]
    drawn: list[str] = []
    write, text = theme.write, theme.text
    monkeypatch.setattr(
        theme, "write", lambda surface, line, *a, **k: drawn.append(line) or write(surface, line, *a, **k)
    )
    monkeypatch.setattr(theme, "text", lambda line, *a, **k: drawn.append(line) or text(line, *a, **k))
    App((1280, 800), settings=Settings(volume=0.0, language="en"))  # the display and fonts as the table has them
    surface = pygame.Surface((900, 300))
    set_language("en")
    try:
        tray = dice.DiceTray(pygame.Rect(0, 0, 900, 300), 48)
        tray.queue(dice.throws(rolls, names), instant=True)
        tray.draw(surface)
        english = list(drawn)
        assert "Turn order tie: the high roll chooses" in english and "Turn order tie: reroll" in english
        set_language("fr")
        drawn.clear()
        tray.draw(surface)
        french = [throw.caption for throw in dice.throws(rolls, names)]
        assert all(caption in drawn for caption in french)
        assert not set(french) & set(english)
    finally:
        set_language("en")


def test_an_illegal_play_is_explained_whole_in_the_language_shown(monkeypatch):
    """Russian with Large text at 1024x640: the dial's warning and the illegal-play dialog said the rules'
    English reason ("Explosion takes a Spell Power of 3, 4 or 5.") inside Russian sentences, and the dialog
    dropped its message's last line. Both now speak Russian, and every word of the dialog's message is drawn."""
    drawn = record_drawn(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru", large_text=True)
    app = App((1024, 640), settings=settings)
    game = GAMES["thats-wizard"]
    app.go.table(Match(game, [SeatInfo("Morgana"), SeatInfo("Merlin", "greedy")], game.default_options(2), 5))
    driver = Driver(app)
    driver.frames(5)
    if isinstance(app.scenes.top, PrivacyOverlay):
        app.scenes.top.ready()
        driver.frames(5)
    table = app.scenes.stack[0]
    assert isinstance(table, ThatsWizardTable)
    act(driver, table, ChooseSideBoard(0, ("embrace_pain", "portents")))
    driver.frames(20)
    rect = table.hits.rect_of("hand", "explosion")
    driver.tap((rect.centerx, rect.top + 20))
    driver.drag(table.dial.number_pos(3), table.dial.number_pos(9))
    explosion = GAME_CARDS["explosion"].name  # in Russian
    assert table.dial.value == 9 and table.dial.problem is not None
    assert table.dial.problem.startswith(explosion) and "Spell Power" not in table.dial.problem
    driver.tap(table.layout.ready.center)
    warning = app.scenes.top
    assert isinstance(warning, Dialog) and warning.message.startswith(explosion)
    assert " ".join(warning.message.split()) in drawn_afresh(driver, drawn)
    pygame.quit()


@pytest.mark.parametrize(("language", "large_text"), [("en", False), ("ru", True)])
def test_the_spellbook_editor_and_picker_keep_their_words_in_place(monkeypatch, language, large_text):
    """The editor's cells: "L1 Duos  1, 2 or 3" ran past both edges of its cell at 1024x640 (in English too), and
    the title ran under the name field; the picker's "Rest the pointer on a spell..." lay over the book's name in
    Russian with Large text. The gaps between the editor's cells now look the same with every word drawn as with
    none; the picker's hint goes under the book's name where the two do not fit side by side."""
    render = theme.Font.render
    blank = {"on": False}

    def rendering(self, message, *args, **kwargs):
        label = render(self, message, *args, **kwargs)
        return pygame.Surface(label.get_size(), pygame.SRCALPHA) if blank["on"] else label

    monkeypatch.setattr(theme.Font, "render", rendering)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=large_text)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    app.go.setup(GAMES["thats-wizard"])
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, ThatsWizardSetup)
    driver.tap(setup.editor.rect.center)
    editor = app.scenes.top
    assert isinstance(editor, SpellbookEditor)
    driver.move(editor.side.center)  # (the pointer off the grid: no spell enlarged over it)
    driver.frames(2)

    def gaps() -> list[bytes]:
        theme.reset_caches()
        sprite_cache.reset_all()
        driver.frames(1)
        strips = strips_beside(app.screen, list(editor.cell_rects.values()), reach=theme.px(20))
        field = editor.name_field.rect  # the title's row just before the name field
        before = pygame.Rect(field.left - theme.px(14), field.top, theme.px(14), field.height)
        strips.append(pygame.image.tobytes(app.screen.subsurface(before), "RGB"))
        return strips

    worded = gaps()
    blank["on"] = True
    assert len(worded) > 20 and gaps() == worded
    blank["on"] = False
    app.scenes.pop(editor)
    driver.frames(2)
    driver.tap(setup.rows[0].pick.rect.center)
    picker = app.scenes.top
    assert isinstance(picker, BookPicker)
    driver.frames(1)
    name_h = theme.ui_font(26, True).get_height()
    hint_h = theme.ui_font(16).get_height()
    top = min(rect.top for rect in picker.card_rects.values())
    assert picker.hint_below == (language == "ru")
    assert top >= picker.area.top + name_h + (hint_h if picker.hint_below else 0)
    pygame.quit()


def test_the_editor_takes_a_name_typed_where_the_ring_rests_and_tabs_through_the_books_first() -> None:
    """With the ring on the book's name, letters and Backspace were thrown away (the setups' names take them);
    and Tab went from a book to a row of spells and back to the next book."""
    app, driver, setup = wizard_setup()
    setup.open_editor()
    driver.frames(2)
    editor = app.scenes.top
    assert isinstance(editor, SpellbookEditor)
    kinds = [target.kind for target in editor.keys.targets()]
    books = kinds.count("book")
    assert books > 1 and kinds[:books] == ["book"] * books  # the books one after another
    tab_to(driver, lambda: focused(editor.keys) == ("widget", editor.name_field))
    driver.key(pygame.K_BACKSPACE)  # (the name opens selected: Backspace clears it)
    driver.type_text("Z")
    assert editor.name_field.value == "Z"


def test_escape_closes_a_spell_shown_large_before_it_leaves_the_book_picker() -> None:
    """Enter on a spell shows it large until the next key; Escape, that key, left the whole picker."""
    app, driver, setup = wizard_setup()
    driver.tap(setup.rows[0].pick.rect.center)
    picker = app.scenes.top
    assert isinstance(picker, BookPicker)
    tab_to(driver, lambda: (focused(picker.keys) or ("", ""))[0] == "spell")
    driver.key(pygame.K_RETURN)
    assert picker.zoom.held is not None
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is picker and picker.zoom.held is None
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is setup
