"""Settings: sound volume, animation speed, bot speed, Stupéfix's wand countdown and full screen, kept between
sessions."""

from __future__ import annotations

import pygame

from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.settings import ANIMATION_SPEEDS, BOT_DELAYS, COUNTDOWNS
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, Slider, dispatch


class SettingsScene(Scene):
    name = "settings"

    def enter(self) -> None:
        settings = self.app.settings
        self.volume = Slider(settings.volume, self.set_volume)
        animations = list(ANIMATION_SPEEDS)
        self.animation = Choice(animations, animations.index(settings.animation), self.set_animation)
        speeds = list(BOT_DELAYS)
        self.bots = Choice(speeds, speeds.index(settings.bot_speed), self.set_bots)
        counts = list(COUNTDOWNS)
        self.countdown = Choice(counts, counts.index(settings.countdown), self.set_countdown)
        self.fullscreen = Choice(["Window", "Full screen"], int(settings.fullscreen), self.set_fullscreen)
        self.done = Button("Done", self.back, primary=True)
        self.resize(self.app.screen.get_size())

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.save_settings()

    def release_volume(self) -> None:
        self.app.play("click")

    def set_animation(self, index: int) -> None:
        self.app.settings.animation = self.animation.options[index]
        self.app.save_settings()

    def set_bots(self, index: int) -> None:
        self.app.settings.bot_speed = self.bots.options[index]
        self.app.save_settings()

    def set_countdown(self, index: int) -> None:
        self.app.settings.countdown = self.countdown.options[index]
        self.app.save_settings()

    def set_fullscreen(self, index: int) -> None:
        self.app.set_fullscreen(bool(index))
        self.app.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(60), px(760)), px(470))
        self.box.center = (w // 2, h // 2)
        x = self.box.left + px(300)
        width = self.box.right - px(40) - x
        y = self.box.top + px(40)
        self.volume.rect = pygame.Rect(x, y + px(8), width, px(30))
        self.animation.rect = pygame.Rect(x, y + px(76), width, px(46))
        self.bots.rect = pygame.Rect(x, y + px(146), width, px(46))
        self.countdown.rect = pygame.Rect(x, y + px(216), width, px(46))
        self.fullscreen.rect = pygame.Rect(x, y + px(286), width, px(46))
        self.done.rect = pygame.Rect(self.box.centerx - px(110), self.box.bottom - px(70), px(220), px(50))

    def pointer(self, event: PointerEvent) -> None:
        if self.volume.pointer(event):
            if event.kind == "up":
                self.release_volume()
            return
        widgets = (self.animation, self.bots, self.countdown, self.fullscreen, self.done)
        dispatch(widgets, event, lambda: self.app.play("click"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        title = theme.text("Settings", 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(self.box.centerx, self.box.top - px(16))))
        theme.panel(surface, self.box, alpha=235)
        labels = (
            ("Sound volume", self.volume.rect),
            ("Animations", self.animation.rect),
            ("Bot speed", self.bots.rect),
            ("Stupéfix countdown", self.countdown.rect),
            ("Display", self.fullscreen.rect),
        )
        for label, rect in labels:
            surface.blit(theme.text(label, 22, theme.TEXT, bold=True), (self.box.left + px(40), rect.centery - px(11)))
        percent = theme.text(f"{round(self.app.settings.volume * 100)}%", 17, theme.TEXT_DIM)
        surface.blit(percent, percent.get_rect(midtop=(self.volume.rect.centerx, self.volume.rect.bottom + px(2))))
        if not self.app.sounds.available:
            note = theme.text("No audio device found: the game runs silent.", 15, theme.TEXT_DIM)
            surface.blit(note, (self.box.left + px(40), self.volume.rect.bottom + px(2)))
        for widget in (self.volume, self.animation, self.bots, self.countdown, self.fullscreen, self.done):
            widget.draw(surface)
