"""The 100 Adventure Cards against the supplement's card table (1.6).

Two layers, so a clean checkout of the repository (CI) still checks the table:
- always: every invariant the supplement states about the cards - 100 cards in five Years of 28/20/18/17/17,
  the VP total of each Year and the 1.3x-per-mark margin, the Test range of each Year, 76 ability rewards,
  the average VP per Year, VP values taken from the supplement's lowering table, existing "Play:" spaces - and a
  fingerprint of the whole table, recorded when it was compared card by card with the supplement;
- when the supplement is next to the repository (``../shared/rules/house-cup-challenge.md``): every card's
  title, Play:, Test, VP, reward and setback equal its row there, and the fingerprint is the file's own.
"""

import hashlib
import re
from pathlib import Path

import pytest

from tabletop.games.house_cup_challenge.board import BY_NAME, START
from tabletop.games.house_cup_challenge.cards import ADVENTURES, YEAR_CARDS

SUPPLEMENT = Path(__file__).resolve().parents[1].parent / "shared" / "rules" / "house-cup-challenge.md"
# sha256 of the 100 rows "ID|Title|Play|Test|VP|Reward|Setback" (one per line, in ID order), computed from the
# supplement's section 1.6 on the day the table in cards.py was checked against it card by card.
FINGERPRINT = "7d6112f3058468c14feb1b0762ce06b770c5aa8fb7585e0bf3febf2a5c8f54b8"

SIZES = {1: 28, 2: 20, 3: 18, 4: 17, 5: 17}
VP_TOTALS = {1: 135, 2: 126, 3: 133, 4: 147, 5: 211}
TEST_RANGES = {1: (1, 3), 2: (2, 4), 3: (3, 5), 4: (4, 6), 5: (5, 8)}
AVERAGES = {1: 4.8, 2: 6.3, 3: 7.4, 4: 8.6, 5: 12.4}
# The playtest fix lowered every VP value with one table (old -> new); only its new values may appear.
LOWERED = {5: 4, 6: 4, 8: 5, 10: 6, 12: 7, 14: 8, 15: 8, 16: 9, 18: 10, 20: 11, 22: 12, 25: 13, 28: 14, 32: 16, 40: 20}


def row(card) -> str:
    setback = "Hospital" if card.setback == "hospital_setback" else "std"
    return "|".join(
        (card.id, card.title, ", ".join(card.play), card.test.text(), str(card.vp), card.reward_text(), setback)
    )


def fingerprint(rows: list[str]) -> str:
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()


def test_one_hundred_cards_in_five_years_numbered_in_order():
    assert len(ADVENTURES) == 100
    assert {year: len(cards) for year, cards in YEAR_CARDS.items()} == SIZES
    for year, cards in YEAR_CARDS.items():
        assert list(cards) == [f"Y{year}-{n:02d}" for n in range(1, SIZES[year] + 1)]
    assert len({card.title for card in ADVENTURES.values()}) == 100


def test_vp_per_year_the_margin_over_each_mark_and_the_averages():
    totals = {year: sum(ADVENTURES[c].vp for c in cards) for year, cards in YEAR_CARDS.items()}
    assert totals == VP_TOTALS and sum(totals.values()) == 752
    available = 0
    for year in range(1, 6):
        available += totals[year]
        # "Each Year's cards, together with the leftovers of earlier Years, hold at least 1.3 times the points
        # needed for the next mark"; all cards are worth 1.5 times the 500 that ends the game.
        assert available >= 1.3 * 100 * year, year
    assert round(available / 500, 2) == 1.50
    for year, average in AVERAGES.items():
        assert round(totals[year] / SIZES[year], 1) == average
    assert {card.vp for card in ADVENTURES.values()} <= set(LOWERED.values())


def test_tests_rewards_and_setbacks_have_the_supplements_forms_and_ranges():
    for year, cards in YEAR_CARDS.items():
        numbers = [n for c in cards for _, n in ADVENTURES[c].test.parts]
        assert (min(numbers), max(numbers)) == TEST_RANGES[year], year
    for card in ADVENTURES.values():
        test = card.test
        assert re.fullmatch(r"[KSH]\d|[KSH]\d / [KSH]\d|[KSH]\d \+ [KSH]\d", test.text()), card.id
        assert len(set(test.abilities)) == len(test.parts)
        assert card.reward in ("raise_ability", "draw_cards", "take_special")
        assert card.setback in ("standard_setback", "hospital_setback")
    raising = [c for c in ADVENTURES.values() if c.reward == "raise_ability"]
    assert len(raising) == 76  # "76 of the 100 cards raise an ability"
    assert all(c.reward_arg in "KSH" for c in raising)
    assert all(c.reward_arg in ("1", "2") for c in ADVENTURES.values() if c.reward == "draw_cards")


def test_every_play_space_is_on_the_board_and_never_the_common_room():
    for card in ADVENTURES.values():
        assert card.play and card.cells, card.id
        assert all(name in BY_NAME or name in ("Forest", "Corridor") for name in card.play), card.id
        assert START not in card.cells


def test_the_table_is_the_one_checked_against_the_supplement():
    rows = [row(ADVENTURES[c]) for c in sorted(ADVENTURES)]
    assert fingerprint(rows) == FINGERPRINT, (
        "the card table changed since it was checked against the supplement's 1.6: compare it again "
        "(test_every_card_equals_its_row_in_the_supplement) and record the new fingerprint"
    )


def supplement_rows() -> dict[str, str]:
    """The supplement's card rows, normalised like ``row``: "| Y1-01 | Title | Play | Test | 4 VP, +1 H | std |"."""
    out = {}
    for line in SUPPLEMENT.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"\| (Y\d-\d\d) \| (.+?) \| (.+?) \| (.+?) \| (\d+) VP, (.+?) \| (std|Hospital) \|", line)
        if match:
            ident, title, play, test, vp, reward, setback = match.groups()
            out[ident] = "|".join((ident, title, play, test, vp, reward, setback))
    return out


@pytest.mark.skipif(not SUPPLEMENT.exists(), reason="the rules supplement is not next to this checkout")
def test_every_card_equals_its_row_in_the_supplement():
    theirs = supplement_rows()
    assert len(theirs) == 100 and sorted(theirs) == sorted(ADVENTURES)
    for ident, card in ADVENTURES.items():
        assert row(card) == theirs[ident]
    assert fingerprint([theirs[c] for c in sorted(theirs)]) == FINGERPRINT


def test_the_time_turner_says_its_card_played_elsewhere_still_draws_three():
    """The rulebook: a Special Card's play to another space draws no bonus cards "unless the card tells you to do
    so"; the supplement's Time-Turner does (its actions are normal ones, 3 bonus cards included) and the rules
    draw them, but the card said only "with all their usual effects"."""
    from tabletop.games.house_cup_challenge.cards import SPECIALS

    assert "a card played to another space still draws 3" in SPECIALS["timeturner"].text_en
