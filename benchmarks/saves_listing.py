"""Time to open the menu (it looks for Continue) and the Load screen with many saves in the folder.

Fills a fresh user data folder with N autosaves of a House Cup Challenge game in Year 4 (the largest example,
256 moves), then times, with SDL's dummy video driver: starting the app to its menu, and opening the Load
screen; the second opening of each (files unchanged) is also shown. For comparison it times what listing cost
before saves were listed from their headers: replaying every save (``load_match`` on each).

    .venv/bin/python benchmarks/saves_listing.py --saves 30 1000
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def fill(folder: Path, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    source = (ROOT / "saves" / "house-cup-challenge-year4.json").read_text()
    for n in range(count):
        path = folder / f"autosave-house-cup-challenge-{n:05d}.json"
        path.write_text(source)
        os.utime(path, (1_000_000 + n, 1_000_000 + n))


def measure(count: int) -> None:
    home = Path(tempfile.mkdtemp())
    os.environ["XDG_DATA_HOME"] = str(home)
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    from tabletop.core.saves import _INFO_CACHE, load_match
    from tabletop.games import GAMES
    from tabletop.paths import user_saves_dir
    from tabletop.ui.app import App
    from tabletop.ui.scenes.load import LoadScene
    from tabletop.ui.settings import Settings

    folder = user_saves_dir()
    fill(folder, count)
    _INFO_CACHE.clear()
    started = time.perf_counter()
    app = App((1280, 800), settings=Settings(volume=0.0))
    app.frame(1 / 60)
    menu = time.perf_counter() - started
    timings = []
    for _ in range(2):
        started = time.perf_counter()
        app.scenes.push(LoadScene(app))
        app.frame(1 / 60)
        timings.append(time.perf_counter() - started)
        app.scenes.pop(app.scenes.top)
    started = time.perf_counter()
    for path in sorted(folder.glob("*.json")):
        load_match(path, GAMES)
    replay_all = time.perf_counter() - started
    print(
        f"{count:5d} saves: menu {menu * 1000:7.0f} ms (first start), Load screen {timings[0] * 1000:6.0f} ms, "
        f"again {timings[1] * 1000:5.0f} ms; replaying every save (the old listing) {replay_all * 1000:7.0f} ms"
    )
    app.close()
    shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, nargs="+", default=[30, 1000])
    args = parser.parse_args()
    for count in args.saves:
        measure(count)


if __name__ == "__main__":
    main()
