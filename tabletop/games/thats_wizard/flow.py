"""The round, run forward on its own until some wizard has a choice to make.

``advance`` walks the rulebook's seven steps (see ``state``): the reveal, paying, countering and reversal, the
turn order with its dice, each turn, the end-of-round effects and the clean-up; then the next round, the next
duel or set, or the end of the match. A choice with a single possible outcome is made here and told as an
event marked ``forced``; a choice with two or more waits for the player's command (``state.prompt``).
"""

from __future__ import annotations

from tabletop.core.protocol import Event
from tabletop.games.thats_wizard.cards import (
    ALLY_SPELLS,
    CARDS,
    COUNTERSPELL,
    FOCUS,
    MAX_POWER,
    PASS_DIAL,
    SPECIALS,
    SPELL_SET,
    deck_spells,
    name_en,
)
from tabletop.games.thats_wizard.effects import (
    EOR_DEFAULT,
    EOR_EFFECTS,
    TURN_EFFECTS,
    targets_of,
)
from tabletop.games.thats_wizard.events import (
    Countered,
    DuelBegan,
    Focused,
    LastingPlaced,
    PlaceChosen,
    PowerPaid,
    Reversed,
    RoundBegan,
    ShownFields,
    SpellRead,
    TokenRemoved,
    TurnOrder,
    revealed,
    shared,
)
from tabletop.games.thats_wizard.resources import (
    NO_ALLY,
    alive,
    confused,
    cross_duel_stays,
    end_lasting,
    hurt,
    imprisoned,
    invisible,
    known_problem,
    paralyzed,
    roll_off,
    roll_ranking,
    tax,
    would_fall,
)
from tabletop.games.thats_wizard.state import (
    Hit,
    Lasting,
    Play,
    Prompt,
    ThatsWizardState,
    Tie,
    Wizard,
)

SPECIAL_SET = frozenset(SPECIALS)
_COUNTER_OR_REFLECT = frozenset((COUNTERSPELL, "reflect"))


# --- duels and sets ----------------------------------------------------------------------------------------


def begin_duel(state: ThatsWizardState, events: list[Event], sudden_death: bool = False) -> None:
    """Fresh trackers and hands; every wizard now chooses a secret side board."""
    seen = [wizard.seen for wizard in state.wizards] or [[] for _ in range(state.players)]
    state.wizards = [
        Wizard(hand=[*state.books[seat], FOCUS, COUNTERSPELL], seen=seen[seat]) for seat in range(state.players)
    ]
    state.library = build_library(state)
    state.lasting = []
    state.plays = []
    state.last_plays = []
    state.paralyzed = []
    state.round = 0
    state.stage = "sideboard"
    _clear_round(state)
    events.append(DuelBegan(state.duel, tuple((a, b) for a, b in state.pairs), sudden_death))


def build_library(state: ThatsWizardState) -> list[list[str]]:
    """Per deck: its spells that are in no spellbook of that deck."""
    decks = 2
    library: list[list[str]] = []
    for deck in range(decks):
        used = {card for seat in range(state.players) if state.deck(seat) == deck for card in state.books[seat]}
        library.append([card for card in deck_spells(state.duos) if card not in used])
    return library


def next_duel(state: ThatsWizardState, events: list[Event]) -> None:
    state.duel += 1
    if not state.duos:
        begin_duel(state, events)
        return
    if state.duel == 2:
        state.pairs = [[0, 3], [2, 1]]
        begin_duel(state, events)
        return
    # The sudden-death set: a wizard of each team rolls; the higher roller pairs the duels.
    winner = roll_off(state, [0, 1], "pairing", events)
    state.stage = "pairing"
    state.prompt = Prompt("pairing", winner, values=[1, 3])


def _clear_round(state: ThatsWizardState) -> None:
    """The round's trackers back to their start; a list that is empty already is kept (no new one each round)."""
    if state.ties:
        state.ties = []
    if state.order:
        state.order = []
    state.turn = 0
    state.turn_step = "effect"
    if state.batch:
        state.batch = []
    state.batch_chooser = -1
    state.prompt = None
    if state.scry_cards:
        state.scry_cards = []
    if state.eor_slots:
        state.eor_slots = []
    if state.eor_pickers:
        state.eor_pickers = []
    state.eor_index = 0
    if state.eor_done:
        state.eor_done = []
    state.eor_started = False


# --- the round ------------------------------------------------------------------------------------------------


def choosers(state: ThatsWizardState) -> list[int]:
    return [seat for seat in range(state.players) if state.wizards[seat].dueling and seat not in state.paralyzed]


def legal_plays(state: ThatsWizardState, seat: int) -> list[tuple[str, int]]:
    """Every (card, dial) that is a legal play for ``seat`` now, in hand order."""
    wizard = state.wizards[seat]
    extra = tax(state, seat)
    ally = state.ally(seat)
    ally_dueling = ally is not None and state.wizards[ally].dueling
    budget = min(wizard.power, MAX_POWER)
    plays: list[tuple[str, int]] = []
    for card in wizard.hand:
        known = CARDS[card]
        if known.target == "ally" and not ally_dueling:
            continue
        cost = extra if known.is_spell else 0
        plays.extend((card, dial) for dial in known.dials if dial + cost <= budget)
    return plays


def shown_passes(state: ThatsWizardState, seat: int) -> list[tuple[str, int]]:
    """The rulebook's deliberate illegal plays: each card in hand shown at a dial it can never take (``PASS_DIAL``).

    Any dial it cannot take now is the same choice (the card is revealed and does nothing), so ``legal`` lists
    each card once and ``apply`` accepts every such dial (the table shows the one the person set)."""
    return [(card, PASS_DIAL[card]) for card in dict.fromkeys(state.wizards[seat].hand)]


def start_round(state: ThatsWizardState, events: list[Event]) -> None:
    state.round += 1
    if state.plays:
        state.last_plays = state.plays
    state.plays = []
    _clear_round(state)
    for wizard in state.wizards:
        wizard.focus_blocked = False
        wizard.choice = None
    if state.lasting:  # only a Paralyze in play paralyzes
        state.paralyzed = [seat for seat in range(state.players) if alive(state, seat) and paralyzed(state, seat)]
    else:
        state.paralyzed = []
    state.stage = "choose"
    events.append(shared(RoundBegan, state.round, tuple(state.paralyzed)))
    # A wizard with no legal play still picks a card and passes in secret, like everyone else (the rulebook's
    # "you must still follow the normal process"): passing for them at once would tell the others they can
    # afford nothing in their hand.


def advance(state: ThatsWizardState, events: list[Event]) -> None:
    while True:
        stage = state.stage
        if stage == "over" or state.prompt is not None:
            return
        if stage == "between":
            next_duel(state, events)
            continue
        if state.batch:
            if not settle_batch(state, events):
                return
            continue
        if stage == "choose":
            if _waiting(state):
                return
            reveal(state, events)
            pay(state, events)  # the reveal leaves no batch and no prompt: straight on to paying
            if not state.batch:  # no Counterspell's cost to settle first: fix asks nothing, on to the turn order
                fix(state, events)
                if not order(state, events):
                    return
                rest_of_round(state, events)
        elif stage == "sideboard":
            if any(not wizard.side for wizard in state.wizards):
                return
            start_round(state, events)
        elif stage == "pay":
            pay(state, events)
        elif stage == "fix":
            fix(state, events)
        elif stage == "order":
            if not order(state, events):
                return
        elif stage == "turns":
            turns(state, events)
        elif stage == "eor":
            end_of_round(state, events)
        elif stage == "cleanup":
            cleanup(state, events)
            start_round(state, events)
        else:
            return


def rest_of_round(state: ThatsWizardState, events: list[Event]) -> None:
    """Once the turn order is set: the turns, the end of the round, its clean-up and the next round's start, one
    after the other while nothing stops them (a choice, a batch of Stamina losses, a duel's end), which is what
    ``advance``'s loop does through each stage in turn (it goes on from wherever this stops)."""
    turns(state, events)
    if state.stage != "eor" or state.prompt is not None or state.batch:
        return
    end_of_round(state, events)
    if state.stage != "cleanup" or state.prompt is not None or state.batch:
        return
    cleanup(state, events)
    start_round(state, events)


def _waiting(state: ThatsWizardState) -> bool:
    """Some wizard has still to choose this round's card."""
    paralyzed = state.paralyzed
    for seat, wizard in enumerate(state.wizards):
        if wizard.choice is None and wizard.dueling and seat not in paralyzed:
            return True
    return False


def reveal(state: ThatsWizardState, events: list[Event]) -> None:
    """All cards and dials face up at once; an illegal play (or a pass) is no play."""
    shown: list[ShownFields] = []
    paralyzed = state.paralyzed
    plays = state.plays
    for seat, wizard in enumerate(state.wizards):
        if paralyzed and seat in paralyzed:
            plays.append(Play(seat, None, None, False, "paralyzed"))
            shown.append((seat, None, None, False, "paralyzed"))
            continue
        choice = wizard.choice
        if choice is None:
            continue
        card, dial, passed = choice.card, choice.dial, choice.passed
        if not passed:
            reason = _no_longer_legal(state, seat, card) if card in ALLY_SPELLS else ""
            passed = reason != ""
        elif card is not None:
            reason = _illegal_reason(state, seat, card, dial)
        else:
            reason = "pass"
        play = revealed_play(seat, card, dial, not passed, reason)
        plays.append(play)
        shown.append((seat, card, dial, not passed, reason))
        if card in SPELL_SET:
            if card not in wizard.seen:
                wizard.seen.append(card)
            if card not in wizard.shown:
                wizard.shown.append(card)
        if not passed and card is not None:
            wizard.hand.remove(card)
            play.on_table = True
    events.append(revealed(tuple(shown)))
    state.stage = "pay"


def revealed_play(seat: int, card: str | None, dial: int | None, legal: bool, reason: str) -> Play:
    """``Play(seat, card, dial, legal, reason)``, its fields set in their order without the dataclass's
    ``__init__`` and its two list factories (two plays a round); tests/test_thats_wizard_speed.py compares them."""
    play = _new(Play)
    play.seat = seat
    play.card = card
    play.dial = dial
    play.legal = legal
    play.reason = reason
    play.cost = 0
    play.countered = False
    play.reversed = False
    play.reversed_by = ""
    play.cast = False
    play.on_table = False
    play.targets = []
    play.under = []
    return play


_new = object.__new__


def _no_longer_legal(state: ThatsWizardState, seat: int, card: str | None) -> str:
    """Why a spell for the ally, legal when it was picked, is an illegal play at the reveal: the ally conceded
    their duel in the same choice (the only change a pick can meet before the reveal); "" while it is legal."""
    ally = state.ally(seat)
    if ally is None or state.wizards[ally].dueling:
        return ""
    return NO_ALLY.format(card=name_en(card or ""))


def _illegal_reason(state: ThatsWizardState, seat: int, card: str, dial: int | None) -> str:
    wizard = state.wizards[seat]
    ally_dueling = state.players == 4 and state.wizards[(seat + 2) % 4].dueling
    problem = known_problem(
        card,
        dial if dial is not None else -1,
        card in wizard.hand,
        wizard.power,
        tax(state, seat) if state.lasting else 0,
        ally_dueling,
    )
    return problem or "pass"


def pay(state: ThatsWizardState, events: list[Event]) -> None:
    """Step 4: Power for every legal play, then Stamina for Counterspells, all at the same moment."""
    for play in state.plays:
        if not play.legal or play.card is None:
            continue
        extra = tax(state, play.seat) if state.lasting and play.card in SPELL_SET else 0
        play.cost = (play.dial or 0) + extra
        wizard = state.wizards[play.seat]
        wizard.power -= play.cost
        if play.cost:
            events.append(shared(PowerPaid, play.seat, play.cost, extra, wizard.power))
    if no_counterspell(state):
        for wizard in state.wizards:  # the usual round: no streak goes on (the loop below, told short)
            if wizard.dueling:
                wizard.streak = 0
        state.stage = "fix"
        return
    for seat in range(state.players):
        wizard = state.wizards[seat]
        if not wizard.dueling:
            continue
        mine = state.play_of(seat)
        if mine is not None and mine.legal and mine.card == COUNTERSPELL:
            state.batch.append(Hit(seat, 1 + wizard.streak, "plain", COUNTERSPELL, seat))
            wizard.streak += 1
        else:
            wizard.streak = 0
    state.stage = "fix"


def fix(state: ThatsWizardState, events: list[Event]) -> None:
    """Which spells are countered and which turned back, decided once for the whole round."""
    wizards = state.wizards  # (``alive`` of a play's seat, written out)
    live = [p for p in state.plays if p.legal and p.card is not None and wizards[p.seat].dueling]
    if nothing_to_fix(state, live):
        state.stage = "order"
        return
    for play in live:
        if play.card != COUNTERSPELL:
            continue
        victim = state.opponent(play.seat)
        theirs = state.play_of(victim) if victim is not None else None
        if theirs is None or not theirs.legal or theirs.card is None or theirs.card in SPECIAL_SET:
            continue
        if victim is None or not alive(state, victim) or invisible(state, victim):
            continue
        theirs.countered = True
        events.append(Countered(play.seat, theirs.seat, theirs.card))
    for play in live:
        card = CARDS[play.card or ""]
        if play.countered or card.target not in ("opponent", "both") or invisible(state, play.seat):
            continue
        if confused(state, play.seat):
            play.reversed, play.reversed_by = True, "confusion"
        elif any(_reflects(state, target) for target in targets_of(state, play)):
            play.reversed, play.reversed_by = True, "reflect"
        if play.reversed:
            events.append(Reversed(play.seat, play.card or "", play.reversed_by))
    state.stage = "order"


def no_counterspell(state: ThatsWizardState) -> bool:
    """Nobody played a Counterspell legally this round: every streak ends (``pay``, told short)."""
    for play in state.plays:  # noqa: SIM110 (a plain loop: ``any`` of a generator costs more, for 2 or 4 plays)
        if play.card == COUNTERSPELL and play.legal:
            return False
    return True


def nothing_to_fix(state: ThatsWizardState, live: list[Play]) -> bool:
    """No Counterspell to counter with and nothing to turn a spell back (a Confusion lies in play, a Reflect is
    played by a wizard still dueling, so among ``live``): ``fix`` has nothing to do."""
    if state.lasting:
        return False
    for play in live:  # noqa: SIM110 (as in ``no_counterspell``)
        if play.card in _COUNTER_OR_REFLECT:
            return False
    return True


def _reflects(state: ThatsWizardState, seat: int) -> bool:
    play = state.play_of(seat)
    return play is not None and play.legal and play.card == "reflect" and not play.countered


# --- turn order --------------------------------------------------------------------------------------------


def order(state: ThatsWizardState, events: list[Event]) -> bool:
    """Lower dial first; equal dials are rolled off between teams and ordered within a team. False: waiting."""
    if not state.ties:
        wizards = state.wizards
        takers = [p for p in state.plays if p.legal and wizards[p.seat].dueling]
        if len(takers) > 1:
            takers.sort(key=_dial_then_seat)
        groups: dict[int, list[Play]] = {}
        for play in takers:
            groups.setdefault(play.dial or 0, []).append(play)
        for plays in groups.values():
            # a single play, or only special actions: order cannot matter
            done = len(plays) == 1 or all(p.card in SPECIAL_SET for p in plays)
            state.ties.append(Tie([p.seat for p in plays], "done") if done else Tie([p.seat for p in plays]))
        if not state.ties:
            state.ties.append(Tie([], "done"))
    for tie in state.ties:
        if tie.step == "done":
            continue
        if not _settle_tie(state, tie, events):
            return False
    state.order = [seat for tie in state.ties for seat in tie.seats]
    events.append(shared(TurnOrder, tuple(state.order)))
    state.stage = "turns"
    state.turn = 0
    state.turn_step = "effect"
    return True


def _dial_then_seat(play: Play) -> tuple[int, int]:
    return play.dial or 0, play.seat


def _settle_tie(state: ThatsWizardState, tie: Tie, events: list[Event]) -> bool:
    if tie.step == "roll":
        teams = sorted({state.team(seat) for seat in tie.seats})
        if len(teams) == 1:
            tie.step = "team"
        else:
            deciders = [min(seat for seat in tie.seats if state.team(seat) == team) for team in teams]
            tie.winner = roll_off(state, deciders, "turn order", events)
            tie.step = "block"
            state.prompt = Prompt("tie", tie.winner, values=[0, 1])
            return False
    if tie.step == "team":
        for team in sorted({state.team(seat) for seat in tie.seats}):
            mates = [seat for seat in tie.seats if state.team(seat) == team]
            if len(mates) == 2 and team not in tie.ordered:
                state.prompt = Prompt("team", min(mates), target=team, values=[0, 1])
                return False
        tie.step = "done"
    return tie.step == "done"


def choose_tie_place(state: ThatsWizardState, seat: int, place: int, events: list[Event]) -> None:
    """The roll winner puts their team first (0) or second (1)."""
    tie = next(t for t in state.ties if t.step == "block")
    team = state.team(seat)
    mine = [s for s in tie.seats if state.team(s) == team]
    theirs = [s for s in tie.seats if state.team(s) != team]
    tie.seats = mine + theirs if place == 0 else theirs + mine
    tie.step = "team"
    state.prompt = None
    events.append(PlaceChosen(seat, place, "tie"))


def choose_team_place(state: ThatsWizardState, seat: int, place: int, events: list[Event]) -> None:
    """Two allies with the same dial: the one who answers (either may: ``rules.shared_choice``) goes first (0) or
    second (1) of the two."""
    tie = next(t for t in state.ties if t.step == "team")
    team = state.team(seat)
    slots = [index for index, s in enumerate(tie.seats) if state.team(s) == team]
    other = next(tie.seats[index] for index in slots if tie.seats[index] != seat)
    for index, s in zip(slots, (seat, other) if place == 0 else (other, seat), strict=True):
        tie.seats[index] = s
    tie.ordered.append(team)
    state.prompt = None
    events.append(PlaceChosen(seat, place, "team"))


# --- turns ---------------------------------------------------------------------------------------------------


def turns(state: ThatsWizardState, events: list[Event]) -> None:
    while state.turn < len(state.order):
        seat = state.order[state.turn]
        play = state.play_of(seat)
        assert play is not None
        if state.turn_step == "effect":
            state.turn_step = "after"
            if alive(state, seat):
                take_turn(state, play, events)
            if state.prompt is not None or state.batch or state.stage != "turns":
                return
        if play.cast and state.lasting and play.card in SPELL_SET and alive(state, seat):  # (Silence lies in play)
            _silence(state, seat, events)
            if state.stage != "turns":
                return
        state.turn += 1
        state.turn_step = "effect"
    state.stage = "eor"


def take_turn(state: ThatsWizardState, play: Play, events: list[Event]) -> None:
    assert play.card is not None and play.dial is not None
    card = CARDS[play.card]
    targets = targets_of(state, play)
    events.append(shared(SpellRead, play.seat, play.card, play.dial, tuple(targets), play.reversed, play.countered))
    if not card.is_spell or play.countered:
        return
    play.cast = True
    play.targets = list(targets)
    TURN_EFFECTS[play.card](state, play, targets, events)


def _silence(state: ThatsWizardState, seat: int, events: list[Event]) -> None:
    for item in list(state.lasting):
        if item.card == "silence" and seat in item.targets and alive(state, seat):
            hurt(state, seat, 2, "fatigue", "silence", item.owner, events)


# --- simultaneous Stamina changes ---------------------------------------------------------------------------


def settle_batch(state: ThatsWizardState, events: list[Event]) -> bool:
    """Apply a batch of simultaneous losses. When wizards of both teams would fall, the affected wizards roll
    and the winner picks whose loss comes first (a duel ends with its first fall). False: waiting for that."""
    while state.batch:
        state.batch = [hit for hit in state.batch if alive(state, hit.seat)]
        if not state.batch:
            break
        falling = [hit for hit in state.batch if would_fall(state, hit.seat, hit.amount, hit.kind)]
        safe = [hit for hit in state.batch if hit not in falling]
        if safe:
            hit = safe[0]
        elif len({state.team(hit.seat) for hit in falling}) >= 2 or felled_together(state, falling):
            if state.batch_chooser < 0:
                rollers = [hit.seat for hit in falling]
                caster, opponent = falling[0].by, state.opponent(falling[0].by)
                if len({state.team(hit.seat) for hit in falling}) == 1 and opponent is not None:
                    rollers = [caster, opponent]  # (two of one side by one Conflagration: the caster and theirs roll)
                state.batch_chooser = roll_off(state, rollers, "who falls first", events)
            state.prompt = Prompt("lethal", state.batch_chooser, values=[hit.seat for hit in falling])
            return False
        else:
            hit = falling[0]
        state.batch.remove(hit)
        hurt(state, hit.seat, hit.amount, hit.kind, hit.source, hit.by, events)
        if state.stage in ("over", "between"):
            return True
    state.batch_chooser = -1
    return True


def felled_together(state: ThatsWizardState, falling: list[Hit]) -> bool:
    """Whether one Conflagration would fell two wizards of one side at once (both of the caster's opponents, or,
    turned back, the caster and their ally). The rulebook's answer: "You and your opponent will roll dice. The
    higher roller will determine the order in which the Damage takes place" (whose duel the first fall ends:
    the match's, in a deciding set)."""
    if len(falling) < 2 or any(hit.source != "conflagration" for hit in falling):
        return False
    caster = falling[0].by
    one_side = len({state.team(hit.seat) for hit in falling}) == 1
    return one_side and all(hit.by == caster for hit in falling) and state.opponent(caster) is not None


def apply_first(state: ThatsWizardState, target: int, events: list[Event]) -> None:
    hit = next(h for h in state.batch if h.seat == target)
    state.batch.remove(hit)
    state.prompt = None
    hurt(state, hit.seat, hit.amount, hit.kind, hit.source, hit.by, events)


# --- end of round --------------------------------------------------------------------------------------------


def eor_effects(state: ThatsWizardState, seat: int) -> list[str]:
    """The end-of-round effects ``seat`` still has to apply this round, in the default order."""
    found = []
    done = state.eor_done  # (empty until an effect is applied: no key to write then)
    play = state.play_of(seat)
    focus = play is not None and play.legal and play.card == FOCUS and alive(state, seat)
    if focus and (not done or f"{seat}:{FOCUS}" not in done):
        found.append(FOCUS)
    for item in state.lasting:
        if item.owner != seat or CARDS[item.card].eor is None or (done and f"{seat}:{item.card}" in done):
            continue
        if item.round < state.round and any(alive(state, target) for target in item.targets):
            found.append(item.card)
    return sorted(found, key=EOR_DEFAULT.index) if len(found) > 1 else found


def no_eor_effects(state: ThatsWizardState) -> bool:
    """No Focus played and no lasting spell: nobody has an end-of-round effect this round (``eor_effects`` is
    empty for every seat), told without asking each seat."""
    if state.lasting:
        return False
    for play in state.plays:  # noqa: SIM110 (as in ``no_counterspell``)
        if play.card == FOCUS and play.legal:
            return False
    return True


def end_of_round(state: ThatsWizardState, events: list[Event]) -> None:
    if not state.eor_started:
        state.eor_started = True
        if no_eor_effects(state):  # the usual round: straight on to clean-up
            state.eor_slots = []
            state.stage = "cleanup"
            return
        owners = [seat for seat in range(state.players) if eor_effects(state, seat)]
        if len(owners) <= 1:
            state.eor_slots = owners
        else:
            state.eor_pickers = roll_ranking(state, owners, "end of round", events)
            state.eor_slots = [-1] * len(owners)
    while state.eor_pickers:
        free = [index for index, seat in enumerate(state.eor_slots) if seat < 0]
        picker = state.eor_pickers[0]
        if len(free) > 1:
            state.prompt = Prompt("eor_place", picker, values=free)
            return
        take_eor_place(state, picker, free[0], events, forced=True)
    while state.eor_index < len(state.eor_slots):
        owner = state.eor_slots[state.eor_index]
        effects = eor_effects(state, owner)
        if not effects:
            state.eor_index += 1
            continue
        if len(effects) > 1:
            state.prompt = Prompt("eor_next", owner, cards=effects)
            return
        apply_eor(state, owner, effects[0], events)
        if state.stage != "eor":
            return
    state.stage = "cleanup"


def take_eor_place(state: ThatsWizardState, seat: int, place: int, events: list[Event], forced: bool = False) -> None:
    state.eor_slots[place] = seat
    state.eor_pickers.remove(seat)
    state.prompt = None
    events.append(PlaceChosen(seat, place, "eor_place", forced))  # (pickers exist only for two places or more)


def apply_eor(state: ThatsWizardState, seat: int, effect: str, events: list[Event]) -> None:
    state.eor_done.append(f"{seat}:{effect}")
    state.prompt = None
    if effect == FOCUS:
        wizard = state.wizards[seat]
        if wizard.focus_blocked:
            events.append(Focused(seat, wizard.power, "levitate"))
        elif imprisoned(state, seat):
            events.append(Focused(seat, wizard.power, "imprison"))
        else:
            wizard.power = 10
            events.append(Focused(seat, wizard.power, ""))
        return
    item = next(i for i in state.lasting if i.owner == seat and i.card == effect)
    EOR_EFFECTS[effect](state, item, events)


# --- clean-up -------------------------------------------------------------------------------------------------


def cleanup(state: ThatsWizardState, events: list[Event]) -> None:
    """Older lasting spells lose a token (and leave at none); this round's cards go back or into play."""
    for item in [i for i in state.lasting if i.round < state.round] if state.lasting else ():
        item.tokens -= 1
        events.append(shared(TokenRemoved, item.owner, item.card, item.tokens, -1))
        if item.tokens == 0:
            end_lasting(state, item, events)
    for play in state.plays:
        if not play.on_table or play.card is None:
            continue
        play.on_table = False
        card = CARDS[play.card]
        if card.lasting and play.cast and play.targets and cross_duel_stays(state, play.seat, play.card):
            tokens = card.tokens(play.dial or 0)
            item = Lasting(
                play.seat, play.card, list(play.targets), tokens, play.dial or 0, play.reversed, state.round, play.under
            )
            state.lasting.append(item)
            events.append(LastingPlaced(play.seat, play.card, tuple(play.targets), tokens))
        else:
            state.wizards[play.seat].hand.append(play.card)
            if play.under:
                state.wizards[play.targets[0]].hand.extend(play.under)
        play.under = []
