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
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.ui.tables.score_sheet import Sheet, grouped
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS

STANDING = "score:standing"
STAMINA = "score:stamina:"  # + the seat
HOW = {"stamina": "no Stamina left", "forfeit": "a forfeit", "concede": "a concession"}
KINDS = ("Damage", "Fatigue", "Lost", "Gained", "Swapped")


def stamina_key(seat: int) -> str:
    return f"{STAMINA}{seat}"


def standing(view: ThatsWizardView, names: Sequence[str], history: Sequence[Sequence[Event]]) -> Sheet:
    """Each side's victory tokens and the duels that gave them."""
    won: list[tuple[int, str, int]] = []  # side, what happened, tokens it gave
    word = "Duel" if view.players == 2 else "Set"
    label, tokens = f"{word} 1", tuple(0 for _ in TEAM_NAMES)
    for event in _public(history, view.seat):
        if isinstance(event, ev.DuelBegan):
            label = "Sudden-death set" if event.sudden_death else f"{word} {event.duel}"
        elif isinstance(event, ev.DuelWon):
            side = event.winner % 2
            text = f"{label}: {names[event.winner]} beat {names[event.loser]} ({HOW.get(event.how, event.how)})"
            won.append((side, text, event.tokens[side] - tokens[side]))
            tokens = event.tokens
    groups = tuple(
        (
            f"{team}: {view.tokens[side]} of {view.win_target}",
            None,
            tuple((text, points) for winner, text, points in won if winner == side) or (("No duel won yet", None),),
        )
        for side, team in enumerate(TEAM_NAMES)
    )
    return Sheet(
        title="Victory tokens",
        subtitle=f"the first side to {view.win_target} wins the match",
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
            kind = {"damage": "Damage", "fatigue": "Fatigue"}.get(event.kind, "Lost")
            entry = (kind, _source(event.source, event.by, seat, names), -event.amount)
        elif isinstance(event, ev.StaminaGained) and event.seat == seat:
            entry = ("Gained", _source(event.source, event.by, seat, names), event.amount)
        elif isinstance(event, ev.StaminaSwapped) and seat in (event.seat, event.target):
            now = event.stamina[0] if seat == event.seat else event.stamina[1]
            entry = ("Swapped", "Grim Omen", now - level)
        if entry is not None:
            kind, source, points = entry
            level += points
            totals[(kind, source)] = totals.get((kind, source), 0) + points
            counts[(kind, source)] = counts.get((kind, source), 0) + 1
    lines = [
        (kind, f"{source}{f' (x{counts[kind, source]})' if counts[kind, source] > 1 else ''}", points)
        for (kind, source), points in totals.items()
    ]
    wizard = view.wizards[seat]
    return Sheet(
        title=f"{names[seat]}: Stamina",
        subtitle=f"of {MAX_STAMINA} at the start of this duel",
        total=str(wizard.stamina),
        groups=grouped(lines, KINDS),
        note=f"Power {wizard.power} of 10.",
        edge=TEAM_COLOURS[seat % 2],
        empty=f"Untouched this duel: {MAX_STAMINA} Stamina.",
    )


def _source(card: str, by: int, seat: int, names: Sequence[str]) -> str:
    """The spell and, when it was another wizard's, whose."""
    if card == COUNTERSPELL:
        return "Counterspell (the cost of playing it)"
    if by == seat:
        return f"{name(card)} (own spell)"
    return f"{name(card)} ({names[by]})" if 0 <= by < len(names) else name(card)


def _public(history: Sequence[Sequence[Event]], seat: int) -> list[Event]:
    return [event for batch in history for event in batch if event.visible_to(seat)]
