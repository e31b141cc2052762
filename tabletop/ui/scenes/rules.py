"""Rules: each playable game's rules in our words and its card list, searchable. F1 opens it from a table."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from tabletop.games import GAMES
from tabletop.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, intent, page, scroll_target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea, TextField


def playable_games() -> list:
    return [game for game in GAMES.values() if game.playable and game.rules_sections()]


def folded(text: str) -> str:
    """``text`` as a search compares it: without case or accents, so "stupefix" finds "Stupéfix" and "счет"
    finds "счёт" (Russian typists write е for ё; the catalogues use ё throughout). The breve stays: Russian й is
    a letter of its own, not an и with an accent."""
    apart = unicodedata.normalize("NFD", text.casefold())
    kept = "".join(char for char in apart if not unicodedata.combining(char) or char == BREVE)
    return unicodedata.normalize("NFC", kept)


BREVE = "\u0306"


class RulesScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus; over a table too, from F1)
    name = "rules"

    def __init__(self, app: AppLike, game_id: str | None = None, overlay: bool = False) -> None:
        super().__init__(app)
        self.games = playable_games()
        ids = [game.id for game in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0
        self.query = ""
        self.search = TextField("", self.searched, max_length=30, size=20)
        self.scroll = ScrollArea()
        self.overlay = overlay
        self.tabs = [Button("", self._picker(i), size=20) for i, game in enumerate(self.games)]
        self.close = Button("", self.back)
        self.guided = Button("", self.play_guided, size=20)
        # Not over a game being played or watched: one tap beside Close left it for a new guided game, unasked
        self.over_a_game = any(getattr(scene, "session", None) is not None for scene in app.scenes.stack)
        self.blocks: list[tuple[str, str, bool]] = []  # heading, text, is_card
        self.keys = ScreenKeys(self.focus_targets, self.pointer, lambda: self.app.now)
        self.relabel()

    def relabel(self) -> None:
        for game, tab in zip(self.games, self.tabs, strict=True):
            tab.label = words.game_title(game)
        self.close.label = _("Close") if self.overlay else _("Back")
        self.guided.label = _("Guided first game")
        if self.blocks:
            self.rebuild()

    def enter(self) -> None:
        self.rebuild()

    def _picker(self, index: int) -> Callable[[], None]:
        return lambda: self.pick(index)

    def pick(self, index: int) -> None:
        self.index = index
        self.scroll.offset = 0
        self.rebuild()

    def play_guided(self) -> None:
        """A guided first game of the game shown: a real game against a bot, with tips on the table."""
        self.app.go.guided(self.games[self.index].id)

    def searched(self, value: str) -> None:
        self.query = value
        self.scroll.offset = 0
        self.rebuild()

    def rebuild(self) -> None:
        game = self.games[self.index]
        self.guided.visible = not self.over_a_game and self.app.go.offers_guide(game)
        blocks = [(title, body, False) for title, body in game.rules_sections()]
        cards = game.card_entries()
        if cards:  # (a game without cards had an empty "Every card" heading)
            blocks.append((_("Every card"), "", False))
        blocks += [(name, body, True) for name, body in cards]
        query = folded(self.query.strip())
        if query:
            blocks = [b for b in blocks if query in folded(b[0]) or query in folded(b[1])]
        self.blocks = blocks
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        top = self.lay_out_top(size)
        self.box = pygame.Rect(px(40), top, w - px(80), h - px(80) - top)
        self.scroll.rect = self.box.inflate(-px(40), -px(30))
        self.close.rect = pygame.Rect(w // 2 - px(110), h - px(68), px(220), px(50))
        self.guided.rect = pygame.Rect(self.close.rect.right + px(20), h - px(68), px(260), px(50))
        self.scroll.content_height = sum(self._block_height(b) for b in self.blocks)
        self.scroll.clamp()

    def lay_out_top(self, size: tuple[int, int]) -> int:
        """Place the game tabs and the search field; where the rules' box begins under them. The tabs share the
        row left of the search field (at 1280 wide four of 220 ran under it). Upright, at the menus' larger scale,
        that row is too narrow for the games' names: the search field takes a row of its own under the tabs, and
        the tabs as many rows as their names need to be drawn whole at their size. A landscape window keeps its
        one row (a long name there is drawn a little smaller, down to 70%, as every button's)."""
        left, field, row = px(40), px(320), px(46)
        room = size[0] - 2 * left
        beside = room - field - px(12)
        if not theme.is_tall(size) or self.names_fit(beside, len(self.tabs)):
            self.place_tabs(beside, len(self.tabs))
            self.search.rect = pygame.Rect(left + room - field, px(36), field, row)
            return px(96)
        per_row = next((n for n in range(len(self.tabs), 0, -1) if self.names_fit(room, n)), 1)
        bottom = self.place_tabs(room, per_row)
        self.search.rect = pygame.Rect(left, bottom + px(10), room, row)
        return self.search.rect.bottom + px(14)

    def tab_width(self, room: int, per_row: int) -> int:
        gap = px(10)
        return min(px(220), (room - gap * (per_row - 1)) // max(1, per_row))

    def names_fit(self, room: int, per_row: int) -> bool:
        """Whether every game's name is drawn whole at its size on a tab, ``per_row`` tabs to a row ``room`` wide."""
        inside = self.tab_width(room, per_row) - px(12)  # (the button's margin: widgets.button_face)
        return all(theme.text(tab.label, tab.size, bold=True).get_width() <= inside for tab in self.tabs)

    def place_tabs(self, room: int, per_row: int) -> int:
        """The tabs from the top left, ``per_row`` to a row ``room`` wide; the bottom of their last row."""
        width, gap, height = self.tab_width(room, per_row), px(10), px(46)
        for index, tab in enumerate(self.tabs):
            row, column = divmod(index, max(1, per_row))
            tab.rect = pygame.Rect(px(40) + column * (width + gap), px(36) + row * (height + gap), width, height)
        return max(tab.rect.bottom for tab in self.tabs) if self.tabs else px(36)

    def _block_height(self, block: tuple[str, str, bool]) -> int:
        heading, body, is_card = block
        width = self.scroll.rect.width - px(16)
        size = 17 if is_card else 19
        lines = len(theme.wrap(body, size, width)) if body else 0
        return round(theme.font_px(22) * 1.3) + lines * round(theme.font_px(size) * 1.25) + px(14)

    def focus_targets(self) -> list[Target]:
        """The game tabs, the search field, the rules themselves (Up and Down scroll them), Back and the guided
        game."""
        return [
            *widget_targets([*self.tabs, self.search]),
            *scroll_target(self.scroll, self.box),
            *widget_targets([self.close, self.guided]),
        ]

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        for widget in (*self.tabs, self.close, self.guided, self.search):
            if widget.pointer(event):
                return
        self.scroll.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        """Typing searches; Tab and the arrows move the focus (leaving the search field), Enter or Space presses;
        Page Up, Page Down, Home and End scroll the rules."""
        if event.type == pygame.TEXTINPUT:
            if self.search.value and self.search.focused or event.text.strip():  # (a lone space: Space's press)
                self.search.focused = True
                self.search.key(event)
            return
        wish = intent(event)
        if self.search.focused and (wish is None or wish == "press"):
            self.search.key(event)  # Backspace, Enter (done); a space comes as text
            return
        self.search.end()  # (its selection too: kept unseen, the next letter typed replaced the search)
        if not self.keys.key(event) and event.type == pygame.KEYDOWN:
            page(self.scroll, event.key)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        for index, tab in enumerate(self.tabs):
            tab.selected = index == self.index
            tab.draw(surface)
        self.search.draw(surface)
        if not self.search.value and not self.search.focused:
            hint = theme.text(_("Search the rules and cards"), 17, theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midleft=(self.search.rect.left + px(12), self.search.rect.centery)))
        theme.panel(surface, self.box, colour=(40, 34, 28), alpha=240)
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        y = self.scroll.rect.top - self.scroll.offset
        width = self.scroll.rect.width - px(16)
        if not self.blocks:
            none = theme.text(_('Nothing matches "{query}".').format(query=self.query), 20, theme.TEXT_DIM)
            surface.blit(none, none.get_rect(center=self.scroll.rect.center))
        for block in self.blocks:
            height = self._block_height(block)
            if y + height >= self.scroll.rect.top and y <= self.scroll.rect.bottom:
                heading, body, is_card = block
                colour = theme.HIGHLIGHT if is_card else theme.GOLD_LIGHT
                surface.blit(
                    theme.text(heading, 22 if not is_card else 19, colour, bold=True), (self.scroll.rect.left, y)
                )
                size = 17 if is_card else 19
                line_y = y + round(theme.font_px(22) * 1.3)
                for line in theme.wrap(body, size, width):
                    surface.blit(theme.text(line, size, theme.TEXT), (self.scroll.rect.left, line_y))
                    line_y += round(theme.font_px(size) * 1.25)
            y += height
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        self.close.draw(surface)
        self.guided.draw(surface)
        self.keys.draw(surface)
