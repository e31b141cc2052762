"""Stupéfix's words: every event has a log line naming seats (never "you"), the rules page lists every card,
the example saves load, replay and are what examples.py writes, and the registry offers the game."""

from __future__ import annotations

import json

from tabletop.core import load_match
from tabletop.core.codec import to_json
from tabletop.examples import write_examples
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import GLOSSARY, REWARD_ROWS
from tabletop.games.stupefix.events import TakeReward
from tabletop.paths import asset_dir
from tabletop.simulate import play_one
from tests.stupefix_helpers import new, play_round, set_row

REGISTRY = {GAME.id: GAME}
NAMES = ["Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo"]


def test_every_event_of_whole_games_has_a_line_in_our_words():
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng

    kinds = set()
    for players, seed in ((4, 1), (6, 2), (8, 3)):
        state = GAME.setup(players, GAME.default_options(players), seed)
        bot, rng = make_bot(GAME, "greedy"), Rng(seed)
        events = GAME.opening(state)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            events += GAME.apply(state, bot.choose(GAME.view(state, seat), rng))
        for event in events:
            line = GAME.describe(event, NAMES[:players])
            kinds.add(type(event).__name__)
            assert line and line != type(event).__name__
            if event.to is None or len(event.to) > 1:
                assert " you " not in f" {line.lower()} " and "your" not in line.lower()
    assert {"SpellsRevealed", "FlagDown", "RewardTaken", "RoundEnded", "GameEnded", "WandPointed"} <= kinds


def test_rules_page_lists_every_card_and_french_word():
    text = " ".join(body for _, body in GAME.rules_sections())
    names = " ".join(name for name, _ in GAME.card_entries())
    for reward in REWARD_ROWS:
        assert reward.name in names
    for word in ("Stupéfix", "Sort raté", "Protego", "Maître des Potions", "Retardataire", "Retard"):
        assert word in names
    for word in GLOSSARY:
        assert word in text
    assert "1000" in text and "2+2+2+1" in text


def test_the_rules_page_pairs_each_french_name_with_the_name_the_table_shows():
    """The English rules page said "The table keeps the game's French names" while the table names things in
    English (Stupefy, Misfire, Late token) with the French under them: a new player read one set of names and
    played with another. The page now says so, and its last section gives the table's name beside each French
    one."""
    from tabletop.games.stupefix.terms import TERMS

    sections = dict(GAME.rules_sections())
    assert "keeps the game's French names" not in " ".join(sections.values())
    assert "the table and its log name things in English" in sections["The idea"]
    assert "page and the log use the French" not in sections["The idea"]  # (the log is in English: a newcomer)
    names = sections["The French rulebook's names"]
    for key in ("stupefix", "rate", "retard", "faveur", "pet", "potion", "cours", "retourneur", "maitre"):
        assert TERMS[key]["fr"].removeprefix("jeton ") in names and TERMS[key]["en"] in names, key


def test_example_saves_load_replay_and_match_the_script(tmp_path):
    shipped = sorted(asset_dir("saves").glob("stupefix-*.json"))
    assert [p.name for p in shipped] == ["stupefix-4p-round3-wands.json", "stupefix-7p-round6-draft.json"]
    written = {p.name: p for p in write_examples(tmp_path, GAME.id)}
    for path in shipped:
        match = load_match(path, REGISTRY)
        assert len(match.seats) == (4 if "4p" in path.name else 7)
        fresh = json.loads(written[path.name].read_text())
        assert json.loads(path.read_text())["log"] == fresh["log"]
        assert to_json(match.state) == fresh["snapshot"]


def test_simulate_plays_every_player_count():
    from tabletop.bots import make_bot

    for players in range(4, 9):
        bots = [make_bot(GAME, "random" if seat % 2 else "greedy") for seat in range(players)]
        record = play_one(GAME, players, 100 + players, bots)
        assert record.commands >= 8 * 2 * players and record.winners


def test_registry_offers_stupefix():
    from tabletop.games import GAMES

    assert GAMES["stupefix"] is GAME and GAME.playable
    assert [GAME.seat_label(GAME.default_options(4), s) for s in range(4)] == [
        "Gryffindor",
        "Ravenclaw",
        "Hufflepuff",
        "Slytherin",
    ]


def test_a_take_forced_with_several_cards_of_one_kind_left_is_not_told_as_the_only_reward_left():
    """Two Points 10 left and nothing else: each is taken without asking, and the log must not call either of
    them "the only reward left" (the first is one of two)."""
    state = new(4, chouchou=0)
    play_round(state)
    set_row(state, ["points10", "points10", "potion"])
    events = GAME.apply(state, TakeReward(0, "potion"))
    lines = [GAME.describe(e, NAMES[:4]) for e in events if isinstance(e, ev.RewardTaken) and e.forced]
    assert lines == [
        "Bram takes 10 Points (nothing else left to choose).",
        "Cleo takes 10 Points (nothing else left to choose).",
    ]


def test_the_english_log_names_cards_and_tokens_as_the_table_does():
    """The table says Misfire, Teacher's Pet, Late token, Private Lessons; the English log said "Sort raté",
    "Chouchou", "Retard token", "Cours Particuliers" (the French rulebook's names), and a player could not match
    one to the other (a reviewer playing alone against bots). The log names everything as the table does; French
    keeps the rulebook's names in both."""
    import random

    from tabletop import i18n
    from tabletop.games.stupefix.terms import TERMS, name

    french_only = {entry["fr"] for entry in TERMS.values() if entry["fr"] != entry.get("en")}
    french_only |= {"Retard", "Chouchou", "Potion Réussie", "Maître des Potions", "Retardataire"}
    lines: list[str] = []
    for seed in range(6):
        state, rng = GAME.setup(4 + seed % 5, GAME.default_options(4 + seed % 5), seed), random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            for event in GAME.apply(state, rng.choice(GAME.legal(state, seat))):
                lines.append(GAME.describe(event, NAMES))
    lines += [
        GAME.describe(ev.LessonTaken(0, rate, found), NAMES) for rate in (True, False) for found in ("up", "down")
    ]
    shown = [line for line in lines if any(word in line for word in french_only if word not in ("Protego", "Stupéfix"))]
    assert shown == []
    assert any(name("rate") in line for line in lines) and any("Teacher's Pet" in line for line in lines)
    i18n.set_language("fr")
    assert GAME.describe(ev.LessonTaken(0, True, "up"), NAMES).startswith("Cours Particuliers")


def test_a_hands_cards_are_counted_in_english_with_their_plural():
    """ "5 Misfire" kept the singular for five (the diff review): the count names the cards."""
    from tabletop.games.stupefix.text import spell_count

    assert [spell_count("rate", n) for n in (1, 5)] == ["1 Misfire card", "5 Misfire cards"]
    assert [spell_count("stupefix", n) for n in (1, 3)] == ["1 Stupefy card", "3 Stupefy cards"]


def test_the_glossary_and_how_to_win_tell_the_end_of_game_ties_as_the_rulebook_does():
    """The rulebook: Maître des Potions "en cas d'égalité, personne ne gagne la carte"; a Retardataire to each
    player tied for the most Retard tokens, "si tous les joueurs possèdent le même nombre ... personne". The
    glossary and the guided game's "How to win" gave only the most, so a player read a tie as theirs."""
    from tabletop.ui.tables.stupefix.coach import SUMMARY

    glossary = dict(GLOSSARY)
    assert "nobody" in glossary["Maître des Potions"]
    assert "ties included" in glossary["Retardataire"] and "nobody" in glossary["Retardataire"]
    assert "starts with one" in glossary["Retard"]  # the handicap of a two-player house
    ending = dict(SUMMARY)["How the game ends"]
    assert ending.count("nobody") == 2 and "tied" in ending
