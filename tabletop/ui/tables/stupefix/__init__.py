"""The Stupéfix table (seats around the table, live wand pointing, secret spells) and its setup screen."""

from tabletop.ui.tables.stupefix.session import StupefixSession as session_type  # live pointing, shared undo
from tabletop.ui.tables.stupefix.setup import StupefixSetup as setup_scene
from tabletop.ui.tables.stupefix.table import StupefixTable as table_scene

__all__ = ["session_type", "setup_scene", "table_scene"]
