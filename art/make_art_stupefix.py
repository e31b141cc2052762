"""Draw every picture Stupéfix uses, from code, into ``art/stupefix/``.

Run ``python art/make_art_stupefix.py`` (from anywhere). It reuses the drawing machinery of ``art/make_art.py``
(the supersampled premultiplied ``Canvas``, outlines, glows, the house ``sticker`` style and two of its card
illustrations) so the two games share one look. The output is deterministic: nothing random is drawn.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_art as base  # noqa: E402
import pygame  # noqa: E402
from make_art import (  # noqa: E402
    GOLD_DARK,
    GOLD_LIGHT,
    GOLD_METAL,
    INK,
    WHITE,
    Canvas,
    arc_pts,
    bevel,
    blurred,
    ellipse_pts,
    glow,
    outline,
    qbez,
    rotate,
    sparkle,
    star_pts,
    sticker,
)

FOLDER = "stupefix"


def wand() -> Canvas:
    """A wand lying flat, handle on the left, tip on the right, with a spark at the tip."""
    cv = Canvas(256, 40)
    wood = cv.like()
    wood.tube([(14, 20), (120, 20), (236, 20)], lambda t: 13 - 8 * t, WHITE)
    body = wood.paint(cv.linear((0, 10), (0, 30), [(0, (176, 124, 76)), (0.5, (120, 74, 40)), (1, (70, 42, 22))]))
    for x in (34, 46, 58):
        ring = cv.like()
        ring.rect(x, 6, 5, 28, WHITE, radius=2)
        ring.clip_to(wood)
        body.over(ring.paint((60, 34, 18)))
    body.under(outline(body, 1.4, INK))
    cv.over(body)
    cv.circle((240, 20), 5, (255, 246, 200))
    glow(cv, (255, 230, 140), 3, 0.6)
    return cv


def spell_stupefix() -> Canvas:
    """A red burst with a white-hot core: the Stunning Spell."""
    cv = Canvas(256, 256)
    burst = cv.like()
    burst.poly(star_pts(128, 128, 112, 46, 8, rot=-90), WHITE)
    cv.over(burst.paint(cv.radial((128, 128), 112, [(0, (255, 240, 220)), (0.35, (255, 90, 60)), (1, (150, 10, 20))])))
    inner = cv.like()
    inner.poly(star_pts(128, 128, 62, 26, 8, rot=-67.5), (255, 250, 235))
    glow(inner, (255, 200, 160), 8, 0.8)
    cv.over(inner)
    bolt = [(112, 66), (150, 66), (132, 116), (160, 116), (102, 196), (118, 134), (92, 134)]
    cv.poly(bolt, (255, 250, 240))
    cv.stroke(bolt, 3, (150, 20, 20), closed=True)
    return sticker(cv, border=2.5)


def spell_rate() -> Canvas:
    """A grey puff of smoke with a dying spark: the spell that fails."""
    cv = Canvas(256, 256)
    puff = cv.like()
    for x, y, r in ((92, 140, 44), (136, 118, 52), (176, 146, 40), (120, 168, 40), (160, 178, 32), (84, 180, 26)):
        puff.circle((x, y), r, WHITE)
    cv.over(puff.paint(cv.radial((120, 110), 130, [(0, (236, 236, 240)), (1, (130, 132, 142))])))
    for x, y, r in ((196, 88, 6), (210, 66, 4), (222, 98, 3)):
        cv.circle((x, y), r, (200, 200, 210))
    cv.stroke(qbez((176, 112), (196, 92), (206, 72)), 3, (150, 150, 160))
    return sticker(cv, border=2.5)


def spell_protego() -> Canvas:
    """A shimmering blue shield dome: Protego."""
    cv = Canvas(256, 256)
    dome = cv.like()
    dome.circle((128, 128), 104, WHITE)
    cv.over(
        dome.paint(cv.radial((100, 90), 150, [(0, (210, 240, 255)), (0.6, (90, 160, 240)), (1, (30, 70, 170))])), 0.8
    )
    for r in (100, 74, 48):
        cv.stroke(ellipse_pts(128, 128, r, r) + [ellipse_pts(128, 128, r, r)[0]], 3, (230, 248, 255, 190))
    cv.stroke(arc_pts(128, 128, 86, 86, 200, 260, 16), 6, (255, 255, 255, 210))
    shield = [(128, 84), (168, 98), (164, 146), (128, 176), (92, 146), (88, 98)]
    cv.poly(shield, (240, 250, 255))
    cv.stroke(shield, 3, (40, 90, 180), closed=True)
    sparkle(cv, 188, 70, 8)
    sparkle(cv, 70, 190, 6)
    return sticker(cv, border=2.5)


def spell_back() -> Canvas:
    """The back of a spell card: midnight blue, gold frame, two crossed wands and stars."""
    cv = Canvas(180, 252)
    card = cv.like()
    card.rect(2, 2, 176, 248, WHITE, radius=14)
    cv.over(card.paint(cv.radial((90, 110), 200, [(0, (70, 52, 130)), (1, (22, 16, 52))])))
    frame = cv.like()
    frame.rect(10, 10, 160, 232, WHITE, radius=10)
    frame.cut(_rect_layer(cv, 16, 16, 148, 220, 8))
    cv.over(frame.paint(cv.linear((0, 0), (180, 252), GOLD_METAL)))
    for angle in (-35, 35):
        stick = cv.like()
        stick.tube(rotate([(90, 40), (90, 212)], angle, (90, 126)), lambda t: 7 - 4 * t, WHITE)
        cv.over(stick.paint(cv.linear((0, 40), (0, 212), [(0, (180, 130, 80)), (1, (90, 56, 30))])))
    for x, y, r in ((90, 126, 10), (46, 60, 5), (134, 196, 5), (132, 56, 4), (48, 196, 4)):
        sparkle(cv, x, y, r)
    return cv


def _rect_layer(cv: Canvas, x: float, y: float, w: float, h: float, radius: float) -> Canvas:
    layer = cv.like()
    layer.rect(x, y, w, h, WHITE, radius=radius)
    return layer


def reward_points() -> Canvas:
    """The house-points hourglass, full of gems."""
    cv = Canvas(256, 256)
    glass = cv.like()
    glass.poly([(78, 56), (178, 56), (138, 128), (178, 200), (78, 200), (118, 128)], WHITE)
    cv.over(glass.paint(cv.linear((78, 0), (178, 0), [(0, (200, 230, 250)), (1, (130, 170, 210))])), 0.6)
    gems = cv.like()
    for x, y in ((104, 188), (120, 188), (136, 188), (152, 188), (112, 176), (128, 176), (144, 176), (120, 164)):
        gems.circle((x, y), 8, WHITE)
    gems.poly([(100, 70), (156, 70), (130, 112), (126, 112)], WHITE)
    cv.over(gems.paint(cv.radial((120, 150), 90, [(0, (255, 120, 120)), (1, (170, 20, 40))])))
    for y in (44, 200):
        cv.rect(64, y, 128, 14, cv.linear((0, y), (0, y + 14), GOLD_METAL), radius=5)
    for x in (70, 180):
        cv.rect(x, 56, 7, 146, cv.linear((x, 0), (x + 7, 0), GOLD_METAL), radius=3)
    sparkle(cv, 196, 80, 8)
    return sticker(cv, ground=(128, 226, 80, 8))


def reward_faveur() -> Canvas:
    """A teacher's letter of favour: a rolled scroll with a red seal and a gold star."""
    cv = Canvas(256, 256)
    paper = cv.like()
    paper.rect(56, 64, 144, 132, WHITE, radius=8)
    cv.over(paper.paint(cv.linear((0, 64), (0, 196), [(0, (252, 242, 214)), (1, (226, 204, 160))])))
    for y in (60, 188):
        cv.rect(46, y, 164, 20, cv.linear((0, y), (0, y + 20), [(0, (240, 224, 186)), (1, (190, 160, 110))]), radius=10)
    for y in (96, 112, 128):
        cv.stroke([(76, y), (180, y)], 3, (160, 130, 100))
    cv.circle((160, 160), 22, cv.radial((154, 152), 28, [(0, (230, 80, 70)), (1, (140, 20, 20))]))
    cv.poly(star_pts(160, 160, 14, 6, 5), GOLD_LIGHT)
    sparkle(cv, 200, 60, 8)
    return sticker(cv, ground=(128, 222, 90, 8))


def reward_cours() -> Canvas:
    """Private lessons: an open spell book with a quill."""
    cv = Canvas(256, 256)
    for side in (-1, 1):
        page = cv.like()
        page.poly([(128, 92), (128 + side * 92, 76), (128 + side * 92, 178), (128, 194)], WHITE)
        cv.over(page.paint(cv.linear((128, 0), (128 + side * 92, 0), [(0, (220, 200, 160)), (1, (252, 244, 222))])))
        for k in range(4):
            y = 104 + k * 18
            cv.stroke([(128 + side * 16, y + 4), (128 + side * 78, y - 6)], 2.5, (150, 120, 90))
    cv.poly([(36, 178), (128, 194), (220, 178), (220, 190), (128, 206), (36, 190)], (120, 40, 40))
    quill = cv.like()
    quill.tube([(150, 186), (186, 110), (212, 52)], lambda t: 3 + 12 * math.sin(math.pi * min(1, t * 1.2)), WHITE)
    cv.over(quill.paint(cv.linear((150, 186), (212, 52), [(0, (240, 240, 250)), (1, (150, 170, 210))])))
    cv.stroke([(150, 186), (206, 60)], 2, (90, 100, 130))
    return sticker(cv, ground=(128, 214, 96, 8))


def reward_chouchou() -> Canvas:
    """Becoming the teacher's pet: a polished red apple with a gold star."""
    cv = Canvas(256, 256)
    apple = cv.like()
    apple.circle((104, 148), 62, WHITE)
    apple.circle((152, 148), 62, WHITE)
    apple.circle((128, 180), 56, WHITE)
    cv.over(apple.paint(cv.radial((100, 120), 140, [(0, (255, 120, 110)), (0.6, (200, 30, 40)), (1, (110, 10, 20))])))
    cv.stroke(qbez((128, 96), (124, 70), (136, 52)), 6, (100, 60, 30))
    leaf = cv.like()
    leaf.poly(qbez((136, 72), (170, 46), (196, 70)) + qbez((196, 70), (168, 92), (136, 72)), WHITE)
    cv.over(leaf.paint(cv.linear((136, 60), (196, 80), [(0, (150, 214, 90)), (1, (50, 120, 50))])))
    cv.stroke(arc_pts(104, 140, 40, 40, 200, 250, 12), 7, (255, 255, 255, 170))
    star = cv.like()
    star.poly(star_pts(184, 190, 30, 13, 5), WHITE)
    bevel(star, 2, strength=0.6)
    cv.over(star.paint(cv.linear((154, 160), (214, 220), GOLD_METAL)))
    return sticker(cv, ground=(128, 236, 80, 8))


def _clock(cv: Canvas, cx: float, cy: float, r: float, rim) -> None:
    face = cv.like()
    face.circle((cx, cy), r, WHITE)
    cv.over(face.paint(cv.linear((cx - r, cy - r), (cx + r, cy + r), rim)))
    cv.circle((cx, cy), r * 0.8, (252, 246, 228))
    for hour in range(12):
        a = math.radians(hour * 30)
        cv.circle((cx + math.cos(a) * r * 0.66, cy + math.sin(a) * r * 0.66), r * 0.05, INK)
    cv.stroke([(cx, cy), (cx, cy - r * 0.55)], r * 0.08, INK)
    cv.stroke([(cx, cy), (cx + r * 0.42, cy + r * 0.12)], r * 0.08, (170, 20, 30))
    cv.circle((cx, cy), r * 0.08, INK)


def retardataire() -> Canvas:
    """The latecomer: a pocket watch with its chain."""
    cv = Canvas(256, 256)
    _clock(cv, 128, 140, 84, GOLD_METAL)
    cv.rect(116, 40, 24, 20, cv.linear((116, 0), (140, 0), GOLD_METAL), radius=5)
    cv.stroke(ellipse_pts(128, 34, 14, 10) + [ellipse_pts(128, 34, 14, 10)[0]], 5, GOLD_DARK)
    return sticker(cv, ground=(128, 234, 80, 8))


def retard_token() -> Canvas:
    """A Retard token: a red roundel with a clock face."""
    cv = Canvas(96, 96)
    disc = cv.like()
    disc.circle((48, 48), 44, WHITE)
    cv.over(disc.paint(cv.radial((40, 36), 56, [(0, (240, 90, 80)), (1, (130, 16, 24))])))
    _clock(cv, 48, 48, 30, [(0, (250, 240, 230)), (1, (200, 180, 170))])
    ring = cv.like()
    ring.ring((48, 48), 44, 4, WHITE)
    cv.over(ring.paint((90, 10, 16)))
    return cv


def chouchou_tile() -> Canvas:
    """The Chouchou tile: a gold star badge on a round plum tile."""
    cv = Canvas(128, 128)
    tile = cv.like()
    tile.circle((64, 64), 60, WHITE)
    cv.over(tile.paint(cv.linear((0, 0), (128, 128), GOLD_METAL)))
    cv.circle((64, 64), 52, cv.radial((56, 50), 70, [(0, (150, 80, 160)), (1, (60, 20, 80))]))
    star = cv.like()
    star.poly(star_pts(64, 66, 40, 17, 5), WHITE)
    bevel(star, 2, strength=0.6)
    cv.over(star.paint(cv.linear((24, 26), (104, 106), GOLD_METAL)))
    cv.over(blurred(star, 4).paint((255, 230, 150)), 0.25)
    return cv


def maitre() -> Canvas:
    """Maître des Potions: the bubbling cauldron under a gold crown."""
    cv = base.card_art("cauldron")
    crown = Canvas(256, 256)
    crown.poly([(84, 64), (100, 24), (116, 52), (128, 16), (140, 52), (156, 24), (172, 64)], WHITE)
    crown.rect(84, 60, 88, 16, WHITE, radius=4)
    painted = crown.paint(crown.linear((84, 16), (172, 76), GOLD_METAL))
    painted.under(outline(painted, 2, INK))
    cv.over(painted)
    for x in (100, 128, 156):
        cv.circle((x, 68), 4, (200, 30, 40))
    return cv


def all_images():
    return [
        ("wand.png", wand),
        ("spell_stupefix.png", spell_stupefix),
        ("spell_rate.png", spell_rate),
        ("spell_protego.png", spell_protego),
        ("spell_back.png", spell_back),
        ("reward_points.png", reward_points),
        ("reward_potion.png", lambda: base.card_art("potions")),
        ("reward_faveur.png", reward_faveur),
        ("reward_cours.png", reward_cours),
        ("reward_retourneur.png", lambda: base.card_art("flywheel")),
        ("reward_chouchou.png", reward_chouchou),
        ("maitre.png", maitre),
        ("retardataire.png", retardataire),
        ("retard.png", retard_token),
        ("chouchou_tile.png", chouchou_tile),
    ]


def main(argv: list[str]) -> None:
    pygame.init()
    wanted = [a for a in argv if not a.startswith("-")]
    for name, draw in all_images():
        if wanted and not any(w in name for w in wanted):
            continue
        base.save(draw(), f"{FOLDER}/{name}")
        print("wrote", f"{FOLDER}/{name}")


if __name__ == "__main__":
    main(sys.argv[1:])
