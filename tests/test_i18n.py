"""The languages: gettext catalogues kept in step with the code by Babel, complete for French and Russian, plural
forms done right, a glyph in the app's font for every character they use, the language guessed from the system
locale at the first start and changed in Settings at once (the settings file keeping its English keys)."""

from __future__ import annotations

import gettext as gnu
import importlib.util
import io
import json
import string
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pygame
import pygame.freetype as freetype
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.examples import examples_of
from tabletop.games import GAME_PACKAGES, GAMES
from tabletop.i18n import LANGUAGES, gettext, guess_language, language, ngettext, set_language
from tabletop.paths import asset_dir
from tabletop.play.replay import Watching
from tabletop.play.session import saved_games
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes import words
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings, load_settings, settings_path
from tabletop.ui.tables import open_hands
from tabletop.ui.tables.base import GameTable
from tests.ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tabletop" / "locale"
TRANSLATED = ("fr", "ru")
RUSSIAN_RULE = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
FRENCH_RULE = "nplurals=2; plural=(n > 1);"


def catalogues_script():
    """scripts/catalogues.py (not a package: loaded from its file)."""
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogues", module)
    spec.loader.exec_module(module)
    return module


DOMAINS = ("tabletop", *GAME_PACKAGES)  # the shell's, each game's (a game's catalogue is named after its package)
EACH = [(domain, code) for domain in DOMAINS for code in TRANSLATED]


def po(code: str, domain: str = "tabletop") -> Catalog:
    with (LOCALE / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        return read_po(source)


def template(domain: str = "tabletop") -> Catalog:
    with (LOCALE / f"{domain}.pot").open("rb") as source:
        return read_po(source)


def entries(catalog: Catalog) -> dict:
    """(msgctxt, msgid) (the id a tuple for a plural entry) -> its translation(s), the header left out."""
    return {(message.context, frozen(message.id)): frozen(message.string) for message in catalog if message.id}


def frozen(value: str | tuple | list) -> str | tuple:
    """A plural entry's ids or forms as a tuple (.mo files are read with lists)."""
    return value if isinstance(value, str) else tuple(value)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


# --- the catalogues are in step with the code -----------------------------------------------------------------
def test_the_domains_are_the_shell_and_every_game_package():
    """The catalogue script finds the games' packages on disk; the tests take them from the registry."""
    script_domains = catalogues_script().DOMAINS
    assert script_domains == ("tabletop", *sorted(GAME_PACKAGES))


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_holds_exactly_the_messages_marked_in_the_code(tmp_path, domain):
    """A message marked with _(), ngettext() or N_() but missing from its domain's .pot (or one left there after
    it went from the code) fails here: run ``python scripts/catalogues.py all`` and translate what is new."""
    fresh = tmp_path / "fresh.pot"
    catalogues = catalogues_script()
    catalogues.pybabel(*catalogues.extract_arguments(fresh, domain))
    with fresh.open("rb") as source:
        extracted = set(entries(read_po(source)))
    assert extracted == set(entries(template(domain)))
    if domain == "tabletop":
        assert len(extracted) > 150  # the shell's messages at least


def test_a_games_messages_go_to_its_own_catalogue_and_never_to_the_shells(tmp_path):
    catalogues = catalogues_script()
    assert "tabletop/games/house_cup" in catalogues.sources("house_cup")
    assert "tabletop/ui/tables/house_cup" in catalogues.sources("house_cup")
    shell = catalogues.sources("tabletop")
    assert shell[-1] == "tabletop" and set(GAME_PACKAGES) <= set(shell[shell.index("--ignore-dirs") + 1].split())


@pytest.mark.parametrize(("domain", "code"), EACH)
def test_each_language_has_the_templates_messages(domain, code):
    assert set(entries(po(code, domain))) == set(entries(template(domain)))


@pytest.mark.parametrize(("domain", "code"), EACH)
def test_the_committed_mo_is_the_po_compiled(domain, code):
    """The .mo files are committed (a checkout or a wheel runs without Babel): they must say what the .po says."""
    catalog = po(code, domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    with (LOCALE / code / "LC_MESSAGES" / f"{domain}.mo").open("rb") as source:
        committed = read_mo(source)
    fresh = read_mo(compiled)
    assert entries(committed) == entries(fresh)
    assert committed.plural_forms == fresh.plural_forms


# --- complete, with the right placeholders and plural forms --------------------------------------------------
@pytest.mark.parametrize(("domain", "code"), EACH)
def test_every_message_is_translated_with_the_same_placeholders(domain, code):
    catalog = po(code, domain)
    forms = catalog.num_plurals
    problems = []
    for message in catalog:
        if not message.id:
            continue
        message_id = message.id if isinstance(message.id, str) else message.id[0]
        wanted = placeholders(message_id)
        translations = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {message_id!r}")
        if isinstance(message.id, tuple):
            assert placeholders(message.id[1]) == wanted
            if len(translations) != forms:
                problems.append(f"{len(translations)} forms of {forms}: {message_id!r}")
        for text in translations:
            if not text:
                problems.append(f"untranslated: {message_id!r}")
            elif placeholders(text) != wanted:
                problems.append(f"placeholders {placeholders(text)} for {wanted}: {message_id!r}")
    assert problems == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_plural_rules_are_gettexts(domain):
    assert po("ru", domain).plural_forms == RUSSIAN_RULE
    assert po("fr", domain).plural_forms == FRENCH_RULE
    assert po("ru", domain).num_plurals == 3 and po("fr", domain).num_plurals == 2


def test_russian_plurals_for_1_2_5_and_21_players():
    set_language("ru")
    counts = (1, 2, 5, 21, 11, 12, 22, 111)
    assert [words.players(n) for n in counts] == [
        "1 игрок",
        "2 игрока",
        "5 игроков",
        "21 игрок",
        "11 игроков",
        "12 игроков",
        "22 игрока",
        "111 игроков",
    ]


def test_french_uses_the_singular_for_0_and_1():
    set_language("fr")
    assert [words.players(n) for n in (0, 1, 2)] == ["0 joueur", "1 joueur", "2 joueurs"]
    assert [ngettext("{count} move", "{count} moves", n).format(count=n) for n in (0, 1, 2)] == [
        "0 coup",
        "1 coup",
        "2 coups",
    ]


def test_a_games_title_is_its_own_catalogues_in_the_context_game_title():
    """The titles were a list of four in the shell's catalogue (a new game's stayed English, and adding one meant
    an edit there), That's Wizard!'s players line too; each is now its game's, the title with a context of its
    own: Stupéfix keeps its name in Russian where the spell it is named after is «Остолбеней», House Cup takes
    its Russian rulebook's."""
    set_language("ru")
    assert words.game_title(GAMES["house-cup"]) == "Кубок факультетов"
    assert words.title("House Cup", "house-cup") == "Кубок факультетов"  # a save's header, as on Load
    assert words.game_title(GAMES["stupefix"]) == "Stupéfix"
    assert GAMES["stupefix"].gettext("Stupéfix") == "Остолбеней"  # (the card)
    assert words.title("House Cup", "no-such-game") == words.title("House Cup", None) == "House Cup"
    assert words.players_range(GAMES["thats-wizard"]) == "1 на 1, 2 на 2"  # (its players line: its own too)
    shell = {message.id for message in template("tabletop")}
    assert not shell & {game.title for game in GAMES.values()}
    assert "1 vs 1, 2 vs 2" not in shell
    set_language("en")
    assert [words.game_title(game) for game in GAMES.values()] == [game.title for game in GAMES.values()]


def test_a_range_of_players_agrees_with_its_last_number():
    stupefix = GAMES["stupefix"]
    house_cup = GAMES["house-cup"]
    set_language("ru")
    assert words.players_range(house_cup) == "2–4 игрока"
    assert words.players_range(stupefix) == "4–8 игроков"
    set_language("en")
    assert words.players_range(house_cup) == "2-4 players"


def test_the_example_saves_are_described_in_the_players_language():
    """The Load list shows each example's description (``words.description``): the one in the shipped file is the
    message its example module marks, so the catalogue translates it (a description edited in one place and not
    the other would show in English)."""
    examples = saved_games(asset_dir("saves"))
    assert len(examples) >= 9 and all(info.description for info in examples)
    marked = {text for game in GAMES for _play, text in examples_of(game).values()}
    assert {info.description for info in examples} == marked
    for code in ("fr", "ru"):
        set_language(code)
        for info in examples:
            shown = words.description(info.description)
            assert shown != info.description and shown == gettext(info.description), (code, info.path.name)
    set_language("en")
    assert words.description(examples[0].description) == examples[0].description
    assert words.description("") == "" and words.description("A line of no catalogue") == "A line of no catalogue"


# --- the font has every character ---------------------------------------------------------------------------
def translated_characters() -> set[str]:
    """Every character the translations use."""
    used: set[str] = set()
    for domain, code in EACH:
        for message in po(code, domain):
            if message.id:
                forms = [message.string] if isinstance(message.string, str) else message.string
                used.update("".join(forms))
    return used


def test_the_apps_font_has_a_glyph_for_every_character_of_the_translations():
    """The app draws every text in its bundled face (art/fonts/FreeSansBold.ttf, GNU FreeFont): a character it
    lacks would show as a box."""
    freetype.init()
    path = theme.typeface()
    assert path is not None and path.endswith("FreeSansBold.ttf")  # the bundled copy, not pygame's older one
    face = freetype.Font(path, 24)
    used = translated_characters()
    used.update("".join(LANGUAGES.values()))
    missing = sorted(ch for ch in used if ch.isprintable() and not ch.isspace() and face.get_metrics(ch)[0] is None)
    assert missing == []
    assert "é" in used and "ж" in used  # the check saw both alphabets


def test_every_character_of_the_translations_is_drawn_as_itself():
    """``theme.drawable`` shows what cannot be drawn as "?": a no-break space (unprintable to Python) was, in
    "(1-й курс)" on the Challenge's results. Each character a catalogue uses (but the newline, which splits
    lines before drawing) is drawn as itself."""
    used = translated_characters()
    used.discard("\n")
    assert "\u00a0" in used  # (the Challenge's "Year 1" is kept on one line by one)
    assert [ch for ch in sorted(used) if theme.drawable(ch) != ch] == []


def test_no_wrapped_french_line_starts_with_a_mark_french_sets_apart():
    """French sets a space before ":", ";", "!", "?" and "»" (and after "«"): wrapped as words, a line could
    start with the mark alone ("Endurance prise au camp adverse" / ": 55"). At every width, over every French
    message, no line starts with one, none ends with "«", and the words are all still there."""
    pygame.font.init()
    theme.reset_caches()  # (as the app does: a font cached before another test's pygame.quit is dead)
    messages = [
        message.string if isinstance(message.string, str) else message.string[0]
        for domain, code in EACH
        if code == "fr"
        for message in po(code, domain)
        if message.id
    ]
    marked = [text for text in messages if any(f" {mark}" in text for mark in ":;!?»")]
    assert len(marked) > 100
    for text in marked:
        for width in (60, 120, 200, 320):
            lines = theme.wrap(text, 16, width)
            starts = lines if text.lstrip()[:1] not in ":;!?»" else lines[1:]  # (" ; " itself, a separator)
            assert not any(line[:1] in ":;!?»" for line in starts), (text, width, lines)
            assert not any(line.endswith("«") for line in lines), (text, width, lines)
            assert " ".join(lines).split() == " ".join(text.split("\n")).split()


# --- the language at call time, guessed at the first start ---------------------------------------------------
def test_messages_are_looked_up_when_they_are_shown():
    set_language("fr")
    assert gettext("New game") == "Nouvelle partie" and language() == "fr"
    set_language("ru")
    assert gettext("New game") == "Новая игра"
    assert set_language("de") == "en" and gettext("New game") == "New game"
    assert gettext("a message of no catalogue") == "a message of no catalogue"
    assert i18n.N_("Slow") == "Slow"  # marked, not translated


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANGUAGE": "ru:en", "LANG": "en_GB.UTF-8"}, "ru"),
        ({"LANGUAGE": "de:fr"}, "fr"),
        ({"LC_ALL": "fr_CA.UTF-8", "LANG": "ru_RU.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "ru_UA", "LANG": "fr_FR"}, "ru"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
    ],
)
def test_the_language_is_guessed_from_the_locale(environ, code):
    assert guess_language(environ) == code


def test_no_locale_variable_asks_pythons_locale(monkeypatch):
    monkeypatch.setattr("locale.getlocale", lambda: ("ru_RU", "UTF-8"))
    assert guess_language({}) == "ru"
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert guess_language({}) == "en"


def test_the_first_start_takes_the_systems_language_and_keeps_it(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    app = App((1280, 800))
    Driver(app).frames(2)
    assert app.settings.language == "fr" and load_settings().language == "fr"
    assert isinstance(app.scenes.top, MenuScene)
    assert [button.label for button in app.scenes.top.buttons][:3] == ["Continuer", "Nouvelle partie", "Charger"]
    monkeypatch.setenv("LANGUAGE", "ru")  # a language chosen once stays, whatever the locale says later
    app = App((1280, 800))
    assert app.settings.language == "fr"
    pygame.quit()


def test_settings_written_before_there_were_languages_load_as_they_were():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    old = {"volume": 0.5, "animation": "Slow", "bot_speed": "Instant", "countdown": "8 s", "fullscreen": False}
    path.write_text(json.dumps(old))
    settings = load_settings()
    assert (settings.animation, settings.bot_speed, settings.countdown, settings.language) == (
        "Slow",
        "Instant",
        "8 s",
        "",
    )
    path.write_text(json.dumps({**old, "language": "xx"}))
    assert load_settings().language == ""


def french_from_the_menus_settings(app: App, driver: Driver) -> tuple[MenuScene, SettingsScene]:
    """Settings opened from the menu by a tap, and its language turned from English to French."""
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    driver.tap(menu.buttons[5].rect.center)  # Settings
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.tap(scene.language.arrows()[1].center)  # English -> Français
    return menu, scene


def test_choosing_a_language_in_settings_redraws_every_screen_in_it_and_keeps_english_keys():
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en", guides_offered=list(GAMES))
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(2)
    menu, scene = french_from_the_menus_settings(app, driver)
    assert scene.language.value == "Français" and language() == "fr"
    assert load_settings().language == "fr"
    assert scene.done.label == "Terminé" and scene.animation.value == "Désactivée"
    assert menu.buttons[1].label == "Nouvelle partie"  # the screen under it, at once
    driver.tap(scene.animation.arrows()[0].center)  # Off -> Fast, shown in French, kept in English
    assert scene.animation.value == "Rapide" and load_settings().animation == "Fast"
    driver.tap(scene.language.arrows()[1].center)  # -> Русский
    assert menu.buttons[1].label == "Новая игра" and scene.bots.value == "Мгновенная (сложные боты: около 1 с)"
    assert load_settings().bot_speed == "Instant" and load_settings().language == "ru"
    driver.tap(scene.done.rect.center)
    assert app.scenes.top is menu
    pygame.quit()


def test_a_worker_threads_message_as_the_language_changes_leaves_the_new_language_whole(monkeypatch):
    """A thread beside the frame loop (a save's load, the history's recorder, the save writer) put a game's line into
    words while the player chose another language in Settings: the catalogue it had found, the old language's, went
    in among the new language's, and that game stayed in English in a French app until the language changed again."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en", guides_offered=list(GAMES))
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(2)
    looking, go_on = threading.Event(), threading.Event()
    real = i18n.catalogue_for

    def held_on_a_worker(code: str, domain: str = i18n.DOMAIN) -> gnu.NullTranslations:
        found = real(code, domain)
        if threading.current_thread() is not threading.main_thread():
            looking.set()  # (the worker holds the catalogue of the language it read, not yet kept)
            assert go_on.wait(60)
        return found

    monkeypatch.setattr(i18n, "catalogue_for", held_on_a_worker)
    stupefix = i18n.Domain("stupefix")
    i18n._State.catalogues.pop("stupefix", None)  # (not looked up yet, whatever the menu drew)
    said: list[str] = []
    worker = threading.Thread(target=lambda: said.append(stupefix.gettext("The game is over.")))
    worker.start()
    assert looking.wait(60)
    french_from_the_menus_settings(app, driver)
    go_on.set()
    worker.join(60)
    assert said == ["The game is over."]  # (its own line is in the language of the moment it was made)
    french = real("fr", "stupefix").gettext("The game is over.")
    assert french != "The game is over." and stupefix.gettext("The game is over.") == french
    pygame.quit()


def test_a_game_begun_after_a_change_of_language_draws_its_board_and_faces_in_it(monkeypatch):
    """The surfaces the tables keep (House Cup Challenge's board plaques and card faces, House Cup's and
    Stupéfix's faces) are kept by size, not language: a Challenge played in English, then French chosen from the
    menu's Settings, and a new Challenge showed "Corridor" and English cards under French prompts."""
    from tabletop.core import Match, SeatInfo
    from tests.drawn_text import record_drawn

    game = GAMES["house-cup-challenge"]
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "greedy")]
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en", guides_offered=list(GAMES))
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    drawn = record_drawn(monkeypatch)
    app.go.table(Match(game, seats, game.default_options(2), 3))
    driver.frames(5)
    assert "Corridor" in drawn
    app.go.menu()
    driver.frames(2)
    _menu, scene = french_from_the_menus_settings(app, driver)
    driver.tap(scene.done.rect.center)
    drawn.clear()
    app.go.table(Match(game, seats, game.default_options(2), 4))
    driver.frames(5)
    assert "Couloir" in drawn and "Corridor" not in drawn
    pygame.quit()


def test_a_replays_every_card_open_and_caption_are_told_again_in_a_newly_chosen_language():
    """Nothing over a replay leads to Settings (its Escape closes it), so Settings is opened here straight over a
    finished game's replay and the language chosen in it with a tap: Settings words every screen open again
    (their ``relabel``), the replay's Every card open panel and caption with them."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="en", guides_offered=list(GAMES))
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(2)
    assert app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None and table.replay_bar.open_hands is not None
    bar, panel, session = table.replay_bar, table.replay_bar.open_hands, table.session
    assert isinstance(session, Watching)
    driver.key(pygame.K_HOME)  # Slytherin looks at five cards for points; Ravenclaw has nothing hidden
    driver.tap(bar.seat_choice.arrows()[0].center)  # back round from the first seat: every card open
    driver.frames(2)
    assert bar.all_open and bar.seat_choice.value == "Every card open"

    def listed() -> str:
        """The panel's rows as drawn, a row's heading before its words."""
        rows = panel.rows()
        return " ".join(f"{row.label} {row.text}" if row.label else row.text for row in rows if row.kind != "gap")

    def told() -> list[str]:
        """Every line the panel should list now, in the language of the moment."""
        return [line for _name, lines in session.open_hands() for line in lines or [gettext(open_hands.NOTHING)]]

    english, english_caption = listed(), bar.caption_lines()
    assert "Searching for Points, looks at: Potions" in english and "Nothing hidden now" in english
    assert english_caption[0].startswith("The start of the game.")
    app.go.settings()  # what the menu's and the pause's Settings do
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    driver.tap(scene.language.arrows()[1].center)  # English -> Français
    assert language() == "fr"
    driver.tap(scene.done.rect.center)
    assert app.scenes.top is table and bar.all_open
    driver.frames(2)
    french = listed()
    assert french != english and all(line in french for line in told())
    assert "Recherche de points, regarde : Potions" in french and gettext(open_hands.NOTHING) in french
    assert "Nothing hidden now" not in french and "Searching" not in french
    assert bar.caption_lines()[0].startswith("Le début de la partie.")
    assert bar.seat_choice.value == gettext("Every card open") != "Every card open"
    # A column just too narrow for "regarde :": the colon stays with its word, no line starts with it.
    line_font = theme.ui_font(open_hands.LINE_SIZE)
    words = "Recherche de points, regarde"
    panel.scroll.rect.width = (line_font.size(words)[0] + line_font.size(words + " :")[0]) // 2 + theme.px(18)
    lines = [row.text for row in panel.rows() if row.kind == "line"]
    assert any(line.startswith("regarde : Potions") for line in lines)
    assert not any(line.startswith(":") for line in lines)
    pygame.quit()


def test_message_and_plural_helpers_keep_their_placeholders_named():
    """A translation may put the words in its own order: every placeholder in the templates is named."""
    for message in (message for domain in DOMAINS for message in template(domain)):
        if not message.id:
            continue
        for text in [message.id] if isinstance(message.id, str) else message.id:
            assert "" not in placeholders(text), f"positional placeholder in {text!r}"
            assert "%s" not in text and "%d" not in text


def test_an_untranslated_catalogue_message_falls_back_to_english():
    catalog = Catalog(locale="fr")
    catalog.add("Load", "")
    catalog.add("Quit", "Quitter")
    stream = io.BytesIO()
    write_mo(stream, catalog)
    stream.seek(0)
    i18n.install(gnu.GNUTranslations(stream), "fr")
    assert gettext("Load") == "Load" and gettext("Quit") == "Quitter"


def test_a_wheel_carries_the_compiled_catalogues_and_speaks_them(tmp_path):
    """The app runs in French and Russian from a plain install (no Babel, no .po files needed at run time)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("tabletop-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert {f"tabletop/locale/{code}/LC_MESSAGES/tabletop.mo" for code in TRANSLATED} <= set(names)
        archive.extractall(tmp_path / "installed")
    speak = "from tabletop.i18n import gettext, set_language; set_language('ru'); print(gettext('New game'))"
    spoken = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'installed')!r}); {speak}"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert spoken.stdout.strip() == "Новая игра"


def test_a_games_catalogue_is_its_own():
    """A game's messages are looked up in its own catalogue, in the language of the moment; the shell's are not."""
    from tabletop.games.house_cup.i18n import gettext as house_cup_gettext

    catalog = Catalog(locale="fr")
    catalog.add("Deck", "Pioche")
    stream = io.BytesIO()
    write_mo(stream, catalog)
    stream.seek(0)
    set_language("fr")
    i18n.install(gnu.GNUTranslations(stream), "fr", domain="house_cup")
    assert house_cup_gettext("Deck") == "Pioche"
    assert gettext("Deck") == "Deck"  # not a message of the shell
    assert gettext("New game") == "Nouvelle partie"  # the shell's own catalogue still
    set_language("ru")
    assert house_cup_gettext("Deck") == "Deck"  # a language change drops what a test installed
