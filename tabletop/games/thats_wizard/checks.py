"""Whether a That's Wizard! position is one the game can go on from: every field in range, the parts consistent.

A save may start from any position, so anything can come in here. The checks run in stages (types, the size of
the table, each field's range, the cards, the duels of the match, the stage of the round, the choice waiting),
each only once the earlier ones hold, so a later one can index and count without failing. The last one asks
the rules themselves: unless the match is over, someone has a move to make.

The rules rest (wait for a command) only in a few places, so only those are positions: choosing side boards,
choosing the round's cards (perhaps with a draw on offer), the sudden-death pairing, and a choice at resolution
(a Stamina loss in a batch after paying or on a turn, a tie in the turn order, a spell's choice on its turn, the
end-of-round order); and the end of the match. Everything else runs on by itself between two commands.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from tabletop.core.checks import (
    bounded,
    card_conservation,
    clipped,
    rng_problems,
    shape_problems,
    shown,
    some,
    waiting_problems,
)
from tabletop.games.thats_wizard.cards import (
    CARDS,
    COUNTERSPELL,
    FOCUS,
    MAX_POWER,
    MAX_STAMINA,
    SIDE_BOARD,
    SPECIALS,
    SPELLS,
    deck_spells,
)
from tabletop.games.thats_wizard.effects import EOR_DEFAULT, transfer_amounts
from tabletop.games.thats_wizard.flow import eor_effects, felled_together
from tabletop.games.thats_wizard.resources import cross_duel_stays, stalled, would_fall
from tabletop.games.thats_wizard.rules import TEAM_NAMES, draw_answerers, legal, result, to_act
from tabletop.games.thats_wizard.spellbooks import check_spellbook, check_team
from tabletop.games.thats_wizard.state import Lasting, Play, Prompt, ThatsWizardState, Tie, Wizard

# No duel is played this long (one that has gone 10 rounds without a new lowest Stamina may be conceded or
# drawn): a larger count is a broken file, not a long game.
MAX_ROUND = 10_000
DUELS = 3  # best of three duels (1 vs 1), or three sets at most (Duos)
REASON = 200  # characters of an illegal play's reason at most (the rules' own are one sentence)
# Who faces whom: 1 vs 1, and the two ways of pairing Duos (the first set's, then the second's).
SOLO_PAIRS = [[0, 1]]
FIRST_SET = [[0, 1], [2, 3]]
SECOND_SET = [[0, 3], [2, 1]]
# The stages the rules rest in, and the choices that may wait in each (None: no choice waits).
REST: dict[str, tuple[str | None, ...]] = {
    "sideboard": (None,),
    "choose": (None, "draw"),
    "pairing": ("pairing",),
    "fix": ("lethal",),
    "order": ("tie", "team"),
    "turns": ("dispel", "erase", "transfer", "scry", "shock", "lethal"),
    "eor": ("eor_place", "eor_next"),
    "over": (None,),
}
AFTER_REVEAL = ("fix", "order", "turns", "eor")  # the round's cards are face up
# The spell whose turn asks each choice at resolution.
TURN_CHOICES = {
    "dispel": "dispel",
    "erase": "erase_memory",
    "transfer": "transference",
    "scry": "scry",
    "shock": "shock",
}
# The fields of a prompt each kind uses; the others keep their defaults.
PROMPT_FIELDS = {
    "tie": ("values",),
    "team": ("target", "values"),
    "eor_place": ("values",),
    "eor_next": ("cards",),
    "dispel": ("target", "count"),
    "erase": ("target", "count"),
    "transfer": ("target", "values"),
    "scry": ("cards",),
    "shock": ("target", "values"),
    "lethal": ("values",),
    "pairing": ("values",),
    "draw": ("target", "values"),
}
PROMPT_DEFAULTS = {"target": -1, "count": 0, "values": [], "cards": []}
ERASED = 2  # Erase Memory takes 2 cards


def check_state(state: ThatsWizardState) -> list[str]:
    """Broken fields and invariants of ``state``, as short lines; empty when the match can go on from it."""
    stages = (
        shape_problems,
        _table_problems,
        _field_problems,
        _card_problems,
        _match_problems,
        _round_problems,
        _prompt_problems,
    )
    for stage in stages:
        problems = stage(state)
        if problems:
            return clipped(problems)
    return clipped(waiting_problems(state, state.players, to_act, legal, result))


# --- the table -----------------------------------------------------------------------------------------------


def _table_problems(state: ThatsWizardState) -> list[str]:
    players = state.players
    if players not in (2, 4):
        return [f"{shown(players)} players: That's Wizard! is played 1 vs 1 or 2 vs 2"]
    problems = [
        f"{len(part)} {label} for {players} wizards"
        for label, part in (("spellbooks", state.books), ("wizards", state.wizards))
        if len(part) != players
    ]
    if len(state.library) != 2:
        problems.append(f"{len(state.library)} decks of spells, not the blue and the yellow")
    if len(state.tokens) != 2:
        problems.append(f"victory tokens for {len(state.tokens)} teams, not 2")
    if state.pairs not in ((FIRST_SET, SECOND_SET) if state.duos else (SOLO_PAIRS,)):
        problems.append(f"the duels pair seats {shown(state.pairs, 40)}")
    return problems


# --- each field in its range -----------------------------------------------------------------------------


def _field_problems(state: ThatsWizardState) -> list[str]:
    """Each field in its range: counters, seats, cards and dials, all the way down."""
    problems = rng_problems(state.rng)
    problems += bounded("the duel", state.duel, 1, DUELS)
    problems += bounded("the round", state.round, 0, MAX_ROUND)
    for team, count in enumerate(state.tokens):
        problems += bounded(f"the {TEAM_NAMES[team].lower()} victory tokens", count, 0, state.win_target)
    if problems:
        return problems
    for seat, wizard in enumerate(state.wizards):
        problems += _wizard_problems(state, seat, wizard)
    for play in state.plays:
        problems += _play_problems(state, play, "")
    for play in state.last_plays:
        problems += _play_problems(state, play, "last round's ")
    for item in state.lasting:
        problems += _lasting_problems(state, item)
    for tie in state.ties:
        problems += _seats("a tie's seats", tie.seats, state.players)
        if tie.winner != -1 and tie.winner not in tie.seats:
            problems.append(f"a tie's roll was won by seat {shown(tie.winner)}, not one of its seats")
        if not set(tie.ordered) <= {0, 1} or len(set(tie.ordered)) != len(tie.ordered):
            problems.append(f"a tie's teams in order are {shown(tie.ordered)}")
    for hit in state.batch:
        problems += _seats("a Stamina loss's seats", [hit.seat, hit.by], state.players, distinct=False)
        problems += bounded("a Stamina loss", hit.amount, 1, MAX_STAMINA)
        if hit.source not in CARDS:
            problems.append(f"a Stamina loss comes from {shown(hit.source)}, which is no card")
    problems += _seats("the paralyzed seats", state.paralyzed, state.players)
    problems += _seats("the turn order", state.order, state.players)
    problems += bounded("the turn", state.turn, 0, len(state.order))
    problems += _seats("the end-of-round order", [s for s in state.eor_slots if s != -1], state.players)
    problems += _seats("the seats choosing an end-of-round place", state.eor_pickers, state.players)
    problems += bounded("the place in the end-of-round order", state.eor_index, 0, len(state.eor_slots))
    done = [f"{seat}:{effect}" for seat in range(state.players) for effect in EOR_DEFAULT]
    odd = [entry for entry in state.eor_done if entry not in done]
    if odd or len(set(state.eor_done)) != len(state.eor_done):
        problems.append(f"end-of-round effects done are {some(odd or state.eor_done)}")
    problems += _seats("the winners of the duels", state.duel_winners, state.players, distinct=False)
    problems += _seats("the losers of the duels", state.duel_losers, state.players, distinct=False)
    if state.batch_chooser != -1:
        problems += bounded("the seat choosing whose loss comes first", state.batch_chooser, 0, state.players - 1)
    unknown = [card for card in state.scry_cards if card not in SPELLS]
    if unknown:
        problems.append(f"Scry shows {some(unknown)}, which are no spells")
    if state.prompt is not None:
        problems += _prompt_field_problems(state, state.prompt)
    return problems


def _wizard_problems(state: ThatsWizardState, seat: int, wizard: Wizard) -> list[str]:
    name = f"seat {seat + 1}'s"
    problems = bounded(f"{name} Stamina", wizard.stamina, 0, MAX_STAMINA)
    problems += bounded(f"{name} Power", wizard.power, 0, MAX_POWER)
    problems += bounded(f"{name} Counterspells in a row", wizard.streak, 0, min(MAX_STAMINA, state.round))
    problems += bounded(f"{name} lowest Stamina", wizard.low, 0, min(MAX_STAMINA, wizard.stamina))
    problems += bounded(f"{name} round of the lowest Stamina", wizard.low_round, 0, state.round)
    problems += bounded(f"{name} round of a draw offer", wizard.offered, 0, state.round)
    if (wizard.low < MAX_STAMINA) != (wizard.low_round > 0):
        problems.append(f"{name} lowest Stamina {wizard.low} was reached in round {wizard.low_round}")
    if wizard.dueling and wizard.stamina == 0:
        problems.append(f"seat {seat + 1} duels on with no Stamina")
    odd = [card for card in [*wizard.hand, *wizard.side] if card not in CARDS]
    odd += [card for card in [*wizard.seen, *wizard.shown] if card not in SPELLS]
    if wizard.borrowed is not None and wizard.borrowed not in SPELLS:
        odd.append(wizard.borrowed)
    if odd:
        problems.append(f"{name} cards include {some(odd)}, which are no cards of theirs")
    for label, cards in (("spells seen", wizard.seen), ("spells shown", wizard.shown)):
        if len(set(cards)) != len(cards):
            problems.append(f"{name} {label} hold a spell twice")
    choice = wizard.choice
    if choice is not None:
        if choice.card is not None and choice.card not in CARDS:
            problems.append(f"{name} chosen card is {shown(choice.card)}")
        if choice.dial is not None:
            problems += bounded(f"{name} chosen dial", choice.dial, 0, MAX_POWER)
        if choice.passed and choice.card is None and choice.dial is not None:
            problems.append(f"{name} plain pass shows a dial")
        if choice.passed and choice.card is not None and choice.dial is None:
            problems.append(f"{name} pass shows a card without a dial")
        if not choice.passed and (choice.card is None or choice.dial is None):
            problems.append(f"{name} chosen play lacks a card or a dial")
    return problems


def _play_problems(state: ThatsWizardState, play: Play, when: str) -> list[str]:
    """A revealed card's fields: a legal play has a card and a dial it takes; only a cast spell has targets."""
    if not 0 <= play.seat < state.players:
        return [f"{when}play of seat {shown(play.seat)}, who is not at the table"]
    name = f"seat {play.seat + 1}'s {when}play"
    card = CARDS.get(play.card) if play.card is not None else None
    if play.card is not None and card is None:
        return [f"{name} is {shown(play.card)}, which is no card"]
    problems = bounded(f"{name}'s dial", play.dial, 0, MAX_POWER) if play.dial is not None else []
    problems += bounded(f"{name}'s cost", play.cost, 0, MAX_POWER if play.legal else 0)
    problems += _seats(f"{name}'s targets", play.targets, state.players)
    if play.legal and (card is None or play.dial not in card.dials or play.reason):
        problems.append(f"{name} is legal without a card and a dial it takes")
    if not play.legal and not 0 < len(play.reason) <= REASON:
        problems.append(f"{name} is illegal without a short reason")
    if (play.countered or play.reversed or play.cast) and not (play.legal and card is not None and card.is_spell):
        problems.append(f"{name} is countered, turned back or cast, but is no legal spell")
    if play.reversed != (play.reversed_by != ""):
        problems.append(f"{name} is turned back by {shown(play.reversed_by)}")
    if play.cast and play.countered:
        problems.append(f"{name} was countered and cast")
    if play.targets and not play.cast:
        problems.append(f"{name} reaches wizards without being cast")
    if play.on_table and not play.legal:
        problems.append(f"{name} lies on the table, but is no legal play")
    if play.under:
        problems += _under_problems(name, play.card, play.under, play.cast and bool(play.targets))
    return problems


def _lasting_problems(state: ThatsWizardState, item: Lasting) -> list[str]:
    """A lasting spell in play: its card, dial and tokens, the round it was placed, whom it reaches."""
    if not 0 <= item.owner < state.players:
        return [f"a lasting spell of seat {shown(item.owner)}, who is not at the table"]
    card = CARDS.get(item.card)
    name = f"seat {item.owner + 1}'s lasting {shown(item.card)}"
    if card is None or not card.lasting:
        return [f"{name} is no lasting spell"]
    if item.dial not in card.dials:
        return [f"{name} has the dial {shown(item.dial)}, which it does not take"]
    problems = bounded(f"{name}'s round", item.round, 1, state.round - 1)
    if problems:
        return problems
    # Placed in clean-up with tokens by the dial, one removed at each later clean-up (and some by Dispel).
    problems += bounded(f"{name}'s tokens", item.tokens, 1, card.tokens(item.dial) - (state.round - 1 - item.round))
    if item.reversed and card.target not in ("opponent", "both"):
        problems.append(f"{name} is turned back, but reaches no opponent")
    reach = _reach(state, item.owner, item.card, item.reversed)
    if not item.targets or item.targets != [seat for seat in reach if seat in item.targets]:
        problems.append(f"{name} reaches seats {shown(item.targets)}, not those it can")
    if item.under:
        problems += _under_problems(name, item.card, item.under, True)
    return problems


def _under_problems(name: str, card: str | None, under: list[str], placed: bool) -> list[str]:
    if card != "erase_memory" or not placed or len(under) > ERASED or any(c not in CARDS for c in under):
        return [f"{name} holds the cards {some(under)} under it"]
    return []


def _reach(state: ThatsWizardState, seat: int, card: str, reversed_: bool) -> list[int]:
    """The wizards a spell of ``seat`` can reach (before any of them is out of their duel)."""
    kind = CARDS[card].target
    ally = state.ally(seat)
    if kind == "self":
        return [seat]
    if kind == "ally":
        return [ally] if ally is not None else []
    if kind in ("opponent", "spell"):
        other = seat if reversed_ else state.opponent(seat)
        return [other] if other is not None else []
    reached = [seat, ally] if reversed_ else [state.opponent(seat), state.opponent(ally) if ally is not None else None]
    return [target for target in reached if target is not None]


def _prompt_field_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """The choice waiting: its seat, and only the fields its kind uses set."""
    problems = bounded("the seat a choice waits for", prompt.seat, 0, state.players - 1)
    used = PROMPT_FIELDS[prompt.kind]
    unused = [
        name for name, default in PROMPT_DEFAULTS.items() if name not in used and getattr(prompt, name) != default
    ]
    if unused:
        problems.append(f"a {prompt.kind} choice with a {unused[0]}")
    if any(card not in CARDS for card in prompt.cards):
        problems.append(f"a {prompt.kind} choice offers {some(prompt.cards)}")
    return problems


def _seats(label: str, seats: list[int], players: int, distinct: bool = True) -> list[str]:
    """Every one of ``seats`` at the table (and each once, when ``distinct``)."""
    if any(not 0 <= seat < players for seat in seats) or (distinct and len(set(seats)) != len(seats)):
        return [f"{label} are {shown(seats, 40)}"]
    return []


# --- the cards -------------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _book_problems(book: tuple[str, ...], duos: bool) -> tuple[str, ...]:
    """A spellbook's broken building rules, kept: check_state runs after every command of the simulations."""
    return tuple(check_spellbook(book, duos))


def _card_problems(state: ThatsWizardState) -> list[str]:
    """Legal spellbooks; each wizard's cards each in one place, each deck of spells whole; side boards."""
    problems: list[str] = []
    for seat, book in enumerate(state.books):
        problems += [f"seat {seat + 1}'s spellbook: {problem}" for problem in _book_problems(tuple(book), state.duos)]
    if state.duos:
        for team in (0, 1):
            problems += [f"the {TEAM_NAMES[team].lower()} team: {p}" for p in check_team(state.books[team::2])]
    if problems:
        return problems
    for seat, wizard in enumerate(state.wizards):
        name = f"seat {seat + 1}'s"
        mine = [*state.books[seat], FOCUS, COUNTERSPELL, *([wizard.borrowed] if wizard.borrowed else [])]
        problems += card_conservation(_owned_cards(state, seat), mine, f"{name} cards")
        if len(wizard.side) not in (0, SIDE_BOARD) or len(set(wizard.side)) != len(wizard.side):
            problems.append(f"{name} side board holds {len(wizard.side)} spells, not {SIDE_BOARD}")
        elif not set(wizard.side) <= set(state.books[seat]):
            problems.append(f"{name} side board holds spells that are not in their spellbook")
        if (wizard.borrowed is not None) != wizard.scry_away:
            problems.append(f"{name} Scry and the spell it kept do not go together")
        elif wizard.scry_away and "scry" not in state.books[seat]:
            problems.append(f"{name} Scry went into the deck of spells, but Scry is not in their spellbook")
        if not set(wizard.shown) <= set(wizard.seen):
            problems.append(f"{name} spells shown this duel are not among those seen this match")
        if not set(wizard.seen) <= set(deck_spells(state.duos)):
            problems.append(f"{name} spells seen this match are not spells of this game")
    for deck in (0, 1):
        problems += _library_problems(state, deck)
    return problems


def _owned_cards(state: ThatsWizardState, seat: int) -> list[str]:
    """Every card of ``seat`` wherever it is: hand, side board, the table, in play, under Erase Memory, the deck."""
    wizard = state.wizards[seat]
    found = [*wizard.hand, *wizard.side]
    for play in state.plays:
        if play.on_table and play.seat == seat and play.card is not None:
            found.append(play.card)
        if play.under and play.targets and play.targets[0] == seat:
            found.extend(play.under)
    for item in state.lasting:
        if item.owner == seat:
            found.append(item.card)
        if item.targets[0] == seat:
            found.extend(item.under)
    if wizard.scry_away:
        found.append("scry")
    return found


def _library_problems(state: ThatsWizardState, deck: int) -> list[str]:
    """A deck of spells holds its spells that are in no spellbook of its colour, less those kept with Scry (and
    those a Scry is showing)."""
    seats = [seat for seat in range(state.players) if state.deck(seat) == deck]
    used = {card for seat in seats for card in state.books[seat]}
    found = list(state.library[deck])
    found += [state.wizards[seat].borrowed or "" for seat in seats if state.wizards[seat].borrowed is not None]
    if state.prompt is not None and state.prompt.kind == "scry" and state.deck(state.prompt.seat) == deck:
        found += state.scry_cards
    spells = [card for card in deck_spells(state.duos) if card not in used]
    return card_conservation(found, spells, f"{TEAM_NAMES[deck].lower()} deck's spells")


# --- the duels of the match -----------------------------------------------------------------------------------


def _match_problems(state: ThatsWizardState) -> list[str]:
    """Who faced whom in each duel, who won, the victory tokens, who duels on, and the end of the match."""
    stage = state.stage
    if stage not in REST:
        return [f"the rules never wait in the {stage} stage"]
    problems: list[str] = []
    duos, per = state.duos, len(state.pairs)
    if duos and state.duel < DUELS and state.pairs != (FIRST_SET, SECOND_SET)[state.duel - 1]:
        problems.append(f"set {state.duel} pairs the seats as set {3 - state.duel} does")
    if stage == "pairing" and (not duos or state.duel != DUELS or state.pairs != SECOND_SET):
        problems.append("the sudden-death pairing is chosen before the third set")
    if len(state.duel_losers) != len(state.duel_winners):
        return problems + ["every finished duel needs a winner and a loser"]
    results = list(zip(state.duel_winners, state.duel_losers, strict=True))
    before = per * (state.duel - 1)
    now = len(results) - before
    if not 0 <= now <= per:
        return problems + [f"{len(results)} duels finished by duel {state.duel}"]
    for index, (winner, loser) in enumerate(results):
        number = index // per + 1
        pairs = state.pairs if number == state.duel else (FIRST_SET, SECOND_SET)[number - 1] if duos else SOLO_PAIRS
        if [winner, loser] not in pairs and [loser, winner] not in pairs:
            problems.append(f"seat {winner + 1} beat seat {loser + 1}, who were not opponents in duel {number}")
    current = results[before:]
    if len({min(pair) for pair in current}) != len(current):
        problems.append("the same duel was won twice")
    earlier = Counter(state.team(winner) for winner, _loser in results[:before])
    if max(earlier.values(), default=0) >= state.win_target:
        problems.append("a team won the match before this duel")
    teams = Counter(state.team(winner) for winner in state.duel_winners)
    if [teams[0], teams[1]] != state.tokens:
        problems.append("victory tokens do not match the duels won")
    for a, b in state.pairs:
        if state.wizards[a].dueling != state.wizards[b].dueling:
            problems.append(f"seat {a + 1} and seat {b + 1} are not both in or out of their duel")
    out = [pair for pair in state.pairs if not state.wizards[pair[0]].dueling]
    if stage == "pairing":
        if out != state.pairs or now:
            problems.append("the sudden-death pairing is chosen while a duel goes on")
    elif sorted(min(pair) for pair in out) != sorted(min(winner, loser) for winner, loser in current):
        problems.append("the duels over are not those won this duel")
    if stage == "over":
        won = max(state.tokens) >= state.win_target
        if won == (state.ending == "draw"):
            problems.append("the match is over, but not by a win or an agreed draw")
    elif state.ending:
        problems.append("the match is drawn, but not over")
    elif max(state.tokens) >= state.win_target:
        problems.append("a team has won the match, but it is not over")
    elif stage != "pairing" and len(out) == per:
        problems.append(f"every duel of duel {state.duel} is over, yet it goes on")
    return problems


# --- the stage of the round ----------------------------------------------------------------------------------


def _round_problems(state: ThatsWizardState) -> list[str]:
    """What each stage of the round holds: the fresh duel, the secret choices, the cards face up, the turns."""
    stage = state.stage
    problems = []
    if state.round == 0 and stage != "sideboard":
        problems.append(f"round 0 in the {stage} stage")
    for item in state.lasting:
        if not cross_duel_stays(state, item.owner, item.card):
            problems.append(f"seat {item.owner + 1}'s {item.card} stays in play after their duels ended")
    seats = [play.seat for play in state.last_plays]
    if seats != sorted(set(seats)) or any(play.on_table or play.under for play in state.last_plays):
        problems.append("last round's cards are not one a seat, in seat order, back from the table")
    if bool(state.last_plays) != (state.round >= 2):
        problems.append(f"last round's cards {'are' if state.last_plays else 'are not'} kept in round {state.round}")
    for seat, wizard in enumerate(state.wizards):
        if wizard.focus_blocked and not _levitated(state, seat):
            problems.append(f"seat {seat + 1}'s Focus is blocked, but no Levitate cast this round reached it")
    if stage in ("sideboard", "choose"):
        problems += _between_rounds_problems(state)
    if stage == "sideboard":
        problems += _sideboard_problems(state)
    elif stage == "choose":
        problems += _choose_problems(state)
    elif stage in AFTER_REVEAL:
        problems += _revealed_problems(state)
    elif stage == "pairing" and state.lasting:
        problems.append("lasting spells are in play between two sets")
    if stage == "over" and (state.batch or state.batch_chooser != -1):
        problems.append("Stamina losses wait at the end of the match")
    return problems


def _between_rounds_problems(state: ThatsWizardState) -> list[str]:
    """Before the reveal: no card face up, no turn order, nothing of the round's resolution under way."""
    problems = []
    if state.plays:
        problems.append(f"cards lie face up in the {state.stage} stage")
    fresh = (
        state.ties,
        state.order,
        state.turn,
        state.turn_step != "effect",
        state.batch,
        state.batch_chooser != -1,
        state.scry_cards,
        state.eor_slots,
        state.eor_pickers,
        state.eor_index,
        state.eor_done,
        state.eor_started,
    )
    if any(fresh):
        problems.append(f"the round's resolution is under way in the {state.stage} stage")
    return problems


def _levitated(state: ThatsWizardState, seat: int) -> bool:
    """``seat`` played Focus this round and a Levitate cast this round reached them."""
    mine = state.play_of(seat)
    focused = mine is not None and mine.legal and mine.card == FOCUS
    return focused and any(play.card == "levitate" and play.cast and seat in play.targets for play in state.plays)


def _sideboard_problems(state: ThatsWizardState) -> list[str]:
    """A duel (or set) about to begin: round 0, nothing in play, every wizard fresh and dueling."""
    problems = []
    if state.round or state.lasting or state.last_plays or state.paralyzed or state.prompt is not None:
        problems.append("the side boards are chosen after the duel began")
    for seat, wizard in enumerate(state.wizards):
        if wizard != Wizard(hand=wizard.hand, side=wizard.side, seen=wizard.seen):
            problems.append(f"seat {seat + 1}'s tracker or duel is not fresh before the duel")
    return problems


def _choose_problems(state: ThatsWizardState) -> list[str]:
    """Choosing the round's cards: the paralyzed take no turn, and each secret choice is one the wizard could make."""
    problems = []
    stuck = [seat for seat in range(state.players) if state.wizards[seat].dueling and _paralyzed(state, seat)]
    if state.paralyzed != stuck:
        problems.append(f"seats {shown(state.paralyzed)} are paralyzed, but Paralyze holds {shown(stuck)}")
    for seat, wizard in enumerate(state.wizards):
        choice = wizard.choice
        if choice is None:
            continue
        name = f"seat {seat + 1}"
        if not wizard.dueling or seat in state.paralyzed:
            problems.append(f"{name} chose a card, but takes no turn")
        elif choice.card is not None and choice.card not in wizard.hand:
            problems.append(f"{name} chose {choice.card}, which is not in their hand")
        elif not choice.passed and choice.card is not None and choice.dial is not None:
            card = CARDS[choice.card]
            cost = choice.dial + (_tax(state, seat) if card.is_spell else 0)
            if choice.dial not in card.dials or cost > wizard.power:
                problems.append(f"{name} chose {choice.card} at {choice.dial}, which they cannot play")
    return problems


def _revealed_problems(state: ThatsWizardState) -> list[str]:
    """The round's cards face up: one per wizard who chose, the paralyzed skipped, and the turn order built."""
    problems = []
    seats = [play.seat for play in state.plays]
    if seats != sorted(set(seats)):
        problems.append(f"the cards face up are of seats {shown(seats)}, not one each in seat order")
    missing = [seat for seat in range(state.players) if state.wizards[seat].dueling and seat not in seats]
    if missing:
        problems.append(f"seats {shown(missing)} duel on, but played no card this round")
    stuck = [play.seat for play in state.plays if play.reason == "paralyzed"]
    if state.paralyzed != stuck:
        problems.append(f"seats {shown(state.paralyzed)} are paralyzed, but seats {shown(stuck)} skipped the round")
    for play in state.plays:
        name = f"seat {play.seat + 1}'s {shown(play.card)}"
        if play.reason == "paralyzed" and (play.card is not None or play.dial is not None):
            problems.append(f"paralyzed seat {play.seat + 1} played a card")
        kept = play.card == "scry" and state.wizards[play.seat].scry_away  # Scry went into the deck of spells
        if play.legal and play.card is not None and not play.on_table and not kept:
            problems.append(f"{name} is no longer on the table")
        extra = play.cost - (play.dial or 0)  # Tongue Tie's 2 Power more on a spell, for each one
        if play.legal and (extra < 0 or extra % 2 or (extra and play.card in SPECIALS)):
            problems.append(f"{name} cost {play.cost} Power at a dial of {play.dial}")
        if state.stage in ("fix", "order") and (play.cast or play.targets):
            problems.append(f"{name} is cast before the turn order")
        if state.stage == "fix" and (play.countered or play.reversed):
            problems.append(f"{name} is countered or turned back before the spells are fixed")
        if play.cast:
            reach = _reach(state, play.seat, play.card or "", play.reversed)
            if play.targets != [seat for seat in reach if seat in play.targets]:
                problems.append(f"{name} reaches seats {shown(play.targets)}, not those it can")
    if problems:
        return problems
    if state.stage in ("turns", "eor"):
        problems += _turn_order_problems(state)
    elif state.stage == "fix" and (state.ties or state.order or state.turn or state.turn_step != "effect"):
        problems.append("the turn order is set before the countering")
    if state.stage != "eor" and (state.eor_started or state.eor_slots or state.eor_pickers or state.eor_index):
        problems.append(f"the end of the round has begun in the {state.stage} stage")
    if state.stage != "eor" and state.eor_done:
        problems.append(f"end-of-round effects are done in the {state.stage} stage")
    return problems


def _takers(state: ThatsWizardState) -> list[list[int]]:
    """The seats taking a turn (a legal card, still dueling), in groups of equal dials from the lowest."""
    plays = [play for play in state.plays if play.legal and play.card is not None and state.wizards[play.seat].dueling]
    groups: dict[int, list[int]] = {}
    for play in sorted(plays, key=lambda play: (play.dial or 0, play.seat)):
        groups.setdefault(play.dial or 0, []).append(play.seat)
    return list(groups.values())


def _turn_order_problems(state: ThatsWizardState) -> list[str]:
    """The turns (and the end of the round) follow the order of the ties, each settled."""
    problems = []
    if any(tie.step != "done" for tie in state.ties) or state.order != [s for tie in state.ties for s in tie.seats]:
        problems.append("the turn order is not that of the ties, each settled")
    taking = {play.seat: play for play in state.plays if play.legal and play.card is not None}
    if any(seat not in taking for seat in state.order):
        problems.append("a wizard without a card to play has a turn")
    if any(seat not in state.order for group in _takers(state) for seat in group):
        problems.append("a wizard who duels on and played a card has no turn")
    dials = [taking[seat].dial or 0 for seat in state.order if seat in taking]
    if dials != sorted(dials):
        problems.append("the turns do not go from the lowest dial up")
    if problems:
        return problems
    if state.stage == "turns" and (state.turn >= len(state.order) or state.turn_step != "after"):
        problems.append(f"turn {state.turn} of {len(state.order)} waits on a choice it has not made")
    if state.stage == "eor" and (state.turn != len(state.order) or state.turn_step != "effect"):
        problems.append("the end of the round begins before every turn is taken")
    if state.stage == "eor" and not state.eor_started:
        problems.append("the end of the round waits before it has begun")
    for play in state.plays:
        if play.cast and (play.seat not in state.order or state.order.index(play.seat) > state.turn):
            problems.append(f"seat {play.seat + 1}'s {play.card} is cast before its turn")
    return problems


def _paralyzed(state: ThatsWizardState, seat: int) -> bool:
    return any(item.card == "paralyze" and seat in item.targets for item in state.lasting)


def _tax(state: ThatsWizardState, seat: int) -> int:
    return 2 * sum(item.card == "tongue_tie" and seat in item.targets for item in state.lasting)


# --- the choice waiting ------------------------------------------------------------------------------------------


def _prompt_problems(state: ThatsWizardState) -> list[str]:
    """The choice waiting is one the stage asks for, from the wizard it asks, with the options it offers."""
    prompt = state.prompt
    kind = prompt.kind if prompt is not None else None
    if kind not in REST[state.stage]:
        return [f"{'a ' + kind if kind else 'no'} choice waits in the {state.stage} stage"]
    if (kind == "lethal") != bool(state.batch) or (kind != "lethal" and state.batch_chooser != -1):
        return ["Stamina losses wait without a choice of whose comes first (or the other way round)"]
    if (kind == "scry") != bool(state.scry_cards):
        return ["Scry shows spells without a choice of which to keep (or the other way round)"]
    if prompt is None:
        return []
    if kind in ("tie", "team"):
        return _tie_problems(state, prompt)
    if kind in TURN_CHOICES:
        return _turn_choice_problems(state, prompt)
    if kind == "lethal":
        return _lethal_problems(state, prompt)
    if kind in ("eor_place", "eor_next"):
        return _eor_problems(state, prompt)
    if kind == "pairing" and (prompt.seat not in (0, 1) or prompt.values != [1, 3]):
        return ["the sudden-death pairing is not chosen by the higher roller between seat 1 facing seat 2 or 4"]
    if kind == "draw":
        return _draw_problems(state, prompt)
    return []


def _tie_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """Ties are the equal dials from the lowest; those before the one being settled are settled, those after not."""
    groups = _takers(state)
    if [sorted(tie.seats) for tie in state.ties] != groups:
        return ["the ties are not the turns of equal dials, from the lowest"]
    if state.order or state.turn or state.turn_step != "effect":
        return ["the turn order is under way while a tie is settled"]
    if prompt.values != [0, 1]:
        return [f"a tie is settled with the places {shown(prompt.values)}, not first or second"]
    current = next((index for index, tie in enumerate(state.ties) if tie.step != "done"), None)
    if current is None:
        return ["a tie is settled, but every tie is"]
    tie = state.ties[current]
    for later in state.ties[current + 1 :]:
        unsettled = len(later.seats) > 1 and not all(_card_of(state, seat) in SPECIALS for seat in later.seats)
        if later != Tie(later.seats, "roll" if unsettled else "done"):
            return ["a tie after the one being settled is already under way"]
    teams = sorted({state.team(seat) for seat in tie.seats})
    if prompt.kind == "tie":
        if tie.step != "block" or len(teams) != 2 or tie.ordered or prompt.seat != tie.winner:
            return ["the choice of going first is not the roll winner's, in a tie of both teams"]
        return []
    mates = [seat for seat in tie.seats if state.team(seat) == prompt.target]
    asked = [team for team in teams if sum(state.team(s) == team for s in tie.seats) == 2 and team not in tie.ordered]
    if tie.step != "team" or not asked or asked[0] != prompt.target or prompt.seat != min(mates):
        return ["the choice of the allies' order is not the first team of two still to choose, in a tie"]
    return []


def _card_of(state: ThatsWizardState, seat: int) -> str | None:
    play = state.play_of(seat)
    return play.card if play is not None else None


def _turn_choice_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """Dispel, Erase Memory, Transference and Scry ask their caster on their turn, with the options they have."""
    card = TURN_CHOICES[prompt.kind]
    play = state.play_of(prompt.seat)
    if state.order[state.turn] != prompt.seat or play is None or play.card != card or not play.targets:
        return [f"a {prompt.kind} choice for seat {prompt.seat + 1}, whose {card} is not being cast"]
    dial, target = play.dial or 0, play.targets[0]
    if prompt.kind != "scry" and prompt.target != target:
        return [f"a {prompt.kind} choice about seat {shown(prompt.target)}, whom the spell does not reach"]
    if prompt.kind == "dispel":
        held = [item.tokens for item in state.lasting if item.owner == target]
        if not 1 <= prompt.count <= dial - 1 or len(held) < 2 or sum(held) <= prompt.count:
            return [f"Dispel chooses {prompt.count} tokens among {sum(held)} on {len(held)} lasting spells"]
    if prompt.kind == "erase" and (prompt.count != ERASED or play.under or len(state.wizards[target].hand) <= ERASED):
        return ["Erase Memory chooses its 2 cards, but has taken some or the hand holds 2 or fewer"]
    if prompt.kind == "transfer" and (prompt.values != transfer_amounts(state, play) or len(prompt.values) < 2):
        return [f"Transference offers {shown(prompt.values)}, not 1 up to 3 times its dial below the caster's Stamina"]
    if prompt.kind == "scry":
        wizard = state.wizards[prompt.seat]
        if prompt.cards != state.scry_cards or not 2 <= len(prompt.cards) <= dial:
            return [f"Scry at {dial} offers {len(prompt.cards)} spells"]
        if not play.on_table or wizard.scry_away:
            return ["Scry offers spells after it has kept one"]
    if prompt.kind == "shock" and (
        prompt.values != [0, 1] or play.reversed or state.opponent(prompt.seat) in state.order
    ):
        return ["Shock asks to go first or second, but it is turned back or the opponent takes a turn"]
    return []


def _lethal_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """Losses at the same moment that would each end a duel, of both teams: the roll winner says whose is first."""
    batch = state.batch
    falling = [hit.seat for hit in batch if would_fall(state, hit.seat, hit.amount, hit.kind)]
    dueling = all(state.wizards[hit.seat].dueling for hit in batch)
    both_sides = len({state.team(s) for s in falling}) >= 2 or felled_together(state, batch)
    if not dueling or falling != [hit.seat for hit in batch] or not both_sides:
        return [
            "a choice of whose loss comes first, but not every loss ends a duel of each team (or one Conflagration's)"
        ]
    # The roll winner chooses for the whole batch, even once their own duel has ended by it (in Duos).
    if prompt.values != falling or prompt.seat != state.batch_chooser:
        return ["whose loss comes first is not chosen by the roll winner among the falling wizards"]
    if state.stage == "fix":  # Counterspell's cost, paid at the same moment as the Power
        for hit in batch:
            play = state.play_of(hit.seat)
            counter = play is not None and play.legal and play.card == COUNTERSPELL
            if hit.kind != "plain" or hit.by != hit.seat or not counter or hit.amount != state.wizards[hit.seat].streak:
                return [f"seat {hit.seat + 1}'s loss after paying is not the cost of their Counterspell"]
        return []
    caster = state.order[state.turn]
    play = state.play_of(caster)
    if play is None or play.card not in ("chaos", "conflagration") or not play.cast:
        return ["losses at the same moment on a turn that casts neither Chaos nor Conflagration"]
    if any(hit.by != caster or hit.source != play.card or hit.kind != "damage" for hit in batch):
        return [f"a loss at the same moment is not Damage of seat {caster + 1}'s {play.card}"]
    return []


def _eor_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """The end of the round: places are taken in the order of the rolls, then each wizard's effects in turn."""
    slots, pickers = state.eor_slots, state.eor_pickers
    free = [index for index, seat in enumerate(slots) if seat == -1]
    if len(free) != len(pickers) or set(pickers) & set(slots):
        return ["the end-of-round places left are not those of the wizards still to choose"]
    if prompt.kind == "eor_place":
        if not pickers or prompt.seat != pickers[0] or prompt.values != free or len(free) < 2 or state.eor_index:
            return ["the choice of an end-of-round place is not the next roller's among the free places"]
        return []
    if pickers or state.eor_index >= len(slots) or slots[state.eor_index] != prompt.seat:
        return [f"seat {prompt.seat + 1} chooses their next end-of-round effect out of turn"]
    effects = eor_effects(state, prompt.seat)
    if prompt.cards != effects or len(effects) < 2:
        return [f"seat {prompt.seat + 1} chooses among {some(prompt.cards)}, not their effects still to happen"]
    return []


def _draw_problems(state: ThatsWizardState, prompt: Prompt) -> list[str]:
    """A draw offered this round by a wizard of a stalled duel, put to every other wizard in turn."""
    offerer = prompt.target
    if not 0 <= offerer < state.players:
        return [f"a draw offered by seat {shown(offerer)}, who is not at the table"]
    wizard = state.wizards[offerer]
    # (Whether they could still hurt their opponent is their secret: a bot's sampled hand may say otherwise.)
    if wizard.offered != state.round or wizard.choice is not None or not stalled(state, offerer):
        return [f"seat {offerer + 1} offers a draw they could not offer now"]
    asked = draw_answerers(state, offerer)
    waiting = [prompt.seat, *prompt.values]
    if waiting != asked[len(asked) - len(waiting) :]:
        return [f"the draw offer waits on seats {shown(waiting)}, not those still to answer"]
    return []
