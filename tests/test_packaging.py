"""A plain (non-editable) install ships the art, sounds and example saves, and finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_assets_and_finds_them(tmp_path):
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
