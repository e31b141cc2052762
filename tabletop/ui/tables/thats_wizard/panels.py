"""Choices the rules ask of the player on screen: the side board before a duel, every choice at resolution
(turn order after a roll, end-of-round order, Dispel, Erase Memory, Transference, Scry, who falls first, the
sudden-death pairing), and the answer to a draw offered in a stalled duel. The panel shows only what this seat's
view holds; nothing is chosen for the player, the rules' default is only preselected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command
from tabletop.games.thats_wizard.cards import PREMADE, STRATEGIES, name
from tabletop.games.thats_wizard.events import (
    AnswerDraw,
    ApplyFirst,
    ChoosePairing,
    ChooseSideBoard,
    KeepSpell,
    RemoveToken,
    ResolveNext,
    TakeCards,
    TakePlace,
    Transfer,
)
from tabletop.games.thats_wizard.rules import canonical
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.tables.thats_wizard.cards import card_face, card_height
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button

PLACES = ("first", "second", "third", "fourth")


@dataclass
class Option:
    key: str
    label: str
    command: Command | None  # None: a card picked into a group (side board, Erase Memory)
    card: str | None = None


@dataclass
class ChoicePanel:
    view: ThatsWizardView
    names: list[str]
    kind: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    title: str = ""
    note: str = ""
    options: list[Option] = field(default_factory=list)
    picks: int = 1  # how many cards make the choice
    selected: list[str] = field(default_factory=list)
    chosen: Command | None = None
    card_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    buttons: dict[str, Button] = field(default_factory=dict)
    extra: list[tuple[str, Button]] = field(default_factory=list)  # premade strategies for the side board
    confirm: Button | None = None

    def __post_init__(self) -> None:
        self._build()

    # --- contents ----------------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def _build(self) -> None:
        view, seat, prompt = self.view, self.view.seat, self.view.prompt
        legal = list(view.legal)
        if self.kind == "sideboard":
            self.title = "Choose your side board"
            self.note = "Two spells sit out this duel, face down. Your hand: the other five, Focus and Counterspell."
            self.options = [Option(card, name(card), None, card) for card in canonical(view.book)]
            self.picks = 2
            for book, strategies in STRATEGIES.items():
                if set(PREMADE[book]) == set(view.book):
                    for label, keep in strategies:
                        out = tuple(c for c in view.book if c not in keep)
                        self.extra.append((label, Button(f"{label}", lambda out=out: self._preset(out), size=16)))
            self.confirm = Button("Set them aside", self._confirm, primary=True, size=20)
            return
        assert prompt is not None
        kind = prompt.kind
        if kind in ("tie", "team"):
            if kind == "tie":
                self.title = "You won the roll"
                self.note = "Equal Spell Power: choose whether your side takes its turn first or second."
                labels = ("Go first", "Go second")
            else:
                self.title = "Same Spell Power as your ally"
                self.note = "Choose whether you take your turn before or after your ally."
                labels = ("Before my ally", "After my ally")
            self.options = [Option(str(p), labels[p], TakePlace(seat, p)) for p in prompt.values]
        elif kind == "eor_place":
            self.title = "End of the round"
            self.note = "You won the roll: choose when your end-of-round effects happen."
            self.options = [Option(str(p), f"Go {PLACES[p]}", TakePlace(seat, p)) for p in prompt.values]
        elif kind == "eor_next":
            self.title = "Your end-of-round effects"
            self.note = "Choose which of your effects happens next."
            self.options = [Option(e, name(e), ResolveNext(seat, e), e) for e in prompt.cards]
        elif kind == "dispel":
            self.title = f"Dispel: {prompt.count} token{'s' if prompt.count != 1 else ''} to remove"
            self.note = f"Choose a lasting spell of {self.who(prompt.target)} to take a token from."
            self.options = [Option(c.card, f"{name(c.card)}", c, c.card) for c in legal if isinstance(c, RemoveToken)]
        elif kind == "erase":
            self.title = f"Erase Memory: {self.who(prompt.target)}'s hand"
            self.note = f"Take {min(2, len(prompt.cards))} cards. They come back when Erase Memory leaves play."
            self.options = [Option(card, name(card), None, card) for card in prompt.cards]
            self.picks = min(2, len(prompt.cards))
            self.confirm = Button("Take them", self._confirm, primary=True, size=20)
            return
        elif kind == "transfer":
            self.title = "Transference"
            self.note = f"How much Stamina do you give {self.who(prompt.target)}?"
            self.options = [Option(str(x), str(x), Transfer(seat, x)) for x in prompt.values]
        elif kind == "scry":
            self.title = "Scry"
            self.note = "Only you see these spells. Keep one for this duel; Scry goes into the deck."
            self.options = [Option(card, name(card), KeepSpell(seat, card), card) for card in prompt.cards]
        elif kind == "lethal":
            self.title = "Falling at the same moment"
            self.note = "You won the roll: whose Stamina loss comes first? The first to reach 0 loses the duel."
            self.options = [Option(str(t), f"{self.who(t)} first", ApplyFirst(seat, t)) for t in prompt.values]
        elif kind == "draw":
            self.title = f"{self.who(prompt.target)} offers a draw"
            self.options = [Option("accept", "Accept the draw", AnswerDraw(seat, True))]
            self.options.append(Option("refuse", "Refuse, play on", AnswerDraw(seat, False)))
            if AnswerDraw(seat, True) in legal:
                self.note = f"{self.who(prompt.target)}'s duel has stalled and they cannot win it. If you and "
                self.note += "everyone else asked accept, the match ends in a draw shared by both sides."
            elif not view.wizards[seat].dueling:
                self.note = "Your duel is over and the next set may still decide the match, so you cannot accept: "
                self.note += "a draw is only for a match nobody can win any more."
            else:
                self.note = "You can still hurt your opponent, so you cannot accept: a draw is only for a match "
                self.note += "nobody can win any more."
        elif kind == "pairing":
            self.title = "The sudden-death set"
            self.note = "You won the roll: choose who faces whom."
            for opponent in prompt.values:
                other = 3 if opponent == 1 else 1
                label = f"{self.who(0)} v {self.who(opponent)}, {self.who(2)} v {self.who(other)}"
                self.options.append(Option(str(opponent), label, ChoosePairing(seat, opponent)))
        for option in self.options:
            if option.card is None:
                self.buttons[option.key] = Button(option.label, lambda o=option: self._pick(o), size=20)
                self.buttons[option.key].enabled = option.command in legal
        if any(option.card for option in self.options):
            self.confirm = Button("Confirm", self._confirm, primary=True, size=20)
        suggestion = view.suggestion
        for option in self.options:
            if suggestion is not None and option.command == suggestion and option.card:
                self.selected = [option.card]

    def _preset(self, cards: tuple[str, ...]) -> None:
        self.selected = list(cards)

    def _pick(self, option: Option) -> None:
        self.chosen = option.command

    def _confirm(self) -> None:
        if len(self.selected) != self.picks:
            return
        if self.kind == "sideboard":
            self.chosen = ChooseSideBoard(self.view.seat, canonical(self.selected))
        elif self.kind == "erase":
            self.chosen = TakeCards(self.view.seat, canonical(self.selected))
        else:
            option = next(o for o in self.options if o.card == self.selected[0])
            self.chosen = option.command

    # --- layout and input -------------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        cards = [o for o in self.options if o.card]
        card_w = px(150) if len(cards) <= 5 else px(120) if len(cards) <= 6 else px(100)
        width = max(px(560), len(cards) * (card_w + px(12)) + px(40))
        width = min(width, area.width)
        if len(cards) * (card_w + px(12)) + px(40) > width:
            card_w = (width - px(40)) // max(1, len(cards)) - px(12)
        height = px(130) + (card_height(card_w) + px(30) if cards else 0) + px(64)
        height += px(50) if self.extra else 0
        self.rect = pygame.Rect(0, 0, width, min(height, area.height))
        self.rect.center = area.center
        y = self.rect.top + px(86)
        self.card_rects = {}
        if cards:
            total = len(cards) * (card_w + px(12)) - px(12)
            x = self.rect.centerx - total // 2
            for option in cards:
                assert option.card is not None
                self.card_rects[option.key] = pygame.Rect(x, y + px(12), card_w, card_height(card_w))
                x += card_w + px(12)
            y += card_height(card_w) + px(30)
        plain = [self.buttons[o.key] for o in self.options if o.key in self.buttons]
        if plain:
            bw = min(px(260), (self.rect.width - px(40)) // len(plain) - px(10))
            total = len(plain) * (bw + px(10)) - px(10)
            x = self.rect.centerx - total // 2
            for button in plain:
                button.rect = pygame.Rect(x, y + px(6), bw, px(50))
                x += bw + px(10)
            y += px(64)
        if self.extra:
            bw = px(220)
            x = self.rect.centerx - (len(self.extra) * (bw + px(10)) - px(10)) // 2
            for _label, button in self.extra:
                button.rect = pygame.Rect(x, y, bw, px(40))
                x += bw + px(10)
            y += px(50)
        if self.confirm is not None:
            self.confirm.rect = pygame.Rect(self.rect.centerx - px(130), self.rect.bottom - px(62), px(260), px(48))

    def all_buttons(self) -> list[Button]:
        out = list(self.buttons.values()) + [b for _, b in self.extra]
        if self.confirm is not None:
            out.append(self.confirm)
        return out

    def card_at(self, pos: tuple[int, int]) -> str | None:
        for key, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return next(o.card for o in self.options if o.key == key)
        return None

    def pointer(self, event: PointerEvent) -> Command | None:
        for button in self.all_buttons():
            if button.pointer(event):
                if self.chosen is not None:
                    chosen, self.chosen = self.chosen, None
                    return chosen
                return None
        if event.kind == "tap":
            card = self.card_at(event.pos)
            if card is not None:
                if card in self.selected:
                    self.selected.remove(card)
                elif self.picks == 1:
                    self.selected = [card]
                elif len(self.selected) < self.picks:
                    self.selected.append(card)
        return None

    def gesture(self, command: Command) -> list[tuple[int, int]]:
        """The taps a person makes for ``command`` (tests post them as real events)."""
        taps: list[tuple[int, int]] = []
        cards: list[str] = []
        if isinstance(command, (ChooseSideBoard, TakeCards)):
            cards = list(command.cards)
        for option in self.options:
            if option.command == command and option.card is None:
                return [self.buttons[option.key].rect.center]
            if option.command == command and option.card:
                cards = [option.card]
        for card in self.selected:
            if card not in cards:
                taps.append(self.card_rects[card].center)
        for card in cards:
            if card not in self.selected:
                taps.append(self.card_rects[card].center)
        assert self.confirm is not None
        taps.append(self.confirm.rect.center)
        return taps

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.shadow(surface, self.rect, px(14), offset=px(6), alpha=110)
        theme.panel(surface, self.rect, colour=(34, 30, 40), edge=theme.GOLD, alpha=248)
        title = theme.text(self.title, 28, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.top + px(14))))
        body = pygame.Rect(self.rect.left + px(24), self.rect.top + px(52), self.rect.width - px(48), px(40))
        for index, line in enumerate(theme.wrap(self.note, 17, body.width)[:2]):
            label = theme.text(line, 17, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(self.rect.centerx, body.top + index * px(20))))
        for key, rect in self.card_rects.items():
            option = next(o for o in self.options if o.key == key)
            assert option.card is not None
            picked = option.card in self.selected
            drawn = rect.move(0, -px(10) if picked else 0)
            surface.blit(card_face(option.card, rect.width), drawn)
            if picked:
                pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(6), px(6)), px(3), border_radius=px(8))
            if self.kind == "dispel":
                tokens = [
                    i.tokens for i in self.view.lasting if i.card == option.card and i.owner == self.view.prompt.target
                ]
                if tokens:
                    tag = theme.text(f"{tokens[0]} token{'s' if tokens[0] != 1 else ''}", 15, theme.TEXT, bold=True)
                    surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + px(2))))
        for button in self.all_buttons():
            if button is self.confirm:
                button.enabled = len(self.selected) == self.picks
            button.draw(surface)
        if self.picks > 1:
            count = theme.text(f"{len(self.selected)} of {self.picks} chosen", 16, theme.TEXT_DIM)
            anchor = self.confirm.rect if self.confirm else self.rect
            surface.blit(count, count.get_rect(midbottom=(self.rect.centerx, anchor.top - px(4))))
