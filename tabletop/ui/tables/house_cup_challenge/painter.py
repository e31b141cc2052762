"""Drawing the House Cup Challenge table from one seat's view: the castle, cards on it, the characters (gliding
through the stage when they move), the Gryffindor track, the Prefect card, the players and the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.games.house_cup_challenge.board import name
from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES, CHARACTERS, END_POINTS, SPECIALS
from tabletop.games.house_cup_challenge.text import STEP_NAMES
from tabletop.ui import theme
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.house_cup_challenge.faces import (
    board_card,
    board_surface,
    card_face,
    icon,
    special_chip,
    token_image,
    wand_token,
)
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable

CHARACTER_COLOURS = {
    "harry": (200, 40, 40),
    "hermione": (170, 70, 140),
    "ron": (230, 130, 40),
    "neville": (80, 160, 70),
}
OFFSETS = ((0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5))


def draw_table(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    scene.stage.begin_frame()
    scene.bonus_token_rects = {}
    surface.blit(backdrop(surface.get_size()), (0, 0))
    _banner(scene, surface)
    surface.blit(board_surface(layout.cells, layout.cell, layout.board.topleft), layout.board)
    _lit_cells(scene, surface)
    _board_cards(scene, surface)
    _path(scene, surface)
    _tokens(scene, surface)
    _track(scene, surface)
    panel = scene.chooser or scene.panel
    if panel is None:
        _prefect(scene, surface)
        for seat in range(len(view.players)):
            _player(scene, surface, seat)
        _recent(scene, surface)
    else:
        scene.special_rects = []
        _compact_players(scene, surface, panel.rect.bottom + px(8))
    for button in scene.buttons:
        button.draw(surface)
    _hand(scene, surface)
    for panel in (scene.panel, scene.chooser):
        if panel is not None:
            panel.draw(surface)
    _dragged(scene, surface)
    zoom = scene.zoomed()
    if zoom is not None:
        _zoom(scene, surface, zoom)
    _message(scene, surface)


def instruction(scene: ChallengeTable) -> tuple[str, tuple[int, int, int]]:
    view, session = scene.view, scene.session
    names = session.names()
    result = session.match.result()
    if result is not None:
        return result.summary, theme.GOLD_LIGHT
    if not view.to_act:
        return "", theme.TEXT
    actor = view.to_act[0]
    task = view.tasks[-1]
    if not scene.my_turn():
        if session.bot_thinking is not None:
            return f"{names[session.bot_thinking]} is thinking...", theme.TEXT
        return f"Waiting for {names[actor]}...", theme.TEXT
    if scene.chooser is not None or scene.panel is not None:
        return f"{names[view.seat]}: make your choice on the right.", theme.GOLD_LIGHT
    if scene.selected_special:
        return f"{SPECIALS[scene.selected_special].name}: tap a lit space.", theme.GOLD_LIGHT
    if scene.selected_card:
        return f"Tap a lit space to play {ADVENTURES[scene.selected_card].title}.", theme.GOLD_LIGHT
    what = {"time": " (Time-Turner)", "bonus": " (Wand Bonus Token)"}.get(task.extra, "")
    return (
        f"{names[view.seat]}, your action{what}: drag your character, drag a card onto the board, "
        "use a Special Card, draw or pass.",
        theme.GOLD_LIGHT,
    )


def _banner(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.banner
    theme.panel(surface, rect, alpha=225)
    text, colour = instruction(scene)
    status = theme.text(
        f"Year {view.year} - Round {view.round} - {STEP_NAMES[1 if view.setup else view.step]}", 17, theme.TEXT_DIM
    )
    room = rect.width - status.get_width() - px(40)
    label = theme.text(text, 20, colour, bold=True)
    if label.get_width() > room:
        label = theme.text(text, 15, colour, bold=True)
        if label.get_width() > room:
            label = pygame.transform.smoothscale(label, (room, label.get_height()))
    surface.blit(label, label.get_rect(midleft=(rect.left + px(12), rect.centery)))
    surface.blit(status, status.get_rect(midright=(rect.right - px(12), rect.centery)))


def _lit_cells(scene: ChallengeTable, surface: pygame.Surface) -> None:
    lit = scene.lit_cells()
    if not lit:
        return
    layout = scene.layout
    glow = theme.panel_surface((layout.cell - 4, layout.cell - 4), theme.TARGET, theme.TARGET, px(6), 80, px(3))
    for cell in lit:
        surface.blit(glow, layout.cells[cell].inflate(-4, -4))


def _board_cards(scene: ChallengeTable, surface: pygame.Surface) -> None:
    layout = scene.layout
    size = round(layout.cell * 0.74)
    scene.board_card_rects = []
    for cell, card in scene.view.board:
        rect = pygame.Rect(0, 0, size, size)
        rect.center = layout.cells[cell].center
        rect.y += round(layout.cell * 0.06)
        surface.blit(board_card(card, size), rect)
        scene.board_card_rects.append((rect, card))


def _path(scene: ChallengeTable, surface: pygame.Surface) -> None:
    path = scene.hovered_path()
    if len(path) < 2:
        return
    points = [scene.layout.cells[cell].center for cell in path]
    pygame.draw.lines(surface, theme.HIGHLIGHT, False, points, max(3, px(5)))
    for point in points[1:]:
        pygame.draw.circle(surface, theme.HIGHLIGHT, point, max(4, px(7)))


def _tokens(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    size = round(layout.cell * 0.46)
    board = view.board_map()
    by_cell: dict[str, list[int]] = {}
    for seat, player in enumerate(view.players):
        by_cell.setdefault(player.cell, []).append(seat)
    scene.token_rects = {}
    for cell, seats in by_cell.items():
        base = layout.cells[cell]
        for index, seat in enumerate(seats):
            dx, dy = OFFSETS[index % 4] if len(seats) > 1 else (0.27, 0.27)
            rect = pygame.Rect(
                round(base.left + 2 + dx * (layout.cell - 4)), round(base.top + 2 + dy * (layout.cell - 4)), size, size
            )
            if len(seats) == 1 and cell in board:
                rect.bottomright = (base.right - 2, base.bottom - 2)  # the card on the space stays readable
            elif len(seats) == 1:
                rect.center = (base.centerx, base.centery + round(layout.cell * 0.12))
            drawn = scene.stage.place(("token", seat), rect, duration=0.4)
            steps = scene.walk_position(seat)
            if steps is not None:  # walking the path space by space, then settling where the rules put it
                path = scene.walks[seat][0]
                index = int(steps)
                a, b = layout.cells[path[index]].center, layout.cells[path[index + 1]].center
                k = steps - index
                drawn = pygame.Rect(0, 0, size, size)
                drawn.center = (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k))
                scene.stage.motions.pop(("token", seat), None)
            scene.token_rects[seat] = drawn
            if scene.drag is not None and scene.drag.kind == "token" and seat == view.seat:
                continue
            _token(surface, view.players[seat].character, drawn, seat == view.seat, seat in view.to_act)


def _token(surface: pygame.Surface, character: str, rect: pygame.Rect, mine: bool, acting: bool) -> None:
    if acting:
        pygame.draw.circle(surface, theme.HIGHLIGHT, rect.center, rect.width // 2 + px(4), max(2, px(3)))
    surface.blit(token_image(character, rect.width), rect)
    if mine:
        pygame.draw.circle(surface, (255, 255, 255), rect.center, rect.width // 2 + 1, 2)


def _track(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.track
    theme.panel(surface, rect, alpha=220)
    label = theme.text(f"Gryffindor: {view.track} / {END_POINTS}", 18, theme.GOLD_LIGHT, bold=True)
    surface.blit(label, (rect.left + px(10), rect.top + px(6)))
    year = theme.text(f"Year {view.year}", 17, theme.TEXT, bold=True)
    surface.blit(year, year.get_rect(topright=(rect.right - px(10), rect.top + px(6))))
    bar = pygame.Rect(rect.left + px(14), rect.top + px(34), rect.width - px(28), px(12))
    pygame.draw.rect(surface, (40, 40, 46), bar, border_radius=px(6))
    filled = bar.copy()
    filled.width = round(bar.width * min(view.track, END_POINTS) / END_POINTS)
    pygame.draw.rect(surface, (174, 0, 1), filled, border_radius=px(6))
    next_mark = 100 * view.year if view.year < 5 else END_POINTS
    for mark in range(0, END_POINTS + 1, 50):
        x = bar.left + round(bar.width * mark / END_POINTS)
        big = mark % 100 == 0
        colour = theme.HIGHLIGHT if mark == next_mark else theme.TEXT_DIM
        pygame.draw.line(
            surface,
            colour,
            (x, bar.top - (px(4) if big else 0)),
            (x, bar.bottom + px(2)),
            3 if mark == next_mark else 1,
        )
        if big:
            tag = theme.text(str(mark), 14, colour, bold=mark == next_mark)
            surface.blit(tag, tag.get_rect(midtop=(x, bar.bottom + px(3))))
    if next_mark <= END_POINTS:
        x = bar.left + round(bar.width * next_mark / END_POINTS)
        glow = pygame.Rect(0, 0, px(16), bar.height + px(12))
        glow.center = (x, bar.centery)
        pygame.draw.rect(surface, theme.HIGHLIGHT, glow, 2, border_radius=px(4))
    x = bar.left + round(bar.width * min(view.track, END_POINTS) / END_POINTS)
    pygame.draw.circle(surface, (238, 186, 48), (x, bar.centery), px(8))
    pygame.draw.circle(surface, (120, 0, 0), (x, bar.centery), px(8), 2)


def _prefect(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.prefect
    names = scene.session.names()
    theme.panel(surface, rect, colour=(60, 20, 20), edge=theme.GOLD, alpha=235)
    surface.blit(
        theme.text(f"Prefect card - {names[view.prefect]}", 16, theme.GOLD_LIGHT, bold=True),
        (rect.left + px(10), rect.top + px(6)),
    )
    wand = icon("wand", (px(72), px(18)))
    surface.blit(wand, (rect.right - px(190), rect.top + px(6)))
    surface.blit(theme.text(f"Wand: {names[view.wand]}", 15, theme.TEXT), (rect.right - px(112), rect.top + px(6)))
    current = 1 if view.setup else view.step
    col_w = (rect.width - px(20)) // 2
    for step in range(1, 7):
        col, row = divmod(step - 1, 3)
        x = rect.left + px(34) + col * col_w
        y = rect.top + px(30) + row * px(26)
        colour = theme.HIGHLIGHT if step == current else theme.TEXT_DIM
        surface.blit(theme.text(f"{step}. {STEP_NAMES[step]}", 16, colour, bold=step == current), (x, y))
        if step == current:
            badge = icon("prefect", (px(22), px(22)))
            surface.blit(badge, (x - px(26), y - px(3)))


def _player(scene: ChallengeTable, surface: pygame.Surface, seat: int) -> None:
    view, rect = scene.view, scene.layout.players[seat]
    player = view.players[seat]
    names = scene.session.names()
    mine = seat == view.seat
    edge = theme.GOLD if mine else theme.PANEL_EDGE
    theme.panel(surface, rect, edge=edge, alpha=225, edge_width=px(3) if seat in view.to_act else None)
    portrait = token_image(player.character, px(40))
    surface.blit(portrait, (rect.left + px(8), rect.top + px(8)))
    title = f"{names[seat]} - {CHARACTERS[player.character].name}"
    surface.blit(theme.text(title, 17, theme.TEXT, bold=True), (rect.left + px(54), rect.top + px(6)))
    vp = theme.text(f"{player.vp} VP", 22, theme.GOLD_LIGHT, bold=True)
    vp_rect = vp.get_rect(topright=(rect.right - px(10), rect.top + px(4)))
    surface.blit(vp, vp_rect)
    if seat == view.wand:
        wand = icon("wand", (px(64), px(16)))
        surface.blit(wand, wand.get_rect(midright=(vp_rect.left - px(8), vp_rect.centery)))
    x = rect.left + px(54)
    for ability in ABILITIES:
        chip = theme.text(f"{ability} {player.ability(ability)}", 17, (255, 255, 255), bold=True)
        box = pygame.Rect(x, rect.top + px(28), chip.get_width() + px(12), px(22))
        pygame.draw.rect(
            surface, {"K": (50, 90, 160), "S": (40, 130, 80), "H": (170, 60, 50)}[ability], box, border_radius=px(5)
        )
        surface.blit(chip, chip.get_rect(center=box.center))
        x = box.right + px(6)
    extra = f"{player.hand_count} in hand - {len(player.completed)} completed (tap)"
    if seat == view.wand:
        extra += " - holds the Wand"
    if player.character == "harry" and player.harry_used:
        extra += " - ability used"
    surface.blit(theme.text(extra, 14, theme.TEXT_DIM), (x + px(6), rect.top + px(31)))
    right = rect.right - px(6)
    if player.wand_token:
        right = _bonus_token(scene, surface, seat, rect) - px(6)
    specials = [(card, True) for card in player.specials_up] + [(card, False) for card in player.specials_down]
    chip_w = px(128)
    x, y = rect.left + px(8), rect.top + px(56)
    if mine:
        scene.special_rects = []
    for card, up in specials:
        if x + chip_w > right:
            x, y = rect.left + px(8), y + px(22)
            if y + px(20) > rect.bottom:
                break
        face = special_chip(card, chip_w, up)
        box = pygame.Rect(x, y, chip_w, face.get_height())
        surface.blit(face, box)
        if mine and up and SPECIALS[card].timing == "action":
            scene.special_rects.append((box, card))
            if scene.selected_special == card:
                pygame.draw.rect(surface, theme.HIGHLIGHT, box.inflate(4, 4), 2, border_radius=px(6))
        x += chip_w + px(6)
    if not specials:
        surface.blit(theme.text("No Special Cards", 14, theme.TEXT_DIM), (rect.left + px(10), rect.top + px(60)))


def _bonus_token(scene: ChallengeTable, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> int:
    """The holder's Wand Bonus Token as a piece at the right of their panel, face up or face down, with a word
    under it; returns the left edge of the space it takes."""
    up = scene.view.players[seat].wand_token == "up"
    size = px(38)
    piece = pygame.Rect(0, 0, size, size)
    piece.topright = (rect.right - px(14), rect.top + px(50))
    surface.blit(wand_token(size, up), piece)
    scene.bonus_token_rects[seat] = piece
    word = theme.text("bonus" if up else "used", 12, theme.GOLD_LIGHT if up else theme.TEXT_DIM, bold=up)
    surface.blit(word, word.get_rect(midtop=(piece.centerx, piece.bottom + px(1))))
    return min(piece.left, piece.centerx - word.get_width() // 2)


def _compact_players(scene: ChallengeTable, surface: pygame.Surface, top: int) -> None:
    """One line per player under a choice panel: VP, abilities, hand and Special Cards."""
    view, side = scene.view, scene.layout.side
    names = scene.session.names()
    height = px(30)
    bottom = scene.layout.buttons[0].top - px(8)
    for seat, player in enumerate(view.players):
        rect = pygame.Rect(side.left + px(10), top + seat * (height + px(4)), side.width - px(20), height)
        if rect.bottom > bottom:
            return
        theme.panel(surface, rect, edge=theme.GOLD if seat == view.seat else theme.PANEL_EDGE, alpha=215)
        surface.blit(token_image(player.character, height - px(6)), (rect.left + px(4), rect.top + px(3)))
        abilities = " ".join(f"{a}{player.ability(a)}" for a in ABILITIES)
        specials = ", ".join(SPECIALS[c].name for c in player.specials_up) or "no Special Card face up"
        text = f"{names[seat]}: {player.vp} VP - {abilities} - {player.hand_count} cards - {specials}"
        room = rect.width - height - px(10)
        if player.wand_token:  # the Wand Bonus Token, a small piece at the end of the line
            piece = pygame.Rect(0, 0, height - px(6), height - px(6))
            piece.midright = (rect.right - px(4), rect.centery)
            surface.blit(wand_token(piece.width, player.wand_token == "up"), piece)
            scene.bonus_token_rects[seat] = piece
            room -= piece.width + px(6)
        label = theme.text(text, 15, theme.TEXT)
        if label.get_width() > room:
            label = pygame.transform.smoothscale(label, (room, label.get_height()))
        surface.blit(label, label.get_rect(midleft=(rect.left + height + px(4), rect.centery)))


def _recent(scene: ChallengeTable, surface: pygame.Surface) -> None:
    rect = scene.layout.recent
    if rect.height < px(40):
        return
    theme.panel(surface, rect, alpha=200)
    lines: list[str] = []
    shown = scene.shown_seat
    if shown is not None and shown < len(scene.view.players):
        player = scene.view.players[shown]
        lines.append(f"{scene.session.name(shown)}'s completed adventures (tap the player again to close):")
        for card in player.completed:
            info = ADVENTURES[card]
            lines.append(f"  Year {info.year}: {info.title} - {info.vp} VP")
        if not player.completed:
            lines.append("  none yet")
        lines = lines[: 1 + max(0, (rect.height - px(10)) // (theme.font_px(14) + 2) - 1)]
    for line in scene.recent[-12:] if shown is None else ():
        lines.extend(theme.wrap(line, 14, rect.width - px(16)))
    height = theme.font_px(14) + 2
    room = max(0, (rect.height - px(10)) // height)
    y = rect.top + px(5)
    for line in lines[-room:] if room else []:
        surface.blit(theme.text(line, 14, theme.TEXT_DIM), (rect.left + px(8), y))
        y += height


def _hand(scene: ChallengeTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    theme.panel(surface, layout.hand, alpha=215)
    hand = view.me.hand or ()
    label = f"{scene.session.name(view.seat)}'s hand ({len(hand)} cards)"
    surface.blit(theme.text(label, 16, theme.TEXT, bold=True), (layout.hand.left + px(10), layout.hand.top + px(5)))
    area = layout.hand_cards
    width = min(px(100), round(area.height / 1.4))
    step = width + px(6)
    if hand and len(hand) * step > area.width:
        step = max(px(18), (area.width - width) // max(1, len(hand) - 1))
    scene.hand_rects = []
    lit = scene.card_targets
    for index, card in enumerate(hand):
        rect = pygame.Rect(area.left + index * step, area.top, width, round(width * 1.4))
        lifted = card == scene.selected_card
        if lifted:
            rect.y -= px(10)
        drawn = scene.stage.place(("hand", card), rect, duration=0.3)
        scene.hand_rects.append((drawn, card))
        if scene.drag is not None and scene.drag.kind == "card" and scene.drag.item == card:
            continue
        surface.blit(card_face(card, width), drawn)
        if scene.can_act() and lit(card):
            pygame.draw.rect(surface, theme.TARGET if lifted else (90, 140, 110), drawn, 2, border_radius=px(6))
    scene.draw_button.draw(surface)
    scene.pass_button.draw(surface)
    piles = theme.text(f"Deck {view.draw_count} - discard {len(view.discard)}", 14, theme.TEXT_DIM)
    surface.blit(piles, piles.get_rect(midtop=(scene.draw_button.rect.centerx, scene.pass_button.rect.bottom + px(6))))


def _dragged(scene: ChallengeTable, surface: pygame.Surface) -> None:
    drag = scene.drag
    if drag is None:
        return
    rect = pygame.Rect(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1], *drag.size)
    if drag.kind == "token":
        _token(surface, scene.view.me.character, rect, True, False)
    else:
        surface.blit(card_face(drag.item, rect.width), rect)


def _zoom(scene: ChallengeTable, surface: pygame.Surface, card: str) -> None:
    width = px(240)
    face = card_face(card, width)
    rect = face.get_rect(center=scene.layout.board.center)
    theme.shadow(surface, rect, px(10), offset=px(6), alpha=140)
    surface.blit(face, rect)
    cells = ", ".join(name(cell) for cell in ADVENTURES[card].cells)
    note = theme.text(cells if len(cells) < 60 else ADVENTURES[card].play[0], 15, theme.TEXT, bold=True)
    back = pygame.Rect(0, 0, note.get_width() + px(16), note.get_height() + px(8))
    back.midtop = (rect.centerx, rect.bottom + px(6))
    theme.panel(surface, back, alpha=230)
    surface.blit(note, note.get_rect(center=back.center))


def _message(scene: ChallengeTable, surface: pygame.Surface) -> None:
    if not scene.message or scene.app.now > scene.message_until:
        return
    label = theme.text(scene.message, 19, theme.TEXT, bold=True)
    rect = pygame.Rect(0, 0, label.get_width() + px(30), label.get_height() + px(16))
    rect.midbottom = (scene.layout.board.centerx, scene.layout.board.bottom - px(10))
    theme.panel(surface, rect, colour=(70, 24, 20), edge=theme.BAD, alpha=240)
    surface.blit(label, label.get_rect(center=rect.center))
