"""Where everything sits on the House Cup table, computed from the window size and the seats: the other players
down the left (across the top in a tall window), the timetable, the piles, log and buttons on the right, and the
viewer's tokens and cards along the foot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.i18n import gettext
from tabletop.ui import theme
from tabletop.ui.keyboard import ring_outset
from tabletop.ui.tables.again import again_height
from tabletop.ui.tables.house_cup.cards import card_height, header_height
from tabletop.ui.tables.replay_bar import PLAY_FROM_HERE
from tabletop.ui.theme import is_tall, px
from tabletop.ui.widgets import button_height


@dataclass
class Layout:
    size: tuple[int, int]
    banner: pygame.Rect
    columns: list[pygame.Rect]  # a whole day, the drop target for tokens
    card_areas: list[pygame.Rect]
    headers: list[pygame.Rect]
    token_areas: list[pygame.Rect]
    side: pygame.Rect
    deck: pygame.Rect
    discard: pygame.Rect
    supply: pygame.Rect
    recent: pygame.Rect
    buttons: list[pygame.Rect]
    again: pygame.Rect  # "Watch the last round again", over the Log, Undo, Rules and Menu buttons
    me: pygame.Rect
    me_header: pygame.Rect
    my_tokens: pygame.Rect
    my_rewards: pygame.Rect
    my_cards: pygame.Rect
    opponents: dict[int, pygame.Rect] = field(default_factory=dict)
    card_w: int = 140
    mini_w: int = 90
    token_r: int = 17
    big_token_r: int = 30
    spread: bool = False  # a day's cards spread down its column, each whole when there is room (a tall window)


def compute(size: tuple[int, int], viewer: int, players: int, again: bool = True, stacks: Sequence[int] = ()) -> Layout:
    """The table laid out in ``size``; ``again``: with room for "Watch the last round again" (not in a replay);
    ``stacks``: how many tokens lie under each day (a day's strip grows, its cards giving up room, when its tokens
    need more rows than the strip holds)."""
    w, h = size
    m, g = px(10), px(10)
    # the viewer's band no taller than at the interface's 100% (at 200% it grew and the timetable's cards shrank)
    left_w, side_w, bottom_h = px(250), px(212), min(px(238), round(h * 0.3))
    me = pygame.Rect(m, h - m - bottom_h, w - 2 * m, bottom_h)
    others = [(viewer + step) % players for step in range(1, players)]
    opponents = {}
    if is_tall(size):  # a tall window: the others side by side across the top, the timetable the whole width
        slot_w, slot_h = (w - 2 * m - 2 * g) // 3, max(px(150), round(h * 0.11))
        row_left = (w - len(others) * (slot_w + g) + g) // 2
        for index, seat in enumerate(others):
            opponents[seat] = pygame.Rect(row_left + index * (slot_w + g), m, slot_w, slot_h)
        top, x0 = m + slot_h + g, m
    else:  # the others one above another down the left
        top, x0 = m, m + left_w + g
        step = (me.top - g - top + g) / max(3, len(others))
        for index, seat in enumerate(others):
            opponents[seat] = pygame.Rect(m, round(top + index * step), left_w, round(step - g))
    bottom, x1 = me.top - g, w - m - side_w - g
    banner = pygame.Rect(x0, top, x1 - x0, px(44))

    col_w = (x1 - x0) / 5
    col_top = banner.bottom + g
    token_h, header_h = px(84), px(38)
    # (a quarter larger with Large text: their number and house letter, 6-8 px at 1366x768, are text too)
    token_r = round(px(15) * theme.Scale.text)
    columns, card_areas, headers, token_areas = [], [], [], []
    for day in range(5):
        left = round(x0 + day * col_w)
        width = round(x0 + (day + 1) * col_w) - left
        column = pygame.Rect(left, col_top, width, bottom - col_top)
        columns.append(column)
        count = stacks[day] if day < len(stacks) else 0
        # Taller (its cards giving up room, up to half the column) where its tokens need more rows, even closer
        strip = max(token_h, min(strip_height(width - px(8), count, token_r, token_h), column.height // 2))
        token_areas.append(pygame.Rect(left + px(4), column.bottom - strip, width - px(8), strip))
        headers.append(pygame.Rect(left + px(4), column.bottom - strip - header_h - px(4), width - px(8), header_h))
        card_areas.append(pygame.Rect(left + px(4), column.top, width - px(8), headers[-1].top - px(6) - column.top))
    # (the cards' width from a day whose strip has not grown: the same on every day, whatever lies under them)
    card_w = min(round(col_w) - px(16), round((bottom - col_top - token_h - header_h - px(10)) / 1.4))

    side = pygame.Rect(w - m - side_w, top, side_w, bottom - top)
    # The piles and the reward tokens no larger than they need be: the side log under them, what happened while
    # one was away from a passed screen, kept two or three moves (a pass-and-play review)
    pile_w = min((side_w - px(30)) // 2, px(78))
    pile_x = side.left + (side_w - 2 * pile_w - px(10)) // 2
    deck = pygame.Rect(pile_x, side.top + piles_top(), pile_w, round(pile_w * 1.4))
    discard = pygame.Rect(deck.right + px(10), deck.top, pile_w, deck.height)
    button_h, half = px(40), (side_w - px(28)) // 2
    # In a replay the bar's Undo says "Play from here" (GameTable.label_bar, its words at 20): its row is as tall
    # as they are on two lines where one would narrow them (to 70% with Large text at 1024x640)
    heights = [button_h if again else button_height(gettext(PLAY_FROM_HERE), 20, half, button_h), button_h]
    buttons_top = side.bottom - sum(heights) - px(8)
    # (its words on two lines, the button taller, where one would narrow them: Large text in a small window)
    again_h = again_height(side_w - px(20), button_h)
    again_rect = pygame.Rect(side.left + px(10), buttons_top - again_h - px(8), side_w - px(20), again_h)
    log_bottom = again_rect.top if again else buttons_top
    # the supply gives up room for three lines of the log (at a large interface size the log had none at all)
    shared = log_bottom - px(10) - (deck.bottom + px(34)) - px(10)
    supply_h = min(px(100), max(px(48), shared - px(66)))
    supply = pygame.Rect(side.left + px(10), deck.bottom + px(34), side_w - px(20), supply_h)
    buttons = []
    for row, height in enumerate(heights):
        top = buttons_top + sum(heights[:row]) + row * px(8)
        buttons += [pygame.Rect(side.left + px(10) + col * (half + px(8)), top, half, height) for col in range(2)]
    recent = pygame.Rect(
        side.left + px(10),
        supply.bottom + px(10),
        side_w - px(20),
        max(0, log_bottom - px(10) - supply.bottom - px(10)),
    )

    me_header = pygame.Rect(me.left + px(12), me.top + px(8), px(230), me_header_height())
    my_tokens = pygame.Rect(me.left + px(12), me_header.bottom + px(6), px(230), held_tokens_height(px(30)))
    my_rewards = pygame.Rect(me.left + px(12), my_tokens.bottom + px(6), px(230), me.bottom - my_tokens.bottom - px(14))
    cards_top = my_cards_top()
    my_cards = pygame.Rect(
        my_tokens.right + px(16), me.top + cards_top, me.right - my_tokens.right - px(28), me.height - cards_top - px(8)
    )
    mini_w = min(px(110), round(my_cards.height / 1.4 * 0.82))  # (narrower when many sets must fit: painter)
    return Layout(
        size,
        banner,
        columns,
        card_areas,
        headers,
        token_areas,
        side,
        deck,
        discard,
        supply,
        recent,
        buttons,
        again_rect,
        me,
        me_header,
        my_tokens,
        my_rewards,
        my_cards,
        opponents,
        card_w,
        mini_w,
        token_r=token_r,
        big_token_r=px(30),
        spread=is_tall(size),
    )


def cascade(area: pygame.Rect, count: int, width: int, strip: int) -> tuple[int, int]:
    """Card width and vertical step so ``count`` stacked cards fit in ``area`` with their names showing: the
    cards narrow first (down to three quarters, each name strip shrinking with its card) rather than lie closer than
    their name strips; only then do the strips overlap, down to ``px(14)``."""
    if count <= 1:
        return width, strip
    step = strip
    height = round(width * 1.4)
    if height + (count - 1) * step <= area.height:
        return width, step
    narrowest = min(width, max(px(60), width * 3 // 4))
    for narrower in range(width - 2, narrowest - 1, -2):
        step = header_height(narrower) + (strip - header_height(width))
        if round(narrower * 1.4) + (count - 1) * step <= area.height:
            return narrower, step
    width, height = narrowest, round(narrowest * 1.4)
    step = max(px(14), (area.height - height) // (count - 1))
    if height + (count - 1) * step > area.height:
        width = max(px(60), round((area.height - (count - 1) * step) / 1.4))
    return width, step


def stacked_rects(area: pygame.Rect, count: int, width: int, spread: bool = False) -> list[pygame.Rect]:
    """Where each of a day's ``count`` cards is drawn, oldest at the top, each name readable; ``spread``: apart
    down the column as far as it has room, each card whole when it can be, the newest just above the day's name
    (a tall window's column: at its top, a day's first cards lay 600 px above their day)."""
    if not count:
        return []
    w, step = cascade(area, count, width, header_height(width) + px(4))
    top = area.top
    if spread:
        step = max(step, min(card_height(w) + px(6), (area.height - card_height(w)) // max(1, count - 1)))
        top = max(area.top, area.bottom - (count - 1) * step - card_height(w))
    left = area.centerx - w // 2
    return [pygame.Rect(left, top + index * step, w, card_height(w)) for index in range(count)]


def token_rows(width: int, radius: int, count: int = 0, room: int = 0) -> tuple[int, int]:
    """How many tokens of ``radius`` lie side by side in a day's strip of ``width``, and their step: whole, or,
    where ``count`` tokens in whole rows would be taller than ``room``, closer if more then fit a row (each
    overlapping the next by its edge only: its number and house letter, or face down its "Sd?", clear of it)."""
    step = radius * 2 + px(4)
    per_row = max(1, width // step)
    rows = -(-count // per_row)
    if room and rows > 1 and radius * 2 + (rows - 1) * step + px(2) > room:
        span = width - px(4) - radius * 2  # from the first centre to the last
        closer = span // (radius * 5 // 3 + px(2)) + 1  # (the widest face, "Sd?", is 0.66 radius each side)
        if closer > per_row:
            return closer, span // (closer - 1)
    return per_row, step


def strip_height(width: int, count: int, radius: int, room: int) -> int:
    """The height ``count`` tokens take in a day's strip of ``width``, a row under another, as ``token_rows``
    lays them for a strip of ``room``."""
    per_row, _step = token_rows(width, radius, count, room)
    rows = -(-count // per_row)
    return radius * 2 + (rows - 1) * (radius * 2 + px(4)) + px(2) if rows else 0


def token_slots(area: pygame.Rect, count: int, radius: int) -> list[tuple[int, int]]:
    """The centres of a day's ``count`` tokens in its strip ``area``, in the stack's order (the top of the stack
    first, row by row), each row under the one before as the layout gave the strip the height (``token_rows``):
    the rows close up only past half the column."""
    per_row, step = token_rows(area.width, radius, count, area.height)
    rows = -(-count // per_row)
    row_step = radius * 2 + px(4)
    if rows > 1:
        row_step = min(row_step, (area.height - radius * 2) // (rows - 1))
    slots = []
    for index in range(count):
        row, col = divmod(index, per_row)
        slots.append((area.left + radius + px(2) + col * step, area.top + radius + px(2) + row * row_step))
    return slots


HELD_TOKENS_LABEL = 16  # the design size of "Your tokens" over one's tokens in hand


def held_tokens_top(area_top: int) -> int:
    """Where the row of one's tokens in hand begins (its grab rects' top): under "Your tokens" and a focus ring's
    reach, so that the ring round a token is drawn clear of the label (it ran over its last letters at 1024x640)."""
    return area_top + px(3) + theme.ui_font(HELD_TOKENS_LABEL).get_height() + ring_outset()


def held_tokens_height(big_r: int) -> int:
    """The height of the block of one's tokens in hand: the label, the tokens (grab rects 3 px out from each) and
    a focus ring's reach above and below them."""
    return held_tokens_top(0) + 2 * (big_r + 3) + ring_outset()


MY_NAME_SIZE, MY_SCORE_SIZE = 22, 15  # the design sizes of one's own name and "N points now" under it
PILE_LABEL = 16  # the design size of "Deck 40" and "Discard 3" over the piles
MY_CARDS_LABEL = 16  # the design size of "Your cards (3)" over one's cards


def score_hit(badge: pygame.Rect) -> pygame.Rect:
    """A score badge's hit rect: a pointer's target, and a focus stop whose ring is drawn round it."""
    return badge.inflate(px(8), px(8))


def score_margin() -> int:
    """How far a score badge's hit rect reaches out of the badge on any side (at most)."""
    return (px(8) + 1) // 2


def score_reach(badge: pygame.Rect) -> pygame.Rect:
    """What a focus ring round a score ``badge`` covers (its hit rect and the ring's reach): a name beside it keeps
    out of it."""
    return score_hit(badge).inflate(2 * ring_outset(), 2 * ring_outset())


def my_score_top(header_top: int) -> int:
    """Where one's own score badge begins: under one's name and the reach of a focus ring round it (the ring ran
    over the name's lower half at 1024x640)."""
    return header_top + theme.ui_font(MY_NAME_SIZE, bold=True).get_height() + score_margin() + ring_outset()


def me_header_height() -> int:
    """The height of one's own name and score: room for the crest, and for a focus ring round the score clear of
    "Your tokens" under it (the label begins ``px(9)`` under the header)."""
    badge = theme.ui_font(MY_SCORE_SIZE, bold=True).get_height() + px(4)  # (theme.pill's height)
    return max(px(40), my_score_top(0) + badge + score_margin() + ring_outset() - px(9))


def piles_top() -> int:
    """How far under the side's top the deck and the discard pile begin: under their names and a focus ring's
    reach round the discard pile (it ran over "Discard 3")."""
    return max(px(30), px(4) + theme.ui_font(PILE_LABEL, bold=True).get_height() + ring_outset())


def my_cards_top() -> int:
    """How far under the top of one's band one's cards begin: under "Your cards (3)" and a focus ring's reach
    round them (at a 75% interface the ring touched the label)."""
    return max(px(34), px(10) + theme.ui_font(MY_CARDS_LABEL, bold=True).get_height() + ring_outset())
