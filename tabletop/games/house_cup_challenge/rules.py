"""House Cup Challenge through the shared protocol: setup, who acts, legal commands, applying them, result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.protocol import Command, Event, IllegalCommand, Result
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import (
    CELLS,
    DISTANCES,
    FIREBOLT_CELLS,
    FLOO_CELLS,
    START,
    name,
)
from tabletop.games.house_cup_challenge.cards import (
    ABILITIES,
    ABILITY_NAMES,
    ADVENTURES,
    CHARACTER_ORDER,
    CHARACTERS,
    MAX_ABILITY,
    SPECIAL_ORDER,
    SPECIALS,
    YEAR_CARDS,
    listing,
    title,
    vp,
)
from tabletop.games.house_cup_challenge.effects import complete, discard_from_hand, draw_cards, flip_down, raise_by
from tabletop.games.house_cup_challenge.events import shared
from tabletop.games.house_cup_challenge.flow import (
    advance,
    apply_boost,
    boost_cards,
    boost_specials,
    check_test,
    feast_options,
    final_result,
    finish_holiday,
    put_card,
    retreat,
    start_encounter,
)
from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.games.house_cup_challenge.moves import (
    arrival_options,
    check_offered,
    check_walk,
    handed_out,
    move_commands,
    move_options,
)
from tabletop.games.house_cup_challenge.state import ChallengeState, Player, Task
from tabletop.i18n import N_

HAND_SIZE = 5
MOVE_LIMIT = 3
BROOM_LIMIT = 5

# --- options and setup -------------------------------------------------------------------------------------


def check_options(players: int, options: Mapping[str, Any]) -> str | None:
    if not 2 <= players <= 4:
        return _("House Cup Challenge takes 2 to 4 players")
    for key, problem in (
        ("prefect", N_("the Prefect must be one of the players")),
        ("youngest", N_("the youngest player must be one of the players")),
    ):
        value = options.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            return _(problem)
    characters = options.get("characters")
    if characters is not None and (
        not isinstance(characters, list)
        or len(characters) != players
        or len(set(characters)) != players
        or not all(c in CHARACTERS for c in characters)
    ):
        return _("give each player a different character: harry, hermione, ron or neville")
    return None


def setup(players: int, options: Mapping[str, Any], seed: int) -> ChallengeState:
    problem = check_options(players, options)
    if problem:
        raise ValueError(problem)
    rng = Rng.from_seed(seed)
    characters = options.get("characters")
    if characters is None:
        pool = list(CHARACTER_ORDER)
        rng.shuffle(pool)
        characters = pool[:players]
    people = [Player(c, START, dict(zip(ABILITIES, CHARACTERS[c].start, strict=True))) for c in characters]
    if players == 2:
        for person in people:
            person.wand_token = "up"
    wand = characters.index("harry") if "harry" in characters else options.get("youngest", 0)
    draw = list(YEAR_CARDS[1])
    rng.shuffle(draw)
    for person in people:
        person.hand = [draw.pop() for _ in range(HAND_SIZE)]
    specials = list(SPECIAL_ORDER)
    rng.shuffle(specials)
    state = ChallengeState(
        players=people,
        rng=rng,
        wand=wand,
        prefect=options.get("prefect", 0),
        year_decks={year: list(YEAR_CARDS[year]) for year in range(2, 6)},
        draw=draw,
        discard=[],
        board={},
        special_deck=specials,
    )
    advance(state, [])
    return state


def opening(state: ChallengeState) -> list[Event]:
    """The log's first lines: who plays whom, the Wand and the Prefect, and the cards already face up."""
    events: list[Event] = [
        ev.GameStarted(tuple(p.character for p in state.players), state.wand, state.prefect, HAND_SIZE),
    ]
    events += [ev.CardPlaced(state.wand, card, cell) for cell, card in state.board.items()]
    fresh = state.round == 1 and state.track == 0 and all(len(p.hand) == HAND_SIZE for p in state.players)
    if fresh and (state.setup or (state.step == 1 and state.acted <= 1)):  # (not a game begun at a position)
        # Setup's own events are not kept: the cards no free space would take, revealed and set aside (then
        # discarded when the step ended), are told again from where they lie (a card was in the discard pile
        # from the start with no line saying why).
        events += [ev.CardRevealed(state.wand, card, False) for card in [*state.discard, *state.aside]]
        if state.discard:
            events.append(ev.AsideDiscarded(tuple(state.discard)))
    events += [ev.CardRevealed(task.seat, task.card, True) for task in state.tasks if task.kind == "place"]
    return events


# --- who acts and what they may do ---------------------------------------------------------------------


def to_act(state: ChallengeState) -> tuple[int, ...]:
    if state.over or not state.tasks:
        return ()
    return (state.tasks[-1].seat,)


def legal(state: ChallengeState, seat: int) -> list[Command]:
    tasks = state.tasks
    if state.over or not tasks or tasks[-1].seat != seat:
        return []
    task = tasks[-1]
    kind = task.kind
    if kind == "action":
        return action_commands(state, seat, task)
    player = state.players[seat]
    if kind == "who":
        return [shared(ev.ChooseEncounterer, seat, target) for target in task.seats]
    if kind == "encounter":
        phase = task.phase
        if phase == "boost":
            out: list[Command] = [shared(ev.Check, seat)]
            out += [shared(ev.Boost, seat, card, ability) for card, ability in boost_specials(state, task)]
            out += [shared(ev.Boost, seat, card, ability) for card, ability in boost_cards(state, task)]
            return out
        if phase in ("fawkes", "expelliarmus"):
            return [shared(ev.UseFree, seat, phase), shared(ev.Decline, seat)]
        if phase == "discard":
            return [shared(ev.Discard, seat, card) for card in player.hand]
        if phase == "retreat":
            return [shared(ev.Retreat, seat, cell) for cell in task.options]
        return []
    if kind == "token":
        return [shared(ev.WandBonus, seat, True), shared(ev.WandBonus, seat, False)]
    if kind == "feast":
        return [shared(ev.Feast, seat, ability) for ability in feast_options(state, seat)]
    if kind == "holiday":
        return [shared(ev.Done, seat), *(shared(ev.Swap, seat, card) for card in player.hand)]
    if kind == "place":
        return [shared(ev.PlaceCard, seat, cell) for cell in task.options]
    if kind == "limit":
        return [shared(ev.Discard, seat, card) for card in player.hand]
    return []


def action_commands(state: ChallengeState, seat: int, task: Task) -> list[Command]:
    player = state.players[seat]
    here = player.cell
    out: list[Command] = [*_PASS_DRAW[seat], *move_commands(state, seat, MOVE_LIMIT)]
    board = state.board
    plays = _PLAYS.get(seat)
    if plays is None:
        plays = _PLAYS[seat] = {}
    for card in player.hand:
        card_plays = plays.get(card)
        if card_plays is None:
            card_plays = plays[card] = _card_plays(seat, card)
        cells, play_here, play_there = card_plays
        if here in cells and here not in board:
            out.append(play_here)
        for cell, command in play_there:
            if cell != here and cell not in board:
                out.append(command)
    if task.extra != "time":
        for card in player.specials_up:
            if card in ACTION_SPECIALS:
                out += special_commands(state, seat, card)
    return out


_PASS_DRAW = [(ev.Pass(seat), ev.DrawCards(seat)) for seat in range(4)]  # every action starts with these
# seat -> card -> its spaces, its PlayHere, and a (space, PlayThere) for each space: built once, for ``legal``.
_PLAYS: dict[int, dict[str, tuple[tuple[str, ...], Command, tuple[tuple[str, Command], ...]]]] = {}


def _card_plays(seat: int, card: str) -> tuple[tuple[str, ...], Command, tuple[tuple[str, Command], ...]]:
    cells = ADVENTURES[card].cells
    return cells, ev.PlayHere(seat, card), tuple((cell, ev.PlayThere(seat, card, cell)) for cell in cells)


ACTION_SPECIALS = frozenset(card for card, special in SPECIALS.items() if special.timing == "action")
# What each [Action] Special Card is used with (the other fields of its command stay empty).
SPECIAL_FIELDS = {
    "map": ("path",),
    "nimbus": ("path", "bypass"),
    "firebolt": ("bypass", "cell"),
    "floo": ("bypass", "cell"),
    "polyjuice": ("other",),
    "accio": ("cell",),
}


def special_commands(state: ChallengeState, seat: int, card: str) -> list[Command]:
    here = state.players[seat].cell
    if card == "map":
        walks = move_options(state, seat, BROOM_LIMIT, free=True)
        return [shared(ev.UseSpecial, seat, card, path) for path, _ in walks]
    if card == "nimbus":
        return [shared(ev.UseSpecial, seat, card, p, b) for p, b in move_options(state, seat, BROOM_LIMIT)]
    if card in ("firebolt", "floo"):
        cells = FIREBOLT_CELLS if card == "firebolt" else FLOO_CELLS
        return [
            shared(ev.UseSpecial, seat, card, (), bypass, cell)
            for cell in cells
            if cell != here
            for bypass in arrival_options(state, seat, cell)
        ]
    if card == "polyjuice":
        return [shared(ev.UseSpecial, seat, card, (), (), "", other) for other in range(state.count) if other != seat]
    if card == "accio":
        near = DISTANCES[here]
        return [shared(ev.UseSpecial, seat, card, (), (), cell) for cell in state.board if near[cell] <= 3]
    if card in ("timeturner", "hedwig"):
        return [shared(ev.UseSpecial, seat, card)]
    return []  # [Free] cards are not used with an action


# --- applying a command -----------------------------------------------------------------------------------


def apply(state: ChallengeState, command: Command) -> list[Event]:
    """Check the command fully, then change the state; an IllegalCommand leaves the state untouched."""
    if state.over:
        raise IllegalCommand(_("The game is over."))
    tasks = state.tasks
    seat = command.seat
    if not tasks or tasks[-1].seat != seat:  # not one of ``to_act(state)``
        actors = to_act(state)
        if not actors:
            raise IllegalCommand(_("Nobody is to choose now, not {name}.").format(name=character_name(state, seat)))
        line = _("It is {name}'s turn to choose, not {other}'s.")
        raise IllegalCommand(line.format(name=character_name(state, actors[0]), other=character_name(state, seat)))
    task = tasks[-1]
    events: list[Event] = []
    handler = _HANDLERS.get((task.kind, type(command)))
    if handler is None:
        raise IllegalCommand(waiting_for(state, task))
    handler(state, task, command, events)
    advance(state, events)
    return events


def character_name(state: ChallengeState, seat: int) -> str:
    if 0 <= seat < state.count:
        return CHARACTERS[state.players[seat].character].name
    return _("seat {number}").format(number=seat)


WAITING_IN_ENCOUNTER = {
    "boost": N_("First finish the encounter: boost it, or check the Test again."),
    "fawkes": N_("First decide whether to flip Fawkes the Phoenix for a second try."),
    "expelliarmus": N_("First decide whether to flip Expelliarmus to escape the setback."),
    "discard": N_("First choose the card your setback makes you discard."),
    "retreat": N_("First choose the space to retreat to."),
}
WAITING = {
    "action": N_("Now is the time to take an action."),
    "who": N_("First choose which character on that space encounters the card."),
    "token": N_("First decide whether to flip your Wand Bonus Token for an extra action."),
    "feast": N_("First choose the ability the end-of-year feast raises."),
    "holiday": N_("First swap cards for the summer holidays, or say you are done."),
    "place": N_("First choose the space for the Adventure Card just revealed."),
    "limit": N_("First discard down to 8 cards."),
}


def waiting_for(state: ChallengeState, task: Task) -> str:
    """Why a command does not fit the task at hand, in the current language."""
    if task.kind == "encounter":
        return _(WAITING_IN_ENCOUNTER.get(task.phase, N_("First finish the encounter.")))
    return _(WAITING.get(task.kind, N_("Not now.")))


def _card_in_hand(state: ChallengeState, seat: int, card: str) -> None:
    if card not in state.players[seat].hand:
        if card not in ADVENTURES:
            raise IllegalCommand(_("There is no such Adventure Card."))
        raise IllegalCommand(_("{card} is not in your hand.").format(card=title(card)))


def _do_pass(state: ChallengeState, task: Task, command: Command, events: list[Event]) -> None:
    task.chosen = True
    events.append(shared(ev.Passed, command.seat))


def _do_draw(state: ChallengeState, task: Task, command: Command, events: list[Event]) -> None:
    task.chosen = True
    count = 3 if state.players[command.seat].character == "hermione" else 2
    draw_cards(state, command.seat, count, "draw", events)


def _finish_walk(state: ChallengeState, seat: int, walk, how: str, events: list[Event]) -> None:
    player = state.players[seat]
    for cell, way in walk.passed:
        events.append(shared(ev.WalkedPast, seat, state.board[cell], cell, way))
        if way == "harry":
            player.harry_used = True
        elif way == "cloak":
            flip_down(state, seat, "cloak", events)
    start, player.cell = player.cell, walk.end
    events.append(shared(ev.Moved, seat, walk.path, how, start))
    if walk.encounter:
        start_encounter(state, seat, walk.end, walk.came_from, events)


def _do_move(state: ChallengeState, task: Task, command: ev.Move, events: list[Event]) -> None:
    seat = command.seat
    walk = check_walk(state, seat, tuple(command.path), tuple(command.bypass), MOVE_LIMIT)
    if not handed_out(command):  # (a Move from ``legal`` is listed: every bot's and table's)
        listed = move_commands(state, seat, MOVE_LIMIT)
        if command not in listed:
            check_offered(state, seat, walk, [(move.path, move.bypass) for move in listed], MOVE_LIMIT)
    task.chosen = True
    _finish_walk(state, command.seat, walk, "move", events)


def _do_play_here(state: ChallengeState, task: Task, command: ev.PlayHere, events: list[Event]) -> None:
    seat, card = command.seat, command.card
    _card_in_hand(state, seat, card)
    here = state.players[seat].cell
    if here not in ADVENTURES[card].cells:
        raise IllegalCommand(_not_there(card, here))
    if here in state.board:
        raise IllegalCommand(_taken(here))
    task.chosen = True
    _play(state, seat, card, here, events)
    others = [other for other in state.occupants(here) if other != seat]
    if others:
        state.tasks.append(Task("who", seat, card=card, cell=here, seats=[seat, *others]))
    else:
        start_encounter(state, seat, here, "", events)


def _do_play_there(state: ChallengeState, task: Task, command: ev.PlayThere, events: list[Event]) -> None:
    seat, card, cell = command.seat, command.card, command.cell
    _card_in_hand(state, seat, card)
    if cell not in CELLS:
        raise IllegalCommand(_("There is no space {cell} on the board.").format(cell=repr(cell)))
    if cell == state.players[seat].cell:
        raise IllegalCommand(_("That is your own space: play the card to your space instead."))
    if cell not in ADVENTURES[card].cells:
        raise IllegalCommand(_not_there(card, cell))
    if cell in state.board:
        raise IllegalCommand(_taken(cell))
    task.chosen = True
    _play(state, seat, card, cell, events)
    state.tasks.append(Task("bonus_draw", seat))
    there = state.occupants(cell)
    if there:
        state.tasks.append(Task("who", seat, card=card, cell=cell, seats=there, bonus=True))


def _not_there(card: str, cell: str) -> str:
    return _("{card} cannot be played on {space}: see the spaces after Play:.").format(
        card=title(card), space=name(cell)
    )


def _taken(cell: str) -> str:
    return _("{space} already holds a face-up Adventure Card.").format(space=name(cell))


def _play(state: ChallengeState, seat: int, card: str, cell: str, events: list[Event]) -> None:
    state.players[seat].hand.remove(card)
    state.board[cell] = card
    events.append(shared(ev.CardPlayed, seat, card, cell))


def _do_special(state: ChallengeState, task: Task, command: ev.UseSpecial, events: list[Event]) -> None:
    seat, card = command.seat, command.card
    player = state.players[seat]
    if card not in SPECIALS:
        raise IllegalCommand(_("There is no such Special Card."))
    if card not in player.specials_up:
        if card in player.specials_down:
            if SPECIALS[card].timing == "free":
                back = _("{card} is face down until you next receive the Wand or a New Year begins.")
            else:
                back = _("{card} is face down until you next receive the Wand.")
            raise IllegalCommand(back.format(card=title(card)))
        raise IllegalCommand(_("You do not have {card}.").format(card=title(card)))
    if SPECIALS[card].timing != "action":
        raise IllegalCommand(
            _("{card} is not used with an action: it is flipped when it helps.").format(card=title(card))
        )
    if task.extra == "time":
        raise IllegalCommand(_("The Time-Turner's actions cannot use a Special Card."))
    for field_name, unused in (("path", ()), ("bypass", ()), ("cell", ""), ("other", -1)):
        if field_name not in SPECIAL_FIELDS.get(card, ()) and getattr(command, field_name) != unused:
            raise IllegalCommand(_("{card} takes no {field}.").format(card=title(card), field=field_name))
    walk = None
    if card in ("map", "nimbus"):
        free = card == "map"
        walk = check_walk(state, seat, tuple(command.path), tuple(command.bypass), BROOM_LIMIT, free)
        check_offered(state, seat, walk, move_options(state, seat, BROOM_LIMIT, free), BROOM_LIMIT, free)
    elif card in ("firebolt", "floo"):
        cells = FIREBOLT_CELLS if card == "firebolt" else FLOO_CELLS
        if command.cell not in cells or command.cell == player.cell:
            if card == "firebolt":
                where = _(
                    "{card} takes you to a space of the two top rows but the Shrieking Shack, other than your own."
                )
            else:
                where = _("{card} takes you to one of its four spaces, other than your own.")
            raise IllegalCommand(where.format(card=title(card)))
        if tuple(command.bypass) not in arrival_options(state, seat, command.cell):
            raise IllegalCommand(_("You cannot walk past that card that way."))
    elif card == "polyjuice":
        if not 0 <= command.other < state.count or command.other == seat:
            raise IllegalCommand(_("Choose another character to swap places with."))
    elif card == "accio":
        if command.cell not in state.board:
            raise IllegalCommand(_("Choose a space with a face-up Adventure Card."))
        if DISTANCES[player.cell][command.cell] > 3:
            raise IllegalCommand(_("Accio! reaches a card at most 3 connections away."))
    task.chosen = True
    flip_down(state, seat, card, events)
    if walk is not None:
        _finish_walk(state, seat, walk, card, events)
    elif card in ("firebolt", "floo"):
        _arrive(state, seat, command.cell, tuple(command.bypass), card, events)
    elif card == "timeturner":
        state.tasks.append(Task("action", seat, extra="time"))
        state.tasks.append(Task("action", seat, extra="time"))
        events.append(shared(ev.ActionStarted, seat, state.step, "time"))
    elif card == "polyjuice":
        other = state.players[command.other]
        player.cell, other.cell = other.cell, player.cell
        events.append(ev.Swapped(seat, command.other))
    elif card == "accio":
        taken = state.board.pop(command.cell)
        player.hand.append(taken)
        events.append(ev.CardTaken(seat, taken, command.cell))
    elif card == "hedwig":
        draw_cards(state, seat, 3, "hedwig", events)


def _arrive(state: ChallengeState, seat: int, cell: str, bypass: tuple, how: str, events: list[Event]) -> None:
    """A Firebolt or Floo Powder arrival counts as entering ``cell``; its setback returns to the space left."""
    player = state.players[seat]
    left = player.cell
    player.cell = cell
    events.append(shared(ev.Moved, seat, (cell,), how))
    if cell not in state.board:
        return
    if bypass:
        way = bypass[0]
        events.append(shared(ev.WalkedPast, seat, state.board[cell], cell, way))
        if way == "harry":
            player.harry_used = True
        elif way == "cloak":
            flip_down(state, seat, "cloak", events)
        return
    start_encounter(state, seat, cell, left, events)


def _do_who(state: ChallengeState, task: Task, command: ev.ChooseEncounterer, events: list[Event]) -> None:
    if command.target not in task.seats:
        raise IllegalCommand(_("Choose one of the characters on that space."))
    state.tasks.pop()
    start_encounter(state, command.target, task.cell, "", events)


def _do_boost(state: ChallengeState, task: Task, command: ev.Boost, events: list[Event]) -> None:
    if task.phase != "boost":
        raise IllegalCommand(waiting_for(state, task))
    pair = (command.card, command.ability)
    if command.card in SPECIALS:
        if pair not in boost_specials(state, task):
            raise IllegalCommand(_("{card} cannot help with this Test now.").format(card=title(command.card)))
    elif pair not in boost_cards(state, task):
        if task.used >= 2:
            raise IllegalCommand(_("You may discard at most 2 cards to boost an encounter."))
        if command.ability not in ADVENTURES[task.card].test.abilities:
            raise IllegalCommand(_("A boost raises one of the abilities the Test names."))
        _card_in_hand(state, command.seat, command.card)
        raise IllegalCommand(_("That boost is not possible."))
    apply_boost(state, task, command.card, command.ability, events)


def _do_check(state: ChallengeState, task: Task, command: Command, events: list[Event]) -> None:
    if task.phase != "boost":
        raise IllegalCommand(waiting_for(state, task))
    task.phase = "checked"


def _do_free(state: ChallengeState, task: Task, command: ev.UseFree, events: list[Event]) -> None:
    if task.phase not in ("fawkes", "expelliarmus") or command.card != task.phase:
        raise IllegalCommand(waiting_for(state, task))
    flip_down(state, command.seat, command.card, events)
    if command.card == "fawkes":
        task.retried = True
        if check_test(state, task, "fawkes", events):
            state.tasks.pop()
            complete(state, task, events)
        else:
            task.phase = "no_fawkes"
        return
    state.tasks.pop()
    events.append(ev.EncounterFailed(task.seat, task.card, True))


def _do_decline(state: ChallengeState, task: Task, command: Command, events: list[Event]) -> None:
    if task.phase == "fawkes":
        task.phase = "no_fawkes"
    elif task.phase == "expelliarmus":
        task.phase = "setback"
    else:
        raise IllegalCommand(waiting_for(state, task))


def _do_setback_discard(state: ChallengeState, task: Task, command: ev.Discard, events: list[Event]) -> None:
    if task.phase != "discard":
        raise IllegalCommand(waiting_for(state, task))
    _card_in_hand(state, command.seat, command.card)
    discard_from_hand(state, command.seat, command.card, "setback", events)
    task.phase = "retreat_check"


def _do_retreat(state: ChallengeState, task: Task, command: ev.Retreat, events: list[Event]) -> None:
    if task.phase != "retreat":
        raise IllegalCommand(waiting_for(state, task))
    if command.cell not in task.options:
        raise IllegalCommand(_("Retreat to a connected space without a face-up Adventure Card."))
    state.tasks.pop()
    retreat(state, task, command.cell, events)


def _do_token(state: ChallengeState, task: Task, command: ev.WandBonus, events: list[Event]) -> None:
    state.tasks.pop()
    if command.use:
        state.players[command.seat].wand_token = "down"
        events.append(ev.TokenFlipped(command.seat))
        state.tasks.append(Task("action", command.seat, extra="bonus"))
        events.append(shared(ev.ActionStarted, command.seat, state.step, "bonus"))


def _do_feast(state: ChallengeState, task: Task, command: ev.Feast, events: list[Event]) -> None:
    if command.ability not in ABILITIES:
        raise IllegalCommand(_("Choose Knowledge (K), Skill (S) or Honor (H)."))
    if command.ability not in feast_options(state, command.seat):
        line = _("Your {ability} is already {value}, the most it can be.")
        raise IllegalCommand(line.format(ability=ABILITY_NAMES[command.ability], value=MAX_ABILITY))
    state.tasks.pop()
    raise_by(state, command.seat, command.ability, 1, "feast", events)


def _do_swap(state: ChallengeState, task: Task, command: ev.Swap, events: list[Event]) -> None:
    _card_in_hand(state, command.seat, command.card)
    discard_from_hand(state, command.seat, command.card, "holiday", events)
    task.used += 1


def _do_done(state: ChallengeState, task: Task, command: Command, events: list[Event]) -> None:
    state.tasks.pop()
    finish_holiday(state, task, events)


def _do_place(state: ChallengeState, task: Task, command: ev.PlaceCard, events: list[Event]) -> None:
    if command.cell not in task.options:
        line = _("{card} goes on one of its spaces that holds no card and no character.")
        raise IllegalCommand(line.format(card=title(task.card)))
    state.tasks.pop()
    put_card(state, task.card, command.cell, events)


def _do_limit(state: ChallengeState, task: Task, command: ev.Discard, events: list[Event]) -> None:
    _card_in_hand(state, command.seat, command.card)
    discard_from_hand(state, command.seat, command.card, "limit", events)


_HANDLERS: dict[tuple[str, type], Any] = {
    ("action", ev.Pass): _do_pass,
    ("action", ev.DrawCards): _do_draw,
    ("action", ev.Move): _do_move,
    ("action", ev.PlayHere): _do_play_here,
    ("action", ev.PlayThere): _do_play_there,
    ("action", ev.UseSpecial): _do_special,
    ("who", ev.ChooseEncounterer): _do_who,
    ("encounter", ev.Boost): _do_boost,
    ("encounter", ev.Check): _do_check,
    ("encounter", ev.UseFree): _do_free,
    ("encounter", ev.Decline): _do_decline,
    ("encounter", ev.Discard): _do_setback_discard,
    ("encounter", ev.Retreat): _do_retreat,
    ("token", ev.WandBonus): _do_token,
    ("feast", ev.Feast): _do_feast,
    ("holiday", ev.Swap): _do_swap,
    ("holiday", ev.Done): _do_done,
    ("place", ev.PlaceCard): _do_place,
    ("limit", ev.Discard): _do_limit,
}


# --- the end and the invariants ---------------------------------------------------------------------------


def result(state: ChallengeState) -> Result | None:
    if not state.over:
        return None
    scores, winners = final_result(state)
    return Result(scores, winners, summary(state, scores, winners))


def summary(state: ChallengeState, scores: tuple[int, ...], winners: tuple[int, ...]) -> str:
    """The result in a line, in the current language: the winners by character, their VP and why it ended."""
    names = listing([CHARACTERS[state.players[seat].character].name for seat in winners])
    why = _("Gryffindor reached 500") if state.end_reason == "500" else _("the last term ended in a stalemate")
    one, several = _("{names} wins with {vp} ({why})"), _("{names} share the win with {vp} ({why})")
    return (several if len(winners) > 1 else one).format(names=names, vp=vp(scores[winners[0]]), why=why)
