"""Nothing in the saves folder can stop, freeze or fool the app: every file, whatever it is, is listed with a
one-line reason (or opens, when it is a good save), is refused by ``load_match`` with one line, and is left
exactly as it was. The corpus is built by ``tests/hostile_saves.py``."""

import json
import os
import stat
from pathlib import Path

import pytest

from tabletop.core import SaveError, load_match
from tabletop.core.saves import MAX_MESSAGE, clean_leftovers, list_saves
from tabletop.games import GAMES
from tabletop.paths import user_saves_dir
from tabletop.play.session import saved_games, seat_controllers
from tests.hostile_saves import build_corpus, good_copy, good_save


def fingerprint(path: Path) -> tuple:
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes())
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    return (stat.S_IFMT(info.st_mode),)


@pytest.fixture
def corpus(tmp_path):
    folder = tmp_path / "saves"
    described = build_corpus(folder)
    good = good_copy(folder)
    before = {name: fingerprint(folder / name) for name in os.listdir(folder)}
    yield folder, described, good
    after = {name: fingerprint(folder / name) for name in os.listdir(folder)}
    assert after == before, "a file in the saves folder was changed"


def test_every_hostile_file_is_listed_with_its_reason_on_one_line(corpus):
    folder, described, good = corpus
    infos = {info.path.name: info for info in list_saves(folder, GAMES, seat_controllers)}
    assert set(infos) == {*described, good.name}
    assert infos[good.name].error is None and infos[good.name].players == 2
    listed_fine = {name for name, info in infos.items() if info.error is None} - {good.name}
    # The listing reads headers only; these are refused when opened (their moves or snapshot are wrong).
    assert listed_fine <= {
        "log-illegal.json",
        "log-foreign-command.json",
        "log-wrong-type.json",
        "log-unknown-field.json",
        "snapshot-edited.json",
    }, listed_fine
    for name, info in infos.items():
        if info.error is not None:
            assert "\n" not in info.error and len(info.error) <= MAX_MESSAGE, (name, info.error)
            assert info.error.isprintable(), (name, info.error)


def test_load_refuses_every_hostile_file_with_one_line(corpus):
    folder, described, good = corpus
    for name, what in described.items():
        with pytest.raises(SaveError) as refused:
            load_match(folder / name, GAMES, seat_controllers)
        message = str(refused.value)
        assert "\n" not in message and len(message) <= MAX_MESSAGE and message.isprintable(), (what, message)
    assert len(load_match(good, GAMES, seat_controllers).log) == 6


def test_the_app_starts_and_lists_a_folder_full_of_hostile_files(private_user_data):
    from tabletop.ui.app import App
    from tabletop.ui.scenes.load import LoadScene
    from tabletop.ui.scenes.menu import MenuScene
    from tabletop.ui.settings import Settings
    from tests.ui_driver import Driver

    folder = user_saves_dir()
    build_corpus(folder)
    for name in ("autosave-house-cup-1.json", "autosave-house-cup-2.json"):
        os.symlink(folder / "seat-unknown-bot.json", folder / name)  # a Continue that must not be offered
    app = App((1280, 720), settings=Settings(volume=0.0))
    driver = Driver(app)
    driver.frames(5)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.latest is None
    app.scenes.push(LoadScene(app))
    driver.frames(5)
    load = app.scenes.top
    assert isinstance(load, LoadScene) and len(load.entries) >= len(os.listdir(folder))
    # The games that open first, the files that cannot be opened under them (a wall of red rows hid the games).
    yours = [info for section, info in load.entries if info.path.parent == folder]
    readable = [info.error is None for info in yours]
    assert any(readable) and readable == sorted(readable, reverse=True)
    for _ in range(40):  # scroll through the whole list, drawing every row
        load.scroll.offset += load.row_h
        load.scroll.clamp()
        driver.frames(1)


def test_a_save_with_an_unknown_bot_is_listed_with_the_reason(tmp_path):
    folder = tmp_path / "saves"
    build_corpus(folder)
    info = {i.path.name: i for i in saved_games(folder)}["seat-unknown-bot.json"]
    assert info.error is not None and "unknown bot ('skynet')" in info.error


def test_leftover_temp_files_of_interrupted_writes_are_cleaned(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    old = folder / ".game.json.abc123.tmp"
    fresh = folder / ".game.json.def456.tmp"
    keep = folder / "notes.tmp"
    for path in (old, fresh, keep):
        path.write_text("{")
    os.utime(old, (1, 1))
    os.utime(keep, (1, 1))
    assert clean_leftovers(folder) == 1
    assert not old.exists() and fresh.exists() and keep.exists()
    assert clean_leftovers(tmp_path / "no such folder") == 0


def test_load_marks_a_save_that_failed_to_open_and_offers_no_delete_for_a_folder(private_user_data):
    """A save whose moves break the rules reads like a good one until opened, and stayed so after it failed; a
    folder named like a save had a Delete that could only fail ("Is a directory"). Both from a keyboard player's
    review. The row is now marked as one that cannot be opened, and the folder has no Delete."""
    from tabletop.ui.app import App
    from tabletop.ui.scenes.load import LoadScene
    from tabletop.ui.settings import Settings
    from tests.ui_driver import Driver

    folder = user_saves_dir()
    build_corpus(folder)
    app = App((1280, 720), settings=Settings(volume=0.0))
    driver = Driver(app)
    driver.frames(3)
    app.scenes.push(LoadScene(app))
    driver.frames(3)
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    infos = {info.path.name: info for _, info in load.entries}
    assert not load._deletable(infos["folder.json"])
    illegal = infos["log-illegal.json"]
    assert illegal.error is None and load._deletable(illegal)  # (listed as good: only its header is read)
    load.open(illegal)
    for _ in range(300):
        if load.error:
            break
        driver.frames(1)
    marked = {info.path.name: info for _, info in load.entries}["log-illegal.json"]
    assert load.error and marked.error == load.error and "refused" in marked.error
    # Opened again, it is read again (a reason may pass: a file locked for a moment), and marked again.
    asked = []
    load_save = app.go.load_save
    app.go.load_save = lambda *args, **kwargs: asked.append(args[0]) or load_save(*args, **kwargs)
    load.open(marked)
    driver.frames(3)
    again = {info.path.name: info for _, info in load.entries}["log-illegal.json"]
    assert asked == [illegal.path] and again.error == marked.error


def test_a_number_in_a_save_is_read_when_finite_and_refused_when_too_large(tmp_path):
    """A fraction reads as itself; one past a float's range (read as infinity) or of more digits than any save
    writes is refused with its reason, not read as a number."""
    from tabletop.core.saves import read_json

    path = tmp_path / "numbers.json"
    path.write_text('{"x": 1.5, "y": -2.25e3}')
    assert read_json(path) == {"x": 1.5, "y": -2250.0}
    for number in ("1e999999", "0." + "1" * 50):
        path.write_text('{"x": ' + number + "}")
        with pytest.raises(SaveError, match="holds a number too large for a save"):
            read_json(path)


def test_an_impossible_starting_position_is_refused_with_what_is_wrong_with_it(tmp_path):
    from tabletop.core.codec import from_json, to_json

    game = GAMES["house-cup"]
    start = {**to_json(game.setup(2, game.default_options(2), 7)), "deals": -1}
    problems = game.check_state(from_json(game.state_type, start))
    assert problems
    path = tmp_path / "start.json"
    path.write_text(json.dumps({**good_save(), "log": [], "start": start}))
    with pytest.raises(SaveError, match="has an impossible starting position") as refused:
        load_match(path, GAMES)
    assert problems[0][:40] in str(refused.value)
