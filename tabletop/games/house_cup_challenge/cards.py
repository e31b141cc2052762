"""Characters, Special Cards and the 100 Adventure Cards of House Cup Challenge, as data.

Each Adventure Card has the spaces it may be played on, a Test, its VP and one reward, and a setback. The
reward and the setback are names of small functions in ``effects`` (``raise_ability``, ``draw_cards``,
``take_special``; ``standard_setback``, ``hospital_setback``), so the table stays plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from tabletop.games.house_cup_challenge.board import cells_named
from tabletop.games.house_cup_challenge.i18n import Translated, ngettext
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_

ABILITIES = ("K", "S", "H")
ABILITY_NAMES = Translated({"K": N_("Knowledge"), "S": N_("Skill"), "H": N_("Honor")})  # in the current language
# The letters the cards and badges print ("S3 / H3"), each a language's initial of its ability where the three
# differ (Russian З, Л, Ч: K, S and H were a code only the guide explained); French keeps K, S, H (its C, H, H
# would not tell Skill from Honor).
ABILITY_LETTERS = Translated({"K": N_("K"), "S": N_("S"), "H": N_("H")})
MAX_ABILITY = 10
HAND_LIMIT = 8
END_POINTS = 500
YEAR_TITLES = Translated(
    {
        1: N_("Sorcerer's Stone"),
        2: N_("Chamber of Secrets"),
        3: N_("Prisoner of Azkaban"),
        4: N_("Goblet of Fire"),
        5: N_("Order of the Phoenix"),
    }
)


@dataclass(frozen=True)
class Character:
    """``name``, ``ability`` and ``text`` are read in the current language; the ``_en`` fields are the data."""

    id: str
    name_en: str
    start: tuple[int, int, int]  # K, S, H
    ability_en: str
    text_en: str
    first_name_en: str  # as the table calls the character beside a player's name ("You (Harry)")

    @property
    def name(self) -> str:
        return _(self.name_en)

    @property
    def first_name(self) -> str:
        return _(self.first_name_en)

    @property
    def ability(self) -> str:
        return _(self.ability_en)

    @property
    def text(self) -> str:
        return _(self.text_en)


CHARACTERS: dict[str, Character] = {
    c.id: c
    for c in (
        Character(
            "harry",
            N_("Harry Potter"),
            (1, 2, 2),
            N_("The Boy Who Lived"),
            N_(
                "Once per round, when you enter a space with a face-up Adventure Card, you may walk past it "
                "whatever its Test. Harry starts the game with the Wand."
            ),
            N_("Harry"),
        ),
        Character(
            "hermione",
            N_("Hermione Granger"),
            (3, 1, 1),
            N_("Top of the Class"),
            N_("Your Draw 2 Cards action draws 3 cards."),
            N_("Hermione"),
        ),
        Character(
            "ron",
            N_("Ron Weasley"),
            (1, 3, 1),
            N_("Wizard's Chess Master"),
            N_("Each card you discard to boost an encounter adds 2 instead of 1 (still at most 2 cards)."),
            N_("Ron"),
        ),
        Character(
            "neville",
            N_("Neville Longbottom"),
            (2, 1, 2),
            N_("Late Bloomer"),
            N_("From Year 3 on, every ability an Adventure Card raises goes up by 2 instead of 1."),
            N_("Neville"),
        ),
    )
}
CHARACTER_ORDER = ("harry", "hermione", "ron", "neville")


@dataclass(frozen=True)
class Special:
    """``name`` and ``text`` are read in the current language; the ``_en`` fields are the data."""

    id: str
    name_en: str
    timing: str  # "action" or "free"
    text_en: str
    bonus: tuple[tuple[str, int], ...] = ()  # free bonus cards: (ability, amount); "*" = any one tested ability

    @property
    def name(self) -> str:
        return _(self.name_en)

    @property
    def text(self) -> str:
        return _(self.text_en)


SPECIALS: dict[str, Special] = {
    s.id: s
    for s in (
        Special(
            "cloak",
            N_("Invisibility Cloak"),
            "free",
            N_("While moving, walk past a card you would otherwise encounter."),
        ),
        Special(
            "map",
            N_("Marauder's Map"),
            "action",
            N_("Move up to 5 spaces. You walk past every Adventure Card on the way and where you stop."),
        ),
        Special("nimbus", N_("Nimbus Two Thousand"), "action", N_("Move up to 5 spaces, with the usual encounters.")),
        Special(
            "firebolt",
            N_("Firebolt"),
            "action",
            N_("Fly to any space of the two top rows except the Shrieking Shack. Landing on a card is entering it."),
        ),
        Special(
            "floo",
            N_("Floo Powder"),
            "action",
            N_(
                "Go to the Great Hall, the Entrance Hall, the Headmaster's Office or the Common Room. Arriving on a "
                "card is entering it."
            ),
        ),
        Special(
            "timeturner",
            N_("Time-Turner"),
            "action",
            N_(
                "Take two more actions at once, with all their usual effects (a card played to another space still "
                "draws 3). Neither may be the Use 1 Special Card action ([Free] cards still work)."
            ),
        ),
        Special("remembrall", N_("Remembrall"), "free", N_("+2 Knowledge in one encounter."), (("K", 2),)),
        Special("sword", N_("Sword of Gryffindor"), "free", N_("+3 Honor in one encounter."), (("H", 3),)),
        Special("felix", N_("Felix Felicis"), "free", N_("+2 to one tested ability in one encounter."), (("*", 2),)),
        Special("patronus", N_("Expecto Patronum"), "free", N_("+3 Skill in one encounter."), (("S", 3),)),
        Special(
            "leviosa",
            N_("Wingardium Leviosa"),
            "free",
            N_("+1 Knowledge and +1 Skill in one encounter."),
            (("K", 1), ("S", 1)),
        ),
        Special("expelliarmus", N_("Expelliarmus"), "free", N_("When you fail an encounter, you suffer no setback.")),
        Special(
            "fawkes",
            N_("Fawkes the Phoenix"),
            "free",
            N_("When you fail an encounter, try once more with +2 to every tested ability."),
        ),
        Special(
            "polyjuice",
            N_("Polyjuice Potion"),
            "action",
            N_("Swap places with any other character; nobody encounters."),
        ),
        Special(
            "accio",
            N_("Accio!"),
            "action",
            N_(
                "Take into your hand a face-up Adventure Card at most 3 connections away (counted along the board's "
                "connections; cards and characters on the way do not matter)."
            ),
        ),
        Special("hedwig", N_("Hedwig"), "action", N_("Draw 3 Adventure Cards.")),
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
        """The Test as the cards print it ("S3 / H3"), in the language's letters (the badges show them too)."""
        joiner = " + " if self.mode == "all" else " / "
        return joiner.join(ability_mark(a, n) for a, n in self.parts)

    def words(self, space: str = " ") -> str:
        """The Test in words, in the current language ("Skill 3 or Honor 3"); ``space`` between an ability and its
        value (a no-break space on a card's face: "Honor" ended a line there and "3" began the next)."""
        named = [
            _("{ability} {value}").format(ability=ABILITY_NAMES[a], value=n).replace(" ", space) for a, n in self.parts
        ]
        if self.mode == "one":
            return named[0]
        both = _("{first} and {second}") if self.mode == "all" else _("{first} or {second}")
        return both.format(first=named[0], second=named[1])


def ability_mark(ability: str, number: int) -> str:
    """An ability's letter and a number, "K7"; a narrow space between them where the letter looks like a digit
    (the Russian З of Знание: "З7" was read as 37, "З3 или Л3" as "33 или Л3")."""
    letter = ABILITY_LETTERS[ability]
    return f"{letter}\u202f{number}" if letter in DIGIT_LIKE else f"{letter}{number}"


DIGIT_LIKE = frozenset("ЗзОоlI")  # letters a reader may take for a digit right before one


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
    """``title`` and ``play`` are read in the current language; the ``_en`` fields are the data."""

    id: str
    title_en: str
    year: int
    play_en: tuple[str, ...]  # names after "Play:", in English (a space's name, "Forest" or "Corridor")
    cells: tuple[str, ...]  # the cells those names stand for
    test: Test
    vp: int
    reward: str  # effect name: "raise_ability", "draw_cards" or "take_special"
    reward_arg: str  # the ability raised, or the number of cards drawn
    setback: str  # effect name: "standard_setback" or "hospital_setback"

    @property
    def title(self) -> str:
        return _(self.title_en)

    @property
    def play(self) -> tuple[str, ...]:
        return tuple(_(name) for name in self.play_en)

    def reward_text(self) -> str:
        """The reward as the card prints it: "+1 K", "Draw 2", "Special"."""
        if self.reward == "raise_ability":
            return f"+1 {ABILITY_LETTERS[self.reward_arg]}"
        if self.reward == "draw_cards":
            return _("Draw {count}").format(count=self.reward_arg)
        return _("Special")


_ROWS = [
    ("Y1-01", N_("Sorting Ceremony"), "Great Hall|H1|4|+1 H|std"),
    ("Y1-02", N_("First Potions Lesson"), "Potions Classroom|K2|4|+1 K|std"),
    ("Y1-03", N_("Flying Lesson with Madam Hooch"), "Castle Lawn, Quidditch Pitch|S1|4|+1 S|std"),
    ("Y1-04", N_("Neville's Remembrall"), "Castle Lawn, Courtyard|S2|4|Special|std"),
    ("Y1-05", N_("Midnight Duel"), "Trophy Room|H2|4|+1 H|std"),
    ("Y1-06", N_("Fluffy the Three-Headed Dog"), "Third-Floor Corridor|S3 / H3|6|+1 H|std"),
    ("Y1-07", N_("Troll in the Dungeon"), "Moaning Myrtle's Bathroom, Dungeon Stairs|S3|6|+1 S|Hospital"),
    ("Y1-08", N_("Wingardium Leviosa"), "Charms Classroom|K1|4|+1 K|std"),
    ("Y1-09", N_("Match into Needle"), "Transfiguration Classroom|K2|4|+1 K|std"),
    ("Y1-10", N_("Gryffindor versus Slytherin"), "Quidditch Pitch|S2|5|+1 S|std"),
    ("Y1-11", N_("Jinxed Broomstick"), "Quidditch Pitch|S3 / K3|6|+1 S|Hospital"),
    ("Y1-12", N_("Mirror of Erised"), "Seventh-Floor Corridor, Trophy Room|H2|4|Draw 2|std"),
    ("Y1-13", N_("Who Is Nicolas Flamel?"), "Library|K3|5|+1 K|std"),
    ("Y1-14", N_("Night in the Restricted Section"), "Restricted Section|K2 / H2|4|Special|std"),
    ("Y1-15", N_("Norbert Hatches"), "Hagrid's Hut|H2|5|+1 H|std"),
    ("Y1-16", N_("Smuggling Norbert"), "Astronomy Tower|S2|5|+1 S|std"),
    ("Y1-17", N_("Detention in the Forest"), "Forest Edge, Centaur Glade|H2|5|+1 H|std"),
    ("Y1-18", N_("The Wounded Unicorn"), "Deep Forest, Centaur Glade|H3|6|+1 H|std"),
    ("Y1-19", N_("Firenze's Warning"), "Centaur Glade|K2|4|+1 K|std"),
    ("Y1-20", N_("Devil's Snare"), "Trapdoor Chamber, Greenhouses|K2|5|+1 K|std"),
    ("Y1-21", N_("Winged Keys"), "Trapdoor Chamber|S2|5|+1 S|std"),
    ("Y1-22", N_("Wizard's Chess"), "Trapdoor Chamber|K3 / S3|6|+1 K|std"),
    ("Y1-23", N_("Potion Logic Puzzle"), "Trapdoor Chamber, Potions Classroom|K3|6|Draw 2|std"),
    ("Y1-24", N_("Peeves the Poltergeist"), "Corridor|S1 / H1|4|Draw 1|std"),
    ("Y1-25", N_("Filch and Mrs Norris"), "Corridor|H2|4|Draw 1|std"),
    ("Y1-26", N_("Owl Post"), "Owlery, Great Hall|K1|4|Draw 2|std"),
    ("Y1-27", N_("Herbology with Professor Sprout"), "Greenhouses|K1|4|+1 K|std"),
    ("Y1-28", N_("Quirrell Unmasked"), "Trapdoor Chamber|H3 + K2|8|+1 H|std"),
    ("Y2-01", N_("Flying Car Crash"), "Whomping Willow|S3|6|+1 S|Hospital"),
    ("Y2-02", N_("Cornish Pixies"), "DADA Classroom|S3|6|+1 S|std"),
    ("Y2-03", N_("Repotting Mandrakes"), "Greenhouses|K3|6|+1 K|std"),
    ("Y2-04", N_("Slug-Vomiting Charm"), "Courtyard, Quidditch Pitch|H3|5|+1 H|std"),
    ("Y2-05", N_("Rogue Bludger"), "Quidditch Pitch|S4|7|+1 S|Hospital"),
    ("Y2-06", N_("Writing on the Wall"), "Third-Floor Corridor, Seventh-Floor Corridor|K3|6|+1 K|std"),
    ("Y2-07", N_("Brewing Polyjuice Potion"), "Moaning Myrtle's Bathroom|K4|7|Special|std"),
    ("Y2-08", N_("Duelling Club"), "Great Hall|S3 / H3|6|+1 S|std"),
    ("Y2-09", N_("The Parselmouth"), "Great Hall, Courtyard|H3|5|+1 H|std"),
    ("Y2-10", N_("Mrs Norris Petrified"), "Corridor|K2|4|Draw 2|std"),
    ("Y2-11", N_("Tom Riddle's Diary"), "Moaning Myrtle's Bathroom, Library|K3|6|Draw 2|std"),
    ("Y2-12", N_("Hermione Petrified"), "Hospital Wing, Library|K4|7|+1 K|std"),
    ("Y2-13", N_("Follow the Spiders"), "Forest Edge, Acromantula Hollow|H3|6|+1 H|std"),
    ("Y2-14", N_("Aragog's Lair"), "Acromantula Hollow|S4 / H4|8|+1 H|std"),
    ("Y2-15", N_("Lockhart's Backfiring Charm"), "Chamber of Secrets, Moaning Myrtle's Bathroom|K3|6|+1 K|std"),
    ("Y2-16", N_("The Basilisk"), "Chamber of Secrets|S4 + H4|11|+1 H|Hospital"),
    ("Y2-17", N_("Fawkes Answers"), "Headmaster's Office, Chamber of Secrets|H4|7|Special|std"),
    ("Y2-18", N_("Dobby the House-Elf"), "Kitchens, Headmaster's Office|H3|6|+1 H|std"),
    ("Y2-19", N_("A Howler at Breakfast"), "Great Hall|H2|4|Draw 2|std"),
    ("Y2-20", N_("Lucius Malfoy's Threats"), "Headmaster's Office, Entrance Hall|H4|7|+1 H|std"),
    ("Y3-01", N_("Dementors at the Gates"), "Castle Lawn, Covered Bridge|S4 / H4|7|+1 H|std"),
    ("Y3-02", N_("Buckbeak the Hippogriff"), "Pumpkin Patch, Hagrid's Hut|H4|8|+1 H|std"),
    ("Y3-03", N_("Riddikulus!"), "DADA Classroom|S3 / K3|6|+1 S|std"),
    ("Y3-04", N_("The Slashed Portrait"), "Fat Lady's Portrait|H3|6|+1 H|std"),
    ("Y3-05", N_("Tea Leaves with Trelawney"), "Divination Tower|K3|6|Draw 2|std"),
    ("Y3-06", N_("Dementors at the Match"), "Quidditch Pitch|S5|9|+1 S|Hospital"),
    ("Y3-07", N_("Patronus Lessons"), "DADA Classroom, Trophy Room|K4|7|Special|std"),
    ("Y3-08", N_("The Marauder's Map"), "Courtyard, Third-Floor Corridor|K3 / S3|6|Special|std"),
    ("Y3-09", N_("The Shrieking Shack"), "Shrieking Shack|H3|6|+1 H|std"),
    ("Y3-10", N_("Scabbers on the Run"), "Pumpkin Patch, Whomping Willow|S4|7|+1 S|std"),
    ("Y3-11", N_("The Whomping Willow Strikes"), "Whomping Willow|S4|7|+1 S|Hospital"),
    ("Y3-12", N_("Padfoot and Wormtail"), "Shrieking Shack|K4 + H4|10|+1 K|std"),
    ("Y3-13", N_("Moony under the Full Moon"), "Forest Edge, Whomping Willow|S5 / H5|9|+1 S|Hospital"),
    ("Y3-14", N_("Dementors at the Lake"), "Black Lake, Lakeshore|H5|10|+1 H|std"),
    ("Y3-15", N_("The Time-Turner"), "Hospital Wing, Clock Tower|K4|7|Special|std"),
    ("Y3-16", N_("Saving Buckbeak"), "Pumpkin Patch, Forest Edge|S4|8|+1 S|std"),
    ("Y3-17", N_("Crookshanks Hunts Scabbers"), "Great Hall, Library|K3|5|Draw 2|std"),
    ("Y3-18", N_("Snape's Werewolf Essay"), "DADA Classroom, Potions Classroom|K5|9|+1 K|std"),
    ("Y4-01", N_("The Goblet of Fire"), "Great Hall|H4|7|+1 H|std"),
    ("Y4-02", N_("The Unforgivable Curses"), "DADA Classroom|K4 / H4|7|+1 K|std"),
    ("Y4-03", N_("Blast-Ended Skrewts"), "Pumpkin Patch, Hagrid's Hut|S4|7|+1 S|std"),
    ("Y4-04", N_("Dragons in the Forest"), "Forest Edge, Deep Forest|K4|7|+1 K|std"),
    ("Y4-05", N_("First Task: The Horntail"), "Quidditch Pitch, Castle Lawn|S6|12|+1 S|Hospital"),
    ("Y4-06", N_("Accio Firebolt!"), "Castle Lawn, Covered Bridge|K5|9|Special|std"),
    ("Y4-07", N_("The Yule Ball"), "Great Hall, Entrance Hall|H5|9|+1 H|std"),
    ("Y4-08", N_("The Golden Egg's Song"), "Moaning Myrtle's Bathroom|K5|9|Draw 2|std"),
    ("Y4-09", N_("Gillyweed"), "Greenhouses, Potions Classroom|K4|7|Special|std"),
    ("Y4-10", N_("Second Task: The Black Lake"), "Black Lake|S5 + H4|12|+1 H|std"),
    ("Y4-11", N_("Grindylows"), "Black Lake, Lakeshore|S4|7|+1 S|std"),
    ("Y4-12", N_("Rita Skeeter's Scoop"), "Courtyard, Entrance Hall, Great Hall|H4|7|+1 H|std"),
    ("Y4-13", N_("Beauxbatons and Durmstrang Arrive"), "Boathouse, Lakeshore|H4|7|Draw 2|std"),
    ("Y4-14", N_("Winky in the Kitchens"), "Kitchens|H4|7|+1 H|std"),
    ("Y4-15", N_("Third Task: The Maze"), "Quidditch Pitch|S6 + K5|13|+1 S|std"),
    ("Y4-16", N_("Mr Crouch in the Forest"), "Forest Edge, Centaur Glade|K5 / H5|9|+1 K|std"),
    ("Y4-17", N_("The False Mad-Eye"), "DADA Classroom, Headmaster's Office|K6|11|+1 K|std"),
    ("Y5-01", N_("Detention with Umbridge"), "DADA Classroom|H6|11|+1 H|std"),
    ("Y5-02", N_("Educational Decree Number Twenty-Four"), "Entrance Hall, Great Hall|H5|9|+1 H|std"),
    ("Y5-03", N_("Founding Dumbledore's Army"), "Room of Requirement|S6 / K6|12|Special|std"),
    ("Y5-04", N_("Patronus Practice"), "Room of Requirement|K6 + S5|14|+1 S|std"),
    ("Y5-05", N_("Thestrals"), "Forest Edge, Deep Forest|K5|9|+1 K|std"),
    ("Y5-06", N_("Grawp"), "Deep Forest|H6|12|+1 H|std"),
    ("Y5-07", N_("The Centaurs' Anger"), "Centaur Glade|H7 / K7|14|+1 H|std"),
    ("Y5-08", N_("Occlumency Lessons"), "Potions Classroom|K6|11|+1 K|std"),
    ("Y5-09", N_("The Inquisitorial Squad"), "Corridor|S5|9|+1 S|std"),
    ("Y5-10", N_("Trelawney Dismissed"), "Entrance Hall, Divination Tower|H5|9|+1 H|std"),
    ("Y5-11", N_("Weasleys' Wildfire Whiz-bangs"), "Great Hall, Entrance Hall, Courtyard|S6|12|Draw 2|std"),
    ("Y5-12", N_("O.W.L. Examinations"), "Great Hall|K7|14|+1 K|std"),
    ("Y5-13", N_("Night of the Astronomy O.W.L."), "Astronomy Tower, Hagrid's Hut|H7|14|+1 H|std"),
    ("Y5-14", N_("Umbridge's Fireplace"), "Headmaster's Office|K6 + H6|16|+1 K|std"),
    ("Y5-15", N_("Marietta's Betrayal"), "Room of Requirement, Seventh-Floor Corridor|H6|11|+1 H|std"),
    ("Y5-16", N_("Weasley Is Our King"), "Quidditch Pitch|S7|14|+1 S|std"),
    ("Y5-17", N_("Dumbledore's Escape"), "Headmaster's Office|H8 + S6|20|Special|std"),
]


def _reward(text: str) -> tuple[str, str]:
    if text.startswith("+1 "):
        return "raise_ability", text[3:]
    if text.startswith("Draw "):
        return "draw_cards", text[5:]
    if text == "Special":
        return "take_special", ""
    raise ValueError(f"unknown reward {text!r}")


def _card(row: tuple[str, str, str]) -> Adventure:
    ident, title, rest = row
    play, test, vp, reward, setback = rest.split("|")
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
        cards = _PASSABLE[key] = _passed_by(*key)
    return cards


def _ability_tables() -> tuple[dict[tuple[str, int], frozenset[str]], dict[tuple[str, int], frozenset[str]]]:
    """For each ability and value: the "one"/"any" cards that value passes through that ability, and the "all"
    cards whose part in that ability (if any) it meets."""
    either: dict[tuple[str, int], frozenset[str]] = {}
    every: dict[tuple[str, int], frozenset[str]] = {}
    for ability in ABILITIES:
        for value in range(MAX_ABILITY + 1):
            either[ability, value] = frozenset(
                card.id
                for card in ADVENTURES.values()
                if card.test.mode != "all" and any(a == ability and value >= n for a, n in card.test.parts)
            )
            every[ability, value] = frozenset(
                card.id
                for card in ADVENTURES.values()
                if card.test.mode == "all" and all(a != ability or value >= n for a, n in card.test.parts)
            )
    return either, every


_EITHER, _EVERY = _ability_tables()


def _passed_by(k: int, s: int, h: int) -> frozenset[str]:
    """``passable_cards`` worked out from the tables: a "one"/"any" Test passes when one of its parts does, an
    "all" Test when each of them does (``tests/test_house_cup_challenge_speed.py`` checks it against the Tests)."""
    if max(k, s, h) > MAX_ABILITY or min(k, s, h) < 0:  # outside the tables: ask the Tests
        values = {"K": k, "S": s, "H": h}
        return frozenset(card.id for card in ADVENTURES.values() if card.test.passes(values))
    either = _EITHER["K", k] | _EITHER["S", s] | _EITHER["H", h]
    return either | (_EVERY["K", k] & _EVERY["S", s] & _EVERY["H", h])


def listing(items: Sequence[str]) -> str:
    """ "A, B and C" in the current language."""
    if len(items) < 2:
        return "".join(items)
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def vp(count: int) -> str:
    """ "5 VP" in the current language (Russian: "1 очко", "2 очка", "5 очков")."""
    return ngettext("{count} VP", "{count} VP", count).format(count=count)


def title(card: str) -> str:
    """A card's name in the current language (an Adventure or a Special Card; anything else as it is)."""
    if card in ADVENTURES:
        return ADVENTURES[card].title
    if card in SPECIALS:
        return SPECIALS[card].name
    return card
