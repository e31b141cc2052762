"""The House Cup table: timetable, seats, piles, drag-and-drop and the IMMEDIATELY panels."""

from __future__ import annotations


def table_scene(app, session):
    from tabletop.ui.tables.house_cup.table import HouseCupTable

    return HouseCupTable(app, session)
