"""The Stupéfix bots: legal on their own views, the greedy heuristic's reactions, and that it beats random."""

from __future__ import annotations

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell
from tabletop.simulate import simulate
from tests.stupefix_helpers import new


def test_greedy_beats_random_at_four_and_eight_players():
    four = simulate(GAME, 4, 40, 7, ["greedy", "random", "random", "random"])
    assert four.errors == 0 and four.wins[0] >= 24, four.wins
    eight = simulate(GAME, 8, 30, 7, ["greedy", "random", "greedy", "random", "random", "random", "random", "random"])
    assert eight.errors == 0 and eight.wins[0] >= 18, eight.wins  # seats 0 and 2 are one house


def test_greedy_points_back_at_a_wand_on_it():
    state = new(4, chouchou=0)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "rate"))
    GAME.apply(state, PointWand(3, 1))
    bot = make_bot(GAME, "greedy")
    choices = {bot.choose(GAME.view(state, 1), Rng(seed)).target for seed in range(10)}
    assert choices == {3}


def test_greedy_shields_itself_when_three_full_hands_of_stupefix_point_at_it():
    state = new(4, chouchou=0)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "stupefix" if seat else "rate"))
    GAME.apply(state, PointWand(0, 1))
    for seat in (1, 2, 3):
        GAME.apply(state, PointWand(seat, 0))
    bot = make_bot(GAME, "greedy")
    assert all(bot.choose(GAME.view(state, 0), Rng(seed)) == CastSpell(0, True) for seed in range(8))
    # Nobody points at seat 1: it casts its Stupéfix.
    assert bot.choose(GAME.view(state, 1), Rng(3)) == CastSpell(1, False)


def test_bots_choose_only_legal_commands_from_their_views():
    for bot_id in ("random", "greedy"):
        bot = make_bot(GAME, bot_id)
        state = new(7, seed=3, chouchou=None)
        rng = Rng(5)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[-1]
            view = GAME.view(state, seat)
            command = bot.choose(view, rng)
            assert command in view.legal
            GAME.apply(state, command)


def test_a_decided_potions_race_makes_a_potion_worth_little():
    """Seven Successful Potions held, nobody else has one, two left in the game: the Potions Master is decided, yet
    the heuristic valued an eighth at 45 (over 40 points), and Medium and Hard took it."""
    from tabletop.games.stupefix.bots import StateSight, reward_value

    state = new(4, seed=3)
    state.potions = [7, 0, 0, 0]
    assert StateSight(state, 0).potions_left() == 2
    assert reward_value(StateSight(state, 0), 0, "potion") < reward_value(StateSight(state, 0), 0, "points40")
    assert reward_value(StateSight(state, 1), 1, "potion") == 12.0  # (out of the race: as before, a third may not be)
    state.potions = [2, 1, 0, 0]  # a race still open: the potion weighs as before
    assert reward_value(StateSight(state, 0), 0, "potion") == 45.0


def test_no_bot_points_at_nobody_nor_takes_a_smaller_points_card_beside_a_larger():
    """Both are legal for a person; neither can help the one who does it (the Hard search and Easy's slips did
    both: a review of the bots' moves). Every level, many seeds."""
    from tabletop.bots.moves import worth_weighing
    from tabletop.games.stupefix.events import TakeReward
    from tests.stupefix_helpers import play_round, set_row

    state = new(4, chouchou=0)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "stupefix"))
    view = GAME.view(state, 0)
    assert PointWand(0, None) in view.legal
    assert PointWand(0, None) not in worth_weighing(GAME, view.legal) and len(worth_weighing(GAME, view.legal)) > 1
    for level in ("easy", "medium", "hard"):
        bot = make_bot(GAME, level)
        if level == "hard":
            bot.max_iterations = 60  # type: ignore[attr-defined]
        assert all(bot.choose(view, Rng.from_seed(seed)).target is not None for seed in range(12)), level

    state = new(4, chouchou=0)
    play_round(state)
    set_row(state, ["points10", "points20", "points40", "potion", "faveur"])
    view = GAME.view(state, state.drafter())
    seat = view.seat
    assert TakeReward(seat, "points10") in view.legal
    assert set(worth_weighing(GAME, view.legal)) == {TakeReward(seat, k) for k in ("points40", "potion", "faveur")}
    for level in ("easy", "medium", "hard"):
        bot = make_bot(GAME, level)
        if level == "hard":
            bot.max_iterations = 60  # type: ignore[attr-defined]
        picks = {bot.choose(view, Rng.from_seed(seed)).reward for seed in range(12)}
        assert picks.isdisjoint({"points10", "points20"}), (level, picks)


def test_a_potion_is_worth_little_to_a_seat_behind_in_the_race_and_a_tie_for_most_retard_counts_as_late():
    """The first seat's rivals are all the others (the Potions race, the Retardataire), and one more Retard token
    that ties the most held makes a Retardataire (-100) as surely as one that passes it."""
    from tabletop.games.stupefix.bots import StateSight, reward_value

    state = new(4, seed=3)
    state.potions = [0, 3, 0, 0]
    assert reward_value(StateSight(state, 0), 0, "potion") == 12.0  # three behind seat 1: out of the race
    assert reward_value(StateSight(state, 1), 1, "potion") == 45.0
    state.retard = [1, 2, 0, 0]  # a Chouchou card returns a token: worth the Retardataire it may avoid
    assert reward_value(StateSight(state, 0), 0, "chouchou") == 12.0 + 45.0  # one more would tie seat 1's two
    state.retard = [1, 3, 0, 0]
    assert reward_value(StateSight(state, 0), 0, "chouchou") == 12.0 + 20.0
    state.retard = [0, 1, 0, 0]
    assert reward_value(StateSight(state, 0), 0, "chouchou") == 12.0
