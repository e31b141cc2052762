"""Build hook: ship the top-level art/, sounds/ and saves/ folders inside the wheel.

The repository keeps assets at the top level (as the project is laid out); an installed wheel has no
repository around it, so they are copied to ``tabletop/assets/<folder>`` at build time. ``tabletop.paths``
looks there first and falls back to the repository folders in a source checkout or editable install.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSET_FOLDERS = ("art", "sounds", "saves")


class BuildWithAssets(build_py):
    def run(self) -> None:
        # pip builds in the source tree, and build_py only adds to ``build/lib``: a module or an asset deleted from
        # the tree was shipped again by every later ``pip install .`` from the same checkout.
        if not getattr(self, "editable_mode", False):
            shutil.rmtree(Path(self.build_lib) / "tabletop", ignore_errors=True)
        super().run()
        if getattr(self, "editable_mode", False):
            return
        root = Path(__file__).resolve().parent
        for folder in ASSET_FOLDERS:
            source = root / folder
            if source.is_dir():
                target = Path(self.build_lib) / "tabletop" / "assets" / folder
                shutil.copytree(source, target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithAssets})
