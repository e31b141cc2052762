"""Everything that happens on its own between the players' choices: the Chouchou runs the seven phases.

Phase 1 (reveal the rewards), phase 5 (the effects of the spells) and phase 7 (the end of the round) need no
choice; ``advance`` runs them, and the end of the game, until some seat has a real choice to make. A take with a
single possible outcome (only one kind of reward left) is made here and told as a forced event.
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.stupefix.cards import (
    CHOUCHOU_CARD,
    NO_SPELL,
    PROTEGO,
    REWARD_ORDER,
    REWARDS,
    REWARDS_PER_ROUND,
    ROUNDS,
    STUPEFIX,
)
from tabletop.games.stupefix.effects import EFFECTS
from tabletop.games.stupefix.events import (
    DraftStarted,
    FlagDown,
    GameEnded,
    Latecomers,
    NobodyStanding,
    PhaseStarted,
    PotionsMaster,
    RewardsRevealed,
    RewardTaken,
    RoundEnded,
    RoundStarted,
    SpellsRevealed,
    shared,
)
from tabletop.games.stupefix.scoring import house_tallies, latecomers, potions_master, winning_houses
from tabletop.games.stupefix.state import SpellDiscard, StupefixState


def start_round(state: StupefixState, events: list[Event]) -> None:
    """Phase 1: eight rewards from the deck join Devenir le Chouchou; then everyone prepares a spell."""
    players = state.players
    state.phase = "prepare"
    state.prepared = [None] * players
    state.targets = [None] * players
    state.pointed = [False] * players
    state.protego = [None] * players
    state.casts = [""] * players
    state.hits = [0] * players
    state.standing = [True] * players
    state.round_points = [[] for _ in range(players)]
    state.draft_order = []
    state.draft_index = 0
    state.chouchou_card = None
    events.append(RoundStarted(state.round, ROUNDS, state.chouchou))
    drawn = [state.deck.pop() for _ in range(min(REWARDS_PER_ROUND, len(state.deck)))]
    state.row = sort_rewards([*drawn, CHOUCHOU_CARD])
    events.append(RewardsRevealed(tuple(sort_rewards(drawn)), len(state.deck)))
    events.append(PhaseStarted("prepare"))
    if not preparing(state):
        everyone_prepared(state, events)  # nobody has a spell card left (Cours Particuliers took them)


def preparing(state: StupefixState) -> tuple[int, ...]:
    """Phase 2: the seats still to lay a card. A player with no spell card left prepares nothing."""
    return tuple([seat for seat, card in enumerate(state.prepared) if card is None and state.hands[seat]])


def sort_rewards(kinds: list[str]) -> list[str]:
    return sorted(kinds, key=REWARD_ORDER.index)


def everyone_prepared(state: StupefixState, events: list[Event]) -> None:
    """Phase 3 starts: "Sorcières, Sorciers, à vos baguettes !" and the count to three."""
    state.phase = "target"
    events.append(PhaseStarted("target"))


def everyone_pointed(state: StupefixState, events: list[Event]) -> None:
    state.phase = "cast"
    events.append(PhaseStarted("cast"))


def resolve_spells(state: StupefixState, events: list[Event]) -> None:
    """Phases 4 and 5: everyone casts at once, then every effect applies at the same time.

    A player with no spell card (Cours Particuliers took their last Sort raté) prepared nothing: they cast
    Protego ("vous pouvez toujours choisir de vous protéger") or nothing, and have no card to discard.
    """
    players = state.players
    casts = []
    for seat in range(players):
        prepared = state.prepared[seat]
        casts.append(PROTEGO if state.protego[seat] else prepared or NO_SPELL)
    hits = [0] * players
    for seat, cast in enumerate(casts):
        target = state.targets[seat]
        if cast == "stupefix" and target is not None:
            hits[target] += 1
    state.casts = casts
    state.hits = hits
    events.append(SpellsRevealed(tuple(casts), tuple(state.targets), tuple(hits)))
    for seat in range(players):
        prepared = state.prepared[seat]
        if casts[seat] == PROTEGO:
            state.standing[seat] = False
            if prepared is not None:
                lay_face_down(state, seat, prepared)
            events.append(FlagDown(seat, "protego", 0))
        else:
            if hits[seat]:
                state.standing[seat] = False
                state.retard[seat] += hits[seat]
                events.append(FlagDown(seat, "stunned", hits[seat]))
            if prepared is not None:
                state.spell_discard.append(SpellDiscard(prepared, seat))
            if prepared == STUPEFIX:
                state.shown_stupefix[seat] += 1
        state.prepared[seat] = None
    start_draft(state, events)


def lay_face_down(state: StupefixState, seat: int, kind: str) -> None:
    """A card discarded face down: its layer remembers it, the pile keeps only its kind (nobody's any more)."""
    state.laid_down[seat].append(kind)
    state.laid_down[seat].sort(reverse=True)
    state.face_down.append(kind)
    state.face_down.sort(reverse=True)


def start_draft(state: StupefixState, events: list[Event]) -> None:
    """Phase 6: the standing players choose in turn, from the Chouchou (or the first standing to their left)."""
    players = state.players
    order = [
        (state.chouchou + step) % players
        for step in range(players)
        if state.standing[(state.chouchou + step) % players]
    ]
    if not order:
        discarded = tuple(kind for kind in state.row if kind != CHOUCHOU_CARD)
        state.reward_discard.extend(discarded)
        state.row = []
        events.append(NobodyStanding(discarded))
        end_round(state, events)
        return
    state.phase = "draft"
    state.draft_order = order
    state.draft_index = 0
    events.append(DraftStarted(tuple(order)))


def take_reward(state: StupefixState, seat: int, kind: str, events: list[Event], forced: bool = False) -> None:
    state.row.remove(kind)
    events.append(shared(RewardTaken, seat, kind, forced))
    EFFECTS[REWARDS[kind].effect](state, seat, kind, events)
    state.draft_index = (state.draft_index + 1) % len(state.draft_order)


def advance(state: StupefixState, events: list[Event]) -> None:
    """Run the draft on until a seat has a choice: forced takes, then the end of the round."""
    while state.phase == "draft" and not state.tasks:
        if not state.row:
            end_round(state, events)
            return
        if state.row.count(state.row[0]) < len(state.row):  # two kinds or more: a real choice
            return
        seat = state.drafter()
        assert seat is not None
        take_reward(state, seat, state.row[0], events, forced=True)


def end_round(state: StupefixState, events: list[Event]) -> None:
    """Phase 7: Points into the urns (each house's haul announced), flags up, the next round or the end."""
    totals: dict[str, int] = {}
    for seat, points in enumerate(state.round_points):
        house = state.houses[seat]
        for value in points:
            state.urns[house].append(f"points{value}")
        totals[house] = totals.get(house, 0) + sum(points)
    state.round_points = [[] for _ in range(state.players)]
    state.row = []
    state.tasks = []
    events.append(RoundEnded(state.round, tuple((house, totals.get(house, 0)) for house in state.urns)))
    if state.round >= ROUNDS:
        end_game(state, events)
        return
    state.round += 1
    start_round(state, events)


def end_game(state: StupefixState, events: list[Event]) -> None:
    """Maître des Potions, Retardataire cards into the urns; the Faveur bonuses count in the house totals."""
    state.phase = "over"
    state.standing = [True] * state.players
    state.draft_order = []
    master = potions_master(state.potions)
    if master is not None:
        state.urns[state.houses[master]].append("maitre")
    events.append(PotionsMaster(master, max(state.potions)))
    late = latecomers(state.retard)
    for seat in late:
        state.urns[state.houses[seat]].append("retardataire")
    events.append(Latecomers(tuple(late), max(state.retard)))
    tallies = house_tallies(state.houses, state.urns, state.faveurs)
    winners = winning_houses(tallies)
    events.append(GameEnded(tuple((house, t.total) for house, t in tallies.items()), tuple(winners)))
