"""Stupéfix card faces, flags, wands and tokens, drawn from the card table and art/stupefix, cached per size
(and per language, for the faces with words); and the enlarged card a pointer resting on a card or a word of the
table shows: its face, its name, the French rulebook name under it where it differs, and what it does."""

from __future__ import annotations

import math
from itertools import combinations

import pygame

from tabletop.games.stupefix.cards import REWARDS
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.terms import TERMS, french, meaning, short_name
from tabletop.games.stupefix.terms import name as term
from tabletop.i18n import language
from tabletop.ui import theme
from tabletop.ui.assets import fit, image, scaled
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.card_zoom import card_height
from tabletop.ui.theme import px

Colour = tuple[int, int, int]

# The Points' golds are dark enough for their light name on the band at AA (4.9-5.9:1).
REWARD_COLOURS = {
    "points10": (124, 90, 30), "points20": (136, 96, 20), "points40": (146, 100, 10), "potion": (130, 40, 120),
    "faveur": (40, 96, 150), "cours": (46, 110, 70), "retourneur": (120, 84, 30), "chouchou": (160, 30, 40),
    "maitre": (30, 110, 60), "retardataire": (110, 30, 30),
}  # fmt: skip
END_CARDS = ("maitre", "retardataire")  # the cards of the final scoring
# A card's name on its face is never smaller than this type: "Points" on the rewards of a full row at 1024x640
# (a face is sized to its card, not to the interface's text; names fitted down to 9 had letters 6 px high).
NAME_SIZE = 13
NAME_COLOUR = (255, 248, 232)
SPELL_COLOURS = {"stupefix": (168, 26, 30), "rate": (96, 98, 110), "protego": (40, 92, 180)}


def reward_art(kind: str) -> str:
    if kind.startswith("points"):
        return "stupefix/reward_points"
    return f"stupefix/{kind}" if kind in END_CARDS else f"stupefix/reward_{kind}"


def card_name(kind: str) -> str:
    """A reward card's name."""
    return term(kind)


def reward_face(kind: str, width: int) -> pygame.Surface:
    """A reward card: its name on a coloured band, the picture, and the points it is worth."""
    return _reward_face(kind, width, language())


@surface_cache(400)
def _reward_face(kind: str, width: int, _language: str) -> pygame.Surface:
    face, radius, colour = _blank(width, theme.PARCHMENT), max(4, width // 12), REWARD_COLOURS[kind]
    rect, height = face.get_rect(), face.get_height()
    size, room = max(NAME_SIZE, round(width * 0.2)), width - 6
    if kind.startswith("points"):
        label = name_label(_("Points"), room, size, NAME_COLOUR)
    else:  # (on three lines where two do not fit, or its short name: "Благо- склонность")
        label = name_label(card_name(kind), room, size, NAME_COLOUR, most=3)
        label = label or name_label(short_name(kind), room, size, NAME_COLOUR, most=3)
    if label is None:  # (a card smaller than any on the table: a flying one)
        label = theme.fitted_text(card_name(kind), room, size, NAME_COLOUR, two_lines=True)
    band_h = max(16, round(height * 0.27), label.get_height() + 4)  # (taller for a name on three lines)
    band = pygame.Rect(0, 0, width, band_h)
    pygame.draw.rect(face, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    face.blit(label, label.get_rect(center=band.center))
    art = fit(reward_art(kind), round(min(width * 0.8, (height - band_h) * 0.78)))
    face.blit(art, art.get_rect(midtop=(width // 2, band_h + round(height * 0.04))))
    value = {"maitre": "+100", "retardataire": "-100"}.get(kind)
    if value or kind.startswith("points"):
        value = value or str(REWARDS[kind].points)
        number = theme.font(max(12, round(width * 0.34)), True).render(value, True, colour)
        spot = number.get_rect(midbottom=(width // 2, height - max(2, height // 30)))
        pad = spot.inflate(max(4, width // 10), 0)
        pygame.draw.rect(face, (255, 250, 236), pad, border_radius=max(3, width // 12))
        face.blit(number, spot)
    pygame.draw.rect(face, colour, rect, width=max(2, width // 40), border_radius=radius)
    return face


def name_label(name: str, room: int, size: int, colour: Colour, most: int = 2) -> pygame.Surface | None:
    """A card's name in bold, as large as fits ``room`` from ``size`` down to NAME_SIZE, on as few lines as it
    takes at that size (one or two; three at NAME_SIZE where ``most`` allows and two do not fit there), each
    line centred; None where it does not fit even so."""
    words = name.split(" ")
    tries = [(trial, count) for trial in range(size, NAME_SIZE - 1, -1) for count in (1, 2)]
    for trial, count in tries + ([(NAME_SIZE, 3)] if most > 2 else []):
        face = theme.font(trial, True)
        splits = [_lines(words, cuts) for cuts in combinations(range(1, len(words)), count - 1)]
        if not splits:
            continue  # (more lines than words)
        lines = min(splits, key=lambda split: max(face.size(line)[0] for line in split))
        widest = max(face.size(line)[0] for line in lines)
        if widest > room:
            continue
        step = face.get_linesize()
        label = pygame.Surface((widest, step * len(lines)), pygame.SRCALPHA)
        for index, line in enumerate(lines):
            rendered = face.render(line, True, colour)
            label.blit(rendered, rendered.get_rect(midtop=(label.get_width() // 2, index * step)))
        return label
    return None


def _lines(words: list[str], cuts: tuple[int, ...]) -> list[str]:
    """``words`` cut into lines before the words at ``cuts``."""
    return [" ".join(words[start:end]) for start, end in zip((0, *cuts), (*cuts, len(words)), strict=True)]


def spell_face(kind: str, width: int) -> pygame.Surface:
    """A spell card face up: Stupefy, Misfire (or the Protego shield, which is not a card)."""
    return _spell_face(kind, width, language())


@surface_cache(200)
def _spell_face(kind: str, width: int, _language: str) -> pygame.Surface:
    face, radius, colour = _blank(width, (250, 244, 230)), max(4, width // 12), SPELL_COLOURS[kind]
    rect, height = face.get_rect(), face.get_height()
    inner = rect.inflate(-max(4, width // 10), -max(4, width // 10))
    line = max(1, width // 30)
    pygame.draw.rect(face, colour, inner, line, border_radius=radius)
    # Its name inside the inner frame ("Остолбеней" ran over it), where it is readable: a card in a hand, or
    # on the discard pile (whose caption names it) when too small for its name, shows the picture alone.
    room = inner.width - 2 * line - 4
    label = name_label(term(kind), room, max(NAME_SIZE, round(width * 0.2)), colour) if width >= 44 else None
    small = label is None
    if label is None:
        art = fit(f"stupefix/spell_{kind}", round(width * 0.86))
        face.blit(art, art.get_rect(center=(width // 2, height // 2)))
    else:  # (the picture above the name: a name on two lines lifts it)
        name_top = height - max(3, width // 12) - label.get_height()
        art = fit(f"stupefix/spell_{kind}", round(min(width * 0.8, name_top - inner.top - 2 * line)))
        face.blit(art, art.get_rect(center=(width // 2, (inner.top + name_top) // 2)))
        face.blit(label, label.get_rect(midbottom=(width // 2, height - max(3, width // 12))))
    pygame.draw.rect(face, colour, rect, width=max(2, width // (20 if small else 40)), border_radius=radius)
    return face


def _blank(width: int, paper: Colour) -> pygame.Surface:
    """A card of ``width``, of ``paper`` with rounded corners."""
    face = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
    pygame.draw.rect(face, paper, face.get_rect(), border_radius=max(4, width // 12))
    return face


def spell_back(width: int) -> pygame.Surface:
    return scaled("stupefix/spell_back", (width, card_height(width)))


def retard_token(size: int) -> pygame.Surface:
    return scaled("stupefix/retard", (size, size))


def chouchou_tile(size: int) -> pygame.Surface:
    return scaled("stupefix/chouchou_tile", (size, size))


@surface_cache(64)
def flag(house: str, standing: bool, size: tuple[int, int]) -> pygame.Surface:
    """The seat's flag in its house colours: upright on its pole, or lying down."""
    w, h = size
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    colour, trim = theme.house_colour(house), theme.house_trim(house)
    pole = max(2, w // 10)
    if standing:
        pygame.draw.rect(surface, (90, 64, 40), (pole, 0, pole, h))
        cloth = [(pole * 2, h * 0.08), (w - 1, h * 0.22), (pole * 2 + (w - pole * 2) * 0.6, h * 0.36)]
        cloth += [(w - 1, h * 0.5), (pole * 2, h * 0.56)]
        pygame.draw.polygon(surface, colour, cloth)
        pygame.draw.polygon(surface, trim, cloth, max(1, w // 14))
        pygame.draw.circle(surface, theme.GOLD, (pole * 1.5, max(2, pole)), pole)
    else:
        y = h - pole * 2
        pygame.draw.rect(surface, (90, 64, 40), (0, y, w, pole))
        cloth = [(w * 0.1, y - h * 0.02), (w * 0.6, y - h * 0.02), (w * 0.5, y - h * 0.16), (w * 0.1, y - h * 0.18)]
        pygame.draw.polygon(surface, colour, cloth)
        pygame.draw.polygon(surface, trim, cloth, 1)
    return surface


def wand(length: int, angle: float) -> pygame.Surface:
    """The wand sprite ``length`` long, rotated to ``angle`` (radians, screen coordinates), in 5-degree steps so
    a live table never rotates an image twice."""
    return _wand(length, round(math.degrees(angle) / 5) % 72)


@surface_cache(600)
def _wand(length: int, step: int) -> pygame.Surface:
    source = image("stupefix/wand")
    height = max(6, round(length * source.get_height() / source.get_width()))
    return pygame.transform.rotate(pygame.transform.smoothscale(source, (length, height)), -step * 5)


def hand_card(kind: str, count: int, width: int) -> pygame.Surface:
    """A spell card of one's own hand, with how many of it one holds."""
    return _hand_card(kind, count, width, language())


@surface_cache(64)
def _hand_card(kind: str, count: int, width: int, _language: str) -> pygame.Surface:
    face = spell_face(kind, width).copy()
    theme.pill(face, f"×{count}", 18, theme.INK, theme.GOLD_LIGHT, topright=(width - px(4), px(4)))
    return face


CARDS = frozenset((*REWARDS, *END_CARDS, "stupefix", "rate", "protego"))  # terms that are cards with a face


def help_text(word: str) -> tuple[str, str, str]:
    """A term's name in the interface's language, its French rulebook name (empty when the same) and what it
    does."""
    shown, rulebook = term(word), french(word)
    same = sorted(rulebook.split()) == sorted(shown.split())  # ("Points 10" is "10 Points")
    return shown, "" if same else rulebook, meaning(word)


def is_term(word: object) -> bool:
    return isinstance(word, str) and word in TERMS


def help_card(word: str, width: int) -> pygame.Surface:
    """The enlarged card of a term: a card's face (or the word's picture), its name, the French rulebook name
    as a subtitle, and what it does."""
    return _help_card(word, width, language())


@surface_cache(64)
def _help_card(word: str, width: int, _language: str) -> pygame.Surface:
    shown, rulebook, text = help_text(word)
    pad = px(12)
    picture = _picture(word, width)
    lines = theme.wrap(text, 16, width - 2 * pad)
    step = round(theme.font_px(16) * 1.2)
    # The rulebook name wraps too: a long one ("Sorcières, Sorciers, à vos baguettes !") after the Russian
    # "French rulebook:" is wider than the card.
    subtitle = theme.wrap(_("French rulebook: {name}").format(name=rulebook), 14, width - 2 * pad) if rulebook else []
    subtitle_step = round(theme.font_px(14) * 1.2)
    top = picture.get_height() + pad * 2 if picture is not None else pad
    height = top + px(30) + len(subtitle) * subtitle_step + len(lines) * step + pad
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    theme.panel(card, card.get_rect(), colour=(250, 244, 226), edge=theme.GOLD, alpha=250)
    if picture is not None:
        card.blit(picture, picture.get_rect(midtop=(width // 2, pad)))
    title = theme.fit_width(theme.text(shown, 21, theme.INK, bold=True), width - 2 * pad)
    y = card.blit(title, (pad, top)).bottom
    for line in subtitle:
        y = theme.write(card, line, 14, (120, 96, 70), topleft=(pad, y)).bottom
    y += px(4)
    for index, line in enumerate(lines):
        card.blit(theme.text(line, 16, (70, 56, 40)), (pad, y + index * step))
    return card


def _picture(word: str, width: int) -> pygame.Surface | None:
    """The face of a card term, or the picture of a word of the table, for its enlarged card."""
    if word in ("stupefix", "rate"):
        return spell_face(word, round(width * 0.42))
    if word == "stupefix_held":
        return spell_face("stupefix", round(width * 0.42))
    if word == "protego":
        return fit("stupefix/spell_protego", round(width * 0.4))
    if word in REWARDS or word in END_CARDS:
        return reward_face(word, round(width * 0.46))
    pictures = {"retard": "stupefix/retard", "pet": "stupefix/chouchou_tile"}
    return fit(pictures[word], px(64)) if word in pictures else None
