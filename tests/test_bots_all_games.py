"""Bots of every registered game: only their own view, always a legal command; sample() gives the view back."""

import copy
import gc
import io
import json
import random

import pytest

from tabletop.arena import arena, percentile, wilson
from tabletop.bots import LEVELS, bot_ids, make_bot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.serve import question, read_command, read_view, receive, send, serve
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES

GAME_IDS = sorted(GAMES)


def positions(game, games: int = 3, every: int = 5):
    """States met along random games at every player count, with the seat to act."""
    counts = game.player_counts
    for index in range(games):
        players = counts[index % len(counts)]
        state = game.setup(players, game.default_options(players), 500 + index)
        rng = random.Random(index)
        steps = 0
        while game.result(state) is None and steps < 400:
            seat = game.to_act(state)[0]
            if steps % every == 0:
                yield state, seat, players
            game.apply(state, rng.choice(game.legal(state, seat)))
            steps += 1


def reachable_ids(root) -> set[int]:
    """The ids of every object reachable from ``root`` (what a bot holding it could get at)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, int, str, float, bool, type(None))):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_sampled_from_a_view_gives_back_that_view(game_id):
    game = GAMES[game_id]
    checked = 0
    for state, _seat, players in positions(game):
        for looker in range(players):
            view = game.view(state, looker)
            for trial in range(2):
                sampled = game.sample(view, Rng(trial * 31 + checked))
                assert game.check_state(sampled) == []
                assert game.view(sampled, looker) == view
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_holds_no_reference_to_the_state(game_id):
    game = GAMES[game_id]
    for state, seat, _players in positions(game, games=1, every=11):
        view = game.view(state, seat)
        inside_state = reachable_ids(state) - {id(x) for x in (None, True, False)}
        leaks = reachable_ids(view) & inside_state
        shared = [obj for obj in gc.get_objects() if id(obj) in leaks and not isinstance(obj, (tuple, frozenset))]
        assert not shared, f"the view shares mutable objects with the state: {shared[:3]}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_bot_returns_a_legal_command_and_does_not_touch_its_view(game_id):
    game = GAMES[game_id]
    bots = {bot_id: make_bot(game, bot_id) for bot_id in bot_ids(game) if bot_id != "hard"}
    bots["hard"] = ISMCTSBot(game, budget=0.02, max_iterations=12, bot_id="hard")
    for number, (state, seat, _players) in enumerate(positions(game, games=2, every=7)):
        view = game.view(state, seat)
        frozen = copy.deepcopy(view)
        for bot_id, bot in bots.items():
            command = bot.choose(view, Rng(number))
            assert command in game.legal(state, seat), (bot_id, command)
        assert view == frozen


def test_levels_are_offered_for_every_game():
    for game in GAMES.values():
        ids = bot_ids(game)
        assert all(level in ids for level in LEVELS)
        assert make_bot(game, "hard").id == "hard"


def test_wilson_interval():
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert percentile([1, 2, 3, 4, 100], 95) == 100


def test_arena_rotates_seats_and_counts_wins():
    game = GAMES["house-cup"]
    report = arena(game, 2, ["greedy", "random"], 12, 5)
    assert report.errors == 0
    greedy, random_bot = report.bots
    assert greedy.games == random_bot.games == 12
    assert greedy.wins + random_bot.wins == pytest.approx(12)
    assert greedy.win_rate > 0.8 and greedy.ci_low > 0.5
    assert greedy.decisions > 0 and greedy.think_p95 >= greedy.think_median


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_comes_back_whole_from_its_json_form(game_id):
    """The bot process receives a View as JSON: it must be rebuilt exactly, as the game's own View class."""
    game = GAMES[game_id]
    checked = 0
    for state, _seat, players in positions(game, games=2, every=9):
        for looker in range(players):
            view = game.view(state, looker)
            data = json.loads(json.dumps(to_json(view)))
            back = read_view(game, data)
            assert type(back) is game.view_type and back == view
            checked += 1
    assert checked > 10


def _ask(messages: list[dict]) -> list[dict]:
    """Run the bot program's loop on ``messages`` and return its answers."""
    incoming, outgoing = io.BytesIO(), io.BytesIO()
    for message in messages:
        send(incoming, message)
    incoming.seek(0)
    serve(incoming, outgoing)
    outgoing.seek(0)
    answers = []
    while (answer := receive(outgoing)) is not None:
        answers.append(answer)
    return answers


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_bot_program_answers_a_legal_command_from_the_json_view(game_id):
    game = GAMES[game_id]
    asked = []
    for state, seat, _players in positions(game, games=1, every=13):
        asked.append((copy.deepcopy(state), seat))  # positions() plays on with the same state
        if len(asked) == 6:
            break
    messages = [
        question(number, game.id, ("medium", "random")[number % 2], game.view(state, seat), number)
        for number, (state, seat) in enumerate(asked)
    ]
    answers = _ask(messages)
    assert [answer["request"] for answer in answers] == list(range(len(asked)))
    for (state, seat), answer in zip(asked, answers, strict=True):
        assert answer["error"] is None
        assert read_command(game, answer["command"]) in game.legal(state, seat)


def test_the_bot_program_refuses_what_is_not_a_view_and_goes_on():
    game = GAMES["house-cup"]
    state = game.setup(2, game.default_options(2), 1)
    good = to_json(game.view(state, 0))
    foreign = json.loads(json.dumps(good))
    foreign["legal"][0]["type"] = "CastSpell"  # a command of another game: not one House Cup can build
    missing = {key: value for key, value in good.items() if key != "legal"}
    answers = _ask(
        [
            {"request": 1, "game": "chess", "bot": "medium", "view": good, "seed": 1},
            {**question(2, game.id, "medium", game.view(state, 0), 2), "view": foreign},
            {**question(3, game.id, "medium", game.view(state, 0), 3), "view": missing},
            question(4, game.id, "medium", game.view(state, 0), 4),
        ]
    )
    assert [answer["request"] for answer in answers] == [1, 2, 3, 4]
    assert "chess" in answers[0]["error"]
    assert "CastSpell" in answers[1]["error"] and answers[1]["command"] is None
    assert "legal" in answers[2]["error"]
    assert answers[3]["error"] is None and read_command(game, answers[3]["command"]) in game.legal(state, 0)


def test_the_app_starts_a_new_bot_program_after_one_that_answers_nonsense():
    from tabletop.play.bot_worker import BotWorker

    game = GAMES["house-cup"]
    state = game.setup(2, game.default_options(2), 3)
    view = game.view(state, 0)
    # A broken program: one framed message that is not JSON, then it hangs on without answering.
    broken = "import sys, time; sys.stdout.buffer.write(b'\\x00\\x00\\x00\\x03abc'); sys.stdout.flush(); time.sleep(60)"
    worker = BotWorker()
    worker.program = ("-c", broken)
    try:
        request = worker.ask(game.id, "medium", view, 1)
        assert worker.wait(20.0)
        assert worker.answer(request) == (True, None, "the bot process stopped")
        worker.program = BotWorker.program  # the real program from now on
        request = worker.ask(game.id, "medium", view, 2)
        assert worker.wait(30.0)
        ready, command, error = worker.answer(request)
        assert ready and error is None and command in game.legal(state, 0)
    finally:
        worker.close()


def test_a_bot_programs_failure_is_told_in_the_language_shown_and_logged_in_english():
    from tabletop.i18n import set_language
    from tabletop.play.bot_worker import BotWorker
    from tabletop.play.history import english

    game = GAMES["house-cup"]
    view = game.view(game.setup(2, game.default_options(2), 3), 0)
    failing = "import sys; sys.exit(3)"  # a program that stops before answering
    worker = BotWorker()
    worker.program = ("-c", failing)
    set_language("fr")
    try:
        request = worker.ask(game.id, "medium", view, 1)
        assert worker.wait(20.0)
        ready, command, error = worker.answer(request)
        assert ready and command is None and error is not None
        assert error == "le programme du bot s'est arrêté"
        assert english(error) == "the bot process stopped"
    finally:
        worker.close()


def test_each_level_answers_to_its_name_and_hard_searches_with_its_games_own_settings():
    """Every level's bot carries its id, and Hard starts from the game's greedy heuristic, plays out with the
    game's own playout policy (each game sets one, faster than the shared heuristic policy) and thinks for the
    game's budget."""
    for game in GAMES.values():
        for level in LEVELS:
            assert make_bot(game, level).id == level, (game.id, level)
        hard = make_bot(game, "hard")
        assert isinstance(hard, ISMCTSBot)
        assert isinstance(hard.prior, game.bot_types["greedy"])
        assert game.search.playout_policy is not None and hard.policy is game.search.playout_policy, game.id
        assert hard.budget == game.search.hard_budget


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_search_counts_as_its_own_side_the_seats_that_win_together(game_id):
    """Hard's reward (``ISMCTSBot.reward``) treats a seat's side as the game says its players win together
    (``Game.side_of``: a house, a Duos team): a partner's win is its own and the margin is over the other sides
    only. A team game without ``team_of`` halved its wins and measured its margin against its own partner."""
    game = GAMES[game_id]
    team_of = game.search.team_of
    for players in game.player_counts:
        options = game.default_options(players)
        state = game.setup(players, options, 7)
        sides = [game.side_of(options, players, seat) for seat in range(players)]
        teams = [team_of(state, seat) if team_of else seat for seat in range(players)]
        for a in range(players):
            for b in range(players):
                assert (sides[a] == sides[b]) == (teams[a] == teams[b]), (game_id, players, a, b)
