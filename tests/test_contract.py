"""The contract test: every registered game, every player count, random and greedy play, every step checked.

The checks are in ``tests/protocol_checks.py`` (its docstring lists them) and the per-game hooks in
``tests/contract_hooks.py``. Checked games at ``CONTRACT_SCALE=1`` (the CI run), per policy and player count:

- House Cup: random 8 and greedy 4 at each of 2, 3, 4 players (36 games, ~3,300 steps);
- Stupéfix: random 3 and greedy 1 at each of 4 to 8 players (20 games, ~4,100 steps);
- House Cup Challenge: random 1 and greedy 2 at each of 2, 3, 4 players (9 games, ~3,600 steps: its random
  games run 700-900 commands; 2 random a count until the test run neared 10 minutes on a slow day, and
  ``CONTRACT_SCALE=2`` plays them again), plus 40 unchecked random games per count for the lengths against the
  playtest;
- That's Wizard!: random 8 (+3 chosen seeds) and greedy 8 in 1 vs 1, random 3 (+2) and greedy 3 in Duos, with
  random spellbooks (26 matches, ~4,000 steps).

That was 94 games and ~17,300 steps (91 and ~14,900 now), each step fully checked: the whole module took 136 s (127
s of CPU) on the 2-core machine while others used it (now 330 s and more on a slower day, so House Cup Challenge's
and Stupéfix's games are checked in ``test_contract_second.py``: the test run gives each module to one of its two
workers, and one module held up the whole run); the four random simulations it replaces took about 400 s (House Cup
62, House Cup Challenge 160, That's Wizard! 135, Stupéfix 50) and checked fewer steps in full. Random games are
seeds 0 to N-1 of each count (plus the ``extra_seeds`` that reach rare paths); greedy games the same seeds.

``CONTRACT_SCALE=10 .venv/bin/python -m pytest tests/test_contract.py`` plays ten times as many (seeds 0 to
N-1 of each); ``benchmarks/contract.py --scale 10`` does the same outside pytest and prints the games and steps
checked and the time per game. A failure names the check, the game, the player count, the policy, the seed and
the step: ``play_checked`` with those replays it exactly.
"""

from __future__ import annotations

import os

import pytest

from tabletop.games import GAMES
from tests.contract_hooks import challenge_check_lengths, challenge_lengths
from tests.contract_tests import SECOND, contract_tests
from tests.protocol_checks import POLICIES, hooks_for

SCALE = float(os.environ.get("CONTRACT_SCALE", "1"))
CHALLENGE_LENGTH_GAMES = 40  # per player count


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_registered_game_has_its_contract_hooks(game_id):
    hooks = hooks_for(GAMES[game_id])
    for policy in POLICIES:
        assert set(hooks.games[policy]) == set(GAMES[game_id].player_counts), "a player count is not checked"


# Every game but those checked in test_contract_second.py (a new game is checked here until it is moved there).
test_contract, test_the_random_games_reached_what_the_game_requires = contract_tests(
    [game_id for game_id in GAMES if game_id not in SECOND], SCALE
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_cup_challenge_lengths_against_the_playtest(players):
    """40 random-policy games per player count (unchecked: the contract chunks check such games step by step)
    last about as long as the supplement's playtest games, and the stalemate rule fires in nearly all (the
    playtest: "in every random-bot game"; one game in 600 went without in our longer runs)."""
    rounds, stalemated = challenge_lengths(players, range(CHALLENGE_LENGTH_GAMES))
    challenge_check_lengths(players, rounds)
    assert stalemated >= 0.95 * len(rounds), f"the stalemate rule fired in only {stalemated} of {len(rounds)} games"
