"""Setting up a That's Wizard! match: 1 vs 1 or Duos, who plays each seat (a person or a bot), names, and each
wizard's spellbook: a premade book or one of the player's saved books.

Spellbooks are secret: the setup screen only says that a seat has chosen one. Choosing opens a private picker
("everyone else, look away") that lists the books legal for this mode and shows the spells of the one tapped.
"""

from __future__ import annotations

import random

import pygame

from tabletop.core.match import Match, SeatInfo
from tabletop.games.thats_wizard.cards import DUOS_PAIRS, PREMADE, SOLO_PREMADES
from tabletop.games.thats_wizard.spellbooks import check_spellbook
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.scenes.setup import controller_options
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.thats_wizard import store
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, card_face, card_height
from tabletop.ui.tables.thats_wizard.cards import reset as reset_caches
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, ScrollArea, TextField

TEAM_NAMES = ("Blue", "Yellow")
DEFAULT_NAMES = {2: ["Morgana", "Merlin"], 4: ["Morgana", "Merlin", "Nimue", "Circe"]}


def default_books(players: int) -> list[str]:
    if players == 4:
        (a1, a2), (b1, b2) = DUOS_PAIRS
        return [a1, b1, a2, b2]
    return ["The Dark Lord", "The Boy Wizard"]


def available_books(duos: bool) -> list[tuple[str, list[str], str | None]]:
    """(name, spells, problem or None) of every book a seat may pick in this mode: premade, then saved."""
    books: list[tuple[str, list[str], str | None]] = []
    premades = list(PREMADE) if duos else list(SOLO_PREMADES)
    for title in premades:
        books.append((title, list(PREMADE[title]), None))
    for saved in store.list_books():
        if saved.error is not None:
            books.append((saved.name, [], f"this file {saved.error}"))
            continue
        problems = check_spellbook(saved.spells, duos)
        books.append((saved.name, saved.spells, problems[0] if problems else None))
    return books


class SeatRow:
    def __init__(self, scene: ThatsWizardSetup, seat: int, controller: int, book: str) -> None:
        self.seat = seat
        self.controller = Choice([label for label, _ in scene.controllers], controller, size=20)
        self.name_field = TextField(DEFAULT_NAMES[scene.players][seat], lambda v: None, max_length=14, size=20)
        self.book = book
        self.spells = list(PREMADE[book])
        self.pick = Button("Choose spellbook", lambda: scene.open_picker(self), size=18)

    def widgets(self):
        return [self.controller, self.name_field, self.pick]


class ThatsWizardSetup(Scene):
    name = "thats-wizard-setup"
    game_id = "thats-wizard"

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game
        reset_caches()
        self.controllers = controller_options(game)
        self.players = 2
        self.seed = random.randrange(1, 10**6)
        self.mode = Choice(["1 vs 1 (best of three)", "Duos (2 vs 2)"], 0, self.mode_changed, size=20)
        self.seed_field = TextField(str(self.seed), self.seed_changed, max_length=9, allowed="0123456789", size=20)
        self.new_seed = Button("New seed", self.reroll, size=18)
        self.editor = Button("Spellbook editor", self.open_editor, size=18)
        self.start = Button("Start", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        self.rows: list[SeatRow] = []
        self.error = ""
        self._build_rows()

    def _build_rows(self) -> None:
        greedy = next((i for i, (_, c) in enumerate(self.controllers) if c == "greedy"), 0)
        books = default_books(self.players)
        self.rows = [SeatRow(self, seat, 0 if seat == 0 else greedy, books[seat]) for seat in range(self.players)]
        self.error = ""
        self.resize(self.app.screen.get_size())

    def mode_changed(self, index: int) -> None:
        self.players = 4 if index == 1 else 2
        self._build_rows()

    def seed_changed(self, value: str) -> None:
        self.seed = int(value) if value else 0

    def reroll(self) -> None:
        self.seed = random.randrange(1, 10**6)
        self.seed_field.value = str(self.seed)

    def open_picker(self, row: SeatRow) -> None:
        self.app.scenes.push(BookPicker(self.app, self, row))

    def open_editor(self) -> None:
        from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor

        self.app.scenes.push(SpellbookEditor(self.app))

    def options(self) -> dict:
        return {"books": [list(row.spells) for row in self.rows], "book_names": [row.book for row in self.rows]}

    def start_game(self) -> None:
        from tabletop.ui.session import start_table

        seats = []
        for row in self.rows:
            label = row.name_field.value.strip() or f"Wizard {row.seat + 1}"
            seats.append(SeatInfo(label, self.controllers[row.controller.index][1]))
        if len({seat.name for seat in seats}) != len(seats):
            self.error = "Give every wizard a different name."
            return
        options = self.options()
        problem = self.game.check_options(self.players, options)
        if problem:
            self.error = problem[0].upper() + problem[1:]
            return
        start_table(self.app, Match(self.game, seats, options, self.seed))

    # --- layout and input -----------------------------------------------------------------------------------
    def all_widgets(self):
        out = [self.mode, self.seed_field, self.new_seed, self.editor, self.start, self.back_button]
        for row in self.rows:
            out.extend(row.widgets())
        return out

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(60), px(1040)), h - px(160))
        self.box.midtop = (w // 2, px(100))
        left = self.box.left + px(30)
        self.mode.rect = pygame.Rect(left + px(140), self.box.top + px(24), px(320), px(46))
        self.editor.rect = pygame.Rect(self.box.right - px(30) - px(220), self.box.top + px(24), px(220), px(46))
        top = self.box.top + px(124)
        for index, row in enumerate(self.rows):
            y = top + index * px(64)
            row.controller.rect = pygame.Rect(left + px(150), y, px(230), px(48))
            row.name_field.rect = pygame.Rect(left + px(395), y, px(220), px(48))
            row.pick.rect = pygame.Rect(left + px(630), y, px(200), px(48))
        y = top + 4 * px(64) + px(10)
        self.seed_field.rect = pygame.Rect(left + px(150), y, px(180), px(46))
        self.new_seed.rect = pygame.Rect(self.seed_field.rect.right + px(12), y, px(150), px(46))
        self.start.rect = pygame.Rect(w // 2 + px(10), h - px(76), px(240), px(54))
        self.back_button.rect = pygame.Rect(w // 2 - px(250), h - px(76), px(240), px(54))

    def pointer(self, event: PointerEvent) -> None:
        for widget in self.all_widgets():
            if widget.pointer(event):
                if event.kind == "tap":
                    self.app.play("click")
                return
        for row in self.rows:
            row.name_field.focused = False

    def key(self, event: pygame.event.Event) -> None:
        for widget in self.all_widgets():
            if widget.key(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text("That's Wizard!: new match", 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(30))))
        theme.panel(surface, self.box, alpha=225)
        left = self.box.left + px(30)
        surface.blit(theme.text("Match", 22, theme.TEXT, bold=True), (left, self.mode.rect.centery - px(11)))
        for x, label in ((px(150), "Who plays"), (px(395), "Name"), (px(630), "Spellbook (secret)")):
            surface.blit(theme.text(label, 17, theme.TEXT_DIM, bold=True), (left + x, self.box.top + px(96)))
        for row in self.rows:
            team = row.seat % 2
            what = f"Seat {row.seat + 1}" if self.players == 2 else f"Seat {row.seat + 1} ({TEAM_NAMES[team]})"
            chip = pygame.Rect(left, row.controller.rect.centery - px(8), px(16), px(16))
            pygame.draw.rect(surface, TEAM_COLOURS[team], chip, border_radius=px(3))
            surface.blit(theme.text(what, 19, theme.TEXT, bold=True), (chip.right + px(8), chip.top - px(2)))
            tick = theme.text("chosen", 16, theme.GOOD, bold=True)
            surface.blit(tick, tick.get_rect(midleft=(row.pick.rect.right + px(10), row.pick.rect.centery)))
        surface.blit(theme.text("Seed", 20, theme.TEXT, bold=True), (left, self.seed_field.rect.centery - px(10)))
        notes = [
            "Each person chooses their spellbook in private: tap Choose spellbook while everyone else looks away.",
            "1 vs 1: the first to win two duels wins. Duos: Blue seats 1 and 3 against Yellow seats 2 and 4;"
            " each faces the seat across the table, and the first team to 3 victory tokens wins.",
        ]
        y = self.seed_field.rect.bottom + px(16)
        for note in notes:
            for line in theme.wrap(note, 16, self.box.width - px(60)):
                surface.blit(theme.text(line, 16, theme.TEXT_DIM), (left, y))
                y += px(20)
        for widget in self.all_widgets():
            widget.draw(surface)
        if self.error:
            for index, line in enumerate(theme.wrap(self.error, 17, w - px(120))[:3]):
                label = theme.text(line, 17, theme.BAD, bold=True)
                surface.blit(
                    label, label.get_rect(midbottom=(w // 2, self.start.rect.top - px(8) - (2 - index) * px(20)))
                )


class BookPicker(Scene):
    """A seat chooses its spellbook in private: the list of legal books, and the spells of the one tapped."""

    name = "thats-wizard-book-picker"
    opaque = True

    def __init__(self, app, setup: ThatsWizardSetup, row: SeatRow) -> None:
        super().__init__(app)
        self.setup = setup
        self.row = row
        self.books = available_books(setup.players == 4)
        names = [title for title, _, _ in self.books]
        self.chosen = names.index(row.book) if row.book in names else 0
        self.scroll = ScrollArea()
        self.choose = Button("Choose this spellbook", self.confirm, primary=True, size=20)
        self.cancel = Button("Back", self.back, size=20)
        self.row_rects: list[pygame.Rect] = []

    def enter(self) -> None:
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scroll.rect = pygame.Rect(px(40), px(130), px(360), h - px(230))
        self.scroll.content_height = len(self.books) * px(52)
        self.scroll.clamp()
        self.choose.rect = pygame.Rect(w // 2 + px(10), h - px(76), px(280), px(54))
        self.cancel.rect = pygame.Rect(w // 2 - px(250), h - px(76), px(240), px(54))

    def confirm(self) -> None:
        title, spells, problem = self.books[self.chosen]
        if problem is not None:
            return
        self.row.book, self.row.spells = title, list(spells)
        self.setup.error = ""
        self.app.scenes.pop(self)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.scroll.rect.collidepoint(pos):
            return None
        index = (pos[1] - self.scroll.rect.top + self.scroll.offset) // px(52)
        return index if 0 <= index < len(self.books) else None

    def pointer(self, event: PointerEvent) -> None:
        for button in (self.choose, self.cancel):
            if button.pointer(event):
                return
        if self.scroll.pointer(event):
            return
        if event.kind == "tap":
            index = self.row_at(event.pos)
            if index is not None:
                self.chosen = index
                self.app.play("click")

    def book_rect(self, title: str) -> pygame.Rect | None:
        for index, (name_, _, _) in enumerate(self.books):
            if name_ == title:
                return pygame.Rect(
                    self.scroll.rect.left,
                    self.scroll.rect.top + index * px(52) - self.scroll.offset,
                    self.scroll.rect.width,
                    px(48),
                )
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        who = self.row.name_field.value or f"Seat {self.row.seat + 1}"
        title = theme.text(f"{who}: choose your spellbook", 38, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(28))))
        hint = theme.text("Everyone else, look away: a spellbook is secret until the match ends.", 18, theme.TEXT)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, px(80))))
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for index, (name_, _, problem) in enumerate(self.books):
            rect = pygame.Rect(
                self.scroll.rect.left,
                self.scroll.rect.top + index * px(52) - self.scroll.offset,
                self.scroll.rect.width - px(10),
                px(48),
            )
            edge = theme.GOLD if index == self.chosen else theme.PANEL_EDGE
            theme.panel(surface, rect, edge=edge, alpha=230)
            colour = theme.TEXT if problem is None else theme.TEXT_DIM
            surface.blit(theme.text(name_, 19, colour, bold=True), (rect.left + px(12), rect.top + px(6)))
            tag = "premade" if name_ in PREMADE else ("not legal here" if problem else "yours")
            surface.blit(theme.text(tag, 14, theme.TEXT_DIM), (rect.left + px(12), rect.top + px(28)))
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        name_, spells, problem = self.books[self.chosen]
        area = pygame.Rect(
            self.scroll.rect.right + px(30),
            self.scroll.rect.top,
            w - self.scroll.rect.right - px(70),
            self.scroll.rect.height,
        )
        surface.blit(theme.text(name_, 26, theme.GOLD_LIGHT, bold=True), (area.left, area.top))
        card_w = min(px(120), (area.width - px(60)) // 4)
        for index, card in enumerate(spells):
            x = area.left + (index % 4) * (card_w + px(14))
            y = area.top + px(44) + (index // 4) * (card_height(card_w) + px(16))
            surface.blit(card_face(card, card_w), (x, y))
        if problem:
            for index, line in enumerate(theme.wrap(f"Not legal for this match: {problem}", 17, area.width)[:4]):
                surface.blit(
                    theme.text(line, 17, theme.BAD, bold=True), (area.left, area.bottom - px(90) + index * px(20))
                )
        self.choose.enabled = problem is None
        self.choose.draw(surface)
        self.cancel.draw(surface)
