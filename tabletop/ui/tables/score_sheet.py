"""A score explained on a small sheet, what the table enlarges when a score is rested on, tapped or held: a
heading with the total, then each category with its total and its lines under it, and a last note.

The sheet is drawn once per content and width (cached) and shown by the kit's card zoom, so it is placed like an
enlarged card: clear of the prompt and of every button the player needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.i18n import N_
from tabletop.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.theme import px

Groups = tuple[tuple[str, int | None, tuple[tuple[str, int | None], ...]], ...]


@dataclass(frozen=True)
class Sheet:
    title: str
    subtitle: str
    total: str  # the big number ("36", "4 of 20", "1 - 0")
    groups: Groups  # each heading, its points, and its lines (text, points)
    note: str = ""  # under a line at the foot (what moved the score last)
    edge: theme.Colour = theme.GOLD
    crest: str = ""  # an image name drawn by the title ("crests/gryffindor")
    empty: str = N_("Nothing yet.")  # (a game's own words, already in its language, are kept as they are)


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


@surface_cache(48)
def score_sheet(sheet: Sheet, width: int) -> pygame.Surface:
    size, step = 15, round(theme.font_px(15) * 1.22)
    rows: list[tuple[str, int | None, bool]] = []  # text, points, a heading
    for category, points, lines in sheet.groups:
        rows.append((category, points, True))
        for text, value in lines:
            wrapped = theme.wrap(text, size, width - px(110))
            rows.extend((line, value if index == 0 else None, False) for index, line in enumerate(wrapped))
    if not rows:
        rows.append((_(sheet.empty), None, False))
    note_step = round(theme.font_px(14) * 1.2)
    note = theme.wrap(sheet.note, 14, width - px(24)) if sheet.note else []
    height = px(70) + len(rows) * step + (len(note) * note_step + px(12) if note else 0) + px(12)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    theme.panel(card, card.get_rect(), colour=(30, 32, 44), edge=sheet.edge, alpha=250)
    left = px(12)
    if sheet.crest:
        card.blit(fit(sheet.crest, px(40)), (px(10), px(10)))
        left = px(58)
    total = theme.write(card, sheet.total, 30, theme.GOLD_LIGHT, True, topright=(width - px(12), px(10)))
    title = theme.fit_width(theme.text(sheet.title, 21, theme.TEXT, True), total.left - left - px(8))
    card.blit(title, (left, px(10)))
    theme.write(card, sheet.subtitle, 14, theme.TEXT_DIM, topleft=(left, px(36)))
    pygame.draw.line(card, theme.PANEL_EDGE, (px(10), px(62)), (width - px(10), px(62)), 1)
    y = px(68)
    for text, value, heading in rows:
        indent = px(12) if heading else px(26)
        theme.write(card, text, size, theme.GOLD_LIGHT if heading else theme.TEXT, heading, topleft=(indent, y))
        if value is not None:
            colour = theme.GOOD if value > 0 else theme.BAD if value < 0 else theme.TEXT_DIM
            right = width - px(12) if heading else width - px(52)
            theme.write(card, signed(value), size, colour, heading, topright=(right, y))
        y += step
    if note:
        y += px(6)
        pygame.draw.line(card, theme.PANEL_EDGE, (px(10), y), (width - px(10), y), 1)
        y += px(6)
        for line in note:
            theme.write(card, line, 14, theme.HIGHLIGHT, topleft=(px(12), y))
            y += note_step
    return card


def grouped(lines: Sequence[tuple[str, str, int]], order: Sequence[str]) -> Groups:
    """``(category, text, points)`` lines as a sheet's groups: each category of ``order`` that has lines, with
    its total."""
    out: list[tuple[str, int | None, tuple[tuple[str, int | None], ...]]] = []
    for category in order:
        mine = [(text, points) for kind, text, points in lines if kind == category]
        if mine:
            out.append((category, sum(points for _, points in mine), tuple(mine)))
    return tuple(out)
