"""House Cup Challenge's fast paths give exactly what the plain code gives (issue 16, item 1).

Each fast path is checked against the straightforward code it replaced, written out again here: the View built
without the dataclasses' ``__init__``, the remembered moves, the move searches (one search over (cell, spent)
trying every way at every card), the prebuilt commands of ``legal``, the passable cards remembered per abilities
and worked out from per-ability tables, the playout policy's single pass (same move, same draws), and the Medium
bot's ``Plan.outlook`` (a table per hand size and a running best two instead of a sorted list).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import fields

import pytest

from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import CELLS, DISTANCES, NEIGHBOURS
from tabletop.games.house_cup_challenge.bots import (
    PLAYOUT_BOT,
    REACH,
    SECOND,
    WALK,
    Plan,
    greedy_playout_policy,
    playout_boost,
    playout_policy,
    shortfall,
)
from tabletop.games.house_cup_challenge.cards import ADVENTURES, _passed_by, passable_cards
from tabletop.games.house_cup_challenge.flow import boost_cards, boost_specials, feast_options
from tabletop.games.house_cup_challenge.moves import move_commands, move_options
from tabletop.games.house_cup_challenge.rules import special_commands, to_act
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.games.house_cup_challenge.view import ChallengeView, PlayerView, TaskView, make_view


def positions(players: int, seed: int, every: int = 3) -> list[ChallengeState]:
    """Copies of the states met along a random game (every few steps)."""
    import pickle

    rng = random.Random(seed)
    state = GAME.setup(players, GAME.default_options(players), seed)
    found = []
    step = 0
    while GAME.result(state) is None:
        if step % every == 0:
            found.append(pickle.loads(pickle.dumps(state)))
        seat = GAME.to_act(state)[0]
        GAME.apply(state, rng.choice(GAME.legal(state, seat)))
        step += 1
    found.append(state)
    return found


STATES = [state for players in (2, 3, 4) for state in positions(players, 40 + players)]


# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_view(state: ChallengeState, seat: int) -> ChallengeView:
    players = tuple(
        PlayerView(
            p.character,
            p.cell,
            tuple(p.abilities.items()),
            p.vp,
            tuple(p.hand) if index == seat else None,
            len(p.hand),
            tuple(p.completed),
            tuple(p.specials_up),
            tuple(p.specials_down),
            p.wand_token,
            p.harry_used,
        )
        for index, p in enumerate(state.players)
    )
    tasks = tuple(
        TaskView(
            t.kind,
            t.seat,
            t.card,
            t.cell,
            t.came_from,
            tuple(t.options),
            tuple(t.seats),
            t.phase,
            tuple(t.boosts.items()),
            t.used,
            t.retried,
            t.extra,
            t.chosen,
            t.bonus,
        )
        for t in state.tasks
    )
    return ChallengeView(
        seat=seat,
        legal=tuple(plain_legal(state, seat)),
        players=players,
        wand=state.wand,
        prefect=state.prefect,
        year=state.year,
        track=state.track,
        stalemate_points=state.stalemate_points,
        round=state.round,
        step=state.step,
        setup=state.setup,
        acted=state.acted,
        board=tuple(state.board.items()),
        draw_count=len(state.draw),
        discard=tuple(state.discard),
        aside=tuple(state.aside),
        year_decks=tuple((year, tuple(cards)) for year, cards in state.year_decks.items()),
        special_count=len(state.special_deck),
        tasks=tasks,
        scored=state.scored,
        dry_rounds=state.dry_rounds,
        ending=state.ending,
        over=state.over,
        end_reason=state.end_reason,
        to_act=to_act(state),
    )


def plain_legal(state: ChallengeState, seat: int) -> list:
    if state.over or not state.tasks or state.tasks[-1].seat != seat:
        return []
    task = state.tasks[-1]
    player = state.players[seat]
    if task.kind == "action":
        here = player.cell
        out: list = [ev.Pass(seat), ev.DrawCards(seat)]
        out += [ev.Move(seat, path, bypass) for path, bypass in move_options(state, seat, 3)]
        for card in player.hand:
            cells = ADVENTURES[card].cells
            if here in cells and here not in state.board:
                out.append(ev.PlayHere(seat, card))
            out += [ev.PlayThere(seat, card, cell) for cell in cells if cell != here and cell not in state.board]
        if task.extra != "time":
            for card in player.specials_up:
                out += special_commands(state, seat, card)
        return out
    if task.kind == "who":
        return [ev.ChooseEncounterer(seat, target) for target in task.seats]
    if task.kind == "encounter":
        if task.phase == "boost":
            out = [ev.Check(seat)]
            out += [ev.Boost(seat, card, ability) for card, ability in boost_specials(state, task)]
            out += [ev.Boost(seat, card, ability) for card, ability in boost_cards(state, task)]
            return out
        if task.phase in ("fawkes", "expelliarmus"):
            return [ev.UseFree(seat, task.phase), ev.Decline(seat)]
        if task.phase == "discard":
            return [ev.Discard(seat, card) for card in player.hand]
        if task.phase == "retreat":
            return [ev.Retreat(seat, cell) for cell in task.options]
        return []
    if task.kind == "token":
        return [ev.WandBonus(seat, True), ev.WandBonus(seat, False)]
    if task.kind == "feast":
        return [ev.Feast(seat, ability) for ability in feast_options(state, seat)]
    if task.kind == "holiday":
        return [ev.Done(seat), *(ev.Swap(seat, card) for card in player.hand)]
    if task.kind == "place":
        return [ev.PlaceCard(seat, cell) for cell in task.options]
    if task.kind == "limit":
        return [ev.Discard(seat, card) for card in player.hand]
    return []


def plain_move_options(state: ChallengeState, seat: int, limit: int, free: bool = False) -> list:
    """``moves.move_options`` as it was: one search over (cell, resources spent), every way tried in turn."""
    player = state.players[seat]
    harry, cloak = player.character == "harry" and not player.harry_used, "cloak" in player.specials_up
    board = {} if free else state.board
    start = player.cell
    able = {card for card in ADVENTURES if ADVENTURES[card].test.passes(player.abilities)}
    if free or not (harry or cloak):
        harry = cloak = False
    outcomes: dict = {}
    frontier: list = [(start, (), (), ())]
    seen = {(start, ())}
    for _step in range(limit):
        following = []
        for cell, spent, path, bypass in frontier:
            for nxt in NEIGHBOURS[cell]:
                card = board.get(nxt)
                step = (*path, nxt)
                if card is None:
                    ways: list = [("", spent)]
                else:
                    key = (nxt, True, cell, spent)
                    if key not in outcomes:
                        outcomes[key] = (step, bypass)
                    if card in able:
                        ways = [("able", spent)]
                    else:
                        ways = []
                        if harry and "harry" not in spent:
                            ways.append(("harry", tuple(sorted((*spent, "harry")))))
                        if cloak and "cloak" not in spent:
                            ways.append(("cloak", tuple(sorted((*spent, "cloak")))))
                for way, now_spent in ways:
                    now_bypass = (*bypass, way) if way else bypass
                    key = (nxt, False, "", now_spent)
                    if nxt != start and key not in outcomes:
                        outcomes[key] = (step, now_bypass)
                    if (nxt, now_spent) not in seen:
                        seen.add((nxt, now_spent))
                        following.append((nxt, now_spent, step, now_bypass))
        frontier = following
    result = []
    for (end, encounter, came_from, spent), option in outcomes.items():
        cheaper = bool(spent) and any(
            (end, encounter, came_from, other) in outcomes and set(other) < set(spent)
            for other in ((), ("harry",), ("cloak",))
        )
        if not cheaper:
            result.append(option)
    return result


def plain_policy(state: ChallengeState, seat: int, legal: list, rng: Rng):
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, ev.Check):
        return playout_boost(state, seat, legal)
    if isinstance(first, ev.Pass) and rng.below(10) < 8:
        board = state.board

        def passes(card: str) -> bool:
            return ADVENTURES[card].test.passes(state.players[seat].abilities)

        sure = [
            c
            for c in legal
            if (isinstance(c, ev.PlayHere) and passes(c.card))
            or (
                isinstance(c, ev.Move)
                and len(c.bypass) < sum(1 for cell in c.path if cell in board)
                and passes(board[c.path[-1]])
            )
        ]
        if sure:
            return sure[rng.below(len(sure))]
        useful = [c for c in legal if isinstance(c, (ev.PlayThere, ev.DrawCards))]
        if useful and rng.below(2):
            return useful[rng.below(len(useful))]
    return legal[rng.below(len(legal))]


def plain_outlook(
    plan: Plan, cell: str, taken: str = "", laid: tuple[str, str] | None = None, hand: tuple[str, ...] | None = None
) -> float:
    cards = list(hand) if hand is not None else plan.hand
    if laid is not None and hand is None:
        cards = list(cards)
        cards.remove(laid[1])
    near = DISTANCES[cell]
    spare = len(cards)
    values: list[float] = []
    covered = laid[0] if laid is not None else ""
    for where, card, worth in plan.board_worths(spare):
        if card == taken or where == covered:
            continue
        values.append(worth * REACH[near[where]])
    if laid is not None:
        placed = plan.board_worth(laid[0], laid[1], spare)
        if placed is not None:
            values.append(placed * REACH[near[laid[0]]])
    board = plan.board
    bonus = plan.drawn(3, spare - 1)
    for card in cards:
        held = plan.hand_worth(card, spare - 1)
        if held is None:
            continue
        best = 0.0
        for where, ahead, kept in plan.targets(card):
            if where == covered or (where in board and board[where] != taken):
                continue
            d = near[where]
            if d == 0:
                best = max(best, held)
                continue
            value = held * WALK[d]
            if ahead:
                value = max(value, bonus + held * kept * WALK[d])
            best = max(best, value)
        if best > 0:
            values.append(best)
    values.sort(reverse=True)
    return (values[0] if values else 0.0) + (SECOND * values[1] if len(values) > 1 else 0.0)


# --- the checks ----------------------------------------------------------------------------------------------


def test_the_view_is_what_its_constructors_make():
    for state in STATES:
        for seat in range(state.count):
            view, plain = make_view(state, seat), plain_view(state, seat)
            assert view == plain and hash(view) == hash(plain)
            assert to_json(view) == to_json(plain)
            for made, expected in [
                (view, plain),
                *zip(view.players, plain.players, strict=True),
                *zip(view.tasks, plain.tasks, strict=True),
            ]:
                assert type(made) is type(expected)
                assert vars(made) == vars(expected) and list(vars(made)) == [f.name for f in fields(made)]


def test_legal_hands_out_the_commands_the_rules_would_make():
    for state in STATES:
        for seat in range(state.count):
            legal = GAME.legal(state, seat)
            assert legal == plain_legal(state, seat)
            assert [type(command) for command in legal] == [type(command) for command in plain_legal(state, seat)]


def give_bypasses(player, harry_used: bool, cloak: bool) -> None:
    """Harry's bypass spent or not, the Invisibility Cloak face up or not."""
    player.harry_used = harry_used
    if cloak and "cloak" not in player.specials_up:
        player.specials_up.append("cloak")
    if not cloak and "cloak" in player.specials_up:
        player.specials_up.remove("cloak")


def test_remembered_moves_are_those_of_a_fresh_search():
    """Every seat from every position, Harry's bypass and the Cloak in and out: the moves remembered for a
    neighbourhood are the ones a search from scratch finds in this state."""
    for state in STATES:
        for seat, player in enumerate(state.players):
            for harry_used, cloak in itertools.product((False, True), repeat=2):
                give_bypasses(player, harry_used, cloak)
                expected = tuple(ev.Move(seat, path, bypass) for path, bypass in move_options(state, seat, 3))
                assert move_commands(state, seat, 3) == expected


def test_move_searches_find_the_moves_of_the_plain_search():
    """The searches (with and without bypass resources, the Map's and the Nimbus's reach) list the same moves in
    the same order as one plain search trying every way at every card."""
    for state in STATES[::2]:
        for seat, player in enumerate(state.players):
            for harry_used, cloak in itertools.product((False, True), repeat=2):
                give_bypasses(player, harry_used, cloak)
                for limit, free in ((3, False), (5, False), (5, True)):
                    assert move_options(state, seat, limit, free) == plain_move_options(state, seat, limit, free)


@pytest.mark.parametrize("abilities", [(k, s, h) for k in range(11) for s in range(0, 11, 3) for h in range(0, 11, 2)])
def test_passable_cards_are_those_whose_test_passes(abilities):
    values = dict(zip("KSH", abilities, strict=True))
    assert passable_cards(values) == {card for card, info in ADVENTURES.items() if info.test.passes(values)}


def test_passable_cards_from_the_tables_are_those_whose_test_passes():
    """Every (K, S, H) from 0 to 10, worked out afresh (``passable_cards`` remembers what it found)."""
    for abilities in itertools.product(range(11), repeat=3):
        values = dict(zip("KSH", abilities, strict=True))
        assert _passed_by(*abilities) == {card for card, info in ADVENTURES.items() if info.test.passes(values)}


def test_shared_commands_and_events_are_equal_values():
    assert ev.shared(ev.Move, 1, ("A4",), ()) == ev.Move(1, ("A4",), ())
    assert ev.shared(ev.Move, 1, ("A4",), ()) is ev.shared(ev.Move, 1, ("A4",), ())
    assert ev.shared(ev.Moved, 2, ("A4",), "move") == ev.Moved(2, ("A4",), "move")


def test_the_playout_policy_makes_the_same_moves_with_the_same_draws():
    for index, state in enumerate(STATES):
        if GAME.result(state) is not None:
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        for seed in range(6):
            rng, plain_rng = Rng(index * 10 + seed), Rng(index * 10 + seed)
            assert playout_policy(GAME, state, seat, legal, rng) == plain_policy(state, seat, legal, plain_rng)
            assert rng.state == plain_rng.state


def test_shortfall_still_reads_views_abilities():
    # the greedy bot's helper is shared with the playouts' boosts: keep it working on plain dicts
    card = ADVENTURES["Y1-28"]
    assert shortfall(card, {"K": 0, "S": 0, "H": 0}) == 5


def test_the_medium_outlook_is_the_plain_one():
    """Every seat of every position, from every space: as it stands, with a card taken from the board, with a
    hand card laid on a free space of its own, and with a smaller hand, in every order the memo could meet."""
    compared = 0
    for state in STATES[::2]:
        for seat in range(state.count):
            view = make_view(state, seat)
            plan, plain = Plan(view), Plan(view)
            hand = tuple(plan.hand)
            board = plan.board
            asks: list[tuple] = [(cell, "", None, None) for cell in CELLS]
            for cell, card in list(board.items())[:3]:
                asks += [(where, card, None, None) for where in (cell, plan.me.cell)]
                asks.append((plan.me.cell, card, None, (*hand, card)))
            for card in hand[:3]:
                free = [where for where in ADVENTURES[card].cells if where not in board]
                asks += [(plan.me.cell, "", (where, card), None) for where in free[:2]]
                smaller = list(hand)
                smaller.remove(card)
                asks.append((plan.me.cell, "", None, tuple(smaller)))
            for cell, taken, laid, held in asks:
                assert plan.outlook(cell, taken, laid, held) == plain_outlook(plain, cell, taken, laid, held)
                compared += 1
    assert compared > 5000


def test_the_playouts_medium_moves_are_those_of_its_own_view():
    """The playout policy hands the Medium bot a View with the legal commands it was given: those are all of
    ``legal`` (House Cup Challenge leaves none out of a bot's weighing), so it chooses as from its own View."""
    assert GAME.bot_moves is None
    for index, state in enumerate(STATES[::3]):
        if GAME.result(state) is not None:
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        rng, plain_rng = Rng(index), Rng(index)
        chosen = greedy_playout_policy(GAME, state, seat, legal, rng)
        expected = legal[0] if len(legal) == 1 else PLAYOUT_BOT.choose(make_view(state, seat), plain_rng)
        assert chosen == expected and rng.state == plain_rng.state
