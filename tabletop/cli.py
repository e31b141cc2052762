"""``tabletop``: the app, and headless subcommands (simulate, arena, replay, examples)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.core.match import Match
    from tabletop.core.protocol import Game


SUBCOMMANDS = ("simulate", "arena", "replay", "history", "stats", "examples")
_APP_VALUE_OPTIONS = ("--size", "--open", "--watch")  # the app's options that take the next word as their value
BOTS = "random, greedy (the game's heuristic), easy, medium or hard"  # every game's (tabletop.bots.bot_ids)


def app_file(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """The save given on its own (``tabletop FILE.json``, as a file manager opens a file) taken out of the
    arguments: the first word that is neither an option, an option's value nor a subcommand. A ``file://`` address
    (a file manager's %u) is made a path."""
    args = list(argv)
    index = 0
    while index < len(args):
        word = args[index]
        if word == "--":
            rest = args[index + 1 :]
            return (args[:index] + rest[1:], _as_path(rest[0])) if rest else (args[:index], None)
        if word in _APP_VALUE_OPTIONS:
            index += 2
            continue
        if word.startswith("-") and word != "-":
            index += 1
            continue
        if word in SUBCOMMANDS:
            return args, None
        return args[:index] + args[index + 1 :], _as_path(word)
    return args, None


def _as_path(word: str) -> str:
    if word.startswith("file://"):
        from urllib.parse import unquote, urlparse

        return unquote(urlparse(word).path)
    return word


def _window_size(text: str) -> str:
    """``--size``'s value as given, when it is WIDTHxHEIGHT in whole pixels (else it was used as 1280x800 unsaid)."""
    width, _x, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and int(width) > 0 and int(height) > 0):
        raise argparse.ArgumentTypeError(f"give the window's width and height in pixels, like 1600x1000 (not {text!r})")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """The ``tabletop`` command. Its output piped into a program that stops reading early (``tabletop history |
    head``) ends it quietly, as other commands do, not with a traceback (stdout then leads nowhere: Python's own
    flush at exit would fail too). Without a stdout (pythonw, or started with it closed) there is nothing to flush."""
    try:
        try:
            return _main(argv)
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    from tabletop.games import GAME_PACKAGES  # (the registry alone: no game's rules are loaded)

    args_list, file = app_file(sys.argv[1:] if argv is None else argv)
    game_ids = "Game ids: " + ", ".join(package.replace("_", "-") for package in GAME_PACKAGES) + "."
    parser = argparse.ArgumentParser(
        prog="tabletop",
        usage="%(prog)s [-h] [--size WxH] [--fullscreen] [--open FILE | --watch FILE | FILE.json] | %(prog)s COMMAND",
        description="Wizard-school tabletop games. A save given on its own (tabletop FILE.json) opens at once, "
        "as with --open.",
    )
    parser.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1280x800 (the app)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (the app)")
    parser.add_argument("--open", type=Path, metavar="FILE", help="open a saved game at once (the app)")
    parser.add_argument("--watch", type=Path, metavar="FILE", help="watch a saved game again from its start (the app)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", prog="tabletop")  # (not the app's usage line)

    sim = sub.add_parser("simulate", help="play games between bots, headless", epilog=game_ids)
    sim.add_argument("game", help="game id, e.g. house-cup")
    sim.add_argument("--players", type=int, help="how many seats (default: one per bot given, else the fewest)")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="the first game's seed, the next ones follow (default 1)")
    sim.add_argument("--bots", default="random", help=f"one bot per seat, comma separated, or one for all: {BOTS}")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--record", action="store_true", help="keep every finished game in the game history")

    arena = sub.add_parser("arena", help="seat-rotated games between bots: win rates and think times", epilog=game_ids)
    arena.add_argument("game", help="game id, e.g. house-cup")
    arena.add_argument("--players", type=int, help="how many seats (default: one per bot given)")
    arena.add_argument("--bots", required=True, help=f"one bot per seat, comma separated (e.g. hard,medium): {BOTS}")
    arena.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    arena.add_argument("--seed", type=int, default=1, help="the first game's seed, the next ones follow (default 1)")
    arena.add_argument("--workers", type=int, default=1, help="processes playing games in parallel (default 1)")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--progress", action="store_true", help="a line on standard error after each game")

    rep = sub.add_parser("replay", help="check a saved game by replaying it, and print where it stands")
    rep.add_argument("file", type=Path, help="a save (.json)")

    hist = sub.add_parser("history", help="the finished games kept in the game history", epilog=game_ids)
    hist.add_argument("--game", default=None, help="only this game's (its id, as simulate's)")
    hist.add_argument("--json", action="store_true", help="print one JSON object")

    stats = sub.add_parser("stats", help="statistics of the people who played, from the game history")
    stats.add_argument("--person", default=None, help="only this person's games (by the name they played under)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument("--csv", type=Path, default=None, help="also write every game, a row per seat, to this file")

    # (an installed app's own examples are in its package, read-only: this writes new copies, for its source tree)
    ex = sub.add_parser(
        "examples", help="write the example games that come with the app again, into a folder", epilog=game_ids
    )
    ex.add_argument(
        "folder", type=Path, nargs="?", default=Path("saves"), help="where to write them (default: ./saves)"
    )
    ex.add_argument("--game", default=None, help="only this game's examples (its id, as simulate's)")

    args = parser.parse_args(args_list)
    if file is not None:
        if args.command is not None or args.open is not None or args.watch is not None:
            parser.error(f"{file}: give one save to open, on its own or after --open")
        args.open = Path(file)
    if args.command in ("history", "examples") and args.game is not None and _game(args.game) is None:
        return 2  # (an unknown id listed nothing, or wrote nothing, without a word)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "arena":
        return _arena(args)
    if args.command == "history":
        return _history(args)
    if args.command == "stats":
        return _stats(args)
    if args.command == "examples":
        from tabletop.examples import write_examples

        for path in write_examples(args.folder, args.game):
            print(path)
        return 0
    from tabletop.ui.app import run_app

    return run_app(size=args.size or "", fullscreen=args.fullscreen, open_path=args.open, watch_path=args.watch)


def _game(game_id: str) -> Game | None:
    """The game of that id, or None once the error is said."""
    from tabletop.games import GAMES

    game = GAMES.get(game_id)
    if game is None:
        print(f"tabletop: unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}", file=sys.stderr)
    return game


def _simulate(args: argparse.Namespace) -> int:
    from tabletop.simulate import simulate

    game = _game(args.game)
    if game is None:
        return 2
    keep: Callable[[Match], None] | None = None
    if args.record:
        from tabletop.play.history import open_history

        history, problem = open_history()
        if history is None:
            print(f"tabletop: {problem}", file=sys.stderr)
            return 1

        def keep(match: Match) -> None:
            history.record(match, source="simulate")

    try:
        bots = [b for b in args.bots.split(",") if b]
        report = simulate(game, _players(args, game, bots), args.games, args.seed, bots, keep)
    except (ValueError, KeyError) as exc:
        print(f"tabletop: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(f"{game.title}: {report.games} games, {report.players} players, bots {', '.join(report.bots)}")
        print(
            f"  {report.seconds:.2f} s, {report.games_per_second:.1f} games/s, "
            f"{report.commands_per_second:.0f} commands/s"
        )
        for seat in range(report.players):
            print(
                f"  seat {seat + 1} ({report.bots[seat]}): {report.wins[seat]} wins, "
                f"mean score {report.mean_score[seat]}"
            )
        print(f"  errors: {report.errors}")
        for message in report.error_messages:
            print(f"    {message}")
    return 1 if report.errors else 0


def _progress_line(bots: list[str], args: argparse.Namespace) -> Callable[[int, list[float]], None] | None:
    """The arena's progress callback, when asked for."""
    if not args.progress:
        return None

    def show(done: int, wins: list[float]) -> None:
        tally = ", ".join(f"{bot} {won:g}" for bot, won in zip(bots, wins, strict=True))
        print(f"game {done}/{args.games}: wins {tally}", file=sys.stderr, flush=True)

    return show


def _players(args: argparse.Namespace, game: Game, bots: list[str]) -> int:
    """``--players``, else one seat per bot named (two or more), else the game's fewest players."""
    if args.players is not None:
        return int(args.players)
    return len(bots) if len(bots) > 1 else min(game.player_counts)


def _arena(args: argparse.Namespace) -> int:
    from tabletop.arena import arena

    game = _game(args.game)
    if game is None:
        return 2
    bots = [b for b in args.bots.split(",") if b]
    from tabletop.core.protocol import players_text

    players = _players(args, game, bots)
    if players not in game.player_counts:
        print(f"tabletop: {game.title} takes {players_text(game)} players", file=sys.stderr)
        return 2
    try:
        report = arena(game, players, bots, args.games, args.seed, args.workers, _progress_line(bots, args))
    except (ValueError, KeyError) as exc:
        print(f"tabletop: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(
            f"{game.title} arena: {report.games} games, {report.players} players, seats rotated, {report.seconds:.0f} s"
        )
        for bot in report.bots:
            print(
                f"  {bot.entry + 1}. {bot.bot:8} wins {bot.win_rate:6.1%} "
                f"(95% CI {bot.ci_low:.1%}-{bot.ci_high:.1%}; fair share {bot.fair_share:.0%}), "
                f"mean score {bot.mean_score:.1f}, think median {bot.think_median * 1000:.0f} ms, "
                f"p95 {bot.think_p95 * 1000:.0f} ms over {bot.decisions} decisions"
            )
        print(f"  errors: {report.errors}")
        for message in report.error_messages:
            print(f"    {message}")
    return 1 if report.errors else 0


def _history(args: argparse.Namespace) -> int:
    from tabletop.play.history import open_history

    history, problem = open_history()
    if history is None:
        print(f"tabletop: {problem}", file=sys.stderr)
        return 1
    records = history.games(args.game)
    if args.json:
        rows = [
            {
                "key": r.key,
                "game": r.game_id,
                "ended_at": r.ended_at,
                "started_at": r.started_at,
                "seats": [{"name": s.name, "plays": s.controller} for s in r.seats],
                "scores": list(r.scores),
                "winners": list(r.winners),
                "commands": r.commands,
                "summary": r.summary,
                "source": r.source,
            }
            for r in records
        ]
        print(json.dumps({"games": rows, "notice": problem}))
        return 0
    if problem:
        print(f"tabletop: {problem}", file=sys.stderr)
    if not records:
        print("No finished games yet.")
    for r in records:
        seats = ", ".join(f"{s.name} {score}" for s, score in zip(r.seats, r.scores, strict=True))
        print(f"{r.ended_at[:16].replace('T', ' ')}  {r.title}: {seats} - {r.summary}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from tabletop.play.history import open_history
    from tabletop.play.statistics import statistics, to_csv, write_csv

    history, problem = open_history()
    if history is None:
        print(f"tabletop: {problem}", file=sys.stderr)
        return 1
    records = history.games()
    table = statistics(records, args.person)
    try:
        if args.csv is not None and (args.csv.is_symlink() or args.csv.exists() and not args.csv.is_file()):
            # A link or a device (/dev/stdout) is written through: the atomic write's rename put a file in its place
            args.csv.write_text(to_csv(records), encoding="utf-8", newline="")
        elif args.csv is not None:
            write_csv(records, args.csv)  # (as the Statistics screen's export)
    except OSError as exc:  # a folder that does not exist, one that cannot be written: a line, not a traceback
        from tabletop.i18n import os_reason

        print(f"tabletop: {args.csv} cannot be written ({os_reason(exc)})", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"person": args.person, "games": [stats.to_json() for stats in table]}))
        return 0
    who = args.person or "every person"
    print(f"Statistics of {who}, from {len(records)} finished games:")
    for stats in table:
        if not stats.games:
            continue
        best = "" if stats.best is None else f", best {stats.best}"
        won = f"won {stats.win_rate:.0%}, average score {stats.average:.1f}{best}"
        print(f"  {stats.title}: {stats.games} games, {won}")
        against = ", ".join(f"{kind} {r.rate:.0%} of {r.games}" for kind, r in sorted(stats.against.items()))
        print(f"    against: {against}; longest winning streak {stats.best_streak}, now {stats.streak}")
        if stats.figures:
            print("    per game: " + ", ".join(f"{key} {value:.1f}" for key, value in stats.figures.items()))
        for group, r in sorted(stats.groups.items(), key=lambda item: -item[1].games)[:8]:
            print(f"    {group}: won {r.rate:.0%} of {r.games}")
    return 0


def _replay(path: Path) -> int:
    from tabletop.core.saves import SaveError, load_match
    from tabletop.games import GAMES

    try:
        match = load_match(path, GAMES)
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    result = match.result()
    names = [seat.name for seat in match.seats]
    moves = f"{len(match.log)} move" + ("" if len(match.log) == 1 else "s")
    print(f"{match.game.title}, {len(names)} players ({', '.join(names)}), {moves} replayed.")
    print(result.summary if result else match.game.progress(match.state).words())
    return 0
