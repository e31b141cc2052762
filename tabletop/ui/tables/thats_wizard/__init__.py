"""The That's Wizard! table (trackers, dials, hands, lasting spells, dice), its setup and the spellbook editor."""

from tabletop.ui.tables.thats_wizard.setup import ThatsWizardSetup as setup_scene
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable as table_scene

__all__ = ["setup_scene", "table_scene"]
