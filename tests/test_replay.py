"""Replays without a window: every step of a game rebuilt from its log, the same whichever way one gets there."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core import load_match
from tabletop.core.codec import from_json, to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.core.saves import match_from_json, match_to_json
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import DAYS
from tabletop.games.house_cup.cards import title as house_cup_title
from tabletop.games.house_cup.view import HouseCupView
from tabletop.games.house_cup_challenge.cards import title as challenge_title
from tabletop.games.house_cup_challenge.view import ChallengeView
from tabletop.games.stupefix.terms import spell_name
from tabletop.games.stupefix.view import StupefixView
from tabletop.games.thats_wizard.cards import name as wizard_name
from tabletop.games.thats_wizard.view import ThatsWizardView
from tabletop.paths import asset_dir
from tabletop.play.replay import CHECKPOINT, Replay, dealt_again, secrets_of_every_seat, watching_session
from tabletop.play.session import GameSession

EXAMPLES = sorted(asset_dir("saves").glob("*.json"))


def heuristic_game(game_id: str, players: int, seed: int, humans: int = 1, stop_after: int | None = None) -> Match:
    """A game of ``game_id`` played by its own heuristic bot at every seat (the first ``humans`` seats marked as
    people), to its end or for ``stop_after`` commands."""
    game = GAMES[game_id]
    seats = [SeatInfo(f"P{seat + 1}", "human" if seat < humans else "medium") for seat in range(players)]
    match = Match(game, seats, game.default_options(players), seed)
    bot = make_bot(game, next(iter(game.bot_types)))
    rng = Rng.from_seed(seed)
    while match.result() is None and (stop_after is None or len(match.log) < stop_after):
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    return match


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_replay_of_every_example_reaches_its_saved_final_state(path):
    match = load_match(path, GAMES)
    replay = Replay(match)
    assert replay.length == len(match.log)
    assert to_json(replay.match_at(replay.length).state) == to_json(match.state)
    assert replay.finished == (match.result() is not None)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_stepping_back_and_forward_gives_the_state_a_replay_from_the_start_gives(game_id):
    game = GAMES[game_id]
    match = heuristic_game(game_id, game.min_players, seed=11)
    replay = Replay(match)
    assert replay.length > CHECKPOINT, "the game must cross a kept state for the test to mean something"
    session = watching_session(replay, GameSession)
    rng = random.Random(5)
    for _ in range(25):
        if rng.random() < 0.4:
            session.seek(rng.randrange(replay.length + 1))
        elif rng.random() < 0.5:
            session.seek(session.step - 1)
        else:
            session.forward()
        fresh = Match.replay(game, match.seats, match.options, match.seed, match.log[: session.step], match.start)
        assert to_json(session.match.state) == to_json(fresh.state), f"step {session.step}"
        assert session.match.history == fresh.history
    session.seek(replay.length)
    assert to_json(session.match.state) == to_json(match.state)


def test_the_timeline_marks_each_new_chapter_and_nothing_else():
    match = heuristic_game("house-cup", 3, seed=4)
    replay = Replay(match)
    labels = [mark.label.words() for mark in replay.marks]
    rounds = match.state.rounds
    assert labels == [*(f"Round {n} of {rounds}" for n in range(1, rounds + 1)), "Final scoring"]
    assert len(labels) == len(set(labels)), "a chapter is marked once, where it begins"
    for mark in replay.marks:
        assert replay.mark_at(mark.step) == mark
        if mark.step:
            assert replay.mark_at(mark.step - 1) != mark


def test_an_unfinished_game_is_watched_only_through_its_peoples_eyes():
    one = heuristic_game("house-cup", 3, seed=2, humans=1, stop_after=20)
    assert Replay(one).watchable_seats() == [0]
    two = heuristic_game("house-cup", 4, seed=2, humans=2, stop_after=20)
    # With several people, whoever opens the replay may be any of them: nobody's view may be chosen (it showed
    # the other person's tokens under the days, still face down at the table).
    assert Replay(two).watchable_seats() == []
    with pytest.raises(ValueError, match="once it is over"):
        watching_session(Replay(two), GameSession)
    assert Replay(two, only_seat=1).watchable_seats() == [1]  # at the table: the person at the screen's own
    # Nor may one of them begin a game of their own from it there (the others play on at that table).
    assert "at its table" in (Replay(two, only_seat=1).play_on_refusal(10) or "")
    assert Replay(one).play_on_refusal(10) is None and Replay(two, example=True).play_on_refusal(10) is None
    replay = Replay(two, example=True)  # an example that comes with the app: nobody's secrets
    assert replay.watchable_seats() == [0, 1]
    session = watching_session(replay, GameSession)
    assert session.shown_to is None, "with two people at the screen, nobody's view shows before the handover"
    with pytest.raises(ValueError):
        session.watch(2)  # a bot's seat: its secrets were never on anyone's screen
    finished = heuristic_game("house-cup", 4, seed=2, humans=2)
    assert Replay(finished).watchable_seats() == [0, 1, 2, 3]
    assert watching_session(Replay(finished), GameSession).shown_to == 0


def test_nobody_plays_in_a_replay_and_nothing_is_written(tmp_path):
    match = heuristic_game("house-cup", 2, seed=3, stop_after=10)
    session = watching_session(Replay(match), GameSession)
    legal = GAMES["house-cup"].legal(session.match.state, session.match.to_act()[0])
    assert session.submit(legal[0]) == "This is a replay: moves cannot be made here."
    assert session.match.log == [] and not session.can_undo() and session.acting_human() is None
    session.update_bots(now=100.0, delay=0.0)
    assert session.thinking is None, "no bot is asked in a replay"
    session.autosave()
    session.close()
    assert not session.path.exists()


def own_secrets(view: Any) -> list[str]:
    """What a seat's own view holds that the others' do not, each as the words "every card open" must show."""
    seat = view.seat
    match view:
        case HouseCupView():
            held = [str(value) for value in view.held[seat] or ()] if view.phase == "place" else []
            down = [
                f"{token.value} on {DAYS[day]}"
                for day, stack in enumerate(view.under)
                for token in stack
                if token.seat == seat and not token.revealed
            ]
            looked = [house_cup_title(card) for task in view.tasks if task.seat == seat for card in task.cards]
            return held + down + looked
        case StupefixView():
            hand = [f"{view.hand.count(kind)} {spell_name(kind)}" for kind in set(view.hand)] or ["no card"]
            before_the_cast = not any(view.casts)  # (each seat's cast is "" until the spells are revealed)
            prepared = [f"Prepared: {spell_name(view.my_prepared)}"] if view.my_prepared and before_the_cast else []
            return hand + prepared
        case ChallengeView():
            return [challenge_title(card) for card in view.players[seat].hand or ()] or ["empty"]
        case ThatsWizardView():
            return [wizard_name(card) for card in (*view.hand, *view.side, *view.book)]
    raise AssertionError(f"no secrets known for {type(view).__name__}")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_card_open_lists_each_seats_own_secrets_read_from_its_own_view(path):
    match = load_match(path, GAMES)
    game = match.game
    assert game.secrets is not None
    every = secrets_of_every_seat(game, match.state, len(match.seats))
    assert len(every) == len(match.seats)
    for seat, lines in enumerate(every):
        text = "\n".join(lines)
        view = game.view(match.state, seat)
        assert lines == game.secrets(view), "read from the seat's own view, nothing else"
        for secret in own_secrets(view):
            assert secret in text, f"{match.seats[seat].name}: {secret!r} missing from {lines}"
    replay = Replay(match)
    if replay.finished:
        named = replay.open_hands(match.state)
        assert [name for name, _ in named] == [info.name for info in match.seats], "every seat named, in order"
        assert [lines for _, lines in named] == every
    else:
        assert not replay.open_hands_offered
        with pytest.raises(ValueError):
            replay.open_hands(match.state)  # an unfinished game's replay shows only what each person saw


def test_every_card_open_is_offered_only_once_the_game_is_over():
    unfinished = heuristic_game("thats-wizard", 2, seed=6, humans=0, stop_after=12)
    replay = Replay(unfinished)
    assert replay.watchable_seats() == [0, 1], "bots only: any seat's view"
    assert not replay.open_hands_offered, "but never every card open before the end"
    session = watching_session(replay, GameSession)
    with pytest.raises(ValueError):
        session.open_hands()
    finished = Replay(heuristic_game("thats-wizard", 2, seed=6, humans=1))
    assert finished.finished and finished.open_hands_offered
    session = watching_session(finished, GameSession)
    session.seek(5)
    named = session.open_hands()
    game, state = GAMES["thats-wizard"], session.match.state
    assert game.secrets is not None
    assert named == [(f"P{seat + 1}", game.secrets(game.view(state, seat))) for seat in (0, 1)]
    assert all(any(line.startswith("Hand: ") for line in lines) for _, lines in named)


@pytest.mark.parametrize(
    ("game_id", "players"), [(game_id, count) for game_id in sorted(GAMES) for count in GAMES[game_id].player_counts]
)
def test_a_game_dealt_again_from_any_step_is_sound_and_plays_to_its_end(game_id, players):
    """Deal again (``dealt_again``) from the start, the first moves, the middle and the last move before the end, the
    person at another seat each time: the new start shows them what they saw, passes the game's checks, is saved
    and read back, is played to its end by bots, and its replay begins at it (the UI test tries one step a game)."""
    game = GAMES[game_id]
    person = players - 1
    seats = [SeatInfo(f"P{seat + 1}", "human" if seat == person else "medium") for seat in range(players)]
    match = Match(game, seats, game.default_options(players), 40 + players)
    bot, rng = make_bot(game, "random"), Rng.from_seed(players)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    replay = Replay(match)
    for step in sorted({0, 1, 2, replay.length // 2, replay.length - 1}):
        shown = replay.match_at(step)
        dealt = dealt_again(shown, person, 1000 + step)
        start = from_json(game.state_type, dealt.start)
        assert game.view(start, person) == game.view(shown.state, person), step
        assert game.check_state(start) == [] and dealt.log == [] and dealt.history == []
        for _ in range(5000):
            if dealt.result() is not None:
                break
            seat = dealt.to_act()[0]
            dealt.apply(bot.choose(game.view(dealt.state, seat), rng))
        assert dealt.result() is not None, f"step {step}: no end"
        again = match_from_json(Path("dealt.json"), json.loads(json.dumps(match_to_json(dealt))), GAMES)
        assert again.start == dealt.start and to_json(again.state) == to_json(dealt.state)
        assert to_json(Replay(dealt).match_at(0).state) == dealt.start
