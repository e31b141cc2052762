"""House Cup through the shared protocol: setup, who acts, legal commands, applying them, result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any

from tabletop.core.protocol import Command, Event, IllegalCommand, Result
from tabletop.core.rng import Rng
from tabletop.games.house_cup.cards import (
    ALL_CARDS,
    CARDS,
    CHOICE_TOKEN_VALUES,
    DAYS,
    HOUSES,
    REWARD_TOKENS,
    SET_KINDS,
    house_name,
    set_aside,
    title,
)
from tabletop.games.house_cup.effects import receive
from tabletop.games.house_cup.events import (
    CardTaken,
    CauldronDiscard,
    CauldronPassed,
    ChooseFlywheelSet,
    DiscardCard,
    FlywheelChosen,
    GiveCard,
    KeepCard,
    PlaceToken,
    TakeCard,
    TokenPlaced,
)
from tabletop.games.house_cup.flow import (
    advance,
    final_scores,
    giftable,
    give,
    keep_searched,
    opponents,
    start_round,
)
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.games.house_cup.i18n import joined, ngettext
from tabletop.games.house_cup.moves import deal, discard, discardable, give_rewards, reveal
from tabletop.games.house_cup.scoring import best_flywheel_set, best_total, quidditch_leaders, started_sets
from tabletop.games.house_cup.state import HouseCupState, PlacedToken, Task
from tabletop.i18n import N_

ROUNDS = {2: 4, 3: 3, 4: 4}
_token_value = attrgetter("value")


def new_state(houses: Sequence[str], seed: int, first: int = 0, full_deck: bool = False) -> HouseCupState:
    """``full_deck``: a game of 2 or 3 keeps the cards the rulebook only recommends leaving in the box."""
    players = len(houses)
    rng = Rng.from_seed(seed)
    box = list(set_aside(players, full_deck))
    deck = [card for card in ALL_CARDS if card not in box]
    rng.shuffle(deck)
    return HouseCupState(
        houses=list(houses),
        rng=rng,
        rounds=ROUNDS[players],
        deck=deck,
        discard=[],
        box=box,
        days=[[] for _day in range(len(DAYS))],
        under=[[] for _day in range(len(DAYS))],
        held=[list(CHOICE_TOKEN_VALUES) for _ in range(players)],
        tableau=[[] for _ in range(players)],
        rewards=[0] * players,
        supply=REWARD_TOKENS,
        first=first,
    )


def to_act(state: HouseCupState) -> tuple[int, ...]:
    if state.tasks:
        return (state.tasks[-1].actor(),)
    phase = state.phase
    if phase == "place":
        return (state.turn,)
    if phase == "take":
        stack = state.under[state.day]  # ``state.current_taker()`` written out: this runs thrice a search step
        return (min(stack, key=_token_value).seat,) if stack else ()
    return ()


def legal(state: HouseCupState, seat: int) -> list[Command]:
    return list(legal_for(state, seat, to_act(state)))


def legal_for(state: HouseCupState, seat: int, actors: tuple[int, ...]) -> tuple[Command, ...]:
    """``legal`` given ``to_act(state)`` already worked out, as the View's tuple (the view needs both)."""
    if seat not in actors:
        return ()
    if state.tasks:
        return tuple(_task_commands(state, state.tasks[-1], seat))
    if state.phase == "place":
        return _placements(seat, tuple(state.held[seat]))
    if state.phase == "take":
        return tuple([_take_card(seat, card) for card in state.days[state.day]])
    return ()


# Commands are frozen, so the legal lists hand out shared instances: building them anew for every call was a
# large part of each step. ``typed`` keeps a seat given as True apart from seat 1, as the constructors do.
_take_card = lru_cache(maxsize=1024, typed=True)(TakeCard)
_discard_card = lru_cache(maxsize=1024, typed=True)(DiscardCard)
_give_card = lru_cache(maxsize=4096, typed=True)(GiveCard)
_cauldron_discard = lru_cache(maxsize=1024, typed=True)(CauldronDiscard)


@lru_cache(maxsize=256, typed=True)
def _placements(seat: int, held: tuple[int, ...]) -> tuple[Command, ...]:
    values = sorted(set(held))
    return tuple(PlaceToken(seat, day, value) for day in range(len(DAYS)) for value in values)


def _task_commands(state: HouseCupState, task: Task, seat: int) -> list[Command]:
    """The choices the task on top of the stack offers its actor."""
    if task.kind == "trouble":
        return [_discard_card(seat, card) for card in discardable(state, seat)]
    if task.kind == "letter":
        return [_give_card(seat, card, to) for card in giftable(state, seat) for to in opponents(state, seat)]
    if task.kind == "cauldron":
        return [_cauldron_discard(seat, card) for card in (None, *discardable(state, seat))]
    if task.kind == "search":
        return [KeepCard(seat, card) for card in (None, *task.cards)]
    return [ChooseFlywheelSet(seat, kind) for kind in (None, *started_sets(state.tableau[seat]))]


def apply(state: HouseCupState, command: Command) -> list[Event]:
    """Check the command against the position, then change the state; an IllegalCommand leaves the state
    untouched. (``Game.apply`` has already refused a command that is not one of ours or is malformed.)"""
    actors = to_act(state)
    if not actors:
        raise IllegalCommand(_("The game is over."))
    seat = command.seat
    if seat not in actors:
        line = _("It is {house}'s move, not {other}'s.")
        raise IllegalCommand(line.format(house=_house(state, actors[0]), other=_house(state, seat)))
    events: list[Event] = []
    task = state.tasks[-1] if state.tasks else None
    if task is not None:
        _apply_task(state, task, command, events)
    elif isinstance(command, PlaceToken) and state.phase == "place":
        _place(state, command, events)
    elif isinstance(command, TakeCard) and state.phase == "take":
        _take(state, command, events)
    else:
        raise IllegalCommand(_waiting_for(state))
    advance(state, events)
    return events


def _house(state: HouseCupState, seat: int) -> str:
    return house_name(state.houses[seat]) if 0 <= seat < state.players else _("seat {number}").format(number=seat)


_FIRST_CHOOSE = {
    "trouble": N_("First choose the card Trouble makes you discard."),
    "letter": N_("First choose the card your Letter gives, and to whom."),
    "cauldron": N_("First decide whether to discard a card to the Magic Cauldron."),
    "search": N_("First choose the card to keep from your search."),
    "flywheel": N_("First choose the set your Flywheel of Time joins."),
}


def _waiting_for(state: HouseCupState) -> str:
    if state.tasks:
        return _(_FIRST_CHOOSE[state.tasks[-1].kind])
    if state.phase == "place":
        return _("Now is the time to place a choice token under a day.")
    return _("Now is the time to take cards from {day}.").format(day=DAYS[state.day])


def _place(state: HouseCupState, command: PlaceToken, events: list[Event]) -> None:
    seat = command.seat
    if not 0 <= command.day < len(DAYS):
        raise IllegalCommand(_("A token goes under one of the five days, Monday to Friday."))
    if command.value not in state.held[seat]:
        if command.value in CHOICE_TOKEN_VALUES:
            raise IllegalCommand(
                _("You have already placed your {value} token this round.").format(value=command.value)
            )
        raise IllegalCommand(_("Choice tokens are numbered 1, 2 and 3."))
    state.held[seat].remove(command.value)
    state.under[command.day].append(PlacedToken(seat, command.value))
    players = len(state.houses)
    events.extend(_placed(players, seat, command.day, command.value))
    state.placed += 1
    state.turn = (state.turn + 1) % players
    if state.placed < players:
        return
    state.placed = 0
    deal(state, events)
    if state.deals == 4:
        state.phase = "take"
        state.day = 0
        reveal(state, 0, events)


@lru_cache(maxsize=1024, typed=True)
def _placed(players: int, seat: int, day: int, value: int) -> tuple[TokenPlaced, TokenPlaced]:
    """A token placed, told twice: with its value to its owner, face down to every other seat. Events are frozen
    values, so the few there are (a seat, a day, a value) are built once and shared."""
    others = tuple(other for other in range(players) if other != seat)
    return TokenPlaced(seat, day, value, to=(seat,)), TokenPlaced(seat, day, None, to=others)


# A card taken from a day: one frozen event per seat, card and day, built once.
_card_taken = lru_cache(maxsize=4096, typed=True)(CardTaken)


def _take(state: HouseCupState, command: TakeCard, events: list[Event]) -> None:
    """One card, received at once: an IMMEDIATELY card acts (every choice made) before the taker's next pick."""
    if command.card not in state.days[state.day]:
        raise IllegalCommand(_("That card is not on {day}.").format(day=DAYS[state.day]))
    state.days[state.day].remove(command.card)
    state.taken += 1
    state.take_left -= 1
    events.append(_card_taken(command.seat, command.card, state.day))
    receive(state, command.seat, command.card, events)


def _apply_task(state: HouseCupState, task: Task, command: Command, events: list[Event]) -> None:
    seat = command.seat
    kind = task.kind
    if kind == "trouble" and isinstance(command, DiscardCard):
        if command.card not in discardable(state, seat):
            raise IllegalCommand(_not_yours_to_move(state, seat, command.card, task.cards[0]))
        state.tasks.pop()
        discard(state, seat, command.card, "trouble", events)
    elif kind == "letter" and isinstance(command, GiveCard):
        if command.card not in giftable(state, seat):
            if command.card in state.tableau[seat] and "letter" in CARDS[command.card].symbols:
                raise IllegalCommand(_("A card with the letter symbol cannot be given."))
            raise IllegalCommand(_not_yours_to_move(state, seat, command.card, task.cards[0]))
        if command.to not in opponents(state, seat):
            raise IllegalCommand(_("The card must go to an opponent."))
        state.tasks.pop()
        give(state, seat, command.card, command.to, events, forced=False)
    elif kind == "cauldron" and isinstance(command, CauldronDiscard):
        if command.card is not None and command.card not in discardable(state, seat):
            raise IllegalCommand(_not_yours_to_move(state, seat, command.card, task.cards[0]))
        task.queue.pop(0)
        if command.card is None:
            events.append(CauldronPassed(seat, had_cards=True))
        else:
            discard(state, seat, command.card, "cauldron", events)
            give_rewards(state, seat, 1, "cauldron", events)
        if not task.queue:
            state.tasks.pop()
    elif kind == "search" and isinstance(command, KeepCard):
        if command.card is not None and command.card not in task.cards:
            raise IllegalCommand(_("Keep one of the cards you are looking at, or none."))
        state.tasks.pop()
        keep_searched(state, task, command.card, events)
    elif kind == "flywheel" and isinstance(command, ChooseFlywheelSet):
        if command.set is not None and command.set not in started_sets(state.tableau[seat]):
            if command.set in SET_KINDS:
                raise IllegalCommand(_("The Flywheel of Time only joins a set you have started."))
            raise IllegalCommand(_("That is not a set."))
        state.tasks.pop()
        state.flywheel_set = command.set
        events.append(FlywheelChosen(seat, command.set))
    else:
        raise IllegalCommand(_waiting_for(state))


def _not_yours_to_move(state: HouseCupState, seat: int, card: str, source: str) -> str:
    if card not in CARDS:
        return _("There is no such card.")
    if card == source:
        return _("{card} cannot act on itself: choose one of your other cards.").format(card=title(source))
    if card not in state.tableau[seat]:
        return _("{card} is not one of your cards.").format(card=title(card))
    return _("{card} cannot move while its own IMMEDIATELY effect is being applied.").format(card=title(card))


def result(state: HouseCupState) -> Result | None:
    if state.phase != "over":
        return None
    scores, winners = final_scores(state)
    return Result(scores, winners, summary(state.houses, scores, winners))


def summary(houses: Sequence[str], scores: Sequence[int], winners: Sequence[int]) -> str:
    """The result in one line, in the current language ("Gryffindor wins the House Cup with 84 points")."""
    names = joined([house_name(houses[seat]) for seat in winners])
    points = scores[winners[0]]
    if len(winners) > 1:
        line = ngettext(
            "{names} share the House Cup with {points} point",
            "{names} share the House Cup with {points} points",
            abs(points),
        )
    else:
        line = ngettext(
            "{names} wins the House Cup with {points} point",
            "{names} wins the House Cup with {points} points",
            abs(points),
        )
    return line.format(names=names, points=points)


def check_options(players: int, options: Mapping[str, Any]) -> str | None:
    if players not in ROUNDS:  # (one player's houses passed: a game the rulebook's table has no rounds for)
        return _("House Cup takes 2 to 4 players")
    houses = options.get("houses")
    if not isinstance(houses, list) or len(houses) != players:
        line = ngettext(
            "choose a house for each of the {count} player", "choose a house for each of the {count} players", players
        )
        return line.format(count=players)
    if len(set(houses)) != players or not all(house in HOUSES for house in houses):
        return _("each player needs a different house: Gryffindor, Slytherin, Hufflepuff or Ravenclaw")
    first = options.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        return _("the first player must be one of the players")
    if not isinstance(options.get("full_deck", False), bool):
        return _("the full deck is kept or not: true or false")
    return None


def setup(players: int, options: Mapping[str, Any], seed: int) -> HouseCupState:
    problem = check_options(players, options)
    if problem:
        raise ValueError(problem)
    state = new_state(options["houses"], seed, options.get("first", 0), options.get("full_deck", False))
    events: list[Event] = []
    start_round(state, events)
    return state


def best_suggestion(state: HouseCupState, seat: int) -> Command | None:
    """The engine's suggestion for the end-of-game choices (preselected for a person, never forced)."""
    if not state.tasks or state.tasks[-1].actor() != seat:
        return None
    task = state.tasks[-1]
    house, rewards = state.houses[seat], state.rewards[seat]
    if task.kind == "flywheel":
        leaders = quidditch_leaders(state.tableau, state.houses)
        return ChooseFlywheelSet(seat, best_flywheel_set(state.tableau[seat], rewards, house, leaders))
    if task.kind == "search":
        return KeepCard(seat, max((None, *task.cards), key=lambda card: kept_total(state, seat, card)))
    return None


def kept_total(state: HouseCupState, seat: int, card: str | None) -> int:
    """The best total ``seat`` reaches by keeping ``card`` (None: none) from Help Searching for Points, its
    IMMEDIATELY effect done with the seat's best choices: the Trouble's discard, the Letter's token and gift, the
    Cauldron's discard for a token, Hagrid's three tokens. A Divination goes back into the deck and its draw is
    unknown to the seat (the suggestion never looks at the deck): it counts as nothing."""
    mine, rewards, supply = state.tableau[seat], state.rewards[seat], state.supply

    def total(cards: list[str], tokens: int, gift: tuple[str, int] | None = None) -> int:
        tableaux = [cards if other == seat else list(state.tableau[other]) for other in range(state.players)]
        if gift is not None:
            tableaux[gift[1]].append(gift[0])
        leaders = quidditch_leaders(tableaux, state.houses)
        return best_total(cards, tokens, state.houses[seat], leaders)

    def without(held: list[str], gone: str) -> list[str]:
        rest = list(held)
        rest.remove(gone)
        return rest

    if card is None:
        return total(list(mine), rewards)
    kind = CARDS[card].kind
    held = [*mine, card]
    if kind == "divination":
        return total(list(mine), rewards)
    if kind == "hagrid":
        return total(held, rewards + min(3, supply))
    if kind == "trouble":
        return max((total(without(held, other), rewards) for other in mine), default=total(held, rewards))
    if kind == "letter":
        tokens = rewards + min(1, supply)
        gifts = [other for other in mine if "letter" not in CARDS[other].symbols]
        options = [total(without(held, g), tokens, (g, to)) for g in gifts for to in opponents(state, seat)]
        return max(options, default=total(held, tokens))
    if kind == "cauldron":
        tokens = rewards + min(1, supply)
        return max([total(held, rewards), *(total(without(held, other), tokens) for other in mine)])
    return total(held, rewards)
