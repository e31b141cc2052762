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
INK_SOFT = (78, 54, 40)
WHITE = (255, 255, 255)
CREAM = (252, 244, 222)
PARCHMENT = (238, 224, 188)
PARCHMENT_DARK = (200, 172, 122)
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
        (cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)), cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n)))
        for i in range(n + 1)
    ]


def bez(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """A cubic Bezier curve as n + 1 points."""
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append((
            u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
            u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
        ))
    return pts


def qbez(p0: Point, p1: Point, p2: Point, n: int = 20) -> list[Point]:
    """A quadratic Bezier curve as n + 1 points."""
    return [
        ((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
         (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
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

Fill = "tuple[int, ...] | pygame.Surface"


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

    def _draw(self, fn: Callable[[pygame.Surface, Color], object], fill) -> None:
        if isinstance(fill, tuple | list) and (len(fill) == 3 or fill[3] == 255):
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

    def polys(self, shapes: Sequence[Sequence[Point]], fill) -> None:
        """Several polygons filled as one (so a translucent fill does not double up where they overlap)."""
        scaled = [[(x * SS, y * SS) for x, y in pts] for pts in shapes]

        def draw(s: pygame.Surface, c: Color) -> None:
            for pts in scaled:
                pygame.draw.polygon(s, c, pts)

        self._draw(draw, fill)

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

        self._draw(draw, fill)

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
                pygame.draw.polygon(s, c, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
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
                    pygame.draw.polygon(s, c, [(px + nx * pr, py + ny * pr), (x * SS + nx * r, y * SS + ny * r),
                                               (x * SS - nx * r, y * SS - ny * r), (px - nx * pr, py - ny * pr)])
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


def outline(layer: Canvas, width: float, fill=INK) -> Canvas:
    """The layer's silhouette grown by width (final pixels), filled: put it beneath the layer for a border."""
    return layer.from_mask(dilate(layer.mask(8), width * SS), fill)


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


def sticker(art: Canvas, border: float = 3.0, ground: tuple[float, float, float, float] | None = None,
            shadow: float = 0.35) -> Canvas:
    """The house style for illustrations: a dark ink border, a soft drop shadow and a ground shadow."""
    out = art.like()
    if ground:
        gx, gy, grx, gry = ground
        pad = art.like()
        pad.ellipse(gx, gy, grx, gry, (20, 10, 6))
        out.over(blurred(pad, 5), 0.35)
    body = art.copy()
    body.under(outline(art, border, INK))
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
        em.poly(rotate([(-s * 1.3, 0), (0, -s * 0.8), (s * 1.3, 0), (0, s * 0.8)], ang), mix(SILVER_DARK, dark, 0.4)) if False else None
        em.poly(move(rotate([(-s * 1.3, 0), (0, -s * 0.8), (s * 1.3, 0), (0, s * 0.8)], ang), dense[i][0], dense[i][1]),
                mix(SILVER_DARK, dark, 0.45))
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
    em.poly(symmetric(move(half, cx, cy), cx), em.linear((0, cy - 46), (0, cy + 50), [(0, CREAM), (1, (222, 210, 190))]))
    for side in (-1, 1):
        stripe = bez((cx + side * 28, cy - 44), (cx + side * 27, cy - 18), (cx + side * 20, cy + 10),
                     (cx + side * 7, cy + 40))
        em.tube(stripe, lambda t: 26 - 16 * t, SABLE)
        em.circle((cx + side * 21, cy - 2), 4.2, (12, 10, 10))
        em.circle((cx + side * 22.2, cy - 3.4), 1.6, WHITE)
    em.ellipse(cx, cy + 41, 11, 8, SABLE)
    em.ellipse(cx - 3, cy + 38, 3.5, 2, SABLE_LIGHT)


def feather(em: Canvas, base: Point, tip: Point, width: float, fill, edge: Color) -> None:
    """One long feather: a tapering quill with a dark edge so neighbours stay apart."""
    def taper(t: float, w: float = width) -> float:
        return w * (1 - 0.75 * t ** 1.6)

    em.tube([base, tip], lambda t: taper(t) + 3, edge)
    em.tube([base, tip], taper, fill)


def emblem_eagle(em: Canvas, metal, dark: Color, light: Color) -> None:
    """A heraldic eagle displayed: fanned wings raised, head turned right, fanned tail."""
    cx, cy = 128, 132
    for side in (-1, 1):
        sx, sy = cx + side * 10, cy - 10
        for ang, length, w in [(-12, 46, 13), (-28, 58, 14), (-44, 66, 14), (-60, 70, 14), (-76, 66, 13)]:
            a = math.radians(ang)
            base = (sx + side * 12 * math.cos(a), sy + 12 * math.sin(a))
            tip = (sx + side * length * math.cos(a), sy + length * math.sin(a))
            feather(em, base, tip, w, metal, dark)
        em.ellipse(cx + side * 24, cy - 22, 22, 14, dark, rot=-side * 42)
        em.ellipse(cx + side * 24, cy - 22, 20, 12, metal, rot=-side * 42)
    for ang in (60, 75, 90, 105, 120):
        a = math.radians(ang)
        feather(em, (cx, cy + 22), (cx + 34 * math.cos(a), cy + 22 + 34 * math.sin(a)), 11, metal, dark)
    em.ellipse(cx, cy + 4, 18, 28, metal)
    for k in range(3):
        y = cy - 2 + k * 10
        em.stroke([(cx - 8, y), (cx, y + 5), (cx + 8, y)], 2, dark)
    for side in (-1, 1):
        em.stroke([(cx + side * 9, cy + 26), (cx + side * 16, cy + 38)], 5, metal)
        for d in (-5, 0, 5):
            em.stroke([(cx + side * 16, cy + 38), (cx + side * 16 + d, cy + 44)], 2.2, dark)
    em.circle((cx + 2, cy - 30), 15, metal)
    em.poly([(cx + 10, cy - 38), (cx + 28, cy - 34), (cx + 31, cy - 24), (cx + 26, cy - 26), (cx + 12, cy - 22)], metal)
    em.stroke([(cx + 14, cy - 29), (cx + 24, cy - 29)], 1.6, dark)
    em.circle((cx + 7, cy - 33), 3.2, dark)
    em.stroke([(cx - 1, cy - 39), (cx + 12, cy - 37)], 2.4, dark)


CRESTS = {
    # name: field, field dark, metal stops, metal dark, emblem
    "gryffindor": (SCARLET, SCARLET_DARK, GOLD_METAL, GOLD_DARK, emblem_lion),
    "slytherin": (EMERALD, EMERALD_DARK, SILVER_METAL, SILVER_DARK, emblem_serpent),
    "hufflepuff": (CANARY, CANARY_DARK, SABLE_METAL, SABLE, emblem_badger),
    "ravenclaw": (SAPPHIRE, SAPPHIRE_DARK, BRONZE_METAL, BRONZE_DARK, emblem_eagle),
}


def crest(house: str) -> Canvas:
    """A house shield: metal rim, a deep field with a faint lattice, the house animal in relief."""
    field, field_dark, metal_stops, metal_dark, emblem = CRESTS[house]
    cv = Canvas(256, 256)
    shield = cv.like()
    shield.poly(shield_pts(), WHITE)
    rim = shield.paint(cv.linear((40, 20), (216, 240), metal_stops))
    bevel(rim, 3, strength=0.7)
    cv.over(rim)
    field_area = inset(shield, 12, cv.linear((0, 34), (0, 228), [(0, lighter(field, 0.12)), (0.55, field),
                                                                  (1, field_dark)]))
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
    em = cv.like()
    emblem(em, em.linear((70, 50), (190, 200), metal_stops), field_dark, lighter(field, 0.6))
    em.under(outline(em, 2.2, darker(field_dark, 0.3)))
    em.under(shadow_of(em, 3), 0.5, (1.5, 3))
    cv.over(em)
    gloss = cv.like()
    gloss.ellipse(110, 60, 90, 50, WHITE, rot=-12)
    cv.over(gloss.clip_to(field_area), 0.08)
    drop_shadow(cv, 0, 4, 4, 0.5)
    return cv
