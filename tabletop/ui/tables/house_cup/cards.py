"""House Cup card faces, drawn from the card table and the art, cached per card and width."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup.cards import CARDS, DAY_SHORT, KINDS, copies_in_play, house_name
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import ngettext
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.assets import fit, scaled
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.card_zoom import card_height

# Dark enough for the light title on the header and the category's name on the parchment at AA; in the
# colour-blind palette Okabe-Ito's vermillion, blue, bluish green and reddish purple, darkened for the same. Each
# kind also has its pattern on the header and the chips (IMMEDIATELY stripes, Set dots, Help lines, Single plain).
# The colour-blind set chosen to stay apart as deuteranopes and protanopes see them (simulated, 41 apart at the
# closest in Lab with lightness counted twice; Single and Help were one grey for a deuteranope, 17 apart), each
# dark enough for the white words on its band and to be read as words on the parchment (AA).
CATEGORY_COLOURS = theme.by_palette(
    {"instant": (146, 42, 40), "set": (38, 72, 132), "single": (44, 104, 68), "help": (128, 86, 20)},
    {"instant": (174, 24, 0), "set": (0, 102, 204), "single": (90, 108, 90), "help": (96, 54, 114)},
)
CATEGORY_PATTERNS = {"instant": "diagonal", "set": "dots", "single": "", "help": "horizontal"}
CATEGORY_LABEL = {"instant": N_("IMMEDIATELY"), "set": N_("Set"), "single": N_("Single card"), "help": N_("Help")}
DAY_ART = ("days/mon", "days/tue", "days/wed", "days/thu", "days/fri")
FULL_TEXT = 150  # from this width a face carries its whole rule; narrower ones what it does in a few words
# What each kind does, in a few words, for faces too small for the whole rule (the zoom shows all of it).
BRIEF = {
    "trouble": N_("Discard one of your other cards now. -5 at the end"),
    "letter": N_("Take a reward token, give a card to an opponent"),
    "divination": N_("Take the top card of the deck; shuffle this one back in"),
    "cauldron": N_("Everyone may discard a card for a token"),
    "hagrid": N_("Take 3 reward tokens"),
    "potions": N_("1-5 cards: 2, 3, 4, 20, 40 points"),
    "herbology": N_("1-3 cards: -20, -30, -40 (Earphones: +)"),
    "creatures": N_("1-5 cards: 4, 9, 15, 25, 50 points"),
    "charms": N_("Your reward tokens: 3, 5, 8 points each"),
    "castle": N_("All 3 different castle cards: 60"),
    "quidditch": N_("Most Quidditch cards: 30 points"),
    "forward": N_("15 if {house} leads at Quidditch"),
    "uniform": N_("{house}: +10 if your house, else -10"),
    "elf": N_("Your Trouble cards score +5 instead"),
    "history": N_("1 point for every card you own"),
    "help_owlery": N_("3 points per card with the letter symbol"),
    "help_firstyears": N_("3 points per card with the help symbol"),
    "help_hagrid": N_("3 points per card with the animal symbol"),
    "help_uniforms": N_("3 points per card with the clothing symbol"),
    "help_nargles": N_("Bears all four symbols: every Help card counts it"),
    "help_search": N_("At the end: may keep 1 of the deck's top 5"),
    "flywheel": N_("At the end: one more card of a set"),
    "earphones": N_("Herbology scores its points instead"),
}


def header_height(width: int) -> int:
    return max(18, round(width * 0.2))


def brief(card: str) -> str:
    """What ``card`` does, in a few words."""
    info = CARDS[card]
    if info.variant == "pixie":
        return _("Discard one of your other cards now. No cost at the end")
    if info.kind in ("forward", "uniform"):  # the variant is the house the card names
        return _(BRIEF[info.kind]).format(house=house_name(info.variant))
    return _(BRIEF[info.kind])


# A small face's picture, smaller where its few words need the room: the discard pile's face at 1024x640 cut
# "A la fin : vous pouvez garder 1 des 5 cartes du" (French is longer) and Trouble's English after three lines.
ART_SHARES = (1.0, 0.8, 0.6, 0.45)


def _art_box(width: int, share: float = 1.0) -> tuple[int, int]:
    """The illustration's top and size on a face (a small face keeps room for its words; ``share`` of it)."""
    return header_height(width) + round(width * 0.05), round(width * (0.62 if width >= FULL_TEXT else 0.5) * share)


def art_bottom(width: int, card: str | None = None) -> int:
    """Where the illustration ends on ``card``'s face ``width`` wide (a count badge sits there, over no words)."""
    top, size = _art_box(width, 1.0 if card is None else art_share(card, width))
    return top + size


def art_share(card: str, width: int) -> float:
    """How much of a face's room for its picture the picture takes: all of it, or less on a small face whose few
    words would be cut at the smallest type (the zoom shows the picture whole)."""
    if width >= FULL_TEXT:
        return 1.0
    for share in ART_SHARES:
        if _face_words(card, width, share)[3]:
            return share
    return ART_SHARES[-1]


def art_name(card: str) -> str:
    info = CARDS[card]
    if info.kind == "castle":
        return f"cards/castle_{info.variant.lower()}"
    return f"cards/{info.kind}"


@surface_cache(500)
def card_face(card: str, width: int, box: tuple[str, ...] = ()) -> pygame.Surface:
    """``card``'s face, ``width`` wide, for a game that left ``box`` in the box (a large face tells how many of its
    kind are in play: 2-3 player games leave 7 Potions and 3 castle cards out, unless they keep the full deck)."""
    info = CARDS[card]
    kind = KINDS[info.kind]
    height = card_height(width)
    colour = CATEGORY_COLOURS[kind.category]
    radius = max(4, width // 14)
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = face.get_rect()
    pygame.draw.rect(face, theme.PARCHMENT, rect, border_radius=radius)
    # Header band: day, name, corner symbol.
    hb = header_height(width)
    band = pygame.Rect(0, 0, width, hb)
    pygame.draw.rect(face, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    category_pattern(face, kind.category, band.inflate(-2 * radius, 0), max(5, hb // 3))
    day_size = round(hb * 0.82)
    face.blit(scaled(DAY_ART[info.day], (day_size, day_size)), (max(2, hb // 10), (hb - day_size) // 2))
    symbols = sorted(info.symbols)
    symbol_size = round(hb * 0.78)
    right = width - max(2, hb // 10)
    if len(symbols) == 1:
        right -= symbol_size
        face.blit(scaled(f"symbols/{symbols[0]}", (symbol_size, symbol_size)), (right, (hb - symbol_size) // 2))
    elif symbols:  # every symbol (Help Hunting Nargles): the four of them, two by two, no badge over them
        small = max(6, round(hb * 0.46))
        right -= 2 * small
        for index, symbol in enumerate(symbols):
            at = (right + (index % 2) * small, (hb - 2 * small) // 2 + (index // 2) * small)
            face.blit(scaled(f"symbols/{symbol}", (small, small)), at)
    left = max(2, hb // 10) + day_size + 3
    # (a long name, "School Uniform (Hufflepuff)", goes on two lines rather than shrink to a cut line)
    title = theme.fitted_text(info.title, right - left - 3, max(11, round(hb * 0.62)), (255, 248, 230), two_lines=True)
    face.blit(title, title.get_rect(midleft=(left, hb // 2)))
    # Illustration.
    art_top, art_box = _art_box(width, art_share(card, width))
    art = fit(art_name(card), art_box)
    face.blit(art, art.get_rect(midtop=(width // 2, art_top)))
    # Category, then the rule: whole on a large face, in a few words on a small one (the day is in the corner).
    text_top = art_top + art_box + round(width * 0.03)
    label = _label_font(width).render(_(CATEGORY_LABEL[kind.category]), True, colour)
    if width >= FULL_TEXT:
        copies = copies_in_play(card, box)
        # (copies this game plays with: "in the deck" read as the cards left there, beside the pile's own count)
        said = ngettext("{count} in the game", "{count} in the game", copies).format(count=copies)
        label, count = _beside(label, said, round(width * 0.86), max(9, round(width * 0.075)))
        face.blit(count, count.get_rect(topright=(width - round(width * 0.07), text_top)))
    face.blit(label, (round(width * 0.07), text_top))
    font, lines, body = face_words(card, width)
    for index, line in enumerate(lines):
        face.blit(font.render(line, True, theme.INK), (body.left, body.top + index * (font.get_linesize() - 1)))
    pygame.draw.rect(face, colour, rect, width=max(2, width // 45), border_radius=radius)
    return face


def category_pattern(surface: pygame.Surface, category: str, rect: pygame.Rect, step: int) -> None:
    """A kind of card's pattern over ``rect`` filled with its colour (its sign besides the colour)."""
    lines = theme.shade(CATEGORY_COLOURS[category], 0.78)
    theme.pattern(surface, CATEGORY_PATTERNS[category], rect, lines, step)


def _beside(label: pygame.Surface, said: str, room: int, size: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The category's label and the deck's count on one line of ``room``: the count smaller where both do not
    fit ("IMMÉDIATEMENT" and "8 dans la pioche" lay over each other), then the label narrowed."""
    gap, colour = max(4, size // 2), (120, 100, 70)
    for trial in range(size, max(8, round(size * 0.7)) - 1, -1):
        count = theme.font(trial).render(said, True, colour)
        if label.get_width() + gap + count.get_width() <= room:
            return label, count
    return theme.fit_width(label, max(1, room - gap - count.get_width()), keep_height=True), count


def _label_font(width: int) -> theme.Font:
    return theme.font(max(9, round(width * 0.075)), True)


def face_words(card: str, width: int) -> tuple[theme.Font, list[str], pygame.Rect]:
    """The words a face ``width`` wide carries under its picture: the whole rule on a large face (cut where the
    card ends), what it does in a few words on a small one (in the largest type that holds them whole); with
    their font and where they go."""
    font, lines, body, _whole = _face_words(card, width, art_share(card, width))
    return font, lines, body


def _face_words(card: str, width: int, share: float) -> tuple[theme.Font, list[str], pygame.Rect, bool]:
    """``face_words`` under a picture of ``share`` of its room, and whether they are whole."""
    top = sum(_art_box(width, share)) + round(width * 0.03) + _label_font(width).get_height() + 1
    body = pygame.Rect(round(width * 0.07), top, round(width * 0.88), card_height(width) - top - max(3, width // 25))
    if width >= FULL_TEXT:
        kind = KINDS[CARDS[card].kind]
        message, sizes, bold = _after_label(kind.rule, kind.category), [max(10, round(width * 0.068))], False
    else:
        message, sizes, bold = brief(card), list(range(max(9, round(width * 0.12)), 8, -1)), True
    for size in sizes:
        font = theme.font(size, bold)
        lines = theme.wrap_in_font(message, font, body.width)
        if len(lines) * (font.get_linesize() - 1) <= body.height + 2:
            break
    fitting = (body.height + 2 - font.get_linesize()) // (font.get_linesize() - 1) + 1
    return font, lines[: max(0, fitting)], body, len(lines) <= fitting


def _after_label(rule: str, category: str) -> str:
    """``rule`` without the category it opens with ("IMMEDIATELY: take three reward tokens."): the face prints
    the category just above it."""
    label = _(CATEGORY_LABEL[category])
    if not rule.startswith(label):
        return rule
    rest = rule[len(label) :].lstrip(" :\u00a0\u202f")
    return rest[:1].upper() + rest[1:]


def card_back(width: int) -> pygame.Surface:
    return scaled("card_back", (width, card_height(width)))


__all__ = ["DAY_SHORT", "art_bottom", "brief", "card_back", "card_face", "card_height", "face_words", "header_height"]


GROUP_ORDER = (
    "potions", "herbology", "creatures", "charms", "castle", "quidditch", "forward", "uniform", "history",
    "help_owlery", "help_firstyears", "help_hagrid", "help_uniforms", "help_nargles", "help_search", "elf",
    "earphones", "flywheel", "trouble", "letter", "hagrid", "cauldron", "divination",
)  # fmt: skip


def groups(cards: tuple[str, ...]) -> list[list[str]]:
    """A player's cards sorted into sets, in the order a tableau is laid out. The Pixie's Trouble lies apart
    from the others (it costs nothing at the end): in one stack, "x2" under its face read as two free Troubles."""
    by_kind: dict[tuple[str, bool], list[str]] = {}
    for card in cards:
        info = CARDS[card]
        by_kind.setdefault((info.kind, info.variant == "pixie"), []).append(card)
    return [by_kind[key] for kind in GROUP_ORDER for key in ((kind, False), (kind, True)) if key in by_kind]


# Kinds whose copies differ (which house) and each score on their own (the rulebook's "Cards Outside Sets"):
# one's own lie one stack a house, as the Potions lie one stack a set.
APART_BY_HOUSE = frozenset({"forward", "uniform"})


def stacks(cards: tuple[str, ...]) -> list[list[str]]:
    """One's own cards as stacks, in ``groups``' order, but a House Forward! or a School Uniform in a stack of
    its house's: three Forwards lay in one stack, "x3" under the face of "15 if Ravenclaw leads at Quidditch",
    and a Gryffindor Uniform over a Hufflepuff one read "x2" under "+10 if your house" (a player's review)."""
    laid: list[list[str]] = []
    for group in groups(cards):
        if CARDS[group[0]].kind not in APART_BY_HOUSE:
            laid.append(group)
            continue
        by_house: dict[str, list[str]] = {}
        for card in group:
            by_house.setdefault(CARDS[card].variant, []).append(card)
        laid.extend(by_house.values())
    return laid


def alike(stack: list[str]) -> bool:
    """Whether a stack's cards all show one face (a Castle stack may hold three different cards): only then does
    its foot say how many ("x2" under The Moving Staircases over a Third-Floor Corridor read as two of them)."""
    return len({(CARDS[card].kind, CARDS[card].variant) for card in stack}) == 1
