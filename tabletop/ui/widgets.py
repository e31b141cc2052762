"""Buttons, option pickers, sliders, text fields and scrolling lists, drawn with the theme."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import pygame

from tabletop.ui import theme
from tabletop.ui.input import Pointer, PointerEvent
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.theme import px


class Widget:
    rect: pygame.Rect
    enabled: bool = True
    visible: bool = True

    def pointer(self, event: PointerEvent) -> bool:
        return False

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None: ...


class Button(Widget):
    def __init__(
        self,
        label: str,
        action: Callable[[], None],
        rect: pygame.Rect | None = None,
        primary: bool = False,
        size: float = 24,
        note: str = "",
        refused: Callable[[], None] | None = None,
        two_lines: bool = False,
    ) -> None:
        self.label = label
        self.action = action
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.primary = primary
        self.size = size
        self.note = note
        self.refused = refused  # what a tap on the button while it is disabled does (say why, say)
        self.two_lines = two_lines  # a label one line would narrow goes on two where the button is tall enough
        self.hover = False
        self.pressed = False
        self.pressed_lit = False  # the button was lit when the press began
        self.pressed_by: Pointer | None = None  # the hand pressing it (its release may never come: ``lit``)
        self.enabled = True
        self.visible = True
        self.selected = False

    def pointer(self, event: PointerEvent) -> bool:
        if not self.visible:
            return False
        inside = self.rect.collidepoint(event.pos)
        if event.kind == "move":
            self.hover = inside
            return False
        if event.pointer.finger and event.kind == "up":
            self.hover = False  # (a finger's roll lit it, and no later motion comes to put it out)
        if event.kind == "down" and inside:
            self.pressed, self.pressed_by = True, event.pointer
            self.pressed_lit = self.enabled  # (a press begun on a greyed button never acts, lit by the release)
            return True
        if event.kind == "up":
            was = self.pressed
            self.pressed = False
            if was and inside and slow_press(event) and self.pressed_lit:
                self.press()  # a slow press let go on the button: no tap follows a long press (it did nothing)
            return was and inside
        if event.kind == "tap" and inside:
            self.press()
            return True
        return False

    def press(self) -> None:
        if self.enabled:
            self.action()
        elif self.refused is not None:
            self.refused()

    def lit(self) -> bool:
        """Drawn pressed: rested on, or held down by a hand the app still follows (one the window's loss of the
        focus let go of sends no release: the button stayed lit, as if held, until the next release anywhere)."""
        held = self.pressed and not (self.pressed_by is not None and self.pressed_by.gone)
        return self.hover or held

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        if not self.enabled:
            fill, edge, colour = (50, 50, 58), (80, 76, 70), theme.TEXT_DIM
        elif self.primary or self.selected:
            fill = (150, 112, 36) if self.lit() else (124, 92, 30)
            edge, colour = theme.GOLD_LIGHT, (255, 248, 228)
        else:
            fill = theme.PANEL_LIGHT if not self.lit() else (64, 72, 94)
            edge, colour = theme.PANEL_EDGE, theme.TEXT
        face, offset = button_face(
            r.size, fill, edge, colour, self.label, self.size, self.note, self.primary, self.two_lines
        )
        surface.blit(face, (r.left + offset[0], r.top + offset[1]))


@surface_cache(512)
def fitting_label(label: str, text_size: float, colour: theme.Colour, width: int, bold: bool = True) -> pygame.Surface:
    """``label`` at ``text_size``, or smaller (to 70%) or narrowed, so it is at most ``width`` wide."""
    words = theme.text(label, text_size, colour, bold=bold)
    smaller = text_size
    while words.get_width() > width and smaller > text_size * 0.7:
        smaller -= 1
        words = theme.text(label, smaller, colour, bold=bold)
    return theme.fit_width(words, max(1, width), keep_height=True)


def narrowed(label: str, text_size: float, width: int, bold: bool = True) -> bool:
    """Whether ``fitting_label`` narrows ``label`` to ``width``: too wide even at the smallest size it tries."""
    smaller = text_size
    while smaller > text_size * 0.7:
        smaller -= 1
    return theme.text(label, smaller, bold=bold).get_width() > width


def two_line_label(message: str, size: float, colour: theme.Colour, width: int, bold: bool = True) -> pygame.Surface:
    """``message`` on one line when it fits ``width``, else on two (split where the longer is shortest, each
    line fitted), centred: a spell's name in its cell, a badge on a seat's plate."""
    whole = theme.text(message, size, colour, bold=bold)
    if whole.get_width() <= width or " " not in message:
        return fitting_label(message, size, colour, width, bold)
    lines = [fitting_label(line, size, colour, width, bold) for line in theme.halves(message)]
    out = pygame.Surface(
        (max(line.get_width() for line in lines), sum(line.get_height() for line in lines)), pygame.SRCALPHA
    )
    y = 0
    for line in lines:
        out.blit(line, line.get_rect(midtop=(out.get_width() // 2, y)))
        y += line.get_height()
    return out


def prompt_label(
    message: str, size: float, colour: theme.Colour, width: int, height: int, bold: bool = True, shorter: str = ""
) -> pygame.Surface:
    """A table's prompt in its banner: on one line at ``size`` (or a little smaller); else on two lines as large
    as the banner's ``height`` holds them (a French or Russian prompt with Large text was squeezed to half its
    width on one); when neither fits, ``shorter`` (the same in fewer words, if the table has them) drawn so, and
    only then squeezed onto one line (``fitting_label``)."""
    smaller = size
    words = theme.text(message, smaller, colour, bold=bold)
    while words.get_width() > width and smaller > size * 0.85:
        smaller -= 1
        words = theme.text(message, smaller, colour, bold=bold)
    if words.get_width() <= width:
        return words
    for two in range(round(smaller), max(9, round(size * 0.6)) - 1, -1):
        lines = theme.wrap(message, two, width, bold=bold)
        line_h = theme.ui_font(two, bold).get_height()
        if len(lines) == 2 and 2 * line_h <= height:
            return _two_lines((lines[0], lines[1]), two, theme.font_px(two), colour, width, bold)
    if shorter:
        return prompt_label(shorter, size, colour, width, height, bold)
    return fitting_label(message, size, colour, width, bold=bold)


@surface_cache(32)
def _two_lines(
    lines: tuple[str, str], size: float, pixels: int, colour: theme.Colour, width: int, bold: bool
) -> pygame.Surface:
    """A prompt's two lines on one surface, made once per text and size (a banner draws it at every frame);
    ``pixels``, the font's size now, keeps Large text and the window's scale apart."""
    line_h = theme.ui_font(size, bold).get_height()
    out = pygame.Surface((width, 2 * line_h), pygame.SRCALPHA)
    for index, line in enumerate(lines):
        out.blit(theme.text(line, size, colour, bold=bold), (0, index * line_h))
    return out


@surface_cache(256)
def button_face(
    size: tuple[int, int],
    fill: theme.Colour,
    edge: theme.Colour,
    colour: theme.Colour,
    label: str,
    text_size: float,
    note: str,
    primary: bool,
    two_lines: bool = False,
) -> tuple[pygame.Surface, tuple[int, int]]:
    """A button drawn once, its shadow and words included (a frame blits it whole), and where its top left lies
    from the button's own. A label wider than the button (a long translation, large text) is drawn smaller, down
    to 70% of its size, then narrowed to fit; so is its note (Continue's "what it resumes"). With ``two_lines``,
    a label that would be narrowed goes on two lines instead where the button is as tall as ``button_height``."""
    r = pygame.Rect((0, 0), size)
    room = size[0] - px(12)
    if two_lines and not note and 0 < button_height(label, text_size, size[0], 0) <= size[1]:
        words = two_line_label(label, text_size, colour, room)  # (0: one line holds it)
    else:
        words = fitting_label(label, text_size, colour, room)
    if note:
        under = fitting_label(
            note, text_size * 0.62, theme.TEXT_DIM if not primary else colour, r.width - px(16), False
        )
        top = r.centery - (words.get_height() + under.get_height()) // 2
        placed = [(words, words.get_rect(midtop=(r.centerx, top)))]
        placed.append((under, under.get_rect(midtop=(r.centerx, top + words.get_height()))))
    else:
        placed = [(words, words.get_rect(center=r.center))]
    radius, drop = px(10), px(3)
    area = r.union(pygame.Rect(0, drop, size[0] + drop, size[1] + drop)).unionall([at for _, at in placed])
    face = pygame.Surface(area.size, pygame.SRCALPHA)
    shift = (-area.left, -area.top)
    theme.shadow(face, r.move(shift), radius, offset=drop, alpha=70)
    pygame.draw.rect(face, fill, r.move(shift), border_radius=radius)
    pygame.draw.rect(face, edge, r.move(shift), width=max(1, px(2)), border_radius=radius)
    for picture, at in placed:
        face.blit(picture, at.move(shift))
    if pygame.display.get_surface() is not None:
        face = face.convert_alpha()  # in the display's format a blit is a plain blend
    return face, (area.left, area.top)


def button_height(label: str, text_size: float, width: int, least: int) -> int:
    """How tall a ``two_lines`` button ``width`` wide is made: ``least``, or, where one line would narrow its
    label (a long translation, Large text in a small window), as tall as the label on two lines and a margin."""
    room = width - px(12)
    if " " not in label or not narrowed(label, text_size, room):
        return least
    return max(least, 2 * theme.ui_font(text_size, bold=True).get_height() + px(14))


class Choice(Widget):
    """Pick one of several options with arrows (or a tap on the middle to step forward)."""

    def __init__(
        self,
        options: Sequence[str],
        index: int = 0,
        on_change: Callable[[int], None] | None = None,
        rect: pygame.Rect | None = None,
        size: float = 22,
    ) -> None:
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.size = size
        self.enabled = True
        self.visible = True

    @property
    def value(self) -> str:
        return self.options[self.index]

    def set(self, index: int) -> None:
        self.index = index % len(self.options)
        if self.on_change:
            self.on_change(self.index)

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        w = self.rect.height
        return (
            pygame.Rect(self.rect.left, self.rect.top, w, self.rect.height),
            pygame.Rect(self.rect.right - w, self.rect.top, w, self.rect.height),
        )

    def pointer(self, event: PointerEvent) -> bool:
        if not self.visible or not self.enabled or event.kind != "tap" or not self.rect.collidepoint(event.pos):
            return False
        left, _ = self.arrows()
        self.set(self.index + (-1 if left.collidepoint(event.pos) else 1))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, theme.PANEL_LIGHT if self.enabled else (50, 50, 58), r, border_radius=px(8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, width=max(1, px(2)), border_radius=px(8))
        left, right = self.arrows()
        colour = theme.GOLD_LIGHT if self.enabled else theme.TEXT_DIM
        for arrow, sign in ((left, -1), (right, 1)):
            cx, cy, s = arrow.centerx, arrow.centery, arrow.height // 5
            pygame.draw.polygon(
                surface, colour, [(cx - sign * s, cy - s), (cx + sign * s, cy), (cx - sign * s, cy + s)]
            )
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = fitting_label(self.value, self.size, colour, r.width - 2 * left.width)
        surface.blit(label, label.get_rect(center=r.center))


class Slider(Widget):
    def __init__(self, value: float, on_change: Callable[[float], None], rect: pygame.Rect | None = None) -> None:
        self.value = value
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.held_by: Pointer | None = None  # the hand moving it
        self.enabled = True
        self.visible = True

    @property
    def dragging(self) -> bool:
        """Held by a hand the app still follows. Let go of by the window's loss of the focus (no release comes), it
        followed the mouse merely passing over the screen: the volume, or the replay's move, changed with it."""
        return self.held_by is not None and not self.held_by.gone

    def _set_from(self, x: int) -> None:
        self.value = min(1.0, max(0.0, (x - self.rect.left) / max(1, self.rect.width)))
        self.on_change(self.value)

    def pointer(self, event: PointerEvent) -> bool:
        if event.kind == "down" and self.rect.inflate(0, px(16)).collidepoint(event.pos):
            self.held_by = event.pointer
            self._set_from(event.pos[0])
            return True
        mine = self.held_by is not None and event.pointer is self.held_by  # (another finger's moves are not its)
        if event.kind == "move" and mine and self.dragging:
            self._set_from(event.pos[0])
            return True
        if event.kind == "up" and mine:
            self.held_by = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        track = pygame.Rect(r.left, r.centery - px(4), r.width, px(8))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=px(4))
        filled = track.copy()
        filled.width = round(track.width * self.value)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=px(4))
        knob = (r.left + round(r.width * self.value), r.centery)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, knob, px(12))
        pygame.draw.circle(surface, theme.INK, knob, px(12), max(1, px(2)))


def shown_char(char: str) -> str:
    """A typed character as a text field keeps it: any space (a no-break space, a tab) a plain space, and what
    cannot be shown on its own (a joiner, a soft hyphen, a direction mark) nothing. A name kept with those was
    refused when its save was read again (``saves.text_problem``): the game in progress could not be resumed."""
    if char.isspace():
        return " "
    return char if char.isprintable() else ""


class TextField(Widget):
    """A one-line text field: tap to focus, type, Enter or a tap elsewhere to finish.

    Typing begins with the words all selected, as a name field's default is there to be replaced: the first letter
    typed takes their place and Backspace clears them (a player who tapped "Gryffindor" and typed "Ada" got
    "GryffindorAda"). A second tap on the field, Right or End keep them and type on after them; Ctrl+A selects
    them again."""

    typing: ClassVar[list[TextField]] = []  # the fields drawn focused this frame (the app's screen keyboard types)
    begun: ClassVar[int] = 0  # how many times typing began in a field (the app tells a Space that opened one)

    def __init__(
        self,
        value: str,
        on_change: Callable[[str], None],
        rect: pygame.Rect | None = None,
        max_length: int = 16,
        allowed: str | None = None,
        size: float = 22,
        placeholder: str = "",
    ) -> None:
        self.value = value
        self.on_change = on_change
        self.placeholder = placeholder  # drawn dimmed while the field is empty and not being typed in
        self.problem = ""  # why its words were refused, when its scene says so (the screen keyboard shows it too)
        self.cut = False  # the last letters typed went past ``max_length`` and were left out (its scene says so)
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.max_length = max_length
        self.allowed = allowed
        self.focused = False
        self.selected = False  # the words are all selected: what is typed next replaces them
        self.size = size
        self.enabled = True
        self.visible = True

    def pointer(self, event: PointerEvent) -> bool:
        if event.kind != "tap":
            return False
        inside = self.rect.collidepoint(event.pos)
        if inside != self.focused:
            if inside:
                self.begin()
            else:
                self.end()
        elif inside:
            self.selected = False  # (a second tap: type on after the words)
        return inside

    def begin(self) -> None:
        """Start typing in the field (a tap on it, Enter on it, or a letter typed while the focus rests on it),
        its words selected."""
        self.focused = True
        self.selected = bool(self.value)
        TextField.begun += 1
        pygame.key.start_text_input()

    def end(self) -> None:
        """Stop typing in the field. Text input itself stays on, as SDL starts it on a desktop: stopped, it is
        stopped for the whole app, and the next field the focus rested on (or the rules' search) took no letter."""
        self.focused = False
        self.selected = False

    def key(self, event: pygame.event.Event) -> bool:
        if not self.focused:
            return False
        self.cut = False
        if event.type == pygame.TEXTINPUT:
            typed = (c for c in map(shown_char, event.text) if self.allowed is None or c in self.allowed)
            chars = "".join(c for c in typed if c and (c == " " or theme.can_draw(c)))  # (no box for an emoji)
            if chars:
                kept = "" if self.selected else self.value
                self.selected = False
                self.cut = len(kept + chars) > self.max_length
                self.value = (kept + chars)[: self.max_length]
                self.on_change(self.value)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
                self.on_change(self.value)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_END) and self.selected:
                self.selected = False
                return True
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.selected = bool(self.value)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end()
                return True
            if event.key == pygame.K_TAB:
                self.end()
                return False  # (it goes on to move the focus: a second Tab was needed to leave the field)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused:
            TextField.typing.append(self)
        r = self.rect
        pygame.draw.rect(surface, (24, 26, 34), r, border_radius=px(8))
        edge = theme.GOLD_LIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=max(1, px(2)), border_radius=px(8))
        if self.value or self.focused or not self.placeholder:
            label = theme.text(self.value or " ", self.size, theme.TEXT, as_typed=True)  # (letter for letter)
        else:
            label = theme.text(self.placeholder, self.size, theme.TEXT_DIM)
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-px(8), 0))
        at = label.get_rect(midleft=(r.left + px(10), r.centery))
        if self.focused and self.selected:
            pygame.draw.rect(surface, theme.SELECTION, at.inflate(px(4), px(2)), border_radius=px(3))
        surface.blit(label, at)
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = r.left + px(10) + (label.get_width() if self.value else 0) + 2
            pygame.draw.line(surface, theme.TEXT, (x, r.top + px(8)), (x, r.bottom - px(8)), 2)
        surface.set_clip(clip)


class ScrollArea:
    """Vertical scrolling for a list drawn by its owner: wheel, drag or finger."""

    def __init__(self) -> None:
        self.offset = 0
        self.content_height = 0
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._drag_from: tuple[int, int] | None = None
        self._dragged_by: Pointer | None = None  # the pointer whose swipe scrolls (a second finger's does not)

    def clamp(self) -> None:
        self.offset = max(0, min(self.offset, max(0, self.content_height - self.rect.height)))

    def pointer(self, event: PointerEvent) -> bool:
        if event.kind == "wheel" and self.rect.collidepoint(event.pos):
            self.offset -= event.dy * px(40)
            self.clamp()
            return True
        swiping = self._dragged_by is not None and not self._dragged_by.gone
        if event.kind == "drag_start" and self.rect.collidepoint(event.pos) and not swiping:
            self._drag_from, self._dragged_by = (event.pointer.pos[1], self.offset), event.pointer
            return True
        mine = self._drag_from is not None and event.pointer is self._dragged_by
        if event.kind == "move" and mine and self._drag_from and event.pointer.dragging:
            start_y, start_offset = self._drag_from
            self.offset = start_offset - (event.pos[1] - start_y)
            self.clamp()
            return True
        if event.kind == "up" and mine:
            self._drag_from = self._dragged_by = None
            return True
        return False

    def draw_bar(self, surface: pygame.Surface) -> None:
        if self.content_height <= self.rect.height:
            return
        r = self.rect
        share = r.height / self.content_height
        bar_h = max(px(30), round(r.height * share))
        top = r.top + round((r.height - bar_h) * self.offset / max(1, self.content_height - r.height))
        pygame.draw.rect(surface, (120, 110, 90), (r.right - px(6), top, px(4), bar_h), border_radius=px(2))


def layout_column(widgets: Sequence[Widget], center_x: int, top: int, width: int, height: int, gap: int) -> int:
    y = top
    for widget in widgets:
        widget.rect = pygame.Rect(center_x - width // 2, y, width, height)
        y += height + gap
    return y


def slow_press(event: PointerEvent) -> bool:
    """A release after a long press, never dragged: the button let go on acts as for a tap (none follows)."""
    return event.kind == "up" and event.pointer.long_pressed and not event.pointer.dragging


def dispatch(widgets: Sequence[Widget], event: PointerEvent, on_tap: Callable[[], None] | None = None) -> Widget | None:
    """Offer a pointer event to ``widgets`` in order; the one that took it, or None (``on_tap`` runs for a tap on
    an enabled widget)."""
    for widget in widgets:
        if widget.pointer(event):
            if (event.kind == "tap" or slow_press(event)) and on_tap is not None and widget.enabled:
                on_tap()
            return widget
    return None
