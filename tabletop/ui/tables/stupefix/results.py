"""Stupéfix's end: each house's urn line by line (Points, Maître des Potions, Retardataire, Faveur)."""

from __future__ import annotations

from tabletop.games.stupefix.scoring import faveur_bonus, house_tallies
from tabletop.ui.tallies import PlayerTally, ResultsData

CATEGORIES = ("Points", "Maître", "Retardataire", "Faveur")


def tallies(session) -> ResultsData:
    state = session.match.state
    result = session.match.result()
    names = session.names()
    houses = house_tallies(state.houses, state.urns, state.faveurs)
    best = max(t.total for t in houses.values())
    columns = []
    for house, tally in houses.items():
        members = [seat for seat, h in enumerate(state.houses) if h == house]
        lines = [
            (
                "Points",
                f"Points cards in the urn ({sum(1 for c in state.urns[house] if c.startswith('points'))})",
                tally.points,
            )
        ]
        if tally.master:
            master = next(s for s in members if state.potions[s] == max(state.potions))
            lines.append(
                ("Maître", f"Maître des Potions: {names[master]} ({state.potions[master]} potions)", tally.master)
            )
        for seat in members:
            if state.retard[seat] == max(state.retard) and tally.latecomers:
                lines.append(("Retardataire", f"Retardataire: {names[seat]} ({state.retard[seat]} Retard)", -100))
        for seat in members:
            lines.append(
                (
                    "Faveur",
                    f"Faveur: {names[seat]}, {state.faveurs[seat]} card{'s' * (state.faveurs[seat] != 1)}",
                    faveur_bonus(state.faveurs[seat]),
                )
            )
        categories = {
            "Points": tally.points,
            "Maître": tally.master,
            "Retardataire": tally.latecomers,
            "Faveur": tally.faveur,
        }
        detail = ", ".join(f"{names[s]}: {state.potions[s]} Potion, {state.retard[s]} Retard" for s in members)
        columns.append(
            PlayerTally(
                name=" & ".join(names[s] for s in members) if len(members) > 1 else names[members[0]],
                house=house,
                lines=lines,
                total=tally.total,
                categories=categories,
                detail=detail,
                winner=tally.total == best,
            )
        )
    winners = [c for c in columns if c.winner]
    tie = (
        f"{' and '.join(c.house for c in winners)} are tied on {best}: they share the victory."
        if len(winners) > 1
        else ""
    )
    return ResultsData("Stupéfix", columns, result.summary, tie, CATEGORIES)
