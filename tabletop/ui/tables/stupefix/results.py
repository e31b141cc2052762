"""Stupéfix's end: each house's urn line by line (Points, Potions Master, Latecomer, Favour), in the interface's
language (the categories are handed over by their English keys, which the results screen translates)."""

from __future__ import annotations

from tabletop.games.stupefix.cards import house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing, ngettext
from tabletop.games.stupefix.scoring import faveur_bonus, house_tallies, potions_master
from tabletop.i18n import game_title
from tabletop.play.session import GameSession
from tabletop.ui.tables.stupefix.scores import CATEGORIES, FAVOUR, LATE, MASTER, POINTS
from tabletop.ui.tallies import PlayerTally, ResultsData


def _potions(count: int) -> str:
    return ngettext("{count} Successful Potion", "{count} Successful Potions", count).format(count=count)


def _late(count: int) -> str:
    return ngettext("{count} Late token", "{count} Late tokens", count).format(count=count)


def tallies(session: GameSession) -> ResultsData:
    state, names = session.match.state, session.names()
    houses = house_tallies(state.houses, state.urns, state.faveurs)
    best = max(t.total for t in houses.values())
    most = max(state.potions)
    tied = most > 0 and potions_master(state.potions) is None  # a tie for the most: nobody is Potions Master
    columns = []
    for house, tally in houses.items():
        members = tally.seats
        points = sum(1 for c in state.urns[house] if c.startswith("points"))
        lines = [(POINTS, _("Points cards in the urn ({count})").format(count=points), tally.points)]
        if tally.master:
            seat = next(s for s in members if state.potions[s] == most)
            master = _("Potions Master: {name} ({potions})").format(name=names[seat], potions=_potions(most))
            lines.append((MASTER, master, tally.master))
        for seat in members:
            if tied and state.potions[seat] == most:
                tie = _("Potions Master: {name} tied for the most ({potions}): nobody gets it")
                lines.append((MASTER, tie.format(name=names[seat], potions=_potions(most)), 0))
        for seat in members:
            if state.retard[seat] == max(state.retard) and tally.latecomers:
                late = _("Latecomer: {name} ({tokens})").format(name=names[seat], tokens=_late(state.retard[seat]))
                lines.append((LATE, late, -100))
        for seat in members:
            count = state.faveurs[seat]
            favour = ngettext("Favour: {name}, {count} card", "Favour: {name}, {count} cards", count)
            lines.append((FAVOUR, favour.format(name=names[seat], count=count), faveur_bonus(count)))
        parts = (tally.points, tally.master, tally.latecomers, tally.faveur)
        potions, late = sum(state.potions[s] for s in members), sum(state.retard[s] for s in members)
        columns.append(
            PlayerTally(
                name=listing([names[s] for s in members]),  # ("Ada and Cleo" in the language shown: not "&")
                house=house,
                lines=lines,
                total=tally.total,
                categories=dict(zip(CATEGORIES, parts, strict=True)),
                detail=_("{potions}, {tokens}").format(potions=_potions(potions), tokens=_late(late)),
                winner=tally.total == best,
            )
        )
    winners = [house_name(c.house) for c in columns if c.winner]
    tie = ""
    if len(winners) > 1:
        shared = ngettext(
            "{names} are tied on {points} point: they share the victory.",
            "{names} are tied on {points} points: they share the victory.",
            abs(best),
        )
        tie = shared.format(names=listing(winners), points=best)
    result = session.match.result()
    assert result is not None  # (the results come at the end)
    return ResultsData(game_title(session.game.id, session.game.title), columns, result.summary, tie, CATEGORIES)
