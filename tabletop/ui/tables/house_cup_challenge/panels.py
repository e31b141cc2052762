"""House Cup Challenge's choices in the shared choice panel: who encounters a card, boosts, setbacks, New Year
choices, where a new card goes, the Wand Bonus Token, and which of several moves to the same space.

A choice about a card in hand shows the cards (discard, swap, boost: tap one, then confirm); every other
command is a button of its own, labelled in words. Nothing is chosen for the player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.core.protocol import Command
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, SPECIALS, title
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.ui.tables.choice_panel import ChoicePanel, Option, Pick
from tabletop.ui.tables.house_cup_challenge.faces import card_face

WAY_WORDS = {"able": "you pass its Test", "harry": "The Boy Who Lived", "cloak": "Invisibility Cloak"}
PEEK = "(tap it on the board, or choose below)"
WORDS = {ev.Check: "Check the Test now", ev.Decline: "Do not flip it", ev.Done: "Done swapping"}


def choice_panel(
    view: ChallengeView, commands: Sequence[Command], names: Sequence[str], on_cancel: Callable[[], None] | None
) -> ChoicePanel:
    """The panel for ``commands`` (the task's, or the several moves one drop could mean, with a Cancel). A choice
    of space (where a new card goes, where to step back) stands at the foot of the table, which stays in view to
    tap the space on."""
    options = [_option(view, command, names) for command in commands]

    def words(command: Command | None) -> str:
        return "Confirm" if command is None else label(view, command, names)

    task = view.tasks[-1] if view.tasks else None
    on_board = task is not None and (task.kind == "place" or task.phase == "retreat")
    title, explain = heading(view)
    return ChoicePanel(title, explain, options, face=card_face, confirm_label=words, docked=on_board, cancel=on_cancel)


def _option(view: ChallengeView, command: Command, names: Sequence[str]) -> Option:
    match command:
        case ev.Discard(card=c) | ev.Swap(card=c):
            return Option(command, c)
        case ev.Boost(card=c, ability=a) if c not in SPECIALS:
            return Option(command, c, (Pick("ability", a, boost(view, a)),))
        case ev.ChooseEncounterer(target=t):
            return Option(command, view.tasks[-1].card, (Pick("who", t, who(view, t, names)),))
    return Option(command, button=label(view, command, names))


def who(view: ChallengeView, seat: int, names: Sequence[str]) -> str:
    character = CHARACTERS[view.players[seat].character].name.split()[0]
    return f"{'You' if seat == view.seat else names[seat]} ({character})"


def boost(view: ChallengeView, ability: str) -> str:
    """What discarding a card adds to an ability (Ron's discards count twice)."""
    return f"+{2 if view.me.character == 'ron' else 1} {ABILITY_NAMES[ability]}"


def label(view: ChallengeView, command: Command, names: Sequence[str]) -> str:
    """A button's words for ``command``."""
    me, board = view.me, view.board_map()
    if type(command) in WORDS:
        return WORDS[type(command)]
    match command:
        case ev.ChooseEncounterer(target=t):
            return f"{who(view, t, names)} encounters it"
        case ev.Boost(card=c, ability=a) if c in SPECIALS:
            bonus = ", ".join(f"+{n} {ABILITY_NAMES[a if p == '*' else p]}" for p, n in SPECIALS[c].bonus)
            return f"Flip {SPECIALS[c].name} ({bonus})"
        case ev.Boost(card=c, ability=a):
            return f"Discard {title(c)}: {boost(view, a)}"
        case ev.UseFree(card=c):
            return {"fawkes": "Flip Fawkes: try again with +2", "expelliarmus": "Flip Expelliarmus: no setback"}[c]
        case ev.Discard(card=c):
            return f"Discard {title(c)}"
        case ev.Retreat(cell=cell):
            return f"Go to {name(cell)}"
        case ev.PlaceCard(cell=cell):
            return f"Put it on {name(cell)} ({cell})"
        case ev.Feast(ability=a):
            return f"+1 {ABILITY_NAMES[a]} (now {me.ability(a)})"
        case ev.Swap(card=c):
            return f"Swap away {title(c)}"
        case ev.WandBonus(use=use):
            return "Flip it: one extra action now" if use else "Keep the token"
        case ev.Move(path=path, bypass=bypass) | ev.UseSpecial(path=path, bypass=bypass) if path:
            return _move_words(command, path, bypass, board)
        case ev.UseSpecial(card=c, cell=cell, bypass=bypass) if cell:
            if c == "accio":
                return f"Accio! {title(board[cell])} from {name(cell)}"
            return _move_words(command, (cell,), bypass, board)
        case ev.UseSpecial(card=c, other=o) if o >= 0:
            return f"{SPECIALS[c].name}: swap with {names[o]}"
        case ev.UseSpecial(card=c):
            return f"Use {SPECIALS[c].name}"
    return type(command).__name__


def _move_words(command: Command, path: tuple, bypass: tuple, board: dict[str, str]) -> str:
    end = path[-1]
    cards = [cell for cell in path if cell in board]
    ways = [WAY_WORDS.get(way, way) for way in bypass]
    free = isinstance(command, ev.UseSpecial) and command.card == "map"
    past = f", walking past with {' and '.join(ways)}" if any(w != WAY_WORDS["able"] for w in ways) else ""
    if not free and len(bypass) < len(cards):
        came = name(path[-2]) if len(path) > 1 else "where you stand"
        return f"Encounter {title(board[end])} (from {came}){past}"
    if end in board:
        return f"Stop on {name(end)} without an encounter{past}"
    return f"Go to {name(end)}{past}"


def heading(view: ChallengeView) -> tuple[str, str]:
    """The panel's title and explanation."""
    task = view.tasks[-1] if view.tasks else None
    if task is None or task.kind == "action":
        return "Choose how", "Several moves end on that space. Choose one."
    card = task.card
    if task.kind == "who":
        return "Who encounters it?", f"{title(card)} (Test {ADVENTURES[card].test.text()}) lands on {name(task.cell)}."
    if task.kind == "encounter":
        info = ADVENTURES[card]
        boosts, retry = dict(task.boosts), 2 if task.retried else 0  # what the Test is taken with now
        values = ", ".join(
            f"{ABILITY_NAMES[a]} {view.me.ability(a) + boosts.get(a, 0) + retry}" for a in info.test.abilities
        )
        text = f"{info.title}: Test {info.test.words()}. You have {values}."
        return {
            "boost": ("Boost the encounter?", f"{text} Discard up to {2 - task.used} more cards or flip bonus cards."),
            "fawkes": ("You failed the Test", f"{text} Fawkes the Phoenix can give one more try with +2."),
            "expelliarmus": ("You failed the Test", f"{text} Expelliarmus can cancel the setback."),
            "discard": ("Setback", f"You failed {info.title}. Discard one card of your choice."),
            "retreat": ("Setback", f"Step to a connected space without a card {PEEK}."),
        }.get(task.phase, ("Choose", ""))
    if task.kind == "place":
        return "New Adventure Card", f"Put {title(card)} on a free space {PEEK}."
    return {
        "token": ("Wand Bonus Token", "Flip it face down to take one extra action at once. It returns with the Wand."),
        "feast": ("End-of-year feast", "Raise one ability by 1."),
        "holiday": ("Summer holidays", f"Discard any cards; you draw as many when done ({task.used} swapped so far)."),
        "limit": ("Hand limit", f"Discard down to 8 cards ({view.me.hand_count} in hand)."),
    }.get(task.kind, ("Choose", ""))
