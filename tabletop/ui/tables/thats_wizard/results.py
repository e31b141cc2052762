"""That's Wizard!'s end: every wizard's duels (the round each ended in, and how), the Stamina each took from the
other side duel by duel (the chart), the victory tokens of each side and the spellbooks, revealed."""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.play.session import GameSession
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS
from tabletop.ui.tallies import PlayerTally, ResultsData


def duel_ends(first: ThatsWizardState, events: list[Event]) -> list[tuple[ev.DuelWon, int, int]]:
    """Each duel's end told since the match's ``first`` state, in order, with its duel (the set, in Duos) and the
    round of it the end came in (0: before one)."""
    ends, duel, round_now = [], first.duel, first.round
    for event in events:
        if isinstance(event, ev.DuelBegan):
            duel, round_now = event.duel, 0
        elif isinstance(event, ev.RoundBegan):
            round_now = event.round
        elif isinstance(event, ev.DuelWon):
            ends.append((event, duel, round_now))
    return ends


def duel_name(players: int, duel: int) -> str:
    """A duel as the table's banner names it: in Duos a set, the third the sudden-death one."""
    if players == 2:
        return _("Duel {number}").format(number=duel)
    return _("Sudden-death set") if duel == 3 else _("Set {number}").format(number=duel)


def stamina_taken(first: ThatsWizardState, events: list[Event]) -> dict[str, list[int]]:
    """By duel (a set, in Duos), the Stamina each wizard's spells took from the other side since the match's
    ``first`` state: Damage, Fatigue and plain losses, as dealt (a last blow larger than the Stamina left counts
    whole)."""
    players = first.players
    taken: dict[str, list[int]] = {}
    duel = taken[duel_name(players, first.duel)] = [0] * players  # (begun in the opening, or before a position)
    for event in events:
        if isinstance(event, ev.DuelBegan):
            duel = taken.setdefault(duel_name(players, event.duel), [0] * players)
        elif isinstance(event, ev.StaminaLost) and first.team(event.by) != first.team(event.seat):
            duel[event.by] += event.amount
    return taken


def duel_line(duel: str, end: ev.DuelWon, round_now: int, seat: int, names: list[str]) -> str:
    """One of the wizard's duels, won or lost, with the round it ended in and how."""
    won = end.winner == seat
    other = names[end.loser if won else end.winner]
    if round_now == 0:  # (a duel ended before its first round: not met in play, said plainly)
        said = _("{duel}: beat {name}") if won else _("{duel}: lost to {name}")
        return said.format(duel=duel, name=other)
    said = {
        (True, "stamina"): _("{duel}: beat {name} in round {round} (no Stamina left)"),
        (True, "forfeit"): _("{duel}: beat {name} in round {round} ({name} forfeits)"),
        (True, "concede"): _("{duel}: beat {name} in round {round} ({name} concedes)"),
        (False, "stamina"): _("{duel}: lost to {name} in round {round} (no Stamina left)"),
        (False, "forfeit"): _("{duel}: lost to {name} in round {round} (a forfeit)"),
        (False, "concede"): _("{duel}: lost to {name} in round {round} (conceded)"),
    }[(won, end.how)]
    return said.format(duel=duel, name=other, round=round_now)


def tallies(session: GameSession) -> ResultsData:
    state = session.match.state
    result = session.match.result()
    assert result is not None, "the game is not over"
    names = session.names()
    first, events = session.match.initial_state(), session.match.events()
    ends, taken = duel_ends(first, events), stamina_taken(first, events)
    players = []
    for seat in range(state.players):
        lines: list[tuple[str, str, int | None]] = []
        for end, duel, round_now in ends:
            if seat in (end.winner, end.loser):
                said = duel_line(duel_name(state.players, duel), end, round_now, seat, names)
                lines.append(("Duels", said, int(end.winner == seat)))
        amount = sum(by_seat[seat] for by_seat in taken.values())
        lines.append(("Stamina", _("Stamina taken from the other side: {amount}").format(amount=amount), None))
        book = ", ".join(name(card) for card in state.books[seat])
        lines.append(("Spellbook", _("Spellbook: {spells}").format(spells=book), None))
        team = state.team(seat)
        players.append(
            PlayerTally(
                name=names[seat],
                house="",
                lines=lines,
                total=state.tokens[team],
                categories={duel: by_seat[seat] for duel, by_seat in taken.items()},
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
    chart_title = _("Stamina taken from the other side, duel by duel")
    colours = [TEAM_COLOURS[state.team(seat)] for seat in range(state.players)]  # each side's own colour
    return ResultsData(_("That's Wizard!"), players, headline, "", list(taken), colours, chart_title)
