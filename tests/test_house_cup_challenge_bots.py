"""The greedy bot (Medium) plays whole games on its own views: they end at 500 (the normal end) in about as many
rounds as the supplement's sharp playtest, no more than its reference policy's, and it beats the random bot; in
positions built by hand it plays ahead for the bonus cards, boosts only when that makes the pass and takes the
Time-Turner first (issue 16)."""

import statistics

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge import events as ev
from tabletop.simulate import simulate
from tests.house_cup_challenge_positions import position

# The supplement's playtest, sharp policy after the fixes: (10th percentile, median, 90th percentile, max).
PLAYTEST_SHARP = {2: (17, 18, 19, 21), 3: (16, 17, 18, 19), 4: (14, 15, 16, 17)}


def play(players, seed, bots):
    state = GAME.setup(players, GAME.default_options(players), seed)
    rngs = [Rng(seed * 31 + seat) for seat in range(players)]
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        command = bots[seat].choose(view, rngs[seat])
        assert command in view.legal
        GAME.apply(state, command)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_reach_500(players):
    bots = [make_bot(GAME, "greedy") for _ in range(players)]
    rounds = []
    for seed in range(8):
        state = play(players, seed, bots)
        assert state.end_reason == "500" and state.track >= 500
        rounds.append(state.round)
    low, median, high, longest = PLAYTEST_SHARP[players]
    print(
        f"{players} greedy players: median {statistics.median(rounds)} rounds, longest {max(rounds)} "
        f"(playtest sharp: median {median}, longest {longest})"
    )
    assert median - 3 <= statistics.median(rounds) <= median + 6


def test_greedy_beats_random():
    report = simulate(GAME, 2, 20, 7, ["greedy", "random"])
    assert report.errors == 0
    assert report.wins[0] >= 17


def test_the_hard_bot_compares_only_the_best_few_actions_of_a_wide_choice():
    from tabletop.bots.ismcts import ISMCTSBot
    from tabletop.games.house_cup_challenge.bots import SEARCH_WIDTH, GreedyBot, search_candidates

    greedy = make_bot(GAME, "greedy")
    state = GAME.setup(2, GAME.default_options(2), 11)
    rng = Rng(11)
    checked = 0
    while checked < 3:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        if view.tasks[-1].kind == "action" and len(view.legal) > 2 * SEARCH_WIDTH:
            best = search_candidates(view, list(view.legal))
            assert len(best) == SEARCH_WIDTH and set(best) <= set(view.legal)
            hard = ISMCTSBot(GAME, budget=5.0, max_iterations=60, prior=GreedyBot(), policy=GAME.search.playout_policy)
            chosen = hard.choose(view, Rng(checked))
            prior = GreedyBot().choose(view, Rng(checked))
            assert set(hard.last.searched) <= {*best, prior} and len(hard.last.searched) >= SEARCH_WIDTH
            assert chosen in hard.last.searched
            checked += 1
        GAME.apply(state, greedy.choose(view, rng))


# --- issue 16, item 2: the Medium bot's play, in positions built by hand ----------------------------------------
# Each of these fails on the Medium policy before issue 16 (kept as ``OldGreedyBot`` in
# benchmarks/house_cup_challenge_medium.py): it drew cards instead of playing ahead, discarded a card on a boost
# that could not make the pass, and left the Time-Turner for a single adventure.

HERO, RIVAL = 0, 1


def medium_turns(state, actions, rival_passes=True):
    """Let the Medium bot at seat 0 play ``actions`` of its actions (and their choices) while the rival passes;
    returns the commands seat 0 chose and the events of the whole run."""
    bot, rng = make_bot(GAME, "medium"), Rng(5)
    chosen, events = [], []
    while actions > 0 and GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        if seat == HERO:
            command = bot.choose(view, rng)
            chosen.append(command)
            actions -= view.tasks[-1].kind == "action"
        elif view.tasks[-1].kind == "action" and rival_passes:
            command = ev.Pass(seat)
        else:
            command = view.legal[0]
        events += GAME.apply(state, command)
    return chosen, events


def test_medium_plays_a_card_ahead_for_the_bonus_draw_then_walks_into_it():
    # Harry (K3) in the Common Room holds Nicolas Flamel (K3, Library only, 4 spaces away); the piles hold cards.
    # Walking there and playing it takes 3 actions and draws nothing; drawing 2 first is a 4th action. Played
    # ahead onto the Library now, it brings the 3 bonus cards, and 2 moves walk into it: 3 actions, 3 cards.
    state = position(
        characters=("harry", "hermione"),
        cells=("A5", "H1"),
        abilities=((3, 2, 2), (3, 1, 1)),
        hands=(("Y1-13",), ()),
        deck_top=("Y1-27", "Y1-08", "Y1-09"),
    )
    chosen, events = medium_turns(state, 3)
    actions = [c for c in chosen if not isinstance(c, (ev.WandBonus, ev.Boost, ev.Check))]
    assert actions[0] == ev.PlayThere(HERO, "Y1-13", "C5")
    assert any(isinstance(e, ev.CardsDrawn) and e.why == "bonus" and e.count == 3 for e in events)
    done = [e for e in events if isinstance(e, ev.AdventureCompleted) and e.seat == HERO]
    assert [e.card for e in done][:1] == ["Y1-13"]  # walked into it (the Library), two moves later
    assert isinstance(actions[2], ev.Move) and actions[2].path[-1] == "C5"


def test_medium_boosts_when_that_makes_the_pass_and_keeps_its_cards_when_it_cannot():
    def encounter(abilities, hand, specials=()):
        state = position(
            characters=("harry", "hermione"),
            cells=("C5", "H1"),
            abilities=(abilities, (3, 1, 1)),
            hands=(hand, ()),
            specials=(specials, ()),
        )
        GAME.apply(state, ev.PlayHere(HERO, "Y1-13"))  # Nicolas Flamel: K3
        assert state.tasks[-1].kind == "encounter" and state.tasks[-1].phase == "boost"
        return state

    bot = make_bot(GAME, "medium")
    # K2, two cards in hand: one card discarded for +1 K turns the failure into a success.
    state = encounter((2, 2, 2), ("Y1-13", "Y5-12", "Y5-07"))
    command = bot.choose(GAME.view(state, HERO), Rng(1))
    assert isinstance(command, ev.Boost) and command.ability == "K"
    GAME.apply(state, command)
    assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.Check(HERO)  # K3 now: no second card wasted
    events = GAME.apply(state, ev.Check(HERO))
    assert any(isinstance(e, ev.AdventureCompleted) for e in events)
    # K1 with one card left and the Sword of Gryffindor (+3 Honor, no help with Knowledge): +1 K cannot pass
    # K3, so it checks and keeps the card (the old bot counted the Sword and the card it did not have).
    state = encounter((1, 2, 2), ("Y1-13", "Y5-12"), ("sword",))
    assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.Check(HERO)
    # K1 with the Remembrall (+2 K): the free Special Card passes it, not the hand cards.
    state = encounter((1, 2, 2), ("Y1-13", "Y5-12", "Y5-07"), ("remembrall",))
    assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.Boost(HERO, "remembrall", "K")


def test_medium_takes_the_time_turner_first_when_it_has_adventures_to_complete():
    # Harry stands in the Library with Nicolas Flamel (K3) to play here and Wingardium Leviosa (K1) on the Charms
    # Classroom; the Time-Turner (2 actions for 1; it comes back with the Wand) goes first, then both plays.
    state = position(
        characters=("harry", "hermione"),
        cells=("C5", "H1"),
        abilities=((3, 2, 2), (3, 1, 1)),
        hands=(("Y1-13", "Y1-08"), ()),
        specials=(("timeturner",), ()),
        empty_piles=True,
    )
    state.players[HERO].wand_token = "down"
    chosen, events = medium_turns(state, 3)
    assert chosen[0] == ev.UseSpecial(HERO, "timeturner")
    assert chosen[1] == ev.PlayHere(HERO, "Y1-13")
    done = [e.card for e in events if isinstance(e, ev.AdventureCompleted) and e.seat == HERO]
    assert done[0] == "Y1-13"


def test_medium_games_are_no_longer_than_the_reference_policy():
    # The supplement's sharp reference policy: median 15 rounds at 4 players, 19 at 2 (the old Medium: 17, 21).
    for players, bound in ((4, 15.0), (2, 19.0)):
        bots = [make_bot(GAME, "medium") for _ in range(players)]
        rounds = [play(players, 100 + seed, bots).round for seed in range(6)]
        assert statistics.mean(rounds) <= bound, (players, rounds)
        assert max(rounds) <= bound + 3, (players, rounds)


# --- the Medium bot's other choices, in positions built by hand (a mutation review of the bots) ------------------


def test_medium_leaves_a_card_played_ahead_where_a_rival_can_walk_in_and_pass_it_first():
    """The card played ahead in test_medium_plays_a_card_ahead_for_the_bonus_draw_then_walks_into_it, with a rival
    who passes it one move from the Library: played ahead, it is the rival's (``SNIPED``), so Medium keeps it."""
    state = position(
        characters=("harry", "hermione"),
        cells=("A5", "D4"),  # Hermione (K3) is two spaces from the Library: one move
        abilities=((3, 2, 2), (3, 1, 1)),
        hands=(("Y1-13",), ()),
        deck_top=("Y1-27", "Y1-08", "Y1-09"),
    )
    command = make_bot(GAME, "medium").choose(GAME.view(state, HERO), Rng(5))
    assert command != ev.PlayThere(HERO, "Y1-13", "C5")


def test_medium_encounters_a_card_it_played_onto_a_shared_space_itself_only_when_it_passes():
    """Played here with a rival on the space, the player chooses who encounters the card: the bot itself when it
    passes (the card's worth), else the rival it would make fail."""
    bot = make_bot(GAME, "medium")
    for knowledge, chosen in ((3, HERO), (1, RIVAL)):
        state = position(
            characters=("harry", "hermione"),
            cells=("C5", "C5"),
            abilities=((knowledge, 2, 2), (1, 1, 1)),  # Nicolas Flamel tests K3: Hermione fails it
            hands=(("Y1-13",), ()),
        )
        GAME.apply(state, ev.PlayHere(HERO, "Y1-13"))
        assert state.tasks[-1].kind == "who" and len(GAME.legal(state, HERO)) == 2
        assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.ChooseEncounterer(HERO, chosen), knowledge


def test_medium_raises_at_the_feast_the_ability_its_cards_lack_and_discards_the_card_it_cannot_pass():
    from tabletop.games.house_cup_challenge.state import Task

    bot = make_bot(GAME, "medium")
    # Three hand cards test Honor 3 and Harry has H2: the feast's +1 goes to H (not to K, his lowest).
    state = position(
        characters=("harry", "hermione"), abilities=((1, 3, 2), (1, 1, 1)), hands=(("Y1-18", "Y2-04", "Y2-09"), ())
    )
    state.tasks = [Task("feast", HERO)]
    assert len(GAME.legal(state, HERO)) == 3
    assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.Feast(HERO, "H")
    # Over the hand limit: the card to let go is the one Harry cannot pass (S4 and H4, the most VP of the hand),
    # not the least valuable of those he can.
    hand = ("Y1-01", "Y1-02", "Y1-03", "Y1-05", "Y1-08", "Y1-09", "Y1-27", "Y1-26", "Y2-16")
    state = position(characters=("harry", "hermione"), abilities=((3, 2, 2), (1, 1, 1)), hands=(hand, ()))
    state.tasks = [Task("limit", HERO)]
    assert ev.Discard(HERO, "Y1-26") in GAME.legal(state, HERO)
    assert bot.choose(GAME.view(state, HERO), Rng(1)) == ev.Discard(HERO, "Y2-16")


def test_medium_plays_a_card_here_with_a_boost_only_from_another_hand_card():
    """Harry (K2) stands in the Library with Nicolas Flamel (K3): a second hand card discarded for +1 K makes the
    pass, so he plays it here; with Flamel alone there is nothing to discard (Flamel is on the board by then)."""
    bot = make_bot(GAME, "medium")
    for hand, plays in ((("Y1-13", "Y1-27"), True), (("Y1-13",), False)):
        state = position(
            characters=("harry", "hermione"), cells=("C5", "H1"), abilities=((2, 2, 2), (3, 1, 1)), hands=(hand, ())
        )
        view = GAME.view(state, HERO)
        assert ev.PlayHere(HERO, "Y1-13") in view.legal
        assert (bot.choose(view, Rng(1)) == ev.PlayHere(HERO, "Y1-13")) is plays, hand
