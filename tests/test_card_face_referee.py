"""A referee for every card's face: what a player reads on each card of the four games, against the rulebooks.

For each game the printed facts of every card are written here, from the rulebooks (/work/shared/seeds) and their
completions (/work/shared/rules), apart from ``tabletop/games/*/cards.py``: names, counts, costs, VP, Tests,
damage and the other numbers a player needs. Each face is painted headless, at the sizes the tables draw it and
enlarged, and the text renderer is watched (``theme.Font.render``): every fact must be drawn, and every number drawn
must be one the card's facts justify (no stray or stale figure). The rules texts we wrote are held to the same
numbers. English throughout; French and Russian faces for a sample, numbers only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pygame
import pytest

from tabletop.i18n import set_language
from tabletop.ui import theme
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.theme import px
from tests.drawn_text import record_drawn

Paint = Callable[[], object]

# --- watching the text renderer ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def screen() -> Iterator[pygame.Surface]:
    """A 1280x720 window at the default interface scale and text size, whatever an earlier test in this process
    left (Large text left on by another file dropped a face's last line at 144 px: this module failed after it)."""
    pygame.init()
    kept = theme.Scale.interface, theme.Scale.text, theme.Scale.size
    theme.Scale.configure(100, False)
    theme.Scale.update((1280, 720))
    try:
        yield pygame.display.set_mode((1280, 720))
    finally:
        theme.Scale.configure(round(kept[0] * 100), kept[1] != 1.0)
        theme.Scale.update(kept[2])
        theme.reset_caches()
        sprite_cache.reset_all()
        pygame.quit()


@pytest.fixture
def drawn(screen, monkeypatch) -> Callable[[Paint], str]:
    """Paint something afresh (no cached face or text) and return every string the renderer drew, joined."""
    strings = record_drawn(monkeypatch)

    def paint(painting: Paint) -> str:
        theme.reset_caches()
        sprite_cache.reset_all()
        strings.clear()
        painting()
        return " ".join(" ".join(strings).split())

    return paint


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def zoom_size() -> int:
    from tabletop.ui.tables.card_zoom import zoom_width

    return zoom_width((1280, 720))


def assert_numbers(card: str, text: str, allowed: set[int], where: str) -> None:
    stray = numbers(text) - allowed
    assert not stray, f"{card} ({where}) draws {sorted(stray)}, which nothing on the card justifies: {text!r}"


WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "half": 2, "ten": 10}


def said(text: str) -> set[int]:
    """The numbers a text states, in figures or (English) in words."""
    return numbers(text) | {n for word, n in WORDS.items() if re.search(rf"\b{word}\b", text, re.I)}


def assert_has(card: str, text: str, wanted: set[int], where: str) -> None:
    missing = wanted - said(text)
    assert not missing, f"{card} ({where}) does not draw {sorted(missing)}: {text!r}"


# --- House Cup (seed 000 + house-cup-deck.md) -------------------------------------------------------------------

# kind: (name, copies, the numbers its rule must state, the numbers it may state)
HC_KINDS: dict[str, tuple[str, int, set[int], set[int]]] = {
    "trouble": ("Trouble", 8, {5}, {5}),
    "letter": ("You've Got a Letter!", 4, set(), {1}),
    "divination": ("Divination", 2, set(), {1}),
    "cauldron": ("Magic Cauldron", 1, set(), {1}),
    "hagrid": ("Hagrid's Farm", 1, {3}, {3}),
    "potions": ("Potions", 13, {2, 3, 4, 20, 40}, {1, 2, 3, 4, 5, 6, 7, 20, 40}),
    "herbology": ("Herbology", 4, {20, 30, 40}, {1, 2, 3, 4, 20, 30, 40}),
    "creatures": ("Magical Creatures", 4, {4, 9, 15, 25, 50}, {1, 2, 3, 4, 5, 9, 15, 25, 50}),
    "charms": ("Charms", 3, {3, 5, 8}, {1, 2, 3, 4, 5, 8}),
    "castle": ("Exploring the Castle", 6, {60}, {3, 60}),
    "quidditch": ("Quidditch", 4, {30}, {30}),
    "forward": ("House Forward!", 3, {15}, {15}),
    "uniform": ("School Uniform", 4, {10}, {10}),
    "elf": ("House-Elf", 1, {5}, {5}),
    "history": ("History of Magic", 2, {1}, {1}),
    "help_owlery": ("Help in the Owlery", 1, {3}, {3}),
    "help_firstyears": ("Help the First-Years", 1, {3}, {3}),
    "help_hagrid": ("Help Hagrid", 1, {3}, {3}),
    "help_uniforms": ("Help with the Uniforms", 1, {3}, {3}),
    "help_nargles": ("Help Hunting Nargles", 1, set(), {4}),
    "help_search": ("Help Searching for Points", 1, {5, 1}, {1, 5}),
    "flywheel": ("Flywheel of Time", 1, set(), {1}),
    "earphones": ("Earphones", 1, set(), set()),
}
HC_CATEGORY = {
    **dict.fromkeys(("trouble", "letter", "divination", "cauldron", "hagrid"), "IMMEDIATELY"),
    **dict.fromkeys(("potions", "herbology", "creatures", "charms", "castle"), "Set"),
    **dict.fromkeys(("quidditch", "forward", "uniform", "elf", "history", "flywheel", "earphones"), "Single card"),
    **dict.fromkeys(("help_owlery", "help_firstyears", "help_hagrid", "help_uniforms", "help_nargles"), "Help"),
    "help_search": "Help",
}
# The printed names that differ copy by copy (the supplement's "Every copy"), and the day and symbol of each copy
# (Mon..Fri = 0..4; the symbol "all" is the four of them).
HC_TITLES = {
    "trouble-1": "A Pixie Infestation!",
    "castle-1": "The Moving Staircases",
    "castle-4": "The Moving Staircases",
    "castle-2": "The Third-Floor Corridor",
    "castle-5": "The Third-Floor Corridor",
    "castle-3": "The Room of Requirement",
    "castle-6": "The Room of Requirement",
    "forward-1": "Gryffindor, Forward!",
    "forward-2": "Slytherin, Forward!",
    "forward-3": "Ravenclaw, Forward!",
    "uniform-1": "School Uniform (Gryffindor)",
    "uniform-2": "School Uniform (Hufflepuff)",
    "uniform-3": "School Uniform (Ravenclaw)",
    "uniform-4": "School Uniform (Slytherin)",
}
HC_COPIES_OF_TITLE = {"trouble-1": 1, "castle": 2, "forward": 1, "uniform": 1}
HC_DAYS = (
    "trouble 01234012 letter 3401 divination 23 cauldron 4 hagrid 0 potions 1234012340123 herbology 4012 "
    "creatures 3401 charms 234 castle 012340 quidditch 1234 forward 012 uniform 3401 elf 2 history 34 "
    "help_owlery 0 help_firstyears 1 help_hagrid 2 help_uniforms 3 help_nargles 4 help_search 0 flywheel 1 "
    "earphones 2"
)
HC_SYMBOL = {
    "letter": "letter", "hagrid": "animal", "creatures": "animal", "quidditch": "clothing", "uniform": "clothing",
    "elf": "help", "help_owlery": "help", "help_firstyears": "help", "help_hagrid": "help", "help_uniforms": "help",
    "help_nargles": "all", "help_search": "help", "earphones": "clothing",
}  # fmt: skip


def hc_copies() -> list[tuple[str, str, int]]:
    """Every copy of the 68: (copy id, kind, day)."""
    words = HC_DAYS.split()
    copies = []
    for kind, days in zip(words[::2], words[1::2], strict=True):
        assert len(days) == HC_KINDS[kind][1], kind
        copies += [(f"{kind}-{n}", kind, int(day)) for n, day in enumerate(days, 1)]
    return copies


def hc_title_copies(card: str, kind: str) -> int:
    """How many cards like this one a 4-player game plays with (what its face counts): those of its very title
    where it has one of its own (the Pixies' Trouble, a castle room, a house's Forward or Uniform), else its
    kind's (a plain Trouble: all 8 Troubles, the Pixies' among them, as the rulebook counts them; not 7)."""
    if card in HC_COPIES_OF_TITLE:
        return HC_COPIES_OF_TITLE[card]
    return HC_COPIES_OF_TITLE.get(kind, HC_KINDS[kind][1])


def test_house_cup_deck_is_the_rulebooks():
    from tabletop.games.house_cup.cards import CARDS

    copies = hc_copies()
    assert len(copies) == 68
    assert sorted(CARDS) == sorted(card for card, _, _ in copies)
    by_day = [sum(1 for _, _, day in copies if day == d) for d in range(5)]
    assert by_day == [14, 14, 14, 13, 13]
    for card, kind, day in copies:
        info = CARDS[card]
        assert (info.kind, info.day) == (kind, day), card
        symbol = HC_SYMBOL.get(kind, "")
        expected = {"clothing", "letter", "help", "animal"} if symbol == "all" else {symbol} - {""}
        assert set(info.symbols) == expected, card


@pytest.mark.parametrize("kind", list(HC_KINDS))
def test_house_cup_rules_texts_state_the_rulebooks_numbers(kind):
    from tabletop.games.house_cup.cards import KINDS
    from tabletop.ui.tables.house_cup.cards import BRIEF

    name, _, wanted, allowed = HC_KINDS[kind]
    assert KINDS[kind].name == name
    rule = KINDS[kind].rule
    assert wanted <= said(rule), (kind, rule)
    assert numbers(rule) <= allowed, (kind, rule)
    assert numbers(BRIEF[kind]) <= allowed, (kind, BRIEF[kind])


def test_every_house_cup_face_shows_its_facts_and_no_other_number(drawn, monkeypatch):
    from tabletop.games.house_cup.cards import KINDS
    from tabletop.ui.tables.house_cup import cards as faces

    art: list[str] = []
    scaled = faces.scaled
    monkeypatch.setattr(faces, "scaled", lambda name, size: art.append(name) or scaled(name, size))
    checked = 0
    for card, kind, day in hc_copies():
        name, _, wanted, allowed = HC_KINDS[kind]
        title = HC_TITLES.get(card, name)
        count = hc_title_copies(card, kind)
        pixie = card == "trouble-1"
        need = set() if pixie else wanted
        for width in (62, 70, 99, 132, 150, 200, zoom_size()):  # (the tables draw 62 to 152 px)
            art.clear()
            text = drawn(lambda card=card, width=width: faces.card_face(card, width))
            assert title in text, (card, width, text)
            assert HC_CATEGORY[kind] in text, (card, width, text)
            assert f"days/{('mon', 'tue', 'wed', 'thu', 'fri')[day]}" in art, (card, width, art)
            symbol = HC_SYMBOL.get(kind, "")
            shown = {name.removeprefix("symbols/") for name in art if name.startswith("symbols/")}
            assert shown == ({"clothing", "letter", "help", "animal"} if symbol == "all" else {symbol} - {""}), card
            assert_has(card, text, need, f"{width} px")
            if width >= faces.FULL_TEXT:
                assert f"{count} in the game" in text, (card, width, text)
                rule = faces._after_label(KINDS[kind].rule, KINDS[kind].category)
                assert " ".join(rule.split()) in text, (card, width, "the rule is cut", text)
            assert_numbers(card, text, allowed | {count}, f"{width} px")
            checked += 1
    assert checked == 68 * 7


def test_a_house_cup_face_counts_the_cards_a_small_game_plays_with(drawn):
    """2-3 players leave 7 Potions and one of each castle card in the box (the rulebook's recommendation), unless
    they keep the full deck."""
    from tabletop.games.house_cup.cards import set_aside
    from tabletop.ui.tables.house_cup import cards as faces

    for card, count in (("potions-1", 6), ("castle-1", 1), ("castle-2", 1), ("castle-3", 1), ("trouble-2", 8)):
        whole = hc_title_copies(card, card.rsplit("-", 1)[0])
        for box, expected in ((set_aside(3), count), (set_aside(2), count), (set_aside(4), whole), ((), whole)):
            text = drawn(lambda card=card, box=box: faces.card_face(card, zoom_size(), box))
            assert f"{expected} in the game" in text, (card, box, text)


# --- House Cup Challenge (seed 002 + house-cup-challenge.md 1.4-1.6) ---------------------------------------------

HCC_ADVENTURES = """
Y1-01|Sorting Ceremony|Great Hall|H1|4|+1 H|std
Y1-02|First Potions Lesson|Potions Classroom|K2|4|+1 K|std
Y1-03|Flying Lesson with Madam Hooch|Castle Lawn, Quidditch Pitch|S1|4|+1 S|std
Y1-04|Neville's Remembrall|Castle Lawn, Courtyard|S2|4|Special|std
Y1-05|Midnight Duel|Trophy Room|H2|4|+1 H|std
Y1-06|Fluffy the Three-Headed Dog|Third-Floor Corridor|S3 / H3|6|+1 H|std
Y1-07|Troll in the Dungeon|Moaning Myrtle's Bathroom, Dungeon Stairs|S3|6|+1 S|Hospital
Y1-08|Wingardium Leviosa|Charms Classroom|K1|4|+1 K|std
Y1-09|Match into Needle|Transfiguration Classroom|K2|4|+1 K|std
Y1-10|Gryffindor versus Slytherin|Quidditch Pitch|S2|5|+1 S|std
Y1-11|Jinxed Broomstick|Quidditch Pitch|S3 / K3|6|+1 S|Hospital
Y1-12|Mirror of Erised|Seventh-Floor Corridor, Trophy Room|H2|4|Draw 2|std
Y1-13|Who Is Nicolas Flamel?|Library|K3|5|+1 K|std
Y1-14|Night in the Restricted Section|Restricted Section|K2 / H2|4|Special|std
Y1-15|Norbert Hatches|Hagrid's Hut|H2|5|+1 H|std
Y1-16|Smuggling Norbert|Astronomy Tower|S2|5|+1 S|std
Y1-17|Detention in the Forest|Forest Edge, Centaur Glade|H2|5|+1 H|std
Y1-18|The Wounded Unicorn|Deep Forest, Centaur Glade|H3|6|+1 H|std
Y1-19|Firenze's Warning|Centaur Glade|K2|4|+1 K|std
Y1-20|Devil's Snare|Trapdoor Chamber, Greenhouses|K2|5|+1 K|std
Y1-21|Winged Keys|Trapdoor Chamber|S2|5|+1 S|std
Y1-22|Wizard's Chess|Trapdoor Chamber|K3 / S3|6|+1 K|std
Y1-23|Potion Logic Puzzle|Trapdoor Chamber, Potions Classroom|K3|6|Draw 2|std
Y1-24|Peeves the Poltergeist|Corridor|S1 / H1|4|Draw 1|std
Y1-25|Filch and Mrs Norris|Corridor|H2|4|Draw 1|std
Y1-26|Owl Post|Owlery, Great Hall|K1|4|Draw 2|std
Y1-27|Herbology with Professor Sprout|Greenhouses|K1|4|+1 K|std
Y1-28|Quirrell Unmasked|Trapdoor Chamber|H3 + K2|8|+1 H|std
Y2-01|Flying Car Crash|Whomping Willow|S3|6|+1 S|Hospital
Y2-02|Cornish Pixies|DADA Classroom|S3|6|+1 S|std
Y2-03|Repotting Mandrakes|Greenhouses|K3|6|+1 K|std
Y2-04|Slug-Vomiting Charm|Courtyard, Quidditch Pitch|H3|5|+1 H|std
Y2-05|Rogue Bludger|Quidditch Pitch|S4|7|+1 S|Hospital
Y2-06|Writing on the Wall|Third-Floor Corridor, Seventh-Floor Corridor|K3|6|+1 K|std
Y2-07|Brewing Polyjuice Potion|Moaning Myrtle's Bathroom|K4|7|Special|std
Y2-08|Duelling Club|Great Hall|S3 / H3|6|+1 S|std
Y2-09|The Parselmouth|Great Hall, Courtyard|H3|5|+1 H|std
Y2-10|Mrs Norris Petrified|Corridor|K2|4|Draw 2|std
Y2-11|Tom Riddle's Diary|Moaning Myrtle's Bathroom, Library|K3|6|Draw 2|std
Y2-12|Hermione Petrified|Hospital Wing, Library|K4|7|+1 K|std
Y2-13|Follow the Spiders|Forest Edge, Acromantula Hollow|H3|6|+1 H|std
Y2-14|Aragog's Lair|Acromantula Hollow|S4 / H4|8|+1 H|std
Y2-15|Lockhart's Backfiring Charm|Chamber of Secrets, Moaning Myrtle's Bathroom|K3|6|+1 K|std
Y2-16|The Basilisk|Chamber of Secrets|S4 + H4|11|+1 H|Hospital
Y2-17|Fawkes Answers|Headmaster's Office, Chamber of Secrets|H4|7|Special|std
Y2-18|Dobby the House-Elf|Kitchens, Headmaster's Office|H3|6|+1 H|std
Y2-19|A Howler at Breakfast|Great Hall|H2|4|Draw 2|std
Y2-20|Lucius Malfoy's Threats|Headmaster's Office, Entrance Hall|H4|7|+1 H|std
Y3-01|Dementors at the Gates|Castle Lawn, Covered Bridge|S4 / H4|7|+1 H|std
Y3-02|Buckbeak the Hippogriff|Pumpkin Patch, Hagrid's Hut|H4|8|+1 H|std
Y3-03|Riddikulus!|DADA Classroom|S3 / K3|6|+1 S|std
Y3-04|The Slashed Portrait|Fat Lady's Portrait|H3|6|+1 H|std
Y3-05|Tea Leaves with Trelawney|Divination Tower|K3|6|Draw 2|std
Y3-06|Dementors at the Match|Quidditch Pitch|S5|9|+1 S|Hospital
Y3-07|Patronus Lessons|DADA Classroom, Trophy Room|K4|7|Special|std
Y3-08|The Marauder's Map|Courtyard, Third-Floor Corridor|K3 / S3|6|Special|std
Y3-09|The Shrieking Shack|Shrieking Shack|H3|6|+1 H|std
Y3-10|Scabbers on the Run|Pumpkin Patch, Whomping Willow|S4|7|+1 S|std
Y3-11|The Whomping Willow Strikes|Whomping Willow|S4|7|+1 S|Hospital
Y3-12|Padfoot and Wormtail|Shrieking Shack|K4 + H4|10|+1 K|std
Y3-13|Moony under the Full Moon|Forest Edge, Whomping Willow|S5 / H5|9|+1 S|Hospital
Y3-14|Dementors at the Lake|Black Lake, Lakeshore|H5|10|+1 H|std
Y3-15|The Time-Turner|Hospital Wing, Clock Tower|K4|7|Special|std
Y3-16|Saving Buckbeak|Pumpkin Patch, Forest Edge|S4|8|+1 S|std
Y3-17|Crookshanks Hunts Scabbers|Great Hall, Library|K3|5|Draw 2|std
Y3-18|Snape's Werewolf Essay|DADA Classroom, Potions Classroom|K5|9|+1 K|std
Y4-01|The Goblet of Fire|Great Hall|H4|7|+1 H|std
Y4-02|The Unforgivable Curses|DADA Classroom|K4 / H4|7|+1 K|std
Y4-03|Blast-Ended Skrewts|Pumpkin Patch, Hagrid's Hut|S4|7|+1 S|std
Y4-04|Dragons in the Forest|Forest Edge, Deep Forest|K4|7|+1 K|std
Y4-05|First Task: The Horntail|Quidditch Pitch, Castle Lawn|S6|12|+1 S|Hospital
Y4-06|Accio Firebolt!|Castle Lawn, Covered Bridge|K5|9|Special|std
Y4-07|The Yule Ball|Great Hall, Entrance Hall|H5|9|+1 H|std
Y4-08|The Golden Egg's Song|Moaning Myrtle's Bathroom|K5|9|Draw 2|std
Y4-09|Gillyweed|Greenhouses, Potions Classroom|K4|7|Special|std
Y4-10|Second Task: The Black Lake|Black Lake|S5 + H4|12|+1 H|std
Y4-11|Grindylows|Black Lake, Lakeshore|S4|7|+1 S|std
Y4-12|Rita Skeeter's Scoop|Courtyard, Entrance Hall, Great Hall|H4|7|+1 H|std
Y4-13|Beauxbatons and Durmstrang Arrive|Boathouse, Lakeshore|H4|7|Draw 2|std
Y4-14|Winky in the Kitchens|Kitchens|H4|7|+1 H|std
Y4-15|Third Task: The Maze|Quidditch Pitch|S6 + K5|13|+1 S|std
Y4-16|Mr Crouch in the Forest|Forest Edge, Centaur Glade|K5 / H5|9|+1 K|std
Y4-17|The False Mad-Eye|DADA Classroom, Headmaster's Office|K6|11|+1 K|std
Y5-01|Detention with Umbridge|DADA Classroom|H6|11|+1 H|std
Y5-02|Educational Decree Number Twenty-Four|Entrance Hall, Great Hall|H5|9|+1 H|std
Y5-03|Founding Dumbledore's Army|Room of Requirement|S6 / K6|12|Special|std
Y5-04|Patronus Practice|Room of Requirement|K6 + S5|14|+1 S|std
Y5-05|Thestrals|Forest Edge, Deep Forest|K5|9|+1 K|std
Y5-06|Grawp|Deep Forest|H6|12|+1 H|std
Y5-07|The Centaurs' Anger|Centaur Glade|H7 / K7|14|+1 H|std
Y5-08|Occlumency Lessons|Potions Classroom|K6|11|+1 K|std
Y5-09|The Inquisitorial Squad|Corridor|S5|9|+1 S|std
Y5-10|Trelawney Dismissed|Entrance Hall, Divination Tower|H5|9|+1 H|std
Y5-11|Weasleys' Wildfire Whiz-bangs|Great Hall, Entrance Hall, Courtyard|S6|12|Draw 2|std
Y5-12|O.W.L. Examinations|Great Hall|K7|14|+1 K|std
Y5-13|Night of the Astronomy O.W.L.|Astronomy Tower, Hagrid's Hut|H7|14|+1 H|std
Y5-14|Umbridge's Fireplace|Headmaster's Office|K6 + H6|16|+1 K|std
Y5-15|Marietta's Betrayal|Room of Requirement, Seventh-Floor Corridor|H6|11|+1 H|std
Y5-16|Weasley Is Our King|Quidditch Pitch|S7|14|+1 S|std
Y5-17|Dumbledore's Escape|Headmaster's Office|H8 + S6|20|Special|std
"""
ABILITY = {"K": "Knowledge", "S": "Skill", "H": "Honor"}


def hcc_rows() -> list[list[str]]:
    return [line.split("|") for line in HCC_ADVENTURES.strip().splitlines()]


def hcc_test_parts(test: str) -> list[tuple[str, int]]:
    return [(part.strip()[0], int(part.strip()[1:])) for part in re.split(r"[/+]", test)]


def test_house_cup_challenge_has_the_hundred_adventures():
    from tabletop.games.house_cup_challenge.cards import ADVENTURES

    rows = hcc_rows()
    assert [sum(1 for row in rows if row[0][1] == str(y)) for y in range(1, 6)] == [28, 20, 18, 17, 17]
    assert sorted(ADVENTURES) == sorted(row[0] for row in rows)
    totals = [sum(int(row[4]) for row in rows if row[0][1] == str(y)) for y in range(1, 6)]
    assert totals == [135, 126, 133, 147, 211]  # the supplement's "Total VP" per Year (752 in all)


def hcc_allowed(row: list[str]) -> set[int]:
    card, _, _, test, vp, reward, _ = row
    return {int(card[1]), int(vp)} | {n for _, n in hcc_test_parts(test)} | numbers(reward)


def test_every_house_cup_challenge_adventure_face_shows_its_facts(drawn):
    from tabletop.games.house_cup_challenge.board import cells_named
    from tabletop.ui.tables.house_cup_challenge import faces

    checked = 0
    for row in hcc_rows():
        card, title, play, test, vp, reward, setback = row
        year, parts = int(card[1]), hcc_test_parts(test)
        spaces = [name.strip() for name in play.split(",")]
        cells = {cell for name in spaces for cell in cells_named(name)}
        join = " and " if "+" in test else " or " if "/" in test else ""
        allowed = hcc_allowed(row)
        for width in (92, 106, 140, zoom_size()):  # (hands: 92 to 106 px)
            text = drawn(lambda card=card, width=width: faces.card_face(card, width))
            where = f"{width} px"
            assert f"Year {year}" in text and f"{vp} VP" in text, (card, where, text)
            assert title in text, (card, where, text)
            key = join.join(f"{a}{n}" for a, n in parts)  # the Test key: "S3 or H3"
            assert key in text, (card, where, text)
            if reward.startswith("+1"):
                assert reward in text or f"+1 {ABILITY[reward[-1]]}" in text, (card, where, text)
            elif reward.startswith("Draw"):
                assert reward in text, (card, where, text)
            else:
                assert "Special" in text, (card, where, text)
            if width >= 130:
                for name in spaces:
                    assert name in text, (card, where, name, text)
            else:
                for cell in cells:
                    assert cell in text, (card, where, cell, text)
            if width >= 180:
                words = (" and " if "+" in test else " or ").join(f"{ABILITY[a]} {n}" for a, n in parts)
                assert f"Test: {words}" in text, (card, where, text)
                assert ("Hospital Wing" in text.split("Play:")[0]) == (setback == "Hospital"), (card, text)
            codes = {n for cell in cells for n in numbers(cell)} if width < 130 else set()
            assert_numbers(card, text, allowed | codes, where)
            checked += 1
        for size in (37, 44, 50):  # as it lies on the board
            text = drawn(lambda card=card, size=size: faces.board_card(card, size))
            assert " ".join(f"{a}{n}" for a, n in parts) in text.replace(" or ", " ").replace(" and ", " "), card
            assert str(vp) in numbers(text).__repr__() and int(vp) in numbers(text), (card, size, text)
            assert_numbers(card, text, allowed, f"board tile {size} px")
    assert checked == 400


# Special Cards (1.5): name, the numbers its effect states, and whether it is an action or free.
HCC_SPECIALS: dict[str, tuple[str, str, set[int], set[int]]] = {
    "cloak": ("Invisibility Cloak", "free", set(), set()),
    "map": ("Marauder's Map", "action", {5}, {5}),
    "nimbus": ("Nimbus Two Thousand", "action", {5}, {5}),
    "firebolt": ("Firebolt", "action", set(), {1, 2}),
    "floo": ("Floo Powder", "action", set(), set()),
    "timeturner": ("Time-Turner", "action", set(), {1, 2, 3}),
    "remembrall": ("Remembrall", "free", {2}, {2}),
    "sword": ("Sword of Gryffindor", "free", {3}, {3}),
    "felix": ("Felix Felicis", "free", {2}, {2}),
    "patronus": ("Expecto Patronum", "free", {3}, {3}),
    "leviosa": ("Wingardium Leviosa", "free", {1}, {1}),
    "expelliarmus": ("Expelliarmus", "free", set(), set()),
    "fawkes": ("Fawkes the Phoenix", "free", {2}, {2}),
    "polyjuice": ("Polyjuice Potion", "action", set(), set()),
    "accio": ("Accio!", "action", {3}, {3}),
    "hedwig": ("Hedwig", "action", {3}, {3}),
}
# Characters (1.4): K, S, H at the start, and the numbers of the ability.
HCC_CHARACTERS = {
    "harry": ("Harry Potter", (1, 2, 2), set()),
    "hermione": ("Hermione Granger", (3, 1, 1), {2, 3}),
    "ron": ("Ron Weasley", (1, 3, 1), {1, 2}),
    "neville": ("Neville Longbottom", (2, 1, 2), {1, 2, 3}),
}


def test_every_special_card_and_character_face_shows_its_facts(drawn):
    from tabletop.ui.tables.house_cup_challenge import faces

    width = zoom_size()
    for card, (name, timing, wanted, allowed) in HCC_SPECIALS.items():
        text = drawn(lambda card=card: faces.zoom_face(card, width))
        assert name in text and "Special Card" in text, (card, text)
        assert ("as your action" in text) == (timing == "action"), (card, text)
        assert_has(card, text, wanted, "zoom")
        assert_numbers(card, text, allowed, "zoom")
    for character, (name, start, allowed) in HCC_CHARACTERS.items():
        text = drawn(lambda character=character: faces.zoom_face(f"character:{character}", width))
        assert name in text, (character, text)
        said = ", ".join(f"{ABILITY[a]} {n}" for a, n in zip("KSH", start, strict=True))
        assert f"Starts with {said}" in text, (character, text)
        assert_numbers(character, text, set(start) | allowed, "zoom")


# --- Stupéfix (seed 001 + stupefix.md) ---------------------------------------------------------------------------

FAVEUR_TABLE = (10, 30, 60, 120, 200, 300, 400, 600, 800, 1000)  # the rulebook's "Etape 3. Faveur"
# card: (English name, French rulebook name, the number its face prints, the numbers its help must state, may state)
STUPEFIX_CARDS: dict[str, tuple[str, str, str, set[int], set[int]]] = {
    "points10": ("10 Points", "Points 10", "10", {10}, {10}),
    "points20": ("20 Points", "Points 20", "20", {20}, {20}),
    "points40": ("40 Points", "Points 40", "40", {40}, {40}),
    "potion": ("Successful Potion", "Potion Réussie", "", {100}, {100}),
    "faveur": ("Favour", "Faveur", "", set(FAVEUR_TABLE), {1, *FAVEUR_TABLE}),
    "cours": ("Private Lessons", "Cours Particuliers", "", set(), {1}),
    "retourneur": ("Time-Turner", "Retourneur de Temps", "", set(), {1}),
    "chouchou": ("Become Teacher's Pet", "Devenir le Chouchou", "", set(), {1, 9}),
    "maitre": ("Potions Master", "Maître des Potions", "+100", {100}, {100}),
    "retardataire": ("Latecomer", "Retardataire", "-100", {100}, {100}),
}
STUPEFIX_SPELLS = {"stupefix": ("Stupefy", "Stupéfix"), "rate": ("Misfire", "Sort raté"), "protego": ("Protego", "")}


def test_every_stupefix_card_face_shows_its_name_and_value(drawn):
    from tabletop.ui.tables.stupefix import faces

    for card, (name, french, value, wanted, allowed) in STUPEFIX_CARDS.items():
        allowed = allowed | set(FAVEUR_TABLE) if card == "faveur" else allowed
        for width in (46, 83, 94):  # (the tables draw 83 to 94 px)
            text = drawn(lambda card=card, width=width: faces.reward_face(card, width))
            assert (name if not value or not card.startswith("points") else "Points") in text, (card, width, text)
            if value:
                assert value in text.split(), (card, width, text)
            assert_numbers(card, text, numbers(value), f"{width} px")
        text = drawn(lambda card=card: faces.help_card(card, px(320)))
        assert name in text, (card, text)
        assert f"French rulebook: {french}" in text or sorted(french.split()) == sorted(name.split()), (card, text)
        assert_has(card, text, wanted, "enlarged")
        assert_numbers(card, text, allowed | (set(range(1, 11)) if card == "faveur" else set()), "enlarged")
    for spell, (name, french) in STUPEFIX_SPELLS.items():
        for width in (46, 52):
            text = drawn(lambda spell=spell, width=width: faces.spell_face(spell, width))
            assert name in text and not numbers(text), (spell, width, text)
        text = drawn(lambda spell=spell: faces.help_card(spell, px(320)))
        assert name in text and (not french or f"French rulebook: {french}" in text), (spell, text)
        assert not numbers(text), (spell, text)


def test_stupefix_rules_texts_state_the_rulebooks_numbers():
    from tabletop.games.stupefix.cards import FAVEUR_BONUS, LATECOMER, POTIONS_MASTER, REWARDS
    from tabletop.games.stupefix.terms import meaning

    assert FAVEUR_BONUS[1:] == FAVEUR_TABLE and (POTIONS_MASTER, LATECOMER) == (100, -100)
    counts = {"points10": 15, "points20": 15, "points40": 10, "potion": 9, "faveur": 10, "cours": 3, "retourneur": 2}
    for card, reward in REWARDS.items():
        assert reward.copies == counts.get(card, 0), card
        _, _, value, wanted, allowed = STUPEFIX_CARDS[card]
        if card.startswith("points"):
            assert reward.points == int(value), card
        for text in (reward.text, meaning(card)):
            assert_has(card, text, wanted, "rules text")
            assert_numbers(card, text, allowed | (set(range(1, 11)) if card == "faveur" else set()), "rules text")
    for card in ("maitre", "retardataire"):
        assert_has(card, meaning(card), {100}, "rules text")
        assert_numbers(card, meaning(card), {100}, "rules text")


# --- That's Wizard! (seed 003 + thats-wizard-cards.md sections 2-4) ---------------------------------------------

# fmt: off
# card: (name, school, level, dials, target word, When, Lasts, numbers the rule must state, numbers it may state).
# Lasts is the spec's column ("" for a quick card); the When is its first part.
TW_CARDS: dict[str, tuple[str, str, int, tuple[int, ...], str, str, str, set[int], set[int]]] = {
    "focus": ("Focus", "", 0, (0,), "yourself", "End of round", "", {10}, {10}),
    "counterspell": ("Counterspell", "", 0, (0,), "a spell", "This round", "", {1}, {1}),
    "stun": ("Stun", "Charms", 1, (1, 2, 3), "opponent", "This round", "", {2}, {0, 2}),
    "silence": ("Silence", "Charms", 2, (2, 3, 4), "opponent", "Starting next round", "P", {2}, {2}),
    "levitate": ("Levitate", "Charms", 3, (4,), "opponent", "This round", "1", {4}, {4}),
    "erase_memory": ("Erase Memory", "Charms", 4, (7, 8, 9), "opponent", "This round", "P−6", {2}, {2}),
    "energize": ("Energize", "Charms", 1, (1, 2, 3), "ally", "This round", "", {2}, {2, 10}),
    "paralyze": ("Paralyze", "Curses", 1, (3,), "opponent", "Starting next round", "1", set(), set()),
    "explosion": ("Explosion", "Curses", 2, (3, 4, 5), "opponent", "This round", "", {1}, {1}),
    "embrace_pain": ("Embrace Pain", "Curses", 3, (3, 4, 5), "yourself", "Starting next round", "P−1", set(), {10}),
    "death": ("Death", "Curses", 4, (10,), "opponent", "This round", "", {11}, {11}),
    "conflagration": ("Conflagration", "Curses", 4, (7, 8, 9), "both opponents", "This round", "", {3}, {3, 4, 5, 6}),
    "regenerate": ("Regenerate", "Transfiguration", 1, (4,), "yourself", "This round", "1", {2}, {2, 20}),
    "brittlebones": ("Brittlebones", "Transfiguration", 2, (2, 3, 4), "opponent", "Starting next round", "P", {2}, {2}),
    "polymorph": ("Polymorph", "Transfiguration", 3, (6,), "opponent", "This round", "", {8}, {8}),
    "shrink": ("Shrink", "Transfiguration", 4, (9,), "opponent", "This round", "", set(), {2}),
    "molten_floor": ("Molten Floor", "Transfiguration", 3, (4, 5, 6), "both opponents", "Starting next round", "P−3",
                     {2}, {2}),
    "reflect": ("Reflect", "Defense", 1, (2,), "yourself", "This round", "", set(), set()),
    "disarm": ("Disarm", "Defense", 2, (2,), "opponent", "This round", "", {5}, {5}),
    "dispel": ("Dispel", "Defense", 3, (3, 4, 5), "opponent", "This round", "", {1}, {1, 2, 3, 4}),
    "invisibility": ("Invisibility", "Defense", 4, (5, 6, 7), "yourself", "Starting next round", "P−3", set(), set()),
    "transference": ("Transference", "Defense", 1, (1, 2, 3), "ally", "This round", "", {3}, {1, 3, 20}),
    "share_pain": ("Share Pain", "Hexes", 1, (1, 2, 3), "opponent", "This round", "", {1}, {1}),
    "fear": ("Fear", "Hexes", 2, (2, 3, 4), "opponent", "Starting next round", "P", {2}, {2}),
    "chaos": ("Chaos", "Hexes", 3, (4, 5, 6), "opponent", "This round", "", {1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}),
    "mind_control": ("Mind Control", "Hexes", 4, (8, 9, 10), "opponent", "This round", "", {8}, {0, 1, 2, 8}),
    "imprison": ("Imprison", "Hexes", 2, (3, 4, 5), "both opponents", "Starting next round", "P−2", set(), {10}),
    "portents": ("Portents", "Divination", 1, (2, 3, 4), "yourself", "Starting next round", "P", {1, 2, 3, 4, 5, 6},
                 {1, 2, 3, 4, 5, 6}),
    "scry": ("Scry", "Divination", 2, (2, 3, 4), "yourself", "This round", "", set(), {1}),
    "arithmancy": ("Arithmancy", "Divination", 3, (3, 4, 5), "opponent", "This round", "", {2}, {0, 2}),
    "grim_omen": ("Grim Omen", "Divination", 4, (7,), "opponent", "This round", "", set(), set()),
    "nevermore": ("Nevermore", "Divination", 4, (4, 5, 6), "ally", "This round", "", {2, 10}, {2, 10, 20}),
    "shock": ("Shock", "Jinxes", 1, (1, 2, 3), "opponent", "This round", "", {1}, {1, 2, 4}),
    "tongue_tie": ("Tongue Tie", "Jinxes", 2, (2, 3, 4), "opponent", "Starting next round", "P−1", {2}, {2, 10}),
    "ignite": ("Ignite", "Jinxes", 3, (3,), "opponent", "End of next round", "1", {6}, {6}),
    "confusion": ("Confusion", "Jinxes", 4, (5, 6, 7), "opponent", "Starting next round", "P−3", set(), set()),
    "miasma": ("Miasma", "Jinxes", 1, (1, 2, 3), "both opponents", "Starting next round", "P", {1}, {1, 2}),
}
# fmt: on


def tw_lasts(lasts: str) -> str:
    """The Lasts column as a face writes it: "P rounds", "P−1 rounds", "1 round"."""
    return "1 round" if lasts == "1" else f"{lasts} rounds"


def test_that_s_wizard_cards_are_the_rulebooks():
    from tabletop.games.thats_wizard.cards import CARDS

    assert sorted(CARDS) == sorted(TW_CARDS)
    grid = {(s, n) for _, s, n, *_ in TW_CARDS.values() if s}
    assert len(grid) == 28  # 7 schools x levels 1-4 (the Duos spells share a slot)


@pytest.mark.parametrize("card", list(TW_CARDS))
def test_that_s_wizard_rules_texts_state_the_specs_numbers(card):
    from tabletop.games.thats_wizard.cards import CARDS
    from tabletop.ui.tables.thats_wizard.cards import BRIEF

    name, _, _, dials, _, _, lasts, wanted, allowed = TW_CARDS[card]
    info = CARDS[card]
    assert info.name == name
    rule = info.rule
    assert wanted <= said(rule), (card, rule)
    assert numbers(rule) <= allowed, (card, rule)
    brief = BRIEF.get(card, "")
    assert numbers(brief) <= allowed | set(dials), (card, brief)
    assert numbers(info.spoken_en) <= allowed | set(dials), (card, info.spoken_en)
    if lasts:
        assert info.lasts_text == tw_lasts(lasts).replace("1 round", "1 round"), card


TW_DUOS = {"energize", "conflagration", "molten_floor", "transference", "imprison", "nevermore", "miasma"}


def test_every_that_s_wizard_face_shows_its_facts_and_no_other_number(drawn, monkeypatch):
    from tabletop.ui.tables.thats_wizard import cards as faces

    art: list[str] = []
    scaled = faces.scaled
    monkeypatch.setattr(faces, "scaled", lambda name, size: art.append(name) or scaled(name, size))

    zoom = zoom_size()
    checked = 0
    for card, (name, school, level, dials, aim, when, lasts, wanted, allowed) in TW_CARDS.items():
        from_lasts = numbers(lasts)
        fair = set(dials) | {level} | allowed | from_lasts
        sizes = ((37, faces.card_face), (41, faces.card_face), (88, faces.card_face), (117, faces.card_face))
        shrunk = round(zoom * 0.6)  # (an enlarged card kept clear of the buttons: down to 60%)
        for width, paint in (*sizes, (shrunk, faces.zoom_face), (zoom, faces.zoom_face)):  # (tables: 37 to 117 px)
            art.clear()
            text = drawn(lambda card=card, width=width, paint=paint: paint(card, width))
            assert f"thats_wizard/icons/{'lasting' if lasts else 'quick'}" in art, (card, width, art)
            if school:
                assert f"thats_wizard/schools/{school.lower()}" in art, (card, width, art)
            assert ("thats_wizard/icons/duos" in art) == (card in TW_DUOS), (card, width, art)
            where = f"{width} px"
            assert name in text, (card, where, text)
            if width >= faces.BRIEF_TEXT:
                assert " ".join(str(d) for d in dials) in text, (card, where, text)
                assert aim in text, (card, where, text)
                assert when in text, (card, where, text)
            if level:
                assert str(level) in text.split(), (card, where, text)
            else:
                assert "Special action" in text or width < faces.BRIEF_TEXT, (card, where, text)
            if paint is faces.zoom_face:
                assert_has(card, text, wanted, where)
                if lasts:
                    assert f"Lasts: {tw_lasts(lasts)}." in text, (card, where, text)
            assert_numbers(card, text, fair, where)
            checked += 1
    assert checked == 37 * 6


# --- French and Russian: the numbers of a sample ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_a_sample_of_faces_in_french_and_russian_shows_the_same_numbers(drawn, language):
    from tabletop.ui.tables.house_cup import cards as hc
    from tabletop.ui.tables.house_cup_challenge import faces as hcc
    from tabletop.ui.tables.stupefix import faces as sf
    from tabletop.ui.tables.thats_wizard import cards as tw

    set_language(language)
    zoom = zoom_size()
    for card in ("potions-1", "creatures-2", "charms-1", "castle-1", "quidditch-1", "uniform-2"):
        kind = card.rsplit("-", 1)[0]
        _, _, wanted, allowed = HC_KINDS[kind]
        count = hc_title_copies(card, kind)
        for width in (96, zoom):
            text = drawn(lambda card=card, width=width: hc.card_face(card, width))
            assert_has(card, text, wanted | ({count} if width >= hc.FULL_TEXT else set()), f"{language} {width}")
            assert_numbers(card, text, allowed | {count}, f"{language} {width}")
    for row in hcc_rows()[::9]:
        card, vp, test = row[0], int(row[4]), row[3]
        text = drawn(lambda card=card: hcc.card_face(card, zoom))
        assert_has(card, text, {vp, int(card[1])} | {n for _, n in hcc_test_parts(test)}, language)
        assert_numbers(card, text, hcc_allowed(row), language)
    for card in ("points40", "maitre", "retardataire", "faveur"):
        *_, value, wanted, _ = STUPEFIX_CARDS[card]
        assert_has(card, drawn(lambda card=card: sf.reward_face(card, 96)), numbers(value), language)
        assert_has(card, drawn(lambda card=card: sf.help_card(card, px(320))), wanted, language)
    for card in ("explosion", "death", "chaos", "tongue_tie", "ignite", "nevermore"):
        _, _, level, dials, _, _, lasts, wanted, allowed = TW_CARDS[card]
        text = drawn(lambda card=card: tw.zoom_face(card, zoom))
        assert_has(card, text, set(dials) | {level} | wanted, language)
        assert_numbers(card, text, set(dials) | {level} | allowed | numbers(lasts), language)


# --- the enlarged card of each table is the face checked above ---------------------------------------------------


def test_each_table_enlarges_a_card_as_the_face_checked_here():
    from tabletop.games.house_cup.cards import CARDS as HC_CARDS
    from tabletop.ui.tables.house_cup import cards as hc
    from tabletop.ui.tables.house_cup_challenge import faces as hcc
    from tabletop.ui.tables.stupefix import faces as sf
    from tabletop.ui.tables.thats_wizard import cards as tw
    from tests.test_ui_card_zoom import EXAMPLES, open_example

    checked = {
        "house-cup": lambda card, width, table: hc.card_face(card, width, table.view.box),
        "house-cup-challenge": lambda card, width, table: hcc.zoom_face(card, width),
        "stupefix": lambda card, width, table: sf.help_card(card, px(320)),
        "thats-wizard": lambda card, width, table: tw.zoom_face(card, width),
    }
    known = {
        "house-cup": lambda card: card in HC_CARDS,
        "house-cup-challenge": lambda card: hcc.zoom_face(card, 60) is not None,
        "stupefix": lambda card: card in sf.CARDS,
        "thats-wizard": lambda card: card in TW_CARDS,
    }
    for game, save in EXAMPLES.items():
        app, driver, table = open_example(save)
        under = {table.card_under(p.rect.center) for p in table.hits.placed}
        cards = {card for card in under if isinstance(card, str) and known[game](card)}
        assert cards, game
        width = zoom_size()
        for card in sorted(cards)[:6]:
            shown, face = table.zoom_face(card, width), checked[game](card, width, table)
            assert shown is not None and face is not None, (game, card)
            assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(face, "RGBA"), (game, card)
        pygame.quit()
    pygame.init()
    pygame.display.set_mode((1280, 720))  # (the module's screen again, for any test after this one)
