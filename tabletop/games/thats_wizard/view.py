"""What one seat may see of a That's Wizard! table, and a full state consistent with it for search bots.

Hidden until the rules reveal them: other wizards' hands, side boards, spellbooks (all revealed when the match
ends), their secret pick of the round, the spell they kept with Scry, the spells a Scry shows its caster, the
order of the decks of spells, and the random generator. Everything on the table is public: trackers, played
cards and dials once revealed, lasting spells and their tokens, the cards under an Erase Memory, the dice.
Erase Memory shows the hand it looks at to its caster only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import NamedTuple

from tabletop.core.frozen import frozen
from tabletop.core.protocol import Command, View
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard.cards import CARDS, COUNTERSPELL, FOCUS, SLOTS, deck_spells
from tabletop.games.thats_wizard.flow import choosers, legal_plays
from tabletop.games.thats_wizard.resources import quiet_rounds, tax
from tabletop.games.thats_wizard.rules import canonical, legal_view, suggestion, to_act
from tabletop.games.thats_wizard.spellbooks import random_book
from tabletop.games.thats_wizard.state import (
    WIN_TARGETS,
    Choice,
    Ending,
    Hit,
    HitKind,
    Lasting,
    Play,
    Prompt,
    PromptKind,
    ReversedBy,
    Stage,
    ThatsWizardState,
    Tie,
    TieStep,
    TurnStep,
    Wizard,
)


class WizardView(NamedTuple):
    stamina: int
    power: int
    dueling: bool
    streak: int
    hand_count: int
    side_count: int
    ready: bool  # this round's card is chosen (secretly)
    has_borrowed: bool  # holds a spell kept with Scry
    scry_away: bool
    focus_blocked: bool
    seen: tuple[str, ...]
    shown: tuple[str, ...]
    low: int  # the lowest Stamina of this duel, and the round it was reached (0: still 20)
    low_round: int
    offered: int  # the round of this duel in which this wizard last offered a draw (0: never)


class PlayView(NamedTuple):
    seat: int
    card: str | None
    dial: int | None
    legal: bool
    reason: str
    cost: int
    countered: bool
    reversed: bool
    reversed_by: ReversedBy
    cast: bool
    on_table: bool
    targets: tuple[int, ...]
    under: tuple[str, ...]


class LastingView(NamedTuple):
    owner: int
    card: str
    targets: tuple[int, ...]
    tokens: int
    dial: int
    reversed: bool
    round: int
    under: tuple[str, ...]


class TieView(NamedTuple):
    seats: tuple[int, ...]
    step: TieStep
    winner: int
    ordered: tuple[int, ...]


class HitView(NamedTuple):
    seat: int
    amount: int
    kind: HitKind
    source: str
    by: int


@dataclass(frozen=True)
class PromptView:
    kind: PromptKind
    seat: int
    target: int
    count: int
    values: tuple[int, ...]
    cards: tuple[str, ...]  # Scry's spells and the hand Erase Memory looks at: only for those who see them
    hidden: int  # how many cards are hidden from this seat


@dataclass(frozen=True, kw_only=True)
class ThatsWizardView(View):
    players: int
    stage: Stage
    duel: int
    round: int
    win_target: int
    tokens: tuple[int, ...]
    pairs: tuple[tuple[int, ...], ...]
    to_act: tuple[int, ...]
    wizards: tuple[WizardView, ...]
    book: tuple[str, ...]
    hand: tuple[str, ...]
    side: tuple[str, ...]
    borrowed: str | None
    choice: tuple[str | None, int | None, bool] | None
    books: tuple[tuple[str, ...] | None, ...]  # everyone's once the match is over; until then only one's own
    tax: int  # Tongue Tie's extra cost on this seat's spells
    plays: tuple[PlayView, ...]
    last_plays: tuple[PlayView, ...]
    paralyzed: tuple[int, ...]
    lasting: tuple[LastingView, ...]
    ties: tuple[TieView, ...]
    order: tuple[int, ...]
    turn: int
    turn_step: TurnStep
    batch: tuple[HitView, ...]
    batch_chooser: int
    prompt: PromptView | None
    library_counts: tuple[int, ...]
    eor_slots: tuple[int, ...]
    eor_pickers: tuple[int, ...]
    eor_index: int
    eor_done: tuple[str, ...]
    eor_started: bool
    duel_winners: tuple[int, ...]
    duel_losers: tuple[int, ...]
    ending: Ending
    suggestion: Command | None

    def opponent(self, seat: int) -> int | None:
        for a, b in self.pairs:
            if seat == a:
                return b
            if seat == b:
                return a
        return None

    def ally(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def quiet(self, seat: int) -> int:
        """Whole rounds of ``seat``'s duel so far without anyone in it falling to a new lowest Stamina."""
        other = self.opponent(seat)
        if other is None:
            return 0
        return quiet_rounds(self.round, (self.wizards[seat].low_round, self.wizards[other].low_round))


# A record from its values in order (``_make``: what ``__new__`` does, without its keyword arguments' frame).
_make_play = PlayView._make
_make_wizard = WizardView._make


def _play_view(play: Play) -> PlayView:
    return _make_play(
        (
            play.seat,
            play.card,
            play.dial,
            play.legal,
            play.reason,
            play.cost,
            play.countered,
            play.reversed,
            play.reversed_by,
            play.cast,
            play.on_table,
            tuple(play.targets),
            tuple(play.under),
        )
    )


# Last round's plays do not change once the round is over (``flow.start_round`` moves the list there and no rule
# touches it again), so the PlayViews of the list last viewed are kept with that very list and handed out again
# while a state holds it: the other seats' views of the same round, and every view until the next round.
_LAST_PLAYS: list[tuple[list[Play], tuple[PlayView, ...]]] = [([], ())]


def _last_play_views(plays: list[Play]) -> tuple[PlayView, ...]:
    kept, views = _LAST_PLAYS[0]
    if kept is not plays:
        views = tuple(map(_play_view, plays))
        _LAST_PLAYS[0] = (plays, views)
    return views


def _prompt_view(state: ThatsWizardState, seat: int) -> PromptView | None:
    prompt = state.prompt
    if prompt is None:
        return None
    cards: tuple[str, ...] = tuple(prompt.cards)
    hidden = 0
    if prompt.kind == "scry":
        if seat != prompt.seat:
            cards, hidden = (), len(prompt.cards)
    elif prompt.kind == "erase":
        hand = state.wizards[prompt.target].hand
        if seat in (prompt.seat, prompt.target):
            cards = canonical(hand)  # the hand as seen, not the order it is held in
        else:
            cards, hidden = (), len(hand)
    return PromptView(prompt.kind, prompt.seat, prompt.target, prompt.count, tuple(prompt.values), cards, hidden)


def _library_counts(state: ThatsWizardState) -> tuple[int, ...]:
    """Cards per deck of spells; a Scry that was cast lies in its deck until the duel ends (``scry_away``)."""
    counts = list(map(len, state.library))
    for seat, wizard in enumerate(state.wizards):
        if wizard.scry_away:
            counts[state.deck(seat)] += 1
    return tuple(counts)


def _lasting_view(i: Lasting) -> LastingView:
    return LastingView(i.owner, i.card, tuple(i.targets), i.tokens, i.dial, i.reversed, i.round, tuple(i.under))


def make_view(state: ThatsWizardState, seat: int) -> ThatsWizardView:
    """Built straight into the frozen View's fields (``frozen``: a frozen dataclass's ``__init__`` sets each of
    its 38 fields through ``object.__setattr__``, which cost more than all the rest): ``_VIEW_VALUES`` copied,
    then every field that is not at its usual value set. The View's parts are NamedTuples, a fraction of a frozen
    dataclass's cost to make. tests/test_thats_wizard_fast_paths.py checks every field against the plain build."""
    wizards_state = state.wizards
    mine = wizards_state[seat]
    stage = state.stage
    actors = to_act(state)
    moves = legal_view(state, seat, actors)
    # ``ready``: this round's card is chosen (in the choose stage), or the side board (before a duel).
    choosing, siding = stage == "choose", stage == "sideboard"
    wizards: tuple[WizardView, ...] = ()
    for w in wizards_state:
        wizards += (
            _make_wizard(
                (
                    w.stamina,
                    w.power,
                    w.dueling,
                    w.streak,
                    len(w.hand),
                    len(w.side),
                    w.choice is not None if choosing else siding and bool(w.side),
                    w.borrowed is not None,
                    w.scry_away,
                    w.focus_blocked,
                    tuple(w.seen),
                    tuple(w.shown),
                    w.low,
                    w.low_round,
                    w.offered,
                )
            ),
        )
    choice = mine.choice
    players = state.players
    book = tuple(state.books[seat])
    values = _seat_values(players, seat, book).copy()  # (see ``_seat_values``) then every field that is not as there
    values["legal"] = moves
    values["stage"] = stage
    values["duel"] = state.duel
    values["round"] = state.round
    values["tokens"] = tuple(state.tokens)
    values["pairs"] = tuple(map(tuple, state.pairs))
    values["to_act"] = actors
    values["wizards"] = wizards
    values["hand"] = tuple(mine.hand)
    values["side"] = tuple(mine.side)
    values["borrowed"] = mine.borrowed
    if choice is not None:
        values["choice"] = (choice.card, choice.dial, choice.passed)
    if stage == "over":
        values["books"] = tuple(map(tuple, state.books))
    if state.lasting:
        values["tax"] = tax(state, seat)
        values["lasting"] = tuple(map(_lasting_view, state.lasting))
    if state.plays:
        values["plays"] = tuple(map(_play_view, state.plays))
    if state.last_plays:
        values["last_plays"] = _last_play_views(state.last_plays)
    if state.paralyzed:
        values["paralyzed"] = tuple(state.paralyzed)
    if state.ties:
        values["ties"] = tuple([TieView(tuple(t.seats), t.step, t.winner, tuple(t.ordered)) for t in state.ties])
    if state.order:
        values["order"] = tuple(state.order)
    values["turn"] = state.turn
    values["turn_step"] = state.turn_step
    if state.batch:
        values["batch"] = tuple([HitView(h.seat, h.amount, h.kind, h.source, h.by) for h in state.batch])
    values["batch_chooser"] = state.batch_chooser
    if state.prompt is not None:
        values["prompt"] = _prompt_view(state, seat)
        if moves:
            values["suggestion"] = suggestion(state, seat)
    values["library_counts"] = _library_counts(state) if any_scry_away(wizards) else tuple(map(len, state.library))
    if state.eor_slots:
        values["eor_slots"] = tuple(state.eor_slots)
    if state.eor_pickers:
        values["eor_pickers"] = tuple(state.eor_pickers)
    values["eor_index"] = state.eor_index
    if state.eor_done:
        values["eor_done"] = tuple(state.eor_done)
    values["eor_started"] = state.eor_started
    if state.duel_winners:
        values["duel_winners"] = tuple(state.duel_winners)
    if state.duel_losers:
        values["duel_losers"] = tuple(state.duel_losers)
    values["ending"] = state.ending
    return frozen(ThatsWizardView, values)


@lru_cache(maxsize=256)
def _seat_values(players: int, seat: int, book: tuple[str, ...]) -> dict[str, object]:
    """``_VIEW_VALUES`` with what a seat's views keep all match: its seat, the table's size, its spellbook and the
    books it sees until the match is over (only its own)."""
    books: list[tuple[str, ...] | None] = [None] * players
    books[seat] = book
    values = _VIEW_VALUES.copy()
    values.update(seat=seat, players=players, win_target=WIN_TARGETS[players], book=book, books=tuple(books))
    return values


# The View's fields in their order, each at the value it nearly always has where it has one (an empty tuple, None,
# no tax): ``make_view`` copies it (through ``_seat_values``) and sets the rest, which costs half of building a dict
# of 38 entries anew.
_VIEW_VALUES: dict[str, object] = dict.fromkeys([item.name for item in fields(ThatsWizardView)])
_VIEW_VALUES.update(
    choice=None,
    tax=0,
    plays=(),
    last_plays=(),
    paralyzed=(),
    lasting=(),
    ties=(),
    order=(),
    batch=(),
    prompt=None,
    suggestion=None,
    eor_slots=(),
    eor_pickers=(),
    eor_done=(),
    duel_winners=(),
    duel_losers=(),
)


def any_scry_away(wizards: tuple[WizardView, ...]) -> bool:
    for wizard in wizards:  # noqa: SIM110 (a plain loop: ``any`` of a generator costs more, for 2 or 4 wizards)
        if wizard.scry_away:
            return True
    return False


# --- sampling a full state from a view --------------------------------------------------------------------


def _visible(view: ThatsWizardView) -> list[Counter[str]]:
    """Per seat, the cards of theirs that lie face up on the table (or that this seat has been shown)."""
    seen = [Counter[str]() for _ in range(view.players)]
    for play in view.plays:
        if play.on_table and play.card is not None:
            seen[play.seat][play.card] += 1
        if play.under and play.targets:
            seen[play.targets[0]].update(play.under)
    for item in view.lasting:
        seen[item.owner][item.card] += 1
        seen[item.targets[0]].update(item.under)
    for seat, wizard in enumerate(view.wizards):
        if wizard.scry_away:
            seen[seat]["scry"] += 1
    return seen


def sample_state(view: ThatsWizardView, rng: Rng) -> ThatsWizardState:
    """A full state that shows ``view.seat`` exactly ``view``: the unknowns are drawn at random."""
    me, players = view.seat, view.players
    visible = _visible(view)
    prompt = view.prompt
    known_hand: dict[int, list[str]] = {me: list(view.hand)}
    if prompt is not None and prompt.kind == "erase" and prompt.cards and prompt.target != me:
        known_hand[prompt.target] = list(prompt.cards)
    books: list[list[str] | None] = [list(b) if b is not None else None for b in view.books]
    borrowed: list[str | None] = [None] * players
    borrowed[me] = view.borrowed
    for team in (0, 1):
        seats = [s for s in range(players) if s % 2 == team]
        in_deck: set[str] = set()  # spells this seat knows lie in that deck (its own Scry shows them)
        if prompt is not None and prompt.kind == "scry" and prompt.seat == me and me % 2 == team:
            in_deck = set(prompt.cards)
        _sample_team(view, rng, seats, books, borrowed, visible, known_hand, in_deck)
    filled = [book if book is not None else [] for book in books]
    library = _sample_library(view, rng, filled, borrowed)
    scry_cards: list[str] = []
    if prompt is not None and prompt.kind == "scry":
        deck = library[prompt.seat % 2]
        if prompt.seat == me:
            scry_cards = list(prompt.cards)
            for card in scry_cards:
                deck.remove(card)
        else:
            rng.shuffle(deck)
            scry_cards = [deck.pop() for _ in range(prompt.hidden)]
    wizards = []
    for seat, seen in enumerate(view.wizards):
        hand, side = _sample_hand(view, rng, seat, filled[seat], borrowed[seat], visible[seat], known_hand.get(seat))
        wizards.append(
            Wizard(
                hand=hand,
                side=side,
                stamina=seen.stamina,
                power=seen.power,
                dueling=seen.dueling,
                streak=seen.streak,
                borrowed=borrowed[seat],
                scry_away=seen.scry_away,
                focus_blocked=seen.focus_blocked,
                seen=list(seen.seen),
                shown=list(seen.shown),
                low=seen.low,
                low_round=seen.low_round,
                offered=seen.offered,
            )
        )
    state = ThatsWizardState(
        players=players,
        books=filled,
        rng=rng.fork(),
        wizards=wizards,
        library=library,
        tokens=list(view.tokens),
        pairs=[list(pair) for pair in view.pairs],
        duel=view.duel,
        round=view.round,
        stage=view.stage,
        plays=[_play(p) for p in view.plays],
        last_plays=[_play(p) for p in view.last_plays],
        paralyzed=list(view.paralyzed),
        lasting=[
            Lasting(i.owner, i.card, list(i.targets), i.tokens, i.dial, i.reversed, i.round, list(i.under))
            for i in view.lasting
        ],
        ties=[Tie(list(t.seats), t.step, t.winner, list(t.ordered)) for t in view.ties],
        order=list(view.order),
        turn=view.turn,
        turn_step=view.turn_step,
        batch=[Hit(h.seat, h.amount, h.kind, h.source, h.by) for h in view.batch],
        batch_chooser=view.batch_chooser,
        prompt=_rebuilt_prompt(prompt, scry_cards),
        scry_cards=scry_cards,
        eor_slots=list(view.eor_slots),
        eor_pickers=list(view.eor_pickers),
        eor_index=view.eor_index,
        eor_done=list(view.eor_done),
        eor_started=view.eor_started,
        duel_winners=list(view.duel_winners),
        duel_losers=list(view.duel_losers),
        ending=view.ending,
    )
    _sample_choices(view, rng, state)
    return state


def _rebuilt_prompt(prompt: PromptView | None, scry_cards: list[str]) -> Prompt | None:
    if prompt is None:
        return None
    cards = list(scry_cards) if prompt.kind == "scry" else [] if prompt.kind == "erase" else list(prompt.cards)
    return Prompt(prompt.kind, prompt.seat, prompt.target, prompt.count, list(prompt.values), cards)


def _play(p: PlayView) -> Play:
    return Play(
        p.seat,
        p.card,
        p.dial,
        p.legal,
        p.reason,
        p.cost,
        p.countered,
        p.reversed,
        p.reversed_by,
        p.cast,
        p.on_table,
        list(p.targets),
        list(p.under),
    )


def _sample_team(
    view: ThatsWizardView,
    rng: Rng,
    seats: list[int],
    books: list[list[str] | None],
    borrowed: list[str | None],
    visible: list[Counter[str]],
    known_hand: dict[int, list[str]],
    in_deck: set[str],
) -> None:
    """Spellbooks (and Scry-kept spells) for the seats of one deck whose book this seat does not know.

    Allies build from one deck, so the first book drawn must leave the second its spells: what the ally has
    shown, and the lower levels those spells need when only one card can fill them, are kept for the ally.
    """
    duos = view.players == 4
    unknown = [seat for seat in seats if books[seat] is None]
    needs = {seat: _seen_spells(view, seat, visible, known_hand) for seat in unknown}
    for _attempt in range(40):
        drawn: dict[int, tuple[list[str], str | None]] = {}
        order = list(unknown)
        rng.shuffle(order)
        for seat in order:
            excluded: set[str] = set(in_deck)
            for mate in seats:
                if mate == seat:
                    continue
                mine = books[mate] if books[mate] is not None else drawn.get(mate, (None, None))[0]
                if mine is not None:
                    excluded.update(mine)
                    excluded.add(borrowed[mate] or drawn.get(mate, (None, None))[1] or "")
                else:
                    excluded.update(_reserved(needs[mate], duos))
            found = _draw_book(view, rng, seat, needs[seat], excluded - needs[seat], seat in known_hand)
            if found is None:
                break
            drawn[seat] = found
        else:
            for seat, (book, kept) in drawn.items():
                books[seat] = book
                borrowed[seat] = kept
            break
    else:
        raise ValueError("no spellbook fits what this seat has seen")
    for seat in seats:
        if view.wizards[seat].has_borrowed and borrowed[seat] is None:
            used = {card for s in seats for card in books[s] or []} | {b for b in borrowed if b} | in_deck
            pool = [card for card in deck_spells(duos) if card not in used]
            borrowed[seat] = rng.choice(pool)


def _seen_spells(
    view: ThatsWizardView, seat: int, visible: list[Counter[str]], known_hand: dict[int, list[str]]
) -> set[str]:
    spells = {card for card in visible[seat] if CARDS[card].is_spell}
    spells.update(card for card in known_hand.get(seat, []) if CARDS[card].is_spell)
    return spells


def _reserved(spells: set[str], duos: bool) -> set[str]:
    """The spells themselves, and the lower levels of their schools that only one card can fill."""
    kept = set(spells)
    for card in spells:
        school = CARDS[card].school
        for level in range(1, CARDS[card].level):
            options = [c for c in SLOTS[(school, level)] if duos or not CARDS[c].duos]
            if len(options) == 1:
                kept.add(options[0])
    return kept


def _draw_book(
    view: ThatsWizardView, rng: Rng, seat: int, spells: set[str], excluded: set[str], hand_known: bool
) -> tuple[list[str], str | None] | None:
    """A book holding what ``seat`` has shown (but one, maybe, which is the spell it kept with Scry).

    With its hand known, a kept spell must be one of the cards seen (it cannot hide in the side board)."""
    duos = view.players == 4
    preferred = {card for card in view.wizards[seat].seen if card not in excluded}
    candidates: list[str | None] = [None]
    if view.wizards[seat].has_borrowed:
        candidates = [] if hand_known else [None]
        candidates += sorted(spells - {"scry"})
        rng.shuffle(candidates)
    for kept in candidates:
        required = spells - {kept} if kept is not None else spells
        out = excluded | ({kept} if kept is not None else set())
        for wanted in (required | (preferred - out), required):
            book = random_book(rng, duos, wanted, out)
            if book is not None:
                return book, kept
    return None


def _sample_library(
    view: ThatsWizardView, rng: Rng, books: list[list[str]], borrowed: list[str | None]
) -> list[list[str]]:
    duos = view.players == 4
    library = []
    for deck in (0, 1):
        seats = [s for s in range(view.players) if s % 2 == deck]
        used = {card for s in seats for card in books[s]} | {borrowed[s] for s in seats if borrowed[s]}
        cards = [card for card in deck_spells(duos) if card not in used]
        rng.shuffle(cards)
        library.append(cards)
    return library


def _sample_hand(
    view: ThatsWizardView,
    rng: Rng,
    seat: int,
    book: list[str],
    borrowed: str | None,
    visible: Counter[str],
    known_hand: list[str] | None,
) -> tuple[list[str], list[str]]:
    """Split a wizard's cards that are not on the table between their hand and their side board."""
    if seat == view.seat:
        return list(view.hand), list(view.side)
    owned = Counter([*book, FOCUS, COUNTERSPELL])
    if borrowed is not None:
        owned[borrowed] += 1
    hidden = owned - visible
    if known_hand is not None:
        hidden = hidden - Counter(known_hand)
    wizard = view.wizards[seat]
    side: list[str] = []
    if wizard.side_count:
        spare = [card for card in hidden.elements() if card in book and card != borrowed]
        fresh = [card for card in spare if card not in wizard.shown]
        pool = fresh if len(fresh) >= wizard.side_count else spare
        rng.shuffle(pool)
        side = sorted(pool[: wizard.side_count], key=list(CARDS).index)
    if known_hand is not None:
        hand = list(known_hand)
    else:
        hand = list((hidden - Counter(side)).elements())
        rng.shuffle(hand)
    if len(hand) != wizard.hand_count:
        raise ValueError("the sampled hand does not match the cards the view counts")
    return hand, side


def _sample_choices(view: ThatsWizardView, rng: Rng, state: ThatsWizardState) -> None:
    """Secret picks of the round: this seat's own, and a random legal one for every other ready wizard."""
    if view.choice is not None:
        card, dial, passed = view.choice
        state.wizards[view.seat].choice = Choice(card, dial, passed)
    if view.stage != "choose":
        return
    for seat in choosers(state):
        if seat == view.seat or not view.wizards[seat].ready:
            continue
        options = legal_plays(state, seat)
        if options and rng.below(len(options) + 1) < len(options):
            card, dial = rng.choice(options)
            state.wizards[seat].choice = Choice(card, dial, False)
        else:
            state.wizards[seat].choice = Choice(None, None, True)
