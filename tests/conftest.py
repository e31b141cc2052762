"""Shared test setup: no window, no sound card, and a private user data directory."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_data(tmp_path, monkeypatch):
    """Saves and settings of a test go to a temporary folder, never the tester's own."""
    home = tmp_path / "userdata"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "userconfig"))
    return home
