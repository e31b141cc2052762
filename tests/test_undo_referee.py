"""A referee for Undo: what it takes back, and that it never lets a player peek.

``Match.can_undo`` trusts each game's ``Event.irreversible()`` (its ``IRREVERSIBLE`` flag unless the event knows
better). This referee decides on its own whether a command showed its seat something it did not know: before each
command by seat S, K copies of the state are made that differ only in what S may not see (the contract test's secret
perturbations, ``tests/contract_hooks.py``, checked sound and invisible to S first), and the same command is applied
to each. If S's view after the command (or the log lines S is told) differs between the real state and a copy, the
command showed S something: Undo must then be refused. Where Undo is allowed, it must give back exactly the position
(the state's JSON, every seat's view and legal commands, the log) that a new Match replaying the shorter log from
the seed makes, and the same command played again must give the same state as before the Undo.

Where Undo is refused though nothing was shown to anyone (a conservative flag: safe, but a convenience lost), the
command is counted by game and kind; so are commands after which another seat's view depended on what that seat
could not see while S may still undo (S's move told T something; not a peek of S's). Run as a script to see the
counts: ``python tests/test_undo_referee.py``.

At the table (headless, ``tests/ui_driver.py``): one person against bots; after each of the person's commands
the bar's Undo is lit exactly when the session (the table) may undo, Ctrl+Z and the button take back the
person's last command and never a bot's, and the table then shows what a freshly opened table of the shorter log
shows (the prompt, the person's view).
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import Command, Event, Game, IllegalCommand, visible_events
from tabletop.games import GAMES
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tests import contract_hooks as hooks
from tests.ui_driver import Driver

NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hana"]
OPTIONS: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "house-cup": hooks.house_cup_options,
    "stupefix": hooks.stupefix_options,
    "house-cup-challenge": hooks.challenge_options,
    "thats-wizard": hooks.wizard_options,
}
Hide = Callable[[Any, int, random.Random], Any]
HIDE: dict[str, Hide] = {
    "house-cup": hooks.house_cup_hide,
    "stupefix": hooks.stupefix_hide,
    "house-cup-challenge": hooks.challenge_hide,
    "thats-wizard": hooks.wizard_hide,
}
GAMES_PER_TABLE = {"house-cup": 2, "stupefix": 1, "house-cup-challenge": 1, "thats-wizard": 1}
# Every allowed Undo is taken, but in House Cup Challenge's long games only every third (an Undo replays the log)
UNDO_EVERY = {"house-cup": 1, "stupefix": 1, "house-cup-challenge": 3, "thats-wizard": 1}
TABLES = [(game_id, players) for game_id in OPTIONS for players in GAMES[game_id].player_counts]
COPIES = 3  # perturbed copies per command
MORE_COPIES = 8  # more, for a flagged command in which the first found nothing shown (is the flag conservative?)
REPLAY_EVERY = 20  # a Match replayed afresh from the seed at every this many undos (else the shadow Match)

JUDGED: Counter[tuple[str, str, str]] = Counter()  # (game, command kind, verdict)


# --- what a seat is shown ----------------------------------------------------------------------------------------


def shown(game: Game, state: Any, seat: int, events: list[Event]) -> tuple[Any, list[Event]]:
    """What ``seat`` sees after a command: its view (with its legal commands) and the events it is told."""
    return game.view(state, seat), visible_events(events, seat)


def perturbed(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    """A copy of ``state`` changed only in what ``seat`` may not see, checked sound and unseen by ``seat``."""
    other = HIDE[game.id](state, seat, rng)
    assert game.check_state(other) == [], f"an unsound perturbation (a test bug): {game.check_state(other)}"
    assert game.view(other, seat) == game.view(state, seat), "a perturbation changed what its seat sees"
    return other


def shows_seat(
    game: Game, frozen: bytes, seat: int, command: Command, real: Any, count: int, rng: random.Random
) -> bool:
    """Whether ``command`` shows ``seat`` (its giver) something: its view or its log lines after it differ in one
    of ``count`` copies of the state before (``frozen``) that differ only in what ``seat`` could not see."""
    state = pickle.loads(frozen)
    for _ in range(count):
        other = perturbed(game, state, seat, rng)
        if shown(game, other, seat, game.apply(other, command)) != real:
            return True
    return False


def shows_other(game: Game, frozen: bytes, seat: int, command: Command, real: Any, rng: random.Random) -> str:
    """What ``command`` (not ``seat``'s) tells ``seat`` of what it could not see: "seen" (its view after differs
    in a copy changed only in what it could not see), "named" (the command cannot even be given in such a copy:
    it plays or names something of its giver's that ``seat`` had not seen) or "" (nothing, in two copies)."""
    state = pickle.loads(frozen)
    verdict = ""
    for _ in range(2):
        other = perturbed(game, state, seat, rng)
        try:
            events = game.apply(other, command)
        except IllegalCommand:
            verdict = "named"
            continue
        if shown(game, other, seat, events) != real:
            return "seen"
    return verdict


# --- the protocol loop -------------------------------------------------------------------------------------------


def play_judged(game_id: str, players: int, seed: int, judged: Counter[tuple[str, str, str]]) -> None:
    """One seeded game of random legal moves; every command judged, every allowed Undo taken and checked."""
    game = GAMES[game_id]
    seats = [SeatInfo(NAMES[seat]) for seat in range(players)]
    options = OPTIONS[game_id](players, seed)
    match = Match(game, seats, options, seed)
    shadow = Match(game, list(seats), dict(options), seed)  # follows the log, never undoes
    moves, rng = random.Random(seed), random.Random(seed * 7 + 1)
    undos = allowed_seen = 0
    for _ in range(100_000):
        if match.result() is not None:
            return
        seat = moves.choice(game.to_act(match.state))
        command = moves.choice(game.legal(match.state, seat))
        frozen = pickle.dumps(match.state)
        events = match.apply(command)
        real = [shown(game, match.state, other, events) for other in range(players)]
        peek = shows_seat(game, frozen, seat, command, real[seat], COPIES, rng)
        flagged = any(event.irreversible() for event in events)
        if flagged and not peek:
            peek = shows_seat(game, frozen, seat, command, real[seat], MORE_COPIES, rng)
        told = {
            shows_other(game, frozen, other, command, real[other], rng) for other in range(players) if other != seat
        }
        allowed = match.can_undo(seat)
        if peek:
            assert not allowed, (
                f"{game_id} {players}p seed {seed}: {command!r} showed its seat {events} yet may be undone"
            )
        judged[game_id, type(command).__name__, verdict(match, peek, told, allowed)] += 1
        if allowed and allowed_seen % UNDO_EVERY[game_id] == 0:
            check_undo(match, shadow, command, events, undos % REPLAY_EVERY == 0)
            undos += 1
        allowed_seen += allowed
        shadow.apply(command)
    raise AssertionError("the game did not end")


def verdict(match: Match, peek: bool, told: set[str], allowed: bool) -> str:
    if peek:
        return "shown, refused"
    if allowed:
        if "seen" in told:
            return "undoable, another seat saw something"
        return "undoable, named a card of the giver's" if "named" in told else "undoable, nothing shown"
    if match.result() is not None:
        return "refused: the game is over"
    return "refused, another seat saw something" if "seen" in told else "refused, nothing shown"


def check_undo(match: Match, shadow: Match, command: Command, events: list[Event], afresh: bool) -> None:
    """``match`` (its last command ``command``, by a seat that may undo it) undone: the position the shorter log
    makes, exactly; ``command`` given again: the same position as before the Undo."""
    game, players = match.game, len(match.seats)
    after = to_json(match.state)
    assert match.undo(command.seat) == command
    expected = shadow
    if afresh:  # (the shadow is built the same way: a new Match from the seed now and then, to be sure)
        expected = Match.replay(game, match.seats, match.options, match.seed, match.log)
    assert to_json(match.state) == to_json(expected.state), "Undo does not give back the position before"
    assert match.log == expected.log and match.history == expected.history
    for seat in range(players):
        assert game.view(match.state, seat) == game.view(expected.state, seat), f"seat {seat}'s view differs"
        assert game.legal(match.state, seat) == game.legal(expected.state, seat), f"seat {seat}'s legal differs"
    assert match.apply(command) == events, "the same command gives other events after the Undo"
    assert to_json(match.state) == after, "the same command gives another position after the Undo"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_undo_never_follows_a_command_that_showed_its_seat_something(game_id: str, players: int) -> None:
    judged: Counter[tuple[str, str, str]] = Counter()
    for seed in range(GAMES_PER_TABLE[game_id]):
        play_judged(game_id, players, 100 * players + seed, judged)
    verdicts = Counter(name for _game, _kind, name in judged.elements())
    assert verdicts["shown, refused"] and verdicts["undoable, nothing shown"], verdicts  # both sides were judged
    JUDGED.update(judged)


# --- at the table ------------------------------------------------------------------------------------------------


def prompt_of(table: GameTable) -> str:
    """The words the table asks the person with (the banner's instruction)."""
    prompt = getattr(table, "prompt", None)
    return prompt()[0] if prompt is not None else table.instruction()  # type: ignore[attr-defined]


def table_of(match: Match) -> tuple[App, Driver, GameTable]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    app.go.table(match)
    driver = Driver(app)
    driver.frames(1)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    return app, driver, table


def lit_rightly(table: GameTable) -> bool:
    """The Undo button is lit exactly when the table may undo (House Cup Challenge's: the action with the token's
    answer after it), and never where the session may not."""
    lit = table.bar[1].enabled
    return lit == table.may_undo() and (not lit or table.session.can_undo())


def taken_back(match_log: list[Command], before: list[Command], person: int) -> list[Command]:
    """The commands an Undo took back, all the person's (the log after it a start of the one before)."""
    assert before[: len(match_log)] == match_log, "Undo changed the log's earlier moves"
    gone = before[len(match_log) :]
    assert gone and all(command.seat == person for command in gone), f"Undo took back a bot's move: {gone}"
    return gone


def peek_at_the_table(driver: Driver, table: GameTable) -> None:
    """A choice open over the table after the move is folded away (its Peek at the table), as a person who wants
    Undo does (beside an open choice, Undo and Ctrl+Z ask for the choice first)."""
    panel = table.panel
    if panel is not None and not panel.hidden and not panel.docked:
        driver.tap(panel.hide.rect.center)
        assert panel.hidden


UI_GAMES = [("house-cup", 3), ("stupefix", 4), ("house-cup-challenge", 2), ("thats-wizard", 2)]


@pytest.mark.parametrize(("game_id", "players"), UI_GAMES)
def test_the_tables_undo_takes_back_the_persons_last_move_as_a_fresh_table_shows(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    seats = [SeatInfo(NAMES[0])] + [SeatInfo(NAMES[seat], "random") for seat in range(1, players)]
    options = OPTIONS[game_id](players, 5)
    app, driver, table = table_of(Match(game, seats, options, 5))
    session, rng = table.session, random.Random(9)
    moves = undone = 0
    for _ in range(400):
        if session.match.result() is not None or undone >= 4:
            break
        driver.frames(3)
        assert lit_rightly(table)
        if app.scenes.top is not table or session.acting_human() != 0 or session.viewer != 0:
            continue
        before = list(session.match.log)
        assert table.submit(rng.choice(game.legal(session.match.state, 0)))
        moves += 1
        driver.frames(1)
        assert lit_rightly(table)
        if not table.bar[1].enabled:
            continue
        played = list(session.match.log)
        peek_at_the_table(driver, table)
        if undone % 2:
            driver.key(pygame.K_z, pygame.KMOD_LCTRL)
        else:
            driver.tap(table.bar[1].rect.center)
        gone = taken_back(session.match.log, played, 0)
        assert session.match.log == before or len(gone) == 2, (before, played, session.match.log)
        undone += 1
        _fresh_app, _fresh_driver, fresh = table_of(Match.replay(game, seats, options, 5, session.match.log))
        assert fresh.view == table.view, "the table after Undo shows another view than a fresh table of its log"
        assert prompt_of(fresh) == prompt_of(table), "the table after Undo asks other words than a fresh table"
    assert moves and undone >= 2, (moves, undone)  # the button and Ctrl+Z both


if __name__ == "__main__":
    for game_id, count in TABLES:
        for seed in range(GAMES_PER_TABLE[game_id]):
            play_judged(game_id, count, 100 * count + seed, JUDGED)
    for (game_id, kind, name), number in sorted(JUDGED.items()):
        print(f"{game_id:20} {kind:18} {name:40} {number}")


def test_a_draw_from_two_empty_piles_can_be_taken_back_at_the_table() -> None:
    """House Cup Challenge: with the draw and discard piles both empty a Draw draws nothing and shows nothing, so
    Undo takes it back (it was refused as a move that "showed or drew something": 175 of the 195 refusals this
    referee found where nothing was shown)."""
    from tabletop.games.house_cup_challenge import events as ch
    from tests.house_cup_challenge_positions import position

    game = GAMES["house-cup-challenge"]
    state = position(characters=("harry", "ron"), cells=["D4"] * 2, hands=[["Y1-01"], ["Y1-03"]], empty_piles=True)
    seats = [SeatInfo(NAMES[0]), SeatInfo(NAMES[1], "random")]
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "ron"]}
    match = Match(game, seats, options, 3, to_json(state))
    app, driver, table = table_of(match)
    assert not match.state.draw and not match.state.discard
    assert table.submit(ch.DrawCards(0))
    driver.frames(1)
    drawn = [event for event in match.history[-1] if isinstance(event, ch.CardsDrawn) and event.seat == 0]
    assert drawn and all(event.count == 0 for event in drawn)
    assert table.bar[1].enabled and lit_rightly(table)
    peek_at_the_table(driver, table)  # (the Wand Bonus Token's question is open over the table)
    driver.tap(table.bar[1].rect.center)
    assert match.log == [] and match.state.players[0].hand == ["Y1-01"]
    # a draw that drew a card stays out of reach
    match.state.draw.append(match.state.aside.pop())
    assert table.submit(ch.DrawCards(0))
    driver.frames(1)
    assert not match.can_undo(0) and not table.bar[1].enabled
