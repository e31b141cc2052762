"""The spellbook editor: build, save, copy and delete your own spellbooks; a broken book is explained rule by rule.

The grid shows the seven schools and their four levels (with the Duos spell of a slot when building for Duos).
Tapping a spell adds it to the book or takes it out. The panel on the right lists the book and, under it, every
building rule it breaks, and a warning when no spell of it deals Damage or Fatigue (such a book is legal, but can
only win by a forfeit, so its duels against a healer may stall; see the rules page). Books are saved as JSON in
the user data directory (see ``store``); a book that breaks a rule may be saved as a draft, but the match setup
offers only legal books.
"""

from __future__ import annotations

import pygame

from tabletop.games.thats_wizard.cards import CARDS, PREMADE, SCHOOLS, SLOTS, name
from tabletop.games.thats_wizard.spellbooks import check_spellbook, stamina_problem
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.cards import SCHOOL_COLOURS
from tabletop.ui.tables.thats_wizard.cards import reset as reset_caches
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, ScrollArea, TextField


class SpellbookEditor(Scene):
    name = "thats-wizard-editor"
    game_id = "thats-wizard"

    def __init__(self, app) -> None:
        super().__init__(app)
        reset_caches()
        self.books: list[store.SavedBook] = []
        self.current: store.SavedBook | None = None  # the saved book being edited (None: a new one)
        self.spells: list[str] = []
        self.name_field = TextField("My spellbook", self.renamed, max_length=24, size=20)
        self.mode = Choice(["For 1 vs 1", "For Duos"], 0, lambda _i: None, size=18)
        self.buttons = {
            "new": Button("New", self.new_book, size=18),
            "copy": Button("Copy", self.copy_book, size=18),
            "delete": Button("Delete", self.ask_delete, size=18),
            "save": Button("Save", self.save, primary=True, size=20),
            "back": Button("Back", self.back, size=20),
        }
        self.list_scroll = ScrollArea()
        self.list_rows: list[tuple[str, store.SavedBook | None, tuple[str, ...]]] = []
        self.cell_rects: dict[str, pygame.Rect] = {}
        self.message = ""
        self.message_colour = theme.TEXT
        self.dirty = False

    # --- books ---------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        self.resize(self.app.screen.get_size())

    def reload(self) -> None:
        self.books = store.list_books()
        self.list_rows = [(title, None, spells) for title, spells in PREMADE.items()]
        self.list_rows += [(book.name, book, tuple(book.spells)) for book in self.books]

    @property
    def duos(self) -> bool:
        return self.mode.index == 1

    def problems(self) -> list[str]:
        return check_spellbook(self.spells, self.duos)

    def warning(self) -> str | None:
        """A legal but worrying book: seven spells, none of which deals Damage or Fatigue."""
        return stamina_problem(self.spells) if len(self.spells) == 7 else None

    def renamed(self, value: str) -> None:
        self.dirty = True

    def load(self, title: str, saved: store.SavedBook | None, spells: tuple[str, ...]) -> None:
        """Open a book: your own to edit, a premade one as a new copy."""
        self.spells = list(spells)
        self.current = saved
        duos = saved.duos if saved is not None else any(CARDS[c].duos for c in spells if c in CARDS)
        self.mode.index = 1 if duos else 0
        self.name_field.value = title if saved is not None else self.free_name(f"{title} (copy)")
        self.dirty = saved is None
        self.say(f"Opened {title}." if saved is not None else f"A copy of {title}: save it to keep it.")

    def free_name(self, wanted: str) -> str:
        return store.unique_name(wanted, [book.name for book in self.books] + list(PREMADE))

    def new_book(self) -> None:
        self.current = None
        self.spells = []
        self.name_field.value = self.free_name("My spellbook")
        self.dirty = True
        self.say("A new, empty spellbook: tap spells in the grid.")

    def copy_book(self) -> None:
        self.current = None
        self.name_field.value = self.free_name(f"{self.name_field.value.strip() or 'Spellbook'} (copy)")
        self.dirty = True
        self.say("A copy: save it to keep it.")

    def save(self) -> None:
        title = self.name_field.value.strip()
        if not title:
            self.say("Give the spellbook a name first.", error=True)
            return
        if title in PREMADE:
            self.say("That name belongs to a premade spellbook: choose another.", error=True)
            return
        target = store.folder() / f"{store.slug(title)}.json"
        replacing = self.current.path if self.current is not None else None
        if target.exists() and target != replacing:
            self.say("Another spellbook is saved under a name like that: choose another.", error=True)
            return
        try:
            path = store.save_book(title, list(self.spells), self.duos, replacing)
        except OSError as exc:
            self.say(f"Could not save the spellbook ({exc.strerror or exc}).", error=True)
            return
        self.reload()
        self.current = next((book for book in self.books if book.path == path), None)
        self.dirty = False
        problems = self.problems()
        note = " It breaks a rule, so it is kept as a draft." if problems else ""
        warning = self.warning() if not problems else None
        self.say(f"Saved {title}." + note + (f" {warning}" if warning else ""))

    def ask_delete(self) -> None:
        if self.current is None or self.current.path is None:
            self.say("Only your own saved spellbooks can be deleted.", error=True)
            return
        book = self.current
        self.app.go.dialog(
            "Delete this spellbook?",
            f"{book.name} will be gone for good.",
            [("Delete it", lambda: self.delete(book)), ("Keep it", lambda: None)],
        )

    def delete(self, book: store.SavedBook) -> None:
        if book.path is not None:
            store.delete_book(book.path)
        self.reload()
        self.new_book()
        self.say(f"Deleted {book.name}.")

    def toggle(self, card: str) -> None:
        if card in self.spells:
            self.spells.remove(card)
        else:
            self.spells.append(card)
        self.dirty = True

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.message_colour = theme.BAD if error else theme.GOOD
        if error:
            self.app.play("error")

    # --- layout and input ----------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.list_scroll.rect = pygame.Rect(px(20), px(90), px(240), h - px(220))
        self.list_scroll.content_height = len(self.list_rows) * px(44)
        self.list_scroll.clamp()
        bw = (px(240) - px(10)) // 3
        for index, key in enumerate(("new", "copy", "delete")):
            self.buttons[key].rect = pygame.Rect(
                px(20) + index * (bw + px(5)), self.list_scroll.rect.bottom + px(10), bw, px(42)
            )
        grid_left = self.list_scroll.rect.right + px(20)
        self.name_field.rect = pygame.Rect(grid_left, px(30), px(300), px(46))
        self.mode.rect = pygame.Rect(self.name_field.rect.right + px(12), px(30), px(220), px(46))
        self.side = pygame.Rect(w - px(20) - px(300), px(90), px(300), h - px(180))
        self.grid = pygame.Rect(grid_left, px(96), self.side.left - px(20) - grid_left, h - px(190))
        self.buttons["save"].rect = pygame.Rect(self.side.left, h - px(76), px(150), px(54))
        self.buttons["back"].rect = pygame.Rect(self.side.left + px(160), h - px(76), px(140), px(54))
        self._layout_grid()

    def _layout_grid(self) -> None:
        self.cell_rects = {}
        col_w = self.grid.width // len(SCHOOLS)
        row_h = (self.grid.height - px(30)) // 4
        for column, school in enumerate(SCHOOLS):
            for level in range(1, 5):
                cards = SLOTS[(school, level)]
                base = [c for c in cards if not CARDS[c].duos]
                extra = [c for c in cards if CARDS[c].duos]
                cell = pygame.Rect(
                    self.grid.left + column * col_w + px(3),
                    self.grid.top + px(30) + (level - 1) * row_h + px(3),
                    col_w - px(6),
                    row_h - px(6),
                )
                if extra:
                    half = (cell.height - px(4)) // 2
                    self.cell_rects[base[0]] = pygame.Rect(cell.left, cell.top, cell.width, half)
                    self.cell_rects[extra[0]] = pygame.Rect(cell.left, cell.top + half + px(4), cell.width, half)
                else:
                    self.cell_rects[base[0]] = cell

    def pointer(self, event: PointerEvent) -> None:
        for widget in (*self.buttons.values(), self.name_field, self.mode):
            if widget.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                return
        if self.list_scroll.pointer(event):
            return
        if event.kind != "tap":
            return
        if self.list_scroll.rect.collidepoint(event.pos):
            index = (event.pos[1] - self.list_scroll.rect.top + self.list_scroll.offset) // px(44)
            if 0 <= index < len(self.list_rows):
                self.load(*self.list_rows[index])
            return
        for card, rect in self.cell_rects.items():
            if rect.collidepoint(event.pos):
                if CARDS[card].duos and not self.duos:
                    self.say(f"{name(card)} is a Duos spell: switch to 'For Duos' to use it.", error=True)
                    return
                self.toggle(card)
                self.app.play("click")
                return

    def key(self, event: pygame.event.Event) -> None:
        self.name_field.key(event)

    def list_row_rect(self, title: str) -> pygame.Rect | None:
        for index, (row_title, _, _) in enumerate(self.list_rows):
            if row_title == title:
                top = self.list_scroll.rect.top + index * px(44) - self.list_scroll.offset
                return pygame.Rect(self.list_scroll.rect.left, top, self.list_scroll.rect.width - px(10), px(40))
        return None

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        surface.blit(theme.text("Spellbooks", 34, theme.GOLD_LIGHT, bold=True), (px(20), px(32)))
        self._draw_list(surface)
        for school_index, school in enumerate(SCHOOLS):
            col_w = self.grid.width // len(SCHOOLS)
            header = tuple(min(255, c + 90) for c in SCHOOL_COLOURS[school])
            label = theme.text(school, 15, header, bold=True)
            surface.blit(
                label, label.get_rect(midtop=(self.grid.left + school_index * col_w + col_w // 2, self.grid.top))
            )
        for card, rect in self.cell_rects.items():
            spell = CARDS[card]
            chosen = card in self.spells
            usable = self.duos or not spell.duos
            fill = SCHOOL_COLOURS[spell.school] if chosen else (44, 48, 60) if usable else (30, 30, 34)
            pygame.draw.rect(surface, fill, rect, border_radius=px(8))
            edge = theme.GOLD_LIGHT if chosen else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, width=max(1, px(2)), border_radius=px(8))
            colour = theme.TEXT if usable else theme.TEXT_DIM
            label = theme.text(spell.name, 15, colour, bold=chosen)
            if label.get_width() > rect.width - px(6):
                label = pygame.transform.smoothscale(label, (rect.width - px(6), label.get_height()))
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.centery - px(6))))
            tag = f"L{spell.level}" + (" Duos" if spell.duos else "") + f"  {spell.dial_text}"
            small = theme.text(tag, 13, theme.TEXT_DIM)
            surface.blit(small, small.get_rect(center=(rect.centerx, rect.centery + px(10))))
        self._draw_side(surface)
        for widget in (*self.buttons.values(), self.name_field, self.mode):
            widget.draw(surface)
        if self.message:
            label = theme.text(self.message, 18, self.message_colour, bold=True)
            surface.blit(label, label.get_rect(midbottom=(self.grid.centerx, h - px(24))))

    def _draw_list(self, surface: pygame.Surface) -> None:
        rect = self.list_scroll.rect
        theme.panel(surface, rect.inflate(px(8), px(8)), alpha=220)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for index, (title, saved, _spells) in enumerate(self.list_rows):
            row = pygame.Rect(
                rect.left, rect.top + index * px(44) - self.list_scroll.offset, rect.width - px(10), px(40)
            )
            active = saved is not None and saved is self.current
            theme.panel(surface, row, edge=theme.GOLD if active else theme.PANEL_EDGE, alpha=230)
            legal = saved is None or saved.legal
            colour = theme.TEXT if legal else theme.TEXT_DIM
            surface.blit(theme.text(title, 17, colour, bold=True), (row.left + px(10), row.top + px(4)))
            tag = "premade" if saved is None else ("draft: breaks a rule" if not legal else "yours")
            surface.blit(theme.text(tag, 13, theme.TEXT_DIM), (row.left + px(10), row.top + px(22)))
        surface.set_clip(clip)
        self.list_scroll.draw_bar(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        rect = self.side
        theme.panel(surface, rect, alpha=225)
        x, y = rect.left + px(14), rect.top + px(12)
        surface.blit(theme.text(f"The book ({len(self.spells)} of 7)", 20, theme.GOLD_LIGHT, bold=True), (x, y))
        y += px(30)
        for card in self.spells:
            c = CARDS[card]
            line = f"{c.name} - {c.school} {c.level}" + (" (Duos)" if c.duos else "")
            surface.blit(theme.text(line, 16, theme.TEXT), (x, y))
            y += px(20)
        y += px(10)
        problems = self.problems()
        warning = self.warning()
        if warning:
            line = theme.text(warning, 15, theme.GOLD_LIGHT, bold=True)
            if line.get_width() > rect.width - px(28):
                line = pygame.transform.smoothscale(line, (rect.width - px(28), line.get_height()))
            surface.blit(line, (x, y))
            y += px(24)
        if not problems:
            surface.blit(theme.text("A legal spellbook.", 18, theme.GOOD, bold=True), (x, y))
            return
        surface.blit(theme.text("Rules it breaks:", 18, theme.BAD, bold=True), (x, y))
        y += px(24)
        for problem in problems:
            for line in theme.wrap(problem, 15, rect.width - px(28)):
                if y > rect.bottom - px(20):
                    return
                surface.blit(theme.text(line, 15, theme.TEXT), (x, y))
                y += px(18)
            y += px(6)
