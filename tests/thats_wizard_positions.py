"""Small That's Wizard! positions reached through the protocol, so a test can go straight to one rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.core.protocol import Event
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.events import ChooseSideBoard, Pass, Play
from tabletop.games.thats_wizard.rules import canonical, suggestion
from tabletop.games.thats_wizard.state import ThatsWizardState

# Legal spellbooks for the examples that no premade book covers.
EMBRACER = ["paralyze", "explosion", "embrace_pain", "shock", "tongue_tie", "reflect", "share_pain"]
IGNITER = ["shock", "tongue_tie", "ignite", "paralyze", "explosion", "reflect", "stun"]
LEVITATOR = ["stun", "silence", "levitate", "share_pain", "fear", "reflect", "shock"]
SHAPESHIFTER = ["shock", "tongue_tie", "ignite", "regenerate", "brittlebones", "polymorph", "reflect"]


def book(spec: str | Sequence[str]) -> list[str]:
    return list(PREMADE[spec]) if isinstance(spec, str) else list(spec)


def duel(
    books: Sequence[str | Sequence[str]],
    keep: Sequence[Sequence[str] | None] | None = None,
    seed: int = 1,
) -> ThatsWizardState:
    """A match started with these spellbooks, side boards chosen, at round 1's choice.

    ``keep`` names the spells to hold in hand for each seat (the side board takes two of the others).
    """
    books = [book(spec) for spec in books]
    state = GAME.setup(len(books), {"books": books}, seed)
    for seat, cards in enumerate(books):
        wanted = set((keep[seat] if keep else None) or [])
        spare = [card for card in cards if card not in wanted]
        assert len(spare) >= 2, "keep at most 5 spells in hand"
        GAME.apply(state, ChooseSideBoard(seat, canonical(spare[:2])))
    assert state.stage == "choose"
    return state


def tracker(state: ThatsWizardState, seat: int, stamina: int, power: int) -> None:
    state.wizards[seat].stamina = stamina
    state.wizards[seat].power = power


def play_round(state: ThatsWizardState, picks: Mapping[int, tuple[str, int] | str | None]) -> list[Event]:
    """Every seat that must choose plays its pick: (card, dial), "focus"/"counterspell", or None for a pass.

    A pick (card, dial) that is an illegal play is shown as a deliberate illegal play (a pass with that card).
    Choices that come up during the round are left waiting; see ``settle``.
    """
    events: list[Event] = []
    for seat in GAME.to_act(state):
        pick = picks.get(seat)
        if pick is None:
            command = Pass(seat)
        elif isinstance(pick, str):
            command = Play(seat, pick, 0)
        else:
            card, dial = pick
            assert card in state.wizards[seat].hand, f"seat {seat} does not hold {card}"
            command = Play(seat, card, dial)
            if command not in GAME.legal(state, seat):
                command = Pass(seat, card, dial)
        events += GAME.apply(state, command)
    return events


def settle(state: ThatsWizardState) -> list[Event]:
    """Answer every choice at resolution with the rules' default (a roll winner goes first, and so on)."""
    events: list[Event] = []
    while state.prompt is not None:
        seat = state.prompt.seat
        command = suggestion(state, seat) or GAME.legal(state, seat)[0]
        events += GAME.apply(state, command)
    return events


def rng_for(rolls: Sequence[int]) -> Rng:
    """A generator whose next dice are exactly ``rolls`` (tests choose the dice, the rules still roll them)."""
    for seed in range(1, 10**6):
        trial = Rng(seed)
        if all(trial.die() == roll for roll in rolls):
            return Rng(seed)
    raise AssertionError(f"no seed gives the rolls {rolls}")


def st(state: ThatsWizardState) -> list[tuple[int, int]]:
    """Each wizard's (Stamina, Power)."""
    return [(w.stamina, w.power) for w in state.wizards]


def of_type(events: Sequence[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]
