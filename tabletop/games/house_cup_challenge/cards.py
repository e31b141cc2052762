"""Characters, Special Cards and the 100 Adventure Cards of House Cup Challenge, as data.

Each Adventure Card has the spaces it may be played on, a Test, its VP and one reward, and a setback. The
reward and the setback are names of small functions in ``effects`` (``raise_ability``, ``draw_cards``,
``take_special``; ``standard_setback``, ``hospital_setback``), so the table stays plain data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from tabletop.games.house_cup_challenge.board import cells_named

ABILITIES = ("K", "S", "H")
ABILITY_NAMES = {"K": "Knowledge", "S": "Skill", "H": "Honor"}
MAX_ABILITY = 10
HAND_LIMIT = 8
END_POINTS = 500
YEAR_TITLES = {
    1: "Sorcerer's Stone",
    2: "Chamber of Secrets",
    3: "Prisoner of Azkaban",
    4: "Goblet of Fire",
    5: "Order of the Phoenix",
}


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    start: tuple[int, int, int]  # K, S, H
    ability: str
    text: str


CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        Character(
            "harry",
            "Harry Potter",
            (1, 2, 2),
            "The Boy Who Lived",
            "Once per round, when you enter a space with a face-up Adventure Card, you may walk past it whatever its "
            "Test. Harry starts the game with the Wand.",
        ),
        Character(
            "hermione", "Hermione Granger", (3, 1, 1), "Top of the Class", "Your Draw 2 Cards action draws 3 cards."
        ),
        Character(
            "ron",
            "Ron Weasley",
            (1, 3, 1),
            "Wizard's Chess Master",
            "Each card you discard to boost an encounter adds 2 instead of 1 (still at most 2 cards).",
        ),
        Character(
            "neville",
            "Neville Longbottom",
            (2, 1, 2),
            "Late Bloomer",
            "From Year 3 on, every ability an Adventure Card raises goes up by 2 instead of 1.",
        ),
    )
}
CHARACTER_ORDER = ("harry", "hermione", "ron", "neville")


@dataclass(frozen=True)
class Special:
    id: str
    name: str
    timing: str  # "action" or "free"
    text: str
    bonus: tuple[tuple[str, int], ...] = ()  # free bonus cards: (ability, amount); "*" = any one tested ability


SPECIALS: dict[str, Special] = {
    s.id: s
    for s in (
        Special("cloak", "Invisibility Cloak", "free", "While moving, walk past a card you would otherwise encounter."),
        Special(
            "map",
            "Marauder's Map",
            "action",
            "Move up to 5 spaces. You walk past every Adventure Card on the way and where you stop.",
        ),
        Special("nimbus", "Nimbus Two Thousand", "action", "Move up to 5 spaces, with the usual encounters."),
        Special(
            "firebolt",
            "Firebolt",
            "action",
            "Fly to any space of the two top rows except the Shrieking Shack. Landing on a card is entering it.",
        ),
        Special(
            "floo",
            "Floo Powder",
            "action",
            "Go to the Great Hall, the Entrance Hall, the Headmaster's Office or the Common Room. Arriving on a "
            "card is entering it.",
        ),
        Special(
            "timeturner",
            "Time-Turner",
            "action",
            "Take two more actions at once, with all their usual effects. Neither may use a Special Card.",
        ),
        Special("remembrall", "Remembrall", "free", "+2 Knowledge in one encounter.", (("K", 2),)),
        Special("sword", "Sword of Gryffindor", "free", "+3 Honor in one encounter.", (("H", 3),)),
        Special("felix", "Felix Felicis", "free", "+2 to one tested ability in one encounter.", (("*", 2),)),
        Special("patronus", "Expecto Patronum", "free", "+3 Skill in one encounter.", (("S", 3),)),
        Special(
            "leviosa", "Wingardium Leviosa", "free", "+1 Knowledge and +1 Skill in one encounter.", (("K", 1), ("S", 1))
        ),
        Special("expelliarmus", "Expelliarmus", "free", "When you fail an encounter, you suffer no setback."),
        Special(
            "fawkes",
            "Fawkes the Phoenix",
            "free",
            "When you fail an encounter, try once more with +2 to every tested ability.",
        ),
        Special("polyjuice", "Polyjuice Potion", "action", "Swap places with any other character; nobody encounters."),
        Special(
            "accio",
            "Accio!",
            "action",
            "Take into your hand a face-up Adventure Card at most 3 connections away (walls count, cards do not).",
        ),
        Special("hedwig", "Hedwig", "action", "Draw 3 Adventure Cards."),
    )
}
SPECIAL_ORDER = tuple(SPECIALS)
BONUS_SPECIALS = tuple(s.id for s in SPECIALS.values() if s.bonus)


@dataclass(frozen=True)
class Test:
    """``mode``: "one" (a single ability), "any" (either part), "all" (every part)."""

    mode: str
    parts: tuple[tuple[str, int], ...]

    @cached_property
    def abilities(self) -> tuple[str, ...]:
        return tuple(ability for ability, _ in self.parts)

    def passes(self, values: Mapping[str, int]) -> bool:
        if self.mode == "all":
            return all(values[a] >= n for a, n in self.parts)
        return any(values[a] >= n for a, n in self.parts)

    def text(self) -> str:
        joiner = " + " if self.mode == "all" else " / "
        return joiner.join(f"{a}{n}" for a, n in self.parts)

    def words(self) -> str:
        named = [f"{ABILITY_NAMES[a]} {n}" for a, n in self.parts]
        if self.mode == "one":
            return named[0]
        return (" and " if self.mode == "all" else " or ").join(named)


def parse_test(text: str) -> Test:
    if "+" in text:
        mode, pieces = "all", text.split("+")
    elif "/" in text:
        mode, pieces = "any", text.split("/")
    else:
        mode, pieces = "one", [text]
    parts = tuple((piece.strip()[0], int(piece.strip()[1:])) for piece in pieces)
    return Test(mode, parts)


@dataclass(frozen=True)
class Adventure:
    id: str
    title: str
    year: int
    play: tuple[str, ...]  # names after "Play:"
    cells: tuple[str, ...]  # the cells those names stand for
    test: Test
    vp: int
    reward: str  # effect name: "raise_ability", "draw_cards" or "take_special"
    reward_arg: str  # the ability raised, or the number of cards drawn
    setback: str  # effect name: "standard_setback" or "hospital_setback"

    def reward_text(self) -> str:
        if self.reward == "raise_ability":
            return f"+1 {self.reward_arg}"
        if self.reward == "draw_cards":
            return f"Draw {self.reward_arg}"
        return "Special"


_ROWS = [
    "Y1-01|Sorting Ceremony|Great Hall|H1|4|+1 H|std",
    "Y1-02|First Potions Lesson|Potions Classroom|K2|4|+1 K|std",
    "Y1-03|Flying Lesson with Madam Hooch|Castle Lawn, Quidditch Pitch|S1|4|+1 S|std",
    "Y1-04|Neville's Remembrall|Castle Lawn, Courtyard|S2|4|Special|std",
    "Y1-05|Midnight Duel|Trophy Room|H2|4|+1 H|std",
    "Y1-06|Fluffy the Three-Headed Dog|Third-Floor Corridor|S3 / H3|6|+1 H|std",
    "Y1-07|Troll in the Dungeon|Moaning Myrtle's Bathroom, Dungeon Stairs|S3|6|+1 S|Hospital",
    "Y1-08|Wingardium Leviosa|Charms Classroom|K1|4|+1 K|std",
    "Y1-09|Match into Needle|Transfiguration Classroom|K2|4|+1 K|std",
    "Y1-10|Gryffindor versus Slytherin|Quidditch Pitch|S2|5|+1 S|std",
    "Y1-11|Jinxed Broomstick|Quidditch Pitch|S3 / K3|6|+1 S|Hospital",
    "Y1-12|Mirror of Erised|Seventh-Floor Corridor, Trophy Room|H2|4|Draw 2|std",
    "Y1-13|Who Is Nicolas Flamel?|Library|K3|5|+1 K|std",
    "Y1-14|Night in the Restricted Section|Restricted Section|K2 / H2|4|Special|std",
    "Y1-15|Norbert Hatches|Hagrid's Hut|H2|5|+1 H|std",
    "Y1-16|Smuggling Norbert|Astronomy Tower|S2|5|+1 S|std",
    "Y1-17|Detention in the Forest|Forest Edge, Centaur Glade|H2|5|+1 H|std",
    "Y1-18|The Wounded Unicorn|Deep Forest, Centaur Glade|H3|6|+1 H|std",
    "Y1-19|Firenze's Warning|Centaur Glade|K2|4|+1 K|std",
    "Y1-20|Devil's Snare|Trapdoor Chamber, Greenhouses|K2|5|+1 K|std",
    "Y1-21|Winged Keys|Trapdoor Chamber|S2|5|+1 S|std",
    "Y1-22|Wizard's Chess|Trapdoor Chamber|K3 / S3|6|+1 K|std",
    "Y1-23|Potion Logic Puzzle|Trapdoor Chamber, Potions Classroom|K3|6|Draw 2|std",
    "Y1-24|Peeves the Poltergeist|Corridor|S1 / H1|4|Draw 1|std",
    "Y1-25|Filch and Mrs Norris|Corridor|H2|4|Draw 1|std",
    "Y1-26|Owl Post|Owlery, Great Hall|K1|4|Draw 2|std",
    "Y1-27|Herbology with Professor Sprout|Greenhouses|K1|4|+1 K|std",
    "Y1-28|Quirrell Unmasked|Trapdoor Chamber|H3 + K2|8|+1 H|std",
    "Y2-01|Flying Car Crash|Whomping Willow|S3|6|+1 S|Hospital",
    "Y2-02|Cornish Pixies|DADA Classroom|S3|6|+1 S|std",
    "Y2-03|Repotting Mandrakes|Greenhouses|K3|6|+1 K|std",
    "Y2-04|Slug-Vomiting Charm|Courtyard, Quidditch Pitch|H3|5|+1 H|std",
    "Y2-05|Rogue Bludger|Quidditch Pitch|S4|7|+1 S|Hospital",
    "Y2-06|Writing on the Wall|Third-Floor Corridor, Seventh-Floor Corridor|K3|6|+1 K|std",
    "Y2-07|Brewing Polyjuice Potion|Moaning Myrtle's Bathroom|K4|7|Special|std",
    "Y2-08|Duelling Club|Great Hall|S3 / H3|6|+1 S|std",
    "Y2-09|The Parselmouth|Great Hall, Courtyard|H3|5|+1 H|std",
    "Y2-10|Mrs Norris Petrified|Corridor|K2|4|Draw 2|std",
    "Y2-11|Tom Riddle's Diary|Moaning Myrtle's Bathroom, Library|K3|6|Draw 2|std",
    "Y2-12|Hermione Petrified|Hospital Wing, Library|K4|7|+1 K|std",
    "Y2-13|Follow the Spiders|Forest Edge, Acromantula Hollow|H3|6|+1 H|std",
    "Y2-14|Aragog's Lair|Acromantula Hollow|S4 / H4|8|+1 H|std",
    "Y2-15|Lockhart's Backfiring Charm|Chamber of Secrets, Moaning Myrtle's Bathroom|K3|6|+1 K|std",
    "Y2-16|The Basilisk|Chamber of Secrets|S4 + H4|11|+1 H|Hospital",
    "Y2-17|Fawkes Answers|Headmaster's Office, Chamber of Secrets|H4|7|Special|std",
    "Y2-18|Dobby the House-Elf|Kitchens, Headmaster's Office|H3|6|+1 H|std",
    "Y2-19|A Howler at Breakfast|Great Hall|H2|4|Draw 2|std",
    "Y2-20|Lucius Malfoy's Threats|Headmaster's Office, Entrance Hall|H4|7|+1 H|std",
    "Y3-01|Dementors at the Gates|Castle Lawn, Covered Bridge|S4 / H4|7|+1 H|std",
    "Y3-02|Buckbeak the Hippogriff|Pumpkin Patch, Hagrid's Hut|H4|8|+1 H|std",
    "Y3-03|Riddikulus!|DADA Classroom|S3 / K3|6|+1 S|std",
    "Y3-04|The Slashed Portrait|Fat Lady's Portrait|H3|6|+1 H|std",
    "Y3-05|Tea Leaves with Trelawney|Divination Tower|K3|6|Draw 2|std",
    "Y3-06|Dementors at the Match|Quidditch Pitch|S5|9|+1 S|Hospital",
    "Y3-07|Patronus Lessons|DADA Classroom, Trophy Room|K4|7|Special|std",
    "Y3-08|The Marauder's Map|Courtyard, Third-Floor Corridor|K3 / S3|6|Special|std",
    "Y3-09|The Shrieking Shack|Shrieking Shack|H3|6|+1 H|std",
    "Y3-10|Scabbers on the Run|Pumpkin Patch, Whomping Willow|S4|7|+1 S|std",
    "Y3-11|The Whomping Willow Strikes|Whomping Willow|S4|7|+1 S|Hospital",
    "Y3-12|Padfoot and Wormtail|Shrieking Shack|K4 + H4|10|+1 K|std",
    "Y3-13|Moony under the Full Moon|Forest Edge, Whomping Willow|S5 / H5|9|+1 S|Hospital",
    "Y3-14|Dementors at the Lake|Black Lake, Lakeshore|H5|10|+1 H|std",
    "Y3-15|The Time-Turner|Hospital Wing, Clock Tower|K4|7|Special|std",
    "Y3-16|Saving Buckbeak|Pumpkin Patch, Forest Edge|S4|8|+1 S|std",
    "Y3-17|Crookshanks Hunts Scabbers|Great Hall, Library|K3|5|Draw 2|std",
    "Y3-18|Snape's Werewolf Essay|DADA Classroom, Potions Classroom|K5|9|+1 K|std",
    "Y4-01|The Goblet of Fire|Great Hall|H4|7|+1 H|std",
    "Y4-02|The Unforgivable Curses|DADA Classroom|K4 / H4|7|+1 K|std",
    "Y4-03|Blast-Ended Skrewts|Pumpkin Patch, Hagrid's Hut|S4|7|+1 S|std",
    "Y4-04|Dragons in the Forest|Forest Edge, Deep Forest|K4|7|+1 K|std",
    "Y4-05|First Task: The Horntail|Quidditch Pitch, Castle Lawn|S6|12|+1 S|Hospital",
    "Y4-06|Accio Firebolt!|Castle Lawn, Covered Bridge|K5|9|Special|std",
    "Y4-07|The Yule Ball|Great Hall, Entrance Hall|H5|9|+1 H|std",
    "Y4-08|The Golden Egg's Song|Moaning Myrtle's Bathroom|K5|9|Draw 2|std",
    "Y4-09|Gillyweed|Greenhouses, Potions Classroom|K4|7|Special|std",
    "Y4-10|Second Task: The Black Lake|Black Lake|S5 + H4|12|+1 H|std",
    "Y4-11|Grindylows|Black Lake, Lakeshore|S4|7|+1 S|std",
    "Y4-12|Rita Skeeter's Scoop|Courtyard, Entrance Hall, Great Hall|H4|7|+1 H|std",
    "Y4-13|Beauxbatons and Durmstrang Arrive|Boathouse, Lakeshore|H4|7|Draw 2|std",
    "Y4-14|Winky in the Kitchens|Kitchens|H4|7|+1 H|std",
    "Y4-15|Third Task: The Maze|Quidditch Pitch|S6 + K5|13|+1 S|std",
    "Y4-16|Mr Crouch in the Forest|Forest Edge, Centaur Glade|K5 / H5|9|+1 K|std",
    "Y4-17|The False Mad-Eye|DADA Classroom, Headmaster's Office|K6|11|+1 K|std",
    "Y5-01|Detention with Umbridge|DADA Classroom|H6|11|+1 H|std",
    "Y5-02|Educational Decree Number Twenty-Four|Entrance Hall, Great Hall|H5|9|+1 H|std",
    "Y5-03|Founding Dumbledore's Army|Room of Requirement|S6 / K6|12|Special|std",
    "Y5-04|Patronus Practice|Room of Requirement|K6 + S5|14|+1 S|std",
    "Y5-05|Thestrals|Forest Edge, Deep Forest|K5|9|+1 K|std",
    "Y5-06|Grawp|Deep Forest|H6|12|+1 H|std",
    "Y5-07|The Centaurs' Anger|Centaur Glade|H7 / K7|14|+1 H|std",
    "Y5-08|Occlumency Lessons|Potions Classroom|K6|11|+1 K|std",
    "Y5-09|The Inquisitorial Squad|Corridor|S5|9|+1 S|std",
    "Y5-10|Trelawney Dismissed|Entrance Hall, Divination Tower|H5|9|+1 H|std",
    "Y5-11|Weasleys' Wildfire Whiz-bangs|Great Hall, Entrance Hall, Courtyard|S6|12|Draw 2|std",
    "Y5-12|O.W.L. Examinations|Great Hall|K7|14|+1 K|std",
    "Y5-13|Night of the Astronomy O.W.L.|Astronomy Tower, Hagrid's Hut|H7|14|+1 H|std",
    "Y5-14|Umbridge's Fireplace|Headmaster's Office|K6 + H6|16|+1 K|std",
    "Y5-15|Marietta's Betrayal|Room of Requirement, Seventh-Floor Corridor|H6|11|+1 H|std",
    "Y5-16|Weasley Is Our King|Quidditch Pitch|S7|14|+1 S|std",
    "Y5-17|Dumbledore's Escape|Headmaster's Office|H8 + S6|20|Special|std",
]


def _reward(text: str) -> tuple[str, str]:
    if text.startswith("+1 "):
        return "raise_ability", text[3:]
    if text.startswith("Draw "):
        return "draw_cards", text[5:]
    if text == "Special":
        return "take_special", ""
    raise ValueError(f"unknown reward {text!r}")


def _card(row: str) -> Adventure:
    ident, title, play, test, vp, reward, setback = row.split("|")
    names = tuple(part.strip() for part in play.split(","))
    cells: list[str] = []
    for name in names:
        cells.extend(cell for cell in cells_named(name) if cell not in cells)
    kind, arg = _reward(reward)
    return Adventure(
        ident,
        title,
        int(ident[1]),
        names,
        tuple(cells),
        parse_test(test),
        int(vp),
        kind,
        arg,
        "hospital_setback" if setback == "Hospital" else "standard_setback",
    )


ADVENTURES: dict[str, Adventure] = {card.id: card for card in map(_card, _ROWS)}
ALL_ADVENTURES: tuple[str, ...] = tuple(ADVENTURES)
YEAR_CARDS: dict[int, tuple[str, ...]] = {
    year: tuple(card for card in ALL_ADVENTURES if ADVENTURES[card].year == year) for year in range(1, 6)
}


_PASSABLE: dict[tuple[int, int, int], frozenset[str]] = {}


def passable_cards(abilities: Mapping[str, int]) -> frozenset[str]:
    """Every Adventure Card whose Test these abilities pass without a boost.

    Remembered per (K, S, H), of which there are at most 11**3: the moves, the playouts and the bots ask
    whether a card is passable many times a step, and a set lookup is far cheaper than the Test."""
    key = (abilities["K"], abilities["S"], abilities["H"])
    cards = _PASSABLE.get(key)
    if cards is None:
        cards = _PASSABLE[key] = frozenset(card.id for card in ADVENTURES.values() if card.test.passes(abilities))
    return cards


def title(card: str) -> str:
    if card in ADVENTURES:
        return ADVENTURES[card].title
    if card in SPECIALS:
        return SPECIALS[card].name
    return card
