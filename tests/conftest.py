"""Shared test setup: no window, no sound card, and a private user data directory."""

import logging
import os
import random
import zlib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def fixed_bot_key(monkeypatch):
    """Bots in the app are seeded from a secret of the OS; in tests from a fixed one, so they play the same
    moves on every run (a test that compares two games' screens relies on it)."""
    monkeypatch.setattr("tabletop.play.session.new_bot_key", lambda: b"tests-bot-key-16")


@pytest.fixture(autouse=True)
def fixed_deals(request, monkeypatch):
    """A new game's deal comes from a secret of the OS (setup, Play again, the guided game, Deal again); in tests
    from numbers drawn from the test's own name, so a test deals the same games on every run (a random deal once in
    tens of runs stood a character on the very space a test dropped it on, as if refused)."""
    draw = random.Random(zlib.crc32(request.node.nodeid.encode())).getrandbits
    for module in (
        "tabletop.ui.scenes.setup_base",
        "tabletop.ui.scenes.results",
        "tabletop.ui.navigation",
        "tabletop.ui.tables.base",
    ):
        monkeypatch.setattr(f"{module}.secret_seed", lambda: draw(63))


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read the app in English whatever the tester's locale (the app's start guesses its language from it),
    and a test that changes the language leaves English behind it; no name a test's people typed is kept as typed
    for the next (``i18n.keep_as_typed``)."""
    from tabletop.i18n import forget_typed, set_language

    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
    forget_typed()
    yield
    set_language("en")
    forget_typed()


@pytest.fixture(autouse=True)
def private_user_data(tmp_path, monkeypatch):
    """Saves and settings of a test go to a temporary folder, never the tester's own."""
    home = tmp_path / "userdata"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "userconfig"))
    return home


@pytest.fixture
def fresh_histories():
    """The history of finished games opened afresh in this test's own user data folder (``history_db`` keeps the
    one it opened, per folder, for the app's life), and closed after it."""
    from tabletop.play import session as session_module

    session_module._HISTORIES.clear()
    yield
    for history, _problem in session_module._HISTORIES.values():
        if history is not None:
            history.close()
    session_module._HISTORIES.clear()


@pytest.fixture(autouse=True)
def every_frame(request, monkeypatch):
    """A test marked ``every_frame`` watches what each frame draws: the driver draws all the frames it steps
    (``Driver.draws_every_frame``), not only the last of each ``frames(count)``."""
    if request.node.get_closest_marker("every_frame") is not None:
        from tests.ui_driver import Driver

        monkeypatch.setattr(Driver, "draws_every_frame", True)


@pytest.fixture(autouse=True)
def bugs_raise(request, monkeypatch):
    """A bug of the app raised in a frame goes out of the frame, where it happened, rather than bringing the menu
    back as the app does for the people (``App.recover``), but in a test marked ``recovers_from_bugs``."""
    if request.node.get_closest_marker("recovers_from_bugs") is None:
        monkeypatch.setattr("tabletop.ui.app.App.recovers_from_bugs", False)


class _ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_logged_errors(request):
    """The app logs an error when something goes wrong that play papers over (a bot that failed to answer, say):
    in a test that is a failure, unless the test says it expects it (``@pytest.mark.logged_errors``)."""
    handler = _ErrorRecords()
    logger = logging.getLogger("tabletop")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
    if handler.records and request.node.get_closest_marker("logged_errors") is None:
        lines = "; ".join(f"{r.name}: {r.getMessage()}" for r in handler.records[:3])
        pytest.fail(f"the app logged {len(handler.records)} error(s): {lines}")
