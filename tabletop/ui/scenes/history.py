"""History: every finished game kept in the history, newest first, of one game or all; who sat where, the
scores and the winners; Watch plays a game again on its table, Remove takes one out (a game played only to try
something need not count), Statistics charts them.

The list is read a page at a time as it scrolls (never the whole history at once) and only the rows in sight
are drawn, so ten thousand games open as fast as ten.
"""

from __future__ import annotations

import math
import sqlite3

import pygame

from tabletop.core.saves import SaveError
from tabletop.games import GAMES
from tabletop.i18n import N_, keep_as_typed, ngettext
from tabletop.i18n import gettext as _
from tabletop.play.history import GameRecord, History
from tabletop.play.replay import recorded_result
from tabletop.play.session import history_db
from tabletop.play.statistics import seat_sides
from tabletop.ui import charts, theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, page, widget_targets
from tabletop.ui.scene import Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, ScrollArea, dispatch

PAGE = 50  # games read at a time
ALL = N_("All games")
EMPTY = N_(
    "No finished games yet. Every game played to its end in Tabletop is kept here, "
    "to watch again and to count in the statistics."
)
ROW_STOPS = ("watch", "remove")  # a row's focus stops


def when(stamp: str) -> str:
    """A moment of the history as people read it, in their own time zone ("2 Dec 2026, 18:04")."""
    return words.moment(stamp)


def who(controller: str) -> str:
    """What plays a seat, in words: "Human", "Medium bot"."""
    return _("Human") if controller == "human" else words.bot_name(controller)


def star(surface: pygame.Surface, center: tuple[int, int], radius: int, colour: theme.Colour) -> None:
    """A five-pointed star: the mark of a winner."""
    cx, cy = center
    points = []
    for index in range(10):
        r = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


class HistoryScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "history"

    def enter(self) -> None:
        self.history: History | None
        self.history, problem = history_db()
        # The history's problem is said once by history_db (at the app's start, where the menu shows it): here it
        # is said again, for as long as the history cannot be used.
        self.problem = problem or self.app.history_notice
        if self.history is None:
            self.problem = self.problem or _("The game history cannot be used.")
        self.game_ids = [None, *GAMES]
        self.filter = Choice([], 0, self._filter_changed, size=20)
        self.stats_button = Button("", self.statistics, size=20, refused=self._no_statistics)
        self.back_button = Button("", self.back)
        self.relabel()
        self.scroll = ScrollArea()
        self.error = ""
        self.error_by_stats = False  # the error answers a press of Statistics: it stands under that button
        self.pages: dict[int, list[GameRecord]] = {}
        self.total = 0
        self.everything = 0
        self.row_h = px(96)
        self.most_seats = 0  # of the games the filter lists
        self.two_lines = False  # a game of many seats lays its cells on two lines (``resize``)
        self.keys = ScreenKeys(self.focus_targets, self.pointer, lambda: self.app.now, self.focus_span, True)
        self._load()
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        self.summaries: dict[str, str] = {}  # a game's key -> its end in a line, in the language shown
        self.rebuilt_at = -1.0  # the app's clock at the last frame that rebuilt a game for its line
        self.filter.options = [_(ALL), *(words.game_title(game) for game in GAMES.values())]
        self.stats_button.label = _("Statistics")
        self.back_button.label = _("Back")

    # --- what is shown ---------------------------------------------------------------------------------------
    def summary(self, record: GameRecord) -> str:
        """The game's end in a line, in the language shown. The history keeps the line as it was told, in the
        language of that day's screen (a game played in Russian read in Russian on an English screen), so the
        game's end is told again from its save's final position (``recorded_result``): a millisecond or two a game,
        still one game a frame (a row scrolled into sight shows the kept line until its turn), once a game. The
        kept line stays when the save cannot be read, or when the rules of this version end it otherwise (an older
        game, replayed)."""
        said = self.summaries.get(record.key)
        if said is not None:
            return said
        if self.rebuilt_at == self.app.now:
            return record.summary  # (this frame has rebuilt one already)
        self.rebuilt_at = self.app.now
        try:
            result = recorded_result(record.key, self.history)  # (from the rows' own connection)
        except SaveError:
            result = None
        same = result is not None and (result.scores, result.winners) == (record.scores, record.winners)
        said = self.summaries[record.key] = result.summary if same and result is not None else record.summary
        return said

    @property
    def game_id(self) -> str | None:
        return self.game_ids[self.filter.index]

    def _load(self) -> None:
        """Count the games of the filter (nothing else is read until rows come into sight)."""
        self.pages = {}
        self.total = self.history.count(self.game_id) if self.history is not None else 0
        self.most_seats = self.history.most_seats(self.game_id) if self.history is not None else 0
        self.everything = len(self.history) if self.history is not None else 0
        self.stats_button.enabled = self.everything > 0
        self.scroll.offset = 0

    def _filter_changed(self, _index: int) -> None:
        self._load()
        self.resize(self.app.screen.get_size())

    def row(self, index: int) -> GameRecord | None:
        """The ``index``-th newest game of the filter (read with its page)."""
        if self.history is None or not 0 <= index < self.total:
            return None
        page = index // PAGE
        if page not in self.pages:
            self.pages[page] = self.history.newest(self.game_id, page * PAGE, PAGE)
            keep_as_typed(*(info.name for record in self.pages[page] for info in record.seats))  # (a bot's seat too)
        rows = self.pages[page]
        return rows[index % PAGE] if index % PAGE < len(rows) else None

    def visible(self) -> list[tuple[int, pygame.Rect]]:
        """(index, rect) of the rows in sight."""
        step = self.row_h + px(8)
        first = max(0, self.scroll.offset // step)
        out = []
        for index in range(first, self.total):
            top = self.scroll.rect.top + index * step - self.scroll.offset
            if top > self.scroll.rect.bottom:
                break
            out.append((index, pygame.Rect(self.scroll.rect.left, top, self.scroll.rect.width - px(14), self.row_h)))
        return out

    def watch_rect(self, row: pygame.Rect) -> pygame.Rect:
        """A row's Watch, at its right, over Remove."""
        rect = pygame.Rect(0, 0, px(110), px(44))
        rect.bottomright = (row.right - px(14), row.centery + px(2))
        return rect

    def remove_rect(self, row: pygame.Rect) -> pygame.Rect:
        """A row's Remove, under its Watch (a small button, as the saved games' Delete)."""
        rect = pygame.Rect(0, 0, px(110), px(34))
        rect.topright = (row.right - px(14), row.centery + px(8))
        return rect

    def row_rect(self, index: int) -> pygame.Rect:
        """Where the ``index``-th row is drawn now (in sight or not)."""
        top = self.scroll.rect.top + index * (self.row_h + px(8)) - self.scroll.offset
        return pygame.Rect(self.scroll.rect.left, top, self.scroll.rect.width - px(14), self.row_h)

    # --- keys ------------------------------------------------------------------------------------------------
    def focus_targets(self) -> list[Target]:
        """The filter, Statistics, each row's Watch and Remove, and Back. The rows in sight and one either side are
        stops (of ten thousand games only those are ever read), so Tab and the arrows walk on row by row,
        scrolling."""
        in_sight = [index for index, _rect in self.visible()]
        rows: list[Target] = []
        if in_sight:
            for index in range(max(0, in_sight[0] - 1), min(self.total, in_sight[-1] + 2)):
                rect = self.row_rect(index)
                rows.append(Target("watch", index, self.watch_rect(rect)))
                rows.append(Target("remove", index, self.remove_rect(rect)))
        return [*widget_targets([self.filter, self.stats_button]), *rows, *widget_targets([self.back_button])]

    def focus_span(self, target: Target) -> tuple[ScrollArea, pygame.Rect] | None:
        if target.kind not in ROW_STOPS or not isinstance(target.item, int):
            return None
        return self.scroll, self.row_rect(target.item)

    # --- layout and input ------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        side = max(px(40), (w - px(1400)) // 2)
        # A game of more than four seats whose cells would be narrow lays them on two lines, and every row is
        # taller (the rows are one height, to scroll by): eight cells in a line shrank names and notes to 5 px at
        # 1024x640 with large text (a review of the history)
        seats_w = w - 2 * side - px(14) - px(18) - px(14) - px(110) - px(24)
        many = self.most_seats
        self.two_lines = many > 4 and (seats_w - px(8) * (many - 1)) // many < px(170)
        self.row_h = px(96) + (px(48) if self.two_lines else 0)
        self.filter.rect = pygame.Rect(side, px(96), px(320), px(44))
        self.filter.visible = self.history is not None
        self.stats_button.rect = pygame.Rect(w - side - px(200), px(96), px(200), px(44))
        top = px(156)
        self.notice_rect = pygame.Rect(side, top, w - 2 * side, 0)
        if self.problem:  # what is wrong with the history, above the list
            self.notice_rect.height = charts.problem_height(self.problem, self.notice_rect.width)
            top = self.notice_rect.bottom + px(12)
        self.scroll.rect = pygame.Rect(side, top, w - 2 * side, h - top - px(100))
        self.scroll.content_height = self.total * (self.row_h + px(8))
        self.scroll.clamp()
        self.back_button.rect = pygame.Rect(w // 2 - px(110), h - px(76), px(220), px(50))

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if dispatch([self.back_button, self.filter, self.stats_button], event, lambda: self.app.play("click")):
            return
        if self.scroll.pointer(event):
            return
        if event.kind == "tap" and self.scroll.rect.collidepoint(event.pos):
            for index, rect in self.visible():
                record = self.row(index)
                if record is not None and self.watch_rect(rect).collidepoint(event.pos):
                    self.watch(record)
                    return
                if record is not None and self.remove_rect(rect).collidepoint(event.pos):
                    self.ask_remove(record, index)
                    return

    def key(self, event: pygame.event.Event) -> None:
        """Tab and the arrows move the focus (down the rows, scrolling), Enter presses; Page Up, Page Down, Home
        and End scroll the list."""
        if self.keys.key(event) or event.type != pygame.KEYDOWN:
            return
        focused = self.keys.focused()  # (before the list moves: a row scrolled away is no stop to be found by)
        if page(self.scroll, event.key):
            self._focus_in_sight(focused)

    def _focus_in_sight(self, target: Target | None) -> None:
        """After Page Up, Page Down, Home or End, a focused row scrolled out of sight hands the focus to the nearest
        row in sight: it stayed on a row just out of sight (a stop kept to scroll by), with no ring, and Enter
        tapped the list's heading and did nothing."""
        if target is None or target.kind not in ROW_STOPS or not isinstance(target.item, int):
            return
        focused = target.item
        inside = [index for index, rect in self.visible() if self.scroll.rect.contains(rect)]
        if inside and focused not in inside:
            self.keys.put(target.kind, min(inside, key=lambda index: abs(index - focused)))

    def watch(self, record: GameRecord) -> None:
        self.app.play("click")
        self.error, self.error_by_stats = self.app.go.watch_recorded(record.key) or "", False
        if self.error:
            self.app.play("error")

    def ask_remove(self, record: GameRecord, index: int) -> None:
        """Remove asks first, naming the game as its row does."""
        self.app.play("click")
        question = _(
            "Remove this game ({game}, ended {moment}) from the history? The statistics will no longer count it, "
            "and it cannot be watched from here again."
        ).format(game=words.title(record.title, record.game_id), moment=when(record.ended_at))
        self.app.go.dialog(
            _("Remove?"), question, [(_("Keep it"), lambda: None), (_("Remove"), lambda: self.remove(record, index))]
        )

    def remove(self, record: GameRecord, index: int) -> None:
        """Out of the history; the list stays where it was, the focus on the row that comes up into the place."""
        if self.history is None:
            return
        try:
            self.history.forget(record.key)
        except sqlite3.Error as exc:
            self.error, self.error_by_stats = _("Could not remove the game ({reason}).").format(reason=exc), False
            self.app.play("error")
            return
        offset, focused = self.scroll.offset, self.keys.focused()
        self.summaries.pop(record.key, None)
        self._load()
        self.resize(self.app.screen.get_size())
        self.scroll.offset = offset
        self.scroll.clamp()
        self.error = ""
        if focused is not None and self.total:
            self.keys.put("remove", min(index, self.total - 1))

    def statistics(self) -> None:
        self.app.go.statistics(self.game_id)

    def _no_statistics(self) -> None:
        self.error_by_stats = True  # said under the button pressed (at the window's foot it went unseen)
        if self.history is None:
            self.error = _("No statistics while the game history cannot be used.")
        else:
            self.error = _("No statistics yet: they are counted from the finished games kept here.")
        self.app.play("error")

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        theme.write(surface, _("History"), 44, theme.GOLD_LIGHT, bold=True, midtop=(w // 2, px(28)))
        self.filter.draw(surface)
        self.stats_button.draw(surface)
        if self.history is not None:
            count = ngettext("{count} finished game", "{count} finished games", self.total)
            count = count.format(count=words.number(self.total))
            if self.total > 1:
                count = _("{count}, newest first").format(count=count)
            theme.write(
                surface, count, 17, theme.TEXT_DIM, midleft=(self.filter.rect.right + px(20), self.filter.rect.centery)
            )
        if self.problem:
            charts.problem_box(surface, self.problem, self.notice_rect)
        box = self.scroll.rect.inflate(-px(240), 0)
        box.top += px(50)
        if self.history is None:
            message = _(
                "Games are still played and saved as usual; they are just not kept in the history until it can be "
                "used again."
            )
            charts.centred_note(surface, message, box, 20)
        elif self.total == 0:
            if self.everything == 0:
                message = _(EMPTY)
            else:
                message = _("No {game} games finished yet.").format(game=self.filter.value)
            charts.centred_note(surface, message, box)
        clip = surface.get_clip()
        for index, rect in self.visible():
            record = self.row(index)
            if record is not None:
                surface.set_clip(rect.clip(self.scroll.rect))
                self._draw_row(surface, rect, record)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        if self.error:
            line = theme.fit_width(theme.text(self.error, 17, theme.BAD, bold=True), w - px(40))
            if self.error_by_stats and not self.problem:  # (a problem's box lies under the button)
                stats = self.stats_button.rect
                spot = line.get_rect(topright=(stats.right, stats.bottom + px(8)))
                spot.left = max(spot.left, px(20))
            else:
                spot = line.get_rect(midbottom=(w // 2, self.back_button.rect.top - px(8)))
            surface.blit(line, spot)
        self.back_button.draw(surface)
        self.keys.draw(surface)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, record: GameRecord) -> None:
        """The game's title, when it ended, its length and its result on a line; its seats in cells below."""
        theme.panel(surface, rect, alpha=225)
        left = rect.left + px(18)
        button = self.watch_rect(rect)
        theme.panel(surface, button, colour=theme.PANEL_LIGHT, edge=theme.GOLD, radius=px(10), alpha=255)
        watch = theme.fit_width(theme.text(_("Watch"), 19, theme.GOLD_LIGHT, bold=True), button.width - px(8))
        surface.blit(watch, watch.get_rect(center=button.center))
        remove = self.remove_rect(rect)
        theme.panel(surface, remove, colour=theme.BAD_FILL, edge=theme.BAD, radius=px(10), alpha=235)
        word = theme.fit_width(theme.text(_("Remove"), 15, theme.TEXT, bold=True), remove.width - px(8))
        surface.blit(word, word.get_rect(center=remove.center))
        head_y = rect.top + px(22)
        title = theme.write(
            surface, words.title(record.title, record.game_id), 20, theme.TEXT, bold=True, midleft=(left, head_y)
        )
        count = ngettext("{count} move", "{count} moves", record.commands).format(count=words.number(record.commands))
        moves = _("{moment}  -  {moves}").format(moment=when(record.ended_at), moves=count)
        if record.source != "app":
            moves = _("{line}  -  played by bots ({source})").format(line=moves, source=record.source)
        spot = theme.write(surface, moves, 15, theme.TEXT_DIM, midleft=(title.right + px(16), head_y))
        room = button.left - px(24) - spot.right - px(24)
        if record.summary and room > px(80):
            summary = theme.fit_width(theme.text(self.summary(record), 15, theme.TEXT_DIM), room)
            surface.blit(summary, summary.get_rect(midright=(button.left - px(24), head_y)))
        seats = pygame.Rect(left, rect.top + px(40), button.left - px(24) - left, rect.height - px(50))
        self._draw_seats(surface, seats, record)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect, record: GameRecord) -> None:
        """Each seat a cell: its name over what played it, its score at the right; the winners' cells in gold with
        a star. On two lines for a game of more than four seats when ``two_lines``."""
        count = len(record.seats)
        gap = px(8)
        per_line = (count + 1) // 2 if self.two_lines and count > 4 else count
        line_h = (area.height - gap) // 2 if self.two_lines else area.height
        if per_line == count:  # (one line, in the middle of a row made taller for others)
            area = pygame.Rect(area.left, area.top + (area.height - line_h) // 2, area.width, line_h)
        cell_w = min(px(240), (area.width - gap * (per_line - 1)) // per_line)
        small = cell_w < px(170)
        name_size, note_size, score_size = (15, 13, 17) if small else (17, 14, 20)
        pad = px(6) if small else px(10)
        game = GAMES.get(record.game_id)
        raw = [info.name for info in record.seats]
        names = game.shown_names(record.options, raw) if game is not None else raw
        # In a game of sides, each seat's (a Stupéfix house, a Duos team's colour): a row of eight names and scores
        # left the teams to be guessed from equal scores, and "The blue team wins" named no seat blue (a review).
        # A seat's named figures say who it was where no option does: a House Cup Challenge character, dealt at
        # setup ("Harry Potter wins" named nobody in the row).
        gettext = game.gettext if game is not None else str
        sides = [", ".join(gettext(word) for word in said) for said in seat_sides(record)]
        for seat, info in enumerate(record.seats):
            column, line = seat % per_line, seat // per_line
            cell = pygame.Rect(area.left + column * (cell_w + gap), area.top + line * (line_h + gap), cell_w, line_h)
            won = seat in record.winners
            fill, edge, colour = (
                ((70, 56, 26), theme.GOLD, theme.GOLD_LIGHT) if won else ((36, 40, 54), (64, 66, 80), theme.TEXT)
            )
            theme.panel(surface, cell, colour=fill, edge=edge, radius=px(8), alpha=255)
            score = theme.text(words.number(record.scores[seat]), score_size, colour, bold=True)
            mark = px(16) if won else 0
            name_w = cell.width - 2 * pad - score.get_width() - px(6) - mark
            name = theme.fit_width(theme.text(names[seat], name_size, colour, bold=True), max(px(20), name_w))
            played_by = who(info.controller)
            said = [side for side in [sides[seat], played_by] if side and side != names[seat]]
            # ("won" only where there is room: the star and the gold say it too; eight narrow cells squeezed it)
            note = theme.text(", ".join(said + ([_("won")] if won and not small else [])), note_size, theme.TEXT_DIM)
            note = theme.fit_width(note, max(px(20), cell.width - 2 * pad - score.get_width() - px(6)))
            total = name.get_height() + (note.get_height() if note.get_width() else 0)
            top = cell.centery - total // 2
            x = cell.left + pad
            if won:
                star(surface, (x + px(6), top + name.get_height() // 2), px(7), theme.GOLD_LIGHT)
                x += mark
            surface.blit(name, (x, top))
            surface.blit(note, (cell.left + pad, top + name.get_height()))
            surface.blit(score, score.get_rect(midright=(cell.right - pad, cell.centery)))
