"""Views hide what they must, sampled states fit their views, saves replay, the log reads spells aloud, the
rules page covers every card, the spellbook rules explain themselves, and the examples and CLI work."""

import json
import random
from pathlib import Path

import pytest

from tabletop import cli
from tabletop.bots import make_bot
from tabletop.core import Match, SeatInfo, load_match, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.examples.thats_wizard import duel_match, duos_match
from tabletop.games import GAMES
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import CARDS, PREMADE, SOLO_PREMADES, SPELLS
from tabletop.games.thats_wizard.events import KeepSpell, Play, TakeCards
from tabletop.games.thats_wizard.spellbooks import check_spellbook, check_team, random_book
from tabletop.games.thats_wizard.text import describe, spoken
from tabletop.paths import asset_dir
from tests.thats_wizard_positions import duel, play_round, tracker

NAMES = ["Morgana", "Merlin", "Nimue", "Circe"]
SEER = ["portents", "scry", "arithmancy", "grim_omen", "shock", "reflect", "share_pain"]
ERASER = ["stun", "silence", "levitate", "erase_memory", "reflect", "shock", "share_pain"]


# --- hidden information -----------------------------------------------------------------------------------


def test_a_view_shows_only_its_own_hand_side_board_pick_and_book():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], None])
    GAME.apply(state, Play(0, "explosion", 5))
    theirs = GAME.view(state, 1)
    assert theirs.hand == tuple(state.wizards[1].hand) and theirs.side == tuple(state.wizards[1].side)
    assert theirs.books == (None, tuple(state.books[1]))
    assert theirs.choice is None and theirs.wizards[0].ready and theirs.wizards[0].hand_count == 7
    flat = json.dumps(to_json(theirs))
    assert state.wizards[0].side == ["paralyze", "embrace_pain"] or set(state.wizards[0].side) == {
        "paralyze",
        "embrace_pain",
    }
    for card in state.wizards[0].side + ["death"]:
        assert f'"{card}"' not in flat  # no word of the other wizard's side board or hand
    mine = GAME.view(state, 0)
    assert mine.choice == ("explosion", 5, False)


def test_private_events_go_only_to_their_owner():
    state = duel([SEER, "The Boy Wizard"], [["scry"], None])
    events = play_round(state, {0: ("scry", 3), 1: None})
    looked = [e for e in events if isinstance(e, ev.ScryLooked)]
    assert looked[0].to == (0,) and looked[0].cards and looked[1].to == (1,) and looked[1].cards == ()
    events = GAME.apply(state, KeepSpell(0, looked[0].cards[0]))
    kept = [e for e in events if isinstance(e, ev.ScryKept)]
    assert kept[0].to == (0,) and kept[1] == ev.ScryKept(0, None, to=(1,))
    assert GAME.view(state, 1).wizards[0].has_borrowed


def test_erase_memory_shows_the_hand_to_its_caster_only():
    state = duel([ERASER, "The Dark Lord"], [["erase_memory"], None])
    play_round(state, {0: ("erase_memory", 7), 1: None})
    assert GAME.view(state, 0).prompt.cards != ()
    assert sorted(GAME.view(state, 1).prompt.cards) == sorted(state.wizards[1].hand)
    sampled = GAME.sample(GAME.view(state, 0), Rng(4))
    assert sorted(sampled.wizards[1].hand) == sorted(state.wizards[1].hand)
    assert GAME.view(sampled, 0) == GAME.view(state, 0)
    GAME.apply(state, TakeCards(0, ("death", "focus")))  # any order: the rules sort it
    assert sorted(state.lasting[0].under) == ["death", "focus"]


def test_spellbooks_are_revealed_when_the_match_ends():
    match = duel_match()
    state = match.state
    assert GAME.view(state, 0).books[1] is None
    bot = make_bot(GAME, "greedy")
    rng = Rng(2)
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, bot.choose(GAME.view(state, seat), rng))
    assert GAME.view(state, 0).books[1] == tuple(PREMADE["The Dark Lord"])


@pytest.mark.parametrize("players", [2, 4])
def test_sampled_states_keep_the_view_and_vary_the_secrets(players):
    state = GAME.setup(players, GAME.default_options(players), 21)
    rng = random.Random(5)
    differences = 0
    for _ in range(60):
        if GAME.result(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        first, second = GAME.sample(view, Rng(1)), GAME.sample(view, Rng(2))
        assert GAME.view(first, seat) == view and GAME.view(second, seat) == view
        assert GAME.check_state(first) == [] and GAME.check_state(second) == []
        others = [s for s in range(players) if s != seat]
        differences += any(first.wizards[o].hand != second.wizards[o].hand for o in others)
        GAME.apply(state, rng.choice(GAME.legal(state, seat)))
    assert differences > 10  # the unknowns really are drawn, not copied


# --- saves, examples, the command line -----------------------------------------------------------------------


def test_a_duos_match_in_progress_saves_and_replays(tmp_path):
    seats = [SeatInfo(name, "random") for name in NAMES]
    match = Match(GAME, seats, GAME.default_options(4), 9)
    rng = Rng(9)
    bot = make_bot(GAME, "random")
    for _ in range(80):
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    path = tmp_path / "duos.json"
    write_save(match, path)
    loaded = load_match(path, GAMES)
    assert to_json(loaded.state) == to_json(match.state) and loaded.log == match.log
    assert GAME.progress(match.state).words().startswith(("Set", "Sudden"))


def test_the_shipped_examples_load_and_are_what_they_say():
    duel_path = asset_dir("saves") / "thats-wizard-duel.json"
    duos_path = asset_dir("saves") / "thats-wizard-duos.json"
    duel_loaded, duos_loaded = load_match(duel_path, GAMES), load_match(duos_path, GAMES)
    assert duel_loaded.result() is None and duel_loaded.state.duel == 2
    assert duos_loaded.result() is None and duos_loaded.state.players == 4 and duos_loaded.state.lasting
    assert to_json(duel_loaded.state) == to_json(duel_match().state)
    assert to_json(duos_loaded.state) == to_json(duos_match().state)


@pytest.mark.parametrize("players", ["2", "4"])
def test_simulate_from_the_command_line(players, capsys):
    code = cli.main(["simulate", "thats-wizard", "--players", players, "--games", "6", "--bots", "greedy", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["errors"] == 0 and report["games"] == 6
    assert sum(report["wins"]) == 6 * (1 if players == "2" else 2)


# --- words ------------------------------------------------------------------------------------------------------


def test_the_log_reads_spells_aloud_with_their_numbers():
    assert spoken("explosion", 4, "Morgana", ["the Dark Lord"]) == "Explosion at 4: 5 Damage to the Dark Lord"
    line = describe(ev.SpellRead(0, "mind_control", 10, (1,), False, False), NAMES)
    assert line == "Morgana casts Mind Control at 10: Merlin forfeits if they have 2 Power or less."
    line = describe(ev.SpellRead(0, "embrace_pain", 3, (0,), False, False), NAMES)
    assert "for 2 rounds from next round" in line
    line = describe(ev.StaminaLost(1, 7, "damage", "shock", 0, 13, 2), NAMES)
    assert line == "Shock: 7 Damage to Merlin, 2 of it from Brittlebones (13 Stamina left)."


def test_every_event_of_a_match_has_a_line_naming_wizards_by_name():
    state = GAME.setup(4, GAME.default_options(4), 3)
    rng = random.Random(3)
    kinds = set()
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        for event in GAME.apply(state, rng.choice(GAME.legal(state, seat))):
            line = GAME.describe(event, NAMES)
            kinds.add(type(event).__name__)
            assert line and line != type(event).__name__
            assert " you " not in f" {line.lower()} "
    assert {"Revealed", "SpellRead", "StaminaLost", "DuelWon", "MatchWon"} <= kinds


def test_the_rules_page_has_every_card_and_the_spellbook_rules():
    entries = dict(GAME.card_entries())
    assert set(entries) == {card.name for card in CARDS.values()}
    assert "level 4" in entries["Death"] and "11 Stamina or less" in entries["Death"]
    titles = [title for title, _ in GAME.rules_sections()]
    assert "Building a spellbook" in titles and "Duos (2 vs 2)" in titles


# --- spellbook rules ---------------------------------------------------------------------------------------------


def test_the_premade_books_are_legal_and_the_duos_pairs_share_nothing():
    for name in SOLO_PREMADES:
        assert check_spellbook(PREMADE[name], duos=False) == []
    for name, book in PREMADE.items():
        assert check_spellbook(book, duos=True) == [], name
    assert check_team([PREMADE["The Constable"], PREMADE["The Rogue"]]) == []
    assert check_team([PREMADE["The Sorceress"], PREMADE["The Prophet"]]) == []
    assert check_spellbook(PREMADE["The Rogue"], duos=False)  # Duos spells, in a 1 vs 1 match


def test_an_illegal_book_is_explained_rule_by_rule():
    problems = check_spellbook(["death", "conflagration", "stun", "focus", "stun", "energize"], duos=False)
    text = " | ".join(problems)
    assert "Rule 1 (seven spells)" in text and "has 6" in text
    assert "Focus is a special action card" in text
    assert "Stun is in the book 2 times" in text
    assert "Duos spells are played only in Duos" in text and "Energize" in text
    assert "Death and Conflagration" in text or "Conflagration and Death" in text
    assert "Rule 2 (levels in order)" in text and "spells of levels 1, 2, 3." in text
    # one level missing: one spell ("needs Charm spells of level 1" for Silence alone: a new player's review)
    assert "so the book also needs a Charm spell of level 1." in " | ".join(check_spellbook(["silence"], duos=False))
    assert check_team([["stun"], ["stun"]]) == [
        "Allies share one deck, so a spell can be in only one of their spellbooks. In both: Stun."
    ]


def test_random_books_are_legal_and_honour_what_they_must_hold():
    rng = Rng(7)
    for index in range(200):
        duos = index % 2 == 0
        required = [rng.choice([c for c in SPELLS if duos or not CARDS[c].duos])]
        book = random_book(rng, duos, required=required)
        assert book is not None and check_spellbook(book, duos) == [] and required[0] in book
    assert random_book(rng, False, required=["death", "conflagration"]) is None


def test_play_again_leaves_options_alone_when_the_saved_drawn_seats_do_not_fit():
    """``rematch_options`` reads a save, which may hold anything: drawn seats that are no seats of the match (or
    book names that do not match the books) leave the options as they were."""
    from tabletop.games.thats_wizard.spellbooks import rematch_options

    names = ["The Dark Lord", "The Boy Wizard"]
    options = {"books": [list(PREMADE[name]) for name in names], "book_names": names, "drawn": [1, 5]}
    assert rematch_options(options, 3) == options
    assert rematch_options({**options, "drawn": [1], "book_names": names[:1]}, 3)["book_names"] == names[:1]


def test_check_state_notices_a_lost_card_and_broken_bounds():
    state = duel(["The Dark Lord", "The Boy Wizard"])
    assert GAME.check_state(state) == []
    state.wizards[0].hand.pop()
    assert any("cards missing" in p for p in GAME.check_state(state))
    state = duel(["The Dark Lord", "The Boy Wizard"])
    tracker(state, 1, 21, 11)
    problems = GAME.check_state(state)
    assert any("Stamina is 21" in p for p in problems) and any("Power is 11" in p for p in problems)


def test_progress_line():
    state = GAME.setup(2, GAME.default_options(2), 1)
    assert GAME.progress(state).words() == "Duel 1, choosing side boards (0-0)"
    assert Path(asset_dir("art") / "thats_wizard" / "back_blue.png").exists()
