"""The results screen: each player's tally line by line, a bar chart per category, the winner, what next."""

from __future__ import annotations

import pygame

from tabletop.core.match import Match
from tabletop.core.rng import secret_seed
from tabletop.games import GAMES
from tabletop.i18n import gettext as _
from tabletop.play.session import GameSession
from tabletop.ui import theme
from tabletop.ui.assets import fit
from tabletop.ui.charts import GRID, nice_ticks
from tabletop.ui.input import PointerEvent
from tabletop.ui.keyboard import ScreenKeys, Target, scroll_target, widget_targets
from tabletop.ui.scene import AppLike, Scene
from tabletop.ui.scenes import words
from tabletop.ui.sprites.backdrop import backdrop
from tabletop.ui.tallies import PlayerTally, ResultsData
from tabletop.ui.theme import px
from tabletop.ui.widgets import Button, ScrollArea, dispatch, fitting_label


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: AppLike, session: GameSession, data: ResultsData) -> None:
        super().__init__(app)
        self.session = session
        self.data = data
        self.game_id = session.game.id
        self.buttons = [
            Button("", self.play_again, primary=True),
            Button("", self.back),
            Button("", lambda: self.app.go.watch(self.session.match)),
            Button("", self.menu),
        ]
        self.relabel()
        self.scrolls = [ScrollArea() for _player in data.players]
        self.keys = ScreenKeys(self.focus_targets, self.pointer, lambda: self.app.now)  # Tab, the arrows, Enter

    def relabel(self) -> None:
        labels = (_("Play again"), _("See the table"), _("Watch again"), _("Menu"))
        for button, label in zip(self.buttons, labels, strict=True):
            button.label = label

    def enter(self) -> None:
        self.resize(self.app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        count = len(self.buttons)
        bw = min(px(220), (w - px(40) - (count - 1) * px(14)) // count)  # (four ran past a tablet's edges)
        x = w // 2 - (count * (bw + px(14)) - px(14)) // 2
        for button in self.buttons:
            button.rect = pygame.Rect(x, h - px(70), bw, px(50))
            x += bw + px(14)
        n = len(self.data.players)
        # (a tall window gives the chart more height: the tallies' columns would only grow emptier)
        chart_h = max(px(190), round(h * 0.22)) if theme.is_tall(size) else px(190)
        self.chart = pygame.Rect(px(30), px(110), w - px(60), chart_h)
        top = self.chart.bottom + px(20)
        # The tallies side by side; in a tall window two rows of them (four narrow columns wrapped every line).
        rows = 2 if theme.is_tall(size) and n > 2 else 1
        per_row = -(-n // rows)
        col_w = (w - px(60) - (per_row - 1) * px(14)) // per_row
        col_h = (h - px(90) - top - (rows - 1) * px(14)) // rows
        self.columns = []
        for index in range(n):
            row, column = divmod(index, per_row)
            rect = pygame.Rect(px(30) + column * (col_w + px(14)), top + row * (col_h + px(14)), col_w, col_h)
            self.columns.append(rect)
            scroll = self.scrolls[index]
            scroll.rect = pygame.Rect(rect.left + px(12), rect.top + px(92), rect.width - px(24), rect.height - px(100))
            lines = self.data.players[index].lines
            scroll.content_height = sum(self._line_height(text, scroll.rect.width) for _, text, _ in lines)
            scroll.clamp()

    def _line_height(self, text: str, width: int) -> int:
        return len(theme.wrap(text, 16, width - px(56))) * round(theme.font_px(16) * 1.2) + px(4)

    def category(self, key: str) -> str:
        """A category of the tallies as the chart names it: the tables hand it over by its English key (the key of
        each player's ``categories`` too), shown through the game's own catalogue; one already in the language
        (That's Wizard!'s "Duel 2", numbered) is not in the catalogue and shows as it is."""
        game = GAMES.get(self.game_id)
        return game.gettext(key) if game is not None else key

    def play_again(self) -> None:
        from tabletop.ui.tables import rematch_question_for

        question = rematch_question_for(self.session)
        if question is None:
            self.deal_again()
            return
        buttons = [(_("The same ones"), self.deal_again), (_("Choose again"), self.set_up_again)]
        buttons.append((_("Cancel"), lambda: None))
        self.app.go.dialog(_("Play again"), question, buttons, safe=2)

    def set_up_again(self) -> None:
        """The game's setup with this game's seats, people and bots by name, to choose secrets again (it showed
        the seats of the last game the setup had started, another one after Load: the diff's review), over the
        menu (its Back came back to these results)."""
        from tabletop.ui.scenes.setup_base import remember_setup

        match = self.session.match
        remember_setup(match.game, len(match.seats), [(info.controller, info.name) for info in match.seats])
        self.session.close()
        self.app.go.menu()
        self.app.go.setup(match.game)

    def deal_again(self) -> None:
        old = self.session.match
        # A new random deal, secret: one worked out from the last game's seed (typed at the setup, maybe) could be
        # worked out by anyone who knew that one.
        seed = secret_seed()
        match = Match(old.game, list(old.seats), old.game.rematch_options(old.options, seed), seed)
        self.session.close()
        self.app.go.table(match)

    def menu(self) -> None:
        self.session.close()
        self.app.go.menu()

    def focus_targets(self) -> list[Target]:
        """Each player's lines that run longer than their column (Up and Down scroll them), then the buttons."""
        return [target for scroll in self.scrolls for target in scroll_target(scroll)] + widget_targets(self.buttons)

    def key(self, event: pygame.event.Event) -> None:
        self.keys.key(event)

    def pointer(self, event: PointerEvent) -> None:
        self.keys.pointer(event)
        if dispatch(self.buttons, event, lambda: self.app.play("click")):
            return
        for scroll in self.scrolls:
            if scroll.pointer(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        # (smaller, then narrowed, to fit: a long Russian headline with large text ran off both edges)
        title = fitting_label(self.data.headline, 38, theme.GOLD_LIGHT, w - px(40))
        surface.blit(title, title.get_rect(midtop=(w // 2, px(20))))
        if self.data.tiebreak:
            note = theme.text(self.data.tiebreak, 20, theme.TEXT)
            surface.blit(note, note.get_rect(midtop=(w // 2, px(70))))
        self._chart(surface)
        for index, player in enumerate(self.data.players):
            self._column(surface, index, player)
        for button in self.buttons:
            button.draw(surface)
        self.keys.draw(surface)

    def _chart(self, surface: pygame.Surface) -> None:
        rect = self.chart
        theme.panel(surface, rect, alpha=215)
        players, categories = self.data.players, list(self.data.categories)
        values = [p.categories.get(c, 0) for p in players for c in categories]
        # Round lines across the plot, each with its value on the left (0 always among them), and each bar's own
        # value over it where it fits: the axis alone gave only the largest value, so a bar was read by eye.
        ticks = nice_ticks(min([0, *values]), max([0, *values]), whole=True)
        low, high = ticks[0], ticks[-1]
        legend_w = px(170)
        # Above the plot: the title, if any, then room for the values over the tallest bars; below it the names.
        top = rect.top + px(8) + (theme.font_px(14) + px(2) if self.data.chart_title else 0) + theme.font_px(13)
        bottom = rect.bottom - px(10) - theme.font_px(14)
        plot = pygame.Rect(rect.left + px(50), top, rect.width - px(70) - legend_w, bottom - top)
        if self.data.chart_title:
            title = theme.fit_width(theme.text(self.data.chart_title, 14, theme.TEXT_DIM), plot.width)
            surface.blit(title, (plot.left, rect.top + px(6)))

        def y_of(value: float) -> int:
            return plot.top + round(plot.height * (high - value) / (high - low))

        for tick in ticks:
            y = y_of(tick)
            pygame.draw.line(surface, theme.TEXT_DIM if tick == 0 else GRID, (plot.left, y), (plot.right, y), 1)
            label = theme.text(words.number(tick), 13, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(plot.left - px(6), y)))
        zero_y = y_of(0)
        group_w = plot.width / len(categories)
        bar_w = max(3, int(group_w * 0.8 / len(players)))
        for ci, category in enumerate(categories):
            gx = plot.left + ci * group_w + group_w * 0.1
            for pi, player in enumerate(players):
                value = player.categories.get(category, 0)
                x = round(gx + pi * bar_w)
                if not value:  # no bar (a sliver darkened the zero line), but its "0": a gap read as a bar missing
                    zero = theme.text(words.number(0), 13, theme.TEXT_DIM)
                    if zero.get_width() <= bar_w + px(2):
                        surface.blit(zero, zero.get_rect(midbottom=(x + bar_w // 2, zero_y - px(1))))
                    continue
                height = abs(y_of(value) - zero_y)
                bar = pygame.Rect(x, zero_y - height if value >= 0 else zero_y, bar_w - 1, max(1, height))
                pygame.draw.rect(surface, self.data.colour(pi), bar)
                pygame.draw.rect(surface, (20, 20, 20), bar, 1)
                written = theme.text(words.number(value), 13, theme.TEXT)
                if written.get_width() <= bar_w + px(2):
                    if value > 0:
                        spot = written.get_rect(midbottom=(bar.centerx, bar.top - px(1)))
                    elif height >= written.get_height() + px(4):  # inside a long bar: below it lie the names
                        written = theme.text(words.number(value), 13, theme.readable_on(self.data.colour(pi)))
                        spot = written.get_rect(midbottom=(bar.centerx, bar.bottom - px(2)))
                    else:
                        spot = written.get_rect(midtop=bar.midbottom)
                    surface.blit(written, spot)
            label = theme.text(self.category(category), 14, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(round(gx + group_w * 0.4), plot.bottom + px(6))))
        y = rect.top + px(16)
        for pi, player in enumerate(players):
            swatch = pygame.Rect(rect.right - legend_w, y, px(16), px(16))
            pygame.draw.rect(surface, self.data.colour(pi), swatch)
            pygame.draw.rect(surface, (20, 20, 20), swatch, 1)
            # within the legend, the total whole and the name cut short (it ran past the panel and off the window)
            shown = f" {words.number(player.total)}" if self.data.legend_totals else ""
            total = theme.text(shown, 16, theme.TEXT, bold=player.winner)
            room = rect.right - px(6) - (swatch.right + px(8)) - total.get_width()
            name = player.name
            while len(name) > 1 and theme.text(name, 16, bold=player.winner).get_width() > room:
                name = name[:-2].rstrip() + "…"
            said = theme.text(name, 16, theme.TEXT, bold=player.winner)
            surface.blit(said, (swatch.right + px(8), y - 1))
            surface.blit(total, (swatch.right + px(8) + said.get_width(), y - 1))
            y += px(24)

    def _column(self, surface: pygame.Surface, index: int, player: PlayerTally) -> None:
        rect = self.columns[index]
        edge = theme.GOLD if player.winner else theme.PANEL_EDGE
        theme.panel(surface, rect, edge=edge, alpha=225, edge_width=px(3) if player.winner else px(2))
        picture = player.picture or (f"crests/{player.house.lower()}" if player.house else "")
        crest = fit(picture, px(54)) if picture else None
        left = rect.left + px(74)
        if crest is not None:
            surface.blit(crest, (rect.left + px(12), rect.top + px(12)))
        else:  # (That's Wizard!: no house) the player's colour in the chart, as its legend shows it, by the name
            swatch = pygame.Rect(rect.left + px(14), rect.top + px(18), px(16), px(16))
            pygame.draw.rect(surface, self.data.colour(index), swatch)
            pygame.draw.rect(surface, (20, 20, 20), swatch, 1)
            left = swatch.right + px(10)
        total = theme.text(words.number(player.total), 34, theme.GOLD_LIGHT if player.winner else theme.TEXT, bold=True)
        at = surface.blit(total, total.get_rect(topright=(rect.right - px(14), rect.top + px(10))))
        # The name beside the total, and what it counted under both (two lines at most), each kept inside the
        # column: four columns in a window 1024 px wide left "1 Potion Réussie, 2 jetons Retard" running out
        # of its column, under the total.
        name = fitting_label(player.name, 22, theme.TEXT, at.left - px(10) - left)
        surface.blit(name, (left, rect.top + px(12)))
        room = rect.right - px(14) - left
        lines = theme.wrap(player.detail, 15, room)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        y = max(rect.top + px(38), at.bottom)
        for line in lines:
            y = surface.blit(fitting_label(line, 15, theme.TEXT_DIM, room, bold=False), (left, y)).bottom
        if player.winner:  # a ribbon on the column's top edge
            theme.pill(surface, _("Winner"), 15, theme.INK, theme.GOLD, center=(rect.centerx, rect.top))
        pygame.draw.line(
            surface,
            theme.PANEL_EDGE,
            (rect.left + px(12), rect.top + px(84)),
            (rect.right - px(12), rect.top + px(84)),
            1,
        )
        scroll = self.scrolls[index]
        clip = surface.get_clip()
        surface.set_clip(scroll.rect)
        y = scroll.rect.top - scroll.offset
        for _category, text, points in player.lines:
            height = self._line_height(text, scroll.rect.width)
            if y + height >= scroll.rect.top and y <= scroll.rect.bottom:
                theme.draw_text_block(
                    surface, text, pygame.Rect(scroll.rect.left, y, scroll.rect.width - px(56), height), 16, theme.TEXT
                )
                if points is not None:
                    colour = theme.GOOD if points > 0 else theme.BAD if points < 0 else theme.TEXT_DIM
                    value = theme.text(f"{points:+d}" if points else "0", 17, colour, bold=True)
                    surface.blit(value, value.get_rect(topright=(scroll.rect.right - px(12), y)))  # (clear of the bar)
            y += height
        surface.set_clip(clip)
        scroll.draw_bar(surface)
