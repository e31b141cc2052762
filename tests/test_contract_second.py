"""The contract test (see test_contract.py) for House Cup Challenge and Stupéfix, in a module of its own so that
the test run's two workers share the contract games."""

from __future__ import annotations

import os

from tests.contract_tests import SECOND, contract_tests

SCALE = float(os.environ.get("CONTRACT_SCALE", "1"))

test_contract, test_the_random_games_reached_what_the_game_requires = contract_tests(SECOND, SCALE)
