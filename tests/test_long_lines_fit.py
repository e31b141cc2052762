"""A line that says what went wrong is shown whole at the least window (1024x640), in French: Load's line under
the list was one line as wide as its words, drawn from the window's left margin and cut at its right one (a save
whose move log does not replay, with a long file name: "... C'est à Serpentard de jouer, pas à Gryff"; with Large
text from "le coup n° 2 est ref")."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop.core.saves import write_save
from tabletop.paths import user_saves_dir
from tabletop.ui.app import App
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.settings import Settings
from tabletop.ui.theme import px
from tests.test_i18n_shell import house_cup_match
from tests.ui_driver import Driver


class Blits(pygame.Surface):
    """A screen that keeps where each picture was drawn on it (a line drawn past a clip is cut unseen)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.drawn.append(pygame.Rect(dest[0], dest[1], source.get_width(), source.get_height()))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("large_text", [False, True])
def test_a_long_error_of_the_load_screen_is_drawn_within_the_window(large_text: bool) -> None:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / ("Ж" * 40 + ".json")  # as long as a save's name may be
    write_save(house_cup_match(3, 12), save)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["log"][1] = data["log"][0]  # the first player again: the second move is refused
    save.write_text(json.dumps(data, indent=1), encoding="utf-8")
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=large_text)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    driver.frames(2)
    app.go.load()
    driver.frames(2)
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    row = next(rect for _, info, rect in load._rows() if info is not None and info.path == save)
    driver.tap(row.center)
    driver.frames(5)
    assert "pas à Gryffondor" in load.error, load.error  # (its move log does not replay)
    screen = Blits(app.screen.get_size())
    load.draw(screen)  # (under the offer to open what replays)
    line = [rect for rect in screen.drawn if rect.bottom == load.back_button.rect.top - px(8)]
    pygame.quit()
    assert len(line) == 1
    assert px(20) <= line[0].left and line[0].right <= 1024 - px(20), line[0]
