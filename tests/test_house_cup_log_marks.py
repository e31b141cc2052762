"""A log line ending on a card title that ends with its own mark has no full stop after it (a French review read
"Arthur applique aussitôt la carte Vous avez du courrier !." in the side log; English "Trouble makes Ada discard
You've Got a Letter!.")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop import i18n
from tabletop.games.house_cup import events as ev
from tabletop.games.house_cup.text import describe

NAMES = ["Ada", "Ben"]


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_an_english_line_ending_on_a_title_with_a_mark_has_no_full_stop_after_it():
    line = describe(ev.CardDiscarded(0, "letter-1", "trouble"), NAMES)
    assert line == "Trouble makes Ada discard You've Got a Letter!", line
    assert describe(ev.CardDiscarded(0, "potions-1", "trouble"), NAMES) == "Trouble makes Ada discard Potions."


def test_a_french_line_ending_on_a_title_with_a_mark_has_no_full_stop_after_it(french):
    line = describe(ev.InstantApplied(1, "letter-1"), NAMES)
    assert line.endswith("Vous avez du courrier !"), line
    kept = describe(ev.SearchKept(0, "potions-1", ("trouble-2", "forward-3")), NAMES)
    assert kept.endswith("en avant !"), kept
