"""Stupéfix's words on the table, one language at a time: every term the table names, as a dict of its English
name ("en"), its French rulebook name ("fr") and what it does in English ("help").

The table speaks English and gives the French name only as a subtitle (in the enlarged card and under the
Chouchou's call), so a French interface is these same dicts read with "fr". Names of seats fill "{name}".
"""

from __future__ import annotations

from tabletop.games.stupefix.cards import FAVEUR_BONUS

LANGUAGE = "en"  # the table's language; "fr" would be the rulebook's

_FAVEURS = ", ".join(str(points) for points in FAVEUR_BONUS[1:])

TERMS: dict[str, dict[str, str]] = {
    # spells
    "stupefix": {
        "en": "Stupefy",
        "fr": "Stupéfix",
        "help": "Spell card. Cast, it stuns the wizard your wand points at: their flag goes down and they take a "
        "Late token (unless they cast Protego).",
    },
    "rate": {
        "en": "Misfire",
        "fr": "Sort raté",
        "help": "Spell card that does nothing: your wand goes down. A bluff: nobody knows it is a Misfire until "
        "the spells are cast.",
    },
    "protego": {
        "en": "Protego",
        "fr": "Protego",
        "help": "Not a card: cast it instead of your prepared card. Every spell at you is stopped, but your flag "
        "goes down: no reward for you this round.",
    },
    "none": {"en": "no spell", "fr": "aucun sort", "help": "No spell card left to prepare: nothing is cast."},
    # rewards
    "points10": {"en": "10 Points", "fr": "Points 10", "help": "Goes into your house's urn: 10 points."},
    "points20": {"en": "20 Points", "fr": "Points 20", "help": "Goes into your house's urn: 20 points."},
    "points40": {"en": "40 Points", "fr": "Points 40", "help": "Goes into your house's urn: 40 points."},
    "potion": {
        "en": "Successful Potion",
        "fr": "Potion Réussie",
        "help": "Kept in front of you. At the end, the one player with the most wins the Potions Master card "
        "(+100 for the house); on a tie for the most, nobody does.",
    },
    "faveur": {
        "en": "Favour",
        "fr": "Faveur",
        "help": f"A teacher's favour, kept in front of you. At the end your Favour cards together score {_FAVEURS} "
        "points for 1 to 10 cards.",
    },
    "cours": {
        "en": "Private Lessons",
        "fr": "Cours Particuliers",
        "help": "At once: one of your Misfire cards goes face up onto the discard pile, and you take a Stupefy "
        "from the pile if there is one (a face-up one, or one of the face-down cards, which you look through "
        "alone). Then this card is discarded.",
    },
    "retourneur": {
        "en": "Time-Turner",
        "fr": "Retourneur de Temps",
        "help": "At once: give back one Late token of your house, yours or your teammate's. Then this card is "
        "discarded.",
    },
    "chouchou": {
        "en": "Become Teacher's Pet",
        "fr": "Devenir le Chouchou",
        "help": "On offer every round as the ninth reward. At once: take the Teacher's Pet tile and give back one "
        "of your own Late tokens. You run the next round and choose the first reward.",
    },
    "maitre": {
        "en": "Potions Master",
        "fr": "Maître des Potions",
        "help": "At the end: +100 for the house of the one player with the most Successful Potions (nobody on a tie).",
    },
    "retardataire": {
        "en": "Latecomer",
        "fr": "Retardataire",
        "help": "At the end: -100 for the house of each player with the most Late tokens (nobody when everyone "
        "has the same number).",
    },
    # the table
    "pet": {
        "en": "Teacher's Pet",
        "fr": "Chouchou",
        "help": "Runs the round: calls the count, and chooses the first reward when their flag stands.",
    },
    "retard": {
        "en": "Late token",
        "fr": "jeton Retard",
        "help": "One for each Stupefy that stuns you. At the end, whoever has the most takes a Latecomer card "
        "(-100 for the house). Time-Turner and Become Teacher's Pet give one back.",
    },
    "flag": {
        "en": "Flag",
        "fr": "Drapeau",
        "help": "Standing, you share this round's rewards. It goes down when you are stunned or cast Protego, "
        "and stands again next round.",
    },
    "urn": {
        "en": "House urns",
        "fr": "Urne des 4 maisons",
        "help": "Each house's Points cards. A house scores its urn plus its players' Favour bonuses; hover or tap "
        "a house for its score.",
    },
    "discard": {
        "en": "Discard pile",
        "fr": "Défausse",
        "help": "The spell cards cast so far: face up, or face down after a Protego. Private Lessons takes a "
        "Stupefy from here.",
    },
    "deck": {"en": "Reward deck", "fr": "Pioche", "help": "Eight rewards are drawn from it each round."},
    # the Chouchou's calls
    "call": {
        "en": "Witches and wizards, wands at the ready!",
        "fr": "Sorcières, Sorciers, à vos baguettes !",
        "help": "The Teacher's Pet calls, then counts: point your wand at a wizard of another house before the "
        "count ends.",
    },
    "your_turn": {
        "en": "{name}, wand at the ready!",
        "fr": "{name}, à ta baguette !",
        "help": "Your turn to point: press Ready, then drag your wand before the count ends.",
    },
    "stupefy_shout": {"en": "Stupefy!", "fr": "Stupéfix !", "help": ""},
}


def name(term: str, language: str = LANGUAGE, **fill: str) -> str:
    """The name of ``term`` in ``language`` (the table's own by default)."""
    return TERMS[term][language].format(**fill)


def french(term: str, **fill: str) -> str:
    """The French rulebook name of ``term`` (a subtitle beside the English one)."""
    return name(term, "fr", **fill)


def meaning(term: str) -> str:
    return TERMS[term]["help"]
