"""Start positions from a save: whatever ``check_state`` accepts is a position the game can be played on from.

Real positions met in seeded games (random and greedy seats, every player count) are changed one value at a
time through their JSON form, all the way down: every whole number set to -1, 0, 10^9 and one more or less; every
flag flipped; every text set to a neighbouring value met at the same place in real games, or to garbage; every
list emptied, shortened by one or given an extra copy of an element; every key of a map renamed or dropped; every
null set to a value. A mutant that decodes goes to ``check_state``: each problem it names is one short line, and
if it names none the mutant is played to its end with random legal commands. Whenever the game is not over
someone is to move and has a legal command; no legal command raises (nor do ``legal``, ``view`` and ``result``);
at the start a few legal commands are tried too, and the same commands for a seat not to move are refused with
``IllegalCommand``, the state untouched; the game ends.

That's Wizard! is tried at 1 vs 1 and in Duos apart, and its positions include one of each kind of choice at
resolution met in a few seeded matches (see ``RARE_SEEDS``).

The fast run takes 3 positions of each game (at each player count) and a sample of their mutants (every kind of
change of every field first, then more of each kind, at random from a fixed seed): about 15 s for the four
games. ``TABLETOP_START_MUTANTS=all`` takes 8 positions of each game and every mutant (about two minutes);
``TABLETOP_START_MUTANTS=20000`` that many mutants of each game (of each That's Wizard! table).
"""

from __future__ import annotations

import copy
import dataclasses
import os
import random
import typing
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.protocol import IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tests.contract_hooks import wizard_options

GAME_IDS = tuple(GAMES)  # every registered game (a new one too)
# The tables each game is tried at: every player count together, or (That's Wizard!) 1 vs 1 and Duos apart.
TABLES: dict[str, tuple[tuple[int, ...] | None, ...]] = {"thats-wizard": ((2,), (4,))}
# Mutants of each game in the fast run (of each table for That's Wizard!); a game not named here, ``MUTANTS``.
FAST_MUTANTS = {"house-cup": 3000, "stupefix": 4000, "house-cup-challenge": 2000, "thats-wizard": 1500}
MUTANTS = 2000
# That's Wizard! rests mostly at the choice of the round's cards: its choices at resolution (a tie, the end of the
# round, a spell's choice, whose loss comes first, a draw offer...) come now and then. So a position of each kind
# of choice met in these seeded matches (the contract test's spellbooks, seeds that reach the rare choices) is
# taken too.
RARE_SEEDS = {2: (25, 48, 2, 94), 4: (8, 6, 2)}
LONGEST_GAME = 5000  # steps: no game from a sound position lasts longer (the longest random games take ~1000)
TRIED_COMMANDS = 8  # legal commands of the start position each tried on a copy, beyond the one played
POSITIONS = 3  # positions taken from each seeded game (and the last of the first game); more in a larger run
LARGER_POSITIONS = 8
GARBAGE = "no such thing\n" + "z" * 300
BIG = 10**9

Path = tuple[Any, ...]


def knob() -> int | None:
    """``TABLETOP_START_MUTANTS``: unset for the fast run, "all", or a number of mutants per game."""
    value = os.environ.get("TABLETOP_START_MUTANTS", "")
    if not value:
        return None
    return 0 if value == "all" else int(value)


# --- real positions ------------------------------------------------------------------------------------------


def real_positions(game: Any, per_game: int, table: tuple[int, ...] | None = None) -> list[Any]:
    """A handful of positions from seeded games at every player count (or those of ``table``), random and greedy
    seats by turns."""
    positions = []
    counts = list(getattr(game, "player_counts", None) or range(game.min_players, game.max_players + 1))
    first = table[0] if table else counts[0]
    for index, players in enumerate(counts):
        if table and players not in table:
            continue
        state = game.setup(players, game.default_options(players), 11 + index)
        moves = random.Random(index)
        greedy = make_bot(game, "greedy") if index % 2 else None
        met = []
        while game.result(state) is None:
            met.append(copy.deepcopy(state))
            seat = moves.choice(game.to_act(state))
            if greedy is not None and moves.random() < 0.8:
                command = greedy.choose(game.view(state, seat), Rng(moves.randrange(1 << 30)))
            else:
                command = moves.choice(game.legal(state, seat))
            game.apply(state, command)
        step = max(1, len(met) // per_game)
        positions += [met[1 + i * step] for i in range(per_game) if 1 + i * step < len(met)]
        if players == first:
            positions.append(state)  # one finished game
        if game.id == "thats-wizard":
            positions += choice_positions(game, players)
    return positions


def choice_positions(game: Any, players: int) -> list[Any]:
    """A That's Wizard! position of each kind of choice at resolution (the stage and the choice waiting) met in
    random matches of ``RARE_SEEDS``."""
    found: dict[tuple[str, str], Any] = {}
    for seed in RARE_SEEDS[players]:
        state = game.setup(players, wizard_options(players, seed), seed)
        moves = random.Random(seed)
        while game.result(state) is None:
            if state.prompt is not None:
                found.setdefault((state.stage, state.prompt.kind), copy.deepcopy(state))
            seat = moves.choice(game.to_act(state))
            game.apply(state, moves.choice(game.legal(state, seat)))
    return list(found.values())


# --- mutating a JSON form ------------------------------------------------------------------------------------


def nodes(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value inside ``data`` with its path (keys and indices)."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from nodes(value, (*path, index))


def pattern(path: Path) -> str:
    """Where a value lies, the same for every element of a list or entry of a map: ``tasks.*.cards.*``."""
    return ".".join("*" if isinstance(part, int) or part.isdigit() or part[:1].isupper() else part for part in path)


def replaced(data: Any, path: Path, value: Any, rename: Any = None) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced (or its key renamed, or dropped when ``value`` is
    ``DROP``); only the containers along the path are copied."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, list):
        out = list(data)
        out[head] = replaced(data[head], rest, value, rename)
        return out
    out_map = dict(data)
    if rest:
        out_map[head] = replaced(data[head], rest, value, rename)
    elif value is DROP:
        del out_map[head]
    elif rename is not None:
        out_map = {(rename if key == head else key): item for key, item in data.items()}
    else:
        out_map[head] = value
    return out_map


DROP = object()


def record_keys(state_type: type) -> set[frozenset[str]]:
    """The key sets of the dataclasses a state is built of: such a JSON object is a record, not a map."""
    out: set[frozenset[str]] = set()
    todo = [state_type]
    while todo:
        cls = todo.pop()
        names = frozenset(item.name for item in dataclasses.fields(cls))
        if names in out:
            continue
        out.add(names)
        for hint in typing.get_type_hints(cls).values():
            todo += [tp for tp in _types_in(hint) if dataclasses.is_dataclass(tp)]
    return out


def _types_in(hint: Any) -> list[Any]:
    return [hint, *(inner for arg in typing.get_args(hint) for inner in _types_in(arg))]


@dataclasses.dataclass(frozen=True)
class Mutation:
    position: int
    path: Path
    change: str  # what was done, for the report
    value: Any = None
    rename: Any = None

    @property
    def kind(self) -> str:
        return f"{pattern(self.path)} {self.change.split(' ')[0]}"


def mutations(position: int, data: Any, vocabulary: dict[str, list[Any]], records: set[frozenset[str]]):
    """Every one-value change of ``data`` (see the module's docstring)."""
    for path, value in nodes(data):
        if not path:
            continue
        near = neighbours(vocabulary.get(pattern(path), []), value)
        if isinstance(value, bool):
            yield Mutation(position, path, "flip", not value)
        elif isinstance(value, int):
            for new in dict.fromkeys((-1, 0, BIG, value + 1, value - 1)):
                if new != value:
                    yield Mutation(position, path, f"int {new}", new)
        elif isinstance(value, str):
            for new in (*near, GARBAGE):
                yield Mutation(position, path, f"str {new[:20]!r}", new)
        elif value is None:
            for new in (0, 1, *vocabulary.get(pattern(path), [])[:2]):
                yield Mutation(position, path, f"set {new!r}", new)
        elif isinstance(value, list) and value:
            yield Mutation(position, path, "empty", [])
            yield Mutation(position, path, "shorten", value[:-1])
            yield Mutation(position, path, "extra-last", [*value, value[-1]])
            yield Mutation(position, path, "extra-first", [value[0], *value])
        elif isinstance(value, dict) and value and frozenset(value) not in records:
            yield Mutation(position, path, "empty", {})
            for key in value:
                yield Mutation(position, (*path, key), "drop key", DROP)
                for new in neighbours(vocabulary.get(pattern((*path, key)) + " key", []), key):
                    if new not in value:
                        yield Mutation(position, (*path, key), f"rename {new}", rename=new)


def neighbours(values: list[Any], value: Any) -> list[Any]:
    """The values next to ``value`` among those met at the same place in real games (sorted as text)."""
    texts = [v for v in values if isinstance(v, str)]
    if value not in texts:
        return texts[:1]
    at = texts.index(value)
    return [texts[i] for i in (at - 1, at + 1) if 0 <= i < len(texts) and texts[i] != value]


def vocabulary_of(forms: list[Any]) -> dict[str, list[Any]]:
    """The texts met at each place (and the keys of each map) in the real positions."""
    seen: dict[str, set[Any]] = defaultdict(set)
    for data in forms:
        for path, value in nodes(data):
            if isinstance(value, str):
                seen[pattern(path)].add(value)
            if isinstance(value, dict):
                for key in value:
                    seen[pattern((*path, key)) + " key"].add(key)
    return {where: sorted(values, key=str) for where, values in seen.items()}


def sample(every: list[Mutation], count: int, seed: str) -> list[Mutation]:
    """``count`` mutations: one of each kind (field and change) in turn, at random within a kind; all if 0."""
    if not count or count >= len(every):
        return every
    rng = random.Random(seed)
    kinds: dict[str, list[Mutation]] = defaultdict(list)
    for mutation in every:
        kinds[mutation.kind].append(mutation)
    for group in kinds.values():
        rng.shuffle(group)
    order = sorted(kinds)
    chosen: list[Mutation] = []
    round_ = 0
    while len(chosen) < count:
        for kind in order:
            if round_ < len(kinds[kind]) and len(chosen) < count:
                chosen.append(kinds[kind][round_])
        round_ += 1
    return chosen


# --- playing a mutant ---------------------------------------------------------------------------------------


def play(game: Any, state: Any, seed: int) -> str | None:
    """Play ``state`` to the end with random legal commands; what went wrong, or None."""
    rng = random.Random(seed)
    where = "the start"
    try:
        for seat in range(_players(state)):
            game.view(state, seat)
        game.progress(state).words()
        for step in range(LONGEST_GAME):
            where = f"step {step}"
            if game.result(state) is not None:
                return None
            actors = game.to_act(state)
            if not actors:
                return f"{where}: the game is not over but nobody is to move"
            options = {}
            for seat in actors:
                options[seat] = game.legal(state, seat)
                if not options[seat]:
                    return f"{where}: seat {seat} is to move but has no legal command"
            seat = rng.choice(actors)
            if step == 0:
                problem = try_commands(game, state, actors, options[seat], rng)
                if problem:
                    return problem
            command = rng.choice(options[seat])
            where = f"{where}, {command!r}"
            game.apply(state, command)
    except IllegalCommand as exc:
        return f"{where}: a legal command was refused ({exc.reason})"
    except Exception as exc:  # noqa: BLE001 - any crash is what this test looks for
        return f"{where}: {type(exc).__name__}: {exc}"
    return f"the game has not ended after {LONGEST_GAME} steps"


def try_commands(game: Any, state: Any, actors: tuple[int, ...], legal: list[Any], rng: random.Random) -> str | None:
    """A few legal commands each applied to a copy; each also given for a seat not to move, which is refused."""
    others = [seat for seat in range(_players(state)) if seat not in actors]
    before = to_json(state)
    for command in rng.sample(legal, min(TRIED_COMMANDS, len(legal))):
        stranger = None
        where = f"the start, {command!r}"
        try:
            game.apply(copy.deepcopy(state), command)
            if others:
                stranger = dataclasses.replace(command, seat=rng.choice(others))
                where = f"the start, {stranger!r}"
                game.apply(state, stranger)
                return f"{where}: applied for a seat that is not to move"
        except IllegalCommand as exc:
            if stranger is None:
                return f"{where}: a legal command was refused ({exc.reason})"
            if to_json(state) != before:
                return f"{where}: refused, but the state changed"
        except Exception as exc:  # noqa: BLE001 - any crash is what this test looks for
            return f"{where}: {type(exc).__name__}: {exc}"
    return None


def _players(state: Any) -> int:
    for name in ("players", "count"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
        if isinstance(value, list):
            return len(value)
    raise AssertionError(
        f"{type(state).__name__} has no field 'players' (the number of seats, or a list with one entry a seat) nor "
        "'count': this test reads how many seats there are from it"
    )


@dataclasses.dataclass
class Tally:
    tried: int = 0
    undecodable: int = 0
    refused: int = 0
    played: int = 0


def run_mutants(
    game_id: str, count: int, per_game: int, table: tuple[int, ...] | None = None
) -> tuple[Tally, list[str]]:
    """Mutants of real positions (``count`` of them, 0 for all), each checked and, when accepted, played."""
    game = GAMES[game_id]
    forms = [to_json(state) for state in real_positions(game, per_game, table)]
    vocabulary = vocabulary_of(forms)
    records = record_keys(game.state_type)
    every = [m for index, data in enumerate(forms) for m in mutations(index, data, vocabulary, records)]
    tally, failures = Tally(), []
    for number, mutation in enumerate(sample(every, count, seed=game_id)):
        tally.tried += 1
        data = replaced(forms[mutation.position], mutation.path, mutation.value, mutation.rename)
        try:
            state = from_json(game.state_type, data)
        except (CodecError, TypeError, ValueError):
            tally.undecodable += 1
            continue
        label = f"{pattern(mutation.path)} ({'.'.join(map(str, mutation.path))[:60]}) {mutation.change}"
        try:
            problems = game.check_state(state)
        except Exception as exc:  # noqa: BLE001
            failures.append(f"{label}: check_state raised {type(exc).__name__}: {exc}")
            continue
        if problems:
            tally.refused += 1
            long = [p for p in problems if "\n" in p or len(p) > 200 or not p.isprintable()]
            if long:
                failures.append(f"{label}: a problem is not one short line: {long[0][:80]!r}")
            continue
        tally.played += 1
        failure = play(game, state, number)
        if failure:
            failures.append(f"{label}: {failure}")
    return tally, failures


def cases() -> list[Any]:
    return [
        pytest.param(game_id, table, id=game_id + (f"-{table[0]}p" if table else ""))
        for game_id in GAME_IDS
        for table in TABLES.get(game_id, (None,))
    ]


@pytest.mark.parametrize(("game_id", "table"), cases())
def test_every_start_position_check_state_accepts_can_be_played_to_the_end(game_id, table):
    larger = knob()
    if larger is None:
        tally, failures = run_mutants(game_id, FAST_MUTANTS.get(game_id, MUTANTS), POSITIONS, table)
    else:
        tally, failures = run_mutants(game_id, larger, LARGER_POSITIONS, table)
    where = f" ({table[0]} players)" if table else ""
    print(
        f"{game_id}{where}: {tally.tried} mutants tried, {tally.undecodable} not decoded, "
        f"{tally.refused} refused by check_state, {tally.played} accepted and played"
    )
    assert tally.refused and tally.played
    assert not failures, f"{len(failures)} mutants:\n" + "\n".join(failures[:15])
