"""That's Wizard!'s end: every wizard's duels, the victory tokens of each side and the spellbooks, revealed."""

from __future__ import annotations

from tabletop.games.thats_wizard.cards import name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.play.session import GameSession
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS
from tabletop.ui.tallies import PlayerTally, ResultsData

# The chart's categories: keys in English, shown through the game's catalogue by the results screen.
VICTORY_TOKENS, DUELS_WON = N_("Victory tokens"), N_("Duels won")


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
                said = _("Duel {number}: beat {name}").format(number=number, name=names[loser])
                lines.append(("Duels", said, 1))
            elif loser == seat:
                said = _("Duel {number}: lost to {name}").format(number=number, name=names[winner])
                lines.append(("Duels", said, 0))
        book = ", ".join(name(card) for card in state.books[seat])
        lines.append(("Spellbook", _("Spellbook: {spells}").format(spells=book), 0))
        team = state.team(seat)
        players.append(
            PlayerTally(
                name=names[seat],
                house="",
                lines=lines,
                total=state.tokens[team],
                categories={VICTORY_TOKENS: state.tokens[team], DUELS_WON: state.duel_winners.count(seat)},
                detail=_("Blue side") if team == 0 else _("Yellow side"),
                winner=seat in result.winners,
            )
        )
    high, low = max(state.tokens), min(state.tokens)
    if len(result.winners) == 2:  # a Duos team
        first, second = (names[s] for s in result.winners)
        said = _("{first} and {second} win the match, {high} to {low}")
        headline = said.format(first=first, second=second, high=high, low=low)
    else:
        said = _("{name} wins the match, {high} to {low}")
        headline = said.format(name=", ".join(names[s] for s in result.winners), high=high, low=low)
    if state.ending == "draw":
        headline = _("The match is drawn by agreement, {blue} to {yellow}").format(
            blue=state.tokens[0], yellow=state.tokens[1]
        )
    colours = [TEAM_COLOURS[state.team(seat)] for seat in range(state.players)]  # each side's own colour
    return ResultsData(_("That's Wizard!"), players, headline, "", [VICTORY_TOKENS, DUELS_WON], colours)
