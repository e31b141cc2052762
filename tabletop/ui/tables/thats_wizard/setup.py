"""Setting up a That's Wizard! match: 1 vs 1 or Duos, who plays each seat (a person or a bot), names, and each
wizard's spellbook: a premade book or one of the player's saved books.

Spellbooks are secret: the setup screen only says that a seat has chosen one. Choosing opens a private picker
("everyone else, look away") that lists the books legal for this mode and shows the spells of the one tapped.

A person who plays alone against bots finds the book they last played alone in this mode chosen for them ("chosen
last time"; the picker opens on it, so Start is one tap), kept by their name in the setups' memory (``setups.json``)
with the seats: a premade book by its name, a book of their own by its name and spells, dropped when it is no longer
so (changed, deleted, or no longer legal). With two or more people each chooses in private, as a remembered book
offered at the shared screen would tell the others.
"""

from __future__ import annotations

import contextlib
import json

import pygame

from tabletop.core.protocol import Game
from tabletop.core.saves import write_json_atomic
from tabletop.games import thats_wizard
from tabletop.games.thats_wizard.cards import CARDS, DUOS_PAIRS, PREMADE, SOLO_PREMADES, book_name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.games.thats_wizard.spellbooks import check_spellbook, check_team, drawn_books
from tabletop.i18n import N_, keep_as_typed
from tabletop.play.statistics import person_key
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes.setup_base import LINE_HEIGHT, SeatRow, SetupBase, setups_path
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.card_zoom import CardZoom, Spot
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, card_face, card_height, zoom_face
from tabletop.ui.tables.thats_wizard.editor import (
    PREMADE_TAG,
    YOURS_TAG,
    BookList,
    SpellbookEditor,
    thing_targets,
)
from tabletop.ui.theme import px, write
from tabletop.ui.widgets import Button, Widget, dispatch, fitting_label

DEFAULT_NAMES = ("Morgana", "Merlin", "Nimue", "Circe")
NOT_LEGAL_TAG = N_("not legal here")
LAST_TAG = N_("chosen last time")  # the book a person alone played last time: its tag in the picker, their row's word
LAST_BOOKS_KEPT = 20  # people whose last book is kept, per mode (the one who played alone longest ago forgotten first)
# A book remembered: its title, and its spells if it is one of the person's own (None: a premade one)
KeptBook = tuple[str, list[str] | None]
# Allies' books that share a spell, said on the shared screen without naming a spell (each ally's picker names them).
CLASHES = (
    N_("The Blue allies' spellbooks share a spell, and allies build from one deck: one of them chooses another."),
    N_("The Yellow allies' spellbooks share a spell, and allies build from one deck: one of them chooses another."),
)


def default_books(players: int) -> list[str]:
    (a1, a2), (b1, b2) = DUOS_PAIRS
    return [a1, b1, a2, b2] if players == 4 else list(thats_wizard.DEFAULT_SOLO)


def available_books(duos: bool) -> list[tuple[str, list[str], str | None]]:
    """(name, spells, problem or None) of every book a seat may pick in this mode: premade, then saved."""
    premade = [(title, list(PREMADE[title]), None) for title in (PREMADE if duos else SOLO_PREMADES)]
    return premade + [(book.name, book.spells, _problem(book, duos)) for book in store.list_books()]


def _problem(book: store.SavedBook, duos: bool) -> str | None:
    """Why a saved book may not be played in this mode (the first rule it breaks), or None."""
    if book.error is not None:
        return _("this file {error}").format(error=_(book.error))
    problems = check_spellbook(book.spells, duos)
    return problems[0] if problems else None


def remembered_books() -> dict[int, dict[str, KeptBook]]:
    """The book each person last played alone, by number of players and ``person_key``. Whatever in the file is not
    a book as this version keeps them (a damaged file, one from another version) is left out, quietly."""
    try:
        data = json.loads(setups_path().read_text(encoding="utf-8"))
        books = data["games"][thats_wizard.GAME.id]["books"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    out: dict[int, dict[str, KeptBook]] = {}
    for players in thats_wizard.GAME.player_counts:
        kept = books.get(str(players)) if isinstance(books, dict) else None
        for key, entry in kept.items() if isinstance(kept, dict) else ():
            title = entry.get("book") if isinstance(entry, dict) else None
            spells = entry.get("spells") if isinstance(entry, dict) else None
            if not isinstance(title, str) or not (spells is None or isinstance(spells, list)):
                continue
            if spells is None or all(isinstance(spell, str) for spell in spells):
                out.setdefault(players, {})[key] = (title, spells)
    return out


def remember_book(players: int, name: str, book: KeptBook) -> None:
    """Keep ``book`` as the one ``name`` last played alone with ``players`` (beside the seats the setup has just
    kept). A failure to write is not the players' problem: ignored."""
    path = setups_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entry = data["games"][thats_wizard.GAME.id]  # (the seats' memory, written at this Start)
    except (OSError, ValueError, KeyError, TypeError):
        return
    if not isinstance(entry, dict):
        return
    if not isinstance(entry.get("books"), dict):
        entry["books"] = {}
    kept = entry["books"].get(str(players))
    kept = entry["books"][str(players)] = kept if isinstance(kept, dict) else {}
    title, spells = book
    kept.pop(person_key(name), None)  # (the last one played goes last: the first ones are forgotten first)
    kept[person_key(name)] = {"book": title} if spells is None else {"book": title, "spells": spells}
    for key in list(kept)[:-LAST_BOOKS_KEPT]:
        del kept[key]
    with contextlib.suppress(OSError):
        write_json_atomic(path, data)


def find_book(book: KeptBook, books: list[tuple[str, list[str], str | None]], duos: bool) -> int | None:
    """Where ``book`` is among ``books`` (``available_books``) as it was kept: a premade book of this mode by its
    name, a book of one's own by its name and spells and legal here; None if it is not there so any more."""
    title, spells = book
    premades = len(PREMADE if duos else SOLO_PREMADES)
    for index, (name, cards, problem) in enumerate(books):
        if spells is None and index < premades and name == title:
            return index
        if spells is not None and index >= premades and name == title and sorted(cards) == sorted(spells):
            return index if problem is None else None
    return None


class WizardRow(SeatRow):
    """A seat with its secret spellbook (a premade one until the seat chooses)."""

    def __init__(self, scene: ThatsWizardSetup, seat: int, book: str) -> None:
        super().__init__(scene, seat, DEFAULT_NAMES[seat])
        self.book = book
        self.spells = list(PREMADE[book])
        self.chosen = False  # the seat's person chose in the picker (until then: its premade book)
        self.chosen_by_person = False  # chosen while a person played the seat (else by someone for its bot)
        self.offered = ""  # the ``person_key`` of the person alone whose book last time this is (none chose it)
        self.pick = Button(_("Choose spellbook"), lambda: scene.app.scenes.push(BookPicker(scene, self)), size=18)

    def default_name(self) -> str:
        return _("Wizard {number}").format(number=self.seat + 1)

    def widgets(self) -> list[Widget]:
        return [self.controller, self.name_field, self.pick]


class ThatsWizardSetup(SetupBase[WizardRow]):
    name = "thats-wizard-setup"
    players_width = 320
    default_players = 2
    seat_label_width = 150
    trailing_width = 100  # whether the seat's book is chosen, right of Choose spellbook
    label_width = 150
    person = "wizard"

    def __init__(self, app: AppLike, game: Game) -> None:
        # The kit translates its labels with the shell's catalogue: "Who plays" and "Name" are the shell's words,
        # the game's own are given translated here (a setup is made again after a change of language).
        self.players_label = _("Match")
        self.columns = ((N_("Who plays"), 230), (N_("Name"), 220), (_("Spellbook (secret)"), 200))
        self.editor = Button(_("Spellbook editor"), self.open_editor, size=18)
        self.editor_scene: SpellbookEditor | None = None  # one for the setup: a book half made is there again
        self.by_mode: dict[int, list[WizardRow]] = {}  # each mode's seats, by its number of players
        self.last_books = remembered_books()  # the book each person last played alone, by mode
        super().__init__(app, game)

    def changed(self) -> None:
        """A seat a person takes over from a bot whose book someone chose for it: the person chooses their own
        (they would play a book they never saw, which whoever chose it knows: the diff's review)."""
        super().changed()
        for row in self.rows:
            if row.chosen and not row.chosen_by_person and self.is_person(row):
                self.unchoose(row)
        self.offer_last_book()

    def unchoose(self, row: WizardRow) -> None:
        row.chosen, row.offered = False, ""
        row.book = default_books(self.players)[row.seat]
        row.spells = list(PREMADE[row.book])

    def lone_person(self) -> WizardRow | None:
        """The row of the one person at the table, if bots play every other seat."""
        people = [row for row in self.rows if self.is_person(row)]
        return people[0] if len(people) == 1 else None

    def last_book(self, row: WizardRow, books: list[tuple[str, list[str], str | None]]) -> int | None:
        """Where ``books`` holds the book ``row``'s person last played alone in this mode, if they are alone now (with
        others at the screen each chooses in private: a book remembered would tell them) and it is as it was."""
        kept = self.last_books.get(self.players, {}).get(person_key(row.shown_name()))
        if row is not self.lone_person() or kept is None:
            return None
        return find_book(kept, books, self.players == 4)

    def offer_last_book(self) -> None:
        """The person alone at the table has the book they last played alone chosen (Start is one tap), until they
        choose another; it goes back when they are not alone any more or go by another name."""
        lone = self.lone_person()
        for row in self.rows:
            if row.offered and (row is not lone or row.offered != person_key(row.shown_name())):
                self.unchoose(row)
        if lone is None or lone.chosen or person_key(lone.shown_name()) not in self.last_books.get(self.players, {}):
            return
        books = available_books(self.players == 4)
        index = self.last_book(lone, books)
        if index is None:  # (not as it was: dropped, and the saved books not read again at every tap)
            del self.last_books[self.players][person_key(lone.shown_name())]
            return
        lone.book, lone.spells = books[index][0], list(books[index][1])
        lone.chosen = lone.chosen_by_person = True
        lone.offered = person_key(lone.shown_name())

    def started(self) -> None:
        """The book of a person alone is kept for their next match alone (not the bots': they draw theirs)."""
        lone = self.lone_person()
        if lone is None:
            return
        own = lone.book not in PREMADE or list(lone.spells) != list(PREMADE[lone.book])
        book = (lone.book, list(lone.spells) if own else None)
        remember_book(self.players, lone.shown_name(), book)
        self.last_books.setdefault(self.players, {})[person_key(lone.shown_name())] = book

    def open_editor(self) -> None:
        """The spellbook editor: as it was left while a new book is half made (Back or Escape threw it away),
        else afresh (kept after a Save, it showed the next person the book the last one had saved)."""
        kept = self.editor_scene
        if kept is None or not kept.half_made():
            kept = self.editor_scene = SpellbookEditor(self.app, duos=self.players == 4)
        self.app.scenes.push(kept)

    def keep_half_made(self) -> None:
        """A new book half made in the kept editor (left by Back, no question asked) is saved, a draft if it breaks
        a rule, when the setup goes (closed, left, or the match started): it was lost then. A book whose changes
        were left by 'Leave it' is not kept."""
        kept = self.editor_scene
        if kept is not None and kept not in self.app.scenes.stack and kept.half_made():
            kept.on_close()
            self.editor_scene = None

    def on_close(self) -> None:
        self.keep_half_made()

    def exit(self) -> None:
        self.keep_half_made()
        super().exit()

    def heading(self) -> str:
        return _("That's Wizard!: new match")

    def count_label(self, players: int) -> str:
        return _("Duos (2 vs 2)") if players == 4 else _("1 vs 1 (best of three)")

    def build_rows(self) -> None:
        """Each mode has its own seats (names, who plays, spellbooks): a mode left and chosen again has them as
        they were left (1 vs 1, Duos, then 1 vs 1 again started every seat afresh)."""
        if self.rows:
            self.by_mode[len(self.rows)] = self.rows
        self.rows = self.by_mode.get(self.players, [])
        super().build_rows()

    def new_row(self, seat: int) -> WizardRow:
        return WizardRow(self, seat, default_books(self.players)[seat])

    def game_widgets(self) -> list[Widget]:
        return [self.editor]

    def options(self) -> dict:
        """Each seat's book: the spells its person chose, as they saw them in private (not read again from the
        store: anyone at the editor could have changed a seat's secret book, or learnt whose it was), else a bot's
        premade one drawn at random (the same book every match was soon learnt)."""
        drawn = self.bots_books()
        books, names = [], []
        for row in self.rows:
            title, spells = drawn.get(row.seat, (row.book, row.spells))
            books.append(list(spells))
            names.append(title)
        # ("drawn": the seats drawn for, drawn again when the match is played again: ``rematch_options``)
        return {"books": books, "book_names": names, "drawn": sorted(drawn)}

    def bots_books(self) -> dict[int, tuple[str, list[str]]]:
        """A book for each bot seat nobody chose for, drawn by the deal (``drawn_books``: the same for a number typed
        again; a Duos team of two such bots a premade pair)."""
        seats = sorted(self.drawn_seats())
        allies = {}  # (Duos: a bot beside a person, or beside a book someone chose, gets one that fits it)
        for seat in seats if self.players == 4 else ():
            if (seat + 2) % 4 not in seats:
                allies[seat] = self.rows[(seat + 2) % 4].spells
        return drawn_books(self.players, seats, self.deal(), allies)

    def drawn_seats(self) -> set[int]:
        """The seats whose book is drawn at Start: the bots nobody chose for (in Duos, a team of two such a premade
        pair; one beside a person a book that shares no spell with the person's: ``drawn_books``)."""
        return {row.seat for row in self.rows if not row.chosen and not self.is_person(row)}

    def is_person(self, row: WizardRow) -> bool:
        return self.controllers[row.controller.index][1] == "human"

    def options_problem(self, options: dict) -> str | None:
        """A person who has not chosen (each chooses in private: Start gave them a book they never saw); allies'
        books that share a spell (the rules' words name the spells, which the other team may read)."""
        for row in self.rows:
            if self.is_person(row) and not row.chosen:
                return _("{name} has not chosen a spellbook: press Choose spellbook.").format(name=row.shown_name())
        for team in range(2) if self.players == 4 else ():
            if check_team([options["books"][team], options["books"][team + 2]]):
                return _(CLASHES[team])
        return super().options_problem(options)

    def notes(self) -> list[str]:
        return [
            _("Each person chooses their spellbook in private: press Choose spellbook while everyone else looks away."),
            _(
                "1 vs 1: the first to win two duels wins. Duos: Blue seats 1 and 3 against Yellow seats 2 and 4;"
                " seat 1 duels seat 2 and seat 3 duels seat 4, then allies swap opponents, and the first team to 3"
                " victory tokens wins."
            ),
        ]

    def layout_header(self, y: int) -> int:
        self.editor.rect = pygame.Rect(self.box.right - px(30) - px(220), y, px(220), px(LINE_HEIGHT))
        return super().layout_header(y)

    def draw_row(self, surface: pygame.Surface, row: WizardRow) -> None:
        team = row.seat % 2
        what = _("Seat {number}").format(number=row.seat + 1)
        if self.players == 4:
            what = _("Seat {number} ({team})").format(number=row.seat + 1, team=_(TEAM_NAMES[team]))
        chip = pygame.Rect(self.left, row.controller.rect.centery - px(8), px(16), px(16))
        pygame.draw.rect(surface, TEAM_COLOURS[team], chip, border_radius=px(3))
        # (fitted before the seat's controls: "Место 1 (Синие" ran under them, Russian with Large text)
        seat = fitting_label(what, 19, theme.TEXT, row.controller.rect.left - px(6) - (chip.right + px(8)), bold=True)
        surface.blit(seat, seat.get_rect(midleft=(chip.right + px(8), chip.centery)))
        said, colour = (_("chosen"), theme.GOOD) if row.chosen else (_("not chosen yet"), theme.TEXT_DIM)
        if row.offered:
            said = _(LAST_TAG)
        if row.seat in self.drawn_seats():
            said = _("a book drawn at random")  # (a bot's, drawn at Start: ``bots_books``; not named)
        room = self.box.right - px(10) - (row.pick.rect.right + px(10))  # (French with Large text ran past the box)
        lines = [fitting_label(line, 16, colour, room) for line in theme.wrap(said, 16, room, bold=True)[:2]]
        top = row.pick.rect.centery - sum(line.get_height() for line in lines) // 2  # (two lines in a narrow box)
        for line in lines:
            surface.blit(line, (row.pick.rect.right + px(10), top))
            top += line.get_height()


class BookPicker(Scene):
    """A seat chooses its spellbook in private: the list of legal books, and the spells of the one tapped."""

    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)

    name = "thats-wizard-book-picker"
    opaque = True

    def __init__(self, setup: ThatsWizardSetup, row: WizardRow) -> None:
        super().__init__(setup.app)
        self.setup, self.row = setup, row
        keep_as_typed(row.name_field.value)  # (its heading: "Ana de Armas : choisissez...", not "Ana d'Armas")
        self.books = available_books(setup.players == 4)
        self.list = BookList(52, 19)
        self.list.rows = [(title, _tag(title, problem), problem is None) for title, _, problem in self.books]
        # A person alone finds the book they last played alone chosen, marked (none else is there to see it).
        self.last = setup.last_book(row, self.books)
        if self.last is not None:
            self.list.rows[self.last] = (self.books[self.last][0], LAST_TAG, True)
        self.choose = Button(_("Choose this spellbook"), self.confirm, primary=True, size=20)
        self.cancel = Button(_("Back"), self.back, size=20)
        # It opens on the first book, never on the one the seat chose: anyone may open a seat's picker again (a
        # bot's too), and it showed that book highlighted with all its spells, the seat's hand for the match. (A
        # person alone: on the book they last played alone, an earlier match's, which Statistics shows anyway.)
        self.chosen = self.last or 0
        self.zoom = CardZoom()  # a spell enlarged to be read: the mouse resting on it, or a long press
        self.card_rects: dict[str, pygame.Rect] = {}
        self.area = pygame.Rect(0, 0, 1, 1)
        self.hint_below = False  # how to read a spell large: under the book's name (``lay_cards`` decides)
        self.keys = ScreenKeys(self.targets, self.pointer, lambda: self.app.now, on_press=self.press, in_order=True)

    def targets(self) -> list[Target]:
        """What the keyboard's focus goes over, in Tab's order: the books, the chosen book's spells, Back and
        Choose (by lines across the screen, Tab went from the third book to the spells and back to the fourth)."""
        spells = thing_targets("spell", self.card_rects)
        return [*thing_targets("book", self.list.rects()), *spells, *widget_targets([self.cancel, self.choose])]

    def press(self, target: Target) -> bool:
        """Enter or Space on a book shows its spells; on a spell shows it enlarged until the next key (a widget:
        its tap)."""
        if target.kind == "book" and isinstance(target.item, int):
            self.show(target.item)
        elif target.kind == "spell":
            self.zoom.held = (str(target.item), target.rect)
        else:
            return False
        return True

    def show(self, index: int) -> None:
        self.chosen = index
        self.lay_cards()
        self.app.play("click")

    def back(self) -> None:
        """Escape closes a spell shown large by Enter first (it left the picker with the spell still shown)."""
        if self.zoom.held is not None:
            self.zoom.held = None
            return
        super().back()

    def key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.zoom.held = None  # a spell shown by Enter goes at the next key
        if self.keys.key(event):
            target = self.keys.focused()
            if target is not None and target.kind == "book" and isinstance(target.item, int):
                self.list.reveal(target.item)

    def enter(self) -> None:
        self.resize(self.app.screen.get_size())
        if self.last is not None:
            self.list.reveal(self.last)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.list.place(pygame.Rect(px(40), px(130), px(360), h - px(230)))
        self.choose.rect = pygame.Rect(w // 2 + px(10), h - px(76), px(280), px(54))
        self.cancel.rect = pygame.Rect(w // 2 - px(250), h - px(76), px(240), px(54))
        scroll = self.list.scroll.rect
        self.area = pygame.Rect(scroll.right + px(30), scroll.top, w - scroll.right - px(70), scroll.height)
        self.lay_cards()

    def lay_cards(self) -> None:
        """The chosen book's spells as large as they fit, each readable (and each zooms). A saved file may name a
        spell the game does not have (its problem says so): it has no face to show."""
        spells, area, gap = [card for card in self.books[self.chosen][1] if card in CARDS], self.area, px(14)
        # How to read a spell large, beside the book's name, or under it where the two do not fit side by side
        # (in Russian with Large text they lay over each other).
        title_w = theme.ui_font(26, True).size(book_name(self.books[self.chosen][0]))[0]
        self.hint_below = title_w + px(16) + theme.ui_font(16).size(zoom_hint())[0] > area.width
        top = area.top + px(44)
        if self.hint_below:
            top = max(top, area.top + theme.ui_font(26, True).get_height() + theme.ui_font(16).get_height() + px(8))
        room = pygame.Rect(area.left, top, area.width, area.bottom - px(96) - top)
        best = (0, 1)
        for columns in range(1, max(1, len(spells)) + 1):
            rows = max(1, -(-len(spells) // columns))  # (a saved book may hold no spell the game has)
            width = min((room.width - (columns - 1) * gap) // columns, px(230))
            width = min(width, round((room.height - (rows - 1) * gap) / rows / 1.4))
            best = max(best, (width, columns))
        card_w, columns = best
        self.card_rects = {}
        for index, card in enumerate(spells):
            x = room.left + (index % columns) * (card_w + gap)
            y = room.top + (index // columns) * (card_height(card_w) + gap)
            self.card_rects[card] = pygame.Rect(x, y, card_w, card_height(card_w))

    def spot(self, pos: tuple[int, int]) -> Spot | None:
        return next(((card, rect) for card, rect in self.card_rects.items() if rect.collidepoint(pos)), None)

    def confirm(self) -> None:
        title, spells, problem = self.books[self.chosen]
        if problem is not None:
            return
        self.row.book, self.row.spells, self.row.chosen, self.row.offered = title, list(spells), True, ""
        self.row.chosen_by_person = self.setup.is_person(self.row)
        self.setup.keep_half_made()  # (a choice made: the editor opens afresh for the next person, a book half
        self.setup.editor_scene = None  # made in it kept as a draft)
        self.setup.error = ""
        self.app.scenes.pop(self)

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.zoom.pointer(event, self.app.now, self.spot) or dispatch([self.choose, self.cancel], event):
            return
        index = self.list.pointer(event)
        if index is not None:
            self.show(index)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        who = self.row.name_field.value or _("Seat {number}").format(number=self.row.seat + 1)
        heading = theme.text(_("{name}: choose your spellbook").format(name=who), 38, theme.GOLD_LIGHT, True)
        heading = theme.fit_width(heading, w - px(40), keep_height=True)
        surface.blit(heading, heading.get_rect(midtop=(w // 2, px(28))))
        hint = _("Everyone else, look away: a spellbook is secret until the match ends.")
        write(surface, hint, 18, midtop=(w // 2, px(80)))
        self.list.draw(surface, self.chosen)
        title, spells, problem = self.books[self.chosen]
        area = self.area
        named = write(surface, book_name(title), 26, theme.GOLD_LIGHT, True, topleft=area.topleft)
        if self.hint_below:
            under = fitting_label(zoom_hint(), 16, theme.TEXT_DIM, area.width, bold=False)
            surface.blit(under, (area.left, named.bottom + px(2)))
        else:
            write(surface, zoom_hint(), 16, theme.TEXT_DIM, topright=(area.right, area.top + px(8)))
        for card, rect in self.card_rects.items():
            surface.blit(card_face(card, rect.width), rect)
        # (No word of a clash with the ally's book: anyone may open a seat's picker, and which books clashed told
        # the ally's secret book; the shared screen's refusal at Start names no spell.)
        if problem:
            said = _("Not legal for this match: {problem}").format(problem=problem)
            for index, line in enumerate(theme.wrap(said, 17, area.width)[:4]):
                write(surface, line, 17, theme.BAD, True, topleft=(area.left, area.bottom - px(90) + index * px(20)))
        self.choose.enabled = problem is None  # (a book not legal here says why in red)
        self.choose.draw(surface)
        self.cancel.draw(surface)
        self.keys.draw(surface)
        self.zoom.draw(surface, self.app.now, self.spot, zoom_face, [self.choose.rect, self.cancel.rect])


def _tag(title: str, problem: str | None) -> str:
    """A book's tag in the list, an English key (the list shows it translated)."""
    return PREMADE_TAG if title in PREMADE else (NOT_LEGAL_TAG if problem else YOURS_TAG)


def zoom_hint() -> str:
    return _("Rest the pointer on a spell, hold it, or press Enter on it, to read it large.")
