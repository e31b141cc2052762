"""Keyboard-only play: a focus that Tab, Shift+Tab and the arrow keys move over what can be pressed, a ring
that shows it, and Enter or Space pressing it as a tap would.

The generic part any screen uses: what a key means (``intent``), the order Tab walks things in (reading order),
the nearest thing in an arrow's direction, a ``Focus`` kept by what a thing is (not by its place in a list, so
it survives the next frame's new list) and the ring. A press is a tap at the thing's centre, made of the same
``PointerEvent`` s a mouse makes (``taps``), so the keyboard gives exactly the commands the pointer gives.
A screen with a plain list of widgets (buttons, pickers) uses ``WidgetKeys`` from its ``key`` handler.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from tabletop.ui.input import KEYBOARD, Pointer, PointerEvent
from tabletop.ui.theme import px
from tabletop.ui.widgets import ScrollArea, Slider, TextField, Widget

Intent = Literal["next", "previous", "left", "right", "up", "down", "press"]
DIRECTIONS: dict[str, tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # the keys whose intent is "press"
RING = (64, 210, 255)  # the focus ring: a bright sky blue, unlike the gold and green that light legal targets
RING_INNER = (255, 255, 255)
RING_HALO = (12, 16, 28)


def intent(event: pygame.event.Event) -> Intent | None:
    """What a key press asks of the focus (None: not a focus key)."""
    if event.type != pygame.KEYDOWN:
        return None
    key = event.key
    if key == pygame.K_TAB:
        return "previous" if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else "next"
    arrows: dict[int, Intent] = {
        pygame.K_LEFT: "left",
        pygame.K_RIGHT: "right",
        pygame.K_UP: "up",
        pygame.K_DOWN: "down",
    }
    if key in arrows:
        return arrows[key]
    if key in PRESS_KEYS:
        return "press"
    return None


class PressHold:
    """A key press that passed a privacy screen does nothing on the screen it revealed: until that key is released
    (a key held down, repeated, pressed the next person's Cast unseen) and for a moment (``hold``) no Enter or Space
    is taken (a quick double Enter did as much: a review of the hand-over). The app asks it of every key event."""

    def __init__(self) -> None:
        self.key: int | None = None  # the key that passed the screen, while it is held down
        self.until = 0.0  # no press is taken before this time (the app's clock)

    def hold(self, key: int, until: float) -> None:
        self.key, self.until = key, until

    def let_go(self) -> None:
        """The window lost the keyboard: the held key's release will not be heard (the moment still holds)."""
        self.key = None

    def holds(self, event: pygame.event.Event, now: float) -> bool:
        """Whether ``event`` (a key's, a real keyboard's) is held back: a press of Enter or Space within the moment,
        or of the key that passed the screen before it was released."""
        if event.type == pygame.KEYUP and event.key == self.key:
            self.key = None
            return False
        if event.type != pygame.KEYDOWN or event.key not in PRESS_KEYS:
            return False
        return now < self.until or event.key == self.key


@dataclass(frozen=True)
class Target:
    """One thing the focus can rest on: what sort of thing (``kind``), which one (``item``), where it is."""

    kind: str
    item: Hashable
    rect: pygame.Rect

    @property
    def key(self) -> tuple[str, Hashable]:
        return self.kind, self.item


def reading_order(targets: Sequence[Target]) -> list[Target]:
    """Top to bottom in lines, left to right within a line (things whose middles lie within half the smaller
    one's height of each other share a line)."""
    lines: list[list[Target]] = []
    for target in sorted(targets, key=lambda t: (t.rect.centery, t.rect.centerx)):
        line = lines[-1] if lines else None
        if line is not None:
            first = line[0].rect
            if abs(target.rect.centery - first.centery) <= min(target.rect.height, first.height) // 2:
                line.append(target)
                continue
        lines.append([target])
    return [target for line in lines for target in sorted(line, key=lambda t: t.rect.centerx)]


def nearest(targets: Sequence[Target], origin: pygame.Rect, direction: tuple[int, int]) -> Target | None:
    """The thing nearest ``origin`` in ``direction`` (by centres; straight ahead counts more than sideways)."""
    best: tuple[float, Target] | None = None
    ox, oy = origin.center
    for target in targets:
        dx, dy = target.rect.centerx - ox, target.rect.centery - oy
        ahead = dx * direction[0] + dy * direction[1]
        aside = abs(dx * direction[1]) + abs(dy * direction[0])
        if ahead <= 0 or target.rect == origin:
            continue
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, target)
    return best[1] if best is not None else None


def closest(targets: Sequence[Target], rect: pygame.Rect) -> Target | None:
    """The thing whose centre is nearest ``rect`` 's (where the focus goes when its thing went away)."""
    if not targets:
        return None
    x, y = rect.center
    return min(targets, key=lambda t: (t.rect.centerx - x) ** 2 + (t.rect.centery - y) ** 2)


class Focus:
    """Which thing has the keyboard's focus, kept by its kind and item, and whether the ring shows (only once a
    key was used; a pointer hides it again)."""

    def __init__(self) -> None:
        self.key: tuple[str, Hashable] | None = None
        self.rect: pygame.Rect | None = None  # where it was last seen (to find the nearest when it goes)
        self.shown = False

    def current(self, targets: Sequence[Target]) -> Target | None:
        """The focused thing among ``targets``: the same one, or the one nearest where it was when it went."""
        found = next((t for t in targets if t.key == self.key), None)
        if found is None and self.rect is not None:
            found = closest(targets, self.rect)
        if found is None and targets:
            found = reading_order(targets)[0]
        self.set(found)
        return found

    def set(self, target: Target | None) -> None:
        self.key = target.key if target is not None else None
        self.rect = pygame.Rect(target.rect) if target is not None else self.rect

    def step(self, targets: Sequence[Target], forward: bool, in_order: bool = False) -> Target | None:
        """Tab (or Shift+Tab): the next thing in reading order (or in the order given, ``in_order``), round to the
        first after the last."""
        ordered = list(targets) if in_order else reading_order(targets)
        if not ordered:
            return None
        now = self.current(targets) if self.shown else None
        if now is None:
            chosen = ordered[0] if forward else ordered[-1]
        else:
            index = next(i for i, t in enumerate(ordered) if t.key == now.key)
            chosen = ordered[(index + (1 if forward else -1)) % len(ordered)]
        self.set(chosen)
        self.shown = True
        return chosen

    def move(self, targets: Sequence[Target], direction: tuple[int, int]) -> Target | None:
        """An arrow key: the nearest thing that way (the focus stays when there is none)."""
        now = self.current(targets)
        if now is not None and self.shown:
            ahead = nearest(targets, now.rect, direction)
            if ahead is not None:
                self.set(ahead)
                now = ahead
        self.shown = True
        return now

    def hide(self) -> None:
        self.shown = False

    def put(self, targets: Sequence[Target], key: tuple[str, Hashable]) -> None:
        """Rest on the thing of ``key`` among ``targets``, shown (nothing changes when it is not there)."""
        found = next((t for t in targets if t.key == key), None)
        if found is not None:
            self.set(found)
            self.shown = True


def taps(pos: tuple[int, int], now: float) -> list[PointerEvent]:
    """The pointer events of a tap at ``pos`` by the keyboard: down, up, tap (what a click makes)."""
    pointer = Pointer(KEYBOARD, pos, pos, now, last_at=now)
    return [PointerEvent("down", pointer, pos), PointerEvent("up", pointer, pos), PointerEvent("tap", pointer, pos)]


class FocusRings:
    """Whether focus rings are drawn now: the app turns them off while it draws the scenes under the top one (a
    box over a screen showed two rings, the screen's under it as bright as its own)."""

    shown = True


def ring_outset() -> int:
    """How far a focus ring (its halo too) reaches out from the rect it is drawn round: what is drawn beside a
    focusable thing keeps this far off, or the ring runs over it."""
    return px(5) + max(2, px(2))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring round ``rect``: a dark halo, a thick bright line and a white inner line, seen on light
    cards and dark felt alike."""
    if not FocusRings.shown:
        return
    gap, thick = px(5), max(3, px(4))
    ring = rect.inflate(2 * gap, 2 * gap)
    radius = max(6, min(px(14), min(ring.size) // 2))
    halo = ring_outset() - gap
    pygame.draw.rect(surface, RING_HALO, ring.inflate(2 * halo, 2 * halo), thick + 2, radius + 2)
    pygame.draw.rect(surface, RING, ring, thick, radius)
    inner = ring.inflate(-2 * thick, -2 * thick)
    pygame.draw.rect(surface, RING_INNER, inner, max(1, px(1.5)), max(2, radius - thick))


def type_into_field(field: object, event: pygame.event.Event) -> bool:
    """A letter typed, or Backspace, while the ring rests on a text field (``field``, what the shown focus rests
    on) not yet being typed in: the field takes it, as if Enter had opened it first (a player who Tabs to a name
    just types it). True when it did."""
    if not isinstance(field, TextField) or field.focused:
        return False
    typed = event.type == pygame.TEXTINPUT and bool(event.text.strip())  # (a lone space is Space's press)
    if not (typed or event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE):
        return False
    field.begin()
    field.key(event)
    return True


class WidgetKeys:
    """Tab, the arrows and Enter or Space over a screen's widgets (its buttons and pickers). A scene calls
    ``key`` from its own ``key`` handler and ``draw`` after drawing its widgets; a pointer event hides the ring
    (``pointer``)."""

    def __init__(
        self,
        widgets: Callable[[], Sequence[Widget]],
        now: Callable[[], float],
        rect_of: Callable[[Widget], pygame.Rect] | None = None,
    ) -> None:
        self.widgets = widgets
        self.now = now
        self.rect_of = rect_of  # where a widget stands for the arrows and the ring, when not its own rect
        self.focus = Focus()

    def put(self, widget: Widget) -> None:
        """Rest the focus on ``widget`` (shown): a box's safe answer, when a key opened it."""
        self.focus.put(self.targets(), ("widget", widget))

    def targets(self) -> list[Target]:
        where = self.rect_of or (lambda widget: widget.rect)
        return [Target("widget", widget, where(widget)) for widget in self.widgets() if usable(widget)]

    def focused(self) -> Widget | None:
        target = self.focus.current(self.targets())
        return target.item if target is not None and isinstance(target.item, Widget) else None

    def key(self, event: pygame.event.Event) -> bool:
        """True when the key was the focus's."""
        if self._type_into_field(event):
            return True
        wish = intent(event)
        if wish is None:
            return False
        targets = self.targets()
        if wish in ("next", "previous"):
            self.focus.step(targets, wish == "next")
        elif wish == "press":
            if not self.focus.shown:
                return False  # (until Tab or an arrow shows the focus, Enter keeps the screen's own meaning)
            widget = self.focused()
            if widget is not None:
                press(widget, self.now())
        else:
            widget = self.focused() if self.focus.shown else None
            if widget is None or not turn(widget, wish):
                self.focus.move(targets, DIRECTIONS[wish])
        return True

    def _type_into_field(self, event: pygame.event.Event) -> bool:
        return type_into_field(self.focused() if self.focus.shown else None, event)

    def pointer(self, event: PointerEvent) -> None:
        if event.pointer.id != KEYBOARD and event.kind in ("down", "wheel"):
            self.focus.hide()

    def draw(self, surface: pygame.Surface) -> None:
        if self.focus.shown:
            target = self.focus.current(self.targets())
            if target is not None:
                draw_ring(surface, target.rect)


def usable(widget: Widget) -> bool:
    """Whether the focus may rest on ``widget``: shown, and lit (or saying why not when pressed)."""
    return widget.visible and (widget.enabled or getattr(widget, "refused", None) is not None)


def press(widget: Widget, now: float) -> None:
    """Enter or Space on a widget: the tap a pointer would make at its centre (a slider is moved by the arrows
    alone: a tap would set it to its middle)."""
    if isinstance(widget, Slider):
        return
    for event in taps(widget.rect.center, now):
        widget.pointer(event)


def turn(widget: Widget, wish: Intent) -> bool:
    """Left or Right on a picker (a ``Choice``: its arrows) turns it, on a slider moves it a tenth; True when it
    did."""
    if wish not in ("left", "right"):
        return False
    if isinstance(widget, Slider):
        widget.value = min(1.0, max(0.0, round(widget.value + (0.1 if wish == "right" else -0.1), 2)))
        widget.on_change(widget.value)
        return True
    arrows = getattr(widget, "arrows", None)
    if arrows is None:
        return False
    left, right = arrows()
    for event in taps((left if wish == "left" else right).center, 0.0):
        widget.pointer(event)
    return True


# --- whole screens: widgets, the rows of a scrolling list and the lists themselves ------------------------------
SCROLL = "scroll"  # the kind of a focus stop that is a scrolling area (its item: the ``ScrollArea``)
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)

Span = Callable[[Target], tuple[ScrollArea, pygame.Rect] | None]


def widget_targets(widgets: Sequence[Widget]) -> list[Target]:
    """The focus stops of ``widgets``: those shown and lit (or saying why not when pressed)."""
    return [Target("widget", widget, widget.rect) for widget in widgets if usable(widget)]


def scroll_target(scroll: ScrollArea, around: pygame.Rect | None = None) -> list[Target]:
    """A scrolling area as a focus stop of its own (Up and Down scroll it), when it has more than it shows; its
    ring goes round ``around`` (the panel it lies on) when given."""
    if scroll.content_height <= scroll.rect.height:
        return []
    return [Target(SCROLL, scroll, pygame.Rect(around or scroll.rect))]


def reveal(scroll: ScrollArea, area: pygame.Rect) -> None:
    """Scroll so that ``area`` (a row, where it is drawn now) is in sight, its top first when it is taller."""
    view = scroll.rect
    shift = max(0, area.bottom - view.bottom)
    if area.top - shift < view.top:
        shift = area.top - view.top
    scroll.offset += shift
    scroll.clamp()


def page(scroll: ScrollArea, key: int) -> bool:
    """Page Up, Page Down, Home and End on a scrolling area; True when the key was one of them."""
    if key not in PAGE_KEYS:
        return False
    step = max(1, scroll.rect.height - px(40))
    moves = {pygame.K_PAGEUP: -step, pygame.K_PAGEDOWN: step, pygame.K_HOME: -(10**9), pygame.K_END: 10**9}
    scroll.offset += moves[key]
    scroll.clamp()
    return True


class ScreenKeys:
    """Tab, the arrows and Enter or Space over a whole screen given as ``Target`` s each frame: its widgets, the
    rows of its lists and their buttons, its scrolling areas.

    A press is the tap a pointer would make at the thing's centre, handed to the screen's own pointer handler
    (so a key does exactly what a tap does). A thing in a scrolling list (``span`` gives its list and the row to
    keep in sight) is scrolled into sight when the focus comes to it. A scrolling area that is a stop of its own
    (``scroll_target``) scrolls with Up and Down, and lets the focus go on past its ends. Left and Right turn a
    picker (a widget with ``arrows``). A screen whose list has rows out of sight (drawn where the things under
    the list are) gives its targets in Tab's order itself (``in_order``). A screen whose things do something
    else on Enter than on a tap (a spell shown enlarged, say) does it in ``on_press``."""

    def __init__(
        self,
        targets: Callable[[], Sequence[Target]],
        pointer: Callable[[PointerEvent], object],
        now: Callable[[], float],
        span: Span | None = None,
        in_order: bool = False,
        on_press: Callable[[Target], bool] | None = None,
    ) -> None:
        self.targets = targets
        self.in_order = in_order
        self.on_press = on_press  # a press the screen makes itself (True: done), before the tap
        self.tap = pointer
        self.now = now
        self.span = span
        self.focus = Focus()

    def focused(self) -> Target | None:
        return self.focus.current(self.targets()) if self.focus.shown else None

    def put(self, kind: str, item: Hashable) -> None:
        """Rest the focus on a thing (shown): where a screen sends it after an action (a field opened, say)."""
        self.focus.put(self.targets(), (kind, item))

    def key(self, event: pygame.event.Event) -> bool:
        """True when the key was the focus's."""
        wish = intent(event)
        if wish is None:
            return False
        targets = self.targets()
        if wish in ("next", "previous"):
            self._show(self.focus.step(targets, wish == "next", self.in_order))
        elif wish == "press":
            if not self.focus.shown:
                return False  # (until Tab or an arrow shows the focus, Enter keeps the screen's own meaning)
            self.press(self.focus.current(targets))
        elif not self._turn(wish):
            self._show(self.focus.move(targets, DIRECTIONS[wish]))
        return True

    def press(self, target: Target | None) -> None:
        if target is None or target.kind == SCROLL:
            return
        if isinstance(target.item, Slider):
            return  # (a tap would set it to its middle: the arrows move it)
        if self.on_press is not None and self.on_press(target):
            return
        for event in taps(target.rect.center, self.now()):
            self.tap(event)

    def _turn(self, wish: Intent) -> bool:
        """An arrow that acts on the focused thing instead of moving the focus; True when it did."""
        target = self.focused()
        if target is None:
            return False
        if target.kind == SCROLL and isinstance(target.item, ScrollArea) and wish in ("up", "down"):
            return scroll_by(target.item, px(60) * (1 if wish == "down" else -1))
        if isinstance(target.item, Slider):
            return turn(target.item, wish)
        arrows = getattr(target.item, "arrows", None)
        if arrows is None or wish not in ("left", "right"):
            return False
        left, right = arrows()
        for event in taps((left if wish == "left" else right).center, self.now()):
            self.tap(event)
        return True

    def _show(self, target: Target | None) -> None:
        """Scroll the focused thing's row into sight."""
        placed = self.span(target) if target is not None and self.span is not None else None
        if placed is not None:
            reveal(*placed)
            self.focus.current(self.targets())  # where it is now

    def pointer(self, event: PointerEvent) -> None:
        if event.pointer.id != KEYBOARD and event.kind in ("down", "wheel"):
            self.focus.hide()

    def draw(self, surface: pygame.Surface) -> None:
        """The ring round the focused thing; one in a list only while its row is in sight, kept to the list."""
        target = self.focused()
        if target is None:
            return
        placed = self.span(target) if self.span is not None else None
        if placed is None:
            draw_ring(surface, target.rect)
            return
        scroll, row = placed
        if not row.colliderect(scroll.rect):
            return
        clip = surface.get_clip()
        margin = px(14)
        surface.set_clip(scroll.rect.inflate(2 * margin, 2 * margin).clip(clip))
        draw_ring(surface, target.rect)
        surface.set_clip(clip)


def scroll_by(scroll: ScrollArea, amount: int) -> bool:
    """Scroll by ``amount`` pixels; False when it was already at that end (the focus then goes on)."""
    before = scroll.offset
    scroll.offset += amount
    scroll.clamp()
    return scroll.offset != before
