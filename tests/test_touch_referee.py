"""A referee for playing by touch only: the app is for pass-and-play on a touchscreen, handed round from person to
person, with no mouse and no keyboard.

The tests post finger events only (FINGERDOWN, FINGERMOTION, FINGERUP, in shares of the window as SDL sends them;
``Fingers``; part 2 alone also moves a mouse, to compare), and an input guard (``Presses``) fails a test if any
press came from a mouse. They check:

1. Seeded games of all four games, two people sharing the screen, reached from the main menu by fingers (New game,
   Back and New game again, the game's setup: seats, who plays them, the names and the deal typed on the screen
   keyboard, That's Wizard!'s private book pickers, Start) and played to their results
   (House Cup Challenge: a long stretch from its setup, and its ending from a late position): each person's random
   legal command given through the table's own gestures (``gesture_for``: taps and drags: House Cup's tokens,
   House Cup Challenge's character walked and cards played onto spaces, That's Wizard!'s Spell Power dial,
   Stupéfix's wands pointed live after a Ready), now and then a long press to read a card first, the privacy
   screen passed by a finger on its Ready. On the way: Undo, the Log, the Rules and the pause menu, by taps.
   That's Wizard!'s side board is chosen in its panel, and its spellbook editor is used by fingers from the setup.
2. What a mouse shows by resting on something has a finger's way to it (``HOVER_BY_TOUCH``): on every table each
   placed thing is rested on by the mouse, and whatever that shows, a finger held still there shows while held (a
   score also by a tap); the book picker's and the editor's spells by a long press; House Cup Challenge's path
   preview under the finger dragging the character.
3. Touch pitfalls: a card dragged off every target goes home and nothing is played; a second finger down while the
   first drags plays nothing and crashes nothing; a finger held still is a long press, not a drag; SDL's mouse
   copies of finger events (``touch=True``) are not taken a second time.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.games import GAMES
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup_challenge import events as ch
from tabletop.games.stupefix import events as sx
from tabletop.games.thats_wizard import events as tw
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.ui import input as ui_input
from tabletop.ui.app import App
from tabletop.ui.input import LONG_PRESS, MOUSE
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.newgame import NewGameScene
from tabletop.ui.scenes.overlays import Dialog, LogOverlay, PauseOverlay, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.card_zoom import CardZoom
from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tabletop.ui.tables.thats_wizard.setup import BookPicker, ThatsWizardSetup
from tabletop.ui.widgets import Choice, TextField
from tests.test_ui_card_zoom import EXAMPLES, open_example
from tests.ui_driver import STEP, Driver, bare_spot, pass_on_now

SIZE = (1280, 800)
HOLD = round(LONG_PRESS / STEP) + 6  # frames a finger rests to make a long press


# --- fingers only ------------------------------------------------------------------------------------------------


class Fingers(Driver):
    """A driver that posts finger events only; with ``sdl_copies``, SDL's mouse copies of them too (``touch=True``),
    as a real touchscreen sends both."""

    def __init__(self, app: App, sdl_copies: bool = False) -> None:
        super().__init__(app, fingers=True)
        self.sdl_copies = sdl_copies
        self.presses = 0  # fingers put down

    def _copy(self, kind: int, pos: tuple[int, int], **extra: Any) -> None:
        if self.sdl_copies:
            pygame.event.post(pygame.event.Event(kind, pos=self.seen(pos), touch=True, **extra))

    def down(self, pos: tuple[int, int], finger: int | None = None) -> None:
        swallows = getattr(self.app.scenes.top, "swallows_press_at", None)
        while swallows is not None and swallows(pos):  # (a second tap comes after a moment: ``Driver.down``)
            self.frames(1)
        self.presses += 1
        self._finger(pygame.FINGERDOWN, pos, finger or self.finger_id)
        self._copy(pygame.MOUSEBUTTONDOWN, pos, button=1)

    def move(self, pos: tuple[int, int], finger: int | None = None) -> None:
        self._finger(pygame.FINGERMOTION, pos, finger or self.finger_id)
        self._copy(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1, 0, 0))

    def up(self, pos: tuple[int, int], finger: int | None = None) -> None:
        self._finger(pygame.FINGERUP, pos, finger or self.finger_id)
        self._copy(pygame.MOUSEBUTTONUP, pos, button=1)

    def tap_with(self, finger: int, pos: tuple[int, int]) -> None:
        """A tap by another finger than the one that may be down."""
        self.down(pos, finger)
        self.frames(2)
        self.up(pos, finger)
        self.frames(2)

    def long_press(self, pos: tuple[int, int]) -> None:
        """A finger rests on ``pos`` past a long press (the caller looks, then calls ``up``)."""
        self.down(pos)
        self.frames(HOLD)


class Presses:
    """Every press the app's pointer tracker took, by pointer id: a mouse's would be ``MOUSE``."""

    def __init__(self, app: App) -> None:
        self.ids: Counter[int] = Counter()
        real = app.tracker._down

        def down(pid: int, pos: tuple[int, int], now: float, finger: bool) -> list[ui_input.PointerEvent]:
            self.ids[pid] += 1
            return real(pid, pos, now, finger)

        app.tracker._down = down  # type: ignore[method-assign]

    def assert_fingers_only(self) -> None:
        assert self.ids[MOUSE] == 0, "a press came from the mouse"
        assert sum(self.ids.values()) > 0


def new_app(size: tuple[int, int] = SIZE) -> tuple[App, Fingers, Presses]:
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    return app, Fingers(app), Presses(app)


# --- the menus and the setup, by fingers --------------------------------------------------------------------------


def tap_label(driver: Driver, buttons: list[Any], label: str) -> None:
    driver.tap(next(button for button in buttons if button.label == label).rect.center)


def to_setup(driver: Fingers, game_id: str) -> SetupBase[Any]:
    """From the main menu: New game, the game's Set up, No thanks to a guided game."""
    app = driver.app
    driver.frames(2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    tap_label(driver, menu.buttons, "New game")
    assert isinstance(app.scenes.top, NewGameScene)
    driver.tap(app.scenes.top.back_button.rect.center)  # Back, and again
    assert app.scenes.top is menu
    tap_label(driver, menu.buttons, "New game")
    chooser = app.scenes.top
    assert isinstance(chooser, NewGameScene)
    driver.tap(chooser.buttons[chooser.entries.index(GAMES[game_id])].rect.center)
    if isinstance(app.scenes.top, Dialog):
        tap_label(driver, app.scenes.top.buttons, "No thanks")
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and setup.game.id == game_id
    return setup


def type_on_screen(driver: Fingers, field: TextField, text: str) -> None:
    """Tap the field, erase it and type ``text`` on the screen keyboard, then Done."""
    app = driver.app
    driver.tap(field.rect.center)
    assert app.screen_keys_for is field, "no screen keyboard came for a finger in a text field"

    def press(label: str) -> None:
        keys = app.screen_keys.keys
        key = next((k for k in keys if k.label == label), None) or next(k for k in keys if k.label == label.lower())
        driver.tap(key.rect.center)

    while field.value:
        press("Erase")
    for char in text:
        wanted = char.upper() if app.screen_keys.shift else char.lower()
        if wanted != char and char.isalpha():
            press("Shift")
        press(char)
    press("Done")
    assert field.value == text and app.screen_keys_for is None


def step_choice(driver: Fingers, choice: Choice, wanted: Callable[[int], bool]) -> None:
    for _ in range(len(choice.options)):
        if wanted(choice.index):
            return
        driver.tap(choice.arrows()[1].center)
    assert wanted(choice.index), choice.options


def set_up(driver: Fingers, setup: SetupBase[Any], controllers: list[str], names: list[str], seed: int) -> None:
    """The seats' count, who plays each and their names, and the deal, by fingers; then Start."""
    step_choice(driver, setup.players_choice, lambda index: setup.counts[index] == len(controllers))
    for row, controller, name in zip(setup.rows, controllers, names, strict=True):
        step_choice(driver, row.controller, lambda index, want=controller: setup.controllers[index][1] == want)
        if controller == "human":
            type_on_screen(driver, row.name_field, name)
    type_on_screen(driver, setup.seed_field, str(seed))
    if isinstance(setup, ThatsWizardSetup):
        use_the_editor(driver, setup)
        for row, controller in zip(setup.rows, controllers, strict=True):
            if controller == "human":
                pick_a_book(driver, setup, row, seed)
    driver.tap(setup.start.rect.center)
    driver.frames(3)
    table = driver.app.scenes.stack[0]
    assert isinstance(table, GameTable), setup.error
    assert table.session.match.seed == seed
    assert [table.session.names()[s] for s, c in enumerate(controllers) if c == "human"] == [
        n for n, c in zip(names, controllers, strict=True) if c == "human"
    ]


def read_by_long_press(
    driver: Fingers, zoom: CardZoom, spot: Callable[[tuple[int, int]], Any], card: str, at: Any
) -> None:
    """A finger held on a listed spell shows it enlarged (the mouse's rest), and the lift puts it away."""
    driver.long_press(at.center)
    assert zoom.zoomed(driver.app.now, spot) == card, f"a long press on {card} did not show it"
    driver.up(at.center)
    driver.frames(2)
    assert zoom.zoomed(driver.app.now, spot) is None


def pick_a_book(driver: Fingers, setup: ThatsWizardSetup, row: Any, seed: int) -> None:
    """A seat's private picker: a book tapped, one of its spells read by a long press, Choose this spellbook."""
    driver.tap(row.pick.rect.center)
    picker = driver.app.scenes.top
    assert isinstance(picker, BookPicker)
    usable = [index for index, (_title, _spells, problem) in enumerate(picker.books) if problem is None]
    index = random.Random(seed + row.seat).choice(usable)
    picker.list.reveal(index)  # (scrolled into sight: a finger's drag on the list scrolls it as much)
    driver.tap(picker.list.rect(index).center)
    assert picker.chosen == index
    card, rect = next(iter(picker.card_rects.items()))
    read_by_long_press(driver, picker.zoom, picker.spot, card, rect)
    driver.tap(picker.choose.rect.center)
    assert driver.app.scenes.top is setup and row.chosen and row.book == picker.books[index][0]


def use_the_editor(driver: Fingers, setup: ThatsWizardSetup) -> None:
    """The spellbook editor from the setup by fingers: a book begun, spells tapped in and out and read by a long
    press, its name typed on the screen keyboard, saved, then Back."""
    driver.tap(setup.editor.rect.center)
    editor = driver.app.scenes.top
    assert isinstance(editor, SpellbookEditor)
    driver.tap(editor.buttons["new"].rect.center)
    if isinstance(driver.app.scenes.top, Dialog):
        driver.tap(driver.app.scenes.top.buttons[0].rect.center)
    solo = [card for card in editor.cell_rects if not TW_CARDS[card].duos]
    for card in solo[:8]:
        driver.tap(editor.cell_rects[card].center)
    assert editor.spells == solo[:8]
    driver.tap(editor.cell_rects[solo[0]].center)  # tapped again: out
    assert editor.spells == solo[1:8]
    read_by_long_press(driver, editor.zoom, editor.spot, solo[3], editor.cell_rects[solo[3]])
    assert editor.spells == solo[1:8], "a long press to read a spell toggled it"
    type_on_screen(driver, editor.name_field, "Fingers")
    driver.tap(editor.buttons["save"].rect.center)
    assert not editor.unsaved(), editor.message
    driver.tap(editor.buttons["back"].rect.center)
    assert driver.app.scenes.top is setup


# --- playing by fingers -------------------------------------------------------------------------------------------


class Play:
    """A game at its table played by fingers: what was given, and how."""

    def __init__(self, driver: Fingers, table: Any, seed: int, presses: Presses | None = None) -> None:
        assert isinstance(table, GameTable)
        self.driver, self.app = driver, driver.app
        self.table: Any = table  # (each game's table: its own gestures and parts)
        self.presses = presses  # the app's presses, watched since it opened
        self.rng = random.Random(seed)
        self.given: Counter[str] = Counter()  # commands given, by kind
        self.gestures: Counter[str] = Counter()  # taps, drags, long presses made
        self.handovers = 0
        self.visited: set[str] = set()  # the menus visited on the way
        self.script: list[Command] = []  # commands the people give first, in order (a game's known end)
        self.prefer: Callable[[Command], bool] = lambda command: False  # what a person mostly picks, when legal
        self.tour = False  # whether Undo, the Log, the Rules and the pause are visited on the way (once each)

    @property
    def match(self) -> Match:
        return self.table.session.match

    def person_to_act(self) -> int | None:
        table, session = self.table, self.table.session
        seat = session.acting_human()
        if seat is None or seat != table.view.seat or session.needs_handover() is not None:
            return None
        if table.busy() or table.lingering() or session.match.result() is not None or not table.view.legal:
            return None
        showing_round = getattr(table, "showing_round", lambda: False)
        return None if showing_round() else seat

    def pass_cover(self, cover: PrivacyOverlay) -> None:
        """The screen handed over: the next person's finger on Ready once it takes a tap."""
        self.driver.frames(max(1, math.ceil((cover.armed_at - self.app.now) / STEP) + 1))  # (drawn once)
        self.driver.tap(cover.ready_button.rect.center)
        assert self.app.scenes.top is not cover, "a finger on Ready did not pass the screen"
        self.handovers += 1

    def give(self, command: Command) -> None:
        """``command`` through the table's gestures, by finger; it must be taken."""
        table, driver, log = self.table, self.driver, self.match.log
        before = len(log)
        for _ in range(3):
            self.scroll_to(command)
            gesture = table.gesture_for(command)
            for action in gesture:
                self.gestures[action[0]] += 1
            driver.perform(gesture)
            for _ in range(20):
                if command in log[before:]:
                    self.given[type(command).__name__] += 1
                    return
                if isinstance(self.app.scenes.top, Dialog):  # (That's Wizard!'s deliberate illegal play)
                    driver.tap(self.app.scenes.top.buttons[0].rect.center)
                driver.frames(1)
            panel = table.panel
            if panel is None or command not in [option.command for option in panel.options]:
                break
        raise AssertionError(f"{command} was not taken from a finger's gesture (message: {table.message!r})")

    def scroll_to(self, command: Command) -> None:
        """House Cup Challenge's row of cards in hand: a finger taps its arrows to the card played."""
        table, card = self.table, getattr(command, "card", None)
        if not isinstance(command, (ch.PlayHere, ch.PlayThere)) or table.panel is not None:
            return
        for _ in range(20):
            if table.hits.rect_of("card", card) is not None:
                return
            arrow = table.hand_right if table.hand_shown().index(card) >= table.hand_first else table.hand_left
            self.driver.tap(arrow.rect.center)
        raise AssertionError(f"{card} never came into the hand's row")

    def read_a_card(self) -> None:
        """A finger rests on a card of the table to read it: it is shown enlarged, and nothing is played."""
        table = self.table
        cards = [p for p in table.hits.placed if isinstance(p.item, str) and table.card_under(p.rect.center) == p.item]
        if not cards or table.panel is not None:
            return
        placed = self.rng.choice(cards)
        moves = len(self.match.log)
        self.driver.long_press(placed.rect.center)
        assert table.zoomed() == placed.item, f"a long press on {placed.item} did not show it"
        self.driver.up(placed.rect.center)
        self.driver.frames(2)
        assert len(self.match.log) == moves and table.drag is None, "a long press to read a card played it"
        self.gestures["long press"] += 1

    def one_moment(self) -> bool:
        """A person's command given, the screen passed, or a frame or two; False once the results are up."""
        app, driver, table = self.app, self.driver, self.table
        top = app.scenes.top
        if isinstance(top, ResultsScene):
            return False
        if isinstance(top, PrivacyOverlay):
            self.pass_cover(top)
            return True
        if top is not table:
            driver.frames(2)
            return True
        seat = self.person_to_act()
        if seat is not None:
            if self.tour:
                self.menus()
            if self.rng.random() < 0.08:
                self.read_a_card()
            self.give(self.choose(seat))
            if self.tour:
                self.undo_once()
            return True
        if not pass_on_now(driver):
            driver.frames(3)
        return True

    def fingers_only(self) -> None:
        assert self.presses is not None
        self.presses.assert_fingers_only()

    def legal(self) -> list[Command]:
        """The legal commands of the person to act at the screen (none when nobody is)."""
        seat = self.person_to_act()
        return [] if seat is None else list(self.match.game.legal(self.match.state, seat))

    def choose(self, seat: int) -> Command:
        """The person's command: the script's next, else a random legal one (mostly one ``prefer`` picks out)."""
        legal = list(self.match.game.legal(self.match.state, seat))
        if self.script:
            assert self.script[0] in legal, f"{self.script[0]} is not legal now"
            return self.script.pop(0)
        preferred = [command for command in legal if self.prefer(command)]
        return self.rng.choice(preferred if preferred and self.rng.random() < 0.9 else legal)

    def to_results(self, limit: int) -> None:
        for _ in range(limit):
            if not self.one_moment():
                return
        raise AssertionError(f"no results after {limit} moments; given {self.given}")

    # --- the menus on the way ---------------------------------------------------------------------------------
    def bar(self, index: int) -> tuple[int, int]:
        """The table's Log (0), Undo (1), Rules (2) and Menu (3) buttons."""
        return self.table.bar[index].rect.center

    def undo_once(self) -> None:
        """Right after a person's move, while it is still on show: Undo by a tap takes it back, and the same
        command is given again."""
        panel = self.table.panel
        if panel is not None and not panel.docked:  # (a choice open first: "Make the choice first")
            return
        if "undo" in self.visited or not self.table.lingering() or not self.table.may_undo():
            return
        last, moves = self.match.log[-1], len(self.match.log)
        self.driver.tap(self.bar(1))
        self.driver.frames(3)
        assert len(self.match.log) < moves, f"Undo by a finger took nothing back ({self.table.message!r})"
        self.visited.add("undo")
        for _ in range(50):
            if self.person_to_act() is not None:
                break
            self.driver.frames(1)
        if last in self.match.game.legal(self.match.state, last.seat):
            self.give(last)

    def menus(self) -> None:
        """The Log, the Rules and the pause menu by taps, each back to the table; the pause's Rules too."""
        app, driver = self.app, self.driver
        if "menus" in self.visited or app.scenes.top is not self.table or self.table.panel is not None:
            return
        moves = len(self.match.log)
        driver.tap(self.bar(0))
        log = app.scenes.top
        assert isinstance(log, LogOverlay)
        driver.tap(log.close.rect.center)
        assert app.scenes.top is self.table, "the Log was not closed by a finger"
        driver.tap(self.bar(2))
        rules = app.scenes.top
        assert isinstance(rules, RulesScene)
        driver.tap(rules.close.rect.center)
        assert app.scenes.top is self.table
        driver.tap(self.bar(3))
        pause = app.scenes.top
        assert isinstance(pause, PauseOverlay)
        tap_label(driver, pause.buttons, "Rules")
        assert isinstance(app.scenes.top, RulesScene)
        driver.tap(app.scenes.top.close.rect.center)
        pause = app.scenes.top
        assert isinstance(pause, PauseOverlay)  # (the Rules opened from the pause close onto it)
        tap_label(driver, pause.buttons, "Resume")
        driver.frames(2)
        assert app.scenes.top is self.table and len(self.match.log) == moves
        self.visited.add("menus")


def start_from_menu(game_id: str, controllers: list[str], names: list[str], seed: int) -> Play:
    app, driver, presses = new_app()
    setup = to_setup(driver, game_id)
    set_up(driver, setup, controllers, names, seed)
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    play = Play(driver, table, seed, presses)
    play.tour = True
    return play


def test_house_cup_two_people_from_the_menu_to_the_results_by_fingers() -> None:
    play = start_from_menu("house-cup", ["human", "human", "easy"], ["Ann", "Bea", ""], 5)
    play.to_results(6000)
    play.fingers_only()
    assert play.given["PlaceToken"] >= 9 and play.given["TakeCard"] >= 4, play.given
    assert play.gestures["drag"] and play.gestures["tap"] and play.handovers >= 4, (play.gestures, play.handovers)
    assert play.visited == {"undo", "menus"}, play.visited


def test_house_cup_challenge_two_people_walk_and_play_cards_by_fingers() -> None:
    play = start_from_menu("house-cup-challenge", ["human", "human"], ["Ann", "Bea"], 3)
    for _ in range(3000):
        play.one_moment()
        if sum(play.given.values()) >= 45:
            break
    play.fingers_only()
    walked = play.given["Move"]
    played = play.given["PlayHere"] + play.given["PlayThere"]
    assert walked >= 3 and played >= 2 and play.handovers >= 4, play.given
    assert play.visited == {"undo", "menus"}, play.visited


def late_challenge(options: dict[str, Any], seed: int, before: int) -> tuple[Any, list[Command]]:
    """A House Cup Challenge game played out at random by the rules, taken back to ``before`` commands from its
    end (replayed from its deal: a state's play is deterministic), and those last commands."""
    game, rng = GAMES["house-cup-challenge"], random.Random(seed)
    state, commands = game.setup(2, options, seed), []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        commands.append(rng.choice(game.legal(state, seat)))
        game.apply(state, commands[-1])
    state = game.setup(2, options, seed)
    for command in commands[:-before]:
        game.apply(state, command)
    return state, commands[-before:]


def test_house_cup_challenge_ends_on_its_results_by_fingers() -> None:
    """Its last moves, from a late position, by two people's fingers, to the results."""
    options = {"prefect": 0, "youngest": 0, "characters": ["harry", "ron"]}
    state, last = late_challenge(options, 9, 12)
    app, driver, presses = new_app()
    game = GAMES["house-cup-challenge"]
    app.go.table(Match(game, [SeatInfo("Ann"), SeatInfo("Bea")], options, 9, to_json(state)))
    driver.frames(3)
    play = Play(driver, app.scenes.stack[0], 9)
    play.script = last  # (the game's own last moves: a random end could take a hundred more)
    play.to_results(3000)
    assert not play.script
    presses.assert_fingers_only()
    assert sum(play.given.values()) >= 4 and play.handovers >= 1, play.given


def test_thats_wizard_two_people_side_board_dials_and_results_by_fingers() -> None:
    play = start_from_menu("thats-wizard", ["human", "human"], ["Ann", "Bea"], 4)
    play.prefer = lambda command: isinstance(command, tw.Play)  # (spells cast: the duels end sooner)
    play.to_results(6000)
    play.fingers_only()
    assert play.given["Play"] >= 4 and play.given["ChooseSideBoard"] >= 1, play.given
    assert play.gestures["drag"] >= 4 and play.handovers >= 4, (play.gestures, play.handovers)  # (the dials)


def stupefix_moment(play: Play) -> bool:
    """One moment of a Stupéfix table by fingers: Ready tapped, a wand drawn to a seat, a choice or a reward given,
    or what ``Play.one_moment`` does; False once the results are up."""
    table, top, rng = play.table, play.app.scenes.top, play.rng
    if isinstance(top, ResultsScene):
        return False
    if top is table and table.cue() is not None:
        play.driver.tap(table.ready_button.rect.center)  # "Ready?": the count starts
        play.gestures["ready"] += 1
        return True
    pointing = [seat for seat in table.humans if table.can_point(seat)]
    if top is table and pointing and table.reveal is None:
        seat = rng.choice(pointing)
        targets = [c for c in play.match.game.legal(play.match.state, seat) if isinstance(c, sx.PointWand)]
        play.driver.perform(table.gesture_for(rng.choice([c for c in targets if c.target is not None])))
        play.gestures["wand"] += 1
        return True
    if top is table and table.reveal is None and table.choice is not None and not table.busy():
        play.give(play.choose(table.choice.view.seat))
        return True
    view = table.view
    drafter = view.drafter()
    drafting = view.phase == "draft" and drafter is not None and table.session.is_human(drafter)
    if top is table and drafting and not view.tasks and not table.busy() and drafter is not None:
        play.give(play.choose(drafter))
        return True
    return play.one_moment()


def test_stupefix_two_people_point_wands_live_by_fingers() -> None:
    play = start_from_menu("stupefix", ["human", "human", "easy", "easy"], ["Ann", "Bea", "", ""], 12)
    table = play.table
    for _ in range(20_000):
        if not stupefix_moment(play):
            break
    assert isinstance(play.app.scenes.top, ResultsScene)
    play.fingers_only()
    assert table.together, "fingers at the table: everyone points at once"
    assert play.gestures["ready"] >= 4 and play.gestures["wand"] >= 6, play.gestures
    assert play.given["PrepareSpell"] >= 6 and play.given["CastSpell"] >= 6, play.given
    wands = [c for c in play.match.log if isinstance(c, sx.PointWand) and table.session.is_human(c.seat)]
    assert wands, "no wand a person pointed was taken"


# --- 2. what the mouse shows by resting, a finger shows too ----------------------------------------------------------

# Each thing a mouse shows by resting on it, and a finger's way to it (checked below on all four tables):
HOVER_BY_TOUCH = {
    "a card enlarged (every table: hands, days, the board, spells, rewards, Special Cards, character cards)": (
        "long press (held while read)"
    ),
    "House Cup's score breakdown (a score badge)": "tap (shown until the next touch) or long press",
    "That's Wizard!'s standing and a wizard's Stamina explained": "tap or long press",
    "Stupéfix's house score explained": "tap or long press",
    "House Cup Challenge's score sheets (a player's VP and abilities, the Gryffindor track)": (
        "tap (pinned open) or long press (while held)"
    ),
    "House Cup Challenge's path preview (the way the character would walk)": "shown under the finger dragging it",
    "a card enlarged in the lists (House Cup's cards in full, the book picker, the spellbook editor)": "long press",
}


def shown(table: GameTable) -> tuple[str, object] | None:
    """What the table shows of the thing a pointer rests on or picked: a card (or score) enlarged, or House Cup
    Challenge's score sheet."""
    card = table.zoomed()
    if card is not None:
        return ("zoom", card)
    sheet = getattr(table, "breakdown", None)
    explained = sheet() if sheet is not None else None
    return None if explained is None else ("sheet", tuple(explained[1]))  # (the sheet of a player, or the track)


def rest_mouse(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(2)


def probe_spots(table: GameTable) -> list[tuple[str, object, tuple[int, int]]]:
    """A point on each placed thing (one of each item), where that thing is the one found there."""
    spots: dict[tuple[str, object], tuple[int, int]] = {}
    for placed in table.hits.placed:
        point = placed.rect.center
        found = table.hits.at(point)
        if found is not None and found.item == placed.item and (placed.kind, placed.item) not in spots:
            spots[(placed.kind, placed.item)] = point
    return [(kind, item, point) for (kind, item), point in spots.items()]


SCORES = ("score", "counts", "track")  # what the tables explain (a tap on one shows it until the next touch)


def held_shows(driver: Driver, table: GameTable, point: tuple[int, int]) -> object:
    """What a finger held still on ``point`` shows, until it lifts (it plays nothing, and shows nothing after)."""
    fingers, moves = Fingers(driver.app), len(table.session.match.log)
    fingers.long_press(point)
    held = shown(table)
    fingers.up(point)
    fingers.frames(2)
    assert len(table.session.match.log) == moves, "a long press played a move"
    assert shown(table) is None, "what a finger held showed stayed after the lift"
    return held


def tap_shows(driver: Driver, table: GameTable, point: tuple[int, int]) -> object:
    """What a finger's tap on a score shows (until a second tap puts it away)."""
    fingers, moves = Fingers(driver.app), len(table.session.match.log)
    fingers.tap(point)
    tapped = shown(table)
    fingers.tap(point)
    fingers.frames(2)
    assert len(table.session.match.log) == moves and shown(table) is None, "a second tap left it shown"
    return tapped


@pytest.mark.parametrize("game_id", list(EXAMPLES))
def test_whatever_a_resting_mouse_shows_a_finger_shows(game_id: str) -> None:
    """On each table: the mouse rests on every placed thing in turn; whatever that shows (a card enlarged, a score
    explained, a score sheet), a finger held still at the same place shows while it is held, and a score is
    shown by a tap too."""
    app, driver, table = open_example(EXAMPLES[game_id])
    table.hover_zoom = 0.0  # (no wait for the rest)
    ways: Counter[str] = Counter()
    bare = bare_spot(table)
    assert bare is not None
    for kind, item, point in probe_spots(table):
        rest_mouse(driver, point)
        by_mouse = shown(table)
        rest_mouse(driver, bare)  # (the mouse away: what follows is the finger's alone)
        if by_mouse is None or shown(table) is not None:
            continue
        by_finger = held_shows(driver, table, point)
        assert by_finger == by_mouse, (
            f"{game_id}: the mouse resting on {kind} {item!r} shows {by_mouse}; a finger held there {by_finger}"
        )
        ways[kind] += 1
        if kind in SCORES:
            by_tap = tap_shows(driver, table, point)
            assert by_tap == by_mouse, f"{game_id}: a tap on {kind} {item!r} shows {by_tap}, not {by_mouse}"
    assert set(ways) & set(SCORES), f"no score explained: {ways}"
    assert sum(count for kind, count in ways.items() if kind not in SCORES) >= 3, ways


def test_house_cup_a_players_cards_in_full_are_read_by_a_held_finger() -> None:
    """House Cup's list of a player's cards, opened by a finger's tap on their place: a card the mouse enlarges by
    resting on it, a finger held on it enlarges too, until the lift."""
    app, driver, table = open_example(EXAMPLES["house-cup"])
    fingers = Fingers(app)
    seats = [p for p in table.hits.placed if p.kind == "seat"]
    assert seats
    for placed in seats:
        fingers.tap(placed.rect.center)
        overlay = app.scenes.top
        assert isinstance(overlay, PlayerCardsOverlay), "a tap on a player's place did not open their cards"
        if overlay.card_rects:
            break
        fingers.tap(overlay.close.rect.center)
    card, rect = next(iter(overlay.card_rects.items()))
    rest_mouse(driver, rect.center)
    overlay.zoom.resting = (overlay.zoom.resting[0], -10.0)  # (rested long enough)
    assert overlay.zoom.zoomed(app.now, overlay.spot) == card
    rest_mouse(driver, overlay.close.rect.center)
    read_by_long_press(fingers, overlay.zoom, overlay.spot, card, rect)


def test_house_cup_challenge_shows_the_path_under_a_finger_dragging_the_character() -> None:
    """The way the character would walk is drawn while a finger drags it over a space it may go to, as under the
    mouse, and the drop there walks it."""
    play = fresh_table("house-cup-challenge", 3, lambda p: any(isinstance(c, ch.Move) for c in p.legal()))
    table, fingers = play.table, play.driver
    move = next(c for c in play.legal() if isinstance(c, ch.Move))
    (_drag, start, end) = table.gesture_for(move)[0]
    fingers.down(start)
    fingers.frames(2)
    for step in range(1, 9):
        fingers.move((start[0] + (end[0] - start[0]) * step // 8, start[1] + (end[1] - start[1]) * step // 8))
        fingers.frames(1)
    assert table.hovered_path()[-1:] == [move.path[-1]], "no path shown under the finger"
    assert table.look().path == table.hovered_path()
    fingers.up(end)
    fingers.frames(3)
    assert play.match.log[-1] == move
    play.fingers_only()


# --- 3. touch pitfalls ---------------------------------------------------------------------------------------------


def fresh_table(game_id: str, seed: int, ready: Callable[[Play], bool], players: int = 2) -> Play:
    """A new game of two people (and bots to make up the count) at its table, played by fingers until ``ready``."""
    game = GAMES[game_id]
    app, driver, presses = new_app()
    seats = [SeatInfo(name, "human" if n < 2 else "easy") for n, name in enumerate(("Ann", "Bea", "Cal", "Dee"))]
    options = game.default_options(players)
    if game_id == "house-cup-challenge":
        options = {"prefect": 0, "youngest": 0, "characters": ["harry", "ron"]}
    app.go.table(Match(game, seats[:players], options, seed))
    driver.frames(3)
    play = Play(driver, app.scenes.stack[0], seed, presses)
    for _ in range(2000):
        top = app.scenes.top
        if top is play.table and play.person_to_act() is not None and ready(play):
            return play
        if isinstance(top, PrivacyOverlay):
            play.pass_cover(top)
        elif top is play.table and play.person_to_act() is not None:
            play.give(play.choose(play.person_to_act()))
        elif not pass_on_now(driver):
            driver.frames(2)
    raise AssertionError(f"{game_id}: the moment never came")


def held_thing(play: Play) -> tuple[str, object, tuple[int, int], tuple[int, int]]:
    """Something of the person's a finger picks up here, and a target it could be dropped on: (kind, item, from,
    to)."""
    table = play.table
    for command in sorted(play.legal(), key=lambda command: isinstance(command, ch.Move)):  # (a card first)
        if isinstance(command, (hc.PlaceToken, ch.PlayHere, ch.PlayThere, ch.Move)):
            (_drag, start, end) = table.gesture_for(command)[0]
            found = table.hits.at(start)
            assert found is not None
            return found.kind, found.item, start, end
        if isinstance(command, tw.Play):
            rect = table.hits.rect_of("hand", command.card)
            assert rect is not None
            return "hand", command.card, (rect.centerx, rect.top + 16), table.layout.ready.center
    raise AssertionError("nothing to pick up")


PICKUP: dict[str, Callable[[Play], bool]] = {
    "house-cup": lambda p: any(isinstance(c, hc.PlaceToken) for c in p.legal()),
    "house-cup-challenge": lambda p: any(isinstance(c, (ch.PlayHere, ch.PlayThere)) for c in p.legal()),
    "thats-wizard": lambda p: any(isinstance(c, tw.Play) for c in p.legal()),
}


@pytest.mark.parametrize("game_id", list(PICKUP))
def test_a_finger_drag_ending_off_every_target_puts_it_back_and_a_second_finger_plays_nothing(game_id: str) -> None:
    """A card (or token) dragged by one finger while a second finger taps where it could go, then let go on the
    bare table: nothing is played, it goes home, and a finger held still on it is a long press, not a drag."""
    play = fresh_table(game_id, 6, PICKUP[game_id])
    table, fingers = play.table, play.driver
    kind, item, start, target = held_thing(play)
    home = table.hits.rect_of(kind, item)
    moves, bare = len(play.match.log), bare_spot(table)
    assert bare is not None
    fingers.down(start)
    fingers.frames(2)
    for step in range(1, 6):
        fingers.move((start[0] + (bare[0] - start[0]) * step // 10, start[1] + (bare[1] - start[1]) * step // 10))
        fingers.frames(1)
    assert table.drag is not None, "the finger picked nothing up"
    fingers.tap_with(2, target)  # a second finger, on where it could go
    assert table.drag is not None and len(play.match.log) == moves, "a second finger's tap played or dropped it"
    for step in range(6, 11):
        fingers.move((start[0] + (bare[0] - start[0]) * step // 10, start[1] + (bare[1] - start[1]) * step // 10))
        fingers.frames(1)
    fingers.frames(6)
    fingers.up(bare)
    fingers.frames(10)
    assert len(play.match.log) == moves and table.drag is None, "a drop on the bare table played something"
    assert table.hits.rect_of(kind, item) == home, f"the {kind} did not go home"
    # held still (a finger's tremor, within a tap's reach): a long press, not a drag; it shows the thing
    fingers.down(start)
    fingers.frames(HOLD)
    fingers.move((start[0] + 3, start[1] + 2))
    fingers.frames(3)
    assert table.drag is None, "a finger held still was taken as a drag"
    fingers.up((start[0] + 3, start[1] + 2))
    fingers.frames(3)
    assert len(play.match.log) == moves and table.hits.rect_of(kind, item) == home
    play.fingers_only()


def test_stupefix_a_wand_let_go_off_every_seat_and_a_second_finger() -> None:
    """A wand drawn by one finger, a second finger tapping a seat meanwhile, then let go on the bare table: no
    wand points, and none does for a finger held still on the wand."""

    def pointing(play: Play) -> bool:
        table = play.table
        return any(table.can_point(seat) for seat in table.humans) and table.reveal is None

    app, fingers, presses = new_app()
    game = GAMES["stupefix"]
    seats = [SeatInfo(name, "human" if n < 2 else "easy") for n, name in enumerate(("Ann", "Bea", "Cal", "Dee"))]
    app.go.table(Match(game, seats, game.default_options(4), 12))
    fingers.frames(3)
    play = Play(fingers, app.scenes.stack[0], 12)
    table = play.table
    for _ in range(3000):
        if app.scenes.top is table and table.cue() is not None:
            fingers.tap(table.ready_button.rect.center)
        elif app.scenes.top is table and pointing(play):
            break
        else:
            stupefix_moment(play)
    seat = next(seat for seat in table.humans if table.can_point(seat))
    grip = table.wand_grip(seat)
    others = [c.target for c in play.match.game.legal(play.match.state, seat) if isinstance(c, sx.PointWand)]
    target = table.layout.seats[next(t for t in others if t is not None)].rect.center
    moves = len(play.match.log)
    bare = bare_spot(table)
    assert bare is not None
    fingers.down(grip)
    fingers.frames(2)
    fingers.move(((grip[0] + bare[0]) // 2, (grip[1] + bare[1]) // 2))
    fingers.frames(2)
    assert table.wand_drags, "the finger drew no wand"
    fingers.tap_with(2, target)
    fingers.move(bare)
    fingers.frames(4)
    fingers.up(bare)
    fingers.frames(4)
    aimed = [c for c in play.match.log[moves:] if isinstance(c, sx.PointWand) and c.seat == seat]
    assert not table.wand_drags and all(c.target is None for c in aimed), aimed
    fingers.down(grip)  # held still on the wand, with a finger's tremor: it points nowhere
    fingers.frames(HOLD)
    fingers.move((grip[0] + 3, grip[1] - 2))
    fingers.frames(3)
    assert all(drag.pos == grip or abs(drag.pos[0] - grip[0]) <= 3 for drag in table.wand_drags.values())
    fingers.up((grip[0] + 3, grip[1] - 2))
    fingers.frames(3)
    aimed = [c for c in play.match.log[moves:] if isinstance(c, sx.PointWand) and c.seat == seat]
    assert not table.wand_drags and all(c.target is None for c in aimed), aimed
    presses.assert_fingers_only()


def test_sdls_mouse_copies_of_a_finger_are_not_taken_twice() -> None:
    """A touchscreen sends each finger event twice: as a finger, and as a mouse event marked ``touch``. One tap is
    one press: a key of the screen keyboard types one letter, a setup's choice steps once (and a drag on the
    table places one token: below)."""
    app, _fingers, presses = new_app()
    driver = Fingers(app, sdl_copies=True)
    driver.frames(2)
    tap_label(driver, app.scenes.top.buttons, "Rules")  # (a menu's button: one press, one screen)
    assert sum(presses.ids.values()) == driver.presses == 1, f"one tap, pressed as {dict(presses.ids)}"
    assert isinstance(app.scenes.top, RulesScene)
    driver.tap(app.scenes.top.close.rect.center)
    setup = to_setup(driver, "house-cup")
    field = setup.rows[0].name_field
    driver.tap(field.rect.center)
    key = next(key for key in app.screen_keys.keys if key.label.lower() == "q")
    driver.tap(key.rect.center)
    # (the field's default name, selected by the tap, is typed over: a copy of the tap would have kept it)
    assert field.value == key.label, "one tap on a key typed it more than once (or not at all)"
    driver.tap(next(k for k in app.screen_keys.keys if k.label == "Done").rect.center)
    index = setup.players_choice.index
    driver.tap(setup.players_choice.arrows()[1].center)
    assert setup.players_choice.index == (index + 1) % len(setup.players_choice.options)
    presses.assert_fingers_only()
    assert not app.tracker.pointers, "a finger lifted is still held"
    assert sum(presses.ids.values()) == driver.presses, "a finger's press was taken twice"


def test_a_finger_drag_with_sdls_copies_places_one_token() -> None:
    play = fresh_table("house-cup", 2, PICKUP["house-cup"])
    play.driver = Fingers(play.app, sdl_copies=True)
    moves = len(play.match.log)
    place = next(c for c in play.legal() if isinstance(c, hc.PlaceToken))
    play.give(place)
    assert play.match.log[moves:] == [place]
