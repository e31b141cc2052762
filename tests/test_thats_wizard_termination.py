"""Every table of bots reaches a result: greedy Focuses at 0 Power, a stalled duel can be conceded or drawn (the
app's addition to the rulebook), the bots do so when they can make no progress, and a malformed command is
refused without touching the state."""

from dataclasses import dataclass

import pytest

from tabletop.bots import make_bot
from tabletop.core import IllegalCommand, Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.core.rng import Rng
from tabletop.core.validate import field_problem
from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.bots import GreedyBot
from tabletop.games.thats_wizard.cards import CARDS
from tabletop.games.thats_wizard.events import (
    AnswerDraw,
    ChooseSideBoard,
    Concede,
    OfferDraw,
    Pass,
    Play,
    TakePlace,
    Transfer,
)
from tabletop.games.thats_wizard.resources import STALL_ROUNDS
from tabletop.games.thats_wizard.rules import canonical
from tabletop.games.thats_wizard.spellbooks import harmless_book, random_book, stamina_problem
from tabletop.games.thats_wizard.text import describe
from tests.thats_wizard_positions import duel, of_type, tracker

# No spell here takes Stamina (Polymorph and Disarm need the opponent low already): it cannot win against 20.
HARMLESS = ["regenerate", "brittlebones", "polymorph", "reflect", "disarm", "dispel", "invisibility"]
# Heals itself and holds nothing that hurts either.
HEALER = ["paralyze", "regenerate", "brittlebones", "polymorph", "reflect", "disarm", "portents"]
NAMES = ["Morgana", "Merlin", "Nimue", "Circe"]


def play_bots(state, bots, max_rounds):
    """Bots play until the match ends, or the test fails past ``max_rounds`` rounds (over every duel); returns
    the rounds played and every event."""
    rngs = [Rng(100 + seat) for seat in range(state.players)]
    rounds, events = 0, []
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        for event in GAME.apply(state, bots[seat].choose(GAME.view(state, seat), rngs[seat])):
            rounds += isinstance(event, ev.RoundBegan)
            events.append(event)
        assert rounds <= max_rounds, f"no result after {max_rounds} rounds"
        assert GAME.check_state(state) == []
    return rounds, events


def passes_until_stalled(state):
    """Everyone passes until the duel has gone STALL_ROUNDS rounds without a new lowest Stamina."""
    for _ in range(STALL_ROUNDS):
        for seat in GAME.to_act(state):
            GAME.apply(state, Pass(seat))


def refused(state, command, words=""):
    before = to_json(state)
    with pytest.raises(IllegalCommand) as caught:
        GAME.apply(state, command)
    assert words.lower() in caught.value.reason.lower()
    assert to_json(state) == before
    return caught.value.reason


# --- greedy at 0 Power ----------------------------------------------------------------------------------------


def test_greedy_at_one_stamina_and_no_power_focuses_and_the_duel_ends():
    state = duel(["The Dark Lord", "The Boy Wizard"])
    tracker(state, 0, 1, 0)
    tracker(state, 1, 1, 0)
    bot = GreedyBot()
    assert bot.choose(GAME.view(state, 0), Rng(1)) == Play(0, "focus", 0)
    assert bot.choose(GAME.view(state, 1), Rng(1)) == Play(1, "focus", 0)
    events = []
    for _round in range(6):
        for seat in GAME.to_act(state):
            events += GAME.apply(state, bot.choose(GAME.view(state, seat), Rng(seat)))
        if state.duel == 2:
            break
    assert of_type(events, ev.DuelWon), "greedy passed at 0 Power instead of focusing"


def test_greedy_focuses_at_no_power_even_under_a_threat():
    state = duel(["The Dark Lord", "The Boy Wizard"], [None, ["shock"]])
    state.wizards[1].seen = ["explosion"]
    tracker(state, 0, 3, 0)  # an Explosion would finish the bot, but passing does not stop it either
    tracker(state, 1, 20, 10)
    assert GreedyBot().choose(GAME.view(state, 0), Rng(1)) in (Play(0, "focus", 0), Play(0, "counterspell", 0))


def test_greedy_against_greedy_on_premade_books_never_gives_up():
    """The premade books can always hurt: their duels end at 0 Stamina or by a forfeit spell, never by giving up."""
    for players in (2, 4):
        for seed in range(3):
            state = GAME.setup(players, GAME.default_options(players), seed)
            bots, rngs, events = make_bot(GAME, "greedy"), [Rng(seat) for seat in range(players)], []
            while GAME.result(state) is None:
                seat = GAME.to_act(state)[0]
                events += GAME.apply(state, bots.choose(GAME.view(state, seat), rngs[seat]))
            assert not of_type(events, ev.Conceded) and not of_type(events, ev.DrawOffered)


# --- stalled duels: bots reach a result -----------------------------------------------------------------------


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("random", "greedy"), ("easy", "medium")])
def test_a_book_without_damage_against_a_healer_reaches_a_result(bots):
    state = GAME.setup(2, {"books": [HARMLESS, HEALER]}, 5)
    _rounds, events = play_bots(state, [make_bot(GAME, bot) for bot in bots], 300)
    assert of_type(events, ev.Conceded) or of_type(events, ev.MatchDrawn)


def test_a_book_without_damage_against_one_that_hurts_concedes_or_loses():
    hurts = ["shock", "tongue_tie", "ignite", "regenerate", "brittlebones", "reflect", "portents"]
    state = GAME.setup(2, {"books": [HARMLESS, hurts]}, 7)
    play_bots(state, [make_bot(GAME, "greedy")] * 2, 300)
    assert GAME.result(state).winners == (1,)


def test_duos_with_stalling_duels_reaches_a_result():
    rng = Rng(12)
    third = random_book(rng, True, excluded=HARMLESS)
    fourth = random_book(rng, True, excluded=HEALER)
    books = [HARMLESS, HEALER, third, fourth]
    for seed in range(2):
        state = GAME.setup(4, {"books": books}, seed)
        _rounds, events = play_bots(state, [make_bot(GAME, "greedy")] * 4, 400)
        offers = of_type(events, ev.DrawOffered)
        assert offers and offers[0].seat in (0, 1) and of_type(events, ev.Conceded)  # the stalled duel gave up


def test_two_wizards_who_cannot_hurt_each_other_agree_a_draw():
    state = GAME.setup(2, {"books": [HARMLESS, HEALER]}, 3)
    events = []
    bots = [make_bot(GAME, "greedy")] * 2
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        events += GAME.apply(state, bots[seat].choose(GAME.view(state, seat), Rng(seat)))
    result = GAME.result(state)
    assert of_type(events, ev.MatchDrawn) and result.winners == (0, 1) and "drawn" in result.summary


def test_harmless_books_are_legal_and_the_editor_warning_names_them():
    rng = Rng(4)
    for duos in (False, True):
        book = harmless_book(rng, duos)
        assert book is not None and GAME.check_options(4 if duos else 2, {"books": [book] * 2 * (1 + duos)}) in (
            None,
            "the blue team's spellbooks: Allies share one deck, so a spell can be in only one of their spellbooks. "
            + "In both: "
            + ", ".join(CARDS[card].name for card in canonical(book))
            + ".",
        )
        assert stamina_problem(book) is not None
    assert stamina_problem(HARMLESS) == "No spell deals Damage or Fatigue: duels may stall."
    assert stamina_problem(["shock", *HARMLESS[1:]]) is None


# --- concede and draw through the protocol ----------------------------------------------------------------------


def stalled_match(books, seed=1, keep=None):
    """A Match whose first duel has just stalled: side boards set, then every seat passes STALL_ROUNDS rounds."""
    seats = [SeatInfo(NAMES[seat]) for seat in range(len(books))]
    match = Match(GAME, seats, {"books": [list(b) for b in books]}, seed)
    for seat, book in enumerate(books):
        wanted = set((keep or {}).get(seat, ()))
        spare = [card for card in book if card not in wanted]
        match.apply(ChooseSideBoard(seat, canonical(spare[:2])))
    for _ in range(STALL_ROUNDS):
        for seat in GAME.to_act(match.state):
            match.apply(Pass(seat))
    return match


def test_concede_and_offer_draw_wait_for_a_stalled_duel():
    state = duel([HARMLESS, HEALER])
    for seat in (0, 1):
        assert Concede(seat) not in GAME.legal(state, seat)
        refused(state, Concede(seat), "only once your duel has gone")
        refused(state, OfferDraw(seat), "only once your duel has gone")
    for _ in range(STALL_ROUNDS - 1):
        for seat in GAME.to_act(state):
            GAME.apply(state, Pass(seat))
    assert Concede(0) not in GAME.legal(state, 0)  # nine quiet rounds: not yet
    for seat in GAME.to_act(state):
        GAME.apply(state, Pass(seat))
    assert {Concede(0), OfferDraw(0)} <= set(GAME.legal(state, 0))
    assert GAME.view(state, 0).quiet(0) == STALL_ROUNDS


def test_a_new_lowest_stamina_is_progress():
    state = duel(["The Dark Lord", "The Boy Wizard"], [["explosion"], None])
    for _ in range(STALL_ROUNDS - 1):
        for seat in GAME.to_act(state):
            GAME.apply(state, Pass(seat))
    GAME.apply(state, Play(0, "explosion", 3))
    GAME.apply(state, Pass(1))
    assert state.wizards[1].low == 16 and state.wizards[1].low_round == STALL_ROUNDS
    assert GAME.view(state, 0).quiet(0) == 0 and Concede(0) not in GAME.legal(state, 0)


def test_a_conceded_duel_goes_to_the_opponent_and_is_final():
    match = stalled_match([HARMLESS, HEALER])
    match.apply(Pass(1))  # the opponent's secret pick is dropped unseen
    events = match.apply(Concede(0))
    assert of_type(events, ev.Conceded) == [ev.Conceded(0)]
    won = of_type(events, ev.DuelWon)[0]
    assert (won.winner, won.loser, won.how, won.tokens) == (1, 0, "concede", (0, 1))
    assert not of_type(events, ev.Revealed) and match.state.duel == 2 and match.state.stage == "sideboard"
    assert not match.can_undo(0)  # a concession cannot be taken back
    with pytest.raises(IllegalCommand):
        match.undo(0)
    assert describe(events[0], NAMES) == "Morgana concedes the stalled duel."
    assert describe(won, NAMES).startswith("Merlin wins the duel: Morgana concedes.")
    assert GAME.check_state(match.state) == []


def test_two_conceded_duels_lose_the_match():
    match = stalled_match([HARMLESS, HEALER])
    match.apply(Concede(0))
    for seat, book in enumerate([HARMLESS, HEALER]):
        match.apply(ChooseSideBoard(seat, canonical(book[:2])))
    for _ in range(STALL_ROUNDS):
        for seat in GAME.to_act(match.state):
            match.apply(Pass(seat))
    match.apply(Concede(1))
    match.apply(ChooseSideBoard(0, canonical(HARMLESS[:2])))
    match.apply(ChooseSideBoard(1, canonical(HEALER[:2])))
    for _ in range(STALL_ROUNDS):
        for seat in GAME.to_act(match.state):
            match.apply(Pass(seat))
    match.apply(Concede(0))
    result = match.result()
    assert result is not None and result.winners == (1,) and result.scores == (1, 2)
    assert GAME.legal(match.state, 0) == [] and GAME.legal(match.state, 1) == []


def test_an_accepted_draw_ends_the_match_shared_and_only_the_offer_can_be_taken_back():
    match = stalled_match([HARMLESS, HEALER])
    events = match.apply(OfferDraw(0))
    assert of_type(events, ev.DrawOffered) == [ev.DrawOffered(0, (1,))]
    assert GAME.to_act(match.state) == (1,) and GAME.legal(match.state, 0) == []
    assert GAME.legal(match.state, 1) == [AnswerDraw(1, True), AnswerDraw(1, False)]
    view = GAME.view(match.state, 1)
    assert view.prompt.kind == "draw" and view.prompt.target == 0
    assert match.can_undo(0)  # an offer nobody answered yet may be taken back
    match.undo(0)
    assert GAME.to_act(match.state) == (0, 1)
    match.apply(OfferDraw(0))
    events = match.apply(AnswerDraw(1, True))
    assert of_type(events, ev.MatchDrawn) == [ev.MatchDrawn((0, 0))]
    result = match.result()
    assert result.winners == (0, 1) and result.scores == (0, 0) and "drawn by agreement" in result.summary
    assert not match.can_undo(1) and GAME.to_act(match.state) == ()
    assert describe(events[-1], NAMES) == "Everyone agrees: the match is drawn, 0 victory tokens to 0."


def test_a_refused_draw_resumes_the_round_and_is_not_offered_twice_in_a_round():
    match = stalled_match([HARMLESS, HEALER])
    match.apply(Pass(1))
    match.apply(OfferDraw(0))
    events = match.apply(AnswerDraw(1, False))
    assert describe(events[0], NAMES) == "Merlin refuses the draw: the match goes on."
    assert match.state.prompt is None and GAME.to_act(match.state) == (0,)
    assert OfferDraw(0) not in GAME.legal(match.state, 0) and Concede(0) in GAME.legal(match.state, 0)
    refused(match.state, OfferDraw(0), "already")
    match.apply(Pass(0))  # the round goes on; the next round may see another offer
    assert OfferDraw(0) in GAME.legal(match.state, 0)


def test_only_a_wizard_who_cannot_win_offers_or_accepts_a_draw():
    hurts = ["shock", "tongue_tie", "ignite", "regenerate", "brittlebones", "reflect", "portents"]
    match = stalled_match([HARMLESS, hurts], keep={1: ["shock", "ignite", "regenerate"]})
    state = match.state
    assert OfferDraw(1) not in GAME.legal(state, 1) and Concede(1) in GAME.legal(state, 1)
    refused(state, OfferDraw(1), "you can still win")
    match.apply(OfferDraw(0))
    assert GAME.legal(state, 1) == [AnswerDraw(1, False)]
    refused(state, AnswerDraw(1, True), "still hurt your opponent")
    refused(state, AnswerDraw(0, False), "")  # the offer waits for the other side
    # In range of Disarm, the book without Damage can win after all: no offer then.
    tracker(state, 1, 5, 10)
    match.apply(AnswerDraw(1, False))
    assert OfferDraw(0) not in GAME.legal(state, 0)


DUOS_BOOKS = [
    HARMLESS,
    HEALER,
    random_book(Rng(3), True, excluded=HARMLESS),
    random_book(Rng(5), True, excluded=HEALER),
]
# Its only spells that hurt (Explosion, Silence) sit in the side board: a hand that cannot hurt, beside HARMLESS.
MIXED = ["paralyze", "explosion", "embrace_pain", "energize", "silence", "transference", "portents"]
MIXED_KEEP = [card for card in MIXED if card not in ("explosion", "silence")]


def test_in_duos_the_other_team_and_then_the_ally_must_all_accept():
    match = stalled_match([HARMLESS, HARMLESS, MIXED, MIXED], keep={2: MIXED_KEEP, 3: MIXED_KEEP})
    state = match.state
    events = match.apply(OfferDraw(0))
    assert of_type(events, ev.DrawOffered)[0].asked == (1, 3, 2)
    assert describe(events[0], NAMES) == (
        "Morgana offers to end the match as a draw; Merlin, Circe and Nimue must all agree."
    )
    for seat in (1, 3):
        assert GAME.to_act(state) == (seat,)
        match.apply(AnswerDraw(seat, True))
    assert GAME.to_act(state) == (2,)
    match.apply(AnswerDraw(2, False))  # the ally's match too: one refusal ends the offer
    assert state.prompt is None and GAME.result(state) is None
    assert GAME.to_act(state) == (0, 1, 2, 3)
    for seat in (0, 1, 2, 3):
        match.apply(Pass(seat))
    match.apply(OfferDraw(0))
    for seat in (1, 3, 2):
        match.apply(AnswerDraw(seat, True))
    result = GAME.result(state)
    assert result.winners == (0, 1, 2, 3) and result.scores == (0, 0, 0, 0)


def test_in_duos_a_finished_duel_or_one_that_can_still_be_won_refuses():
    match = stalled_match(DUOS_BOOKS)
    match.apply(OfferDraw(0))
    match.apply(AnswerDraw(1, True))
    assert GAME.legal(match.state, 3) == [AnswerDraw(3, False)]  # Circe can still hurt Nimue
    match = stalled_match([HARMLESS, HARMLESS, MIXED, MIXED], keep={2: MIXED_KEEP, 3: MIXED_KEEP})
    match.apply(Concede(2))
    match.apply(OfferDraw(0))
    match.apply(AnswerDraw(1, True))
    assert GAME.legal(match.state, 3) == [AnswerDraw(3, False)]  # the next set may still decide the match
    assert "duel is over" in refused(match.state, AnswerDraw(3, True))


def test_a_concession_in_duos_ends_only_that_duel():
    match = stalled_match(DUOS_BOOKS)
    match.apply(Pass(1))
    match.apply(Concede(0))
    state = match.state
    assert state.tokens == [0, 1] and not state.wizards[0].dueling and not state.wizards[1].dueling
    assert state.wizards[1].choice is None and state.stage == "choose" and GAME.to_act(state) == (2, 3)
    events = match.apply(Pass(2)) + match.apply(Pass(3))
    assert [shown.seat for shown in of_type(events, ev.Revealed)[0].plays] == [2, 3]
    assert GAME.check_state(state) == []


# --- malformed commands ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Foreign(Command):
    """A command of no game (or of another game)."""

    token: int = 1


MALFORMED_AT_THE_SIDE_BOARD = [
    ChooseSideBoard(0, ["paralyze", "death"]),  # a list, not a tuple
    ChooseSideBoard(0, None),
    ChooseSideBoard(0, ("paralyze", 3)),
    ChooseSideBoard(True, ("paralyze", "death")),
    ChooseSideBoard("0", ("paralyze", "death")),
    ChooseSideBoard(None, ("paralyze", "death")),
    ChooseSideBoard(0.0, ("paralyze", "death")),
    Foreign(0),
    Command(0),
]
MALFORMED_IN_A_ROUND = [
    Play(0, "shock", "1"),
    Play(0, None, 1),
    Play(0, "shock", True),
    Play(True, "focus", 0),
    Pass(0, 3, None),
    Pass(0, "shock", "9"),
    Pass(False),
    Concede(True),
    OfferDraw("1"),
    AnswerDraw(1, 1),
    AnswerDraw(1, None),
    TakePlace(0, "first"),
    Transfer(0, 1.5),
    ev.KeepSpell(0, None),
    ev.TakeCards(0, None),
    ev.TakeCards(0, ["focus"]),
    ev.RemoveToken(0, "1", "ignite"),
    ev.ApplyFirst(0, [1]),
    ev.ChoosePairing(0, None),
    ev.ResolveNext(0, 7),
]


def test_malformed_commands_are_refused_and_change_nothing():
    state = GAME.setup(2, GAME.default_options(2), 2)
    for command in MALFORMED_AT_THE_SIDE_BOARD:
        reason = refused(state, command)
        assert reason, command
    refused(state, Foreign(0), "not a move of That's Wizard!")
    state = duel(["The Dark Lord", "The Boy Wizard"])
    for command in MALFORMED_IN_A_ROUND:
        refused(state, command)
    reason = refused(state, ChooseSideBoard(0, ["paralyze", "death"]))
    assert reason == "A malformed move: 'cards' must be a tuple of texts, not ['paralyze', 'death']."
    assert refused(state, Play(True, "focus", 0)) == "A malformed move: 'seat' must be a whole number, not True."


def test_the_field_check_reads_the_declared_types():
    assert field_problem(Play(0, "shock", 1)) is None
    assert field_problem(Pass(0)) is None and field_problem(Pass(0, "shock", 9)) is None
    assert field_problem(ChooseSideBoard(0, ("a", "b"))) is None
    assert "'dial' must be a whole number or None" in field_problem(Pass(0, "shock", 1.0))
    assert "'accept' must be True or False" in field_problem(AnswerDraw(0, 0))
    assert field_problem("Play") == "a move must be one of the game's commands"
