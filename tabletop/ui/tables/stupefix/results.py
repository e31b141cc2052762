"""Stupéfix's end: each house's urn line by line (Points, Maître des Potions, Retardataire, Faveur)."""

from __future__ import annotations

from tabletop.games.stupefix.scoring import faveur_bonus, house_tallies
from tabletop.play.session import GameSession
from tabletop.ui.tallies import PlayerTally, ResultsData

CATEGORIES = ("Points", "Maître", "Retardataire", "Faveur")


def tallies(session: GameSession) -> ResultsData:
    state, names = session.match.state, session.names()
    houses = house_tallies(state.houses, state.urns, state.faveurs)
    best = max(t.total for t in houses.values())
    columns = []
    for house, tally in houses.items():
        members = tally.seats
        points = sum(1 for c in state.urns[house] if c.startswith("points"))
        lines = [("Points", f"Points cards in the urn ({points})", tally.points)]
        if tally.master:
            seat = next(s for s in members if state.potions[s] == max(state.potions))
            lines.append(("Maître", f"Maître des Potions: {names[seat]} ({state.potions[seat]} potions)", tally.master))
        for seat in members:
            if state.retard[seat] == max(state.retard) and tally.latecomers:
                lines.append(("Retardataire", f"Retardataire: {names[seat]} ({state.retard[seat]} Retard)", -100))
        for seat in members:
            cards = f"{state.faveurs[seat]} card{'s' * (state.faveurs[seat] != 1)}"
            lines.append(("Faveur", f"Faveur: {names[seat]}, {cards}", faveur_bonus(state.faveurs[seat])))
        parts = (tally.points, tally.master, tally.latecomers, tally.faveur)
        columns.append(
            PlayerTally(
                name=" & ".join(names[s] for s in members),
                house=house,
                lines=lines,
                total=tally.total,
                categories=dict(zip(CATEGORIES, parts, strict=True)),
                detail=", ".join(f"{names[s]}: {state.potions[s]} Potion, {state.retard[s]} Retard" for s in members),
                winner=tally.total == best,
            )
        )
    winners = [c.house for c in columns if c.winner]
    tie = f"{' and '.join(winners)} are tied on {best}: they share the victory." if len(winners) > 1 else ""
    result = session.match.result()
    assert result is not None  # (the results come at the end)
    return ResultsData("Stupéfix", columns, result.summary, tie, CATEGORIES)
