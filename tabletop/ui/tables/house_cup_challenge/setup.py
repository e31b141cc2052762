"""Setting up House Cup Challenge: who plays each seat (a person or a bot) and their names, the Prefect, the
youngest player (who takes the Wand when nobody is dealt Harry) and the seed. Characters are dealt at random."""

from __future__ import annotations

import random

import pygame

from tabletop.core.match import Match, SeatInfo
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.setup import controller_options
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, TextField

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev")


class ChallengeSetup(Scene):
    name = "setup"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.game_id = game.id
        self.controllers = controller_options(game)
        greedy = next((i for i, (_, c) in enumerate(self.controllers) if c in ("medium", "greedy")), 0)
        self.players = 4
        self.players_choice = Choice(["2 players", "3 players", "4 players"], 2, self.players_changed, size=22)
        self.rows = [
            (
                Choice([label for label, _ in self.controllers], 0 if seat == 0 else greedy, size=20),
                TextField(DEFAULT_NAMES[seat], lambda _v: self._names_changed(), max_length=14, size=20),
            )
            for seat in range(4)
        ]
        self.prefect = Choice(list(DEFAULT_NAMES), 0, size=20)
        self.youngest = Choice(list(DEFAULT_NAMES), 0, size=20)
        self.seed = random.randrange(1, 10**6)
        self.seed_field = TextField(str(self.seed), self.seed_changed, max_length=9, allowed="0123456789", size=22)
        self.start = Button("Start", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        self.error = ""
        self._names_changed()
        self.resize(app.screen.get_size())

    def names(self) -> list[str]:
        return [field.value.strip() or DEFAULT_NAMES[seat] for seat, (_, field) in enumerate(self.rows[: self.players])]

    def _names_changed(self) -> None:
        names = self.names()
        for choice in (self.prefect, self.youngest):
            choice.options = names
            choice.index = min(choice.index, len(names) - 1)

    def players_changed(self, index: int) -> None:
        self.players = 2 + index
        self._names_changed()

    def seed_changed(self, value: str) -> None:
        self.seed = int(value) if value else 0

    def start_game(self) -> None:
        from tabletop.ui.session import start_table

        names = self.names()
        if len(set(names)) != len(names):
            self.error = "Give every player a different name."
            return
        seats = [SeatInfo(name, self.controllers[self.rows[seat][0].index][1]) for seat, name in enumerate(names)]
        options = {"prefect": self.prefect.index, "youngest": self.youngest.index, "characters": None}
        problem = self.game.check_options(len(seats), options)
        if problem:
            self.error = problem
            return
        start_table(self.app, Match(self.game, seats, options, self.seed))

    def widgets(self):
        out = [self.players_choice, self.prefect, self.youngest, self.seed_field, self.start, self.back_button]
        for controller, field in self.rows[: self.players]:
            out += [controller, field]
        return out

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(60), px(900)), h - px(150))
        self.box.midtop = (w // 2, px(100))
        left = self.box.left + px(30)
        self.players_choice.rect = pygame.Rect(left + px(200), self.box.top + px(20), px(240), px(46))
        for seat, (controller, field) in enumerate(self.rows):
            y = self.box.top + px(110) + seat * px(60)
            controller.rect = pygame.Rect(left + px(110), y, px(260), px(46))
            field.rect = pygame.Rect(left + px(390), y, px(300), px(46))
        y = self.box.top + px(110) + 4 * px(60) + px(16)
        self.prefect.rect = pygame.Rect(left + px(330), y, px(260), px(44))
        self.youngest.rect = pygame.Rect(left + px(330), y + px(54), px(260), px(44))
        self.seed_field.rect = pygame.Rect(left + px(330), y + px(108), px(180), px(44))
        self.start.rect = pygame.Rect(w // 2 + px(10), h - px(80), px(240), px(54))
        self.back_button.rect = pygame.Rect(w // 2 - px(250), h - px(80), px(240), px(54))

    def pointer(self, event: PointerEvent) -> None:
        for widget in self.widgets():
            if widget.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                self._names_changed()
                return
        for _, field in self.rows:
            field.focused = False

    def key(self, event: pygame.event.Event) -> None:
        for widget in self.widgets():
            if widget.key(event):
                self._names_changed()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(f"{self.game.title}: new game", 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(30))))
        theme.panel(surface, self.box, alpha=225)
        left = self.box.left + px(30)
        surface.blit(
            theme.text("Players", 22, theme.TEXT, bold=True), (left, self.players_choice.rect.centery - px(11))
        )
        surface.blit(theme.text("Who plays", 17, theme.TEXT_DIM, bold=True), (left + px(110), self.box.top + px(86)))
        surface.blit(theme.text("Name", 17, theme.TEXT_DIM, bold=True), (left + px(390), self.box.top + px(86)))
        for seat, (controller, _) in enumerate(self.rows[: self.players]):
            surface.blit(
                theme.text(f"Seat {seat + 1}", 20, theme.TEXT, bold=True), (left, controller.rect.centery - px(10))
            )
        for label, widget in (
            ("Prefect (keeps track of the steps)", self.prefect),
            ("Youngest player (Wand without Harry)", self.youngest),
            ("Seed", self.seed_field),
        ):
            surface.blit(theme.text(label, 19, theme.TEXT, bold=True), (left, widget.rect.centery - px(10)))
        note = (
            "Characters (Harry, Hermione, Ron, Neville) are dealt at random; Harry takes the Wand. Seats go clockwise."
        )
        surface.blit(theme.text(note, 16, theme.TEXT_DIM), (left, self.seed_field.rect.bottom + px(14)))
        for widget in self.widgets():
            widget.draw(surface)
        if self.error:
            error = theme.text(self.error, 19, theme.BAD, bold=True)
            surface.blit(error, error.get_rect(midbottom=(w // 2, self.start.rect.top - px(10))))
