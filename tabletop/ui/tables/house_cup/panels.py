"""The panel for a choice the rules ask of a player: an IMMEDIATELY effect, the search and the Flywheel.

The panel shows the cards involved; the player selects, then confirms. Nothing is chosen for them; the
engine's suggestion (the end-of-game choices) is only preselected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command
from tabletop.games.house_cup.cards import CARDS, title
from tabletop.games.house_cup.events import (
    CauldronDiscard,
    ChooseFlywheelSet,
    DiscardCard,
    GiveCard,
    KeepCard,
)
from tabletop.games.house_cup.scoring import quidditch_leaders, score_player
from tabletop.games.house_cup.state import TaskKind
from tabletop.games.house_cup.text import set_name
from tabletop.games.house_cup.view import HouseCupView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.tables.house_cup.cards import card_face, card_height
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button

TITLES = {
    "trouble": ("Trouble!", "It acts at once: discard one of the other cards you have now."),
    "letter": (
        "You've Got a Letter!",
        "You took a reward token. Now give one of your cards (not one with the letter symbol) to an opponent.",
    ),
    "cauldron": ("Magic Cauldron", "You may discard one card to take a reward token."),
    "search": (
        "Help Searching for Points",
        "The top cards of the deck, seen only by you until you choose. Keep one; the others go to the discard pile.",
    ),
    "flywheel": ("Flywheel of Time", "Choose the set it joins. Your final score with each choice is shown."),
}
CONFIRM = {
    "trouble": "Discard",
    "letter": "Give",
    "cauldron": "Discard for a token",
    "search": "Keep",
    "flywheel": "Confirm",
}


@dataclass
class ChoicePanel:
    view: HouseCupView
    names: list[str]
    kind: TaskKind
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    selected_card: str | None = None
    selected_target: int | None = None
    selected_set: str | None = None
    hidden: bool = False
    card_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    target_buttons: dict[int, Button] = field(default_factory=dict)
    set_buttons: dict[str | None, Button] = field(default_factory=dict)
    confirm: Button | None = None
    decline: Button | None = None
    hide: Button | None = None

    def __post_init__(self) -> None:
        suggestion = self.view.suggestion
        if isinstance(suggestion, KeepCard):
            self.selected_card = suggestion.card
        if isinstance(suggestion, ChooseFlywheelSet):
            self.selected_set = suggestion.set
        if self.kind == "flywheel" and suggestion is None:
            self.selected_set = None
        self.confirm = Button(CONFIRM[self.kind], self._confirm_pressed, primary=True, size=22)
        if self.kind == "cauldron":
            self.decline = Button("Keep my cards", lambda: self._choose(CauldronDiscard(self.view.seat, None)), size=22)
        self.hide = Button("Peek at the table", self._toggle_hidden, size=18)
        if self.kind == "letter":
            for seat in sorted({c.to for c in self.view.legal if isinstance(c, GiveCard)}):
                self.target_buttons[seat] = Button(self.names[seat], lambda s=seat: self._pick_target(s), size=20)
        if self.kind == "flywheel":
            for command in self.view.legal:
                assert isinstance(command, ChooseFlywheelSet)
                label = f"{set_name(command.set) if command.set else 'No set'}: {self._flywheel_total(command.set)}"
                self.set_buttons[command.set] = Button(label, lambda s=command.set: self._pick_set(s), size=20)
        self.chosen: Command | None = None

    # --- what can be picked ----------------------------------------------------------------------------
    def option_cards(self) -> list[str]:
        cards: list[str] = []
        for command in self.view.legal:
            card = getattr(command, "card", None)
            if card is not None and card not in cards:
                cards.append(card)
        return cards

    def _flywheel_total(self, kind: str | None) -> int:
        seat = self.view.seat
        leaders = quidditch_leaders(self.view.tableau, self.view.houses)
        return score_player(
            self.view.tableau[seat], self.view.rewards[seat], self.view.houses[seat], leaders, kind
        ).total

    def command(self) -> Command | None:
        """The command the current selection makes, if it is complete and legal."""
        seat = self.view.seat
        candidate: Command | None = None
        if self.kind == "trouble" and self.selected_card:
            candidate = DiscardCard(seat, self.selected_card)
        elif self.kind == "letter" and self.selected_card and self.selected_target is not None:
            candidate = GiveCard(seat, self.selected_card, self.selected_target)
        elif self.kind == "cauldron" and self.selected_card:
            candidate = CauldronDiscard(seat, self.selected_card)
        elif self.kind == "search" and self.selected_card:
            candidate = KeepCard(seat, self.selected_card)
        elif self.kind == "flywheel":
            candidate = ChooseFlywheelSet(seat, self.selected_set)
        return candidate if candidate in self.view.legal else None

    def _confirm_pressed(self) -> None:
        self.chosen = self.command()

    def _choose(self, command: Command) -> None:
        self.chosen = command

    def _pick_target(self, seat: int) -> None:
        self.selected_target = seat

    def _pick_set(self, kind: str | None) -> None:
        self.selected_set = kind

    def _toggle_hidden(self) -> None:
        self.hidden = not self.hidden

    # --- layout and input ---------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        cards = self.option_cards() if self.kind != "flywheel" else []
        width = min(area.width, px(860))
        card_w = px(150) if len(cards) <= 5 else max(px(84), (width - px(40)) // len(cards) - px(10))
        card_h = card_height(card_w)
        height = px(170) + (card_h + px(20) if cards else 0)
        height += px(56) if self.target_buttons else 0
        height += px(56) * ((len(self.set_buttons) + 2) // 3) if self.set_buttons else 0
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        x = self.rect.centerx - (len(cards) * (card_w + px(10)) - px(10)) // 2
        y = self.rect.top + px(104)
        self.card_rects = {}
        for card in cards:
            self.card_rects[card] = pygame.Rect(x, y, card_w, card_h)
            x += card_w + px(10)
        y += (card_h + px(20)) if cards else 0
        if self.target_buttons:
            count = len(self.target_buttons)
            bw = px(180)
            x = self.rect.centerx - (count * (bw + px(10)) - px(10)) // 2
            for button in self.target_buttons.values():
                button.rect = pygame.Rect(x, y, bw, px(44))
                x += bw + px(10)
            y += px(56)
        if self.set_buttons:
            bw = px(250)
            for index, button in enumerate(self.set_buttons.values()):
                row, col = divmod(index, 3)
                in_row = min(3, len(self.set_buttons) - row * 3)
                x0 = self.rect.centerx - (in_row * (bw + px(10)) - px(10)) // 2
                button.rect = pygame.Rect(x0 + col * (bw + px(10)), y + row * px(56), bw, px(46))
            y += px(56) * ((len(self.set_buttons) + 2) // 3)
        bottom = self.rect.bottom - px(58)
        assert self.confirm is not None and self.hide is not None
        label_w = theme.text(self.confirm.label, self.confirm.size, bold=True).get_width() + px(40)
        confirm_w = max(px(240), label_w)
        self.confirm.rect = pygame.Rect(self.rect.centerx - confirm_w // 2, bottom, confirm_w, px(46))
        if self.decline is not None:
            self.confirm.rect.x -= px(130)
            self.decline.rect = pygame.Rect(self.confirm.rect.right + px(20), bottom, px(240), px(46))
        self.hide.rect = pygame.Rect(self.rect.right - px(180), self.rect.top + px(12), px(168), px(34))
        if self.hidden:
            self.hide.rect = pygame.Rect(area.centerx - px(110), area.bottom - px(50), px(220), px(40))

    def buttons(self) -> list[Button]:
        out = [] if self.hidden else [*self.target_buttons.values(), *self.set_buttons.values()]
        if not self.hidden:
            out.append(self.confirm)
            if self.decline is not None:
                out.append(self.decline)
        out.append(self.hide)
        return [b for b in out if b is not None]

    def pointer(self, event: PointerEvent) -> Command | None:
        """Handle a pointer event; returns a command once the player has confirmed one."""
        assert self.confirm is not None
        for button in self.buttons():
            if button is self.confirm:
                button.enabled = self.command() is not None
            if button.pointer(event):
                if event.kind == "tap" and self.chosen is not None:
                    chosen, self.chosen = self.chosen, None
                    return chosen
                return None
        if self.hidden or event.kind != "tap":
            return None
        for card, rect in self.card_rects.items():
            if rect.collidepoint(event.pos):
                self.selected_card = card
                return None
        return None

    def card_at(self, pos: tuple[int, int]) -> str | None:
        if self.hidden:
            return None
        for card, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return card
        return None

    def gesture(self, command: Command) -> list[tuple[int, int]]:
        """Where to tap, in order, to give ``command`` through this panel (for tests and demos)."""
        assert self.confirm is not None
        taps = []
        if self.hidden:
            taps.append(self.hide.rect.center)
        card = getattr(command, "card", None)
        if isinstance(command, CauldronDiscard) and card is None:
            assert self.decline is not None
            return [*taps, self.decline.rect.center]
        if card is not None:
            taps.append(self.card_rects[card].center)
        if isinstance(command, GiveCard):
            taps.append(self.target_buttons[command.to].rect.center)
        if isinstance(command, ChooseFlywheelSet):
            taps.append(self.set_buttons[command.set].rect.center)
        taps.append(self.confirm.rect.center)
        return taps

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assert self.confirm is not None and self.hide is not None
        if self.hidden:
            self.hide.draw(surface)
            return
        veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 110, 0)
        surface.blit(veil, (0, 0))
        theme.shadow(surface, self.rect, px(14), offset=px(6), alpha=120)
        theme.panel(surface, self.rect, colour=(36, 30, 26), edge=theme.GOLD, alpha=248)
        heading, explain = TITLES[self.kind]
        if self.kind == "letter":
            task = self.view.tasks[-1]
            if task.queue and task.queue[0] == 0:
                explain = explain.replace("You took a reward token.", "The supply was empty: no reward token.")
        surface.blit(
            theme.text(heading, 30, theme.GOLD_LIGHT, bold=True), (self.rect.left + px(24), self.rect.top + px(16))
        )
        body = pygame.Rect(self.rect.left + px(24), self.rect.top + px(54), self.rect.width - px(48), px(44))
        theme.draw_text_block(surface, explain, body, 19, theme.TEXT)
        for card, rect in self.card_rects.items():
            face = card_face(card, rect.width)
            lift = px(8) if card == self.selected_card else 0
            surface.blit(face, (rect.left, rect.top - lift))
            if card == self.selected_card:
                pygame.draw.rect(
                    surface, theme.HIGHLIGHT, rect.move(0, -lift).inflate(px(6), px(6)), px(3), border_radius=px(10)
                )
        for seat, button in self.target_buttons.items():
            button.selected = seat == self.selected_target
        for kind, button in self.set_buttons.items():
            button.selected = kind == self.selected_set
        for button in self.buttons():
            if button is self.confirm:
                button.enabled = self.command() is not None
                if self.kind == "letter" and self.selected_card and self.selected_target is not None:
                    button.label = f"Give {title(self.selected_card)} to {self.names[self.selected_target]}"
                elif self.kind in ("trouble", "cauldron") and self.selected_card:
                    button.label = f"{CONFIRM[self.kind].split(' ')[0]} {CARDS[self.selected_card].title}"
                width = max(px(240), theme.text(button.label, button.size, bold=True).get_width() + px(40))
                if width != button.rect.width and self.decline is None:
                    button.rect = pygame.Rect(
                        self.rect.centerx - width // 2, button.rect.top, width, button.rect.height
                    )
            button.draw(surface)
