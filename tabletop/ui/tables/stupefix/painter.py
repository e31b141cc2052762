"""Drawing the Stupéfix table from a ``Look``: the middle (rewards, piles, urn), the seats, the wands, the
Ready cue and the count, and the reveal step by step. Returns what the pointer can touch: the rewards
("reward"), the words and cards whose enlarged card shows under a resting pointer ("term", a ``terms`` key) and
the scores that explain themselves ("score", a house)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.stupefix.cards import HOUSES, ROUNDS, house_name
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import ngettext
from tabletop.games.stupefix.scoring import house_totals, urn_value
from tabletop.games.stupefix.terms import name as term
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui import theme
from tabletop.ui.assets import fit, scaled
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import Panel, backdrop, felt, rect_key
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.sprites.motion import Flight
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.tables.stupefix import faces
from tabletop.ui.tables.stupefix.layout import Layout, SeatLayout, Segment, grip, seat_layout
from tabletop.ui.tables.stupefix.pacing import Reveal
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, two_line_label

Colour = tuple[int, int, int]
ACTING = (250, 250, 250)  # the edge of a place whose player is to act (white: no house has it)
URN_PLATE = (24, 18, 14)
OUT = (200, 150, 140)  # the badge of a seat out of this round's play


@dataclass(frozen=True)
class Look:
    """Everything one frame of the table shows, as the table sees it now."""

    view: StupefixView  # during the reveal, the table as it was while everyone decided
    layout: Layout
    names: Sequence[str]
    humans: frozenset[int]
    controllers: Sequence[str]  # who plays each seat: "human" or a bot's id ("easy", "hard", ...)
    prompt: tuple[str, Colour]
    secrets_of: int | None  # the seat whose own cards are shown face up (None: a public table)
    takeable: bool  # a person may tap a reward now
    rewards: Sequence[str | None]  # the reward in each place of the row (``layout.row``; None: a gap, one taken)
    reveal: Reveal | None  # phases 4-5 being told step by step
    telling: int | None  # the seat the caption is about now
    pointing: frozenset[int]  # in phase 3, the seats whose turn it is to point (their Ready, count or aim)
    wands: Sequence[Segment]  # each seat's wand as it lies or is held
    aims: Sequence[int | None]  # whom each wand points at
    held: Sequence[tuple[int, tuple[int, int]]]  # the wands held by a hand: the seat, and where the hand is
    lit: frozenset[int]  # the seats a held wand is over (its target if let go now)
    open_targets: frozenset[int]  # the seats a held wand may be dropped on
    ready: frozenset[int]  # the wands that may be picked up now
    countdown: tuple[str, float] | None  # the count now ("3", "2", "1", "Time!"), and how far it is (0 to 1)
    cue: Cue | None  # "Ready?" before a count: for everyone, or the hand-over to the person whose turn it is
    flights: Sequence[Flight]
    bar: Sequence[Button]
    # Where the prompt goes and its lines (``banner_box``): the banner and one line, or the banner grown for several
    banner: tuple[pygame.Rect, list[str]]


@dataclass(frozen=True)
class Cue:
    """The card before a count: the Chouchou's call (and the French rulebook's), what to do, and Ready."""

    rect: pygame.Rect
    title: str
    subtitle: str  # the French rulebook's call ("" where it is the title)
    text: str
    button: Button
    compact: bool = False  # its call, how long the count is and Ready only, in a corner of felt (no more room)
    count: str = ""  # the compact cue's line under its call: how many seconds Ready gives to point


@dataclass(frozen=True)
class Mat:
    """Everything a seat's place mat shows: drawn once, and cached for as long as none of it changes."""

    size: tuple[int, int]
    scale: float  # the mat's size against its design size (``SeatLayout.scale``): its words and tokens follow
    house: str  # the house's id (its crest and colours)
    name: str
    sub: tuple[str, ...]  # under the name: the house (in the interface's language) and who plays it, then shorter
    edge: str  # "lit" (a held wand is over it), "acting" or ""
    droppable: bool
    standing: bool
    chouchou: bool
    hand: tuple[str, ...] | int  # the spell cards face up (the seat's own screen), or how many face down
    stupefix: tuple[int, int] | None  # a hand face down: the fewest and most Stupefy it and the laid card hold
    slot: str | None  # the laid card: a spell face up, "back" face down, or None
    tokens: tuple[int, int, int]  # Retard tokens, Potion cards, Faveur cards
    points: int  # Points of this round
    badge: tuple[str, Colour] | None


def paint(look: Look, surface: pygame.Surface) -> HitMap:
    hits = HitMap()
    layout = look.layout
    panels = (Panel(rect_key(layout.urn), (44, 32, 24), theme.GOLD, px(10), 235),)
    surface.blit(felt(surface.get_size(), panels), (0, 0))  # the urn's panel composed once
    # A wand lying on the table (neither held nor to be taken up) lies under the cards, the piles, the prompt and
    # the mats: lying over a reward it turned its "20" into "26" (a review of 8 people at 1366x768).
    taken = {seat for seat, _pos in look.held} | look.ready
    lying = [seat for seat in range(look.view.players) if seat not in taken]
    for seat in lying:
        _wand(look, surface, seat)
    # The prompt's panel over them: composed with the felt, under the wands, a top seat's resting wand lay across
    # the prompt's words ("pointez votre baguette sur un" with a wand over "sur", at five seats in French).
    theme.panel(surface, layout.banner, alpha=200, radius=px(8))
    _banner(look, surface)
    _rewards(look, surface, hits)
    _piles(look, surface, hits)
    _urn(look, surface, hits)
    for seat in range(look.view.players):
        spot = look.layout.seats[seat]
        mat = _mat_of(look, seat)
        surface.blit(_mat_on_felt(surface.get_size(), rect_key(spot.rect), mat), spot.rect)
        if mat.edge == "acting":  # a second ring around the mat: the one to act is told by shape as well as colour
            ring = spot.rect.inflate(px(12), px(12))
            pygame.draw.rect(surface, ACTING, ring, max(2, px(2)), border_radius=px(16))
        terms = _mat(mat)[1]
        for rect, kind, item in terms:
            hits.add(kind, item, rect.move(spot.rect.topleft))
    _aims(look, surface)
    for seat in sorted(taken):
        _wand(look, surface, seat)
    _countdown(look, surface)
    _reveal_effects(look, surface)
    _cue(look, surface)
    _aims_over_cue(look, surface)
    _long_banner(look, surface)
    for flight in look.flights:
        if flight.started:
            token = flight.kind == "token"
            image = faces.retard_token(px(22)) if token else faces.reward_face(str(flight.item), px(36))
            surface.blit(image, image.get_rect(center=flight.pos()))
    for button in look.bar:
        button.draw(surface)
    return hits


# --- the middle of the table ------------------------------------------------------------------------------


def _banner(look: Look, surface: pygame.Surface) -> None:
    """The round at the right; the prompt at the left when it holds on one line (smaller, or a little squeezed,
    when long); a longer one is drawn last, on a banner grown down over the table (``_long_banner``)."""
    banner, (text, colour) = look.layout.banner, look.prompt
    shown = theme.write(
        surface, _status(look.view.round), 15, theme.TEXT_DIM, midright=(banner.right - px(10), banner.centery)
    )
    if len(look.banner[1]) > 1:
        return
    room = shown.left - px(12) - (banner.left + px(10))
    label = theme.text(text, 18, colour, bold=True)
    if label.get_width() > room:
        label = _squeezed(text, 15, colour, room)
    surface.blit(label, label.get_rect(midleft=(banner.left + px(10), banner.centery)))


def _long_banner(look: Look, surface: pygame.Surface) -> None:
    """A prompt too long for the banner's line (the end of a round told at seven or eight players, in French or
    Russian: squeezed onto it, it was half its width), on as many lines as it needs, over what lies below."""
    box, lines = look.banner
    if len(lines) < 2:
        return
    theme.panel(surface, box, alpha=250, radius=px(8))
    step = theme.line_height(15)
    shown = theme.write(
        surface, _status(look.view.round), 15, theme.TEXT_DIM, topright=(box.right - px(10), box.top + px(5))
    )
    for index, line in enumerate(lines):
        label = _squeezed(line, 15, look.prompt[1], shown.left - px(12) - (box.left + px(10)))
        surface.blit(label, (box.left + px(10), box.top + px(4) + index * step))


def _status(round_number: int) -> str:
    return _("Round {round} of {rounds}").format(round=round_number, rounds=ROUNDS)


def banner_box(banner: pygame.Rect, round_number: int, text: str, grows: bool) -> tuple[pygame.Rect, list[str]]:
    """Where the prompt is drawn and its lines: the banner and one line when it fits there at 15 px narrowed to no
    less than 85% (at 18 px when it can), or when the banner may not ``grow`` (a choice panel or the cue lies
    under it); else the banner grown down to hold it at 15 px on several lines."""
    room = banner.width - theme.text(_status(round_number), 15).get_width() - px(32)
    if not grows or 0.85 * theme.text(text, 15, bold=True).get_width() <= room:
        return banner, [text]
    lines = theme.wrap(text, 15, room, bold=True)
    grown = banner.copy()
    grown.height = max(banner.height, px(10) + len(lines) * theme.line_height(15))
    return grown, lines


@surface_cache(64)
def _squeezed(message: str, size: int, colour: Colour, width: int) -> pygame.Surface:
    """A bold line no wider than ``width`` (squeezed once, not every frame)."""
    return theme.fit_width(theme.text(message, size, colour, bold=True), width)


def _rewards(look: Look, surface: pygame.Surface, hits: HitMap) -> None:
    """The rewards beside Become Teacher's Pet, each in its own place (a card taken leaves its gap), lit while a
    person may take one."""
    for index, rect in enumerate(look.layout.row):
        reward = look.rewards[index] if index < len(look.rewards) else None
        if reward is None:
            pygame.draw.rect(surface, (0, 0, 0), rect, max(1, px(2)), border_radius=px(8))
            continue
        surface.blit(faces.reward_face(reward, rect.width), rect)
        hits.add("reward", reward, rect)
        hits.add("term", reward, rect)
        if look.takeable:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(px(4), px(4)), px(2), border_radius=px(8))


def _piles(look: Look, surface: pygame.Surface, hits: HitMap) -> None:
    """The deck of rewards, the spells' discard pile and the reserve of Retard tokens."""
    view, deck, discard = look.view, look.layout.deck, look.layout.discard
    if view.deck_count:
        surface.blit(scaled("card_back", deck.size), hits.add("term", "deck", deck))
    else:
        pygame.draw.rect(surface, (0, 0, 0), deck, max(1, px(2)), border_radius=px(6))
    _captions(surface, deck, [_("Deck {count}").format(count=view.deck_count)], 14)
    up_s, up_r = view.discard_up
    if up_s + up_r:
        top = "stupefix" if up_s else "rate"
        surface.blit(faces.spell_face(top, discard.width), hits.add("term", "discard", discard))
    elif view.discard_down:  # (only Protego's cards, face down: a Misfire drawn there was none of them)
        surface.blit(faces.spell_back(discard.width), hits.add("term", "discard", discard))
    else:
        pygame.draw.rect(surface, (0, 0, 0), discard, max(1, px(2)), border_radius=px(6))
        hits.add("term", "discard", discard)
    lines = [
        _("Discard: {count} Stupefy").format(count=up_s),
        _("{misfires} Misfire, {down} face down").format(misfires=up_r, down=view.discard_down),
    ]
    room = (look.layout.urn.right + px(4), _room_right(look, discard, surface.get_width()))
    _captions(surface, discard, lines, 12, room)
    reserve = look.layout.reserve
    surface.blit(faces.retard_token(reserve.width), hits.add("term", "retard", reserve))


_NUMBER_AND_WORD = re.compile(r"(\d) (?=\w)")  # "14 Stupefy": a number kept with the word after it


def _captions(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[str], size: int, room: tuple[int, int] | None = None
) -> None:
    """Lines under a pile, centred on it; with ``room`` (left, right), kept between the two (the urn on the discard
    pile's left, a seat on its right): a line wider than that is wrapped (at seven or eight players, squeezed
    into it, the French or Russian counts could not be read), and only a word wider than it squeezed."""
    y = rect.bottom + px(2)
    left, right = room or (0, surface.get_width())
    for line in lines:
        kept = theme.wrap(_NUMBER_AND_WORD.sub("\\1\u00a0", line), size, right - left, bold=True)
        for part in kept:
            label = _squeezed(part.replace("\u00a0", " "), size, theme.TEXT_DIM, right - left)
            place = label.get_rect(midtop=(rect.centerx, y))
            place.left = max(left, min(place.left, right - place.width))
            y = surface.blit(label, place).bottom


def _room_right(look: Look, pile: pygame.Rect, width: int) -> int:
    """How far right the lines under ``pile`` may run: to the nearest seat beside them, or the window's edge."""
    top, bottom = pile.bottom, pile.bottom + px(32)
    beside = [
        spot.rect.left
        for spot in look.layout.seats
        if spot.rect.left >= pile.right and spot.rect.top < bottom and spot.rect.bottom > top
    ]
    return min(beside, default=width) - px(4)


def _urn(look: Look, surface: pygame.Surface, hits: HitMap) -> None:
    """The urn of the four houses: the Points in each, and those of this round still to go in. A house's tube is
    its score: the pointer on it explains it."""
    view, rect = look.view, look.layout.urn
    hits.add("term", "urn", rect)
    urns = dict(view.urns)
    playing = [house for house in HOUSES if house in urns]  # (with 6 players three houses: no empty fourth tube)
    width = rect.width // max(1, len(playing))
    # At the end the Favours are counted in: the urn reads the house's score, as the banner does
    totals = house_totals(view.houses, urns, view.faveurs) if view.phase == "over" else {}
    for index, house in enumerate(playing):
        tube = pygame.Rect(rect.left + index * width + px(6), rect.top + px(6), width - px(12), rect.height - px(12))
        pygame.draw.rect(surface, (24, 18, 14), tube, border_radius=px(8))
        hits.add("score", house, tube)
        points = totals.get(house, urn_value(urns[house]))
        pending = sum(sum(view.round_points[s]) for s in range(view.players) if view.houses[s] == house)
        fill = round(tube.height * min(1.0, max(0.0, points / 600)))
        if fill > 0:
            surface.blit(_urn_level(house, tube.width, fill), (tube.left, tube.bottom - fill))
        crest = fit(f"crests/{house.lower()}", px(26))
        surface.blit(crest, crest.get_rect(midtop=(tube.centerx, tube.top + px(3))))
        x, bottom = tube.centerx, tube.bottom
        # The numbers on a dark plate: they read the same over any house's colour and the empty tube.
        plate = theme.pill(surface, str(points), 18, theme.TEXT, URN_PLATE, midbottom=(x, bottom - px(14)))
        if pending:
            theme.pill(surface, f"+{pending}", 13, theme.GOLD_LIGHT, URN_PLATE, midtop=(x, plate.bottom + px(1)))
        pygame.draw.rect(surface, theme.house_trim(house), tube, 1, border_radius=px(8))


@surface_cache(64)
def _urn_level(house: str, width: int, height: int) -> pygame.Surface:
    """A house's points in its tube: its colour and its pattern (a sign besides the colour), drawn once a size."""
    level = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(level, theme.house_colour(house), level.get_rect(), border_radius=px(8))
    theme.house_pattern(level, house, level.get_rect().inflate(-px(4), -px(4)))
    return level


# --- the seats ---------------------------------------------------------------------------------------------


def _mat_of(look: Look, seat: int) -> Mat:
    view, reveal = look.view, look.reveal
    spot = look.layout.seats[seat]
    cast = reveal.cast(seat) if reveal is not None else None
    fallen = reveal is not None and reveal.fallen(seat)
    secret = look.secrets_of == seat == view.seat
    slot = None if cast in (None, "none") else cast
    if slot is None and view.prepared[seat]:
        slot = view.my_prepared if secret and view.my_prepared else "back"
    turn = seat in look.pointing if view.phase == "target" else seat in view.to_act
    acting = turn and reveal is None or seat == look.telling
    return Mat(
        size=spot.rect.size,
        scale=spot.scale,
        house=view.houses[seat],
        name=look.names[seat],
        sub=_mat_subtitle(view.houses[seat], look.names[seat], seat_kind(look, seat)),
        edge="lit" if seat in look.lit else "acting" if acting else "",
        droppable=seat in look.open_targets,
        standing=view.standing[seat] and not fallen,
        chouchou=view.chouchou == seat,
        hand=view.hand if secret else view.hand_counts[seat],
        stupefix=None if secret else stupefix_held(view, seat),
        slot=slot,
        tokens=(reveal.retard(seat) if reveal else view.retard[seat], view.potions[seat], view.faveurs[seat]),
        points=sum(view.round_points[seat]),
        badge=_badge(look, seat),
    )


def stupefix_held(view: StupefixView, seat: int) -> tuple[int, int]:
    """How many Stupefy ``seat``'s hidden cards (its hand and the card it laid) may hold: everyone can count it,
    as a player at the table does (``view.stupefix_unseen``: those it began with and took, less those it cast
    face up), and the cards it laid face down on the discard pile may have been Stupefy too."""
    unseen, cards = view.stupefix_unseen[seat], view.hand_counts[seat] + view.prepared[seat]
    return max(0, unseen - view.laid_down[seat]), min(unseen, cards)


def _mat_subtitle(house: str, name: str, kind: str) -> tuple[str, ...]:
    """ "Gryffindor - Player" under a seat's name, then the kind alone where that is too wide (the crest and the
    colours say the house too); the house left out when the seat is named after it."""
    shown = house_name(house)
    if name in (house, shown):
        return (kind,)
    return (_("{house} - {kind}").format(house=shown, kind=kind), kind)


def seat_kind(look: Look, seat: int) -> str:
    """Who plays a seat: "Player", or the bot's level as House Cup and History say it ("Hard bot"; "Bot" for a bot
    of no level)."""
    return words.seat_kind(look.controllers[seat], _("Player"), _("Bot"))


def _fitting_line(lines: Sequence[str], size: float, width: int) -> pygame.Surface:
    """The first of ``lines`` that fits ``width`` at ``size``, else the last squeezed to it."""
    line = next((line for line in lines if theme.ui_font(size).size(line)[0] <= width), lines[-1])
    return theme.fit_width(theme.text(line, size, theme.TEXT_DIM), width, keep_height=True)


def _badge(look: Look, seat: int) -> tuple[str, Colour] | None:
    """Where the seat is in the phase: ready, deciding, choosing, out of it..."""
    view = look.view
    if look.reveal is not None:
        return None
    if view.phase == "prepare":
        if not view.prepared[seat] and not view.hand_counts[seat]:
            return (_("no spell card"), OUT)
        return (_("ready"), theme.GOOD) if view.prepared[seat] else (_("preparing"), theme.GOLD_LIGHT)
    if view.phase == "cast":
        if view.decided[seat] and seat == look.secrets_of == view.seat and view.my_protego:
            # (its own choice before the person who made it: 'ready' alone told a Protego from a cast, a slip
            # from what was meant, in the pause Undo may take it back in: a review of five people, one mouse)
            return (_("Protego"), (200, 230, 255))
        return (_("ready"), theme.GOOD) if view.decided[seat] else (_("deciding"), theme.GOLD_LIGHT)
    if view.phase == "draft" and seat == (view.tasks[-1][1] if view.tasks else view.drafter()):
        return (_("choosing"), theme.HIGHLIGHT)
    if view.phase == "draft" and not view.standing[seat]:
        return (_("flag down"), OUT)
    if view.phase == "target" and view.pointed[seat] and view.targets[seat] is None:
        return (_("too late"), OUT)
    if view.phase == "target" and seat in look.pointing:
        return (_("to point"), theme.GOLD_LIGHT) if seat in look.humans else (_("aiming"), theme.GOLD_LIGHT)
    return None


@surface_cache(300)
def _mat_on_felt(size: tuple[int, int], rect: tuple[int, int, int, int], mat: Mat) -> pygame.Surface:
    """A seat's mat laid on the bare felt under it, as one opaque picture (nothing else lies under a seat): a plain
    copy a frame instead of a translucent blend."""
    bare, place = backdrop(size), pygame.Rect(rect)
    if not bare.get_rect().contains(place):
        return _mat(mat)[0]  # a seat past the window's edge (a window being resized): the mat as it is
    picture = bare.subsurface(place).copy()
    picture.blit(_mat(mat)[0], (0, 0))
    return picture


@surface_cache(300)
def _mat(mat: Mat) -> tuple[pygame.Surface, tuple[tuple[pygame.Rect, str, str], ...]]:
    """A seat's place mat, and where on it the words and cards are ("term") and the house's points ("score")."""
    spot = seat_layout(pygame.Rect((0, 0), mat.size), (0, 0), mat.scale)
    k = mat.scale
    surface = pygame.Surface(mat.size, pygame.SRCALPHA)
    terms = [(spot.flag, "term", "flag")]
    edge = {"lit": theme.TARGET, "acting": ACTING}.get(mat.edge, theme.house_colour(mat.house))
    # Besides their colours: the lit place (a wand held over it) has a dashed edge, the places a wand may be
    # dropped on brackets at their corners (and the acting place a second ring around it, drawn on the table).
    solid = mat.edge != "lit"
    theme.panel(
        surface, spot.rect, colour=(30, 30, 40), edge=edge, alpha=225, edge_width=px(3 if mat.edge else 2) * solid
    )
    if mat.edge == "lit":
        theme.dashed_rect(surface, edge, spot.rect, max(2, px(4)), px(10), px(12))
    if mat.droppable:
        surface.blit(theme.panel_surface(mat.size, theme.TARGET, theme.TARGET, px(12), 40, px(2)), (0, 0))
        theme.corner_marks(surface, theme.TARGET, spot.rect.inflate(-px(4), -px(4)), px(16), max(2, px(3)))
    surface.blit(fit(f"crests/{mat.house.lower()}", spot.crest.height), spot.crest)
    right = spot.flag.left - px(4 * k)  # the name and the line under it end at the flag, or at the Pet's star
    if mat.chouchou:
        tile = faces.chouchou_tile(px(30 * k))
        where = tile.get_rect(topright=(spot.flag.left - px(2 * k), spot.flag.top))
        right = min(right, where.left - px(4 * k))
    room = min(spot.name.width, right - spot.name.left)
    size = 17 * k if theme.text(mat.name, 17 * k, theme.TEXT, bold=True).get_width() <= room else 14 * k
    name = theme.fit_width(theme.text(mat.name, size, theme.TEXT, bold=True), room, keep_height=True)
    surface.blit(name, spot.name.topleft)
    sub = _fitting_line(mat.sub, 12 * k, right - spot.name.left)
    surface.blit(sub, (spot.name.left, spot.name.top + px(18 * k)))
    surface.blit(faces.flag(mat.house, mat.standing, spot.flag.size), spot.flag)
    if mat.chouchou:
        surface.blit(tile, where)
        terms.append((where, "term", "pet"))
    _hand(surface, spot, mat, terms)
    area, right = spot.tokens, spot.tokens.right
    if mat.badge:
        word, fill = mat.badge
        at = (spot.rect.right - px(6 * k), spot.rect.bottom - px(4 * k))
        badge = theme.text(word, 12 * k, theme.INK, bold=True).get_width() + px(12)
        smallest = _token_row_at(mat, TOKEN_STEPS[-1], area.height)[0].get_width()
        if area.left + smallest <= at[0] - badge - px(4 * k):
            right = theme.pill(surface, word, 12 * k, theme.INK, fill, bottomright=at).left - px(4 * k)
        else:  # a row of its own at the foot, the counts on theirs above it, the whole width
            pill = theme.pill(surface, word, 12 * k, theme.INK, fill, bottomright=(at[0], at[1] + px(k)))
            area = pygame.Rect(area.left, spot.hand.bottom, area.width, pill.top - spot.hand.bottom)
    _tokens(surface, area, mat, terms, right)
    return surface, tuple(terms)


Spots = list[tuple[pygame.Rect, str, str]]  # where on a mat: the rect, its kind ("term", "score") and item


def _hand(surface: pygame.Surface, spot: SeatLayout, mat: Mat, terms: Spots) -> None:
    """The spell cards in hand (face up only on their owner's screen), then the laid card."""
    cards = list(mat.hand) if isinstance(mat.hand, tuple) else [None] * mat.hand
    area = spot.hand
    card_w = round(area.height / 1.4)
    step = min(card_w + px(2 * mat.scale), (area.width - card_w) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for index, kind in enumerate(cards):
        rect = pygame.Rect(area.left + index * step, area.top, card_w, area.height)
        surface.blit(faces.spell_face(kind, card_w) if kind else faces.spell_back(card_w), rect)
        if kind:
            terms.append((rect, "term", kind))
    if mat.stupefix is not None and (cards or mat.slot == "back"):  # (the last round: the laid card alone)
        badge = _stupefix_badge(mat.stupefix, px(16 * mat.scale))
        right = area.left + max(0, len(cards) - 1) * step + card_w  # at the last card's foot, or the hand's start
        where = badge.get_rect(bottomright=(max(right, area.left + badge.get_width()), area.bottom + px(2)))
        surface.blit(badge, where)
        terms.append((where, "term", "stupefix_held"))
    place = spot.slot
    if mat.slot == "back":
        surface.blit(faces.spell_back(place.width), place)
    elif mat.slot is not None:
        surface.blit(faces.spell_face(mat.slot, place.width), place)
        terms.append((place, "term", mat.slot))
    else:
        pygame.draw.rect(surface, (0, 0, 0), place, 1, border_radius=px(4))


def _stupefix_badge(held: tuple[int, int], height: int) -> pygame.Surface:
    """The Stupefy a hidden hand may hold, on a chip of card paper: the spell's star and "x1" (or "x0-1")."""
    fewest, most = held
    label = theme.text(f"×{most}" if fewest == most else f"×{fewest}-{most}", 12, theme.INK, bold=True)
    star = fit("stupefix/spell_stupefix", height - px(2))
    chip = pygame.Surface((star.get_width() + label.get_width() + px(10), height), pygame.SRCALPHA)
    pygame.draw.rect(chip, (250, 244, 230), chip.get_rect(), border_radius=height // 2)
    pygame.draw.rect(chip, faces.SPELL_COLOURS["stupefix"], chip.get_rect(), max(1, px(1)), border_radius=height // 2)
    chip.blit(star, star.get_rect(midleft=(px(4), height // 2)))
    chip.blit(label, label.get_rect(midleft=(px(4) + star.get_width() + px(2), height // 2)))
    return chip


# The tokens' row, larger to smaller as the room asks: the icons' scale, the gap and the type's size.
TOKEN_STEPS = ((1.0, 8, 14), (0.8, 4, 13), (0.65, 2, 12), (0.55, 1, 11))


def _tokens(surface: pygame.Surface, area: pygame.Rect, mat: Mat, terms: Spots, right: int) -> None:
    """The Late tokens, Successful Potions and Favours a seat holds, and the points it took this round, in
    ``area`` left of ``right`` (the status badge): closer and smaller where the mat is narrow, and at the last
    narrowed (at 1024x640 with eight players the badge lay over the Favours' count and the points; the type stops
    at its smallest, larger with Large text). A badge that would leave them less room than their smallest row has
    a row of its own under them (``_mat``): French "Drapeau couché" with Large text left the counts a third of
    their width, letters 6 to 8 pixels wide."""
    for step in TOKEN_STEPS:
        row, spots = _token_row_at(mat, step, area.height)
        if area.left + row.get_width() <= right:
            break
    room = max(1, right - area.left)
    squeeze = min(1.0, room / row.get_width())
    row = theme.fit_width(row, room, keep_height=True)
    top = area.centery - row.get_height() // 2
    surface.blit(row, (area.left, top))
    for rect, kind, item in spots:
        left, width = area.left + round(rect.left * squeeze), max(1, round(rect.width * squeeze))
        terms.append((pygame.Rect(left, top + rect.top, width, rect.height), kind, item))


def _token_row_at(mat: Mat, step: tuple[float, int, int], height: int) -> tuple[pygame.Surface, Spots]:
    """The tokens' row at one of ``TOKEN_STEPS``, in an area ``height`` high."""
    (scale, gap, type_size), k = step, mat.scale
    size = min(round(px(24 * k) * scale), height - px(4 * k))
    return _token_row(mat, [f"×{count}" for count in mat.tokens], size, px(gap * k), type_size * k, height)


def _token_row(
    mat: Mat, counts: list[str], size: int, gap: int, type_size: float, height: int
) -> tuple[pygame.Surface, Spots]:
    """The tokens' row drawn on its own, and where each count (and the points) lies on it."""
    icons = (faces.retard_token(size), fit(faces.reward_art("potion"), size), fit(faces.reward_art("faveur"), size))
    labels = [
        theme.text(said, type_size, theme.TEXT if count else theme.TEXT_DIM, True)
        for said, count in zip(counts, mat.tokens, strict=True)
    ]
    points = theme.text(f"+{mat.points}", type_size, theme.GOLD_LIGHT, True) if mat.points else None
    pieces = [icon.get_width() + px(2) + label.get_width() for icon, label in zip(icons, labels, strict=True)]
    pieces += [points.get_width()] if points is not None else []
    row = pygame.Surface((sum(pieces) + gap * (len(pieces) - 1), height), pygame.SRCALPHA)
    spots: Spots = []
    x, cy = 0, height // 2
    for word, icon, label in zip(("retard", "potion", "faveur"), icons, labels, strict=True):
        rect = row.blit(icon, icon.get_rect(midleft=(x, cy)))
        rect = rect.union(row.blit(label, label.get_rect(midleft=(rect.right + px(2), cy))))
        spots.append((rect, "term", word))
        x = rect.right + gap
    if points is not None:
        rect = row.blit(points, points.get_rect(midleft=(x, cy)))
        spots.append((rect.inflate(px(6), px(6)), "score", mat.house))
    return row, spots


# --- the wands, the count and the spells ------------------------------------------------------------------


def _aims(look: Look, surface: pygame.Surface) -> None:
    """A thin line from each pointed wand's tip to its target's place (until the spells fly), and from each
    held wand's tip to the hand holding it."""
    _aim_lines(look, surface)
    for seat, pos in look.held:
        pygame.draw.line(surface, theme.HIGHLIGHT, look.wands[seat][1], pos, max(1, px(2)))


def _aim_lines(look: Look, surface: pygame.Surface) -> None:
    reveal = look.reveal
    for seat, target in enumerate(look.aims):
        if target is not None and (reveal is None or reveal.cast(seat) is None):  # (until its spell flies)
            start, end = aim_line(look.layout, seat, target, look.wands[seat][1])
            pygame.draw.line(surface, theme.house_line(look.view.houses[seat]), start, end, max(1, px(2)))


def _aims_over_cue(look: Look, surface: pygame.Surface) -> None:
    """The aim lines again over the Ready cue, where it lies across one: the cue stands clear of them where the
    table leaves it room (``layout.cue_place``), but a line a person has drawn to their target is never hidden
    (a line from a side seat's wand ran under the cue, cut in two, whom it pointed at left to guess)."""
    if look.cue is None:
        return
    clip = surface.get_clip()
    surface.set_clip(look.cue.rect.clip(clip))
    try:
        _aim_lines(look, surface)
    finally:
        surface.set_clip(clip)


def aim_line(
    layout: Layout, seat: int, target: int, tip: tuple[float, float]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """A pointed wand's line: from the wand's ``tip`` to where it meets the target's mat; from the edge of the
    pointer's mat where the wand lies under a reward (close to the mat upright with eight seats, a line came out
    of the middle of a reward card, from no one to be seen, across three of them)."""
    own, place = layout.seats[seat].rect, layout.seats[target].rect
    start: tuple[float, float] = tip
    if any(reward.collidepoint(tip) for reward in layout.row):
        start = (own.clipline(own.center, place.center) or [own.center, own.center])[1]  # where it leaves the mat
    end = (place.clipline(start, place.center) or [place.center])[0]  # where it meets the target's place
    return start, end


def _wand(look: Look, surface: pygame.Surface, seat: int) -> None:
    (x0, y0), (x1, y1) = look.wands[seat]
    sprite = faces.wand(look.layout.wand_len, math.atan2(y1 - y0, x1 - x0))
    surface.blit(sprite, sprite.get_rect(center=(round((x0 + x1) / 2), round((y0 + y1) / 2))))
    if seat in look.ready:
        pygame.draw.circle(surface, theme.HIGHLIGHT, (round(x1), round(y1)), px(7), max(1, px(2)))
        pygame.draw.circle(surface, theme.HIGHLIGHT, grip(look.wands[seat]), px(26), max(1, px(2)))


def _countdown(look: Look, surface: pygame.Surface) -> None:
    """The count on a disc whose ring fills up: "3", "2", "1", then "Time!"."""
    if look.countdown is None:
        return
    label, progress = look.countdown
    where, radius = count_place(look.layout)
    disc = theme.panel_surface((radius * 2, radius * 2), (60, 20, 30), theme.GOLD, radius, 225, px(3))
    surface.blit(disc, (where[0] - radius, where[1] - radius))
    arc = pygame.Rect(0, 0, radius * 2 - px(8), radius * 2 - px(8))
    arc.center = where
    pygame.draw.arc(surface, theme.HIGHLIGHT, arc, math.pi / 2, math.pi / 2 + 2 * math.pi * progress, px(5))
    theme.write(surface, label, 64 if len(label) < 3 else 30, theme.GOLD_LIGHT, True, center=where)


VALUE_TOP = 0.75  # a reward card's value (its figure at the foot, ``faces.reward_face``) begins about this far down
COUNT_RADIUS = 54  # the count's disc, at 100% scale (``px``), where the table leaves it room


def count_place(layout: Layout) -> tuple[tuple[int, int], int]:
    """Where the count's disc sits, and its radius: beside the first row of rewards where the table leaves it room
    (on the middle card it hid that card's value all through the count, when people choose whom to aim at), else
    on it."""
    first = [rect for rect in layout.row if rect.top == layout.row[0].top]
    left, right = min(r.left for r in first), max(r.right for r in first)
    y = layout.row[0].centery
    radius = px(COUNT_RADIUS)
    for x in (left - px(14) - radius, right + px(14) + radius):
        disc = pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)
        hidden = [seat.rect for seat in layout.seats] + list(layout.row)
        if not any(disc.colliderect(rect) for rect in hidden) and layout.centre.contains(disc):
            return disc.center, radius
    # Else on the middle card's title and picture, smaller if it must, its value under the disc left in sight
    # (the value is what a card is chosen for).
    card = layout.row[0]
    radius = min(radius, round(card.height * VALUE_TOP) // 2 - px(3), card.width // 2)
    if radius >= px(34):
        return (layout.centre.centerx, card.top + radius), radius
    return (layout.centre.centerx, y), px(COUNT_RADIUS)


COMPACT_TITLE = 20  # the compact cue's call (its font size)
COMPACT_COUNT = 15  # and its line saying how long the count is
COMPACT_READY_H = 40  # and its Ready button's height (design pixels)
COMPACT_PAD = 6  # the felt above its call and under its Ready (8 before it said how long the count is)
CUE_TITLE, CUE_SUBTITLE, CUE_TEXT = 28, 15, 17  # the full cue's call, the French rulebook's words, what to do
CUE_READY_H = 48  # the full cue's Ready button's height, and the felt under it
CUE_READY_FOOT = 16


def _cue_title(title: str, width: int) -> pygame.Surface:
    return theme.fit_width(theme.text(title, CUE_TITLE, theme.GOLD_LIGHT, bold=True), width - px(30))


def _cue_subtitle(subtitle: str, width: int) -> pygame.Surface:
    return theme.fit_width(theme.text(subtitle, CUE_SUBTITLE, (214, 190, 160)), width - px(30))


def cue_height(title: str, subtitle: str, text: str, width: int) -> int:
    """The full cue's height at ``width``: its call, the rulebook's words (if any), the lines of what to do and
    Ready, each as tall as it is drawn (``_cue``), so no band of empty felt is left above Ready (its height was
    worked out from a call 38 pixels high and a second line 22 high, drawn 20 and 11 high at 1280x800: 30
    pixels of nothing over the button)."""
    heights = _cue_title(title, width).get_height() + (_cue_subtitle(subtitle, width).get_height() if subtitle else 0)
    lines = len(theme.wrap(text, CUE_TEXT, width - px(40))) * theme.text(" ", CUE_TEXT).get_height()
    return px(12) + heights + px(6) + lines + px(10) + px(CUE_READY_H) + px(CUE_READY_FOOT)


def _compact_title(title: str, width: int) -> pygame.Surface:
    return theme.fit_width(theme.text(title, COMPACT_TITLE, theme.GOLD_LIGHT, bold=True), width - px(20))


def _compact_count(count: str, width: int) -> pygame.Surface:
    return theme.fit_width(theme.text(count, COMPACT_COUNT, theme.TEXT), width - px(20), keep_height=True)


def compact_cue_height(title: str, count: str) -> int:
    """The compact cue's height: its call, the line saying how long the count is (none: ""), and Ready (``_cue``)."""
    words = theme.text(title, COMPACT_TITLE, bold=True).get_height()
    words += theme.text(count, COMPACT_COUNT).get_height() if count else 0
    return px(COMPACT_PAD) + words + px(3) + px(COMPACT_READY_H) + px(COMPACT_PAD)


def _cue(look: Look, surface: pygame.Surface) -> None:
    """ "Ready?": the call with the French rulebook's words under it (where they differ), what to do, and Ready;
    the compact cue its call, how long the count is, and Ready."""
    cue = look.cue
    if cue is None:
        return
    rect = cue.rect
    theme.shadow(surface, rect, px(14), offset=px(8), alpha=120)
    theme.panel(surface, rect, colour=(60, 20, 30), edge=theme.GOLD, alpha=245, edge_width=px(3))
    if cue.compact:  # (the banner above the rewards says what to do)
        title = _compact_title(cue.title, rect.width)
        y = surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + px(COMPACT_PAD)))).bottom
        if cue.count:
            count = _compact_count(cue.count, rect.width)
            surface.blit(count, count.get_rect(midtop=(rect.centerx, y)))
        cue.button.draw(surface)
        return
    title = _cue_title(cue.title, rect.width)
    y = surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + px(12)))).bottom
    if cue.subtitle:
        sub = _cue_subtitle(cue.subtitle, rect.width)
        y = surface.blit(sub, sub.get_rect(midtop=(rect.centerx, y))).bottom
    y += px(6)
    body = pygame.Rect(rect.left + px(20), y, rect.width - px(40), cue.button.rect.top - y - px(6))
    for line in theme.wrap(cue.text, CUE_TEXT, body.width):
        label = theme.text(line, CUE_TEXT, theme.TEXT)
        y = surface.blit(label, label.get_rect(midtop=(body.centerx, y))).bottom
    cue.button.draw(surface)


def _shout(look: Look, surface: pygame.Surface, seat: int, words: str, colour: Colour) -> None:
    """A seat's shout as its spell goes ("Protego!", "Stupefy!"), by its mat (``shout_place``)."""
    label = theme.text(words, 16, colour, bold=True)
    surface.blit(label, shout_place(look.layout, seat, label.get_size(), surface.get_rect()))


def shout_place(layout: Layout, seat: int, size: tuple[int, int], window: pygame.Rect) -> pygame.Rect:
    """Where a seat's shout goes: just above its mat, or where the window's edge, a button, another mat or the
    prompt leaves no room there, under it or beside it (above the top seat it lay over the mat's top edge beside
    the name, squeezed against the window's border)."""
    mat = layout.seats[seat].rect
    others = [spot.rect for index, spot in enumerate(layout.seats) if index != seat]
    clear = [*others, *layout.buttons, layout.again, layout.banner]
    gap = px(8)  # (clear of the ring round the mat of the seat told)
    places = [pygame.Rect((0, 0), size) for _side in range(4)]
    places[0].midbottom = (mat.centerx, mat.top - gap)
    places[1].midtop = (mat.centerx, mat.bottom + gap)
    places[2].midleft = (mat.right + gap, mat.centery)
    places[3].midright = (mat.left - gap, mat.centery)
    room = window.inflate(-2 * px(6), -2 * px(6))  # (not against the window's border)
    for place in places:
        if room.contains(place) and place.collidelist(clear) < 0:
            return place
    return places[0].clamp(window)


def _reveal_effects(look: Look, surface: pygame.Surface) -> None:
    """Each spell once its turn in the reveal has come: the shield goes up, the Stupefy flies to its target; then
    each seat stunned."""
    reveal = look.reveal
    if reveal is None:
        return
    seats = look.layout.seats
    for seat in range(len(reveal.casts)):
        cast, spot, target = reveal.cast(seat), seats[seat], reveal.targets[seat]
        if cast == "protego":
            # Over the hand, below the crest and the name (over them it hid whose seat had shielded itself, among
            # eight: a review of eight people by touch), above the counts (it lay over the Potions' all the reveal)
            foot = (spot.hand.bottom + spot.tokens.top) // 2  # (the counts' row may rise to the hand's foot)
            band = pygame.Rect(spot.hand.left, spot.name.bottom, spot.hand.width, foot - spot.name.bottom)
            shield = fit("stupefix/spell_protego", band.height)
            shield.set_alpha(170)
            surface.blit(shield, shield.get_rect(center=band.center))
            shield.set_alpha(255)  # (the picture is shared)
            _shout(look, surface, seat, _("Protego!"), (200, 230, 255))
        elif cast == "stupefix" and target is not None:
            t = reveal.flight(seat)
            tip, end = look.wands[seat][1], seats[target].rect.center
            at = (round(tip[0] + (end[0] - tip[0]) * t), round(tip[1] + (end[1] - tip[1]) * t))
            pygame.draw.line(surface, (255, 90, 60), tip, at, px(4))
            if t < 1:
                bolt = fit("stupefix/spell_stupefix", px(34))
                surface.blit(bolt, bolt.get_rect(center=at))
            _shout(look, surface, seat, term("stupefy_shout"), (255, 190, 170))
    for seat, hits in enumerate(reveal.hits):
        if hits and reveal.casts[seat] != "protego" and reveal.fallen(seat):
            stunned = ngettext("Stunned! +{count} Late token", "Stunned! +{count} Late tokens", hits)
            # no wider than its plate (in Russian with Large text it ran past the window's edge on a side seat), on
            # two lines rather than squeezed to half its width on one
            plate = seats[seat].rect
            label = two_line_label(stunned.format(count=hits), 15, (255, 200, 190), plate.width - px(12))
            box = label.get_rect(center=plate.center).inflate(px(12), px(6))
            theme.panel(surface, box, colour=(120, 20, 20), edge=theme.BAD, alpha=235, radius=px(8))
            surface.blit(label, label.get_rect(center=box.center))
