"""That's Wizard!'s end: every wizard's duels, the victory tokens of each side and the spellbooks, revealed."""

from __future__ import annotations

from tabletop.games.thats_wizard.cards import name
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.play.session import GameSession
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS
from tabletop.ui.tallies import PlayerTally, ResultsData


def tallies(session: GameSession) -> ResultsData:
    state = session.match.state
    result = session.match.result()
    assert result is not None, "the game is not over"
    names = session.names()
    players = []
    for seat in range(state.players):
        lines = []
        for number, (winner, loser) in enumerate(zip(state.duel_winners, state.duel_losers, strict=True), 1):
            if winner == seat:
                lines.append(("Duels", f"Duel {number}: beat {names[loser]}", 1))
            elif loser == seat:
                lines.append(("Duels", f"Duel {number}: lost to {names[winner]}", 0))
        book = ", ".join(name(card) for card in state.books[seat])
        lines.append(("Spellbook", f"Spellbook: {book}", 0))
        team = state.team(seat)
        players.append(
            PlayerTally(
                name=names[seat],
                house="",
                lines=lines,
                total=state.tokens[team],
                categories={"Victory tokens": state.tokens[team], "Duels won": state.duel_winners.count(seat)},
                detail=f"{TEAM_NAMES[team]} side",
                winner=seat in result.winners,
            )
        )
    winners = " and ".join(names[s] for s in result.winners)
    verb = "win" if len(result.winners) > 1 else "wins"
    headline = f"{winners} {verb} the match, {max(state.tokens)} to {min(state.tokens)}"
    if state.ending == "draw":
        headline = f"The match is drawn by agreement, {state.tokens[0]} to {state.tokens[1]}"
    colours = [TEAM_COLOURS[state.team(seat)] for seat in range(state.players)]  # each side's own colour
    return ResultsData("That's Wizard!", players, headline, "", ["Victory tokens", "Duels won"], colours)
