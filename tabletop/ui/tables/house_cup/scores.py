"""A House Cup score explained: what hovering, tapping or long-pressing a score on the table shows.

Before the end it is the score "if the game ended now" (cards, reward tokens and the Quidditch lead are public),
grouped by the results screen's categories, each category's lines under it; and what moved it last, so a score
that jumps (a lost Quidditch lead costs 30 at once) says why.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.scoring import (
    CATEGORIES,
    SHEET_CATEGORIES,
    best_flywheel_set,
    quidditch_leaders,
    score_player,
)
from tabletop.games.house_cup.view import HouseCupView
from tabletop.ui import theme
from tabletop.ui.tables.score_sheet import Sheet, grouped, score_sheet, signed

PREFIX = "score:"  # a score's key among the things the table enlarges ("score:2": seat 2's)


@dataclass(frozen=True)
class Breakdown:
    name: str
    house: str
    lines: tuple[tuple[str, str, int], ...]  # category, what it is, points
    total: int
    final: bool  # the game is over: the final score
    change: tuple[tuple[str, int], ...] = ()  # what moved the score last: each category's change

    def by_category(self) -> dict[str, int]:
        """Each category's points, as the results screen's chart adds them."""
        totals = dict.fromkeys(CATEGORIES, 0)
        for category, _text, points in self.lines:
            if category in totals:
                totals[category] += points
        return totals


def breakdown(view: HouseCupView, seat: int, name: str) -> Breakdown:
    """``seat``'s score now, line by line (the Flywheel of Time in the set where it scores most, as the end
    will count it unless its owner chooses otherwise; once the game is over, in the set its owner chose, or in none
    when they chose "No set")."""
    leaders = quidditch_leaders(view.tableau, view.houses)
    cards, house, rewards = view.tableau[seat], view.houses[seat], view.rewards[seat]
    final = view.phase == "over"
    extra = view.flywheel_set
    if not final and "flywheel-1" in cards:
        extra = best_flywheel_set(cards, rewards, house, leaders)
    tally = score_player(cards, rewards, house, leaders, extra)
    lines = tuple((line.category, line.text, line.points) for line in tally.lines)
    return Breakdown(name, house, lines, tally.total, final)


def changed(before: Breakdown, after: Breakdown) -> tuple[tuple[str, int], ...]:
    """How each category moved from ``before`` to ``after`` (only those that moved)."""
    old, new = before.by_category(), after.by_category()
    return tuple(
        (category, new.get(category, 0) - old.get(category, 0))
        for category in CATEGORIES
        if new.get(category, 0) != old.get(category, 0)
    )


def key(seat: int) -> str:
    return f"{PREFIX}{seat}"


def seat_of(key: str) -> int | None:
    return int(key.removeprefix(PREFIX)) if key.startswith(PREFIX) else None


def score_card(score: Breakdown, width: int) -> pygame.Surface:
    """The breakdown on a sheet: the house and its total, each category with its total and its lines under it,
    and what moved the score last."""
    change = ", ".join(f"{_(category)} {signed(points)}" for category, points in score.change)
    lines = [(_(category), text, points) for category, text, points in score.lines]  # (categories: English keys)
    sheet = Sheet(
        title=score.name,
        subtitle=_("final score") if score.final else _("points if the game ended now"),
        total=str(score.total),
        groups=grouped(lines, [_(category) for category in SHEET_CATEGORIES]),
        note=_("Last change: {change}").format(change=change) if change else "",
        edge=theme.house_colour(score.house),
        crest=f"crests/{score.house.lower()}",
        empty=_("No points yet: no cards, no reward tokens."),
    )
    return score_sheet(sheet, width)


__all__ = ["Breakdown", "breakdown", "changed", "key", "score_card", "seat_of", "signed"]
