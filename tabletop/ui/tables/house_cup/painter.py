"""Drawing the House Cup table from one seat's view. Every card and token is placed through the stage,
so anything that changes place glides there.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from tabletop.games.house_cup.cards import CARDS, DAYS, KINDS
from tabletop.games.house_cup.scoring import best_flywheel_set, quidditch_leaders, score_player
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tables.house_cup.cards import CATEGORY_COLOURS, DAY_ART, card_back, card_face, card_height
from tabletop.ui.tables.house_cup.tokens import choice_token, reward_token
from tabletop.ui.theme import px

if TYPE_CHECKING:
    from tabletop.ui.tables.house_cup.table import HouseCupTable

GROUP_ORDER = (
    "potions",
    "herbology",
    "creatures",
    "charms",
    "castle",
    "quidditch",
    "forward",
    "uniform",
    "history",
    "help_owlery",
    "help_firstyears",
    "help_hagrid",
    "help_uniforms",
    "help_nargles",
    "help_search",
    "elf",
    "earphones",
    "flywheel",
    "trouble",
    "letter",
    "hagrid",
    "cauldron",
    "divination",
)


def current_score(view, seat: int) -> int:
    leaders = quidditch_leaders(view.tableau, view.houses)
    cards = view.tableau[seat]
    house, rewards = view.houses[seat], view.rewards[seat]
    extra = view.flywheel_set if view.phase == "over" else None
    if extra is None and "flywheel-1" in cards:
        extra = best_flywheel_set(cards, rewards, house, leaders)
    return score_player(cards, rewards, house, leaders, extra).total


def face_at(card: str, width: int, drawn: pygame.Rect) -> pygame.Surface:
    """The card's face at its resting ``width``; while it moves at another size, a quick (unsmoothed) scale."""
    face = card_face(card, width)
    if face.get_size() == drawn.size:
        return face
    return pygame.transform.scale(face, drawn.size)


def groups(cards: tuple[str, ...]) -> list[list[str]]:
    by_kind: dict[str, list[str]] = {}
    for card in cards:
        by_kind.setdefault(CARDS[card].kind, []).append(card)
    return [by_kind[kind] for kind in GROUP_ORDER if kind in by_kind]


def draw_table(scene: HouseCupTable, surface: pygame.Surface) -> None:
    view, layout, stage = scene.view, scene.layout, scene.stage
    stage.begin_frame()
    scene.card_hits = []
    present: set = set()
    surface.blit(backdrop(surface.get_size()), (0, 0))

    _banner(scene, surface)
    dragged_value = scene.drag.item if scene.drag and scene.drag.kind == "token" else scene.selected_token
    legal_days = scene.legal_days(int(dragged_value)) if dragged_value is not None and scene.can_place() else []
    for day in range(5):
        _day_column(scene, surface, day, day in legal_days)
    _side(scene, surface)
    for seat in layout.opponents:
        _opponent(scene, surface, seat)
    _my_area(scene, surface, present)

    # Cards on the timetable.
    from tabletop.ui.tables.house_cup.table import stacked_rects

    taking_day = view.day if view.phase == "take" else None
    for day in range(5):
        rects = stacked_rects(layout.card_areas[day], view.days[day], layout.card_w)
        for card, rect in zip(view.days[day], rects, strict=True):
            key = ("card", card)
            if _dragged(scene, "card", card):
                present.add(key)
                continue
            drawn = stage.place(key, rect, spawn=rect.copy().move_to(center=layout.deck.center), stagger=0.09)
            present.add(key)
            scene.last_rects[key] = drawn
            surface.blit(face_at(card, rect.width, drawn), drawn)
            scene.card_hits.append((drawn, card))
            if taking_day == day and scene.can_take():
                pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(4), px(4)), px(2), border_radius=px(8))

    # Cards that went to another player, the discard pile or back into the deck glide there, then vanish.
    for seat, cards in enumerate(view.tableau):
        if seat == view.seat:
            continue
        target = layout.opponents[seat]
        small = pygame.Rect(0, 0, px(34), card_height(px(34)))
        small.center = target.center
        for card in cards:
            _fly_away(scene, surface, present, card, small)
    discard_top = view.discard[-1] if view.discard else None
    for card in view.discard:
        if card != discard_top:
            _fly_away(scene, surface, present, card, layout.discard)
    if discard_top is not None:
        key = ("card", discard_top)
        drawn = stage.place(key, layout.discard, spawn=layout.deck)
        present.add(key)
        surface.blit(face_at(discard_top, layout.discard.width, drawn), drawn)
        scene.card_hits.append((drawn, discard_top))
    for key in list(stage.motions):
        if key not in present and key[0] == "card" and stage.moving(key):
            present.add(key)

    _tokens(scene, surface, present)
    _flights(scene, surface)
    _dragged_item(scene, surface)
    stage.keep_only(present)

    if scene.panel is not None:
        scene.panel.draw(surface)
    zoom = scene.zoomed()
    if zoom is not None:
        _zoom(scene, surface, zoom)
    _message(scene, surface)


def _dragged(scene: HouseCupTable, kind: str, item) -> bool:
    if scene.drag is not None and scene.drag.kind == kind and scene.drag.item == item:
        return True
    return scene.toss is not None and scene.toss[1] == kind and scene.toss[2] == item


def _fly_away(scene: HouseCupTable, surface: pygame.Surface, present: set, card: str, target: pygame.Rect) -> None:
    key = ("card", card)
    if key not in scene.stage.motions:
        return  # it was never on screen: nothing to show
    drawn = scene.stage.place(key, target)
    present.add(key)
    if scene.stage.moving(key):
        surface.blit(face_at(card, max(drawn.width, 40), drawn), drawn)


def _banner(scene: HouseCupTable, surface: pygame.Surface) -> None:
    view, rect = scene.view, scene.layout.banner
    theme.panel(surface, rect, alpha=225)
    text, colour = instruction(scene)
    label = theme.text(text, 21, colour, bold=True)
    if label.get_width() > rect.width - px(160):
        label = theme.text(text, 17, colour, bold=True)
    surface.blit(label, label.get_rect(midleft=(rect.left + px(14), rect.centery)))
    status = theme.text(f"Round {view.round} of {view.rounds}", 17, theme.TEXT_DIM)
    surface.blit(status, status.get_rect(midright=(rect.right - px(14), rect.centery)))


def instruction(scene: HouseCupTable) -> tuple[str, tuple[int, int, int]]:
    view, session = scene.view, scene.session
    names = session.names()
    if session.match.result() is not None:
        return session.match.result().summary, theme.GOLD_LIGHT
    if scene.panel is not None:
        return "Make your choice in the panel.", theme.GOLD_LIGHT
    if not view.to_act:
        return "", theme.TEXT
    actor = view.to_act[0]
    if not scene.my_turn():
        if session.bot_thinking is not None:
            return f"{names[session.bot_thinking]} is thinking...", theme.TEXT
        if view.tasks:
            return f"Waiting for {names[actor]} to choose...", theme.TEXT
        verb = "place a token" if view.phase == "place" else f"take cards from {DAYS[view.day]}"
        return f"{names[actor]} will {verb}.", theme.TEXT
    if view.phase == "place":
        placed = 3 - len(view.held[view.seat] or ())
        return (
            f"{names[view.seat]}: drag a token under a day (your token {placed + 1} of 3) "
            "- or tap a token, then a day.",
            theme.GOLD_LIGHT,
        )
    more = "more " if view.taken else ""
    plural = "s" if view.take_left > 1 else ""
    return (
        f"{names[view.seat]}: take {view.take_left} {more}card{plural} from {DAYS[view.day]} "
        "(tap, or drag to your cards).",
        theme.GOLD_LIGHT,
    )


def _day_column(scene: HouseCupTable, surface: pygame.Surface, day: int, lit: bool) -> None:
    layout, view = scene.layout, scene.view
    column = layout.columns[day]
    active = view.phase == "take" and view.day == day
    done = view.phase == "take" and day < view.day
    colour = (60, 54, 30) if active else (20, 24, 30)
    theme.panel(
        surface,
        column,
        colour=colour,
        edge=theme.GOLD if active else (60, 66, 70),
        alpha=120 if not done else 70,
        radius=px(10),
        edge_width=px(2) if active else 1,
    )
    if lit:
        glow = theme.panel_surface(column.size, theme.TARGET, theme.TARGET, px(10), 60, px(3))
        surface.blit(glow, column.topleft)
    header = layout.headers[day]
    theme.panel(surface, header, colour=theme.PARCHMENT_DARK, edge=theme.GOLD, alpha=250, radius=px(8))
    icon = fit(DAY_ART[day], header.height - px(8))
    surface.blit(icon, icon.get_rect(midleft=(header.left + px(6), header.centery)))
    name = theme.text(DAYS[day], 19, theme.INK, bold=True)
    surface.blit(name, name.get_rect(midleft=(header.left + px(10) + icon.get_width(), header.centery)))


def _token_slots(area: pygame.Rect, count: int, radius: int) -> list[tuple[int, int]]:
    per_row = max(1, area.width // (radius * 2 + px(4)))
    step = radius * 2 + px(4)
    rows_needed = (count + per_row - 1) // per_row
    row_step = min(step, (area.height - radius * 2) // max(1, rows_needed - 1)) if rows_needed > 1 else step
    slots = []
    for index in range(count):
        row, col = divmod(index, per_row)
        x = area.left + radius + px(2) + col * step
        y = area.top + radius + px(2) + row * row_step
        slots.append((x, y))
    return slots


def _tokens(scene: HouseCupTable, surface: pygame.Surface, present: set) -> None:
    view, layout, stage = scene.view, scene.layout, scene.stage
    r = layout.token_r
    for day, stack in enumerate(view.under):
        slots = _token_slots(layout.token_areas[day], len(stack), r)
        seen: Counter = Counter()
        for token, (x, y) in zip(stack, slots, strict=True):
            index = seen[token.seat]
            seen[token.seat] += 1
            key = ("placed", token.seat, day, index)
            rect = pygame.Rect(x - r - 3, y - r - 3, r * 2 + 6, r * 2 + 6)
            spawn = _token_spawn(scene, token.seat, token.value)
            drawn = stage.place(key, rect, spawn=spawn, duration=0.4)
            present.add(key)
            if token.value is not None:
                scene.last_rects[("token", token.seat, token.value)] = drawn
            image = choice_token(
                view.houses[token.seat], token.value if (token.revealed or token.seat == view.seat) else None, r
            )
            flip = scene.flips.get(day)
            if flip is not None and token.revealed:
                squeeze = abs(1 - 2 * min(1.0, flip / 0.4))
                image = pygame.transform.scale(image, (max(2, round(image.get_width() * squeeze)), image.get_height()))
                if flip < 0.2:
                    image = choice_token(view.houses[token.seat], None, r)
                    image = pygame.transform.scale(
                        image, (max(2, round(image.get_width() * squeeze)), image.get_height())
                    )
            surface.blit(image, image.get_rect(center=drawn.center))
            if (
                token.revealed
                and view.phase == "take"
                and day == view.day
                and view.to_act
                and token.seat == view.to_act[0]
                and index == 0
            ):
                pygame.draw.circle(surface, theme.HIGHLIGHT, drawn.center, r + px(3), px(2))
    # The viewer's own held tokens, big enough to grab with a finger.
    held = view.held[view.seat] or ()
    area = layout.my_tokens
    big = layout.big_token_r
    label = theme.text("Your tokens", 16, theme.TEXT_DIM)
    surface.blit(label, (area.left, area.top))
    for index, value in enumerate((1, 2, 3)):
        cx = area.left + big + px(4) + index * (big * 2 + px(14))
        cy = area.top + label.get_height() + big + px(2)
        key = ("held", view.seat, value)
        home = pygame.Rect(cx - big - 3, cy - big - 3, big * 2 + 6, big * 2 + 6)
        if value not in held:
            pygame.draw.circle(surface, (0, 0, 0), (cx, cy), big, max(1, px(2)))
            continue
        present.add(key)
        if _dragged(scene, "token", value):
            continue
        drawn = stage.place(key, home, spawn=scene.last_rects.get(("token", view.seat, value)), duration=0.4)
        scene.last_rects[key] = drawn
        lifted = scene.selected_token == value and scene.can_place()
        image = choice_token(view.houses[view.seat], value, big, lifted=lifted)
        surface.blit(image, image.get_rect(center=(drawn.centerx, drawn.centery - (px(6) if lifted else 0))))


def _token_spawn(scene: HouseCupTable, seat: int, value: int | None) -> pygame.Rect | None:
    if value is not None:
        dropped = scene.last_rects.pop(("drop", seat, value), None)
        if dropped is not None:
            return dropped
        known = scene.last_rects.get(("held", seat, value))
        if known is not None and seat == scene.view.seat:
            return known
    panel = scene.layout.opponents.get(seat)
    if panel is not None:
        return pygame.Rect(panel.left + px(20), panel.top + px(50), px(30), px(30))
    return None


def _side(scene: HouseCupTable, surface: pygame.Surface) -> None:
    view, layout = scene.view, scene.layout
    theme.panel(surface, layout.side, alpha=200)
    for rect, label in ((layout.deck, f"Deck {view.deck_count}"), (layout.discard, f"Discard {len(view.discard)}")):
        caption = theme.text(label, 16, theme.TEXT_DIM, bold=True)
        surface.blit(caption, caption.get_rect(midbottom=(rect.centerx, rect.top - px(3))))
        pygame.draw.rect(surface, (0, 0, 0), rect, max(1, px(2)), border_radius=px(8))
    if view.deck_count:
        for offset in range(min(3, view.deck_count // 10 + 1)):
            surface.blit(card_back(layout.deck.width), layout.deck.move(-offset * 2, -offset * 2))
    supply = layout.supply
    caption = theme.text(f"Reward tokens {view.supply}", 16, theme.TEXT_DIM, bold=True)
    surface.blit(caption, caption.get_rect(midbottom=(supply.centerx, supply.top - px(2))))
    tray = supply.inflate(px(4), 0)
    pygame.draw.polygon(
        surface,
        (40, 30, 22),
        [
            tray.topleft,
            tray.topright,
            (tray.right, round(tray.bottom - tray.height * 0.28)),
            (tray.centerx, tray.bottom),
            (tray.left, round(tray.bottom - tray.height * 0.28)),
        ],
    )
    _pile(surface, scene.supply_pile, px(8), layout.side)
    # The last things that happened, newest at the bottom.
    area = layout.recent
    if area.height > px(30):
        step = round(theme.font_px(14) * 1.1)
        y = area.bottom
        for lines in reversed(scene.recent_wrapped(area.width)):
            block = step * len(lines)
            if y - block < area.top:
                break
            y -= block
            for index, text_line in enumerate(lines):
                surface.blit(theme.text(text_line, 14, theme.TEXT_DIM), (area.left, y + index * step))
            y -= px(4)
    for button in scene.buttons:
        button.draw(surface)


def _pile(surface: pygame.Surface, pile, radius: int, clip_to: pygame.Rect) -> None:
    """Reward tokens where the physics left them, kept inside their panel."""
    token = reward_token(radius)
    clip = surface.get_clip()
    surface.set_clip(clip_to)
    for x, y, _angle in pile.positions():
        surface.blit(token, token.get_rect(center=(round(x), round(y))))
    surface.set_clip(clip)


def _opponent(scene: HouseCupTable, surface: pygame.Surface, seat: int) -> None:
    view, session = scene.view, scene.session
    rect = scene.layout.opponents[seat]
    house = view.houses[seat]
    acting = seat in view.to_act
    theme.panel(
        surface,
        rect,
        colour=(30, 32, 40),
        edge=theme.HIGHLIGHT if acting else theme.house_colour(house),
        alpha=220,
        edge_width=px(3) if acting else px(2),
    )
    crest = fit(f"crests/{house.lower()}", px(40))
    surface.blit(crest, (rect.left + px(8), rect.top + px(8)))
    name = theme.text(session.name(seat), 19, theme.TEXT, bold=True)
    surface.blit(name, (rect.left + px(54), rect.top + px(8)))
    kind = "Bot" if not session.is_human(seat) else "Player"
    sub = f"{house} - {kind}" if session.name(seat) != house else kind
    surface.blit(theme.text(sub, 14, theme.TEXT_DIM), (rect.left + px(54), rect.top + px(28)))
    score = theme.text(f"{scene.scores[seat]} pts", 17, theme.GOLD_LIGHT, bold=True)
    surface.blit(score, score.get_rect(topright=(rect.right - px(10), rect.top + px(10))))
    if seat == view.first:
        hat = fit("hat", px(30))
        surface.blit(hat, hat.get_rect(topright=(rect.right - px(10), rect.top + px(30))))
    y = rect.top + px(54)
    held = view.held[seat]
    r = px(10)
    for index in range(view.held_count[seat]):
        value = held[index] if held is not None else None
        image = choice_token(house, value, r)
        surface.blit(image, image.get_rect(center=(rect.left + px(18) + index * px(24), y + r)))
    reward = reward_token(px(10))
    x = rect.left + px(18) + 3 * px(24) + px(6)
    surface.blit(reward, reward.get_rect(center=(x, y + r)))
    surface.blit(theme.text(f"x{view.rewards[seat]}", 16, theme.TEXT, bold=True), (x + px(14), y + r - px(8)))
    cards = theme.text(f"{len(view.tableau[seat])} cards", 15, theme.TEXT_DIM)
    surface.blit(cards, cards.get_rect(topright=(rect.right - px(10), y + px(2))))
    if session.bot_thinking == seat:
        dots = "." * (1 + int(scene.app.now * 3) % 3)
        surface.blit(theme.text(f"thinking{dots}", 14, theme.HIGHLIGHT), (rect.left + px(54), y + px(22)))
    elif acting:
        badge = theme.text("their turn", 14, theme.INK, bold=True)
        spot = badge.get_rect().inflate(px(12), px(4))
        spot.topleft = (rect.left + px(54), y + px(20))
        pygame.draw.rect(surface, theme.HIGHLIGHT, spot, border_radius=px(8))
        surface.blit(badge, badge.get_rect(center=spot.center))
    _chips(
        surface,
        view.tableau[seat],
        pygame.Rect(rect.left + px(8), y + px(40), rect.width - px(16), rect.bottom - y - px(46)),
    )


def _chips(surface: pygame.Surface, cards: tuple[str, ...], area: pygame.Rect) -> None:
    x, y = area.left, area.top
    height = px(22)
    for group in groups(cards):
        kind = KINDS[CARDS[group[0]].kind]
        label = (
            kind.name
            if kind.id
            not in ("help_owlery", "help_firstyears", "help_hagrid", "help_uniforms", "help_nargles", "help_search")
            else kind.name.replace("Help ", "H. ")
        )
        if kind.id in ("forward", "uniform", "castle"):
            label = {"forward": "Forward", "uniform": "Uniform", "castle": "Castle"}[kind.id]
        text = theme.text(f"{label} {len(group)}" if len(group) > 1 else label, 13, (255, 250, 240), bold=True)
        width = text.get_width() + px(12)
        if x + width > area.right:
            x = area.left
            y += height + px(4)
        if y + height > area.bottom:
            more = theme.text("...", 14, theme.TEXT_DIM, bold=True)
            surface.blit(more, (x, y - height))
            return
        pygame.draw.rect(surface, CATEGORY_COLOURS[kind.category], (x, y, width, height), border_radius=px(6))
        surface.blit(text, text.get_rect(center=(x + width // 2, y + height // 2)))
        x += width + px(4)


def _my_area(scene: HouseCupTable, surface: pygame.Surface, present: set) -> None:
    view, layout, session, stage = scene.view, scene.layout, scene.session, scene.stage
    seat = view.seat
    house = view.houses[seat]
    acting = seat in view.to_act and scene.my_turn()
    theme.panel(
        surface,
        layout.me,
        colour=(30, 32, 40),
        edge=theme.HIGHLIGHT if acting else theme.house_colour(house),
        alpha=215,
        edge_width=px(3) if acting else px(2),
    )
    header = layout.me_header
    crest = fit(f"crests/{house.lower()}", px(40))
    surface.blit(crest, (header.left, header.top))
    surface.blit(theme.text(session.name(seat), 22, theme.TEXT, bold=True), (header.left + px(48), header.top))
    surface.blit(
        theme.text(f"{scene.scores[seat]} points now", 15, theme.GOLD_LIGHT),
        (header.left + px(48), header.top + px(22)),
    )
    if seat == view.first:
        hat = fit("hat", px(36))
        surface.blit(hat, hat.get_rect(topright=(header.right, header.top)))
    rewards = layout.my_rewards
    label = theme.text(f"Reward tokens x{view.rewards[seat]}", 15, theme.TEXT_DIM)
    surface.blit(label, (rewards.left, rewards.top))
    _pile(surface, scene.my_pile, px(11), layout.me)
    # Cards, sorted into sets.
    area = layout.my_cards
    caption = theme.text(f"Your cards ({len(view.tableau[seat])})", 16, theme.TEXT_DIM, bold=True)
    surface.blit(caption, (area.left, layout.me.top + px(10)))
    card_groups = groups(view.tableau[seat])
    if not card_groups:
        empty = theme.text("No cards yet. The cards you take will gather here, sorted into sets.", 16, theme.TEXT_DIM)
        surface.blit(empty, empty.get_rect(center=area.center))
        return
    width = layout.mini_w
    strip = max(px(16), round(width * 0.2))
    step = min(width + px(8), (area.width - width) // max(1, len(card_groups) - 1)) if len(card_groups) > 1 else 0
    for index, group in enumerate(card_groups):
        x = area.left + index * step
        gstep = min(strip, (area.height - card_height(width)) // max(1, len(group) - 1)) if len(group) > 1 else 0
        for depth, card in enumerate(group):
            rect = pygame.Rect(x, area.top + depth * gstep, width, card_height(width))
            key = ("card", card)
            drawn = stage.place(key, rect, spawn=scene.last_rects.get(key, layout.deck))
            present.add(key)
            scene.last_rects[key] = drawn
            surface.blit(face_at(card, width, drawn), drawn)
            scene.card_hits.append((drawn, card))
        if len(group) > 1:
            badge = theme.text(f"x{len(group)}", 16, theme.INK, bold=True)
            spot = pygame.Rect(0, 0, badge.get_width() + px(10), badge.get_height() + px(2))
            spot.bottomright = (x + width - px(2), area.top + (len(group) - 1) * gstep + card_height(width) - px(2))
            pygame.draw.rect(surface, theme.GOLD_LIGHT, spot, border_radius=px(8))
            surface.blit(badge, badge.get_rect(center=spot.center))


def _flights(scene: HouseCupTable, surface: pygame.Surface) -> None:
    token = reward_token(px(12))
    for flight in scene.flights:
        if flight.elapsed >= 0:
            surface.blit(token, token.get_rect(center=flight.pos()))


def _dragged_item(scene: HouseCupTable, surface: pygame.Surface) -> None:
    view = scene.view
    if scene.drag is not None:
        drag = scene.drag
        rect = pygame.Rect(drag.pos[0] - drag.grab[0], drag.pos[1] - drag.grab[1], *drag.size)
        theme.shadow(surface, rect, px(10), offset=px(10), alpha=80)
        if drag.kind == "token":
            image = choice_token(view.houses[view.seat], int(drag.item), scene.layout.big_token_r, lifted=True)
            surface.blit(image, image.get_rect(center=rect.center))
        else:
            surface.blit(card_face(str(drag.item), rect.width), rect)
    if scene.toss is not None:
        toss, kind, item, size = scene.toss
        rect = pygame.Rect(0, 0, *size)
        rect.center = toss.position
        if kind == "token":
            image = choice_token(view.houses[view.seat], int(item), scene.layout.big_token_r)
            surface.blit(image, image.get_rect(center=rect.center))
            scene.last_rects[("held", view.seat, item)] = rect
        else:
            surface.blit(card_face(str(item), rect.width), rect)
            scene.last_rects[("card", item)] = rect


def _zoom(scene: HouseCupTable, surface: pygame.Surface, card: str) -> None:
    w, h = surface.get_size()
    width = min(px(300), round(h * 0.62 / 1.4))
    face = card_face(card, width)
    rect = face.get_rect()
    pos = pygame.mouse.get_pos() if scene.long_press_card is None else (w // 2, h // 2)
    rect.midleft = (pos[0] + px(30), pos[1])
    if rect.right > w - px(10):
        rect.midright = (pos[0] - px(30), pos[1])
    rect.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-px(20), -px(20)))
    theme.shadow(surface, rect, px(14), offset=px(10), alpha=120)
    surface.blit(face, rect)


def _message(scene: HouseCupTable, surface: pygame.Surface) -> None:
    if not scene.message or scene.app.now > scene.message_until:
        return
    w, h = surface.get_size()
    label = theme.text(scene.message, 19, theme.TEXT, bold=True)
    box = label.get_rect().inflate(px(30), px(16))
    box.midbottom = (w // 2, scene.layout.me.top - px(12))
    if scene.message_error:
        theme.panel(surface, box, colour=(70, 26, 22), edge=theme.BAD, alpha=240)
    else:
        theme.panel(surface, box, colour=(30, 36, 48), edge=theme.GOLD, alpha=240)
    surface.blit(label, label.get_rect(center=box.center))
