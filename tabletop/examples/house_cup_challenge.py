"""The House Cup Challenge example games shipped in ``saves/``, and the script that writes them.

``tabletop examples`` rewrites them (``tabletop.examples.write_examples``).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.i18n import N_

SEATS = [SeatInfo("Ada"), SeatInfo("Ben", "greedy"), SeatInfo("Cleo"), SeatInfo("Dev", "greedy")]


def _play_until(match: Match, done: Callable[[ChallengeState], bool], seed: int) -> Match:
    bot = make_bot(GAME, "greedy")
    rng = Rng.from_seed(seed)
    while not done(match.state) and match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    return match


def year_one_match(seed: int = 1001) -> Match:
    """A 4-player game at the start of Year 1: the Wand holder has laid the first 4 cards, round 1 begins."""
    options = {"prefect": 2, "youngest": 0, "characters": None}
    match = Match(GAME, list(SEATS), options, seed)
    return _play_until(match, lambda s: not s.setup, seed)


def year_four_match(seed: int = 4004) -> Match:
    """A 4-player game between greedy bots, stopped in Year 4 at the second action step of a round."""
    options = {"prefect": 1, "youngest": 3, "characters": None}
    match = Match(GAME, list(SEATS), options, seed)
    return _play_until(match, lambda s: s.year == 4 and s.step == 2 and not s.tasks[-1].chosen, seed)


EXAMPLES: dict[str, tuple[Callable[[], Match], str]] = {
    "house-cup-challenge-year1-start.json": (
        year_one_match,
        N_("House Cup Challenge, 4 players at the start of Year 1: the first 4 adventures lie on the board."),
    ),
    "house-cup-challenge-year4.json": (
        year_four_match,
        N_("House Cup Challenge, 4 players during Year 4 (Goblet of Fire), in the second action step of a round."),
    ),
}
