"""A house's score explained, by category as the results screen lists it: what hovering (or tapping, or a long
press on) a house's urn or a seat's points on the table shows.

Before the end it is the score "if the game ended now": the Points in the urn and those taken this round, each
player's Favour bonus, and the Potions Master and Latecomer cards as they would go now (all public: the counts
of Successful Potions, Favours and Late tokens lie in front of every player).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.games.stupefix.cards import LATECOMER, POTIONS_MASTER
from tabletop.games.stupefix.scoring import faveur_bonus, latecomers, potions_master
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui import theme
from tabletop.ui.tables.score_sheet import Sheet, grouped
from tabletop.ui.tables.stupefix.terms import name as term

CATEGORIES = ("Points", "Potions Master", "Latecomer", "Favour")  # as on the results screen


@dataclass(frozen=True)
class Breakdown:
    house: str
    lines: tuple[tuple[str, str, int], ...]  # category, what it is, points
    total: int
    final: bool  # the game is over: these are the final scores


def breakdown(view: StupefixView, house: str, names: list[str]) -> Breakdown:
    seats = [seat for seat in range(view.players) if view.houses[seat] == house]
    urn = dict(view.urns).get(house, ())
    final = view.phase == "over"
    values = Counter(card for card in urn if card.startswith("points"))
    cards = ", ".join(f"{count} x {kind.removeprefix('points')}" for kind, count in sorted(values.items()))
    points = sum(int(kind.removeprefix("points")) * count for kind, count in values.items())
    lines = [("Points", f"Points cards in the urn: {cards}" if cards else "No Points cards in the urn yet", points)]
    pending = sum(sum(view.round_points[seat]) for seat in seats)
    if pending:
        lines.append(("Points", "Points taken this round (into the urn when it ends)", pending))
    lines += _master(view, seats, names, urn, final)
    lines += _latecomers(view, seats, names, urn, final)
    for seat in seats:
        count = view.faveurs[seat]
        lines.append(
            ("Favour", f"{names[seat]}: {count} {term('faveur')} card{'s' * (count != 1)}", faveur_bonus(count))
        )
    return Breakdown(house, tuple(lines), sum(points for _, _, points in lines), final)


def _master(
    view: StupefixView, seats: list[int], names: list[str], urn: tuple[str, ...], final: bool
) -> list[tuple[str, str, int]]:
    master, potion = term("maitre"), term("potion")
    if final:
        return [("Potions Master", f"{master} card", POTIONS_MASTER)] if "maitre" in urn else []
    leader, most = potions_master(view.potions), max(view.potions)
    if leader in seats:
        has = f"{names[leader]} has the most {potion}s ({most})"
        return [("Potions Master", f"{master}: {has}", POTIONS_MASTER)]
    if leader is not None:
        return [("Potions Master", f"{master}: {names[leader]} of {view.houses[leader]} leads for now", 0)]
    if most:
        return [("Potions Master", f"{master}: a tie for the most {potion}s ({most}), nobody would get it", 0)]
    return [("Potions Master", f"{master}: nobody has a {potion} yet", 0)]


def _latecomers(
    view: StupefixView, seats: list[int], names: list[str], urn: tuple[str, ...], final: bool
) -> list[tuple[str, str, int]]:
    card, late = term("retardataire"), term("retard")
    if final:
        return [("Latecomer", f"{card} card", LATECOMER)] * urn.count("retardataire")
    lines = []
    for seat in latecomers(view.retard):
        if seat in seats:
            lines.append(("Latecomer", f"{card}: {names[seat]} has the most {late}s ({view.retard[seat]})", LATECOMER))
    return lines


def sheet(score: Breakdown) -> Sheet:
    """The breakdown on the kit's score sheet: the house and its total, then each category with its lines."""
    when = "final score" if score.final else "if the game ended now"
    crest = f"crests/{score.house.lower()}"
    groups = grouped(score.lines, CATEGORIES)
    return Sheet(score.house, when, str(score.total), groups, edge=theme.house_colour(score.house), crest=crest)
