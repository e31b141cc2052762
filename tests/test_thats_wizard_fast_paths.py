"""That's Wizard!'s fast paths give what the plain code they stand for gives: the View built without its frozen
``__init__`` (checked against the plain build, kept below as it was), ``legal``'s prebuilt and remembered commands,
events built once, a play's problem worked out once per value, the round's shortcuts (no end-of-round effects,
a duel's stall), and the search's playout policy read from the state. A whole match played with the fast paths
and with the plain code gives the same states, events and views, byte for byte in JSON."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from tabletop.bots.ismcts import heuristic_policy
from tabletop.bots.moves import worth_weighing
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import GAME, flow, resources, rules
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard import view as view_module
from tabletop.games.thats_wizard.bots import GreedyBot, playout_policy
from tabletop.games.thats_wizard.cards import CARDS, MAX_POWER
from tabletop.games.thats_wizard.events import Pass, Play
from tabletop.games.thats_wizard.resources import STALL_ROUNDS, known_problem, play_problem, quiet_rounds
from tabletop.games.thats_wizard.rules import stall_commands
from tabletop.games.thats_wizard.state import Play as StatePlay
from tabletop.games.thats_wizard.state import ThatsWizardState
from tabletop.games.thats_wizard.view import (
    HitView,
    LastingView,
    PlayView,
    ThatsWizardView,
    TieView,
    WizardView,
    _library_counts,
    _prompt_view,
)
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
    for state in positions(players, 4):
        for seat in range(players):
            view = GAME.view(state, seat)
            assert set(vars(view)) == names
            assert rebuilt(view) == view and hash(rebuilt(view)) == hash(view)
            for wizard in view.wizards:
                assert type(wizard) is WizardView and WizardView(**wizard._asdict()) == wizard


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


# --- the plain code, as it was -------------------------------------------------------------------------------


def plain_view(state: ThatsWizardState, seat: int) -> ThatsWizardView:
    """The View built through the dataclasses' ``__init__``, every list copied, as before the fast path."""
    mine = state.wizards[seat]
    stage = state.stage
    actors = rules.to_act(state)
    moves = tuple(rules.legal(state, seat))
    wizards = tuple(
        WizardView(
            w.stamina,
            w.power,
            w.dueling,
            w.streak,
            len(w.hand),
            len(w.side),
            w.choice is not None if stage == "choose" else stage == "sideboard" and bool(w.side),
            w.borrowed is not None,
            w.scry_away,
            w.focus_blocked,
            tuple(w.seen),
            tuple(w.shown),
            w.low,
            w.low_round,
            w.offered,
        )
        for w in state.wizards
    )
    own: list[tuple[str, ...] | None] = [None] * state.players
    own[seat] = tuple(state.books[seat])
    choice = mine.choice
    return ThatsWizardView(
        seat=seat,
        legal=moves,
        players=state.players,
        stage=stage,
        duel=state.duel,
        round=state.round,
        win_target=state.win_target,
        tokens=tuple(state.tokens),
        pairs=tuple(map(tuple, state.pairs)),
        to_act=actors,
        wizards=wizards,
        book=tuple(state.books[seat]),
        hand=tuple(mine.hand),
        side=tuple(mine.side),
        borrowed=mine.borrowed,
        choice=(choice.card, choice.dial, choice.passed) if choice is not None else None,
        books=tuple(map(tuple, state.books)) if stage == "over" else tuple(own),
        tax=resources.tax(state, seat),
        plays=tuple(map(plain_play_view, state.plays)),
        last_plays=tuple(map(plain_play_view, state.last_plays)),
        paralyzed=tuple(state.paralyzed),
        lasting=tuple(
            LastingView(i.owner, i.card, tuple(i.targets), i.tokens, i.dial, i.reversed, i.round, tuple(i.under))
            for i in state.lasting
        ),
        ties=tuple(TieView(tuple(t.seats), t.step, t.winner, tuple(t.ordered)) for t in state.ties),
        order=tuple(state.order),
        turn=state.turn,
        turn_step=state.turn_step,
        batch=tuple(HitView(h.seat, h.amount, h.kind, h.source, h.by) for h in state.batch),
        batch_chooser=state.batch_chooser,
        prompt=_prompt_view(state, seat),
        library_counts=_library_counts(state),
        eor_slots=tuple(state.eor_slots),
        eor_pickers=tuple(state.eor_pickers),
        eor_index=state.eor_index,
        eor_done=tuple(state.eor_done),
        eor_started=state.eor_started,
        duel_winners=tuple(state.duel_winners),
        duel_losers=tuple(state.duel_losers),
        ending=state.ending,
        suggestion=rules.suggestion(state, seat) if moves and state.prompt is not None else None,
    )


def plain_play_view(p: Any) -> PlayView:
    return PlayView(
        p.seat,
        p.card,
        p.dial,
        p.legal,
        p.reason,
        p.cost,
        p.countered,
        p.reversed,
        p.reversed_by,
        p.cast,
        p.on_table,
        tuple(p.targets),
        tuple(p.under),
    )


def plain_stalled(state: ThatsWizardState, seat: int) -> bool:
    other = state.opponent(seat)
    if other is None or not resources.alive(state, seat) or not resources.alive(state, other):
        return False
    pair = (state.wizards[seat].low_round, state.wizards[other].low_round)
    return quiet_rounds(state.round, pair) >= STALL_ROUNDS


def fresh(kind: Any, *values: object) -> Any:
    return kind(*values)


def fresh_ready(players: int, seat: int, card: str | None, dial: int | None, passed: bool) -> tuple[Any, Any]:
    others = tuple(other for other in range(players) if other != seat)
    return ev.Ready(seat, card, dial, passed, to=(seat,)), ev.Ready(seat, None, None, False, to=others)


def plain_problem(card: str, dial: int, in_hand: bool, power: int, extra: int, ally_dueling: bool) -> str | None:
    return play_problem(card, dial, [card] if in_hand else [], power, extra, ally_dueling)


def plain_choices(state: ThatsWizardState, seat: int) -> tuple[Any, ...]:
    plays = [Play(seat, card, dial) for card, dial in flow.legal_plays(state, seat)]
    shown = [Pass(seat, card, dial) for card, dial in flow.shown_passes(state, seat)]
    return (*plays, Pass(seat), *shown, *stall_commands(state, seat))


def plain_clear_round(state: ThatsWizardState) -> None:
    state.ties = []
    state.order = []
    state.turn = 0
    state.turn_step = "effect"
    state.batch = []
    state.batch_chooser = -1
    state.prompt = None
    state.scry_cards = []
    state.eor_slots = []
    state.eor_pickers = []
    state.eor_index = 0
    state.eor_done = []
    state.eor_started = False


def plain_to_act(state: ThatsWizardState) -> tuple[int, ...]:
    if state.stage == "over":
        return ()
    if state.prompt is not None and state.prompt.kind == "team":  # allies on one dial: either may order them
        return tuple(seat for seat in range(4) if seat % 2 == state.prompt.seat % 2)
    if state.prompt is not None:
        return (state.prompt.seat,)
    if state.stage == "choose":
        return tuple(
            seat
            for seat, wizard in enumerate(state.wizards)
            if wizard.dueling and wizard.choice is None and seat not in state.paralyzed
        )
    if state.stage == "sideboard":
        return tuple(seat for seat, wizard in enumerate(state.wizards) if not wizard.side)
    return ()


def use_plain_code(patch: pytest.MonkeyPatch) -> None:
    """Every fast path of the rules and the view swapped for the plain code it stands for."""
    for module in (flow, resources):
        patch.setattr(module, "shared", fresh)
    patch.setattr(rules, "told_apart", fresh_ready)
    patch.setattr(rules, "known_problem", plain_problem)
    patch.setattr(flow, "known_problem", plain_problem)
    patch.setattr(flow, "no_eor_effects", lambda state: False)
    patch.setattr(resources, "stalled", plain_stalled)
    patch.setattr(rules, "stalled", plain_stalled)
    patch.setattr(rules, "_choose_commands", plain_choices)
    patch.setattr(view_module, "make_view", plain_view)
    patch.setattr(flow, "no_counterspell", lambda state: False)
    patch.setattr(flow, "nothing_to_fix", lambda state, live: False)
    patch.setattr(flow, "revealed_play", StatePlay)
    patch.setattr(flow, "_clear_round", plain_clear_round)
    patch.setattr(rules, "may_choose", lambda state, seat: False)  # every command read by the full ``_apply``
    patch.setattr(rules, "to_act", plain_to_act)
    patch.setattr(flow, "rest_of_round", lambda state, events: None)  # ``advance``'s loop takes each stage
    patch.setattr(flow, "revealed", plain_revealed)
    patch.setattr(view_module, "_last_play_views", lambda plays: tuple(map(plain_play_view, plays)))


def plain_revealed(plays: tuple[Any, ...]) -> Any:
    return ev.Revealed(tuple(ev.Shown(*fields) for fields in plays))


def match_record(players: int, seed: int) -> list[Any]:
    """Every step of a match (random spellbooks, random commands, every seat's view each step) as JSON."""
    options = wizard_options(players, seed)
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    record: list[Any] = [to_json(state)]
    while GAME.result(state) is None and len(record) < 3000:
        seat = rng.choice(GAME.to_act(state))
        views = [view_module.make_view(state, other) for other in range(players)]
        record.append([to_json(view) for view in views])
        events = GAME.apply(state, rng.choice(views[seat].legal))
        record.append([to_json(event) for event in events])
        record.append(to_json(state))
    return record


@pytest.mark.parametrize(
    ("players", "seed"),
    [(2, 3), (2, 8), (2, 11), (4, 5), (4, 6), (4, 9), (2, 1), (2, 2), (2, 4), (2, 5), (2, 7), (4, 1), (4, 2), (4, 3)],
)
def test_a_whole_match_is_the_same_with_the_plain_code(players, seed, monkeypatch):
    fast = match_record(players, seed)
    with monkeypatch.context() as patch:
        use_plain_code(patch)
        plain = match_record(players, seed)
    assert len(fast) > 100
    assert fast == plain


@pytest.mark.parametrize("players", [2, 4])
def test_views_equal_the_plain_build_field_for_field(players):
    for state in positions(players, 4):
        for seat in range(players):
            view, plain = GAME.view(state, seat), plain_view(state, seat)
            assert view == plain and hash(view) == hash(plain)
            assert to_json(view) == to_json(plain)
            assert list(vars(view)) == [item.name for item in fields(ThatsWizardView)]
            records = [*zip(view.wizards, plain.wizards, strict=True), *zip(view.lasting, plain.lasting, strict=True)]
            records += zip(view.plays + view.last_plays, plain.plays + plain.last_plays, strict=True)
            for made, expected in records:
                assert type(made) is type(expected) and made._asdict() == expected._asdict()
                assert hash(made) == hash(expected)


@pytest.mark.parametrize("players", [2, 4])
def test_remembered_choices_stalls_and_round_shortcuts_equal_the_plain_code(players):
    for state in positions(players, 6):
        for seat in range(players):
            assert resources.stalled(state, seat) == plain_stalled(state, seat)
            if state.stage == "choose" and seat in GAME.to_act(state) and state.prompt is None:
                legal = GAME.legal(state, seat)
                assert tuple(legal) == plain_choices(state, seat)
                legal.clear()  # each call hands out its own list of the shared commands
                assert tuple(GAME.legal(state, seat)) == plain_choices(state, seat)
        if flow.no_eor_effects(state):  # the shortcut only ever skips an empty end of round
            assert all(not flow.eor_effects(state, seat) for seat in range(players))


def test_a_problem_worked_out_once_is_the_plain_one():
    for card in CARDS:
        for dial in range(-1, MAX_POWER + 2):
            for in_hand in (False, True):
                for power in range(MAX_POWER + 1):
                    for extra in (0, 2, 4):
                        for ally in (False, True):
                            values = (card, dial, in_hand, power, extra, ally)
                            assert known_problem(*values) == plain_problem(*values)


def test_events_built_once_equal_new_ones():
    assert ev.shared(ev.TurnOrder, (1, 0)) == ev.TurnOrder((1, 0))
    assert ev.shared(ev.PowerPaid, 0, 3, 0, 7) is ev.shared(ev.PowerPaid, 0, 3, 0, 7)
    assert ev.shared(ev.Shown, 1, "focus", 1, True, "").legal is True
    assert ev.shared(ev.Shown, 1, "focus", 1, 1, "").legal == 1  # typed: never the True built before
    assert ev.told_apart(4, 2, "focus", 2, True) == fresh_ready(4, 2, "focus", 2, True)
