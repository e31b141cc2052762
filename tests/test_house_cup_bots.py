"""House Cup bots: always legal, only their own view, and greedy clearly beats random."""

import copy

from tabletop.bots import bot_ids, make_bot
from tabletop.core.rng import Rng
from tabletop.games.house_cup import GAME
from tabletop.simulate import simulate


def test_bots_on_offer():
    assert bot_ids(GAME) == ["random", "greedy", "easy", "medium", "hard"]


def test_every_bot_choice_is_legal_and_depends_only_on_the_view():
    for bot_id in ("random", "greedy"):
        bot = make_bot(GAME, bot_id)
        for seed in range(6):
            players = 2 + seed % 3
            state = GAME.setup(players, GAME.default_options(players), seed)
            steps = 0
            while GAME.result(state) is None:
                seat = GAME.to_act(state)[0]
                view = GAME.view(state, seat)
                command = bot.choose(view, Rng(seed * 1000 + steps))
                assert command in GAME.legal(state, seat)
                if steps % 7 == 0:
                    # Same view, other secrets (deck order, others' tokens): the same choice.
                    other = GAME.sample(view, Rng(steps))
                    assert GAME.view(other, seat) == view
                    assert bot.choose(GAME.view(other, seat), Rng(seed * 1000 + steps)) == command
                GAME.apply(state, command)
                steps += 1


def test_greedy_beats_random_in_every_player_count():
    for players in (2, 3, 4):
        bots = ["greedy"] + ["random"] * (players - 1)
        report = simulate(GAME, players, 30, 100 * players, bots)
        assert report.errors == 0
        assert report.wins[0] >= 24, (players, report.wins)


def test_bot_does_not_change_the_game_state_it_sees():
    state = GAME.setup(4, GAME.default_options(4), 5)
    view = GAME.view(state, 0)
    frozen = copy.deepcopy(view)
    make_bot(GAME, "greedy").choose(view, Rng(1))
    assert view == frozen


def test_medium_never_gives_a_trouble_that_lets_its_receiver_discard_a_costly_card():
    """A Letter's gift: a Trouble makes its receiver discard a card at once, and to a player holding a lone
    Herbology (-20 without the Earphones) it is a gift of 15 points; Medium gave it ('harm' counted the Trouble's
    -5 alone: a review of the bots' moves)."""
    from tabletop.core.rng import Rng
    from tabletop.games.house_cup import GAME
    from tabletop.games.house_cup.events import GiveCard, TakeCard
    from tests.house_cup_positions import position, taking

    state = position(
        houses=("Gryffindor", "Slytherin"),
        tableau=[["trouble-2", "flywheel-1"], ["herbology-2"]],
        days={3: ["letter-1"]},
    )
    taking(state, 3, [(0, 2)])
    GAME.apply(state, TakeCard(0, "letter-1"))
    gifts = GAME.legal(state, 0)
    assert set(gifts) == {GiveCard(0, "trouble-2", 1), GiveCard(0, "flywheel-1", 1)}
    given = make_bot(GAME, "medium").choose(GAME.view(state, 0), Rng.from_seed(1))
    assert given == GiveCard(0, "flywheel-1", 1)


def test_medium_never_gives_hagrids_farm_that_brings_its_receiver_three_reward_tokens():
    """Hagrid's Farm given acts again for its receiver: three reward tokens, 6 points for them ('harm' counted the
    card alone, worth nothing: a review of the diff)."""
    from tabletop.core.rng import Rng
    from tabletop.games.house_cup import GAME
    from tabletop.games.house_cup.events import GiveCard, TakeCard
    from tests.house_cup_positions import position, taking

    state = position(
        houses=("Gryffindor", "Slytherin"), tableau=[["hagrid-1", "flywheel-1"], ["potions-1"]], days={3: ["letter-1"]}
    )
    taking(state, 3, [(0, 2)])
    GAME.apply(state, TakeCard(0, "letter-1"))
    assert set(GAME.legal(state, 0)) == {GiveCard(0, "hagrid-1", 1), GiveCard(0, "flywheel-1", 1)}
    given = make_bot(GAME, "medium").choose(GAME.view(state, 0), Rng.from_seed(1))
    assert given == GiveCard(0, "flywheel-1", 1)


def test_medium_takes_both_cards_of_its_day_in_the_order_that_lets_the_trouble_discard_the_herbology():
    """Both cards left on the day are the bot's: a Herbology (-20 alone) taken first is the card the Trouble,
    taken second, discards at once; the Trouble first would cost a card already held and leave the Herbology."""
    from tabletop.games.house_cup.events import DiscardCard, TakeCard
    from tests.house_cup_positions import position, taking

    state = position(
        houses=("Gryffindor", "Slytherin"),
        tableau=[["potions-1", "charms-1"], []],
        days={2: ["trouble-1", "herbology-1"]},
    )
    taking(state, 2, [(0, 2)])
    medium = make_bot(GAME, "medium")
    first = medium.choose(GAME.view(state, 0), Rng.from_seed(1))
    assert first == TakeCard(0, "herbology-1")
    GAME.apply(state, first)
    GAME.apply(state, medium.choose(GAME.view(state, 0), Rng.from_seed(2)))
    assert medium.choose(GAME.view(state, 0), Rng.from_seed(3)) == DiscardCard(0, "herbology-1")


def test_even_easy_takes_the_engines_suggestion_for_an_end_of_game_choice():
    """Help Searching for Points at the game's end: the view's suggestion is the engine's best keep, and every
    level takes it (Easy's random slips never touch it)."""
    from tabletop.games.house_cup.events import KeepCard
    from tests.house_cup_positions import searching_at_the_end

    state = searching_at_the_end()
    view = GAME.view(state, 0)
    assert view.suggestion == KeepCard(0, "uniform-1") and len(view.legal) == 6
    for level in ("easy", "medium"):
        bot = make_bot(GAME, level)
        assert {bot.choose(view, Rng.from_seed(seed)) for seed in range(40)} == {view.suggestion}, level
