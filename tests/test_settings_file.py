"""A settings file broken by hand: the menu says so, the defaults are used, and the file is kept, not written over."""

from __future__ import annotations

import json

from tabletop.ui.app import App
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.settings import Settings, load_settings, settings_path
from tests.ui_driver import Driver

BROKEN = '{"volume": 0.0, "language": "fr", "ui_scale": 150,\n "large_text": true  oops}'


def menu_problems(app: App) -> list[str]:
    Driver(app).frames(2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    return menu.problems()


def test_a_settings_file_broken_by_hand_is_told_and_kept_aside():
    """It was read as the defaults without a word, and written over with them at once (the first start's language
    was kept): what the player had typed was gone."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BROKEN, encoding="utf-8")
    app = App((1280, 800))
    problems = menu_problems(app)
    kept = list(path.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == BROKEN
    assert any("settings file could not be read" in line and kept[0].name in line for line in problems)
    assert any("(not valid JSON at line 2, column 22)" in line for line in problems), problems
    assert app.settings.ui_scale == Settings.ui_scale and app.settings.large_text is False
    assert load_settings().ui_scale == Settings.ui_scale  # (a good file in its place)


def test_a_setting_not_offered_is_named_and_left_in_the_file():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": 0.0, "language": "en", "ui_scale": 999}), encoding="utf-8")
    app = App((1280, 800))
    assert any("not understood (ui_scale)" in line for line in menu_problems(app))
    assert json.loads(path.read_text(encoding="utf-8"))["ui_scale"] == 999  # (nothing written over it)


def test_a_settings_file_saved_in_another_encoding_is_set_aside_not_a_stop_at_the_start():
    """Saved by hand as UTF-16 (an editor's "Unicode"), it stopped the app before its first frame: reading it as
    UTF-8 raised an error only a file that was not JSON was guarded against."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json.dumps({"volume": 0.0}).encode("utf-16"))
    app = App((1280, 800))
    assert any("not UTF-8 text" in line for line in menu_problems(app))
    assert len(list(path.parent.glob("settings.damaged-*.json"))) == 1


def test_a_settings_files_trouble_is_said_in_the_language_it_chose_and_goes_once_settings_are_chosen():
    """The reason was Python's English inside the Russian line ("Expecting ',' delimiter..."); a file written with
    the mark some editors put first was set aside as unreadable; and the menu still said the defaults were used
    after the player had chosen every setting again (review13)."""
    from tabletop import i18n

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"language": "ru", "volume": 0.0', encoding="utf-8")  # (cut short: defaults, English)
    app = App((1280, 800))
    try:
        i18n.set_language("ru")
        (said,) = [line for line in menu_problems(app) if "настроек" in line]
        assert "JSON" in said and "Expecting" not in said and "строка 1" in said, said
        app.save_settings()  # (Settings' Done)
        assert not [line for line in menu_problems(app) if "настроек" in line]
    finally:
        i18n.set_language("en")
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"volume": 0.0, "large_text": True}).encode())
    assert App((1280, 800)).settings.large_text is True  # (read past the mark, not set aside)
    assert len(list(path.parent.glob("settings.damaged-*.json"))) == 1  # (only the first file)
