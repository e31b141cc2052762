"""OpenSpiel-style random simulation: many seeded games, every step checked.

At every step: the game can go on until it ends; every legal command applies; illegal commands are refused
with the state unchanged; all 68 cards and 46 reward tokens are accounted for; no view shows a hidden value,
and a state sampled from a view shows that same view. Every few steps, and at the end, save -> load ->
replay gives the identical state.
"""

import copy
import random

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo, load_match, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup.cards import ALL_CARDS
from tabletop.games.house_cup.events import (
    ApplyInstant,
    CauldronDiscard,
    DiscardCard,
    GiveCard,
    KeepCard,
    PlaceToken,
    TakeCard,
)

GAMES_TOTAL = 300
CHUNK = 50


def illegal_commands(state, seat, rng):
    """Commands the rules must refuse now: wrong seat, wrong token, absent card, wrong moment."""
    others = [s for s in range(state.players) if s != seat]
    legal = set(GAME.legal(state, seat))
    candidates = [
        PlaceToken(rng.choice(others), 0, 1),
        TakeCard(rng.choice(others), rng.choice(ALL_CARDS)),
        PlaceToken(seat, 0, 9),
        PlaceToken(seat, 5, 1),
        TakeCard(seat, "no-such-card"),
        TakeCard(seat, rng.choice(ALL_CARDS)),
        DiscardCard(seat, rng.choice(ALL_CARDS)),
        GiveCard(seat, rng.choice(ALL_CARDS), seat),
        CauldronDiscard(seat, "no-such-card"),
        KeepCard(seat, rng.choice(ALL_CARDS)),
        ApplyInstant(seat, rng.choice(ALL_CARDS)),
    ]
    return [c for c in candidates if c not in legal]


def assert_view_hides_secrets(state, seat):
    view = GAME.view(state, seat)
    for stack, seen in zip(state.under, view.under, strict=True):
        for token, shown in zip(stack, seen, strict=True):
            if token.seat != seat and not token.revealed:
                assert shown.value is None, "another seat's face-down token value leaked"
            else:
                assert shown.value == token.value
    for other in range(state.players):
        if other != seat and state.phase == "place":
            assert view.held[other] is None, "another seat's held tokens leaked"
    for task, shown in zip(state.tasks, view.tasks, strict=True):
        if task.kind == "search" and task.seat != seat:
            assert shown.cards == ()
    flat = repr(to_json(view))
    assert "rng" not in flat and "'deck'" not in flat
    # Deck order: a state with the deck shuffled differently looks exactly the same.
    other = copy.deepcopy(state)
    random.Random(seat).shuffle(other.deck)
    other.rng = Rng(12345)
    assert GAME.view(other, seat) == view
    return view


def check_save_round_trip(match, tmp_path):
    path = tmp_path / "roundtrip.json"
    write_save(match, path)
    loaded = load_match(path, GAMES)
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.log == match.log


def play_checked(seed, tmp_path):
    players = 2 + seed % 3
    rng = random.Random(seed)
    options = GAME.default_options(players)
    options["first"] = seed % players
    match = Match(GAME, [SeatInfo(f"P{i}", "random") for i in range(players)], options, seed)
    state = match.state
    steps = 0
    while GAME.result(state) is None:
        actors = GAME.to_act(state)
        assert actors, "the game is stuck: nobody can act but it is not over"
        for seat in range(players):
            if seat not in actors:
                assert GAME.legal(state, seat) == []
        seat = actors[0]
        legal = GAME.legal(state, seat)
        assert legal, "the acting seat has no legal command"
        assert len(set(legal)) == len(legal)
        for command in legal:
            trial = copy.deepcopy(state)
            GAME.apply(trial, command)
            assert GAME.check_state(trial) == []
        before = to_json(state)
        for command in illegal_commands(state, seat, rng):
            with pytest.raises(IllegalCommand) as refused:
                GAME.apply(state, command)
            assert refused.value.reason
            assert to_json(state) == before, f"{command} changed the state although refused"
        for looker in range(players):
            view = assert_view_hides_secrets(state, looker)
            if looker == seat:
                sampled = GAME.sample(view, Rng(seed + steps))
                assert GAME.check_state(sampled) == []
                assert GAME.view(sampled, seat) == view
        match.apply(rng.choice(legal))
        assert GAME.check_state(state) == []
        steps += 1
        if steps % 40 == 0:
            check_save_round_trip(match, tmp_path)
        assert steps < 2000
    assert GAME.to_act(state) == ()
    check_save_round_trip(match, tmp_path)
    return players


@pytest.mark.parametrize("chunk", range(GAMES_TOTAL // CHUNK))
def test_random_games(chunk, tmp_path):
    counts = {2: 0, 3: 0, 4: 0}
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        counts[play_checked(seed, tmp_path)] += 1
    assert all(counts.values())
