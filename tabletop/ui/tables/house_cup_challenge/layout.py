"""Where everything sits on the House Cup Challenge table, computed from the window size."""

from __future__ import annotations

import pygame

from tabletop.games.house_cup_challenge.board import COLUMNS
from tabletop.ui.theme import px


class Layout:
    """The board as big as fits above the hand; down the side the track, the Prefect, the players, log and buttons."""

    def __init__(self, size: tuple[int, int], players: int) -> None:
        w, h = size
        m = px(10)
        self.banner = pygame.Rect(m, m, w - 2 * m, px(40))
        top = self.banner.bottom + m
        side_w = max(px(400), round(w * 0.34))
        self.cell = cell = max(20, min((w - 3 * m - side_w) // 8, (h - top - px(176) - 2 * m) // 7))
        self.board = board = pygame.Rect(m, top, cell * 8, cell * 7)
        self.cells = {
            f"{COLUMNS[col]}{row + 1}": pygame.Rect(board.left + col * cell, board.top + row * cell, cell, cell)
            for col in range(8)
            for row in range(7)
        }
        self.hand = hand = pygame.Rect(m, board.bottom + m, board.width, h - m - board.bottom - m)
        bw = px(120)
        self.hand_cards = pygame.Rect(hand.x + px(8), hand.y + px(26), hand.w - bw - px(24), hand.h - px(32))
        self.draw_button = pygame.Rect(hand.right - bw - px(8), hand.top + px(30), bw, px(52))
        self.pass_button = pygame.Rect(hand.right - bw - px(8), self.draw_button.bottom + px(10), bw, px(44))
        self.side = side = pygame.Rect(board.right + m, top, w - board.right - 2 * m, h - top - m)
        inner = side.inflate(-px(20), 0)
        self.track = pygame.Rect(inner.left, side.top + px(8), inner.width, px(70))
        self.prefect = pygame.Rect(inner.left, self.track.bottom + px(8), inner.width, px(112))
        slot, y = px(104) + px(6), self.prefect.bottom + px(8)
        self.players = [pygame.Rect(inner.left, y + n * slot, inner.width, px(104)) for n in range(players)]
        bw, bar_y = (inner.width - 3 * px(8)) // 4, side.bottom - px(38) - px(8)
        self.buttons = [pygame.Rect(inner.left + n * (bw + px(8)), bar_y, bw, px(38)) for n in range(4)]
        self.recent = pygame.Rect(inner.left, y + players * slot, inner.width, 0)
        self.recent.height = max(0, self.buttons[0].top - px(8) - self.recent.top)

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        col, row = (pos[0] - self.board.left) // self.cell, (pos[1] - self.board.top) // self.cell
        return f"{COLUMNS[col]}{row + 1}" if self.board.collidepoint(pos) else None
