"""The Stupéfix "Ready?" cue as drawn: the compact one says how long the count is, the full one leaves no empty band
over its Ready, and no wand's aim line runs hidden under either (real events on the SDL dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.stupefix import events as sx
from tabletop.ui import theme
from tabletop.ui.settings import Settings
from tabletop.ui.tables.stupefix import table as table_module
from tabletop.ui.tables.stupefix.layout import CueSpot
from tabletop.ui.tables.stupefix.painter import aim_line
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests import stupefix_ui_helpers as stupefix_ui
from tests.test_layout_referee import Drawn, drawn_frame, mark_texts
from tests.ui_driver import Driver


def cue_words(table: StupefixTable) -> tuple[pygame.Rect, list[Drawn]]:
    """The cue's card and the words drawn inside it, top to bottom."""
    cue = table.cue()
    assert cue is not None
    _, drawn = drawn_frame(table)
    return cue.rect, sorted((text for text in drawn if cue.rect.contains(text.rect)), key=lambda text: text.rect.top)


def test_the_compact_ready_cue_says_how_long_the_count_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight seats at 1024x640 leave felt for the compact cue only: it showed the call and Ready, and nothing said
    that Ready starts a count, nor how long (the full cue says "within 3 seconds"). With a 5-second count chosen in
    the Settings its line under the call says 5 seconds, between the call and Ready, inside the card."""
    mark_texts(monkeypatch)
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", countdown="5 s")
    app, driver, table = stupefix_ui.table_for(["human", "greedy"] * 4, size=theme.MIN_SIZE, settings=settings)
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    cue = table.cue()
    assert cue is not None and cue.compact, "the table at 8 seats, 1024x640, has room for more than the compact cue"
    rect, words = cue_words(table)
    said = [text for text in words if "5 seconds" in text.words]
    assert said, f"the compact cue does not say how long the count is: {[text.words for text in words]}"
    title = next(text for text in words if text.words == cue.title)
    assert title.rect.bottom <= said[0].rect.top and said[0].rect.bottom <= table.ready_button.rect.top
    assert rect.contains(table.ready_button.rect)


def test_the_full_ready_cue_leaves_no_empty_band_above_its_button(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full cue's height was worked out for a call 38 pixels high and a second line 22 high, drawn 20 and 11
    high at 1280x800: some 40 pixels of bare felt lay between its last line and Ready. Its words now reach down to
    a small gap over the button."""
    mark_texts(monkeypatch)
    app, driver, table = stupefix_ui.table_for(["human", "greedy"] * 2, size=(1280, 800))
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    cue = table.cue()
    assert cue is not None and not cue.compact
    button = table.ready_button.rect
    rect, words = cue_words(table)
    above = [text for text in words if text.rect.bottom <= button.top]
    assert above and above[0].rect.top - rect.top <= theme.px(20), "bare felt over the call"
    gap = button.top - max(text.rect.bottom for text in above)
    assert gap <= theme.px(16), f"{gap} pixels of bare felt between the cue's words and Ready"


def point(driver: Driver, table: StupefixTable, seat: int, target: int) -> None:
    """``seat``'s person presses Ready at the cue and drags their wand onto ``target``'s mat."""
    driver.tap(table.ready_button.rect.center)
    driver.frames(2)
    driver.perform(table.gesture_for(sx.PointWand(seat, target)))
    driver.frames(2)


def test_no_aim_line_runs_hidden_under_the_ready_cue() -> None:
    """Four people at 1280x800: Bram (left) points at Ada (bottom), then Cleo's cue comes. It stood in the bottom
    left felt, right across Bram's line to Ada: whom Bram aimed at was hidden. The cue stands clear of every aim
    line drawn, and where the table leaves it no such place the line is drawn over it: every pixel of the line
    inside the card is the line's colour."""
    app, driver, table = stupefix_ui.table_for(["human"] * 4, size=(1280, 800))
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    live = table.live
    assert live is not None and live.current == 1, "Bram is not the first to point"
    point(driver, table, 1, 0)
    assert table.aim(1) == 0
    cue = table.cue()
    assert cue is not None and live.current == 2
    line = aim_line(table.layout, 1, 0, table.wand(1)[1])
    assert not cue.rect.clipline(*line), f"Bram's aim line at Ada runs under the cue at {tuple(cue.rect)}"


def test_an_aim_line_the_cue_cannot_leave_clear_is_drawn_over_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no felt is clear of a line (here every place the cue could take is refused but the last, under the
    prompt), the line is drawn over the card, not hidden by it."""
    app, driver, table = stupefix_ui.table_for(["human"] * 4, size=(1280, 800))
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    point(driver, table, 1, 0)
    line = aim_line(table.layout, 1, 0, table.wand(1)[1])
    across = pygame.Rect(0, 0, 300, 80)
    across.center = (round((line[0][0] + line[1][0]) / 2), round((line[0][1] + line[1][1]) / 2))

    def placed(*args: object, **kwargs: object) -> CueSpot:
        return CueSpot(across, True)

    monkeypatch.setattr(table_module, "cue_place", placed)
    monkeypatch.setattr(table, "_cue_memo", None)  # (the place worked out already is kept for the same table)
    cue = table.cue()
    assert cue is not None and cue.rect == across and cue.rect.clipline(*line)
    screen, _ = drawn_frame(table)
    colour = theme.house_line(table.view.houses[1])
    (x0, y0), (x1, y1) = cue.rect.clipline(*line)
    steps = max(abs(x1 - x0), abs(y1 - y0))
    on_line = [(round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)) for i in range(steps + 1)]
    shown = [pos for pos in on_line if tuple(screen.get_at(pos))[:3] == tuple(colour)[:3]]
    assert len(shown) >= 0.8 * len(on_line), f"{len(shown)} of {len(on_line)} pixels of the line show over the cue"


def test_the_compact_cue_with_large_text_leaves_the_rewards_in_sight() -> None:
    """Eight seats at 1024x640 with Large text: the compact cue, a line taller once it said how long the count is,
    found no corner of felt any more and lay over the rewards, five of nine hidden while Ready's count ran. Where
    that line leaves it no room, the compact cue is the one without it, in the felt it had before."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=True)
    app, driver, table = stupefix_ui.table_for(["human", "greedy"] * 4, size=theme.MIN_SIZE, settings=settings)
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    cue = table.cue()
    assert cue is not None and cue.compact
    hidden = [rect for rect in table.layout.row if rect.colliderect(cue.rect)]
    assert not hidden, f"the cue at {tuple(cue.rect)} lies over {len(hidden)} rewards"
    assert cue.rect.contains(table.ready_button.rect)
