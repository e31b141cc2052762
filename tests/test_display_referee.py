"""A referee for what each table SHOWS: every number and count on the board, read against the match's state.

The other referees check what the app says (the results, the log, the prompts). This one checks the figures the
table draws during play: the piles' counts, the scores, the tokens, the hands' counts, the round, each drawn where
it belongs (inside the seat's plate, beside the pile, in the banner), and that no other seat's hidden card is drawn
at the person's screen.

Real tables are driven headless (``tests/ui_driver.py``), one person against bots and, where it matters, two people
with the privacy screen; the person's moves are random legal commands given by the table's own gestures. At sampled
moments one frame is drawn with every figure to check painted as a block of its own colour (``marked_frame``): where
the colour lies on the screen is where the figure was drawn. The expected figures are worked out from the state
(``table.session.match.state``) by the rulebooks, with none of the games' view or scoring code; a figure that
changed since the last check must no longer be drawn where it was (nothing stale). A check whose frame moved the
game on (a bot acted, the privacy screen came up) is left off: that frame may show either state.

Besides the words, some figures are placed: That's Wizard!'s tracker pawns (painted as blocks too, ``Pictures``)
stand on the cell of their value, each wizard's small dial shows its revealed value (or last round's) and never a
value chosen in secret, and the person's own dial has each number in its place round it; House Cup's chips tell
each opponent's sets by the figures the rulebook scores them on (a set's size, which Castle cards, whose Forward or
Uniform), and the person's stacks say how many at their foot; Stupéfix's counts each lie in their own part of the
mat (the hit map's), at 4, 6 and 8 seats. The results screens of all four games, opened on games played to the end,
show the rulebook's totals in each column and in the chart's legend, the Winner ribbon on the winners alone, and
each bar in its category, in its player's colour, as tall as its value, its value over it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame
import pytest

from tabletop.core.match import Match
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup.cards import KINDS as HC_KINDS
from tabletop.games.house_cup_challenge.cards import ADVENTURES
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes import words
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.house_cup.painter import CASTLE_CHIPS, PIXIE_CHIP, SHORT_NAMES
from tabletop.ui.theme import px
from tests.test_prompt_referee import Game, give, open_game, person_at_screen, stupefix_step
from tests.test_results_referee import (
    HC_CASTLE_TYPE,
    HC_FORWARD,
    HC_SETS,
    HC_UNIFORM,
    HCC_VP,
    NAMES,
    REFEREES,
    hc_categories,
    hc_forced_tie,
    hc_kind,
    hc_leaders,
    hcc_forced_tie,
    played,
    tw_drawn,
)
from tests.ui_driver import Driver, at_table, pass_on_now, until_results

Rect = pygame.Rect


# --- one frame with the figures marked ----------------------------------------------------------------------------


def marker(index: int) -> tuple[int, int, int]:
    """The colour the ``index``-th marked text is painted in: apart from its neighbours by 4 in red or 8 in green,
    with a blue no art of the tables uses flat."""
    return (2 + 4 * (index % 60), 3 + 8 * (index // 60), 251)


@dataclass
class Frame:
    """One frame's words (every string rendered) and where each marked one was painted."""

    drawn: list[str]
    found: dict[str, list[Rect]] = field(default_factory=dict)

    def where(self, text: str) -> list[Rect]:
        return self.found.get(text, [])

    def inside(self, text: str, area: Rect) -> bool:
        """Whether ``text`` was painted inside ``area`` (a piece of it, at least: a box of a few pixels)."""
        return any(
            area.colliderect(rect) and area.clip(rect).width * area.clip(rect).height >= 4 for rect in self.where(text)
        )


@dataclass(frozen=True)
class Pictures:
    """Images to paint as flat blocks too: ``module.function(name, size)`` (an image by its art name) is patched,
    and each image whose name is in ``colours`` comes back a block of that colour, found under its name."""

    module: object
    function: str
    colours: dict[str, tuple[int, int, int]]


def marked_frame(driver: Driver, wanted: Iterable[str], pictures: Pictures | None = None) -> Frame:
    """The next frame drawn with every cache emptied (each text rendered again), each of ``wanted`` painted as a
    flat block of its own ``marker`` colour instead of its letters (and each of ``pictures``' images as a block of
    its colour); the frame's strings and where each block lies."""
    wanted = list(dict.fromkeys(wanted))
    colours = {text: marker(index) for index, text in enumerate(wanted)}
    drawn: list[str] = []
    render = theme.Font.render
    shown: set[str] = set()
    image = getattr(pictures.module, pictures.function) if pictures is not None else None

    def picturing(name: str, *args, **kwargs) -> pygame.Surface:
        assert pictures is not None and image is not None
        surface = image(name, *args, **kwargs)
        colour = pictures.colours.get(name)
        if colour is None:
            return surface
        shown.add(name)
        block = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        block.fill((*colour, 255))
        return block

    def marking(self: theme.Font, message: str, *args, **kwargs) -> pygame.Surface:
        drawn.append(message)
        surface = render(self, message, *args, **kwargs)
        colour = colours.get(message)
        if colour is None or not surface.get_width():
            return surface
        block = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        block.fill((*colour, 255))
        return block

    theme.reset_caches()
    sprite_cache.reset_all()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme.Font, "render", marking)
        if pictures is not None:
            patch.setattr(pictures.module, pictures.function, picturing)
        driver.app.frame(1 / 60)
    theme.reset_caches()  # (no marked block is drawn again from a cache)
    sprite_cache.reset_all()
    screen = driver.app.screen
    frame = Frame(drawn)
    for text, colour in colours.items():
        if text in drawn:
            mask = pygame.mask.from_threshold(screen, (*colour, 255), (2, 2, 2, 255))
            frame.found[text] = mask.get_bounding_rects()
    for name, colour in (pictures.colours if pictures is not None else {}).items():
        if name in shown:
            mask = pygame.mask.from_threshold(screen, (*colour, 255), (2, 2, 2, 255))
            frame.found[name] = mask.get_bounding_rects()
    return frame


@dataclass
class Figure:
    """A figure the table must show: its words and the area they must lie in (None: anywhere on the screen)."""

    key: str
    text: str
    area: Rect | None = None
    any_of: tuple[str, ...] = ()  # other words that say it as well (a shorter form where room is short)


@dataclass
class Referee:
    game: Game
    last: dict[str, Figure] = field(default_factory=dict)  # the figures of the last check, by key
    checked: int = 0
    figures: int = 0
    moved: int = 0  # checks left off: the game moved on while their frame was drawn
    reached: Counter[str] = field(default_factory=Counter)  # what the places checks looked at, by kind

    def check(
        self,
        figures: Sequence[Figure],
        hidden: Iterable[str] = (),
        marks: Iterable[str] = (),
        places: Callable[[Frame], None] | None = None,
        pictures: Pictures | None = None,
        still: Callable[[], bool] | None = None,
    ) -> Frame:
        """Each figure drawn in its area; none stale (a key whose figure changed no longer shows the old one in its
        area); none of ``hidden`` drawn; then ``places`` looks at where ``marks`` (more words marked) lie."""
        hidden = set(hidden)
        stale = [self.last[f.key] for f in figures if f.key in self.last and self.last[f.key].text != f.text]
        current = {word for f in figures for word in (f.text, *f.any_of)}
        stale = [old for old in stale if old.text not in current]
        wanted = [*current, *(old.text for old in stale), *marks]
        moves = len(self.game.match.log)
        frame = marked_frame(self.game.driver, wanted, pictures)
        left = self.game.app.scenes.top is not self.game.table  # (the privacy screen came up in that frame)
        if len(self.game.match.log) != moves or left or (still is not None and not still()):
            self.moved += 1  # a bot moved in that frame (it may show either state), or the table changed its look
            return frame
        for figure in figures:
            said = [figure.text, *figure.any_of]
            assert any(word in frame.drawn for word in said), f"{figure.key}: {figure.text!r} is not drawn"
            if figure.area is not None:
                assert any(frame.inside(word, figure.area) for word in said), (
                    f"{figure.key}: {figure.text!r} is drawn at {[frame.where(w) for w in said]}, not in {figure.area}"
                )
        for old in stale:
            where = frame.inside(old.text, old.area) if old.area is not None else old.text in frame.drawn
            assert not where, f"{old.key}: the stale {old.text!r} is still drawn"
        shown = hidden & set(frame.drawn)
        assert not shown, f"hidden cards drawn at the person's screen: {sorted(shown)}"
        if places is not None:
            places(frame)
        self.last = {f.key: f for f in figures}
        self.checked += 1
        self.figures += len(figures)
        return frame


def uncovered(table) -> bool:
    """Whether the table lies bare: no choice panel over its middle (one dims the table under it)."""
    panel = table.panel
    return panel is None or panel.hidden or panel.docked


def drive(
    game: Game,
    ready: Callable[[], bool],
    check: Callable[[], None],
    decisions: int,
    every: int = 1,
    between: int = 0,
) -> int:
    """The game played (the person's random legal moves by the table's gestures, the privacy screen passed) for
    ``decisions`` of the person's moves or until the results; ``check`` before every ``every``-th of them and, with
    ``between``, at every ``between``-th still moment while others act. How many checks were made."""
    app, driver, table = game.app, game.driver, game.table
    made = checks = idle = 0
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or made >= decisions:
            return checks
        if isinstance(top, PrivacyOverlay):
            driver.frames(50)
            top.ready()
            driver.frames(2)
            continue
        if top is table and ready():
            seat = table.view.seat
            if made % every == 0 and uncovered(table):
                check()
                checks += 1
            give(game, game.choose(game.legal(seat)))
            made += 1
            continue
        if top is table and between and not table.busy() and not table.lingering():
            idle += 1
            if idle % between == 0 and uncovered(table):
                check()
                checks += 1
        if pass_on_now(driver):
            continue
        driver.frames(2)
    raise AssertionError("the game went on and on")


# --- House Cup ----------------------------------------------------------------------------------------------------


def pieces(name: str) -> list[str]:
    """A card's name as a face may draw it: whole, or its first line when it is drawn on two (``theme.halves``)."""
    return [name, theme.halves(name)[0]] if " " in name else [name]


def plural(count: int, one: str, many: str) -> str:
    return (one if abs(count) == 1 else many).format(count=count)


def house_cup_scores(state) -> list[int]:
    """Each seat's points if the game ended now: the rulebook's tables (``test_results_referee``)."""
    leaders = hc_leaders(state.tableau, state.houses)
    scores = []
    for seat, cards in enumerate(state.tableau):
        # the Flywheel of Time counts in the set its owner will choose at the end (the supplement: "a person is
        # offered the choice with the best one preselected"): till then, the best
        sets = [state.flywheel_set] if state.flywheel_set is not None else [*HC_SETS, None]
        flywheel = sets if "flywheel-1" in cards else [None]
        scores.append(
            max(
                sum(hc_categories(cards, state.rewards[seat], state.houses[seat], leaders, f).values())
                for f in flywheel
            )
        )
    return scores


def hc_chips(cards: Sequence[str]) -> list[str]:
    """The chips an opponent's cards are shown by, one for each kind held (the Pixie's free Trouble apart): what
    the rulebook's scores turn on is told on it. A set's size (Potions, Herbology, Creatures, Charms score by how
    many), which Castle cards (the three different ones make the set), whose Forward or Uniform (they score for a
    house). The words of the chips are the table's (``SHORT_NAMES``, ``CASTLE_CHIPS``); the figures are not."""
    kinds: dict[str, list[str]] = {}
    for card in cards:
        kinds.setdefault("pixie" if card == "trouble-1" else hc_kind(card), []).append(card)
    chips = []
    for kind, held in kinds.items():
        if kind == "pixie":
            chips.append(PIXIE_CHIP)
            continue
        name = SHORT_NAMES.get(kind, HC_KINDS[kind].name_en)
        if kind in ("forward", "uniform"):
            houses = {**HC_FORWARD, **HC_UNIFORM}
            chips.append(" ".join([name, *(houses[card][0] for card in held)]))
        elif kind == "castle":
            pieces = sorted(HC_CASTLE_TYPE[card] for card in held)
            chips.append("Castle: " + ", ".join(CASTLE_CHIPS[piece] for piece in pieces))
        else:
            chips.append(f"{name} {len(held)}" if len(held) > 1 else name)
    return chips


def hc_chips_places(referee: Referee, layout, state, viewer: int, hits) -> Callable[[Frame], None]:
    """Each opponent's chips in its panel (all of them, unless "..." says the panel ran out of room); the viewer's
    own sets: a stack of several cards says how many at its foot ("x3"), inside the stack."""
    chips = {seat: hc_chips(state.tableau[seat]) for seat in layout.opponents}
    stacks: dict[str, list[str]] = {}
    for card in state.tableau[viewer]:  # (a Forward or a Uniform in a stack of its house's)
        kind = "pixie" if card == "trouble-1" else hc_kind(card)
        house = HC_CARDS[card].variant if kind in ("forward", "uniform") else ""
        stacks.setdefault(f"{kind} {house}".strip(), []).append(card)

    def places(frame: Frame) -> None:
        for seat, rect in layout.opponents.items():
            drawn = [chip for chip in chips[seat] if frame.inside(chip, rect)]
            if not frame.inside("...", rect):
                assert drawn == chips[seat], f"seat {seat}'s chips: {drawn} drawn, {chips[seat]} held"
            referee.reached["chips"] += len(drawn)
            referee.reached["chips of several"] += sum(chip[-1].isdigit() for chip in drawn)
            for word in frame.drawn:  # no chip of a kind it does not hold, or of another size
                if frame.inside(word, rect) and word not in chips[seat]:
                    head = word.split(" ")[0].rstrip(":")
                    assert not any(chip.split(" ")[0].rstrip(":") == head for chip in chips[seat]), (seat, word)
        cards = {placed.item: placed.rect for placed in hits.of_kind("card")}
        for kind, held in stacks.items():
            if len(held) < 2 or len({HC_CARDS[card].variant for card in held}) > 1:
                continue  # (different Castle cards: no "x2", which read as two of the one on top)
            where = [cards[card] for card in held if card in cards]
            assert len(where) == len(held), f"your {kind}: {len(where)} of {len(held)} cards drawn"
            said = f"x{len(held)}"
            assert frame.inside(said, where[0].unionall(where)), f"your {kind}: {said!r} is not on the stack"
            referee.reached["stacks"] += 1

    return places


def house_cup_check(referee: Referee) -> None:
    table, state = referee.game.table, referee.game.match.state
    layout, viewer = table.layout, table.view.seat
    scores = house_cup_scores(state)
    figures = [
        Figure("round", f"Round {state.round} of {state.rounds}", layout.banner),
        Figure("deck", f"Deck {len(state.deck)}", layout.side),
        Figure("discard", f"Discard {len(state.discard)}", layout.side),
        Figure("supply", f"Reward tokens {state.supply}", layout.side),
        Figure("my rewards", f"Reward tokens x{state.rewards[viewer]}", layout.me),
        Figure("my cards", f"Your cards ({len(state.tableau[viewer])})", layout.me),
        Figure(
            "my points",
            plural(scores[viewer], "{count} point now", "{count} points now"),
            layout.me,
            (plural(scores[viewer], "{count} pt", "{count} pts"),),
        ),
    ]
    for seat, rect in layout.opponents.items():
        figures += [
            Figure(f"points {seat}", plural(scores[seat], "{count} pt", "{count} pts"), rect),
            Figure(f"rewards {seat}", f"x{state.rewards[seat]}", rect),
            Figure(f"cards {seat}", plural(len(state.tableau[seat]), "{count} card", "{count} cards"), rect),
        ]
    shown_days = {}
    for day, stack in enumerate(state.under):
        shown_days[day] = {str(t.value) for t in stack if t.revealed or t.seat == viewer}
    digits = ["1", "2", "3"]

    def places(frame: Frame) -> None:
        for day, area in enumerate(layout.token_areas):
            drawn = {digit for digit in digits if frame.inside(digit, area)}
            assert drawn == shown_days[day], f"day {day}: token values {drawn} drawn, {shown_days[day]} shown"
        for seat, rect in layout.opponents.items():
            # another's tokens in hand are face down while tokens are placed (the rulebook: "so that other players
            # cannot see which token you placed and which ones you still have"), face up once taken back
            held = set() if state.phase == "place" else {str(value) for value in state.held[seat]}
            drawn = {digit for digit in digits if frame.inside(digit, rect)}
            assert drawn == held, f"seat {seat}'s tokens in hand: {drawn} drawn, {held} shown ({state.phase})"
        for day, cards in enumerate(state.days):
            for card in cards:
                said = pieces(HC_CARDS[card].title)
                assert any(frame.inside(word, layout.columns[day]) for word in said), (day, card)

    names = [word for cards in state.days for card in cards for word in pieces(HC_CARDS[card].title)]
    chips = [chip for seat in layout.opponents for chip in hc_chips(state.tableau[seat])]
    stacks = [f"x{count}" for count in range(2, 12)]
    sets = hc_chips_places(referee, layout, state, viewer, table.hits)

    def all_places(frame: Frame) -> None:
        places(frame)
        sets(frame)

    referee.check(figures, (), [*digits, *names, *chips, *stacks, "..."], all_places)


# --- Stupéfix ----------------------------------------------------------------------------------------------------

SF_ROUNDS = 8  # the rulebook: "A chacune des 8 manches"
SF_URN = {"points10": 10, "points20": 20, "points40": 40}  # the Points cards' values
SF_HOUSES = ("Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin")


def stupefix_held(state, seat: int) -> tuple[int, int]:
    """How many Stupefy a seat's hidden cards (its hand and the card it laid) may hold, as a player at the table
    counts them: those it began with and took, less those it cast face up; the cards it laid face down may have
    been Stupefy too. The true count lies between the two."""
    unseen = state.start_stupefix[seat] + state.gained_stupefix[seat] - state.shown_stupefix[seat]
    cards = len(state.hands[seat]) + bool(state.prepared[seat])
    held = (state.hands[seat] + [state.prepared[seat] or ""]).count("stupefix")
    fewest, most = max(0, unseen - len(state.laid_down[seat])), min(unseen, cards)
    assert fewest <= held <= most, (seat, fewest, held, most)
    return fewest, most


def under_pile(pile: Rect) -> Rect:
    """A pile and the lines of its captions under it (centred on it, wider than it)."""
    return Rect(pile.left - px(90), pile.top, pile.width + px(180), pile.height + px(60))


def stupefix_bare(table) -> bool:
    """Whether the table lies still and bare: no reveal playing, nothing moving, no panel over its middle (with
    eight seats the docked panel lies over the piles and the urn: "Peek at the table" shows them)."""
    if table.reveal is not None or table.busy() or not uncovered(table):
        return False
    panel = table.panel
    return panel is None or panel.hidden or not panel.rect.colliderect(table.layout.centre)


def stupefix_check(referee: Referee) -> None:
    table, state = referee.game.table, referee.game.match.state
    if not stupefix_bare(table) or state.phase == "over":
        return
    layout = table.layout
    up_r = sum(card.kind == "rate" for card in state.spell_discard)
    up_s = len(state.spell_discard) - up_r
    figures = [
        Figure("round", f"Round {state.round} of {SF_ROUNDS}", layout.centre.union(layout.banner)),
        Figure("deck", f"Deck {len(state.deck)}", under_pile(layout.deck)),
        Figure("discard", f"Discard: {up_s} Stupefy", under_pile(layout.discard)),
        Figure("discard 2", f"{up_r} Misfire, {len(state.face_down)} face down", under_pile(layout.discard)),
    ]
    playing = [house for house in SF_HOUSES if house in state.urns]
    width = layout.urn.width // len(playing)
    for index, house in enumerate(playing):
        tube = Rect(layout.urn.left + index * width, layout.urn.top, width, layout.urn.height)
        figures.append(Figure(f"urn {house}", str(sum(SF_URN.get(c, 0) for c in state.urns[house])), tube))
        pending = sum(sum(state.round_points[s]) for s in range(len(state.houses)) if state.houses[s] == house)
        if pending:
            figures.append(Figure(f"pending {house}", f"+{pending}", tube))
    secret = table.secrets_of
    for seat, spot in enumerate(layout.seats):
        for kind, count in (
            ("late", state.retard[seat]),
            ("potions", state.potions[seat]),
            ("favours", state.faveurs[seat]),
        ):
            figures.append(Figure(f"{kind} {seat}", f"×{count}", spot.tokens.union(spot.hand)))
        if sum(state.round_points[seat]):
            figures.append(Figure(f"points {seat}", f"+{sum(state.round_points[seat])}", spot.rect))
        cards = len(state.hands[seat]) + bool(state.prepared[seat])
        if seat != secret and cards:
            fewest, most = stupefix_held(state, seat)
            said = f"×{most}" if fewest == most else f"×{fewest}-{most}"
            figures.append(Figure(f"stupefy {seat}", said, spot.hand.inflate(px(8), px(8))))

    mats = [MatCounts.of(state, seat) for seat in range(len(layout.seats))]

    def places(frame: Frame) -> None:
        for seat, spot in enumerate(layout.seats):
            stupefix_counts_in_place(table, mats[seat], spot.rect, frame)
            referee.reached["mats"] += 1
        for seat, spot in enumerate(layout.seats):  # another's hand: backs, never faces
            if seat == secret:
                continue
            faces = [
                p.item
                for p in table.hits.of_kind("term")
                if p.item in ("stupefix", "rate") and spot.hand.contains(p.rect)
            ]
            assert not faces, f"seat {seat}'s hidden cards drawn face up at the screen of {secret}: {faces}"

    # (The Ready cue hides none of these figures: with eight seats it lay over the piles and the urn till Ready.)
    referee.check(figures, (), (), places, still=lambda: stupefix_bare(table))


SF_TOKENS = ("retard", "potion", "faveur")  # a mat's counts, each by its own token (the hit map's terms)


@dataclass(frozen=True)
class MatCounts:
    """What one seat's mat must count, taken from the state before the frame is drawn (a frame may move the game
    on: a bot acts)."""

    seat: int
    house: str
    counts: dict[str, int]  # by SF_TOKENS
    points: int

    @classmethod
    def of(cls, state, seat: int) -> MatCounts:
        counts = (state.retard[seat], state.potions[seat], state.faveurs[seat])
        points = sum(state.round_points[seat])
        return cls(seat, state.houses[seat], dict(zip(SF_TOKENS, counts, strict=True)), points)


def stupefix_counts_in_place(table, expected: MatCounts, mat: Rect, frame: Frame) -> None:
    """Each count on a seat's mat drawn in its own part of it (the part the hit map gives the Late tokens, the
    Potions, the Favours; the round's points in the house's score): two counts swapped are caught, and a count
    equal to another is told apart by where it lies. A count is drawn in no other part but one of an equal count."""
    seat, counts = expected.seat, expected.counts
    parts: dict[str, Rect] = {}
    for placed in [*table.hits.of_kind("term"), *table.hits.of_kind("score")]:
        if placed.item in (*SF_TOKENS, expected.house) and mat.contains(placed.rect):
            parts[placed.item] = placed.rect
    assert set(SF_TOKENS) <= set(parts), f"seat {seat}'s mat has no part for {set(SF_TOKENS) - set(parts)}"
    for kind, count in counts.items():
        said = f"×{count}"
        assert frame.inside(said, parts[kind]), f"seat {seat}'s {kind} {said!r} is not in its part {parts[kind]}"
        for other, rect in parts.items():
            if other in SF_TOKENS and counts[other] != count:
                assert not frame.inside(said, rect), f"seat {seat}'s {kind} {said!r} is drawn in the {other}'s part"
    if expected.points:
        said = f"+{expected.points}"
        assert expected.house in parts and frame.inside(said, parts[expected.house]), f"seat {seat}'s points {said}"


def stupefix_play(game: Game, referee: Referee, rounds: int, every: int) -> None:
    """Stupéfix's moments played (the prompt referee's steps: choices, Ready, wands) until ``rounds`` are over,
    the check at every ``every``-th step."""
    for step in range(20_000):
        if game.match.state.round > rounds or not stupefix_step(game):
            return
        if step % every == 0 and game.app.scenes.top is game.table:
            stupefix_check(referee)
    raise AssertionError("the game went on and on")


# --- House Cup Challenge -----------------------------------------------------------------------------------------


def challenge_check(referee: Referee) -> None:
    table, state = referee.game.table, referee.game.match.state
    layout, viewer = table.layout, table.view.seat
    names = table.session.names()
    figures = [Figure("track", f"Gryffindor: {state.track} / 500", layout.side)]
    for seat, player in enumerate(state.players):
        rect = layout.players[seat]
        figures.append(Figure(f"vp {seat}", f"{player.vp} VP", rect))
        for ability in "KSH":
            figures.append(Figure(f"{ability} {seat}", f"{ability}{player.abilities[ability]}", rect))
        done = len(player.completed)
        said = f"{len(player.hand)} in hand - {done} done"
        if player.character == "harry" and player.harry_used:
            said += " - Harry's walk-past used"
        figures.append(Figure(f"counts {seat}", said, rect))
    hand = state.players[viewer].hand
    caption = f"{names[viewer]}'s hand ({plural(len(hand), '{count} card', '{count} cards')})"
    figures.append(Figure("hand", caption, layout.hand, (f"New card + {caption}",)))  # (a card drawn to place first)
    # Another's hand: no name of its cards drawn, unless a card of the same name lies in sight
    in_sight = {ADVENTURES[card].title for card in [*hand, *state.board.values(), *state.discard, *state.aside]}
    in_sight |= {ADVENTURES[card].title for player in state.players for card in player.completed}
    hidden = {ADVENTURES[c].title for s, p in enumerate(state.players) if s != viewer for c in p.hand} - in_sight
    hidden |= {ADVENTURES[c].title for c in state.draw} - in_sight

    def places(frame: Frame) -> None:
        year = f"Year {state.year} - "
        assert any(line.startswith(year) for line in frame.drawn), f"{year!r}: the year is not drawn"
        if not state.setup:
            said = f"Year {state.year} - Round {state.round} - "
            assert any(line.startswith(said) for line in frame.drawn), f"{said!r}: the round is not drawn"
        piles = f"Deck {len(state.draw)} - discard {len(state.discard)}"
        special = f" - Special deck {len(state.special_deck)}"
        assert any(line.startswith(piles) and line.endswith(special) for line in frame.drawn), (piles, special)

    referee.check(figures, hidden, (), places)


# --- That's Wizard! -------------------------------------------------------------------------------------------------

TW_TARGETS = {2: 2, 4: 3}  # the rulebook: the duels a player (1 vs 1) or a side (Duos) must win
TW_TEAMS = ("Blue", "Yellow")
# The rulebook's tracker: Stamina 0 to 20 (the red pawn), Power 0 to 10 (the blue pawn), a cell for each value.
TW_TRACKS = ((20, "thats_wizard/pawn_red"), (10, "thats_wizard/pawn_blue"))
TW_DIAL = 10  # the Spell Power dial: 0 to 10 around it
TW_PAWNS = Pictures(
    __import__("tabletop.ui.tables.thats_wizard.painter", fromlist=["scaled"]),
    "scaled",
    {TW_TRACKS[0][1]: marker(1000), TW_TRACKS[1][1]: marker(1001)},
)


def wizard_dials(state, viewer: int) -> dict[int, int | None]:
    """The value each wizard's dial by its card shows (None: no value): a revealed play's dial; while cards are
    chosen, last round's card lies face up with its dial, except the viewer's once it has chosen again (its pick is
    said under it). The rulebook: the card and dial are chosen "secretly" and revealed together, so a wizard's
    dial chosen and not yet revealed is never drawn."""
    dials: dict[int, int | None] = {}
    for seat, wizard in enumerate(state.wizards):
        play = next((p for p in state.plays if p.seat == seat), None)
        last = next((p for p in state.last_plays if p.seat == seat), None)
        dials[seat] = None
        if play is not None:
            dials[seat] = play.dial if play.card is not None else None
        elif state.stage == "choose" and last is not None and last.card is not None:
            chosen = wizard.choice is not None and wizard.dueling
            dials[seat] = None if chosen and seat == viewer else last.dial
    return dials


def dial_spot(dial: Rect, value: int) -> tuple[float, float]:
    """Where ``value`` lies on the Spell Power dial: 0 at the top, the eleven numbers evenly round it clockwise,
    three quarters of the way out."""
    angle, reach = math.radians(value * 360 / (TW_DIAL + 1)), dial.width / 2 * 0.76
    return dial.centerx + reach * math.sin(angle), dial.centery - reach * math.cos(angle)


def wizard_places(referee: Referee, table, state, viewer: int) -> Callable[[Frame], None]:
    layout = table.layout
    dials = wizard_dials(state, viewer)
    numbers = [str(value) for value in range(TW_DIAL + 1)]

    def places(frame: Frame) -> None:
        for seat, zone in layout.zones.items():
            wizard = state.wizards[seat]
            shown = {n for n in numbers if frame.inside(n, zone.slot_dial)}
            expected = set() if dials[seat] is None else {str(dials[seat])}
            assert shown == expected, f"seat {seat}'s dial shows {shown}, not {expected} ({state.stage})"
            choice = wizard.choice
            if seat != viewer and choice is not None and choice.dial is not None and state.stage == "choose":
                secret = str(choice.dial)
                assert secret not in shown or secret in expected, f"seat {seat}'s secret dial {secret} is drawn"
                referee.reached["secret dials"] += 1
            for row, (value, (last, pawn)) in enumerate(zip((wizard.stamina, wizard.power), TW_TRACKS, strict=True)):
                track = zone.tracks[row]
                near = [r for r in frame.where(pawn) if r.colliderect(track.inflate(0, px(8)))]
                assert near, f"seat {seat}'s {pawn} is not drawn on its tracker"
                whole = near[0].unionall(near)  # (a line drawn over the pawn cuts a sliver off its block)
                assert whole.width <= track.height + px(12), f"seat {seat}'s {pawn} pawns: {near}"
                cell = math.floor((whole.centerx - track.left) / (track.width / (last + 1)))
                assert cell == value, f"seat {seat}'s {pawn} stands on {cell}, not {value}"
                referee.reached["pawns"] += 1
        if state.stage == "choose" and state.wizards[viewer].choice is None and state.wizards[viewer].dueling:
            for value in range(TW_DIAL + 1):  # the person's own dial, being turned: each number in its place
                x, y = dial_spot(layout.dial, value)
                spots = [r for r in frame.where(str(value)) if layout.dial.contains(r)]
                assert any(abs(r.centerx - x) <= 3 and abs(r.centery - y) <= 3 for r in spots), (value, (x, y), spots)
            referee.reached["own dials"] += 1

    return places


def wizard_check(referee: Referee) -> None:
    table, state = referee.game.table, referee.game.match.state
    if table.busy() or not uncovered(table) or table.showing_round() or state.stage in ("over", "pairing"):
        return
    layout, viewer = table.layout, table.view.seat
    figures = []
    for team in (0, 1):
        tag = f"{TW_TEAMS[team]} {state.tokens[team]}/{TW_TARGETS[state.players]}"
        figures.append(Figure(f"team {team}", tag, layout.banner))
    duel = (
        f"Duel {state.duel}" if state.players == 2 else "Sudden-death set" if state.duel == 3 else f"Set {state.duel}"
    )
    if state.stage not in ("sideboard",) and state.round:
        figures.append(Figure("duel", f"{duel} - round {state.round}", layout.banner))
    seen: set[str] = set()
    for seat, zone in layout.zones.items():
        wizard = state.wizards[seat]
        figures.append(Figure(f"stamina {seat}", f"Stamina {wizard.stamina}", zone.tracker))
        figures.append(Figure(f"power {seat}", f"Power {wizard.power}", zone.tracker))
        counts = f"hand {len(wizard.hand)}  side {len(wizard.side)}"
        if wizard.streak:
            counts = f"Counterspell x{wizard.streak}  {counts}"
        figures.append(Figure(f"counts {seat}", counts, zone.name))
        seen |= set(wizard.seen) | set(wizard.shown)
    for play in [*state.plays, *state.last_plays]:
        seen.add(play.card or "")
    seen |= {item.card for item in state.lasting} | {card for item in state.lasting for card in item.under}
    me = state.wizards[viewer]
    seen |= set(me.hand) | set(me.side) | {me.choice.card or "" if me.choice else ""}
    others = [w for s, w in enumerate(state.wizards) if s != viewer]
    secret = {card for w in others for card in [*w.hand, *w.side]}
    secret |= {w.choice.card for w in others if w.choice is not None and w.choice.card and state.stage == "choose"}
    hidden = {TW_CARDS[card].name for card in secret} - {TW_CARDS[card].name for card in seen if card}
    numbers = [str(value) for value in range(TW_DIAL + 1)]
    referee.check(figures, hidden, numbers, wizard_places(referee, table, state, viewer), TW_PAWNS)


def wizard_ready(game: Game) -> bool:
    return person_at_screen(game) is not None and not game.table.showing_round()


# --- the results screens ------------------------------------------------------------------------------------------


@dataclass
class Column:
    """What one column of the results screen must show, worked out by the rulebook (``test_results_referee``)."""

    total: int
    winner: bool
    name: str | None  # (Stupéfix: a house's column names its players together)
    bars: dict[str, int] | None  # the chart's bars by category (None: That's Wizard!'s Stamina, not a score)


def results_columns(match: Match) -> list[Column]:
    """Each column's total, whether it wins, and its bars, by the rulebooks' scoring, column by column as the
    results screen orders them (a seat each; Stupéfix a house each, in the order of the seats)."""
    state, game_id = match.state, match.game.id
    expected = REFEREES[game_id](match)
    winners = set() if expected.reason == "draw" else set(expected.winners)  # (a draw: nobody's column wins)
    seats = range(len(match.seats))
    if game_id == "stupefix":
        houses = list(dict.fromkeys(state.houses))
        first = [state.houses.index(house) for house in houses]
        bars = expected.detail["bars"]
        return [Column(expected.scores[s], s in winners, None, bars[state.houses[s]]) for s in first]
    if game_id == "house-cup":
        bars = expected.detail["bars"]
        return [Column(expected.scores[s], s in winners, NAMES[s], bars[s]) for s in seats]
    if game_id == "house-cup-challenge":
        columns = []
        for seat, player in enumerate(state.players):
            years = {
                f"Year {y}": sum(HCC_VP[c] for c in player.completed if c.startswith(f"Y{y}-")) for y in range(1, 6)
            }
            columns.append(Column(expected.scores[seat], seat in winners, NAMES[seat], years))
        return columns
    return [Column(expected.scores[s], s in winners, NAMES[s], None) for s in seats]


def results_of_match(match: Match) -> tuple[Driver, ResultsScene]:
    """``match``, finished, opened at a table of its own: its results screen."""
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    driver, _table = at_table(app, match, frames=3)
    scene = until_results(driver)
    driver.frames(2)
    return driver, scene


def bars_of(frame_screen: pygame.Surface, colour: tuple[int, int, int], area: Rect) -> list[Rect]:
    """The blocks of a bar's flat colour inside ``area`` (a bar's fill, inside its dark outline)."""
    mask = pygame.mask.from_threshold(frame_screen, (*colour, 255), (1, 1, 1, 255))
    return [r for r in mask.get_bounding_rects() if area.contains(r) and r.width >= 2 and r.height >= 1]


def results_check(match: Match, reached: Counter[str]) -> None:
    """Every figure of the results screen where it belongs: each column's total (and name) in its column, the
    Winner ribbon on the winners' columns alone, each total beside its player's swatch in the chart's legend, and
    each bar: in its category's group, in its player's colour, as tall as its value against the others, with its
    value over it. The figures are the rulebook's (``test_results_referee``'s verdict), not the screen's data."""
    driver, scene = results_of_match(match)
    data, columns = scene.data, results_columns(match)
    assert len(data.players) == len(columns)
    categories = [scene.category(key) for key in data.categories]
    values = {words.number(v) for c in columns for v in (c.bars or {}).values()}
    wanted = [words.number(c.total) for c in columns] + [f" {words.number(c.total)}" for c in columns]
    wanted += [c.name for c in columns if c.name] + ["Winner", *categories, *values]
    frame = marked_frame(driver, wanted)
    screen, chart = driver.app.screen, scene.chart
    for index, (column, rect) in enumerate(zip(columns, scene.columns, strict=True)):
        head = Rect(rect.centerx, rect.top, rect.width // 2, px(84))  # the total, top right
        said = words.number(column.total)
        assert frame.inside(said, head), f"column {index}: the total {said!r} is not at its head ({frame.where(said)})"
        if column.name:
            assert frame.inside(column.name, rect), f"column {index}: {column.name!r} is not in its column"
        ribbon = Rect(rect.left, rect.top - px(16), rect.width, px(32))
        assert frame.inside("Winner", ribbon) == column.winner, f"column {index}: Winner ribbon, {column.winner}"
        swatches = bars_of(screen, data.colour(index), chart)
        legend = [r for r in swatches if r.left >= chart.right - px(200)]
        assert legend, f"column {index}: no swatch in the legend"
        row = Rect(legend[0].right, legend[0].top - px(4), chart.right - legend[0].right, legend[0].height + px(8))
        in_legend = frame.inside(f" {said}", row)
        # (the legend's totals are the bars' sums; That's Wizard!'s duels won are not, and are not in it)
        assert in_legend == data.legend_totals, (
            f"column {index}: the legend's total {said!r} by its swatch: {in_legend}"
        )
        reached["columns"] += 1
    if columns[0].bars is None:
        return
    labels = [min(r.centerx for r in frame.where(c) if chart.contains(r)) for c in categories]
    group = labels[1] - labels[0]
    found: list[tuple[int, str, int, Rect, list[Rect]]] = []  # column, category, value, its group, its bars there
    for index, column in enumerate(columns):
        assert column.bars is not None
        bars = [r for r in bars_of(screen, data.colour(index), chart) if r.left < chart.right - px(200)]
        for key, x in zip(data.categories, labels, strict=True):
            span = Rect(x - group // 2, chart.top, group, chart.height)
            found.append((index, key, column.bars[key], span, [r for r in bars if span.contains(r)]))
    tallest = max(found, key=lambda f: abs(f[2]))
    assert len(tallest[4]) == 1, f"the tallest bar, {tallest[:3]}: {tallest[4]}"
    scale = (tallest[4][0].height + 2) / abs(tallest[2])  # pixels a point (the fill lies inside a 1-px outline)
    for index, key, value, span, mine in found:
        if not value:
            assert not mine, f"column {index}'s {key} is 0: bars {mine}"
            continue
        if abs(value) * scale < 4:  # (a bar of a pixel or two has no fill inside its outline)
            assert len(mine) <= 1, f"column {index}'s {key} ({value}): bars {mine}"
            continue
        assert len(mine) == 1, f"column {index}'s {key} ({value}): bars {mine}"
        (bar,) = mine
        assert abs(bar.height + 2 - abs(value) * scale) <= 2, f"column {index}'s {key} ({value}): {bar} is not as tall"
        said = words.number(value)
        over = [r for r in frame.where(said) if abs(r.centerx - bar.centerx) <= 2 and span.contains(r)]
        fits = theme.text(said, 13).get_width() <= bar.width + 2 + px(2)
        assert over or not fits, f"column {index}'s {key}: {said!r} is not by its bar {bar}"
        reached["bars"] += 1


# --- the tests ----------------------------------------------------------------------------------------------------

ALONE = ("human", "medium")
TWO = ("human", "human")


@pytest.mark.parametrize(
    ("seats", "seed"), [(ALONE + ("medium",), 3), (TWO + ("medium", "medium"), 5)], ids=["3", "4-two"]
)
def test_house_cup_shows_the_state(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("house-cup", seats, seed)
    referee = Referee(game)
    drive(game, lambda: person_at_screen(game) is not None, lambda: house_cup_check(referee), 24, every=3, between=0)
    assert referee.checked >= 4, referee.checked
    assert referee.reached["chips"], referee.reached
    if len(seats) == 3:  # (its game reaches sets of several cards in the moves played)
        assert referee.reached["chips of several"] and referee.reached["stacks"], referee.reached


@pytest.mark.parametrize(
    ("seats", "seed", "rounds"),
    [
        (ALONE + ("medium",) * 2, 11, 5),
        (TWO + ("medium",) * 2, 12, 5),
        (ALONE + ("medium",) * 4, 13, 3),
        (TWO + ("medium",) * 6, 14, 3),
    ],
    ids=["4", "4-two", "6", "8-two"],
)
def test_stupefix_shows_the_state(seats: tuple[str, ...], seed: int, rounds: int) -> None:
    game = open_game("stupefix", seats, seed)
    referee = Referee(game)
    stupefix_play(game, referee, rounds, 25)
    assert referee.checked >= 4, referee.checked
    assert referee.reached["mats"] >= 4 * len(seats), referee.reached


@pytest.mark.parametrize(("seats", "seed"), [(ALONE + ("medium",), 3), (TWO, 5)], ids=["3", "2-two"])
def test_house_cup_challenge_shows_the_state(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("house-cup-challenge", seats, seed)
    referee = Referee(game)
    drive(game, lambda: person_at_screen(game) is not None, lambda: challenge_check(referee), 16, every=2, between=0)
    assert referee.checked >= 4, referee.checked


@pytest.mark.parametrize(("seats", "seed"), [(ALONE, 4), (TWO + ("medium", "medium"), 2)], ids=["2", "4-two"])
def test_thats_wizard_shows_the_state(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("thats-wizard", seats, seed)
    referee = Referee(game)
    drive(game, lambda: wizard_ready(game), lambda: wizard_check(referee), 14, every=2, between=0)
    assert referee.checked >= 4, referee.checked
    assert referee.reached["secret dials"] and referee.reached["own dials"], referee.reached


@pytest.mark.parametrize(
    ("game_id", "players", "seed"),
    [
        ("house-cup", 3, 1),
        ("house-cup", 4, 2),
        ("stupefix", 4, 3),
        ("stupefix", 7, 4),
        ("house-cup-challenge", 2, 1),
        ("house-cup-challenge", 4, 2),
        ("thats-wizard", 2, 1),
        ("thats-wizard", 4, 2),
    ],
)
def test_results_screens_show_the_rulebooks_scores(game_id: str, players: int, seed: int) -> None:
    reached: Counter[str] = Counter()
    results_check(played(game_id, players, seed), reached)
    assert reached["columns"] == players if game_id != "stupefix" else reached["columns"] >= 2, reached
    assert reached["bars"] >= 3 or game_id == "thats-wizard", reached


def test_results_screens_of_ties_and_draws() -> None:
    """Several winners' ribbons (a shared House Cup, a House Cup Challenge tie shared) and none on a drawn match."""
    reached: Counter[str] = Counter()
    results_check(hc_forced_tie(3, 0), reached)
    results_check(hcc_forced_tie(3, 0, "shared"), reached)
    results_check(tw_drawn(3, False), reached)
    assert reached["columns"] == 8, reached
