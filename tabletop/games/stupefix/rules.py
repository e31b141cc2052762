"""Stupéfix through the shared protocol: setup, who acts, legal commands, applying them, result, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from tabletop.core.protocol import Command, Event, IllegalCommand, Result
from tabletop.core.rng import Rng
from tabletop.games.stupefix.cards import (
    DECK_KINDS,
    HAND,
    HANDICAP_HAND,
    HANDICAP_RETARD,
    HOUSES,
    MAKEUP,
    RATE,
    REWARD_ORDER,
    REWARDS,
    SPELLS,
    STUPEFIX,
    house_name,
)
from tabletop.games.stupefix.effects import retard_owners, return_retard, stupefix_choices, take_stupefix
from tabletop.games.stupefix.events import (
    CastChosen,
    CastSpell,
    PointWand,
    PrepareSpell,
    ReturnRetard,
    SpellPrepared,
    StupefixChosen,
    TakeReward,
    TakeStupefix,
    WandPointed,
    shared,
    told_apart,
)
from tabletop.games.stupefix.flow import (
    advance,
    everyone_pointed,
    everyone_prepared,
    preparing,
    resolve_spells,
    start_round,
    take_reward,
)
from tabletop.games.stupefix.i18n import gettext as _
from tabletop.games.stupefix.i18n import listing, ngettext
from tabletop.games.stupefix.scoring import house_tallies, winning_houses
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.stupefix.terms import reward_name, spell_name
from tabletop.i18n import N_

PHASE_NAMES = {
    "prepare": N_("preparing spells"),
    "target": N_("pointing wands"),
    "cast": N_("casting"),
    "draft": N_("sharing the rewards"),
    "over": N_("the end"),
}  # message ids: translated where shown


# --- options and setup -------------------------------------------------------------------------------------


def check_options(players: int, options: Mapping[str, Any]) -> str | None:
    if players not in MAKEUP:
        return _("Stupéfix takes 4 to 8 players")
    houses = options.get("houses")
    if not isinstance(houses, list) or len(houses) != players or not all(isinstance(h, str) for h in houses):
        return _("choose a house for each of the {count} players").format(count=players)
    if not all(house in HOUSES for house in houses):
        return _("the houses are Gryffindor, Hufflepuff, Ravenclaw and Slytherin")
    sizes = tuple(sorted(Counter(houses).values(), reverse=True))
    if sizes != MAKEUP[players]:
        wanted = "+".join(str(size) for size in MAKEUP[players])
        now = "+".join(map(str, sizes))
        return _("with {count} players the houses are made up {wanted} (now {now})").format(
            count=players, wanted=wanted, now=now
        )
    for seat in range(players):
        if houses[seat] == houses[(seat + 1) % players]:
            neighbour = (seat + 1) % players + 1
            line = _("teammates never sit side by side: seats {seat} and {neighbour} are both {house}")
            return line.format(seat=seat + 1, neighbour=neighbour, house=house_name(houses[seat]))
    chouchou = options.get("chouchou")
    if chouchou is not None and (
        not isinstance(chouchou, int) or isinstance(chouchou, bool) or not 0 <= chouchou < players
    ):
        return _("the first Teacher's Pet must be one of the players (or drawn at random)")
    return None


def new_state(houses: list[str], seed: int, chouchou: int | None) -> StupefixState:
    players = len(houses)
    rng = Rng.from_seed(seed)
    deck = [kind for kind in DECK_KINDS for _ in range(REWARDS[kind].copies)]
    rng.shuffle(deck)
    first = rng.below(players) if chouchou is None else chouchou
    hands, start_stupefix, retard = [], [], []
    for house in houses:
        handicap = houses.count(house) == 2
        hand = HANDICAP_HAND if handicap else HAND
        hands.append([STUPEFIX] * hand[STUPEFIX] + [RATE] * hand[RATE])
        start_stupefix.append(hand[STUPEFIX])
        retard.append(HANDICAP_RETARD if handicap else 0)
    return StupefixState(
        houses=list(houses),
        rng=rng,
        chouchou=first,
        hands=hands,
        start_stupefix=start_stupefix,
        retard=retard,
        deck=deck,
        laid_down=[[] for _ in range(players)],
        shown_stupefix=[0] * players,
        gained_stupefix=[0] * players,
        potions=[0] * players,
        faveurs=[0] * players,
        urns={house: [] for house in dict.fromkeys(houses)},
    )


def setup(players: int, options: Mapping[str, Any], seed: int) -> StupefixState:
    problem = check_options(players, options)
    if problem:
        raise ValueError(problem)
    state = new_state(list(options["houses"]), seed, options.get("chouchou"))
    start_round(state, [])
    return state


# --- who acts and what they may do -----------------------------------------------------------------------


def to_act(state: StupefixState) -> tuple[int, ...]:
    phase = state.phase
    if phase == "prepare":
        return preparing(state)
    if phase == "target":
        return tuple([seat for seat, done in enumerate(state.pointed) if not done])
    if phase == "cast":
        return tuple([seat for seat, choice in enumerate(state.protego) if choice is None])
    if phase == "draft":
        if state.tasks:
            return (state.tasks[-1].seat,)
        seat = state.drafter()
        return (seat,) if seat is not None else ()
    return ()


# Every command a seat may be offered, built once: ``legal`` runs at every step of every game and playout.
SEATS = range(max(MAKEUP))
PREPARE = [{spell: PrepareSpell(seat, spell) for spell in SPELLS} for seat in SEATS]
CAST = [(CastSpell(seat, False), CastSpell(seat, True)) for seat in SEATS]
TAKE = [{kind: TakeReward(seat, kind) for kind in REWARD_ORDER} for seat in SEATS]


@cache
def wand_commands(houses: tuple[str, ...], seat: int) -> tuple[Command, ...]:
    """Where ``seat`` may point its wand: at nobody, or at an adversary (the same all game long)."""
    others = [other for other, house in enumerate(houses) if house != houses[seat]]
    return tuple([PointWand(seat, target) for target in (None, *others)])


def legal(state: StupefixState, seat: int) -> list[Command]:
    return list(legal_for(state, seat, (seat,) if is_acting(state, seat) else ()))


def is_acting(state: StupefixState, seat: int) -> bool:
    """Whether ``seat`` is one of ``to_act(state)``, read from that seat's own entries: a search asks ``legal``
    at every step of every playout, where listing every seat still to choose was a third of the work of who acts.
    (tests/test_stupefix_speed.py checks it against ``to_act``.)"""
    if not isinstance(seat, int) or not 0 <= seat < len(state.houses):
        return False
    phase = state.phase
    if phase == "prepare":
        return state.prepared[seat] is None and bool(state.hands[seat])
    if phase == "target":
        return not state.pointed[seat]
    if phase == "cast":
        return state.protego[seat] is None
    if phase == "draft":
        if state.tasks:
            return state.tasks[-1].seat == seat
        return state.drafter() == seat
    return False


def legal_for(state: StupefixState, seat: int, acting: tuple[int, ...]) -> tuple[Command, ...]:
    """``legal`` with ``to_act`` already known, as the view's tuple."""
    if seat not in acting:
        return ()
    phase = state.phase
    if phase == "prepare":
        hand = state.hands[seat]
        return tuple([PREPARE[seat][spell] for spell in SPELLS if spell in hand])
    if phase == "target":
        return wand_commands(tuple(state.houses), seat)
    if phase == "cast":
        return CAST[seat]
    if state.tasks and state.tasks[-1].kind == "cours":
        return tuple([TakeStupefix(seat, face_down) for face_down in stupefix_choices(state, seat)])
    if state.tasks:
        return tuple([ReturnRetard(seat, owner) for owner in retard_owners(state, seat)])
    row = state.row
    return tuple([TAKE[seat][kind] for kind in REWARD_ORDER if kind in row])


# --- applying commands -----------------------------------------------------------------------------------


def apply(state: StupefixState, command: Command) -> list[Event]:
    """Check the command fully, then change the state; an IllegalCommand leaves the state untouched."""
    actors = to_act(state)
    if not actors:
        raise IllegalCommand(_("The game is over."))
    seat = command.seat
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalCommand(_("There is no such player."))
    if seat not in actors:
        raise IllegalCommand(_not_your_move(state, seat, actors))
    events: list[Event] = []
    phase = state.phase
    last = len(actors) == 1  # in phases 2 to 4, the seat is the last to choose
    if phase == "prepare" and isinstance(command, PrepareSpell):
        _prepare(state, command, events, last)
    elif phase == "target" and isinstance(command, PointWand):
        _point(state, command, events, last)
    elif phase == "cast" and isinstance(command, CastSpell):
        _cast(state, command, events, last)
    elif phase == "draft" and state.tasks and state.tasks[-1].kind == "cours" and isinstance(command, TakeStupefix):
        _take_stupefix(state, command, events)
    elif (
        phase == "draft" and state.tasks and state.tasks[-1].kind == "retourneur" and isinstance(command, ReturnRetard)
    ):
        _return(state, command, events)
    elif phase == "draft" and not state.tasks and isinstance(command, TakeReward):
        _take(state, command, events)
    else:
        raise IllegalCommand(_waiting_for(state))
    advance(state, events)
    return events


def _not_your_move(state: StupefixState, seat: int, actors: tuple[int, ...]) -> str:
    if state.phase == "prepare" and state.prepared[seat] is None:
        return _("You have no spell card left: you prepare nothing this round, but you may still cast Protego.")
    if state.phase == "prepare":
        return _("You have already prepared a spell this round.")
    if state.phase == "target":
        return _("You have already pointed your wand this round.")
    if state.phase == "cast":
        return _("You have already made your choice this round.")
    if state.phase == "draft" and not state.standing[seat]:
        return _("Your flag is down: you take no reward this round.")
    return _("It is seat {number}'s turn to choose.").format(number=actors[0] + 1)


def _waiting_for(state: StupefixState) -> str:
    if state.phase == "prepare":
        return _("Now everyone prepares a spell card, face down.")
    if state.phase == "target":
        return _("Now is the time to point your wand at an adversary.")
    if state.phase == "cast":
        return _("Now cast your prepared spell, or Protego.")
    if state.tasks and state.tasks[-1].kind == "cours":
        return _("First take the Stupefy of your Private Lessons: a face-up one, or a face-down one.")
    if state.tasks:
        return _("First choose whose Late token the Time-Turner gives back.")
    return _("Now is the time to take a reward.")


def _prepare(state: StupefixState, command: PrepareSpell, events: list[Event], last: bool) -> None:
    seat = command.seat
    if command.spell not in SPELLS:
        raise IllegalCommand(_("Prepare a Stupefy or a Misfire card."))
    if command.spell not in state.hands[seat]:
        raise IllegalCommand(_("You have no {spell} card left.").format(spell=spell_name(command.spell)))
    state.hands[seat].remove(command.spell)
    state.prepared[seat] = command.spell
    events.extend(told_apart(SpellPrepared, state.players, seat, command.spell))
    if last:
        everyone_prepared(state, events)


def _point(state: StupefixState, command: PointWand, events: list[Event], last: bool) -> None:
    seat, target = command.seat, command.target
    if target is not None:
        if not isinstance(target, int) or not 0 <= target < state.players:
            raise IllegalCommand(_("Point your wand at a player at the table."))
        if target == seat:
            raise IllegalCommand(_("Your wand points at an adversary; to protect yourself, cast Protego in phase 4."))
        if not state.is_adversary(seat, target):
            raise IllegalCommand(_("You may never target a teammate: point at a wizard of another house."))
    state.targets[seat] = target
    state.pointed[seat] = True
    events.append(shared(WandPointed, seat, target))
    if last:
        everyone_pointed(state, events)


def _cast(state: StupefixState, command: CastSpell, events: list[Event], last: bool) -> None:
    seat = command.seat
    if not isinstance(command.protego, bool):
        raise IllegalCommand(_("Cast your prepared spell, or Protego."))
    state.protego[seat] = command.protego
    events.extend(told_apart(CastChosen, state.players, seat, command.protego))
    if last:
        resolve_spells(state, events)


def _take(state: StupefixState, command: TakeReward, events: list[Event]) -> None:
    if command.reward not in state.row:
        if command.reward in REWARDS:
            line = _("There is no {reward} left in the middle of the table.")
            raise IllegalCommand(line.format(reward=reward_name(command.reward)))
        raise IllegalCommand(_("There is no such reward."))
    take_reward(state, command.seat, command.reward, events)


def _take_stupefix(state: StupefixState, command: TakeStupefix, events: list[Event]) -> None:
    if not isinstance(command.face_down, bool):
        raise IllegalCommand(_("Take a face-up Stupefy, or one of the face-down cards."))
    if command.face_down not in stupefix_choices(state, command.seat):
        raise IllegalCommand(_("There is no Stupefy among the face-down cards: take a face-up one."))
    state.tasks.pop()
    take_stupefix(state, command.seat, command.face_down)
    events.append(StupefixChosen(command.seat, command.face_down))


def _return(state: StupefixState, command: ReturnRetard, events: list[Event]) -> None:
    owners = retard_owners(state, command.seat)
    if command.owner not in owners:
        if isinstance(command.owner, int) and 0 <= command.owner < state.players:
            if state.houses[command.owner] != state.houses[command.seat]:
                raise IllegalCommand(_("Only a Late token of your own house can go back."))
            raise IllegalCommand(_("That player has no Late token."))
        raise IllegalCommand(_("There is no such player."))
    state.tasks.pop()
    return_retard(state, command.seat, command.owner, "retourneur", events)


# --- the end and the invariants ------------------------------------------------------------------------


def result(state: StupefixState) -> Result | None:
    if state.phase != "over":
        return None
    tallies = house_tallies(state.houses, state.urns, state.faveurs)
    winners = winning_houses(tallies)
    scores = tuple(tallies[house].total for house in state.houses)
    seats = tuple(seat for seat, house in enumerate(state.houses) if house in winners)
    best = tallies[winners[0]].total
    return Result(scores, seats, result_summary(winners, best))


def result_summary(winners: list[str], best: int) -> str:
    """ "Gryffindor wins with 240 points", in the current language (made when asked, never kept in the state)."""
    houses = [house_name(house) for house in winners]
    if len(houses) > 1:
        line = ngettext(
            "{houses} share the victory with {count} point", "{houses} share the victory with {count} points", abs(best)
        )
        return line.format(houses=listing(houses), count=best)
    return ngettext("{house} wins with {count} point", "{house} wins with {count} points", abs(best)).format(
        house=houses[0], count=best
    )
