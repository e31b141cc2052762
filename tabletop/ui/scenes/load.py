"""Load: the player's saved games and the examples that come with the app; broken files show their error.

A row of the player's own saves can be renamed (the name is the row's title, kept in ``save-names.json``; the file
itself keeps its name, so nothing can be lost halfway) and deleted. The examples are listed once and never
changed: opening one plays on in a new autosave that is written only once something is played.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from tabletop.core.match import Match
from tabletop.core.saves import SaveInfo, shown_name
from tabletop.i18n import N_, keep_as_typed, ngettext, os_reason
from tabletop.i18n import gettext as _
from tabletop.paths import asset_dir, is_example, user_saves_dir
from tabletop.play.loading import SaveLoad
from tabletop.play.replay import WATCH_REFUSED, may_watch
from tabletop.play.save_names import MAX_NAME, forget, rename, save_names
from tabletop.play.session import saved_games
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, WidgetKeys, page, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea, TextField, fitting_label

Opened = tuple[Match, Path | None, str]  # what ``open_saved`` returns: the match, the file it goes on in, its start
YOURS = N_("Your games")
EXAMPLES = N_("Examples")
OPEN_HINT = N_("Tap a game to open it; Watch plays it again from its start")  # (a finished one: its results)
SMALL_BUTTON = (110, 34)  # design pixels of a row's Watch, Rename and Delete (34 high: a fingertip's room)
ROW_KINDS = ("row", "watch", "rename", "delete", "field", "keep", "cancel")  # focus stops on a row of the list


def when(stamp: str) -> str:
    return words.moment(stamp)


def word_on(surface: pygame.Surface, message: str, rect: pygame.Rect, colour: theme.Colour) -> None:
    """A small button's word, in bold at its centre, squeezed when a language makes it longer than the button."""
    label = theme.fit_width(theme.text(message, 15, colour, bold=True), rect.width - px(8), keep_height=True)
    surface.blit(label, label.get_rect(center=rect.center))


def cut(message: str, size: float, width: int, bold: bool = True) -> str:
    """``message`` on one line of ``width``, cut with "..." when it does not fit."""
    lines = theme.wrap(message, size, width, bold=bold)
    if len(lines) <= 1:
        return message
    line = lines[0]
    while line and theme.text(line + "...", size, bold=bold).get_width() > width:
        line = line[:-1]
    return line.rstrip() + "..."


def two_lines(message: str, size: float, width: int) -> list[str]:
    """``message`` wrapped to ``width``: two lines at most, the second cut with "..." when more would follow."""
    lines = theme.wrap(message, size, width)
    if len(lines) <= 2:
        return lines
    return [lines[0], cut(" ".join(lines[1:]), size, width, bold=False)]


class LoadScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "load"

    def enter(self) -> None:
        self.entries: list[tuple[str, SaveInfo]] = []
        # Files that cannot be opened after the games (newest first each): seven of them put the one real game
        # below the fold, under a wall of red rows (a review of damaged saves).
        for info in sorted(saved_games(user_saves_dir()), key=lambda i: i.error is not None):
            self.entries.append((YOURS, info))
        for info in sorted(saved_games(asset_dir("saves")), key=lambda i: i.path.name):
            self.entries.append((EXAMPLES, info))
        # (the seats' names as typed in each row's line: "Ana de Armas" read "Ana d'Armas" at a French screen; a
        # bot's too, as its table keeps it: a bot's seat is named in the setup as any other)
        keep_as_typed(*(name for _section, info in self.entries for name in info.names))
        self.names = save_names()
        self.folders = {info.path for _section, info in self.entries if info.path.is_dir()}  # (never deleted here)
        self.unopened: dict[Path, SaveInfo] = {}  # rows marked after a failed open, as they were listed
        self.scroll = ScrollArea()
        self.back_button = Button("", self.back)
        self.relabel()
        self.error = ""
        self.renaming: SaveInfo | None = None  # the row whose name is being typed
        self.pointer_at: tuple[int, int] | None = None  # where the mouse rests: the row under it is lit (it opens)
        self.name_field = TextField("", lambda _value: self._typed(), max_length=MAX_NAME + 20, size=20)
        self.keys = ScreenKeys(self.focus_targets, self.pointer, lambda: self.app.now, self.focus_span, True)
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        self.back_button.label = _("Back")

    def _pointed(self, row: pygame.Rect) -> bool:
        """The mouse rests on ``row`` (within the list): a tap there opens its game."""
        at = self.pointer_at
        return at is not None and self.scroll.rect.collidepoint(at) and row.collidepoint(at)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.row_h = px(44) + 2 * theme.line_height(16)  # the name, then two lines of what the save is
        self.scroll.rect = pygame.Rect(px(60), px(110), w - px(120), h - px(230))
        self.scroll.content_height = self._rows_height()
        self.scroll.clamp()
        self.back_button.rect = pygame.Rect(w // 2 - px(110), h - px(80), px(220), px(50))

    def _rows_height(self) -> int:
        sections = len({section for section, _ in self.entries})
        return len(self.entries) * (self.row_h + px(8)) + sections * px(36)

    def _rows(self) -> Iterator[tuple[str, SaveInfo | None, pygame.Rect]]:
        """(section title, None, rect) for a heading and ("", entry, rect) for a save, in drawing order."""
        y = self.scroll.rect.top - self.scroll.offset
        section = None
        for title, info in self.entries:
            if title != section:
                section = title
                yield title, None, pygame.Rect(self.scroll.rect.left, y, self.scroll.rect.width, px(30))
                y += px(36)
            yield "", info, pygame.Rect(self.scroll.rect.left, y, self.scroll.rect.width - px(12), self.row_h)
            y += self.row_h + px(8)

    # --- keys ------------------------------------------------------------------------------------------------
    def focus_targets(self) -> list[Target]:
        """What Tab and the arrows walk, in Tab's order: each save's row (open it) and its Rename, Watch and
        Delete, then Back; while a name is typed, its field, Save name and Cancel."""
        targets: list[Target] = []
        for _title, info, rect in self._rows():
            if info is None:
                continue
            if info is self.renaming:
                field, keep, cancel = self.rename_controls(rect)
                return [
                    Target(kind, info.path, at) for kind, at in (("field", field), ("keep", keep), ("cancel", cancel))
                ]
            targets.append(Target("row", info.path, rect))
            if self._renamable(info):
                targets.append(Target("rename", info.path, self.rename_rect(rect)))
            if info.error is None:
                targets.append(Target("watch", info.path, self.watch_rect(info, rect)))
            if self._deletable(info):
                targets.append(Target("delete", info.path, self.delete_rect(rect)))
        return [*targets, *widget_targets([self.back_button])]

    def focus_span(self, target: Target) -> tuple[ScrollArea, pygame.Rect] | None:
        """The row a focused thing lies on, to scroll into sight (None: not in the list)."""
        if target.kind not in ROW_KINDS:
            return None
        for _title, info, rect in self._rows():
            if info is not None and info.path == target.item:
                return self.scroll, rect
        return None

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.renaming is not None and self._rename_pointer(event):
            return
        if self.back_button.pointer(event):
            return
        if event.kind == "move":  # (a finger lights nothing: it has no resting place)
            self.pointer_at = None if event.pointer.finger else event.pos
        elif event.kind == "up" and event.pointer.finger:
            self.pointer_at = None
        if self.scroll.pointer(event):
            return
        if event.kind == "tap" and self.scroll.rect.collidepoint(event.pos):
            for _title, info, rect in self._rows():
                if info is None:
                    continue
                if self._renamable(info) and self.rename_rect(rect).collidepoint(event.pos):
                    self.start_rename(info)
                    return
                if self._deletable(info) and self.delete_rect(rect).collidepoint(event.pos):
                    self.ask_delete(info)
                    return
                if info.error is None and self.watch_rect(info, rect).collidepoint(event.pos):
                    self.watch(info)
                    return
                if rect.collidepoint(event.pos):
                    self.open(info)
                    return

    def _deletable(self, info: SaveInfo) -> bool:
        """Only the player's own files can be deleted here, never the examples that come with the app, nor a
        folder named like a save (it was offered, then refused with "Is a directory")."""
        return info.path.parent == user_saves_dir() and info.path not in self.folders

    def delete_rect(self, row: pygame.Rect) -> pygame.Rect:
        """The Delete control at the bottom right of a row of the player's own saves."""
        rect = pygame.Rect(0, 0, px(SMALL_BUTTON[0]), px(SMALL_BUTTON[1]))
        rect.bottomright = (row.right - px(12), row.bottom - px(8))
        return rect

    def _renamable(self, info: SaveInfo) -> bool:
        """A save of the player's own that opens can be renamed (a broken file can only be deleted)."""
        return self._deletable(info) and info.error is None

    def rename_rect(self, row: pygame.Rect) -> pygame.Rect:
        """The Rename control of a row of the player's own saves, left of Watch."""
        rect = pygame.Rect(0, 0, px(SMALL_BUTTON[0]), px(SMALL_BUTTON[1]))
        rect.bottomright = (self.watch_rect_of(row, True).left - px(10), row.bottom - px(8))
        return rect

    def watch_rect_of(self, row: pygame.Rect, own: bool) -> pygame.Rect:
        rect = pygame.Rect(0, 0, px(SMALL_BUTTON[0]), px(SMALL_BUTTON[1]))
        right = self.delete_rect(row).left - px(10) if own else row.right - px(12)
        rect.bottomright = (right, row.bottom - px(8))
        return rect

    def watch_rect(self, info: SaveInfo, row: pygame.Rect) -> pygame.Rect:
        """The Watch control (the game from its start on the replay viewer), left of Delete when there is one."""
        return self.watch_rect_of(row, self._deletable(info))

    # --- renaming ---------------------------------------------------------------------------------------------
    def title_of(self, info: SaveInfo) -> str:
        """A row's title: the name given to the save, else its game's."""
        return self.names.get(info.path.name) or words.title(info.title, info.game_id)

    def start_rename(self, info: SaveInfo) -> None:
        self.app.play("click")
        self.renaming = info
        self.name_field.value = self.names.get(info.path.name, "")
        self.name_field.begin()
        self.error = ""
        if self.keys.focus.shown:  # (by keys: the focus goes to the field)
            self.keys.put("field", info.path)

    def stop_rename(self) -> None:
        info = self.renaming
        self.renaming = None
        self.error = self.name_field.problem = ""  # (a refused name's line goes with its field)
        self.name_field.end()
        if info is not None and self.keys.focus.shown:  # (by keys: back to the row's Rename)
            self.keys.put("rename", info.path)

    def _typed(self) -> None:
        self.error = self.name_field.problem = ""

    def renaming_row(self) -> pygame.Rect | None:
        for _title, info, rect in self._rows():
            if info is not None and info is self.renaming:
                return rect
        return None

    def rename_controls(self, row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The name field over the row's title line, and Save name and Cancel where the row's buttons were."""
        cancel = self.delete_rect(row)
        keep = pygame.Rect(0, 0, px(150), cancel.height)
        keep.bottomright = (cancel.left - px(10), cancel.bottom)
        field = pygame.Rect(row.left + px(12), row.top + px(6), row.width - px(24) - px(200), px(32))
        return field, keep, cancel

    def _rename_pointer(self, event: PointerEvent) -> bool:
        """A pointer event while a name is typed: the field, Save name or Cancel; a tap anywhere else cancels."""
        row = self.renaming_row()
        if row is None:
            self.stop_rename()
            return False
        field, keep, cancel = self.rename_controls(row)
        if event.kind != "tap":
            return self.scroll.pointer(event)
        if field.collidepoint(event.pos):
            self.name_field.rect = field
            self.name_field.pointer(event)
        elif keep.collidepoint(event.pos):
            self.confirm_rename()
        else:
            self.app.play("click")
            self.stop_rename()
            return cancel.collidepoint(event.pos) or not self.back_button.rect.collidepoint(event.pos)
        return True

    def confirm_rename(self) -> None:
        info = self.renaming
        if info is None:
            return
        problem = rename(info.path, self.name_field.value)
        if problem:
            self.error = self.name_field.problem = problem
            self.app.play("error")
            return
        self.app.play("click")
        self.names = save_names()
        self.stop_rename()

    def key(self, event: pygame.event.Event) -> None:
        if self.renaming is None:
            if not self.keys.key(event) and event.type == pygame.KEYDOWN:
                page(self.scroll, event.key)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            target = self.keys.focused()
            if target is not None and target.kind in ("keep", "cancel"):
                self.keys.press(target)
            else:
                self.confirm_rename()
            return
        typed = event.type == pygame.TEXTINPUT or event.key == pygame.K_SPACE  # (a space is typed in the name)
        # Right on the name selected keeps it, to type on after it, as End does (it moved the focus to Save name).
        kept = event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT and self.name_field.selected
        if not typed and not kept and self.keys.key(event):
            return  # Tab and the arrows go between the field, Save name and Cancel
        self.name_field.focused = True
        self.name_field.key(event)

    def back(self) -> None:
        if self.renaming is not None:
            self.stop_rename()  # Escape leaves the name as it was
            return
        super().back()

    def watch(self, info: SaveInfo) -> None:
        """Watch the save from its start; refused while several people play it (``replay.may_watch``: the
        header names the bots' seats; an older save that does not is taken as played by people only)."""
        if not may_watch(info.finished, info.players - len(info.bots), is_example(info.path)):
            self.error = _(WATCH_REFUSED)
            self.app.play("error")
            return
        self.app.play("click")
        self.error = ""
        self.app.go.load_save(info.path, self.title_of(info), lambda error: self.failed(error, info), watch=True)

    def failed(self, error: str, info: SaveInfo | None = None) -> None:
        """A save could not be opened: its one line under the list, and its row marked as one that cannot be
        (a save whose moves break the rules reads like a good one until it is opened: it stayed so after)."""
        self.error = error
        self.app.play("error")
        if info is not None:  # (opened again, it is read again: the reason may have passed, a file locked a moment)
            broken = dataclasses.replace(info, error=error)
            self.unopened[info.path] = self.unopened.get(info.path, info)
            self.entries = [(section, broken if entry is info else entry) for section, entry in self.entries]

    def _listed(self, info: SaveInfo) -> SaveInfo:
        """A row as it was listed (before a failed open marked it), put back in the list to be opened again."""
        listed = self.unopened.pop(info.path, None)
        if listed is None:
            return info
        self.entries = [(section, listed if entry is info else entry) for section, entry in self.entries]
        return listed

    def ask_delete(self, info: SaveInfo) -> None:
        """The question names the game as its row does, with when it was saved (the file's name told one autosave
        from another to nobody); a file that cannot be opened is named by its file."""
        if info.error is not None:
            question = _("Delete this file ({file})? It cannot be brought back.").format(file=shown_name(info.path))
        else:
            if info.finished:
                question = _("Delete this game ({game}, saved {moment})? It cannot be brought back.")
            else:
                question = _("Delete this game in progress ({game}, saved {moment})? It cannot be brought back.")
            question = question.format(game=self.label_of(info), moment=when(info.saved_at))
        self.app.play("click")
        self.app.go.dialog(
            _("Delete?"), question, [(_("Keep it"), lambda: None), (_("Delete"), lambda: self.delete(info))]
        )

    def label_of(self, info: SaveInfo) -> str:
        """A row's first line: the name given to the save (if any), the game, its players and how far it got."""
        name = self.names.get(info.path.name)
        parts = [
            words.title(info.title, info.game_id),
            words.table(info.game_id, info.players),
            words.progress(info.progress),
        ]
        return " - ".join([name, *parts] if name else parts)

    def delete(self, info: SaveInfo) -> None:
        try:
            os.unlink(info.path)
        except OSError as exc:
            reason = os_reason(exc)
            self.error = _("Could not delete {file} ({reason}).").format(file=shown_name(info.path), reason=reason)
            self.app.play("error")
            return
        forget(info.path)
        self.names.pop(info.path.name, None)
        self.entries = [(section, entry) for section, entry in self.entries if entry.path != info.path]
        self.scroll.content_height = self._rows_height()
        self.scroll.clamp()
        self.error = ""

    def open(self, info: SaveInfo) -> None:
        info = self._listed(info)
        if info.error:
            self.error = info.error
            self.app.play("error")
            return
        self.app.play("click")
        self.error = ""
        self.app.go.load_save(info.path, self.title_of(info), lambda error: self.failed(error, info))

    def draw_rename(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        """The row being renamed: its title line a text field, Save name and Cancel at its foot."""
        field, keep, cancel = self.rename_controls(row)
        theme.panel(surface, row.inflate(-px(2), -px(2)), edge=theme.GOLD_LIGHT, alpha=250)
        self.name_field.rect = field
        self.name_field.draw(surface)
        if not self.name_field.value:
            hint = theme.text(_("Type a name for this save"), 18, theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midleft=(field.left + px(12), field.centery)))
        tip = ngettext(
            "Enter keeps it, Esc leaves it as it was - at most {count} character",
            "Enter keeps it, Esc leaves it as it was - at most {count} characters",
            MAX_NAME,
        ).format(count=MAX_NAME)
        line, colour = (self.error, theme.BAD) if self.error else (tip, theme.TEXT_DIM)  # a refusal says why here
        room = keep.left - px(16) - (row.left + px(16))
        surface.blit(
            theme.text(cut(line, 15, room), 15, colour, bold=bool(self.error)), (row.left + px(16), row.bottom - px(28))
        )
        theme.panel(surface, keep, colour=theme.PANEL_LIGHT, edge=theme.GOLD, alpha=235)
        word_on(surface, _("Save name"), keep, theme.GOLD_LIGHT)
        theme.panel(surface, cancel, colour=theme.PANEL_LIGHT, edge=theme.PANEL_EDGE, alpha=235)
        word_on(surface, _("Cancel"), cancel, theme.TEXT)

    def draw_hint(self, surface: pygame.Surface, heading: pygame.Rect, used: int) -> pygame.Rect:
        """A row opens its game when tapped, yet only Watch, Rename and Delete were written on the list: nothing
        told a first-time player how to play an example, whose only word is Watch (a first hour in a real window),
        and a finger has no hover to light a row. The first heading says so at its right, beyond its ``used``
        width; returns where."""
        room = heading.width - px(12) - used - px(24)
        label = fitting_label(_(OPEN_HINT), 16, theme.TEXT_DIM, max(1, room), bold=False)
        at = label.get_rect(midright=(heading.right - px(12), heading.top + px(4) + theme.font_px(20) // 2))
        return surface.blit(label, at)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text(_("Load a game"), 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(36))))
        if not self.entries:
            empty = theme.text(_("No saved games yet."), 22, theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=self.scroll.rect.center))
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for index, (title_text, info, rect) in enumerate(self._rows()):
            if rect.bottom < self.scroll.rect.top or rect.top > self.scroll.rect.bottom:
                continue
            if info is None:
                surface.set_clip(self.scroll.rect)
                heading = theme.text(_(title_text), 20, theme.GOLD_LIGHT, bold=True)
                surface.blit(heading, (rect.left, rect.top + px(4)))
                if index == 0:  # (the list's first heading says how a game is opened)
                    self.draw_hint(surface, rect, heading.get_width())
                continue
            broken = info.error is not None
            surface.set_clip(rect.clip(self.scroll.rect))  # a row's text never runs past its row
            lit = not broken and self._pointed(rect)
            edge = theme.BAD if broken else theme.GOLD if lit else theme.PANEL_EDGE
            theme.panel(surface, rect, edge=edge, alpha=225, edge_width=px(3) if lit else px(2))
            if info.error is not None:
                surface.blit(
                    theme.text(_("Cannot be opened"), 20, theme.BAD, bold=True), (rect.left + px(16), rect.top + px(10))
                )
                for index, line in enumerate(two_lines(info.error, 15, rect.width - px(140))):
                    y = rect.top + px(38) + index * theme.line_height(15)
                    surface.blit(theme.text(line, 15, theme.TEXT_DIM), (rect.left + px(16), y))
                continue
            stamp = theme.text(_("saved {moment}").format(moment=when(info.saved_at)), 15, theme.TEXT_DIM)
            surface.blit(stamp, stamp.get_rect(topright=(rect.right - px(16), rect.top + px(12))))
            own = self._deletable(info)
            buttons = (self.rename_rect(rect) if own else self.watch_rect(info, rect)).left
            label = self.label_of(info)
            room = rect.right - px(32) - stamp.get_width() - (rect.left + px(16))
            surface.blit(
                theme.text(cut(label, 21, room), 21, theme.TEXT, bold=True), (rect.left + px(16), rect.top + px(10))
            )
            # Who plays, the bots marked: a game against bots and one passed round with the same houses read alike
            players = [_("{name} (bot)").format(name=n) if i in info.bots else n for i, n in enumerate(info.names)]
            detail = words.description(info.description) or ", ".join(players)
            if info.winners and not info.description:
                if len(info.winners) == len(info.names) > 1:  # everyone: a draw (That's Wizard!'s by agreement)
                    detail = _("{names} - a draw").format(names=detail)
                else:
                    won = ", ".join(info.names[seat] for seat in info.winners)
                    detail = _("{names} - won by {winners}").format(names=detail, winners=won)
            for index, line in enumerate(two_lines(detail, 16, buttons - px(16) - rect.left - px(16))):
                y = rect.top + px(38) + index * theme.line_height(16)
                surface.blit(theme.text(line, 16, theme.TEXT_DIM), (rect.left + px(16), y))
        for _title, info, rect in self._rows():
            if info is None or not rect.colliderect(self.scroll.rect):
                continue
            surface.set_clip(rect.clip(self.scroll.rect))
            if info is self.renaming:
                self.draw_rename(surface, rect)
                continue
            if info.error is None:
                button = self.watch_rect(info, rect)
                theme.panel(surface, button, colour=theme.PANEL_LIGHT, edge=theme.GOLD, alpha=235)
                word_on(surface, _("Watch"), button, theme.GOLD_LIGHT)
            if self._renamable(info):
                button = self.rename_rect(rect)
                theme.panel(surface, button, colour=theme.PANEL_LIGHT, edge=theme.PANEL_EDGE, alpha=235)
                word_on(surface, _("Rename"), button, theme.TEXT)
            if self._deletable(info):
                button = self.delete_rect(rect)
                theme.panel(surface, button, colour=theme.BAD_FILL, edge=theme.BAD, alpha=235)
                word_on(surface, _("Delete"), button, theme.TEXT)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        if self.error and self.renaming is None:  # (a refused name says why on its row)
            # (smaller or narrowed to the window: a long file name and the reason a move log does not replay were
            # cut at its edge, in French from the reason's last words)
            error = fitting_label(self.error, 17, theme.BAD, w - px(40))
            surface.blit(error, error.get_rect(midbottom=(w // 2, self.back_button.rect.top - px(8))))
        self.back_button.draw(surface)
        self.keys.draw(surface)


class LoadingScene(Scene):
    """A save being opened on a worker thread (``SaveLoad``): "Loading <name>..." with how many moves are replayed,
    drawn once the load has taken more than a moment, over the screen it was opened from. The window goes on
    drawing and can be closed; Esc or Cancel stops the load. When it is done the scene leaves and hands on the
    match, or the line that says why it could not be opened."""

    opaque = False
    name = "loading"
    shown_after = 0.25  # seconds of a load before it is shown (a quick one never flashes)
    background_bytes = 64_000  # saves from this size are read off the frame loop (a long log of moves)

    def __init__(
        self, app: AppLike, path: Path, label: str, done: Callable[[Opened], None], failed: Callable[[str], None]
    ) -> None:
        super().__init__(app)
        self.path = path
        self.label = label
        self.done = done
        self.failed = failed
        self.job = SaveLoad(path)
        self.began = 0.0
        self.shown = False  # drawn at least once
        self.cancel_button = Button(_("Cancel"), self.back, size=20)
        self.keys = WidgetKeys(lambda: [self.cancel_button], lambda: self.app.now)  # Tab, then Enter cancels
        self.box = pygame.Rect(0, 0, 10, 10)

    @classmethod
    def takes_a_moment(cls, path: Path) -> bool:
        """Whether opening ``path`` may take long enough to read it off the frame loop."""
        try:
            return path.stat().st_size >= cls.background_bytes
        except OSError:
            return False  # it is opened at once and says why it cannot be

    def enter(self) -> None:
        self.began = self.app.now
        self.job.start()
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(80), px(640)), px(230))
        self.box.center = (w // 2, h // 2)
        self.cancel_button.rect = pygame.Rect(0, 0, px(180), px(46))
        self.cancel_button.rect.midbottom = (self.box.centerx, self.box.bottom - px(20))

    def update(self, dt: float) -> None:
        if not self.job.finished.is_set():
            return
        self.app.scenes.pop(self)
        if self.job.cancelled:
            return
        if self.job.result is not None:
            self.done(self.job.result)
        else:
            self.failed(self.job.error or _("The save could not be opened."))

    def back(self) -> None:
        """Esc or Cancel: stop reading and stay where the load was asked from."""
        self.job.cancel()
        self.app.scenes.pop(self)

    def on_close(self) -> None:
        self.job.cancel()

    def pointer(self, event: PointerEvent) -> None:
        if self.visible():
            self.keys.pointer(event)
            self.cancel_button.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        if self.visible():
            self.keys.key(event)

    def visible(self) -> bool:
        return self.app.now - self.began >= self.shown_after

    def progress(self) -> tuple[str, float | None]:
        """The line under the title and how much of the bar is full (None: not known)."""
        done, total = self.job.done, self.job.total
        if total <= 0:
            return _("Reading the save..."), None
        done = min(done, total)
        line = _("Replaying its moves: {done} of {total}").format(done=words.number(done), total=words.number(total))
        return line, done / total

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible():
            return  # the screen it was opened from stays as it was for a quick load
        self.shown = True
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        theme.panel(surface, self.box, colour=(36, 30, 26), edge=theme.GOLD, alpha=250)
        room = self.box.width - px(60)
        title = cut(_("Loading {name}...").format(name=self.label), 28, room)
        theme.write(surface, title, 28, theme.GOLD_LIGHT, True, midtop=(self.box.centerx, self.box.top + px(22)))
        line, part = self.progress()
        theme.write(surface, line, 18, theme.TEXT, False, midtop=(self.box.centerx, self.box.top + px(70)))
        bar = pygame.Rect(self.box.left + px(30), self.box.top + px(106), room, px(16))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=px(8))
        if part is None:  # not known: a segment sweeps along the bar
            sweep = bar.width // 4
            x = round((self.app.now * 0.8 % 1.0) * (bar.width + sweep)) - sweep
            filled = pygame.Rect(bar.left + x, bar.top, sweep, bar.height).clip(bar)
        else:
            filled = pygame.Rect(bar.left, bar.top, max(bar.height, round(bar.width * part)), bar.height)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=px(8))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, bar, width=max(1, px(1)), border_radius=px(8))
        self.cancel_button.draw(surface)
        self.keys.draw(surface)
