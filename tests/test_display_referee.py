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
changed since the last check must no longer be drawn where it was (nothing stale).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame
import pytest

from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup_challenge.cards import ADVENTURES
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.ui import theme
from tabletop.ui.scenes.overlays import PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.theme import px
from tests.test_prompt_referee import Game, give, open_game, person_at_screen, stupefix_step
from tests.test_results_referee import HC_SETS, hc_categories, hc_leaders
from tests.ui_driver import Driver, pass_on_now

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


def marked_frame(driver: Driver, wanted: Iterable[str]) -> Frame:
    """The next frame drawn with every cache emptied (each text rendered again), each of ``wanted`` painted as a
    flat block of its own ``marker`` colour instead of its letters; the frame's strings and where each block lies."""
    wanted = list(dict.fromkeys(wanted))
    colours = {text: marker(index) for index, text in enumerate(wanted)}
    drawn: list[str] = []
    render = theme.Font.render

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
        driver.app.frame(1 / 60)
    theme.reset_caches()  # (no marked block is drawn again from a cache)
    sprite_cache.reset_all()
    screen = driver.app.screen
    frame = Frame(drawn)
    for text, colour in colours.items():
        if text in drawn:
            mask = pygame.mask.from_threshold(screen, (*colour, 255), (2, 2, 2, 255))
            frame.found[text] = mask.get_bounding_rects()
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

    def check(
        self,
        figures: Sequence[Figure],
        hidden: Iterable[str] = (),
        marks: Iterable[str] = (),
        places: Callable[[Frame], None] | None = None,
    ) -> Frame:
        """Each figure drawn in its area; none stale (a key whose figure changed no longer shows the old one in its
        area); none of ``hidden`` drawn; then ``places`` looks at where ``marks`` (more words marked) lie."""
        hidden = set(hidden)
        stale = [self.last[f.key] for f in figures if f.key in self.last and self.last[f.key].text != f.text]
        current = {word for f in figures for word in (f.text, *f.any_of)}
        stale = [old for old in stale if old.text not in current]
        wanted = [*current, *(old.text for old in stale), *marks]
        frame = marked_frame(self.game.driver, wanted)
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
    referee.check(figures, (), [*digits, *names], places)


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


def stupefix_check(referee: Referee) -> None:
    table, state = referee.game.table, referee.game.match.state
    if table.reveal is not None or table.busy() or not uncovered(table) or state.phase == "over":
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

    def places(frame: Frame) -> None:
        for seat, spot in enumerate(layout.seats):  # another's hand: backs, never faces
            if seat == secret:
                continue
            faces = [
                p.item
                for p in table.hits.of_kind("term")
                if p.item in ("stupefix", "rate") and spot.hand.contains(p.rect)
            ]
            assert not faces, f"seat {seat}'s hidden cards drawn face up at the screen of {secret}: {faces}"

    referee.check(figures, (), (), places)


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
    referee.check(figures, hidden)


def wizard_ready(game: Game) -> bool:
    return person_at_screen(game) is not None and not game.table.showing_round()


# --- the tests ----------------------------------------------------------------------------------------------------

ALONE = ("human", "medium")
TWO = ("human", "human")


@pytest.mark.parametrize(
    ("seats", "seed"), [(ALONE + ("medium",), 3), (TWO + ("medium", "medium"), 5)], ids=["3", "4-two"]
)
def test_house_cup_shows_the_state(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("house-cup", seats, seed)
    referee = Referee(game)
    drive(game, lambda: person_at_screen(game) is not None, lambda: house_cup_check(referee), 12, every=2, between=0)
    assert referee.checked >= 4, referee.checked


@pytest.mark.parametrize(
    ("seats", "seed"), [(ALONE + ("medium",) * 2, 11), (TWO + ("medium",) * 2, 12)], ids=["4", "4-two"]
)
def test_stupefix_shows_the_state(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("stupefix", seats, seed)
    referee = Referee(game)
    stupefix_play(game, referee, 5, 25)
    assert referee.checked >= 4, referee.checked


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
