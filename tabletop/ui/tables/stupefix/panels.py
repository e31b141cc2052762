"""Stupéfix's choices in the shared choice panel: the secret spell (phase 2), cast or Protego (phase 4) and the
Stupéfix of a Cours Particuliers (a face-up one, or one of the face-down cards its taker alone looks through),
behind the privacy screen when several people share the screen, and the public Time-Turner choice. Every word
from the game's catalogue (``terms``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from tabletop.core.protocol import Command
from tabletop.games.stupefix.events import CastSpell, PrepareSpell, ReturnRetard, TakeStupefix
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing
from tabletop.games.stupefix.terms import name as term
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui.tables.choice_panel import ChoicePanel, Option
from tabletop.ui.tables.stupefix.faces import card_height, card_name, hand_card

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
        offer = _("Secret: only you see this. On offer in round {round}: {rewards}.")
        title = _("{name}: prepare your spell, in secret") if brief else _("{name}: prepare your spell")
        return ChoicePanel(
            title.format(name=name),
            "" if brief else offer.format(round=view.round, rewards=_offer(view.row)),
            [Option(command, command.spell) for command in view.legal if isinstance(command, PrepareSpell)],
            face=lambda kind, width: hand_card(kind, counts[kind], width),
            face_height=card_height,
            confirm_label=_lay,
            card_width=card_width,
            docked=True,  # under the banner, no veil: the table's buttons (Log, Last round again) stay at hand
            dock_top=True,
        )
    if choice.kind == "cast":
        return ChoicePanel(
            _("{name}: cast your spell, or Protego").format(name=name),
            _cast_explanation(view, names),
            [
                Option(CastSpell(seat, False), button=_cast_label(view), primary=True),  # casting is the usual choice
                Option(CastSpell(seat, True), button=_("Protego")),
            ],
            docked=True,  # under the banner, no veil: Protego is also the person's wand brought back onto their seat
            dock_top=True,
        )
    options = [Option(command, button=_label(command, view, names)) for command in view.legal]
    if choice.kind == "retourneur":
        explain = _("Give back one Late token of your house to the reserve: whose?")
        return ChoicePanel(_("{name}: Time-Turner").format(name=name), explain, options)
    found = any(isinstance(command, TakeStupefix) and command.face_down for command in view.legal)
    if found:
        explain = _(
            "Take a Stupefy from the discard pile. Among the face-down cards you find a Stupefy (nobody will learn "
            "whose it was). Secret: only you see this."
        )
    else:
        explain = _(
            "Take a Stupefy from the discard pile. Among the face-down cards you find no Stupefy. Secret: only you "
            "see this."
        )
    return ChoicePanel(_("{name}: Private Lessons").format(name=name), explain, options)


def _cast_label(view: StupefixView) -> str:
    """The cast button: the spell laid face down, named."""
    if not view.my_prepared:
        return _("Cast nothing")
    return _("Cast {spell}").format(spell=term(view.my_prepared))


def _cast_explanation(view: StupefixView, names: list[str]) -> str:
    """Where the person's wand points, which wands point at them, and that the choice is secret."""
    seat, target = view.seat, view.targets[view.seat]
    at_me = [names[s] for s in range(view.players) if view.targets[s] == seat]
    if target is None:
        aim = _("Your wand points at nobody.")
    else:
        aim = _("Your wand points at {name}.").format(name=names[target])
    on_me = _("Wands on you: {names}.").format(names=listing(at_me)) if at_me else _("No wand points at you.")
    if view.my_prepared:
        cost = _(
            "Protego shields you from every Stupefy, but your flag goes down (no reward this round) and your card is "
            "discarded unseen."
        )  # (a newcomer took it for a free shield and lost their Stupefy)
    else:  # (no card prepared, none to discard: Private Lessons took the last Misfire)
        cost = _("Protego shields you from every Stupefy, but your flag goes down (no reward this round).")
    if target is None:  # (the wand rests at its seat, pointed at nobody: there is nothing to bring back)
        secret = _("Secret until everyone has chosen. For Protego you may also drag your wand onto your seat.")
    else:
        secret = _("Secret until everyone has chosen. For Protego you may also bring your wand back onto your seat.")
    return _("{aim} {wands} {secret}").format(aim=aim, wands=on_me, secret=f"{cost} {secret}")


def _label(command: Command, view: StupefixView, names: list[str]) -> str:
    if isinstance(command, TakeStupefix):
        return _("A face-down Stupefy") if command.face_down else _("A face-up Stupefy")
    assert isinstance(command, ReturnRetard)
    count = view.retard[command.owner]
    if command.owner == view.seat:
        return _("My own ({count})").format(count=count)
    return _("{name}'s ({count})").format(name=names[command.owner], count=count)


def _lay(command: Command | None) -> str:
    if isinstance(command, PrepareSpell):
        return _("Lay {spell} face down").format(spell=term(command.spell))
    return _("Choose a card")


def _offer(row: tuple[str, ...]) -> str:
    """The rewards on offer in words: "Points 10, 20, 20; Successful Potion; Private Lessons x2"."""
    points = sorted(kind.removeprefix("points") for kind in row if kind.startswith("points"))
    counts = Counter(kind for kind in row if not kind.startswith("points"))
    named = [card_name(kind) + (f" ×{count}" if count > 1 else "") for kind, count in counts.items()]
    values = [_("Points {values}").format(values=", ".join(points))] if points else []
    return _("; ").join(values + named)  # (French puts a space before the semicolon)
