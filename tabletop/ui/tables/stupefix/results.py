"""Stupéfix's end: each house's urn line by line (Points, Potions Master, Latecomer, Favour), in English."""

from __future__ import annotations

from tabletop.games.stupefix.scoring import faveur_bonus, house_tallies, potions_master
from tabletop.play.session import GameSession
from tabletop.ui.tables.stupefix.scores import CATEGORIES
from tabletop.ui.tables.stupefix.terms import name as term
from tabletop.ui.tallies import PlayerTally, ResultsData


def _count(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


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
        lines = [("Points", f"Points cards in the urn ({points})", tally.points)]
        if tally.master:
            seat = next(s for s in members if state.potions[s] == most)
            potions = _count(state.potions[seat], term("potion"))
            lines.append(("Potions Master", f"{term('maitre')}: {names[seat]} ({potions})", tally.master))
        for seat in members:
            if tied and state.potions[seat] == most:
                tie = f"{names[seat]} tied for the most ({_count(most, term('potion'))}): nobody gets it"
                lines.append(("Potions Master", f"{term('maitre')}: {tie}", 0))
        for seat in members:
            if state.retard[seat] == max(state.retard) and tally.latecomers:
                late = _count(state.retard[seat], term("retard"))
                lines.append(("Latecomer", f"{term('retardataire')}: {names[seat]} ({late})", -100))
        for seat in members:
            cards = _count(state.faveurs[seat], "card")
            lines.append(("Favour", f"{term('faveur')}: {names[seat]}, {cards}", faveur_bonus(state.faveurs[seat])))
        parts = (tally.points, tally.master, tally.latecomers, tally.faveur)
        potions, late = sum(state.potions[s] for s in members), sum(state.retard[s] for s in members)
        detail = f"{_count(potions, term('potion'))}, {_count(late, term('retard'))}"
        columns.append(
            PlayerTally(
                name=" & ".join(names[s] for s in members),
                house=house,
                lines=lines,
                total=tally.total,
                categories=dict(zip(CATEGORIES, parts, strict=True)),
                detail=detail,
                winner=tally.total == best,
            )
        )
    winners = [c.house for c in columns if c.winner]
    tie = f"{' and '.join(winners)} are tied on {best}: they share the victory." if len(winners) > 1 else ""
    result = session.match.result()
    assert result is not None  # (the results come at the end)
    return ResultsData("Stupéfix", columns, result.summary, tie, CATEGORIES)
