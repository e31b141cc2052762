"""A corpus of hostile files for the saves folder: everything a disk, a crash or a person can leave there.

``build_corpus(folder)`` writes them and returns ``{file name: what it is}``, for the tests. Run as a script to
write a corpus to a folder: ``python -m tests.hostile_saves FOLDER``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.saves import match_to_json
from tabletop.games import GAMES


def good_save() -> dict[str, Any]:
    """A real House Cup save of a few moves, the base that most hostile files are mutated from."""
    game = GAMES["house-cup"]
    match = Match(game, [SeatInfo("Ann"), SeatInfo("Bo", "medium")], game.default_options(2), 7)
    for _ in range(6):
        seat = match.to_act()[0]
        match.apply(game.legal(match.state, seat)[-1])
    return match_to_json(match, "a good game")


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def _json_cases(good: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """name -> (what it is, content: a dict to dump, or str/bytes written as they are)."""
    text = json.dumps(good)
    raw = text.encode()
    flipped = bytearray(raw)
    for index in range(40, len(flipped), 97):
        flipped[index] ^= 0x20
    start_state = to_json(GAMES["house-cup"].setup(2, GAMES["house-cup"].default_options(2), 7))
    cases: dict[str, tuple[str, Any]] = {
        "truncated.json": ("cut short mid-file", text[: len(text) // 2]),
        "byte-flips.json": ("bytes flipped every 97 bytes", bytes(flipped)),
        "invalid-utf8.json": ("bytes that are not UTF-8", raw[:100] + b"\xff\xfe\xc3\x28" + raw[100:]),
        "empty.json": ("an empty file", ""),
        "whitespace.json": ("only whitespace", "   \n\t  "),
        "foreign.json": ("JSON that is not a save", {"hello": "world"}),
        "array.json": ("a JSON list", [1, 2, 3]),
        "null.json": ("JSON null", "null"),
        "deep.json": ("100,000-deep nesting", _deep(100_000)),
        "deep-inside.json": ("200-deep nesting in the options", {**good, "options": json.loads(_deep(200))}),
        "huge-int.json": ("an integer of 5,000 digits as the seed", text.replace('"seed": 7', '"seed": ' + "9" * 5000)),
        "huge-float.json": ("a number too large for a float", text.replace('"seed": 7', '"seed": 1e999999')),
        "nan.json": ("NaN as the seed", text.replace('"seed": 7', '"seed": NaN')),
        "version-0.json": ("save format version 0", {**good, "version": 0}),
        "version-minus.json": ("save format version -1", {**good, "version": -1}),
        "version-text.json": ("save format version as text", {**good, "version": "1"}),
        "version-newer.json": ("a newer save format", {**good, "version": 99}),
        "rules-newer.json": ("a newer rules revision", {**good, "rules": 99}),
        "rules-bool.json": ("a rules revision that is a bool", {**good, "rules": True}),
        "unknown-game.json": ("an unknown game", {**good, "game": "wizard-chess"}),
        "game-number.json": ("a game id that is a number", {**good, "game": 5}),
        "log-null.json": ("the log is null", {**good, "log": None}),
        "log-number.json": ("the log is a number", {**good, "log": 12}),
        "log-bool.json": ("the log is a bool", {**good, "log": True}),
        "log-string.json": ("the log is a string", {**good, "log": "moves"}),
        "log-huge.json": ("a log of 25,000 commands", {**good, "log": [good["log"][0]] * 25_000}),
        "log-unknown-field.json": (
            "a command with an unknown field",
            {**good, "log": [{**good["log"][0], "extra": 1}, *good["log"][1:]]},
        ),
        "log-wrong-type.json": (
            "a command whose seat is a bool",
            {**good, "log": [{**good["log"][0], "seat": True}, *good["log"][1:]]},
        ),
        "log-foreign-command.json": ("another game's command", {**good, "log": [{"type": "CastSpell", "seat": 0}]}),
        "log-illegal.json": ("a move the rules refuse", {**good, "log": [{**good["log"][0], "value": 9}]}),
        "seats-string.json": ("seats is a string", {**good, "seats": "nobody"}),
        "seats-many.json": ("too many seats", {**good, "seats": good["seats"] * 5}),
        "seats-empty.json": ("no seats", {**good, "seats": []}),
        "seat-name-long.json": (
            "a seat name of 10,000 characters without a space",
            {**good, "seats": [{"name": "W" * 10_000, "controller": "human"}, good["seats"][1]]},
        ),
        "seat-name-surrogate.json": (
            "a lone surrogate in a seat name",
            text.replace('"name": "Ann"', '"name": "A\\ud800nn"'),
        ),
        "seat-name-newline.json": (
            "a newline in a seat name",
            {**good, "seats": [{"name": "Ann\nBo", "controller": "human"}, good["seats"][1]]},
        ),
        "seat-name-number.json": (
            "a seat name that is a number",
            {**good, "seats": [{"name": 5, "controller": "human"}, good["seats"][1]]},
        ),
        "seat-unknown-bot.json": (
            "a seat played by an unknown bot",
            {**good, "seats": [good["seats"][0], {"name": "Bo", "controller": "skynet"}]},
        ),
        "description-long.json": ("a description of 10,000 characters", {**good, "description": "d" * 10_000}),
        "description-surrogate.json": (
            "a lone surrogate in the description",
            text.replace('"description": "a good game"', '"description": "\\udfff"'),
        ),
        "options-wrong.json": ("options the game refuses", {**good, "options": {"houses": ["Gryffindor"] * 2}}),
        "options-list.json": ("options as a list", {**good, "options": [1, 2]}),
        "seed-string.json": ("the seed as text", {**good, "seed": "seven"}),
        "snapshot-edited.json": ("an edited snapshot", {**good, "snapshot": {**good["snapshot"], "supply": 3}}),
        "start-empty-list.json": ("a start position with an empty list for its state", {**good, "start": []}),
        "start-empty-fields.json": (
            "a start position with empty lists where structures are expected",
            {**good, "log": [], "start": {**start_state, "days": [], "under": [], "tableau": []}},
        ),
        "start-250-houses.json": (
            "a start position of 250 houses",
            {**good, "log": [], "start": {**start_state, "houses": ["Gryffindor"] * 250}},
        ),
        "start-rounds-huge.json": (
            "a start position with 10^9 rounds",
            {**good, "log": [], "start": {**start_state, "rounds": 10**9}},
        ),
        "start-deals-negative.json": (
            "a start position with deals = -1",
            {**good, "log": [], "start": {**start_state, "deals": -1}},
        ),
        "name\nwith newline.json": ("a file name with a newline", {**good, "game": "nothing-known"}),
        "too-large.json": ("a file over the size limit", " " * (3 * 1024 * 1024) + "{}"),
    }
    return cases


def build_corpus(folder: Path) -> dict[str, str]:
    """Write every hostile file into ``folder``; returns {file name: what it is}."""
    folder.mkdir(parents=True, exist_ok=True)
    good = good_save()
    written: dict[str, str] = {}
    for name, (what, content) in _json_cases(good).items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        written[name] = what
    outside = folder.parent / f"{folder.name}-outside.json"
    outside.write_text(json.dumps(good))
    specials = {
        "fifo.json": ("a FIFO", lambda p: os.mkfifo(p)),
        "folder.json": ("a folder", lambda p: p.mkdir()),
        "dangling.json": ("a link to nothing", lambda p: p.symlink_to(folder / "no-such-file")),
        "loop-a.json": ("a link in a loop", lambda p: p.symlink_to(folder / "loop-b.json")),
        "loop-b.json": ("a link in a loop", lambda p: p.symlink_to(folder / "loop-a.json")),
        "zero.json": ("a link to /dev/zero", lambda p: p.symlink_to("/dev/zero")),
        "urandom.json": ("a link to /dev/urandom", lambda p: p.symlink_to("/dev/urandom")),
        "outside.json": ("a link to a save outside the folder", lambda p: p.symlink_to(outside)),
        "unreadable.json": ("a file without read permission", lambda p: (p.write_text("{}"), p.chmod(0))),
    }
    for name, (what, make) in specials.items():
        make(folder / name)
        written[name] = what
    undecodable = os.fsencode(folder) + b"/bad-\xff-name.json"
    with open(undecodable, "w") as handle:
        handle.write(json.dumps({**good, "seed": "x"}))
    written[os.fsdecode(b"bad-\xff-name.json")] = "a file name that is not UTF-8"
    return written


def good_copy(folder: Path) -> Path:
    """One good save among the hostile ones (it must still be listed and open)."""
    path = folder / "good.json"
    path.write_text(json.dumps(good_save()))
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1])
    for name, what in build_corpus(target).items():
        print(f"{name!r}: {what}")
