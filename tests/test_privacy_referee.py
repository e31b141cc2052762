"""A referee for what stays HIDDEN: a seat's secrets never reach another seat's screen, view, log or bot.

What each game keeps secret, from the rulebooks (``/work/shared/seeds``, completions in ``/work/shared/rules``):

- House Cup: the numbered choice tokens, placed face down and held face down ("Keep your tokens in front of you,
  face down, so that other players cannot see which token you placed and which ones you still have") until the
  day's tokens are revealed; the deck's order; the cards a Help Searching for Points owner looks at at the end.
- Stupéfix: the spell cards in hand, the spell prepared in secret ("choisissez secrètement une carte ... face
  cachée") until the casts are revealed, Cast or Protego until all reveal at once, a Protego's card discarded
  face down (for ever), the face-down discards a Cours Particuliers looks through, the reward deck's order.
- House Cup Challenge: the hands (dealt face down), the order of the Adventure draw pile and of the Special deck.
- That's Wizard!: the hands, the Side Boards ("secretly choose any two spell cards"), the card and dial chosen each
  round until the reveal, the spellbooks until the match ends, the decks of spells; Scry's and Erase Memory's
  looks are for the caster only (the cards completion, section 5.11).

Two referees:

1. **Every frame** of real pass-and-play tables (two or more people, with and without bots), played through the
   tables' own gestures: what each frame draws is recorded (every text, from the renderer or the text cache, and
   every cached surface looked up: the card faces, House Cup's tokens, Stupéfix's seat mats), the screen's owner
   is read from the screen (the privacy cover up: nobody; else the person the table was handed to), and no
   secret of any other seat may be among what was drawn. Card zoom (a mouse resting on things), the log and the
   pause menu opened mid-game, Undo and the animations are met on the way.
2. **Views, events, logs and bots**: the contract test (``tests/protocol_checks.py``) proves that a state changed
   only in what a seat cannot see (the ``hide`` hooks) shows that seat the same View and legal commands. This
   goes on from there: the same View to the byte (its JSON), the same events and log lines addressed to it when
   the same command is played in both worlds, the same question sent to its bot by a real session (the View and
   the seed: the seed must not come from the game's seed nor its generator) and the same answer from every level.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

import tabletop.ui
from tabletop.bots import LEVELS, make_bot
from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command, Event, Game, IllegalCommand
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup_challenge.cards import ADVENTURES, CHARACTERS, SPECIALS
from tabletop.games.stupefix import events as sx
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.play import bot_worker
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.sprites.placed import HitMap
from tabletop.ui.tables import session_type_for
from tabletop.ui.tables.base import GameTable
from tests import contract_hooks as hooks
from tests.contract_hooks import copy_state
from tests.protocol_checks import HOOKS
from tests.test_prompt_referee import NAMES, give, person_at_screen, stupefix_step, wizard_ready
from tests.test_prompt_referee import Game as PlayedGame
from tests.ui_driver import Driver, bare_spot

# --- 1. every frame of pass-and-play tables ---------------------------------------------------------------------


class Recording(dict):
    """A cache's dict that notes every look-up (a surface drawn from the cache is drawn all the same)."""

    def __init__(self, name: str, found: list[tuple[str, Any]], *args: Any) -> None:
        super().__init__(*args)
        self.name, self.found = name, found

    def get(self, key: Any, default: Any = None) -> Any:
        self.found.append((self.name, key))
        return super().get(key, default)


@dataclass
class Drawn:
    """What one frame drew: every text (rendered, or taken from the text cache) and every cached surface looked up,
    as (function name, its arguments)."""

    texts: list[str] = field(default_factory=list)
    looked: list[tuple[str, Any]] = field(default_factory=list)
    table_drawn: bool = False  # whether the table itself was drawn (not only a cover over it)

    def clear(self) -> None:
        self.texts.clear()
        self.looked.clear()

    def args(self, name: str) -> Iterator[tuple]:
        """The arguments of each look-up of ``name``'s cache."""
        for found, key in self.looked:
            if found == name:
                yield key[0]


def cached_functions() -> dict[int, Callable]:
    """Every ``surface_cache``'d function of the app's screens, by the id of its cache."""
    for info in pkgutil.walk_packages(tabletop.ui.__path__, "tabletop.ui."):  # (a table's modules load with it)
        importlib.import_module(info.name)
    functions: dict[int, Callable] = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("tabletop.ui") or module is None:
            continue
        for value in vars(module).values():
            cells = getattr(value, "__closure__", None) or ()
            for cell in cells:
                contents = cell.cell_contents
                if isinstance(contents, dict) and any(contents is c for c in sprite_cache._CACHES):
                    functions[id(contents)] = value
    return functions


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """What each frame draws, recorded from now on (every frame is drawn)."""
    record = Drawn()
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    render = theme.Font.render

    def rendering(self: theme.Font, message: str, *args: Any, **kwargs: Any) -> Any:
        record.texts.append(message)
        return render(self, message, *args, **kwargs)

    monkeypatch.setattr(theme.Font, "render", rendering)

    class TextCache(dict):
        def get(self, key: Any, default: Any = None) -> Any:
            record.texts.append(key[0])
            return super().get(key, default)

    monkeypatch.setattr(theme, "_text_cache", TextCache())
    swapped = []
    for function in cached_functions().values():
        for cell in function.__closure__ or ():
            old = cell.cell_contents
            if isinstance(old, dict) and any(old is c for c in sprite_cache._CACHES):
                new = Recording(function.__name__, record.looked)
                index = next(i for i, c in enumerate(sprite_cache._CACHES) if c is old)
                sprite_cache._CACHES[index] = new
                cell.cell_contents = new
                swapped.append((cell, old, index))
    yield record
    for cell, old, index in swapped:
        old.clear()
        sprite_cache._CACHES[index] = old
        cell.cell_contents = old


def screen_owner(app: App, session: Any) -> int | None:
    """Whose screen it is, from what is on it: nobody's while the privacy cover is up (or under a menu opened from
    it), else the person the table was handed to (None: nobody yet)."""
    if any(isinstance(scene, PrivacyOverlay) for scene in app.scenes.stack):
        return None
    return session.shown_to


def titles(names: Iterable[str]) -> set[str]:
    """Cards' names, as a line may write them (a face is known by its card's id: ``FACES``)."""
    return set(names)


@dataclass
class Secrets:
    """What the screen's owner may not see now: card ids whose faces may not be drawn, names that may not be
    written, and other checks of the frame's look-ups (the game's own)."""

    ids: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    other: list[str] = field(default_factory=list)  # leaks found in the look-ups
    public: set[str] = field(default_factory=set)  # names in the open now: a line may name them from now on
    mine: set[str] = field(default_factory=set)  # names the owner sees now (its hand, a look): known to it since


def named(match: Match, cards: Iterable[str], seat: int | None) -> set[str]:
    """The cards of ``cards`` that an event addressed to ``seat`` named (to everyone, when ``seat`` is None): a card
    the rules name to the table, or to one seat, is known to it from then on."""
    ids = set(cards)
    out: set[str] = set()
    for batch in match.history:
        for event in batch:
            if event.to is None or (seat is not None and seat in event.to):
                out |= strings_in(to_json(event)) & ids
    return out


def strings_in(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings_in(value) for value in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(strings_in(value) for value in data)) if data else set()
    return set()


def house_cup_secrets(match: Match, owner: int | None, frame: Drawn, table: Any) -> Secrets:
    """The tokens of another seat face down (placed and not revealed, and those it holds while tokens are placed),
    the deck, and the cards another looks at with Help Searching for Points."""
    state = match.state
    found = Secrets()
    seat_of = {house: seat for seat, house in enumerate(state.houses)}
    for house, value, *_rest in frame.args("choice_token"):
        seat = seat_of.get(house)
        if value is None or seat is None or seat == owner:
            continue
        shown = {t.value for stack in state.under for t in stack if t.seat == seat and t.revealed}
        if state.phase != "place":
            shown |= set(state.held[seat])
        if value not in shown:
            found.other.append(f"{house}'s face-down token {value}")
    public = {card for cards in [*state.days, *state.tableau, state.discard] for card in cards}
    looked = {card for task in state.tasks if task.kind == "search" and task.seat != owner for card in task.cards}
    found.ids = (set(state.deck) | looked) - public  # (a deck card's face: each copy has its own id)
    # (the kinds' names are no secret, each is counted on its face: only what a search found is)
    found.public = titles(HC_CARDS[c].title for c in public)
    found.names = titles(HC_CARDS[c].title for c in looked) - found.public
    return found


def casts_revealed(match: Match) -> tuple[str, ...]:
    """What each seat cast this round, once the casts are revealed (the last reveal, unless a round began since)."""
    for batch in reversed(match.history):
        for event in reversed(batch):
            if isinstance(event, sx.SpellsRevealed):
                return event.casts
            if isinstance(event, sx.RewardsRevealed):
                return ()
    return ()


def stupefix_secrets(match: Match, owner: int | None, frame: Drawn, table: Any) -> Secrets:
    """Another seat's spells in hand, its prepared spell until the casts are revealed (a Protego's for ever)."""
    found = Secrets()
    names = table.session.names()
    revealed = casts_revealed(match)
    for args in [*frame.args("_mat"), *(a[2:] for a in frame.args("_mat_on_felt"))]:
        mat = args[0]
        seat = names.index(mat.name) if mat.name in names else None
        if seat is None or seat == owner:
            continue
        if isinstance(mat.hand, tuple) and mat.hand:
            found.other.append(f"{mat.name}'s hand {mat.hand}")
        cast = revealed[seat] if revealed else ""
        if mat.slot not in (None, "back") and mat.slot != cast:
            found.other.append(f"{mat.name}'s laid spell {mat.slot} (cast: {cast!r})")
    choice = getattr(table, "choice", None)
    if frame.table_drawn and choice is not None and table.session.secret_choice() and choice.view.seat != owner:
        found.other.append(f"the secret {choice.kind} choice of seat {choice.view.seat}")
    return found


def challenge_secrets(match: Match, owner: int | None, frame: Drawn, table: Any) -> Secrets:
    """Another's hand, the Adventure draw pile and the Special deck."""
    state = match.state
    found = Secrets()
    public = set(state.board.values()) | set(state.discard) | set(state.aside)
    public |= {card for player in state.players for card in player.completed}
    public |= {card for cards in state.year_decks.values() for card in cards}
    public |= {task.card for task in state.tasks if task.card}  # (step 5's new card, laid face up at once)
    if owner is not None:
        public |= set(state.players[owner].hand)
    hidden = {c for s, p in enumerate(state.players) if s != owner for c in p.hand} | set(state.draw)
    found.ids = (hidden - public) | set(state.special_deck)
    found.public = titles(ADVENTURES[c].title for c in public - hand_of(state, owner))
    found.public |= {SPECIALS[c].name for p in state.players for c in [*p.specials_up, *p.specials_down]}
    found.mine = titles(ADVENTURES[c].title for c in hand_of(state, owner))
    found.names = titles(ADVENTURES[c].title for c in hidden - public) - titles(ADVENTURES[c].title for c in public)
    return found


def hand_of(state: Any, owner: int | None) -> set[str]:
    return set(state.players[owner].hand) if owner is not None else set()


def wizard_secrets(match: Match, owner: int | None, frame: Drawn, table: Any) -> Secrets:
    """Another's hand, side board, pick before the reveal, spellbook and deck of spells, less every spell shown."""
    state = match.state
    found = Secrets()
    public: set[str] = set()
    for wizard in state.wizards:
        public |= set(wizard.seen) | set(wizard.shown)
    public |= {play.card for play in [*state.plays, *state.last_plays] if play.card}
    public |= {item.card for item in state.lasting} | {card for item in state.lasting for card in item.under}
    everyones = set(public)
    prompt = state.prompt
    if owner is not None:
        me = state.wizards[owner]
        public |= set(state.books[owner]) | set(me.hand) | set(me.side)
        if prompt is not None and prompt.seat == owner:
            public |= set(prompt.cards)
            if prompt.kind == "erase" and prompt.target >= 0:
                public |= set(state.wizards[prompt.target].hand)
    hidden: set[str] = set()
    for seat, wizard in enumerate(state.wizards):
        if seat != owner:
            hidden |= set(wizard.hand) | set(wizard.side) | set(state.books[seat])
            if wizard.choice is not None and wizard.choice.card:
                hidden.add(wizard.choice.card)
    found.ids = hidden - public
    found.names = titles(TW_CARDS[c].name for c in found.ids) - titles(TW_CARDS[c].name for c in public)
    found.public = titles(TW_CARDS[c].name for c in everyones)
    found.mine = titles(TW_CARDS[c].name for c in public - everyones)
    return found


SECRETS: dict[str, Callable[[Match, int | None, Drawn, Any], Secrets]] = {
    "house-cup": house_cup_secrets,
    "stupefix": stupefix_secrets,
    "house-cup-challenge": challenge_secrets,
    "thats-wizard": wizard_secrets,
}
# Names of other things that hold a card's name (House Cup Challenge's Ron's ability "Wizard's Chess Master" holds
# the Adventure "Wizard's Chess", the Special Card "Wingardium Leviosa" is an Adventure's name too): cut from a line
# before it is read.
MASKS = {
    "house-cup-challenge": sorted(
        [*(special.name for special in SPECIALS.values()), *(c.ability_en for c in CHARACTERS.values())],
        key=len,
        reverse=True,
    )
}


def masked(text: str, masks: Iterable[str]) -> str:
    for mask in masks:
        text = text.replace(mask, "\0")
    return text


NAMED = {  # the cards events may name, and their names
    "house-cup-challenge": (list(ADVENTURES), lambda card: ADVENTURES[card].title),
    "thats-wizard": (list(TW_CARDS), lambda card: TW_CARDS[card].name),
}
FACES = {  # the cached functions whose first argument is a card shown face up
    "card_face",
    "_card_face",
    "board_card",
    "special_face",
    "with_tokens",
    "_spell_face",
    "_hand_card",
}


@dataclass
class FrameReferee:
    """Checks each frame drawn at one table: no secret of anyone but the screen's owner among what it drew."""

    game_id: str
    table: Any
    frame: Drawn
    frames: int = 0
    covered: int = 0
    owners: Counter = field(default_factory=Counter)  # frames by their screen's owner
    seen_names: set[str] = field(default_factory=set)  # names shown in the open before: the people saw them
    seen_by: defaultdict = field(default_factory=lambda: defaultdict(set))  # and those a person saw alone

    def check(self) -> None:
        session, app = self.table.session, self.table.app
        match = session.match
        if match.result() is not None:
            return  # (the end reveals what the rules reveal)
        owner = screen_owner(app, session)
        self.frames += 1
        self.covered += owner is None
        self.owners[owner] += 1
        if owner is None and not any(isinstance(scene, PrivacyOverlay) for scene in app.scenes.stack):
            self.owners["the table in the open"] += 1
        for scene in app.scenes.stack:  # the log lists the events addressed to the screen's owner, no other's
            # (Stupéfix's -1, as None: no seat, the public lines only)
            assert not isinstance(scene, LogOverlay) or scene.seat in (None, owner) or scene.seat < 0, (
                f"{self.game_id}: the log of seat {scene.seat} is open on the screen of {owner}"
            )
        secrets = SECRETS[self.game_id](match, owner, self.frame, self.table)
        where = f"{self.game_id}, frame {self.frames}, the screen of {owner} ({type(app.scenes.top).__name__})"
        assert not secrets.other, f"{where}: {secrets.other}"
        faces = {str(args[0]) for name, key in self.frame.looked if name in FACES for args in [key[0]]}
        shown = faces & secrets.ids
        assert not shown, f"{where}: the faces of {sorted(shown)} are drawn"
        words = {masked(text, MASKS.get(self.game_id, ())) for text in self.frame.texts}
        if self.game_id in NAMED:  # (the cards an event named: known to the table, or to the seat told)
            cards, name = NAMED[self.game_id]
            told = {name(card) for card in named(match, cards, owner)}
        else:
            told = set()
        known = self.seen_names | self.seen_by[owner] | told
        said = {name for name in secrets.names - known if any(name in text for text in words)}
        assert not said, f"{where}: {sorted(said)} written: {[t for t in words if any(n in t for n in said)][:4]}"
        self.seen_names |= secrets.public
        self.seen_by[owner] |= secrets.mine


UNDRAWN = HitMap()  # a table's hits while a frame is drawn: still this one after it, the table was not drawn


def open_watched(
    game_id: str, controllers: Sequence[str], seed: int, frame: Drawn, animation: str = "Normal"
) -> tuple[PlayedGame, FrameReferee]:
    """``game_id`` at a real table, every frame it draws refereed from the first one on."""
    game = GAMES[game_id]
    app = App((1280, 800), settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    seats = [SeatInfo(NAMES[n], controller) for n, controller in enumerate(controllers)]
    players = len(seats)
    options = hooks.wizard_options(players, seed) if game_id == "thats-wizard" else game.default_options(players)
    referee = FrameReferee(game_id, None, frame)
    real_draw = app.draw

    def draw() -> None:
        frame.clear()
        table = referee.table
        hits = table.hits if table is not None else None
        if table is not None:
            table.hits = UNDRAWN
        real_draw()
        if table is not None:
            frame.table_drawn = table.hits is not UNDRAWN
            if not frame.table_drawn:
                table.hits = hits
        if table is not None:
            referee.check()

    app.draw = draw  # type: ignore[method-assign]
    app.go.table(Match(game, seats, options, seed))
    referee.table = app.scenes.stack[0]
    assert isinstance(referee.table, GameTable)
    driver = Driver(app)
    driver.frames(1)
    return PlayedGame(app, driver, app.scenes.stack[0], random.Random(seed)), referee


def look_around(game: PlayedGame, moment: int, tally: Counter) -> None:
    """What a person does beside moving, one thing a moment in turn: a mouse resting or a finger held on something
    on the table (a card enlarged), the log opened and closed, the pause menu opened and resumed."""
    driver, table = game.driver, game.table
    kind = moment % 5
    if kind in (0, 3) and table.hits.placed:
        spot = game.rng.choice(table.hits.placed).rect.center
        if kind == 0:
            driver.move(spot)
            driver.frames(40)  # (a mouse resting on a card enlarges it)
            driver.move((2, 2))
            tally["rested on something"] += 1
        else:
            driver.down(spot, finger=1)
            driver.frames(40)  # (a finger held on a card enlarges it)
            driver.up(spot, finger=1)
            tally["held a finger on something"] += 1
        driver.frames(2)
    elif kind == 1:
        driver.tap(table.bar[0].rect.center)  # the log
        if game.app.scenes.top is not table:
            tally["log opened"] += 1
            driver.frames(10)
            driver.key(pygame.K_ESCAPE)
    elif kind == 2:
        driver.tap(table.bar[3].rect.center)  # the menu
        top = game.app.scenes.top
        if isinstance(top, PauseOverlay):
            tally["menu opened"] += 1
            driver.frames(10)
            driver.tap(next(b for b in top.buttons if b.label == "Resume").rect.center)
    driver.frames(2)


def undo_now(game: PlayedGame, tally: Counter) -> None:
    """Undo pressed, as a person taking back their move does (when it is lit)."""
    undo = game.table.bar[1]
    if undo.enabled and game.app.scenes.top is game.table:
        before = len(game.match.log)
        game.driver.tap(undo.rect.center)
        tally["undone"] += len(game.match.log) < before


LOOK_EVERY = 3  # the people's moves between two looks around
UNDO_EVERY = 7  # and between two Undos


def play_watched(game: PlayedGame, ready: Callable[[], bool], decisions: int, tally: Counter) -> None:
    """The people's random legal moves through the table's gestures for ``decisions`` moves or to the results, the
    privacy cover passed as a person does; now and then a look around or an Undo."""
    app, driver, table = game.app, game.driver, game.table
    made = 0
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or made >= decisions:
            return
        if isinstance(top, PrivacyOverlay):
            tally["covers"] += 1
            driver.frames(4)  # (a few frames under the cover; then taken as a person does, once it is armed)
            top.ready()
            driver.frames(2)
            continue
        if top is table and ready():
            if made % LOOK_EVERY == 1 % LOOK_EVERY:
                look_around(game, made // LOOK_EVERY, tally)
            seat = table.view.seat
            give(game, game.choose(game.legal(seat)))
            made += 1
            if (made + 4) % UNDO_EVERY == 0:
                undo_now(game, tally)
            continue
        spot = bare_spot(table) if top is table and table.passing_line() else None
        if spot is not None:  # (the person done: a tap on the bare table passes the screen now)
            driver.tap(spot)
            continue
        driver.frames(2)
    raise AssertionError("the game went on and on")


def stupefix_watched(game: PlayedGame, decisions: int, tally: Counter) -> None:
    """Stupéfix's moments (the prompt referee's steps: choices, Ready, wands), a look around now and then."""
    for step in range(20_000):
        if step >= decisions or not stupefix_step(game):
            return
        if step % 40 == 7 and game.app.scenes.top is game.table and not game.table.busy():
            look_around(game, step // 40, tally)
    raise AssertionError("the game went on and on")


WATCHED = [  # game, seats (people and bots), seed, the people's decisions
    ("house-cup", ("human", "human", "medium"), 4, 26),
    ("stupefix", ("human", "human", "medium", "easy"), 6, 900),
    ("house-cup-challenge", ("human", "human", "medium"), 5, 40),
    ("thats-wizard", ("human", "human"), 3, 40),
    ("thats-wizard", ("human", "human", "medium", "human"), 2, 30),
]


@pytest.mark.parametrize(
    ("game_id", "seats", "seed", "decisions"), WATCHED, ids=lambda v: "-".join(v) if isinstance(v, tuple) else str(v)
)
def test_no_frame_shows_another_seats_secret(game_id, seats, seed, decisions, drawn):
    """Every frame of a pass-and-play game (two or more people, with bots) with the animations on: whoever's
    screen it is (nobody's under the privacy cover), nothing another seat keeps secret is drawn."""
    game, referee = open_watched(game_id, seats, seed, drawn)
    tally: Counter = Counter()
    if game_id == "stupefix":
        stupefix_watched(game, decisions, tally)
    else:
        ready = (
            (lambda: wizard_ready(game)) if game_id == "thats-wizard" else (lambda: person_at_screen(game) is not None)
        )
        play_watched(game, ready, decisions, tally)
    print(game_id, referee.frames, "frames,", referee.covered, "covered,", dict(referee.owners), dict(tally))
    assert referee.frames > 500 and referee.covered > 0 and len(referee.owners) >= 3


# --- 2. views, events, logs and bots ------------------------------------------------------------------------------

# The commands whose content the rules keep secret from the other seats, by kind (kinds sharing a name are one
# secret choice: That's Wizard!'s pass is an illegal play, chosen in secret as a card is); the other commands are
# made in the open (House Cup Challenge's every action, the rewards taken, the wands pointed).
SECRET_CHOICES = {
    "house-cup": {"PlaceToken": "token"},  # "place it face down"
    "stupefix": {"PrepareSpell": "prepare", "CastSpell": "cast"},  # "choisissez secrètement"; cast "tous en même temps"
    "house-cup-challenge": {},
    "thats-wizard": {"Play": "choice", "Pass": "choice", "ChooseSideBoard": "side", "KeepSpell": "scry"},
}
# The events by which the rules show something to the whole table (a deal, a reveal, a public draw, a die): where
# one differs between two worlds, what follows from it may differ too, and the command's events are not compared.
PUBLIC_REVEALS = {
    "house-cup": {"Dealt", "TokensRevealed", "CardDrawn", "ShuffledBack"},
    "stupefix": {"RewardsRevealed", "SpellsRevealed"},
    "house-cup-challenge": {"CardRevealed", "SpecialGained", "Reshuffled", "NewYear"},
    "thats-wizard": {"Revealed", "DiceRolled"},
}
CHOICES = 6  # an acting seat's legal commands compared at a step (all when fewer)
HARD_ITERATIONS = 6  # the Hard bot's search is capped by iterations, not time, so two runs can be compared


def as_json(value: Any) -> str:
    return json.dumps(to_json(value), sort_keys=True)


def options_of(game: Game, players: int, seed: int) -> dict[str, Any]:
    return HOOKS[game.id].options(players, seed)


def random_game(game: Game, players: int, seed: int, limit: int) -> Iterator[tuple[Any, Command]]:
    """The states of a seeded random game and the command played at each (the contract hooks' options and
    policy), up to ``limit`` commands."""
    hooks = HOOKS[game.id]
    state = game.setup(players, options_of(game, players, seed), seed)
    moves = random.Random(seed)
    for _ in range(limit):
        if game.result(state) is not None:
            return
        seat = moves.choice(game.to_act(state))
        legal = game.legal(state, seat)
        command = hooks.random_policy(state, seat, legal, moves) if hooks.random_policy else moves.choice(legal)
        yield state, command
        game.apply(state, command)


def played(game: Game, state: Any, command: Command) -> tuple[Any, list[Event]] | None:
    """``command`` played on a copy of ``state``: the state after and the events; None if refused there."""
    trial = copy_state(state)
    try:
        events = game.apply(trial, command)
    except IllegalCommand:
        return None
    return trial, events


def reveals(game: Game, events: Sequence[Event]) -> list[str]:
    """The events of ``events`` by which the rules show the whole table something (``PUBLIC_REVEALS``)."""
    return [as_json(e) for e in events if e.to is None and type(e).__name__ in PUBLIC_REVEALS[game.id]]


def told(game: Game, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[tuple[str, str]]:
    """The events addressed to ``seat`` (JSON) with the log line each makes."""
    return [(as_json(event), game.describe(event, names)) for event in events if event.visible_to(seat)]


def same_cards(one: Sequence[str], other: Sequence[str]) -> bool:
    return sorted(one) == sorted(other)


def piles_kept(game_id: str, state: Any, seat: int, rng: random.Random) -> Any:
    """``hide`` with the piles' order and the generator put back where the cards are the same: what comes off a pile
    in the open (a draw, a reward row, a reshuffle) is then the same in both worlds, and an event told differently
    can only come from what the seat holds hidden in hands, tokens and choices (House Cup Challenge: the others'
    hands dealt again among themselves only)."""
    other = HOOKS[game_id].hide(state, seat, rng)
    other.rng = copy_state(state.rng)
    if game_id in ("house-cup", "stupefix") and same_cards(other.deck, state.deck):
        other.deck = list(state.deck)
    elif game_id == "house-cup-challenge":
        other = copy_state(state)
        others = [p for s, p in enumerate(other.players) if s != seat]
        pool = [card for p in others for card in p.hand]
        rng.shuffle(pool)
        for player in others:
            size = len(player.hand)
            player.hand, pool = pool[:size], pool[size:]
    elif game_id == "thats-wizard":
        for deck, (now, before) in enumerate(zip(other.library, state.library, strict=True)):
            if same_cards(now, before):
                other.library[deck] = list(before)
    return other


@dataclass
class Tally:
    worlds: int = 0
    events_compared: int = 0
    bot_answers: int = 0
    questions: int = 0


def check_events_told(game: Game, state: Any, command: Command, seat: int, other: Any, tally: Tally) -> None:
    """The same command played in the real world and in one differing only in what ``seat`` cannot see (``hide``'s,
    or that with the piles as they were: ``piles_kept``): where the seat's View after is the same in both, so must
    be every event (and log line) addressed to it, unless a reveal the rules make to the whole table
    (``PUBLIC_REVEALS``) differs. An event that differs told it something of the other world its View does not
    show."""
    names = [f"P{n}" for n in range(8)]
    real, hidden = played(game, state, command), played(game, other, command)
    if real is None or hidden is None:
        return  # (another seat's command that its hidden cards decide: not one of the other world)
    (after, events), (after_other, events_other) = real, hidden
    if as_json(game.view(after, seat)) != as_json(game.view(after_other, seat)):
        return  # the command showed the seat something (a draw, a reveal): the events may differ as the view does
    if reveals(game, events) != reveals(game, events_other):
        return  # the rules showed the whole table something that differs (a card drawn in the open, a reveal)
    tally.events_compared += 1
    mine, theirs = told(game, events, seat, names), told(game, events_other, seat, names)
    assert mine == theirs, (
        f"{game.id}: seat {seat} is told different things after {command!r} in worlds it cannot tell apart: "
        f"{[line for line in mine if line not in theirs]} / {[line for line in theirs if line not in mine]}"
    )


def check_choices_told_alike(
    game: Game, state: Any, players: int, actor: int, tally: Tally, rng: random.Random
) -> None:
    """An acting seat's secret choices (``SECRET_CHOICES``: a token placed face down, a spell prepared, a card
    chosen) that another seat cannot tell apart by its View after tell it the same events and log lines: the
    secret in a command must not ride out on its events."""
    names = [f"P{n}" for n in range(8)]
    secret = SECRET_CHOICES[game.id]
    legal = [command for command in game.legal(state, actor) if type(command).__name__ in secret]
    commands = legal if len(legal) <= CHOICES else rng.sample(legal, CHOICES)
    outcomes = [played(game, state, command) for command in commands]
    for seat in range(players):
        if seat == actor:
            continue
        heard: dict[str, tuple[Command, list[tuple[str, str]]]] = {}
        for command, outcome in zip(commands, outcomes, strict=True):
            if outcome is None:
                continue
            after, events = outcome
            key = secret[type(command).__name__] + as_json(game.view(after, seat)) + as_json(reveals(game, events))
            lines = told(game, events, seat, names)
            if key in heard:
                first, said = heard[key]
                tally.events_compared += 1
                assert said == lines, (
                    f"{game.id}: seat {seat} cannot tell {first!r} from {command!r} by what it sees after, but is told "
                    f"{[line for line in said if line not in lines]} or {[line for line in lines if line not in said]}"
                )
            else:
                heard[key] = (command, lines)


def bot(game: Game, level: str) -> Any:
    made = make_bot(game, level)
    if level == "hard":  # (a search capped by its iterations, not by the clock)
        made.budget, made.max_iterations = 1e9, HARD_ITERATIONS
    return made


def check_bots_answer_alike(game: Game, state: Any, seat: int, other: Any, levels: Sequence[str], tally: Tally) -> None:
    """Every level answers the same in both worlds, with the same dice."""
    view, view_other = game.view(state, seat), game.view(other, seat)
    for level in levels:
        answer = bot(game, level).choose(view, Rng.from_seed(99))
        again = bot(game, level).choose(view_other, Rng.from_seed(99))
        assert answer == again, (
            f"{game.id}: the {level} bot of seat {seat} answers {answer} or {again} by what it cannot see"
        )
        tally.bot_answers += 1


class Questions:
    """A stand-in for the bot program: records each question (game, bot, the View's JSON, the seed)."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, str, int]] = []

    def ask(self, game_id: str, bot_id: str, view: Any, seed: int) -> int:
        self.asked.append((game_id, bot_id, as_json(view), seed))
        return len(self.asked)

    def answer(self, request: int) -> tuple[bool, Command | None, str | None]:
        return False, None, None

    def cancel(self) -> None:
        pass

    def wait(self, timeout: float) -> bool:
        return True


def question_of(
    game: Game, state: Any, options: dict[str, Any], seed: int, bots: Sequence[str], monkeypatch: pytest.MonkeyPatch
) -> tuple:
    """What a real session of a match opened at ``state`` (dealt from ``seed``) asks the first bot to act, with
    the seeds it would give a local Medium move and the table's own draws."""
    questions = Questions()
    monkeypatch.setattr(bot_worker, "worker", lambda: questions)
    seats = [SeatInfo(f"P{seat}", bots[seat]) for seat in range(len(bots))]
    session = session_type_for(game.id)(Match(game, seats, options, seed, to_json(state)))
    acting = next(seat for seat in game.to_act(state) if not session.is_human(seat))
    if getattr(session, "phase", "") == "target":
        session.ask_live_bot(acting, 0.0)  # (Stupéfix's wands: asked by the live count)
    else:
        session.update_bots(0.0, 0.0)
    assert questions.asked, f"{game.id}: no bot was asked"
    return questions.asked[0], session.bot_seed(acting), session.table_seed(), session.medium_move(acting)


PLAYERS = {"house-cup": (2, 4), "stupefix": (4, 6), "house-cup-challenge": (2, 4), "thats-wizard": (2, 4)}
LIMITS = {"house-cup": 200, "stupefix": 200, "house-cup-challenge": 260, "thats-wizard": 200}
STRIDE = {"house-cup": 1, "stupefix": 2, "house-cup-challenge": 3, "thats-wizard": 1}
BOT_EVERY = {"house-cup": 17, "stupefix": 23, "house-cup-challenge": 29, "thats-wizard": 31}


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_what_a_seat_cannot_see_changes_nothing_it_is_told_or_its_bot_does(game_id, monkeypatch):
    """At every ``STRIDE``-th step of seeded random games, for every seat: its View's JSON, the events and log lines
    of the command played (where its View after is the same), and, at every ``BOT_EVERY``-th step where it acts,
    every bot level's answer and the question a real session sends its bot, are the same in a world changed only in
    what it cannot see (``hide``), dealt from another seed."""
    game, hooks = GAMES[game_id], HOOKS[game_id]
    tally = Tally()
    perturb = random.Random(7)
    for players in PLAYERS[game_id]:
        for step, (state, command) in enumerate(random_game(game, players, 3 + players, LIMITS[game_id])):
            if step % STRIDE[game_id]:
                continue
            check_choices_told_alike(game, state, players, command.seat, tally, perturb)
            for seat in range(players):
                other = hooks.hide(state, seat, perturb)
                tally.worlds += 1
                view, view_other = as_json(game.view(state, seat)), as_json(game.view(other, seat))
                assert view == view_other, f"{game_id}: seat {seat}'s View (JSON) shows what it cannot see"
                check_events_told(game, state, command, seat, other, tally)
                check_events_told(game, state, command, seat, piles_kept(game_id, state, seat, perturb), tally)
                if step % BOT_EVERY[game_id] == 0 and seat in game.to_act(state):
                    check_bots_answer_alike(game, state, seat, other, LEVELS, tally)
                    bots = ["human" if s != seat else "hard" for s in range(players)]
                    options = options_of(game, players, 3 + players)
                    asked = question_of(game, state, options, 11, bots, monkeypatch)
                    assert asked == question_of(game, other, options, 12345, bots, monkeypatch), (
                        f"{game_id}: the session asks seat {seat}'s bot another question (View or seed) in a world "
                        "differing only in what it cannot see"
                    )
                    tally.questions += 1
    print(game_id, tally)
    assert tally.events_compared >= 50 and tally.bot_answers >= 6 and tally.questions >= 2, tally
