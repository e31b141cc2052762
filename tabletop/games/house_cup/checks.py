"""Whether a House Cup position is one the game can go on from: every field in its range, the parts consistent.

A save may start from any position, so anything can come in here. The checks run in stages (types, the size of
the table, the fields, the phase), each only once the earlier ones hold, so a later one can index and count
without failing. The last one asks the rules themselves: unless the game is over, someone has a move to make.
"""

from __future__ import annotations

from tabletop.core.checks import (
    bounded,
    card_conservation,
    clipped,
    rng_problems,
    seat_counts,
    shape_problems,
    shown,
    some,
    waiting_problems,
)
from tabletop.games.house_cup.cards import (
    ALL_CARDS,
    CARDS,
    CHOICE_TOKEN_VALUES,
    DAYS,
    HOUSES,
    REWARD_TOKENS,
    SET_KINDS,
    set_aside,
)
from tabletop.games.house_cup.rules import ROUNDS, legal, result, to_act
from tabletop.games.house_cup.scoring import started_sets
from tabletop.games.house_cup.state import EFFECT_TASKS, HouseCupState, Task

# The tasks each phase may hold (at most one at a time: a task is always resolved before the next one begins).
PHASE_TASKS = {
    "place": (),
    "take": ("trouble", "letter", "cauldron"),
    "end": ("search", "trouble", "letter", "cauldron", "flywheel"),  # (the effect of a card kept from the search)
    "over": (),
}
# The end-of-game tasks: the card that asks for each, and the end step it comes at (an IMMEDIATELY card kept with
# Help Searching for Points acts at the search's step).
END_TASKS = {"search": ("help_search-1", 1), "flywheel": ("flywheel-1", 2)}
END_EFFECT_STEP = 1
SEARCHED = 5  # Help Searching for Points looks at the top 5 cards


def check_state(state: HouseCupState) -> list[str]:
    """Broken fields and invariants of ``state``, as short lines; empty when the game can go on from it."""
    for stage in (shape_problems, _table_problems, _field_problems, _phase_problems, _task_problems):
        problems = stage(state)
        if problems:
            return clipped(problems)
    return clipped(waiting_problems(state, state.players, to_act, legal, result))


def _table_problems(state: HouseCupState) -> list[str]:
    players = len(state.houses)
    if not 2 <= players <= 4 or len(set(state.houses)) != players or not set(state.houses) <= set(HOUSES):
        return [f"{players} houses: House Cup takes 2 to 4 different houses"]
    per_seat: dict[str, list] = {"tableaux": state.tableau, "token hands": state.held, "reward counts": state.rewards}
    problems = [f"{len(part)} {name} for {players} players" for name, part in per_seat.items() if len(part) != players]
    for name, part in (("days", state.days), ("token stacks", state.under)):
        if len(part) != len(DAYS):
            problems.append(f"{len(part)} {name}, not one for each of the {len(DAYS)} days")
    return problems


def _field_problems(state: HouseCupState) -> list[str]:
    """Each field in its range; every card, token and reward token in exactly one place."""
    players = state.players
    problems = rng_problems(state.rng)
    if state.rounds != ROUNDS[players]:
        problems.append(f"rounds is {shown(state.rounds)}, but {players} players play {ROUNDS[players]}")
    problems += bounded("the round", state.round, 1, ROUNDS[players])
    problems += bounded("the Sorting Hat's seat", state.first, 0, players - 1)
    problems += bounded("the seat placing a token", state.turn, 0, players - 1)
    problems += bounded("the count of tokens placed in this pass", state.placed, 0, players - 1)
    problems += bounded("the day being taken", state.day, 0, len(DAYS) - 1)
    problems += bounded("the count of cards left to take", state.take_left, 0, max(CHOICE_TOKEN_VALUES))
    problems += bounded("the count of cards taken", state.taken, 0, max(CHOICE_TOKEN_VALUES))
    problems += bounded("the end step", state.end_step, 0, 2)
    problems += bounded("the count of schedule updates", state.deals, 1, 4)
    places = [*state.deck, *state.discard, *state.box]
    for cards in (*state.days, *state.tableau):
        places.extend(cards)
    for task in state.tasks:
        if task.kind == "search":
            places.extend(task.cards)
    problems += card_conservation(places, ALL_CARDS, "cards")
    # The recommended removals, or none at all (a game of 2 or 3 that keeps the full deck).
    if sorted(state.box) not in (sorted(set_aside(players)), []):
        problems.append(f"the box does not hold the {len(set_aside(players))} cards a {players}-player game sets aside")
    for day, cards in enumerate(state.days):
        wrong = [card for card in cards if card in CARDS and CARDS[card].day != day]
        if wrong:
            problems.append(f"{some(wrong)} laid on {DAYS.english[day]}, not on its own day")
    problems += seat_counts("count of reward tokens", state.rewards, 0, REWARD_TOKENS)
    problems += bounded("the supply of reward tokens", state.supply, 0, REWARD_TOKENS)
    if state.supply + sum(state.rewards) != REWARD_TOKENS:
        problems.append(f"reward tokens do not add up to {REWARD_TOKENS}")
    for stack in state.under:
        for token in stack:
            if not 0 <= token.seat < players or token.value not in CHOICE_TOKEN_VALUES:
                problems.append(f"a token of seat {shown(token.seat)} numbered {shown(token.value)}")
    if problems:
        return problems
    for seat in range(players):
        placed = [t.value for stack in state.under for t in stack if t.seat == seat]
        if sorted(placed + state.held[seat]) != list(CHOICE_TOKEN_VALUES):
            problems.append(f"{state.houses[seat]} does not have exactly the tokens 1, 2 and 3")
    if state.flywheel_set is not None and state.flywheel_set not in SET_KINDS:
        problems.append(f"the Flywheel of Time joins {shown(state.flywheel_set)}, which is no set")
    return problems


def _phase_problems(state: HouseCupState) -> list[str]:
    """The counters, tokens and tasks each phase has (place, take, end, over)."""
    phase = state.phase
    if len(state.tasks) > 1:
        return [f"{len(state.tasks)} tasks wait at once; the rules resolve one before the next"]
    if any(task.kind not in PHASE_TASKS[phase] for task in state.tasks):
        return [f"a {state.tasks[0].kind} task waits in the {phase} phase"]
    if phase in ("place", "take"):
        # Every schedule update lays 4 cards (3 with two players) and Divination puts back the card it takes,
        # so the deck holds what the updates so far left; it never runs out in a game played by the rules.
        updates = (state.round - 1) * 4 + state.deals
        left = len(ALL_CARDS) - len(state.box) - updates * (3 if state.players == 2 else 4)
        if len(state.deck) != left:
            return [f"{len(state.deck)} cards in the deck, but {left} are left after {updates} schedule updates"]
    if phase == "place":
        return _placing_problems(state)
    problems = []
    if state.deals != 4 or state.placed != 0:
        problems.append(f"the {phase} phase comes after the four schedule updates and all tokens placed")
    if phase == "take":
        if state.turn != state.first:
            problems.append("the turn to place tokens has not come back to the Sorting Hat")
        return problems + _taking_problems(state)
    if state.day or state.take_left or state.taken or any(state.under):
        problems.append(f"tokens or cards still being taken in the {phase} phase")
    if state.round != state.rounds:
        problems.append(f"the {phase} phase before the last round")
    if phase == "end":
        if not state.tasks:
            problems.append("the end of the game waits on no choice")
        elif state.end_step != END_TASKS.get(state.tasks[0].kind, ("", END_EFFECT_STEP))[1]:
            problems.append(f"a {state.tasks[0].kind} task at end step {state.end_step}")
    elif state.end_step != 2:
        problems.append("the game is over before its end steps are done")
    if state.flywheel_set is not None:
        owner = state.owner_of("flywheel-1")
        if phase != "over" or owner is None or state.flywheel_set not in started_sets(state.tableau[owner]):
            problems.append("the Flywheel of Time joins a set nobody with it has started")
    return problems


def _placing_problems(state: HouseCupState) -> list[str]:
    """Placing: every seat places one token per pass, from the Sorting Hat; a schedule update after each pass."""
    problems = []
    if state.day or state.take_left or state.taken or state.end_step or state.flywheel_set is not None:
        problems.append("taking or end-of-game counters set while tokens are placed")
    if state.turn != (state.first + state.placed) % state.players:
        problems.append(f"seat {state.turn + 1} places a token out of turn")
    if any(token.revealed for stack in state.under for token in stack):
        problems.append("a token is revealed before the taking")
    if state.deals > 3:
        problems.append("four schedule updates done, yet tokens are still placed")
    for seat in range(state.players):
        placed_now = (seat - state.first) % state.players < state.placed
        wanted = state.deals - 1 + placed_now
        if sum(token.seat == seat for stack in state.under for token in stack) != wanted:
            problems.append(f"{state.houses[seat]} has not placed {wanted} tokens after {state.deals} updates")
    return problems


def _taking_problems(state: HouseCupState) -> list[str]:
    """Taking, day by day: earlier days taken, the day's tokens revealed, the next taker's count set."""
    problems = []
    if state.end_step or state.flywheel_set is not None:
        problems.append("end-of-game counters set while cards are taken")
    for day, stack in enumerate(state.under):
        if day < state.day and stack:
            problems.append(f"tokens left under {DAYS.english[day]}, already taken")
        if any(token.revealed != (day == state.day) for token in stack):
            problems.append(f"tokens under {DAYS.english[day]} revealed out of turn")
    taker = state.current_taker()
    if taker is None:
        return problems + [f"nobody takes from {DAYS.english[state.day]}"]
    if state.take_left + state.taken != taker.value:
        problems.append(f"the taker's {taker.value} token, but {state.taken} taken and {state.take_left} to take")
    if not state.tasks and not (state.take_left and state.days[state.day]):
        problems.append(f"the taker has nothing to take from {DAYS.english[state.day]}")
    return problems


def _task_problems(state: HouseCupState) -> list[str]:
    return [problem for task in state.tasks for problem in _one_task_problems(state, task)]


def _one_task_problems(state: HouseCupState, task: Task) -> list[str]:
    """A task's seat, card and queue fit what its card asks."""
    if not 0 <= task.seat < state.players:
        return [f"a {task.kind} task for seat {shown(task.seat)}"]
    if task.kind in EFFECT_TASKS:  # the IMMEDIATELY effect of a card of its own kind, in front of its seat
        card = task.cards[0] if len(task.cards) == 1 else ""
        if card not in CARDS or CARDS[card].kind != task.kind or card not in state.tableau[task.seat]:
            return [f"a {task.kind} effect lost its card before it was done"]
        if task.kind == "trouble" and task.queue:
            return ["a Trouble effect with a queue of seats"]
        if task.kind == "letter" and task.queue != [1] and not (task.queue == [0] and state.supply == 0):
            return [f"a Letter's reward count is {shown(task.queue)}, not 1 (or 0 from an empty supply)"]
        if task.kind == "cauldron":
            order = [(task.seat + step) % state.players for step in range(state.players)]
            if not task.queue or task.queue != order[len(order) - len(task.queue) :]:
                return [f"the Magic Cauldron's queue {shown(task.queue)} is not the seats still to decide"]
        return []
    asker, _step = END_TASKS[task.kind]
    if state.owner_of(asker) != task.seat:
        return [f"a {task.kind} task for a seat without {asker}"]
    if task.queue:
        return [f"a {task.kind} task with a queue of seats"]
    if task.kind == "search" and not 1 <= len(task.cards) <= SEARCHED:
        return [f"Help Searching for Points looks at {len(task.cards)} cards"]
    if task.kind == "flywheel" and task.cards:
        return ["the Flywheel of Time's choice holds cards"]
    return []
