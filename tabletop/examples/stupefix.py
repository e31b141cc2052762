"""The Stupéfix example games shipped in ``saves/``, and the script that writes them.

``tabletop examples`` rewrites them (``tabletop.examples.write_examples``).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.state import StupefixState
from tabletop.i18n import N_

NAMES = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen")


def bot_game(players: int, controllers: list[str], seed: int, stop: Callable[[StupefixState], bool]) -> Match:
    """A game played by greedy bots for every seat (people included) until ``stop(state)`` is true."""
    seats = [SeatInfo(NAMES[seat], controller) for seat, controller in enumerate(controllers)]
    options = GAME.default_options(players)
    options["chouchou"] = 0
    match = Match(GAME, seats, options, seed)
    bot = make_bot(GAME, "greedy")
    rng = Rng.from_seed(seed)
    while match.result() is None and not stop(match.state):
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    return match


def four_players_live() -> Match:
    """Four houses of one, round 3: spells are prepared, the wands are about to be pointed."""
    return bot_game(4, ["human", "greedy", "human", "greedy"], 2025, lambda s: s.round == 3 and s.phase == "target")


def seven_players_draft() -> Match:
    """Seven players (2+2+2+1), round 6, in the middle of sharing the rewards."""
    return bot_game(
        7,
        ["human", "greedy", "human", "greedy", "greedy", "random", "greedy"],
        77,
        lambda s: s.round == 6 and s.phase == "draft" and len(s.row) <= 6,
    )


EXAMPLES: dict[str, tuple[Callable[[], Match], str]] = {
    "stupefix-4p-round3-wands.json": (
        four_players_live,
        N_(
            "Stupéfix with four houses of one: round 3, every spell prepared; Ada and Cleo are people and point "
            "their wands now."
        ),
    ),
    "stupefix-7p-round6-draft.json": (
        seven_players_draft,
        N_(
            "Stupéfix with seven players in teams (Gryffindor, Ravenclaw and Hufflepuff pairs, a lone Slytherin): "
            "round 6, the standing flags are sharing the rewards."
        ),
    ),
}
