"""Bots for every game, all seeing only their own seat's View.

Levels offered to players: ``easy`` (the game's greedy heuristic with some randomness), ``medium`` (the greedy
heuristic) and ``hard`` (information-set Monte Carlo tree search with a time budget). For tools and tests there
are also ``random`` and the game's own heuristics (``greedy``). A bot is handed one seat's View and its own
random generator (never the game's), so it cannot read another seat's secrets and its dice never change the game.
"""

from __future__ import annotations

from tabletop.bots.ismcts import ISMCTSBot, heuristic_policy
from tabletop.bots.levels import EpsilonBot
from tabletop.bots.random_bot import RandomBot
from tabletop.core.protocol import Bot, Game

LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {"easy": "Bot: Easy", "medium": "Bot: Medium", "hard": "Bot: Hard"}
# Bots that search: the time one takes to answer depends on its position (a forced move comes at once), so only the
# Settings delay, longer than their search, hides from a table how hard their choice was.
SEARCHING = frozenset({"hard"})


def bot_ids(game: Game) -> list[str]:
    return ["random", *game.bot_types, *LEVELS]


def make_bot(game: Game, bot_id: str) -> Bot:
    types = game.bot_types
    if bot_id == "random":
        return RandomBot()
    if bot_id in types:
        return types[bot_id]()
    if bot_id == "easy":
        return EpsilonBot(game, types["greedy"](), 0.25, "easy")
    if bot_id == "medium":
        bot = types["greedy"]()
        bot.id = "medium"
        return bot
    if bot_id == "hard":
        prior = types["greedy"]() if "greedy" in types else None
        policy = game.search.playout_policy
        if policy is None and prior is not None:
            policy = heuristic_policy(types["greedy"]())
        return ISMCTSBot(game, budget=game.search.hard_budget, bot_id="hard", prior=prior, policy=policy)
    raise KeyError(f"{game.title} has no bot {bot_id!r} (it has: {', '.join(bot_ids(game))})")
