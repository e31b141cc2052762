"""The That's Wizard! table (trackers, dials, hands, lasting spells, dice), its setup and the spellbook editor."""

from __future__ import annotations


def table_scene(app, session):
    from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable

    return ThatsWizardTable(app, session)


def setup_scene(app, game):
    from tabletop.ui.tables.thats_wizard.setup import ThatsWizardSetup

    return ThatsWizardSetup(app, game)
