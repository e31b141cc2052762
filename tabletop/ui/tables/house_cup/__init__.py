"""The House Cup table: timetable, seats, piles, drag-and-drop and the IMMEDIATELY panels; and its setup."""

from __future__ import annotations


def table_scene(app, session):
    from tabletop.ui.tables.house_cup.table import HouseCupTable

    return HouseCupTable(app, session)


def setup_scene(app, game):
    from tabletop.ui.tables.house_cup.setup import SetupScene

    return SetupScene(app, game)
