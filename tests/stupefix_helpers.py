"""Helpers for the Stupéfix tests: a fast exact copy of a state, and positions built through the protocol."""

from __future__ import annotations

from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell
from tabletop.games.stupefix.state import SpellDiscard, StupefixState, Task


def clone(state: StupefixState) -> StupefixState:
    """A deep copy (many times faster than copy.deepcopy, which the per-step checks would make too slow)."""
    return StupefixState(
        houses=list(state.houses),
        rng=Rng(state.rng.state),
        chouchou=state.chouchou,
        hands=[list(hand) for hand in state.hands],
        start_stupefix=list(state.start_stupefix),
        retard=list(state.retard),
        deck=list(state.deck),
        round=state.round,
        phase=state.phase,
        row=list(state.row),
        reward_discard=list(state.reward_discard),
        prepared=list(state.prepared),
        targets=list(state.targets),
        pointed=list(state.pointed),
        protego=list(state.protego),
        casts=list(state.casts),
        hits=list(state.hits),
        standing=list(state.standing),
        spell_discard=[SpellDiscard(c.kind, c.owner) for c in state.spell_discard],
        face_down=list(state.face_down),
        laid_down=[list(kinds) for kinds in state.laid_down],
        shown_stupefix=list(state.shown_stupefix),
        gained_stupefix=list(state.gained_stupefix),
        down_taken=state.down_taken,
        potions=list(state.potions),
        faveurs=list(state.faveurs),
        round_points=[list(points) for points in state.round_points],
        urns={house: list(cards) for house, cards in state.urns.items()},
        draft_order=list(state.draft_order),
        draft_index=state.draft_index,
        chouchou_card=state.chouchou_card,
        tasks=[Task(t.kind, t.seat) for t in state.tasks],
    )


def new(players: int, seed: int = 1, chouchou: int | None = 0, houses: list[str] | None = None) -> StupefixState:
    options = GAME.default_options(players)
    options["chouchou"] = chouchou
    if houses is not None:
        options["houses"] = houses
    return GAME.setup(players, options, seed)


def play_round(
    state: StupefixState,
    spells: dict[int, str] | None = None,
    targets: dict[int, int | None] | None = None,
    protego: set[int] | frozenset[int] = frozenset(),
) -> list:
    """Phases 2 to 5 through commands: the given spells (default Sort raté when held; nothing without a card),
    wands and Protego casts."""
    events: list = []
    spells = spells or {}
    targets = targets or {}
    for seat in range(state.players):
        if not state.hands[seat]:
            continue  # no spell card left (Cours Particuliers): nothing to prepare
        spell = spells.get(seat, "rate" if "rate" in state.hands[seat] else "stupefix")
        events += GAME.apply(state, PrepareSpell(seat, spell))
    for seat in range(state.players):
        events += GAME.apply(state, PointWand(seat, targets.get(seat)))
    for seat in range(state.players):
        events += GAME.apply(state, CastSpell(seat, seat in protego))
    return events


def give_hand(state: StupefixState, seat: int, stupefix: int) -> None:
    """Rearrange ``seat``'s hand to hold ``stupefix`` Stupéfix, swapping with the discard pile or others' hands
    so every spell card stays accounted for (tests only)."""
    hand = state.hands[seat]
    size = len(hand)
    have = hand.count("stupefix")
    pool = [other for other in range(state.players) if other != seat]
    while have < stupefix:
        donor = next(o for o in pool if "stupefix" in state.hands[o])
        state.hands[donor].remove("stupefix")
        state.hands[donor].append("rate")
        state.hands[donor].sort(reverse=True)
        hand.remove("rate")
        hand.append("stupefix")
        have += 1
    while have > stupefix:
        donor = next(o for o in pool if "rate" in state.hands[o])
        state.hands[donor].remove("rate")
        state.hands[donor].append("stupefix")
        state.hands[donor].sort(reverse=True)
        hand.remove("stupefix")
        hand.append("rate")
        have -= 1
    hand.sort(reverse=True)
    assert len(hand) == size


def set_row(state: StupefixState, kinds: list[str]) -> None:
    """Lay exactly ``kinds`` in the middle, the other rewards back in the deck. Without "chouchou" in ``kinds``,
    Devenir le Chouchou counts as already taken this round by the current Chouchou (tests only)."""
    if "chouchou" in state.row and "chouchou" not in kinds:
        state.chouchou_card = state.chouchou
    state.deck.extend(kind for kind in state.row if kind != "chouchou")
    state.row = []
    for kind in kinds:
        if kind != "chouchou":
            state.deck.remove(kind)
        state.row.append(kind)
