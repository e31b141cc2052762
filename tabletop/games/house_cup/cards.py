"""The 68 House Cup activity cards as data (rulebook + project supplement house-cup-deck.md).

Each kind has its names, a category and the rule in our words; each copy has the weekday it is dealt to, its
corner symbol and, for a few kinds, a variant (which house, which castle card). Cards carry no printed points:
every point comes from ``scoring``.

The names and rules are written in English and shown in the current language (the game's catalogue,
``house_cup.po``): ``Kind.name``, ``Kind.rule``, ``Card.title`` and ``DAYS[day]`` are looked up when read, so the
tables show them translated while the rules keep working on ids (a house is its English name, a key, everywhere in
the state and the options; ``house_name`` shows it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from tabletop.games.house_cup.i18n import gettext as _
from tabletop.i18n import N_


class Words(Sequence[str]):
    """A fixed row of English words read in the current language (``DAYS[2]`` is "mercredi" in French: lower
    case, as inside a sentence); ``english`` keeps them as written."""

    def __init__(self, *english: str) -> None:
        self.english = english

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(_(word) for word in self.english[index])
        return _(self.english[index])

    def __len__(self) -> int:
        return len(self.english)

    def __iter__(self) -> Iterator[str]:
        return (_(word) for word in self.english)


DAYS = Words(N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"))
DAY_SHORT = Words(N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"))
HOUSES = (N_("Gryffindor"), N_("Slytherin"), N_("Hufflepuff"), N_("Ravenclaw"))  # keys: house_name shows one
SYMBOLS = ("clothing", "letter", "help", "animal")
SYMBOL_NAMES = {"clothing": N_("clothing"), "letter": N_("letter"), "help": N_("help"), "animal": N_("animal")}
REWARD_TOKENS = 46
CHOICE_TOKEN_VALUES = (1, 2, 3)


def house_name(house: str) -> str:
    """A house (its English name, as the state and the options keep it) in the current language."""
    return _(house)


def symbol_name(symbol: str) -> str:
    return _(SYMBOL_NAMES[symbol])


@dataclass(frozen=True)
class Kind:
    id: str
    name_en: str
    category: str  # "instant", "set", "single" or "help"
    rule_en: str

    @property
    def name(self) -> str:
        return _(self.name_en)

    @property
    def rule(self) -> str:
        return _(self.rule_en)


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    day: int
    symbols: frozenset[str]
    variant: str = ""  # a house for Forward/Uniform, "A"/"B"/"C" for the castle, "pixie" for Trouble 1

    @property
    def title(self) -> str:
        """The name printed on this copy, in the current language."""
        if self.kind == "forward":
            return _("{house}, Forward!").format(house=house_name(self.variant))
        if self.kind == "uniform":
            return _("School Uniform ({house})").format(house=house_name(self.variant))
        if self.kind == "castle":
            return _(CASTLE_NAMES[self.variant])
        if self.variant == "pixie":
            return _(PIXIE_TITLE)
        return KINDS[self.kind].name


CASTLE_NAMES = {
    "A": N_("The Moving Staircases"),
    "B": N_("The Third-Floor Corridor"),
    "C": N_("The Room of Requirement"),
}
PIXIE_TITLE = N_("Trouble: A Pixie Infestation!")

_KIND_ROWS = [
    (
        "trouble",
        N_("Trouble"),
        "instant",
        N_(
            "IMMEDIATELY: discard one of your other cards. At the end it costs 5 points (it scores 5 with the "
            "House-Elf). The Pixie Infestation copy has no end-of-game value."
        ),
    ),
    (
        "letter",
        N_("You've Got a Letter!"),
        "instant",
        N_(
            "IMMEDIATELY: take a reward token, then give one of your cards without the letter symbol to an "
            "opponent of your choice."
        ),
    ),
    (
        "divination",
        N_("Divination"),
        "instant",
        N_("IMMEDIATELY: take the top card of the deck, then shuffle this card back into the deck."),
    ),
    (
        "cauldron",
        N_("Magic Cauldron"),
        "instant",
        N_("IMMEDIATELY: every player, in turn from you, may discard one card to take a reward token."),
    ),
    ("hagrid", N_("Hagrid's Farm"), "instant", N_("IMMEDIATELY: take three reward tokens.")),
    (
        "potions",
        N_("Potions"),
        "set",
        N_("Set: 1, 2, 3, 4, 5 cards score 2, 3, 4, 20, 40. A sixth or seventh adds nothing."),
    ),
    (
        "herbology",
        N_("Herbology"),
        "set",
        N_("Set: 1, 2, 3 cards cost 20, 30, 40 points, or score them if you own the Earphones. A fourth adds nothing."),
    ),
    (
        "creatures",
        N_("Magical Creatures"),
        "set",
        N_("Set: 1, 2, 3, 4, 5 cards score 4, 9, 15, 25, 50 (a fifth needs the Flywheel of Time)."),
    ),
    (
        "charms",
        N_("Charms"),
        "set",
        N_("Each of your reward tokens scores 3, 5 or 8 instead of 2 with 1, 2 or 3 Charms. A fourth adds nothing."),
    ),
    (
        "castle",
        N_("Exploring the Castle"),
        "set",
        N_(
            "Three different cards (the Moving Staircases, the Third-Floor Corridor, the Room of Requirement) "
            "score 60 together; fewer score nothing."
        ),
    ),
    (
        "quidditch",
        N_("Quidditch"),
        "single",
        N_("Whoever holds the most Quidditch cards leads (ties all lead) and scores 30 once."),
    ),
    (
        "forward",
        N_("House Forward!"),
        "single",
        N_("Scores 15 if the house it names leads at Quidditch."),
    ),
    (
        "uniform",
        N_("School Uniform"),
        "single",
        N_("Scores 10 if it is your own house's uniform, otherwise costs 10."),
    ),
    (
        "elf",
        N_("House-Elf"),
        "single",
        N_("Each of your Trouble cards that would cost 5 scores 5 instead. No points of its own."),
    ),
    (
        "history",
        N_("History of Magic"),
        "single",
        N_("1 point for every card you own, this one included. Each copy scores on its own."),
    ),
    (
        "help_owlery",
        N_("Help in the Owlery"),
        "help",
        N_("3 points for every card you own with the letter symbol."),
    ),
    (
        "help_firstyears",
        N_("Help the First-Years"),
        "help",
        N_("3 points for every card you own with the help symbol, this one included."),
    ),
    ("help_hagrid", N_("Help Hagrid"), "help", N_("3 points for every card you own with the animal symbol.")),
    (
        "help_uniforms",
        N_("Help with the Uniforms"),
        "help",
        N_("3 points for every card you own with the clothing symbol."),
    ),
    (
        "help_nargles",
        N_("Help Hunting Nargles"),
        "help",
        N_("No points of its own, but it bears all four symbols, so every Help card counts it."),
    ),
    (
        "help_search",
        N_("Help Searching for Points"),
        "help",
        N_(
            "No points. At the end, before scoring, look at the top 5 cards of the deck: you may keep one, discard "
            "the rest."
        ),
    ),
    (
        "flywheel",
        N_("Flywheel of Time"),
        "single",
        N_("At the end, it may count as one more card of a set you have started. It never starts a set."),
    ),
    (
        "earphones",
        N_("Earphones"),
        "single",
        N_("Your Herbology set scores its points instead of costing them. No points of its own."),
    ),
]
KINDS: dict[str, Kind] = {row[0]: Kind(*row) for row in _KIND_ROWS}

# copy id, day (0 = Monday), symbol ("" none, "all" every symbol), variant
_COPY_ROWS = [
    ("trouble-1", 0, "", "pixie"),
    ("trouble-2", 1, "", ""),
    ("trouble-3", 2, "", ""),
    ("trouble-4", 3, "", ""),
    ("trouble-5", 4, "", ""),
    ("trouble-6", 0, "", ""),
    ("trouble-7", 1, "", ""),
    ("trouble-8", 2, "", ""),
    ("letter-1", 3, "letter", ""),
    ("letter-2", 4, "letter", ""),
    ("letter-3", 0, "letter", ""),
    ("letter-4", 1, "letter", ""),
    ("divination-1", 2, "", ""),
    ("divination-2", 3, "", ""),
    ("cauldron-1", 4, "", ""),
    ("hagrid-1", 0, "animal", ""),
    ("potions-1", 1, "", ""),
    ("potions-2", 2, "", ""),
    ("potions-3", 3, "", ""),
    ("potions-4", 4, "", ""),
    ("potions-5", 0, "", ""),
    ("potions-6", 1, "", ""),
    ("potions-7", 2, "", ""),
    ("potions-8", 3, "", ""),
    ("potions-9", 4, "", ""),
    ("potions-10", 0, "", ""),
    ("potions-11", 1, "", ""),
    ("potions-12", 2, "", ""),
    ("potions-13", 3, "", ""),
    ("herbology-1", 4, "", ""),
    ("herbology-2", 0, "", ""),
    ("herbology-3", 1, "", ""),
    ("herbology-4", 2, "", ""),
    ("creatures-1", 3, "animal", ""),
    ("creatures-2", 4, "animal", ""),
    ("creatures-3", 0, "animal", ""),
    ("creatures-4", 1, "animal", ""),
    ("charms-1", 2, "", ""),
    ("charms-2", 3, "", ""),
    ("charms-3", 4, "", ""),
    ("castle-1", 0, "", "A"),
    ("castle-2", 1, "", "B"),
    ("castle-3", 2, "", "C"),
    ("castle-4", 3, "", "A"),
    ("castle-5", 4, "", "B"),
    ("castle-6", 0, "", "C"),
    ("quidditch-1", 1, "clothing", ""),
    ("quidditch-2", 2, "clothing", ""),
    ("quidditch-3", 3, "clothing", ""),
    ("quidditch-4", 4, "clothing", ""),
    ("forward-1", 0, "", "Gryffindor"),
    ("forward-2", 1, "", "Slytherin"),
    ("forward-3", 2, "", "Ravenclaw"),
    ("uniform-1", 3, "clothing", "Gryffindor"),
    ("uniform-2", 4, "clothing", "Hufflepuff"),
    ("uniform-3", 0, "clothing", "Ravenclaw"),
    ("uniform-4", 1, "clothing", "Slytherin"),
    ("elf-1", 2, "help", ""),
    ("history-1", 3, "", ""),
    ("history-2", 4, "", ""),
    ("help_owlery-1", 0, "help", ""),
    ("help_firstyears-1", 1, "help", ""),
    ("help_hagrid-1", 2, "help", ""),
    ("help_uniforms-1", 3, "help", ""),
    ("help_nargles-1", 4, "all", ""),
    ("help_search-1", 0, "help", ""),
    ("flywheel-1", 1, "", ""),
    ("earphones-1", 2, "clothing", ""),
]


def _symbols(code: str) -> frozenset[str]:
    if code == "all":
        return frozenset(SYMBOLS)
    return frozenset([code]) if code else frozenset()


CARDS: dict[str, Card] = {
    copy_id: Card(copy_id, copy_id.rsplit("-", 1)[0], day, _symbols(symbol), variant)
    for copy_id, day, symbol, variant in _COPY_ROWS
}
ALL_CARDS: tuple[str, ...] = tuple(CARDS)

# The 2-3 player removals the rulebook recommends ("we recommend removing from the deck 7 Potions cards and 3
# Exploring the Castle cards"): 7 Potions and one of each castle card (a fixed choice, so it is public knowledge).
# A recommendation: the setup offers the full deck instead (the option ``full_deck``).
SMALL_GAME_REMOVALS: tuple[str, ...] = (
    "potions-7",
    "potions-8",
    "potions-9",
    "potions-10",
    "potions-11",
    "potions-12",
    "potions-13",
    "castle-4",
    "castle-5",
    "castle-6",
)


def set_aside(players: int, full_deck: bool = False) -> tuple[str, ...]:
    """The cards left in the box for a game of ``players``: the recommended removals with 2 or 3, unless the
    players keep the full deck."""
    return SMALL_GAME_REMOVALS if players < 4 and not full_deck else ()


def copies_in_play(card: str, box: Collection[str]) -> int:
    """How many cards like ``card`` a game that left ``box`` in the box plays with (what a card's face tells): of
    its very title where it has one of its own (a castle card's room, a Forward's or Uniform's house, the Pixies'
    Trouble; "The Third-Floor Corridor: 3 in the game" counted the castle cards of all three rooms), else of its
    kind: a plain Trouble counts the 8 Troubles, the Pixies' among them, as its rule and the rulebook do (it said
    7)."""
    info = CARDS[card]
    same = [CARDS[other] for other in ALL_CARDS if other not in box and CARDS[other].kind == info.kind]
    if info.variant:
        return sum(1 for other in same if other.variant == info.variant)
    return len(same)


HELP_SYMBOL = {
    "help_owlery": "letter",
    "help_firstyears": "help",
    "help_hagrid": "animal",
    "help_uniforms": "clothing",
}
SET_KINDS = ("potions", "herbology", "creatures", "charms", "castle")
INSTANT_KINDS = frozenset(kind.id for kind in KINDS.values() if kind.category == "instant")


def title(card: str) -> str:
    return CARDS[card].title
