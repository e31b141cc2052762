"""Card faces and backs for That's Wizard!, drawn from the card table and the art, cached by size.

A face shows what the printed card shows: the dial values in the blue box, the name, who it targets and whether
it is quick or lasting, its level and school in the corner, and (when the card is big enough to read) its
timing, duration and rule in our words.
"""

from __future__ import annotations

import pygame

from tabletop.games.thats_wizard.cards import CARDS, Card
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.i18n import N_, language
from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.card_zoom import card_height
from tabletop.ui.theme import px

# Each dark enough for the card's white name on its band at AA (4.5:1 and more). In the colour-blind palette a set
# chosen to stay apart as deuteranopes and protanopes see them (simulated, the closest two schools 40 apart in Lab
# with lightness counted twice; Defense and Hexes were 6 apart, Charms and Transfiguration 8): the school's emblem
# and level in the card's corner tell it too.
SCHOOL_COLOURS = theme.by_palette(
    {
        "Charms": (196, 64, 120),
        "Curses": (70, 70, 82),
        "Transfiguration": (30, 120, 100),
        "Defense": (52, 96, 176),
        "Hexes": (132, 60, 170),
        "Divination": (40, 60, 120),
        "Jinxes": (176, 92, 20),
        "": (124, 98, 40),
    },
    {
        "Charms": (126, 36, 102),
        "Curses": (18, 12, 0),
        "Transfiguration": (108, 120, 96),
        "Defense": (12, 108, 216),
        "Hexes": (6, 36, 162),
        "Divination": (18, 0, 66),
        "Jinxes": (156, 108, 6),
        "": (60, 60, 0),
    },
)
# Blue and Yellow; in the colour-blind palette Okabe-Ito's sky blue and orange. Light enough for a team's name in
# its colour on the dark banner at AA; each team also has its shape (team_mark), so colour is never the only sign.
TEAM_COLOURS = theme.by_palette([(100, 145, 240), (236, 186, 50)], [(86, 180, 233), (230, 159, 0)])
TEAM_DARK = theme.by_palette([(30, 50, 120), (130, 90, 10)], [(0, 74, 120), (120, 80, 0)])
INK = (36, 28, 22)
AIM_ICON = {"opponent": "target", "both": "target", "spell": "target", "self": "self", "ally": "ally"}
AIM_TEXT = {  # whom a card aims at, under its name
    "opponent": N_("opponent"),
    "both": N_("both opponents"),
    "self": N_("yourself"),
    "ally": N_("ally"),
    "spell": N_("a spell"),
}
FULL_TEXT = 150  # from this width a face carries its whole rule, when it fits in type a player reads at a glance:
READABLE_RULE = 13  # (letters of 9 px); in smaller type the face says what the card does in a few words
BRIEF_TEXT = 80  # from this width what it does in a few words, and its dial values above its name
# What each card does, in a few words, for faces too small for the whole rule (the zoom shows all of it).
BRIEF = {
    "focus": N_("Your Power goes back to 10 at the end of the round"),
    "counterspell": N_("Stops their spell; you lose 1 Stamina or more"),
    "stun": N_("They lose P+2 Power (what is missing as Damage)"),
    "silence": N_("They take 2 Fatigue after each spell they cast"),
    "levitate": N_("Their Focus gives no Power; 4 Damage next round"),
    "erase_memory": N_("Take 2 cards of their hand while it lasts"),
    "energize": N_("Your ally gains P+2 Power"),
    "paralyze": N_("They take no turn next round"),
    "explosion": N_("They take P+1 Damage"),
    "embrace_pain": N_("Gain as much Power as the Stamina you lose"),
    "death": N_("They forfeit if their Stamina is 11 or less"),
    "conflagration": N_("Both opponents take P-3 Damage"),
    "regenerate": N_("Gain 2 Stamina now and 2 next round"),
    "brittlebones": N_("Every Damage they take is 2 more"),
    "polymorph": N_("They forfeit if their Stamina is 8 or less"),
    "shrink": N_("They take half their Stamina as Fatigue"),
    "molten_floor": N_("Both opponents take 2 Damage each round"),
    "reflect": N_("Spells aimed at you turn back this round"),
    "disarm": N_("They forfeit if their Stamina is 5 or less"),
    "dispel": N_("Remove P-1 tokens from their lasting spells"),
    "invisibility": N_("Your spells cannot be countered or turned back"),
    "transference": N_("Give your ally up to 3xP of your Stamina"),
    "share_pain": N_("They take P Fatigue (+1 if you are lower)"),
    "fear": N_("Every Fatigue they take is 2 more"),
    "chaos": N_("Roll a die: P to P+2 Damage (on a 1, both)"),
    "mind_control": N_("They forfeit if their Power is P-8 or less"),
    "imprison": N_("Both opponents gain no Power"),
    "portents": N_("Each round a die: Stamina, Power or Fatigue"),
    "scry": N_("Keep 1 of P spells from the deck this duel"),
    "arithmancy": N_("Half of both dials together as Damage"),
    "grim_omen": N_("You and your opponent swap Stamina"),
    "nevermore": N_("Your ally gains 2xP Stamina and 10 Power; you forfeit"),
    "shock": N_("They take P Damage (+1 if you go first)"),
    "tongue_tie": N_("Their spells cost 2 Power more"),
    "ignite": N_("They take 6 Damage at the end of next round"),
    "confusion": N_("Their spells at an opponent turn back on them"),
    "miasma": N_("Both opponents take 1 Fatigue each round"),
}


def _font(size: int, bold: bool = False) -> theme.Font:
    """Card text is sized to the card in pixels, not to the window (theme.text scales with the window)."""
    return theme.font(max(8, size), bold)


def _wrap(text: str, font: theme.Font, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width`` in this card font; none for no text."""
    return theme.wrap_in_font(text, font, width) if text else []


def card_face(card: str, width: int, dim: bool = False) -> pygame.Surface:
    """A card's face ``width`` pixels wide (veiled when ``dim``), in the language shown now."""
    return _card_face(card, width, dim, language(), False)


def zoom_face(card: str, width: int) -> pygame.Surface:
    """A card enlarged to be read: the whole rule in whatever type fits from 150 pixels (an enlarged card shrinks
    to keep clear of the prompt and buttons; it is still where the rule is read)."""
    return _card_face(card, width, False, language(), True)


@surface_cache(400)
def _card_face(card: str, width: int, dim: bool, _language: str, whole: bool) -> pygame.Surface:
    c = CARDS[card]
    w, h = width, card_height(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius, edge = max(4, w // 14), max(3, w // 25)
    pygame.draw.rect(surface, (250, 242, 222), (0, 0, w, h), border_radius=radius)
    band = max(14, round(h * 0.2))
    colour = SCHOOL_COLOURS[c.school]
    pygame.draw.rect(surface, colour, (0, 0, w, band), border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surface, INK, (0, 0, w, h), width=max(1, w // 60), border_radius=radius)
    # The dial values in the blue box, the name under it; a face too small for both in its band keeps the name
    # alone (the values would lie over it, and neither could be read; the zoom shows them).
    if w >= BRIEF_TEXT:
        label = _font(max(10, round(w * 0.13)), True).render(" ".join(str(d) for d in c.dials), True, (255, 255, 255))
        box = pygame.Rect(edge, edge, label.get_width() + w // 10, label.get_height() + 2)
        pygame.draw.rect(surface, (40, 80, 190), box, border_radius=max(2, w // 30))
        surface.blit(label, label.get_rect(center=box.center))
    name_size = max(10, round(w * (0.15 if len(c.name) < 11 else 0.125)))
    name = theme.fitted_text(c.name, w - 8, name_size, (255, 255, 255))
    surface.blit(name, name.get_rect(midbottom=(w // 2, band - max(1, h // 80))))
    # Icons: whom it targets, quick or lasting.
    icon = max(12, round(w * 0.16))
    y = band + max(2, h // 60)
    surface.blit(scaled(f"thats_wizard/icons/{AIM_ICON[c.target]}", (icon, icon)), (edge, y))
    if c.target == "both":
        surface.blit(scaled("thats_wizard/icons/target", (icon, icon)), (edge + icon * 2 // 3, y))
    kind = "lasting" if c.lasting else "quick"
    surface.blit(scaled(f"thats_wizard/icons/{kind}", (icon, icon)), (w - icon - edge, y))
    # Whom, in words, between the target icons and the kind's: smaller to fit, left out where it would not.
    left = edge + icon * 2 // 3 + icon + 4 if c.target == "both" else edge + icon + 4
    room = w - icon - edge - 4 - left
    size = max(9, round(w * 0.09))
    for trial in range(size, max(8, round(size * 0.75)) - 1, -1):
        tag = _font(trial).render(_(AIM_TEXT[c.target]), True, INK)
        if tag.get_width() <= room:
            surface.blit(tag, tag.get_rect(midleft=(left, y + icon // 2)))
            break
    # The rule, when the card is big enough to read.
    top = y + icon + max(2, h // 60)
    corner = max(16, round(w * 0.2))
    margin = max(4, w // 20)
    rule_body = pygame.Rect(margin, top, w - 2 * margin, h - top - corner - 4)
    rule_size = _rule_size(c, rule_body, round(w * 0.072)) if w >= FULL_TEXT else 0
    if rule_size >= (1 if whole else READABLE_RULE):
        _rule(surface, c, rule_body, rule_size)
    elif w >= BRIEF_TEXT:
        when = _font(max(9, round(w * 0.09))).render(c.when.split(";")[0], True, INK)
        when = theme.fit_width(when, w - 8, keep_height=True)
        surface.blit(when, when.get_rect(midtop=(w // 2, top)))
        margin, below = max(4, w // 20), top + when.get_height() + 2
        body = pygame.Rect(margin, below, w - 2 * margin, h - below - corner - 4)
        _brief(surface, _(BRIEF[card]) if card in BRIEF else "", body, round(w * 0.115))
    # School and level in the corner.
    if c.is_spell:
        emblem = scaled(f"thats_wizard/schools/{c.school.lower()}", (corner, corner))
        surface.blit(emblem, (w - corner - 3, h - corner - 3))
        level = _font(max(10, round(corner * 0.8)), True).render(str(c.level), True, INK)
        surface.blit(level, level.get_rect(midright=(w - corner - 5, h - corner // 2 - 3)))
        if c.duos:
            surface.blit(scaled("thats_wizard/icons/duos", (corner, corner)), (4, h - corner - 3))
    else:
        special = _font(max(9, round(w * 0.1)), True).render(_("Special action"), True, (120, 90, 30))
        if special.get_width() < w - 6:
            surface.blit(special, special.get_rect(midbottom=(w // 2, h - 4)))
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 120), (0, 0, w, h), border_radius=radius)
        surface.blit(veil, (0, 0))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _rule_lines(c: Card) -> list[str]:
    """When it acts, how long it lasts and its rule: the whole text of a face that carries it."""
    lasts = [_("Lasts: {rounds}.").format(rounds=c.lasts_text)] if c.lasting else []
    return [_("When: {when}.").format(when=c.when), *lasts, c.rule]


def _rule_size(c: Card, body: pygame.Rect, largest: int) -> int:
    """The largest type (up to ``largest``, 0 below 9) in which the whole rule fits ``body``."""
    lines = _rule_lines(c)
    for size in range(largest, 8, -1):
        font = _font(size)
        if sum(len(_wrap(line, font, body.width)) for line in lines) * font.get_linesize() <= body.height:
            return size
    return 0


def _rule(surface: pygame.Surface, c: Card, body: pygame.Rect, size: int) -> None:
    """The whole rule in type of ``size`` (``_rule_size``): when it acts and how long it lasts set in bold."""
    lines = _rule_lines(c)
    heads = tuple(line.split(" ")[0] for line in lines[:-1])  # "When:" (and "Lasts:")
    font = _font(size)
    wrapped = [piece for line in lines for piece in _wrap(line, font, body.width)]
    for index, piece in enumerate(wrapped):
        bold = piece.startswith(heads)
        surface.blit(_font(size, bold).render(piece, True, INK), (body.left, body.top + index * font.get_linesize()))


def _brief(surface: pygame.Surface, text: str, body: pygame.Rect, largest: int) -> None:
    """What the card does in a few words, bold, centred, in the largest type (up to ``largest``) that fits."""
    for size in range(largest, 8, -1):
        font = _font(size, True)
        lines = _wrap(text, font, body.width)
        if len(lines) * font.get_linesize() <= body.height:
            break
    for index, line in enumerate(lines):
        label = font.render(line, True, INK)
        surface.blit(label, label.get_rect(midtop=(body.centerx, body.top + index * font.get_linesize())))


def team_mark(surface: pygame.Surface, team: int, centre: tuple[int, int], size: int) -> pygame.Rect:
    """A team's sign besides its colour: Blue a round chip, Yellow a diamond, each with its initial when there is
    room (a colour-blind player tells the teams' chips, backs and tokens apart by shape)."""
    mark = _team_mark(team, max(6, size))
    return surface.blit(mark, mark.get_rect(center=centre))


def _team_mark(team: int, size: int) -> pygame.Surface:
    return _team_mark_in(team, size, language())


@surface_cache(32)
def _team_mark_in(team: int, size: int, _language: str) -> pygame.Surface:
    half = size // 2
    mark = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
    centre = (half, half)
    fill, dark = TEAM_COLOURS[team], TEAM_DARK[team]
    if team == 0:
        pygame.draw.circle(mark, fill, centre, half)
        pygame.draw.circle(mark, dark, centre, half, max(1, half // 5))
    else:
        corners = [(half, 0), (2 * half, half), (half, 2 * half), (0, half)]
        pygame.draw.polygon(mark, fill, corners)
        pygame.draw.polygon(mark, dark, corners, max(1, half // 5))
    if size >= 18:
        initial = _(TEAM_NAMES[team])[:1]  # the team name's initial in the language shown (B, Y; B, J; С, Ж)
        letter = _font(max(9, round(size * 0.62)), True).render(initial, True, theme.readable_on(fill))
        mark.blit(letter, letter.get_rect(center=(half, half + 1)))
    return mark


def card_back(team: int, width: int) -> pygame.Surface:
    """A face-down card of a team: its back's colour and the team's mark in a corner."""
    return _card_back(team, width, language())


@surface_cache(64)
def _card_back(team: int, width: int, _language: str) -> pygame.Surface:
    back = scaled(f"thats_wizard/back_{'blue' if team == 0 else 'yellow'}", (width, card_height(width))).copy()
    size = max(10, width // 4)
    team_mark(back, team, (width - size // 2 - max(3, width // 14), size // 2 + max(3, width // 14)), size)
    return back


def lay_tokens(surface: pygame.Surface, card: pygame.Rect, count: int, team: int) -> None:
    """Lasting-effect tokens lying on a card, in the colour of the spell's owner and with the team's mark."""
    size = max(px(14), card.width // 4)
    token = scaled(f"thats_wizard/token_{'blue' if team == 0 else 'yellow'}", (size, size))
    for n in range(count):
        where = token.get_rect(topleft=(card.left + px(4) + n * (size * 3 // 4), card.bottom - size - px(18)))
        surface.blit(token, where)
        team_mark(surface, team, where.center, size // 2)
