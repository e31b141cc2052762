"""The replay viewer on the real tables, driven by posted pointer and key events."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop.core.codec import from_json, to_json
from tabletop.core.saves import load_match, match_to_json
from tabletop.games import GAMES
from tabletop.paths import asset_dir, user_saves_dir
from tabletop.play.replay import Watching
from tabletop.ui.app import App
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables import open_hands
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.replay_bar import OPEN_HANDS, ReplayBar
from tabletop.ui.tables.stupefix.table import StupefixTable
from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable
from tests.drawn_text import drawn_afresh, record_drawn
from tests.test_replay import heuristic_game
from tests.ui_driver import Driver

EXAMPLES = sorted(asset_dir("saves").glob("*.json"))
PATIENCE = 3000  # frames a test waits for something to happen before it fails


def new_app(animation: str = "Off", speed: str = "Instant") -> tuple[App, Driver]:
    app = App((1280, 800), settings=Settings(volume=0.0, animation=animation, bot_speed=speed))
    driver = Driver(app)
    driver.frames(3)
    return app, driver


def frames_until(driver: Driver, done, limit: int = PATIENCE) -> None:
    for _ in range(limit):
        if done():
            return
        driver.frames(1)
    raise AssertionError("it never happened")


def scroll_to(driver: Driver, load: LoadScene, name: str):
    """Drag the Load list up until the row of ``name`` is in sight; its entry and row."""
    for _ in range(20):
        info, row = next((i, r) for _, i, r in load._rows() if i is not None and i.path.name == name)
        if load.scroll.rect.contains(row):
            return info, row
        area = load.scroll.rect
        driver.drag((area.centerx, area.bottom - 20), (area.centerx, area.bottom - 220))
    raise AssertionError(f"{name} never came into sight")


def watched_from_load(app: App, driver: Driver, name: str) -> LoadScene:
    """Load from the menu, and Watch on the row of the save ``name``: the Load list (Watch may have opened over it)."""
    driver.tap(app.scenes.top.buttons[2].rect.center)  # Load
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    info, row = scroll_to(driver, load, name)
    driver.tap(load.watch_rect(info, row).center)
    driver.frames(3)
    return load


def watched_past_cover(save: str, animation: str = "Normal") -> tuple[Driver, GameTable]:
    """An example watched (animations on unless said), past its privacy screen when it has one: the driver and the
    table."""
    app, driver = new_app(animation=animation)
    assert app.go.watch_save(asset_dir("saves") / save) is None
    driver.frames(3)
    if isinstance(app.scenes.top, PrivacyOverlay):
        driver.frames(50)
        driver.tap((640, 400))
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    return driver, table


def next_arrow(table: GameTable) -> tuple[int, int]:
    """The right arrow of the replay's seat choice."""
    assert table.replay_bar is not None
    return table.replay_bar.seat_choice.arrows()[1].center


def spy_on_drawn_views(table: GameTable) -> list[int]:
    """The seat of every view the table draws from now on."""
    seats: list[int] = []
    draw = table.draw_table

    def recording(surface: pygame.Surface):
        seats.append(table.view.seat)
        return draw(surface)

    table.draw_table = recording  # type: ignore[method-assign]
    return seats


def test_watch_from_load_plays_steps_scrubs_and_closes_back_to_load():
    app, driver = new_app(speed="Quick")
    driver.tap(app.scenes.top.buttons[2].rect.center)  # Load
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    info, row = scroll_to(driver, load, "thats-wizard-duel.json")
    driver.tap(load.watch_rect(info, row).center)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar, session = table.replay_bar, table.session
    assert session.step == 0 and bar.replay.length == 22
    driver.tap(bar.transport["play"].rect.center)
    frames_until(driver, lambda: session.step >= 2)
    driver.tap(bar.transport["play"].rect.center)  # pause
    paused_at = session.step
    driver.frames(120)
    assert session.step == paused_at, "paused: no move is played"
    driver.tap(bar.transport["back"].rect.center)
    assert session.step == paused_at - 1
    driver.tap(bar.transport["forward"].rect.center)
    assert session.step == paused_at
    track = bar.timeline.rect
    driver.drag((track.left + 2, track.centery), (track.centerx, track.centery))
    assert abs(session.step - bar.replay.length // 2) <= 1
    driver.tap(bar.transport["last"].rect.center)  # the next duel's round begins
    assert session.step > bar.replay.length // 2
    driver.key(pygame.K_END)
    assert session.step == bar.replay.length
    driver.key(pygame.K_HOME)
    assert session.step == 0
    driver.tap(bar.close_button.rect.center)
    assert app.scenes.top is load


@pytest.mark.every_frame  # (no frame may draw the other person's view before the screen is passed)
def test_an_unfinished_game_with_two_people_shows_only_what_each_of_them_saw():
    app, driver = new_app()
    assert app.go.watch_save(asset_dir("saves") / "house-cup-4p-midround.json") is None
    table = app.scenes.stack[-1]
    assert isinstance(table, GameTable) and table.replay_bar is not None
    drawn = spy_on_drawn_views(table)
    people = table.session.humans()
    assert len(people) == 2 and table.replay_bar.seats == people
    driver.frames(3)
    assert isinstance(app.scenes.top, PrivacyOverlay), "the table is covered before anyone's view shows"
    assert drawn == []
    driver.frames(50)  # (a tap meant for the table does not pass the screen)
    driver.tap((640, 400))
    assert app.scenes.top is table
    driver.key(pygame.K_SPACE)  # play it all
    frames_until(driver, lambda: table.session.step == table.replay_bar.replay.length)
    assert set(drawn) == {people[0]}
    driver.tap(next_arrow(table))  # the other person
    driver.frames(3)
    assert isinstance(app.scenes.top, PrivacyOverlay)
    assert set(drawn) == {people[0]}, "the other person's view is not drawn before the screen is passed"
    driver.frames(50)
    before = len(drawn)
    driver.tap((640, 400))
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_SPACE)
    frames_until(driver, lambda: table.session.step == table.replay_bar.replay.length)
    assert set(drawn[before:]) == {people[1]}
    for _ in range(4):  # the choice goes round the people only, never a bot's seat
        driver.tap(next_arrow(table))
        if isinstance(app.scenes.top, PrivacyOverlay):
            driver.frames(50)
            driver.tap((640, 400))
        assert table.session.viewer in people


def test_results_offer_to_watch_the_game_again_from_any_seat():
    app, driver = new_app()
    assert app.go.open_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    frames_until(driver, lambda: isinstance(app.scenes.top, ResultsScene))
    results = app.scenes.top
    watch = next(button for button in results.buttons if button.label == "Watch again")
    driver.tap(watch.rect.center)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    assert table.replay_bar.seats == [0, 1], "the game is over: every seat may be watched"
    drawn = spy_on_drawn_views(table)
    driver.tap(next_arrow(table))
    assert not isinstance(app.scenes.top, PrivacyOverlay)
    driver.frames(2)
    assert table.session.viewer == 1 and drawn[-1] == 1
    driver.frames(200)
    assert app.scenes.top is table, "a replay's end never opens the results again"
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is results


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_replays_to_its_end_on_its_table(path):
    app, driver = new_app(animation="Fast", speed="Instant")
    assert app.go.watch_save(path) is None
    table = app.scenes.stack[-1]
    assert isinstance(table, GameTable) and table.replay_bar is not None
    driver.frames(3)
    if isinstance(app.scenes.top, PrivacyOverlay):
        driver.frames(50)
        driver.tap((640, 400))
    bar = table.replay_bar
    bar.seek(max(0, bar.replay.length - 20))  # the last 20 moves, each animated as it was played
    driver.key(pygame.K_SPACE)
    frames_until(driver, lambda: table.session.step == bar.replay.length)
    assert table.view == table.session.game.view(table.session.match.state, table.session.viewer)
    assert not table.message_error, table.message
    driver.key(pygame.K_PAGEUP)
    assert table.session.step == max((m.step for m in bar.replay.marks if m.step < bar.replay.length), default=0)


def spy_on_open_hands(table: GameTable, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every piece of text the open hands panel draws from now on, in order."""
    assert table.replay_bar is not None and table.replay_bar.open_hands is not None
    panel = table.replay_bar.open_hands
    texts: list[str] = []
    draw, render = panel.draw, open_hands.theme.text

    def recording_text(message: str, *args, **kwargs):
        texts.append(message)
        return render(message, *args, **kwargs)

    def recording(surface: pygame.Surface) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(open_hands.theme, "text", recording_text)
            draw(surface)

    monkeypatch.setattr(panel, "draw", recording)
    monkeypatch.setattr(Driver, "draws_every_frame", True)
    return texts


def test_a_finished_game_shows_every_card_open_beside_the_table(monkeypatch):
    app, driver = new_app()
    assert app.go.watch_save(asset_dir("saves") / "house-cup-scoring-example.json") is None
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar, session = table.replay_bar, table.session
    assert isinstance(session, Watching)
    assert bar.seat_choice.options == [*session.names(), OPEN_HANDS]
    drawn = spy_on_open_hands(table, monkeypatch)
    driver.key(pygame.K_HOME)  # the rulebook's example starts with Slytherin searching for points
    driver.tap(bar.seat_choice.arrows()[0].center)  # back round from the first seat: every card open
    driver.frames(2)
    assert bar.seat_choice.value == OPEN_HANDS and session.viewer == 0, "the table still shows the first seat"
    panel = bar.open_hands
    assert panel is not None and drawn, "the panel is drawn"
    w, h = app.screen.get_size()
    assert table.table_size() == (w - panel.rect.width, h - bar.height), "the table lays itself out beside it"
    assert panel.rect.left >= w * 3 // 4 and panel.rect.right == w, "a column at the right, clear of the centre"
    shown = " ".join(drawn)
    named = session.open_hands()
    assert [name for name, _ in named] == session.names()
    assert any(lines for _, lines in named), "the cards Slytherin looks at are a secret to show"
    for name, lines in named:
        assert name in drawn
        for line in lines:
            assert line in shown, f"{name}: {line!r} not drawn"
    drawn.clear()
    driver.tap(bar.transport["forward"].rect.center)  # it follows the replay as it steps
    driver.frames(2)
    assert session.step == 1 and session.open_hands() != named, "the search is over"
    shown = " ".join(drawn)
    for name, lines in session.open_hands():
        assert name in drawn
        for line in lines or [open_hands.NOTHING]:
            assert line in shown, f"{name}: {line!r} not drawn"
    driver.tap(bar.seat_choice.arrows()[1].center)  # on round to the first seat: the column is put away
    driver.frames(2)
    assert bar.seat_choice.value == session.names()[0] and table.table_size() == (w, h - bar.height)
    drawn.clear()
    driver.frames(3)
    assert drawn == []


def test_an_unfinished_game_offers_no_every_card_open():
    app, driver = new_app()
    assert app.go.watch_save(asset_dir("saves") / "thats-wizard-duel.json") is None
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar = table.replay_bar
    assert not bar.replay.finished
    assert OPEN_HANDS not in bar.seat_choice.options and bar.open_hands is None
    for _ in range(2 * len(bar.seat_choice.options) + 1):
        driver.tap(next_arrow(table))
        assert bar.seat_choice.value != OPEN_HANDS and bar.side == 0
        assert table.table_size() == (app.screen.get_width(), app.screen.get_height() - bar.height)


def moved_after_one_frame(reduce_motion: bool) -> list[int]:
    """Every step of That's Wizard!'s duel played forward at normal animation speed: the steps after which some
    sprite of the table's stage was still on its way one frame later."""
    settings = Settings(volume=0.0, animation="Normal", bot_speed="Instant", reduce_motion=reduce_motion)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    assert app.go.watch_save(asset_dir("saves") / "thats-wizard-duel.json") is None
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None and table.stage is not None
    moving: list[int] = []
    for _ in range(table.replay_bar.replay.length):
        driver.key(pygame.K_RIGHT)  # (the key's own two frames: the move's first frame and the next)
        if table.stage.busy():
            moving.append(table.session.step)
        frames_until(driver, lambda: not table.busy())
    return moving


def test_with_reduced_motion_each_move_is_drawn_where_it_ends_at_once():
    assert moved_after_one_frame(reduce_motion=False), "at normal speed the cards glide (the check is meaningful)"
    assert moved_after_one_frame(reduce_motion=True) == [], "with reduced motion nothing is on its way"


def test_a_jump_during_a_stupefix_reveal_shows_the_step_jumped_to_at_once():
    """Stepping onto the reveal of the spells starts its telling (the table before the step, the spells turned
    over one by one); Home at once, then the timeline's tap, show the step jumped to, nothing of the reveal left
    playing over it (the old table went on drawing the step before the reveal under "Move 0 of 35")."""
    driver, table, bar, reveal = stepped_onto_a_stupefix_reveal()
    assert table.session.step == reveal and table.busy(), "the reveal is being told"
    driver.key(pygame.K_HOME)
    assert table.session.step == 0
    assert not table.busy() and table.shown is table.view, "the start is shown, no reveal over it"
    for _ in range(reveal):
        driver.key(pygame.K_RIGHT)
    assert table.busy()
    driver.tap((bar.timeline.rect.right - 1, bar.timeline.rect.centery))  # to the end
    assert table.session.step == bar.replay.length
    assert not table.busy() and table.shown is table.view


def test_a_game_several_people_are_still_playing_is_not_watched_from_load():
    """Load's Watch on a game two people were playing showed either one's view behind "Pass to ...": whoever
    opened it tapped on and saw the other's hand and the card they had just chosen in secret (a review: That's
    Wizard!, left with Save and leave while the other person was to choose). It says why, opens nothing and
    marks no row as broken; the same game once over, and the examples that come with the app, are watched."""
    mine = user_saves_dir() / "ours.json"
    mine.parent.mkdir(parents=True, exist_ok=True)
    two_people = heuristic_game("thats-wizard", 2, seed=4, humans=2, stop_after=3)
    mine.write_text(json.dumps(match_to_json(two_people)), encoding="utf-8")
    app, driver = new_app()
    load = watched_from_load(app, driver, "ours.json")
    assert app.scenes.top is load and load.error.startswith("Several people are still playing this game")
    assert all(entry.error is None for _, entry in load.entries if entry.path == mine)
    assert app.go.watch_save(mine) == load.error  # (every way to it)
    assert app.scenes.top is load
    info, row = scroll_to(driver, load, "thats-wizard-duel.json")  # an example: watched
    driver.tap(load.watch_rect(info, row).center)
    assert isinstance(app.scenes.top, GameTable)
    finished = heuristic_game("thats-wizard", 2, seed=4, humans=2)
    mine.write_text(json.dumps(match_to_json(finished)), encoding="utf-8")
    assert app.go.watch_save(mine) is None


def test_escape_on_a_replays_privacy_screen_leaves_the_replay_or_keeps_the_seat_shown():
    """A replay is nobody's game: Escape on its privacy screen never shows a game's pause ("Your game is saved
    after every move", "Save and leave to the menu", the old screen's answer, from which Escape only came back to
    the privacy screen). Before anyone's view it leaves the replay for the Load list, as Escape on its table does;
    before another person's view it keeps the view already shown."""
    app, driver = new_app()
    load = watched_from_load(app, driver, "house-cup-4p-midround.json")
    assert isinstance(app.scenes.top, PrivacyOverlay)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is load, "Escape left the replay for the Load list"
    info, row = scroll_to(driver, load, "house-cup-4p-midround.json")
    driver.tap(load.watch_rect(info, row).center)
    driver.frames(50)
    driver.tap((640, 400))  # the first person takes the screen
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    first = table.session.viewer
    driver.tap(next_arrow(table))  # the other person's view: behind the privacy screen
    driver.frames(3)
    assert isinstance(app.scenes.top, PrivacyOverlay)
    driver.key(pygame.K_ESCAPE)
    driver.frames(3)
    assert app.scenes.top is table and table.session.viewer == first == table.view.seat
    assert table.replay_bar.seat_choice.index == table.replay_bar.seats.index(first)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is load


def test_the_timeline_keeps_room_to_scrub_with_long_words_large_text_and_a_large_interface():
    """In French with Large text at the largest interface size a finished game's pickers ("Toutes les cartes
    visibles") took all the bar's room: the old timeline was 5 pixels wide. The pickers (their words fitted) and
    the move's count now give room first; the timeline is scrubbed by a tap and a drag."""
    from tabletop.bots import make_bot
    from tabletop.core.match import Match, SeatInfo
    from tabletop.core.rng import Rng
    from tabletop.games import GAMES
    from tabletop.ui.tables.replay_bar import TIMELINE_LEAST
    from tabletop.ui.theme import px

    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True, ui_scale=200)
    app = App((1280, 800), settings=settings)
    driver = Driver(app)
    driver.frames(3)
    game = GAMES["house-cup"]
    match = Match(game, [SeatInfo("Ada"), SeatInfo("Bot", "medium"), SeatInfo("Ben")], game.default_options(3), 5)
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(5)
    while match.result() is None:
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    app.go.watch(match)  # (as Watch on the History or the results opens a finished game)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar = table.replay_bar
    assert bar.seat_choice.options[-1] == "Toutes les cartes visibles"
    track, seat = bar.timeline.rect, bar.seat_choice.rect
    assert track.width >= px(TIMELINE_LEAST) - 2, track
    assert track.right + px(14) + bar.label_room <= seat.left, "the move's count has its room before the pickers"
    driver.tap((track.left + track.width // 4, track.centery))
    assert abs(table.session.step - bar.replay.length / 4) <= bar.replay.length / 20
    driver.drag((track.left + track.width // 4, track.centery), (track.right + px(30), track.centery))
    assert table.session.step == bar.replay.length


@pytest.mark.parametrize(
    ("save", "telling"),
    [
        ("house-cup-challenge-year4.json", "walks"),
        ("thats-wizard-duel.json", "dice"),
        ("thats-wizard-duel.json", "flips"),
    ],
)
def test_a_jump_leaves_nothing_of_the_step_left_behind_still_moving(save, telling):
    """House Cup Challenge's characters walking their path and That's Wizard!'s dice rolling and cards turning over
    are the tables' own telling of a step (beside the kit's glides): after Right, Home showed the start with a
    character still walking, or the dice of a later roll still rolling (found by a monkey test of the replay
    viewer). A jump now shows the step it lands on, still, and the dice tray of That's Wizard! empty."""
    driver, table = watched_past_cover(save)
    bar = table.replay_bar
    assert bar is not None

    def telling_now() -> bool:
        if telling == "walks":
            return bool(table.walks)  # type: ignore[attr-defined]
        if telling == "dice":
            return bool(table.dice.busy)  # type: ignore[attr-defined]
        return bool(table.flips)  # type: ignore[attr-defined]

    for step in range(bar.replay.length):
        bar.seek(step)
        driver.frames(1)
        driver.key(pygame.K_RIGHT)
        if telling_now():
            break
    else:
        raise AssertionError(f"no step of {save} is told with {telling}")
    driver.key(pygame.K_HOME)
    assert table.session.step == 0
    assert not telling_now() and not table.busy(), "the start is shown still"
    if telling != "walks":
        assert table.dice.current is None and not table.dice.dice  # type: ignore[attr-defined]


def test_a_jump_onto_a_step_that_rolled_shows_its_dice_on_the_tray_as_a_step_there_does():
    """A jump cleared That's Wizard!'s tray, the step jumped to's own throws too: a person scrubbing to a roll read
    "Dice for end of round: P1 5, P2 2" under an empty tray, where a step onto it (Right) showed the two dice, and
    they stayed until the next reveal (found comparing each step arrived at by Right with the same step jumped to).
    Back (a jump) now lays each step's throws, still, as Right leaves them."""
    driver, table = watched_past_cover("thats-wizard-duel.json")
    bar = table.replay_bar
    assert bar is not None

    def tray() -> list[tuple[tuple[int, ...], str]]:
        dice = table.dice  # type: ignore[attr-defined]
        thrown = [*dice.earlier, dice.current] if dice.current is not None else []
        return [(throw.values, throw.caption) for throw in thrown]

    stepped = {}
    for step in range(1, bar.replay.length + 1):
        driver.key(pygame.K_RIGHT)
        frames_until(driver, lambda: not table.busy())
        stepped[step] = tray()
    jumped = {bar.replay.length: tray()}
    for step in range(bar.replay.length - 1, 0, -1):
        driver.key(pygame.K_LEFT)
        assert table.session.step == step and not table.busy()
        jumped[step] = tray()
    assert any(stepped.values()), "the example rolls dice"
    assert jumped == stepped


Faces = dict[int, tuple[list[str], str | None]]  # Stupéfix: a seat's spell cards face up in hand, and its laid card


def spell_faces_drawn(table: StupefixTable) -> Faces:
    """The Stupéfix spell cards the last frame drew face up on each seat's mat: in hand, and laid (a face is placed
    for its enlarged card under its kind, a card face down is not)."""
    faces: Faces = {}
    for placed in table.hits.of_kind("term"):
        for seat, spot in enumerate(table.layout.seats):
            hand, laid = faces.get(seat, ([], None))
            if placed.item in ("stupefix", "rate", "protego") and spot.hand.contains(placed.rect):
                faces[seat] = (sorted([*hand, str(placed.item)]), laid)
            elif placed.item in ("stupefix", "rate", "protego") and spot.slot.contains(placed.rect):
                faces[seat] = (hand, str(placed.item))
    return faces


def spy_on_secret_faces(table: StupefixTable) -> list[tuple[int, Faces, bool]]:
    """Every frame the table draws from now on: the seat whose view it is, the spell faces drawn on each mat, and
    whether the spells cast were being revealed (every laid card then turns face up for all to see)."""
    frames: list[tuple[int, Faces, bool]] = []
    draw = table.draw_table

    def recording(surface: pygame.Surface):
        hits = draw(surface)
        table.hits = hits
        frames.append((table.view.seat, spell_faces_drawn(table), table.reveal is not None))
        return hits

    table.draw_table = recording  # type: ignore[method-assign]
    return frames


def only_own_secrets(frames: list[tuple[int, Faces, bool]], seat: int) -> bool:
    """Whether every frame drew ``seat``'s view, and no other seat's hand face up, nor its laid card outside the
    reveal."""
    return all(
        viewer == seat
        and all(other == seat or (not hand and (laid is None or revealed)) for other, (hand, laid) in faces.items())
        for viewer, faces, revealed in frames
    )


@pytest.mark.every_frame  # (no frame may draw another seat's secrets: each is watched)
def test_a_stupefix_replay_shows_the_chosen_persons_own_cards_behind_the_privacy_screen_and_no_one_elses():
    """While several people play Stupéfix its table is public (each secret choice behind its own screen), and its
    replay, behind the replay's privacy screen, chose a seat only for the caption: the table stayed public, the
    person's hand and the spell they prepared never shown. Now, as on the other games' replays, the seat chosen
    shows its own cards once its person has the screen, and no other seat's, at any frame."""
    app, driver = new_app()
    assert app.go.watch_save(asset_dir("saves") / "stupefix-4p-round3-wands.json") is None
    table = app.scenes.stack[-1]
    assert isinstance(table, StupefixTable) and table.replay_bar is not None
    bar = table.replay_bar
    assert bar.seats == [0, 2] and not bar.replay.finished, "Ada and Cleo played it, unfinished"
    frames = spy_on_secret_faces(table)
    driver.frames(3)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.visible() == [app.scenes.top]
    assert frames == [], "nothing of the table is drawn before the first person has the screen"
    driver.frames(50)
    driver.tap((640, 400))
    # Round 3's wands: Ada holds five Misfires and laid her Stupefy, Cleo holds a Stupefy and laid a Misfire.
    for person, shown in ((0, (["rate"] * 5, "stupefix")), (2, (["rate"] * 4 + ["stupefix"], "rate"))):
        if person == 2:
            driver.tap(next_arrow(table))  # Cleo's view
            driver.frames(3)
            assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 2
            assert only_own_secrets(frames, 0), "nothing of Cleo's is drawn before the screen is passed to her"
            driver.frames(50)
            frames.clear()
            driver.tap((640, 400))
            driver.key(pygame.K_HOME)
        assert app.scenes.top is table and table.session.viewer == person
        driver.key(pygame.K_SPACE)  # play it all
        frames_until(driver, lambda: table.session.step == bar.replay.length and not table.busy())
        driver.frames(2)
        assert table.view.phase == "target"
        assert spell_faces_drawn(table) == {person: shown}
        assert only_own_secrets(frames, person)
        assert sum(1 for _, faces, _ in frames if person in faces) > 10, "the person's own cards shown throughout"


@pytest.mark.every_frame  # (no frame may draw another seat's secrets: each is watched)
def test_a_finished_stupefix_replay_shows_any_seats_own_cards():
    """Once a game several people played is over, any seat's view may be shown, a bot's too, without a privacy
    screen: the old table, public, showed nobody's hand."""
    app, driver = new_app()
    app.go.watch(heuristic_game("stupefix", 4, seed=11, humans=2))
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, StupefixTable) and table.replay_bar is not None
    bar = table.replay_bar
    assert bar.seats == [0, 1, 2, 3]
    for _ in range(3):
        driver.tap(next_arrow(table))  # Dov, a bot
        assert app.scenes.top is table, "no privacy screen once the game is over"
    assert table.session.viewer == 3
    frames = spy_on_secret_faces(table)
    for _ in range(bar.replay.length):  # to round 1's wands: every spell prepared
        if table.view.phase == "target":
            break
        driver.key(pygame.K_RIGHT)
    driver.frames(2)
    view = table.view
    assert view.my_prepared is not None
    assert spell_faces_drawn(table) == {3: (sorted(view.hand), view.my_prepared)}
    assert only_own_secrets(frames, 3)


def test_a_step_forward_during_a_stupefix_reveal_lands_the_reveal_at_once():
    """Tapping forward while a step was still being told (the count to three, the spells turned over) queued the
    next step behind it: the bar read "Move 32 of 38" while the table still counted for move 31, the potion of
    move 32 flying over it, nine seconds behind (a review). A step forward lands the one still told at once."""
    driver, table, bar, reveal = stepped_onto_a_stupefix_reveal()
    assert table.session.step == reveal and table.busy() and table.shown is not table.view, "the reveal is told"
    driver.key(pygame.K_RIGHT)
    assert table.session.step == reveal + 1
    assert table.shown is table.view, "the table shows the step the bar names, not the reveal before it"


def test_a_house_cup_challenge_replay_says_a_person_is_waited_for_not_thinking():
    """A replay plays every seat as a bot: its banner read "Ada is thinking..." for the people too (the diff's
    review). A person's turn is waited for; a bot's seat thinks."""
    driver, table = watched_past_cover("house-cup-challenge-year4.json")
    people_said = []
    for _ in range(12):
        driver.key(pygame.K_RIGHT)
        driver.frames(2)
        view = table.view
        if view.to_act and not table.my_turn() and table.session.match.seats[view.to_act[0]].is_human:
            people_said.append(table.prompt()[0])
    assert people_said and all(line.startswith("Waiting for") for line in people_said), people_said


def stepped_onto_a_stupefix_reveal() -> tuple[Driver, GameTable, ReplayBar, int]:
    """A Stupéfix replay stepped by Right onto the step that reveals the spells (its telling begun): the driver, the
    table, its replay bar and that step."""
    from tabletop.games.stupefix import events as ev

    driver, table = watched_past_cover("stupefix-4p-round3-wands.json")
    bar = table.replay_bar
    assert bar is not None
    history = bar.replay.history
    reveal = next(n for n, batch in enumerate(history, 1) if any(isinstance(e, ev.SpellsRevealed) for e in batch))
    for _ in range(reveal):
        driver.key(pygame.K_RIGHT)
    return driver, table, bar, reveal


def test_play_from_here_begins_a_new_game_at_the_step_shown_and_keeps_the_game_watched():
    """A replay's second button (Undo at a table) plays on from the step shown: a new game with the same people
    and bots, once asked, written only once something is played in it; the save watched is left as it was."""
    save = asset_dir("saves") / "thats-wizard-duel.json"
    kept = save.read_bytes()
    driver, table = watched_past_cover("thats-wizard-duel.json", animation="Off")
    app, bar = table.app, table.replay_bar
    assert bar is not None and table.bar[1].label == "Play from here" and table.bar[1].enabled
    bar.seek(0)
    driver.frames(3)
    driver.tap(table.bar[1].rect.center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog) and "from the same deal" in asked.message  # (not "from move 0")
    driver.tap(asked.buttons[-1].rect.center)  # Cancel
    bar.seek(9)
    driver.frames(3)
    driver.tap(table.bar[1].rect.center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog) and "move 9 of 22" in asked.message
    assert [button.label for button in asked.buttons] == ["Play from here", "Deal again", "Cancel"]
    driver.tap(asked.buttons[-1].rect.center)  # Cancel
    assert app.scenes.top is table and table.session.step == 9
    driver.tap(table.bar[1].rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Play from here
    playing = app.scenes.top
    assert isinstance(playing, ThatsWizardTable) and playing.replay_bar is None and app.scenes.stack == [playing]
    match = playing.session.match
    assert match.log[:9] == bar.replay.log[:9] and match.seats == bar.replay.seats and match.seed == bar.replay.seed
    frames_until(driver, lambda: playing.can_choose() and not playing.busy())  # (the bot, whose turn it was, plays)
    played = len(match.log)
    driver.perform(playing.gesture_for(next(c for c in playing.view.legal if type(c).__name__ == "Play")))
    frames_until(driver, lambda: len(match.log) > played)
    driver.frames(2)
    assert playing.session.path.exists() and load_match(playing.session.path, GAMES).log[:9] == bar.replay.log[:9]
    assert save.read_bytes() == kept
    pygame.quit()


@pytest.mark.parametrize("save", ["stupefix-4p-round3-wands.json", "house-cup-challenge-year4.json"])
def test_play_from_here_asks_on_the_tables_whose_undo_is_their_own(save):
    """Stupéfix and House Cup Challenge take back moves their own way: their replays' second button asks to play
    from here as the others do (Stupéfix's said "That cannot be taken back now.")."""
    driver, table = watched_past_cover(save, animation="Off")
    bar = table.replay_bar
    assert bar is not None
    bar.seek(bar.replay.length // 2)
    driver.frames(3)
    assert table.bar[1].enabled and table.bar[1].label == "Play from here"
    driver.tap(table.bar[1].rect.center)
    asked = table.app.scenes.top
    assert isinstance(asked, Dialog) and asked.title == "Play from here?"
    driver.tap(asked.buttons[0].rect.center)
    playing = table.app.scenes.top
    assert isinstance(playing, GameTable) and playing.replay_bar is None
    assert playing.session.match.log[: bar.replay.length // 2] == bar.replay.log[: bar.replay.length // 2]
    pygame.quit()


@pytest.mark.parametrize(
    "game_id, players", [("house-cup", 3), ("stupefix", 4), ("house-cup-challenge", 2), ("thats-wizard", 2)]
)
def test_play_from_here_may_deal_again_what_the_person_could_not_see(game_id, players):
    """A replay watched to its end has shown every card to come and every bot's hand: Play from here dealt the game
    on as it went, and the person played on knowing it all (left alone in four notes). With one person, Deal again
    begins from the step shown as that person knew it, all else dealt anew; and the new game is played on."""
    match = heuristic_game(game_id, players, seed=7, humans=1)
    app, driver, table = watching(match)
    bar = table.replay_bar
    assert bar is not None
    step = bar.replay.length // 2
    bar.seek(step)
    driver.frames(3)
    before = bar.replay.match_at(step)
    driver.tap(table.bar[1].rect.center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog) and "could not see then" in asked.message
    driver.tap(next(b for b in asked.buttons if b.label == "Deal again").rect.center)
    playing = app.scenes.top
    assert isinstance(playing, GameTable) and playing.replay_bar is None
    dealt = playing.session.match
    game = dealt.game
    assert dealt.start is not None and dealt.seed != match.seed
    start = from_json(game.state_type, dealt.start)
    assert game.view(start, 0) == game.view(before.state, 0)  # all the person knew, as it was
    assert to_json(start) != to_json(before.state)  # and what they did not, dealt again
    assert game.check_state(start) == []
    frames_until(driver, lambda: 0 in dealt.to_act())  # the bots play on to the person's turn
    assert dealt.log and dealt.result() is None and all(command.seat != 0 for command in dealt.log)
    saved = load_match(playing.session.path, GAMES)  # saved from its position, and read back as it is
    assert saved.start == dealt.start and to_json(saved.state) == to_json(dealt.state)
    pygame.quit()


def watching(match) -> tuple[App, Driver, GameTable]:
    """``match`` watched from its start (no privacy screen: one person or none played it)."""
    app, driver = new_app()
    app.go.watch(match)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    return app, driver, table


@pytest.mark.parametrize("people", [0, 1])
@pytest.mark.parametrize("game_id, players", [("house-cup", 3), ("stupefix", 4)])
def test_play_from_here_is_refused_at_a_games_end_and_with_nobody_to_play_on(game_id, players, people):
    """The grey Play from here, tapped, says why (Stupéfix's, whose Undo has its own words, said "That cannot be
    taken back now.")."""
    match = heuristic_game(game_id, players, seed=5, humans=people)
    app, driver, table = watching(match)
    driver.key(pygame.K_END)
    driver.frames(2)
    assert not table.bar[1].enabled
    driver.tap(table.bar[1].rect.center)
    assert app.scenes.top is table and "nothing left to play" in table.message  # no question: the reason is said
    driver.key(pygame.K_HOME)
    driver.frames(2)
    assert table.bar[1].enabled == (people == 1)
    if not people:
        driver.tap(table.bar[1].rect.center)
        assert app.scenes.top is table and "nobody to play on" in table.message
    pygame.quit()


def test_a_finished_stupefix_games_urn_reads_each_houses_score_favours_counted_in(monkeypatch):
    """At the end the Favours count for their houses: the urn still read the Points alone ("440") under a banner
    saying "Ravenclaw wins with 590 points" (a review of long replays)."""
    match = heuristic_game("stupefix", 4, seed=3, humans=0)
    result = match.result()
    assert result is not None and any(match.state.faveurs), "the game gives Favours"
    app, driver, table = watching(match)
    assert isinstance(table, StupefixTable)
    driver.key(pygame.K_END)
    frames_until(driver, lambda: not table.busy())
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn).split()
    for seat, house in enumerate(match.state.houses):
        assert str(result.scores[seat]) in words, f"{house}'s score"


def test_a_replay_run_through_at_once_makes_no_sound_and_a_step_forward_does(monkeypatch):
    """At Instant with animations off a replay runs a move a frame: it rang every move's sounds, up to 81 a second
    (a review of the sound). Run through like that it is silent; a step forward by hand is heard."""
    driver, table = watched_past_cover("thats-wizard-duel.json", animation="Off")
    app = table.app
    heard: list[str] = []
    monkeypatch.setattr(app, "play", heard.append)
    bar = table.replay_bar
    assert bar is not None and bar.delay == 0
    bar.seek(0)
    driver.key(pygame.K_SPACE)
    frames_until(driver, lambda: table.session.step == bar.replay.length)
    assert heard == []
    bar.seek(0)
    for _ in range(bar.replay.length):
        driver.key(pygame.K_RIGHT)
        driver.frames(20)
    assert {"place", "reveal", "spell", "dice"} <= set(heard)
