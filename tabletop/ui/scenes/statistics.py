"""Statistics: of one game or of all, and of one person (or of a bot level, for a history of bots' games):
games played, wins and streaks in big numbers, then charts of the win rate against each kind of opponent, the
score (or, over all games, the win rate) in the order the games were played, and the game's own figures (House
Cup's points by category, a spellbook's win rate...). Export CSV writes the games counted to a spreadsheet file:
those of the chosen game where the chosen person (or bot level) sat, every game of it for Everyone.

The history is read once when the screen opens and the statistics counted once per choice of person; the charts
are drawn once per choice and blitted every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from tabletop.games import GAMES
from tabletop.i18n import N_, keep_as_typed, ngettext, os_reason
from tabletop.i18n import gettext as _
from tabletop.paths import user_data_dir
from tabletop.play.history import GameRecord, History
from tabletop.play.session import history_db
from tabletop.play.statistics import (
    PEOPLE,
    Record,
    Stats,
    bots,
    export_csv,
    people,
    person_key,
    played_by,
    statistics,
)
from tabletop.ui import charts, theme
from tabletop.ui.charts import Bar
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, page, scroll_target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, Choice, ScrollArea, dispatch

ALL = N_("All games")
OPPONENTS = {"easy": N_("Easy bots"), "medium": N_("Medium bots"), "hard": N_("Hard bots"), "random": N_("Random bots")}
LEVELS = ("easy", "medium", "hard")
ROLLING = 20  # games over which the win rate over time is taken
FIGURE_TILES = 2  # a game's own figures up to this many are shown as numbers beside the others, more as bars

_Chart = Callable[[tuple[int, int]], pygame.Surface]  # a chart to draw once its size is known


def opponent_name(kind: str) -> str:
    if kind == PEOPLE:
        return _("People")
    known = OPPONENTS.get(kind)
    return _(known) if known else _("{kind} bots").format(kind=kind.capitalize())


def _opponent_order(kind: str) -> tuple[int, str]:
    return (LEVELS.index(kind) if kind in LEVELS else (len(LEVELS) + 1 if kind == PEOPLE else len(LEVELS)), kind)


def _same(text: str) -> str:
    return text


def _capital(key: str) -> str:
    return key[:1].upper() + key[1:]


def rate_bar(label: str, record: Record) -> Bar:
    """A bar of a win rate: "Easy bots  40%  of 5"."""
    return Bar(label, record.rate, charts.percent(record.rate), out_of(record.games))


def rate_chart(title: str, bars: list[Bar], subtitle: str = "") -> _Chart:
    """A chart of win rates, on an axis from 0% to 100%."""
    return partial(charts.bar_chart, title=title, bars=bars, subtitle=subtitle, maximum=1.0, percent_axis=True)


def out_of(games: int) -> str:
    """A bar's note: "of 12" (games)."""
    return _("of {count}").format(count=words.number(games))


class StatisticsScene(Scene):
    menu_screen = True  # (upright, at the menus' larger scale: theme.Scale.menus)
    name = "statistics"

    def __init__(self, app: AppLike, game_id: str | None = None) -> None:
        super().__init__(app)
        self.first_game = game_id

    def enter(self) -> None:
        self.history: History | None
        self.history, problem = history_db()
        self.problem = problem or ""
        if self.history is None:
            self.problem = self.problem or self.app.history_notice or _("The game history cannot be used.")
        self.records: list[GameRecord] = self.history.games() if self.history is not None else []
        keep_as_typed(*(info.name for record in self.records for info in record.seats if info.is_human))
        titles = {game_id: words.game_title(game) for game_id, game in GAMES.items()}
        for record in self.records:  # a game no longer in the app keeps its statistics
            titles.setdefault(record.game_id, words.title(record.title, record.game_id))
        self.game_ids: list[str | None] = [None, *titles]
        names = [_(ALL), *titles.values()]
        start = self.game_ids.index(self.first_game) if self.first_game in self.game_ids else 0
        self.game_choice = Choice(names, start, self._game_changed, size=20)
        # Whose statistics: each person (most games first), everyone when there are several, then each bot.
        persons = people(self.records)
        self.whose: list[tuple[str | None, str | None]] = [(name, None) for name in persons]
        labels = [self.shown_person(name) for name in persons]
        if len(self.whose) > 1:
            self.whose.append((None, None))
            labels.append(_("Everyone"))
        for level in bots(self.records):
            self.whose.append((None, level))
            labels.append(words.bot_name(level))
        if not self.whose:
            self.whose.append((None, None))
            labels.append(_("Nobody yet"))
        self.person_choice = Choice(labels, 0, self._person_changed, size=20)
        self.person_choice.enabled = len(labels) > 1
        self.export_button = Button(_("Export CSV"), self.export, size=20, refused=self._nothing_to_export)
        self.back_button = Button(_("Back"), self.back)
        self.keys = ScreenKeys(self.focus_targets, self.pointer, lambda: self.app.now)
        self.scroll = ScrollArea()
        self.message = ""
        self.message_ok = True
        self.table: dict[str | None, Stats] = {}
        self.images: list[tuple[pygame.Surface, pygame.Rect]] = []  # drawn charts, where they go in the content
        self.least_height = 0  # the least height of a row of charts that shares the room left (``_charts``)
        self._count()
        self._exportable()
        self.resize(self.app.screen.get_size())

    def shown_person(self, name: str) -> str:
        """A person's name as the screens show it (``Game.shown_name``): a House Cup seat left under its house's
        name is kept by the house's English name, and reads "Gryffondor" on a French screen. Told by the first
        game found in which the person sat."""
        for record in self.records:
            for seat, info in enumerate(record.seats):
                if info.is_human and person_key(info.name) == person_key(name):
                    game = GAMES.get(record.game_id)
                    return game.shown_name(record.options, seat, name) if game is not None else name
        return name

    # --- what is counted -------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str | None:
        return self.game_ids[self.game_choice.index]

    @property
    def person(self) -> str | None:
        return self.whose[self.person_choice.index][0]

    @property
    def bot(self) -> str | None:
        return self.whose[self.person_choice.index][1]

    @property
    def stats(self) -> Stats:
        """The statistics shown: the chosen game's (or all games') of the chosen person, with the game's own
        figures (counted when the game is first shown: they are the slowest part to read)."""
        stats = self.table.get(self.game_id)
        if stats is None:
            return Stats(self.game_choice.value, self.game_id or "")
        if self.game_id is not None and self.game_id not in self.with_figures:
            stats = statistics(self.shown_records(), self.person, self.bot)[0]
            self.table[self.game_id] = stats
            self.with_figures.add(self.game_id)
        return stats

    def shown_records(self) -> list[GameRecord]:
        """The games of the chosen game (all of them for All games), oldest first."""
        if self.game_id is None:
            return self.records
        return [record for record in self.records if record.game_id == self.game_id]

    def exported_records(self) -> list[GameRecord]:
        """The games Export CSV writes: those of the chosen game that the charts count for the chosen person or
        bot level (where they sat), every game of it for Everyone; oldest first, every seat of each."""
        shown = self.shown_records()
        if self.person is None and self.bot is None:
            return shown
        return played_by(shown, self.person, self.bot)

    def _exportable(self) -> None:
        """Export CSV is lit when the chosen person has games of the chosen game to write (else it says so). What
        the last export said goes: it spoke of the games chosen before."""
        self.export_button.enabled = bool(self.exported_records())
        self.message = ""

    def _count(self) -> None:
        """Count the statistics of the chosen person in every game at once (a change of game only picks)."""
        counted = statistics(self.records, self.person, self.bot, figures=False)
        self.table = {stats.game_id or None: stats for stats in counted}
        self.with_figures: set[str] = set()
        self.images = []

    def _person_changed(self, _index: int) -> None:
        self._count()
        self._exportable()
        self.scroll.offset = 0

    def _game_changed(self, _index: int) -> None:
        self.images = []
        self._exportable()
        self.scroll.offset = 0

    # --- layout and input ------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        side = max(px(30), (w - px(1500)) // 2)
        choice_w = px(330)
        middle = w // 2
        self.game_choice.rect = pygame.Rect(middle - choice_w - px(10), px(104), choice_w, px(44))
        self.person_choice.rect = pygame.Rect(middle + px(10), px(104), choice_w, px(44))
        self.scroll.rect = pygame.Rect(side, px(164), w - 2 * side, h - px(164) - px(96))
        self.back_button.rect = pygame.Rect(middle - px(230), h - px(74), px(220), px(50))
        self.export_button.rect = pygame.Rect(middle + px(10), h - px(74), px(220), px(50))
        self.images = []

    def focus_targets(self) -> list[Target]:
        """The game and the person (Left and Right turn them), the charts (Up and Down scroll them when they
        are taller than the screen), Back and Export CSV."""
        return [
            *widget_targets([self.game_choice, self.person_choice]),
            *scroll_target(self.scroll),
            *widget_targets([self.back_button, self.export_button]),
        ]

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        widgets = [self.back_button, self.export_button, self.game_choice, self.person_choice]
        if dispatch(widgets, event, lambda: self.app.play("click")):
            return
        self.scroll.pointer(event)

    def key(self, event: pygame.event.Event) -> None:
        """Tab and the arrows move the focus, Enter or Space presses; Page Up, Page Down, Home and End scroll."""
        if not self.keys.key(event) and event.type == pygame.KEYDOWN:
            page(self.scroll, event.key)

    def export(self) -> None:
        """Write the games counted for the chosen person to a CSV file in the user data folder, and say how many
        and where (or why not)."""
        records = self.exported_records()
        if not records:
            self._nothing_to_export()
            return
        folder = user_data_dir() / "exports"
        try:
            path = export_csv(records, folder)
        except OSError as exc:
            line = _("Could not write the CSV file in {folder}: {reason}.")
            self.message = line.format(folder=folder, reason=os_reason(exc))
            self.message_ok = False
            self.app.play("error")
            return
        line = ngettext("Wrote {count} game to {path}", "Wrote {count} games to {path}", len(records))
        self.message = line.format(count=words.number(len(records)), path=path)
        self.message_ok = True

    def _nothing_to_export(self) -> None:
        self.message = _("No finished games to export yet.")
        self.message_ok = False
        self.app.play("error")

    # --- the charts ------------------------------------------------------------------------------------------
    def _who(self) -> str:
        person, bot = self.whose[self.person_choice.index]
        return self.shown_person(person) if person else (words.bot_name(bot) if bot else "")

    def _game_words(self) -> Callable[[str], str]:
        """The chosen game's own catalogue: its figures and groups are kept by English keys in the history."""
        return _same if self.game_id is None or self.game_id not in GAMES else GAMES[self.game_id].gettext

    def _layout(self) -> None:
        """Draw the figures and charts of the current choice, once, placed in the scrolling content."""
        stats = self.stats
        width = self.scroll.rect.width - px(16)
        gap = px(14)
        self.images = []
        if not stats.games:
            self.scroll.content_height = 0
            return
        wins = words.number(stats.wins)
        shared = any(0 < won < 1 for won in stats.outcomes)  # a win shared by k counts 1/k (two halves made "4")
        won = (_("Wins (shared in part)") if shared else _("Wins"), wins)
        figures = [(_("Games played"), words.number(stats.games)), won, (_("Win rate"), charts.percent(stats.win_rate))]
        if self.game_id is not None:
            best = "-" if stats.best is None else words.number(stats.best)
            figures += [(_("Average score"), words.number(stats.average)), (_("Best score"), best)]
        figures += [
            (_("Best winning streak"), words.number(stats.best_streak)),
            (_("Winning streak now"), words.number(stats.streak)),
        ]
        game_words = self._game_words()
        if len(stats.figures) <= FIGURE_TILES:  # a figure or two read better as numbers than as lone bars
            per_game = _("{figure} per game")
            figures += [
                (per_game.format(figure=_capital(game_words(key))), words.number(value))
                for key, value in stats.figures.items()
            ]
        tiles_h = px(92)
        self.images.append((charts.tiles((width, tiles_h), figures), pygame.Rect(0, 0, width, tiles_h)))
        rows = self._charts(stats)
        # Rows of bars get the height that shows every bar; the other rows share what is left (and when that is
        # too little, as in a small window, the page scrolls).
        room = self.scroll.rect.height - tiles_h - gap * len(rows)
        fixed = sum(wanted for _, wanted in rows)
        flexible = sum(1 for _, wanted in rows if not wanted)
        # (never less than the win rates against each opponent need: cut to fit, Hard bots and People went unseen
        # behind "and 2 more" at 1024x640 or with large text)
        share = max(px(180), self.least_height, (room - fixed) // flexible) if flexible else 0
        y = tiles_h + gap
        for row, wanted in rows:
            chart_h = wanted or share
            cell_w = (width - gap * (len(row) - 1)) // len(row)
            for index, make in enumerate(row):
                rect = pygame.Rect(index * (cell_w + gap), y, cell_w, chart_h)
                self.images.append((make(rect.size), rect))
            y += chart_h + gap
        self.scroll.content_height = y - gap
        self.scroll.clamp()

    def _charts(self, stats: Stats) -> list[tuple[list[_Chart], int]]:
        """The rows of charts, each with the height it needs (0: as much as there is room for)."""
        against = [
            rate_bar(opponent_name(kind), record)
            for kind, record in sorted(stats.against.items(), key=lambda item: _opponent_order(item[0]))
        ]
        self.least_height = charts.bar_chart_height(len(against), subtitle=True, percent_axis=True)
        against_chart = rate_chart(
            _("Win rate against each opponent"),
            against,
            _("games won with them as opponents (a game with two kinds counts for both)"),
        )
        if self.game_id is None:
            by_game = [
                Bar(words.title(each.title, game_id), each.win_rate, charts.percent(each.win_rate), out_of(each.games))
                for game_id, each in self.table.items()
                if game_id is not None and each.games
            ]
            self.least_height = max(self.least_height, charts.bar_chart_height(len(by_game), percent_axis=True))
            rolling = _rolling(stats.outcomes, ROLLING)
            return [
                (
                    [
                        against_chart,
                        rate_chart(_("Win rate in each game"), by_game),
                    ],
                    0,
                ),
                (
                    [
                        partial(
                            charts.line_chart,
                            title=_("Win rate over time"),
                            values=[100 * share for share in rolling],
                            subtitle=_(
                                "share of the last {count} games won, after each game; dashed: over all games"
                            ).format(count=ROLLING),
                            y_label=_("win rate (%)"),
                            top=100.0,
                            average=100 * stats.win_rate,
                            average_label=_("overall {percent}").format(percent=charts.percent(stats.win_rate)),
                        )
                    ],
                    0,
                ),
            ]
        scores: _Chart = partial(
            charts.line_chart,
            title=_("Score over time"),
            values=[float(score) for _when, score in stats.scores],
            subtitle=_("the score of each game, oldest first; dashed: the average"),
        )
        rows: list[tuple[list[_Chart], int]] = [([against_chart, scores], 0)]
        second: list[_Chart] = []
        wanted = 0
        if len(stats.figures) > FIGURE_TILES:
            game_words = self._game_words()
            figures = [
                Bar(_capital(game_words(key)), value, words.number(value)) for key, value in stats.figures.items()
            ]
            second.append(
                partial(
                    charts.bar_chart,
                    title=_("Per game, on average"),
                    bars=figures,
                    subtitle=_("what {game} counts at the end of each game").format(
                        game=words.title(stats.title, self.game_id)
                    ),
                )
            )
            wanted = charts.bar_chart_height(len(figures), subtitle=True)
        if stats.groups:
            groups = sorted(stats.groups.items(), key=lambda item: (-item[1].games, item[0]))
            game_words = self._game_words()
            named = game_words(stats.grouped_by) if stats.grouped_by else _("kind")
            bars = [rate_bar(game_words(name), record) for name, record in groups]
            title = _("Win rate by {kind}").format(kind=named)
            second.append(rate_chart(title, bars, _("the ones played most first ({kind})").format(kind=named)))
            wanted = max(wanted, charts.bar_chart_height(len(bars), subtitle=True, percent_axis=True))
        if len(stats.tables) > 1:
            tables = [
                rate_bar(words.table(self.game_id, count), record) for count, record in sorted(stats.tables.items())
            ]
            second.append(rate_chart(_("Win rate at each table"), tables, _("by the number of players")))
            wanted = max(wanted, charts.bar_chart_height(len(tables), subtitle=True, percent_axis=True))
        if second:
            rows.append((second, wanted))
        return rows

    # --- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        theme.write(surface, _("Statistics"), 44, theme.GOLD_LIGHT, bold=True, midtop=(w // 2, px(24)))
        for choice, caption in ((self.game_choice, _("Game")), (self.person_choice, _("Player"))):
            # (clear of the focus ring, which stands px(11) out from its picker)
            theme.write(surface, caption, 15, theme.TEXT_DIM, midbottom=(choice.rect.centerx, choice.rect.top - px(12)))
            choice.draw(surface)
        if not self.images and self.stats.games:
            self._layout()
        if not self.stats.games:
            self._draw_empty(surface)
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        origin = (self.scroll.rect.left, self.scroll.rect.top - self.scroll.offset)
        for image, rect in self.images:
            placed = rect.move(origin)
            if placed.colliderect(self.scroll.rect):
                surface.blit(image, placed)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)
        if self.message:
            colour = theme.GOOD if self.message_ok else theme.BAD
            line = theme.fit_width(theme.text(self.message, 16, colour, bold=True), w - px(40))
            surface.blit(line, line.get_rect(midbottom=(w // 2, self.back_button.rect.top - px(6))))
        self.back_button.draw(surface)
        self.export_button.draw(surface)
        self.keys.draw(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        box = self.scroll.rect.inflate(-px(240), 0)
        box.top += px(50)
        if self.history is None:
            notice = pygame.Rect(self.scroll.rect.left, self.scroll.rect.top, self.scroll.rect.width, 0)
            notice.height = charts.problem_height(self.problem, notice.width)
            charts.problem_box(surface, self.problem, notice)
            box.top = notice.bottom + px(40)
            message = _("There are no statistics while the game history cannot be used.")
        elif not self.records:
            message = _(
                "No statistics yet. They are counted from the finished games kept in the history: play a game to "
                "its end and it counts here."
            )
        else:
            message = self._none_yet()
        charts.centred_note(surface, message, box)

    def _none_yet(self) -> str:
        """Why the chosen person and game show nothing: "Ann has no finished House Cup games yet." """
        whose = self._who()
        if self.game_id is None:
            line = _("{person} has no finished games yet.") if whose else _("Nobody has finished a game yet.")
        elif whose:
            line = _("{person} has no finished {game} games yet.")
        else:
            line = _("Nobody has finished a {game} game yet.")
        return line.format(person=whose, game=self.game_choice.value)


def _rolling(outcomes: Sequence[float], window: int) -> list[float]:
    """The share of the last ``window`` games won (fewer at the start), after each game."""
    out = []
    total = 0.0
    for index, won in enumerate(outcomes):
        total += won
        if index >= window:
            total -= outcomes[index - window]
        out.append(total / min(index + 1, window))
    return out
