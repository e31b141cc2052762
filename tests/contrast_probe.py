"""Measure the contrast of every line of text the real app draws (WCAG 2.x, issue 18).

While a probe is on, every text surface made by ``theme.Font.render`` is tagged with its words, colour and size,
and every surface the app makes (``pygame.Surface(...)``, copies, conversions, transforms, loaded images) is a
``TrackingSurface`` whose ``blit`` looks before it draws: when a tagged text lands on it, the mean colour of the
pixels under the text's rectangle (before the blit) is its background. Text drawn onto a transparent
intermediate surface (a card face, a composed label) waits there with what lies under it so far, and is measured
when that surface is itself blitted onto something opaque, its own pixels composited over what is there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pygame

from tabletop.ui import assets, theme
from tabletop.ui.sprites import cache as sprite_cache

BaseSurface = pygame.Surface
OPAQUE = 0.98  # a background at least this opaque is what the text is read against


@dataclass(frozen=True)
class Text:
    message: str
    colour: tuple[int, int, int]
    em: float  # the letters' size in pixels (the font's em square)
    bold: bool


@dataclass(frozen=True)
class Waiting:
    """A text on a surface that is not opaque under it yet: its rectangle there and the background so far."""

    text: Text
    rect: pygame.Rect
    background: tuple[float, float, float, float]  # straight RGB, alpha 0-1


@dataclass(frozen=True)
class Measure:
    text: Text
    background: tuple[int, int, int]
    ratio: float
    where: tuple[int, int]
    target: int  # id of the surface it was measured on

    @property
    def large(self) -> bool:
        """WCAG's large text: 18 pt (24 px) regular or 14 pt (18.66 px) bold."""
        return self.text.em >= (18.66 if self.text.bold else 24)

    @property
    def needed(self) -> float:
        return 3.0 if self.large else 4.5


class Probe:
    def __init__(self) -> None:
        self.texts: dict[int, Text] = {}
        self.waiting: dict[int, list[Waiting]] = {}
        self.parents: dict[int, tuple[BaseSurface, tuple[int, int]]] = {}
        self.keep: list[BaseSurface] = []  # every tagged surface stays alive, so no id is reused
        self.measures: list[Measure] = []

    def tag(self, surface: BaseSurface, text: Text) -> None:
        self.keep.append(surface)
        self.texts[id(surface)] = text

    def wait(self, surface: BaseSurface, waiting: Waiting) -> None:
        parent = self.parents.get(id(surface))
        if parent is not None:  # a subsurface's pixels are its parent's
            surface, (dx, dy) = parent[0], parent[1]
            waiting = replace(waiting, rect=waiting.rect.move(dx, dy))
        self.keep.append(surface)
        self.waiting.setdefault(id(surface), []).append(waiting)

    def carry(self, source: BaseSurface, target: BaseSurface, scale: tuple[float, float] = (1, 1)) -> None:
        """``target`` is ``source`` copied (and scaled): it holds the same texts."""
        text = self.texts.get(id(source))
        if text is not None:
            self.tag(target, replace(text, em=text.em * scale[1]))
        for waiting in self.waiting.get(id(source), []):
            r = waiting.rect
            rect = pygame.Rect(
                round(r.x * scale[0]), round(r.y * scale[1]), round(r.w * scale[0]), round(r.h * scale[1])
            )
            self.wait(target, replace(waiting, rect=rect, text=replace(waiting.text, em=waiting.text.em * scale[1])))

    def landed(self, target: BaseSurface, text: Text, rect: pygame.Rect, over: tuple[float, ...] | None) -> None:
        """``text`` is being blitted onto ``target`` at ``rect``, over a background ``over`` (or what is there)."""
        rect = rect.clip(target.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            return
        under = _mean(target, rect)
        background = under if over is None else _over(over, under)
        if background[3] >= OPAQUE:
            colour = tuple(round(c) for c in background[:3])
            ratio = theme.contrast(text.colour, colour)
            self._drop_shadow_of(text, rect, id(target))
            self.measures.append(Measure(text, colour, ratio, rect.topleft, id(target)))  # type: ignore[arg-type]
        else:
            self.wait(target, Waiting(text, rect, background))

    def _drop_shadow_of(self, text: Text, rect: pygame.Rect, target: int) -> None:
        """The same words drawn again a few pixels from where they were just drawn: those were their shadow
        (or outline), which is read as part of the background, not as text."""
        for index in range(len(self.measures) - 1, max(-1, len(self.measures) - 5), -1):
            earlier = self.measures[index]
            near = abs(earlier.where[0] - rect.x) <= 4 and abs(earlier.where[1] - rect.y) <= 4
            if earlier.target == target and earlier.text.message == text.message and near:
                del self.measures[index]
                return

    def blitting(self, target: BaseSurface, source: BaseSurface, dest: Any, area: Any) -> None:
        text = self.texts.get(id(source))
        waiting = self.waiting.get(id(source))
        if text is None and not waiting:
            return
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        box = pygame.Rect(area) if area is not None else source.get_rect()
        box = box.clip(source.get_rect())
        if text is not None:
            self.landed(target, _seen(text, source, target), pygame.Rect(x, y, box.w, box.h), None)
        for entry in waiting or []:
            inside = entry.rect.clip(box)
            if inside.width > 0 and inside.height > 0:
                self.landed(target, entry.text, inside.move(x - box.x, y - box.y), entry.background)


def _seen(text: Text, source: BaseSurface, target: BaseSurface) -> Text:
    """A text blitted with a surface alpha (fading in) is that much closer to its background; measured as
    drawn (a fading text is seen only in passing; the screens measured are settled)."""
    alpha = source.get_alpha()
    if alpha is None or alpha >= 255:
        return text
    return replace(text, message=f"{text.message} (alpha {alpha})")


def _mean(surface: BaseSurface, rect: pygame.Rect) -> tuple[float, float, float, float]:
    has_alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    r, g, b, a = pygame.transform.average_color(surface, rect, consider_alpha=has_alpha)
    return (r, g, b, a / 255 if has_alpha else 1.0)


def _over(top: tuple[float, ...], under: tuple[float, ...]) -> tuple[float, float, float, float]:
    """``top`` composited over ``under`` (straight alpha)."""
    ta, ua = top[3], under[3]
    alpha = ta + ua * (1 - ta)
    if alpha <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    rgb = [(top[i] * ta + under[i] * ua * (1 - ta)) / alpha for i in range(3)]
    return (rgb[0], rgb[1], rgb[2], alpha)


PROBE: Probe | None = None


class BlitsOneByOne(BaseSurface):
    """A surface whose ``blits`` and ``fblits`` go through its own ``blit``, one by one (a subclass that watches
    ``blit`` sees them all)."""

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)


class TrackingSurface(BlitsOneByOne):
    """A surface that tells the probe what is blitted onto it (copies and subsurfaces are tracking too)."""

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if PROBE is not None:
            PROBE.blitting(self, source, dest, area)
        return BaseSurface.blit(self, source, dest, area, special_flags)

    def copy(self) -> TrackingSurface:
        out = BaseSurface.copy(self)
        if PROBE is not None:
            PROBE.carry(self, out)
        return out  # type: ignore[return-value]

    def convert(self, *args: Any) -> TrackingSurface:
        out = BaseSurface.convert(self, *args)
        if PROBE is not None:
            PROBE.carry(self, out)
        return out  # type: ignore[return-value]

    def convert_alpha(self, *args: Any) -> TrackingSurface:
        out = BaseSurface.convert_alpha(self, *args)
        if PROBE is not None:
            PROBE.carry(self, out)
        return out  # type: ignore[return-value]

    def subsurface(self, *args: Any) -> TrackingSurface:
        out = BaseSurface.subsurface(self, *args)
        if PROBE is not None:
            PROBE.keep.append(out)
            PROBE.parents[id(out)] = (self, out.get_offset())
        return out  # type: ignore[return-value]


def tracking(surface: BaseSurface) -> TrackingSurface:
    """An exact tracking copy of any surface."""
    if isinstance(surface, TrackingSurface):
        return surface
    flags = surface.get_flags() & pygame.SRCALPHA
    out = TrackingSurface(surface.get_size(), flags, surface)
    out.fill((0, 0, 0, 0))
    BaseSurface.blit(out, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)
    if surface.get_alpha() is not None and not flags:
        out.set_alpha(surface.get_alpha())
    if surface.get_colorkey() is not None:
        out.set_colorkey(surface.get_colorkey())
    if PROBE is not None:
        PROBE.carry(surface, out)
    return out


TRANSFORMS = ("smoothscale", "scale", "scale_by", "smoothscale_by", "rotate", "rotozoom", "flip", "gaussian_blur")


def _transform(original: Callable[..., BaseSurface]) -> Callable[..., TrackingSurface]:
    def transformed(surface: BaseSurface, *args: Any, **kwargs: Any) -> TrackingSurface:
        out = original(surface, *args, **kwargs)
        scale = (out.get_width() / max(1, surface.get_width()), out.get_height() / max(1, surface.get_height()))
        result = tracking(out)
        if PROBE is not None:
            PROBE.carry(surface, result, scale)
        return result

    return transformed


@contextmanager
def probing(monkeypatch: Any) -> Iterator[Probe]:
    """Every text drawn from here on is measured into the probe (every cache is emptied first, so what is on
    the screen is drawn again through it)."""
    global PROBE
    probe = Probe()
    real_render = theme.Font.render

    def render(
        self: theme.Font,
        message: str,
        antialias: bool = True,
        colour: Any = theme.TEXT,
        background: Any = None,
        typeset: bool = True,
    ) -> BaseSurface:
        surface = real_render(self, message, antialias, colour, background, typeset=typeset)
        if message.strip():
            probe.tag(surface, Text(message, tuple(colour[:3]), self.em, self.bold))
        return surface

    monkeypatch.setattr(theme.Font, "render", render)
    monkeypatch.setattr(pygame, "Surface", TrackingSurface)
    for name in TRANSFORMS:
        monkeypatch.setattr(pygame.transform, name, _transform(getattr(pygame.transform, name)))
    real_load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *args, **kwargs: tracking(real_load(*args, **kwargs)))
    theme.reset_caches()
    sprite_cache.reset_all()
    assets.reset_caches()
    PROBE = probe
    try:
        yield probe
    finally:
        PROBE = None
