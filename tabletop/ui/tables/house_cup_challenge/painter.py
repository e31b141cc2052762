"""Drawing the House Cup Challenge table from one seat's view (a ``Look``): the castle, its cards and characters,
the track, the Prefect card, the players and the hand; returns what the pointer can touch (a ``HitMap``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.house_cup_challenge.cards import ABILITIES, ADVENTURES, CHARACTERS, END_POINTS, SPECIALS
from tabletop.games.house_cup_challenge.text import STEP_NAMES
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.ui import theme
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.sprites.motion import Drag
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.house_cup_challenge import faces
from tabletop.ui.tables.house_cup_challenge.layout import Layout
from tabletop.ui.theme import px
from tabletop.ui.widgets import Widget

Colour = tuple[int, int, int]
OFFSETS = ((0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5))  # where up to four characters stand on one space
ABILITY_COLOURS = {"K": (50, 90, 160), "S": (40, 130, 80), "H": (170, 60, 50)}


@dataclass(frozen=True)
class Look:
    """Everything one frame of the table shows, as the table sees it now."""

    view: ChallengeView
    layout: Layout
    names: Sequence[str]
    prompt: tuple[str, Colour]
    lit: frozenset[str]  # the spaces where what is held or selected may go
    path: Sequence[str]  # the way the dragged character would walk to the space under the pointer
    playable: frozenset[str]  # the cards in hand that may be played somewhere now
    selected: str | None  # the card of the hand or the Special Card tapped, to play or use next
    drag: Drag | None
    walking: Mapping[Hashable, tuple[int, int]]  # the seats of characters walking their path: where they are now
    shown_seat: int | None  # the player whose completed adventures are listed instead of the log
    recent: Sequence[Sequence[str]]
    buttons: Sequence[Widget]


def paint(look: Look, surface: pygame.Surface, stage: Stage) -> HitMap:
    layout, hits = look.layout, HitMap()
    stage.begin_frame()
    surface.blit(backdrop(surface.get_size()), (0, 0))
    _banner(look, surface)
    surface.blit(faces.board_surface(layout.cell), layout.board)
    if look.lit:
        glow = theme.panel_surface((layout.cell - 4, layout.cell - 4), theme.TARGET, theme.TARGET, px(6), 80, px(3))
        for cell in look.lit:
            surface.blit(glow, layout.cells[cell].inflate(-4, -4))
    size = round(layout.cell * 0.74)
    for cell, card in look.view.board:
        centre = (layout.cells[cell].centerx, layout.cells[cell].centery + round(layout.cell * 0.06))
        rect = hits.add("card", card, pygame.Rect(0, 0, size, size).move_to(center=centre))
        surface.blit(faces.board_card(card, size), rect)
    if len(look.path) > 1:
        points = [layout.cells[cell].center for cell in look.path]
        pygame.draw.lines(surface, theme.HIGHLIGHT, False, points, max(3, px(5)))
        for point in points[1:]:
            pygame.draw.circle(surface, theme.HIGHLIGHT, point, max(4, px(7)))
    _characters(look, surface, stage, hits)
    _track(look, surface)
    _prefect(look, surface)
    for seat in range(len(look.view.players)):
        _player(look, surface, seat, hits)
    _recent(look, surface)
    _hand(look, surface, stage, hits)
    for button in look.buttons:
        button.draw(surface)
    piles = theme.text(f"Deck {look.view.draw_count} - discard {len(look.view.discard)}", 14, theme.TEXT_DIM)
    surface.blit(piles, piles.get_rect(midtop=(layout.pass_button.centerx, layout.pass_button.bottom + px(6))))
    if look.drag is not None:
        rect = look.drag.rect()
        if look.drag.kind == "token":
            _character(surface, look.view.me.character, rect, True, False)
        else:
            surface.blit(faces.card_face(str(look.drag.item), rect.width), rect)
    return hits


def _banner(look: Look, surface: pygame.Surface) -> None:
    view, rect = look.view, look.layout.banner
    theme.panel(surface, rect, alpha=225)
    text, colour = look.prompt
    step = STEP_NAMES[1 if view.setup else view.step]
    status = theme.text(f"Year {view.year} - Round {view.round} - {step}", 17, theme.TEXT_DIM)
    room = rect.width - status.get_width() - px(40)
    label = theme.text(text, 20, colour, bold=True)
    if label.get_width() > room:
        label = theme.text(text, 15, colour, bold=True)
        if label.get_width() > room:
            label = pygame.transform.smoothscale(label, (room, label.get_height()))
    surface.blit(label, label.get_rect(midleft=(rect.left + px(12), rect.centery)))
    surface.blit(status, status.get_rect(midright=(rect.right - px(12), rect.centery)))


def _characters(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """Each character on its space (sharing a corner when several stand there); a walking one on its path."""
    view, layout, cell = look.view, look.layout, look.layout.cell
    size, board = round(cell * 0.46), view.board_map()
    by_space = {p.cell: [seat for seat, q in enumerate(view.players) if q.cell == p.cell] for p in view.players}
    for space, seats in by_space.items():
        base = layout.cells[space]
        for index, seat in enumerate(seats):
            rect = pygame.Rect(0, 0, size, size)
            if len(seats) > 1:  # each in a corner of a quarter of the space
                dx, dy = OFFSETS[index % 4]
                rect.topleft = (round(base.left + 2 + dx * (cell - 4)), round(base.top + 2 + dy * (cell - 4)))
            elif space in board:
                rect.bottomright = (base.right - 2, base.bottom - 2)  # the card on the space stays readable
            else:
                rect.center = (base.centerx, base.centery + round(cell * 0.12))
            drawn = stage.place(("token", seat), rect, duration=0.4)
            if seat in look.walking:  # walking the path space by space, then settling where the rules put it
                drawn = pygame.Rect(0, 0, size, size).move_to(center=look.walking[seat])
                stage.motions.pop(("token", seat), None)
            hits.add("token", seat, drawn)
            if not (look.drag is not None and look.drag.kind == "token" and seat == view.seat):
                _character(surface, view.players[seat].character, drawn, seat == view.seat, seat in view.to_act)


def _character(surface: pygame.Surface, character: str, rect: pygame.Rect, mine: bool, acting: bool) -> None:
    if acting:
        pygame.draw.circle(surface, theme.HIGHLIGHT, rect.center, rect.width // 2 + px(4), max(2, px(3)))
    surface.blit(faces.picture(character, rect.size), rect)
    if mine:
        pygame.draw.circle(surface, (255, 255, 255), rect.center, rect.width // 2 + 1, 2)


def _track(look: Look, surface: pygame.Surface) -> None:
    """Gryffindor's points on a bar marked every 50, the mark that ends this Year lit."""
    view, rect = look.view, look.layout.track
    theme.panel(surface, rect, alpha=220)
    label = theme.text(f"Gryffindor: {view.track} / {END_POINTS}", 18, theme.GOLD_LIGHT, bold=True)
    surface.blit(label, (rect.left + px(10), rect.top + px(6)))
    year = theme.text(f"Year {view.year}", 17, theme.TEXT, bold=True)
    surface.blit(year, year.get_rect(topright=(rect.right - px(10), rect.top + px(6))))
    bar = pygame.Rect(rect.left + px(14), rect.top + px(34), rect.width - px(28), px(12))

    def at(points: int) -> int:
        return bar.left + round(bar.width * min(points, END_POINTS) / END_POINTS)

    pygame.draw.rect(surface, (40, 40, 46), bar, border_radius=px(6))
    pygame.draw.rect(surface, (174, 0, 1), (*bar.topleft, at(view.track) - bar.left, bar.height), border_radius=px(6))
    next_mark = 100 * view.year if view.year < 5 else END_POINTS
    for mark in range(0, END_POINTS + 1, 50):
        big, lit = mark % 100 == 0, mark == next_mark
        colour = theme.HIGHLIGHT if lit else theme.TEXT_DIM
        top, bottom = (at(mark), bar.top - (px(4) if big else 0)), (at(mark), bar.bottom + px(2))
        pygame.draw.line(surface, colour, top, bottom, 3 if lit else 1)
        if big:
            tag = theme.text(str(mark), 14, colour, bold=lit)
            surface.blit(tag, tag.get_rect(midtop=(at(mark), bar.bottom + px(3))))
    glow = pygame.Rect(0, 0, px(16), bar.height + px(12)).move_to(center=(at(next_mark), bar.centery))
    pygame.draw.rect(surface, theme.HIGHLIGHT, glow, 2, border_radius=px(4))
    for colour, width in (((238, 186, 48), 0), ((120, 0, 0), 2)):  # the marker: a gold disc with a dark red rim
        pygame.draw.circle(surface, colour, (at(view.track), bar.centery), px(8), width)


def _prefect(look: Look, surface: pygame.Surface) -> None:
    """The Prefect card: who holds it and the Wand, and the six steps of a round with the current one lit."""
    view, rect, names = look.view, look.layout.prefect, look.names
    theme.panel(surface, rect, colour=(60, 20, 20), edge=theme.GOLD, alpha=235)
    heading = theme.text(f"Prefect card - {names[view.prefect]}", 16, theme.GOLD_LIGHT, bold=True)
    surface.blit(heading, (rect.left + px(10), rect.top + px(6)))
    surface.blit(faces.picture("wand", (px(72), px(18))), (rect.right - px(190), rect.top + px(6)))
    surface.blit(theme.text(f"Wand: {names[view.wand]}", 15, theme.TEXT), (rect.right - px(112), rect.top + px(6)))
    current = 1 if view.setup else view.step
    for step in range(1, 7):
        col, row = divmod(step - 1, 3)
        x = rect.left + px(34) + col * ((rect.width - px(20)) // 2)
        y = rect.top + px(30) + row * px(26)
        colour = theme.HIGHLIGHT if step == current else theme.TEXT_DIM
        surface.blit(theme.text(f"{step}. {STEP_NAMES[step]}", 16, colour, bold=step == current), (x, y))
        if step == current:
            surface.blit(faces.picture("prefect", (px(22), px(22))), (x - px(26), y - px(3)))


def _player(look: Look, surface: pygame.Surface, seat: int, hits: HitMap) -> None:
    """A player's panel: character, VP, abilities, hand and completed counts, the Wand, the Wand Bonus Token and
    their Special Cards (the viewer's face-up [Action] ones can be tapped)."""
    view, rect = look.view, look.layout.players[seat]
    player, mine = view.players[seat], seat == view.seat
    edge, width = theme.GOLD if mine else theme.PANEL_EDGE, px(3) if seat in view.to_act else None
    theme.panel(surface, rect, edge=edge, alpha=225, edge_width=width)
    surface.blit(faces.picture(player.character, (px(40), px(40))), (rect.left + px(8), rect.top + px(8)))
    title = f"{look.names[seat]} - {CHARACTERS[player.character].name}"
    surface.blit(theme.text(title, 17, theme.TEXT, bold=True), (rect.left + px(54), rect.top + px(6)))
    vp = theme.text(f"{player.vp} VP", 22, theme.GOLD_LIGHT, bold=True)
    vp_rect = surface.blit(vp, vp.get_rect(topright=(rect.right - px(10), rect.top + px(4))))
    if seat == view.wand:
        wand = faces.picture("wand", (px(64), px(16)))
        surface.blit(wand, wand.get_rect(midright=(vp_rect.left - px(8), vp_rect.centery)))
    x = rect.left + px(54)
    for ability in ABILITIES:
        chip = theme.text(f"{ability} {player.ability(ability)}", 17, (255, 255, 255), bold=True)
        box = pygame.Rect(x, rect.top + px(28), chip.get_width() + px(12), px(22))
        pygame.draw.rect(surface, ABILITY_COLOURS[ability], box, border_radius=px(5))
        surface.blit(chip, chip.get_rect(center=box.center))
        x = box.right + px(6)
    extra = f"{player.hand_count} in hand - {len(player.completed)} completed (tap)"
    extra += " - holds the Wand" if seat == view.wand else ""
    extra += " - ability used" if player.character == "harry" and player.harry_used else ""
    surface.blit(theme.text(extra, 14, theme.TEXT_DIM), (x + px(6), rect.top + px(31)))
    right = rect.right - px(6)
    if player.wand_token:  # the Wand Bonus Token: a piece face up or face down, with a word under it
        up = player.wand_token == "up"
        piece = pygame.Rect(0, 0, px(38), px(38)).move_to(topright=(rect.right - px(14), rect.top + px(50)))
        hits.add("bonus", seat, piece)
        surface.blit(faces.wand_token(piece.width, up), piece)
        word = theme.text("bonus" if up else "used", 12, theme.GOLD_LIGHT if up else theme.TEXT_DIM, bold=up)
        surface.blit(word, word.get_rect(midtop=(piece.centerx, piece.bottom + px(1))))
        right = min(piece.left, piece.centerx - word.get_width() // 2) - px(6)
    specials = [(card, True) for card in player.specials_up] + [(card, False) for card in player.specials_down]
    chip_w = px(128)
    x, y = rect.left + px(8), rect.top + px(56)
    for card, up in specials:
        if x + chip_w > right:
            x, y = rect.left + px(8), y + px(22)
            if y + px(20) > rect.bottom:
                break
        box = surface.blit(faces.special_chip(card, chip_w, up), (x, y))
        if mine and up and SPECIALS[card].timing == "action":
            hits.add("special", card, box)
            if look.selected == card:
                pygame.draw.rect(surface, theme.HIGHLIGHT, box.inflate(4, 4), 2, border_radius=px(6))
        x += chip_w + px(6)
    if not specials:
        surface.blit(theme.text("No Special Cards", 14, theme.TEXT_DIM), (rect.left + px(10), rect.top + px(60)))


def _recent(look: Look, surface: pygame.Surface) -> None:
    """The log's last lines, newest at the bottom; or the completed adventures of the player tapped."""
    rect = look.layout.recent
    if rect.height < px(40):
        return
    theme.panel(surface, rect, alpha=200)
    step = theme.font_px(14) + 2
    room = max(0, (rect.height - px(10)) // step)
    shown = look.shown_seat
    if shown is not None and shown < len(look.view.players):
        completed = look.view.players[shown].completed
        lines = [f"{look.names[shown]}'s completed adventures (tap the player again to close):"]
        lines += [f"  Year {ADVENTURES[c].year}: {ADVENTURES[c].title} - {ADVENTURES[c].vp} VP" for c in completed]
        lines = (lines if completed else [*lines, "  none yet"])[: max(1, room)]
    else:
        lines = [line for wrapped in look.recent for line in wrapped]
    for index, line in enumerate(lines[-room:] if room else []):
        surface.blit(theme.text(line, 14, theme.TEXT_DIM), (rect.left + px(8), rect.top + px(5) + index * step))


def _hand(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """The viewer's hand, fanned to fit; a selected card raised, playable ones outlined."""
    view, layout = look.view, look.layout
    theme.panel(surface, layout.hand, alpha=215)
    hand = view.me.hand or ()
    count = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
    caption = theme.text(f"{look.names[view.seat]}'s hand ({count})", 16, theme.TEXT, bold=True)
    surface.blit(caption, (layout.hand.left + px(10), layout.hand.top + px(5)))
    area = layout.hand_cards
    width = min(px(100), round(area.height / 1.4))
    step = width + px(6)
    if hand and len(hand) * step > area.width:
        step = max(px(18), (area.width - width) // max(1, len(hand) - 1))
    for index, card in enumerate(hand):
        lifted = card == look.selected
        rect = pygame.Rect(area.left + index * step, area.top - (px(10) if lifted else 0), width, round(width * 1.4))
        drawn = hits.add("card", card, stage.place(("hand", card), rect, duration=0.3))
        if look.drag is not None and look.drag.kind == "card" and look.drag.item == card:
            continue
        surface.blit(faces.card_face(card, width), drawn)
        if card in look.playable:
            pygame.draw.rect(surface, theme.TARGET if lifted else (90, 140, 110), drawn, 2, border_radius=px(6))
