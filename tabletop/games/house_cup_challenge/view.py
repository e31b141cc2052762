"""What one seat may see of a House Cup Challenge table, and a full state consistent with it for search bots.

Hidden: the other players' hands (only their size shows), the order and contents of the Adventure draw pile
and of the Special deck, and the random generator. Everything else lies face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from tabletop.core.frozen import frozen
from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge.cards import ALL_ADVENTURES, SPECIAL_ORDER
from tabletop.games.house_cup_challenge.rules import legal, to_act
from tabletop.games.house_cup_challenge.state import (
    ActionExtra,
    ChallengeState,
    EncounterPhase,
    EndReason,
    Player,
    Task,
    TaskKind,
    WandToken,
)


@dataclass(frozen=True)
class PlayerView:
    character: str
    cell: str
    abilities: tuple[tuple[str, int], ...]
    vp: int
    hand: tuple[str, ...] | None  # None: another seat's hand
    hand_count: int
    completed: tuple[str, ...]
    specials_up: tuple[str, ...]
    specials_down: tuple[str, ...]
    wand_token: WandToken
    harry_used: bool

    def ability(self, name: str) -> int:
        return dict(self.abilities)[name]


@dataclass(frozen=True)
class TaskView:
    kind: TaskKind
    seat: int
    card: str
    cell: str
    came_from: str
    options: tuple[str, ...]
    seats: tuple[int, ...]
    phase: EncounterPhase
    boosts: tuple[tuple[str, int], ...]
    used: int
    retried: bool
    extra: ActionExtra
    chosen: bool
    bonus: bool


@dataclass(frozen=True, kw_only=True)
class ChallengeView(View):
    players: tuple[PlayerView, ...]
    wand: int
    prefect: int
    year: int
    track: int
    stalemate_points: int
    round: int
    step: int
    setup: bool
    acted: int
    board: tuple[tuple[str, str], ...]  # (cell, card), in board order
    draw_count: int
    discard: tuple[str, ...]
    aside: tuple[str, ...]
    year_decks: tuple[tuple[int, tuple[str, ...]], ...]
    special_count: int
    tasks: tuple[TaskView, ...]
    scored: bool
    dry_rounds: int
    ending: bool
    over: bool
    end_reason: EndReason
    to_act: tuple[int, ...]

    @property
    def me(self) -> PlayerView:
        return self.players[self.seat]

    def board_map(self) -> dict[str, str]:
        return dict(self.board)


def _player(player: Player, mine: bool) -> PlayerView:
    """The PlayerView of ``player``, the one made at an earlier view when nothing it shows has changed since.

    At a step usually one player changes (the one who acted), yet each view showed all four again: four
    PlayerViews were a third of a view's cost. ``_PLAYERS`` keeps, by the player's id, copies of the fields a
    PlayerView reads and the views made from them (another seat's, the player's own); equal fields make an equal
    view, so a kept view is handed out only after comparing every field with its copy (lists and dicts in C).
    The entry holds the player's abilities dict itself and asks for that very dict: a view lists the abilities
    in the dict's order, which equal contents do not tell apart, and the rules only assign to its keys (which
    keeps the order); another player later given the same id cannot have that dict, so it is built afresh."""
    abilities = player.abilities
    seen = (
        player.cell,
        player.vp,
        player.hand,
        player.completed,
        player.specials_up,
        player.specials_down,
        abilities,
        player.wand_token,
        player.harry_used,
        player.character,
    )
    known = _PLAYERS.get(id(player))
    if known is not None and known[0] is abilities and known[1] == seen:
        made = known[3] if mine else known[2]
        if made is not None:
            return made
        # The same player from the other side: every field but the hand is the kept view's.
        values = dict((known[2] or known[3]).__dict__)
        hand = player.hand
        values["hand"] = (tuple(hand) if hand else ()) if mine else None
        made = frozen(PlayerView, values)
    else:
        made = _build_player(player, mine)
        if len(_PLAYERS) >= _PLAYERS_KEPT:
            _PLAYERS.clear()
        copies = (
            player.cell,
            player.vp,
            player.hand[:],
            player.completed[:],
            player.specials_up[:],
            player.specials_down[:],
            abilities.copy(),
            player.wand_token,
            player.harry_used,
            player.character,
        )
        known = _PLAYERS[id(player)] = [abilities, copies, None, None]
    known[3 if mine else 2] = made
    return made


# id(player) -> [its abilities dict, copies of the fields a PlayerView reads, another seat's view, its own view].
_PLAYERS: dict[int, list[Any]] = {}
_PLAYERS_KEPT = 512  # players remembered (a search's sampled worlds bring new ones); past that it starts again


def _build_player(player: Player, mine: bool) -> PlayerView:
    # ``tuple(x) if x else ()``: many of these lists are empty, and () is what tuple() would give.
    hand, completed, up, down = player.hand, player.completed, player.specials_up, player.specials_down
    return frozen(
        PlayerView,
        {
            "character": player.character,
            "cell": player.cell,
            "abilities": tuple(player.abilities.items()),
            "vp": player.vp,
            "hand": (tuple(hand) if hand else ()) if mine else None,
            "hand_count": len(hand),
            "completed": tuple(completed) if completed else (),
            "specials_up": tuple(up) if up else (),
            "specials_down": tuple(down) if down else (),
            "wand_token": player.wand_token,
            "harry_used": player.harry_used,
        },
    )


def _task(task: Task) -> TaskView:
    """The TaskView of ``task``, kept by everything it shows: the same few tasks come back all the time (each
    seat's action, the common encounters), and a view made once is shared (it is frozen)."""
    options, seats, boosts = task.options, task.seats, task.boosts
    shown = (
        task.kind,
        task.seat,
        task.card,
        task.cell,
        task.came_from,
        tuple(options) if options else (),
        tuple(seats) if seats else (),
        task.phase,
        tuple(boosts.items()) if boosts else (),
        task.used,
        task.retried,
        task.extra,
        task.chosen,
        task.bonus,
    )
    made = _TASKS.get(shown)
    if made is None:
        if len(_TASKS) >= _TASKS_KEPT:
            _TASKS.clear()
        made = _TASKS[shown] = frozen(TaskView, dict(zip(_TASK_FIELDS, shown, strict=True)))
    return made


_TASK_FIELDS = tuple(item.name for item in fields(TaskView))
_TASKS: dict[tuple, TaskView] = {}  # a TaskView's fields, in order -> the view
_TASKS_KEPT = 4096


def make_view(state: ChallengeState, seat: int, commands: Sequence[Command] | None = None) -> ChallengeView:
    """``commands``: ``legal(state, seat)`` when the caller has just made it (the playouts), so it is not made
    twice."""
    tasks = state.tasks
    return frozen(
        ChallengeView,
        {
            "seat": seat,
            "legal": tuple(legal(state, seat) if commands is None else commands),
            "players": tuple([_player(player, index == seat) for index, player in enumerate(state.players)]),
            "wand": state.wand,
            "prefect": state.prefect,
            "year": state.year,
            "track": state.track,
            "stalemate_points": state.stalemate_points,
            "round": state.round,
            "step": state.step,
            "setup": state.setup,
            "acted": state.acted,
            "board": tuple(state.board.items()),
            "draw_count": len(state.draw),
            "discard": tuple(state.discard),
            "aside": tuple(state.aside) if state.aside else (),
            "year_decks": tuple([(year, tuple(cards)) for year, cards in state.year_decks.items()]),
            "special_count": len(state.special_deck),
            "tasks": tuple([_task(task) for task in tasks]),
            "scored": state.scored,
            "dry_rounds": state.dry_rounds,
            "ending": state.ending,
            "over": state.over,
            "end_reason": state.end_reason,
            "to_act": to_act(state),
        },
    )


def sample_state(view: ChallengeView, rng: Rng) -> ChallengeState:
    """A full state that shows ``view.seat`` exactly ``view``: the unseen cards are dealt at random."""
    seen: set[str] = set(view.discard) | set(view.aside) | {card for _, card in view.board}
    for _, cards in view.year_decks:
        seen.update(cards)
    for player in view.players:
        seen.update(player.completed)
        seen.update(player.hand or ())
    seen.update(task.card for task in view.tasks if task.kind == "place")
    pool = [card for card in ALL_ADVENTURES if card not in seen]
    rng.shuffle(pool)
    players = []
    for player in view.players:
        hand = list(player.hand) if player.hand is not None else [pool.pop() for _ in range(player.hand_count)]
        players.append(
            Player(
                player.character,
                player.cell,
                dict(player.abilities),
                player.vp,
                hand,
                list(player.completed),
                list(player.specials_up),
                list(player.specials_down),
                player.wand_token,
                player.harry_used,
            )
        )
    if len(pool) != view.draw_count:
        raise ValueError("the view does not account for every Adventure Card")
    owned = {card for player in view.players for card in (*player.specials_up, *player.specials_down)}
    specials = [card for card in SPECIAL_ORDER if card not in owned]
    rng.shuffle(specials)
    tasks = [
        Task(
            t.kind,
            t.seat,
            t.card,
            t.cell,
            t.came_from,
            list(t.options),
            list(t.seats),
            t.phase,
            dict(t.boosts),
            t.used,
            t.retried,
            t.extra,
            t.chosen,
            t.bonus,
        )
        for t in view.tasks
    ]
    return ChallengeState(
        players=players,
        rng=rng.fork(),
        wand=view.wand,
        prefect=view.prefect,
        year_decks={year: list(cards) for year, cards in view.year_decks},
        draw=pool,
        discard=list(view.discard),
        board=dict(view.board),
        special_deck=specials,
        aside=list(view.aside),
        year=view.year,
        track=view.track,
        stalemate_points=view.stalemate_points,
        round=view.round,
        step=view.step,
        setup=view.setup,
        acted=view.acted,
        tasks=tasks,
        scored=view.scored,
        dry_rounds=view.dry_rounds,
        ending=view.ending,
        over=view.over,
        end_reason=view.end_reason,
    )
