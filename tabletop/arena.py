"""Seat-rotated games between bots, with win rates, 95% confidence intervals and think times."""

from __future__ import annotations

import contextlib
import math
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop.bots import make_bot
from tabletop.bots.moves import worth_weighing
from tabletop.core.protocol import Game
from tabletop.core.rng import Rng, sealed_seed


@dataclass
class BotReport:
    entry: int
    bot: str
    games: int = 0
    wins: float = 0.0  # a win shared by k players counts 1/k
    win_rate: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 0.0
    fair_share: float = 0.0
    decisions: int = 0
    think_median: float = 0.0
    think_p95: float = 0.0
    think_max: float = 0.0
    mean_score: float = 0.0


@dataclass
class ArenaReport:
    game: str
    players: int
    games: int
    seed: int
    errors: int = 0
    seconds: float = 0.0
    bots: list[BotReport] = field(default_factory=list)
    error_messages: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (well-behaved near 0 and 1)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def play_game(game: Game, players: int, bot_ids: Sequence[str], index: int, seed: int) -> dict[str, Any]:
    """One arena game: entry ``k`` of ``bot_ids`` sits at seat ``(k + index) % players``."""
    bots = [make_bot(game, bot_id) for bot_id in bot_ids]
    game_seed = seed + index
    seat_of = [(entry + index) % players for entry in range(players)]
    entry_at = {seat: entry for entry, seat in enumerate(seat_of)}
    thinks: list[list[float]] = [[] for _ in bot_ids]
    state = game.setup(players, game.default_options(players), game_seed)
    rngs = [Rng.from_seed(sealed_seed(seed, index, entry)) for entry in range(players)]  # nothing of the deal
    steps = 0
    while (result := game.result(state)) is None:
        seat = game.to_act(state)[0]
        entry = entry_at[seat]
        view = game.view(state, seat)
        tick = time.perf_counter()
        command = bots[entry].choose(view, rngs[entry])
        if len(worth_weighing(game, view.legal)) > 1:  # a real decision (a forced move takes no thought)
            thinks[entry].append(time.perf_counter() - tick)
        game.apply(state, command)
        steps += 1
        if steps > 100_000:
            raise RuntimeError("the game did not end")
    return {
        "scores": [result.scores[seat_of[entry]] for entry in range(players)],
        "wins": [1 / len(result.winners) if seat_of[entry] in result.winners else 0.0 for entry in range(players)],
        "thinks": thinks,
    }


def _play_safely(args: tuple) -> dict[str, Any]:
    game_id, players, bot_ids, index, seed = args
    from tabletop.games import GAMES

    try:
        return play_game(GAMES[game_id], players, bot_ids, index, seed)
    except Exception as exc:  # an arena reports a broken game and goes on
        return {"error": f"seed {seed + index}: {type(exc).__name__}: {exc}"}


def arena(
    game: Game,
    players: int,
    bot_ids: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, list[float]], None] | None = None,
) -> ArenaReport:
    """Seat-rotated games (every entry plays every seat); ``workers`` processes play them in parallel.

    ``progress(done, wins)`` is called after each game with the running wins per entry (long arenas run for
    an hour or more)."""
    if len(bot_ids) != players:
        raise ValueError(f"give one bot per seat ({players})")
    for bot_id in bot_ids:
        make_bot(game, bot_id)  # refuse an unknown bot before playing anything
    report = ArenaReport(game.id, players, games, seed)
    reports = [BotReport(entry, bot_id, fair_share=1 / players) for entry, bot_id in enumerate(bot_ids)]
    thinks: list[list[float]] = [[] for _ in bot_ids]
    scores: list[list[int]] = [[] for _ in bot_ids]
    jobs = [(game.id, players, list(bot_ids), index, seed) for index in range(games)]
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if workers > 1:
            import multiprocessing as mp

            pool = stack.enter_context(mp.get_context("spawn").Pool(workers))
            outcomes: Iterable[dict[str, Any]] = pool.imap(_play_safely, jobs, chunksize=1)
        else:
            outcomes = (_play_one_here(game, job) for job in jobs)
        for done, outcome in enumerate(outcomes, start=1):
            _tally(outcome, report, reports, scores, thinks)
            if progress is not None:
                progress(done, [bot_report.wins for bot_report in reports])
    report.seconds = time.perf_counter() - start
    for entry, bot_report in enumerate(reports):
        n = bot_report.games
        bot_report.win_rate = bot_report.wins / n if n else 0.0
        bot_report.ci_low, bot_report.ci_high = wilson(bot_report.wins, n)
        bot_report.decisions = len(thinks[entry])
        bot_report.think_median = statistics.median(thinks[entry]) if thinks[entry] else 0.0
        bot_report.think_p95 = percentile(thinks[entry], 95)
        bot_report.think_max = max(thinks[entry], default=0.0)
        bot_report.mean_score = statistics.fmean(scores[entry]) if scores[entry] else 0.0
    report.bots = reports
    return report


def _tally(
    outcome: dict[str, Any],
    report: ArenaReport,
    reports: list[BotReport],
    scores: list[list[int]],
    thinks: list[list[float]],
) -> None:
    """Add one game's outcome (or its error) to the running totals."""
    if "error" in outcome:
        report.errors += 1
        if len(report.error_messages) < 5:
            report.error_messages.append(outcome["error"])
        return
    for entry, bot_report in enumerate(reports):
        bot_report.games += 1
        bot_report.wins += outcome["wins"][entry]
        scores[entry].append(outcome["scores"][entry])
        thinks[entry].extend(outcome["thinks"][entry])


def _play_one_here(game: Game, job: tuple) -> dict[str, Any]:
    _, players, bot_ids, index, seed = job
    try:
        return play_game(game, players, bot_ids, index, seed)
    except Exception as exc:  # an arena reports a broken game and goes on
        return {"error": f"seed {seed + index}: {type(exc).__name__}: {exc}"}
