"""What a reward does when it is taken, one small function per effect named in the reward table.

Points wait in front of their taker until the end of the round (then go into the house urn); Potion Réussie
and Faveur stay with the player; Cours Particuliers, Retourneur de Temps and Devenir le Chouchou act at once.
A choice with two or more outcomes (which teammate's Retard token goes back, which Stupéfix Cours Particuliers
takes) becomes a task for its player.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.stupefix.cards import RATE, REWARDS, ROUNDS, STUPEFIX
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
    """Cours Particuliers. The rulebook: "Défaussez immédiatement une de vos cartes Sort Raté, et prenez 1 carte
    Stupéfix depuis la défausse, s'il y en a de disponible. Défaussez ensuite la carte Cours Particulier."

    Our reading (the rulebook wins; the supplement adds only that the Stupéfix comes from the whole discard pile,
    face up or face down):

    - The two instructions are independent, each done as far as it can be. The Sort raté is discarded at once,
      whether or not a Stupéfix can be taken: "s'il y en a de disponible" bounds the take only. With no Sort raté
      in hand nothing is discarded and the Stupéfix is still taken. So a hand can hold fewer or more cards than
      rounds left; a player without spell cards prepares nothing, still points, and casts Protego or nothing
      (``flow.resolve_spells``). The Sort raté is discarded face up: the card says what it is anyway.
    - The player takes any Stupéfix of the pile. The face-up ones are alike, so "a face-up one" is one choice;
      the face-down ones are secret, so the player looks through them alone. When the pile shows a face-up
      Stupéfix and holds face-down cards (what everyone sees), the player chooses (a ``cours`` task):
      ``TakeStupefix(face_down=False)`` always, ``TakeStupefix(face_down=True)`` only if a Stupéfix is among the
      face-down cards - which only the chooser learns. Otherwise the take is forced: the face-up Stupéfix, else
      a face-down one, else none. A face-down card is nobody's once in the pile: nobody learns whose it was.
    """
    state.reward_discard.append(kind)
    discarded = RATE in state.hands[seat]
    if discarded:
        state.hands[seat].remove(RATE)
        state.spell_discard.append(SpellDiscard(RATE, seat))
    face_up = _face_up_stupefix(state) is not None
    if face_up and state.face_down:
        state.tasks.append(Task("cours", seat))
        events.append(LessonTaken(seat, discarded, "choice"))
    elif face_up or STUPEFIX in state.face_down:
        take_stupefix(state, seat, face_down=not face_up)
        events.append(LessonTaken(seat, discarded, "down" if not face_up else "up"))
    else:
        events.append(LessonTaken(seat, discarded, "none"))


def take_stupefix(state: StupefixState, seat: int, face_down: bool) -> None:
    """Move a Stupéfix of the discard pile into ``seat``'s hand: the latest face-up one, or a face-down one."""
    if face_down:
        state.face_down.remove(STUPEFIX)
        state.down_taken += 1
    else:
        index = _face_up_stupefix(state)
        assert index is not None
        state.spell_discard.pop(index)
    state.hands[seat].append(STUPEFIX)
    state.hands[seat].sort(reverse=True)
    state.gained_stupefix[seat] += 1


def stupefix_choices(state: StupefixState, seat: int) -> list[bool]:
    """The ``face_down`` values ``seat`` may take now, Cours Particuliers's task waiting: face up always (the
    task exists only with a face-up Stupéfix), face down if the search finds a Stupéfix there."""
    return [False, True] if STUPEFIX in state.face_down else [False]


def _face_up_stupefix(state: StupefixState) -> int | None:
    """The latest face-up Stupéfix on the discard pile, if any (which one it is changes nothing)."""
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
    events.append(ChouchouTaken(seat, state.round >= ROUNDS))
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
