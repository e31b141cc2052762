"""What every game's "new game" screen shares: the title, a panel, the number of players (or the mode), one row
per seat (who plays it: a person or a bot level, and a name), the deal number, Start and Back, and the line that
says why a game cannot start yet.

The deal number is the game's seed. Left empty (as it opens), the deal is random and its seed secret
(``secret_seed``, drawn as the screen opens and never shown): with it anyone could deal the game again and read every
hidden card. A number typed there gives that deal, every time.

A game's setup scene subclasses ``SetupBase`` and adds only what is its own: extra widgets in each row (a house,
a spellbook), lines under the rows (the first player...), its options and its notes. It creates its own widgets
before calling ``super().__init__``, which builds the rows and lays the screen out.

Each game's setup remembers what the last game started with: the number of players and, for each number, who
played each seat and under which name (``setups.json`` beside the settings, written atomically at Start). A file
that is missing, damaged or holds anything unexpected gives the usual defaults, never an error.
"""

from __future__ import annotations

import contextlib
import json
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Generic, TypeVar

import pygame

from tabletop.bots import LEVEL_NAMES, LEVELS
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Game
from tabletop.core.rng import secret_seed
from tabletop.core.saves import write_json_atomic
from tabletop.i18n import N_
from tabletop.i18n import gettext as _
from tabletop.play.statistics import person_key
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import WidgetKeys
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.settings import settings_path
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, TextField, Widget, dispatch, shown_char

START_ARMING = 0.5  # seconds Enter waits to be Start on a setup a key opened (a double Enter started it unseen)
FIRST_SEAT = "human"  # seat 1 starts as a person...
OTHER_SEATS = "medium"  # ...and every other seat as a medium bot, in every game
COLUMN_GAP = 16
LINE_HEIGHT = 46
# The seat rows' heights tried, largest first, until the panel holds every line: at a large interface scale the
# window gives the layout less room (theme.SMALLEST_ROOM), and Stupéfix's eight rows ran under the panel, its
# "Usual houses" over Back and Start (a tap on it went back to the menu), House Cup's notes onto the wood.
ROW_SQUEEZE = (1.0, 0.9, 0.8, 0.72)
NAME_LENGTH = 14  # characters of a seat's name field
FIELD_FULL = N_("At most {limit} characters fit here: the letters after them were left out.")
HUMAN = N_("Human")
BOT_LEVEL_NAMES = (N_("Bot: Easy"), N_("Bot: Medium"), N_("Bot: Hard"))  # tabletop.bots.LEVEL_NAMES, translated


def setups_path() -> Path:
    """Where the last setup of each game is kept: beside the settings."""
    return settings_path().with_name("setups.json")


def remembered_setup(game: Game, controllers: list[str]) -> tuple[int | None, dict]:
    """The number of players ``game``'s last setup started with (None if unknown) and its seats by number of
    players: {players: [(controller id, name or "" for the seat's default), ...]}. Whatever in the file is not a
    player count the game takes, a known controller or a name the field can hold is left out."""
    try:
        data = json.loads(setups_path().read_text(encoding="utf-8"))
        entry = data["games"][game.id]
    except (OSError, ValueError, KeyError, TypeError):
        return None, {}
    if not isinstance(entry, dict):
        return None, {}
    players = entry.get("players")
    counts = list(game.player_counts)
    remembered = players if isinstance(players, int) and not isinstance(players, bool) and players in counts else None
    seats: dict[int, list[tuple[str, str]]] = {}
    by_count = entry.get("seats")
    for count in counts:
        listed = by_count.get(str(count)) if isinstance(by_count, dict) else None
        if not isinstance(listed, list):
            continue
        rows = []
        for seat in listed[:count]:
            plays = seat.get("plays") if isinstance(seat, dict) else None
            name = seat.get("name") if isinstance(seat, dict) else None
            if plays not in controllers:
                plays = ""
            if not isinstance(name, str) or len(name) > NAME_LENGTH or not name.isprintable():
                name = ""
            rows.append((plays, name.strip()))
        seats[count] = rows
    return remembered, seats


def remembered_name() -> str:
    """The name the last person to start a game typed for their seat ("" if none): a game set up for the first
    time offers it on its first seat, so a person who gave their name once is one person in every game's
    statistics (left at a seat's default they were "Gryffindor" in one game, "Wizard 1" in another)."""
    try:
        name = json.loads(setups_path().read_text(encoding="utf-8")).get("person")
    except (OSError, ValueError, AttributeError):
        return ""
    if not isinstance(name, str) or len(name) > NAME_LENGTH or not name.isprintable():
        return ""
    return name.strip()


def remember_setup(game: Game, players: int, seats: list[tuple[str, str]]) -> None:
    """Keep ``players`` and this number's ``seats`` (controller id, typed name) as ``game``'s last setup; the other
    games and numbers of players stay as they were. A failure to write is not the players' problem: ignored."""
    path = setups_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        data = {"games": {}}
    entry = data["games"].get(game.id)
    if not isinstance(entry, dict) or not isinstance(entry.get("seats"), dict):
        entry = {"seats": {}}
    entry["players"] = players
    entry["seats"][str(players)] = [{"plays": plays, "name": name} for plays, name in seats]
    data["games"][game.id] = entry
    person = next((name for plays, name in seats if plays == "human" and name), "")
    if person:
        data["person"] = person
    with contextlib.suppress(OSError):
        write_json_atomic(path, data)


def controller_options(game: Game) -> list[tuple[str, str]]:
    """(label, controller id) pairs: a person, then the bot levels from easiest to hardest, in the current
    language."""
    return [(_(HUMAN), "human"), *[(_(LEVEL_NAMES[level]), level) for level in LEVELS]]


class SeatRow:
    """One seat's line: who plays it and its name. A game's row adds its own widgets and lists them all in
    ``widgets()``, in the order of the scene's ``columns``."""

    def __init__(self, scene: SetupBase[Any], seat: int, name: str) -> None:
        self.seat = seat
        labels = [label for label, _ in scene.controllers]
        self.controller = Choice(labels, scene.default_controller(seat), size=20)
        self.name_field = TextField(name, lambda _value: None, max_length=NAME_LENGTH, size=20)
        self.first_name = name  # the name it was given (a default: not remembered as typed)
        self.recalled = False  # given what the last game had in this seat (once: a row kept keeps its changes)

    def default_name(self) -> str:
        """The name a seat plays under when its field is left empty."""
        return _("Seat {number}").format(number=self.seat + 1)

    def shown_name(self) -> str:
        return self.name_field.value.strip() or self.default_name()

    def typed_name(self) -> str:
        """The name as someone typed it, "" while it is a default (the row's own or the one it was given)."""
        name = self.name_field.value.strip()
        return "" if name in (self.first_name, self.default_name()) else name

    def kept_name(self) -> str:
        """The name the game is started and saved with (``shown_name``; a game may keep a default otherwise)."""
        return self.shown_name()

    def widgets(self) -> list[Widget]:
        return [self.controller, self.name_field]


RowT = TypeVar("RowT", bound=SeatRow)


class SetupBase(Scene, Generic[RowT], ABC):
    """A game's setup screen. A game sets the class attributes below and overrides what it needs of
    ``new_row``, ``game_widgets``, ``options``, ``notes``, ``changed``, the ``layout_*`` and the ``draw_*``."""

    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)

    name = "setup"
    players_label = N_("Players")  # labels and column headings are translated where they are drawn
    players_width = 240
    default_players = 4  # the count the setup opens with (the game's nearest count when it has no such count)
    columns: tuple[tuple[str, int | None], ...] = ((N_("Who plays"), 250), (N_("Name"), None))  # None: to the edge
    seat_label_width = 110  # room for "Seat 1" left of the rows
    label_width: int | None = None  # where the widgets of the lines under the rows start (None: under the rows')
    trailing_width = 0  # design pixels kept right of the rows' last column, for words the game writes there
    row_height = 48
    row_gap = 14
    row_squeezes: tuple[float, ...] = ROW_SQUEEZE  # the rows' heights tried (lower ones: a game with more lines)
    person = "player"  # "Give every player a different name."
    PEOPLE = {
        "player": N_("Give every player a different name."),
        "wizard": N_("Give every wizard a different name."),
    }

    def __init__(self, app: AppLike, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.game_id = game.id
        self.controllers = controller_options(game)
        self.counts = game.player_counts
        self.armed_at = 0.0  # Enter starts no game before then (``enter``)
        remembered, self.remembered_seats = remembered_setup(game, [controller for _, controller in self.controllers])
        self.known_name = "" if remembered is not None or self.remembered_seats else remembered_name()
        # (a game that cannot be played by ``default_players`` starts at its count nearest to it: a two-player
        # game's setup raised ValueError)
        self.players = remembered or min(self.counts, key=lambda n: abs(n - self.default_players))
        self.players_choice = Choice(
            [self.count_label(n) for n in self.counts], self.counts.index(self.players), self.players_changed, size=20
        )
        self.seed: int | None = None  # the deal typed, or None: a random one, ``secret``
        self.secret = secret_seed()
        self.seed_field = TextField(
            "", self.seed_changed, max_length=9, allowed="0123456789", size=20, placeholder=_("random")
        )
        # Erase: what it does to the number typed (the field says "random" again). It was "Random deal", the field's
        # own word again beside it: "au hasard" and "Au hasard" in French, which was which?
        self.new_seed = Button(_("Erase"), self.random_deal, size=18)
        self.new_seed.enabled = False  # (lit once a number is typed)
        self.start = Button(_("Start"), self.start_game, primary=True)
        self.keys = WidgetKeys(self.all_widgets, lambda: self.app.now)  # Tab, the arrows (Left/Right pick), Enter
        self.back_button = Button(_("Back"), self.back)
        self.error = ""
        self.rows: list[RowT] = []
        self.taken_away: dict[int, tuple[int, str]] = {}  # seats taken away: (who played it, the name typed)
        self.labels: list[tuple[str, int, Widget]] = []  # (text, left edge, the widget it names)
        self.heads: list[tuple[str, int]] = []
        self.box = pygame.Rect(0, 0, 1, 1)
        self.left = self.heads_y = self.notes_top = 0
        self.row_squeeze = 1.0  # the seat rows' height against ``row_height`` (``row_squeezes``)
        self.rows_room = max(self.counts)  # the seat rows the layout leaves room for (``resize``)
        self.offered_to: RowT | None = None  # the row given ``known_name``
        self.build_rows()
        self.keep_offered_name_apart()

    # --- what a game changes ----------------------------------------------------------------------------
    def heading(self) -> str:
        return _("{game}: new game").format(game=words.game_title(self.game))

    def count_label(self, players: int) -> str:
        return words.players(players)

    @abstractmethod
    def new_row(self, seat: int) -> RowT:
        """The row of a seat that has none yet (``self.rows`` holds the seats before it)."""

    def game_widgets(self) -> list[Widget]:
        """The game's own widgets outside the rows."""
        return []

    def options(self) -> dict:
        return {}

    def options_problem(self, options: dict) -> str | None:
        """Why these options cannot start a game, as said on the shared screen (a game whose rules' words would
        tell a seat's secrets words it otherwise)."""
        return self.game.check_options(len(self.rows), options)

    def notes(self) -> list[str]:
        """Lines of help under the seed."""
        return []

    def started(self) -> None:
        """The setup starts its game (its seats kept already): what else the game keeps of it for the next one."""

    def changed(self) -> None:
        """Something in the setup changed (a tap or a key on a widget other than Start, or the rows): forget
        the problem the last Start found. A game also refreshes what depends on the seats here."""
        self.error = ""

    def layout_header(self, y: int) -> int:
        """The first line of the panel from ``y``; returns where the rows' headings go."""
        self.players_choice.rect = pygame.Rect(self.column_left(), y, px(self.players_width), px(LINE_HEIGHT))
        self.labels.append((self.players_label, self.left, self.players_choice))
        return y + px(LINE_HEIGHT) + px(18)

    def layout_game(self, y: int) -> int:
        """The game's own lines under the rows, from ``y``; returns where the next line goes."""
        return y

    def layout_seed(self, y: int) -> int:
        y = self.line(N_("Deal"), self.seed_field, y, 180)
        field = self.seed_field.rect
        self.new_seed.rect = pygame.Rect(field.right + px(12), field.top, px(150), field.height)
        return y

    def draw_row(self, surface: pygame.Surface, row: RowT) -> None:
        label = theme.text(_("Seat {number}").format(number=row.seat + 1), 20, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=(self.left, row.controller.rect.centery)))

    def draw_game(self, surface: pygame.Surface) -> None:
        """Anything else the game draws on the panel (widgets and their labels are drawn already)."""

    # --- editing ------------------------------------------------------------------------------------------
    def default_controller(self, seat: int) -> int:
        """Who plays a seat until someone chooses: a person in seat 1, a medium bot in the others."""
        wanted = FIRST_SEAT if seat == 0 else OTHER_SEATS
        return [controller for _, controller in self.controllers].index(wanted)

    def build_rows(self) -> None:
        """One row per seat: the seats kept keep their rows, new seats get new ones; a seat taken away and given
        back keeps who played it and the name typed (a seat set to Easy and named "Dad" came back as Medium)."""
        old, self.rows = self.rows, []
        for row in old[self.players :]:
            self.taken_away[row.seat] = (row.controller.index, row.typed_name())
        for seat in range(self.players):
            self.rows.append(old[seat] if seat < len(old) else self.given_back(self.recall(self.new_row(seat))))
        self.changed()
        self.resize(self.app.screen.get_size())

    def given_back(self, row: RowT) -> RowT:
        """A new row of a seat taken away earlier, as it was left."""
        if row.seat in self.taken_away:
            row.controller.index, name = self.taken_away.pop(row.seat)
            if name:
                row.name_field.value = name
        return row

    def recall(self, row: RowT) -> RowT:
        """A new row as the last game of this number of players had it: who played it and a name typed."""
        remembered = self.remembered_seats.get(self.players, [])
        if not row.recalled and row.seat < len(remembered):
            row.recalled = True
            plays, name = remembered[row.seat]
            ids = [controller for _, controller in self.controllers]
            if plays in ids:
                row.controller.index = ids.index(plays)
            if name:
                row.name_field.value = "".join(map(shown_char, name))  # (kept by an older version as typed)
        elif not row.recalled and self.known_name and self.controllers[row.controller.index][1] == "human":
            # This game's first setup: its first person is the one who last gave a name (``remembered_name``).
            row.recalled = True
            row.name_field.value = "".join(map(shown_char, self.known_name))
            self.known_name, self.offered_to = "", row
        return row

    def keep_offered_name_apart(self) -> None:
        """The name offered is taken back where another seat goes by it already ("Ben" typed in one game, a bot's
        default "Ben" in House Cup Challenge): Start refused the setup nobody had touched."""
        row = self.offered_to
        if row is None or all(
            person_key(o.shown_name()) != person_key(row.shown_name()) for o in self.rows if o is not row
        ):
            return
        row.name_field.value = row.first_name
        self.changed()

    def players_changed(self, index: int) -> None:
        self.players = self.counts[index]
        self.build_rows()

    def deal(self) -> int:
        """The seed Start deals with: the number typed, else the secret one (a game's options may read it too)."""
        return self.secret if self.seed is None else self.seed

    def seed_changed(self, value: str) -> None:
        self.seed = int(value) if value else None
        self.new_seed.enabled = bool(value)

    def random_deal(self) -> None:
        """Back to a random deal: the number typed is cleared."""
        self.seed_field.value = ""
        self.seed_changed("")

    def seats(self) -> list[SeatInfo]:
        return [SeatInfo(row.kept_name(), self.controllers[row.controller.index][1]) for row in self.rows]

    def start_game(self) -> None:
        seats = self.seats()
        if len({person_key(row.shown_name()) for row in self.rows}) != len(seats):  # ("Ann" and "ann": one)
            self.error = _(self.PEOPLE.get(self.person, self.PEOPLE["player"]))  # (a person of a later game: a player)
            return
        options = self.options()
        problem = self.options_problem(options)
        if problem:
            self.error = sentence(problem)
            return
        kept = [(self.controllers[row.controller.index][1], row.typed_name()) for row in self.rows]
        remember_setup(self.game, self.players, kept)
        self.remembered_seats[self.players] = kept
        self.started()
        self.app.go.table(Match(self.game, seats, options, self.deal()))

    # --- layout and input ---------------------------------------------------------------------------------
    def all_widgets(self) -> list[Widget]:
        out = [self.players_choice, self.seed_field, self.new_seed, self.start, self.back_button]
        out += self.game_widgets()
        for row in self.rows:
            out += row.widgets()
        return out

    def column_left(self) -> int:
        return self.left + px(self.seat_label_width)

    def line(self, label: str, widget: Widget, y: int, width: int, height: int = LINE_HEIGHT) -> int:
        """A labelled line under the rows: the label at the left, the widget at ``label_width``."""
        left = self.seat_label_width if self.label_width is None else self.label_width
        widget.rect = pygame.Rect(self.left + px(left), y, px(width), px(height))
        self.labels.append((label, self.left, widget))
        return y + px(height) + px(12)

    def layout_rows(self, y: int) -> int:
        """The column headings at ``y`` and the rows under them, with room for the most players."""
        self.heads_y = y
        top = y + px(24)
        height, gap = px(self.row_height * self.row_squeeze), px(self.row_gap * self.row_squeeze)
        step = height + gap
        x = self.column_left()
        # The columns narrowed alike when they would run past the box (a tablet held upright at a large interface
        # size: That's Wizard!'s Choose spellbook stood past the window's edge)
        fixed = sum(px(width) for _label, width in self.columns if width is not None)
        gaps = px(COLUMN_GAP) * (len(self.columns) - 1)
        room = self.box.right - px(30) - px(self.trailing_width) - x - gaps
        squeeze = min(1.0, room / fixed) if fixed else 1.0
        widths = [None if width is None else int(px(width) * squeeze) for _label, width in self.columns]
        self.heads = []
        for (label, _width), width in zip(self.columns, widths, strict=True):
            self.heads.append((label, x))
            x += (width or 0) + px(COLUMN_GAP)
        for seat, row in enumerate(self.rows):
            for widget, (_label, x), width in zip(row.widgets(), self.heads, widths, strict=True):
                right = self.box.right - px(30) if width is None else x + width
                widget.rect = pygame.Rect(x, top + seat * step, right - x, height)
        return top + self.rows_room * step - gap + px(20)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(48), px(1000)), h - px(90) - px(128))
        self.box.midtop = (w // 2, px(90))
        self.left = self.box.left + px(30)
        # Room for the most players' rows, so the lines under them stand still as the count changes; only where no
        # height of the rows lets every line in (two players' notes at the largest interface size), for those shown.
        tries = [(room, squeeze) for room in (max(self.counts), self.players) for squeeze in self.row_squeezes]
        for room, squeeze in tries:
            self.rows_room, self.row_squeeze = room, squeeze
            self.labels = []
            y = self.layout_header(self.box.top + px(20))
            y = self.layout_rows(y)
            y = self.layout_game(y)
            self.notes_top = self.layout_seed(y) + px(2)
            if self.notes_top + self.notes_height() <= self.box.bottom - px(8):
                break
        self.start.rect = pygame.Rect(w // 2 + px(10), h - px(78), px(240), px(54))
        self.back_button.rect = pygame.Rect(w // 2 - px(250), h - px(78), px(240), px(54))

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if event.kind == "tap":
            for field in self.all_widgets():
                if isinstance(field, TextField) and field.focused and not field.rect.collidepoint(event.pos):
                    field.end()
        widget = dispatch(self.all_widgets(), event, lambda: self.app.play("click"))
        if widget is not None and widget is not self.start:  # Start leaves the problem it found on show
            self.changed()

    def enter(self) -> None:
        # Opened by a key (Enter on New game's "Set up"): Enter, which is Start here, waits a moment (a second
        # Enter started a game with a setup nobody had looked at; a ring on the first picker turned it instead).
        self.armed_at = self.app.now + START_ARMING if self.app.tracker.keys_last else 0.0

    def back(self) -> None:
        """Escape while a name is typed ends the typing (it left the setup, and every choice made with it)."""
        typing = [widget for widget in self.all_widgets() if isinstance(widget, TextField) and widget.focused]
        if typing:
            for field in typing:
                field.end()
            self.changed()
            return
        super().back()

    def key(self, event: pygame.event.Event) -> None:
        was_typing = next((w for w in self.all_widgets() if isinstance(w, TextField) and w.focused), None)
        for widget in self.all_widgets():
            if widget.key(event):
                self.changed()
                if isinstance(widget, TextField):
                    self.say_if_cut(widget)
                return
        if was_typing is not None and not was_typing.focused:  # (Tab ended the typing: on from the field)
            self.keys.put(was_typing)
        typing = any(isinstance(widget, TextField) and widget.focused for widget in self.all_widgets())
        shown, self.error = self.error, ""
        if not typing and self.keys.key(event):  # (Enter starts until Tab or an arrow shows the focus)
            if not self.error:  # (Start pressed by a key leaves the problem it found on show, as a tap does)
                self.changed()
            return
        self.error = shown
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.start.enabled and self.app.now >= self.armed_at:
            self.start_game()

    def say_if_cut(self, field: TextField) -> None:
        """A letter typed past a field's length: the line under the panel says so, and the screen keyboard with it
        (at 14 letters "Александра Константиновна" became "Александра Кон" without a word: another person's name
        on every screen of the game)."""
        field.problem = _(FIELD_FULL).format(limit=field.max_length) if field.cut else ""
        if field.problem:
            self.error = field.problem

    def note_lines(self) -> list[list[str]]:
        """Each note wrapped to the panel."""
        return [theme.wrap(note, 16, self.box.width - px(60)) for note in self.notes()]

    def notes_height(self) -> int:
        step = theme.text(" ", 16, theme.TEXT_DIM).get_height() + px(2)
        return sum(len(lines) * step + px(6) for lines in self.note_lines())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(self.heading(), 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(26))))
        theme.panel(surface, self.box, alpha=225)
        for text, x, widget in self.labels:
            if not widget.visible:
                continue  # (a game's line for some counts of players only)
            label = theme.text(_(text), 20, theme.TEXT, bold=True)
            label = theme.fit_width(label, max(px(40), widget.rect.left - px(10) - x), keep_height=True)
            surface.blit(label, label.get_rect(midleft=(x, widget.rect.centery)))
        for text, x in self.heads:
            surface.blit(theme.text(_(text), 17, theme.TEXT_DIM, bold=True), (x, self.heads_y))
        for row in self.rows:
            self.draw_row(surface, row)
        y = self.notes_top
        for note in self.note_lines():
            for line in note:
                label = theme.text(line, 16, theme.TEXT_DIM)
                surface.blit(label, (self.left, y))
                y += label.get_height() + px(2)
            y += px(6)
        self.draw_game(surface)
        for widget in self.all_widgets():
            widget.draw(surface)
        self.keys.draw(surface)
        if self.error:
            wrapped = theme.wrap(self.error, 17, self.box.width, bold=True)[:2]
            lines = [theme.text(line, 17, theme.BAD, bold=True) for line in wrapped]
            step = lines[0].get_height() + px(4)
            y = (self.box.bottom + self.start.rect.top - step * len(lines) + px(4)) // 2
            for label in lines:
                surface.blit(label, label.get_rect(midtop=(w // 2, y)))
                y += step


def sentence(problem: str) -> str:
    """A game's problem ("with 5 players ...") as the line under the panel ("With 5 players ...")."""
    return problem[:1].upper() + problem[1:]
