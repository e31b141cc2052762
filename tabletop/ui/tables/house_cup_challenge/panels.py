"""The panel for a choice the rules ask of a player: who encounters a card, boosts, setbacks, New Year
choices, where a new card goes, the Wand Bonus Token, and which of several moves to the same space.

Every legal command of the choice is one button, labelled in words; nothing is chosen for the player.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.core.protocol import Command
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, ADVENTURES, CHARACTERS, SPECIALS, title
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button

WAY_WORDS = {"able": "you pass its Test", "harry": "The Boy Who Lived", "cloak": "Invisibility Cloak"}


def label(view: ChallengeView, command: Command, names: Sequence[str]) -> str:
    """A button's words for ``command``."""
    me = view.me
    board = view.board_map()
    match command:
        case ev.ChooseEncounterer(target=t):
            who = "You" if t == view.seat else names[t]
            return f"{who} ({CHARACTERS[view.players[t].character].name.split()[0]}) encounters it"
        case ev.Boost(card=c, ability=a) if c in SPECIALS:
            bonus = ", ".join(f"+{n} {ABILITY_NAMES[a if p == '*' else p]}" for p, n in SPECIALS[c].bonus)
            return f"Flip {SPECIALS[c].name} ({bonus})"
        case ev.Boost(card=c, ability=a):
            amount = 2 if me.character == "ron" else 1
            return f"Discard {title(c)}: +{amount} {ABILITY_NAMES[a]}"
        case ev.Check():
            return "Check the Test now"
        case ev.UseFree(card="fawkes"):
            return "Flip Fawkes: try again with +2"
        case ev.UseFree(card="expelliarmus"):
            return "Flip Expelliarmus: no setback"
        case ev.Decline():
            return "Do not flip it"
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
        case ev.Done():
            return "Done swapping"
        case ev.WandBonus(use=True):
            return "Flip it: one extra action now"
        case ev.WandBonus(use=False):
            return "Keep the token"
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
        came = path[-2] if len(path) > 1 else "where you stand"
        came = name(came) if len(path) > 1 else came
        return f"Encounter {title(board[end])} (from {came}){past}"
    if end in board:
        return f"Stop on {name(end)} without an encounter{past}"
    return f"Go to {name(end)}{past}"


def heading(view: ChallengeView, commands: Sequence[Command], names: Sequence[str]) -> tuple[str, str]:
    """The panel's title and explanation."""
    task = view.tasks[-1] if view.tasks else None
    if task is None or task.kind == "action":
        return "Choose how", "Several moves end on that space. Choose one."
    card = task.card
    if task.kind == "who":
        return "Who encounters it?", f"{title(card)} (Test {ADVENTURES[card].test.text()}) lands on {name(task.cell)}."
    if task.kind == "encounter":
        info = ADVENTURES[card]
        values = ", ".join(
            f"{ABILITY_NAMES[a]} {view.me.ability(a) + dict(task.boosts).get(a, 0) + (2 if task.retried else 0)}"
            for a in info.test.abilities
        )
        text = f"{info.title}: Test {info.test.words()}. You have {values}."
        if task.phase == "boost":
            return "Boost the encounter?", text + f" Discard up to {2 - task.used} more cards or flip bonus cards."
        if task.phase == "fawkes":
            return "You failed the Test", text + " Fawkes the Phoenix can give one more try with +2."
        if task.phase == "expelliarmus":
            return "You failed the Test", text + " Expelliarmus can cancel the setback."
        if task.phase == "discard":
            return "Setback", f"You failed {info.title}. Discard one card of your choice."
        if task.phase == "retreat":
            return "Setback", "Step to a connected space without a card (tap one on the board or below)."
    if task.kind == "token":
        return "Wand Bonus Token", "Flip it face down to take one extra action at once. It returns with the Wand."
    if task.kind == "feast":
        return "End-of-year feast", "Raise one ability by 1."
    if task.kind == "holiday":
        return "Summer holidays", f"Discard any cards; you draw as many when done ({task.used} swapped so far)."
    if task.kind == "place":
        return "New Adventure Card", f"Put {title(card)} on a free space (tap it on the board or below)."
    if task.kind == "limit":
        return "Hand limit", f"Discard down to 8 cards ({view.me.hand_count} in hand)."
    return "Choose", ""


class ChoicePanel:
    """Buttons for ``commands`` inside ``rect``; ``chosen`` holds the command once one is tapped."""

    def __init__(self, view: ChallengeView, commands: Sequence[Command], names: Sequence[str], cancel: bool) -> None:
        self.view = view
        self.commands = list(commands)
        self.title, self.text = heading(view, commands, names)
        self.buttons = [
            Button(label(view, command, names), lambda c=command: self._choose(c), size=17) for command in commands
        ]
        self.cancel = Button("Cancel", self._cancel, size=17) if cancel else None
        self.chosen: Command | None = None
        self.cancelled = False
        self.rect = pygame.Rect(0, 0, 10, 10)

    def _choose(self, command: Command) -> None:
        self.chosen = command

    def _cancel(self) -> None:
        self.cancelled = True

    def layout(self, area: pygame.Rect) -> None:
        """Take the top of ``area``, as tall as the buttons need (the rest of the side stays visible)."""
        count = len(self.buttons) + (1 if self.cancel else 0)
        columns = 1 if count <= 5 else 2
        top = area.top + px(96)
        rows = (count + columns - 1) // columns
        height = max(px(22), min(px(38), (area.bottom - px(10) - top) // max(1, rows) - px(6)))
        self.rect = pygame.Rect(area.left, area.top, area.width, min(area.height, px(106) + rows * (height + px(6))))
        width = (area.width - px(24) - (columns - 1) * px(8)) // columns
        everything = [*self.buttons, *([self.cancel] if self.cancel else [])]
        for index, button in enumerate(everything):
            row, col = divmod(index, columns)
            button.rect = pygame.Rect(
                area.left + px(12) + col * (width + px(8)), top + row * (height + px(6)), width, height
            )
            button.size = 17 if height >= px(30) else 14

    def pointer(self, event: PointerEvent) -> bool:
        for button in [*self.buttons, *([self.cancel] if self.cancel else [])]:
            if button.pointer(event):
                return True
        return self.rect.collidepoint(event.pos)

    def button_for(self, command: Command) -> Button:
        return self.buttons[self.commands.index(command)]

    def draw(self, surface: pygame.Surface) -> None:
        theme.shadow(surface, self.rect, px(12), offset=px(5), alpha=110)
        theme.panel(surface, self.rect, colour=(36, 30, 26), edge=theme.GOLD, alpha=250)
        surface.blit(
            theme.text(self.title, 26, theme.GOLD_LIGHT, bold=True), (self.rect.left + px(14), self.rect.top + px(10))
        )
        body = pygame.Rect(self.rect.left + px(14), self.rect.top + px(42), self.rect.width - px(28), px(52))
        theme.draw_text_block(surface, self.text, body, 17, theme.TEXT)
        for button in self.buttons:
            button.draw(surface)
        if self.cancel:
            self.cancel.draw(surface)
