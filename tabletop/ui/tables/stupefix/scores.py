"""A house's score explained, by category as the results screen lists it: what hovering (or tapping, or a long
press on) a house's urn or a seat's points on the table shows.

Before the end it is the score "if the game ended now": the Points in the urn and those taken this round, each
player's Favour bonus, and the Potions Master and Latecomer cards as they would go now (all public: the counts
of Successful Potions, Favours and Late tokens lie in front of every player).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.games.stupefix.cards import LATECOMER, POTIONS_MASTER, house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import ngettext
from tabletop.games.stupefix.scoring import faveur_bonus, latecomers, potions_master
from tabletop.games.stupefix.view import StupefixView
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.tables.score_sheet import Sheet, grouped

# The categories, as on the results screen (message ids: ``grouped`` and the results translate them where shown).
CATEGORIES = (N_("Points"), N_("Potions Master"), N_("Latecomer"), N_("Favour"))
POINTS, MASTER, LATE, FAVOUR = CATEGORIES


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
    cards = ", ".join(f"{count} × {kind.removeprefix('points')}" for kind, count in sorted(values.items()))
    points = sum(int(kind.removeprefix("points")) * count for kind, count in values.items())
    if cards:
        lines = [(POINTS, _("Points cards in the urn: {cards}").format(cards=cards), points)]
    else:
        lines = [(POINTS, _("No Points cards in the urn yet"), points)]
    pending = sum(sum(view.round_points[seat]) for seat in seats)
    if pending:
        lines.append((POINTS, _("Points taken this round (into the urn when it ends)"), pending))
    lines += _master(view, seats, names, urn, final)
    lines += _latecomers(view, seats, names, urn, final)
    for seat in seats:
        count = view.faveurs[seat]
        favours = ngettext("{name}: {count} Favour card", "{name}: {count} Favour cards", count)
        lines.append((FAVOUR, favours.format(name=names[seat], count=count), faveur_bonus(count)))
    return Breakdown(house, tuple(lines), sum(points for _category, _line, points in lines), final)


def _master(
    view: StupefixView, seats: list[int], names: list[str], urn: tuple[str, ...], final: bool
) -> list[tuple[str, str, int]]:
    if final:
        return [(MASTER, _("Potions Master card"), POTIONS_MASTER)] if "maitre" in urn else []
    leader, most = potions_master(view.potions), max(view.potions)
    if leader in seats:
        has = _("Potions Master: {name} has the most Successful Potions ({count})")
        return [(MASTER, has.format(name=names[leader], count=most), POTIONS_MASTER)]
    if leader is not None:
        leads = _("Potions Master: {name} of {house} leads for now")
        return [(MASTER, leads.format(name=names[leader], house=house_name(view.houses[leader])), 0)]
    if most:
        tie = _("Potions Master: a tie for the most Successful Potions ({count}), nobody would get it")
        return [(MASTER, tie.format(count=most), 0)]
    return [(MASTER, _("Potions Master: nobody has a Successful Potion yet"), 0)]


def _latecomers(
    view: StupefixView, seats: list[int], names: list[str], urn: tuple[str, ...], final: bool
) -> list[tuple[str, str, int]]:
    if final:
        return [(LATE, _("Latecomer card"), LATECOMER)] * urn.count("retardataire")
    lines = []
    for seat in latecomers(view.retard):
        if seat in seats:
            most = _("Latecomer: {name} has the most Late tokens ({count})")
            lines.append((LATE, most.format(name=names[seat], count=view.retard[seat]), LATECOMER))
    return lines


def sheet(score: Breakdown) -> Sheet:
    """The breakdown on the kit's score sheet: the house and its total, then each category with its lines."""
    when = _("final score") if score.final else _("if the game ended now")
    crest = f"crests/{score.house.lower()}"
    groups = tuple((_(category), total, lines) for category, total, lines in grouped(score.lines, CATEGORIES))
    shown = house_name(score.house)
    return Sheet(shown, when, str(score.total), groups, edge=theme.house_colour(score.house), crest=crest)
