"""Drawing the House Cup Challenge table from one seat's view (a ``Look``): the castle, its cards and characters,
the track with the round's steps, the players, the log, the hand and a score's breakdown; returns what the
pointer can touch (a ``HitMap``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from tabletop.games.house_cup_challenge.cards import ABILITIES, CHARACTERS, END_POINTS, SPECIALS, ability_mark
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.i18n import ngettext
from tabletop.games.house_cup_challenge.text import STEP_NAMES
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.scenes.words import bot_name
from tabletop.ui.sprites.backdrop import Panel, felt, rect_key
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.sprites.motion import Drag
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.house_cup_challenge import faces
from tabletop.ui.tables.house_cup_challenge.layout import CHIP_HEIGHT, Layout
from tabletop.ui.tables.house_cup_challenge.scores import Breakdown, dry_streak
from tabletop.ui.theme import px
from tabletop.ui.widgets import Widget, fitting_label, prompt_label

Colour = tuple[int, int, int]
# Where a card comes from: ("seat", n) played from player n's hand; ("deck", n) placed onto the board by player n
# from the deck, or drawn into the viewer's hand (n = -1); ("board", -1) taken from the board into the viewer's hand
Arrival = tuple[str, int]
# Where a card goes: ("seat", n) from the board to player n (completed, or taken by another player); ("hand", n) taken
# from the board into the viewer's hand (it comes in there); ("discard", n) discarded from player n's hand, or
# cleaned off the board (n = -1): it glides to the discard pile's count
Departure = tuple[str, int]
LEVEL_FILL = (64, 60, 84)  # the tag saying a bot's level, by its name
DECK = ("deck",)  # the stage's key for where the deck's count was last drawn (in the hand's caption)
STEP_SHORT = {  # the round's steps in a word or two, on the track's pills
    1: N_("1st action"),
    2: N_("2nd action"),
    3: N_("3rd action"),
    4: N_("New Year?"),
    5: N_("New cards"),
    6: N_("Pass the Wand"),
}


@dataclass(frozen=True)
class Look:
    """Everything one frame of the table shows, as the table sees it now."""

    view: ChallengeView
    layout: Layout
    names: Sequence[str]
    controllers: Sequence[str]  # who plays each seat: "human" or a bot's id ("easy", "hard", ...)
    prompt: tuple[str, Colour]
    lit: frozenset[str]  # the spaces where what is held or selected may go
    path: Sequence[str]  # the way the dragged character would walk to the space under the pointer
    playable: frozenset[str]  # the cards in hand that may be played somewhere now
    selected: str | None  # the card of the hand or the Special Card tapped, to play or use next
    drag: Drag | None
    walking: Mapping[Hashable, tuple[int, int]]  # the seats of characters walking their path: where they are now
    recent: Sequence[Sequence[str]]
    buttons: Sequence[Widget]
    hand_first: int = 0  # the first card of a scrolling hand shown
    breakdown: tuple[Breakdown, pygame.Rect] | None = None  # a score explained, beside the score it explains
    armed: bool = False  # the viewer's Wand Bonus Token will be flipped after this action
    placing: str | None = None  # the new Adventure Card the viewer puts on the board, shown before the hand
    specials_first: Mapping[int, int] = field(default_factory=dict)  # by seat: the first Special Card chip shown
    hand_end: int | None = None  # where a docked choice panel lies over the hand's caption row (its left edge)
    log_end: int | None = None  # where a docked choice panel lies over the log's last lines (its top)
    docked: pygame.Rect | None = None  # a docked choice panel, drawn over the table: a score's sheet keeps clear of it
    # Cards that came since the last drawing, and from where (``Arrival``): they glide in from there
    arrivals: Mapping[str, Arrival] = field(default_factory=dict)
    departures: Mapping[str, Departure] = field(default_factory=dict)  # cards that just left, and to where


def paint(look: Look, surface: pygame.Surface, stage: Stage) -> HitMap:
    layout, hits = look.layout, HitMap()
    stage.begin_frame()
    surface.blit(felt(surface.get_size(), _panels(look)), (0, 0))
    _banner(look, surface)
    surface.blit(faces.board_surface(layout.cell), layout.board)
    for cell in look.lit:  # a glow, and a sight's brackets on its corners: lit by shape as well as colour
        # under the space's name (over it, the glow washed the name out and its edge ran through the letters)
        lit = under_name(layout, cell).inflate(-4, -4)
        surface.blit(theme.panel_surface(lit.size, theme.TARGET, theme.TARGET, px(6), 90, px(3)), lit)
        theme.corner_marks(surface, theme.TARGET, lit.inflate(-px(4), -px(4)), px(12), max(2, px(3)))
    _board_cards(look, surface, stage, hits)
    if len(look.path) > 1:
        points = [layout.cells[cell].center for cell in look.path]
        pygame.draw.lines(surface, theme.HIGHLIGHT, False, points, max(3, px(5)))
        for point in points[1:]:
            pygame.draw.circle(surface, theme.HIGHLIGHT, point, max(4, px(7)))
    _characters(look, surface, stage, hits)
    _track(look, surface, hits)
    rows = [_player(look, surface, seat, hits) for seat in range(len(look.view.players))]
    # The chips' names at one size in every panel, their words in every one or none ("Free" here and not there
    # read as a difference between the cards)
    size = min((row.size for row in rows if row.specials), default=faces.CHIP_TEXT)
    words = all(faces.chip_look(row.specials, row.first.width, row.first.height, size)[0] for row in rows)
    for row in rows:
        _chips(look, surface, row._replace(size=size, words=words), hits)
    _recent(look, surface)
    leaving = _discarded(look, stage)  # (placed before the hand's cards: a card drawn in their stead comes after)
    _hand(look, surface, stage, hits)
    for face, rect in leaving:
        surface.blit(face, face.get_rect(center=rect.center))
    for left in [key for key in stage.seen if isinstance(key, tuple) and key[0] == "left"]:
        del stage.seen[left]  # (noted and not taken up: nothing glides from there later)
    for button in look.buttons:
        button.draw(surface)
    if look.drag is not None:
        _carried(look, surface, stage, look.drag)
    if look.breakdown is not None:
        # (under a docked choice panel, French with large text in a 1024x640 window, Gryffindor's sheet lost its
        # last lines, the end of the game's rule among them; over the banner, the prompt)
        keep_clear = [layout.banner, *(button.rect for button in look.buttons)]
        if look.docked is not None:
            keep_clear.append(look.docked)
        box = _breakdown(surface, *look.breakdown, keep_clear, layout.banner.bottom)
        hits.add("sheet", "sheet", box)  # (it may cover a button: a tap on it must not press the button under it)
    return hits


def _board_cards(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """The face-up Adventure Cards on their spaces; one just played or placed glides in from its player."""
    layout = look.layout
    size = round(layout.cell * 0.74)
    present: set[Hashable] = set()
    for cell, card in look.view.board:
        # Under the space's name (a name on two lines, "Trapdoor Chamber", lost its second line under the card).
        room = under_name(layout, cell).inflate(-4, -4)
        side = max(min(size, room.width, room.height), round(layout.cell * 0.5))
        rect = pygame.Rect(0, 0, side, side).move_to(center=room.center)
        rect.bottom = min(rect.bottom, layout.cells[cell].bottom - 2)
        key = ("board", card)
        present.add(key)
        rect = hits.add("card", card, stage.place(key, rect, spawn=_came_from(look, stage, card, rect.size)))
        theme.shadow(surface, rect, px(4), offset=px(2), alpha=90)
        surface.blit(faces.board_card(card, rect.width), rect)
    gone = [key for key in stage.motions if isinstance(key, tuple) and key[0] == "board" and key not in present]
    for key in gone:  # off the board: a completed or taken card glides to its player; the rest go (and come back
        card = str(key[1])  # afresh), a discarded or a card taken into the viewer's hand noted where it was
        kind, seat = look.departures.get(card, ("", -1))
        if kind != "seat":
            left = stage.rect_of(key)
            if kind in ("hand", "discard") and left is not None:
                stage.note(("left", card), left)
            del stage.motions[key]
            continue
        small = pygame.Rect((0, 0), stage.motions[key].target[2:]).move_to(center=layout.players[seat].center)
        drawn = stage.place(key, small)
        if stage.moving(key):
            surface.blit(faces.board_card(str(key[1]), drawn.width), drawn)
        else:
            del stage.motions[key]


def _came_from(look: Look, stage: Stage, card: str, size: tuple[int, int]) -> pygame.Rect | None:
    """Where a card that has just come onto the board starts its glide: from where the viewer saw it in their hand
    (their own card, or the new card they placed), else a card placed from the deck from the deck's count and
    another player's card from their panel; None when it did not just come (it is simply there)."""
    came = look.arrivals.get(card)
    if came is None:
        return None
    kind, seat = came
    if seat == look.view.seat and ("hand", card) in stage.seen:
        return stage.seen[("hand", card)]
    if kind == "deck" and DECK in stage.seen:
        return pygame.Rect((0, 0), size).move_to(center=stage.seen[DECK].center)
    return pygame.Rect((0, 0), size).move_to(center=look.layout.players[seat].center)


def _discarded(look: Look, stage: Stage) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Cards going to the discard pile glide to its count in the hand's caption, face up as the pile is: from the
    board (cleaned off at a New Year), from the viewer's hand's row, from another player's panel; then they go.
    Returns each card's face and where to draw it this frame (over the hand)."""
    pile = stage.seen.get(DECK)
    leaving = []
    for card, (kind, seat) in look.departures.items():
        key = ("gone", card)
        if kind != "discard" or pile is None:
            continue
        if card not in look.view.discard:  # taken back by Undo, or drawn again: it is not on its way there now
            stage.motions.pop(key, None)  # (it glided on to the pile while it lay back in the hand)
            continue
        start = stage.seen.pop(("left", card), None)
        if seat == look.view.seat and ("hand", card) in stage.seen:  # (where the hand's row showed it last)
            start = stage.seen[("hand", card)]
        if start is None and key not in stage.motions:
            if seat < 0 or seat == look.view.seat:
                continue  # (not seen leaving: scrolled out of the hand's row, or the board drawn in another size)
            side = look.layout.players[seat].height // 2
            start = pygame.Rect(0, 0, side * 5 // 7, side).move_to(center=look.layout.players[seat].center)
        size = (start or pygame.Rect(stage.motions[key].start)).size
        if seat >= 0:  # (a hand's card shrinks to the count's size; a board's is as small as a card gets already)
            size = (max(8, size[0] // 3), max(8, size[1] // 3))
        end = pygame.Rect((0, 0), size).move_to(center=pile.center)
        drawn = stage.place(key, end, spawn=start, duration=0.4, stagger=0.06)
        if not stage.moving(key):
            del stage.motions[key]
            continue
        face = faces.board_card(card, drawn.width) if seat < 0 else faces.card_face(card, drawn.width)
        leaving.append((face, drawn))
    return leaving


def _carried(look: Look, surface: pygame.Surface, stage: Stage, drag: Drag) -> None:
    """What the viewer drags: their character, or a card. A card is noted where it is carried (a card dropped on a
    space glides onto it from there: from its place in the hand it jumped back to the hand first)."""
    layout, rect = look.layout, drag.rect()
    if drag.kind == "token":
        _character(surface, look.view.me.character, rect, True, False)
        return
    if layout.board.collidepoint(drag.pos):
        # Over the board a card is carried as it would lie on a space, at the pointer: full size it hid the
        # lit spaces it may go to (on a touchscreen the one lit space lay under it)
        tile = faces.board_card(str(drag.item), round(layout.cell * 0.8))
        rect = surface.blit(tile, tile.get_rect(center=drag.pos))
    else:
        rect = surface.blit(faces.card_face(str(drag.item), rect.width), rect)
    if drag.kind == "card":
        stage.note(("hand", str(drag.item)), rect)


def under_name(layout: Layout, cell: str) -> pygame.Rect:
    """A space's room under its name plaque: where its glow, its card and the characters sharing it go."""
    square, name = layout.cells[cell], faces.plaque(cell, layout.cell).box.move(layout.board.topleft)
    return pygame.Rect(square.left, name.bottom, square.width, square.bottom - name.bottom)


def _panels(look: Look) -> tuple[Panel, ...]:
    """Every panel under the table's pictures and words (composed with the felt once): the banner, the track, the
    players' (the viewer's edged in gold, one who acts in a thicker edge), the log's lines and the hand."""
    view, layout = look.view, look.layout
    panels = [Panel(rect_key(layout.banner), alpha=225), Panel(rect_key(layout.track), alpha=220)]
    for seat, rect in enumerate(layout.players):
        edge = theme.GOLD if seat == view.seat else theme.PANEL_EDGE
        panels.append(Panel(rect_key(rect), edge=edge, alpha=225, edge_width=px(3) if seat in view.to_act else None))
    if layout.recent.height >= px(30):
        panels.append(Panel(rect_key(layout.recent), alpha=200))
    panels.append(Panel(rect_key(layout.hand), alpha=215))
    return tuple(panels)


def _banner(look: Look, surface: pygame.Surface) -> None:
    view, rect = look.view, look.layout.banner
    text, colour = look.prompt
    if view.setup:  # (setup's step 5, done once by the Wand holder; the P token already waits on First Action)
        said = _("Year {year} - Setup - {step}").format(year=view.year, step=STEP_NAMES[5])
    else:
        said = _("Year {year} - Round {round} - {step}").format(
            year=view.year, round=view.round, step=STEP_NAMES[view.step]
        )
    status = theme.text(said, 17, theme.TEXT_DIM)
    room = rect.width - status.get_width() - px(40)
    label = prompt_label(text, 20, colour, room, rect.height - px(4))
    surface.blit(label, label.get_rect(midleft=(rect.left + px(12), rect.centery)))
    surface.blit(status, status.get_rect(midright=(rect.right - px(12), rect.centery)))


def _characters(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """Each character on its space (sharing a corner when several stand there); a walking one on its path."""
    view, layout, cell = look.view, look.layout, look.layout.cell
    size, board = round(cell * 0.46), view.board_map()
    by_space = {p.cell: [seat for seat, q in enumerate(view.players) if q.cell == p.cell] for p in view.players}
    for space, seats in by_space.items():
        base = layout.cells[space]
        # Several on one space share the room under its name, two to a row (over the name they hid it: all four
        # start in the Common Room), kept inside the space with room for the acting one's ring.
        room = under_name(layout, space).inflate(-px(10), -px(10))
        # Never smaller than a third of the space, to tell them apart and to drag one: where the room under the
        # name is short (three lines of it in a small window), the upper row reaches up over the name's foot.
        rows = (len(seats) + 1) // 2
        side = max(min(size, room.width // 2, room.height // rows), round(cell * 0.34))
        for index, seat in enumerate(seats):
            rect = pygame.Rect(0, 0, size, size)
            if len(seats) > 1:
                column, row = index % 2, index // 2
                rect.size = (side, side)
                top = room.bottom - (rows - row) * side
                if rows == 1:
                    top = min(room.centery - side // 2, top)
                rect.topleft = (room.left + column * (room.width - side), top)
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


def _track(look: Look, surface: pygame.Surface, hits: HitMap) -> None:
    """Gryffindor's points on a bar marked every 50, the mark that brings the next New Year lit; under it the
    round's six steps (the Prefect card's), the current one lit."""
    view, rect = look.view, look.layout.track
    hits.add("track", "track", rect)
    next_mark = 100 * view.year if view.year < 5 else END_POINTS
    if view.ending and not view.over:  # (the last actions went by under the usual words: a pass-and-play review)
        coming = _("{points} reached: the last actions").format(points=END_POINTS)
    elif view.year < 5:
        coming = _("Year {year} - New Year at {points}").format(year=view.year, points=next_mark)
    else:
        coming = _("Year 5 - the end at {points}").format(points=END_POINTS)
    # The Year on the right, the points on the left in the room it leaves, the hint only where it fits whole
    # (in Russian with Large text the three ran into one another).
    half = rect.width // 2 - px(14)
    year_label = fitting_label(coming, 16, theme.TEXT, half)
    year = surface.blit(year_label, year_label.get_rect(topright=(rect.right - px(10), rect.top + px(7))))
    points = _("Gryffindor: {points} / {end}").format(points=view.track, end=END_POINTS)
    room = year.left - px(16) - rect.left
    label = surface.blit(fitting_label(points, 18, theme.GOLD_LIGHT, room), (rect.left + px(10), rect.top + px(6)))
    room = year.left - px(8) - (label.right + px(8))
    streak = dry_streak(view)
    if streak and not (view.over or view.ending):
        # Rounds without VP bring the stalemate (a third ends the term): said where the hint stands, and whole
        # when the track is selected (``scores.stalemate_words``).
        dry = ngettext("{count} round without VP", "{count} rounds without VP", streak)
        colour = theme.BAD if streak >= 2 else theme.HIGHLIGHT
        warning = fitting_label(dry.format(count=streak), 14, colour, room, bold=True)
        surface.blit(warning, warning.get_rect(midleft=(label.right + px(8), label.centery)))
    else:
        hint = _("(select it for the points)")
        if theme.ui_font(13).size(hint)[0] <= room:
            theme.write(surface, hint, 13, theme.TEXT_DIM, midleft=(label.right + px(8), label.centery))
    bar = pygame.Rect(rect.left + px(14), rect.top + px(34), rect.width - px(28), px(10))

    def at(points: int) -> int:
        return bar.left + round(bar.width * min(points, END_POINTS) / END_POINTS)

    pygame.draw.rect(surface, (40, 40, 46), bar, border_radius=px(5))
    pygame.draw.rect(surface, (174, 0, 1), (*bar.topleft, at(view.track) - bar.left, bar.height), border_radius=px(5))
    for mark in range(0, END_POINTS + 1, 50):
        big, lit = mark % 100 == 0, mark == next_mark
        colour = theme.HIGHLIGHT if lit else theme.TEXT_DIM
        top, bottom = (at(mark), bar.top - (px(3) if big else 0)), (at(mark), bar.bottom + px(2))
        pygame.draw.line(surface, colour, top, bottom, 3 if lit else 1)
        if big:
            theme.write(surface, str(mark), 13, colour, lit, midtop=(at(mark), bar.bottom + px(4)))
    glow = pygame.Rect(0, 0, px(12), bar.height + px(6)).move_to(center=(at(next_mark), bar.centery))
    pygame.draw.rect(surface, theme.HIGHLIGHT, glow, 2, border_radius=px(4))
    for colour, width in (((238, 186, 48), 0), ((120, 0, 0), 2)):  # the marker: a gold disc with a dark red rim
        pygame.draw.circle(surface, colour, (at(view.track), bar.centery), px(7), width)
    current = 1 if view.setup else view.step
    steps = look.layout.round_steps
    x = steps.left
    for step, width in enumerate(_pill_widths(current, steps.width), start=1):
        pill = pygame.Rect(x + 1, steps.top, width - 2, steps.height)
        x += width
        lit = step == current
        pygame.draw.rect(surface, (120, 30, 30) if lit else (44, 40, 46), pill, border_radius=px(6))
        if lit:
            pygame.draw.rect(surface, theme.GOLD, pill, 1, border_radius=px(6))
            badge = faces.picture("prefect", (pill.height - px(4), pill.height - px(4)))
            surface.blit(badge, badge.get_rect(midleft=(pill.left + px(2), pill.centery)))
        colour = theme.HIGHLIGHT if lit else theme.TEXT_DIM
        words = fitting_label(_(STEP_SHORT[step]), 14, colour, pill.width - _pill_room(lit), bold=lit)
        surface.blit(words, words.get_rect(center=(pill.centerx + (px(10) if lit else 0), pill.centery)))


def _pill_room(lit: bool) -> int:
    """What a step's pill keeps beside its words: the Prefect's badge on the lit one, a margin on the others."""
    return px(28) if lit else px(6)


def _pill_widths(current: int, total: int) -> list[int]:
    """The six steps' pills across ``total``: each as wide as its words need and the room left shared out evenly;
    when the words need more than there is, each in proportion to its need (so all are narrowed alike: in
    Russian with Large text, even slots left "Передача Палочки" at under half its width, the others whole)."""
    need = [
        theme.text(_(STEP_SHORT[step]), 14, bold=step == current).get_width() + _pill_room(step == current) + 2
        for step in range(1, 7)
    ]
    spare = total - sum(need)
    widths = [width + spare // 6 for width in need] if spare >= 0 else [total * width // sum(need) for width in need]
    widths[-1] += total - sum(widths)  # (what rounding left, to the last)
    return widths


def _player(look: Look, surface: pygame.Surface, seat: int, hits: HitMap) -> ChipRow:
    """A player's panel: character, VP, abilities (the key's roundels), hand and completed counts, the Wand, the
    Wand Bonus Token, and where their Special Cards go (drawn by ``_chips``, once every panel's are laid out).
    Everything in it follows the panel's scale (``Layout.panel_scale``: larger in a tall window)."""
    view, rect, k = look.view, look.layout.players[seat], look.layout.panel_scale
    player, mine = view.players[seat], seat == view.seat

    def at(value: float) -> int:
        return px(value * k)

    hits.add("panel", seat, rect)
    portrait = at(36)
    face = surface.blit(faces.picture(player.character, (portrait, portrait)), (rect.left + at(7), rect.top + at(6)))
    if seat in view.to_act:  # the ring of the acting character on the board, so a bot's turn shows whose it is here
        pygame.draw.circle(surface, theme.HIGHLIGHT, face.center, face.width // 2 + at(3), max(2, at(3)))
    hits.add("portrait", f"{faces.CHARACTER_PREFIX}{player.character}", face)
    vp = theme.text(
        ngettext("{count} VP", "{count} VP", player.vp).format(count=player.vp), 22 * k, theme.GOLD_LIGHT, bold=True
    )
    vp_rect = surface.blit(vp, vp.get_rect(topright=(rect.right - at(10), rect.top + at(4))))
    hits.add("score", seat, vp_rect.inflate(at(8), at(6)))
    right = vp_rect.left - at(8)
    if seat == view.wand:
        wand = faces.picture("wand", (at(56), at(14)))
        right = surface.blit(wand, wand.get_rect(midright=(right, vp_rect.centery))).left - at(6)
    x = rect.left + portrait + at(14)
    # The player's name, then the character's, in what the Wand and the VP leave (with both and a score of three
    # digits "Harry Potter" was left out): the first name where the whole does not fit, else cut short by "...";
    # a bot's level on a tag at the end, its room kept first while the name keeps its room (up to 80 px).
    least = min(theme.text(look.names[seat], 17 * k, bold=True).get_width(), at(80))
    level = _level_tag(look, seat, 12 * k, right - x - least - at(8))
    end = right - (level.width + at(8) if level is not None else 0)
    name = surface.blit(fitting_label(look.names[seat], 17 * k, theme.TEXT, end - x), (x, rect.top + at(5)))
    info = CHARACTERS[player.character]
    character = _shortened((info.name, info.first_name), 14 * k, theme.TEXT_DIM, end - name.right - at(8))
    after = name.right
    if character is not None:
        after = surface.blit(character, (name.right + at(8), rect.top + at(8))).right
    if level is not None:
        theme.pill(
            surface,
            bot_name(look.controllers[seat]),
            12 * k,
            theme.TEXT,
            LEVEL_FILL,
            midleft=(after + at(8), name.centery),
        )
    icon, line = at(20), rect.top + at(29)
    for ability in ABILITIES:
        surface.blit(faces.ability_icon(ability, icon), (x, line))
        number = theme.text(ability_mark(ability, player.ability(ability)), 16 * k, (255, 255, 255), bold=True)
        x = surface.blit(number, number.get_rect(midleft=(x + icon + at(2), line + icon // 2))).right + at(8)
    counts = _counts(player, rect.right - at(8) - (x + at(2)), k)
    hits.add("counts", seat, surface.blit(counts, counts.get_rect(midleft=(x + at(2), line + icon // 2))))
    right = rect.right - at(6)
    if player.wand_token:  # the Wand Bonus Token: a piece face up or face down, lit when its flip is asked for
        up = player.wand_token == "up"
        piece = pygame.Rect(0, 0, at(30), at(30)).move_to(bottomright=(rect.right - at(10), rect.bottom - at(6)))
        hits.add("bonus", seat, piece)
        if mine and look.armed:
            pygame.draw.circle(surface, theme.HIGHLIGHT, piece.center, piece.width // 2 + at(4), max(2, at(3)))
        surface.blit(faces.wand_token(piece.width, up), piece)
        right = piece.left - at(8)
    specials = [(card, True) for card in player.specials_up] + [(card, False) for card in player.specials_down]
    if mine:  # the ones to tap for an action first: never behind the "+N" of those that do not fit
        specials.sort(key=lambda special: not (special[1] and SPECIALS[special[0]].timing == "action"))
    room = right - rect.left - at(8)  # (three chips fit narrower, their names on two lines)
    chip_w, chip_h = max(at(80), min(at(132), room // max(2, len(specials)) - at(6))), at(CHIP_HEIGHT)
    x, y = rect.left + at(8), rect.bottom - at(6) - chip_h
    fit = max(1, (right - x + at(6)) // (chip_w + at(6)))
    first = look.specials_first.get(seat, 0)
    if len(specials) > fit:  # a page of chips and a pill that turns to the next (each chip can be reached)
        widest = theme.text(f"+{len(specials)} ▸", 13 * k, bold=True).get_width() + px(12) + at(6)
        fit = max(1, (right - x - widest + at(6)) // (chip_w + at(6)))
        first = first if first < len(specials) else 0
        following = len(specials) - first - fit
        label, turn_to = (f"+{following} ▸", first + fit) if following > 0 else ("◂", 0)
        pill = theme.pill(surface, label, 13 * k, theme.TEXT, (70, 56, 110), midright=(right, y + chip_h // 2))
        # a fingertip's reach, mostly upward (the panel's edge is just below): the pill alone is about 32x20
        reach = pygame.Rect(0, 0, max(pill.width + at(24), at(60)), pill.height + at(20))
        reach = reach.move_to(bottomright=(min(pill.right + at(12), right + at(6)), pill.bottom + at(6))).clip(rect)
        chips_end = x + min(fit, len(specials) - first) * (chip_w + at(6))  # (the reach stops short of the chips)
        reach.width, reach.left = reach.right - max(reach.left, chips_end), max(reach.left, chips_end)
        hits.add("more", seat, reach)  # (the keyboard's stop: the same thing whatever the page)
        hits.add("page", (seat, turn_to), reach)  # the page a tap turns to
        specials = specials[first : first + fit]
    size = faces.chip_look(tuple(specials), chip_w, chip_h, theme.font_px(13 * k))[1]  # (as large as they fit)
    return ChipRow(seat, tuple(specials), pygame.Rect(x, y, chip_w, chip_h), size)


class ChipRow(NamedTuple):
    """A player's Special Card chips as laid out: the ones shown (card, face up), the first one's place and size,
    the names' font size (the largest they fit whole at, 12 px at the least: ``faces.chip_look``), and whether
    "Action", "Free" or "Used" stands beside each."""

    seat: int
    specials: tuple[tuple[str, bool], ...]
    first: pygame.Rect
    size: int
    words: bool = False


def _chips(look: Look, surface: pygame.Surface, row: ChipRow, hits: HitMap) -> None:
    """A player's Special Card chips (the viewer's face-up [Action] ones can be tapped), with their words when
    the row says so, else a sign on [Action] ones."""
    rect, k, mine = look.layout.players[row.seat], look.layout.panel_scale, row.seat == look.view.seat
    box = row.first
    for card, up in row.specials:
        surface.blit(faces.special_chip(card, box.width, up, box.height, row.size, row.words), box)
        hits.add("chip", card, box)
        if mine and up and SPECIALS[card].timing == "action":
            # A finger's reach round the chip (24 px tall; a tap 6 px below it did nothing: a review by touch),
            # within the player's panel
            hits.add("special", card, box.inflate(px(4 * k), px(12 * k)).clip(rect))
            if look.selected == card:
                pygame.draw.rect(surface, theme.HIGHLIGHT, box.inflate(4, 4), 2, border_radius=px(6 * k))
        box = box.move(box.width + px(6 * k), 0)
    if not row.specials:
        theme.write(
            surface, _("No Special Cards"), 13 * k, theme.TEXT_DIM, midleft=(rect.left + px(10 * k), box.centery)
        )


def _level_tag(look: Look, seat: int, size: float, room: int) -> pygame.Rect | None:
    """The size of the tag saying a bot seat's level ("Easy bot", as History says it), where it fits ``room``:
    two bots set up Easy and Hard looked alike at the table, a new player's review. None for a person."""
    controller = look.controllers[seat]
    if controller == "human":
        return None
    tag = theme.text(bot_name(controller), size, bold=True).get_rect().inflate(px(12), px(4))
    return tag if tag.width <= room else None  # (else the name and the character, as they were)


def _shortened(names: Sequence[str], size: float, colour: Colour, room: int) -> pygame.Surface | None:
    """The first of ``names`` (a whole name, then shorter ones) that fits ``room`` at ``size``; else the last cut
    short by "..." (three letters at the least); else None."""
    font = theme.ui_font(size)
    fitting = next((words for words in names if font.size(words)[0] <= room), None)
    if fitting is None:
        cut = names[-1]
        while len(cut) > 3 and font.size(f"{cut}...")[0] > room:
            cut = cut[:-1]
        fitting = f"{cut.rstrip()}..."
    return theme.text(fitting, size, colour) if font.size(fitting)[0] <= room else None


def _counts(player: PlayerView, room: int, k: float) -> pygame.Surface:
    """A player's cards in hand and adventures completed (and Harry's walk-past, once used this round): in words
    when they fit at nearly their size; else as small cards with their numbers (squeezed to half its width, the
    French or Russian line could hardly be read), the words then being in the breakdown the panel opens. ``k``:
    the panel's scale."""
    done = len(player.completed)  # (the words agree with it: French "1 accomplie", "2 accomplies")
    if player.character == "harry" and player.harry_used:
        words = ngettext(
            "{hand} in hand - {done} done - Harry's walk-past used",
            "{hand} in hand - {done} done - Harry's walk-past used",
            done,
        )
    else:
        words = ngettext("{hand} in hand - {done} done", "{hand} in hand - {done} done", done)
    words = words.format(hand=player.hand_count, done=done)
    for size in (13, 12, 11):
        label = theme.text(words, size * k, theme.TEXT_DIM)
        if label.get_width() <= room:
            return label
    harry_used = player.character == "harry" and player.harry_used
    return _count_icons(player.hand_count, len(player.completed), harry_used, room, k)


@surface_cache(32)
def _count_icons(hand: int, done: int, harry_used: bool, room: int, k: float) -> pygame.Surface:
    """The counts as pictures with their numbers, composed once for each set of numbers (not at every frame)."""
    height = px(20 * k)
    parts = []
    for kind, number in (("hand", hand), ("done", done)):
        parts += [faces.count_icon(kind, height), theme.text(str(number), 14 * k, theme.TEXT, bold=True)]
    if harry_used:
        parts.append(faces.count_icon("harry", height))
    lefts, x = [], 0
    for index, part in enumerate(parts):  # an icon, its number close by, then a wider gap
        lefts.append(x)
        x += part.get_width() + (px(3) if index % 2 == 0 else px(9))
    out = pygame.Surface((lefts[-1] + parts[-1].get_width(), max(part.get_height() for part in parts)), pygame.SRCALPHA)
    for left, part in zip(lefts, parts, strict=True):
        out.blit(part, part.get_rect(midleft=(left, out.get_height() // 2)))
    return theme.fit_width(out, max(1, room), keep_height=True)


def _recent(look: Look, surface: pygame.Surface) -> None:
    """The log's last lines, newest at the bottom; above a docked choice panel lying over them, only the lines
    whole above it (its top edge cut one in half)."""
    rect = look.layout.recent
    if rect.height < px(30):
        return
    area = rect.inflate(-px(16), -px(10))
    if look.log_end is not None:
        area.height = max(0, min(area.bottom, look.log_end - px(4)) - area.top)
    theme.draw_log(surface, area, look.recent)


def _forget_unshown(stage: Stage, shown: set[Hashable]) -> None:
    """Cards out of the hand's row (played, or scrolled out of it) come back in afresh, and no card starts a glide
    onto the board from where the row showed it long ago (another layout, or before the row scrolled)."""
    for key in [key for key in stage.motions if isinstance(key, tuple) and key[0] == "hand" and key not in shown]:
        del stage.motions[key]
    for key in [key for key in stage.seen if isinstance(key, tuple) and key[0] == "hand" and key not in shown]:
        del stage.seen[key]


def _hand(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """The viewer's hand, every card whole and readable (scrolling past what the row can hold); a selected card
    raised, playable ones outlined; the piles' counts in the caption."""
    view, layout = look.view, look.layout
    held = view.me.hand or ()
    hand = held if look.placing is None else (look.placing, *held)  # a new card to place first, marked
    if look.placing:
        words = ngettext(
            "New card + {name}'s hand ({count} card)", "New card + {name}'s hand ({count} cards)", len(held)
        )
    else:
        words = ngettext("{name}'s hand ({count} card)", "{name}'s hand ({count} cards)", len(held))
    said = theme.text(words.format(name=look.names[view.seat], count=len(held)), 16, theme.TEXT, bold=True)
    caption = surface.blit(said, (layout.hand.left + px(10), layout.hand.top + px(5)))
    rects, first, scrolls = layout.hand_slots(len(hand), look.hand_first)
    if scrolls:
        piles = _(
            "Deck {deck} - discard {discard} - cards {first}-{last} of {total} (scroll with the arrows or the wheel)"
        ).format(
            deck=view.draw_count, discard=len(view.discard), first=first + 1, last=first + len(rects), total=len(hand)
        )
    else:
        piles = _("Deck {deck} - discard {discard}").format(deck=view.draw_count, discard=len(view.discard))
    # The Special deck's count: once it is empty, a Special reward draws two Adventure Cards instead.
    special = _("Special deck {count}").format(count=view.special_count)
    piles = f"{piles} - {special}"
    end = layout.hand.right if look.hand_end is None else min(layout.hand.right, look.hand_end)
    room = end - px(10) - (caption.right + px(16))  # (the counts were cut by a panel beside the board)
    label = fitting_label(piles, 14, theme.TEXT_DIM, room, bold=False)
    counts = stage.note(DECK, surface.blit(label, label.get_rect(midleft=(caption.right + px(16), caption.centery))))
    # Where the caption's letters end: a raised card's outline keeps clear of them (with large text in a small
    # window it lay on the descenders of "(5 cartes)")
    ink = max(caption.top + said.get_bounding_rect().bottom, counts.top + label.get_bounding_rect().bottom)
    if not held and look.placing is None:
        # (with both piles empty it said Draw takes new ones, beside a Draw button noting that they are empty; the
        # words are the catalogue's own, the hand's line and the button's note)
        words = _("No cards in hand: Draw takes new ones.")
        if view.draw_count == 0 and not view.discard:
            words = f"{_('Hand: empty')} - {_('both piles are empty')}"
        theme.write(surface, words, 16, theme.TEXT_DIM, center=layout.hand_cards.center)
    _forget_unshown(stage, {("hand", card) for card in hand[first : first + len(rects)]})
    for rect, card in zip(rects, hand[first:], strict=False):
        lifted = card == look.selected
        lift = max(0, min(px(8), rect.top - 1 - px(2) - ink)) if lifted else 0  # (its outline 1 px over the card)
        key = ("hand", card)
        spawn = None
        came = look.arrivals.get(card)
        if came == ("deck", -1):  # drawn: it comes from the deck's count in the caption
            spawn = pygame.Rect(0, 0, rect.width // 3, rect.height // 3).move_to(midleft=counts.midleft)
        elif came == ("board", -1):  # taken from the board (Accio!): it comes from its space
            spawn = stage.seen.pop(("left", card), None)
        placed = stage.place(key, rect.move(0, -lift), spawn=spawn, duration=0.3, stagger=0.08)
        if stage.waiting(key):
            continue  # (drawn, its glide not begun: it is still in the deck, not a small card over its count)
        drawn = hits.add("card", card, placed)
        if look.drag is not None and look.drag.kind == "card" and look.drag.item == card:
            continue  # (noted where it is carried: ``_carried``)
        stage.note(key, drawn)
        surface.blit(faces.card_face(card, drawn.width), drawn)
        if card == look.placing:
            pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(6), px(6)), max(2, px(3)), border_radius=px(8))
        elif card in look.playable:
            pygame.draw.rect(
                surface,
                theme.TARGET if lifted else theme.shade(theme.TARGET, 0.75),  # (the palette's: colour-blind too)
                drawn.inflate(2, 2),
                2,
                border_radius=px(7),
            )


def _breakdown(
    surface: pygame.Surface, breakdown: Breakdown, anchor: pygame.Rect, keep_clear: list[pygame.Rect], top: int
) -> pygame.Rect:
    """A score explained, as the results screen does: sections of lines with their points, and the total; in
    two columns when one would be too tall for the window. It lies below ``top`` (the banner's foot). Returns
    where it lies."""
    line, pad = theme.font_px(14) + px(5), px(14)
    bounds = surface.get_rect().inflate(-px(20), -px(20))
    bounds.height, bounds.top = bounds.bottom - max(bounds.top, top + px(8)), max(bounds.top, top + px(8))
    column_w = px(330)
    rows: list[tuple[str, str, int]] = []  # words, points, indent (-1: a section's heading)
    for section, lines in breakdown.sections:
        rows.append((section, "", -1))
        for text, value in lines:  # a long line wrapped, its points on its first row, the rest indented
            for index, part in enumerate(theme.wrap(text, 14, column_w - px(54))):
                rows.append((part, "" if value is None or index else f"+{value}", px(20) if index else px(10)))
    note = theme.wrap(breakdown.note, 13, column_w)
    head = px(40) + len(note) * (theme.font_px(13) + px(2)) + px(10)
    room = max(1, (bounds.height - head - px(40)) // line)
    columns = 1 if len(rows) <= room else 2
    per_column = -(-len(rows) // columns)
    width = column_w * columns + pad * (columns + 1)
    height = head + per_column * line + px(14)
    box = beside(pygame.Rect(0, 0, width, min(height, bounds.height)), anchor, bounds, keep_clear)
    theme.shadow(surface, box, px(12), offset=px(8), alpha=120)
    theme.panel(surface, box, colour=(36, 30, 26), edge=theme.GOLD, alpha=248)
    clip = surface.get_clip()
    surface.set_clip(box)
    total = theme.write(
        surface, breakdown.total, 20, theme.GOLD_LIGHT, True, topright=(box.right - pad, box.top + px(10))
    )
    room = total.left - px(10) - (box.left + pad)  # a long name and character stop short of the total
    surface.blit(fitting_label(breakdown.title, 20, theme.GOLD_LIGHT, room), (box.left + pad, box.top + px(10)))
    for index, words in enumerate(note):
        theme.write(
            surface,
            words,
            13,
            theme.TEXT_DIM,
            topleft=(box.left + pad, box.top + px(38) + index * (theme.font_px(13) + px(2))),
        )
    for index, (words, points, indent) in enumerate(rows):
        column, row = divmod(index, per_column)
        left = box.left + pad + column * (column_w + pad)
        y = box.top + head + row * line
        heading = indent < 0
        colour = theme.GOLD_LIGHT if heading else theme.TEXT
        label = theme.fit_width(theme.text(words, 14, colour, heading), column_w - px(44), keep_height=True)
        surface.blit(label, (left + max(0, indent), y))
        if points:
            theme.write(surface, points, 14, theme.GOOD, True, topright=(left + column_w, y))
    surface.set_clip(clip)
    return box


def beside(box: pygame.Rect, anchor: pygame.Rect, bounds: pygame.Rect, keep_clear: list[pygame.Rect]) -> pygame.Rect:
    """Where a popup of ``box``'s size goes: left of ``anchor``, else right, below or above it, inside ``bounds``,
    the first place that covers neither the anchor nor anything in ``keep_clear`` (else the one that covers
    least)."""
    gap, spots = px(10), []
    for side, at in (("midright", anchor.midleft), ("midleft", anchor.midright), ("midtop", anchor.midbottom),
                     ("midbottom", anchor.midtop)):  # fmt: skip
        spot = box.copy()
        setattr(
            spot,
            side,
            (
                at[0] + {"midright": -gap, "midleft": gap}.get(side, 0),
                at[1] + {"midtop": gap, "midbottom": -gap}.get(side, 0),
            ),
        )
        spot.clamp_ip(bounds)
        covered = sum(spot.clip(other).width * spot.clip(other).height for other in [anchor, *keep_clear])
        if covered == 0:
            return spot
        spots.append((covered, spot))
    return min(spots, key=lambda item: item[0])[1]
