"""The Stupéfix table (seats around the table, live wand pointing, secret spells) and its setup screen."""

from __future__ import annotations

from tabletop.ui.tables.stupefix.session import StupefixSession

session_type = StupefixSession  # the live wand pointing and the shared undo


def table_scene(app, session):
    from tabletop.ui.tables.stupefix.table import StupefixTable

    return StupefixTable(app, session)


def setup_scene(app, game):
    from tabletop.ui.tables.stupefix.setup import StupefixSetup

    return StupefixSetup(app, game)

