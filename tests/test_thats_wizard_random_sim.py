"""OpenSpiel-style random simulation of That's Wizard!: many seeded matches, both modes, checked at every step.

300 seeded matches: 200 best-of-three 1 vs 1 matches and 100 Duos matches, with random spellbooks (and now and
then the premade ones). Every match checks, at every step: the match can go on until it ends and only the
acting seats have legal commands; illegal commands are refused with the state unchanged (byte for byte); every
card is accounted for (``check_state``) and Stamina stays in 0..20 and Power in 0..10; at the end, save -> load
-> replay through a file gives the identical state.

Every match also gets House Cup's full checks at every step:
- every legal command applies, on a copy, and leaves a state that passes ``check_state``;
- the view of every seat hides the others' secrets: a state whose secrets are changed (other hands and side
  boards, picks, the deck, the dice) shows the same view;
- a state sampled from the acting seat's view passes ``check_state`` and shows that same view;
- every 40 steps, save -> load -> replay (the save's JSON, through ``match_from_json`` in memory) gives the
  identical state and log.
Cost: ~135 s of CPU for the 300 matches (~0.22 s a 1 vs 1 match, ~0.9 s a Duos match), split into chunks.
``FULL_EVERY`` can thin the full checks to one match in N for a quick local run; CI runs them all.
The players' moves come from their own generator, so a match plays the same whichever checks run on it.
"""

import json
import pickle
import random

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo, load_match, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.core.saves import match_from_json, match_to_json
from tabletop.games import GAMES
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard.cards import CARDS, PREMADE
from tabletop.games.thats_wizard.events import (
    ApplyFirst,
    ChoosePairing,
    ChooseSideBoard,
    KeepSpell,
    Pass,
    Play,
    RemoveToken,
    ResolveNext,
    TakeCards,
    TakePlace,
    Transfer,
)
from tabletop.games.thats_wizard.spellbooks import random_book

ALL_CARDS = list(CARDS)
SOLO_MATCHES = 200
DUOS_MATCHES = 100
CHUNK = 50
SAVE_EVERY = 40
LIGHT_VIEWS = 4
FULL_EVERY = 1  # every match is checked in full (see the module docstring)
SEEN = {"prompts": set(), "cards": set(), "matches": 0, "full": 0}


def random_books(players: int, rng: Rng) -> list[list[str]]:
    duos = players == 4
    if rng.below(4) == 0:  # now and then the premade books
        names = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"] if duos else ["The Crone", "The Prodigy"]
        return [list(PREMADE[name]) for name in names]
    books: list[list[str]] = []
    for seat in range(players):
        mate = books[seat - 2] if duos and seat >= 2 else []
        books.append(random_book(rng, duos, excluded=mate))
    return books


def illegal_commands(state, seat, rng):
    """Commands the rules must refuse now: wrong seat, unknown cards, impossible numbers, wrong moment."""
    others = [s for s in range(state.players) if s != seat]
    candidates = [
        Pass(rng.choice(others)),
        Play(rng.choice(others), "focus", 0),
        Play(seat, "no-such-card", 1),
        Play(seat, rng.choice(ALL_CARDS), 11),
        Play(seat, rng.choice(ALL_CARDS), rng.randint(0, 10)),
        Pass(seat, None, 3),
        ChooseSideBoard(seat, ("focus", "counterspell")),
        ChooseSideBoard(seat, (rng.choice(ALL_CARDS),)),
        TakePlace(seat, 5),
        ResolveNext(seat, "no-such-effect"),
        RemoveToken(seat, seat, rng.choice(ALL_CARDS)),
        TakeCards(seat, ("no-such-card",)),
        Transfer(seat, 99),
        KeepSpell(seat, rng.choice(ALL_CARDS)),
        ApplyFirst(seat, 7),
        ChoosePairing(seat, 2),
    ]
    legal = {seat: GAME.legal(state, seat) for seat in range(state.players)}
    plays = [c for c in legal[seat] if isinstance(c, Play)]
    if plays:
        shown = rng.choice(plays)
        candidates.append(Pass(seat, shown.card, shown.dial))  # a legal play cannot be shown as a pass
    candidates = [c for c in candidates if c not in legal[c.seat]]
    return rng.sample(candidates, min(4, len(candidates)))


def assert_view_hides_secrets(state, seat, rng, frozen):
    view = GAME.view(state, seat)
    over = state.stage == "over"
    for other in range(state.players):
        if other != seat and not over:
            assert view.books[other] is None, "another wizard's spellbook leaked"
    assert view.hand == tuple(state.wizards[seat].hand) and view.side == tuple(state.wizards[seat].side)
    if view.prompt is not None and view.prompt.kind == "scry" and view.prompt.seat != seat:
        assert view.prompt.cards == ()
    if rng.random() < 0.1:  # the view's fields never carry the generator or the deck (to_json costs ~0.2 ms)
        flat = repr(to_json(view))
        assert "rng" not in flat and "'library'" not in flat
    # Change every secret of the other seats: the view must not change.
    other_state = pickle.loads(frozen)
    other_state.rng = Rng(rng.randrange(1 << 30))
    for cards in other_state.library:
        rng.shuffle(cards)
    for other, wizard in enumerate(other_state.wizards):
        if other == seat:
            continue
        rng.shuffle(wizard.hand)
        swappable = [c for c in wizard.hand if c in other_state.books[other] and c not in wizard.shown]
        if wizard.side and swappable and not (state.prompt and state.prompt.kind == "erase"):
            out, into = wizard.side[0], rng.choice(swappable)
            wizard.side[0] = into
            wizard.hand[wizard.hand.index(into)] = out
        if wizard.choice is not None and state.stage == "choose":
            wizard.choice = type(wizard.choice)(None, None, True)
    assert GAME.view(other_state, seat) == view, "a secret of another seat shows in this view"
    return view


def check_save_round_trip(match, tmp_path, on_disk=True):
    """save -> load -> replay gives the identical state and log. ``on_disk`` writes a real file (with its fsyncs,
    which cost milliseconds); otherwise the same JSON text goes through ``match_from_json`` in memory."""
    if on_disk:
        path = tmp_path / "roundtrip.json"
        write_save(match, path)
        loaded = load_match(path, GAMES)
    else:
        text = json.dumps(match_to_json(match), indent=1, ensure_ascii=False)
        loaded = match_from_json(tmp_path / "roundtrip.json", json.loads(text), GAMES)
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.log == match.log


def play_checked(seed, players, tmp_path, full=True):
    """One random match, checked at every step; ``full`` adds House Cup's complete checks (module docstring)."""
    rng = random.Random(seed)  # the checks' randomness
    moves = random.Random(-1 - seed)  # the players': the same match whichever checks run
    options = {"books": random_books(players, Rng(seed * 7 + players))}
    match = Match(GAME, [SeatInfo(f"W{i}", "random") for i in range(players)], options, seed)
    state = match.state
    steps = 0
    while GAME.result(state) is None:
        actors = GAME.to_act(state)
        assert actors, "the match is stuck: nobody can act but it is not over"
        for seat in range(players):
            if seat not in actors:
                assert GAME.legal(state, seat) == []
        seat = moves.choice(actors)
        legal = GAME.legal(state, seat)
        assert legal, "the acting seat has no legal command"
        assert len(set(legal)) == len(legal)
        frozen = pickle.dumps(state)
        for command in legal if full else []:
            trial = pickle.loads(frozen)  # a copy: every legal command applies and leaves a sound state
            GAME.apply(trial, command)
            assert GAME.check_state(trial) == []
        for command in illegal_commands(state, seat, rng):
            with pytest.raises(IllegalCommand) as refused:
                GAME.apply(state, command)
            assert refused.value.reason
            assert pickle.dumps(state) == frozen, f"{command} changed the state although refused"
        for looker in range(players) if full else [seat] if steps % LIGHT_VIEWS == 0 else []:
            view = assert_view_hides_secrets(state, looker, rng, frozen)
            if looker == seat:
                sampled = GAME.sample(view, Rng(seed + steps))
                assert GAME.check_state(sampled) == []
                assert GAME.view(sampled, seat) == view
        command = moves.choice(legal)
        if isinstance(command, Play):
            SEEN["cards"].add(command.card)
        match.apply(command)
        if state.prompt is not None:
            SEEN["prompts"].add(state.prompt.kind)
        assert GAME.check_state(state) == []
        for wizard in state.wizards:
            assert 0 <= wizard.stamina <= 20 and 0 <= wizard.power <= 10
        steps += 1
        if full and steps % SAVE_EVERY == 0:
            check_save_round_trip(match, tmp_path, on_disk=False)
        assert steps < 5000
    SEEN["matches"] += 1
    SEEN["full"] += full
    assert GAME.to_act(state) == ()
    result = GAME.result(state)
    assert max(state.tokens) == state.win_target and set(result.winners) == set(
        state.seats_of_team(result.winners[0] % 2)
    )
    check_save_round_trip(match, tmp_path)


@pytest.mark.parametrize("chunk", range(SOLO_MATCHES // CHUNK))
def test_random_solo_matches(chunk, tmp_path):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(seed, 2, tmp_path, full=seed % FULL_EVERY == 0)


@pytest.mark.parametrize("chunk", range(DUOS_MATCHES // CHUNK))
def test_random_duos_matches(chunk, tmp_path):
    for seed in range(10_000 + chunk * CHUNK, 10_000 + (chunk + 1) * CHUNK):
        play_checked(seed, 4, tmp_path, full=seed % FULL_EVERY == 0)


def test_the_simulation_reached_every_card_and_every_kind_of_choice():
    """Runs after the chunks above (same module, in order): the random matches exercised the whole game."""
    if SEEN["matches"] < SOLO_MATCHES + DUOS_MATCHES:
        pytest.skip("run together with every simulation chunk")
    assert SEEN["full"] == (SOLO_MATCHES + DUOS_MATCHES) // FULL_EVERY
    assert SEEN["cards"] == set(CARDS)
    expected = {"tie", "team", "eor_place", "eor_next", "dispel", "erase", "transfer", "scry", "lethal", "pairing"}
    assert expected <= SEEN["prompts"]
