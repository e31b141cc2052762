"""OpenSpiel-style random simulation of Stupéfix at every player count, every step checked.

At every step: the game goes on until it ends; every seat that may act has legal commands and the others none;
every legal command applies on a copy and keeps the invariants (64 rewards, one Devenir le Chouchou, every spell
card, hand sizes); illegal commands are refused with a reason and the state unchanged; no view shows a hidden
value (another seat's hand, prepared card, Cast/Protego decision, face-down discards, the deck order); a state
sampled from the acting seat's view shows that same view. Every game ends saved, loaded and replayed identically.
Each player count 4 to 8 plays the same 60 games; across the 300, the last test checks that the rare paths were
reached (a Stupéfix taken from the face-down cards, the Cours Particuliers choice either way, a Cours without a
Sort raté to give up, a Retourneur de Temps choice between teammates' tokens, a round with no flag standing).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo, load_match, write_save
from tabletop.core.codec import from_json, to_json
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.cards import DECK_SIZE, REWARD_ORDER, ROUNDS
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, ReturnRetard, TakeReward, TakeStupefix
from tabletop.games.stupefix.state import StupefixState
from tests.stupefix_helpers import clone

PLAYER_COUNTS = range(4, 9)
GAMES_PER_COUNT = 60  # the same share for every player count: x 5 counts = 300 games in all
CHUNK = 30
REGISTRY = {GAME.id: GAME}
SEEN: Counter = Counter()  # games played per player count, and the rare paths the games went through


def illegal_commands(state: StupefixState, seat: int, rng: random.Random) -> list:
    """Commands the rules must refuse now: a seat that may not act, teammates, absent cards, wrong moment."""
    actors = GAME.to_act(state)
    idle = [s for s in range(state.players) if s not in actors]
    mates = [s for s in range(state.players) if state.houses[s] == state.houses[seat]]
    candidates = [
        PrepareSpell(seat, "protego"),
        PrepareSpell(seat, rng.choice(["stupefix", "rate"])),
        PointWand(seat, seat),
        PointWand(seat, rng.choice(mates)),
        PointWand(seat, state.players + 3),
        CastSpell(seat, rng.random() < 0.5),
        TakeReward(seat, rng.choice(REWARD_ORDER)),
        TakeReward(seat, "maitre"),
        ReturnRetard(seat, rng.randrange(state.players)),
        TakeStupefix(seat, rng.random() < 0.5),
        PrepareSpell(state.players + 1, "rate"),
    ]
    if idle:
        other = rng.choice(idle)
        candidates += [PrepareSpell(other, "rate"), PointWand(other, None), CastSpell(other, True)]
        candidates.append(TakeReward(other, rng.choice(REWARD_ORDER)))
        candidates.append(TakeStupefix(other, False))
    legal = set(GAME.legal(state, seat))
    return [c for c in candidates if c not in legal]


def assert_view_hides_secrets(state: StupefixState, seat: int, rng: random.Random):
    view = GAME.view(state, seat)
    assert view.hand == tuple(state.hands[seat])
    assert view.my_prepared == state.prepared[seat]
    assert view.my_protego == state.protego[seat]
    # Change every secret of the other seats (keeping their public counts): the view must not change. The
    # face-down pile is nobody's: it is rebuilt from the re-dealt laid-down cards less the Stupéfix taken from it.
    # A seat choosing its Cours Particuliers Stupéfix has looked through the face-down cards: it knows whether
    # one is there, so a re-deal keeps that.
    searching = bool(state.tasks) and state.tasks[-1].kind == "cours" and state.tasks[-1].seat == seat
    other = clone(state)
    other.rng = Rng(rng.randrange(1 << 60))
    rng.shuffle(other.deck)
    for _ in range(20):
        redeal_others(state, other, seat, rng)
        laid = Counter(kind for kinds in other.laid_down for kind in kinds)
        if laid["stupefix"] >= state.down_taken and (
            not searching or (laid["stupefix"] > state.down_taken) == ("stupefix" in state.face_down)
        ):
            break
    else:
        other.hands = [list(hand) for hand in state.hands]  # no re-deal left enough: keep the cards as they are
        other.prepared = list(state.prepared)
        other.laid_down = [list(kinds) for kinds in state.laid_down]
        laid = Counter(kind for kinds in other.laid_down for kind in kinds)
    laid["stupefix"] -= state.down_taken
    other.face_down = sorted(laid.elements(), reverse=True)
    for s in range(state.players):
        if s != seat and other.protego[s] is not None:
            other.protego[s] = not other.protego[s]
    assert GAME.check_state(other) == []
    assert GAME.view(other, seat) == view, "a hidden value of another seat (or the deck) shows in the view"
    return view


def redeal_others(state: StupefixState, other: StupefixState, seat: int, rng: random.Random) -> None:
    """Deal each other seat's unseen cards (hand, prepared card, laid face down) again into ``other``."""
    for s in range(state.players):
        if s == seat:
            continue
        kinds = state.hands[s] + ([state.prepared[s]] if state.prepared[s] else []) + state.laid_down[s]
        rng.shuffle(kinds)
        hand_size = len(state.hands[s])
        other.hands[s] = sorted(kinds[:hand_size], reverse=True)
        rest = kinds[hand_size:]
        if state.prepared[s] is not None:
            other.prepared[s] = rest.pop()
        other.laid_down[s] = sorted(rest, reverse=True)


def check_save_round_trip(match: Match, tmp_path) -> None:
    path = tmp_path / "roundtrip.json"
    write_save(match, path)
    loaded = load_match(path, REGISTRY)
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.log == match.log


def play_checked(players: int, seed: int, tmp_path) -> int:
    rng = random.Random(seed)
    options = GAME.default_options(players)
    options["chouchou"] = None if seed % 3 else seed % players
    match = Match(GAME, [SeatInfo(f"P{i}", "random") for i in range(players)], options, seed)
    state = match.state
    assert from_json(StupefixState, to_json(state)) == state
    steps = 0
    while GAME.result(state) is None:
        actors = GAME.to_act(state)
        assert actors, "the game is stuck: nobody can act but it is not over"
        for seat in range(players):
            if seat not in actors:
                assert GAME.legal(state, seat) == []
        seat = rng.choice(actors)
        legal = GAME.legal(state, seat)
        assert legal and len(set(legal)) == len(legal)
        for command in legal:
            trial = clone(state)
            GAME.apply(trial, command)
            assert GAME.check_state(trial) == []
        before = clone(state)
        for command in illegal_commands(state, seat, rng):
            with pytest.raises(IllegalCommand) as refused:
                GAME.apply(state, command)
            assert refused.value.reason
        assert state == before, "a refused command changed the state"
        looker = rng.randrange(players)
        assert_view_hides_secrets(state, looker, rng)
        view = GAME.view(state, seat)
        sampled = GAME.sample(view, Rng(seed * 1000 + steps))
        assert GAME.check_state(sampled) == []
        assert GAME.view(sampled, seat) == view
        if state.tasks and state.tasks[-1].kind == "retourneur":
            SEEN["Retourneur de Temps: whose token, a choice"] += 1
        for event in match.apply(rng.choice(legal)):
            note_rare_paths(event)
        assert GAME.check_state(state) == []
        steps += 1
        if steps == 120:
            check_save_round_trip(match, tmp_path)
        assert steps < 2000
    assert GAME.to_act(state) == ()
    assert state.round == ROUNDS and not state.deck
    accounted = len(state.reward_discard) + sum(state.potions) + sum(state.faveurs)
    accounted += sum(1 for cards in state.urns.values() for c in cards if c.startswith("points"))
    assert accounted == DECK_SIZE
    # Every spell card is on the discard pile, or left in a hand Cours Particuliers gave one more than it took.
    left = [len(hand) for hand in state.hands]
    assert all(left[seat] <= state.gained_stupefix[seat] for seat in range(players))
    assert len(state.spell_discard) + len(state.face_down) + sum(left) == 8 * players
    check_save_round_trip(match, tmp_path)
    SEEN[players] += 1
    return steps


def note_rare_paths(event) -> None:
    if isinstance(event, ev.LessonTaken):
        SEEN[f"Cours Particuliers: Stupéfix {event.found}"] += 1
        if not event.discarded:
            SEEN["Cours Particuliers: no Sort raté to discard"] += 1
    elif isinstance(event, ev.StupefixChosen):
        SEEN[f"Cours Particuliers: chose face {'down' if event.face_down else 'up'}"] += 1
    elif isinstance(event, ev.NobodyStanding):
        SEEN["nobody standing"] += 1
    elif isinstance(event, ev.SpellsRevealed) and "none" in event.casts:
        SEEN["a player without a spell card"] += 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("chunk", range(GAMES_PER_COUNT // CHUNK))
def test_random_games(players, chunk, tmp_path):
    steps = [play_checked(players, seed, tmp_path) for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK)]
    assert min(steps) >= 8 * (2 * players)  # at least prepare and point every round


def test_the_simulation_reached_the_rare_paths():
    """Runs after the chunks above (same module, in order): every player count had its share of the games, and
    the random games went through the rare paths, so a change that made one unreachable fails here."""
    if sum(SEEN[players] for players in PLAYER_COUNTS) < GAMES_PER_COUNT * len(PLAYER_COUNTS):
        pytest.skip("run together with every simulation chunk")
    assert {players: SEEN[players] for players in PLAYER_COUNTS} == dict.fromkeys(PLAYER_COUNTS, GAMES_PER_COUNT)
    for path in (
        "Cours Particuliers: Stupéfix down",  # forced from the face-down cards (no face-up one)
        "Cours Particuliers: Stupéfix choice",
        "Cours Particuliers: chose face down",
        "Cours Particuliers: chose face up",
        "Cours Particuliers: no Sort raté to discard",
        "Retourneur de Temps: whose token, a choice",
        "nobody standing",
    ):
        assert SEEN[path] > 0, f"no random game reached {path!r}: {dict(SEEN)}"
