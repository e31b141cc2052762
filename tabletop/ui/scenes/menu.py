"""The main menu: Continue, New game, Load, History, Rules, Settings, Quit."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.core.saves import SaveInfo
from tabletop.i18n import gettext as _
from tabletop.play.save_names import save_name
from tabletop.play.session import failed_to_open, latest_autosave
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import WidgetKeys
from tabletop.ui.scene import Scene
from tabletop.ui.scenes import words
from tabletop.ui.settings import trouble_line
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, dispatch, layout_column


class MenuScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "menu"

    def enter(self) -> None:
        self.latest: SaveInfo | None = latest_autosave()
        self.error = ""
        self.crests: list[pygame.Rect] = []
        self.buttons = [
            Button("", self.continue_game, primary=self.latest is not None),
            Button("", self.new_game, primary=self.latest is None),
            Button("", self.load),
            Button("", self.history),
            Button("", self.rules),
            Button("", self.settings),
            Button("", self.app.close),
        ]
        self.buttons[0].enabled = self.latest is not None
        self.keys = WidgetKeys(lambda: self.buttons, lambda: self.app.now)  # Tab, the arrows, Enter
        self.relabel()
        self.resize(self.app.screen.get_size())

    def relabel(self) -> None:
        """The buttons' words in the current language (again after a change of language in Settings)."""
        labels = (_("Continue"), _("New game"), _("Load"), _("History"), _("Rules"), _("Settings"), _("Quit"))
        for button, label in zip(self.buttons, labels, strict=True):
            button.label = label
        self.buttons[0].note = self.continue_note()

    def continue_note(self) -> str:
        """What Continue resumes: "House Cup - Round 3 - 4 players"."""
        if self.latest is None:
            return _("no game in progress")
        # (the name given on Load, if any)
        title = save_name(self.latest.path) or words.title(self.latest.title, self.latest.game_id)
        line = _("{title} - {progress} - {players}")
        return line.format(
            title=title,
            progress=words.progress(self.latest.progress),
            players=words.table(self.latest.game_id, self.latest.players),
        )

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        top = h // 2 - px(120)  # seven buttons between the crests and the hints at the foot
        layout_column(self.buttons, w // 2, top, px(360), px(62), px(10))
        layout_column(self.buttons[1:], w // 2, self.buttons[0].rect.bottom + px(10), px(360), px(50), px(10))

    def continue_game(self) -> None:
        if self.latest is not None:
            self.error = ""
            path = self.latest.path
            title = save_name(path) or words.title(self.latest.title, self.latest.game_id)
            self.app.go.load_save(path, title, lambda error: self.continue_failed(path, error))

    def continue_failed(self, path: Path, error: str) -> None:
        """The game Continue offered cannot be opened: it is passed by, and Continue offers the one before (it
        offered the same damaged file after every failure, the good game before it out of reach)."""
        failed_to_open(path)
        self.latest = latest_autosave()
        self.buttons[0].enabled = self.buttons[0].primary = self.latest is not None
        self.buttons[1].primary = self.latest is None  # (New game, when no game is left to go on with)
        self.relabel()
        after = _("Continue now offers the game before it.") if self.latest is not None else ""
        said = error if error.endswith((".", "!", "?")) else error + "."
        self.failed(" ".join(part for part in (said, after, _("Load still lists the file.")) if part))

    def failed(self, error: str) -> None:
        self.error = error

    def new_game(self) -> None:
        self.app.go.new_game()

    def load(self) -> None:
        self.app.go.load()

    def history(self) -> None:
        self.app.go.history()

    def rules(self) -> None:
        self.app.go.rules("house-cup")

    def settings(self) -> None:
        self.app.go.settings()

    def back(self) -> None:
        pass  # the menu is the bottom of the app; Quit leaves

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        dispatch(self.buttons, event, lambda: self.app.play("click"))

    def key(self, event: pygame.event.Event) -> None:
        self.keys.key(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        name = _("Tabletop")
        title = theme.text(name, 84, theme.GOLD_LIGHT, bold=True)
        shadow = theme.text(name, 84, (0, 0, 0), bold=True)
        ty = px(70)
        if theme.is_tall((w, h)):  # the buttons are in the window's middle: the title just above them
            ty = max(ty, self.buttons[0].rect.top - px(210))
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + px(3), ty + px(3))))
        surface.blit(title, title.get_rect(midtop=(w // 2, ty)))
        sub = theme.text(_("Wizard-school games for one table"), 26, theme.TEXT)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, ty + title.get_height() + px(4))))
        houses = ("gryffindor", "slytherin", "hufflepuff", "ravenclaw")
        y = ty + title.get_height() + sub.get_height() + px(18)
        crest = min(px(64), self.buttons[0].rect.top - px(8) - y)  # (large text leaves them less room)
        self.crests = []  # where the crests lie (none when there is no room for them)
        for index, house in enumerate(houses if crest >= px(24) else ()):
            img = fit(f"crests/{house}", crest)
            x = w // 2 + (index - 1.5) * (crest + px(18))
            self.crests.append(surface.blit(img, img.get_rect(midtop=(round(x), y))))
        for button in self.buttons:
            button.draw(surface)
        self.keys.draw(surface)
        if self.problems():
            self.draw_problems(surface)  # (in the hints' place too: what is wrong comes first)
        elif not self.app.tracker.finger_last:  # (keys mean little to someone at a touchscreen)
            # (the keys of every screen: Escape goes back from each but this one; Tab and Enter were told nowhere)
            said = _(
                "F11 full screen  -  F1 rules  -  Tab or arrows, then Enter  -  Ctrl+Z undo  -  Esc back from a screen"
            )
            hint = theme.fit_width(theme.text(said, 16, theme.TEXT_DIM), w - px(40), keep_height=True)
            surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - px(14))))

    def problems(self) -> list[str]:
        """What is wrong: a save that could not be opened names itself and why, a bug's notice, a history set
        aside, games that cannot be saved. Each is said (only the first was, so after a bug the warning that no
        game is kept went unsaid)."""
        settings = trouble_line(self.app.settings_trouble)  # (worded when drawn: a new language rewords it)
        return [problem for problem in (self.error, self.app.notice, self.app.history_notice, settings) if problem]

    def draw_problems(self, surface: pygame.Surface) -> None:
        """The problems at the foot, in the room under the buttons (two lines at least; what does not fit ends in
        an ellipsis)."""
        w, h = surface.get_size()
        texts = [text for problem in self.problems() for text in theme.wrap(problem, 16, w - px(80), bold=True)]
        step = theme.ui_font(16, bold=True).get_height() + px(2)
        y = h - px(12)
        room = max(2, (y - self.buttons[-1].rect.bottom - px(6)) // step)
        if len(texts) > room:
            texts = texts[: room - 1] + [texts[room - 1].rstrip(" .,;:") + "…"]
        for text in reversed(texts):
            line = theme.fit_width(theme.text(text, 16, theme.BAD, bold=True), w - px(40), keep_height=True)
            surface.blit(line, line.get_rect(midbottom=(w // 2, y)))
            y -= step
