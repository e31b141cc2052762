"""House Cup's end: each player's tally line by line, per category, with the winner and the tie-break."""

from __future__ import annotations

from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import joined, ngettext
from tabletop.games.house_cup.scoring import CATEGORIES, quidditch_leaders, score_player
from tabletop.i18n import game_title
from tabletop.play.session import GameSession
from tabletop.ui.tallies import PlayerTally, ResultsData


def tallies(session: GameSession) -> ResultsData:
    state = session.match.state
    result = session.match.result()
    assert result is not None, "the game is not over"
    leaders = quidditch_leaders(state.tableau, state.houses)
    players = []
    for seat in range(state.players):
        flywheel = state.flywheel_set if "flywheel-1" in state.tableau[seat] else None
        tally = score_player(state.tableau[seat], state.rewards[seat], state.houses[seat], leaders, flywheel)
        players.append(
            PlayerTally(
                name=session.name(seat),
                house=state.houses[seat],
                lines=[(line.category, line.text, line.points) for line in tally.lines],
                total=tally.total,
                categories=tally.by_category(),
                detail=detail(tally.cards, state.rewards[seat]),
                winner=seat in result.winners,
            )
        )
    return ResultsData(
        game_title(session.game.id, session.game.title),
        players,
        result.summary,
        tiebreak_note(players, result.winners),
        CATEGORIES,
    )


def detail(cards: int, rewards: int) -> str:
    """How many cards and reward tokens a player ends with (each count with its own noun)."""
    return _("{cards}, {tokens}").format(
        cards=ngettext("{count} card", "{count} cards", cards).format(count=cards),
        tokens=ngettext("{count} reward token", "{count} reward tokens", rewards).format(count=rewards),
    )


def tiebreak_note(players: list[PlayerTally], winners: tuple[int, ...]) -> str:
    best = max(player.total for player in players)
    tied = [index for index, player in enumerate(players) if player.total == best]
    if len(tied) == 1:
        return ""
    names = joined([players[i].name for i in tied])
    if 1 < len(winners) < len(tied):  # (three tied on points, two of them on the fewest cards)
        line = ngettext(
            "{names} tied on {points} point; {winners} share the House Cup with fewer cards.",
            "{names} tied on {points} points; {winners} share the House Cup with fewer cards.",
            abs(best),
        )
        return line.format(names=names, points=best, winners=joined([players[i].name for i in winners]))
    if len(winners) > 1:
        line = ngettext(
            "{names} tied on {points} point and on the number of cards: they share the House Cup.",
            "{names} tied on {points} points and on the number of cards: they share the House Cup.",
            abs(best),  # (the plural by the size: a tie at -5 is at 5's)
        )
        return line.format(names=names, points=best)
    line = ngettext(
        "{names} tied on {points} point; {name} wins with fewer cards.",
        "{names} tied on {points} points; {name} wins with fewer cards.",
        abs(best),
    )
    return line.format(names=names, points=best, name=players[winners[0]].name)
