"""Tabletop: four wizard-school tabletop games with one rules core."""

__version__ = "0.1.0"
