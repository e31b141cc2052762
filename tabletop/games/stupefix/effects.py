"""What a reward does when it is taken, one small function per effect named in the reward table.

Points wait in front of their taker until the end of the round (then go into the house urn); Potion Réussie
and Faveur stay with the player; Cours Particuliers, Retourneur de Temps and Devenir le Chouchou act at once.
A choice with two or more outcomes (which teammate's Retard token goes back) becomes a task for its player.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.stupefix.cards import RATE, REWARDS, STUPEFIX
from tabletop.games.stupefix.events import ChouchouTaken, LessonTaken, NoRetardToReturn, RetardReturned
from tabletop.games.stupefix.state import SpellDiscard, StupefixState, Task


def to_urn(state: StupefixState, seat: int, kind: str, events: list[Event]) -> None:
    state.round_points[seat].append(REWARDS[kind].points)


def keep(state: StupefixState, seat: int, kind: str, events: list[Event]) -> None:
    if kind == "potion":
        state.potions[seat] += 1
    else:
        state.faveurs[seat] += 1


def cours_particuliers(state: StupefixState, seat: int, kind: str, events: list[Event]) -> None:
    """Swap a Sort raté from the hand for a Stupéfix of the discard pile (face up first, else face down).

    With no Sort raté in hand, or no Stupéfix on the discard pile, nothing changes: the swap needs both.
    """
    state.reward_discard.append(kind)
    if RATE not in state.hands[seat]:
        events.append(LessonTaken(seat, False, "no Sort raté in hand"))
        return
    taken = _stupefix_on_discard(state)
    if taken is None:
        events.append(LessonTaken(seat, False, "no Stupéfix on the discard pile"))
        return
    card = state.spell_discard.pop(taken)
    state.hands[seat].remove(RATE)
    state.hands[seat].append(STUPEFIX)
    state.hands[seat].sort(reverse=True)
    state.spell_discard.append(SpellDiscard(RATE, seat, True))
    events.append(LessonTaken(seat, True, "", None if card.face_up else card.owner))


def _stupefix_on_discard(state: StupefixState) -> int | None:
    """The Stupéfix taken: the latest face-up one, else the latest face-down one."""
    face_down = None
    for index in range(len(state.spell_discard) - 1, -1, -1):
        card = state.spell_discard[index]
        if card.kind != STUPEFIX:
            continue
        if card.face_up:
            return index
        if face_down is None:
            face_down = index
    return face_down


def retourneur_de_temps(state: StupefixState, seat: int, kind: str, events: list[Event]) -> None:
    state.reward_discard.append(kind)
    owners = retard_owners(state, seat)
    if not owners:
        events.append(NoRetardToReturn(seat, "retourneur"))
    elif len(owners) == 1:
        return_retard(state, seat, owners[0], "retourneur", events, forced=True)
    else:
        state.tasks.append(Task("retourneur", seat))


def devenir_le_chouchou(state: StupefixState, seat: int, kind: str, events: list[Event]) -> None:
    state.chouchou = seat
    state.chouchou_card = seat
    events.append(ChouchouTaken(seat))
    if state.retard[seat]:
        return_retard(state, seat, seat, "chouchou", events, forced=True)
    else:
        events.append(NoRetardToReturn(seat, "chouchou"))


def retard_owners(state: StupefixState, seat: int) -> list[int]:
    """Players of ``seat``'s house holding a Retard token."""
    return [mate for mate in state.teammates(seat) if state.retard[mate] > 0]


def return_retard(
    state: StupefixState, seat: int, owner: int, reason: str, events: list[Event], forced: bool = False
) -> None:
    state.retard[owner] -= 1
    events.append(RetardReturned(seat, owner, reason, forced))


Effect = Callable[[StupefixState, int, str, list[Event]], None]
EFFECTS: dict[str, Effect] = {
    "urn": to_urn,
    "keep": keep,
    "cours": cours_particuliers,
    "retourneur": retourneur_de_temps,
    "chouchou": devenir_le_chouchou,
}
