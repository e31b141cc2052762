"""Images from ``art/`` and sounds from ``sounds/``, loaded once and scaled on demand.

A missing image becomes a plain placeholder and a missing sound card means silence: neither stops a game.
"""

from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path

import pygame

from tabletop.paths import asset_dir

log = logging.getLogger(__name__)

_images: dict[str, pygame.Surface] = {}
_scaled: dict[tuple[str, int, int], pygame.Surface] = {}


def reset_caches() -> None:
    _images.clear()
    _scaled.clear()


def forget_scaled() -> None:
    """Forget the images scaled for the window's old size (the art itself stays loaded)."""
    _scaled.clear()


def image(name: str) -> pygame.Surface:
    """``name`` is a path under art/ without ``.png``, e.g. ``crests/gryffindor``."""
    surface = _images.get(name)
    if surface is None:
        path = asset_dir("art") / f"{name}.png"
        try:
            surface = pygame.image.load(str(path))
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
        except (pygame.error, FileNotFoundError):
            log.warning("missing image %s", path)
            surface = pygame.Surface((64, 64), pygame.SRCALPHA)
            pygame.draw.circle(surface, (120, 110, 90, 200), (32, 32), 28, 3)
        _images[name] = surface
    return surface


def scaled(name: str, size: tuple[int, int]) -> pygame.Surface:
    key = (name, max(1, size[0]), max(1, size[1]))
    surface = _scaled.get(key)
    if surface is None:
        if len(_scaled) > 600:
            _scaled.clear()
        surface = pygame.transform.smoothscale(image(name), key[1:])
        _scaled[key] = surface
    return surface


def fit(name: str, box: int) -> pygame.Surface:
    """The image scaled to fit a square box, keeping its proportions."""
    source = image(name)
    w, h = source.get_size()
    ratio = box / max(w, h)
    return scaled(name, (round(w * ratio), round(h * ratio)))


SAME_MOMENT = 0.06  # seconds: a sound asked for again sooner plays once


class Sounds:
    """Plays the named sounds of sounds/ at the settings' volume; silent without an audio device."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or asset_dir("sounds")
        self.available = False
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._volume = 0.7
        self._played: dict[str, float] = {}  # when each sound last began
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 1, 512)
            self.available = pygame.mixer.get_init() is not None
        except pygame.error as exc:
            log.info("no audio device, running silent (%s)", exc)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, volume: float) -> None:
        """The settings' volume, for the sounds playing too: turned down to nothing, the fanfare and the bells
        played on to their end at the old volume."""
        self._volume = volume
        for sound in self._cache.values():
            if sound is not None:
                sound.set_volume(volume)
        if volume <= 0 and self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def play(self, name: str) -> None:
        """Play ``name``: once, when it is asked for again at the same moment (Stupéfix's last rewards handed out
        together asked for four "take" sounds in one frame: they summed past full scale and crackled)."""
        if not self.available or self.volume <= 0:
            return
        now = time.monotonic()
        if now - self._played.get(name, -1.0) < SAME_MOMENT:
            return
        self._played[name] = now
        if name not in self._cache:
            try:
                self._cache[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("missing sound %s (%s)", name, exc)
                self._cache[name] = None
        sound = self._cache[name]
        if sound is not None:
            sound.set_volume(self.volume)
            with contextlib.suppress(pygame.error):
                sound.play()
