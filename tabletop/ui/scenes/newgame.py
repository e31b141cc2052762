"""New game: every registered game, each with a line and its player count; one not playable yet says so."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.core.protocol import Game
from tabletop.games import GAMES
from tabletop.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import WidgetKeys
from tabletop.ui.scene import Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, dispatch


class NewGameScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "new-game"

    def enter(self) -> None:
        self.entries: list[Game] = list(GAMES.values())
        self.buttons: list[Button] = []
        for game in self.entries:
            button = Button("", self._chooser(game), primary=game.playable)
            button.enabled = game.playable
            self.buttons.append(button)
        self.back_button = Button("", self.back)
        self.keys = WidgetKeys(lambda: [*self.buttons, self.back_button], lambda: self.app.now)
        self.relabel()
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        for game, button in zip(self.entries, self.buttons, strict=True):
            button.label = _("Set up") if game.playable else _("Not playable yet")
        self.back_button.label = _("Back")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        card_w = min(px(1000), w - px(80))
        top, self.title_top = px(130), px(40)
        self.back_button.rect = pygame.Rect(w // 2 - px(110), h - px(80), px(220), px(50))
        # The cards share the room above Back: each as tall as with four games, lower and closer with more (a
        # fifth game's card ended 5 px above Back at 1024x640, a sixth ran under it).
        count = max(1, len(self.buttons))
        room = self.back_button.rect.top - px(16) - top
        gap = px(16) if room // count >= px(120) else px(8)
        card_h = max(px(66), min(px(104), room // count - gap))
        if theme.is_tall(size):  # the list in the window's middle, the title over it (not 1,000 px of floor below)
            top = max(top, (h - count * (card_h + gap)) // 2)
            self.title_top = top - px(90)
        self.rects = []
        for index, button in enumerate(self.buttons):
            rect = pygame.Rect((w - card_w) // 2, top + index * (card_h + gap), card_w, card_h)
            self.rects.append(rect)
            button.rect = pygame.Rect(rect.right - px(230), rect.centery - px(26), px(210), px(52))

    def _chooser(self, game: Game) -> Callable[[], None]:
        return lambda: self.choose(game)

    def choose(self, game: Game) -> None:
        """Set the game up; the first time it is picked, a guided first game is offered if the game has one (once
        answered, never again: the settings keep which games were offered)."""
        opponent = None if game.id in self.app.settings.guides_offered else self.app.go.guided_opponent(game)
        if opponent is None:  # (offered once already, or the game has no guided first game)
            self.app.go.setup(game)
            return
        title = words.game_title(game)
        if opponent:  # (Stupéfix's is played against three bots)
            line = _("New to {game}? Play a real game against {opponent}, with tips on the table as you go.")
            message = line.format(game=title, opponent=opponent)
        else:
            message = _("New to {game}? Play a real game against a bot, with tips on the table as you go.")
            message = message.format(game=title)
        buttons = [(_("Yes, guide me"), self._answer(game, True)), (_("No thanks"), self._answer(game, False))]
        self.app.go.dialog(_("Play a guided first game?"), message, buttons)

    def _answer(self, game: Game, guided: bool) -> Callable[[], None]:
        def answer() -> None:
            self.app.settings.guides_offered.append(game.id)
            self.app.save_settings()
            if guided:
                self.app.go.guided(game.id)
            else:
                self.app.go.setup(game)

        return answer

    def key(self, event: pygame.event.Event) -> None:
        self.keys.key(event)

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if dispatch([*self.buttons, self.back_button], event, lambda: self.app.play("click")):
            return
        if event.kind == "tap":
            for game, rect in zip(self.entries, self.rects, strict=True):
                if rect.collidepoint(event.pos) and game.playable:
                    self.choose(game)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(_("New game"), 48, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.title_top)))
        for game, rect, button in zip(self.entries, self.rects, self.buttons, strict=True):
            ready = game.playable
            theme.panel(surface, rect, edge=theme.GOLD if ready else theme.PANEL_EDGE, alpha=230 if ready else 170)
            colour = theme.TEXT if ready else theme.TEXT_DIM
            # The name and the players on one line, the description on at most two under it, in a smaller font
            # where two lines of the usual one do not hold it (Russian with Large text lost its end); the whole
            # in the middle of the card.
            name_size = 28 if rect.height >= px(90) else 24  # (the cards of a long list)
            name = theme.text(words.game_title(game), name_size, theme.GOLD_LIGHT if ready else theme.TEXT_DIM, True)
            players = theme.text(words.players_range(game), 18, colour, bold=True)
            left = rect.left + px(24)
            if game.emblem:  # the game's picture at the card's left, in a box as tall as the card's inside
                side = rect.height - px(24)
                emblem = fit(game.emblem, side)
                surface.blit(emblem, emblem.get_rect(center=(rect.left + px(16) + side // 2, rect.centery)))
                left = rect.left + px(32) + side
            width = button.rect.left - px(16) - left
            # (and lower where the cards are: a list of more than four games)
            tall = rect.height - px(8) - name.get_height() - px(4)
            size = next((size for size in (17, 16, 15, 14, 13) if fits(blurb(game), size, width, tall)), 12)
            lines = len(theme.wrap(blurb(game), size, width))
            line_h = theme.line_height(size)
            top = rect.centery - (name.get_height() + px(4) + lines * line_h) // 2
            at = surface.blit(name, (left, top))
            surface.blit(players, players.get_rect(midleft=(at.right + px(16), at.centery + px(2))))
            room = pygame.Rect(left, at.bottom + px(4), width, lines * line_h)
            theme.draw_text_block(surface, blurb(game), room, size, colour)
            button.draw(surface)
        self.back_button.draw(surface)
        self.keys.draw(surface)  # (the focus ring: Tab and the arrows moved it, and nothing showed where it was)


def fits(text: str, size: int, width: int, height: int) -> bool:
    """Whether ``text`` at ``size`` holds in two lines of ``width`` within ``height``."""
    lines = len(theme.wrap(text, size, width))
    return lines <= 2 and lines * theme.line_height(size) <= height


def blurb(game: Game) -> str:
    """What the game is about, in one or two sentences of its catalogue."""
    return game.gettext(game.blurb)
