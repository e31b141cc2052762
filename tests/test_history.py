"""The history of finished games: each kept exactly once (also when the app is killed right after the last move
and started again), readable from the command line, and a damaged or newer database refused clearly with
nothing else lost."""

import codecs
import json
import sqlite3

import pytest

from tabletop import cli
from tabletop.bots import make_bot
from tabletop.core import Match, SeatInfo, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.core.saves import match_to_json
from tabletop.games import GAMES
from tabletop.paths import user_saves_dir
from tabletop.play import session as session_module
from tabletop.play.history import MIGRATIONS, SCHEMA, History, game_key, open_history
from tabletop.play.session import AUTOSAVE_PREFIX, GameSession, history_db, keep_finished_autosaves
from tabletop.play.statistics import statistics, to_csv

pytestmark = pytest.mark.usefixtures("fresh_histories")  # each test its own history

GAME = GAMES["house-cup"]


def finished_match(seed: int = 3, people: int = 1) -> Match:
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "medium") for n in range(1, 3)]
    for index in range(1, people):
        seats[index] = SeatInfo(f"Person {index}")
    match = Match(GAME, seats, GAME.default_options(3), seed)
    bot = make_bot(GAME, "greedy")
    rng = Rng.from_seed(seed)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    return match


def test_a_game_finished_in_the_app_is_kept_once(private_user_data):
    match = finished_match()
    almost = Match.replay(GAME, match.seats, match.options, match.seed, match.log[:-1])
    session = GameSession(almost)
    assert session.submit(match.log[-1]) is None or not match.seats[match.log[-1].seat].is_human
    if session.match.result() is None:  # the last move was a bot's: play it as the session would
        session._apply(match.log[-1], by_bot=True)
    assert session_module.recorder().flush(30)  # (kept off the main loop)
    history, problem = history_db()
    assert problem is None and history is not None
    (record,) = history.games()
    assert record.key == game_key(match) and record.scores == match.result().scores
    assert record.seats[0] == SeatInfo("Ada") and record.commands == len(match.log)
    assert set(record.figures[0]) >= {"Sets", "Quidditch", "Rewards"}  # House Cup's points by category
    assert history.record(match) is False and len(history) == 1  # never twice
    saved = history.save_of(record.key)
    assert saved["log"] == json.loads(json.dumps(saved["log"])) and len(saved["log"]) == len(match.log)


def test_a_game_the_app_was_killed_on_after_its_last_move_is_kept_at_the_next_start(private_user_data):
    match = finished_match(5)
    folder = user_saves_dir()
    write_save(match, folder / f"{AUTOSAVE_PREFIX}house-cup-killed.json")  # the autosave of the last move
    keep_finished_autosaves()
    keep_finished_autosaves()  # a second start: the same file is not kept again (nor read again)
    history, _ = history_db()
    assert history is not None and [r.key for r in history.games()] == [game_key(match)]


def test_a_damaged_history_is_set_aside_with_a_message_and_a_new_one_begun(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    history = History(path)
    assert history.notice is not None and "damaged" in history.notice and "set aside" in history.notice
    assert len(history) == 0 and history.record(finished_match()) is True
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == b"this is not a database at all" * 100
    history.close()


def test_a_history_from_a_newer_tabletop_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA + 1),))
    db.execute("CREATE TABLE games (whatever TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    history, problem = open_history(path)
    assert history is None and problem is not None and "newer Tabletop" in problem and "\n" not in problem
    assert path.read_bytes() == before


def test_two_windows_write_the_history_at_once(tmp_path):
    path = tmp_path / "history.sqlite3"
    one, two = History(path), History(path)
    assert one.record(finished_match(7)) and two.record(finished_match(8))
    assert two.record(finished_match(7)) is False
    assert len(one) == len(two) == 2
    one.close()
    two.close()


def test_statistics_of_a_person_against_bots_and_people(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    for seed in range(6):
        history.record(finished_match(seed, people=2 if seed % 2 else 1))
    records = history.games()
    house_cup, overall = statistics(records, "Ada")
    assert house_cup.games == overall.games == 6
    assert set(house_cup.against) == {"medium", "people"} and house_cup.against["people"].games == 3
    assert 0.0 <= house_cup.win_rate <= 1.0 and house_cup.best == max(score for _, score in house_cup.scores)
    assert house_cup.figures["Rewards"] >= 0 and "Sets" in house_cup.figures
    rows = to_csv(records).strip().splitlines()
    assert rows[0].startswith("ended_at,game,seat") and len(rows) == 1 + 6 * 3
    history.close()


def test_the_history_and_stats_commands(private_user_data, capsys):
    history, _ = history_db()
    assert history is not None
    history.record(finished_match(2))
    assert cli.main(["history", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert len(games) == 1 and games[0]["game"] == "house-cup" and games[0]["seats"][0]["name"] == "Ada"
    assert cli.main(["stats", "--json", "--person", "Ada"]) == 0
    table = json.loads(capsys.readouterr().out)["games"]
    assert table[0]["title"] == "House Cup" and table[0]["games"] == 1 and table[-1]["title"] == "All games"
    assert cli.main(["history"]) == 0 and "House Cup" in capsys.readouterr().out
    written = private_user_data / "games.csv"
    assert cli.main(["stats", "--csv", str(written)]) == 0
    # As the Statistics screen's export: with the mark by which a spreadsheet reads it as UTF-8
    assert written.read_bytes().startswith(codecs.BOM_UTF8)
    assert written.read_bytes().decode("utf-8-sig") == to_csv(history.games())
    # A link (or /dev/stdout) is written through, not replaced by a file (the atomic write's rename replaced it)
    link = private_user_data / "link.csv"
    link.symlink_to(written)
    written.unlink()
    assert cli.main(["stats", "--csv", str(link)]) == 0
    assert link.is_symlink() and written.read_bytes().decode("utf-8") == to_csv(history.games())


def test_a_first_version_history_is_migrated_with_every_game_and_save_kept(tmp_path):
    """Version 1 kept each save in the games table; version 2 keeps them apart (listing games reads no save)."""
    path = tmp_path / "history.sqlite3"
    match = finished_match(4)
    db = sqlite3.connect(path)
    MIGRATIONS[0](db)
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', '1')")
    save = json.dumps(match_to_json(match))
    row = (game_key(match), "house-cup", "House Cup", "{}", json.dumps([to_json(s) for s in match.seats]))
    row += ("[1, 2, 3]", "[0]", "Ada wins", "", "2026-01-01T10:00:00+00:00", len(match.log), "[{}, {}, {}]", "app")
    db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (*row, save))
    db.commit()
    db.close()
    history = History(path)
    assert history.notice is None
    (record,) = history.games()
    assert record.key == game_key(match) and record.scores == (1, 2, 3) and record.seats[0] == SeatInfo("Ada")
    assert history.save_of(record.key) == json.loads(save)
    columns = [info[1] for info in history.db.execute("PRAGMA table_info(games)")]
    assert "save" not in columns and history.db.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA)
    assert history.record(finished_match(5)) and len(history) == 2 and history.save_of(game_key(finished_match(5)))
    history.close()


def test_pages_of_the_newest_games_and_counts_per_game(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    keys = []
    for seed in range(5):
        match = finished_match(seed)
        history.record(match)
        keys.append(game_key(match))
    newest = [record.key for record in history.newest(None, 0, 3)] + [r.key for r in history.newest(None, 3, 3)]
    assert newest == keys[::-1]
    assert history.count("house-cup") == 5 and history.count("stupefix") == 0 and history.newest("stupefix") == []
    history.close()


@pytest.mark.parametrize("game_id, players", [("thats-wizard", 4), ("stupefix", 5)])
def test_a_side_that_wins_together_counts_a_whole_win_for_each_of_its_seats(tmp_path, game_id, players):
    """A Duos team's win counted half a win for each of its two seats (a person winning every Duos game read 50%
    at most), as did a Stupéfix house's of two. A tie between sides still shares the win."""
    game = GAMES[game_id]
    history = History(tmp_path / "h.sqlite3")
    wins: list[float] = []
    for seed in range(12):
        seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "greedy") for n in range(1, players)]
        match = Match(game, seats, game.default_options(players), seed)
        bot, rng = make_bot(game, "greedy"), Rng.from_seed(seed)
        while match.result() is None:
            seat = match.to_act()[0]
            match.apply(bot.choose(game.view(match.state, seat), rng))
        history.record(match)
    for record in history.games():
        sides = {game.side_of(record.options, players, winner) for winner in record.winners}
        if len(sides) == 1 and len(record.winners) > 1:  # a side of two won
            assert [record.won(seat, game.side_of) for seat in record.winners] == [1.0] * len(record.winners)
        wins.append(record.won(0, game.side_of))
        assert record.won(0, game.side_of) in (0.0, 1.0 / len(sides))
    assert any(
        record.won(seat, game.side_of) == 1.0 and len(record.winners) == 2
        for record in history.games()
        for seat in record.winners
    )
    (stats, _overall) = statistics(history.games(), "Ada")
    assert stats.win_rate == pytest.approx(sum(wins) / len(wins))
    history.close()


def test_a_duos_partner_is_not_counted_as_an_opponent(tmp_path):
    """A person who won a Duos match with a Hard bot as partner against two Easy bots had it counted as a win
    against Hard (the diff's review): the levels one played against are those on the other side."""
    game = GAMES["thats-wizard"]
    seats = [SeatInfo("Ada"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "hard"), SeatInfo("Bot 3", "easy")]
    match = Match(game, seats, game.default_options(4), 3)
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(3)
    while match.result() is None:
        seat = match.to_act()[0]
        match.apply(bot.choose(game.view(match.state, seat), rng))
    history = History(tmp_path / "h.sqlite3")
    history.record(match)
    (stats, _overall) = statistics(history.games(), "Ada")
    assert set(stats.against) == {"easy"}  # Ada's partner (seat 2) played Hard
    history.close()


def test_everyone_and_a_bot_level_count_each_game_once_however_many_of_their_seats_sat_at_it(tmp_path):
    """ "Everyone" read 30 games played where History listed 11, and the Medium bot 12 where it sat at 7 (a review
    of the screens after many games): each seat counted as a game. A game counts once, its win the followed seats'
    average share: three persons among themselves win a third of it (counted as won when any of them won, every
    game among persons was a win: the diff's review), Duos partners who are both persons a whole one."""
    history = History(tmp_path / "h.sqlite3")
    people = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cy")]
    for seed in range(3):
        match = Match(GAME, people, GAME.default_options(3), seed)
        bot, rng = make_bot(GAME, "greedy"), Rng.from_seed(seed)
        while match.result() is None:
            match.apply(bot.choose(GAME.view(match.state, match.to_act()[0]), rng))
        history.record(match)
    *_, everyone = statistics(history.games())
    assert everyone.games == 3 and everyone.win_rate == pytest.approx(1 / 3) and everyone.best_streak == 0
    assert everyone.against["people"].games == 3 and everyone.against["people"].rate == pytest.approx(1 / 3)
    game = GAMES["thats-wizard"]
    seats = [SeatInfo("Ada"), SeatInfo("Bot 1", "medium"), SeatInfo("Cleo"), SeatInfo("Bot 3", "medium")]
    duos = Match(game, seats, game.default_options(4), 3)  # Duos: Ada and Cleo against two Medium bots
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(3)
    while duos.result() is None:
        duos.apply(bot.choose(game.view(duos.state, duos.to_act()[0]), rng))
    history.record(duos)
    (record,) = [record for record in history.games() if record.game_id == game.id]
    stats, _overall = statistics([record])
    assert stats.games == 1 and stats.wins == record.won(0, game.side_of) in (0.0, 1.0)
    *_, medium = statistics([record], bot="medium")
    assert medium.games == 1 and medium.wins == 1.0 - stats.wins  # (the two Medium seats: one game, one side)
    history.close()


def test_against_a_bot_level_counts_whether_the_people_beat_it_and_among_themselves_their_average():
    """Ada, Ben and a Medium bot, 8 games: the people won 6, Medium 2. Everyone against Medium read 3 of 8 (each
    person's half of each win) where Medium against people read 2 of 8 (the diff's review): against another kind
    the followed seats' shares count together, among their own kind their average."""
    from tabletop.play.history import GameRecord

    seats = (SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Bot", "medium"))
    winners = [0, 1, 0, 1, 0, 1, 2, 2]
    records = [
        GameRecord(f"k{n}", "house-cup", "House Cup", seats, (1, 1, 1), (w,), "", "", f"2026-12-0{n + 1}", 9, "app")
        for n, w in enumerate(winners)
    ]
    *_, everyone = statistics(records)
    assert everyone.games == 8 and everyone.wins == pytest.approx(3.0)  # the average person won 3 of 8
    assert everyone.against["medium"].games == 8 and everyone.against["medium"].wins == pytest.approx(6.0)
    assert everyone.against["people"].wins == pytest.approx(3.0)
    *_, medium = statistics(records, bot="medium")
    assert medium.games == 8 and medium.wins == 2.0 and medium.against["people"].wins == pytest.approx(2.0)
    ada, _overall = statistics(records, "Ada")
    assert ada.wins == 3.0 and ada.against["medium"].wins == 3.0 and ada.against["people"].wins == 3.0


def test_a_shared_win_keeps_the_winning_streak_and_a_game_among_persons_does_not():
    """Ada's last House Cup was tied 97-97 and the results crowned both, yet "Winning streak now" read 0 beside
    "Wins 1.5" (a review of the screens after many games). A shared win keeps a person's streak; everyone's
    streak goes on only while every person followed won (one of three persons winning is no streak of theirs)."""
    from tabletop.play.history import GameRecord

    def record(number: int, seats: tuple[SeatInfo, ...], winners: tuple[int, ...]) -> GameRecord:
        scores = tuple(97 if seat in winners else 50 for seat in range(len(seats)))
        when = f"2026-12-0{number}T10:00:00"
        return GameRecord(f"k{number}", GAME.id, "House Cup", seats, scores, winners, "", when, when, 60, "app")

    ada_and_bot = (SeatInfo("Ada"), SeatInfo("Bot", "medium"))
    games = [record(1, ada_and_bot, (0,)), record(2, ada_and_bot, (0, 1)), record(3, ada_and_bot, (0,))]
    ada, _overall = statistics(games, "Ada")
    assert ada.wins == 2.5 and ada.streak == 3 and ada.best_streak == 3
    persons = (SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cy"))
    *_, everyone = statistics([record(4, persons, (0,)), record(5, persons, (1,))])
    assert everyone.streak == 0 and everyone.best_streak == 0


def test_a_games_named_figures_are_grouped_in_its_own_statistics_only(tmp_path):
    """Houses, characters and spellbooks went into "All games" too, one list under whichever name came first (the
    diff's review): they are each game's own."""
    history = History(tmp_path / "h.sqlite3")
    history.record(finished_match(3))
    house_cup, overall = statistics(history.games(), "Ada")
    assert house_cup.grouped_by == "house" and set(house_cup.groups) <= set(GAME.default_options(3)["houses"])
    assert overall.groups == {} and overall.grouped_by == ""
    history.close()


def test_a_history_locked_by_another_program_is_left_as_it_is_not_set_aside_as_damaged(tmp_path, monkeypatch):
    """A lock is no damage (sqlite3's 'database is locked' is a DatabaseError too): setting the file aside hid
    every game kept."""
    path = tmp_path / "history.sqlite3"
    history = History(path)
    history.record(finished_match())
    history.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE meta SET value = value")
    monkeypatch.setattr(History, "BUSY_SECONDS", 0.05)
    locked, problem = open_history(path)
    assert locked is None and problem is not None and "cannot be used" in problem and "locked" in problem
    assert sorted(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name) == []
    holder.execute("COMMIT")
    holder.close()
    again, problem = open_history(path)
    assert problem is None and again is not None and len(again) == 1, "every game kept is still there"
    again.close()


@pytest.mark.parametrize(
    ("saved_at", "kept_as"),
    [
        ("2026-03-02T10:30:00+00:00", "2026-03-02T10:30:00+00:00"),
        ("2026-03-02T10:30:00+02:00", "2026-03-02T08:30:00+00:00"),  # in UTC like the rest: the list sorts texts
    ],
)
def test_a_game_kept_at_a_later_start_keeps_the_time_its_last_move_was_saved(private_user_data, saved_at, kept_as):
    """Not the time of the later start: such games came first in 'newest first' and out of order in the charts."""
    match = finished_match(5)
    path = user_saves_dir() / f"{AUTOSAVE_PREFIX}house-cup-killed.json"
    write_save(match, path)
    data = json.loads(path.read_text())
    data["saved_at"] = saved_at
    path.write_text(json.dumps(data))
    keep_finished_autosaves()
    history, _ = history_db()
    assert history is not None
    assert [record.ended_at for record in history.games()] == [kept_as]


def test_a_person_is_one_whatever_the_capitals_and_spaces_of_their_name(tmp_path):
    """'Ann', 'ann' and 'ANN' are one person in the statistics (and 'Cleo  Marsh' is 'Cleo Marsh'), shown as
    written most."""
    from tabletop.play.statistics import people

    history = History(tmp_path / "history.sqlite3")
    names = ["Ann", "ann", "Ann", "ANN", "Cleo  Marsh", "Cleo Marsh"]
    matches = []
    for seed, name in enumerate(names, start=20):
        match = finished_match(seed)
        match.seats[0] = SeatInfo(name)
        matches.append(match)
        assert history.record(match)
    records = history.games()
    listed = people(records)
    assert len(listed) == 2 and listed[0] == "Ann", "one person each, as written most"
    assert statistics(records, person="ann")[-1].games == 4
    assert statistics(records, person="Cleo Marsh")[-1].games == 2
    history.close()


def test_a_history_file_removed_while_the_app_runs_is_begun_again_and_said(private_user_data):
    """Games went on into a file no longer there, and nothing was said: at the next start only the autosaves were
    found (a review of the history)."""
    first, second = finished_match(11), finished_match(12)
    history, _ = history_db()
    assert history is not None and history.record(first)
    assert session_module.recorder().record(second, "").result(30) is None  # (the recorder's own connection)
    for path in history.path.parent.glob("history.sqlite3*"):
        path.unlink()
    again, problem = history_db()
    assert again is not None and again is not history and len(again) == 0
    assert problem is not None and "removed" in problem
    assert session_module.recorder().record(first, "").result(30) is None
    assert [record.key for record in again.games()] == [game_key(first)] and again.path.exists()
    assert history_db() == (again, None), "said once"


def test_the_most_seats_of_the_kept_games_and_a_save_file_gone_before_it_is_read(tmp_path):
    """The list of games makes room for the most seats any kept game had (of one game, when given): none kept,
    none; a save file removed before the history read it is not taken for a game kept."""
    history = History(tmp_path / "h.sqlite3")
    assert history.most_seats() == 0 and history.most_seats("house-cup") == 0
    history.record(finished_match())
    assert history.most_seats() == 3 and history.most_seats("house-cup") == 3 and history.most_seats("stupefix") == 0
    assert history.record_file(tmp_path / "gone.json", lambda path: (finished_match(4), "")) is False
    assert len(history) == 1
    history.close()
