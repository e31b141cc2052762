"""Setting up Stupéfix: 4 to 8 seats, each a person or a bot with a house and a name; houses play as teams
(made up as the rules say for the number of players, teammates never side by side), the first Teacher's Pet
(the rulebook's Chouchou) and the seed."""

from __future__ import annotations

import pygame

from tabletop.core.protocol import Game
from tabletop.games.stupefix.cards import HAND, HANDICAP_HAND, HOUSES, MAKEUP, STUPEFIX, default_houses, house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes.setup_base import LINE_HEIGHT, SeatRow, SetupBase, sentence
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, Widget

WIZARDS = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hugo")


class StupefixRow(SeatRow):
    def __init__(self, scene: StupefixSetup, seat: int, house: str) -> None:
        super().__init__(scene, seat, WIZARDS[seat])
        self.house = Choice([house_name(name) for name in HOUSES], HOUSES.index(house), size=20)

    def house_id(self) -> str:
        """The house chosen, by its id (the choice shows its name in the interface's language)."""
        return HOUSES[self.house.index]

    def widgets(self) -> list[Widget]:
        return [self.controller, self.house, self.name_field]


class StupefixSetup(SetupBase[StupefixRow]):
    seat_label_width = 90
    default_players = 6
    row_height = 42  # eight rows fit
    row_gap = 6
    note_wrapped = True  # the team note on its lines, or on one (``resize``)

    def __init__(self, app: AppLike, game: Game) -> None:
        # The shell translates the headings it has ("Who plays", "Name"); the house's is the game's, given in words.
        (plays, _width), (name, _none) = SetupBase.columns
        self.columns = ((plays, 230), (_("House"), 230), (name, None))
        self.chouchou_choice = Choice([_("Random")], 0, size=20)
        self.arrange = Button(_("Usual houses"), self.usual_houses, size=17)
        super().__init__(app, game)

    def new_row(self, seat: int) -> StupefixRow:
        return StupefixRow(self, seat, default_houses(self.players)[seat])

    def build_rows(self) -> None:
        super().build_rows()
        self.usual_houses()  # the teams are made up again for the new number of players

    def game_widgets(self) -> list[Widget]:
        return [self.chouchou_choice, self.arrange]

    def house_choices(self) -> list[Choice]:
        return [row.house for row in self.rows]

    def usual_houses(self) -> None:
        for choice, house in zip(self.house_choices(), default_houses(self.players), strict=True):
            choice.index = HOUSES.index(house)
        self.changed()

    def changed(self) -> None:
        """The first Teacher's Pet lists the seats by name, and the houses are checked as they change: Start waits
        until they make up the teams the rules ask for."""
        super().changed()
        labels = [_("Random")] + [row.shown_name() for row in self.rows]
        self.chouchou_choice.index = min(self.chouchou_choice.index, len(labels) - 1)
        self.chouchou_choice.options = labels
        problem = self.game.check_options(self.players, self.options())
        self.error = sentence(problem) if problem else ""
        self.start.enabled = not problem

    def options(self) -> dict:
        chouchou = self.chouchou_choice.index - 1
        houses = [row.house_id() for row in self.rows]
        return {"houses": houses, "chouchou": chouchou if chouchou >= 0 else None}

    # --- layout: the players, the first Teacher's Pet and the seed share the first line, for room for 8 rows ---------
    def layout_header(self, y: int) -> int:
        height = px(LINE_HEIGHT)
        self.players_choice.rect = pygame.Rect(self.column_left(), y, px(190), height)
        self.chouchou_choice.rect = pygame.Rect(self.left + px(440), y, px(185), height)
        # (in a narrow panel, a tablet held upright at a large interface size, the deal goes under the Pet: it ran
        # past the window's edge; a tall window has the height for it)
        if self.one_line():
            label_x, field_x, deal_y = self.left + px(637), self.left + px(705), y
        else:
            label_x, field_x, deal_y = self.left, self.column_left(), y + height + px(10)
        self.seed_field.rect = pygame.Rect(field_x, deal_y, px(110), height)
        self.new_seed.rect = pygame.Rect(self.seed_field.rect.right + px(10), deal_y, px(115), height)
        self.labels.append((self.players_label, self.left, self.players_choice))
        self.labels.append((_("First Teacher's Pet"), self.left + px(302), self.chouchou_choice))  # (in words)
        self.labels.append(("Deal", label_x, self.seed_field))  # (the shell's words, as the base's)
        self.team_note_y = deal_y + height + px(8)
        # (each line's own height: at 75% with Large text a line is taller than the 30 design pixels kept for it)
        return self.team_note_y + max(px(30), len(self.team_note_lines()) * theme.line_height(16) + px(10))

    def layout_game(self, y: int) -> int:
        house_column = self.heads[1][1]
        self.arrange.rect = pygame.Rect(house_column, y - px(4), px(230), px(40))
        return self.arrange.rect.bottom

    def layout_seed(self, y: int) -> int:
        return y  # on the first line

    def draw_row(self, surface: pygame.Surface, row: StupefixRow) -> None:
        super().draw_row(surface, row)
        rect = row.house.rect  # the house's colour as a bar left of its choice
        bar = (rect.left - px(9), rect.top, px(5), rect.height)
        pygame.draw.rect(surface, theme.house_colour(row.house_id()), bar, border_radius=px(2))

    def team_note(self) -> str:
        """The teams, and the supplement's handicap: what it is and whom it concerns (every player of a house of
        two, at 6 and 8 players everyone; "teams of two are handicapped" read as if only some were, and did not
        say how)."""
        sizes = MAKEUP[self.players]
        if max(sizes) == 1:
            return _("Houses play as teams: one player each. Teammates never sit side by side; seats go clockwise.")
        if min(sizes) == 2:
            note = _(
                "Houses play as teams: {makeup}; every house has two players, so each player has {fewer} Stupefy "
                "instead of {usual} and 1 Late token from the start. Teammates never sit side by side; seats go "
                "clockwise."
            )
        else:
            note = _(
                "Houses play as teams: {makeup}; in a house of two, each player has {fewer} Stupefy instead of "
                "{usual} and 1 Late token from the start. Teammates never sit side by side; seats go clockwise."
            )
        fewer, usual = HANDICAP_HAND[STUPEFIX], HAND[STUPEFIX]
        return note.format(makeup="+".join(map(str, sizes)), fewer=fewer, usual=usual)

    def team_note_lines(self) -> list[str]:
        """The note on as many lines as it needs at its size (squeezed onto one line, its French with Large text was
        80% high at 1280x800 and a few pixels on a tablet held upright: the diff's reviews), unless the lines would
        cost the seats' rows height (``resize``): then on one line, narrowed."""
        lines = theme.wrap(self.team_note(), 16, self.box.right - px(30) - self.left)
        return lines if self.note_wrapped else [" ".join(lines)]

    def resize(self, size: tuple[int, int]) -> None:
        """Laid out with the note wrapped, unless its lines push the rows past the panel or make them shorter than
        the panel needs without them, down to 80% (the seats' rows matter more than the note)."""
        self.note_wrapped = False
        super().resize(size)
        one_line = self.row_squeeze
        self.note_wrapped = True
        super().resize(size)
        fits = self.notes_top + self.notes_height() <= self.box.bottom - px(8)
        if not fits or self.row_squeeze < min(one_line, 0.8):
            self.note_wrapped = False
            super().resize(size)

    def one_line(self) -> bool:
        """Whether the panel is wide enough for the players, the first Pet and the deal on one line."""
        return self.left + px(940) <= self.box.right - px(10)

    def draw_game(self, surface: pygame.Surface) -> None:
        y = self.team_note_y
        for line in self.team_note_lines():
            label = theme.fit_width(theme.text(line, 16, theme.TEXT_DIM), self.box.right - px(30) - self.left)
            surface.blit(label, (self.left, y))
            y += theme.line_height(16)
