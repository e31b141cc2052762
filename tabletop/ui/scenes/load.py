"""Load: the player's saved games and the examples that come with the app; broken files show their error."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime

import pygame

from tabletop.core.saves import SaveInfo, shown_name
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.session import saved_games
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea


def when(stamp: str) -> str:
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    return moment.strftime("%d %b %Y, %H:%M")


class LoadScene(Scene):
    name = "load"

    def enter(self) -> None:
        self.entries: list[tuple[str, SaveInfo]] = []
        for info in saved_games(user_saves_dir()):
            self.entries.append(("Your games", info))
        for info in sorted(saved_games(asset_dir("saves")), key=lambda i: i.path.name):
            self.entries.append(("Examples", info))
        self.scroll = ScrollArea()
        self.back_button = Button("Back", self.back)
        self.error = ""
        self.row_h = px(70)
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.row_h = px(70)
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

    def pointer(self, event: PointerEvent) -> None:
        if self.back_button.pointer(event):
            return
        if self.scroll.pointer(event):
            return
        if event.kind == "tap" and self.scroll.rect.collidepoint(event.pos):
            for _title, info, rect in self._rows():
                if info is None:
                    continue
                if self._deletable(info) and self.delete_rect(rect).collidepoint(event.pos):
                    self.ask_delete(info)
                    return
                if info.error is None and self.watch_rect(info, rect).collidepoint(event.pos):
                    self.watch(info)
                    return
                if rect.collidepoint(event.pos):
                    self.open(info)
                    return

    @staticmethod
    def _deletable(info: SaveInfo) -> bool:
        """Only the player's own files can be deleted here, never the examples that come with the app."""
        return info.path.parent == user_saves_dir()

    def delete_rect(self, row: pygame.Rect) -> pygame.Rect:
        """The Delete control at the bottom right of a row of the player's own saves."""
        rect = pygame.Rect(0, 0, px(90), px(28))
        rect.bottomright = (row.right - px(12), row.bottom - px(8))
        return rect

    def watch_rect(self, info: SaveInfo, row: pygame.Rect) -> pygame.Rect:
        """The Watch control (the game from its start on the replay viewer), left of Delete when there is one."""
        rect = pygame.Rect(0, 0, px(90), px(28))
        right = self.delete_rect(row).left - px(10) if self._deletable(info) else row.right - px(12)
        rect.bottomright = (right, row.bottom - px(8))
        return rect

    def watch(self, info: SaveInfo) -> None:
        self.app.play("click")
        error = self.app.go.watch_save(info.path)
        if error:
            self.error = error

    def ask_delete(self, info: SaveInfo) -> None:
        what = "this game in progress" if info.error is None and not info.finished else "this file"
        self.app.play("click")
        self.app.go.dialog(
            "Delete?",
            f"Delete {what} ({shown_name(info.path)})? It cannot be brought back.",
            [("Keep it", lambda: None), ("Delete", lambda: self.delete(info))],
        )

    def delete(self, info: SaveInfo) -> None:
        try:
            os.unlink(info.path)
        except OSError as exc:
            self.error = f"Could not delete {shown_name(info.path)} ({exc.strerror or exc})."
            self.app.play("error")
            return
        self.entries = [(section, entry) for section, entry in self.entries if entry.path != info.path]
        self.scroll.content_height = self._rows_height()
        self.scroll.clamp()
        self.error = ""

    def open(self, info: SaveInfo) -> None:
        if info.error:
            self.error = info.error
            self.app.play("error")
            return
        self.app.play("click")
        error = self.app.go.open_save(info.path)
        if error:
            self.error = error

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        title = theme.text("Load a game", 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(36))))
        if not self.entries:
            empty = theme.text("No saved games yet.", 22, theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=self.scroll.rect.center))
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for title_text, info, rect in self._rows():
            if rect.bottom < self.scroll.rect.top or rect.top > self.scroll.rect.bottom:
                continue
            if info is None:
                surface.set_clip(self.scroll.rect)
                surface.blit(theme.text(title_text, 20, theme.GOLD_LIGHT, bold=True), (rect.left, rect.top + px(4)))
                continue
            broken = info.error is not None
            surface.set_clip(rect.clip(self.scroll.rect))  # a row's text never runs past its row
            theme.panel(surface, rect, edge=theme.BAD if broken else theme.PANEL_EDGE, alpha=225)
            if info.error is not None:
                surface.blit(
                    theme.text("Cannot be opened", 20, theme.BAD, bold=True), (rect.left + px(16), rect.top + px(10))
                )
                message = pygame.Rect(rect.left + px(16), rect.top + px(36), rect.width - px(140), px(30))
                theme.draw_text_block(surface, info.error, message, 15, theme.TEXT_DIM)
                continue
            label = f"{info.title} - {info.players} players - {info.progress}"
            surface.blit(theme.text(label, 21, theme.TEXT, bold=True), (rect.left + px(16), rect.top + px(10)))
            stamp = theme.text(f"saved {when(info.saved_at)}", 15, theme.TEXT_DIM)
            surface.blit(stamp, stamp.get_rect(topright=(rect.right - px(16), rect.top + px(12))))
            detail = info.description or ", ".join(info.names)
            line = pygame.Rect(rect.left + px(16), rect.top + px(40), rect.width - px(250), px(24))
            theme.draw_text_block(surface, detail, line, 16, theme.TEXT_DIM)
        for _title, info, rect in self._rows():
            if info is None or not rect.colliderect(self.scroll.rect):
                continue
            surface.set_clip(rect.clip(self.scroll.rect))
            if info.error is None:
                button = self.watch_rect(info, rect)
                theme.panel(surface, button, colour=theme.PANEL_LIGHT, edge=theme.GOLD, alpha=235)
                theme.write(surface, "Watch", 15, theme.GOLD_LIGHT, True, center=button.center)
            if self._deletable(info):
                button = self.delete_rect(rect)
                theme.panel(surface, button, colour=(70, 34, 30), edge=theme.BAD, alpha=235)
                theme.write(surface, "Delete", 15, theme.TEXT, True, center=button.center)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        if self.error:
            error = theme.text(self.error, 17, theme.BAD, bold=True)
            where = error.get_rect(midbottom=(w // 2, self.back_button.rect.top - px(8)))
            surface.set_clip(pygame.Rect(px(20), where.top, w - px(40), where.height))
            surface.blit(error, (max(where.left, px(20)), where.top))
            surface.set_clip(clip)
        self.back_button.draw(surface)
