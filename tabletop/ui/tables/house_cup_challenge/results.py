"""House Cup Challenge's end: each player's completed adventures by Year, the winner and the tie-break."""

from __future__ import annotations

from tabletop.games.house_cup_challenge.cards import ADVENTURES, CHARACTERS
from tabletop.games.house_cup_challenge.flow import tiebreak_key
from tabletop.ui.tables.house_cup_challenge.painter import CHARACTER_COLOURS
from tabletop.ui.tallies import PlayerTally, ResultsData

CATEGORIES = ("Year 1", "Year 2", "Year 3", "Year 4", "Year 5")


def tallies(session) -> ResultsData:
    state = session.match.state
    result = session.match.result()
    players = []
    for seat, player in enumerate(state.players):
        lines = [
            (
                f"Year {ADVENTURES[card].year}",
                f"{ADVENTURES[card].title} (Year {ADVENTURES[card].year})",
                ADVENTURES[card].vp,
            )
            for card in player.completed
        ]
        categories = {f"Year {year}": 0 for year in range(1, 6)}
        for card in player.completed:
            categories[f"Year {ADVENTURES[card].year}"] += ADVENTURES[card].vp
        abilities = " ".join(f"{a}{v}" for a, v in player.abilities.items())
        players.append(
            PlayerTally(
                name=session.name(seat),
                house="Gryffindor",
                lines=lines,
                total=player.vp,
                categories=categories,
                detail=f"{CHARACTERS[player.character].name}, {len(player.completed)} adventures, {abilities}",
                winner=seat in result.winners,
            )
        )
    # Everyone plays for Gryffindor: each player's bars take their character's colour instead.
    colours = [CHARACTER_COLOURS[player.character] for player in state.players]
    return ResultsData(
        "House Cup Challenge", players, result.summary, tiebreak_note(state, result.winners), CATEGORIES, colours
    )


def tiebreak_note(state, winners: tuple[int, ...]) -> str:
    best = max(p.vp for p in state.players)
    tied = [seat for seat, p in enumerate(state.players) if p.vp == best]
    if len(tied) == 1:
        return ""
    if len(winners) > 1:
        return "Tied on VP, on completed cards of every Year and on the highest ability: they share the win."
    key = tiebreak_key(state, winners[0])
    return f"Tied on {best} VP; the tie-break (later Years' cards, then the highest ability {key[-1]}) decides."
