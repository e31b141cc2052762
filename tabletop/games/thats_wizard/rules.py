"""That's Wizard! through the shared protocol: setup, who acts, legal commands, applying them and the result.
Every command is checked in full before anything changes."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache
from itertools import chain
from typing import Any

from tabletop.core.protocol import Command, Event, IllegalCommand, Result
from tabletop.core.rng import Rng
from tabletop.games.thats_wizard import flow
from tabletop.games.thats_wizard.cards import (
    ALLY_SPELLS,
    CARDS,
    MAX_POWER,
    PASS_DIAL,
    SIDE_BOARD,
    SPECIALS,
    SPELL_SET,
    name,
)
from tabletop.games.thats_wizard.effects import (
    keep_scried,
    remove_token,
    settle_dispel,
    take_cards,
    take_shock_place,
    transfer,
)
from tabletop.games.thats_wizard.events import (
    AnswerDraw,
    ApplyFirst,
    ChoosePairing,
    ChooseSideBoard,
    Concede,
    DrawAnswered,
    DrawOffered,
    KeepSpell,
    MatchBegan,
    OfferDraw,
    PairingChosen,
    Pass,
    Play,
    RemoveToken,
    ResolveNext,
    SideBoardChosen,
    TakeCards,
    TakePlace,
    Transfer,
    told_apart,
)
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.games.thats_wizard.i18n import ngettext
from tabletop.games.thats_wizard.resources import (
    STALL_ROUNDS,
    concede,
    draw_match,
    harmless,
    known_problem,
    may_offer_draw,
    reason_text,
    stalled,
    tax,
)
from tabletop.games.thats_wizard.spellbooks import check_spellbook, check_team
from tabletop.games.thats_wizard.state import Choice, Prompt, ThatsWizardState
from tabletop.i18n import N_

CARD_ORDER = {card: index for index, card in enumerate(CARDS)}
TEAM_NAMES = (N_("Blue"), N_("Yellow"))  # keys: shown with ``_()``


def canonical(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A set of cards as one tuple, in card-table order (how commands name several cards)."""
    return tuple(sorted(cards, key=lambda card: CARD_ORDER.get(card, len(CARD_ORDER))))


# --- options and setup -------------------------------------------------------------------------------------


def check_options(players: int, options: Mapping[str, Any]) -> str | None:
    if players not in (2, 4):
        return _("That's Wizard! is played 1 vs 1 (2 players) or in Duos, 2 vs 2 (4 players).")
    books = options.get("books")
    if not isinstance(books, list) or len(books) != players:
        return _("give each of the {count} wizards a spellbook").format(count=players)
    for seat, book in enumerate(books):
        if not isinstance(book, list) or not all(isinstance(card, str) for card in book):
            return _("seat {seat}'s spellbook must be a list of spells").format(seat=seat + 1)
        problems = check_spellbook(book, players == 4)
        if problems:
            return _("seat {seat}'s spellbook is not legal: {problems}").format(
                seat=seat + 1, problems=" ".join(problems)
            )
    if players == 4:
        for team in (0, 1):
            problems = check_team([books[team], books[team + 2]])
            if problems:
                line = (
                    _("the blue team's spellbooks: {problems}")
                    if team == 0
                    else _("the yellow team's spellbooks: {problems}")
                )
                return line.format(problems=" ".join(problems))
    return None


def setup(players: int, options: Mapping[str, Any], seed: int) -> ThatsWizardState:
    problem = check_options(players, options)
    if problem:
        raise ValueError(problem)
    pairs = [[0, 1], [2, 3]] if players == 4 else [[0, 1]]
    state = ThatsWizardState(
        players=players,
        books=[list(book) for book in options["books"]],
        rng=Rng.from_seed(seed),
        wizards=[],
        library=[],
        tokens=[0, 0],
        pairs=pairs,
    )
    flow.begin_duel(state, [])
    return state


def opening(state: ThatsWizardState) -> list[Event]:
    from tabletop.games.thats_wizard.events import DuelBegan

    return [MatchBegan(state.players, state.win_target), DuelBegan(state.duel, tuple((a, b) for a, b in state.pairs))]


# --- who acts and what they may do ------------------------------------------------------------------------


def to_act(state: ThatsWizardState) -> tuple[int, ...]:
    stage = state.stage
    if stage == "over":
        return ()
    prompt = state.prompt
    if prompt is not None:
        if prompt.kind == "team":  # the team chooses: either ally may answer, the first answer decides
            return (prompt.seat, prompt.seat + 2)  # (asked of the lower seat, 0 or 1)
        return (prompt.seat,)
    if stage == "choose":
        # a plain loop adding to a tuple: cheaper than a comprehension for two or four seats (asked at every step)
        paralyzed = state.paralyzed
        actors: tuple[int, ...] = ()
        for seat, wizard in enumerate(state.wizards):
            if wizard.choice is None and wizard.dueling and (not paralyzed or seat not in paralyzed):
                actors += (seat,)
        return actors
    if stage == "sideboard":
        return tuple([seat for seat, wizard in enumerate(state.wizards) if not wizard.side])
    return ()


def shared_choice(state: ThatsWizardState) -> bool:
    """Whether the seats to act make one choice between them: two allies on one Spell Power order their turns as
    their team chooses (rulebook, Duos), so either may answer and the first answer decides (``Game.shared_choice``:
    the app leaves it to a person when one of them is a person)."""
    return state.prompt is not None and state.prompt.kind == "team"


def legal(state: ThatsWizardState, seat: int) -> list[Command]:
    return list(legal_view(state, seat, to_act(state)))


def legal_view(state: ThatsWizardState, seat: int, actors: tuple[int, ...]) -> tuple[Command, ...]:
    """``legal`` once ``to_act`` is known, as the View's tuple (the view asks both)."""
    if seat not in actors:
        return ()
    prompt = state.prompt
    if prompt is not None:
        return tuple(_prompt_commands(state, seat, prompt))
    if state.stage == "choose":
        return _choose_commands(state, seat)
    if state.stage == "sideboard":
        return _side_boards(seat, tuple(state.books[seat]))
    return ()


def _prompt_commands(state: ThatsWizardState, seat: int, prompt: Prompt) -> list[Command]:
    if prompt.kind in ("tie", "team", "eor_place", "shock"):
        return [TakePlace(seat, place) for place in prompt.values]
    if prompt.kind == "eor_next":
        return [ResolveNext(seat, effect) for effect in prompt.cards]
    if prompt.kind == "dispel":
        return [RemoveToken(seat, item.owner, item.card) for item in state.lasting if item.owner == prompt.target]
    if prompt.kind == "erase":
        hand = state.wizards[prompt.target].hand
        combos = {canonical(combo) for combo in itertools.combinations(hand, min(prompt.count, len(hand)))}
        return [TakeCards(seat, combo) for combo in sorted(combos, key=lambda c: [CARD_ORDER[x] for x in c])]
    if prompt.kind == "transfer":
        return [Transfer(seat, amount) for amount in prompt.values]
    if prompt.kind == "scry":
        return [KeepSpell(seat, card) for card in prompt.cards]
    if prompt.kind == "lethal":
        return [ApplyFirst(seat, target) for target in prompt.values]
    if prompt.kind == "pairing":
        return [ChoosePairing(seat, opponent) for opponent in prompt.values]
    if prompt.kind == "draw":
        accept = [AnswerDraw(seat, True)] if harmless(state, seat) else []
        return [*accept, AnswerDraw(seat, False)]
    raise ValueError(f"unknown prompt {prompt.kind}")


# The round's commands are frozen values, so each is built once here and handed out again and again: per card
# and seat, the plays a budget of 0..10 Power affords (after Tongue Tie's tax), and the pass that shows it.
def _affordable(seat: int, card: str) -> tuple[tuple[Command, ...], ...]:
    dials = CARDS[card].dials
    return tuple(tuple(Play(seat, card, dial) for dial in dials if dial <= budget) for budget in range(MAX_POWER + 1))


_PLAYS = [{card: _affordable(seat, card) for card in CARDS} for seat in range(4)]
_SHOWN_PASSES = [{card: Pass(seat, card, PASS_DIAL[card]) for card in CARDS} for seat in range(4)]
_PLAIN_PASSES = [Pass(seat) for seat in range(4)]
# A seat's choices for a hand, a budget, the tax and whether its ally duels: the same few come back all match.
_CHOICES: dict[tuple[int, tuple[str, ...], int, int, bool], tuple[Command, ...]] = {}


def _choose_commands(state: ThatsWizardState, seat: int) -> tuple[Command, ...]:
    """Every legal play (in hand order, each card's dials in order), the plain pass, each card in hand shown as a
    pass (``flow.shown_passes``), then what a stalled duel adds; the same list ``flow.legal_plays`` describes."""
    wizard = state.wizards[seat]
    extra = tax(state, seat) if state.lasting else 0
    ally_dueling = state.players == 4 and state.wizards[(seat + 2) % 4].dueling
    key = (seat, tuple(wizard.hand), min(wizard.power, MAX_POWER), extra, ally_dueling)
    moves = _CHOICES.get(key)
    if moves is None:
        if len(_CHOICES) > 50_000:  # a bound, never reached in practice: the hands of a few spellbooks
            _CHOICES.clear()
        moves = _CHOICES[key] = _hand_commands(*key)
    if state.round > STALL_ROUNDS:  # ``stalled`` is False before
        stall = stall_commands(state, seat)
        if stall:
            return (*moves, *stall)
    return moves


def _hand_commands(
    seat: int, hand: tuple[str, ...], budget: int, extra: int, ally_dueling: bool
) -> tuple[Command, ...]:
    """``_choose_commands`` worked out: each card's affordable plays read from its budget's row."""
    plays = chain.from_iterable(map(_budget_row(seat, budget, extra, ally_dueling).__getitem__, hand))
    shown = map(_SHOWN_PASSES[seat].__getitem__, dict.fromkeys(hand))  # each card once
    return (*plays, _PLAIN_PASSES[seat], *shown)


@lru_cache(maxsize=1024)  # a bound never reached: 4 seats, 11 budgets, a few taxes, an ally or not
def _budget_row(seat: int, budget: int, extra: int, ally_dueling: bool) -> dict[str, tuple[Command, ...]]:
    """Per card, the plays ``seat`` can afford with ``budget`` Power when Tongue Tie adds ``extra`` to a spell's
    cost (none for a spell that needs an ally when the ally's duel is over)."""
    plays = _PLAYS[seat]
    row: dict[str, tuple[Command, ...]] = {}
    for card in CARDS:
        left = budget - extra if card in SPELL_SET else budget
        row[card] = plays[card][left] if left >= 0 and (ally_dueling or card not in ALLY_SPELLS) else ()
    return row


@lru_cache(maxsize=1024)
def _side_boards(seat: int, book: tuple[str, ...]) -> tuple[ChooseSideBoard, ...]:
    return tuple(ChooseSideBoard(seat, combo) for combo in itertools.combinations(canonical(book), SIDE_BOARD))


def stall_commands(state: ThatsWizardState, seat: int) -> list[Command]:
    """What the app adds for a stalled duel, to a wizard choosing a card: concede it; and, holding nothing that
    can still hurt the opponent, offer a draw (once a round)."""
    if not stalled(state, seat):
        return []
    # ``may_offer_draw`` is ``stalled`` and ``harmless``: only the second is left to ask, and only once a round
    offer = state.wizards[seat].offered != state.round and harmless(state, seat)
    return [Concede(seat), *([OfferDraw(seat)] if offer else [])]


def draw_answerers(state: ThatsWizardState, seat: int) -> list[int]:
    """Who must accept a draw ``seat`` offers: the other side first, then (in Duos) the ally, whose match it is
    too."""
    others = [s for s in range(state.players) if state.team(s) != state.team(seat)]
    ally = state.ally(seat)
    return others + ([ally] if ally is not None else [])


def suggestion(state: ThatsWizardState, seat: int) -> Command | None:
    """The default the rules give for a choice at resolution (a roll winner goes first, and so on)."""
    prompt = state.prompt
    if prompt is not None and prompt.kind == "team" and seat == prompt.seat + 2:
        return TakePlace(seat, 1)  # (the same default as the ally asked first: the lower seat goes first)
    if prompt is None or prompt.seat != seat:
        return None
    if prompt.kind in ("tie", "team", "shock"):
        return TakePlace(seat, 0)
    if prompt.kind == "eor_place":
        return TakePlace(seat, prompt.values[0])
    if prompt.kind == "eor_next":
        return ResolveNext(seat, prompt.cards[0])
    if prompt.kind == "lethal":
        enemies = [t for t in prompt.values if state.team(t) != state.team(seat)]
        return ApplyFirst(seat, (enemies or prompt.values)[0])
    return None


# --- applying a command ---------------------------------------------------------------------------------------


def apply(state: ThatsWizardState, command: Command) -> list[Event]:
    """The rules of one command (the game record's ``apply`` has already refused another game's command or a
    malformed one)."""
    seat = command.seat
    if state.stage == "choose" and state.prompt is None and may_choose(state, seat):
        # the usual command, a wizard's pick: ``seat`` is one of ``to_act`` (so the match is on) without building it
        events: list[Event] = []
        if isinstance(command, Play):
            _play(state, command, events)
        elif isinstance(command, Pass):
            _pass(state, command, events)
        elif isinstance(command, (Concede, OfferDraw)):
            _stall_move(state, command, events)
        else:
            raise IllegalCommand(_waiting_for(state))
        flow.advance(state, events)
        return events
    return _apply(state, command)


def may_choose(state: ThatsWizardState, seat: int) -> bool:
    """In the choose stage with no prompt waiting: ``seat in to_act(state)``, asked of one seat."""
    wizards = state.wizards
    if not 0 <= seat < state.players or seat >= len(wizards):
        return False
    wizard = wizards[seat]
    return wizard.choice is None and wizard.dueling and seat not in state.paralyzed


def _apply(state: ThatsWizardState, command: Command) -> list[Event]:
    """``apply`` read in full: every stage, and every refusal in its order."""
    actors = to_act(state)
    if not actors:
        raise IllegalCommand(_("The match is over."))
    seat = command.seat
    if not 0 <= seat < state.players:
        raise IllegalCommand(_("There is no such seat."))
    if seat not in actors:
        raise IllegalCommand(_not_your_move(state, seat))
    events: list[Event] = []
    if state.prompt is not None:
        _answer(state, command, events)
    elif state.stage == "sideboard" and isinstance(command, ChooseSideBoard):
        _side_board(state, command, events)
    elif state.stage == "choose" and isinstance(command, Play):
        _play(state, command, events)
    elif state.stage == "choose" and isinstance(command, Pass):
        _pass(state, command, events)
    elif state.stage == "choose" and isinstance(command, (Concede, OfferDraw)):
        _stall_move(state, command, events)
    else:
        raise IllegalCommand(_waiting_for(state))
    flow.advance(state, events)
    return events


def _stall_move(state: ThatsWizardState, command: Concede | OfferDraw, events: list[Event]) -> None:
    seat = command.seat
    if not stalled(state, seat):
        raise IllegalCommand(
            _(
                "You can concede or offer a draw only once your duel has gone {count} rounds without anyone falling "
                "to a new lowest Stamina."
            ).format(count=STALL_ROUNDS)
        )
    if isinstance(command, Concede):
        concede(state, seat, events)
        return
    if not may_offer_draw(state, seat):
        raise IllegalCommand(
            _("You can offer a draw only while no spell you still hold can hurt your opponent: you can still win.")
        )
    if state.wizards[seat].offered == state.round:
        raise IllegalCommand(_("You have offered a draw this round already."))
    asked = draw_answerers(state, seat)
    state.wizards[seat].offered = state.round
    state.prompt = Prompt("draw", asked[0], target=seat, values=asked[1:])
    events.append(DrawOffered(seat, tuple(asked)))


def _answer_draw(state: ThatsWizardState, command: AnswerDraw, events: list[Event]) -> None:
    """One more wizard agrees (the next one is asked, or the match is drawn), or the offer is refused."""
    prompt = state.prompt
    assert prompt is not None
    events.append(DrawAnswered(command.seat, command.accept))
    if not command.accept:
        state.prompt = None
    elif prompt.values:
        state.prompt = Prompt("draw", prompt.values[0], target=prompt.target, values=prompt.values[1:])
    else:
        draw_match(state, events)


def _not_your_move(state: ThatsWizardState, seat: int) -> str:
    if state.stage == "choose" and state.wizards[seat].choice is not None:
        return _("You are ready for this round: wait for the others to choose.")
    if state.stage == "choose" and seat in state.paralyzed:
        return _("You are paralyzed: you take no turn this round.")
    if state.stage == "sideboard" and state.wizards[seat].side:
        return _("Your side board is chosen: wait for the others.")
    if not state.wizards[seat].dueling and state.stage in ("choose", "sideboard"):
        return _("Your duel is over: wait for your ally's duel to end.")
    return _("It is not your move now.")


def _waiting_for(state: ThatsWizardState) -> str:
    if state.prompt is not None:
        return _(WAITING[state.prompt.kind])
    if state.stage == "sideboard":
        return _("Now is the time to choose your side board: two spells that sit out this duel.")
    return _("Now is the time to choose a card and set your Spell Power dial (or pass).")


WAITING = {
    "tie": N_("First choose whether you go first or second."),
    "shock": N_("First choose whether your Shock goes first or second: your opponent takes no turn."),
    "team": N_("First choose the order you and your ally take your turns."),
    "eor_place": N_("First choose your place in the end-of-round order."),
    "eor_next": N_("First choose which of your end-of-round effects happens next."),
    "dispel": N_("First choose the lasting spell your Dispel removes a token from."),
    "erase": N_("First choose the cards your Erase Memory takes."),
    "transfer": N_("First choose how much Stamina your Transference gives."),
    "scry": N_("First choose the spell you keep from your Scry."),
    "lethal": N_("First choose whose Stamina loss comes first."),
    "pairing": N_("First choose who faces whom in the sudden-death set."),
    "draw": N_("A draw is on offer: it must be accepted or refused first."),
}


def _side_board(state: ThatsWizardState, command: ChooseSideBoard, events: list[Event]) -> None:
    seat = command.seat
    cards = tuple(command.cards) if isinstance(command.cards, (tuple, list)) else ()
    if len(cards) != SIDE_BOARD or len(set(cards)) != SIDE_BOARD:
        raise IllegalCommand(_("Choose exactly 2 different spells of your spellbook for the side board."))
    for card in cards:
        if card in SPECIALS:
            raise IllegalCommand(_("{card} always stays in your hand: choose 2 spells.").format(card=name(card)))
        if card not in state.books[seat]:
            raise IllegalCommand(_("{card} is not in your spellbook.").format(card=name(card)))
    wizard = state.wizards[seat]
    chosen = canonical(cards)
    for card in chosen:
        wizard.hand.remove(card)
    wizard.side = list(chosen)
    events.append(SideBoardChosen(seat, chosen, to=(seat,)))
    others = tuple(other for other in range(state.players) if other != seat)
    events.append(SideBoardChosen(seat, None, to=others))


def _play_problem(state: ThatsWizardState, seat: int, card: str, dial: int) -> str | None:
    """Why the card cannot be played, in the language shown (a refusal); None when it can."""
    wizard = state.wizards[seat]
    if card not in wizard.hand:
        return _where_is(state, seat, card)
    problem = _problem_in_hand(state, seat, card, dial)
    return None if problem is None else reason_text(problem)


def _problem_in_hand(state: ThatsWizardState, seat: int, card: str, dial: int) -> str | None:
    """``play_problem`` of a card in ``seat``'s hand, in English: a pass asks only whether there is one, so the
    text in the language shown is not made for it."""
    ally_dueling = state.players == 4 and state.wizards[(seat + 2) % 4].dueling
    extra = tax(state, seat) if state.lasting else 0
    return known_problem(card, dial, True, state.wizards[seat].power, extra, ally_dueling)


def _where_is(state: ThatsWizardState, seat: int, card: str) -> str:
    known = CARDS.get(card)
    if known is None:
        return _("There is no such card.")
    wizard = state.wizards[seat]
    if card in wizard.side:
        return _("{card} is in your side board this duel.").format(card=known.name)
    for item in state.lasting:
        if item.owner == seat and item.card == card:
            return _("{card} is still in play.").format(card=known.name)
        if card in item.under and item.targets[0] == seat:
            return _("Erase Memory has taken {card}: you cannot play it until it comes back.").format(card=known.name)
    if card == "scry" and wizard.scry_away:
        return _("Scry went into the deck of spells: it is gone for the rest of this duel.")
    return _("{card} is not in your hand.").format(card=known.name)


def _play(state: ThatsWizardState, command: Play, events: list[Event]) -> None:
    if not isinstance(command.card, str) or not isinstance(command.dial, int) or isinstance(command.dial, bool):
        raise IllegalCommand(_("Choose a card and a whole number on the dial."))
    problem = _play_problem(state, command.seat, command.card, command.dial)
    if problem:
        raise IllegalCommand(_("{problem} To play it anyway as a pass, use Pass.").format(problem=problem))
    _choose(state, command.seat, Choice(command.card, command.dial, False), events)


def _pass(state: ThatsWizardState, command: Pass, events: list[Event]) -> None:
    seat = command.seat
    if command.card is not None:
        if not isinstance(command.card, str) or command.card not in state.wizards[seat].hand:
            raise IllegalCommand(_("To pass by an illegal play, show a card from your hand."))
        dial = command.dial
        if not isinstance(dial, int) or isinstance(dial, bool) or not 0 <= dial <= MAX_POWER:
            raise IllegalCommand(_("The Spell Power dial shows 0 to 10."))
        if _problem_in_hand(state, seat, command.card, dial) is None:
            line = _("{card} at {dial} is a legal play: play it, or pass another way.")
            raise IllegalCommand(line.format(card=name(command.card), dial=dial))
    elif command.dial is not None:
        raise IllegalCommand(_("A plain pass shows no dial."))
    _choose(state, seat, Choice(command.card, command.dial, True), events)


def _choose(state: ThatsWizardState, seat: int, choice: Choice, events: list[Event]) -> None:
    state.wizards[seat].choice = choice
    events.extend(told_apart(state.players, seat, choice.card, choice.dial, choice.passed))


def _answer(state: ThatsWizardState, command: Command, events: list[Event]) -> None:
    """A choice at resolution: it must be one of the options offered."""
    prompt = state.prompt
    assert prompt is not None
    options = legal(state, command.seat)
    if isinstance(command, TakeCards):
        command = TakeCards(command.seat, canonical(command.cards) if isinstance(command.cards, tuple) else ())
    if command not in options:
        raise IllegalCommand(_refusal(state, command))
    kind = prompt.kind
    if kind == "tie" and isinstance(command, TakePlace):
        flow.choose_tie_place(state, command.seat, command.place, events)
    elif kind == "team" and isinstance(command, TakePlace):
        flow.choose_team_place(state, command.seat, command.place, events)
    elif kind == "eor_place" and isinstance(command, TakePlace):
        flow.take_eor_place(state, command.seat, command.place, events)
    elif kind == "shock" and isinstance(command, TakePlace):
        play = state.play_of(command.seat)
        assert play is not None
        take_shock_place(state, play, command.place, events)
    elif kind == "eor_next" and isinstance(command, ResolveNext):
        flow.apply_eor(state, command.seat, command.effect, events)
    elif kind == "dispel" and isinstance(command, RemoveToken):
        item = next(i for i in state.lasting if i.owner == command.owner and i.card == command.card)
        remove_token(state, item, command.seat, events)
        prompt.count -= 1
        settle_dispel(state, events)
    elif kind == "erase" and isinstance(command, TakeCards):
        play = state.play_of(command.seat)
        assert play is not None
        take_cards(state, play, prompt.target, list(command.cards), events)
    elif kind == "transfer" and isinstance(command, Transfer):
        state.prompt = None
        transfer(state, command.seat, prompt.target, command.amount, events)
    elif kind == "scry" and isinstance(command, KeepSpell):
        play = state.play_of(command.seat)
        assert play is not None
        keep_scried(state, play, command.card, events)
    elif kind == "lethal" and isinstance(command, ApplyFirst):
        flow.apply_first(state, command.target, events)
    elif kind == "draw" and isinstance(command, AnswerDraw):
        _answer_draw(state, command, events)
    elif kind == "pairing" and isinstance(command, ChoosePairing):
        other = 3 if command.opponent == 1 else 1
        state.pairs = [[0, command.opponent], [2, other]]
        state.prompt = None
        events.append(PairingChosen(command.seat, ((0, command.opponent), (2, other))))
        flow.begin_duel(state, events, sudden_death=True)
    else:  # pragma: no cover - legal() and the prompt kinds agree
        raise IllegalCommand(_waiting_for(state))


def _refusal(state: ThatsWizardState, command: Command) -> str:
    prompt = state.prompt
    assert prompt is not None
    kind = prompt.kind
    if kind in ("tie", "team", "shock") and isinstance(command, TakePlace):
        return _("Choose 0 to go first or 1 to go second.")
    if kind == "eor_place" and isinstance(command, TakePlace):
        return _("That place in the end-of-round order is taken or does not exist.")
    if kind == "eor_next" and isinstance(command, ResolveNext):
        return _("{card} is not one of your end-of-round effects still to happen.").format(card=name(command.effect))
    if kind == "dispel" and isinstance(command, RemoveToken) and prompt.target == command.seat:
        return _("Your Dispel was turned back: it removes tokens only from your own lasting spells in play.")
    if kind == "dispel" and isinstance(command, RemoveToken):
        return _("Dispel removes tokens only from your opponent's lasting spells in play.")
    if kind == "erase" and isinstance(command, TakeCards):
        count = min(prompt.count, len(state.wizards[prompt.target].hand))
        return ngettext(
            "Take {count} card from the hand you see.", "Take {count} cards from the hand you see.", count
        ).format(count=count)
    if kind == "transfer" and isinstance(command, Transfer):
        top = prompt.values[-1]
        return _("Give from 1 to {top} Stamina (three times the Spell Power, and less than your own Stamina).").format(
            top=top
        )
    if kind == "scry" and isinstance(command, KeepSpell):
        return _("Keep one of the spells your Scry shows.")
    if kind == "lethal" and isinstance(command, ApplyFirst):
        return _("Choose one of the wizards who would fall.")
    if kind == "pairing" and isinstance(command, ChoosePairing):
        return _("Seat 1 faces seat 2 or seat 4 in the sudden-death set.")
    if kind == "draw" and isinstance(command, AnswerDraw) and not state.wizards[command.seat].dueling:
        return _("Your duel is over and the match may still be decided: you cannot accept a draw, only refuse it.")
    if kind == "draw" and isinstance(command, AnswerDraw):
        return _("You can still hurt your opponent, so you cannot accept a draw: refuse it and play on.")
    return _waiting_for(state)


# --- the end of the match --------------------------------------------------------------------------------------


def result(state: ThatsWizardState) -> Result | None:
    if state.stage != "over":
        return None
    scores = tuple(state.tokens[state.team(seat)] for seat in range(state.players))
    if state.ending == "draw":
        summary = _("The match is drawn by agreement at {blue}-{yellow}").format(
            blue=state.tokens[0], yellow=state.tokens[1]
        )
        return Result(scores, tuple(range(state.players)), summary)
    team = 0 if state.tokens[0] >= state.win_target else 1
    winners = tuple(state.seats_of_team(team))
    return Result(scores, winners, _summary(state.duos, team, state.tokens[team], state.tokens[1 - team]))


def _summary(duos: bool, team: int, won: int, lost: int) -> str:
    """ "Blue wins the match, 2 duels to 1" (in the language shown: the results screen reads it at once)."""
    if duos and team == 0:
        line = ngettext(
            "The blue team wins the match, {won} victory token to {lost}",
            "The blue team wins the match, {won} victory tokens to {lost}",
            won,
        )
    elif duos:
        line = ngettext(
            "The yellow team wins the match, {won} victory token to {lost}",
            "The yellow team wins the match, {won} victory tokens to {lost}",
            won,
        )
    elif team == 0:
        line = ngettext("Blue wins the match, {won} duel to {lost}", "Blue wins the match, {won} duels to {lost}", won)
    else:
        line = ngettext(
            "Yellow wins the match, {won} duel to {lost}", "Yellow wins the match, {won} duels to {lost}", won
        )
    return line.format(won=won, lost=lost)
