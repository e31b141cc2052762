"""Charts drawn with pygame in the app's theme: horizontal bars with their values written on them, a line of
values in order with its average dashed across, and the big-number tiles above them.

Each function draws once onto a new surface of the size asked for; a screen keeps the surfaces and blits them
every frame, drawing them again only when what they show changes (or the window's size).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.i18n import gettext as _
from tabletop.i18n import ngettext
from tabletop.ui import theme
from tabletop.ui.scenes.words import number
from tabletop.ui.theme import Colour, px
from tabletop.ui.widgets import fitting_label

BAR = (201, 160, 62)  # a bar: the theme's gold, a touch darker so the value on it stays readable
LINE = (126, 178, 232)  # the line of scores: a cool blue against the gold of the average
TRACK = (38, 42, 56)  # the empty part of a bar
GRID = (70, 72, 86)
BAR_ROW = 34  # design pixels of a bar's line at most


@dataclass(frozen=True)
class Bar:
    label: str  # what the bar is, on its left
    value: float  # its length, out of the chart's maximum
    text: str  # the value as it is written at the bar's end ("64%", "12.5")
    note: str = ""  # dim, after the value ("of 120 games")
    colour: Colour = BAR


def nice_ticks(low: float, high: float, whole: bool = False) -> list[float]:
    """Round values from ``low`` to ``high`` for an axis, in about four steps (1, 2, 2.5 or 5 x 10^n; whole numbers
    only when ``whole``)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / 4
    power = 10 ** math.floor(math.log10(raw))
    factors = (1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)  # (whole: 2.5 would round up to 3, a step of 3s)
    step = next(power * f for f in factors if power * f >= raw)
    if whole:
        step = max(1, math.ceil(step))
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 0.001:
        ticks.append(round(value, 6))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 6))
    return ticks


def percent(share: float) -> str:
    """A share (0..1) as a whole percentage, as the language writes it ("64%"; French "64 %")."""
    return _("{percent}%").format(percent=round(share * 100))


def frame(size: tuple[int, int], title: str, subtitle: str = "") -> tuple[pygame.Surface, pygame.Rect]:
    """A chart's panel with its title (and a dim line under it); returns it and the room left for the chart."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    area = surface.get_rect()
    theme.panel(surface, area, alpha=225)
    pad = px(14)
    y = pad - px(2)
    title_label = theme.fit_width(theme.text(title, 19, theme.GOLD_LIGHT, bold=True), area.width - 2 * pad)
    surface.blit(title_label, (pad, y))
    y += title_label.get_height()
    if subtitle:
        sub = theme.fit_width(theme.text(subtitle, 14, theme.TEXT_DIM), area.width - 2 * pad)
        surface.blit(sub, (pad, y))
        y += sub.get_height()
    return surface, pygame.Rect(pad, y + px(8), area.width - 2 * pad, area.height - y - px(8) - pad)


def bar_chart_height(bars: int, subtitle: bool = False, percent_axis: bool = False) -> int:
    """The height a bar chart of ``bars`` bars needs to show them all at their full size."""
    title = theme.font_px(19) + (theme.font_px(14) if subtitle else 0)
    axis = theme.font_px(13) + px(6) if percent_axis else 0
    return px(12) + title + px(8) + bars * px(BAR_ROW) + axis + px(14) + px(8)


def empty_note(surface: pygame.Surface, room: pygame.Rect, message: str) -> None:
    theme.draw_text_block(surface, message, room.inflate(-px(10), 0), 16, theme.TEXT_DIM)


def centred_note(surface: pygame.Surface, message: str, rect: pygame.Rect, size: float = 21) -> int:
    """A message where a list or charts would be (none yet, say), each wrapped line centred; returns its height."""
    step = round(theme.font_px(size) * 1.3)
    lines = theme.wrap(message, size, rect.width)
    for index, line in enumerate(lines):
        theme.write(surface, line, size, theme.TEXT_DIM, midtop=(rect.centerx, rect.top + index * step))
    return len(lines) * step


def problem_height(message: str, width: int) -> int:
    """The height of ``problem_box`` for ``message`` at ``width``."""
    return len(theme.wrap(message, 17, width - px(36), bold=True)) * round(theme.font_px(17) * 1.2) + px(22)


def problem_box(surface: pygame.Surface, message: str, rect: pygame.Rect) -> None:
    """Something wrong told plainly: the message, wrapped, on a panel edged in the theme's red."""
    theme.panel(surface, rect, colour=(58, 30, 30), edge=theme.BAD, alpha=240)
    step = round(theme.font_px(17) * 1.2)
    lines = theme.wrap(message[:1].upper() + message[1:], 17, rect.width - px(36), bold=True)
    top = rect.centery - len(lines) * step // 2
    for index, line in enumerate(lines):
        label = theme.text(line, 17, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.left + px(18), top + index * step + step // 2)))


def bar_chart(
    size: tuple[int, int],
    title: str,
    bars: Sequence[Bar],
    subtitle: str = "",
    maximum: float | None = None,
    percent_axis: bool = False,
) -> pygame.Surface:
    """Horizontal bars, one a line: the label on the left, the bar, its value written at its end. With
    ``percent_axis`` the values are shares (0..1) and the axis below reads 0% to 100%."""
    surface, room = frame(size, title, subtitle)
    if not bars:
        empty_note(surface, room, _("Nothing to show yet."))
        return surface
    top = max(abs(bar.value) for bar in bars)
    top = maximum if maximum is not None else (top or 1.0)
    axis_h = theme.font_px(13) + px(6) if percent_axis else 0
    shown = list(bars)
    row_room = room.height - axis_h
    min_row = theme.font_px(15) + px(6)
    if len(shown) * min_row > row_room:  # more than fit: the first ones, and a line to say so
        keep = max(1, row_room // min_row - 1)
        hidden = len(shown) - keep
        shown = shown[:keep]
        line = ngettext("and {count} more", "and {count} more", hidden).format(count=number(hidden))
        more = theme.text(line, 13, theme.TEXT_DIM)
        surface.blit(more, more.get_rect(bottomright=(room.right, room.bottom)))
        row_room -= more.get_height()
    row_h = min(px(BAR_ROW), row_room // len(shown))
    bar_h = max(px(8), min(px(24), row_h - px(8)))
    label_w = min(max(theme.text(bar.label, 15).get_width() for bar in shown) + px(10), room.width * 2 // 5)
    values_w = max(theme.text(bar.text, 15, bold=True).get_width() for bar in shown)
    notes_w = max((theme.text(bar.note, 13).get_width() for bar in shown if bar.note), default=0)
    text_w = values_w + (notes_w + px(6) if notes_w else 0) + px(10)
    track = pygame.Rect(room.left + label_w, room.top, max(px(40), room.width - label_w - text_w), row_room)
    if percent_axis:
        for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
            x = track.left + round(track.width * tick)
            pygame.draw.line(surface, GRID, (x, track.top), (x, track.top + len(shown) * row_h), 1)
            mark = theme.text(percent(tick), 13, theme.TEXT_DIM)
            surface.blit(mark, mark.get_rect(midtop=(x, track.top + len(shown) * row_h + px(3))))
    for index, bar in enumerate(shown):
        cy = room.top + index * row_h + row_h // 2
        label = theme.fit_width(theme.text(bar.label, 15, theme.TEXT), label_w - px(10))
        surface.blit(label, label.get_rect(midright=(track.left - px(10), cy)))
        lane = pygame.Rect(track.left, cy - bar_h // 2, track.width, bar_h)
        pygame.draw.rect(surface, TRACK, lane, border_radius=px(4))
        share = max(0.0, min(1.0, bar.value / top)) if top else 0.0
        if share > 0:
            filled = lane.copy()
            filled.width = max(px(3), round(lane.width * share))
            pygame.draw.rect(surface, bar.colour, filled, border_radius=px(4))
        value = theme.text(bar.text, 15, theme.BAD if bar.value < 0 else theme.TEXT, bold=True)
        x = lane.left + round(lane.width * share) + px(8)
        spot = surface.blit(value, value.get_rect(midleft=(x, cy)))
        if bar.note:
            note = theme.text(bar.note, 13, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(midleft=(spot.right + px(6), cy)))
    return surface


def _dashed(surface: pygame.Surface, colour: Colour, start: tuple[int, int], end: tuple[int, int], width: int) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    dash, gap = px(9), px(6)
    at = 0.0
    while at < length:
        stop = min(length, at + dash)
        a = (x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length)
        b = (x0 + (x1 - x0) * stop / length, y0 + (y1 - y0) * stop / length)
        pygame.draw.line(surface, colour, a, b, width)
        at = stop + gap


def line_chart(
    size: tuple[int, int],
    title: str,
    values: Sequence[float],
    subtitle: str = "",
    y_label: str = "",
    x_label: str = "",
    average: float | None = None,
    average_label: str = "",
    top: float | None = None,
) -> pygame.Surface:
    """``values`` in order as a line, with their average (or ``average``) as a dashed line across, written at its
    end (as ``average_label`` when given). When there are more values than the chart has room for, each point is
    the mean of a run of games, and a faint band shows the lowest and highest of the run. ``top``: the axis goes at
    least that high (a rate's 100: every game lost drew an axis of 0 to 1, read as 1 %)."""
    surface, room = frame(size, title, subtitle)
    if not values:
        empty_note(surface, room, _("Nothing to show yet."))
        return surface
    y_label = y_label or _("score")
    x_label = x_label or _("games in the order they were played")
    if average is None:
        average = sum(values) / len(values)
    low, high = min(values), max(values)
    whole = all(float(value).is_integer() for value in values)  # scores: no ticks between whole numbers
    ticks = nice_ticks(min(0.0, low), max(high, average, top or high), whole)
    tick_w = max(theme.text(number(t), 13).get_width() for t in ticks)
    axis_w = tick_w + px(8) + theme.font_px(13)  # tick values and, turned, the axis's name
    x_axis_h = 2 * theme.font_px(13) + px(8)
    avg_line = average_label or _("average {value}").format(value=number(average))
    avg_text = theme.text(avg_line, 14, theme.GOLD_LIGHT, bold=True)
    plot = pygame.Rect(room.left + axis_w, room.top + px(6), room.width - axis_w, room.height - x_axis_h - px(6))
    plot.width -= avg_text.get_width() + px(8)  # the average's label ends the dashed line, clear of the values
    lo, hi = ticks[0], ticks[-1]

    def y_of(value: float) -> int:
        return plot.bottom - round((value - lo) / (hi - lo or 1) * plot.height)

    for tick in ticks:
        y = y_of(tick)
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
        mark = theme.text(number(tick), 13, theme.TEXT_DIM)
        surface.blit(mark, mark.get_rect(midright=(plot.left - px(6), y)))
    # Turned up the side, no taller than the plot (with Large text in Russian it ran up into the subtitle)
    name = pygame.transform.rotate(fitting_label(y_label, 13, theme.TEXT_DIM, plot.height, bold=False), 90)
    surface.blit(name, name.get_rect(midleft=(room.left, plot.centery)))
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 1)
    count = len(values)
    runs = max(1, math.ceil(count / max(2, plot.width // px(4))))  # games per point
    points: list[tuple[int, int]] = []
    band: list[tuple[int, int, int]] = []
    for start in range(0, count, runs):
        run = values[start : start + runs]
        middle = start + (len(run) - 1) / 2
        x = plot.left + (round(plot.width * middle / (count - 1)) if count > 1 else plot.width // 2)
        points.append((x, y_of(sum(run) / len(run))))
        band.append((x, y_of(max(run)), y_of(min(run))))
    if runs > 1:
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        for x, top_y, bottom_y in band:
            pygame.draw.line(
                shade, (*LINE, 60), (x - plot.left, top_y - plot.top), (x - plot.left, bottom_y - plot.top)
            )
        surface.blit(shade, plot.topleft)
    if len(points) > 1:
        pygame.draw.lines(surface, LINE, False, points, max(2, px(2)))
    if len(points) <= 60:
        for point in points:
            pygame.draw.circle(surface, LINE, point, max(2, px(3)))
    y_avg = y_of(average)
    _dashed(surface, theme.GOLD_LIGHT, (plot.left, y_avg), (plot.right, y_avg), max(2, px(2)))
    surface.blit(avg_text, avg_text.get_rect(midleft=(plot.right + px(8), y_avg)))
    first = theme.text("1", 13, theme.TEXT_DIM)
    last = theme.text(number(count), 13, theme.TEXT_DIM)
    for said, at in game_numbers(count):
        numeral = theme.text(said, 13, theme.TEXT_DIM)
        if at == "right":
            spot = numeral.get_rect(topright=(plot.right + px(4), plot.bottom + px(3)))
        else:
            spot = numeral.get_rect(midtop=(plot.left if at == "left" else plot.centerx, plot.bottom + px(3)))
        surface.blit(numeral, spot)
    each = ngettext("{line} (each point: {count} game)", "{line} (each point: {count} games)", runs)
    caption = x_label if runs == 1 else each.format(line=x_label, count=number(runs))
    label = theme.fit_width(theme.text(caption, 13, theme.TEXT_DIM), plot.width - 2 * last.get_width())
    surface.blit(label, label.get_rect(midtop=(plot.centerx, plot.bottom + px(3) + first.get_height())))
    return surface


def game_numbers(count: int) -> list[tuple[str, str]]:
    """The numbers under a line chart's axis of ``count`` games, and where each stands: the first and the last at
    its ends; a single game in the middle, under its point (it read "1" at both ends)."""
    if count == 1:
        return [("1", "middle")]
    return [("1", "left"), (number(count), "right")]


def tiles(size: tuple[int, int], figures: Sequence[tuple[str, str]]) -> pygame.Surface:
    """Big numbers in a row, each over its caption ("Games played" / "128")."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    if not figures:
        return surface
    gap = px(10)
    width = (size[0] - gap * (len(figures) - 1)) // len(figures)
    for index, (caption, value) in enumerate(figures):
        rect = pygame.Rect(index * (width + gap), 0, width, size[1])
        theme.panel(surface, rect, alpha=225)
        room = rect.width - px(12)
        big = theme.fit_width(theme.text(value, 34, theme.GOLD_LIGHT, bold=True), room)
        # (on two lines before it is narrowed: "Best winning streak" shrank out of reading in six narrow tiles)
        lines = theme.wrap(caption, 15, room)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        small = [theme.fit_width(theme.text(line, 15, theme.TEXT_DIM), room) for line in lines]
        total = big.get_height() + sum(line.get_height() for line in small)
        top = rect.centery - total // 2
        surface.blit(big, big.get_rect(midtop=(rect.centerx, top)))
        top += big.get_height()
        for line in small:
            surface.blit(line, line.get_rect(midtop=(rect.centerx, top)))
            top += line.get_height()
    return surface
