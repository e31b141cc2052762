"""Setting up a game: the seats (a person or a bot), a house each, names, the first player and the seed."""

from __future__ import annotations

import random

import pygame

from tabletop.bots import LEVEL_NAMES, LEVELS
from tabletop.core.match import Match, SeatInfo
from tabletop.games.house_cup.cards import HOUSES
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, TextField, dispatch


def controller_options(game) -> list[tuple[str, str]]:
    """(label, controller id) pairs: a person, then the bot levels from easiest to hardest."""
    return [("Human", "human"), *[(LEVEL_NAMES[level], level) for level in LEVELS]]


class SeatRow:
    def __init__(self, scene: SetupScene, seat: int, house: str, controller: int) -> None:
        self.scene = scene
        self.seat = seat
        self.name = house
        self.controller = Choice([label for label, _ in scene.controllers], controller, size=20)
        self.house = Choice(list(HOUSES), HOUSES.index(house), lambda i: scene.house_changed(self, i), size=20)
        self.name_field = TextField(house, self._renamed, max_length=14, size=20)
        self._last_house = house

    def _renamed(self, value: str) -> None:
        self.name = value

    def widgets(self):
        return [self.controller, self.house, self.name_field]


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        self.game_id = game.id
        self.controllers = controller_options(game)
        self.players = 4
        self.rows: list[SeatRow] = []
        self.seed = random.randrange(1, 10**6)
        self.players_choice = Choice(
            [f"{n} players" for n in range(game.min_players, game.max_players + 1)],
            self.players - game.min_players,
            self.players_changed,
            size=22,
        )
        self.first_choice = Choice(["Seat 1"], 0, size=20)
        self.seed_field = TextField(str(self.seed), self.seed_changed, max_length=9, allowed="0123456789", size=22)
        self.new_seed = Button("New seed", self.reroll, size=18)
        self.start = Button("Start", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        self.error = ""
        self._build_rows()

    # --- editing ---------------------------------------------------------------------------------------
    def _build_rows(self) -> None:
        greedy = next(i for i, (_, c) in enumerate(self.controllers) if c == "medium")
        old = self.rows
        self.rows = []
        for seat in range(self.players):
            if seat < len(old):
                self.rows.append(old[seat])
                continue
            used = {row.house.value for row in self.rows}
            house = next(h for h in HOUSES if h not in used)
            self.rows.append(SeatRow(self, seat, house, 0 if seat == 0 else greedy))
        self._refresh_first()
        self.resize(self.app.screen.get_size())

    def _refresh_first(self) -> None:
        """The Sorting Hat choice lists the seats by their current names."""
        self.first_choice.options = [row.name_field.value or row.house.value for row in self.rows]
        self.first_choice.index = min(self.first_choice.index, len(self.rows) - 1)

    def players_changed(self, index: int) -> None:
        self.players = self.game.min_players + index
        self._build_rows()

    def house_changed(self, row: SeatRow, index: int) -> None:
        """Each house once: taking a house another seat has swaps the two."""
        house = HOUSES[index]
        for other in self.rows:
            if other is not row and other.house.value == house:
                other.house.index = HOUSES.index(row._last_house)
                if other.name_field.value == house:
                    other.name_field.value = other.name = row._last_house
                other._last_house = row._last_house
        if row.name_field.value == row._last_house:
            row.name_field.value = row.name = house
        row._last_house = house
        self._refresh_first()

    def seed_changed(self, value: str) -> None:
        self.seed = int(value) if value else 0

    def reroll(self) -> None:
        self.seed = random.randrange(1, 10**6)
        self.seed_field.value = str(self.seed)

    def start_game(self) -> None:
        from tabletop.ui.session import start_table

        seats = []
        for row in self.rows:
            name = row.name_field.value.strip() or row.house.value
            seats.append(SeatInfo(name, self.controllers[row.controller.index][1]))
        if len({seat.name for seat in seats}) != len(seats):
            self.error = "Give every player a different name."
            return
        options = {"houses": [row.house.value for row in self.rows], "first": self.first_choice.index}
        problem = self.game.check_options(len(seats), options)
        if problem:
            self.error = problem
            return
        start_table(self.app, Match(self.game, seats, options, self.seed))

    # --- layout and input -----------------------------------------------------------------------------
    def all_widgets(self):
        out = [self.players_choice, self.first_choice, self.seed_field, self.new_seed, self.start, self.back_button]
        for row in self.rows:
            out.extend(row.widgets())
        return out

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(60), px(980)), h - px(150))
        self.box.midtop = (w // 2, px(110))
        left = self.box.left + px(30)
        self.players_choice.rect = pygame.Rect(left + px(170), self.box.top + px(24), px(240), px(46))
        top = self.box.top + px(120)
        for seat, row in enumerate(self.rows):
            y = top + seat * px(62)
            row.controller.rect = pygame.Rect(left + px(110), y, px(250), px(48))
            row.house.rect = pygame.Rect(left + px(375), y, px(240), px(48))
            row.name_field.rect = pygame.Rect(left + px(630), y, self.box.right - px(30) - (left + px(630)), px(48))
        y = top + 4 * px(62) + px(20)
        self.first_choice.rect = pygame.Rect(left + px(270), y, px(260), px(46))
        self.seed_field.rect = pygame.Rect(left + px(270), y + px(60), px(180), px(46))
        self.new_seed.rect = pygame.Rect(self.seed_field.rect.right + px(12), y + px(60), px(150), px(46))
        self.start.rect = pygame.Rect(w // 2 + px(10), h - px(80), px(240), px(54))
        self.back_button.rect = pygame.Rect(w // 2 - px(250), h - px(80), px(240), px(54))

    def pointer(self, event: PointerEvent) -> None:
        if event.kind == "tap":
            for field in (self.seed_field, *(row.name_field for row in self.rows)):
                if field.focused and not field.rect.collidepoint(event.pos):
                    field.focused = False
        if dispatch(self.all_widgets(), event, lambda: self.app.play("click")):
            self._refresh_first()

    def key(self, event: pygame.event.Event) -> None:
        for widget in self.all_widgets():
            if widget.key(event):
                self._refresh_first()
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(f"{self.game.title}: new game", 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(34))))
        theme.panel(surface, self.box, alpha=225)
        left = self.box.left + px(30)
        surface.blit(
            theme.text("Players", 22, theme.TEXT, bold=True), (left, self.players_choice.rect.centery - px(11))
        )
        heads = ((px(110), "Who plays"), (px(375), "House"), (px(630), "Name"))
        for x, label in heads:
            surface.blit(theme.text(label, 17, theme.TEXT_DIM, bold=True), (left + x, self.box.top + px(92)))
        for seat, row in enumerate(self.rows):
            surface.blit(
                theme.text(f"Seat {seat + 1}", 20, theme.TEXT, bold=True), (left, row.controller.rect.centery - px(10))
            )
            colour = theme.house_colour(row.house.value)
            pygame.draw.rect(
                surface,
                colour,
                (row.house.rect.left - px(8), row.house.rect.top, px(5), row.house.rect.height),
                border_radius=px(2),
            )
        surface.blit(
            theme.text("Sorting Hat (first player)", 20, theme.TEXT, bold=True),
            (left, self.first_choice.rect.centery - px(10)),
        )
        surface.blit(theme.text("Seed", 20, theme.TEXT, bold=True), (left, self.seed_field.rect.centery - px(10)))
        note = theme.text("The same seed gives the same deal. Give the hat to the youngest wizard.", 16, theme.TEXT_DIM)
        surface.blit(note, (left, self.seed_field.rect.bottom + px(14)))
        for widget in self.all_widgets():
            widget.draw(surface)
        if self.error:
            error = theme.text(self.error, 19, theme.BAD, bold=True)
            surface.blit(error, error.get_rect(midbottom=(w // 2, self.start.rect.top - px(10))))
