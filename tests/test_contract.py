"""The contract test: every registered game, every player count, random and greedy play, every step checked.

The checks are in ``tests/protocol_checks.py`` (its docstring lists them) and the per-game hooks in
``tests/contract_hooks.py``. Checked games at ``CONTRACT_SCALE=1`` (the CI run), per policy and player count:

- House Cup: random 8 and greedy 4 at each of 2, 3, 4 players (36 games, ~3,300 steps);
- Stupéfix: random 3 and greedy 1 at each of 4 to 8 players (20 games, ~4,100 steps);
- House Cup Challenge: random 2 and greedy 2 at each of 2, 3, 4 players (12 games, ~6,000 steps: its random
  games run 700-900 commands), plus 40 unchecked random games per count for the lengths against the playtest;
- That's Wizard!: random 8 (+2 chosen seeds) and greedy 8 in 1 vs 1, random 3 (+2) and greedy 3 in Duos, with
  random spellbooks (26 matches, ~4,000 steps).

That is 94 games and ~17,300 steps, each step fully checked: the whole module took 136 s (127 s of CPU) on
the 2-core machine while others used it; the four random simulations it replaces took about 400 s (House Cup
62, House Cup Challenge 160, That's Wizard! 135, Stupéfix 50) and checked fewer steps in full. Random games
are seeds 0 to N-1 of each count (plus the ``extra_seeds`` that reach rare paths); greedy games the same seeds.

``CONTRACT_SCALE=10 .venv/bin/python -m pytest tests/test_contract.py`` plays ten times as many (seeds 0 to
N-1 of each); ``benchmarks/contract.py --scale 10`` does the same outside pytest and prints the games and steps
checked and the time per game. A failure names the check, the game, the player count, the policy, the seed and
the step: ``play_checked`` with those replays it exactly.
"""

from __future__ import annotations

import os

import pytest

from tabletop.core.protocol import player_counts
from tabletop.games import GAMES
from tests.contract_hooks import challenge_check_lengths, challenge_lengths
from tests.protocol_checks import HOOKS, POLICIES, chunks, hooks_for, play_checked, tally

SCALE = float(os.environ.get("CONTRACT_SCALE", "1"))
CHUNKS = chunks(SCALE, GAMES)
CHALLENGE_LENGTH_GAMES = 40  # per player count


def chunk_param(game_id: str, players: int, policy: str, seeds: tuple[int, ...]):
    name = f"{game_id}-{players}p-{policy}-seeds-{'-'.join(map(str, seeds))}" if seeds else f"{game_id}-no-hooks"
    return pytest.param(game_id, players, policy, seeds, id=name)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_registered_game_has_its_contract_hooks(game_id):
    hooks = hooks_for(GAMES[game_id])
    for policy in POLICIES:
        assert set(hooks.games[policy]) == set(player_counts(GAMES[game_id])), "a player count is not checked"


@pytest.mark.parametrize(("game_id", "players", "policy", "seeds"), [chunk_param(*c) for c in CHUNKS])
def test_contract(game_id, players, policy, seeds, tmp_path):
    game = GAMES[game_id]
    hooks_for(game)
    for seed in seeds:
        play_checked(game, players, policy, seed, tmp_path, GAMES)


@pytest.mark.parametrize("game_id", sorted(HOOKS))
def test_the_random_games_reached_what_the_game_requires(game_id):
    """Runs after the chunks above (same module, in order): the random games went where the game's ``totals``
    hook says they must (rare paths, every card), so those steps were checked too."""
    hooks = HOOKS[game_id]
    if hooks.totals is None:
        return
    record = tally(game_id)
    planned = sum(len(seeds) for g, _p, policy, seeds in CHUNKS if g == game_id and policy == "random")
    played = sum(n for (_players, policy), n in record.games.items() if policy == "random")
    if played < planned:
        pytest.skip(f"run together with every random chunk of this game ({played} of {planned} games played)")
    hooks.totals(record.seen)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_cup_challenge_lengths_against_the_playtest(players):
    """40 random-policy games per player count (unchecked: the contract chunks check such games step by step)
    last about as long as the supplement's playtest games, and the stalemate rule fires in nearly all (the
    playtest: "in every random-bot game"; one game in 600 went without in our longer runs)."""
    rounds, stalemated = challenge_lengths(players, range(CHALLENGE_LENGTH_GAMES))
    challenge_check_lengths(players, rounds)
    assert stalemated >= 0.95 * len(rounds), f"the stalemate rule fired in only {stalemated} of {len(rounds)} games"
