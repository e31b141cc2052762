"""House Cup Challenge speaks through its own catalogue (domain "house_cup_challenge") and plays the same in every
language.

A pseudo-language compiled from house_cup_challenge.pot ("[" + msgid + "]") is installed for the game's domain.
Every log line of whole random games, the progress and chapter lines, the secret lines, refusals and the result
summary must then be made of catalogue messages: each bracketed part must be one of the catalogue's messages whose
placeholders hold only other bracketed parts or data (the players' names, numbers, the Tests' ability letters,
card ids), so a string added to the game's text outside the catalogue fails, even one slipped into a placeholder.
The rules pages and every card's name and text are checked the same way. Then a few real French and Russian lines
by value, and the same seeded games played in English, French and Russian, compared state by state and view by view.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import IllegalCommand
from tabletop.core.rng import Rng, sealed_seed
from tabletop.core.saves import load_match, write_save
from tabletop.games.house_cup_challenge import CHARACTER, GAME, YEAR_FIGURES
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import SPACES
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, SPECIALS, YEAR_TITLES, vp
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.games.house_cup_challenge.text import STEP_NAMES
from tests import pseudo_language

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "house_cup_challenge"
PSEUDO = "qps"
NAMES = ["Ann", "Bob", "Cyd", "Dee"]  # the players' names: data, shown as they are
SEEDS = [(2, 21), (3, 22), (4, 23)]  # (players, seed) of the random games
MARK = "\x00"  # where a bracketed part stood, once checked
# Data that may stand outside brackets: a Test's abilities ("S3 / H3", "K1 S2 H2", a reward's "+1 H": symbols, the
# same in every language), a card's id ("Y1-01"), a cell ("A4", in a refusal), the path arrows.
# Brackets the messages themselves print ("[Action] Special Card"), told apart from the pseudo-language's.
LITERAL = {"[Action]": "\x01Action\x02", "[Free]": "\x01Free\x02"}
SYMBOLS = re.compile(r"\b[KSH]\d+\b|\+\d [KSH]\b|\bY\d-\d\d\b|'[A-H]\d'|->")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def template_messages() -> list[str | tuple[str, ...]]:
    with (ROOT / "tabletop" / "locale" / f"{DOMAIN}.pot").open("rb") as source:
        return [message.id if isinstance(message.id, str) else tuple(message.id) for message in read_po(source)]


def install_pseudo(directory: Path) -> None:
    """The game's catalogue in the pseudo-language ("[" + its English + "]"), installed."""
    i18n.install(pseudo_language.pseudo_catalogue(DOMAIN, directory), PSEUDO, domain=DOMAIN)


class Checker:
    """Whether a text is made of the catalogue's messages (bracketed) and data."""

    def __init__(self, data: list[str]) -> None:
        self.data = sorted(data, key=len, reverse=True)
        self.patterns: list[re.Pattern[str]] = []
        for message in template_messages():
            for form in (message,) if isinstance(message, str) else message:
                if form:
                    pieces = re.split(r"\{\w+\}", literal(form))
                    self.patterns.append(re.compile("(.*?)".join(re.escape(piece) for piece in pieces), re.S))

    def is_data(self, value: str) -> bool:
        rest = SYMBOLS.sub(" ", value.replace(MARK, " "))
        for token in self.data:
            rest = rest.replace(token, " ")
        return not re.search(r"[^\W\d_]", rest)

    def is_message(self, inside: str) -> bool:
        """``inside`` (a bracketed part, its own bracketed parts already marked) is a message with data in it."""
        for pattern in self.patterns:
            found = pattern.fullmatch(inside)
            if found and all(self.is_data(value) for value in found.groups()):
                return True
        return False

    def problems(self, text: str) -> list[str]:
        """The parts of ``text`` that are not the catalogue's: none when it passes."""
        wrong: list[str] = []
        text = literal(text)
        innermost = re.compile(r"\[([^\[\]]*)\]")
        while True:
            found = innermost.search(text)
            if found is None:
                break
            if not self.is_message(found.group(1)):
                wrong.append(found.group(1))
            text = text[: found.start()] + MARK + text[found.end() :]
        if not self.is_data(text):
            wrong.append(text.replace(MARK, "[...]"))
        return wrong


def literal(text: str) -> str:
    for bracketed, kept in LITERAL.items():
        text = text.replace(bracketed, kept)
    return text


def random_game(players: int, seed: int) -> Iterator[tuple[ChallengeState, int, list[ev.Event]]]:
    """A whole game of random bots: (the state after, the seat that acted, the events), command by command."""
    state = GAME.setup(players, GAME.default_options(players), seed)
    yield state, -1, GAME.opening(state)
    bots = [make_bot(GAME, "random") for _ in range(players)]
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(players)]
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        events = GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rngs[seat]))
        yield state, seat, events


# --- (a) a whole game in the pseudo-language ----------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), SEEDS)
def test_every_line_of_a_whole_game_comes_from_the_catalogue(tmp_path, players, seed):
    install_pseudo(tmp_path)
    checker = Checker(NAMES[:players])
    names = NAMES[:players]
    lines: list[str] = []
    state = None
    for state, seat, events in random_game(players, seed):
        lines += [GAME.describe(event, names) for event in events]
        lines.append(GAME.progress(state).words())
        if GAME.chapter:
            lines.append(GAME.chapter(state).words())
        if seat >= 0 and GAME.secrets is not None:
            lines += GAME.secrets(GAME.view(state, seat))
    assert state is not None
    result = GAME.result(state)
    assert result is not None
    lines.append(result.summary)
    # The statistics' figures stay English keys (the history's data), each one a catalogue message to show.
    # A seat's character is one too, and so is its value (a character's name).
    figures = GAME.statistics(state, [])
    keys = {key for seat_figures in figures for key in seat_figures}
    assert keys and keys <= {CHARACTER, *YEAR_FIGURES.values()} <= set(template_messages())
    assert {seat_figures[CHARACTER] for seat_figures in figures} <= set(template_messages())
    lines = [line for line in lines if line]
    assert len(lines) > 500 and all(line.startswith("[") for line in lines)
    wrong = {line: checker.problems(line) for line in lines if checker.problems(line)}
    assert wrong == {}
    # The checker itself: English outside the brackets fails, as does English slipped into a placeholder.
    assert checker.problems("Ann draws [Owl Post].") and checker.problems("[Ann passes.] again")
    assert checker.problems("[{name} discards {card} ({why}).]".format(name="Ann", card="[Owl Post]", why="setback"))
    assert not checker.problems(
        "[{name} discards {card} ({why}).]".format(name="Ann", card="[Owl Post]", why="[setback]")
    )


def test_refusals_and_option_problems_come_from_the_catalogue(tmp_path):
    install_pseudo(tmp_path)
    checker = Checker(NAMES)
    state = GAME.setup(2, GAME.default_options(2), 5)
    seat = GAME.to_act(state)[0]
    attempts = [
        ev.Pass(seat=1 - seat),  # not their turn
        ev.Feast(seat=seat, ability="K"),  # not the time for it
        ev.PlayThere(seat=seat, card=state.players[seat].hand[0], cell="Z9"),  # no such space
        ev.PlayHere(seat=seat, card="Y5-17"),  # not in the hand
        ev.UseSpecial(seat=seat, card="cloak"),  # not theirs
        ev.Move(seat=seat, path=("A5", "B5", "B4", "C4")),  # too far
        ev.Move(seat=seat, path=("A4",)),  # a wall
    ]
    reasons = []
    for command in attempts:
        with pytest.raises(IllegalCommand) as refused:
            GAME.apply(state, command)
        reasons.append(str(refused.value))
    reasons += [GAME.check_options(5, {}) or "", GAME.check_options(2, {"prefect": 3}) or ""]
    reasons.append(GAME.check_options(2, {"characters": ["harry", "harry"]}) or "")
    assert all(reason.startswith("[") for reason in reasons), reasons
    assert {reason: checker.problems(reason) for reason in reasons if checker.problems(reason)} == {}


# --- (b) the rules pages and the cards ----------------------------------------------------------------------
def test_the_rules_pages_and_every_card_come_from_the_catalogue(tmp_path):
    install_pseudo(tmp_path)
    checker = Checker([])
    pages = [*GAME.rules_sections(), *GAME.card_entries()]
    assert len(pages) == 12 + 120
    for heading, text in pages:
        assert heading.startswith("[") and text.startswith("["), (heading, text)
        assert checker.problems(heading) == [] and checker.problems(text) == [], (heading, text)
    for character in CHARACTERS.values():
        assert (character.name, character.ability) == (f"[{character.name_en}]", f"[{character.ability_en}]")
        assert character.text == f"[{character.text_en}]"
    for special in SPECIALS.values():
        assert (special.name, special.text) == (f"[{special.name_en}]", f"[{special.text_en}]")
    for card in ADVENTURES.values():
        assert card.title == f"[{card.title_en}]"
        assert all(shown == f"[{name}]" for shown, name in zip(card.play, card.play_en, strict=True))
        assert checker.problems(card.test.words()) == [] and checker.problems(card.reward_text()) == []
    for table in (ABILITY_NAMES, YEAR_TITLES, STEP_NAMES):
        assert all(value.startswith("[") for value in table.values())
    assert all(space.name == f"[{space.name_en}]" for space in SPACES.values())
    assert GAME.gettext(GAME.blurb) == "[Adventure through the castle grid over five school years of adventure cards.]"


# --- (c) real French and Russian --------------------------------------------------------------------------
def test_french_and_russian_by_value():
    i18n.set_language("fr")
    assert ADVENTURES["Y1-26"].title == "Le courrier des hiboux"
    assert SPECIALS["cloak"].name == "Cape d'invisibilité" and CHARACTERS["neville"].name == "Neville Londubat"
    assert (
        GAME.describe(ev.CardPlayed(0, "Y2-16", "E7"), ["Ann"])
        == "Ann joue la carte Le Basilic sur la case Chambre des secrets."
    )
    assert [vp(n) for n in (1, 2)] == ["1 PV", "2 PV"]
    assert GAME.rules_sections()[0][0] == "Le principe" and GAME.gettext(GAME.blurb).startswith("Partez à l'aventure")
    assert GAME.blurb.startswith("Adventure through")  # the record keeps the English, the message's id
    i18n.set_language("ru")
    assert ADVENTURES["Y1-26"].title == "Совиная почта" and CHARACTERS["neville"].name == "Невилл Долгопупс"
    assert SPACES["A1"].name == "Чаща леса" and GAME.rules_sections()[-1][0] == "Замок"
    assert [vp(n) for n in (1, 2, 5, 21)] == ["1 очко", "2 очка", "5 очков", "21 очко"]
    drawn = [GAME.describe(ev.CardsDrawn(0, None, n, n, "draw"), ["Анна"]) for n in (1, 2, 5, 21)]
    assert drawn == ["Анна берёт 1 карту.", "Анна берёт 2 карты.", "Анна берёт 5 карт.", "Анна берёт 21 карту."]
    assert GAME.describe(ev.WandPassed(1), ["Анна", "Борис"]) == "Палочку получает Борис."
    assert GAME.progress(GAME.setup(2, GAME.default_options(2), 1)).words() == "1-й курс, раунд 1, Гриффиндор 0"


# --- (d) the same game whatever the language ----------------------------------------------------------------
def played_in(code: str, players: int, seed: int) -> list[str]:
    """The JSON of the state and of the acting seat's view after every command of a seeded random game."""
    i18n.set_language(code)
    frames: list[str] = []
    for state, seat, events in random_game(players, seed):
        frames.append(to_json(state))
        frames.append(to_json(GAME.view(state, max(seat, 0))))
        frames.append(repr(events))
    return frames


@pytest.mark.parametrize(("players", "seed"), SEEDS[:2])
def test_the_game_plays_the_same_in_every_language(players, seed):
    english = played_in("en", players, seed)
    assert len(english) > 300
    assert played_in("fr", players, seed) == english
    assert played_in("ru", players, seed) == english


def test_a_save_written_in_one_language_loads_in_another(tmp_path):
    i18n.set_language("fr")
    match = Match(GAME, [SeatInfo(name, "random") for name in NAMES[:3]], GAME.default_options(3), 31)
    bots = [make_bot(GAME, "random") for _ in range(3)]
    rng = Rng.from_seed(31)
    for _ in range(300):
        seat = match.to_act()[0]
        match.apply(bots[seat].choose(GAME.view(match.state, seat), rng))
    path = tmp_path / "french.json"
    write_save(match, path)
    i18n.set_language("ru")
    loaded = load_match(path, {GAME.id: GAME})
    assert to_json(loaded.state) == to_json(match.state) and loaded.log == match.log


def test_the_russian_knowledge_letter_stands_apart_from_its_number():
    """The Russian З of Знание looks like the digit 3: "З7" was read as 37 and "З3 или Л3" as "33 или Л3". A
    narrow space keeps them apart; the other letters stay against their numbers."""
    from tabletop.games.house_cup_challenge.cards import ability_mark

    i18n.set_language("ru")
    try:
        assert ability_mark("K", 7) == "З\u202f7" and ability_mark("S", 6) == "Л6"
        assert ADVENTURES["Y3-15"].test.text() == "З\u202f4"
    finally:
        i18n.set_language("en")
    assert ability_mark("K", 7) == "K7"
