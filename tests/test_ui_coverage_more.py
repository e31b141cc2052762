"""Player-visible paths that two coverage-guided reviews left undriven (tests/test_ui_coverage.py and
tests/test_scenes_coverage.py list what they covered): each one is played here through real pygame events posted to
the real scenes, and what the person sees is checked.

Game tables. House Cup: one's own card dragged. It said "Cards are taken once every token is placed", or said
nothing while cards were being taken; now it opens one's cards as a tap does. House Cup Challenge: a move past two
cards, one of them passed by its Test. The panel read "walking past with The Boy Who Lived and you pass its Test";
now it names only what the move spends. Stupéfix: a wand pointed at nobody; a wand already pointed by another
hand's tap and then let go while the count still ran, which said "The count is over"; a tap on a reward while a bot
drafts. That's Wizard!: a Duos tie between allies (Before or After my ally) and Dispel's title counting its tokens.

The app's screens. The Loading dialog of a save whose moves cannot be counted (its sweeping bar), cancelled by
Tab and Enter. History's Remove while another program holds the history. Statistics: Everyone in a game nobody
has finished, and the win rate over time past its window of 20 games. The results: a column's lines scrolled by the
wheel and by a drag, and a long name cut short in the legend. A bug met while the data folder cannot be written:
the menu says the crash report could not be written.
"""

from __future__ import annotations

import json
import sqlite3

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.paths import user_data_dir
from tabletop.play.history import History
from tabletop.play.session import history_db
from tabletop.ui import app as app_module
from tabletop.ui import charts
from tabletop.ui.app import App
from tabletop.ui.scenes.history import HistoryScene
from tabletop.ui.scenes.load import LoadingScene
from tabletop.ui.scenes.menu import MenuScene
from tabletop.ui.scenes.statistics import ROLLING, StatisticsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.house_cup.overlays import PlayerCardsOverlay
from tabletop.ui.theme import px
from tests.drawn_text import drawn_afresh, record_drawn
from tests.ui_driver import Driver, at_table, until_results


def quick_app(size: tuple[int, int] = (1280, 800), bot_speed: str = "Instant") -> App:
    return App(size, settings=Settings(volume=0.0, animation="Off", bot_speed=bot_speed))


def played(game_id: str, names: list[str], seed: int) -> Match:
    """A match of people with these names, played to its end by random choices."""
    game = GAMES[game_id]
    match = Match(game, [SeatInfo(name) for name in names], game.default_options(len(names)), seed)
    bot, rng = make_bot(game, "random"), Rng.from_seed(seed)
    while match.result() is None:
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    return match


# --- House Cup: one's own card dragged -------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["place", "take"])
def test_ones_own_card_dragged_opens_ones_cards_as_a_tap_does(phase):
    """It said "Cards are taken once every token is placed: first drag a token under a day." (the card is already
    one's own), or nothing at all while cards were being taken."""
    from tabletop.ui.tables.house_cup.table import HouseCupTable
    from tests.house_cup_positions import position, taking

    houses = ["Gryffindor", "Slytherin"]
    state = position(houses=houses, tableau=[["castle-1"], []], days={0: ["potions-1", "charms-1"]})
    if phase == "take":
        state = taking(state, 0, [(0, 3)])
    game = GAMES["house-cup"]
    seats = [SeatInfo("Gryffindor"), SeatInfo("Slytherin", "greedy")]
    app = quick_app()
    driver, table = at_table(app, Match(game, seats, {"houses": houses, "first": 0}, 3, start=to_json(state)))
    assert isinstance(table, HouseCupTable) and (table.can_place() if phase == "place" else table.can_take())
    card = table.hits.rect_of("card", "castle-1")
    driver.drag(card.center, (card.centerx, card.centery - 200))  # up onto the timetable
    assert isinstance(app.scenes.top, PlayerCardsOverlay) and table.message == ""
    assert table.session.match.log == []
    driver.tap(app.scenes.top.close.rect.center)
    assert app.scenes.top is table
    spot = table.layout.my_cards  # a tap on "Your cards" beside the card opens them too
    driver.tap((spot.right - 20, spot.centery))
    assert isinstance(app.scenes.top, PlayerCardsOverlay) and table.session.match.log == []
    pygame.quit()


# --- House Cup Challenge: a move past two cards, one by its Test ------------------------------------------------------
def test_a_move_past_two_cards_one_passed_by_its_test_names_only_what_it_spends():
    """Harry (abilities 1) walks from B6 past Fluffy (C6: he fails its Test) and Dean's card on D6 (S1 or H1: he
    passes it) to E6. Two moves end there: one spends his gift, one the Cloak."""
    from tabletop.games.house_cup_challenge import events as ev
    from tabletop.games.house_cup_challenge.board import name
    from tests.house_cup_challenge_positions import position
    from tests.test_ui_coverage import buttons, challenge_table

    state = position(
        cells=["B6", "H7", "H7", "H7"],
        board={"C6": "Y1-06", "D6": "Y1-24"},
        specials=[["cloak"], [], [], []],
        abilities=[[1, 1, 1]] * 4,
    )
    driver, table = challenge_table(state)
    by_cloak = ev.Move(0, ("C6", "D6", "E6"), ("cloak", "able"))
    driver.perform(table.gesture_for(by_cloak))  # the drag onto E6
    assert table.session.match.log == [] and table.panel is not None
    space = name("E6")
    assert buttons(table) == {
        f"Go to {space}, walking past with The Boy Who Lived": ev.Move(0, ("C6", "D6", "E6"), ("harry", "able")),
        f"Go to {space}, walking past with Invisibility Cloak": by_cloak,
    }  # (it read "..., walking past with Invisibility Cloak and you pass its Test")
    driver.perform(table.gesture_for(by_cloak))
    player = table.session.match.state.players[0]
    assert table.session.match.log[0] == by_cloak and player.cell == "E6" and not player.harry_used
    pygame.quit()


# --- Stupéfix: wands that cannot be pointed, and a tap on a reward while a bot drafts -------------------------------
def until_cue(driver, table) -> int:
    """Frames until a person's own "Ready?" waits (people point in turn, one mouse); that person's seat."""
    for _ in range(600):
        if table.live is not None and table.live.waiting:
            return table.live.waiting[0]
        driver.frames(1)
    raise AssertionError("no Ready came")


def test_a_wand_too_late_says_it_points_at_nobody_when_its_person_takes_it_up_again():
    from tests.stupefix_ui_helpers import table_for, until

    app, driver, table = table_for(["human", "greedy", "human", "greedy"], seed=12)
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    late = until_cue(driver, table)
    driver.tap(table.ready_button.rect.center)
    for _ in range(400):  # the count runs out: nobody is pointed at
        driver.frames(1)
        if table.view.pointed[late]:
            break
    name = table.session.name(late)
    assert table.view.targets[late] is None
    assert table.message == f"{name} is too late: their wand points at nobody this round."
    assert until_cue(driver, table) != late  # the next person's turn to point
    table.message = ""  # (what the wand taken up again says, not what the count's end said)
    driver.drag(table.wand_grip(late), table.layout.seats[1].rect.center)
    assert table.message == f"{name} is too late: their wand points at nobody this round."  # (not "already")
    assert table.view.targets[late] is None
    pygame.quit()


def test_a_wand_pointed_by_another_hands_tap_while_held_says_so_when_let_go_not_that_the_count_is_over():
    """One finger holds Ada's wand, another taps Bram: the wand points at Bram. Let go over Dov while the count
    still ran, it said "The count is over: that wand stays where it was."."""
    from tabletop.games.stupefix.events import PointWand
    from tests.stupefix_ui_helpers import table_for, until

    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=12)
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)
    driver.tap(table.cue().button.rect.center)  # Ready: the count starts
    grip, dov, bram = table.wand_grip(0), table.layout.seats[3].rect.center, table.layout.seats[1].rect.center
    driver.down(grip, finger=1)
    driver.frames(2)
    for step in range(1, 7):
        driver.move((grip[0] + (dov[0] - grip[0]) * step // 6, grip[1] + (dov[1] - grip[1]) * step // 6), finger=1)
        driver.frames(1)
    assert 0 in table.held()
    driver.down(bram, finger=2)
    driver.frames(2)
    driver.up(bram, finger=2)
    driver.frames(2)
    assert [c for c in table.session.match.log if isinstance(c, PointWand)] == [PointWand(0, 1)]
    driver.up(dov, finger=1)
    driver.frames(2)
    assert table.live is not None and table.live.countdown is not None  # the count still runs
    assert table.message == "Ada's wand points at Bram already."
    assert [c for c in table.session.match.log if isinstance(c, PointWand)] == [PointWand(0, 1)]
    pygame.quit()


def test_a_tap_on_a_reward_while_a_bot_drafts_says_who_is_choosing():
    from tabletop.games.stupefix import GAME
    from tests.stupefix_helpers import new, play_round
    from tests.stupefix_ui_helpers import NAMES

    state = new(4, seed=5)
    play_round(state, protego={0, 2, 3})  # only Bram's flag stands: Bram drafts
    seats = [SeatInfo(name, "human" if seat == 0 else "medium") for seat, name in enumerate(NAMES[:4])]
    app = quick_app(bot_speed="Normal")  # (at its own pace: an instant bot is done before the tap)
    driver, table = at_table(app, Match(GAME, seats, GAME.default_options(4), 5, start=to_json(state)))
    assert table.view.phase == "draft" and table.view.drafter() == 1
    reward = next(table.hits.of_kind("reward"))
    driver.tap(reward.rect.center)
    assert table.message == "Bram is choosing." and table.session.match.log == []
    pygame.quit()


# --- That's Wizard!: a Duos tie between allies, Dispel's count ------------------------------------------------------
def test_allies_on_the_same_spell_power_choose_before_or_after_and_the_order_follows():
    from tabletop.games.thats_wizard.events import TakePlace
    from tests.thats_wizard_positions import duel, play_round, tracker
    from tests.thats_wizard_ui_helpers import open_table

    duos = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3
    state = duel(duos, [["explosion"], None, ["share_pain"], None])
    tracker(state, 2, 20, 10)
    play_round(state, {0: ("explosion", 3), 2: ("share_pain", 3)})
    assert state.prompt is not None and state.prompt.kind == "team"
    app, driver, table = open_table(["human", "medium", "medium", "medium"], start=state)
    panel = table.panel
    assert panel is not None and panel.title == "Same Spell Power as your ally"
    assert [option.button for option in panel.options] == ["Before my ally", "After my ally"]
    driver.perform(table.gesture_for(TakePlace(0, 1)))
    assert table.session.match.log[0] == TakePlace(0, 1)
    pygame.quit()


def test_a_person_beside_a_bot_ally_orders_their_turns_the_bot_does_not():
    """Allies on one Spell Power, the person in the higher seat: the choice is theirs at the table (the bot in the
    lower seat, asked first by the rules, is not asked while a person may answer)."""
    from tabletop.games.thats_wizard.events import TakePlace
    from tests.thats_wizard_positions import duel, play_round, tracker
    from tests.thats_wizard_ui_helpers import open_table

    duos = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3
    state = duel(duos, [["explosion"], None, ["share_pain"], None])
    tracker(state, 2, 20, 10)
    play_round(state, {0: ("explosion", 3), 2: ("share_pain", 3)})
    app, driver, table = open_table(["easy", "medium", "human", "medium"], start=state)
    driver.frames(3)
    assert table.session.thinking is None and table.session.match.log == []
    panel = table.panel
    assert panel is not None and [option.button for option in panel.options] == ["Before my ally", "After my ally"]
    driver.perform(table.gesture_for(TakePlace(2, 0)))
    assert table.session.match.log[0] == TakePlace(2, 0)
    pygame.quit()


def test_two_people_allies_on_one_spell_power_choose_at_the_screen_the_one_holds():
    """Either ally may order their turns: the screen stays with the ally who holds it (it was passed to the lower
    seat, a privacy screen for nothing: review12)."""
    from tests.thats_wizard_positions import duel, play_round, tracker
    from tests.thats_wizard_ui_helpers import open_table

    duos = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"]  # blue 0 & 2, yellow 1 & 3
    state = duel(duos, [["explosion"], None, ["share_pain"], None])
    tracker(state, 2, 20, 10)
    play_round(state, {0: ("explosion", 3), 2: ("share_pain", 3)})
    app, driver, table = open_table(["human", "medium", "human", "medium"], start=state)
    session = table.session
    assert session.match.to_act() == (0, 2)
    session.hand_over(2)
    assert session.acting_human() == 2 and session.needs_handover() is None
    session.hand_over(1)  # (a bot's seat: the choice goes to the first person, as before)
    assert session.acting_human() == 0
    pygame.quit()


def test_dispels_title_counts_the_tokens_left_to_remove():
    from tabletop.games.thats_wizard.events import RemoveToken
    from tests.thats_wizard_positions import IGNITER, duel, play_round, tracker
    from tests.thats_wizard_ui_helpers import open_table

    state = duel(["The Boy Wizard", IGNITER], [["dispel"], ["tongue_tie", "ignite"]])
    play_round(state, {0: None, 1: ("tongue_tie", 4)})
    play_round(state, {0: None, 1: ("ignite", 3)})
    tracker(state, 0, 20, 10)
    play_round(state, {0: ("dispel", 3), 1: None})  # two tokens off Merlin's Tongue Tie (2) and Ignite (1)
    app, driver, table = open_table(["human", "medium"], start=state)
    assert table.panel is not None and table.panel.title == "Dispel: 2 tokens to remove"
    driver.perform(table.gesture_for(RemoveToken(0, 1, "tongue_tie")))
    assert table.session.match.log == [RemoveToken(0, 1, "tongue_tie")]
    assert table.panel is not None and table.panel.title == "Dispel: 1 token to remove"
    pygame.quit()


# --- Loading: a save whose moves cannot be counted, cancelled by keys ------------------------------------------------
def test_a_save_whose_moves_cannot_be_counted_loads_under_a_sweeping_bar_and_tab_enter_cancels(monkeypatch):
    """A save written on one line (not one move per line, as the app writes them) gives no count of its moves: the
    dialog says "Reading the save..." and a segment sweeps along the bar."""
    from tests.test_ui_small_things import frames_until, held_at, long_autosave

    path = long_autosave(monkeypatch)
    path.write_text(json.dumps(json.loads(path.read_text())))  # one line
    monkeypatch.setattr(LoadingScene, "background_bytes", path.stat().st_size // 2)
    gate = held_at(monkeypatch, 100)
    app = quick_app()
    driver = Driver(app)
    driver.frames(2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    driver.tap(menu.buttons[0].rect.center)  # Continue
    loading = app.scenes.top
    assert isinstance(loading, LoadingScene)
    frames_until(driver, lambda: loading.job.done == 100 and loading.shown)
    assert loading.progress() == ("Reading the save...", None)
    bar = pygame.Rect(loading.box.left + px(30), loading.box.top + px(106), loading.box.width - px(60), px(16))
    first = pygame.image.tobytes(app.screen.subsurface(bar), "RGB")
    driver.frames(15)
    assert pygame.image.tobytes(app.screen.subsurface(bar), "RGB") != first, "the segment sweeps on"
    driver.key(pygame.K_TAB)  # the ring on Cancel, then Enter presses it
    driver.key(pygame.K_RETURN)
    assert app.scenes.top is menu and loading.job.cancelled
    gate.set()
    assert loading.job.join(10) and loading.job.result is None
    pygame.quit()


# --- History and Statistics ------------------------------------------------------------------------------------------
def recorded(*matches: Match) -> History:
    history, problem = history_db()
    assert history is not None, problem
    for match in matches:
        assert history.record(match)
    return history


def test_remove_while_another_program_holds_the_history_says_why_and_keeps_the_row(monkeypatch, fresh_histories):
    monkeypatch.setattr(History, "BUSY_SECONDS", 0.05)
    history = recorded(played("house-cup", ["Ada", "Ben"], 3))
    app = quick_app()
    driver = Driver(app)
    app.go.history()
    driver.frames(2)
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene) and scene.total == 1
    holder = sqlite3.connect(history.path, isolation_level=None)  # another program writing the history
    holder.execute("BEGIN EXCLUSIVE")
    drawn = record_drawn(monkeypatch)
    driver.tap(scene.remove_rect(scene.visible()[0][1]).center)
    driver.tap(app.scenes.top.buttons[1].rect.center)  # Remove
    assert app.scenes.top is scene and scene.error == "Could not remove the game (database is locked)."
    assert scene.error in drawn_afresh(driver, drawn) and scene.total == 1
    holder.execute("ROLLBACK")
    holder.close()
    driver.tap(scene.remove_rect(scene.visible()[0][1]).center)  # once it is let go, Remove works
    driver.tap(app.scenes.top.buttons[1].rect.center)
    assert scene.total == 0 and scene.error == "" and len(history) == 0
    pygame.quit()


def open_statistics(driver: Driver) -> StatisticsScene:
    driver.app.go.statistics(None)
    driver.frames(2)
    scene = driver.app.scenes.top
    assert isinstance(scene, StatisticsScene)
    return scene


def test_statistics_of_everyone_in_a_game_nobody_finished_say_so(monkeypatch, fresh_histories):
    recorded(played("house-cup", ["Ada", "Ben"], 3))
    app = quick_app()
    driver = Driver(app)
    scene = open_statistics(driver)
    driver.tap(scene.person_choice.arrows()[1].center)  # Ada, Ben, then Everyone
    driver.tap(scene.person_choice.arrows()[1].center)
    assert scene.person_choice.value == "Everyone"
    while scene.game_choice.value != "Stupéfix":
        driver.tap(scene.game_choice.arrows()[1].center)
    drawn = record_drawn(monkeypatch)
    assert "Nobody has finished a Stupéfix game yet." in drawn_afresh(driver, drawn)
    pygame.quit()


def test_the_win_rate_over_time_is_taken_over_the_last_20_games_once_there_are_more(monkeypatch, fresh_histories):
    matches = [played("house-cup", ["Ada", "Ben"], seed) for seed in range(ROLLING + 3)]
    recorded(*matches)
    won = []
    for match in matches:
        result = match.result()
        assert result is not None
        won.append(1 / len(result.winners) if 0 in result.winners else 0.0)
    drawn_values = []
    line_chart = charts.line_chart

    def recording(*args, **kwargs):
        drawn_values.append(kwargs["values"])
        return line_chart(*args, **kwargs)

    monkeypatch.setattr(charts, "line_chart", recording)
    app = quick_app()
    driver = Driver(app)
    scene = open_statistics(driver)
    assert scene.person_choice.value == "Ada" and scene.game_choice.value == "All games"
    driver.frames(1)
    (values,) = drawn_values
    expected = [100 * sum(won[max(0, i - ROLLING + 1) : i + 1]) / min(i + 1, ROLLING) for i in range(len(won))]
    assert values == pytest.approx(expected)
    assert values[-1] == pytest.approx(100 * sum(won[-ROLLING:]) / ROLLING)  # the first three games let go
    pygame.quit()


# --- The results: a column's lines scrolled, a long name cut in the legend -------------------------------------------
def test_results_columns_scroll_by_wheel_and_drag_and_a_long_name_is_cut_short_in_the_legend(monkeypatch):
    name = "Bartholomew Featherstonehaugh-Smythe"
    match = played("house-cup", [name, "Ann", "Cho", "Dee"], 7)
    app = quick_app((1024, 640))
    driver = Driver(app)
    app.go.table(match)
    results = until_results(driver, step=5)
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    cut = [text for text in drawn if text.endswith("…") and name.startswith(text[:-1])]
    assert cut and len(cut[0]) < len(name)  # in the legend beside the chart
    longer = [index for index, scroll in enumerate(results.scrolls) if scroll.content_height > scroll.rect.height]
    assert len(longer) >= 2, "four columns at 1024x640: some run longer than they are"
    wheel, dragged = (results.scrolls[index] for index in longer[:2])
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=wheel.rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, touch=False))
    driver.frames(2)
    assert wheel.offset > 0 and dragged.offset == 0
    top = dragged.rect.center
    driver.drag(top, (top[0], top[1] - 150))
    assert dragged.offset == dragged.content_height - dragged.rect.height  # the whole column read
    assert app.scenes.top is results
    pygame.quit()


# --- A bug met while the data folder cannot be written ---------------------------------------------------------------
@pytest.mark.recovers_from_bugs
@pytest.mark.logged_errors
def test_a_bug_met_when_the_data_folder_cannot_be_written_says_the_report_could_not_be_written(monkeypatch):
    folder = user_data_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the data folder belongs")
    assert app_module.keep_log() is None  # no log file either: the app plays on
    app = quick_app()
    assert app.notice.startswith("Games cannot be saved in ")
    game = GAMES["house-cup"]
    driver, table = at_table(app, Match(game, [SeatInfo("Ada"), SeatInfo("Bot", "medium")], game.default_options(2), 3))

    def boom(*args, **kwargs):
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr(type(table), "draw_table", boom)
    driver.frames(1)
    monkeypatch.undo()
    assert isinstance(app.scenes.top, MenuScene)
    said = (
        "Tabletop ran into a bug of its own and came back to the menu. What went wrong could not be written to a file."
    )
    assert app.notice.startswith(said)  # (not "closed the game, kept...": it could not be saved)
    # ...and the menu still warns that no game is kept (the bug's notice replaced the warning).
    warning = app.notice.removeprefix(said).strip()
    assert warning.startswith("Games cannot be saved in ") and warning.endswith("no game is kept for later.")
    drawn = record_drawn(monkeypatch)
    shown = drawn_afresh(driver, drawn)
    assert said in shown and "Games cannot be saved in" in shown and "no game is kept for later." in shown
    assert folder.read_text() == "a file where the data folder belongs"
    pygame.quit()
