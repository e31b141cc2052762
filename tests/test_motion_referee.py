"""A referee for what MOVES on each table: every card, token, character and die a move sets moving starts where the
move's events say it comes from, ends where they say it goes, is the thing they name, and comes to rest.

The other referees check what the app says and what a table shows at rest. This one watches the motion in between:
a card taken from Tuesday flies from Tuesday's column to the taker (not to another seat), a card dealt flies from
the deck to its day, a reward token from the supply to the seat that takes it, a character walks the path its Move
gave space by space and ends on its space, That's Wizard!'s dice land on the rolled values and its trackers' pawns
glide to the new Stamina and Power, a Stupéfix reward flies from the row to the seat that takes it.

Real tables are driven headless (``tests/ui_driver.py``) with animations on (Normal), one person against bots (two
people for the hidden faces), every frame drawn. A ``Recorder`` listens to the session after the table does (the
commands' events, as the table got them) and, after every drawing, notes each new glide of the table's ``Stage``
(its start and target) and each new ``Flight`` in the table's lists (``flights``, ``walks``, ``numbers``), with the
layout of that moment. Each command's motions are then held to what its events say, the zones taken from the
table's layout (days, seats, deck, discard, supply, board spaces, trackers) and nothing from the table's own
mapping of events to motions. A glide no event explains may only stay within its zone (a hand re-sorted, a column
closing up). A thing of another seat's that the person at the screen may not see (a token placed face down, a
spell card chosen but not revealed) is never drawn face up while it moves: the painter's calls are watched.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Event
from tabletop.games import GAMES
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup_challenge import events as ch
from tabletop.games.house_cup_challenge.flow import start_new_year
from tabletop.games.stupefix import events as sx
from tabletop.games.thats_wizard import events as tw
from tabletop.games.thats_wizard.cards import MAX_POWER, MAX_STAMINA
from tabletop.play.session import Applied
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites.motion import Flight
from tabletop.ui.sprites.stage import Motion
from tabletop.ui.tables.house_cup import painter as hc_painter
from tabletop.ui.tables.thats_wizard import painter as tw_painter
from tabletop.ui.theme import px
from tests import contract_hooks as hooks
from tests.house_cup_challenge_positions import position as challenge_position
from tests.house_cup_positions import FOUR, position, taking
from tests.test_prompt_referee import NAMES, Game, give, person_at_screen, stupefix_step
from tests.ui_driver import at_table

Rect = pygame.Rect
Point = tuple[float, float]
TALLY: Counter[str] = Counter()  # motions refereed, by game and kind (``python tests/test_motion_referee.py``)


# --- what moved, command by command -------------------------------------------------------------------------------


@dataclass
class Glide:
    """A thing of the table's ``Stage`` set moving: from ``start`` to ``target`` (rects), with the layout then."""

    key: Hashable
    start: Rect
    target: Rect
    layout: Any
    view: Any  # the table's view then (whose screen it was, what that seat may see)


@dataclass
class Flown:
    """A ``Flight`` seen in one of the table's lists, with the layout of the frame it was first seen in."""

    flight: Flight
    layout: Any


@dataclass
class Segment:
    """One applied command's events (as the table got them, for the seat on screen then) and what moved after
    them, until the next command."""

    events: list[Event]
    viewer: int
    by_bot: bool
    layout: Any
    glides: list[Glide] = field(default_factory=list)
    flown: list[Flown] = field(default_factory=list)
    frames: int = 0
    cut: bool = False  # the screen passed to another person before the table was still: shown as it lies
    after: Any = None  # what the game's ``snapshot`` noted of the state the command left
    throws: list[Any] = field(default_factory=list)  # That's Wizard!'s dice thrown, in order


@dataclass
class Recorder:
    """Watches a table: each command's events, then each new glide and flight until the next command."""

    game: Game
    lists: Callable[[], Sequence[list[Flight]]]  # the table's flight lists
    segments: list[Segment] = field(default_factory=list)
    last: dict[Hashable, Motion] = field(default_factory=dict)
    known: dict[int, Flight] = field(default_factory=dict)  # (kept: an id is not reused while its flight lives)
    after_draw: list[Callable[[], None]] = field(default_factory=list)
    snapshot: Callable[[], Any] = lambda: None

    def attach(self) -> None:
        table = self.game.table
        table.session.listeners.append(self.applied)  # (after the table's own listener: as it animated them)
        drawing = table.draw_table

        def watched(surface: pygame.Surface):
            hits = drawing(surface)
            self.drawn()
            return hits

        table.draw_table = watched
        self.game.driver.draws_every_frame = True  # (a glide begins at the drawing that places it)

    def applied(self, applied: Applied) -> None:
        table = self.game.table
        seat = table.view.seat
        seen = [event for event in applied.events if event.visible_to(seat)]
        self.segments.append(Segment(seen, seat, applied.by_bot, table.layout, after=self.snapshot()))

    def drawn(self) -> None:
        table = self.game.table
        segment = self.segments[-1] if self.segments else None
        stage = getattr(table, "stage", None)
        if stage is not None:
            for key, motion in stage.motions.items():
                if self.last.get(key) is motion:
                    continue
                self.last[key] = motion
                if motion.start != motion.target and motion.duration > 0 and segment is not None:
                    segment.glides.append(Glide(key, box(motion.start), box(motion.target), table.layout, table.view))
        for flights in self.lists():
            for flight in flights:
                if self.known.get(id(flight)) is not flight:
                    self.known[id(flight)] = flight
                    if segment is not None:
                        segment.flown.append(Flown(flight, table.layout))
        if segment is not None:
            segment.frames += 1
        for check in self.after_draw:
            check()


def box(values: tuple[float, float, float, float]) -> Rect:
    return Rect(round(values[0]), round(values[1]), round(values[2]), round(values[3]))


def within(point: Point, area: Rect, slack: int = 2) -> bool:
    return area.inflate(2 * slack, 2 * slack).collidepoint(round(point[0]), round(point[1]))


def centre(rect: Rect) -> Point:
    return (rect.centerx, rect.centery)


def open_moving(
    game_id: str, controllers: Sequence[str], seed: int, options: dict[str, Any] | None = None, start: Any = None
) -> tuple[Game, Recorder]:
    """``game_id`` at a real table with animations on (Normal: things move), bots at once, and a recorder (from
    the position ``start``, if given)."""
    game = GAMES[game_id]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Normal", bot_speed="Instant"))
    seats = [SeatInfo(NAMES[n], controller) for n, controller in enumerate(controllers)]
    if options is None:
        options = (
            hooks.wizard_options(len(seats), seed) if game_id == "thats-wizard" else game.default_options(len(seats))
        )
    begun = to_json(start) if start is not None else None
    driver, table = at_table(app, Match(game, seats, options, seed, begun), frames=0)  # (watched from the start)
    played = Game(app, driver, table, random.Random(seed))
    return played, Recorder(played, lambda: ())


def play_moving(recorder: Recorder, decisions: int, ready: Callable[[], bool] | None = None) -> None:
    """The game played for ``decisions`` of the people's moves (random legal ones, by the table's gestures) or to
    its results; the privacy screen passed as a person does (once the last move has been shown: no tap hurries
    it)."""
    game = recorder.game
    app, driver, table = game.app, game.driver, game.table
    ready = ready or (lambda: person_at_screen(game) is not None)
    made = 0
    driver.frames(3)  # (the table's first frames: its panel, if it opens with one)
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or made >= decisions:
            return
        if isinstance(top, PrivacyOverlay):
            if recorder.segments:
                recorder.segments[-1].cut = True
            driver.frames(50)
            top.ready()
            driver.frames(2)
            continue
        if top is table and ready():
            give(game, game.choose(game.legal(table.view.seat)))
            made += 1
            continue
        driver.frames(1)
    raise AssertionError("the game went on and on")


def settle(game: Game, limit: int = 600) -> None:
    """Frames until the table is still: every motion must come to an end."""
    for _ in range(limit):
        if game.app.scenes.top is not game.table or not game.table.busy():
            return
        game.driver.frames(1)
    raise AssertionError("the table never came to rest: a motion runs on and on")


def assert_landed(recorder: Recorder) -> None:
    """Every flight seen lasts a few seconds at most, and those still running at rest (a change still rising:
    the table waits for none) land within them, leaving none in the table's lists."""
    for segment in recorder.segments:
        for item in segment.flown:
            assert 0 < item.flight.duration <= 5, f"a flight of {item.flight.duration} s: {item.flight}"
    game = recorder.game
    for _ in range(400):
        if game.app.scenes.top is not game.table or not any(recorder.lists()):
            break
        game.driver.frames(1)
    if game.app.scenes.top is game.table:
        for flights in recorder.lists():
            assert not flights, f"flights still running long after the table came to rest: {flights}"


# --- House Cup ----------------------------------------------------------------------------------------------------


def hc_seat_zone(layout, seat: int, viewer: int) -> Rect:
    """Where a seat's things lie: the viewer's band at the foot, another's panel."""
    return layout.me if seat == viewer else layout.opponents[seat]


def hc_zone_of(layout, point: Point, viewer: int) -> str:
    """The name of the zone of the table ``point`` lies in."""
    for day, column in enumerate(layout.columns):
        if within(point, column, 0):
            return f"day {day}"
    for name in ("deck", "discard", "supply"):
        if within(point, getattr(layout, name), 0):
            return name
    if within(point, layout.me, 0):
        return f"seat {viewer}"
    for seat, rect in layout.opponents.items():
        if within(point, rect, 0):
            return f"seat {seat}"
    return "elsewhere"


@dataclass(frozen=True)
class Expected:
    """A card's move: from one of ``sources`` to ``goal`` (zone names, ``hc_zone_of``)."""

    card: str
    sources: tuple[str, ...]
    goal: str
    kind: str
    via: str = ""  # a zone it rests in on its way (a Divination taken: its taker's, before the deck)


def hc_expected(events: Sequence[Event], viewer: int) -> list[Expected]:
    """The cards' moves the events tell, worked out from the rules' events alone: a card dealt goes from the deck to
    its day (the rulebook: laid "by their weekday"), a card taken from the day to the taker, a card discarded from
    its owner to the discard pile, a card given from the giver to the receiver, a card drawn from the deck to the
    drawer."""
    moves: list[Expected] = []
    for event in events:
        if isinstance(event, hc.Dealt):
            moves += [Expected(card, ("deck",), f"day {HC_CARDS[card].day}", "dealt") for card in event.cards]
        elif isinstance(event, hc.CardTaken):
            moves.append(Expected(event.card, (f"day {event.day}",), f"seat {event.seat}", "taken"))
        elif isinstance(event, hc.CardDiscarded):
            moves.append(Expected(event.card, (f"seat {event.seat}", "deck"), "discard", "discarded"))
        elif isinstance(event, hc.CardGiven):
            moves.append(Expected(event.card, (f"seat {event.seat}",), f"seat {event.to_seat}", "given"))
        elif isinstance(event, hc.CardDrawn) and event.card is not None:
            moves.append(Expected(event.card, ("deck",), f"seat {event.seat}", "drawn"))
    # A card that went back into the deck in the same move (the Divination, taken then shuffled back) ends there,
    # by way of the one who took it (the rulebook: they take it, then shuffle it back; it flew from its day
    # straight into the deck, as if no one had taken it)
    back = {event.card for event in events if isinstance(event, hc.ShuffledBack)}
    return [
        Expected(m.card, m.sources, "deck", m.kind + " and shuffled back", via=m.goal) if m.card in back else m
        for m in moves
    ]


def hc_check(segment: Segment, game: str = "house-cup") -> None:
    """One command's motions in House Cup against its events."""
    viewer = segment.viewer
    expected = hc_expected(segment.events, viewer)
    named = {move.card for move in expected}
    moved_cards = {move.card: [g for g in segment.glides if g.key == ("card", move.card)] for move in expected}
    for move in expected:
        glides = moved_cards[move.card]
        if not glides and segment.cut:  # (the screen passed on before its beat: it lies where it went)
            TALLY[f"{game}: {move.kind} (the screen passed on first)"] += 1
            continue
        assert glides, f"{move.card} {move.kind}: it never moved from {move.sources} to {move.goal}"
        first, last = glides[0], glides[-1]
        came = hc_zone_of(first.layout, centre(first.start), viewer)
        assert came in move.sources, f"{move.card} {move.kind}: flew from {came}, not from {move.sources}"
        ways = [hc_zone_of(glide.layout, centre(glide.target), viewer) for glide in glides]
        if move.via:  # first to the one who took it, then on to its goal
            stop = next((index for index, way in enumerate(ways) if way != move.via), len(ways))
            assert stop and ways[stop:], f"{move.card} {move.kind}: flew to {ways}, not by {move.via} to {move.goal}"
            ways = ways[stop:]
        for went in ways:
            assert went == move.goal, f"{move.card} {move.kind}: flew to {went}, not to {move.goal}"
        assert last.target.size != (0, 0)
        TALLY[f"{game}: card {move.kind}"] += 1
    for glide in segment.glides:  # a card moving with no event to say so stays where it was
        key = glide.key
        if not (isinstance(key, tuple) and key[0] == "card") or key[1] in named:
            continue
        came = hc_zone_of(glide.layout, centre(glide.start), viewer)
        went = hc_zone_of(glide.layout, centre(glide.target), viewer)
        assert came == went, f"{key[1]} flew from {came} to {went}, and no event of the move says so"
        TALLY[f"{game}: card re-laid in its place"] += 1
    hc_tokens(segment)
    hc_rewards(segment)


def hc_tokens(segment: Segment) -> None:
    """A token placed glides under the day it was placed on, from its owner's side (the viewer's own: from their
    tokens, or from where they let it go over the day)."""
    viewer = segment.viewer
    for event in segment.events:
        if not isinstance(event, hc.TokenPlaced):
            continue
        glides = [
            g for g in segment.glides if isinstance(g.key, tuple) and g.key[:3] == ("placed", event.seat, event.day)
        ]
        assert glides, f"{event}: no token glided under the day"
        glide = glides[-1]
        assert within(centre(glide.target), glide.layout.token_areas[event.day], 4), (
            f"{event}: the token glided to {glide.target}, not under day {event.day}"
        )
        came = hc_zone_of(glide.layout, centre(glides[0].start), viewer)
        sources = {f"seat {event.seat}"} | ({f"day {event.day}"} if event.seat == viewer else set())
        assert came in sources, f"{event}: the token came from {came}, not from {sources}"
        TALLY["house-cup: token placed"] += 1
    for event in segment.events:  # the viewer's own token back in hand: from under a day to their tokens
        if isinstance(event, hc.TokenReturned) and event.seat == viewer:
            glides = [g for g in segment.glides if g.key == ("held", viewer, event.value)]
            if not glides and segment.cut:
                continue
            assert glides, f"{event}: the token did not come back moving"
            came = hc_zone_of(glides[0].layout, centre(glides[0].start), viewer)
            assert came.startswith("day"), f"{event}: the token came back from {came}"
            assert within(centre(glides[-1].target), glides[-1].layout.my_tokens, 4), f"{event}: went elsewhere"
            TALLY["house-cup: own token back in hand"] += 1
    others = [g for g in segment.glides if isinstance(g.key, tuple) and g.key[0] == "placed"]
    placed = {(e.seat, e.day) for e in segment.events if isinstance(e, hc.TokenPlaced)}
    for glide in others:
        if (glide.key[1], glide.key[2]) not in placed:  # (a stack re-laid as it grew: under the same day)
            assert within(centre(glide.target), glide.layout.token_areas[glide.key[2]], 4), glide


def hc_rewards(segment: Segment) -> None:
    """Reward tokens fly from the supply to the seat that takes them, one flight a token."""
    viewer = segment.viewer
    wanted: Counter[int] = Counter()
    for event in segment.events:
        if isinstance(event, hc.RewardsTaken):
            wanted[event.seat] += event.count
    flown = [f for f in segment.flown if f.flight.kind == "reward"]
    got = Counter(f.flight.item for f in flown)
    assert got == wanted, f"reward tokens flown {dict(got)}, taken {dict(wanted)}"
    for item in flown:
        flight, layout = item.flight, item.layout
        assert within(flight.start, layout.supply, 4), f"a reward token flew from {flight.start}, not the supply"
        goal = layout.my_rewards if flight.item == viewer else layout.opponents[flight.item]
        assert within(flight.end, goal, 4), f"a reward token for seat {flight.item} flew to {flight.end}"
        TALLY["house-cup: reward token flown"] += 1


def hc_faces_hidden(game: Game) -> Callable[[], None]:
    """While tokens are placed, no token of another house is drawn with its value (the rulebook: placed "so that
    other players cannot see which token you placed"), not moving, not for one frame: the painter's calls are
    watched."""
    calls: list[tuple[str, int | None]] = []
    drawing = hc_painter.choice_token

    def watched(house: str, value: int | None, radius: int, lifted: bool = False) -> pygame.Surface:
        calls.append((house, value))
        return drawing(house, value, radius, lifted)

    hc_painter.choice_token = watched  # (put back by the test's monkeypatch)

    def check() -> None:
        state, viewer = game.match.state, game.table.view.seat
        if state.phase == "place":
            mine = state.houses[viewer]
            shown = [(house, value) for house, value in calls if house != mine and value is not None]
            assert not shown, f"another house's token drawn face up while tokens are placed: {shown}"
            TALLY["house-cup: frames with others' tokens face down"] += 1
        calls.clear()

    return check


def hc_open(seats: Sequence[str], seed: int, patch: pytest.MonkeyPatch, start: Any = None) -> tuple[Game, Recorder]:
    patch.setattr(hc_painter, "choice_token", hc_painter.choice_token)
    options = {"houses": list(start.houses), "first": 0} if start is not None else None
    game, recorder = open_moving("house-cup", seats, seed, options, start)
    recorder.lists = lambda: (game.table.flights,)
    recorder.after_draw.append(hc_faces_hidden(game))
    recorder.attach()
    return game, recorder


@pytest.mark.parametrize(
    ("seats", "seed", "decisions"), [(("human", "medium", "medium"), 4, 9), (("human", "human", "medium"), 6, 8)]
)
def test_house_cup_moves_what_the_events_say(seats: tuple[str, ...], seed: int, decisions: int, monkeypatch) -> None:
    game, recorder = hc_open(seats, seed, monkeypatch)
    tallied = Counter(TALLY)  # (each case is held to what it refereed itself: the second reached no take, and
    # passed on the first case's tally, failing when run alone)
    play_moving(recorder, decisions)
    settle(game)
    for segment in recorder.segments:
        hc_check(segment)
    assert_landed(recorder)
    mine = TALLY - tallied
    kinds = {kind for kind in mine if kind.startswith("house-cup: card")}
    assert {"house-cup: card dealt", "house-cup: card taken"} <= kinds, mine


def test_house_cup_a_divination_taken_by_another_goes_to_the_deck_and_its_draw_comes_from_it(monkeypatch) -> None:
    """Bram takes Divination from Wednesday: he draws the deck's top card and Divination is shuffled back into the
    deck (the rulebook's Divination). Divination vanished from Wednesday's column (it went nowhere), and the card he
    drew never came from the deck (a card another player had never shown was not drawn moving)."""
    state = position(houses=FOUR[:3], days={3: ["divination-2"]}, deck_top=["potions-1"])
    taking(state, 3, [(1, 1)])
    game, recorder = hc_open(("human", "medium", "medium"), 3, monkeypatch, state)
    for _ in range(600):
        if isinstance(game.app.scenes.top, ResultsScene):
            break
        game.driver.frames(1)
    segments = [s for s in recorder.segments if any(isinstance(e, hc.ShuffledBack) for e in s.events)]
    assert len(segments) == 1
    hc_check(segments[0])
    glides = [g.key for g in segments[0].glides]
    assert ("card", "divination-2") in glides and ("card", "potions-1") in glides


# --- House Cup Challenge ------------------------------------------------------------------------------------------


@dataclass
class Board:
    """Where each character stands, followed from the events alone (a walk's end, a jump's space, a swap)."""

    cells: list[str]

    def follow(self, event: Event) -> None:
        if isinstance(event, ch.Moved):
            self.cells[event.seat] = event.path[-1]
        elif isinstance(event, ch.Swapped):
            self.cells[event.seat], self.cells[event.other] = self.cells[event.other], self.cells[event.seat]


def challenge_check(segment: Segment, board: Board) -> None:
    """A walk of several spaces: one flight a space, from the space the character stood on along the Move's path,
    in order, each hop from a space to the next, the last ending on the path's last space; a step or a jump (the
    Floo Powder, a setback): a glide from the space left to the space named. A character that moves with no event
    to say so stays on its space."""
    moved: set[int] = set()
    for event in segment.events:
        before = list(board.cells)
        board.follow(event)
        if isinstance(event, ch.Swapped):
            moved |= {event.seat, event.other}
            for seat in (event.seat, event.other):
                challenge_glided(segment, seat, before[seat], board.cells[seat], "swap")
        if not isinstance(event, ch.Moved):
            continue
        seat, path = event.seat, event.path
        moved.add(seat)
        if event.start:
            assert event.start == before[seat], f"{event}: the walk starts from {before[seat]}"
        walks = [f for f in segment.flown if f.flight.kind == "walk" and f.flight.item == seat]
        if len(path) > 1:
            cells = [before[seat], *path]
            assert len(walks) == len(path), f"{event}: {len(walks)} steps walked for a path of {len(path)}"
            for (a, b), walked in zip(zip(cells, cells[1:], strict=False), walks, strict=True):
                flight, layout = walked.flight, walked.layout
                assert within(flight.start, layout.cells[a], 0) and within(flight.end, layout.cells[b], 0), (
                    f"{event}: a step walked {flight.start} -> {flight.end}, not {a} -> {b}"
                )
            TALLY[f"house-cup-challenge: walk of {len(path)} spaces"] += 1
        elif path[-1] != before[seat]:
            assert not walks, f"{event}: a walk for a single space"
            challenge_glided(segment, seat, before[seat], path[-1], event.how)
    for glide in segment.glides:
        key = glide.key
        if isinstance(key, tuple) and key[0] == "token" and key[1] not in moved:
            here = board.cells[key[1]]
            assert within(centre(glide.target), glide.layout.cells[here], 0), (
                f"seat {key[1]}'s character moved to {glide.target} off its space {here}, and no event says so"
            )
            TALLY["house-cup-challenge: character re-laid on its space"] += 1
        elif isinstance(key, tuple) and key[0] == "hand":
            assert within(centre(glide.target), glide.layout.hand, 0), f"{key[1]} glided out of the hand"
            own = glide.view.players[glide.view.seat].hand  # (no other seat's card moves in the hand's row)
            placing = [t.card for t in glide.view.tasks if t.kind == "place" and t.seat == glide.view.seat]
            assert key[1] in (*own, *placing), f"{key[1]}, not a card of the hand on screen, glided in it"
            TALLY["house-cup-challenge: hand card re-laid"] += 1


def challenge_cards_check(segment: Segment) -> None:
    """An Adventure Card played onto the board, and still there once the command is done, glides to its space from
    its player (the viewer's own from the hand's row, another player's from their panel), one placed from the deck
    from the deck's count; a card the viewer drew glides into the hand from the caption's row (the deck's count),
    above the cards; a completed card glides from the board to its player, a card another player takes (Accio!) to
    that player. No other card glides on the board. A card discarded (from a hand, or cleaned off the board at a New
    Year) glides from where it was (the board, the viewer's hand, another player's panel) to the discard pile's count
    in the hand's caption, and no other card does."""
    arrived = {e.card: e for e in segment.events if isinstance(e, (ch.CardPlayed, ch.CardPlaced))}
    drawn = {
        card
        for e in segment.events
        if isinstance(e, ch.CardsDrawn) and e.seat == segment.viewer and e.cards
        for card in e.cards
    }
    completed = {e.card: e.seat for e in segment.events if isinstance(e, ch.AdventureCompleted)}
    completed |= {e.card: e.seat for e in segment.events if isinstance(e, ch.CardTaken) and e.seat != segment.viewer}
    challenge_discards_check(segment)
    board: dict[str, Glide] = {}
    for glide in segment.glides:
        if not (isinstance(glide.key, tuple) and glide.key[0] == "board"):
            continue
        card = str(glide.key[1])
        if card in completed and within(centre(glide.target), glide.layout.players[completed[card]], 0):
            # a completed card goes from the board to the player who completed it
            assert within(centre(glide.start), glide.layout.board, 0), f"{card}, completed, glided from off the board"
            TALLY["house-cup-challenge: completed card glided to its player"] += 1
            continue
        board[card] = glide
    assert set(board) <= set(arrived), f"cards glided onto the board with no play: {set(board) - set(arrived)}"
    for card, event in arrived.items():
        glide = board.get(card)
        if glide is None:  # (fine when the card left the board at once: an encounter there, completed)
            on_board = segment.after is not None and segment.after.get(event.cell) == card
            assert segment.cut or not on_board, f"{event}: the card did not glide onto the board"
            continue
        layout = glide.layout
        # (a card placed from the deck comes from its count, in the hand's caption)
        own = event.seat == segment.viewer or isinstance(event, ch.CardPlaced)
        source = layout.hand if own else layout.players[event.seat]
        # (the viewer's own card dragged onto its space settles there from where it was let go, on that space)
        dropped = isinstance(event, ch.CardPlayed) and event.seat == segment.viewer
        start = centre(glide.start)
        assert within(start, source, 0) or (dropped and within(start, layout.cells[event.cell], 0)), (
            f"{event}: glided from {glide.start}, not from {source}"
        )
        assert within(centre(glide.target), layout.cells[event.cell], 0), f"{event}: glided off {event.cell}"
        TALLY[
            f"house-cup-challenge: card glided onto the board ({'own' if event.seat == segment.viewer else 'other'})"
        ] += 1
    for event in segment.events:  # Accio!: the viewer's taken card comes into the hand's row from its space
        if isinstance(event, ch.CardTaken) and event.seat == segment.viewer:
            glides = [g for g in segment.glides if g.key == ("hand", event.card)]
            if not glides and segment.cut:
                continue
            assert glides, f"{event}: the card did not glide into the hand"
            first = glides[0]
            assert within(centre(first.start), first.layout.cells[event.cell], 0), f"{event}: not from its space"
            assert within(centre(first.target), first.layout.hand_cards, 0), f"{event}: not into the hand"
            TALLY["house-cup-challenge: taken card glided into the hand"] += 1
    revealed = {  # the new card the viewer is to place shows first in the hand's row (unless placed at once)
        e.card for e in segment.events if isinstance(e, ch.CardRevealed) and e.placeable and e.seat == segment.viewer
    }
    for card in drawn | revealed:
        glides = [g for g in segment.glides if g.key == ("hand", card)]
        if not glides and (segment.cut or card in revealed):
            continue
        assert glides, f"{card}, drawn, did not glide into the hand"
        first = glides[0]
        assert (
            within(centre(first.start), first.layout.hand, 0) and centre(first.start)[1] < first.layout.hand_cards.top
        ), f"{card}, drawn, glided in from {first.start}, not from the caption's deck count"
        TALLY[f"house-cup-challenge: {'revealed' if card in revealed else 'drawn'} card glided in from the deck"] += 1


def challenge_discards_check(segment: Segment) -> None:
    """Each card going to the discard pile glides there from its place, and only such a card
    (``challenge_cards_check``)."""
    discarded = {e.card: e.seat for e in segment.events if isinstance(e, ch.CardDiscarded)}
    discarded |= {card: -1 for e in segment.events if isinstance(e, ch.BoardCleaned) for _cell, card in e.cards}
    gone = {str(g.key[1]): g for g in segment.glides if isinstance(g.key, tuple) and g.key[0] == "gone"}
    assert set(gone) <= set(discarded), f"cards glided to the discard pile, not discarded: {set(gone) - set(discarded)}"
    for card, seat in discarded.items():
        glide = gone.get(card)
        if glide is None:  # (the viewer's own card may have been scrolled out of the hand's row)
            assert segment.cut or seat == segment.viewer, f"{card}, discarded by seat {seat}, did not glide"
            continue
        layout = glide.layout
        source = layout.board if seat < 0 else layout.hand if seat == segment.viewer else layout.players[seat]
        assert within(centre(glide.start), source, 0), f"{card}, discarded, glided from {glide.start}, not {source}"
        end = centre(glide.target)
        assert within(end, layout.hand, 0) and end[1] < layout.hand_cards.top, f"{card}: to {end}, not the discard"
        whence = "the board" if seat < 0 else "the hand" if seat == segment.viewer else "a panel"
        TALLY[f"house-cup-challenge: discarded card glided to the pile from {whence}"] += 1


def challenge_glided(segment: Segment, seat: int, start: str, end: str, how: str) -> None:
    glides = [g for g in segment.glides if g.key == ("token", seat)]
    if not glides and segment.cut:
        return
    assert glides, f"seat {seat} went from {start} to {end} ({how}) and did not move"
    first, last = glides[0], glides[-1]
    assert within(centre(first.start), first.layout.cells[start], 0), f"seat {seat} ({how}) glided from off {start}"
    assert within(centre(last.target), last.layout.cells[end], 0), f"seat {seat} ({how}) glided off {end}"
    TALLY[f"house-cup-challenge: character glided ({how})"] += 1


# Three characters with every ability at 1 on a corridor, the person's hand of cards to play onto it: Tests fail,
# and their setbacks move the characters back (the prompt referee's rarer choices)
WEAK = {
    "characters": ("harry", "ron", "hermione"),
    "cells": ["D4"] * 3,
    "abilities": [(1, 1, 1)] * 3,
    "hands": [["Y1-25", "Y2-10", "Y5-09", "Y1-24", "Y1-01", "Y1-02"], ["Y1-03"], ["Y1-04"]],
}


@pytest.mark.parametrize(
    ("seats", "seed", "weak"), [(("human", "medium", "medium"), 1, True), (("human", "human"), 5, False)]
)
def test_house_cup_challenge_walks_the_path_the_move_gave(seats: tuple[str, ...], seed: int, weak: bool) -> None:
    characters = list(WEAK["characters"]) if weak else ["hermione", "ron", "neville", "harry"][: len(seats)]
    options = {"prefect": 0, "youngest": 0, "characters": characters}
    start = challenge_position(**WEAK, seed=seed) if weak else None
    game, recorder = open_moving("house-cup-challenge", seats, seed, options, start)
    board = Board([player.cell for player in game.match.state.players])
    tallied = Counter(TALLY)  # (what the tests before this one refereed: each case is held to its own)
    recorder.lists = lambda: (game.table.walks,)
    recorder.snapshot = lambda: dict(game.match.state.board)  # (the board each command left)
    recorder.attach()
    game.prefer = lambda command: isinstance(command, (ch.Move, ch.PlayHere, ch.Check, ch.DrawCards))  # (walks, Tests)
    play_moving(recorder, 14 if weak else 16)
    settle(game)
    for segment in recorder.segments:
        challenge_check(segment, board)
        challenge_cards_check(segment)
    assert [p.cell for p in game.match.state.players] == board.cells
    assert_landed(recorder)
    mine = TALLY - tallied
    assert any(kind.startswith("house-cup-challenge: walk") for kind in mine), mine
    assert any(kind.startswith("house-cup-challenge: card glided onto the board") for kind in mine), mine
    assert mine["house-cup-challenge: revealed card glided in from the deck"], mine
    if weak:  # (the two people's game of 16 moves draws no card and completes none)
        assert mine["house-cup-challenge: drawn card glided in from the deck"], mine
        assert mine["house-cup-challenge: completed card glided to its player"], mine


def test_house_cup_challenge_cards_cleaned_off_or_taken_glide_where_the_events_send_them() -> None:
    """At a New Year the clean-up sends the board's oldest cards to the discard pile: each glides there from its
    space. Then Accio! takes a face-up card into the person's hand: it comes in from its space."""
    state = challenge_position(
        characters=("harry", "ron"),
        cells=["E4", "H7"],
        board={"C3": "Y1-01", "E3": "Y1-08", "E5": "Y1-09", "F5": "Y2-02"},
        specials=[["accio"], []],
        hands=[["Y1-03"], ["Y1-04"]],
        seed=4,
    )
    state.year, state.track, state.step, state.tasks = 2, 200, 4, []
    start_new_year(state, [])  # (Year 3: the Year 1 cards are cleaned off once the feast and holidays are done)
    game, recorder = open_moving("house-cup-challenge", ("human", "medium"), 4, start=state)
    tallied = Counter(TALLY)
    recorder.attach()
    game.prefer = lambda command: isinstance(command, ch.UseSpecial) and command.card == "accio"
    play_moving(recorder, 8)
    settle(game)
    for segment in recorder.segments:
        challenge_cards_check(segment)
    assert_landed(recorder)
    mine = TALLY - tallied
    assert mine["house-cup-challenge: discarded card glided to the pile from the board"] >= 3, mine
    assert mine["house-cup-challenge: taken card glided into the hand"], mine


# --- That's Wizard! -----------------------------------------------------------------------------------------------

TW_CHANGES = {tw.StaminaLost: (-1, 0), tw.StaminaGained: (1, 0), tw.PowerChanged: (1, 1), tw.PowerPaid: (-1, 1)}
TW_CELLS = (MAX_STAMINA + 1, MAX_POWER + 1)  # a tracker row's cells: 0 to the most (the rulebook's trackers)


def tw_values(game: Game) -> list[tuple[int, int]]:
    return [(wizard.stamina, wizard.power) for wizard in game.match.state.wizards]


def tw_watch(game: Game, recorder: Recorder) -> Callable[[], None]:
    """Each frame: a new throw on the tray noted for the command being shown; dice at rest lie in the tray showing
    the values rolled; while spells are chosen, no face of another wizard's chosen card is drawn (the painter's
    ``card_face`` calls watched)."""
    faces: list[str] = []
    drawing = tw_painter.card_face

    def watched(card: str, *args, **kwargs) -> pygame.Surface:
        faces.append(card)
        return drawing(card, *args, **kwargs)

    tw_painter.card_face = watched  # (put back by the test's monkeypatch)
    state = {"throw": None}

    def check() -> None:
        table = game.table
        tray = table.dice
        if tray.current is not None and tray.current is not state["throw"] and recorder.segments:
            state["throw"] = tray.current
            recorder.segments[-1].throws.append(tray.current)
        if tray.current is not None and tray.dice and not tray.busy_throwing:
            for die in tray.dice:
                assert within(tuple(die.body.position), table.layout.tray, 2), (
                    f"a die lies off the tray at {die.body.position}"
                )
                assert tray.shown_value(die) == die.value, "a die at rest shows another value than it rolled"
            TALLY["thats-wizard: frames with dice at rest on their values"] += 1
        match_state, viewer = game.match.state, table.view.seat
        if table.view.stage == "choose":
            in_sight = set(match_state.wizards[viewer].hand)
            for wizard in match_state.wizards:
                in_sight |= set(wizard.seen)
            in_sight |= {p.card for p in table.view.last_plays if p.card} | {p.card for p in table.view.plays if p.card}
            in_sight |= {item.card for item in table.view.lasting}
            hidden = {
                w.choice.card
                for seat, w in enumerate(match_state.wizards)
                if seat != viewer and w.choice is not None and w.choice.card is not None
            } - in_sight
            shown = hidden & set(faces)
            assert not shown, f"another wizard's chosen card drawn face up before the reveal: {shown}"
            TALLY["thats-wizard: frames with others' chosen cards face down"] += bool(hidden)
        faces.clear()

    return check


def focus_gain(event: tw.Focused, power: int) -> tw.PowerChanged:
    """A Focus as the Power change it makes (none when it was blocked)."""
    gained = 0 if event.blocked else event.power - power
    return tw.PowerChanged(seat=event.seat, amount=gained, source="focus", by=event.seat, power=event.power)


def tw_check(segment: Segment, before: list[tuple[int, int]], names: Sequence[str]) -> None:
    """One command's motions in That's Wizard!: its rolls thrown in order with their values and names; each Stamina
    and Power change rising from its wizard's row, by its amount; each pawn gliding to the value the command left
    (and only a pawn whose value changed)."""
    rolls = [(e.values, tuple(names[s] for s in e.seats)) for e in segment.events if isinstance(e, tw.DiceRolled)]
    thrown = [(throw.values, throw.labels) for throw in segment.throws]
    assert thrown == rolls or (segment.cut and thrown == rolls[: len(thrown)]), f"thrown {thrown}, rolled {rolls}"
    TALLY["thats-wizard: dice thrown as rolled"] += len(thrown)
    numbers = [f for f in segment.flown if f.flight.kind == "number"]
    told = [list(values) for values in before]  # each wizard's Stamina and Power as the events so far leave them
    for event in segment.events:
        if isinstance(event, tw.Focused):  # Power back to 10: what it gave rises, as any other gain
            event = focus_gain(event, told[event.seat][1])
        change = TW_CHANGES.get(type(event))
        if change is None:
            continue
        sign, row = change
        told[event.seat][row] = event.power if row else event.stamina
        if not event.amount:
            continue
        said = f"{sign * event.amount:+d}"
        found = [
            f
            for f in numbers
            if f.flight.item[0] == said
            and event.seat in f.layout.zones
            and within(f.flight.start, f.layout.zones[event.seat].tracks[row], px(24))
        ]
        if event.seat not in segment.layout.zones:
            continue
        assert found, f"{event}: no {said} rose from seat {event.seat}'s row {row}"
        numbers.remove(found[0])
        assert found[0].flight.end[1] <= found[0].flight.start[1], f"{event}: the change sank"
        TALLY["thats-wizard: change rising from its row"] += 1
        TALLY["thats-wizard: Focus's gain rising"] += isinstance(event, tw.PowerChanged) and event.source == "focus"
    assert not numbers, f"changes rising that no event tells: {[f.flight.item[0] for f in numbers]}"
    for glide in segment.glides:
        key = glide.key
        if not (isinstance(key, tuple) and key[0] == "pawn"):
            continue
        seat, row = key[1], key[2]
        track = glide.layout.zones[seat].tracks[row]
        cell = int((glide.target.centerx - track.left) / (track.width / TW_CELLS[row]))
        if glide is [g for g in segment.glides if g.key == key][-1]:
            assert cell == segment.after[seat][row], f"seat {seat}'s row {row} pawn went to {cell}"
            assert before[seat][row] != segment.after[seat][row] or within(centre(glide.start), track, px(30))
            TALLY["thats-wizard: pawn glided to the new value"] += 1
    for seat, (old, new) in enumerate(zip(before, segment.after, strict=True)):
        for row in (0, 1):
            if old[row] != new[row] and not segment.cut and seat in segment.layout.zones:
                assert any(g.key == ("pawn", seat, row) for g in segment.glides), f"seat {seat}'s pawn {row} stayed"


@pytest.mark.parametrize(("seats", "seed"), [(("human", "medium"), 4), (("human", "human", "medium", "medium"), 2)])
def test_thats_wizard_moves_what_the_events_say(seats: tuple[str, ...], seed: int, monkeypatch) -> None:
    monkeypatch.setattr(tw_painter, "card_face", tw_painter.card_face)
    game, recorder = open_moving("thats-wizard", seats, seed)
    recorder.lists = lambda: (game.table.numbers,)
    recorder.snapshot = lambda: tw_values(game)
    recorder.after_draw.append(tw_watch(game, recorder))
    start = tw_values(game)
    recorder.attach()
    play_moving(recorder, 16)
    settle(game)
    names = game.table.session.names()
    for segment in recorder.segments:
        tw_check(segment, start, names)
        start = segment.after
    assert_landed(recorder)
    assert TALLY["thats-wizard: dice thrown as rolled"] and TALLY["thats-wizard: pawn glided to the new value"], TALLY


# --- Stupéfix ------------------------------------------------------------------------------------------------------


def sf_watch(game: Game, recorder: Recorder) -> Callable[[], None]:
    """Each frame of a reveal: the spells told are the event's (each seat's cast, its wand's target, the Stupefy it
    took), none shown before its turn, each Stupefy flying no further than its target; the reveal comes to an end."""

    def check() -> None:
        reveal = game.table.reveal
        if reveal is None or not recorder.segments:
            return
        events = [e for e in recorder.segments[-1].events if isinstance(e, sx.SpellsRevealed)]
        assert events, "a reveal with no spells revealed"
        event = events[-1]
        assert (reveal.casts, reveal.targets, reveal.hits) == (event.casts, event.targets, event.hits)
        for seat in range(len(event.casts)):
            cast = reveal.cast(seat)
            assert cast in (None, event.casts[seat]), f"seat {seat} shown casting {cast}"
            assert 0.0 <= reveal.flight(seat) <= 1.0
            if cast is None:
                assert reveal.flight(seat) == 0.0, f"seat {seat}'s spell flies before its turn"
        TALLY["stupefix: frames of a reveal"] += 1

    return check


def sf_zone(layout, name: int | str) -> Rect:
    """The row of rewards, the Late tokens' reserve, or a seat's place mat."""
    if name == "row":
        return layout.row[0].unionall(layout.row[1:])
    return layout.reserve if name == "reserve" else layout.seats[int(name)].rect


def sf_check(segment: Segment) -> None:
    """A reward taken flies from the row of rewards to its taker's seat; a Late token given back flies from its
    owner's seat to the reserve, one a stunned seat takes from the reserve to the seat; nothing else flies."""
    flown = list(segment.flown)
    moves: list[tuple[Event, str, str, int | str, int | str]] = []
    for event in segment.events:
        if isinstance(event, sx.RewardTaken):
            moves.append((event, "card", event.reward, "row", event.seat))
        elif isinstance(event, sx.RetardReturned):
            moves.append((event, "token", "retard", event.owner, "reserve"))
        elif isinstance(event, sx.SpellsRevealed):  # a seat stunned takes a Late token a Stupefy (not behind Protego)
            for seat, (cast, hits) in enumerate(zip(event.casts, event.hits, strict=True)):
                if cast != "protego":
                    moves += [(event, "token", "retard", "reserve", seat)] * hits
    for event, kind, item, source, goal in moves:
        found = [f for f in flown if f.flight.kind == kind and f.flight.item == item]
        if not found and segment.cut:
            continue
        assert found, f"{event}: nothing flew"
        flight, layout = found[0].flight, found[0].layout
        flown.remove(found[0])
        start = sf_zone(layout, source)
        end = sf_zone(layout, goal)
        assert within(flight.start, start, 2), f"{event}: flew from {flight.start}, not from {source} ({start})"
        assert within(flight.end, end, 2), f"{event}: flew to {flight.end}, not to {goal} ({end})"
        TALLY[f"stupefix: {kind} flown from the {'seat' if isinstance(source, int) else source}"] += 1
    assert not flown, f"flights no event tells: {[f.flight for f in flown]}"


@pytest.mark.parametrize(
    ("seats", "seed"), [(("human", "medium", "medium", "medium"), 11), (("human", "human", "medium", "medium"), 12)]
)
def test_stupefix_moves_what_the_events_say(seats: tuple[str, ...], seed: int) -> None:
    game, recorder = open_moving("stupefix", seats, seed)
    recorder.lists = lambda: (game.table.flights,)
    recorder.after_draw.append(sf_watch(game, recorder))
    recorder.attach()
    for _ in range(20_000):
        if game.match.state.round > 3:
            break
        if isinstance(game.app.scenes.top, PrivacyOverlay) and recorder.segments:
            recorder.segments[-1].cut = True
        if not stupefix_step(game):
            break
    settle(game)
    for segment in recorder.segments:
        sf_check(segment)
    assert_landed(recorder)
    assert TALLY["stupefix: card flown from the row"] and TALLY["stupefix: frames of a reveal"], TALLY


if __name__ == "__main__":

    class _Tally:
        def pytest_sessionfinish(self, session: pytest.Session) -> None:
            tally = session.items[0].module.TALLY if session.items else Counter()
            for kind, count in sorted(tally.items()):
                print(f"{count:6}  {kind}")

    raise SystemExit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"], plugins=[_Tally()]))
