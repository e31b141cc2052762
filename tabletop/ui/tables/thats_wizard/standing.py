"""That's Wizard!'s standing explained, from the game's public events: what resting the pointer on (or tapping,
or holding) the victory tokens in the banner or a wizard's Stamina shows.

- The match: each side's victory tokens, every duel won and how, and how many tokens win the match.
- A wizard's Stamina this duel: every loss and gain by kind (Damage, Fatigue, other losses, gains, swaps), each
  spell's share summed, so "Stamina 4" says it was 20 less Explosion's 12 and Chaos's 4.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import COUNTERSPELL, MAX_STAMINA, name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.i18n import N_
from tabletop.ui.tables.score_sheet import Sheet, grouped
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS

STANDING = "score:standing"
STAMINA = "score:stamina:"  # + the seat
# How a duel was won: (the winner, the loser, the duel's label); an unknown way shows the rules' word.
HOW = {
    "stamina": N_("{label}: {winner} beat {loser} (no Stamina left)"),
    "forfeit": N_("{label}: {winner} beat {loser} (a forfeit)"),
    "concede": N_("{label}: {winner} beat {loser} (a concession)"),
}
DAMAGE, FATIGUE, LOST, GAINED, SWAPPED = N_("Damage"), N_("Fatigue"), N_("Lost"), N_("Gained"), N_("Swapped")
KINDS = (DAMAGE, FATIGUE, LOST, GAINED, SWAPPED)  # the Stamina sheet's headings, in this order


def duel_label(players: int, duel: int) -> str:
    """A duel as the table names it: "Duel 2"; in Duos a set ("Set 2"), the third the sudden-death set."""
    if players == 2:
        return _("Duel {number}").format(number=duel)
    return _("Sudden-death set") if duel == 3 else _("Set {number}").format(number=duel)


def stamina_key(seat: int) -> str:
    return f"{STAMINA}{seat}"


def standing(view: ThatsWizardView, names: Sequence[str], history: Sequence[Sequence[Event]]) -> Sheet:
    """Each side's victory tokens and the duels that gave them."""
    won: list[tuple[int, str, int]] = []  # side, what happened, tokens it gave
    label, tokens = duel_label(view.players, 1), tuple(0 for _team in TEAM_NAMES)
    for event in _public(history, view.seat):
        if isinstance(event, ev.DuelBegan):
            label = duel_label(view.players, event.duel)
        elif isinstance(event, ev.DuelWon):
            side = event.winner % 2
            how = _(HOW[event.how]) if event.how in HOW else _("{label}: {winner} beat {loser}")
            text = how.format(label=label, winner=names[event.winner], loser=names[event.loser])
            won.append((side, text, event.tokens[side] - tokens[side]))
            tokens = event.tokens
    groups = tuple(
        (
            _("{team}: {tokens} of {target}").format(team=_(team), tokens=view.tokens[side], target=view.win_target),
            None,
            tuple((text, points) for winner, text, points in won if winner == side) or ((_("No duel won yet"), None),),
        )
        for side, team in enumerate(TEAM_NAMES)
    )
    return Sheet(
        title=_("Victory tokens"),
        subtitle=_("the first side to {target} wins the match").format(target=view.win_target),
        total=f"{view.tokens[0]} - {view.tokens[1]}",
        groups=groups,
        edge=TEAM_COLOURS[view.seat % 2],
    )


def stamina(view: ThatsWizardView, seat: int, names: Sequence[str], history: Sequence[Sequence[Event]]) -> Sheet:
    """``seat``'s Stamina this duel: where it went, kind by kind, spell by spell."""
    events = list(_public(history, view.seat))
    start = max((i for i, event in enumerate(events) if isinstance(event, ev.DuelBegan)), default=-1)
    totals: dict[tuple[str, str], int] = {}
    counts: dict[tuple[str, str], int] = {}
    level = MAX_STAMINA
    for event in events[start + 1 :]:
        entry: tuple[str, str, int] | None = None
        if isinstance(event, ev.StaminaLost) and event.seat == seat:
            kind = {"damage": DAMAGE, "fatigue": FATIGUE}.get(event.kind, LOST)
            entry = (kind, _source(event.source, event.by, seat, names), -min(event.amount, max(0, level)))
        elif isinstance(event, ev.StaminaGained) and event.seat == seat:
            entry = (GAINED, _source(event.source, event.by, seat, names), event.amount)
        elif isinstance(event, ev.StaminaSwapped) and seat in (event.seat, event.target):
            now = event.stamina[0] if seat == event.seat else event.stamina[1]
            entry = (SWAPPED, name("grim_omen"), now - level)
        if entry is not None:
            kind, source, points = entry
            level += points
            totals[(kind, source)] = totals.get((kind, source), 0) + points
            counts[(kind, source)] = counts.get((kind, source), 0) + 1
    lines = [(_(kind), _times(source, counts[kind, source]), points) for (kind, source), points in totals.items()]
    wizard = view.wizards[seat]
    return Sheet(
        title=_("{name}: Stamina").format(name=names[seat]),
        subtitle=_("of {most} at the start of this duel").format(most=MAX_STAMINA),
        total=str(wizard.stamina),
        groups=grouped(lines, [_(kind) for kind in KINDS]),
        note=_("Power {power} of 10.").format(power=wizard.power),
        edge=TEAM_COLOURS[seat % 2],
        empty=_("Untouched this duel: {most} Stamina.").format(most=MAX_STAMINA),
    )


def _source(card: str, by: int, seat: int, names: Sequence[str]) -> str:
    """The spell and, when it was another wizard's, whose."""
    if card == COUNTERSPELL:
        return _("Counterspell (the cost of playing it)")
    if by == seat:
        return _("{card} (own spell)").format(card=name(card))
    return _("{card} ({name})").format(card=name(card), name=names[by]) if 0 <= by < len(names) else name(card)


def _times(source: str, count: int) -> str:
    """A line of the Stamina sheet: its source, and how many times when more than once."""
    return _("{source} (x{count})").format(source=source, count=count) if count > 1 else source


def _public(history: Sequence[Sequence[Event]], seat: int) -> list[Event]:
    return [event for batch in history for event in batch if event.visible_to(seat)]
