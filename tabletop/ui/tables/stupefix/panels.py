"""The panels for choices on the Stupéfix table: the secret spell (phase 2), cast or Protego (phase 4) and the
Stupéfix of a Cours Particuliers (a face-up one, or one of the face-down cards its taker alone looks through),
behind the privacy screen when several people share the screen, and the public Retourneur de Temps choice."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command
from tabletop.games.stupefix.cards import SPELL_NAMES, SPELLS
from tabletop.games.stupefix.events import CastSpell, PrepareSpell, ReturnRetard, TakeStupefix
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.tables.stupefix.faces import card_height, reward_face, spell_face
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button


@dataclass
class Panel:
    """A choice panel inside ``area`` (the middle of the table, so the seats and wands stay in sight)."""

    kind: str  # "prepare", "cast", "cours" or "retourneur"
    view: StupefixView
    names: list[str]
    area: pygame.Rect
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    hidden: bool = False
    card_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    buttons: list[tuple[Button, Command]] = field(default_factory=list)
    chosen: Command | None = None

    def __post_init__(self) -> None:
        seat = self.view.seat
        self.hide = Button("Peek at the table", self._toggle, size=16)
        if self.kind == "cast":
            prepared = self.view.my_prepared
            label = f"Cast {SPELL_NAMES[prepared]}" if prepared else "Cast nothing"  # no spell card left
            self.buttons = [
                (
                    Button(label, lambda: self._choose(CastSpell(seat, False)), primary=True, size=20),
                    CastSpell(seat, False),
                ),
                (Button("Protego", lambda: self._choose(CastSpell(seat, True)), size=20), CastSpell(seat, True)),
            ]
        elif self.kind == "cours":
            for command in self.view.legal:
                assert isinstance(command, TakeStupefix)
                label = "A face-down Stupéfix" if command.face_down else "A face-up Stupéfix"
                self.buttons.append((Button(label, lambda c=command: self._choose(c), size=20), command))
        elif self.kind == "retourneur":
            for command in self.view.legal:
                assert isinstance(command, ReturnRetard)
                owner = command.owner
                label = "My own" if owner == seat else f"{self.names[owner]}'s"
                self.buttons.append(
                    (
                        Button(f"{label} ({self.view.retard[owner]})", lambda c=command: self._choose(c), size=20),
                        command,
                    )
                )
        self.layout(self.area)

    def _toggle(self) -> None:
        self.hidden = not self.hidden
        self.layout(self.area)

    def _choose(self, command: Command) -> None:
        self.chosen = command

    # --- layout -------------------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        self.area = area
        width = min(area.width, px(620))
        if self.kind == "prepare":
            card_w = max(px(56), min(px(96), round((area.height - px(120)) / 1.4)))
            height = px(86) + card_height(card_w) + px(12)
        elif self.kind == "cast":
            card_w = max(px(48), min(px(80), round((area.height - px(110)) / 1.4)))
            height = px(70) + max(card_height(card_w), px(104)) + px(12)
        else:
            card_w = 0
            height = px(190) if self.kind == "cours" else px(150)
        height = min(height, area.height)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        self.card_rects = {}
        if self.kind == "prepare":
            kinds = [spell for spell in SPELLS if spell in self.view.hand]
            x = self.rect.left + px(20)
            for spell in kinds:
                self.card_rects[spell] = pygame.Rect(x, self.rect.top + px(62), card_w, card_height(card_w))
                x += card_w + px(14)
        elif self.kind == "cast":
            self.card_rects["prepared"] = pygame.Rect(
                self.rect.left + px(20), self.rect.top + px(58), card_w, card_height(card_w)
            )
            bx = self.card_rects["prepared"].right + px(20)
            bw = (self.rect.right - px(20) - bx - px(12)) // 2
            for index, (button, _) in enumerate(self.buttons):
                button.rect = pygame.Rect(bx + index * (bw + px(12)), self.rect.bottom - px(58), bw, px(46))
        else:
            bw = px(220) if self.kind == "cours" else px(180)
            x = self.rect.centerx - (len(self.buttons) * (bw + px(12)) - px(12)) // 2
            for button, _ in self.buttons:
                button.rect = pygame.Rect(x, self.rect.bottom - px(62), bw, px(46))
                x += bw + px(12)
        self.hide.rect = pygame.Rect(self.rect.right - px(150), self.rect.top + px(8), px(140), px(28))
        if self.hidden:
            self.hide.rect = pygame.Rect(area.centerx - px(90), area.bottom - px(36), px(180), px(32))

    # --- input ----------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> bool:
        """True when the panel used the event. A choice made is left in ``chosen``."""
        if self.kind != "retourneur" and self.hide.pointer(event):
            return True
        if self.hidden:
            return False
        for button, _ in self.buttons:
            if button.pointer(event):
                return True
        if event.kind == "tap" and self.kind == "prepare":
            for spell, rect in self.card_rects.items():
                if rect.collidepoint(event.pos):
                    self.chosen = PrepareSpell(self.view.seat, spell)
                    return True
        return self.rect.collidepoint(event.pos) and event.kind in ("tap", "down", "up")

    def spell_at(self, pos: tuple[int, int]) -> str | None:
        if self.hidden or self.kind != "prepare":
            return None
        for spell, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return spell
        return None

    def gesture(self, command: Command) -> list[tuple[int, int]]:
        """Where to tap for ``command`` (tests and demos)."""
        if isinstance(command, PrepareSpell):
            return [self.card_rects[command.spell].center]
        for button, candidate in self.buttons:
            if candidate == command:
                return [button.rect.center]
        raise AssertionError(f"{command} is not offered by this panel")

    # --- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, glossary: list) -> None:
        if self.hidden:
            if self.kind != "retourneur":
                self.hide.draw(surface)
            return
        theme.shadow(surface, self.rect, px(14), offset=px(8), alpha=110)
        theme.panel(surface, self.rect, colour=(34, 28, 44), edge=theme.GOLD, alpha=248)
        seat = self.view.seat
        name = self.names[seat]
        if self.kind == "prepare":
            self._draw_prepare(surface, name, glossary)
        elif self.kind == "cast":
            self._draw_cast(surface, name, glossary)
        elif self.kind == "cours":
            self._draw_cours(surface, name, glossary)
        else:
            title = theme.text(f"{name}: Retourneur de Temps", 22, theme.GOLD_LIGHT, bold=True)
            surface.blit(title, (self.rect.left + px(18), self.rect.top + px(14)))
            glossary.append(
                (title.get_rect(topleft=(self.rect.left + px(18), self.rect.top + px(14))), "Retourneur de Temps")
            )
            line = "Give back one Retard token of your house to the reserve: whose?"
            surface.blit(theme.text(line, 17, theme.TEXT), (self.rect.left + px(18), self.rect.top + px(48)))
        for button, _ in self.buttons:
            button.draw(surface)
        if self.kind != "retourneur":
            self.hide.draw(surface)

    def _draw_prepare(self, surface: pygame.Surface, name: str, glossary: list) -> None:
        title = theme.text(f"{name}: prepare your spell", 22, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, (self.rect.left + px(18), self.rect.top + px(12)))
        note = theme.text("Secret: tap a card to lay it face down. Only you see this.", 15, theme.TEXT_DIM)
        surface.blit(note, (self.rect.left + px(18), self.rect.top + px(38)))
        hand = self.view.hand
        for spell, rect in self.card_rects.items():
            surface.blit(spell_face(spell, rect.width), rect)
            glossary.append((rect, SPELL_NAMES[spell]))
            badge = theme.text(f"x{hand.count(spell)}", 18, theme.INK, bold=True)
            spot = badge.get_rect().inflate(px(10), px(2))
            spot.topright = (rect.right + px(4), rect.top - px(4))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, spot, border_radius=px(8))
            surface.blit(badge, badge.get_rect(center=spot.center))
        # The rewards on offer, small, to decide with.
        left = max(r.right for r in self.card_rects.values()) + px(24) if self.card_rects else self.rect.left + px(20)
        area = pygame.Rect(left, self.rect.top + px(62), self.rect.right - px(16) - left, self.rect.height - px(74))
        label = theme.text(f"On offer in round {self.view.round}:", 15, theme.TEXT_DIM, bold=True)
        surface.blit(label, area.topleft)
        row = self.view.row
        per_row = 5
        mini = max(px(24), min(px(48), (area.width - (per_row - 1) * px(4)) // per_row))
        for index, kind in enumerate(row):
            r, c = divmod(index, per_row)
            rect = pygame.Rect(
                area.left + c * (mini + px(4)),
                area.top + px(20) + r * (card_height(mini) + px(4)),
                mini,
                card_height(mini),
            )
            if rect.bottom > self.rect.bottom:
                break
            surface.blit(reward_face(kind, mini), rect)
            glossary.append((rect, kind))

    def _draw_cours(self, surface: pygame.Surface, name: str, glossary: list) -> None:
        title = theme.text(f"{name}: Cours Particuliers", 22, theme.GOLD_LIGHT, bold=True)
        where = (self.rect.left + px(18), self.rect.top + px(12))
        surface.blit(title, where)
        glossary.append((title.get_rect(topleft=where), "cours"))
        found = any(isinstance(c, TakeStupefix) and c.face_down for c in self.view.legal)
        seen = (
            "Among the face-down cards you find a Stupéfix (nobody will learn whose it was)."
            if found
            else "Among the face-down cards you find no Stupéfix."
        )
        text = (
            "Take a Stupéfix from the discard pile: a face-up one, or one of the face-down cards. "
            f"{seen} Secret: only you see this."
        )
        area = pygame.Rect(self.rect.left + px(18), self.rect.top + px(44), self.rect.width - px(36), px(76))
        theme.draw_text_block(surface, text, area, 16, theme.TEXT)

    def _draw_cast(self, surface: pygame.Surface, name: str, glossary: list) -> None:
        view = self.view
        title = theme.text(f"{name}: cast your spell, or Protego", 22, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, (self.rect.left + px(18), self.rect.top + px(12)))
        note = theme.text(
            "Secret until everyone has chosen. Drag your wand onto your own seat for Protego.", 14, theme.TEXT_DIM
        )
        surface.blit(note, (self.rect.left + px(18), self.rect.top + px(36)))
        rect = self.card_rects["prepared"]
        if view.my_prepared:
            surface.blit(spell_face(view.my_prepared, rect.width), rect)
            glossary.append((rect, SPELL_NAMES[view.my_prepared]))
        else:  # no spell card left: nothing was prepared
            pygame.draw.rect(surface, theme.TEXT_DIM, rect, max(1, px(2)), border_radius=px(6))
            theme.draw_text_block(surface, "No spell card", rect.inflate(-px(8), -px(8)), 14, theme.TEXT_DIM)
        x = rect.right + px(20)
        target = view.targets[view.seat]
        aim = f"Your wand points at {self.names[target]}." if target is not None else "Your wand points at nobody."
        at_me = [self.names[s] for s in range(view.players) if view.targets[s] == view.seat]
        threat = f"Wands on you: {', '.join(at_me)}." if at_me else "No wand points at you."
        width = self.rect.right - px(16) - x
        y = rect.top
        for line in (aim, threat):
            y += theme.draw_text_block(surface, line, pygame.Rect(x, y, width, px(44)), 17, theme.TEXT)
        glossary.append((self.buttons[1][0].rect, "Protego"))


def panel_kind(view: StupefixView) -> str | None:
    """The panel the rules ask of ``view.seat`` now, if any."""
    if not view.legal:
        return None
    if view.phase == "prepare":
        return "prepare"
    if view.phase == "cast":
        return "cast"
    if view.phase == "draft" and view.tasks:
        return "cours" if view.tasks[-1][0] == "cours" else "retourneur"
    return None
