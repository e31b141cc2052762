"""Setting up House Cup: the seats (a person or a bot), a house each, names, the first player, the deck of a game
of 2 or 3 (the rulebook only recommends leaving 10 cards in the box) and the seed.

A house is kept by its English name (the options' key) and shown in the current language: the house picker lists
the names as shown, and a seat's index in it is its house (``HOUSES[index]``).
"""

from __future__ import annotations

import pygame

from tabletop.core.protocol import Game
from tabletop.games.house_cup.cards import ALL_CARDS, HOUSES, SMALL_GAME_REMOVALS, house_name
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import ROW_SQUEEZE, SeatRow, SetupBase, controller_options
from tabletop.ui.theme import px
from tabletop.ui.widgets import Choice, Widget

__all__ = ["HouseCupRow", "SetupScene", "controller_options"]

GAME_LINE = 36  # the Sorting Hat's and the deck's lines with 2 or 3 players, a little lower than the shared lines


class HouseCupRow(SeatRow):
    """A seat with its house; the name is the house's until someone types another."""

    def __init__(self, scene: SetupScene, seat: int, house: str) -> None:
        super().__init__(scene, seat, house_name(house))
        shown = [house_name(key) for key in HOUSES]
        self.house = Choice(shown, HOUSES.index(house), lambda i: scene.house_changed(self, i), size=20)
        self._last_house = house

    @property
    def house_key(self) -> str:
        """The seat's house as the options keep it (its English name)."""
        return HOUSES[self.house.index]

    def default_name(self) -> str:
        return house_name(self.house_key)

    def kept_name(self) -> str:
        """A seat left under its house's name keeps the house's English name, which every screen shows in its
        own language (``Game.shown_names``): a game begun in French reads "Slytherin" in English."""
        return self.house_key if self.shown_name() == self.default_name() else self.shown_name()

    def widgets(self) -> list[Widget]:
        return [self.controller, self.house, self.name_field]


class SetupScene(SetupBase[HouseCupRow]):
    label_width = 270  # room for "Sorting Hat (first player)" left of its choice
    # (with 2 or 3 players a second line under the rows, the deck's: at the largest interface scale the notes ran
    # under the panel with the shared heights; the rows are still a finger's height at the lowest)
    row_squeezes = (*ROW_SQUEEZE, 0.62)

    def __init__(self, app: AppLike, game: Game) -> None:
        # The shell translates its own headings when drawn; "House" is this game's, given in its catalogue's words.
        who, name = SetupBase.columns
        self.columns = (who, (_("House"), 240), name)
        self.first_choice = Choice([_("Seat {number}").format(number=1)], 0, size=20)
        # The rulebook: "For a game with 2 or 3 players, we recommend removing from the deck 7 Potions cards and 3
        # Exploring the Castle cards": a recommendation, so the players may keep the full deck.
        small, full = len(ALL_CARDS) - len(SMALL_GAME_REMOVALS), len(ALL_CARDS)
        self.deck_choice = Choice(
            [_("Recommended ({count} cards)").format(count=small), _("Full deck ({count} cards)").format(count=full)],
            0,
            size=20,
        )
        super().__init__(app, game)

    def new_row(self, seat: int) -> HouseCupRow:
        used = {row.house_key for row in self.rows}
        return HouseCupRow(self, seat, next(h for h in HOUSES if h not in used))

    def game_widgets(self) -> list[Widget]:
        return [self.first_choice, self.deck_choice]

    def house_changed(self, row: HouseCupRow, index: int) -> None:
        """Each house once: taking a house another seat has swaps the two (and a name that was a house's
        follows its house)."""
        house, last = HOUSES[index], row._last_house
        for other in self.rows:
            if other is not row and other.house_key == house:
                other.house.index = HOUSES.index(last)
                if other.name_field.value == house_name(house):
                    other.name_field.value = house_name(last)
                other._last_house = last
        if row.name_field.value == house_name(last):
            row.name_field.value = house_name(house)
        row._last_house = house

    def changed(self) -> None:
        """The Sorting Hat choice lists the seats by their current names."""
        super().changed()
        self.first_choice.options = [row.shown_name() for row in self.rows]
        self.first_choice.index = min(self.first_choice.index, len(self.rows) - 1)
        self.deck_choice.visible = self.small_game()

    def small_game(self) -> bool:
        return len(self.rows) < 4

    def options(self) -> dict:
        options = {"houses": [row.house_key for row in self.rows], "first": self.first_choice.index}
        if self.small_game() and self.deck_choice.index == 1:
            options["full_deck"] = True
        return options

    def notes(self) -> list[str]:
        # (what the recommended deck leaves out, the rules page says: a note of it ran under the panel at the
        # largest interface scale)
        return [_("The same deal number gives the same deal. Give the hat to the youngest wizard.")]

    def layout_game(self, y: int) -> int:
        if not self.small_game():
            return self.line(_("Sorting Hat (first player)"), self.first_choice, y, 260)
        y = self.line(_("Sorting Hat (first player)"), self.first_choice, y, 260, GAME_LINE)
        return self.line(_("Deck with 2 or 3 players"), self.deck_choice, y, 300, GAME_LINE)

    def draw_row(self, surface: pygame.Surface, row: HouseCupRow) -> None:
        super().draw_row(surface, row)
        rect = row.house.rect  # the house's colour as a bar left of its choice
        bar = (rect.left - px(9), rect.top, px(5), rect.height)
        pygame.draw.rect(surface, theme.house_colour(row.house_key), bar, border_radius=px(2))
