"""A referee for how each table fits its window, at every moment of a game, not only at its first.

Seeded games of all four games (one person against bots) are played at real tables (``tests/ui_driver.py``), the
person's moves given through the table's own gestures (``gesture_for``, posted as mouse events). At sampled moments
the person is to act, the window is resized through the sizes the product must serve and the table drawn at each:

- the least window the app allows (640x400: its screens drawn at 1024x640 and shown scaled down), the least size
  the screens are laid out for (1024x640), a desktop (1920x1080), an upright tablet (800x1280) and the least
  upright window (640x737, drawn at 1024x1180), and, in runs of their own, the largest interface size with large
  text (200%, ``theme.Scale``) at 1024x640 and upright;

and at each:

1. every legal command of the person (the rules' list, from the match) has a gesture on the table as drawn, each of
   its presses inside the window, on the open choice panel when the panel offers the command and clear of it when
   the table does; the topmost thing the table placed under a press on the table is the card, token or reward the
   command names (its own hit map, as the table's input reads it); the command given is given at one of the sizes
   in turn, through posted events: the table's own hit-testing answers it at every size in the course of a game;
2. every thing the table placed (``HitMap``: cards, cells, tokens, seats, plates, chips) and every button shown lies
   inside the window;
3. the texts drawn onto the window in one frame (each ``theme.Font.render`` surface marked, its blits onto the
   screen recorded, measured by its inked pixels) do not overlap one another: the table's among themselves, and
   what is drawn over the table (the choice panel, an enlarged card, a message: ``draw_overlays``) among itself. A
   number rising and fading from a score or a tracker (drawn with a surface alpha) passes over what lies there by
   design and is left out;
4. (House Cup Challenge) the cards the person drew are in view in their hand's row when they next act.

Run as a script to see how many moments, targets and texts were refereed, and what was found, by game:
``PYTHONPATH=. python tests/test_layout_referee.py``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.games import GAMES
from tabletop.games.house_cup_challenge import events as ch
from tabletop.games.stupefix import events as sx
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.sprites import cache as sprite_cache
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
from tabletop.ui.tables.stupefix.layout import cue_kept
from tests import contract_hooks as hooks
from tests import stupefix_ui_helpers as stupefix_ui
from tests import test_prompt_referee as referee
from tests import test_stupefix_ui_pacing as pacing_tests
from tests.contrast_probe import BlitsOneByOne
from tests.house_cup_challenge_positions import position as challenge_position
from tests.ui_driver import Driver, at_table

LEAST_WINDOW = theme.SMALLEST_WINDOW  # 640x400: drawn at 1024x640, shown scaled down
LEAST_UPRIGHT = (theme.SMALLEST_WINDOW[0], int(theme.SMALLEST_WINDOW[0] * theme.TALL) + 1)  # 640x737
SIZES = (LEAST_WINDOW, theme.MIN_SIZE, (1920, 1080), (800, 1280), LEAST_UPRIGHT)
NAMES = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gwen", "Hal")
LARGE_SIZES = (theme.MIN_SIZE, (800, 1280))  # with the largest interface size and large text
FINDINGS: Counter[str] = Counter()  # (as a script: what was found, by kind)
CHECKED: Counter[str] = Counter()  # moments and targets refereed, by game


# --- the texts of a frame ---------------------------------------------------------------------------------------

TEXTS: dict[int, tuple[pygame.Surface, str]] = {}  # id of a text surface -> (the surface, its words)


@dataclass(frozen=True)
class Drawn:
    words: str
    rect: pygame.Rect  # its inked pixels on the window
    layer: str  # "table", or "over" for what is drawn over the table (the panel, a zoom, a message)


class Screen(BlitsOneByOne):
    """The window as the table draws onto it: where each marked text lands (its subsurfaces too)."""

    drawn: list[Drawn]
    layer = "table"

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = pygame.Surface.blit(self, source, dest, area, special_flags)
        text = TEXTS.get(id(source))
        fading = source.get_alpha() is not None and source.get_alpha() < 255  # (a number rising and fading)
        if text is not None and text[0] is source and done.width and done.height and not fading:
            self.note(source, text[1], dest, area)
        return done

    def note(self, source: pygame.Surface, words: str, dest: Any, area: Any) -> None:
        x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        inked = source.get_bounding_rect()
        if area is not None:
            area = pygame.Rect(area)
            inked = inked.clip(area).move(-area.x, -area.y)
        ox, oy = self.get_abs_offset()
        rect = inked.move(x + ox, y + oy).clip(self.get_clip().move(ox, oy))
        if rect.width > 1 and rect.height > 1:
            root = self.get_abs_parent()
            getattr(root, "drawn", self.drawn).append(Drawn(words, rect, Screen.layer))


def mark_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text surface rendered from now on (and squeezed by ``fit_width``) is known by its words."""
    render, fit = theme.Font.render, theme.fit_width

    def rendering(self: theme.Font, message: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = render(self, message, *args, **kwargs)
        if message.strip():
            TEXTS[id(surface)] = (surface, message)
        return surface

    def fitting(label: pygame.Surface, width: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        out = fit(label, width, *args, **kwargs)
        text = TEXTS.get(id(label))
        if out is not label and text is not None and text[0] is label:
            TEXTS[id(out)] = (out, text[1])
        return out

    monkeypatch.setattr(theme.Font, "render", rendering)
    monkeypatch.setattr(theme, "fit_width", fitting)
    theme.reset_caches()
    sprite_cache.reset_all()


def drawn_frame(table: GameTable) -> tuple[pygame.Surface, list[Drawn]]:
    """The table drawn once onto a window of its size: the frame, and the texts drawn on it."""
    screen = Screen(table.app.screen.get_size())
    screen.drawn = []
    draw_overlays = table.draw_overlays

    def over(surface: pygame.Surface) -> None:
        Screen.layer = "over"
        try:
            draw_overlays(surface)
        finally:
            Screen.layer = "table"

    table.draw_overlays = over  # type: ignore[method-assign]
    try:
        table.draw(screen)
    finally:
        del table.draw_overlays
    return screen, screen.drawn


# --- the checks at one moment ----------------------------------------------------------------------------------


@dataclass
class Moment:
    game: str
    size: tuple[int, int]
    large: bool
    problems: list[str] = field(default_factory=list)

    def fault(self, kind: str, what: str) -> None:
        where = f"{self.game} at {self.size[0]}x{self.size[1]}{' large' if self.large else ''}"
        self.problems.append(f"{where}: {kind}: {what}")
        FINDINGS[f"{self.game}: {kind}"] += 1


def window(table: GameTable) -> pygame.Rect:
    return pygame.Rect((0, 0), table.app.screen.get_size())


def check_placed(table: GameTable, moment: Moment) -> None:
    """Everything the table placed, and every button it shows, lies inside the window."""
    screen = window(table)
    for placed in table.hits.placed:
        if not screen.contains(placed.rect):
            moment.fault("placed outside the window", f"{placed.kind} {placed.item!r} at {tuple(placed.rect)}")
    buttons = [*table.controls(), *(table.panel.buttons() if table.panel is not None else ())]
    for button in buttons:
        if getattr(button, "visible", True) and not screen.contains(button.rect):
            moment.fault("button outside the window", f"{getattr(button, 'label', button)!r} at {tuple(button.rect)}")


def check_targets(table: GameTable, moment: Moment, seat: int, legal: list[Command]) -> None:
    """Every legal command of the person has a gesture whose presses lie in the window, on what they name."""
    screen, panel = window(table), table.panel
    panel_open = panel is not None and not panel.hidden
    for command in legal:
        if isinstance(command, sx.PointWand) and command.target is None:
            continue  # (pointing at nobody: letting the count run out)
        try:
            gesture = table.gesture_for(command)
        except AssertionError as error:
            if not scrolls_to(table, command):
                moment.fault("no gesture target", f"{command}: {error}")
            continue
        on_panel = panel is not None and any(option.command == command for option in panel.options)
        for action in gesture:
            for pos in action[1:]:
                if not screen.collidepoint(pos):
                    moment.fault("target outside the window", f"{command}: {action[0]} at {pos}")
                elif panel_open and not on_panel and panel.covers(pos):
                    moment.fault("target under the choice panel", f"{command}: {action[0]} at {pos}")
        if not on_panel:
            named_under(table, moment, command, gesture[0])
        CHECKED[f"{moment.game}: targets"] += 1


def scrolls_to(table: GameTable, command: Command) -> bool:
    """House Cup Challenge's hand is a scrolling row: a card out of it is reached by the arrows, shown inside."""
    if not isinstance(command, (ch.PlayHere, ch.PlayThere)):
        return False
    arrows = (table.hand_left, table.hand_right)  # type: ignore[attr-defined]
    return all(arrow.visible and window(table).contains(arrow.rect) for arrow in arrows)


NAMED = ("card", "reward", "hand")


def named_under(table: GameTable, moment: Moment, command: Command, action: tuple) -> None:
    """The topmost thing the table placed under the gesture's first press is the one the command names."""
    name = getattr(command, "card", None) or getattr(command, "reward", None)
    pos = action[1]
    if name is None or table.button_at(pos):
        return
    under = table.hits.at(pos)
    if under is None or under.kind not in NAMED:
        return
    if under.item != name:
        moment.fault("another thing under the target", f"{command}: {under.kind} {under.item!r} lies over it")


def check_texts(drawn: list[Drawn], moment: Moment) -> None:
    """No two texts of the same layer overlap (a pixel's rounding spared)."""
    for layer in ("table", "over"):
        texts = [text for text in drawn if text.layer == layer]
        for one, other in itertools.combinations(texts, 2):
            both = one.rect.clip(other.rect)
            if both.width > 1 and both.height > 1 and one.rect != other.rect:
                moment.fault(
                    "texts overlap", f"{one.words!r} {tuple(one.rect)} and {other.words!r} {tuple(other.rect)}"
                )


def check_moment(table: GameTable, moment: Moment, seat: int) -> None:
    _, drawn = drawn_frame(table)
    _, drawn = drawn_frame(table)  # (a table that lays a thing out at its first frame of a size has it then)
    legal = list(table.session.match.game.legal(table.session.match.state, seat))
    check_placed(table, moment)
    check_targets(table, moment, seat, legal)
    check_texts(drawn, moment)
    CHECKED[f"{moment.game}: texts"] += len(drawn)
    CHECKED[f"{moment.game}: moments"] += 1


# --- resizing ---------------------------------------------------------------------------------------------------


def resize(driver: Driver, size: tuple[int, int]) -> None:
    """The window at ``size``, as a window manager resizes it, and a frame of the app at that size."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.frames(1)


# --- playing ------------------------------------------------------------------------------------------------------


@dataclass
class Run:
    game: referee.Game
    name: str
    sizes: tuple[tuple[int, int], ...]
    large: bool
    every: int  # moments between two refereed ones
    problems: list[str] = field(default_factory=list)
    moments: int = 0
    hand_before: tuple[str, ...] | None = None  # House Cup Challenge: the hand before the person's draw

    def referee_now(self, seat: int) -> None:
        """At a sampled moment, the table at each size; then at the next size in turn, where the command goes."""
        self.moments += 1
        game, table = self.game, self.game.table
        self.drawn_in_view(seat)
        if self.moments % self.every == 0:
            for size in self.sizes:
                resize(game.driver, size)
                if self.asking(seat):
                    moment = Moment(self.name, size, self.large)
                    check_moment(table, moment, seat)
                    self.problems.extend(moment.problems)
        resize(game.driver, self.sizes[self.moments % len(self.sizes)])

    def drew(self, command: Command) -> None:
        """The person's command, about to be given: a House Cup Challenge draw is looked at when they next act."""
        table = self.game.table
        self.hand_before = tuple(table.view.me.hand or ()) if isinstance(command, ch.DrawCards) else None

    def drawn_in_view(self, seat: int) -> None:
        """The cards the person drew last are in view in their hand's row (unless a new card to place is shown
        first), at the size they drew at."""
        before, self.hand_before = self.hand_before, None
        table = self.game.table
        if before is None or table.placing() or table.view.seat != seat:
            return
        moment = Moment(self.name, pygame.display.get_surface().get_size(), self.large)
        for card in [card for card in table.view.me.hand or () if card not in before]:
            rect = table.hits.rect_of("card", card)
            if rect is None or not window(table).contains(rect):
                moment.fault("a drawn card out of view", f"{card} (the row shows from card {table.hand_first + 1})")
        self.problems.extend(moment.problems)
        CHECKED[f"{self.name}: draws"] += 1

    def asking(self, seat: int) -> bool:
        """Whether the table still asks the person at ``seat`` (a frame has passed: a bot may have moved)."""
        if self.game.app.scenes.top is not self.game.table:
            return False
        if self.game.match.game.id == "stupefix":
            return stupefix_person(self.game) == seat
        return referee.person_at_screen(self.game) == seat


def open_run(game_id: str, seats: tuple[str, ...], seed: int, sizes, large: bool, every: int) -> Run:
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=200 if large else 100)
    settings.large_text = large
    app = App(sizes[0], settings=settings)
    names = [SeatInfo(NAMES[n], controller) for n, controller in enumerate(seats)]
    players = len(seats)
    game = GAMES[game_id]
    options = hooks.wizard_options(players, seed) if game_id == "thats-wizard" else game.default_options(players)
    driver, table = at_table(app, Match(game, names, options, seed), frames=3)
    played = referee.Game(app, driver, table, random.Random(seed))
    if game_id == "house-cup-challenge":  # (draws often: a hand grows past its row, where the drawn cards land)
        played.prefer = lambda command: isinstance(command, ch.DrawCards) and played.rng.random() < 0.6
    label = f"{game_id} {players}p"
    return Run(played, label, sizes, large, every)


def play_turns(run: Run, limit: int) -> None:
    """The game played by its person (random legal commands through gestures) for ``limit`` of their decisions."""
    game = run.game

    def choose(game: referee.Game) -> Command | None:
        seat = referee.person_at_screen(game)
        if seat is None:
            return None
        run.referee_now(seat)
        command = game.choose(game.legal(seat))
        if game.match.game.id == "house-cup-challenge":
            run.drew(command)
        return command

    ready = (
        (lambda: referee.wizard_ready(game))
        if game.match.game.id == "thats-wizard"
        else (lambda: referee.person_at_screen(game) is not None)
    )
    referee.play(game, ready, choose, limit)


def play_stupefix(run: Run, limit: int) -> None:
    game = run.game
    table = game.table
    for _ in range(20_000):
        if run.moments >= limit:
            return
        top = game.app.scenes.top
        if top is table and not table.busy():
            seat = stupefix_person(game)
            if seat is not None:
                run.referee_now(seat)
        if not referee.stupefix_step(game):
            return


def stupefix_person(game: referee.Game) -> int | None:
    table = game.table
    if table.reveal is not None:
        return None
    pointing = [seat for seat in table.humans if table.can_point(seat)]
    if pointing:
        return pointing[0]
    if table.choice is not None:
        return table.choice.view.seat
    drafter = table.view.drafter()
    if table.view.phase == "draft" and drafter is not None and table.session.is_human(drafter) and not table.view.tasks:
        return drafter
    return None


# --- the tests ----------------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def marked_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    mark_texts(monkeypatch)
    yield
    TEXTS.clear()
    theme.Scale.configure(100, False)
    theme.Scale.update(theme.BASE_SIZE)
    pygame.quit()


GAMES_PLAYED = [
    ("house-cup", ("human", "medium"), 3, 12),
    ("house-cup", ("human", "medium", "medium", "medium"), 8, 10),
    ("house-cup-challenge", ("human", "medium"), 5, 20),
    ("house-cup-challenge", ("human", "medium", "medium", "medium"), 6, 14),
    ("thats-wizard", ("human", "medium"), 4, 14),
    ("thats-wizard", ("human", "medium", "medium", "medium"), 6, 10),
    ("stupefix", ("human", "medium", "medium", "medium"), 11, 12),
    ("stupefix", ("human",) + ("medium",) * 7, 12, 10),
]


def run_game(game_id: str, seats: tuple[str, ...], seed: int, limit: int, sizes, large: bool, every: int) -> Run:
    run = open_run(game_id, seats, seed, sizes, large, every)
    if game_id == "stupefix":
        play_stupefix(run, limit)
    else:
        play_turns(run, limit)
    return run


@pytest.mark.parametrize(("game_id", "seats", "seed", "limit"), GAMES_PLAYED)
def test_every_moment_fits_the_window(game_id: str, seats: tuple[str, ...], seed: int, limit: int) -> None:
    run = run_game(game_id, seats, seed, limit, SIZES, False, 2)
    assert run.moments >= limit // 2, run.moments
    assert run.problems == []


LARGE_GAMES = [("house-cup", 3), ("house-cup-challenge", 2), ("thats-wizard", 2), ("stupefix", 5)]


@pytest.mark.parametrize(("game_id", "players"), LARGE_GAMES)
def test_every_moment_fits_the_window_at_the_largest_interface_with_large_text(game_id: str, players: int) -> None:
    seats = ("human",) + ("medium",) * (players - 1)
    run = run_game(game_id, seats, 7, 6, LARGE_SIZES, True, 2)
    assert run.problems == []


@pytest.mark.parametrize("size", [(800, 1280), LEAST_UPRIGHT, theme.MIN_SIZE], ids=["800x1280", "640x737", "1024x640"])
def test_the_cards_a_person_draws_land_in_view_in_a_hand_past_its_row(size: tuple[int, int]) -> None:
    """House Cup Challenge's hand is a row that scrolls once it holds more cards than fit; drawn cards join it at
    its end. They landed out of view (upright from the seventh card on, at 1024x640 from the eleventh): the row
    stayed where it was, and a person saw no card come. It now scrolls as far as shows them."""
    characters = ("harry", "ron")
    hand = [f"Y1-{n:02}" for n in range(1, 11)]
    state = challenge_position(characters=characters, cells=["D4"] * 2, hands=[hand, ["Y1-11"]], seed=7)
    options = {"prefect": 0, "youngest": 0, "characters": list(characters)}
    game = GAMES["house-cup-challenge"]
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant")
    app = App(size, settings=settings)
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bram", "medium")]
    driver, table = at_table(app, Match(game, seats, options, 7, to_json(state)))
    assert isinstance(table, ChallengeTable)
    driver.perform(table.gesture_for(ch.DrawCards(0)))
    driver.frames(3)
    assert table.hand_left.visible, "the row does not scroll"
    drawn = [card for card in table.view.me.hand or () if card not in hand]
    assert len(drawn) == 2
    for card in drawn:
        rect = table.hits.rect_of("card", card)
        assert rect is not None and window(table).contains(rect), f"{card} drawn out of view"


SHOUTS = ("Protego!", "Stupefy!")


def test_the_shouts_of_the_spells_lie_by_their_seats_clear_of_every_mat_and_inside_the_window() -> None:
    """The reveal's shouts ("Protego!", "Stupefy!") at every size: the top seat's lay over its own mat's top edge,
    beside its name, against the window's border. Cleo, the top seat of four, casts Protego; Ada (at the foot)
    and Bram (at the left) cast Stupefy."""
    match = pacing_tests.match_of(["human", "greedy", "greedy", "greedy"])
    pacing_tests.at_the_cast(match)
    app, driver, table = pacing_tests.open_table(match, animation="Slow")
    driver.perform(table.gesture_for(sx.CastSpell(0, False)))
    reveal = table.reveal
    assert reveal is not None
    while reveal.cast(2) is None:  # (Ada's, Bram's, then Cleo's spell: each shout stays up once given)
        driver.frames(1)
    for size in SIZES:
        resize(driver, size)
        _, drawn = drawn_frame(table)
        mats = [seat.rect for seat in table.layout.seats]
        shouts = [text for text in drawn if text.words in SHOUTS]
        assert sorted(text.words for text in shouts) == ["Protego!", "Stupefy!", "Stupefy!"], size
        for text in shouts:
            assert window(table).contains(text.rect), (size, text)
            assert text.rect.collidelist(mats) < 0, (size, text, mats[text.rect.collidelist(mats)])
        moment = Moment("stupefix reveal", size, False)
        check_texts(drawn, moment)
        assert moment.problems == []


CUE_ROOM = [
    ((800, 1280), 4),
    ((800, 1280), 6),
    ((800, 1280), 7),
    ((800, 1280), 8),
    (theme.MIN_SIZE, 4),
    (theme.MIN_SIZE, 6),
    (theme.MIN_SIZE, 8),
    ((1280, 800), 4),
    ((1280, 800), 6),
    ((1280, 800), 8),
    ((1920, 1080), 8),
]


@pytest.mark.parametrize(("size", "players"), CUE_ROOM, ids=[f"{w}x{h}-{n}p" for (w, h), n in CUE_ROOM])
def test_the_ready_cue_hides_nothing_a_waiting_person_looks_at(size: tuple[int, int], players: int) -> None:
    """ "Wand at the ready!" stood under the prompt over the rewards (most of them, at 4 to 7 seats in a wide
    window), and with eight seats over the piles and the urn (at 1024x640 and 1280x800, and in a tall window),
    the wands' tips of the side seats there too: the count that Ready starts then left the person 3 seconds to
    read them and point. It stands where it hides no reward, no pile or its counts, not the urn, no mat, no
    button and no wand lying still, its Ready inside it (the compact cue, its call and Ready only, where a wide
    window has no felt for more; the full one in a tall window). Its call names the person whose turn it is."""
    controllers = ["human", "greedy"] * (players // 2) + ["greedy"] * (players % 2)
    app, driver, table = stupefix_ui.table_for(controllers, size=size)
    stupefix_ui.until(driver, table, lambda: table.cue() is not None)
    cue, live = table.cue(), table.live
    assert cue is not None and live is not None and live.current is not None
    layout = table.layout
    screen, mats = window(table), [seat.rect for seat in layout.seats]
    assert screen.contains(cue.rect)
    assert cue.rect.contains(table.ready_button.rect) and table.ready_button.rect.height >= theme.px(40)
    assert cue.rect.collidelist(layout.row) < 0, "a reward under the cue"
    assert cue.rect.collidelist([layout.deck, layout.discard, layout.reserve, layout.urn]) < 0, "a pile or the urn"
    assert cue.rect.collidelist(cue_kept(layout)) < 0, "the piles' counts or the prompt under the cue"
    assert cue.rect.collidelist(mats) < 0 and cue.rect.collidelist(table.bar) < 0
    hidden = [seat for seat in range(players) if cue.rect.clipline(*table.wand(seat))]
    assert not hidden, f"the wands of {hidden} under the cue"
    assert table.session.names()[live.current] in cue.title
    if size[1] > size[0]:  # (a tall window's felt above and below the seats)
        assert not getattr(cue, "compact", False), "the compact cue where the table has room for the full one"


class _Findings:
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        module = session.items[0].module if session.items else None
        for kind, count in sorted(getattr(module, "CHECKED", Counter()).items()):
            print(f"{count:6}  checked {kind}")
        for kind, count in sorted(getattr(module, "FINDINGS", Counter()).items()):
            print(f"{count:6}  {kind}")


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-q", "-p", "no:cacheprovider", "-x"], plugins=[_Findings()]))
