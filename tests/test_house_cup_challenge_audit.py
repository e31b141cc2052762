"""House Cup Challenge: what a sixth rules audit found, each through the protocol (and the words the app shows)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop import i18n
from tabletop.core import IllegalCommand
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge.cards import SPECIALS
from tabletop.games.house_cup_challenge.events import Move, UseSpecial
from tests.house_cup_challenge_positions import position


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_time_turners_words_forbid_only_the_use_1_special_card_action():
    """Supplement 1.5, Time-Turner: "They are normal actions with all their usual effects ... Neither may be 'Use 1
    Special Card'." A [Free] card is no action (1.5: "flipped at the moment they describe and cost no action"), so
    the Invisibility Cloak walks past a card in a Time-Turner move, as the engine lets it; the card said "Neither may
    use a Special Card", which forbids the Cloak too."""
    specials = [["timeturner", "cloak", "hedwig"], []]
    state = position(characters=("hermione", "ron"), cells=["B4", "C7"], board={"C4": "Y1-25"}, specials=specials)
    GAME.apply(state, UseSpecial(0, "timeturner"))
    with pytest.raises(IllegalCommand, match="Time-Turner"):
        GAME.apply(state, UseSpecial(0, "hedwig"))
    cloaked = Move(0, ("C4",), ("cloak",))
    assert cloaked in GAME.legal(state, 0)
    GAME.apply(state, cloaked)
    assert "cloak" in state.players[0].specials_down
    words = {
        "en": ("Use 1 Special Card", "[Free]"),
        "fr": ("Utiliser 1 carte Spéciale", "[Libre]"),
        "ru": ("Использовать 1 особую карту", "[Свободная]"),
    }
    for language, (action, free) in words.items():
        i18n.set_language(language)
        text = SPECIALS["timeturner"].text
        assert action in text and free in text, (language, text)
