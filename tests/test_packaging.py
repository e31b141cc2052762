"""A plain (non-editable) install ships the art, sounds and example saves, and finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_assets_and_finds_them(tmp_path):
    # What an earlier build left in the tree's build folder (a file since deleted from the project) is not shipped.
    stale = ROOT / "build" / "lib" / "tabletop"
    (stale / "assets" / "art").mkdir(parents=True, exist_ok=True)
    (stale / "deleted_module.py").write_text("")
    (stale / "assets" / "art" / "deleted.png").write_bytes(b"")
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
    names = zipfile.ZipFile(wheel).namelist()
    assert "tabletop/deleted_module.py" not in names and "tabletop/assets/art/deleted.png" not in names
    assert "tabletop/assets/saves/house-cup-scoring-example.json" in names
    assert any(name.startswith("tabletop/assets/art/") for name in names)
    assert any(name.startswith("tabletop/assets/sounds/") for name in names)
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = "from tabletop.paths import asset_dir; print(asset_dir('saves'))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert Path(out.stdout.strip()).is_relative_to(target)


def test_the_bot_program_thinks_with_the_apps_own_code_whatever_folder_it_starts_in(tmp_path, monkeypatch):
    """The app started in a folder that holds another ``tabletop`` (its source folder, pulled again since the
    install, or any other): the bot program, ``python -m tabletop.bots.serve``, imported that one, and no bot
    answered (here the other package cannot even be imported)."""
    from tabletop.games import GAMES
    from tabletop.play.bot_worker import BotWorker

    (tmp_path / "tabletop").mkdir()
    (tmp_path / "tabletop" / "__init__.py").write_text("raise SystemExit('another tabletop was imported')\n")
    monkeypatch.chdir(tmp_path)
    game = GAMES["house-cup"]
    state = game.setup(2, game.default_options(2), 3)
    worker = BotWorker()
    try:
        request = worker.ask(game.id, "medium", game.view(state, 0), 1)
        assert worker.wait(30.0)
        ready, command, error = worker.answer(request)
        assert ready and error is None and command in game.legal(state, 0)
    finally:
        worker.close()


def test_an_older_python_is_told_in_a_line_which_python_tabletop_needs():
    """``python3 -m tabletop`` in the source folder with a Python older than requires-python (Debian 11 and
    Ubuntu 22.04 ship 3.9 and 3.10) ended in a traceback from deep inside: ``ImportError: cannot import name 'UTC'
    from 'datetime'``. (The Python here poses as 3.10; a real 3.10 or 2.7 says the same.)"""
    posed = "import sys; sys.version_info = (3, 10, 13, 'final', 0); import tabletop.cli; tabletop.cli.main(['--help'])"
    done = subprocess.run([sys.executable, "-c", posed], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("Tabletop needs Python 3.11 or newer; this is Python 3.10 (")
    assert "Traceback" not in done.stderr and "venv" in done.stderr


def test_the_oldest_python_the_app_names_is_the_one_pyproject_requires():
    import tomllib

    from tabletop import OLDEST_PYTHON

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    oldest = ".".join(map(str, OLDEST_PYTHON))
    assert project["requires-python"] == f">={oldest}"
    assert f"Programming Language :: Python :: {oldest}" in project["classifiers"]


def test_the_build_takes_pyproject_without_a_deprecation(tmp_path):
    """Every ``pip install .`` built with a setuptools that warned ``project.license as a TOML table is deprecated``
    (``By 2027-Feb-18, you need to update your project``): a build that would one day refuse it."""
    build = (
        "import sys, warnings; from setuptools.warnings import SetuptoolsDeprecationWarning;"
        " warnings.simplefilter('error', SetuptoolsDeprecationWarning);"
        " from setuptools.build_meta import prepare_metadata_for_build_wheel;"
        " prepare_metadata_for_build_wheel(sys.argv[1])"
    )
    done = subprocess.run(
        [sys.executable, "-c", build, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (metadata,) = tmp_path.glob("tabletop-*.dist-info/METADATA")
    assert "License-Expression: MIT" in metadata.read_text()
