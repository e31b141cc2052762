"""That's Wizard! speaks through its own catalogue (domain "thats_wizard") and plays the same in every language.

A pseudo-language compiled from tabletop/locale/thats_wizard.pot gives every message as "[" + its English + "]";
whole seeded games are then described line by line, and every log line, progress line, secret line and result
summary must be made of bracketed messages and data only (the players' names, numbers, punctuation): a word
added to the game's text outside the catalogue fails here. The rules pages and every card are checked the same
way, a few French and Russian lines by value, and the same seeded games played in English, French and Russian
must give byte-identical states, views and events (the rules never read a translated word).
"""

from __future__ import annotations

import gettext as gnu
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.protocol import Event
from tabletop.core.rng import Rng, sealed_seed
from tabletop.games.thats_wizard import BLURB, DUELS_WON, GAME, SPELLBOOK
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, PREMADE, SCHOOL_SHORT, SCHOOLS, STRATEGY_NAMES, name, rounds
from tabletop.games.thats_wizard.i18n import gettext as game_gettext
from tabletop.games.thats_wizard.resources import play_problem, reason_text
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.games.thats_wizard.spellbooks import random_book
from tabletop.games.thats_wizard.state import ThatsWizardState
from tests import pseudo_language

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "thats_wizard"
PSEUDO = "qps"
NAMES = ("Ann", "Bob", "Cyd", "Dee")  # data: they may show as they are
# (players, bot, seed): 1 vs 1 and Duos, random and greedy play, premade and random spellbooks
GAMES_PLAYED = ((2, "random", 3), (2, "greedy", 8), (2, "random", 11), (4, "random", 5), (4, "greedy", 6))


# --- the pseudo-language ------------------------------------------------------------------------------------
def pseudo_catalogue(directory: Path) -> gnu.GNUTranslations:
    return pseudo_language.pseudo_catalogue(DOMAIN, directory)


@pytest.fixture
def pseudo(tmp_path: Path) -> None:
    """The game's messages in the pseudo-language (the shell's stay as they are); conftest puts English back."""
    i18n.install(pseudo_catalogue(tmp_path), PSEUDO, domain=DOMAIN)


def words_outside(line: str, data: tuple[str, ...] = NAMES) -> list[str]:
    """The words of ``line`` that are neither inside brackets (a catalogue's message, nested ones included) nor
    data."""
    rest, before = line, None
    while rest != before:
        before, rest = rest, re.sub(r"\[[^\[\]]*\]", " ", rest)
    for token in sorted(data, key=len, reverse=True):
        rest = rest.replace(token, " ")
    return re.findall(r"[^\W\d_]+", rest)


# --- playing a seeded game ----------------------------------------------------------------------------------
def options_for(players: int, seed: int) -> dict:
    """Random legal spellbooks for an odd seed (allies' books must not share a spell), the premades otherwise."""
    if seed % 2:
        rng = Rng(seed)
        for _attempt in range(50):
            books = [random_book(rng, players == 4) for _seat in range(players)]
            options = {"books": books}
            if all(books) and GAME.check_options(players, options) is None:
                return options
    return GAME.default_options(players)


def played(players: int, bot: str, seed: int) -> Iterator[tuple[ThatsWizardState, list[Event]]]:
    """A whole seeded game, bots on every seat (each sees only its own view): the state after each command and
    the events it made (the opening's first)."""
    state = GAME.setup(players, options_for(players, seed), seed)
    yield state, GAME.opening(state)
    bots = [make_bot(GAME, bot) for _seat in range(players)]
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(players)]
    for _step in range(5000):
        if GAME.result(state) is not None:
            return
        seat = GAME.to_act(state)[0]
        command = bots[seat].choose(GAME.view(state, seat), rngs[seat])
        yield state, GAME.apply(state, command)
    raise AssertionError("the game did not end")


def game_text(players: int, bot: str, seed: int) -> list[str]:
    """Everything the game says of one whole game: every event's log line, the progress line and each seat's
    secret lines after every command, and the result's summary."""
    lines: list[str] = []
    names = NAMES[:players]
    assert GAME.secrets is not None
    for state, events in played(players, bot, seed):
        lines += [GAME.describe(event, names) for event in events]
        lines.append(GAME.progress(state).words())
        for seat in range(players):
            lines += GAME.secrets(GAME.view(state, seat))
    result = GAME.result(state)
    assert result is not None
    lines.append(result.summary)
    return lines


# --- (a) every line of a whole game comes from the catalogue ------------------------------------------------
@pytest.mark.parametrize(("players", "bot", "seed"), GAMES_PLAYED)
def test_every_line_of_a_whole_game_is_made_of_catalogue_messages(pseudo, players, bot, seed):
    lines = game_text(players, bot, seed)
    escaped = sorted({line for line in lines if words_outside(line)})
    assert escaped == [], f"{len(escaped)} lines with words outside the catalogue, e.g. {escaped[:3]}"
    assert any(line.startswith("[Revealed: ") for line in lines)
    assert any(" wins the duel: " in line and "Victory tokens: [[" in line for line in lines)
    assert lines[-1].startswith(("[Blue wins", "[Yellow wins", "[The blue team", "[The yellow team", "[The match"))


def test_the_games_played_reach_most_kinds_of_event(pseudo):
    """The check above is worth what the games cover: they reach the log lines of most events, illegal plays'
    reasons among them."""
    kinds: set[str] = set()
    reasons: set[str] = set()
    for players, bot, seed in GAMES_PLAYED:
        for _state, events in played(players, bot, seed):
            kinds.update(type(event).__name__ for event in events)
            for event in events:
                if isinstance(event, ev.Revealed):
                    reasons.update(play.reason for play in event.plays if not play.legal)
    assert len(kinds) >= 20, sorted(kinds)
    assert {"Revealed", "SpellRead", "StaminaLost", "DuelWon", "MatchWon", "LastingPlaced"} <= kinds
    assert any(reason not in ("pass", "paralyzed") for reason in reasons), reasons


def test_the_check_catches_a_word_outside_the_catalogue(pseudo):
    line = GAME.describe(ev.Conceded(0), NAMES)
    assert line == "[Ann concedes the stalled duel.]" and words_outside(line) == []
    assert words_outside(line + " Sadly.") == ["Sadly"]
    assert words_outside(f"{GAME.describe(ev.TurnOrder((1, 0)), NAMES)} (then Ann)") == ["then"]


# --- (b) the rules pages and every card come from the catalogue ---------------------------------------------
def test_the_rules_pages_and_every_card_come_from_the_catalogue(pseudo):
    sections = list(GAME.rules_sections())
    assert len(sections) == 11
    for title, text in sections:
        assert title.startswith("[") and title.endswith("]") and words_outside(title) == []
        assert words_outside(text) == [], text
    entries = dict(GAME.card_entries())
    assert set(entries) == {f"[{card.name_en}]" for card in CARDS.values()}
    for title, text in entries.items():
        assert words_outside(title) == [] and words_outside(text) == [], text
    for card in CARDS.values():
        for shown in (card.name, card.rule, card.when, card.spoken, card.dial_text, card.lasts_text):
            assert words_outside(shown) == [], shown
        assert card.school_name == (f"[{card.school}]" if card.school else "")


def test_every_key_the_screens_show_is_a_catalogue_message(pseudo):
    """What stays an English key in the rules and saves (books, strategies, teams, schools, the statistics'
    labels, the blurb) is in the catalogue, so a screen can translate it where it is shown."""
    keys = [
        BLURB,
        SPELLBOOK,
        DUELS_WON,
        *TEAM_NAMES,
        *SCHOOLS,
        *SCHOOL_SHORT.values(),
        *PREMADE,
        *STRATEGY_NAMES,
    ]
    for key in keys:
        assert game_gettext(key) == f"[{key}]", key
    assert GAME.gettext(GAME.blurb) == f"[{BLURB}]"  # as the New game screen shows it


def test_the_rules_pages_follow_the_language(pseudo):
    i18n.set_language("fr")
    french = dict(GAME.rules_sections())
    i18n.set_language("en")
    english = dict(GAME.rules_sections())
    assert "Le principe" in french and "The idea" in english
    assert dict(GAME.card_entries())["Explosion"].startswith("Curses level 2. Dial 3, 4 or 5.")


# --- (c) a few real lines of French and Russian -------------------------------------------------------------
def test_card_names_in_french_and_russian():
    i18n.set_language("fr")
    assert name("stun") == "Étourdissement" and CARDS["counterspell"].name == "Contresort"
    assert GAME.gettext(GAME.blurb).startswith("Composez un grimoire et affrontez-vous en duel")
    assert GAME.blurb == BLURB  # the record keeps the English, the message's id
    assert CARDS["explosion"].dial_text == "3, 4 ou 5"
    i18n.set_language("ru")
    assert name("stun") == "Оглушение" and CARDS["counterspell"].name == "Контрзаклинание"
    assert CARDS["explosion"].school_name == "Проклятия"
    i18n.set_language("en")
    assert name("stun") == "Stun" and CARDS["stun"].name_en == "Stun"


def test_russian_plurals_for_1_2_5_and_21():
    i18n.set_language("ru")
    assert [rounds(n) for n in (1, 2, 5, 21)] == ["1 раунд", "2 раунда", "5 раундов", "21 раунд"]
    placed = [GAME.describe(ev.LastingPlaced(0, "silence", (1,), n), NAMES) for n in (1, 2, 5, 21)]
    assert [line.rsplit(" с ", 1)[1] for line in placed] == [
        "1 жетоном длительности.",
        "2 жетонами длительности.",
        "5 жетонами длительности.",
        "21 жетоном длительности.",
    ]
    looked = [GAME.describe(ev.ScryLooked(0, (), n), NAMES) for n in (1, 2, 5, 21)]
    assert looked == [
        "Ann смотрит 1 заклинание колоды.",
        "Ann смотрит 2 заклинания колоды.",
        "Ann смотрит 5 заклинаний колоды.",
        "Ann смотрит 21 заклинание колоды.",
    ]


def test_a_lasting_spell_for_both_opponents_is_said_to_stay_by_both():
    """Imprison, Molten Floor and Miasma lie by both opponents (the table shows the card by each), but the log said
    "stays in play by Merlin" alone (the new player's review of Duos in French)."""
    imprison = ev.LastingPlaced(0, "imprison", (1, 3), 1)
    assert GAME.describe(imprison, NAMES) == "Ann's Imprison stays in play by Bob and Dee with 1 lasting-effect token."
    i18n.set_language("fr")
    try:
        assert GAME.describe(imprison, NAMES) == (
            "Le sort Emprisonnement de Ann reste en jeu devant Bob et Dee avec 1 jeton d'effet durable."
        )
    finally:
        i18n.set_language("en")


def test_log_lines_in_french_and_russian():
    explosion = ev.SpellRead(0, "explosion", 4, (1,), False, False)
    i18n.set_language("fr")
    assert GAME.describe(explosion, NAMES) == "Ann lance Explosion à 4."  # (its Damage told by the next line)
    assert GAME.describe(ev.StaminaLost(1, 1, "damage", "shock", 0, 12), NAMES) == (
        "Choc : 1 Dégât à Bob (Endurance restante : 12)."
    )
    assert GAME.describe(ev.SpellRead(1, "silence", 3, (0,), False, False), NAMES) == (
        "Bob lance Silence à 3 : pendant 3 manches dès la manche suivante, Ann subit 2 points de Fatigue après "
        "chaque sort lancé."
    )
    i18n.set_language("ru")
    assert GAME.describe(explosion, NAMES) == "Ann применяет заклинание «Взрыв» на 4."
    assert GAME.describe(ev.SpellRead(1, "imprison", 3, (0, 2), False, False), NAMES) == (
        "Bob применяет заклинание «Заточение» на 3: на 1 раунд со следующего раунда: не получают Силы Ann и Cyd."
    )


def test_an_illegal_plays_reason_stays_english_in_the_state_and_is_shown_translated():
    reason = play_problem("explosion", 4, ("explosion",), 2, 0, True)
    assert reason == "Explosion at 4 costs 4 Power; you have 2."
    i18n.set_language("fr")
    assert play_problem("explosion", 4, ("explosion",), 2, 0, True) == reason  # what the state keeps
    assert reason_text(reason) == "Explosion à 4 coûte 4 de Puissance ; vous en avez 2."
    taxed = play_problem("stun", 3, ("stun",), 4, 2, True)
    assert taxed == "Stun at 3 costs 5 Power (3 + 2 for Tongue Tie); you have 4."
    i18n.set_language("ru")
    assert reason_text(taxed) == "«Оглушение» на 3 стоит 5 ед. Силы (3 + 2 за Косноязычие), а у вас 4."
    assert reason_text(play_problem("stun", 5, ("stun",), 9, 0, True) or "") == (
        "Оглушение: играть можно с Силой заклинания 1, 2 или 3."
    )
    assert reason_text("pass") == "pass"  # not a sentence of the rules: left as it is


# --- (d) the game plays the same in every language ----------------------------------------------------------
def recorded(players: int, bot: str, seed: int) -> list[str]:
    """A seeded game as JSON: after every command, the state, each seat's view and the events it made."""
    lines = []
    for state, events in played(players, bot, seed):
        lines.append(json.dumps(to_json(state), sort_keys=True))
        lines += [json.dumps(to_json(GAME.view(state, seat)), sort_keys=True) for seat in range(players)]
        lines += [json.dumps(to_json(event), sort_keys=True) for event in events]
    return lines


@pytest.mark.parametrize(("players", "bot", "seed"), [(2, "greedy", 8), (4, "random", 5)])
def test_the_same_game_in_french_and_russian_gives_byte_identical_states_views_and_events(players, bot, seed):
    english = recorded(players, bot, seed)
    log_en = game_text(players, bot, seed)
    for code in ("fr", "ru"):
        i18n.set_language(code)
        assert recorded(players, bot, seed) == english, code
        assert game_text(players, bot, seed) != log_en  # the same game, told in another language
    i18n.set_language("en")
    assert game_text(players, bot, seed) == log_en
