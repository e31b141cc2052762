"""Saves: JSON only, atomic, and every broken file gives one clear line and stays where it is."""

import json
import os

import pytest

from tabletop.bots import make_bot
from tabletop.core import Match, SaveError, SeatInfo, list_saves, load_match, write_save
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.core.saves import VERSION, match_to_json, replayable_part
from tabletop.games import GAMES
from tabletop.games.house_cup import GAME
from tabletop.i18n import Phrase, set_language
from tabletop.paths import asset_dir, user_saves_dir


def played_match(commands=15):
    match = Match(GAME, [SeatInfo("Ann"), SeatInfo("Bot", "greedy"), SeatInfo("Cy")], GAME.default_options(3), 77)
    for _ in range(commands):
        seat = match.to_act()[0]
        match.apply(GAME.legal(match.state, seat)[0])
    return match


def test_save_and_load_gives_the_same_game(tmp_path):
    match = played_match()
    path = tmp_path / "game.json"
    write_save(match, path)
    data = json.loads(path.read_text())
    for key in ("format", "version", "game", "options", "seats", "seed", "log", "snapshot"):
        assert key in data
    loaded = load_match(path, GAMES)
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.seats == match.seats and loaded.log == match.log


def test_saves_live_under_the_user_data_directory(private_user_data):
    assert str(user_saves_dir()).startswith(str(private_user_data))


def write_raw(path, data):
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def broken_cases(tmp_path):
    good = match_to_json(played_match())
    cases = {
        "truncated": json.dumps(good)[:300],
        "not json": "this is not a save at all {",
        "empty": "",
        "foreign": {"hello": "world"},
        # Kept by an old editor in its "ANSI" code page; an image
        "another encoding": json.dumps({**good, "description": "Stupéfix à l'école"}, ensure_ascii=False).encode(
            "cp1252"
        ),
        "binary": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8",
        "unknown game": {**good, "game": "wizard-chess"},
        "newer": {**good, "version": VERSION + 1},
        "bad log": {**good, "log": [*good["log"][:5], {"type": "PlaceToken", "seat": 0, "day": 0, "value": 9}]},
        "unknown move": {**good, "log": [{"type": "CastFireball", "seat": 0}]},
        "edited snapshot": {**good, "snapshot": {**good["snapshot"], "supply": 3}},
        "bad seats": {**good, "seats": "nobody"},
        "too many seats": {**good, "seats": good["seats"] * 3},
        "foreign catalogue": {**good, "progress": {**good["progress"], "domain": "../../etc"}},
        "missing value": {**good, "progress": {**good["progress"], "values": {"round": 2}}},
        "odd value": {**good, "progress": {**good["progress"], "values": {"round": True, "rounds": 3}}},
    }
    return {name: write_raw(tmp_path / f"{name.replace(' ', '_')}.json", data) for name, data in cases.items()}


EXPECTED = {
    "truncated": "cut short",
    "not json": "not valid JSON",
    "empty": "empty",
    "foreign": "not a Tabletop save",
    "another encoding": "is text in another encoding than UTF-8",
    "binary": "is not a text file",
    "unknown game": "does not know",
    "newer": "newer Tabletop",
    "bad log": "does not replay",
    "unknown move": "broken move",
    "edited snapshot": "does not match",
    "bad seats": "broken header",
    "too many seats": "seats",
    "foreign catalogue": "progress line",
    "missing value": "progress line",
    "odd value": "progress line",
}


def test_each_broken_save_gives_one_clear_line_and_is_left_in_place(tmp_path):
    for name, path in broken_cases(tmp_path).items():
        content = path.read_bytes()
        with pytest.raises(SaveError) as error:
            load_match(path, GAMES)
        message = str(error.value)
        assert message.startswith(path.name), name
        assert EXPECTED[name] in message, (name, message)
        assert "\n" not in message
        assert path.read_bytes() == content


def test_the_moves_before_a_refused_one_still_open_as_they_leave_the_game(tmp_path):
    """A save refused at one move of its log is not lost whole: the moves before it replay and can be opened
    (without the check of the saved position, which the change broke); a file with no readable header has none."""
    cases = broken_cases(tmp_path)
    good = played_match()
    opened, left_out = replayable_part(cases["bad log"], GAMES)
    assert len(opened.log) == 5 and left_out == 1  # its sixth move lays a token no one holds
    assert opened.log == good.log[:5] and opened.result() is None
    # A changed position: every move replays; they tell the game
    opened, left_out = replayable_part(cases["edited snapshot"], GAMES)
    assert len(opened.log) == len(good.log) and left_out == 0
    assert to_json(opened.state) == to_json(good.state)
    for name in ("truncated", "foreign", "newer", "unknown game", "binary"):
        with pytest.raises(SaveError):
            replayable_part(cases[name], GAMES)  # no header to read: nothing replays
    opened, left_out = replayable_part(cases["unknown move"], GAMES)
    assert opened.log == [] and left_out == 1


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        load_match(tmp_path / "nothing.json", GAMES)


def test_listing_shows_unreadable_saves_with_their_error(tmp_path):
    write_save(played_match(), tmp_path / "good.json")
    write_raw(tmp_path / "bad.json", "{")
    infos = {info.path.name: info for info in list_saves(tmp_path, GAMES)}
    assert infos["good.json"].error is None and infos["good.json"].players == 3
    progress = infos["good.json"].progress
    assert isinstance(progress, Phrase) and progress.words() == "Round 2 of 3"
    assert "bad.json" in infos["bad.json"].error
    assert (tmp_path / "bad.json").exists()


def test_a_crash_while_writing_leaves_the_previous_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first = played_match(5)
    write_save(first, path)
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_save(played_match(20), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left behind
    assert load_match(path, GAMES).log == first.log


def test_example_saves_load():
    names = sorted(p.name for p in asset_dir("saves").glob("*.json"))
    assert {"house-cup-scoring-example.json", "house-cup-4p-midround.json"} <= set(names)
    for info in list_saves(asset_dir("saves"), GAMES):
        assert info.error is None, info.error
    mid = load_match(asset_dir("saves") / "house-cup-4p-midround.json", GAMES)
    assert len(mid.seats) == 4 and mid.result() is None and mid.state.round == 2
    assert any(mid.state.under)  # tokens are under the timetable: mid-round


def test_the_shipped_examples_are_what_tabletop_examples_writes_but_the_time(tmp_path):
    """Four examples lacked the ``moves`` header field ``tabletop examples`` writes (the Load list fell back to
    counting): each shipped file is the writer's, field for field, but for when it was written."""
    from tabletop.examples import write_examples

    written = write_examples(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in asset_dir("saves").glob("*.json"))
    for path in written:
        fresh, shipped = json.loads(path.read_text()), json.loads((asset_dir("saves") / path.name).read_text())
        del fresh["saved_at"], shipped["saved_at"]
        assert shipped == fresh, path.name


def test_save_files_are_plain_json_without_code(tmp_path):
    path = tmp_path / "g.json"
    write_save(played_match(), path)
    text = path.read_text()
    json.loads(text)
    assert "pickle" not in text and "__" not in text


def test_a_save_from_an_older_revision_of_a_games_rules_replays_and_a_newer_one_is_refused(tmp_path):
    """Saves record the revision of the game's rules: an older one is replayed under today's rules without
    comparing its snapshot (whose shape may have changed); one from a newer Tabletop is refused in one line."""
    from dataclasses import replace

    match = played_match()
    data = match_to_json(match)
    today = GAME.rules_version
    assert data["rules"] == today
    newer_game = {GAME.id: replace(GAME, rules_version=today + 1)}  # this Tabletop, one revision later
    older = {**data, "snapshot": {"an": "older shape"}}
    write_raw(tmp_path / "older.json", older)
    assert load_match(tmp_path / "older.json", newer_game).log == match.log
    write_raw(tmp_path / "newer.json", {**data, "rules": today + 2})
    newer = f"newer Tabletop .House Cup rules revision {today + 2}; this one plays revision {today + 1}"
    with pytest.raises(SaveError, match=newer):
        load_match(tmp_path / "newer.json", newer_game)
    broken = {**older, "log": [{"type": "PlaceToken", "seat": 2, "day": 0, "value": 1}]}
    write_raw(tmp_path / "illegal.json", broken)
    with pytest.raises(SaveError, match="older revision of House Cup's rules, and its move log does not replay"):
        load_match(tmp_path / "illegal.json", newer_game)
    write_raw(tmp_path / "same.json", {**data, "snapshot": {"an": "older shape"}})
    with pytest.raises(SaveError, match="does not match its move log"):
        load_match(tmp_path / "same.json", GAMES)
    unmarked = {key: value for key, value in data.items() if key != "rules"}  # saves from before revisions: 1
    write_raw(tmp_path / "unmarked.json", unmarked)
    if today > 1:
        assert load_match(tmp_path / "unmarked.json", GAMES).log == match.log


def test_the_load_list_reads_only_a_saves_header(tmp_path):
    from tabletop.core.saves import HEADER_BYTES, read_header, save_info

    match = played_match()
    path = tmp_path / "game.json"
    write_save(match, path, "a described game")
    header = read_header(path)
    assert header["description"] == "a described game" and header["seed"] == 77
    assert "log" not in header and "snapshot" not in header
    # A body too long for the header's bytes is never read by the list: padding it changes nothing there.
    text = path.read_text()
    padded = text.replace('"snapshot": {', '"snapshot": {"padding": "' + "x" * HEADER_BYTES + '", ', 1)
    path.write_text(padded)
    info = save_info(path, GAMES)
    assert info.error is None and info.description == "a described game" and info.players == 3
    with pytest.raises(SaveError, match="does not match its move log"):
        load_match(path, GAMES)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_save_edited_by_hand_and_kept_with_a_byte_order_mark_opens_and_is_listed(tmp_path, encoding):
    """Windows' Notepad keeps a file edited by hand with a byte order mark ("UTF-8 with BOM", or "Unicode":
    UTF-16) and its lines ended by CR LF: the save was refused, as "not valid JSON (Unexpected UTF-8 BOM (decode
    using utf-8-sig)...)" or "not a text file", on the Load list and when opened."""
    match = played_match()
    text = json.dumps(match_to_json(match, "a game I renamed"), indent=1, ensure_ascii=False).replace("\n", "\r\n")
    path = tmp_path / "edited.json"
    path.write_bytes(text.encode(encoding))
    (info,) = list_saves(tmp_path, GAMES)
    assert info.error is None and info.description == "a game I renamed" and info.moves == 15
    assert load_match(path, GAMES).log == match.log


def test_a_save_written_again_with_its_keys_sorted_is_listed_as_it_opens(tmp_path):
    """A tool that writes a file's keys in order (``jq -S``, an editor's "sort keys") puts "start" before
    "title" and "version": the list read the header up to "start" and said the save "has no valid save format
    version", so it could not be opened from Load, while it opened from the command line."""
    match = played_match()
    path = tmp_path / "sorted.json"
    path.write_text(json.dumps(match_to_json(match, "a described game"), indent=1, sort_keys=True))
    (info,) = list_saves(tmp_path, GAMES)
    assert info.error is None and info.description == "a described game" and info.players == 3
    assert load_match(path, GAMES).log == match.log


def test_a_save_cut_short_inside_a_text_says_it_is_cut_short(tmp_path):
    """json reports such a file where the open string began ("Unterminated string starting at"), not at its end."""
    text = (asset_dir("saves") / "house-cup-4p-midround.json").read_text()
    cut = text[: text.index('"Slytherin"') + 4]  # ends just inside a string: "Sly
    path = tmp_path / "cut.json"
    path.write_text(cut)
    with pytest.raises(SaveError) as refused:
        load_match(path, GAMES)
    message = str(refused.value)
    assert "cut short" in message and "never ends" in message and "at at" not in message


def test_a_saves_progress_line_reads_in_the_language_shown_not_the_one_it_was_saved_in(tmp_path):
    set_language("fr")
    write_save(played_match(), tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["version"] == VERSION == 2
    assert data["progress"] == {
        "domain": "house_cup",
        "message": "Round {round} of {rounds}",
        "values": {"round": 2, "rounds": 3},
    }
    (info,) = list_saves(tmp_path, GAMES)
    assert info.progress.words() == "Manche 2 sur 3"
    set_language("ru")
    assert info.progress.words() == "Раунд 2 из 3"
    set_language("en")
    assert info.progress.words() == "Round 2 of 3"


def test_a_phrase_inside_a_phrase_is_put_into_words_too(tmp_path):
    from tabletop.games.stupefix import GAME as STUPEFIX

    state = STUPEFIX.setup(4, STUPEFIX.default_options(4), 3)
    match = Match(STUPEFIX, [SeatInfo(name) for name in "ABCD"], STUPEFIX.default_options(4), 3)
    write_save(match, tmp_path / "stupefix.json")
    (info,) = list_saves(tmp_path, GAMES)
    assert info.progress == STUPEFIX.progress(state)
    assert info.progress.words() == "Round 1 of 8, preparing spells"
    set_language("fr")
    assert info.progress.words() == STUPEFIX.progress(state).words() != "Round 1 of 8, preparing spells"


def test_a_version_1_saves_progress_line_is_shown_as_it_was_written(tmp_path):
    old = {**match_to_json(played_match()), "version": 1, "progress": "Manche 1 sur 3"}
    write_raw(tmp_path / "old.json", old)
    (info,) = list_saves(tmp_path, GAMES)
    assert info.error is None and info.progress == "Manche 1 sur 3"
    assert load_match(tmp_path / "old.json", GAMES).log == played_match().log


def test_saves_are_listed_by_the_date_they_were_saved_not_by_their_files_time(tmp_path):
    """A save copied in from elsewhere, dated days ago, came first (its file was new): the list follows the dates
    its rows show; a file that says no readable date keeps its file's time."""
    example = json.loads((asset_dir("saves") / "house-cup-4p-midround.json").read_text())
    for name, saved_at, mtime in [
        ("played-today.json", "2026-12-05T10:00:00+00:00", 1_000),
        ("copied-in.json", "2026-12-02T09:00:00+00:00", 2_000_000_000),
        ("no-date.json", "not a date", 1_790_000_000),  # 2026-09-21: before both
    ]:
        path = tmp_path / name
        path.write_text(json.dumps({**example, "saved_at": saved_at}))
        os.utime(path, (mtime, mtime))
    assert [info.path.name for info in list_saves(tmp_path, GAMES)] == [
        "played-today.json",
        "copied-in.json",
        "no-date.json",
    ]


@pytest.mark.parametrize(("code", "said"), [("fr", "le coup n° 6 est refusé"), ("ru", "ход 6 не допускается")])
def test_a_refused_move_in_a_save_is_told_in_the_players_language(tmp_path, code, said):
    """The Load list's line in Russian read "запись ходов не воспроизводится: step 1 (PlaceToken) is refused: ...",
    the step's words the app's own English (a review)."""
    from tabletop.i18n import set_language

    path = broken_cases(tmp_path)["bad log"]
    set_language(code)
    with pytest.raises(SaveError) as error:
        load_match(path, GAMES)
    assert said in str(error.value) and "step" not in str(error.value) and "PlaceToken" not in str(error.value)


def test_a_game_gone_from_the_history_is_told_in_the_players_language():
    """History's Watch told "game history: that game is no longer in it" on a French screen (a review)."""
    from tabletop.i18n import set_language
    from tabletop.play.replay import recorded_match

    set_language("fr")
    with pytest.raises(SaveError) as error:
        recorded_match("no-such-game")
    assert str(error.value) == "historique des parties : cette partie n'y est plus"


def test_the_load_list_names_a_finished_games_winners_and_counts_a_game_left_before_a_move(tmp_path):
    """The Load list's row comes from a save's header alone: a finished game's winners as its header names them,
    and a game left before anyone moved counted as 0 moves (not "unknown"), which is what lets a game begun again
    replace it (``drop_unstarted_autosaves``)."""
    from tabletop.core.saves import save_info

    finished = played_match(0)
    bot, rng = make_bot(GAME, "greedy"), Rng.from_seed(5)
    while finished.result() is None:
        seat = finished.to_act()[0]
        finished.apply(bot.choose(GAME.view(finished.state, seat), rng))
    write_save(finished, tmp_path / "finished.json")
    info = save_info(tmp_path / "finished.json", GAMES)
    assert info.error is None and info.finished and info.winners == finished.result().winners != ()
    assert info.moves == len(finished.log)
    write_save(played_match(0), tmp_path / "left.json")
    info = save_info(tmp_path / "left.json", GAMES)
    assert info.error is None and not info.finished and info.winners == () and info.moves == 0


def test_a_progress_line_nests_phrases_two_deep_and_no_deeper(tmp_path):
    """A header's progress phrase may hold phrases within phrases two deep (a phase's name inside a round's line,
    a name inside that); deeper is no save Tabletop writes and is refused as a broken header line."""
    from tabletop.core.saves import save_info

    def nested(depth):
        phrase = {"domain": "house_cup", "message": "{x}", "values": {"x": "deepest"}}
        for _ in range(depth):
            phrase = {"domain": "house_cup", "message": "({x})", "values": {"x": phrase}}
        return phrase

    good = match_to_json(played_match())
    write_raw(tmp_path / "two.json", {**good, "progress": nested(2)})
    info = save_info(tmp_path / "two.json", GAMES)
    assert info.error is None and info.progress.words() == "((deepest))"
    write_raw(tmp_path / "three.json", {**good, "progress": nested(3)})
    info = save_info(tmp_path / "three.json", GAMES)
    assert info.error is not None and "progress line" in info.error


def test_a_seats_name_and_a_description_may_be_as_long_as_their_limits_and_no_longer(tmp_path):
    from tabletop.core.saves import save_info

    good = match_to_json(played_match())
    longest = {**good, "description": "d" * 300}
    longest["seats"] = [{**good["seats"][0], "name": "n" * 40}, *good["seats"][1:]]
    write_raw(tmp_path / "longest.json", longest)
    info = save_info(tmp_path / "longest.json", GAMES)
    assert info.error is None and info.description == "d" * 300 and info.names[0] == "n" * 40
    write_raw(tmp_path / "long-text.json", {**longest, "description": "d" * 301})
    assert "301 characters long (at most 300)" in save_info(tmp_path / "long-text.json", GAMES).error
    longest["seats"][0]["name"] = "n" * 41
    write_raw(tmp_path / "long-name.json", longest)
    assert "41 characters long (at most 40)" in save_info(tmp_path / "long-name.json", GAMES).error
