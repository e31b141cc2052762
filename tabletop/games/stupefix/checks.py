"""Whether a Stupéfix position is one the game can go on from: every field in its range, the parts consistent.

A save may start from any position, so anything can come in here. The checks run in stages (types, the size of
the table, the fields and the cards, the phase), each only once the earlier ones hold, so a later one can index
and count without failing. The last one asks the rules themselves: unless the game is over, someone has a move.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.checks import (
    bounded,
    clipped,
    rng_problems,
    seat_counts,
    shape_problems,
    shown,
    some,
    waiting_problems,
)
from tabletop.games.stupefix.cards import (
    CHOUCHOU_CARD,
    DECK_KINDS,
    DECK_SIZE,
    HANDICAP_RETARD,
    HOUSES,
    MAKEUP,
    NO_SPELL,
    PROTEGO,
    RATE,
    REWARDS,
    REWARDS_PER_ROUND,
    ROUNDS,
    SPELL_CARDS,
    SPELLS,
    STUPEFIX,
)
from tabletop.games.stupefix.effects import retard_owners
from tabletop.games.stupefix.rules import legal, result, to_act
from tabletop.games.stupefix.scoring import latecomers, potions_master
from tabletop.games.stupefix.state import StupefixState

SPELL_PHASES = ("prepare", "target", "cast")  # before the spells are revealed
CASTS = (STUPEFIX, RATE, PROTEGO, NO_SPELL)
URN_CARDS = (*(kind for kind in DECK_KINDS if REWARDS[kind].effect == "urn"), "maitre", "retardataire")
POINTS = {REWARDS[kind].points: kind for kind in DECK_KINDS if REWARDS[kind].effect == "urn"}
KEPT = {"potion": REWARDS["potion"].copies, "faveur": REWARDS["faveur"].copies}
_DECK = {kind: REWARDS[kind].copies for kind in DECK_KINDS}


def check_state(state: StupefixState) -> list[str]:
    """Broken fields and invariants of ``state``, as short lines; empty when the game can go on from it."""
    for stage in (shape_problems, _table_problems, _field_problems, _card_problems, _phase_problems):
        problems = stage(state)
        if problems:
            return clipped(problems)
    return clipped(waiting_problems(state, state.players, to_act, legal, result))


def _table_problems(state: StupefixState) -> list[str]:
    players = state.players
    if players not in MAKEUP:
        return [f"{players} players: Stupéfix takes 4 to 8"]
    unknown = [house for house in state.houses if house not in HOUSES]
    if unknown:
        return [f"unknown houses: {some(unknown)}"]
    sizes = tuple(sorted(Counter(state.houses).values(), reverse=True))
    if sizes != MAKEUP[players]:
        return [f"houses of {'+'.join(map(str, sizes))} players; {players} players play in houses of {MAKEUP[players]}"]
    per_seat: dict[str, list] = {
        "hands": state.hands,
        "Stupéfix counts at the start": state.start_stupefix,
        "Retard counts": state.retard,
        "prepared cards": state.prepared,
        "wands": state.targets,
        "wands pointed": state.pointed,
        "Protego choices": state.protego,
        "casts": state.casts,
        "hit counts": state.hits,
        "flags": state.standing,
        "Potion counts": state.potions,
        "Faveur counts": state.faveurs,
        "Points in front of players": state.round_points,
        "face-down memories": state.laid_down,
        "Stupéfix shown counts": state.shown_stupefix,
        "Stupéfix gained counts": state.gained_stupefix,
    }
    problems = [f"{len(part)} {name} for {players} players" for name, part in per_seat.items() if len(part) != players]
    if set(state.urns) != set(state.houses):
        problems.append(f"urns for {some(sorted(state.urns))}, not for the playing houses")
    return problems


def _field_problems(state: StupefixState) -> list[str]:
    """Each field in its range: seats, counts, and every spell card, reward and urn card a known one."""
    players = state.players
    problems = rng_problems(state.rng)
    problems += bounded("the Chouchou's seat", state.chouchou, 0, players - 1)
    problems += bounded("the round", state.round, 1, ROUNDS)
    problems += bounded("the count of face-down Stupéfix taken", state.down_taken, 0, SPELL_CARDS * players)
    problems += bounded("the drafter's place in the order", state.draft_index, 0, players - 1)
    if state.chouchou_card is not None and state.chouchou_card != state.chouchou:
        problems.append("Devenir le Chouchou was taken by someone who is not the Chouchou")
    most_retard = HANDICAP_RETARD + ROUNDS * (players - 1)  # a seat is stunned at most by every other seat
    problems += seat_counts("Stupéfix count at the start", state.start_stupefix, 0, SPELL_CARDS)
    problems += seat_counts("Retard count", state.retard, 0, most_retard)
    problems += seat_counts("hit count", state.hits, 0, players - 1)
    problems += seat_counts("Potion count", state.potions, 0, KEPT["potion"])
    problems += seat_counts("Faveur count", state.faveurs, 0, KEPT["faveur"])
    problems += seat_counts("count of Stupéfix shown", state.shown_stupefix, 0, SPELL_CARDS * players)
    problems += seat_counts("count of Stupéfix gained", state.gained_stupefix, 0, SPELL_CARDS * players)
    for seat in range(players):
        name = f"seat {seat + 1}'s"
        target = state.targets[seat]
        if target is not None and (not 0 <= target < players or state.houses[target] == state.houses[seat]):
            problems.append(f"{name} wand points at {shown(target)}, not at an adversary")
        if state.casts[seat] not in ("", *CASTS):
            problems.append(f"{name} cast is {shown(state.casts[seat])}")
        if state.prepared[seat] not in (None, *SPELLS):
            problems.append(f"{name} prepared card is {shown(state.prepared[seat])}")
        odd = [value for value in state.round_points[seat] if value not in POINTS]
        if odd:
            problems.append(f"{name} Points in front of them are {some(odd)}")
    spells = [card for hand in state.hands for card in hand] + state.face_down
    spells += [card for laid in state.laid_down for card in laid] + [card.kind for card in state.spell_discard]
    odd_spells = [card for card in spells if card not in SPELLS]
    if odd_spells:
        problems.append(f"unknown spell cards: {some(odd_spells)}")
    if any(not 0 <= card.owner < players for card in state.spell_discard):
        problems.append("a discarded spell card of a seat that is not at the table")
    odd_rewards = [kind for kind in state.row if kind not in REWARDS]
    odd_rewards += [kind for kind in state.deck + state.reward_discard if kind not in DECK_KINDS]
    odd_rewards += [card for urn in state.urns.values() for card in urn if card not in URN_CARDS]
    if odd_rewards:
        problems.append(f"rewards where they cannot be: {some(odd_rewards)}")
    for seat in [*state.draft_order, *(task.seat for task in state.tasks)]:
        problems += bounded("a drafting seat", seat, 0, players - 1)
    if state.chouchou_card is not None:
        problems += bounded("the seat that took Devenir le Chouchou", state.chouchou_card, 0, players - 1)
    return problems


def _card_problems(state: StupefixState) -> list[str]:
    """Every reward card in one place (the 64 and Devenir le Chouchou), every spell card in one place."""
    problems: list[str] = []
    cards = state.deck + state.row + state.reward_discard
    for urn in state.urns.values():
        cards += urn
    for points in state.round_points:
        cards += [POINTS[value] for value in points]
    found = Counter({card: count for card, count in Counter(cards).items() if card in _DECK})
    found["potion"] += sum(state.potions)
    found["faveur"] += sum(state.faveurs)
    if found != Counter(_DECK):
        wanted = Counter(_DECK)
        problems.append(
            f"rewards do not add up to the 64-card deck: {dict(found - wanted)} extra, {dict(wanted - found)} missing"
        )
    chouchou_cards = state.row.count(CHOUCHOU_CARD) + (state.chouchou_card is not None)
    if state.phase != "over" and chouchou_cards != 1:
        problems.append("Devenir le Chouchou is not in exactly one place")
    if cards.count("maitre") > 1:
        problems.append("there is only one Maître des Potions card")
    if len(state.deck) < DECK_SIZE - REWARDS_PER_ROUND * state.round:
        problems.append(f"{len(state.deck)} rewards in the deck: fewer than round {state.round} leaves")
    problems += _spell_card_problems(state)
    return problems


def _spell_card_problems(state: StupefixState) -> list[str]:
    """Every spell card in one place, and the public Stupéfix counts true to the cards.

    Per seat, the Stupéfix nobody saw (in hand, prepared, laid face down) are its start, plus those Cours
    Particuliers gave it, minus those it discarded face up. The face-down pile is every card laid face down less
    the Stupéfix taken from it; the face-up Stupéfix are those shown less those taken from the face-up cards.
    """
    problems: list[str] = []
    players = state.players
    stupefix = sum(state.start_stupefix)
    total = SPELL_CARDS * players
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
    rounds_left = {"prepare": ROUNDS + 1, "target": ROUNDS + 1, "cast": ROUNDS + 1, "draft": ROUNDS, "over": 0}
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
        if state.hands[seat] != sorted(state.hands[seat], reverse=True):
            problems.append(f"seat {seat + 1}'s hand is not kept in order")
        # One card a round, but Cours Particuliers may have taken a Sort raté without giving a Stupéfix (or the
        # other way round): the cards left are at most the rounds left plus the Stupéfix gained.
        left = rounds_left[state.phase] - (state.round if state.phase != "over" else 0)
        if held > left + state.gained_stupefix[seat]:
            problems.append(f"seat {seat + 1} has {held} spell cards for {left} rounds left")
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


def _phase_problems(state: StupefixState) -> list[str]:
    """What each phase has: prepared cards, wands, Protego choices, casts, flags, the draft, the end."""
    phase = state.phase
    players = state.players
    problems: list[str] = []
    if phase in SPELL_PHASES:
        if state.chouchou_card is not None or state.tasks or state.draft_order or state.draft_index:
            problems.append(f"the draft has begun in the {phase} phase")
        if not all(state.standing) or any(state.hits) or any(state.casts):
            problems.append(f"a spell has been cast in the {phase} phase")
        if any(state.round_points):
            problems.append(f"Points are in front of players in the {phase} phase")
        if len(state.row) > REWARDS_PER_ROUND + 1:
            problems.append(f"{len(state.row)} rewards on offer, more than a round reveals")
    if phase == "prepare" and (any(state.pointed) or any(t is not None for t in state.targets)):
        problems.append("a wand points before the spells are prepared")
    if phase in ("prepare", "target") and any(choice is not None for choice in state.protego):
        problems.append(f"a Protego choice is made in the {phase} phase")
    if phase == "target":
        if all(state.pointed):
            problems.append("every wand points, yet the phase is still pointing wands")
        if any(t is not None and not p for t, p in zip(state.targets, state.pointed, strict=True)):
            problems.append("a wand points at someone, but it has not been pointed")
    if phase in ("target", "cast"):
        for seat in range(players):
            if state.prepared[seat] is None and state.hands[seat]:
                problems.append(f"seat {seat + 1} holds spell cards but prepared none")
    if phase in ("cast", "draft", "over") and not all(state.pointed):
        problems.append(f"a wand has not been pointed in the {phase} phase")
    if phase in ("draft", "over"):
        if any(choice is None for choice in state.protego) or not all(state.casts):
            problems.append(f"a spell has not been cast in the {phase} phase")
        elif _hits(state) != state.hits:
            problems.append("the hits do not match the Stupéfix cast at each wizard")
        if any(card is not None for card in state.prepared):
            problems.append("a prepared card was not discarded")
    if phase == "draft":
        problems += _draft_problems(state)
    if phase == "over":
        problems += _end_problems(state)
    elif any(card in ("maitre", "retardataire") for urn in state.urns.values() for card in urn):
        problems.append("an end-of-game card lies in an urn before the end")
    return problems


def _hits(state: StupefixState) -> list[int]:
    """The Stupéfix cast at each wizard in the spells revealed last."""
    hits = [0] * state.players
    for seat, target in enumerate(state.targets):
        if state.casts[seat] == STUPEFIX and target is not None:
            hits[target] += 1
    return hits


def _draft_problems(state: StupefixState) -> list[str]:
    """The spells' effects stand (flags down) and the draft goes round the standing players in turn."""
    players = state.players
    problems = []
    hits = state.hits
    down = [state.casts[seat] == PROTEGO or hits[seat] > 0 for seat in range(players)]
    if [not flag for flag in state.standing] != down:
        problems.append("the flags down are not those of the Protego casts and the stunned")
    # From the Chouchou the draft began with (who may have become someone else since, by Devenir le Chouchou).
    standing = [seat for seat in range(players) if state.standing[seat]]
    if not any(state.draft_order == standing[at:] + standing[:at] for at in range(len(standing))):
        problems.append("the draft order is not the standing players in turn")
    if state.draft_index >= len(state.draft_order):
        problems.append(f"the drafter's place {state.draft_index} is past the {len(state.draft_order)} in the draft")
    if not state.row and not state.tasks:
        problems.append("the draft has nothing left to take")
    if len(state.tasks) > 1:
        problems.append(f"{len(state.tasks)} rewards wait on their choice at once")
    for task in state.tasks:
        drafter = state.draft_order[(state.draft_index - 1) % len(state.draft_order)] if state.draft_order else None
        if task.seat != drafter:
            problems.append(f"a {task.kind} choice for seat {task.seat + 1}, who did not just take it")
        elif task.kind == "cours" and not (state.face_down and any(c.kind == STUPEFIX for c in state.spell_discard)):
            problems.append("a Cours Particuliers choice without a face-up Stupéfix and face-down cards")
        elif task.kind == "retourneur" and not retard_owners(state, task.seat):
            problems.append("a Retourneur de Temps choice, but no Retard token in the house")
    return problems


def _end_problems(state: StupefixState) -> list[str]:
    """The end: the last round played, every reward given out, Maître des Potions and the Retardataires in the urns."""
    problems = []
    if state.round != ROUNDS or state.row or state.tasks or state.draft_order or any(state.round_points):
        problems.append("the game is over before the last round's rewards are all given out")
    if not all(state.standing):
        problems.append("a flag is still down at the end")
    master = potions_master(state.potions)
    masters = {house: urn.count("maitre") for house, urn in state.urns.items()}
    if masters != {house: int(master is not None and state.houses[master] == house) for house in state.urns}:
        problems.append("Maître des Potions is not in the urn of the one player with the most Potions")
    late = Counter(state.houses[seat] for seat in latecomers(state.retard))
    if any(urn.count("retardataire") != late[house] for house, urn in state.urns.items()):
        problems.append("the Retardataire cards are not those of the players with the most Retard tokens")
    return problems
