"""Where everything sits on the House Cup Challenge table, computed from the window size.

The hand runs the whole width of the window's foot, so a big hand keeps every card whole and readable (it
scrolls beyond what even the smallest readable cards can hold); the board is as big as fits above it, on the
left; right of the board the track with the round's six steps, the players (two to a row when there is room),
the log's last lines and the Log / Undo / Rules / Menu buttons. A tall window stacks them instead: the board
across the width, that side panel under it, then the hand.
"""

from __future__ import annotations

import pygame

from tabletop.games.house_cup_challenge.board import COLUMNS
from tabletop.ui.tables.card_zoom import RATIO
from tabletop.ui.theme import is_tall, px

GAP = 6  # between two cards of the hand (design pixels)
PANEL_HEIGHT = 92  # a player's panel (design pixels) at the scale of everything else
CHIP_HEIGHT = 27  # a Special Card's chip in a player's panel (design pixels; its words 12 px at the least)
TALL_PANEL_MOST = 1.8  # how far a tall window's player panels grow into the room under the board
LOG_ROOM = 150  # what the log's last lines keep under them (design pixels) when the panels grow


class Layout:
    def __init__(self, size: tuple[int, int], players: int) -> None:
        w, h = size
        m = px(10)
        self.banner = pygame.Rect(m, m, w - 2 * m, px(40))
        top = self.banner.bottom + m
        bw = px(168)  # the Draw / Pass / Wand Bonus Token buttons, right of the hand's cards
        row_w = w - 2 * m - bw - 2 * px(8) - px(12)  # the hand's row of cards, left of those buttons
        if is_tall(size):
            # A tall window (a touchscreen stood on its side): the board across the width, the side panel under it,
            # the hand at the foot with five cards to its row, six when they shrink (as tall as the window allowed,
            # a hand of six showed one card at a time).
            hand_h = round(row_w / 5 * RATIO) + px(34)
            side_h = px(98 + 8) + -(-players // 2) * px(100) + px(120) + px(38)  # two players a row
            cell = max(20, min((w - 2 * m) // 8, (h - top - hand_h - side_h - 3 * m) // 7))
            board = pygame.Rect((w - cell * 8) // 2, top, cell * 8, cell * 7)
            side = pygame.Rect(m, board.bottom + m, w - 2 * m, h - hand_h - board.bottom - 3 * m)
        else:
            hand_h = max(px(150), round(h * 0.24))
            cell = max(20, min((h - top - hand_h - 2 * m) // 7, (w - 3 * m - px(420)) // 8))
            board = pygame.Rect(m, top, cell * 8, cell * 7)
            side = pygame.Rect(board.right + m, top, w - board.right - 2 * m, board.height)
        self.cell, self.board, self.side = cell, board, side
        self.cells = {
            f"{COLUMNS[col]}{row + 1}": pygame.Rect(board.left + col * cell, board.top + row * cell, cell, cell)
            for col in range(8)
            for row in range(7)
        }
        # The hand: a caption line, the cards, and at its right the Draw / Pass buttons and the Wand Bonus Token.
        hand_top = max(board.bottom, side.bottom) + m
        self.hand = hand = pygame.Rect(m, hand_top, w - 2 * m, h - hand_top - m)
        self.draw_button = pygame.Rect(hand.right - bw - px(8), hand.top + px(8), bw, px(48))
        self.pass_button = pygame.Rect(self.draw_button.left, self.draw_button.bottom + px(8), bw, px(40))
        self.token_button = pygame.Rect(self.draw_button.left, self.pass_button.bottom + px(8), bw, px(44))
        self.hand_row = pygame.Rect(hand.x + px(8), hand.y + px(28), row_w, 0)
        self.hand_row.height = hand.bottom - px(6) - self.hand_row.top
        self.hand_cards = self.hand_row.copy()  # the row the cards lie in now (left of a docked panel: the table's)
        # The side: the track and the round, the players, the log and the buttons.
        self.track = pygame.Rect(side.left, side.top, side.width, px(98))
        t = self.track  # the round's six steps, a strip at the track's foot
        self.round_steps = pygame.Rect(t.left + px(8), t.bottom - px(30), t.width - px(16), px(24))
        columns = 2 if side.width >= px(560) and players > 1 else 1
        rows = -(-players // columns)
        slot_w = (side.width - (columns - 1) * px(8)) // columns
        # A tall window's width sets a small scale for everything, yet leaves room under the board: the panels
        # grow into it, their words, icons and Special Card chips with them (chips 20 px tall at 1080x1920 were
        # hard to hit with a finger), the log's last lines keeping LOG_ROOM.
        self.panel_scale = 1.0
        if is_tall(size):
            room = side.height - self.track.height - px(8) - px(38 + 8) - px(LOG_ROOM)
            fits = (room / rows - px(8)) / px(PANEL_HEIGHT)
            self.panel_scale = max(1.0, min(TALL_PANEL_MOST, fits))
        slot_h = px(PANEL_HEIGHT * self.panel_scale)
        y = self.track.bottom + px(8)
        self.players = [
            pygame.Rect(
                side.left + (n % columns) * (slot_w + px(8)), y + (n // columns) * (slot_h + px(8)), slot_w, slot_h
            )
            for n in range(players)
        ]
        bw4, bar_y = (side.width - 3 * px(8)) // 4, side.bottom - px(38)
        self.buttons = [pygame.Rect(side.left + n * (bw4 + px(8)), bar_y, bw4, px(38)) for n in range(4)]
        self.recent = pygame.Rect(side.left, y + rows * (slot_h + px(8)), side.width, 0)
        self.recent.height = max(0, self.buttons[0].top - px(8) - self.recent.top)

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        col, row = (pos[0] - self.board.left) // self.cell, (pos[1] - self.board.top) // self.cell
        return f"{COLUMNS[col]}{row + 1}" if self.board.collidepoint(pos) else None

    def hand_slots(self, count: int, first: int) -> tuple[list[pygame.Rect], int, bool]:
        """Where the hand's cards go: their rects (only the cards shown, from ``first``), the first card shown
        (clamped) and whether the row scrolls. Cards are as large as the hand's height allows (five to the row at
        the most); when they do not all fit they shrink, down to 80% (still readable); beyond that the row
        scrolls, at full size, between two arrows."""
        area, gap = self.hand_cards, px(GAP)
        # As tall as the row, but five to its width at the most: a window nearly square (too little taller than
        # wide for the tall layout) left the hand so much height that two of five cards were shown at a time.
        width = full = min(round(area.height / RATIO), (area.width + gap) // 5 - gap)
        if count and count * (width + gap) - gap > area.width:
            width = max(round(full * 0.8), (area.width + gap) // count - gap)
        scrolls = count * (width + gap) - gap > area.width
        width = full if scrolls else width
        left, room = area.left, area.width
        if scrolls:
            arrow = px(30)
            left, room = area.left + arrow + gap, area.width - 2 * (arrow + gap)
        shown = max(1, (room + gap) // (width + gap)) if scrolls else count
        first = max(0, min(first, count - shown)) if scrolls else 0
        height = round(width * RATIO)
        top = area.bottom - height
        rects = [pygame.Rect(left + n * (width + gap), top, width, height) for n in range(min(shown, count - first))]
        return rects, first, scrolls

    def least_hand_width(self) -> int:
        """The narrowest the hand's row may be made beside a docked panel (``ChallengeTable.hand_clear_of_panel``):
        one card as tall as the row between its two scroll arrows."""
        gap = px(GAP)
        return 2 * (px(30) + gap) + round(self.hand_row.height / RATIO)

    def hand_arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The hand's scroll arrows, at both ends of its row."""
        area, arrow = self.hand_cards, px(30)
        return (
            pygame.Rect(area.left, area.top + px(6), arrow, area.height - px(12)),
            pygame.Rect(area.right - arrow, area.top + px(6), arrow, area.height - px(12)),
        )
