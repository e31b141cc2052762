"""Stupéfix's words on the table and in the log: every term they name, as a dict of its name ("en": a message of the
game's catalogue, shown in the current language), its French rulebook name ("fr", the same in every language:
the name printed on the physical cards) and what it does ("help": a message of the catalogue).

Three reward cards have a "card" instead: the rules' message id of the card's name ("Potion Réussie", whose
French and Russian are the card's name) is their name in every language but English, which has no catalogue and
whose table names the card in English ("en", not a message: "Successful Potion" is the catalogue's glossary
meaning of the card, translated as an explanation).

The table shows the name in the interface's language and gives the French rulebook name as a subtitle where it
differs (in the enlarged card and under the Chouchou's call). Names of seats fill "{name}". A card whose name may be
too long for a small face in some language has a "short" name too (a message in the context "card face").
"""

from __future__ import annotations

from tabletop import i18n
from tabletop.games.stupefix.cards import FAVEUR_BONUS
from tabletop.games.stupefix.i18n import MESSAGES
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.i18n import N_, NC_

LANGUAGE = "en"  # the interface's language (the catalogue's); "fr" gives the rulebook's name

_FAVEURS = ", ".join(str(points) for points in FAVEUR_BONUS[1:])

TERMS: dict[str, dict[str, str]] = {
    # spells
    "stupefix": {
        "en": N_("Stupefy"),
        "fr": "Stupéfix",
        "help": N_(
            "Spell card. Cast, it stuns the wizard your wand points at: their flag goes down and they take a "
            "Late token (unless they cast Protego)."
        ),
    },
    "rate": {
        "en": N_("Misfire"),
        "fr": "Sort raté",
        "help": N_(
            "Spell card that does nothing: your wand goes down. A bluff: nobody knows it is a Misfire until "
            "the spells are cast."
        ),
    },
    "stupefix_held": {  # (the chip on a hidden hand: the rulebook has no name for it)
        "en": N_("Stupefy still in hand"),
        "fr": "Stupéfix",
        "help": N_(
            "How many Stupefy this wizard's hidden cards (the hand and the card laid) may still hold, as everyone "
            "can count: those they began with and took by Private Lessons, less those they cast face up. Two "
            "figures when cards they laid face down as Protego may have been Stupefy too."
        ),
    },
    "protego": {
        "en": N_("Protego"),
        "fr": "Protego",
        "help": N_(
            "Not a card: cast it instead of your prepared card. Every spell at you is stopped, but your flag "
            "goes down: no reward for you this round."
        ),
    },
    "none": {"en": N_("no spell"), "fr": "aucun sort", "help": N_("No spell card left to prepare: nothing is cast.")},
    # rewards
    "points10": {"en": N_("10 Points"), "fr": "Points 10", "help": N_("Goes into your house's urn: 10 points.")},
    "points20": {"en": N_("20 Points"), "fr": "Points 20", "help": N_("Goes into your house's urn: 20 points.")},
    "points40": {"en": N_("40 Points"), "fr": "Points 40", "help": N_("Goes into your house's urn: 40 points.")},
    "potion": {
        "en": "Successful Potion",
        "card": N_("Potion Réussie"),
        "fr": "Potion Réussie",
        "help": N_(
            "Kept in front of you. At the end, the one player with the most wins the Potions Master card "
            "(+100 for the house); on a tie for the most, nobody does."
        ),
    },
    "faveur": {
        "en": N_("Favour"),
        # (on a small face, where the name is too long for it at a readable size: shorter, or a long word broken
        # by a hyphen and a space, "Благо- склонность", on two lines there)
        "short": NC_("card face", "Favour"),
        "fr": "Faveur",
        "help": N_(
            "A teacher's favour, kept in front of you. At the end your Favour cards together score {bonuses} "
            "points for 1 to 10 cards."
        ),
    },
    "cours": {
        "en": "Private Lessons",
        "card": N_("Cours Particuliers"),
        "fr": "Cours Particuliers",
        "help": N_(
            "At once: one of your Misfire cards goes face up onto the discard pile, and you take a Stupefy "
            "from the pile if there is one (a face-up one, or one of the face-down cards, which you look through "
            "alone). Then this card is discarded."
        ),
    },
    "retourneur": {
        "en": "Time-Turner",
        "card": N_("Retourneur de Temps"),
        "fr": "Retourneur de Temps",
        "help": N_(
            "At once: give back one Late token of your house, yours or your teammate's. Then this card is discarded."
        ),
    },
    "chouchou": {
        "en": N_("Become Teacher's Pet"),
        "fr": "Devenir le Chouchou",
        "help": N_(
            "On offer every round as the ninth reward. At once: take the Teacher's Pet tile and give back one "
            "of your own Late tokens. You run the next round and choose the first reward if your flag stands."
        ),
    },
    "maitre": {
        "en": N_("Potions Master"),
        "fr": "Maître des Potions",
        "help": N_(
            "At the end: +100 for the house of the one player with the most Successful Potions (nobody on a tie)."
        ),
    },
    "retardataire": {
        "en": N_("Latecomer"),
        "fr": "Retardataire",
        "help": N_(
            "At the end: -100 for the house of each player with the most Late tokens (nobody when everyone "
            "has the same number)."
        ),
    },
    # the table
    "pet": {
        "en": N_("Teacher's Pet"),
        "fr": "Chouchou",
        "help": N_("Runs the round: calls the count, and chooses the first reward when their flag stands."),
    },
    "retard": {
        "en": N_("Late token"),
        "fr": "jeton Retard",
        "help": N_(
            "One for each Stupefy that stuns you; a player of a two-player house starts with one. At the end, "
            "whoever has the most takes a Latecomer card (-100 for the house; nobody when everyone has the same "
            "number). Time-Turner and Become Teacher's Pet give one back."
        ),
    },
    "flag": {
        "en": N_("Flag"),
        "fr": "Drapeau",
        "help": N_(
            "Standing, you share this round's rewards. It goes down when you are stunned or cast Protego, "
            "and stands again next round."
        ),
    },
    "urn": {
        "en": N_("House urns"),
        "fr": "Urne des 4 maisons",
        "help": N_(
            "Each house's Points cards. A house scores its urn plus its players' Favour bonuses; rest the pointer "
            "on a house, or tap it, for its score."
        ),
    },
    "discard": {
        "en": N_("Discard pile"),
        "fr": "Défausse",
        "help": N_(
            "The spell cards played so far: face up (cast, or a Misfire given up to Private Lessons), or face "
            "down after a Protego. Private Lessons takes a Stupefy from here."
        ),
    },
    "deck": {"en": N_("Reward deck"), "fr": "Pioche", "help": N_("Eight rewards are drawn from it each round.")},
    # the Chouchou's calls
    "call": {
        "en": N_("Witches and wizards, wands at the ready!"),
        "fr": "Sorcières, Sorciers, à vos baguettes !",
        "help": N_(
            "The Teacher's Pet calls, then counts: point your wand at a wizard of another house before the count ends."
        ),
    },
    "your_turn": {  # (the rulebook has no words for one wizard: under it, the cue gives its call to all)
        "en": N_("{name}, wand at the ready!"),
        "fr": "Sorcières, Sorciers, à vos baguettes !",
        "help": N_("Your turn to point: press Ready, then point your wand before the count ends."),
    },
    "stupefy_shout": {"en": N_("Stupefy!"), "fr": "Stupéfix !", "help": ""},
}


def name(term: str, language: str = LANGUAGE, **fill: str) -> str:
    """The name of ``term``: in the interface's language (through the catalogue), or with ``language="fr"`` the
    French rulebook's."""
    entry = TERMS[term]
    if language == "fr":
        words = entry["fr"]
    elif "card" in entry and i18n.language() != i18n.SOURCE:
        words = _(entry["card"])  # the card's name in the catalogue (English: the table's English name)
    else:
        words = _(entry["en"])
    return words.format(**fill)


def short_name(term: str) -> str:
    """The name of ``term`` on a small card face where its whole name does not fit (its "short" name; its name
    where it has none)."""
    short = TERMS[term].get("short")
    return MESSAGES.pgettext("card face", short) if short else name(term)


def french(term: str, **fill: str) -> str:
    """The French rulebook name of ``term`` (a subtitle beside the interface's one, where they differ)."""
    return name(term, "fr", **fill)


def meaning(term: str) -> str:
    """What ``term`` does, in the interface's language."""
    help_id = TERMS[term]["help"]
    return _(help_id).format(bonuses=_FAVEURS) if help_id else ""


def spell_name(kind: str) -> str:
    """A spell's name (a kind of ``cards.SPELLS`` or "none") in the interface's language, as the table shows it."""
    return name(kind)


def reward_name(kind: str) -> str:
    """A reward's name (a kind of ``cards.REWARDS``) in the interface's language, as the table shows it."""
    return name(kind)
