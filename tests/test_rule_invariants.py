"""Invariants the rulebooks imply, checked over a few whole random games of each game through the protocol, from
the events alone (the contract test checks each position; these check the order things happen in):

- a command legal earlier in the game but not now is refused, and leaves the state as it was;
- the same seed and commands give the same events again (the log and the replay tell the same story);
- who acts, in the order each rulebook says: House Cup's tokens from the Sorting Hat and its taking by token value
  (then height in the stack, each taking what its token says while cards last, a reward token for nothing);
  Stupéfix's sharing of the rewards from the Chouchou among the standing players, one Retard token per Stupéfix,
  and the house scores from the cards taken; House Cup Challenge's actions from the Wand holder, the Wand passed
  to the left each round; That's Wizard!'s turns by Spell Power, the Duos sets' pairings and the victory tokens.

A scratch fuzzer ran these over thousands of games per game and table size (the review of rule invariants); here
a few games each keep them.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.codec import to_json
from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.games import GAMES
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup_challenge import events as hcc
from tabletop.games.stupefix import events as sx
from tabletop.games.stupefix.cards import FAVEUR_BONUS
from tabletop.games.thats_wizard import events as tw
from tests.contract_hooks import challenge_policy, wizard_options

GAMES_PER_COUNT = {"house-cup": 3, "stupefix": 1, "house-cup-challenge": 1, "thats-wizard": 3}  # else 3
Batches = list[tuple[Command, list[Event]]]


def options(game: Game, players: int, seed: int) -> dict[str, Any]:
    """Options drawn from what the setup allows (not only the defaults): houses, first seats, characters, books."""
    rng = random.Random(seed)
    if game.id == "house-cup":
        return {
            "houses": rng.sample(["Gryffindor", "Slytherin", "Hufflepuff", "Ravenclaw"], players),
            "first": seed % players,
        }
    if game.id == "stupefix":
        return {**game.default_options(players), "chouchou": None if seed % 2 else seed % players}
    if game.id == "house-cup-challenge":
        characters = rng.sample(["harry", "hermione", "ron", "neville"], players) if seed % 2 else None
        return {"prefect": seed % players, "youngest": (seed + 1) % players, "characters": characters}
    return wizard_options(players, seed)


def play(game: Game, players: int, seed: int) -> tuple[Any, Any, dict[str, Any], Batches]:
    """One random game (the start, the end, its options and every command with its events); every few steps a
    command legal earlier but not now is tried and must be refused, leaving the state as it was."""
    opts = options(game, players, seed)
    state = game.setup(players, opts, seed)
    start = copy.deepcopy(state)
    moves = random.Random(seed)
    earlier: list[Command] = []
    batches: Batches = []
    while game.result(state) is None:
        if earlier and len(batches) % 4 == 0:
            legal_now = {repr(c) for seat in range(players) for c in game.legal(state, seat)}
            stale = moves.choice(earlier)
            # (House Cup Challenge lists one walk per outcome of a move; another walk to the same end is accepted)
            walk = game.id == "house-cup-challenge" and getattr(stale, "path", ())
            if repr(stale) not in legal_now and not walk:
                frozen = to_json(state)
                with pytest.raises(IllegalCommand):
                    game.apply(state, stale)
                assert to_json(state) == frozen, f"seed {seed}: the refused {stale!r} changed the state"
        seat = moves.choice(game.to_act(state))
        legal = game.legal(state, seat)
        if game.id == "house-cup-challenge":
            command = challenge_policy(state, seat, legal, moves)
        else:
            command = moves.choice(legal)
        earlier = (earlier + moves.sample(legal, min(2, len(legal))))[-40:]
        batches.append((command, game.apply(state, command)))
    return start, state, opts, batches


def house_cup_order(start: Any, end: Any, opts: dict[str, Any], batches: Batches) -> None:
    players = start.players
    first, placed, rounds = opts["first"], 0, 1
    days = [list(cards) for cards in start.days]
    taking: list[tuple[int, int, int]] = []  # (seat, token, cards it takes) in the rulebook's order
    day = taken = 0
    for _command, events in batches:
        for event in events:
            if isinstance(event, hc.RoundStarted):
                rounds, first, placed = rounds + 1, (first + 1) % players, 0
                assert (event.round, event.first) == (rounds, first), "the Sorting Hat did not pass to the left"
            elif isinstance(event, hc.Dealt):
                for card in event.cards:
                    days[HC_CARDS[card].day].append(card)
            elif isinstance(event, hc.TokenPlaced) and event.value is not None:
                assert event.seat == (first + placed) % players, "a token placed out of turn"
                placed += 1
            elif isinstance(event, hc.TokensRevealed):
                day, left, taking = event.day, len(days[event.day]), []
                for index in sorted(range(len(event.tokens)), key=lambda i: (event.tokens[i][1], i)):
                    seat, value = event.tokens[index]
                    taking.append((seat, value, min(value, left)))
                    left -= taking[-1][2]
            elif isinstance(event, hc.CardTaken):
                days[day].remove(event.card)
                assert event.seat == taking[0][0], "a card taken out of turn"
                taken += 1
            elif isinstance(event, hc.RewardsTaken) and event.reason == "nothing":
                assert taken == 0 and event.wanted == 1, "a reward token for nothing, though a card was taken"
            elif isinstance(event, hc.TokenReturned):
                assert (event.seat, event.value, taken) == taking.pop(0), "cards taken not as the token says"
                taken = 0
    assert rounds == {2: 4, 3: 3, 4: 4}[players]


def stupefix_order(start: Any, end: Any, opts: dict[str, Any], batches: Batches) -> None:
    players, houses = start.players, start.houses
    chouchou, next_chouchou, rounds = start.chouchou, None, 1
    retard = list(start.retard)
    potions, faveurs = [0] * players, [0] * players
    urns = dict.fromkeys(houses, 0)
    standing: list[bool] = []
    order: tuple[int, ...] = ()
    shared = 0
    for _command, events in batches:
        for event in events:
            if isinstance(event, sx.RoundStarted):
                rounds += 1
                chouchou = chouchou if next_chouchou is None else next_chouchou
                next_chouchou = None
                assert event.chouchou == chouchou, "the Chouchou is not who took Devenir le Chouchou"
            elif isinstance(event, sx.SpellsRevealed):
                hits = [0] * players
                for seat, (cast, target) in enumerate(zip(event.casts, event.targets, strict=True)):
                    if target is not None:
                        assert houses[target] != houses[seat], "a wand pointed at a teammate"
                        hits[target] += cast == "stupefix"
                assert list(event.hits) == hits
                standing = [event.casts[seat] != "protego" and not hits[seat] for seat in range(players)]
                retard = [r + (hits[s] if event.casts[s] != "protego" else 0) for s, r in enumerate(retard)]
            elif isinstance(event, sx.DraftStarted):
                seats = [(chouchou + step) % players for step in range(players)]
                order, shared = tuple(seat for seat in seats if standing[seat]), 0
                assert event.order == order, (
                    "the rewards are not shared from the Chouchou, clockwise, among the standing"
                )
            elif isinstance(event, sx.RewardTaken):
                assert event.seat == order[shared % len(order)], "a reward taken out of turn"
                shared += 1
                potions[event.seat] += event.reward == "potion"
                faveurs[event.seat] += event.reward == "faveur"
                urns[houses[event.seat]] += {"points10": 10, "points20": 20, "points40": 40}.get(event.reward, 0)
                next_chouchou = event.seat if event.reward == "chouchou" else next_chouchou
            elif isinstance(event, sx.RetardReturned):
                retard[event.owner] -= 1
    assert rounds == 8
    # The end (the rulebook's four steps): Maître des Potions, Retardataire, Faveur, the house totals.
    if potions.count(max(potions)) == 1 and max(potions) > 0:
        urns[houses[potions.index(max(potions))]] += 100
    for seat in range(players):
        urns[houses[seat]] += FAVEUR_BONUS[faveurs[seat]] - (
            100 if len(set(retard)) > 1 and retard[seat] == max(retard) else 0
        )
    result = GAMES["stupefix"].result(end)
    assert result is not None and result.scores == tuple(urns[house] for house in houses)
    assert result.winners == tuple(seat for seat in range(players) if urns[houses[seat]] == max(urns.values()))


def challenge_order(start: Any, end: Any, opts: dict[str, Any], batches: Batches) -> None:
    players = len(start.players)
    wand = start.wand
    acted = [] if start.setup else [(1, wand)]  # the setup's last step may already have begun the first action
    for _command, events in batches:
        for event in events:
            if isinstance(event, hcc.WandPassed):
                wand = (wand + 1) % players
                assert event.seat == wand, "the Wand did not pass to the left"
            elif isinstance(event, hcc.RoundStarted):
                assert event.wand == wand
                acted = []
            elif isinstance(event, hcc.ActionStarted) and event.extra == "":
                acted.append((event.step, event.seat))
                wanted = [(step, (wand + turn) % players) for step in (1, 2, 3) for turn in range(players)]
                assert acted == wanted[: len(acted)], "an action out of turn"
    if end.end_reason == "500":  # the round's three action steps are played out before the game ends
        assert len(acted) == 3 * players


def wizard_order(start: Any, end: Any, opts: dict[str, Any], batches: Batches) -> None:
    players = start.players
    tokens, dials = [0, 0], {}
    for _command, events in batches:
        for event in events:
            if isinstance(event, tw.Revealed):
                dials = {shown.seat: shown.dial or 0 for shown in event.plays if shown.legal}
            elif isinstance(event, tw.TurnOrder):
                assert set(event.order) <= set(dials), "a turn for a play that is not legal"
                assert [dials[seat] for seat in event.order] == sorted(dials[seat] for seat in event.order)
            elif isinstance(event, tw.PowerPaid):
                assert event.amount == dials[event.seat] + event.tax
            elif isinstance(event, tw.DuelBegan) and players == 4:
                pairs = sorted(tuple(sorted(pair)) for pair in event.pairs)
                if event.duel == 2:  # allies swap opponents for the second set
                    assert pairs == [(0, 3), (1, 2)] and sum(tokens) == 2
                if event.duel == 3:  # the sudden-death set, only at two tokens each
                    assert tokens == [2, 2] and event.sudden_death
            elif isinstance(event, tw.DuelWon):
                tokens[event.winner % 2] += 1
                assert list(event.tokens) == tokens and event.loser % 2 != event.winner % 2
            elif isinstance(event, tw.MatchWon):
                assert tokens[event.team] == end.win_target == (3 if players == 4 else 2)
    if end.ending != "draw":
        assert max(tokens) == end.win_target


ORDER: dict[str, Callable[[Any, Any, dict[str, Any], Batches], None]] = {
    "house-cup": house_cup_order,
    "stupefix": stupefix_order,
    "house-cup-challenge": challenge_order,
    "thats-wizard": wizard_order,
}
CASES = [(gid, players) for gid in sorted(GAMES) for players in GAMES[gid].player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_whole_random_games_keep_the_rulebooks_order_and_refuse_stale_commands(game_id, players):
    game = GAMES[game_id]
    seeds = list(range(GAMES_PER_COUNT.get(game_id, 3)))
    if game_id == "house-cup-challenge":  # (seed 0 ends in a stalemate: one game that ends at 500 points too)
        seeds.append(CHALLENGE_AT_500[players])
    ends = set()
    for seed in seeds:
        start, end, opts, batches = play(game, players, seed)
        if game_id in ORDER:  # (a game without its rulebook's order here: its stale commands are checked)
            ORDER[game_id](start, end, opts, batches)
        ends.add(getattr(end, "end_reason", ""))
    if game_id == "house-cup-challenge":
        assert ends == {"stalemate", "500"}


CHALLENGE_AT_500 = {2: 3, 3: 4, 4: 1}  # a seed whose House Cup Challenge game ends at 500 points


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_same_commands_tell_the_same_events_again(game_id, players):
    game = GAMES[game_id]
    _start, end, opts, batches = play(game, players, 7)
    again = game.setup(players, opts, 7)
    for command, events in batches:
        assert game.apply(again, command) == events
    assert to_json(again) == to_json(end)
