"""Choice tokens (a house ring around a number, or face down) and reward tokens, cached per size."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.sprites.cache import surface_cache

# Each house's initial on its tokens, as its name is written in the language shown (Когтевран's К); each a letter
# (or two) of its own in every language, since the initial tells the houses apart besides their colours.
INITIALS = {"Gryffindor": N_("G"), "Slytherin": N_("S"), "Hufflepuff": N_("H"), "Ravenclaw": N_("R")}


def house_letter(house: str) -> str:
    return _(INITIALS[house]) if house in INITIALS else theme.house_initial(house)


@surface_cache(200)
def choice_token(house: str, value: int | None, radius: int, lifted: bool = False) -> pygame.Surface:
    """``value=None`` draws the token face down (its back), as other seats see it."""
    size = radius * 2 + 6
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(surface, (0, 0, 0, 90), (centre[0] + 2, centre[1] + 3), radius)
    if value is None:
        # Face down: the house's colour, its initial (the colour is not the only sign of whose it is) and a
        # question mark, unlike the gold reward tokens.
        fill = theme.house_colour(house)
        pygame.draw.circle(surface, fill, centre, radius)
        pygame.draw.circle(surface, (0, 0, 0, 60), centre, round(radius * 0.72), max(1, radius // 8))
        mark = theme.font(max(11, round(radius * 0.95)), True).render(
            f"{house_letter(house)}?", True, theme.readable_on(fill)
        )
        surface.blit(mark, mark.get_rect(center=(centre[0], centre[1] + 1)))
    else:
        pygame.draw.circle(surface, theme.PARCHMENT, centre, radius)
        if radius >= 14:  # the house's initial under the number: whose it is, besides the ring's colour
            number = theme.font(round(radius * 0.95), True).render(str(value), True, theme.INK)
            surface.blit(number, number.get_rect(center=(centre[0], centre[1] - round(radius * 0.2))))
            initial = theme.font(max(11, round(radius * 0.66)), True).render(house_letter(house), True, theme.INK)
            surface.blit(initial, initial.get_rect(center=(centre[0], centre[1] + round(radius * 0.5))))
        else:
            number = theme.font(max(12, round(radius * 1.25)), True).render(str(value), True, theme.INK)
            surface.blit(number, number.get_rect(center=(centre[0], centre[1] + 1)))
    ring = max(2, radius // 5)
    pygame.draw.circle(surface, theme.house_colour(house), centre, radius, ring)
    pygame.draw.circle(surface, theme.house_trim(house), centre, radius, max(1, ring // 3))
    if lifted:
        pygame.draw.circle(surface, theme.HIGHLIGHT, centre, radius + 2, 2)
    return surface


def reward_token(radius: int) -> pygame.Surface:
    return scaled("reward", (radius * 2, radius * 2))
