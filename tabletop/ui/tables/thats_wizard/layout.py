"""Where everything sits on the That's Wizard! table, from the window size, the seats and who is looking.

The viewer sits at the bottom with their opponent across the table; in Duos the ally sits beside them (their
duel on the right) with the ally's opponent across. Each wizard's zone holds a name strip, the tracker, the
played card with its dial, and on the right the lasting spells lying by them (and, in a zone wide enough, the
spells that wizard has shown this match). The dice tray runs between the two rows; the viewer's hand, side
board, dial and buttons fill the bottom, the whole width of the window (the side log and its buttons above them
on the left), so the seven cards of a hand lie side by side. A tall window (a touchscreen stood on its side)
stacks the zones, the log, the hand and the controls instead, Duos' zones one to a row.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.ui.tables.thats_wizard.cards import BRIEF_TEXT, card_height
from tabletop.ui.theme import is_tall, px, ui_font

HAND = 7  # the most cards a hand holds: five spells of the book, Focus and Counterspell
SEEN_COLUMNS = 4
PASS_GAP = 24  # design pixels between Reveal and Pass below it
TALL_ZONE_HEIGHT = 250  # a 1 vs 1 zone in a tall window this tall (design pixels) has its words at their size
TALL_ZONE_MOST = 1.8  # how far a tall window's 1 vs 1 zones grow their words and tracker into their height
TURN_EDGE = 6  # design pixels the outline round the played card whose turn it is adds to the card (3 a side)


@dataclass
class Zone:
    seat: int
    rect: pygame.Rect
    name: pygame.Rect
    tracker: pygame.Rect
    tracks: list[pygame.Rect]  # its Stamina and Power rows, each under its label
    slot: pygame.Rect
    slot_dial: pygame.Rect
    lasting: pygame.Rect
    lasting_w: int
    seen: pygame.Rect  # the spells shown this match, small (no width: no room for them)
    seen_w: int
    scale: float = 1.0  # its words and tracker against their design size (larger in a tall window's 1 vs 1)


@dataclass
class Layout:
    log: pygame.Rect
    log_lines: pygame.Rect  # the side log's lines, under its title
    buttons: list[pygame.Rect]
    again: pygame.Rect  # "Watch the last round again", over the Log, Undo, Rules and Menu buttons
    banner: pygame.Rect
    tray: pygame.Rect
    hand: pygame.Rect
    dial: pygame.Rect
    ready: pygame.Rect
    pass_button: pygame.Rect
    side: pygame.Rect  # the viewer's face-down side board
    note: pygame.Rect
    stall: list[pygame.Rect]  # Concede and Offer draw, at the banner's right end while the duel is stalled
    card_w: int
    die: int
    zones: dict[int, Zone]


def compute(size: tuple[int, int], view: ThatsWizardView, again: bool = True) -> Layout:
    """The table laid out in ``size``; ``again``: with room for "Watch the last round again" (not in a replay)."""
    w, h = size
    m, g = px(10), px(8)
    if is_tall(size):
        return _tall(size, view, again)
    log_w = px(250)
    x0, x1 = m + log_w + g, w - m
    banner = pygame.Rect(x0, m, x1 - x0, px(44))
    # The bottom band runs the whole width: the hand, the face-down side board, the dial and its buttons. The
    # hand's cards never overlap: as wide as seven fit side by side, and the band as tall as they need (within
    # a third of the window; the wizards' zones above keep the rest).
    buttons_w, side_w = px(150), px(46)
    dial_d = px(170)
    controls_w = buttons_w + px(16) + dial_d + px(20) + px(16) + side_w + px(12)
    hand_w = x1 - m - controls_w
    card_w = (hand_w - (HAND - 1) * px(10)) // HAND
    hand_h = max(px(210), min(card_height(card_w) + px(26) + px(30), round(h * 0.32)))
    band = pygame.Rect(m, h - m - hand_h, x1 - m, hand_h)
    dial_d = min(dial_d, hand_h - px(34))
    dial = pygame.Rect(0, 0, dial_d, dial_d)
    dial.topright = (band.right - buttons_w - px(16), band.top + px(6))
    ready = pygame.Rect(band.right - buttons_w, band.top + px(36), buttons_w, px(56))
    # Pass a finger's width below Reveal: 12 px under it, a finger slipping off Reveal passed the round, at once
    # and for good (a review by touch)
    pass_button = pygame.Rect(band.right - buttons_w, ready.bottom + px(PASS_GAP), buttons_w, px(44))
    note = pygame.Rect(band.left, band.bottom - px(26), dial.left - band.left, px(24))
    side = pygame.Rect(dial.left - px(20) - px(16) - side_w, band.top + px(30), side_w + px(16), card_height(side_w))
    hand = pygame.Rect(band.left, band.top, side.left - px(12) - band.left, band.height - px(28))
    card_w = min(round((hand.height - px(26)) / 1.4), _hand_card_width(hand.width))

    bw = (log_w - px(8)) // 2
    buttons_top = band.top - g - 2 * px(48) + px(8)
    buttons = [
        pygame.Rect(m + col * (bw + px(8)), buttons_top + row * px(48), bw, px(40))
        for row in range(2)
        for col in range(2)
    ]
    again_rect = pygame.Rect(m, buttons_top - px(48), log_w, px(40))
    log = pygame.Rect(m, m, log_w, (again_rect.top if again else buttons_top) - px(8) - m)
    log_lines = pygame.Rect(m + px(12), m + px(34), log_w - px(24), log.height - px(44))

    table = pygame.Rect(x0, banner.bottom + g, x1 - x0, band.top - banner.bottom - 2 * g)
    tray, stall, die, zones = _table(table, banner, view)
    return Layout(
        log, log_lines, buttons, again_rect, banner, tray, hand, dial, ready, pass_button, side, note, stall, card_w,
        die, zones,
    )  # fmt: skip


def under_card(card: pygame.Rect) -> int:
    """Where the line under a played card starts ("countered", "last round"): a pixel below the outline round it
    when it is its turn (the outline lay on the letters by a pixel)."""
    return card.inflate(px(TURN_EDGE), px(TURN_EDGE)).bottom + px(1)


def _hand_card_width(width: int) -> int:
    """Seven cards side by side in ``width``, 10 design px apart; closer when that would take their dial values
    and few words away (under BRIEF_TEXT: at a large interface scale in a 1024x640 window, 78 px)."""
    spaced = (width - (HAND - 1) * px(10)) // HAND
    return spaced if spaced >= BRIEF_TEXT else (width - (HAND - 1) * px(3)) // HAND


def _tall(size: tuple[int, int], view: ThatsWizardView, again: bool) -> Layout:
    """A tall window (a touchscreen stood on its side): from the top the banner, the wizards' zones and the tray,
    the log across the width, the hand's seven cards across the width, and at the foot the buttons (left) and
    the side board, the dial, Reveal and Pass (right)."""
    w, h = size
    m, g = px(10), px(8)
    x0, x1 = m, w - m
    banner = pygame.Rect(x0, m, x1 - x0, px(44))
    buttons_w, side_w, dial_d = px(150), px(46), px(170)
    foot = pygame.Rect(x0, h - m - dial_d - px(26), x1 - x0, dial_d + px(26))
    ready = pygame.Rect(foot.right - buttons_w, foot.top + px(30), buttons_w, px(56))
    pass_button = pygame.Rect(ready.left, ready.bottom + px(PASS_GAP), buttons_w, px(44))
    dial = pygame.Rect(0, foot.top + px(4), dial_d, dial_d)
    dial.right = ready.left - px(16)
    side = pygame.Rect(dial.left - px(20) - px(16) - side_w, foot.top + px(30), side_w + px(16), card_height(side_w))
    bw = (px(250) - px(8)) // 2
    again_rect = pygame.Rect(x0, foot.top + px(4), px(250), px(40))
    buttons = [
        pygame.Rect(x0 + col * (bw + px(8)), again_rect.bottom + px(8) + row * px(48), bw, px(40))
        for row in range(2)
        for col in range(2)
    ]
    if not again:
        buttons = [button.move(0, -px(48)) for button in buttons]
    card_w = (x1 - x0 - (HAND - 1) * px(10)) // HAND
    note = pygame.Rect(x0, foot.top - g - px(24), x1 - x0, px(24))
    hand = pygame.Rect(x0, note.top - px(26) - card_height(card_w), x1 - x0, px(26) + card_height(card_w))
    log = pygame.Rect(x0, 0, x1 - x0, max(px(150), min(px(260), round(h * 0.14))))
    log.bottom = hand.top - g
    log_lines = pygame.Rect(log.left + px(12), log.top + px(34), log.width - px(24), log.height - px(44))
    table = pygame.Rect(x0, banner.bottom + g, x1 - x0, log.top - banner.bottom - 2 * g)
    tray, stall, die, zones = _table(table, banner, view, tall=True)
    return Layout(
        log, log_lines, buttons, again_rect, banner, tray, hand, dial, ready, pass_button, side, note, stall, card_w,
        die, zones,
    )  # fmt: skip


def _table(
    table: pygame.Rect, banner: pygame.Rect, view: ThatsWizardView, tall: bool = False
) -> tuple[pygame.Rect, list[pygame.Rect], int, dict[int, Zone]]:
    """In ``table``, the wizards' zones in two rows with the dice tray between them (in a tall window Duos' four
    zones each take a row, each pair facing across the tray, and a played card may be larger); the Concede /
    Offer draw buttons at the banner's right end: (the tray, those buttons, a die's size, the zones by seat)."""
    viewer, players, pairs, g = view.seat, view.players, view.pairs, px(8)
    x0, x1 = table.left, table.right
    tray_h = max(px(64), min(px(80), round(table.height * 0.15)))
    row_h = (table.height - tray_h - 2 * g) // 2
    top_row = pygame.Rect(x0, table.top, x1 - x0, row_h)
    tray = pygame.Rect(x0, top_row.bottom + g, x1 - x0, tray_h)
    bottom_row = pygame.Rect(x0, tray.bottom + g, x1 - x0, table.bottom - tray.bottom - g)
    card_cap = px(180) if tall else px(120)

    opponent = _facing(viewer, pairs, players)
    if players == 2 and tall:
        zones = {opponent: _tall_zone(opponent, top_row), viewer: _tall_zone(viewer, bottom_row)}
    elif players == 2:
        zones = {opponent: _zone(opponent, top_row, card_cap), viewer: _zone(viewer, bottom_row, card_cap)}
    elif tall:
        ally = (viewer + 2) % 4
        outer, inner = _halves(top_row, g)
        near, far = _halves(bottom_row, g)
        rows = ((_facing(ally, pairs, 4), outer), (opponent, inner), (viewer, near), (ally, far))
        zones = {seat: _zone(seat, rect, card_cap) for seat, rect in rows}
    else:
        ally = (viewer + 2) % 4
        places = ((opponent, top_row, 0), (_facing(ally, pairs, 4), top_row, 1), (viewer, bottom_row, 0))
        zones = {seat: _zone(seat, _half(row, side, g)) for seat, row, side in (*places, (ally, bottom_row, 1))}
    die = max(px(26), min(px(40), tray.height // 2))
    stall_w, stall_h = px(132), banner.height - px(10)
    stall = [
        pygame.Rect(banner.right - (2 - index) * (stall_w + px(6)), banner.top + px(5), stall_w, stall_h)
        for index in range(2)
    ]
    return tray, stall, die, zones


def _facing(seat: int, pairs: tuple[tuple[int, ...], ...], players: int) -> int:
    return next((b if a == seat else a for a, b in pairs if seat in (a, b)), (seat + 1) % players)


def _half(row: pygame.Rect, side: int, gap: int) -> pygame.Rect:
    """The left (0) or right (1) half of a row of Duos zones."""
    half = (row.width - gap) // 2
    if side == 0:
        return pygame.Rect(row.left, row.top, half, row.height)
    return pygame.Rect(row.left + half + gap, row.top, row.width - half - gap, row.height)


def _halves(row: pygame.Rect, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A row of Duos zones cut in two, one above the other (a tall window): (the upper, the lower)."""
    half = (row.height - gap) // 2
    top = pygame.Rect(row.left, row.top, row.width, half)
    bottom = pygame.Rect(row.left, row.top + half + gap, row.width, row.height - half - gap)
    return top, bottom


def _zone(seat: int, rect: pygame.Rect, card_cap: int | None = None) -> Zone:
    pad = px(8)
    name = pygame.Rect(rect.left + pad, rect.top + px(4), rect.width - 2 * pad, px(26))
    body_top = name.bottom + px(4)
    body_h = rect.bottom - pad - body_top
    # Room under the played card for its line at the text's real height (18 design px held 14 px text: with Large
    # text in a small window the line reached the zone's edge)
    under = max(px(18), under_card(pygame.Rect(0, 0, 0, 0)) + ui_font(14, True).get_height())
    slot_w = max(px(40), min(round((body_h - under) / 1.4), card_cap or px(120)))
    slot = pygame.Rect(0, body_top, slot_w, card_height(slot_w))
    lasting_w = max(px(40), min(slot_w, round((body_h - px(18)) / 1.4)))
    dial_d = max(px(26), min(px(46), slot_w // 2))
    # A wide zone (1 vs 1) keeps its right end for the spells this wizard has shown this match, small, two rows
    # of four, when two lasting spells still fit beside them: the tracker gives up to a quarter of its width for
    # them (at 1280x800 they had no room, and the guide pointed at them).
    seen_w = min(px(70), (body_h - px(26)) * 10 // 28)
    seen_room = SEEN_COLUMNS * (seen_w + px(6)) + px(16)
    fixed = 2 * pad + px(14) + slot_w + (dial_d - dial_d // 2) + px(12) + 2 * (lasting_w + px(6))
    tracker_w = max(px(160), min(px(400), round(rect.width * 0.4)))
    if seen_w >= px(44) and tracker_w * 3 // 4 <= rect.width - fixed - seen_room < tracker_w:
        tracker_w = rect.width - fixed - seen_room
    tracker = pygame.Rect(rect.left + pad, body_top + px(2), tracker_w, min(body_h - px(4), px(96)))
    label_h, row_h = px(16), min(px(30), (tracker.height - 2 * px(16) - px(6)) // 2)
    tracks = [
        pygame.Rect(tracker.left, tracker.top + label_h + row * (row_h + label_h + px(6)), tracker_w, row_h)
        for row in (0, 1)
    ]
    slot.left = tracker.right + px(14)
    slot_dial = pygame.Rect(slot.right - dial_d // 2, slot.bottom - dial_d, dial_d, dial_d)
    lasting = pygame.Rect(slot_dial.right + px(12), body_top, rect.right - pad - slot_dial.right - px(12), body_h)
    seen = pygame.Rect(0, body_top, SEEN_COLUMNS * (seen_w + px(6)), body_h)
    seen.right = rect.right - pad
    if seen_w < px(44) or seen.left - px(16) - lasting.left < 2 * (lasting_w + px(6)):
        seen.width = 0
    else:
        lasting.width = seen.left - px(16) - lasting.left
    return Zone(seat, rect, name, tracker, tracks, slot, slot_dial, lasting, lasting_w, seen, seen_w)


def _tall_zone(seat: int, rect: pygame.Rect) -> Zone:
    """A 1 vs 1 zone in a tall window, a third of the window tall: laid out as a wide window's, its tracker, words
    and cards kept their size at the top of an empty zone. Here they grow with its height (``Zone.scale``): the
    tracker across two fifths of the width with the spells shown this match under it, the played card and its
    dial right of the tracker, two lasting spells side by side at the right end."""
    k = max(1.0, min(TALL_ZONE_MOST, rect.height / px(TALL_ZONE_HEIGHT)))

    def at(value: float) -> int:
        return px(value * k)

    pad = px(8)
    name = pygame.Rect(rect.left + pad, rect.top + at(4), rect.width - 2 * pad, at(26))
    body_top = name.bottom + at(4)
    body_h = rect.bottom - pad - body_top
    tracker = pygame.Rect(rect.left + pad, body_top + px(2), round(rect.width * 0.4), min(body_h // 2, at(96)))
    label_h, row_h = at(16), min(at(30), (tracker.height - 2 * at(16) - at(6)) // 2)
    tracks = [
        pygame.Rect(tracker.left, tracker.top + label_h + row * (row_h + label_h + at(6)), tracker.width, row_h)
        for row in (0, 1)
    ]
    slot_w = max(px(40), min(round((body_h - at(36)) / 1.4), round(rect.width * 0.22)))  # (two marks under it)
    slot = pygame.Rect(tracker.right + at(14), body_top, slot_w, card_height(slot_w))
    dial_d = max(px(26), min(at(46), slot_w // 2))
    slot_dial = pygame.Rect(slot.right - dial_d // 2, slot.bottom - dial_d, dial_d, dial_d)
    lasting = pygame.Rect(slot_dial.right + at(12), body_top, rect.right - pad - slot_dial.right - at(12), body_h)
    lasting_w = max(px(40), min(slot_w, (lasting.width - px(6)) // 2))  # two side by side
    seen = pygame.Rect(tracker.left, tracker.bottom + at(14), 0, rect.bottom - pad - tracker.bottom - at(14))
    gap = px(6)
    rows_h = (seen.height - at(20) - gap) // 2
    seen_w = min(at(70), (tracker.width - (SEEN_COLUMNS - 1) * gap) // SEEN_COLUMNS - gap, round(rows_h / 1.4))
    if seen_w >= px(30):
        seen.width = SEEN_COLUMNS * (seen_w + gap)
    return Zone(seat, rect, name, tracker, tracks, slot, slot_dial, lasting, lasting_w, seen, seen_w, k)
