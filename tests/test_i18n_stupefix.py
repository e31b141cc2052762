"""Stupéfix in three languages: every line the game writes is one of its catalogue's messages, its rules pages
and cards too, French and Russian read as they should, and the game itself never changes with the language.

The pseudo-language gives every message of tabletop/locale/stupefix.pot as "[" + its English + "]": a line of a
whole game must be one of those messages, each placeholder filled with data (players' names, numbers) or with
other messages of the catalogue, so a line written outside it fails here, and so does English given to a
placeholder ("[Ada takes Faveur.]"); the rules pages and the cards likewise.
"""

from __future__ import annotations

import gettext as gnu
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core import load_match
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Event, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.core.saves import write_save
from tabletop.games.stupefix import BLURB, GAME, TIMES_STUNNED
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import HOUSES, REWARD_ROWS, REWARDS, SPELLS, house_name
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.stupefix.terms import spell_name
from tabletop.games.stupefix.text import spell_count
from tests import pseudo_language

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "tabletop" / "locale" / "stupefix.pot"
PSEUDO = "qps"
NAMES = ["Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo"]


def template_ids() -> set[str]:
    with TEMPLATE.open("rb") as source:
        return {message.id if isinstance(message.id, str) else message.id[0] for message in read_po(source)}


def pseudo_catalogue(directory: Path) -> gnu.GNUTranslations:
    return pseudo_language.pseudo_catalogue("stupefix", directory)


@pytest.fixture
def pseudo(tmp_path):
    i18n.install(pseudo_catalogue(tmp_path), PSEUDO, domain="stupefix")
    yield
    i18n.set_language("en")


def message_patterns() -> list[re.Pattern[str]]:
    r"""Each message of the template (each form of a plural) as the pseudo-language shows it, its placeholders
    matching any text: "[{name} takes {reward}.]" -> r"\[(?P<name>.*?) takes (?P<reward>.*?)\.\]"."""
    with TEMPLATE.open("rb") as source:
        template = read_po(source)
    forms = [
        form
        for message in template
        if message.id
        for form in ([message.id] if isinstance(message.id, str) else message.id)
    ]
    patterns = []
    for form in forms:
        regex, named = "", set()
        for index, part in enumerate(re.split(r"\{(\w+)\}", f"[{form}]")):
            if index % 2 == 0:
                regex += re.escape(part)
            else:  # a placeholder; the same one again (a count said twice) must be the same text
                regex += f"(?P={part})" if part in named else f"(?P<{part}>.*?)"
                named.add(part)
        patterns.append(re.compile(regex, re.DOTALL))
    return patterns


PATTERNS = message_patterns()


def top_level(text: str) -> tuple[str, list[str]]:
    """``text`` with its outermost bracketed parts cut out (each left as a space), and those parts."""
    outside, parts, depth, start = [], [], 0, 0
    for index, char in enumerate(text):
        if char == "[":
            if depth == 0:
                start = index
            depth += 1
        elif char == "]" and depth:
            depth -= 1
            if depth == 0:
                parts.append(text[start : index + 1])
                outside.append(" ")
            continue
        if depth == 0 and char != "[":
            outside.append(char)
    return "".join(outside), parts


def only_data(text: str, data: Iterable[str]) -> bool:
    """A placeholder's value: names from ``data``, numbers and punctuation, and whole catalogue messages."""
    rest, parts = top_level(text)
    for token in sorted(data, key=len, reverse=True):
        rest = rest.replace(token, " ")
    return not re.findall(r"[^\W\d_]+", rest) and all(from_catalogue(part, data) for part in parts)


def from_catalogue(line: str, data: Iterable[str] = ()) -> bool:
    """Whether ``line`` is one of the catalogue's messages (in the pseudo-language) with only data, or other
    catalogue messages, in its placeholders: English slipped into a placeholder fails too."""
    data = tuple(data)
    for pattern in PATTERNS:
        found = pattern.fullmatch(line)
        if found and all(only_data(value, data) for value in found.groupdict().values()):
            return True
    return False


def random_game(players: int, seed: int) -> Iterator[tuple[StupefixState, list[Event]]]:
    """A whole seeded game, random and greedy seats mixed: each state after the events that led to it."""
    state = GAME.setup(players, GAME.default_options(players), seed)
    bots = [make_bot(GAME, "greedy" if seat % 2 else "random") for seat in range(players)]
    rngs = [Rng.from_seed(seed * 10 + seat) for seat in range(players)]
    yield state, GAME.opening(state)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        command = bots[seat].choose(GAME.view(state, seat), rngs[seat])
        yield state, GAME.apply(state, command)


# --- (a) a whole game in the pseudo-language ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(5, 3), (8, 11)])
def test_every_line_of_a_whole_game_is_a_catalogue_message(pseudo, players, seed):
    names = NAMES[:players]
    lines: list[str] = []
    kinds: set[str] = set()
    for state, events in random_game(players, seed):
        for event in events:
            kinds.add(type(event).__name__)
            lines.append(GAME.describe(event, names))
        lines.append(GAME.progress(state).words())
        if GAME.chapter:
            lines.append(GAME.chapter(state).words())
        lines += [line for seat in range(players) for line in GAME.secrets(GAME.view(state, seat))]
    result = GAME.result(state)
    assert result is not None
    lines.append(result.summary)
    lines += [GAME.seat_label(GAME.default_options(players), seat) for seat in range(players)]
    outside = sorted({line for line in lines if not from_catalogue(line, names)})
    assert outside == []
    assert {"SpellsRevealed", "FlagDown", "RewardTaken", "RoundEnded", "GameEnded", "PotionsMaster"} <= kinds
    assert any(line.startswith("[Hand: ") for line in lines) and result.summary.startswith("[")


def test_the_check_catches_a_line_written_outside_the_catalogue(pseudo):
    line = GAME.describe(ev.RewardTaken(0, "potion", False), NAMES)
    assert line == "[Ada takes [Potion Réussie].]" and from_catalogue(line, NAMES)
    assert not from_catalogue(f"Ada takes {REWARDS['potion'].name}.", NAMES)
    assert not from_catalogue("[Ada takes [Potion Réussie]] (the only one).", NAMES)
    assert not from_catalogue("[Ada takes Potion Réussie.]", NAMES)  # English given to a placeholder
    assert not from_catalogue("[Ada takes [a potion].]", NAMES)  # brackets, but not a message of the catalogue
    assert (
        GAME.describe(ev.RewardTaken(0, "potion", True), [])
        == "[[Seat 1] takes [Potion Réussie] (nothing else left to choose).]"
    )


def test_refusals_and_option_checks_are_catalogue_messages(pseudo):
    state = GAME.setup(4, GAME.default_options(4), 5)
    refusals = []
    for seat in range(4):
        for command in (ev.TakeReward(seat, "potion"), ev.PointWand(seat, seat), ev.PrepareSpell(seat, "protego")):
            try:
                GAME.apply(state, command)
            except IllegalCommand as error:  # its text is what "why not" shows
                refusals.append(str(error))
    problems = [
        GAME.check_options(3, {}),
        GAME.check_options(4, {"houses": ["Gryffindor"]}),
        GAME.check_options(4, {"houses": ["Gryffindor", "Hufflepuff", "Ravenclaw", "Durmstrang"]}),
        GAME.check_options(5, {"houses": ["Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin", "Slytherin"]}),
        GAME.check_options(4, {"houses": list(HOUSES), "chouchou": 9}),
    ]
    assert len(refusals) == 12 and all(problems)
    assert [text for text in refusals + problems if not from_catalogue(str(text))] == []


# --- (b) the rules pages and the cards ------------------------------------------------------------------


def test_the_rules_pages_and_every_card_come_from_the_catalogue(pseudo):
    pages = [*GAME.rules_sections(), *GAME.card_entries()]
    assert len(pages) == len(GAME.rules_sections()) + len(GAME.card_entries()) > 20
    # whole messages, or messages put side by side ("[15 cards in the deck]. [Goes into your house's urn...]")
    assert [text for pair in pages for text in pair if not (text.startswith("[") and only_data(text, ()))] == []
    cards = [
        *(text for reward in REWARD_ROWS for text in (reward.name, reward.heading, reward.text)),
        *(spell_name(kind) for kind in (*SPELLS, "protego", "none")),
        *(house_name(house) for house in HOUSES),
    ]
    assert [text for text in cards if not (text.startswith("[") and text.endswith("]"))] == []
    assert {BLURB, TIMES_STUNNED, *HOUSES} <= template_ids()  # translated where the shell shows them


def test_the_rules_pages_are_read_in_the_language_chosen_now():
    english = list(GAME.rules_sections())
    i18n.set_language("fr")
    assert GAME.rules_sections()[0][0] == "But du jeu"
    assert ("Potion Réussie", GAME.card_entries()[6][1]) == GAME.card_entries()[6]
    i18n.set_language("ru")
    titles = [title for title, _ in GAME.rules_sections()]
    assert titles[0] == "Суть игры" and len(titles) == len(english)
    assert "1 карта: 10, 2 карты: 30" in GAME.rules_sections()[-2][1]
    i18n.set_language("en")
    assert list(GAME.rules_sections()) == english


# --- (c) French and Russian by value --------------------------------------------------------------------------


def test_french_keeps_the_rulebooks_names():
    i18n.set_language("fr")
    assert REWARDS["cours"].name == "Cours Particuliers" and spell_name("rate") == "Sort raté"
    assert [house_name(house) for house in HOUSES] == ["Gryffondor", "Poufsouffle", "Serdaigle", "Serpentard"]
    assert GAME.describe(ev.RewardTaken(1, "points20", False), NAMES) == "Bram prend la carte Points 20."
    assert GAME.describe(ev.FlagDown(0, "stunned", 2), NAMES) == (
        "Ada est stupéfixé par 2 Stupéfix : Drapeau couché et 2 jetons Retard."
    )
    assert spell_count("rate", 1) == "1 Sort raté" and spell_count("rate", 5) == "5 Sorts ratés"


def test_russian_names_and_its_three_plural_forms():
    i18n.set_language("ru")
    assert REWARDS["retourneur"].name == "Маховик времени" and spell_name("stupefix") == "Остолбеней"
    assert [house_name(house) for house in HOUSES] == ["Гриффиндор", "Пуффендуй", "Когтевран", "Слизерин"]
    assert [spell_count("stupefix", n) for n in (1, 2, 5, 21)] == [
        "1 карта «Остолбеней»",
        "2 карты «Остолбеней»",
        "5 карт «Остолбеней»",
        "21 карта «Остолбеней»",
    ]
    tokens = [GAME.describe(ev.FlagDown(2, "stunned", n), NAMES).rsplit(", ", 1)[1] for n in (1, 2, 5, 21)]
    assert tokens == ["1 жетон опоздания.", "2 жетона опоздания.", "5 жетонов опоздания.", "21 жетон опоздания."]
    revealed = GAME.describe(ev.RewardsRevealed(("potion", "faveur"), 21), NAMES)
    assert revealed == (
        "Рядом с картой «Стать любимчиком» открыты награды: Удачное зелье, Благосклонность "
        "(в колоде осталась 21 карта)."
    )


# --- (d) the game never changes with the language -----------------------------------------------------------


def recorded_game(language: str, players: int, seed: int) -> list[str]:
    """Every state, every seat's view and every event of a seeded game, as JSON, played in ``language``."""
    i18n.set_language(language)
    record: list[str] = []
    for state, events in random_game(players, seed):
        record.append(to_json(state))
        record += [to_json(GAME.view(state, seat)) for seat in range(players)]
        record += [to_json(event) for event in events]
    result = GAME.result(state)
    assert result is not None
    record.append(to_json([result.scores, result.winners]))
    return record


@pytest.mark.parametrize(("players", "seed"), [(6, 4), (7, 9)])
def test_a_seeded_game_is_the_same_byte_for_byte_in_every_language(players, seed):
    english = recorded_game("en", players, seed)
    assert len(english) > 500
    assert recorded_game("fr", players, seed) == english
    assert recorded_game("ru", players, seed) == english


def test_a_save_written_in_one_language_loads_in_another(tmp_path):
    i18n.set_language("fr")
    players = 5
    match = Match(GAME, [SeatInfo(name, "random") for name in NAMES[:players]], GAME.default_options(players), 8)
    bots, rng = [make_bot(GAME, "greedy") for _ in range(players)], Rng(8)
    for _ in range(60):
        seat = GAME.to_act(match.state)[0]
        match.apply(bots[seat].choose(GAME.view(match.state, seat), rng))
    path = tmp_path / "stupefix-fr.json"
    write_save(match, path)
    i18n.set_language("ru")
    loaded = load_match(path, {GAME.id: GAME})
    assert to_json(loaded.state) == to_json(match.state) and loaded.log == match.log
    assert GAME.progress(loaded.state).words().startswith("Раунд ")


def test_the_russian_texts_name_the_stunning_spell_in_russian():
    """The Russian catalogue names the spell «Остолбеней» everywhere; the Late token's glossary line alone kept the
    French "Stupéfix" (the card names of the original, shown in their own right, are msgids, not msgstrs). The
    game's title alone keeps its name (its own entry, in the context "game title")."""
    with (ROOT / "tabletop" / "locale" / "ru" / "LC_MESSAGES" / "stupefix.po").open("rb") as source:
        catalogue = read_po(source, locale="ru")
    french = [
        message.id
        for message in catalogue
        if message.id
        and message.context != i18n.GAME_TITLE
        and any(
            "Stupéfix" in form for form in ([message.string] if isinstance(message.string, str) else message.string)
        )
    ]
    assert french == []
