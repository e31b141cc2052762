"""Stupéfix through the shared protocol: setup, who acts, legal commands, applying them, result, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tabletop.core.protocol import Command, Event, IllegalCommand, Result
from tabletop.core.rng import Rng
from tabletop.games.stupefix.cards import (
    CHOUCHOU_CARD,
    DECK_KINDS,
    DECK_SIZE,
    HAND,
    HANDICAP_HAND,
    HANDICAP_RETARD,
    HOUSES,
    MAKEUP,
    RATE,
    REWARD_ORDER,
    REWARDS,
    ROUNDS,
    SPELL_CARDS,
    SPELL_NAMES,
    SPELLS,
    STUPEFIX,
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
from tabletop.games.stupefix.scoring import house_tallies, winning_houses
from tabletop.games.stupefix.state import StupefixState

PHASE_NAMES = {
    "prepare": "preparing spells",
    "target": "pointing wands",
    "cast": "casting",
    "draft": "sharing the rewards",
    "over": "the end",
}


# --- options and setup -------------------------------------------------------------------------------------


def check_options(players: int, options: Mapping[str, Any]) -> str | None:
    if players not in MAKEUP:
        return "Stupéfix takes 4 to 8 players"
    houses = options.get("houses")
    if not isinstance(houses, list) or len(houses) != players or not all(isinstance(h, str) for h in houses):
        return f"choose a house for each of the {players} players"
    if not all(house in HOUSES for house in houses):
        return "the houses are Gryffindor, Hufflepuff, Ravenclaw and Slytherin"
    sizes = tuple(sorted(Counter(houses).values(), reverse=True))
    if sizes != MAKEUP[players]:
        wanted = "+".join(str(size) for size in MAKEUP[players])
        return f"with {players} players the houses are made up {wanted} (now {'+'.join(map(str, sizes))})"
    for seat in range(players):
        if houses[seat] == houses[(seat + 1) % players]:
            neighbour = (seat + 1) % players + 1
            return f"teammates never sit side by side: seats {seat + 1} and {neighbour} are both {houses[seat]}"
    chouchou = options.get("chouchou")
    if chouchou is not None and (
        not isinstance(chouchou, int) or isinstance(chouchou, bool) or not 0 <= chouchou < players
    ):
        return "the first Chouchou must be one of the players (or drawn at random)"
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


def adversaries(state: StupefixState, seat: int) -> list[int]:
    return [other for other in range(state.players) if state.houses[other] != state.houses[seat]]


def legal(state: StupefixState, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "prepare":
        return [PrepareSpell(seat, spell) for spell in SPELLS if spell in state.hands[seat]]
    if phase == "target":
        return [PointWand(seat, target) for target in (None, *adversaries(state, seat))]
    if phase == "cast":
        return [CastSpell(seat, False), CastSpell(seat, True)]
    if state.tasks and state.tasks[-1].kind == "cours":
        return [TakeStupefix(seat, face_down) for face_down in stupefix_choices(state, seat)]
    if state.tasks:
        return [ReturnRetard(seat, owner) for owner in retard_owners(state, seat)]
    return [TakeReward(seat, kind) for kind in REWARD_ORDER if kind in state.row]


# --- applying commands -----------------------------------------------------------------------------------


def apply(state: StupefixState, command: Command) -> list[Event]:
    """Check the command fully, then change the state; an IllegalCommand leaves the state untouched."""
    actors = to_act(state)
    if not actors:
        raise IllegalCommand("The game is over.")
    seat = command.seat
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalCommand("There is no such player.")
    if seat not in actors:
        raise IllegalCommand(_not_your_move(state, seat, actors))
    events: list[Event] = []
    phase = state.phase
    if phase == "prepare" and isinstance(command, PrepareSpell):
        _prepare(state, command, events)
    elif phase == "target" and isinstance(command, PointWand):
        _point(state, command, events)
    elif phase == "cast" and isinstance(command, CastSpell):
        _cast(state, command, events)
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
        return "You have no spell card left: you prepare nothing this round, but you may still cast Protego."
    if state.phase in ("prepare", "target", "cast"):
        done = {"prepare": "prepared a spell", "target": "pointed your wand", "cast": "made your choice"}
        return f"You have already {done[state.phase]} this round."
    if state.phase == "draft" and not state.standing[seat]:
        return "Your flag is down: you take no reward this round."
    return f"It is seat {actors[0] + 1}'s turn to choose."


def _waiting_for(state: StupefixState) -> str:
    if state.phase == "prepare":
        return "Now everyone prepares a spell card, face down."
    if state.phase == "target":
        return "Now is the time to point your wand at an adversary."
    if state.phase == "cast":
        return "Now cast your prepared spell, or Protego."
    if state.tasks and state.tasks[-1].kind == "cours":
        return "First take the Stupéfix of your Cours Particuliers: a face-up one, or a face-down one."
    if state.tasks:
        return "First choose whose Retard token the Retourneur de Temps gives back."
    return "Now is the time to take a reward."


def _prepare(state: StupefixState, command: PrepareSpell, events: list[Event]) -> None:
    seat = command.seat
    if command.spell not in SPELLS:
        raise IllegalCommand("Prepare a Stupéfix or a Sort raté card.")
    if command.spell not in state.hands[seat]:
        raise IllegalCommand(f"You have no {SPELL_NAMES[command.spell]} card left.")
    state.hands[seat].remove(command.spell)
    state.prepared[seat] = command.spell
    events.append(SpellPrepared(seat, command.spell, to=(seat,)))
    others = tuple(other for other in range(state.players) if other != seat)
    events.append(SpellPrepared(seat, None, to=others))
    if not preparing(state):
        everyone_prepared(state, events)


def _point(state: StupefixState, command: PointWand, events: list[Event]) -> None:
    seat, target = command.seat, command.target
    if target is not None:
        if not isinstance(target, int) or not 0 <= target < state.players:
            raise IllegalCommand("Point your wand at a player at the table.")
        if target == seat:
            raise IllegalCommand("Your wand points at an adversary; to protect yourself, cast Protego in phase 4.")
        if not state.is_adversary(seat, target):
            raise IllegalCommand("You may never target a teammate: point at a wizard of another house.")
    state.targets[seat] = target
    state.pointed[seat] = True
    events.append(WandPointed(seat, target))
    if all(state.pointed):
        everyone_pointed(state, events)


def _cast(state: StupefixState, command: CastSpell, events: list[Event]) -> None:
    seat = command.seat
    if not isinstance(command.protego, bool):
        raise IllegalCommand("Cast your prepared spell, or Protego.")
    state.protego[seat] = command.protego
    events.append(CastChosen(seat, command.protego, to=(seat,)))
    others = tuple(other for other in range(state.players) if other != seat)
    events.append(CastChosen(seat, None, to=others))
    if all(choice is not None for choice in state.protego):
        resolve_spells(state, events)


def _take(state: StupefixState, command: TakeReward, events: list[Event]) -> None:
    if command.reward not in state.row:
        if command.reward in REWARDS:
            raise IllegalCommand(f"There is no {REWARDS[command.reward].name} left in the middle of the table.")
        raise IllegalCommand("There is no such reward.")
    take_reward(state, command.seat, command.reward, events)


def _take_stupefix(state: StupefixState, command: TakeStupefix, events: list[Event]) -> None:
    if not isinstance(command.face_down, bool):
        raise IllegalCommand("Take a face-up Stupéfix, or one of the face-down cards.")
    if command.face_down not in stupefix_choices(state, command.seat):
        raise IllegalCommand("There is no Stupéfix among the face-down cards: take a face-up one.")
    state.tasks.pop()
    take_stupefix(state, command.seat, command.face_down)
    events.append(StupefixChosen(command.seat, command.face_down))


def _return(state: StupefixState, command: ReturnRetard, events: list[Event]) -> None:
    owners = retard_owners(state, command.seat)
    if command.owner not in owners:
        if isinstance(command.owner, int) and 0 <= command.owner < state.players:
            if state.houses[command.owner] != state.houses[command.seat]:
                raise IllegalCommand("Only a Retard token of your own house can go back.")
            raise IllegalCommand("That player has no Retard token.")
        raise IllegalCommand("There is no such player.")
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
    if len(winners) > 1:
        summary = f"{' and '.join(winners)} share the victory with {best} points"
    else:
        summary = f"{winners[0]} wins with {best} points"
    return Result(scores, seats, summary)


_DECK = {kind: REWARDS[kind].copies for kind in DECK_KINDS}
_POINTS_CARD = {REWARDS[kind].points: kind for kind in DECK_KINDS if REWARDS[kind].effect == "urn"}


def check_state(state: StupefixState) -> list[str]:
    """Invariants: 64 rewards and one Devenir le Chouchou, every spell card, hand sizes, tokens, flags."""
    problems: list[str] = []
    players = state.players
    if players not in MAKEUP or any(h not in HOUSES for h in state.houses):
        return [f"{players} players in houses {state.houses} is not a Stupéfix table"]
    per_seat = (
        state.hands,
        state.start_stupefix,
        state.retard,
        state.prepared,
        state.targets,
        state.pointed,
        state.protego,
        state.casts,
        state.hits,
        state.standing,
        state.potions,
        state.faveurs,
        state.round_points,
        state.laid_down,
        state.shown_stupefix,
        state.gained_stupefix,
    )
    if any(len(part) != players for part in per_seat):
        return ["the table does not match the number of players"]
    # Rewards: every one of the 64 in exactly one place. (Counted with list.count: this runs after every trial
    # command of the random simulation.)
    cards = state.deck + state.row + state.reward_discard
    for urn in state.urns.values():
        cards += urn
    for points in state.round_points:
        cards += [_POINTS_CARD.get(value, f"points{value}") for value in points]
    found = {kind: cards.count(kind) for kind in DECK_KINDS}
    found["potion"] += sum(state.potions)
    found["faveur"] += sum(state.faveurs)
    counted = len(cards) - cards.count(CHOUCHOU_CARD) - cards.count("maitre") - cards.count("retardataire")
    if found != _DECK or counted + sum(state.potions) + sum(state.faveurs) != DECK_SIZE:
        places = Counter({kind: count for kind, count in found.items() if count})
        wanted = Counter(_DECK)
        places.update(card for card in cards if card not in found and card != CHOUCHOU_CARD)
        problems.append(
            f"rewards do not add up to the 64-card deck: {dict(places - wanted)} extra, {dict(wanted - places)} missing"
        )
    chouchou_cards = state.row.count(CHOUCHOU_CARD) + (state.chouchou_card is not None)
    if state.phase in ("prepare", "target", "cast", "draft") and chouchou_cards != 1:
        problems.append("Devenir le Chouchou is not in exactly one place")
    if set(state.urns) != set(state.houses):
        problems.append("the urn does not hold exactly the playing houses")
    if cards.count("maitre") > 1:
        problems.append("there is only one Maître des Potions card")
    # Spell cards: each player's 8, swapped only by Cours Particuliers.
    problems += _check_spell_cards(state)
    for seat in range(players):
        in_play = len(state.hands[seat]) + (state.prepared[seat] is not None)
        # One card a round, but Cours Particuliers may have taken a Sort raté without giving a Stupéfix (or the
        # other way round): the cards left are at most the rounds left plus the Stupéfix gained.
        if state.phase in ("prepare", "target", "cast"):
            rounds_left = ROUNDS + 1 - state.round
        elif state.phase == "draft":
            rounds_left = ROUNDS - state.round
        else:
            rounds_left = 0
        if in_play > rounds_left + state.gained_stupefix[seat]:
            problems.append(f"seat {seat + 1} has {in_play} spell cards for {rounds_left} rounds left")
        if state.phase in ("target", "cast") and state.prepared[seat] is None and state.hands[seat]:
            problems.append(f"seat {seat + 1} holds spell cards but prepared none")
        if state.phase in ("draft", "over") and state.prepared[seat] is not None:
            problems.append(f"seat {seat + 1}'s prepared card was not discarded")
        if state.hands[seat] != sorted(state.hands[seat], reverse=True):
            problems.append(f"seat {seat + 1}'s hand is not kept in order")
        if state.retard[seat] < 0 or state.potions[seat] < 0 or state.faveurs[seat] < 0:
            problems.append(f"seat {seat + 1} has a negative count")
        target = state.targets[seat]
        if target is not None and not state.is_adversary(seat, target):
            problems.append(f"seat {seat + 1} targets a teammate or themself")
    if state.phase in ("prepare", "target", "cast") and not all(state.standing):
        problems.append("a flag is down before the spells are cast")
    if not 0 <= state.chouchou < players or not 1 <= state.round <= ROUNDS:
        problems.append("the Chouchou or the round is out of range")
    if state.phase not in PHASE_NAMES:
        problems.append(f"unknown phase {state.phase!r}")
    if state.phase == "draft" and (
        not state.draft_order or any(not state.standing[seat] for seat in state.draft_order)
    ):
        problems.append("someone without a standing flag is in the draft")
    return problems


def _check_spell_cards(state: StupefixState) -> list[str]:
    """Every spell card in one place, and the public Stupéfix counts true to the cards.

    Per seat, the Stupéfix nobody saw (in hand, prepared, laid face down) are its start, plus those Cours
    Particuliers gave it, minus those it discarded face up. The face-down pile is every card laid face down less
    the Stupéfix taken from it; the face-up Stupéfix are those shown less those taken from the face-up cards.
    """
    problems: list[str] = []
    players = state.players
    stupefix = sum(state.start_stupefix)
    total = 8 * players
    cards = [card for hand in state.hands for card in hand]
    cards += [card for card in state.prepared if card is not None]
    cards += [card.kind for card in state.spell_discard]
    cards += state.face_down
    if cards.count(STUPEFIX) != stupefix or cards.count(RATE) != total - stupefix or len(cards) != total:
        problems.append(f"spell cards do not add up: {dict(Counter(cards))} for {players} players")
    rates_up = [0] * players
    for card in state.spell_discard:
        if card.kind == RATE:
            rates_up[card.owner] += 1
    for seat in range(players):
        # Each player's 8 cards, plus the Stupéfix Cours Particuliers gave them: held, laid face down, or
        # discarded face up (a Sort raté given up to Cours Particuliers included).
        held = len(state.hands[seat]) + (state.prepared[seat] is not None)
        spent = len(state.laid_down[seat]) + state.shown_stupefix[seat] + rates_up[seat]
        if held + spent != SPELL_CARDS + state.gained_stupefix[seat]:
            problems.append(f"seat {seat + 1} holds {held} and spent {spent} spell cards: some are missing")
        unseen = state.hands[seat].count(STUPEFIX) + (state.prepared[seat] == STUPEFIX)
        unseen += state.laid_down[seat].count(STUPEFIX)
        public = state.start_stupefix[seat] + state.gained_stupefix[seat] - state.shown_stupefix[seat]
        if unseen != public:
            problems.append(f"seat {seat + 1} has {unseen} unseen Stupéfix, but the table counts {public}")
        if state.laid_down[seat] != sorted(state.laid_down[seat], reverse=True):
            problems.append(f"seat {seat + 1}'s face-down cards are not kept in order")
        if state.shown_stupefix[seat] < 0 or state.gained_stupefix[seat] < 0:
            problems.append(f"seat {seat + 1} has a negative Stupéfix count")
    laid_s = sum(kinds.count(STUPEFIX) for kinds in state.laid_down)
    laid_r = sum(len(kinds) for kinds in state.laid_down) - laid_s
    pile_s = state.face_down.count(STUPEFIX)
    taken = state.down_taken
    if not 0 <= taken <= laid_s or (pile_s, len(state.face_down) - pile_s) != (laid_s - taken, laid_r):
        pile, laid = dict(Counter(state.face_down)), {STUPEFIX: laid_s, RATE: laid_r}
        problems.append(f"the face-down cards {pile} are not those laid {laid} less {taken} Stupéfix taken")
    if state.face_down != sorted(state.face_down, reverse=True):
        problems.append("the face-down cards are not kept in order")
    face_up = sum(card.kind == STUPEFIX for card in state.spell_discard)
    taken_up = sum(state.gained_stupefix) - state.down_taken
    if taken_up < 0 or face_up != sum(state.shown_stupefix) - taken_up:
        problems.append("the face-up Stupéfix do not match those shown and taken by Cours Particuliers")
    return problems
