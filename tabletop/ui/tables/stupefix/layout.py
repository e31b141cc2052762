"""Where everything sits on the Stupéfix table: seats around an oval in clockwise order, the middle of the
table (rewards, piles, the urn of the four houses) inside it, the buttons in a free corner; and where a wand
lies, for drawing it and for grabbing it; and which reward lies in each place of the row (``RewardPlaces``)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.ui.theme import is_tall, px

MAT_SIZE = (214, 128)  # a seat's place mat (design pixels) at the scale of everything else
TALL_MAT_SCALES = (1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1)  # larger mats tried in a tall window, largest first
PILE_W = 58  # the deck's and the discard pile's width at the most (design pixels)
RESERVE_W = 36  # the Late tokens' reserve, left of the deck
Point = tuple[float, float]
Segment = tuple[Point, Point]  # a wand: from its handle to its tip


@dataclass
class SeatLayout:
    rect: pygame.Rect  # the seat's place mat
    crest: pygame.Rect
    name: pygame.Rect
    flag: pygame.Rect
    hand: pygame.Rect  # spell cards (face down to others)
    slot: pygame.Rect  # the prepared card
    tokens: pygame.Rect  # Retard tokens, Potion and Faveur cards, Points of the round
    scale: float  # the mat's size against MAT_SIZE, which its crest, words and cards follow
    anchor: tuple[int, int]  # where the wand is held
    toward: tuple[float, float]  # unit vector from the seat to the middle of the table


@dataclass
class Layout:
    seats: list[SeatLayout]  # seat 0 at the bottom, then clockwise
    centre: pygame.Rect  # the free middle of the table
    banner: pygame.Rect
    row: list[pygame.Rect]  # the nine reward places
    deck: pygame.Rect
    discard: pygame.Rect
    urn: pygame.Rect
    reserve: pygame.Rect  # the Late tokens' reserve
    buttons: list[pygame.Rect]  # Log, Undo, Rules, Menu
    again: pygame.Rect  # "Watch the last round again", in the top left corner (no seat reaches it)
    cue: pygame.Rect  # "Ready?" before a count, over the rewards (its widest; ``cue_place`` finds it a place)
    ready: pygame.Rect  # its button
    wand_len: int


def compute(size: tuple[int, int], players: int) -> Layout:
    """The table at the largest mat scale that fits: 1 in a wide window; in a tall one, whose width sets a small
    scale for everything and leaves bands of felt above and below the seats, the mats grow into that room as far
    as they stay apart and leave the middle of the table its room (at 1080x1920 a mat was a sixth of the width,
    its spell cards 24 pixels wide)."""
    w, h = size
    m = px(10)
    bw, bh = px(78), px(48 if is_tall(size) else 40)  # (fingertip-high; in a tall window, a touchscreen's, more)
    buttons = [pygame.Rect(w - m - (4 - i) * (bw + px(6)) + px(6), m, bw, bh) for i in range(4)]
    again = pygame.Rect(m, m, px(236), bh)
    corners = (buttons[0].union(buttons[-1]), again)
    scales = TALL_MAT_SCALES if is_tall(size) else ()
    for scale in scales:
        seats = _seats(size, players, scale, corners)
        if _apart([seat.rect for seat in seats], m):
            centre = _free_centre(size, [seat.rect for seat in seats])
            if centre.width >= px(400) and centre.height >= px(400):
                return _middle(size, seats, centre, buttons, again, scale)
    seats = _seats(size, players, 1.0, corners)
    return _middle(size, seats, _free_centre(size, [seat.rect for seat in seats]), buttons, again, 1.0)


def _seats(size: tuple[int, int], players: int, scale: float, corners: tuple[pygame.Rect, ...]) -> list[SeatLayout]:
    """The seats' mats round an oval, seat 0 at the bottom, then clockwise."""
    w, h = size
    m = px(10)
    pw, ph = px(MAT_SIZE[0] * scale), px(MAT_SIZE[1] * scale)
    rx, ry = w / 2 - pw / 2 - m, h / 2 - ph / 2 - m
    if is_tall(size):  # the seats round an oval table, not down a corridor the window's height
        ry = min(ry, (w / 2 - m) * 1.4)  # (however large the mats: larger ones need the room between them)
    cx, cy = w / 2, h / 2
    seats = []
    for seat in range(players):
        angle = math.pi / 2 + seat * 2 * math.pi / players  # clockwise on screen (y grows downwards)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
        for corner in corners:  # a mat under the buttons (a large interface scale) moves down out of their way
            if rect.colliderect(corner):
                rect.top = corner.bottom + m
        seats.append(seat_layout(rect, (cx, cy), scale))
    return seats


def _apart(mats: list[pygame.Rect], gap: int) -> bool:
    """Whether no two mats come closer than ``gap``."""
    grown = [mat.inflate(gap, gap) for mat in mats]
    return all(mat.collidelist(grown[index + 1 :]) < 0 for index, mat in enumerate(grown))


def _middle(
    size: tuple[int, int],
    seats: list[SeatLayout],
    centre: pygame.Rect,
    buttons: list[pygame.Rect],
    again: pygame.Rect,
    scale: float,
) -> Layout:
    """The middle of the table (the prompt, the rewards, the piles and the urn) in ``centre``, around the seats."""
    tall = is_tall(size)
    # Rewards: the nine cards in one row if they fit big enough, otherwise two rows (5 + 4); in a tall window
    # three rows of three too (a middle narrowed by the mats at its sides is tall).
    urn_h = px(92)
    # (in a tall window the seats lie close under the piles: their captions' lines are kept inside the middle,
    # the discard pile's ran under the next seat's mat)
    captions = px(30) if tall else 0
    room_h = centre.height - px(30) - urn_h - px(22) - captions
    best: tuple[int, int] = (0, 9)  # the card width, and cards per row
    for rows, per_row in ((1, 9), (2, 5), *([(3, 3)] if tall else [])):
        wide, high = (centre.width - (per_row - 1) * px(6)) // per_row, (room_h - (rows - 1) * px(6)) / rows
        card_w = min(wide, round(high / 1.4))
        if card_w > best[0]:
            best = (card_w, per_row)
    card_w, per_row = max(px(40), min(best[0], px(104 * scale))), best[1]  # (as large as the mats, at most)
    card_h = round(card_w * 1.4)
    rows = -(-9 // per_row)
    # A tall window's middle has room to spare under them: the prompt, the rewards and the urn sit in its middle.
    spare = room_h - rows * (card_h + px(6)) + px(6) if tall else 0
    banner = pygame.Rect(centre.left, centre.top + max(0, spare // 2), centre.width, px(30))
    row_rects = []
    top = banner.bottom + px(8)
    for index in range(9):
        r, c = divmod(index, per_row)
        in_row = min(per_row, 9 - r * per_row)
        left = centre.centerx - (in_row * (card_w + px(6)) - px(6)) // 2
        row_rects.append(pygame.Rect(left + c * (card_w + px(6)), top + r * (card_h + px(6)), card_w, card_h))
    below = row_rects[-1].bottom + px(12)
    # Beside the urn, each side: a pile and a gap, and left of the deck the Late tokens' reserve (the same room
    # kept right of the discard pile, so the urn stays in the middle); a narrow middle narrows the urn, the reserve
    # lay under the next mat.
    beside = px(8) + px(PILE_W) + px(6) + px(RESERVE_W) + px(6)
    urn = pygame.Rect(0, below, max(px(180), min(centre.width - 2 * beside, px(380))), urn_h)
    urn.centerx = centre.centerx
    pile_w = min(px(PILE_W), max(px(36), (centre.width - urn.width) // 2 - px(14)))
    deck = pygame.Rect(0, 0, pile_w, round(pile_w * 1.4))
    deck.midright = (urn.left - px(8), urn.centery)
    discard = deck.copy()
    discard.midleft = (urn.right + px(8), urn.centery)
    reserve = pygame.Rect(0, 0, px(RESERVE_W), px(RESERVE_W))
    reserve.midright = (deck.left - px(6), deck.centery)
    span = row_rects[0].union(row_rects[-1])
    if tall:  # the middle may be the window's whole width (the seats above and below): the prompt over the rewards
        banner.width = min(centre.width, max(span.width, urn.width, px(620)))
        banner.centerx = centre.centerx
        banner = _widened(banner, seats, size[0], px(620))
    cue = pygame.Rect(0, 0, min(centre.width - px(20), px(620)), min(px(210), span.height + urn_h))
    cue.center = span.center
    ready = pygame.Rect(0, 0, px(240), px(48))
    ready.midbottom = (cue.centerx, cue.bottom - px(14))
    return Layout(
        seats,
        centre,
        banner,
        row_rects,
        deck,
        discard,
        urn,
        reserve,
        buttons,
        again,
        cue,
        ready,
        wand_len=px(104 * min(scale, 1.25)),  # (longer, a resting wand lay over the prompt and the piles)
    )


@dataclass
class RewardPlaces:
    """Which reward lies in each place of the row (``Layout.row``; None: a gap). A round's rewards are laid out
    afresh, in the game's order; then each card stays where it lies for the whole draft, as on a real table, and a
    card taken leaves its gap (the rest shifted left, and a quick second tap landed on another card). A card taken
    back (Undo, a replay stepping back) goes back into its own gap."""

    round: int = -1  # the round whose rewards were laid out
    dealt: list[str] = field(default_factory=list)  # the row as it was laid out
    places: list[str | None] = field(default_factory=list)  # what lies in each place now
    gaps: list[int] = field(default_factory=list)  # the places emptied, the latest last

    def follow(self, row: Sequence[str], round_number: int) -> list[str | None]:
        """The places for ``row`` (the rewards on offer now) in round ``round_number``: laid out afresh for another
        round or rewards that were not all laid out; otherwise the cards gone leave gaps and those back fill theirs."""
        if round_number != self.round or not Counter(row) <= Counter(self.dealt):
            self.round, self.dealt, self.places, self.gaps = round_number, list(row), list(row), []
            return self.places
        wanted, lying = Counter(row), Counter(kind for kind in self.places if kind is not None)
        for kind, extra in (lying - wanted).items():
            for _ in range(extra):
                self.take(kind)
        for kind, missing in (wanted - lying).items():
            for _ in range(missing):
                self._put_back(kind)
        return self.places

    def take(self, kind: str, at: int | None = None) -> int | None:
        """A card of ``kind`` is taken: the one at place ``at`` if it lies there, else the last of its kind; its
        place, or None when no card of ``kind`` lies in the row."""
        if at is None or not 0 <= at < len(self.places) or self.places[at] != kind:
            at = next((index for index in reversed(range(len(self.places))) if self.places[index] == kind), None)
        if at is not None:
            self.places[at] = None
            self.gaps.append(at)
        return at

    def _put_back(self, kind: str) -> None:
        """A card of ``kind`` comes back: into the latest gap it left."""
        gap = next((index for index in reversed(self.gaps) if self.dealt[index] == kind), None)
        if gap is not None:
            self.gaps.remove(gap)
            self.places[gap] = kind

    def at(self, layout: Layout, pos: tuple[int, int]) -> int | None:
        """The place of the row under ``pos`` that holds a card (None: none)."""
        index = next((index for index, rect in enumerate(layout.row) if rect.collidepoint(pos)), None)
        return index if index is not None and index < len(self.places) and self.places[index] else None


CUE_LEAST_W = 380  # the narrowest the Ready cue is made to keep it off the rewards (design pixels)
CUE_FREE_WIDTHS = (520, 440, 380, 330, 290)  # the cue's widths tried in free felt, widest first (design pixels)
COMPACT_WIDTHS = (420, 360, 300)  # the compact cue's (its call, how long the count is, and Ready)


@dataclass(frozen=True)
class CueSpot:
    """Where the "Ready?" cue stands, and whether it is the compact one (its call, the count's length and Ready);
    ``counted``: whether the compact one has room for its line of how long the count is."""

    rect: pygame.Rect
    compact: bool
    counted: bool = True


def cue_place(
    layout: Layout,
    size: tuple[int, int],
    height_for: Callable[[int], int],
    compact_height: int,
    wands: Sequence[Segment] = (),
    near: Point | None = None,
    uncounted_height: int | None = None,
) -> CueSpot:
    """Where the "Ready?" cue stands (``height_for`` its height at a width): where it hides nothing a person waiting
    to press Ready looks at (no reward, no pile, the urn, the prompt, a mat, a button, nor a wand lying still or a
    wand's aim line in ``wands``): above the prompt in the felt a tall window leaves there (higher up, above the
    side mats, where it is wider there), narrowed between the mats if it must; else in free felt elsewhere, as near
    ``near`` (the mat of the person whose turn it is) as it can, as wide as it can; else the compact cue
    (``compact_height`` high) there. Over the rewards it hid most of them (at 4 to 7 seats in a wide window), at 8
    seats it lay over the piles and the urn, and the count that Ready starts then left the person 3 seconds to read
    them and point. Where the compact cue has no room for its line of how long the count is, the compact cue
    without it (``uncounted_height`` high: with Large text the taller cue lay over the rewards at 8 seats at
    1024x640, where the cue without that line had a corner of felt). Only where the table has no room at all, the
    compact cue under the prompt."""
    window = pygame.Rect((0, 0), size)
    mats = [seat.rect.inflate(px(16), px(16)) for seat in layout.seats]  # (and the ring round the acting one)
    kept = [*mats, *cue_kept(layout)]
    inside = window.inflate(-px(6), -px(6))

    def clear(rect: pygame.Rect) -> bool:
        room = rect.inflate(px(4), px(4))  # (a hair of felt round it)
        return inside.contains(rect) and room.collidelist(kept) < 0 and not _crosses(room, wands)

    # Above the banner, or higher, above the mats beside it (a tall window's empty band); the whole width there
    # before a cue narrowed between the mats.
    edges = [layout.banner.top - px(10)]
    edges += [mat.top - px(2) for mat in sorted(mats, key=lambda m: -m.top) if mat.top < layout.banner.top]
    for narrowed in (False, True):
        for y in edges:
            rect = _cue_at(layout, y, layout.cue.width, height_for)
            if narrowed:
                room = _between_mats(rect, mats, window)
                rect = _cue_at(layout, y, max(px(CUE_LEAST_W), min(room.width, rect.width)), height_for)
                rect.centerx = _between_mats(rect, mats, window).centerx  # (the narrower cue is taller)
            if clear(rect):
                return CueSpot(rect, False)
    aim = near or layout.centre.center
    for width in (px(w) for w in CUE_FREE_WIDTHS):
        if width <= layout.cue.width and (spot := _free_spot(window, (width, height_for(width)), kept, clear, aim)):
            return CueSpot(spot, False)
    for height, counted in ((compact_height, True), (uncounted_height or compact_height, False)):
        for width in (px(w) for w in COMPACT_WIDTHS):
            if spot := _free_spot(window, (min(width, layout.cue.width), height), kept, clear, aim):
                return CueSpot(spot, True, counted)
    rect = pygame.Rect(0, layout.banner.bottom + px(10), min(px(COMPACT_WIDTHS[0]), layout.cue.width), compact_height)
    rect.centerx = layout.cue.centerx
    return CueSpot(rect, True)


def cue_kept(layout: Layout) -> list[pygame.Rect]:
    """What the Ready cue leaves in sight besides the mats: the rewards, the prompt, the piles and their counts
    under them, the Late tokens' reserve, the urn, the buttons."""
    deck, discard = layout.deck, layout.discard
    captions = pygame.Rect(deck.left - px(20), deck.bottom, discard.right + px(110) - deck.left + px(20), px(34))
    piles = [deck, discard, layout.reserve, layout.urn, captions]
    return [*layout.row, layout.banner, *piles, *layout.buttons, layout.again]


def _crosses(rect: pygame.Rect, wands: Sequence[Segment]) -> bool:
    return any(rect.clipline(*wand) for wand in wands)


def _free_spot(
    window: pygame.Rect,
    size: tuple[int, int],
    kept: list[pygame.Rect],
    clear: Callable[[pygame.Rect], bool],
    aim: Point,
) -> pygame.Rect | None:
    """A place of ``size`` where ``clear`` holds, the nearest ``aim``: tried against the window's edges and beside
    each of ``kept`` (a free place can be slid against one of those on each axis)."""
    w, h, gap = *size, px(8)
    xs = {window.left + gap, window.right - gap - w, round(aim[0]) - w // 2}
    ys = {window.top + gap, window.bottom - gap - h, round(aim[1]) - h // 2}
    for rect in kept:
        xs |= {rect.right + gap, rect.left - gap - w}
        ys |= {rect.bottom + gap, rect.top - gap - h}

    def far(place: tuple[int, int]) -> float:
        return math.hypot(place[0] + w / 2 - aim[0], place[1] + h / 2 - aim[1])

    for x, y in sorted(((x, y) for x in xs for y in ys), key=far):
        rect = pygame.Rect(x, y, w, h)
        if clear(rect):
            return rect
    return None


def _cue_at(layout: Layout, bottom: int, width: int, height_for: Callable[[int], int]) -> pygame.Rect:
    """The cue ``width`` wide, its bottom at ``bottom``, in the middle of the table."""
    rect = pygame.Rect(0, 0, width, height_for(width))
    rect.midbottom = (layout.cue.centerx, bottom)
    return rect


def _between_mats(rect: pygame.Rect, mats: list[pygame.Rect], window: pygame.Rect) -> pygame.Rect:
    """The room at ``rect``'s height between the nearest mats on its left and right (or the window's edges); none
    where a mat lies across its middle."""
    band = [mat for mat in mats if mat.top < rect.bottom and mat.bottom > rect.top]
    if any(mat.left <= rect.centerx <= mat.right for mat in band):
        return pygame.Rect(rect.centerx, rect.top, 0, rect.height)
    left = max([mat.right for mat in band if mat.centerx < rect.centerx], default=window.left)
    right = min([mat.left for mat in band if mat.centerx >= rect.centerx], default=window.right)
    return pygame.Rect(left, rect.top, max(0, right - left), rect.height)


def seat_layout(rect: pygame.Rect, centre: tuple[float, float], scale: float) -> SeatLayout:
    def mat_px(value: float) -> int:
        return px(value * scale)

    pad = mat_px(6)
    crest = pygame.Rect(rect.left + pad, rect.top + pad, mat_px(34), mat_px(34))
    name = pygame.Rect(crest.right + mat_px(6), rect.top + pad, rect.width - mat_px(34) - mat_px(60), mat_px(34))
    flag = pygame.Rect(rect.right - pad - mat_px(30), rect.top + pad, mat_px(30), mat_px(40))
    hand = pygame.Rect(rect.left + pad, crest.bottom + mat_px(6), rect.width - 2 * pad - mat_px(44), mat_px(40))
    slot = pygame.Rect(hand.right + mat_px(6), hand.top - mat_px(2), mat_px(34), mat_px(46))
    tokens = pygame.Rect(
        rect.left + pad, hand.bottom + mat_px(6), rect.width - 2 * pad, rect.bottom - hand.bottom - mat_px(10)
    )
    dx, dy = centre[0] - rect.centerx, centre[1] - rect.centery
    length = math.hypot(dx, dy) or 1.0
    toward = (dx / length, dy / length)
    # The wand rests at the edge of the mat that faces the middle of the table.
    edge_x = rect.centerx + toward[0] * (rect.width / 2 - mat_px(8))
    edge_y = rect.centery + toward[1] * (rect.height / 2 - mat_px(8))
    return SeatLayout(rect, crest, name, flag, hand, slot, tokens, scale, (round(edge_x), round(edge_y)), toward)


def _free_centre(size: tuple[int, int], mats: list[pygame.Rect]) -> pygame.Rect:
    """The largest centred rectangle of the window's proportions (roughly) that no place mat overlaps, then
    widened as far as the mats allow, then made taller."""
    w, h = size
    clear = [mat.inflate(px(8) * 2, px(8) * 2) for mat in mats]

    def free(rect: pygame.Rect) -> bool:
        return rect.left >= 0 and rect.top >= 0 and rect.right <= w and rect.bottom <= h and rect.collidelist(clear) < 0

    best = pygame.Rect(w // 2, h // 2, 1, 1)
    for step in range(100, 10, -2):
        rect = pygame.Rect(0, 0, round(w * step / 100), round(h * step / 100 * 0.9))
        rect.center = (w // 2, h // 2)
        if free(rect):
            best = rect
            break
    for grow in ((2 * px(2), 0), (0, 2 * px(2))):  # even steps: an odd one moves the rect a pixel right each time
        for _ in range(200):
            if not free(best.inflate(*grow)):
                break
            best = best.inflate(*grow)
    return best


def wand_segment(spot: SeatLayout, direction: Point | None, length: int) -> Segment:
    """A seat's wand pointing along ``direction`` (a unit vector) from the edge of its mat; upright in front of
    the crest when ``direction`` is None (Protego)."""
    if direction is None:
        cx, cy = spot.crest.center
        return (cx, cy + length * 0.45), (cx, cy - length * 0.45)
    ax, ay = spot.anchor
    start = (ax - direction[0] * px(14), ay - direction[1] * px(14))
    return start, (start[0] + direction[0] * length, start[1] + direction[1] * length)


def grip(wand: Segment) -> tuple[int, int]:
    """Where a hand takes hold of a wand."""
    (x0, y0), (x1, y1) = wand
    return round(x0 + (x1 - x0) * 0.4), round(y0 + (y1 - y0) * 0.4)


def distance(pos: tuple[int, int], wand: Segment) -> float:
    """How far ``pos`` is from a wand (from the nearest point along it)."""
    (ax, ay), (bx, by) = wand
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((pos[0] - ax) * dx + (pos[1] - ay) * dy) / length2))
    return math.hypot(pos[0] - (ax + t * dx), pos[1] - (ay + t * dy))


def _widened(banner: pygame.Rect, seats: list[SeatLayout], width: int, most: int) -> pygame.Rect:
    """The prompt's banner grown to ``most`` wide where no mat lies at its height: in a tall window the middle is
    narrowed by the mats at its sides, lower down, and the prompt was squeezed to letters of 8 px in its width."""
    band = pygame.Rect(0, banner.top, width, banner.height)
    left, right = px(10), width - px(10)
    for seat in seats:
        if seat.rect.colliderect(band):
            if seat.rect.centerx < banner.centerx:
                left = max(left, seat.rect.right + px(8))
            else:
                right = min(right, seat.rect.left - px(8))
    wanted = min(most, right - left)
    if banner.width >= wanted:
        return banner  # (as wide already: at 1024x1280 with six players the middle spans the window)
    grown = pygame.Rect(0, banner.top, wanted, banner.height)
    grown.centerx = banner.centerx
    return grown.clamp(pygame.Rect(left, banner.top, right - left, banner.height))
