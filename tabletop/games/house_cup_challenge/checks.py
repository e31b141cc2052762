"""Whether a House Cup Challenge position is one the game can go on from: every field in range, the parts consistent.

A save may start from any position, so anything can come in here. The checks run in stages (types, the table,
the fields and the cards, the tasks), each only once the earlier ones hold, so a later one can index and count
without failing. The last one asks the rules themselves: unless the game is over, someone has a move to make.

The task stack is checked against the shapes the flow builds, written as patterns over one letter per task:
in an action step, the action of the seat whose turn it is (``a``; ``A`` once chosen), what the chosen action
started on top of it (a bonus draw ``D``, the choice of who encounters ``W``, an encounter ``E``; or the two
Time-Turner actions ``t``/``T``), or the Wand Bonus Token's offer ``K`` and its extra action ``b``/``B``.
"""

from __future__ import annotations

import dataclasses
import re

from tabletop.core.checks import (
    bounded,
    card_conservation,
    clipped,
    rng_problems,
    shape_problems,
    shown,
    some,
    waiting_problems,
)
from tabletop.games.house_cup_challenge.board import CELLS, START
from tabletop.games.house_cup_challenge.cards import (
    ABILITIES,
    ADVENTURES,
    ALL_ADVENTURES,
    CHARACTERS,
    END_POINTS,
    HAND_LIMIT,
    MAX_ABILITY,
    SPECIAL_ORDER,
)
from tabletop.games.house_cup_challenge.flow import ACTION_STEPS, place_options
from tabletop.games.house_cup_challenge.rules import legal, result, to_act
from tabletop.games.house_cup_challenge.state import ChallengeState, Task

YEARS = 5
BOARD_FILL = 4  # step 5 reveals cards until this many lie face up
# Every round scores or is dry; every third dry round in a row is a stalemate, which ends a Year (or the game).
MAX_ROUNDS = 3 * (len(ALL_ADVENTURES) + YEARS) + 1
MOST_BOOST = 20  # two hand cards (Ron: +2 each) and every bonus Special Card on one ability stay well below
# The fields each kind of task uses; every other field keeps its default.
TASK_FIELDS = {
    "action": ("extra", "chosen"),
    "who": ("card", "cell", "seats", "bonus"),
    "bonus_draw": (),
    "encounter": ("card", "cell", "came_from", "options", "phase", "boosts", "used", "retried"),
    "token": (),
    "feast": (),
    "holiday": ("used",),
    "cleanup": (),
    "place": ("card", "options"),
    "limit": (),
}
_DEFAULTS = {
    item.name: item.default_factory() if item.default_factory is not dataclasses.MISSING else item.default
    for item in dataclasses.fields(Task)
    if item.name not in ("kind", "seat")
}
LETTERS = {"who": "W", "bonus_draw": "D", "encounter": "E", "token": "K", "feast": "F", "holiday": "H"}
LETTERS |= {"cleanup": "C", "place": "P", "limit": "L"}
ACTION_LETTERS = {"": "a", "time": "t", "bonus": "b"}  # upper case once the action is chosen
# What a chosen action leaves on top of it: an encounter or the choice of who encounters, after a bonus draw
# when the card was played to another space.
_STARTED = "D?[WE]"
ACTION_STACK = re.compile(f"[ab]|K|[AB](?:{_STARTED}|tt|tT{_STARTED}|t|T{_STARTED})")
# The encounter steps where its player chooses (the others are the flow's own, run before anyone is asked).
WAITING_ENCOUNTER = ("boost", "fawkes", "expelliarmus", "discard", "retreat")


def check_state(state: ChallengeState) -> list[str]:
    """Broken fields and invariants of ``state``, as short lines; empty when the game can go on from it."""
    for stage in (shape_problems, _table_problems, _field_problems, _card_problems, _task_problems):
        problems = stage(state)
        if problems:
            return clipped(problems)
    return clipped(waiting_problems(state, state.count, to_act, legal, result))


def _table_problems(state: ChallengeState) -> list[str]:
    characters = [player.character for player in state.players]
    if not 2 <= len(characters) <= 4 or len(set(characters)) != len(characters):
        return [f"{len(characters)} players: 2 to 4, each a different character"]
    unknown = [character for character in characters if character not in CHARACTERS]
    return [f"unknown characters: {some(unknown)}"] if unknown else []


def _field_problems(state: ChallengeState) -> list[str]:
    """Each field in its range: the counters of the round, the track, the characters."""
    count = state.count
    problems = rng_problems(state.rng)
    problems += bounded("the Wand's seat", state.wand, 0, count - 1)
    problems += bounded("the Prefect's seat", state.prefect, 0, count - 1)
    problems += bounded("the Year", state.year, 1, YEARS)
    problems += bounded("the round", state.round, 1, MAX_ROUNDS)
    problems += bounded("the step", state.step, 1, 6)
    problems += bounded("the count of players who have acted", state.acted, 0, count)
    problems += bounded("the count of rounds without VP", state.dry_rounds, 0, 2)
    if problems:
        return problems
    problems += bounded("the total of stalemate points", state.stalemate_points, 0, 100 * (state.year - 1))
    if state.track != sum(p.vp for p in state.players) + state.stalemate_points:
        problems.append("the Gryffindor Token is not the sum of all VP plus the stalemate points")
    elif state.track < 100 * (state.year - 1):
        problems.append(f"Year {state.year} with the Gryffindor Token at {state.track}, below {100 * (state.year - 1)}")
    if state.ending != (state.track >= END_POINTS) and not state.over:
        problems.append(
            f"the Gryffindor Token at {state.track}, yet the game is {'' if state.ending else 'not '}ending"
        )
    reasons = ("500", "stalemate") if state.over else ("",)
    if state.end_reason not in reasons or (state.end_reason == "500" and state.track < END_POINTS):
        over = "over" if state.over else "not over"
        problems.append(f"the game is {over}, with the end reason {shown(state.end_reason)}")
    if state.end_reason == "stalemate" and state.year != YEARS:
        problems.append(f"a stalemate ended the game in Year {state.year}")
    if state.over and state.tasks:
        problems.append("the game is over, but tasks still wait")
    if state.setup and (state.step != 5 or state.round != 1 or state.track):
        problems.append("the setup is over, yet marked as going on")
    if state.acted != 0 and state.step not in ACTION_STEPS:
        problems.append(f"{state.acted} players acted in step {state.step}, which has no actions")
    for seat in range(count):
        problems += _player_problems(state, seat)
    return problems


def _player_problems(state: ChallengeState, seat: int) -> list[str]:
    player = state.players[seat]
    name = f"seat {seat + 1}'s"
    problems = []
    if player.cell not in CELLS:
        problems.append(f"{name} character stands on an unknown space {shown(player.cell)}")
    if set(player.abilities) != set(ABILITIES):
        problems.append(f"{name} abilities are {some(sorted(player.abilities))}, not K, S and H")
    outside = {ability: value for ability, value in player.abilities.items() if not 0 <= value <= MAX_ABILITY}
    if outside:
        problems.append(f"{name} abilities {shown(outside)} are not 0 to {MAX_ABILITY}")
    if player.vp != sum(ADVENTURES[card].vp for card in player.completed if card in ADVENTURES):
        problems.append(f"{name} VP differ from their completed cards")
    if player.wand_token not in (("up", "down") if state.count == 2 else ("",)):
        problems.append(f"{name} Wand Bonus Token is {shown(player.wand_token)} in a {state.count}-player game")
    if player.harry_used and player.character != "harry":
        problems.append(f"{name} character used Harry's way past a card")
    return problems


def _card_problems(state: ChallengeState) -> list[str]:
    """Every Adventure and Special Card in exactly one place; the Years set aside and the board as they can be."""
    places: list[str] = [*state.draw, *state.discard, *state.aside, *state.board.values()]
    for cards in state.year_decks.values():
        places.extend(cards)
    for player in state.players:
        places.extend(player.hand)
        places.extend(player.completed)
    places.extend(task.card for task in state.tasks if task.kind == "place")
    problems = card_conservation(places, ALL_ADVENTURES, "Adventure Cards")
    specials = [*state.special_deck]
    for player in state.players:
        specials += player.specials_up + player.specials_down
    problems += card_conservation(specials, SPECIAL_ORDER, "Special Cards")
    if problems:
        return problems
    if set(state.year_decks) != set(range(state.year + 1, YEARS + 1)):
        problems.append(f"Years {some(sorted(state.year_decks))} set aside in Year {state.year}")
    for year, cards in state.year_decks.items():
        strays = [card for card in cards if ADVENTURES[card].year != year]
        if strays:
            problems.append(f"{some(strays)} set aside with the Year {year} cards")
    for cell, card in state.board.items():
        if cell == START or cell not in CELLS:
            problems.append(f"a card lies on {shown(cell)}")
        elif cell not in ADVENTURES[card].cells:
            problems.append(f"{card} lies on {cell}, not one of its spaces")
    return problems


def _task_problems(state: ChallengeState) -> list[str]:
    """Each task's fields, and the stack in the shape the flow builds in the current step."""
    problems = []
    for task in state.tasks:
        problems += _one_task_problems(state, task)
    if problems or state.over:
        return problems
    step = state.step
    if step in ACTION_STEPS:
        return _action_stack_problems(state)
    order = state.order_from_wand()
    kinds = [(task.kind, task.seat) for task in state.tasks]
    if step == 4:
        new_year = [("cleanup", state.prefect), *(("holiday", s) for s in order[::-1])]
        new_year += [("feast", s) for s in order[::-1]]
        if kinds != new_year[: len(kinds)]:
            problems.append("the New Year's tasks are not the feast, holidays and clean-up in turn from the Wand")
    elif step == 5:
        if kinds and (len(kinds) > 1 or kinds[0] != ("place", state.wand) or len(state.board) >= BOARD_FILL):
            problems.append("step 5 waits on something other than the Wand placing a revealed card")
    else:
        limits = [seat for kind, seat in kinds if kind == "limit"]
        if len(limits) != len(kinds) or limits != [seat for seat in order[::-1] if seat in limits]:
            problems.append("step 6 waits on something other than hands down to the limit, in turn")
        elif any(len(state.players[seat].hand) <= HAND_LIMIT for seat in limits):
            problems.append(f"a player discards down to {HAND_LIMIT} cards with {HAND_LIMIT} or fewer")
    return problems


def _one_task_problems(state: ChallengeState, task: Task) -> list[str]:
    """A task's seat in range, its own fields sound, the fields it does not use at their defaults."""
    kind = task.kind
    if not 0 <= task.seat < state.count:
        return [f"a {kind} task for seat {shown(task.seat)}"]
    unused = [
        name for name, default in _DEFAULTS.items() if name not in TASK_FIELDS[kind] and getattr(task, name) != default
    ]
    if unused:
        return [f"a {kind} task with a {unused[0]}"]
    player = state.players[task.seat]
    if kind in ("who", "encounter"):
        if state.board.get(task.cell) != task.card:
            return [f"a {kind} task for {shown(task.card)} on {shown(task.cell)}, which does not lie there"]
        there = state.occupants(task.cell)
        if kind == "who" and (
            not task.seats or len(set(task.seats)) != len(task.seats) or set(task.seats) - set(there)
        ):
            return [f"the choice of who encounters {task.card} offers characters not on {task.cell}"]
        if kind == "encounter":
            return _encounter_problems(state, task)
    if kind == "place" and (task.seat != state.wand or task.options != place_options(state, task.card)):
        return [f"{task.card} waits to be placed on spaces it cannot take (or by a player without the Wand)"]
    if kind == "cleanup" and task.seat != state.prefect:
        return ["the New Year's clean-up waits on a player who is not the Prefect"]
    if kind == "holiday":
        return bounded("the count of cards swapped in the holidays", task.used, 0, len(ALL_ADVENTURES))
    if kind == "token" and player.wand_token != "up":
        return ["the Wand Bonus Token is offered to a player whose token is not face up"]
    if kind == "action" and task.extra == "bonus" and player.wand_token != "down":
        return ["an extra action without the Wand Bonus Token flipped for it"]
    if kind == "action" and task.extra == "time" and "timeturner" not in player.specials_down:
        return ["a Time-Turner action without the Time-Turner used"]
    return []


def _encounter_problems(state: ChallengeState, task: Task) -> list[str]:
    player = state.players[task.seat]
    tested = ADVENTURES[task.card].test.abilities
    if player.cell != task.cell:
        return [f"seat {task.seat + 1} encounters {task.card} on {task.cell} from elsewhere"]
    if task.came_from and task.came_from not in CELLS:
        return [f"an encounter entered from an unknown space {shown(task.came_from)}"]
    if not set(task.boosts) <= set(tested) or not all(0 < value <= MOST_BOOST for value in task.boosts.values()):
        return [f"boosts {shown(task.boosts)} for a Test of {', '.join(tested)}"]
    problems = bounded("the count of cards discarded to boost", task.used, 0, 2)
    if task.phase != "retreat" and task.options:
        problems.append("an encounter holds spaces to retreat to before its setback")
    if task.phase not in WAITING_ENCOUNTER:
        problems.append(f"an encounter waits at its {shown(task.phase)} step, which needs no choice")
    elif task.phase == "fawkes" and ("fawkes" not in player.specials_up or task.retried):
        problems.append("Fawkes the Phoenix is offered without being face up or after its retry")
    elif task.phase == "expelliarmus" and "expelliarmus" not in player.specials_up:
        problems.append("Expelliarmus is offered without being face up")
    elif task.phase == "discard" and not player.hand:
        problems.append("a setback discards from an empty hand")
    elif task.phase == "retreat" and (not task.options or any(cell not in CELLS for cell in task.options)):
        problems.append(f"a retreat to {shown(task.options)}")
    return problems


def _action_stack_problems(state: ChallengeState) -> list[str]:
    """An action step: the stack is the actor's action and what it started (see the module's docstring)."""
    letters = ""
    for task in state.tasks:
        if task.kind == "action":
            letter = ACTION_LETTERS[task.extra]
            letters += letter.upper() if task.chosen else letter
        else:
            letters += LETTERS[task.kind]
    if not 1 <= state.acted <= state.count:
        return [f"{state.acted} players acted in action step {state.step}"]
    actor = state.order_from_wand()[state.acted - 1]
    if not ACTION_STACK.fullmatch(letters):
        return [f"the tasks {some(list(letters))} are not an action and what it started"]
    problems = []
    if any(task.seat != actor for task in state.tasks if task.kind != "encounter"):
        problems.append(f"a task of the action step for a seat other than seat {actor + 1}, whose turn it is")
    for below, task in zip(state.tasks, state.tasks[1:], strict=False):
        if task.kind == "who" and task.bonus != (below.kind == "bonus_draw"):
            problems.append("the choice of who encounters a card played elsewhere is not marked as such")
    return problems
