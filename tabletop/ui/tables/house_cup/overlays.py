"""House Cup overlays: a player's cards laid out in full, and the discard pile."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import ngettext
from tabletop.games.house_cup.scoring import quidditch_leaders, score_player
from tabletop.games.house_cup.view import HouseCupView
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent, tapped_outside
from tabletop.ui.keyboard import ScreenKeys, page, scroll_target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.tables.card_zoom import CardZoom, Spot
from tabletop.ui.tables.house_cup.cards import card_face, card_height, groups
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea


class CardListOverlay(Scene):
    opaque = False
    name = "cards"

    def __init__(
        self,
        app: AppLike,
        title: str,
        cards: list[str],
        box: tuple[str, ...],
        note: str = "",
        lines: list[tuple[str, int]] | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.cards = cards
        self.box = box  # the cards left in the box (a large face tells how many of its kind this game plays with)
        self.note = note
        self.lines = lines or []
        self.close = Button(_("Close"), self.back)
        self.scroll = ScrollArea()
        self.zoom = CardZoom()  # a card enlarged to be read: the mouse resting on it, or a long press
        self.card_rects: dict[str, pygame.Rect] = {}
        self.opened_at = app.now
        # Tab to the list (Up and Down scroll it) or to Close; Page Up, Page Down, Home and End scroll it (the
        # keyboard could only leave it by Escape)
        self.keys = ScreenKeys(
            lambda: [*scroll_target(self.scroll), *widget_targets([self.close])], self.pointer, lambda: self.app.now
        )

    def enter(self) -> None:
        self.opened_at = self.app.now
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, w - px(80), h - px(80))
        self.rect.center = (w // 2, h // 2)
        side = px(330) if self.lines else 0
        self.scroll.rect = pygame.Rect(
            self.rect.left + px(24), self.rect.top + px(70), self.rect.width - px(48) - side, self.rect.height - px(150)
        )
        self.lines_rect = pygame.Rect(
            self.scroll.rect.right + px(16), self.scroll.rect.top, side - px(16), self.scroll.rect.height
        )
        self.close.rect = pygame.Rect(self.rect.centerx - px(100), self.rect.bottom - px(64), px(200), px(46))
        self.card_w = px(130)
        per_row = max(1, self.scroll.rect.width // (self.card_w + px(10)))
        rows = (len(self.cards) + per_row - 1) // per_row
        self.scroll.content_height = rows * (card_height(self.card_w) + px(10))
        self.per_row = per_row

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.zoom.pointer(event, self.app.now, self.spot) or self.close.pointer(event):
            return
        if tapped_outside(event, self.rect, self.opened_at):
            self.back()
            return
        self.scroll.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        if not self.keys.key(event) and event.type == pygame.KEYDOWN:
            page(self.scroll, event.key)

    def _face(self, card: str, width: int) -> pygame.Surface:
        return card_face(card, width, self.box)

    def spot(self, pos: tuple[int, int]) -> Spot | None:
        """The card under ``pos`` and where it lies (only the part of the list in sight)."""
        if not self.scroll.rect.collidepoint(pos):
            return None
        return next(((card, rect) for card, rect in self.card_rects.items() if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface) -> None:
        veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 160, 0)
        surface.blit(veil, (0, 0))
        theme.panel(surface, self.rect, colour=(30, 28, 26), edge=theme.GOLD, alpha=250)
        room = self.rect.width - px(48)
        if self.note:
            note = theme.text(self.note, 17, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(topright=(self.rect.right - px(24), self.rect.top + px(26))))
            room -= note.get_width() + px(24)
        title = theme.fit_width(theme.text(self.title, 30, theme.GOLD_LIGHT, bold=True), room, keep_height=True)
        surface.blit(title, (self.rect.left + px(24), self.rect.top + px(16)))
        if not self.cards:
            empty = theme.text(_("No cards."), 20, theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=self.scroll.rect.center))
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        height = card_height(self.card_w)
        self.card_rects = {}
        for index, card in enumerate(self.cards):
            row, col = divmod(index, self.per_row)
            x = self.scroll.rect.left + col * (self.card_w + px(10))
            y = self.scroll.rect.top + row * (height + px(10)) - self.scroll.offset
            if y > self.scroll.rect.bottom or y + height < self.scroll.rect.top:
                continue
            self.card_rects[card] = surface.blit(card_face(card, self.card_w, self.box), (x, y))
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        y = self.lines_rect.top
        for text, points in self.lines:
            if y > self.lines_rect.bottom - px(20):
                break
            block = pygame.Rect(self.lines_rect.left, y, self.lines_rect.width - px(50), self.lines_rect.bottom - y)
            used = theme.draw_text_block(surface, text, block, 16)  # (every line: a French one takes three)
            value = theme.text(f"{points:+d}" if points else "0", 16, theme.GOLD_LIGHT, bold=True)
            surface.blit(value, value.get_rect(topright=(self.lines_rect.right, y)))
            y += used + px(4)
        self.close.draw(surface)
        self.keys.draw(surface)
        self.zoom.draw(surface, self.app.now, self.spot, self._face, [self.close.rect, self.lines_rect])


class PlayerCardsOverlay(CardListOverlay):
    """Another player's cards (public in House Cup), with the score they would have now."""

    def __init__(self, app: AppLike, view: HouseCupView, names: list[str], seat: int) -> None:
        cards = [card for group in groups(view.tableau[seat]) for card in group]
        leaders = quidditch_leaders(view.tableau, view.houses)
        tally = score_player(view.tableau[seat], view.rewards[seat], view.houses[seat], leaders, None)
        lines = [(line.text, line.points) for line in tally.lines]
        lines.append((_("Total if the game ended now (Flywheel aside)"), tally.total))
        title = _("{name}'s cards ({count})").format(name=names[seat], count=len(cards))
        rewards = view.rewards[seat]
        note = ngettext("{count} reward token", "{count} reward tokens", rewards).format(count=rewards)
        super().__init__(app, title, cards, view.box, note, lines)
