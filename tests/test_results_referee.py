"""A referee for the end of every game: who wins, how a tie is broken, each player's final score, and the words the
results screen shows for it (``Result.summary``, the screen's headline and tie-break note, each column's total,
bars and lines).

The expected scores and winners are worked out again from each game's final state by the rulebook alone (the
points tables, the tie-breaks), with no call to the game's scoring code; the words are then checked against them:
the headline names every winner and no one else, says "share" exactly when several win, and the note names the
tie-break that decided, with its figures. Games are seeded and played to the end through the protocol by random
legal moves, at every table size; ties that random play seldom makes are forced in positions built just before
the end (House Cup, House Cup Challenge) or played out to a draw (That's Wizard!).

Run as a script to see how many games and tie-break paths each game reached: ``python tests/test_results_referee.py``.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.protocol import IllegalCommand, Result
from tabletop.games import GAMES
from tabletop.play.session import GameSession
from tabletop.ui.tallies import ResultsData
from tests import contract_hooks as hooks
from tests.test_house_cup_flow import DECK_SYMBOLS  # the corner symbol of each kind (the supplement's "Every copy")

NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hana"]  # no house's or character's name
OPTIONS: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "house-cup": hooks.house_cup_options,
    "stupefix": hooks.stupefix_options,
    "house-cup-challenge": hooks.challenge_options,
    "thats-wizard": hooks.wizard_options,
}


@dataclass
class Expected:
    """The referee's verdict: each seat's final score, the winning seats and what decided among the tied."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = ""  # "" (no tie at the top), "shared", or the tie-break that decided ("fewer cards", "year 5"...)
    detail: dict[str, Any] = field(default_factory=dict)


# --- playing to the end ------------------------------------------------------------------------------------------


def random_moves(match: Match, rng: random.Random, limit: int = 100_000) -> None:
    """Random legal commands, a random acting seat each time, until the game is over."""
    game = match.game
    for _ in range(limit):
        if match.result() is not None:
            return
        seat = rng.choice(game.to_act(match.state))
        match.apply(rng.choice(game.legal(match.state, seat)))
    raise AssertionError("the game did not end")


def seated(game_id: str, players: int) -> list[SeatInfo]:
    return [SeatInfo(NAMES[seat]) for seat in range(players)]


def played(game_id: str, players: int, seed: int) -> Match:
    game = GAMES[game_id]
    match = Match(game, seated(game_id, players), OPTIONS[game_id](players, seed), seed)
    random_moves(match, random.Random(seed))
    return match


def from_position(game_id: str, state: Any, seed: int, options: dict[str, Any]) -> Match:
    """A Match that starts at ``state`` (its JSON form, as a puzzle file starts), to be played on to the end."""
    game = GAMES[game_id]
    return Match(game, seated(game_id, _seats(state)), options, seed, to_json(state))


def _seats(state: Any) -> int:
    for name in ("houses", "players", "wizards"):
        value = getattr(state, name, None)
        if isinstance(value, list):
            return len(value)
    return int(state.players)


def results_screen(match: Match) -> ResultsData:
    """What the results screen is handed for ``match``, by the game's own table (``GameTable.tallies``)."""
    from tabletop.ui.tables.house_cup import results as house_cup
    from tabletop.ui.tables.house_cup_challenge import results as house_cup_challenge
    from tabletop.ui.tables.stupefix import results as stupefix
    from tabletop.ui.tables.thats_wizard import results as thats_wizard

    tallies = {
        "house-cup": house_cup.tallies,
        "stupefix": stupefix.tallies,
        "house-cup-challenge": house_cup_challenge.tallies,
        "thats-wizard": thats_wizard.tallies,
    }[match.game.id]
    return tallies(GameSession(match))


# --- House Cup (rulebook "End of the Game", "Sets", "Cards Outside Sets"; the supplement's deck) ----------------

HC_POTIONS = (0, 2, 3, 4, 20, 40)  # by cards in the set; a 6th and a 7th score nothing more
HC_HERBOLOGY = (0, 20, 30, 40)  # cost without Earphones, scored with them; a 4th does nothing
HC_CREATURES = (0, 4, 9, 15, 25, 50)
HC_TOKEN = (2, 3, 5, 8)  # a reward token with 0, 1, 2, 3 Charms
HC_CASTLE_TYPE = {"castle-1": "A", "castle-4": "A", "castle-2": "B", "castle-5": "B", "castle-3": "C", "castle-6": "C"}
HC_FORWARD = {"forward-1": "Gryffindor", "forward-2": "Slytherin", "forward-3": "Ravenclaw"}
HC_UNIFORM = {"uniform-1": "Gryffindor", "uniform-2": "Hufflepuff", "uniform-3": "Ravenclaw", "uniform-4": "Slytherin"}
HC_HELP = {"help_owlery": "letter", "help_firstyears": "help", "help_hagrid": "animal", "help_uniforms": "clothing"}
HC_SETS = ("potions", "herbology", "creatures", "charms", "castle")


def hc_kind(card: str) -> str:
    return card.rsplit("-", 1)[0]


def hc_leaders(tableaux: Sequence[Sequence[str]], houses: Sequence[str]) -> set[str]:
    counts = [sum(hc_kind(card) == "quidditch" for card in cards) for cards in tableaux]
    best = max(counts)
    return {house for house, count in zip(houses, counts, strict=True) if best and count == best}


def hc_categories(
    cards: Sequence[str], rewards: int, house: str, leaders: set[str], flywheel: str | None
) -> dict[str, int]:
    """One player's points by the results chart's categories, by the rulebook's tables."""
    kinds = Counter(hc_kind(card) for card in cards)
    joins = flywheel if kinds["flywheel"] and flywheel in HC_SETS and kinds[flywheel] else None
    count = {kind: kinds[kind] + (joins == kind) for kind in HC_SETS}
    sets = HC_POTIONS[min(count["potions"], 5)] + HC_CREATURES[min(count["creatures"], 5)]
    sets += HC_HERBOLOGY[min(count["herbology"], 3)] * (1 if kinds["earphones"] else -1)
    castle = {HC_CASTLE_TYPE[card] for card in cards if hc_kind(card) == "castle"}
    if castle and len(castle) + (joins == "castle") >= 3:
        sets += 60
    quidditch = 30 if kinds["quidditch"] and house in leaders else 0
    quidditch += sum(15 for card in cards if HC_FORWARD.get(card) in leaders)
    uniforms = sum(10 if HC_UNIFORM[card] == house else -10 for card in cards if card in HC_UNIFORM)
    costly = sum(1 for card in cards if hc_kind(card) == "trouble" and card != "trouble-1")  # the Pixie is free
    trouble = costly * (5 if kinds["elf"] else -5)
    history = kinds["history"] * len(cards)
    help_points = sum(
        3 * sum(HC_HELP[hc_kind(card)] in DECK_SYMBOLS.get(hc_kind(other), ()) for other in cards)
        for card in cards
        if hc_kind(card) in HC_HELP
    )
    tokens = rewards * HC_TOKEN[min(count["charms"], 3)]
    return {
        "Sets": sets,
        "Quidditch": quidditch,
        "Help": help_points,
        "History": history,
        "Uniforms": uniforms,
        "Trouble": trouble,
        "Rewards": tokens,
    }


def hc_referee(state: Any) -> Expected:
    """Most points; tied, fewer cards; still tied, they share (rulebook: "friendship wins")."""
    leaders = hc_leaders(state.tableau, state.houses)
    bars = []
    for seat, cards in enumerate(state.tableau):
        flywheel = state.flywheel_set if "flywheel-1" in cards else None
        bars.append(hc_categories(cards, state.rewards[seat], state.houses[seat], leaders, flywheel))
    scores = tuple(sum(b.values()) for b in bars)
    top = [seat for seat, score in enumerate(scores) if score == max(scores)]
    fewest = min(len(state.tableau[seat]) for seat in top)
    winners = tuple(seat for seat in top if len(state.tableau[seat]) == fewest)
    reason = "" if len(top) == 1 else "shared" if winners == tuple(top) else "fewer cards"
    return Expected(scores, winners, reason, {"bars": bars, "tied": top})


def hc_words(match: Match, expected: Expected, data: ResultsData) -> None:
    state, result = match.state, match.result()
    assert result is not None
    best = expected.scores[expected.winners[0]]
    houses = list(state.houses)
    said_names(result.summary, [houses[s] for s in expected.winners], [houses[s] for s in losers(expected)])
    assert ("share the House Cup" in result.summary) == (len(expected.winners) > 1), result.summary
    assert f"with {best} point" in result.summary, result.summary
    assert data.headline == result.summary
    note, names = data.tiebreak, [NAMES[seat] for seat in range(state.players)]
    if not expected.reason:
        assert note == ""
        return
    tied = expected.detail["tied"]
    said_names(note, [names[s] for s in tied], [names[s] for s in range(state.players) if s not in tied])
    assert f"tied on {best} point" in note, note
    if expected.reason == "shared":
        assert "on the number of cards" in note and "share the House Cup" in note, note
    else:
        assert "fewer cards" in note, note
        assert ("share the House Cup" in note) == (len(expected.winners) > 1), note
        if len(expected.winners) == 1:
            assert f"{names[expected.winners[0]]} wins with fewer cards" in note, note


def hc_columns(expected: Expected, data: ResultsData) -> None:
    for seat, column in enumerate(data.players):
        assert column.categories == expected.detail["bars"][seat]


def losers(expected: Expected) -> list[int]:
    return [seat for seat in range(len(expected.scores)) if seat not in expected.winners]


# --- Stupéfix (rulebook "FIN DE LA PARTIE"; the supplement's teams) -----------------------------------------------

SF_POINTS = {"points10": 10, "points20": 20, "points40": 40}
SF_FAVEUR = (0, 10, 30, 60, 120, 200, 300, 400, 600, 800, 1000)  # by Faveur cards, step 3


def sf_referee(state: Any) -> Expected:
    """Urn (Points cards, +100 Maître des Potions, -100 per Retardataire) plus the Faveurs; tied houses share."""
    potions, retard = state.potions, state.retard
    most = max(potions)
    masters = [seat for seat in range(state.players) if potions[seat] == most]
    master = masters[0] if most > 0 and len(masters) == 1 else None  # a tie: nobody gets the card
    late = [] if len(set(retard)) == 1 else [seat for seat in range(state.players) if retard[seat] == max(retard)]
    bars: dict[str, dict[str, int]] = {}
    for house in dict.fromkeys(state.houses):
        seats = [seat for seat in range(state.players) if state.houses[seat] == house]
        bars[house] = {
            "Points": sum(SF_POINTS.get(card, 0) for card in state.urns.get(house, [])),
            "Potions Master": 100 if master in seats else 0,
            "Latecomer": -100 * sum(seat in late for seat in seats),
            "Favour": sum(SF_FAVEUR[min(state.faveurs[seat], 10)] for seat in seats),
        }
    totals = {house: sum(bar.values()) for house, bar in bars.items()}
    won = [house for house, total in totals.items() if total == max(totals.values())]
    scores = tuple(totals[house] for house in state.houses)
    winners = tuple(seat for seat in range(state.players) if state.houses[seat] in won)
    detail = {"bars": bars, "won": won, "master": master, "late": late, "potions tied": most > 0 and master is None}
    return Expected(scores, winners, "shared" if len(won) > 1 else "", detail)


def sf_words(match: Match, expected: Expected, data: ResultsData) -> None:
    state, result = match.state, match.result()
    assert result is not None
    won = expected.detail["won"]
    best = expected.scores[expected.winners[0]]
    said_names(result.summary, won, [h for h in dict.fromkeys(state.houses) if h not in won])
    assert ("share the victory" in result.summary) == (len(won) > 1), result.summary
    assert f"with {best} point" in result.summary, result.summary
    assert data.headline == result.summary
    if expected.reason == "shared":
        said_names(data.tiebreak, won, [h for h in dict.fromkeys(state.houses) if h not in won])
        assert f"tied on {best} point" in data.tiebreak and "share the victory" in data.tiebreak, data.tiebreak
    else:
        assert data.tiebreak == ""
    lines = [text for column in data.players for _key, text, _points in column.lines]
    tie_lines = [text for text in lines if "tied for the most" in text]
    assert bool(tie_lines) == expected.detail["potions tied"], tie_lines
    for seat in expected.detail["late"]:
        assert any(text.startswith(f"Latecomer: {NAMES[seat]} (") for text in lines), (seat, lines)
    if expected.detail["master"] is not None:
        assert any(text.startswith(f"Potions Master: {NAMES[expected.detail['master']]} (") for text in lines)


def sf_columns(expected: Expected, data: ResultsData) -> None:
    for column in data.players:
        assert column.categories == expected.detail["bars"][column.house], column.house


# --- House Cup Challenge (supplement 1.2 "Game end and winner"; VP from its card table 1.6) ----------------------

# Each Year's cards' VP in the order of their numbers (Y1-01, Y1-02, ...), from the supplement's table.
HCC_VP_TABLE = {
    1: "4 4 4 4 4 6 6 4 4 5 6 4 5 4 5 5 5 6 4 5 5 6 6 4 4 4 4 8",
    2: "6 6 6 5 7 6 7 6 5 4 6 7 6 8 6 11 7 6 4 7",
    3: "7 8 6 6 6 9 7 6 6 7 7 10 9 10 7 8 5 9",
    4: "7 7 7 7 12 9 9 9 7 12 7 7 7 7 13 9 11",
    5: "11 9 12 14 9 12 14 11 9 9 12 14 14 16 11 14 20",
}
HCC_VP = {f"Y{year}-{i:02d}": int(vp) for year, row in HCC_VP_TABLE.items() for i, vp in enumerate(row.split(), 1)}
HCC_CHARACTER = {
    "harry": "Harry Potter",
    "hermione": "Hermione Granger",
    "ron": "Ron Weasley",
    "neville": "Neville Longbottom",
}


def hcc_key(player: Any) -> tuple[int, ...]:
    years = [sum(card.startswith(f"Y{year}-") for card in player.completed) for year in (5, 4, 3, 2, 1)]
    return (sum(HCC_VP[card] for card in player.completed), *years, max(player.abilities.values()))


def hcc_referee(state: Any) -> Expected:
    """Most VP (each completed card's); then more Year 5 cards, Year 4, ... Year 1; then the highest single
    ability; still tied, a shared win."""
    keys = [hcc_key(player) for player in state.players]
    scores = tuple(key[0] for key in keys)
    top = [seat for seat, key in enumerate(keys) if key[0] == max(scores)]
    winners = tuple(seat for seat in top if keys[seat] == max(keys))
    reason, detail = "", {"tied": top}
    if len(top) > 1:
        reason = "shared"
        outs = [seat for seat in top if seat not in winners]
        if outs:  # the tie-break left some out: where the winners' figures first differ from each of theirs
            mine = keys[winners[0]]
            places = {next(i for i in range(1, len(mine)) if mine[i] != keys[s][i]) for s in outs}
            if len(places) > 1:
                reason = "several"
            else:
                (place,) = places
                reason = "ability" if place == 6 else f"year {6 - place}"
                detail["figures"] = (mine[place], max(keys[s][place] for s in outs))
    return Expected(scores, winners, reason, detail)


def hcc_words(match: Match, expected: Expected, data: ResultsData) -> None:
    state, result = match.state, match.result()
    assert result is not None
    characters = [HCC_CHARACTER[player.character] for player in state.players]
    best = expected.scores[expected.winners[0]]
    others = [characters[s] for s in range(len(characters)) if s not in expected.winners]
    said_names(result.summary, [characters[s] for s in expected.winners], others)
    assert ("share the win" in result.summary) == (len(expected.winners) > 1), result.summary
    assert f"with {best} VP" in result.summary, result.summary
    # (a position built by hand has its track set by hand: only a game from the setup has the track the rules made)
    reached = state.track >= 500 if match.start is None else state.end_reason == "500"
    assert ("Gryffindor reached 500" in result.summary) == reached, (result.summary, state.track)
    for seat in expected.winners:
        assert f"{NAMES[seat]} ({characters[seat]})" in data.headline, data.headline
    note = data.tiebreak
    if not expected.reason:
        assert note == ""
        return
    assert f"{best} VP" in note or expected.reason == "shared", note
    if expected.reason == "shared":
        assert "they share the win" in note, note
        return
    winners = [NAMES[seat] for seat in expected.winners]
    said_names(note, winners, [NAMES[seat] for seat in losers(expected) if seat not in expected.detail["tied"]])
    mine, theirs = expected.detail.get("figures", (None, None))
    several = len(winners) > 1
    if expected.reason == "ability":
        said = "share the win with the highest ability" if several else "'s highest ability is higher"
        assert f"{said} ({mine} to {theirs})" in note, note
    elif expected.reason.startswith("year"):
        year = expected.reason.split()[1]
        said = f"completed more Year {year} cards ({mine} to {theirs})"
        assert said + (" and share the win" if several else ".") in note, note
    else:
        assert ("win the tie-break together" if several else f"{winners[0]} wins the tie-break") in note, note
    if not several:
        assert note.startswith(f"Tied on {best} VP") and "share" not in note, note


def hcc_columns(expected: Expected, data: ResultsData) -> None:
    pass  # (the columns' totals and lines are checked for every game in ``check_end``)


# --- That's Wizard! (rulebook "Winning", "Duos (2 vs. 2)": first to 2 victory tokens, Duos first team to 3) ------


def tw_referee(match: Match) -> Expected:
    """Each duel won is a victory token for the winner's side; the side that reaches the target wins at once. A
    match drawn by agreement (the app's addition for stalled duels) has no winner: every seat is told as sharing."""
    state = match.state
    target = 3 if state.players == 4 else 2
    tokens = [0, 0]
    reached = None
    for event in match.events():
        name = type(event).__name__
        if name == "DuelWon":
            assert reached is None, "a duel was won after the match was decided"
            tokens[event.winner % 2] += 1
            if tokens[event.winner % 2] >= target:
                reached = event.winner % 2
    scores = tuple(tokens[seat % 2] for seat in range(state.players))
    if reached is None:
        drawn = any(type(event).__name__ == "MatchDrawn" for event in match.events())
        assert drawn, "the match ended with no side at the target and no draw"
        return Expected(scores, tuple(range(state.players)), "draw", {"tokens": tokens})
    winners = tuple(seat for seat in range(state.players) if seat % 2 == reached)
    return Expected(scores, winners, "", {"tokens": tokens, "team": reached})


def tw_words(match: Match, expected: Expected, data: ResultsData) -> None:
    result = match.result()
    assert result is not None
    tokens = expected.detail["tokens"]
    if expected.reason == "draw":
        assert f"drawn by agreement at {tokens[0]}-{tokens[1]}" in result.summary, result.summary
        assert data.headline == f"The match is drawn by agreement, {tokens[0]} to {tokens[1]}"
        # the duel drawn is told in each column (the chart showed a group for it and no line did)
        duel, drawn_in = match.state.duel, match.state.round
        for seat, column in enumerate(data.players):
            other = NAMES[1 - seat]
            said = f"Duel {duel}: against {other}, drawn by agreement in round {drawn_in}"
            assert said in [text for _kind, text, _points in column.lines], column.lines
        return
    team = expected.detail["team"]
    won, lost = tokens[team], tokens[1 - team]
    colour = ("blue", "yellow")[team]
    if match.state.players == 4:
        unit = "victory token" if won == 1 else "victory tokens"
        assert result.summary == f"The {colour} team wins the match, {won} {unit} to {lost}", result.summary
        first, second = (NAMES[s] for s in expected.winners)
        assert data.headline == f"{first} and {second} win the match, {won} to {lost}", data.headline
    else:
        unit = "duel" if won == 1 else "duels"
        assert result.summary == f"{colour.title()} wins the match, {won} {unit} to {lost}", result.summary
        assert data.headline == f"{NAMES[expected.winners[0]]} wins the match, {won} to {lost}", data.headline
    assert data.tiebreak == ""


def tw_columns(expected: Expected, data: ResultsData) -> None:
    pass


# --- the checks common to every game ---------------------------------------------------------------------------


def said_names(text: str, named: Sequence[str], not_named: Sequence[str]) -> None:
    for name in named:
        assert name in text, (name, text)
    for name in not_named:
        assert name not in text, (name, text)


REFEREES: dict[str, Callable[[Match], Expected]] = {
    "house-cup": lambda match: hc_referee(match.state),
    "stupefix": lambda match: sf_referee(match.state),
    "house-cup-challenge": lambda match: hcc_referee(match.state),
    "thats-wizard": tw_referee,
}
WORDS = {"house-cup": hc_words, "stupefix": sf_words, "house-cup-challenge": hcc_words, "thats-wizard": tw_words}
COLUMNS = {
    "house-cup": hc_columns,
    "stupefix": sf_columns,
    "house-cup-challenge": hcc_columns,
    "thats-wizard": tw_columns,
}


def check_end(match: Match, seen: Counter[str] | None = None) -> Expected:
    """The game's Result and its results screen against the referee's verdict."""
    game_id = match.game.id
    result: Result | None = match.result()
    assert result is not None, "the game is not over"
    expected = REFEREES[game_id](match)
    where = f"{game_id} {len(match.seats)}p seed {match.seed}"
    assert result.scores == expected.scores, (where, result, expected)
    assert result.winners == expected.winners, (where, result, expected)
    data = results_screen(match)
    WORDS[game_id](match, expected, data)
    COLUMNS[game_id](expected, data)
    winners = set() if expected.reason == "draw" else set(expected.winners)  # (a draw: no column is a winner's)
    for column in data.players:
        counted = sum(points or 0 for _key, _text, points in column.lines)
        assert counted == column.total, (where, column.name, column.lines, column.total)
    if game_id == "stupefix":  # a column per house
        for column in data.players:
            seats = [s for s in range(len(match.seats)) if match.state.houses[s] == column.house]
            assert column.total == expected.scores[seats[0]] and column.winner == (seats[0] in winners), where
    else:
        for seat, column in enumerate(data.players):
            assert (column.name, column.total, column.winner) == (NAMES[seat], expected.scores[seat], seat in winners)
    if seen is not None:
        seen[f"{game_id} {len(match.seats)}p games"] += 1
        sides = len({match.game.side_of(match.options, len(match.seats), s) for s in expected.winners})
        if expected.reason:
            some = expected.reason not in ("shared", "draw") and sides > 1  # some of the tied share the win
            seen[f"{game_id} tie: {expected.reason}" + " (several winners)" * some] += 1
        seen[f"{game_id} {sides} winning side(s)"] += 1
    return expected


# --- ties forced just before the end -----------------------------------------------------------------------------


def hc_forced_tie(players: int, seed: int) -> Match:
    """Random tableaux, rewards set so that two or more players tie at the top; the game's last take (a Potions
    card from Friday) is then made through the protocol. Equal-sized tableaux are chosen now and then so that
    the tie survives the card count."""
    from tabletop.games.house_cup.cards import ALL_CARDS, HOUSES
    from tabletop.games.house_cup.events import TakeCard
    from tests.house_cup_positions import position, taking

    rng = random.Random(seed)
    houses = list(HOUSES[:players])
    last = "potions-4"  # a Friday card
    pool = [card for card in ALL_CARDS if hc_kind(card) not in ("flywheel", "help_search") and card != last]
    for _attempt in range(500):
        rng.shuffle(pool)
        tied = rng.sample(range(players), rng.randint(2, players))
        same_size = rng.random() < 0.4
        size = rng.randint(3, 10)
        sizes = [size if same_size and seat in tied else rng.randint(3, 10) for seat in range(players)]
        taker = tied[0]
        sizes[taker] -= 1  # the card taken last makes it up
        cuts = [sum(sizes[:seat]) for seat in range(players + 1)]
        before = [pool[cuts[seat] : cuts[seat + 1]] for seat in range(players)]
        after = [cards + [last] * (seat == taker) for seat, cards in enumerate(before)]
        leaders = hc_leaders(after, houses)
        base = [sum(hc_categories(after[s], 0, houses[s], leaders, None).values()) for s in range(players)]
        rate = [sum(hc_categories(after[s], 1, houses[s], leaders, None).values()) - base[s] for s in range(players)]
        top = max(base[s] for s in tied)
        target = next(
            (t for t in range(top, top + 60) if all((t - base[s]) % rate[s] == 0 for s in tied)),
            None,
        )
        if target is None or any(base[s] >= target for s in range(players) if s not in tied):
            continue
        rewards = [(target - base[s]) // rate[s] if s in tied else 0 for s in range(players)]
        if sum(rewards) > 40:
            continue
        state = position(houses=houses, tableau=before, days={4: [last]}, rewards=rewards)
        taking(state, 4, [(taker, 1)])
        match = from_position("house-cup", state, seed, hooks.house_cup_options(players, seed))
        match.apply(TakeCard(taker, last))
        assert match.result() is not None
        return match
    raise AssertionError("no tie found")


HCC_WAYS = ("shared", "ability", "year 5", "year 4", "year 3", "year 2", "year 1", "two share")
# What the second tied player gets where the first gets a card of a later Year worth the same VP (Year 1: two
# cards of 4 VP against one of 8).
HCC_PAIRS = {
    "year 5": (["Y5-01"], ["Y4-17"]),
    "year 4": (["Y4-01"], ["Y3-01"]),
    "year 3": (["Y3-03"], ["Y2-01"]),
    "year 2": (["Y2-10"], ["Y1-01"]),
    "year 1": (["Y1-01", "Y1-02"], ["Y1-28"]),
}


def hcc_forced_tie(players: int, seed: int, way: str) -> Match:
    """A random game replayed to its last command, where the leader's completed cards and abilities are given to
    two or more players, made to differ only in what ``way`` names; the last command (or, refused, random ones)
    then ends the game through the protocol."""
    game = GAMES["house-cup-challenge"]
    full = played("house-cup-challenge", players, seed)
    rng = random.Random(seed * 31 + len(way))
    state = copy.deepcopy(full.initial_state())
    for command in full.log[:-1]:
        game.apply(state, command)
    people = state.players
    tied = rng.sample(range(players), 3 if way == "two share" else rng.randint(2, players))
    leader = max(people, key=lambda p: sum(HCC_VP[c] for c in p.completed))
    cards, abilities = list(leader.completed), dict(leader.abilities)
    for seat in tied:
        people[seat].completed, people[seat].abilities = list(cards), dict(abilities)
    first, second = people[tied[0]], people[tied[1]]
    if way in HCC_PAIRS:
        mine, theirs = HCC_PAIRS[way]
        first.completed += mine
        for seat in tied[1:]:
            people[seat].completed += theirs
    elif way == "two share":  # the first two alike, a third behind them on Year 5 cards
        for seat in tied:
            people[seat].completed += HCC_PAIRS["year 5"][seat not in tied[:2]]
    elif way == "ability":
        high = max(abilities.values())
        second.abilities = {a: min(v, high - 1 - rng.randrange(2)) for a, v in abilities.items()}
    for player in people:
        player.vp = sum(HCC_VP[card] for card in player.completed)
    state.track = sum(p.vp for p in people) + state.stalemate_points
    match = from_position("house-cup-challenge", state, seed, hooks.challenge_options(players, seed))
    with contextlib.suppress(IllegalCommand):
        match.apply(full.log[-1])
    random_moves(match, rng)
    return match


def tw_drawn(seed: int, concede_first: bool) -> Match:
    """Two wizards whose books hold no spell that takes Stamina pass until the duel stalls, and agree a draw (after
    one conceded duel, with ``concede_first``)."""
    from tabletop.games.thats_wizard.events import AnswerDraw, ChooseSideBoard, Concede, OfferDraw, Pass
    from tabletop.games.thats_wizard.resources import STALL_ROUNDS
    from tabletop.games.thats_wizard.rules import canonical
    from tests.test_thats_wizard_termination import HARMLESS, HEALER

    game = GAMES["thats-wizard"]
    options = {"books": [list(HARMLESS), list(HEALER)]}
    match = Match(game, seated("thats-wizard", 2), options, seed)

    def side_boards() -> None:
        for seat in game.to_act(match.state):
            match.apply(ChooseSideBoard(seat, canonical(list(match.state.books[seat])[:2])))

    def stall() -> None:
        for _ in range(STALL_ROUNDS):
            for seat in game.to_act(match.state):
                match.apply(Pass(seat))

    side_boards()
    stall()
    if concede_first:
        match.apply(Concede(game.to_act(match.state)[0]))
        side_boards()
        stall()
    offerer = game.to_act(match.state)[0]
    match.apply(OfferDraw(offerer))
    while match.result() is None:
        (seat,) = game.to_act(match.state)
        match.apply(AnswerDraw(seat, True))
    return match


# --- the tests ---------------------------------------------------------------------------------------------------

TABLES = [(game_id, n) for game_id in OPTIONS for n in GAMES[game_id].player_counts]
GAMES_PER_TABLE = {"house-cup": 30, "stupefix": 20, "house-cup-challenge": 6, "thats-wizard": 12}


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_random_games_end_as_the_rulebook_says(game_id: str, players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(GAMES_PER_TABLE[game_id]):
        check_end(played(game_id, players, seed), seen)
    assert seen[f"{game_id} {players}p games"] == GAMES_PER_TABLE[game_id]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_house_cup_forced_ties_break_on_fewer_cards_or_share(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(12):
        check_end(hc_forced_tie(players, seed), seen)
    assert seen["house-cup tie: fewer cards"] and seen["house-cup tie: shared"], seen


def test_house_cup_challenge_forced_ties_take_every_tie_break() -> None:
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed, way in enumerate(HCC_WAYS[: len(HCC_WAYS) - (players < 3)]):  # (two share of three tied: 3+)
            check_end(hcc_forced_tie(players, seed, way), seen)
    reached = {key.split(": ")[1] for key in seen if key.startswith("house-cup-challenge tie: ")}
    every = {"shared", "ability", "year 5", "year 4", "year 3", "year 2", "year 1", "year 5 (several winners)"}
    assert reached >= every, seen


def test_stupefix_tied_houses_share_the_victory() -> None:
    seen: Counter[str] = Counter()
    for players in (4, 5, 6, 7, 8):
        for seed in range(100, 130):
            check_end(played("stupefix", players, seed), seen)
    assert seen["stupefix tie: shared"] >= 3, seen


def test_thats_wizard_drawn_matches_are_told_as_draws() -> None:
    seen: Counter[str] = Counter()
    for concede_first in (False, True):
        check_end(tw_drawn(3, concede_first), seen)
    assert seen["thats-wizard tie: draw"] == 2


if __name__ == "__main__":
    totals: Counter[str] = Counter()
    for game_id, n in TABLES:
        for seed in range(GAMES_PER_TABLE[game_id]):
            check_end(played(game_id, n, seed), totals)
    for n in (2, 3, 4):
        for seed in range(12):
            check_end(hc_forced_tie(n, seed), totals)
        for seed, way in enumerate(HCC_WAYS[: len(HCC_WAYS) - (n < 3)]):
            check_end(hcc_forced_tie(n, seed, way), totals)
    for n in (4, 5, 6, 7, 8):
        for seed in range(100, 130):
            check_end(played("stupefix", n, seed), totals)
    for concede in (False, True):
        check_end(tw_drawn(3, concede), totals)
    for key, value in sorted(totals.items()):
        print(f"{key}: {value}")
