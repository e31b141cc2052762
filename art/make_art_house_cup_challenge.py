"""Draw every picture House Cup Challenge uses, from code, into ``art/house_cup_challenge/``.

Run ``python art/make_art_house_cup_challenge.py`` (from anywhere; ``... places`` redraws only the files whose
names contain "places"). It reuses the drawing machinery of ``art/make_art.py`` (the supersampled premultiplied
``Canvas``, outlines, glows, bevels, roundels and the ``sticker`` style of the House Cup cards), so the games
share one look. The output is deterministic: every random number comes from a generator with a fixed seed.

What it draws:

- the board's floors, one 128-pixel tile per kind of space: the Forbidden Forest (pines), the grounds (grass),
  the Black Lake (water), the Lakeshore, rooms (flagstones), corridors (flagstones and a runner), staircases
  and landings (steps) and the Gryffindor Common Room (a hearth rug);
- a 256-pixel illustration of each named place that has no picture among the House Cup cards (``places/``),
  drawn over its space on the board and on the Adventure Cards played there;
- the three ability roundels of the cards' Test key (Knowledge, Skill, Honor), the secret passage's mark,
  the characters' tokens, the Wand and the Prefect's badge.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_art as base  # noqa: E402
import pygame  # noqa: E402
from make_art import (  # noqa: E402
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    GOLD_METAL,
    INK,
    SILVER_METAL,
    STONE,
    STONE_DARK,
    STONE_LIGHT,
    WHITE,
    WOOD,
    WOOD_DARK,
    WOOD_LIGHT,
    Canvas,
    arc_pts,
    bevel,
    bez,
    blurred,
    darker,
    drop_shadow,
    glow,
    lighter,
    mix,
    outline,
    path,
    qbez,
    rotate,
    sparkle,
    star_pts,
    sticker,
    symmetric,
)

FOLDER = "house_cup_challenge"
TILE = 128
Colour = tuple[int, ...]


# ============================================================================================= floors


def _noise(cv: Canvas, rng: random.Random, colours: Sequence[Colour], count: int, size: tuple[float, float]) -> None:
    """Soft speckles of the given colours over the whole tile (grain in grass, sand or stone)."""
    layer = cv.like()
    for _ in range(count):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        layer.circle((x, y), rng.uniform(*size), rng.choice(colours))
    cv.over(blurred(layer, 0.6))


def _vignette(cv: Canvas, strength: float = 0.35) -> None:
    """Darker towards the edges, so each space reads as one cell."""
    shade = cv.like()
    shade.fill(cv.radial((TILE / 2, TILE / 2), TILE * 0.75, [(0, (0, 0, 0)), (1, (0, 0, 0))]))
    hole = cv.like()
    hole.ellipse(TILE / 2, TILE / 2, TILE * 0.46, TILE * 0.46, WHITE)
    shade.cut(blurred(hole, 14))
    cv.over(shade, strength)


def pine(cv: Canvas, x: float, y: float, h: float, dark: Colour, light: Colour) -> None:
    """A fir tree seen from the side, standing at (x, y): three tiers, lit from the upper left, a trunk."""
    cv.rect(x - h * 0.05, y - h * 0.2, h * 0.1, h * 0.2, (70, 46, 28))
    for k, (top, bottom, half) in enumerate(((0.0, 0.42, 0.22), (0.22, 0.68, 0.3), (0.46, 0.9, 0.38))):
        t, b, w = y - h + top * h, y - h + bottom * h, half * h
        tier = [(x, t), (x + w, b), (x - w, b)]
        cv.poly(tier, cv.linear((x - w, t), (x + w, b), [(0, light), (0.55, mix(light, dark, 0.55)), (1, dark)]))
        cv.stroke([(x - w, b), (x + w, b)], max(0.8, h * 0.025), darker(dark, 0.3 + 0.05 * k))


def forest_tile(eyes: bool = False) -> Canvas:
    """The Forbidden Forest: a dark floor crowded with pines, moss and, deep in, a pair of eyes."""
    rng = random.Random(41)
    cv = Canvas(TILE, TILE)
    cv.fill(cv.radial((50, 40), 150, [(0, (46, 82, 46)), (1, (14, 34, 20))]))
    _noise(cv, rng, [(30, 60, 34, 160), (60, 96, 52, 140), (20, 44, 26, 160)], 260, (0.8, 2.2))
    trees = [(x * 26 + rng.uniform(-8, 8) + (13 if y % 2 else 0), y * 22 + 24 + rng.uniform(-5, 5)) for y in range(6)
             for x in range(-1, 6)]  # fmt: skip
    for x, y in sorted(trees, key=lambda p: p[1]):
        h = rng.uniform(30, 40)
        shadow = cv.like()
        shadow.ellipse(x + 4, y, h * 0.34, h * 0.1, (0, 0, 0))
        cv.over(blurred(shadow, 2), 0.45)
        dark = mix((18, 58, 32), (10, 40, 24), rng.random())
        pine(cv, x, y, h, dark, mix((70, 132, 66), (92, 150, 80), rng.random()))
    if eyes:
        for x, y in ((52, 70), (88, 98)):
            pair = cv.like()
            pair.ellipse(x - 4, y, 2.4, 1.6, (255, 230, 90))
            pair.ellipse(x + 4, y, 2.4, 1.6, (255, 230, 90))
            glow(pair, (255, 210, 60), 3, 0.8, grow=1)
            cv.over(pair)
    _vignette(cv, 0.45)
    return cv


def grass_tile() -> Canvas:
    """The grounds: sunlit grass with tufts, a few daisies and pebbles."""
    rng = random.Random(42)
    cv = Canvas(TILE, TILE)
    cv.fill(cv.radial((40, 30), 170, [(0, (126, 182, 82)), (0.6, (92, 150, 62)), (1, (64, 118, 48))]))
    _noise(cv, rng, [(70, 130, 50, 150), (150, 200, 100, 120), (86, 140, 60, 150)], 420, (0.6, 1.8))
    tufts = cv.like()
    for _ in range(70):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        colour = rng.choice([(54, 110, 40), (150, 206, 96), (70, 130, 48)])
        for lean in (-3, 0, 3):
            tufts.stroke([(x, y), (x + lean + rng.uniform(-1, 1), y - rng.uniform(4, 7))], 1.0, colour)
    cv.over(tufts, 0.9)
    for _ in range(7):
        x, y = rng.uniform(8, TILE - 8), rng.uniform(8, TILE - 8)
        for k in range(5):
            ang = math.radians(72 * k)
            cv.circle((x + 2.2 * math.cos(ang), y + 2.2 * math.sin(ang)), 1.5, (252, 250, 240))
        cv.circle((x, y), 1.2, (250, 210, 70))
    for _ in range(4):
        x, y = rng.uniform(8, TILE - 8), rng.uniform(8, TILE - 8)
        stone = cv.like()
        stone.ellipse(x, y, rng.uniform(2.5, 4), rng.uniform(1.8, 2.6), (170, 164, 150))
        bevel(stone, 1.2, strength=0.6)
        cv.over(stone)
    _vignette(cv, 0.3)
    return cv


def _waves(cv: Canvas, rng: random.Random, area: Callable[[float, float], bool], count: int) -> None:
    """Little crescent waves and glints, only where ``area(x, y)`` says there is water."""
    layer = cv.like()
    for _ in range(count):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        if not area(x, y):
            continue
        w = rng.uniform(6, 12)
        layer.stroke(arc_pts(x, y, w, w * 0.45, 200, 340, 10), 1.4, (190, 226, 246, 210))
        layer.stroke(arc_pts(x, y + 1.6, w, w * 0.45, 210, 330, 10), 1.0, (20, 50, 96, 150))
    cv.over(layer)
    for _ in range(count // 6):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        if area(x, y):
            sparkle(cv, x, y, rng.uniform(1.6, 2.8), (255, 255, 255), 220)


def water_tile() -> Canvas:
    """The Black Lake: deep blue-green water with crests of light."""
    rng = random.Random(43)
    cv = Canvas(TILE, TILE)
    cv.fill(cv.radial((40, 30), 170, [(0, (70, 132, 176)), (0.55, (38, 92, 140)), (1, (18, 52, 96))]))
    _noise(cv, rng, [(30, 80, 130, 120), (90, 150, 190, 90)], 200, (1.0, 3.0))
    _waves(cv, rng, lambda x, y: True, 60)
    _vignette(cv, 0.35)
    return cv


def shore_tile() -> Canvas:
    """The Lakeshore: the lake on the left, a strip of sand and reeds, grass on the right."""
    rng = random.Random(44)
    cv = water_tile()

    def edge(y: float) -> float:
        return 64 + 10 * math.sin(y / 18) + y * 0.12

    sand = cv.like()
    sand.poly([(edge(y) - 10, y) for y in range(0, TILE + 1, 4)] + [(TILE, TILE), (TILE, 0)],
              cv.linear((40, 0), (120, 0), [(0, (232, 212, 160)), (1, (200, 176, 120))]))  # fmt: skip
    grass = grass_tile()
    cut = cv.like()
    cut.poly([(edge(y) + 12, y) for y in range(0, TILE + 1, 4)] + [(TILE, TILE), (TILE, 0)], WHITE)
    cv.over(sand)
    foam = cv.like()
    foam.stroke([(edge(y) - 10, y) for y in range(0, TILE + 1, 4)], 2.2, (240, 250, 255, 200))
    cv.over(foam)
    cv.over(grass.clip_to(blurred(cut, 1.5)))
    for _ in range(9):  # reeds at the water's edge
        y = rng.uniform(6, TILE - 6)
        x = edge(y) - 2 + rng.uniform(-3, 3)
        for lean in (-2.5, 0, 2.5):
            cv.stroke([(x, y), (x + lean, y - rng.uniform(9, 14))], 1.2, (70, 110, 50))
        cv.ellipse(x, y - 12, 1.4, 3.2, (110, 70, 40))
    return cv


def slabs(cv: Canvas, rng: random.Random, light: Colour, dark: Colour, joint: Colour, rows: int = 4) -> None:
    """Flagstones: rows of slabs of uneven length and shade, bevelled, with dark joints between them."""
    cv.fill(joint)
    size = TILE / rows
    for row in range(rows):
        x = -rng.uniform(0, size)
        while x < TILE:
            w = size * rng.uniform(0.8, 1.5)
            slab = cv.like()
            shade = mix(light, dark, rng.uniform(0.0, 0.8))
            slab.rect(x + 1.2, row * size + 1.2, w - 2.4, size - 2.4, shade, radius=2.5)
            bevel(slab, 1.6, strength=0.45)
            cv.over(slab)
            x += w
    _noise(cv, rng, [(*darker(dark, 0.2), 60), (*lighter(light, 0.2), 50)], 260, (0.5, 1.4))


def room_tile() -> Canvas:
    """A castle room: warm sandstone flagstones."""
    rng = random.Random(45)
    cv = Canvas(TILE, TILE)
    slabs(cv, rng, (222, 204, 164), (176, 152, 112), (96, 78, 58))
    _vignette(cv, 0.3)
    return cv


def corridor_tile() -> Canvas:
    """A corridor: grey flagstones with a long red runner and its gold border along the way."""
    rng = random.Random(46)
    cv = Canvas(TILE, TILE)
    slabs(cv, rng, (170, 168, 170), (120, 118, 124), (62, 60, 66), rows=5)
    runner = cv.like()
    runner.rect(-4, 46, TILE + 8, 36, cv.linear((0, 46), (0, 82), [(0, (172, 36, 40)), (1, (110, 16, 24))]))
    for y in (50, 77):
        runner.stroke([(-4, y), (TILE + 4, y)], 1.6, (226, 184, 80))
    for x in range(8, TILE, 24):
        runner.poly([(x, 64), (x + 6, 58), (x + 12, 64), (x + 6, 70)], (226, 184, 80, 170))
    shadow = cv.like()
    shadow.rect(-4, 48, TILE + 8, 36, (0, 0, 0))
    cv.over(blurred(shadow, 2), 0.4)
    cv.over(runner)
    _vignette(cv, 0.3)
    return cv


def landing_tile() -> Canvas:
    """A staircase or landing: blue-grey stone steps going up the space, each lit at its nose."""
    rng = random.Random(47)
    cv = Canvas(TILE, TILE)
    cv.fill((64, 70, 86))
    steps = 7
    for k in range(steps):
        y = k * TILE / steps
        shade = mix((150, 160, 182), (104, 112, 134), k / steps + rng.uniform(-0.05, 0.05))
        cv.rect(-2, y, TILE + 4, TILE / steps - 2, cv.linear((0, y), (0, y + TILE / steps),
                [(0, lighter(shade, 0.25)), (0.25, shade), (1, darker(shade, 0.2))]))  # fmt: skip
        cv.stroke([(-2, y + TILE / steps - 2), (TILE + 2, y + TILE / steps - 2)], 1.4, (40, 44, 56))
    for side in (6, TILE - 6):  # the banisters
        cv.stroke([(side, -2), (side, TILE + 2)], 5, cv.linear((0, 0), (0, TILE), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
        for k in range(steps):
            cv.circle((side, k * TILE / steps + 8), 2.4, WOOD_DARK)
    _noise(cv, rng, [(40, 44, 60, 60), (200, 210, 230, 40)], 200, (0.5, 1.2))
    _vignette(cv, 0.3)
    return cv


def common_room_tile() -> Canvas:
    """The Gryffindor Common Room: a scarlet rug with a gold lozenge pattern on warm boards."""
    rng = random.Random(48)
    cv = Canvas(TILE, TILE)
    cv.fill(cv.linear((0, 0), (TILE, 0), [(0, (120, 70, 40)), (1, (90, 52, 30))]))
    for y in range(0, TILE, 16):
        cv.stroke([(0, y), (TILE, y)], 1.2, (60, 34, 20))
    rug = cv.like()
    rug.rect(10, 12, TILE - 20, TILE - 24, cv.radial((64, 64), 80, [(0, (196, 40, 44)), (1, (120, 12, 20))]), 6)
    pattern = cv.like()
    for x in range(18, TILE - 10, 18):
        for y in range(20, TILE - 14, 18):
            pattern.poly([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)], (238, 186, 48, 150))
    rug.over(pattern.clip_to(rug))
    rug.stroke([(14, 16), (TILE - 14, 16), (TILE - 14, TILE - 16), (14, TILE - 16)], 2.4, GOLD, closed=True)
    for x in range(14, TILE - 12, 5):  # fringes
        rug.stroke([(x, 11), (x, 7)], 1, (238, 210, 150))
        rug.stroke([(x, TILE - 11), (x, TILE - 7)], 1, (238, 210, 150))
    drop_shadow(rug, 0, 2, 2, 0.5)
    cv.over(rug)
    _noise(cv, rng, [(0, 0, 0, 40)], 120, (0.5, 1.2))
    _vignette(cv, 0.35)
    return cv


# ============================================================================================= places
# Each place_* function draws one 256 x 256 illustration on a transparent layer, back to front; place() adds the
# shared ink border and shadows of the House Cup cards (make_art.sticker).


def flame(a: Canvas, x: float, y: float, size: float) -> None:
    """A candle or torch flame standing at (x, y), with its glow."""
    f = a.like()
    f.poly(
        path(
            bez((x - size * 0.4, y), (x - size * 0.5, y - size * 0.6), (x - size * 0.1, y - size), (x, y - size * 1.6)),
            bez((x, y - size * 1.6), (x + size * 0.2, y - size), (x + size * 0.5, y - size * 0.6), (x + size * 0.4, y)),
        ),
        f.linear((0, y - size * 1.6), (0, y), [(0, (255, 250, 200)), (0.6, (255, 200, 80)), (1, (240, 130, 40))]),
    )
    glow(f, (255, 190, 90), size * 1.2, 0.7, grow=size * 0.5)
    a.over(f)


def place_deep_forest(a: Canvas) -> None:
    """Deep in the Forbidden Forest: dark pines crowding in, glowing eyes between the trunks."""
    for x, y, h in ((60, 200, 150), (196, 206, 160), (128, 224, 190), (30, 226, 110), (230, 232, 120)):
        a.ellipse(x, y + 2, h * 0.3, h * 0.05, (10, 20, 10, 160))
        pine(a, x, y, h, (14, 46, 28), (60, 116, 62))
    for x, y in ((86, 150), (170, 120)):
        eyes = a.like()
        for dx in (-7, 7):
            eyes.ellipse(x + dx, y, 5, 3.2, (255, 226, 80))
            eyes.ellipse(x + dx, y, 1.4, 3.0, (40, 20, 0))
        glow(eyes, (255, 200, 60), 5, 0.9, grow=2)
        a.over(eyes)


def place_forest(a: Canvas) -> None:
    """The edge of the Forbidden Forest: three pines, ferns and a lantern on a post."""
    for x, y, h in ((84, 206, 170), (170, 214, 140), (214, 222, 100)):
        pine(a, x, y, h, (22, 70, 40), (96, 160, 86))
    for x in (40, 130, 196):
        for ang in (-60, -35, -10, 15, 40):
            tip = (x + 26 * math.sin(math.radians(ang)), 222 - 22 * math.cos(math.radians(ang)))
            a.stroke(qbez((x, 224), (x + (tip[0] - x) * 0.4, tip[1] - 6), tip), 4, (70, 140, 60))
    a.stroke([(40, 226), (40, 120)], 6, a.linear((0, 120), (0, 226), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    a.stroke([(40, 122), (60, 122)], 4, WOOD_DARK)
    a.rect(52, 126, 16, 22, (60, 50, 40), radius=3)
    a.rect(55, 129, 10, 16, (255, 214, 110), radius=2)
    flame(a, 60, 143, 5)


def place_spider(a: Canvas) -> None:
    """Acromantula Hollow: a great hairy spider hanging on its web."""
    web = a.like()
    centre = (128, 118)
    for k in range(8):
        ang = math.radians(k * 45 + 10)
        web.stroke([centre, (128 + 118 * math.cos(ang), 118 + 108 * math.sin(ang))], 1.6, (230, 232, 240, 200))
    for r in (26, 48, 70, 92):
        pts = [(128 + r * math.cos(math.radians(k * 45 + 10)), 118 + r * 0.92 * math.sin(math.radians(k * 45 + 10)))
               for k in range(9)]  # fmt: skip
        web.stroke(pts, 1.4, (230, 232, 240, 190))
    a.over(web)
    a.stroke([(128, 0), (128, 112)], 1.6, (230, 232, 240))
    body = (40, 34, 38)
    for side in (-1, 1):
        for k, ang in enumerate((-50, -20, 12, 42)):
            knee = (128 + side * (38 + k * 3), 136 + ang * 0.6 - 22)
            foot = (128 + side * (74 + k * 4), 150 + ang * 1.1 + 10)
            a.stroke([(128 + side * 8, 146 + k * 4), knee, foot], 6, body)
    a.ellipse(128, 178, 30, 34, a.radial((118, 166), 40, [(0, (96, 84, 80)), (1, (30, 24, 28))]))
    a.ellipse(128, 138, 20, 17, a.radial((122, 132), 24, [(0, (96, 84, 80)), (1, (30, 24, 28))]))
    for dx, dy, r in ((-7, 132, 3.4), (7, 132, 3.4), (-3, 127, 2.2), (3, 127, 2.2)):
        a.circle((128 + dx, dy), r, (240, 240, 210))
        a.circle((128 + dx + 0.6, dy - 0.6), r * 0.35, WHITE)
    a.stroke([(120, 152), (116, 160)], 3, (200, 200, 190))
    a.stroke([(136, 152), (140, 160)], 3, (200, 200, 190))


def place_centaur(a: Canvas) -> None:
    """The Centaur Glade: a longbow and a quiver of arrows under a starry sky (centaurs read the stars)."""
    a.circle((128, 112), 92, a.radial((128, 90), 100, [(0, (60, 60, 130)), (1, (20, 20, 60))]))
    for x, y, r in ((80, 60, 5), (160, 52, 7), (190, 110, 4), (70, 120, 4), (124, 86, 3)):
        sparkle(a, x, y, r)
    a.poly(
        [(102, 206), (126, 96), (148, 102), (128, 212)],
        a.linear((100, 0), (150, 0), [(0, (150, 86, 46)), (1, (90, 48, 22))]),
    )
    for k in range(4):  # arrows in the quiver
        x = 128 + k * 6
        a.stroke([(x - 2, 110), (x + 6, 60)], 2.2, (200, 170, 120))
        a.poly([(x + 6, 60), (x + 1, 68), (x + 9, 70)], (220, 60, 60))
    a.stroke([(104, 150), (146, 158)], 3, (220, 180, 90))
    bow = arc_pts(92, 132, 36, 92, -80, 80, 30)
    a.tube(bow, lambda t: 3 + 5 * math.sin(math.pi * t), a.linear((0, 40), (0, 224), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    a.stroke([bow[0], bow[-1]], 1.4, (240, 230, 210))


def place_pumpkins(a: Canvas) -> None:
    """The Pumpkin Patch: three big pumpkins on a curling vine."""
    a.stroke(bez((20, 200), (80, 170), (160, 230), (236, 180)), 4, (70, 120, 50))
    for x, y, r in ((84, 176, 50), (176, 190, 40), (132, 210, 34)):
        fill = a.radial(
            (x - r * 0.4, y - r * 0.4), r * 1.8, [(0, (255, 184, 80)), (0.6, (234, 120, 30)), (1, (160, 70, 10))]
        )
        for dx in (-r * 0.5, r * 0.5, 0):
            a.ellipse(x + dx, y, r * 0.55, r * 0.8, fill)
        for dx in (-r * 0.27, r * 0.27):
            a.stroke(arc_pts(x + dx, y, r * 0.2, r * 0.72, -80, 80, 12), 1.6, (170, 80, 20))
        a.stroke([(x, y - r * 0.75), (x + 4, y - r * 0.98)], 6, (90, 110, 40))
    for x, y in ((40, 190), (212, 170)):
        a.poly(
            path(qbez((x, y), (x - 14, y - 18), (x, y - 26)), qbez((x, y - 26), (x + 14, y - 18), (x, y))),
            (80, 150, 60),
        )


def place_shack(a: Canvas) -> None:
    """The Shrieking Shack: a crooked, boarded-up house leaning on a hill under a pale moon."""
    a.circle((196, 52), 26, a.radial((190, 46), 30, [(0, (255, 252, 230)), (1, (220, 220, 200))]))
    a.poly(path(bez((10, 236), (60, 188), (196, 186), (246, 236))), (70, 96, 60))
    house = [(62, 210), (66, 120), (190, 114), (196, 206)]
    a.poly(house, a.linear((60, 0), (196, 0), [(0, (120, 104, 96)), (1, (70, 58, 56))]))
    for k in range(1, 8):
        y = 120 + k * 12
        a.stroke([(64, y), (192, y - 4)], 1.4, (50, 40, 40))
    a.poly([(50, 126), (126, 56), (206, 118)], a.linear((0, 56), (0, 126), [(0, (86, 70, 70)), (1, (50, 40, 44))]))
    a.rect(160, 60, 16, 40, (80, 64, 60))
    for x, y in ((86, 146), (150, 142)):
        a.rect(x, y, 26, 30, (30, 24, 28))
        a.stroke([(x - 3, y + 6), (x + 29, y + 22)], 4, WOOD)
        a.stroke([(x - 3, y + 24), (x + 29, y + 8)], 4, WOOD_LIGHT)
    a.rect(118, 170, 24, 38, (40, 30, 30))
    a.stroke([(116, 176), (144, 196)], 4, WOOD)


def place_lake(a: Canvas) -> None:
    """The Black Lake: the giant squid's tentacles curling up out of the waves."""
    a.ellipse(128, 196, 116, 40, a.linear((0, 156), (0, 236), [(0, (60, 120, 170)), (1, (20, 50, 100))]))
    skin = a.linear((0, 60), (0, 200), [(0, (190, 120, 170)), (1, (110, 50, 100))])
    for pts, w in (
        (bez((70, 200), (50, 140), (90, 90), (70, 60)), 20),
        (bez((150, 204), (170, 130), (120, 100), (150, 50)), 24),
        (bez((196, 196), (230, 160), (216, 120), (200, 104)), 16),
    ):
        a.tube(pts, lambda t, w=w: w * (1 - 0.8 * t), skin)
        for k in range(3, 20, 4):
            x, y = pts[k]
            a.circle((x + 3, y), w * (1 - k / 24) * 0.18, (240, 200, 220))
    for x, y in ((60, 200), (140, 204), (200, 196)):
        a.stroke(arc_pts(x, y, 26, 8, 190, 350, 14), 3, (220, 240, 255))


def place_shore(a: Canvas) -> None:
    """The Lakeshore: reeds and bulrushes by the water, a smooth stone and a dragonfly."""
    a.ellipse(128, 200, 112, 30, a.linear((0, 170), (0, 230), [(0, (80, 140, 186)), (1, (30, 70, 120))]))
    a.ellipse(176, 206, 26, 12, a.radial((170, 200), 30, [(0, (200, 196, 186)), (1, (120, 116, 110))]))
    for x, h, lean in ((60, 150, -8), (80, 170, 4), (100, 130, 10), (124, 160, -4), (146, 120, 6)):
        a.stroke(qbez((x, 210), (x + lean * 0.3, 210 - h * 0.5), (x + lean, 210 - h)), 4, (80, 130, 60))
        if h > 140:
            a.ellipse(
                x + lean * 0.9, 210 - h + 22, 5, 16, a.linear((0, 0), (10, 0), [(0, (150, 96, 56)), (1, (90, 52, 28))])
            )
    for side in (-1, 1):
        a.ellipse(196 + side * 10, 96, 12, 4, (200, 240, 255, 200), rot=side * 15)
    a.stroke([(184, 100), (208, 92)], 3, (40, 120, 160))


def place_willow(a: Canvas) -> None:
    """The Whomping Willow: a gnarled trunk, branches flailing, motion lines."""
    bark = a.linear((90, 0), (170, 0), [(0, (140, 100, 70)), (1, (70, 46, 30))])
    a.poly(path(bez((96, 226), (110, 180), (104, 140), (116, 110)), [(140, 110)],
                bez((140, 110), (150, 150), (146, 190), (168, 226))), bark)  # fmt: skip
    branches = [
        bez((118, 114), (90, 90), (60, 90), (30, 60)),
        bez((124, 112), (118, 70), (100, 50), (86, 20)),
        bez((134, 112), (150, 70), (170, 50), (200, 30)),
        bez((138, 114), (170, 100), (200, 110), (232, 80)),
    ]
    for pts in branches:
        a.tube(pts, lambda t: 12 * (1 - 0.75 * t), bark)
    leaves = a.like()
    for pts in branches:
        for x, y in pts[8::3]:
            leaves.ellipse(x, y + 8, 6, 12, (110, 160, 80), rot=20)
    a.over(leaves)
    for pts in (arc_pts(40, 70, 30, 30, 90, 160, 10), arc_pts(220, 90, 30, 30, 20, 90, 10)):
        a.stroke(pts, 3, (255, 255, 255, 200))
    a.stroke(bez((96, 226), (120, 232), (150, 232), (168, 226)), 6, (80, 54, 34))


def place_castle(a: Canvas) -> None:
    """The castle seen from its lawn: towers with pointed roofs and lit windows."""
    stone = a.linear((0, 60), (0, 220), [(0, STONE_LIGHT), (1, STONE_DARK)])
    roof = a.linear((0, 20), (0, 100), [(0, (90, 96, 150)), (1, (40, 44, 90))])
    for x, top, w in ((46, 110, 30), (96, 70, 34), (150, 90, 30), (204, 120, 28)):
        a.rect(x - w / 2, top, w, 222 - top, stone)
        a.poly([(x - w / 2 - 4, top), (x, top - w * 1.4), (x + w / 2 + 4, top)], roof)
        for y in range(top + 20, 200, 28):
            a.rect(x - 4, y, 8, 12, (255, 214, 110), radius=3)
    a.rect(30, 170, 196, 52, stone)
    for x in range(30, 226, 14):
        a.rect(x, 162, 8, 10, stone)
    a.poly(path([(112, 222), (112, 196)], arc_pts(128, 196, 16, 16, 180, 360, 10), [(144, 222)]), (60, 40, 30))
    for x in (96, 150):
        a.poly([(x, 40), (x + 18, 46), (x, 52)], (174, 28, 36))


def place_signpost(a: Canvas) -> None:
    """The Grounds Path: a wooden signpost pointing three ways over a winding path."""
    a.poly(path(bez((60, 236), (120, 200), (90, 170), (130, 150)), bez((150, 150), (120, 176), (160, 210), (140, 236))),
           a.linear((0, 150), (0, 236), [(0, (220, 196, 150)), (1, (180, 150, 100))]))  # fmt: skip
    a.stroke([(128, 226), (128, 40)], 12, a.linear((118, 0), (138, 0), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    for y, direction, length in ((60, 1, 88), (96, -1, 80), (132, 1, 70)):
        x0 = 128
        x1 = x0 + direction * length
        board = [
            (x0 - direction * 10, y - 12),
            (x1, y - 12),
            (x1 + direction * 14, y),
            (x1, y + 12),
            (x0 - direction * 10, y + 12),
        ]
        a.poly(board, a.linear((0, y - 12), (0, y + 12), [(0, (200, 150, 96)), (1, (140, 92, 50))]))
        for k in range(3):
            xx = x0 + direction * (18 + k * 18)
            a.stroke([(xx, y - 2), (xx + direction * 10, y - 2)], 2, (90, 56, 30))
            a.stroke([(xx, y + 4), (xx + direction * 6, y + 4)], 2, (90, 56, 30))


def place_bridge(a: Canvas) -> None:
    """The Covered Bridge: a long roofed timber bridge over a ravine."""
    a.poly(
        [(0, 236), (40, 150), (216, 150), (256, 236)],
        a.linear((0, 150), (0, 236), [(0, (90, 80, 70)), (1, (40, 34, 30))]),
    )
    a.rect(16, 120, 224, 44, a.linear((0, 120), (0, 164), [(0, (170, 116, 70)), (1, (110, 70, 40))]))
    for x in range(20, 240, 20):
        a.stroke([(x, 122), (x, 162)], 2, (90, 56, 30))
    for x in range(28, 232, 40):
        a.rect(x, 128, 22, 18, (40, 30, 24), radius=3)
    a.poly(
        [(6, 122), (30, 84), (226, 84), (250, 122)],
        a.linear((0, 84), (0, 122), [(0, (150, 60, 50)), (1, (100, 34, 30))]),
    )
    for x in range(20, 240, 16):
        a.stroke([(x, 90), (x - 4, 120)], 1.4, (90, 30, 26))
    for x in (30, 226):
        a.rect(x - 8, 164, 16, 60, STONE_DARK)


def place_boat(a: Canvas) -> None:
    """The Boathouse: a little rowing boat with a lantern at its prow, on dark water."""
    a.ellipse(128, 206, 112, 22, a.linear((0, 184), (0, 228), [(0, (50, 96, 140)), (1, (20, 44, 80))]))
    hull = path([(40, 150)], bez((40, 150), (70, 210), (186, 210), (226, 146)), [(226, 146), (40, 150)])
    a.poly(hull, a.linear((0, 146), (0, 206), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    for y in (166, 182):
        a.stroke(bez((50, y - 6), (80, y + 14), (180, y + 14), (214, y - 10)), 2, (90, 56, 30))
    a.stroke([(40, 150), (226, 146)], 5, (90, 56, 30))
    a.stroke([(210, 148), (220, 86)], 5, WOOD_DARK)
    a.stroke([(220, 88), (236, 92)], 3, WOOD_DARK)
    a.rect(228, 92, 16, 22, (60, 50, 40), radius=3)
    a.rect(231, 96, 10, 15, (255, 220, 120), radius=2)
    flame(a, 236, 110, 4)
    a.stroke([(80, 140), (130, 100)], 5, WOOD)
    a.ellipse(134, 97, 10, 5, WOOD_DARK, rot=-40)


def place_fountain(a: Canvas) -> None:
    """The Courtyard: a stone fountain, water arching from its top into the basin."""
    stone = a.linear((0, 100), (0, 230), [(0, STONE_LIGHT), (1, STONE_DARK)])
    a.ellipse(128, 200, 100, 26, stone)
    a.ellipse(128, 192, 88, 18, a.linear((0, 176), (0, 208), [(0, (120, 180, 220)), (1, (60, 120, 180))]))
    a.rect(116, 110, 24, 84, stone)
    a.ellipse(128, 112, 46, 12, stone)
    a.ellipse(128, 108, 38, 8, (120, 180, 220))
    a.rect(122, 70, 12, 40, stone)
    a.circle((128, 66), 10, stone)
    water = a.like()
    for side in (-1, 1):
        water.stroke(qbez((128, 62), (128 + side * 50, 40), (128 + side * 70, 186)), 4, (190, 230, 255, 220))
        water.stroke(qbez((128, 106), (128 + side * 30, 96), (128 + side * 42, 186)), 3, (190, 230, 255, 200))
    a.over(water)
    for x in (60, 96, 160, 196):
        a.stroke(arc_pts(x, 190, 8, 3, 180, 360, 8), 2, (230, 245, 255))


def place_great_hall(a: Canvas) -> None:
    """The Great Hall: floating candles under an enchanted starry ceiling, house banners and the long table."""
    a.rect(16, 20, 224, 150, a.linear((0, 20), (0, 170), [(0, (30, 30, 80)), (1, (80, 70, 130))]), radius=10)
    for x, y, r in ((50, 40, 5), (120, 34, 4), (190, 44, 6), (86, 70, 3), (220, 80, 3), (160, 74, 4)):
        sparkle(a, x, y, r)
    colours = ((174, 28, 36), (30, 112, 66), (240, 190, 58), (36, 70, 146))
    for k, colour in enumerate(colours):
        x = 40 + k * 58
        a.poly([(x - 14, 26), (x + 14, 26), (x + 14, 96), (x, 86), (x - 14, 96)], colour)
        a.stroke([(x - 16, 26), (x + 16, 26)], 3, GOLD)
    for x, y in ((56, 118), (100, 104), (146, 116), (196, 102), (78, 140), (176, 138)):
        a.rect(x - 4, y, 8, 22, (250, 244, 226), radius=2)
        flame(a, x, y - 1, 5)
    a.poly(
        [(10, 226), (40, 174), (216, 174), (246, 226)], a.linear((0, 174), (0, 226), [(0, WOOD_LIGHT), (1, WOOD_DARK)])
    )
    for x in (70, 110, 150, 190):
        a.ellipse(x, 186, 10, 4, (230, 230, 236))
        a.circle((x + 16, 192), 4, (230, 190, 80))


def place_hospital(a: Canvas) -> None:
    """The Hospital Wing: a white iron bed with a red blanket, a screen and a bottle of medicine."""
    a.rect(170, 70, 60, 130, a.linear((0, 70), (0, 200), [(0, (240, 236, 226)), (1, (200, 194, 182))]), radius=4)
    a.rect(194, 94, 12, 34, (200, 40, 44))
    a.rect(183, 105, 34, 12, (200, 40, 44))
    iron = (220, 222, 228)
    a.stroke([(30, 210), (30, 110)], 6, iron)
    a.stroke([(160, 210), (160, 140)], 6, iron)
    a.stroke(arc_pts(48, 110, 18, 16, 180, 360, 12), 5, iron)
    a.rect(30, 148, 130, 26, (244, 242, 236), radius=4)
    a.rect(70, 150, 90, 34, a.linear((0, 150), (0, 184), [(0, (210, 60, 60)), (1, (150, 30, 34))]), radius=5)
    a.ellipse(54, 142, 22, 12, WHITE)
    a.rect(34, 184, 126, 8, (200, 200, 206))
    a.rect(200, 180, 20, 30, (170, 110, 200), radius=5)
    a.rect(204, 170, 12, 12, (120, 80, 50), radius=2)


def place_trophy(a: Canvas) -> None:
    """The Trophy Room: a gleaming two-handled gold cup on a plinth, a shield and medals behind it."""
    for x, y in ((54, 84), (202, 84)):
        a.circle((x, y), 24, a.radial((x - 6, y - 6), 30, [(0, (230, 232, 240)), (1, (130, 136, 150))]))
        a.poly(star_pts(x, y, 12, 5), (110, 116, 130))
    metal = a.linear((80, 40), (176, 200), GOLD_METAL)
    cup = path([(82, 50), (174, 50)], bez((174, 50), (174, 120), (150, 140), (136, 146)), [(120, 146)],
               bez((120, 146), (106, 140), (82, 120), (82, 50)))  # fmt: skip
    a.poly(cup, metal)
    for side in (-1, 1):
        a.stroke(arc_pts(128 + side * 50, 84, 22, 26, -90 if side > 0 else 90, 90 if side > 0 else 270, 16), 7, metal)
    a.rect(118, 144, 20, 34, metal)
    a.poly([(92, 178), (164, 178), (172, 200), (84, 200)], metal)
    a.rect(74, 200, 108, 22, a.linear((0, 200), (0, 222), [(0, WOOD_LIGHT), (1, WOOD_DARK)]), radius=3)
    a.ellipse(128, 50, 46, 8, GOLD_DARK)
    a.stroke([(100, 64), (104, 110)], 6, (255, 250, 220, 150))


def place_portrait(a: Canvas) -> None:
    """The Fat Lady's Portrait: a gilt frame, a plump lady in a pink silk dress, her glass of wine raised."""
    a.rect(40, 20, 176, 216, a.linear((40, 20), (216, 236), GOLD_METAL), radius=8)
    a.rect(56, 36, 144, 184, a.linear((0, 36), (0, 220), [(0, (70, 100, 80)), (1, (26, 46, 34))]))
    dress = path(bez((70, 220), (74, 160), (96, 130), (128, 130)), bez((128, 130), (160, 130), (182, 160), (186, 220)))
    a.poly(dress, a.linear((70, 130), (186, 220), [(0, (250, 170, 200)), (1, (200, 90, 140))]))
    a.circle((128, 104), 26, a.radial((120, 96), 30, [(0, (255, 226, 200)), (1, (226, 180, 150))]))
    a.ellipse(128, 80, 32, 16, (120, 70, 40))
    for side in (-1, 1):
        a.circle((128 + side * 24, 96), 11, (120, 70, 40))
        a.circle((128 + side * 9, 104), 2.4, INK)
        a.circle((128 + side * 16, 112), 4, (240, 150, 150))
    a.stroke(arc_pts(128, 114, 7, 5, 20, 160, 8), 2, (160, 60, 60))
    a.stroke([(170, 190), (176, 140)], 3, (250, 244, 230))
    a.poly([(166, 126), (186, 126), (180, 144), (172, 144)], (180, 30, 60, 230))
    a.stroke([(166, 126), (186, 126)], 1.6, WHITE)
    for k in range(8):
        ang = math.radians(k * 45)
        sparkle(a, 128 + 100 * math.cos(ang) * 0.9, 128 + 112 * math.sin(ang) * 0.9, 3)


def book_shape(a: Canvas, x: float, y: float, w: float, h: float, cover: Colour) -> None:
    """A closed book lying flat: its cover, the page edges and a gold band."""
    a.rect(x, y, w, h, a.linear((x, 0), (x + w, 0), [(0, lighter(cover, 0.2)), (1, darker(cover, 0.3))]), radius=4)
    a.rect(x + 6, y + h - 10, w - 10, 7, (246, 238, 216), radius=2)
    a.stroke([(x + 14, y + 4), (x + 14, y + h - 12)], 3, GOLD)


def place_restricted(a: Canvas) -> None:
    """The Restricted Section: a dark spellbook bound in chains and a padlock, a candle beside it."""
    book_shape(a, 54, 96, 148, 104, (70, 30, 60))
    a.poly(star_pts(140, 140, 22, 9, 5), (200, 160, 70))
    for pts in ([(40, 120), (216, 176)], [(40, 176), (216, 120)]):
        for k in range(11):
            t = k / 10
            x = pts[0][0] + (pts[1][0] - pts[0][0]) * t
            y = pts[0][1] + (pts[1][1] - pts[0][1]) * t
            a.ellipse(x, y, 9, 5, SILVER_METAL[2][1], rot=math.degrees(math.atan2(pts[1][1] - pts[0][1], 176)))
            a.ellipse(x, y, 5, 2, (90, 96, 106), rot=17)
    a.rect(112, 150, 32, 30, a.linear((112, 0), (144, 0), SILVER_METAL), radius=4)
    a.stroke(arc_pts(128, 150, 11, 14, 180, 360, 12), 5, (150, 156, 166))
    a.circle((128, 164), 3.5, INK)
    a.rect(204, 120, 14, 60, (240, 234, 214), radius=2)
    flame(a, 211, 119, 6)


def place_teacup(a: Canvas) -> None:
    """The Transfiguration Classroom: a teacup half turned into a tortoise, in a swirl of sparkles."""
    a.ellipse(120, 206, 76, 14, (230, 226, 220))
    a.ellipse(120, 202, 60, 9, (200, 196, 190))
    cup = path([(66, 120), (174, 120)], bez((174, 120), (172, 170), (150, 196), (120, 198)),
               bez((120, 198), (90, 196), (68, 170), (66, 120)))  # fmt: skip
    a.poly(cup, a.linear((66, 0), (174, 0), [(0, (250, 250, 255)), (1, (190, 196, 214))]))
    a.ellipse(120, 120, 54, 12, (170, 110, 70))
    a.stroke(arc_pts(180, 150, 18, 20, -80, 100, 14), 6, (220, 224, 236))
    shell = a.like()
    shell.ellipse(110, 168, 40, 20, a.radial((104, 160), 40, [(0, (150, 170, 80)), (1, (80, 100, 40))]))
    for x, y in ((96, 164), (118, 162), (108, 176)):
        shell.poly([(x, y - 7), (x + 8, y), (x, y + 7), (x - 8, y)], (70, 90, 40))
    shell.clip_to(a)
    a.over(shell)
    a.ellipse(60, 182, 12, 8, (150, 170, 90))
    for x, y in ((60, 170), (182, 176)):
        a.ellipse(x, y + 20, 7, 5, (150, 170, 90))
    a.stroke([(214, 20), (168, 70)], 6, a.linear((168, 20), (214, 70), [(0, (170, 120, 70)), (1, (70, 40, 20))]))
    trail = a.like()
    trail.stroke(qbez((166, 72), (130, 60), (110, 100)), 3, (255, 240, 180, 200))
    glow(trail, (255, 220, 140), 4, 0.6, grow=2)
    a.over(trail)
    for x, y, r in ((160, 66, 8), (132, 66, 6), (112, 92, 7), (70, 90, 5), (196, 104, 5)):
        sparkle(a, x, y, r)


def place_telescope(a: Canvas) -> None:
    """The Astronomy Tower: a brass telescope on its tripod aimed at a crescent moon and stars."""
    bite = a.like()
    bite.circle((84, 56), 26, WHITE)
    moon = a.like()
    moon.circle((70, 66), 30, a.linear((40, 40), (100, 96), [(0, (255, 252, 230)), (1, (220, 210, 170))]))
    a.over(moon.cut(bite))
    for x, y, r in ((140, 40, 7), (200, 70, 5), (120, 100, 4), (230, 30, 4), (40, 140, 4)):
        sparkle(a, x, y, r)
    brass = a.linear((100, 100), (220, 200), GOLD_METAL)
    for foot in ((110, 230), (150, 232), (186, 226)):
        a.stroke([(150, 176), foot], 5, WOOD_DARK)
    tube = rotate([(0, -12), (120, -18), (120, 18), (0, 12)], -32)
    a.poly([(x + 110, y + 190) for x, y in tube], brass)
    for k in (20, 60, 100):
        ring = rotate([(k, -16), (k + 6, -16), (k + 6, 16), (k, 16)], -32)
        a.poly([(x + 110, y + 190) for x, y in ring], GOLD_DARK)
    lens = rotate([(120, -20), (126, -20), (126, 20), (120, 20)], -32)
    a.poly([(x + 110, y + 190) for x, y in lens], (150, 200, 230))


def place_stairs_down(a: Canvas) -> None:
    """The Dungeon Stairs: worn steps spiralling down into the dark past a torch on the wall."""
    a.rect(30, 24, 196, 206, a.linear((0, 24), (0, 230), [(0, (110, 100, 96)), (1, (40, 34, 34))]), radius=10)
    for k in range(7):
        y = 60 + k * 24
        w = 180 - k * 20
        shade = [(0, mix(STONE_LIGHT, (60, 56, 56), k / 7)), (1, mix(STONE_DARK, (20, 18, 18), k / 7))]
        step = [(128 - w / 2, y), (128 + w / 2, y), (128 + w / 2 - 10, y + 20), (128 - w / 2 + 10, y + 20)]
        a.poly(step, a.linear((0, y), (0, y + 20), shade))
    dark = a.like()
    dark.ellipse(128, 224, 40, 14, (0, 0, 0))
    a.over(blurred(dark, 6), 0.8)
    a.stroke([(206, 80), (206, 56)], 6, WOOD_DARK)
    flame(a, 206, 56, 9)


def place_gargoyle(a: Canvas) -> None:
    """The Gargoyle Staircase: a stone gargoyle crouched on its plinth, wings folded, guarding the stair."""
    stone = a.linear((60, 40), (200, 220), [(0, (196, 190, 180)), (1, (100, 94, 90))])
    a.rect(70, 190, 116, 36, a.linear((0, 190), (0, 226), [(0, STONE_LIGHT), (1, STONE_DARK)]), radius=4)
    for side in (-1, 1):
        wing = [(128, 110), (128 + side * 86, 50), (128 + side * 72, 90), (128 + side * 92, 100),
                (128 + side * 66, 130), (128 + side * 80, 146), (128 + side * 40, 160)]  # fmt: skip
        a.poly(wing, stone)
        a.stroke([(128, 112), (128 + side * 86, 52)], 3, (90, 84, 80))
    a.ellipse(128, 156, 40, 40, stone)
    a.ellipse(128, 100, 28, 26, stone)
    for side in (-1, 1):
        a.poly([(128 + side * 14, 82), (128 + side * 30, 52), (128 + side * 24, 86)], stone)
        a.circle((128 + side * 10, 98), 5, (40, 36, 34))
        a.circle((128 + side * 10, 98), 2, (255, 200, 80))
        a.ellipse(128 + side * 22, 190, 14, 8, stone)
    a.poly([(116, 112), (140, 112), (128, 124)], (70, 64, 62))
    for x in (120, 136):
        a.poly([(x - 3, 112), (x + 3, 112), (x, 118)], WHITE)


def place_trapdoor(a: Canvas) -> None:
    """The Trapdoor Chamber: an iron-bound wooden trapdoor with its ring, a harp beside it."""
    a.poly([(30, 130), (226, 130), (246, 230), (10, 230)], a.linear((0, 130), (0, 230), [(0, STONE), (1, STONE_DARK)]))
    door = [(56, 140), (200, 140), (214, 220), (42, 220)]
    a.poly(door, a.linear((0, 140), (0, 220), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    for k in range(1, 5):
        x0 = 56 + k * 144 / 5
        a.stroke([(x0, 142), (x0 + (k - 2.5) * 5.6, 218)], 2, (90, 56, 30))
    for y, inset_ in ((156, 3), (204, 12)):
        a.stroke([(56 - inset_ * 0.2, y), (200 + inset_ * 0.2, y)], 6, (70, 70, 80))
    a.ring((128, 182), 14, 4, (120, 124, 134))
    a.circle((128, 168), 4, (90, 94, 104))
    harp = a.linear((0, 30), (0, 130), GOLD_METAL)
    a.stroke(bez((170, 124), (160, 80), (190, 40), (220, 30)), 6, harp)
    a.stroke([(220, 30), (226, 124)], 5, harp)
    a.stroke([(170, 124), (226, 124)], 5, harp)
    for k in range(1, 6):
        x = 170 + k * 9
        a.stroke([(x, 122), (x, 110 - k * 14)], 1, (250, 240, 210))
    for x, y in ((70, 110), (110, 90)):
        a.stroke([(x, y), (x + 14, y - 8)], 2, INK)
        a.circle((x, y), 4, INK)


def place_bathroom(a: Canvas) -> None:
    """Moaning Myrtle's Bathroom: a cracked sink with a snake-engraved tap, water dripping."""
    a.rect(60, 180, 136, 44, a.linear((0, 180), (0, 224), [(0, (220, 226, 230)), (1, (160, 168, 176))]))
    a.poly(
        [(40, 120), (216, 120), (196, 186), (60, 186)],
        a.linear((0, 120), (0, 186), [(0, (250, 252, 255)), (1, (190, 200, 210))]),
    )
    a.ellipse(128, 126, 80, 12, (170, 186, 200))
    a.stroke([(80, 150), (96, 166), (88, 180)], 2, (120, 130, 140))
    metal = a.linear((100, 50), (156, 130), SILVER_METAL)
    a.rect(120, 60, 16, 60, metal)
    a.stroke(bez((128, 66), (128, 40), (170, 40), (170, 80)), 10, metal)
    a.stroke(bez((118, 92), (110, 88), (112, 80), (120, 82)), 2.4, (40, 120, 70))
    a.circle((128, 58), 9, metal)
    for y in (96, 110):
        drop = path(
            bez((170, y), (166, y + 8), (166, y + 12), (170, y + 14)),
            bez((170, y + 14), (174, y + 12), (174, y + 8), (170, y)),
        )
        a.poly(drop, (150, 210, 250))
    ghost = a.like()
    ghost.poly(path(bez((28, 170), (30, 120), (36, 90), (56, 88)), bez((56, 88), (76, 90), (82, 120), (86, 170)),
                    bez((86, 170), (72, 160), (62, 176), (56, 164)), bez((56, 164), (48, 178), (38, 160), (28, 170))),
               (210, 236, 255))  # fmt: skip
    ghost.circle((57, 70), 20, (220, 242, 255))
    for dx in (-8, 8):
        ghost.ring((57 + dx, 70), 6.5, 2, (120, 140, 170))
        ghost.circle((57 + dx, 70), 2, (60, 80, 110))
    ghost.stroke([(44, 52), (40, 84)], 5, (170, 196, 226))
    ghost.stroke([(70, 52), (74, 84)], 5, (170, 196, 226))
    glow(ghost, (200, 230, 255), 6, 0.5, grow=2)
    a.over(ghost, 0.75)


def place_chamber(a: Canvas) -> None:
    """The Chamber of Secrets: a great serpent rearing between two stone pillars."""
    for x in (40, 216):
        a.rect(x - 18, 30, 36, 196, a.linear((x - 18, 0), (x + 18, 0), [(0, (110, 130, 110)), (1, (40, 60, 46))]))
        for y in range(40, 220, 30):
            a.stroke([(x - 18, y), (x + 18, y)], 2, (30, 44, 34))
    metal = a.linear((80, 40), (180, 220), [(0, (150, 210, 110)), (0.5, (60, 140, 70)), (1, (20, 70, 36))])
    em = a.like()
    base.emblem_serpent(em, metal, (14, 50, 28), (170, 230, 140))
    em.under(outline(em, 2, (10, 40, 20)))
    a.over(em)
    a.ellipse(128, 230, 96, 10, (40, 70, 60, 200))


def place_door(a: Canvas) -> None:
    """The Third-Floor Corridor's forbidden door: studded, barred and padlocked."""
    a.rect(46, 30, 164, 196, a.linear((0, 30), (0, 226), [(0, STONE_LIGHT), (1, STONE_DARK)]), radius=6)
    door = path([(70, 226), (70, 90)], arc_pts(128, 90, 58, 56, 180, 360, 20), [(186, 226)])
    a.poly(door, a.linear((70, 0), (186, 0), [(0, WOOD_LIGHT), (1, WOOD_DARK)]))
    for x in (100, 128, 156):
        a.stroke([(x, 40), (x, 224)], 2, (90, 56, 30))
    for y in (100, 150, 200):
        a.stroke([(70, y), (186, y)], 6, (60, 60, 70))
        for x in (80, 110, 146, 176):
            a.circle((x, y), 2.6, (150, 150, 160))
    a.rect(112, 150, 32, 28, a.linear((112, 0), (144, 0), SILVER_METAL), radius=4)
    a.stroke(arc_pts(128, 150, 11, 14, 180, 360, 12), 5, (150, 156, 166))
    a.circle((128, 162), 3.4, INK)


def place_tapestry(a: Canvas) -> None:
    """The Seventh-Floor Corridor: the tapestry of a wizard teaching trolls to dance, on its rod."""
    a.stroke([(30, 40), (226, 40)], 8, a.linear((0, 36), (0, 44), GOLD_METAL))
    cloth = a.linear((0, 40), (0, 210), [(0, (150, 40, 60)), (1, (90, 20, 40))])
    a.rect(44, 40, 168, 166, cloth)
    a.rect(56, 54, 144, 138, (210, 180, 120))
    a.rect(62, 60, 132, 126, a.linear((0, 60), (0, 186), [(0, (120, 160, 120)), (1, (70, 110, 70))]))
    for x in (96, 162):  # trolls
        a.ellipse(x, 148, 18, 24, (120, 140, 110))
        a.circle((x, 118), 12, (120, 140, 110))
        a.stroke([(x - 14, 134), (x - 26, 120)], 5, (120, 140, 110))
        a.stroke([(x + 14, 134), (x + 24, 146)], 5, (120, 140, 110))
    a.poly([(128, 74), (136, 100), (120, 100)], (60, 60, 160))
    a.rect(122, 100, 12, 40, (60, 60, 160))
    for x in range(48, 212, 8):
        a.stroke([(x, 206), (x, 218)], 2, (230, 190, 90))


def place_grand_staircase(a: Canvas) -> None:
    """The Grand Staircase: two flights meeting at a landing under a portrait, a lantern above."""
    a.rect(100, 24, 56, 68, a.linear((100, 24), (156, 92), GOLD_METAL), radius=4)
    a.rect(106, 30, 44, 56, a.linear((0, 30), (0, 86), [(0, (90, 80, 140)), (1, (40, 34, 70))]))
    a.circle((128, 52), 9, (236, 206, 170))
    a.ellipse(128, 78, 14, 10, (40, 100, 60))
    base.staircase(a, 20, 226, 5, 16, 18, 1)
    base.staircase(a, 236, 226, 5, 16, 18, -1)
    a.poly([(92, 126), (164, 126), (168, 120), (88, 120)], STONE_LIGHT)
    a.rect(92, 126, 72, 14, a.linear((0, 126), (0, 140), [(0, STONE), (1, STONE_DARK)]))
    for x, y, r in ((40, 60, 6), (216, 70, 7)):
        sparkle(a, x, y, r)


PLACES: dict[str, tuple[Callable[[Canvas], None], tuple[float, float, float, float] | None]] = {
    "deep_forest": (place_deep_forest, (128, 232, 110, 8)),
    "forest": (place_forest, (128, 230, 110, 8)),
    "spider": (place_spider, (128, 226, 80, 7)),
    "centaur": (place_centaur, (128, 226, 80, 7)),
    "pumpkins": (place_pumpkins, (128, 224, 110, 9)),
    "shack": (place_shack, (128, 232, 110, 8)),
    "lake": (place_lake, None),
    "shore": (place_shore, None),
    "willow": (place_willow, (128, 230, 80, 8)),
    "castle": (place_castle, (128, 226, 110, 8)),
    "signpost": (place_signpost, (128, 232, 90, 7)),
    "bridge": (place_bridge, (128, 234, 120, 6)),
    "boat": (place_boat, None),
    "fountain": (place_fountain, (128, 224, 110, 9)),
    "great_hall": (place_great_hall, (128, 230, 120, 6)),
    "hospital": (place_hospital, (128, 226, 110, 7)),
    "trophy": (place_trophy, (128, 226, 70, 7)),
    "portrait": (place_portrait, (128, 240, 90, 6)),
    "restricted": (place_restricted, (128, 214, 100, 8)),
    "teacup": (place_teacup, (120, 214, 80, 7)),
    "telescope": (place_telescope, (150, 232, 60, 6)),
    "stairs_down": (place_stairs_down, (128, 236, 100, 6)),
    "gargoyle": (place_gargoyle, (128, 230, 70, 7)),
    "trapdoor": (place_trapdoor, (128, 234, 120, 6)),
    "bathroom": (place_bathroom, (128, 228, 80, 7)),
    "chamber": (place_chamber, (128, 232, 110, 6)),
    "door": (place_door, (128, 232, 90, 6)),
    "tapestry": (place_tapestry, (128, 224, 90, 6)),
    "grand_staircase": (place_grand_staircase, (128, 232, 110, 6)),
}


def place(name: str) -> Canvas:
    draw, ground = PLACES[name]
    art = Canvas(256, 256)
    draw(art)
    return sticker(art, ground=ground)


# ============================================================================================= the key and pieces

ABILITY_COLOURS = {
    "knowledge": ((52, 96, 176), (18, 36, 90)),
    "skill": ((40, 140, 84), (12, 64, 34)),
    "honor": ((176, 44, 44), (86, 12, 16)),
}


def ability_glyph(kind: str, g: Canvas) -> None:
    """The sign of one ability on a 96-pixel canvas: an open book, a wand with its spark, a shield."""
    cream = g.linear((0, 24), (0, 76), [(0, (255, 252, 240)), (1, (226, 212, 184))])
    if kind == "knowledge":
        for side in (-1, 1):
            page = [(48, 34), (48 + side * 30, 28), (48 + side * 30, 66), (48, 72)]
            g.poly(page, cream)
            for k in range(4):
                y = 38 + k * 7
                g.stroke([(48 + side * 6, y + 1), (48 + side * 25, y - 2)], 1.4, (140, 120, 96))
        g.stroke([(48, 34), (48, 72)], 2, (120, 90, 60))
    elif kind == "skill":
        g.stroke([(24, 72), (62, 34)], 6, g.linear((24, 72), (62, 34), [(0, (70, 40, 20)), (1, (170, 120, 70))]))
        g.stroke([(24, 72), (34, 62)], 8, (50, 30, 16))
        g.poly(star_pts(68, 28, 14, 4.5, 4, -90), (255, 246, 190))
        g.poly(star_pts(68, 28, 8, 2.5, 4, -45), (255, 255, 240))
        for x, y in ((50, 20), (78, 48)):
            g.poly(star_pts(x, y, 4, 1.4, 4, -90), (255, 240, 170))
    else:
        shield = path(
            [(48, 22)], bez((48, 22), (58, 28), (68, 28), (74, 28)), bez((74, 28), (76, 54), (66, 68), (48, 78))
        )
        g.poly(symmetric(shield, 48), g.linear((30, 20), (70, 80), [(0, GOLD_LIGHT), (0.5, GOLD), (1, GOLD_DARK)]))
        inner = path(
            [(48, 30)], bez((48, 30), (56, 34), (62, 34), (66, 34)), bez((66, 34), (67, 54), (60, 64), (48, 70))
        )
        g.poly(symmetric(inner, 48), (176, 44, 44))
        g.poly(star_pts(48, 50, 10, 4), (255, 236, 150))


def ability_roundel(kind: str) -> Canvas:
    colour, dark = ABILITY_COLOURS[kind]
    cv, field = base.roundel(96, colour, dark, rim_width=0.1)
    glyph = cv.like()
    ability_glyph(kind, glyph)
    return base.finish_roundel(cv, field, glyph, 96)


def passage_mark() -> Canvas:
    """The secret passage's mark: a dark tunnel mouth in a stone arch, a gold arrow leading in."""
    cv = Canvas(64, 64)
    arch = cv.like()
    arch.poly(path([(8, 58), (8, 30)], arc_pts(32, 30, 24, 24, 180, 360, 20), [(56, 58)]), WHITE)
    stone = arch.paint(cv.linear((0, 6), (0, 58), [(0, STONE_LIGHT), (1, STONE_DARK)]))
    bevel(stone, 2, strength=0.6)
    cv.over(stone)
    cv.poly(path([(18, 58), (18, 32)], arc_pts(32, 32, 14, 14, 180, 360, 16), [(46, 58)]),
            cv.linear((0, 18), (0, 58), [(0, (20, 14, 12)), (1, (60, 44, 30))]))  # fmt: skip
    cv.poly([(20, 46), (34, 46), (34, 40), (44, 49), (34, 58), (34, 52), (20, 52)], GOLD_LIGHT)
    cv.under(outline(cv, 1.4, INK))
    drop_shadow(cv, 0, 1.5, 1.5, 0.5)
    return cv


CHARACTERS = {
    "harry": ((150, 26, 30), (70, 8, 12)),
    "hermione": ((120, 40, 100), (54, 14, 44)),
    "ron": ((196, 96, 30), (100, 40, 10)),
    "neville": ((60, 120, 56), (20, 56, 22)),
}


def character_glyph(who: str, g: Canvas) -> None:
    """The sign on a character's token (128 pixels): a lightning bolt, an open book, a chess knight, a plant."""
    cream = g.linear((0, 24), (0, 104), [(0, (255, 252, 240)), (1, (226, 212, 184))])
    if who == "harry":
        bolt = [(74, 20), (42, 70), (60, 70), (48, 108), (88, 54), (68, 54), (84, 20)]
        g.poly(bolt, g.linear((50, 20), (80, 108), [(0, (255, 246, 170)), (0.5, (255, 212, 70)), (1, (236, 150, 30))]))
    elif who == "hermione":
        for side in (-1, 1):
            g.poly([(64, 44), (64 + side * 40, 36), (64 + side * 40, 88), (64, 96)], cream)
            for k in range(5):
                y = 50 + k * 8
                g.stroke([(64 + side * 8, y + 1), (64 + side * 33, y - 2)], 1.6, (140, 120, 96))
        g.stroke([(64, 44), (64, 96)], 2.4, (120, 90, 60))
        g.poly(star_pts(64, 28, 9, 3, 4, -90), (255, 240, 170))
    elif who == "ron":
        knight = path([(40, 106), (88, 106)], bez((88, 106), (86, 92), (80, 80), (80, 70)),
                      bez((80, 70), (92, 66), (96, 50), (88, 40)), bez((88, 40), (80, 26), (62, 22), (56, 24)),
                      [(52, 16), (46, 28)], bez((46, 28), (36, 40), (34, 56), (40, 62)), [(52, 58)],
                      bez((52, 58), (50, 76), (42, 90), (40, 106)))  # fmt: skip
        g.poly(knight, cream)
        g.circle((66, 38), 3.5, INK)
        g.stroke(bez((64, 26), (76, 30), (84, 40), (86, 50), 10), 2, (150, 120, 90))
    else:
        g.poly(
            [(42, 84), (86, 84), (80, 110), (48, 110)],
            g.linear((42, 0), (86, 0), [(0, (232, 134, 86)), (1, (150, 66, 36))]),
        )
        g.rect(38, 78, 52, 10, (200, 100, 60), radius=3)
        g.stroke([(64, 80), (64, 40)], 4, (40, 110, 40))
        for side in (-1, 1):
            for y in (50, 66):
                tip = (64 + side * 32, y - 10)
                leaf = path(qbez((64, y), (64 + side * 20, y - 16), tip), qbez(tip, (64 + side * 16, y + 6), (64, y)))
                g.poly(leaf, (96, 186, 80))
        g.circle((64, 34), 9, (236, 120, 170))
        g.circle((64, 34), 4, (255, 220, 120))


def character_token(who: str) -> Canvas:
    colour, dark = CHARACTERS[who]
    cv, field = base.roundel(128, colour, dark, rim_width=0.1)
    glyph = cv.like()
    character_glyph(who, glyph)
    return base.finish_roundel(cv, field, glyph, 128)


def wand() -> Canvas:
    """The Wand, lying flat, handle on the left, a star of light at its tip."""
    cv = Canvas(160, 40)
    wood = cv.like()
    wood.tube([(8, 24), (80, 22), (140, 18)], lambda t: 9 - 5 * t, WHITE)
    body = wood.paint(cv.linear((0, 14), (0, 30), [(0, (176, 124, 76)), (0.5, (110, 66, 36)), (1, (60, 36, 18))]))
    for x in (22, 30, 38):
        ring = cv.like()
        ring.rect(x, 12, 3, 24, WHITE)
        ring.clip_to(wood)
        body.over(ring.paint((50, 28, 12)))
    body.under(outline(body, 1.2, INK))
    cv.over(body)
    spark = cv.like()
    spark.poly(star_pts(146, 17, 12, 3, 4, -90), (255, 246, 190))
    spark.poly(star_pts(146, 17, 7, 2, 4, -45), (255, 255, 240))
    glow(spark, (255, 220, 120), 3, 0.8, grow=2)
    cv.over(spark)
    return cv


def prefect() -> Canvas:
    """The Prefect's "P" badge: a scarlet shield with a gold rim and a gold P drawn in strokes."""
    cv = Canvas(96, 96)
    shield = cv.like()
    shield.poly(symmetric(path([(48, 8)], bez((48, 8), (64, 16), (80, 14), (86, 14)),
                               bez((86, 14), (88, 52), (74, 76), (48, 90))), 48), WHITE)  # fmt: skip
    rim = shield.paint(cv.linear((10, 8), (86, 90), GOLD_METAL))
    bevel(rim, 2, strength=0.7)
    cv.over(rim)
    field = base.inset(shield, 6, cv.linear((0, 14), (0, 84), [(0, (200, 30, 36)), (1, (110, 8, 16))]))
    cv.over(field)
    letter = cv.like()
    letter.stroke([(40, 70), (40, 28)], 8, GOLD_LIGHT)
    letter.stroke(path([(40, 28), (52, 28)], arc_pts(52, 39, 11, 11, -90, 90, 12), [(40, 50)]), 7, GOLD_LIGHT)
    letter.under(outline(letter, 1.2, (80, 40, 10)))
    cv.over(letter)
    drop_shadow(cv, 0, 2, 2, 0.45)
    return cv


# ============================================================================================= main

FLOORS: dict[str, Callable[[], Canvas]] = {
    "forest": forest_tile,
    "deep_forest_floor": lambda: forest_tile(eyes=True),
    "grounds": grass_tile,
    "water": water_tile,
    "shore_floor": shore_tile,
    "room": room_tile,
    "corridor": corridor_tile,
    "landing": landing_tile,
    "common_room": common_room_tile,
}


def all_images() -> list[tuple[str, Callable[[], Canvas]]]:
    """Every PNG this script makes, as (file name under art/, function that draws it)."""
    jobs: list[tuple[str, Callable[[], Canvas]]] = []
    jobs += [(f"{FOLDER}/{name}.png", draw) for name, draw in FLOORS.items()]
    jobs += [(f"{FOLDER}/places/{name}.png", lambda n=name: place(n)) for name in PLACES]
    jobs += [(f"{FOLDER}/{kind}.png", lambda k=kind: ability_roundel(k)) for kind in ABILITY_COLOURS]
    jobs += [(f"{FOLDER}/{who}.png", lambda w=who: character_token(w)) for who in CHARACTERS]
    jobs += [(f"{FOLDER}/passage.png", passage_mark), (f"{FOLDER}/wand.png", wand), (f"{FOLDER}/prefect.png", prefect)]
    return jobs


def main(argv: Sequence[str] = ()) -> None:
    """Draw everything (or only the files whose names contain one of the arguments)."""
    pygame.init()
    wanted = [a for a in argv if not a.startswith("-")]
    for name, draw in all_images():
        if wanted and not any(w in name for w in wanted):
            continue
        base.save(draw(), name)
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv[1:])
