"""Stupéfix's choices in the shared choice panel: the secret spell (phase 2), cast or Protego (phase 4) and the
Stupéfix of a Cours Particuliers (a face-up one, or one of the face-down cards its taker alone looks through),
behind the privacy screen when several people share the screen, and the public Time-Turner choice. Every name
in English (``terms``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from tabletop.core.protocol import Command
from tabletop.games.stupefix.events import CastSpell, PrepareSpell, ReturnRetard, TakeStupefix
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui.tables.choice_panel import ChoicePanel, Option
from tabletop.ui.tables.stupefix.faces import card_height, card_name, hand_card
from tabletop.ui.tables.stupefix.terms import name as term

Kind = Literal["prepare", "cast", "cours", "retourneur"]


@dataclass(frozen=True)
class Choice:
    """A choice the rules ask of a person, and that person's view to make it with."""

    kind: Kind
    view: StupefixView


def choice_of(view: StupefixView) -> Choice | None:
    """The choice the rules ask of ``view.seat`` now, if any."""
    if not view.legal or view.phase not in ("prepare", "cast", "draft"):
        return None
    if view.phase != "draft":
        return Choice(view.phase, view)
    if not view.tasks:
        return None
    return Choice("cours" if view.tasks[-1][0] == "cours" else "retourneur", view)


def choice_panel(choice: Choice, names: list[str], card_width: int, brief: bool = False) -> ChoicePanel:
    """The kit's panel for ``choice``; spell cards ``card_width`` wide (at scale 1) so they fit the table's middle
    (``brief``: the spell's panel without its explanation, for larger cards in a short middle)."""
    view = choice.view
    name, seat = names[view.seat], view.seat
    if choice.kind == "prepare":
        counts = Counter(view.hand)
        offer = f"Secret: only you see this. On offer in round {view.round}: {_offer(view.row)}."
        return ChoicePanel(
            f"{name}: prepare your spell, in secret" if brief else f"{name}: prepare your spell",
            "" if brief else offer,
            [Option(command, command.spell) for command in view.legal if isinstance(command, PrepareSpell)],
            face=lambda kind, width: hand_card(kind, counts[kind], width),
            face_height=card_height,
            confirm_label=_lay,
            card_width=card_width,
            docked=True,  # under the banner, no veil: the table's buttons (Log, Last round again) stay at hand
            dock_top=True,
        )
    if choice.kind == "cast":
        prepared = f"Cast {term(view.my_prepared)}" if view.my_prepared else "Cast nothing"
        target = view.targets[seat]
        at_me = [names[s] for s in range(view.players) if view.targets[s] == seat]
        return ChoicePanel(
            f"{name}: cast your spell, or Protego",
            f"Your wand points at {names[target] if target is not None else 'nobody'}; "
            + (f"wands on you: {', '.join(at_me)}. " if at_me else "no wand points at you. ")
            + "Secret until everyone has chosen. For Protego you may also bring your wand back onto your seat.",
            [
                Option(CastSpell(seat, False), button=prepared, primary=True),  # casting is the usual choice
                Option(CastSpell(seat, True), button="Protego"),
            ],
            docked=True,  # under the banner, no veil: Protego is also the person's wand brought back onto their seat
            dock_top=True,
        )
    options = [Option(command, button=_label(command, view, names)) for command in view.legal]
    if choice.kind == "retourneur":
        explain = f"Give back one {term('retard')} of your house to the reserve: whose?"
        return ChoicePanel(f"{name}: {term('retourneur')}", explain, options)
    found = any(isinstance(command, TakeStupefix) and command.face_down for command in view.legal)
    stupefy = term("stupefix")
    seen = f"you find a {stupefy} (nobody will learn whose it was)" if found else f"you find no {stupefy}"
    explain = f"Take a {stupefy} from the discard pile. Among the face-down cards {seen}. Secret: only you see this."
    return ChoicePanel(f"{name}: {term('cours')}", explain, options)


def _label(command: Command, view: StupefixView, names: list[str]) -> str:
    if isinstance(command, TakeStupefix):
        return f"A face-down {term('stupefix')}" if command.face_down else f"A face-up {term('stupefix')}"
    assert isinstance(command, ReturnRetard)
    owner = "My own" if command.owner == view.seat else f"{names[command.owner]}'s"
    return f"{owner} ({view.retard[command.owner]})"


def _lay(command: Command | None) -> str:
    return f"Lay {term(command.spell)} face down" if isinstance(command, PrepareSpell) else "Choose a card"


def _offer(row: tuple[str, ...]) -> str:
    """The rewards on offer in words: "Points 10, 20, 20; Successful Potion; Private Lessons x2"."""
    points = sorted(kind.removeprefix("points") for kind in row if kind.startswith("points"))
    counts = Counter(kind for kind in row if not kind.startswith("points"))
    named = [card_name(kind) + (f" x{count}" if count > 1 else "") for kind, count in counts.items()]
    return "; ".join(([f"Points {', '.join(points)}"] if points else []) + named)
