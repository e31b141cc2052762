"""The rules core on its own: the RNG, the JSON codec, matches and undo."""

import dataclasses

import pytest

from tabletop.core import IllegalCommand, Match, SeatInfo
from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.rng import Rng
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup.events import COMMAND_TYPES, GiveCard, PlaceToken, TakeCard
from tabletop.games.house_cup.state import HouseCupState


def test_rng_is_reproducible_and_its_state_is_one_number():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    items = list(range(20))
    a.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert isinstance(a.state, int) and from_json(Rng, to_json(a)) == a


def test_rng_below_draws_as_rejection_sampling_over_splitmix64_for_every_bound():
    """``below`` keeps the limits of small bounds in a table: each draw is still the one the plain rule gives (the
    same games from the same seeds), on both sides of the table's end; a bound no 64-bit draw can take is refused."""
    span = 1 << 64

    def reference(rng: Rng, n: int) -> int:
        while True:
            x = rng.next64()
            if x < span - span % n:
                return x % n

    for n in (1, 2, 3, 6, 52, 1000, 1023, 1024, 1025, 3**40, span // 3 + 1, span):
        ours, theirs = Rng.from_seed(n), Rng.from_seed(n)
        assert [ours.below(n) for _ in range(40)] == [reference(theirs, n) for _ in range(40)]
        assert ours == theirs
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(span + 1)
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


def test_rng_is_roughly_uniform():
    rng = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(900 < c < 1100 for c in counts)


def test_commands_round_trip_through_json():
    for command in (PlaceToken(1, 3, 2), TakeCard(0, "potions-1"), GiveCard(2, "trouble-2", 0)):
        data = command_to_json(command)
        assert data["type"] == type(command).__name__
        assert command_from_json(COMMAND_TYPES, data) == command


def test_a_field_declared_as_a_command_is_rebuilt_only_as_a_command_of_the_table():
    """A View holds its legal commands as ``Command``: each comes back as the class its tag names, or not at all."""
    from tabletop.core.protocol import Command, View

    view = View(seat=0, legal=(PlaceToken(0, 3, 2), TakeCard(0, "potions-1")))
    data = to_json(view)
    assert from_json(View, data, COMMAND_TYPES) == view
    for broken in ({"seat": 0}, {"type": "Command", "seat": 0}, {"type": ["PlaceToken"], "seat": 0}):
        bad = {**data, "legal": [broken]}
        with pytest.raises(CodecError):
            from_json(View, bad, COMMAND_TYPES)
    with pytest.raises(CodecError, match="unknown Command 'SeatInfo'"):
        from_json(View, {**data, "legal": [{"type": "SeatInfo", "seat": 0}]}, {"SeatInfo": SeatInfo})
    with pytest.raises(CodecError):
        from_json(View, data)  # no table: nothing to build the commands from
    assert from_json(Command | None, None, COMMAND_TYPES) is None


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Explode", "seat": 0},
        {"type": "PlaceToken", "seat": 0, "day": "Monday", "value": 1},
        {"type": "PlaceToken", "seat": 0, "day": 1},
        {"seat": 0},
        ["PlaceToken"],
    ],
)
def test_bad_command_json_is_refused(data):
    with pytest.raises(CodecError):
        command_from_json(COMMAND_TYPES, data)


def test_the_codec_reads_each_declared_type_strictly_and_in_the_unions_order():
    """Each type's reader is made once and kept (``codec._reader``): kept by the type alone, ``int | float`` and
    ``float | int`` (equal types) would read 1 alike. A flag is no number, nor a number a flag; a refusal says
    where and why (the union's every type, in its order)."""
    from tabletop.core.protocol import View

    read = [from_json(tp, data) for tp, data in ((int | float, 1), (float | int, 1), (list[int | float], [1]))]
    read.append(from_json(list[float | int], [1]))
    assert list(map(repr, read)) == ["1", "1.0", "[1]", "[1.0]"]
    for tp, data in ((int, True), (float, False), (bool, 1), (str, 7), (tuple[int, ...], (1,)), (list[int], {})):
        with pytest.raises(CodecError):
            from_json(tp, data)
    refused = [
        (int | None, "x", "expected int, got 'x'"),
        (int | str, 1.5, "expected int, got 1.5; expected str, got 1.5"),
        (
            PlaceToken,
            {"type": "PlaceToken", "seat": 0, "day": "x", "value": 1},
            "PlaceToken.day: expected int, got 'x'",
        ),
        (
            View,
            {"seat": 0, "legal": [{"type": "PlaceToken", "seat": 0, "day": 1}]},
            "View.legal: PlaceToken is missing 'value'",
        ),
        (tuple[int, str], [1], "expected 2 items, got 1"),
    ]
    for tp, data, reason in refused:
        with pytest.raises(CodecError) as refusal:
            from_json(tp, data, COMMAND_TYPES)
        assert str(refusal.value) == reason


def test_state_round_trips_through_json():
    state = GAME.setup(3, GAME.default_options(3), 9)
    again = from_json(HouseCupState, to_json(state))
    assert again == state and dataclasses.is_dataclass(again)


def new_match(players=4, seed=3):
    seats = [SeatInfo(f"P{i}") for i in range(players)]
    return Match(GAME, seats, GAME.default_options(players), seed)


def test_undo_own_placement_before_anyone_else_moves():
    match = new_match()
    before = to_json(match.state)
    match.apply(PlaceToken(0, 2, 3))
    assert match.can_undo(0) and not match.can_undo(1)
    undone = match.undo(0)
    assert undone == PlaceToken(0, 2, 3)
    assert to_json(match.state) == before and match.log == []


def test_no_undo_once_the_game_is_over():
    """A finished game is recorded: its last move is never taken back (a review found a bot's winning move could
    be, once Undo went past the bots' answers; that rule is gone, and this guards the end itself)."""
    from tabletop.bots import make_bot
    from tabletop.core.rng import Rng

    match = new_match(players=2)
    bot, rng = make_bot(GAME, "greedy"), Rng(2)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    last = match.log[-1]
    assert not match.can_undo(last.seat)
    with pytest.raises(IllegalCommand):
        match.undo(last.seat)


def test_no_undo_across_another_seats_command_or_a_deal():
    match = new_match()
    match.apply(PlaceToken(0, 2, 3))
    match.apply(PlaceToken(1, 2, 1))
    assert not match.can_undo(0)
    with pytest.raises(IllegalCommand):
        match.undo(0)
    match.apply(PlaceToken(2, 0, 1))
    match.apply(PlaceToken(3, 0, 2))  # the last placement deals the next cards: a draw
    assert not match.can_undo(3)


def test_replay_rebuilds_the_same_state_and_names_a_bad_step():
    match = new_match(seed=8)
    for _ in range(10):
        seat = match.to_act()[0]
        match.apply(GAME.legal(match.state, seat)[-1])
    again = Match.replay(GAME, match.seats, match.options, match.seed, match.log)
    assert to_json(again.state) == to_json(match.state)
    broken = [*match.log[:3], PlaceToken(0, 0, 7)]
    with pytest.raises(IllegalCommand, match="move 4 is refused"):
        Match.replay(GAME, match.seats, match.options, match.seed, broken)


def test_an_event_told_to_some_seats_is_seen_by_them_alone_and_never_by_an_onlooker():
    from tabletop.core.protocol import Event, visible_events

    private, public = Event(to=(1, 3)), Event()
    assert [private.visible_to(seat) for seat in (0, 1, 2, 3, None)] == [False, True, False, True, False]
    assert all(public.visible_to(seat) for seat in (0, 1, None))
    assert visible_events([private, public], 3) == [private, public]
    assert visible_events([private, public], None) == [public]


def test_a_command_holding_a_list_is_checked_again_after_the_list_changed():
    """Commands that passed the field check are remembered, so the same one is not checked again; only one that
    cannot change since (frozen, of immutable fields) may be: a list changed in place is checked anew."""
    from tabletop.core.protocol import Command
    from tabletop.core.validate import field_problem

    @dataclasses.dataclass(frozen=True)
    class Pick(Command):
        cards: list[int]

    pick = Pick(0, [1, 2])
    assert field_problem(pick) is None
    pick.cards.append("three")
    assert field_problem(pick) == "'cards' must be a list of whole numbers, not [1, 2, 'three']"
