"""Stupéfix as data: houses and team make-ups, spell cards, the 64 reward cards and the end-of-game cards.

The rules page keeps the rulebook's French names; each has its meaning (``GLOSSARY``, starting with the name the
table shows in English) for the rules page's last section. The table and the log name things in the interface's
language (``terms``: "Misfire" in English, "Sort raté" in French). The reward deck (counts) comes from the
project supplement; each reward kind names the effect it has when taken (``effect``), a small function in
``effects``.

Words are kept as message ids of the game's catalogue (English, with the rulebook's French names): the rules
compare ids only, and what is shown is translated when it is read (``Reward.name``, ``terms.name``,
``house_name``). French keeps the rulebook's names; Russian gives them its usual renderings.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.stupefix.i18n import gettext as _
from tabletop.i18n import N_

# The houses' ids, in English in states, options and saves; ``house_name`` shows one in the current language.
HOUSES = (N_("Gryffindor"), N_("Hufflepuff"), N_("Ravenclaw"), N_("Slytherin"))
ROUNDS = 8
REWARDS_PER_ROUND = 8

# Players per house for each player count (the supplement's table), largest houses first.
MAKEUP: dict[int, tuple[int, ...]] = {
    4: (1, 1, 1, 1),
    5: (2, 1, 1, 1),
    6: (2, 2, 2),
    7: (2, 2, 2, 1),
    8: (2, 2, 2, 2),
}

# Spell cards: each player's 8, and the handicap of a player in a two-player house.
STUPEFIX = "stupefix"
RATE = "rate"
PROTEGO = "protego"
NO_SPELL = "none"  # cast by a player with no spell card left who does not cast Protego: nothing happens
SPELLS = (STUPEFIX, RATE)
HAND = {STUPEFIX: 3, RATE: 5}
SPELL_CARDS = 8  # each player's spell cards at the start, one for each round
HANDICAP_HAND = {STUPEFIX: 2, RATE: 6}
HANDICAP_RETARD = 1


@dataclass(frozen=True)
class Reward:
    """A reward kind. Its words are kept as the catalogue's message ids (English, with the rulebook's French
    names) and read through ``name``, ``heading`` and ``text``, which give them in the current language."""

    id: str
    name_id: str  # the French name shown on the table
    heading_id: str  # the rules page's heading: the French name with its English meaning
    copies: int  # in the 64-card deck (0 for Devenir le Chouchou, which is not in the deck)
    points: int  # house points in the urn (Points cards only)
    effect: str  # "urn", "keep" or an immediate effect of ``effects``
    text_id: str  # the rule in our words

    @property
    def name(self) -> str:
        return _(self.name_id)

    @property
    def heading(self) -> str:
        return _(self.heading_id)

    @property
    def text(self) -> str:
        return _(self.text_id)


REWARD_ROWS = [
    Reward(
        "points10",
        N_("Points 10"),
        N_("Points 10 (10 house points)"),
        15,
        10,
        "urn",
        N_("Goes into your house's urn: 10 points."),
    ),
    Reward(
        "points20",
        N_("Points 20"),
        N_("Points 20 (20 house points)"),
        15,
        20,
        "urn",
        N_("Goes into your house's urn: 20 points."),
    ),
    Reward(
        "points40",
        N_("Points 40"),
        N_("Points 40 (40 house points)"),
        10,
        40,
        "urn",
        N_("Goes into your house's urn: 40 points."),
    ),
    Reward(
        "potion",
        N_("Potion Réussie"),
        N_("Potion Réussie (Successful Potion)"),
        9,
        0,
        "keep",
        N_(
            "Kept face down in front of you. At the end, the one player with the most wins Maître des Potions "
            "(+100 for the house); a tie for the most gives it to nobody."
        ),
    ),
    Reward(
        "faveur",
        N_("Faveur"),
        N_("Faveur (A teacher's Favour)"),
        10,
        0,
        "keep",
        N_(
            "Kept face down in front of you. At the end your Faveur cards together score 10, 30, 60, 120, 200, "
            "300, 400, 600, 800 or 1000 points for 1 to 10 cards."
        ),
    ),
    Reward(
        "cours",
        N_("Cours Particuliers"),
        N_("Cours Particuliers (Private Lessons)"),
        3,
        0,
        "cours",
        N_(
            "At once: put one of your Sort raté cards face up on the discard pile, and take a Stupéfix from the "
            "discard pile if there is one. Each part is done on its own: with no Stupéfix to take you still lose "
            "the Sort raté, and with no Sort raté you still take the Stupéfix. You choose the Stupéfix: a face-up "
            "one, or one of the face-down cards, which you look through alone (nobody learns whose it was). Then "
            "discard this card. A player left without spell cards prepares nothing: they still point their wand, "
            "then cast Protego or nothing."
        ),
    ),
    Reward(
        "retourneur",
        N_("Retourneur de Temps"),
        N_("Retourneur de Temps (Time-Turner)"),
        2,
        0,
        "retourneur",
        N_(
            "At once: give back one Retard token of your house, yours or your teammate's, to the reserve. Then "
            "discard this card."
        ),
    ),
    Reward(
        "chouchou",
        N_("Devenir le Chouchou"),
        N_("Devenir le Chouchou (Become the Teacher's Pet)"),
        0,
        0,
        "chouchou",
        N_(
            "Always on offer as the ninth reward. At once: take the Chouchou tile and give back one of your own "
            "Retard tokens. You run the next round and choose first if your flag stands. The card returns to the "
            "middle at the end of the round."
        ),
    ),
]
REWARDS: dict[str, Reward] = {row.id: row for row in REWARD_ROWS}
DECK_KINDS: tuple[str, ...] = tuple(row.id for row in REWARD_ROWS if row.copies)
DECK_SIZE = sum(row.copies for row in REWARD_ROWS)
CHOUCHOU_CARD = "chouchou"
# The order rewards are listed in, on the table and in the commands.
REWARD_ORDER: tuple[str, ...] = tuple(row.id for row in REWARD_ROWS)

POTIONS_MASTER = 100  # Maître des Potions
LATECOMER = -100  # each Retardataire card
FAVEUR_BONUS = (0, 10, 30, 60, 120, 200, 300, 400, 600, 800, 1000)  # by number of Faveur cards

# The game's names (the rulebook's French ones) -> what they mean, as message ids: the rules page's glossary.
GLOSSARY: dict[str, str] = {
    N_("Stupéfix"): N_("Stupefy, the Stunning Spell: stuns the wizard your wand points at"),
    N_("Sort raté"): N_("Misfire, a failed spell: nothing happens"),
    N_("Protego"): N_("Shield Charm: you are protected, but your flag goes down"),
    N_("Chouchou"): N_("Teacher's Pet: runs the round and chooses the first reward when their flag stands"),
    N_("Retard"): N_(
        "Late token: one for each Stupéfix that stuns you (a player whose house has two players starts with one)"
    ),
    N_("Drapeau"): N_("Flag: standing, you share the rewards"),
    N_("Maître des Potions"): N_(
        "Potions Master: +100 for the house of the player with the most Potion Réussie (a tie for the most: nobody)"
    ),
    N_("Retardataire"): N_(
        "Latecomer: -100 for each player with the most Retard tokens, ties included (nobody when every player has "
        "as many, or none)"
    ),
    N_("Urne"): N_("The urn of the four houses"),
    N_("Sorcières, Sorciers, à vos baguettes !"): N_("Witches, wizards, wands at the ready!"),
    N_("Points 10"): N_("10 house points"),
    N_("Points 20"): N_("20 house points"),
    N_("Points 40"): N_("40 house points"),
    N_("Potion Réussie"): N_("Successful Potion"),
    N_("Faveur"): N_("Favour: a teacher's favour, worth bonus points at the end"),
    N_("Cours Particuliers"): N_("Private Lessons"),
    N_("Retourneur de Temps"): N_("Time-Turner"),
    N_("Devenir le Chouchou"): N_("Become the Teacher's Pet"),
}


def house_name(house: str) -> str:
    """A house (its English id) in the current language: Gryffondor in French, Гриффиндор in Russian."""
    return _(house)


def default_houses(players: int) -> list[str]:
    """Houses seat by seat, teammates never side by side: the larger houses take every other seat first."""
    sizes = MAKEUP[players]
    players_in_order = [HOUSES[index] for index, size in enumerate(sizes) for _ in range(size)]
    seats = list(range(0, players, 2)) + list(range(1, players, 2))
    houses = [""] * players
    for seat, house in zip(seats, players_in_order, strict=True):
        houses[seat] = house
    return houses
