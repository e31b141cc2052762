"""The shell's messages made below the screens (a save's reasons, the history's problems, the charts' numbers) in
French and Russian: shown in the language chosen, logged and kept in English."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pygame
import pytest

from tabletop.core.saves import SaveError, list_saves, read_json
from tabletop.games import GAMES
from tabletop.i18n import os_reason, set_language
from tabletop.paths import asset_dir
from tabletop.play.history import History, english, open_history
from tabletop.play.save_names import name_problem
from tabletop.ui import charts, theme
from tabletop.ui.app import App
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.words import number
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver, until_results

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)


@pytest.mark.parametrize(
    ("code", "values", "written"),
    [
        ("en", (1234, 1.5, 12345.67, 0.04, 7), ("1,234", "1.5", "12,345.7", "0", "7")),
        ("fr", (1234, 1.5, 12345.67, 0.04, 7), ("1 234", "1,5", "12 345,7", "0", "7")),
        ("ru", (1234, 1.5, 12345.67, 0.04, 7), ("1 234", "1,5", "12 345,7", "0", "7")),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(code, values, written):
    set_language(code)
    assert tuple(number(value) for value in values) == written


def test_a_share_is_a_percentage_as_each_language_writes_it():
    assert charts.percent(0.5) == "50%"
    set_language("fr")
    assert charts.percent(0.5) == "50 %"


def test_a_save_that_cannot_be_read_says_why_in_the_language_shown(tmp_path: Path):
    empty = tmp_path / "empty.json"
    empty.write_text("")
    for code, line in (("en", "empty.json: the file is empty"), ("fr", "empty.json : le fichier est vide"),
                       ("ru", "empty.json: файл пуст")):  # fmt: skip
        set_language(code)
        with pytest.raises(SaveError) as caught:
            read_json(empty)
        assert str(caught.value) == line


def test_the_load_list_gives_its_reasons_in_the_language_chosen_since(tmp_path: Path):
    (tmp_path / "cut.json").write_text('{"format": "tabletop-save",')
    [english_info] = list_saves(tmp_path, GAMES)
    set_language("ru")
    [russian_info] = list_saves(tmp_path, GAMES)  # the same file, unchanged: listed again in Russian
    assert english_info.error is not None and "is cut short" in english_info.error
    assert russian_info.error is not None and "файл обрывается" in russian_info.error


def test_a_refused_name_is_said_in_the_language_shown():
    set_language("fr")
    assert name_problem("x" * 45) == "Le nom d'une sauvegarde fait au plus 40 caractères (il en fait 45)."


def test_a_damaged_history_is_told_in_french_and_logged_in_english(tmp_path: Path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"not a database" * 100)
    set_language("fr")
    history = History(path)
    try:
        notice = history.notice
        assert notice is not None and notice.startswith("L'historique des parties était endommagé")
        assert english(notice).startswith("The game history was damaged (file is not a database)")
    finally:
        history.close()


def test_a_history_of_a_newer_tabletop_is_told_in_russian_and_logged_in_english(tmp_path: Path):
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('schema', '99')")
    db.close()
    set_language("ru")
    history, problem = open_history(path)
    assert history is None and problem is not None
    assert problem.startswith("история игр записана более новым Tabletop (версия 99")
    assert english(problem).startswith("the game history was written by a newer Tabletop (version 99")


def test_a_history_whose_folder_cannot_be_made_says_why_in_french_and_logs_the_systems_words(tmp_path: Path):
    """A data folder under a file (or a read-only home): the menu said "l'historique des parties est inutilisable
    ([Errno 20] Not a directory: '/home/...')", the system's English inside the French line."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    set_language("fr")
    history, problem = open_history(blocker / "tabletop" / "history.sqlite3")
    assert history is None and problem is not None
    assert problem == "l'historique des parties est inutilisable (un fichier se trouve à la place d'un dossier)"
    assert english(problem).startswith("the game history cannot be used ([Errno 20] Not a directory: ")


def test_the_results_chart_names_a_games_categories_through_its_catalogue(monkeypatch):
    """The tallies hand the results screen their categories by English key; it shows them in the language."""
    drawn: list[str] = []
    render = theme.Font.render

    def recording(self: theme.Font, message: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(message)
        return render(self, message, *args, **kwargs)

    monkeypatch.setattr(theme.Font, "render", recording)
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr"))
    driver = Driver(app)
    assert app.go.open_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    results = until_results(driver)
    assert isinstance(results, ResultsScene) and "Sets" in results.data.categories
    theme.reset_caches()
    drawn.clear()
    driver.frames(1)
    sets = GAMES["house-cup"].gettext("Sets")
    assert sets != "Sets" and sets in drawn and "Sets" not in drawn
    pygame.quit()


@pytest.mark.parametrize(
    ("number", "language", "said"),
    [
        (errno.ENOSPC, "ru", "диск заполнен"),
        (errno.EACCES, "fr", "écriture non autorisée à cet endroit"),
        (errno.EROFS, "en", "the disk is read-only"),
    ],
)
def test_a_disks_failure_is_told_in_the_language_shown(number, language, said):
    """ "Не удалось сохранить партию (No space left on device)": the system's words stood in English inside a
    Russian sentence."""
    try:
        set_language(language)
        assert os_reason(OSError(number, os.strerror(number))) == said
        assert os_reason(OSError(errno.EIO, "Input/output error")) == "Input/output error"  # (unknown: the system's)
    finally:
        set_language("en")


def _translations(language: str, domain: str) -> list[tuple[str, str]]:
    """Each (msgid, msgstr form) of a catalogue, every plural form apart."""
    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parent.parent / "tabletop" / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as source:
        catalogue = read_po(source, locale=language)
    pairs = []
    for message in catalogue:
        if message.id:
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            pairs += [(msgid, form) for form in forms]
    return pairs


def test_french_card_names_never_follow_a_or_de_bare():
    """Forty French House Cup Challenge titles begin with Le, La, Les or L' ("Le Basilic"): "échoue face à Le
    Basilic", "l'Épreuve de Le journal de Tom Jedusor". A card after "à" or "de" is "la carte {card}"."""
    import re

    bare = [
        msgid for msgid, said in _translations("fr", "house_cup_challenge") if re.search(r"\b(à|de) \{card\}", said)
    ]
    assert bare == []


def test_a_french_power_figure_that_may_be_one_carries_no_plural_noun():
    """ "Douleur partagée à 1 coûte 1 points de Puissance": a number that may be 0 or 1 outside ngettext is
    "{cost} de Puissance", as the French rules write "2 de Puissance"."""
    said = dict(_translations("fr", "thats_wizard"))
    assert "points" not in said["{card} at {dial} costs {cost} Power; you have {power}."]
    assert "points" not in said["{card}: {name} has {value} Power, more than {limit}; nothing happens."]


def test_russian_counts_that_are_always_two_to_four_take_the_few_form():
    """Dispel (dial 3 to 5) removes P-1 tokens and Scry (dial 2 to 4) looks at P spells: 2, 3 or 4, whose
    Russian form is "жетона", "заклинания" ("снимает 2 жетонов" every time)."""
    said = dict(_translations("ru", "thats_wizard"))
    assert "{P-1} жетона " in said["remove {P-1} lasting-effect tokens from {target}'s lasting spells"]
    assert "{P} заклинания " in said["{caster} looks at {P} spells of the deck and keeps one"]
