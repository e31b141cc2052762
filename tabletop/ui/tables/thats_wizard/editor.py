"""The spellbook editor: build, save, copy and delete your own spellbooks; a broken book is explained rule by rule.

The grid shows the seven schools and their four levels (with the Duos spell of a slot when building for Duos).
Tapping a spell adds it to the book or takes it out. The panel on the right lists the book (scrolling when it is
long) and, under it, every building rule it breaks, and a warning when no spell of it deals Damage or Fatigue (such
a book is legal, but can only win by a forfeit, so its duels against a healer may stall; see the rules page). Books
are saved as JSON in the user data directory (see ``store``); a book that breaks a rule may be saved as a draft, but
the match setup offers only legal books.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from tabletop.games.thats_wizard.cards import CARDS, PREMADE, SCHOOLS, SLOTS, book_name, name
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.spellbooks import check_spellbook, stamina_problem
from tabletop.i18n import N_, os_reason
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, page, scroll_target, type_into_field, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.card_zoom import CardZoom, Spot
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.cards import SCHOOL_COLOURS, zoom_face
from tabletop.ui.theme import fit_width, px, write
from tabletop.ui.widgets import (
    Button,
    Choice,
    ScrollArea,
    TextField,
    dispatch,
    fitting_label,
    prompt_label,
    two_line_label,
)

PREMADE_TAG, YOURS_TAG, DRAFT_TAG = N_("premade"), N_("yours"), N_("draft: breaks a rule")
UNREADABLE_TAG = N_("not a spellbook file")  # a file of the folder that cannot be read as a book
MODES = (N_("For 1 vs 1"), N_("For Duos"))
CHOSEN_INK = (255, 255, 255)  # the words on a chosen spell's cell, over its school's colour
NEW_NAME = N_("My spellbook")
SPELL_STEP = 20  # design pixels from one of the book's spell lines to the next in the panel


def thing_targets(kind: str, rects: Mapping[str, pygame.Rect] | Mapping[int, pygame.Rect]) -> list[Target]:
    return [Target(kind, item, rect) for item, rect in rects.items()]


class BookList:
    """A scrolling list of spellbooks, a row each with its name and a tag ("premade", "yours"...): the editor's
    list and the setup's private picker."""

    def __init__(self, step: int, size: int) -> None:
        self.scroll = ScrollArea()
        self.step, self.size = step, size  # design pixels from one row to the next; the name's type size
        self.rows: list[tuple[str, str, bool]] = []  # (name, tag, usable)

    def place(self, rect: pygame.Rect) -> None:
        self.scroll.rect = rect
        self.scroll.content_height = len(self.rows) * self.row_step()
        self.scroll.clamp()

    def row_step(self) -> int:
        """Pixels from one row to the next: the design's step, or more when the tag under the name needs it. The tag
        is drawn from 11/20 of the row down and ends ``px(4)`` above the row's foot, clear of its edge (with Large
        text in a 1024x640 window the tag, never under 18 pixels, ran over the foot: review uxtwed)."""
        tag = theme.ui_font(self.tag_size()).size("Ag")[1]  # (the tag's line height, measured, not drawn)
        return max(px(self.step - 4), -(-(tag + px(4)) * 20 // 9)) + px(4)

    def tag_size(self) -> int:
        return round(self.size * 0.75)

    def rect(self, index: int) -> pygame.Rect:
        area, step = self.scroll.rect, self.row_step()
        top = area.top + index * step - self.scroll.offset
        return pygame.Rect(area.left, top, area.width - px(10), step - px(4))

    def row_rect(self, title: str) -> pygame.Rect:
        return self.rect([row[0] for row in self.rows].index(title))

    def rects(self) -> dict[int, pygame.Rect]:
        """Every row's place (those scrolled out of sight too: the focus scrolls to them), by index."""
        return {index: self.rect(index) for index in range(len(self.rows))}

    def reveal(self, index: int) -> None:
        """Scroll so that row ``index`` is in sight (the keyboard's focus came to it)."""
        row, area = self.rect(index), self.scroll.rect
        if row.top < area.top:
            self.scroll.offset -= area.top - row.top
        elif row.bottom > area.bottom:
            self.scroll.offset += row.bottom - area.bottom
        self.scroll.clamp()

    def pointer(self, event: PointerEvent) -> int | None:
        """The row a tap chose, if any (a wheel or a drag scrolls the list)."""
        if self.scroll.pointer(event) or event.kind != "tap" or not self.scroll.rect.collidepoint(event.pos):
            return None
        index = (event.pos[1] - self.scroll.rect.top + self.scroll.offset) // self.row_step()
        return index if 0 <= index < len(self.rows) else None

    def draw(self, surface: pygame.Surface, active: int | None) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for index, (title, tag, lit) in enumerate(self.rows):
            row = self.rect(index)
            theme.panel(surface, row, edge=theme.GOLD if index == active else theme.PANEL_EDGE, alpha=230)
            left, middle = row.left + px(10), row.top + row.height * 11 // 20
            room = row.width - px(20)  # (a name of 24 wide letters ran past the row's edge, under the scroll bar)
            name = fitting_label(book_name(title), self.size, theme.TEXT if lit else theme.TEXT_DIM, room)
            surface.blit(name, (left, row.top + px(4)))
            said = fitting_label(_(tag), self.tag_size(), theme.TEXT_DIM, room, bold=False)
            surface.blit(said, (left, middle))
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)


class SpellbookEditor(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "thats-wizard-editor"
    game_id = "thats-wizard"

    def __init__(self, app: AppLike, duos: bool = False) -> None:
        """``duos``: a new book is begun for Duos (opened from a Duos match's setup, it began 'For 1 vs 1', the Duos
        spells dimmed, and a tap on one asked to switch: the new player's review of Duos)."""
        super().__init__(app)
        self.books: list[store.SavedBook] = []
        self.current: store.SavedBook | None = None  # the saved book being edited (None: a new one)
        self.from_nothing = True  # the book on show was begun empty (New), not opened or copied from another
        self.spells: list[str] = []
        self.more_rules: tuple[pygame.Rect, list[str]] | None = None  # the lines "...and N more" and those rules
        self.spell_list = ScrollArea()  # the panel's lines of the book's spells (placed as the panel is drawn)
        self.name_field = TextField(_(NEW_NAME), lambda _value: None, max_length=24, size=20)
        self.mode = Choice([_(mode) for mode in MODES], 1 if duos else 0, lambda _i: None, size=18)
        self.buttons = {
            "new": Button(_("New"), self.ask_new_book, size=18),
            "copy": Button(_("Copy"), self.copy_book, size=18),
            "delete": Button(_("Delete"), self.ask_delete, size=18),
            "save": Button(_("Save"), self.save, primary=True, size=20),
            "back": Button(_("Back"), self.back, size=20),
        }
        self.widgets = [*self.buttons.values(), self.name_field, self.mode]
        self.list = BookList(44, 17)
        self.cell_rects: dict[str, pygame.Rect] = {}
        self.zoom = CardZoom()  # a spell's card, to read what it does: the mouse resting on its cell, or a long press
        self.message = ""
        self.message_colour = theme.TEXT
        self.keys = ScreenKeys(self.targets, self.pointer, lambda: self.app.now, on_press=self.press, in_order=True)
        self.kept = self.shown()  # the book as last opened, begun or saved: what leaving it would not lose

    def shown(self) -> tuple[tuple[str, ...], str, int]:
        return tuple(self.spells), self.name_field.value.strip(), self.mode.index

    def unsaved(self) -> bool:
        """Spells chosen or changed since the book was opened, begun or saved (an empty grid loses nothing)."""
        return bool(self.spells) and self.shown() != self.kept

    def leaving(self, then: Callable[[], None]) -> None:
        """Do ``then`` (which puts another book on show, or leaves), asking first when the book on show has
        changes not saved: one stray tap on the list, New or Back threw a book being built away (a review)."""
        if not self.unsaved():
            then()
            return
        self.app.go.dialog(
            _("Leave this spellbook without saving?"),
            _("The changes to {book} are not saved.").format(book=self.name_field.value.strip() or _("Spellbook")),
            [(_("Keep editing"), lambda: None), (_("Leave it"), then)],
            safe=0,
        )

    def on_close(self) -> None:
        """The window closes with changes not saved: kept as they are (a draft if they break a rule), under a
        free name when theirs is taken, as a game is kept at every move (they were lost: a review)."""
        if not self.unsaved():
            return
        wanted = self.name_field.value.strip() or _("Spellbook")
        replacing = self.replacing()
        title, number = wanted, 2
        while self.refusal(title, replacing) is not None:  # (a name like another's file, a premade's: never over it)
            title, number = f"{wanted} ({number})", number + 1
        with contextlib.suppress(OSError):
            store.save_book(title, list(self.spells), self.duos, replacing)

    def half_made(self) -> bool:
        """A new book begun empty and not saved yet: the setup keeps the editor with it for when it is opened again
        (one opened or copied is someone's: the next person gets a fresh editor)."""
        return self.current is None and self.from_nothing and bool(self.spells)

    def back(self) -> None:
        if self.half_made():  # (kept: the setup opens it again as it is)
            super().back()
        else:
            self.leaving(super().back)

    def targets(self) -> list[Target]:
        """What the keyboard's focus goes over: the buttons and fields, the books, the spells of the grid."""
        books = thing_targets("book", self.list.rects())
        # In Tab's order (by lines across the screen Tab went from a book to a row of spells and back to the next
        # book): the books, the name, the spells, the buttons.
        name = widget_targets([self.name_field])
        buttons = widget_targets([widget for widget in self.widgets if widget is not self.name_field])
        more = [Target("more rules", 0, self.more_rules[0])] if self.more_rules is not None else []
        spells = thing_targets("spell", self.cell_rects)
        return [*books, *name, *spells, *scroll_target(self.spell_list), *more, *buttons]  # (a list longer than shown)

    def press(self, target: Target) -> bool:
        """Enter or Space on a book opens it; on a spell puts it in the book or takes it out; on the count of the
        rules left out shows them (a widget: its tap)."""
        if target.kind == "book" and isinstance(target.item, int):
            self.open_book(target.item)
        elif target.kind == "spell":
            self.toggle(str(target.item))
        elif target.kind == "more rules":  # (the line "...and N more rules broken": its box)
            self.show_more_rules()
        else:
            return False
        return True

    # --- books ---------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        if self.current is None and not self.spells and self.name_field.value == _(NEW_NAME):
            # A fresh editor's book is named as New names one: "My spellbook" once saved, the next fresh editor
            # offered that name again, and Save refused it ("Another spellbook is saved under a name like that").
            self.name_field.value = self.free_name(_(NEW_NAME))
            self.kept = self.shown()
        self.resize(self.app.screen.get_size())

    def reload(self) -> None:
        self.books = store.list_books()
        premade = [(title, PREMADE_TAG, True) for title in PREMADE]
        saved = [(book.name, _tag(book), book.legal) for book in self.books]
        self.list.rows = premade + saved

    @property
    def duos(self) -> bool:
        return self.mode.index == 1

    def problems(self) -> list[str]:
        return check_spellbook(self.spells, self.duos)

    def warning(self) -> str | None:
        """A legal but worrying book: seven spells, none of which deals Damage or Fatigue."""
        return stamina_problem(self.spells) if len(self.spells) == 7 else None

    def open_book(self, index: int) -> None:
        self.leaving(lambda: self.load(index))

    def load(self, index: int) -> None:
        """Open a book of the list: your own to edit, a premade one as a new copy. A spell the game does not have
        (a file written by hand, say) is left out: the grid could never take it out again."""
        saved = self.books[index - len(PREMADE)] if index >= len(PREMADE) else None
        self.from_nothing = False
        title = self.list.rows[index][0]
        self.spells = [card for card in (saved.spells if saved is not None else PREMADE[title]) if card in CARDS]
        self.current, self.spell_list.offset = saved, 0
        duos = saved.duos if saved is not None else any(CARDS[c].duos for c in self.spells)
        self.mode.index = 1 if duos else 0
        if saved is not None and saved.error is not None:  # (no readable spellbook: opened empty, saying why)
            self.name_field.value = title
            self.say(_("{book}: this file {error}.").format(book=title, error=_(saved.error)), error=True)
        elif saved is not None:
            self.name_field.value = title
            self.say(_("Opened {book}.").format(book=title))
        else:
            self.name_field.value = self.free_name(_("{book} (copy)").format(book=book_name(title)))
            self.say(_("A copy of {book}: save it to keep it.").format(book=book_name(title)))
        self.kept = self.shown()

    def free_name(self, wanted: str) -> str:
        return store.unique_name(wanted, [book.name for book in self.books] + list(PREMADE))

    def ask_new_book(self) -> None:
        self.leaving(self.new_book)

    def new_book(self) -> None:
        self.current, self.spells, self.from_nothing = None, [], True
        self.spell_list.offset = 0
        self.name_field.value = self.free_name(_(NEW_NAME))
        self.say(_("A new, empty spellbook: choose spells in the grid."))
        self.kept = self.shown()

    def copy_book(self) -> None:
        self.current, self.from_nothing = None, False
        title = self.name_field.value.strip() or _("Spellbook")
        self.name_field.value = self.free_name(_("{book} (copy)").format(book=title))
        self.say(_("A copy: save it to keep it."))

    def refusal(self, title: str, replacing: Path | None) -> str | None:
        """Why the book cannot be saved under ``title`` (None: it can)."""
        if not title:
            return _("Give the spellbook a name first.")
        if title in PREMADE or title in {book_name(premade) for premade in PREMADE}:
            return _("That name belongs to a premade spellbook: choose another.")
        target = store.folder() / f"{store.slug(title)}.json"
        if target.exists() and target != replacing:
            if any(book.path == target and book.error is not None for book in self.books):
                return _("A file that is no spellbook has a name like that: choose another name, or delete that file.")
            return _("Another spellbook is saved under a name like that: choose another.")
        return None

    def replacing(self) -> Path | None:
        """The file a save writes over: the open book's own, never a file that is no readable spellbook (a file
        of the folder that is not one was opened empty, and Save wrote over it: what it held was lost)."""
        book = self.current
        return book.path if book is not None and book.error is None else None

    def save(self) -> None:
        title = self.name_field.value.strip()
        replacing = self.replacing()
        # A saved book saved under a new name is that book renamed (its file replaced): said so, as the old name
        # leaves the list ("Saved Curses." left a newcomer looking for "Duel book"; Copy keeps both).
        old = self.current.name if replacing is not None and self.current is not None else title
        refusal = self.refusal(title, replacing)
        if refusal is not None:
            self.say(refusal, error=True)
            return
        try:
            path = store.save_book(title, list(self.spells), self.duos, replacing)
        except OSError as exc:
            self.say(_("Could not save the spellbook ({reason}).").format(reason=os_reason(exc)), error=True)
            return
        self.reload()
        self.current = next((book for book in self.books if book.path == path), None)
        self.kept = self.shown()
        problems = self.problems()
        warning = self.warning() if not problems else None
        renamed = old != title
        if problems:
            draft = (
                _("Renamed {old} to {book}. It breaks a rule, so it is kept as a draft.")
                if renamed
                else _("Saved {book}. It breaks a rule, so it is kept as a draft.")
            )
            self.say(draft.format(book=title, old=old), caution=True)
        elif warning:
            said = _("Renamed {old} to {book}. {warning}") if renamed else _("Saved {book}. {warning}")
            self.say(said.format(book=title, old=old, warning=warning), caution=True)
        else:
            said = _("Renamed {old} to {book}.") if renamed else _("Saved {book}.")
            self.say(said.format(book=title, old=old))

    def ask_delete(self) -> None:
        book = self.current
        if book is None or book.path is None:
            self.say(_("Only your own saved spellbooks can be deleted."), error=True)
            return
        self.app.go.dialog(
            _("Delete this spellbook?"),
            _("{book} will be gone for good.").format(book=book.name),
            [(_("Delete it"), lambda: self.delete(book)), (_("Keep it"), lambda: None)],
            safe=1,
        )

    def delete(self, book: store.SavedBook) -> None:
        try:  # (a read-only folder, or a folder named like a book's file: said, never the crash screen)
            if book.path is not None:
                book.path.unlink(missing_ok=True)
        except OSError as exc:
            self.say(_("Could not delete {book} ({reason}).").format(book=book.name, reason=os_reason(exc)), error=True)
            return
        self.reload()
        self.new_book()
        self.say(_("Deleted {book}.").format(book=book.name))

    def toggle(self, card: str) -> None:
        if CARDS[card].duos and not self.duos:
            said = _("{card} is a Duos spell: switch to '{mode}' to use it.").format(card=name(card), mode=_(MODES[1]))
            self.say(said, error=True)
            return
        if card in self.spells:
            self.spells.remove(card)
        else:
            self.spells.append(card)
            self.spell_list.offset = self.spell_list.content_height + px(SPELL_STEP)  # the new last line in sight
        self.app.play("click")

    def say(self, message: str, error: bool = False, caution: bool = False) -> None:
        """``caution``: done, but not all is well (saved as a draft): said in the highlight, not the success
        colour (a draft that breaks a rule was announced in green)."""
        self.message = message
        self.message_colour = theme.BAD if error else theme.HIGHLIGHT if caution else theme.GOOD
        if error:
            self.app.play("error")

    # --- layout and input ----------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.list.place(pygame.Rect(px(20), px(90), px(240), h - px(220)))
        bw, top = (px(240) - px(10)) // 3, self.list.scroll.rect.bottom + px(10)
        for index, key in enumerate(("new", "copy", "delete")):
            self.buttons[key].rect = pygame.Rect(px(20) + index * (bw + px(5)), top, bw, px(42))
        grid_left = self.list.scroll.rect.right + px(20)
        self.name_field.rect = pygame.Rect(grid_left, px(30), px(300), px(46))
        self.mode.rect = pygame.Rect(self.name_field.rect.right + px(12), px(30), px(220), px(46))
        self.side = pygame.Rect(w - px(20) - px(300), px(90), px(300), h - px(180))
        self.grid = pygame.Rect(grid_left, px(96), self.side.left - px(20) - grid_left, h - px(190))
        self.buttons["save"].rect = pygame.Rect(self.side.left, h - px(76), px(150), px(54))
        self.buttons["back"].rect = pygame.Rect(self.side.left + px(160), h - px(76), px(140), px(54))
        self.cell_rects = {}
        col_w, row_h = self.grid.width // len(SCHOOLS), (self.grid.height - px(30)) // 4
        for (school, level), cards in SLOTS.items():
            left = self.grid.left + SCHOOLS.index(school) * col_w + px(3)
            top = self.grid.top + px(30) + (level - 1) * row_h + px(3)
            share = (row_h - px(2)) // len(cards)  # the slot's spell, and under it its Duos spell when it has one
            for index, card in enumerate(sorted(cards, key=lambda c: CARDS[c].duos)):
                self.cell_rects[card] = pygame.Rect(left, top + index * share, col_w - px(6), share - px(4))

    def spot(self, pos: tuple[int, int]) -> Spot | None:
        return next(((card, rect) for card, rect in self.cell_rects.items() if rect.collidepoint(pos)), None)

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.zoom.pointer(event, self.app.now, self.spot):
            return
        if dispatch(self.widgets, event, lambda: self.app.play("click")):
            return
        if event.kind == "tap" and self.more_rules is not None and self.more_rules[0].collidepoint(event.pos):
            self.app.play("click")
            self.show_more_rules()
            return
        if self.spell_list.pointer(event):  # (the wheel or a drag over the book's spells scrolls them)
            return
        index = self.list.pointer(event)
        if index is not None:
            self.open_book(index)
        card = next((card for card, rect in self.cell_rects.items() if rect.collidepoint(event.pos)), None)
        if card is not None and event.kind == "tap":
            self.toggle(card)

    def key(self, event: pygame.event.Event) -> None:
        """Typing goes to the name while it is being written; else Tab, the arrows and Enter (ScreenKeys)."""
        typing = self.name_field.focused
        if self.name_field.key(event) or self.name_field.focused:
            return
        if typing:  # (Tab ended the typing: the focus goes on from the name, not from the first stop)
            self.keys.focus.put(self.keys.targets(), ("widget", self.name_field))
        focused = self.keys.focused()
        if type_into_field(focused.item if focused is not None else None, event):
            return  # (letters typed with the ring on the name were thrown away; the setups' names take them)
        if self.keys.key(event):
            target = self.keys.focused()
            if target is not None and target.kind == "book" and isinstance(target.item, int):
                self.list.reveal(target.item)
        elif focused is not None and focused.item is self.spell_list and event.type == pygame.KEYDOWN:
            page(self.spell_list, event.key)

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = fitting_label(_("Spellbooks"), 34, theme.GOLD_LIGHT, self.name_field.rect.left - px(36))
        surface.blit(title, title.get_rect(midleft=(px(20), self.name_field.rect.centery)))
        theme.panel(surface, self.list.scroll.rect.inflate(px(8), px(8)), alpha=220)
        active = self.books.index(self.current) + len(PREMADE) if self.current in self.books else None
        self.list.draw(surface, active)
        col_w = self.grid.width // len(SCHOOLS)
        for index, school in enumerate(SCHOOLS):
            r, g, b = (c + (255 - c) * 11 // 20 for c in SCHOOL_COLOURS[school])  # lighter, to read on the felt
            at = (self.grid.left + index * col_w + col_w // 2, self.grid.top)
            label = fit_width(theme.text(_(school), 15, (r, g, b), bold=True), col_w - px(4), keep_height=True)
            surface.blit(label, label.get_rect(midtop=at))
        for card, rect in self.cell_rects.items():
            self._draw_cell(surface, card, rect)
        self._draw_side(surface)
        for widget in self.widgets:
            widget.draw(surface)
        if self.message:  # (on two lines when one is too short: a French or Russian reason ran under the buttons)
            said = prompt_label(self.message, 18, self.message_colour, self.grid.width, px(44))
            surface.blit(said, said.get_rect(midbottom=(self.grid.centerx, h - px(22))))
        clear = [self.side, self.name_field.rect, self.mode.rect, *(button.rect for button in self.buttons.values())]
        self.keys.draw(surface)
        self.zoom.draw(surface, self.app.now, self.spot, zoom_face, clear)

    def _draw_cell(self, surface: pygame.Surface, card: str, rect: pygame.Rect) -> None:
        spell = CARDS[card]
        chosen = card in self.spells
        usable = self.duos or not spell.duos
        fill = SCHOOL_COLOURS[spell.school] if chosen else (44, 48, 60) if usable else (30, 30, 34)
        pygame.draw.rect(surface, fill, rect, border_radius=px(8))
        edge = theme.GOLD_LIGHT if chosen else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, width=max(1, px(2)), border_radius=px(8))
        if chosen:  # a tick as well as the school's colour: a shape tells it in every palette (Curses was grey on grey)
            _tick(surface, (rect.right - px(11), rect.top + px(11)), px(8))
        # The name and the level line each fitted to the cell (the Duos line ran past both its edges); a long name
        # on two lines ("Effacement de mémoire" shrank to letters of 8 px on one)
        # On a chosen cell's school colour both lines are white, as on a card's band (AA, 4.5:1 and more: the dim
        # level line was 2.1:1 on Charms' pink)
        ink = CHOSEN_INK if chosen else theme.TEXT if usable else theme.TEXT_DIM
        label = two_line_label(spell.name, 15, ink, rect.width - px(6), chosen)
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.centery + px(2))))
        tag = _("L{level}  {dials}").format(level=spell.level, dials=spell.dial_text)
        if spell.duos:
            tag = _("L{level} Duos  {dials}").format(level=spell.level, dials=spell.dial_text)
        line = fitting_label(tag, 13, CHOSEN_INK if chosen else theme.TEXT_DIM, rect.width - px(6), bold=False)
        surface.blit(line, line.get_rect(center=(rect.centerx, rect.centery + px(10))))

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The book's spells, then what is wrong with it: the rules it breaks, or the warning."""
        rect = self.side
        theme.panel(surface, rect, alpha=225)
        x, y = rect.left + px(14), rect.top + px(12)
        count = ngettext("The book ({count} spell of 7)", "The book ({count} spells of 7)", len(self.spells))
        write(surface, count.format(count=len(self.spells)), 20, theme.GOLD_LIGHT, True, topleft=(x, y))
        problems, warning = self.problems(), self.warning()
        self._draw_spells(surface, pygame.Rect(x, y + px(30), rect.right - px(8) - x, 0), problems, bool(warning))
        y = self.spell_list.rect.bottom + px(10)
        if warning:
            label = theme.text(warning, 15, theme.GOLD_LIGHT, bold=True)
            surface.blit(fit_width(label, rect.width - px(28), keep_height=True), (x, y))
            y += px(24)
        self.more_rules = None
        if not problems:
            write(surface, _("A legal spellbook."), 18, theme.GOOD, True, topleft=(x, y))
            return
        write(surface, _("Rules it breaks:"), 18, theme.BAD, True, topleft=(x, y))
        y += px(24)
        width, bottom = rect.width - px(28), rect.bottom - px(20)
        size = _fitting_size(problems, width, bottom - y)
        for index, problem in enumerate(problems):
            left = len(problems) - index
            more = _more_rules(left)
            # the last rule needs only its lines (a gap under it too left it out where it fitted); another, room
            # under it for the lines saying how many more
            under = px(6) + _block_height(more, 15, width, bold=True) if left > 1 else 0
            if y + _block_height(problem, size, width) + under > bottom:
                # a tap on these lines shows the rules left out in a box (they could not be read anywhere)
                used = theme.draw_text_block(surface, more, pygame.Rect(x, y, width, bottom - y), 15, theme.BAD, True)
                self.more_rules = (pygame.Rect(x, y, width, used), problems[index:])
                return
            area = pygame.Rect(x, y, width, bottom - y)
            y += theme.draw_text_block(surface, problem, area, size) + px(6)

    def _draw_spells(self, surface: pygame.Surface, area: pygame.Rect, problems: list[str], warned: bool) -> None:
        """The lines of the book's spells from ``area``'s top: all of them when the panel has room for them and
        what is said under them, else as many as fit in at least half of it, scrolled by the wheel, a drag or the
        keys (a book of 20-odd spells ran past the panel's foot, the count of the broken rules with it, untappable).
        """
        step, width = px(SPELL_STEP), self.side.width - px(28)
        room = self.side.bottom - px(20) - area.top - px(10)
        under = px(24) * (2 if warned else 1)  # the warning, and "A legal spellbook." or "Rules it breaks:"
        if problems:
            under += sum(_block_height(problem, 15, width) + px(6) for problem in problems) - px(6)
        whole, most = len(self.spells) * step, max(room - under, room // 2)
        area.height = whole if whole <= most else most // step * step  # (whole lines)
        self.spell_list.rect, self.spell_list.content_height = area, whole
        self.spell_list.clamp()
        scrolling = whole > area.height
        clip = surface.get_clip()
        surface.set_clip(area.inflate(0, px(8)).move(0, px(4)).clip(clip))  # (the last line's lower letters too)
        for index, c in enumerate(CARDS[card] for card in self.spells):
            top = area.top + index * step - self.spell_list.offset
            if top + step <= area.top or top >= area.bottom:
                continue
            line = _("{card} - {school} {level}").format(card=c.name, school=c.school_name, level=c.level)
            if c.duos:
                line = _("{card} - {school} {level} (Duos)").format(card=c.name, school=c.school_name, level=c.level)
            # fitted to the panel (and clear of the scroll bar): a French line with Large text ran out of the window
            label = fitting_label(line, 16, theme.TEXT, width - (px(10) if scrolling else 0), bold=False)
            surface.blit(label, (area.left, top))
        surface.set_clip(clip)
        self.spell_list.draw_bar(surface)

    def show_more_rules(self) -> None:
        """The box of the broken rules the panel had no room for."""
        if self.more_rules is not None:
            self.app.go.dialog(_("Rules it breaks:"), "\n\n".join(self.more_rules[1]), [(_("Close"), lambda: None)])


def _more_rules(count: int) -> str:
    return ngettext(
        "...and {count} more rule broken: tap here to read it.",
        "...and {count} more rules broken: tap here to read them.",
        count,
    ).format(count=count)


def _block_height(problem: str, size: int, width: int, bold: bool = False) -> int:
    """The height of a broken rule's lines at ``size``, wrapped to ``width`` (without the gap under it)."""
    return len(theme.wrap(problem, size, width, bold)) * theme.line_height(size)


def _fitting_size(problems: list[str], width: int, height: int) -> int:
    """The largest text size, 15 down to 12, at which every broken rule fits in ``height`` (a book of seven spells
    in French with Large text broke more rules than the panel held: the last ones were cut off, unsaid); past
    that the rules that fit are drawn whole and a line says how many more there are."""
    for size in range(15, 12, -1):
        if sum(_block_height(problem, size, width) + px(6) for problem in problems) - px(6) <= height:
            return size
    return 12


def _tick(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A gold disc with a dark tick: a spell in the book."""
    pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius)
    x, y = centre
    points = [(x - radius * 0.5, y), (x - radius * 0.1, y + radius * 0.45), (x + radius * 0.55, y - radius * 0.4)]
    pygame.draw.lines(surface, (30, 24, 16), False, points, max(2, radius // 3))


def _tag(book: store.SavedBook) -> str:
    """A saved book's tag in the list, an English key (the list shows it translated)."""
    if book.error is not None:
        return UNREADABLE_TAG
    return YOURS_TAG if book.legal else DRAFT_TAG
