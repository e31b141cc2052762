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

    With no Sort raté in hand, or no Stupéfix on the discard pile, nothing changes: the swap needs both. The
    face-down cards are nobody's once in the pile: any face-down Stupéfix is taken, and nobody learns whose it
    was (the event tells only that it came from the face-down cards).
    """
    state.reward_discard.append(kind)
    if RATE not in state.hands[seat]:
        events.append(LessonTaken(seat, False, "no Sort raté in hand"))
        return
    face_up = _face_up_stupefix(state)
    if face_up is not None:
        state.spell_discard.pop(face_up)
    elif STUPEFIX in state.face_down:
        state.face_down.remove(STUPEFIX)
        state.down_taken += 1
    else:
        events.append(LessonTaken(seat, False, "no Stupéfix on the discard pile"))
        return
    state.hands[seat].remove(RATE)
    state.hands[seat].append(STUPEFIX)
    state.hands[seat].sort(reverse=True)
    state.gained_stupefix[seat] += 1
    state.spell_discard.append(SpellDiscard(RATE, seat))
    events.append(LessonTaken(seat, True, "", face_up is None))


def _face_up_stupefix(state: StupefixState) -> int | None:
    """The latest face-up Stupéfix on the discard pile, if any."""
    for index in range(len(state.spell_discard) - 1, -1, -1):
        if state.spell_discard[index].kind == STUPEFIX:
            return index
    return None


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
