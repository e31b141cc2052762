"""OpenSpiel-style random simulation of House Cup Challenge: 300 seeded games at 2, 3 and 4 players.

At every step: someone can act until the game ends, only the actor has legal commands, they are all different,
the applied command keeps every card, Special Card and point accounted for, and a wrong command is refused.
At sampled steps (about one in 40, to keep CI short): legal commands apply on a deep copy, illegal ones are
refused with the state unchanged, no view shows another seat's hand or the deck order, and a state sampled
from the actor's view shows that same view. Save -> load -> replay gives the identical state.

Every game must end (the stalemate rule guarantees it); the median and longest game in rounds are printed
next to the supplement's playtest figures (run with ``-s`` to see them).
"""

import copy
import random
import statistics

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo, load_match, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import CELLS
from tabletop.games.house_cup_challenge.cards import ALL_ADVENTURES, SPECIAL_ORDER

GAMES_TOTAL = 300
CHUNK = 50
HEAVY_EVERY = 40
ROUND_CAP = 400
# The supplement's playtest, random policy after the fixes: (10th percentile, median, 90th percentile, max).
PLAYTEST_RANDOM = {2: (22, 39, 56, 83), 3: (33, 50, 64, 83), 4: (40, 51, 64, 87)}
RESULTS: dict[int, list[int]] = {2: [], 3: [], 4: []}
ENDS = {"500": 0, "stalemate": 0}
STALEMATES = [0]


def illegal_commands(state, seat, rng):
    """Commands the rules must refuse now: another seat, absent cards, walls, wrong moments."""
    others = [s for s in range(state.count) if s != seat]
    hand = state.players[seat].hand
    not_held = [c for c in ALL_ADVENTURES if c not in hand]
    candidates = [
        ev.Pass(rng.choice(others)),
        ev.DrawCards(rng.choice(others)),
        ev.PlayHere(seat, rng.choice(not_held)),
        ev.PlayThere(seat, rng.choice(not_held), rng.choice(CELLS)),
        ev.PlayThere(seat, "no-such-card", "A1"),
        ev.Move(seat, ("A5", "A4", "A3", "A2")),
        ev.Move(seat, ("Z9",)),
        ev.UseSpecial(seat, rng.choice(SPECIAL_ORDER)),
        ev.Boost(seat, rng.choice(not_held), "K"),
        ev.Discard(seat, rng.choice(not_held)),
        ev.Feast(seat, "X"),
        ev.PlaceCard(seat, "A5"),
        ev.Retreat(seat, "A5"),
        ev.ChooseEncounterer(seat, 9),
    ]
    legal = set(GAME.legal(state, seat))
    return [c for c in candidates if c not in legal]


def assert_view_hides_secrets(state, seat):
    view = GAME.view(state, seat)
    for other, shown in enumerate(view.players):
        if other == seat:
            assert shown.hand == tuple(state.players[seat].hand)
        else:
            assert shown.hand is None and shown.hand_count == len(state.players[other].hand)
    flat = repr(to_json(view))
    assert "'rng'" not in flat and "'draw'" not in flat and "'special_deck'" not in flat
    # The deck order and the generator are secret: a state that differs only there looks the same.
    other = copy.deepcopy(state)
    random.Random(seat).shuffle(other.draw)
    random.Random(seat + 1).shuffle(other.special_deck)
    other.rng = Rng(12345)
    assert GAME.view(other, seat) == view
    return view


def heavy_checks(state, seat, legal, rng, step):
    for command in rng.sample(legal, min(6, len(legal))):
        trial = copy.deepcopy(state)
        GAME.apply(trial, command)
        assert GAME.check_state(trial) == []
    before = to_json(state)
    for command in illegal_commands(state, seat, rng):
        with pytest.raises(IllegalCommand) as refused:
            GAME.apply(state, command)
        assert refused.value.reason
        assert to_json(state) == before, f"{command} changed the state although refused"
    for looker in range(state.count):
        view = assert_view_hides_secrets(state, looker)
        if looker == seat:
            sampled = GAME.sample(view, Rng(step))
            assert GAME.check_state(sampled) == []
            assert GAME.view(sampled, seat) == view


def check_save_round_trip(match, tmp_path):
    path = tmp_path / "roundtrip.json"
    write_save(match, path)
    loaded = load_match(path, GAMES)
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.log == match.log


def play_checked(seed, tmp_path):
    players = 2 + seed % 3
    rng = random.Random(seed)
    options = {"prefect": seed % players, "youngest": (seed // 3) % players, "characters": None}
    match = Match(GAME, [SeatInfo(f"P{i}", "random") for i in range(players)], options, seed)
    state = match.state
    steps = 0
    offset = rng.randrange(HEAVY_EVERY)
    while GAME.result(state) is None:
        actors = GAME.to_act(state)
        assert actors, "the game is stuck: nobody can act but it is not over"
        seat = actors[0]
        legal = GAME.legal(state, seat)
        assert legal, "the acting seat has no legal command"
        other = (seat + 1 + steps % (players - 1)) % players
        assert GAME.legal(state, other) == []
        if steps % HEAVY_EVERY == offset:
            assert len(set(legal)) == len(legal)
            heavy_checks(state, seat, legal, rng, steps)
        else:
            wrong = ev.Pass(other)
            with pytest.raises(IllegalCommand):
                GAME.apply(state, wrong)
        command = rng.choice(legal)
        events = match.apply(command)
        STALEMATES[0] += sum(1 for e in events if isinstance(e, ev.Stalemate))
        assert GAME.check_state(state) == []
        steps += 1
        assert state.round < ROUND_CAP, "the game did not end"
        if seed % 10 == 0 and steps == 300:
            check_save_round_trip(match, tmp_path)
    assert GAME.to_act(state) == () and GAME.legal(state, 0) == []
    if seed % 5 == 0:
        check_save_round_trip(match, tmp_path)
    RESULTS[players].append(state.round)
    ENDS[state.end_reason] += 1
    return players


@pytest.mark.parametrize("chunk", range(GAMES_TOTAL // CHUNK))
def test_random_games(chunk, tmp_path):
    counts = {2: 0, 3: 0, 4: 0}
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        counts[play_checked(seed, tmp_path)] += 1
    assert all(counts.values())


def test_every_game_ended_and_the_lengths_against_the_playtest():
    """Runs after the chunks: all 300 games ended, the stalemate rule fired; the figures are printed."""
    if sum(map(len, RESULTS.values())) < GAMES_TOTAL:
        pytest.skip("run with the random-game chunks")
    assert STALEMATES[0] > 0, "the stalemate rule never fired"
    for players, rounds in RESULTS.items():
        low, median, high, longest = PLAYTEST_RANDOM[players]
        print(
            f"{players} players, {len(rounds)} random games: median {statistics.median(rounds)} rounds, "
            f"longest {max(rounds)} (playtest random: median {median}, longest {longest})"
        )
        assert max(rounds) < ROUND_CAP
    print(f"ends: {ENDS}, stalemates: {STALEMATES[0]}")
