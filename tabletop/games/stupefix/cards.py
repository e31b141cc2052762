"""Stupéfix as data: houses and team make-ups, spell cards, the 64 reward cards and the end-of-game cards.

The game keeps its French names on the table; each name has its English meaning (``GLOSSARY``) for hover and
long-press help. The reward deck (counts) comes from the project supplement; each reward kind names the effect
it has when taken (``effect``), a small function in ``effects``.
"""

from __future__ import annotations

from dataclasses import dataclass

HOUSES = ("Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin")
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
    id: str
    name: str  # the French name shown on the table
    english: str  # its meaning, on hover or long press
    copies: int  # in the 64-card deck (0 for Devenir le Chouchou, which is not in the deck)
    points: int  # house points in the urn (Points cards only)
    effect: str  # "urn", "keep" or an immediate effect of ``effects``
    text: str  # the rule in our words


REWARD_ROWS = [
    Reward("points10", "Points 10", "10 house points", 15, 10, "urn", "Goes into your house's urn: 10 points."),
    Reward("points20", "Points 20", "20 house points", 15, 20, "urn", "Goes into your house's urn: 20 points."),
    Reward("points40", "Points 40", "40 house points", 10, 40, "urn", "Goes into your house's urn: 40 points."),
    Reward(
        "potion",
        "Potion Réussie",
        "Successful Potion",
        9,
        0,
        "keep",
        "Kept face down in front of you. At the end, the one player with the most wins Maître des Potions "
        "(+100 for the house); a tie for the most gives it to nobody.",
    ),
    Reward(
        "faveur",
        "Faveur",
        "A teacher's Favour",
        10,
        0,
        "keep",
        "Kept face down in front of you. At the end your Faveur cards together score 10, 30, 60, 120, 200, 300, "
        "400, 600, 800 or 1000 points for 1 to 10 cards.",
    ),
    Reward(
        "cours",
        "Cours Particuliers",
        "Private Lessons",
        3,
        0,
        "cours",
        "At once: put one of your Sort raté cards face up on the discard pile, and take a Stupéfix from the "
        "discard pile if there is one. Each part is done on its own: with no Stupéfix to take you still lose the "
        "Sort raté, and with no Sort raté you still take the Stupéfix. You choose the Stupéfix: a face-up one, or "
        "one of the face-down cards, which you look through alone (nobody learns whose it was). Then discard this "
        "card. A player left without spell cards prepares nothing: they still point their wand, then cast "
        "Protego or nothing.",
    ),
    Reward(
        "retourneur",
        "Retourneur de Temps",
        "Time-Turner",
        2,
        0,
        "retourneur",
        "At once: give back one Retard token of your house, yours or your teammate's, to the reserve. Then "
        "discard this card.",
    ),
    Reward(
        "chouchou",
        "Devenir le Chouchou",
        "Become the Teacher's Pet",
        0,
        0,
        "chouchou",
        "Always on offer as the ninth reward. At once: take the Chouchou tile and give back one of your own "
        "Retard tokens. You run the next round and choose first. The card returns to the middle at the end "
        "of the round.",
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

# French names on the table -> their English meaning.
GLOSSARY: dict[str, str] = {
    "Stupéfix": "Stunning Spell: stuns the wizard your wand points at",
    "Sort raté": "Failed spell: nothing happens",
    "Protego": "Shield Charm: you are protected, but your flag goes down",
    "Chouchou": "Teacher's Pet: runs the round and chooses rewards first",
    "Retard": "Late: a lateness token",
    "Drapeau": "Flag: standing, you share the rewards",
    "Maître des Potions": "Potions Master: +100 for the house of the player with the most Potion Réussie",
    "Retardataire": "Latecomer: -100 for each player with the most Retard tokens",
    "Urne": "The urn of the four houses",
    "Sorcières, Sorciers, à vos baguettes !": "Witches, wizards, wands at the ready!",
}
for _reward in REWARD_ROWS:
    GLOSSARY.setdefault(_reward.name, _reward.english)

SPELL_NAMES = {STUPEFIX: "Stupéfix", RATE: "Sort raté", PROTEGO: "Protego", NO_SPELL: "no spell"}


def reward_name(kind: str) -> str:
    return REWARDS[kind].name


def makeup(players: int) -> tuple[int, ...]:
    return MAKEUP[players]


def default_houses(players: int) -> list[str]:
    """Houses seat by seat, teammates never side by side: the larger houses take every other seat first."""
    sizes = MAKEUP[players]
    players_in_order = [HOUSES[index] for index, size in enumerate(sizes) for _ in range(size)]
    seats = list(range(0, players, 2)) + list(range(1, players, 2))
    houses = [""] * players
    for seat, house in zip(seats, players_in_order, strict=True):
        houses[seat] = house
    return houses
