"""Smoke test in a real window: start `python -m tabletop` on a virtual X screen (Xvfb), click through the
menu into a House Cup game with xdotool, take a screenshot and check it is not blank.

Needs Debian's xvfb, xdotool and imagemagick; .ci/run installs them when they are missing.
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

NEEDED = ("Xvfb", "xdotool", "import")
# Caps on waits for the app, which the tests wait on by what the screen shows, never by time: reached only when
# the app does not answer at all (it starts in about 2 s here when idle; a busy machine has taken over 30 s).
STARTING = 120
ANSWERING = 60


def free_display() -> int:
    for number in range(90, 400):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


def wait_for(predicate, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def xserver():
    missing = [tool for tool in NEEDED if shutil.which(tool) is None]
    if missing:
        why = f"the real-window test needs {', '.join(missing)}: sudo apt-get install xvfb xdotool imagemagick"
        if os.environ.get("CI") == "true":
            pytest.fail(why)  # .ci/run installs them first: missing there is a failure
        pytest.skip(why)
    number = free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), STARTING, "Xvfb to start")
    yield f":{number}"
    server.terminate()
    server.wait(5)


def grab(display: str, path: Path) -> Path:
    subprocess.run(
        ["import", "-display", display, "-window", "root", str(path)], check=True, timeout=30, capture_output=True
    )
    return path


def colourful(path: Path) -> bool:
    """More than a few hundred different colours on a grid of the screen: something real is drawn."""
    image = pygame.image.load(str(path))
    colours = {
        tuple(image.get_at((x, y)))[:3]
        for x in range(0, image.get_width(), 16)
        for y in range(0, image.get_height(), 16)
    }
    return len(colours) > 200


def timetable(path: Path) -> int:
    """The timetable's five day headers are parchment-coloured boxes in the middle row of the screen: how many
    points of that row are parchment."""
    image = pygame.image.load(str(path))
    return sum(1 for x in range(280, 1040, 4) if sum(tuple(image.get_at((x, 434)))[:3]) > 500)


def unreadable_rows(path: Path) -> int:
    """Rows of the Load list with a red edge (files it cannot open) down the left of the screen."""
    image = pygame.image.load(str(path))
    return sum(1 for y in range(100, 700, 2) if tuple(image.get_at((61, y)))[:3] > (180, 60, 0))


def xdotool(display: str, *args: str) -> str:
    out = subprocess.run(
        ["xdotool", *args], env={**os.environ, "DISPLAY": display}, capture_output=True, text=True, timeout=30
    )
    return out.stdout.strip()


def test_real_window_from_the_menu_into_a_house_cup_game(xserver, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(
        DISPLAY=xserver,
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    log = (tmp_path / "app.log").open("w")  # noqa: SIM115 - closed in the finally below, after the app ends
    # (--size: without it the window keeps room for a title bar and a taskbar the bare screen does not have)
    command = [sys.executable, "-m", "tabletop", "--size", "1280x800"]
    app = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        # No window manager runs on the virtual screen, so the 1280x800 window fills it from (0, 0).
        wait_for(lambda: colourful(grab(xserver, tmp_path / "menu.png")), STARTING, "the menu to appear")
        # New game, House Cup "Set up", "No thanks" to the guided first game offered the first time, Start: each
        # click waits for the screen it leads to (the screen changes), however long the machine takes.
        for step, (x, y) in enumerate(((640, 377), (1015, 180), (640, 459), (770, 745))):
            xdotool(xserver, "mousemove", str(x), str(y))
            time.sleep(0.2)  # the button's hover lights up before the picture to compare with is taken
            before = grab(xserver, tmp_path / f"before-{step}.png").read_bytes()
            xdotool(xserver, "click", "1")
            changed = lambda before=before: grab(xserver, tmp_path / "now.png").read_bytes() != before  # noqa: E731
            wait_for(changed, ANSWERING, f"the screen after click {step}")
        saves = tmp_path / "data" / "tabletop" / "saves"
        wait_for(lambda: list(saves.glob("autosave-house-cup-*.json")), ANSWERING, "the game to start (its autosave)")
        shot = tmp_path / "house-cup.png"
        wait_for(lambda: timetable(grab(xserver, shot)) > 60, ANSWERING, "the timetable to be drawn")
        assert app.poll() is None, (tmp_path / "app.log").read_text()
    finally:
        app.terminate()
        app.wait(10)
        log.close()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    assert colourful(shot), "the screenshot is (nearly) blank"
    assert timetable(shot) > 60, "no timetable on the screen"
    keep = Path(os.environ.get("TABLETOP_SHOT_DIR", tmp_path))
    keep.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, keep / "smoke-house-cup.png")


def test_real_window_starts_and_lists_a_saves_folder_full_of_hostile_files(xserver, tmp_path):
    from tests.hostile_saves import build_corpus

    saves = tmp_path / "data" / "tabletop" / "saves"
    corpus = build_corpus(saves)
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(
        DISPLAY=xserver,
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    log = (tmp_path / "app.log").open("w")  # noqa: SIM115 - closed in the finally below, after the app ends
    app = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "--size", "1280x800"], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        wait_for(lambda: colourful(grab(xserver, tmp_path / "menu.png")), STARTING, "the menu to appear")
        xdotool(xserver, "mousemove", "640", "437")  # Load
        xdotool(xserver, "click", "1")
        shot = tmp_path / "load.png"
        wait_for(lambda: unreadable_rows(grab(xserver, shot)) > 0, ANSWERING, "the Load list's unreadable files")
        before = grab(xserver, tmp_path / "before.png").read_bytes()
        for _ in range(3):
            xdotool(xserver, "click", "5")  # scroll down the list, drawing more rows (the games that open first)
        wait_for(lambda: grab(xserver, tmp_path / "now.png").read_bytes() != before, ANSWERING, "the list to scroll")
        wait_for(lambda: unreadable_rows(grab(xserver, shot)) > 20, ANSWERING, "the unreadable files under them")
        assert app.poll() is None, (tmp_path / "app.log").read_text()
    finally:
        app.terminate()
        app.wait(10)
        log.close()
    assert len(corpus) > 50
    assert unreadable_rows(shot) > 20, "the Load list does not show the files it cannot open"
    keep = Path(os.environ.get("TABLETOP_SHOT_DIR", tmp_path))
    keep.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, keep / "smoke-hostile-load.png")
