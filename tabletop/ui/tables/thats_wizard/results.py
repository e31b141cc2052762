"""That's Wizard!'s end: every wizard's duels (the round each ended in, and how), the Stamina each took from the
other side duel by duel (the chart), the victory tokens of each side and the spellbooks, revealed."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import MAX_STAMINA, name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.i18n import game_title
from tabletop.play.session import GameSession
from tabletop.ui import theme
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS
from tabletop.ui.tables.thats_wizard.standing import duel_label
from tabletop.ui.tallies import PlayerTally, ResultsData


@dataclass(frozen=True)
class DuelEnd:
    winner: int
    loser: int
    duel: int  # the duel (1 vs 1) or the set (Duos)
    how: str  # "stamina", "forfeit", "concede"; "" when not known (a duel ended before the match's first state)
    round: int  # the round of its duel it ended in (0: not known)
    card: str = ""  # the spell the loser forfeited to (a forfeit)


def duel_ends(first: ThatsWizardState, events: list[Event]) -> list[DuelEnd]:
    """Every duel's end, in order: those before the match's ``first`` state (a game begun from a position) from
    that state, which keeps who won them, then each told since, with how and in which round."""
    per_duel = 1 if first.players == 2 else 2  # (Duos: a set's two duels; the sudden-death set is the third)
    ends = [
        DuelEnd(winner, loser, index // per_duel + 1, "", 0)
        for index, (winner, loser) in enumerate(zip(first.duel_winners, first.duel_losers, strict=True))
    ]
    duel, round_now, forfeited = first.duel, first.round, {}
    for event in events:
        if isinstance(event, ev.DuelBegan):
            duel, round_now = event.duel, 0
        elif isinstance(event, ev.RoundBegan):
            round_now = event.round
        elif isinstance(event, ev.Forfeited):
            forfeited[event.seat] = event.card
        elif isinstance(event, ev.DuelWon):
            card = forfeited.pop(event.loser, "") if event.how == "forfeit" else ""
            ends.append(DuelEnd(event.winner, event.loser, duel, event.how, round_now, card))
    return ends


def stamina_taken(first: ThatsWizardState, events: list[Event]) -> dict[str, list[int]]:
    """By duel (a set, in Duos), the Stamina each wizard's spells took from the other side since the match's
    ``first`` state: Damage, Fatigue and plain losses, as far as there was Stamina to take (a last blow of 5 on
    2 Stamina takes 2: the results said 22 taken in a 20-Stamina duel, a newcomer's review)."""
    players = first.players
    taken: dict[str, list[int]] = {}
    duel = taken[duel_label(players, first.duel)] = [0] * players  # (begun in the opening, or before a position)
    left = [wizard.stamina for wizard in first.wizards]  # each wizard's Stamina as the events leave it
    for event in events:
        if isinstance(event, ev.DuelBegan):
            duel = taken.setdefault(duel_label(players, event.duel), [0] * players)
            left = [MAX_STAMINA] * players
        elif isinstance(event, ev.StaminaLost):
            if first.team(event.by) != first.team(event.seat):
                duel[event.by] += min(event.amount, max(0, left[event.seat]))
            left[event.seat] = event.stamina
        elif isinstance(event, ev.StaminaGained):
            left[event.seat] = event.stamina
        elif isinstance(event, ev.StaminaSwapped):
            left[event.seat], left[event.target] = event.stamina
    return taken


def duel_line(end: DuelEnd, players: int, seat: int, names: list[str]) -> str:
    """One of the wizard's duels, won or lost, with the round it ended in and how (the words of the standing's
    sheet: no Stamina left, a forfeit, a concession)."""
    won = end.winner == seat
    label, other = duel_label(players, end.duel), names[end.loser if won else end.winner]
    if not end.how or not end.round:  # (before the position the game began at)
        said = _("{duel}: beat {name}") if won else _("{duel}: lost to {name}")
        return said.format(duel=label, name=other)
    if end.how == "forfeit" and end.card:  # (which spell: Disarm, Death...)
        said = (
            _("{duel}: beat {name} in round {round} (a forfeit to {card})")
            if won
            else _("{duel}: lost to {name} in round {round} (a forfeit to {card})")
        )
        return said.format(duel=label, name=other, round=end.round, card=name(end.card))
    said = {
        (True, "stamina"): _("{duel}: beat {name} in round {round} (no Stamina left)"),
        (True, "forfeit"): _("{duel}: beat {name} in round {round} (a forfeit)"),
        (True, "concede"): _("{duel}: beat {name} in round {round} (a concession)"),
        (False, "stamina"): _("{duel}: lost to {name} in round {round} (no Stamina left)"),
        (False, "forfeit"): _("{duel}: lost to {name} in round {round} (a forfeit)"),
        (False, "concede"): _("{duel}: lost to {name} in round {round} (a concession)"),
    }[(won, end.how)]
    return said.format(duel=label, name=other, round=end.round)


def unfinished_line(state: ThatsWizardState, seat: int, names: list[str]) -> str:
    """The wizard's duel still going when the match was decided (in Duos the other duel of the set may decide
    it) or drawn by agreement, said as such: the results listed the ended duels alone, and the chart showed
    Stamina taken in a duel no line told of."""
    opponent = state.opponent(seat)
    if opponent is None or not state.wizards[seat].dueling or not state.wizards[opponent].dueling:
        return ""
    if state.ending == "draw":  # (the chart showed the duel's Stamina, and no line told of it)
        said = _("{duel}: against {name}, drawn by agreement in round {round}")
        return said.format(duel=duel_label(state.players, state.duel), name=names[opponent], round=max(1, state.round))
    said = _("{duel}: against {name}, not played out (the match was decided)")
    return said.format(duel=duel_label(state.players, state.duel), name=names[opponent])


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
        for end in ends:
            if seat in (end.winner, end.loser):
                lines.append(("Duels", duel_line(end, state.players, seat, names), int(end.winner == seat)))
        unfinished = unfinished_line(state, seat, names)
        if unfinished:
            lines.append(("Duels", unfinished, None))
        ally = state.ally(seat)
        if ally is not None:  # the ally's duels won count for the side too: the card's total is the side's tokens
            won = sum(1 for end in ends if end.winner == ally)
            lines.append(("Duels", _("Duels won by {ally}, for your side").format(ally=names[ally]), won))
        amount = sum(by_seat[seat] for by_seat in taken.values())
        if session.match.start is None:
            said = _("Stamina taken from the other side: {amount}")
        else:
            said = _("Stamina taken from the other side since the position the game began at: {amount}")
        lines.append(("Stamina", said.format(amount=amount), None))
        book = ", ".join(name(card) for card in state.books[seat])
        lines.append(("Spellbook", _("Spellbook: {spells}").format(spells=book), None))
        team = state.team(seat)
        side = _("Blue side") if team == 0 else _("Yellow side")
        total = state.tokens[team]
        if state.players == 4:
            # The side's victory tokens, which decide, as the lines add up: the wizard's own duels won and the
            # ally's (a card showed its side's 3 over lines adding up to 1; then its own duels alone, and a loser
            # read 2 beside a winner's 1)
            total = sum(points or 0 for _kind, _text, points in lines)
            tokens = ngettext("{side}: {count} victory token", "{side}: {count} victory tokens", state.tokens[team])
            side = tokens.format(side=side, count=state.tokens[team])
        players.append(
            PlayerTally(
                name=names[seat],
                house="",
                lines=lines,
                total=total,
                categories={duel: by_seat[seat] for duel, by_seat in taken.items()},
                detail=side,
                # (a match drawn by agreement has every seat among the Result's winners, as the history counts it;
                # its columns each wore a Winner ribbon under "The match is drawn": neither side won it)
                winner=seat in result.winners and state.ending != "draw",
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
    if state.players == 2:
        chart_title = _("Stamina taken from the other side, duel by duel")
    else:
        chart_title = _("Stamina taken from the other side, set by set")
    # Each side's own colour; in Duos the second wizard of a side (seats 2 and 3) a lighter one, told apart.
    colours = [theme.shade(TEAM_COLOURS[state.team(seat)], 1.7 if seat >= 2 else 1.0) for seat in range(state.players)]
    title = game_title(session.game.id, session.game.title)
    return ResultsData(title, players, headline, "", list(taken), colours, chart_title, legend_totals=False)
