"""The second round of That's Wizard!'s fast paths (issue 16, item 1) give what the plain code gives: a pick applied
without building ``to_act``, the round's steps told short when they have nothing to do, a revealed play built
without its ``__init__``, the View copied from its usual values, and a command's field check remembered for the
very object that passed it. Whole matches, more of them than tests/test_thats_wizard_fast_paths.py plays, are the
same byte for byte in JSON with every fast path swapped for the plain code."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tabletop.core.codec import to_json
from tabletop.core.frozen import frozen
from tabletop.core.protocol import Command, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.core.validate import field_problem
from tabletop.games.thats_wizard import GAME, flow, rules
from tabletop.games.thats_wizard.events import (
    ChooseSideBoard,
    Pass,
    Play,
)
from tabletop.games.thats_wizard.state import Play as StatePlay
from tabletop.games.thats_wizard.view import PromptView
from tests.test_thats_wizard_fast_paths import plain_to_act, positions


@pytest.mark.parametrize("players", [2, 4])
def test_to_act_and_may_choose_are_the_plain_reading(players):
    for state in positions(players, 4):
        actors = rules.to_act(state)
        assert actors == plain_to_act(state)
        if state.stage == "choose" and state.prompt is None:
            for seat in range(-1, players + 1):
                assert rules.may_choose(state, seat) == (seat in actors)


def test_a_revealed_play_is_the_dataclass_built_through_init():
    for values in [(0, "shock", 3, True, ""), (1, None, None, False, "pass"), (3, "focus", 1, False, "x")]:
        made, plain = flow.revealed_play(*values), StatePlay(*values)
        assert made == plain and list(vars(made)) == list(vars(plain))
        assert made.targets is not made.under  # two lists of its own, as the factories give


def test_a_pick_out_of_turn_is_refused_as_before():
    state = GAME.setup(2, GAME.default_options(2), 1)
    for seat in (0, 1):
        GAME.apply(state, GAME.legal(state, seat)[0])
    assert state.stage == "choose"
    GAME.apply(state, GAME.legal(state, 0)[0])
    with pytest.raises(IllegalCommand, match="You are ready for this round"):
        GAME.apply(state, Pass(0))
    with pytest.raises(IllegalCommand, match="There is no such seat"):
        GAME.apply(state, Pass(5))
    with pytest.raises(IllegalCommand, match="Now is the time to choose a card"):
        GAME.apply(state, ChooseSideBoard(1, ("shock", "stun")))


def test_a_command_that_passed_is_remembered_as_that_very_object_only():
    good = Play(0, "shock", 1)
    assert field_problem(good) is None and field_problem(good) is None
    twin = Play(0, "shock", True)  # equal to ``good`` and hashed alike, but its dial is no whole number
    assert twin == good and hash(twin) == hash(good)
    assert "'dial' must be a whole number" in (field_problem(twin) or "")
    assert "'dial' must be a whole number" in (field_problem(twin) or "")


@dataclass(frozen=True)
class Loose(Command):
    cards: list[str]


@dataclass
class Unfrozen:  # not a Command (those are frozen): any dataclass is checked field by field
    seat: int
    card: str


def test_a_command_that_could_change_is_checked_every_time():
    loose = Loose(0, ["shock"])
    assert field_problem(loose) is None
    loose.cards.append(3)  # type: ignore[arg-type]
    assert "'cards' must be a list of texts" in (field_problem(loose) or "")
    unfrozen = Unfrozen(0, "shock")
    assert field_problem(unfrozen) is None
    unfrozen.card = 5  # type: ignore[assignment]
    assert "'card' must be a text" in (field_problem(unfrozen) or "")


def plain_below(rng: Rng, n: int) -> int:
    """``Rng.below`` as it was, through ``next64``."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = rng.next64()
        if x < limit:
            return x % n


def test_the_generator_draws_as_it_did_through_next64():
    bounds = [1, 2, 3, 6, 7, 1000, 2**63 + 5, 3 * 2**62, 2**64 - 1]  # the large ones reject many draws
    for seed in range(50):
        fast, plain = Rng.from_seed(seed * 7919), Rng.from_seed(seed * 7919)
        for index in range(300):
            n = bounds[(seed + index * 5) % len(bounds)]
            assert fast.below(n) == plain_below(plain, n) and fast.state == plain.state


# --- the third round: a View's pieces made without the dataclass's ``__init__`` ----------------------------------


def same_object(made: object, plain: object) -> None:
    assert type(made) is type(plain)
    assert list(vars(made).items()) == list(vars(plain).items())  # every field, in its order, with its value
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert to_json(made) == to_json(plain)


def test_frozen_is_the_constructors_object():
    values = {"kind": "scry", "seat": 1, "target": -1, "count": 0, "values": (), "cards": ("fear",), "hidden": 0}
    made = frozen(PromptView, dict(values))
    same_object(made, PromptView(**values))
