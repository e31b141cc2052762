"""The player's settings, kept as JSON in the user config directory."""

from __future__ import annotations

import contextlib
import json
import logging
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from tabletop.core.saves import write_json_atomic
from tabletop.i18n import LANGUAGES, N_, guess_language
from tabletop.i18n import gettext as _

# The keys are kept in the settings file as they are (in English, whatever the language shown): the Settings
# screen shows each one translated with _().
ANIMATION_SPEEDS = {N_("Slow"): 0.6, N_("Normal"): 1.0, N_("Fast"): 1.8, N_("Off"): 0.0}
BOT_DELAYS = {N_("Relaxed"): 1.2, N_("Normal"): 0.7, N_("Quick"): 0.3, N_("Instant"): 0.0}
# Stupéfix's wand count: 3 seconds is the rule; the longer ones are for learning.
COUNTDOWNS = {N_("3 s (the rule)"): 3.0, N_("5 s"): 5.0, N_("8 s"): 8.0, N_("12 s"): 12.0}
# The palettes (theme.PALETTES): the standard colours, or Okabe-Ito's colour-blind-safe ones.
PALETTES = (N_("Standard"), N_("Colour-blind safe"))
# The interface scale, in percent of the size the window alone would give (theme.Scale).
UI_SCALES = (75, 100, 125, 150, 175, 200)


@dataclass
class Settings:
    volume: float = 0.7
    animation: str = "Normal"
    bot_speed: str = "Normal"
    fullscreen: bool = False
    countdown: str = "3 s (the rule)"
    guides_offered: list[str] = field(default_factory=list)  # games whose guided first game was offered
    language: str = ""  # "en", "fr", "ru"; "" until chosen: the app's start guesses it from the system locale
    palette: str = "Standard"  # one of PALETTES
    ui_scale: int = 100  # one of UI_SCALES
    large_text: bool = False  # every text a quarter larger (theme.Scale)
    reduce_motion: bool = False  # nothing slides, flies or spins; every caption still shown for its time
    play_forced: bool = False  # a person alone against bots has their only possible move played for them

    def __post_init__(self) -> None:
        """A choice the Settings screen does not offer is refused here, by name (the screen could not show it
        and failed when opened; ``load_settings`` mends a file's values instead)."""
        offered = {
            "animation": ANIMATION_SPEEDS,
            "bot_speed": BOT_DELAYS,
            "countdown": COUNTDOWNS,
            "palette": PALETTES,
            "ui_scale": UI_SCALES,
        }
        for name, choices in offered.items():
            if getattr(self, name) not in choices:
                listed = ", ".join(map(repr, choices))
                raise ValueError(f"Settings({name}={getattr(self, name)!r}): choose one of {listed}")

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    @property
    def motion_factor(self) -> float:
        """How fast things move on a table (0: they do not move, they are simply where they end up). With reduced
        motion nothing moves but the table keeps its pace (``animation_factor``): each caption stays its time."""
        return 0.0 if self.reduce_motion else self.animation_factor

    @property
    def bot_delay(self) -> float:
        return BOT_DELAYS.get(self.bot_speed, 0.7)

    @property
    def countdown_seconds(self) -> float:
        return COUNTDOWNS.get(self.countdown, 3.0)


def settings_path() -> Path:
    return Path(platformdirs.user_config_dir("tabletop")) / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings; anything missing or broken falls back to the defaults (never an error)."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # (unreadable, not JSON, or nested past Python's stack)
        return Settings()
    return settings_from(data)


@dataclass(frozen=True)
class SettingsTrouble:
    """What was wrong with the settings file when it was read, for the menu to say (``read_settings``)."""

    reason: str  # why the file could not be read (one of ``UNREADABLE``), or the names of the values not understood
    kept_as: str = ""  # the name the unreadable file was set aside under ("": it was read, or could not be moved)
    unreadable: bool = True  # False: the file was read, but some of its values were not ones the app offers
    where: tuple[int, int] = (0, 0)  # the line and column where the JSON went wrong (``NOT_JSON``)


# Why a settings file could not be read, worded when the menu says it (in the language shown then, which the file
# itself chooses: Python's own words were English on a Russian menu).
NOT_UTF8 = N_("not UTF-8 text")
NOT_JSON = N_("not valid JSON at line {line}, column {column}")
NESTED = N_("nested too deeply")
NOT_OBJECT = N_("not a JSON object")


def read_settings() -> tuple[Settings, SettingsTrouble | None]:
    """The settings and what was wrong with their file. A file that is not a JSON object (a hand edit gone wrong,
    say) is set aside next to it, so nothing in it is lost when the defaults are kept in its place: it was
    silently written over with the defaults at the start, and the player's settings were gone without a word."""
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8-sig")  # (a mark some editors write first is read past)
    except OSError:  # (none yet, or unreadable: the defaults, and nothing to set aside)
        return Settings(), None
    except ValueError:  # (saved by hand in another encoding, UTF-16 say: the app stopped at its start)
        return Settings(), _set_aside(path, NOT_UTF8)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return Settings(), _set_aside(path, NOT_JSON, (exc.lineno, exc.colno))
    except (ValueError, RecursionError):  # (a number too long to read, or nested past Python's stack)
        return Settings(), _set_aside(path, NESTED)
    if not isinstance(data, dict):
        return Settings(), _set_aside(path, NOT_OBJECT)
    settings = settings_from(data)
    mended = not_understood(data, settings)
    if mended:
        return settings, SettingsTrouble(", ".join(mended), unreadable=False)
    return settings, None


def trouble_line(trouble: SettingsTrouble | None) -> str:
    """What the menu says of ``trouble``, in the language shown now ("": nothing was wrong)."""
    if trouble is None:
        return ""
    if not trouble.unreadable:
        line = _("Some settings in the settings file were not understood ({names}): their defaults are used.")
        return line.format(names=trouble.reason)
    row, column = trouble.where
    reason = _(trouble.reason).format(line=row, column=column)
    if trouble.kept_as:
        said = _(
            "The settings file could not be read ({reason}): the default settings are used, and the file was kept "
            "as {file}."
        )
        return said.format(reason=reason, file=trouble.kept_as)
    return _("The settings file could not be read ({reason}): the default settings are used.").format(reason=reason)


def _set_aside(path: Path, reason: str, where: tuple[int, int] = (0, 0)) -> SettingsTrouble:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    try:
        path.rename(aside)
    except OSError:
        logging.warning("The settings file %s could not be read (%s, %s) nor set aside", path, reason, where)
        return SettingsTrouble(reason, where=where)
    logging.warning("The settings file %s could not be read (%s, %s): set aside as %s", path, reason, where, aside)
    return SettingsTrouble(reason, aside.name, where=where)


def not_understood(data: dict[str, object], settings: Settings) -> list[str]:
    """The names of the settings ``data`` gives that ``settings`` (read from it) could not take as they are."""
    return [f.name for f in fields(Settings) if f.name in data and data[f.name] != getattr(settings, f.name)]


def settings_from(data: object) -> Settings:
    """The settings a file's JSON holds, each value that is not one the app offers mended to its default."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    for f in fields(Settings):
        value = data.get(f.name)
        if isinstance(value, type(getattr(settings, f.name))) or (f.type == "float" and isinstance(value, int)):
            setattr(settings, f.name, value)
    try:
        settings.volume = min(1.0, max(0.0, float(settings.volume)))
    except OverflowError:  # an integer too large for a float
        settings.volume = Settings.volume
    if settings.animation not in ANIMATION_SPEEDS:
        settings.animation = "Normal"
    if settings.bot_speed not in BOT_DELAYS:
        settings.bot_speed = "Normal"
    if settings.countdown not in COUNTDOWNS:
        settings.countdown = Settings.countdown
    settings.guides_offered = [game for game in settings.guides_offered if isinstance(game, str)]
    if settings.palette not in PALETTES:
        settings.palette = Settings.palette
    if settings.ui_scale not in UI_SCALES:
        settings.ui_scale = Settings.ui_scale
    if settings.language not in LANGUAGES:
        settings.language = ""
    return settings


def chosen_language(settings: Settings) -> bool:
    """Make sure ``settings`` name a language: the system locale's when none was chosen yet. Returns whether it
    was just guessed (so the caller keeps it)."""
    if settings.language in LANGUAGES:
        return False
    settings.language = guess_language()
    return True


def save_settings(settings: Settings, path: Path | None = None, since: Settings | None = None) -> None:
    """Keep ``settings``. With ``since``, the settings as this window last read or kept them, only what changed
    since is written over the file as it is now, and the games whose guided first game was offered are added to
    the file's: another window of the app on the same folder may have changed other settings meanwhile, and
    writing this window's settings whole put its old values back (a guided game offered in one window was offered
    again once the other window's Settings were changed, and the other window's choices were lost the same way).
    What the file holds that this version does not know (a newer version's setting, or a choice it added) stays."""
    path = path or settings_path()
    data = asdict(settings)
    if since is not None:
        with contextlib.suppress(OSError, ValueError, RecursionError):  # (nothing readable: this window's whole)
            found = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(found, dict):
                # (the games offered are added to the file's whatever changed: this window's list, written whole
                # once it had grown, let go of those the other window had offered meanwhile)
                offered = settings_from(found).guides_offered
                changed = {name: value for name, value in data.items() if value != getattr(since, name)}
                guides = [*offered, *(game for game in settings.guides_offered if game not in offered)]
                data = {**found, **changed, "guides_offered": guides}
    # Settings are a comfort: failing to keep them must not stop the game.
    with contextlib.suppress(OSError):
        write_json_atomic(path, data)
