"""The guided first game: coach marks over a real table, for any game.

A game's guide (``tabletop.ui.tables.<package>.coach.GUIDE``) is data: the small table it is played at, a
one-screen "How to win", and its steps. A step says something short, points at a real thing on the table (the
rects the table placed this frame) and goes on when the person has done it (a predicate on the table, its view
or its session) or, for a step that only explains, when they press Got it. The coach draws a caption bubble
beside what it points at (never over it, nor over the prompt or a button the person needs), a ring round the
thing and an arrow to it. Every refused move (the table's ``say``) is also told in the bubble, as "Why not".

A guide's words (its title, "How to win", its steps) are the game's: marked with ``N_`` in the game's catalogue
and shown through it (``Coach.says``); the coach's own (its buttons, "Guide 2 of 9") are the shell's. With reduced
motion the ring round the thing pointed at holds still instead of pulsing.
"""

from __future__ import annotations

import importlib
import importlib.resources
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol

import pygame

from tabletop.core.match import Match
from tabletop.games import GAMES
from tabletop.i18n import gettext as _
from tabletop.play.session import GameSession
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import AppLike
from tabletop.ui.scenes import words
from tabletop.ui.sprites.motion import Drag
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.tables.choice_panel import ChoicePanel
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Widget, dispatch

Rects = Sequence[pygame.Rect | None]
# table -> what the step points at first, then what the bubble leaves clear, the most needed first (when no place
# is clear of them all, the last give way first; never the target, the prompt, the buttons nor the panel)
Target = Callable[[Any], Rects]
Check = Callable[[Any], bool]  # table -> True


class Coached(Protocol):
    """What the coach uses of a game's table (``tabletop.ui.tables.base.GameTable``)."""

    app: AppLike
    session: GameSession
    panel: ChoicePanel | None
    drag: Drag | None
    hits: HitMap

    def busy(self) -> bool: ...
    def keep_clear(self) -> list[pygame.Rect]: ...
    def controls(self) -> list[Widget]: ...


def nothing(table: Any) -> Rects:
    return ()


# Design px the pulsing ring and its dark edge reach beyond what they go round (``_draw_pointer``): close, so the
# ring crosses no label beside its target ("Reward tokens" under House Cup's tokens, "Spell Power" under the dial).
RING_OUT = 7


def panel_words(table: Coached) -> Rects:
    """The open choice panel's title and explanation, drawn in so far that a ring round them would stay on them
    (round the whole words it lay over the prompt above the panel and the tops of the cards under them). The bubble
    keeps clear of them; what is lit is the panel's own edge (``Coach._lit_panel``)."""
    panel = table.panel
    if panel is None:
        return []
    return [panel.words_rect().inflate(-2 * px(RING_OUT), -2 * px(RING_OUT))]


def always(table: Any) -> bool:
    return True


@dataclass(frozen=True)
class Step:
    """One coach mark. ``target`` gives the rect pointed at (the first) and any others to leave clear; ``done``
    moves on by itself (None: a Got it button); the step waits, unseen, until ``ready``."""

    text: str
    target: Target = nothing
    done: Check | None = None
    ready: Check = always
    over_panel: bool = False  # shown over an open choice panel (about the choice), clear of its cards
    arrow: bool = True  # False: the ring alone (an arrow would cross the words of a busy board)


@dataclass(frozen=True)
class Guide:
    game_id: str
    summary: tuple[tuple[str, str], ...]  # "How to win": (heading, our words)
    steps: tuple[Step, ...]
    match: Callable[[int], Match]  # the guided game's small table, from a seed
    against: str = ""  # who the person plays against there, in the game's catalogue ("": a bot)
    asides: tuple[Step, ...] = ()  # tips told once, out of turn, the first time their moment comes (``ready``)


def _coach_name(game_id: str) -> str:
    return f"tabletop.ui.tables.{game_id.replace('-', '_')}.coach"


def has_guide(game_id: str) -> bool:
    """Whether the game's table package has a ``coach`` module: its file is looked for, nothing imported (the
    module, or its package's ``__init__``, loads the table: a quarter of a second, which the Rules screen took at
    each game it turned to). A module put in ``sys.modules`` as None (a test's table without one) is none."""
    name = _coach_name(game_id)
    if name in sys.modules:
        return sys.modules[name] is not None
    folder = importlib.resources.files("tabletop.ui.tables") / game_id.replace("-", "_")
    # (a module, a compiled one where an install ships only those, or a package)
    return (folder / "coach.py").is_file() or (folder / "coach.pyc").is_file() or (folder / "coach").is_dir()


def _coach_module(game_id: str) -> ModuleType | None:
    """A game's ``coach`` module in its table package (its guide and its ``why_not``); None for a table without
    one (a new game may come without a guided first game: it is not offered, and a silent tap says nothing)."""
    return importlib.import_module(_coach_name(game_id)) if has_guide(game_id) else None


def guide_for(game_id: str) -> Guide | None:
    """The guide of ``game_id`` (its table package's ``coach`` module), None when the game has none."""
    module = _coach_module(game_id)
    guide: Guide | None = getattr(module, "GUIDE", None)
    return guide


Why = Callable[[Any, str, tuple[int, int]], "str | None"]  # table, "tap" or "drag_start", where -> why not


def _no_reason(table: Any, kind: str, pos: tuple[int, int]) -> str | None:
    return None


def why_not_for(game_id: str) -> Why:
    """The game's answer to a tap or a drag its table took without a word or a move (``why_not`` in its
    ``coach`` module): why it did nothing (nothing is said for a game without one)."""
    why: Why = getattr(_coach_module(game_id), "why_not", _no_reason)
    return why


def place_beside(
    size: tuple[int, int], bubble: tuple[int, int], target: pygame.Rect | None, avoid: Sequence[pygame.Rect]
) -> pygame.Rect | None:
    """Where a bubble of ``bubble`` size stands: beside ``target`` (right, left, below, above), inside the
    window, touching neither the target nor anything in ``avoid``; else the free place nearest to it. None when
    there is no free place at all."""
    bounds = pygame.Rect((0, 0), size).inflate(-px(12), -px(12))
    w, h = bubble
    if w > bounds.width or h > bounds.height:
        return None
    gap = px(22)
    blocked = [rect.inflate(px(8), px(8)) for rect in avoid]
    if target is not None:
        blocked.append(target.inflate(gap, gap))

    def free(rect: pygame.Rect) -> bool:
        return bounds.contains(rect) and rect.collidelist(blocked) < 0

    if target is not None:
        t = target
        tries = []
        for cy in (t.centery, t.top + h // 2, t.bottom - h // 2):
            tries.append(pygame.Rect(t.right + gap, cy - h // 2, w, h))
            tries.append(pygame.Rect(t.left - gap - w, cy - h // 2, w, h))
        for cx in (t.centerx, t.left + w // 2, t.right - w // 2):
            tries.append(pygame.Rect(cx - w // 2, t.bottom + gap, w, h))
            tries.append(pygame.Rect(cx - w // 2, t.top - gap - h, w, h))
        for rect in tries:
            rect.clamp_ip(bounds)
            if free(rect):
                return rect
    centre = target.center if target is not None else bounds.center
    step = px(16)
    best: tuple[float, pygame.Rect] | None = None
    for y in range(bounds.top, bounds.bottom - h + 1, step):
        for x in range(bounds.left, bounds.right - w + 1, step):
            rect = pygame.Rect(x, y, w, h)
            if rect.collidelist(blocked) >= 0:
                continue
            far = math.dist(rect.center, centre)
            if best is None or far < best[0]:
                best = (far, rect)
    return best[1] if best is not None else None


@dataclass
class Coach:
    """The guide at work on one table: which step is up, the bubble, the "How to win" screen."""

    guide: Guide
    table: Coached
    index: int = 0
    summary_open: bool = True  # the guide starts on "How to win"
    finished: bool = False
    note: str = ""  # the last thing the table said (a refused move's reason)
    note_error: bool = False
    note_refusal: bool = False  # a move refused ("Why not: ..."), not a word for the whole table
    note_step: int = -1
    bubble: pygame.Rect | None = None  # where the bubble was last drawn
    target: pygame.Rect | None = None  # what it pointed at
    clear: list[pygame.Rect] = field(default_factory=list)  # what it left clear
    needed: list[pygame.Rect] = field(default_factory=list)  # of which the prompt, the buttons and the panel
    aside: int | None = None  # the aside being told (it comes before the current step)
    asides_told: set[int] = field(default_factory=set)
    seen: tuple[int, int | None] | None = None  # the last tip up (step, aside): it stays while the table moves
    passed_unseen: int = 0  # steps done before their tip came up: "Guide n of m" counts only the others

    def __post_init__(self) -> None:
        self.got_it = Button("", self.next_step, primary=True, size=18)
        self.how = Button("", self.open_summary, size=16)
        self.skip = Button("", self.stop, size=16)
        self.play = Button("", self.close_summary, primary=True, size=22)
        self.label()
        self._placed: dict[tuple[Any, ...], tuple[pygame.Rect, list[str], list[str]] | None] = {}

    def label(self) -> None:
        """The coach's buttons in the language of the moment."""
        self.got_it.label = _("Got it")
        self.how.label = _("How to win")
        self.skip.label = _("Skip guide")
        self.play.label = _("Let's play")

    def says(self, text: str) -> str:
        """One of the guide's texts in the language of the moment, through its game's catalogue."""
        game = GAMES.get(self.guide.game_id)
        return game.gettext(text) if game is not None and text else text

    # --- the steps ------------------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        if self.finished:
            return None
        if self.aside is not None:
            return self.guide.asides[self.aside]
        return self.guide.steps[self.index] if self.index < len(self.guide.steps) else None

    def next_step(self) -> None:
        if self.aside is not None:  # an aside told: back to the step it came before
            self.aside = None
            return
        self.index += 1
        if self.index >= len(self.guide.steps):
            self.finished = True

    def stop(self) -> None:
        """Skip guide: the coach goes; the game goes on."""
        self.finished, self.summary_open = True, False

    def open_summary(self) -> None:
        self.summary_open = True

    def close_summary(self) -> None:
        self.summary_open = False

    def advance(self) -> None:
        """Move past every step whose action is done (the person may do a step before it is shown), and past a Got
        it step no longer in its moment once a later step's action is done."""
        while (step := self.step) is not None:
            if step.done is not None and self._check(step.done):
                self._pass()
            elif self.aside is None and step.done is None and not self._check(step.ready) and self._overtaken():
                self._pass()  # a Got it step whose moment went by while the person played on past it
            else:
                break
        if self.aside is None and not self.finished:  # an aside whose moment has come, once
            for number, aside in enumerate(self.guide.asides):
                if number not in self.asides_told and self._check(aside.ready):
                    self.aside = number
                    self.asides_told.add(number)
                    break

    def _pass(self) -> None:
        """On past a step done, counting it out of "Guide n of m" if its tip never came up (House Cup Challenge's
        first cards laid with no choice to make: the first tip a new player saw read "Guide 2 of 8")."""
        if self.aside is None and self.seen != (self.index, None):
            self.passed_unseen += 1
        self.next_step()

    def _overtaken(self) -> bool:
        """Whether a later step's move is already made (the person went ahead of the guide)."""
        later = self.guide.steps[self.index + 1 :]
        return any(step.done is not None and self._check(step.done) for step in later)

    def showing(self) -> bool:
        """True while the current step's bubble is up (its moment has come)."""
        step, panel = self.step, self.table.panel
        if panel is not None and not panel.hidden and not panel.docked and not (step and step.over_panel):
            return False  # a choice over the table explains itself: the guide waits until it is made
        if step is None or self.summary_open or not self._check(step.ready):
            return False
        # It waits for the table to be still before it comes, but once read it stays while bots move on (it came
        # and went between each of their moves)
        if self.table.busy() and self.seen != (self.index, self.aside):
            return False
        self.seen = (self.index, self.aside)
        return True

    def _check(self, check: Check) -> bool:
        try:
            return bool(check(self.table))
        except (AttributeError, IndexError, KeyError, TypeError):
            return False  # the table is between two layouts: not yet

    def refused(self, message: str, error: bool, refusal: bool = True) -> None:
        """The table said something (a refused move's reason, or with ``refusal`` False a word for the whole
        table, a save kept elsewhere or a bot that failed): told in the bubble too."""
        self.note, self.note_error, self.note_step = message, error, self.index
        self.note_refusal = refusal

    # --- input ----------------------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        """The buttons on screen, which alone take a tap or the keyboard's focus: Skip guide alone while no bubble
        is up (a step not due yet, or one with no room for its bubble)."""
        if self.summary_open:
            return [self.play, self.skip]
        if not self.showing() or self.bubble is None:
            return [self.skip]
        return self._bubble_buttons()

    def _bubble_buttons(self) -> list[Button]:
        step = self.step
        assert step is not None
        return [self.got_it, self.how, self.skip] if step.done is None else [self.how, self.skip]

    def pointer(self, event: PointerEvent) -> bool:
        """True when the event was the coach's (its buttons, its bubble, or anything while "How to win" is up)."""
        if self.finished:
            return False
        if dispatch(self.buttons(), event, lambda: self.table.app.play("click")):
            return True
        if self.summary_open:
            return event.kind not in ("move", "up") or self.table.drag is None
        inside = self.bubble is not None and self.bubble.collidepoint(event.pos)
        return inside and event.kind in ("down", "tap", "drag_start", "long_press")

    # --- drawing --------------------------------------------------------------------------------------------
    def keep_step(self) -> None:
        """The guide's step into the game's save: at once when it changes before any move (else with the next
        move); a guide skipped, then the game left, came back with the guide."""
        session = self.table.session
        step = None if self.finished else self.index
        session.guide_unseen = self.passed_unseen  # (changed only with the step)
        if step != session.guide_step:
            session.guide_step = step
            if not session.match.log:
                session.autosave()

    def update(self) -> None:
        """Once a frame, drawn or not (``GameTable.drive_session``): past the steps done, and the step kept."""
        if not self.finished:
            self.advance()
        self.keep_step()

    def draw(self, surface: pygame.Surface) -> None:
        if self.finished:
            return
        self.label()
        if self.summary_open:
            self.draw_summary(surface)
            return
        if not self.showing():
            self._skip_alone(surface)
            return
        step = self.step
        assert step is not None
        rects = self._rects(step)  # (a first None: nothing pointed at, the others left clear)
        self.target = rects[0] if rects else None
        needed = [rect for rect in self.table.keep_clear() if rect != self.bubble]  # (without the bubble itself)
        wanted = [rect for rect in rects[1:] if rect is not None]
        lit = self._lit_panel(step)
        if lit is not None:  # clear of the whole panel where there is room (it gives way first)
            wanted.append(lit)
        layout = None
        # No room clear of everything the table needs (large text at the largest scale: a panel or the cue fills
        # the middle, and the step went untold, a "Got it" step for ever): clear of what is pressed alone.
        # Last, over what it points at (That's Wizard!'s side board filled all but two bands too low for it).
        # (the fallbacks made only when needed: a frame whose bubble fits, nearly all, makes none of them)
        passes = ((lambda: [*needed, *self._panel_rects()], False), (self._controls, False), (self._controls, True))
        for kept, over in passes:
            self.needed = kept()  # (an arrow never crosses these)
            for keep in range(len(wanted), -1, -1):  # no room clear of them all: the step's last ones give way first
                self.clear = [*wanted[:keep], *self.needed]
                layout = self._layout(surface.get_size(), step, over)
                if layout is not None:
                    break
            if layout is not None:
                break
        if layout is None:  # (no room: the step goes untold, and only Skip guide is on screen and takes a tap)
            self._skip_alone(surface)
            return
        self.bubble, lines, note_lines = layout
        if lit is not None:
            self._light_panel(surface, lit, self.bubble, step.arrow)
        elif self.target is not None and not self.bubble.colliderect(self.target):
            self._draw_pointer(surface, self.target, self.bubble, step.arrow)
        self._draw_bubble(surface, self.bubble, lines, note_lines)

    def _rects(self, step: Step) -> list[pygame.Rect | None]:
        try:
            return list(step.target(self.table))
        except (AttributeError, IndexError, KeyError, TypeError):
            return []

    def _controls(self) -> list[pygame.Rect]:
        """What can be pressed on the table now: its buttons, the choice panel's buttons and cards. A table button
        shown but not lit is left out (laid out again at every frame, the tip makes way once it lights): That's
        Wizard!'s Reveal, Pass and dial, unlit while the side boards are chosen, left the first tip no room at
        1024x640 in French with large text, and it was drawn over the panel it explains. The panel's own buttons
        stay clear lit or not: they finish the choice the tip speaks of."""
        table, panel = self.table, self.table.panel
        pressed = [button.rect for button in (panel.buttons() if panel is not None else []) if button.visible]
        pressed += [widget.rect for widget in table.controls() if widget.visible and widget.enabled]
        if panel is not None:
            pressed += [panel.hide.rect, *([] if panel.hidden else panel.card_rects.values())]
        return pressed

    def _panel_rects(self) -> list[pygame.Rect]:
        """What the bubble leaves clear of the choice panel: all of it, or its cards for a step about it."""
        panel, step = self.table.panel, self.step
        if panel is None:
            return []
        if panel.hidden:
            return [panel.hide.rect]
        return list(panel.card_rects.values()) if step is not None and step.over_panel else [panel.rect]

    def tells(self, message: str) -> bool:
        """Whether the bubble on screen tells ``message`` (the table's own box of it would say it twice: a tap on
        Menu beside the Wand Bonus Token's offer gave its reason in the bubble and again under it)."""
        return (
            bool(message) and self.bubble is not None and self.showing() and self.note == message and bool(self._note())
        )

    def _note(self) -> str:
        if not self.note or self.note_step != self.index:
            return ""
        return _("Why not: {reason}").format(reason=self.note) if self.note_error and self.note_refusal else self.note

    def _layout(
        self, size: tuple[int, int], step: Step, over: bool = False
    ) -> tuple[pygame.Rect, list[str], list[str]] | None:
        """The bubble's place and lines, beside its target (``over``: anywhere, over the target too)."""
        note = self._note()
        target = tuple(self.target) if self.target is not None else None
        said = (self.says(step.text), *(button.label for button in self._bubble_buttons()))  # (the language now)
        key = (size, step, said, note, target, tuple(map(tuple, self.clear)), theme.Scale.factor, over)
        if key in self._placed:
            return self._placed[key]
        layout = None
        widths = self._button_widths()
        least = sum(widths) + px(8) * (len(widths) - 1) + px(24)  # its buttons in a row inside it
        for width in (px(380), px(300), px(240), px(480), px(600)):  # (wider last: fewer lines, for a low band)
            width = max(width, least - px(28))
            lines = theme.wrap(self.says(step.text), 18, width)
            note_lines = theme.wrap(note, 16, width, bold=True) if note else []
            height = px(30) + len(lines) * theme.font_px(18) * 6 // 5 + len(note_lines) * theme.font_px(16) * 6 // 5
            height += px(58) + (px(8) if note_lines else 0)
            rect = place_beside(size, (width + px(28), height), None if over else self.target, self.clear)
            if rect is not None:
                layout = (rect, lines, note_lines)
                break
        if len(self._placed) > 16:
            self._placed.clear()
        self._placed[key] = layout
        return layout

    def _skip_alone(self, surface: pygame.Surface) -> None:
        """While the guide waits (a bot plays), only Skip guide shows, in a corner clear of the prompt, the buttons
        and anything small the table placed (a card, a name, a score); no bubble, nothing pointed at."""
        self.bubble = self.target = None
        size = (max(px(150), theme.text(self.skip.label, self.skip.size, bold=True).get_width() + px(24)), px(38))
        w, h = surface.get_size()
        small = [p.rect for p in self.table.hits.placed if p.rect.width * p.rect.height < w * h // 12]
        clear = [*self.table.keep_clear(), *self._panel_rects(), *small]
        m = px(24)  # (inside the edge of a panel lying in the corner, the person's own at px(10): px(14) crossed it)
        corners = ((w - size[0] - m, h - size[1] - m), (m, h - size[1] - m), (w - size[0] - m, m), (m, m))
        for x, y in corners:
            rect = pygame.Rect((x, y), size)
            if rect.collidelist(clear) < 0:
                self.skip.rect = rect
                break
        else:
            self.skip.rect = place_beside((w, h), size, None, clear) or pygame.Rect((m, h - size[1] - m), size)
        self.skip.draw(surface)

    def _lit_panel(self, step: Step) -> pygame.Rect | None:
        """The open choice panel, when the step points at its words: the panel's own edge is lit. A ring round
        the words, just inside the panel's edge and as wide, was a second box drawn within the panel (House Cup
        Challenge's Wand Bonus Token, whose panel is its words and two buttons)."""
        panel = self.table.panel
        if step.target is not panel_words or panel is None or panel.hidden:
            return None
        return panel.rect

    def _pulse(self) -> float:
        """How far the pointer's ring has swollen now, 0 to 1 (steady at 1 with reduced motion)."""
        still = not self.table.app.settings.motion_factor
        return 1.0 if still else 0.5 + 0.5 * math.sin(self.table.app.now * 5)

    def _light_panel(self, surface: pygame.Surface, panel: pygame.Rect, bubble: pygame.Rect, arrow: bool) -> None:
        """The choice panel's edge lit (pulsing in its width, within the panel's margin), a dark line round it,
        and an arrow from the bubble to it: one panel, pointed at."""
        pygame.draw.rect(surface, (20, 16, 10), panel.inflate(px(4), px(4)), width=max(1, px(2)), border_radius=px(14))
        width = max(2, px(2)) + round(px(2) * self._pulse())
        pygame.draw.rect(surface, theme.HIGHLIGHT, panel, width=width, border_radius=px(12))
        self._draw_arrow(surface, panel, bubble, arrow)

    def _draw_pointer(
        self, surface: pygame.Surface, target: pygame.Rect, bubble: pygame.Rect, arrow: bool = True
    ) -> None:
        """A pulsing ring round the thing, and an arrow from the bubble to the ring."""
        pulse = self._pulse()
        ring = target.inflate(px(6) + round(px(4) * pulse), px(6) + round(px(4) * pulse))  # (see RING_OUT)
        pygame.draw.rect(surface, (20, 16, 10), ring.inflate(px(4), px(4)), width=max(2, px(5)), border_radius=px(12))
        pygame.draw.rect(surface, theme.HIGHLIGHT, ring, width=max(2, px(3)), border_radius=px(10))
        self._draw_arrow(surface, ring, bubble, arrow)

    def _draw_arrow(self, surface: pygame.Surface, ring: pygame.Rect, bubble: pygame.Rect, arrow: bool) -> None:
        """An arrow from the bubble to ``ring``, unless it would cross what the player needs or is too short."""
        start = _edge_towards(bubble, ring.center)
        end = _edge_towards(ring, bubble.center)
        if not arrow or math.dist(start, end) < px(8) or any(rect.clipline(start, end) for rect in self.needed):
            return  # (an arrow never crosses what the player needs: the ring shows the way)
        pygame.draw.line(surface, (20, 16, 10), start, end, max(3, px(7)))
        pygame.draw.line(surface, theme.HIGHLIGHT, start, end, max(2, px(4)))
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        size = px(16)
        head = [
            end,
            (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45)),
            (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45)),
        ]
        pygame.draw.polygon(surface, theme.HIGHLIGHT, head)

    def _draw_bubble(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[str], note_lines: list[str]) -> None:
        theme.shadow(surface, rect, px(12), offset=px(4), alpha=110)
        theme.panel(surface, rect, colour=(248, 238, 212), edge=theme.GOLD, alpha=250, edge_width=max(2, px(3)))
        x, y = rect.left + px(14), rect.top + px(8)
        count = _("Tip") if self.aside is not None else self._progress()
        surface.blit(theme.text(count, 14, (120, 92, 40), bold=True), (x, y))
        y += px(22)
        for line in lines:
            surface.blit(theme.text(line, 18, theme.INK), (x, y))
            y += theme.font_px(18) * 6 // 5
        if note_lines:
            y += px(8)
            colour = (160, 40, 30) if self.note_error else (40, 70, 110)
            for line in note_lines:
                surface.blit(theme.text(line, 16, colour, bold=True), (x, y))
                y += theme.font_px(16) * 6 // 5
        buttons = self._bubble_buttons()
        bx = rect.right - px(12)
        for button, bw in reversed(list(zip(buttons, self._button_widths(), strict=True))):
            button.rect = pygame.Rect(bx - bw, rect.bottom - px(46), bw, px(36))
            bx -= bw + px(8)
        for button in buttons:
            button.draw(surface)

    def _button_widths(self) -> list[int]:
        """The widths of the bubble's buttons (``buttons``), each wide enough for its words."""
        least = {self.got_it: px(100), self.how: px(120), self.skip: px(116), self.play: px(200)}
        return [
            max(least[button], theme.text(button.label, button.size, bold=True).get_width() + px(20))
            for button in self._bubble_buttons()
        ]

    def _progress(self) -> str:
        number, count = self.index + 1 - self.passed_unseen, len(self.guide.steps) - self.passed_unseen
        return _("Guide {number} of {count}").format(number=number, count=count)

    def draw_summary(self, surface: pygame.Surface) -> None:
        """How to win, on one screen, over the dimmed table."""
        w, h = surface.get_size()
        veil = theme.panel_surface((w, h), (0, 0, 0), (0, 0, 0), 0, 150, 0)
        surface.blit(veil, (0, 0))
        box_w = min(px(900), w - px(60))
        text_w = box_w - px(60)
        blocks = [(self.says(heading), theme.wrap(self.says(body), 18, text_w)) for heading, body in self.guide.summary]
        line_h = theme.font_px(18) * 6 // 5
        height = px(96) + sum(px(34) + len(lines) * line_h + px(10) for _, lines in blocks) + px(80)
        rect = pygame.Rect(0, 0, box_w, min(height, h - px(30)))
        rect.center = (w // 2, h // 2)
        theme.panel(surface, rect, colour=(36, 30, 26), edge=theme.GOLD, alpha=250)
        # The game's name as the menus show it (its catalogue's title, in its own context: the same word may be
        # something else there, "Stupéfix" being also the spell's name).
        heading = _("How to win: {game}").format(game=words.game_title(GAMES[self.guide.game_id]))
        title = theme.fit_width(theme.text(heading, 30, theme.GOLD_LIGHT, bold=True), box_w - px(40))
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + px(18))))
        line = theme.fit_width(theme.text(self._subtitle(), 16, theme.TEXT_DIM), box_w - px(40))
        surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.top + px(60))))
        y = rect.top + px(96)
        for heading, lines in blocks:
            surface.blit(theme.text(heading, 21, theme.HIGHLIGHT, bold=True), (rect.left + px(30), y))
            y += px(34)
            for text_line in lines:
                surface.blit(theme.text(text_line, 18, theme.TEXT), (rect.left + px(30), y))
                y += line_h
            y += px(10)
        self.play.rect = pygame.Rect(0, 0, px(200), px(48))
        self.play.rect.bottomright = (rect.centerx - px(8), rect.bottom - px(18))
        self.skip.rect = pygame.Rect(
            0, 0, max(px(160), theme.text(self.skip.label, 20, bold=True).get_width() + px(28)), px(48)
        )
        self.skip.rect.bottomleft = (rect.centerx + px(8), rect.bottom - px(18))
        self.play.draw(surface)
        self.skip.size, size = 20, self.skip.size  # (larger here than in a bubble)
        self.skip.draw(surface)
        self.skip.size = size

    def _subtitle(self) -> str:
        if not self.guide.against:
            return _("Your guided first game, against a bot. Tips will point at the table as you play.")
        return _("Your guided first game, against {opponent}. Tips will point at the table as you play.").format(
            opponent=self.says(self.guide.against)
        )


def _edge_towards(rect: pygame.Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of ``rect``'s edge on the way from its centre to ``point``."""
    cx, cy = rect.center
    dx, dy = point[0] - cx, point[1] - cy
    if dx == 0 and dy == 0:
        return rect.center
    scale = min(
        (rect.width / 2) / abs(dx) if dx else math.inf,
        (rect.height / 2) / abs(dy) if dy else math.inf,
    )
    return round(cx + dx * scale), round(cy + dy * scale)
