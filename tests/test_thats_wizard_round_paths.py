"""The third round of That's Wizard!'s fast paths give what the plain code gives: the rest of a round run straight
on once its turn order is set, the reveal's event worked out once per set of values, last round's PlayViews kept
with the very list they show, a seat's plays read from a row per budget, and a stall asked of a wizard who fell
lately answered at once. (tests/test_thats_wizard_fast_paths.py plays whole matches with each swapped for the
plain code.)"""

from __future__ import annotations

from tabletop.games.thats_wizard import GAME, flow, rules
from tabletop.games.thats_wizard import view as view_module
from tabletop.games.thats_wizard.cards import ALLY_SPELLS, CARDS, MAX_POWER, SPELL_SET
from tabletop.games.thats_wizard.events import Play
from tabletop.games.thats_wizard.resources import stalled
from tests.test_thats_wizard_fast_paths import plain_play_view, plain_revealed, plain_stalled, positions


def test_the_reveal_event_worked_out_once_is_the_one_built_afresh():
    for plays in [
        ((0, "shock", 3, True, ""), (1, None, None, False, "pass")),
        ((0, "focus", 1, False, "Focus is played with the dial at 0."), (1, None, None, False, "paralyzed")),
        (
            (0, None, None, False, "pass"),
            (1, "shock", 2, True, ""),
            (2, "stun", 1, True, ""),
            (3, None, None, False, "pass"),
        ),
    ]:
        made = flow.revealed(plays)
        assert made == plain_revealed(plays) and repr(made) == repr(plain_revealed(plays))
        assert flow.revealed(plays) is made
        assert all(type(shown.legal) is bool for shown in made.plays)


def test_last_rounds_play_views_follow_the_list_they_were_made_from():
    for state in positions(2, 3):
        views = view_module._last_play_views(state.last_plays)
        assert views == tuple(map(plain_play_view, state.last_plays))
        assert view_module._last_play_views(state.last_plays) is views  # the next seat's view of the same round
    state = next(s for s in positions(2, 1) if s.last_plays)
    again = [flow.revealed_play(p.seat, p.card, p.dial, p.legal, "other") for p in state.last_plays]
    assert [v.reason for v in view_module._last_play_views(again)] == ["other"] * len(again)  # another list: built anew


def test_a_budgets_row_holds_each_cards_affordable_plays():
    for seat in range(4):
        for budget in range(MAX_POWER + 1):
            for extra in (0, 2, 4, 12):
                for ally_dueling in (False, True):
                    row = rules._budget_row(seat, budget, extra, ally_dueling)
                    for card, known in CARDS.items():
                        cost = extra if card in SPELL_SET else 0
                        usable = ally_dueling or card not in ALLY_SPELLS
                        expected = tuple(
                            Play(seat, card, dial) for dial in known.dials if usable and dial + cost <= budget
                        )
                        assert row[card] == expected


def test_the_rest_of_a_round_stops_where_the_loop_would_wait(monkeypatch):
    """Whole matches step by step: each command's events and the state it leaves are those of ``advance``'s loop
    taking every stage in turn."""
    for players in (2, 4):
        for seed in range(3):
            state = GAME.setup(players, GAME.default_options(players), seed)
            twin = GAME.setup(players, GAME.default_options(players), seed)
            step = 0
            while GAME.result(state) is None and step < 600:
                seat = GAME.to_act(state)[step % len(GAME.to_act(state))]
                command = GAME.legal(state, seat)[(step * 7) % len(GAME.legal(state, seat))]
                fast = GAME.apply(state, command)
                with monkeypatch.context() as patch:
                    patch.setattr(flow, "rest_of_round", lambda state, events: None)
                    plain = GAME.apply(twin, command)
                assert fast == plain and state == twin
                step += 1


def test_a_stall_is_refused_at_once_only_where_the_plain_reading_refuses_it():
    for players in (2, 4):
        for state in positions(players, 6):
            for seat in range(players):
                assert stalled(state, seat) == plain_stalled(state, seat)
