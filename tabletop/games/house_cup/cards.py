"""The 68 House Cup activity cards as data (rulebook + project supplement house-cup-deck.md).

Each kind has its names, a category and the rule in our words; each copy has the weekday it is dealt to, its
corner symbol and, for a few kinds, a variant (which house, which castle card). Cards carry no printed points:
every point comes from ``scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
DAY_SHORT = ("Mon", "Tue", "Wed", "Thu", "Fri")
HOUSES = ("Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw")
SYMBOLS = ("clothing", "letter", "help", "animal")
REWARD_TOKENS = 46
CHOICE_TOKEN_VALUES = (1, 2, 3)


@dataclass(frozen=True)
class Kind:
    id: str
    name: str
    name_ru: str
    category: str  # "instant", "set", "single" or "help"
    rule: str


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    day: int
    symbols: frozenset[str]
    variant: str = ""  # a house for Forward/Uniform, "A"/"B"/"C" for the castle, "pixie" for Trouble 1

    @property
    def title(self) -> str:
        base = KINDS[self.kind].name
        if self.kind == "forward":
            return f"{self.variant}, Forward!"
        if self.kind == "uniform":
            return f"School Uniform ({self.variant})"
        if self.kind == "castle":
            return CASTLE_NAMES[self.variant]
        if self.variant == "pixie":
            return "Trouble: A Pixie Infestation!"
        return base


CASTLE_NAMES = {"A": "The Moving Staircases", "B": "The Third-Floor Corridor", "C": "The Room of Requirement"}

_KIND_ROWS = [
    (
        "trouble",
        "Trouble",
        "Неприятность",
        "instant",
        "IMMEDIATELY: discard one of your other cards. At the end it costs 5 points (it scores 5 with the "
        "House-Elf). The Pixie Infestation copy has no end-of-game value.",
    ),
    (
        "letter",
        "You've Got a Letter!",
        "Вам письмо!",
        "instant",
        "IMMEDIATELY: take a reward token, then give one of your cards without the letter symbol to an "
        "opponent of your choice.",
    ),
    (
        "divination",
        "Divination",
        "Прорицание",
        "instant",
        "IMMEDIATELY: take the top card of the deck, then shuffle this card back into the deck.",
    ),
    (
        "cauldron",
        "Magic Cauldron",
        "Волшебный котёл",
        "instant",
        "IMMEDIATELY: every player, in turn from you, may discard one card to take a reward token.",
    ),
    ("hagrid", "Hagrid's Farm", "Ферма Хагрида", "instant", "IMMEDIATELY: take three reward tokens."),
    (
        "potions",
        "Potions",
        "Зельеварение",
        "set",
        "Set: 1, 2, 3, 4, 5 cards score 2, 3, 4, 20, 40. A sixth or seventh adds nothing.",
    ),
    (
        "herbology",
        "Herbology",
        "Гербология",
        "set",
        "Set: 1, 2, 3 cards cost 20, 30, 40 points, or score them if you own the Earphones. A fourth adds nothing.",
    ),
    (
        "creatures",
        "Magical Creatures",
        "Магические существа",
        "set",
        "Set: 1, 2, 3, 4, 5 cards score 4, 9, 15, 25, 50 (a fifth needs the Flywheel of Time).",
    ),
    (
        "charms",
        "Charms",
        "Заклинания",
        "set",
        "Each of your reward tokens scores 3, 5 or 8 instead of 2 with 1, 2 or 3 Charms. A fourth adds nothing.",
    ),
    (
        "castle",
        "Exploring the Castle",
        "Исследование замка",
        "set",
        "Three different cards (the Moving Staircases, the Third-Floor Corridor, the Room of Requirement) "
        "score 60 together; fewer score nothing.",
    ),
    (
        "quidditch",
        "Quidditch",
        "Квиддич",
        "single",
        "Whoever holds the most Quidditch cards leads (ties all lead) and scores 30 once.",
    ),
    (
        "forward",
        "House Forward!",
        "Факультет, вперёд!",
        "single",
        "Scores 15 if the house it names leads at Quidditch.",
    ),
    (
        "uniform",
        "School Uniform",
        "Школьная форма",
        "single",
        "Scores 10 if it is your own house's uniform, otherwise costs 10.",
    ),
    (
        "elf",
        "House-Elf",
        "Домашний эльф",
        "single",
        "Each of your Trouble cards that would cost 5 scores 5 instead. No points of its own.",
    ),
    (
        "history",
        "History of Magic",
        "История магии",
        "single",
        "1 point for every card you own, this one included. Each copy scores on its own.",
    ),
    (
        "help_owlery",
        "Help in the Owlery",
        "Помощь в совиной башне",
        "help",
        "3 points for every card you own with the letter symbol.",
    ),
    (
        "help_firstyears",
        "Help the First-Years",
        "Помощь первокурсникам",
        "help",
        "3 points for every card you own with the help symbol, this one included.",
    ),
    ("help_hagrid", "Help Hagrid", "Помощь Хагриду", "help", "3 points for every card you own with the animal symbol."),
    (
        "help_uniforms",
        "Help with the Uniforms",
        "Помощь с формой",
        "help",
        "3 points for every card you own with the clothing symbol.",
    ),
    (
        "help_nargles",
        "Help Hunting Nargles",
        "Помощь в охоте на мозгошмыгов",
        "help",
        "No points of its own, but it bears all four symbols, so every Help card counts it.",
    ),
    (
        "help_search",
        "Help Searching for Points",
        "Помощь с поиском очков",
        "help",
        "No points. At the end, before scoring, look at the top 5 cards of the deck, keep one, discard the rest.",
    ),
    (
        "flywheel",
        "Flywheel of Time",
        "Маховик времени",
        "single",
        "At the end, it may count as one more card of a set you have started. It never starts a set.",
    ),
    (
        "earphones",
        "Earphones",
        "Наушники",
        "single",
        "Your Herbology set scores its points instead of costing them. No points of its own.",
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

# The 2-3 player removals: 7 Potions and one of each castle card (a fixed choice, so it is public knowledge).
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

HELP_SYMBOL = {
    "help_owlery": "letter",
    "help_firstyears": "help",
    "help_hagrid": "animal",
    "help_uniforms": "clothing",
}
SET_KINDS = ("potions", "herbology", "creatures", "charms", "castle")
INSTANT_KINDS = frozenset(kind.id for kind in KINDS.values() if kind.category == "instant")


def kind_of(card: str) -> str:
    return CARDS[card].kind


def title(card: str) -> str:
    return CARDS[card].title


def copies(kind: str) -> int:
    return sum(1 for card in CARDS.values() if card.kind == kind)
