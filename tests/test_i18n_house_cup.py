"""House Cup speaks through its own catalogue (domain "house_cup") and plays the same in every language.

A pseudo-language compiled from house_cup.pot ("[" + msgid + "]") is installed for the game's domain: every log
line of whole random games, the progress line, the secret lines, the refusals, the score lines, the result summary,
the rules pages and every card must then be made of bracketed messages and data (player names, numbers), so a
string added to the game's text outside the catalogue fails. Then a few real French and Russian lines by value, and
the same seeded games played in English, French and Russian, compared state by state and view by view.
"""

from __future__ import annotations

import gettext as gnu
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Command, Event, IllegalCommand
from tabletop.core.rng import Rng, sealed_seed
from tabletop.core.saves import load_match, write_save
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.cards import CARDS, DAYS, HOUSES, KINDS, house_name
from tabletop.games.house_cup.rules import summary
from tabletop.games.house_cup.scoring import CATEGORIES, quidditch_leaders, score_player
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup.text import set_name
from tests import pseudo_language

ROOT = Path(__file__).resolve().parent.parent
PSEUDO = "qps"
NAMES = ["Ann", "Bob", "Cyd", "Dee"]  # the players' names: data, shown as they are
GAMES = [(2, 11, ("greedy", "random")), (3, 12, ("random", "greedy", "random")), (4, 13, ("greedy",) * 4)]


def pseudo_catalogue(directory: Path) -> gnu.GNUTranslations:
    return pseudo_language.pseudo_catalogue("house_cup", directory)


@pytest.fixture
def pseudo(tmp_path) -> None:
    i18n.install(pseudo_catalogue(tmp_path), PSEUDO, domain="house_cup")
    assert KINDS["potions"].name == "[Potions]"


def message_patterns() -> list[re.Pattern[str]]:
    """Each message of house_cup.pot (each plural form) as a pattern whose placeholders match anything."""
    with (ROOT / "tabletop" / "locale" / "house_cup.pot").open("rb") as source:
        template = read_po(source)
    forms = [
        form
        for message in template
        if message.id
        for form in ([message.id] if isinstance(message.id, str) else message.id)
    ]
    return [
        re.compile("".join(pattern_part(i, part) for i, part in enumerate(re.split(r"(\{\w+\})", form))))
        for form in forms
    ]


def pattern_part(index: int, part: str) -> str:
    """A placeholder (every other part of a split message) matches anything; the rest is the message's own."""
    return "(.*?)" if index % 2 else re.escape(part)


PATTERNS = message_patterns()
INNER = "\x00"  # stands for a message already checked inside another (a card name in a log line)


def words(text: str, data: tuple[str, ...] = tuple(NAMES)) -> list[str]:
    """The words of ``text`` that are not data (the players' names)."""
    for token in data:
        text = text.replace(token, " ")
    return re.findall(r"[^\W\d_]+", text)


def is_message(inside: str) -> bool:
    """``inside`` (a bracket's content, inner messages already replaced) is one of the catalogue's messages whose
    placeholders hold only data: "Ann takes \x00 from \x00." is "{name} takes {card} from {day}."."""
    for pattern in PATTERNS:
        found = pattern.fullmatch(inside)
        if found and not any(words(value) for value in found.groups()):
            return True
    return False


def letters_outside(text: str) -> list[str]:
    """What in ``text`` is not the catalogue's: a bracketed part that is no message of it (with only data in its
    placeholders), or words outside every bracket that are not data. Innermost brackets are checked first."""
    rest = text
    while (inner := re.search(r"\[([^\[\]]*)\]", rest)) is not None:
        if not is_message(inner.group(1)):
            return [inner.group(0)]
        rest = rest[: inner.start()] + INNER + rest[inner.end() :]
    return words(rest)


def from_catalogue(text: str) -> bool:
    """A message of the catalogue with only data around it (an empty line says nothing, so it passes)."""
    return not text or (text.startswith("[") and not letters_outside(text))


def test_the_check_refuses_english_outside_or_inside_a_message():
    assert from_catalogue("[Ann takes [Potions] from [Monday].]") and from_catalogue("[Round 2 of 4] ")
    assert not from_catalogue("Ann takes [Potions] from [Monday].")  # the sentence outside the catalogue
    assert not from_catalogue("[Ann takes Potions from [Monday].]")  # a card name written as it is
    assert not from_catalogue("[Ann takes [Potions] from [Monday] at once.]")  # words added to a message


# --- playing ---------------------------------------------------------------------------------------------------
def wrong_seat(state: HouseCupState, legal: list[Command]) -> Command | None:
    """A legal command of the seat to act, given to another seat: refused with a reason for the screen."""
    actor = GAME.to_act(state)[0]
    if not legal:
        return None
    other = (actor + 1) % state.players
    return type(legal[0])(**{**vars(legal[0]), "seat": other})


def played(players: int, seed: int, bots: tuple[str, ...]) -> Iterator[tuple[HouseCupState, list[Event], str]]:
    """Each step of one whole game between bots: the state after it, its events and a refusal's reason."""
    state = GAME.setup(players, GAME.default_options(players), seed)
    seats = [make_bot(GAME, bot) for bot in bots]
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(players)]
    yield state, GAME.opening(state), ""
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        refused = ""
        stranger = wrong_seat(state, list(view.legal))
        if stranger is not None:
            with pytest.raises(IllegalCommand) as refusal:
                GAME.apply(state, stranger)
            refused = refusal.value.reason
        events = GAME.apply(state, seats[seat].choose(view, rngs[seat]))
        yield state, events, refused


def every_line(players: int, seed: int, bots: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """Everything a game says, line by line (log, progress, secrets, refusals, scores, result), and the names of
    the events told."""
    names = NAMES[:players]
    lines: list[str] = []
    kinds: set[str] = set()
    for state, events, refused in played(players, seed, bots):
        kinds.update(type(event).__name__ for event in events)
        lines += [GAME.describe(event, names) for event in events]
        lines += [GAME.progress(state).words(), refused]
        for seat in range(players):
            assert GAME.secrets is not None
            lines += GAME.secrets(GAME.view(state, seat))
    leaders = quidditch_leaders(state.tableau, state.houses)
    for seat in range(players):
        tally = score_player(state.tableau[seat], state.rewards[seat], state.houses[seat], leaders, state.flywheel_set)
        lines += [line.text for line in tally.lines]
    result = GAME.result(state)
    assert result is not None
    lines.append(result.summary)
    return lines, kinds


# --- (a) the log, progress, secrets, refusals, scores and result come from the catalogue ---------------------
@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_every_line_of_a_whole_game_is_the_catalogues(pseudo, players, seed, bots):
    lines, kinds = every_line(players, seed, bots)
    assert len(lines) > 200 and {"RoundStarted", "Dealt", "TokenPlaced", "CardTaken", "GameEnded"} <= kinds
    assert [line for line in lines if not from_catalogue(line)] == []
    assert any(re.fullmatch(r"\[\w+ takes \[.+\] from \[\w+\]\.\]", line) for line in lines)


def every_event() -> list[Event]:
    """One event of each kind and branch the log tells (random games may not meet them all)."""
    return [
        ev.RoundStarted(1, 4, 0),
        ev.Dealt((), 0),
        ev.Dealt(("potions-1", "forward-1", "castle-2", "trouble-1"), 21),
        ev.TokenPlaced(0, 2, None),
        ev.TokenPlaced(0, 2, 3),
        ev.TokensRevealed(4, ()),
        ev.TokensRevealed(4, ((1, 2), (0, 1))),
        ev.CardTaken(1, "uniform-2", 3),
        *(ev.RewardsTaken(0, n, w, why) for n, w in ((0, 1), (1, 1), (2, 3), (3, 3)) for why in REWARD_REASONS),
        ev.InstantApplied(0, "letter-1"),
        *(ev.CardDiscarded(1, "charms-1", why, forced) for why in ("trouble", "cauldron") for forced in (False, True)),
        ev.NothingToDo(0, "trouble-2", "no other card to discard"),
        ev.NothingToDo(0, "letter-2", "no card without the letter symbol to give"),
        ev.CardGiven(0, 1, "history-1", False),
        ev.CardGiven(0, 1, "history-1", True),
        ev.CardDrawn(1, None),
        ev.CardDrawn(1, "help_nargles-1"),
        ev.ShuffledBack(1, "divination-1"),
        ev.CauldronPassed(0, True),
        ev.CauldronPassed(0, False),
        ev.SearchLooked(0, ("elf-1", "earphones-1"), 2),
        ev.SearchLooked(0, (), 0),
        ev.SearchLooked(0, (), 5),
        ev.SearchKept(0, "flywheel-1", ("potions-2", "herbology-1")),
        *(ev.FlywheelChosen(0, kind) for kind in (None, "potions", "herbology", "creatures", "charms", "castle")),
        ev.HatPassed(1),
        ev.GameEnded((84, 69), (0,)),
        ev.GameEnded((60, 60), (0, 1)),
    ]


REWARD_REASONS: tuple[ev.RewardReason, ...] = ("nothing", "letter", "hagrid", "cauldron")


def test_every_kind_of_log_line_is_the_catalogues(pseudo):
    lines = [GAME.describe(event, NAMES[:2]) for event in every_event()]
    assert all(lines) and [line for line in lines if not from_catalogue(line)] == []
    assert GAME.describe(ev.TokenReturned(0, 1), NAMES) == ""  # a token going home is not told


def test_every_score_line_is_the_catalogues(pseudo):
    """Each line of the scoring, with and without the Earphones, the House-Elf, Charms and the Flywheel."""
    everything = [card for card in CARDS if not card.startswith(("potions-1", "potions-2", "potions-3"))]
    hands = [everything, ["herbology-1", "flywheel-1", "trouble-1", "trouble-2", "quidditch-1"], ["charms-1"], []]
    texts = []
    for cards in hands:
        for flywheel in (None, "herbology", "charms", "castle"):
            tally = score_player(cards, 3, "Gryffindor", frozenset({"Gryffindor"}), flywheel)
            texts += [line.text for line in tally.lines]
            assert set(tally.by_category()) == set(CATEGORIES)  # keys stay English, whatever the language
    assert len(texts) > 40 and [text for text in texts if not from_catalogue(text)] == []
    assert from_catalogue(summary(list(HOUSES), [60, 60, 10], [0, 1]))


# --- (b) the rules pages, the cards, the blurb and the words the tables read --------------------------------
def test_the_rules_pages_and_every_card_are_the_catalogues(pseudo):
    sections, cards = GAME.rules_sections(), GAME.card_entries()
    assert len(sections) == 9 and len(cards) == len(KINDS)
    for heading, text in (*sections, *cards):
        assert from_catalogue(heading) and from_catalogue(text), (heading, text)
    for card in CARDS.values():
        assert from_catalogue(card.title), card.id
        assert from_catalogue(KINDS[card.kind].rule)
    assert from_catalogue(GAME.gettext(GAME.blurb))
    assert from_catalogue(GAME.progress(GAME.setup(2, GAME.default_options(2), 1)).words())
    shown = [*DAYS, *(house_name(house) for house in HOUSES), *(set_name(kind) for kind in (None, "potions"))]
    assert all(word.startswith("[") and word.endswith("]") for word in shown)
    assert DAYS[1:3] == ("[Tuesday]", "[Wednesday]") and len(DAYS) == 5


def test_setup_refusals_are_the_catalogues(pseudo):
    for options in (
        {"houses": ["Gryffindor"]},
        {"houses": ["Gryffindor", "Gryffindor"]},
        {"houses": list(HOUSES[:2]), "first": 5},
    ):
        problem = GAME.check_options(2, options)
        assert problem is not None and from_catalogue(problem)


# --- (c) real French and Russian ---------------------------------------------------------------------------
def test_card_names_are_the_rulebooks_in_russian_and_translated_in_french():
    i18n.set_language("ru")
    assert CARDS["forward-1"].title == "Гриффиндор, вперёд!"
    assert KINDS["help_nargles"].name == "Помощь в охоте на мозгошмыгов"
    assert [house_name(house) for house in HOUSES] == ["Гриффиндор", "Слизерин", "Пуффендуй", "Когтевран"]
    assert dict(GAME.card_entries())["Маховик времени"].startswith("1 карта. Дни: Вт. ")
    i18n.set_language("fr")
    assert CARDS["herbology-1"].title == "Botanique"
    assert CARDS["forward-3"].title == "Serdaigle, en avant !"
    assert DAYS[2] == "mercredi"  # in a sentence; the column heading capitalises it
    assert GAME.rules_sections()[0][0] == "Le principe"
    assert GAME.gettext(GAME.blurb).startswith("Choisissez vos cartes Activité")
    assert GAME.blurb.startswith("Draft activity cards")  # the record keeps the English, the message's id


def test_russian_counts_agree_with_1_2_5_and_21():
    i18n.set_language("ru")
    lines = [score_player([], n, "Slytherin", frozenset()).lines[0].text for n in (1, 2, 5, 21)]
    assert lines == [
        "1 жетон награды по 2",
        "2 жетона награды по 2",
        "5 жетонов награды по 2",
        "21 жетон награды по 2",
    ]
    told = [GAME.describe(ev.RewardsTaken(0, n, n, "hagrid"), ["Слизерин"]) for n in (1, 2, 5, 21)]
    assert told[2] == "Слизерин берёт 5 жетонов награды за «Ферму Хагрида»."
    assert told[3] == "Слизерин берёт 21 жетон награды за «Ферму Хагрида»."
    assert summary(list(HOUSES), [21, 3], [0]) == "Кубок факультетов получает Гриффиндор: 21 очко"


def test_a_french_log_line_and_refusal():
    i18n.set_language("fr")
    assert GAME.describe(ev.CardTaken(1, "castle-3", 2), NAMES) == "Bob prend la carte Salle sur Demande (mercredi)."
    state = GAME.setup(2, GAME.default_options(2), 5)
    with pytest.raises(IllegalCommand) as refusal:
        GAME.apply(state, ev.PlaceToken(1, 0, 1))
    assert refusal.value.reason == "C'est à Gryffondor de jouer, pas à Serpentard."
    assert GAME.progress(state).words() == "Manche 1 sur 4"


# --- (d) the rules never depend on the language -------------------------------------------------------------
def recorded(players: int, seed: int, bots: tuple[str, ...], language: str) -> list[Any]:
    """Every state and every seat's view of one seeded game, as JSON, played in ``language``."""
    i18n.set_language(language)
    record: list[Any] = []
    for state, events, _refused in played(players, seed, bots):
        record.append(to_json(state))
        record.append([to_json(GAME.view(state, seat)) for seat in range(players)])
        record.append([to_json(event) for event in events])
    return record


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_the_same_game_is_byte_identical_in_every_language(players, seed, bots):
    english = json.dumps(recorded(players, seed, bots, "en"), sort_keys=True)
    for language in ("fr", "ru"):
        assert json.dumps(recorded(players, seed, bots, language), sort_keys=True) == english, language
    assert i18n.language() == "ru" and CARDS["potions-1"].title == "Зельеварение"  # it really was Russian


def test_a_save_written_in_french_loads_in_russian_and_english(tmp_path):
    i18n.set_language("fr")
    match = Match(GAME, [SeatInfo(name, "random") for name in NAMES[:3]], GAME.default_options(3), 41)
    bots = [make_bot(GAME, "greedy") for _ in range(3)]
    rng = Rng.from_seed(41)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bots[seat].choose(GAME.view(match.state, seat), rng))
    path = tmp_path / "french.json"
    write_save(match, path)
    for language in ("ru", "en"):
        i18n.set_language(language)
        loaded = load_match(path, {GAME.id: GAME})
        assert to_json(loaded.state) == to_json(match.state) and loaded.log == match.log
        assert loaded.result() == match.result()  # its summary too: made from the houses' keys, in French
