"""Words the shell's screens share, in the current language: a game's title, a number of players, a save's
progress line, its description, a bot by its level (History, Statistics and the tables say it alike).

The games' titles are their names: they stay as they are in every language, except where the game's own rulebook
in that language names it otherwise (House Cup is "Кубок факультетов" in its Russian rulebook). A save keeps its
game's title in English (the game's ``title``); it is translated where it is shown, through the game's own
catalogue (a new game brings its title's translations with it).
"""

from __future__ import annotations

from datetime import datetime

from tabletop.core.protocol import Game
from tabletop.games import GAMES
from tabletop.i18n import N_, Phrase, language, ngettext
from tabletop.i18n import game_title as game_title_in
from tabletop.i18n import gettext as _
from tabletop.play.statistics import bot_level as level_of

FINISHED = N_("Finished")  # a finished save's progress line (tabletop.core.saves)
MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)  # fmt: skip
# 12,345 and 1.5 in English; 12 345 and 1,5 in French and Russian (a plain space: the font has no no-break space)
THOUSANDS = {"fr": " ", "ru": " "}
DECIMAL = {"fr": ",", "ru": ","}
BOTS = {"easy": N_("Easy bot"), "medium": N_("Medium bot"), "hard": N_("Hard bot"), "random": N_("Random bot")}


def number(value: float) -> str:
    """A number as the language writes it: a whole one (or within 0.05 of one) with its thousands marked, any
    other with one decimal ("12,345", "1.5"; French and Russian "12 345", "1,5")."""
    code = language()
    text = f"{round(value):,}" if abs(value - round(value)) < 0.05 else f"{value:,.1f}"
    return text.translate({ord(","): THOUSANDS.get(code, ","), ord("."): DECIMAL.get(code, ".")})


def moment(stamp: str) -> str:
    """A moment of a save or of the history as people read it, in their own time zone ("2 Dec 2026, 18:04");
    a stamp that is not a date is shown as it is."""
    try:
        when = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    line = _("{day} {month} {year}, {time}")
    return line.format(day=when.day, month=_(MONTHS[when.month - 1]), year=when.year, time=f"{when:%H:%M}")


def title(text: str, game_id: str | None) -> str:
    """A game's title (as its ``Game`` or a save's header has it) in the current language, from its game's own
    catalogue (the game is not imported for it); a game not in this app keeps the title as written."""
    if not text or game_id is None or game_id not in GAMES:
        return text
    return game_title_in(game_id, text)


def description(text: str) -> str:
    """A save's description in the current language: the examples' are the shell catalogue's messages
    (``tabletop/examples``); a line the catalogue does not hold is shown as it was written."""
    return _(text) if text else text


def game_title(game: Game) -> str:
    return title(game.title, game.id)


def players(count: int) -> str:
    """ "4 players" (Russian: "4 игрока", "5 игроков")."""
    return ngettext("{count} player", "{count} players", count).format(count=count)


def table(game_id: str | None, count: int) -> str:
    """Who plays a save's game, as its game names such a table ("Duos (2 vs 2)"), else "4 players"."""
    game = GAMES.get(game_id) if game_id else None
    if game is not None and count in game.table_names:
        return game.gettext(game.table_names[count])
    return players(count)


def players_range(game: Game) -> str:
    """Who plays a game, as the New game screen says it: "2-4 players", "4-8 players", "1 vs 1, 2 vs 2"."""
    counts = game.player_counts
    if game.players_label:
        return game.gettext(game.players_label)
    if len(counts) == 1:
        return players(counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        # The noun agrees with the last number ("2-4 игрока", "4-8 игроков").
        line = ngettext("{low}-{high} player", "{low}-{high} players", counts[-1])
        return line.format(low=counts[0], high=counts[-1])
    listed = ", ".join(str(n) for n in counts[:-1])
    line = ngettext("{listed} or {last} player", "{listed} or {last} players", counts[-1])
    return line.format(listed=listed, last=counts[-1])


def bot_level(controller: str) -> str:
    """A bot's level, as History says it and a table says it under a seat's name ("Easy bot", "Hard bot"); ""
    for a person or a bot of no level. "greedy", the games' own name for the Medium bot's play (the example saves'
    bots, the command line's), is the Medium bot: the tables said "Bot Greedy" in French over the examples."""
    known = BOTS.get(level_of(controller))  # (as Statistics count it)
    return _(known) if known else ""


def seat_kind(controller: str, person: str, bot: str) -> str:
    """Who plays a seat, as a table says it under the seat's name: ``person`` (the game's own "Player"), a bot's
    level ("Hard bot": bots set up Easy and Hard were all "Bot" at the table, a new player's review), or ``bot``
    (its own "Bot") for a bot of no level."""
    return person if controller == "human" else bot_level(controller) or bot


def bot_name(controller: str) -> str:
    """A bot in words: its level ("Medium bot"), else its id ("Greedy bot")."""
    return bot_level(controller) or _("{kind} bot").format(kind=controller.capitalize())


def progress(line: Phrase | str) -> str:
    """A save's progress line in the language shown: "Finished", or the game's phrase; a line from a save written
    before phrases were kept (format 1) as it was written."""
    if isinstance(line, Phrase):
        return line.words()
    return _(line) if line == FINISHED else line
