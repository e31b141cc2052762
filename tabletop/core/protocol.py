"""The one protocol every game speaks, for the UI, the bots, the saves and the tests.

A game is a ``Game`` record: ``setup``, ``to_act``, ``legal``, ``apply``, ``view``, ``result``, ``sample`` and the
rest, each a plain function of the game's package, with the optional parts' defaults written once here (as
boardgame.io fills a game's defaults in one place). Commands are what a seat asks for; events are what happened.
Both are small frozen dataclasses with a JSON form (``tabletop.core.codec``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tabletop.core.rng import Rng
from tabletop.core.validate import field_problem
from tabletop.i18n import Phrase


@dataclass(frozen=True)
class Command:
    """Something one seat asks the rules to do. Subclasses add their own fields."""

    TAGGED: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, for the log, animation and sound.

    ``to`` limits who may see the event (``None``: everyone). A private fact is told as two events: the full
    one to its owner and a redacted one to the others. ``IRREVERSIBLE`` marks events that reveal something or
    draw on chance (a deal, a reveal, a shuffle, a die): a command that caused one cannot be undone (``irreversible``).
    """

    TAGGED: ClassVar[bool] = True
    IRREVERSIBLE: ClassVar[bool] = False
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """``seat=None`` stands for an onlooker who sees only public events."""
        return self.to is None or (seat is not None and seat in self.to)

    def irreversible(self) -> bool:
        """Whether the command that caused this event can no longer be taken back: ``IRREVERSIBLE``, unless the
        event says otherwise from what happened (a draw from two empty piles draws nothing and shows nothing)."""
        return self.IRREVERSIBLE


@dataclass(frozen=True, kw_only=True)
class View:
    """Exactly what one seat may see, including the commands it may give now."""

    seat: int
    legal: tuple[Command, ...]


@dataclass(frozen=True)
class Result:
    """The end of a game. ``scores`` are per seat; ``winners`` share the win."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str


class IllegalCommand(Exception):
    """A command the rules refuse; ``reason`` is written for the player who tried it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


S = TypeVar("S")  # a game's State
V = TypeVar("V", bound=View)  # a game's View
Policy = Callable[["Game[Any, Any]", Any, int, list[Command], Rng], Command]


def _always_secret(state: Any, seat: int) -> bool:
    return True


def own_side(options: Mapping[str, Any], players: int, seat: int) -> Hashable:
    """``Game.side_of`` of a game without teams: each seat its own side."""
    return seat


def _never_public(state: Any) -> bool:
    return False


def _never_shared(state: Any) -> bool:
    return False


def _no_opening(state: Any) -> list[Event]:
    return []


def _as_written(message: str) -> str:
    return message


def _no_pages() -> tuple[tuple[str, str], ...]:
    return ()


def _no_figures(state: Any, events: Sequence[Event]) -> list[dict[str, Any]]:
    return []


def _same_options(options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    return dict(options)


@dataclass(frozen=True, kw_only=True)
class SearchSettings:
    """How the search bot (``tabletop.bots.ismcts``) plays a game; every setting has its default here."""

    playout_policy: Policy | None = None  # how playouts move (None: the greedy bot, now and then at random)
    evaluate: Callable[[Any, int], float] | None = None  # a position's win chance for a seat (long games)
    playout_depth: int | None = None  # with ``evaluate``: playouts stop after this many commands
    team_of: Callable[[Any, int], Hashable] | None = None  # team games: the margin is over the other teams
    score_scale: float = 50.0  # the score margin that counts as clear in the search's reward
    search_candidates: Callable[[Any, list[Command]], list[Command]] | None = None  # root moves worth comparing
    # Set: no tree; every root candidate is played out on the same sampled worlds with the same dice, and a move
    # other than the heuristic's is taken only when it beats it by this many standard errors of the paired
    # differences (``ISMCTSBot._compare``). None: the tree search.
    paired_margin: float | None = None
    # Under the tree search, the decisions played out as ``paired_margin`` plays every one (``choice_margin``
    # standard errors): a small choice whose moves differ by a detail (That's Wizard!'s Shock going first for +1
    # Damage, or second), where a tree's playouts over independent worlds split its visits by noise alone.
    paired_choice: Callable[[Any, list[Command]], bool] | None = None
    choice_margin: float = 2.0
    # A paired choice's playouts stop once ``choice_horizon(state)`` changes (That's Wizard!'s count of finished
    # duels: what follows a duel does not depend on how it was won, and played out it only adds noise), and
    # ``settled_value(state, seat)``, a reward on the scale of ``ISMCTSBot.reward``, stands for the rest.
    choice_horizon: Callable[[Any], Hashable] | None = None
    settled_value: Callable[[Any, int], float] | None = None
    hard_budget: float = 0.8  # seconds of search per decision; keeps the 95th percentile under one second


@dataclass(frozen=True, kw_only=True)
class Game(Generic[S, V]):
    """Everything a game provides, written once: the members without a default are required; the optional
    ones carry their defaults here. A game package defines one ``GAME = Game(...)`` from its own functions."""

    id: str
    title: str  # in English, the game's message id (marked ``N_``): shown as ``gettext(title)``; saves keep it so
    blurb: str  # in English, the game's message id: the screens show ``gettext(blurb)``
    player_counts: tuple[int, ...]
    # Raised whenever a change to the rules or to the State's shape would stop an older save from replaying to
    # the same position; saves record it, so an older save is replayed without comparing its snapshot.
    rules_version: int
    state_type: type[S]  # saves and start positions are rebuilt as it
    view_type: type[V]  # what ``view`` returns (its JSON form is what a bot process receives)
    command_types: Mapping[str, type[Command]]
    default_options: Callable[[int], dict[str, Any]]
    check_options: Callable[[int, Mapping[str, Any]], str | None]  # None when usable, else why not
    seat_label: Callable[[Mapping[str, Any], int], str]  # how the rules name a seat (a house, a wizard)
    setup: Callable[[int, Mapping[str, Any], int], S]  # (players, options, seed)
    to_act: Callable[[S], tuple[int, ...]]
    legal: Callable[[S, int], list[Command]]
    play: Callable[[S, Command], list[Event]]  # the rules of one command (``apply`` checks its shape first)
    view: Callable[[S, int], V]
    result: Callable[[S], Result | None]
    sample: Callable[[V, Rng], S]  # a full state consistent with everything the view shows, for search bots
    check_state: Callable[[S], list[str]]  # broken invariants; empty when sound
    describe: Callable[[Event, Sequence[str]], str]  # one log line for an event, naming seats by the names
    progress: Callable[[S], Phrase]  # where the game stands in a few words ("Round 2 of 4"), for the Load list

    playable: bool = True
    players_label: str = ""  # how the menu says who plays ("1 vs 1, 2 vs 2", a message id); else from the counts
    # What a table of so many players is called where the number alone would mislead (That's Wizard!'s 4 is
    # "Duos (2 vs 2)", not "4 players"): Continue and the Load list say it, through ``gettext``.
    table_names: Mapping[int, str] = field(default_factory=dict)
    emblem: str = ""  # the picture (an image under art/, no extension) the game list shows beside its name
    # Whether the table shown to a seat holds something another person must not see (pass-and-play).
    has_secrets: Callable[[S, int], bool] = _always_secret
    # Whether the seats to act now choose in the open, several people at one screen at once (no privacy screen).
    in_public: Callable[[S], bool] = _never_public
    # Whether the seats to act now make one choice between them, the first answer deciding (That's Wizard!'s two
    # allies on one Spell Power): the app then asks a bot only when no person is among them.
    shared_choice: Callable[[S], bool] = _never_shared
    opening: Callable[[S], list[Event]] = _no_opening  # what the log tells of the starting position
    # The part of the game a replay's timeline marks and jumps between (a round, a year); None: ``progress``.
    chapter: Callable[[S], Phrase] | None = None
    # What the statistics count of a finished game, per seat (House Cup's points by category, Stupéfix's times
    # stunned...), from its final state and every event of it; numbers add up, texts group (a spellbook).
    statistics: Callable[[S, Sequence[Event]], Sequence[dict[str, Any]]] = _no_figures
    # Which side a seat plays on, from the options and the number of players (a house of Stupéfix, a team of
    # Duos): the seats of one side win together, each a whole win in the statistics; by default a seat is a side.
    side_of: Callable[[Mapping[str, Any], int, int], Hashable] = own_side
    # The options of a game played again with the same seats (Play again), from the last one's and the new seed:
    # what the setup drew at random is drawn again (That's Wizard!'s bots' spellbooks); by default the same.
    rematch_options: Callable[[Mapping[str, Any], int], dict[str, Any]] = _same_options
    # What one seat's own View holds that the other seats do not see (its hand, its secret tokens, its hidden
    # pick), as short lines naming the cards as the game does ("Hand: Chaos, Focus"), read from that View
    # alone. A finished game's replay lists every seat's at once ("Every card open"); None: a game without.
    secrets: Callable[[V], list[str]] | None = None
    # The game's own catalogue of messages (tabletop/i18n.py ``Domain``): the shell shows the words a game hands
    # it as English keys (its blurb, its statistics' and results' labels) through it, in the current language.
    gettext: Callable[[str], str] = _as_written
    # The in-app rules as (heading, text) and every card as (name, what it does), made in the current language
    # each time they are asked for (the record lives as long as the app, across changes of language).
    rules_sections: Callable[[], Sequence[tuple[str, str]]] = _no_pages
    card_entries: Callable[[], Sequence[tuple[str, str]]] = _no_pages
    bot_types: Mapping[str, Callable[[], Bot]] = field(default_factory=dict)  # the game's heuristics ("greedy")
    bot_moves: Callable[[list[Command]], list[Command]] | None = None  # legal less what a bot never weighs
    search: SearchSettings = SearchSettings()

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def shown_name(self, options: Mapping[str, Any], seat: int, name: str) -> str:
        """A seat's name as the screens show it: a seat named as the rules name it (``seat_label``: in House Cup
        its house by its English name, as a new game's seats are unless someone types a name, and as the example
        saves name them) is shown in the current language."""
        return self.gettext(name) if name == self.seat_label(options, seat) else name

    def shown_names(self, options: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        return [self.shown_name(options, seat, name) for seat, name in enumerate(names)]

    @cached_property
    def command_classes(self) -> frozenset[type[Command]]:
        """The types of ``command_types``, for ``apply``'s first check (a set: it runs at every step)."""
        return frozenset(self.command_types.values())

    def apply(self, state: S, command: Command) -> list[Event]:
        """Change ``state`` and return what happened, or raise IllegalCommand leaving it untouched. A command
        that is not one of this game's, or whose fields do not have their declared types, is refused first."""
        if type(command) not in self.command_classes:
            raise IllegalCommand(f"That is not a move of {self.title}.")
        problem = field_problem(command)
        if problem is not None:
            raise IllegalCommand(f"A malformed move: {problem}.")
        return self.play(state, command)


def players_text(game: Game) -> str:
    counts = game.player_counts
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return " or ".join(str(n) for n in counts)


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    return [event for event in events if event.visible_to(seat)]


class Bot(Protocol):
    """A player that sees only its own seat's View and answers with one of ``view.legal``."""

    id: str

    def choose(self, view: View, rng: Rng) -> Command: ...
