"""``tabletop``: the app, and headless subcommands (simulate, arena, replay, examples)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description="Four wizard-school tabletop games.")
    parser.add_argument("--size", default="", help="window size, e.g. 1280x800 (the app)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (the app)")
    parser.add_argument("--open", type=Path, metavar="FILE", help="open a saved game at once (the app)")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play games between bots, headless")
    sim.add_argument("game", help="game id, e.g. house-cup")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="random", help="one bot per seat, comma separated (or one for all)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    arena = sub.add_parser("arena", help="seat-rotated games between bots: win rates and think times")
    arena.add_argument("game", help="game id, e.g. house-cup")
    arena.add_argument("--players", type=int, required=True)
    arena.add_argument("--bots", required=True, help="one bot per seat, comma separated (e.g. hard,greedy)")
    arena.add_argument("--games", type=int, default=200)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--progress", action="store_true", help="a line on standard error after each game")

    rep = sub.add_parser("replay", help="check a saved game by replaying it, and print where it stands")
    rep.add_argument("file", type=Path)

    ex = sub.add_parser("examples", help="write the example games that come with the app again")
    ex.add_argument("folder", type=Path, nargs="?", default=Path("saves"))
    ex.add_argument("--game", default=None, help="only this game's examples")

    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "arena":
        return _arena(args)
    if args.command == "examples":
        from tabletop.examples import write_examples

        for path in write_examples(args.folder, args.game):
            print(path)
        return 0
    from tabletop.ui.app import run_app

    return run_app(size=args.size, fullscreen=args.fullscreen, open_path=args.open)


def _game(game_id: str):  # -> Game | None, with the error said
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
    try:
        report = simulate(game, args.players, args.games, args.seed, [b for b in args.bots.split(",") if b])
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


def _progress_line(bots: list[str], args: argparse.Namespace):  # -> the arena's progress callback, or None
    if not args.progress:
        return None

    def show(done: int, wins: list[float]) -> None:
        tally = ", ".join(f"{bot} {won:g}" for bot, won in zip(bots, wins, strict=True))
        print(f"game {done}/{args.games}: wins {tally}", file=sys.stderr, flush=True)

    return show


def _arena(args: argparse.Namespace) -> int:
    from tabletop.arena import arena

    game = _game(args.game)
    if game is None:
        return 2
    bots = [b for b in args.bots.split(",") if b]
    from tabletop.core.protocol import players_text

    if args.players not in game.player_counts:
        print(f"tabletop: {game.title} takes {players_text(game)} players", file=sys.stderr)
        return 2
    try:
        report = arena(game, args.players, bots, args.games, args.seed, args.workers, _progress_line(bots, args))
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
    print(f"{match.game.title}, {len(names)} players ({', '.join(names)}), {len(match.log)} moves replayed.")
    print(result.summary if result else match.game.progress(match.state))
    return 0
