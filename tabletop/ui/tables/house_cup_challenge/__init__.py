"""The House Cup Challenge table: the castle grid, characters, adventure cards, the track and the panels."""

from __future__ import annotations


def table_scene(app, session):
    from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable

    return ChallengeTable(app, session)


def setup_scene(app, game):
    from tabletop.ui.tables.house_cup_challenge.setup import ChallengeSetup

    return ChallengeSetup(app, game)
