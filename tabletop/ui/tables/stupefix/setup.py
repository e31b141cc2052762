"""Setting up Stupéfix: 4 to 8 seats, each a person or a bot with a house and a name; houses play as teams
(made up as the rules say for the number of players, teammates never side by side), the first Chouchou and
the seed."""

from __future__ import annotations

import random

import pygame

from tabletop.core.match import Match, SeatInfo
from tabletop.games.stupefix.cards import HOUSES, MAKEUP, default_houses
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.setup import controller_options
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, TextField

WIZARDS = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo")


class SeatRow:
    def __init__(self, scene: StupefixSetup, seat: int, house: str, controller: int) -> None:
        self.seat = seat
        self.controller = Choice([label for label, _ in scene.controllers], controller, size=18)
        self.house = Choice(list(HOUSES), HOUSES.index(house), lambda i: scene.changed(), size=18)
        self.name_field = TextField(WIZARDS[seat], lambda value: scene.changed(), max_length=14, size=18)

    def widgets(self):
        return [self.controller, self.house, self.name_field]


class StupefixSetup(Scene):
    name = "setup"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.game_id = game.id
        self.controllers = controller_options(game)
        self.players = 6
        self.rows: list[SeatRow] = []
        self.seed = random.randrange(1, 10**6)
        self.players_choice = Choice(
            [f"{n} players" for n in range(4, 9)], self.players - 4, self.players_changed, size=20
        )
        self.chouchou_choice = Choice(["Random"], 0, size=18)
        self.seed_field = TextField(str(self.seed), self.seed_changed, max_length=9, allowed="0123456789", size=20)
        self.new_seed = Button("New seed", self.reroll, size=16)
        self.arrange = Button("Usual houses", self.usual_houses, size=16)
        self.start = Button("Start", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        self.error = ""
        self._build_rows()

    # --- editing ---------------------------------------------------------------------------------------
    def _build_rows(self) -> None:
        ids = [controller for _, controller in self.controllers]
        greedy = next((ids.index(c) for c in ("medium", "greedy") if c in ids), len(ids) - 1)
        houses = default_houses(self.players)
        old = self.rows
        self.rows = []
        for seat in range(self.players):
            row = old[seat] if seat < len(old) else SeatRow(self, seat, houses[seat], 0 if seat == 0 else greedy)
            row.house.index = HOUSES.index(houses[seat])
            self.rows.append(row)
        self.changed()
        self.resize(self.app.screen.get_size())

    def players_changed(self, index: int) -> None:
        self.players = 4 + index
        self._build_rows()

    def usual_houses(self) -> None:
        for row, house in zip(self.rows, default_houses(self.players), strict=True):
            row.house.index = HOUSES.index(house)
        self.changed()

    def changed(self) -> None:
        labels = ["Random"] + [row.name_field.value or f"Seat {row.seat + 1}" for row in self.rows]
        index = min(self.chouchou_choice.index, len(labels) - 1)
        self.chouchou_choice.options = labels
        self.chouchou_choice.index = index
        self.error = self.game.check_options(self.players, self.options()) or ""
        self.start.enabled = not self.error

    def options(self) -> dict:
        chouchou = self.chouchou_choice.index - 1
        return {"houses": [row.house.value for row in self.rows], "chouchou": chouchou if chouchou >= 0 else None}

    def seed_changed(self, value: str) -> None:
        self.seed = int(value) if value else 0

    def reroll(self) -> None:
        self.seed = random.randrange(1, 10**6)
        self.seed_field.value = str(self.seed)

    def start_game(self) -> None:
        from tabletop.ui.session import start_table

        seats = []
        for row in self.rows:
            name = row.name_field.value.strip() or f"Seat {row.seat + 1}"
            seats.append(SeatInfo(name, self.controllers[row.controller.index][1]))
        if len({seat.name for seat in seats}) != len(seats):
            self.error = "Give every player a different name."
            return
        options = self.options()
        problem = self.game.check_options(len(seats), options)
        if problem:
            self.error = problem
            return
        start_table(self.app, Match(self.game, seats, options, self.seed))

    # --- layout and input -----------------------------------------------------------------------------
    def all_widgets(self):
        out = [
            self.players_choice,
            self.chouchou_choice,
            self.seed_field,
            self.new_seed,
            self.arrange,
            self.start,
            self.back_button,
        ]
        for row in self.rows:
            out.extend(row.widgets())
        return out

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(40), px(1000)), h - px(196))
        self.box.midtop = (w // 2, px(80))
        left = self.box.left + px(24)
        top = self.box.top + px(16)
        self.players_choice.rect = pygame.Rect(left + px(80), top, px(200), px(40))
        self.chouchou_choice.rect = pygame.Rect(left + px(420), top, px(200), px(40))
        self.seed_field.rect = pygame.Rect(left + px(690), top, px(120), px(40))
        self.new_seed.rect = pygame.Rect(self.seed_field.rect.right + px(8), top, px(120), px(40))
        rows_top = top + px(92)
        row_h = min(px(48), (self.box.bottom - px(60) - rows_top) // 8)
        for seat, row in enumerate(self.rows):
            y = rows_top + seat * (row_h + px(4))
            row.controller.rect = pygame.Rect(left + px(80), y, px(230), row_h)
            row.house.rect = pygame.Rect(left + px(330), y, px(230), row_h)
            row.name_field.rect = pygame.Rect(left + px(580), y, self.box.right - px(24) - (left + px(580)), row_h)
        self.arrange.rect = pygame.Rect(left + px(330), self.box.bottom - px(50), px(230), px(38))
        self.start.rect = pygame.Rect(w // 2 + px(10), h - px(76), px(240), px(54))
        self.back_button.rect = pygame.Rect(w // 2 - px(250), h - px(76), px(240), px(54))

    def pointer(self, event: PointerEvent) -> None:
        for widget in self.all_widgets():
            if widget.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                    self.changed()
                return
        for row in self.rows:
            row.name_field.focused = False

    def key(self, event: pygame.event.Event) -> None:
        for widget in self.all_widgets():
            if widget.key(event):
                self.changed()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.start.enabled:
            self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(f"{self.game.title}: new game", 40, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(24))))
        theme.panel(surface, self.box, alpha=225)
        left = self.box.left + px(24)
        cy = self.players_choice.rect.centery
        surface.blit(theme.text("Players", 19, theme.TEXT, bold=True), (left, cy - px(10)))
        surface.blit(theme.text("First Chouchou", 19, theme.TEXT, bold=True), (left + px(292), cy - px(10)))
        surface.blit(theme.text("Seed", 19, theme.TEXT, bold=True), (left + px(636), cy - px(10)))
        sizes = MAKEUP[self.players]
        teams = "one player each" if max(sizes) == 1 else "+".join(map(str, sizes)) + " (teams of two are handicapped)"
        note = f"Houses play as teams: {teams}. Teammates never sit side by side; seats go clockwise."
        surface.blit(theme.text(note, 15, theme.TEXT_DIM), (left, self.players_choice.rect.bottom + px(8)))
        heads = ((px(80), "Who plays"), (px(330), "House"), (px(580), "Name"))
        for x, label in heads:
            surface.blit(
                theme.text(label, 15, theme.TEXT_DIM, bold=True), (left + x, self.rows[0].house.rect.top - px(18))
            )
        for seat, row in enumerate(self.rows):
            surface.blit(
                theme.text(f"Seat {seat + 1}", 18, theme.TEXT, bold=True), (left, row.controller.rect.centery - px(9))
            )
            colour = theme.house_colour(row.house.value)
            pygame.draw.rect(
                surface, colour, (row.house.rect.left - px(8), row.house.rect.top, px(5), row.house.rect.height)
            )
        for widget in self.all_widgets():
            widget.draw(surface)
        if self.error:
            error = theme.text(self.error, 17, theme.BAD, bold=True)
            surface.blit(error, error.get_rect(midtop=(w // 2, self.box.bottom + px(6))))
