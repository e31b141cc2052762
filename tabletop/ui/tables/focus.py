"""The keyboard's focus on a game's table: what it may rest on now, in the order the pointer would reach it.

With a choice panel open over the table, only the panel's cards and buttons (and the guide's buttons); with
the panel folded away or docked, also the table. On the table: the things the last frame placed of the kinds
the table names (``GameTable.FOCUS_KINDS``: tokens, days, cards, spaces...), anything the table adds of its
own (``GameTable.focus_extras``: Stupéfix's wands and seats), then its buttons. In a replay: the replay's
controls (its buttons, pickers and timeline, which the arrows step: ``ReplayBar.key``) and the table's buttons.
Tab steps an open panel's own stops first, then the rest (``tab_order``). A press is a tap at a point of the
thing that shows (a card half covered by the next one is tapped where it is seen), routed as a pointer's tap is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, Protocol

import pygame

from tabletop.ui.keyboard import Target, reading_order, widget_targets
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.tables.choice_panel import ChoicePanel
from tabletop.ui.tables.coach import Coach
from tabletop.ui.tables.replay_bar import ReplayBar
from tabletop.ui.widgets import Widget


class FocusedTable(Protocol):
    """What the focus reads of a game's table (``tables.base.GameTable``, which imports this module)."""

    FOCUS_KINDS: ClassVar[tuple[str, ...]]
    coach: Coach | None
    replay_bar: ReplayBar | None
    panel: ChoicePanel | None
    hits: HitMap

    def controls(self) -> list[Widget]: ...

    def focus_extras(self) -> list[Target]: ...


def targets(table: FocusedTable) -> list[Target]:
    """Everything the focus may rest on now, in no particular order (``keyboard.reading_order`` orders them)."""
    coach = table.coach
    guide = coach.buttons() if coach is not None and not coach.finished else []
    out = widget_targets(guide)
    if coach is not None and not coach.finished and coach.summary_open:
        return out  # the guide's "How to win" covers the table until "Let's play"
    if table.replay_bar is not None:
        return out + widget_targets(table.replay_bar.widgets()) + widget_targets(table.controls())
    panel = table.panel
    on_table, controls = table_targets(table), widget_targets(table.controls())
    if panel is not None:
        out += widget_targets(panel.buttons())
        if not panel.hidden:
            out += [Target("panel-card", card, rect) for card, rect in panel.card_rects.items()]
        if not (panel.hidden or panel.docked):
            return out
        # Docked: the table's things it leaves in sight (those under it took the focus, and its ring over the
        # panel's words and buttons).
        if panel.hidden:
            on_table = [target for target in on_table if not panel.covers(target.rect.center)]
        else:  # (a house's score half under the docked panel took the focus, its ring over the panel's button)
            on_table = [target for target in on_table if mostly_clear(target.rect, panel.rect)]
            # (and House Cup Challenge's Menu under it: its ring over the panel's buttons, Enter opening it unseen)
            controls = [target for target in controls if mostly_clear(target.rect, panel.rect)]
    return out + on_table + controls


def tab_order(table: FocusedTable, found: list[Target]) -> list[Target]:
    """The order Tab steps through ``found``: an open choice panel's own stops first (its cards, then its buttons,
    "Peek at the table" last), then the rest in reading order. A docked panel leaves the table's things in reach,
    and in reading order the first Tab went to the top bar's "Watch the round again" (Stupéfix's secret spell was
    nine Tabs away, and the Tab after a card went to a seat's flag beside it instead of the panel's button)."""
    panel = table.panel
    if panel is None or panel.hidden:
        return reading_order(found)
    buttons: list[tuple[str, Hashable]] = [("widget", button) for button in panel.buttons()]
    cards = reading_order([target for target in found if target.kind == "panel-card"])
    own = cards + sorted((t for t in found if t.key in buttons), key=lambda t: buttons.index(t.key))
    keys = {target.key for target in own}
    return own + reading_order([target for target in found if target.key not in keys])


def mostly_clear(rect: pygame.Rect, cover: pygame.Rect) -> bool:
    """Whether at least three quarters of ``rect`` lie outside ``cover``."""
    overlap = rect.clip(cover)
    return overlap.width * overlap.height * 4 <= rect.width * rect.height


def table_targets(table: FocusedTable) -> list[Target]:
    """The table's own things: the last frame's of the table's focus kinds (each once, where it was drawn on
    top), and what the table adds."""
    seen: set[tuple[str, object]] = set()
    out: list[Target] = []
    for placed in reversed(table.hits.placed):
        key = (placed.kind, placed.item)
        if placed.kind in table.FOCUS_KINDS and key not in seen:
            seen.add(key)
            out.append(Target(placed.kind, placed.item, placed.rect))
    return out + table.focus_extras()


def tap_point(table: FocusedTable, target: Target) -> tuple[int, int]:
    """Where a tap reaches ``target``: its centre, or where it shows when something lies over its centre."""
    rect = target.rect
    if target.kind not in table.FOCUS_KINDS or _topmost(table, target, rect.center):
        return rect.center
    for fy in (0.15, 0.5, 0.85, 0.3, 0.7):
        for fx in (0.5, 0.15, 0.85, 0.3, 0.7):
            point = (rect.left + round(rect.width * fx), rect.top + round(rect.height * fy))
            if _topmost(table, target, point):
                return point
    return rect.center


def _topmost(table: FocusedTable, target: Target, pos: tuple[int, int]) -> bool:
    placed = table.hits.at(pos, target.kind)
    return placed is not None and placed.item == target.item
