"""The contract test's chunks and its check of what the random games reached, made for a set of games.

``test_contract.py`` and ``test_contract_second.py`` each run one part of the games, so the test run's two
workers (``--dist loadfile`` gives a module to one worker) share them. Each module's check of what the random
games reached runs after its own chunks, in the same process, as it reads their tally.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from tabletop.games import GAMES
from tests.protocol_checks import HOOKS, chunks, hooks_for, play_checked, tally

SECOND = ("house-cup-challenge", "stupefix")  # the games test_contract_second.py checks


def chunk_param(game_id: str, players: int, policy: str, seeds: tuple[int, ...]):
    name = f"{game_id}-{players}p-{policy}-seeds-{'-'.join(map(str, seeds))}" if seeds else f"{game_id}-no-hooks"
    return pytest.param(game_id, players, policy, seeds, id=name)


def contract_tests(game_ids: Iterable[str], scale: float) -> tuple[Callable[..., None], Callable[..., None]]:
    """``test_contract`` over every chunk of these games, then the check of what their random games reached."""
    wanted = set(game_ids)
    planned_chunks = [chunk for chunk in chunks(scale, GAMES) if chunk[0] in wanted]

    @pytest.mark.parametrize(("game_id", "players", "policy", "seeds"), [chunk_param(*c) for c in planned_chunks])
    def test_contract(game_id, players, policy, seeds, tmp_path):
        game = GAMES[game_id]
        hooks_for(game)
        for seed in seeds:
            play_checked(game, players, policy, seed, tmp_path, GAMES)

    @pytest.mark.parametrize("game_id", sorted(game_id for game_id in HOOKS if game_id in wanted))
    def test_the_random_games_reached_what_the_game_requires(game_id):
        """Runs after the chunks above (same module, in order): the random games went where the game's ``totals``
        hook says they must (rare paths, every card), so those steps were checked too."""
        hooks = HOOKS[game_id]
        if hooks.totals is None:
            return
        record = tally(game_id)
        planned = sum(len(seeds) for g, _p, policy, seeds in planned_chunks if g == game_id and policy == "random")
        played = sum(n for (_players, policy), n in record.games.items() if policy == "random")
        if played < planned:
            pytest.skip(f"run together with every random chunk of this game ({played} of {planned} games played)")
        hooks.totals(record.seen)

    return test_contract, test_the_random_games_reached_what_the_game_requires
