"""Drawing the Stupéfix table from one view: the middle (rewards, piles, urn), the seats, the wands, the
countdown, the reveal, the panels, and the English meaning of a French name under the pointer."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from tabletop.games.stupefix.cards import GLOSSARY, REWARDS, ROUNDS, SPELL_NAMES
from tabletop.games.stupefix.scoring import urn_value
from tabletop.games.stupefix.view import StupefixView
from tabletop.ui import theme
from tabletop.ui.assets import fit, scaled
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.stupefix import faces
from tabletop.ui.tables.stupefix.layout import SeatLayout
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.tables.stupefix.table import StupefixTable

ACTING = (250, 250, 250)  # the edge of a place whose player is to act (white: no house has it)
TERM_OF_KIND = {"stupefix": "Stupéfix", "rate": "Sort raté", "protego": "Protego"}


# --- geometry shared with the input code -----------------------------------------------------------------


def wand_direction(scene: StupefixTable, seat: int) -> tuple[float, float] | None:
    """Where ``seat``'s wand points now (a unit vector), or None when it is raised for Protego."""
    layout, view = scene.layout, shown_view(scene)
    spot = layout.seats[seat]
    ax, ay = spot.anchor
    for drag in scene.wand_drags.values():
        if drag.seat == seat:
            return _unit(drag.pos[0] - ax, drag.pos[1] - ay, spot.toward)
    reveal = scene.reveal
    if reveal is not None and reveal.casts[seat] == "protego" and reveal.progress() > 0:
        return None
    aiming = view.phase in ("target", "cast")  # after the spells, the wands rest until the next round
    target = view.targets[seat] if view.pointed[seat] and aiming else None
    if reveal is not None:
        lowered = reveal.casts[seat] in ("rate", "none")
        target = reveal.targets[seat] if not lowered or reveal.progress() == 0 else None
        if lowered and reveal.progress() > 0:
            return (spot.toward[0] * 0.4, 0.92)  # Sort raté (or no card at all): the wand goes down
    if target is not None:
        tx, ty = layout.seats[target].rect.center
        return _unit(tx - ax, ty - ay, spot.toward)
    return spot.toward


def _unit(dx: float, dy: float, fallback: tuple[float, float]) -> tuple[float, float]:
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 1 else fallback


def wand_segment(scene: StupefixTable, seat: int) -> tuple[tuple[float, float], tuple[float, float]]:
    spot = scene.layout.seats[seat]
    direction = wand_direction(scene, seat)
    ax, ay = spot.anchor
    length = scene.layout.wand_len
    if direction is None:  # Protego: upright in front of the crest
        cx, cy = spot.crest.center
        return (cx, cy + length * 0.45), (cx, cy - length * 0.45)
    start = (ax - direction[0] * px(14), ay - direction[1] * px(14))
    return start, (start[0] + direction[0] * length, start[1] + direction[1] * length)


def wand_grip(scene: StupefixTable, seat: int) -> tuple[int, int]:
    (x0, y0), (x1, y1) = wand_segment(scene, seat)
    return round(x0 + (x1 - x0) * 0.4), round(y0 + (y1 - y0) * 0.4)


def reward_spot(scene: StupefixTable, kind: str) -> tuple[int, int]:
    for rect, shown in scene.reward_hits:
        if shown == kind:
            return rect.center
    return scene.layout.row[4].center


def shown_view(scene: StupefixTable) -> StupefixView:
    """During the reveal, the table as it was while everyone decided; otherwise the current view."""
    return scene.reveal.before if scene.reveal is not None else scene.view


# --- the whole table ------------------------------------------------------------------------------------


def draw_table(scene: StupefixTable, surface: pygame.Surface) -> None:
    view = shown_view(scene)
    scene.glossary = []
    scene.reward_hits = []
    surface.blit(backdrop(surface.get_size()), (0, 0))
    _centre(scene, surface, view)
    for seat in range(view.players):
        _seat(scene, surface, view, seat)
    _aims(scene, surface, view)
    for seat in range(view.players):
        _wand(scene, surface, seat)
    _countdown(scene, surface)
    _reveal_effects(scene, surface, view)
    if scene.panel is not None and scene.reveal is None:
        scene.panel.draw(surface, scene.glossary)
    _flights(scene, surface)
    for button in scene.buttons:
        button.draw(surface)
    _toast(scene, surface)
    _message(scene, surface)
    term = scene.help_term()
    if term is not None:
        _help(scene, surface, term)


def instruction(scene: StupefixTable, view: StupefixView) -> tuple[str, tuple[int, int, int]]:
    session, names = scene.session, scene.names()
    result = session.match.result()
    if result is not None:
        return result.summary, theme.GOLD_LIGHT
    if scene.reveal is not None:
        return "Everyone casts at once!", theme.GOLD_LIGHT
    waiting = [names[s] for s in view.to_act]
    if view.phase == "prepare":
        if scene.panel is not None:
            return "Choose your spell card in secret.", theme.GOLD_LIGHT
        return f"Preparing spells: waiting for {', '.join(waiting)}.", theme.TEXT
    if view.phase == "target":
        live = scene.live
        people = [s for s in scene.humans if scene.can_point(s)]
        if people:
            who = " and ".join(names[s] for s in people) if len(people) < 4 else "Everyone"
            return f"{who}: drag your wand onto an adversary before three!", theme.GOLD_LIGHT
        if live is not None and live.current is not None and live.current not in scene.humans:
            return f"{names[live.current]} takes aim...", theme.TEXT
        return "Wands up!", theme.TEXT
    if view.phase == "cast":
        if scene.app.now < scene.observe_until:
            return "Look at the wands... the Chouchou counts again.", theme.GOLD_LIGHT
        if scene.panel is not None:
            return "Cast your spell, or Protego - in secret.", theme.GOLD_LIGHT
        return f"Casting: waiting for {', '.join(waiting)}.", theme.TEXT
    if view.phase == "draft":
        drafter = view.drafter()
        if view.tasks and view.tasks[-1][0] == "cours":
            if scene.panel is not None:
                return "Take your Stupéfix - in secret.", theme.GOLD_LIGHT
            return f"{names[view.tasks[-1][1]]} looks through the discard pile for a Stupéfix.", theme.GOLD_LIGHT
        if view.tasks:
            return f"{names[view.tasks[-1][1]]} chooses whose Retard token goes back.", theme.GOLD_LIGHT
        if drafter is not None and session.is_human(drafter):
            return f"{names[drafter]}: tap a reward to take it.", theme.GOLD_LIGHT
        if drafter is not None:
            return f"{names[drafter]} chooses a reward...", theme.TEXT
    return "", theme.TEXT


def _centre(scene: StupefixTable, surface: pygame.Surface, view: StupefixView) -> None:
    layout = scene.layout
    banner = layout.banner
    theme.panel(surface, banner, alpha=200, radius=px(8))
    text, colour = instruction(scene, view)
    label = theme.text(text, 18, colour, bold=True)
    if label.get_width() > banner.width - px(120):
        label = theme.text(text, 15, colour, bold=True)
    surface.blit(label, label.get_rect(midleft=(banner.left + px(10), banner.centery)))
    status = theme.text(f"Round {view.round} of {ROUNDS}", 15, theme.TEXT_DIM)
    surface.blit(status, status.get_rect(midright=(banner.right - px(10), banner.centery)))
    # The rewards beside Devenir le Chouchou.
    drafter = view.drafter()
    takeable = drafter is not None and scene.session.is_human(drafter) and not view.tasks and scene.reveal is None
    for index, rect in enumerate(layout.row):
        if index >= len(view.row):
            pygame.draw.rect(surface, (0, 0, 0), rect, max(1, px(2)), border_radius=px(8))
            continue
        kind = view.row[index]
        surface.blit(faces.reward_face(kind, rect.width), rect)
        scene.reward_hits.append((rect, kind))
        scene.glossary.append((rect, kind))
        if takeable:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(px(4), px(4)), px(2), border_radius=px(8))
    # Deck, discard pile, reserve and the urn.
    deck = layout.deck
    if view.deck_count:
        surface.blit(scaled("card_back", deck.size), deck)
    else:
        pygame.draw.rect(surface, (0, 0, 0), deck, max(1, px(2)), border_radius=px(6))
    caption = theme.text(f"Deck {view.deck_count}", 14, theme.TEXT_DIM, bold=True)
    surface.blit(caption, caption.get_rect(midtop=(deck.centerx, deck.bottom + px(2))))
    discard = layout.discard
    up_s, up_r = view.discard_up
    down = view.discard_down
    if up_s + up_r + down:
        top = "stupefix" if up_s else "rate"
        surface.blit(faces.spell_face(top, discard.width), discard)
        scene.glossary.append((discard, TERM_OF_KIND[top]))
    else:
        pygame.draw.rect(surface, (0, 0, 0), discard, max(1, px(2)), border_radius=px(6))
    lines = [f"Discard: {up_s} Stupéfix", f"{up_r} raté, {down} face down"]
    y = discard.bottom + px(2)
    for line in lines:
        text_surface = theme.text(line, 12, theme.TEXT_DIM, bold=True)
        surface.blit(text_surface, text_surface.get_rect(midtop=(discard.centerx, y)))
        y += text_surface.get_height()
    reserve = layout.reserve
    surface.blit(faces.retard_token(reserve.width), reserve)
    scene.glossary.append((reserve, "Retard"))
    _urn(scene, surface, view)


def _urn(scene: StupefixTable, surface: pygame.Surface, view: StupefixView) -> None:
    rect = scene.layout.urn
    theme.panel(surface, rect, colour=(44, 32, 24), edge=theme.GOLD, alpha=235, radius=px(10))
    scene.glossary.append((rect, "Urne"))
    urns = dict(view.urns)
    from tabletop.games.stupefix.cards import HOUSES

    width = rect.width // 4
    for index, house in enumerate(HOUSES):
        cell = pygame.Rect(rect.left + index * width, rect.top, width, rect.height)
        playing = house in urns
        colour = theme.house_colour(house)
        tube = pygame.Rect(cell.left + px(6), cell.top + px(6), cell.width - px(12), cell.height - px(12))
        pygame.draw.rect(surface, (24, 18, 14), tube, border_radius=px(8))
        if playing:
            points = urn_value(urns[house])
            pending = sum(sum(view.round_points[s]) for s in range(view.players) if view.houses[s] == house)
            fill = min(1.0, max(0.0, points / 600))
            level = pygame.Rect(
                tube.left, tube.bottom - round(tube.height * fill), tube.width, round(tube.height * fill)
            )
            pygame.draw.rect(surface, colour, level, border_radius=px(8))
            crest = fit(f"crests/{house.lower()}", px(26))
            surface.blit(crest, crest.get_rect(midtop=(tube.centerx, tube.top + px(3))))
            value = theme.text(str(points), 20, theme.TEXT, bold=True)
            surface.blit(value, value.get_rect(midbottom=(tube.centerx, tube.bottom - px(12))))
            if pending:
                extra = theme.text(f"+{pending}", 13, theme.GOLD_LIGHT, bold=True)
                surface.blit(extra, extra.get_rect(midbottom=(tube.centerx, tube.bottom - px(1))))
        else:
            off = theme.text("-", 20, theme.TEXT_DIM)
            surface.blit(off, off.get_rect(center=tube.center))
        pygame.draw.rect(surface, theme.house_trim(house) if playing else (60, 60, 60), tube, 1, border_radius=px(8))


_mats: dict[tuple, tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]] = {}


def _seat(scene: StupefixTable, surface: pygame.Surface, view: StupefixView, seat: int) -> None:
    """A seat's place mat, drawn once into a cached picture for as long as nothing on it changes."""
    spot = scene.layout.seats[seat]
    session, names = scene.session, scene.names()
    house = view.houses[seat]
    acting = seat in view.to_act and scene.reveal is None
    dragging = [d for d in scene.wand_drags.values()]
    lit = any(view.adversary(d.seat, seat) and scene.target_at(d.seat, d.pos) == seat for d in dragging)
    droppable = not lit and any(view.adversary(d.seat, seat) for d in dragging if view.phase == "target")
    standing = view.standing[seat]
    reveal = scene.reveal
    if reveal is not None and reveal.progress() >= 1 and (reveal.casts[seat] == "protego" or reveal.hits[seat]):
        standing = False
    secret = scene.secrets_of == seat and view.seat == seat
    if reveal is not None and reveal.progress() > 0 and reveal.casts[seat] != "none":
        slot: tuple = ("cast", reveal.casts[seat])
    elif view.prepared[seat]:
        slot = ("prepared", view.my_prepared if secret else None)
    else:
        slot = ("empty",)
    key = (
        theme.Scale.factor,
        spot.rect.size,
        house,
        names[seat],
        session.is_human(seat),
        "lit" if lit else "acting" if acting else "",
        droppable,
        standing,
        view.chouchou == seat,
        tuple(view.hand) if secret else view.hand_counts[seat],
        slot,
        view.retard[seat],
        view.potions[seat],
        view.faveurs[seat],
        sum(view.round_points[seat]),
        _badge(scene, view, seat),
    )
    cached = _mats.get(key)
    if cached is None:
        if len(_mats) > 300:
            _mats.clear()
        cached = _draw_mat(key, spot)
        _mats[key] = cached
    picture, terms = cached
    origin = spot.rect.topleft
    surface.blit(picture, origin)
    scene.glossary.extend((rect.move(origin), term) for rect, term in terms)


def _draw_mat(key: tuple, spot: SeatLayout) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    (
        _,
        size,
        house,
        name_text,
        human,
        edge_state,
        droppable,
        standing,
        chouchou,
        hand,
        slot,
        retard,
        potions,
        faveurs,
        points,
        badge,
    ) = key
    dx, dy = -spot.rect.left, -spot.rect.top
    local = SeatLayout(
        *(
            r.move(dx, dy) if isinstance(r, pygame.Rect) else r
            for r in (spot.rect, spot.crest, spot.name, spot.flag, spot.hand, spot.slot, spot.tokens)
        ),
        spot.anchor,
        spot.toward,
    )
    surface = pygame.Surface(size, pygame.SRCALPHA)
    terms: list[tuple[pygame.Rect, str]] = []
    rect = local.rect
    edge = {"lit": theme.TARGET, "acting": ACTING}.get(edge_state, theme.house_colour(house))
    theme.panel(surface, rect, colour=(30, 30, 40), edge=edge, alpha=225, edge_width=px(3) if edge_state else px(2))
    if droppable:
        surface.blit(theme.panel_surface(rect.size, theme.TARGET, theme.TARGET, px(12), 40, px(2)), rect.topleft)
    surface.blit(fit(f"crests/{house.lower()}", local.crest.height), local.crest)
    name = theme.text(name_text, 17, theme.TEXT, bold=True)
    if name.get_width() > local.name.width:
        name = theme.text(name_text, 14, theme.TEXT, bold=True)
    surface.blit(name, local.name.topleft)
    kind = "Player" if human else "Bot"
    sub = f"{house} - {kind}" if name_text != house else kind
    surface.blit(theme.text(sub, 12, theme.TEXT_DIM), (local.name.left, local.name.top + px(18)))
    surface.blit(faces.flag(house, standing, local.flag.size), local.flag)
    terms.append((local.flag, "Drapeau"))
    if chouchou:
        tile = faces.chouchou_tile(px(30))
        where = tile.get_rect(topright=(local.flag.left - px(2), local.flag.top))
        surface.blit(tile, where)
        terms.append((where, "Chouchou"))
    _hand(surface, local, hand, slot, terms)
    _tokens(surface, local, retard, potions, faveurs, points, terms)
    if badge:
        text, colour = badge
        label = theme.text(text, 12, theme.INK, bold=True)
        box = label.get_rect().inflate(px(10), px(4))
        box.bottomright = (rect.right - px(6), rect.bottom - px(4))
        pygame.draw.rect(surface, colour, box, border_radius=px(7))
        surface.blit(label, label.get_rect(center=box.center))
    return surface, terms


def _badge(scene: StupefixTable, view: StupefixView, seat: int) -> tuple[str, tuple[int, int, int]] | None:
    if scene.reveal is not None:
        return None
    if view.phase == "prepare":
        if not view.prepared[seat] and not view.hand_counts[seat]:
            return ("no spell card", (200, 150, 140))
        return ("ready", theme.GOOD) if view.prepared[seat] else ("preparing", theme.GOLD_LIGHT)
    if view.phase == "cast":
        return ("ready", theme.GOOD) if view.decided[seat] else ("deciding", theme.GOLD_LIGHT)
    if view.phase == "draft":
        chooser = view.tasks[-1][1] if view.tasks else view.drafter()
        if chooser == seat:
            return ("choosing", theme.HIGHLIGHT)
        if not view.standing[seat]:
            return ("flag down", (200, 150, 140))
    if view.phase == "target" and view.pointed[seat] and view.targets[seat] is None:
        return ("too late", (200, 150, 140))
    return None


def _hand(surface: pygame.Surface, spot: SeatLayout, hand, slot: tuple, terms: list) -> None:
    """Spell cards in hand: face up only when ``hand`` lists them (the screen shows this seat's secrets)."""
    area = spot.hand
    cards = list(hand) if isinstance(hand, tuple) else [None] * hand
    count = len(cards)
    card_w = round(area.height / 1.4)
    step = min(card_w + px(2), (area.width - card_w) // max(1, count - 1)) if count > 1 else 0
    for index, kind in enumerate(cards):
        rect = pygame.Rect(area.left + index * step, area.top, card_w, area.height)
        surface.blit(faces.spell_face(kind, card_w) if kind else faces.spell_back(card_w), rect)
        if kind:
            terms.append((rect, TERM_OF_KIND[kind]))
    # The prepared card, face down (turned over at the reveal).
    place = spot.slot
    if slot[0] == "cast":
        surface.blit(faces.spell_face(slot[1], place.width), place)
        terms.append((place, TERM_OF_KIND[slot[1]]))
    elif slot[0] == "prepared":
        own = slot[1]
        surface.blit(faces.spell_face(own, place.width) if own else faces.spell_back(place.width), place)
        if own:
            terms.append((place, TERM_OF_KIND[own]))
    else:
        pygame.draw.rect(surface, (0, 0, 0), place, 1, border_radius=px(4))


def _tokens(
    surface: pygame.Surface, spot: SeatLayout, retard: int, potions: int, faveurs: int, points: int, terms: list
) -> None:
    area = spot.tokens
    x, cy = area.left, area.top + area.height // 2
    size = min(px(24), area.height - px(4))
    entries = [
        ("Retard", faces.retard_token(size), retard),
        ("potion", fit(faces.REWARD_ART["potion"], size), potions),
        ("faveur", fit(faces.REWARD_ART["faveur"], size), faveurs),
    ]
    for term, icon, count in entries:
        rect = icon.get_rect(midleft=(x, cy))
        surface.blit(icon, rect)
        label = theme.text(f"x{count}", 14, theme.TEXT if count else theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.right + px(2), cy)))
        hit = rect.union(label.get_rect(midleft=(rect.right + px(2), cy)))
        terms.append((hit, term))
        x = hit.right + px(8)
    if points:
        label = theme.text(f"+{points}", 14, theme.GOLD_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midleft=(x, cy)))


def _aims(scene: StupefixTable, surface: pygame.Surface, view: StupefixView) -> None:
    """A thin line from each pointed wand's tip to its target's place."""
    reveal = scene.reveal
    for seat in range(view.players):
        target = view.targets[seat] if view.pointed[seat] and view.phase in ("target", "cast") else None
        if reveal is not None:
            if reveal.progress() > 0:
                continue  # the spells fly now: the bolts show the Stupéfix
            target = reveal.targets[seat]
        if target is None:
            continue
        (_, _), tip = wand_segment(scene, seat)
        end = scene.layout.seats[target].rect
        goal = (end.centerx, end.centery)
        colour = theme.house_trim(view.houses[seat])
        pygame.draw.line(surface, colour, tip, _toward(tip, goal, end), max(1, px(2)))
    for drag in scene.wand_drags.values():
        (_, _), tip = wand_segment(scene, drag.seat)
        pygame.draw.line(surface, theme.HIGHLIGHT, tip, drag.pos, max(1, px(2)))


def _toward(start: tuple[float, float], goal: tuple[int, int], rect: pygame.Rect) -> tuple[int, int]:
    """Where the line from ``start`` to ``goal`` meets ``rect``'s edge."""
    x, y = start
    gx, gy = goal
    for step in range(40, -1, -1):
        t = step / 40
        px_, py_ = x + (gx - x) * t, y + (gy - y) * t
        if not rect.collidepoint(px_, py_):
            return round(px_), round(py_)
    return round(gx), round(gy)


def _wand(scene: StupefixTable, surface: pygame.Surface, seat: int) -> None:
    start, end = wand_segment(scene, seat)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    sprite = faces.wand(scene.layout.wand_len, angle)
    centre = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
    if scene.can_point(seat) or scene.selected_wand == seat:
        pygame.draw.circle(surface, theme.HIGHLIGHT, (round(end[0]), round(end[1])), px(7), max(1, px(2)))
        grip = wand_grip(scene, seat)
        pygame.draw.circle(surface, theme.HIGHLIGHT, grip, px(26), max(1, px(2)))


def _countdown(scene: StupefixTable, surface: pygame.Surface) -> None:
    label = None
    progress = 0.0
    now = scene.app.now
    if scene.live is not None and scene.live.countdown is not None and scene.session.phase == "target":
        label = scene.live.countdown.label(now)
        progress = scene.live.countdown.progress(now)
    elif scene.reveal is not None and scene.reveal.counting() is not None:
        label = scene.reveal.counting()
        progress = scene.reveal.elapsed / max(0.01, scene.reveal.count)
    if label is None:
        return
    centre = scene.layout.centre
    where = (centre.centerx, scene.layout.row[0].centery)
    if len(label) > 3:
        text = theme.text(label, 30, theme.GOLD_LIGHT, bold=True)
        box = text.get_rect(center=where).inflate(px(30), px(18))
        theme.panel(surface, box, colour=(60, 20, 30), edge=theme.GOLD, alpha=235)
        surface.blit(text, text.get_rect(center=box.center))
        scene.glossary.append((box, "Sorcières, Sorciers, à vos baguettes !"))
        return
    radius = px(54)
    disc = theme.panel_surface((radius * 2, radius * 2), (60, 20, 30), theme.GOLD, radius, 225, px(3))
    surface.blit(disc, (where[0] - radius, where[1] - radius))
    arc = pygame.Rect(0, 0, radius * 2 - px(8), radius * 2 - px(8))
    arc.center = where
    pygame.draw.arc(surface, theme.HIGHLIGHT, arc, math.pi / 2, math.pi / 2 + 2 * math.pi * progress, px(5))
    text = theme.text(label, 64, theme.GOLD_LIGHT, bold=True)
    surface.blit(text, text.get_rect(center=where))


def _reveal_effects(scene: StupefixTable, surface: pygame.Surface, view: StupefixView) -> None:
    reveal = scene.reveal
    if reveal is None or reveal.progress() == 0:
        return
    t = reveal.progress()
    layout = scene.layout
    for seat, cast in enumerate(reveal.casts):
        spot = layout.seats[seat]
        if cast == "protego":
            shield = fit("stupefix/spell_protego", round(spot.rect.height * 0.9))
            shield.set_alpha(170)
            surface.blit(shield, shield.get_rect(center=spot.crest.center))
            shield.set_alpha(255)
            label = theme.text("Protego!", 16, (200, 230, 255), bold=True)
            surface.blit(label, label.get_rect(midbottom=(spot.rect.centerx, spot.rect.top - px(2))))
        elif cast == "stupefix" and reveal.targets[seat] is not None:
            (_, _), tip = wand_segment(scene, seat)
            target = layout.seats[reveal.targets[seat]].rect.center
            x = tip[0] + (target[0] - tip[0]) * min(1.0, t)
            y = tip[1] + (target[1] - tip[1]) * min(1.0, t)
            pygame.draw.line(surface, (255, 90, 60), tip, (x, y), px(4))
            bolt = fit("stupefix/spell_stupefix", px(34))
            surface.blit(bolt, bolt.get_rect(center=(round(x), round(y))))
            label = theme.text("Stupéfix!", 16, (255, 190, 170), bold=True)
            surface.blit(label, label.get_rect(midbottom=(spot.rect.centerx, spot.rect.top - px(2))))
    if t >= 1:
        for seat, hits in enumerate(reveal.hits):
            if hits and reveal.casts[seat] != "protego":
                rect = layout.seats[seat].rect
                label = theme.text(f"Stunned! +{hits} Retard", 15, (255, 200, 190), bold=True)
                box = label.get_rect(center=rect.center).inflate(px(12), px(6))
                theme.panel(surface, box, colour=(120, 20, 20), edge=theme.BAD, alpha=235, radius=px(8))
                surface.blit(label, label.get_rect(center=box.center))


def _flights(scene: StupefixTable, surface: pygame.Surface) -> None:
    for flight in scene.flights:
        if flight.elapsed < 0:
            continue
        image = faces.retard_token(px(22)) if flight.kind == "retard" else faces.reward_face(flight.kind, px(36))
        surface.blit(image, image.get_rect(center=flight.pos()))


def _toast(scene: StupefixTable, surface: pygame.Surface) -> None:
    toast = scene.toast
    if toast is None:
        return
    centre = scene.layout.centre
    lines = [toast.text, "   ".join(toast.lines)]
    rendered = [
        theme.text(line, 19 if i == 0 else 17, theme.GOLD_LIGHT if i == 0 else theme.TEXT, bold=True)
        for i, line in enumerate(lines)
    ]
    width = max(r.get_width() for r in rendered) + px(30)
    height = sum(r.get_height() for r in rendered) + px(20)
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (centre.centerx, centre.bottom - px(4))
    theme.panel(surface, box, colour=(40, 30, 20), edge=theme.GOLD, alpha=240)
    y = box.top + px(10)
    for r in rendered:
        surface.blit(r, r.get_rect(midtop=(box.centerx, y)))
        y += r.get_height()


def _message(scene: StupefixTable, surface: pygame.Surface) -> None:
    if not scene.message or scene.app.now > scene.message_until:
        return
    label = theme.text(scene.message, 17, theme.TEXT, bold=True)
    box = label.get_rect().inflate(px(26), px(14))
    box.midtop = (scene.layout.centre.centerx, scene.layout.banner.bottom + px(4))
    theme.panel(surface, box, colour=(70, 26, 22), edge=theme.BAD, alpha=240)
    surface.blit(label, label.get_rect(center=box.center))


def help_text(term: str) -> tuple[str, str]:
    """A French name and its English meaning (a reward kind or a word from the glossary)."""
    if term in REWARDS:
        reward = REWARDS[term]
        return reward.name, f"{reward.english}. {reward.text}"
    if term in SPELL_NAMES:
        term = SPELL_NAMES[term]
    return term, GLOSSARY.get(term, "")


def _help(scene: StupefixTable, surface: pygame.Surface, term: str) -> None:
    title, meaning = help_text(term)
    w, h = surface.get_size()
    width = px(320)
    lines = theme.wrap(meaning, 16, width - px(20))
    height = px(34) + len(lines) * round(theme.font_px(16) * 1.2) + px(10)
    pos = pygame.mouse.get_pos() if scene.long_press_term is None else scene.layout.centre.center
    box = pygame.Rect(pos[0] + px(18), pos[1] + px(18), width, height)
    box.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-px(10), -px(10)))
    theme.shadow(surface, box, px(10), offset=px(6), alpha=120)
    theme.panel(surface, box, colour=(250, 244, 226), edge=theme.GOLD, alpha=250)
    surface.blit(theme.text(title, 19, theme.INK, bold=True), (box.left + px(10), box.top + px(8)))
    y = box.top + px(34)
    for line in lines:
        surface.blit(theme.text(line, 16, (70, 56, 40)), (box.left + px(10), y))
        y += round(theme.font_px(16) * 1.2)
