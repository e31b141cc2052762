"""The Stupéfix table through real pygame events: the cast/Protego choice of a second person behind the privacy
screen, Undo, the secret Private Lessons (Cours Particuliers) choice and the public Time-Turner (Retourneur de
Temps) one. The paced reveal is in test_stupefix_ui_pacing.py."""

from __future__ import annotations

import random

import pygame
import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell, ReturnRetard, TakeReward, TakeStupefix
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.settings import Settings
from tabletop.ui.tables.stupefix.table import StupefixTable
from tests.stupefix_helpers import new, play_round, set_row
from tests.stupefix_ui_helpers import NAMES, pass_privacy, table_for, until
from tests.ui_driver import Driver, bare_spot, past_the_last_move

NEUTRAL = (6, 794)  # a spot of the window with nothing under it


def rest_mouse(driver: Driver) -> None:
    """The mouse leaves the buttons it pressed (no hover highlight, no help bubble)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=NEUTRAL, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    driver.frames(1)


def screen_bytes(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


# --- the cast/Protego choice of a second person ----------------------------------------------------------


def second_person_casts(first_protego: bool):
    """Two people and two bots; the first person casts (Protego or the prepared card); what the screen shows
    while the second person's privacy screen is up, then once the second person is on screen."""
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=5)
    session = table.session

    def first_person_deciding() -> bool:
        panel, choice = table.panel, table.choice
        return panel is not None and choice.kind == "cast" and table.secrets_of == 0 and not panel.hidden

    until(driver, table, first_person_deciding, random.Random(3))
    assert session.phase == "cast" and session.match.state.protego[1] is None
    driver.perform(table.gesture_for(CastSpell(0, first_protego)))
    assert session.match.state.protego[0] is first_protego
    # Once the choice has stood before her a moment, the table is covered for the second person: nothing of it
    # is drawn.
    past_the_last_move(driver)
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == 1
    assert app.scenes.visible() == [overlay] and table.secrets_of is None
    rest_mouse(driver)
    covered = screen_bytes(app)
    pass_privacy(driver)
    rest_mouse(driver)
    assert table.secrets_of == 1 and table.view.seat == 1 and table.panel is not None
    assert table.choice.kind == "cast" and table.choice.view.seat == 1
    assert table.view.my_protego is None and table.view.decided[0]  # decided, but not what
    assert table.wand_direction(0) is not None  # no wand raised before the reveal
    driver.frames(30)  # long enough for any hover help to show
    rest_mouse(driver)
    shown = screen_bytes(app)
    pygame.quit()
    return covered, shown


def test_a_second_person_chooses_cast_or_protego_behind_the_privacy_screen():
    """The first person's choice changes nothing on screen for the second: the cover while the screen passes,
    and the second person's own table, are the same pixels whether the first cast Protego or their card."""
    covered_protego, shown_protego = second_person_casts(True)
    covered_cast, shown_cast = second_person_casts(False)
    assert covered_protego == covered_cast
    assert shown_protego == shown_cast


# --- undo ------------------------------------------------------------------------------------------------


def draft_table(state):
    """Every seat a person, the table opened on ``state`` (a position built through the protocol)."""
    players = state.players
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(NAMES[seat]) for seat in range(players)]
    options = GAME.default_options(players)
    options["chouchou"] = state.chouchou
    app.go.table(Match(GAME, seats, options, 1, start=to_json(state)))
    driver = Driver(app)
    driver.frames(3)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    return app, driver, table


def undo_button(table):
    button = table.bar[1]
    assert button.label == "Undo"
    return button


def test_undo_takes_back_a_persons_own_pick_but_never_a_cours_particuliers():
    state = new(4, chouchou=0)
    play_round(state, spells={2: "stupefix"})  # every flag stands; a Stupéfix lies face up, nothing face down
    set_row(state, ["points10", "points20", "cours", "potion", "faveur", "chouchou"])
    start = to_json(state)
    app, driver, table = draft_table(state)
    match, button = table.session.match, undo_button(table)
    assert table.view.drafter() == 0 and not button.enabled
    # A pick, taken back: it is the next person's turn, so Undo asks first (Bram's tap took back Cleo's pick
    # without a word to her: a pass-and-play review), and Keep it keeps it.
    driver.perform(table.gesture_for(TakeReward(0, "points10")))
    assert match.log == [TakeReward(0, "points10")] and button.enabled
    driver.tap(button.rect.center)
    asked = app.scenes.top
    assert isinstance(asked, Dialog) and asked.title == "Undo Ada's move?" and "It is Bram's turn" in asked.message
    driver.tap(asked.buttons[1].rect.center)  # Keep it
    assert match.log == [TakeReward(0, "points10")] and app.scenes.top is table
    driver.tap(button.rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Take it back
    assert match.log == [] and to_json(match.state) == start
    assert table.view.drafter() == 0 and "points10" in table.view.row and "taken back" in table.message
    # Cours Particuliers looked at the discard pile: no Undo.
    driver.perform(table.gesture_for(TakeReward(0, "cours")))
    assert match.history[-1][1] == ev.LessonTaken(0, True, "up") and match.state.hands[0].count("stupefix") == 4
    driver.frames(1)
    assert not button.enabled and not table.can_undo()
    driver.tap(button.rect.center)
    assert match.log == [TakeReward(0, "cours")] and match.state.hands[0].count("stupefix") == 4
    # The next person's pick is theirs to take back (the sharing is public: any person acts on the screen),
    # and behind it the Cours stays.
    driver.perform(table.gesture_for(TakeReward(1, "points20")))
    assert match.log[-1] == TakeReward(1, "points20") and button.enabled
    driver.tap(button.rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Take it back
    assert match.log == [TakeReward(0, "cours")] and table.view.drafter() == 1 and not button.enabled
    pygame.quit()


def test_undo_of_a_secret_spell_only_on_its_makers_own_screen():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=4)
    match, button = table.session.match, undo_button(table)
    for _ in range(600):  # the person waits with the panel open until every bot has prepared
        if table.panel is not None and match.to_act() == (0,):
            break
        driver.frames(1)
    spell = table.choice.view.legal[0]
    driver.perform(table.gesture_for(spell))
    assert match.log[-1] == spell and match.state.phase == "target" and button.enabled
    driver.tap(button.rect.center)
    assert spell not in match.log and match.state.phase == "prepare" and match.to_act() == (0,)
    assert table.panel is not None and table.choice.kind == "prepare" and table.live is None
    driver.perform(table.gesture_for(spell))
    assert match.log[-1] == spell and match.state.phase == "target"
    # Two people at the screen: once the screen has passed on, the first person's secret stays made.
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=4)
    until(driver, table, lambda: table.panel is not None and table.secrets_of == 0)
    driver.perform(table.gesture_for(table.choice.view.legal[0]))
    assert table.lingering() and table.can_undo()  # a moment before her: a slip can be taken back
    past_the_last_move(driver)
    assert isinstance(app.scenes.top, PrivacyOverlay) and not table.can_undo()
    pygame.quit()


def test_a_tap_on_the_bare_table_passes_a_secret_choice_on_but_a_tap_on_a_reward_says_why_not():
    """Ada's secret spell stays before her a moment before the screen passes to Bram's: a tap on the bare table
    passes it at once (her spell kept, the table public under his privacy screen); a tap on a reward card, which
    says rewards are taken later, passed it as well (only the bare table does)."""
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=4)
    until(driver, table, lambda: table.panel is not None and table.secrets_of == 0)
    spell = table.choice.view.legal[0]
    driver.perform(table.gesture_for(spell))
    assert table.lingering() and "tap the table" in table.prompt()[0]
    reward = next(table.hits.of_kind("reward"))
    driver.tap(reward.rect.center)
    assert table.lingering() and app.scenes.top is table and "Rewards are taken" in table.message
    spot = bare_spot(table)
    assert spot is not None
    driver.tap(spot)
    assert isinstance(app.scenes.top, PrivacyOverlay) and app.scenes.top.seat == 1
    assert table.secrets_of is None and spell in table.session.match.log
    pygame.quit()


def test_the_last_persons_secret_spell_while_bots_still_choose_can_be_taken_back_a_moment(monkeypatch):
    """Ada, then Bram, prepare while the bots are still thinking: Bram's choice stays before him a moment, as
    Ada's did, and Undo takes it back (it went public at once and Undo said it could not be taken back: a review of
    people and bots at one table). Once the bots have chosen the table is public, for the reveal."""
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=4)
    session, match, button = table.session, table.session.match, undo_button(table)
    answer = session.update_bots
    monkeypatch.setattr(session, "update_bots", lambda now, delay: None)  # the bots think on
    until(driver, table, lambda: table.panel is not None and table.secrets_of == 1)
    assert match.state.phase == "prepare" and set(match.to_act()) == {1, 2, 3}
    spell = table.choice.view.legal[0]
    driver.perform(table.gesture_for(spell))
    assert match.log[-1] == spell and set(match.to_act()) == {2, 3}
    assert table.lingering() and table.secrets_of == 1 and table.can_undo() and button.enabled
    driver.tap(button.rect.center)
    assert spell not in match.log and set(match.to_act()) == {1, 2, 3} and table.secrets_of == 1
    driver.perform(table.gesture_for(spell))
    past_the_last_move(driver)
    assert table.secrets_of is None and not table.can_undo(), "then the screen is public, Bram's spell kept"
    driver.frames(1)
    assert not button.enabled, "and Undo is drawn grey (a frame lit it as the session allows: a review)"
    monkeypatch.setattr(session, "update_bots", answer)
    for _ in range(600):
        if match.state.phase != "prepare":
            break
        driver.frames(1)
    assert match.state.phase == "target" and table.secrets_of is None
    pygame.quit()


# --- Cours Particuliers and Retourneur de Temps on the table ---------------------------------------------


@pytest.mark.parametrize("face_down", [False, True])
def test_the_cours_particuliers_stupefix_is_chosen_behind_the_privacy_screen(face_down):
    state = new(4, chouchou=0)
    play_round(state, spells={1: "stupefix", 3: "stupefix"}, protego={3})  # one face up, one face down
    set_row(state, ["cours", "points10", "points20", "chouchou"])
    app, driver, table = draft_table(state)
    match = table.session.match
    driver.perform(table.gesture_for(TakeReward(0, "cours")))
    assert match.history[-1][1] == ev.LessonTaken(0, True, "choice")
    # Only the taker may look through the face-down cards: the screen passes to them first.
    driver.frames(1)
    overlay = app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == 0 and app.scenes.visible() == [overlay]
    pass_privacy(driver)
    panel = table.panel
    assert table.secrets_of == 0 and panel is not None and table.choice.kind == "cours"
    assert [option.command for option in panel.options] == [TakeStupefix(0, False), TakeStupefix(0, True)]
    assert "in secret" in table.prompt()[0]
    driver.perform(table.gesture_for(TakeStupefix(0, face_down)))
    assert match.log[-1] == TakeStupefix(0, face_down) and match.state.down_taken == int(face_down)
    past_the_last_move(driver)
    assert table.secrets_of is None and table.panel is None and not table.can_undo()
    assert table.view.drafter() == 1 and not isinstance(app.scenes.top, PrivacyOverlay)
    pygame.quit()


def test_the_retourneur_de_temps_choice_shows_for_its_person_on_a_shared_screen():
    state = new(6, chouchou=0)
    play_round(state)
    set_row(state, ["points10", "retourneur", "points20", "chouchou"])
    assert state.houses[1] == state.houses[4] and state.retard[1] == state.retard[4] == 1
    app, driver, table = draft_table(state)
    match = table.session.match
    driver.perform(table.gesture_for(TakeReward(0, "points10")))
    driver.perform(table.gesture_for(TakeReward(1, "retourneur")))
    assert match.state.tasks and table.session.viewer == 0  # the screen was never handed to seat 2
    panel = table.panel
    assert panel is not None and table.choice.kind == "retourneur" and table.choice.view.seat == 1
    assert [option.command for option in panel.options] == [ReturnRetard(1, 1), ReturnRetard(1, 4)]
    driver.perform(table.gesture_for(ReturnRetard(1, 4)))
    assert match.state.retard[4] == 0 and match.state.retard[1] == 1 and table.panel is None
    assert table.can_undo()  # nothing hidden was seen: the choice may be taken back
    driver.tap(undo_button(table).rect.center)
    driver.tap(app.scenes.top.buttons[0].rect.center)  # Take it back (Cleo's turn now: Undo asks)
    assert match.state.retard[4] == 1 and table.panel is not None and table.choice.kind == "retourneur"
    pygame.quit()


def test_the_last_secret_choice_opens_the_reveal_with_no_hand_face_up_and_undo_waits_for_no_bot():
    """The hand-over pause kept the last caster's hand face up through the whole reveal everyone watched (the
    diff's review): the last choice of a phase puts the screen in public at once. And a bot thinking over its own
    spell (the default bot speed) kept Undo unlit through a person's pause: it takes the slip back, the bot's
    question forgotten."""
    from tests.test_stupefix_ui_table import hand_faces_shown

    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=4, animation="Normal")
    session = table.session

    def bram_casts_last() -> bool:
        others = [seat for seat in session.match.to_act() if seat != 1]
        return session.phase == "cast" and table.panel is not None and table.secrets_of == 1 and not others

    until(driver, table, bram_casts_last, limit=20000)
    driver.perform(table.gesture_for(table.choice.view.legal[0]))
    shown = set()
    for _ in range(120):
        driver.frames(1)
        shown |= hand_faces_shown(table)
    assert table.reveal is not None or session.phase != "cast"
    assert shown == set() and not table.lingering()
    pygame.quit()
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Normal"))
    seats = [
        SeatInfo(name, c)
        for name, c in zip(("Ada", "Bram", "Cleo", "Dov"), ("human", "human", "medium", "medium"), strict=True)
    ]
    app.go.table(Match(GAME, seats, GAME.default_options(4), 4))
    driver, table = Driver(app), app.scenes.stack[0]
    until(driver, table, lambda: table.panel is not None and table.secrets_of == 0 and table.choice.kind == "prepare")
    spell = table.choice.view.legal[0]
    driver.perform(table.gesture_for(spell))
    assert table.lingering() and table.session.thinking is not None and table.can_undo()
    driver.tap(undo_button(table).rect.center)
    assert spell not in table.session.match.log and table.panel is not None and table.choice.kind == "prepare"
    pygame.quit()


def test_a_protego_chosen_shows_as_protego_to_its_maker_while_undo_may_take_it_back():
    """In the pause after a cast choice, before the screen passes, the table looked the same after Protego as
    after a cast ('ready'): a slip could not be seen, though Undo could take it back (a review of five people
    sharing one mouse). The maker's own seat says 'Protego' then."""
    from tabletop.games.stupefix.events import PointWand, PrepareSpell
    from tabletop.ui.tables.stupefix import painter

    state = new(4, chouchou=0)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "rate" if "rate" in state.hands[seat] else "stupefix"))
    for seat in range(4):
        GAME.apply(state, PointWand(seat, (seat + 1) % 4))
    assert state.phase == "cast"
    app, driver, table = draft_table(state)
    pass_privacy(driver)
    until(driver, table, lambda: table.panel is not None and table.secrets_of == table.view.seat)
    seat = table.view.seat
    driver.perform(table.gesture_for(CastSpell(seat, True)))
    assert CastSpell(seat, True) in table.session.match.log
    assert table.lingering() and table.can_undo() and table.secrets_of == seat
    assert painter._badge(table.look(), seat) == ("Protego", (200, 230, 255))
    # Nobody else is told: once the screen has passed, the maker's seat says 'ready' as any other
    past_the_last_move(driver)
    pass_privacy(driver)
    until(driver, table, lambda: table.secrets_of is not None and table.secrets_of != seat)
    assert table.view.decided[seat] and painter._badge(table.look(), seat)[0] == "ready"
    pygame.quit()


def test_no_focus_stop_lies_mostly_under_the_docked_spell_panel_or_the_ready_card():
    """The houses' scores half under the docked "prepare your spell" panel were focus stops (Down from the chosen
    card went to one, its ring over "Lay ... face down", and Enter opened a score sheet); the reward cards under
    the "wands at the ready" card were too (Shift+Tab from Ready put the ring on a card nobody could see)."""
    from tabletop.ui.tables.focus import mostly_clear

    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=5)
    for _ in range(300):
        if table.panel is not None and not table.panel.hidden:
            break
        driver.frames(2)
    assert table.panel is not None and table.panel.docked
    on_table = [t for t in table.focus_targets() if t.kind not in ("widget", "panel-card")]
    assert all(mostly_clear(t.rect, table.panel.rect) for t in on_table)
    until(driver, table, lambda: table.cue() is not None)
    cue = table.cue()
    assert cue is not None
    others = [t for t in table.focus_targets() if t.item is not table.ready_button]
    assert all(mostly_clear(t.rect, cue.rect) for t in others)
    pygame.quit()


def test_undo_beside_an_open_choice_says_how_to_reach_it():
    """Bram takes the Time-Turner by mistake: its choice opens over the table, and Undo in the bar did nothing and
    said nothing, by tap or Ctrl+Z (a review of many people at one screen). It says to make the choice first or
    Peek at the table, and after Peek Undo takes the pick back."""
    state = new(6, chouchou=0)
    play_round(state)
    set_row(state, ["points10", "retourneur", "points20", "chouchou"])
    app, driver, table = draft_table(state)
    match = table.session.match
    driver.perform(table.gesture_for(TakeReward(0, "points10")))
    driver.perform(table.gesture_for(TakeReward(1, "retourneur")))
    driver.frames(3)
    assert table.panel is not None and not table.panel.docked
    table.message = ""
    driver.tap(undo_button(table).rect.center)
    assert match.log[-1] == TakeReward(1, "retourneur") and "Peek at the table" in table.message
    table.message = ""
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert match.log[-1] == TakeReward(1, "retourneur") and "Peek at the table" in table.message
    driver.tap(table.panel.hide.rect.center)  # Peek at the table
    driver.frames(2)
    driver.tap(undo_button(table).rect.center)
    driver.frames(3)
    assert match.log[-1] == TakeReward(0, "points10") and "retourneur" in table.view.row
    pygame.quit()


# --- the key that passes the privacy screen ---------------------------------------------------------------------


def cast_table(controllers: list[str], targets: list[int | None], animation: str = "Off"):
    """Four seats at phase 4 (cast or Protego), each with a Misfire prepared and its wand on ``targets``, built
    through the protocol: the app, a driver and the table opened on it."""
    state = new(4, chouchou=0)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, "rate"))
    for seat in range(4):
        GAME.apply(state, PointWand(seat, targets[seat]))
    assert state.phase == "cast"
    app = App((1280, 800), settings=Settings(volume=0.0, animation=animation, bot_speed="Instant"))
    seats = [SeatInfo(NAMES[seat], controller) for seat, controller in enumerate(controllers)]
    app.go.table(Match(GAME, seats, GAME.default_options(4) | {"chouchou": 0}, 1, start=to_json(state)))
    driver = Driver(app)
    table = app.scenes.stack[0]
    assert isinstance(table, StupefixTable)
    return app, driver, table


def cast_by_keys(driver: Driver, table: StupefixTable) -> None:
    """The person on screen Tabs to their panel's Cast button and presses Enter on it."""
    for _ in range(12):
        if table.focused() is not None and table.focused().item.label.startswith("Cast "):
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)


def privacy_armed(driver: Driver, seat: int) -> PrivacyOverlay:
    """The privacy screen that hands the screen to ``seat``, once it takes a key."""
    for _ in range(300):
        driver.frames(1)
        if isinstance(driver.app.scenes.top, PrivacyOverlay):
            break
    overlay = driver.app.scenes.top
    assert isinstance(overlay, PrivacyOverlay) and overlay.seat == seat
    while driver.app.now < overlay.armed_at:
        driver.frames(1)
    return overlay


def test_the_enter_that_passed_the_privacy_screen_casts_nothing_on_the_table_it_shows():
    """Three people cast by keys. Bram's panel opened with the focus where Ada's Cast had been, on his own Cast:
    the Enter that passed his privacy screen, pressed twice quickly, cast for him before he had seen his panel
    (a review of the hand-over); so did Cleo's Enter held down (the key repeated). Neither does now; a fresh Enter
    a moment later casts, as it should."""
    app, driver, table = cast_table(["human", "human", "human", "medium"], [1, 2, 3, 0])
    match = table.session.match
    privacy_armed(driver, 0)
    driver.key(pygame.K_RETURN)
    driver.frames(30)  # (Ada reads her panel)
    cast_by_keys(driver, table)
    assert match.log[-1] == CastSpell(0, False)
    privacy_armed(driver, 1)
    driver.key(pygame.K_RETURN)  # passes the screen to Bram...
    driver.key(pygame.K_RETURN)  # ...and a quick second Enter
    assert match.log[-1] == CastSpell(0, False), "the Enter that passed the screen cast for Bram"
    assert table.secrets_of == 1 and table.focused().item.label.startswith("Cast ")  # (where Enter would cast)
    driver.frames(30)
    driver.key(pygame.K_RETURN)  # Bram's own Enter, once he has seen his panel
    assert match.log[-1] == CastSpell(1, False)
    privacy_armed(driver, 2)
    driver.key_down(pygame.K_RETURN)  # passes the screen to Cleo, and stays down:
    driver.frames(40)
    driver.key_down(pygame.K_RETURN)  # the key repeated, past the moment a quick second press is held back
    driver.frames(2)
    assert match.log[-1] == CastSpell(1, False), "the Enter held down cast for Cleo"
    assert table.secrets_of == 2
    driver.key_up(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)  # let go and pressed afresh
    assert match.log[-1] == CastSpell(2, False)
    pygame.quit()


# --- Protego by the wand ------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [None, 2])
def test_protego_by_the_wand_is_told_as_the_wand_lies(target):
    """A wand pointed at nobody rests at its seat: the cast panel and a wand dropped off the seat said "bring your
    wand back" of it all the same (nothing to bring back). A wand pointed at nobody is dragged onto its seat; one
    pointed at someone is brought back. Either way, dropped on its own seat, it casts Protego."""
    app, driver, table = cast_table(["human", "medium", "medium", "medium"], [target, 0, 3, 0])
    driver.frames(3)
    assert table.panel is not None and table.choice.kind == "cast"
    back, onto = "bring your wand back onto your", "drag your wand onto your"
    said = onto if target is None else back
    assert said in table.panel.explain and (back if target is None else onto) not in table.panel.explain
    driver.drag(table.wand_grip(0), (table.layout.seats[0].rect.right + 150, table.layout.seats[0].rect.centery))
    log = table.session.match.log
    assert said in table.message and not any(command.seat == 0 for command in log)
    driver.drag(table.wand_grip(0), table.layout.seats[0].rect.center)
    assert CastSpell(0, True) in log
    pygame.quit()


def test_a_shield_up_leaves_its_seats_counts_in_sight():
    """Protego's shield stood from the hand down to the mat's foot, over the Late tokens' and the Potions' counts,
    through the reveal (looked at in a window). It stands over the hand: the counts under it stay as they were."""
    app, driver, table = cast_table(["human", "medium", "medium", "medium"], [2, 0, 3, 0], animation="Normal")
    driver.frames(3)
    spot = table.layout.seats[0]
    counts = pygame.Rect(spot.tokens.left, spot.tokens.top, spot.tokens.width // 2, spot.tokens.height)

    def seen() -> list[tuple[int, ...]]:
        return [
            tuple(app.screen.get_at((x, y)))
            for x in range(counts.left, counts.right, 2)
            for y in range(counts.top, counts.bottom, 2)
        ]

    before = seen()
    driver.tap(next(button for button in table.panel.direct if button.label == "Protego").rect.center)
    for _ in range(300):
        if table.reveal is not None and table.reveal.cast(0) == "protego":
            break
        driver.frames(1)
    driver.frames(5)
    assert table.reveal is not None and table.reveal.cast(0) == "protego"  # the shield is up
    after = seen()
    assert sum(a != b for a, b in zip(before, after, strict=True)) <= len(before) // 20
    pygame.quit()
