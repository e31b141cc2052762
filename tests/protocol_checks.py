"""The game contract, checked at every step of seeded games: OpenSpiel's ``random_sim_test`` for every game.

``play_checked`` plays one game (random or greedy players) and checks at every step:

- *turns*: someone may act until the game ends; seats not in ``to_act`` have no legal command; each acting seat
  has legal commands, all different; a seat's View carries exactly its legal commands;
- *JSON*: the state survives the codec exactly (``from_json(state_type, ...)`` equal, same text again), every
  watched seat's View (below) survives the bot program's trip (``serve.question`` -> ``json.dumps``/``loads`` ->
  ``serve.read_view``) and carries no secret field, and every legal command the log's (``command_to_json``/
  ``command_from_json``) and the bot answer's (``serve.read_command``), each command once a game; a save
  (``match_to_json``/``match_from_json``) every ``SAVE_EVERY`` steps and a save file (``write_save``/
  ``load_match``) at the end load back to the same state and log;
- *sample*: ``sample(view)`` passes ``check_state`` and shows that seat the same View (every watched seat);
- *legal commands apply*: each applies to a copy and leaves ``check_state`` empty (all of them when there are
  at most ``APPLY_ALL``, else ``APPLY_ALL`` picked at random);
- *illegal commands*: ``ILLEGAL_PER_KIND`` of each kind (the game's own, wrong-typed fields, wrong seats,
  another game's command) raise ``IllegalCommand`` with a reason, never another exception, and leave the
  state's JSON byte-identical; looking (legal, view, sample) never changes the state either;
- *privacy*: for every watched seat, a state changed only in what that seat may not see (the game's ``hide``
  hook) shows it the same View and the same legal commands;
- *bounds*: ``check_state`` is empty after every command and the game ends within the game's step bound.

The watched seats of a step are the seats that may act and one more, in turn (``watched``): each seat every few
steps. Every seat at every step took a fifth of the whole check's time at 8 players (Stupéfix, 11.4 s a game
against 9.2 s) and told little more: a waiting seat's View changes only when someone acts.

A game in ``tabletop.games.GAMES`` gets all this by adding its ``GameHooks`` to ``HOOKS``; without an entry the
contract test fails and says so.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from tabletop.bots import make_bot
from tabletop.bots.serve import question, read_command, read_view
from tabletop.core.codec import from_json, to_json
from tabletop.core.commands import command_from_json, command_to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Command, Event, Game, IllegalCommand, View
from tabletop.core.rng import Rng
from tabletop.core.saves import load_match, match_from_json, match_to_json, write_save
from tests import contract_hooks as hooks

SAVE_EVERY = 40  # steps between in-memory save -> load -> replay checks (a replay costs the whole log)
APPLY_ALL = 12  # legal commands applied on copies per step: all of them up to this many, else this many
ILLEGAL_PER_KIND = 2  # refused commands tried per step of each kind: the game's, garbage, wrong seat, foreign
POLICIES = ("random", "greedy")

Options = Callable[[int, int], dict[str, Any]]
Illegal = Callable[[Any, int, random.Random], list[Command]]
Hide = Callable[[Any, int, random.Random], Any]
Policy = Callable[[Any, int, Sequence[Command], random.Random], Command]
Observe = Callable[[Any, Command, Sequence[Event], Counter], None]


@dataclass(frozen=True)
class GameHooks:
    """What the contract needs to know about one game beyond the protocol (see ``tests/contract_hooks.py``).

    ``games`` is the number of checked games per policy and player count at ``CONTRACT_SCALE=1``, played in
    test chunks of ``chunk`` games. ``extra_seeds`` are seeds played on top, chosen because their games reach
    a rare path that ``totals`` insists on.
    """

    options: Options  # (players, seed) -> the options a game starts with
    illegal: Illegal  # (state, acting seat, rng) -> commands the rules must refuse, in the game's own terms
    hide: Hide  # (state, seat, rng) -> a copy changed only in what ``seat`` may not see
    max_steps: int  # commands a game may take before it counts as endless
    games: dict[str, dict[int, int]]
    chunk: int
    extra_seeds: dict[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)
    random_policy: Policy | None = None  # how "random" players choose (default: uniformly)
    secret_fields: tuple[str, ...] = ()  # state fields no view's JSON may carry (beside ``rng``), a name check
    view_check: Callable[[Any, int, View], None] | None = None  # what a seat must see of its own
    step_check: Callable[[Any], None] | None = None  # invariants beyond check_state
    observe: Observe | None = None  # (state after, command, events, seen): counts paths for ``totals``
    end_check: Callable[[Any, int], None] | None = None  # (final state, steps)
    totals: Callable[[Counter], None] | None = None  # over all random games of the run


HOOKS: dict[str, GameHooks] = {
    "house-cup": GameHooks(
        options=hooks.house_cup_options,
        illegal=hooks.house_cup_illegal,
        hide=hooks.house_cup_hide,
        secret_fields=("deck",),
        max_steps=1000,
        games={"random": {2: 8, 3: 8, 4: 8}, "greedy": {2: 4, 3: 4, 4: 4}},
        chunk=4,
        view_check=hooks.house_cup_view_check,
    ),
    "stupefix": GameHooks(
        options=hooks.stupefix_options,
        illegal=hooks.stupefix_illegal,
        hide=hooks.stupefix_hide,
        secret_fields=("hands", "deck", "face_down", "protego"),
        max_steps=1000,
        games={"random": dict.fromkeys(range(4, 9), 3), "greedy": dict.fromkeys(range(4, 9), 1)},
        chunk=3,
        view_check=hooks.stupefix_view_check,
        observe=hooks.stupefix_observe,
        end_check=hooks.stupefix_end,
        totals=hooks.stupefix_totals,
    ),
    "house-cup-challenge": GameHooks(
        options=hooks.challenge_options,
        illegal=hooks.challenge_illegal,
        hide=hooks.challenge_hide,
        secret_fields=("draw", "special_deck"),
        max_steps=5000,
        games={"random": {2: 1, 3: 1, 4: 1}, "greedy": {2: 2, 3: 2, 4: 2}},
        chunk=1,
        random_policy=hooks.challenge_policy,
        view_check=hooks.challenge_view_check,
        end_check=hooks.challenge_end,
    ),
    "thats-wizard": GameHooks(
        options=hooks.wizard_options,
        illegal=hooks.wizard_illegal,
        hide=hooks.wizard_hide,
        secret_fields=("library", "scry_cards"),
        max_steps=2500,
        games={"random": {2: 8, 4: 3}, "greedy": {2: 8, 4: 3}},
        chunk=4,
        # Matches that play the rare spells and choices (the lethal and Dispel choices, Confusion, Nevermore...)
        # the totals require, found with benchmarks/contract.py --find-seeds.
        extra_seeds={("random", 2): (25, 42, 48), ("random", 4): (5, 38)},
        view_check=hooks.wizard_view_check,
        step_check=hooks.wizard_step_check,
        observe=hooks.wizard_observe,
        end_check=hooks.wizard_end,
        totals=hooks.wizard_totals,
    ),
}


class MissingHooks(AssertionError):
    pass


def hooks_for(game: Game) -> GameHooks:
    if game.id not in HOOKS:
        raise MissingHooks(
            f"{game.title} ({game.id!r}) is registered in tabletop.games.GAMES but has no contract hooks: add a "
            "GameHooks entry to HOOKS in tests/protocol_checks.py (its options, the commands its rules must "
            "refuse, a secret perturbation, a step bound, how many games to check) so the contract test covers it"
        )
    return HOOKS[game.id]


class ContractBroken(AssertionError):
    """A check of the contract failed; the message says which, and the game, seed and step that reproduce it."""


@dataclass
class Tally:
    """What the checked games of one game went through, for the per-game totals and the benchmark."""

    games: Counter = field(default_factory=Counter)  # (players, policy) -> games
    steps: Counter = field(default_factory=Counter)  # (players, policy) -> steps checked
    seen: Counter = field(default_factory=Counter)  # what the ``observe`` hook counted (random games)


TALLIES: dict[str, Tally] = {}


def tally(game_id: str) -> Tally:
    return TALLIES.setdefault(game_id, Tally())


# --- the game-independent illegal commands -----------------------------------------------------------------------
@dataclass(frozen=True)
class Stranger(Command):
    """A command no game knows."""


@dataclass(frozen=True)
class StrangerWithField(Command):
    card: str = "focus"


@cache
def field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def key(command: Command) -> tuple[type, str]:
    """Strict identity: ``True`` is not ``1`` and a list is not a tuple here, although ``==`` says they are."""
    return type(command), repr(command)


def wrong_values(tp: Any, current: Any) -> list[Any]:
    """Values of the wrong type (or well typed but impossible) for a field declared as ``tp``."""
    options = get_args(tp) if get_origin(tp) in (Union, UnionType) else (tp,)
    values: list[Any] = [[current]]  # a list never fits a command field
    if type(None) not in options:
        values.append(None)
    if int in options:
        values += [True, "1", 1.5, -1, 10**6]
    if str in options:
        values += [7, True, "", "no-such-card"]
    if bool in options:
        values += [1, "yes"]
    if any(get_origin(option) is Literal for option in options):
        values += ["no-such-value", 7]
    if any(get_origin(option) is tuple for option in options):
        values += ["no-such-card", ("no-such-card",), (None,), (7,)]
        if isinstance(current, tuple):
            values.append(list(current))  # a list where the type says tuple
    return values


def garbage_commands(command: Command, players: int) -> list[Command]:
    """``command`` with one field at a time made wrong: wrong types, unknown ids, seats that do not exist."""
    hints = field_types(type(command))
    out: list[Command] = []
    for f in dataclasses.fields(command):
        current = getattr(command, f.name)
        values = (
            [True, False, None, "0", -1, players, 1.0] if f.name == "seat" else wrong_values(hints[f.name], current)
        )
        out += [dataclasses.replace(command, **{f.name: value}) for value in values]
    return out


def placeholder(tp: Any) -> Any:
    """A plausible value of type ``tp``, to build another game's command."""
    origin = get_origin(tp)
    if origin in (Union, UnionType):
        return None if type(None) in get_args(tp) else placeholder(get_args(tp)[0])
    if origin is tuple:
        return ()
    if origin is Literal:
        return get_args(tp)[0]
    return {int: 0, str: "focus", bool: False}.get(tp)


def foreign_commands(game: Game, seat: int, games: dict[str, Game]) -> list[Command]:
    """Commands of every other registered game (and of no game), for ``seat``."""
    out: list[Command] = [Stranger(seat), StrangerWithField(seat), Command(seat)]
    for other in games.values():
        if other.id == game.id:
            continue
        for cls in other.command_types.values():
            hints = field_types(cls)
            fields = {f.name: placeholder(hints[f.name]) for f in dataclasses.fields(cls) if f.name != "seat"}
            out.append(cls(seat=seat, **fields))
    return out


# --- one game, checked at every step -----------------------------------------------------------------------------
class Checker:
    """Runs the checks of one game; ``check(name)`` wraps each so a failure names itself and how to reproduce it.

    With ``collect`` (benchmarks/contract.py) a failed check does not raise: its first occurrence is kept in
    ``met`` and the game goes on with the other checks (it stops when no command can be chosen any more).
    """

    def __init__(
        self, game: Game, players: int, policy: str, seed: int, games: dict[str, Game], collect: bool = False
    ) -> None:
        self.game = game
        self.hooks = hooks_for(game)
        self.players = players
        self.policy = policy
        self.seed = seed
        self.games = games
        self.collect = collect
        self.failures: Counter = Counter()  # check name -> steps at which it failed (with ``collect``)
        self.step = 0
        self.rng = random.Random(f"checks {seed}")  # the checks' randomness
        self.moves = random.Random(seed)  # the players': a game plays the same whichever checks run
        self.bot = make_bot(game, "greedy") if policy == "greedy" else None
        self.foreign: dict[int, list[Command]] = {}  # another game's commands, per seat
        self.read_back: set[tuple[type, str]] = set()  # legal commands whose JSON trips were checked (``key``)
        self.met: dict[str, str] = {}  # check name -> where it failed first (with ``collect``)

    def where(self) -> str:
        return f"{self.game.id}, {self.players} players, {self.policy} play, seed {self.seed}, step {self.step}"

    @contextmanager
    def check(self, name: str) -> Iterator[None]:
        try:
            yield
        except (MissingHooks, ContractBroken):
            raise
        except Exception as exc:
            found = f"{self.where()}: {type(exc).__name__}: {exc}"
            if not self.collect:
                raise ContractBroken(f"contract check '{name}' failed at {found}") from exc
            self.met.setdefault(name, found)
            self.failures[name] += 1

    def play(self, save_dir: Path) -> int:
        game = self.game
        options = self.hooks.options(self.players, self.seed)
        match = Match(game, [SeatInfo(f"P{i}", self.policy) for i in range(self.players)], options, self.seed)
        state = match.state
        seen = tally(game.id).seen if self.policy == "random" else Counter()
        while game.result(state) is None:
            command = self.check_step(state)
            if command is None:
                return self.step
            events: list[Event] = []
            with self.check("apply a legal command"):
                events = match.apply(command)
            with self.check("check_state after the command"):
                assert game.check_state(state) == [], game.check_state(state)
                if self.hooks.step_check:
                    self.hooks.step_check(state)
            if self.hooks.observe:
                self.hooks.observe(state, command, events, seen)
            self.step += 1
            if self.step % SAVE_EVERY == 0:
                with self.check("save -> load -> replay"):
                    self.check_save(match, save_dir, on_disk=False)
            if self.step >= self.hooks.max_steps:
                with self.check("the game ends within its bound"):
                    raise AssertionError(f"no result after {self.step} commands")
                return self.step
        self.check_end(match, save_dir)
        return self.step

    def check_step(self, state: Any) -> Command | None:
        with self.check("someone may act until the game ends"):
            assert self.game.to_act(state), "nobody may act, yet the game has no result"
        actors = self.game.to_act(state)
        if not actors:
            return None
        legal = self.check_turns(state, actors)
        text = self.check_state_json(state)
        frozen = pickle.dumps(state)
        seats = watched(self.step, actors, self.players)
        views = self.check_views(state, legal, seats)
        self.check_commands_json(legal)
        self.check_samples(views, seats)
        self.check_privacy(state, views, legal, seats)
        self.check_legal_commands_apply(frozen, legal)
        with self.check("looking at the state does not change it"):
            assert unchanged(state, frozen, text), "legal, view, sample or hide changed the state"
        actor = self.moves.choice(actors)
        self.check_illegal_commands(state, frozen, actor, legal, text)
        return self.choose(state, actor, legal[actor], views[actor])

    def check_turns(self, state: Any, actors: tuple[int, ...]) -> list[list[Command]]:
        legal = [self.game.legal(state, seat) for seat in range(self.players)]
        with self.check("only the acting seats have legal commands, all different"):
            assert all(0 <= seat < self.players for seat in actors), f"to_act {actors}"
            for seat in range(self.players):
                if seat in actors:
                    assert legal[seat], f"seat {seat} must act but has no legal command"
                    assert len(set(legal[seat])) == len(legal[seat]), f"seat {seat} has a legal command twice"
                    assert all(command.seat == seat for command in legal[seat]), f"seat {seat} has others' commands"
                else:
                    assert legal[seat] == [], f"seat {seat} may not act but has legal commands"
        return legal

    def check_state_json(self, state: Any) -> str:
        text = ""
        with self.check("the state survives JSON"):
            text = json.dumps(to_json(state))
            again = from_json(self.game.state_type, json.loads(text))
            assert again == state, "the state read back from JSON differs (a type declared wrong?)"
            assert json.dumps(to_json(again)) == text
        return text

    def check_views(self, state: Any, legal: list[list[Command]], seats: Sequence[int]) -> list[View]:
        """Every seat's View shows its seat and legal commands; the watched ``seats``' survive JSON, unleaked."""
        game = self.game
        views = []
        for seat in range(self.players):
            view = game.view(state, seat)
            views.append(view)
            with self.check("a view shows its seat and its legal commands"):
                assert isinstance(view, game.view_type) and view.seat == seat
                assert list(view.legal) == legal[seat], "view.legal is not legal()"
                if self.hooks.view_check:
                    self.hooks.view_check(state, seat, view)
            if seat not in seats:
                continue
            data: Any = {}
            with self.check("a view survives the bot program's JSON"):
                data = json.loads(json.dumps(question(self.step, game.id, "greedy", view, self.seed)))["view"]
                assert read_view(game, data) == view, f"seat {seat}'s view read back from JSON differs"
            with self.check("a view carries no secret field"):
                leaked = field_names(data) & {"rng", *self.hooks.secret_fields}
                assert not leaked, f"seat {seat}'s view JSON has the state's secret field(s) {sorted(leaked)}"
        return views

    def check_commands_json(self, legal: list[list[Command]]) -> None:
        """Each legal command once a game: the same command (``key``: its type and every field's value) makes the
        same trips, and a game offers the same few again and again (That's Wizard! 4 players: 245 different in
        11,473 legal commands, House Cup Challenge 1,841 in 15,145)."""
        with self.check("a legal command survives JSON"):
            for commands in legal:
                for command in commands:
                    identity = key(command)
                    if identity in self.read_back:
                        continue
                    data = json.loads(json.dumps(command_to_json(command)))
                    for again in (command_from_json(self.game.command_types, data), read_command(self.game, data)):
                        assert key(again) == identity, f"{command!r} read back as {again!r}"
                    self.read_back.add(identity)

    def check_samples(self, views: list[View], seats: Sequence[int]) -> None:
        for seat in seats:
            view = views[seat]
            with self.check("sample(view) gives back that view"):
                sampled = self.game.sample(view, Rng(self.seed * 100_003 + self.step * 31 + seat))
                assert self.game.check_state(sampled) == [], f"seat {seat}: {self.game.check_state(sampled)}"
                assert self.game.view(sampled, seat) == view, f"seat {seat}: the sampled state shows another view"

    def check_privacy(self, state: Any, views: list[View], legal: list[list[Command]], seats: Sequence[int]) -> None:
        for seat in seats:
            view = views[seat]
            other = state
            with self.check("the secret perturbation is a sound state (a test bug if not)"):
                other = self.hooks.hide(state, seat, self.rng)
                assert self.game.check_state(other) == [], self.game.check_state(other)
            with self.check("a view hides what its seat may not see"):
                seen = self.game.view(other, seat)
                assert seen == view, (
                    f"seat {seat}'s view changed when only what it may not see changed: "
                    f"{diff(to_json(view), to_json(seen))}"
                )
                assert self.game.legal(other, seat) == legal[seat], f"seat {seat}'s legal commands changed"

    def check_legal_commands_apply(self, frozen: bytes, legal: list[list[Command]]) -> None:
        """``frozen`` is the state pickled: a cheap exact copy for each trial (tests only; the app never pickles)."""
        commands = [command for seat_commands in legal for command in seat_commands]
        if len(commands) > APPLY_ALL:
            commands = self.rng.sample(commands, APPLY_ALL)
        for command in commands:
            with self.check("every legal command applies and leaves a sound state"):
                trial = pickle.loads(frozen)
                self.game.apply(trial, command)
                assert self.game.check_state(trial) == [], f"{command!r}: {self.game.check_state(trial)}"

    def illegal_commands(self, state: Any, actor: int, legal: list[list[Command]]) -> list[tuple[str, Command]]:
        """``ILLEGAL_PER_KIND`` commands of each kind that no seat may give now."""
        allowed = {key(command) for commands in legal for command in commands}
        idle = [seat for seat in range(self.players) if not legal[seat]]
        kinds = {
            "the game's own": self.hooks.illegal(state, actor, self.rng),
            "another game's": self.foreign.setdefault(actor, foreign_commands(self.game, actor, self.games)),
        }
        if legal[actor]:  # a legal command made wrong (none at the end of a game)
            kinds["garbage"] = garbage_commands(self.rng.choice(legal[actor]), self.players)
            kinds["wrong seat"] = [dataclasses.replace(self.rng.choice(legal[actor]), seat=s) for s in idle]
        out = []
        for kind, candidates in kinds.items():
            refused = [command for command in candidates if key(command) not in allowed]
            out += [(kind, command) for command in self.rng.sample(refused, min(ILLEGAL_PER_KIND, len(refused)))]
        return out

    def check_illegal_commands(
        self, state: Any, frozen: bytes, actor: int, legal: list[list[Command]], text: str
    ) -> None:
        """Each refused command is tried on an exact copy, so one that is wrongly applied cannot spoil the game."""
        for kind, command in self.illegal_commands(state, actor, legal):
            trial = pickle.loads(frozen)
            applied = False
            with self.check("an illegal command raises IllegalCommand"):
                try:
                    self.game.apply(trial, command)
                    applied = True
                except IllegalCommand as refused:
                    assert refused.reason, f"{command!r} is refused without a reason"
                except Exception as exc:
                    raise AssertionError(f"{kind} command {command!r} raised {type(exc).__name__}: {exc}") from exc
                if applied:
                    raise AssertionError(f"{kind} command {command!r} was applied")
            if not applied:
                with self.check("a refused command leaves the state byte-identical"):
                    assert unchanged(trial, frozen, text), f"{kind} command {command!r} changed the state"

    def choose(self, state: Any, actor: int, legal: list[Command], view: View) -> Command | None:
        """The next command: the random policy from the players' generator, or the greedy bot from ``view``
        (equal to what the bot program rebuilds from its JSON, checked above)."""
        if self.bot is None:
            policy = self.hooks.random_policy
            return policy(state, actor, legal, self.moves) if policy else self.moves.choice(legal)
        command = None
        with self.check("the greedy bot answers with a legal command"):
            command = self.bot.choose(view, Rng(self.seed * 1000 + self.step))
            assert key(command) in {key(c) for c in legal}, f"{command!r} is not legal"
        return command

    def check_save(self, match: Match, save_dir: Path, on_disk: bool) -> None:
        registry = {self.game.id: self.game}
        if on_disk:
            path = save_dir / f"{self.game.id}-{self.seed}.json"
            write_save(match, path)
            loaded = load_match(path, registry)
        else:
            text = json.dumps(match_to_json(match), indent=1, ensure_ascii=False)
            loaded = match_from_json(save_dir / "in-memory.json", json.loads(text), registry)
        assert json.dumps(to_json(loaded.state)) == json.dumps(to_json(match.state)), "another state"
        assert [key(c) for c in loaded.log] == [key(c) for c in match.log], "another log"

    def check_end(self, match: Match, save_dir: Path) -> None:
        game, state = self.game, match.state
        with self.check("a finished game has a result and nobody to act"):
            assert game.to_act(state) == ()
            result = game.result(state)
            assert result is not None and len(result.scores) == self.players
            assert len(set(result.winners)) == len(result.winners)
            assert all(0 <= seat < self.players for seat in result.winners)
        legal = self.check_turns(state, ())
        text = self.check_state_json(state)
        every = tuple(range(self.players))  # (the end: every seat)
        views = self.check_views(state, legal, every)
        self.check_samples(views, every)
        self.check_privacy(state, views, legal, every)
        self.check_illegal_commands(state, pickle.dumps(state), 0, legal, text)  # nothing is legal any more
        with self.check("save -> load -> replay"):
            self.check_save(match, save_dir, on_disk=False)
            self.check_save(match, save_dir, on_disk=True)
        with self.check("a game played again (Play again) starts from legal options"):
            again = game.rematch_options(match.options, match.seed + 1)
            assert game.check_options(self.players, again) is None
            game.setup(self.players, again, match.seed + 1)
        if self.hooks.end_check:
            with self.check("the game's own end-of-game check"):
                self.hooks.end_check(state, self.step)


def watched(step: int, actors: Sequence[int], players: int) -> tuple[int, ...]:
    """The seats whose Views a step checks in full: those that may act, and seat ``step % players``."""
    return tuple(sorted({*actors, step % players}))


def field_names(data: Any) -> set[str]:
    """Every key in a JSON value, except inside tagged objects (commands: a view's legal moves have fields of
    their own, such as Stupéfix's ``face_down`` choice)."""
    if isinstance(data, list):
        return set().union(*(field_names(item) for item in data))
    if not isinstance(data, dict) or "type" in data:
        return set()
    return set(data).union(*(field_names(value) for value in data.values()))


def unchanged(state: Any, frozen: bytes, text: str) -> bool:
    """Whether ``state``'s JSON is still ``text`` (the same pickle proves it at a fraction of the cost)."""
    return pickle.dumps(state) == frozen or json.dumps(to_json(state)) == text


def diff(left: Any, right: Any, path: str = "view") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(left, dict) and isinstance(right, dict):
        for name in left:
            if left[name] != right.get(name):
                return diff(left[name], right.get(name), f"{path}.{name}")
    if isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            if a != b:
                return diff(a, b, f"{path}[{index}]")
    return f"{path}: {left!r} became {right!r}"


def play_checked(game: Game, players: int, policy: str, seed: int, save_dir: Path, games: dict[str, Game]) -> int:
    """One game checked at every step; returns the steps checked. Raises ContractBroken on a failed check."""
    steps = Checker(game, players, policy, seed, games).play(save_dir)
    record = tally(game.id)
    record.games[(players, policy)] += 1
    record.steps[(players, policy)] += steps
    return steps


def chunks(scale: float, games: dict[str, Game]) -> list[tuple[str, int, str, tuple[int, ...]]]:
    """(game id, players, policy, seeds) for every test chunk: each game, player count and policy."""
    out = []
    for game_id in sorted(games):
        if game_id not in HOOKS:
            out.append((game_id, 0, "random", ()))  # fails with MissingHooks
            continue
        spec = HOOKS[game_id]
        for policy in POLICIES:
            for players, count in spec.games[policy].items():
                total = max(1, round(count * scale))
                seeds = list(range(total)) + [s for s in spec.extra_seeds.get((policy, players), ()) if s >= total]
                for start in range(0, len(seeds), spec.chunk):
                    out.append((game_id, players, policy, tuple(seeds[start : start + spec.chunk])))
    return out


def play_unchecked(game: Game, players: int, seed: int) -> Counter:
    """The random-policy game ``play_checked`` plays with ``seed``, without the checks (the players draw from
    their own generator, so the moves are the same): what its ``observe`` hook counts."""
    spec = hooks_for(game)
    state = game.setup(players, spec.options(players, seed), seed)
    moves = random.Random(seed)
    seen: Counter = Counter()
    for _step in range(spec.max_steps):
        if game.result(state) is not None:
            break
        actor = moves.choice(game.to_act(state))
        legal = game.legal(state, actor)
        command = spec.random_policy(state, actor, legal, moves) if spec.random_policy else moves.choice(legal)
        events = game.apply(state, command)
        if spec.observe:
            spec.observe(state, command, events, seen)
    return seen
