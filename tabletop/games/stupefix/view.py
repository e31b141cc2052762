"""What one seat may see of a Stupéfix table, and a full state consistent with it for search bots.

Hidden: the other players' spell cards in hand and the card each has prepared, their Cast/Protego decision
until everyone has made it, the kind of another player's face-down discarded card, and the deck's order.
Public, because everyone at the table can count it: how many cards each player holds, and how many Stupéfix
each still has among the cards nobody has seen (``stupefix_unseen``: the start, minus the Stupéfix they cast face
up, plus those Cours Particuliers brought them, minus those taken from their face-down cards).
Potion Réussie and Faveur cards lie face down, but everyone saw them taken, so their counts are public too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.core.protocol import View
from tabletop.core.rng import Rng
from tabletop.games.stupefix.cards import CHOUCHOU_CARD, DECK_KINDS, RATE, REWARDS, STUPEFIX
from tabletop.games.stupefix.rules import legal, to_act
from tabletop.games.stupefix.state import SpellDiscard, StupefixState, Task


@dataclass(frozen=True, kw_only=True)
class StupefixView(View):
    houses: tuple[str, ...]
    round: int
    phase: str
    chouchou: int
    to_act: tuple[int, ...]
    row: tuple[str, ...]
    deck_count: int
    reward_discard: tuple[str, ...]
    hand: tuple[str, ...]  # the viewer's own spell cards
    hand_counts: tuple[int, ...]
    stupefix_unseen: tuple[int, ...]
    start_stupefix: tuple[int, ...]
    prepared: tuple[bool, ...]  # who has a card laid face down
    my_prepared: str | None
    targets: tuple[int | None, ...]
    pointed: tuple[bool, ...]
    decided: tuple[bool, ...]  # who has made the Cast/Protego decision
    my_protego: bool | None
    casts: tuple[str, ...]
    hits: tuple[int, ...]
    standing: tuple[bool, ...]
    retard: tuple[int, ...]
    potions: tuple[int, ...]
    faveurs: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    urns: tuple[tuple[str, tuple[str, ...]], ...]
    discard_up: tuple[int, int]  # face-up Stupéfix, face-up Sort raté
    discard_down: tuple[int, ...]  # face-down cards each player laid
    my_discard_down: tuple[str, ...]  # the kinds of the viewer's own face-down cards
    draft_order: tuple[int, ...]
    draft_index: int
    chouchou_card: int | None
    tasks: tuple[tuple[str, int], ...]

    @property
    def players(self) -> int:
        return len(self.houses)

    def drafter(self) -> int | None:
        if self.phase != "draft" or not self.draft_order:
            return None
        return self.draft_order[self.draft_index % len(self.draft_order)]

    def adversary(self, seat: int, other: int) -> bool:
        return self.houses[seat] != self.houses[other]


def make_view(state: StupefixState, seat: int) -> StupefixView:
    players = state.players
    up_s = up_r = 0
    down = [0] * players
    hidden = [hand.count(STUPEFIX) for hand in state.hands]
    mine = []
    for card in state.spell_discard:  # one pass: this runs for every bot decision
        if card.face_up:
            if card.kind == STUPEFIX:
                up_s += 1
            else:
                up_r += 1
            continue
        owner = card.owner
        down[owner] += 1
        if card.kind == STUPEFIX:
            hidden[owner] += 1
        if owner == seat:
            mine.append(card.kind)
    prepared = state.prepared
    for other in range(players):
        if prepared[other] == STUPEFIX:
            hidden[other] += 1
    return StupefixView(
        seat=seat,
        legal=tuple(legal(state, seat)),
        houses=tuple(state.houses),
        round=state.round,
        phase=state.phase,
        chouchou=state.chouchou,
        to_act=to_act(state),
        row=tuple(state.row),
        deck_count=len(state.deck),
        reward_discard=tuple(state.reward_discard),
        hand=tuple(state.hands[seat]),
        hand_counts=tuple([len(hand) for hand in state.hands]),
        stupefix_unseen=tuple(hidden),
        start_stupefix=tuple(state.start_stupefix),
        prepared=tuple([card is not None for card in prepared]),
        my_prepared=prepared[seat],
        targets=tuple(state.targets),
        pointed=tuple(state.pointed),
        decided=tuple([choice is not None for choice in state.protego]),
        my_protego=state.protego[seat],
        casts=tuple(state.casts),
        hits=tuple(state.hits),
        standing=tuple(state.standing),
        retard=tuple(state.retard),
        potions=tuple(state.potions),
        faveurs=tuple(state.faveurs),
        round_points=tuple([tuple(points) for points in state.round_points]),
        urns=tuple([(house, tuple(cards)) for house, cards in state.urns.items()]),
        discard_up=(up_s, up_r),
        discard_down=tuple(down),
        my_discard_down=tuple(sorted(mine, reverse=True)),
        draft_order=tuple(state.draft_order),
        draft_index=state.draft_index,
        chouchou_card=state.chouchou_card,
        tasks=tuple([(task.kind, task.seat) for task in state.tasks]),
    )


def sample_state(view: StupefixView, rng: Rng) -> StupefixState:
    """A full state that shows ``view.seat`` exactly ``view``: the unknowns are dealt at random.

    Each other player's unseen Stupéfix (a public count) are spread at random over their unseen cards: the hand,
    the prepared card and their face-down discards. Undecided Cast/Protego choices of others are drawn at random,
    and the reward deck is the unseen rewards in a random order.
    """
    players = view.players
    me = view.seat
    hands: list[list[str]] = []
    prepared: list[str | None] = []
    face_down: list[SpellDiscard] = []
    for seat in range(players):
        if seat == me:
            hands.append(list(view.hand))
            prepared.append(view.my_prepared)
            face_down.extend(SpellDiscard(kind, seat, False) for kind in view.my_discard_down)
            continue
        slots = view.hand_counts[seat] + view.prepared[seat] + view.discard_down[seat]
        stupefix = view.stupefix_unseen[seat]
        if not 0 <= stupefix <= slots:
            raise ValueError("the view's Stupéfix count does not fit the cards")
        kinds = [STUPEFIX] * stupefix + [RATE] * (slots - stupefix)
        rng.shuffle(kinds)
        hand = kinds[: view.hand_counts[seat]]
        rest = kinds[view.hand_counts[seat] :]
        hands.append(sorted(hand, reverse=True))
        prepared.append(rest.pop() if view.prepared[seat] else None)
        face_down.extend(SpellDiscard(kind, seat, False) for kind in rest)
    up_s, up_r = view.discard_up
    discard = [SpellDiscard(STUPEFIX, me, True) for _ in range(up_s)]
    discard += [SpellDiscard(RATE, me, True) for _ in range(up_r)]
    discard += face_down

    protego: list[bool | None] = []
    for seat in range(players):
        if seat == me:
            protego.append(view.my_protego)
        elif view.decided[seat]:
            protego.append(rng.below(2) == 1)
        else:
            protego.append(None)

    seen: Counter = Counter(kind for kind in view.row if kind != CHOUCHOU_CARD)
    seen.update(view.reward_discard)
    seen.update(card for _, cards in view.urns for card in cards if card in REWARDS)
    for points in view.round_points:
        seen.update(f"points{value}" for value in points)
    seen["potion"] += sum(view.potions)
    seen["faveur"] += sum(view.faveurs)
    deck = [kind for kind in DECK_KINDS for _ in range(REWARDS[kind].copies - seen[kind])]
    if len(deck) != view.deck_count:
        raise ValueError("the view does not account for every reward")
    rng.shuffle(deck)

    return StupefixState(
        houses=list(view.houses),
        rng=rng.fork(),
        chouchou=view.chouchou,
        hands=hands,
        start_stupefix=list(view.start_stupefix),
        retard=list(view.retard),
        deck=deck,
        round=view.round,
        phase=view.phase,
        row=list(view.row),
        reward_discard=list(view.reward_discard),
        prepared=prepared,
        targets=list(view.targets),
        pointed=list(view.pointed),
        protego=protego,
        casts=list(view.casts),
        hits=list(view.hits),
        standing=list(view.standing),
        spell_discard=discard,
        potions=list(view.potions),
        faveurs=list(view.faveurs),
        round_points=[list(points) for points in view.round_points],
        urns={house: list(cards) for house, cards in view.urns},
        draft_order=list(view.draft_order),
        draft_index=view.draft_index,
        chouchou_card=view.chouchou_card,
        tasks=[Task(kind, seat) for kind, seat in view.tasks],
    )
