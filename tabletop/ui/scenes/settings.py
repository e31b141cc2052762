"""Settings: the language, sound volume, animation speed, reduced motion, bot speed, forced moves played for a person
alone, Stupéfix's wand countdown, full screen, the colours (standard or colour-blind safe), the interface scale and
large text, kept between sessions. Every line is reached by Tab and the arrows too; Left and Right turn a picker or
move the volume.

The choices are kept in the settings file by their English keys (files written before there were languages load
as they were); only what is shown is translated. A change of language redraws every screen in it at once."""

from __future__ import annotations

import pygame

from tabletop.core.protocol import SearchSettings
from tabletop.i18n import LANGUAGES, N_, set_language
from tabletop.i18n import gettext as _
from tabletop.ui import theme
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import WidgetKeys, intent
from tabletop.ui.scene import Scene
from tabletop.ui.settings import ANIMATION_SPEEDS, BOT_DELAYS, COUNTDOWNS, PALETTES, UI_SCALES
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, Slider, Widget, dispatch

DISPLAYS = (N_("Window"), N_("Full screen"))
SWITCH = (N_("No"), N_("Yes"))
FORCED_MOVES = (N_("I play them"), N_("Play them for me"))  # a person alone's only possible move (Settings.play_forced)
MOTIONS = (N_("Full"), N_("Reduced"))  # reduced: nothing moves across the table, every caption is still shown
HARD_THINKS = SearchSettings().hard_budget  # seconds a Hard bot searches, whatever the bot speed
LABEL_WIDTH = 250  # design pixels left of the widgets for a line's label (a longer one is squeezed to fit)


def language_index(code: str) -> int:
    codes = list(LANGUAGES)
    return codes.index(code) if code in codes else 0


class SettingsScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "settings"

    def enter(self) -> None:
        settings = self.app.settings
        self.language = Choice(list(LANGUAGES.values()), language_index(settings.language), self.set_language)
        self.volume = Slider(settings.volume, self.set_volume)
        self.animation = Choice([], list(ANIMATION_SPEEDS).index(settings.animation), self.set_animation)
        self.bots = Choice([], list(BOT_DELAYS).index(settings.bot_speed), self.set_bots)
        self.forced = Choice([], int(settings.play_forced), self.set_forced)
        self.countdown = Choice([], list(COUNTDOWNS).index(settings.countdown), self.set_countdown)
        self.fullscreen = Choice([], int(settings.fullscreen), self.set_fullscreen)
        self.palette = Choice([], list(PALETTES).index(settings.palette), self.set_palette)
        self.motion = Choice([], int(settings.reduce_motion), self.set_motion)
        self.scale = Choice([], UI_SCALES.index(settings.ui_scale), self.set_scale)
        self.large_text = Choice([], int(settings.large_text), self.set_large_text)
        self.done = Button("", self.back, primary=True)
        # Tab, the arrows, Enter. The volume stands for its whole row, its percentage with it: by the slider alone
        # (narrower, its middle further left) Down from the language skipped it for the picker under it.
        self.volume_row = pygame.Rect(0, 0, 0, 0)
        self.keys = WidgetKeys(
            self.widgets, lambda: self.app.now, lambda w: self.volume_row if w is self.volume else w.rect
        )
        self.relabel()
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        """The choices' words in the current language (the languages keep their own names)."""
        self.animation.options = [_(key) for key in ANIMATION_SPEEDS]
        self.bots.options = [self.bot_speed_label(key) for key in BOT_DELAYS]
        self.forced.options = [_(key) for key in FORCED_MOVES]
        self.countdown.options = [_(key) for key in COUNTDOWNS]
        self.fullscreen.options = [_(key) for key in DISPLAYS]
        self.palette.options = [_(key) for key in PALETTES]
        self.motion.options = [_(key) for key in MOTIONS]
        self.scale.options = self.scale_options()
        self.large_text.options = [_(key) for key in SWITCH]
        self.done.label = _("Done")

    @staticmethod
    def bot_speed_label(key: str) -> str:
        """A bot speed's words; Quick and Instant (under half a Hard search: Normal is near it) say that a Hard bot
        still thinks its second (a forced move answered at once would tell the table it was forced): a player who
        chose Instant thought the setting broken (the tempo review)."""
        if BOT_DELAYS[key] < HARD_THINKS / 2:
            return _("{speed} (Hard bots: about 1 s)").format(speed=_(key))
        return _(key)

    def rows(self) -> list[tuple[str, Widget]]:
        """The lines of the screen, top to bottom: each one's label and its widget."""
        return [
            (_("Language"), self.language),
            (_("Sound volume"), self.volume),
            (_("Animation speed"), self.animation),
            (_("Motion"), self.motion),
            (_("Bot speed"), self.bots),
            (_("Forced moves"), self.forced),
            (_("Stupéfix countdown"), self.countdown),
            (_("Display"), self.fullscreen),
            (_("Interface size"), self.scale),
            (_("Large text"), self.large_text),
            (_("Colours"), self.palette),
        ]

    def widgets(self) -> list[Widget]:
        return [*(widget for _, widget in self.rows()), self.done]

    def set_language(self, index: int) -> None:
        """Show the app in the chosen language from now on: every screen open is relabelled at once."""
        code = set_language(list(LANGUAGES)[index])
        self.app.settings.language = code
        self.app.save_settings()
        sprite_cache.reset_all()  # faces and plaques are kept by size, not language: a table opened later draws anew
        for scene in self.app.scenes.stack:
            relabel = getattr(scene, "relabel", None)
            if callable(relabel):
                relabel()
                # (in the new words it may be laid out at this screen's scale: a table under it, upright, is laid
                # out again at its own when it is shown: App.match_scale)
                scene.laid_out_at = theme.Scale.factor

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

    def set_forced(self, index: int) -> None:
        self.app.settings.play_forced = bool(index)
        self.app.save_settings()

    def set_countdown(self, index: int) -> None:
        self.app.settings.countdown = list(COUNTDOWNS)[index]
        self.app.save_settings()

    def set_palette(self, index: int) -> None:
        """Draw everything in the chosen colours from now on (the screens open are redrawn in them at once)."""
        self.app.settings.palette = PALETTES[index]
        theme.set_palette(self.app.settings.palette)
        self.app.save_settings()

    def scale_options(self) -> list[str]:
        """Each interface size; the one chosen says when the screens have room for less ("200% (at most 116%)": the
        layouts keep a least room, so 200% grew things 16%, and nothing said why)."""
        shown = round(theme.Scale.shown_interface() * 100)
        options = []
        for percent in UI_SCALES:
            label = _("{percent}%").format(percent=percent)
            if percent == self.app.settings.ui_scale and shown < percent:
                label = _("{percent}% (at most {shown}%)").format(percent=percent, shown=shown)
            options.append(label)
        return options

    def set_motion(self, index: int) -> None:
        self.app.settings.reduce_motion = bool(index)
        self.app.save_settings()

    def set_scale(self, index: int) -> None:
        """Draw every screen at the chosen size from the next frame, this one included."""
        self.app.settings.ui_scale = UI_SCALES[index]
        self.app.save_settings()
        self.app.rescale()

    def set_large_text(self, index: int) -> None:
        self.app.settings.large_text = bool(index)
        self.app.save_settings()
        self.app.rescale()

    def set_fullscreen(self, index: int) -> None:
        self.app.set_fullscreen(bool(index))
        self.app.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        rows = self.rows()
        # The box takes the room the window leaves under the title, its lines as far apart as that allows.
        box_h = min(px(40 + 62 * len(rows) + 80), h - px(84))
        self.box = pygame.Rect(0, 0, min(w - px(60), px(760)), box_h)
        self.box.midbottom = (w // 2, h - max(px(8), (h - px(84) - box_h) // 2))
        x = self.box.left + px(40 + LABEL_WIDTH + 10)
        width = self.box.right - px(40) - x
        pitch = (box_h - px(40 + 80)) / len(rows)
        height = min(px(44), round(pitch) - px(8))
        for index, (_label, widget) in enumerate(rows):
            middle = round(self.box.top + px(24) + pitch * (index + 0.5))
            if widget is self.volume:  # its percentage on its right
                tall = min(height, px(30))
                widget.rect = pygame.Rect(x, middle - tall // 2, width - px(80), tall)
                self.volume_row = pygame.Rect(x, widget.rect.top, width, tall)
            else:
                widget.rect = pygame.Rect(x, middle - height // 2, width, height)
        self.done.rect = pygame.Rect(self.box.centerx - px(110), self.box.bottom - px(66), px(220), px(50))

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if self.volume.pointer(event):
            if event.kind == "up":
                self.release_volume()
            return
        dispatch([widget for widget in self.widgets() if widget is not self.volume], event, self.click)

    def click(self) -> None:
        self.app.play("click")

    def key(self, event: pygame.event.Event) -> None:
        if self.keys.key(event) and self.keys.focused() is self.volume and intent(event) in ("left", "right"):
            self.release_volume()  # the volume moved by an arrow: its click says how loud it is now

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        title = theme.text(_("Settings"), 44, theme.GOLD_LIGHT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(self.box.centerx, self.box.top - px(12))))
        theme.panel(surface, self.box, alpha=235)
        for label, widget in self.rows():
            line = theme.fit_width(theme.text(label, 22, theme.TEXT, bold=True), px(LABEL_WIDTH), keep_height=True)
            surface.blit(line, line.get_rect(midleft=(self.box.left + px(40), widget.rect.centery)))
        volume = _("{percent}%").format(percent=round(self.app.settings.volume * 100))
        percent = theme.fit_width(theme.text(volume, 20, theme.TEXT), px(66), keep_height=True)
        surface.blit(percent, percent.get_rect(midright=(self.box.right - px(40), self.volume.rect.centery)))
        if not self.app.sounds.available:
            note = theme.text(_("No audio device found: the game runs silent."), 14, theme.TEXT_DIM)
            note = theme.fit_width(note, self.volume.rect.width, keep_height=True)
            surface.blit(note, note.get_rect(midtop=(self.volume.rect.centerx, self.volume.rect.bottom)))
        self.scale.options = self.scale_options()
        for widget in self.widgets():
            widget.draw(surface)
        self.keys.draw(surface)
