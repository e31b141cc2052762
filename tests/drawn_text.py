"""The words a screen draws, recorded at the text renderer: for tests that check a text is drawn whole."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import theme
from tabletop.ui.sprites import cache as sprite_cache
from tests.ui_driver import Driver


def record_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string handed to the text renderer from now on, in order (the list fills as frames are drawn)."""
    drawn: list[str] = []
    render = theme.Font.render

    def recording(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        drawn.append(message)
        return render(self, message, *args, **kwargs)

    monkeypatch.setattr(theme.Font, "render", recording)
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    return drawn


def drawn_afresh(driver: Driver, drawn: list[str]) -> str:
    """The words of the next frame, every text rendered again (none from a cache), joined by spaces: a text
    wrapped onto several lines reads back as one, so ``" ".join(text.split()) in drawn_afresh(...)`` says it
    was drawn whole."""
    theme.reset_caches()
    sprite_cache.reset_all()
    drawn.clear()
    driver.frames(1)
    return " ".join(drawn)


def strips_beside(
    screen: pygame.Surface, rects: list[pygame.Rect], reach: int | None = None, height: int | None = None
) -> list[bytes]:
    """The pixels right of each of ``rects`` up to the next one on its row (the same top), or, with no ``reach``,
    to the screen's edge when none follows (with a ``reach``, only neighbours nearer than it count, and a rect
    with none is left out); ``height`` from each rect's top (its own height by default). A text that ran out of
    its box changes them: compared between languages, or with every word drawn and with none."""
    strips = []
    for rect in rects:
        after = [o.left for o in rects if o.top == rect.top and 0 < o.left - rect.right < (reach or screen.get_width())]
        if not after and reach is not None:
            continue
        strip = pygame.Rect(rect.right, rect.top, min([*after, screen.get_width()]) - rect.right, height or rect.height)
        strips.append(pygame.image.tobytes(screen.subsurface(strip), "RGB"))
    return strips


def squeezes_inside(monkeypatch: pytest.MonkeyPatch, module: object, function: str) -> list[float]:
    """How much each label ``module.function`` draws is narrowed (``theme.fit_width``'s width over the label's
    own, below 1 only), recorded from now on: empty while it draws every label at its own width."""
    ratios: list[float] = []
    inside: list[bool] = []
    drawing, fit_width = getattr(module, function), theme.fit_width

    def watched(*args, **kwargs):
        inside.append(True)
        try:
            return drawing(*args, **kwargs)
        finally:
            inside.pop()

    def fitting(label: pygame.Surface, width: int, *args, **kwargs) -> pygame.Surface:
        if inside and label.get_width() > width:
            ratios.append(width / label.get_width())
        return fit_width(label, width, *args, **kwargs)

    monkeypatch.setattr(module, function, watched)
    monkeypatch.setattr(theme, "fit_width", fitting)
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    return ratios
