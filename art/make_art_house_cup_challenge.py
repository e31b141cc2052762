"""Draws the House Cup Challenge art into art/house_cup_challenge/ (run: python art/make_art_house_cup_challenge.py).

Everything is drawn with pygame primitives and a seeded random generator, so the files are the same on
every run. Licence of the output: CC0.
"""

from __future__ import annotations

import math
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent / "house_cup_challenge"
TILE = 96


def texture(name: str, base: tuple[int, int, int], spread: int, seed: int, blobs: int, blob_colour=None) -> None:
    """A seamless-looking noise tile: speckles around ``base`` and a few soft blobs."""
    rng = random.Random(seed)
    surface = pygame.Surface((TILE, TILE))
    surface.fill(base)
    for _ in range(TILE * TILE // 3):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        d = rng.randint(-spread, spread)
        surface.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))
    for _ in range(blobs):
        colour = blob_colour or tuple(max(0, c - 25) for c in base)
        x, y, r = rng.randrange(TILE), rng.randrange(TILE), rng.randint(4, 11)
        for dx in (-TILE, 0, TILE):
            for dy in (-TILE, 0, TILE):
                pygame.draw.circle(surface, colour, (x + dx, y + dy), r)
    pygame.image.save(surface, str(OUT / f"{name}.png"))


def stone(name: str, base: tuple[int, int, int], seed: int) -> None:
    """Flagstones: a grid of slightly different slabs with dark joints."""
    rng = random.Random(seed)
    surface = pygame.Surface((TILE, TILE))
    surface.fill(tuple(c - 40 for c in base))
    size = TILE // 3
    for row in range(3):
        shift = (size // 2) * (row % 2)
        for col in range(-1, 4):
            shade = rng.randint(-14, 14)
            colour = tuple(max(0, min(255, c + shade)) for c in base)
            rect = pygame.Rect(col * size + shift + 1, row * size + 1, size - 2, size - 2)
            pygame.draw.rect(surface, colour, rect, border_radius=3)
    pygame.image.save(surface, str(OUT / f"{name}.png"))


def token(name: str, colour: tuple[int, int, int], draw_symbol) -> None:
    size = 128
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, (30, 20, 15, 255), (64, 66), 60)
    pygame.draw.circle(surface, colour, (64, 64), 58)
    pygame.draw.circle(surface, (238, 186, 48), (64, 64), 58, 6)
    draw_symbol(surface)
    pygame.image.save(surface, str(OUT / f"{name}.png"))


def bolt(surface: pygame.Surface) -> None:
    points = [(70, 18), (40, 68), (60, 68), (50, 110), (88, 52), (66, 52), (80, 18)]
    pygame.draw.polygon(surface, (255, 230, 120), points)
    pygame.draw.polygon(surface, (90, 40, 10), points, 3)


def book(surface: pygame.Surface) -> None:
    pygame.draw.polygon(surface, (250, 240, 220), [(24, 40), (62, 48), (62, 98), (24, 90)])
    pygame.draw.polygon(surface, (250, 240, 220), [(104, 40), (66, 48), (66, 98), (104, 90)])
    for y in range(56, 90, 9):
        pygame.draw.line(surface, (120, 100, 80), (30, y - 6), (56, y), 2)
        pygame.draw.line(surface, (120, 100, 80), (98, y - 6), (72, y), 2)
    pygame.draw.line(surface, (90, 40, 10), (64, 46), (64, 100), 3)


def knight(surface: pygame.Surface) -> None:
    shape = [
        (44, 104),
        (84, 104),
        (80, 88),
        (74, 60),
        (86, 62),
        (90, 50),
        (72, 26),
        (56, 28),
        (40, 52),
        (46, 58),
        (60, 52),
        (48, 88),
    ]
    pygame.draw.polygon(surface, (245, 240, 230), shape)
    pygame.draw.polygon(surface, (60, 40, 20), shape, 3)
    pygame.draw.circle(surface, (60, 40, 20), (70, 40), 4)


def plant(surface: pygame.Surface) -> None:
    pygame.draw.polygon(surface, (150, 90, 50), [(44, 84), (84, 84), (78, 108), (50, 108)])
    pygame.draw.line(surface, (40, 120, 40), (64, 84), (64, 40), 5)
    for sign in (-1, 1):
        for y in (50, 66):
            leaf = [(64, y), (64 + sign * 30, y - 14), (64 + sign * 14, y + 6)]
            pygame.draw.polygon(surface, (80, 180, 70), leaf)
    pygame.draw.circle(surface, (230, 110, 160), (64, 36), 9)


def wand() -> None:
    surface = pygame.Surface((160, 40), pygame.SRCALPHA)
    pygame.draw.line(surface, (60, 35, 20), (12, 30), (140, 10), 9)
    pygame.draw.line(surface, (120, 80, 45), (12, 28), (140, 8), 3)
    pygame.draw.line(surface, (30, 20, 10), (12, 30), (46, 25), 12)
    for i in range(8):
        angle = i * math.tau / 8
        pygame.draw.line(surface, (255, 240, 170), (146, 9), (146 + 9 * math.cos(angle), 9 + 9 * math.sin(angle)), 2)
    pygame.image.save(surface, str(OUT / "wand.png"))


def prefect() -> None:
    surface = pygame.Surface((96, 96), pygame.SRCALPHA)
    shield = [(48, 90), (12, 60), (14, 14), (82, 14), (84, 60)]
    pygame.draw.polygon(surface, (174, 0, 1), shield)
    pygame.draw.polygon(surface, (238, 186, 48), shield, 5)
    font = pygame.font.Font(None, 64)
    letter = font.render("P", True, (238, 186, 48))
    surface.blit(letter, letter.get_rect(center=(48, 48)))
    pygame.image.save(surface, str(OUT / "prefect.png"))


def main() -> None:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    texture("forest", (34, 74, 40), 16, 1, 40, (22, 52, 28))
    texture("grounds", (92, 146, 70), 14, 2, 18)
    texture("water", (52, 92, 140), 10, 3, 10, (70, 110, 160))
    stone("room", (196, 178, 140), 4)
    stone("corridor", (128, 126, 130), 5)
    stone("landing", (118, 130, 150), 6)
    token("harry", (140, 20, 20), bolt)
    token("hermione", (110, 30, 60), book)
    token("ron", (160, 70, 20), knight)
    token("neville", (60, 90, 40), plant)
    wand()
    prefect()
    pygame.quit()


if __name__ == "__main__":
    main()
