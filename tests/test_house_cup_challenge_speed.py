"""House Cup Challenge's fast paths give exactly what the plain code gives (issue 16, item 1).

Each fast path is checked against the straightforward code it replaced, written out again here: the View built
without the dataclasses' ``__init__``, the remembered moves, the move searches (one search over (cell, spent)
trying every way at every card), the prebuilt commands of ``legal``, the passable cards remembered per abilities
and worked out from per-ability tables, the playout policy's single pass (same move, same draws), and the Medium
bot's ``Plan``: its ``outlook`` (tables worked out once per Plan, values by moves away remembered for every Plan,
a running best two instead of a sorted list) and its action scores (boost costs remembered for every Plan, the
rivals' threats from passable-card sets, the commonest moves and plays ahead scored without the general steps).
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import fields, replace

import pytest

from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME, bots
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import CELLS, DISTANCES, NEIGHBOURS
from tabletop.games.house_cup_challenge.bots import (
    ACTION_SPECIAL,
    CARD_DRAWN,
    FAIL,
    GAMMA,
    GIFT,
    HAND_ROOM,
    PLAYOUT_BOT,
    REACH,
    SECOND,
    SNIPED,
    WALK,
    GreedyBot,
    Plan,
    boost_plan,
    card_worth,
    destination_path,
    discard_cost,
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


# The Medium plan as it was: nothing remembered, no tables, every value worked out from the view where it is used.


def plain_rivals(plan: Plan) -> list[PlayerView]:
    return [p for i, p in enumerate(plan.view.players) if i != plan.view.seat]


def plain_usefulness(plan: Plan, card: str) -> float:
    info = ADVENTURES[card]
    gap = shortfall(info, plan.abilities)
    return card_worth(info) / (1 + 2 * gap) + (0.5 if gap == 0 else 0.0)


@functools.cache  # (the plain code's answers, kept only to keep the test quick: a Plan never changes)
def plain_need(plan: Plan, card: str, spare: int) -> float | None:
    info = ADVENTURES[card]
    if shortfall(info, plan.abilities) == 0:
        return 0.0
    costs = sorted(discard_cost(plain_usefulness(plan, held)) for held in plan.hand)[: max(0, min(2, spare))]
    found = boost_plan(info, plan.abilities, plan.bonus_specials, costs, plan.per_card)
    return None if found is None else found[0]


@functools.cache
def plain_threatened(plan: Plan, cell: str, card: str) -> bool:
    info = ADVENTURES[card]
    return any(0 < DISTANCES[p.cell][cell] <= 3 and shortfall(info, dict(p.abilities)) == 0 for p in plain_rivals(plan))


def plain_drawn(plan: Plan, count: int, hand: int) -> float:
    count = min(count, plan.pile)
    room = max(0, HAND_ROOM - hand)
    return CARD_DRAWN * (min(count, room) + 0.3 * max(0, count - room))


def plain_board_worth(plan: Plan, where: str, card: str, spare: int) -> float | None:
    cost = plain_need(plan, card, spare)
    if cost is None:
        return None
    worth = card_worth(ADVENTURES[card]) - cost
    if plain_threatened(plan, where, card):
        worth *= SNIPED
    return worth


def plain_outlook(
    plan: Plan, cell: str, taken: str = "", laid: tuple[str, str] | None = None, hand: tuple[str, ...] | None = None
) -> float:
    cards = list(hand) if hand is not None else list(plan.hand)
    if laid is not None and hand is None:
        cards.remove(laid[1])
    near = DISTANCES[cell]
    spare = len(cards)
    values: list[float] = []
    covered = laid[0] if laid is not None else ""
    for where, card in plan.board.items():
        if card == taken or where == covered:
            continue
        worth = plain_board_worth(plan, where, card, spare)
        if worth is not None:
            values.append(worth * REACH[near[where]])
    if laid is not None:
        placed = plain_board_worth(plan, laid[0], laid[1], spare)
        if placed is not None:
            values.append(placed * REACH[near[laid[0]]])
    board = plan.board
    occupied = {p.cell for p in plain_rivals(plan)}
    bonus = plain_drawn(plan, 3, spare - 1)
    for card in cards:
        cost = plain_need(plan, card, spare - 1)
        if cost is None:
            continue
        held = card_worth(ADVENTURES[card]) - cost
        best = 0.0
        for where in ADVENTURES[card].cells:
            if where == covered or (where in board and board[where] != taken):
                continue
            ahead = where not in occupied
            kept = SNIPED if plain_threatened(plan, where, card) else 1.0
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


def plain_without(plan: Plan, card: str) -> tuple[str, ...]:
    hand = list(plan.hand)
    hand.remove(card)
    return tuple(hand)


def plain_arrive(plan: Plan, end: str, encounter: bool) -> float:
    if not encounter:
        return GAMMA * plain_outlook(plan, end)
    card = plan.board[end]
    cost = plain_need(plan, card, len(plan.hand))
    if cost is None:
        return FAIL
    return card_worth(ADVENTURES[card]) - cost + GAMMA * plain_outlook(plan, end, taken=card)


def plain_move_score(plan: Plan, command: ev.Move | ev.UseSpecial) -> float:
    path = destination_path(command)
    cards_entered = sum(1 for cell in path if cell in plan.board)
    free = isinstance(command, ev.UseSpecial) and command.card == "map"
    encounter = not free and len(command.bypass) < cards_entered
    spent = sum(0.3 if way == "harry" else 1.0 if way == "cloak" else 0.0 for way in command.bypass)
    used = ACTION_SPECIAL if isinstance(command, ev.UseSpecial) else 0.0
    return plain_arrive(plan, path[-1], encounter) - spent - used - 0.05 * len(path)


def plain_action_score(plan: Plan, command: Command) -> float:
    """``GreedyBot.action_score`` as it was, on the plain outlook."""
    here = plan.me.cell
    spare = len(plan.hand)
    if isinstance(command, ev.Pass):
        return GAMMA * plain_outlook(plan, here) - 0.5
    if isinstance(command, ev.DrawCards):
        count = 3 if plan.me.character == "hermione" else 2
        return plain_drawn(plan, count, spare) + GAMMA * plain_outlook(plan, here)
    if isinstance(command, ev.Move):
        return plain_move_score(plan, command)
    if isinstance(command, ev.PlayHere):
        card = command.card
        cost = plain_need(plan, card, spare - 1)
        if cost is not None:
            return (
                card_worth(ADVENTURES[card]) - cost + GAMMA * plain_outlook(plan, here, hand=plain_without(plan, card))
            )
        others = [p for p in plain_rivals(plan) if p.cell == here]
        if others and GreedyBot.rival_fails(card, others):
            return 1.5 + GAMMA * plain_outlook(plan, here, laid=(here, card))
        return FAIL
    if isinstance(command, ev.PlayThere):
        card, cell = command.card, command.cell
        info = ADVENTURES[card]
        value = plain_drawn(plan, 3, spare - 1)
        there = [p for p in plain_rivals(plan) if p.cell == cell]
        if there:
            if GreedyBot.rival_fails(card, there):
                return value + 1.5 + GAMMA * plain_outlook(plan, here, laid=(cell, card))
            return value - card_worth(info) + GAMMA * plain_outlook(plan, here, hand=plain_without(plan, card))
        if plain_threatened(plan, cell, card):
            value -= GIFT * card_worth(info)
        return value + GAMMA * plain_outlook(plan, here, laid=(cell, card))
    if isinstance(command, ev.UseSpecial):
        name = command.card
        if name in ("map", "nimbus", "firebolt", "floo"):
            return plain_move_score(plan, command)
        if name == "timeturner":
            return 2 * plain_outlook(plan, here) + 1.0
        if name == "hedwig":
            return plain_drawn(plan, 3, spare) + GAMMA * plain_outlook(plan, here) - ACTION_SPECIAL
        if name == "accio":
            taken = plan.board[command.cell]
            return GAMMA * plain_outlook(plan, here, taken=taken, hand=(*plan.hand, taken)) - ACTION_SPECIAL
        if name == "polyjuice":
            return GAMMA * plain_outlook(plan, plan.view.players[command.other].cell) - 2 * ACTION_SPECIAL
    return 0.0


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


def outlook_asks(plan: Plan) -> list[tuple]:
    """(cell, taken, laid, hand) for ``Plan.outlook``: from every space as things stand; with a card taken from the
    board; every hand card laid on each free space of its own, from where the bot stands and from elsewhere; with a
    smaller hand (as a play here leaves it)."""
    hand = tuple(plan.hand)
    board = plan.board
    here = plan.me.cell
    asks: list[tuple] = [(cell, "", None, None) for cell in CELLS]
    for cell, card in list(board.items())[:3]:
        asks += [(where, card, None, None) for where in (cell, here)]
        asks.append((here, card, None, (*hand, card)))
    elsewhere = CELLS[len(hand) % len(CELLS)]
    for card in hand:
        free = [where for where in ADVENTURES[card].cells if where not in board]
        asks += [(here, "", (where, card), None) for where in free]
        asks += [(elsewhere, "", (where, card), None) for where in free[:1]]
        smaller = list(hand)
        smaller.remove(card)
        asks.append((here, "", None, tuple(smaller)))
    return asks


def with_each_card_twice(view: ChallengeView) -> ChallengeView:
    """The view with each of its seat's hand cards held twice (no deal gives that, but the outlook allows it)."""
    me = view.me
    assert me.hand is not None
    players = list(view.players)
    players[view.seat] = replace(me, hand=me.hand * 2, hand_count=2 * me.hand_count)
    return replace(view, players=tuple(players))


def test_the_medium_outlook_is_the_plain_one():
    """Every seat of every position (hands of 0 to 16 cards, every character; a few with each card held twice): every
    ask of ``outlook_asks``, in that order and the reverse (what the Plan remembers of one ask must not change
    another), against the plain outlook worked out afresh."""
    compared = 0
    for index, state in enumerate(STATES[::3]):
        for seat in range(state.count):
            view = make_view(state, seat)
            if index % 8 == 0:
                view = with_each_card_twice(view)
            plain = Plan(view)
            asks = outlook_asks(plain)
            expected = [plain_outlook(plain, *ask) for ask in asks]
            for order in (1, -1):
                plan = Plan(view)
                for ask, value in list(zip(asks, expected, strict=True))[::order]:
                    assert plan.outlook(*ask) == value, ask
                    compared += 1
    assert compared > 50_000


def test_remembered_boost_costs_are_those_of_the_boost_plan(monkeypatch):
    """Every card, asked with every ability level, bonus Special Cards and spare cards, for Ron (2 points a card)
    and the others in turn: the cost remembered is ``boost_plan``'s (also when the table is emptied on the way)."""
    monkeypatch.setattr(bots, "MEMO_SIZE", 500)
    asked = 0
    for level, specials, costs in itertools.product(
        range(0, 8, 2), [(), ("felix",), ("sword", "leviosa")], [(), (0.6,), (0.6, 0.9)]
    ):
        abilities = (("K", level), ("S", level // 2), ("H", 1))
        for card, info in ADVENTURES.items():
            for per_card in (1, 2):
                found = boost_plan(info, dict(abilities), specials, list(costs), per_card)
                expected = None if found is None else found[0]
                assert bots.boost_cost(card, abilities, specials, costs, per_card) == expected
                asked += 1
    assert asked > 5000


def test_the_medium_action_scores_are_the_plain_ones(monkeypatch):
    """Every action of every position's seat to act, scored by the Medium bot and by the plain code: the same
    float (its moves, plays ahead and here, draws and Special Cards). The tables shared by every Plan are kept
    small here, so that they are emptied again and again on the way."""
    monkeypatch.setattr(bots, "MEMO_SIZE", 40)
    bot = GreedyBot()
    compared = 0
    for state in STATES:
        if GAME.result(state) is not None:
            continue
        seat = GAME.to_act(state)[0]
        view = make_view(state, seat)
        if view.tasks[-1].kind != "action":
            continue
        plan, plain = Plan(view), Plan(view)
        for command in view.legal:
            assert bot.action_score(plan, command) == plain_action_score(plain, command), command
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


def test_views_along_games_played_in_place_are_the_plain_ones():
    """The PlayerViews and TaskViews kept from earlier views (by player and by what a task shows) are handed out
    only while nothing they show has changed: every seat's view at every step of games played on the same state
    objects (so the kept views come back) is the plain one (a game at each player count: about 6,000 views)."""
    compared = 0
    for players in (2, 3, 4):
        for seed in range(1):
            rng = random.Random(seed)
            state = GAME.setup(players, GAME.default_options(players), 70 + seed)
            while GAME.result(state) is None:
                for seat in range(players):
                    view, plain = make_view(state, seat), plain_view(state, seat)
                    assert view == plain and to_json(view) == to_json(plain)
                    compared += 1
                seat = GAME.to_act(state)[0]
                GAME.apply(state, rng.choice(GAME.legal(state, seat)))
    assert compared > 5000


def test_a_view_made_after_a_player_changes_shows_the_change():
    """The stale-view bug class: each field a PlayerView shows, changed in place on the same player (a card drawn
    or played, VP gained, an adventure completed, a Special Card flipped, a cell moved, an ability raised, Harry's
    bypass spent, the Wand Bonus Token flipped), and the abilities dict swapped for one listing them in another
    order; after each, every seat's view is the plain one and differs from the one before."""
    state = STATES[len(STATES) // 3]
    player = state.players[0]
    changes = [
        lambda: player.hand.append("Y1-01"),
        lambda: player.hand.pop(),
        lambda: setattr(player, "vp", player.vp + 5),
        lambda: player.completed.append("Y1-02"),
        lambda: player.specials_up.append("cloak"),
        lambda: player.specials_down.append(player.specials_up.pop()),
        lambda: player.specials_down.append("felix"),
        lambda: setattr(player, "cell", "H7" if player.cell != "H7" else "A5"),
        lambda: player.abilities.__setitem__("K", (player.abilities["K"] + 1) % 11),
        lambda: setattr(player, "harry_used", not player.harry_used),
        lambda: setattr(player, "wand_token", "down" if player.wand_token != "down" else "up"),
        lambda: setattr(player, "abilities", dict(reversed(player.abilities.items()))),
        lambda: setattr(player, "character", "ron" if player.character != "ron" else "harry"),
    ]
    for change in changes:
        before = [make_view(state, seat) for seat in range(state.count)]
        change()
        for seat in range(state.count):
            view = make_view(state, seat)
            assert view == plain_view(state, seat) and to_json(view) == to_json(plain_view(state, seat))
            assert view.players[0] != before[seat].players[0]


def test_a_view_made_after_a_task_changes_shows_the_change():
    """A TaskView is kept by everything it shows: a task changed in place (its phase, boosts, options, seats,
    a discard counted) shows the change at the next view."""
    state = next(s for s in STATES if s.tasks and s.tasks[-1].kind == "action")
    task = state.tasks[-1]
    changes = [
        lambda: setattr(task, "chosen", True),
        lambda: setattr(task, "phase", "boost"),
        lambda: task.boosts.__setitem__("K", 2),
        lambda: task.boosts.__setitem__("K", 3),
        lambda: task.options.append("B2"),
        lambda: task.seats.append(1),
        lambda: setattr(task, "used", task.used + 1),
    ]
    for change in changes:
        before = make_view(state, task.seat).tasks[-1]
        change()
        view = make_view(state, task.seat)
        assert view == plain_view(state, task.seat) and view.tasks[-1] != before
