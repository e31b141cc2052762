"""The House Cup Challenge table: the castle grid, characters, adventure cards, the track and the panels."""

from tabletop.ui.tables.house_cup_challenge.setup import ChallengeSetup as setup_scene
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable as table_scene

__all__ = ["setup_scene", "table_scene"]
