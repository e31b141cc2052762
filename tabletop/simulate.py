"""Headless games between bots, for the ``simulate`` command, tests and benchmarks."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Bot, Game, players_text
from tabletop.core.rng import Rng, sealed_seed


@dataclass
class GameRecord:
    seed: int
    commands: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class SimReport:
    game: str
    players: int
    games: int
    bots: list[str]
    seed: int
    errors: int = 0
    seconds: float = 0.0
    games_per_second: float = 0.0
    commands_per_second: float = 0.0
    commands: int = 0
    wins: list[int] = field(default_factory=list)
    mean_score: list[float] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def play_one(
    game: Game, players: int, seed: int, bots: Sequence[Bot], max_commands: int = 100_000, log: list | None = None
) -> GameRecord:
    """One whole game, every seat a bot that sees only its own view (its commands added to ``log``, if given).
    Raises on any rules error."""
    options = game.default_options(players)
    state = game.setup(players, options, seed)
    rngs = [Rng.from_seed(sealed_seed(seed, seat)) for seat in range(players)]  # nothing of the deal
    commands = 0
    while (result := game.result(state)) is None:
        actors = game.to_act(state)
        if not actors:
            raise RuntimeError("no seat can act but the game is not over")
        seat = actors[0]
        view = game.view(state, seat)
        command = bots[seat].choose(view, rngs[seat])
        game.apply(state, command)
        if log is not None:
            log.append(command)
        commands += 1
        if commands > max_commands:
            raise RuntimeError(f"the game did not end after {max_commands} commands")
    return GameRecord(seed, commands, result.scores, result.winners)


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    bot_ids: Sequence[str],
    keep: Callable[[Match], object] | None = None,
) -> SimReport:
    """``games`` games from seeds ``seed``, ``seed + 1``...; each finished game is handed to ``keep`` (the
    history), when given."""
    if players not in game.player_counts:
        raise ValueError(f"{game.title} takes {players_text(game)} players, not {players}")
    ids = list(bot_ids) or ["random"]
    if len(ids) == 1:
        ids = ids * players
    if len(ids) != players:
        raise ValueError(f"give one bot per seat ({players}), or one bot for all seats")
    bots = [make_bot(game, bot_id) for bot_id in ids]
    report = SimReport(game.id, players, games, ids, seed, wins=[0] * players, mean_score=[0.0] * players)
    totals = [0] * players
    scored = 0
    start = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        log: list | None = [] if keep is not None else None
        try:
            record = play_one(game, players, game_seed, bots, log=log)
        except Exception as exc:  # a rules error must be reported, not stop the run
            report.errors += 1
            if len(report.error_messages) < 5:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                report.error_messages.append(
                    f"seed {game_seed}: {type(exc).__name__}: {exc} ({where.filename}:{where.lineno})"
                )
            continue
        scored += 1
        if keep is not None and log is not None:
            seats = [SeatInfo(f"Seat {seat + 1}", ids[seat]) for seat in range(players)]
            keep(Match.replay(game, seats, game.default_options(players), game_seed, log))
        report.commands += record.commands
        for seat in record.winners:
            report.wins[seat] += 1
        for seat, score in enumerate(record.scores):
            totals[seat] += score
    report.seconds = time.perf_counter() - start
    report.games_per_second = games / report.seconds if report.seconds else 0.0
    report.commands_per_second = report.commands / report.seconds if report.seconds else 0.0
    report.mean_score = [round(total / scored, 2) if scored else 0.0 for total in totals]
    return report
