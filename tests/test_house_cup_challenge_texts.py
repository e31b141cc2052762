"""House Cup Challenge's rules page, its example saves and its line in the registry."""

from __future__ import annotations

import json

from tabletop.core import load_match
from tabletop.core.codec import to_json
from tabletop.examples import write_examples
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import GAME
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
