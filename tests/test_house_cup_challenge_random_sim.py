"""OpenSpiel-style random simulation of House Cup Challenge: 300 seeded games at 2, 3 and 4 players.

At every step of every game: someone can act until the game ends, the actor has legal commands and a rotating
other seat has none (its Pass is refused), and after the command every card, Special Card and point is
accounted for (``check_state``).

One game in ten (seeds divisible by 10: 30 games, 10 at each player count) gets House Cup's full checks at
every step: the legal commands are all different and every one of them applies cleanly on a deep copy, illegal
ones are refused with the state unchanged, no view shows another seat's hand or the deck order, a state sampled
from the actor's view shows that same view, and save -> load -> replay gives the identical state every 40 steps.
The other games make the same checks at one step in 40, with six legal commands applied. (A fully checked game
costs 3-6 s of CPU: all 300 would take about 25 minutes, the 30 take about 2.)
Save -> load -> replay at the end for one game in five.

The players follow the playtest's "random" policy (see ``choose``). Every game must end (the stalemate rule
guarantees it), and the game lengths are compared with the supplement's playtest figures in
``test_every_game_ended_and_the_lengths_against_the_playtest``.
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
FULL_EVERY = 10  # one game in ten is checked in full at every step
ROUND_CAP = 400
# The supplement's playtest, random policy after the fixes: (10th percentile, median, 90th percentile, max).
PLAYTEST_RANDOM = {2: (22, 39, 56, 83), 3: (33, 50, 64, 83), 4: (40, 51, 64, 87)}
RESULTS: dict[int, list[int]] = {2: [], 3: [], 4: []}
ENDS = {"500": 0, "stalemate": 0}
STALEMATES = [0, 0]  # stalemates in all games, games with at least one


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


def heavy_checks(state, seat, legal, rng, step, every_command=False):
    for command in legal if every_command else rng.sample(legal, min(6, len(legal))):
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


def choose(state, seat, legal, rng):
    """The supplement's "random" playtest policy, "random legal actions": for an action, one of the kinds of
    action the player may take now (pass, draw, move, play here, play there, use a Special Card) at random, then
    one command of that kind; every other choice (boosts, retreats, the token, ...) uniformly among the legal
    commands. Drawing uniformly among all legal commands instead makes moves and plays to another space, which
    come in dozens of variants, crowd out the rest: games then last about 60 rounds at every player count."""
    if state.tasks[-1].kind != "action":
        return rng.choice(legal)
    kinds = sorted({type(command).__name__ for command in legal})
    kind = rng.choice(kinds)
    return rng.choice([command for command in legal if type(command).__name__ == kind])


def play_checked(seed, tmp_path):
    players = 2 + seed % 3
    rng = random.Random(seed)
    options = {"prefect": seed % players, "youngest": (seed // 3) % players, "characters": None}
    match = Match(GAME, [SeatInfo(f"P{i}", "random") for i in range(players)], options, seed)
    state = match.state
    steps = 0
    stalemates = 0
    offset = rng.randrange(HEAVY_EVERY)
    full = seed % FULL_EVERY == 0
    while GAME.result(state) is None:
        actors = GAME.to_act(state)
        assert actors, "the game is stuck: nobody can act but it is not over"
        seat = actors[0]
        legal = GAME.legal(state, seat)
        assert legal, "the acting seat has no legal command"
        other = (seat + 1 + steps % (players - 1)) % players
        assert GAME.legal(state, other) == []
        if full or steps % HEAVY_EVERY == offset:
            assert len(set(legal)) == len(legal)
            heavy_checks(state, seat, legal, rng, steps, every_command=full)
        else:
            wrong = ev.Pass(other)
            with pytest.raises(IllegalCommand):
                GAME.apply(state, wrong)
        command = choose(state, seat, legal, rng)
        events = match.apply(command)
        stalemates += sum(1 for e in events if isinstance(e, ev.Stalemate))
        assert GAME.check_state(state) == []
        steps += 1
        assert state.round < ROUND_CAP, "the game did not end"
        if full and steps % HEAVY_EVERY == 0:
            check_save_round_trip(match, tmp_path)
    assert GAME.to_act(state) == () and GAME.legal(state, 0) == []
    if seed % 5 == 0:
        check_save_round_trip(match, tmp_path)
    RESULTS[players].append(state.round)
    ENDS[state.end_reason] += 1
    STALEMATES[0] += stalemates
    STALEMATES[1] += stalemates > 0
    return players


@pytest.mark.parametrize("chunk", range(GAMES_TOTAL // CHUNK))
def test_random_games(chunk, tmp_path):
    counts = {2: 0, 3: 0, 4: 0}
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        counts[play_checked(seed, tmp_path)] += 1
    assert all(counts.values())


def test_every_game_ended_and_the_lengths_against_the_playtest():
    """Runs after the chunks: all 300 games ended, and their lengths match the playtest's random games.

    Rounds per game, 10th percentile / median / 90th percentile / longest, measured here (100 games per player
    count, the ``choose`` policy) against the supplement's playtest ("Random, after", 200 games per count):

    - 2 players: 26 / 44 / 65 / 107 against 22 / 39 / 56 / 83
    - 3 players: 41 / 54 / 71 / 90 against 33 / 50 / 64 / 83
    - 4 players: 46 / 57 / 74 / 84 against 40 / 51 / 64 / 87
    - the stalemate rule fired in 300 of the 300 games (982 times; 152 games ended by a Year 5 stalemate, 148
      at 500); the playtest: "in every random-bot game".

    Our medians run 4-6 rounds longer. That is more than sampling noise (about 2 rounds for a median of 100
    games against one of 200), and comes from what the supplement does not say about its random bot: how it
    weighs the kinds of action, whether it ever passes or flips the Wand Bonus Token. Two known differences were
    measured (600 games each, without the checks) and are small: dropping the New Year refresh of Special Cards
    (decision (a)) moves the medians by at most 1.5 rounds, and boosting only when that makes a pass by at most
    2. Choosing uniformly among all commands instead of among kinds of action moves them to about 60 rounds at
    every player count. In those 600-game runs one game in 600 had no stalemate, hence 95% and not all.

    So the tolerance is the playtest's own spread: each median must lie within the playtest's 10th-90th
    percentile band (a typical game here is a typical playtest game), at most a tenth of the games may be longer
    than the playtest's longest, and the stalemate rule must fire in at least 95% of the games.
    """
    if sum(map(len, RESULTS.values())) < GAMES_TOTAL:
        pytest.skip("run with the random-game chunks")
    for players, rounds in RESULTS.items():
        low, median, high, longest = PLAYTEST_RANDOM[players]
        ours = sorted(rounds)
        ninetieth = ours[(9 * len(ours)) // 10 - 1]
        print(
            f"{players} players, {len(ours)} random games: 10th percentile {ours[len(ours) // 10 - 1]}, median "
            f"{statistics.median(ours)}, 90th percentile {ninetieth}, longest {ours[-1]} rounds "
            f"(playtest random: {low} / {median} / {high} / {longest})"
        )
        assert max(ours) < ROUND_CAP
        assert low <= statistics.median(ours) <= high, f"{players} players: median outside the playtest's band"
        assert ninetieth <= longest, f"{players} players: over a tenth of the games outlast the playtest's longest"
    assert STALEMATES[1] >= 0.95 * GAMES_TOTAL, f"the stalemate rule fired in only {STALEMATES[1]} games"
    print(f"ends: {ENDS}, stalemates: {STALEMATES[0]} in {STALEMATES[1]} games")
