"""Everything that happens on its own between two players' choices: the six steps of a round, encounters,
New Years, the end. ``advance`` runs the game forward until some seat has a real choice to make.

A choice with a single possible outcome is made here and told as an event; a choice with two or more is
always left to the player.
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.cards import (
    ABILITIES,
    ADVENTURES,
    BONUS_SPECIALS,
    HAND_LIMIT,
    MAX_ABILITY,
    SPECIALS,
)
from tabletop.games.house_cup_challenge.effects import (
    SETBACKS,
    complete,
    discard_from_hand,
    draw_cards,
    draw_one,
    refresh_free_specials,
    refresh_specials,
)
from tabletop.games.house_cup_challenge.events import shared
from tabletop.games.house_cup_challenge.state import ChallengeState, EndReason, Task

ACTION_STEPS = (1, 2, 3)


def advance(state: ChallengeState, events: list[Event]) -> None:
    while not state.over:
        if state.tasks:
            if not _step_task(state, state.tasks[-1], events):
                return
        elif state.step in ACTION_STEPS:
            count = len(state.players)
            if state.acted < count:
                seat = (state.wand + state.acted) % count  # ``state.order_from_wand()[state.acted]``
                state.acted += 1
                state.tasks.append(Task("action", seat))
                events.append(shared(ev.ActionStarted, seat, state.step, ""))
                return
            _enter_step(state, state.step + 1, events)
        elif state.step == 4:
            if state.year < 5 and state.track >= 100 * state.year:
                start_new_year(state, events)
            else:
                _enter_step(state, 5, events)
        elif state.step == 5:
            if fill_board(state, events):
                if state.setup:
                    state.setup = False
                    _enter_step(state, 1, events)
                else:
                    _enter_step(state, 6, events)
        else:
            _new_round(state, events)


# --- the steps -------------------------------------------------------------------------------------------


def _enter_step(state: ChallengeState, step: int, events: list[Event]) -> None:
    if step == 4 and state.ending:
        end_game(state, "500", events)
        return
    state.step = step
    state.acted = 0
    if step == 1:
        events.append(ev.RoundStarted(state.round, state.wand, state.year))
    events.append(shared(ev.StepStarted, step))
    if step == 4:
        _stalemate_check(state, events)
    elif step == 6:
        _pass_wand(state, events)


def _new_round(state: ChallengeState, events: list[Event]) -> None:
    state.round += 1
    state.scored = False
    for player in state.players:
        player.harry_used = False
    _enter_step(state, 1, events)


def _stalemate_check(state: ChallengeState, events: list[Event]) -> None:
    """Three rounds in a row without VP (since the last stalemate) end the term."""
    state.dry_rounds = 0 if state.scored else state.dry_rounds + 1
    if state.dry_rounds < 3:
        return
    state.dry_rounds = 0
    if state.year >= 5:
        events.append(ev.Stalemate(state.year, 0, state.track))
        end_game(state, "stalemate", events)
        return
    points = max(0, 100 * state.year - state.track)
    state.stalemate_points += points
    state.track += points
    events.append(ev.Stalemate(state.year, points, state.track))


def _pass_wand(state: ChallengeState, events: list[Event]) -> None:
    state.wand = (state.wand + 1) % state.count
    events.append(shared(ev.WandPassed, state.wand))
    refresh_specials(state, state.wand, events)
    for seat in reversed(state.order_from_wand()):
        if len(state.players[seat].hand) > HAND_LIMIT:
            state.tasks.append(Task("limit", seat))


def start_new_year(state: ChallengeState, events: list[Event]) -> None:
    """Step 4 for one hundred mark: the next Year's cards join the deck, then feast, holidays, the [Free] Special
    Cards face up again (``refresh_free_specials``: [Action] cards wait for the Wand), clean-up."""
    state.year += 1
    added = state.year_decks.pop(state.year, [])
    state.draw.extend(added)
    state.rng.shuffle(state.draw)
    events.append(ev.NewYear(state.year, len(added)))
    order = state.order_from_wand()
    state.tasks.append(Task("cleanup", state.prefect))
    for seat in reversed(order):
        state.tasks.append(Task("holiday", seat))
    for seat in reversed(order):
        state.tasks.append(Task("feast", seat))


def place_options(state: ChallengeState, card: str) -> list[str]:
    """Step 5: the card's spaces that hold no Adventure Card and no character."""
    taken = {player.cell for player in state.players}
    return [cell for cell in ADVENTURES[card].cells if cell not in state.board and cell not in taken]


def fill_board(state: ChallengeState, events: list[Event]) -> bool:
    """Step 5: reveal cards until 4 lie face up; True when the step is over (False: the Wand holder chooses)."""
    while len(state.board) < 4:
        card = draw_one(state, events)
        if card is None:
            break
        options = place_options(state, card)
        events.append(shared(ev.CardRevealed, state.wand, card, bool(options)))
        if not options:
            state.aside.append(card)
        elif len(options) == 1:
            put_card(state, card, options[0], events)
        else:
            state.tasks.append(Task("place", state.wand, card=card, options=options))
            return False
    if state.aside:
        events.append(ev.AsideDiscarded(tuple(state.aside)))
        state.discard.extend(state.aside)
        state.aside.clear()
    return True


def put_card(state: ChallengeState, card: str, cell: str, events: list[Event]) -> None:
    state.board[cell] = card
    events.append(shared(ev.CardPlaced, state.wand, card, cell))


def end_game(state: ChallengeState, reason: EndReason, events: list[Event]) -> None:
    state.over = True
    state.end_reason = reason
    state.tasks.clear()
    scores, winners = final_result(state)
    events.append(ev.GameEnded(scores, winners, reason))


def tiebreak_key(state: ChallengeState, seat: int) -> tuple:
    """Most VP; then more completed Year 5 cards, Year 4, ... Year 1; then the highest single ability."""
    player = state.players[seat]
    years = [sum(1 for card in player.completed if ADVENTURES[card].year == year) for year in (5, 4, 3, 2, 1)]
    return (player.vp, *years, max(player.abilities.values()))


def final_result(state: ChallengeState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    keys = [tiebreak_key(state, seat) for seat in range(state.count)]
    best = max(keys)
    return tuple(p.vp for p in state.players), tuple(seat for seat, key in enumerate(keys) if key == best)


# --- tasks -----------------------------------------------------------------------------------------------


def _step_task(state: ChallengeState, task: Task, events: list[Event]) -> bool:
    """Resolve the top task if nobody has a choice in it; False when a seat must decide."""
    kind = task.kind
    if kind == "action":
        if not task.chosen:
            return False
        state.tasks.pop()
        # When the Wand Bonus Token may be flipped. The seed says a used Special Card's "Action" takes the place
        # of one normal action; the supplement lets the token be flipped "right after finishing one of your
        # actions" and says the Time-Turner gives "two more actions now", neither of them a Special Card. Our
        # reading: the two Time-Turner actions ("time") belong to the one Use 1 Special Card action, which is
        # finished only after the second; they follow each other at once, and an extra action slipped between
        # them could even use a Special Card inside the Time-Turner. So no token offer after a "time" action;
        # it comes once, when the action that turned the Time-Turner ends.
        if task.extra != "time" and state.players[task.seat].wand_token == "up" and not state.over:
            state.tasks.append(Task("token", task.seat))
        return True
    if kind == "encounter":
        return step_encounter(state, task, events)
    if kind == "bonus_draw":
        state.tasks.pop()
        draw_cards(state, task.seat, 3, "bonus", events)
        return True
    if kind == "who":
        if len(task.seats) > 1:
            return False
        state.tasks.pop()
        start_encounter(state, task.seats[0], task.cell, "", events)
        return True
    if kind == "feast":
        options = feast_options(state, task.seat)
        if len(options) > 1:
            return False
        state.tasks.pop()
        if options:
            from tabletop.games.house_cup_challenge.effects import raise_by

            raise_by(state, task.seat, options[0], 1, "feast", events)
        return True
    if kind == "holiday":
        if state.players[task.seat].hand:
            return False
        state.tasks.pop()
        finish_holiday(state, task, events)
        return True
    if kind == "cleanup":
        state.tasks.pop()
        refresh_free_specials(state, events)
        old = tuple((cell, card) for cell, card in state.board.items() if ADVENTURES[card].year <= state.year - 2)
        for cell, card in old:
            del state.board[cell]
            state.discard.append(card)
        if old:
            events.append(ev.BoardCleaned(old))
        return True
    if kind == "limit":
        if len(state.players[task.seat].hand) > HAND_LIMIT:
            return False
        state.tasks.pop()
        return True
    # "place" and "token" always wait for their seat.
    return False


def feast_options(state: ChallengeState, seat: int) -> list[str]:
    abilities = state.players[seat].abilities
    return [a for a in ABILITIES if abilities[a] < MAX_ABILITY]


def finish_holiday(state: ChallengeState, task: Task, events: list[Event]) -> None:
    if task.used:
        draw_cards(state, task.seat, task.used, "holiday", events)


# --- encounters ------------------------------------------------------------------------------------------


def start_encounter(state: ChallengeState, seat: int, cell: str, came_from: str, events: list[Event]) -> None:
    card = state.board[cell]
    state.tasks.append(Task("encounter", seat, card=card, cell=cell, came_from=came_from))
    events.append(shared(ev.EncounterStarted, seat, card, cell))


def test_values(state: ChallengeState, task: Task) -> dict[str, int]:
    """Each tested ability with the announced boosts (and Fawkes' +2 on a retry)."""
    abilities = state.players[task.seat].abilities
    bonus = 2 if task.retried else 0
    return {a: abilities[a] + task.boosts.get(a, 0) + bonus for a in ADVENTURES[task.card].test.abilities}


def check_test(state: ChallengeState, task: Task, attempt: str, events: list[Event]) -> bool:
    """Roll the encounter's Test against the character's (boosted) abilities, and tell it."""
    values = test_values(state, task)
    passed = ADVENTURES[task.card].test.passes(values)
    events.append(ev.TestChecked(task.seat, task.card, tuple(values.items()), passed, attempt))
    return passed


def boost_specials(state: ChallengeState, task: Task) -> list[tuple[str, str]]:
    """(card, ability) for the face-up [Free] bonus cards that raise a tested ability."""
    tested = ADVENTURES[task.card].test.abilities
    out: list[tuple[str, str]] = []
    for card in state.players[task.seat].specials_up:
        if card not in BONUS_SPECIALS:
            continue
        bonus = SPECIALS[card].bonus
        if bonus[0][0] == "*":
            out.extend((card, ability) for ability in tested)
        elif any(ability in tested for ability, _ in bonus):
            out.append((card, bonus[0][0] if len(bonus) == 1 else ""))
    return out


def boost_cards(state: ChallengeState, task: Task) -> list[tuple[str, str]]:
    if task.used >= 2:
        return []
    tested = ADVENTURES[task.card].test.abilities
    return [(card, ability) for card in state.players[task.seat].hand for ability in tested]


def apply_boost(state: ChallengeState, task: Task, card: str, ability: str, events: list[Event]) -> None:
    player = state.players[task.seat]
    if card in SPECIALS:
        from tabletop.games.house_cup_challenge.effects import flip_down

        flip_down(state, task.seat, card, events)
        tested = ADVENTURES[task.card].test.abilities
        for part, amount in SPECIALS[card].bonus:
            target = ability if part == "*" else part
            if target in tested:
                task.boosts[target] = task.boosts.get(target, 0) + amount
                events.append(ev.Boosted(task.seat, card, target, amount))
        return
    amount = 2 if player.character == "ron" else 1
    discard_from_hand(state, task.seat, card, "boost", events)
    task.used += 1
    task.boosts[ability] = task.boosts.get(ability, 0) + amount
    events.append(ev.Boosted(task.seat, card, ability, amount))


def step_encounter(state: ChallengeState, task: Task, events: list[Event]) -> bool:
    """Move an encounter on by one phase; False when its player must choose."""
    player = state.players[task.seat]
    phase = task.phase
    if phase == "":
        if check_test(state, task, "first", events):
            state.tasks.pop()
            complete(state, task, events)
        elif boost_cards(state, task) or boost_specials(state, task):
            task.phase = "boost"
            return False
        else:
            task.phase = "failed"
        return True
    if phase == "checked":  # (checked again after the boosts; "unboosted" when none was announced)
        if check_test(state, task, "boosted" if task.boosts else "unboosted", events):
            state.tasks.pop()
            complete(state, task, events)
        else:
            task.phase = "failed"
        return True
    if phase == "failed":
        task.phase = "fawkes" if "fawkes" in player.specials_up and not task.retried else "no_fawkes"
        return task.phase != "fawkes"
    if phase == "no_fawkes":
        task.phase = "expelliarmus" if "expelliarmus" in player.specials_up else "setback"
        return task.phase != "expelliarmus"
    if phase == "setback":
        events.append(ev.EncounterFailed(task.seat, task.card, False))
        if len(player.hand) > 1:
            task.phase = "discard"
            return False
        if player.hand:
            discard_from_hand(state, task.seat, player.hand[0], "setback", events)
        task.phase = "retreat_check"
        return True
    if phase == "retreat_check":
        options = SETBACKS[ADVENTURES[task.card].setback](state, task)
        if len(options) > 1:
            task.phase = "retreat"
            task.options = options
            return False
        state.tasks.pop()
        if options:
            retreat(state, task, options[0], events)
        return True
    return False  # "boost", "fawkes", "expelliarmus", "discard", "retreat" wait for the player


def retreat(state: ChallengeState, task: Task, cell: str, events: list[Event]) -> None:
    """The setback's placement: never an encounter, even on a space with a face-up card."""
    player = state.players[task.seat]
    if cell == player.cell:
        return
    how = "hospital" if ADVENTURES[task.card].setback == "hospital_setback" else "retreat"
    player.cell = cell
    events.append(shared(ev.Moved, task.seat, (cell,), how))
