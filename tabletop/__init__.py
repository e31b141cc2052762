"""Tabletop: four wizard-school tabletop games with one rules core."""

import sys

__version__ = "0.1.0"
OLDEST_PYTHON = (3, 11)  # pyproject.toml's requires-python (tests/test_packaging.py holds the two together)

# Read before anything else of the app, so written for any Python: an older one (a source folder run with
# ``python3 -m tabletop``, or ``pip install --ignore-requires-python``) ended in a traceback from deep inside
# (``ImportError: cannot import name 'UTC' from 'datetime'``).
if sys.version_info < OLDEST_PYTHON:
    raise SystemExit(
        "Tabletop needs Python %d.%d or newer; this is Python %d.%d (%s). Make its venv with a newer one:"  # noqa: UP031 (any Python)
        " python3.12 -m venv .venv && .venv/bin/pip install ."
        % (OLDEST_PYTHON + sys.version_info[:2] + (sys.executable,))
    )
