"""That's Wizard!'s fast paths give what the plain code they stand for gives: the View built without its frozen
``__init__``, ``legal``'s prebuilt commands, and the search's playout policy read from the state."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from tabletop.bots.ismcts import heuristic_policy
from tabletop.bots.moves import worth_weighing
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import GAME, flow
from tabletop.games.thats_wizard.bots import GreedyBot, playout_policy
from tabletop.games.thats_wizard.events import Pass, Play
from tabletop.games.thats_wizard.rules import stall_commands
from tabletop.games.thats_wizard.view import ThatsWizardView, WizardView
from tests.contract_hooks import wizard_options


def positions(players: int, games: int):
    """States along random and greedy games (random spellbooks, and now and then the default ones)."""
    greedy = GreedyBot()
    for seed in range(games):
        options = wizard_options(players, seed) if seed % 3 else GAME.default_options(players)
        state = GAME.setup(players, options, seed)
        rng = random.Random(seed)
        for step in range(400):
            if GAME.result(state) is not None:
                break
            yield state
            seat = rng.choice(GAME.to_act(state))
            view = GAME.view(state, seat)
            command = rng.choice(view.legal) if seed % 2 else greedy.choose(view, Rng(step))
            GAME.apply(state, command)


def rebuilt(view: Any) -> Any:
    """The same frozen dataclass built through its ``__init__``."""
    return type(view)(**{item.name: getattr(view, item.name) for item in fields(view)})


@pytest.mark.parametrize("players", [2, 4])
def test_views_hold_every_field_and_equal_views_built_through_init(players):
    names = {item.name for item in fields(ThatsWizardView)}
    wizard_names = {item.name for item in fields(WizardView)}
    for state in positions(players, 4):
        for seat in range(players):
            view = GAME.view(state, seat)
            assert set(vars(view)) == names
            assert rebuilt(view) == view and hash(rebuilt(view)) == hash(view)
            for wizard in view.wizards:
                assert set(vars(wizard)) == wizard_names and rebuilt(wizard) == wizard


@pytest.mark.parametrize("players", [2, 4])
def test_legal_choices_are_the_plays_and_passes_flow_describes(players):
    for state in positions(players, 4):
        if state.stage != "choose" or state.prompt is not None:
            continue
        for seat in GAME.to_act(state):
            plays = [Play(seat, card, dial) for card, dial in flow.legal_plays(state, seat)]
            shown = [Pass(seat, card, dial) for card, dial in flow.shown_passes(state, seat)]
            assert GAME.legal(state, seat) == [*plays, Pass(seat), *shown, *stall_commands(state, seat)]


@pytest.mark.parametrize("players", [2, 4])
def test_the_playout_policy_moves_as_the_greedy_bot_on_the_view_with_the_same_draws(players):
    on_views = heuristic_policy(GreedyBot())
    for number, state in enumerate(positions(players, 4)):
        for seat in GAME.to_act(state):
            legal = worth_weighing(GAME, GAME.legal(state, seat))
            for draw in range(2):
                rng_view, rng_state = Rng(number * 2 + draw), Rng(number * 2 + draw)
                expected = on_views(GAME, state, seat, legal, rng_view)
                assert playout_policy(GAME, state, seat, legal, rng_state) == expected
                assert rng_state.state == rng_view.state
