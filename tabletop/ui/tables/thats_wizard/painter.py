"""Drawing the That's Wizard! table from one seat's view (a ``Look``): the log, the banner, every wizard's zone
(tracker, played card and dial, lasting spells with their tokens), the dice tray, and the viewer's hand, dial and
buttons. Returns what the pointer can touch: every card ("card") and the viewer's hand ("hand").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from tabletop.games.thats_wizard.cards import CARDS, COUNTERSPELL, FOCUS, MAX_POWER, MAX_STAMINA, SIDE_BOARD
from tabletop.games.thats_wizard.events import Play
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.rules import TEAM_NAMES
from tabletop.games.thats_wizard.view import LastingView, PlayView, ThatsWizardView
from tabletop.i18n import N_, language
from tabletop.ui import theme
from tabletop.ui.assets import scaled
from tabletop.ui.scenes.words import bot_name
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.sprites.motion import Drag, Flight
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.sprites.stage import Stage
from tabletop.ui.tables.thats_wizard.cards import (
    TEAM_COLOURS,
    card_back,
    card_face,
    card_height,
    lay_tokens,
    team_mark,
)
from tabletop.ui.tables.thats_wizard.dial import Dial, number
from tabletop.ui.tables.thats_wizard.dice import TRAY, DiceTray
from tabletop.ui.tables.thats_wizard.layout import SEEN_COLUMNS, TURN_EDGE, Layout, Zone, under_card
from tabletop.ui.tables.thats_wizard.standing import STANDING, duel_label, stamina_key
from tabletop.ui.theme import px, write
from tabletop.ui.widgets import Widget, fitting_label, prompt_label

Colour = tuple[int, int, int]
FLIP = 0.45  # seconds a revealed card takes to turn over
NUMBER_SIZE = 24  # a change rising from a tracker, at a zone's design size (``Zone.scale`` 1)
EMPTY_EDGE = (128, 120, 108)  # the edge of a place where cards go, empty (the viewer's side board before it is chosen)
LIFT = 22  # design pixels the picked card of the hand stands raised
MARK = "mark"  # the kind placed for the line saying what befell a played card (a message's box keeps clear of it)
TRACKS = (
    (N_("Stamina {value}"), MAX_STAMINA + 1, (196, 52, 46), "red"),
    (N_("Power {value}"), MAX_POWER + 1, (52, 96, 200), "blue"),
)


@dataclass(frozen=True)
class Look:
    """Everything one frame of the table shows, as the table sees it now."""

    view: ThatsWizardView
    layout: Layout
    names: Sequence[str]
    controllers: Sequence[str]  # who plays each seat: "human" or a bot's id ("easy", "hard", ...)
    recent: Sequence[Sequence[str]]  # the side log's last lines, wrapped to it
    instruction: str  # the banner's hint: what happens now
    choosing: bool  # the viewer picks a card and turns the dial now
    hidden: bool  # the viewer's hand and side board lie face down (a round shown to everyone sharing the screen)
    selected: str | None  # the card of the hand picked for this round
    drag: Drag | None
    flips: Mapping[int, float]  # seats whose revealed card is turning over, and for how long
    numbers: Sequence[Flight]  # Stamina and Power changes rising from the trackers: item (text, colour)
    trackers: Mapping[int, tuple[int, int]]  # Stamina and Power shown instead of the view's (a duel's end held)
    ended_duel: int | None  # the duel whose end is held while the view has gone on to the next one
    ended_plays: Sequence[PlayView] | None  # the cards of the round that ended it, shown meanwhile
    dice: DiceTray
    dial: Dial
    controls: Sequence[Widget]  # the buttons and the dial


def paint(look: Look, surface: pygame.Surface, stage: Stage) -> HitMap:
    hits = HitMap()
    stage.begin_frame()
    surface.blit(_background(look, surface.get_size()), (0, 0))
    _log(look, surface)
    _banner(look, surface, hits)
    for zone in look.layout.zones.values():
        _zone(look, surface, stage, zone, hits)
    _tray(look, surface)
    _hand(look, surface, stage, hits)
    for widget in look.controls:
        widget.draw(surface)
    _dial(look, surface)
    for flight in look.numbers:
        assert isinstance(flight.item, tuple)
        label = theme.text(flight.item[0], NUMBER_SIZE * flight.item[2], flight.item[1], bold=True)
        label.set_alpha(max(0, 255 - round(255 * flight.elapsed / flight.duration)))
        surface.blit(label, label.get_rect(center=flight.pos()))
        label.set_alpha(255)
    if look.drag is not None:
        rect = look.drag.rect()
        theme.shadow(surface, rect, px(10), offset=px(10), alpha=80)
        surface.blit(card_face(str(look.drag.item), rect.width), rect)
    return hits


def tracker_values(look: Look, seat: int) -> tuple[int, int]:
    """A wizard's Stamina and Power as the trackers show them now."""
    wizard = look.view.wizards[seat]
    return look.trackers.get(seat, (wizard.stamina, wizard.power))


def _background(look: Look, size: tuple[int, int]) -> pygame.Surface:
    view, layout = look.view, look.layout
    zones = tuple((tuple(z.rect), s == view.seat, s % 2, view.wizards[s].dueling) for s, z in layout.zones.items())
    tracks = tuple(
        (tuple(zone.tracks[row]), row, value, zone.scale)
        for seat, zone in layout.zones.items()
        for row, value in enumerate(tracker_values(look, seat))
    )
    return _felt(size, zones, tracks, tuple(layout.log), tuple(layout.banner), tuple(layout.tray), language())


@surface_cache(8)
def _felt(
    size: tuple[int, int], zones: tuple, tracks: tuple, log: tuple, banner: tuple, tray: tuple, _language: str
) -> pygame.Surface:
    """The felt with every panel on it (log, banner, zones, tray) and the wizards' tracker rows (their pawns glide
    over them), composed once per layout and Stamina and Power: one blit a frame."""
    surface = backdrop(size).copy()
    theme.panel(surface, pygame.Rect(log), colour=(30, 28, 34), alpha=225)
    write(surface, _("Spells read aloud"), 18, theme.GOLD_LIGHT, True, topleft=(log[0] + px(12), log[1] + px(8)))
    theme.panel(surface, pygame.Rect(banner), colour=(36, 30, 26), alpha=225)
    for rect, viewer, team, dueling in zones:
        # Each wizard's zone in their side's colour, the viewer's with a thicker edge: a gold edge for the viewer
        # read as the yellow side's (a blue wizard's own zone looked yellow beside a yellow rival's).
        fill, width = (28, 34, 46) if dueling else (24, 24, 28), px(4) if viewer else None
        theme.panel(surface, pygame.Rect(rect), colour=fill, edge=TEAM_COLOURS[team], alpha=215, edge_width=width)
    theme.panel(surface, pygame.Rect(tray), colour=TRAY, edge=(120, 90, 50), alpha=170)
    for rect, row, value, k in tracks:
        name, cells, colour, _pawn = TRACKS[row]
        track = pygame.Rect(rect)
        write(surface, _(name).format(value=value), 15 * k, bold=True, topleft=(track.left, track.top - px(16 * k)))
        surface.blit(_track(track.width, track.height, cells, colour, value), track)
    return surface


def _log(look: Look, surface: pygame.Surface) -> None:
    """The newest lines at the bottom, the last four brighter (a line the title would cut is left out)."""
    theme.draw_log(surface, look.layout.log_lines, look.recent, 15, theme.TEXT_DIM, bright=4)


def _banner(look: Look, surface: pygame.Surface, hits: HitMap) -> None:
    view, rect = look.view, look.layout.banner
    where = duel_label(view.players, view.duel)
    if look.ended_duel is not None:  # (the next duel's side boards are not asked yet)
        where = _("{where} - over").format(where=duel_label(view.players, look.ended_duel))
    elif view.stage == "sideboard":
        where = _("{where} - side boards").format(where=where)
    elif view.stage == "pairing":  # (the last set's round count no longer applies)
        where = _("{where} - who faces whom").format(where=where)
    elif view.round:
        where = _("{where} - round {round}").format(where=where, round=view.round)
    x = write(surface, where, 22, theme.GOLD_LIGHT, True, midleft=(rect.left + px(14), rect.centery)).right + px(20)
    icon = scaled("thats_wizard/victory", (px(26), px(26)))
    standing = pygame.Rect(x - px(6), rect.top + px(4), 0, rect.height - px(8))
    for team in (0, 1):
        surface.blit(icon, icon.get_rect(midleft=(x, rect.centery)))
        mark = team_mark(surface, team, (x + px(38), rect.centery), px(16))
        tag = _("{team} {tokens}/{target}").format(
            team=_(TEAM_NAMES[team]), tokens=view.tokens[team], target=view.win_target
        )
        x = write(surface, tag, 18, TEAM_COLOURS[team], True, midleft=(mark.right + px(6), rect.centery)).right + px(18)
    standing.width = x - px(12) - standing.left  # the victory tokens: resting on them explains the standing
    pygame.draw.rect(surface, (96, 84, 60), standing, max(1, px(1)), border_radius=px(8))
    hits.add("score", STANDING, standing)
    in_banner = [b.rect.left - px(12) for b in look.controls if b.visible and rect.contains(b.rect)]  # Concede...
    right = min([rect.right - px(14), *in_banner])
    hint = prompt_label(look.instruction, 18, theme.TEXT, max(1, right - x - px(10)), rect.height - px(4), False)
    surface.blit(hint, hint.get_rect(midright=(right, rect.centery)))


def last_duel_won(view: ThatsWizardView, seat: int) -> bool | None:
    """Whether ``seat`` won the last duel it finished (None: none yet). Read from the duels' results, not the
    duel's number: that is already the next one's while the sudden-death set is paired, and a 1 vs 1 match's
    last duel is never followed by another."""
    for winner, loser in zip(reversed(view.duel_winners), reversed(view.duel_losers), strict=True):
        if seat in (winner, loser):
            return seat == winner
    return None


def _zone(look: Look, surface: pygame.Surface, stage: Stage, zone: Zone, hits: HitMap) -> None:
    view, seat, top, k = look.view, zone.seat, zone.name.top, zone.scale
    wizard = view.wizards[seat]
    chip = pygame.Rect(zone.name.left, top + px(3 * k), px(18 * k), px(18 * k))
    team_mark(surface, seat % 2, chip.center, chip.width)
    status, colour = _status(view, seat) if look.ended_duel is None else ("", theme.TEXT_DIM)
    # Out of its duel, whether the wizard won it: a badge by the name (a stamp over the tracker hid "Power"); and
    # every wizard of a duel whose end is held.
    out = not wizard.dueling and view.stage != "sideboard"
    won = last_duel_won(view, seat) if out or look.ended_duel is not None else None
    badge = "" if won is None else _("Won this duel") if won else _("Lost this duel")
    counts = _("hand {hand}  side {side}").format(hand=wizard.hand_count, side=wizard.side_count)
    if wizard.streak:
        counts = _("Counterspell x{streak}  {counts}").format(streak=wizard.streak, counts=counts)
    if look.ended_duel is not None:  # (the counts are already the next duel's hand and side board)
        counts = ""
    counted = write(surface, counts, 15 * k, theme.TEXT_DIM, topright=(zone.name.right, top + px(6 * k)))
    # (the name keeps clear of its tag and the counts: a long Russian name, "choosing..." and a Counterspell streak
    # ran into one another)
    tag = theme.text(status or badge, 16 * k, bold=True).get_width() + px(8 * k) if status or badge else 0
    room = counted.left - px(12 * k) - tag - (px(12) if badge else 0) - chip.right - px(8 * k)
    # A bot's level after the name ("Hard bot", as History says it: two bots set up Easy and Hard looked alike at
    # the table, a new player's review), its room kept first while the name keeps its room (up to 80 px)
    level = _level(look, seat, 15 * k)
    least = min(theme.text(look.names[seat], 20 * k, bold=True).get_width(), px(80 * k))
    if level is not None and level.get_width() + px(8 * k) > room - least:
        level = None
    name = fitting_label(
        look.names[seat], 20 * k, theme.TEXT, max(1, room - (level.get_width() + px(8 * k) if level else 0))
    )
    title = surface.blit(name, (chip.right + px(8 * k), top + px(2 * k)))
    if level is not None:
        at = level.get_rect(bottomleft=(title.right + px(8 * k), title.bottom - px(2 * k)))
        title = title.union(surface.blit(level, at))
    write(surface, status, 16 * k, colour, True, topleft=(title.right + px(8 * k), top + px(5 * k)))
    if badge:
        ink, fill = (theme.INK, theme.GOLD_LIGHT) if won else (theme.TEXT, (58, 56, 62))
        theme.pill(surface, badge, 16 * k, ink, fill, midleft=(title.right + px(8 * k), title.centery))
    for row, value in enumerate(tracker_values(look, seat)):
        _track_row(surface, stage, zone, row, value)
    stamina = zone.tracks[0]
    hits.add("score", stamina_key(seat), stamina.inflate(0, px(16 * k)).move(0, -px(8 * k)))  # explains the Stamina
    _slot(look, surface, zone, hits)
    _lasting(look, surface, stage, zone, hits)
    _seen(look, surface, zone, hits)


def _level(look: Look, seat: int, size: float) -> pygame.Surface | None:
    """A bot seat's level in words ("Easy bot"); None for a person."""
    controller = look.controllers[seat]
    return None if controller == "human" else theme.text(bot_name(controller), size, theme.TEXT_DIM)


def _status(view: ThatsWizardView, seat: int) -> tuple[str, Colour]:
    """What a wizard is doing, as a tag by the name."""
    wizard = view.wizards[seat]
    if not wizard.dueling:
        return "", theme.TEXT_DIM
    if view.stage == "sideboard":
        return _("side board ready") if wizard.side_count else _("choosing a side board"), theme.TEXT_DIM
    if seat in view.paralyzed:
        return _("paralyzed"), theme.BAD
    if view.stage == "choose":
        return (_("ready"), theme.GOOD) if wizard.ready else (_("choosing..."), theme.TEXT_DIM)
    return "", theme.TEXT_DIM


@surface_cache(64)
def _track(width: int, height: int, cells: int, colour: Colour, value: int) -> pygame.Surface:
    """A tracker row: cells 0..cells-1, those up to ``value`` lit in the row's colour, numbers every five (every
    ten where the cells are too narrow for a readable number: Duos' Stamina, where they were 7 px high)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    cell = width / cells
    size, every = round(min(cell * 1.1, height * 0.6)), 5
    if size < theme.SMALLEST_TEXT:
        size, every = max(10, round(height * 0.6)), 10
    font = theme.font(size)
    rects = [pygame.Rect(round(index * cell), 0, max(1, round(cell) - 1), height) for index in range(cells)]
    for index, rect in enumerate(rects):
        lit = index <= value and value > 0
        pygame.draw.rect(surface, colour if lit else (58, 56, 62), rect, border_radius=max(1, height // 6))
    for index, rect in enumerate(rects):  # (over the cells: a number wider than its cell lies over its neighbours)
        if index % every == 0 or index == cells - 1 or cell >= px(22):
            lit = index <= value and value > 0
            label = font.render(str(index), True, (255, 255, 255) if lit else (196, 192, 186))
            surface.blit(label, label.get_rect(center=rect.center).clamp(surface.get_rect()))
    return surface


def _track_row(surface: pygame.Surface, stage: Stage, zone: Zone, row: int, value: int) -> None:
    """The pawn of one row of a wizard's tracker (0 Stamina, 1 Power), gliding to the value (the row itself lies on
    the felt)."""
    _name, cells, _colour, pawn = TRACKS[row]
    track = zone.tracks[row]
    cell = track.width / cells
    size = max(px(22), min(round(cell * 1.6), track.height + px(10)))
    target = pygame.Rect(0, 0, size, size)
    target.midbottom = (round(track.left + (value + 0.5) * cell), track.bottom + px(4))
    drawn = stage.place(("pawn", zone.seat, row), target)
    surface.blit(scaled(f"thats_wizard/pawn_{pawn}", drawn.size), drawn)


def _slot(look: Look, surface: pygame.Surface, zone: Zone, hits: HitMap) -> None:
    """The card this wizard played: face down until everyone is ready, turning over when revealed."""
    view, seat, rect, k = look.view, zone.seat, zone.slot, zone.scale
    plays, lasts = (view.plays, view.last_plays) if look.ended_plays is None else (look.ended_plays, ())
    play = next((p for p in plays if p.seat == seat), None)
    last = next((p for p in lasts if p.seat == seat), None)
    wizard = view.wizards[seat]
    pygame.draw.rect(surface, (255, 255, 255, 30), rect, width=max(1, px(2)), border_radius=px(8))
    chosen = play is None and view.stage == "choose" and wizard.ready and wizard.dueling
    if chosen and seat != view.seat and last is not None and last.card is not None:
        # Another wizard's card of last round stays face up until the next reveal (a bot chooses again at once,
        # and its new card lay over the one just revealed); the new choice is a small back on its corner.
        surface.blit(card_face(last.card, rect.width, True), hits.add("card", last.card, rect))
        _small_dial(surface, zone.slot_dial, last.dial, (160, 150, 130))
        _under(surface, rect, _("last round"), theme.TEXT_DIM, False, k)
        back_w = max(px(18), rect.width * 2 // 5)
        back_w = min(back_w, 3 * (zone.lasting.left - px(4) - rect.right) // 2)  # (short of the lasting spells)
        chosen_card = pygame.Rect(0, 0, back_w, card_height(back_w))
        chosen_card.topleft = (rect.right - back_w // 3, rect.top + px(4))  # (mostly beside it, short of the dial)
        pygame.draw.rect(surface, (12, 10, 8), chosen_card.move(px(2), px(3)), border_radius=px(5))  # (its shadow)
        surface.blit(card_back(seat % 2, back_w), chosen_card)
    elif chosen:
        surface.blit(card_back(seat % 2, rect.width), rect)
        _small_dial(surface, zone.slot_dial, None)
        if seat == view.seat and view.choice is not None and view.choice[0] is not None:
            pick = _("your pick: {card} {dial}").format(card=CARDS[view.choice[0]].name, dial=view.choice[1])
            _under(surface, rect, pick, theme.HIGHLIGHT, False, k)
        elif last is not None and last.card is not None:  # the pick covers last round's card: it is named under it
            said = _("last round: {card} {dial}").format(card=CARDS[last.card].name, dial=last.dial)
            hits.add("card", last.card, _under(surface, rect, said, theme.TEXT_DIM, False, k))
    elif play is None and last is not None and last.card is not None and view.stage == "choose":
        surface.blit(card_face(last.card, rect.width, True), hits.add("card", last.card, rect))
        _small_dial(surface, zone.slot_dial, last.dial, (160, 150, 130))
        _under(surface, rect, _("last round"), theme.TEXT_DIM, False, k)
    elif play is not None and play.card is None:
        said = _("paralyzed") if play.reason == "paralyzed" else _("pass")
        write(surface, said, 18 * k, theme.TEXT_DIM, True, center=rect.center)
    elif play is not None and play.card is not None:
        if view.stage == "turns" and seat in view.order and view.order.index(seat) == view.turn:
            # (under the dial, which lies over its right side: it ran through the dial's number)
            outline = rect.inflate(px(TURN_EDGE), px(TURN_EDGE))
            pygame.draw.rect(surface, theme.HIGHLIGHT, outline, px(3), border_radius=px(8))
        flip = look.flips.get(seat)
        if flip is not None and flip < FLIP:  # narrow to an edge, then wide again showing the other side
            t = flip / FLIP
            showing = card_face(play.card, rect.width, not play.legal) if t >= 0.5 else card_back(seat % 2, rect.width)
            squeezed = pygame.transform.scale(showing, (max(1, round(rect.width * abs(1 - 2 * t))), rect.height))
            surface.blit(squeezed, squeezed.get_rect(center=rect.center))
        else:
            # (greyed as an illegal play is, a spell whose turn never came: the duel's end may cover its line)
            grey = not play.legal or never_cast(play, look.ended_plays is not None)
            surface.blit(card_face(play.card, rect.width, grey), hits.add("card", play.card, rect))
            _small_dial(surface, zone.slot_dial, play.dial, theme.BAD if not play.legal else (255, 248, 228))
        mark = _mark(play, look.ended_plays is not None)
        if mark is not None:  # (kept clear of a message's box: ``MARK``)
            hits.add(MARK, seat, _under(surface, rect, *mark, True, k))


def _mark(play: PlayView, ended: bool) -> tuple[str, Colour] | None:
    """What befell a played card, said under it: one line, the zone has room for no more. One is all there is:
    the rules counter no illegal play and turn back no countered spell (it has no effect: where it would have gone
    does not matter). Should both flags ever be set, the first of illegal, countered, turned back is said. As a
    duel's end is held (``ended``), a spell whose turn never came says so (it lay there as if it had been cast)."""
    if not play.legal:
        return _("illegal: skipped"), theme.BAD
    if play.countered:
        return _("countered"), theme.BAD
    if play.reversed:
        return (_("turned back") if play.reversed_by == "reflect" else _("confused: turned back")), theme.HIGHLIGHT
    if never_cast(play, ended):
        return _("not cast: the duel ended first"), theme.TEXT_DIM
    return None


def never_cast(play: PlayView, ended: bool) -> bool:
    """A spell revealed whose turn never came, the duel over first (``ended``: its end held)."""
    fine = play.legal and not play.countered and not play.reversed
    return ended and fine and not play.cast and play.card is not None and CARDS[play.card].is_spell


def _under(
    surface: pygame.Surface, card: pygame.Rect, text: str, colour: Colour, bold: bool = True, k: float = 1.0
) -> pygame.Rect:
    """A short line under a played card, clear of the turn's outline round it (``k``: the zone's scale); returns
    where it lies."""
    return write(surface, text, 14 * k, colour, bold, midtop=(card.centerx, under_card(card)))


def _small_dial(surface: pygame.Surface, rect: pygame.Rect, value: int | None, colour: Colour = (0, 0, 0)) -> None:
    """A played card's dial, its value in a disc of ``colour`` (red: a dial the card cannot take)."""
    surface.blit(scaled("thats_wizard/dial_face", rect.size), rect)
    if value is not None:
        pygame.draw.circle(surface, colour, rect.center, rect.width // 3)
        label = number(str(value), max(12, rect.width // 2), theme.INK)
        surface.blit(label, label.get_rect(center=rect.center))


def _lasting(look: Look, surface: pygame.Surface, stage: Stage, zone: Zone, hits: HitMap) -> None:
    """The lasting spells lying by this wizard, with their lasting-effect tokens in the owner's colour; one that
    holds both wizards of a team (Imprison in Duos) by each of them (it lay by the first alone, and the other's
    panel said nothing of it)."""
    items = [item for item in look.view.lasting if lies_by(look.view, item, zone.seat)]
    area, w = zone.lasting, zone.lasting_w
    if items:
        w = max(min(w, (area.width - (len(items) - 1) * px(6)) // len(items)), min(w, px(64)))  # overlap if need be
    step = min(w + px(6), (area.width - w) // max(1, len(items) - 1)) if len(items) > 1 else w
    for index, item in enumerate(items):
        rect = pygame.Rect(area.left + index * step, area.top, w, card_height(w))
        drawn = stage.place(("lasting", item.owner, item.card, zone.seat), rect, spawn=zone.slot)
        surface.blit(card_face(item.card, w), hits.add("card", item.card, drawn))
        lay_tokens(surface, drawn, item.tokens, item.owner % 2)
        if item.under:
            holds = ngettext("holds {count} card", "holds {count} cards", len(item.under)).format(count=len(item.under))
            write(surface, holds, 13 * zone.scale, theme.HIGHLIGHT, True, midtop=(drawn.centerx, drawn.bottom + px(1)))


def lies_by(view: ThatsWizardView, item: LastingView, seat: int) -> bool:
    """Whether ``item`` is drawn by ``seat``: one of its targets, but not one out of their duel while another of its
    targets duels on (a spell for both opponents acts on those still dueling, §5.12: Miasma lay by a wizard whose
    duel had ended, as if it still worked on them)."""
    if seat not in item.targets:
        return False
    wizards = view.wizards
    return wizards[seat].dueling or not any(wizards[other].dueling for other in item.targets if other != seat)


def _seen(look: Look, surface: pygame.Surface, zone: Zone, hits: HitMap) -> None:
    """The spells this wizard has shown this match, small (each zooms to be read): all the others know of the
    book."""
    area, w = zone.seen, zone.seen_w
    if not area.width:
        _seen_words(look, surface, zone)
        return
    cards = look.view.wizards[zone.seat].seen
    label = _("Spells shown this match") if cards else _("No spell shown yet this match")
    title = fitting_label(label, 14 * zone.scale, theme.TEXT_DIM, area.width)  # (Russian's is long)
    surface.blit(title, area.topleft)
    for index, card in enumerate(cards[: 2 * SEEN_COLUMNS]):
        row, column = divmod(index, SEEN_COLUMNS)
        top = area.top + px(20 * zone.scale) + row * (card_height(w) + px(6))
        rect = pygame.Rect(area.left + column * (w + px(6)), top, w, card_height(w))
        surface.blit(card_face(card, w), hits.add("card", card, rect))


def _seen_words(look: Look, surface: pygame.Surface, zone: Zone) -> None:
    """Where a zone has no room for the spells shown this match (Duos beside a wide window: in none of them), their
    names under the tracker, on as many lines as there is room for: with four spellbooks to keep in mind, they
    time a Counterspell and tell the rest of a book (a review found Duos' lists gone)."""
    cards = look.view.wizards[zone.seat].seen
    top = zone.tracker.bottom + px(2)
    size = 13 * zone.scale
    step = theme.ui_font(size).get_linesize()
    rows = (zone.rect.bottom - px(6) - top) // step
    if rows < 1:
        return
    if cards:
        said = _("Shown this match: {spells}").format(spells=", ".join(CARDS[card].name for card in cards))
    else:
        said = _("No spell shown yet this match")
    lines = theme.wrap(said, size, zone.tracker.width)
    if len(lines) > rows and cards:  # the short label, so a spell shows ("Shown this match:..." named none)
        said = _("Shown: {spells}").format(spells=", ".join(CARDS[card].name for card in cards))
        lines = theme.wrap(said, size, zone.tracker.width)
    if len(lines) > rows:  # the last line that fits ends with "..." (the list zooms from nowhere: the log has it)
        words = lines[rows - 1].split(" ")
        label_words = len(_("Shown: {spells}").split("{spells}")[0].split())  # (French: "Montrés :", two)
        least = label_words + 1 if rows == 1 and cards else 1  # (the label and a spell)
        while len(words) > least and theme.ui_font(size).size(" ".join(words) + "...")[0] > zone.tracker.width:
            words.pop()
        lines = [*lines[: rows - 1], " ".join(words).rstrip(",") + "..."]
    for row, line in enumerate(lines):
        said_line = theme.fit_width(theme.text(line, size, theme.TEXT_DIM), zone.tracker.width)
        surface.blit(said_line, (zone.tracker.left, top + row * step))


def _tray(look: Look, surface: pygame.Surface) -> None:
    view, rect = look.view, look.layout.tray
    text = ""
    if view.order and view.stage in ("turns", "eor", "cleanup", "choose") and view.plays:
        text = _("Turn order: {names}").format(names="  >  ".join(look.names[s] for s in view.order))
    elif view.last_plays and view.stage == "choose":
        text = _("Last round's cards lie by each wizard.")
    if not text:
        look.dice.draw(surface)
        return
    # The note lies at the tray's bottom right, else at its bottom left where a die rests there (the last round's
    # tie roll lay over "Last round's cards lie by each wizard." in a 1024x640 window, a review in Russian); where
    # dice rest at both, it is written over them on its own patch of tray. The dice's names keep clear of it.
    note = theme.text(text, 16, theme.TEXT_DIM)
    places = [
        note.get_rect(bottomright=(rect.right - px(12), rect.bottom - px(6))),
        note.get_rect(bottomleft=(rect.left + px(12), rect.bottom - px(6))),
    ]
    dice = look.dice.die_rects()
    spot = next((place for place in places if place.collidelist(dice) < 0), places[0])
    drawn = look.dice.draw(surface, keep_clear=[spot])
    if spot.collidelist(drawn) >= 0:
        pygame.draw.rect(surface, TRAY, spot.inflate(8, 4), border_radius=4)
    surface.blit(note, spot)


SPECIAL_CARDS = (FOCUS, COUNTERSPELL)  # laid after the spells, in this order


def hand_in_order(view: ThatsWizardView) -> list[str]:
    """The viewer's hand as laid out: the spells in their spellbook's order, then Focus and Counterspell (then any
    other card). Laid out in the order held, a quick card played went back to the end of the hand: each round the
    cards changed places, and a tap where Explosion had been picked Embrace Pain (the new player's review of Duos)."""
    book = list(view.book)

    def place(card: str) -> int:
        if card in book:
            return book.index(card)
        if card in SPECIAL_CARDS:
            return len(book) + SPECIAL_CARDS.index(card)
        return len(book) + len(SPECIAL_CARDS)

    return sorted(view.hand, key=place)


def _hand(look: Look, surface: pygame.Surface, stage: Stage, hits: HitMap) -> None:
    """The viewer's hand (a playable card lit while choosing, the picked one raised) and face-down side board."""
    view, layout = look.view, look.layout
    dueling = view.wizards[view.seat].dueling
    hand = hand_in_order(view) if dueling and view.stage != "sideboard" and not look.hidden else []
    playable = {c.card for c in view.legal if isinstance(c, Play)}
    area, w = layout.hand, layout.card_w
    step = min(w + px(10), (area.width - w) // max(1, len(hand) - 1)) if len(hand) > 1 else w
    left = area.left + max(0, (area.width - step * (len(hand) - 1) - w) // 2)
    for index, card in enumerate(hand):
        lift = px(LIFT) if card == look.selected else 0
        rect = pygame.Rect(left + index * step, area.top + px(26) - lift, w, card_height(w))
        drawn = stage.place(("hand", card), rect)
        if look.drag is not None and look.drag.item == card:
            continue
        surface.blit(card_face(card, w, look.choosing and card not in playable), hits.add("card", card, drawn))
        hits.add("hand", card, drawn)
        if card == look.selected:
            pygame.draw.rect(surface, theme.HIGHLIGHT, drawn.inflate(px(6), px(6)), px(3), border_radius=px(8))
    if not hand:
        text = _("Your hand is hidden while the side boards are chosen.") if view.stage == "sideboard" else ""
        if look.hidden:
            text = _("Hands stay hidden while everyone looks at the spells revealed.")
        if not dueling:  # (once the match is over, not "Your duel is over.": a review in French)
            text = _("The match is over.") if view.stage == "over" else _("Your duel is over.")
        write(surface, text, 18, theme.TEXT_DIM, center=area.center)
    side, width = layout.side, layout.side.width - px(16)
    write(surface, _("side board"), 14, theme.TEXT_DIM, topleft=(side.left, side.top - px(18)))
    places = [
        pygame.Rect(side.left + i * px(14), side.top + i * px(6), width, card_height(width)) for i in range(SIDE_BOARD)
    ]
    if not view.side:  # the two places its cards will take (the word alone stood over nothing: what goes there?)
        for place in places:
            pygame.draw.rect(surface, (30, 28, 34), place, border_radius=px(6))
            pygame.draw.rect(surface, EMPTY_EDGE, place, width=max(1, px(2)), border_radius=px(6))
    for rect, card in zip(places, view.side, strict=False):
        if look.hidden:
            surface.blit(card_back(view.seat % 2, width), rect)
        else:
            surface.blit(card_face(card, width, True), hits.add("card", card, rect))


def counterspell_cost(view: ThatsWizardView) -> tuple[str, theme.Colour]:
    """What a Counterspell played now costs the viewer: 1 Stamina, 1 more for each played in the rounds just
    before; in red when that is all the Stamina they have."""
    me = view.wizards[view.seat]
    cost = 1 + me.streak
    if cost >= me.stamina:
        return _("Counterspell: costs {cost} Stamina, all you have left: it ends your duel.").format(
            cost=cost
        ), theme.BAD
    if me.streak:
        line = ngettext(
            "Counterspell: costs {cost} Stamina ({count} played in the rounds just before).",
            "Counterspell: costs {cost} Stamina ({count} played in the rounds just before).",
            me.streak,
        )
        return line.format(cost=cost, count=me.streak), theme.TEXT
    return _("Counterspell: costs 1 Stamina (one more in the next round costs 2)."), theme.TEXT


def _dial(look: Look, surface: pygame.Surface) -> None:
    """The Spell Power dial (veiled while the viewer does not choose), and what the pick costs or breaks."""
    dial, rect, note = look.dial, look.layout.dial, look.layout.note
    if not look.choosing:
        veil = rect.inflate(px(6), px(6))
        surface.blit(theme.panel_surface(veil.size, (0, 0, 0), (0, 0, 0), rect.width, 120, 0), veil)
    write(surface, _("Spell Power"), 15, theme.TEXT_DIM, True, midtop=(rect.centerx, rect.bottom + px(2)))
    if not look.choosing or look.selected is None:
        return
    card = CARDS[look.selected]
    tax = look.view.tax if card.is_spell else 0
    at = (note.left + px(4), note.centery)
    if dial.problem:
        said = _("Illegal play: {problem}").format(problem=dial.problem)
        write(surface, said, 15, theme.BAD, True, midleft=at)
    elif look.selected == COUNTERSPELL:  # (it costs Stamina, not Power: "costs 0 Power" hid a duel-ending cost)
        said, colour = counterspell_cost(look.view)
        write(surface, said, 15, colour, colour == theme.BAD, midleft=at)
    elif tax:
        said = _("{card} at {dial}: costs {cost} Power (+{tax} Tongue Tie).")
        write(surface, said.format(card=card.name, dial=dial.value, cost=dial.value + tax, tax=tax), 15, midleft=at)
    else:
        said = _("{card} at {dial}: costs {cost} Power.").format(card=card.name, dial=dial.value, cost=dial.value)
        write(surface, said, 15, midleft=at)
