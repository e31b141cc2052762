"""French elision: a name or a title put into a French message after "de" or "que" and beginning with a vowel is
drawn elided ("La baguette de {name}" with Ada: "La baguette d'Ada"), as ``i18n.typeset`` writes it where all
text is drawn and measured (``theme.Font``) and wrapped (``theme.wrap``). English and Russian stay as given."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from tabletop import i18n
from tabletop.ui import theme
from tabletop.ui.settings import Settings
from tests.drawn_text import drawn_afresh, record_drawn
from tests.stupefix_ui_helpers import table_for
from tests.test_stupefix_ui_live import ready, to_live


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    theme.reset_caches()
    yield
    i18n.set_language("en")
    theme.reset_caches()


@pytest.mark.parametrize(
    ("given", "typeset"),
    [
        ("La baguette de Ada vise déjà Bram.", "La baguette d'Ada vise déjà Bram."),
        ("plus tôt que Elin", "plus tôt qu'Elin"),
        ("De Ada", "D'Ada"),
        ("Que Elin", "Qu'Elin"),
        ("le sort de Étourdissement", "le sort d'Étourdissement"),
        ("de Œdipe et de Yves", "d'Œdipe et d'Yves"),
        ("la baguette de Ángel et de Óscar", "la baguette d'Ángel et d'Óscar"),
        ("C'est au tour de Ada ; puis de Elin", "C'est au tour d'Ada ; puis d'Elin"),
    ],
)
def test_french_elides_de_and_que_before_a_vowel(french: None, given: str, typeset: str) -> None:
    assert i18n.typeset(given) == typeset
    assert i18n.typeset(typeset) == typeset  # (typeset twice: the same)


@pytest.mark.parametrize(
    "kept",
    [
        "la baguette de Harry",  # no elision before h, as the French books write
        "la cabane de Hagrid",
        "le coût d'une carte",
        "une série de 3",
        "la baguette de Bram",
        "la baguette de Yann",  # a y before a vowel is a consonant
        "le code Ada",  # "de" inside a word
        "jusque-là",
        "de",
    ],
)
def test_french_keeps_what_is_written_right(french: None, kept: str) -> None:
    assert i18n.typeset(kept) == kept


@pytest.mark.parametrize("language", ["en", "ru"])
def test_other_languages_stay_as_given(language: str) -> None:
    i18n.set_language(language)
    try:
        assert i18n.typeset("Guide de Ada, que Elin") == "Guide de Ada, que Elin"
    finally:
        i18n.set_language("en")


def test_a_line_is_drawn_and_measured_elided_and_a_wrap_keeps_it_together(french: None) -> None:
    font = theme.ui_font(16)
    drawn, elided = font.render("La baguette de Ada"), font.render("La baguette d'Ada")
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(elided, "RGBA")
    assert font.size("La baguette de Ada") == font.size("La baguette d'Ada")
    width = font.size("La baguette de")[0] + 2  # "de" fits at the end of the first line, "Ada" not
    assert theme.wrap_in_font("La baguette de Ada", font, width) == ["La baguette", "d'Ada"]
    i18n.set_language("en")
    assert font.size("La baguette de Ada") != font.size("La baguette d'Ada")


def test_a_french_stupefix_table_says_ada_s_wand_with_elision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ada (a person) points her wand in the live count, then drags it onto another wizard: the table's refusal
    "La baguette de {name} vise déjà {target}." is drawn "La baguette d'Ada vise déjà ..." (it read "de Ada")."""
    drawn = record_drawn(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr")
    _app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=4, settings=settings)
    try:
        to_live(driver, table)
        ready(driver, table)
        seats = table.layout.seats
        driver.drag(table.wand_grip(0), seats[1].rect.center)
        driver.drag(table.wand_grip(0), seats[3].rect.center)  # pointed already
        assert table.message.startswith("La baguette de Ada vise déjà "), table.message
        words = drawn_afresh(driver, drawn)
        assert "La baguette d'Ada vise déjà" in words, words
        assert "de Ada" not in words
    finally:
        pygame.quit()
        i18n.set_language("en")


def test_a_name_field_shows_what_was_typed_letter_for_letter(french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a person types is theirs: a French name field drew "Jean de Arc" as "Jean d'Arc" (the name kept as
    typed, shown otherwise). The field's words are drawn as typed; the table's messages are typeset."""
    from tabletop.ui.widgets import TextField

    pygame.init()
    drawn: list[tuple[str, bool]] = []
    render = theme.Font.render

    def recording(self: theme.Font, message: str, *args: object, typeset: bool = True, **kwargs: object):
        drawn.append((message, typeset))
        return render(self, message, *args, typeset=typeset, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme.Font, "render", recording)
    field = TextField("Nom", lambda _value: None)
    field.value = "Jean de Arc"
    field.rect = pygame.Rect(0, 0, 300, 40)
    field.draw(pygame.Surface((300, 40)))
    assert ("Jean de Arc", False) in drawn, drawn
    assert theme.text("Jean de Arc", 16, as_typed=True).get_width() != theme.text("Jean de Arc", 16).get_width()


def test_a_name_a_person_typed_is_drawn_as_typed_at_a_french_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person named "Ana de Armas" at a French Stupéfix table was drawn "Ana d'Armas" on her mat, in the banner
    and on the Ready cue (only the name field showed it as typed). Her name stays letter for letter everywhere,
    while a "de" before it is still elided; "de Ada" elsewhere too."""
    from tabletop.core import Match, SeatInfo
    from tabletop.games.stupefix import GAME
    from tabletop.ui.app import App
    from tests.ui_driver import at_table

    drawn = record_typeset(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr")
    app = App((1280, 800), settings=settings)
    seats = [SeatInfo("Ana de Armas", "human"), *(SeatInfo(name, "greedy") for name in ("Bram", "Cleo", "Dov"))]
    try:
        driver, _table = at_table(app, Match(GAME, seats, GAME.default_options(4), 4))
        words = drawn_afresh(driver, drawn)
        assert "Ana de Armas" in words, words
        assert "d'Armas" not in words, words
        assert i18n.typeset("La baguette de Ana de Armas vise de Ada") == "La baguette d'Ana de Armas vise d'Ada"
        assert i18n.typeset("de Armasson") == "d'Armasson"  # (another word, not her name's)
    finally:
        pygame.quit()
        i18n.set_language("en")


def test_the_challenges_wrapped_lines_keep_a_de_with_the_name_it_elides_before(french: None) -> None:
    """The Challenge's own wrapper (its cards' and panels' text) wrapped the words before they were typeset: a "de"
    ending a line was drawn "de", its name at the next line's start ("de" / "Ada")."""
    from tabletop.ui.tables.house_cup_challenge.faces import wrap_words

    font = theme.font(16, True)
    width = font.size("La baguette de")[0]  # room for "de", not for "d'Ada"
    lines = wrap_words("La baguette de Ada", font, width)
    assert lines == ["La baguette", "d'Ada"], lines


def test_a_challenge_cards_test_keeps_each_ability_with_its_value(french: None, monkeypatch) -> None:
    """A card's face at zoom sizes wrapped "Épreuve : Connaissance 3 ou Habileté" / "3" (a new player's review in
    French, Large text): an ability and its value stay on one line (a no-break space the wrapper keeps)."""
    from tabletop.games.house_cup_challenge.cards import ADVENTURES
    from tabletop.ui.tables.house_cup_challenge import faces

    wrapped: list[str] = []
    wrap_words = faces.wrap_words

    def recording(message: str, *args: object, **kwargs: object) -> list[str]:
        lines = wrap_words(message, *args, **kwargs)  # type: ignore[arg-type]
        wrapped.extend(lines)
        return lines

    monkeypatch.setattr(faces, "wrap_words", recording)
    for card in [card for card in ADVENTURES.values() if len(card.test.parts) > 1][:12]:
        for width in (150, 190, 240, 300):
            faces.card_face(card.id, width)
    assert wrapped and not [line for line in wrapped if line.strip().isdigit()], wrapped


def record_typeset(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered from now on, as it is drawn (typeset, or letter for letter)."""
    from tests.ui_driver import Driver

    drawn: list[str] = []
    render = theme.Font.render

    def recording(self: theme.Font, message: str, *args: object, typeset: bool = True, **kwargs: object):
        drawn.append(i18n.typeset(message) if typeset else message)  # (the words as they are drawn)
        return render(self, message, *args, typeset=typeset, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme.Font, "render", recording)
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    return drawn


def test_a_name_a_person_typed_is_listed_as_typed_among_the_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Load screen lists who plays each save: "Ana d'Armas, Ben (bot)" at a French screen, opened before any
    game of hers this run (only a table, History and Statistics kept her name as typed). A bot's seat is named in
    the setup too, and its table keeps the name as typed: the Load screen said "Eva d'Oro (bot)"."""
    from tabletop.core import Match, SeatInfo
    from tabletop.core.saves import write_save
    from tabletop.games.house_cup import GAME
    from tabletop.paths import user_saves_dir

    seats = [SeatInfo("Ana de Armas"), SeatInfo("Eva de Oro", "greedy")]
    user_saves_dir().mkdir(parents=True, exist_ok=True)
    write_save(Match(GAME, seats, GAME.default_options(2), 1), user_saves_dir() / "ana.json")
    words = french_screen_words(monkeypatch, lambda app: app.go.load())
    assert "Ana de Armas, Eva de Oro (bot)" in words, words


@pytest.mark.usefixtures("fresh_histories")
def test_every_seats_name_in_history_is_listed_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """History's rows name every seat, a bot's too (named in the setup like a person's): a French History said
    "Eva d'Oro" for the bot its table had called "Eva de Oro" (review11)."""
    from tabletop.core import SeatInfo
    from tabletop.play.session import history_db
    from tests.test_ui_history import finished

    history, problem = history_db()
    assert history is not None, problem
    assert history.record(finished("house-cup", [SeatInfo("Ana de Armas"), SeatInfo("Eva de Oro", "greedy")], 1))
    words = french_screen_words(monkeypatch, lambda app: app.go.history())
    assert "Eva de Oro" in words and "Ana de Armas" in words, words


def french_screen_words(monkeypatch: pytest.MonkeyPatch, go_to: Callable[[Any], None]) -> str:
    """The words of the screen a new French app goes to (``go_to(app)``: Load, History), as drawn."""
    from tabletop.ui.app import App
    from tests.ui_driver import Driver

    drawn = record_typeset(monkeypatch)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr"))
    try:
        driver = Driver(app)
        go_to(app)
        return drawn_afresh(driver, drawn)
    finally:
        pygame.quit()
        i18n.set_language("en")


def test_the_spellbook_pickers_heading_names_the_seat_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """That's Wizard!'s spellbook picker is headed by the seat's name before any table has kept it as typed:
    "Ana d'Armas : choisissez votre grimoire" at a French setup."""
    from tabletop.games import GAMES
    from tabletop.ui.app import App
    from tabletop.ui.tables.thats_wizard.setup import BookPicker, ThatsWizardSetup
    from tests.ui_driver import Driver

    drawn = record_typeset(monkeypatch)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr"))
    try:
        driver = Driver(app)
        app.go.setup(GAMES["thats-wizard"])
        driver.frames(2)
        setup = app.scenes.top
        assert isinstance(setup, ThatsWizardSetup)
        setup.rows[0].name_field.value = "Ana de Armas"
        driver.tap(setup.rows[0].pick.rect.center)
        assert isinstance(app.scenes.top, BookPicker)
        words = drawn_afresh(driver, drawn)
        assert "Ana de Armas" in words and "d'Armas" not in words, words
    finally:
        pygame.quit()
        i18n.set_language("en")
