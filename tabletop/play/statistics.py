"""Statistics of the people who played, from the history of finished games.

For each game (and over all of them): games played, the win rate against each bot level and against people,
the average and best scores, the longest and the current winning streak, the score of every game in order, and
the game's own figures (``Game.statistics``: House Cup's points by category, Stupéfix's times stunned, House Cup
Challenge's cards completed per year, That's Wizard!'s spellbooks) averaged, or, for a spellbook, with its win
rate. A person is a human seat's name; with no name given, every person counts.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.play.history import GameRecord

PEOPLE = "people"  # the opponents who are persons, beside the bot levels


@dataclass
class Record:
    """Wins (shares of a win) out of games."""

    games: int = 0
    wins: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Stats:
    title: str  # the game's, or "All games"
    games: int = 0
    wins: float = 0.0
    against: dict[str, Record] = field(default_factory=dict)  # opponent kind ("easy", "hard", "people") -> record
    scores: list[tuple[str, int]] = field(default_factory=list)  # (ended at, score), in order
    best_streak: int = 0
    streak: int = 0  # the current one
    figures: dict[str, float] = field(default_factory=dict)  # the game's own figures, averaged per game
    groups: dict[str, Record] = field(default_factory=dict)  # e.g. a spellbook -> its record

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return sum(score for _, score in self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def best(self) -> int | None:
        return max((score for _, score in self.scores), default=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 3),
            "against": {kind: {"games": r.games, "win_rate": round(r.rate, 3)} for kind, r in self.against.items()},
            "average_score": round(self.average, 2),
            "best_score": self.best,
            "best_streak": self.best_streak,
            "current_streak": self.streak,
            "scores": [{"ended_at": when, "score": score} for when, score in self.scores],
            "figures": {key: round(value, 2) for key, value in self.figures.items()},
            "groups": {key: {"games": r.games, "win_rate": round(r.rate, 3)} for key, r in self.groups.items()},
        }


def people(records: Iterable[GameRecord]) -> list[str]:
    """The names of the persons in the history, most games first."""
    count: dict[str, int] = defaultdict(int)
    for record in records:
        for seat in record.seats:
            if seat.is_human:
                count[seat.name] += 1
    return sorted(count, key=lambda name: (-count[name], name))


def statistics(records: Sequence[GameRecord], person: str | None = None) -> list[Stats]:
    """One ``Stats`` per game in the history (in the order first played), then "All games"."""
    by_game: dict[str, list[GameRecord]] = defaultdict(list)
    for record in records:
        by_game[record.game_id].append(record)
    out = [_stats(games[0].title, games, person) for games in by_game.values()]
    out.append(_stats("All games", list(records), person))
    return out


def _stats(title: str, records: Sequence[GameRecord], person: str | None) -> Stats:
    stats = Stats(title)
    totals: dict[str, float] = defaultdict(float)
    counted = 0
    for record in records:
        seats = [seat for seat, info in enumerate(record.seats) if info.is_human and person in (None, info.name)]
        for seat in seats:
            won = record.won(seat)
            stats.games += 1
            stats.wins += won
            stats.scores.append((record.ended_at, record.scores[seat]))
            stats.streak = stats.streak + 1 if won == 1.0 else 0
            stats.best_streak = max(stats.best_streak, stats.streak)
            for kind in _opponent_kinds(record, seat):
                against = stats.against.setdefault(kind, Record())
                against.games += 1
                against.wins += won
            figures = record.figures[seat] if seat < len(record.figures) else {}
            counted += 1
            for key, value in figures.items():
                if isinstance(value, str):
                    group = stats.groups.setdefault(value, Record())
                    group.games += 1
                    group.wins += won
                elif isinstance(value, (int, float)) and title != "All games":
                    totals[key] += value
    stats.figures = {key: value / counted for key, value in totals.items()} if counted else {}
    return stats


def _opponent_kinds(record: GameRecord, seat: int) -> set[str]:
    """Who ``seat`` played against: the bot levels at the table, and "people" when another person sat there."""
    kinds = set()
    for other, info in enumerate(record.seats):
        if other != seat:
            kinds.add(PEOPLE if info.is_human else info.controller)
    return kinds


def to_csv(records: Sequence[GameRecord]) -> str:
    """Every finished game, a row per seat, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["ended_at", "game", "seat", "name", "plays", "score", "won", "commands", "summary"])
    for record in records:
        for seat, info in enumerate(record.seats):
            who = "person" if info.is_human else f"bot: {info.controller}"
            row = [record.ended_at, record.title, seat + 1, info.name, who, record.scores[seat]]
            writer.writerow([*row, round(record.won(seat), 3), record.commands, record.summary])
    return out.getvalue()
