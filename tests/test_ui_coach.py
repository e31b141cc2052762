"""The guided first game of every game through real pygame events: started from the rules page (or offered the
first time a game is picked), its coach marks advanced by doing the real moves, each bubble beside what it
points at (never over it, nor over the prompt or a button the player needs), refused moves answered in the
bubble, Skip guide."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from collections.abc import Callable
from unittest.mock import patch

import pygame
import pytest

from tabletop.games import GAMES
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.scenes.rules import RulesScene
from tabletop.ui.scenes.setup_base import SetupBase
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.coach import Coach, place_beside
from tabletop.ui.tables.thats_wizard.standing import STANDING
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tabletop.ui.theme import px
from tests.ui_driver import Driver


def new_app(size: tuple[int, int] = (1280, 720), language: str = "en") -> tuple[App, Driver]:
    app = App(size, settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


def saved_and_opened(session, size: tuple[int, int] = (1280, 720)) -> tuple[GameTable, Driver]:
    """``session``'s game autosaved, the app closed, and the save opened in a new app: its table and driver."""
    from tabletop.play import autosave

    session.autosave()
    assert autosave.writer().flush(30)
    path = session.path
    pygame.quit()
    app, driver = new_app(size)
    assert app.go.open_save(path) is None
    table = app.scenes.stack[0]
    assert isinstance(table, GameTable)
    return table, driver


def until(driver: Driver, check: Callable[[], bool], limit: int = 900) -> None:
    for _ in range(limit):
        if check():
            return
        driver.frames(1)
    raise AssertionError("the table never got there")


def guided_from_rules(
    game_id: str, size: tuple[int, int] = (1280, 720), seed: int = 1, language: str = "en"
) -> tuple[App, Driver, GameTable, Coach]:
    """Open the game's rules page and press Guided first game; then Let's play on How to win."""
    app, driver = new_app(size, language)
    app.go.rules(game_id)
    driver.frames(2)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.games[rules.index].id == game_id
    random.seed(seed)  # the guided game's deal, the same on every run (its seed is secret_seed()'s in the app)
    deal = random.randrange(1, 10**6)
    with patch("tabletop.ui.navigation.secret_seed", return_value=deal):
        driver.tap(rules.guided.rect.center)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.game_id == game_id
    coach = table.coach
    assert coach is not None and coach.summary_open  # How to win comes first
    assert language != "en" or [button.label for button in coach.buttons()] == ["Let's play", "Skip guide"]
    driver.tap(coach.play.rect.center)
    assert not coach.summary_open
    return app, driver, table, coach


def assert_clear(table: GameTable, coach: Coach) -> None:
    """The bubble is up, inside the window, and touches neither its target, nor the prompt, nor any button the
    player needs, nor the choice panel."""
    bubble = coach.bubble
    assert bubble is not None, "no bubble shown"
    assert table.app.screen.get_rect().contains(bubble)
    if coach.target is not None:
        assert not bubble.colliderect(coach.target), "the bubble covers what it points at"
    for rect in [*coach.clear, *table.keep_clear()]:
        assert rect == bubble or not bubble.colliderect(rect), f"the bubble covers {rect}"


def at_step(driver: Driver, table: GameTable, coach: Coach, index: int) -> None:
    until(driver, lambda: coach.index == index and coach.showing())
    driver.frames(1)
    assert_clear(table, coach)


def got_it(driver: Driver, table: GameTable, coach: Coach) -> None:
    index = coach.index
    assert coach.got_it in coach.buttons(), "this step has no Got it: it waits for a move"
    driver.tap(coach.got_it.rect.center)
    assert coach.index == index + 1


def test_place_beside_keeps_clear_of_the_target_and_what_to_avoid() -> None:
    target = pygame.Rect(100, 100, 200, 100)
    avoid = [pygame.Rect(400, 0, 800, 700)]  # most of what lies right of the target
    rect = place_beside((1280, 720), (300, 120), target, avoid)
    assert rect is not None and not rect.colliderect(target) and rect.collidelist(avoid) < 0
    assert place_beside((1280, 720), (300, 120), target, [pygame.Rect(0, 0, 1280, 720)]) is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_house_cup_guided_first_round(size: tuple[int, int]) -> None:
    app, driver, table, coach = guided_from_rules("house-cup", size)
    seat = table.view.seat
    at_step(driver, table, coach, 0)  # your tokens
    assert coach.target == table.layout.my_tokens
    got_it(driver, table, coach)
    at_step(driver, table, coach, 1)  # the timetable
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)  # drag a token under a day: no Got it, it waits for the move
    assert coach.got_it not in coach.buttons()
    token = table.token_rect(1)
    assert token is not None
    driver.drag(token.center, table.layout.banner.center)  # dropped on nothing: refused, and why
    assert coach.index == 2 and coach.note.startswith("Drop the token under a day")
    assert coach.note_error
    token = table.token_rect(1)
    assert token is not None
    driver.drag(token.center, table.layout.headers[0].center)
    assert table.session.match.log[0] == PlaceToken(seat, 0, 1)
    at_step(driver, table, coach, 3)  # its secret number, pointing at the token under Monday
    assert coach.target == table.layout.token_areas[0]
    got_it(driver, table, coach)
    at_step(driver, table, coach, 4)  # the other two tokens
    for value, day in ((2, 2), (3, 3)):
        until(driver, lambda: table.can_place())
        rect = table.token_rect(value)
        assert rect is not None
        driver.drag(rect.center, table.layout.headers[day].center)
    at_step(driver, table, coach, 5)  # take a lit card
    assert table.can_take()
    card = next(c for c in table.view.days[table.view.day])
    for action in table.gesture_for(TakeCard(seat, card)):
        driver.perform([action])
    until(driver, lambda: any(isinstance(c, TakeCard) and c.seat == seat for c in table.session.match.log))
    asides = finish_taking(driver, table, coach)  # your cards and score wait until the round's taking is over
    assert table.view.phase != "take" and not table.can_take()
    assert asides == ["A card marked IMMEDIATELY"]  # (this deal: told once, over its panel)
    at_step(driver, table, coach, 6)  # your cards
    assert coach.target == table.layout.my_cards
    got_it(driver, table, coach)
    at_step(driver, table, coach, 7)  # your score
    got_it(driver, table, coach)
    at_step(driver, table, coach, 8)
    got_it(driver, table, coach)
    assert coach.finished


def test_the_guide_follows_the_game_in_frames_that_are_not_drawn(monkeypatch) -> None:
    """The coach moved past a step done, and kept its step for the save, only while it was drawn: on a slow
    machine (several updates for one drawing) or minimized, the guide and the save lagged behind the game. It
    catches up in the table's update."""
    app, driver, table, coach = guided_from_rules("house-cup")
    for step in (0, 1):
        at_step(driver, table, coach, step)
        got_it(driver, table, coach)
    at_step(driver, table, coach, 2)  # drag a token under a day
    monkeypatch.setattr(App, "draw", lambda self: None)  # (from here on nothing is drawn)
    token = table.token_rect(1)
    assert token is not None
    driver.drag(token.center, table.layout.headers[0].center)
    assert table.session.match.log[0] == PlaceToken(table.view.seat, 0, 1)
    driver.frames(1)
    assert coach.index == 3 and table.session.guide_step == 3


def finish_taking(driver: Driver, table: GameTable, coach: Coach) -> list[str]:
    """Take lit cards and answer any IMMEDIATELY choice until House Cup's "your cards" step shows (the round's
    taking over); returns the first words of each aside told on the way."""
    told: list[str] = []

    def moment() -> bool:
        chooses = table.panel is not None and table.my_turn()
        return (coach.showing() and coach.index == 6) or (table.can_take() or chooses) and not table.busy()

    for _ in range(40):
        until(driver, moment)
        if coach.showing() and coach.aside is not None:
            assert_clear(table, coach)
            assert table.panel.words_rect().contains(coach.target)  # (drawn in: the ring stays on the words)
            told.append(" ".join(coach.step.text.split()[:4]))
        if coach.showing() and coach.index == 6 and coach.aside is None:
            return told
        if table.panel is not None:
            driver.perform(table.gesture_for(table.view.legal[0]))
        else:
            there, words = len(table.view.days[table.view.day]), table.prompt()[0]
            assert ("the last" in words) == (there < table.view.take_left), words  # never more than lie there
            card = table.view.days[table.view.day][0]
            driver.perform(table.gesture_for(TakeCard(table.view.seat, card)))
    raise AssertionError("the taking never ended")


def test_house_cup_asks_for_no_more_cards_than_the_day_has() -> None:
    """(Seen in a real window: "take 3 cards from Tuesday" with one card left there.)"""
    import dataclasses

    app, driver, table, coach = guided_from_rules("house-cup")
    view = table.view
    table.my_turn = lambda: True  # (the prompt of a take, whoever's turn it is)
    days = (("potions-1",), ("potions-2", "potions-3"), (), (), ())
    for day, left, taken, said in (
        (0, 3, 0, "take the last card of Monday"),
        (1, 3, 1, "take the last 2 cards of Tuesday"),
        (1, 2, 1, "take 2 more cards from Tuesday"),
        (1, 1, 0, "take 1 card from Tuesday"),
    ):
        table.view = dataclasses.replace(view, phase="take", day=day, days=days, take_left=left, taken=taken)
        assert said in table.prompt()[0]


def test_a_card_dragged_before_its_time_says_why() -> None:
    app, driver, table, coach = guided_from_rules("house-cup")
    card = next(table.hits.of_kind("card"))
    driver.drag(card.rect.center, table.layout.my_cards.center)  # the table did nothing: the guide says why
    assert table.message == "Cards are taken once every token is placed: first drag a token under a day."
    assert coach.note == table.message and coach.note_error


def test_a_word_for_the_whole_table_is_not_told_as_a_refused_move() -> None:
    """A notice for everyone (a save kept in another window, a bot that failed) is told in the bubble as it is: it
    read "Why not: This game is open in another window too..." after a move that was played."""
    app, driver, table, coach = guided_from_rules("house-cup")
    card = next(table.hits.of_kind("card"))
    driver.drag(card.rect.center, table.layout.my_cards.center)
    assert coach._note().startswith("Why not: ")  # a refused move
    table.session.notices.append("The game could not be saved.")
    driver.frames(2)
    assert coach.note == "The game could not be saved." and coach.note_error
    assert coach._note() == "The game could not be saved."


def test_skip_guide_leaves_the_game_going() -> None:
    app, driver, table, coach = guided_from_rules("house-cup")
    at_step(driver, table, coach, 0)
    driver.tap(coach.how.rect.center)  # How to win again, from the bubble
    assert coach.summary_open
    driver.tap(coach.play.rect.center)
    driver.tap(coach.skip.rect.center)
    assert coach.finished and coach.bubble is not None  # (its last place)
    token = table.token_rect(2)
    assert token is not None
    driver.drag(token.center, table.layout.headers[1].center)
    assert table.session.match.log[0] == PlaceToken(table.view.seat, 1, 2)


def pick(app: App, driver: Driver, game_id: str) -> None:
    """On New game, press the game's Set up."""
    app.go.new_game()
    driver.frames(2)
    chooser = app.scenes.top
    button = chooser.buttons[[game.id for game in chooser.entries].index(game_id)]
    driver.tap(button.rect.center)


def test_the_first_time_a_game_is_picked_a_guided_game_is_offered_once() -> None:
    app, driver = new_app()
    pick(app, driver, "house-cup")
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title == "Play a guided first game?"
    driver.tap(dialog.buttons[0].rect.center)  # Yes: the guided game
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.game_id == "house-cup" and table.coach is not None
    assert app.settings.guides_offered == ["house-cup"]
    pick(app, driver, "house-cup")  # never asked again: the setup
    assert "setup" in type(app.scenes.top).__name__.lower()
    pick(app, driver, "stupefix")
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    driver.tap(dialog.buttons[1].rect.center)  # No thanks: the setup, and never asked again either
    assert "setup" in type(app.scenes.top).__name__.lower()
    assert app.settings.guides_offered == ["house-cup", "stupefix"]


@pytest.mark.parametrize(
    ("game_id", "against"),
    [("house-cup", "a bot"), ("stupefix", "three bots"), ("house-cup-challenge", "a bot"), ("thats-wizard", "a bot")],
)
def test_the_offer_says_how_many_bots_the_guided_game_is_played_against(game_id: str, against: str) -> None:
    app, driver = new_app()
    pick(app, driver, game_id)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and f"against {against}," in dialog.message
    driver.tap(dialog.buttons[0].rect.center)
    table = app.scenes.top
    assert isinstance(table, GameTable)
    bots = sum(not seat.is_human for seat in table.session.match.seats)
    assert bots == {"a bot": 1, "three bots": 3}[against]  # the table the offer spoke of


@pytest.mark.parametrize(
    "size,language",
    [((1280, 720), "en"), ((1920, 1080), "en"), ((1280, 800), "fr"), ((1024, 640), "fr"), ((1280, 800), "ru")],
)
def test_thats_wizard_guided_first_round(size: tuple[int, int], language: str) -> None:
    """Every tip in its bubble, clear of what it is about, in English, French and Russian (in French and Russian
    the side board's longer tip found no room beside the panel at 1280x800: it went untold, and its Skip guide,
    placed but not drawn, lay over Set them aside and ended the guide on a tap meant for that)."""
    from tabletop.games.thats_wizard.events import ChooseSideBoard, Play

    app, driver, table, coach = guided_from_rules("thats-wizard", size, language=language)
    seat = table.view.seat
    at_step(driver, table, coach, 0)  # the side board, over its panel, clear of the panel's cards
    panel = table.panel
    assert panel is not None and coach.bubble is not None
    assert coach.bubble.collidelist(list(panel.card_rects.values())) < 0
    assert all(coach.bubble.contains(button.rect) for button in coach.buttons())  # (the buttons drawn, on it)
    assert "sit it out" in coach.step.text and "the other five are your hand" in coach.step.text  # what it is for
    pairs = [pick.label for option in panel.options for pick in option.picks]  # the rulebook's pairs say which two
    assert language != "en" or pairs == ["Feeling The Heat: Stun + Dispel out", "Powerless: Disarm + Shock out"]
    buttons = [button for row in panel.rows.values() for button in row.values()]  # each label fits its button
    for button in buttons:
        assert theme.text(button.label, button.size, theme.TEXT, bold=True).get_width() < button.rect.width
        assert panel.rect.contains(button.rect)
    assert not buttons[0].rect.colliderect(buttons[1].rect)
    side = next(c for c in table.view.legal if isinstance(c, ChooseSideBoard))
    for pos in panel.gesture(side):
        driver.tap(pos)
    at_step(driver, table, coach, 1)  # Stamina and Power
    assert coach.target == table.layout.zones[seat].tracker
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)  # the hand: waits for a card to be picked
    assert coach.got_it not in coach.buttons()
    play = next(c for c in table.view.legal if isinstance(c, Play))
    gesture = table.gesture_for(play)
    driver.perform(gesture[:1])  # tap the card
    assert table.selected == play.card
    at_step(driver, table, coach, 3)  # the dial
    assert coach.target.contains(table.layout.dial)  # (and its "Spell Power" label under it)
    got_it(driver, table, coach)
    at_step(driver, table, coach, 4)  # Reveal
    driver.perform(gesture[1:])  # turn the dial, Reveal
    assert any(isinstance(c, Play) and c.seat == seat for c in table.session.match.log)
    at_step(driver, table, coach, 5)  # the other wizard, once the round is told
    mine = table.layout.zones[seat]
    # Clear of the spells shown and lying by the person (the room kept for lasting spells may hold it) and of
    # the hand: the person chooses round 2's card meanwhile.
    lying = [placed.rect for placed in table.hits.of_kind("card") if placed.rect.colliderect(mine.lasting)]
    if language == "en":  # (a longer tip finds no room clear of them at 1280x800: the spells shown give way)
        assert not coach.bubble.colliderect(mine.seen) and coach.bubble.collidelist(lying) < 0
    assert coach.bubble.collidelist([placed.rect for placed in table.hits.of_kind("hand")]) < 0
    got_it(driver, table, coach)
    at_step(driver, table, coach, 6)  # the standing: "select it for the details"
    standing = table.hits.rect_of("score", STANDING)
    driver.tap(standing.center)
    assert table.zoomed() == STANDING
    got_it(driver, table, coach)
    assert table.zoomed() is None  # (it stayed open over the person's own Stamina into the next tips)
    at_step(driver, table, coach, 7)  # the log
    got_it(driver, table, coach)
    assert coach.finished


def test_a_tip_with_no_room_leaves_only_skip_guide_on_screen_and_taking_taps(monkeypatch) -> None:
    """A tip that finds no room goes untold; its buttons, placed but not drawn, still took taps: Skip guide lay
    over That's Wizard!'s Set them aside, and a tap on that ended the guide. Now only Skip guide is on screen,
    drawn in a free corner, and the panel's buttons work."""
    from tabletop.games.thats_wizard.events import ChooseSideBoard

    app, driver, table, coach = guided_from_rules("thats-wizard", (1280, 800))
    until(driver, lambda: coach.index == 0 and coach.showing())
    driver.frames(2)
    placed = [button.rect.copy() for button in coach.buttons()]  # (the bubble's, where it stood)
    monkeypatch.setattr(Coach, "_layout", lambda self, size, step, over=False: None)
    driver.frames(2)
    assert coach.bubble is None and coach.buttons() == [coach.skip]
    panel = table.panel
    assert panel is not None and coach.skip.rect.colliderect(panel.rect) == 0
    side = next(c for c in table.view.legal if isinstance(c, ChooseSideBoard))
    for pos in [*panel.gesture(side), *(rect.center for rect in placed)]:  # (then where the bubble's buttons were)
        driver.tap(pos)
    assert table.view.side and not coach.finished and coach.index == 1


def test_thats_wizard_a_tip_played_past_is_dropped() -> None:
    from tabletop.games.thats_wizard.events import ChooseSideBoard, Play

    app, driver, table, coach = guided_from_rules("thats-wizard")
    at_step(driver, table, coach, 0)
    side = next(c for c in table.view.legal if isinstance(c, ChooseSideBoard))
    driver.perform(table.gesture_for(side))
    at_step(driver, table, coach, 1)
    got_it(driver, table, coach)
    play = next(c for c in table.view.legal if isinstance(c, Play))
    driver.perform(table.gesture_for(play))  # card, dial and Reveal at once, the dial's tip never read
    at_step(driver, table, coach, 5)  # the dial's tip (whose moment went by) and Reveal's are passed
    assert coach.got_it in coach.buttons()


def lay_first_cards(driver: Driver, table: GameTable, coach: Coach) -> None:
    """Tap a lit space for each new Adventure Card, as the Wand holder does before the first action."""
    from tabletop.games.house_cup_challenge import events as hcc

    while not table.can_act():
        place = next(c for c in table.view.legal if isinstance(c, hcc.PlaceCard))
        cell = table.layout.cells[place.cell]
        assert coach.bubble is None or not coach.bubble.colliderect(cell), "the bubble hides a lit space"
        driver.tap(cell.center)
        until(driver, lambda: table.can_act() or (coach.showing() and coach.index == 0))


def to_the_first_action(size: tuple[int, int]) -> tuple[App, Driver, GameTable, Coach]:
    """House Cup Challenge's guided game at its first action (the first cards laid, the tips before read)."""
    app, driver, table, coach = guided_from_rules("house-cup-challenge", size)
    lay_first_cards(driver, table, coach)
    for index in (1, 2):
        at_step(driver, table, coach, index)
        got_it(driver, table, coach)
    at_step(driver, table, coach, 3)
    return app, driver, table, coach


def keep_token(driver: Driver, table: GameTable) -> None:
    """Two players: answer the Wand Bonus Token's offer that follows an action (keep it), if it is asked."""
    from tabletop.games.house_cup_challenge import events as hcc

    until(driver, lambda: not table.busy())
    task = table.view.tasks[-1] if table.view.tasks else None
    if task is not None and task.kind == "token" and table.my_turn():
        driver.perform(table.gesture_for(hcc.WandBonus(table.view.seat, False)))


def test_house_cup_challenge_guided_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.games.house_cup_challenge import events as hcc
    from tests.drawn_text import drawn_afresh, record_drawn

    app, driver, table, coach = guided_from_rules("house-cup-challenge")
    seat = table.view.seat
    at_step(driver, table, coach, 0)  # lay the first Adventure Cards on lit spaces
    assert coach.got_it not in coach.buttons()
    lay_first_cards(driver, table, coach)
    at_step(driver, table, coach, 1)  # Harry's abilities
    assert coach.target == table.layout.players[seat]
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)  # the hand
    got_it(driver, table, coach)
    at_step(driver, table, coach, 3)  # an action: drag the character one space onto a free one
    board = table.view.board_map()
    move = next(c for c in table.view.legal if isinstance(c, hcc.Move) and len(c.path) == 1 and c.path[0] not in board)
    assert coach.target == table.hits.rect_of("token", seat)
    assert not coach.step.arrow and "light up" in coach.step.text  # the ring alone (no arrow over the place names)
    driver.perform(table.gesture_for(move))
    if move not in table.session.match.log:  # several ways there: the panel asks which
        driver.perform(table.gesture_for(move))
    assert move in table.session.match.log
    at_step(driver, table, coach, 4)  # two players: the Wand Bonus Token, offered right after the action
    assert coach.step.over_panel and table.panel is not None and table.panel.title == "Wand Bonus Token"
    assert coach.got_it not in coach.buttons()  # it waits for the answer
    assert lit_on_panel(app, table.panel.rect)[1] == []  # its edge lit, no second box round its words within it
    drawn = record_drawn(monkeypatch)
    driver.tap(table.bar[3].rect.center)  # Menu beside the offer: refused, and the reason said once (the bubble
    reason = table.message  # told it, and the table's box under it again)
    assert reason.startswith("Make the choice first") and coach.note == reason
    assert drawn_afresh(driver, drawn).count(reason) == 1
    driver.perform(table.gesture_for(hcc.WandBonus(seat, False)))
    at_step(driver, table, coach, 5)  # three action steps a round (the bot acted in between)
    assert coach.target == table.layout.round_steps  # ringed (it pointed at nothing, beside them)
    assert table.layout.track.contains(table.layout.round_steps)
    got_it(driver, table, coach)
    at_step(driver, table, coach, 6)  # the track
    assert coach.target == table.layout.track
    got_it(driver, table, coach)
    at_step(driver, table, coach, 7)  # Draw and Pass
    got_it(driver, table, coach)
    assert coach.finished


def test_house_cup_challenge_someone_elses_character_says_why() -> None:
    app, driver, table, coach = guided_from_rules("house-cup-challenge")
    lay_first_cards(driver, table, coach)
    other, mine = table.hits.rect_of("token", 1), table.hits.rect_of("token", 0)
    assert other is not None and mine is not None
    spot = (other.left + 3 if other.left < mine.left else other.right - 3), other.centery  # (clear of Ada's)
    driver.drag(spot, table.layout.board.center)
    assert table.message == "That is Ben's character: move your own."
    assert coach.note == table.message and coach.note_error


STUPEFIX_SEED = 5  # a deal where Ada's flag still stands after the first spells


@pytest.mark.parametrize(("size", "read_at_once"), [((1280, 720), True), ((1920, 1080), True), ((1280, 720), False)])
def test_stupefix_guided_first_round(size: tuple[int, int], read_at_once: bool) -> None:
    from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, TakeReward

    app, driver, table, coach = guided_from_rules("stupefix", size, seed=STUPEFIX_SEED)
    seat = table.view.seat
    assert len(table.view.houses) == 4 and table.session.humans() == [seat]
    at_step(driver, table, coach, 0)  # a secret spell, over the panel, clear of its cards
    panel = table.panel
    assert panel is not None and coach.bubble is not None
    assert coach.bubble.collidelist(list(panel.card_rects.values())) < 0
    prepare = next(c for c in table.choice.view.legal if isinstance(c, PrepareSpell) and c.spell == "stupefix")
    driver.perform(table.gesture_for(prepare))
    at_step(driver, table, coach, 1)  # Ready, then the wand: the bubble leaves every seat and the cue clear
    for spot in table.layout.seats:
        assert not coach.bubble.colliderect(spot.rect)
    until(driver, lambda: table.cue() is not None)
    cue = table.cue()  # a guided game counts 5 seconds (time to read the bubble), as the bubble and the cue say
    assert table.live is not None and table.live.length == 5.0 and app.settings.countdown_seconds == 3.0
    assert cue is not None and "5-second count" in cue.text and "5-second count" in coach.step.text
    driver.tap(table.ready_button.rect.center)
    driver.perform(table.gesture_for(PointWand(seat, 2)))
    assert PointWand(seat, 2) in table.session.match.log
    until(driver, lambda: table.view.phase == "cast" and table.panel is None)  # the wands are looked at
    reward = table.hits.rect_of("reward", table.view.row[0])
    assert reward is not None
    driver.tap(reward.center)  # too early: the table did nothing, the game says why
    assert table.message == "Rewards are taken after the spells are cast, by the wizards whose flag still stands."
    assert coach.note == table.message
    at_step(driver, table, coach, 2)  # cast or Protego, over the panel
    driver.perform(table.gesture_for(CastSpell(seat, False)))
    at_step(driver, table, coach, 3)  # the flags, once the spells are told
    assert coach.target == table.layout.seats[seat].flag
    got_it(driver, table, coach)
    until(driver, lambda: coach.showing() and coach.index in (4, 5))  # (5: a stunned wizard takes no reward)
    assert coach.index == 4  # Ada's flag stands (this deal): take a reward
    assert_clear(table, coach)
    driver.perform(table.gesture_for(TakeReward(seat, table.view.row[0])))
    assert any(isinstance(c, TakeReward) and c.seat == seat for c in table.session.match.log)
    # 8 rounds and the scores, once the reward is taken and while no choice covers the scores it rings (told over
    # round 2's spell panel, it rang the urns under it: the French guided review)
    at_step(driver, table, coach, 5)
    assert coach.target == table.layout.urn and (table.panel is None or table.panel.hidden)
    assert table.view.round == 1
    if read_at_once:
        got_it(driver, table, coach)
        assert coach.finished
    while table.view.round == 1:  # the standing flags take the nine rewards in turn
        until(driver, lambda: table.view.round > 1 or table.view.drafter() == seat and not table.busy())
        if table.view.round == 1:
            driver.perform(table.gesture_for(TakeReward(seat, table.view.row[0])))
    if not read_at_once:  # left unread: round 2's spell panel (docked) lies over the scores, and it waits
        until(driver, lambda: table.panel is not None and table.view.phase == "prepare")
        driver.frames(2)
        assert not coach.showing() and coach.index == 5
        prepare = next(c for c in table.choice.view.legal if isinstance(c, PrepareSpell))
        driver.perform(table.gesture_for(prepare))
        at_step(driver, table, coach, 5)  # back once the spell is laid and the scores are in sight
        assert table.panel is None or table.panel.hidden


def test_house_cup_challenge_a_tip_read_while_acting_leaves_the_character_to_drag() -> None:
    """The tips told while Ada acts again (a round's three steps, the track, Draw and Pass) are Got it steps she
    may play past; their bubble (at 1600x1000 one pointing at nothing stands mid-window, over the board's right
    half) must never hide her character nor swallow the drag that moves it. Found by a monkey test: the "three
    action steps" tip covered Harry on G4 and every drag of him did nothing."""
    from tabletop.games.house_cup_challenge import events as hcc

    app, driver, table, coach = to_the_first_action((1600, 1000))
    seat = table.view.seat
    goal = table.layout.cells["G5"].center

    def walk_east() -> None:
        """Ada's move that brings her nearest G5 onto a free space, dragged as a person does."""
        until(driver, lambda: table.can_act() and not table.busy())
        board = table.view.board_map()
        moves = [c for c in table.view.legal if isinstance(c, hcc.Move) and c.path[-1] not in board]
        move = min(moves, key=lambda c: math.dist(table.layout.cells[c.path[-1]].center, goal))
        token = table.hits.rect_of("token", seat)
        assert coach.bubble is None or not coach.bubble.colliderect(token), "the bubble hides the character"
        before = len(table.session.match.log)
        driver.perform(table.gesture_for(move))
        if move not in table.session.match.log:  # several ways there: the panel asks which
            driver.perform(table.gesture_for(move))
        assert len(table.session.match.log) > before and move in table.session.match.log, table.message
        keep_token(driver, table)

    walk_east()
    at_step(driver, table, coach, 5)  # the tip is up, and stays up (no Got it) while Ada walks on
    while table.view.me.cell not in ("F4", "F5", "F6", "G4", "G5", "G6", "H4", "H5", "H6"):
        walk_east()
    until(driver, lambda: table.can_act() and coach.showing() and not table.busy())
    assert coach.index == 5 and coach.bubble is not None
    walk_east()  # dragged from the character's centre, the tip still up


def test_house_cup_challenge_a_tip_waits_while_the_character_is_chosen() -> None:
    """A tip told while the person acts again stepped in while their character was chosen by a tap, its bubble
    over the spaces then lit (a tap there was the bubble's); it now waits until the choice is made or let go."""
    from tabletop.games.house_cup_challenge import events as hcc

    app, driver, table, coach = to_the_first_action((1024, 640))
    seat = table.view.seat
    board = table.view.board_map()
    move = next(c for c in table.view.legal if isinstance(c, hcc.Move) and len(c.path) == 1 and c.path[0] not in board)
    driver.perform(table.gesture_for(move))
    if move not in table.session.match.log:
        driver.perform(table.gesture_for(move))
    keep_token(driver, table)
    at_step(driver, table, coach, 5)
    for index in (5, 6, 7):
        driver.tap(table.hits.rect_of("token", seat).center)  # Harry chosen: the spaces he reaches light up
        driver.frames(2)
        assert table.held() == "character" and table.lit_cells()
        assert not coach.showing() and coach.bubble is None
        driver.tap(table.hits.rect_of("token", seat).center)  # let go: the tip comes back
        driver.frames(2)
        assert table.held() == "" and coach.showing() and coach.index == index
        got_it(driver, table, coach)
    pygame.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_thats_wizard_the_other_wizards_tip_leaves_the_hand_to_choose_from(size: tuple[int, int]) -> None:
    """From round 2 the other wizard's tip (a Got it step) stays up while the person chooses their next card; its
    bubble must leave every card of the hand in sight and to tap, or to press with Enter once the keyboard's focus
    rests on it. Found by a monkey test: beside the other wizard's zone it stood over the right half of the hand
    (at 1024x640 and every size up to 1920x1080), a tap on a card under it did nothing and Enter on such a card
    pressed the tip's How to win instead."""
    from tabletop.games.thats_wizard.events import ChooseSideBoard, Play

    app, driver, table, coach = guided_from_rules("thats-wizard", size)
    at_step(driver, table, coach, 0)
    driver.perform(table.gesture_for(next(c for c in table.view.legal if isinstance(c, ChooseSideBoard))))
    at_step(driver, table, coach, 1)
    got_it(driver, table, coach)
    driver.perform(table.gesture_for(next(c for c in table.view.legal if isinstance(c, Play))))  # round 1 played
    until(driver, lambda: coach.index == 5 and coach.showing() and table.can_choose())
    at_step(driver, table, coach, 5)  # the other wizard, while the person chooses round 2's card
    assert table.view.round == 2 and coach.bubble is not None

    def hand() -> dict[str, pygame.Rect]:
        return {str(placed.item): placed.rect for placed in table.hits.of_kind("hand")}

    cards = hand()
    assert len(cards) == 7
    for card, rect in cards.items():
        assert not coach.bubble.colliderect(rect), f"the bubble hides {card}"
    playable = list(dict.fromkeys(c.card for c in table.view.legal if isinstance(c, Play)))  # (once each)
    for card in sorted(playable, key=lambda name: -cards[name].centerx):  # (the right half first: under the old tip)
        driver.tap(hand()[card].center)
        assert table.selected == card, f"a tap on {card} did not pick it"
        assert coach.index == 5 and coach.bubble is not None and not coach.summary_open  # the tip still up
    last = max(playable, key=lambda name: cards[name].centerx)  # the keyboard: Tab onto the hand's rightmost card
    driver.tap(hand()[min(playable, key=lambda name: cards[name].centerx)].center)  # (another card picked)
    assert table.selected != last
    for _ in range(30):
        focused = table.focused()
        if focused is not None and focused.kind == "hand" and focused.item == last:
            break
        driver.key(pygame.K_TAB)
    else:
        raise AssertionError("the focus never rested on the card")
    driver.key(pygame.K_RETURN)
    assert not coach.summary_open, "Enter pressed the tip's How to win"
    assert table.selected == last and coach.index == 5 and coach.bubble is not None
    for card, rect in hand().items():
        assert not coach.bubble.colliderect(rect), f"the bubble hides {card}"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_enter_on_a_focused_space_under_a_tip_acts_on_the_space(size: tuple[int, int]) -> None:
    """The keyboard chose its focus: Enter on a thing a tip's bubble lies over acts on that thing, and the
    bubble's buttons stay Tab stops of their own. House Cup Challenge's "This is you, Harry" tip (a Got it step,
    up while the person may already act) stands over lit spaces a card of the hand can be played on; Enter on
    such a space used to go to the bubble (swallowed, or its How to win pressed) instead of playing the card."""
    app, driver, table, coach = guided_from_rules("house-cup-challenge", size)
    lay_first_cards(driver, table, coach)
    # That tip now keeps the board clear (test_house_cup_challenge_tips_read_while_acting_leave_the_board_clear):
    # it is put back as it stood, over the board, for the keyboard's part of the overlap.
    step = coach.guide.steps[1]
    kept = step.target
    object.__setattr__(step, "target", lambda table: [table.layout.players[table.view.seat]])
    try:
        press_past_the_tip(driver, table, coach)
    finally:
        object.__setattr__(step, "target", kept)


def press_past_the_tip(driver: Driver, table: GameTable, coach: Coach) -> None:
    from tabletop.games.house_cup_challenge import events as hcc
    from tabletop.ui.tables.focus import tap_point
    from tests.keyboard_driver import Keys

    at_step(driver, table, coach, 1)  # Harry's abilities: a Got it step, while the person may act
    bubble = coach.bubble
    assert bubble is not None
    spaces = {t.item: t for t in table.focus_targets() if t.kind == "space"}
    under = [
        c
        for c in table.view.legal
        if isinstance(c, hcc.PlayThere) and bubble.collidepoint(tap_point(table, spaces[c.cell]))
    ]
    assert under, "no lit space under the tip: the case this test is about is gone"
    play = under[0]
    keys = Keys(driver)
    keys.enter_on(table, lambda t: t.kind == "card" and t.item == play.card, play.card)
    assert table.selected_card == play.card
    keys.focus(table, lambda t: t.kind == "space" and t.item == play.cell, play.cell)
    assert coach.showing() and coach.bubble is not None and coach.bubble.collidepoint(tap_point(table, table.focused()))
    keys.press(pygame.K_RETURN, frames=2)
    assert not coach.summary_open, "Enter on the space pressed the tip's How to win"
    assert play in table.session.match.log, "Enter on the focused space did not play the card there"
    until(driver, lambda: coach.showing() and not table.busy())
    keys.enter_on(table, lambda t: t.item is coach.how, "How to win")  # the bubble's buttons: Tab stops of their own
    assert coach.summary_open
    keys.enter_on(table, lambda t: t.item is coach.play, "Let's play")
    assert not coach.summary_open


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_house_cup_challenge_tips_read_while_acting_leave_the_board_clear(size: tuple[int, int]) -> None:
    """ "This is you, Harry" and "Your hand" are Got it tips up while the person may already act: they leave the
    board clear, so a tap on a lit space plays the card there (the first stood over lit spaces, where a tap was
    the bubble's and played nothing)."""
    from tabletop.games.house_cup_challenge import events as hcc

    app, driver, table, coach = guided_from_rules("house-cup-challenge", size)
    lay_first_cards(driver, table, coach)
    for step in (1, 2):
        at_step(driver, table, coach, step)
        bubble = coach.bubble
        assert bubble is not None
        plays = [c for c in table.view.legal if isinstance(c, (hcc.PlayThere, hcc.PlayHere))]
        assert plays and not any(bubble.colliderect(table.layout.cells[c.cell]) for c in plays)
        if step == 1:
            got_it(driver, table, coach)
    play = next(c for c in table.view.legal if isinstance(c, hcc.PlayThere))  # with "Your hand" still up
    driver.tap(table.hits.rect_of("card", play.card).center)
    assert table.selected_card == play.card
    driver.tap(table.layout.cells[play.cell].center)
    until(driver, lambda: play in table.session.match.log)
    pygame.quit()


def lit_on_panel(app: App, panel: pygame.Rect) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The guide's lit pixels (``theme.HIGHLIGHT``) on the band of a panel's edge, and those inside it (a second
    box drawn within the panel), every other pixel looked at."""
    inner = panel.inflate(-2 * px(8), -2 * px(8))
    edge, inside = [], []
    for y in range(panel.top, panel.bottom, 2):
        for x in range(panel.left, panel.right, 2):
            if tuple(app.screen.get_at((x, y)))[:3] == theme.HIGHLIGHT:
                (inside if inner.collidepoint(x, y) else edge).append((x, y))
    return edge, inside


@pytest.mark.parametrize("game_id", ["stupefix", "thats-wizard"])
def test_a_step_about_the_choice_panel_lights_its_edge_with_the_bubble_outside_it(game_id: str) -> None:
    """The first step points at the choice panel's words. Its ring, drawn just inside the panel's edge round the
    words, was a box within the panel (plain to see in House Cup Challenge's Wand Bonus Token, a panel of words and
    two buttons), and the bubble lay across the panel's edge: the panel's own edge is lit (steady, motion off), none
    of the guide's gold inside it, and the bubble stands outside the panel where there is room."""
    app, driver, table, coach = guided_from_rules(game_id)
    at_step(driver, table, coach, 0)
    panel = table.panel
    assert panel is not None and coach.target is not None and coach.bubble is not None
    edge, inside = lit_on_panel(app, panel.rect)
    assert len(edge) > panel.rect.width  # (every other pixel of the top and bottom edges, and of the sides)
    assert inside == []
    assert not coach.bubble.colliderect(panel.rect)
    pygame.quit()


def test_the_ring_round_a_target_leaves_the_label_beside_it() -> None:
    """House Cup's first step rings the person's tokens: the ring reached 10 px out, across "Reward tokens x0"
    6 px under them. It now hugs its target (RING_OUT), the label clear."""
    app, driver, table, coach = guided_from_rules("house-cup", (1280, 800))
    at_step(driver, table, coach, 0)
    assert coach.target == table.layout.my_tokens
    rewards = table.layout.my_rewards
    label = pygame.Rect(rewards.left, rewards.top, rewards.width, px(22))  # "Reward tokens x0"'s line
    lit = [
        (x, y)
        for x in range(label.left, label.right)
        for y in range(label.top, label.bottom)
        if tuple(app.screen.get_at((x, y)))[:3] == theme.HIGHLIGHT
    ]
    assert lit == []


def test_a_guided_game_left_and_continued_keeps_its_guide_at_its_step() -> None:
    """A new player who left the guided game halfway and came back with Continue (or Load) found a table without
    tips (a keyboard player's review): the save keeps the guide's step, and opening it brings the guide back
    there, past its "How to win"."""
    from tabletop.play.session import GameSession

    app, driver, table, coach = guided_from_rules("house-cup")
    at_step(driver, table, coach, 0)
    got_it(driver, table, coach)
    at_step(driver, table, coach, 1)
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)  # drag a token under a day
    token = table.token_rect(1)
    assert token is not None
    driver.drag(token.center, table.layout.headers[0].center)  # a move: the game is saved, the guide's step with it
    at_step(driver, table, coach, 3)
    driver.frames(2)
    session = table.session
    assert isinstance(session, GameSession) and session.guide_step == 3
    again, driver2 = saved_and_opened(session)
    assert again.coach is not None
    assert again.coach.index == 3 and not again.coach.summary_open
    at_step(driver2, again, again.coach, 3)  # its bubble up, clear of what it is about


def test_with_large_text_at_the_largest_scale_the_first_tip_is_told_clear_of_what_is_pressed(monkeypatch) -> None:
    """At 200% with large text That's Wizard!'s side board filled the window but two low bands, and its first tip
    went untold (only Skip guide showed; Stupéfix's "8 rounds" tip, a Got it step, waited for ever): a reviewer
    walking the guides. With no room clear of everything, the bubble stands clear of what can be pressed alone, and
    last over what it points at."""

    def large(size: tuple[int, int] = (1280, 720), language: str = "en") -> tuple[App, Driver]:
        settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=200, large_text=True)
        app = App(size, settings=settings)
        driver = Driver(app)
        driver.frames(2)
        return app, driver

    monkeypatch.setitem(guided_from_rules.__globals__, "new_app", large)
    app, driver, table, coach = guided_from_rules("thats-wizard", (1280, 800))
    until(driver, lambda: coach.index == 0 and coach.showing())
    driver.frames(2)  # (over the words it explains: ``at_step``'s check that it points at them from aside fails)
    assert theme.Scale.factor > 1.1  # (the largest scale: the window's room is what limits it)
    assert coach.bubble is not None and table.panel is not None
    pressed = [*table.panel.card_rects.values(), *(b.rect for b in table.panel.buttons() if b.visible)]
    assert not any(coach.bubble.colliderect(rect) for rect in pressed)
    assert app.screen.get_rect().contains(coach.bubble)
    pygame.quit()


def test_a_guided_game_left_before_its_first_move_comes_back_with_its_guide() -> None:
    """The save of a guided game said it was guided only from its first move: left on How to win and opened
    again by Continue, it came back with no tips (a review by touch)."""
    from tabletop.play import autosave

    app, driver = new_app()
    app.go.rules("house-cup")
    driver.frames(2)
    driver.tap(app.scenes.top.guided.rect.center)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.coach is not None and table.session.match.log == []
    assert autosave.writer().flush(30)
    path = table.session.path
    pygame.quit()
    app2, driver2 = new_app()
    assert app2.go.open_save(path) is None
    again = app2.scenes.stack[0]
    assert isinstance(again, GameTable) and again.coach is not None and again.coach.index == 0


def test_a_guide_skipped_before_the_first_move_stays_skipped_when_the_game_is_opened_again() -> None:
    """The step was saved at the start, and a Skip guide before any move never reached the file: the game came
    back with its guide (the diff's review)."""
    import json

    from tabletop.play import autosave

    app, driver = new_app()
    app.go.rules("house-cup")
    driver.frames(2)
    driver.tap(app.scenes.top.guided.rect.center)
    table = app.scenes.top
    coach = table.coach
    driver.tap(coach.play.rect.center)
    driver.tap(coach.skip.rect.center)
    driver.frames(3)
    assert coach.finished and table.session.match.log == []
    assert autosave.writer().flush(30)
    path = table.session.path
    assert json.loads(path.read_text()).get("guide_step") is None
    pygame.quit()
    app2, driver2 = new_app()
    assert app2.go.open_save(path) is None
    again = app2.scenes.stack[0]
    assert isinstance(again, GameTable) and again.coach is None


def test_thats_wizard_first_tip_in_french_with_large_text_in_a_small_window_stands_clear_of_its_panel(
    monkeypatch,
) -> None:
    """Reveal, Pass and the dial, unlit while the side boards are chosen, were kept clear too, and the longest tip
    (French) found no room at 1024x640 with large text: it was drawn over the panel it explains (the guides
    review in French and Russian)."""

    def large(size: tuple[int, int] = (1280, 720), language: str = "en") -> tuple[App, Driver]:
        settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=True)
        app = App(size, settings=settings)
        driver = Driver(app)
        driver.frames(2)
        return app, driver

    monkeypatch.setitem(guided_from_rules.__globals__, "new_app", large)
    app, driver, table, coach = guided_from_rules("thats-wizard", (1024, 640), language="fr")
    until(driver, lambda: coach.index == 0 and coach.showing())
    driver.frames(1)
    bubble = coach.bubble
    assert bubble is not None and app.screen.get_rect().contains(bubble)
    assert coach.target is not None and not bubble.colliderect(coach.target), "beside what it points at"
    assert table.panel is not None and not bubble.colliderect(table.panel.words_rect())
    assert isinstance(table, ThatsWizardTable) and not table.ready_button.enabled
    lit = [b.rect for b in [*table.panel.buttons(), *table.controls()] if b.visible and getattr(b, "enabled", True)]
    assert not any(bubble.colliderect(rect) for rect in [*lit, *table.panel.card_rects.values()])
    pygame.quit()


def test_a_game_without_a_guide_is_set_up_at_once_its_rules_offer_none_and_a_silent_tap_says_nothing(
    monkeypatch,
) -> None:
    """A table package may come without a ``coach`` module (README, "Adding a game": a new game's guided first
    game comes later, if ever). Picking it raised ModuleNotFoundError on New game, on its rules page and at the
    first tap its table took without a move; now it is set up at once, and the rest simply has no guide."""
    monkeypatch.setitem(sys.modules, "tabletop.ui.tables.house_cup.coach", None)  # (House Cup's table, without one)
    app, driver = new_app()
    app.go.rules("house-cup")
    driver.frames(2)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.games[rules.index].id == "house-cup"
    assert not rules.guided.visible
    driver.tap(rules.tabs[1].rect.center)  # Stupéfix's page has its guide
    assert rules.guided.visible
    driver.tap(rules.close.rect.center)
    pick(app, driver, "house-cup")
    setup = app.scenes.top
    assert isinstance(setup, SetupBase) and setup.game.id == "house-cup"
    assert app.settings.guides_offered == []  # (nothing was offered)
    driver.tap(setup.start.rect.center)
    driver.frames(5)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.game_id == "house-cup"
    driver.tap((table.layout.banner.centerx, table.layout.banner.bottom + 4))  # nothing there: no move, no word
    assert app.scenes.top is table and table.message == ""


def test_the_rules_screen_turns_through_every_game_without_loading_a_table():
    """Whether a game has a guided first game (the rules page's button) is asked without importing its ``coach``
    module, which loads the table: 0.24-0.37 s at each game the Rules screen turned to. Run in a fresh program
    (the tests before have loaded every table)."""
    script = """
import sys
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tests.ui_driver import Driver

app = App((1280, 800), settings=Settings(volume=0.0, animation="Off"))
driver = Driver(app)
driver.frames(2)
app.go.rules("house-cup")
driver.frames(2)
rules = app.scenes.top
shown = []
for tab in rules.tabs:
    driver.tap(tab.rect.center)
    shown.append(rules.guided.visible)
print(shown, sorted(name for name in sys.modules if name.startswith("tabletop.ui.tables.") and name.count(".") > 3))
"""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip().splitlines()[-1] == f"{[True] * len(GAMES)} []"


@pytest.mark.parametrize("game_id", ["house-cup", "house-cup-challenge"])
def test_skip_guide_alone_in_a_corner_stands_clear_of_the_edge_of_the_panel_it_lies_on(game_id: str) -> None:
    """While the guide waited (a bot playing), Skip guide stood in the window's corner across the gold edge of the
    person's own panel (House Cup's cards, House Cup Challenge's hand), the edge's lines under its own (a first
    game at 1280x800): it stands inside the panel's edge, or clear of the panel."""
    app, driver, table, coach = guided_from_rules(game_id, (1280, 800))
    with patch.object(Coach, "_layout", lambda self, size, step, over=False: None):
        driver.frames(2)
        assert coach.bubble is None and coach.buttons() == [coach.skip]
        skip = coach.skip.rect
        window = app.screen.get_rect()
        assert window.contains(skip)
        panel = table.layout.me if game_id == "house-cup" else table.layout.hand  # (the panel in that corner)
        inner = panel.inflate(-px(16), -px(16))
        assert inner.contains(skip) or not skip.colliderect(panel), (skip, panel)
    pygame.quit()


def test_a_step_done_before_its_tip_came_up_is_not_counted_in_guide_n_of_m() -> None:
    """House Cup Challenge's first step asks the Wand holder to lay the first Adventure Cards; on a deal where each
    had one space only, they were laid with no choice, and the first tip a new player saw read "Guide 2 of 8" (a
    first game at 1280x800: a tip missed?). The count leaves out the steps whose tip never came up."""
    app, driver, table, coach = guided_from_rules("house-cup-challenge", (1280, 800), seed=3)
    at_step(driver, table, coach, 1)  # (on this deal the first cards need no choice: step 0 is done unseen)
    assert coach.passed_unseen == 1 and coach._progress() == "Guide 1 of 7"
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)
    assert coach._progress() == "Guide 2 of 7"
    pygame.quit()
    app, driver, table, coach = guided_from_rules("house-cup-challenge", (1280, 800), seed=1)
    at_step(driver, table, coach, 0)  # (here they are laid by the person: every step counts)
    assert coach._progress() == "Guide 1 of 8"
    pygame.quit()


def test_a_guide_continued_counts_its_steps_as_it_did() -> None:
    """A step done before its tip came up is left out of "Guide n of m"; the game left and opened again by
    Continue read "Guide 3 of 8" where it had read "Guide 2 of 7" (the save kept the step, not what was left out)."""
    from tabletop.play.session import GameSession

    app, driver, table, coach = guided_from_rules("house-cup-challenge", (1280, 800), seed=3)
    at_step(driver, table, coach, 1)  # (on this deal step 0 is done unseen)
    got_it(driver, table, coach)
    at_step(driver, table, coach, 2)
    shown = coach._progress()
    assert shown == "Guide 2 of 7"
    session = table.session
    assert isinstance(session, GameSession) and session.guide_step == 2
    again, driver2 = saved_and_opened(session, (1280, 800))
    assert again.coach is not None and again.coach.index == 2
    assert again.coach._progress() == shown
    pygame.quit()
