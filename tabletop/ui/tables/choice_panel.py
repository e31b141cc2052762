"""The one panel every game uses for a choice the rules ask of a player.

A game describes each legal command it offers as an ``Option``: the card it is about (shown as a face the player
taps), the other picks it needs (rows of buttons: a target, a set, an ability...), or a button that gives it at
once. The player selects; the confirm button lights up once the selection makes one of the options, and gives
it. Nothing is chosen for the player: a suggestion is only preselected. "Peek at the table" folds the panel away
and back. Cards that do not fit on one row wrap onto more, so any number of them can be seen and chosen.

The title, the explanation and the labels are the game's (in its catalogue); the panel's own words are the
shell's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.core.protocol import Command
from tabletop.i18n import gettext as _
from tabletop.i18n import ngettext
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, fitting_label

Face = Callable[[str, int], pygame.Surface]  # (card, width) -> its face
Height = Callable[[int], int]  # a card face's height for a width


LIFT = 8  # design px a chosen card rises


@dataclass(frozen=True)
class Pick:
    """One value of a row of buttons: ``row`` names the row ("to", "set"), ``value`` is what it stands for."""

    row: str
    value: Hashable
    label: str


@dataclass(frozen=True)
class Option:
    """A legal command as the panel offers it: the card it is about, its picks, or a button that gives it."""

    command: Command
    card: str | None = None
    picks: tuple[Pick, ...] = ()
    button: str = ""  # a button of its own that gives the command at once ("Keep my cards")
    enabled: bool = True  # a button shown but not to be pressed now (the rules' reason is in the explanation)
    primary: bool = False  # the button to press first
    cards: tuple[str, ...] = ()  # several cards picked together (a side board): their order does not matter


@dataclass
class ChoicePanel:
    title: str
    explain: str
    options: Sequence[Option]
    face: Face | None = None
    face_height: Height | None = None
    confirm_label: Callable[[Command | None], str] = lambda command: _("Confirm")
    suggestion: Command | None = None
    card_width: int = 150  # at scale 1; narrower when many cards must fit
    docked: bool = False  # at the foot of the table, without a veil: for choices also made by tapping the table
    dock_top: bool = False  # a docked panel at the head of the table instead (under its prompt)
    cancel: Callable[[], None] | None = None  # a Cancel button (a choice the player opened and may take back)
    safe: Command | None = None  # the answer the keyboard's focus rests on first (one that spends nothing)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))  # where it was last laid out
    hidden: bool = False
    selected_card: str | None = None
    selected: dict[str, Hashable] = field(default_factory=dict)
    card_rects: dict[str, pygame.Rect] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rows: dict[str, dict[Hashable, Button]] = {}
        for option in self.options:
            for pick in option.picks:
                buttons = self.rows.setdefault(pick.row, {})
                if pick.value not in buttons:
                    buttons[pick.value] = Button(pick.label, self._picker(pick), size=20)
        self.direct = [
            Button(option.button, self._giver(option.command), size=22) for option in self.options if option.button
        ]
        # A suggestion that is a button's answer (House Cup's "Keep none of them" when every card would cost) is
        # lit as the one to press, and no lone card is picked for the player (its Confirm kept a costly card)
        self.suggested: Button | None = None  # lit while nothing else is chosen (one gold button, not two)
        for button, option in zip(self.direct, [option for option in self.options if option.button], strict=True):
            button.enabled, button.primary = option.enabled, option.primary
            if option.command == self.suggestion and option.enabled:
                button.primary, self.suggested = True, button
        suggested = self.suggested is not None
        self.picked: list[str] = []  # several cards picked together, in the order they were tapped
        self.pick_count = max((len(option.cards) for option in self.options), default=0)
        if self.cancel is not None:
            self.direct.append(Button(_("Cancel"), self.cancel, size=22))
        self.confirm = Button("", self._confirm_pressed, primary=True, size=22)
        self.hide = Button(_("Peek at the table"), self._toggle_hidden, size=18)
        self.chosen: Command | None = None
        self.pressed = False  # the last pointer event was one of its buttons'
        self.words_h = px(106)  # the title's and explanation's height (``layout`` works it out)
        # What "Back to the choice" must not lie over while the table is peeked at (the table's: ``peek_clear``).
        self.keep_clear: list[pygame.Rect] = []
        # What a docked panel's free edge must not cut across (the table's: ``dock_blocks``): the edge moves past
        # such a block, the panel covering it whole (House Cup Challenge's panel cut two players' panels in half).
        self.blocks: list[pygame.Rect] = []
        for name, choices in self.rows.items():
            if len(choices) == 1:
                self.selected[name] = next(iter(choices))
        if len(self.cards()) == 1 and not suggested:
            self.selected_card = self.cards()[0]
        if self.suggestion is not None:
            self.select(self.suggestion)

    # --- what can be picked --------------------------------------------------------------------------------
    def cards(self) -> list[str]:
        cards: list[str] = []
        for option in self.options:
            for card in (option.card, *option.cards) if not option.button else ():
                if card is not None and card not in cards:
                    cards.append(card)
        return cards

    def command(self) -> Command | None:
        """The command the current selection makes, if it is complete."""
        for option in self.options:
            if option.button:
                continue
            if option.card is not None and option.card != self.selected_card:
                continue
            if self.pick_count and sorted(option.cards) != sorted(self.picked):
                continue
            if all(self.selected.get(pick.row, _NONE) == pick.value for pick in option.picks):
                return option.command
        return None

    def select(self, command: Command) -> None:
        """Preselect what makes ``command`` (a suggestion)."""
        for option in self.options:
            if option.command == command and not option.button:
                self.selected_card = option.card if option.card is not None else self.selected_card
                for pick in option.picks:
                    self.selected[pick.row] = pick.value

    def _picker(self, pick: Pick) -> Callable[[], None]:
        return lambda: self._pick(pick)

    def _pick(self, pick: Pick) -> None:
        self.selected[pick.row] = pick.value
        if self.pick_count and isinstance(pick.value, tuple):  # a preset: the cards it picks
            self.picked = [str(card) for card in pick.value]

    def _giver(self, command: Command) -> Callable[[], None]:
        return lambda: self._give(command)

    def _give(self, command: Command) -> None:
        self.chosen = command

    def _confirm_pressed(self) -> None:
        self.chosen = self.command()

    def carry_over(self, old: ChoicePanel) -> None:
        """Made again for the same choice (in another language): the choice as far as it was made on ``old``
        (the card and rows picked, folded away or not). A language changed in Settings made a fresh panel, the
        cards already picked forgotten (a review of Settings changed mid-game)."""
        if [option.command for option in old.options] != [option.command for option in self.options]:
            return
        self.selected_card, self.selected, self.picked = old.selected_card, dict(old.selected), list(old.picked)
        self.hidden = old.hidden
        self.hide.label = _("Back to the choice") if self.hidden else _("Peek at the table")

    def _toggle_hidden(self) -> None:
        self.hidden = not self.hidden
        self.hide.label = _("Back to the choice") if self.hidden else _("Peek at the table")  # what a press does now
        self.layout(self.area)  # the button moves between the panel's corner and the table's foot

    # --- layout ------------------------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        self.area = area
        cards = self.cards()
        # A tall window (a touchscreen's) is narrow at its scale: the panel spans it, so its cards come larger
        # (a That's Wizard! side board of seven at 1080x1920 had cards 93 px wide in the middle two thirds).
        finger = theme.is_tall(theme.Scale.size)  # (the window's: the panel's own area may be wide in a tall window)
        width = area.width if finger else min(area.width, px(900))
        button_rows = sum(-(-len(row) // 3) for row in self.rows.values())
        foot, foot_w, per_line = self._foot(width - px(48))
        foot_lines = -(-len(foot) // per_line) if foot else 0
        words = self._words_height(width) if self.explain or not self.docked else px(60)
        # Room over the cards for a chosen one's lift and ring: it rose into the words (and under the guide's ring
        # round them), its name hidden.
        lift_room = px(LIFT + 3) if cards else 0
        height = words + lift_room + button_rows * px(56) + foot_lines * px(56) + px(12) + (px(8) if cards else 0)
        card_w, per_row = self._card_size(len(cards), width - px(48), area.height - height, rows_first=finger)
        card_h = self._height(card_w)
        card_rows = -(-len(cards) // per_row) if cards else 0
        height += card_rows * (card_h + px(12))
        self.rect = pygame.Rect(0, 0, width, min(height, area.height))
        if self.docked:
            self.rect.midbottom = area.midbottom
            if self.dock_top:
                self.rect.midtop = area.midtop
            grown = self._clear_blocks(area)
        else:
            self.rect.center = area.center
            grown = 0
        # (grown at its top, the room goes under the words: the buttons stay where they were, by the docked edge)
        y = self.rect.top + words + lift_room + (0 if self.dock_top else grown)
        self.card_rects = {}
        for start in range(0, len(cards), per_row):
            line = cards[start : start + per_row]
            x = self.rect.centerx - (len(line) * (card_w + px(10)) - px(10)) // 2
            for card in line:
                self.card_rects[card] = pygame.Rect(x, y, card_w, card_h)
                x += card_w + px(10)
            y += card_h + px(12)
        y += px(8) if cards else 0
        for choices in self.rows.values():
            items = list(choices.values())
            widest = max(theme.text(b.label, b.size, theme.TEXT, bold=True).get_width() for b in items) + px(32)
            room = (self.rect.width - px(40)) // min(3, len(items)) - px(10)  # (three to a line at most)
            bw = min(max(px(250) if len(choices) > 2 else px(200), widest), room)
            for start in range(0, len(items), 3):
                three = items[start : start + 3]
                x = self.rect.centerx - (len(three) * (bw + px(10)) - px(10)) // 2
                for button in three:
                    button.rect = pygame.Rect(x, y, bw, px(46))
                    x += bw + px(10)
                y += px(56)
        for index, button in enumerate(foot):
            line_number, column = divmod(index, per_line)
            in_line = min(per_line, len(foot) - line_number * per_line)
            left = self.rect.centerx - (in_line * (foot_w + px(20)) - px(20)) // 2
            button.rect = pygame.Rect(left + column * (foot_w + px(20)), y + line_number * px(56), foot_w, px(46))
        self.words_h = words
        # (taller in a tall window, a touchscreen's: 34 design px came to 29 at 1080x1920, short of a fingertip)
        self.hide.rect = pygame.Rect(
            self.rect.right - px(180), self.rect.top + px(12), px(168), px(44 if finger else 40)
        )
        if self.hidden:
            self.hide.rect = self._peek_spot(area, px(48 if finger else 40))

    def _clear_blocks(self, area: pygame.Rect) -> int:
        """Grow a docked panel past the free edge's side so that edge cuts none of ``blocks`` (within ``area``):
        the block it would cut is covered whole, a gap left beyond it. Returns how much the panel grew."""
        gap, rect, before = px(4), self.rect, self.rect.height
        for block in sorted(self.blocks, key=lambda block: block.top if self.dock_top else -block.bottom):
            if self.dock_top and block.top < rect.bottom < block.bottom + gap:
                rect.height = min(block.bottom + gap, area.bottom) - rect.top
            elif not self.dock_top and block.top - gap < rect.top < block.bottom:
                rect.height += rect.top - max(block.top - gap, area.top)
                rect.bottom = area.bottom
        return rect.height - before

    def _peek_spot(self, area: pygame.Rect, high: int) -> pygame.Rect:
        """Where "Back to the choice" stands while the table is peeked at: the foot of the area, or where it
        covers nothing of ``keep_clear``, the free place of the window nearest to it (on Stupéfix's table the foot
        lay over two houses' scores, the very thing a peek is for)."""
        foot = pygame.Rect(0, 0, px(220), high).move_to(midbottom=(area.centerx, area.bottom - px(10)))
        if foot.collidelist(self.keep_clear) < 0:
            return foot
        window, step = pygame.Rect((0, 0), theme.Scale.size), px(20)
        spots = [
            foot.move_to(topleft=(x, y))
            for y in range(window.top + px(6), window.bottom - high - px(6), step)
            for x in range(window.left + px(6), window.right - foot.width - px(6), step)
        ]
        free = [spot for spot in spots if spot.collidelist(self.keep_clear) < 0]
        near = (foot.centerx, foot.centery)
        return min(free, key=lambda spot: (spot.centerx - near[0]) ** 2 + (spot.centery - near[1]) ** 2, default=foot)

    def _words_height(self, width: int) -> int:
        """The title's line and every line of the explanation (wrapped to the panel under "Peek at the table"),
        at least the room of two: a long one (Russian, Large text) used to lose its last lines."""
        lines = len(theme.wrap(self.explain, 19, width - px(48)))
        return max(px(106), self._head() + lines * theme.line_height(19) + px(8))

    def _head(self) -> int:
        """The title's line, as high as "Peek at the table" beside it (taller in a tall window: its first line of
        words lay under the button's foot)."""
        return px(62) if theme.is_tall(theme.Scale.size) else px(54)

    def _foot(self, room: int) -> tuple[list[Button], int, int]:
        """The buttons at the panel's foot, one width for all (the longest words Confirm may show), and how many
        go on a line: they wrap when one line cannot hold them."""
        foot = [self.confirm, *self.direct] if self._needs_confirm() else list(self.direct)
        if not foot:
            return [], 0, 1
        labels = [self.confirm_label(o.command) for o in self.options if not o.button] + [b.label for b in self.direct]
        widest = max(theme.text(label, 22, bold=True).get_width() + px(40) for label in labels)
        width = min(room, max(px(220), widest))
        return foot, width, max(1, (room + px(20)) // (width + px(20)))

    def _card_size(self, count: int, width: int, height: int, rows_first: bool = False) -> tuple[int, int]:
        """Card width and cards per row: full size while one row fits, then smaller, then wrapped rows of the
        largest cards whose rows still fit ``height`` (any number of cards fits: each one zooms to be read).
        ``rows_first`` (a tall window, room to spare under a row): wrapped rows whenever their cards come larger
        than one row's (eleven cards to discard from at 800x1280 lay in one row 61 px wide, their words 6 px high,
        two rows of full-size ones fitting in half the room)."""
        if count == 0:
            return px(self.card_width), 1
        gap = px(10)
        full = px(self.card_width)
        if count * (full + gap) - gap <= width:
            return full, count
        fitted = (width + gap) // count - gap
        if fitted >= px(96):
            wrapped = self._wrapped_size(count, width, height)
            return wrapped if rows_first and wrapped[0] > fitted else (fitted, count)
        return self._wrapped_size(count, width, height)

    def _wrapped_size(self, count: int, width: int, height: int) -> tuple[int, int]:
        """The largest card width (and cards per row) whose wrapped rows fit ``width`` and ``height``."""
        gap = px(10)
        full = px(self.card_width)
        card_w, per_row = full, 1
        for card_w in range(full, px(40) - 1, -max(1, px(2))):
            per_row = max(1, min(count, (width + gap) // (card_w + gap)))
            if -(-count // per_row) * (self._height(card_w) + px(12)) <= height:
                break
        return card_w, per_row

    def _height(self, width: int) -> int:
        return self.face_height(width) if self.face_height is not None else round(width * 1.4)

    def _needs_confirm(self) -> bool:
        return any(not option.button for option in self.options)

    def first_stop(self) -> Button | None:
        """Where the keyboard's focus goes when the panel opens: the safe answer's button, when the game names one
        (the nearest stop was taken: "Flip it" after a move by keys, so a second Enter spent the token). Else
        None: the focus stays where it finds itself (a first choice or Confirm would commit on a second Enter)."""
        given = [option.command for option in self.options if option.button]
        if self.safe is not None and self.safe in given:
            return self.direct[given.index(self.safe)]
        return None

    def buttons(self) -> list[Button]:
        if self.hidden:
            return [self.hide]
        rows = [button for buttons in self.rows.values() for button in buttons.values()]
        bottom = [self.confirm, *self.direct] if self._needs_confirm() else list(self.direct)
        return [*rows, *bottom, self.hide]

    # --- input ----------------------------------------------------------------------------------------------------
    def pointer(self, event: PointerEvent) -> Command | None:
        """Handle a pointer event; returns a command once the player has given one (``pressed``: one of its
        buttons took the event, which then goes no further)."""
        self.confirm.enabled = self.command() is not None
        self.pressed = False
        for button in self.buttons():
            if button.pointer(event):
                self.pressed = True
                if self.chosen is not None:  # (given by a tap, or by a slow press let go on the button)
                    chosen, self.chosen = self.chosen, None
                    return chosen
                return None
        if not self.hidden and event.kind == "tap":
            card = self.card_at(event.pos)
            if card is not None and self.pick_count:
                self._toggle(card)
            elif card is not None:
                self.selected_card = card
        return None

    def _toggle(self, card: str) -> None:
        """Several cards at once: a tap picks a card or puts it back; presets are undone. A card tapped when as
        many are picked as the choice takes puts back the first one picked (a tap that did nothing said nothing)."""
        self.selected = {row: value for row, value in self.selected.items() if not isinstance(value, tuple)}
        if card in self.picked:
            self.picked.remove(card)
            return
        if len(self.picked) >= self.pick_count:
            del self.picked[0]
        self.picked.append(card)

    def words_rect(self) -> pygame.Rect:
        """The panel's title and explanation."""
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width, self.words_h - px(2))

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is the panel's (a tap there is never the table's)."""
        return self.hide.rect.collidepoint(pos) if self.hidden else self.rect.collidepoint(pos)

    def card_at(self, pos: tuple[int, int]) -> str | None:
        if self.hidden:
            return None
        for card, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return card
        return None

    def gesture(self, command: Command) -> list[tuple[int, int]]:
        """Where to tap, in order, to give ``command`` through this panel (for tests and demos)."""
        taps = [self.hide.rect.center] if self.hidden else []
        for option in self.options:
            if option.command != command:
                continue
            if option.button:
                button = next(b for b in self.direct if b.label == option.button)
                return [*taps, button.rect.center]
            if option.card is not None:
                taps.append(self.card_rects[option.card].center)
            # The cards to put back first, then those to pick: a panel that takes no more than the set's size
            # would refuse a pick made while it is full.
            cards = set(option.cards)
            toggles = sorted(set(self.picked) - cards) + sorted(cards - set(self.picked)) if option.cards else []
            taps.extend(self.card_rects[card].center for card in toggles)
            taps.extend(self.rows[pick.row][pick.value].rect.center for pick in option.picks if not option.cards)
            return [*taps, self.confirm.rect.center]
        raise AssertionError(f"{command} is not offered in this panel")

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            self.hide.draw(surface)
            return
        if not self.docked:
            veil = theme.panel_surface(surface.get_size(), (0, 0, 0), (0, 0, 0), 0, 110, 0)
            surface.blit(veil, (0, 0))
        theme.shadow(surface, self.rect, px(14), offset=px(6), alpha=120)
        theme.panel(surface, self.rect, colour=(36, 30, 26), edge=theme.GOLD, alpha=248)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        left = self.rect.left + px(24)
        title = fitting_label(self.title, 30, theme.GOLD_LIGHT, self.hide.rect.left - px(12) - left)
        surface.blit(title, (left, self.rect.top + px(16)))
        head = self._head()
        body = pygame.Rect(left, self.rect.top + head, self.rect.width - px(48), self.words_h - head)
        theme.draw_text_block(surface, self.explain, body, 19, theme.TEXT)
        for card, rect in self.card_rects.items():
            chosen = card == self.selected_card or card in self.picked
            lift = px(LIFT) if chosen else 0
            if self.face is not None:
                surface.blit(self.face(card, rect.width), (rect.left, rect.top - lift))
            if chosen:
                ring = rect.move(0, -lift).inflate(px(6), px(6))
                pygame.draw.rect(surface, theme.HIGHLIGHT, ring, px(3), border_radius=px(10))
        for row, buttons in self.rows.items():
            for value, button in buttons.items():
                button.selected = self.selected.get(row, _NONE) == value
        self.confirm.enabled = self.command() is not None
        self.confirm.label = self.confirm_label(self.command())
        if self.suggested is not None:
            self.suggested.primary = not self.confirm.enabled
        if self.pick_count:
            count = ngettext(
                "{picked} of {count} card chosen", "{picked} of {count} cards chosen", self.pick_count
            ).format(picked=len(self.picked), count=self.pick_count)
            theme.write(
                surface, count, 16, theme.TEXT_DIM, midleft=(self.rect.left + px(24), self.confirm.rect.centery)
            )
        surface.set_clip(clip)
        for button in self.buttons():
            button.draw(surface)


_NONE = object()  # no value picked in a row yet (None may be a value: "No set")
