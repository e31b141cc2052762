"""A keyboard drawn on the screen for fingers: a group at a touchscreen with no keyboard could not type a name
(SDL shows no keyboard of its own on a Linux desktop), so every seat stayed "Ada", "Wizard 2"...

It comes up at the foot of the window while a finger types in a text field, and types by posting the events a
keyboard would (TEXTINPUT for a letter, Backspace, Enter for Done), so every field and scene takes it as it takes
a real keyboard, with nothing of its own.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.i18n import gettext as _
from tabletop.i18n import language
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, TextField, dispatch

# Each language's letters as its keyboards lay them out (with the marks a name may hold).
ROWS = {
    "en": ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-."),
    "fr": ("1234567890", "azertyuiop", "qsdfghjklm", "wxcvbn'-.", "éèêëàâçîïôùû"),
    "ru": ("1234567890", "йцукенгшщзхъ", "фывапролджэ", "ячсмитьбюё-"),
}
# The layout switch shows the letters it goes to.
SWITCH_LABELS = {"en": "ABC", "fr": "ÀÉÇ", "ru": "АБВ"}
POSTED = "screen_keyboard"  # the mark on the events it posts: the app does not take them for a real keyboard's


class ScreenKeyboard:
    """The keys across the foot of the window, over whatever lies there, while a finger types in a field."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.shift = False
        self.letters = ""  # the layout chosen with its switch key ("": the language's)
        self.keys: list[Button] = []
        self.laid_for: tuple[tuple[int, int], int, str, bool] | None = None
        self.last_value = ""  # the field's words at the last frame: erased to nothing, the next letter is a capital
        self.last_selected = False  # whether they were selected then (kept by a second tap: no capital after them)

    def open(self, field: TextField) -> None:
        """A field begins: a name starts with a capital (its words selected are typed over), in the language's
        letters."""
        self.shift = not field.value or field.selected
        self.last_value = field.value
        self.last_selected = field.selected
        self.letters = ""

    def layout_name(self) -> str:
        return self.letters or (language() if language() in ROWS else "en")

    def layout(self, size: tuple[int, int]) -> None:
        """Keys as wide as the longest row allows (at most a large fingertip's), the panel as tall as its rows and
        at most about two fifths of the window."""
        if self.laid_for == (size, px(100), self.layout_name(), self.shift):
            return
        self.laid_for = (size, px(100), self.layout_name(), self.shift)
        rows = ROWS[self.layout_name()]
        w, h = size
        gap, columns = px(6), max(len(row) for row in rows)
        key_w = min(px(96), (w - px(24) - gap * (columns - 1)) // columns)
        key_h = max(px(36), min(px(64), (h * 2 // 5 - px(70)) // (len(rows) + 1) - gap))
        height = px(60) + (len(rows) + 1) * (key_h + gap) + px(8)
        self.rect = pygame.Rect(0, h - height, w, height)
        self.keys = []
        top = self.rect.top + px(60)
        for index, row in enumerate(rows):
            left = w // 2 - (len(row) * key_w + (len(row) - 1) * gap) // 2
            for column, char in enumerate(row):
                shown = char.upper() if self.shift else char
                rect = pygame.Rect(left + column * (key_w + gap), top + index * (key_h + gap), key_w, key_h)
                self.keys.append(Button(shown, self.typer(shown), rect, size=22))
        wide = [
            (_("Shift"), self.toggle_shift, 2),
            (SWITCH_LABELS[self.next_layout()], self.switch_layout, 2),
            (_("Space"), lambda: self.type(" "), 4),
            (_("Erase"), lambda: self.post_key(pygame.K_BACKSPACE), 2),
            (_("Done"), lambda: self.post_key(pygame.K_RETURN), 2),
        ]
        units = sum(span for _label, _action, span in wide)
        unit = (columns * (key_w + gap) - gap * len(wide)) // units
        left = w // 2 - (unit * units + gap * (len(wide) - 1)) // 2
        for index, (label, action, span) in enumerate(wide):
            rect = pygame.Rect(left, top + len(rows) * (key_h + gap), unit * span, key_h)
            button = Button(label, action, rect, primary=index == len(wide) - 1, size=20)
            button.selected = index == 0 and self.shift
            self.keys.append(button)
            left += rect.width + gap

    def typer(self, text: str) -> Callable[[], None]:
        return lambda: self.type(text)

    def next_layout(self) -> str:
        names = list(ROWS)
        return names[(names.index(self.layout_name()) + 1) % len(names)]

    def switch_layout(self) -> None:
        """The next language's letters (a French name on a Russian keyboard, say)."""
        self.letters = self.next_layout()

    def toggle_shift(self) -> None:
        self.shift = not self.shift

    def type(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": text, POSTED: True}))
        self.shift = False

    def post_key(self, key: int) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0, POSTED: True})
        )

    def pointer(self, event: PointerEvent, size: tuple[int, int]) -> bool:
        """Whether the keyboard took ``event``: a key's, or a touch on its panel (nothing under it sees it). A
        release or a move goes on as well: a scroll begun above the keys ends wherever the finger lifts."""
        self.layout(size)
        if dispatch(self.keys, event) and event.kind not in ("up", "move"):
            return True
        return self.rect.collidepoint(event.pos) and event.kind not in ("up", "move")

    def draw(self, surface: pygame.Surface, field: TextField) -> None:
        """The panel, what the field holds now on its first line (the field may lie under the keys), the keys."""
        if self.last_value and not field.value:
            self.shift = True
        elif self.last_selected and not field.selected and field.value == self.last_value:
            self.shift = False  # (a second tap keeps the words to type on after them: "AdaS" came)
        self.last_value, self.last_selected = field.value, field.selected
        self.layout(surface.get_size())
        theme.panel(surface, self.rect, colour=(30, 28, 34), edge=theme.GOLD, alpha=250)
        line = pygame.Rect(self.rect.left + px(24), self.rect.top + px(10), self.rect.width - px(48), px(40))
        pygame.draw.rect(surface, (24, 26, 34), line, border_radius=px(8))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, line, max(1, px(2)), border_radius=px(8))
        words = theme.text(field.value or field.placeholder or " ", 20, theme.TEXT if field.value else theme.TEXT_DIM)
        words = theme.fit_width(words, line.width - px(20))
        at = words.get_rect(midleft=(line.left + px(10), line.centery))
        if field.selected and field.value:  # (the field's words will be typed over: shown selected, as the field)
            pygame.draw.rect(surface, theme.SELECTION, at.inflate(px(4), px(2)), border_radius=px(3))
        surface.blit(words, at)
        if field.problem:  # (why the field's words were refused: the field's own line may lie under the keys)
            said = theme.fit_width(theme.text(field.problem, 16, theme.BAD, bold=True), line.width // 2)
            surface.blit(said, said.get_rect(midright=(line.right - px(10), line.centery)))
        for key in self.keys:
            key.draw(surface)
