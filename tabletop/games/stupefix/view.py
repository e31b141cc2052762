"""What one seat may see of a Stupéfix table, and a full state consistent with it for search bots.

Hidden: the other players' spell cards in hand and the card each has prepared, their Cast/Protego decision
until everyone has made it, the kinds of the cards another player laid face down, which cards the face-down
pile still holds, and the deck's order. The face-down cards are nobody's once in the pile: when Cours
Particuliers takes a Stupéfix from them, every seat (its layer too) learns only that one was taken
(``down_taken``), never whose. While a player chooses the Stupéfix of their Cours Particuliers, they alone
have looked through the face-down cards: their legal commands tell whether a Stupéfix is there.
Public, because everyone at the table can count it: how many cards each player holds and has laid face down,
and how many Stupéfix each has among the cards nobody else saw (``stupefix_unseen``: the start, plus those
Cours Particuliers brought them, minus the Stupéfix they discarded face up; the cards they laid face down
count whether or not Cours Particuliers took them since).
Potion Réussie and Faveur cards lie face down, but everyone saw them taken, so their counts are public too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop.core.protocol import View
from tabletop.core.rng import Rng
from tabletop.games.stupefix.cards import CHOUCHOU_CARD, DECK_KINDS, RATE, REWARDS, SPELL_CARDS, STUPEFIX
from tabletop.games.stupefix.events import TakeStupefix
from tabletop.games.stupefix.rules import legal_for, to_act
from tabletop.games.stupefix.state import Phase, SpellDiscard, StupefixState, Task, TaskKind


@dataclass(frozen=True, kw_only=True)
class StupefixView(View):
    houses: tuple[str, ...]
    round: int
    phase: Phase
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
    shown_stupefix: tuple[int, ...]  # each player's Stupéfix discarded face up
    gained_stupefix: tuple[int, ...]  # each player's Stupéfix brought by Cours Particuliers
    discard_up: tuple[int, int]  # face-up Stupéfix, face-up Sort raté
    rates_up: tuple[int, ...]  # each player's Sort raté on the discard pile (cast, or given up to a Cours)
    discard_down: int  # face-down cards on the discard pile now
    down_taken: int  # face-down Stupéfix taken by Cours Particuliers (whose, nobody knows)
    laid_down: tuple[int, ...]  # how many cards each player has laid face down (taken since or not)
    my_laid_down: tuple[str, ...]  # the kinds of the cards the viewer laid face down
    draft_order: tuple[int, ...]
    draft_index: int
    chouchou_card: int | None
    tasks: tuple[tuple[TaskKind, int], ...]

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
    # This runs for every bot decision and every step the screen shows: plain counts, no pass over hidden cards,
    # each list copied once into its tuple.
    players = state.players
    rates_up = [0] * players  # one pass over the face-up pile, which only holds Sort raté and Stupéfix
    for card in state.spell_discard:
        if card.kind == RATE:
            rates_up[card.owner] += 1
    up_r = sum(rates_up)
    start, gained, shown = state.start_stupefix, state.gained_stupefix, state.shown_stupefix
    prepared, protego = state.prepared, state.protego
    acting = to_act(state)
    view = object.__new__(StupefixView)
    # The fields set straight, in their order: the frozen dataclass's __init__ sets its 41 fields one by one
    # through object.__setattr__, which cost as much as all the rest of the view.
    object.__setattr__(
        view,
        "__dict__",
        {
            "seat": seat,
            "legal": legal_for(state, seat, acting),
            "houses": tuple(state.houses),
            "round": state.round,
            "phase": state.phase,
            "chouchou": state.chouchou,
            "to_act": acting,
            "row": tuple(state.row),
            "deck_count": len(state.deck),
            "reward_discard": tuple(state.reward_discard),
            "hand": tuple(state.hands[seat]),
            "hand_counts": tuple(map(len, state.hands)),
            "stupefix_unseen": tuple([start[other] + gained[other] - shown[other] for other in range(players)]),
            "start_stupefix": tuple(start),
            "prepared": tuple([card is not None for card in prepared]),
            "my_prepared": prepared[seat],
            "targets": tuple(state.targets),
            "pointed": tuple(state.pointed),
            "decided": tuple([choice is not None for choice in protego]),
            "my_protego": protego[seat],
            "casts": tuple(state.casts),
            "hits": tuple(state.hits),
            "standing": tuple(state.standing),
            "retard": tuple(state.retard),
            "potions": tuple(state.potions),
            "faveurs": tuple(state.faveurs),
            "round_points": tuple(map(tuple, state.round_points)),
            "urns": tuple([(house, tuple(cards)) for house, cards in state.urns.items()]),
            "shown_stupefix": tuple(shown),
            "gained_stupefix": tuple(gained),
            "discard_up": (len(state.spell_discard) - up_r, up_r),
            "rates_up": tuple(rates_up),
            "discard_down": len(state.face_down),
            "down_taken": state.down_taken,
            "laid_down": tuple(map(len, state.laid_down)),
            "my_laid_down": tuple(state.laid_down[seat]),
            "draft_order": tuple(state.draft_order),
            "draft_index": state.draft_index,
            "chouchou_card": state.chouchou_card,
            "tasks": tuple([(task.kind, task.seat) for task in state.tasks]),
        },
    )
    return view


SAMPLE_TRIES = 20  # deals of the unseen cards tried before one is mended to fit the face-down Stupéfix


def sample_state(view: StupefixView, rng: Rng) -> StupefixState:
    """A full state that shows ``view.seat`` exactly ``view``: the unknowns are dealt at random.

    Each other player's unseen Stupéfix (a public count) are spread at random over their unseen cards: the hand,
    the prepared card and the cards they laid face down. The face-down pile is every card laid face down less
    the ``down_taken`` Stupéfix Cours Particuliers took from it, so a deal must leave at least that many
    Stupéfix among them (one more, or exactly that many, when the viewer has just looked through them for a
    Cours Particuliers): deals are drawn again until one fits (the last one mended if none did). Undecided
    Cast/Protego choices of others are drawn at random, and the reward deck is the unseen rewards in a random
    order.
    """
    players = view.players
    me = view.seat
    hands, prepared, laid_down = _deal_spells(view, rng)
    face_down = sorted((kind for kinds in laid_down for kind in kinds), reverse=True)
    del face_down[: view.down_taken]  # the Stupéfix come first; which were taken does not matter
    up_s, _ = view.discard_up
    discard = [SpellDiscard(STUPEFIX, me) for _ in range(up_s)]  # whose they were changes nothing any more
    discard += [SpellDiscard(RATE, seat) for seat in range(players) for _ in range(view.rates_up[seat])]

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
    seen.update(f"points{value}" for points in view.round_points for value in points)
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
        face_down=face_down,
        laid_down=laid_down,
        shown_stupefix=list(view.shown_stupefix),
        gained_stupefix=list(view.gained_stupefix),
        down_taken=view.down_taken,
        potions=list(view.potions),
        faveurs=list(view.faveurs),
        round_points=[list(points) for points in view.round_points],
        urns={house: list(cards) for house, cards in view.urns},
        draft_order=list(view.draft_order),
        draft_index=view.draft_index,
        chouchou_card=view.chouchou_card,
        tasks=[Task(kind, seat) for kind, seat in view.tasks],
    )


def _deal_spells(view: StupefixView, rng: Rng) -> tuple[list[list[str]], list[str | None], list[list[str]]]:
    """Hands, prepared cards and laid-down cards for every seat: the viewer's as known, the others' dealt."""
    players = view.players
    me = view.seat
    sizes: list[tuple[int, int, int]] = []  # hand, prepared, laid down: the unseen places of each other seat
    for seat in range(players):
        slots = (view.hand_counts[seat], int(view.prepared[seat]), view.laid_down[seat])
        if seat != me and not 0 <= view.stupefix_unseen[seat] <= sum(slots):
            raise ValueError("the view's Stupéfix count does not fit the cards")
        sizes.append(slots)
    low, high = _face_down_bounds(view)
    cards, down = _deal_once(view, sizes, rng)
    for _ in range(SAMPLE_TRIES - 1):
        if low <= down <= high:
            break
        cards, down = _deal_once(view, sizes, rng)
    if down < low:
        _mend(view, sizes, cards, low - down, rng)
    elif down > high:
        _mend(view, sizes, cards, down - high, rng, into_pile=False)
    hands: list[list[str]] = []
    prepared: list[str | None] = []
    laid_down: list[list[str]] = []
    for seat in range(players):
        if seat == me:
            hands.append(list(view.hand))
            prepared.append(view.my_prepared)
            laid_down.append(list(view.my_laid_down))
            continue
        hand, ready, _ = sizes[seat]
        kinds = cards[seat]
        hands.append(sorted(kinds[:hand], reverse=True))
        prepared.append(kinds[hand] if ready else None)
        laid_down.append(sorted(kinds[hand + ready :], reverse=True))
    return hands, prepared, laid_down


def _face_down_bounds(view: StupefixView) -> tuple[int, int]:
    """How many Stupéfix the cards laid face down may hold: at least those Cours Particuliers took from them;
    and while the viewer chooses their Cours Particuliers Stupéfix, they have looked through the face-down cards
    and know whether one more is there."""
    low, high = view.down_taken, SPELL_CARDS * view.players
    if view.tasks and view.tasks[-1] == ("cours", view.seat):
        if TakeStupefix(view.seat, True) in view.legal:
            low += 1
        else:
            high = view.down_taken
    return low, high


def _deal_once(view: StupefixView, sizes: list[tuple[int, int, int]], rng: Rng) -> tuple[list[list[str]], int]:
    """Each other seat's unseen cards shuffled (hand, then prepared, then laid down), and the Stupéfix laid."""
    cards: list[list[str]] = []
    down = view.my_laid_down.count(STUPEFIX)
    for seat, (hand, ready, laid) in enumerate(sizes):
        if seat == view.seat:
            cards.append([])
            continue
        stupefix = view.stupefix_unseen[seat]
        kinds = [STUPEFIX] * stupefix + [RATE] * (hand + ready + laid - stupefix)
        rng.shuffle(kinds)
        down += kinds[hand + ready :].count(STUPEFIX)
        cards.append(kinds)
    return cards, down


def _mend(
    view: StupefixView,
    sizes: list[tuple[int, int, int]],
    cards: list[list[str]],
    count: int,
    rng: Rng,
    into_pile: bool = True,
) -> None:
    """Move ``count`` Stupéfix of other seats from their hand or prepared card into their laid-down cards (or,
    ``into_pile`` False, the other way), each swapped with a Sort raté of the same seat."""
    for _ in range(count):
        choices = []
        for seat, kinds in enumerate(cards):
            if seat == view.seat:
                continue
            held = sizes[seat][0] + sizes[seat][1]
            give, get = (STUPEFIX, RATE) if into_pile else (RATE, STUPEFIX)
            up = [index for index in range(held) if kinds[index] == give]
            down = [index for index in range(held, len(kinds)) if kinds[index] == get]
            choices += [(seat, a, b) for a in up for b in down]
        if not choices:
            raise ValueError("the view's face-down Stupéfix do not fit the cards laid face down")
        seat, a, b = rng.choice(choices)
        kinds = cards[seat]
        kinds[a], kinds[b] = kinds[b], kinds[a]
