"""Drawing the That's Wizard! table from one seat's view: the log, the banner, every wizard's zone (tracker,
played card and dial, lasting spells with their tokens), the dice tray, and the viewer's hand, dial and buttons.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from tabletop.games.thats_wizard.cards import CARDS, MAX_POWER, MAX_STAMINA
from tabletop.games.thats_wizard.view import PlayView
from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, card_back, card_face, card_height
from tabletop.ui.tables.thats_wizard.dial import number
from tabletop.ui.tables.thats_wizard.layout import Zone
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable

TEAM_NAMES = ("Blue", "Yellow")
STAMINA_RED = (196, 52, 46)
POWER_BLUE = (52, 96, 200)


def draw_table(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    scene.stage.begin_frame()
    scene.card_hits = []
    surface.blit(_background(scene, surface.get_size()), (0, 0))
    _log(scene, surface)
    for button in scene.buttons:
        button.draw(surface)
    _banner(scene, surface)
    for zone in layout.zones.values():
        _zone(scene, surface, zone)
    _tray(scene, surface)
    _hand(scene, surface)
    _floaters(scene, surface)
    if scene.drag is not None:
        drag = scene.drag
        rect = pygame.Rect(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1], *drag.size)
        surface.blit(card_face(drag.card, rect.width), rect)
    if scene.panel is not None and not scene.busy():  # the dice land and the cards turn first
        veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 110, 0)
        surface.blit(veil, (0, 0))
        scene.panel.draw(surface)
    zoom = scene.zoomed()
    if zoom is not None and zoom in CARDS:
        _zoom(surface, zoom)
    if scene.message and scene.app.now < scene.message_until:
        label = theme.text(scene.message, 19, theme.HIGHLIGHT, bold=True)
        box = label.get_rect(midbottom=(layout.banner.centerx, layout.hand.top - px(4))).inflate(px(24), px(10))
        theme.panel(surface, box, colour=(40, 30, 24), edge=theme.GOLD, alpha=240)
        surface.blit(label, label.get_rect(center=box.center))
    del view


# --- the still parts, drawn once ------------------------------------------------------------------------------

_backgrounds: dict[tuple, pygame.Surface] = {}


def _background(scene: ThatsWizardTable, size: tuple[int, int]) -> pygame.Surface:
    """The felt with every panel on it (log, banner, zones, tray), composed once per layout: one blit a frame."""
    view, layout = scene.view, scene.layout
    zones = tuple(
        (seat, zone.rect.topleft, zone.rect.size, view.wizards[seat].dueling) for seat, zone in layout.zones.items()
    )
    key = (size, view.seat, zones, layout.log.size, layout.tray.topleft)
    surface = _backgrounds.get(key)
    if surface is not None:
        return surface
    if len(_backgrounds) > 8:
        _backgrounds.clear()
    surface = backdrop(size).copy()
    theme.panel(surface, layout.log, colour=(30, 28, 34), alpha=225)
    title = theme.text("Spells read aloud", 18, theme.GOLD_LIGHT, bold=True)
    surface.blit(title, (layout.log.left + px(12), layout.log.top + px(8)))
    theme.panel(surface, layout.banner, colour=(36, 30, 26), alpha=225)
    for seat, zone in layout.zones.items():
        edge = theme.GOLD if seat == view.seat else TEAM_COLOURS[seat % 2]
        colour = (28, 34, 46) if view.wizards[seat].dueling else (24, 24, 28)
        theme.panel(surface, zone.rect, colour=colour, edge=edge, alpha=215)
    theme.panel(surface, layout.tray, colour=(46, 36, 26), edge=(120, 90, 50), alpha=170)
    _backgrounds[key] = surface
    return surface


def reset_backgrounds() -> None:
    _backgrounds.clear()


# --- the log and the banner ----------------------------------------------------------------------------------


def _log(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    rect = scene.layout.log
    inner = pygame.Rect(rect.left + px(12), rect.top + px(34), rect.width - px(24), rect.height - px(44))
    line_h = round(theme.font_px(15) * 1.2)
    blocks = scene.recent_wrapped(inner.width, 15, 14)
    y = inner.bottom
    clip = surface.get_clip()
    surface.set_clip(inner)
    for index, lines in enumerate(reversed(blocks)):
        y -= len(lines) * line_h + px(5)
        colour = theme.TEXT if index < 4 else theme.TEXT_DIM
        for number_, line in enumerate(lines):
            surface.blit(theme.text(line, 15, colour), (inner.left, y + number_ * line_h))
        if y < inner.top:
            break
    surface.set_clip(clip)


def _banner(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.banner
    where = f"Duel {view.duel}" if view.players == 2 else f"Set {view.duel}"
    if view.players == 4 and view.duel == 3:
        where = "Sudden-death set"
    if view.stage == "sideboard":
        where += " - side boards"
    elif view.round:
        where += f" - round {view.round}"
    label = theme.text(where, 22, theme.GOLD_LIGHT, bold=True)
    surface.blit(label, label.get_rect(midleft=(rect.left + px(14), rect.centery)))
    x = rect.left + px(14) + label.get_width() + px(20)
    icon = scaled("thats_wizard/victory", (px(26), px(26)))
    for team in (0, 1):
        tag = theme.text(f"{TEAM_NAMES[team]} {view.tokens[team]}/{view.win_target}", 18, TEAM_COLOURS[team], bold=True)
        surface.blit(icon, icon.get_rect(midleft=(x, rect.centery)))
        surface.blit(tag, tag.get_rect(midleft=(x + px(30), rect.centery)))
        x += px(30) + tag.get_width() + px(18)
    right = rect.right - px(14)
    shown = [button for button in scene.stall_buttons() if button.visible]
    for button in shown:
        button.draw(surface)
        right = min(right, button.rect.left - px(12))
    hint = theme.text(_instruction(scene), 18, theme.TEXT)
    surface.blit(hint, hint.get_rect(midright=(right, rect.centery)))


def _instruction(scene: ThatsWizardTable) -> str:
    view, session = scene.view, scene.session
    names = session.names()
    if view.stage == "over":
        return "The match is over."
    if scene.panel is not None:
        return scene.panel.title
    if scene.can_choose():
        if scene.selected is None and any(button.visible for button in scene.stall_buttons()):
            return "This duel is stalled:"
        if scene.selected is None:
            return "Tap a card, turn your dial, then Reveal."
        return f"{CARDS[scene.selected].name}: turn the dial, then Reveal."
    waiting = [names[s] for s in view.to_act]
    if view.seat in view.paralyzed and view.stage == "choose":
        return "You are paralyzed this round."
    if waiting:
        return f"Waiting for {', '.join(waiting)}."
    return ""


# --- a wizard's zone -------------------------------------------------------------------------------------------


def _zone(scene: ThatsWizardTable, surface: pygame.Surface, zone: Zone) -> None:
    view = scene.view
    seat = zone.seat
    wizard = view.wizards[seat]
    names = scene.session.names()
    team = seat % 2
    # Name strip.
    chip = pygame.Rect(zone.name.left, zone.name.top + px(5), px(14), px(14))
    pygame.draw.rect(surface, TEAM_COLOURS[team], chip, border_radius=px(3))
    title = theme.text(names[seat], 20, theme.TEXT, bold=True)
    surface.blit(title, (chip.right + px(8), zone.name.top + px(2)))
    status = _status(view, seat)
    tag = theme.text(status[0], 16, status[1], bold=True)
    surface.blit(tag, (chip.right + px(16) + title.get_width(), zone.name.top + px(5)))
    counts = f"hand {wizard.hand_count}  side {wizard.side_count}"
    if wizard.streak:
        counts = f"Counterspell x{wizard.streak}  " + counts
    info = theme.text(counts, 15, theme.TEXT_DIM)
    surface.blit(info, info.get_rect(topright=(zone.name.right, zone.name.top + px(6))))
    _tracker(scene, surface, zone, wizard.stamina, wizard.power)
    _slot(scene, surface, zone)
    _lasting(scene, surface, zone)
    if not wizard.dueling and view.stage not in ("sideboard",):
        first = 2 * (view.duel - 1) if view.players == 4 else len(view.duel_winners)
        won = seat in view.duel_winners[first:]
        text = "Won this duel" if won else "Lost this duel"
        label = theme.text(text, 22, theme.GOLD_LIGHT if won else theme.TEXT_DIM, bold=True)
        box = label.get_rect(center=zone.tracker.center).inflate(px(20), px(10))
        theme.panel(surface, box, colour=(20, 18, 16), alpha=220)
        surface.blit(label, label.get_rect(center=box.center))


def _status(view, seat: int) -> tuple[str, tuple[int, int, int]]:
    wizard = view.wizards[seat]
    if not wizard.dueling:
        return ("", theme.TEXT_DIM)
    if view.stage == "sideboard":
        return ("side board ready" if wizard.side_count else "choosing a side board", theme.TEXT_DIM)
    if seat in view.paralyzed:
        return ("paralyzed", theme.BAD)
    if view.stage == "choose":
        return ("ready" if wizard.ready else "choosing...", theme.GOOD if wizard.ready else theme.TEXT_DIM)
    return ("", theme.TEXT_DIM)


@lru_cache(maxsize=64)
def _track(width: int, height: int, cells: int, colour: tuple[int, int, int], value: int) -> pygame.Surface:
    """A tracker row: cells 0..cells-1, those up to ``value`` lit in the row's colour, numbers every five."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    cell = width / cells
    font = theme.font(max(10, round(min(cell * 1.1, height * 0.6))))
    for index in range(cells):
        rect = pygame.Rect(round(index * cell), 0, max(1, round(cell) - 1), height)
        lit = index <= value and value > 0
        fill = colour if lit else (58, 56, 62)
        pygame.draw.rect(surface, fill, rect, border_radius=max(1, height // 6))
        if index % 5 == 0 or index == cells - 1 or cell >= px(22):
            label = font.render(str(index), True, (255, 255, 255) if lit else (160, 156, 150))
            surface.blit(label, label.get_rect(center=rect.center))
    return surface


def _tracker(scene: ThatsWizardTable, surface: pygame.Surface, zone: Zone, stamina: int, power: int) -> None:
    rect = zone.tracker
    label_h = px(16)
    row_h = min(px(30), (rect.height - 2 * label_h - px(6)) // 2)
    rows = (
        (0, "Stamina", stamina, MAX_STAMINA + 1, STAMINA_RED, "red"),
        (1, "Power", power, MAX_POWER + 1, POWER_BLUE, "blue"),
    )
    for index, text, value, cells, colour, pawn in rows:
        top = rect.top + index * (row_h + label_h + px(6))
        surface.blit(theme.text(f"{text} {value}", 15, theme.TEXT, bold=True), (rect.left, top))
        track = pygame.Rect(rect.left, top + label_h, rect.width, row_h)
        surface.blit(_track(track.width, track.height, cells, colour, value), track)
        cell = track.width / cells
        size = max(px(22), min(round(cell * 1.6), row_h + px(10)))
        target = pygame.Rect(0, 0, size, size)
        target.midbottom = (round(track.left + (value + 0.5) * cell), track.bottom + px(4))
        drawn = scene.stage.place(("pawn", zone.seat, index), target)
        surface.blit(scaled(f"thats_wizard/pawn_{pawn}", drawn.size), drawn)


def _slot(scene: ThatsWizardTable, surface: pygame.Surface, zone: Zone) -> None:
    view, seat = scene.view, zone.seat
    rect = zone.slot
    play = next((p for p in view.plays if p.seat == seat), None)
    pygame.draw.rect(surface, (255, 255, 255, 30), rect, width=max(1, px(2)), border_radius=px(8))
    wizard = view.wizards[seat]
    if play is None:
        if view.stage == "choose" and wizard.ready and wizard.dueling:
            surface.blit(card_back(seat % 2, rect.width), rect)
            _small_dial(surface, zone.slot_dial, None)
            if seat == view.seat and view.choice is not None and view.choice[0] is not None:
                note = theme.text(f"your pick: {CARDS[view.choice[0]].name} {view.choice[1]}", 14, theme.HIGHLIGHT)
                surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.bottom + px(2))))
            return
        last = next((p for p in view.last_plays if p.seat == seat), None)
        if last is not None and last.card is not None and view.stage in ("choose",):
            face = card_face(last.card, rect.width, True)
            surface.blit(face, rect)
            scene.card_hits.append((rect, last.card))
            _small_dial(surface, zone.slot_dial, last.dial, dim=True)
            tag = theme.text("last round", 14, theme.TEXT_DIM)
            surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + px(1))))
        return
    flip = scene.flips.get(seat)
    if play.card is None:
        text = "paralyzed" if play.reason == "paralyzed" else "pass"
        label = theme.text(text, 18, theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(center=rect.center))
        return
    face = card_face(play.card, rect.width, not play.legal)
    if flip is not None and flip < 0.45:
        t = flip / 0.45
        showing = face if t >= 0.5 else card_back(seat % 2, rect.width)
        width = max(1, round(rect.width * abs(1 - 2 * t)))
        squeezed = pygame.transform.scale(showing, (width, rect.height))
        surface.blit(squeezed, squeezed.get_rect(center=rect.center))
    else:
        surface.blit(face, rect)
        scene.card_hits.append((rect, play.card))
        _small_dial(surface, zone.slot_dial, play.dial, bad=not play.legal)
    marks = []
    if not play.legal:
        marks.append(("illegal: skipped", theme.BAD))
    if play.countered:
        marks.append(("countered", theme.BAD))
    if play.reversed:
        marks.append(("turned back" if play.reversed_by == "reflect" else "confused: turned back", theme.HIGHLIGHT))
    y = rect.bottom + px(2)
    for text, colour in marks:
        label = theme.text(text, 14, colour, bold=True)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        y += px(15)
    order = view.order
    if seat in order and view.stage == "turns":
        done = order.index(seat) < view.turn
        if order.index(seat) == view.turn:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(px(6), px(6)), px(3), border_radius=px(8))
        elif done:
            pass


def _small_dial(
    surface: pygame.Surface, rect: pygame.Rect, value: int | None, dim: bool = False, bad: bool = False
) -> None:
    surface.blit(scaled("thats_wizard/dial_face", rect.size), rect)
    if value is None:
        return
    colour = theme.BAD if bad else ((160, 150, 130) if dim else (255, 248, 228))
    pygame.draw.circle(surface, colour, rect.center, rect.width // 3)
    label = number(str(value), max(12, rect.width // 2), theme.INK)
    surface.blit(label, label.get_rect(center=rect.center))


def _lasting(scene: ThatsWizardTable, surface: pygame.Surface, zone: Zone) -> None:
    """The lasting spells lying by this wizard, with their lasting-effect tokens in the owner's colour."""
    view = scene.view
    items = [item for item in view.lasting if item.targets and item.targets[0] == zone.seat]
    area = zone.lasting
    if not items:
        return
    w = zone.lasting_w
    fit = (area.width - (len(items) - 1) * px(6)) // len(items)
    w = max(min(w, fit), min(w, px(64)))  # side by side when they fit, overlapping a little otherwise
    step = min(w + px(6), (area.width - w) // max(1, len(items) - 1)) if len(items) > 1 else w
    token = max(px(14), w // 4)
    for index, item in enumerate(items):
        rect = pygame.Rect(area.left + index * step, area.top, w, card_height(w))
        drawn = scene.stage.place(("lasting", item.owner, item.card), rect, spawn=zone.slot)
        surface.blit(card_face(item.card, w), drawn)
        scene.card_hits.append((drawn, item.card))
        colour = "blue" if item.owner % 2 == 0 else "yellow"
        for n in range(item.tokens):
            spot = (drawn.left + px(4) + n * (token * 3 // 4), drawn.bottom - token - px(18))
            surface.blit(scaled(f"thats_wizard/token_{colour}", (token, token)), spot)
        if item.under:
            tag = theme.text(f"holds {len(item.under)}", 13, theme.HIGHLIGHT, bold=True)
            surface.blit(tag, tag.get_rect(midtop=(drawn.centerx, drawn.bottom + px(1))))


# --- the dice tray and the viewer's hand ---------------------------------------------------------------------


def _tray(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.tray
    names = scene.session.names()
    if view.order and view.stage in ("turns", "eor", "cleanup", "choose") and view.plays:
        text = "Turn order: " + "  >  ".join(names[s] for s in view.order)
    elif view.last_plays and view.stage == "choose":
        text = "Last round's cards lie by each wizard."
    else:
        text = ""
    if text:
        label = theme.text(text, 16, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(bottomright=(rect.right - px(12), rect.bottom - px(6))))
    scene.dice.draw(
        surface, lambda t: theme.text(t, 14, theme.TEXT, bold=True), lambda t: theme.text(t, 14, theme.GOLD_LIGHT)
    )


def _hand(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    scene.hand_rects = {}
    hand = [card for card in view.hand if view.wizards[view.seat].dueling] if view.stage != "sideboard" else []
    choosing = scene.can_choose()
    legal_cards = {
        c.card for c in view.legal if hasattr(c, "card") and hasattr(c, "dial") and type(c).__name__ == "Play"
    }
    area = layout.hand
    w = layout.card_w
    if hand:
        step = min(w + px(10), (area.width - w) // max(1, len(hand) - 1)) if len(hand) > 1 else w
        total = step * (len(hand) - 1) + w
        left = area.left + max(0, (area.width - total) // 2)
        for index, card in enumerate(hand):
            lift = px(22) if card == scene.selected else 0
            rect = pygame.Rect(left + index * step, area.top + px(26) - lift, w, card_height(w))
            drawn = scene.stage.place(("hand", card), rect)
            if scene.drag is not None and scene.drag.card == card:
                continue
            dim = choosing and card not in legal_cards
            surface.blit(card_face(card, w, dim), drawn)
            scene.hand_rects[card] = drawn
            scene.card_hits.append((drawn, card))
            if card == scene.selected:
                pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(6), px(6)), px(3), border_radius=px(8))
    else:
        text = "Your hand is hidden while the side boards are chosen." if view.stage == "sideboard" else ""
        if not view.wizards[view.seat].dueling:
            text = "Your duel is over."
        if text:
            label = theme.text(text, 18, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(center=area.center))
    # The face-down side board (its owner may look at it).
    side = layout.side
    surface.blit(theme.text("side board", 14, theme.TEXT_DIM), (side.left, side.top - px(18)))
    for index, card in enumerate(view.side):
        rect = pygame.Rect(
            side.left + index * px(14), side.top + index * px(6), side.width - px(16), card_height(side.width - px(16))
        )
        surface.blit(card_face(card, rect.width, True), rect)
        scene.card_hits.append((rect, card))
    # The dial and the buttons.
    scene.dial.draw(surface)
    if not choosing:
        veil = theme.panel_surface(
            layout.dial.inflate(px(6), px(6)).size, (0, 0, 0), (0, 0, 0), layout.dial.width, 120, 0
        )
        surface.blit(veil, layout.dial.inflate(px(6), px(6)))
    dial_caption = "Spell Power"
    label = theme.text(dial_caption, 15, theme.TEXT_DIM, bold=True)
    surface.blit(label, label.get_rect(midtop=(layout.dial.centerx, layout.dial.bottom + px(2))))
    scene.ready_button.draw(surface)
    scene.pass_button.draw(surface)
    if choosing and scene.selected is not None and scene.dial.problem:
        note = theme.text(f"Illegal play: {scene.dial.problem}", 15, theme.BAD, bold=True)
        surface.blit(note, note.get_rect(midleft=(layout.note.left + px(4), layout.note.centery)))
    elif choosing and scene.selected is not None:
        card = CARDS[scene.selected]
        cost = scene.dial.value + (view.tax if card.is_spell else 0)
        extra = f" (+{view.tax} Tongue Tie)" if view.tax and card.is_spell else ""
        note = theme.text(f"{card.name} at {scene.dial.value}: costs {cost} Power{extra}.", 15, theme.TEXT)
        surface.blit(note, note.get_rect(midleft=(layout.note.left + px(4), layout.note.centery)))


def _floaters(scene: ThatsWizardTable, surface: pygame.Surface) -> None:
    for floater in scene.floaters:
        zone = scene.layout.zones.get(floater.seat)
        if zone is None:
            continue
        x = zone.tracker.right - px(20)
        y = zone.tracker.top + px(10) + floater.row * px(50) - round(floater.age * px(24))
        label = theme.text(floater.text, 24, floater.colour, bold=True)
        label.set_alpha(max(0, 255 - round(255 * floater.age / 1.6)))
        surface.blit(label, label.get_rect(center=(x, y)))
        label.set_alpha(255)


def _zoom(surface: pygame.Surface, card: str) -> None:
    w, h = surface.get_size()
    width = min(px(300), h // 2)
    face = card_face(card, width)
    rect = face.get_rect(center=(w // 2, h // 2))
    theme.shadow(surface, rect, px(14), offset=px(8), alpha=120)
    surface.blit(face, rect)


__all__ = ["PlayView", "draw_table"]
