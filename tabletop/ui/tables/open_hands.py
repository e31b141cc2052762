"""The replay's "Every card open" panel: once a game is over, every seat's secrets at the step shown (its hand, its
secret tokens, its hidden pick), listed by seat in a column beside the table, which keeps showing one seat's view.

The lines are the game's own (``Game.secrets``, read from each seat's view by ``Watching.open_hands``); the panel
wraps them to its width and scrolls (wheel, drag or finger) when they are more than its height holds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.i18n import N_
from tabletop.i18n import gettext as _
from tabletop.play.replay import Watching
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.theme import px
from tabletop.ui.widgets import ScrollArea

TITLE = N_("Every card open")
NAME_SIZE = 16
LINE_SIZE = 14
NOTHING = N_("Nothing hidden now")  # a seat without a secret at this step


@dataclass(frozen=True)
class Row:
    """One drawn line of the list: a seat's name, one of its wrapped lines, or a gap between seats."""

    text: str
    kind: str  # "name", "line", "none" (a seat with nothing hidden) or "gap"
    label: str = ""  # a line's own heading ("Hand:"), drawn in gold before its text


class OpenHandsPanel:
    def __init__(self, session: Watching) -> None:
        self.session = session
        self.rect = pygame.Rect(0, 0, 1, 1)  # the whole column, its background
        self.scroll = ScrollArea()  # the list under the title
        self._rows_key: tuple[int, int] | None = None
        self._rows: list[Row] = []

    @staticmethod
    def width_for(size: tuple[int, int]) -> int:
        """The column's width in a window of ``size``: narrow (the tables are laid out for a window's whole
        width, and a wide column leaves them cramped), but wide enough for a few names of cards a line."""
        return max(px(200), min(px(232), size[0] - theme.MIN_SIZE[0]))

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        top = rect.top + px(64)
        self.scroll.rect = pygame.Rect(rect.left + px(12), top, rect.width - px(20), rect.bottom - top - px(8))
        self.scroll.clamp()

    # --- what it lists ----------------------------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """Every seat's name and secrets at the step shown, wrapped to the column (worked out once a step)."""
        key = (self.session.step, self.scroll.rect.width)
        if key != self._rows_key:
            self._rows_key = key
            width = self.scroll.rect.width - px(18)  # clear of the scroll bar at its right
            rows: list[Row] = []
            for name, lines in self.session.open_hands():
                if rows:
                    rows.append(Row("", "gap"))
                rows.append(Row(name, "name"))
                if not lines:
                    rows.append(Row(_(NOTHING), "none"))
                for line in lines:
                    wrapped = theme.wrap(line, LINE_SIZE, width)  # (French " : " stays with its word)
                    label, colon, _rest = wrapped[0].partition(": ")
                    if colon:
                        rows.append(Row(wrapped[0][len(label) + 2 :], "line", label + ":"))
                    else:
                        rows.append(Row(wrapped[0], "line"))
                    rows.extend(Row(text, "line") for text in wrapped[1:])
            self._rows = rows
            self.scroll.content_height = sum(self._row_height(row) for row in rows)
            self.scroll.clamp()
        return self._rows

    @staticmethod
    def _row_height(row: Row) -> int:
        if row.kind == "gap":
            return px(10)
        size = NAME_SIZE if row.kind == "name" else LINE_SIZE
        return round(theme.font_px(size) * 1.3)

    def relabel(self) -> None:
        """The language changed: the rows (kept for their step) are told again in it at the next draw."""
        self._rows_key = None

    # --- input -----------------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> bool:
        """True when the panel took the event: it scrolls, and a tap on it never reaches the table."""
        if self.scroll.pointer(event):
            return True
        return self.rect.collidepoint(event.pos)

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rows = self.rows()
        pygame.draw.rect(surface, (16, 14, 12), self.rect)
        inner = self.rect.inflate(-px(8), -px(8))
        theme.panel(surface, inner, edge=theme.GOLD, alpha=245)
        theme.write(surface, _(TITLE), 18, theme.GOLD_LIGHT, True, topleft=(inner.left + px(10), inner.top + px(8)))
        shown = self.session.names()[self.session.viewer]
        shows = _("The table shows {name}'s view").format(name=shown)
        note = theme.fit_width(theme.text(shows, 13, theme.TEXT_DIM), inner.width - px(20))
        surface.blit(note, (inner.left + px(10), inner.top + px(32)))
        area = self.scroll.rect
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        y = area.top - self.scroll.offset
        for row in rows:
            height = self._row_height(row)
            if y + height > area.top and y < area.bottom and row.kind != "gap":
                if row.kind == "name":
                    label = theme.fit_width(theme.text(row.text, NAME_SIZE, theme.GOLD, True), area.width - px(10))
                    surface.blit(label, (area.left, y))
                    pygame.draw.line(
                        surface,
                        theme.PANEL_EDGE,
                        (area.left, y + height - px(2)),
                        (area.right - px(10), y + height - px(2)),
                        1,
                    )
                else:
                    x = area.left + px(4)
                    if row.label:
                        x = surface.blit(theme.text(row.label, LINE_SIZE, theme.GOLD_LIGHT), (x, y)).right
                        x += theme.ui_font(LINE_SIZE, False).size(" ")[0]
                    colour = theme.TEXT_DIM if row.kind == "none" else theme.TEXT
                    surface.blit(theme.text(row.text, LINE_SIZE, colour), (x, y))
            y += height
        surface.set_clip(clip)
        if self.scroll.offset:  # scrolled: the list's cut edge kept apart from the title
            pygame.draw.line(surface, theme.GOLD, (area.left, area.top - 1), (area.right - px(10), area.top - 1), 1)
        self.scroll.draw_bar(surface)
