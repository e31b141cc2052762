"""House Cup Challenge's rules page, its example saves and its line in the registry."""

from __future__ import annotations

import json

from tabletop.core import load_match
from tabletop.core.codec import to_json
from tabletop.examples import write_examples
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.cards import ADVENTURES, CHARACTERS, SPECIALS
from tabletop.paths import asset_dir


def test_rules_page_lists_every_character_special_and_adventure_card():
    names = [name for name, _ in GAME.card_entries()]
    for character in CHARACTERS.values():
        assert any(character.name in name for name in names), character.name
    for special in SPECIALS.values():
        assert any(special.name in name for name in names), special.name
    for card in ADVENTURES.values():
        assert any(card.title in name for name in names), card.title
    assert len(names) == len(CHARACTERS) + len(SPECIALS) + len(ADVENTURES) == 120
    text = " ".join(body for _, body in GAME.rules_sections())
    for phrase in ("500", "Wand", "New Year", "Prefect"):
        assert phrase in text


def test_example_saves_load_replay_and_match_the_script(tmp_path):
    shipped = sorted(asset_dir("saves").glob("house-cup-challenge-*.json"))
    assert [p.name for p in shipped] == ["house-cup-challenge-year1-start.json", "house-cup-challenge-year4.json"]
    written = {p.name: p for p in write_examples(tmp_path, GAME.id)}
    for path in shipped:
        match = load_match(path, GAMES)
        assert match.state.year == (1 if "year1" in path.name else 4)
        fresh = json.loads(written[path.name].read_text())
        assert json.loads(path.read_text())["log"] == fresh["log"]
        assert to_json(match.state) == fresh["snapshot"]


def test_a_walk_is_told_from_the_space_it_set_out_from():
    """ "Ada moves: Fat Lady's Portrait -> Library." left out where Ada was (a reviewer reading the log against the
    board): a walk is told from its first space."""
    from tabletop.games.house_cup_challenge.board import name as space_name
    from tests.house_cup_challenge_positions import position

    state = position(cells=["A5", "H7", "H7", "H7"])
    walk = next(c for c in GAME.legal(state, 0) if isinstance(c, ev.Move) and len(c.path) >= 2)
    moved = next(e for e in GAME.apply(state, walk) if isinstance(e, ev.Moved))
    line = GAME.describe(moved, ["Ada", "Ben", "Cleo", "Dev"])
    assert moved.start == "A5"
    assert line == f"Ada moves: {' → '.join(space_name(c) for c in ('A5', *walk.path))}."
