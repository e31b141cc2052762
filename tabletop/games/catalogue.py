"""The four games Tabletop offers, described for the menu even before their rules are playable."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    line: str
    players: str


CATALOGUE = (
    GameEntry(
        "house-cup",
        "House Cup",
        "Draft activity cards from a Monday-Friday timetable with secret numbered tokens.",
        "2-4 players",
    ),
    GameEntry(
        "stupefix",
        "Stupéfix",
        "Houses in teams: prepare a secret spell, point your wand, cast or shield yourself.",
        "4-8 players",
    ),
    GameEntry(
        "house-cup-challenge",
        "House Cup Challenge",
        "Adventure through the castle grid over five school years of adventure cards.",
        "2-4 players",
    ),
    GameEntry(
        "thats-wizard",
        "That's Wizard!",
        "Build a spellbook and duel: secret spells, Spell Power dials, Stamina and Power.",
        "1 vs 1, 2 vs 2",
    ),
)
