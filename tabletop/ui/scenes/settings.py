"""Settings: the language, sound volume, animation speed, bot speed, Stupéfix's wand countdown, full screen and
the colours (standard or colour-blind safe), kept between sessions.

The choices are kept in the settings file by their English keys (files written before there were languages load
as they were); only what is shown is translated. A change of language redraws every screen in it at once."""

from __future__ import annotations

import pygame

from tabletop.i18n import LANGUAGES, N_, set_language
from tabletop.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.scene import Scene
from tabletop.ui.settings import ANIMATION_SPEEDS, BOT_DELAYS, COUNTDOWNS, PALETTES
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, Slider, dispatch

DISPLAYS = (N_("Window"), N_("Full screen"))
LABEL_WIDTH = 250  # design pixels left of the widgets for a line's label (a longer one is squeezed to fit)


def language_index(code: str) -> int:
    codes = list(LANGUAGES)
    return codes.index(code) if code in codes else 0


class SettingsScene(Scene):
    name = "settings"

    def enter(self) -> None:
        settings = self.app.settings
        self.language = Choice(list(LANGUAGES.values()), language_index(settings.language), self.set_language)
        self.volume = Slider(settings.volume, self.set_volume)
        self.animation = Choice([], list(ANIMATION_SPEEDS).index(settings.animation), self.set_animation)
        self.bots = Choice([], list(BOT_DELAYS).index(settings.bot_speed), self.set_bots)
        self.countdown = Choice([], list(COUNTDOWNS).index(settings.countdown), self.set_countdown)
        self.fullscreen = Choice([], int(settings.fullscreen), self.set_fullscreen)
        self.palette = Choice([], list(PALETTES).index(settings.palette), self.set_palette)
        self.done = Button("", self.back, primary=True)
        self.relabel()
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        """The choices' words in the current language (the languages keep their own names)."""
        self.animation.options = [_(key) for key in ANIMATION_SPEEDS]
        self.bots.options = [_(key) for key in BOT_DELAYS]
        self.countdown.options = [_(key) for key in COUNTDOWNS]
        self.fullscreen.options = [_(key) for key in DISPLAYS]
        self.palette.options = [_(key) for key in PALETTES]
        self.done.label = _("Done")

    def set_language(self, index: int) -> None:
        """Show the app in the chosen language from now on: every screen open is relabelled at once."""
        code = set_language(list(LANGUAGES)[index])
        self.app.settings.language = code
        self.app.save_settings()
        for scene in self.app.scenes.stack:
            relabel = getattr(scene, "relabel", None)
            if callable(relabel):
                relabel()

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.save_settings()

    def release_volume(self) -> None:
        self.app.play("click")

    def set_animation(self, index: int) -> None:
        self.app.settings.animation = list(ANIMATION_SPEEDS)[index]  # kept by its English key
        self.app.save_settings()

    def set_bots(self, index: int) -> None:
        self.app.settings.bot_speed = list(BOT_DELAYS)[index]
        self.app.save_settings()

    def set_countdown(self, index: int) -> None:
        self.app.settings.countdown = list(COUNTDOWNS)[index]
        self.app.save_settings()

    def set_palette(self, index: int) -> None:
        """Draw everything in the chosen colours from now on (the screens open are redrawn in them at once)."""
        self.app.settings.palette = PALETTES[index]
        theme.set_palette(self.app.settings.palette)
        self.app.save_settings()

    def set_fullscreen(self, index: int) -> None:
        self.app.set_fullscreen(bool(index))
        self.app.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - px(60), px(760)), px(610))
        self.box.center = (w // 2, h // 2 + px(20))
        x = self.box.left + px(40 + LABEL_WIDTH + 10)
        width = self.box.right - px(40) - x
        y = self.box.top + px(40)
        self.language.rect = pygame.Rect(x, y, width, px(46))
        self.volume.rect = pygame.Rect(x, y + px(78), width, px(30))
        self.animation.rect = pygame.Rect(x, y + px(146), width, px(46))
        self.bots.rect = pygame.Rect(x, y + px(216), width, px(46))
        self.countdown.rect = pygame.Rect(x, y + px(286), width, px(46))
        self.fullscreen.rect = pygame.Rect(x, y + px(356), width, px(46))
        self.palette.rect = pygame.Rect(x, y + px(426), width, px(46))
        self.done.rect = pygame.Rect(self.box.centerx - px(110), self.box.bottom - px(70), px(220), px(50))

    def pointer(self, event: PointerEvent) -> None:
        if self.volume.pointer(event):
            if event.kind == "up":
                self.release_volume()
            return
        widgets = (self.language, self.animation, self.bots, self.countdown, self.fullscreen, self.palette, self.done)
        dispatch(widgets, event, lambda: self.app.play("click"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        title = theme.text(_("Settings"), 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(self.box.centerx, self.box.top - px(16))))
        theme.panel(surface, self.box, alpha=235)
        labels = (
            (_("Language"), self.language.rect),
            (_("Sound volume"), self.volume.rect),
            (_("Animations"), self.animation.rect),
            (_("Bot speed"), self.bots.rect),
            (_("Stupéfix countdown"), self.countdown.rect),
            (_("Display"), self.fullscreen.rect),
            (_("Colours"), self.palette.rect),
        )
        for label, rect in labels:
            line = theme.fit_width(theme.text(label, 22, theme.TEXT, bold=True), px(LABEL_WIDTH), keep_height=True)
            surface.blit(line, line.get_rect(midleft=(self.box.left + px(40), rect.centery)))
        volume = _("{percent}%").format(percent=round(self.app.settings.volume * 100))
        percent = theme.text(volume, 17, theme.TEXT_DIM)
        surface.blit(percent, percent.get_rect(midtop=(self.volume.rect.centerx, self.volume.rect.bottom + px(2))))
        if not self.app.sounds.available:
            note = theme.text(_("No audio device found: the game runs silent."), 15, theme.TEXT_DIM)
            note = theme.fit_width(note, self.box.width - px(80), keep_height=True)
            surface.blit(note, (self.box.left + px(40), self.volume.rect.bottom + px(2)))
        widgets = (
            self.language,
            self.volume,
            self.animation,
            self.bots,
            self.countdown,
            self.fullscreen,
            self.palette,
            self.done,
        )
        for widget in widgets:
            widget.draw(surface)
