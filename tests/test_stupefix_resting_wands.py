"""Stupéfix: a wand lying still on the table lies under the prompt's banner, as it lies under the cards and the
mats (real events on the SDL dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui.tables.stupefix import painter
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests import stupefix_ui_helpers as stupefix_ui


def frame(table: StupefixTable) -> pygame.Surface:
    surface = pygame.Surface(table.app.screen.get_size())
    table.draw(surface)
    return surface


def differs(first: pygame.Surface, second: pygame.Surface, pos: tuple[int, int]) -> int:
    """How far apart two frames are at ``pos``: the largest difference of a colour channel."""
    a, b = first.get_at(pos), second.get_at(pos)
    return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))


def test_a_top_seats_resting_wand_lies_under_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five seats at 1280x800: the two top seats' wands rest toward the middle, their tips reaching into the prompt's
    banner under them. The banner's panel was composed with the felt, under everything: the wands lay over it and
    across its words ("pointez votre baguette sur un" with a wand over "sur", in a French review). Inside the
    banner a lying wand now shows only faintly through its panel, while outside it is drawn as before."""
    app, driver, table = stupefix_ui.table_for(["human", "human", "greedy", "greedy", "greedy"])
    driver.frames(2)  # (the spells are being prepared: every wand lies still)
    banner = table.layout.banner
    tops = [seat for seat in (2, 3) if banner.clipline(*table.wand(seat))]
    assert tops, "no resting wand reaches the banner at five seats, 1280x800"
    with_wands = frame(table)
    monkeypatch.setattr(painter, "_wand", lambda look, surface, seat: None)
    without = frame(table)
    inner = banner.inflate(-6, -6)
    for seat in tops:
        (x0, y0), (x1, y1) = table.wand(seat)
        steps = round(max(abs(x1 - x0), abs(y1 - y0)))
        along = [(round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)) for i in range(steps + 1)]
        outside = [differs(with_wands, without, pos) for pos in along if not banner.inflate(4, 4).collidepoint(pos)]
        assert max(outside) > 60, "the wand is not drawn on the felt"
        inside = [differs(with_wands, without, pos) for pos in along if inner.collidepoint(pos)]
        assert inside and max(inside) <= 60, f"seat {seat}'s wand lies over the prompt: {max(inside)}"
    pygame.quit()
