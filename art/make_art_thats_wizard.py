"""Draw the That's Wizard! pictures into art/thats_wizard/, from code, with the helpers of art/make_art.py.

Run ``python art/make_art_thats_wizard.py`` (from anywhere; ``python art/make_art_thats_wizard.py schools`` redraws
only the files whose path contains "schools"). The output is deterministic: nothing here is random.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_art as base  # noqa: E402
from make_art import (  # noqa: E402
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    GOLD_METAL,
    SILVER_LIGHT,
    WHITE,
    Canvas,
    arc_pts,
    bevel,
    bez,
    darker,
    drop_shadow,
    finish_roundel,
    lighter,
    outline,
    path,
    roundel,
    save,
    star_pts,
    symmetric,
)

FOLDER = "thats_wizard"

SCHOOL_COLOURS = {
    "charms": ((196, 64, 120), (92, 20, 56)),
    "curses": ((70, 70, 82), (20, 18, 26)),
    "transfiguration": ((44, 140, 120), (12, 62, 52)),
    "defense": ((52, 96, 176), (18, 36, 84)),
    "hexes": ((132, 60, 170), (56, 18, 82)),
    "divination": ((40, 60, 120), (10, 16, 52)),
    "jinxes": ((214, 124, 36), (110, 52, 10)),
}
CREAM = (255, 248, 230)


def school_glyph(school: str, g: Canvas) -> None:
    """The emblem of a school of magic on a 128-pixel canvas."""
    cream = g.linear((0, 24), (0, 104), [(0, (255, 252, 240)), (1, (226, 210, 180))])
    if school == "charms":  # a wand with a burst of sparkles
        g.stroke([(38, 96), (82, 40)], 7, (96, 58, 30))
        g.stroke([(38, 96), (50, 81)], 8, (60, 34, 18))
        g.poly(star_pts(86, 36, 16, 6, 4, -90), GOLD_LIGHT)
        for x, y, r in ((64, 30, 5), (96, 62, 5), (74, 54, 3.5)):
            g.poly(star_pts(x, y, r, r * 0.4, 4, -90), (255, 246, 200))
    elif school == "curses":  # a skull
        skull = path(bez((64, 24), (92, 24), (98, 52), (90, 66)), [(86, 82), (76, 86), (74, 96)])
        g.poly(symmetric(skull + [(64, 96)], 64), cream)
        g.ellipse(52, 60, 9, 10, (40, 30, 36))
        g.ellipse(76, 60, 9, 10, (40, 30, 36))
        g.poly([(64, 68), (59, 78), (69, 78)], (40, 30, 36))
        for x in (56, 64, 72):
            g.stroke([(x, 88), (x, 96)], 2.4, (90, 80, 70))
    elif school == "transfiguration":  # a butterfly
        wing = path(bez((64, 64), (80, 24), (106, 28), (100, 52)), bez((100, 52), (96, 66), (80, 66), (64, 64)))
        low = path(bez((64, 66), (88, 68), (96, 90), (82, 96)), bez((82, 96), (72, 100), (66, 86), (64, 66)))
        fill = g.linear((64, 24), (100, 96), [(0, (160, 250, 220)), (1, (60, 190, 170))])
        for shape in (wing, low):
            g.poly(shape, fill)
            g.poly([(128 - x, y) for x, y in shape], fill)
        g.stroke([(64, 46), (64, 92)], 5, (50, 40, 30))
        g.stroke(bez((64, 46), (60, 36), (54, 32), (50, 30), 8), 1.8, (50, 40, 30))
        g.stroke(bez((64, 46), (68, 36), (74, 32), (78, 30), 8), 1.8, (50, 40, 30))
    elif school == "defense":  # a shield with a cross band
        half = path([(64, 26), (92, 34)], bez((92, 34), (92, 70), (80, 88), (64, 100)))
        g.poly(symmetric(half, 64), g.linear((40, 26), (88, 100), [(0, SILVER_LIGHT), (1, (150, 164, 186))]))
        g.poly(symmetric(path([(64, 34), (84, 40)], bez((84, 40), (84, 68), (76, 82), (64, 92))), 64), (60, 92, 170))
        g.stroke([(64, 36), (64, 90)], 5, GOLD_LIGHT)
        g.stroke([(46, 56), (82, 56)], 5, GOLD_LIGHT)
    elif school == "hexes":  # a spiral eye
        g.poly(symmetric(path(bez((34, 64), (48, 40), (80, 40), (94, 64))), 64) + [(94, 64)], cream)
        eye = path(bez((34, 64), (48, 40), (80, 40), (94, 64)), bez((94, 64), (80, 88), (48, 88), (34, 64)))
        g.poly(eye, cream)
        g.circle((64, 64), 14, (150, 70, 190))
        spiral = [(64 + (t * 1.6) * math.cos(t), 64 + (t * 1.6) * math.sin(t)) for t in (i * 0.25 for i in range(40))]
        g.stroke(spiral, 2.2, (40, 14, 56))
    elif school == "divination":  # a crystal ball on a stand
        g.poly([(46, 96), (82, 96), (76, 84), (52, 84)], g.linear((0, 84), (0, 96), [(0, GOLD_LIGHT), (1, GOLD_DARK)]))
        g.circle(
            (64, 56), 28, g.radial((56, 46), 34, [(0, (240, 250, 255)), (0.6, (150, 190, 240)), (1, (70, 90, 190))])
        )
        g.poly(star_pts(70, 58, 7, 2.6, 4, -90), (255, 255, 255))
        g.stroke(arc_pts(64, 56, 20, 20, 200, 250, 10), 3, (255, 255, 255, 160))
    elif school == "jinxes":  # a zigzag spark between two curls
        g.stroke([(30, 70), (48, 46), (60, 78), (74, 44), (88, 74), (100, 52)], 7, (255, 236, 150))
        g.stroke([(30, 70), (48, 46), (60, 78), (74, 44), (88, 74), (100, 52)], 2.5, WHITE)
        for x in (30, 100):
            g.ring((x, 60 if x == 100 else 78), 7, 3, cream)


def school_roundel(school: str) -> Canvas:
    colour, dark = SCHOOL_COLOURS[school]
    cv, field = roundel(128, colour, dark)
    glyph = cv.like()
    school_glyph(school, glyph)
    return finish_roundel(cv, field, glyph, 128)


def icon(kind: str) -> Canvas:
    """The card icons on a 64-pixel canvas: target arrow, self arrow, ally arc, quick bolt, lasting hourglass, Duos
    rings."""
    cv = Canvas(64, 64)
    g = cv.like()
    ink = (40, 30, 26)
    if kind == "target":
        g.stroke([(10, 32), (46, 32)], 7, (200, 50, 40))
        g.poly([(40, 18), (58, 32), (40, 46)], (200, 50, 40))
    elif kind == "self":
        g.stroke(arc_pts(32, 34, 18, 18, 200, 520, 40), 6, (60, 120, 200))
        g.poly([(38, 6), (52, 16), (36, 24)], (60, 120, 200))
    elif kind == "ally":  # an arc handed over to the side, green (the ally's spells: Energize, Transference)
        g.stroke(arc_pts(32, 44, 22, 22, 190, 330, 30), 6, (50, 150, 80))
        g.poly([(59, 28), (43, 37), (59, 46)], (50, 150, 80))
        g.circle((12, 50), 6, (50, 150, 80))
    elif kind == "quick":
        g.poly([(36, 4), (14, 36), (30, 36), (24, 60), (50, 24), (34, 24), (44, 4)], (250, 200, 40))
    elif kind == "lasting":
        g.poly([(16, 8), (48, 8), (34, 32), (48, 56), (16, 56), (30, 32)], (120, 80, 40))
        g.poly([(20, 12), (44, 12), (32, 28)], (240, 214, 150))
        g.poly([(32, 40), (44, 52), (20, 52)], (240, 214, 150))
        g.stroke([(14, 8), (50, 8)], 4, ink)
        g.stroke([(14, 56), (50, 56)], 4, ink)
    elif kind == "duos":
        g.ring((24, 32), 14, 5, (90, 140, 220))
        g.ring((40, 32), 14, 5, (240, 190, 60))
    g.under(outline(g, 1.6, ink))
    cv.over(g)
    return cv


def card_back(colour: str) -> Canvas:
    """A card back (180 x 252): a deep blue or golden field, a gold frame and a starred wand emblem."""
    main, dark = ((40, 70, 160), (14, 26, 70)) if colour == "blue" else ((214, 162, 40), (120, 76, 10))
    cv = Canvas(180, 252)
    body = cv.like()
    body.rect(2, 2, 176, 248, WHITE, radius=14)
    cv.over(body.paint(cv.linear((0, 0), (180, 252), GOLD_METAL)))
    field = cv.like()
    field.rect(9, 9, 162, 234, WHITE, radius=10)
    cv.over(field.paint(cv.radial((90, 110), 170, [(0, lighter(main, 0.25)), (0.6, main), (1, dark)])))
    pattern = cv.like()
    for i in range(-12, 24):
        pattern.stroke([(i * 14, 9), (i * 14 + 234, 243)], 1.2, (255, 255, 255, 40))
        pattern.stroke([(i * 14 + 234, 9), (i * 14, 243)], 1.2, (255, 255, 255, 40))
    cv.over(pattern.clip_to(field))
    emblem = cv.like()
    emblem.circle((90, 126), 44, (0, 0, 0, 90))
    emblem.ring((90, 126), 44, 4, GOLD_LIGHT)
    emblem.poly(star_pts(90, 126, 30, 12), cv.radial((90, 120), 30, [(0, (255, 250, 210)), (1, GOLD)]))
    emblem.stroke([(58, 170), (120, 84)], 5, (90, 56, 30))
    cv.over(emblem)
    return cv


def lasting_token(colour: str) -> Canvas:
    """A lasting-effect token (64): a disc in the deck's colour with an hourglass stamp."""
    main, dark = ((60, 110, 220), (20, 40, 110)) if colour == "blue" else ((246, 196, 60), (150, 100, 10))
    cv, field = roundel(64, main, dark, rim=[(0, lighter(main, 0.5)), (1, darker(main, 0.3))], rim_width=0.14)
    glyph = cv.like()
    glyph.poly([(22, 16), (42, 16), (34, 32), (42, 48), (22, 48), (30, 32)], (255, 255, 255, 210))
    cv.over(glyph)
    drop_shadow(cv, 0, 2, 2, 0.4)
    return cv


def pawn(colour: str) -> Canvas:
    """A tracker pawn (64): red for Stamina, blue for Power."""
    main = (210, 40, 40) if colour == "red" else (40, 100, 220)
    cv = Canvas(64, 64)
    body = cv.like()
    body.ellipse(32, 52, 20, 8, WHITE)
    body.poly([(20, 50), (26, 28), (38, 28), (44, 50)], WHITE)
    body.circle((32, 20), 11, WHITE)
    painted = body.paint(cv.linear((12, 10), (52, 60), [(0, lighter(main, 0.35)), (0.6, main), (1, darker(main, 0.4))]))
    bevel(painted, 2, strength=0.5)
    painted.under(outline(painted, 1.6, (30, 16, 16)))
    cv.over(painted)
    drop_shadow(cv, 0, 2, 2, 0.45)
    return cv


def victory_token() -> Canvas:
    """A victory token (96): a gold medal with a star."""
    cv, field = roundel(96, (180, 40, 40), (90, 10, 16))
    glyph = cv.like()
    glyph.poly(star_pts(48, 50, 28, 12), cv.radial((48, 44), 30, [(0, (255, 250, 210)), (1, GOLD)]))
    return finish_roundel(cv, field, glyph, 96)


def dial_top() -> Canvas:
    """The dial's gold top piece (256): a pointer with a window cut where the chosen number shows."""
    cv = Canvas(256, 256)
    piece = cv.like()
    piece.circle((128, 128), 60, WHITE)
    piece.poly([(100, 90), (128, 4), (156, 90)], WHITE)
    piece.circle((128, 31), 25, WHITE)
    window = cv.like()
    window.circle((128, 31), 20, WHITE)
    gold = piece.cut(window).paint(cv.linear((60, 20), (196, 200), GOLD_METAL))
    bevel(gold, 4, strength=0.7)
    gold.under(outline(gold, 2, (60, 36, 10)))
    cv.over(gold)
    cv.ring((128, 31), 21, 3, (60, 36, 10))
    cv.circle((128, 128), 12, (40, 30, 26))
    drop_shadow(cv, 0, 4, 5, 0.5)
    return cv


def dial_face() -> Canvas:
    """The dial's blue numbered piece (256) without numbers: the game writes them."""
    cv = Canvas(256, 256)
    disc = cv.like()
    disc.circle(
        (128, 128), 124, cv.radial((110, 100), 170, [(0, (90, 130, 220)), (0.7, (36, 64, 150)), (1, (16, 28, 80))])
    )
    bevel(disc, 4, strength=0.6)
    disc.under(outline(disc, 2, (10, 16, 40)))
    cv.over(disc)
    cv.ring((128, 128), 124, 5, GOLD_DARK)
    for index in range(11):
        angle = math.radians(-90 + index * 360 / 11)
        x, y = 128 + 104 * math.cos(angle), 128 + 104 * math.sin(angle)
        cv.circle((x, y), 20, (255, 255, 255, 36))
    return cv


def all_images() -> list[tuple[str, Callable[[], Canvas]]]:
    jobs: list[tuple[str, Callable[[], Canvas]]] = []
    jobs += [(f"{FOLDER}/schools/{s}.png", lambda s=s: school_roundel(s)) for s in SCHOOL_COLOURS]
    jobs += [
        (f"{FOLDER}/icons/{k}.png", lambda k=k: icon(k)) for k in ("target", "self", "ally", "quick", "lasting", "duos")
    ]
    jobs += [(f"{FOLDER}/back_{c}.png", lambda c=c: card_back(c)) for c in ("blue", "yellow")]
    jobs += [(f"{FOLDER}/token_{c}.png", lambda c=c: lasting_token(c)) for c in ("blue", "yellow")]
    jobs += [(f"{FOLDER}/pawn_{c}.png", lambda c=c: pawn(c)) for c in ("red", "blue")]
    jobs += [
        (f"{FOLDER}/victory.png", victory_token),
        (f"{FOLDER}/dial_top.png", dial_top),
        (f"{FOLDER}/dial_face.png", dial_face),
    ]
    return jobs


def main(argv: Sequence[str] = ()) -> None:
    base.pygame.init()
    wanted = [a for a in argv if not a.startswith("-")]
    for name, draw in all_images():
        if wanted and not any(w in name for w in wanted):
            continue
        save(draw(), name)
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv[1:])
