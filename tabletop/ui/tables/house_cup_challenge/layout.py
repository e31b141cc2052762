"""Where everything sits on the House Cup Challenge table, computed from the window size."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.games.house_cup_challenge.board import COLUMNS
from tabletop.ui.theme import px


@dataclass
class Layout:
    size: tuple[int, int]
    banner: pygame.Rect
    board: pygame.Rect
    cell: int
    hand: pygame.Rect
    hand_cards: pygame.Rect
    draw_button: pygame.Rect
    pass_button: pygame.Rect
    side: pygame.Rect
    track: pygame.Rect
    prefect: pygame.Rect
    players: list[pygame.Rect]
    buttons: list[pygame.Rect]
    recent: pygame.Rect
    panel: pygame.Rect
    cells: dict[str, pygame.Rect] = field(default_factory=dict)

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        if not self.board.collidepoint(pos):
            return None
        col = (pos[0] - self.board.left) // self.cell
        row = (pos[1] - self.board.top) // self.cell
        if 0 <= col < 8 and 0 <= row < 7:
            return f"{COLUMNS[col]}{row + 1}"
        return None


def compute(size: tuple[int, int], players: int) -> Layout:
    w, h = size
    m = px(10)
    banner = pygame.Rect(m, m, w - 2 * m, px(40))
    top = banner.bottom + m
    hand_h = px(176)
    side_w = max(px(400), round(w * 0.34))
    cell = max(20, min((w - 3 * m - side_w) // 8, (h - top - hand_h - 2 * m) // 7))
    board = pygame.Rect(m, top, cell * 8, cell * 7)
    cells = {
        f"{COLUMNS[col]}{row + 1}": pygame.Rect(board.left + col * cell, board.top + row * cell, cell, cell)
        for col in range(8)
        for row in range(7)
    }
    hand = pygame.Rect(m, board.bottom + m, board.width, h - m - board.bottom - m)
    button_w = px(120)
    hand_cards = pygame.Rect(hand.left + px(8), hand.top + px(26), hand.width - button_w - px(24), hand.height - px(32))
    draw_button = pygame.Rect(hand.right - button_w - px(8), hand.top + px(30), button_w, px(52))
    pass_button = pygame.Rect(draw_button.left, draw_button.bottom + px(10), button_w, px(44))
    side = pygame.Rect(board.right + m, top, w - board.right - 2 * m, h - top - m)
    track = pygame.Rect(side.left + px(10), side.top + px(8), side.width - px(20), px(70))
    prefect = pygame.Rect(side.left + px(10), track.bottom + px(8), side.width - px(20), px(112))
    slot = px(104)
    rows = []
    y = prefect.bottom + px(8)
    for _ in range(players):
        rows.append(pygame.Rect(side.left + px(10), y, side.width - px(20), slot))
        y += slot + px(6)
    button_h = px(38)
    bw = (side.width - px(20) - 3 * px(8)) // 4
    buttons = [
        pygame.Rect(side.left + px(10) + index * (bw + px(8)), side.bottom - button_h - px(8), bw, button_h)
        for index in range(4)
    ]
    recent = pygame.Rect(side.left + px(10), y, side.width - px(20), max(0, buttons[0].top - px(8) - y))
    panel = pygame.Rect(side.left + px(4), prefect.top, side.width - px(8), buttons[0].top - px(6) - prefect.top)
    return Layout(
        size,
        banner,
        board,
        cell,
        hand,
        hand_cards,
        draw_button,
        pass_button,
        side,
        track,
        prefect,
        rows,
        buttons,
        recent,
        panel,
        cells,
    )
