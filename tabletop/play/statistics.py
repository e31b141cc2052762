"""Statistics of the people who played, from the history of finished games.

For each game (and over all of them): games played, the win rate against each bot level and against people,
the average and best scores, the longest and the current winning streak, the score of every game in order, and
the game's own figures (``Game.statistics``: House Cup's points by category, Stupéfix's times stunned, House Cup
Challenge's cards completed per year, That's Wizard!'s spellbooks) averaged, or, for a spellbook, with its win
rate. A person is a human seat's name; with no name given, every person counts (a game once, however many sat
at it). The bots' own figures can be
followed the same way, by their level (``bot="hard"``): a history filled by ``simulate --record`` has no persons.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tabletop.core.protocol import own_side
from tabletop.games import GAMES
from tabletop.play.history import GameRecord, SideOf

PEOPLE = "people"  # the opponents who are persons, beside the bot levels
# A bot's id kept in the history, by the level it plays: the games' own "greedy" bot (the example saves' bots, the
# command line's) is the Medium bot's play, and is named so at the tables and in History ("Medium bot")
SAME_LEVEL = {"greedy": "medium"}


def bot_level(controller: str) -> str:
    """The level a bot seat is counted under: "greedy" is "medium" (Statistics listed "Medium bot" twice, once
    for each id, and its chart "Greedy bots" beside "Medium bots")."""
    return SAME_LEVEL.get(controller, controller)


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
    game_id: str = ""  # "" for all games
    games: int = 0
    wins: float = 0.0
    against: dict[str, Record] = field(default_factory=dict)  # opponent kind ("easy", "hard", "people") -> record
    scores: list[tuple[str, int]] = field(default_factory=list)  # (ended at, score), in order
    outcomes: list[float] = field(default_factory=list)  # the share of the win of each game, in order
    best_streak: int = 0
    streak: int = 0  # the current one
    figures: dict[str, float] = field(default_factory=dict)  # the game's own figures, averaged per game
    groups: dict[str, Record] = field(default_factory=dict)  # e.g. a spellbook -> its record
    grouped_by: str = ""  # what the groups are (the figure's name: "spellbook")
    tables: dict[int, Record] = field(default_factory=dict)  # players at the table -> record (1 vs 1, Duos...)

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
            "tables": {str(n): {"games": r.games, "win_rate": round(r.rate, 3)} for n, r in self.tables.items()},
        }


def person_key(name: str) -> str:
    """Who a name is: the same person whatever its capitals and spaces ("Ann", "ann", "Cleo  Marsh" and "Cleo
    Marsh" were each a person of their own, two of them alike in the list)."""
    return " ".join(name.split()).casefold()


def people(records: Iterable[GameRecord]) -> list[str]:
    """The names of the persons in the history, most games first: each as it was written most often."""
    count: dict[str, int] = defaultdict(int)
    spellings: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for record in records:
        for seat in record.seats:
            if seat.is_human:
                key = person_key(seat.name)
                count[key] += 1
                spellings[key][seat.name] += 1
    shown = {key: max(names, key=lambda name: (names[name], name)) for key, names in spellings.items()}
    return [shown[key] for key in sorted(count, key=lambda key: (-count[key], shown[key]))]


def bots(records: Iterable[GameRecord]) -> list[str]:
    """The bots in the history (their levels or ids: "hard", "random"...), most seats first."""
    count: dict[str, int] = defaultdict(int)
    for record in records:
        for seat in record.seats:
            if not seat.is_human:
                count[bot_level(seat.controller)] += 1
    return sorted(count, key=lambda level: (-count[level], level))


def statistics(
    records: Sequence[GameRecord], person: str | None = None, bot: str | None = None, figures: bool = True
) -> list[Stats]:
    """One ``Stats`` per game in the history (in the order first played), then "All games": of ``person`` (every
    person when None), or of the seats the bot ``bot`` played when it is given. One pass over the records. Without
    ``figures`` the games' own figures and groups are left out (reading them is the slowest part: a screen that
    shows them for one game at a time counts them for that game when it is shown)."""
    per_game: dict[str, Stats] = {}
    overall = Stats("All games")
    totals: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    figure_seats: dict[str, int] = defaultdict(int)  # the seats whose figures are in ``totals``
    # The same people and bots sit at most games, and the history hands out one seats tuple for the same seats:
    # who is followed, and against whom, is worked out once per tuple (and per options, in a game of sides: who
    # partners whom follows them, a Stupéfix house's seats).
    seen: dict[tuple[int, str | None], list[tuple[int, set[str]]]] = {}
    for record in records:
        stats = per_game.get(record.game_id)
        if stats is None:
            stats = per_game[record.game_id] = Stats(record.title, record.game_id)
        sides = side_of(record)
        table = (id(record.seats), record.options_json if sides is not None else None)
        followed = seen.get(table)
        if followed is None:
            followed = [(seat, _opponent_kinds(record, seat, sides)) for seat in _followed(record, person, bot)]
            seen[table] = followed
        if not followed:
            continue
        seat_figures = record.figures if figures else ()
        game_totals = totals[record.game_id]
        outcomes = [(record.won(seat, sides), record.scores[seat]) for seat, _kinds in followed]
        # One game however many of the followed seats sat at it (every person, a bot level's seats): it counted
        # once per seat, and "Everyone" had played 30 games of 11. Its win is their average share (Duos partners,
        # both persons, win one whole game; three persons among themselves a third of one: counted as won by
        # any of them, every game among persons was a win); its score the best of theirs.
        won = sum(share for share, _score in outcomes) / len(outcomes)
        entry = (record.ended_at, max(outcomes)[1])  # (the best seat: the largest share of the win, then score)
        against = _against(followed, [share for share, _score in outcomes], bot or PEOPLE)
        # A streak goes on while every followed seat is among the winners: a shared win too (a tie crowned Ada
        # beside a bot, and her streak read 0), but not a game among persons that one of them won.
        streak = all(share > 0 for share, _score in outcomes)
        _count(stats, won, entry, against, streak)
        _count(overall, won, entry, against, streak)
        # A game's tables are not alike (That's Wizard!'s 1 vs 1 and Duos, House Cup for 2 or for 4): its win rate
        # at each is told apart.
        at_table = stats.tables.setdefault(len(record.seats), Record())
        at_table.games += 1
        at_table.wins += won
        for (seat, _kinds), (share, _score) in zip(followed, outcomes, strict=True):
            figure_seats[record.game_id] += 1  # (a game's own figures are of each seat: averaged per seat)
            for key, value in (seat_figures[seat] if seat < len(seat_figures) else {}).items():
                if isinstance(value, str):  # (a game's own: All games would mix houses, characters, spellbooks)
                    stats.grouped_by = stats.grouped_by or key
                    group = stats.groups.setdefault(value, Record())
                    group.games += 1
                    group.wins += share
                elif isinstance(value, (int, float)):
                    game_totals[key] += value
    for game_id, stats in per_game.items():
        if figure_seats[game_id]:
            stats.figures = {key: value / figure_seats[game_id] for key, value in totals[game_id].items()}
    return [*per_game.values(), overall]


def played_by(records: Iterable[GameRecord], person: str | None = None, bot: str | None = None) -> list[GameRecord]:
    """The games of ``records`` that ``statistics(records, person, bot)`` counts: those where ``person`` (any
    person when None) or a bot of level ``bot`` sat, in the same order."""
    return [record for record in records if _followed(record, person, bot)]


def _followed(record: GameRecord, person: str | None, bot: str | None) -> list[int]:
    """The seats of ``record`` the statistics follow."""
    if bot is not None:
        seats = enumerate(record.seats)
        return [seat for seat, info in seats if not info.is_human and bot_level(info.controller) == bot]
    if person is None:
        return [seat for seat, info in enumerate(record.seats) if info.is_human]
    key = person_key(person)
    return [seat for seat, info in enumerate(record.seats) if info.is_human and person_key(info.name) == key]


def _against(followed: list[tuple[int, set[str]]], shares: list[float], own: str) -> dict[str, float]:
    """How the followed seats of one game did against each kind of opponent, from the seats that faced it: another
    kind (a bot level the persons played) is beaten by their shares together (people beating Medium in 6 games of
    8 read 3 of 8, each person's half); their own kind (persons among themselves, Medium against Medium) by their
    average share."""
    faced: dict[str, list[float]] = defaultdict(list)
    for (_seat, kinds), share in zip(followed, shares, strict=True):
        for kind in kinds:
            faced[kind].append(share)
    return {kind: sum(got) / len(got) if kind == own else min(1.0, sum(got)) for kind, got in faced.items()}


def _count(stats: Stats, won: float, score: tuple[str, int], against: dict[str, float], streak: bool) -> None:
    """One game of the followed seats, added to ``stats``: ``won`` their share of it, ``against`` how they did
    against each kind of opponent there, ``streak`` whether it keeps their winning streak going."""
    stats.games += 1
    stats.wins += won
    stats.scores.append(score)
    stats.outcomes.append(won)
    stats.streak = stats.streak + 1 if streak else 0
    stats.best_streak = max(stats.best_streak, stats.streak)
    for kind, share in against.items():
        record = stats.against.get(kind)
        if record is None:
            record = stats.against[kind] = Record()
        record.games += 1
        record.wins += share


def _opponent_kinds(record: GameRecord, seat: int, sides: SideOf | None) -> set[str]:
    """Who ``seat`` played against: the bot levels on the other sides, and "people" when another person sat
    there (a Duos partner is not an opponent: a win with a Hard partner counted as a win against Hard)."""
    players, kinds = len(record.seats), set()
    mine = sides(record.options, players, seat) if sides is not None else seat
    for other, info in enumerate(record.seats):
        if other != seat and (sides(record.options, players, other) if sides is not None else other) != mine:
            kinds.add(PEOPLE if info.is_human else bot_level(info.controller))
    return kinds


def side_of(record: GameRecord) -> SideOf | None:
    """How ``record``'s game tells its sides, when it has sides of several seats (None: each seat a side, or a game
    this app no longer has)."""
    game = GAMES.get(record.game_id)
    return game.side_of if game is not None and game.side_of is not own_side else None


def seat_sides(record: GameRecord) -> list[tuple[str, ...]]:
    """Who each seat was beside its name, in the game's own (English) words, to be translated where shown: its side
    in a game of sides (a Stupéfix house, a Duos team's colour); elsewhere the names its figures give (a House Cup
    house, a House Cup Challenge character, dealt at setup); nothing for a game this app no longer has."""
    game = GAMES.get(record.game_id)
    count = len(record.seats)
    if game is None:
        return [()] * count
    if game.side_of is not own_side:
        return [(game.seat_label(record.options, seat),) for seat in range(count)]
    figures = record.figures
    return [
        tuple(value for value in (figures[seat] if seat < len(figures) else {}).values() if isinstance(value, str))
        for seat in range(count)
    ]


def to_csv(records: Sequence[GameRecord]) -> str:
    """Every finished game, a row per seat, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["ended_at", "game", "seat", "name", "side", "plays", "score", "won", "commands", "summary"])
    for record in records:
        sides = seat_sides(record)
        for seat, info in enumerate(record.seats):
            who = "person" if info.is_human else f"bot: {info.controller}"
            row = [record.ended_at, record.title, seat + 1, info.name, ", ".join(sides[seat]), who]
            row += [record.scores[seat], round(record.won(seat, side_of(record)), 3), record.commands]
            writer.writerow([*row, record.summary])
    return out.getvalue()


def export_csv(records: Sequence[GameRecord], folder: Path, now: datetime | None = None) -> Path:
    """Write ``to_csv(records)`` to a new file in ``folder`` (tabletop-games-YYYYMMDD-HHMMSS.csv, ``write_csv``).
    Returns the file; raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"tabletop-games-{stamp}.csv"
    number = 1
    while path.exists():  # two exports in the same second
        number += 1
        path = folder / f"tabletop-games-{stamp}-{number}.csv"
    write_csv(records, path)
    return path


def write_csv(records: Sequence[GameRecord], path: Path) -> None:
    """Write ``to_csv(records)`` to ``path`` atomically, as saves are written: a temp file beside it, flushed to
    disk, then renamed. Raises OSError."""
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # With a byte order mark: without one a spreadsheet on Windows reads the file as its local code page, and
        # names in other scripts ("Жанна", "日本語") came out garbled (a review).
        with os.fdopen(fd, "w", encoding="utf-8-sig", newline="") as handle:
            handle.write(to_csv(records))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
