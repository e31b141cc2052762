"""Every game's setup screen, reached from the menu by pointer events as a person would: the same choice of who
plays each seat, the same defaults, and the bot level chosen is the one the game is saved with."""

import json

import pygame
import pytest

from tabletop.core.rng import secret_seed
from tabletop.games import GAMES
from tabletop.paths import user_saves_dir
from tabletop.ui.app import App
from tabletop.ui.assets import asset_dir
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests.drawn_text import drawn_afresh, record_drawn
from tests.thats_wizard_ui_helpers import choose_book
from tests.ui_driver import Driver, until_results

WHO_PLAYS = ["Human", "Bot: Easy", "Bot: Medium", "Bot: Hard"]


def open_setup(game_id: str):
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", guides_offered=[game_id])  # (asked once)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # New game
    newgame = app.scenes.top
    assert isinstance(newgame, NewGameScene)
    index = [entry.id for entry in newgame.entries].index(game_id)
    driver.tap(newgame.buttons[index].rect.center)  # Set up
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and setup.game.id == game_id
    return app, driver, setup


def assert_default_seats(setup: SetupBase) -> None:
    for row in setup.rows:
        assert row.controller.options == WHO_PLAYS
    assert [row.controller.value for row in setup.rows] == ["Human"] + ["Bot: Medium"] * (len(setup.rows) - 1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_seat_offers_a_person_or_three_bot_levels_and_the_level_chosen_is_saved(game_id):
    app, driver, setup = open_setup(game_id)
    game = GAMES[game_id]
    assert_default_seats(setup)
    while len(setup.rows) < game.max_players:  # every number of players up to the most
        driver.tap(setup.players_choice.arrows()[1].center)
        assert_default_seats(setup)
    players = len(setup.rows)

    seat2 = setup.rows[1].controller
    driver.tap(seat2.arrows()[1].center)  # Bot: Medium -> Bot: Hard
    assert seat2.value == "Bot: Hard"
    if game_id == "thats-wizard":  # a person chooses their spellbook before the match
        choose_book(driver, setup, 0)
    driver.tap(setup.start.rect.center)

    session = app.scenes.stack[0].session
    expected = ["human", "hard"] + ["medium"] * (players - 2)
    assert [seat.controller for seat in session.match.seats] == expected
    assert session.path.parent == user_saves_dir()
    saved = json.loads(session.path.read_text())
    assert saved["game"] == game_id
    assert [seat["controller"] for seat in saved["seats"]] == expected
    session.close()  # stop the bots thinking
    pygame.quit()


def test_two_names_alike_but_for_capitals_and_spaces_are_one_person():
    """'ADA' beside 'Ada' is refused as the same name (the statistics count them as one person)."""
    app, driver, setup = open_setup("house-cup-challenge")
    assert setup.rows[0].shown_name() == "Ada"
    field = setup.rows[1].name_field
    driver.tap(field.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("ADA")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    assert app.scenes.top is setup and setup.error == "Give every player a different name."
    pygame.quit()


def test_a_name_tapped_is_typed_over_and_a_second_tap_types_on_after_it():
    """A player tapped "Gryffindor" and typed "Ada": the seat was named "GryffindorAda" (a new player's review).
    The words are selected when typing begins, so what is typed takes their place; a second tap, or End, keeps them
    to type on after them; Ctrl+A selects them again and Backspace then clears them."""
    app, driver, setup = open_setup("house-cup")
    field = setup.rows[0].name_field
    assert field.value == "Gryffindor"
    driver.tap(field.rect.center)
    driver.type_text("Ada")
    assert field.value == "Ada"
    driver.key(pygame.K_RETURN)
    driver.tap(field.rect.center)
    driver.tap(field.rect.center)  # (a second tap: type on after the words)
    driver.type_text(" B")
    assert field.value == "Ada B"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    driver.key(pygame.K_BACKSPACE)
    assert field.value == ""
    driver.type_text("Cleo")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.session.match.seats[0].name == "Cleo"
    pygame.quit()


def test_a_name_typed_past_its_length_is_said_to_be_cut_not_cut_without_a_word():
    """A review typed "Александра Константиновна", letter by letter as a keyboard does: the field kept 14 letters
    and said nothing, and every screen of the game then named "Александра Кон". The line under the panel (and the
    screen keyboard, through the field's problem) says the letters after the 14th were left out; the next key
    that cuts nothing clears it."""
    app, driver, setup = open_setup("house-cup")
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    for letter in "Alexandra Kon":
        driver.type_text(letter)
    assert setup.error == "" and field.problem == ""  # (13 letters: nothing left out yet)
    for letter in "stantinovna":
        driver.type_text(letter)
    said = "At most 14 characters fit here: the letters after them were left out."
    assert field.value == "Alexandra Kons" and setup.error == said and field.problem == said
    driver.key(pygame.K_BACKSPACE)
    assert field.value == "Alexandra Kon" and setup.error == "" and field.problem == ""
    pygame.quit()


def test_start_keeps_its_problem_on_show_until_the_setup_changes():
    app, driver, setup = open_setup("house-cup-challenge")
    field = setup.rows[1].name_field
    driver.tap(field.rect.center)
    for _ in range(4):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Ada")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    assert app.scenes.top is setup and setup.error == "Give every player a different name."
    driver.tap(setup.seed_field.rect.center)  # any other change clears it
    assert setup.error == ""
    pygame.quit()


@pytest.mark.parametrize("game_id", ["house-cup", "stupefix"])
def test_a_random_deal_is_secret_and_a_number_typed_gives_that_deal(game_id, monkeypatch):
    """Anyone who knew a game's seed could deal it again and read every hidden card, so the setup no longer shows
    one: the deal number opens empty ("random"), and Start draws a secret seed. A number typed there is the deal."""
    drawn = record_drawn(monkeypatch)
    monkeypatch.setattr("tabletop.ui.scenes.setup_base.secret_seed", lambda: 2**62 + 12345)
    app, driver, setup = open_setup(game_id)
    words = drawn_afresh(driver, drawn)
    assert setup.seed_field.value == "" and "random" in drawn  # the field's placeholder
    assert not any(text.strip().isdigit() and len(text.strip()) > 2 for text in drawn), words  # no seed on show
    assert not setup.new_seed.enabled  # Erase: nothing typed to erase
    driver.tap(setup.start.rect.center)
    assert app.scenes.stack[0].session.match.seed == 2**62 + 12345
    app.scenes.stack[0].session.close()

    app, driver, setup = open_setup(game_id)
    driver.tap(setup.seed_field.rect.center)
    driver.type_text("4242")
    driver.key(pygame.K_RETURN)
    assert setup.seed == 4242 and setup.new_seed.enabled
    driver.tap(setup.new_seed.rect.center)  # Erase: the number goes
    assert setup.seed_field.value == "" and setup.seed is None and not setup.new_seed.enabled
    driver.tap(setup.seed_field.rect.center)
    driver.type_text("4242")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.start.rect.center)
    assert app.scenes.stack[0].session.match.seed == 4242
    app.scenes.stack[0].session.close()
    pygame.quit()


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_the_deal_fields_word_and_its_buttons_are_not_the_same_word(language):
    """The deal field, empty, says "random"; the button beside it was "Random deal" ("au hasard" beside "Au hasard"
    in French): a new player could not tell the field from the button (a French player's game). The button says what
    it does, Erase ("Effacer"), and shares no word with the field."""
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", large_text=True, language=language))
    app.go.setup(GAMES["thats-wizard"])
    Driver(app).frames(2)
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and setup.seed_field.value == "" and not setup.new_seed.enabled
    field, button = setup.seed_field.placeholder.casefold().split(), setup.new_seed.label.casefold().split()
    assert field and button and not set(field) & set(button), (field, button)
    pygame.quit()


def test_play_again_deals_a_new_secret_deal(monkeypatch):
    """Play again's seed was worked out from the last game's, so whoever knew that one (a number typed at the
    setup) knew the next deal too."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    results = until_results(driver)
    assert isinstance(results, ResultsScene)
    monkeypatch.setattr("tabletop.ui.scenes.results.secret_seed", lambda: 2**62 + 777)
    driver.tap(results.buttons[0].rect.center)  # Play again
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable) and table.session.match.seed == 2**62 + 777
    table.session.close()
    pygame.quit()


def test_a_secret_seed_is_63_bits_from_the_os():
    seeds = {secret_seed() for _ in range(8)}
    assert len(seeds) == 8 and all(0 <= seed < 2**63 for seed in seeds)
    assert max(seeds) > 2**40  # (8 draws all below 2**40: about 2**-184)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_setup_holds_its_lines_in_its_panel_at_the_largest_interface_scale(size, language):
    """At an interface scale of 125% or more the window gives the layout less room, and the setup panels ran over:
    Stupéfix's eight rows pushed "Usual houses" over Back and Start (a tap on it went back to the menu), House
    Cup's notes fell on the wood (a reviewer reading with large text). The rows are made shorter until every line
    lies in the panel, at every number of players; a tap on "Usual houses" stays on the setup."""
    settings = Settings(volume=0.0, animation="Off", ui_scale=200, large_text=True, language=language)
    for game in GAMES.values():
        app = App(size, settings=settings)
        driver = Driver(app)
        app.go.setup(game)
        driver.frames(2)
        setup = app.scenes.top
        assert isinstance(setup, SetupBase)
        for _ in setup.counts:
            driver.tap(setup.players_choice.arrows()[1].center)
            inside = [w for w in setup.all_widgets() if w not in (setup.start, setup.back_button)]
            assert all(setup.box.contains(widget.rect) for widget in inside), (game.id, setup.players)
            assert setup.notes_top + setup.notes_height() <= setup.box.bottom, (game.id, setup.players)
            assert setup.rows[0].widgets()[0].rect.height >= 26  # (a mouse's size, large text still whole)
        for widget in setup.game_widgets():
            if widget.visible and widget.enabled and type(widget).__name__ == "Button":
                driver.tap(widget.rect.center)
                driver.frames(2)
                assert app.scenes.top is setup or setup in app.scenes.stack, (game.id, widget)
        pygame.quit()


def test_a_name_typed_with_marks_that_cannot_be_shown_still_resumes(monkeypatch):
    """A French keyboard's no-break space ("Jean Luc"), an emoji family held together by zero-width joiners, a
    soft hyphen: the setup kept them, the game played, and its save was refused when read again ("holds characters
    that cannot be shown"), so Continue had no game to resume (a tester found it). A text field now keeps any space
    as a plain one and leaves out what cannot be shown on its own; the game comes back under Continue."""
    from tabletop.games.house_cup.events import PlaceToken
    from tabletop.play.session import latest_autosave
    from tabletop.ui import theme

    monkeypatch.setattr(theme, "can_draw", lambda char: True)  # (a system with an emoji face)
    app, driver, setup = open_setup("house-cup")
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    field.value = ""
    for text in ("Jean\u00a0Luc", "\u00ad", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\u202e"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(2)
    assert field.value == "Jean Luc\U0001f468\U0001f469\U0001f467" and field.value.isprintable()
    driver.tap(setup.start.rect.center)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    session = table.session
    command = next(c for c in session.game.legal(session.match.state, 0) if isinstance(c, PlaceToken))
    session.submit(command)
    driver.frames(5)
    resumed = latest_autosave()
    assert resumed is not None and resumed.error is None
    assert session.names()[0] == "Jean Luc\U0001f468\U0001f469\U0001f467"
    pygame.quit()


def test_a_character_no_face_here_can_draw_is_left_out_of_a_name(monkeypatch):
    """ "🧙Zoë🦉" showed as boxes around "Zoë" in the setup and on the table (a review of the setups, on a system
    with no face that has them): a name keeps only what the screens can draw."""
    from tabletop.ui import theme

    monkeypatch.setattr(theme, "can_draw", lambda char: char not in "\U0001f9d9\U0001f989")
    assert name_typed("\U0001f9d9Zoë\U0001f989") == "Zoë"


def test_a_joiner_typed_in_a_name_is_left_out_and_nothing_breaks():
    """A zero-width joiner (an emoji family, a Persian name) is left out of a name; the check of what the screens
    can draw was asked about the nothing it became, and the app died (the diff's review)."""
    assert name_typed("Jean\u200dLuc\u200c\u00ad") == "JeanLuc"


def name_typed(text: str) -> str:
    """The first seat's name in House Cup's setup once ``text`` is typed into its emptied field."""
    app, driver, setup = open_setup("house-cup")
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    field.value = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    driver.frames(2)
    value = field.value
    pygame.quit()
    return value


@pytest.mark.parametrize("game_id", [game_id for game_id in sorted(GAMES) if len(GAMES[game_id].player_counts) > 1])
def test_a_seat_taken_away_and_given_back_keeps_who_played_it_and_its_name(game_id):
    """One player fewer then one more again: the seat given back, set to Easy and named "Dad", came back as
    Medium with its default name (House Cup, Stupéfix, That's Wizard!; House Cup Challenge kept it); That's
    Wizard!'s 1 vs 1, Duos and 1 vs 1 again started every seat afresh (a review of the setups)."""
    app, driver, setup = open_setup(game_id)
    while len(setup.rows) < GAMES[game_id].max_players:
        driver.tap(setup.players_choice.arrows()[1].center)
    last = len(setup.rows) - 1
    ids = [controller for _, controller in setup.controllers]
    row = setup.rows[last]
    while ids[row.controller.index] != "easy":
        driver.tap(row.controller.arrows()[1].center)
    driver.tap(row.name_field.rect.center)
    for _ in range(len(row.name_field.value)):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("Dad")
    driver.key(pygame.K_RETURN)
    driver.tap(setup.players_choice.arrows()[0].center)  # one fewer (That's Wizard!: 1 vs 1)
    assert len(setup.rows) < last + 1
    driver.tap(setup.players_choice.arrows()[1].center)  # and back
    assert len(setup.rows) == last + 1
    back = setup.rows[last]
    assert ids[back.controller.index] == "easy" and back.name_field.value == "Dad"
    pygame.quit()


def test_house_cup_challenge_asks_for_the_youngest_player_who_takes_the_wand_without_harry():
    """Without Harry the rules give the Wand to the youngest player; the app gave it to a seat the deal picked
    (a review of the setups, House Cup asking for its Sorting Hat's youngest). The setup asks for them."""
    app, driver, setup = open_setup("house-cup-challenge")
    while len(setup.rows) != 3:
        driver.tap(setup.players_choice.arrows()[1].center)
    youngest = setup.youngest  # type: ignore[attr-defined]
    assert youngest.options == [row.shown_name() for row in setup.rows]
    driver.tap(youngest.arrows()[1].center)
    driver.tap(youngest.arrows()[1].center)
    assert youngest.value == setup.rows[2].shown_name()
    driver.tap(setup.start.rect.center)
    session = app.scenes.stack[0].session
    assert session.match.options["youngest"] == 2
    pygame.quit()


def test_a_game_that_four_cannot_play_opens_its_setup_at_its_nearest_count():
    """``SetupBase.default_players`` is 4 unless a game says otherwise: a new game for two or three players that
    left it (README, "Adding a game") raised ValueError as its setup opened."""
    from dataclasses import replace

    from tabletop.ui.tables.house_cup.setup import SetupScene

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off"))
    driver = Driver(app)
    driver.frames(2)
    app.scenes.push(SetupScene(app, replace(GAMES["house-cup"], player_counts=(2, 3))))
    driver.frames(2)
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and len(setup.rows) == 3 and setup.players_choice.value == "3 players"
