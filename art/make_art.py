"""Draw every picture Tabletop uses, from code, into this folder.

Run ``python art/make_art.py`` (from anywhere). The output is deterministic: every random number comes from a
seeded generator, so running the script twice writes byte-identical PNG files.

How the drawing works
---------------------
Each picture is drawn on a :class:`Canvas` four times larger than the final image, with plain filled shapes
(polygons, circles, thick strokes); the canvas is then shrunk with ``smoothscale``, which averages every 4x4
block and so gives clean antialiased edges. Pixels are kept in *premultiplied* alpha the whole time, so
semi-transparent layers, blurs and the final shrink all blend correctly without dark fringes; ``save``
converts back to ordinary (straight) alpha and fills the RGB of fully transparent pixels with the colour of
the nearest edge, so the game can scale the images again without dark halos.

Shapes accept either a colour or a gradient (a full-size surface made by :meth:`Canvas.linear` or
:meth:`Canvas.radial`). Effects (outline, inset, drop shadow, glow) work on whole layers.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent
SS = 4  # supersampling factor

Color = tuple[int, ...]
Point = tuple[float, float]

# --------------------------------------------------------------------------------------------- palette

INK = (44, 28, 22)
WHITE = (255, 255, 255)
CREAM = (252, 244, 222)
GOLD = (222, 176, 72)
GOLD_LIGHT = (255, 232, 150)
GOLD_DARK = (142, 96, 34)
SILVER = (204, 210, 216)
SILVER_LIGHT = (246, 248, 250)
SILVER_DARK = (112, 120, 130)
BRONZE = (190, 124, 70)
BRONZE_LIGHT = (236, 184, 128)
BRONZE_DARK = (110, 62, 30)
WOOD = (130, 84, 48)
WOOD_LIGHT = (176, 124, 76)
WOOD_DARK = (78, 48, 28)
STONE = (170, 160, 146)
STONE_LIGHT = (208, 200, 186)
STONE_DARK = (108, 98, 88)

SCARLET = (174, 28, 36)
SCARLET_DARK = (104, 10, 18)
EMERALD = (30, 112, 66)
EMERALD_DARK = (10, 58, 34)
CANARY = (240, 190, 58)
CANARY_DARK = (196, 136, 24)
SABLE = (40, 34, 32)
SABLE_LIGHT = (86, 78, 72)
SAPPHIRE = (36, 70, 146)
SAPPHIRE_DARK = (16, 32, 82)

GOLD_METAL = [(0.0, GOLD_LIGHT), (0.45, GOLD), (0.75, (196, 146, 52)), (1.0, GOLD_DARK)]
SILVER_METAL = [(0.0, SILVER_LIGHT), (0.45, SILVER), (0.75, (166, 174, 182)), (1.0, SILVER_DARK)]
BRONZE_METAL = [(0.0, BRONZE_LIGHT), (0.45, BRONZE), (0.75, (160, 98, 52)), (1.0, BRONZE_DARK)]
SABLE_METAL = [(0.0, (120, 112, 104)), (0.4, (62, 56, 52)), (1.0, (22, 18, 16))]


# --------------------------------------------------------------------------------------------- colour maths


def clamp(v: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return lo if v < lo else hi if v > hi else v


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    t = clamp(t)
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(min(len(a), len(b))))


def lighter(c: Sequence[int], t: float) -> Color:
    return mix(c, (255, 255, 255), t)


def darker(c: Sequence[int], t: float) -> Color:
    return mix(c, (0, 0, 0), t)


def ramp(stops: Sequence[tuple[float, Sequence[int]]], t: float) -> Color:
    """The colour at t along sorted (position, colour) stops."""
    if t <= stops[0][0]:
        return tuple(stops[0][1])
    for (t0, c0), (t1, c1) in zip(stops, stops[1:], strict=False):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0) if t1 > t0 else 1.0)
    return tuple(stops[-1][1])


def ramp_table(stops: Sequence[tuple[float, Sequence[int]]], n: int = 256) -> list[bytes]:
    return [bytes(ramp(stops, i / (n - 1))[:3]) for i in range(n)]


# --------------------------------------------------------------------------------------------- geometry


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, rot: float = 0.0, n: int = 72) -> list[Point]:
    ca, sa = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def arc_pts(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 32) -> list[Point]:
    """Points on an elliptical arc; angles in degrees, 0 = right, 90 = down (screen coordinates)."""
    return [
        (
            cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]


def bez(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """A cubic Bezier curve as n + 1 points."""
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append(
            (
                u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
            )
        )
    return pts


def qbez(p0: Point, p1: Point, p2: Point, n: int = 20) -> list[Point]:
    """A quadratic Bezier curve as n + 1 points."""
    return [
        (
            (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
            (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1],
        )
        for t in (i / n for i in range(n + 1))
    ]


def path(*parts: Sequence[Point]) -> list[Point]:
    """Join curves end to end, dropping the repeated joint points."""
    out: list[Point] = []
    for part in parts:
        for p in part:
            if not out or (abs(out[-1][0] - p[0]) > 1e-6 or abs(out[-1][1] - p[1]) > 1e-6):
                out.append(p)
    return out


def star_pts(cx: float, cy: float, r_out: float, r_in: float, n: int = 5, rot: float = -90.0) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def rotate(pts: Iterable[Point], deg: float, center: Point = (0.0, 0.0)) -> list[Point]:
    ca, sa = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    cx, cy = center
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts]


def move(pts: Iterable[Point], dx: float, dy: float) -> list[Point]:
    return [(x + dx, y + dy) for x, y in pts]


def scale(pts: Iterable[Point], sx: float, sy: float | None = None, center: Point = (0.0, 0.0)) -> list[Point]:
    sy = sx if sy is None else sy
    cx, cy = center
    return [(cx + (x - cx) * sx, cy + (y - cy) * sy) for x, y in pts]


def mirror(pts: Sequence[Point], cx: float) -> list[Point]:
    """The points reflected across the vertical line x = cx, in reverse order (to close a symmetric outline)."""
    return [(2 * cx - x, y) for x, y in reversed(pts)]


def symmetric(half: Sequence[Point], cx: float) -> list[Point]:
    """A closed outline from its right half (top to bottom) mirrored onto the left."""
    return path(half, mirror(half, cx))


def resample(pts: Sequence[Point], step: float) -> list[Point]:
    """Points spaced about ``step`` apart along a polyline."""
    out = [pts[0]]
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        d = step - carry
        while d <= seg:
            t = d / seg
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            d += step
        carry = seg - (d - step)
    if out[-1] != pts[-1]:
        out.append(pts[-1])
    return out


# --------------------------------------------------------------------------------------------- canvas


class Canvas:
    """A premultiplied RGBA drawing surface measured in final pixels and stored SS times larger."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.surf.fill((0, 0, 0, 0))

    def like(self) -> Canvas:
        return Canvas(self.w, self.h)

    def copy(self) -> Canvas:
        out = self.like()
        out.surf = self.surf.copy()
        return out

    # ---- drawing primitives: every shape takes a colour (RGB or RGBA) or a gradient surface

    def _draw(self, fn: Callable[[pygame.Surface, Color], object], fill, layered: bool = False) -> None:
        """Run a drawing function with the fill: opaque colours straight onto the canvas, anything else (and
        shapes that erase part of themselves, layered=True) through a separate shape that is then composited."""
        if isinstance(fill, tuple | list) and len(fill) == 3:
            fill = tuple(fill) + (255,)
        if isinstance(fill, tuple | list) and fill[3] == 255 and not layered:
            fn(self.surf, tuple(fill[:3]) + (255,))
            return
        shape = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        shape.fill((0, 0, 0, 0))
        fn(shape, (255, 255, 255, 255))
        if isinstance(fill, pygame.Surface):
            painted = fill.copy()
            painted.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            painted = painted.premul_alpha()
        else:
            r, g, b, a = fill
            painted = shape
            painted.fill((r * a // 255, g * a // 255, b * a // 255, a), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(painted, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)

    def poly(self, pts: Sequence[Point], fill) -> None:
        scaled = [(x * SS, y * SS) for x, y in pts]
        self._draw(lambda s, c: pygame.draw.polygon(s, c, scaled), fill)

    def circle(self, c: Point, r: float, fill) -> None:
        self._draw(lambda s, col: pygame.draw.circle(s, col, (c[0] * SS, c[1] * SS), r * SS), fill)

    def circles(self, items: Sequence[tuple[Point, float]], fill) -> None:
        def draw(s: pygame.Surface, col: Color) -> None:
            for (x, y), r in items:
                pygame.draw.circle(s, col, (x * SS, y * SS), r * SS)

        self._draw(draw, fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill, rot: float = 0.0) -> None:
        self.poly(ellipse_pts(cx, cy, rx, ry, rot, n=max(48, int((rx + ry) * 1.5))), fill)

    def ring(self, c: Point, r: float, width: float, fill) -> None:
        """A circular band whose outer radius is r."""

        def draw(s: pygame.Surface, col: Color) -> None:
            pygame.draw.circle(s, col, (c[0] * SS, c[1] * SS), r * SS)
            pygame.draw.circle(s, (0, 0, 0, 0), (c[0] * SS, c[1] * SS), (r - width) * SS)

        self._draw(draw, fill, layered=True)

    def rect(self, x: float, y: float, w: float, h: float, fill, radius: float = 0.0) -> None:
        rect = pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS))
        self._draw(lambda s, c: pygame.draw.rect(s, c, rect, border_radius=round(radius * SS)), fill)

    def stroke(self, pts: Sequence[Point], width: float, fill, closed: bool = False, caps: bool = True) -> None:
        """A thick polyline with round joins (and round caps unless caps=False)."""
        pts = list(pts) + ([pts[0]] if closed else [])
        hw = width * SS / 2

        def draw(s: pygame.Surface, c: Color) -> None:
            sp = [(x * SS, y * SS) for x, y in pts]
            for (x0, y0), (x1, y1) in zip(sp, sp[1:], strict=False):
                dx, dy = x1 - x0, y1 - y0
                d = math.hypot(dx, dy) or 1.0
                nx, ny = -dy / d * hw, dx / d * hw
                pygame.draw.polygon(
                    s, c, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
                )
            joints = sp if (caps or closed) else sp[1:-1]
            for x, y in joints:
                pygame.draw.circle(s, c, (x, y), hw)

        self._draw(draw, fill)

    def tube(self, pts: Sequence[Point], widths: Callable[[float], float] | float, fill) -> None:
        """A smooth band along a path whose width may vary: widths(t) for t from 0 (start) to 1 (end)."""
        dense = resample(pts, 0.5)
        n = len(dense) - 1 or 1
        width = widths if callable(widths) else (lambda t, w=widths: w)

        def draw(s: pygame.Surface, c: Color) -> None:
            prev = None
            for i, (x, y) in enumerate(dense):
                r = width(i / n) / 2 * SS
                pygame.draw.circle(s, c, (x * SS, y * SS), r)
                if prev is not None:
                    (px, py, pr) = prev
                    dx, dy = x * SS - px, y * SS - py
                    d = math.hypot(dx, dy) or 1.0
                    nx, ny = -dy / d, dx / d
                    pygame.draw.polygon(
                        s,
                        c,
                        [
                            (px + nx * pr, py + ny * pr),
                            (x * SS + nx * r, y * SS + ny * r),
                            (x * SS - nx * r, y * SS - ny * r),
                            (px - nx * pr, py - ny * pr),
                        ],
                    )
                prev = (x * SS, y * SS, r)

        self._draw(draw, fill)

    def fill(self, fill) -> None:
        self._draw(lambda s, c: s.fill(c), fill)

    # ---- gradients (opaque full-size surfaces to pass as a fill)

    def linear(self, p0: Point, p1: Point, stops) -> pygame.Surface:
        """A linear gradient from p0 (t = 0) to p1 (t = 1)."""
        table = ramp_table(stops)
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        ll = dx * dx + dy * dy or 1.0
        if abs(dx) < 1e-9:  # vertical: one column, stretched
            col = bytearray()
            for y in range(self.h):
                col += table[int(clamp((y + 0.5 - p0[1]) * dy / ll) * 255)]
            small = pygame.image.frombytes(bytes(col), (1, self.h), "RGB")
        elif abs(dy) < 1e-9:
            row = bytearray()
            for x in range(self.w):
                row += table[int(clamp((x + 0.5 - p0[0]) * dx / ll) * 255)]
            small = pygame.image.frombytes(bytes(row), (self.w, 1), "RGB")
        else:
            buf = bytearray()
            for y in range(self.h):
                base = (y + 0.5 - p0[1]) * dy
                for x in range(self.w):
                    buf += table[int(clamp(((x + 0.5 - p0[0]) * dx + base) / ll) * 255)]
            small = pygame.image.frombytes(bytes(buf), (self.w, self.h), "RGB")
        return _upscale(small, self.surf.get_size())

    def radial(self, c: Point, r: float, stops, ry: float | None = None) -> pygame.Surface:
        """A radial (or elliptical, with ry) gradient: t = 0 at c, t = 1 at distance r."""
        table = ramp_table(stops)
        ry = r if ry is None else ry
        buf = bytearray()
        for y in range(self.h):
            fy = ((y + 0.5 - c[1]) / ry) ** 2
            for x in range(self.w):
                t = math.sqrt(((x + 0.5 - c[0]) / r) ** 2 + fy)
                buf += table[int(clamp(t) * 255)]
        small = pygame.image.frombytes(bytes(buf), (self.w, self.h), "RGB")
        return _upscale(small, self.surf.get_size())

    # ---- compositing

    def over(self, other: Canvas, opacity: float = 1.0, offset: Point = (0, 0)) -> None:
        """Composite another canvas on top of this one."""
        src = other.surf
        if opacity < 1.0:
            k = round(255 * clamp(opacity))
            src = src.copy()
            src.fill((k, k, k, k), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(src, (round(offset[0] * SS), round(offset[1] * SS)), special_flags=pygame.BLEND_PREMULTIPLIED)

    def under(self, other: Canvas, opacity: float = 1.0, offset: Point = (0, 0)) -> None:
        """Composite another canvas beneath this one."""
        below = self.like()
        below.over(other, opacity, offset)
        below.over(self)
        self.surf = below.surf

    def clip_to(self, mask: Canvas) -> Canvas:
        """Keep only the parts of this canvas inside mask's shape (in place; returns self)."""
        m = mask.surf.copy()
        m.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        m = m.premul_alpha()
        self.surf.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return self

    def cut(self, mask: Canvas) -> Canvas:
        """Remove the parts of this canvas inside mask's shape (in place; returns self)."""
        m = mask.surf.copy()
        m.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        m = m.premul_alpha()
        inv = pygame.Surface(m.get_size(), pygame.SRCALPHA)
        inv.fill((255, 255, 255, 255))
        inv.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        self.surf.blit(inv, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return self

    def paint(self, fill) -> Canvas:
        """A new canvas: this one's silhouette filled with a colour or gradient."""
        out = self.like()
        if isinstance(fill, pygame.Surface):
            painted = fill.copy()
        else:
            painted = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
            painted.fill(tuple(fill[:3]) + (255,))
        m = self.surf.copy()
        m.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        painted.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        out.surf = painted.premul_alpha()
        return out

    def mask(self, threshold: int = 127) -> pygame.mask.Mask:
        return pygame.mask.from_surface(self.surf, threshold)

    def from_mask(self, mask: pygame.mask.Mask, fill) -> Canvas:
        holder = self.like()
        holder.surf = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        return holder.paint(fill)


def _upscale(small: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A small RGB gradient stretched smoothly to an opaque RGBA surface of the canvas size."""
    w, h = small.get_size()
    rgba = pygame.Surface((max(w, 2), max(h, 2)), pygame.SRCALPHA)
    rgba.blit(pygame.transform.scale(small, rgba.get_size()), (0, 0))  # a one-pixel strip becomes two
    return pygame.transform.smoothscale(rgba, size)


def _disk(r: int) -> pygame.mask.Mask:
    size = 2 * r + 1
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    pygame.draw.circle(surf, (255, 255, 255, 255), (r, r), r + 0.5)
    return pygame.mask.from_surface(surf)


def dilate(mask: pygame.mask.Mask, r: float) -> pygame.mask.Mask:
    """The mask grown by r pixels (of the supersampled canvas) in every direction, same size."""
    ri = max(1, round(r))
    grown = mask.convolve(_disk(ri), None, (-ri, -ri))
    out = pygame.mask.Mask(mask.get_size())
    out.draw(grown, (0, 0))
    return out


def erode(mask: pygame.mask.Mask, r: float) -> pygame.mask.Mask:
    inv = mask.copy()
    inv.invert()
    out = dilate(inv, r)
    out.invert()
    return out


# --------------------------------------------------------------------------------------------- effects


def outline(layer: Canvas, width: float, fill=INK, threshold: int = 8) -> Canvas:
    """The layer's silhouette grown by width (final pixels), filled: put it beneath the layer for a border.

    Only pixels more opaque than threshold count, so a high threshold leaves glows and mist unbordered.
    """
    return layer.from_mask(dilate(layer.mask(threshold), width * SS), fill)


def inset(layer: Canvas, width: float, fill) -> Canvas:
    """The layer's silhouette shrunk by width (final pixels), filled."""
    return layer.from_mask(erode(layer.mask(), width * SS), fill)


def blurred(layer: Canvas, radius: float) -> Canvas:
    """A soft copy (three box blurs, close to a Gaussian of about that radius in final pixels)."""
    out = layer.copy()
    r = max(1, round(radius * SS / 1.7))
    for _ in range(3):
        out.surf = pygame.transform.box_blur(out.surf, r, repeat_edge_pixels=False)
    return out


def shadow_of(layer: Canvas, blur: float = 4.0, color: Color = (20, 10, 6), grow: float = 0.0) -> Canvas:
    """A blurred silhouette of the layer (composite with an offset and opacity)."""
    sil = outline(layer, grow, color) if grow else layer.paint(color)
    return blurred(sil, blur)


def drop_shadow(layer: Canvas, dx: float = 0.0, dy: float = 4.0, blur: float = 4.0, opacity: float = 0.45) -> None:
    """Put a soft shadow under the layer, in place."""
    layer.under(shadow_of(layer, blur), opacity, (dx, dy))


def glow(layer: Canvas, color: Color, blur: float, opacity: float, grow: float = 0.0) -> None:
    """Put a soft coloured halo under the layer, in place."""
    layer.under(shadow_of(layer, blur, color, grow), opacity)


def bevel(layer: Canvas, width: float, light: Color = WHITE, dark: Color = (0, 0, 0), strength: float = 0.5) -> None:
    """Light the upper-left inner rim and darken the lower-right one, in place."""
    lit = layer.paint(light)
    lit.cut(move_canvas(layer, width * 0.7, width))
    shade_ = layer.paint(dark)
    shade_.cut(move_canvas(layer, -width * 0.7, -width))
    lit.clip_to(layer)
    shade_.clip_to(layer)
    layer.over(blurred(lit, width * 0.4), strength)
    layer.over(blurred(shade_, width * 0.4), strength * 0.8)


def move_canvas(layer: Canvas, dx: float, dy: float) -> Canvas:
    out = layer.like()
    out.over(layer, 1.0, (dx, dy))
    return out


def sticker(
    art: Canvas, border: float = 3.0, ground: tuple[float, float, float, float] | None = None, shadow: float = 0.35
) -> Canvas:
    """The house style for illustrations: a dark ink border, a soft drop shadow and a ground shadow."""
    out = art.like()
    if ground:
        gx, gy, grx, gry = ground
        pad = art.like()
        pad.ellipse(gx, gy, grx, gry, (20, 10, 6))
        out.over(blurred(pad, 5), 0.35)
    body = art.copy()
    body.under(outline(art, border, INK, threshold=170))
    out.over(shadow_of(body, 5), shadow, (2, 5))
    out.over(body)
    return out


# --------------------------------------------------------------------------------------------- saving


def straight_alpha(surf: pygame.Surface) -> pygame.Surface:
    """Premultiplied to straight alpha; fully transparent pixels take the colour of the nearest edge."""
    w, h = surf.get_size()
    data = bytearray(pygame.image.tobytes(surf, "RGBA"))
    spread = surf
    for _ in range(3):
        spread = pygame.transform.box_blur(spread, 3, repeat_edge_pixels=True)
    halo = pygame.image.tobytes(spread, "RGBA")
    for i in range(0, len(data), 4):
        a = data[i + 3]
        if a == 255:
            continue
        if a == 0:
            ha = halo[i + 3]
            if ha:
                data[i] = min(255, halo[i] * 255 // ha)
                data[i + 1] = min(255, halo[i + 1] * 255 // ha)
                data[i + 2] = min(255, halo[i + 2] * 255 // ha)
            else:
                data[i] = data[i + 1] = data[i + 2] = 0
            continue
        data[i] = min(255, (data[i] * 255 + a // 2) // a)
        data[i + 1] = min(255, (data[i + 1] * 255 + a // 2) // a)
        data[i + 2] = min(255, (data[i + 2] * 255 + a // 2) // a)
    return pygame.image.frombytes(bytes(data), (w, h), "RGBA")


def save(cv: Canvas, name: str) -> Path:
    """Shrink the supersampled canvas to its final size and write it as a PNG."""
    small = pygame.transform.smoothscale(cv.surf, (cv.w, cv.h))
    image = straight_alpha(small)
    target = OUT / name
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(target))
    return target


def smoothstep(e0: float, e1: float, x: float) -> float:
    t = clamp((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)


# ============================================================================================= crests


def shield_pts(cx: float = 128, top: float = 22, bottom: float = 240, half: float = 92) -> list[Point]:
    """A heater shield: a gently arched top, straight sides, curving to a point."""
    x1 = cx + half
    right = path(
        bez((cx, top + 10), (cx + 34, top + 10), (x1 - 26, top), (x1, top)),
        [(x1, top), (x1, top + 92)],
        bez((x1, top + 92), (x1, top + 156), (cx + 52, bottom - 30), (cx, bottom)),
    )
    return symmetric(right, cx)


def emblem_lion(em: Canvas, metal, dark: Color, light: Color) -> None:
    """A lion's head, facing out: a swirling mane, ears, a lighter face with dark features."""
    cx, cy = 128, 126
    mane = []
    n = 15
    for i in range(n):
        a0 = 2 * math.pi * i / n - math.pi / 2
        a1 = a0 + 2 * math.pi / n
        tip = a0 + math.pi / n + 0.22
        r_in, r_out = 40, 60 + (4 if i % 2 else 0)
        p0 = (cx + r_in * math.cos(a0), cy + r_in * 1.04 * math.sin(a0))
        pt = (cx + r_out * math.cos(tip), cy + r_out * 1.04 * math.sin(tip))
        p1 = (cx + r_in * math.cos(a1), cy + r_in * 1.04 * math.sin(a1))
        mid = a0 + math.pi / n
        c0 = (cx + (r_in + 20) * math.cos(mid - 0.05), cy + (r_in + 20) * math.sin(mid - 0.05))
        c1 = (cx + (r_in + 10) * math.cos(a1 + 0.05), cy + (r_in + 10) * math.sin(a1 + 0.05))
        mane += path(qbez(p0, c0, pt, 10), qbez(pt, c1, p1, 10))
    em.poly(mane, metal)
    em.circle((cx, cy), 44, metal)
    for side in (-1, 1):  # ears
        em.circle((cx + side * 29, cy - 33), 12, darker(GOLD, 0.1))
        em.circle((cx + side * 29, cy - 33), 6, dark)
    face_half = path(
        bez((0, -38), (20, -38), (33, -26), (34, -6)),
        bez((34, -6), (35, 12), (22, 27), (12, 34)),
        bez((12, 34), (8, 38), (4, 40), (0, 40)),
    )
    face = symmetric(move(face_half, cx, cy), cx)
    em.poly(face, em.linear((0, cy - 38), (0, cy + 40), [(0, lighter(GOLD_LIGHT, 0.35)), (1, GOLD)]))
    for side in (-1, 1):
        em.ellipse(cx + side * 13, cy - 6, 7.5, 3.6, dark, rot=-side * 14)
        em.circle((cx + side * 13.5, cy - 6.5), 1.6, light)
        em.stroke([(cx + side * 4, cy - 13), (cx + side * 13, cy - 17), (cx + side * 22, cy - 19)], 3, dark)
        em.circle((cx + side * 8, cy + 22), 9, lighter(GOLD_LIGHT, 0.2))
        em.stroke(qbez((cx, cy + 24), (cx + side * 4, cy + 31), (cx + side * 12, cy + 29)), 2.4, dark)
    em.stroke([(cx - 3, cy - 10), (cx - 5, cy + 6)], 2, mix(GOLD, dark, 0.35))
    em.stroke([(cx + 3, cy - 10), (cx + 5, cy + 6)], 2, mix(GOLD, dark, 0.35))
    em.poly(path(bez((cx - 9, cy + 7), (cx - 9, cy + 4), (cx + 9, cy + 4), (cx + 9, cy + 7)), [(cx, cy + 17)]), dark)
    em.stroke([(cx, cy + 16), (cx, cy + 24)], 2.4, dark)


def emblem_serpent(em: Canvas, metal, dark: Color, light: Color) -> None:
    """A serpent rearing in an S, head to the right, tongue out."""
    body = path(
        bez((160, 200), (124, 210), (80, 196), (88, 170)),
        bez((88, 170), (96, 144), (162, 152), (166, 124)),
        bez((166, 124), (170, 96), (112, 104), (104, 86)),
        bez((104, 86), (98, 70), (108, 60), (122, 58)),
    )

    def width(t: float) -> float:
        return 3 + 19 * smoothstep(0.0, 0.38, t) - 5 * smoothstep(0.72, 1.0, t)

    em.tube(body, width, metal)
    head = ellipse_pts(136, 56, 20, 13, rot=-8)
    em.poly(head, metal)
    em.poly([(150, 50), (160, 53), (158, 60), (148, 63)], metal)
    # back markings: small diamonds along the body
    dense = resample(body, 1.0)
    for i in range(14, len(dense) - 20, 13):
        (x0, y0), (x1, y1) = dense[i - 1], dense[i + 1]
        ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
        s = width(i / (len(dense) - 1)) * 0.32
        em.poly(
            move(rotate([(-s * 1.3, 0), (0, -s * 0.8), (s * 1.3, 0), (0, s * 0.8)], ang), dense[i][0], dense[i][1]),
            mix(SILVER_DARK, dark, 0.45),
        )
    em.ellipse(140, 50, 4.2, 3.4, dark)
    em.ellipse(140.5, 50, 1.2, 3.0, (200, 220, 120))
    em.circle((156, 54), 1.3, dark)
    em.stroke([(158, 60), (170, 63), (178, 58)], 2.2, (200, 36, 44))
    em.stroke([(170, 63), (177, 68)], 2.2, (200, 36, 44))


def emblem_badger(em: Canvas, metal, dark: Color, light: Color) -> None:
    """A badger's head, facing out: white face, black stripes through the eyes, black nose."""
    cx, cy = 128, 124
    for side in (-1, 1):
        em.circle((cx + side * 39, cy - 34), 14, SABLE)
        em.circle((cx + side * 39, cy - 34), 6.5, SABLE_LIGHT)
    half = path(
        bez((0, -46), (28, -46), (48, -30), (50, -6)),
        bez((50, -6), (52, 14), (32, 32), (15, 44)),
        bez((15, 44), (9, 49), (4, 50), (0, 50)),
    )
    em.poly(
        symmetric(move(half, cx, cy), cx), em.linear((0, cy - 46), (0, cy + 50), [(0, CREAM), (1, (222, 210, 190))])
    )
    for side in (-1, 1):
        stripe = bez(
            (cx + side * 28, cy - 44), (cx + side * 27, cy - 18), (cx + side * 20, cy + 10), (cx + side * 7, cy + 40)
        )
        em.tube(stripe, lambda t: 26 - 16 * t, SABLE)
        em.circle((cx + side * 21, cy - 2), 4.2, (12, 10, 10))
        em.circle((cx + side * 22.2, cy - 3.4), 1.6, WHITE)
    em.ellipse(cx, cy + 41, 11, 8, SABLE)
    em.ellipse(cx - 3, cy + 38, 3.5, 2, SABLE_LIGHT)


def feather(em: Canvas, base: Point, tip: Point, width: float, fill, edge: Color) -> None:
    """One long feather: a tapering quill with a dark edge so neighbours stay apart."""

    def taper(t: float, w: float = width) -> float:
        return w * (1 - 0.75 * t**1.6)

    em.tube([base, tip], lambda t: taper(t) + 3, edge)
    em.tube([base, tip], taper, fill)


def emblem_eagle(em: Canvas, metal, dark: Color, light: Color) -> None:
    """A heraldic eagle displayed: wings raised with hanging feathers, head turned right, fanned tail."""
    cx, cy = 128, 134
    for ang in (62, 76, 90, 104, 118):  # tail
        a = math.radians(ang)
        feather(em, (cx, cy + 16), (cx + 40 * math.cos(a), cy + 16 + 40 * math.sin(a)), 12, metal, dark)
    for side in (-1, 1):
        arm = bez(
            (cx + side * 8, cy - 12),
            (cx + side * 18, cy - 46),
            (cx + side * 34, cy - 66),
            (cx + side * 54, cy - 72),
            30,
        )
        for k, (t, ang, length) in enumerate(
            [(1.0, 40, 24), (0.86, 58, 36), (0.7, 72, 42), (0.54, 84, 44), (0.38, 96, 40), (0.22, 106, 32)]
        ):
            ax, ay = arm[round(t * 30)]
            a = math.radians(ang)
            feather(
                em, (ax, ay), (ax + side * length * math.cos(a), ay + length * math.sin(a)), 14 - k * 0.5, metal, dark
            )
        em.tube(arm, lambda t: 20 - 8 * t + 3, dark)
        em.tube(arm, lambda t: 20 - 8 * t, metal)
        for t in (0.3, 0.5, 0.7):
            x, y = arm[round(t * 30)]
            em.stroke(arc_pts(x, y + 2, 7, 5, 20, 160, 8), 1.8, dark)
    em.ellipse(cx, cy + 2, 20, 30, dark)
    em.ellipse(cx, cy + 2, 18, 28, metal)
    for k in range(3):
        y = cy - 4 + k * 10
        em.stroke(arc_pts(cx - 5, y, 6, 5, 20, 160, 8), 1.8, dark)
        em.stroke(arc_pts(cx + 6, y + 4, 6, 5, 20, 160, 8), 1.8, dark)
    for side in (-1, 1):
        em.stroke([(cx + side * 10, cy + 22), (cx + side * 18, cy + 36)], 5, metal)
        for d in (-5, 0, 5):
            em.stroke([(cx + side * 18, cy + 36), (cx + side * 18 + d, cy + 42)], 2.4, dark)
    head = path(
        bez((cx - 10, cy - 16), (cx - 16, cy - 36), (cx - 8, cy - 50), (cx + 6, cy - 50)),
        bez((cx + 6, cy - 50), (cx + 20, cy - 50), (cx + 30, cy - 46), (cx + 34, cy - 36)),
        bez((cx + 34, cy - 36), (cx + 36, cy - 30), (cx + 34, cy - 26), (cx + 30, cy - 24)),
        [(cx + 30, cy - 30), (cx + 20, cy - 30), (cx + 12, cy - 20)],
        bez((cx + 12, cy - 20), (cx + 10, cy - 14), (cx + 6, cy - 10), (cx, cy - 10)),
    )
    em.poly(outline_pts_grow(head, 1.6), dark)
    em.poly(head, metal)
    em.stroke([(cx + 17, cy - 36), (cx + 25, cy - 35)], 1.8, dark)
    em.circle((cx + 8, cy - 38), 3.2, dark)
    em.circle((cx + 8.8, cy - 38.8), 1.0, light)
    em.stroke([(cx + 1, cy - 43), (cx + 15, cy - 42)], 2.4, dark)


def outline_pts_grow(pts: Sequence[Point], d: float) -> list[Point]:
    """A polygon pushed out by about d from its centroid (a cheap outline for convex-ish shapes)."""
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    out = []
    for x, y in pts:
        r = math.hypot(x - mx, y - my) or 1.0
        out.append((x + (x - mx) / r * d, y + (y - my) / r * d))
    return out


CRESTS = {
    # name: field, field dark, metal stops, metal dark, emblem
    "gryffindor": (SCARLET, SCARLET_DARK, GOLD_METAL, GOLD_DARK, emblem_lion),
    "slytherin": (EMERALD, EMERALD_DARK, SILVER_METAL, SILVER_DARK, emblem_serpent),
    "hufflepuff": (CANARY, CANARY_DARK, SABLE_METAL, SABLE, emblem_badger),
    "ravenclaw": (SAPPHIRE, SAPPHIRE_DARK, BRONZE_METAL, BRONZE_DARK, emblem_eagle),
}


def emblem_layer(house: str) -> Canvas:
    """The house animal alone, in metal with a dark edge, on a transparent 256-pixel layer."""
    field, field_dark, metal_stops, _, emblem = CRESTS[house]
    em = Canvas(256, 256)
    emblem(em, em.linear((70, 50), (190, 200), metal_stops), field_dark, lighter(field, 0.6))
    em.under(outline(em, 2.2, darker(field_dark, 0.3)))
    return em


def crest(house: str) -> Canvas:
    """A house shield: metal rim, a deep field with a faint lattice, the house animal in relief."""
    field, field_dark, metal_stops, metal_dark, _ = CRESTS[house]
    cv = Canvas(256, 256)
    shield = cv.like()
    shield.poly(shield_pts(), WHITE)
    rim = shield.paint(cv.linear((40, 20), (216, 240), metal_stops))
    bevel(rim, 3, strength=0.7)
    cv.over(rim)
    field_area = inset(
        shield, 12, cv.linear((0, 34), (0, 228), [(0, lighter(field, 0.12)), (0.55, field), (1, field_dark)])
    )
    lattice = cv.like()
    for k in range(-12, 14):
        x = 128 + k * 22
        lattice.stroke([(x - 140, -10), (x + 140, 270)], 1.4, lighter(field, 0.25))
        lattice.stroke([(x + 140, -10), (x - 140, 270)], 1.4, lighter(field, 0.25))
    field_area.over(lattice.clip_to(field_area), 0.18)
    rim_shadow = field_area.paint((0, 0, 0)).cut(move_canvas(field_area, 0, 5))
    field_area.over(blurred(rim_shadow, 3).clip_to(field_area), 0.5)
    cv.over(outline(field_area, 1.6, metal_dark))
    cv.over(field_area)
    em = emblem_layer(house)
    em.under(shadow_of(em, 3), 0.5, (1.5, 3))
    cv.over(em)
    gloss = cv.like()
    gloss.ellipse(110, 60, 90, 50, WHITE, rot=-12)
    cv.over(gloss.clip_to(field_area), 0.08)
    drop_shadow(cv, 0, 4, 4, 0.5)
    return cv


# ============================================================================================= roundels


def roundel(size: int, base: Color, base_dark: Color, rim=GOLD_METAL, rim_width: float = 0.12) -> tuple[Canvas, Canvas]:
    """A coin-like disc: a bevelled metal rim around a softly lit coloured field. Returns (canvas, field)."""
    cv = Canvas(size, size)
    c, r = size / 2, size / 2 - size * 0.06
    disc = cv.like()
    disc.circle((c, c - size * 0.01), r, WHITE)
    rim_layer = disc.paint(cv.linear((c - r, c - r), (c + r, c + r), rim))
    bevel(rim_layer, size * 0.018, strength=0.8)
    cv.over(rim_layer)
    field = cv.like()
    field.circle(
        (c, c - size * 0.01),
        r * (1 - rim_width),
        cv.radial((c - r * 0.3, c - r * 0.4), r * 1.7, [(0, lighter(base, 0.28)), (0.55, base), (1, base_dark)]),
    )
    rim_shadow = field.paint((0, 0, 0)).cut(move_canvas(field, 0, size * 0.035))
    field.over(blurred(rim_shadow, size * 0.02).clip_to(field), 0.55)
    cv.over(outline(field, size * 0.01, darker(base_dark, 0.4)))
    cv.over(field)
    return cv, field


def finish_roundel(cv: Canvas, field: Canvas, glyph: Canvas, size: int) -> Canvas:
    """Put a glyph on a roundel with a small shadow, add a gloss and the roundel's own drop shadow."""
    glyph.under(outline(glyph, size * 0.012, (30, 20, 16)))
    glyph.under(shadow_of(glyph, size * 0.02), 0.45, (size * 0.008, size * 0.022))
    cv.over(glyph)
    gloss = cv.like()
    gloss.ellipse(size * 0.42, size * 0.28, size * 0.34, size * 0.18, WHITE, rot=-20)
    cv.over(gloss.clip_to(field), 0.1)
    drop_shadow(cv, 0, size * 0.025, size * 0.025, 0.45)
    return cv


DAY_COLOURS = {
    "mon": ((56, 62, 138), (20, 22, 64)),
    "tue": ((164, 40, 40), (80, 12, 16)),
    "wed": ((28, 116, 128), (8, 50, 62)),
    "thu": ((104, 56, 146), (44, 18, 72)),
    "fri": ((38, 116, 66), (12, 54, 28)),
}


def day_glyph(day: str, g: Canvas) -> None:
    """The symbol of one weekday on a 128-pixel canvas: moon, flame, drop, lightning, star."""
    if day == "mon":  # a crescent moon and two small stars
        moon = g.like()
        moon.circle((60, 66), 29, g.linear((40, 40), (80, 96), [(0, SILVER_LIGHT), (1, (180, 196, 222))]))
        bite = g.like()
        bite.circle((74, 56), 25, WHITE)
        g.over(moon.cut(bite))
        g.poly(star_pts(86, 80, 7, 2.8, 4, -90), SILVER_LIGHT)
        g.poly(star_pts(78, 36, 5, 2, 4, -90), SILVER_LIGHT)
    elif day == "tue":  # a flame with a bright core

        def flame(k: float, oy: float) -> list[Point]:
            pts = path(
                bez((64, 96), (90, 96), (94, 70), (82, 54)),
                bez((82, 54), (76, 46), (76, 38), (78, 30)),
                bez((78, 30), (66, 38), (62, 32), (62, 22)),
                bez((62, 22), (48, 34), (40, 50), (44, 64)),
                bez((44, 64), (34, 78), (42, 96), (64, 96)),
            )
            return scale(pts, k, k, (64, oy))

        g.poly(
            flame(1.0, 96), g.linear((0, 22), (0, 96), [(0, (255, 214, 90)), (0.6, (250, 140, 40)), (1, (214, 70, 30))])
        )
        g.poly(flame(0.55, 94), g.linear((0, 56), (0, 96), [(0, (255, 250, 200)), (1, (255, 210, 80))]))
    elif day == "wed":  # a water drop with a highlight
        right = path(bez((64, 26), (70, 42), (88, 56), (88, 74)), arc_pts(64, 74, 24, 24, 0, 90, 16))
        g.poly(
            symmetric(right, 64),
            g.linear((0, 26), (0, 98), [(0, (220, 248, 255)), (0.5, (130, 210, 240)), (1, (60, 150, 210))]),
        )
        g.stroke(arc_pts(64, 74, 15, 15, 150, 215, 10), 4, (250, 255, 255, 200))
    elif day == "thu":  # a lightning bolt
        bolt = [(74, 22), (44, 70), (60, 70), (50, 106), (86, 54), (68, 54), (82, 22)]
        g.poly(bolt, g.linear((50, 22), (78, 106), [(0, (255, 246, 170)), (0.5, (255, 212, 70)), (1, (236, 150, 30))]))
    elif day == "fri":  # a five-pointed star
        g.poly(star_pts(64, 66, 33, 14), g.radial((64, 60), 34, [(0, (255, 248, 200)), (0.7, GOLD_LIGHT), (1, GOLD)]))
        g.poly([(64, 66)] + star_pts(64, 66, 33, 14)[0:2], (255, 250, 220, 90))


def day_roundel(day: str) -> Canvas:
    base, dark = DAY_COLOURS[day]
    cv, field = roundel(128, base, dark)
    glyph = cv.like()
    day_glyph(day, glyph)
    return finish_roundel(cv, field, glyph, 128)


SYMBOL_COLOURS = {
    "clothing": ((128, 62, 150), (58, 22, 76)),
    "letter": ((44, 98, 170), (16, 40, 86)),
    "help": ((48, 140, 84), (16, 66, 36)),
    "animal": ((190, 110, 42), (106, 52, 14)),
}


def symbol_glyph(kind: str, g: Canvas) -> None:
    """A card-corner symbol on a 96-pixel canvas: robe, envelope, heart in a hand, paw print."""
    cream = g.linear((0, 22), (0, 76), [(0, (255, 252, 240)), (1, (232, 218, 190))])
    if kind == "clothing":  # a wizard's robe: hood, bell sleeves, a flared hem and a V collar
        g.ellipse(48, 27, 13, 8, (200, 186, 160))
        half = path(
            [(48, 25), (57, 25)],
            bez((57, 25), (64, 30), (72, 40), (80, 62)),
            [(80, 62), (68, 64)],
            bez((68, 64), (66, 56), (64, 50), (62, 46)),
            [(62, 46), (70, 80)],
            bez((70, 80), (62, 82), (54, 82), (48, 82)),
        )
        g.poly(symmetric(half, 48), cream)
        g.poly([(41, 26), (48, 48), (55, 26)], (150, 40, 50))
        g.poly([(45, 27), (48, 36), (51, 27)], (232, 200, 90))
        g.stroke([(48, 48), (48, 80)], 1.6, (170, 150, 124))
        g.stroke([(62, 46), (60, 56)], 1.4, (170, 150, 124))
        g.stroke([(34, 46), (36, 56)], 1.4, (170, 150, 124))
    elif kind == "letter":  # an envelope with a red wax seal
        g.rect(22, 31, 52, 36, cream, radius=3)
        g.stroke([(24, 34), (48, 53), (72, 34)], 2.2, (170, 150, 120))
        g.circle((48, 53), 8.5, g.radial((46, 50), 10, [(0, (230, 80, 80)), (1, (150, 20, 30))]))
        g.poly(star_pts(48, 53, 4.5, 2, 5), (120, 14, 24))
    elif kind == "help":  # a heart held in a cupped hand
        heart = path(bez((48, 48), (30, 36), (34, 18), (48, 28)), bez((48, 28), (62, 18), (66, 36), (48, 48)))
        g.poly(heart, g.linear((0, 20), (0, 48), [(0, (246, 110, 110)), (1, (186, 32, 44))]))
        hand = path(
            [(20, 56)],
            bez((20, 56), (28, 54), (34, 58), (44, 58)),
            bez((44, 58), (58, 58), (70, 52), (76, 46)),
            bez((76, 46), (80, 44), (84, 48), (80, 52)),
            bez((80, 52), (70, 66), (58, 74), (42, 74)),
            [(20, 74)],
        )
        g.poly(hand, cream)
        g.stroke(bez((30, 62), (38, 62), (46, 64), (52, 62), 8), 1.6, (170, 150, 124))
    elif kind == "animal":  # a paw print
        g.poly(
            path(
                bez((48, 48), (60, 48), (70, 62), (66, 70)),
                bez((66, 70), (62, 78), (54, 72), (48, 72)),
                bez((48, 72), (42, 72), (34, 78), (30, 70)),
                bez((30, 70), (26, 62), (36, 48), (48, 48)),
            ),
            cream,
        )
        for x, y, rot in ((28, 44, -20), (40, 31, -6), (56, 31, 6), (68, 44, 20)):
            g.ellipse(x, y, 6.5, 8.5, cream, rot=rot)


def corner_symbol(kind: str) -> Canvas:
    base, dark = SYMBOL_COLOURS[kind]
    cv, field = roundel(96, base, dark, rim_width=0.1)
    glyph = cv.like()
    symbol_glyph(kind, glyph)
    return finish_roundel(cv, field, glyph, 96)


# ============================================================================================= card illustrations
# Each card_* function draws one 256 x 256 illustration onto a transparent layer; card_art() adds the shared
# ink border and shadows. Shapes are drawn back to front.


def sparkle(a: Canvas, x: float, y: float, r: float, color: Color = (255, 246, 200), alpha: int = 255) -> None:
    """A four-pointed twinkle."""
    a.poly(star_pts(x, y, r, r * 0.28, 4, -90), color + (alpha,))


def card_trouble(a: Canvas) -> None:
    """A Cornish pixie: electric blue, huge pointed ears, dragonfly wings and a wicked grin."""
    wing = (200, 232, 255, 150)
    for side in (-1, 1):
        a.ellipse(128 + side * 56, 104, 46, 17, wing, rot=side * 28)
        a.ellipse(128 + side * 48, 140, 34, 12, wing, rot=-side * 14)
        a.stroke(
            ellipse_pts(128 + side * 56, 104, 46, 17, side * 28)
            + [ellipse_pts(128 + side * 56, 104, 46, 17, side * 28)[0]],
            2,
            (235, 248, 255, 220),
        )
        a.stroke(
            ellipse_pts(128 + side * 48, 140, 34, 12, -side * 14)
            + [ellipse_pts(128 + side * 48, 140, 34, 12, -side * 14)[0]],
            2,
            (235, 248, 255, 220),
        )
    skin = a.linear((0, 60), (0, 220), [(0, (110, 190, 255)), (0.5, (50, 120, 230)), (1, (30, 70, 170))])
    for side in (-1, 1):  # legs and arms
        a.tube(
            bez((128 + side * 10, 190), (128 + side * 14, 204), (128 + side * 22, 212), (128 + side * 30, 214), 12),
            9,
            skin,
        )
        a.tube(
            bez((128 + side * 18, 166), (128 + side * 36, 160), (128 + side * 48, 150), (128 + side * 56, 130), 12),
            9,
            skin,
        )
        a.circle((128 + side * 57, 127), 7, skin)
    a.ellipse(128, 178, 22, 26, skin)
    a.poly([(110, 168), (146, 168), (140, 200), (116, 200)], (70, 40, 110))  # ragged tunic
    for x in (112, 120, 128, 136, 144):
        a.poly([(x - 4, 198), (x + 4, 198), (x, 206)], (70, 40, 110))
    for side in (-1, 1):  # ears
        a.poly([(128 + side * 30, 92), (128 + side * 86, 62), (128 + side * 34, 124)], skin)
        a.poly([(128 + side * 36, 98), (128 + side * 74, 72), (128 + side * 38, 116)], (150, 90, 200))
    head = path(bez((128, 56), (160, 56), (172, 84), (168, 104)), bez((168, 104), (164, 126), (146, 142), (128, 148)))
    a.poly(symmetric(head, 128), skin)
    for x, h in ((112, 14), (124, 20), (136, 16), (146, 10)):
        a.poly([(x - 7, 62), (x + 2, 60 - h), (x + 7, 62)], (34, 60, 150))
    for side in (-1, 1):
        a.ellipse(128 + side * 17, 98, 12, 14, WHITE)
        a.circle((128 + side * 17 + 5, 100), 6.5, (30, 20, 40))
        a.circle((128 + side * 17 + 7, 97), 2, WHITE)
        a.stroke([(128 + side * 6, 86), (128 + side * 28, 78)], 4, (24, 40, 110))
    grin = path(
        bez((100, 116), (114, 124), (142, 124), (156, 114)), bez((156, 114), (150, 136), (106, 136), (100, 116))
    )
    a.poly(grin, (60, 10, 40))
    a.poly(
        path(
            bez((104, 118), (116, 124), (140, 124), (152, 118)),
            [(150, 124)],
            bez((150, 124), (136, 128), (120, 128), (106, 124)),
        ),
        WHITE,
    )
    for x in (116, 128, 140):
        a.stroke([(x, 121), (x, 127)], 1.2, (200, 200, 210))


def card_letter(a: Canvas) -> None:
    """A sealed parchment envelope, tilted, with a red wax seal."""
    c = (128, 128)

    def r(pts: Sequence[Point]) -> list[Point]:
        return rotate(pts, -8, c)

    paper = a.linear((60, 70), (200, 190), [(0, (255, 248, 226)), (1, (222, 200, 156))])
    a.poly(r([(44, 74), (212, 74), (212, 186), (44, 186)]), paper)
    a.poly(
        r([(44, 186), (128, 126), (212, 186)]),
        a.linear((0, 126), (0, 186), [(0, (236, 220, 184)), (1, (214, 190, 146))]),
    )
    a.stroke(r([(44, 186), (128, 126), (212, 186)]), 2, (176, 150, 110))
    flap = r(
        path(
            [(44, 74)],
            bez((44, 74), (80, 100), (108, 130), (128, 140)),
            bez((128, 140), (148, 130), (176, 100), (212, 74)),
        )
    )
    a.poly(flap, a.linear((0, 74), (0, 140), [(0, (250, 238, 208)), (1, (230, 210, 168))]))
    a.stroke(flap, 2, (176, 150, 110))
    sx, sy = r([(128, 140)])[0]
    blob = [
        (
            sx + (21 + 3 * math.sin(k * 1.7)) * math.cos(k * math.pi / 9),
            sy + (21 + 3 * math.sin(k * 1.7)) * math.sin(k * math.pi / 9),
        )
        for k in range(18)
    ]
    a.poly(blob, a.radial((sx - 8, sy - 8), 30, [(0, (236, 84, 84)), (0.6, (176, 26, 36)), (1, (110, 10, 20))]))
    a.ring((sx, sy), 14, 3, (120, 12, 22))
    a.poly(star_pts(sx, sy, 8, 3.4, 5), (128, 16, 26))
    a.ellipse(sx - 7, sy - 9, 5, 3, (255, 180, 180, 160), rot=-30)


def card_divination(a: Canvas) -> None:
    """A crystal ball full of violet mist on a gilded stand."""
    gold = a.linear((70, 170), (186, 230), GOLD_METAL)
    a.poly([(74, 222), (182, 222), (164, 196), (92, 196)], gold)
    a.ellipse(128, 222, 54, 8, darker(GOLD, 0.3))
    a.ellipse(128, 196, 40, 8, gold)
    for side in (-1, 1):
        a.tube(
            bez((128 + side * 30, 196), (128 + side * 44, 184), (128 + side * 46, 170), (128 + side * 38, 160), 12),
            7,
            gold,
        )
    ball = a.like()
    ball.circle(
        (128, 112),
        66,
        a.radial(
            (104, 86), 96, [(0, (236, 216, 255)), (0.35, (150, 110, 230)), (0.75, (80, 40, 160)), (1, (40, 16, 90))]
        ),
    )
    mist = a.like()
    mist.tube(
        bez((80, 130), (100, 100), (150, 150), (176, 108), 30),
        lambda t: 8 + 10 * math.sin(math.pi * t),
        (255, 255, 255),
    )
    mist.tube(
        bez((90, 90), (120, 70), (140, 120), (170, 80), 30), lambda t: 4 + 6 * math.sin(math.pi * t), (255, 230, 255)
    )
    ball.over(blurred(mist, 4).clip_to(ball), 0.45)
    ball.over(blurred(mist, 1).clip_to(ball), 0.15)
    shine = a.like()
    shine.ellipse(100, 80, 26, 15, WHITE, rot=-35)
    ball.over(blurred(shine, 2), 0.7)
    ball.circle((156, 146), 5, (255, 255, 255, 120))
    a.over(ball)
    for x, y, r in ((128, 112, 10), (104, 134, 5), (150, 92, 6)):
        sparkle(a, x, y, r)


def card_cauldron(a: Canvas) -> None:
    """An iron cauldron on a fire, green potion bubbling over."""
    outer = a.linear((0, 160), (0, 222), [(0, (255, 200, 70)), (0.6, (246, 120, 36)), (1, (210, 56, 28))])
    inner = a.linear((0, 180), (0, 222), [(0, (255, 252, 210)), (1, (255, 200, 80))])
    for x, h in ((88, 36), (108, 50), (128, 58), (148, 50), (168, 36)):  # flame tongues under the pot
        tongue = path(
            bez((x - 13, 220), (x - 16, 204), (x - 2, 196), (x + 2, 220 - h)),
            bez((x + 2, 220 - h), (x + 6, 200), (x + 16, 206), (x + 13, 220)),
        )
        a.poly(tongue, outer)
        a.poly(scale(tongue, 0.55, 0.6, (x, 220)), inner)
    for x0, x1, y in ((64, 184, 214), (76, 194, 220)):  # two logs
        a.tube([(x0, y), (x1, y)], 11, a.linear((0, y - 6), (0, y + 6), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
        a.circle((x1, y), 5.5, (196, 150, 100))
        a.ring((x1, y), 5.5, 1.2, WOOD_DARK)
    pot_layer = a.like()
    _cauldron_pot(pot_layer)
    a.over(pot_layer, offset=(0, -20))
    for x, y, r in ((110, 62, 7), (142, 48, 9), (124, 28, 6), (160, 24, 5), (98, 38, 4)):
        a.circle((x, y), r, (150, 240, 120, 210))
        a.circle((x - r * 0.3, y - r * 0.35), r * 0.3, (240, 255, 230))


def _cauldron_pot(a: Canvas) -> None:
    iron = a.linear(
        (48, 0), (208, 0), [(0, (40, 40, 48)), (0.3, (96, 96, 108)), (0.45, (70, 70, 80)), (1, (18, 18, 24))]
    )
    for side in (-1, 1):
        a.poly(
            [(128 + side * 40, 196), (128 + side * 58, 196), (128 + side * 58, 222), (128 + side * 48, 222)],
            (34, 34, 40),
        )
    pot = path(bez((212, 112), (220, 160), (186, 204), (128, 206)), bez((128, 206), (70, 204), (36, 160), (44, 112)))
    a.poly(pot, iron)
    a.stroke(bez((60, 140), (66, 170), (88, 190), (110, 196)), 4, (150, 150, 160, 140))
    a.ellipse(128, 110, 86, 18, (30, 30, 36))
    a.ellipse(128, 108, 84, 16, a.linear((0, 92), (0, 124), [(0, (120, 120, 132)), (1, (40, 40, 48))]))
    a.ellipse(128, 109, 72, 11, a.linear((0, 98), (0, 120), [(0, (170, 255, 120)), (1, (60, 170, 60))]))
    for x, y, r in ((96, 106, 9), (116, 110, 7), (150, 104, 10), (170, 110, 6), (134, 110, 5)):
        a.circle((x, y), r, (140, 240, 110))
        a.circle((x - r * 0.3, y - r * 0.35), r * 0.3, (235, 255, 220))


def card_hagrid(a: Canvas) -> None:
    """Hagrid's round stone hut: thatched cone roof, smoking chimney, lit window, a pumpkin."""
    smoke = a.like()
    for x, y, r in ((170, 48, 11), (180, 32, 14), (196, 18, 12), (164, 30, 8)):
        smoke.circle((x, y), r, (230, 226, 220))
    a.over(smoke, 0.85)
    stone = a.linear((0, 120), (0, 214), [(0, STONE_LIGHT), (1, STONE_DARK)])
    a.rect(162, 52, 20, 50, (120, 110, 100))
    a.rect(158, 48, 28, 8, (96, 88, 80))
    wall = path(
        [(62, 120), (194, 120)],
        bez((194, 120), (198, 170), (196, 196), (192, 214)),
        [(64, 214)],
        bez((64, 214), (60, 196), (58, 170), (62, 120)),
    )
    a.poly(wall, stone)
    rng = random.Random(7)
    for row in range(6):
        y = 132 + row * 14
        off = (row % 2) * 12
        for x in range(64 + off, 196, 24):
            w = rng.uniform(17, 22)
            a.ellipse(x + w / 2, y, w / 2, 6, mix(STONE_LIGHT, STONE_DARK, rng.uniform(0.1, 0.6)))
    roof = path(
        [(128, 40)],
        bez((128, 40), (150, 70), (190, 110), (216, 134)),
        bez((216, 134), (170, 144), (86, 144), (40, 134)),
        bez((40, 134), (66, 110), (106, 70), (128, 40)),
    )
    a.poly(roof, a.linear((0, 40), (0, 144), [(0, (222, 178, 96)), (1, (150, 100, 44))]))
    for k in range(-6, 7):
        a.stroke(qbez((128, 44), (128 + k * 8, 90), (128 + k * 14.5, 138)), 1.6, (130, 86, 36, 170))
    a.stroke(bez((40, 134), (86, 144), (170, 144), (216, 134)), 3, (120, 78, 32))
    door = path([(108, 214), (108, 168)], arc_pts(128, 168, 20, 20, 180, 360, 16), [(148, 214)])
    a.poly(door, a.linear((0, 150), (0, 214), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    for x in (118, 128, 138):
        a.stroke([(x, 154 if x == 128 else 156), (x, 212)], 1.4, WOOD_DARK)
    a.circle((142, 186), 2.5, GOLD)
    a.circle((82, 166), 13, (60, 40, 24))
    a.circle((82, 166), 11, a.radial((82, 166), 12, [(0, (255, 240, 170)), (1, (246, 170, 60))]))
    a.stroke([(71, 166), (93, 166)], 2, (60, 40, 24))
    a.stroke([(82, 155), (82, 177)], 2, (60, 40, 24))
    pumpkin = a.radial((200, 204), 22, [(0, (255, 170, 60)), (1, (200, 90, 20))])
    for dx in (-9, 9, 0):
        a.ellipse(206 + dx, 208, 11, 14, pumpkin)
    a.stroke([(206, 195), (209, 188)], 3, (80, 110, 40))


def card_potions(a: Canvas) -> None:
    """A round-bottomed flask of bubbling magenta potion, corked, with a little label."""
    glass = a.like()
    glass.circle((128, 158), 62, WHITE)
    glass.rect(110, 54, 36, 70, WHITE)
    glass.ellipse(128, 56, 24, 7, WHITE)
    body = glass.paint(a.radial((100, 130), 120, [(0, (236, 246, 255)), (1, (150, 190, 220))]))
    liquid = a.like()
    liquid.circle(
        (128, 158), 56, a.linear((0, 120), (0, 214), [(0, (250, 120, 200)), (0.5, (200, 50, 160)), (1, (110, 20, 100))])
    )
    cut = a.like()
    cut.rect(0, 0, 256, 130, WHITE)
    liquid.cut(cut)
    liquid.ellipse(128, 130, 48, 6, (255, 170, 225))
    for x, y, r in ((108, 170, 6), (140, 186, 4), (150, 150, 7), (120, 196, 3), (96, 148, 3)):
        liquid.circle((x, y), r, (255, 200, 240, 200))
    a.over(body, 0.55)
    a.over(liquid)
    a.rect(112, 34, 32, 26, a.linear((112, 0), (144, 0), [(0, (210, 160, 100)), (1, (140, 96, 50))]), radius=5)
    a.stroke(ellipse_pts(128, 56, 22, 6) + [ellipse_pts(128, 56, 22, 6)[0]], 3, (190, 220, 240))
    a.stroke(arc_pts(128, 158, 50, 50, 150, 230, 16), 6, (255, 255, 255, 170))
    a.stroke([(116, 64), (116, 110)], 4, (255, 255, 255, 150))
    a.poly(rotate([(94, 86), (126, 86), (126, 104), (94, 104)], -6, (110, 95)), (248, 236, 206))
    a.stroke(rotate([(98, 93), (122, 93)], -6, (110, 95)), 1.6, (150, 120, 90))
    a.stroke(rotate([(98, 98), (116, 98)], -6, (110, 95)), 1.6, (150, 120, 90))
    for x, y, r in ((170, 80, 7), (186, 110, 5), (80, 70, 5)):
        sparkle(a, x, y, r)


def card_herbology(a: Canvas) -> None:
    """A screaming mandrake seedling in a terracotta pot."""
    leaf_fill = a.linear((0, 30), (0, 120), [(0, (150, 214, 90)), (1, (50, 120, 50))])
    for ang, length, w in ((-150, 62, 17), (-30, 62, 17), (-118, 74, 18), (-62, 74, 18), (-90, 84, 19)):
        base = (128, 104)
        rad = math.radians(ang)
        tip = (base[0] + length * math.cos(rad), base[1] + length * math.sin(rad))
        mid = (base[0] + length * 0.5 * math.cos(rad), base[1] + length * 0.5 * math.sin(rad))
        nx, ny = -math.sin(rad) * w, math.cos(rad) * w
        leaf = path(qbez(base, (mid[0] + nx, mid[1] + ny), tip, 16), qbez(tip, (mid[0] - nx, mid[1] - ny), base, 16))
        a.poly(leaf, leaf_fill)
        a.stroke([base, (tip[0] * 0.85 + base[0] * 0.15, tip[1] * 0.85 + base[1] * 0.15)], 2, (40, 96, 40))
    skin = a.radial((116, 108), 44, [(0, (214, 186, 140)), (1, (150, 112, 72))])
    a.ellipse(128, 128, 34, 30, skin)
    for side in (-1, 1):
        a.stroke(arc_pts(128 + side * 13, 120, 7, 4, 200, 340, 8), 2.6, (80, 50, 30))
        a.stroke([(128 + side * 6, 110), (128 + side * 20, 112)], 2, (120, 80, 50))
    a.ellipse(128, 140, 10, 12, (70, 20, 20))
    a.ellipse(128, 145, 6, 5, (190, 70, 70))
    a.stroke(arc_pts(128, 100, 16, 5, 200, 340, 8), 1.6, (150, 110, 70))
    terracotta = a.linear((80, 0), (176, 0), [(0, (232, 134, 86)), (0.35, (214, 110, 66)), (1, (140, 62, 34))])
    a.poly([(84, 160), (172, 160), (160, 224), (96, 224)], terracotta)
    a.ellipse(128, 152, 52, 10, (60, 36, 24))
    a.rect(74, 150, 108, 20, terracotta, radius=5)
    a.stroke([(78, 168), (178, 168)], 2, (150, 70, 40))
    a.ellipse(128, 150, 48, 5, (70, 44, 28))


def card_creatures(a: Canvas) -> None:
    """A dragon's head in profile: horns, a spiny crest, a golden eye and smoke from the nostrils."""
    scale_fill = a.linear((70, 60), (200, 220), [(0, (110, 190, 110)), (0.5, (52, 130, 74)), (1, (20, 66, 40))])
    horn = a.linear((60, 40), (120, 90), [(0, (255, 248, 226)), (1, (190, 170, 130))])
    a.tube(bez((108, 88), (92, 70), (74, 56), (54, 52), 20), lambda t: 16 - 13 * t, horn)
    a.tube(bez((96, 98), (78, 88), (62, 84), (44, 88), 20), lambda t: 12 - 10 * t, horn)
    for k in range(6):  # spines down the back of the neck
        x, y = 80 - k * 4, 110 + k * 18
        a.poly([(x + 6, y - 6), (x - 18, y + 4), (x + 4, y + 14)], (180, 60, 50))
    head = path(
        [(72, 230)],
        bez((72, 230), (70, 180), (72, 130), (86, 104)),
        bez((86, 104), (100, 82), (130, 76), (154, 84)),
        bez((154, 84), (176, 90), (200, 96), (214, 108)),
        bez((214, 108), (220, 114), (218, 122), (210, 126)),
        [(160, 130), (204, 136)],
        bez((204, 136), (200, 148), (176, 156), (150, 156)),
        bez((150, 156), (130, 158), (120, 176), (118, 230)),
    )
    a.poly(head, scale_fill)
    for k in range(5):
        y = 176 + k * 11
        a.stroke(qbez((118 - k * 0.4, y), (104, y + 6), (90 - k, y + 3)), 2, (40, 90, 50))
    a.poly(path(bez((124, 160), (132, 156), (150, 156), (150, 156)), [(118, 230), (118, 200)]), (214, 196, 120))
    for k in range(4):
        a.stroke([(119, 170 + k * 15), (132 - k * 3, 166 + k * 15)], 1.6, (170, 150, 80))
    a.stroke([(160, 130), (206, 130)], 2.4, (30, 40, 24))
    for x in (170, 182, 194):
        a.poly([(x - 3, 130), (x + 3, 130), (x, 138)], WHITE)
        a.poly([(x + 3, 130), (x + 8, 130), (x + 5, 124)], WHITE)
    a.ellipse(148, 100, 11, 7, (255, 210, 60), rot=-8)
    a.ellipse(148, 100, 2.5, 6.5, (30, 20, 10))
    a.stroke([(134, 90), (160, 88)], 3, (30, 70, 40))
    a.ellipse(204, 110, 4, 2.5, (24, 40, 24), rot=30)
    smoke = a.like()
    for x, y, r in ((222, 96, 6), (232, 84, 8), (240, 68, 6)):
        smoke.circle((x, y), r, (220, 220, 226))
    a.over(smoke, 0.8)


def card_charms(a: Canvas) -> None:
    """A wand mid-flourish, a bright star at its tip and a trail of sparkles."""
    trail = a.like()
    arc = path(
        bez((180, 80), (206, 86), (228, 64), (218, 44)),
        bez((218, 44), (208, 24), (178, 32), (186, 52)),
        bez((186, 52), (194, 72), (232, 62), (240, 30)),
    )
    trail.tube(arc, lambda t: 9 * (1 - t) + 2, (255, 230, 140))
    a.over(blurred(trail, 5), 0.7)
    a.over(trail, 0.6)
    for i, (x, y) in enumerate(resample(arc, 24)[1:]):
        sparkle(a, x, y, 9 - 1.2 * i)
    wood = a.linear((60, 200), (80, 220), [(0, (176, 118, 70)), (1, (90, 50, 26))])
    a.tube([(40, 216), (100, 150)], 18, a.linear((40, 0), (100, 0), [(0, (110, 64, 34)), (1, (70, 40, 20))]))
    a.tube([(96, 154), (172, 86)], lambda t: 11 - 5 * t, wood)
    for t in (0.25, 0.55, 0.9):
        x, y = 40 + 60 * t, 216 - 66 * t
        a.stroke([(x - 7, y - 6), (x + 7, y + 6)], 3, GOLD)
    a.stroke([(46, 206), (92, 156)], 2, (210, 160, 110, 180))
    star = a.like()
    star.poly(star_pts(176, 82, 26, 6, 4, -90), (255, 252, 220))
    star.poly(star_pts(176, 82, 16, 5, 4, -45), (255, 236, 150))
    glow(star, (255, 230, 120), 8, 0.9, grow=4)
    a.over(star)
    for x, y, r in ((136, 60, 7), (150, 120, 5), (206, 120, 6)):
        sparkle(a, x, y, r)


def staircase(a: Canvas, x: float, y: float, steps: int, run: float, rise: float, direction: int = 1) -> None:
    """A floating stone flight climbing from (x, y): lit treads, a stone side and a wooden handrail."""
    profile = [(x, y)]
    for k in range(steps):
        profile += [(x + k * run * direction, y - (k + 1) * rise), (x + (k + 1) * run * direction, y - (k + 1) * rise)]
    xe, ye = profile[-1]
    thick = 20
    side = path(profile, [(xe, ye + thick), (x + run * direction, y + 4)])
    a.poly(move(side, 5 * direction, -6), STONE_LIGHT)
    a.poly(side, a.linear((0, ye), (0, y + thick), [(0, STONE), (1, STONE_DARK)]))
    for k in range(steps):
        tx = x + k * run * direction
        ty = y - (k + 1) * rise
        a.stroke([(tx, ty), (tx + run * direction, ty)], 1.6, (226, 218, 204))
    r0 = (x + run * direction * 0.5, y - rise - 34)
    r1 = (xe - run * direction * 0.5, ye - 34)
    for k in (0, steps // 2, steps - 1):
        px = x + (k + 0.5) * run * direction
        t = (px - r0[0]) / (r1[0] - r0[0])
        a.stroke([(px, y - (k + 1) * rise), (px, r0[1] + (r1[1] - r0[1]) * t)], 3, WOOD)
    a.stroke([r0, r1], 5, a.linear((0, ye - 40), (0, y), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))


def card_castle_a(a: Canvas) -> None:
    """The Moving Staircases: a flight up to a landing, a second flight swinging away, a portrait watching."""
    px, py = 18, 22  # a portrait on the wall, its occupant watching
    a.rect(px, py, 58, 72, a.linear((px, py), (px + 58, py + 72), GOLD_METAL), radius=4)
    a.rect(px + 6, py + 6, 46, 60, a.linear((0, py + 6), (0, py + 66), [(0, (70, 110, 80)), (1, (24, 50, 34))]))
    a.ellipse(px + 29, py + 58, 17, 12, (130, 30, 40))
    a.circle((px + 29, py + 38), 8.5, (236, 206, 170))
    a.poly([(px + 19, py + 33), (px + 39, py + 33), (px + 31, py + 12)], (60, 40, 90))
    a.circle((px + 26, py + 38), 1.3, INK)
    a.circle((px + 32, py + 38), 1.3, INK)
    a.stroke(arc_pts(px + 29, py + 41, 3.5, 2, 20, 160, 6), 1.1, INK)
    a.rect(136, 134, 26, 86, a.linear((136, 0), (162, 0), [(0, STONE_LIGHT), (1, STONE_DARK)]))
    a.rect(128, 210, 42, 12, STONE_DARK, radius=3)
    staircase(a, 32, 216, 6, 15, 15, 1)
    a.poly([(120, 126), (180, 126), (185, 120), (125, 120)], STONE_LIGHT)
    a.rect(120, 126, 60, 16, a.linear((0, 126), (0, 142), [(0, STONE), (1, STONE_DARK)]))
    moving = a.like()
    staircase(moving, 180, 126, 5, 15, 15, -1)
    a.over(rotate_canvas(moving, 12, (180, 126)), 1.0)
    for r in (86, 98, 110):  # swing lines trailing the moving flight
        a.stroke(arc_pts(180, 126, r, r, 214, 228, 10), 3, (255, 236, 170, 230))
    for x, y, r in ((214, 60, 7), (214, 176, 6), (110, 92, 5)):
        sparkle(a, x, y, r)


def rotate_canvas(layer: Canvas, deg: float, center: Point) -> Canvas:
    """The layer turned by deg (clockwise on screen) about center."""
    surf = layer.surf
    w, h = surf.get_size()
    cx, cy = center[0] * SS, center[1] * SS
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    big.blit(surf, (w - cx, h - cy))
    turned = pygame.transform.rotate(big, -deg)
    out = layer.like()
    tw, th = turned.get_size()
    out.surf.blit(turned, (cx - tw / 2, cy - th / 2))
    return out


def card_castle_b(a: Canvas) -> None:
    """The Third-Floor Corridor: a torchlit passage in perspective, a forbidden door at its end."""
    arch = path([(52, 226), (52, 96)], arc_pts(128, 96, 76, 64, 180, 360, 30), [(204, 226)])
    view = a.like()
    vx, vy = 128, 136
    view.poly([(0, 0), (256, 0), (vx + 22, vy - 30), (vx - 22, vy - 30)], (46, 36, 40))
    view.poly(
        [(0, 0), (vx - 22, vy - 30), (vx - 22, vy + 30), (0, 256)],
        view.linear((0, 0), (110, 0), [(0, (120, 104, 92)), (1, (70, 58, 54))]),
    )
    view.poly(
        [(256, 0), (vx + 22, vy - 30), (vx + 22, vy + 30), (256, 256)],
        view.linear((256, 0), (146, 0), [(0, (120, 104, 92)), (1, (70, 58, 54))]),
    )
    view.poly(
        [(0, 256), (vx - 22, vy + 30), (vx + 22, vy + 30), (256, 256)],
        view.linear((0, 256), (0, vy + 30), [(0, (110, 90, 76)), (1, (60, 48, 42))]),
    )
    view.poly(
        [(96, 256), (vx - 8, vy + 30), (vx + 8, vy + 30), (160, 256)],
        view.linear((0, 256), (0, vy + 30), [(0, (170, 40, 48)), (1, (90, 20, 28))]),
    )
    for k in range(1, 5):  # stone courses
        t = k / 5
        view.stroke([(t * (vx - 22), 256 - t * (256 - vy - 30) + 0), (t * (vx - 22), t * (vy - 30))], 1.4, (60, 50, 46))
        view.stroke(
            [(256 - t * (256 - vx - 22), 256 - t * (256 - vy - 30)), (256 - t * (256 - vx - 22), t * (vy - 30))],
            1.4,
            (60, 50, 46),
        )
    view.rect(vx - 22, vy - 30, 44, 60, (40, 30, 30))
    view.poly(
        path([(vx - 12, vy + 30), (vx - 12, vy - 8)], arc_pts(vx, vy - 8, 12, 12, 180, 360, 12), [(vx + 12, vy + 30)]),
        view.linear((0, vy - 20), (0, vy + 30), [(0, WOOD_LIGHT), (1, WOOD_DARK)]),
    )
    view.rect(vx - 12, vy + 27, 24, 3, (255, 220, 120))
    view.circle((vx + 7, vy + 10), 1.6, GOLD)
    for side in (-1, 1):  # torches
        tx, ty = 128 + side * 52, 112
        view.stroke([(tx, ty + 14), (tx, ty)], 5, WOOD_DARK)
        flame = view.like()
        flame.poly(
            path(
                bez((tx - 6, ty), (tx - 8, ty - 10), (tx - 2, ty - 14), (tx, ty - 24)),
                bez((tx, ty - 24), (tx + 4, ty - 14), (tx + 8, ty - 10), (tx + 6, ty)),
            ),
            (255, 200, 80),
        )
        glow(flame, (255, 170, 60), 12, 0.7, grow=10)
        view.over(flame)
    mask = a.like()
    mask.poly(arch, WHITE)
    a.over(view.clip_to(mask))
    frame = a.like()
    frame.poly(path([(36, 232), (36, 96)], arc_pts(128, 96, 92, 80, 180, 360, 30), [(220, 232)]), WHITE)
    frame.cut(mask)
    a.over(frame.paint(a.linear((0, 16), (0, 232), [(0, STONE_LIGHT), (1, STONE_DARK)])))
    for k in range(11):
        ang = 180 + k * 18
        x0, y0 = 128 + 76 * math.cos(math.radians(ang)), 96 + 64 * math.sin(math.radians(ang))
        x1, y1 = 128 + 92 * math.cos(math.radians(ang)), 96 + 80 * math.sin(math.radians(ang))
        a.stroke([(x0, y0), (x1, y1)], 1.6, STONE_DARK)
    for y in (130, 170, 210):
        a.stroke([(36, y), (52, y)], 1.6, STONE_DARK)
        a.stroke([(204, y), (220, y)], 1.6, STONE_DARK)


def card_castle_c(a: Canvas) -> None:
    """The Room of Requirement: a door appearing in a bare wall, ajar, warm light pouring out."""
    wall = a.like()
    wall.rect(32, 40, 192, 180, a.linear((0, 40), (0, 220), [(0, (196, 170, 140)), (1, (140, 116, 96))]), radius=10)
    rng = random.Random(11)
    bricks = a.like()
    for row in range(9):
        y = 44 + row * 20
        off = 22 if row % 2 else 0
        for x in range(32 - off, 224, 44):
            bricks.rect(x + 2, y, 40, 16, mix((206, 180, 150), (150, 122, 98), rng.uniform(0, 0.7)), radius=3)
    wall.over(bricks.clip_to(wall))
    a.over(wall)
    door_opening = path([(92, 214), (92, 110)], arc_pts(128, 110, 36, 40, 180, 360, 20), [(164, 214)])
    light = a.like()
    light.poly(door_opening, light.linear((0, 70), (0, 214), [(0, (255, 252, 220)), (1, (255, 214, 120))]))
    beam = a.like()
    beam.poly([(92, 214), (164, 214), (200, 240), (56, 240)], (255, 230, 150))
    a.over(blurred(beam, 4), 0.7)
    halo = light.copy()
    glow(halo, (255, 220, 130), 12, 0.9, grow=6)
    a.over(halo)
    leaf = [(92, 214), (92, 110), (112, 96), (112, 226)]
    leaf = path([(92, 214)], [(92, 112)], bez((92, 112), (96, 100), (104, 92), (114, 86)), [(114, 226)])
    a.poly(leaf, a.linear((92, 0), (114, 0), [(0, WOOD_DARK), (1, WOOD_LIGHT)]))
    a.stroke([(108, 100), (108, 222)], 1.4, WOOD_DARK)
    a.circle((110, 160), 2.6, GOLD)
    a.stroke(door_opening, 4, a.linear((0, 70), (0, 214), GOLD_METAL))
    for x, y, r in ((60, 80, 7), (196, 92, 9), (186, 170, 6), (70, 150, 5)):
        sparkle(a, x, y, r)


def card_quidditch(a: Canvas) -> None:
    """A racing broom in flight, a red Quaffle and a winged golden Snitch."""
    leather = a.radial((64, 62), 40, [(0, (236, 96, 80)), (0.7, (176, 36, 34)), (1, (110, 20, 20))])
    a.circle((80, 78), 30, leather)
    a.stroke(arc_pts(80, 78, 30, 12, 0, 180, 20), 2.2, (100, 16, 16))
    a.stroke(arc_pts(80, 78, 12, 30, -90, 90, 20), 2.2, (100, 16, 16))
    straw = a.linear((30, 150), (110, 230), [(0, (250, 214, 120)), (1, (176, 124, 50))])
    bristles = path(
        [(104, 166), (112, 178)],
        bez((112, 178), (90, 206), (62, 222), (30, 230)),
        bez((30, 230), (34, 206), (44, 186), (46, 170)),
        bez((46, 170), (62, 166), (82, 160), (104, 166)),
    )
    a.poly(bristles, straw)
    for k in range(9):
        t = k / 8
        a.stroke(qbez((106, 170), (70 - 10 * t, 172 + 30 * t), (34 + 6 * t, 176 + 50 * t)), 1.4, (160, 110, 40))
    a.tube(
        [(100, 168), (226, 58)],
        lambda t: 11 - 3 * t,
        a.linear((100, 168), (110, 180), [(0, WOOD_LIGHT), (1, WOOD_DARK)]),
    )
    a.stroke([(104, 160), (220, 58)], 2, (214, 170, 120, 160))
    for d in (0, 9):
        a.tube([(96 + d * 0.7 + 6, 166 - d * 0.7 - 6), (104 + d * 0.7 + 6, 176 - d * 0.7 - 6)], 6, GOLD_DARK)
    sx, sy = 192, 172
    for side in (-1, 1):
        wing = a.like()
        for k in range(3):
            wing.ellipse(
                sx + side * (22 + k * 4), sy - 8 - k * 5, 20 - k * 4, 6, (246, 246, 240), rot=-side * (20 + k * 14)
            )
        a.over(wing)
    a.circle((sx, sy), 13, a.radial((sx - 5, sy - 5), 18, [(0, GOLD_LIGHT), (0.6, GOLD), (1, GOLD_DARK)]))
    a.stroke(arc_pts(sx, sy, 13, 5, 0, 180, 12), 1.4, GOLD_DARK)
    for r in (22, 30):
        a.stroke(arc_pts(sx, sy, r, r, 100, 150, 8), 2, (255, 236, 170, 200))


def card_forward(a: Canvas) -> None:
    """A school pennant on a pole, snapping in the wind, gold-trimmed with a star."""
    a.tube([(68, 40), (68, 228)], 8, a.linear((64, 0), (72, 0), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    a.circle((68, 34), 9, a.radial((65, 31), 10, [(0, GOLD_LIGHT), (1, GOLD_DARK)]))
    top = bez((70, 44), (120, 30), (160, 70), (222, 84), 30)
    bottom = bez((222, 88), (170, 104), (120, 150), (70, 138), 30)
    cloth = path(top, bottom)
    folds = [
        (0, (140, 70, 200)),
        (0.25, (98, 44, 150)),
        (0.5, (130, 66, 190)),
        (0.75, (82, 34, 126)),
        (1, (110, 50, 160)),
    ]
    a.poly(cloth, a.linear((70, 0), (222, 0), folds))
    a.stroke(cloth + [cloth[0]], 5, a.linear((70, 40), (222, 140), GOLD_METAL))
    a.poly(star_pts(112, 88, 20, 8.5, 5, -80), a.radial((110, 84), 20, [(0, GOLD_LIGHT), (1, GOLD)]))
    for k in range(3):
        x0 = 150 + k * 20
        a.stroke(qbez((x0, 72 + k * 4), (x0 + 4, 88 + k * 2), (x0 - 2, 110 - k * 4)), 1.6, (60, 24, 90, 150))


def card_uniform(a: Canvas) -> None:
    """A black school robe on a wooden hanger: white collar, gold-trimmed front, a blank crest patch."""
    a.stroke(
        path(
            arc_pts(128, 36, 12, 12, 180, 360, 14),
            [(140, 36), (140, 42)],
            bez((140, 42), (140, 50), (128, 50), (128, 58)),
        ),
        4,
        a.linear((110, 20), (146, 60), GOLD_METAL),
    )
    cloth = a.linear(
        (40, 0), (216, 0), [(0, (70, 64, 82)), (0.3, (46, 42, 56)), (0.7, (34, 30, 42)), (1, (20, 18, 26))]
    )
    half = path(
        [(128, 64), (156, 62)],
        bez((156, 62), (176, 66), (190, 78), (198, 100)),
        bez((198, 100), (210, 130), (220, 160), (222, 178)),
        [(196, 184)],
        bez((196, 184), (190, 160), (184, 140), (178, 124)),
        bez((178, 124), (186, 160), (192, 200), (196, 228)),
        bez((196, 228), (160, 234), (140, 234), (128, 234)),
    )
    a.poly(symmetric(half, 128), cloth)
    a.poly([(110, 64), (128, 110), (146, 64)], (246, 244, 236))
    a.poly([(120, 64), (128, 84), (136, 64)], (200, 198, 192))
    a.stroke([(128, 110), (128, 232)], 3.5, GOLD)
    a.stroke([(110, 64), (128, 110), (146, 64)], 3.5, GOLD)
    for side in (-1, 1):
        a.stroke([(128 + side * 58, 122), (128 + side * 51, 180)], 1.8, (16, 14, 20))
        a.stroke([(128 + side * 70, 178), (128 + side * 94, 174)], 3, GOLD)
    a.rect(70, 68, 116, 8, a.linear((0, 66), (0, 78), [(0, WOOD_LIGHT), (1, WOOD_DARK)]), radius=4)
    patch = move(scale(shield_pts(), 0.15, 0.15, (128, 128)), 18, -2)
    a.poly(patch, GOLD)
    a.poly(scale(patch, 0.8, 0.8, (146, 126)), (60, 56, 70))


def card_elf(a: Canvas) -> None:
    """A house-elf: bat-like ears, enormous green eyes, a long nose and a tea-towel toga."""
    skin = a.radial((116, 96), 90, [(0, (226, 218, 182)), (0.7, (190, 180, 142)), (1, (150, 140, 108))])
    a.poly(
        path(
            [(88, 196), (168, 196)],
            bez((168, 196), (190, 206), (198, 220), (200, 232)),
            [(56, 232)],
            bez((56, 232), (58, 220), (66, 206), (88, 196)),
        ),
        a.linear((0, 196), (0, 232), [(0, (236, 228, 208)), (1, (196, 184, 160))]),
    )
    for x in (76, 96, 116, 136, 156, 176):
        a.stroke([(x, 200), (x + 4, 230)], 2, (180, 80, 70))
    for side in (-1, 1):
        ear = [
            (128 + side * 36, 90),
            (128 + side * 116, 70),
            (128 + side * 100, 96),
            (128 + side * 108, 118),
            (128 + side * 40, 128),
        ]
        a.poly(ear, skin)
        a.poly(scale(ear[1:4], 0.85, 0.8, (128 + side * 60, 100)) + [(128 + side * 46, 112)], (214, 150, 140))
    a.rect(114, 170, 28, 32, a.linear((0, 170), (0, 200), [(0, (150, 140, 108)), (1, (190, 180, 142))]))
    head = path(bez((128, 42), (168, 42), (182, 80), (178, 116)), bez((178, 116), (174, 160), (150, 190), (128, 192)))
    a.poly(symmetric(head, 128), skin)
    for side in (-1, 1):
        ex = 128 + side * 24
        a.ellipse(ex, 116, 19, 21, WHITE)
        a.circle((ex + side * 2, 119), 13, a.radial((ex, 114), 16, [(0, (160, 230, 120)), (1, (40, 120, 50))]))
        a.circle((ex + side * 2, 120), 7, (16, 24, 16))
        a.circle((ex + side * 2 - 4, 114), 3.4, WHITE)
        a.stroke(arc_pts(ex, 116, 21, 23, 200, 340, 12), 2.2, (150, 130, 100))
    a.poly(
        [(122, 118), (134, 118), (140, 156), (128, 160)],
        a.linear((122, 0), (140, 0), [(0, (230, 220, 186)), (1, (170, 158, 120))]),
    )
    a.stroke(arc_pts(128, 164, 18, 8, 20, 160, 12), 2.6, (110, 70, 60))
    a.stroke(arc_pts(128, 72, 18, 6, 200, 340, 10), 1.6, (170, 156, 120))


def card_history(a: Canvas) -> None:
    """A heavy leather-bound history book with gold corners, a scroll and a quill."""
    a.tube(bez((186, 56), (200, 40), (214, 30), (226, 20), 12), lambda t: 16 - 12 * t, (250, 250, 246))
    a.stroke([(150, 120), (226, 20)], 2, (200, 196, 190))
    a.poly([(176, 36), (64, 56), (76, 178), (188, 160)], (246, 236, 206))
    for k in range(6):
        a.stroke([(180 + k * 0.4, 44 + k * 20), (186, 44 + k * 20)], 1, (200, 184, 150))
    cover = [(60, 40), (172, 24), (182, 150), (72, 168)]
    a.poly(move(cover, 8, 10), (246, 236, 206))
    a.poly(cover, a.linear((60, 30), (180, 170), [(0, (150, 56, 40)), (1, (86, 26, 20))]))
    a.poly([(60, 40), (72, 168), (62, 170), (52, 44)], (70, 20, 16))
    a.stroke(scale(cover, 0.86, 0.86, (121, 96)) + [scale(cover, 0.86, 0.86, (121, 96))[0]], 2, GOLD)
    a.poly(rotate([(121, 72), (136, 96), (121, 120), (106, 96)], -6, (121, 96)), GOLD)
    a.poly(rotate([(121, 82), (130, 96), (121, 110), (112, 96)], -6, (121, 96)), (120, 40, 30))
    for (x, y), d in zip(cover, ((1, 1), (-1, 1), (-1, -1), (1, -1)), strict=False):
        a.poly([(x, y), (x + 16 * d[0], y - 2 * d[0] * d[1]), (x + 2 * d[0], y + 16 * d[1])], GOLD)
    paper = a.linear((0, 178), (0, 226), [(0, (252, 244, 220)), (1, (214, 194, 150))])
    a.rect(56, 184, 144, 34, paper)
    for k in range(3):
        a.stroke([(70, 193 + k * 8), (180 - k * 20, 193 + k * 8)], 2, (150, 120, 90))
    for x in (50, 206):
        a.ellipse(x, 201, 9, 20, a.linear((x - 9, 0), (x + 9, 0), [(0, (236, 220, 180)), (1, (176, 150, 104))]))
        a.ellipse(x, 201, 4, 8, (150, 120, 80))


def card_help_owlery(a: Canvas) -> None:
    """A tawny owl on a branch, looking straight at you, with a rolled letter in its talons."""
    a.tube(
        bez((30, 206), (90, 200), (160, 212), (228, 200), 20),
        12,
        a.linear((0, 196), (0, 214), [(0, WOOD_LIGHT), (1, WOOD_DARK)]),
    )
    a.ellipse(214, 190, 12, 6, (90, 150, 70), rot=-30)
    feathers = a.radial((120, 110), 110, [(0, (196, 150, 100)), (0.6, (150, 100, 60)), (1, (96, 60, 32))])
    for side in (-1, 1):
        a.poly([(128 + side * 30, 70), (128 + side * 50, 40), (128 + side * 50, 80)], feathers)
    a.ellipse(128, 136, 56, 70, feathers)
    a.ellipse(128, 158, 34, 44, (236, 214, 176))
    for row in range(3):
        for k in range(3):
            x, y = 112 + k * 16 - (row % 2) * 8 + 4, 142 + row * 14
            a.stroke([(x - 4, y), (x, y + 4), (x + 4, y)], 2, (160, 120, 80))
    for side in (-1, 1):
        a.ellipse(
            128 + side * 48,
            148,
            18,
            46,
            a.linear((0, 100), (0, 200), [(0, (150, 100, 60)), (1, (86, 52, 28))]),
            rot=side * 10,
        )
        for k in range(3):
            a.stroke([(128 + side * 46, 140 + k * 16), (128 + side * 56, 150 + k * 16)], 1.8, (70, 40, 20))
        a.circle((128 + side * 22, 104), 27, (244, 226, 194))
        a.circle(
            (128 + side * 22, 104), 15, a.radial((128 + side * 22, 100), 16, [(0, (255, 220, 90)), (1, (230, 140, 20))])
        )
        a.circle((128 + side * 22, 105), 8.5, (20, 14, 10))
        a.circle((128 + side * 22 - 3, 101), 3, WHITE)
        for k in range(3):
            a.stroke(
                [(128 + side * 16 + k * side * 4, 206), (128 + side * 14 + k * side * 5, 212)], 3.4, (230, 150, 40)
            )
    a.poly([(120, 116), (136, 116), (128, 134)], (240, 170, 50))
    a.stroke([(104, 78), (128, 90), (152, 78)], 3, (110, 70, 40))


def card_help_firstyears(a: Canvas) -> None:
    """A first-year's pointed hat perched on a stack of new schoolbooks."""
    books = [
        ((58, 178, 140, 24), (60, 100, 160)),
        ((70, 154, 120, 24), (150, 50, 50)),
        ((64, 132, 128, 22), (50, 120, 70)),
    ]
    for (x, y, w, h), col in books:
        a.rect(x, y, w, h, a.linear((0, y), (0, y + h), [(0, lighter(col, 0.2)), (1, darker(col, 0.25))]), radius=3)
        a.rect(x + w - 10, y + 4, 8, h - 8, (246, 236, 210), radius=2)
        a.stroke([(x + 14, y + 2), (x + 14, y + h - 2)], 2.5, GOLD)
    hat = a.linear((80, 0), (176, 0), [(0, (70, 64, 84)), (0.5, (40, 36, 50)), (1, (20, 18, 26))])
    a.ellipse(128, 126, 70, 14, (26, 24, 32))
    a.poly(
        path(
            [(92, 124)],
            bez((92, 124), (104, 90), (112, 60), (124, 40)),
            bez((124, 40), (136, 24), (160, 26), (176, 40)),
            bez((176, 40), (158, 40), (146, 50), (142, 64)),
            bez((142, 64), (148, 90), (158, 110), (164, 124)),
        ),
        hat,
    )
    a.ellipse(128, 122, 36, 7, (30, 28, 38))
    a.poly([(98, 106), (158, 106), (163, 122), (93, 122)], (110, 60, 150))
    a.rect(120, 106, 16, 16, GOLD, radius=2)
    a.rect(124, 110, 8, 8, (110, 60, 150))


def card_help_hagrid(a: Canvas) -> None:
    """One of Hagrid's enormous laced boots."""
    leather = a.linear((50, 40), (220, 210), [(0, (172, 112, 64)), (0.5, (128, 76, 40)), (1, (76, 42, 20))])
    boot = path(
        [(70, 40), (152, 36)],
        bez((152, 36), (150, 80), (150, 120), (156, 142)),
        bez((156, 142), (190, 150), (222, 166), (224, 190)),
        [(224, 198), (62, 198)],
        bez((62, 198), (70, 150), (66, 90), (70, 40)),
    )
    a.poly(boot, leather)
    a.ellipse(111, 40, 42, 8, (60, 34, 16))
    a.poly([(56, 196), (228, 196), (228, 214), (62, 214)], (48, 32, 24))
    a.rect(58, 206, 52, 12, (36, 24, 18), radius=3)
    a.stroke(bez((156, 142), (168, 150), (176, 160), (178, 196)), 2, (80, 44, 20))
    a.stroke(bez((200, 160), (186, 170), (186, 186), (190, 196)), 2, (80, 44, 20))
    for k in range(6):
        y = 58 + k * 16
        a.stroke([(128, y), (152, y + 10)], 3, (230, 210, 170))
        a.stroke([(152, y), (128, y + 10)], 3, (236, 220, 180))
        a.circle((128, y), 2.6, GOLD)
        a.circle((152, y), 2.6, GOLD)
    a.stroke(bez((140, 58), (128, 40), (110, 34), (100, 22), 12), 3, (236, 220, 180))
    a.stroke(bez((140, 58), (154, 44), (170, 40), (176, 26), 12), 3, (236, 220, 180))
    a.stroke(bez((80, 60), (84, 110), (80, 150), (86, 190)), 5, (200, 150, 100, 120))


def card_help_uniforms(a: Canvas) -> None:
    """A spool of red thread, the thread looping up through the eye of a big silver needle."""
    needle = path(
        [(200, 34)],
        bez((200, 34), (214, 36), (214, 50), (208, 62)),
        [(146, 220)],
        [(190, 56)],
        bez((190, 56), (188, 44), (190, 34), (200, 34)),
    )
    a.poly(needle, a.linear((186, 0), (214, 0), [(0, SILVER_LIGHT), (0.5, SILVER), (1, SILVER_DARK)]))
    a.ellipse(202, 46, 3.2, 8, (240, 232, 210), rot=22)
    wood = a.linear((52, 0), (120, 0), [(0, WOOD_LIGHT), (1, WOOD_DARK)])
    a.ellipse(86, 212, 38, 10, wood)
    a.rect(48, 132, 76, 80, wood)
    a.rect(54, 136, 64, 72, a.linear((54, 0), (118, 0), [(0, (236, 90, 90)), (0.4, (200, 40, 50)), (1, (120, 16, 28))]))
    for k in range(9):
        a.stroke([(55, 140 + k * 8), (117, 143 + k * 8)], 1, (120, 16, 28, 160))
    a.ellipse(86, 132, 38, 10, a.linear((48, 0), (124, 0), [(0, (214, 170, 120)), (1, (150, 104, 60))]))
    a.ellipse(86, 132, 8, 3, WOOD_DARK)
    thread = path(
        bez((118, 150), (150, 140), (160, 96), (198, 64)),
        bez((198, 64), (214, 46), (226, 40), (222, 66)),
        bez((222, 66), (218, 100), (196, 120), (212, 150)),
    )
    a.stroke(thread, 3, (200, 36, 46))


def card_help_nargles(a: Canvas) -> None:
    """A nargle: a mischievous fluttering thing with four jewel-coloured wings and curly antennae."""
    wing_up = a.linear((40, 40), (128, 128), [(0, (120, 220, 230)), (0.5, (150, 110, 230)), (1, (240, 120, 200))])
    wing_low = a.linear((60, 200), (128, 140), [(0, (250, 200, 110)), (1, (240, 110, 170))])
    for side in (-1, 1):
        up = path(
            bez((128, 120), (128 + side * 30, 60), (128 + side * 96, 36), (128 + side * 98, 76)),
            bez((128 + side * 98, 76), (128 + side * 100, 110), (128 + side * 60, 134), (128, 130)),
        )
        low = path(
            bez((128, 134), (128 + side * 60, 136), (128 + side * 84, 170), (128 + side * 66, 194)),
            bez((128 + side * 66, 194), (128 + side * 48, 214), (128 + side * 20, 176), (128, 140)),
        )
        a.poly(low, wing_low)
        a.poly(up, wing_up)
        a.circle((128 + side * 66, 80), 13, (255, 250, 230))
        a.circle((128 + side * 66, 80), 8, (70, 40, 120))
        a.circle((128 + side * 52, 170), 7, (255, 240, 220))
        for k in range(3):
            a.stroke(
                qbez(
                    (128 + side * 10, 122),
                    (128 + side * (40 + k * 10), 96 - k * 16),
                    (128 + side * (80 + k * 4), 60 + k * 20),
                ),
                1.4,
                (255, 255, 255, 120),
            )
    body = a.linear((110, 0), (146, 0), [(0, (110, 70, 160)), (1, (50, 24, 80))])
    a.ellipse(128, 150, 11, 42, body)
    a.circle((128, 104), 15, body)
    for side in (-1, 1):
        a.stroke(
            bez((128 + side * 5, 92), (128 + side * 10, 66), (128 + side * 34, 60), (128 + side * 30, 46), 16),
            2.4,
            (60, 30, 90),
        )
        a.stroke(
            arc_pts(128 + side * 24, 46, 6, 6, 0, 300, 16) if side > 0 else arc_pts(128 - 24, 46, 6, 6, 240, 540, 16),
            2.4,
            (60, 30, 90),
        )
        a.circle((128 + side * 6, 102), 5, WHITE)
        a.circle((128 + side * 6, 103), 2.6, (20, 10, 30))
    a.stroke(arc_pts(128, 108, 5, 3, 20, 160, 8), 1.6, (255, 200, 230))
    for x, y, r in ((40, 150, 7), (222, 140, 8), (100, 214, 5), (180, 40, 6)):
        sparkle(a, x, y, r)


def card_help_search(a: Canvas) -> None:
    """A magnifying glass with a gold rim, a star of points glinting in the lens."""
    a.tube(
        [(160, 156), (222, 222)],
        lambda t: 18 + 4 * t,
        a.linear((150, 150), (170, 140), [(0, WOOD_LIGHT), (1, WOOD_DARK)]),
    )
    a.tube([(152, 148), (168, 164)], 24, a.linear((150, 170), (176, 150), GOLD_METAL))
    lens = a.like()
    lens.circle(
        (110, 104), 62, a.radial((90, 84), 90, [(0, (246, 252, 255)), (0.6, (186, 222, 240)), (1, (120, 170, 210))])
    )
    a.over(lens, 0.8)
    a.poly(star_pts(110, 108, 30, 13), a.radial((108, 100), 32, [(0, (255, 248, 200)), (0.6, GOLD_LIGHT), (1, GOLD)]))
    a.stroke(star_pts(110, 108, 30, 13) + [star_pts(110, 108, 30, 13)[0]], 2, GOLD_DARK)
    a.stroke(arc_pts(110, 104, 48, 48, 190, 250, 16), 7, (255, 255, 255, 200))
    a.ring((110, 104), 68, 12, a.linear((50, 40), (170, 170), GOLD_METAL))
    a.ring((110, 104), 58, 2, GOLD_DARK)


def card_flywheel(a: Canvas) -> None:
    """A Time-Turner: a tiny hourglass inside two gilded rings on a fine chain."""
    gold = a.linear((58, 58), (198, 210), GOLD_METAL)
    for k in range(4):
        a.ring((128, 18 + k * 11), 5, 2.4, GOLD)
    a.ring((128, 130), 78, 10, gold)
    for ang in range(0, 360, 30):
        x, y = 128 + 73 * math.cos(math.radians(ang)), 130 + 73 * math.sin(math.radians(ang))
        a.circle((x, y), 1.8, GOLD_DARK)
    back = a.like()
    back.poly(arc_pts(128, 130, 64, 22, 180, 360, 30) + arc_pts(128, 130, 56, 16, 360, 180, 30), gold)
    a.over(back)
    glass = a.like()
    glass.poly(
        path(
            bez((104, 86), (104, 116), (124, 124), (124, 130)),
            bez((124, 130), (124, 136), (104, 144), (104, 174)),
            [(152, 174)],
            bez((152, 174), (152, 144), (132, 136), (132, 130)),
            bez((132, 130), (132, 124), (152, 116), (152, 86)),
        ),
        (220, 236, 246),
    )
    a.over(glass, 0.75)
    a.poly(
        path(bez((108, 174), (110, 160), (126, 150), (128, 146)), bez((128, 146), (130, 150), (146, 160), (148, 174))),
        a.linear((0, 146), (0, 174), [(0, GOLD_LIGHT), (1, (214, 160, 60))]),
    )
    a.poly([(116, 108), (140, 108), (129, 124), (127, 124)], (236, 196, 100))
    a.stroke([(128, 124), (128, 148)], 1.4, (236, 196, 100))
    a.stroke([(112, 96), (116, 116)], 3, (255, 255, 255, 200))
    for y in (80, 174):
        a.rect(96, y, 64, 10, gold, radius=3)
    for x in (100, 156):
        a.stroke([(x, 88), (x, 176)], 3, GOLD_DARK)
    a.poly(arc_pts(128, 130, 64, 22, 0, 180, 30) + arc_pts(128, 130, 56, 16, 180, 0, 30), gold)


def card_earphones(a: Canvas) -> None:
    """Fluffy pink earmuffs, the kind worn for repotting mandrakes."""
    band = a.linear((60, 40), (196, 60), [(0, (120, 70, 110)), (0.5, (200, 140, 190)), (1, (100, 50, 90))])
    a.tube(arc_pts(128, 150, 66, 92, 190, 350, 40), 14, band)
    rng = random.Random(5)
    for cx in (60, 196):
        puffs = [((cx, 158), 34)]
        for k in range(14):
            ang = 2 * math.pi * k / 14
            puffs.append(((cx + 30 * math.cos(ang), 158 + 34 * math.sin(ang)), rng.uniform(9, 13)))
        a.circles(
            puffs, a.radial((cx - 16, 136), 70, [(0, (255, 222, 240)), (0.5, (246, 140, 196)), (1, (190, 70, 140))])
        )
        for _ in range(9):
            ang = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(6, 26)
            x, y = cx + r * math.cos(ang), 158 + r * 1.1 * math.sin(ang)
            a.stroke(arc_pts(x, y, 6, 4, 200, 340, 6), 1.6, (255, 230, 245, 180))


CARD_ART: dict[str, tuple[Callable[[Canvas], None], tuple[float, float, float, float] | None]] = {
    "trouble": (card_trouble, (128, 232, 50, 7)),
    "letter": (card_letter, (128, 208, 84, 9)),
    "divination": (card_divination, (128, 226, 66, 8)),
    "cauldron": (card_cauldron, (128, 226, 86, 9)),
    "hagrid": (card_hagrid, (128, 218, 96, 10)),
    "potions": (card_potions, (128, 224, 60, 8)),
    "herbology": (card_herbology, (128, 226, 50, 7)),
    "creatures": (card_creatures, (110, 230, 60, 6)),
    "charms": (card_charms, (100, 226, 60, 7)),
    "castle_a": (card_castle_a, (128, 226, 90, 8)),
    "castle_b": (card_castle_b, (128, 234, 96, 8)),
    "castle_c": (card_castle_c, (128, 226, 100, 9)),
    "quidditch": (card_quidditch, (128, 234, 80, 6)),
    "forward": (card_forward, (70, 228, 40, 6)),
    "uniform": (card_uniform, (128, 236, 80, 6)),
    "elf": (card_elf, (128, 236, 80, 6)),
    "history": (card_history, (128, 226, 90, 8)),
    "help_owlery": (card_help_owlery, (128, 218, 96, 7)),
    "help_firstyears": (card_help_firstyears, (128, 204, 84, 8)),
    "help_hagrid": (card_help_hagrid, (140, 216, 96, 7)),
    "help_uniforms": (card_help_uniforms, (120, 220, 80, 7)),
    "help_nargles": (card_help_nargles, (128, 234, 50, 5)),
    "help_search": (card_help_search, (128, 226, 84, 7)),
    "flywheel": (card_flywheel, (128, 230, 60, 6)),
    "earphones": (card_earphones, (128, 214, 96, 8)),
}


def card_art(kind: str) -> Canvas:
    draw, ground = CARD_ART[kind]
    art = Canvas(256, 256)
    draw(art)
    return sticker(art, ground=ground)


# ============================================================================================= the rest


def shrink_onto(dst: Canvas, src: Canvas, box: tuple[float, float, float, float]) -> None:
    """Composite a whole canvas scaled into box (x, y, w, h) of another."""
    x, y, w, h = box
    small = pygame.transform.smoothscale(src.surf, (round(w * SS), round(h * SS)))
    dst.surf.blit(small, (round(x * SS), round(y * SS)), special_flags=pygame.BLEND_PREMULTIPLIED)


def quartered_shield(cv: Canvas, cx: float, top: float, height: float, animals: bool = True) -> Canvas:
    """The four houses quartered on one gold-rimmed shield (Gryffindor, Slytherin / Hufflepuff, Ravenclaw)."""
    k = height / 218
    pts = [(cx + (x - 128) * k, top + (y - 22) * k) for x, y in shield_pts()]
    shield = cv.like()
    shield.poly(pts, WHITE)
    out = cv.like()
    rim = shield.paint(cv.linear((cx - 92 * k, top), (cx + 92 * k, top + height), GOLD_METAL))
    bevel(rim, 3 * k, strength=0.7)
    out.over(rim)
    field = inset(shield, 9 * k, WHITE)
    mid_y = top + height * 0.45
    quarters = [("gryffindor", (-1, -1)), ("slytherin", (1, -1)), ("hufflepuff", (-1, 1)), ("ravenclaw", (1, 1))]
    for house, (sx, sy) in quarters:
        colour, dark = CRESTS[house][0], CRESTS[house][1]
        q = cv.like()
        x0 = cx if sx > 0 else 0
        y0 = mid_y if sy > 0 else 0
        q.rect(
            x0,
            y0,
            cx if sx < 0 else cv.w - cx,
            mid_y if sy < 0 else cv.h - mid_y,
            cv.linear((0, top), (0, top + height), [(0, lighter(colour, 0.1)), (1, dark)]),
        )
        q.clip_to(field)
        out.over(q)
        if animals:
            size = height * 0.42
            ex = cx + sx * height * 0.2 - size / 2
            ey = (top + height * 0.25 if sy < 0 else top + height * 0.62) - size / 2
            shrink_onto(out, emblem_layer(house), (ex, ey, size, size))
    cross = cv.like()
    cross.rect(cx - 4 * k, top, 8 * k, height, WHITE)
    cross.rect(0, mid_y - 4 * k, cv.w, 8 * k, WHITE)
    out.over(cross.clip_to(field).paint(cv.linear((cx - 50, top), (cx + 50, top + height), GOLD_METAL)))
    out.circle((cx, mid_y), 9 * k, cv.radial((cx - 3 * k, mid_y - 3 * k), 10 * k, [(0, GOLD_LIGHT), (1, GOLD_DARK)]))
    gloss = cv.like()
    gloss.ellipse(cx - 20 * k, top + 40 * k, 90 * k, 50 * k, WHITE, rot=-12)
    out.over(gloss.clip_to(field), 0.08)
    return out


def card_back() -> Canvas:
    """The back of every card: midnight purple, a starry lattice, a double gold frame and the four-house crest."""
    w, h = 400, 560
    cv = Canvas(w, h)
    card = cv.like()
    card.rect(0, 0, w, h, WHITE, radius=24)
    cv.over(card.paint(cv.radial((w / 2, h / 2), 330, [(0, (78, 52, 132)), (0.55, (44, 28, 88)), (1, (20, 12, 44))])))
    pattern = cv.like()
    for k in range(-14, 15):
        pattern.stroke([(w / 2 + k * 40 - 300, -10), (w / 2 + k * 40 + 300, h + 10)], 1.2, GOLD)
        pattern.stroke([(w / 2 + k * 40 + 300, -10), (w / 2 + k * 40 - 300, h + 10)], 1.2, GOLD)
    rng = random.Random(1693)
    for _ in range(70):
        x, y = rng.uniform(30, w - 30), rng.uniform(30, h - 30)
        pattern.poly(star_pts(x, y, rng.uniform(2, 4.5), 1.0, 4), GOLD_LIGHT)
    cv.over(pattern.clip_to(card), 0.16)
    frame = cv.like()
    frame.rect(0, 0, w, h, WHITE, radius=24)
    hole = cv.like()
    hole.rect(12, 12, w - 24, h - 24, WHITE, radius=14)
    frame.cut(hole)
    frame = frame.paint(
        cv.linear((0, 0), (w, h), [(0, GOLD_LIGHT), (0.3, GOLD), (0.5, (250, 220, 130)), (0.7, GOLD), (1, GOLD_DARK)])
    )
    bevel(frame, 2.5, strength=0.8)
    cv.over(frame)
    inner = cv.like()
    inner.rect(26, 26, w - 52, h - 52, WHITE, radius=10)
    inner.cut(_inset_rect(cv, 28.5, 10))
    cv.over(inner.paint(GOLD), 0.9)
    for cx, cy, sx, sy in ((26, 26, 1, 1), (w - 26, 26, -1, 1), (26, h - 26, 1, -1), (w - 26, h - 26, -1, -1)):
        corner = [
            (cx, cy),
            (cx + 34 * sx, cy),
            (cx + 34 * sx, cy + 6 * sy),
            (cx + 6 * sx, cy + 6 * sy),
            (cx + 6 * sx, cy + 34 * sy),
            (cx, cy + 34 * sy),
        ]
        cv.poly(corner, cv.linear((cx, cy), (cx + 34 * sx, cy + 34 * sy), GOLD_METAL))
        cv.poly(star_pts(cx + 20 * sx, cy + 20 * sy, 8, 3, 4), GOLD_LIGHT)
    for x, y in ((w / 2, 26), (w / 2, h - 26)):
        cv.poly([(x - 18, y), (x, y - 7), (x + 18, y), (x, y + 7)], GOLD)
    for x, y in ((26, h / 2), (w - 26, h / 2)):
        cv.poly([(x, y - 18), (x + 7, y), (x, y + 18), (x - 7, y)], GOLD)
    medal = cv.like()
    rays = cv.like()
    for k in range(32):
        ang = math.radians(k * 360 / 32)
        r0, r1 = 92, 130 if k % 2 == 0 else 112
        rays.poly(
            [
                (w / 2 + r0 * math.cos(ang - 0.05), h / 2 + r0 * math.sin(ang - 0.05)),
                (w / 2 + r1 * math.cos(ang), h / 2 + r1 * math.sin(ang)),
                (w / 2 + r0 * math.cos(ang + 0.05), h / 2 + r0 * math.sin(ang + 0.05)),
            ],
            GOLD,
        )
    cv.over(rays, 0.5)
    medal.circle((w / 2, h / 2), 104, cv.linear((w / 2 - 100, h / 2 - 100), (w / 2 + 100, h / 2 + 100), GOLD_METAL))
    medal.circle((w / 2, h / 2), 94, cv.radial((w / 2, h / 2 - 30), 130, [(0, (70, 46, 120)), (1, (26, 16, 54))]))
    medal.ring((w / 2, h / 2), 90, 2, GOLD)
    drop_shadow(medal, 0, 4, 6, 0.5)
    cv.over(medal)
    shield = quartered_shield(cv, w / 2, h / 2 - 80, 160)
    drop_shadow(shield, 0, 4, 4, 0.5)
    cv.over(shield)
    return cv


def _inset_rect(cv: Canvas, d: float, radius: float) -> Canvas:
    hole = cv.like()
    hole.rect(d, d, cv.w - 2 * d, cv.h - 2 * d, WHITE, radius=radius)
    return hole


def tile_noise(size: int, cells_x: int, cells_y: int, rng: random.Random) -> list[list[float]]:
    """Smooth value noise in [0, 1] that wraps around both edges (so the image tiles without seams)."""
    lattice = [[rng.random() for _ in range(cells_x)] for _ in range(cells_y)]
    sx, sy = size / cells_x, size / cells_y
    xi, xt = [], []
    for x in range(size):
        f = x / sx
        i = int(f)
        t = f - i
        xi.append(i % cells_x)
        xt.append(t * t * (3 - 2 * t))
    rows_x = []  # every lattice row interpolated along x first
    for row in lattice:
        rows_x.append([row[i] + (row[(i + 1) % cells_x] - row[i]) * t for i, t in zip(xi, xt, strict=True)])
    out = []
    for y in range(size):
        f = y / sy
        j = int(f)
        t = f - j
        t = t * t * (3 - 2 * t)
        a, b = rows_x[j % cells_y], rows_x[(j + 1) % cells_y]
        out.append([u + (v - u) * t for u, v in zip(a, b, strict=True)])
    return out


def table_texture(size: int = 512) -> pygame.Surface:
    """Dark walnut boards, four per tile, with soft straight grain: low contrast so cards stand out.

    Every noise layer wraps around, the board joints sit at whole positions and the grain has a whole number of
    lines per tile, so the texture tiles seamlessly in both directions.
    """
    rng = random.Random(20240611)
    warp = tile_noise(size, 2, 4, rng)
    warp2 = tile_noise(size, 8, 8, rng)
    streak = tile_noise(size, 4, 128, rng)
    fine = tile_noise(size, 16, 256, rng)
    dark, light = (44, 28, 20), (84, 56, 38)
    boards = 4
    board_h = size // boards
    joints = [96, 352, 224, 480]
    tints = [rng.uniform(-0.07, 0.07) for _ in range(boards)]
    phases = [rng.random() * 8 for _ in range(boards)]
    grain_lines = 36
    buf = bytearray()
    for y in range(size):
        board = y // board_h
        yy = y % board_h
        edge = min(yy, board_h - 1 - yy)
        wrow, w2row, srow, frow = warp[y], warp2[y], streak[y], fine[y]
        base = y / size * grain_lines + phases[board]
        tint = tints[board]
        for x in range(size):
            phase = base + wrow[x] * 1.2 + w2row[x] * 0.35
            ring = (0.5 + 0.5 * math.sin(2 * math.pi * phase)) ** 4
            v = 0.5 + 0.42 * (srow[x] - 0.5) + 0.22 * (frow[x] - 0.5) + tint - 0.2 * ring
            c = mix(dark, light, v)
            if edge < 2:  # the gap between boards, with a lit top edge on the lower board
                c = mix(c, (22, 13, 9), 0.7 if edge == 0 else 0.3)
            elif edge == 2 and yy < board_h // 2:
                c = mix(c, (112, 78, 54), 0.25)
            if x == joints[board]:
                c = mix(c, (22, 13, 9), 0.6)
            elif x == joints[board] + 1:
                c = mix(c, (112, 78, 54), 0.2)
            buf += bytes(c)
    return pygame.image.frombytes(bytes(buf), (size, size), "RGB")


def sorting_hat() -> Canvas:
    """The Sorting Hat: a battered, patched wizard's hat with a brim, a drooping tip and a wrinkled face."""
    cv = Canvas(256, 256)
    a = cv.like()
    cloth = cv.linear((50, 0), (210, 0), [(0, (168, 120, 72)), (0.45, (124, 84, 48)), (1, (70, 44, 24))])
    a.ellipse(128, 204, 110, 28, cv.linear((0, 176), (0, 232), [(0, (110, 74, 42)), (1, (60, 38, 20))]))
    a.ellipse(128, 198, 100, 20, cv.linear((0, 178), (0, 218), [(0, (150, 104, 62)), (1, (96, 62, 34))]))
    body = path(
        [(62, 200)],
        bez((62, 200), (76, 150), (94, 110), (104, 80)),
        bez((104, 80), (112, 56), (100, 40), (70, 40)),
        bez((70, 40), (58, 40), (48, 50), (44, 62)),
        bez((44, 62), (60, 30), (120, 14), (140, 44)),
        bez((140, 44), (154, 70), (168, 130), (194, 200)),
        bez((194, 200), (160, 212), (96, 212), (62, 200)),
    )
    a.poly(body, cloth)
    a.stroke(bez((70, 40), (86, 38), (104, 46), (110, 62)), 2.4, (70, 44, 24))
    for pts in (bez((96, 100), (114, 92), (134, 94), (150, 102)), bez((88, 124), (110, 116), (140, 118), (160, 128))):
        a.stroke(pts, 2.4, (80, 52, 28))
    a.rect(146, 140, 26, 22, (178, 136, 86), radius=3)
    for k in range(5):
        a.stroke([(148 + k * 5, 139), (149 + k * 5, 143)], 1.2, (70, 44, 24))
        a.stroke([(148 + k * 5, 159), (149 + k * 5, 163)], 1.2, (70, 44, 24))
    patch = rotate([(86, 92), (104, 90), (106, 110), (84, 112)], -8, (95, 100))
    a.poly(patch, (104, 70, 40))
    a.stroke(patch + [patch[0]], 1.2, (190, 150, 100))
    for side, x in ((-1, 110), (1, 146)):
        a.poly(
            path(
                bez((x - 16, 150), (x - 8, 140 + (2 if side < 0 else 0)), (x + 8, 140), (x + 16, 152)),
                bez((x + 16, 152), (x + 6, 148), (x - 6, 148), (x - 16, 150)),
            ),
            (40, 24, 12),
        )
        a.stroke(bez((x - 18, 142 - 4), (x - 6, 132), (x + 6, 132), (x + 18, 138), 10), 3, (86, 56, 30))
    mouth = path(bez((96, 178), (112, 172), (140, 172), (162, 180)), bez((162, 180), (146, 194), (112, 194), (96, 178)))
    a.poly(mouth, (34, 18, 10))
    a.stroke(bez((96, 178), (112, 172), (140, 172), (162, 180)), 3, (96, 62, 34))
    return sticker(a, ground=(128, 228, 104, 10))


def reward_token() -> Canvas:
    """A reward: a gold coin with a raised five-pointed star and a milled edge."""
    cv, field = roundel(128, (236, 186, 74), (170, 116, 30), rim=GOLD_METAL, rim_width=0.16)
    for k in range(40):
        ang = 2 * math.pi * k / 40
        cv.circle((64 + 52.5 * math.cos(ang), 62.7 + 52.5 * math.sin(ang)), 1.3, GOLD_DARK)
    star = cv.like()
    star.poly(
        star_pts(64, 64, 34, 14),
        cv.linear((36, 32), (92, 96), [(0, (255, 246, 190)), (0.5, GOLD_LIGHT), (1, (214, 160, 54))]),
    )
    facets = cv.like()
    pts = star_pts(64, 64, 34, 14)
    for i in range(0, 10, 2):
        facets.poly([(64, 64), pts[i], pts[(i + 1) % 10]], (255, 255, 255))
    star.over(facets.clip_to(star), 0.25)
    star.under(outline(star, 1.4, GOLD_DARK))
    star.under(shadow_of(star, 2), 0.5, (1, 2.5))
    cv.over(star)
    gloss = cv.like()
    gloss.ellipse(52, 38, 40, 20, WHITE, rot=-25)
    cv.over(gloss.clip_to(field), 0.15)
    drop_shadow(cv, 0, 3, 3, 0.45)
    return cv


def token_back() -> Canvas:
    """The back of a choice token: a turned wooden disc, end grain rings and a faint burnt rune."""
    cv = Canvas(128, 128)
    disc = cv.like()
    disc.circle((64, 63), 58, cv.radial((56, 54), 74, [(0, (196, 146, 92)), (0.6, (164, 114, 66)), (1, (118, 76, 40))]))
    rings = cv.like()
    rng = random.Random(31)
    for r in range(6, 58, 6):
        wob = rng.uniform(0.6, 1.6)
        pts = [
            (64 + (r + wob * math.sin(3 * t + r)) * math.cos(t), 63 + (r + wob * math.cos(2 * t + r)) * math.sin(t))
            for t in (2 * math.pi * i / 96 for i in range(96))
        ]
        rings.stroke(pts + [pts[0]], 1.0, (90, 54, 26))
    disc.over(rings.clip_to(disc), 0.3)
    rune = cv.like()
    rune.ring((64, 63), 30, 2.4, (60, 30, 12))
    rune.stroke([(64, 90), (64, 38)], 3, (60, 30, 12))
    rune.stroke([(64, 58), (48, 42)], 3, (60, 30, 12))
    rune.stroke([(64, 58), (80, 42)], 3, (60, 30, 12))
    rune.stroke([(64, 74), (52, 84)], 3, (60, 30, 12))
    rune.stroke([(64, 74), (76, 84)], 3, (60, 30, 12))
    disc.over(blurred(rune, 1.0), 0.5)
    bevel(disc, 3, light=(255, 230, 190), strength=0.6)
    disc.under(outline(disc, 1.2, (70, 40, 18)))
    drop_shadow(disc, 0, 3, 3, 0.45)
    cv.over(disc)
    return cv


def app_icon() -> Canvas:
    """The window icon: the four-house shield on a midnight tile with a gold edge."""
    cv = Canvas(64, 64)
    tile = cv.like()
    tile.rect(2, 2, 60, 60, WHITE, radius=12)
    cv.over(tile.paint(cv.linear((0, 0), (64, 64), GOLD_METAL)))
    inner = cv.like()
    inner.rect(4.5, 4.5, 55, 55, WHITE, radius=10)
    cv.over(inner.paint(cv.radial((32, 26), 44, [(0, (88, 60, 150)), (1, (24, 14, 50))])))
    cv.over(quartered_shield(cv, 32, 9, 46, animals=False))
    return cv


# ============================================================================================= main

DAYS = ("mon", "tue", "wed", "thu", "fri")
HOUSES = ("gryffindor", "slytherin", "hufflepuff", "ravenclaw")
SYMBOLS = ("clothing", "letter", "help", "animal")


def all_images() -> list[tuple[str, Callable[[], Canvas]]]:
    """Every PNG this script makes, as (file name, function that draws it)."""
    jobs: list[tuple[str, Callable[[], Canvas]]] = []
    jobs += [(f"crests/{h}.png", lambda h=h: crest(h)) for h in HOUSES]
    jobs += [(f"days/{d}.png", lambda d=d: day_roundel(d)) for d in DAYS]
    jobs += [(f"symbols/{s}.png", lambda s=s: corner_symbol(s)) for s in SYMBOLS]
    jobs += [(f"cards/{k}.png", lambda k=k: card_art(k)) for k in CARD_ART]
    jobs += [
        ("card_back.png", card_back),
        ("hat.png", sorting_hat),
        ("reward.png", reward_token),
        ("token_back.png", token_back),
        ("icon.png", app_icon),
    ]
    return jobs


def main(argv: Sequence[str] = ()) -> None:
    """Draw everything (or only the files whose names contain one of the arguments)."""
    pygame.init()
    wanted = [a for a in argv if not a.startswith("-")]
    for name, draw in all_images():
        if wanted and not any(w in name for w in wanted):
            continue
        save(draw(), name)
        print("wrote", name)
    if not wanted or any(w in "table.png" for w in wanted):
        target = OUT / "table.png"
        pygame.image.save(table_texture(), str(target))
        print("wrote table.png")


if __name__ == "__main__":
    main(sys.argv[1:])
