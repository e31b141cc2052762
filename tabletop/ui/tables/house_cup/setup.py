"""Setting up House Cup: the seats (a person or a bot), a house each, names, the first player and the seed."""

from __future__ import annotations

import pygame

from tabletop.core.protocol import Game
from tabletop.games.house_cup.cards import HOUSES
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import SeatRow, SetupBase, controller_options, draw_house_mark
from tabletop.ui.widgets import Choice, Widget

__all__ = ["HouseCupRow", "SetupScene", "controller_options"]


class HouseCupRow(SeatRow):
    """A seat with its house; the name is the house's until someone types another."""

    def __init__(self, scene: SetupScene, seat: int, house: str) -> None:
        super().__init__(scene, seat, house)
        self.house = Choice(list(HOUSES), HOUSES.index(house), lambda i: scene.house_changed(self, i), size=20)
        self._last_house = house

    def default_name(self) -> str:
        return self.house.value

    def widgets(self) -> list[Widget]:
        return [self.controller, self.house, self.name_field]


class SetupScene(SetupBase[HouseCupRow]):
    columns = (("Who plays", 250), ("House", 240), ("Name", None))

    def __init__(self, app: AppLike, game: Game) -> None:
        self.first_choice = Choice(["Seat 1"], 0, size=20)
        super().__init__(app, game)

    def new_row(self, seat: int) -> HouseCupRow:
        used = {row.house.value for row in self.rows}
        return HouseCupRow(self, seat, next(h for h in HOUSES if h not in used))

    def game_widgets(self) -> list[Widget]:
        return [self.first_choice]

    def house_changed(self, row: HouseCupRow, index: int) -> None:
        """Each house once: taking a house another seat has swaps the two."""
        house = HOUSES[index]
        for other in self.rows:
            if other is not row and other.house.value == house:
                other.house.index = HOUSES.index(row._last_house)
                if other.name_field.value == house:
                    other.name_field.value = row._last_house
                other._last_house = row._last_house
        if row.name_field.value == row._last_house:
            row.name_field.value = house
        row._last_house = house

    def changed(self) -> None:
        """The Sorting Hat choice lists the seats by their current names."""
        super().changed()
        self.first_choice.options = [row.shown_name() for row in self.rows]
        self.first_choice.index = min(self.first_choice.index, len(self.rows) - 1)

    def options(self) -> dict:
        return {"houses": [row.house.value for row in self.rows], "first": self.first_choice.index}

    def notes(self) -> list[str]:
        return ["The same seed gives the same deal. Give the hat to the youngest wizard."]

    def layout_game(self, y: int) -> int:
        return self.line("Sorting Hat (first player)", self.first_choice, y, 260)

    def draw_row(self, surface: pygame.Surface, row: HouseCupRow) -> None:
        super().draw_row(surface, row)
        draw_house_mark(surface, row.house)
