"""Drawing the House Cup table from one seat's view (a ``Look``); returns what the pointer can touch.

Every card and token is placed through the stage, so anything that changes place glides there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.games.house_cup.cards import CARDS, DAYS, KINDS, house_name
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import ngettext
from tabletop.games.house_cup.view import HouseCupView
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.keyboard import ring_outset
from tabletop.ui.physics import TokenPile, Toss
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import Panel, felt, rect_key
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.sprites.motion import Drag, Flight
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.house_cup.cards import (
    CATEGORY_COLOURS,
    DAY_ART,
    alike,
    art_bottom,
    card_back,
    card_face,
    card_height,
    category_pattern,
    groups,
    stacks,
)
from tabletop.ui.tables.house_cup.layout import (
    HELD_TOKENS_LABEL,
    MY_CARDS_LABEL,
    MY_NAME_SIZE,
    MY_SCORE_SIZE,
    PILE_LABEL,
    Layout,
    held_tokens_top,
    my_score_top,
    score_hit,
    score_reach,
    stacked_rects,
    token_slots,
)
from tabletop.ui.tables.house_cup.scores import key as score_key
from tabletop.ui.tables.house_cup.tokens import choice_token, house_letter, reward_token
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, fitting_label, prompt_label

Colour = tuple[int, int, int]
# The names of a few kinds on the small chips of a player's cards (the others: the kind's own name).
SHORT_NAMES = {
    "forward": N_("Forward"),
    "uniform": N_("Uniform"),
    "castle": N_("Castle"),
    "help_owlery": N_("H. Owlery"),
    "help_firstyears": N_("H. First-Years"),
    "help_hagrid": N_("H. Hagrid"),
    "help_uniforms": N_("H. Uniforms"),
    "help_nargles": N_("H. Nargles"),
    "help_search": N_("H. Search"),
}


# Each Castle card by a word of its title (the cards' A, B and C are printed nowhere a player can read them).
CASTLE_CHIPS = {"A": N_("Staircases"), "B": N_("Corridor"), "C": N_("Room")}


def castle_order(card: str) -> str:
    return CARDS[card].variant


PIXIE_CHIP = N_("Pixies")  # the Pixie's Trouble, in a chip of its own (it costs nothing at the end)

# The kinds whose chips name the house of each card, by its letter (as on the tokens).
HOUSE_CHIPS = frozenset({"forward", "uniform"})


@dataclass(frozen=True)
class Tossed:
    """A token or card let go away from any target: it slides, settles, then glides home."""

    toss: Toss
    kind: str
    item: Hashable
    size: tuple[int, int]


@dataclass(frozen=True)
class Look:
    """Everything one frame of the table shows, as the table sees it now."""

    view: HouseCupView
    layout: Layout
    names: Sequence[str]
    humans: frozenset[int]
    controllers: Sequence[str]  # who plays each seat: "human" or a bot's id ("easy", "hard", ...)
    scores: Sequence[int]
    prompt: tuple[str, Colour]
    shorter_prompt: str  # the prompt in fewer words, drawn where it would be squeezed ("": none)
    my_turn: bool
    can_take: bool
    bot_thinking: int | None
    drag: Drag | None
    lifted_token: int | None  # the held token a tap has selected (drawn raised)
    lit_days: tuple[int, ...]  # the days where the dragged or selected token may go
    aimed_day: int | None  # the one a dragged token would go to, let go now
    tossed: Tossed | None
    flights: Sequence[Flight]
    flips: Mapping[tuple[int, int], float]  # (day, token) turning over, and for how long (< 0: not yet)
    supply_pile: TokenPile
    my_pile: TokenPile
    spawns: Mapping[Hashable, pygame.Rect]  # where a token just dropped by hand starts its glide
    recent: Sequence[Sequence[str]]
    bar: Sequence[Button]
    now: float
    score_changes: Sequence[Flight] = ()  # a score's change rising from it: item (text, colour)
    handing_to: int | None = None  # the person the screen passes to once the last move has been shown
    waiting: frozenset[str] = frozenset()  # cards whose move waits its turn: drawn where they were
    resting: Mapping[str, int] = field(default_factory=dict)  # waiting cards meanwhile with a house: card -> seat


def face_at(card: str, width: int, drawn: pygame.Rect, box: tuple[str, ...]) -> pygame.Surface:
    """The card's face at its resting ``width``; while it moves at another size, a quick (unsmoothed) scale."""
    face = card_face(card, width, box)
    if face.get_size() == drawn.size:
        return face
    return pygame.transform.scale(face, drawn.size)


def paint(look: Look, surface: pygame.Surface, stage: Stage) -> HitMap:
    layout = look.layout
    hits = HitMap()
    stage.begin_frame()
    present: set[Hashable] = set()
    surface.blit(felt(surface.get_size(), _panels(look)), (0, 0))
    _banner(look, surface)
    for day in range(5):
        _day_column(look, surface, day)
        hits.add("day", day, layout.columns[day])
    _side(look, surface)
    hits.add("discard", None, layout.discard)
    for seat in layout.opponents:
        hits.add("seat", seat, layout.opponents[seat])
        _opponent(look, surface, seat, hits)
    hits.add("my_cards", None, layout.my_cards)
    _my_area(look, surface, stage, present, hits)
    _timetable(look, surface, stage, present, hits)
    _cards_leaving(look, surface, stage, present, hits)
    _waiting(look, surface, stage, present, hits)
    _tokens(look, surface, stage, present, hits)
    token = reward_token(px(12))
    for flight in look.flights:
        if flight.started:
            surface.blit(token, token.get_rect(center=flight.pos()))
    for flight in look.score_changes:  # a score that moved: by how much, rising from it
        if not flight.started:
            continue
        assert isinstance(flight.item, tuple)
        label = theme.text(flight.item[0], 22, flight.item[1], bold=True)
        label.set_alpha(max(0, 255 - round(255 * flight.elapsed / max(flight.duration, 0.01))))
        surface.blit(label, label.get_rect(center=flight.pos()))
        label.set_alpha(255)
    _carried(look, surface, stage)
    stage.keep_only(present)
    return hits


def _waiting(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    """Cards whose move waits its turn, where they were (a card dealt but not yet come is not drawn), but for one
    resting with a house (drawn with its cards)."""
    for card in look.waiting - look.resting.keys():
        key = ("card", card)
        rect = stage.rect_of(key)
        if rect is not None:
            present.add(key)
            surface.blit(face_at(card, rect.width, rect, look.view.box), rect)
            hits.add("card", card, rect)


def _carried(look: Look, surface: pygame.Surface, stage: Stage) -> None:
    """What a hand carries, or what it let go of sliding away."""
    view = look.view
    if look.drag is not None:
        rect = look.drag.rect()
        theme.shadow(surface, rect, px(10), offset=px(10), alpha=80)
        _item(look, surface, look.drag.kind, look.drag.item, rect, lifted=True)
    if look.tossed is not None:
        rect = pygame.Rect(0, 0, *look.tossed.size)
        rect.center = look.tossed.toss.position
        _item(look, surface, look.tossed.kind, look.tossed.item, rect, lifted=False)
        key = ("held", view.seat, look.tossed.item) if look.tossed.kind == "token" else ("card", look.tossed.item)
        stage.note(key, rect)  # it glides home from where it came to rest


def _item(look: Look, surface: pygame.Surface, kind: str, item: Hashable, rect: pygame.Rect, lifted: bool) -> None:
    if kind == "token":
        assert isinstance(item, int)
        image = choice_token(look.view.houses[look.view.seat], item, look.layout.big_token_r, lifted=lifted)
        surface.blit(image, image.get_rect(center=rect.center))
    else:
        surface.blit(card_face(str(item), rect.width, look.view.box), rect)


def _in_hand(look: Look, kind: str, item: Hashable) -> bool:
    """Whether ``item`` is being carried or slid (so it is not drawn in its place)."""
    if look.drag is not None and look.drag.kind == kind and look.drag.item == item:
        return True
    return look.tossed is not None and look.tossed.kind == kind and look.tossed.item == item


def _timetable(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    view, layout = look.view, look.layout
    taking_day = view.day if view.phase == "take" else None
    for day in range(5):
        rects = stacked_rects(layout.card_areas[day], len(view.days[day]), layout.card_w, layout.spread)
        for card, rect in zip(view.days[day], rects, strict=True):
            key = ("card", card)
            present.add(key)
            if _in_hand(look, "card", card) or card in look.waiting:
                continue
            spawn = stage.seen.get(key) or rect.copy().move_to(center=layout.deck.center)
            drawn = stage.note(key, stage.place(key, rect, spawn=spawn, stagger=0.09))
            surface.blit(face_at(card, rect.width, drawn, look.view.box), drawn)
            hits.add("card", card, drawn)
            if taking_day == day and look.can_take:
                pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(4), px(4)), px(2), border_radius=px(8))


def _cards_leaving(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    """Cards that went to another player, the discard pile or back into the deck glide there, then vanish; a card
    another player drew comes from the deck."""
    view, layout = look.view, look.layout
    for seat, cards in enumerate(view.tableau):
        if seat == view.seat:
            continue
        small = pygame.Rect(0, 0, px(34), card_height(px(34)))
        small.center = layout.opponents[seat].center
        for card in cards:
            if card not in look.waiting:  # (one never on screen came from the deck: a Divination's draw)
                _fly_away(look, surface, stage, present, card, small, spawn=layout.deck)
        for card, resting_with in look.resting.items():  # (a Divination taken, before it goes back into the deck)
            if resting_with == seat:
                _fly_away(look, surface, stage, present, card, small)
    top = view.discard[-1] if view.discard else None
    for card in view.discard[:-1]:
        if card not in look.waiting:
            _fly_away(look, surface, stage, present, card, layout.discard)
    if top is not None and top not in look.waiting:
        key = ("card", top)
        drawn = stage.place(key, layout.discard, spawn=layout.deck)
        present.add(key)
        surface.blit(face_at(top, layout.discard.width, drawn, look.view.box), drawn)
        hits.add("card", top, drawn)
    for moving in list(stage.motions):  # in no pile any more: back into the deck (a Divination taken, then shuffled)
        gone = moving[1] if isinstance(moving, tuple) and moving[0] == "card" else None
        if moving not in present and gone is not None and gone not in look.waiting:
            _fly_away(look, surface, stage, present, str(gone), layout.deck)


def _fly_away(
    look: Look,
    surface: pygame.Surface,
    stage: Stage,
    present: set[Hashable],
    card: str,
    target: pygame.Rect,
    spawn: pygame.Rect | None = None,
) -> None:
    """``card`` glides to ``target`` (from ``spawn`` if it was not on screen), drawn while it moves."""
    key = ("card", card)
    if key not in stage.motions and spawn is None:
        return  # it was never on screen: nothing to show
    drawn = stage.place(key, target, spawn=spawn)
    present.add(key)
    if stage.moving(key):
        surface.blit(face_at(card, max(drawn.width, 40), drawn, look.view.box), drawn)


def _banner(look: Look, surface: pygame.Surface) -> None:
    rect = look.layout.banner
    text, colour = look.prompt
    status = theme.text(
        _("Round {round} of {rounds}").format(round=look.view.round, rounds=look.view.rounds), 17, theme.TEXT_DIM
    )
    surface.blit(status, status.get_rect(midright=(rect.right - px(14), rect.centery)))
    room = rect.width - status.get_width() - px(44)
    label = prompt_label(text, 21, colour, room, rect.height - px(4), shorter=look.shorter_prompt)
    surface.blit(label, label.get_rect(midleft=(rect.left + px(14), rect.centery)))


def _day_column(look: Look, surface: pygame.Surface, day: int) -> None:
    header = look.layout.headers[day]
    icon = fit(DAY_ART[day], header.height - px(8))
    surface.blit(icon, icon.get_rect(midleft=(header.left + px(6), header.centery)))
    day_name = DAYS[day]  # lower case inside a French or Russian sentence, capitalised as the column's heading
    left = header.left + px(10) + icon.get_width()
    # A smaller font where the name is longer than its plate ("Понедельник" in a narrow window)
    name = fitting_label(day_name[:1].upper() + day_name[1:], 19, theme.INK, header.right - px(4) - left)
    surface.blit(name, name.get_rect(midleft=(left, header.centery)))


def taking_token(view: HouseCupView, day: int) -> int:
    """The place under ``day`` of the token taking now (-1: none), as the rules find it: the lowest value, the
    highest of equal ones. (The ring was on the seat's first token: wrong when it had two under the day.)"""
    stack = view.under[day]
    if view.phase != "take" or day != view.day or not stack or not view.to_act:
        return -1
    values = [token.value if token.value is not None else 99 for token in stack]
    return values.index(min(values))


def _tokens(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    view, layout = look.view, look.layout
    r = layout.token_r
    for day, stack in enumerate(view.under):
        seen: Counter[int] = Counter()
        slots = token_slots(layout.token_areas[day], len(stack), r)
        taker = taking_token(view, day)
        for position, (token, (x, y)) in enumerate(zip(stack, slots, strict=True)):
            index = seen[token.seat]
            seen[token.seat] += 1
            key = ("placed", token.seat, day, index)
            rect = pygame.Rect(x - r - 3, y - r - 3, r * 2 + 6, r * 2 + 6)
            drawn = stage.place(key, rect, spawn=_token_spawn(look, stage, token.seat, token.value), duration=0.4)
            present.add(key)
            if token.value is not None:
                stage.note(("token", token.seat, token.value), drawn)
            shown = token.value if (token.revealed or token.seat == view.seat) else None
            image = choice_token(view.houses[token.seat], shown, r)
            flip = look.flips.get((day, position))
            if flip is not None and flip < 0 and token.seat != view.seat:  # its turn to turn over has not come
                image = choice_token(view.houses[token.seat], None, r)
            elif flip is not None and flip >= 0 and token.revealed:  # it turns over: narrow, then wide again
                squeeze = abs(1 - 2 * min(1.0, flip / 0.4))
                if flip < 0.2:
                    image = choice_token(view.houses[token.seat], None, r)
                image = pygame.transform.scale(image, (max(2, round(image.get_width() * squeeze)), image.get_height()))
            surface.blit(image, image.get_rect(center=drawn.center))
            if token.revealed and position == taker and token.seat == view.to_act[0]:
                pygame.draw.circle(surface, theme.HIGHLIGHT, drawn.center, r + px(3), px(2))
    _held_tokens(look, surface, stage, present, hits)


def _held_tokens(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    """The viewer's own tokens still in hand, big enough to grab with a finger."""
    view, area, big = look.view, look.layout.my_tokens, look.layout.big_token_r
    held = view.held[view.seat] or ()
    label = theme.text(_("Your tokens"), HELD_TOKENS_LABEL, theme.TEXT_DIM)
    surface.blit(label, (area.left + px(4), area.top + px(3)))  # (in from the edge a guide's ring runs along)
    for index, value in enumerate((1, 2, 3)):
        cx = area.left + big + px(4) + index * (big * 2 + px(14))
        cy = held_tokens_top(area.top) + 3 + big  # (a focus ring round its grab rect clear of the label)
        key = ("held", view.seat, value)
        home = pygame.Rect(cx - big - 3, cy - big - 3, big * 2 + 6, big * 2 + 6)
        if value not in held:
            pygame.draw.circle(surface, (0, 0, 0), (cx, cy), big, max(1, px(2)))
            continue
        present.add(key)
        if _in_hand(look, "token", value):
            continue
        # Not on the stage: it has just come back from under a day (taken back after its day, or an Undo), and
        # glides from there (from its old place in the hand it did not move: it was simply there again)
        spawn = stage.seen.get(("token", view.seat, value)) or stage.seen.get(key)
        drawn = stage.note(key, stage.place(key, home, spawn=spawn, duration=0.4))
        hits.add("token", value, drawn)
        lifted = look.lifted_token == value
        image = choice_token(view.houses[view.seat], value, big, lifted=lifted)
        surface.blit(image, image.get_rect(center=(drawn.centerx, drawn.centery - (px(6) if lifted else 0))))


def _token_spawn(look: Look, stage: Stage, seat: int, value: int | None) -> pygame.Rect | None:
    if value is not None:
        dropped = look.spawns.get(("drop", seat, value))
        if dropped is not None:
            return dropped
        known = stage.seen.get(("held", seat, value))
        if known is not None and seat == look.view.seat:
            return known
    panel = look.layout.opponents.get(seat)
    if panel is not None:
        return pygame.Rect(panel.left + px(20), panel.top + px(50), px(30), px(30))
    return None


def _side(look: Look, surface: pygame.Surface) -> None:
    view, layout = look.view, look.layout
    # A card dealt whose coming waits its turn is still in the deck on screen (the count read the number after the
    # deal while the banner still told a bot's token and no card was laid: the House Cup review).
    count = view.deck_count + sum(1 for cards in view.days for card in cards if card in look.waiting)
    deck = _("Deck {count}").format(count=count)
    discard = _("Discard {count}").format(count=len(view.discard))
    for rect, label in ((layout.deck, deck), (layout.discard, discard)):
        # each within its pile's width and a little more (the two touched in French at 1024x640)
        caption = theme.fit_width(theme.text(label, PILE_LABEL, theme.TEXT_DIM, bold=True), rect.width + px(6))
        # (a focus ring's reach over the pile: the ring round the discard pile ran over its name)
        surface.blit(caption, caption.get_rect(midbottom=(rect.centerx, rect.top - ring_outset())))
        pygame.draw.rect(surface, (0, 0, 0), rect, max(1, px(2)), border_radius=px(8))
    for offset in range(min(3, count // 10 + 1) if count else 0):
        surface.blit(card_back(layout.deck.width), layout.deck.move(-offset * 2, -offset * 2))
    supply = layout.supply
    caption = theme.text(_("Reward tokens {count}").format(count=view.supply), 16, theme.TEXT_DIM, bold=True)
    surface.blit(caption, caption.get_rect(midbottom=(supply.centerx, supply.top - px(2))))
    tray = supply.inflate(px(4), 0)
    slope = round(tray.bottom - tray.height * 0.28)
    outline = [tray.topleft, tray.topright, (tray.right, slope), (tray.centerx, tray.bottom), (tray.left, slope)]
    pygame.draw.polygon(surface, (40, 30, 22), outline)
    _pile(surface, look.supply_pile, look.supply_pile.radius, layout.side)
    if layout.recent.height > px(30):
        theme.draw_log(surface, layout.recent, look.recent)
    for button in look.bar:
        button.draw(surface)


def _pile(surface: pygame.Surface, pile: TokenPile, radius: int, clip_to: pygame.Rect) -> None:
    """Reward tokens where the physics left them, kept inside their panel."""
    token = reward_token(radius)
    clip = surface.get_clip()
    surface.set_clip(clip_to)
    for x, y, _angle in pile.positions():
        surface.blit(token, token.get_rect(center=(round(x), round(y))))
    surface.set_clip(clip)


def _panels(look: Look) -> tuple[Panel, ...]:
    """Every panel under the table's cards and words, in the order they lie (composed with the felt once)."""
    layout, view = look.layout, look.view
    panels = [Panel(rect_key(layout.banner), alpha=225)]
    for day, column in enumerate(layout.columns):
        active = view.phase == "take" and view.day == day
        done = view.phase == "take" and day < view.day
        colour, edge = ((60, 54, 30), theme.GOLD) if active else ((20, 24, 30), (60, 66, 70))
        panels.append(Panel(rect_key(column), colour, edge, px(10), 120 if not done else 70, px(2) if active else 1))
        if day in look.lit_days:  # a second, inner edge: lit by its shape as well as its colour
            # The day a dragged token would go to, let go now, lit the more (under a finger, the token hides the
            # line between two days: a drop 2 px past it went to the next day unannounced).
            aimed = day == look.aimed_day
            panels.append(Panel(rect_key(column), theme.TARGET, theme.TARGET, px(10), 130 if aimed else 60, px(3)))
            panels.append(
                Panel(rect_key(column.inflate(-px(12), -px(12))), theme.TARGET, theme.TARGET, px(6), 0, px(2))
            )
        panels.append(Panel(rect_key(layout.headers[day]), theme.PARCHMENT_DARK, theme.GOLD, px(8), 250))
    panels.append(Panel(rect_key(layout.side), alpha=200))
    for seat, rect in [*layout.opponents.items(), (view.seat, layout.me)]:
        acting = seat in view.to_act and (seat != view.seat or look.my_turn)
        edge = theme.HIGHLIGHT if acting else panel_edge(view.houses[seat])
        panels.append(Panel(rect_key(rect), (30, 32, 40), edge, None, 220, px(3) if acting else px(2)))
        if acting:  # a double edge: the one to act is told by shape too (Hufflepuff's colour is near the gold)
            panels.append(Panel(rect_key(rect.inflate(-px(12), -px(12))), edge, edge, px(8), 0, max(1, px(2))))
    return tuple(panels)


def panel_edge(house: str) -> theme.Colour:
    """A seat's panel edge in its house's colour, one near the gold of the seat to act darkened: Hufflepuff's
    yellow read as lit at arm's length, the double edge of the one to act the only tell (a pass-and-play review)."""
    colour = theme.house_colour(house)
    near = sum(abs(a - b) for a, b in zip(colour, theme.HIGHLIGHT, strict=True)) < 150
    return theme.shade(colour, 0.6) if near else colour


def _opponent(look: Look, surface: pygame.Surface, seat: int, hits: HitMap) -> None:
    view, names = look.view, look.names
    rect = look.layout.opponents[seat]
    house = view.houses[seat]
    kind = seat_kind(look, seat)
    named = names[seat] in (house, house_name(house))  # a seat named after its house says it once
    sub = kind if named else _("{house} - {kind}").format(house=house_name(house), kind=kind)
    # (the plural by the size of a score: French "-11 points", Russian "-3 очка"; a negative count took the wrong one)
    points = ngettext("{count} pt", "{count} pts", abs(look.scores[seat])).format(count=look.scores[seat])
    badge = _score(surface, seat, points, 17, hits, topright=(rect.right - px(8), rect.top + px(8)))
    # (the name clear of a focus ring round the score: it ran over a long name's last letters)
    _crest_and_name(look, surface, seat, rect.move(px(8), px(8)), 19, sub, score_reach(badge).left - px(2))
    if seat == view.first:  # (under the score, clear of the count of cards under it: its brim ran into the words)
        hat = fit("hat", px(28))
        surface.blit(hat, hat.get_rect(topright=(rect.right - px(10), rect.top + px(30))))
    y, r = rect.top + px(54), px(10)
    held = view.held[seat]
    for index in range(view.held_count[seat]):
        image = choice_token(house, held[index] if held is not None else None, r)
        surface.blit(image, image.get_rect(center=(rect.left + px(18) + index * px(24), y + r)))
    reward = reward_token(px(10))
    x = rect.left + px(18) + 3 * px(24) + px(6)
    surface.blit(reward, reward.get_rect(center=(x, y + r)))
    times = _("x{count}").format(count=view.rewards[seat])
    theme.write(surface, times, 16, theme.TEXT, True, topleft=(x + px(14), y + r - px(8)))
    count = len(view.tableau[seat])
    cards = ngettext("{count} card", "{count} cards", count).format(count=count)
    theme.write(surface, cards, 15, theme.TEXT_DIM, topright=(rect.right - px(10), y + px(6)))
    if look.bot_thinking == seat:
        dots = "." * (1 + int(look.now * 3) % 3)
        thinking = _("thinking{dots}").format(dots=dots)
        theme.write(surface, thinking, 14, theme.HIGHLIGHT, topleft=(rect.left + px(54), y + px(22)))
    elif seat == look.handing_to:  # (not yet: the last move is still being shown to the person at the screen)
        theme.pill(surface, _("next"), 14, theme.TEXT, theme.PANEL_LIGHT, topleft=(rect.left + px(54), y + px(20)))
    elif seat in view.to_act:
        turn = _("their turn")
        theme.pill(surface, turn, 14, theme.INK, theme.HIGHLIGHT, topleft=(rect.left + px(54), y + px(20)))
    chips = pygame.Rect(rect.left + px(8), y + px(40), rect.width - px(16), rect.bottom - y - px(46))
    _chips(surface, view.tableau[seat], chips)


def _score(
    surface: pygame.Surface,
    seat: int,
    label: str,
    size: int,
    hits: HitMap,
    room: int | None = None,
    **at: tuple[int, int],
) -> pygame.Rect:
    """A seat's score on a badge (no wider than ``room`` when given): hovering, tapping or a long press on it shows
    how it is made; returns the badge."""
    badge = theme.pill(surface, label, size, theme.GOLD_LIGHT, (58, 50, 34), room, **at)
    pygame.draw.rect(surface, (120, 100, 60), badge, max(1, px(1)), border_radius=px(8))
    hits.add("score", score_key(seat), score_hit(badge))
    return badge


def _crest_and_name(
    look: Look, surface: pygame.Surface, seat: int, at: pygame.Rect, size: int, sub: str, right: int
) -> None:
    """A seat's crest, and beside it the name, kept left of ``right`` (a long Russian name ran under an
    opponent's score), and a line under it."""
    surface.blit(fit(f"crests/{look.view.houses[seat].lower()}", px(40)), at.topleft)
    name = fitting_label(look.names[seat], size, theme.TEXT, right - (at.left + px(46)))
    surface.blit(name, (at.left + px(46), at.top))
    if sub:  # (kept left of ``right`` too: a Russian "Когтевран - Бот" with Large text ran under a score's ring)
        line = fitting_label(sub, 14, theme.TEXT_DIM, right - (at.left + px(46)), bold=False)
        surface.blit(line, (at.left + px(46), at.top + px(20)))


def seat_kind(look: Look, seat: int) -> str:
    """Who plays an opponent's seat, under its name: "Player", or the bot's level ("Hard bot"; "Bot" for another)."""
    # (as History says them: two bots set up Easy and Hard were both "Bot" at the table, which of them played
    # well told only by History after the game, a new player's review)
    return words.seat_kind(look.controllers[seat], _("Player"), _("Bot"))


def _chip_label(kind_id: str) -> str:
    return _(SHORT_NAMES[kind_id]) if kind_id in SHORT_NAMES else KINDS[kind_id].name


def _chips(surface: pygame.Surface, cards: tuple[str, ...], area: pygame.Rect) -> None:
    """A player's cards as chips, row after row; when they do not all fit, "..." ends the last row, on a plate
    of its own, after as many chips as leave it room (it lay over the last chip's end: "П. первокурсникам")."""
    x, y = area.left, area.top
    height = px(22)
    room = theme.text("...", 14, theme.TEXT, bold=True).get_width() + px(12) + px(4)
    placed: list[tuple[pygame.Surface, int, int]] = []
    more = False
    for group in groups(cards):
        kind = KINDS[CARDS[group[0]].kind]
        label = _chip_label(kind.id) if CARDS[group[0]].variant != "pixie" else _(PIXIE_CHIP)
        if kind.id in HOUSE_CHIPS:  # whose Forward or Uniform: public, and the scores turn on it
            label = " ".join([label, *(house_letter(CARDS[card].variant) for card in group)])
        elif kind.id == "castle":  # which Castle cards: a set of all three scores (a review denied a B blind)
            shorts = ", ".join(_(CASTLE_CHIPS[CARDS[card].variant]) for card in sorted(group, key=castle_order))
            label = _("Castle: {cards}").format(cards=shorts)
        elif len(group) > 1:
            label = f"{label} {len(group)}"
        # (no wider than a row less room for "...": a whole Castle set, wider than a plate at 1024x640 in French
        # with Large text, went to a row of its own, was taken off again for the "..." and never shown)
        chip = _chip(label, kind.category, px(22), area.width - room)
        width = chip.get_width()
        if x + width > area.right:
            x = area.left
            y += height + px(4)
        if y + height > area.bottom:
            more = True
            break
        placed.append((chip, x, y))
        x += width + px(4)
    if more and placed:
        last_row = placed[-1][2]
        while (
            len(placed) > 1
            and placed[-1][2] == last_row
            and placed[-1][1] + placed[-1][0].get_width() + room > area.right
        ):
            placed.pop()
    for chip, left, top in placed:
        surface.blit(chip, (left, top))
    if more and placed:
        chip, left, top = placed[-1]
        theme.pill(
            surface,
            "...",
            14,
            theme.TEXT,
            theme.PANEL_LIGHT,
            midleft=(left + chip.get_width() + px(4), top + height // 2),
        )


@surface_cache(256)
def _chip(label: str, category: str, height: int, width: int) -> pygame.Surface:
    """A card kept, as a chip in its kind's colour and pattern with its name (narrowed to be at most ``width``
    wide), drawn once."""
    text = fitting_label(label, 13, (255, 250, 240), width - px(12))
    chip = pygame.Surface((text.get_width() + px(12), height), pygame.SRCALPHA)
    pygame.draw.rect(chip, CATEGORY_COLOURS[category], chip.get_rect(), border_radius=px(6))
    category_pattern(chip, category, chip.get_rect().inflate(-px(8), 0), px(7))
    chip.blit(text, text.get_rect(center=chip.get_rect().center))
    return chip


def shown_cards(look: Look) -> tuple[str, ...]:
    """The cards among the seat's own as the moves told so far leave them: without one whose coming waits its
    beat (a Divination's draw came to the hand as the Divination was taken), with one resting there before it
    moves on (the Divination taken, till it goes back into the deck)."""
    seat = look.view.seat
    kept = tuple(card for card in look.view.tableau[seat] if card not in look.waiting)
    return kept + tuple(card for card, resting_with in look.resting.items() if resting_with == seat)


def _my_area(look: Look, surface: pygame.Surface, stage: Stage, present: set[Hashable], hits: HitMap) -> None:
    view, layout = look.view, look.layout
    seat = view.seat
    header = layout.me_header
    right = header.right - (px(40) if seat == view.first else 0)  # clear of the first player's hat
    _crest_and_name(look, surface, seat, header, MY_NAME_SIZE, "", right)
    score, room = look.scores[seat], right - (header.left + px(44))
    said = ngettext("{count} point now", "{count} points now", abs(score)).format(count=score)
    wide = theme.text(said, MY_SCORE_SIZE, bold=True).get_width() + px(12)
    if wide * 0.85 > room:  # the opponents' short form rather than squeezed much
        said = ngettext("{count} pt", "{count} pts", abs(score)).format(count=score)
    # (the room: upright with Large text, French's "0 point pour l'instant" ran under the first player's hat and,
    # kept clear of it, was squeezed to 52-56% of its width at a 75% interface)
    # (under the name by a focus ring's reach: the ring round the badge ran over the name at 1024x640)
    _score(surface, seat, said, MY_SCORE_SIZE, hits, room, topleft=(header.left + px(44), my_score_top(header.top)))
    if seat == view.first:
        hat = fit("hat", px(36))
        surface.blit(hat, hat.get_rect(topright=(header.right, header.top)))
    rewards = _("Reward tokens x{count}").format(count=view.rewards[seat])
    theme.write(surface, rewards, 15, theme.TEXT_DIM, topleft=layout.my_rewards.topleft)
    _pile(surface, look.my_pile, px(11), layout.me)
    area = layout.my_cards
    mine = shown_cards(look)
    caption = _("Your cards ({count})").format(count=len(mine))
    theme.write(surface, caption, MY_CARDS_LABEL, theme.TEXT_DIM, True, topleft=(area.left, layout.me.top + px(10)))
    card_groups = stacks(mine)
    if not card_groups:
        empty = _("No cards yet. The cards you take will gather here, sorted into sets.")
        theme.write(surface, empty, 16, theme.TEXT_DIM, center=area.center)
        return
    side_by_side = (area.width + px(8)) // len(card_groups) - px(8)  # every set side by side while they fit
    width = max(min(layout.mini_w, px(96)), min(layout.mini_w, side_by_side))
    height = card_height(width)
    strip = max(px(16), round(width * 0.2))
    step = min(width + px(8), (area.width - width) // max(1, len(card_groups) - 1)) if len(card_groups) > 1 else 0
    for index, group in enumerate(card_groups):
        x = area.left + index * step
        gstep = min(strip, (area.height - height) // max(1, len(group) - 1)) if len(group) > 1 else 0
        for depth, card in enumerate(group):
            key = ("card", card)
            rect = pygame.Rect(x, area.top + depth * gstep, width, height)
            drawn = stage.note(key, stage.place(key, rect, spawn=stage.seen.get(key, layout.deck)))
            present.add(key)
            surface.blit(face_at(card, width, drawn, look.view.box), drawn)
            hits.add("card", card, drawn)
        if len(group) > 1 and alike(group):  # how many, at the foot of the last card's picture (over no words)
            corner = (x + width - px(2), area.top + (len(group) - 1) * gstep + art_bottom(width, group[-1]))
            times = _("x{count}").format(count=len(group))
            theme.pill(surface, times, 16, theme.INK, theme.GOLD_LIGHT, bottomright=corner)
